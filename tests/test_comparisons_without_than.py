"""Comparisons whose other side goes unsaid, for both word-problem engines: "Lena has 18 roses. Tim
has 7 fewer.", "Nora's dog is 6 years old. Ben's dog is 3 years older." compare with the thing
named just before, as "than Lena", "than Nora's dog" would say (pyasp.text.reading.compared_unsaid).
Arith reads the number's math term as the comparative with "than" and its Obj as the subject of the
number compared with; algebra counts the number from that one. The texts are written for these
tests (none is from a data set).

Guards: "more" after a verb of doing is more of the same ("Her dad found 12 more and gave them to
her"), a pronoun subject gains ("He buys 3 more"), a giving verb transfers ("Her friend gives her 5
more"), the same subject goes on ("The dog ... The dog is 3 years older")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyasp.algebra.solver import solve_text as algebra_solve
from pyasp.arith.engine import read_info
from pyasp.arith.solver import solve_text as arith_solve
from pyasp.text.reading import compared_unsaid, read

CASES = [
    ("Lena has 18 roses. Tim has 7 fewer roses. How many roses does Tim have?", 11),
    ("Lena has 18 roses. Tim has 7 fewer. How many roses does Tim have?", 11),
    ("Nora's dog is 6 years old. Ben's dog is 3 years older. How old is Ben's dog?", 9),
    ("Aiko's walk is 2 km long. Her cousin's walk is 3 km longer. How long is her cousin's walk?", 5),
    ("Omar's book has 120 pages. Rita's book has 35 pages fewer. How many pages does Rita's book have?", 85),
    ("The school's bus carries 48 children. The club's bus carries 9 fewer children. "
     "How many children does the club's bus carry?", 39),
    ("Dad's car holds 50 liters of gas. Mom's car holds 12 liters more. How many liters of gas does Mom's car hold?", 62),
    ("Kai is 9 years old. His sister is 4 years older. How old is his sister?", 13),
    ("The oak is 12 meters tall. The pine is 5 meters taller. How tall is the pine?", 17),
    ("Sam weighs 35 kg. His father is 42 kg heavier. How much does his father weigh?", 77),
    ("Ann picked 12 apples. Tom picked 3 fewer. How many apples did Tom pick?", 9),
    ("Lena has 18 roses and Tim has 7 fewer. How many roses does Tim have?", 11),  # "Tim" parsed as npadvmod
]

GUARDS = [
    ("Tom has 5 apples. He buys 3 more. How many apples does he have?", 1),
    ("Sara has 20 stickers. Her friend gives her 5 more. How many stickers does Sara have now?", 1),
    ("Lena found 7 shells on the beach. Later her dad found 12 more and gave them to her. "
     "How many shells does Lena have now?", 1),
    ("The dog is 6 years old. The dog is 3 years older now. How old is the dog?", 1),
    ("30 dogs are barking. 10 more dogs start to bark. How many dogs are barking?", 1),
    ("Lena has 18 roses. Tim has 7 fewer roses than Lena. How many roses does Tim have?", 1),
]


@pytest.mark.parametrize("text, answer", CASES[:4] + CASES[-1:])
def test_the_number_compared_with_is_the_one_just_before(text, answer):
    doc = read(text)
    found = compared_unsaid(doc, doc.mentions[1])
    assert found is not None and found[1] == doc.mentions[0]


@pytest.mark.parametrize("text, index", GUARDS)
def test_no_comparison_without_than_read_where_none_is(text, index):
    doc = read(text)
    assert compared_unsaid(doc, doc.mentions[index]) is None


def test_arith_reads_the_comparison_as_with_than(knowledge):
    first, compared = read_info(read(CASES[1][0]), knowledge).numbers
    assert compared.math.text == "fewer than" and compared.obj == first.subj and compared.compared == first.subj


@pytest.mark.parametrize("text, answer", CASES)
def test_arith_answers(model, text, answer):
    assert arith_solve(text, model).answer == answer


@pytest.mark.parametrize("text, answer", CASES)
def test_algebra_answers(text, answer):
    assert Fraction(str(algebra_solve(text).answer)) == answer
