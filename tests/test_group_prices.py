"""Prices said for a group of things ("Lemons are on sale at 4 for $1", "3 pairs for $7", "3
notebooks cost $5", "a pack of 8 juice boxes costs $4", "boxes of 4 muffins for $6 a box"), found on
the eleventh hand-written set (examples/wordproblems/grade_school_11.json) and the earlier sets, in
general form: asked of another number of the things, the price is (asked / count) * price; asked how
many things an amount buys, (amount / price) * count. The shared reading is
:func:`pyasp.text.reading.group_prices`; the declarative-rules engine reads the price and the count
as rates per the group (:func:`pyasp.arith.engine.group_price_rates`, the unit check "group"), the
equation-tree engine makes the count (or the price) divide the other number of its kind and the
other one multiply (:func:`pyasp.algebra.qsets._group_price`).

The texts are written for these tests (other things, names and numbers than the sets'); each was
answered wrongly before these readings, unless marked as a guard."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import number, qsets

from pyasp.arith.solver import solve_text
from pyasp.text.reading import group_prices, read


@pytest.mark.parametrize("text, pairs", [
    ("Oranges are on sale at 6 for $2. How many dollars do 18 oranges cost?", [("6", "$2")]),
    ("A shop sells erasers at 5 for $3.", [("5", "$3")]),
    ("A farm sells 2 jars of plum jam for $9.", [("2", "$9")]),
    ("Grapes cost $3 for 2 pounds.", [("2", "$3")]),
    ("4 notebooks cost $6.", [("4", "$6")]),
    ("A pack of 5 yogurt cups costs $3.", [("5", "$3")]),
    ("A bakery sells bags of 6 rolls for $2 a bag.", [("6", "$2")]),
    # guards: a price of one, a total of two kinds of things
    ("Ann bought 4 pens for $2 each.", []),
    ("Ann bought 4 pens for $2 a box.", []),
    ("Ben bought 3 pens and a ruler for $5.", []),
    ("Cal sold 7 cards for $1 apiece.", []),
])
def test_a_price_said_for_a_group(text, pairs):
    assert [(c.text, p.text) for c, p in group_prices(read(text))] == pairs


# -- the declarative-rules engine ---------------------------------------------------------------------

@pytest.mark.parametrize("text, answer", [
    ("Oranges are on sale at 6 for $2. How many dollars do 18 oranges cost?", 6),
    ("A shop sells erasers at 5 for $3. Ken buys 20 erasers and pays with a $20 bill. How much change does he get?", 8),
    ("Pears are sold at 3 for $2. How many pears can Nina buy with $10?", 15),
    ("A farm sells eggs at 12 for $4. Ravi buys 36 eggs and a jar of honey for $6. How much does he spend in all?", 18),
    ("4 notebooks cost $6. How much do 10 notebooks cost?", 15),
    ("A pack of 5 yogurt cups costs $3. How much do 15 yogurt cups cost?", 9),
    # guards: a price of one, a total of a group asked of one
    ("Ann bought 4 pens for $2 each. How much did she spend?", 8),
    ("Five bags of rice cost $20 in all. How much does one bag cost?", 4),
])
def test_the_arithmetic_engine_prices_things_by_the_group(text, answer, model):
    assert solve_text(text, model).answer == answer


def test_a_price_for_a_group_is_no_rate_per_one(model):
    """The price and the count are both per the group: the price never multiplies the things
    without the count dividing them ("$4 * (36 + 12 * $6)"-like sums were possible before)."""
    text = "A farm sells eggs at 12 for $4. Ravi buys 36 eggs and a jar of honey for $6. How much does he spend in all?"
    result = solve_text(text, model)
    numbers = {n.mention.text: n for n in result.prepared.info.numbers}
    assert numbers["12"].rate is not None and numbers["12"].rate == numbers["$4"].rate
    assert numbers["36"].rate is None and numbers["$6"].rate is None
    assert result.answer == 18


# -- the equation-tree engine -----------------------------------------------------------------------

def test_the_count_divides_the_things_asked_of():
    p = qsets("Oranges are on sale at 6 for $2. How many dollars do 18 oranges cost?")
    six, two, eighteen = number(p, "6"), number(p, "$2"), number(p, "18")
    assert (six.operation, six.whole) == ("div", eighteen.token)
    assert two.operation == "mul"


def test_the_price_divides_the_money_given():
    p = qsets("Pears are sold at 3 for $2. How many pears can Nina buy with $10?")
    three, two, ten = number(p, "3"), number(p, "$2"), number(p, "$10")
    assert (two.operation, two.whole) == ("div", ten.token)
    assert three.operation == "mul"


def test_a_price_of_a_group_is_read_only_when_the_things_are_counted_again():
    """Guard: "A pack of 36 pens for $5. 20 of the pens ..." asks pens: no other money."""
    p = qsets("Tariq bought a pack of 30 pens for $4. 12 of the pens are red. How many pens are not red?")
    assert number(p, "30").operation == "" and number(p, "$4").operation == ""


def test_the_equation_tree_engine_prices_things_by_the_group():
    from pyasp.algebra.solver import solve_text as solve_tree

    text = "A shop sells erasers at 5 for $3. Ken buys 20 erasers and pays with a $20 bill. How much change does he get?"
    assert Fraction(str(solve_tree(text).answer)) == 8
