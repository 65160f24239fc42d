"""encodings/equation_trees.lp against an independent brute-force enumerator, and the candidates
a user gets from pyasp.algebra.candidates."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import enumerate_trees
from pyasp.algebra.candidates import generate_candidates
from pyasp.algebra.ground import tree_facts
from pyasp.algebra.quantities import Quantity, load_quantities, quantities_from_json
from pyasp.asp import Program
from pyasp.algebra.trees import tree_from_model
from pyasp.errors import InputError
from pyasp.resources import encoding_path

def clingo_tree_set(qs: list[Quantity], consts: dict) -> set[tuple]:
    """Postfix sequences of every tree the encoding accepts (projected enumeration, no ranking).

    The encoding's other #show lines are dropped so that large enumerations read back quickly.
    """
    text = re.sub(r"^#show.*$", "", encoding_path("equation_trees").read_text(), flags=re.M)
    prog = Program.from_text(text + "\n#show at/2.\n", consts=consts).add_facts(tree_facts(qs))
    found = [tree_from_model(m, qs).postfix_tokens for m in prog.all_models(projected=True)]
    assert len(found) == len(set(found)), "a projected tree was reported twice"
    return set(found)


def clingo_ranked(qs: list[Quantity], consts: dict, limit: int | None = None) -> list[tuple[tuple, int]]:
    """(postfix, cost) of the trees in the order ranked enumeration yields them."""
    prog = Program("equation_trees", consts=consts).add_facts(tree_facts(qs))
    return [
        (t.postfix_tokens, t.cost)
        for t in (tree_from_model(m, qs) for m in prog.ranked_models(limit=limit, project=[("at", 2)]))
    ]


TYPES = st.sampled_from(["a", "b", "c"])
WEIGHTED = st.lists(st.tuples(TYPES, st.integers(1, 10)), min_size=1, max_size=2, unique_by=lambda t: t[0])


@st.composite
def problems(draw, min_size=2, max_size=5, weighted=True):
    size = draw(st.integers(min_size, max_size))
    unknown = draw(st.integers(0, size - 1))
    items = []
    for i in range(size):
        value = "x" if i == unknown else draw(st.sampled_from([0, 1, 2, 3, 5, 12, "2.5"]))
        if weighted and draw(st.booleans()) and i != unknown:
            typ = [{"type": t, "weight": w} for t, w in draw(WEIGHTED)]
        else:
            typ = draw(TYPES)
        items.append({"value": value, "type": typ})
    return quantities_from_json(items)


def _compare(qs, consts, limit=None):
    # Tie-breaking (priorities below 0) only orders equal-cost trees; without it, ranking hands
    # back whole cost levels per solver call, which keeps exhaustive enumeration fast.
    consts = {"tie_break": 0, **consts}
    expected = enumerate_trees(qs, consts)
    # 1. the same trees under the hard constraints
    assert clingo_tree_set(qs, consts) == set(expected)
    # 2. the same cost for each tree, listed in nondecreasing cost, each tree once
    ranked = clingo_ranked(qs, consts, limit)
    costs = [c for _, c in ranked]
    assert costs == sorted(costs)
    assert len({p for p, _ in ranked}) == len(ranked)
    assert all(expected[p] == c for p, c in ranked)
    assert costs == sorted(expected.values())[: len(ranked)]
    if limit is None:
        assert len(ranked) == len(expected)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(max_size=4))
def test_encoding_accepts_exactly_the_brute_force_trees_with_their_costs(qs):
    _compare(qs, {})


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(min_size=5, max_size=5))
def test_encoding_matches_brute_force_on_five_quantities(qs):
    _compare(qs, {}, limit=300)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(max_size=5))
def test_tie_breaking_keeps_costs_and_makes_the_top_m_a_prefix_of_the_top_m_plus_k(qs):
    expected = enumerate_trees(qs)
    ranked = clingo_ranked(qs, {}, limit=40)
    assert [c for _, c in ranked] == sorted(expected.values())[: len(ranked)]
    assert all(expected[p] == c for p, c in ranked)
    # within a cost, trees come in postfix order: quantities (text order) before + - * / =
    def key(postfix):
        return [(0, t) if isinstance(t, int) else (1, ["add", "sub", "mul", "div", "eq"].index(t)) for t in postfix]

    for (p1, c1), (p2, c2) in zip(ranked, ranked[1:]):
        assert c1 < c2 or key(p1) < key(p2)
    few = [c.tree.postfix_tokens for c in generate_candidates(qs, top=3).candidates]
    more = [c.tree.postfix_tokens for c in generate_candidates(qs, top=8).candidates]
    assert more[: len(few)] == few


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    problems(max_size=4),
    st.fixed_dictionaries(
        {
            "max_depth": st.integers(2, 4),
            "allow_unused": st.integers(0, 1),
            "w_type": st.integers(0, 12),
            "w_text_order": st.integers(0, 3),
            "w_symmetry": st.integers(0, 3),
            "w_equality_first_or_last": st.integers(0, 12),
        }
    ),
)
def test_overridden_weights_and_bounds_match_brute_force(qs, consts):
    _compare(qs, consts)


def _independent_answer(tree) -> sympy.Expr:
    x = sympy.Symbol("x")
    solutions = sympy.solve(tree.sympy_equation(), x)
    assert len(solutions) == 1
    return solutions[0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(max_size=5))
def test_every_candidate_is_well_formed_and_evaluates_to_its_answer(qs):
    result = generate_candidates(qs, top=15)
    costs = [c.tree.cost for c in result.candidates]
    assert costs == sorted(costs)
    integers = all(q.value.denominator == 1 for q in qs if not q.is_unknown)
    for cand in result.candidates:
        leaves = [t for t in cand.tree.postfix_tokens if isinstance(t, int)]
        assert len(leaves) == len(set(leaves)) == len(qs)
        assert cand.tree.postfix_tokens[-1] == "eq" and cand.tree.postfix_tokens.count("eq") == 1
        assert cand.answer == _independent_answer(cand.tree)
        assert cand.answer >= 0
        if integers:
            assert cand.answer.q == 1
        # the equation text itself evaluates to its answer
        lhs, rhs = cand.tree.equation.split("=")
        env = {"x": Fraction(int(cand.answer.p), int(cand.answer.q))}
        as_fraction = re.sub(r"(\d+(?:\.\d+)?)", r"Fraction('\1')", lhs), re.sub(r"(\d+(?:\.\d+)?)", r"Fraction('\1')", rhs)
        assert eval(as_fraction[0], {"Fraction": Fraction}, env) == eval(as_fraction[1], {"Fraction": Fraction}, env)


def test_bike_example_ranks_17_plus_7x_equals_80_first_as_the_readme_shows(examples):
    """The README's `pyasp algebra candidates --quantities examples/algebra/bike.json --top 5`
    table, row by row (the default weights: lowWt 1, highWt 10)."""
    result = generate_candidates(load_quantities(examples / "algebra" / "bike.json"), top=5)
    assert [(c.tree.equation, c.answer, c.tree.cost, c.tree.postfix, list(c.tree.violations)) for c in result.candidates] == [
        ("17+(7*x)=80", 9, 2, "17 7 x * + 80 =", ["equality_next_to_unknown", "unknown_first_or_last"]),
        ("17=7+(80/x)", 8, 2, "17 7 80 x / + =", ["equality_next_to_unknown", "unknown_first_or_last"]),
        ("(17-7)*x=80", 8, 2, "17 7 - x * 80 =", ["equality_next_to_unknown", "unknown_first_or_last"]),
        ("x*(17-7)=80", 8, 2, "x 17 7 - * 80 =", ["equality_next_to_unknown", "symmetry"]),
        ("17+(x*7)=80", 9, 3, "17 x 7 * + 80 =", ["equality_next_to_unknown", "symmetry", "unknown_first_or_last"]),
    ]
    assert result.filtered == {"negative": 11, "fractional": 36, "no_solution": 0}
    assert not result.partial


def test_weight_override_changes_the_ranking():
    qs = quantities_from_json(
        [{"value": 17, "type": "dollar"}, {"value": 7, "type": "dollar"}, {"value": "x", "type": "hour"}, {"value": 80, "type": "dollar"}]
    )
    default = generate_candidates(qs, top=3)
    assert default.candidates[0].tree.equation == "17+(7*x)=80"
    # make "x is next to =" the dominant preference: the unknown must stand alone on one side
    moved = generate_candidates(qs, top=3, settings={"w_equality_next_to_unknown": 100})
    assert "x" in (moved.candidates[0].tree.equation.split("=")[0], moved.candidates[0].tree.equation.split("=")[1])
    # the cheapest trees with x alone beside "=" set the hours x equal to dollars: one type
    # violation at "=" (w_type = 10), far below 100
    assert [(c.tree.equation, c.tree.cost, tuple(c.tree.violations)) for c in moved.candidates] == [
        ("17+(7+80)=x", 10, ("type",)), ("17-(7-80)=x", 10, ("type",)), ("(17+7)+80=x", 10, ("type",))]


def test_negative_and_fractional_answers_are_filtered():
    qs = quantities_from_json([{"value": 3, "type": "a"}, {"value": 7, "type": "a"}, {"value": "x", "type": "a"}])
    result = generate_candidates(qs, top=50)
    assert result.filtered["negative"] > 0 and result.filtered["fractional"] > 0
    assert all(c.answer >= 0 and c.answer.q == 1 for c in result.candidates)
    # with a decimal constant, fractional answers are kept
    qs = quantities_from_json([{"value": "1.5", "type": "a"}, {"value": 7, "type": "a"}, {"value": "x", "type": "a"}])
    assert any(c.answer.q != 1 for c in generate_candidates(qs, top=50).candidates)


def test_allow_unused_adds_smaller_trees_after_the_complete_ones():
    qs = quantities_from_json([{"value": 4, "type": "a"}, {"value": 9, "type": "b"}, {"value": 2, "type": "a"},
                               {"value": "x", "type": "a"}])
    full = generate_candidates(qs, top=200)
    assert all(len([t for t in c.tree.postfix_tokens if isinstance(t, int)]) == 4 for c in full.candidates)
    some = generate_candidates(qs, top=200, settings={"allow_unused": 1})
    sizes = {len([t for t in c.tree.postfix_tokens if isinstance(t, int)]) for c in some.candidates}
    assert sizes == {3, 4}  # never "x = 4": a tree that leaves numbers out still computes something
    assert any("unused" in c.tree.violations for c in some.candidates)
    # with a single constant, "x = q" is the only tree there is
    lone = quantities_from_json([{"value": 4, "type": "a"}, {"value": "x", "type": "a"}])
    assert [c.tree.equation for c in generate_candidates(lone, top=5, settings={"allow_unused": 1}).candidates] == ["4=x", "x=4"]


def test_max_depth_bounds_the_stack():
    qs = quantities_from_json([{"value": v, "type": "a"} for v in (2, 3, 5, 7)] + [{"value": "x", "type": "a"}])
    deep = generate_candidates(qs, top=300, settings={"max_depth": 2})
    for cand in deep.candidates:
        depth, most = 0, 0
        for token in cand.tree.postfix_tokens:
            depth += 1 if isinstance(token, int) else -1
            most = max(most, depth)
        assert most <= 2


def test_a_users_encoding_replaces_the_packaged_one(tmp_path):
    text = encoding_path("equation_trees").read_text()
    # forbid division altogether
    custom = tmp_path / "no_division.lp"
    custom.write_text(text + "\n:- op(_, div).\n")
    qs = quantities_from_json([{"value": 12, "type": "a"}, {"value": 3, "type": "b"}, {"value": "x", "type": "a"}])
    result = generate_candidates(qs, top=100, encoding=custom)
    assert result.candidates
    assert all("div" not in c.tree.postfix_tokens for c in result.candidates)


def test_unknown_setting_is_rejected():
    qs = quantities_from_json([{"value": 1, "type": "a"}, {"value": "x", "type": "a"}])
    with pytest.raises(InputError, match="unknown setting 'w_nope'"):
        generate_candidates(qs, settings={"w_nope": 1})


TWELVE = [{"value": v, "type": t} for v, t in zip(range(2, 13), "abababababa")] + [{"value": "x", "type": "a"}]


def test_time_limit_marks_the_result_partial_and_keeps_the_trees_found():
    """100 trees of 12 quantities take far longer than the limit; the first comes at once (the
    limit bounds the search, not the grounding, in the Python API)."""
    result = generate_candidates(quantities_from_json(TWELVE), top=100, time_limit_s=2.0)
    assert result.partial
    assert 1 <= len(result.candidates) < 100
    costs = [c.tree.cost for c in result.candidates]
    assert costs == sorted(costs)
    for cand in result.candidates:  # each a whole tree whose equation holds for its answer
        assert sorted(t for t in cand.tree.postfix_tokens if isinstance(t, int)) == list(range(1, 13))
        lhs, rhs = cand.tree.equation.split("=")
        env = {"x": Fraction(int(cand.answer.p), int(cand.answer.q))}
        as_fraction = [re.sub(r"(\d+)", r"Fraction(\1)", side) for side in (lhs, rhs)]
        assert eval(as_fraction[0], {"Fraction": Fraction}, env) == eval(as_fraction[1], {"Fraction": Fraction}, env)


# -- sides and operations read from a number puzzle -------------------------------------------
def test_sides_and_operations_of_the_text_bound_every_candidate():
    plain = [{"value": "x", "type": "number"}, {"value": 7, "type": "number"}, {"value": 19, "type": "number"}]
    free = {c.tree.equation for c in generate_candidates(quantities_from_json(plain), top=200).candidates}
    assert {"x=7*19", "7+19=x", "x+7=19"} <= free
    read = [dict(plain[0], side=1), dict(plain[1], side=1, operation="add"), dict(plain[2], side=2)]
    found = generate_candidates(quantities_from_json(read), top=200).candidates
    assert found and all(c.answer == 12 for c in found)  # x+7=19, 7+x=19, 19=x+7, ...
    # "divided by 3": 3 is the divisor
    read = [{"value": "x", "type": "n", "side": 1}, {"value": 3, "type": "n", "side": 1, "operation": "div"},
            {"value": 5, "type": "n", "side": 2}]
    assert {c.answer for c in generate_candidates(quantities_from_json(read), top=200).candidates} == {15}


def test_every_number_of_the_statement_is_used():
    read = [{"value": "x", "type": "n", "side": 1}, {"value": 4, "type": "n", "side": 1, "operation": "add"},
            {"value": 2, "type": "n", "side": 1, "operation": "mul"}, {"value": 44, "type": "n", "side": 2}]
    found = generate_candidates(quantities_from_json(read), top=200, settings={"allow_unused": 1}).candidates
    assert found and all(len([t for t in c.tree.postfix_tokens if isinstance(t, int)]) == 4 for c in found)
    assert 20 in {c.answer for c in found}


@pytest.mark.parametrize("item, message", [
    ({"value": 3, "type": "n", "side": 3}, "side must be 1 or 2"),
    ({"value": 3, "type": "n", "operation": "times"}, "operation must be one of add, sub, mul, div"),
])
def test_a_bad_side_or_operation_is_named(item, message):
    with pytest.raises(InputError, match=message):
        quantities_from_json([{"value": "x", "type": "n"}, item])


def test_a_fraction_of_a_set_keeps_counts_whole():
    grapes = [{"value": 16, "type": "grape"}, {"value": 0.5, "type": "fraction"}, {"value": "x", "type": "grape"}]
    answers = {c.answer for c in generate_candidates(quantities_from_json(grapes), top=100).candidates}
    assert 8 in answers and sympy.Rational(31, 2) not in answers
    # an amount of a unit ("0.5 of a mile") may make the answer fractional, as before
    miles = [{"value": 16, "type": "mile"}, {"value": 0.5, "type": "mile"}, {"value": "x", "type": "mile"}]
    assert sympy.Rational(31, 2) in {c.answer for c in generate_candidates(quantities_from_json(miles), top=100).candidates}


# -- a fraction of a set multiplies that set ---------------------------------------------------
def test_a_fraction_of_a_set_multiplies_the_number_that_counts_the_set():
    """ "Peter had 50 dollars. He spent half of his money": 0.5 * 50, never 50 / 0.5 or 0.5 * x = 50."""
    money = [{"value": 50, "type": "dollar"}, {"value": 0.5, "type": "fraction", "whole": 1},
             {"value": "x", "type": "dollar"}]
    found = generate_candidates(quantities_from_json(money), top=200, settings={"allow_unused": 1}).candidates
    assert found and {c.answer for c in found} == {25}
    assert all("0.5" in c.tree.equation for c in found)  # the fraction is used


def test_a_comparison_counts_its_number_from_its_base():
    """ "Paul has 20 stickers. Rita has 8 fewer than Paul": 20 - 8, never 20 * 8 nor x - 8 = 20; when
    Paul's number is asked, x - 8 is the subtree."""
    stickers = [{"value": 20, "type": "sticker"}, {"value": 8, "type": "sticker", "operation": "sub", "whole": 1},
                {"value": "x", "type": "sticker"}]
    found = generate_candidates(quantities_from_json(stickers), top=200).candidates
    assert found and {c.answer for c in found} == {12}
    asked = [{"value": 8, "type": "sticker", "operation": "sub", "whole": 3}, {"value": 12, "type": "sticker"},
             {"value": "x", "type": "sticker"}]
    found = generate_candidates(quantities_from_json(asked), top=200).candidates
    assert found and {c.answer for c in found} == {20}


def test_a_fraction_times_an_amount_is_the_amount():
    """ "half a dozen eggs and then 12 more eggs": (0.5*12) is eggs, so adding 12 eggs breaks no type."""
    eggs = [{"value": 0.5, "type": "fraction"}, {"value": 12, "type": "egg"}, {"value": 12, "type": "egg"},
            {"value": "x", "type": "egg"}]
    costs = {c.tree.equation: c.tree.cost for c in generate_candidates(quantities_from_json(eggs), top=300).candidates}
    assert costs["x=(0.5*12)+12"] < costs["x=(0.5*12)*12"]


@pytest.mark.parametrize("whole", [2, 3, -1, True, "1"])
def test_a_bad_whole_is_named(whole):
    with pytest.raises(InputError, match="whole must be the number"):
        quantities_from_json([{"value": "x", "type": "n"}, {"value": 0.5, "type": "fraction", "whole": whole}])
