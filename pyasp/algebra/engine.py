"""The ALGES pipeline for one problem: read, ground into Qsets, generate candidate trees, and
compute every feature the learned scorers need (nothing here depends on a model).

``prepare`` is the expensive, model-free part (parse, Qsets, clingo, features). Training and
evaluation prepare each problem once and reuse it in every fold; ``pyasp.algebra.model`` scores
the prepared candidates.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

import numpy as np

from ..errors import InputError
from ..text.lexical import counted_noun, first_sense_is_a
from ..text.numbers import number_text
from ..text.reading import (START_PHRASES, STATE_VERBS, TIME_WORDS, Document, asks_a_change, asks_a_difference, asks_a_part,
                             asks_total, asks_what_some_is, kinds_listed, partitives, rest_asked)
from ..text.units import is_length_unit
from .candidates import Candidate, generate_candidates
from .features import global_static_features, local_features
from .qsets import REORDER_RULES, Problem, Qset, combine, ground_problem, parts_of_a_whole, shared_among
from .quantities import FRACTION, MAX_QUANTITIES, Quantity
from .trees import Leaf, Node


@dataclass(frozen=True)
class PrepareSettings:
    """How candidates are made: the settings a model was trained with are stored in it."""

    top: int = 100  # M, candidates per problem (Figure 3)
    reorder: tuple[str, ...] = REORDER_RULES
    allow_unused: int = 1  # AddSub states numbers the equation does not use
    time_limit_s: float = 30.0
    fallback_type_weight: float = 0.5  # weight of the other entities when ent is a fallback
    weights: tuple[tuple[str, int], ...] = (("w_unrelated", 5),)  # encoding #const overrides (or a dict)

    def __post_init__(self) -> None:
        """Settings as given in Python: ``weights`` may be a dict, ``reorder`` a list; unknown
        reordering rules and weights that are no whole numbers are refused here, not later."""
        weights = self.weights.items() if isinstance(self.weights, dict) else self.weights
        try:
            pairs = tuple(sorted((str(k), v) for k, v in weights))
        except (TypeError, ValueError):
            raise InputError(f"weights is a dict of #const names and whole numbers, not {self.weights!r}") from None
        if any(isinstance(v, bool) or not isinstance(v, int) for _, v in pairs):
            raise InputError(f"weights is a dict of #const names and whole numbers, not {self.weights!r}")
        reorder = (self.reorder,) if isinstance(self.reorder, str) else tuple(self.reorder)
        unknown = [r for r in reorder if r not in REORDER_RULES]
        if unknown:
            raise InputError(f"unknown reordering rule(s) {', '.join(map(str, unknown))}; known: {', '.join(REORDER_RULES)}")
        object.__setattr__(self, "weights", pairs)
        object.__setattr__(self, "reorder", reorder)

    def as_dict(self) -> dict:
        return {"top": self.top, "reorder": list(self.reorder), "allow_unused": self.allow_unused,
                "time_limit_s": self.time_limit_s, "fallback_type_weight": self.fallback_type_weight,
                "weights": {k: v for k, v in self.weights}}

    @classmethod
    def from_dict(cls, data: dict) -> PrepareSettings:
        return cls(int(data["top"]), tuple(data["reorder"]), int(data["allow_unused"]),
                   float(data["time_limit_s"]), float(data["fallback_type_weight"]),
                   tuple(sorted((str(k), int(v)) for k, v in data.get("weights", {}).items())))


@dataclass
class Prepared:
    """A problem ready to be scored: its Qsets, candidates and their features."""

    problem: Problem | None
    candidates: list[Candidate] = field(default_factory=list)
    text_order: list[bool] = field(default_factory=list)
    node_keys: list[tuple] = field(default_factory=list)  # unique operator nodes (postfix tokens)
    node_ops: list[str] = field(default_factory=list)
    node_fixed: list[bool] = field(default_factory=list)  # the text says the operator (Quantity.operation)
    node_features: np.ndarray | None = None  # one row per node
    candidate_nodes: list[list[int]] = field(default_factory=list)  # node rows of each candidate
    global_features: np.ndarray | None = None  # one row per candidate (static part)
    partial: bool = False
    error: str | None = None  # why there is no candidate (no quantity, no question, ...)
    # the candidates the text's readings leave when a model chooses (empty: all of them); training
    # learns from every candidate, so that the scorers also see the trees a reading rules out
    admissible: list[bool] = field(default_factory=list)
    seconds: float = 0.0


def problem_quantities(problem: Problem, fallback_type_weight: float = 0.5, relevance_weights: bool = True) -> list[Quantity]:
    """The quantities the encoding sees: each Qset's entity is its type.

    A number whose adjectives contradict the question's ("16 red marbles" when blue ones are
    asked) has the type "red marble". Where the parse gave no entity (Table 1's fallbacks), or the question asks for an entity no
    number counts ("how much change" against dollars), the type is uncertain: the entity read
    with weight 1 and every other entity of the problem with ``fallback_type_weight``.
    """
    entities = list(dict.fromkeys(q.ent for q in problem.qsets))
    counted = {q.ent for q in problem.qsets if not q.is_target}
    quantities = []
    target = problem.qsets[problem.target_index]
    listed = _listed_parts(problem)
    for q in problem.qsets:
        types = ((q.ent, 1.0),)
        if _other_kind(q, target) and q.token not in listed:  # "16 red marbles" when blue ones are asked: another type
            types = ((" ".join(q.adj + (q.ent,)), 1.0),)
        uncertain = q.ent_fallback or (q.is_target and q.ent not in counted)
        if q.kind_of:  # "23 cows" when animals are asked: a cow is as much an animal
            types += ((q.kind_of, 1.0),)
        if uncertain and fallback_type_weight > 0:
            types += tuple((e, fallback_type_weight) for e in entities if e != q.ent and e != q.kind_of)
        links = tuple(sorted({v for v in (q.ctr, q.rate) if v}))
        text = "x" if q.qnt is None else number_text(q.qnt)  # the equation shows numbers, not "eight" or "$4.50"
        if q.rest:  # the rest of a set: "a third are red, the rest blue" is 1 - 1/3 of it
            text = f"(1-{number_text(1 - q.qnt)})"
        elif q.shown:  # a number a reading changed: "twice as many ... together" is (1+2)
            text = q.shown
        quantities.append(Quantity(q.qnt, types, text, relevance(q, problem) if relevance_weights else 1.0, links, q.rate or "",
                                   q.side, q.operation, asks=q.asks, irrelevant=bool(q.irrelevant),
                                   result=q.result))
    # a fraction of a set the text counts multiplies it (a part the question ignores may be left
    # out); a comparison's number meets its base, which may be x ("8 fewer than Paul", who is asked)
    index = {q.token: i for i, q in enumerate(problem.qsets, start=1) if q.token >= 0}
    out = []
    for quantity, q in zip(quantities, problem.qsets):
        if q.ent == FRACTION and quantity.relevance < 1:  # "Half of the fish were orange": no use
            quantity = replace(quantity, operation="")
        elif q.whole in index:
            quantity = replace(quantity, whole=index[q.whole])
        out.append(quantity)
    return out


#: Relevance of a number whose adjectives contradict the question's ("16 red marbles" when blue
#: ones are asked), and of a number whose entity nothing else in the problem relates to.
RELEVANCE_OTHER_KIND = 0.2
RELEVANCE_UNRELATED = 0.2


def _other_kind(q: Qset, target: Qset) -> bool:
    """A number of the asked entity whose adjectives differ from the question's."""
    return bool(not q.is_target and target.adj and q.adj and q.ent == target.ent and not set(target.adj) & set(q.adj))


def _listed_parts(problem: Problem) -> set[int]:
    """The tokens of the numbers of the other kinds a whole is said to come in than the kind asked
    (:func:`pyasp.text.reading.kinds_listed`: "120 buttons that are white, black or brown. There are 45
    white buttons and 38 black buttons. How many brown buttons ...?": 45 and 38), parts of the whole
    the question asks, of its type (not another kind)."""
    listed = kinds_listed(problem.document, problem.question_sentence)
    return {m.head for m in listed[1]} if listed is not None else set()


def relevance(q: Qset, problem: Problem) -> float:
    """How likely a number is to be part of the equation, from its Qset alone (a heuristic:
    only the cost of leaving it out depends on it, when unused quantities are allowed)."""
    if q.is_target or q.implicit:
        return 1.0
    if _other_kind(q, problem.qsets[problem.target_index]) and q.token not in _listed_parts(problem):
        return RELEVANCE_OTHER_KIND
    if q.partition:  # "Half of the fish were orange": relevant when the question asks about orange ones
        asked = {t.lemma.lower() for t in problem.document.sentence_tokens(problem.question_sentence)}
        if not set(q.partition) & asked:
            return RELEVANCE_UNRELATED
    others = [p for p in problem.qsets if p is not q]
    related = any(p.ent == q.ent or p.ctr == q.ent or p.rate == q.ent or q.ctr == p.ent or q.rate == p.ent
                  for p in others)
    return 1.0 if related else RELEVANCE_UNRELATED


def solved_as(tree, target: int) -> str:
    """The outermost operation of x solved for (as the encoding's ``solved_as/1``): undoing the
    operations on x's path leaves, last, the inverse of x's parent; when x stands alone on a side of
    "=", the top operation of the other side ("leaf" when that is a number alone); "" when the tree
    has no leaf ``target``."""
    if not _holds(tree.root, target):
        return ""
    solved = solved_for(tree, target)
    return "leaf" if isinstance(solved, Leaf) else solved.op


# -- choice-time readings: x solved for, and the trees the text's readings leave (Prepared.admissible) --
def _any_leaf(node, test) -> bool:
    """Whether some leaf of ``node`` passes ``test``."""
    if isinstance(node, Leaf):
        return test(node)
    return _any_leaf(node.left, test) or _any_leaf(node.right, test)


def _holds(node, index: int) -> bool:
    return _any_leaf(node, lambda leaf: leaf.index == index)


def solved_for(tree, target: int):
    """The right side of x = ... : the tree solved for x by undoing the operations on x's path."""
    def isolate(node, other):
        if isinstance(node, Leaf):
            return other
        if _holds(node.left, target):
            inverse = {"add": "sub", "sub": "add", "mul": "div", "div": "mul"}[node.op]
            return isolate(node.left, Node(inverse, other, node.right))
        if node.op in ("add", "mul"):  # e + x = o: x = o - e; e * x = o: x = o / e
            return isolate(node.right, Node("sub" if node.op == "add" else "div", other, node.left))
        return isolate(node.right, Node(node.op, node.left, other))  # e - x = o: x = e - o; e / x = o: x = e / o

    root = tree.root
    if _holds(root.left, target):
        return isolate(root.left, root.right)
    return isolate(root.right, root.left)


def _term_signs(node, sign: int, out: dict[int, int]) -> None:
    """The sign each leaf is counted with in the value of ``node``: flipped right of "-", kept through
    "+", "*" and a dividend, 0 (none) in a divisor."""
    if isinstance(node, Leaf):
        out[node.index] = sign
        return
    _term_signs(node.left, sign, out)
    _term_signs(node.right, -sign if node.op == "sub" else 0 if node.op == "div" else sign, out)


def _signed_terms(node, sign: int, out: dict[int, int]) -> None:
    """The leaves that are terms of the sum or difference ``node`` is, with their signs."""
    if isinstance(node, Leaf):
        out[node.index] = sign
    elif node.op in ("add", "sub"):
        _signed_terms(node.left, sign, out)
        _signed_terms(node.right, sign if node.op == "add" else -sign, out)


def _counted(problem: Problem) -> dict[int, str]:
    """Leaf index -> what each plain count (no rate) counts: its entity, or the unit of a rate its thing is
    named for ("Tickets cost $9 for each adult ... 2 *adult* tickets": 2 adults, whom $9 each is paid for)."""
    units = {q.rate or q.per for q in problem.qsets if q.qnt is not None} - {""}
    out = {}
    for i, q in enumerate(problem.qsets, start=1):
        if q.qnt is not None and not (q.rate or q.per):
            named = [a for a in q.adj if a in units and a != q.ent]
            out[i] = named[0] if len(named) == 1 and q.ent not in units else q.ent
    return out


def _group_counts(problem: Problem) -> dict[str, tuple[int, int]]:
    """Units that no number counts but a quotient does: "24 students split into teams of 4 students each"
    (24 / 4 teams): unit -> (leaf of the things, leaf of the size of a group), when exactly one number
    counts the things and exactly one gives them per the unit."""
    qsets = problem.qsets
    counted = {q.ent for q in qsets if q.qnt is not None and not (q.rate or q.per)}
    out = {}
    for i, r in enumerate(qsets, start=1):
        unit = r.rate or r.per
        if r.qnt is None or r.implicit or not unit or unit in counted or r.ent not in counted:
            continue
        things = [j for j, q in enumerate(qsets, start=1) if q.qnt is not None and not (q.rate or q.per) and q.ent == r.ent]
        sizes = [j for j, q in enumerate(qsets, start=1) if q.qnt is not None and (q.rate or q.per) == unit and q.ent == r.ent]
        if len(things) == 1 and sizes == [i]:
            out[unit] = (things[0], i)
    return out


def _applied_rates(problem: Problem) -> dict[int, str]:
    """Leaf index -> unit of each constant that is a rate per a unit another constant counts ("4
    classes with 25 students each": 25 students per class, 4 classes) or a quotient counts
    (:func:`_group_counts`: "24 students in teams of 4 each. Each team gets 3 balls": 3 per team, 24 / 4
    teams), unless x is a rate per that unit too: a change of x's share ("each student gets 2 more": added
    to each share), a part of it ("72 seeds in 8 rows. In each row, 2 seeds did not sprout. How many seeds
    sprouted in each row?": 72 / 8 - 2)."""
    counted = set(_counted(problem).values())
    groups = _group_counts(problem)
    counted |= {unit for unit in groups if any((q.rate or q.per) == unit and q.ent != problem.qsets[groups[unit][1] - 1].ent
                                               for q in problem.qsets if q.qnt is not None)}
    target = problem.qsets[problem.target_index]
    asked = {target.rate, target.per} - {""}  # "each student gets 2 more. How many does each student have?"
    per = _asked_per(problem)
    sizes = {size for _, size in groups.values()}  # the size of a group makes the count, it is not applied to it
    return {i: q.rate or q.per for i, q in enumerate(problem.qsets, start=1)
            if q.qnt is not None and (q.rate or q.per) in counted and (q.rate or q.per) != q.ent
            and not (q.change and (q.rate or q.per) in asked)
            and not ((q.rate or q.per) in per and q.sentence != problem.question_sentence) and i not in sizes}


def _asked_per(problem: Problem) -> set[str]:
    """The unit x is asked per ("How many seeds sprouted *in each row*?"), unless a number of the question's
    own sentence is given per it ("If each section can accommodate 246 people, how many people can the
    tent accommodate?": the question's rate is that number's, x is no rate)."""
    target = problem.qsets[problem.target_index]
    asked = {target.rate, target.per} - {""}
    if any(q.qnt is not None and not q.implicit and q.sentence == problem.question_sentence and (q.rate or q.per) in asked
           for q in problem.qsets):
        return set()
    return asked


def _times(node, a: int, b: int) -> bool:
    """Whether ``node`` is a product in which leaves a and b are both factors."""
    if isinstance(node, Leaf) or node.op != "mul":
        return False
    factors: list[int] = []

    def collect(n) -> None:
        if isinstance(n, Leaf):
            factors.append(n.index)
        elif n.op == "mul":
            collect(n.left)
            collect(n.right)
    collect(node)
    return a in factors and b in factors


def unapplied_rate(tree, problem: Problem, rates: dict[int, str] | None = None) -> bool:
    """Whether x, solved for, leaves a rate per a counted unit unapplied: every constant that is one
    ("4 classes with 25 students each": 25 students per class) multiplies a term that holds a count
    of its unit (4 * 25, (3 + 4) * 25), never added to or taken from students."""
    target = problem.target_index + 1
    rates = _applied_rates(problem) if rates is None else rates
    if not rates:
        return False
    counts = _counted(problem)
    groups = _group_counts(problem)

    def counts_unit(node, unit: str) -> bool:  # a count of the unit: a number, or things / size of a group
        if _any_leaf(node, lambda leaf: counts.get(leaf.index) == unit):
            return True
        if unit not in groups:
            return False
        things, size = groups[unit]

        def quotient(n) -> bool:
            if isinstance(n, Leaf):
                return False
            if n.op == "div" and _holds(n.left, things) and _holds(n.right, size):
                return True
            return quotient(n.left) or quotient(n.right)
        return quotient(node)

    applied: set[int] = set()

    def walk(node) -> None:
        if isinstance(node, Leaf):
            return
        if node.op == "mul":
            for mine, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(mine, Leaf) and mine.index in rates and counts_unit(other, rates[mine.index]):
                    applied.add(mine.index)
        if node.op == "div":  # (24 * 3) / 4: the rate times the things, divided by the size of a group
            # "60 rolls in bags of 6 rolls each": the things divided by the rate count its unit (60 / 6 bags)
            if isinstance(node.right, Leaf) and node.right.index in rates and _any_leaf(
                    node.left, lambda leaf: counts.get(leaf.index) == problem.qsets[node.right.index - 1].ent):
                applied.add(node.right.index)
            for r, unit in rates.items():
                if unit in groups and _holds(node.right, groups[unit][1]) and _times(node.left, r, groups[unit][0]):
                    applied.add(r)
        walk(node.left)
        walk(node.right)

    solved = solved_for(tree, target)
    walk(solved)
    used: dict[int, int] = {}
    _term_signs(solved, 1, used)  # the leaves of x solved for
    return bool((set(rates) & set(used)) - applied)


def subtracts_parts(tree, target: int, parts: set[frozenset[int]]) -> bool:
    """Whether x, solved for, takes one listed kind of the asked things from another ("24 red cubes
    and 12 blue cubes": (24 - 12) / 4), see :func:`pyasp.algebra.qsets.parts_of_a_whole`."""
    if not parts:
        return False

    def walk(node) -> bool:
        if isinstance(node, Leaf):
            return False
        if node.op in ("add", "sub"):
            terms: dict[int, int] = {}
            _signed_terms(node, 1, terms)
            if any(len(pair & set(terms)) == 2 and len({terms[i] for i in pair}) == 2 for pair in parts):
                return True
        return walk(node.left) or walk(node.right)

    return walk(solved_for(tree, target))


def against_changes(tree, target: int, changes: dict[int, str]) -> bool:
    """Whether x, solved for, adds a change the text says is taken away, or takes one that is added
    (``Qset.change``: "bought 2 packs with 10 stickers in each pack" adds 2 * 10)."""
    if not changes:
        return False
    signs: dict[int, int] = {}
    _term_signs(solved_for(tree, target), 1, signs)
    return any(i in signs and signs[i] != (1 if op == "add" else -1) for i, op in changes.items())


def unshared(tree, target: int, shares: set[tuple[int, int]]) -> bool:
    """Whether x, solved for, leaves things shared out undivided by the count they are shared among
    ("divides 48 crayons equally among 6 students ... How many does each student have now?": 48 / 6 + 2
    stays, 48 - 6 * 2 goes), see :func:`pyasp.algebra.qsets.shared_among`."""
    if not shares:
        return False

    def divided(node, things: int, count: int) -> bool:
        if isinstance(node, Leaf):
            return False
        if node.op == "div" and _holds(node.left, things) and _holds(node.right, count):
            return True
        return divided(node.left, things, count) or divided(node.right, things, count)

    solved = solved_for(tree, target)
    return any(not divided(solved, things, count) for things, count in shares)


def not_a_difference(tree, problem: Problem, asked: bool | None = None) -> bool:
    """Whether x, solved for, is no difference where the question asks one ("How many fewer laps
    did the red team swim than the blue team?", "How many pounds heavier ...", "the difference
    between their heights": :func:`pyasp.text.reading.asks_a_difference`): x is then a difference,
    or one scaled ("how many more pages in 3 minutes": (40 - 25) * 3), or a number the text gives.
    Every such question of CogComp (89) and of the hand-written development sets is answered so.
    ``asked``: whether the question asks a difference, when the caller has read it once for all trees."""
    if asked is None:
        asked = asks_a_difference(problem.document, problem.question_sentence)
    if not asked:
        return False

    def difference(node) -> bool:
        if isinstance(node, Leaf):
            return False
        return node.op == "sub" or node.op in ("mul", "div") and (difference(node.left) or difference(node.right))

    solved = solved_for(tree, problem.target_index + 1)
    return not isinstance(solved, Leaf) and not difference(solved)


def other_kind_added(tree, problem: Problem) -> bool:
    """Whether x, solved for, adds things of another kind than the asked ones: "43 blue and 16 red
    marbles ... How many blue marbles do they have in all?" counts no red marbles, so 43 + 16 + 24 goes
    and 43 + 24 stays. Another kind is the asked thing with an adjective of its own ("red" against the
    asked "blue"); it may still be taken from a whole that names no kind ("48 cards, 20 white cards: how
    many are blue?" is 48 - 20), never from the asked kind (43 - 16 + 24).
    Another kind is listed with the asked kind (in one sentence); not checked where the text compares
    ("5 more green marbles than red ones") or the question names the other kind."""
    target = problem.qsets[problem.target_index]
    if not target.adj or not target.ent:
        return False
    tokens = problem.document.tokens
    if any(t.text.lower() in {"than", "times", "twice", "half"} for t in tokens):
        return False
    asked = {t.lemma.lower() for t in problem.document.sentence_tokens(problem.question_sentence)} | \
            {t.text.lower() for t in problem.document.sentence_tokens(problem.question_sentence)}
    terms: dict[int, int] = {}
    _signed_terms(solved_for(tree, problem.target_index + 1), 1, terms)
    # another kind is one listed with the asked kind ("43 blue and 16 red marbles"); a number said on its own
    # ("got 13 new cards back") may describe rather than sort
    listed = {q.sentence for q in problem.qsets if not q.is_target and set(q.adj) & set(target.adj)}
    others = [sign for i, sign in terms.items()
              if _other_kind(problem.qsets[i - 1], target) and not set(problem.qsets[i - 1].adj) & asked
              and problem.qsets[i - 1].sentence in listed]
    if not others:
        return False
    # taken away, another kind leaves the asked kind only of a whole that names no kind (48 cards - 20 white)
    whole = any(sign > 0 and problem.qsets[i - 1].ent == target.ent and not problem.qsets[i - 1].adj
                for i, sign in terms.items())
    return any(sign > 0 for sign in others) or not whole


def rest_parts(problem: Problem) -> frozenset[int]:
    """The leaves of the parts listed before "the rest" the question asks about (:func:`pyasp.text.reading.rest_asked`):
    the numbers of things after the whole (the largest number before the rest word) and before the rest
    word: "60 rolls: 22 rye, 18 wheat, and the rest white" lists 22 and 18; not a rate, a price, a time
    or a number the text says takes no part ("22 of them are pepper plants, which cost $3 each"). With no
    rest word, the parts said with "of" (:func:`parts_said_with_of`) and the parts of the kinds a whole is
    said to come in, other than the kind asked (:func:`pyasp.text.reading.kinds_listed`: "120 buttons that
    are white, black or brown. There are 45 white buttons and 38 black buttons": 45 and 38)."""
    rest = rest_asked(problem.document, problem.question_sentence)
    if rest is None:
        heads = _listed_parts(problem)
        return parts_said_with_of(problem) | frozenset(i for i, q in enumerate(problem.qsets, start=1)
                                                       if q.qnt is not None and not q.is_target and q.token in heads)
    numbers = [(i, q) for i, q in enumerate(problem.qsets, start=1) if q.qnt is not None and not q.is_target
               and 0 <= q.token < rest.i and q.ent != FRACTION and not q.implicit]
    if not numbers:
        return frozenset()
    whole_index, whole = max(numbers, key=lambda iq: iq[1].qnt)
    money = {"dollar", "cent"}
    return frozenset(i for i, q in numbers if q.token > whole.token and not q.rate and not q.per and not q.irrelevant
                     and q.ent not in TIME_WORDS and (q.ent in money) == (whole.ent in money) and q.qnt < whole.qnt)


def parts_said_with_of(problem: Problem) -> frozenset[int]:
    """The leaves of the numbers said as a part of another with "of" (:func:`pyasp.text.reading.partitives`:
    "4 of them have cracks", "delivered 97 of the 231 letters"), when the question asks a part: such a
    part is taken from its whole (12 - 4), not divided into it."""
    found = partitives(problem.document)
    if not found:
        return frozenset()
    heads = {m.head for m, _ in found}
    return frozenset(i for i, q in enumerate(problem.qsets, start=1) if q.qnt is not None and not q.is_target
                     and q.token in heads)


def part_exceeds_whole(tree, answer, problem: Problem, asked: bool | None = None,
                       parts: frozenset[int] | None = None) -> bool:
    """Whether x, solved for, is no part of a whole where the question asks one
    (:func:`pyasp.text.reading.asks_a_part`: "How many swimmers at the meet are *not* from the Dolphins
    club?", "... and *the rest* are red. How many red apples ...?"). A part is taken from its whole: x
    takes something away (a difference, a quotient, a fraction of the whole), adds no two numbers of the
    text (a whole less its other parts: 90 - (35 + 25), not (90 - 35) + 25), and, made of numbers of the
    text without multiplying two counts (a whole may be "4 trays with 12 muffins on each"), is less than
    the largest of them: 64 + 29 (of 64 swimmers) and 24 / (1 - 1/4) (of 24 apples) are no answers.
    The rest of a whole is what its listed parts leave (:func:`rest_parts`): 90 - (35 + 25), never 90 - 35;
    a part said with "of" is taken from it ("12 eggs, and 4 of them have cracks": 12 - 4, never 12 / 4).
    ``asked``, ``parts``: whether the question asks a part, and the parts listed, read once for all trees."""
    if asked is None:
        asked = asks_a_part(problem.document, problem.question_sentence)
    if not asked:
        return False
    solved = solved_for(tree, problem.target_index + 1)
    if isinstance(solved, Leaf):
        return False
    parts = rest_parts(problem) if parts is None else parts
    if parts:
        signs: dict[int, int] = {}
        _term_signs(solved, 1, signs)
        if any(signs.get(i) != -1 for i in parts):
            return True
    qsets = problem.qsets

    def fraction(node) -> bool:  # a fraction, or one made of fractions (1 - 1/4)
        if isinstance(node, Leaf):
            return qsets[node.index - 1].ent == FRACTION
        return fraction(node.left) and fraction(node.right)

    def takes(node) -> bool:  # something is taken away: a difference, a quotient, a fraction of a whole
        if isinstance(node, Leaf):
            return False
        if node.op in ("sub", "div") or node.op == "mul" and (fraction(node.left) or fraction(node.right)):
            return True
        return takes(node.left) or takes(node.right)

    def product(node) -> bool:  # two counts multiplied: a whole the text does not give as one number
        if isinstance(node, Leaf):
            return False
        if node.op == "mul" and not fraction(node.left) and not fraction(node.right):
            return True
        return product(node.left) or product(node.right)

    if not takes(solved):
        return True
    terms: dict[int, int] = {}
    _signed_terms(solved, 1, terms)
    if sum(1 for sign in terms.values() if sign > 0) > 1:
        return True
    counts = [q.qnt for q in qsets if q.qnt is not None and not q.is_target and q.ent != FRACTION]
    return bool(counts) and not product(solved) and float(answer) >= float(max(counts))


def _states(problem: Problem) -> bool:
    """Whether two numbers of x's things are states of one verb ("had 63 helmets ... it has 28 helmets",
    "weighed 9 pounds ... weighs 31 pounds")."""
    target = problem.qsets[problem.target_index]
    verbs = [q.vrb for q in problem.qsets if q.qnt is not None and not q.is_target and q.ent == target.ent
             and not q.rate and not q.per and not q.implicit and q.vrb in STATE_VERBS]
    return any(verbs.count(v) >= 2 for v in set(verbs))


def change_not_a_difference(tree, problem: Problem, asked: bool | None = None) -> bool:
    """Whether x, solved for, is no difference where the question asks the change between two states of
    one holder (:func:`pyasp.text.reading.asks_a_change`: "The bike shop had 63 helmets before the sale.
    After the sale, it has 28 helmets. How many helmets did the shop sell?") and two numbers of x's things
    are states of one verb: the change is 63 - 28, never 63 + 28. ``asked``: whether the question asks a
    change, read once for all trees."""
    if asked is None:
        asked = asks_a_change(problem.document, problem.question_sentence)
    if not asked or not _states(problem):
        return False
    return not_a_difference(tree, problem, True)


def asks_some_said(problem: Problem) -> bool:
    """Whether the question asks an amount the text says as "some" with the question's verb, between
    two amounts it gives (:func:`pyasp.text.reading.asks_what_some_is`: "She gave Sam some of her
    shells. She has 27 shells. How many shells did she give to Sam?", "She sold some jars on Saturday
    and 14 jars on Sunday. She sold 31 jars over the weekend. How many jars did she sell on
    Saturday?"), and not what there was at first ("Some ducks were swimming ... 12 flew away, and 27
    were still swimming. How many were swimming *at first*?" undoes a change: 27 + 12)."""
    doc, sentence = problem.document, problem.question_sentence
    if not asks_what_some_is(doc, sentence):
        return False
    words = [t.text.lower() for t in doc.sentence_tokens(sentence)]
    return not any(tuple(words[k : k + len(p)]) == p for p in START_PHRASES for k in range(len(words)))


def some_not_a_difference(tree, problem: Problem, asked: bool | None = None) -> bool:
    """Whether x, solved for, is no difference where the question asks what the text said as "some"
    (:func:`asks_some_said`): a change between two amounts or a part of a whole the text gives is their
    difference, 31 - 14, never 31 + 14. ``asked``: whether the question asks it, read once for all trees."""
    if asked is None:
        asked = asks_some_said(problem)
    return bool(asked) and not_a_difference(tree, problem, True)


def _prices(problem: Problem) -> set[int]:
    """The leaves of prices per things, when the text gives two or more ("A bike tire costs $18 and an
    inner tube costs $6"): money multiplied by a count of what it is paid for."""
    prices = {i for i, q in enumerate(problem.qsets, start=1)
              if q.qnt is not None and q.operation == "mul" and q.rate and q.ent in {"dollar", "cent"}}
    return prices if len({problem.qsets[i - 1].rate for i in prices}) >= 2 else set()


def total_cost_taken(tree, problem: Problem) -> bool:
    """Whether x, solved for, takes a price away where the question asks the total cost of things the text
    prices ("What is the *total* cost of 2 tires and 2 inner tubes?": 2 * 18 + 2 * 6, never 2 * 18 - 2 * 6)."""
    words = [t.lemma.lower() for t in problem.document.sentence_tokens(problem.question_sentence)]
    if not asks_total(words) or not {"cost", "price", "spend", "pay"} & set(words):
        return False
    prices = _prices(problem)
    if not prices:
        return False
    signs: dict[int, int] = {}
    _term_signs(solved_for(tree, problem.target_index + 1), 1, signs)
    return any(signs.get(i) == -1 for i in prices)


#: the two counts whose product counts the things of a grid ("6 rows and 12 columns of cells")
GRID_COUNTS = ("row", "column")


def grid_counts(problem: Problem) -> tuple[int, int] | None:
    """The leaves of the rows and the columns of a grid the text gives ("A seed tray has 6 rows and 12
    columns of cells"), when x counts neither and the text gives one number of each; None otherwise."""
    target = problem.qsets[problem.target_index]
    if counted_noun(target.ent) in GRID_COUNTS:
        return None
    found = {}
    for i, q in enumerate(problem.qsets, start=1):
        noun = counted_noun(problem.document.tokens[q.token + 1].lemma.lower()) \
            if q.qnt is not None and 0 <= q.token < len(problem.document.tokens) - 1 else ""
        noun = counted_noun(q.ent) if counted_noun(q.ent) in GRID_COUNTS else noun
        if q.qnt is not None and not q.is_target and noun in GRID_COUNTS:
            found.setdefault(noun, []).append(i)
    if sorted(found) != sorted(GRID_COUNTS) or any(len(v) != 1 for v in found.values()):
        return None
    return found["row"][0], found["column"][0]


def grid_not_multiplied(tree, problem: Problem, grid: tuple[int, int] | None = None) -> bool:
    """Whether x, solved for, counts the things of a grid (:func:`grid_counts`) without multiplying its
    rows and columns: the cells of "6 rows and 12 columns of cells" are 6 * 12, never 6 + 12 (a tree
    that uses neither count is not checked). ``grid``: the grid's leaves, when the caller read them."""
    grid = grid_counts(problem) if grid is None else grid
    if grid is None:
        return False
    rows, columns = grid

    def product(node) -> bool:
        if isinstance(node, Leaf):
            return False
        if node.op == "mul" and _holds(node, rows) and _holds(node, columns):
            return True
        return product(node.left) or product(node.right)

    solved = solved_for(tree, problem.target_index + 1)
    return (_holds(solved, rows) or _holds(solved, columns)) and not product(solved)


def _leaf_units(problem: Problem) -> dict[int, dict[str, int] | None]:
    """Leaf index -> the unit of each quantity as powers of the things it counts: "6 students at each
    table" is student^1 table^-1, "4 tables" table^1, "half" none; None when the reading is unsure (an
    entity taken from elsewhere, a number of a number puzzle, an implied number)."""
    target = problem.qsets[problem.target_index]
    units: dict[int, dict[str, int] | None] = {}
    counted = _counted(problem)
    per_units = {q.rate or q.per for q in problem.qsets if q.qnt is not None} - {""}
    for i, q in enumerate(problem.qsets, start=1):
        if q.is_target:
            continue
        after = problem.document.tokens[q.token + 1].text.lower() if 0 <= q.token < len(problem.document.tokens) - 1 else ""
        if q.ent == FRACTION or after in {"times", "dozen"} or q.ent == "dozen":  # "3 times as many", "9 dozen": no things
            units[i] = {}
            continue
        if q.ent_fallback or q.implicit or not q.ent or q.ent == "number" or q.qnt == 1 and q.ent in per_units:
            units[i] = None  # "one pack holds 4 ounces": one thing, also the "per one" of the rate
            continue
        ent = counted_noun(target.ent if q.kind_of == target.ent else counted.get(i, q.ent))
        unit = {} if ent in TIME_WORDS else {ent: 1}  # "15 pages every day for 7 days": a span of time counts no things
        per = q.rate or q.per
        if per and per != q.ent and per not in TIME_WORDS:
            per = counted_noun(per)
            unit[per] = unit.get(per, 0) - 1
        units[i] = {k: v for k, v in unit.items() if v}
    # a rate per a unit nothing counts ("4 children ... each student will get 2 pencils"): unsure. A unit is
    # counted by a number, or by things over their number per unit ("packs of 10 pens ... 60 pens")
    counts = {k for u in units.values() if u and len(u) == 1 for k, v in u.items() if v > 0}
    counts |= {k for u in units.values() if u and len(u) == 2 for k, v in u.items()
               if v < 0 and any(c in counts and c not in {"dollar", "cent"} for c, w in u.items() if w > 0)}
    for i, unit in units.items():
        if unit and any(v < 0 and k not in counts for k, v in unit.items()):
            units[i] = None
    return units


def unit_mismatch(tree, problem: Problem, units: dict[int, dict[str, int] | None] | None = None) -> bool:
    """Whether x, solved for as a product or quotient, counts other things than x does, as a person checks
    each step of a two-step problem: "4 tables with 6 students at each table. Then 5 students go home"
    is students (4 * 6 = 24 students, less 5 students), never tables times students; "60 rolls in bags of 6
    rolls each. He sold 7 bags. How many bags ..." is 60 / 6 - 7 bags, not 60 * 6 * 7 (rolls squared).
    A step squares a thing (students times students; lengths may be squared: areas), adds or takes things
    of two kinds, or leaves x's things out of the result. Sums and differences alone are not checked, nor is
    a tree that uses a quantity of unsure unit."""
    target = problem.qsets[problem.target_index]
    qtoks = problem.document.sentence_tokens(problem.question_sentence)
    # an area asked of lengths: "How many *square* feet ...", "What is the *area* ...", "Find the area, in
    # *square feet*, ..." (a unit of length said after "square" is x's, however x's entity was read)
    area = is_length_unit(target.ent) and ("square" in target.adj or not target.ent_fallback and any(
        t.lemma.lower() == "area" and t.pos == "NOUN" for t in qtoks) or any(
        a.text.lower() == "square" and b.lemma.lower() == target.ent for a, b in zip(qtoks, qtoks[1:])))
    if target.ent_fallback and not area or not target.ent or target.ent in (FRACTION, "number") or target.ent in TIME_WORDS:
        return False
    if any(t.text.lower() in {"times", "percent", "%", "dozen"} for t in qtoks):
        return False  # "how many times as much": a ratio
    # x's things as the question says them: "How many *balls* ...", "How much (money) ..."; not a noun read
    # past "many" ("how many can each *niece* get?")
    said = any(t.text.lower() in {"many", "much"} and t.head != t.i and problem.document.tokens[t.head].lemma.lower() == target.ent
               for t in qtoks)
    # money asked as "how much", or as "the total cost" of prices listed with what they are paid for ("an adult
    # ticket costs $8 and a child ticket costs $5 ... the total cost of tickets for 2 adults and 3 children")
    # (or of two or more prices per things: "A bike tire costs $18 and an inner tube costs $6. What is the total
    # cost of 2 tires and 2 inner tubes?")
    listed = any(q.operation == "mul" and q.change == "add" and q.rate and q.ent in {"dollar", "cent"}
                 for q in problem.qsets) or bool(_prices(problem))
    if not said and not area and not (target.ent in {"dollar", "cent"} and any(
            t.text.lower() == "much" or listed and t.pos == "NOUN" and t.lemma.lower() in {"cost", "price"} for t in qtoks)):
        return False
    units = _leaf_units(problem) if units is None else units
    rated = {k for u in units.values() if u for k, v in u.items() if v < 0}  # units the text gives a rate per
    # x's things counted by no constant ("the rest are oranges" of 30 pieces of fruit): only steps that
    # square a thing or mix kinds, and results of several kinds of things ($15 times pieces), are ruled out
    counted = any(u and u.get(counted_noun(target.ent), 0) > 0 for u in units.values())
    solved = solved_for(tree, problem.target_index + 1)
    if isinstance(solved, Leaf) or not _any_op(solved, {"mul", "div"}) and not area:
        return False
    money = {"dollar", "cent"}

    def combine_units(op: str, left: dict, right: dict) -> list[dict] | None:
        """The units of ``left op right``; [] when they do not go together, None when unsure."""
        if op in ("add", "sub"):
            if _positive(left) == _positive(right):
                return [left] if left == right else [left, right]  # a rate the reading missed: either
            kind = _one_kind(left, right)  # "45 passengers ... and 18 more people": people
            return [kind] if kind is not None else []
        if op == "mul" and len(left) == len(right) == 1 and left.keys() != right.keys() and min(left.values()) > 0 and min(right.values()) > 0:
            # two counts: one of them is a rate the reading missed ("4 tables with 6 students"); money is
            # the rate ("$2 ... 5 apples" is dollars); not a count of a unit the text gives a rate per
            # ("Each of 3 ferries carried 45 passengers": 3 ferries times 18 people is no step)
            if left.keys() & money or right.keys() & money:
                return [left if left.keys() & money else right]
            if (left.keys() | right.keys()) & rated:
                return []
            return [left, right]
        sign = 1 if op == "mul" else -1
        out = dict(left)
        for k, v in right.items():
            out[k] = out.get(k, 0) + sign * v
        out = {k: v for k, v in out.items() if v}
        if any(abs(v) > 1 and not is_length_unit(k) for k, v in out.items()):
            return []  # students times students
        return [out]

    def unit_of(node) -> list[dict] | None:  # the possible units of a subtree; None when unsure
        if isinstance(node, Leaf):
            unit = units.get(node.index)
            return None if unit is None else [unit]
        left, right = unit_of(node.left), unit_of(node.right)
        if node.op in ("add", "sub") and (left is None or right is None):
            return right if left is None else left  # a sum has its terms' unit: one of unsure unit takes the other's
        if left is None or right is None:
            return None
        out = []
        for a in left:
            for b in right:
                for u in combine_units(node.op, a, b):
                    if u not in out:
                        out.append(u)
        return out

    found = unit_of(solved)
    if found is None:
        return False
    want = {counted_noun(target.ent): 1}
    if area:
        want = {counted_noun(target.ent): 2}
    per = next(iter(_asked_per(problem)), "")
    # x a rate per a unit a number counts ("72 seeds in 8 equal rows ... How many seeds sprouted in each
    # row?"): seeds per row, not seeds
    per = counted_noun(per) if per and per not in TIME_WORDS and per != target.ent else ""
    whole = {**want, per: -1} if per and counted and any(u and u.get(per, 0) > 0 and len(u) == 1 for u in units.values()) else None
    for unit in found:
        positive = _positive(unit)
        if whole is not None and counted:
            if unit == whole:
                return False
        elif positive == want if counted else len(positive) <= 1:
            return False
    return True


def _one_kind(left: dict[str, int], right: dict[str, int]) -> dict[str, int] | None:
    """The unit of a sum of two kinds of things where one is a kind of the other by WordNet's first
    senses ("passengers" and "people": people); None otherwise."""
    if len(left) != 1 or len(right) != 1 or set(left.values()) != {1} or set(right.values()) != {1}:
        return None
    a, b = next(iter(left)), next(iter(right))
    if (first_sense_is_a(a, (b,)) or (False,))[0]:
        return right
    if (first_sense_is_a(b, (a,)) or (False,))[0]:
        return left
    return None


def _positive(unit: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in unit.items() if v > 0}


def _any_op(node, ops: set[str]) -> bool:
    if isinstance(node, Leaf):
        return False
    return node.op in ops or _any_op(node.left, ops) or _any_op(node.right, ops)


def _in_text_order(tokens: tuple) -> bool:
    """The constants stand in the postfix sequence in their text order (x not counted)."""
    return list(tokens) == sorted(tokens)


def _subtree_tokens(node) -> tuple:
    if isinstance(node, Leaf):
        return (node.index,)
    return _subtree_tokens(node.left) + _subtree_tokens(node.right) + (node.op,)


def _fixed_by_text(node: Node, quantities: list[Quantity]) -> bool:
    """The text says what this operator is: an operand is a quantity whose ``operation`` it is
    ("half of them" times its whole, "increased by 7"), so no model need guess it."""
    operands = (node.left, node.right) if node.op in ("add", "mul") else (node.right,)
    return any(isinstance(o, Leaf) and quantities[o.index - 1].operation == node.op for o in operands)


#: whether the unit check (:func:`unit_mismatch`) rules trees out when a model chooses
UNIT_CHECK = True


def prepare(document: Document, settings: PrepareSettings = PrepareSettings()) -> Prepared:
    """Ground ``document`` and compute its candidates and features (see the module docstring)."""
    start = time.perf_counter()
    try:
        problem = ground_problem(document, reorder=set(settings.reorder))
    except InputError as err:
        return Prepared(None, error=str(err), seconds=time.perf_counter() - start)
    if len(problem.qsets) > MAX_QUANTITIES:
        return Prepared(problem, error=f"{len(problem.qsets)} quantities (the numbers of the text, implied ones such "
                                       f"as coin values, and x); at most {MAX_QUANTITIES} are supported",
                        seconds=time.perf_counter() - start)
    quantities = problem_quantities(problem, settings.fallback_type_weight)
    options = {**dict(settings.weights), "tie_break": 0, "allow_unused": settings.allow_unused}
    result = generate_candidates(quantities, top=settings.top, settings=options, time_limit_s=settings.time_limit_s)
    if not result.candidates and any(q.side or q.operation or q.whole or q.asks or q.irrelevant or q.result for q in quantities):
        # the sides, operations, wholes, the asked operation, the numbers of no part and the end of a
        # story read from the text admit no tree: try without them
        quantities = [replace(q, side=0, operation="", whole=0, asks="", irrelevant=False, result=False) for q in quantities]
        result = generate_candidates(quantities, top=settings.top, settings=options, time_limit_s=settings.time_limit_s)
    prepared = Prepared(problem, result.candidates, partial=result.partial)
    target = problem.target_index + 1
    rows: dict[tuple, int] = {}
    node_rows: list[np.ndarray] = []
    global_rows: list[np.ndarray] = []

    def visit(node, nodes: list[int]) -> Qset:
        if isinstance(node, Leaf):
            return problem.qsets[node.index - 1]
        left, right = visit(node.left, nodes), visit(node.right, nodes)
        if node.op != "eq":
            key = _subtree_tokens(node)
            if key not in rows:
                rows[key] = len(node_rows)
                node_rows.append(local_features(left, right, problem))
                prepared.node_keys.append(key)
                prepared.node_ops.append(node.op)
                prepared.node_fixed.append(_fixed_by_text(node, quantities))
            nodes.append(rows[key])
            return combine(left, right, node.op)
        return left

    for candidate in result.candidates:
        tree = candidate.tree
        nodes: list[int] = []
        root: Node = tree.root
        left_q = visit(root.left, nodes)
        right_q = visit(root.right, nodes)
        constants = tuple(t for t in tree.postfix_tokens if isinstance(t, int) and t != target)
        in_order = _in_text_order(constants)
        prepared.text_order.append(in_order)
        prepared.candidate_nodes.append(nodes)
        global_rows.append(global_static_features(tree, problem, left_q, right_q, in_order))
    if node_rows:
        prepared.node_features = np.vstack(node_rows)
    if global_rows:
        prepared.global_features = np.vstack(global_rows)
    quotient = problem.qsets[problem.target_index].quotient  # a share of one, a number of groups: x is a quotient
    rates = _applied_rates(problem)
    parts = parts_of_a_whole(problem)
    changes = {i: q.change for i, q in enumerate(problem.qsets, start=1) if q.change}
    shares = shared_among(problem)
    if quotient or rates or parts or changes or shares:
        prepared.admissible = [(not quotient or solved_as(c.tree, target) == "div")
                               and not unapplied_rate(c.tree, problem, rates)
                               and not subtracts_parts(c.tree, target, parts)
                               and not against_changes(c.tree, target, changes)
                               and not unshared(c.tree, target, shares) for c in result.candidates]
    if UNIT_CHECK and result.candidates:  # the unit check narrows the other readings' choice, when it leaves any
        units = _leaf_units(problem)
        difference = asks_a_difference(problem.document, problem.question_sentence)
        part = asks_a_part(problem.document, problem.question_sentence)
        listed = rest_parts(problem) if part else frozenset()
        change = asks_a_change(problem.document, problem.question_sentence)
        some = asks_some_said(problem)
        kept = prepared.admissible or [True] * len(result.candidates)
        grid = grid_counts(problem)  # rows times columns count the cells, which the unit reading cannot say
        checked = [ok and (grid is not None or not unit_mismatch(c.tree, problem, units)) and not other_kind_added(c.tree, problem)
                   and not not_a_difference(c.tree, problem, difference)
                   and not part_exceeds_whole(c.tree, c.answer, problem, part, listed)
                   and not change_not_a_difference(c.tree, problem, change)
                   and not some_not_a_difference(c.tree, problem, some)
                   and not grid_not_multiplied(c.tree, problem, grid)
                   and not total_cost_taken(c.tree, problem) for ok, c in zip(kept, result.candidates)]
        if any(checked) and checked != kept:
            prepared.admissible = checked
    if not result.candidates:
        prepared.error = "no equation tree over the problem's quantities has a positive answer"
    prepared.seconds = time.perf_counter() - start
    return prepared
