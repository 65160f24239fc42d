"""The equation-tree engine's check at choice time that a question asking how far apart two amounts
are is answered by a difference (pyasp.algebra.engine.not_a_difference over the shared reading
pyasp.text.reading.asks_a_difference): "how many fewer ... than", "how many feet taller", "how much
faster", "the difference between". The texts are written for these tests."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import Tree, all_answers, answers, qsets

from pyasp.algebra.engine import not_a_difference
from pyasp.algebra.solver import solve_text
from pyasp.text.reading import asks_a_difference, read

BUSES = "The blue bus carries 48 children and the yellow bus carries 35 children. How many fewer children does the yellow bus carry?"
GIRAFFE = "A giraffe is 18 feet tall and a zebra is 5 feet tall. How many feet taller is the giraffe?"
PUMPKIN = "A pumpkin weighs 14 pounds and a squash weighs 6 pounds. How many pounds heavier is the pumpkin?"
NINA = "Nina ran 7 miles on Monday and 4 miles on Tuesday. How many more miles did she run on Monday?"
TRAIN = "A train travels 80 miles per hour and a car travels 55 miles per hour. How much faster is the train?"


@pytest.mark.parametrize("text, right, wrong", [
    (BUSES, 13, 83),
    (GIRAFFE, 13, 23),
    (PUMPKIN, 8, 20),
    (NINA, 3, 11),
])
def test_a_difference_asked_is_answered_by_one(text, right, wrong):
    """The sum is among the candidates, the check leaves it out, and the shipped model chooses the
    difference."""
    assert Fraction(wrong) in all_answers(text)
    assert Fraction(wrong) not in answers(text)
    assert Fraction(str(solve_text(text).answer)) == right


@pytest.mark.parametrize("text, expression, bad", [
    (GIRAFFE, ("sub", "18", "5"), False),
    (GIRAFFE, ("add", "18", "5"), True),
    (GIRAFFE, ("mul", "18", "5"), True),
    (GIRAFFE, "5", False),  # a number the text gives
    (TRAIN, ("mul", ("sub", "80", "55"), "80"), False),  # a difference scaled
])
def test_not_a_difference(text, expression, bad):
    p = qsets(text)
    assert not_a_difference(Tree(p, expression), p) is bad


@pytest.mark.parametrize("text, sentence, asked", [
    ("How many more stamps does Ida need to have 50 stamps?", 0, True),
    ("Maya's bag weighs 12 pounds and Leo's 7. What is the difference between the weights of their bags?", 1, True),
    ("Rob is 9 years old. How much older is his sister, who is 14?", 1, True),
    ("A train travels 80 miles per hour and a car 40. How many times faster is the train?", 1, False),  # a ratio
    ("Each big box holds 9 cups. How many larger boxes does he need for 36 cups?", 1, False),  # a kind of box
    ("Ann has 5 pens and Bo has 3 more pens. How many pens do they have?", 1, False),  # "more" not asked
])
def test_asks_a_difference(text, sentence, asked):
    assert asks_a_difference(read(text), sentence) is asked
