"""Reading a word problem into Qsets and picking out its numbers, for the tests of the equation-tree
engine's readings."""

from __future__ import annotations

from fractions import Fraction

from pyasp.algebra.engine import PrepareSettings, prepare
from pyasp.algebra.qsets import ground_problem
from pyasp.algebra.trees import Leaf, Node
from pyasp.text.reading import read


def qsets(text: str):
    """The grounded problem (Qsets, target) of ``text``."""
    return ground_problem(read(text))


def number(p, text: str):
    """The Qset of ``p`` read from the number written ``text``."""
    return next(q for q in p.qsets if q.text == text)


def target(p):
    """The Qset of the unknown."""
    return p.qsets[p.target_index]


def answers(text: str) -> set[Fraction]:
    """The answers of the candidates a model may choose from (those the readings leave)."""
    prepared = prepare(read(text), PrepareSettings())
    keep = prepared.admissible if any(prepared.admissible) else [True] * len(prepared.candidates)
    return {Fraction(int(c.answer.p), int(c.answer.q)) for c, ok in zip(prepared.candidates, keep) if ok}


def all_answers(text: str) -> set[Fraction]:
    """The answers of all candidates, the readings' choice aside."""
    prepared = prepare(read(text), PrepareSettings())
    return {Fraction(int(c.answer.p), int(c.answer.q)) for c in prepared.candidates}


class Tree:
    """The tree x = ``expression`` over the numbers of ``p``: an expression is a number's text or
    (op, left, right), e.g. ("sub", ("mul", "4", "6"), "5")."""

    def __init__(self, p, expression):
        index = {q.text: i for i, q in enumerate(p.qsets, start=1)}

        def build(e):
            return Leaf(index[e]) if isinstance(e, str) else Node(e[0], build(e[1]), build(e[2]))
        self.root = Node("eq", Leaf(p.target_index + 1), build(expression))
