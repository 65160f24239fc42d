"""The equation-tree engine's check of kinds at choice time (pyasp.algebra.engine.other_kind_added): a
question that asks for things of one kind ("blue marbles") is not answered by adding things of another
kind ("red marbles"), nor by taking them from the asked kind; they may be taken from a whole that names
no kind. A model retrained from SingleEq alone chose such trees on AddSub's stories of two kinds.

The texts are written for these tests (other things, names, numbers and orders than AddSub's)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import Tree, all_answers, answers, qsets

from pyasp.algebra.engine import other_kind_added
from pyasp.algebra.solver import solve_text


PENCILS = "Mia has 25 yellow pencils and 13 green pencils. Leo has 10 yellow pencils. How many yellow pencils do they have altogether?"
OAKS = "There are 18 oak trees and 7 pine trees in the yard. The gardener plants 6 more oak trees. How many oak trees are in the yard now?"
APPLES = "Nora had 14 red apples and 9 green apples. She ate 3 of the red apples. How many red apples does Nora have now?"
SHIRTS = "A shop had 50 shirts, 20 red shirts and 30 blue shirts. It sold 5 red shirts. How many red shirts are left?"


@pytest.mark.parametrize("text, expression, bad", [
    (PENCILS, ("add", "25", "10"), False),
    (PENCILS, ("add", ("add", "25", "13"), "10"), True),  # green pencils counted as yellow ones
    (PENCILS, ("add", ("sub", "25", "13"), "10"), True),  # green ones taken from the yellow ones
    (OAKS, ("add", "18", "6"), False),
    (OAKS, ("add", ("add", "18", "7"), "6"), True),
    (APPLES, ("sub", "14", "3"), False),
    (APPLES, ("sub", ("sub", "14", "9"), "3"), True),
    (SHIRTS, ("sub", ("sub", "50", "30"), "5"), False),  # blue ones taken from a whole of no kind
    (SHIRTS, ("sub", ("sub", "20", "30"), "5"), True),  # blue ones taken from the red ones
    (SHIRTS, ("sub", ("add", "20", "30"), "5"), True),
])
def test_other_kind_added(text, expression, bad):
    p = qsets(text)
    assert other_kind_added(Tree(p, expression), p) is bad


@pytest.mark.parametrize("text, right, wrong", [
    (PENCILS, 35, 48),
    (OAKS, 24, 31),
    (APPLES, 11, 20),
])
def test_the_check_narrows_the_choice(text, right, wrong):
    """The tree of another kind is among the candidates, the check leaves it out, the right one stays,
    and the shipped model chooses it."""
    assert Fraction(wrong) in all_answers(text)
    assert Fraction(wrong) not in answers(text)
    assert Fraction(right) in answers(text)
    assert Fraction(str(solve_text(text).answer)) == right


@pytest.mark.parametrize("text, expression", [
    # a comparison: the other kind is what the asked kind is said against
    ("There are 12 red cars in the lot. There are 5 more blue cars than red cars. How many blue cars are in the lot?",
     ("add", "12", "5")),
    # a number said on its own may describe rather than sort ("new" cards are baseball cards too)
    ("Leo had 75 baseball cards. He traded away 20 cards and got 13 new cards back. How many baseball cards does "
     "Leo have now?", ("add", ("sub", "75", "20"), "13")),
    # the question names the other kind
    ("Kim has 8 black socks and 6 white socks. How many black and white socks does she have?", ("add", "8", "6")),
])
def test_no_verdict_where_kinds_are_compared_or_both_asked(text, expression):
    p = qsets(text)
    assert not other_kind_added(Tree(p, expression), p)
