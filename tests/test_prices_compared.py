"""Prices compared and taken off, for both word-problem engines: a measure that only describes the
thing priced ("a 5 kg bag of flour costs $7.20", pyasp.text.reading.describes_a_noun), a price
compared without "than" in another unit of money ("paid 65 cents less", compared_unsaid), a
difference asked with a verb that compares ("By how many kilograms does ... outweigh ...?",
asks_a_difference) and a discount taken off a price ("a $7 discount", "took $6 off the bill",
takes_off_a_price; arith's math class DISCOUNT), or taken off the price asked when that is the
price before it ("before the discount", asks_before_a_discount; arith's math class
BEFORE_DISCOUNT). The texts are written for these tests (none is from a data set).

Guards: a measure that another number of the text shares a dimension with stays a quantity ("a 10
m roll ... each 175 cm long"), a measure asked about stays one ("How long ..."), a compared price
of things of another unit stays uncompared."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyasp.algebra.solver import solve_text as algebra_solve
from pyasp.arith.engine import read_info
from pyasp.arith.solver import solve_text as arith_solve
from pyasp.text.reading import asks_a_difference, asks_before_a_discount, compared_unsaid, describes_a_noun, read, takes_off_a_price

BOTH = [
    ("At Green Mart a 5 kg bag of flour costs $7.20. At Price Hall the same bag costs $6.50. "
     "How much less, in dollars, does the bag cost at Price Hall?", Fraction(7, 10)),
    ("By how many kilograms does the brown dog outweigh the white dog? The brown dog weighs 31 kg "
     "and the white dog weighs 24 kg.", 7),
    ("A lamp had a price tag of $36. At the sale it had a $7 discount. What was the sale price of the lamp in dollars?", 29),
    ("Nia bought 4 books for $8 each and got a $5 discount on the total. How much did she pay?", 27),
    # the price before a discount is asked: the price said is the one after it
    ("A lamp costs $29 after a $7 discount. How much did the lamp cost before discount?", 36),
    ("A kettle now sells for $38 after a $9 discount. What was the price of the kettle before the discount?", 47),
    # money "off": taken off the total of what was bought, said before or after it
    ("The shop took $6 off the bill when Omar bought 3 caps priced at $12 apiece. How much did Omar pay?", 30),
    ("Omar bought 3 caps for $12 each. He had a coupon for $5 off. How much did he pay?", 31),
]

ARITH = [
    ("Leo paid $3.40 for a sandwich. His friend paid 65 cents less for a salad. How many dollars did the salad cost?",
     Fraction(275, 100)),
]


def test_a_measure_before_the_noun_describes_it():
    doc = read(BOTH[0][0])
    assert [(m.text, describes_a_noun(doc, m, 2)) for m in doc.mentions] == [("5", True), ("$7.20", False), ("$6.50", False)]


@pytest.mark.parametrize("text, question", [
    ("A tailor has a 10 m roll of cloth. She cuts 4 pieces from it, each 175 cm long. How many centimeters are left?", 2),
    ("Tim has a 12 m rope. He cuts it into 4 pieces. How long is each piece?", 2),
])
def test_a_measure_before_the_noun_that_the_problem_uses(text, question):
    doc = read(text)
    assert not describes_a_noun(doc, doc.mentions[0], question)


def test_a_price_compared_in_cents_with_one_in_dollars():
    doc = read(ARITH[0][0])
    found = compared_unsaid(doc, doc.mentions[1])
    assert found is not None and found[0] == "less" and found[1] == doc.mentions[0]


def test_a_price_compared_with_a_count_of_other_things_is_no_comparison():
    doc = read("Leo has 3 apples. His friend paid 65 cents less for a salad. How many dollars did the salad cost?")
    assert compared_unsaid(doc, doc.mentions[1]) is None


@pytest.mark.parametrize("text, sentence, asked", [
    (BOTH[1][0], 0, True),
    ("By how many points did the Tigers beat the Lions? The Tigers scored 52 points and the Lions 38.", 0, True),
    ("By how many points did the Tigers score? They scored 52 points.", 0, False),
])
def test_a_verb_that_compares_asks_a_difference(text, sentence, asked):
    assert asks_a_difference(read(text), sentence) is asked


def test_a_discount_is_taken_off(knowledge):
    doc = read(BOTH[2][0])
    assert [takes_off_a_price(doc, m) for m in doc.mentions] == [False, True]
    assert read_info(doc, knowledge).numbers[1].math.text == "discount"


def test_money_off_is_taken_off_and_people_getting_off_are_not(knowledge):
    doc = read(BOTH[6][0])
    assert [takes_off_a_price(doc, m) for m in doc.mentions] == [True, False, False]
    assert read_info(doc, knowledge).numbers[0].math.text == "off"
    doc = read("A bus had 30 people. At the stop 9 people got off. How many people are on the bus?")
    assert [n.math for n in read_info(doc, knowledge).numbers] == [None, None]


@pytest.mark.parametrize("text, question, asked", [
    (BOTH[4][0], 1, True),
    (BOTH[2][0], 2, False),
    ("He had $30 before the trip and got a $5 discount on a hat. How much did the hat cost?", 1, False),
])
def test_a_question_asks_the_price_before_a_discount(text, question, asked):
    assert asks_before_a_discount(read(text), question) is asked


@pytest.mark.parametrize("text, answer", BOTH + ARITH)
def test_arith_answers(model, text, answer):
    assert Fraction(str(arith_solve(text, model).answer)) == answer


@pytest.mark.parametrize("text, answer", BOTH)
def test_algebra_answers(text, answer):
    assert Fraction(str(algebra_solve(text).answer)) == answer


@pytest.mark.parametrize("text, answer", [
    ("The pile of red bricks by the wall is 90 cm high. The pile of grey bricks next to it is half as high. "
     "How many centimeters high is the pile of grey bricks?", 45),
])
def test_algebra_reads_half_as_high_as_a_multiple_of_the_number_before(text, answer):
    assert Fraction(str(algebra_solve(text).answer)) == answer


def test_arith_reads_money_given_back_as_change(knowledge, model):
    text = ("Ms. Cole handed the cashier a $10 bill to pay for 3 notebooks that cost $2.25 apiece. "
            "How many dollars should the cashier give back to her?")
    assert read_info(read(text), knowledge).question.unit.text == "change"
    assert Fraction(str(arith_solve(text, model).answer)) == Fraction("3.25")
