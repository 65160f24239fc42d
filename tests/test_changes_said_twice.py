"""Changes said with a before and an after, found on the fourteenth hand-written set
(examples/wordproblems/grade_school_14.json, a development set), in general form:

- two states one sentence says of two times ("had 310 stamps before the fair and 365 stamps after
  it", "40 members in March and 52 members in June"), the question asking what happened between
  them with a verb of no state: their difference (pyasp.text.reading.said_at_two_times);
- "By how many ... did it <verb>" asks a difference, whatever the verb (not "multiplied");
- arith: a length gone back ("slid back 9 cm") after a length gone, asked where that leaves the
  mover, is taken off;
- a number a relative clause set off by a comma says a noun has ("the tram, which has 50 seats"),
  the question asking other things, is said in passing (pyasp.text.reading.said_in_passing);
- arith: a number of the question after "those" that says again one of the text ("after those 5
  weeks") is no part of the answer;
- algebra: time of the kind a rate is of is the amount, no period counted over ("each shift is 8
  hours long. How many hours ... each week?"): the question's rate "each week" is read again.

The texts are written for these tests (other nouns, names and numbers than the set's)."""

from __future__ import annotations

import pytest

from pyasp.algebra.solver import solve_text as solve_algebra
from pyasp.arith.solver import solve_text
from pyasp.text.reading import asks_a_difference, read, said_at_two_times, said_in_passing

STAMPS = "A stamp club bought some stamps at a show. The club had 310 stamps before the show and 365 stamps after it. How many stamps did the club buy?"
MEMBERS = "The drama club had 40 members in March and 52 members in June. Nobody left. How many members joined between March and June?"
SNOW = "By how many centimeters did the puddle shrink during the day, if it measured 31 cm at dawn and 12 cm at sunset?"
SNAIL = "A beetle climbed 36 cm up a fence post, then slid back 9 cm in the wind. How many centimeters up the post was the beetle then?"
TRAM = ("A tram left the depot with some passengers. At the first stop, 5 people got off and nobody got on, leaving 21 "
        "passengers on the tram, which has 50 seats. How many passengers were on the tram when it left the depot?")
PLANT = "A sunflower was 10 cm tall. It grew 3 cm each week for the next 5 weeks. How tall was the sunflower after those 5 weeks, in centimeters?"
SHIFTS = "A baker works 5 shifts a week, and each shift is 8 hours long. How many hours does he work each week?"


def test_two_states_said_of_two_times():
    doc = read(MEMBERS)
    assert said_at_two_times(doc, doc.mentions[0], doc.mentions[1])
    doc = read(STAMPS)
    assert said_at_two_times(doc, doc.mentions[0], doc.mentions[1])
    # guard: two amounts of one place, no times
    doc = read("Tom had 5 apples in the basket and 7 apples in the box. How many apples did he pick?")
    assert not said_at_two_times(doc, doc.mentions[0], doc.mentions[1])


@pytest.mark.parametrize("text, answer", [(STAMPS, 55), (MEMBERS, 12)])
def test_what_happened_between_two_states(model, text, answer):
    assert solve_text(text, model).answer == answer
    assert solve_algebra(text).answer == answer


def test_two_times_of_events_asked_in_all_are_a_sum(model):
    # guard: events (not states) on two days, a total asked
    text = "Ravi read 42 pages on Monday and 37 pages on Tuesday. How many pages did he read in all?"
    assert solve_text(text, model).answer == 79
    assert solve_algebra(text).answer == 79


def test_by_how_many_with_a_verb_of_change_asks_a_difference(model):
    assert asks_a_difference(read(SNOW), 0)
    assert solve_text(SNOW, model).answer == 19
    assert solve_algebra(SNOW).answer == 19


def test_a_length_gone_back_is_taken_off(model):
    assert solve_text(SNAIL, model).answer == 27


def test_a_number_said_in_passing(model):
    doc = read(TRAM)
    assert [m.text for m in doc.mentions if said_in_passing(doc, m, len(doc.sentences) - 1)] == ["50"]
    assert solve_algebra(TRAM).answer == 26
    # guard: what the relative clause says of the asked things counts
    assert solve_algebra("Tom gave 5 apples to Ann, who has 7 apples. How many apples does Ann have now?").answer == 12


def test_a_number_said_again_after_those(model):
    assert solve_text(PLANT, model).answer == 25


def test_time_of_the_kind_of_a_rate_is_no_period():
    assert solve_algebra(SHIFTS).answer == 40
