"""Reading a word problem into Qsets and picking out its numbers, for the tests of the equation-tree
engine's readings."""

from __future__ import annotations

from pyasp.algebra.qsets import ground_problem
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
