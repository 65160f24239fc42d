"""Readings of the equation-tree engine about numbers said in passing, parts that are away, a time
the question names, and numbers that count no noun (pyasp.algebra.qsets: _aside and _irrelevant,
_away, _target's fallback, _fill_entities, _entity_token's count of times)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import all_answers, number, qsets, target



# -- numbers said in passing -----------------------------------------------------------------------
@pytest.mark.parametrize("text, distractor", [
    ("Greg had 40 dollars. He went to the mall with 3 friends and bought a book for 12 dollars. "
     "How much money does he have left?", "3"),
    ("Isaac ran 5 laps on a track that is 400 meters long. He ran 3 more laps the next day. "
     "How many laps did he run in all?", "400"),
    ("On a trip of 120 miles, the Smiths stopped 2 times. They bought 6 sandwiches for 3 dollars each. "
     "How much did the sandwiches cost?", "120"),
    ("On a trip of 120 miles, the Smiths stopped 2 times. They bought 6 sandwiches for 3 dollars each. "
     "How much did the sandwiches cost?", "2"),
])
def test_numbers_said_in_passing_take_no_part(text, distractor):
    assert number(qsets(text), distractor).irrelevant


def test_a_number_said_in_passing_is_in_no_tree():
    """Before, 5 * 400 + 3 won: the 400 meters only cost less to leave out."""
    text = ("Isaac ran 5 laps on a track that is 400 meters long. He ran 3 more laps the next day. "
            "How many laps did he run in all?")
    assert Fraction(2003) not in all_answers(text) and Fraction(8) in all_answers(text)


def test_a_count_of_times_is_no_multiplier():
    """"stopped 2 times.": 2 counts times (before: 2 sandwiches, the next noun)."""
    p = qsets("On a trip of 120 miles, the Smiths stopped 2 times. They bought 6 sandwiches for 3 dollars each. "
              "How much did the sandwiches cost?")
    assert number(p, "2").ent == "time"


@pytest.mark.parametrize("text, number_text", [
    # the companions share: they count
    ("Greg went to the mall with 3 friends. They shared 12 cookies equally. How many cookies did each get?", "3"),
    # the measure is asked about
    ("A rope is 12 meters long. She cuts off 3 meters. How many meters of rope are left?", "12"),
    # the measure's unit is counted again
    ("Isaac ran on a track that is 400 meters long. He ran 1200 meters. How many laps did he run?", "400"),
    # "3 times as many": a multiplier, no count of times
    ("Ann has 5 apples. Tom has 3 times as many apples as Ann. How many apples does Tom have?", "3"),
    # a fraction of a set is no measure
    ("A farmer has 20 cows. A quarter of the cows are brown. How many cows are not brown?", "A quarter"),
])
def test_numbers_that_take_part_are_not_said_in_passing(text, number_text):
    assert not number(qsets(text), number_text).irrelevant


# -- what a question asks when it names a time -----------------------------------------------------
def test_a_time_in_the_question_is_not_what_it_asks():
    """"How much will he have after 4 weeks?" asks money, not weeks (before: x was weeks, and
    x = (15 * 4) / 10 won)."""
    p = qsets("Dan earns 10 dollars a week. He already has 15 dollars. How much will he have after 4 weeks?")
    assert target(p).ent == "dollar"


# -- a part that is away ---------------------------------------------------------------------------
def test_a_part_that_is_absent_is_taken_away():
    text = "A school has 4 classes with 25 students each. 12 students are absent today. How many students are at school today?"
    assert number(qsets(text), "12").operation == "sub"
    assert Fraction(88) in all_answers(text)


def test_a_part_that_is_away_and_asked_is_no_subtraction():
    p = qsets("A box has 30 eggs. 4 eggs are broken. How many eggs are broken?")
    assert number(p, "4").operation == ""


# -- numbers that count no noun --------------------------------------------------------------------
def test_a_number_with_no_noun_takes_the_thing_before_it_across_a_verb():
    """"She ate 6 and put the rest equally into 7 bags": 6 cookies, not 6 bags ("3 and 5 apples"
    still takes the next number's thing)."""
    p = qsets("Pam baked 48 cookies. She ate 6 and put the rest equally into 7 bags. How many cookies are in each bag?")
    assert number(p, "6").ent == "cooky"
    p = qsets("Sam has 3 and Ann has 5 apples. How many apples do they have?")
    assert number(p, "3").ent == "apple"


def test_a_group_size_is_not_read_as_the_money_after_it():
    """"He puts them into cartons of 12 and sells each carton for 3 dollars": 12 eggs, not 12
    dollars (before, 60 * 12 + 3 won)."""
    text = ("A farmer has 60 eggs. He puts them into cartons of 12 and sells each carton for 3 dollars. "
            "How much money does he make?")
    assert number(qsets(text), "12").ent == "egg"
    assert Fraction(15) in all_answers(text)
