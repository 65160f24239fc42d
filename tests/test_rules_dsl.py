"""The rule DSL of the declarative-rules engine as a user meets it: the default rule file, the
messages for broken files, ``extends default``, the compiled ASP program and ``pyasp rules``."""

from __future__ import annotations

import doctest
import json
from collections import Counter

import pytest
from clitools import run, write
from hypothesis import given, settings
from hypothesis import strategies as st

import pyasp.rules.check
import pyasp.rules.compile
import pyasp.rules.dsl
from pyasp.asp import Program
from pyasp.errors import PyaspError
from pyasp.resources import rules_path
from pyasp.rules.check import check_file, check_rules
from pyasp.rules.compile import compile_rules, dnf
from pyasp.rules.dsl import (
    And, ClassDecl, Concept, Entry, Literal, Not, Or, Prop, Rule, Ruleset, RulesError, RulesSyntaxError, format_condition, format_rules, load_rules,
    parse_rules,
)

#: a file of classes without rules or ``extends default`` (HEAD and a class) is warned about first
NO_RULE = ("my.rules:1:1: warning: the file has no rule: arith finds no derivation with it (start it with `extends "
           "default` to add to the packaged rules)")
HEAD = """concept transfer
verbs HAVE: have, own
verbs GET: get, buy unless MONEY
units MONEY: dollar, $
math MUL: times, twice
"""


def diagnostics(text: str, source: str = "my.rules") -> list[str]:
    return [str(d) for d in check_rules(parse_rules(text, source))]


def syntax_error(text: str) -> RulesSyntaxError:
    with pytest.raises(RulesSyntaxError) as info:
        parse_rules(text, "my.rules")
    return info.value


# -- the default file ---------------------------------------------------------------------------
def test_default_file_has_the_rules_of_each_concept_and_no_problem():
    ruleset, found = check_file(None)
    assert found == []
    assert Counter(r.concept for r in ruleset.rules) == {
        "transfer": 21, "dimensional_analysis": 3, "explicit_math": 16, "part_whole": 5}
    assert set(ruleset.concepts) == {"transfer", "dimensional_analysis", "part_whole", "explicit_math"}
    assert {n: k for n, (k, _) in ruleset.classes.items()} == {
        "HAVE": "verbs", "GET": "verbs", "GIVE": "verbs", "TAKE": "verbs", "CONSTRUCT": "verbs", "DESTROY": "verbs",
        "MONEY": "units", "CHANGE": "units", "ADD": "math", "SUB": "math", "MUL": "math", "SHARE": "math",
        "TOTAL": "math", "AREA": "math", "PLUS": "math", "MINUS": "math", "TIMES": "math", "DIVIDED": "math",
        "DISCOUNT": "math", "BEFORE_DISCOUNT": "math"}
    assert ruleset.rule("rate_divide_reversed").operation == "divide_reversed"
    assert ruleset.rule("give_give_flip").operation == "subtract"


def test_default_file_keeps_qualified_entries_and_phrases():
    classes = load_rules().classes
    get = {e.text: (e.qualifier, e.qualifier_class) for e in classes["GET"][1]}
    assert get["buy"] == ("unless", "MONEY") and get["sell"] == ("if", "MONEY") and get["earn"] == (None, None)
    assert ("more", "than") in [e.words for e in classes["ADD"][1]]
    assert "$" in [e.text for e in classes["MONEY"][1]]


def test_default_file_round_trips_through_the_printer():
    ruleset = load_rules()
    text = format_rules(ruleset)
    assert parse_rules(text) == ruleset
    assert format_rules(parse_rules(text)) == text
    assert "rule rate_divide_reversed (dimensional_analysis):" in text and "=> divide reversed" in text


def test_flipped_transfer_rules_use_get_and_give_only():
    ruleset = load_rules()
    assert str(ruleset.rule("have_get_flip").condition) == (
        "(Coref(Subj1, Obj2) or Coref(Obj1, Subj2) or Coref(Subj1, IObj2) or Coref(IObj1, Subj2))"
        " and Verb1 in HAVE and (Verb2 in GET or Verb2 in TAKE)")
    assert str(ruleset.rule("have_get").condition) == (
        "Coref(Subj1, Subj2) and Verb1 in HAVE and (Verb2 in GET or Verb2 in TAKE or Verb2 in CONSTRUCT)")


# -- property test: printing and parsing conditions --------------------------------------------
props = st.builds(Prop, st.sampled_from(["Subj", "Verb", "IObj", "Obj", "Unit", "Rate", "Math"]), st.sampled_from("12Q"))
leaves = st.one_of(
    st.builds(lambda p, q, n: Literal(n, (p, q)), props, props, st.sampled_from(["Coref", "Sibling", "Hyponym", "Hypernym"])),
    st.builds(lambda p: Literal("null", (p,)), props),
    st.builds(lambda p, c: Literal("in", (p, c)), props, st.sampled_from(["HAVE", "GET", "MONEY"])),
    st.just(Literal("true")),
)
conditions = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.builds(Not, inner),
        st.builds(And, st.lists(inner, min_size=2, max_size=3).map(tuple)),
        st.builds(Or, st.lists(inner, min_size=2, max_size=3).map(tuple)),
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(conditions, st.sampled_from(["add", "subtract", "multiply", "divide", "divide_reversed"]))
def test_any_condition_prints_and_parses_back_to_the_same_rule(condition, operation):
    ruleset = Ruleset(rule_decls=(Rule("r", "transfer", condition, operation),))
    assert parse_rules(format_rules(ruleset)) == ruleset
    assert parse_rules(format_rules(ruleset, width=20)) == ruleset  # conditions broken over lines


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30),
       st.lists(st.from_regex(r"[a-z$][a-z']{0,6}", fullmatch=True), min_size=1, max_size=3))
def test_descriptions_and_entries_print_and_parse_back(description, words):
    ruleset = Ruleset(concept_decls=(Concept("c", description),),
                      class_decls=(ClassDecl("verbs", "V", (Entry(tuple(words)), Entry(("x",), "if", "U"))),))
    assert parse_rules(format_rules(ruleset)) == ruleset


def test_negation_binds_tighter_than_and_than_or():
    cond = parse_rules("rule r (c): not null(Rate1) and Verb1 in HAVE or true => add").rules[0].condition
    assert cond == Or((And((Not(Literal("null", (Prop("Rate", "1"),))), Literal("in", (Prop("Verb", "1"), "HAVE")))),
                       Literal("true")))
    assert format_condition(cond) == "not null(Rate1) and Verb1 in HAVE or true"


# -- syntax errors ------------------------------------------------------------------------------
def test_syntax_error_names_file_line_column_text_and_what_was_expected():
    error = syntax_error(HEAD + "rule r (transfer) Verb1 in HAVE => add\n")
    assert str(error).startswith('my.rules:6:19: unexpected "Verb1": expected ":"')
    assert "rule r (transfer) Verb1 in HAVE => add\n" + " " * 18 + "^" in str(error)
    assert isinstance(error, PyaspError) and error.exit_code == 2


def test_an_invisible_character_is_named_by_its_code_point():
    error = syntax_error(HEAD + "rule r\u00a0(transfer): Verb1 in HAVE => add\n")
    assert str(error).startswith('my.rules:6:7: unexpected U+00A0 NO-BREAK SPACE: expected "("')


def test_unclosed_parenthesis_expects_a_closing_one():
    error = syntax_error(HEAD + "rule r (transfer): (Verb1 in HAVE => add\n")
    assert str(error).startswith('my.rules:6:35: unexpected "=>": expected ")"')


def test_rule_without_operation_says_an_operation_was_expected():
    error = syntax_error(HEAD + "rule r (transfer): Verb1 in HAVE\nrule s (transfer): true => add\n")
    assert error.diagnostics[0].line == 7 and error.diagnostics[0].column == 1
    assert 'rule r has no operation: expected "and", "or" or "=>" followed by an operation (add, subtract, multiply or divide, then optionally reversed)' in str(error)
    at_end = syntax_error(HEAD + "rule r (transfer): Verb1 in HAVE =>\n")
    assert str(at_end).startswith("my.rules:6:36: unexpected end of file: expected an operation (add, subtract, multiply or divide, then optionally reversed)")


def test_an_empty_condition_says_what_a_condition_is():
    error = syntax_error(HEAD + "rule r (transfer): => add\n")
    assert str(error).startswith('my.rules:6:20: unexpected "=>": expected a condition (a property such as Verb1 in CLASS')


def test_keywords_are_words_in_entries_and_quoted_words_round_trip():
    ruleset = parse_rules('concept c\nverbs CONSTRUCT: add, "math", make up if M\nunits M: dollar\n')
    assert [e.words for e in ruleset.classes["CONSTRUCT"][1]] == [("add",), ("math",), ("make", "up")]
    assert '"math"' in format_rules(ruleset)
    assert parse_rules(format_rules(ruleset)) == ruleset


# -- semantic errors ----------------------------------------------------------------------------
def test_unknown_class_lists_the_classes_of_the_right_kind():
    assert diagnostics(HEAD + "rule r (transfer): Verb1 in HAVE and Verb2 in GETS => add\n") == [
        "my.rules:6:47: error: unknown class GETS; verbs classes: HAVE, GET"]


def test_class_of_the_wrong_kind_for_the_property():
    assert diagnostics(HEAD + "rule r (transfer): Verb1 in MONEY => add\n") == [
        "my.rules:6:29: error: Verb1 needs a verbs class, but MONEY is a units class (verbs classes: HAVE, GET)"]
    assert diagnostics(HEAD + "rule r (transfer): Subj1 in HAVE => add\n") == [
        "my.rules:6:20: error: Subj1 has no classes: `in` tests Verb (verbs classes), Math (math classes), "
        "Unit and Rate (units classes)"]


def test_unknown_predicate_lists_the_known_ones():
    assert diagnostics(HEAD + "rule r (transfer):\n    Corref(Subj1, Subj2) => add\n") == [
        "my.rules:7:5: error: unknown predicate Corref; known: Coref, Sibling, Hyponym, Hypernym, null"]


def test_unknown_property_and_missing_role():
    assert diagnostics(HEAD + "rule r (transfer): Coref(Sub1, Subj2) or null(Unit) => add\n") == [
        "my.rules:6:26: error: unknown property Sub1; a property is Subj, Verb, IObj, Obj, Unit, Rate or Math "
        "followed by a role 1, 2 or Q",
        "my.rules:6:47: error: property Unit needs a role: Unit1, Unit2 or UnitQ"]


def test_duplicate_rule_names_the_first_definition():
    assert diagnostics(HEAD + "rule r (transfer): true => add\n\nrule r (transfer): Verb1 in HAVE => add\n") == [
        "my.rules:8:1: error: duplicate rule r (first defined at line 6)"]


def test_same_condition_with_different_operations_names_both_rules():
    text = HEAD + ("rule a (transfer): Verb1 in HAVE and Verb2 in GET => add\n"
                   "rule b (transfer): Verb2 in GET and (Verb1 in HAVE or Verb1 in HAVE) => subtract\n")
    assert diagnostics(text) == [
        "my.rules:7:1: error: rules a (line 6) and b (line 7) have the same condition but different operations "
        "(add and subtract)"]


def test_same_condition_and_operation_is_a_redundancy_warning():
    text = HEAD + "rule a (transfer): Verb1 in HAVE => add\nrule b (transfer): not not Verb1 in HAVE => add\n"
    assert diagnostics(text) == [
        "my.rules:7:1: warning: rule b is redundant: rule a (line 6) has the same condition and operation (add)"]


def test_undeclared_concept():
    assert diagnostics(HEAD + "rule r (transfr): true => add\n") == [
        "my.rules:6:9: error: rule r: concept transfr is not declared (declared: transfer)"]


def test_extending_an_undefined_class():
    assert diagnostics(HEAD + "verbs GIVE += donate\n") == [NO_RULE,
        "my.rules:6:1: error: cannot extend class GIVE with +=: no class of that name (define it with `verbs GIVE: ...`); "
        "GIVE is a class of the packaged rules: start the file with `extends default` to use them (or declare it here)"]


def test_duplicate_concept_and_class_qualifier_kinds_and_reversed_after_add():
    text = HEAD + ("verbs HAVE: keep\nverbs GIVE: give, sell if HAVE\nrule r (transfer): true => add reversed\n"
                   "concept transfer\n")
    assert diagnostics(text) == [
        "my.rules:6:1: error: class HAVE is already defined at line 2",
        "my.rules:7:19: error: if HAVE: HAVE is a verbs class; if names a units class (units classes: MONEY)",
        "my.rules:8:28: error: rule r: add reversed: reversed only follows divide (divide reversed is number 2 / number 1)",
        "my.rules:9:1: error: concept transfer is already declared at line 1"]


def test_warnings_for_shared_words_and_impossible_conditions_but_not_for_exclusive_qualifiers():
    text = HEAD + ("verbs GIVE: give, own, buy if MONEY\n"
                   "rule r (transfer): null(Verb1) and Verb1 in HAVE or Verb2 in GET and not Verb2 in GET => add\n")
    assert diagnostics(text) == [
        'my.rules:6:19: warning: "own" is listed in both HAVE (line 2) and GIVE',
        "my.rules:7:1: warning: the condition of rule r can never hold: each alternative contradicts itself"]


def test_a_verbs_entry_of_several_words_is_a_warning():
    text = HEAD + "verbs SPLIT: share equally, split\n"
    assert diagnostics(text) == [NO_RULE, 'my.rules:6:14: warning: "share equally" can never match: a verb is matched by its '
                                 'lemma alone (list "share")']


def test_cli_verbs_says_which_class_a_verb_joins_and_what_a_new_class_takes(tmp_path):
    result = run("rules", "verbs", "gave", "allot", "xyzzy", "--json")
    assert result.exit_code == 0, result.output
    give, allot, unknown = json.loads(result.stdout)
    assert give["verb"] == "give" and give["classes"] == ["GIVE"] and give["how"] == "listed"
    assert allot["how"] == "closest" and allot["classes"] == ["GIVE"] and allot["similarity"] >= 0.2
    assert unknown["classes"] == [] and unknown["how"] == "none"
    mine = write(tmp_path, "split.rules", "extends default\nverbs SPLIT: distribute\n")
    result = run("rules", "verbs", "allotted", "--rules", mine, "--json")
    [allot] = json.loads(result.stdout)
    assert allot["classes"] == ["SPLIT"] and allot["seed"] == "distribute" and allot["packaged"]["classes"] == ["GIVE"]
    table = run("rules", "verbs", "allotted", "--rules", mine)
    assert table.exit_code == 0 and "allotted (allot)" in table.stdout and "changed" in table.stdout and "yes" in table.stdout
    assert run("rules", "verbs", " ").exit_code == 2


@pytest.mark.parametrize("unit", ["dollar", "dollars", "$", "Cents"])
def test_cli_verbs_reads_the_unit_as_the_solver_does(unit):
    # with money, buying gives the money away (the default rules: buy is GIVE if MONEY)
    result = run("rules", "verbs", "buy", "sell", "--unit", unit, "--json")
    assert result.exit_code == 0, result.output
    buy, sell = json.loads(result.stdout)
    assert (buy["classes"], sell["classes"]) == (["GIVE"], ["GET"])


def test_a_learned_predicate_of_one_property_with_itself_is_a_warning():
    text = HEAD + "rule r (transfer): Coref(Subj1, Subj1) and Verb1 in HAVE => add\n"
    assert diagnostics(text) == ["my.rules:6:20: warning: Coref(Subj1, Subj1) relates Subj1 to itself; a rule relates "
                                 "two numbers' properties, e.g. Coref(Subj1, Subj2)"]


def test_entries_may_be_words_of_any_script():
    ruleset = parse_rules("concept c\nverbs X: café, naïve, buy-in, $\nrule r (c): Verb1 in X => add\n")
    assert [e.words for e in ruleset.classes["X"][1]] == [("café",), ("naïve",), ("buy-in",), ("$",)]


def test_load_rules_raises_one_error_listing_every_error(tmp_path):
    path = write(tmp_path, "bad.rules", HEAD + "rule r (transfr): Corref(Subj1, Subj2) => add\n")
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert str(info.value).splitlines() == [
        "2 errors in the rule file:",
        f"  {path}:6:9: rule r: concept transfr is not declared (declared: transfer)",
        f"  {path}:6:19: unknown predicate Corref; known: Coref, Sibling, Hyponym, Hypernym, null"]
    assert info.value.exit_code == 2


# -- extends default ----------------------------------------------------------------------------
EXTENSION = """extends default
verbs GET += nab, snag
rule have_get (transfer):   # replaces the default rule
    Coref(Subj1, Subj2) and Verb1 in HAVE and Verb2 in GET
    => add
rule have_grab_rate (dimensional_analysis):
    Verb1 in HAVE and not null(Rate2)
    => multiply
"""


def test_extends_default_adds_overrides_and_extends_classes(tmp_path):
    path = write(tmp_path, "mine.rules", EXTENSION)
    ruleset, found = check_file(path)
    assert [str(d) for d in found] == [
        f"{path}:3:1: note: rule have_get replaces the default rule of that name ({rules_path('knowledge')}:88)"]
    default = load_rules()
    assert len(ruleset.rules) == len(default.rules) + 1
    assert [r.name for r in ruleset.rules].index("have_get") == [r.name for r in default.rules].index("have_get")
    assert "CONSTRUCT" not in str(ruleset.rule("have_get").condition)
    assert ruleset.rules[-1].name == "have_grab_rate"
    assert [e.text for e in ruleset.classes["GET"][1]][-2:] == ["nab", "snag"]
    assert parse_rules(format_rules(ruleset)) == ruleset
    assert format_rules(ruleset).startswith("extends default\n")


def test_extends_default_reports_a_redefined_default_class():
    assert diagnostics("extends default\nverbs HAVE: be\n")[0].startswith(
        "my.rules:2:1: error: class HAVE is already defined in the default rules (")
    assert diagnostics("extends default\nverbs HAVE: be\n")[0].endswith("; extend it with `verbs HAVE += ...`")
    assert diagnostics("extends nothing\n") == ["my.rules:1:9: error: cannot extend 'nothing': only `extends default` is supported"]


# -- compilation to ASP -------------------------------------------------------------------------
def applies(compiled, facts) -> set[tuple]:
    program = Program(encoding="knowledge", text=compiled.program).add_facts(facts)
    models = program.all_models()
    assert len(models) == 1 and program.messages == []
    return set(models[0].atoms("applies", 4))


TRANSFER_FACTS = [("pair", 1, 2), ("has", 1, "subj"), ("has", 2, "subj"), ("has", 2, "obj"),
                  ("member", 1, "verb", "have"), ("member", 2, "verb", "get")]


def test_compiled_default_program_grounds_cleanly_and_finds_the_transfer_rules():
    compiled = compile_rules(load_rules())
    assert applies(compiled, []) == set()
    found = applies(compiled, TRANSFER_FACTS)
    assert found == {(1, 2, "have_get", 0), (1, 2, "have_get_flip", 0)}
    assert not any(rule == "give_give" for _, _, rule, _ in found)
    # from an applies atom to the rule, its concept, its operation and what it assumes
    rule = compiled.rules["have_get_flip"]
    assert (rule.concept, rule.operation) == ("transfer", "subtract")
    assert [tuple(lit) for lit in compiled.assumptions[("have_get_flip", 0)]] == [
        ("Coref", (Prop("Subj", "1"), Prop("Obj", "2")), True)]
    assert [tuple(p) for p in compiled.assumptions[("have_get_flip", 0)][0].args] == [("subj", "1"), ("obj", "2")]


def test_compiled_literals_follow_the_fact_vocabulary():
    compiled = compile_rules(parse_rules(HEAD + (
        "rule r (transfer): not null(Rate1) and null(Rate2) and not Coref(Unit1, UnitQ) and Math1 in MUL "
        "and not Verb2 in GET => divide\n"
        "rule s (transfer): Coref(Subj1, SubjQ) or Verb1 in HAVE and not true => add\n")))
    assert compiled.body("r", 0) == "pair(A,B), has(A,rate), member(A,math,mul), not has(B,rate), not member(B,verb,get)"
    assert compiled.assumptions[("r", 0)] == (Literal("Coref", (Prop("Unit", "1"), Prop("Unit", "Q")), False),)
    assert compiled.body("s", 0) == "pair(A,B), has(A,subj), has(q,subj)"
    assert ("s", 1) not in compiled.disjuncts  # contradicts itself: no ASP rule
    facts = [("pair", 1, 2), ("has", 1, "rate"), ("member", 1, "math", "mul"), ("has", 1, "subj"), ("has", "q", "subj")]
    assert applies(compiled, facts) == {(1, 2, "r", 0), (1, 2, "s", 0)}
    assert applies(compiled, facts + [("has", 2, "rate")]) == {(1, 2, "s", 0)}


def test_disjuncts_are_numbered_in_the_order_the_condition_lists_them():
    rule = load_rules().rule("rate_divide")
    first, second, third = dnf(rule.condition)
    assert [str(lit) for lit in first] == ["not null(Rate2)", "null(Rate1)", "Coref(Unit1, Unit2)"]
    assert [str(lit) for lit in second] == ["not null(RateQ)", "Coref(Unit1, UnitQ)", "Coref(Unit2, RateQ)"]
    assert [str(lit) for lit in third] == ["not null(RateQ)", "Coref(Unit2, RateQ)"]


def test_compiling_rules_with_errors_raises():
    with pytest.raises(RulesError, match="unknown class NOPE"):
        compile_rules(parse_rules(HEAD + "rule r (transfer): Verb1 in NOPE => add\n"))


# -- the command line ---------------------------------------------------------------------------
def test_cli_check_passes_the_default_file():
    result = run("rules", "check")
    assert result.exit_code == 0, result.output
    assert "45 rules, 20 classes, 0 errors, 0 warnings" in result.output


def test_cli_check_reports_file_line_column_and_exits_2(tmp_path):
    path = write(tmp_path, "bad.rules", HEAD + "rule r (transfer): Verb1 in GETS => add\n")
    result = run("rules", "check", path)
    assert result.exit_code == 2
    assert f"{path}:6:29: error: unknown class GETS; verbs classes: HAVE, GET" in result.output
    assert "1 rule, 4 classes, 1 error, 0 warnings" in result.output
    broken = write(tmp_path, "broken.rules", HEAD + "rule r (transfer): Verb1 in GET\n")
    result = run("rules", "check", broken, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False and data["rules"] == 0
    assert data["diagnostics"][0]["line"] == 6 and "has no operation" in data["diagnostics"][0]["message"]
    assert data["diagnostics"][0]["file"] == broken
    # a file that cannot be read: the same JSON shape, and exit 2
    result = run("rules", "check", str(tmp_path / "nope.rules"), "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False and "cannot read rule file" in data["diagnostics"][0]["message"]


def test_cli_check_json_on_an_extension_with_a_note(tmp_path):
    result = run("rules", "check", write(tmp_path, "mine.rules", EXTENSION), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True and data["rules"] == 46
    assert [d["severity"] for d in data["diagnostics"]] == ["note"]


def test_cli_show_json_and_table():
    result = run("rules", "show", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data) == 45 and set(data[0]) == {"rule", "concept", "condition", "operation"}
    assert {"rule": "part_whole_sibling", "concept": "part_whole", "condition": "Sibling(Unit1, Unit2)",
            "operation": "add"} in data
    table = run("rules", "show")
    assert table.exit_code == 0 and "have_get_flip" in table.stdout and "purchase (unless MONEY)" in table.stdout
    classes = json.loads(run("rules", "show", "--classes", "--json").stdout)
    assert {"words": "sell", "qualifier": "if", "class": "MONEY"} in next(c for c in classes if c["class"] == "GET")["entries"]


def test_cli_show_on_a_broken_file_and_a_missing_file(tmp_path):
    result = run("rules", "show", write(tmp_path, "bad.rules", "concept c\nrule r (c): Verb1 in X => add\n"))
    assert result.exit_code == 2 and "bad.rules:2:22: unknown class X" in result.output
    missing = run("rules", "check", str(tmp_path / "nope.rules"))
    assert missing.exit_code == 2 and "cannot read rule file" in missing.output and "Traceback" not in missing.output


@pytest.mark.parametrize("module", [pyasp.rules.dsl, pyasp.rules.check, pyasp.rules.compile])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_cli_help_has_examples():
    for command in ("check", "show", "verbs"):
        result = run("rules", command, "--help")
        assert result.exit_code == 0 and "Example" in result.output


def test_a_condition_nested_hundreds_deep_is_a_syntax_error_not_a_crash():
    error = syntax_error("concept transfer\nrule r1 (transfer): " + "not " * 2000 + "true => add\n")
    assert "nested too deeply" in str(error) and "my.rules:2:1" in str(error)


def test_a_repeated_clause_does_not_multiply_the_disjuncts():
    """(A or B) and (A or B) and ... 30 times is 3 disjuncts (A; A and B; B), as written once
    twice; before, the expansion counted 2**30 alternatives and refused the rule."""
    from pyasp.rules.compile import dnf
    from pyasp.rules.dsl import parse_rules

    clause = "(Verb1 in HAVE or Verb2 in GET)"
    rules = parse_rules(f"extends default\nrule r (transfer): {' and '.join([clause] * 30)} => add\n", "my.rules")
    (rule,) = [r for r in rules.rule_decls if r.name == "r"]
    assert [" and ".join(map(str, d)) for d in dnf(rule.condition)] == [
        "Verb1 in HAVE", "Verb1 in HAVE and Verb2 in GET", "Verb2 in GET"]
