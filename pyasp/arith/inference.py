"""Inference over expressions (Roy & Roth 2018, Section 4.1): numbers and sub-expressions are
combined two at a time, each combination by a concept and a rule whose condition clingo found to
apply to the two numbers that represent them.

A sub-expression is represented by one of its numbers (the paper's heuristic): for transfer and
part-whole the earlier one in the text, for dimensional analysis the one that is not a rate, for
explicit math the one carrying the math term. A price times the count of what it buys, said with
one verb ("bought 3 books for 7 dollars each"), is money paid: the price represents it too
(:func:`representative`), and the search keeps both readings. The search is bottom-up over sets of numbers with
a beam per set (the paper's beam of 1000 by default), so every subset of the numbers is tried:
numbers left out are the irrelevant ones, and relevance features score the choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
import heapq
from fractions import Fraction

import numpy as np

from ..text.numbers import number_text

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
    #: the condition takes a share of the pair ("half of them") as a factor of a whole
    factor: bool = False
    #: the condition reads number 1's, number 2's Rate as present ("not null(Rate1)",
    #: "Coref(Unit2, Rate1)"): it does not hold of an amount paid (:attr:`Step.paid`)
    reads_rate: tuple[bool, bool] = (False, False)


#: A quantity's unit as the search tracks it: (unit, per) lemmas, None where unknown; "5 dollars
#: per hour" is ("$", "hour"), "7 apples" ("apple", None).
Unit = tuple  # tuple[str | None, str | None]
NO_UNIT: Unit = (None, None)
WILDCARD = "*"
#: the unit of any amount of money (:func:`pyasp.arith.engine.unit_of`)
MONEY_UNIT = "$"
#: the "per" unit of a price said for a group and of the group's count ("4 for $1": dollars and
#: lemons per group, :func:`pyasp.arith.engine.group_price_rates`); no word of a text
GROUP_UNIT = "price-group"
#: the normal forms :func:`search` can keep expressions in (its ``canonical`` parameter)
NORMAL_FORMS = ("none", "multiplicative", "all")  # a "per" unit the text does not name: it cancels against any unit

#: Unit consistency of an operation (UnitDep-style dimensional analysis over the expression) and
#: of the result against what the question asks; each one a learned weight ("unit|NAME").
UNIT_FEATURES = (
    "addsub_same", "addsub_unknown", "addsub_other",       # + and - of like (or unlike) quantities
    "mul_cancel", "mul_rate_other", "mul_plain",           # rate x quantity of its "per" unit
    "div_by_rate", "div_make_rate", "div_same", "div_other",
    "final_match", "final_other", "final_unknown",         # the result's unit against the question's
    "final_per_match", "final_per_other", "final_per_unasked",
)
_U = {name: k for k, name in enumerate(UNIT_FEATURES)}


def combine_units(a: Unit, b: Unit, op: str) -> tuple[int, Unit]:
    """The unit feature of combining quantities of units ``a`` (number 1) and ``b`` (number 2)
    by ``op``, and the unit of the result."""
    if op in ("add", "subtract"):
        if a[0] is None or b[0] is None:
            return _U["addsub_unknown"], a if a[0] is not None else b
        return (_U["addsub_same"] if a == b else _U["addsub_other"]), a
    if op == "multiply":
        if a[1] is not None and b[0] is not None and b[0] == a[1] or a[1] == WILDCARD and b[1] is None:
            return _U["mul_cancel"], (a[0], b[1])
        if b[1] is not None and a[0] is not None and a[0] == b[1] or b[1] == WILDCARD and a[1] is None:
            return _U["mul_cancel"], (b[0], a[1])
        if GROUP_UNIT in (a[1], b[1]):  # "$1 * 20 lemons" is still per the group, until divided by 4
            return _U["mul_rate_other"], (a[0], GROUP_UNIT) if a[1] == GROUP_UNIT else (b[0], GROUP_UNIT)
        if a[1] is not None or b[1] is not None:
            return _U["mul_rate_other"], (a[0], None) if a[1] is not None else (b[0], None)
        return _U["mul_plain"], NO_UNIT
    x, y = (a, b) if op == "divide" else (b, a)  # x / y
    if y[1] is not None and x[0] == y[0] and x[1] is None:
        return _U["div_by_rate"], (y[1], None)  # a wildcard "per" unit stays a wildcard
    if x[1] is None and y[1] is None and x[0] is not None and y[0] is not None:
        return (_U["div_same"], NO_UNIT) if x[0] == y[0] else (_U["div_make_rate"], (x[0], y[0]))
    return _U["div_other"], (x[0], None)


def final_units(unit: Unit, question: Unit) -> tuple[int, ...]:
    """The unit features of an expression's result against the question's unit."""
    out = []
    if unit[0] is None or question[0] is None:
        out.append(_U["final_unknown"])
    else:
        out.append(_U["final_match"] if unit[0] in (question[0], WILDCARD) else _U["final_other"])
    if question[1] is not None:
        out.append(_U["final_per_match"] if unit[1] == question[1] else _U["final_per_other"])
    elif unit[1] is not None:
        out.append(_U["final_per_unasked"])
    return tuple(out)


#: the units of amounts of money for the check "money" (:class:`UnitCheck`): "$" and a word of
#: money the rule file's MONEY units do not list ("given another 27 bucks")
AMOUNTS = frozenset({MONEY_UNIT, "buck"})

#: the checks ``search(..., strict_units=True)`` makes (:class:`UnitCheck`; a module setting, so
#: that tests and experiments can switch one off)
STRICT_CHECKS = frozenset({"linked", "rate_count", "squared", "final", "per_asked", "difference", "money", "rest",
                           "unknown", "start", "compared", "each", "multiple", "group",
                           "played"})


class UnitCheck:
    """Dimensional consistency the search may require at inference (``strict_units``), over the
    units it tracks (:func:`combine_units`), where the text gives them (an unknown unit, None, or
    a wildcard "per" passes every check):

    - "linked": two things a rate of the problem converts into each other ("15 books on each
      shelf": books and shelves) are no like quantities: they are never added or subtracted, and
      multiplied only as a rate times what it is per ("6 rows" times "8 carrots in each row",
      not times "11 carrots");
    - "rate_count": a rate is not added to a count, nor subtracted from one, when its "per" unit
      is counted in the problem ("15 books on each shelf" and "12 more books": the 15 first
      multiplies the shelves);
    - "squared": a rate of X is not multiplied by a count of X ("8 carrots in each row" times
      "11 carrots"), two rates per a thing no number counts are not multiplied ("10 pens in each
      pack" times "$2 a pack"), nor two amounts of money;
    - "final": the answer is not a count of another thing than the question asks for (or names:
      "how many 6 dollar toys" asks toys, whatever unit the reader gave it), nor a pure ratio of
      like quantities when the question asks a rate;
    - "per_asked": when the question asks per a thing some number counts ("Four friends share the
      cost of a $12 pizza ... How much does each friend pay?"), the answer is per that thing, not
      a plain count or amount;
    - "money": an amount of money and a count of things (neither per anything) are not added
      or subtracted ("A pack of 48 cards ... 20 of the cards are white. The pack cost $3. How many
      cards are blue?": not 48 - 20 - 3);
    - "difference" (:func:`is_difference`, made by :func:`search` with ``difference``): when the
      question asks a difference ("How many fewer laps did the red team swim than the blue
      team?", "What is the difference between their heights?"), the answer is one: a
      subtraction, or a difference scaled ("3 * (9 - 5)"), never a sum ("42 + 57");
    - "rest", "unknown" and "start" (made by :func:`search` with ``remainder``, see
      :func:`pyasp.arith.engine.asks_a_remainder`): when the question asks the rest of a whole
      ("How many animals are not goats?"), what the text said as "some" ("spent some of it.
      He came home with $17. How much did he spend?") or what there was before a gain ("When 15
      more children came in, there were 42. How many ... before?"), the answer is a difference too;
    - "compared" (made by :func:`search` with ``applied``, see
      :func:`pyasp.arith.engine.compared_kinds`): two numbers a comparison of two kinds joins,
      when the question asks the compared kind, are combined only by the operation that applies
      the comparison ("36 carrots ... 9 fewer beets than carrots. How many beets?": 36 - 9);
    - "group": a price said for a group and the group's count ("Lemons are on sale at 4 for $1":
      dollars and lemons per group, :data:`GROUP_UNIT`) are never added or subtracted, and multiply
      only a number of groups (20 lemons / 4), or another thing's amount when what they count is
      asked ("$1 * 20 lemons", divided by 4 later; "4 limes * $8", divided by $1 later): not "4
      lemons * $3" when dollars are asked, nor the price by the count; such a product is still per the
      group (:func:`combine_units`): it is not added to, nor an answer, before it is divided;
    - "played" (made by :func:`search` with ``applied``, see :func:`pyasp.arith.engine.played`):
      contests won and lost, when the question asks how many were played, are added ("won 23
      games and lost 15 games. How many games did the team play?": 23 + 15);
    - "each" (made by :func:`search` with ``applied``, see :func:`pyasp.arith.engine.each_of`):
      the count of a group "each of" names and the amount given to each are multiplied ("feeds
      each of its 6 sea lions 8 pounds of fish": 6 * 8 pounds, not 8 / 6).
    """

    def __init__(self, units: list, question: Unit, words: frozenset[str] = frozenset()):
        known = [u for u in (*units, question) if u[0] not in (None, WILDCARD)]
        self.counted = {u[0] for u in known}
        self.linked = {frozenset((u[0], u[1])) for u in known
                       if u[1] not in (None, WILDCARD) and u[1] != u[0] and u[1] in self.counted}
        self.question = question
        self.words = words
        # what the question asks is linked as the kinds of it the text counts are ("45 passengers
        # on each of 3 ferries ... How many people ...?": people and ferries)
        if question[0] not in (None, WILDCARD):
            for pair in list(self.linked):
                for kind in pair & words:
                    other = next(iter(pair - {kind}), None)
                    if other is not None and other != question[0]:
                        self.linked.add(frozenset((question[0], other)))

    def additive(self, a: Unit, b: Unit) -> bool:
        """Whether quantities of units ``a`` and ``b`` may be added or subtracted."""
        if "group" in STRICT_CHECKS and GROUP_UNIT in (a[1], b[1]):
            return False
        if a[0] in (None, WILDCARD) or b[0] in (None, WILDCARD):
            return True
        if "linked" in STRICT_CHECKS and a[0] != b[0] and frozenset((a[0], b[0])) in self.linked:
            return False
        if "rate_count" in STRICT_CHECKS:
            for x, y in ((a, b), (b, a)):
                if x[1] in self.counted and x[1] != WILDCARD and y[1] is None:
                    return False
        if ("money" in STRICT_CHECKS and a[1] is None and b[1] is None and a[0] != WILDCARD and b[0] != WILDCARD
                and (a[0] in AMOUNTS) != (b[0] in AMOUNTS)):
            return False  # "48 cards ... 20 are white ... the pack cost $3": no cards minus dollars
        return True

    def multiplies(self, a: Unit, b: Unit) -> bool:
        """Whether quantities of units ``a`` and ``b`` may be multiplied."""
        if "group" in STRICT_CHECKS:
            for x, y in ((a, b), (b, a)):
                if x[1] == GROUP_UNIT and y[0] != GROUP_UNIT and (
                        y[1] == GROUP_UNIT or y[0] == x[0] or x[0] != self.question[0] is not None):
                    return False
        if "squared" in STRICT_CHECKS:
            for x, y in ((a, b), (b, a)):
                if (x[0] not in (None, WILDCARD) and x[1] not in (None, WILDCARD) and y[1] is None and y[0] == x[0]
                        and y[0] != x[1]):
                    return False
            # two rates per one thing that nothing counts, which no later step can cancel ("10 pens
            # in a pack" and "$2 a pack", no number of packs), two amounts of money
            if (a[1] not in (None, WILDCARD) and a[1] == b[1] and a[1] not in self.counted
                    and a[0] not in (None, WILDCARD) and b[0] not in (None, WILDCARD)):
                return False
            if a[0] == MONEY_UNIT and b[0] == MONEY_UNIT and MONEY_UNIT not in (a[1], b[1]):
                return False  # (not a value per coin times coins: "8 quarters", "25 cents each quarter")
        if ("linked" in STRICT_CHECKS and None not in (a[0], b[0]) and WILDCARD not in (a[0], b[0])
                and frozenset((a[0], b[0])) in self.linked and a[1] != b[0] and b[1] != a[0]):
            return False
        return True

    def answers(self, unit: Unit, ratio: bool) -> bool:
        """Whether a result of ``unit`` (``ratio``: a quotient of like quantities) answers the question."""
        if "group" in STRICT_CHECKS and unit[1] == GROUP_UNIT:
            return False  # a price for a group times things, not divided by the group's count
        if "final" not in STRICT_CHECKS:
            return True
        q = self.question
        if ratio:
            return q[1] in (None, WILDCARD)
        if ("per_asked" in STRICT_CHECKS and q[1] not in (None, WILDCARD) and q[1] in self.counted
                and unit[0] not in (None, WILDCARD) and unit[1] is None):
            return False  # "How much does each friend pay?", friends counted: not a sum of dollars
        if unit[0] in (None, WILDCARD) or q[0] in (None, WILDCARD):
            return True
        return unit[0] == q[0] or unit[0] in self.words


@dataclass(frozen=True)
class Leaf:
    number: int  # 1-based index of the number

    rep: int = 0
    score: float = 0.0
    value: Fraction | float = Fraction(0)
    mask: int = 0
    unit: Unit = NO_UNIT


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
    unit: Unit = NO_UNIT
    unit_feature: int = 0  # index into UNIT_FEATURES
    #: the expression is an amount paid, a price times a count (:func:`representative`), and it
    #: is represented by the price: its representative's Rate is no rate of the amount
    paid: bool = False


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


def representative(concept: str, first: int, second: int, has_rate: Callable[[int], bool], has_math: Callable[[int], bool],
                   op: str = "", priced: frozenset[tuple[int, int]] = frozenset()) -> int:
    """The number that represents two numbers combined by a rule of ``concept`` (by ``op``) in the
    rules of later operations: the earlier one, the one that is not a rate (dimensional
    analysis), the one with the math term (explicit math).

    A price times the count of what it buys, both said with one verb whose class the unit
    decides ("She bought 3 books for 7 dollars each": "buy unless MONEY" makes the books a GET,
    "buy if MONEY" the dollars a GIVE; ``priced`` holds such pairs, earlier number first), is
    an amount of the price's unit, money paid: the price represents it, so that the buying is
    read as of that money (a GIVE: "had 50 dollars" minus it). (:func:`search` keeps the
    paper's reading of such a product as well: which one the later rules read is latent.)"""
    if concept == "dimensional_analysis":
        if op == "multiply" and (first, second) in priced and has_rate(first) != has_rate(second):
            return first if has_rate(first) else second
        if has_rate(first) and not has_rate(second):
            return second
        return first
    if concept == "explicit_math":
        if has_math(second) and not has_math(first):
            return second
        return first
    return first


def _of_whole(first: Expr, second: Expr, share: list, whole_mask: list[int]) -> bool:
    """Whether a share (a number) may multiply the other operand: when the text gives the share's
    whole, that operand holds all its numbers and none else from after the share."""
    for s, e in ((first, second), (second, first)):
        if isinstance(s, Leaf) and share[s.number] and whole_mask[s.number]:
            w = whole_mask[s.number]
            if e.mask & w != w or (e.mask & ~w) >> (s.number - 1):
                return False
    return True


def _scaled_unit(first: Expr, second: Expr, share: list) -> Unit | None:
    """The unit of a whole times a share (a number without a unit: "half of 16 grapes" counts
    grapes), or None when neither operand is a share."""
    if isinstance(second, Leaf) and share[second.number]:
        return first.unit
    if isinstance(first, Leaf) and share[first.number]:
        return second.unit
    return None


def share_representative(first: int, second: int, first_share: str | None, second_share: str | None, op: str) -> int:
    """The number that represents a whole combined with a share: the whole times the share itself
    counts the share's things (what was sold, given away: its subject and verb), so the share
    represents it; the whole times the rest of it (what is left after the share is taken away),
    or divided by a share, counts the whole's things, so the whole does."""
    share, other, reading = (first, second, first_share) if first_share else (second, first, second_share)
    return share if reading == "share" and op == "multiply" else other


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
        return number_text(values[expr.number - 1])
    left, right = operands(expr, values)
    return f"({left} {SYMBOLS[expr.option.op]} {right})"


def written_order(step: Step, values: tuple[Fraction, ...]) -> tuple[Expr, Expr]:
    """The left and right operand of an operation as written: the larger number first for a
    subtraction, the second operand first for a reversed division."""
    left, right = step.first, step.second
    op = step.option.op
    if (op == "subtract" and _value(right, values) > _value(left, values)) or op == "divide_reversed":
        left, right = right, left
    return left, right


def operands(step: Step, values: tuple[Fraction, ...]) -> tuple[str, str]:
    """The left and right operand of an operation as written (infix, :func:`written_order`)."""
    left, right = written_order(step, values)
    return infix(left, values), infix(right, values)


def _value(expr: Expr, values) -> Fraction:
    return values[expr.number - 1] if isinstance(expr, Leaf) else expr.value


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
    units: list[Unit] | None = None,
    question_unit: Unit = NO_UNIT,
    canonical: str = "none",
    shares: tuple[str | None, ...] | None = None,
    wholes: tuple[tuple[int, ...], ...] | None = None,
    priced: frozenset[tuple[int, int]] = frozenset(),
    order: tuple[int, ...] = (),
    strict_units: bool = False,
    ratios: frozenset[int] = frozenset(),
    question_words: frozenset[str] = frozenset(),
    difference: bool = False,
    remainder: str = "",
    applied: dict[frozenset[int], tuple[str, Unit, str]] | None = None,
    whole: int = 0,
    multiples: frozenset[int] = frozenset(),
) -> list[tuple[float, Expr]]:
    """The best expressions (score, expression), best first; with ``accept``, only those it
    accepts (training: the expressions that give the right answer).

    ``root_scores`` (per option row) score the option that makes the last operation;
    ``struct_scores`` (see :func:`struct_index`) score each operation by its operation and
    whether its operands are numbers or sub-expressions, and, after them, the unit features
    (:data:`UNIT_FEATURES`) of each operation on quantities of ``units`` (one per number) and of
    the result against ``question_unit``. ``canonical`` restricts the expressions to a normal form:
    "multiplicative", no quotient is an operand of a product or quotient ("a * b / c" is built
    as "(a * b) / c"); "all", also no difference is an operand of a sum or difference ("a - b +
    c" as "(a + c) - b"), as the paper; "none", no restriction. With ``numbers`` (1-based), only
    expressions that use exactly those numbers are built. ``shares`` (one per number: "share",
    "rest" or None) says which numbers are shares of a whole (see :func:`share_representative`):
    every expression returned uses every share (the reader keeps a share only when the question
    asks about it). ``wholes`` (one per number, 1-based numbers) the numbers of the whole a share is taken of,
    when the text gives them: a share multiplies an expression only when it holds all of them and
    nothing else from after the share in the text (the share is of the whole as it stands then:
    "had 60, gave 20, ate half of the remaining" is (60 - 20) * 1/2, "sold a third and then baked
    8 more" is 24 * 2/3 + 8). ``priced`` (pairs of numbers, earlier first): a price and the
    count of what it buys, said with one verb (see :func:`representative`); their product is
    kept twice, represented by the count (the paper) and by the price, as money paid, which is
    no rate (a rule whose condition reads its Rate as present does not apply to it, nor to what
    it is added to while it represents that); neither the count nor the price is added to
    an amount of money or taken from it; and the product read as the things got (represented by
    the count) is no transfer with an amount of money. ``order`` (one rank per number, see
    :func:`pyasp.arith.engine.time_order`; empty: the text's order) says which of two
    representatives is the earlier, role 1 of the rules (``options`` are keyed so). The search
    computes in floating point; the expressions returned carry exact values. With
    ``strict_units`` (inference), operations and answers whose units are inconsistent
    (:class:`UnitCheck`) are not built, where ``ratios`` (numbers said as a percentage or a
    fraction) count as of no unit and an answer may count what ``question_words`` (lemmas the
    question's unit phrase names besides its unit) name, and, with ``difference`` (the question
    asks a difference: :func:`pyasp.arith.engine.asks_a_difference`), an answer is a difference
    (:func:`is_difference`), as it is with ``remainder`` ("rest", "unknown", "start": the check of that
    name), and two numbers of ``applied`` are combined only by its operation, the result of its
    unit (the check it names: "compared", "each"), and nothing is added to ``whole`` (the number of
    a whole whose rest the question asks, which the answer may count: check "rest"), and a number
    of ``multiples`` (a multiple said in a comparison: "4 times as much hay as the giraffe", "half
    as many pages as") is an operand only of explicit math (check "multiple": no rate divided by
    it, no count added to it);
    if that leaves no expression, the search is run again without the checks.
    """
    n = len(values)
    rank = [0] + list(order or range(1, n + 1))
    states: dict[int, list[Expr]] = {}
    units = units or [NO_UNIT] * n
    if strict_units and whole and "rest" in STRICT_CHECKS and units[whole - 1][0] is not None:
        question_words = question_words | {units[whole - 1][0]}  # the rest of 90 flowers counts flowers
    check = UnitCheck(units, question_unit, question_words) if strict_units else None
    differences = check is not None and (difference and "difference" in STRICT_CHECKS
                                         or bool(remainder) and remainder in STRICT_CHECKS)
    applied = {pair: a for pair, a in (applied or {}).items() if a[2] in STRICT_CHECKS} if check is not None else {}
    whole_bit = 1 << (whole - 1) if check is not None and whole and "rest" in STRICT_CHECKS else 0
    multiples = multiples if check is not None and "multiple" in STRICT_CHECKS else frozenset()
    for i in range(n):
        states[1 << i] = [Leaf(i + 1, i + 1, 0.0, float(values[i]), 1 << i, units[i])]
    scores = [float(x) for x in option_scores]
    roots = [float(x) for x in root_scores] if root_scores is not None else [0.0] * len(scores)
    struct = [float(x) for x in struct_scores] if struct_scores is not None else [0.0] * len(struct_names())
    unit_base = UNIT_BASE
    if canonical not in NORMAL_FORMS:
        raise ValueError(f"canonical must be one of {NORMAL_FORMS}, got {canonical!r}")
    canon_add, canon_mul = canonical == "all", canonical != "none"
    op_base = {op: 4 * k for k, op in enumerate(OPERATIONS)}
    rate = [False] + [has_rate(i + 1) for i in range(n)]
    math = [False] + [has_math(i + 1) for i in range(n)]
    share = [None] + list(shares or [None] * n)
    whole_mask = [0] + [sum(1 << (k - 1) for k in w) for w in (wholes or [()] * n)]
    # the reader keeps a share only when the question asks about it: every answer uses it
    needed = sum(1 << i for i in range(n) if share[i + 1])
    # the prices and the counts they buy ("3 books for 7 dollars each": 3 and 7)
    bought = [False] + [any(i + 1 in pair for pair in priced) for i in range(n)]
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
                        first, second = (left, right) if rank[left.rep] < rank[right.rep] else (right, left)
                        opts = options.get((first.rep, second.rep))
                        if not opts:
                            continue
                        x, y, base = first.value, second.value, first.score + second.score
                        kind = 2 * isinstance(first, Step) + isinstance(second, Step)
                        combined = {}
                        has_sub = canon_add and (_is(first, SUBTRACTIONS) or _is(second, SUBTRACTIONS))
                        has_div = canon_mul and (_is(first, DIVISIONS) or _is(second, DIVISIONS))
                        of_whole = _of_whole(first, second, share, whole_mask)
                        scaled = _scaled_unit(first, second, share)
                        share_leaf = scaled is not None
                        # a share of a whole the text gives is taken of it: it multiplies, never
                        # divides ("Half of a number is 13" divides: its whole is not given)
                        given_whole = share_leaf and any(isinstance(e, Leaf) and share[e.number] and whole_mask[e.number]
                                                         for e in (first, second))
                        paid = (isinstance(first, Step) and first.paid, isinstance(second, Step) and second.paid)
                        # things bought at a price are not added to an amount of money, nor taken
                        # from it, nor is the price: the money paid for them is ("had 20 dollars,
                        # bought 3 books for 7 dollars each": not 20 - 3, nor 20 - 7)
                        bought_and_money = any(isinstance(e, Leaf) and bought[e.number] and o.unit[0] == MONEY_UNIT
                                               and (not rate[e.number] or o.unit[1] is None)
                                               for e, o in ((first, second), (second, first)))
                        # the money paid for things, read as the things got (represented by the
                        # count, the paper's reading), is no transfer of money: "bought 3
                        # notebooks for 4 dollars each, paid with a 20 dollar bill" does not take
                        # the notebooks got from the bill
                        counted_and_money = any(_counted(e, priced) and o.unit[0] == MONEY_UNIT
                                                for e, o in ((first, second), (second, first)))
                        dims = tuple(NO_UNIT if isinstance(e, Leaf) and e.number in ratios else e.unit for e in (first, second))
                        # "36 carrots ... 9 fewer beets than carrots. How many beets?": only 36 - 9
                        only = (applied.get(frozenset((first.number, second.number)))
                                if applied and isinstance(first, Leaf) and isinstance(second, Leaf) else None)
                        # "An elephant eats 4 times as much hay as the giraffe": the 4 multiplies
                        # by a comparison, never as a rate or a count
                        multiple = multiples and any(isinstance(e, Leaf) and e.number in multiples for e in (first, second))
                        for opt in opts:
                            op = opt.op
                            if multiple and opt.concept != "explicit_math":
                                continue
                            if (paid[0] and opt.reads_rate[0]) or (paid[1] and opt.reads_rate[1]):
                                continue  # an amount paid is no rate
                            if bought_and_money and op in ADDITIVE:
                                continue
                            if only is not None and op != only[0]:
                                continue
                            if op == "add" and (first.mask | second.mask) & whole_bit:
                                continue  # "90 flowers: 35 roses, 25 tulips, and the rest daisies": not 90 + 35
                            if counted_and_money and opt.concept == "transfer":
                                continue
                            if (has_sub and op in ADDITIVE) or (has_div and op in MULTIPLICATIVE):
                                continue
                            # a share is a factor: as a number it only multiplies or divides a whole
                            # (by a rule that takes it so), once; the product is an amount
                            if opt.factor != share_leaf or op == "multiply" and not of_whole:
                                continue
                            if given_whole and op != "multiply":
                                continue
                            if op not in combined:
                                if op == "multiply" and scaled is not None:  # a share has no unit: the whole keeps its
                                    combined[op] = _U["mul_plain"], scaled
                                else:
                                    combined[op] = combine_units(first.unit, second.unit, op)
                            ufeat, unit = combined[op]
                            if only is not None:  # 36 carrots - 9: beets
                                unit = only[1]
                            # (the reading of an applied pair settles its units: "each of its 6 sea lions 8
                            # pounds of fish per day" is no two rates per day)
                            if check is not None and only is None and not (check.additive(*dims) if op in ADDITIVE
                                                          else op != "multiply" or scaled is not None
                                                          or check.multiplies(*dims)):
                                continue
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
                            found.append((base + scores[opt.row] + struct[op_base[op] + kind] + struct[unit_base + ufeat],
                                          first, second, opt, value, unit, ufeat))
            sub = (sub - 1) & mask
        if len(found) > beam:
            found = heapq.nlargest(beam, found, key=lambda t: t[0])
        kept = []
        for score, first, second, opt, value, unit, ufeat in found:
            concept = opt.concept
            a, b = first.rep, second.rep
            if share[a] or share[b]:
                rep = share_representative(a, b, share[a], share[b], opt.op)
            else:
                rep = representative(concept, a, b, rate.__getitem__, math.__getitem__, opt.op, priced)
            # an amount paid stays one as long as the price represents it
            paid = (concept == "dimensional_analysis" and opt.op == "multiply" and (a, b) in priced and rate[a] != rate[b]
                    or any(isinstance(e, Step) and e.paid and e.rep == rep for e in (first, second)))
            kept.append(Step(first, second, opt, value, rep, score, mask, unit, ufeat, paid))
            if paid and isinstance(first, Leaf) and isinstance(second, Leaf):
                # and as the paper reads it, represented by the count: which reading the later
                # rules take is latent, as their choice is (the weights score both)
                kept.append(Step(first, second, opt, value, b if rate[a] else a, score, mask, unit, ufeat, False))
        states[mask] = kept
        if numbers is not None and mask != allowed or mask & needed != needed:
            continue
        bonus = float(sum(relevance_scores[i] for i in range(n) if mask >> i & 1))
        for expr in kept:
            if check is not None and not check.answers(expr.unit, expr.unit_feature == _U["div_same"]
                                                       and expr.option.op in DIVISIONS):
                continue
            if differences and not is_difference(expr):
                continue  # "How many fewer laps ... than ...?": not a sum
            if accept is None or accept(expr):
                final = sum(struct[unit_base + f] for f in final_units(expr.unit, question_unit))
                finals.append((expr.score + bonus + roots[expr.option.row] + final, expr))
    if check is not None and not finals:
        return search(values, options, option_scores, relevance_scores, has_rate, has_math, beam=beam,
                      max_numbers=max_numbers, accept=accept, top=top, root_scores=root_scores,
                      struct_scores=struct_scores, numbers=numbers, units=units, question_unit=question_unit,
                      canonical=canonical, shares=shares, wholes=wholes, priced=priced, order=order)
    finals.sort(key=lambda t: -t[0])
    return [(score, exact(expr, values)) for score, expr in finals[:top]]


def _counted(expr: Expr, priced: frozenset[tuple[int, int]]) -> bool:
    """Whether an expression is a price times the count of what it buys (two numbers of
    ``priced``) represented by the count: the things got, not the money paid (:func:`search`)."""
    return (isinstance(expr, Step) and not expr.paid and expr.option.op == "multiply"
            and isinstance(expr.first, Leaf) and isinstance(expr.second, Leaf)
            and (expr.first.number, expr.second.number) in priced)


ADDITIVE = frozenset({"add", "subtract"})
MULTIPLICATIVE = frozenset({"multiply", "divide", "divide_reversed"})
SUBTRACTIONS = frozenset({"subtract"})
DIVISIONS = frozenset({"divide", "divide_reversed"})


def is_difference(expr: Expr) -> bool:
    """Whether an expression is a difference: a subtraction, or a product or quotient of which
    an operand is a difference ("(9 - 5) * 3": the difference of two rates over 3 hours)."""
    if not isinstance(expr, Step):
        return False
    if expr.option.op in SUBTRACTIONS:
        return True
    return expr.option.op in MULTIPLICATIVE and (is_difference(expr.first) or is_difference(expr.second))


def _is(expr: Expr, ops: frozenset[str]) -> bool:
    return isinstance(expr, Step) and expr.option.op in ops


def struct_index(step: Step) -> int:
    """Where a step's structure feature sits in ``struct_scores``."""
    return 4 * OPERATIONS.index(step.option.op) + 2 * isinstance(step.first, Step) + isinstance(step.second, Step)


def struct_names() -> list[str]:
    """The global features of the search: each operation by the shape of its operands, then the
    unit features (from :data:`UNIT_BASE` on)."""
    return [f"struct|{op}|{a}{b}" for op in OPERATIONS for a in "LS" for b in "LS"] + [f"unit|{u}" for u in UNIT_FEATURES]


UNIT_BASE = 4 * len(OPERATIONS)


def exact(expr: Expr, values: tuple[Fraction, ...]) -> Expr:
    """The expression with exact (rational) values in place of the search's floats."""
    if isinstance(expr, Leaf):
        return Leaf(expr.number, expr.rep, expr.score, Fraction(values[expr.number - 1]), expr.mask, expr.unit)
    first, second = exact(expr.first, values), exact(expr.second, values)
    value = combine_value(expr.option.op, first.value, second.value)
    return Step(first, second, expr.option, value, expr.rep, expr.score, expr.mask, expr.unit, expr.unit_feature, expr.paid)
