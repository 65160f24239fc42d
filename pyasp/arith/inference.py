"""Inference over expressions (Roy & Roth 2018, Section 4.1): numbers and sub-expressions are
combined two at a time, each combination by a concept and a rule whose condition clingo found to
apply to the two numbers that represent them.

A sub-expression is represented by one of its numbers (the paper's heuristic): for transfer and
part-whole the earlier one in the text, for dimensional analysis the one that is not a rate, for
explicit math the one carrying the math term. The search is bottom-up over sets of numbers with
a beam per set (the paper's beam of 1000 by default), so every subset of the numbers is tried:
numbers left out are the irrelevant ones, and relevance features score the choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
import heapq
from fractions import Fraction

import numpy as np

OPERATIONS = ("add", "subtract", "multiply", "divide", "divide_reversed")
SYMBOLS = {"add": "+", "subtract": "-", "multiply": "*", "divide": "/", "divide_reversed": "/"}


@dataclass(frozen=True)
class Option:
    """One way to combine a pair of numbers: a rule (and which disjunct of its condition)."""

    row: int  # index into the prepared option features
    rule: str
    disjunct: int
    concept: str
    op: str


@dataclass(frozen=True)
class Leaf:
    number: int  # 1-based index of the number

    rep: int = 0
    score: float = 0.0
    value: Fraction | float = Fraction(0)
    mask: int = 0


@dataclass(frozen=True)
class Step:
    """``first`` holds the earlier representative number (role 1 of the rule), ``second`` the later."""

    first: Leaf | Step
    second: Leaf | Step
    option: Option
    value: Fraction | float
    rep: int
    score: float
    mask: int


Expr = Leaf | Step


def combine_value(op: str, first: Fraction, second: Fraction) -> Fraction | None:
    if op == "add":
        return first + second
    if op == "subtract":
        return abs(first - second)  # the larger minus the smaller, as the paper
    if op == "multiply":
        return first * second
    if op == "divide":
        return first / second if second != 0 else None
    if op == "divide_reversed":
        return second / first if first != 0 else None
    raise ValueError(f"unknown operation {op!r}")


def representative(concept: str, first: int, second: int, has_rate: Callable[[int], bool], has_math: Callable[[int], bool]) -> int:
    if concept == "dimensional_analysis":
        if has_rate(first) and not has_rate(second):
            return second
        return first
    if concept == "explicit_math":
        if has_math(second) and not has_math(first):
            return second
        return first
    return first


def leaves(expr: Expr) -> list[int]:
    if isinstance(expr, Leaf):
        return [expr.number]
    return leaves(expr.first) + leaves(expr.second)


def steps(expr: Expr) -> list[Step]:
    """The operations of an expression, bottom-up (children before parents)."""
    if isinstance(expr, Leaf):
        return []
    return steps(expr.first) + steps(expr.second) + [expr]


def infix(expr: Expr, values: tuple[Fraction, ...]) -> str:
    if isinstance(expr, Leaf):
        return _number(values[expr.number - 1])
    left, right = infix(expr.first, values), infix(expr.second, values)
    op = expr.option.op
    if op == "subtract" and _value(expr.second, values) > _value(expr.first, values):
        left, right = right, left
    if op == "divide_reversed":
        left, right = right, left
    return f"({left} {SYMBOLS[op]} {right})"


def _value(expr: Expr, values) -> Fraction:
    return values[expr.number - 1] if isinstance(expr, Leaf) else expr.value


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def search(
    values: tuple[Fraction, ...],
    options: dict[tuple[int, int], list[Option]],
    option_scores: np.ndarray,
    relevance_scores: np.ndarray,
    has_rate: Callable[[int], bool],
    has_math: Callable[[int], bool],
    *,
    beam: int = 1000,
    max_numbers: int = 5,
    accept: Callable[[Expr], bool] | None = None,
    top: int = 1,
    root_scores: np.ndarray | None = None,
    struct_scores: np.ndarray | None = None,
    numbers: frozenset[int] | None = None,
) -> list[tuple[float, Expr]]:
    """The best expressions (score, expression), best first; with ``accept``, only those it
    accepts (training: the expressions that give the right answer).

    ``root_scores`` (per option row) score the option that makes the last operation;
    ``struct_scores`` (see :func:`struct_index`) score each operation by its operation and
    whether its operands are numbers or sub-expressions. With ``numbers`` (1-based), only
    expressions that use exactly those numbers are built. The search computes in floating
    point; the expressions returned carry exact values.
    """
    n = len(values)
    states: dict[int, list[Expr]] = {}
    for i in range(n):
        states[1 << i] = [Leaf(i + 1, i + 1, 0.0, float(values[i]), 1 << i)]
    scores = [float(x) for x in option_scores]
    roots = [float(x) for x in root_scores] if root_scores is not None else [0.0] * len(scores)
    struct = [float(x) for x in struct_scores] if struct_scores is not None else [0.0] * (4 * len(OPERATIONS))
    op_base = {op: 4 * k for k, op in enumerate(OPERATIONS)}
    rate = [False] + [has_rate(i + 1) for i in range(n)]
    math = [False] + [has_math(i + 1) for i in range(n)]
    allowed = (1 << n) - 1 if numbers is None else sum(1 << (i - 1) for i in numbers if 1 <= i <= n)
    masks = sorted((m for m in range(1, 1 << n) if m & allowed == m and 2 <= bin(m).count("1") <= max_numbers),
                   key=lambda m: bin(m).count("1"))
    finals: list[tuple[float, Expr]] = []
    for mask in masks:
        low = mask & -mask
        found: list[tuple] = []
        sub = (mask - 1) & mask
        while sub:
            if sub & low:
                other = mask ^ sub
                rights = states.get(other)
                for left in states.get(sub, ()) if rights else ():
                    for right in rights:
                        first, second = (left, right) if left.rep < right.rep else (right, left)
                        opts = options.get((first.rep, second.rep))
                        if not opts:
                            continue
                        x, y, base = first.value, second.value, first.score + second.score
                        kind = 2 * isinstance(first, Step) + isinstance(second, Step)
                        for opt in opts:
                            op = opt.op
                            if op == "add":
                                value = x + y
                            elif op == "subtract":
                                value = abs(x - y)
                            elif op == "multiply":
                                value = x * y
                            elif op == "divide":
                                if y == 0:
                                    continue
                                value = x / y
                            else:
                                if x == 0:
                                    continue
                                value = y / x
                            found.append((base + scores[opt.row] + struct[op_base[op] + kind], first, second, opt, value))
            sub = (sub - 1) & mask
        if len(found) > beam:
            found = heapq.nlargest(beam, found, key=lambda t: t[0])
        kept = []
        for score, first, second, opt, value in found:
            concept = opt.concept
            a, b = first.rep, second.rep
            if concept == "dimensional_analysis":
                rep = b if rate[a] and not rate[b] else a
            elif concept == "explicit_math":
                rep = b if math[b] and not math[a] else a
            else:
                rep = a
            kept.append(Step(first, second, opt, value, rep, score, mask))
        states[mask] = kept
        if numbers is not None and mask != allowed:
            continue
        bonus = float(sum(relevance_scores[i] for i in range(n) if mask >> i & 1))
        for expr in kept:
            if accept is None or accept(expr):
                finals.append((expr.score + bonus + roots[expr.option.row], expr))
    finals.sort(key=lambda t: -t[0])
    return [(score, exact(expr, values)) for score, expr in finals[:top]]


def struct_index(step: Step) -> int:
    """Where a step's structure feature sits in ``struct_scores``."""
    return 4 * OPERATIONS.index(step.option.op) + 2 * isinstance(step.first, Step) + isinstance(step.second, Step)


def struct_names() -> list[str]:
    return [f"struct|{op}|{a}{b}" for op in OPERATIONS for a in "LS" for b in "LS"]


def exact(expr: Expr, values: tuple[Fraction, ...]) -> Expr:
    """The expression with exact (rational) values in place of the search's floats."""
    if isinstance(expr, Leaf):
        return Leaf(expr.number, expr.rep, expr.score, Fraction(values[expr.number - 1]), expr.mask)
    first, second = exact(expr.first, values), exact(expr.second, values)
    value = combine_value(expr.option.op, first.value, second.value)
    return Step(first, second, expr.option, value, expr.rep, expr.score, expr.mask)
