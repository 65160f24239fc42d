"""Readings of the equation-tree engine found on the hand-written sets (second round): rates given
with "each" or of any one thing of a kind, a pair, parts of one set, changes given per group, what
two owners have together, x named on both sides of a number puzzle, consecutive numbers and what is
still to do (pyasp.algebra.qsets), and the choice-time checks that apply them
(pyasp.algebra.engine: unapplied_rate, subtracts_parts, against_changes, solved_for).

The texts are paraphrases of the hand-written problems, not the problems themselves."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from qsettools import all_answers, answers, number, qsets, target

from pyasp.algebra.engine import solved_for
from pyasp.algebra.quantities import quantities_from_json
from pyasp.algebra.trees import EquationTree, Leaf


# -- x solved for ------------------------------------------------------------------------------------
@pytest.mark.parametrize("postfix", [
    (1, 2, "div", 3, "eq"),                  # 6 / 4 = x
    (3, 1, "mul", 2, "eq"),                  # x * 6 = 4
    (1, 3, "sub", 2, "eq"),                  # 6 - x = 4
    (2, 3, "div", 1, "eq"),                  # 4 / x = 6
    (3, 2, "sub", 1, "div", 2, "eq"),        # (x - 4) / 6 = 4
    (1, 3, 2, "mul", "add", 1, "eq"),        # 6 + x * 4 = 6 (x = 0)
])
def test_solved_for_gives_the_answer_of_the_tree(postfix):
    qs = tuple(quantities_from_json([{"value": 6, "type": "a"}, {"value": 4, "type": "b"}, {"value": "x", "type": "a"}]))
    tree = EquationTree(postfix, qs)
    values = {1: sympy.Integer(6), 2: sympy.Integer(4)}

    def value(node):
        if isinstance(node, Leaf):
            return values[node.index]
        a, b = value(node.left), value(node.right)
        return {"add": a + b, "sub": a - b, "mul": a * b, "div": a / b}[node.op]

    assert value(solved_for(tree, 3)) == tree.answer()


# -- rates given with "each", and of any one thing of a kind -----------------------------------------
@pytest.mark.parametrize("text, written, unit", [
    ("A hotel has 5 floors with 12 rooms each. How many rooms are there?", "12", "floor"),
    ("The 6 shelves hold 20 books each. How many books are on the shelves?", "20", "shelf"),
    ("Tom bought 3 hats that cost 7 dollars each. How much did he pay?", "7", "hat"),
    ("A car has 4 wheels. How many wheels do 7 cars have?", "4", "car"),
])
def test_a_rate_given_without_per(text, written, unit):
    assert number(qsets(text), written).per == unit


@pytest.mark.parametrize("text, written", [
    ("Ann reads 3 books each week. How many books does she read in 4 weeks?", "3"),  # per week: _rate_of
    ("A farmer has 52 cows. He sells 10 cows. How many cows does he have now?", "52"),  # no number counts farmers
])
def test_no_rate_given_without_each_or_a_counted_kind(text, written):
    assert number(qsets(text), written).per == ""


def test_a_rate_per_a_counted_unit_multiplies_its_count():
    """12 rooms a floor, 5 floors, 7 rooms closed: 5 * 12 - 7 = 53 stays, 5 * (12 - 7) = 25 (rooms a
    floor less rooms) goes (before, the shipped model chose 4 * (25 - 12) for the school's classes)."""
    text = "A hotel has 5 floors with 12 rooms each. 7 rooms are closed today. How many rooms are open today?"
    assert Fraction(25) in all_answers(text)
    found = answers(text)
    assert Fraction(53) in found and Fraction(25) not in found


def test_a_thing_of_a_kind_times_their_count():
    text = "A car has 4 wheels. How many wheels do 7 cars have?"
    found = answers(text)
    assert Fraction(28) in found and Fraction(11) not in found


# -- a pair -------------------------------------------------------------------------------------------
def test_a_pair_of_counted_things_is_two_per_owner():
    p = qsets("Each of the 9 players has a pair of shoes. How many shoes are there in all?")
    pair = next(q for q in p.qsets if q.implicit)
    assert (pair.qnt, pair.ent, pair.rate) == (2, "shoe", "player")
    assert Fraction(18) in answers("Each of the 9 players has a pair of shoes. How many shoes are there in all?")


def test_a_pair_of_things_counted_nowhere_is_no_number():
    p = qsets("Ann had 50 dollars. She bought a pair of pants for 13 dollars. How much money does she have left?")
    assert not any(q.implicit for q in p.qsets)


# -- parts of one set ---------------------------------------------------------------------------------
def test_kinds_of_the_asked_things_are_not_taken_from_each_other():
    """15 green and 9 yellow marbles shared by 3: (15 + 9) / 3 = 8, never (15 - 9) / 3 = 2."""
    text = "Tom has 15 green marbles and 9 yellow marbles. He puts them equally into 3 boxes. How many marbles are in each box?"
    found = answers(text)
    assert Fraction(8) in found and Fraction(2) not in found


@pytest.mark.parametrize("text", [
    "Tom has 15 green marbles and 9 yellow marbles. How many more green marbles than yellow marbles does he have?",
    "Tom has 15 green marbles and 9 yellow marbles. How many green marbles does he have?",
])
def test_parts_may_be_compared_or_asked_alone(text):
    from pyasp.algebra.qsets import parts_of_a_whole

    assert not parts_of_a_whole(qsets(text))


# -- changes given per group --------------------------------------------------------------------------
def test_things_bought_per_group_are_added():
    text = "Ben had 20 cards. He bought 3 boxes of cards with 6 cards in each box. How many cards does he have now?"
    assert number(qsets(text), "6").change == "add"
    found = answers(text)
    assert Fraction(38) in found and Fraction(2) not in found


def test_money_paid_per_thing_bought_is_taken():
    text = "Ann had 50 dollars. She bought 4 books that cost 8 dollars each. How much money does she have left?"
    assert number(qsets(text), "8").change == "sub"
    found = answers(text)
    assert Fraction(18) in found and Fraction(82) not in found


# -- what two owners have together -------------------------------------------------------------------
def test_times_as_many_together_counts_the_base_too():
    text = "Mia has 12 stickers. Leo has 3 times as many stickers as Mia. How many stickers do they have altogether?"
    p = qsets(text)
    three = number(p, "3")
    assert (three.qnt, three.shown) == (4, "(1+3)")
    assert Fraction(48) in answers(text)


@pytest.mark.parametrize("text", [
    "Mia has 12 stickers. Leo has 3 times as many stickers as Mia. How many stickers does Leo have?",
    "Mia has 12 stickers. Leo has 3 times as many stickers as Mia. Eva has 5 stickers. How many stickers do they have altogether?",
])
def test_times_as_many_stays_when_not_asked_together_or_others_count(text):
    assert number(qsets(text), "3").qnt == 3


# -- x named on both sides of a number puzzle --------------------------------------------------------
def test_a_number_on_both_sides_is_collected():
    """5x = x + 48 is (5 - 1)x = 48: 12."""
    text = "Five times a number is 48 more than the number. What is the number?"
    p = qsets(text)
    five, term = number(p, "Five"), number(p, "48")
    assert (five.qnt, five.shown, term.operation) == (4, "(5-1)", "")
    assert Fraction(12) in answers(text)


def test_a_number_on_both_sides_is_collected_either_way():
    """x + 36 = 4x is 36 = (4 - 1)x: 12."""
    text = "A number increased by 36 is four times the number. What is the number?"
    p = qsets(text)
    assert (number(p, "four").shown, target(p).operation) == ("(4-1)", "mul")
    assert Fraction(12) in answers(text)


def test_a_number_named_once_is_not_collected():
    p = qsets("Five times a number is 48. What is the number?")
    assert number(p, "Five").qnt == 5


# -- consecutive numbers ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, answer", [
    ("The sum of two consecutive numbers is 57. What is the smaller number?", Fraction(28)),
    ("The sum of two consecutive numbers is 57. What is the larger number?", Fraction(29)),
    ("The sum of three consecutive even numbers is 78. What is the smallest of the three numbers?", Fraction(24)),
])
def test_consecutive_numbers_imply_their_steps(text, answer):
    p = qsets(text)
    assert target(p).quotient and any(q.implicit for q in p.qsets)
    assert answer in answers(text)


def test_the_steps_of_three_even_numbers_are_six():
    p = qsets("The sum of three consecutive even numbers is 78. What is the smallest of the three numbers?")
    steps = next(q for q in p.qsets if q.implicit)
    assert (steps.qnt, steps.change) == (6, "sub")
    assert [q.irrelevant != "" for q in p.qsets if q.text == "three"] == [False, True]  # the question's "three"


# -- what is still to do ------------------------------------------------------------------------------
def test_what_is_done_is_taken_from_the_whole():
    text = "Liam read 30 pages a day for 3 days. His book has 200 pages. How many pages does he still have to read?"
    assert number(qsets(text), "30").change == "sub"
    found = answers(text)
    assert Fraction(110) in found and Fraction(290) not in found


def test_what_is_to_be_done_is_the_whole():
    text = "Mike has to read 500 pages. He read 200 pages. How many more pages does he need to read?"
    p = qsets(text)
    assert number(p, "200").change == "sub" and number(p, "500").change == ""
