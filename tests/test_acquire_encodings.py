"""Edited copies of encodings/ip_acquisition.lp (`acquire learn --encoding FILE`) and of
encodings/ip_solve.lp: a copy the level-by-level search cannot go on from, or whose answer sets
are no candidate of the language, is an error of the encoding (exit 2, the file named), never a
search that runs for ever or a program of nonsense; restrictions name tensors and indices
through tensor_name/2 and index_name/2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clitools import run, write

from pyasp.acquire.data import make_instance
from pyasp.acquire.dsl import load_program
from pyasp.acquire.learn import Learner, enumerate_language, language_facts
from pyasp.acquire.solve import solve
from pyasp.errors import InputError
from pyasp.resources import encoding_path

SHIP = Path(__file__).resolve().parent.parent / "examples" / "acquire" / "shipping"

WEAK_POS = ":~ use(S, pos, X), weight(X, W). [W@0, S]"
WEAK_NEG = ":~ use(S, neg, X), weight(X, W). [-W@0, S]"
SHOW_USE = "#show use/3."
LEVEL = "the weak constraints must give every candidate a level above the last one visited"


def packaged_copy(tmp_path, name: str, *, replace: tuple[tuple[str, str], ...] = (), add: str = "") -> str:
    """A user's copy of the packaged encoding: lines replaced, rules added at the end."""
    text = encoding_path("ip_acquisition").read_text()
    for old, new in replace:
        assert old in text, old
        text = text.replace(old, new)
    return write(tmp_path, name, text + "\n" + add)


@pytest.fixture(scope="module")
def shipping():
    """The shipping schema (no constraints), its instance, and 10 sampled solutions as JSON."""
    program = load_program(SHIP / "program.ip")
    instance = make_instance(program, json.loads((SHIP / "constants.json").read_text()))
    examples = [{"ship": s["ship"].tolist()} for s in solve(program, instance, sample=10, seed=1).solutions]
    return program.with_constraints(()), instance, examples


def learn(tmp_path, examples, encoding: str, *args: str):
    return run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
               "--examples", write(tmp_path, "ex.json", examples), "--no-simplify", "--encoding", encoding, *args)


def header_counts(result) -> tuple[int, ...]:
    """(visited, language, pruned) of the header of acquire learn's output."""
    match = re.search(r"(\d+) candidates visited of (\d+) \((-?\d+) pruned\)", result.stdout)
    assert match, result.output
    return tuple(int(n) for n in match.groups())


def assert_refused(result, start: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"pyasp: error: {start}"), result.stderr
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# -- levels: the search must move on ---------------------------------------------------------------
@pytest.mark.parametrize("zero", [False, True], ids=["no weak constraint", "zero weights"])
def test_an_encoding_whose_levels_do_not_move_on_is_refused(shipping, tmp_path, zero):
    """Without weights every candidate is at level 0 and floor(0) removes only those whose
    weights sum to at most 0: the others came back at level 0 for ever (with a time limit,
    thousands of "visits" of a 128-candidate language)."""
    if zero:
        replace = ((WEAK_POS, WEAK_POS.replace("[W@0, S]", "[0@0, S]")), (WEAK_NEG, WEAK_NEG.replace("[-W@0, S]", "[0@0, S]")))
    else:
        replace = ((WEAK_POS, "% removed"), (WEAK_NEG, "% removed"))
    enc = packaged_copy(tmp_path, "ia_no_weak.lp", replace=replace)
    schema, instance, examples = shipping
    learner = Learner(max_terms=2, max_factors=1, encoding=enc, time_limit_s=20)  # without the check: partial, no error
    with pytest.raises(InputError, match=rf"^{enc}: {LEVEL} \(the search met level 0 twice\): keep the packaged"):
        learner.fit(schema, instance, examples)
    result = learn(tmp_path, examples, enc, "-s", "2", "-p", "1", "--time-limit", "20")
    assert_refused(result, f"{enc}: {LEVEL} (the search met level 0 twice)")


def test_a_second_priority_is_refused_rather_than_hiding_candidates(shipping, tmp_path):
    """A tie-breaker at another priority made each level return only its best candidates by it,
    and floor(c) dropped the rest: at p=2 a third of the language went unseen, silently."""
    enc = packaged_copy(tmp_path, "ia_extraweak.lp", add=":~ use(S, _, t(P, _)), product(P, N). [N@-1, S, P]\n")
    schema, instance, examples = shipping
    with pytest.raises(InputError, match=rf"^{enc}: the weak constraints must all have one priority \(the search met "
                                         r"costs at @0 and @-1\)"):
        Learner(max_terms=1, max_factors=2, encoding=enc).fit(schema, instance, examples)
    same_level = packaged_copy(tmp_path, "ia_prio1.lp", replace=((WEAK_POS, WEAK_POS.replace("@0", "@1")),
                                                               (WEAK_NEG, WEAK_NEG.replace("@0", "@1"))))
    moved = Learner(max_terms=1, max_factors=2, encoding=same_level).fit(schema, instance, examples)
    packaged = Learner(max_terms=1, max_factors=2).fit(schema, instance, examples)
    assert moved.constraints_ == packaged.constraints_  # one priority, whichever: the same search


def test_a_candidate_met_at_two_levels_is_refused(shipping, tmp_path):
    """A copy that hides the use/3 atoms of slot 1 shows the same candidate at several levels
    (the hidden term still weighs): each would be visited again."""
    enc = packaged_copy(tmp_path, "ia_hide1.lp", replace=((SHOW_USE, "#show use(S, G, X) : use(S, G, X), S > 1."),))
    schema, instance, examples = shipping
    with pytest.raises(InputError, match=rf"^{enc}: {LEVEL} \(the search met the candidate .+ twice, at levels -?\d+ and "
                                         r"-?\d+\)"):
        Learner(max_terms=2, max_factors=1, encoding=enc).fit(schema, instance, examples)


# -- answer sets that are no candidate of the language ---------------------------------------------
def test_a_copy_that_hides_use_atoms_is_refused_not_learned(shipping, tmp_path):
    """Was: "59 candidates visited of 13 (-46 pruned)" and a program of `0 <= F; 0 <= 0; 0 <= 1;`."""
    enc = packaged_copy(tmp_path, "ia_emptyuse.lp", replace=((SHOW_USE, "#show use(S, G, X) : use(S, G, X), S > 99."),))
    message = f"{enc}: an answer set shows the candidate "
    result = learn(tmp_path, shipping[2], enc, "-s", "1", "-p", "1")
    assert_refused(result, message)
    assert "(0 use/3 atoms), which mentions no decision variable; every candidate of the language does" in result.stderr
    assert "pruned" not in result.output
    schema, _, _ = shipping
    with pytest.raises(InputError, match="which mentions no decision variable"):
        enumerate_language(schema, {name: "good" for name in schema.tensor_names}, encoding=enc)


def test_the_language_count_is_of_the_candidates_even_with_project(shipping, tmp_path):
    """clingo projected the count onto a copy's #project atoms: 13 candidates for 78 visited,
    "-65 pruned" in the header. The count is of the candidates the encoding shows."""
    examples = shipping[2]
    packaged = learn(tmp_path, examples, str(encoding_path("ip_acquisition")), "-s", "1", "-p", "1")
    projected = learn(tmp_path, examples, packaged_copy(tmp_path, "ia_project.lp", add="#project rhs/2.\n"), "-s", "1", "-p", "1")
    assert packaged.exit_code == projected.exit_code == 0, projected.output
    assert header_counts(projected) == header_counts(packaged)
    visited, language, pruned = header_counts(packaged)
    assert language == 128 and pruned == language - visited > 0


# -- restrictions by name ----------------------------------------------------------------------------
NO_PRODUCTION = (":- use(_, _, t(P, _)), count(P, T, C), C > 0, tensor_name(T, production).\n"
                 ":- rhs(T, _), tensor_name(T, production).\n")


def test_the_encoding_gets_the_names_of_tensors_and_indices(shipping):
    schema, _, _ = shipping
    facts = language_facts(schema, {name: "good" for name in schema.tensor_names}, ["<="])
    assert [f for f in facts if f[0] in ("tensor_name", "index_name")] == [
        ("index_name", 0, "f"), ("index_name", 1, "w"), ("tensor_name", 0, "W"), ("tensor_name", 1, "F"),
        ("tensor_name", 2, "demand"), ("tensor_name", 3, "production"), ("tensor_name", 4, "ship")]


def test_a_restriction_by_name_restricts_the_language(shipping, tmp_path):
    schema, instance, examples = shipping
    kinds = {name: "good" for name in schema.tensor_names}
    full = enumerate_language(schema, kinds)
    by_name = enumerate_language(schema, kinds, encoding=packaged_copy(tmp_path, "noprod.lp", add=NO_PRODUCTION))
    by_number = enumerate_language(schema, kinds, encoding=packaged_copy(
        tmp_path, "noprod_num.lp", add=":- use(_, _, t(P, _)), count(P, 3, C), C > 0.\n:- rhs(3, _).\n"))
    assert any("production" in c.tensors() for c in full)
    assert set(by_name) == set(by_number) == {c for c in full if "production" not in c.tensors()}
    assert len(by_name) == 104
    # names that are no ASP constant are strings; indices have names too
    capital = enumerate_language(schema, kinds, encoding=packaged_copy(tmp_path, "now.lp", add=(
        ':- rhs(T, _), tensor_name(T, "W").\n:- use(_, _, X), summed(X, I), index_name(I, f).\n')))
    assert {c for c in full if c.rhs != "W" and not any("f" in t.summed for t in c.terms)} == set(capital) != set(full)
    learned = Learner(max_terms=1, max_factors=1, encoding=packaged_copy(tmp_path, "noprod.lp", add=NO_PRODUCTION),
                      count_language=True).fit(schema, instance, examples)
    assert learned.result_.language == 104
    assert not any("production" in c.tensors() for c in learned.constraints_)
    assert any("production" in c.tensors() for c in Learner(max_terms=1, max_factors=1).fit(schema, instance, examples).constraints_)


@pytest.mark.parametrize("rule, name, where, kind", [
    (":- use(_, _, t(P, _)), count(P, production, C), C > 0.", "production", "argument 2 of count/3", "tensor"),
    (":- rhs(production, _).", "production", "argument 1 of rhs/2", "tensor"),
    (':- rhs("W", _).', "W", "argument 1 of rhs/2", "tensor"),
    (":- use(_, _, X), summed(X, w).", "w", "argument 2 of summed/2", "index"),
])
def test_a_name_where_the_encoding_has_a_number_is_refused(shipping, tmp_path, rule, name, where, kind):
    """Such a rule never matches: the restriction silently did nothing (128 candidates still)."""
    enc = packaged_copy(tmp_path, "named.lp", add=rule + "\n")
    line = encoding_path("ip_acquisition").read_text().count("\n") + 2
    result = learn(tmp_path, shipping[2], enc, "-s", "1", "-p", "1")
    assert_refused(result, f"{enc}:{line}:")
    article = "an" if kind == "index" else "a"
    number = "I" if kind == "index" else "T"
    shown = f'"{name}"' if name == "W" else name
    assert (f": {name} is the name of {article} {kind}, but {where} is {article} {kind}'s number (the encoding numbers "
            f"tensors and indices), so the rule never matches: write a variable there, say {number}, and add "
            f"{kind}_name({number}, {shown}) to the rule") in result.stderr


@pytest.mark.parametrize("rule, message", [
    (":- rhs(T, _), tensor_name(T, prodution).", "tensor_name(_, prodution) matches no tensor, so the rule never "
     'applies: the schema\'s tensor names are "W", "F", demand, production, ship'),
    (':- rhs(T, _), tensor_name(T, "production").', 'tensor_name(_, "production") matches no tensor, so the rule '
     "never applies: write it production"),
    (":- use(_, _, X), summed(X, I), index_name(I, ww).", "index_name(_, ww) matches no index"),
])
def test_a_name_that_is_no_tensor_or_index_of_the_schema_is_refused(shipping, tmp_path, rule, message):
    """A misspelt name in a restriction matched nothing: the rule silently did nothing."""
    enc = packaged_copy(tmp_path, "typo.lp", add=rule + "\n")
    line = encoding_path("ip_acquisition").read_text().count("\n") + 2
    result = learn(tmp_path, shipping[2], enc, "-s", "1", "-p", "1")
    assert_refused(result, f"{enc}:{line}:")
    assert message in result.stderr


def test_a_name_the_file_defines_as_a_number_is_accepted(shipping, tmp_path):
    enc = packaged_copy(tmp_path, "const.lp", add="#const production = 3.\n:- rhs(production, _).\n")
    result = learn(tmp_path, shipping[2], enc, "-s", "1", "-p", "1")
    assert result.exit_code == 0, result.output
    assert header_counts(result)[1] == 112  # 128 less the 16 candidates with production on the right


# -- ip_solve.lp: a copy for acquire solve -------------------------------------------------------------
def test_rules_added_at_the_end_of_a_solve_encoding_hold_for_every_solution(tmp_path):
    """The comment at the end of ip_solve.lp says which command reads a copy, and what holds."""
    text = encoding_path("ip_solve").read_text()
    assert "pyasp acquire solve --encoding FILE" in text
    capped = write(tmp_path, "is_cap.lp", text + "\n:- value(X, C, V), V > 30.\n")
    program = load_program(SHIP / "program.ip")
    instance = make_instance(program, json.loads((SHIP / "constants.json").read_text()))
    assert max(int(s["ship"].max()) for s in solve(program, instance, sample=10, seed=3).solutions) > 30
    for sample in (None, 5):
        found = solve(program, instance, sample=sample, seed=3, limit=3, encoding=capped).solutions
        assert found and all(int(s["ship"].max()) <= 30 for s in found)


@pytest.mark.parametrize("line, message", [
    ("value(ship, (9,9), 3).", "value(ship, (9, 9), 3) is no cell of ship (indices 1..3, 1..4)"),
    ("value(X, (1,1), 3) :- X = nosuch.", "value(nosuch, (1, 1), 3) names no variable of the program (ship)"),
    ("value(ship, (1,1), abc).", "value(ship, (1, 1), abc) is not a value of ship's domain 0..40"),
    ("value(ship, 1, 3).", "value(ship, 1, 3) is no cell of ship"),
    ("value(ship, (1,1), 999).", "value(ship, (1, 1), 999) is not a value of ship's domain 0..40"),
    ("value(ship, (1,1), 39).", "gives ship[1, 1] a second value"),
])
def test_a_solve_encoding_whose_models_are_no_solutions_is_refused(tmp_path, line, message):
    """A copy's value/3 atoms were read back unchecked: a traceback (IndexError, KeyError,
    ValueError) or, with exit 0, a "solution" with a value outside its domain or a row filled by
    broadcasting, which `acquire check` then said breaks the program."""
    enc = write(tmp_path, "v.lp", encoding_path("ip_solve").read_text() + "\n" + line + "\n")
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--encoding", enc)
    assert_refused(result, f"{enc}: a model's ")
    assert message in result.stderr


@pytest.mark.parametrize("rule, message", [
    (":- value(shipp, C, V), V > 15.", "value(shipp, _, _) matches no variable, so the rule never applies: the "
                                       "program's variable names are ship"),
    (':- value("ship", C, V), V > 15.', 'value("ship", _, _) matches no variable, so the rule never applies: write it ship'),
])
def test_a_misspelt_variable_in_a_solve_encoding_is_refused(tmp_path, rule, message):
    enc = write(tmp_path, "typo.lp", encoding_path("ip_solve").read_text() + "\n" + rule + "\n")
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--encoding", enc)
    assert_refused(result, f"{enc}:")
    assert message in result.stderr


def test_acquire_solve_reads_an_encoding_file_whatever_its_name_ends_in(tmp_path, monkeypatch):
    text = encoding_path("ip_solve").read_text()
    write(tmp_path, "capped.txt", text + "\n:- value(X, C, V), V > 30.\n")
    monkeypatch.chdir(tmp_path)
    capped = "capped.txt"  # no .lp, no folder: once taken for the name of a packaged encoding
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--sample", "3", "--seed", "3", "--json", "--encoding", capped)
    assert result.exit_code == 0, result.output
    solutions = json.loads(result.stdout)["solutions"]
    assert solutions and all(max(max(row) for row in s["ship"]) <= 30 for s in solutions)


def test_every_numbered_argument_the_name_check_knows_is_in_the_packaged_encoding():
    """check_names knows where the encoding holds numbers; an edit of the packaged file that
    renames one of those predicates must update the map, or the check goes quiet."""
    import re

    from pyasp.acquire.learn import NUMBERED_ARGUMENTS
    from pyasp.resources import encoding_path

    text = encoding_path("ip_acquisition").read_text()
    for name, arity in NUMBERED_ARGUMENTS:
        assert re.search(rf"\b{name}\(", text), f"{name}/{arity} is not in ip_acquisition.lp"


def test_weak_constraints_in_a_solve_encoding_are_warned_about(tmp_path):
    """acquire solve enumerates: a weak constraint a user adds to a copy changed nothing, silently."""
    enc = write(tmp_path, "m.lp", encoding_path("ip_solve").read_text() + "\n:~ value(ship, (1,1), V). [-V@0]\n")
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--encoding", enc)
    assert result.exit_code == 0, result.output
    assert "acquire solve enumerates solutions and does not optimise" in result.stderr
    assert result.stderr.startswith(f"pyasp: warning: {enc}:")
