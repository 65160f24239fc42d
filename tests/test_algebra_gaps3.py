"""Readings of the equation-tree engine found on the third hand-written set (pyasp.algebra.qsets): parts
the question denies or calls "the rest", rates said "of", "for ... each", "to each of" or "each N long",
stories whose changes move away or whose end is "left", "then" or "still", two states and the change
between them, kinds of the asked things in a list, a price given in passing, number words that name
things, "N more" of the same things and what several did asked together.

The texts are paraphrases of the hand-written problems (other numbers and things), not the problems."""

from __future__ import annotations

from fractions import Fraction

import pytest
from qsettools import all_answers, answers, number, qsets, target



# -- a part the question denies, the parts before "the rest" ---------------------------------------
@pytest.mark.parametrize("text, part, whole, right, wrong", [
    ("A jar holds 40 cookies. 15 of them are burnt. How many cookies are not burnt?", "15", "40", 25, 55),
    ("Out of 30 children at the camp, 12 brought a hat. How many children did not bring a hat?", "12", "30", 18, 42),
    ("A bag of 36 candies has 14 candies with nuts. How many candies do not have nuts?", "14", "36", 22, 50),
])
def test_a_denied_part_is_taken_from_the_whole(text, part, whole, right, wrong):
    p = qsets(text)
    assert number(p, part).change == "sub" and number(p, whole).change == ""
    assert Fraction(wrong) in all_answers(text)
    found = answers(text)
    assert Fraction(right) in found and Fraction(wrong) not in found


@pytest.mark.parametrize("text", [
    "A jar holds 40 cookies. 15 of them are burnt. How many cookies are burnt?",            # not denied
    "A farm has 20 cows. 8 cows are brown. How many cows are not sleeping?",               # another word denied
])
def test_no_part_is_denied_unless_the_question_denies_what_it_is(text):
    assert not any(q.change for q in qsets(text).qsets)


def test_the_parts_before_the_rest_are_taken_from_the_whole():
    text = "A team has 18 players. 7 of them are girls, and the rest are boys. How many boys are on the team?"
    assert number(qsets(text), "7").change == "sub"
    found = answers(text)
    assert Fraction(11) in found and Fraction(25) not in found


def test_the_parts_before_the_rest_stay_when_a_part_is_asked():
    text = "A team has 18 players. 7 of them are girls, and the rest are boys. How many girls are on the team?"
    assert not any(q.change for q in qsets(text).qsets)


# -- rates said "of", "for ... each", "to each of", "each N long" ---------------------------------------
@pytest.mark.parametrize("text, written, unit", [
    ("A shop has 4 crates of 12 bottles. How many bottles does the shop have?", "12", "crate"),
    ("Ann had 40 dollars. She bought 5 pens for $2 each. How much money does she have left?", "$2", "pen"),
    ("Leo has 30 cards. He gives 3 cards to each of his 6 friends. How many cards does he have left?", "3", "friend"),
    ("A ribbon is 60 inches long. Mia cuts it into strips that are each 5 inches long. How many strips does she get?", "5", "strip"),
])
def test_a_rate_said_without_per(text, written, unit):
    assert number(qsets(text), written).per == unit


@pytest.mark.parametrize("text, written", [
    ("A box of 48 chocolates has 20 chocolates with nuts. How many chocolates do not have nuts?", "48"),  # one box
    ("7 children rode the train every 5 minutes. How many children rode it in 20 minutes?", "5"),  # how often
])
def test_no_rate_for_one_group_or_a_frequency(text, written):
    assert number(qsets(text), written).per == ""


def test_a_rate_to_each_of_several_is_taken_per_friend():
    """30 - 3 * 6 = 12: the cards given to each friend are taken from Leo's (he gives them)."""
    text = "Leo has 30 cards. He gives 3 cards to each of his 6 friends. How many cards does he have left?"
    assert number(qsets(text), "3").change == "sub"
    found = answers(text)
    assert Fraction(12) in found and Fraction(48) not in found


def test_pieces_each_so_long_are_counted_by_a_quotient():
    text = "A ribbon is 60 inches long. Mia cuts it into strips that are each 5 inches long. How many strips does she get?"
    assert target(qsets(text)).quotient
    found = answers(text)
    assert found == {Fraction(12)}


# -- stories: changes that move away, ends said "left", "then", "still" ----------------------------------
def test_things_that_drive_away_and_come_in_change_the_story():
    text = "A garage had 30 cars. Then 8 cars drove away and 5 more cars came in. How many cars are in the garage now?"
    p = qsets(text)
    assert (number(p, "8").operation, number(p, "5").operation) == ("sub", "add")
    assert target(p).result


@pytest.mark.parametrize("text, end, change, op", [
    ("Omar had some money. He spent $7 on lunch and has $15 left. How much money did Omar have at first?", "$15", "$7", "sub"),
    ("Eva had some beads. She found 6 more at the store and then had 20 beads. How many beads did Eva have before?", "20", "6", "add"),
    ("Some ducks were swimming in the pond. 5 ducks flew away, and 12 ducks are still swimming. How many ducks were in the pond at first?", "12", "5", "sub"),
    ("The box had some toys in it. The boy added 9 toys, and now there are 25 toys. How many toys were in the box before?", "25", "9", "add"),
])
def test_the_end_of_a_story_whose_start_is_asked(text, end, change, op):
    p = qsets(text)
    assert number(p, end).result and number(p, change).operation == op


def test_then_says_an_end_only_of_a_state():
    """"Then 8 cars drove away" is a change, not where the story ends."""
    p = qsets("A garage had some cars. Then 8 cars drove away, and now there are 12 cars. How many cars were in the garage at first?")
    assert number(p, "12").result and not number(p, "8").result


def test_new_ones_count_the_things_named_before():
    p = qsets("Kim had 20 stamps. She traded away 6 stamps and got 4 new ones. How many stamps does she have now?")
    assert number(p, "4").ent == "stamp"


# -- two states and the change between them ------------------------------------------------------------
@pytest.mark.parametrize("text, first, last, right, wrong", [
    ("A puppy weighed 12 pounds in May. Now it weighs 20 pounds. How many pounds did the puppy gain?", "sub", "add", 8, 32),
    ("The water was 70 degrees at noon. At night it was 52 degrees. By how many degrees did the water drop?", "add", "sub", 18, 122),
    ("Sam had read 30 pages of his book. After reading more today, he has read 75 pages. How many pages did he read today?", "sub", "add", 45, 105),
])
def test_the_change_between_two_states(text, first, last, right, wrong):
    p = qsets(text)
    states = [q for q in p.qsets if q.qnt is not None]
    assert (states[0].change, states[1].change) == (first, last)
    found = answers(text)
    assert Fraction(right) in found and Fraction(wrong) not in found


@pytest.mark.parametrize("text", [
    "A puppy weighed 12 pounds in May. Now it weighs 20 pounds. How many pounds does it weigh now?",  # no change asked
    "Sam read 30 pages on Monday and 45 pages on Tuesday. How many pages did he read?",               # no totals so far
])
def test_no_change_between_states_unless_asked(text):
    assert not any(q.change for q in qsets(text).qsets)


# -- kinds of the asked things in a list ------------------------------------------------------------------
def test_a_list_holds_only_the_kinds_wordnet_knows():
    p = qsets("A park has 6 lions, 4 tigers, and 9 monkeys. How many big cats does the park have?")
    assert number(p, "9").irrelevant and not number(p, "6").irrelevant and not number(p, "4").irrelevant
    found = all_answers("A park has 6 lions, 4 tigers, and 9 monkeys. How many big cats does the park have?")
    assert Fraction(10) in found and Fraction(19) not in found


def test_pieces_of_a_kind_count_the_kinds_of_it():
    p = qsets("Dad bought 2 loaves of bread, 7 apples, and 5 pears. How many pieces of fruit did he buy?")
    assert number(p, "2").irrelevant and number(p, "7").kind_of == "piece"


def test_a_list_joined_by_apposition_is_a_list():
    p = qsets("Lia's box has 3 pens, 8 pencils, and 2 markers. How many writing tools are in her box?")
    assert {number(p, w).kind_of for w in ("3", "8", "2")} == {"tool"}


def test_a_list_no_member_of_which_wordnet_knows_stays_whole():
    p = qsets("Ben has 4 cars and 6 planes. How many toys does he have?")
    assert not any(q.irrelevant for q in p.qsets)


# -- a price given in passing --------------------------------------------------------------------------------
def test_a_price_is_no_count_of_things():
    p = qsets("Sam has 5 toy cars that cost $4 each and 3 toy trains. How many toys does he have?")
    assert number(p, "$4").irrelevant
    found = all_answers("Sam has 5 toy cars that cost $4 each and 3 toy trains. How many toys does he have?")
    assert Fraction(8) in found and Fraction(60) not in found and Fraction(32) not in found


@pytest.mark.parametrize("text, written", [
    ("Sam has 5 toy cars that cost $4 each and 3 toy trains. How much did the cars cost?", "$4"),  # money asked
    ("If each person paid 45 dollars, what was the total of the bill?", "45"),                   # nothing counts bills
])
def test_a_price_takes_part_when_money_is_asked(text, written):
    assert not number(qsets(text), written).irrelevant


# -- number words that name things ----------------------------------------------------------------------------
def test_one_and_another_name_things():
    p = qsets("Zoe has 14 coins in one box and 9 coins in another box. How many coins are in the two boxes?")
    assert number(p, "one").irrelevant and number(p, "two").irrelevant
    found = all_answers("Zoe has 14 coins in one box and 9 coins in another box. How many coins are in the two boxes?")
    assert Fraction(23) in found and Fraction(46) not in found


def test_the_two_named_before():
    p = qsets("Mr. Lee's team scored 31 points, and Ms. Ray's team scored 27 points. How many points did the two teams score?")
    assert number(p, "two").irrelevant


def test_a_count_of_things_not_named_before_takes_part():
    p = qsets("A box holds 6 eggs. How many eggs do the three boxes hold?")
    assert not number(p, "three").irrelevant


# -- "N more" of the same things, what several did together ----------------------------------------------------
def test_more_of_the_same_things_is_added():
    text = "Lily picked 15 apples and then 9 more. She put them equally into 3 bags. How many apples are in each bag?"
    assert number(qsets(text), "9").change == "add"
    found = answers(text)
    assert Fraction(8) in found and Fraction(2) not in found


def test_more_than_is_no_change():
    p = qsets("Lily picked 15 apples. Tom picked 9 more apples than Lily. How many apples did Tom pick?")
    assert number(p, "9").change == ""


def test_what_they_did_together_leaves_how_many_there_were():
    text = "A cake was cut into 16 pieces. Sam ate 2 pieces, Ann ate 3 pieces, and Tom ate 4 pieces. How many pieces did they eat in all?"
    assert number(qsets(text), "16").irrelevant
    found = all_answers(text)
    assert Fraction(9) in found and Fraction(7) not in found


def test_what_is_left_is_no_doing_asked():
    text = "A cake was cut into 16 pieces. Sam ate 2 pieces, Ann ate 3 pieces, and Tom ate 4 pieces. How many pieces are left?"
    assert not number(qsets(text), "16").irrelevant


# -- how much more k times a base is than the base ----------------------------------------------------------
def test_k_times_the_base_less_the_base_is_the_base_times_k_less_one():
    text = "Mia is 8 years old. Her aunt is 5 times as old as Mia. How much older is her aunt than Mia?"
    p = qsets(text)
    assert (number(p, "5").qnt, number(p, "5").shown, target(p).asks) == (4, "(5-1)", "")
    assert Fraction(32) in answers(text)


def test_k_times_stays_when_no_difference_is_asked():
    p = qsets("Mia is 8 years old. Her aunt is 5 times as old as Mia. How old is her aunt?")
    assert number(p, "5").qnt == 5 and not number(p, "5").shown


# -- things shared among a count, when one's share is asked -------------------------------------------------
def test_things_shared_among_a_count_are_divided_by_it():
    """(36 / 4) + 3 = 12 stays; 36 - 4 * 3 = 24 (before, the shipped model's kind of choice) goes."""
    text = ("Mr. Cole divides 36 pencils equally among 4 students. Then each student gets 3 more pencils from the box. "
            "How many pencils does each student have now?")
    from pyasp.algebra.qsets import shared_among

    assert shared_among(qsets(text)) == {(1, 2)}
    assert Fraction(24) in all_answers(text)
    found = answers(text)
    assert Fraction(12) in found and Fraction(24) not in found


def test_nothing_is_shared_when_no_share_is_asked():
    from pyasp.algebra.qsets import shared_among

    text = "Mr. Cole had 50 pencils. He divided 36 pencils equally among 4 students. How many pencils does he have left?"
    assert shared_among(qsets(text)) == set()


# -- a comparison whose base is said after it, and "they" asked ----------------------------------------
def test_the_base_said_after_a_comparison_is_its_number_when_they_are_asked():
    """"Liam has 3 times as many cards as Mia. Mia has 14 cards. How many do *they* have together?": x
    is theirs, not Mia's (she is only named last), so the 3 multiplies Mia's 14 and the total is
    14 * (1 + 3)."""
    text = "Liam has 3 times as many cards as Mia. Mia has 14 cards. How many cards do they have together?"
    p = qsets(text)
    assert number(p, "3").whole == number(p, "14").token
    assert 56 in answers(text)


def test_x_stays_the_base_when_one_owner_is_asked():
    text = "Rita has 8 fewer stickers than Paul. Rita has 20 stickers. How many stickers does Paul have?"
    p = qsets(text)
    assert number(p, "8").whole == target(p).token
