"""Choice-time checks of the equation-tree engine found on the seventh hand-written set (pyasp.algebra.engine):
a part of a whole asked ("How many ... are *not* ...", "the rest") is taken from the whole, a change asked
between two states of one holder is their difference, an area asked ("Find the area, in square feet")
is a product of lengths, the rows and columns of a grid multiply, and the total cost of things the text
prices adds their costs. The shared readings are
:func:`pyasp.text.reading.asks_a_part`, :func:`~pyasp.text.reading.rest_asked` and
:func:`~pyasp.text.reading.asks_a_change`.

The texts are variants of the hand-written problems written for these tests (other verbs, things,
names, numbers and orders), not the problems."""

from __future__ import annotations

from fractions import Fraction

import pytest

import pyasp.algebra.engine as engine
from pyasp.algebra.engine import (change_not_a_difference, grid_counts, grid_not_multiplied, part_exceeds_whole,
                                  prepare, rest_parts, total_cost_taken, unit_mismatch)
from pyasp.algebra.solver import solve_text
from pyasp.text.reading import asks_a_change, asks_a_part, read, rest_asked


def solved(text: str) -> Fraction:
    """The shipped model's answer."""
    return Fraction(str(solve_text(text).answer))


def candidates(text: str):
    prepared = prepare(read(text))
    return prepared.problem, prepared.candidates


def question(text: str) -> tuple:
    doc = read(text)
    return doc, len(doc.sentences) - 1


def off(monkeypatch) -> None:
    """The checks of this file switched off."""
    monkeypatch.setattr(engine, "part_exceeds_whole", lambda *a, **k: False)
    monkeypatch.setattr(engine, "change_not_a_difference", lambda *a, **k: False)
    monkeypatch.setattr(engine, "grid_not_multiplied", lambda *a, **k: False)
    monkeypatch.setattr(engine, "grid_counts", lambda *a, **k: None)
    monkeypatch.setattr(engine, "total_cost_taken", lambda *a, **k: False)


# -- a part of a whole ----------------------------------------------------------------------------------------
PARTS = [
    ("Of the 48 runners in the race, 19 wore red shirts. How many runners did not wear red shirts?", 29),
    ("A shelf holds 36 jars. 14 of the jars are empty. How many jars are not empty?", 22),
    ("There are 55 birds on the pond, and 21 of them are ducks. How many birds on the pond are not ducks?", 34),
    ("Lena is 9 years old. She has 52 stamps, and 17 of them are from Peru. How many of her stamps are not from Peru?", 35),
    ("A baker packed 60 rolls. 22 were rye, 18 were wheat, and the rest were white. How many white rolls did the "
     "baker pack?", 20),
    ("A vase holds 50 stems: 12 lilies, 20 irises, and the rest tulips. How many tulips does the vase hold?", 18),
    ("A tin has 40 buttons. A fifth of them are black, and the rest are brown. How many brown buttons are in the tin?", 32),
    ("A jar of 70 marbles has 45 marbles that are not blue. All the other marbles are blue. How many blue marbles are "
     "in the jar?", 25),
]


@pytest.mark.parametrize("text, right", PARTS)
def test_a_part_of_a_whole_is_taken_from_the_whole(text, right):
    doc, s = question(text)
    assert asks_a_part(doc, s)
    assert solved(text) == right


@pytest.mark.parametrize("text, wrong", [
    ("Lena is 9 years old. She has 52 stamps, and 17 of them are from Peru. How many of her stamps are not from Peru?", 69),
    ("A vase holds 50 stems: 12 lilies, 20 irises, and the rest tulips. How many tulips does the vase hold?", 82),
    ("A tin has 40 buttons. A fifth of them are black, and the rest are brown. How many brown buttons are in the tin?", 50),
    ("A jar of 70 marbles has 45 marbles that are not blue. All the other marbles are blue. How many blue marbles are "
     "in the jar?", 115),
])
def test_without_the_part_check_the_model_adds_the_part_to_the_whole(text, wrong, monkeypatch):
    off(monkeypatch)
    assert solved(text) == wrong


def test_the_part_check_rules_out_sums_larger_answers_and_a_part_left_out():
    problem, cands = candidates("A vase holds 50 stems: 12 lilies, 20 irises, and the rest tulips. How many tulips "
                                "does the vase hold?")
    verdict = {c.tree.equation: part_exceeds_whole(c.tree, c.answer, problem) for c in cands}
    assert verdict["x=50-(12+20)"] is False
    assert verdict["x=50+(12+20)"] is True
    assert all(v for eq, v in verdict.items() if eq in {"x=(50-12)+20", "x=50-12", "x=12+20"})
    assert sorted(problem.qsets[i - 1].text for i in rest_parts(problem)) == ["12", "20"]


def test_a_whole_made_of_groups_may_exceed_every_number():
    """"4 crates with 15 pears in each crate. 9 pears were bruised": 4 * 15 - 9 = 51 is more than every number
    of the text, and still a part of the 60 pears."""
    text = "A shop got 4 crates with 15 pears in each crate. 9 pears were bruised. How many pears were not bruised?"
    problem, cands = candidates(text)
    verdict = {c.tree.equation: part_exceeds_whole(c.tree, c.answer, problem) for c in cands}
    assert verdict["x=(4*15)-9"] is False and verdict["x=(4*15)+9"] is True
    assert solved(text) == 51


@pytest.mark.parametrize("text", [
    "Tom has 5 balls and the other boys have 7 balls. How many balls are there in all?",
    "The other team scored 12 points and we scored 9 points. How many more points did the other team score?",
    "Ben was resting after he ran 4 miles. Then he ran 3 more miles. How many miles did he run?",
    "If he does not eat 3 of his 10 grapes, how many grapes does he eat?",
])
def test_no_part_is_asked(text):
    """A total, a difference, "resting", a negation in a clause of condition."""
    doc, s = question(text)
    assert not asks_a_part(doc, s)


def test_the_rest_word_the_question_asks_about():
    doc, s = question("A jar has 40 beads. 15 are blue and the rest are green. How many green beads are there?")
    assert rest_asked(doc, s).text == "rest"
    doc, s = question("A jar has 40 beads. 15 are blue and the rest are green. How many blue beads are there?")
    assert rest_asked(doc, s) is None  # the question asks a listed part, not the rest


# -- a change between two states ------------------------------------------------------------------------------
CHANGES = [
    ("The toy store had 85 kites before the festival. After the festival, it has 37 kites. How many kites did the "
     "store sell?", 48),
    ("A kitten weighed 3 pounds when Mia got it. Now it weighs 11 pounds. How many pounds has the kitten gained?", 8),
    ("The library had 120 books in March. Later it had 175 books. How many books did the library buy?", 55),
]


@pytest.mark.parametrize("text, right", CHANGES)
def test_a_change_between_two_states_is_their_difference(text, right):
    doc, s = question(text)
    assert asks_a_change(doc, s)
    assert solved(text) == right


@pytest.mark.parametrize("text, wrong", [(CHANGES[0][0], 122), (CHANGES[1][0], 14)])
def test_without_the_change_check_the_model_adds_the_states(text, wrong, monkeypatch):
    off(monkeypatch)
    assert solved(text) == wrong


def test_the_change_check_keeps_differences_only():
    problem, cands = candidates(CHANGES[0][0])
    verdict = {c.tree.equation: change_not_a_difference(c.tree, problem) for c in cands}
    assert verdict["x=85-37"] is False and verdict["x=85+37"] is True


@pytest.mark.parametrize("text", [
    "Fred has 5 cards and Sally has 7 cards. How many cards did they collect?",  # no two times
    "After paying 6 dollars for the pie, Mary has 52 dollars. How much money did she have before buying the pie?",
    "Jo had 12 shells. Now she has 20 shells. How many shells does she have in all?",  # a total
    "Kim had some stickers. She gave 4 away and now she has 9. How many stickers did she have to start with?",
])
def test_no_change_is_asked(text):
    doc, s = question(text)
    assert not asks_a_change(doc, s)


# -- an area, a grid ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, wrong, right", [
    ("Find the area, in square meters, of a patio that is 9 meters long and 4 meters wide.", "x=9-4", "x=9*4"),
    ("Find the area, in square inches, of a photo that is 8 inches wide and 10 inches long.", "x=10-8", "x=8*10"),
])
def test_an_area_asked_in_square_units_is_a_product_of_lengths(text, wrong, right):
    problem, cands = candidates(text)
    verdict = {c.tree.equation: unit_mismatch(c.tree, problem) for c in cands}
    assert verdict[wrong] is True and verdict[right] is False
    assert solved(text) == eval(right[2:])


@pytest.mark.parametrize("text, right", [
    ("An egg carton has 3 rows and 4 columns of cups. How many cups does the carton have?", 12),
    ("The auditorium has 20 rows and 15 columns of seats. How many seats are there?", 300),
    ("A chessboard has 8 rows and 8 columns of squares. How many squares are on the board?", 64),
])
def test_rows_and_columns_multiply(text, right):
    problem, _ = candidates(text)
    assert grid_counts(problem) is not None
    assert solved(text) == right


def test_without_the_grid_check_rows_and_columns_are_added(monkeypatch):
    text = "An egg carton has 3 rows and 4 columns of cups. How many cups does the carton have?"
    problem, cands = candidates(text)
    verdict = {c.tree.equation: grid_not_multiplied(c.tree, problem) for c in cands}
    assert verdict["x=3+4"] is True and verdict["x=3*4"] is False
    off(monkeypatch)
    assert solved(text) == 7


def test_a_grid_is_not_read_when_the_rows_are_asked():
    problem, _ = candidates("A garden has 48 plants in 6 rows and some columns. How many rows are there?")
    assert grid_counts(problem) is None


# -- the total cost of things priced ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, right", [
    ("A notebook costs $3 and a pen costs $2. What is the total cost of 4 notebooks and 5 pens?", 22),
    ("At the fair, a ride ticket costs $4 and a game token costs $1. What is the total cost of 3 ride tickets and "
     "6 game tokens?", 18),
])
def test_the_total_cost_of_things_priced_adds_their_costs(text, right):
    """Two prices per things read: the total cost is money (the unit check's verdict: no product of two
    costs) and adds each cost (no cost taken from another)."""
    problem, cands = candidates(text)
    verdict = {c.tree.equation: (unit_mismatch(c.tree, problem), total_cost_taken(c.tree, problem)) for c in cands}
    four, five = right == 22 and ("4*3", "5*2") or ("3*4", "6*1")
    assert verdict[f"x=({four})*({five})"][0] is True
    assert verdict[f"x=({four})-({five})"][1] is True
    assert verdict[f"x=({four})+({five})"] == (False, False)
    assert solved(text) == right


def test_one_price_asks_no_total_of_prices():
    problem, cands = candidates("A pen costs $2. Ann buys 5 pens and a bag. What is the total cost if she pays $9 for "
                                "the bag?")
    assert not any(total_cost_taken(c.tree, problem) for c in cands)
