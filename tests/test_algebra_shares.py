"""Readings of the equation-tree engine about the price of one, equal shares and lists of prices
(pyasp.algebra.qsets: _price_of_one, _asks_share, _unit_price and _price_list; and
pyasp.algebra.candidates.rejection's amounts of money, whole in cents)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from qsettools import answers, number, qsets, target

from pyasp.algebra.candidates import generate_candidates
from pyasp.algebra.quantities import quantities_from_json


# -- an amount of money is whole in cents ----------------------------------------------------------
def tree_answers(items: list[dict]) -> set:
    return {c.answer for c in generate_candidates(quantities_from_json(items), top=100).candidates}


def test_money_asked_may_be_a_fraction_of_a_dollar():
    """$6 for a pack of 4 markers: one costs 1.5 dollars, though every number of the text is whole
    (before, every fractional answer was dropped)."""
    found = tree_answers([{"value": 4, "type": "marker"}, {"value": 6, "type": "dollar"}, {"value": "x", "type": "dollar"}])
    assert sympy.Rational(3, 2) in found


def test_a_count_asked_stays_whole_and_money_whole_in_cents():
    # markers asked: 1.5 markers is no answer
    found = tree_answers([{"value": 4, "type": "dollar"}, {"value": 6, "type": "dollar"}, {"value": "x", "type": "marker"}])
    assert found and all(a.q == 1 for a in found)
    # dollars asked, 10 / 3 = 3.333... dollars is no whole number of cents
    found = tree_answers([{"value": 3, "type": "pen"}, {"value": 10, "type": "dollar"}, {"value": "x", "type": "dollar"}])
    assert sympy.Rational(10, 3) not in found and all((a * 100).q == 1 for a in found)


# -- the price of one, an equal share --------------------------------------------------------------
@pytest.mark.parametrize("text, answer, product", [
    ("A pack of 4 markers costs $6.00. How much does one marker cost?", Fraction(3, 2), Fraction(24)),
    ("Sam paid 12 dollars for 3 pencils. How much does a pencil cost?", Fraction(4), Fraction(36)),
    ("Ann paid 20 dollars for 4 books. What is the price of one book?", Fraction(5), Fraction(80)),
])
def test_the_price_of_one_is_a_quotient(text, answer, product):
    """Before, the shipped model chose 4 * 6 = 24 for the markers."""
    assert target(qsets(text)).quotient
    found = answers(text)
    assert answer in found and product not in found


def test_the_price_of_several_is_no_quotient():
    assert not target(qsets("A notebook costs 3 dollars. How much do 9 notebooks cost?")).quotient


@pytest.mark.parametrize("text, answer", [
    ("A pack of 4 markers costs $6.00. How much does one marker cost?", Fraction(3, 2)),
    ("There are 24 red apples and 18 green apples. They are packed equally into 6 bags. How many apples are in each bag?",
     Fraction(7)),
])
def test_a_share_of_one_divides_by_the_count(text, answer):
    """x per marker, per bag, with 4 markers and 6 bags counted: x is a quotient (before, 4 * 6 = 24 and
    (24 + 18) * 6 won with the shipped model)."""
    p = qsets(text)
    assert target(p).quotient
    found = answers(text)
    assert answer in found and Fraction(24) not in found and Fraction(252) not in found


def test_each_alone_asks_a_share_per_person():
    """"How many apples did each get?" after "between the 2 of them": 2 counts persons, and x is
    a quotient (before, 2 counted apples and (15 + 21) - 2 won)."""
    text = ("Leo picked 15 apples and Kim picked 21 apples. They shared all the apples equally between the 2 of "
            "them. How many apples did each get?")
    p = qsets(text)
    assert number(p, "2").ent == "person"
    assert target(p).quotient
    found = answers(text)
    assert Fraction(18) in found and Fraction(34) not in found


def test_a_share_per_person_counts_people_of_a_kind():
    text = "Mia has 9 friends. She has 72 stickers to give them in equal numbers. How many stickers will each receive?"
    assert target(qsets(text)).quotient


@pytest.mark.parametrize("text", [
    # a number is already the share of each section: x is no quotient
    "There are 4 sections in the tent. Each section holds 246 people. How many people are in each section?",
    # nothing counts the baskets
    "Sam has 30 apples and 12 pears. How many apples are in each basket?",
    # the question asks the price of several: "4 stamps"
    "One stamp costs 34 cents. If the cost of each stamp remains the same, how much would 4 stamps cost?",
])
def test_no_share_asked_without_a_count_or_with_a_given_rate(text):
    assert not target(qsets(text)).quotient


# -- lists of prices --------------------------------------------------------------------------------
@pytest.mark.parametrize("text, things, total", [
    ("A pencil costs 2 dollars and a pen costs 3 dollars. Jake buys 5 pencils and 2 pens. How much does he spend?",
     {"pencil", "pen"}, Fraction(16)),
    ("Pens cost 3 dollars each and notebooks cost 4 dollars each. Jake buys 5 notebooks and 2 pens. How much does he "
     "spend?", {"notebook", "pen"}, Fraction(26)),
])
def test_each_price_of_a_list_multiplies_its_count(text, things, total):
    p = qsets(text)
    price = {q.rate: q for q in p.qsets if q.ent == "dollar" and q.qnt is not None}
    for thing in things:
        count = next(q for q in p.qsets if q.ent == thing)
        assert price[thing].operation == "mul" and price[thing].whole == count.token
    assert total in answers(text)


def test_a_list_of_prices_is_no_difference_of_quotients():
    """Before, the shipped model's choice was 2 = ((x - 3) / 5) / 2: every price now meets its count."""
    text = "A pencil costs 2 dollars and a pen costs 3 dollars. Jake buys 5 pencils and 2 pens. How much does he spend?"
    assert Fraction(23) not in answers(text)


def test_one_price_is_no_list():
    p = qsets("A pencil costs 2 dollars. Jake buys 5 pencils and 2 erasers. How much does he spend?")
    assert all(not q.operation for q in p.qsets)


# -- how many groups of a size ----------------------------------------------------------------------
@pytest.mark.parametrize("text, answer", [
    ("A class has 14 boys and 16 girls. The students are put into teams of 5. How many teams are there?", Fraction(6)),
    ("Sue has 80 crayons to put in boxes. Every box can contain 8 crayons. How many boxes does she need?", Fraction(10)),
])
def test_the_number_of_groups_of_a_size_is_a_quotient(text, answer):
    """"teams of 5", "Every box can contain 8": x counts the groups, no number counts them, so x is
    the grouped things divided by the size (before, 14 + (16 - 5) won for the teams)."""
    assert target(qsets(text)).quotient
    found = answers(text)
    assert answer in found and Fraction(25) not in found


@pytest.mark.parametrize("text", [
    # the teams are counted: the players are asked
    "There are 4 teams of 5 players. How many players are there?",
    # the teams are counted by a number of the text
    "The coach has 30 players and 6 teams of 5 players. How many teams are there?",
])
def test_no_quotient_of_groups_when_they_are_counted_or_not_asked(text):
    assert not target(qsets(text)).quotient


# -- the model chooses among the trees the readings leave -----------------------------------------
def test_the_solver_answers_the_price_of_one():
    """The shipped model ranks every candidate, the readings leave the quotients: 6 / 4 (before: 4 * 6 = 24)."""
    from pyasp.algebra.solver import solve_text

    assert solve_text("A pack of 4 markers costs $6.00. How much does one marker cost?").answer == 1.5


@pytest.mark.parametrize("postfix, expected", [
    ((1, 2, "div", 3, "eq"), "div"),   # 6 / 4 = x
    ((1, 3, "div", 2, "eq"), "div"),   # 6 / x = 4
    ((3, 1, "mul", 2, "eq"), "div"),   # x * 6 = 4
    ((3, 1, "div", 2, "eq"), "mul"),   # x / 6 = 4
    ((1, 3, "add", 2, "eq"), "sub"),   # 6 + x = 4
    ((3, 1, "sub", 2, "eq"), "add"),   # x - 6 = 4
    ((1, 3, "sub", 2, "eq"), "sub"),   # 6 - x = 4
    ((1, 2, "add", 3, "eq"), "add"),   # 6 + 4 = x
    ((2, 3, "eq"), "leaf"),            # 4 = x
])
def test_solved_as_names_the_outermost_operation_of_x(postfix, expected):
    from pyasp.algebra.engine import solved_as
    from pyasp.algebra.trees import EquationTree

    qs = tuple(quantities_from_json([{"value": 6, "type": "a"}, {"value": 4, "type": "b"}, {"value": "x", "type": "a"}]))
    assert solved_as(EquationTree(postfix, qs), 3) == expected


# -- cents against dollars when a count is asked ---------------------------------------------------
def test_cents_and_dollars_convert_when_a_count_is_asked():
    """"25 cents each ... with 2 dollars": 0.01 dollar a cent is implied, so 25 * (0.01 * x) = 2 gives
    8 pencils (before, no tree could: x = 25 * 2 won)."""
    text = "Pencils cost 25 cents each. How many pencils can you buy with 2 dollars?"
    p = qsets(text)
    assert any(q.implicit == "0.01 dollar per cent" for q in p.qsets)
    assert Fraction(8) in answers(text)


def test_no_conversion_when_only_cents_are_named():
    p = qsets("Pencils cost 25 cents each. Tom buys 4 pencils. How many cents does he pay?")
    assert not any(q.implicit for q in p.qsets)
