"""Units of measure both word-problem engines convert (pyasp.text.units): an amount written in two
units of one dimension is one amount ("4 feet 6 inches" is 54 inches, pyasp.text.reading), and a
number in another unit of the asked unit's dimension is read in the asked unit, by the
equation-tree engine (pyasp.algebra.qsets._implicit_qsets) and by the declarative-rules engine
(pyasp.arith.engine.measure_conversions); never a conversion nobody asked for.

The whole-problem texts were written for these tests (other units, things, names, numbers and
sentence orders than the hand-written problems that showed the gap); the guards are texts the
readings must leave alone."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

import pyasp.text.units as units
from pyasp.algebra.qsets import TIME_UNITS
from pyasp.arith.engine import measure_conversions, read_info
from pyasp.text.numbers import CENTS
from pyasp.text.reading import read, word_problem_text
from pyasp.text.units import dimension, factor, lemma_of, whole_factor


# -- the table ----------------------------------------------------------------------------------------

def test_the_module_examples_run():
    failures, tried = doctest.testmod(units)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize("a, b, value", [
    ("foot", "inch", 12), ("yard", "foot", 3), ("mile", "yard", 1760), ("mile", "feet", 5280),
    ("meter", "cm", 100), ("km", "metres", 1000), ("pound", "ounces", 16), ("kg", "gram", 1000),
    ("gallon", "quart", 4), ("quart", "pint", 2), ("pint", "cup", 2), ("liter", "ml", 1000),
    ("hour", "minute", 60), ("day", "minute", 1440), ("week", "hour", 168), ("year", "month", 12),
    ("year", "week", 52), ("dollar", "cent", 100),
    ("inch", "foot", Fraction(1, 12)), ("cup", "gallon", Fraction(1, 16)), ("second", "minute", Fraction(1, 60)),
])
def test_factors_between_units_of_one_dimension(a, b, value):
    assert factor(a, b) == value
    assert factor(b, a) == 1 / Fraction(value)
    assert factor(a, a) == 1


@pytest.mark.parametrize("a, b", [
    ("foot", "pound"), ("inch", "centimeter"), ("mile", "kilometer"), ("ounce", "gram"), ("cup", "liter"),
    ("hour", "foot"), ("dollar", "pound"), ("month", "day"), ("month", "week"), ("year", "day"), ("apple", "apple"),
    ("foot", None), (None, "inch"),
])
def test_no_factor_across_dimensions_systems_or_calendar_months(a, b):
    assert factor(a, b) is None


def test_units_by_their_written_forms():
    assert [lemma_of(w) for w in ("Feet", "ft", "inches", "lbs", "kgs", "metres", "hrs", "Minutes", "yd.")] == [
        "foot", "foot", "inch", "pound", "kilogram", "meter", "hour", "minute", "yard"]
    assert lemma_of("in") is None and lemma_of("m") is None and lemma_of("apples") is None  # words of their own
    assert (dimension("gallons"), dimension("cm"), dimension("week"), dimension("cents"), dimension("box")) == (
        "capacity", "metric length", "time", "money", None)
    assert whole_factor("foot", "inch") == 12 and whole_factor("inch", "foot") is None and whole_factor("foot", "foot") is None


def test_the_engines_tables_read_the_same_factors():
    """One table of units of time, pyasp.text.units.TIME_STEPS, which arith reads whole and algebra
    (TIME_UNITS) for the steps of a clock and a week (CLOCK_STEPS); money is CENTS'."""
    import pyasp.arith.engine as arith_engine

    assert TIME_UNITS == (("minute", "hour", 60), ("hour", "day", 24), ("day", "week", 7))
    assert units.TIME_STEPS == {("week", "day"): 7, ("day", "hour"): 24, ("hour", "minute"): 60, ("minute", "second"): 60,
                                ("year", "month"): 12, ("year", "week"): 52, ("week", "hour"): 168}
    assert set(units.CLOCK_STEPS) < set(units.TIME_STEPS)
    assert arith_engine.TIME_STEPS is units.TIME_STEPS and not hasattr(arith_engine, "TIME_FACTORS")
    assert CENTS["dollar"] == units.DIMENSIONS["money"]["dollar"] and CENTS["cent"] == units.DIMENSIONS["money"]["cent"]


# -- an amount in two units is one amount --------------------------------------------------------------

@pytest.mark.parametrize("text, normal", [
    ("Hamid is 4 feet 6 inches tall.", "Hamid is 54 inches tall."),
    ("The shelf is 2 yards and 1 foot wide.", "The shelf is 7 feet wide."),
    ("The puppy weighs three pounds four ounces.", "The puppy weighs 52 ounces."),
    ("Ola read for 1 hour 15 minutes on Monday.", "Ola read for 75 minutes on Monday."),
    ("The film ran two hours and fifteen minutes.", "The film ran 135 minutes."),
    ("It took an hour and forty-five minutes.", "It took 105 minutes."),
    ("The pot holds 1 gallon 3 quarts of soup.", "The pot holds 7 quarts of soup."),
    ("The trail is 3 km 250 m long and 2 kilometers 40 meters wide.", "The trail is 3250 meters long and 2040 meters wide."),
    ("The bag holds 2 kg 300 grams.", "The bag holds 2300 grams."),
    ("A board 1 foot 1 inch long", "A board 13 inches long"),
    ("Their trip took 2 days and 5 hours.", "Their trip took 53 hours."),
    ("The race took 1 hr 5 min.", "The race took 65 min."),
    # left alone: a smaller amount not below one larger unit, across systems, the smaller unit first,
    # two amounts of one unit, money (dollars and cents are read as "$2.50"), a fraction of a unit
    ("It took 2 hours and 75 minutes.", "It took 2 hours and 75 minutes."),
    ("The rope is 3 miles and 400 meters long.", "The rope is 3 miles and 400 meters long."),
    ("She waited 30 minutes and 2 hours.", "She waited 30 minutes and 2 hours."),
    ("Sam ran 3 miles and Ann ran 2 miles.", "Sam ran 3 miles and Ann ran 2 miles."),
    ("He had 2 dollars 40 cents.", "He had 2 dollars 40 cents."),
    ("He had 2 dollars and 40 cents.", "He had $2.40."),
    ("It took 1.5 hours 10 minutes.", "It took 1.5 hours 10 minutes."),
    ("It took 0 hours 10 minutes.", "It took 0 hours 10 minutes."),
    ("He walked 4 miles in 2 hours.", "He walked 4 miles in 2 hours."),
])
def test_an_amount_in_two_units_is_one_amount_of_the_smaller(text, normal):
    assert word_problem_text(text) == normal


def test_the_amount_is_one_number_of_the_text():
    doc = read("Lina is 5 feet 2 inches tall. Her brother is 49 inches tall.")
    assert [(m.text, m.value) for m in doc.mentions] == [("62", 62), ("49", 49)]


# -- conversions in the asked unit: both engines ------------------------------------------------------

SOLVED = [
    # a number in a larger unit than the asked one (the grown plant; the rest of a whole)
    ("A tomato plant was 9 inches tall in May. In July it was 2 feet tall. How many inches did it grow?", 15),
    ("A rope is 5 yards long. Mia cuts off 40 inches. How many inches of rope are left?", 140),
    ("A bag of flour weighs 3 pounds. Ana uses 20 ounces of it. How many ounces of flour are left?", 28),
    ("A jug holds 2 gallons of juice. Omar pours out 5 quarts. How many quarts of juice are left in the jug?", 3),
    # a difference of an amount given in two units
    ("Lina is 5 feet 2 inches tall. Her brother is 49 inches tall. How many inches taller is Lina?", 13),
    ("The red kite flew for 3 minutes. The blue kite flew for 150 seconds. "
     "How many seconds longer did the red kite fly?", 30),
    # one number converted answers the question; the unit asked with "in" at its end
    ("The train ride took 3 hours. How many minutes did the train ride take?", 180),
    ("Pia's cat weighs 6 pounds. How many ounces does the cat weigh?", 96),
    ("A scarf is 2 yards long. How long is the scarf in inches?", 72),
]


@pytest.mark.parametrize("text, answer", SOLVED)
def test_the_equation_tree_engine_reads_amounts_in_the_asked_unit(text, answer):
    from pyasp.algebra.solver import solve_text

    assert Fraction(str(solve_text(text).answer)) == answer


@pytest.mark.parametrize("text, answer", SOLVED + [
    # (the equation-tree engine converts after its readings of a story: it adds these two)
    ("A sunflower was 40 centimeters tall in June. By August it was 2 meters tall. "
     "How many centimeters did the sunflower grow?", 160),
])
def test_the_declarative_rules_engine_reads_amounts_in_the_asked_unit(model, text, answer):
    from pyasp.arith.solver import solve_text

    assert solve_text(text, model).answer == answer


@pytest.mark.parametrize("text, answer", [
    ("Ribbon costs 2 dollars per foot. Lena buys 36 inches of ribbon. How much does she pay?", 6),
    ("Rope costs 3 dollars a yard. Sam buys 6 feet of rope. How much does he pay?", 6),
])
def test_an_amount_in_another_unit_than_a_price_is_given_per(model, text, answer):
    from pyasp.algebra.solver import solve_text as algebra
    from pyasp.arith.solver import solve_text as arith

    assert Fraction(str(algebra(text).answer)) == answer
    assert arith(text, model).answer == answer


def test_the_conversion_is_read_as_such(knowledge):
    from pyasp.algebra.solver import solve_text

    text = "A tomato plant was 9 inches tall in May. In July it was 2 feet tall. How many inches did it grow?"
    assert "(2*12)" in solve_text(text).equation
    info = read_info(read(text), knowledge)
    assert measure_conversions(info) == {2: ("feet", 12, "inches")}


@pytest.mark.parametrize("text, number, conversion", [
    ("Plums cost 35 cents each. How much do 8 plums cost, in dollars?", 1, ("cents", Fraction(1, 100), "dollars")),
    ("A scarf is 2 yards long. How long is the scarf in inches?", 1, ("yards", 36, "inches")),
    ("Nell swam for 3 minutes and then for 45 seconds. How long did she swim in all, in seconds?", 1,
     ("minutes", 60, "seconds")),
])
def test_a_unit_asked_with_in_at_the_end_of_the_question(knowledge, text, number, conversion):
    from pyasp.arith.engine import asked_in, money_conversions

    info = read_info(read(text), knowledge)
    assert asked_in(info) == lemma_of(conversion[2])
    assert {**money_conversions(info), **measure_conversions(info)}[number] == conversion


@pytest.mark.parametrize("text, unit", [
    ("A scarf is 2 yards long. How long is it, in inches?", "inch"),
    ("The pot holds 3 quarts. How much does it hold in cups?", "cup"),
    ("Tea costs 90 cents. How much do 3 teas cost, in dollars and cents?", "dollar"),
    # spans and things are no unit asked
    ("Ivo reads 20 pages a day. How many pages does he read in a week?", None),
    ("Ivo reads 20 pages a day. How many pages does he read in 2 weeks?", None),
    ("Ivo has 20 pages. How many pages are in books?", None),
])
def test_the_unit_a_question_asks_in(text, unit):
    from pyasp.text.reading import unit_asked_in

    doc = read(text)
    assert unit_asked_in(doc, len(doc.sentences) - 1) == unit


@pytest.mark.parametrize("text, conversions", [
    ("Ann ran 2 miles. Bo ran 800 yards and Cy ran 600 yards. How far did they run together?",
     {1: ("miles", 1760, "yards")}),
    ("A red box weighs 3 pounds. A blue box weighs 20 ounces and a green box weighs 12 ounces. "
     "How much do the three boxes weigh?", {1: ("pounds", 16, "ounces")}),
    # one number in each unit: no unit the others share
    ("Ann ran 2 miles and Bo ran 800 yards. How far did they run together?", {}),
])
def test_no_unit_asked_the_unit_the_other_numbers_share(knowledge, text, conversions):
    assert measure_conversions(read_info(read(text), knowledge)) == conversions


# -- guards: conversions nobody asked for -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    # the text relates the two units itself: ounces of one thing for a pound of another
    "Mr. Diaz uses 3 ounces of seed to plant a pound of soil. How many ounces of seed does he use for 7 pounds of soil?",
    "A nurse gives 5 milligrams of medicine for each pound of weight. How many milligrams does a 40 pound dog get?",
    # a count of days in which hours are spent is no amount of hours
    "Rosa studied 2 hours for 5 days. How many hours did she study in all?",
    "Kemal slept 9 hours on each of the last 3 days. How many hours did he sleep?",
    "Tomas jogged 40 minutes on each of 5 days. How many minutes did he jog?",
    # the question asks no unit of the dimension, the numbers one unit each
    "A 6 foot ladder leans on a wall. Tim climbs 3 rungs and then 2 more. How many rungs did he climb?",
])
def test_no_conversion_nobody_asked_for(knowledge, text):
    assert measure_conversions(read_info(read(text), knowledge)) == {}
    from qsettools import qsets

    assert not any(q.shown or (q.implicit and "per" in q.implicit and dimension(q.ent)) for q in qsets(text).qsets)


@pytest.mark.parametrize("text, answer", [
    ("Rosa studied 2 hours for 5 days. How many hours did she study in all?", 10),
    ("Mr. Diaz uses 3 ounces of seed to plant a pound of soil. How many ounces of seed does he use for 7 pounds of soil?", 21),
])
def test_the_guards_keep_the_answers(model, text, answer):
    from pyasp.algebra.solver import solve_text as algebra
    from pyasp.arith.solver import solve_text as arith

    assert Fraction(str(algebra(text).answer)) == answer
    assert arith(text, model).answer == answer


def test_the_conversion_can_fail(knowledge, monkeypatch):
    """Without the factor the grown plant is read in two units: the engine cannot answer 15."""
    import pyasp.arith.engine as engine

    text = "A tomato plant was 9 inches tall in May. In July it was 2 feet tall. How many inches did it grow?"
    monkeypatch.setattr(engine, "_unit_factor", lambda a, b: None)
    assert measure_conversions(read_info(read(text), knowledge)) == {}


# -- units across a comparison or a part, a duration repeated per week ---------------------------------

@pytest.mark.parametrize("text, normal", [
    ("The pool is 25 m long.", "The pool is 25 meters long."),
    ("The pole is 1 m tall and the fence 2.5m high.", "The pole is 1 meter tall and the fence 2.5 meters high."),
    ("The race is 1,500 m long.", "The race is 1,500 meters long."),
    # no metres: another word, another unit, an area, words
    ("I'm 9. Ada is 6 mm thick, won 5 M and paints 4 m² and 3 m2.", "I'm 9. Ada is 6 mm thick, won 5 M and paints 4 m² and 3 m2."),
])
def test_metres_written_m(text, normal):
    assert word_problem_text(text) == normal


def test_metres_written_m_are_a_unit_of_both_engines(knowledge):
    """"m" was read as a word of its own (a verb: "swam 300 m farther"), its number borrowing the km
    (algebra read 300 km: 301000)."""
    from pyasp.algebra.solver import solve_text as algebra

    text = "Ana swam 1 km on Sunday. Her sister swam 300 m farther than Ana. How many meters did her sister swim?"
    assert Fraction(str(algebra(text).answer)) == 1300
    info = read_info(read(text), knowledge)
    assert [(n.unit.lemma, n.unit_inferred) for n in info.numbers] == [("km", False), ("meter", False)]
    assert measure_conversions(info) == {1: ("km", 1000, "meters")}


@pytest.mark.parametrize("text, answer", [
    # an amount of hours in a comparison asked in minutes ("(3*60)", not an implied 60 to place)
    ("The play lasted 3 hours. The rehearsal was 40 minutes shorter than the play. How many minutes long was the rehearsal?", 140),
    ("A trip took 2 days. The ride back took 5 hours longer than the trip. How many hours did the ride back take?", 53),
])
def test_the_equation_tree_engine_reads_hours_in_asked_minutes(text, answer):
    from pyasp.algebra.solver import solve_text

    solution = solve_text(text)
    assert Fraction(str(solution.answer)) == answer and ("*60)" in solution.equation or "*24)" in solution.equation)


def test_a_week_said_only_as_a_period_is_no_168_hours():
    """"30 minutes, 6 times a week. How many hours ... each week?": the 6 counts times in a week (not
    6 weeks), it is asked about (each week), and no week is read as 168 hours."""
    from pyasp.algebra.solver import solve_text

    from qsettools import number, qsets

    text = "Leo jogs for 30 minutes, 6 times a week. How many hours does Leo jog each week?"
    p = qsets(text)
    six = number(p, "6")
    assert (six.ent, six.rate, six.irrelevant, six.shown) == ("time", "week", "", "")
    assert not any(q.qnt == 168 for q in p.qsets)
    assert Fraction(str(solve_text(text).answer)) == 3


@pytest.mark.parametrize("text", [
    # a count of days in a week is no amount of hours; nor days something else is said per
    "Kai works 8 hours a day, 5 days a week. How many hours does he work in a week?",
    "Kai works 8 hours a day. How many hours does he work in 5 days?",
])
def test_days_counted_are_not_read_in_hours(text):
    from qsettools import number, qsets

    assert number(qsets(text), "5").shown == ""


def test_a_unit_written_short_is_the_asked_unit_to_arith(knowledge):
    """"38 cm" and "How many centimeters": one unit to the rules (the features compare lemmas)."""
    from pyasp.arith.engine import unit_names

    info = unit_names(read_info(read("A vine is 38 cm long and a stem 1 cm long. How many centimeters longer is the vine?"), knowledge))
    assert [(n.unit.text, n.unit.lemma) for n in info.numbers] == [("centimeters", "centimeter"), ("centimeter", "centimeter")]
    assert info.question.unit.lemma == "centimeter"


@pytest.mark.parametrize("text, answer", [
    ("A pipe 12 feet long is cut into two pieces. One piece is 5 feet long. How long is the other piece?", 7),
    # the whole in a larger unit: compared with the part as converted (1 yard is 36 inches, larger than 8)
    ("A rope 1 yard long is cut into two pieces. One piece is 8 inches long. How many inches long is the other piece?", 28),
    ("A ribbon 2 m long is cut into two parts. One part is 45 cm long. How many centimeters long is the other part?", 155),
])
def test_two_pieces_named_one_and_the_other(model, text, answer):
    """"cut into two pieces. One piece ... the other piece": the two announce the pieces named after."""
    from pyasp.algebra.solver import solve_text as algebra
    from pyasp.arith.solver import solve_text as arith

    assert Fraction(str(algebra(text).answer)) == answer
    assert arith(text, model).answer == answer


def test_two_named_after_only_when_one_and_the_other_follow():
    from pyasp.text.reading import both_named_after

    def two(text):
        doc = read(text)
        return both_named_after(doc, next(m for m in doc.mentions if m.value == 2))

    assert two("Jo cut a rope into two pieces. One piece is 5 feet long. How long is the other piece?")
    assert not two("Jo cut 2 ropes into pieces. One rope is 5 feet long. How long are the pieces?")
    assert not two("Jo has 2 pieces of rope, each 5 feet long. The other rope is 4 feet. How many feet of rope?")


@pytest.mark.parametrize("text, shown, answer", [
    # a span of weeks when something is counted per day: days, as arith reads it (no 7 to place)
    ("A rabbit eats 40 grams of hay each day. How many grams of hay does it eat in 2 weeks?", "(2*7)", 560),
    ("Nia reads 12 pages a day for 3 weeks. How many pages does she read?", "(3*7)", 252),
])
def test_a_span_read_in_the_unit_something_is_counted_per(text, shown, answer):
    from pyasp.algebra.solver import solve_text

    from qsettools import qsets

    p = qsets(text)
    assert [q.shown for q in p.qsets if q.shown] == [shown] and not any(q.implicit for q in p.qsets)
    assert Fraction(str(solve_text(text).answer)) == answer


def test_no_span_read_when_something_is_counted_per_the_larger_unit():
    from qsettools import number, qsets

    p = qsets("Uma swims 2 hours a day, 5 days a week. How many hours does she swim in 4 weeks?")
    assert number(p, "4").shown == "" and number(p, "4").ent == "week"


# -- units inside a quotient, time gone by, parts of a day -------------------------------------------

QUOTIENTS = [
    # a count asked: the larger unit read in the smaller one the other measure is said in
    ("Each brick is 25 cm long. How many bricks are needed for a wall 4 meters long?", 16),
    ("A ribbon 2 m long is cut into strips that are each 25 cm long. How many strips are there?", 8),
]


@pytest.mark.parametrize("text, answer", QUOTIENTS)
def test_the_declarative_rules_engine_divides_a_measure_in_another_unit(model, text, answer):
    from pyasp.arith.solver import solve_text

    assert solve_text(text, model).answer == answer


@pytest.mark.parametrize("text, answer", QUOTIENTS)
def test_the_equation_tree_engine_divides_a_measure_in_another_unit(text, answer):
    from pyasp.algebra.solver import solve_text

    assert Fraction(str(solve_text(text).answer)) == answer


def test_a_count_asked_reads_the_larger_unit_in_the_smaller(knowledge):
    info = read_info(read("Each brick is 25 cm long. How many bricks are needed for a wall 4 meters long?"), knowledge)
    assert measure_conversions(info) == {2: ("meters", 100, "centimeters")}
    # a measure asked is read as before: nothing converted into a unit nobody asked for
    info = read_info(read("A board is 2 meters long. Another board is 150 cm long. How long are the two boards?"), knowledge)
    assert measure_conversions(info) == {}


def test_a_measure_cut_into_pieces_of_another_unit_is_no_rate(model, knowledge):
    from pyasp.arith.engine import prepare

    info = prepare(read("A ribbon 2 m long is cut into strips that are each 25 cm long. How many strips are there?"),
                   knowledge, model.rates_).info
    assert info.numbers[0].rate is None and info.numbers[1].rate is not None


@pytest.mark.parametrize("text, answer", [
    # time gone by, asked with "after": read in the unit something is counted per
    ("A jar holds 900 grams of rice. The cook uses 30 grams each day. How many grams of rice are left after 3 weeks?", 270),
    # something done every evening is done once a day
    ("Lucy reads 20 pages every evening. How many pages does she read in 2 weeks?", 280),
])
def test_time_gone_by_and_parts_of_a_day_in_days(model, text, answer):
    from pyasp.arith.solver import solve_text

    assert solve_text(text, model).answer == answer


@pytest.mark.parametrize("text, normal", [
    ("A bottle holds 500 mL. How many bottles?", "A bottle holds 500 milliliters. How many bottles?"),
    ("The jug holds 1 L. The bag weighs 300 g.", "The jug holds 1 liter. The bag weighs 300 grams."),
    # inside a sentence the abbreviation reads as it is
    ("Each cup holds 250 mL of milk.", "Each cup holds 250 mL of milk."),
])
def test_a_short_unit_ending_a_sentence_is_written_out(text, normal):
    assert word_problem_text(text) == normal
    assert len(read(text).sentences) == normal.count(".") + normal.count("?")


def test_a_capacity_per_the_things_asked(model):
    from pyasp.arith.solver import solve_text

    text = "A glass holds 250 mL. How many glasses can be filled from a 2-liter bottle?"
    assert solve_text(text, model).answer == 8


@pytest.mark.parametrize("text, answer", [
    # a difference asked with a comparative the tagger reads as an adverb, the amounts in two units
    ("Mia threw the ball 850 cm. Leo threw it 9 m. How many centimeters farther did Leo throw it?", 50),
    # a whole of time said in a hyphenated modifier, its parts in minutes and the rest asked
    ("A 2-hour party spends 30 minutes on games and 45 minutes on food. The rest of the party is dancing. "
     "How many minutes of dancing are there?", 45),
    # what one thing of the kind asked holds is per it
    ("A glass holds 250 mL. How many glasses can be filled from a 2-liter bottle?", 8),
])
def test_both_engines_read_units_inside_a_comparison_a_part_or_a_quotient(model, text, answer):
    from pyasp.algebra.solver import solve_text as algebra
    from pyasp.arith.solver import solve_text as arith

    assert arith(text, model).answer == answer
    assert Fraction(str(algebra(text).answer)) == answer


def test_a_rate_each_day_hung_on_the_verb():
    from qsettools import number, qsets

    p = qsets("A jar holds 900 grams of rice. The cook uses 30 grams each day. How many grams are left after 3 weeks?")
    assert number(p, "30").rate == "day"
