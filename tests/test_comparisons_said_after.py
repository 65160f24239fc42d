"""Comparisons said after the fact or as a phrase, for both word-problem engines (found on the
development set grade_school_10.json; the texts here are written for these tests, with other
things, names and numbers):

- a unit's abbreviation after a number that the tagger read as a verb ("60 m long": the "'m" of
  "I'm") is parsed again with the unit written in full (pyasp.text.repairs), so the amount hangs
  on its sentence's verb and subject;
- ", which is 19 m higher than X" / ", which is 4 times as much as X" stands for the amount said
  just before it in its sentence, also when the parser hangs the clause on a noun after the amount
  ("$120 for a new guitar, which ...") or on its verb ("stands 27 m high, which ..."): the first
  thing named is the larger one, X is compared with it (arith);
- "That is 3 times as long as Ben's rope": the two subjects (Nora's rope, "That") are one entity,
  the rope compared with is another's (arith tells owners apart; algebra reads "as long as" with
  the parser's adverb "long" and counts the comparison from x when only the question names Ben's
  rope);
- "How many kilometers per hour faster ...?" asks a difference, as "How many kilometers faster"
  does (the asked unit's "per hour" between), and units of measure compare by name ("cm" and
  "centimeters");
- "the tallest one" is no number;
- "Tickets are $11, but children pay $4 less": a number "less" (or "fewer") with no "than" after it
  is taken from the amount said before it (algebra)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyasp.algebra.solver import solve_text as algebra_solve
from pyasp.arith.engine import prepare, read_info, unit_of
from pyasp.arith.solver import solve_text as arith_solve
from pyasp.text.reading import asks_a_difference, read

TOWER = ("The oak pole in the yard stands 14 m tall, which is 5 m taller than the fence post. "
         "How tall is the fence post, in meters?")
ROPE = "Nora's rope is 36 m long. That is 3 times as long as Ben's rope. How many meters long is Ben's rope?"
BIKE = "Omar spent $90 on a new bike, which is 3 times as much as Lily spent. How many dollars did Lily spend?"
FALCON = ("A falcon can fly 95 km per hour and a pigeon can fly 60 km per hour. "
          "How many kilometers per hour faster is the falcon?")
BENCH = ("The longest bench in the park is 320 cm long, and the shortest is 150 cm long. "
         "How many centimeters longer is the longest one?")

CASES = [(TOWER, 9), (ROPE, 12), (BIKE, 30), (FALCON, 35), (BENCH, 170)]


# -- a unit's abbreviation read as a verb -----------------------------------------------------------------
@pytest.mark.parametrize("text, word", [
    ("Nora's rope is 36 m long.", "m"),
    ("The oak pole in the yard stands 14 m tall, which is 5 m taller than the fence post.", "m"),
    ("The pool is 25 m long and 10 m wide.", "m"),
])
def test_a_units_abbreviation_after_a_number_is_a_noun(text, word):
    doc = read(text)
    for t in doc.tokens:
        if t.text == word:
            assert t.pos == "NOUN", (t.text, t.tag)
            assert doc.tokens[t.i - 1].head == t.i  # the number counts it


def test_the_amount_hangs_on_its_sentences_verb(knowledge):
    info = read_info(read(ROPE), knowledge)
    assert info.numbers[0].verb.text == "is" and info.numbers[0].subj.lemma == "rope"


def test_a_verb_after_a_number_stays_a_verb():
    # guard: a verb that abbreviates no unit is not touched ("3 am" is no unit: left as parsed)
    doc = read("Lena ran 3 miles and swam 2 laps.")
    assert [t.pos for t in doc.tokens if t.text in {"ran", "swam"}] == ["VERB", "VERB"]


# -- ", which is ..." stands for the amount just said ---------------------------------------------------
@pytest.mark.parametrize("text", [TOWER, BIKE])
def test_which_is_compares_the_amount_said_before(knowledge, text):
    first, compared = read_info(read(text), knowledge).numbers
    assert compared.math is not None and compared.subj == first.subj


# -- "how many UNIT per UNIT faster" asks a difference -------------------------------------------------
def test_a_comparative_after_a_rate_asked_asks_a_difference():
    assert asks_a_difference(read(FALCON), 1)
    # guard: a ratio is no difference
    assert not asks_a_difference(read("A falcon flies 90 km per hour and a pigeon 30. "
                                      "How many times faster per hour is the falcon?"), 1)


def test_units_of_measure_compare_by_name(knowledge):
    p = prepare(read(BENCH), knowledge)
    assert unit_of(p.info.numbers[0], knowledge)[0] == unit_of(p.info.question, knowledge)[0] == "centimeter"


# -- "the tallest one" ----------------------------------------------------------------------------------
def test_one_after_a_determiner_or_an_adjective_is_no_number():
    assert [m.text for m in read(BENCH).mentions] == ["320", "150"]
    assert [m.text for m in read("The red one costs $4 and the blue one costs $6.").mentions] == ["$4", "$6"]
    # guard: "one" counting a noun is a number
    assert [m.value for m in read("She bought one apple and 3 pears.").mentions] == [1, 3]


# -- the answers -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, answer", CASES)
def test_arith_answers(model, text, answer):
    assert arith_solve(text, model).answer == answer


@pytest.mark.parametrize("text, answer", CASES)
def test_algebra_answers(text, answer):
    assert Fraction(str(algebra_solve(text).answer)) == answer


# -- "$4 less" with no "than" (algebra) -------------------------------------------------------------------
@pytest.mark.parametrize("text, answer", [
    ("A large pizza costs $14. A small pizza costs $5 less. How much do 3 small pizzas cost?", 27),
    ("Adult passes for the zoo are $15, but students pay $6 less. What do 4 students pay in all, in dollars?", 36),
    # guard: answered so before too
    ("Mia has 24 stickers. Her brother has 7 fewer. How many stickers does her brother have?", 17),
])
def test_algebra_a_number_less_than_the_amount_before(text, answer):
    assert Fraction(str(algebra_solve(text).answer)) == answer
