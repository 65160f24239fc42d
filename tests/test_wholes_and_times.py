"""Comparisons of one thing at two times and wholes said otherwise, found on the fourteenth
hand-written set (examples/wordproblems/grade_school_14.json), in general form:

- a comparison whose "than" names a time ("15 more than on Monday", "which was 19 more than it
  sold on Friday", "29 fewer than last year") compares the same thing at two times
  (pyasp.text.reading.times_compared): a number telling the time compared with is its base (the
  comparison applied), a number telling the comparison's own time is the compared thing (the
  comparison undone), in both engines, also when the question asks the total of the two times;
- "Priya got 14 votes, Ben got 11 votes, and Chloe got the rest": the rest taken as the parts are
  (the arithmetic engine; the equation-tree engine reads the whole of other things);
- games won and lost are the parts of the games played (pyasp.text.reading.outcomes_played).

The texts are written for these tests (other nouns, names and numbers than the set's); each was
answered wrongly before these readings, unless marked as a guard."""

from __future__ import annotations

import pytest

from pyasp.algebra.solver import solve_text as solve_algebra
from pyasp.arith.solver import solve_text
from pyasp.text.reading import outcomes_played, read, time_of, times_compared

ASKED_BEFORE = ("A juice bar sold 52 smoothies on Sunday, which was 17 more smoothies than it sold on Thursday. "
                "How many smoothies did it sell on Thursday?")
TOTAL_APPLIED = ("On Wednesday a library lent 38 books. On Thursday it lent 12 more books than on Wednesday. "
                 "How many books did it lend on both days together?")
TOTAL_UNDONE = ("A farm stand sold 63 melons on Sunday, which was 21 more than it sold on Saturday. "
                "How many melons did it sell on the two days together?")
LAST_YEAR = ("The chess club has 41 members this year, which is 13 fewer than last year. "
             "How many members did the chess club have last year?")


def test_the_times_a_comparison_names():
    doc = read(ASKED_BEFORE)
    assert [times_compared(doc, m) for m in doc.mentions][1] == ("sunday", "thursday")
    doc = read(LAST_YEAR)
    assert times_compared(doc, doc.mentions[1]) == ("this year", "last year")
    assert time_of(doc, doc.mentions[0]) == "this year"
    # guard: compared with another thing, not a time
    doc = read("Tom has 5 more apples than the red basket on Monday. How many apples does Tom have?")
    assert times_compared(doc, doc.mentions[0]) is None


@pytest.mark.parametrize("text, answer", [
    (ASKED_BEFORE, 35),
    (TOTAL_APPLIED, 88),
    (TOTAL_UNDONE, 105),
    # the time compared with told before, its later time asked
    ("It snowed 8 inches on Monday. On Tuesday it snowed 3 inches more than on Monday. How much did it snow on Tuesday?", 11),
    # guard: both engines answered it before
    (LAST_YEAR, 54),
])
def test_both_engines_compare_one_thing_at_two_times(model, text, answer):
    assert solve_text(text, model).answer == answer
    assert solve_algebra(text).answer == answer


def test_the_rest_taken_as_the_parts_are(model):
    text = ("All 31 students of the class voted for a class pet. Omar's hamster got 12 votes, Lia's fish got 9 votes, "
            "and Sam's turtle got the rest. How many votes did Sam's turtle get?")
    assert solve_text(text, model).answer == 10


@pytest.mark.parametrize("text, outcomes", [
    ("The school soccer team won 17 games and lost 9 games last year. How many games did the team play?", ["17", "9"]),
    # guards: a difference asked with another verb; points won, no contests
    ("The school soccer team won 17 games and lost 9 games last year. How many more games did it win than lose?", []),
    ("Ana won 17 points and lost 9 points. How many points did she play?", []),
])
def test_games_won_and_lost(text, outcomes):
    doc = read(text)
    assert [m.text for m in outcomes_played(doc, len(doc.sentences) - 1)] == outcomes


def test_both_engines_add_the_games_won_and_lost(model):
    text = "The hockey team won 19 matches and lost 11 matches this winter. How many matches did the team play?"
    assert solve_text(text, model).answer == 30
    assert solve_algebra(text).answer == 30
