"""Reading gaps of the declarative-rules engine found on the third hand-written set
(examples/wordproblems/grade_school_3.json, a development set since 2026-11-27), closed in general
form: the verb a question's "did" helps when the parser makes "did" the main verb, a question
with its verb denied ("did not bring"), things that move themselves away or in ("9 students got
off"), a comparison of one entity with someone else ("He has 4 times as many as his cousin"), the
direction of "how many times as many X as Y", a rate per the number's own unit, "a farmer" the
story goes on about, and numbers that count nothing the question asks (an age, another kind)."""

from __future__ import annotations

import pytest

from pyasp.arith.engine import prepare, read_info
from pyasp.arith.features import stray_numbers
from pyasp.arith.rates import decide
from pyasp.arith.solver import solve_text
from pyasp.text.reading import read


def info_of(knowledge, text):
    return read_info(read(text), knowledge)


def verb_classes(knowledge, number):
    return [c for p, c in knowledge.classes.memberships(number) if p == "verb"]


# -- the verb "did" helps, when the parser makes "did" the main verb ---------------------------------

@pytest.mark.parametrize("text, verb, subj", [
    ("Ethan's dog weighed 38 pounds last year. Now it weighs 51 pounds. How many pounds did the dog gain?", "gain", "dog"),
    ("The temperature was 58 degrees in the morning. By afternoon it was 73 degrees. "
     "By how many degrees did the temperature rise?", "rise", "temperature"),
])
def test_the_verb_did_helps_glued_to_its_subject(knowledge, text, verb, subj):
    """The small parser reads "did" as the main verb and "the dog gain" as its object: the
    question's verb is "gain", its subject the dog."""
    question = info_of(knowledge, text).question
    assert question.verb.lemma == verb and question.verb.text == question.verb.text.split()[-1]
    assert question.subj is not None and question.subj.lemma == subj
    assert verb_classes(knowledge, question) == ["GET"]


def test_do_as_a_verb_of_its_own_stays(knowledge):
    question = info_of(knowledge, "Darnel sprinted 8 laps and jogged 3 laps. How many laps did Darnel do in total?").question
    assert question.verb.lemma == "do"


# -- a question with its verb denied -----------------------------------------------------------------

LUNCH = "Out of 60 students on a field trip, 35 brought a lunch from home. How many students did not bring a lunch from home?"


def test_a_denied_question_leaves_out_what_the_text_says(knowledge):
    """"How many students did not bring a lunch?": the 35 who brought one are left out of the
    answer (never added to the others), the 60 of "Out of 60 students" is the whole; the question
    asks for the rest."""
    info = info_of(knowledge, LUNCH)
    assert info.left_out == frozenset({2})
    assert "rest" in info.words
    prepared = prepare(info, knowledge)
    added = [o.row for o in prepared.options[(1, 2)] if o.op == "add"]
    assert added and set(added) <= prepared.denied
    assert {o.row for o in prepared.options[(1, 2)] if o.op == "subtract"} - prepared.denied


def test_a_question_not_denied_leaves_out_nothing(knowledge):
    info = info_of(knowledge, "Out of 60 students on a field trip, 35 brought a lunch from home. How many students brought a lunch?")
    assert info.left_out == frozenset()


@pytest.mark.parametrize("text, left_out", [
    ("A box of 48 chocolates has 20 chocolates with nuts. How many chocolates do not have nuts?", {2}),
    ("A theater has 300 seats. 240 seats are sold. How many seats are not sold?", {2}),
])
def test_left_out_is_the_subject_or_object_of_the_verb(knowledge, text, left_out):
    """The 48 of "A box of 48 chocolates" is inside the subject, not said to have nuts."""
    assert info_of(knowledge, text).left_out == frozenset(left_out)


# -- things that move themselves away or in ----------------------------------------------------------

def test_things_that_get_off_leave(knowledge):
    """"9 students got off": the students move themselves, off the bus: the bus is left (the rule
    file's class of "leave", GIVE), though "get" alone is GET."""
    info = info_of(knowledge, "The school bus had 28 students on it. At the first stop, 9 students got off. "
                              "How many students are still on the bus?")
    assert info.numbers[1].verb.particle == "off"
    assert verb_classes(knowledge, info.numbers[1]) == ["GIVE"]


def test_things_that_drive_away_leave_and_come_in_arrive(knowledge):
    info = info_of(knowledge, "A parking lot had 53 cars. Then 24 cars drove away and 11 more cars came in. "
                              "How many cars are in the lot now?")
    assert [verb_classes(knowledge, n) for n in info.numbers] == [["HAVE"], ["GIVE"], ["CONSTRUCT"]]


def test_a_particle_of_someone_else_keeps_the_verb(knowledge):
    """Only things that move themselves (the subject is what the number counts): "Tom gave away 5
    apples" is still giving."""
    info = info_of(knowledge, "Tom had 12 apples. He gave away 5 apples. How many apples does Tom have now?")
    assert info.numbers[1].verb.particle == "away"
    assert verb_classes(knowledge, info.numbers[1]) == ["GIVE"]


# -- comparisons ------------------------------------------------------------------------------------

def test_one_entity_compared_with_someone_else_is_undone(model):
    """"He has 4 times as many as his cousin has": he is Zack, so not Coref(Subj1, Subj2) is
    denied and the comparison is undone for the cousin."""
    solution = solve_text("Zack has 36 toy soldiers. He has 4 times as many as his cousin has. "
                          "How many toy soldiers does his cousin have?", model)
    assert solution.answer == 9


def test_a_comparison_with_no_one_is_applied(model):
    """"she saw 3 times that many" compares with no one else: still applied."""
    solution = solve_text("Mrs. Hilt saw 144 bees in the hive. The next day she saw 3 times that many. "
                          "How many bees did she see on the second day?", model)
    assert solution.answer == 432


def test_times_as_many_x_as_y_is_x_over_y(knowledge, model):
    text = "There are 7 red cars and 35 blue cars in the lot. How many times as many blue cars as red cars are there?"
    prepared = prepare(read(text), knowledge, model.rates_)
    rows = {o.op: o.row for o in prepared.options[(1, 2)] if o.rule.startswith("math_mul_same")}
    assert rows["divide"] in prepared.denied  # 7 / 35
    assert rows["divide_reversed"] not in prepared.denied  # 35 / 7
    assert solve_text(text, model).answer == 5


# -- rates -------------------------------------------------------------------------------------------

def test_no_rate_per_its_own_unit(knowledge, model):
    """"Three friends each picked 14 pumpkins": the learned rate model calls the 3 a rate per
    the friends it counts; 3 friends per friend is no rate (the 14 is per friend)."""
    text = "Three friends each picked 14 pumpkins. Then they sold 20 pumpkins. How many pumpkins do they have left?"
    info = decide(info_of(knowledge, text), model.rates_)
    assert info.numbers[0].rate is None
    assert info.numbers[1].rate is not None and info.numbers[1].rate.lemma == "friend"
    assert solve_text(text, model).answer == 22


def test_a_farmer_the_story_goes_on_about_is_someone(knowledge):
    """"A farmer has 6 pens ... He sells 11 sheep": this farmer, not any farmer (no 6 pens per
    farmer); "A bee has 6 legs" and a thing said of later ("It is on sale") keep the generic rate."""
    info = info_of(knowledge, "A farmer has 6 pens with 8 sheep in each pen. He sells 11 sheep. How many sheep does he have now?")
    assert info.numbers[0].rate is None
    assert info.numbers[1].rate.lemma == "pen"
    info = info_of(knowledge, "A bee has 6 legs. How many legs do 5 bees have?")
    assert info.numbers[0].rate is not None and info.numbers[0].rate.lemma == "bee"
    info = info_of(knowledge, "A shirt costs 40 dollars. It is on sale for 25% off. How many dollars do you save?")
    assert info.numbers[0].rate is not None and info.numbers[0].rate.lemma == "shirt"


# -- numbers that count nothing the question asks ---------------------------------------------------

@pytest.mark.parametrize("text, stray", [
    ("Sue has 7 cats and 4 dogs. She is 10 years old. How many pets does Sue have?", {3}),
    ("A zoo has 8 lions, 5 tigers, and 12 monkeys. How many big cats does the zoo have?", {3}),
    ("Mom bought 3 loaves of bread, 12 oranges, and 9 pears. How many pieces of fruit did she buy?", {1}),
    # asked: an age, years, or a number of years something happens each year
    ("Sue is 10 years old. Her brother is 4 years older. How old is her brother?", set()),
    ("I have a dog. Each year he gains 11 pounds. He is 8 years old. How many pounds does he weigh?", set()),
    # every kind counted is the kind asked, or the question names the other
    ("A zoo has 8 lions and 5 tigers. How many animals does the zoo have?", set()),
    ("A pet store has 6 bird cages. It has 6 parrots and 2 parakeets. How many birds can occupy 1 cage on average?", set()),
])
def test_stray_numbers(knowledge, model, text, stray):
    assert stray_numbers(decide(info_of(knowledge, text), model.rates_)) == frozenset(stray)


# -- the set's problems, with the shipped model ------------------------------------------------------

@pytest.mark.parametrize("text, answer", [
    ("The school bus had 28 students on it. At the first stop, 9 students got off. How many students are still on the bus?", 19),
    ("Ethan's dog weighed 38 pounds last year. Now it weighs 51 pounds. How many pounds did the dog gain?", 13),
    (LUNCH, 25),
    ("A box of 48 chocolates has 20 chocolates with nuts. How many chocolates do not have nuts?", 28),
    ("A farmer has 6 pens with 8 sheep in each pen. He sells 11 sheep. How many sheep does he have now?", 37),
    ("A water tank holds 90 liters. Pat pours in 3 buckets of water with 18 liters in each bucket. "
     "How many more liters are needed to fill the tank?", 36),
    ("Sue has 7 cats and 4 dogs. She is 10 years old. How many pets does Sue have?", 11),
    ("A zoo has 8 lions, 5 tigers, and 12 monkeys. How many big cats does the zoo have?", 13),
])
def test_answers_with_the_shipped_model(model, text, answer):
    assert solve_text(text, model).answer == answer


# -- purchases, "each of", and "each" said of another number -----------------------------------------

def test_a_price_in_a_relative_clause_is_paid_in_the_buying(knowledge, model):
    """"He bought 3 erasers that cost 15 cents each" is read as "bought 3 erasers for 15 cents
    each": the 15 is paid by him in the buying (a price and the count it buys, one verb)."""
    text = "Pedro had 85 cents. He bought 3 erasers that cost 15 cents each. How many cents does he have left?"
    prepared = prepare(read(text), knowledge, model.rates_)
    price = prepared.info.numbers[2]
    assert price.verb.lemma == "buy" and price.subj.key == "pedro"
    assert price.rate is not None and price.rate.lemma == "eraser"
    assert (2, 3) in prepared.priced
    assert solve_text(text, model).answer == 40


def test_each_of_them_names_the_rate(knowledge):
    """"6 stickers to each of his 5 friends": 6 stickers per friend (not per "he")."""
    info = info_of(knowledge, "Tim has 40 stickers. He gives 6 stickers to each of his 5 friends. How many stickers does he have left?")
    assert info.numbers[1].rate is not None and info.numbers[1].rate.lemma == "friend"
    assert info.numbers[2].rate is None


def test_each_said_of_another_number(knowledge, model):
    """"packs 45 cookies into bags with 5 cookies in each bag": "each bag" is said of the 5, not of
    the 45, neither by the reader nor by the learned rate model; numbers joined by "and" share it."""
    text = "Emma packs 45 cookies into bags with 5 cookies in each bag. How many bags does she fill?"
    info = info_of(knowledge, text)
    assert info.numbers[0].rate is None and info.numbers[1].rate.lemma == "bag"
    assert decide(info, model.rates_).numbers[0].rate is None
    assert solve_text(text, model).answer == 9
    info = info_of(knowledge, "There are 5 pencils and 3 pens in each box. How many pencils are in 4 boxes?")
    assert [n.rate.lemma if n.rate else None for n in info.numbers[:2]] == ["box", "box"]


# -- numbers that count again what the text told one by one ------------------------------------------

def test_the_three_days_of_the_three_numbers(knowledge):
    """"over the three days" are the days of the three numbers of books: no number of its own."""
    info = info_of(knowledge, "The bookstore sold 32 books on Friday, 45 books on Saturday, and 28 books on Sunday. "
                              "How many books did it sell over the three days?")
    assert [int(n.value) for n in info.numbers] == [32, 45, 28]


def test_a_count_the_text_has_not_told_stays(knowledge):
    info = info_of(knowledge, "Sam has 3 boxes with 5 apples in each box. How many apples are in the 3 boxes?")
    assert [int(n.value) for n in info.numbers] == [3, 5, 3]


def test_one_set_against_another_counts_nothing(knowledge, model):
    """"26 stickers on one page and 38 stickers on another page": "one" picks a page; and "the two
    pages" are those two."""
    text = "Hailey has 26 stickers on one page and 38 stickers on another page. How many stickers are on the two pages?"
    assert [int(n.value) for n in info_of(knowledge, text).numbers] == [26, 38]
    assert solve_text(text, model).answer == 64
    info = info_of(knowledge, "Tom bought one book for 5 dollars and 2 pens for 1 dollar each. How much did he spend?")
    assert 1 in [int(n.value) for n in info.numbers[:1]]
