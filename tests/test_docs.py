"""The examples in the docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

import pyasp.algebra.candidates
import pyasp.asp
import pyasp.text.numbers
import pyasp.text.reading
import pyasp.wordproblems


@pytest.mark.parametrize("module", [pyasp.asp, pyasp.algebra.candidates, pyasp.text.numbers, pyasp.text.reading, pyasp.wordproblems])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0
