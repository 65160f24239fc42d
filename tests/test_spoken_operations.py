"""Operations said in words on two numbers ("What is 7 plus 8?", "the product of 6 and 4", "What
number is 5 less than 12?"): the shared reading (pyasp.text.reading.spoken_operation) and both
word-problem engines, which answer such a question with the operation it says."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyasp.algebra.solver import solve_text as algebra_solve
from pyasp.arith.engine import prepare, said_operation
from pyasp.arith.solver import solve_text as arith_solve
from pyasp.text.reading import read, spoken_operation

SAID = [
    ("What is 7 plus 8?", "add", "7", "8", 15),
    ("What is seven plus eight?", "add", "seven", "eight", 15),
    ("What is the sum of 14 and 9?", "add", "14", "9", 23),
    ("How much is 6 dollars plus 11 dollars?", "add", "6", "11", 17),
    ("What is 20 minus 6?", "sub", "20", "6", 14),
    ("What is the difference between 31 and 12?", "sub", "31", "12", 19),
    ("What number is 5 less than 12?", "sub", "12", "5", 7),
    ("What is 9 more than 14?", "add", "14", "9", 23),
    ("What is 12 times 3?", "mul", "12", "3", 36),
    ("Find the product of 6 and 4.", "mul", "6", "4", 24),
    ("What is 7 multiplied by 5?", "mul", "7", "5", 35),
    ("What is 15 divided by 3?", "div", "15", "3", 5),
    ("What is the quotient of 42 and 6?", "div", "42", "6", 7),
]


def _question(text: str):
    doc = read(text)
    return doc, len(doc.sentences) - 1


@pytest.mark.parametrize("text, op, left, right, _answer", SAID)
def test_the_reading_names_the_operation_and_its_order(text, op, left, right, _answer):
    doc, q = _question(text)
    said = spoken_operation(doc, q)
    assert said is not None and (said.op, said.left.text, said.right.text) == (op, left, right)


@pytest.mark.parametrize("text, order", [
    ("Subtract 6 from 20.", ("20", "6")),  # the second number is what is taken from
    ("What do you get if you take away 6 from 20?", ("20", "6")),
    ("Divide 15 by 3.", ("15", "3")),
    ("Add 7 to 8.", ("7", "8")),
])
def test_commands_of_an_operation_are_read_in_their_order(text, order):
    doc, q = _question(text)
    said = spoken_operation(doc, q)
    assert said is not None and (said.left.text, said.right.text) == order


@pytest.mark.parametrize("text", [
    "Tom has 5 apples and 3 pears. How many pieces of fruit does he have?",
    "How many apples do 3 boys and 4 girls have?",  # "and" joins two numbers, but no word says the operation
    "He drove 20 miles by 3 o'clock.",
    "What is 7 plus 8 plus 2?",  # three numbers: not one operation
    "Karen added 3 cups of walnuts to 2 cups of flour.",
])
def test_other_sentences_say_no_operation(text):
    doc, q = _question(text)
    assert spoken_operation(doc, q) is None


@pytest.mark.parametrize("text, _op, _left, _right, answer", SAID)
def test_the_equation_tree_engine_answers_with_the_said_operation(text, _op, _left, _right, answer):
    assert Fraction(str(algebra_solve(text).answer)) == answer


@pytest.mark.parametrize("text, _op, _left, _right, answer", SAID)
def test_the_rules_engine_answers_with_the_said_operation(text, _op, _left, _right, answer, model):
    assert Fraction(str(arith_solve(text, model).answer)) == answer


def test_the_rules_engine_reads_the_operation_only_in_the_question(knowledge):
    from pyasp.arith.engine import read_info

    story = read_info(read("Ann has 7 plus 8 stickers. She gives 3 to Tom. How many stickers does she have?"), knowledge)
    assert said_operation(story) is None
    asked = read_info(read("What is 20 minus 6?"), knowledge)
    assert said_operation(asked) == (1, 2, "subtract")
    turned = read_info(read("What number is 5 less than 12?"), knowledge)
    assert said_operation(turned) == (2, 1, "subtract")


@pytest.mark.parametrize("text", [
    "Ashley sold 12 boxes of cookies. How many cases of 6 boxes, plus extra boxes, does Ashley need?",
    "Last year 90 people were born in a town and 16 people moved to it. What is the difference between births "
    "and arrivals?",
    "Mia had 12 stickers. She got 5 more plus a card. How many stickers does she have?",
])
def test_the_rules_of_said_operations_take_no_part_where_the_question_says_none(text, knowledge, model):
    options = prepare(read(text), knowledge, model.rates_).options
    assert options and not any(o.rule.startswith("said_") for rows in options.values() for o in rows)


COMMANDS = [
    ("Subtract 6 from 20.", 14),
    ("Take 9 away from 31.", 22),
    ("Add 7 and 8.", 15),
    ("Multiply 6 by 7.", 42),
    ("Divide 45 by 9.", 5),
    ("What do you get if you divide 15 by 3?", 5),
]


@pytest.mark.parametrize("text, answer", COMMANDS)
def test_a_command_to_compute_is_a_question_to_the_equation_tree_engine(text, answer):
    assert Fraction(str(algebra_solve(text).answer)) == answer


@pytest.mark.parametrize("text, answer", COMMANDS)
def test_a_command_to_compute_is_read_by_the_rules_of_said_operations(text, answer, model):
    assert Fraction(str(arith_solve(text, model).answer)) == answer
