"""What a new user of the rule DSL meets: the warnings of ``pyasp rules check`` when a rule file
is loaded for solving, an empty rule file, and the messages for a misspelt keyword after a class
(whose word list runs on over line breaks until the next statement)."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from clitools import run, write

from pyasp.arith.knowledge import load_knowledge
from pyasp.arith.solver import knowledge_for
from pyasp.errors import PyaspWarning
from pyasp.rules.check import check_file, check_rules
from pyasp.rules.dsl import RESERVED_WORDS, RulesError, RulesSyntaxError, _parser, format_rules, load_rules, parse_rules

PROBLEM = "Tom has 3 apples. He buys 5 more apples. How many apples does he have now?"

# two rules that can never fire, a rule that replaces a default one (a note, not a warning)
WARNED = """extends default
rule never (transfer): Verb1 in HAVE and not Verb1 in HAVE => add
rule itself (transfer): Coref(Subj1, Subj1) => add
rule have_give (transfer): Coref(Subj1, Subj2) and Verb1 in HAVE and Verb2 in GIVE => subtract
"""


def syntax_error(text: str) -> RulesSyntaxError:
    with pytest.raises(RulesSyntaxError) as info:
        parse_rules(text, "my.rules")
    return info.value


# -- A: loading a rule file tells what `rules check` warns about ---------------------------------
def test_loading_a_rule_file_for_solving_issues_the_warnings_of_rules_check(tmp_path):
    path = write(tmp_path, "warned.rules", WARNED)
    _, found = check_file(path)
    expected = [f"{d.source}:{d.line}:{d.column}: {d.message}" for d in found if d.severity == "warning"]
    assert len(expected) == 2 and "can never hold" in expected[0] and "relates Subj1 to itself" in expected[1]
    assert any(d.severity == "note" for d in found)
    for load in (load_rules, load_knowledge, knowledge_for):  # knowledge_for: arith solve, train and eval
        with pytest.warns(PyaspWarning) as record:
            load(path)
        shown = path if load is not knowledge_for else str(Path(path).resolve())  # knowledge_for resolves the path
        assert [str(w.message) for w in record] == [m.replace(path, shown) for m in expected]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_rules()  # the packaged rules: nothing to warn about


def test_the_command_line_prints_the_warnings_of_a_loaded_rule_file(tmp_path):
    path = write(tmp_path, "warned.rules", WARNED)
    result = run("rules", "show", path, "--json")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"pyasp: warning: {path}:2:1: the condition of rule never can never hold: each alternative contradicts itself",
        f"pyasp: warning: {path}:3:25: Coref(Subj1, Subj1) relates Subj1 to itself; a rule relates two numbers' "
        "properties, e.g. Coref(Subj1, Subj2)"]


# -- B: a rule file without any statement ---------------------------------------------------------
@pytest.mark.parametrize("text", ["", "\n  \n", "# only a comment\n# and another\n"])
def test_a_rule_file_without_any_statement_is_an_error(tmp_path, text):
    assert [str(d) for d in check_rules(parse_rules(text, "my.rules"))] == [
        "my.rules:1:1: error: the file has no statement (it is empty or only comments): declare concepts, classes "
        "and rules, or start it with `extends default` to add to the packaged rules"]
    path = write(tmp_path, "empty.rules", text)
    with pytest.raises(RulesError) as info:
        load_knowledge(path)
    assert info.value.exit_code == 2 and str(info.value).startswith(f"{path}:1:1: the file has no statement")
    result = run("rules", "check", path)
    assert result.exit_code == 2 and f"{path}:1:1: error: the file has no statement" in result.output


@pytest.mark.parametrize("text", ["verbs X: foo\n", "concept mine\n"])
def test_a_rule_file_without_rules_or_extends_is_warned_about(text):
    assert [str(d) for d in check_rules(parse_rules(text, "my.rules"))] == [
        "my.rules:1:1: warning: the file has no rule: arith finds no derivation with it (start it with `extends "
        "default` to add to the packaged rules)"]


def test_solving_with_an_empty_rule_file_is_bad_input(tmp_path):
    path = write(tmp_path, "empty.rules", "# my rules\n")
    result = run("arith", "solve", PROBLEM, "--rules", path)
    assert result.exit_code == 2
    assert "the file has no statement" in result.stderr and "no rule applies" not in result.output


def test_extends_default_alone_is_the_packaged_rules(tmp_path):
    path = write(tmp_path, "extends.rules", "# start from the packaged rules\nextends default\n")
    assert check_file(path)[1] == []
    assert [r.name for r in load_rules(path).rules] == [r.name for r in load_rules().rules]
    # concepts alone are not empty, but give no rule: still a warning
    assert [d.severity for d in check_rules(parse_rules("concept c\n"))] == ["warning"]


# -- C: keywords and class word lists -------------------------------------------------------------
def test_a_misspelt_rule_after_a_class_says_it_looks_like_rule():
    error = syntax_error('concept grouping "Splitting"\nverbs SPLIT: split, divide\n'
                         "rul split_g (grouping): Verb1 in SPLIT => divide\n")
    assert str(error).splitlines() == [
        'my.rules:3:1: unexpected "rul": expected a statement (concept, verbs, math, units or rule); "rul" looks like '
        '"rule" (a class\'s word list ends only at a statement keyword, so this line was read as words of class SPLIT)',
        "rul split_g (grouping): Verb1 in SPLIT => divide",
        "^"]


def test_a_syntax_error_shows_its_whole_line():
    """The line is shown from its start however far in the error is (lark's own context began 40
    characters before the place: "ntax (explicit_math): ...")."""
    error = syntax_error("extends default\n\nrule bad_syntax (explicit_math): Verb1 in GIVE and => add\n")
    assert str(error).splitlines()[1:] == [
        "rule bad_syntax (explicit_math): Verb1 in GIVE and => add",
        " " * 51 + "^"]


def test_a_misspelt_keyword_where_a_statement_starts_gets_a_hint():
    error = syntax_error("concept c\nrule a (c): true => add\nrul b (c): true => add\n")
    assert str(error).startswith('my.rules:3:1: unexpected "rul": expected a statement (concept, verbs, math, units '
                                 'or rule), "reversed" or the end of the file; "rul" looks like "rule"')
    assert str(syntax_error("verb SPLIT: split\n")).startswith(
        'my.rules:1:1: unexpected "verb": expected a statement (concept, verbs, math, units or rule), "extends" or the '
        'end of the file; "verb" looks like "verbs"')


def test_a_misspelt_operation_or_a_class_in_the_wrong_case_gets_a_hint():
    error = syntax_error("concept c\nrule a (c): true => substract\n")
    assert str(error).startswith('my.rules:2:21: unexpected "substract": expected an operation (add, subtract, multiply '
                                 'or divide, then optionally reversed); "substract" looks like "subtract"')
    assert [str(d) for d in check_rules(parse_rules("extends default\nrule r (transfer): Verb1 in have => add\n", "my.rules"))
            if d.severity == "error"] == [
        "my.rules:2:29: error: unknown class have (class names are case-sensitive: write HAVE); verbs classes: HAVE, GET, "
        "GIVE, TAKE, CONSTRUCT, DESTROY"]


def test_entries_are_read_in_lower_case_as_the_lemmas_they_match():
    """"Cut" and "Euro" match the lemmas cut and euro; before, a capitalised entry never matched
    and nothing warned. Entries that differ only in case are one entry listed twice."""
    rules = parse_rules("extends default\nverbs SLICE: Cut, Slice, SLICE\nunits EURO: \"Euro Coin\"\n", "my.rules")
    assert [e.words for d in rules.class_decls for e in d.entries] == [("cut",), ("slice",), ("slice",), ("euro", "coin")]
    warnings = [str(d) for d in check_rules(rules) if d.severity == "warning"]
    assert len(warnings) == 2
    assert warnings[0].startswith('my.rules:2:14: warning: "cut" is listed in both DESTROY (')
    assert warnings[0].endswith(") and SLICE")
    assert warnings[1] == 'my.rules:2:26: warning: "slice" is listed twice in SLICE (first at line 2)'


def test_a_qualifier_on_a_units_or_math_entry_is_an_error():
    rules = parse_rules("extends default\nunits EURO: euro if MONEY\nmath ADD += bigger unless MONEY\n", "my.rules")
    assert [str(d) for d in check_rules(rules) if d.severity == "error"] == [
        'my.rules:2:13: error: if MONEY: a qualifier belongs to a verbs entry ("buy unless MONEY"); on a units entry it '
        "would have no effect",
        'my.rules:3:13: error: unless MONEY: a qualifier belongs to a verbs entry ("buy unless MONEY"); on a math entry '
        "it would have no effect"]


def test_no_keyword_hint_where_the_keyword_would_not_mend_the_line():
    error = syntax_error("concept c\nverbs X: a,\n unite b!\n")
    assert str(error).splitlines()[0] == (
        'my.rules:3:9: unexpected "!": expected ",", a word or a quoted phrase, a qualifier (if or unless) or a '
        "statement (concept, verbs, math, units or rule)")


def test_a_class_without_entries_before_the_next_statement():
    error = syntax_error("concept c\nverbs EMPTY:\nrule r (c): true => add\n")
    assert str(error).splitlines()[0] == (
        'my.rules:3:1: unexpected "rule": class EMPTY has no entry: expected a word or a quoted phrase before the '
        'next statement (a keyword is a word only in quotes: "rule")')
    error = syntax_error("extends default\nverbs HAVE += rule\n")
    assert str(error).splitlines()[0] == (
        'my.rules:2:15: unexpected "rule": `verbs HAVE +=` adds no entry: expected a word or a quoted phrase before '
        'the next statement (a keyword is a word only in quotes: "rule")')
    assert str(syntax_error("concept c\nverbs X: a, math\n")).splitlines()[0] == (
        'my.rules:2:13: unexpected "math": expected a word or a quoted phrase after "," (a keyword is a word only in '
        'quotes: "math")')


def test_extends_after_the_first_statement_is_an_error_not_words_of_a_class():
    error = syntax_error('extends default\nconcept grouping "Splitting"\nverbs SPLIT: split, divide\nextends default\n')
    assert str(error).splitlines()[0] == (
        'my.rules:4:1: unexpected "extends": `extends default` can only be the first statement of the file')


def test_the_grammar_leaves_out_exactly_the_reserved_words():
    word = next(t for t in _parser().terminals if t.name == "WORD").pattern.value
    assert set(re.match(r"\(\?!\(\?:([a-z|]+)\)", word)[1].split("|")) == RESERVED_WORDS  # format_rules quotes these


@pytest.mark.parametrize("keyword", sorted(RESERVED_WORDS))
def test_a_keyword_is_never_an_unquoted_word_but_a_quoted_one_is(keyword):
    with pytest.raises(RulesSyntaxError):
        parse_rules(f"concept c\nverbs X: give, {keyword}\n")
    ruleset = parse_rules(f'concept c\nverbs X: give, "{keyword}"\n')
    assert [e.words for e in ruleset.classes["X"][1]] == [("give",), (keyword,)]
    assert f'"{keyword}"' in format_rules(ruleset) and parse_rules(format_rules(ruleset)) == ruleset


def test_words_that_start_with_a_keyword_and_entries_over_two_lines_are_still_words():
    ruleset = parse_rules("concept c\nverbs X: rules, rule-based, rule's, mathematics, iffy, unit, extend\n"
                          "verbs Y: give\n  up, hand\nrule r (c): Verb1 in X => add\n")
    assert [e.text for e in ruleset.classes["X"][1]] == [
        "rules", "rule-based", "rule's", "mathematics", "iffy", "unit", "extend"]
    assert [e.words for e in ruleset.classes["Y"][1]] == [("give", "up"), ("hand",)]
    assert [r.name for r in ruleset.rules] == ["r"]


def test_extends_as_a_word_of_a_class_gets_the_keyword_hint(tmp_path):
    path = tmp_path / "ext.rules"
    path.write_text("extends default\nverbs GROWS += grow, extends\n")
    result = run("rules", "check", str(path))
    assert result.exit_code == 2 and 'a keyword is a word only in quotes: "extends"' in result.output, result.output


def test_a_misspelt_keyword_read_as_words_of_an_entry_is_warned_about(tmp_path):
    """'concpt comparison "Comparisons"' parses as more words of the math entry above it: nothing
    fails, so a warning says what happened."""
    path = tmp_path / "mis.rules"
    path.write_text('extends default\nmath MORE: more than\nconcpt comparison "Comparisons"\n'
                    "rule more_add (explicit_math): Math1 in MORE => add\n")
    found = [str(d) for d in check_file(path)[1]]
    assert any(f"{path}:3:1: warning:" in d and '"concpt"' in d and '"concept"' in d for d in found), found
    path.write_text("extends default\nverbs GIVE += give\n  away, hand\n  over\n")  # a phrase over two lines: no hint
    assert not any("fix its spelling" in str(d) for d in check_file(path)[1])


@pytest.mark.parametrize("text, column, found", [
    ("extends default\nverbs DIVISÉ: divide\n", 12, '"É"'),
    ("extends default\nrule répartir (transfer): true => add\n", 7, '"épartir"'),
])
def test_a_non_ascii_letter_in_a_name_is_named_as_such(text, column, found):
    error = syntax_error(text)
    assert str(error).splitlines()[0].startswith(f"my.rules:2:{column}: unexpected {found}")
    assert str(error).splitlines()[0].endswith("; names are ASCII letters, digits and _")


def test_a_learned_predicate_across_kinds_of_words_is_warned_about():
    rules = parse_rules("extends default\nrule x (transfer): Coref(SubjQ, Verb2) and Coref(Obj1, Unit2) => add\n", "my.rules")
    assert [str(d) for d in check_rules(rules) if d.severity == "warning"] == [
        "my.rules:2:20: warning: Coref(SubjQ, Verb2) relates a noun to a verb; it compares two nouns (Subj, Obj, IObj, "
        "Unit, Rate), two verbs or two math terms: is Verb2 a typo?"]


# -- dogfooding of 2026-11-27: the mistakes of a first rule file ----------------------------------
@pytest.mark.parametrize("condition, message", [
    # was: 'rule r has no operation: expected ...', though the rule goes on to its "=>"
    ("Verb1 in HAVE && Verb2 in GET => add", 'unexpected "&": expected ")", "and", "or" or "=>" followed by an '
     'operation (add, subtract, multiply or divide, then optionally reversed); conditions use the words and, or and '
     'not ("&" is written and)'),
    ("Verb1 in HAVE || Verb2 in GET => add", '("|" is written or)'),
    ("!null(Subj1) => add", 'unexpected "!": expected "(" or a name; conditions use the words and, or and not ("!" is '
     "written not)"),
    ("Verb1 in HAVE -> add", '; a rule\'s condition and its operation are separated by "=>"'),
    ("Verb1 in HAVE Verb2 in GET => add", 'unexpected "Verb2": expected "and", "or" or "=>" followed by an operation'),
    ("Verb1 in HAVE => divide reverse", '"reverse" looks like "reversed"'),
])
def test_a_condition_written_as_in_another_language_is_named_as_such(condition, message):
    error = syntax_error(f"extends default\nrule r (transfer): {condition}\n")
    first = str(error).splitlines()[0]
    assert message in first and "has no operation" not in first, first


def test_a_rule_without_its_operation_still_says_so():
    for text in ("extends default\nrule r (transfer): Verb1 in HAVE\n",
                 "extends default\nrule r (transfer): Verb1 in HAVE\nrule s (transfer): Verb1 in GET => add\n"):
        assert "rule r has no operation" in str(syntax_error(text)).splitlines()[0]


def test_a_file_without_extends_default_is_told_where_the_packaged_names_are(tmp_path):
    """Was: "concept transfer is not declared (declared: none)" and "unknown class HAVE; there is
    no verbs class", for a first file that uses the packaged rules' names without `extends default`."""
    path = write(tmp_path, "my.rules", "rule r (transfer): Verb1 in HAVE => add\nrule s (mine): Verb1 in HAVEN => add\n")
    result = run("rules", "check", path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stdout.splitlines()
    hint = "start the file with `extends default` to use them (or declare it here)"
    assert lines[0] == (f"{path}:1:9: error: rule r: concept transfer is not declared (declared: none); transfer is a "
                        f"concept of the packaged rules: {hint}")
    assert lines[1] == (f"{path}:1:29: error: unknown class HAVE; there is no verbs class; HAVE is a class of the "
                        f"packaged rules: {hint}")
    assert not any("mine" in line and "packaged" in line or "HAVEN" in line and "packaged" in line for line in lines)


def test_a_misspelt_extends_is_the_one_error_reported(tmp_path):
    """Was: three errors for `extends defualt`: the name, and every concept and class of the
    packaged rules the file used, as unknown."""
    path = write(tmp_path, "my.rules", "extends defualt\nrule r (transfer): Verb1 in HAVE => add\n")
    result = run("rules", "check", path)
    assert result.exit_code == 2
    assert [line for line in result.stdout.splitlines() if ": error: " in line] == [
        f"{path}:1:9: error: cannot extend 'defualt': only `extends default` is supported (is it a misspelling of "
        "default?)"]
