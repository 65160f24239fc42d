"""Units in the search of the declarative-rules engine: at inference the search builds no
operation a person would reject by its units (:class:`pyasp.arith.inference.UnitCheck`). Books
per shelf are not added to books before they multiply the shelves ("4 shelves with 15 books on
each shelf. The librarian adds 12 more books"), a price per child is not multiplied by dollars,
and the answer counts what the question asks.

The checks were found on two-step problems of the fourth hand-written set (a development set);
every test text here was written for these tests (other nouns, verbs, numbers, orders), and some
are guards the checks must leave alone."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyasp.arith import inference
from pyasp.arith.engine import prepare
from pyasp.arith.inference import NO_UNIT, UnitCheck, search
from pyasp.arith.solver import solve_text
from pyasp.text.reading import read


# -- the checks on units alone ------------------------------------------------------------------------

SHELVES = [("shelf", None), ("book", "shelf"), ("book", None)]


def test_a_rate_is_not_added_to_a_count_of_what_it_counts():
    check = UnitCheck(SHELVES, ("book", None))
    assert not check.additive(("book", "shelf"), ("book", None))
    assert check.additive(("book", None), ("book", None))
    # unknown units pass
    assert check.additive(("book", "shelf"), NO_UNIT)


def test_things_a_rate_converts_are_not_like_quantities():
    check = UnitCheck(SHELVES, ("book", None))
    assert not check.additive(("shelf", None), ("book", None))
    assert not check.multiplies(("shelf", None), ("book", None))
    assert check.multiplies(("shelf", None), ("book", "shelf"))  # a rate times what it is per
    # roses and tulips are no rate of each other: they add up to flowers
    flowers = UnitCheck([("rose", None), ("tulip", None)], ("flower", None))
    assert flowers.additive(("rose", None), ("tulip", None))


def test_a_per_unit_nothing_counts_links_nothing():
    """"A garden has 6 rows" read as rows per garden: no number counts gardens, so a count of
    rows may still be compared with other things."""
    check = UnitCheck([("row", "garden"), ("carrot", "row"), ("carrot", None)], ("carrot", None))
    assert check.additive(("carrot", "garden"), ("carrot", None))
    assert not check.multiplies(("carrot", "garden"), ("carrot", None))  # carrots times carrots


def test_the_answer_counts_what_is_asked():
    check = UnitCheck(SHELVES, ("book", None))
    assert check.answers(("book", None), False)
    assert not check.answers(("shelf", None), False)
    assert check.answers(NO_UNIT, False)
    assert not UnitCheck(SHELVES, ("book", "shelf")).answers(NO_UNIT, True)  # a pure ratio is no rate


def test_a_check_can_be_switched_off(monkeypatch):
    check = UnitCheck(SHELVES, ("book", None))
    monkeypatch.setattr(inference, "STRICT_CHECKS", frozenset({"final"}))
    assert check.additive(("book", "shelf"), ("book", None))
    assert check.additive(("shelf", None), ("book", None))


def test_the_search_falls_back_when_every_expression_fails_a_check():
    """Two numbers whose only options are inconsistent: the strict search still answers."""
    from pyasp.arith.inference import Option
    opts = {(1, 2): [Option(0, "r", 0, "part_whole", "add")]}
    units = [("shelf", None), ("book", "shelf")]
    args = ((Fraction(4), Fraction(15)), opts, [0.0], [0.0, 0.0], lambda i: i == 2, lambda i: False)
    loose = search(*args, units=units, question_unit=("book", None))
    strict = search(*args, units=units, question_unit=("book", None), strict_units=True)
    assert [float(e.value) for _, e in strict] == [float(e.value) for _, e in loose] == [19.0]


def test_percentages_and_fractions_are_ratios(knowledge):
    p = prepare(read("A coat costs 60 dollars. It is on sale for 20% off. How many dollars do you save?"), knowledge, None)
    assert p.ratios == frozenset({2})
    p = prepare(read("Ana had 30 stickers. She gave a third of them to Leo. How many stickers did she give?"), knowledge, None)
    assert 2 in p.ratios
    p = prepare(read("Ana had 30 stickers. She gave 12 of them to Leo. How many stickers does she have?"), knowledge, None)
    assert p.ratios == frozenset()


# -- whole problems ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, answer", [
    # a rate times what it is per, then a change of the count
    ("A parking garage has 5 levels with 20 cars on each level. Then 7 more cars drive in. "
     "How many cars are in the garage now?", 107),
    ("There are 3 shelves with 11 jars on each shelf. The cook adds 6 more jars. How many jars are there now?", 39),
    ("An orchard has 7 rows of trees with 10 trees in each row. Workers cut down 9 of the trees. How many trees are left?", 61),
    ("A farm has 4 pens with 9 sheep in each pen. The farmer sells 6 of the sheep. How many sheep are left?", 30),
    # two prices, each per its own kind of buyer
    ("Bus rides cost $3 for each student and $6 for each teacher. How much do the rides cost for 10 students and 2 teachers?", 42),
    # two prices, each bought once by every friend
    ("A pizza costs $12 and a salad costs $5. Four friends each buy one pizza and one salad. How much do they pay altogether?", 68),
    ("A notebook costs $3 and a pen costs $2. Five students each buy one notebook and one pen. How much do they spend in all?", 25),
])
def test_two_steps_in_the_order_units_allow(model, text, answer):
    assert solve_text(text, model).answer == answer


@pytest.mark.parametrize("text, answer", [
    ("Jen picked 5 roses and 3 tulips. How many flowers did she pick?", 8),
    ("Each box holds 4 apples. How many boxes are needed for 20 apples?", 5),
    ("A car travels 60 miles each hour. How many miles does it travel in 3 hours?", 180),
    ("Tom earns $5 per hour. He already has $20. He works 3 hours. How much money does he have now?", 35),
    ("Lisa has 12 marbles and Ben has 4 marbles. How many times as many marbles does Lisa have as Ben?", 3),
    ("A baker made 30 cookies and put them equally into 5 boxes. How many cookies are in each box?", 6),
    ("Each shirt costs $7. Ann buys 3 shirts and pays with a $50 bill. How much change does she get?", 29),
    ("A coat costs 60 dollars. It is on sale for 20% off. How many dollars do you save?", 12),
])
def test_guards_the_checks_leave_alone(model, text, answer):
    assert solve_text(text, model).answer == answer


def test_the_checks_change_what_the_loose_search_gives(model, monkeypatch):
    """Without the checks the shelves problem is built in the wrong order: the test above can fail."""
    text = "There are 3 shelves with 11 jars on each shelf. The cook adds 6 more jars. How many jars are there now?"
    monkeypatch.setattr(inference, "STRICT_CHECKS", frozenset())
    assert solve_text(text, model).answer != 39
