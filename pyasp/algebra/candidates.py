"""Solve: the top-M candidate equation trees of a problem, in increasing ILP cost.

    >>> from pyasp.algebra.candidates import generate_candidates
    >>> from pyasp.algebra.quantities import quantities_from_json
    >>> qs = quantities_from_json([{"value": 17, "type": "dollar"}, {"value": 7, "type": "dollar"},
    ...                            {"value": "x", "type": "hour"}, {"value": 80, "type": "dollar"}])
    >>> result = generate_candidates(qs, top=5)
    >>> "17+(7*x)=80" in [c.tree.equation for c in result.candidates]
    True

Candidates come from ``encodings/equation_trees.lp`` (or a user's encoding), ranked by clingo.
Trees whose answer is negative, or fractional while every constant is an integer, or that have
no unique answer, are dropped after solving (ALGES does the same); enumeration continues until
``top`` candidates are kept, the trees run out, or the time limit passes. An amount of money is
whole in its smallest coin, not in its unit: when x is counted in dollars (euros, sterling), an
answer of whole cents is kept ("A pack of 4 markers costs $6. How much does one marker cost?": 1.5).
A model that is no single-variable equation tree (x missing or twice, "=" not once at the root,
gaps in the positions: a user's encoding may produce them) is an error of the encoding, named with
its file, never a candidate with a made-up answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import sympy

from ..asp import Func, Program, parse_constants
from ..errors import InputError, check_count
from ..resources import encoding_path
from ..wordproblems import json_number
from .ground import tree_facts
from .quantities import FRACTION, Quantity, validate
from .trees import EquationTree, tree_from_model

ENCODING = "equation_trees"

#: How many ranked trees at most are looked at per kept candidate before giving up.
RAW_PER_CANDIDATE = 50

#: clingo's core-guided optimisation proves each next-best tree much faster than branch and bound
#: on this program (bench/equation_candidates.py: 0.6 s against 26 s for the top 100 of 8 quantities).
CLINGO_OPTIONS = ("--opt-strategy=usc",)


@dataclass(frozen=True)
class Candidate:
    tree: EquationTree
    answer: sympy.Rational

    def as_dict(self) -> dict:
        return {
            "equation": self.tree.equation,
            "postfix": self.tree.postfix,
            "cost": self.tree.cost,
            "violations": list(self.tree.violations),
            "answer": json_number(self.answer),
        }


@dataclass
class CandidateSet:
    candidates: list[Candidate]
    partial: bool
    stats: dict
    filtered: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "candidates": [c.as_dict() for c in self.candidates],
            "partial": self.partial,
            "filtered": self.filtered,
            "stats": self.stats,
        }


def weight_names(encoding: str | Path | None = None) -> dict[str, tuple[str, str]]:
    """The ``#const`` settings of the encoding: name -> (default, comment)."""
    return parse_constants(Path(encoding) if encoding else encoding_path(ENCODING))


def check_settings(settings: dict[str, int], encoding: str | Path | None = None) -> None:
    """Every override must name a ``#const`` of the encoding and be a whole number >= 0."""
    known = weight_names(encoding)
    for name, value in settings.items():
        if name not in known:
            raise InputError(f"unknown setting {name!r}; the encoding defines: {', '.join(sorted(known))}")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InputError(f"setting {name} must be a whole number >= 0, got {value!r}")


def rejection(answer: sympy.Rational | None, quantities: list[Quantity]) -> str | None:
    """Why a tree's answer is not a candidate (None when it is one)."""
    if answer is None:
        return "no_solution"
    if answer < 0:
        return "negative"
    # a fraction of a set ("half of the 16 grapes") keeps counts whole: 15.5 grapes are no answer
    amounts = [q for q in quantities if not q.is_unknown and q.type != FRACTION]
    all_integers = all(q.value.denominator == 1 for q in amounts)
    if amounts and all_integers and answer.q != 1 and not _asks_fraction(quantities) and not _whole_in_cents(answer, quantities):
        return "fractional"
    return None


#: Units of money and how many of their smallest coin make one: an amount of them is whole in that coin.
MONEY_SUBUNITS = {"dollar": 100, "euro": 100, "sterling": 100}


def _whole_in_cents(answer: sympy.Rational, quantities: list[Quantity]) -> bool:
    """x is an amount of money (its likeliest type a unit of :data:`MONEY_SUBUNITS`) and the
    answer is a whole number of that unit's smallest coin (1.5 dollars is 150 cents)."""
    unit = next((q.type for q in quantities if q.is_unknown), None)
    return unit in MONEY_SUBUNITS and (answer * MONEY_SUBUNITS[unit]).q == 1


def _asks_fraction(quantities: list[Quantity]) -> bool:
    return any(q.is_unknown and q.type == FRACTION for q in quantities)


_OPERATOR_RANK = {"add": 0, "sub": 1, "mul": 2, "div": 3, "eq": 4}


def _tree_key(model) -> tuple:
    """Ties are listed by postfix sequence: quantities (in text order) before + - * / =.

    Any at/2 atoms are ordered without error (positions or arguments that are no numbers come
    last), so that a malformed model reaches :func:`_decode`, which names what is wrong with it.
    """
    def number(value) -> tuple:
        return (0, value, "") if isinstance(value, int) else (1, 0, repr(value))

    return tuple(
        (0, number(s.args[0] if s.args else None)) if isinstance(s, Func) else (1, _OPERATOR_RANK.get(s, 5))
        for _, s in sorted(model.atoms("at", 2), key=lambda a: number(a[0]))
    )


def _decode(model, quantities: list[Quantity], encoding: str | Path | None) -> EquationTree:
    """The model's equation tree; a (user's) encoding whose models are not single-variable
    equation trees over these quantities is bad input, named with its file: one symbol at each
    position 1..L, a well-formed postfix sequence, "=" once at the root and x exactly once
    (the answer is found by undoing the operations on x's path). Constants may be reused."""
    try:
        tree = tree_from_model(model, quantities)
        tree.check()
    except (ValueError, TypeError) as err:
        source = encoding if encoding else encoding_path(ENCODING)
        raise InputError(f"{source}: a model is not an equation tree ({err}); an equation-tree encoding shows "
                         "one postfix sequence at(Position, Token), positions 1..L, with = once at the root "
                         "and the unknown x exactly once") from None
    return tree


def generate_candidates(
    quantities: list[Quantity],
    *,
    top: int = 100,
    settings: dict[str, int] | None = None,
    encoding: str | Path | None = None,
    time_limit_s: float | None = None,
) -> CandidateSet:
    """The ``top`` best equation trees for ``quantities`` (see the module docstring).

    ``settings`` overrides the encoding's ``#const`` values (weights, ``max_depth``,
    ``allow_unused``); ``encoding`` is a path to a replacement for the packaged encoding.
    """
    validate(quantities)
    top = check_count(top, "the number of candidate trees (top, --top)")
    settings = dict(settings or {})
    check_settings(settings, encoding)
    program = Program(encoding if encoding else ENCODING, consts=settings, options=CLINGO_OPTIONS, needs=(("at", 2), ("violation", 3)))
    program.add_facts(tree_facts(quantities))
    kept: list[Candidate] = []
    filtered = {"negative": 0, "fractional": 0, "no_solution": 0}
    raw = program.ranked_models(
        limit=top * RAW_PER_CANDIDATE, time_limit_s=time_limit_s, project=[("at", 2)], key=_tree_key, batch=top
    )
    for model in raw:
        tree = _decode(model, quantities, encoding)
        answer = tree.answer()
        reason = rejection(answer, quantities)
        if reason:
            filtered[reason] += 1
            continue
        kept.append(Candidate(tree, answer))
        if len(kept) >= top:
            break
    raw.close()
    stats = program.stats.as_dict()
    return CandidateSet(kept, program.partial, stats, filtered)
