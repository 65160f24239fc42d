"""Which numbers are rates (issue 4, reading): the rate cues on hand-written sentences, the
question's cues, the learned rate model (fit, decisions, JSON round trip) and the rate
annotations of dataset records."""

from __future__ import annotations

import pytest

from pyasp.arith.engine import prepare, read_info
from pyasp.arith.rates import RateModel, annotated_rates, decide, number_evidence, question_evidence
from pyasp.text.reading import read


def info_of(knowledge, text):
    return read_info(read(text), knowledge)


def cues(knowledge, text, number=1):
    info = info_of(knowledge, text)
    features, named = number_evidence(info, info.numbers[number - 1])
    return features, named


@pytest.mark.parametrize(
    "text, number, cue, per",
    [
        ("Roger could only carry 4 trays at a time. He had 10 trays. How many trips will he make?", 1, "at_a_time", "time"),
        ("There are 10 stickers on a page. You have 22 pages. How many stickers do you have?", 1, "prep_a_noun_after", "page"),
        ("Mike sold the games for $7 each. He sold 8 games. How much money did he earn?", 1, "each_ends_clause", None),
        ("A vase can hold 6 flowers. You have 54 flowers. How many vases do you need?", 1, "modal_capacity", None),
        ("It takes 4 apples to make a pie. How many apples does it take to make 5 pies?", 1, "to_verb_a_noun", "pie"),
        ("Her mom drove the car at 60 mph. They traveled for 5 hours. How far did they go?", 1, "speed_unit", "hour"),
        ("Benny worked 3 hours for 6 days. How many hours did he work in total?", 1, "time_per_time", "day"),
        ("Each album had 7 songs. Megan bought 8 albums. How many songs did she buy?", 1, "subject_each", "album"),
        ("A bee has 6 legs. How many legs do 2 bees have?", 1, "named_is_counted", "bee"),
    ],
)
def test_rate_cues_fire_on_the_patterns_they_name(knowledge, text, number, cue, per):
    features, named = cues(knowledge, text, number)
    assert cue in features
    if per is not None:
        assert named is not None and named.lemma == per


def test_a_container_of_items_is_not_a_rate_cue_but_packages_of_items_are(knowledge):
    features, _ = cues(knowledge, "Paul got a box of 479 crayons. He lost 134. How many crayons are left?")
    assert "of_singular_owner" in features and "of_plural_owner" not in features
    features, named = cues(knowledge, "The cookies come in packages of 6. She bought 4 packages. How many cookies?")
    assert "of_plural_owner" in features and named.lemma == "package"


@pytest.mark.parametrize(
    "text, cue, present",
    [
        ("It is 12 miles to the house. It took Martin 6 hours. How fast did Martin go?", "how_fast", True),
        ("If they split into 6 teams, how many people would be on each team?", "each_noun", True),
        ("She has 455 cards. How many would each get, if you share them equally?", "each_alone", True),
        # "each" in the condition of the question, not in what it asks
        ("He got 6 questions right. If each question was worth 5 points, what was his score?", "each_noun", False),
    ],
)
def test_question_rate_cues_look_at_what_is_asked(knowledge, text, cue, present):
    features, _ = question_evidence(info_of(knowledge, text))
    assert (cue in features) is present


def toy_model():
    numbers = [{"bias": 1.0, "at_a_time": 1.0}] * 20 + [{"bias": 1.0}] * 60
    labels = [True] * 20 + [False] * 60
    questions = [{"bias": 1.0, "how_fast": 1.0}] * 10 + [{"bias": 1.0}] * 30
    return RateModel().fit(numbers, labels, questions, [True] * 10 + [False] * 30)


def test_the_rate_model_learns_its_cues_and_survives_a_json_round_trip():
    model = toy_model()
    assert model.number_probability({"bias": 1.0, "at_a_time": 1.0}) > 0.8
    assert model.number_probability({"bias": 1.0}) < 0.2
    again = RateModel.from_json(model.to_json())
    for f in ({"bias": 1.0}, {"bias": 1.0, "at_a_time": 1.0}):
        assert again.number_probability(f) == pytest.approx(model.number_probability(f))


def test_decisions_set_the_rate_property_from_labels_or_the_model(knowledge):
    text = "Roger could only carry 4 trays at a time. He has to carry 12 trays. How many trips will he make?"
    info = info_of(knowledge, text)
    labelled = decide(info, labels={1})
    assert labelled.numbers[0].rate is not None and labelled.numbers[1].rate is None and labelled.question.rate is None
    predicted = decide(info, toy_model())
    assert predicted.numbers[0].rate is not None and predicted.numbers[1].rate is None
    # a rate opens the dimensional-analysis rules for the pair
    rules = {o.rule for opts in prepare(info, knowledge, labels={1}).options.values() for o in opts}
    assert "rate_divide_reversed" in rules or "rate_divide" in rules
    rules = {o.rule for opts in prepare(info, knowledge, labels=set()).options.values() for o in opts}
    assert not any(r.startswith("rate_") for r in rules)


def test_a_number_after_each_of_counts_the_groups_and_is_no_rate_whatever_the_model_says(knowledge):
    # a model retrained at the current features gives "Each of the 7 hikers" 0.46 against the
    # threshold 0.3 (the cue "each" of the sentence); this one calls every such number a rate
    eager = RateModel().fit([{"bias": 1.0, "after_each_of": 1.0}] * 20 + [{"bias": 1.0}] * 60,
                            [True] * 20 + [False] * 60, [{"bias": 1.0}] * 2, [True, False])
    for text, per in [("Each of the 7 hikers packed 3 granola bars. At lunch they ate 12 of the bars. "
                       "How many granola bars did they have left?", 7),
                      ("Bryan has 56 books in each of his 9 bookshelves. How many books does he have?", 9)]:
        info = info_of(knowledge, text)
        n = next(n for n in info.numbers if n.value == per)
        assert "after_each_of" in number_evidence(info, n)[0]
        assert decide(info, eager).numbers[n.index - 1].rate is None
    # "each of which" says the rate of the number after it
    info = info_of(knowledge, "Betty bought 88 bracelets, each of which featured 8 pink stones. How many stones did she have?")
    assert decide(info, eager).numbers[1].rate is not None


def test_annotations_are_read_only_when_their_numbers_are_the_texts(knowledge):
    info = info_of(knowledge, "Each box holds 6 eggs. There are 4 boxes. How many eggs are there?")
    assert annotated_rates([0], [6.0, 4.0], info) == {1}
    assert annotated_rates([-1], [6.0, 4.0], info) == {0}
    assert annotated_rates([0], [6.0, 5.0], info) is None  # another problem's numbers
    assert annotated_rates(None, [6.0, 4.0], info) is None
    assert annotated_rates([7], [6.0, 4.0], info) is None
