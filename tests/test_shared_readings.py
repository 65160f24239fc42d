"""Readings both word-problem engines share (pyasp/text/), each with one definition that the
declarative-rules engine (pyasp.arith) and the equation-tree engine (pyasp.algebra) both call:

* a rest of a whole that the text says something of with a number (pyasp.text.reading.rest_numbered,
  numbered_rest): "put the rest into boxes with 6 in each box" is no rest the question asks, for the
  arithmetic engine's check "rest" (pyasp.arith.engine.asks_a_remainder); the narrower rest given a
  number as the subject of its verb (rest_given) is what the shared rest_asked leaves out;
* a number of a unit of time that counts periods ("3 hours for 6 days": pyasp.text.reading.said_as_span,
  counts_periods), over the view of a number both engines have (its first token and its unit's), so
  that neither converts the days into hours (pyasp.arith.engine.measure_conversions,
  pyasp.algebra.qsets's implied quantities);
* the word lists and predicates both engines read, public in pyasp/text/ (TIME_WORDS in
  pyasp.text.reading, is_length_unit and PER_WORDS in pyasp.text.units), and no module of pyasp (nor
  the command line, pyasp.cli) importing or calling another module's private name.

The texts are written for these tests (other verbs, things, names and numbers than the data's)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyasp.algebra.qsets import ground_problem
from pyasp.arith.engine import asks_a_remainder, measure_conversions, read_info
from pyasp.text.reading import (asks_a_part, counts_periods, numbered_rest, read, rest_given, rest_numbered,
                                said_as_span)
from pyasp.text.units import is_length_unit

PACKAGE = Path(__file__).resolve().parent.parent / "pyasp"


def rest_word(doc):
    return next(t for t in doc.tokens if t.text.lower() in {"rest", "remainder", "others"})


# -- a rest said with a number ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "A shop had 40 mugs. It sold 10 and put the rest into boxes with 6 in each box. How many boxes did it fill?",
    "Lara had 56 stamps. She gave 8 to her brother and split the rest into 6 equal albums. How many stamps are in each album?",
    "Ken grew 30 melons. He kept 12 and sold the rest for $2 each. How much money did he get?",
])
def test_a_rest_put_somewhere_with_a_number_is_numbered_not_given(text):
    doc = read(text)
    rest = rest_word(doc)
    assert rest_numbered(doc, rest.i)
    assert not rest_given(doc, rest.i)  # not its verb's subject: the shared rest_asked may still read it
    assert numbered_rest(doc) is rest


def test_a_rest_given_a_number_is_numbered_too():
    doc = read("Ivo picked 7 pears. The rest of the family picked 15 pears. How many pears were picked?")
    rest = rest_word(doc)
    assert rest_given(doc, rest.i) and rest_numbered(doc, rest.i)
    assert numbered_rest(doc) is rest


@pytest.mark.parametrize("text", [
    "A jar has 40 beads. 15 are blue and the rest are green. How many green beads are there?",
    "Tom has 5 balls and the other boys have 7 balls. How many balls are there in all?",  # an adjective
])
def test_a_rest_said_with_no_number_is_not_numbered(text):
    assert numbered_rest(read(text)) is None


def test_the_arithmetic_engine_asks_no_rest_that_the_text_numbers(knowledge):
    text = "A shop had 40 mugs. It sold 10 and put the rest into boxes with 6 in each box. How many boxes did it fill?"
    doc = read(text)
    assert asks_a_part(doc, len(doc.sentences) - 1)  # the shared reading: "boxes" is said after the rest word
    assert asks_a_remainder(read_info(doc, knowledge)) == ""  # the boxes are asked, not the rest (no difference)
    text = "A jar has 40 beads. 15 are blue and the rest are green. How many green beads are there?"
    assert asks_a_remainder(read_info(read(text), knowledge)) == "rest"


# -- periods of time ----------------------------------------------------------------------------------------
def view(doc, number, unit):
    """A number's first token and its unit's token, found by their words."""
    words = [t.text for t in doc.tokens]
    return words.index(number), words.index(unit)


@pytest.mark.parametrize("text, span, amount", [
    ("Nadia swam 2 hours for 4 days.", ("4", "days"), ("2", "hours")),
    ("Omar read 30 minutes on each of 6 days.", ("6", "days"), ("30", "minutes")),
    ("Lin practised 3 hours across 5 weeks.", ("5", "weeks"), ("3", "hours")),
])
def test_a_span_that_counts_periods(text, span, amount):
    doc = read(text)
    assert said_as_span(doc, *view(doc, *span)) and not said_as_span(doc, *view(doc, *amount))
    assert counts_periods(doc, view(doc, *span), [view(doc, *amount)])


def test_two_spans_are_two_amounts():
    doc = read("Ada cycled for 2 hours and then for 40 minutes.")
    assert not counts_periods(doc, view(doc, "2", "hours"), [view(doc, "40", "minutes")])


def test_both_engines_leave_the_periods_unconverted(knowledge):
    text = "Nadia swam 2 hours for 4 days. How many hours did she swim?"
    doc = read(text)
    assert measure_conversions(read_info(doc, knowledge)) == {}  # 4 days are no 96 hours
    problem = ground_problem(doc)
    assert [q.ent for q in problem.qsets if q.implicit] == []  # no "24 hours per day"


def test_the_arithmetic_engine_converts_a_span_after_any_span_preposition(knowledge):
    """A span of time the question asks over converts into the unit something is counted per, after
    every preposition the shared reading has for a span (pyasp.text.reading.SPAN_PREPOSITIONS:
    "across" and "on" too, which arith's own list lacked); a unit that is a preposition's object
    further on ("in those 2 days") is still no span for arith (see pyasp.arith.engine._span)."""
    from pyasp.arith.engine import time_conversions
    from pyasp.text.reading import after_a_span_preposition

    text = "Lidia reads 15 pages every day. How many pages does she read across 2 weeks?"
    doc = read(text)
    assert after_a_span_preposition(doc, view(doc, "2", "weeks")[0])
    assert time_conversions(read_info(doc, knowledge)) == {2: ("weeks", 7, "days")}
    text = ("Ravi earned 6 dollars an hour. On Monday he worked 4 hours, and on Tuesday he worked 3 hours. "
            "How much money did Ravi make in those 2 days?")
    doc = read(text)
    assert said_as_span(doc, *view(doc, "2", "days")) and not after_a_span_preposition(doc, view(doc, "2", "days")[0])
    assert time_conversions(read_info(doc, knowledge)) == {}


# -- a unit given per another ---------------------------------------------------------------------------------
def test_a_unit_given_per_another_is_one_reading_for_both_engines(knowledge):
    """"2 oz of soap for a lb of clothes": ounces of one thing per pounds of another, which neither
    engine converts into each other (pyasp.text.reading.units_given_per), whatever the units' spelling:
    algebra compared the words as written ("lb" is no "pound") and read the 9 lbs as 144 ounces."""
    from pyasp.algebra.solver import solve_text as algebra_solve
    from pyasp.text.reading import units_given_per

    text = "Mia uses 2 oz of soap for a lb of clothes. She washes 9 lbs of clothes. How many ounces of soap does she use?"
    doc = read(text)
    given_per = units_given_per(doc, [("oz", [], 0)])
    assert given_per("pound", "ounce") and given_per("lbs", "oz") and not given_per("ounce", "cup")
    assert measure_conversions(read_info(doc, knowledge)) == {}
    assert algebra_solve(text).answer == 18


# -- word lists and predicates of both engines ---------------------------------------------------------------
def test_lengths_and_words_of_time_are_shared():
    import pyasp.algebra.engine as algebra_engine
    import pyasp.algebra.qsets as qsets
    import pyasp.text.reading as reading

    assert is_length_unit("foot") and is_length_unit("centimeter") and not is_length_unit("pound")
    assert not is_length_unit("apple")
    assert {"saturday", "morning", "week", "hour", "summer"} <= reading.TIME_WORDS and "apple" not in reading.TIME_WORDS
    assert qsets.TIME_WORDS is reading.TIME_WORDS and algebra_engine.TIME_WORDS is reading.TIME_WORDS


def test_one_list_of_the_words_that_say_per():
    import pyasp.algebra.qsets as qsets
    import pyasp.text.reading as reading
    import pyasp.text.units as units

    assert units.PER_WORDS == {"a", "an", "per", "each", "every"}
    assert qsets.PER_WORDS is units.PER_WORDS and reading.PER_WORDS is units.PER_WORDS  # reading's units_given_per: arith's
    assert not hasattr(qsets, "RATE_DETERMINERS")


def test_both_engines_write_a_number_alike():
    """One way to write a number in an expression or equation (pyasp.text.numbers.number_text): a
    fraction with no short exact decimal in parentheses, one operand ("12 * (1/3)", which arith wrote
    "12 * 1/3", and "12 / 1/3" read as 2); every digit of a decimal (arith wrote 123456.125 as 123456)."""
    import pyasp.algebra.engine as algebra_engine
    import pyasp.algebra.qsets as qsets
    import pyasp.arith.inference as inference
    import pyasp.arith.solver as arith_solver
    from pyasp.algebra.solver import solve_text as algebra_solve
    from pyasp.arith.solver import solve_text as arith_solve
    from pyasp.text.numbers import number_text

    assert inference.number_text is number_text and arith_solver.number_text is number_text
    assert algebra_engine.number_text is number_text and qsets.number_text is number_text
    text = "Leo picked 12 plums. He gave one third of them to his sister. How many plums did his sister get?"
    arith, algebra = arith_solve(text), algebra_solve(text)
    assert (arith.expression, arith.answer) == ("(12 * (1/3))", 4)
    assert (algebra.equation, algebra.answer) == ("x=12*(1/3)", 4)
    share = next(s["share"] for s in arith.derivation if "share" in s)
    assert (share["share"], share["value"]) == ("(1/3)", "(1/3)")
    arith = arith_solve("A rope is 123456.125 meters long. Another rope is 2 meters long. How long are both ropes together?")
    assert arith.expression == "(123456.125 + 2)"


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_names(tree: ast.Module) -> set[str]:
    """The names a module defines: functions, classes, variables, attributes it sets, arguments."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
    return out


def private_uses(paths: list[Path]) -> list[str]:
    """The private names (one leading underscore) a module takes from another module of pyasp:
    imported (``from .ground import _thresholds``), or read as an attribute (``model._eligible(p)``)
    that another of the modules defines and this one does not (a library's own private names,
    defined in no module of pyasp, are not pyasp's to judge)."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in paths}
    defined = {path: defined_names(tree) for path, tree in trees.items()}
    elsewhere = {name for names in defined.values() for name in names if is_private(name)}
    out = []
    for path, tree in trees.items():
        where = path.relative_to(PACKAGE.parent)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").startswith("pyasp")):
                out += [f"{where}:{node.lineno} {a.name}" for a in node.names if is_private(a.name)]
            elif (isinstance(node, ast.Attribute) and is_private(node.attr) and node.attr in elsewhere
                  and node.attr not in defined[path]):
                out.append(f"{where}:{node.lineno} {ast.unparse(node)}")
    return out


def test_no_module_of_pyasp_uses_a_private_name_of_another():
    # the command line is pyasp.cli in a wheel (the repository's cli.py, see pyasp/cli.py)
    paths = sorted(PACKAGE.rglob("*.py")) + [PACKAGE.parent / "cli.py"]
    assert private_uses(paths) == []
