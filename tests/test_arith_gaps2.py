"""Reading gaps of the declarative-rules engine found on the hand-written grade-school problems
(examples/wordproblems/grade_school.json, grade_school_2.json), second round, closed in general
form: the question's verb when the parser hangs the question on "did", the subject "Each of 7
students", a state said with "already" that held before the events told before it, and "the 2 of
them" counting the members of a group."""

from __future__ import annotations

import pytest

from pyasp.arith.engine import facts, prepare, read_info, time_order
from pyasp.arith.rates import number_evidence
from pyasp.arith.solver import solve_text
from pyasp.text.reading import read


def info_of(knowledge, text):
    return read_info(read(text), knowledge)


def memberships(knowledge, info):
    return {n.index: knowledge.classes.memberships(n) for n in (*info.numbers, info.question)}


# -- the question's verb -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, verb, subj", [
    ("Ben had 18 cookies. His mom baked some more cookies for him, and now he has 33 cookies. "
     "How many cookies did his mom bake?", "bake", "mom"),
    ("Omar had 52 cards. After buying some more cards, he has 70 cards. How many cards did he buy?", "buy", "he"),
])
def test_the_question_verb_is_the_verb_did_helps(knowledge, text, verb, subj):
    """The small parser hangs "How many cookies" on the auxiliary "did"; the question's verb is
    the verb "did" helps, and its subject that verb's subject (not "did" and no subject)."""
    question = info_of(knowledge, text).question
    assert question.verb.lemma == verb
    assert question.subj is not None and question.subj.lemma == subj


def test_a_question_without_an_auxiliary_keeps_its_verb(knowledge):
    question = info_of(knowledge, "Tom has 5 apples. He gave 2 apples to Mary. How many apples does Tom have now?").question
    assert question.verb.lemma == "have"


# -- "Each of 7 students" --------------------------------------------------------------------------

def test_each_of_them_as_a_subject_is_them(knowledge):
    """"Each of 7 students brought 4 cans": who brought them is the students, not "each"."""
    info = info_of(knowledge, "Each of 7 students brought 4 cans of food. How many cans did the students bring?")
    assert [n.subj.lemma for n in info.numbers] == ["student", "student"]
    # a quantity word without "of" is the subject itself
    info = info_of(knowledge, "Each box holds 6 pencils. How many pencils are in 3 boxes?")
    assert info.numbers[0].subj.lemma == "box"


def test_each_of_them_still_counts_per_each(knowledge):
    """The rate evidence still sees the "each" of the subject (features learned on it): the 4
    cans are counted per student."""
    info = info_of(knowledge, "Each of 7 students brought 4 cans of food. How many cans did the students bring?")
    features, _ = number_evidence(info, info.numbers[1])
    assert features.get("subject_each") == 1.0


# -- a state said with "already" -------------------------------------------------------------------

ALREADY = "Each of 7 students brought 4 cans of food. The class already had 12 cans. How many cans does the class have now?"


def test_a_state_said_with_already_comes_first(knowledge):
    """"The class already had 12 cans" held before the students brought theirs: the 12 is the
    earlier number of its pairs (role 1 of the rules), the others keep the text's order."""
    info = info_of(knowledge, ALREADY)
    assert [n.already for n in info.numbers] == [False, False, True]
    order = time_order(info, memberships(knowledge, info))
    assert order == (2, 3, 1)
    pairs = {f[1:] for f in facts(info, memberships(knowledge, info), order) if f[0] == "pair"}
    assert pairs == {(3, 1), (3, 2), (1, 2)}
    prepared = prepare(read(ALREADY), knowledge)
    assert prepared.order == (2, 3, 1)
    assert {a for a, _ in prepared.options} <= {1, 3} and (1, 3) not in prepared.options


@pytest.mark.parametrize("text", [
    "Ceasar needs to read a 563 page book for school. He has already read 147 pages. How many pages does he have left to read?",
    "Tom has 5 apples. He gave 2 apples to Mary. How many apples does Tom have now?",
])
def test_text_order_without_a_state_said_with_already(knowledge, text):
    """"Already" said of an event ("has already read 147 pages", the verb read: no state) changes
    no order; nor does a text without it."""
    info = info_of(knowledge, text)
    assert time_order(info, memberships(knowledge, info)) == tuple(range(1, len(info.numbers) + 1))
    assert prepare(read(text), knowledge).order == ()


def test_the_rules_read_the_state_said_with_already_as_the_earlier(knowledge):
    """"Justin buys 61 plates. He already has 26 plates": the plates he has come first, so the
    purchase adds to them (have_get), not the state taken as what is left after it (get_have)."""
    prepared = prepare(read("Justin buys 61 paper plates for a party. He already has 26 plates. "
                            "How many plates does Justin have all together?"), knowledge)
    assert prepared.order == (2, 1)
    assert (1, 2) not in prepared.options
    rules = {o.rule for o in prepared.options[(2, 1)]}
    assert "have_get" in rules and "get_have" not in rules


# -- "the 2 of them" ---------------------------------------------------------------------------------

def test_a_number_of_a_whole_group_counts_its_members(knowledge):
    """"shared all the apples equally between the 2 of them": the 2 counts them, the sharers, not
    apples (no unit borrowed from before it); "She ate 9 of them" still counts the strawberries."""
    info = info_of(knowledge, "Leo picked 15 apples and Kim picked 21 apples. They shared all the apples equally "
                              "between the 2 of them. How many apples did each get?")
    two = info.numbers[2]
    assert two.unit.text == "them" and not two.unit_inferred
    info = info_of(knowledge, "Priya picked 36 strawberries. She ate 9 of them on the way home. "
                              "How many strawberries does she have left?")
    assert info.numbers[1].unit.lemma == "strawberry"


# -- answers with the shipped model (guards) ---------------------------------------------------------

@pytest.mark.parametrize("text, answer", [
    ("Ben had 18 cookies. His mom baked some more cookies for him, and now he has 33 cookies. "
     "How many cookies did his mom bake?", 15),
    ("The bakery sold 45 pies on Monday and 30 cakes on Tuesday. It sold 25 pies on Tuesday. "
     "How many pies did the bakery sell in the two days?", 70),
    ("Leo picked 15 apples and Kim picked 21 apples. They shared all the apples equally between the 2 of them. "
     "How many apples did each get?", 18),
])
def test_answers_of_the_second_set(text, answer):
    assert solve_text(text).answer == answer
