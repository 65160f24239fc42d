"""Readings of the equation-tree engine found on the fifth hand-written set (pyasp.algebra): the units of
each step of a two-step problem, rates said "at each", "of N" groups and "each team", things given out
or taken from where they are, numbers of periods the text lists one by one, kinds of a whole listed
before their numbers, "how many of his toy cars", "half as many ... over the weekend", the unit a measure
is asked in and "some more" as the unknown change.

The texts are variants of the hand-written problems written for these tests (other verbs, things,
names, numbers and orders), not the problems."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import Tree, all_answers, answers, number, qsets, target

from pyasp.algebra.engine import unit_mismatch
from pyasp.algebra.solver import solve_text


def solved(text: str) -> Fraction:
    """The shipped model's answer."""
    return Fraction(str(solve_text(text).answer))


# -- the unit of each step ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, right, wrong", [
    ("A bakery made 48 muffins and packed them in boxes of 4 muffins each. It sold 5 boxes. How many boxes are left?",
     7, 960),
    ("A farmer picked 90 apples and put them in bags of 10 apples each. He gave away 3 bags. "
     "How many bags does he have now?", 6, 2700),
])
def test_things_over_their_number_per_group_count_groups(text, right, wrong):
    """48 / 4 = 12 boxes, less 5 boxes; never 48 * 4 * 5 (muffins times muffins)."""
    assert Fraction(wrong) in all_answers(text)
    assert Fraction(wrong) not in answers(text)
    assert solved(text) == right


CLASSROOM = "A classroom has 4 tables with 6 students at each table. Then 5 students go home. How many students are in the classroom now?"
BAKER = "A baker made 60 rolls and packed them in bags of 6 rolls each. He sold 7 bags. How many bags are left?"


@pytest.mark.parametrize("text, expression, bad", [
    (CLASSROOM, ("sub", ("mul", "4", "6"), "5"), False),  # 4 tables * 6 students per table, less 5 students
    (CLASSROOM, ("mul", ("mul", "4", "6"), "5"), True),  # students times students
    (CLASSROOM, ("add", "4", ("mul", "6", "5")), True),  # tables plus students
    (BAKER, ("mul", "60", ("mul", "6", "7")), True),  # rolls times rolls: rolls squared
    (BAKER, ("sub", ("div", "60", "6"), "7"), False),  # 60 / 6 bags, less 7 bags
    (BAKER, ("sub", "60", ("mul", "6", "7")), True),  # rolls, not bags
])
def test_unit_mismatch(text, expression, bad):
    p = qsets(text)
    assert unit_mismatch(Tree(p, expression), p) is bad


def test_no_unit_verdict_on_a_ratio_or_unsure_things():
    # "how many times as much": a ratio of dollars
    p = qsets("A toy whale costs $18. A toy shark costs $6. The toy whale costs how many times as much as the toy shark?")
    assert not unit_mismatch(Tree(p, ("div", "$18", "$6")), p)
    # a count per day and a number of days: days count no things
    assert solved("Jack reads 15 pages every day for 7 days. How many pages does he read in all?") == 105


# -- rates said "at each", "of N" groups and "each team" -----------------------------------------------------
@pytest.mark.parametrize("text, rate, right", [
    ("A restaurant has 5 tables with 4 chairs at each table. Then 3 chairs are taken away. How many chairs are left?",
     "4", 17),
    ("A garden has 6 rows with 8 tulips at each row. How many tulips are in the garden?", "8", 48),
])
def test_a_number_at_each_thing_is_a_rate(text, rate, right):
    assert number(qsets(text), rate).rate in {"table", "row"}
    assert solved(text) == right


@pytest.mark.parametrize("text, size, unit, right", [
    ("Eggs come in cartons of 12, and each carton costs $3. Mrs. Lopez needs 36 eggs. How much will she pay for the eggs?",
     "12", "carton", 9),
    ("There are 40 children at camp. They form groups of 5 children. The leader gives each group 3 maps. "
     "How many maps does the leader give out?", "5", "group", 24),
])
def test_the_size_of_groups_is_a_number_per_group(text, size, unit, right):
    q = number(qsets(text), size)
    assert q.per == unit and not q.ent_fallback
    assert solved(text) == right


# -- things given out, taken from where they are, or gone home ---------------------------------------------
@pytest.mark.parametrize("text, change, right", [
    ("There are 4 crates with 25 apples in each crate. The farmer gives out 30 of the apples. How many apples are left?",
     "30", 70),
    ("Ms. Lee has 5 packs with 8 markers in each pack. She hands out 12 of the markers. How many markers are left?",
     "12", 28),
    ("There were 80 oranges in a box. Shoppers bought 35 of the oranges. How many oranges are still in the box?", "35", 45),
    ("A shelf had 60 books. Students borrowed 23 of the books. How many books are still on the shelf?", "23", 37),
])
def test_things_given_out_or_taken_are_gone(text, change, right):
    assert number(qsets(text), change).operation == "sub"
    assert solved(text) == right


def test_more_things_bought_for_a_place_are_added():
    text = ("There were 48 apples in a basket. Mrs. Diaz bought 15 more apples and put them in the basket. "
            "How many apples are in the basket now?")
    assert number(qsets(text), "15").operation != "sub"
    assert solved(text) == 63


def test_what_is_still_there_ends_a_story():
    text = "A bus has 6 rows with 4 children in each row. Then 7 children get off. How many children are still on the bus?"
    assert target(qsets(text)).result
    assert solved(text) == 17


# -- numbers of periods the text lists one by one ---------------------------------------------------------
@pytest.mark.parametrize("text, periods, right", [
    ("During the two days of the book sale, 85 books were sold on Friday and 97 books were sold on Saturday. "
     "How many books were sold in all?", "two", 182),
    ("Ben spent three evenings painting. He painted 4 fences the first evening, 5 fences the second evening and "
     "3 fences the third evening. How many fences did he paint in all?", "three", 12),
    ("A truck drove 150 miles on Monday and 210 miles on Tuesday. It goes 20 miles on each gallon of fuel. "
     "How many gallons of fuel did it use on the two days?", "two", 18),
])
def test_a_number_of_listed_periods_takes_no_part(text, periods, right):
    assert "one by one" in number(qsets(text), periods).irrelevant
    assert solved(text) == right


def test_a_number_of_periods_with_one_number_for_each_takes_part():
    text = "Nora swims 12 laps every day. How many laps does she swim in 5 days?"
    assert not number(qsets(text), "5").irrelevant
    assert solved(text) == 60


# -- kinds of a whole listed before their numbers; a rest with a price said in passing -----------------------
@pytest.mark.parametrize("text, parts, right", [
    ("The farm has 40 animals: cows, pigs and goats. 12 are cows and 9 are pigs. How many goats are on the farm?",
     ["12", "9"], 19),
    ("A box of 50 crayons has only blue, red, and purple crayons. 18 are blue and 20 are red. "
     "How many purple crayons are in the box?", ["18", "20"], 12),
])
def test_the_listed_kinds_of_a_whole(text, parts, right):
    p = qsets(text)
    assert all(number(p, w).change == "sub" for w in parts)
    assert solved(text) == right


def test_no_listed_kinds_when_a_listed_kind_is_counted():
    text = "The farm has 40 animals: cows, pigs and goats. 12 are cows and 9 are pigs. How many cows are on the farm?"
    assert not number(qsets(text), "12").change


def test_a_price_takes_no_part_in_the_rest():
    text = "A gift box costs $20. It holds 24 chocolates: 9 are dark and the rest are white. How many white chocolates are in the box?"
    assert solved(text) == 15


# -- the asked things ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, ent, right", [
    ("Mia has 30 picture books. 12 of the books are new. She also has 5 comic books. How many of her picture books "
     "are not new?", "book", 18),
    ("Jon has 45 toy cars. 20 of the cars are red. He also has 7 toy trucks. How many of his toy cars are not red?",
     "car", 25),
])
def test_how_many_of_his_toy_cars_asks_cars(text, ent, right):
    assert target(qsets(text)).ent == ent
    assert solved(text) == right


@pytest.mark.parametrize("text, ent, right", [
    ("A board is 90 inches long. Sam cuts off 10 inches. Then he cuts the rest into 8 equal pieces. "
     "How long is each piece, in inches?", "inch", 10),
    ("A ribbon is 45 inches long. Ann cuts off 5 inches. She cuts the rest into 8 equal parts. How long is each part?",
     "inch", 5),
])
def test_a_measure_is_asked_in_its_unit(text, ent, right):
    assert target(qsets(text)).ent == ent
    assert solved(text) == right


def test_a_measure_in_a_number_of_hours_is_no_unit_asked():
    assert target(qsets("A car travels 55 miles per hour. How far does it travel in 4 hours?")).ent != "hour"


# -- totals of a fraction compared; the unknown change "some more" -----------------------------------------------
@pytest.mark.parametrize("text, right", [
    ("Leo ran 6 miles on Monday and half as many miles on Tuesday. How many miles did he run in all?", 9),
    ("Mia picked 30 apples in the morning and a third as many apples in the afternoon. "
     "How many apples did she pick during the day?", 40),
    ("Hal read 40 pages on Saturday and half as many pages on Sunday. How many pages did he read over the weekend?", 60),
])
def test_a_total_of_half_as_many_and_its_base(text, right):
    assert solved(text) == right


def test_no_total_of_half_as_many_unless_asked():
    text = "Hal read 40 pages on Saturday and half as many pages on Sunday. How many pages did he read on Sunday?"
    assert solved(text) == 20


@pytest.mark.parametrize("text, right", [
    ("Lily had 15 stickers. Her aunt gave her some more. Now Lily has 41 stickers. How many stickers did her aunt give her?", 26),
    ("Max had 22 cards. His friend gave him some more. Now he has 35 cards. How many cards did his friend give him?", 13),
])
def test_some_more_is_the_unknown_change(text, right):
    assert target(qsets(text)).operation == "add"
    assert solved(text) == right


# -- one's share, then what that one did ------------------------------------------------------------------------
@pytest.mark.parametrize("text, right", [
    ("Ana has 36 beads. She divides them equally among 4 cousins. Then one of the cousins loses 2 of her beads. "
     "How many beads does that cousin have now?", 7),
    ("Sam has 24 cookies. He shares them equally among 6 friends. Then one of the friends eats 1 of his cookies. "
     "How many cookies does that friend have now?", 3),
])
def test_a_change_of_one_share_said_of_that_one(text, right):
    p = qsets(text)
    assert target(p).rate in {"cousin", "friend"}
    assert number(p, "one").irrelevant
    assert solved(text) == right


def test_one_of_several_counted_takes_part_when_not_asked_as_that_one():
    text = "There are 5 boxes. One of the boxes holds 12 pens and each other box holds 8 pens. How many pens are there?"
    assert not any("that one" in q.irrelevant for q in qsets(text).qsets)
