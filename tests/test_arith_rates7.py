"""Rates and groups of the declarative-rules engine, found on the seventh hand-written set
(examples/wordproblems/grade_school_7.json, a development set), in general form:

- "apiece" ends an amount said per one thing as "each" does ("$4 apiece" is "$4 each"): the rate
  reader (:data:`pyasp.arith.properties.EACH_AFTER`) and the rate classifier's words
  (:data:`pyasp.arith.rates.SAME_AS`) read it so, and the dimensional-analysis rules then divide a
  sum of money by the price of one thing, or multiply the price by a count.

The texts are written for these tests (other nouns, names, numbers, orders than the set's); those
of ``test_without_the_apiece_reading`` are answered wrongly without the reading."""

from __future__ import annotations

import pytest

import pyasp.arith.properties as properties
import pyasp.arith.rates as rates
from pyasp.arith.solver import solve_text


@pytest.fixture(scope="module")
def model():
    from pyasp.arith.solver import load_model

    return load_model("default")


APIECE = [
    ("Notebooks cost $3 apiece at the school store. Omar spent $27 on notebooks. How many notebooks did he buy?", 9),
    ("The bakery sells muffins for $2 apiece. Dana paid $14 for muffins. How many muffins did she get?", 7),
    ("Mia bought 7 candles. They cost $2 apiece. How much did she spend?", 14),
    ("Peaches at the market cost 60 cents apiece. How much do 5 peaches cost, in dollars?", 3),
]


@pytest.mark.parametrize("text, answer", APIECE)
def test_apiece_is_a_price_of_one(model, text, answer):
    assert solve_text(text, model).answer == pytest.approx(answer)


@pytest.mark.parametrize("text, answer", [APIECE[0], APIECE[1], APIECE[3]])
def test_without_the_apiece_reading(model, monkeypatch, text, answer):
    monkeypatch.setattr(properties, "EACH_AFTER", frozenset({"each"}))
    monkeypatch.setattr(rates, "SAME_AS", {})
    assert solve_text(text, model).answer != pytest.approx(answer)


def test_apiece_reads_as_each(model):
    """The same problem said with "each" and with "apiece" is answered alike."""
    text = "Kites cost $6 {} at the fair. Lee paid $42 for kites. How many kites did he buy?"
    assert solve_text(text.format("apiece"), model).answer == solve_text(text.format("each"), model).answer == 7
