"""Checks of the declarative-rules engine's search at choice time, found on the seventh hand-written
set (examples/wordproblems/grade_school_7.json, a development set since the eighth session), in
general form (each a check of the search at inference, :data:`pyasp.arith.inference.STRICT_CHECKS`;
training is left alone):

- "rest": a question that asks the rest of a whole ("How many cars in the lot are not vans?",
  "All the other marbles are blue. How many blue marbles ...?": the shared reading
  :func:`pyasp.text.reading.asks_a_part`) is answered by a difference, never a sum; when one
  number counts the whole in a kind of which what is asked is one ("50 animals: 18 cows, 12 pigs,
  and the rest sheep"), the answer may count that kind, and nothing is added to that number;
- "unknown": so is a question that asks what the text said as "some" with the question's verb,
  a change between two amounts given or a part of a whole given ("spent some of it. He returned
  with $8. How much did he spend?", "planted some tulips in April and 23 in May. He planted 60 in
  the spring": :func:`pyasp.text.reading.asks_what_some_is`);
- "start": so is a question that asks what there was before a gain of "N more" ("When 6 more ducks
  joined them, there were 20 ducks on the pond. How many ducks were on the pond before?":
  :func:`pyasp.text.reading.asks_a_start_before_a_gain`);
- "compared": "12 fewer onions than potatoes", when the question asks the onions, is applied to
  the potatoes (48 - 12), never undone (48 + 12);
- "each": "feeds each of the 8 penguins 3 fish" multiplies the two (the amount given to each of
  a counted group, :func:`pyasp.text.reading.each_of_pairs`), never divides them.

The texts are written for these tests (other verbs, nouns, names, orders than the set's); each
whole-problem text is answered wrongly with its check switched off, unless marked as a guard."""

from __future__ import annotations

import pytest

import pyasp.arith.inference as inference
from pyasp.arith.engine import asks_a_remainder, compared_kinds, each_of, prepare, read_info
from pyasp.arith.solver import solve_text
from pyasp.text.reading import asks_what_some_is, each_of_pairs, read

NEW_CHECKS = frozenset({"rest", "unknown", "start", "compared", "each"})


def off(monkeypatch, *checks):
    monkeypatch.setattr(inference, "STRICT_CHECKS", inference.STRICT_CHECKS - set(checks))


# (text, answer, the check that makes it right: switched off, the answer is another)
CASES = [
    ("There are 26 cars in the lot and 9 of them are vans. How many cars in the lot are not vans?", 17, "rest"),
    ("A jar of 40 marbles has 15 marbles that are not blue. All the other marbles are blue. "
     "How many blue marbles are in the jar?", 25, "rest"),
    ("A farm had 50 animals: 18 cows, 12 pigs, and the rest sheep. How many sheep did the farm have?", 20, "rest"),
    ("A zoo has 30 birds: 12 parrots, 8 owls, and the rest eagles. How many eagles does the zoo have?", 10, "rest"),
    ("A band has 28 musicians: 10 drummers, 7 pianists, and the rest violinists. "
     "How many violinists are in the band?", 11, "rest"),
    ("Omar sold some cakes on Friday and 9 cakes on Saturday. He sold 25 cakes that week. "
     "How many cakes did he sell on Friday?", 16, "unknown"),
    ("Priya baked some cookies in the morning and 16 cookies in the afternoon. She baked 40 cookies that day. "
     "How many cookies did she bake in the morning?", 24, "unknown"),
    ("Mr. Osei planted some tulips in April and 23 tulips in May. He planted 60 tulips in the spring. "
     "How many tulips did he plant in April?", 37, "unknown"),
    ("Some ducks swam on the pond. When 6 more ducks joined them, there were 20 ducks on the pond. "
     "How many ducks were on the pond before?", 14, "start"),
    ("A shelf had some jars. Then 8 more jars were put on it. Now the shelf has 30 jars. "
     "How many jars were on the shelf to begin with?", 22, "start"),
    ("The farm grew 48 potatoes. It grew 12 fewer onions than potatoes. How many onions did the farm grow?", 36,
     "compared"),
    ("A shop sold 25 pens. It sold 7 more pencils than pens. How many pencils did the shop sell?", 32, "compared"),
    ("The keeper feeds each of the 8 penguins 3 fish per day. How many fish do the penguins eat in one day?", 24,
     "each"),
    ("The teacher gives each of her 9 pupils 4 pencils every week. How many pencils do the pupils get every week?",
     36, "each"),
]


@pytest.mark.parametrize("text,answer,check", CASES)
def test_a_check_at_choice_time(model, text, answer, check):
    assert solve_text(text, model).answer == answer


@pytest.mark.parametrize("text,answer,check", CASES)
def test_the_check_is_what_makes_it_right(model, monkeypatch, text, answer, check):
    off(monkeypatch, check)
    assert solve_text(text, model).answer != answer


@pytest.mark.parametrize("text,answer", [
    # guards: the checks leave these alone (right with and without them)
    ("Jonas brought $30 to the market and spent some of it. He returned with $8. How much did Jonas spend?", 22),
    ("A crate holds 36 bottles, and 14 of them are empty. How many bottles in the crate are not empty?", 22),
    ("The coach handed each of the 4 players 3 towels. How many towels did the coach hand out?", 12),
    ("Mia picked some apples. She gave 5 to Tom and has 7 left. How many apples did she pick?", 12),
    ("The bakery sold 75 muffins in the morning and 48 muffins in the afternoon. "
     "How many muffins did it sell in all?", 123),
    ("Pencils come in packs of 10. Ms. Lund buys 4 packs and gives 3 pencils to each of her 12 students. "
     "How many pencils does she have left?", 4),
])
def test_guards(model, text, answer):
    assert solve_text(text, model).answer == answer


def test_which_questions_ask_what_some_is():
    def asks(text):
        doc = read(text)
        return asks_what_some_is(doc, len(doc.sentences) - 1)

    assert asks("Jonas brought $30 to the market and spent some of it. He returned with $8. How much did Jonas spend?")
    assert asks("In the morning 42 bikes stood in the rack. By lunch some had been taken away, and 15 were still "
                "standing there. How many bikes were taken away?")
    assert asks("Priya baked some cookies in the morning and 16 cookies in the afternoon. She baked 40 cookies that "
                "day. How many cookies did she bake in the morning?")
    # an unknown start, said with "be": a change may add to it ("Some ducks were on the pond")
    assert not asks("Some ducks were on the pond. After 6 of them flew off, 14 ducks were left. "
                    "How many ducks were on the pond at first?")
    # said first, with numbers of other verbs only: the whole
    assert not asks("Mia picked some apples. She gave 5 to Tom and has 7 left. How many apples did she pick?")
    # a total asked
    assert not asks("Ben read 20 pages and then some more. He read 35 pages. How many pages did he read in all?")


def test_why_an_answer_is_a_difference(knowledge):
    def why(text):
        return asks_a_remainder(read_info(read(text), knowledge))

    assert why("There are 26 cars in the lot and 9 of them are vans. How many cars in the lot are not vans?") == "rest"
    assert why("Lena had 52 beads. She used some of them for a necklace and has 18 beads left. "
               "How many beads did she use?") == "unknown"
    assert why("Ann has 5 pens and Bo has 3. How many pens do they have?") == ""
    assert why("Lia had some stickers. Her friend gave her 13 more stickers. Then Lia had 40 stickers. "
               "How many stickers did Lia have at the start?") == "start"
    # one more of the same action, no gain: all are added back
    assert why("Bo ate 3 plums and then ate 2 more plums. He has 5 plums left. How many plums did he have at first?") == ""
    # a number of the rest given, with the rest's verb: a part, which the question may add
    assert why("Omar brought 4 pounds of grapes to the picnic. The rest of the team brought 3 pounds of grapes. "
               "How many pounds of grapes were brought?") == ""
    # a share of the whole: the rest is a product ("the rest are red": 24 * 3/4)
    assert why("A bag has 24 apples. A quarter of them are green, and the rest are red. "
               "How many red apples are in the bag?") == ""


def test_comparisons_of_two_kinds(knowledge):
    def pairs(text):
        info = read_info(read(text), knowledge)
        return {tuple(sorted(k)): v[0] for k, v in compared_kinds(info, knowledge, [None] * len(info.numbers)).items()}

    assert pairs("The farm grew 48 potatoes. It grew 12 fewer onions than potatoes. "
                 "How many onions did the farm grow?") == {(1, 2): "subtract"}
    assert pairs("A shop sold 25 pens. It sold 7 more pencils than pens. How many pencils did the shop sell?") \
        == {(1, 2): "add"}
    # the question asks the base: no check (the rules undo the comparison)
    assert pairs("The farm grew 48 onions. It grew 12 more potatoes than onions. "
                 "How many onions did the farm grow?") == {}
    # holders compared (the rule file's denials read those): no check
    assert pairs("Ann has 12 stickers. Bo has 5 fewer stickers than Ann. How many stickers does Bo have?") == {}


def test_each_of_a_group():
    def pairs(text):
        return [(a.text, b.text) for a, b in each_of_pairs(read(text))]

    assert pairs("The keeper feeds each of the 8 penguins 3 fish per day. How many fish do they eat?") == [("8", "3")]
    assert pairs("Each of the 3 ferries carried 45 passengers, and 18 more people came by boat. "
                 "How many people came?") == [("3", "45")]
    # asked: no amount given to each
    assert pairs("Sam has 24 marbles. How many will each of the 4 boys get?") == []
    # two other numbers of the verb: which is per each is not read
    assert pairs("She gave each of her 3 friends 4 apples and 2 pears. How many fruits did she give?") == []


def test_each_of_keeps_what_the_amount_is_per(knowledge):
    info = read_info(read("The zoo feeds each of its 6 seals 8 pounds of fish per day. "
                          "How many pounds of fish do the seals eat in one day?"), knowledge)
    applied = each_of(info, [("seal", None), ("pound", "day"), ("day", None)])
    assert applied == {frozenset({1, 2}): ("multiply", ("pound", "day"), "each")}
    applied = each_of(info, [("seal", None), ("pound", "seal"), ("day", None)])
    assert applied[frozenset({1, 2})][1] == ("pound", None)  # per seal, times the seals: pounds


def test_prepare_reads_what_the_checks_need(knowledge, model):
    """prepare reads what the checks need; the search makes them at inference, by name."""
    text = "There are 26 cars in the lot and 9 of them are vans. How many cars in the lot are not vans?"
    p = prepare(read(text), knowledge, model.rates_)
    assert p.remainder == "rest" and p.applied == {}
    assert NEW_CHECKS <= inference.STRICT_CHECKS


def test_the_whole_of_a_rest():
    from pyasp.arith.engine import whole_of_rest

    assert whole_of_rest([("animal", None), ("cow", None), ("pig", None)], ("sheep", None)) == 1
    assert whole_of_rest([("car", None), ("van", None)], ("car", None)) == 0  # the same kind: no whole of another
    assert whole_of_rest([("bird", None), ("bird", None), ("owl", None)], ("eagle", None)) == 0  # two: which is not read
