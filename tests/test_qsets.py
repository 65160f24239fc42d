"""Grounding text into Qsets (ALGES Table 1), reordering (Table 2), combine (Section 5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyasp.algebra.engine import problem_quantities
from pyasp.algebra.qsets import REORDER_RULES, combine, ground_problem
from pyasp.errors import InputError
from pyasp.text.reading import read

ZOO = ("On Monday, 375 students went on a trip to the zoo. All 7 buses were filled and 4 students had "
       "to travel in cars. How many students were in each bus ?")
BIKE = ("Oceanside Bike Rental Shop charges 17 dollars plus 7 dollars an hour for renting a bike. Tom paid "
        "80 dollars to rent a bike. How many hours did he pay to have the bike checked out ?")
SEASHELLS = ("Joan found 70 seashells on the beach. she gave Sam some of her seashells. She has 27 seashell "
             "left. How many seashells did she give to Sam ?")


def qsets(text: str, **kw):
    return ground_problem(read(text), **kw)


def test_zoo_problem_of_figure_2_field_by_field():
    p = qsets(ZOO)
    by_value = {q.qnt: q for q in p.qsets}
    assert [q.qnt for q in p.qsets if q.qnt is not None] == [375, 7, 4]
    students, buses, cars = by_value[375], by_value[7], by_value[4]
    assert (students.ent, students.vrb, students.syn) == ("student", "go", "nsubj")
    assert (buses.ent, buses.vrb, buses.syn) == ("bus", "fill", "nsubjpass")
    assert (cars.ent, cars.vrb, cars.loc) == ("student", "have", "") and cars.ctr == ""
    x = p.qsets[p.target_index]
    assert (x.ent, x.ctr, x.rate, x.text) == ("student", "bus", "bus", "x")
    # Table 2: x, contained in a bus, is read right after the count of buses
    assert [q.text for q in p.qsets] == ["375", "7", "x", "4"]
    assert p.reordered == ("container_after_count",)


def test_bike_problem_rate_and_money():
    p = qsets(BIKE)
    assert [(q.text, q.ent) for q in p.qsets] == [("17", "dollar"), ("7", "dollar"), ("80", "dollar"), ("x", "hour")]
    seventeen, seven, eighty, x = p.qsets
    assert seven.rate == "hour" and seventeen.rate == ""
    assert (seventeen.ctr, seventeen.vrb, seventeen.syn) == ("shop", "charge", "dobj")
    assert (eighty.ctr, eighty.vrb) == ("tom", "pay")
    assert x.ctr == "tom"  # "he" resolved to the last named subject


def test_the_one_of_the_asked_thing_is_no_quantity():
    """"How much did *one* notebook cost": before, the 1 was a quantity (48=(6+x)*1)."""
    p = qsets("Rosa paid 48 dollars for 6 notebooks. How much did one notebook cost?")
    assert [q.text for q in p.qsets] == ["48", "6", "x"]
    # elsewhere "one" is a number of the text, before the question word of the question too
    assert [q.text for q in qsets("Tom had 5 apples and one pear. How many apples and pears does he have?").qsets][:2] == ["5", "one"]
    eats = qsets("If Tom has 5 apples and eats one apple, how many apples does he have left?")
    assert [q.text for q in eats.qsets if q.text != "x"] == ["5", "one"]


def test_giving_makes_the_receiver_the_container_and_some_becomes_x():
    p = qsets(SEASHELLS)
    assert [q.text for q in p.qsets] == ["70", "x", "27"]  # x stands where "some" is (Table 2)
    found, x, left = p.qsets
    assert (found.ctr, found.vrb, found.loc) == ("joan", "find", "beach")
    assert (x.ent, x.ctr, x.vrb) == ("seashell", "sam", "give")
    assert (left.ctr, left.vrb) == ("joan", "have")
    assert "some_is_x" in p.reordered


def test_question_about_the_start_puts_x_first():
    p = qsets("Mary spent 12 dollars on a book. She has 20 dollars left. How much money did she have at first?")
    assert p.qsets[0].is_target and p.qsets[0].ent == "dollar"
    assert p.reordered == ("x_first",)


def test_reordering_can_be_switched_off_rule_by_rule():
    assert [q.text for q in qsets(ZOO, reorder=False).qsets] == ["375", "7", "4", "x"]
    assert [q.text for q in qsets(SEASHELLS, reorder=set(REORDER_RULES) - {"some_is_x"}).qsets] == ["70", "27", "x"]
    with pytest.raises(InputError, match="unknown reordering rule"):
        qsets(ZOO, reorder={"sideways"})


def test_number_words_fallback_entity_and_adjectives():
    p = qsets("Sara has 31 red and 15 green balloons. Sandy has 24 red balloons. How many red balloons do they have in all?")
    assert [(q.text, q.ent, q.adj) for q in p.qsets] == [
        ("31", "balloon", ("red",)), ("15", "balloon", ("green",)), ("24", "balloon", ("red",)), ("x", "balloon", ("red",))]
    assert p.qsets[0].ent_fallback  # "31 red" counts no noun: it takes the entity of the next number
    quantities = problem_quantities(p)
    assert quantities[1].types == (("green balloon", 1.0),)  # another kind than the one asked for
    assert quantities[1].relevance < 1


def test_implied_quantities_coins_and_people():
    coins = qsets("Sam got 9 pennies and 7 quarters. How much money does Sam have?")
    implied = [(q.qnt, q.ent, q.rate) for q in coins.qsets if q.implicit]
    assert implied == [(Fraction(1, 100), "dollar", "cent"), (Fraction(1, 4), "dollar", "quarter")]
    people = qsets("Melanie, Benny, Sally, and Jessica each have 3 baseball cards. How many baseball cards do they have in all?")
    assert [(q.qnt, q.ent) for q in people.qsets if q.implicit] == [(4, "person")]


@pytest.mark.parametrize("text, money", [
    ("A ticket costs €12. Tom buys 4 tickets. How many euros does he pay?", "euro"),
    ("Anna pays 30 euros for 3 books. How much does one book cost?", "euro"),
    ("A ticket costs £12. Tom buys 4 tickets. How many pounds does he pay?", "pound"),
    ("A ticket costs $12. Tom buys 4 tickets. How many dollars does he pay?", "dollar"),
    ("A ticket costs €12 or $13. Tom buys 4 tickets. How much does he pay?", "dollar"),
])
def test_money_is_one_type_named_by_the_currency(text, money):
    p = qsets(text)
    money_qsets = [q for q in p.qsets if q.qnt is None or q.qnt in (12, 13, 30)]
    assert {q.ent for q in money_qsets} == {money}


def test_pounds_of_weight_beside_pounds_of_money_stay_apart():
    p = qsets("Apples cost £2 per pound. Ann paid £10 for apples. How many pounds of apples did she buy?")
    assert [(q.text, q.ent) for q in p.qsets] == [("£2", "sterling"), ("£10", "sterling"), ("x", "pound")]


def test_pounds_without_the_sign_weigh():
    p = qsets("A bag weighs 5 pounds. How many pounds do 3 bags weigh?")
    assert {q.ent for q in p.qsets if q.qnt != 3} == {"pound"}
    assert "dollar" not in {q.ent for q in p.qsets}


@pytest.mark.parametrize("text, order", [
    ("A number increased by 15 is 42. What is the number?", ["x", "15", "42"]),
    ("The sum of a number and 7 is 20. Find the number.", ["x", "7", "20"]),
    ("Three times a number is 36. What is the number?", ["Three", "x", "36"]),
    ("If you add 12 to a certain number, you get 30. What is it?", ["12", "x", "30"]),
])
def test_number_puzzles_put_x_at_a_number(text, order):
    p = qsets(text)
    assert [q.text for q in p.qsets] == order
    assert {q.ent for q in p.qsets} == {"number"}


@pytest.mark.parametrize("text", [
    "A number of students sat in 4 rows of 6. How many students were there?",
    "A number of birds sat on a tree. 5 flew away, leaving 12. How many were there at first?",
    "Jerry has a lucky number. Jerry is 12 years old and his sister is 5. Find the number of years between them.",
    "Each of the 24 students in the class has a number. There are 2 teachers. What is the total number of people?",
])
def test_a_number_of_things_is_no_puzzle(text):
    assert "number" not in {q.ent for q in qsets(text).qsets}


def test_combine_follows_section_5():
    p = qsets(ZOO, reorder=False)
    students, buses, cars, x = p.qsets
    total = combine(buses, x, "mul")
    assert (total.ent, total.compound, total.subtypes) == ("student", True, ("bus", "student"))
    difference = combine(students, cars, "sub")  # subtraction keeps the minuend's properties
    assert (difference.ent, difference.vrb, difference.ctr) == ("student", "go", "")
    assert set(difference.members) == {students.token, cars.token}


@pytest.mark.parametrize("text, message", [
    ("How many apples does Tom have?", "no quantity"),
    ("Tom has 3 apples and 4 pears.", "no question"),
])
def test_unusable_problems_are_refused(text, message):
    with pytest.raises(InputError, match=message):
        qsets(text)


def test_every_local_feature_has_a_name():
    from pyasp.algebra.features import local_feature_names, local_features

    p = qsets(ZOO)
    students, buses, x, cars = p.qsets
    vector = local_features(buses, x, p)
    names = local_feature_names()
    assert len(names) == len(vector) == len(set(names))
    named = dict(zip(names, vector))
    assert named["b_ctr_a_ent"] == 1.0  # x's container (bus) is the entity of "7 buses"
    assert named["b_has_x"] == 1.0 and named["a_has_x"] == 0.0


def test_operator_cue_words_are_local_features():
    from pyasp.algebra.features import local_feature_names, local_features

    names = local_feature_names()
    p = qsets("A number increased by 7 is 19. What is the number?")
    x, seven, nineteen = p.qsets
    increased = dict(zip(names, local_features(x, seven, p)))
    assert increased["between_cue_add"] == 1.0 and increased["between_cue_mul"] == 0.0
    assert dict(zip(names, local_features(seven, nineteen, p)))["between_cue_add"] == 0.0  # only "is" between
    p = qsets("7 less than a number is 11. What is the number?")
    seven, x, eleven = p.qsets
    less = dict(zip(names, local_features(seven, x, p)))
    assert less["between_cue_sub"] == less["a_than_less"] == 1.0
    assert less["than_less_between"] == 1.0  # "a less than b" is b - a ...
    assert dict(zip(names, local_features(x, seven, p)))["than_less_between"] == -1.0  # ... as b's mention comes first


def test_left_is_a_subtraction_cue_only_as_a_verb():
    from pyasp.algebra.features import local_feature_names, local_features

    names = local_feature_names()
    p = qsets("Max walked 6 blocks north, then turned left and walked 4 more blocks. How many blocks did Max walk?")
    six, four = p.qsets[:2]
    turned = dict(zip(names, local_features(six, four, p)))
    assert turned["between_cue_sub"] == 0.0  # "turned left": a direction, not "leave"
    assert turned["b_cue_add"] == 1.0  # "4 more blocks"
    p = qsets("Ann baked 12 pies and 3 were left over. How many pies did she eat?")
    twelve, three = p.qsets[:2]
    assert dict(zip(names, local_features(twelve, three, p)))["b_cue_sub"] == 1.0  # "were left over"
    p = qsets("Ann had 12 pies. She left 3 pies at home. How many pies did she bring?")
    twelve, three = p.qsets[:2]
    assert dict(zip(names, local_features(twelve, three, p)))["b_cue_sub"] == 1.0  # "she left 3 pies"


def test_than_construction_names_its_base():
    from pyasp.algebra.features import local_feature_names, local_features

    names = local_feature_names()
    p = qsets("A red box has 14 pens. A blue box has 6 more pens than the red box. How many pens are in the blue box?")
    fourteen, six = p.qsets[:2]
    base = dict(zip(names, local_features(fourteen, six, p)))
    assert base["b_than_more"] == base["b_than_more_a"] == 1.0  # 6 more than what 14's sentence names
    assert base["a_than_more_b"] == base["b_than_less_a"] == 0.0
    p = qsets("There are 14 pens in the box. There are 6 more pens than pencils. How many pencils are there?")
    fourteen, six = p.qsets[:2]
    other = dict(zip(names, local_features(fourteen, six, p)))
    assert other["b_than_more"] == 1.0 and other["b_than_more_a"] == 0.0  # pencils: not 14's


# -- number puzzles: the two sides of "is" and the words of operation --------------------------
@pytest.mark.parametrize("text, sides, operations", [
    ("A number increased by 7 is 19. What is the number?", {"x": 1, "7": 1, "19": 2}, {"7": "add"}),
    ("5 less than a number is 9. What is the number?", {"5": 1, "x": 1, "9": 2}, {"5": "sub"}),
    ("Twice a number plus 3 is 17. What is the number?", {"Twice": 1, "x": 1, "3": 1, "17": 2},
     {"Twice": "mul", "3": "add"}),
    ("A number is 18 more than 12. What is the number?", {"x": 1, "18": 2, "12": 2}, {"18": "add"}),
    ("A number divided by 3 is 5. What is the number?", {"x": 1, "3": 1, "5": 2}, {"3": "div"}),
    ("The difference between a number and 9 is 7. What is the number?", {"x": 1, "9": 1, "7": 2}, {"9": "sub"}),
    # the parser ends the sentence before "is": the statement goes on in the next one
    ("A number minus 13 is 12. What is the number?", {"x": 1, "13": 1, "12": 2}, {"13": "sub"}),
    # x named again in a later sentence, or by "it"
    ("Gina picked a number. One half of her number is 11. What number did she pick?", {"half": 1, "x": 1, "11": 2},
     {"half": "mul"}),
    ("I think of a number. If I add 11 to it, I get 20. What is my number?", {"11": 1, "x": 1, "20": 2}, {"11": "add"}),
])
def test_a_number_puzzle_reads_the_sides_of_its_equation(text, sides, operations):
    p = qsets(text)
    assert {q.text: q.side for q in p.qsets} == sides
    assert {q.text: q.operation for q in p.qsets if q.operation} == operations


@pytest.mark.parametrize("text, operations", [
    # no puzzle: the 5 eaten is a change of a story (tests/test_algebra_readings.py), not a side's term
    ("Tom had 12 apples. He ate 5 apples. How many apples are left?", {"5": "sub"}),
    ("A number of birds sat on a tree. 5 flew away and 7 were left. How many birds were there?", {}),
])
def test_only_a_number_puzzle_has_sides(text, operations):
    p = qsets(text)
    assert all(q.side == 0 for q in p.qsets)
    assert {q.text: q.operation for q in p.qsets if q.operation} == operations


# -- "half": a fraction of a set, a part of a time, a time of the clock, cut in half ----------
def test_half_of_a_set_is_a_fraction_whose_container_is_the_set():
    p = qsets("Maria owned 36 stickers and traded half of her stickers for a toy. How many stickers does Maria have left?")
    half = next(q for q in p.qsets if q.text == "half")
    assert (half.ent, half.ctr) == ("fraction", "sticker")
    p = qsets("Rob has 16 grapes. He eats half of them. How many grapes does he have left?")
    assert next(q for q in p.qsets if q.text == "half").ctr == "grape"
    # "0.2 of a bucket" is an amount of a unit, no part of a set
    p = qsets("Sandy poured 0.2 of a bucket of water and 0.4 of a bucket of milk. How many buckets did she pour?")
    assert {q.ent for q in p.qsets if q.qnt is not None} == {"bucket"}


def test_a_part_only_described_is_relevant_when_the_question_asks_about_it():
    from pyasp.algebra.engine import relevance

    orange = qsets("A tank had 50 fish. Half of the fish were orange. Then 6 fish were added. How many fish are in the tank now?")
    half = next(q for q in orange.qsets if q.text == "Half")
    assert half.partition == ("orange",) and relevance(half, orange) < 1
    girls = qsets("There are 48 students in a class. Half of them are girls. How many girls are in the class?")
    assert relevance(next(q for q in girls.qsets if q.text == "Half"), girls) == 1


@pytest.mark.parametrize("text, values", [
    ("Lucy read 30 pages in the first half of the day and 25 pages in the second half. How many pages did she read?",
     [30, 25]),
    ("At half past 3, Leo had 15 cookies. By 5 o'clock he had eaten 6 of them. How many cookies did he have left?",
     [15, 6]),
])
def test_halves_and_clock_times_that_name_no_amount_are_no_quantities(text, values):
    assert [q.qnt for q in qsets(text).qsets if q.qnt is not None] == values


def test_cut_in_half_is_two_pieces_of_each():
    p = qsets("A baker cut 8 loaves of bread in half. How many pieces of bread does he have?")
    two = next(q for q in p.qsets if q.text == "half")
    assert (two.qnt, two.ent, two.rate) == (2, "piece", "loaf")


def test_numbers_of_kinds_of_the_asked_entity_may_have_its_type():
    p = qsets("A farmer has 23 cows and 38 sheep. How many animals does the farmer have?")
    assert [q.kind_of for q in p.qsets if q.qnt is not None] == ["animal", "animal"]
    types = [dict(q.types) for q in problem_quantities(p)]
    assert types[0]["animal"] == types[0]["cow"] == 1.0
    assert combine(p.qsets[0], p.qsets[1], "add").ent == "animal"
    # joined by "and", no WordNet kinds: girls and boys are the students asked for
    p = qsets("A school has 215 girls and 198 boys. How many students are in the school?")
    assert [q.kind_of for q in p.qsets if q.qnt is not None] == ["student", "student"]
    # the asked entity is counted: nothing changes
    p = qsets("A farmer has 23 cows and 38 sheep. How many more sheep than cows does he have?")
    assert not any(q.kind_of for q in p.qsets)


@pytest.mark.parametrize("text, whole", [
    ("Peter had 50 dollars. He spent half of his money on a book. How much money did Peter spend?", "50"),
    ("A class has 30 students. Half of the students walk to school. How many students walk to school?", "30"),
    ("One half of the 40 cars in a parking lot are red. How many red cars are there?", "40"),
    ("Mike is 12 years old. His sister is half his age. How old is his sister?", "12"),
    ("Carl has 18 toy cars. That is half as many as Dan has. How many toy cars does Dan have?", None),
    ("A farmer had 60 apples. He sold 20 apples and then gave away half of the remaining apples. "
     "How many apples did he give away?", None),
])
def test_a_fraction_of_a_counted_set_multiplies_it(text, whole):
    """The fraction's operation is mul; its whole is the number that counts the set it names (none
    for "half as many as Dan has", nor for "half of the remaining apples")."""
    p = qsets(text)
    half = next(q for q in p.qsets if q.text.lower() in {"half", "one half"})
    assert (half.ent, half.operation) == ("fraction", "mul")
    by_token = {q.token: q.text for q in p.qsets}
    assert by_token.get(half.whole) == whole
    quantities = problem_quantities(p)
    fraction = quantities[p.qsets.index(half)]
    assert (fraction.whole and quantities[fraction.whole - 1].text) == (whole or 0)


@pytest.mark.parametrize("text, number, operation, base", [
    ("Paul has 20 stickers. Rita has 8 fewer stickers than Paul. How many stickers does Rita have?", "8", "sub", "20"),
    ("A school has 35 boys. It has 15 fewer girls than boys. How many girls does the school have?", "15", "sub", "35"),
    ("Tom is 12 years old. His sister is 3 years older than Tom. How old is his sister?", "3", "add", "12"),
    ("Rita has 8 fewer stickers than Paul. Rita has 12 stickers. How many stickers does Paul have?", "8", "sub", "x"),
    ("Sam has 4 marbles. Ann has 3 times as many marbles as Sam. How many marbles does Ann have?", "3", "mul", "4"),
    ("Lily is 9 years old. Her brother is twice as old as Lily. How old is her brother?", "twice", "mul", "9"),
    # "than him": the last one named before the sentence; "than his brother": the brother
    ("Paul has 20 stickers. Rita has 8 fewer stickers than him. How many stickers does Rita have?", "8", "sub", "20"),
    ("Leo is 4 years younger than his brother. His brother is 17 years old. How old is Leo?", "4", "sub", "17"),
    # "than the oak tree", "than on Monday": the number of the sentence that names them
    ("The oak tree is 45 feet tall. The pine tree is 16 feet taller than the oak tree. How tall is the pine tree?",
     "16", "add", "45"),
    ("It rained 0.9 inches on Monday. On Tuesday, it rained 0.7 inches less than on Monday. How much did it rain on "
     "Tuesday?", "0.7", "sub", "0.9"),
    # the base is two numbers: the operation only
    ("Mary has 5 red marbles and 15 blue marbles. Tom has 8 fewer marbles than Mary. How many marbles does Tom have?",
     "8", "sub", None),
    # a percentage scales what it is compared with: nothing is read
    ("A shirt cost 20 dollars. A coat cost 50% more than the shirt. How much did the coat cost?", "50%", "", None),
])
def test_a_comparison_counts_its_number_from_what_it_compares_with(text, number, operation, base):
    """"8 fewer stickers than Paul" subtracts 8 from the number Paul has (before: 20 * 8 won)."""
    p = qsets(text)
    q = next(q for q in p.qsets if q.text == number)
    assert q.operation == operation
    by_token = {t.token: t.text or "x" for t in p.qsets}
    assert by_token.get(q.whole) == base


def test_a_number_after_a_fraction_of_a_set_counts_the_set():
    p = qsets("Jenny picked 24 flowers. She put half of them in a vase and gave 5 to her friend. "
              "How many flowers does she have left?")
    five = next(q for q in p.qsets if q.text == "5")
    assert five.ent == "flower"
