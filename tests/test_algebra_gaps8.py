"""Readings of the equation-tree engine found on the development sets 6-8 (pyasp.algebra): how a change of a
story acts on what its owner has ("added", "put back in", "took 16 of them", "were returned", "7 of them left",
"lent to the *visiting* team"), the end of a story said "stayed" or "were left", a pronoun agreeing with its
subject's gender, a name the tagger read once as a common noun, "the first stop" (no start asked), a story told
in the question's own "if" clause, and the sides a rectangle's or a square's perimeter implies.

The texts are variants of the hand-written problems written for these tests (other verbs, things, names,
numbers and orders), not the problems."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import number, qsets, target

from pyasp.algebra.solver import solve_text


def solved(text: str) -> Fraction:
    """The shipped model's answer."""
    return Fraction(str(solve_text(text).answer))


# -- how a change acts on the owner ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, num, op, right", [
    ("The toy box held 35 blocks. Oliver added the 12 blocks that he had found under the sofa. "
     "How many blocks are in the toy box now?", "12", "add", 47),
    ("The jar held 60 coins. Nadia took out 18 coins for the bus, and later she put 9 coins back in. "
     "How many coins are in the jar now?", "9", "add", 51),
    ("Teodor had 80 marbles. His older sister took 25 of them. Later he won 14 more marbles at school. "
     "How many marbles does Teodor have now?", "25", "sub", 69),
    ("The club had 30 rackets. The coach lent 12 of them to the visiting club, and later 8 of those were returned. "
     "How many rackets does the club have now?", "8", "add", 26),
    ("Twenty ducks were swimming in the pond. Then 6 of them flew off to the river, and 9 more ducks landed. "
     "How many ducks are in the pond now?", "6", "sub", 23),
    ("Lucia already had 7 comic books at home. On Friday she borrowed 5 more. On Sunday she returned 4 of them. "
     "How many comic books does Lucia have now?", "4", "sub", 8),
])
def test_the_change_of_a_story(text, num, op, right):
    """Each change says how it acts on the owner: the story's end is x alone, the changes signed."""
    p = qsets(text)
    assert target(p).result and number(p, num).operation == op
    assert solved(text) == right


def test_a_receiver_named_with_another_modifier_is_another_one():
    """"gave 10 folders to the *junior* choir" is not given to "the choir" the story is about."""
    text = ("The choir had 50 folders. Mr. Okafor found 6 more in the office, and then he gave 10 folders to the junior "
            "choir. How many folders does the choir have now?")
    assert number(qsets(text), "10").operation == "sub"
    assert solved(text) == 46


def test_a_pronoun_agrees_with_a_gendered_noun():
    """"Her little brother took 16 of them. Later *she* found 10 more": she is not the brother."""
    text = ("Amara had 90 cards. Her little brother took 20 of them. Later she found 15 more cards in a drawer. "
            "How many cards does Amara have now?")
    assert number(qsets(text), "15").ctr == "amara"
    assert solved(text) == 85


def test_a_name_read_once_as_a_common_noun():
    """"Ines had $8.25": the tagger reads the first "Ines" as a noun (lemma "ine"); the name is the owner."""
    text = "Ines had $6.50 in her purse. Her uncle gave her $4 for raking leaves. How much money does Ines have now?"
    assert number(qsets(text), "$6.50").ctr == "ines"
    assert solved(text) == Fraction("10.5")


# -- the end and the start of a story --------------------------------------------------------------------------
@pytest.mark.parametrize("text, right", [
    ("Some pigeons were sitting on the roof. Then 14 of them flew away, and 9 pigeons stayed. "
     "How many pigeons were on the roof at first?", 23),
    ("The zoo had some free tickets to hand out. After 120 tickets were given to school classes, 35 were left. "
     "How many tickets did the zoo have to begin with?", 155),
    ("A tank had some liters of water in it. Ravi added 40 liters, and now there are 95 liters. "
     "How many liters were in the tank before Ravi added water?", 55),
])
def test_the_start_asked_from_the_end(text, right):
    assert any(q.result for q in qsets(text).qsets)
    assert solved(text) == right


def test_the_first_of_several_asks_no_start():
    """"after the *first* stop": an end asked, not the start ("at first")."""
    text = ("A train left the station with 40 passengers. At the first stop, 12 passengers got off and 7 got on. "
            "How many passengers were on the train after the first stop?")
    assert target(qsets(text)).result
    assert solved(text) == 35


# -- a story in the question's "if" clause ------------------------------------------------------------------------
@pytest.mark.parametrize("text, right", [
    ("How many stamps does Kofi have now if he started the week with 38 stamps and bought 25 more at the fair?", 63),
    ("How many tulips are in the flower bed now if it already had 20 and the children planted 15 more on Monday "
     "and 12 more on Tuesday?", 47),
])
def test_a_story_told_in_the_if_clause(text, right):
    p = qsets(text)
    assert target(p).result and any(q.operation == "add" for q in p.qsets if q.qnt is not None)
    assert solved(text) == right


# -- perimeters ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, right", [
    ("A rectangular playground is 30 meters long and 20 meters wide. How many meters of fence are needed to go all "
     "the way around the playground?", 100),
    ("Find the perimeter, in inches, of a rectangular photo that is 9 inches long and 6 inches wide.", 30),
    ("What is the perimeter, in meters, of a square pool that measures 8 meters on each side?", 32),
])
def test_the_sides_a_perimeter_implies(text, right):
    assert any(q.implicit for q in qsets(text).qsets)
    assert solved(text) == right


def test_an_area_implies_no_two_sides():
    text = "A rectangular rug is 7 feet long and 5 feet wide. What is the area of the rug in square feet?"
    assert not any(q.implicit for q in qsets(text).qsets)
    assert solved(text) == 35
