"""Readings of the equation-tree engine that bound its candidate trees: a question that asks for a
difference, the end of a story whose start or change is asked, the rest of a set, and numbers the
text says take no part (pyasp.algebra.qsets; encodings/equation_trees.lp: asked_operation/1,
result/1, irrelevant/1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import number, qsets, target

from pyasp.algebra.candidates import generate_candidates
from pyasp.algebra.engine import problem_quantities
from pyasp.algebra.quantities import quantities_from_json
from pyasp.errors import InputError


# -- a question that asks for a difference ---------------------------------------------------------
@pytest.mark.parametrize("text, asks", [
    ("Hugo has 90 baseball cards. Ali has 35 baseball cards. How many fewer cards does Ali have than Hugo?", "sub"),
    ("The oak is 45 feet tall. The pine is 30 feet tall. How much taller is the oak than the pine?", "sub"),
    ("Tom has 12 apples and Ann has 5. What is the difference between their numbers of apples?", "sub"),
    # no "than": "how many more" may ask for a product or a sum ("How many more will she earn ...")
    ("Sam needs 8 cups of flour. He has put in 2 cups. How many more cups does he need to add?", ""),
    ("Tom has 12 apples and Ann has 5. How many apples do they have in all?", ""),
])
def test_a_comparison_question_asks_for_a_difference(text, asks):
    assert target(qsets(text)).asks == asks


def test_fewer_is_no_adjective_of_the_asked_thing():
    """"How many *fewer* cards": before, "few" was an adjective of x, so the cards of Hugo and Ali
    ("baseball cards") were another kind than the asked ones and every tree broke a type rule."""
    p = qsets("Hugo has 90 baseball cards. Ali has 35 baseball cards. How many fewer cards does Ali have than Hugo?")
    assert target(p).adj == ()
    assert {q.types[0][0] for q in problem_quantities(p)} == {"card"}


def test_an_asked_difference_bounds_every_tree():
    """Solved for x, every candidate is a difference: 90 - 35, never 90 + 35 (x - 35 = 90)."""
    cards = [{"value": 90, "type": "card"}, {"value": 35, "type": "card"}, {"value": "x", "type": "card", "asks": "sub"}]
    found = generate_candidates(quantities_from_json(cards), top=200).candidates
    assert found and {c.answer for c in found} == {55}
    assert {"x=90-35", "x+35=90", "90-x=35"} <= {c.tree.equation for c in found}
    free = [dict(q) for q in cards]
    del free[2]["asks"]
    assert 125 in {c.answer for c in generate_candidates(quantities_from_json(free), top=200).candidates}


# -- how a story ends, when its start or a change is asked -----------------------------------------
@pytest.mark.parametrize("text, end, changes", [
    ("Ryan had some marbles. He found 8 more marbles. Now he has 22 marbles. How many marbles did he have at first?",
     "22", {"8": "add"}),
    ("Kara had some cookies. She ate 6 cookies. Now she has 11 cookies. How many cookies did she have at first?",
     "11", {"6": "sub"}),
    ("A bus had some passengers. At the first stop 9 people got off. Now there are 18 passengers on the bus. "
     "How many passengers were on the bus at first?", "18", {"9": "sub"}),
    ("Grace had some pencils. Her teacher gave her 7 more pencils. Now Grace has 19 pencils. How many pencils did "
     "Grace have at the beginning?", "19", {"7": "add"}),
    ("Derek had some books. He bought 5 more books and then gave away 3 books. Now he has 20 books. How many books "
     "did he have at first?", "20", {"5": "add", "3": "sub"}),
    ("Kira ate 4 grapes, and then she ate 7 more grapes. She has 12 grapes left. How many grapes did she have at "
     "the start?", "12", {"4": "sub", "7": "sub"}),
])
def test_the_end_of_a_story_and_its_changes(text, end, changes):
    p = qsets(text)
    assert [q.text for q in p.qsets if q.result] == [end]
    assert {q.text: q.operation for q in p.qsets if q.text in changes} == changes


def test_a_change_asked_with_some_takes_its_direction():
    """"she gave Sam *some* of her seashells ... She has 27 seashells left": 70 - x = 27."""
    p = qsets("Joan found 70 seashells on the beach. She gave Sam some of her seashells. She has 27 seashells left. "
              "How many seashells did she give to Sam?")
    assert number(p, "27").result and target(p).operation == "sub"
    quantities = problem_quantities(p)
    answers = {c.answer for c in generate_candidates(quantities, top=100, settings={"allow_unused": 1}).candidates}
    assert answers == {43}


@pytest.mark.parametrize("text, changes, answer", [
    ("Ava had 50 balloons. She gave 12 to Liam and 15 to Mia. How many balloons does Ava have left?",
     {"12": "sub", "15": "sub"}, 23),
    ("A library had 230 books. It got 45 new books and then lent out 60 books. How many books are in the library "
     "now?", {"45": "add", "60": "sub"}, 215),
    ("Fifteen birds sat on a fence. Six more birds joined them. How many birds are on the fence now?",
     {"Six": "add"}, 21),
    ("Rob had 100 dollars. He bought a jacket for 45 dollars and a cap for 15 dollars. How much money does he have "
     "left?", {"45": "sub", "15": "sub"}, 40),
])
def test_a_story_whose_end_is_asked(text, changes, answer):
    """x is the end, alone on its side; each change acts as its verb says (before: 50 - 12 + 15)."""
    p = qsets(text)
    assert target(p).result
    assert {q.text: q.operation for q in p.qsets if q.operation} == changes
    quantities = problem_quantities(p)
    found = generate_candidates(quantities, top=100, settings={"allow_unused": 1}).candidates
    whole = [c for c in found if len({t for t in c.tree.postfix_tokens if isinstance(t, int)}) == len(quantities)]
    assert whole and {c.answer for c in whole} == {answer}  # a tree may leave a number out, not turn it around


def test_no_story_is_read_when_a_change_says_nothing_of_its_direction():
    """"Sally cut some red orchids": cutting flowers from a garden says nothing of the vase."""
    p = qsets("There were 9 red orchids in the vase. Sally cut some red orchids from her flower garden. There are "
              "now 15 red orchids in the vase. How many red orchids did she cut?")
    assert not any(q.result or q.operation for q in p.qsets)


def test_the_end_of_a_story_stands_alone_on_its_side():
    """x + 8 = 22, never x = 8 + 22 (the start and the end added)."""
    marbles = [{"value": "x", "type": "marble"}, {"value": 8, "type": "marble", "operation": "add"},
               {"value": 22, "type": "marble", "result": True}]
    found = generate_candidates(quantities_from_json(marbles), top=200).candidates
    assert found and {c.answer for c in found} == {14}
    assert all("22" in (c.tree.equation.split("=")) for c in found)  # 22 alone on one side


# -- the rest of a set -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, share, rest", [
    ("There are 21 balloons. One third of the balloons are red and the rest are blue. How many balloons are blue?",
     "One third", True),
    ("There are 21 balloons. One third of the balloons are red and the rest are blue. How many balloons are red?",
     "One third", False),
    ("A class has 28 students. One quarter of the students walk to school, and the rest ride the bus. How many "
     "students ride the bus?", "One quarter", True),
    ("There are 32 cars in a parking lot. A quarter of them are white. How many cars are not white?", "A quarter", True),
    ("There are 32 cars in a parking lot. A quarter of them are white. How many cars are white?", "A quarter", False),
    ("Rita has 27 pencils. She gives one third of them to Joe. How many pencils does Rita have left?", "one third", True),
    ("There are 90 people at a concert. One third of them are children. How many adults are at the concert?",
     "One third", True),
    ("Carmen saved 150 dollars. She spent 50 percent of her savings on a bike. How much did the bike cost?",
     "50 percent", False),
])
def test_the_rest_of_a_set_is_what_is_left_of_it(text, share, rest):
    p = qsets(text)
    q = number(p, share)
    assert q.operation == "mul" and q.whole >= 0 and q.rest == rest
    quantities = problem_quantities(p)
    written = quantities[p.qsets.index(q)].text
    assert written.startswith("(1-") == rest  # the equation shows what is taken: 21*(1-(1/3))


def test_a_percentage_is_a_share_of_the_set_named_before_it():
    p = qsets("In a class of 30 students, 40% wear glasses. How many students wear glasses?")
    share = number(p, "40%")
    assert (share.qnt, share.ctr, share.operation) == (Fraction(2, 5), "student", "mul")
    assert number(p, "30").token == share.whole
    sale = qsets("A shirt costs 40 dollars. It is on sale for 25% off. How many dollars do you save?")
    assert number(sale, "25%").whole == number(sale, "40").token and not number(sale, "25%").rest
    price = qsets("A shirt costs 40 dollars. It is on sale for 25% off. How much does the shirt cost now?")
    assert number(price, "25%").rest


# -- numbers the text says take no part ----------------------------------------------------------------
@pytest.mark.parametrize("text, out", [
    ("Jack is 10 years old. He has 14 toy trucks and gave 6 to his friend. How many toy trucks does Jack have now?",
     ["10"]),
    ("A store had 50 shirts and 20 hats. It sold 18 shirts. How many shirts does the store have now?", ["20"]),
    ("Tina has 3 cats and 2 dogs. Each cat eats 2 cans of food a day. How many cans do the cats eat in a day?", ["2"]),
    ("A farm has 17 horses, 23 pigs and 9 goats. How many horses and goats are there?", ["23"]),
    # the question names none of the list, or asks about years: every number may count
    ("Nina has 3 quarters and 4 dimes. How many cents does she have?", []),
    ("Jack is 10 years old. His sister is 4 years older. How old is his sister?", []),
    # an adjective of the list stands for its noun: "male" salmon are salmon
    ("This year, 712,261 male and 259,378 female salmon returned to their rivers. How many salmon made the trip?", []),
])
def test_numbers_of_no_part(text, out):
    p = qsets(text)
    assert [q.text for q in p.qsets if q.irrelevant] == out


def test_a_number_of_no_part_is_never_used():
    trucks = [{"value": 10, "type": "year", "irrelevant": True}, {"value": 14, "type": "truck"},
              {"value": 6, "type": "truck"}, {"value": "x", "type": "truck"}]
    found = generate_candidates(quantities_from_json(trucks), top=100, settings={"allow_unused": 1}).candidates
    assert found and not any("10" in c.tree.equation for c in found)


@pytest.mark.parametrize("item, message", [
    ({"value": 3, "type": "n", "asks": "sub"}, "asks is said of the unknown only"),
    ({"value": "x", "type": "n", "asks": "minus"}, "asks is said of the unknown only"),
    ({"value": 3, "type": "n", "irrelevant": "yes"}, "irrelevant is true or false"),
    ({"value": 3, "type": "n", "result": 1}, "result is true or false"),
])
def test_a_bad_reading_in_quantities_json_is_named(item, message):
    rest = [{"value": 5, "type": "n"}] if item["value"] == "x" else [{"value": "x", "type": "n"}]
    with pytest.raises(InputError, match=message):
        quantities_from_json(rest + [item])


@pytest.mark.parametrize("text, changes", [
    # the owner of a question's pronoun is the story's own ("He" is Jason, not his dad)
    ("Jason had 49 quarters in his bank. His dad gave him 25 quarters. How many quarters does he have now?",
     {"25": "add"}),
    ("Mike had 33 quarters and 87 nickels in his bank. His dad borrowed 75 nickels from Mike. How many nickels does "
     "he have now?", {"75": "sub"}),
    # things used up are gone whoever uses them; "two dozen" is one count
    ("Uma bought two dozen cupcakes. Her guests ate 15 of them. How many cupcakes are left?", {"15": "sub", "dozen": "mul"}),
    # the story may start from a product: "4 packs of cards with 10 cards in each pack"
    ("Jake bought 4 packs of cards with 10 cards in each pack. He gave 13 cards to his friend. How many cards does "
     "Jake have now?", {"13": "sub"}),
])
def test_whose_story_and_what_it_starts_from(text, changes):
    p = qsets(text)
    assert {q.text: q.operation for q in p.qsets if q.operation} == changes


def test_two_dozen_multiplies_its_count():
    p = qsets("Jorge bought two dozen pencils. How many pencils did he buy?")
    dozen = number(p, "dozen")
    assert (dozen.operation, dozen.whole) == ("mul", number(p, "two").token)
    assert {c.answer for c in generate_candidates(problem_quantities(p), top=50).candidates} == {24}


@pytest.mark.parametrize("text, asked, kind", [
    # a kind of a counted set the text names nowhere before ("12 of them are boys")
    ("A class has 30 students. 12 of them are boys. How many girls are in the class?", "girl", "student"),
    # "How much do 9 notebooks cost?" asks for money
    ("Each notebook costs 3 dollars. How much do 9 notebooks cost?", "dollar", ""),
])
def test_what_the_question_counts(text, asked, kind):
    x = target(qsets(text))
    assert (x.ent, x.kind_of) == (asked, kind)


def test_things_asked_together_are_counted_together():
    """"How many horses and goats": a goat counts as a horse does (before: 17 * 9)."""
    p = qsets("A farm has 17 horses, 23 pigs and 9 goats. How many horses and goats are there?")
    assert number(p, "9").kind_of == "horse" and number(p, "23").irrelevant
    found = generate_candidates(problem_quantities(p), top=50, settings={"allow_unused": 1}).candidates
    assert found[0].answer == 26 and found[0].tree.cost == min(c.tree.cost for c in found)
