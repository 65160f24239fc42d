"""Edited copies of encodings/equation_trees.lp (`--encoding FILE`): answer sets that are no
single-variable equation tree are errors of the encoding (exit 2, the file and what is wrong
named), and negative weights in a copy are listed and ranked like any other."""

from __future__ import annotations

import json

import pytest
from clitools import run, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import enumerate_trees
from pyasp.algebra.candidates import CLINGO_OPTIONS, generate_candidates, weight_names
from pyasp.algebra.ground import tree_facts
from pyasp.algebra.quantities import quantities_from_json
from pyasp.algebra.trees import EquationTree, tree_from_model
from pyasp.asp import Program
from pyasp.errors import InputError
from pyasp.resources import encoding_path

BIKE = [{"value": 17, "type": "dollar"}, {"value": 7, "type": "dollar"}, {"value": "x", "type": "hour"}, {"value": 80, "type": "dollar"}]
APPLES = [{"value": 3, "type": "apple"}, {"value": "x", "type": "apple"}, {"value": 12, "type": "apple"}]
CONTRACT = ("an equation-tree encoding shows one postfix sequence at(Position, Token), positions 1..L, "
            "with = once at the root and the unknown x exactly once")

SINGLE_USE = ":- quantity(Q), 2 { leaf(P, Q) }."
LEAF_COUNT = ":- size(K), not K { used(Q) : quantity(Q) } K."
UNKNOWN_USED = ":- unknown(Q), not used(Q)."
DIVISION_REWARD = "#const w_div = -5.\nviolation(division, w_div, P) :- op(P, div), w_div != 0.\n"


def packaged_copy(tmp_path, name: str, *remove: str, replace: tuple[str, str] | None = None, add: str = "") -> str:
    """A user's copy of the packaged encoding: some lines deleted, one replaced, rules added."""
    text = encoding_path("equation_trees").read_text()
    for line in remove:
        assert line in text, line
        text = text.replace(line, "% (removed)")
    if replace:
        assert replace[0] in text, replace[0]
        text = text.replace(*replace)
    return write(tmp_path, name, text + "\n" + add)


def candidates(tmp_path, quantities, encoding: str, *args: str):
    return run("algebra", "candidates", "-q", write(tmp_path, "q.json", quantities), "--encoding", encoding, *args)


def assert_refused(result, encoding: str, reason: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"pyasp: error: {encoding}: a model is not an equation tree ({reason}")
    assert result.stderr.rstrip().endswith(CONTRACT)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# -- answer sets that are no equation tree --------------------------------------------------------
def test_a_copy_that_lets_trees_leave_x_out_is_refused_not_answered(tmp_path):
    enc = packaged_copy(tmp_path, "et_nox.lp", UNKNOWN_USED)
    result = candidates(tmp_path, BIKE, enc, "--top", "5", "--allow-unused")
    # before: exit 0 with "17=7+80" ranked first and a made-up x = 10
    assert_refused(result, enc, "the unknown x occurs 0 times, once expected: postfix 17 7 80 + =")
    with pytest.raises(InputError, match=r"et_nox\.lp: a model is not an equation tree \(the unknown x occurs 0 times"):
        generate_candidates(quantities_from_json(BIKE), top=5, settings={"allow_unused": 1}, encoding=enc)


def test_a_copy_that_reuses_quantities_keeps_repeated_constants_but_refuses_x_twice(tmp_path):
    enc = packaged_copy(tmp_path, "et_reuse.lp", SINGLE_USE, LEAF_COUNT)
    first = candidates(tmp_path, APPLES, enc, "--top", "5", "--json")
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["candidates"][0] == {
        "equation": "3+3=x", "postfix": "3 3 + x =", "cost": 0, "violations": [], "answer": 6}
    # further down the ranking comes "x-3=x": before, a traceback (AttributeError in _value)
    more = candidates(tmp_path, APPLES, enc, "--top", "50")
    assert_refused(more, enc, "the unknown x occurs 2 times, once expected: postfix ")


def test_a_copy_whose_positions_do_not_start_at_1_is_refused(tmp_path):
    # shifting the shown positions kept the #show check happy; before, the same tree came back
    # 150 times, all dropped as "fractional", and the run ended in "no equation tree" (exit 1)
    enc = packaged_copy(tmp_path, "et_shift.lp", replace=("#show at/2.", "#show at(P+1, S) : at(P, S)."))
    result = candidates(tmp_path, BIKE, enc)
    assert_refused(result, enc, "the positions are 2, 3, 4, 5, 6, 7, 8, not 1..7: position 1 holds no symbol)")


def test_a_copy_with_optional_symbols_is_refused_at_its_first_gap(tmp_path):
    enc = packaged_copy(tmp_path, "et_emptymodel.lp", UNKNOWN_USED, LEAF_COUNT,
                        ":- last(L), not depth(L, 1).", ":- last(L), not at(L, eq).",
                        replace=("1 { at(P, S) : symbol(S) } 1 :- active(P).", "{ at(P, S) : symbol(S) } 1 :- active(P)."))
    result = candidates(tmp_path, BIKE, enc, "--top", "5")
    # before: the gaps were closed up and e.g. "17 7 =" (7 positions active) answered x = 17
    assert_refused(result, enc, "the positions are ")


SHOW = "\n#defined violation/3. #show at/2. #show violation/3.\n"


@pytest.mark.parametrize(
    "atoms, reason",
    [
        ("at(1, q(3)). at(2, q(1)). at(4, eq).", "the positions are 1, 2, 4, not 1..3: position 3 holds no symbol)"),
        ("at(0, q(3)). at(1, q(1)). at(2, eq).", "at/2 has position 0; positions are 1, 2, ..., L)"),
        ("at(a, q(3)). at(1, q(1)). at(2, eq).", "at/2 has position a; positions are 1, 2, ..., L)"),
        ("at(1, q(3)). at(2, q(1)). at(2, add). at(3, eq).", "position 2 holds 2 symbols, one expected: add, q(1))"),
        ("at(1, r(3)). at(2, q(1)). at(3, eq).", "at/2 names r(3), neither an operator nor a quantity)"),
        ("at(1, q(3)). at(2, q(1)). at(3, add).", "malformed postfix sequence (3, 1, 'add'): the root is +, not =)"),
        ("at(1, q(3)). at(2, add). at(3, eq).",
         "malformed postfix sequence (3, 'add', 'eq'): the + at position 2 has fewer than two operands)"),
        ("at(1, q(3)). at(2, q(1)). at(3, q(2)). at(4, eq).",
         "malformed postfix sequence (3, 1, 2, 'eq'): 2 values are left at the end, not one)"),
        ("at(1, q(1)). at(2, q(3)). at(3, eq). at(4, q(2)). at(5, eq).", "= occurs 2 times, once expected: postfix 17 x = 7 =)"),
        ("at(1, q(1)). at(2, q(2)). at(3, eq).", "the unknown x occurs 0 times, once expected: postfix 17 7 =)"),
        ("at(1, q(3)). at(2, q(1)). at(3, add). at(4, q(3)). at(5, eq).",
         "the unknown x occurs 2 times, once expected: postfix x 17 + x =)"),
    ],
)
def test_each_way_a_model_can_miss_being_a_tree_is_named(tmp_path, atoms, reason):
    enc = write(tmp_path, "mine.lp", atoms + SHOW)
    assert_refused(candidates(tmp_path, BIKE, enc), enc, reason)


def test_a_tree_with_x_twice_has_no_answer_to_make_up():
    qs = quantities_from_json(APPLES)
    with pytest.raises(ValueError, match="the unknown x occurs 2 times, once expected: postfix x 3 - x ="):
        EquationTree((2, 1, "sub", 2, "eq"), tuple(qs)).answer()
    with pytest.raises(ValueError, match="the unknown x occurs 0 times"):
        EquationTree((1, 3, "eq"), tuple(qs)).answer()
    assert EquationTree((1, 1, "add", 2, "eq"), tuple(qs)).answer() == 6  # a repeated constant is fine


# -- negative weights in a copy -------------------------------------------------------------------
def test_a_reward_in_a_copy_is_listed_so_the_cost_adds_up(tmp_path):
    enc = packaged_copy(tmp_path, "et_negdiv.lp", add=DIVISION_REWARD)
    result = candidates(tmp_path, BIKE, enc, "--top", "20", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["candidates"]
    weights = {name[2:]: int(value) for name, (value, _) in weight_names(enc).items() if name.startswith("w_")}
    weights["division"] = weights.pop("div")
    assert found[0]["equation"] == "17=7+(80/x)" and found[0]["cost"] == -3
    assert sorted(found[0]["violations"]) == ["division", "equality_next_to_unknown", "unknown_first_or_last"]
    for cand in found:  # before, "division" was left out: cost -3 next to two violations of weight 1
        assert sum(weights[v] for v in cand["violations"]) == cand["cost"], cand
    costs = [c["cost"] for c in found]
    assert costs == sorted(costs)


def test_a_packaged_weight_set_negative_in_a_copy_is_a_reward(tmp_path):
    """The packaged violations were guarded by `w_... > 0`: a copy that set w_symmetry to -5
    switched symmetry off instead of rewarding it, against the file's header."""
    enc = packaged_copy(tmp_path, "et_negsym.lp", replace=("#const w_symmetry = 1.", "#const w_symmetry = -5."))
    result = candidates(tmp_path, BIKE, enc, "--top", "5", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["candidates"]
    weights = {name[2:]: int(value) for name, (value, _) in weight_names(enc).items() if name.startswith("w_")}
    assert weights["symmetry"] == -5 and any("symmetry" in c["violations"] for c in found)
    for cand in found:
        assert sum(weights[v] for v in cand["violations"]) == cand["cost"], cand


QUANTITY = st.fixed_dictionaries({"value": st.sampled_from([1, 2, 3, 5, 12]), "type": st.sampled_from(["a", "b"])})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(QUANTITY, min_size=1, max_size=3), st.integers(0, 3), st.integers(-12, -1))
def test_negative_weights_rank_like_the_brute_force_enumerator(tmp_path, constants, x_at, reward):
    """Each tree's cost is the oracle's cost plus the reward per "/"; costs never decrease and
    the ranking yields the cheapest trees first (clingo's options as in generate_candidates)."""
    qs = quantities_from_json(constants[:x_at] + [{"value": "x", "type": "a"}] + constants[x_at:])
    enc = packaged_copy(tmp_path, "et_negdiv.lp", add=DIVISION_REWARD)
    expected = {p: c + reward * p.count("div") for p, c in enumerate_trees(qs, {"tie_break": 0}).items()}
    program = Program(enc, consts={"tie_break": 0, "w_div": reward}, options=CLINGO_OPTIONS).add_facts(tree_facts(qs))
    ranked = [tree_from_model(m, qs) for m in program.ranked_models(limit=40, project=[("at", 2)])]
    costs = [t.cost for t in ranked]
    assert costs == sorted(costs)
    assert all(expected[t.postfix_tokens] == t.cost for t in ranked)
    assert costs == sorted(expected.values())[: len(ranked)]
    assert all(t.violations.count("division") == t.postfix_tokens.count("div") for t in ranked)


# -- the settings' comments, as `pyasp algebra weights` shows them ---------------------------------
def test_the_weights_listing_says_how_unused_constants_and_type_choices_are_charged():
    meaning = {name: comment for name, (_, comment) in weight_names().items()}
    assert "w_unused*P/1000" in meaning["w_unused"] and "relevance" in meaning["w_unused"]
    assert "w_type_choice*(1000-P)/1000" in meaning["w_type_choice"]
    assert "Not 0" in meaning["allow_unused"]


def test_the_weights_listing_refuses_a_const_the_solver_would_refuse(tmp_path):
    """`algebra weights` listed `w_type  ten` while `algebra candidates` refused the same file."""
    enc = packaged_copy(tmp_path, "ten.lp", replace=("#const w_type = 10.", "#const w_type = ten."))
    result = run("algebra", "weights", "--encoding", enc)
    assert result.exit_code == 2, result.output
    assert "#const w_type = ten is not a number, but line" in result.stderr
