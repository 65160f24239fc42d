"""Declarative rules end to end: text -> numbers and their properties -> rules that apply to each
pair (clingo) -> the best expression under the learned weights, with its derivation.

    >>> from pyasp.arith.solver import solve_text                                 # doctest: +SKIP
    >>> s = solve_text("Tom has 5 apples. He gave 2 apples to Mary. How many apples does Tom have now?")
    >>> s.expression, s.answer                                                    # doctest: +SKIP
    ('(5 - 2)', 3)
    >>> s.derivation[0]["rule"], s.derivation[0]["concept"]                     # doctest: +SKIP
    ('have_give', 'transfer')

``solve_text`` uses the packaged rule file (``encodings/knowledge.rules``) and the model shipped
with the package (trained by ``pyasp arith train`` on AllArith) unless given others.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..errors import InputError, NoAnswer, check_count
from ..resources import MODELS_DIR, model_file
from ..text.numbers import number_text
from ..text.reading import EMPTY_PROBLEM, read
from ..wordproblems import WordProblem, json_number
from .engine import MAX_NUMBERS, Prepared, prepare
from .properties import asks
from .inference import SYMBOLS, Expr, Leaf, Step, infix, leaves, operands, steps, written_order
from .knowledge import Knowledge, load_knowledge
from .model import KnowledgeModel
from .properties import PROPERTIES, NumberInfo

#: The model shipped with the package (trained on all of AllArith by `pyasp arith train`).
DEFAULT_MODEL = MODELS_DIR / "arith.json"

QUESTION_WORDS = ("how", "what", "?", "find", "calculate")



@lru_cache(maxsize=4)
def _load_model(path: str) -> KnowledgeModel:
    return KnowledgeModel.load(path)


def load_model(path: str | Path | None = None) -> KnowledgeModel:
    """A model file, or the shipped default (``None`` or ``"default"``)."""
    return _load_model(model_file(path, DEFAULT_MODEL, "pyasp arith train"))


@lru_cache(maxsize=8)
def _knowledge(path: str | None) -> Knowledge:
    return load_knowledge(path)


def knowledge_for(rules: str | Path | Knowledge | None = None) -> Knowledge:
    """The knowledge of a rule file (None: the packaged one; cached by path), of rules loaded with
    :func:`pyasp.rules.load_rules`, or the knowledge itself."""
    from ..rules import Ruleset

    if isinstance(rules, Knowledge):
        return rules
    if isinstance(rules, Ruleset):
        return Knowledge.from_ruleset(rules)
    if rules is not None and not isinstance(rules, (str, Path)):
        raise InputError(f"rules is a rule file (a path) or rules from pyasp.rules.load_rules, not {type(rules).__name__}")
    return _knowledge(None if rules is None else str(Path(rules).resolve()))


def _phrase(number: NumberInfo, prop: str) -> str | None:
    phrase = number.get(prop)
    if phrase is None:
        return None
    return phrase.text + (f" (= {phrase.resolved})" if phrase.resolved and phrase.resolved != phrase.lemma else "")


def _facts(knowledge: Knowledge, prepared: Prepared, step: Step) -> list[str]:
    """The facts that made the chosen disjunct of the rule's condition true, in words."""
    info = prepared.info
    numbers = {"1": info.numbers[step.first.rep - 1], "2": info.numbers[step.second.rep - 1], "Q": info.question}
    out = []
    for lit in knowledge.disjuncts.get((step.option.rule, step.option.disjunct), ()):
        if lit.predicate == "true":
            continue
        prop = lit.args[0]
        number = numbers[prop.role]
        if lit.predicate == "null":
            value = _phrase(number, prop.fact)
            out.append(f"{prop} is absent" if lit.positive else f"{prop} = {value!r}")
        elif lit.predicate == "in":
            value = _phrase(number, prop.fact)
            out.append(f"{prop} = {value!r} is {'' if lit.positive else 'not '}in {lit.args[1]}")
        else:
            values = ", ".join(f"{a} = {_phrase(numbers[a.role], a.fact)!r}" for a in lit.args)
            out.append(f"{lit.predicate}({', '.join(map(str, lit.args))}) "
                       f"assumed {'to hold' if lit.positive else 'not to hold'}: {values}")
    return out


@dataclass
class Solution:
    expression: str
    answer: int | float
    expr: Expr
    prepared: Prepared
    knowledge: Knowledge
    score: float
    seconds: float
    derivation: list[dict] = field(default_factory=list)
    #: the runners-up, best first (``solve_text(top=K)``): expression, answer, score and each
    #: operation's concept and rule
    alternatives: list[dict] = field(default_factory=list)

    @property
    def numbers(self) -> list[dict]:
        """Every number of the text with its properties, and whether the expression uses it."""
        used = set(leaves(self.expr))
        out = []
        for n in self.prepared.info.numbers:
            item = {"index": n.index, "value": json_number(self.prepared.values[n.index - 1]) if self.prepared.values else json_number(n.value),
                    "text": n.mention.text, "used": n.index in used}
            if n.index in self.prepared.conversions:  # "75 cents" when dollars are asked: value 0.75
                unit, factor, target = self.prepared.conversions[n.index]
                item["converted"] = {"from": unit, "to": target, "value": json_number(n.value), "factor": json_number(factor)}
            if n.index == self.prepared.total_of:  # the base of a comparison (or a square's side) read twice
                item["said_again"] = self.prepared.total_base
            if n.share is not None:  # "half of them": the share, or what is left after it is taken away
                item["share"] = _share_reading(n)
            for prop in PROPERTIES:
                item[prop] = _phrase(n, prop)
            item["classes"] = [f"{p}:{c}" for p, c in self.prepared.memberships.get(n.index, [])]
            out.append(item)
        return out

    @property
    def question(self) -> dict:
        q = self.prepared.info.question
        item = {prop: _phrase(q, prop) for prop in PROPERTIES}
        item["classes"] = [f"{p}:{c}" for p, c in self.prepared.memberships.get(0, [])]
        return item

    def as_dict(self) -> dict:
        return {
            "expression": self.expression,
            "answer": self.answer,
            "derivation": self.derivation,
            "numbers": self.numbers,
            "question": self.question,
            "options": sum(len(v) for v in self.prepared.options.values()),
            "score": self.score,
            "rules": self.knowledge.source,
            "seconds": round(self.seconds, 3),
            "alternatives": self.alternatives,
        }

    def to_dot(self) -> str:
        """The expression tree as Graphviz DOT: operations carry their concept and rule."""
        lines = ["digraph expression {", "  ordering=out;", '  node [fontname="Helvetica"];']
        counter = iter(range(10**6))

        def walk(e: Expr) -> str:
            name = f"n{next(counter)}"
            if isinstance(e, Leaf):
                lines.append(f'  {name} [shape=box, label="{number_text(self.prepared.values[e.number - 1])}"];')
                return name
            left, right = map(walk, written_order(e, self.prepared.values))  # 22 - 15: 22 drawn first
            label = f"{SYMBOLS[e.option.op]} = {number_text(e.value)}\\n{e.option.concept}\\n{e.option.rule}"
            lines.append(f'  {name} [shape=ellipse, label="{label}"];')
            lines.append(f"  {name} -> {left};")
            lines.append(f"  {name} -> {right};")
            return name

        walk(self.expr)
        lines.append("}")
        return "\n".join(lines) + "\n"


def _share_reading(n: NumberInfo) -> dict:
    """How a share of a whole was read: the share the text names, whether the number is that share
    or the rest of the whole (1 - share), and the numbers of the whole the text gives."""
    item = {"share": number_text(n.share), "read_as": "rest" if n.rest else "share",
            "value": number_text(1 - n.share if n.rest else n.share), "whole": list(n.whole)}
    item["why"] = (f"{n.mention.text!r} is taken away ({n.verb.text if n.verb else '?'}) and the question asks what is left: "
                   f"1 - {number_text(n.share)} of the whole is left" if n.rest else
                   f"the question asks about the share {n.mention.text!r} itself")
    return item


def derivation(expr: Expr, prepared: Prepared, knowledge: Knowledge) -> list[dict]:
    """For every operation, bottom-up: what it computes, its concept, its rule by name, the
    condition that held and the facts that made it hold."""
    out = []
    for step in steps(expr):
        left, right = operands(step, prepared.values)
        out.append({
            "op": SYMBOLS[step.option.op],
            "left": left,
            "right": right,
            "operation": step.option.op,
            "expression": infix(step, prepared.values),
            "value": json_number(step.value),
            "concept": step.option.concept,
            "rule": step.option.rule,
            "condition": knowledge.condition(step.option.rule, step.option.disjunct),
            "numbers": [step.first.rep, step.second.rep],
            "facts": _facts(knowledge, prepared, step),
        })
        for operand in (step.first, step.second):  # a share's reading, said where it is used
            number = prepared.info.numbers[operand.number - 1] if isinstance(operand, Leaf) else None
            if number is not None and number.share is not None:
                out[-1]["share"] = {"number": number.index, **_share_reading(number)}
    return out


def check_text(text: str) -> None:
    if not isinstance(text, str):
        raise InputError(f"the problem must be its text (a str), not a {type(text).__name__}")
    if not text.strip():
        raise InputError(EMPTY_PROBLEM)


def solve_prepared(prepared: Prepared, model: KnowledgeModel, top: int = 1) -> list[tuple[float, Expr]]:
    """The ``top`` best (score, expression) of a prepared problem, best first; raises NoAnswer
    with the reason when there is none."""
    reason = unanswerable(prepared)
    if reason:
        raise NoAnswer(reason)
    found = model.best(prepared, top=top)
    if not found:
        raise NoAnswer(NO_RULE)
    return found


NO_NUMBER = "no number: the problem has no number to compute with"
NO_RULE = "no rule applies to any pair of numbers of the problem"


def unanswerable(prepared: Prepared) -> str | None:
    """Why the problem's numbers cannot make an expression (the reader refused its text, too few
    numbers, too many), or None."""
    if prepared.info.error is not None:
        return prepared.info.error
    n = len(prepared.info.numbers)
    if not n:
        return NO_NUMBER
    if n < 2 and not prepared.converted_alone:
        return "only one number in the text: nothing to combine"
    if n > MAX_NUMBERS:
        return f"{n} numbers in the text: at most {MAX_NUMBERS} are supported"
    return None


def solve_text(text: str, model: KnowledgeModel | str | Path | None = None,
               rules: str | Path | Knowledge | None = None, top: int = 1) -> Solution:
    """Solve one arithmetic word problem (see the module docstring). Raises InputError for text
    that is not a problem and NoAnswer when no derivation answers it. With ``top`` > 1 the
    solution also lists up to ``top - 1`` runners-up (``Solution.alternatives``)."""
    start = time.perf_counter()
    check_text(text)
    top = check_count(top, "top")
    if model is not None and not isinstance(model, (KnowledgeModel, str, Path)):
        raise InputError(f"model is an arith model (a path, or pyasp.arith.load_model's), not a {type(model).__name__}")
    if not isinstance(model, KnowledgeModel):
        model = load_model(model)
    knowledge = knowledge_for(rules)
    model.check_rules(knowledge)
    doc = read(text)
    prepared = prepare(doc, knowledge, model.rates_)
    if prepared.info.error is None and not prepared.info.numbers:  # no word problem: bad input, as in algebra
        raise InputError(NO_NUMBER)
    if prepared.info.error is None and not asks(doc):
        raise InputError("no question: the problem must ask for something (a sentence with '?', 'how many' or "
                         "'what', or a command such as 'Find the total.')")
    found = solve_prepared(prepared, model, top=top if top == 1 else 4 * top)
    score, expr = found[0]
    alternatives, seen = [], set()
    for other_score, other in found:  # one line per expression and rules (disjuncts of a rule are not told apart)
        described = [{"expression": infix(step, prepared.values), "concept": step.option.concept, "rule": step.option.rule}
                     for step in steps(other)]
        key = (infix(other, prepared.values), tuple(step["rule"] for step in described))
        if key not in seen:
            seen.add(key)
            alternatives.append({"expression": key[0], "answer": json_number(other.value), "score": other_score, "steps": described})
    alternatives = alternatives[1:top]
    return Solution(infix(expr, prepared.values), json_number(expr.value), expr, prepared, knowledge, score,
                    time.perf_counter() - start, derivation(expr, prepared, knowledge), alternatives)


def train(problems: list[WordProblem], *, rules: str | Path | Knowledge | None = None, jobs: int = 1,
          model_params: dict | None = None, use_equations: bool = True, use_rates: bool = True,
          cache: str | Path | None = None, progress=None) -> KnowledgeModel:
    """Learn a model from problems and their answers (and, with ``use_equations``, the numbers
    their gold equations use, when the records have ``lEquations``; with ``use_rates``, which
    numbers are rates, when they have ``rates`` and ``quants``)."""
    from .evaluate import fit_pipeline, read_infos

    knowledge = knowledge_for(rules)
    infos = read_infos(problems, knowledge, jobs=jobs, cache_dir=cache, progress=progress, training=True)
    if not any(info.error is None and len(info.numbers) >= 2 for info in infos):
        raise InputError("no problem to learn from: every problem's text is unreadable or has fewer than two numbers")
    return fit_pipeline(problems, infos, knowledge, model_params=model_params, use_equations=use_equations,
                        use_rates=use_rates, jobs=jobs)
