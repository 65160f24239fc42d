"""Reading gaps of the declarative-rules engine found on the hand-written grade-school problems
(examples/wordproblems/grade_school_2.json) and closed in general form: what the reader reads, what
the inference may assume, the rules for taking from another, and the relevance of a number."""

from __future__ import annotations

import pytest

from pyasp.arith.engine import prepare
from pyasp.arith.properties import read_problem
from pyasp.arith.solver import solve_text
from pyasp.text.reading import read


def numbers(knowledge, text):
    return read_problem(read(text), knowledge.classes.math_terms()).numbers


def denied(knowledge, text) -> set[tuple[str, int]]:
    prepared = prepare(read(text), knowledge)
    return {(o.rule, o.disjunct) for opts in prepared.options.values() for o in opts if o.row in prepared.denied}


# -- ages compared without "than" ------------------------------------------------------------------

def test_an_age_compared_without_than_is_a_comparison(knowledge):
    """"His son is 29 years younger" compares with someone left unsaid (math class SUB), as
    "younger than him" does; "her older sister" compares nothing."""
    son = numbers(knowledge, "Carl is 38 years old. His son is 29 years younger. How old is his son?")[1]
    assert son.math is not None and knowledge.classes.math_classes(son.math) == ("SUB",)
    sister = numbers(knowledge, "Megan received 5 pieces from her older sister. How many pieces did she get?")[0]
    assert sister.math is None


@pytest.mark.parametrize("text, answer", [
    ("Carl is 38 years old. His son is 29 years younger. How old is his son?", 9),
    ("Mia is 12 years old. Her aunt is 25 years older. How old is her aunt?", 37),
    ("Ben is 9 years old. His uncle Jim is 27 years older. How old is Jim?", 36),
    ("Tom is 12 years old. His sister is 3 years younger. How old is his sister?", 9),
])
def test_an_age_compared_without_than_is_applied(text, answer):
    assert solve_text(text).answer == answer


# -- what the inference may not assume --------------------------------------------------------------

def test_a_person_is_not_a_thing(knowledge):
    """"She received 25 dollars for her birthday": Hana is not her birthday, so the flipped
    transfer that assumes it (Hana gave the birthday 25 dollars: 25 - 17) is left out."""
    text = "Hana had 17 dollars. She received 25 dollars for her birthday. How much money does Hana have now?"
    assert ("have_get_flip", 0) in denied(knowledge, text)
    assert solve_text(text).answer == 42


def test_someones_relation_is_not_themselves(knowledge):
    """"gave 15 stamps to her teacher" (her = Lucy): her teacher is not Lucy."""
    text = "Lucy had 50 stamps. She gave 15 stamps to her teacher. How many stamps does Lucy have now?"
    teacher = numbers(knowledge, text)[1].iobj
    assert teacher is not None and teacher.owner == "lucy"
    assert any(rule == "have_give_flip" for rule, _ in denied(knowledge, text))


def test_a_relation_compared_is_not_the_one_it_belongs_to(knowledge):
    """"Her aunt is 25 years older" (her = Mia): in a comparison the aunt is not Mia, so the rule
    that undoes the comparison for one entity (math_add_same: 25 - 12) is left out."""
    found = denied(knowledge, "Mia is 12 years old. Her aunt is 25 years older. How old is her aunt?")
    assert any(rule == "math_add_same" for rule, _ in found)
    assert not any(rule == "math_add_other" for rule, _ in found)


def test_between_subjects_without_a_comparison_nothing_is_denied(knowledge):
    """"Carol picked 29, and her mother picked 16": the weights sum such numbers assuming the two
    are one (get_get); denying it lost AllArith problems, so it stays."""
    assert not denied(knowledge, "Carol picked 29 carrots, and her mother picked 16 carrots. How many carrots did they pick?")


def test_the_denials_are_options_training_still_sees(knowledge):
    prepared = prepare(read("Alice had 35 stickers. She bought 2 packs of stickers with 10 stickers in each pack. "
                            "How many stickers does she have now?"), knowledge)
    assert prepared.denied and len(prepared.option_features) > len(prepared.denied)


# -- who a pronoun or a participle is about -----------------------------------------------------------

def test_a_pronoun_goes_on_naming_whom_an_object_pronoun_named(knowledge):
    """"His uncle gave him 12 more cards, and now he has 40": he is the one given to (him =
    Carlos), not the uncle, the last subject before it."""
    text = ("Carlos had some baseball cards. His uncle gave him 12 more cards, and now he has 40 cards. "
            "How many cards did Carlos have at first?")
    assert numbers(knowledge, text)[1].subj.key == "carlos"
    assert solve_text(text).answer == 28


def test_a_fronted_participle_has_the_subject_of_its_clause(knowledge):
    text = "After giving 9 balloons to his cousins, Tyler has 14 balloons. How many balloons did Tyler have before?"
    given = numbers(knowledge, text)[0]
    assert given.subj is not None and given.subj.text == "Tyler"
    assert solve_text(text).answer == 23


# -- rates --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, number, per", [
    ("A school has 4 classes with 25 students each. How many students are there?", 1, "class"),
    ("A pizza is cut into 8 slices. Jon bought 4 pizzas. How many slices does he have?", 0, "pizza"),
])
def test_rates_the_reader_finds(knowledge, text, number, per):
    rate = numbers(knowledge, text)[number].rate
    assert rate is not None and rate.lemma == per


# -- taking from another ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, answer", [
    ("A farmer had 72 eggs. A fox took 11 eggs. How many eggs does the farmer have now?", 61),
    ("Larry has 67 cards. Dennis takes 9 away. How many cards will Larry have?", 58),
])
def test_what_another_takes_is_lost(text, answer):
    solution = solve_text(text)
    assert solution.answer == answer
    assert solution.derivation[-1]["rule"] == "have_taken"


# -- relevance ----------------------------------------------------------------------------------------

def _ties(knowledge, text):
    from pyasp.arith.features import relevance_features

    info = read_problem(read(text), knowledge.classes.math_terms())
    return [{k for k in relevance_features(info, n) if "&" not in k} for n in info.numbers]


def test_how_a_numbers_unit_ties_it_to_the_question(knowledge):
    greg = _ties(knowledge, "Greg had 40 dollars. He went to the mall with 3 friends and bought a book for 12 dollars. "
                            "How much money does he have left?")
    assert "rel:unit_unrelated" in greg[1] and "rel:unit_unrelated" not in greg[0] | greg[2]
    plates = _ties(knowledge, "Mona baked 36 cookies and put them equally on 4 plates. How many cookies are on each plate?")
    assert "rel:unit_is_question_rate" in plates[1]
    tables = _ties(knowledge, "A classroom has 6 tables. Each table has 4 legs. How many legs do the tables have?")
    assert "rel:unit_is_other_rate" in tables[0]
    farm = _ties(knowledge, "Tom has 17 horses, 23 pigs and 9 goats. How many horses and goats does Tom have?")
    assert "rel:unit_named_in_question" in farm[2] and "rel:unit_unrelated" in farm[1]
    jack = _ties(knowledge, "Jack is 10 years old. He has 14 toy trucks. How many toy trucks does Jack have?")
    assert "rel:age_unasked" in jack[0] and "rel:unit_unrelated" not in jack[1]


# -- buying at a price each, and paying with a bill -------------------------------------------------

MIA = "Mia had 50 dollars. She bought 3 books for 7 dollars each. How much money does she have left?"
JENNY = ("Jenny bought 3 notebooks for 4 dollars each. She paid with a 20 dollar bill. "
         "How much change did she get?")


def test_a_price_and_the_count_it_buys_said_with_one_verb_are_priced(knowledge):
    """"bought 3 books for 7 dollars each": one verb ("buy", a GET of the books, a GIVE of the
    dollars), a rate and a count; "had 50 dollars" is no part of it, nor is "Each bag holds 6
    apples. Ann has 4 bags" (two verbs)."""
    assert prepare(read(MIA), knowledge).priced == frozenset({(2, 3)})
    assert prepare(read("Each bag holds 6 apples. Ann has 4 bags. How many apples does Ann have?"), knowledge).priced == frozenset()


def test_the_price_represents_the_money_paid():
    from pyasp.arith.inference import representative

    rate = {2: True}
    has_rate, no_math = lambda i: rate.get(i, False), lambda i: False
    # the paper's heuristic: the number that is not a rate
    assert representative("dimensional_analysis", 1, 2, has_rate, no_math, "multiply") == 1
    # a price and what it buys: the price
    assert representative("dimensional_analysis", 1, 2, has_rate, no_math, "multiply", frozenset({(1, 2)})) == 2
    # dividing by it is no payment
    assert representative("dimensional_analysis", 1, 2, has_rate, no_math, "divide", frozenset({(1, 2)})) == 1


def test_an_amount_paid_is_no_rate(knowledge):
    """A rule whose condition reads a Rate as present does not apply to an amount paid (the
    price, as its representative, still has its Rate): rate_multiply reads it, have_give not."""
    from pyasp.arith.engine import _reads_rate

    assert _reads_rate(knowledge, "rate_multiply", 0) == (True, False)
    assert _reads_rate(knowledge, "rate_multiply", 1) == (False, True)
    assert _reads_rate(knowledge, "have_give", 0) == (False, False)
    # null(Rate1) reads the rate as absent
    assert _reads_rate(knowledge, "rate_divide", 0) == (False, True)


def test_paying_with_a_bill_when_the_change_is_asked(knowledge):
    """give_change: two amounts one subject gives, the change asked (UnitQ in CHANGE); not when
    the question asks for something else."""
    def rules(text):
        return {o.rule for opts in prepare(read(text), knowledge).options.values() for o in opts}

    assert "give_change" in rules(JENNY)
    assert "give_change" not in rules(JENNY.replace("How much change did she get?", "How much money did she spend?"))


@pytest.mark.parametrize("text, answer, rules", [
    (MIA, 29, [{"rate_multiply"}, {"have_give"}]),
    # the bill and the money paid: give_change (the notebooks got are no money taken from the
    # bill: test_the_things_got_are_not_taken_from_the_bill)
    (JENNY, 8, [{"rate_multiply"}, {"give_change"}]),
    ("Erin bought 5 shirts for 12 dollars each and gave the cashier 100 dollars. How much change did she get?", 40,
     [{"rate_multiply"}, {"give_change"}]),
])
def test_buying_at_a_price_each(text, answer, rules):
    solution = solve_text(text)
    assert solution.answer == answer, solution.expression
    used = [s["rule"] for s in solution.derivation]
    assert len(used) == len(rules) and all(rule in allowed for rule, allowed in zip(used, rules)), used


def test_things_bought_at_a_price_are_not_added_to_money(knowledge):
    """Neither the count of things bought at a price nor the price is added to an amount of
    money or taken from it (the money paid for them is): no "(20 - 3) * 4"."""
    import numpy as np

    from pyasp.arith.inference import infix, search

    p = prepare(read("Nina bought 3 notebooks for $4 each and a pen. She spent $20 in all. How much did the pen cost?"), knowledge)
    assert p.priced == frozenset({(1, 2)})
    found = search(p.values, p.options, np.zeros(len(p.option_features)), np.zeros(len(p.values)), p.has_rate, p.has_math,
                   top=1000, units=p.units, priced=p.priced)
    written = {infix(e, p.values) for _, e in found}
    assert "(20 - (3 * 4))" in written
    assert not any(pair in w for w in written for pair in ("(20 - 3)", "(3 + 20)", "(20 - 4)", "(4 + 20)"))


def test_change_asked_in_other_words(knowledge):
    """"How much money did Sandy get in change?" asks for change, as "How much change" does."""
    text = ("Sandy paid $9.24 on pants and $8.25 on a shirt with a $20.0 bill. "
            "How much money did Sandy get in change?")
    assert read_problem(read(text), knowledge.classes.math_terms()).question.unit.lemma == "change"
    spent = read_problem(read("Sandy paid $9.24 on pants. How much money did Sandy spend?"), knowledge.classes.math_terms())
    assert spent.question.unit.lemma == "money"


# -- a price for each, the change, a total, a pair ---------------------------------------------------

@pytest.mark.parametrize("text, number, per", [
    (JENNY, 1, "notebook"),
    ("Melanie is selling 4 gumballs for 8 cents each. How much money can Melanie get?", 1, "gumball"),
    (MIA, 2, "book"),
])
def test_a_price_for_each_is_per_the_thing_bought(knowledge, text, number, per):
    """"bought 3 notebooks for 4 dollars each": dollars per notebook, not per Jenny (the subject
    the reader took for "each" before)."""
    rate = numbers(knowledge, text)[number].rate
    assert rate is not None and rate.lemma == per


def _derivations(knowledge, text, top=1000):
    import numpy as np

    from pyasp.arith.inference import infix, search, steps

    p = prepare(read(text), knowledge)
    found = search(p.values, p.options, np.zeros(len(p.option_features)), np.zeros(len(p.values)), p.has_rate, p.has_math,
                   top=top, units=p.units, priced=p.priced)
    return [(infix(e, p.values), [s.option.rule for s in steps(e)]) for _, e in found]


def test_the_things_got_are_not_taken_from_the_bill(knowledge):
    """The money paid for the notebooks, read as the notebooks got (the count represents the
    product), is no transfer of money: the bill minus it is give_change (the money paid, given),
    never get_give (the notebooks got, given back as dollars)."""
    found = _derivations(knowledge, JENNY)
    assert any(w == "(20 - (3 * 4))" and rules[-1] == "give_change" for w, rules in found)
    assert not any(rules[-1] == "get_give" and "(3 * 4)" in w for w, rules in found)


NINA = "Nina bought 3 notebooks for $4 each and a pen. She spent $20 in all. How much did the pen cost?"


def test_a_number_said_to_be_a_total_is_a_whole(knowledge):
    """"She spent $20 in all": math class TOTAL, and rule part_of_total takes a part from it; in the
    question ("How many pages did he read in all?") the phrase asks for a total and is no math term."""
    from pyasp.arith.engine import read_info

    spent = read_info(read(NINA), knowledge).numbers[2]
    assert knowledge.classes.math_classes(spent.math) == ("TOTAL",)
    found = _derivations(knowledge, NINA)
    assert any(w == "(20 - (3 * 4))" and rules[-1] == "part_of_total" for w, rules in found)
    asked = read_info(read("Jamal read 35 pages on Monday and 28 pages on Tuesday. How many pages did he read in all?"), knowledge)
    assert asked.question.math is None and all(n.math is None for n in asked.numbers)


@pytest.mark.parametrize("text, answer", [
    (NINA, 8),
    ("There are 40 boys and some girls on the playground. There are 117 children altogether. "
     "How many girls are on the playground?", 77),
])
def test_a_part_taken_from_a_total(text, answer):
    assert solve_text(text).answer == answer


def test_a_pair_is_two_when_its_things_are_counted(knowledge):
    """"a pair of gloves" is 2 gloves when the question counts gloves; "bought a pair of shoes
    for $11" is one thing bought (no number)."""
    assert [n.value for n in numbers(knowledge, "Each of the 6 kids has a pair of gloves. How many gloves are there in all?")] == [6, 2]
    assert solve_text("Each of the 6 kids has a pair of gloves. How many gloves are there in all?").answer == 12
    shoes = "Carrie had 91 dollars. She bought a pair of shoes for $11. How much money does Carrie have left?"
    assert [n.value for n in numbers(knowledge, shoes)] == [91, 11]
