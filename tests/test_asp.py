"""pyasp.asp: ranked enumeration, time limits, statistics and clingo's errors as users see them."""

from __future__ import annotations

import re

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF

from pyasp.asp import AspError, Func, Program, check_encoding, fact, parse_constants, parse_term
from pyasp.errors import InputError, PyaspError
from pyasp.resources import encoding_path


def test_models_come_in_increasing_cost_with_ties_in_a_stable_order():
    prog = Program.from_text("{ p(1..4) } = 1. :~ p(X), X > 2. [1@0, X]  #show p/1.")
    models = list(prog.ranked_models())
    assert [m.atoms("p") for m in models] == [[(1,)], [(2,)], [(3,)], [(4,)]]
    assert [m.cost for m in models] == [(0,), (0,), (1,), (1,)]
    assert prog.stats.cost_levels == 2 and prog.stats.models == 4
    assert not prog.partial


def test_limit_cuts_inside_a_cost_level_and_same_input_gives_same_order():
    text = "{ p(1..6) } = 2. :~ p(X). [X@0, X]  #show p/1."
    first = [m.atoms("p") for m in Program.from_text(text).ranked_models(limit=5)]
    second = [m.atoms("p") for m in Program.from_text(text).ranked_models(limit=5)]
    assert first == second
    assert len(first) == 5
    assert first[0] == [(1,), (2,)]


def test_projection_yields_each_projected_model_once_with_its_cheapest_cost():
    # q is free: every p(X) has two completions; the cheaper one (no q) must be reported.
    text = "{ p(1..3) } = 1. { q }. :~ q. [5@0] :~ p(X). [X@0, X]  #show p/1. #show q/0."
    models = list(Program.from_text(text).ranked_models(project=[("p", 1)]))
    assert [(m.atoms("p"), m.cost) for m in models] == [([(1,)], (1,)), ([(2,)], (2,)), ([(3,)], (3,))]


def test_projection_onto_a_predicate_without_atoms_yields_one_model():
    # every model projects to the same empty set: one model, not a crash on the blocking nogood
    models = list(Program.from_text("{ a; b }. #show a/0. #show b/0.").ranked_models(project=[("c", 1)]))
    assert len(models) == 1


def test_priorities_order_lexicographically():
    text = "{ p(1..3) } = 1. :~ p(1). [1@2] :~ p(2). [5@1] :~ p(3). [9@1]  #show p/1."
    assert [m.atoms("p") for m in Program.from_text(text).ranked_models()] == [[(2,)], [(3,)], [(1,)]]


def test_time_limit_returns_best_so_far_and_says_partial():
    # A pigeon-hole style optimisation that clingo cannot finish in 0.3 s.
    text = """
    p(1..11). h(1..10).
    { in(P, H) : h(H) } = 1 :- p(P).
    :~ in(P, H), in(Q, H), P < Q. [1@0, P, Q]
    :~ in(P, H). [P * H \\ 7 @ 0, P, H]
    #show in/2.
    """
    prog = Program.from_text(text)
    models = list(prog.ranked_models(limit=3, time_limit_s=0.3))
    assert prog.partial
    # the first model comes at once (no hard constraint); proving it optimal does not
    assert len(models) == 1, "a search cut short must hand back its best model so far"
    (best,) = models
    assert not best.proven
    # its cost is what the weak constraints charge for its atoms: one per pair sharing a hole,
    # P*H mod 7 per pigeon
    placed = best.atoms("in")
    assert sorted(p for p, _ in placed) == list(range(1, 12))
    shared = sum(1 for p, h in placed for q, g in placed if h == g and p < q)
    assert best.cost == (shared + sum(p * h % 7 for p, h in placed),)


def test_statistics_are_reported():
    prog = Program.from_text("{ p(1..3) } = 1. :~ p(X). [X@0, X]  #show p/1.")
    list(prog.ranked_models(limit=1))
    stats = prog.stats.as_dict()
    assert stats["atoms"] > 0 and stats["rules"] > 0
    assert stats["ground_s"] >= 0 and stats["solve_s"] > 0
    assert stats["models"] == 1


def test_facts_from_python_values_round_trip():
    prog = Program.from_text("#show p/3.").add_facts([fact("p", 1, "dollar", "square feet"), ("p", 2, "x", (3, 4))])
    (model,) = list(prog.ranked_models())
    assert model.atoms("p", 3) == [(1, "dollar", "square feet"), (2, "x", (3, 4))]
    assert parse_term('f(q(3),"a\\"b",-2)') == Func("f", (Func("q", (3,)), 'a"b', -2))


@pytest.mark.parametrize(
    "text, what",
    [
        ("p(1).\nq(X) :- p(X)\nr.\n", "syntax error"),
        ("p(1).\n\nq(X, Y) :- p(X).\n", "unsafe"),
    ],
)
def test_a_broken_encoding_is_reported_with_file_line_and_what(tmp_path, text, what):
    bad = tmp_path / "bad.lp"
    bad.write_text(text)
    with pytest.raises(AspError) as err:
        Program(bad).ground()
    assert str(err.value).startswith(f"{bad}:3:")
    assert what in str(err.value)


def test_warnings_are_errors_in_strict_mode(tmp_path):
    enc = tmp_path / "warn.lp"
    enc.write_text("p(1).\nq(X) :- p(X), undefined_thing(X).\n")
    with pytest.raises(AspError) as err:
        Program(enc).ground()
    assert str(err.value).startswith(f"{enc}:2:")
    assert "undefined_thing" in str(err.value)
    assert list(Program(enc, strict=False).ranked_models()) != []


def test_missing_encoding_file_is_reported(tmp_path):
    with pytest.raises(InputError, match=re.escape(f"encoding file not found: {tmp_path / 'nope.lp'}")):
        Program(tmp_path / "nope.lp").ground()


def test_packaged_encoding_grounds_without_any_warning():
    assert encoding_path("equation_trees").is_file()
    prog = Program("equation_trees").add_facts(
        [("quantity", 1), ("quantity", 2), ("unknown", 2), ("type_option", 1, "a", 1000), ("type_option", 2, "a", 1000)]
    )
    prog.ground()
    assert prog.messages == []


# -- An independent oracle: python-sat's RC2 MaxSAT solver on the same weighted problems ---------

def _random_maxsat(rng: random.Random, n_vars: int):
    hard = [[rng.choice([1, -1]) * rng.randint(1, n_vars) for _ in range(3)] for _ in range(n_vars)]
    soft = [([rng.choice([1, -1]) * rng.randint(1, n_vars)], rng.randint(1, 9)) for _ in range(2 * n_vars)]
    return hard, soft


def _as_asp(hard, soft, n_vars):
    def lit(v):
        return f"v({v})" if v > 0 else f"not v({-v})"

    # only the variables that occur in a clause, as RC2 sees them
    used = sorted({abs(v) for clause in hard for v in clause} | {abs(clause[0]) for clause, _ in soft})
    lines = [f"{{ v({v}) }}." for v in used]
    lines += [":- " + ", ".join(lit(-v) for v in clause) + "." for clause in hard]
    lines += [f":~ {lit(-clause[0])}. [{w}@0, {i}]" for i, (clause, w) in enumerate(soft)]
    lines.append("#show v/1.")
    return "\n".join(lines)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=3, max_value=8))
def test_ranked_costs_agree_with_rc2_enumeration(seed, n_vars):
    hard, soft = _random_maxsat(random.Random(seed), n_vars)
    wcnf = WCNF()
    for clause in hard:
        wcnf.append(clause)
    for clause, w in soft:
        wcnf.append(clause, weight=w)
    used = {abs(v) for clause in hard for v in clause} | {abs(clause[0]) for clause, _ in soft}
    with RC2(wcnf) as rc2:
        rc2_costs, seen = [], set()
        for model in rc2.enumerate():
            # RC2 blocks whole assignments, variables outside every clause included: count each
            # assignment of the variables that occur once, as the ASP program does
            projected = frozenset(lit for lit in model if abs(lit) in used)
            if projected not in seen:
                seen.add(projected)
                rc2_costs.append(rc2.cost)
            if len(rc2_costs) == 12:
                break
    ours = [m.cost[0] for m in Program.from_text(_as_asp(hard, soft, n_vars)).ranked_models(limit=12)]
    assert ours == rc2_costs


def test_an_infinite_time_limit_is_no_limit():
    # clingo's wait(inf) returns at once; pyasp reads inf as "no limit", not as "cut short"
    prog = Program.from_text("{ p(1..3) } = 1. :~ p(X). [X@0]  #show p/1.")
    models = list(prog.ranked_models(limit=1, time_limit_s=float("inf")))
    assert not prog.partial and models[0].proven and models[0].atoms("p") == [(1,)]


def test_weights_that_overflow_clasp_are_a_clear_error():
    prog = Program.from_text("{ p }. :~ p. [2147483647@0] :~ p. [1@0, x]  #show p/0.")
    with pytest.raises(PyaspError, match="clingo cannot solve"):
        list(prog.ranked_models(limit=1))


# =================================================================================================
# Edited encodings: what clingo accepts but would silently change or drop (checked before solving)
# =================================================================================================

@pytest.mark.parametrize("text, message", [
    ("", "the encoding is empty"),
    ("p(1..3).\n:- p(X), X > cap.\n#show p/1.\n", "enc.lp:2:14: cap stands where a number must, but no #const defines it"),
    ("#const on = 1.\nq :- of = 1.\n#show q/0.\n", "enc.lp:2:6: of stands where a number must"),
    ("p(1..3).\n:~ p(X). [w_p@0, X]\n#show p/1.\n", "enc.lp:2:11: w_p stands where a number must"),
    ("#const cap = low.\np(1..3).\n:- p(X), X > cap.\n#show p/1.\n", "enc.lp:1: #const cap = low is not a number, but line 3 uses cap as one"),
    ("#const cap = 2.\n#const cap = 3.\n", "enc.lp:2: #const cap is defined twice (also on line 1)"),
    ("p(1).\n#show p/1.\n", "pyasp reads q/2 from the answer sets, but the encoding does not #show it"),
])
def test_an_edit_clingo_would_accept_silently_is_refused(tmp_path, text, message):
    path = tmp_path / "enc.lp"
    path.write_text(text)
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        check_encoding(path, needs=[("p", 1), ("q", 2)] if "q/2" in message else [("p", 1)])


def test_what_an_encoding_may_do_with_names_and_constants(tmp_path):
    path = tmp_path / "enc.lp"
    # a symbol compared for (in)equality, a part's parameter, a constant given by -c, two #const on one line
    path.write_text("#const a = 1. #const b = 2.  % two\n#program step(k).\nq(k + a).\n#program base.\n"
                    "p(O) :- o(O), O != q.\n:- p(X), X > lim.\n#show p/1.\n")
    check_encoding(path, consts={"lim": 3}, needs=[("p", 1)])
    assert parse_constants(path) == {"a": ("1", ""), "b": ("2", "")}
    with pytest.raises(InputError, match="lim stands where a number must"):
        check_encoding(path, needs=[("p", 1)])
    for name in ("equation_trees", "support_graph", "ip_acquisition", "ip_solve", "knowledge"):
        check_encoding(encoding_path(name))  # the packaged encodings pass their own check


def test_an_undefined_constant_is_caught_before_solving(tmp_path):
    edited = tmp_path / "edited.lp"
    edited.write_text(encoding_path("equation_trees").read_text().replace("#const w_symmetry = 1.", ""))
    with pytest.raises(InputError, match="w_symmetry stands where a number must"):
        Program(edited).ground()


def test_enumeration_streams_distinct_models_and_leaves_optimisation_as_it_was():
    prog = Program.from_text("{ a(1..4) }. b :- a(1). :~ a(X). [-X@0, X] #show a/1.")
    models = list(prog.enumerate_models())
    assert len(models) == 16 and len({m.texts for m in models}) == 16  # b is hidden: no duplicates
    assert len(list(prog.enumerate_models(3))) == 3
    best, partial = prog.optimal_models()  # the same program optimises again afterwards
    assert not partial and [m.cost for m in best] == [(-10,)]


def test_a_part_grounded_later_is_checked_as_the_base_part(tmp_path):
    """A misspelt predicate in a #program part that is grounded later (acquire's floor and prune
    parts) is refused as one in the base part is, with the hint that pyasp refuses warnings."""
    path = tmp_path / "parts.lp"
    path.write_text("p(1..3). #show p/1. #defined q/1.\n#program later(k).\nq(k) :- p(k), typo(k).\n#show q/1.\n")
    program = Program(str(path))
    program.ground()
    with pytest.raises(AspError) as caught:
        program.extend([("later", [1])])
    message = str(caught.value)
    assert f"{path}:3:" in message and "typo(" in message and "pyasp refuses an encoding clingo warns about" in message


def test_clingo_messages_read_as_the_rule_was_written(tmp_path):
    path = tmp_path / "unsafe.lp"
    path.write_text("bar(1).\nfoo(X) :- not bar(X).\n#show foo/1.\n")
    with pytest.raises(AspError) as caught:
        Program(str(path)).ground()
    assert "unsafe variables in: foo(X):-not bar(X)." in str(caught.value) and "#inc_" not in str(caught.value)
    path.write_text("p.\n#script (python)\ndef f(): pass\n#end.\n#show p/0.\n")
    try:  # clingo's wheels have no Python scripting: its refusal names the place once
        models = list(Program(str(path)).ranked_models())
    except AspError as error:
        assert str(error).startswith(f"{path}:2:1: error: ") and "clingo: error" not in str(error), str(error)
    else:  # a clingo with Python scripting runs the script: the program is read as written
        assert [m.texts for m in models] == [("p",)]


def test_a_constants_comment_goes_on_in_indented_comment_lines(tmp_path):
    path = tmp_path / "w.lp"
    path.write_text("#const a = 1.   % first line\n                % and the second\n#const b = 2.   % alone\n"
                    "% not part of b's\np(a, b). #show p/2.\n")
    constants = parse_constants(path)
    assert constants["a"][1] == "first line and the second" and constants["b"][1] == "alone"


def test_a_rule_without_a_body_reads_without_the_part_atom():
    from pyasp.asp import _PART_BODY

    assert _PART_BODY.sub("", "foo(X):-[#inc_base].") == "foo(X)."
    assert _PART_BODY.sub("", "a:-[#inc_base];b;c.") == "a:-b;c."


def test_a_later_parts_error_is_reported_not_an_older_warning():
    program = Program.from_text("p(1). q(X) :- p(X), typo(X). #show q/1.", strict=False)
    program.ground()
    with pytest.raises(AspError) as caught:
        program.extend([], ["r(("])
    assert "typo" not in str(caught.value)


def test_a_program_enumerates_once_and_takes_facts_before_grounding():
    prog = Program.from_text("{ p(1..3) } = 1. :~ p(X). [X@0, X]  #show p/1.")
    assert [m.atoms("p") for m in prog.ranked_models(limit=2)] == [[(1,)], [(2,)]]
    with pytest.raises(InputError, match="ranked_models runs once on a program"):
        list(prog.ranked_models(limit=1))  # it would go on from the blocked models: (3,), not the optimum
    with pytest.raises(InputError, match="grounded already"):
        prog.add_facts([("p", 4)])


@pytest.mark.parametrize("text, message", [
    ("p(1).\nq(ä) :- p(1).\n", ':2:3: "ä" is not a character clingo reads outside strings and comments'),
    ("\ufeffp(1).\n", ":1:1: the file starts with a byte-order mark (BOM)"),
])
def test_a_character_clingo_cannot_take_is_refused_before_clingo_sees_it(tmp_path, text, message):
    """clingo's message about it cuts the character in two, which its Python logger cannot
    decode: a traceback and "PANIC", not an error."""
    path = tmp_path / "enc.lp"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(message)):
        list(Program(path, strict=False).ranked_models())


def test_non_ascii_in_strings_and_comments_is_read(tmp_path):
    path = tmp_path / "enc.lp"
    path.write_text('% comment ä\np("é"). %* blöck\n ä *%\nq :- p(_).\n', encoding="utf-8")
    (model,) = list(Program(path, strict=False).ranked_models())
    assert model.atoms("p") == [("é",)] and model.atoms("q") == [()]
    from pyasp.asp import _check_ascii

    _check_ascii(str(path), "#script (python)\nname = 'naïve'\n#end.\np.\n")  # embedded code is handed on as it is
