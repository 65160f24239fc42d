"""IP acquisition (ARNOLD) as a user meets it: the constraint DSL, the candidate language, the
learner and its pruning, solving, simplification, bad input and the ``pyasp acquire`` commands.

Brute-force oracles (the language, evaluation by loops, all assignments) are in acquire_oracle.py.
"""

from __future__ import annotations

import importlib
import itertools
import json
import random
from pathlib import Path

import numpy as np
import pytest
from acquire_oracle import all_assignments, constraint_key, freeze, holds, language, satisfies
from clitools import run, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyasp.acquire.data import check_examples, make_instance
from pyasp.acquire.dsl import (
    Constraint,
    ConstraintsError,
    IndexDecl,
    Program,
    TensorDecl,
    Term,
    format_program,
    load_program,
    parse_program,
)
from pyasp.acquire.evaluate import accepts
from pyasp.acquire.learn import (
    Learner,
    TensorEvaluator,
    enumerate_language,
    most_specific,
    specializes,
    tensor_kinds,
    term_geq,
    term_geq_matrix,
)
from pyasp.acquire.simplify import drop_entailed
from pyasp.acquire.solve import TooLarge, solve
from pyasp.errors import InputError
from pyasp.resources import encoding_path

ROOT = Path(__file__).resolve().parent.parent
ACQ = ROOT / "examples" / "acquire"
SHIP = ACQ / "shipping"
EXAMPLE_DIRS = sorted(p.parent for p in ACQ.glob("*/program.ip"))


def _values(instance, example) -> dict:
    """Constants and one example's variables by name (for the loop oracle)."""
    return {**instance.constants, **example}


@pytest.fixture(scope="module")
def shipping():
    """The true shipping program, its instance, and 55 distinct sampled solutions."""
    program = load_program(SHIP / "program.ip")
    instance = make_instance(program, json.loads((SHIP / "constants.json").read_text()))
    solutions = solve(program, instance, sample=55, seed=1).solutions
    assert len(solutions) == 55
    return program, instance, solutions


# =================================================================================================
# 1. The DSL
# =================================================================================================
def test_every_example_directory_has_a_program():
    assert len(EXAMPLE_DIRS) >= 5
    assert SHIP in EXAMPLE_DIRS


@pytest.mark.parametrize("folder", EXAMPLE_DIRS, ids=lambda p: p.name)
def test_example_programs_print_and_parse_back(folder):
    path = folder / "program.ip"
    program = load_program(path)
    text = path.read_text()
    relation_lines = [k for k, line in enumerate(text.splitlines(), start=1)
                      if ("<=" in line or ">=" in line) and not line.lstrip().startswith("%")]
    assert len(program.constraints) == len(relation_lines)
    assert [c.line for c in program.constraints] == relation_lines
    printed = format_program(program)
    again = parse_program(printed)
    assert again == program
    assert format_program(again) == printed
    # declarations printed once more: only the constraints, read against the schema
    bare = parse_program(format_program(program, declarations=False), schema=program.with_constraints(()))
    assert bare == program
    # the constants fit the declarations
    instance = make_instance(program, json.loads((folder / "constants.json").read_text()))
    assert set(instance.constants) == {t.name for t in program.constants}


def test_parsed_constraint_reads_as_written():
    """``Program.text`` gives a constraint read from text as it was written; the printer
    (``format_program``) writes the canonical form, which reads back as the same program."""
    program = parse_program("index i = 1..3; index j = 1..2; const c[i]; var x[i,j] in 0..5;\n"
                            "sum[j] x[i,j] >= c[i];\n-x[i,j] - x[i,j] <= -1;\n0 <= x[i,j];")
    ge, neg, zero = program.constraints
    assert ge == Constraint.of(neg=[Term.of(["x"], ["j"])], rhs="c", rhs_negated=True)
    assert program.text(ge) == "sum[j] x[i,j] >= c[i]"
    assert neg == Constraint.of(neg=[Term.of(["x"]), Term.of(["x"])], rhs=-1)
    assert program.text(neg) == "-x[i,j] - x[i,j] <= -1"
    assert zero == Constraint.of(rhs="x")
    assert [c.line for c in program.constraints] == [2, 3, 4]
    assert format_program(program, declarations=False).splitlines() == [
        "sum[j] x[i,j] >= c[i];", "x[i,j] + x[i,j] >= 1;", "0 <= x[i,j];"]


# -- a hypothesis property: random well-formed programs print and parse back --------------------
KEYWORDS = {"index", "const", "var", "sum", "in"}
TRICKY_NAMES = ["index1", "indexes", "constant", "variable", "vars", "summ", "sum_x", "in_", "inx", "invar",
                "Index", "IN", "_", "x1", "x_1"]
NAME = st.one_of(st.sampled_from(TRICKY_NAMES),
                 st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,5}", fullmatch=True)).filter(lambda s: s not in KEYWORDS)


@st.composite
def programs(draw) -> Program:
    n_idx = draw(st.integers(1, 2))
    n_tensors = draw(st.integers(2, 4))
    names = draw(st.lists(NAME, min_size=n_idx + n_tensors + 1, max_size=n_idx + n_tensors + 1, unique=True))
    index_names, tensor_names, size_name = names[:n_idx], names[n_idx:-1], names[-1]
    sized_by_constant = draw(st.booleans())
    indices = [IndexDecl(name, size_name if (sized_by_constant and k == 0) else draw(st.integers(1, 40)))
               for k, name in enumerate(index_names)]
    tensors = [TensorDecl(size_name, (), False)] if sized_by_constant else []
    for name in tensor_names:
        order = draw(st.permutations(index_names))
        own = tuple(order[: draw(st.integers(0, n_idx))])
        variable = draw(st.booleans())
        domain = None
        if variable and draw(st.booleans()):
            low = draw(st.integers(-50, 50))
            domain = (low, draw(st.integers(low, low + 60)))
        tensors.append(TensorDecl(name, own, variable, domain))
    idx_of = {t.name: set(t.indices) for t in tensors}
    usable = [t.name for t in tensors]
    constraints = []
    for _ in range(draw(st.integers(0, 4))):
        pos, neg, free = [], [], None
        for _ in range(draw(st.integers(0, 3))):
            factors = draw(st.lists(st.sampled_from(usable), min_size=1, max_size=3))
            used = set().union(*(idx_of[f] for f in factors))
            if free is None:
                summed = draw(st.sets(st.sampled_from(sorted(used)))) if used else set()
                free = used - summed
            elif not free <= used:
                continue  # this term could not leave the same indices free
            (pos if draw(st.booleans()) else neg).append(Term.of(factors, used - free))
        if draw(st.booleans()):
            rhs = draw(st.integers(-30, 30))
        else:
            rhs = draw(st.sampled_from(usable))
        constraints.append(Constraint.of(pos, neg, rhs, draw(st.booleans())))
    return Program(tuple(indices), tuple(tensors), tuple(constraints))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_programs_print_and_parse_back(program):
    text = format_program(program)
    again = parse_program(text)
    assert again == program, text
    assert format_program(again) == text
    bare = format_program(program, declarations=False)
    assert parse_program(bare, schema=program.with_constraints(())) == program


# -- errors: where and what ------------------------------------------------------------------------
DSL_ERRORS = [
    # was: 3:1, 'unexpected "x": expected ";"' (under the next line's first word)
    ("missing semicolon", "index i = 1..2;\nvar x[i] in 0..3\nx[i] <= 2;", 2, 17,
     ['expected ";" at the end of this line (found "x" on line 3)']),
    ("missing semicolon before a comment", "index i = 1..2;\nvar x[i] in 0..3  % x\n\n% the bound\nx[i] <= 2;", 2, 17,
     ['expected ";" at the end of this line (found "x" on line 5)']),
    ("missing semicolon at the end", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= 2", 3, 10, ['unexpected end of file: expected ";"']),
    ("== for =", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] == 2;", 3, 7, ['unexpected "="', "the relations are <=, >= and ="]),
    ("strict <", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] < 2;", 3, 6, ["x < c for integers is x <= c - 1"]),
    ("unicode >=", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] \u2265 2;", 3, 6, ["write >= in ASCII"]),
    ("a decimal number", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= 2.5;", 3, 10, ["numbers are integers"]),
    ("a comment of another language", "index i = 1..2;\n# the bound\nvar x[i] in 0..3;", 2, 1,
     ['unexpected "#"', 'a comment starts with "%"']),
    ("a keyword as a name", "index i = 1..2;\nconst sum;", 2, 7, ['unexpected "sum"', "sum is a keyword of the language"]),
    ("a misspelt tensor", "index i = 1..2;\nvar x[i] in 0..3;\nconst cap;\nx[i] <= capp;", 4, 9,
     ["unknown tensor capp; is it cap?"]),
    ("a sum over an undeclared index", "index i = 1..2;\nvar x[i] in 0..3;\nsum[j] x[i] <= 2;", 3, 1,
     ["sum over j, which is not a declared index (declared: i)"]),
    ("a sum over a misspelt index", "index item = 1..2;\nvar x[item] in 0..3;\nsum[itme] x[item] <= 2;", 3, 1,
     ["sum over itme, which is not a declared index; is it item?"]),
    ("dangling <=", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <=;", 3, 8, ['unexpected ";"', "a name", "a number"]),
    ("stray character", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= 2 $;", 3, 11, ['unexpected "$"']),
    ("scalar tensor on the left", "index v = 1..3; index c = 1..2; const V; var x[v,c] in 0..1;\nsum[v] 2*x[v,c] - V <= -1;",
     2, 1, ["same free indices ({} vs {c})", "V has none: a tensor without indices goes on the right-hand side"]),
    ("stray no-break space", "index i = 1..2;\u00a0var x[i] in 0..3;", 1, 16, ["unexpected U+00A0 NO-BREAK SPACE"]),
    ("terms on the right", "index i = 1..2;\nconst c[i];\nvar x[i] in 0..3;\nx[i] <= c[i] + 1;", 4, 14,
     ['unexpected "+"', "the right-hand side is one tensor, its negation or an integer"]),
    ("undeclared index", "index i = 1..2;\nvar x[j] in 0..3;", 2, 7,
     ["tensor x uses index j, which is not declared"]),
    ("unknown tensor", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= y[i];", 3, 9, ["unknown tensor y"]),
    ("unknown tensor in a term", "index i = 1..2;\nvar x[i] in 0..3;\n  x[i] + y[i] <= 3;", 3, 10,
     ["unknown tensor y"]),
    ("used before its declaration", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= c;\nconst c;", 3, 9,
     ["c is used before its declaration (line 4)"]),
    ("undeclared index in a use", "index i = 1..2;\nvar x[i] in 0..3;\nx[j] <= 2;", 3, 3,
     ["j is not a declared index (x is declared as x[i])"]),
    ("an index declared after its tensor", "var x[i] in 0..3;\nindex i = 1..2;", 1, 7,
     ["tensor x uses index i before its declaration (line 2)"]),
    ("an index as a tensor", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= i;", 3, 9,
     ["i is an index, not a tensor"]),
    ("wrong index order", "index i = 1..2;\nindex j = 1..2;\nvar x[i,j] in 0..3;\nx[j,i] <= 2;", 4, 1,
     ["x is declared as x[i,j]", "in that order"]),
    ("indices left out", "index i = 1..2;\nvar x[i] in 0..3;\nx <= 2;", 3, 1, ["x is declared as x[i]"]),
    ("indices on a scalar", "index i = 1..2;\nvar x[i] in 0..3;\nconst c;\nx[i] <= c[i];", 4, 9,
     ["c is declared as c;"]),
    ("different free indices", "index i = 1..2;\nindex j = 1..2;\nvar x[i] in 0..3;\nvar y[j] in 0..3;\nx[i] + y[j] <= 2;",
     5, 1, ["the terms of a constraint must have the same free indices ({i} vs {j})"]),
    ("sum over a missing index", "index i = 1..2;\nindex j = 1..2;\nvar x[i] in 0..3;\nsum[j] x[i] <= 2;", 4, 1,
     ["sum over j, but no tensor of the term has index j"]),
    ("index declared twice", "index i = 1..2;\nindex i = 1..3;", 2, 7, ["index i is declared twice"]),
    ("tensor declared twice", "index i = 1..2;\nvar x[i] in 0..3;\nconst x[i];", 3, 7, ["tensor x is declared twice"]),
    ("tensor named like an index", "index i = 1..2;\nconst i;", 2, 7, ["i is already the name of an index"]),
    ("index named like a tensor", "const n;\nindex n = 1..n;", 2, 7, ["n is already the name of a tensor"]),
    ("const with a domain", "index i = 1..2;\nconst c[i] in 0..3;", 2, 12, ["constant c cannot have a domain"]),
    ("empty domain", "index i = 1..2;\nvar x[i] in 3..1;", 2, 10, ["the domain of x is empty (3..1)"]),
    ("empty index", "index i = 1..0;", 1, 14, ["index i needs at least one value"]),
    ("index not from 1", "index i = 0..3;", 1, 11, ["index i must start at 1"]),
    ("repeated tensor index", "index i = 1..2;\nvar x[i,i] in 0..3;", 2, 6, ["tensor x repeats an index"]),
    # integers beyond 2**62, as constants and examples: before, a right side of 2**63 ended `check`
    # with a traceback (OverflowError), exit 1
    ("right side beyond 2**62", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= 9223372036854775808;", 3, 9,
     ["9223372036854775808 is too large (integers up to 2**62"]),
    ("negative right side beyond 2**62", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= -99999999999999999999;", 3, 10,
     ["99999999999999999999 is too large"]),
    ("coefficient beyond 2**62", "index i = 1..2;\nvar x[i] in 0..3;\n3000000000*3000000000*x[i] <= 3;", 3, 12,
     ["the coefficient of this term is too large"]),
    ("domain beyond 2**62", "var x in 0..99999999999999999999;", 1, 13, ["99999999999999999999 is too large"]),
    ("index size beyond 2**62", "index i = 1..99999999999999999999;", 1, 14, ["is too large"]),
]


@pytest.mark.parametrize("text, line, column, fragments", [c[1:] for c in DSL_ERRORS], ids=[c[0] for c in DSL_ERRORS])
def test_dsl_errors_name_line_column_and_problem(text, line, column, fragments):
    with pytest.raises(ConstraintsError) as caught:
        parse_program(text, "model.ip")
    error = caught.value
    assert (error.line, error.column) == (line, column), str(error)
    first = str(error).splitlines()[0]
    assert first.startswith(f"model.ip:{line}:{column}: ")
    for fragment in fragments:
        assert fragment in first


@pytest.mark.parametrize("text", [
    "const c;\nvar n in 0..4;\nindex i = 1..n;",  # a variable
    "index j = 1..2;\nconst n[j];\nindex i = 1..n;",  # not a scalar
    "const c;\n\nindex i = 1..n;",  # not declared at all
])
def test_index_size_must_name_a_scalar_constant(text):
    with pytest.raises(ConstraintsError) as caught:
        parse_program(text, "model.ip")
    assert "index i has size n, which is not a declared scalar constant" in str(caught.value)
    assert str(caught.value).startswith("model.ip:")


def test_index_size_error_points_at_the_index_declaration():
    with pytest.raises(ConstraintsError) as caught:
        parse_program("const c;\nvar n in 0..4;\nindex i = 1..n;", "model.ip")
    assert caught.value.line == 3


def test_load_program_errors_name_the_file(tmp_path):
    path = tmp_path / "broken.ip"
    path.write_text("index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= q;\n")
    with pytest.raises(ConstraintsError) as caught:
        load_program(path)
    assert str(caught.value).startswith(f"{path}:3:9: unknown tensor q")
    result = run("acquire", "solve", str(path), "--constants", write(tmp_path, "c.json", {}))
    assert result.exit_code == 2
    assert f"{path}:3:9: unknown tensor q" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


# =================================================================================================
# 2. The language: complete and without repeats
# =================================================================================================
SCHEMA_A = ("index i = 1..2; const c[i]; const b; var x[i];", {"c": "good", "b": "bad", "x": "ugly"})
SCHEMA_B = ("index i = 1..2; index j = 1..3; const d[j]; var y[i,j] in 0..1; var z in -2..2;",
            {"d": "good", "y": "bad", "z": "signed"})


def _oracle_tensors(program: Program) -> dict:
    return {t.name: (t.indices, t.variable) for t in program.tensors}


@pytest.mark.parametrize("schema, kinds", [SCHEMA_A, SCHEMA_B], ids=["one-index", "two-indices"])
@pytest.mark.parametrize("s, p", [(1, 1), (1, 2), (2, 1)])
@pytest.mark.parametrize("negation, directions", [(True, ("<=", ">=")), (False, ("<=",)), (True, (">=",))],
                         ids=["both", "plain<=", "only>="])
def test_language_matches_brute_force(schema, kinds, s, p, negation, directions):
    program = parse_program(schema)
    got = enumerate_language(program, kinds, max_terms=s, max_factors=p, negation=negation, directions=directions)
    assert len(got) == len(set(got)), "a candidate came out twice"
    keys = [constraint_key(c) for c in got]
    assert len(keys) == len(set(keys))
    want = language(_oracle_tensors(program), max_terms=s, max_factors=p, negation=negation, directions=directions)
    missing, extra = want - set(keys), set(keys) - want
    assert not missing and not extra, f"missing {sorted(missing, key=repr)[:5]}, extra {sorted(extra, key=repr)[:5]}"


@pytest.mark.parametrize("schema, kinds", [SCHEMA_A, SCHEMA_B], ids=["one-index", "two-indices"])
def test_canonical_order_only_removes_permutations(schema, kinds):
    program = parse_program(schema)
    for s, more in [(1, False), (2, True)]:
        canonical = enumerate_language(program, kinds, max_terms=s, max_factors=1)
        loose = enumerate_language(program, kinds, max_terms=s, max_factors=1, canonical=False)
        assert set(loose) == set(canonical)
        assert (len(loose) > len(canonical)) is more
        if not more:
            assert len(loose) == len(canonical)


# =================================================================================================
# 3. Pruning is sound; the learned constraints hold; specialisation is monotone on data
# =================================================================================================
PLANTED = [
    ("index i = 1..3; const c[i]; var x[i] in 0..3; var t in 0..8; x[i] <= c[i]; sum[i] x[i] <= t;",
     {"c": [1, 2, 3]}),
    ("index i = 1..3; index j = 1..2; const d[j]; var y[i,j] in 0..1; sum[i] y[i,j] <= d[j]; sum[j] y[i,j] >= 1;",
     {"d": [2, 2]}),
]


@pytest.mark.parametrize("text, constants", PLANTED, ids=["ugly", "bad"])
@pytest.mark.parametrize("s, p", [(1, 1), (1, 2), (2, 1)])
def test_pruning_keeps_what_the_plain_search_keeps(text, constants, s, p):
    program = parse_program(text)
    schema = program.with_constraints(())
    instance = make_instance(program, constants)
    pool = solve(program, instance, sample=12, seed=5).solutions
    assert len(pool) >= 6
    rng = random.Random(100 * s + p)
    for _ in range(2):
        train = rng.sample(pool, rng.randint(1, len(pool)))
        pruned = Learner(max_terms=s, max_factors=p, prune=True).fit(schema, instance, train)
        plain = Learner(max_terms=s, max_factors=p, prune=False).fit(schema, instance, train)
        every = Learner(max_terms=s, max_factors=p, prune=True, prune_terms=s).fit(schema, instance, train)
        assert pruned.constraints_ == plain.constraints_ == every.constraints_
        assert every.result_.visited <= pruned.result_.visited
        assert pruned.result_.violated > 0
        assert pruned.result_.visited < plain.result_.visited
        assert not pruned.result_.partial
        for c in pruned.constraints_:
            for example in train:
                assert holds(schema, instance.sizes, _values(instance, example), c), schema.text(c)
        # every candidate the examples satisfy is learned or generalises a learned one
        evaluator = TensorEvaluator(instance, check_examples(instance, train))
        learned = set(pruned.constraints_)
        for c in enumerate_language(schema, pruned.kinds_, max_terms=s, max_factors=p):
            if evaluator.holds(c) and c not in learned:
                assert any(specializes(d, c, pruned.kinds_) for d in learned), schema.text(c)


@pytest.mark.parametrize("text, constants", PLANTED, ids=["ugly", "bad"])
def test_a_specialisation_of_a_violated_candidate_is_violated(text, constants):
    program = parse_program(text)
    schema = program.with_constraints(())
    instance = make_instance(program, constants)
    rows = check_examples(instance, solve(program, instance, sample=10, seed=11).solutions)
    kinds = tensor_kinds(instance, rows)
    candidates = enumerate_language(schema, kinds, max_terms=2, max_factors=1)
    evaluator = TensorEvaluator(instance, rows)
    ok = {c: evaluator.satisfied(c) for c in candidates}
    groups: dict = {}
    for c in candidates:
        groups.setdefault((repr(c.rhs), c.rhs_negated), []).append(c)
    rng = random.Random(3)
    checked = 0
    for members in groups.values():
        pairs = list(itertools.permutations(members, 2))
        for c2, c1 in rng.sample(pairs, min(len(pairs), 1500)):
            if specializes(c2, c1, kinds):
                checked += 1
                # every example that violates c1 violates c2
                assert not np.any(~ok[c1] & ok[c2]), f"{schema.text(c2)} specialises {schema.text(c1)}"
    assert checked > 50


@pytest.mark.parametrize("kinds", [
    {"y": "bad", "z": "ugly", "d": "good", "e": "signed"},
    {"y": "good", "z": "signed", "d": "good", "e": "ugly"},
], ids=["bad-ugly-signed", "good-signed"])
def test_most_specific_agrees_with_pairwise_specialisation(kinds):
    """The vectorised filter (term geq matrix, permutations of padded slots) against the
    definition: c is dropped when some kept constraint of a higher level specialises it."""
    program = parse_program(SCHEMA_B[0] + " const e[i];")
    candidates = enumerate_language(program, kinds, max_terms=3, max_factors=1)
    terms = sorted({t for c in candidates for t in c.terms}, key=repr)
    matrix = term_geq_matrix(terms, kinds)
    assert matrix.tolist() == [[term_geq(x, y, kinds) for y in terms] for x in terms]
    rng = random.Random(7)
    for _ in range(3):
        kept = [(c, rng.randint(0, 6)) for c in rng.sample(candidates, 400)]
        want = [c for c, lv in kept if not any(lv2 > lv and specializes(d, c, kinds) for d, lv2 in kept)]
        got = most_specific(kept, kinds)
        assert set(got) == set(want) and len(got) == len(want)
        assert len(want) < len(kept)


def test_solve_facts_as_text_read_as_the_symbols_would():
    from pyasp.acquire.solve import _cell_text
    from pyasp.asp import fact

    for name, pos in [("x", ()), ("x", (3,)), ("ship", (1, 2)), ("X", (2, 1, 4))]:
        assert f"quad(0,{_cell_text(name, pos)},7)" == str(fact("quad", 0, name, pos, 7))


SIGNED_SCHEMA = "index i = 1..1; const c[i]; var x in -3..3; var y in -3..3;"
SIGNED_EXAMPLES = [{"x": -1, "y": -2}, {"x": 2, "y": 0}, {"x": 0, "y": -3}]


def test_specialisation_with_signed_tensors_is_sound():
    schema = parse_program(SIGNED_SCHEMA)
    instance = make_instance(schema, {"c": [1]})
    rows = check_examples(instance, SIGNED_EXAMPLES)
    kinds = tensor_kinds(instance, rows)
    assert kinds["y"] == "signed"
    general = Constraint.of(rhs="x")  # 0 <= x: broken by x = -1
    special = Constraint.of([Term.of(["y"])], rhs="x")  # y <= x: holds on all three examples
    evaluator = TensorEvaluator(instance, rows)
    assert not evaluator.holds(general) and evaluator.holds(special)
    assert not specializes(special, general, kinds)


def test_pruning_with_signed_tensors_keeps_what_holds():
    schema = parse_program(SIGNED_SCHEMA)
    pruned = Learner(max_terms=1, max_factors=1, prune=True).fit(schema, {"c": [1]}, SIGNED_EXAMPLES)
    plain = Learner(max_terms=1, max_factors=1, prune=False).fit(schema, {"c": [1]}, SIGNED_EXAMPLES)
    assert pruned.constraints_ == plain.constraints_


def test_learning_over_scalars_only():
    schema = parse_program("var x in 0..3; var y in 0..3;")
    learner = Learner(max_terms=1, max_factors=1).fit(schema, {}, [{"x": 1, "y": 2}, {"x": 2, "y": 3}])
    assert "x <= y" in [schema.text(c) for c in learner.constraints_]


def test_evaluator_agrees_with_loops_on_every_candidate():
    program = parse_program(SCHEMA_B[0] + " const e[i];")
    instance = make_instance(program, {"d": [1, 2, 3], "e": [-1, 2]})
    rng = np.random.default_rng(0)
    rows = [{"y": rng.integers(0, 2, size=(2, 3)), "z": rng.integers(-2, 3)} for _ in range(4)]
    kinds = tensor_kinds(instance, rows)
    evaluator = TensorEvaluator(instance, rows)
    candidates = enumerate_language(program, kinds, max_terms=2, max_factors=2)
    for c in random.Random(1).sample(candidates, 300):
        want = [holds(program, instance.sizes, _values(instance, r), c) for r in rows]
        assert evaluator.satisfied(c).tolist() == want, program.text(c)


# =================================================================================================
# 4. A planted program is learned back
# =================================================================================================
def test_a_users_copy_of_the_encoding_changes_the_language(shipping, tmp_path):
    """Editing ip_acquisition.lp changes what is searched: forbidding subtracted terms learns what
    the learner without negation learns (an extra #show does not disturb the decoding). A rule
    appended at the end of the file is in the base part (the file ends with `#program base.`),
    so it restricts the whole search and the count of the language."""
    program, instance, solutions = shipping
    schema = program.with_constraints(())
    edited = tmp_path / "no_subtraction.lp"
    edited.write_text((ROOT / "encodings" / "ip_acquisition.lp").read_text() + "\n:- use(_, neg, _).\n#show used/1.\n")
    mine = Learner(max_terms=2, max_factors=1, encoding=str(edited), count_language=True).fit(schema, instance, solutions[:10])
    plain = Learner(max_terms=2, max_factors=1, negation=False, count_language=True).fit(schema, instance, solutions[:10])
    full = Learner(max_terms=2, max_factors=1, count_language=True).fit(schema, instance, solutions[:10])
    assert mine.constraints_ == plain.constraints_
    assert all(not c.neg for c in mine.constraints_)
    assert any(c.neg for c in full.constraints_)
    assert mine.result_.language == plain.result_.language < full.result_.language
    assert mine.result_.visited == plain.result_.visited


def test_shipping_is_learned_back(shipping):
    program, instance, solutions = shipping
    train, held_out = solutions[:25], solutions[25:]
    learner = Learner(max_terms=1, max_factors=1).fit(program.with_constraints(()), instance, train)
    learned = learner.program_
    texts = [learned.text(c) for c in learned.constraints]
    assert "sum[f] ship[f,w] >= demand[w]" in texts
    assert "sum[w] ship[f,w] <= production[f]" in texts
    assert not learner.result_.partial
    # the learned program accepts the true program's unseen solutions (recall) ...
    assert accepts(learned, instance, held_out).all()
    # ... and the true program accepts the learned program's solutions (precision)
    sampled = solve(learned, instance, sample=30, seed=2).solutions
    assert len(sampled) == 30
    assert accepts(program, instance, sampled).all()
    # simplified: what remains still has the two true constraints' meaning, and dropped ones are implied
    simple, dropped = drop_entailed(learned, instance)
    assert dropped and len(simple.constraints) + len(dropped) == len(learned.constraints)
    assert set(simple.constraints) | set(dropped) == set(learned.constraints)
    assert accepts(simple, instance, held_out).all()
    for solution in solve(simple, instance, sample=30, seed=3).solutions:
        assert accepts(learned, instance, [solution]).all()
        assert accepts(program, instance, [solution]).all()


# =================================================================================================
# 5. Solving
# =================================================================================================
TINY = [
    ("index i = 1..2; const c[i]; var x[i] in -1..2; var y in 0..3;\n"
     "sum[i] c[i]*x[i] <= y; x[i]*y >= -1; x[i] <= y; y >= 1;", {"c": [2, 1]}),
    ("index i = 1..2; const k; var a[i] in 0..2; var b in -1..1;\n"
     "a[i]*a[i]*b <= k; sum[i] a[i] >= -b; sum[i] a[i] - b <= 3; 0 <= -b;", {"k": 1}),
    ("index i = 1..3; var x[i] in 0..1; sum[i] x[i] <= 1; sum[i] x[i] >= 1;", {}),
    ("index i = 1..3; const c[i]; var x[i] in 0..3;\n"
     "sum[i] 2*x[i] <= 9; x[i] + 1 >= c[i]; sum[i] x[i] = 3; 3*x[i]*x[i] - c[i] <= 20;", {"c": [1, 2, 0]}),
]


@pytest.mark.parametrize("text, constants", TINY, ids=["linear+product", "cubic", "one-hot", "coefficients+equation"])
def test_all_solutions_match_brute_force(text, constants):
    program = parse_program(text)
    instance = make_instance(program, constants)
    values = dict(instance.constants)
    want = {freeze(a) for a in all_assignments(program, instance.sizes) if satisfies(program, instance.sizes, {**values, **a})}
    total = sum(1 for _ in all_assignments(program, instance.sizes))
    assert 0 < len(want) < total
    got = solve(program, instance, limit=None).solutions
    assert len(got) == len({freeze(s) for s in got})
    assert {freeze(s) for s in got} == want
    assert len(solve(program, instance, limit=2).solutions) == min(2, len(want))


def test_equations_integer_factors_and_numbers_on_the_left():
    """`=` stands for <= and >=; an integer factor multiplies its term (2*x, sum[i] 3*x[i]*y);
    a number alone on the left holds for every index; printing and parsing agree."""
    program = parse_program("index i = 1..2; const c[i]; var x[i] in 0..9;\n"
                            "sum[i] 2*x[i] = 8; x[i]*3 + 1 >= c[i]; 2*x[i]*2 - c[i] <= 30;")
    texts = [program.text(c) for c in program.constraints]  # as written; both halves of the equation alike
    assert texts == ["sum[i] 2*x[i] = 8", "sum[i] 2*x[i] = 8", "x[i]*3 + 1 >= c[i]", "2*x[i]*2 - c[i] <= 30"]
    printed = format_program(program, declarations=False).splitlines()  # the canonical form
    assert printed == ["sum[i] 2*x[i] = 8;", "1 + 3*x[i] >= c[i];", "4*x[i] - c[i] <= 30;"]
    assert parse_program(format_program(program)).constraints == program.constraints
    instance = make_instance(program, {"c": [4, 7]})
    got = {freeze(s) for s in solve(program, instance, limit=None).solutions}
    want = {freeze(a) for a in all_assignments(program, instance.sizes)
            if satisfies(program, instance.sizes, {**instance.constants, **a})}
    assert got == want and {s[0][1] for s in got} == {(1, 3), (2, 2)}  # x1 + x2 = 4, 3 x1 + 1 >= 4, 3 x2 + 1 >= 7
    with pytest.raises(ConstraintsError, match="multiplied by 0"):
        parse_program("var x in 0..3; x*0 <= 1;")


def test_samples_are_distinct_solutions_and_repeatable():
    text, constants = TINY[0]
    program = parse_program(text)
    instance = make_instance(program, constants)
    everything = {freeze(s) for s in solve(program, instance, limit=None).solutions}
    first = solve(program, instance, sample=6, seed=4).solutions
    assert len(first) == min(6, len(everything))
    assert len({freeze(s) for s in first}) == len(first)
    for s in first:
        assert satisfies(program, instance.sizes, {**instance.constants, **s})
    again = solve(program, instance, sample=6, seed=4).solutions
    assert [freeze(s) for s in again] == [freeze(s) for s in first]
    # asking for more than there are gives each solution once
    many = solve(program, instance, sample=len(everything) + 5, seed=9).solutions
    assert {freeze(s) for s in many} == everything and len(many) == len(everything)


def test_sampling_spreads_over_the_domain(shipping):
    _, _, solutions = shipping
    cells = np.stack([s["ship"] for s in solutions])
    assert len({freeze(s) for s in solutions}) == len(solutions)
    assert cells.std(axis=0).min() > 0  # every cell varies across samples

def test_samples_with_cells_sharing_ranks_are_distinct_solutions(monkeypatch):
    """Many cells with wide domains: the sampler's ranks are shared (fewer level statements to
    ground); the samples are still distinct solutions, and the same seed repeats them."""
    solve_module = importlib.import_module("pyasp.acquire.solve")

    program = parse_program("index i = 1..6; var x[i] in 0..9; sum[i] x[i] >= 20; sum[i] x[i] <= 30;")
    instance = make_instance(program, {})
    assert solve_module.rank_levels(program, instance) == 6
    monkeypatch.setattr(solve_module, "MAX_LEVEL_STATEMENTS", 6 * 54 // 2)
    assert solve_module.rank_levels(program, instance) == 3
    monkeypatch.setattr(solve_module, "MAX_LEVEL_STATEMENTS", 1)
    assert solve_module.rank_levels(program, instance) == 1
    monkeypatch.setattr(solve_module, "MAX_LEVEL_STATEMENTS", 6 * 54 // 2)
    first = solve(program, instance, sample=8, seed=2).solutions
    assert len(first) == 8 and len({freeze(s) for s in first}) == 8
    assert all(20 <= int(s["x"].sum()) <= 30 for s in first)
    assert [freeze(s) for s in solve(program, instance, sample=8, seed=2).solutions] == [freeze(s) for s in first]


@pytest.mark.parametrize("sample", [None, 3])
def test_the_time_limit_of_solve_counts_grounding(monkeypatch, sample):
    """Grounding slower than the time limit: the search stops at once (partial, no solution)
    instead of running for another full limit after it."""
    import time as time_module

    from pyasp.asp import Program as AspProgram

    real_ground = AspProgram.ground

    def slow_ground(self, *args, **kwargs):
        if self._ctl is None:
            time_module.sleep(0.3)
        return real_ground(self, *args, **kwargs)

    monkeypatch.setattr(AspProgram, "ground", slow_ground)
    program = parse_program("index i = 1..3; var x[i] in 0..2; sum[i] x[i] >= 2;")
    result = solve(program, {}, sample=sample, time_limit_s=0.1)
    assert result.partial and result.solutions == []
    assert solve(program, {}, sample=sample, time_limit_s=30).solutions  # and with time, solutions



def test_variable_without_domain_cannot_be_solved():
    program = parse_program("index i = 1..2; var load[i]; load[i] <= 3;")
    with pytest.raises(InputError, match="variable load has no domain"):
        solve(program, {})


def test_product_of_large_domains_is_too_large():
    program = parse_program("var x in 0..5000; var y in 0..5000; x*y <= 10;")
    with pytest.raises(TooLarge):
        solve(program, {})


def test_sums_beyond_clingos_weights_name_the_file_and_line():
    program = parse_program("index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= 99999999999;\n", "big.ip")
    with pytest.raises(TooLarge, match=r"^big\.ip:3: constraint 1 has sums beyond clingo's 32-bit weights"):
        solve(program, {})


# =================================================================================================
# 6. Bad input: library and CLI (exit 2, one line naming the tensor and the example)
# =================================================================================================
GOOD_SHIP = [[10, 10, 10, 10], [10, 10, 10, 10], [10, 0, 15, 0]]


def _with(cell):
    rows = [list(r) for r in GOOD_SHIP]
    rows[1][2] = cell
    return rows


BAD_EXAMPLES = [
    ("wrong shape", {"ship": [[1, 2, 3]] * 3}, "ship", "shape [3, 3]"),
    ("missing variable", {}, "ship", "variable ship is missing"),
    ("fraction", {"ship": _with(1.5)}, "ship", "1.5 is not an integer"),
    ("string", {"ship": _with("a")}, "ship", "\"a\" is not an integer"),
    ("boolean", {"ship": _with(True)}, "ship", "true is not an integer"),
    ("boolean scalar", {"ship": True}, "ship", "true/false is not an integer"),
    ("null", {"ship": _with(None)}, "ship", "null is not an integer"),
    ("ragged", {"ship": [[1, 2, 3, 4], [1, 2], [1, 2, 3, 4]]}, "ship", "ragged"),
    ("unknown tensor", {"ship": GOOD_SHIP, "shipment": 3}, "shipment", "not declared"),
    ("constant that differs", {"ship": GOOD_SHIP, "demand": [1, 2, 3, 4]}, "demand", "differs"),
]


@pytest.mark.parametrize("bad, name, message", [c[1:] for c in BAD_EXAMPLES], ids=[c[0] for c in BAD_EXAMPLES])
def test_bad_examples_are_refused(shipping, tmp_path, bad, name, message):
    program, instance, _ = shipping
    examples = [{"ship": GOOD_SHIP}, bad]
    with pytest.raises(InputError) as caught:
        check_examples(instance, examples)
    text = str(caught.value)
    assert "example 2" in text and name in text and message in text
    with pytest.raises(InputError):
        Learner(max_terms=1, max_factors=1).fit(program.with_constraints(()), instance, examples)
    result = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--examples", write(tmp_path, "ex.json", examples), "-s", "1", "-p", "1")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1
    assert "example 2" in result.stderr and name in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    check = run("acquire", "check", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                "--solutions", write(tmp_path, "ex.json", examples))
    assert check.exit_code == 2 and "example 2" in check.stderr


def test_an_empty_object_of_examples_is_named_as_such(shipping):
    _, instance, _ = shipping
    with pytest.raises(InputError, match="an empty JSON object; expected a JSON list of examples"):
        check_examples(instance, {})


def test_integer_beyond_64_bits_is_refused(tmp_path):
    examples = [{"ship": GOOD_SHIP}, {"ship": _with(2**70)}]
    result = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--examples", write(tmp_path, "ex.json", examples), "-s", "1", "-p", "1")
    assert result.exit_code == 2
    assert "example 2" in result.stderr and "ship" in result.stderr


@pytest.mark.parametrize("constants, message", [
    ({"W": 4, "F": 3, "production": [40, 40, 25]}, "constant demand is missing"),
    ({"F": 3, "demand": [30, 20, 35, 20], "production": [40, 40, 25]}, "do not give W"),
    ({"W": 4, "F": 3, "demand": [30, 20, 35], "production": [40, 40, 25]}, "demand has shape [3]"),
    ({"W": 4, "F": 3, "demand": [30, 20, 35, 20], "production": [40, 40, 25], "ship": 1}, "ship is a var tensor"),
    ({"W": 4, "F": 3, "demand": [30, 20, 35, 20], "production": [40, 40, 25], "cost": 1}, "cost is not declared"),
])
def test_bad_constants_are_refused(shipping, tmp_path, constants, message):
    program, _, _ = shipping
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        make_instance(program, constants)
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", write(tmp_path, "c.json", constants))
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_invalid_json_is_refused(tmp_path):
    broken = write(tmp_path, "broken.json", '[{"ship": [[1, 2]')
    learn = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                "--examples", broken)
    assert learn.exit_code == 2
    assert "broken.json" in learn.stderr and "not valid JSON" in learn.stderr
    assert learn.stderr.count("\n") == 1
    solve_run = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", broken)
    assert solve_run.exit_code == 2 and "not valid JSON" in solve_run.stderr


# -- the commands ----------------------------------------------------------------------------------
def test_solve_of_an_infeasible_program_exits_1(tmp_path):
    program = write(tmp_path, "p.ip", "index i = 1..2; var x[i] in 0..3; sum[i] x[i] >= 7;")
    result = run("acquire", "solve", program, "--constants", write(tmp_path, "c.json", {}))
    assert result.exit_code == 1
    assert "no solution" in result.stderr


@pytest.mark.parametrize("program, message", [
    ("index i = 1..3; const c[i];", "declares no decision variable"),
    ("var x in 0..100000000;", "100,000,000 unit steps"),  # grounding it would outlast any time limit
])
def test_solve_refuses_a_program_without_variables_or_with_huge_domains(tmp_path, program, message):
    constants = write(tmp_path, "c.json", {"c": [1, 2, 3]} if "const" in program else {})
    result = run("acquire", "solve", write(tmp_path, "p.ip", program), "--constants", constants, "--time-limit", "5")
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_solutions_stream_one_at_a_time():
    """Solutions come as clingo finds them: taking two of a program's 2^20 solutions enumerates
    two, not a million; every solution is distinct and satisfies the program."""
    from pyasp.acquire.solve import Solutions

    program = parse_program("index i = 1..20; var x[i] in 0..1; sum[i] x[i] >= 1;")
    found = Solutions(program, {}, limit=None)
    stream = iter(found)
    first, second = next(stream), next(stream)
    assert found._asp.stats.models == 2
    assert first["x"].sum() >= 1 and second["x"].sum() >= 1 and first["x"].tolist() != second["x"].tolist()
    with pytest.raises(InputError, match="give at least 1"):
        Solutions(program, {}, limit=0)  # clingo would read 0 as "all"
    every = list(Solutions(parse_program("index i = 1..3; var x[i] in 0..2; sum[i] x[i] <= 1;"), {}, limit=None))
    assert sorted(s["x"].tolist() for s in every) == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]


def test_solve_all_and_limit_print_one_json_document(tmp_path):
    program = write(tmp_path, "p.ip", "index i = 1..3; var x[i] in 0..2; sum[i] x[i] <= 1;")
    constants = write(tmp_path, "c.json", {})
    result = run("acquire", "solve", program, "--constants", constants, "--all", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert sorted(s["x"] for s in data["solutions"]) == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]]
    assert data["partial"] is False and data["seconds"] >= 0
    assert "pyasp: 4 solutions, all of them" in result.stderr
    result = run("acquire", "solve", program, "--constants", constants, "--limit", "2")
    assert result.exit_code == 0 and result.stdout.count("% solution") == 2
    result = run("acquire", "solve", program, "--constants", constants, "--limit", "1", "--json")
    assert len(json.loads(result.stdout)["solutions"]) == 1


def test_the_json_of_acquire_solve_is_accepted_as_examples_and_solutions(tmp_path):
    solved = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--sample", "3", "--json")
    assert solved.exit_code == 0, solved.output
    ship = write(tmp_path, "ship.json", solved.stdout)  # what the --help examples call ship.json
    check = run("acquire", "check", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                "--solutions", ship)
    assert check.exit_code == 0, check.output
    assert check.stdout.count(": ok") == 3
    learn = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                "--examples", ship, "-s", "1", "-p", "1")
    assert learn.exit_code == 0, learn.output
    assert "from 3 examples" in learn.stdout


def test_learn_reads_an_encoding_file_named_without_lp(tmp_path, monkeypatch):
    examples = write(tmp_path, "e.json", [{"ship": GOOD_SHIP}])
    (tmp_path / "mine").write_text(encoding_path("ip_acquisition").read_text())
    (tmp_path / "empty").write_text("")
    monkeypatch.chdir(tmp_path)  # a relative name without "/" or ".lp" is a file, not a packaged encoding
    args = ["acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
            "--examples", examples, "-s", "1", "-p", "1", "--encoding"]
    result = run(*args, "mine")
    assert result.exit_code == 0, result.output
    result = run(*args, "empty")
    assert result.exit_code == 2, result.output
    assert "empty: the encoding is empty" in result.stderr


@pytest.mark.parametrize("options, message", [
    (["--examples", "30", "-s", "1", "-p", "1"], "--examples 30 is more than --fold-size 25"),
    (["--grid", " "], "--grid takes s,p pairs separated by spaces, got none"),
])
def test_eval_refuses_options_it_cannot_honour(options, message):
    result = run("acquire", "eval", "--program", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"), *options)
    assert result.exit_code == 2, result.output
    assert message in result.stderr


def test_solve_prints_solutions_the_program_accepts(shipping, tmp_path):
    program, instance, _ = shipping
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--sample", "4", "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["partial"] is False and len(data["solutions"]) == 4
    rows = check_examples(instance, data["solutions"])
    assert accepts(program, instance, rows).all()


def test_check_reports_the_broken_constraint(shipping, tmp_path):
    _, _, solutions = shipping
    good = {"ship": solutions[0]["ship"].tolist()}
    short = {"ship": [[0] * 4] * 3}  # ships nothing: every demand unmet
    args = ["acquire", "check", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"), "--solutions"]
    result = run(*args, write(tmp_path, "s.json", [good, short]), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [r["ok"] for r in data["results"]] == [True, False]
    assert data["results"][0]["violated"] == []
    assert data["results"][1]["violated"] == [{"constraint": 2, "line": 12, "text": "sum[f] ship[f,w] >= demand[w]",
                                               "at": {"w": 1}, "left": 0, "right": 30}]  # where it first breaks
    text = run(*args, write(tmp_path, "s.json", [good, short]))
    assert "solution 2: breaks sum[f] ship[f,w] >= demand[w] (line 12) at w=1: left side 0, right side 30" in text.stdout
    ok = run(*args, write(tmp_path, "ok.json", [good]))
    assert ok.exit_code == 0 and "solution 1: ok" in ok.stdout


def test_where_a_constraint_breaks():
    """The first place a solution breaks a constraint, sides as printed: a variable on the
    right is read there, a '>=' constraint shows its left side below the right."""
    from pyasp.acquire.evaluate import where_broken

    program = parse_program("index i = 1..3; index b = 1..2; const size[i]; const cap[b]; var y[i,b] in 0..1;\n"
                            "var z[b] in 0..5; sum[i] size[i]*y[i,b] <= cap[b]; sum[i] y[i,b] <= z[b]; sum[b] y[i,b] >= 1;")
    instance = make_instance(program, {"size": [4, 5, 6], "cap": [10, 6]})
    solution = {"y": np.array([[1, 0], [1, 0], [0, 0]]), "z": np.array([1, 0])}
    assert where_broken(program, instance, solution, 0) is None  # 4 + 5 <= 10, 0 <= 6
    assert where_broken(program, instance, solution, 1) == {"at": {"b": 1}, "left": 2, "right": 1}
    assert where_broken(program, instance, solution, 2) == {"at": {"i": 3}, "left": 0, "right": 1}
    numbers = parse_program("index i = 1..2; const c[i]; var x[i] in 0..9; var y[i] in 0..9;\n"
                            "x[i] - 1 <= c[i]; x[i] - 1 <= y[i]; 1 + sum[i] x[i] >= 7;")
    instance = make_instance(numbers, {"c": [2, 2]})
    solution = {"x": np.array([4, 0]), "y": np.array([2, 0])}  # numbers on the left are shown where written
    assert where_broken(numbers, instance, solution, 0) == {"at": {"i": 1}, "left": 3, "right": 2}
    assert where_broken(numbers, instance, solution, 1) == {"at": {"i": 1}, "left": 3, "right": 2}
    assert where_broken(numbers, instance, solution, 2) == {"at": {}, "left": 5, "right": 7}


def test_learn_json_reports_program_and_counts(shipping, tmp_path):
    program, instance, solutions = shipping
    examples = write(tmp_path, "ex.json", [{"ship": s["ship"].tolist()} for s in solutions[:20]])
    result = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--examples", examples, "-s", "1", "-p", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"program", "constraints", "visited", "violated", "kept", "seconds", "partial", "dropped", "merged"} <= set(data)
    assert data["partial"] is False
    assert data["kept"] == len(data["constraints"]) + len(data["dropped"]) + len(data["merged"])
    assert data["visited"] >= data["violated"] + data["kept"]
    learned = parse_program(data["program"])
    assert [learned.text(c) for c in learned.constraints] == data["constraints"]
    assert "sum[f] ship[f,w] >= demand[w]" in data["constraints"]
    rows = check_examples(instance, solutions[20:])
    assert accepts(learned, instance, rows).all()


def test_learn_with_a_tiny_time_limit_is_partial(shipping, tmp_path):
    """A time limit that ends the search before any constraint is learned is no answer (exit 1,
    --out not written); before, an empty program marked PARTIAL was printed with exit 0."""
    _, _, solutions = shipping
    examples = write(tmp_path, "ex.json", [{"ship": s["ship"].tolist()} for s in solutions[:10]])
    args = ["acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
            "--examples", examples, "-s", "2", "-p", "2", "--time-limit", "0.0001"]
    out = tmp_path / "learned.ip"
    for extra in (["--json"], ["--out", str(out)]):
        result = run(*args, *extra)
        assert result.exit_code == 1, result.output
        assert result.stdout == ""
        assert result.stderr.startswith("pyasp: no answer: the time limit ran out before any constraint was learned (")
    assert not out.exists()
    program, instance, _ = shipping
    learned = Learner(max_terms=2, max_factors=2, time_limit_s=0.0001).fit(
        program.with_constraints(()), instance, [{"ship": s["ship"]} for s in solutions[:10]])
    assert learned.result_.partial and not learned.constraints_  # the library returns the empty partial result


def test_learn_cut_short_by_its_time_limit_prints_what_it_learned_marked_partial(shipping, tmp_path):
    """README: with --time-limit, a search cut short prints what it has, marked PARTIAL, exit 0.
    With s=3, p=2 the search over shipping's language takes far longer than 3 s; its first
    cost levels come within a fraction of it (3 s, not 1: under load, 1 s once ended before the
    first level)."""
    _, _, solutions = shipping
    examples = write(tmp_path, "ex.json", [{"ship": s["ship"].tolist()} for s in solutions[:10]])
    result = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--examples", examples, "-s", "3", "-p", "2", "--time-limit", "3")
    assert result.exit_code == 0, result.output
    header, *lines = result.stdout.splitlines()
    assert header.startswith("% learned by pyasp acquire learn from 10 examples, s=3, p=2")
    assert "; PARTIAL (time limit)" in header
    # the schema's declarations, then what was learned so far, as the DSL writes it (every 50th
    # constraint is read back: thousands take long to parse)
    declarations = [line for line in lines if line.split()[0] in ("index", "const", "var")]
    assert lines[: len(declarations)] == declarations and len(declarations) == 7
    constraints = lines[len(declarations):]
    assert constraints and all(line.endswith(";") for line in constraints)
    sample = parse_program("\n".join(declarations + constraints[::50]))
    assert len(sample.constraints) == len(constraints[::50])


def test_learn_out_writes_what_it_prints_and_solve_reads_it_back(shipping, tmp_path):
    _, _, solutions = shipping
    examples = write(tmp_path, "ex.json", [{"ship": s["ship"].tolist()} for s in solutions[:25]])
    out = tmp_path / "learned.ip"
    constants = str(SHIP / "constants.json")
    result = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", constants,
                 "--examples", examples, "-s", "1", "-p", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    written = out.read_text()
    assert written == result.stdout
    assert written.startswith("% learned by pyasp acquire learn from 25 examples, s=1, p=1")
    body = written.splitlines()[1:]
    assert body[-2:] == ["sum[f] ship[f,w] >= demand[w];", "sum[w] ship[f,w] <= production[f];"]
    # --format dsl prints the program as the DSL writes it: the file without its comment line
    dsl = run("acquire", "solve", str(out), "--constants", constants, "--format", "dsl")
    assert dsl.exit_code == 0, dsl.output
    assert dsl.stdout.splitlines() == body
    # the learned program's solutions are solutions of the true one
    drawn = run("acquire", "solve", str(out), "--constants", constants, "--sample", "10", "--seed", "3", "--json")
    assert drawn.exit_code == 0, drawn.output
    assert len(json.loads(drawn.stdout)["solutions"]) == 10
    checked = run("acquire", "check", str(SHIP / "program.ip"), "--constants", constants,
                  "--solutions", write(tmp_path, "drawn.json", json.loads(drawn.stdout)), "--json")
    assert checked.exit_code == 0, checked.output
    assert all(r["ok"] for r in json.loads(checked.stdout)["results"])


def test_a_sample_larger_than_the_solutions_gives_them_all_and_says_so(tmp_path):
    program = write(tmp_path, "small.ip", "index i = 1..2;\nvar x[i] in 0..3;\nx[i] <= 2;\n")
    result = run("acquire", "solve", program, "--constants", write(tmp_path, "c.json", {}), "--sample", "100", "--json")
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["solutions"]) == 9
    assert "the program has only 9 solutions" in result.stderr


def test_solve_exports_minizinc():
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--format", "mzn")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("constraint ") == 3
    assert "solve satisfy;" in result.stdout
    assert "array[1..W] of int: demand = [30, 20, 35, 20];" in result.stdout
    assert "array[1..F, 1..W] of var 0..40: ship;" in result.stdout


def test_minizinc_export_renames_keywords_and_writes_greater_or_equal():
    from pyasp.acquire.dsl import parse_program
    from pyasp.acquire.export import to_minizinc

    program = parse_program("index of = 1..set; const set; const output[of]; var x[of] in 0..9; var x_ in 0..1;"
                            "x[of] >= output[of]; sum[of] x[of] <= 12; x_ >= 1;")
    text = to_minizinc(program, {"set": 2, "output": [3, 4]})
    assert "int: set_ = 2;" in text and "array[1..set_] of int: output_ = [3, 4];" in text
    assert "array[1..set_] of var 0..9: x;" in text and "var 0..1: x_;" in text
    assert "constraint forall(of_ in 1..set_)(x[of_] >= output_[of_]);" in text
    assert "constraint sum(of_ in 1..set_)(x[of_]) <= 12;" in text and "constraint x_ >= 1;" in text


def test_minizinc_export_renames_builtins_and_names_that_start_with_an_underscore():
    from pyasp.acquire.dsl import parse_program
    from pyasp.acquire.export import to_minizinc

    program = parse_program("index p = 1..P; const P; var _x[p] in 0..5; var forall[p] in 0..1; _x[p] + forall[p] <= 3;")
    text = to_minizinc(program, {"P": 2})
    assert "array[1..P] of var 0..5: v_x;" in text and "array[1..P] of var 0..1: forall_;" in text
    assert "constraint forall(p in 1..P)(v_x[p] + forall_[p] <= 3);" in text


def test_minizinc_export_gives_a_sum_its_own_loop_variable_where_the_constraint_ranges_over_its_index():
    from pyasp.acquire.dsl import parse_program
    from pyasp.acquire.export import to_minizinc

    program = parse_program("index k = 1..K; const K; const w[k]; var n[k] in 0..10; var k_s in 0..1;"
                            "sum[k] K*n[k] >= w[k]; sum[k] n[k] <= K;")
    text = to_minizinc(program, {"K": 2, "w": [3, 4]})
    assert "constraint forall(k in 1..K)(sum(k_s_ in 1..K)(K * n[k_s_]) >= w[k]);" in text  # k_s is taken
    assert "constraint sum(k in 1..K)(n[k]) <= K;" in text


def test_eval_says_why_precision_is_missing():
    result = run("acquire", "eval", "--program", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "-s", "1", "-p", "1", "--examples", "1", "--fold-size", "5", "--precision-time-limit", "0.001")
    assert result.exit_code == 0, result.output
    assert "pyasp: precision '-': no solution of the learned programs was drawn within --precision-time-limit 0.001 s" \
        in result.stderr


def test_eval_reports_recall_and_precision():
    result = run("acquire", "eval", "--program", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "-s", "1", "-p", "1", "--examples", "1,5", "--fold-size", "5", "--precision-samples", "20", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["results"]
    assert sorted((r["n"], r["s"], r["p"]) for r in rows) == [(1, 1, 1), (5, 1, 1)]
    for r in rows:
        assert 0.0 <= r["recall"] <= 1.0 and 0.0 <= r["precision"] <= 1.0
        assert len(r["folds"]) == 5
    # five examples of shipping pin down the program: nothing true is refused
    assert [r["recall"] for r in rows if r["n"] == 5] == [1.0]


def test_eval_recall_and_precision_are_the_shares_the_protocol_defines(tmp_path):
    """Three 0/1 variables, at most two of them 1: 7 solutions. Seven folds of one solution: each
    fold learns from one solution (s=1, p=1: x[i] or sum[i] x[i] against 0 or 1) and is tested
    on the other six, whatever order the sample has. From (0,0,0) the learner keeps x[i] <= 0:
    recall 0/6, precision 1/1. From a one-hot it keeps sum = 1: recall 2/6 (the other one-hots),
    precision 3/3. From two ones it keeps sum >= 1 (a right side of 2 is not in the language):
    recall 5/6, precision 6/7 ((1,1,1) is not a solution). Recall (0 + 3*2/6 + 3*5/6) / 7 = 1/2,
    precision (1 + 3 + 3*6/7) / 7 = 46/49."""
    program = write(tmp_path, "two.ip", "index i = 1..3;\nvar x[i] in 0..1;\nsum[i] x[i] <= 2;\n")
    result = run("acquire", "eval", "--program", program, "--constants", write(tmp_path, "c.json", {}),
                 "-s", "1", "-p", "1", "--examples", "1", "--folds", "7", "--fold-size", "1", "--json")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)["results"]
    assert (row["n"], row["fold_size"], len(row["folds"])) == (1, 1, 7)
    assert row["recall"] == pytest.approx(0.5, abs=1e-4)
    assert row["precision"] == pytest.approx(46 / 49, abs=1e-4)
    assert sorted((f["recall"], f["precision"], f["sampled"]) for f in row["folds"]) == [
        (0.0, 1.0, 1), (0.3333, 1.0, 3), (0.3333, 1.0, 3), (0.3333, 1.0, 3),
        (0.8333, 0.8571, 7), (0.8333, 0.8571, 7), (0.8333, 0.8571, 7)]


def test_eval_precision_sampling_stops_at_its_time_limit():
    """A tiny sampling budget: each fold reports how many solutions it drew in time, and
    precision is over those (absent, not 0, for a fold that drew none)."""
    result = run("acquire", "eval", "--program", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "-s", "1", "-p", "1", "--examples", "5", "--fold-size", "5", "--precision-samples", "100000",
                 "--precision-time-limit", "0.3", "--json")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)["results"]
    drawn = [f["sampled"] for f in row["folds"]]
    assert all(n < 100000 for n in drawn)
    for f in row["folds"]:
        assert (f["precision"] is None) == (f["sampled"] == 0)
    assert row["precision"] is None or 0.0 <= row["precision"] <= 1.0


# =================================================================================================
# 7. Simplification drops only implied constraints
# =================================================================================================
@pytest.mark.parametrize("text, constants", PLANTED, ids=["ugly", "bad"])
def test_drop_entailed_keeps_the_solutions(text, constants):
    program = parse_program(text)
    schema = program.with_constraints(())
    instance = make_instance(program, constants)
    train = solve(program, instance, sample=15, seed=21).solutions
    learned = Learner(max_terms=1, max_factors=2).fit(schema, instance, train).program_
    simple, dropped = drop_entailed(learned, instance)
    assert dropped
    assert set(simple.constraints) | set(dropped) == set(learned.constraints)
    # brute force over the domains: the same solutions with and without the dropped constraints
    everything = list(all_assignments(schema, instance.sizes))
    assert (accepts(simple, instance, everything) == accepts(learned, instance, everything)).all()
    # and what the simplified program samples, the full learned program accepts
    sampled = solve(simple, instance, sample=30, seed=22).solutions
    assert sampled and accepts(learned, instance, sampled).all()


def test_drop_entailed_keeps_a_constraint_the_others_do_not_imply():
    program = parse_program("index i = 1..2; var x[i] in 0..9; x[i] <= 5; sum[i] x[i] <= 7; x[i] >= 1;")
    instance = make_instance(program, {})
    simple, dropped = drop_entailed(program, instance)
    assert simple == program and dropped == []
    redundant = parse_program("index i = 1..2; var x[i] in 0..9; x[i] <= 3; sum[i] x[i] <= 7; x[i] >= 0;")
    simple, dropped = drop_entailed(redundant, make_instance(redundant, {}))
    assert [redundant.text(c) for c in simple.constraints] == ["x[i] <= 3"]
    assert sorted(redundant.text(c) for c in dropped) == ["sum[i] x[i] <= 7", "x[i] >= 0"]


def test_of_two_constraints_that_imply_each_other_the_simpler_stays():
    """sum[i] w[i]*x[i] <= 1 and sum[i] x[i] <= 1 say the same when every w is 1: whichever
    comes first, the one without the weight is kept."""
    for order in ((0, 1), (1, 0)):
        lines = ["sum[i] w[i]*x[i] <= 1;", "sum[i] x[i] <= 1;"]
        program = parse_program("index i = 1..3; const w[i]; var x[i] in 0..1;\n" + " ".join(lines[k] for k in order))
        simple, dropped = drop_entailed(program, make_instance(program, {"w": [1, 1, 1]}))
        assert [program.text(c) for c in simple.constraints] == ["sum[i] x[i] <= 1"], order
        assert [program.text(c) for c in dropped] == ["sum[i] w[i]*x[i] <= 1"]


def test_drop_entailed_uses_the_domains_and_squares_of_0_1_cells():
    """With 0/1 cells: x*x <= x, x*x >= 0 and a sum of two cells <= 2 hold on the domains alone;
    sum[m] x*x >= 1 is sum[m] x >= 1 (kept once). The solutions stay the same (brute force)."""
    program = parse_program("index t = 1..2; index m = 1..2; var x[t,m] in 0..1;\n"
                            "sum[m] x[t,m] >= 1; sum[m] x[t,m]*x[t,m] >= 1; x[t,m]*x[t,m] <= x[t,m];\n"
                            "x[t,m]*x[t,m] >= 0; sum[t] x[t,m] <= 2; sum[m] x[t,m] <= 1;")
    instance = make_instance(program, {})
    simple, dropped = drop_entailed(program, instance)
    assert [program.text(c) for c in simple.constraints] == ["sum[m] x[t,m] >= 1", "sum[m] x[t,m] <= 1"]
    assert len(dropped) == 4
    everything = list(all_assignments(program.with_constraints(()), instance.sizes))
    assert (accepts(simple, instance, everything) == accepts(program, instance, everything)).all()
    wide = parse_program("var y in 0..2; y*y >= y; y*y <= 4;")  # not 0/1: y*y >= y holds, y*y <= 4 holds
    assert drop_entailed(wide, make_instance(wide, {}))[0].constraints == ()
    strict = parse_program("var y in 0..3; y*y <= 4;")  # y = 3 breaks it: kept
    assert len(drop_entailed(strict, make_instance(strict, {}))[0].constraints) == 1


def test_a_positive_scalar_factor_is_divided_out():
    """sum[m] M*x[t,m] <= M is sum[m] x[t,m] <= 1 when M > 0 (equal results merge); not when M
    is 0, nor when the right side does not carry M."""
    from pyasp.acquire.simplify import divide_scalar_factors

    text = ("index t = 1..2; index m = 1..2; const M; var x[t,m] in 0..1;\n"
            "sum[m] M*x[t,m] <= M; sum[m] M*x[t,m] >= M; sum[m] x[t,m] <= 1; x[t,m] <= M; sum[m] M*x[t,m] <= 2;")
    program = parse_program(text)
    instance = make_instance(program, {"M": 3})
    divided, changed, repeated = divide_scalar_factors(program, instance)
    assert [program.text(c) for c in divided.constraints] == [
        "sum[m] x[t,m] <= 1", "sum[m] x[t,m] >= 1", "x[t,m] <= M", "sum[m] M*x[t,m] <= 2"]
    assert changed == 2 and [program.text(c) for c in repeated] == ["sum[m] x[t,m] <= 1"]
    everything = list(all_assignments(program.with_constraints(()), instance.sizes))
    assert (accepts(divided, instance, everything) == accepts(program, instance, everything)).all()
    zero = make_instance(program, {"M": 0})
    assert divide_scalar_factors(program, zero)[1] == 0


def test_check_of_no_assignments_is_bad_input(tmp_path):
    """An empty list has nothing to check: exit 2, not a silent 'all ok' (exit 0)."""
    result = run("acquire", "check", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--solutions", write(tmp_path, "none.json", []))
    assert result.exit_code == 2, result.output
    assert "no assignments" in result.stderr and "Traceback" not in result.stderr + result.stdout


def test_check_reports_a_value_outside_its_domain_as_a_break(tmp_path):
    """The domain is part of the program: a value outside it breaks the program (exit 1), and the
    other assignments are still checked; learning from such an example is bad input (exit 2)."""
    program = tmp_path / "dom.ip"
    program.write_text("index i = 1..2;\nvar x[i] in 0..3;\nsum[i] x[i] <= 4;\n", encoding="utf-8")
    constants = write(tmp_path, "c.json", {})
    solutions = write(tmp_path, "s.json", [{"x": [2, 1]}, {"x": [1, -7]}])
    result = run("acquire", "check", str(program), "--constants", constants, "--solutions", solutions)
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == ["solution 1: ok", "solution 2: breaks x in 0..3 (line 2) at i=2: x is -7"]
    data = json.loads(run("acquire", "check", str(program), "--constants", constants, "--solutions", solutions,
                          "--json").stdout)
    assert data["results"][1]["violated"] == [{"variable": "x", "text": "x in 0..3", "line": 2, "at": {"i": 2},
                                               "value": -7}]
    learned = run("acquire", "learn", "--schema", str(program), "--constants", constants, "--examples", solutions)
    assert learned.exit_code == 2 and "example 2: x takes -7, outside its domain 0..3" in learned.stderr


def test_check_refuses_products_that_int64_cannot_hold(tmp_path):
    """x*y with x = y = 2**32 wraps to 0 in int64: refused, not reported as satisfied."""
    program = tmp_path / "xy.ip"
    program.write_text("var x;\nvar y;\nx*y <= 5;\n", encoding="utf-8")
    result = run("acquire", "check", str(program), "--constants", write(tmp_path, "c.json", {}),
                 "--solutions", write(tmp_path, "s.json", [{"x": 2**32, "y": 2**32}]))
    assert result.exit_code == 2, result.output
    assert "the values of x*y reach" in result.stderr


def test_simplification_past_its_deadline_keeps_the_rest_and_says_so():
    prog = parse_program("index i = 1..2; var x[i] in -5..9; x[i] >= 0; x[i] >= -1; sum[i] x[i] <= 4; x[i] <= 5;")
    status: dict = {}
    kept, dropped = drop_entailed(prog, make_instance(prog, {}), deadline=0.0, status=status)
    assert status == {"stopped": True, "cut_in": "bounds"} and dropped == [] and kept.constraints == prog.constraints
    kept, dropped = drop_entailed(prog, make_instance(prog, {}), status=status)
    assert len(dropped) == 2


@pytest.mark.parametrize("extra, message", [
    (["--format", "mzn", "--json"], "are for solutions"),
    (["--format", "dsl", "--all"], "are for solutions"),
    (["--all", "--limit", "3"], "cannot be combined with --all"),
    (["--seed", "3"], "--seed is the seed of --sample"),
])
def test_solve_refuses_options_that_would_be_ignored(extra, message):
    result = run("acquire", "solve", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"), *extra)
    assert result.exit_code == 2 and message in result.stderr


def test_eval_refuses_a_grid_beside_one_point():
    result = run("acquire", "eval", "--program", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "-s", "1", "-p", "2", "--grid", "1,1")
    assert result.exit_code == 2 and "use one or the other" in result.stderr


def test_constraints_that_are_the_same_once_the_constants_are_filled_in_are_kept_once():
    """With K = 2: sum n*n >= K and K*K - sum n*n <= K are both sum n*n >= 2 (products of
    variables, which the linear pass cannot compare); the simpler stays."""
    program = parse_program("index k = 1..2; const K; var n[k] in 0..3;\n"
                            "K*K - sum[k] n[k]*n[k] <= K;\nsum[k] n[k]*n[k] >= K;\nsum[k] n[k]*n[k] <= 17;\n")
    simple, dropped = drop_entailed(program, make_instance(program, {"K": 2}))
    assert [program.text(c) for c in simple.constraints] == ["sum[k] n[k]*n[k] >= K", "sum[k] n[k]*n[k] <= 17"]
    assert [program.text(c) for c in dropped] == ["K*K - sum[k] n[k]*n[k] <= K"]
    other = drop_entailed(program, make_instance(program, {"K": 3}))[0]  # 9 - sum <= 3 is sum >= 6: all stay
    assert len(other.constraints) == 3


def test_simplification_keeps_one_of_two_equal_constraints():
    """Two equal constraints must not drop each other (both went, and a bound was lost)."""
    prog = parse_program("index i = 1..2; var x[i] in -5..9;\nx[i] <= 5;\nx[i] <= 5;\nx[i] <= 7;\n")
    kept, dropped = drop_entailed(prog, make_instance(prog, {}))
    assert [prog.text(c) for c in kept.constraints] == ["x[i] <= 5"] and kept.constraints[0].line == 2
    assert len(dropped) == 2


def test_eval_says_when_the_program_has_too_few_solutions_for_the_folds(tmp_path):
    # six solutions in all: five folds hold one each, so three examples learn from one
    program = write(tmp_path, "few.ip", "index i = 1..n; const n; var x[i] in 0..3; sum[i] x[i] <= 2;\n")
    constants = write(tmp_path, "few.json", {"n": 2})
    result = run("acquire", "eval", "--program", program, "--constants", constants, "-s", "1", "-p", "1",
                 "--examples", "1,3", "--fold-size", "5", "--precision-samples", "5", "--json")
    assert result.exit_code == 0, result.output
    assert "folds hold 1, so --examples above 1 learn from 1" in result.stderr
    assert [r["n"] for r in json.loads(result.stdout)["results"]] == [1]


def test_learn_with_an_encoding_that_leaves_no_candidate_or_only_empty_ones(tmp_path):
    examples = write(tmp_path, "e.json", [{"ship": GOOD_SHIP}])
    args = ["acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
            "--examples", examples, "-s", "1", "-p", "1", "--encoding"]
    text = encoding_path("ip_acquisition").read_text()
    none = write(tmp_path, "none.lp", text + "\n:- rhs(_, _).\n")
    result = run(*args, none)
    assert result.exit_code == 2 and "the language has no candidate constraint for s=1, p=1" in result.stderr
    bare = write(tmp_path, "bare.lp", text + "\n:- use(_, _, _).\n")  # only constraints without terms
    result = run(*args, bare)
    assert result.exit_code == 0, result.output
    assert "candidates visited of 2" in result.stdout


def test_the_size_of_the_language_is_bounded():
    result = run("acquire", "learn", "--schema", str(SHIP / "program.ip"), "--constants", str(SHIP / "constants.json"),
                 "--examples", str(SHIP / "constants.json"), "-p", "1000")
    assert result.exit_code == 2 and "'--max-tensors'" in result.output
    program = parse_program("index i = 1..2; var x[i] in 0..3;")
    with pytest.raises(InputError, match="must be 1 to 6"):
        Learner(max_terms=7).fit(program, {}, [{"x": [1, 2]}])


def test_ctrl_c_in_the_last_simplification_pass_keeps_what_the_first_passes_dropped(monkeypatch):
    import pyasp.acquire.simplify as simplify
    from pyasp.acquire import learn
    from pyasp.acquire import solve as draw

    acq = ROOT / "examples" / "acquire" / "knapsack"
    sample = draw(acq / "program.ip", acq / "constants.json", sample=25, seed=1).solutions
    full = learn(sample, schema=acq / "program.ip", constants=acq / "constants.json", s=1, p=2)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(simplify, "_quiet_highs", interrupted)  # Ctrl-C as the linear pass begins
    cut = learn(sample, schema=acq / "program.ip", constants=acq / "constants.json", s=1, p=2, keep_on_interrupt=True)
    assert cut.stopped and cut.result.interrupted and not cut.result.partial
    assert cut.dropped and len(full.dropped) >= len(cut.dropped)  # the domain and dominance passes' drops stay
    assert len(cut.program.constraints) + len(cut.dropped) == len(full.program.constraints) + len(full.dropped)


def test_an_empty_program_file_is_named_and_a_variable_without_domain_names_its_file(tmp_path):
    empty = tmp_path / "empty.ip"
    empty.write_text("% nothing yet\n", encoding="utf-8")
    result = run("acquire", "solve", str(empty), "--constants", str(SHIP / "constants.json"))
    assert result.exit_code == 2 and f"{empty}: the program is empty" in result.stderr
    unbounded = tmp_path / "free.ip"
    unbounded.write_text("var x;\nx <= 3;\n", encoding="utf-8")
    result = run("acquire", "solve", str(unbounded), "--constants", write(tmp_path, "c.json", {}))
    assert result.exit_code == 2 and f"{unbounded}:1: variable x has no domain" in result.stderr


def test_the_caret_under_a_syntax_error_keeps_the_lines_tabs():
    """On a tab-indented line the caret's indentation holds the same tab, so it lands under the
    place (before, the tab was one space and the caret pointed at the indentation)."""
    with pytest.raises(ConstraintsError) as caught:
        parse_program("index p = 1..2;\n\tvar x[p] in 0..5;\n\tx[p] <= ;\n", "t.ip")
    assert (caught.value.line, caught.value.column) == (3, 10)
    assert str(caught.value).endswith("\tx[p] <= ;\n\t        ^")


def test_a_non_ascii_letter_in_a_name_is_named_as_such():
    with pytest.raises(ConstraintsError, match=r'unexpected "ö": .*; names are ASCII letters, digits and _'):
        parse_program("index p = 1..2;\nvar größe[p] in 0..5;\n", "u.ip")


def test_a_deadline_does_not_weaken_the_linear_pass_once_highs_has_run_for_a_while(shipping, monkeypatch):
    """HiGHS's time_limit counts its own clock over every solve of the instance: set to the time
    left, it cut each later solve short once the solves together had run that long, and the
    constraints those solves would have dropped stayed (115 learned: 23 kept instead of 2). The
    clock is frozen here, so that 0.05 s stays left throughout: enough for any one solve on a busy
    machine (0.01 s was not), less than the solves together take (0.26 s on the 2-core machine)."""
    import time

    from pyasp.acquire import simplify

    program, instance, solutions = shipping
    learned = Learner(max_terms=2, max_factors=1).fit(program.with_constraints(()), instance, solutions[:25]).program_
    reference, _ = simplify.drop_entailed(learned, instance)
    monkeypatch.setattr(time, "perf_counter", lambda: 0.0)
    status: dict = {}
    simple, _ = simplify.drop_entailed(learned, instance, deadline=0.05, status=status)
    monkeypatch.undo()
    assert not status.get("stopped")
    assert set(simple.constraints) == set(reference.constraints)


@pytest.mark.parametrize("terms, factors", [(2, 1), (1, 2)])  # (1, 2): products, with no linear instance
@pytest.mark.parametrize("core_rows", [12, 20, 60])
def test_the_small_model_of_the_simplest_constraints_drops_what_the_whole_model_drops(shipping, monkeypatch, core_rows,
                                                                                      terms, factors):
    """What the simplest alive constraints imply, all alive ones imply: trying them first changes
    no drop, only the time (the nurse roster at s = p = 2 took minutes with the whole model alone)."""
    from pyasp.acquire import simplify

    program, instance, solutions = shipping
    learned = Learner(max_terms=terms, max_factors=factors).fit(program.with_constraints(()), instance,
                                                                 solutions[:25]).program_
    monkeypatch.setattr(simplify, "CORE_ROWS", 10**9)  # the whole model alone
    whole, whole_dropped = simplify.drop_entailed(learned, instance)
    monkeypatch.setattr(simplify, "CORE_ROWS", core_rows)
    built = []
    quiet = simplify._quiet_highs
    monkeypatch.setattr(simplify, "_quiet_highs", lambda: built.append(1) or quiet())
    both, both_dropped = simplify.drop_entailed(learned, instance)
    assert len(built) == 2  # the small model is there: the test compares the two ways
    assert set(both.constraints) == set(whole.constraints) and set(both_dropped) == set(whole_dropped)


def test_the_small_model_leaves_out_constraints_without_a_linear_instance(monkeypatch):
    """x[i]*y[i] <= 20 is the simplest constraint (one term) and has no linear instance: the small
    model skipped it (before: a KeyError as it was built)."""
    from pyasp.acquire import simplify

    text = ("index i = 1..3;\nvar x[i] in 0..5;\nvar y[i] in 0..5;\nx[i]*y[i] <= 20;\n"
            + "".join(f"x[i] + {k}*y[i] <= {4 + k};\n" for k in range(1, 9)))
    program = parse_program(text)
    instance = make_instance(program, {})
    monkeypatch.setattr(simplify, "CORE_ROWS", 10**9)
    whole, _ = simplify.drop_entailed(program, instance)
    monkeypatch.setattr(simplify, "CORE_ROWS", 6)
    both, _ = simplify.drop_entailed(program, instance)
    assert set(both.constraints) == set(whole.constraints)
    assert len(both.constraints) < len(program.constraints)


# =================================================================================================
# The time limit, partial results, no answer, natural forms (a user's report of 2026-11-26)
# =================================================================================================
KNAP = ("index i = 1..n;\nconst n;\nconst cap;\nconst w[i];\nconst v[i];\nconst minval;\nvar take[i] in 0..3;\n"
        "sum[i] w[i]*take[i] <= cap;\nsum[i] v[i]*take[i] >= minval;\n")
KNAP_CONSTANTS = {"n": 4, "cap": 10, "minval": 12, "w": [2, 3, 4, 5], "v": [3, 4, 5, 8]}


@pytest.fixture(scope="module")
def knap():
    """The report's knapsack: its program, instance, all its solutions and every assignment of
    the domains (256), for brute force."""
    program = parse_program(KNAP)
    instance = make_instance(program, KNAP_CONSTANTS)
    assignments = [{"take": np.array(t)} for t in itertools.product(range(4), repeat=4)]
    solutions = [a for a in assignments
                 if np.dot(KNAP_CONSTANTS["w"], a["take"]) <= 10 and np.dot(KNAP_CONSTANTS["v"], a["take"]) >= 12]
    return program, instance, solutions, assignments


def test_the_search_stops_within_a_level_when_checking_it_outlasts_the_limit(knap, monkeypatch):
    """Was: the clock was read only between cost levels, and a level at s = p = 3 holds tens of
    thousands of candidates, all decoded and checked after the limit (5 s became 6.3 s of search,
    60 s became 81.6 s). Here each check takes 2 ms: the first level alone (5,850 candidates)
    would take 12 s. Checked by counts, not by the clock (the limit leaves grounding room on a busy
    machine): the search is cut inside the first level, with candidates of it left unchecked."""
    import time

    program, instance, solutions, _ = knap
    slow = TensorEvaluator.holds

    def holds(self, c):
        time.sleep(0.002)
        return slow(self, c)

    monkeypatch.setattr(TensorEvaluator, "holds", holds)
    learner = Learner(max_terms=3, max_factors=3, time_limit_s=2.0)
    learner.fit(program.with_constraints(()), instance, solutions)
    result = learner.result_
    assert result.partial and result.search_cut and result.unchecked > 0
    assert result.visited < 5850 / 4  # at most 1,000 checks of 2 ms fit in 2 s


def test_a_search_cut_by_its_limit_is_not_a_flood_of_constraints_the_domains_imply(knap):
    """Was: a partial result kept every satisfied candidate (107,483 lines at 5 s, an 85 MB file
    at 60 s), nearly all true of every assignment (``sum[i] cap*take[i] + ... >= -1``), because
    the simplification had no time left. Now the candidates that interval bounds over the domains
    show true are left out as the search goes; the oracle is every assignment of the domains."""
    import pyasp.acquire as acquire

    program, _, solutions, assignments = knap
    learned = acquire.learn([{"take": s["take"].tolist()} for s in solutions], schema=program, constants=KNAP_CONSTANTS,
                            s=3, p=2, time_limit=1.5)
    r = learned.result
    assert r.partial
    kept = learned.program.constraints
    assert len(kept) < r.satisfied / 10
    every = TensorEvaluator(make_instance(program, KNAP_CONSTANTS), assignments)
    always_true = [c for c in kept if every.holds(c)]
    assert len(always_true) <= len(kept) / 2  # the rest need a relation between terms, which bounds cannot see
    # the header says what the limit cut
    assert r.search_cut and r.domain_implied > 0
    assert "; PARTIAL (time limit): the search stopped in level " in learned.header
    assert f"the {r.domain_implied:,} satisfied candidates that the domains imply left out" in learned.header


def test_a_search_cut_before_anything_but_what_the_domains_imply_is_no_answer(knap, tmp_path):
    """s = p = 3: the first levels hold only constraints every assignment satisfies; within a
    few seconds nothing else is learned. Exit 1 with one `pyasp: no answer:` line, nothing on stdout.
    10 s, not 3: on a loaded machine (load 13 on 2 cores) 3 s once ended before the first candidate
    was visited, which is the other message; 12 s still learns nothing the domains do not imply."""
    program, _, solutions, _ = knap
    out = tmp_path / "learned.ip"
    result = run("acquire", "learn", "--schema", write(tmp_path, "knap.ip", KNAP), "--constants",
                 write(tmp_path, "c.json", KNAP_CONSTANTS), "--examples",
                 write(tmp_path, "ex.json", [{"take": s["take"].tolist()} for s in solutions]),
                 "-s", "3", "-p", "3", "--time-limit", "10", "--out", str(out))
    assert result.exit_code == 1, result.output
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith("pyasp: no answer: the time limit ran out before any constraint was learned that "
                                    "the declared domains do not imply (")
    assert not out.exists()


def test_domain_bounds_imply_only_what_every_assignment_satisfies():
    """Soundness of the interval pass against brute force over the domains, on every candidate
    of a small language with signed domains and constants, products and sums."""
    from pyasp.acquire.simplify import DomainBounds

    program = parse_program("index i = 1..2; const c[i]; const k; var x[i] in -1..2; var y in 0..1;")
    instance = make_instance(program, {"c": [-2, 3], "k": 2})
    assignments = list(all_assignments(program, instance.sizes))
    kinds = {"c": "signed", "k": "good", "x": "signed", "y": "bad"}
    candidates = enumerate_language(program, kinds, max_terms=2, max_factors=2)
    bounds = DomainBounds(program, instance)
    every = TensorEvaluator(instance, assignments)
    implied = [c for c in candidates if bounds.implied(c)]
    assert len(implied) > 50  # not vacuous
    assert all(every.holds(c) for c in implied)
    # it is weaker than trying every value: x[i]*x[i] >= -1 holds, but -1 * 2 = -2 is in its bounds
    square = parse_program("x[i]*x[i] >= -1;", schema=program).constraints[0]
    assert every.holds(square) and not bounds.implied(square)
    # a constant whose indices are declared in another order than the program's
    program = parse_program("index i = 1..2; index j = 1..3; const d[j,i]; var x[i,j] in 0..2;")
    instance = make_instance(program, {"d": [[2, 0], [1, 3], [2, 2]]})
    every = TensorEvaluator(instance, list(all_assignments(program, instance.sizes)))
    bounds = DomainBounds(program, instance)
    candidates = enumerate_language(program, {"d": "ugly", "x": "ugly"}, max_terms=2, max_factors=2)
    implied = [c for c in candidates if bounds.implied(c)]
    assert len(implied) > 20 and all(every.holds(c) for c in implied)
    assert bounds.implied(parse_program("x[i,j]*d[j,i] <= 6;", schema=program).constraints[0])
    assert not bounds.implied(parse_program("x[i,j]*d[j,i] <= 5;", schema=program).constraints[0])


PERM = "index i = 1..N;\nindex j = 1..N;\nconst N;\nvar x[i,j] in 0..1;\n"


def test_nothing_learned_is_no_answer(tmp_path):
    """Was: exit 0 and an empty program. README: exit 1 is no answer, one `pyasp: no answer:` line."""
    perms = [{"x": np.eye(3, dtype=int)[list(p)].tolist()} for p in itertools.permutations(range(3))]
    args = ["acquire", "learn", "--schema", write(tmp_path, "perm.ip", PERM), "--constants",
            write(tmp_path, "c.json", {"N": 3}), "--examples", write(tmp_path, "ex.json", perms)]
    result = run(*args, "--directions", ">=", "--no-negation", "--json")
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert ("pyasp: no answer: no constraint of the language (s=1, p=2) holds in all 6 examples: 3 candidates "
            "visited, 3 violated") in result.stderr
    assert run(*args).exit_code == 0  # the default language learns the permutation matrix


def test_a_schema_without_a_variable_says_so(tmp_path):
    """Was: "the encoding: the language has no candidate constraint ...: its restrictions rule
    out every one", with no --encoding given."""
    schema = write(tmp_path, "novar.ip", "index i = 1..n;\nconst n;\nconst c[i];\n")
    result = run("acquire", "learn", "--schema", schema, "--constants", write(tmp_path, "c.json", {"n": 2, "c": [1, 2]}),
                 "--examples", write(tmp_path, "ex.json", [{}]))
    assert result.exit_code == 2, result.output
    assert result.stderr == (f"pyasp: error: {schema}: the schema declares no decision variable (var NAME[...] in "
                             "LO..HI;): the constraints learned are over the variables, so there is nothing to learn\n")


SCHED = """index j = 1..J;
index t = 1..T;
const J;
const T;
const dur[j];
const load[j];
var on[j,t] in 0..1;
var y in -3..3;
sum[t] on[j,t] = dur[j];
sum[j] load[j]*on[j,t] <= 3;
sum[t] 2*on[j,t] + 1 >= dur[j];
y + 1 >= -load[j];
2*y - 3 <= -1;
sum[j,t] on[j,t] - 2*y >= 5;
"""


def test_learned_constraints_are_written_the_natural_way(tmp_path):
    """Was: `0 <= -y;` and `sum[t] on[j,t]*on[j,t] >= dur[j];` for a 0/1 `on`. Now `y <= 0;` and
    the square as the cell; the program read back is the same program, and it has the same
    solutions as before (brute force over every assignment)."""
    import pyasp.acquire as acquire

    program = parse_program(SCHED)
    constants = {"J": 3, "T": 4, "dur": [2, 1, 3], "load": [2, 1, 1]}
    instance = make_instance(program, constants)
    solutions = solve(program, instance, limit=None).solutions
    assert len(solutions) == 180
    learned = acquire.learn(solutions, schema=program, constants=constants, s=1, p=2)
    texts = [learned.program.text(c) for c in learned.program.constraints]
    assert "y <= 0" in texts and "0 <= -y" not in texts
    assert "sum[t] on[j,t] >= dur[j]" in texts
    assert not any(t.factors.count("on") > 1 for c in learned.program.constraints for t in c.terms)
    assert learned.rewritten >= 2 and "written more simply" in learned.header
    assert parse_program(learned.text) == learned.program
    values = dict(instance.constants)
    want = {freeze(a) for a in all_assignments(program, instance.sizes) if satisfies(program, instance.sizes, {**values, **a})}
    got = {freeze(a) for a in all_assignments(program, instance.sizes)
           if satisfies(learned.program, instance.sizes, {**values, **a})}
    assert got == want
    plain = acquire.learn(solutions, schema=program, constants=constants, s=1, p=2, simplify=False)
    assert "0 <= -y" not in plain.text and "y <= 0;" in plain.text  # written so without simplification too


def test_one_example_is_singular_and_a_scalar_given_a_list_says_it_is_a_scalar(tmp_path):
    import pyasp.acquire as acquire

    learned = acquire.learn([{"x": [1, 0]}], schema="index i = 1..2; var x[i] in 0..1;", constants={}, s=1, p=1)
    assert learned.header.startswith("% learned by pyasp acquire learn from 1 example, s=1")
    program = write(tmp_path, "z.ip", "var z in -2..2;\nz <= 1;\n")
    result = run("acquire", "check", program, "--constants", write(tmp_path, "c.json", {}),
                 "--solutions", write(tmp_path, "s.json", [{"z": [1]}]))
    assert result.exit_code == 2, result.output
    assert "example 1: z is a scalar (declared without indices): give one number, not a list of shape [1]" in result.stderr
    result = run("acquire", "check", program, "--constants", write(tmp_path, "c2.json", {}),
                 "--solutions", write(tmp_path, "s2.json", [{"z": None}]))
    assert "example 1: z: null is not an integer" in result.stderr


def test_a_repeated_term_is_printed_with_its_count():
    """Was: `sum[c] m[r,c]*m[r,c] + sum[c] m[r,c]*m[r,c] - ...` and `N*S + N*S - ...` (18 of 60
    constraints of a semi-magic square at s = 3, p = 2). The language keeps repeated terms
    (leaving them out lowered precision, docs/ip_acquisition.md); the learned program writes
    one as `2*t`, reads back as the same program, and accepts exactly what the search's
    constraints accept."""
    import pyasp.acquire as acquire

    program = parse_program("index r = 1..N; index c = 1..N; const N; const S; var m[r,c] in 1..9;")
    lo_shu = np.array([[2, 7, 6], [9, 5, 1], [4, 3, 8]])
    squares = [lo_shu[list(rows)][:, list(cols)] for rows in itertools.permutations(range(3))
               for cols in itertools.permutations(range(3))]
    examples = [{"m": q.tolist()} for q in squares[::2]] + [{"m": q.T.tolist()} for q in squares[1::6]]
    constants = {"N": 3, "S": 15}
    candidates = enumerate_language(program.with_constraints(()), {"N": "good", "S": "good", "m": "good"},
                                    max_terms=2, max_factors=1)
    assert any(len(set(c.pos)) < len(c.pos) for c in candidates)  # t + t is in the language
    learned = acquire.learn(examples, schema=program, constants=constants, s=3, p=2)
    kept = learned.program.constraints
    assert not any(len(set(c.pos)) < len(c.pos) or len(set(c.neg)) < len(c.neg) for c in kept)
    texts = [learned.program.text(c) for c in kept]
    assert "sum[c] 2*m[r,c]*m[r,c] - sum[c] S*m[r,c] <= -N" in texts, texts
    assert parse_program(learned.text) == learned.program
    raw = acquire.learn(examples, schema=program, constants=constants, s=3, p=2, simplify=False)
    assert any(len(set(c.pos)) < len(c.pos) for c in raw.result.constraints)  # what the search kept
    assert not any(len(set(c.pos)) < len(c.pos) for c in raw.program.constraints)  # as it is printed
    instance = make_instance(program, constants)
    rng = np.random.default_rng(2)
    trials = [{"m": rng.integers(1, 10, (3, 3))} for _ in range(300)] + [{"m": q} for q in squares]
    evaluator = TensorEvaluator(instance, trials)
    def accepted(constraints):
        return np.all([evaluator.satisfied(c) for c in constraints], axis=0).tolist()

    assert accepted(raw.result.constraints) == accepted(raw.program.constraints)
    assert any(accepted(raw.program.constraints)) and not all(accepted(raw.program.constraints))


def test_a_right_hand_side_with_its_indices_in_another_order_is_read_as_declared(tmp_path):
    """Found while testing the bounds: ``TensorEvaluator.rhs`` reshaped d[j,i] to the program's
    index order (i, j) without moving its axes, so ``x[i,j] <= d[j,i]`` was checked against a
    scrambled d (the learner kept or dropped it wrongly; `acquire check` named wrong places). The
    loop oracle reads every cell by its indices."""
    program = parse_program("index i = 1..2; index j = 1..3; const d[j,i]; var x[i,j] in 0..3;"
                            "x[i,j] <= d[j,i]; sum[j] x[i,j] >= d[j,i];")
    constants = {"d": [[2, 0], [1, 3], [2, 2]]}
    instance = make_instance(program, constants)
    rng = random.Random(4)
    assignments = [{"x": np.array([[rng.randint(0, 3) for _ in range(3)] for _ in range(2)])} for _ in range(60)]
    assignments.append({"x": np.array(constants["d"]).T.copy()})
    evaluator = TensorEvaluator(instance, assignments)
    values = dict(instance.constants)
    for c in program.constraints:
        want = [holds(program, instance.sizes, {**values, **a}, c) for a in assignments]
        assert evaluator.satisfied(c).tolist() == want
        assert any(want) and not all(want)
    learned = Learner(max_terms=1, max_factors=1).fit(program.with_constraints(()), instance, assignments[-1:])
    assert "x[i,j] <= d[j,i]" in [program.text(c) for c in learned.constraints_]


SCHED_CONSTANTS = {"J": 3, "T": 4, "dur": [2, 1, 3], "load": [2, 1, 1]}


def _sched_learned(**options):
    """SCHED learned at s = 1, p = 2 from all its 180 solutions, and the program and instance."""
    import pyasp.acquire as acquire

    program = parse_program(SCHED)
    instance = make_instance(program, SCHED_CONSTANTS)
    solutions = solve(program, instance, limit=None).solutions
    return acquire.learn(solutions, schema=program, constants=SCHED_CONSTANTS, s=1, p=2, **options), program, instance


def test_a_learned_pair_a_le_b_and_a_ge_b_is_printed_as_one_equation(tmp_path):
    """Was: `sum[t] on[j,t] <= dur[j];` and `sum[t] on[j,t] >= dur[j];` on two lines. Now one
    line `sum[t] on[j,t] = dur[j];`, in the MiniZinc export too; it reads back as the same two
    constraints, so solve and check treat it as the pair (check names the equation, sides as
    written, whichever half an assignment breaks)."""
    from pyasp.acquire.export import to_minizinc

    learned, program, instance = _sched_learned()
    lines = learned.text.splitlines()
    assert "sum[t] on[j,t] = dur[j];" in lines
    assert not {"sum[t] on[j,t] <= dur[j];", "sum[t] on[j,t] >= dur[j];"} & set(lines)
    half = parse_program("sum[t] on[j,t] <= dur[j];", schema=program).constraints[0]
    assert {half, half.reversed_reading()} <= set(learned.program.constraints)
    assert parse_program(learned.text) == learned.program
    assert "constraint forall(j in 1..J)(sum(t in 1..T)(on[j,t]) = dur[j]);" in to_minizinc(learned.program)
    plain, _, _ = _sched_learned(simplify=False)  # without simplification too
    assert "on[j,t]*on[j,t] = on[j,t];" in plain.text.splitlines() and parse_program(plain.text) == plain.program
    # the program as printed: the same solutions as the pair
    file = write(tmp_path, "learned.ip", learned.header + learned.text)
    assert {freeze(s) for s in solve(load_program(file), instance, limit=None).solutions} == \
        {freeze(s) for s in solve(learned.program, instance, limit=None).solutions}
    good = {"on": [[1, 1, 0, 0], [0, 0, 1, 0], [1, 1, 1, 0]], "y": 0}
    over = {"on": [[1, 1, 0, 1], [0, 0, 1, 0], [1, 1, 1, 0]], "y": 0}  # job 1 runs 3 slots for a duration of 2
    under = {"on": [[1, 0, 0, 0], [0, 0, 1, 0], [1, 1, 1, 0]], "y": 0}  # and 1 here
    result = run("acquire", "check", file, "--constants", write(tmp_path, "c.json", SCHED_CONSTANTS),
                 "--solutions", write(tmp_path, "s.json", [good, over, under]))
    assert result.exit_code == 1, result.output
    at = 1 + lines.index("sum[t] on[j,t] = dur[j];") + 1  # the header is line 1
    assert result.stdout.splitlines() == [
        "solution 1: ok",
        f"solution 2: breaks sum[t] on[j,t] = dur[j] (line {at}) at j=1: left side 3, right side 2",
        f"solution 3: breaks sum[t] on[j,t] = dur[j] (line {at}) at j=1: left side 1, right side 2"]


def test_products_with_a_variable_that_a_kept_bound_fixes_are_dropped():
    """Was: `on[j,t]*y <= 0`, `on[j,t]*y <= -y`, `on[j,t]*y <= on[j,t]` and their sums over j
    and t (12 constraints) kept beside `y <= 0` for `var y in -3..3`: the linear pass does not
    reason about products. Now `y <= 0` narrows y's bounds to -3..0, and what the narrowed
    bounds imply goes (the learned program still has the true program's solutions:
    test_learned_constraints_are_written_the_natural_way checks it by brute force)."""
    learned, _, _ = _sched_learned()
    texts = [learned.program.text(c) for c in learned.program.constraints]
    assert "y <= 0" in texts
    assert not any(t.endswith(("*y <= 0", "*y <= -y", "*y <= on[j,t]")) for t in texts), texts
    assert "sum[t] on[j,t]*y <= y" in texts  # needs sum[t] on[j,t] = dur[j] >= 1, not bounds alone: kept
    # the same on a small program: the bounds stay, what they imply goes, the rest stays
    small = parse_program("index j = 1..2; const c[j]; var on[j] in 0..1; var y in -3..3; var x[j] in 0..9;\n"
                          "y <= 0; on[j]*y <= 0; sum[j] on[j]*y <= -y; sum[j] on[j]*y <= y; x[j] >= c[j];\n"
                          "c[j]*x[j] >= 1; c[j]*x[j] >= 2; x[j]*y <= 1;")
    instance = make_instance(small, {"c": [1, 2]})
    kept, dropped = drop_entailed(small, instance)
    assert [small.text(c) for c in kept.constraints] == ["y <= 0", "sum[j] on[j]*y <= y", "x[j] >= c[j]",
                                                         "c[j]*x[j] >= 2"]  # x[1] = 1 breaks it: kept
    assert sorted(small.text(c) for c in dropped) == ["c[j]*x[j] >= 1", "on[j]*y <= 0", "sum[j] on[j]*y <= -y",
                                                      "x[j]*y <= 1"]
    everything = list(all_assignments(small.with_constraints(()), instance.sizes))
    assert (accepts(kept, instance, everything) == accepts(small, instance, everything)).all()


def test_bounds_narrowed_by_a_constraint_imply_only_what_it_implies():
    """Soundness of the narrowing against brute force: for every candidate P of a small language
    (signed domains and constants, a constant over another index than the variable's) that
    narrows the bounds, every candidate the narrowed bounds imply holds in every assignment
    that satisfies P."""
    from pyasp.acquire.simplify import DomainBounds

    program = parse_program("index i = 1..2; index j = 1..2; const c[i]; const d[j]; const k; var x[i] in -1..2;"
                            "var y in 0..3;")
    instance = make_instance(program, {"c": [-2, 3], "d": [1, -1], "k": 2})
    every = TensorEvaluator(instance, list(all_assignments(program, instance.sizes)))
    kinds = {"c": "signed", "d": "signed", "k": "good", "x": "signed", "y": "ugly"}
    candidates = enumerate_language(program, kinds, max_terms=1, max_factors=2)
    plain = DomainBounds(program, instance)
    narrowed = implied = 0
    for premise in enumerate_language(program, kinds, max_terms=2, max_factors=1):
        bounds = DomainBounds(program, instance)
        if bounds.implied(premise) or not bounds.narrow(premise):
            continue
        narrowed += 1
        holds = every.satisfied(premise)
        for c in candidates:
            if bounds.implied(c):
                assert every.satisfied(c)[holds].all(), (program.text(premise), program.text(c))
                implied += not plain.implied(c)
    assert narrowed > 50 and implied > 1000  # not vacuous
    y_at_most = parse_program("2*y + k <= 5;", schema=program).constraints[0]  # y <= 1 (1.5 rounded down)
    bounds = DomainBounds(program, instance)
    assert bounds.narrow(y_at_most) and bounds.implied(parse_program("y <= 1;", schema=program).constraints[0])
    assert not bounds.implied(parse_program("y <= 0;", schema=program).constraints[0])
    for other in ("x[i] <= y;", "x[i]*c[i] <= 1;", "sum[i] x[i] <= 1;", "x[i]*x[i] <= 1;"):  # no bound of one cell
        assert not DomainBounds(program, instance).narrow(parse_program(other, schema=program).constraints[0]), other


def test_check_prints_a_constraint_as_it_was_written(tmp_path):
    """Was: `c[i]*x[i] <= 6`, `y - sum[i] x[i] <= 0` and `sum[i] c[i]*x[i] <= y` for what the
    file says `x[i]*c[i] <= 6`, `sum[i] x[i] - y >= 0` and `sum[i] x[i]*c[i] = y`: check
    printed the canonical form. Now the constraint as written, its sides as written."""
    program = write(tmp_path, "p.ip", "index i = 1..2;\nconst c[i];\nvar x[i] in 0..5;\nvar y in 0..9;\n"
                                      "x[i]*c[i] <= 6;\nsum[i] x[i] - y >= 0;\nsum[i] x[i]*c[i] = y;\n")
    solutions = write(tmp_path, "s.json", [{"x": [3, 1], "y": 5}, {"x": [0, 0], "y": 1}, {"x": [0, 0], "y": 0}])
    constants = write(tmp_path, "c.json", {"c": [2, 3]})
    args = ["acquire", "check", program, "--constants", constants, "--solutions", solutions]
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "solution 1: breaks sum[i] x[i] - y >= 0 (line 6): left side -1, right side 0; "
        "sum[i] x[i]*c[i] = y (line 7): left side 9, right side 5",
        "solution 2: breaks sum[i] x[i] - y >= 0 (line 6): left side -1, right side 0; "
        "sum[i] x[i]*c[i] = y (line 7): left side 0, right side 1",
        "solution 3: ok"]
    first = json.loads(run(*args, "--json").stdout)["results"][0]["violated"]
    assert [v["text"] for v in first] == ["sum[i] x[i] - y >= 0", "sum[i] x[i]*c[i] = y"]


@pytest.mark.parametrize("text, message, not_listed", [
    ("var x[i] in 0..5;\nx[i] <= c[i]", 'unexpected end of file: expected ";"', ['"in"', "a name", '"*"']),
    ("var y in 0..3;\ny <= 3 4;", 'unexpected "4": expected ";"', ['".."']),
    ("var y in 0..3;\ny <= c[i] in 0..3;", 'unexpected "in": expected ";"', ['"*"', '"+"']),
    ("var z[i] ! 0..3;", 'unexpected "!": expected ";", "in"', ['"*"', "a name"]),
    ("var z in 0 3;", 'unexpected "3": expected ".."', ['";"']),
    ("var y in 0..3;\ny <= 3;;", 'unexpected ";": expected "-", "const" or "var", "index", "sum", a name, a number, '
                                 "the end of the file", ['"0"']),
])
def test_a_syntax_error_lists_only_what_can_follow(text, message, not_listed, tmp_path):
    """Was: `x[i] <= c[i]` without its ";" at the end of the file gave 'expected "*", "+", "-",
    ";", "<=", ">=" or "=", "in", a name, a number', and `y <= 3 4;` 'expected "..", ";"':
    Lark's lookahead of the LALR state, shared by every index list (and every integer). Now the
    tokens the parser can take there."""
    source = "index i = 1..3;\nconst c[i];\n" + text
    with pytest.raises(ConstraintsError) as caught:
        parse_program(source)
    detail = caught.value.detail
    assert detail.startswith(message), detail
    assert not any(token in detail for token in not_listed), detail
    result = run("acquire", "check", write(tmp_path, "p.ip", source), "--constants", write(tmp_path, "c.json", {}),
                 "--solutions", write(tmp_path, "s.json", [{}]))
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_ctrl_c_leaves_out_at_once_what_the_domains_imply(monkeypatch):
    """Was: after Ctrl-C in the search, the most-specific filter (2 s) and the simplification (2 s)
    went through every satisfied candidate, most of them true of every assignment, and a knapsack
    search at s = p = 3 took 3 to 16 s to end (docs/ip_acquisition.md). Now the search tries each
    satisfied candidate on the domain bounds as it goes, as with a time limit, and Ctrl-C leaves
    those out at once (the header says how many); so does Ctrl-C in the filter of a whole search."""
    from pyasp.acquire import learn
    from pyasp.acquire.simplify import DomainBounds
    from pyasp.asp import Program as AspProgram

    program = parse_program("index i = 1..3; const c[i]; var x[i] in 0..4;")
    examples = [{"x": [1, 2, 3]}, {"x": [0, 2, 4]}, {"x": [1, 1, 2]}]
    levels = AspProgram.optimal_models
    calls = []

    def sixth_level_interrupted(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 6:
            raise KeyboardInterrupt
        return levels(self, *args, **kwargs)

    monkeypatch.setattr(AspProgram, "optimal_models", sixth_level_interrupted)
    cut = learn(examples, schema=program, constants={"c": [2, 2, 3]}, s=2, p=2, keep_on_interrupt=True,
                simplify=False)
    monkeypatch.setattr(AspProgram, "optimal_models", levels)
    r = cut.result
    assert r.interrupted and r.partial and r.domain_implied > 0
    assert f"(the {r.domain_implied:,} satisfied candidates that the domains imply left out)" in cut.header
    bounds = DomainBounds(program, make_instance(program, {"c": [2, 2, 3]}))
    assert r.constraints and not any(bounds.implied(c) for c in r.constraints)

    def filter_interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module("pyasp.acquire.learn"), "_mark_general", filter_interrupted)
    whole = learn(examples, schema=program, constants={"c": [2, 2, 3]}, s=1, p=2, keep_on_interrupt=True,
                  simplify=False)
    r = whole.result
    assert r.interrupted and r.filter_stopped and not r.search_cut and r.domain_implied > 0
    assert f"the most-specific filter was cut (some kept constraints are implied by others; the " \
           f"{r.domain_implied:,} that the domains imply left out)" in whole.header
    assert r.constraints and not any(bounds.implied(c) for c in r.constraints)


def test_ctrl_c_gives_the_filter_and_the_simplification_one_short_time_together(monkeypatch):
    """Was: after Ctrl-C in the search the most-specific filter had INTERRUPT_FINISH_S and the
    simplification INTERRUPT_FINISH_S again from when the filter ended, and the simplification
    then tried every constraint on the domains' bounds again, past its deadline (0.15 s on the
    knapsack's 17,000 after 25 s), though the search had tried each already: Ctrl-C took longer
    the more the search had kept. Now the two share the time from the Ctrl-C, and the bounds are
    not tried twice."""
    import time

    import pyasp.acquire.simplify as simplify
    from pyasp.acquire import learn
    from pyasp.acquire.learn import INTERRUPT_FINISH_S
    from pyasp.asp import Program as AspProgram

    learner_module = importlib.import_module("pyasp.acquire.learn")
    program = parse_program("index i = 1..3; const c[i]; var x[i] in 0..4;")
    examples = [{"x": [1, 2, 3]}, {"x": [0, 2, 4]}, {"x": [1, 1, 2]}]
    levels, mark, drop = AspProgram.optimal_models, learner_module._mark_general, simplify.drop_entailed
    raised, calls, seen = [], [], {}

    def sixth_level_interrupted(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 6:
            raised.append(time.perf_counter())
            raise KeyboardInterrupt
        return levels(self, *args, **kwargs)

    def slow_filter(*args, **kwargs):  # as on a large search: the filter takes its time
        time.sleep(0.05)
        return mark(*args, **kwargs)

    def dropping(*args, **kwargs):
        seen.update(kwargs)
        return drop(*args, **kwargs)

    monkeypatch.setattr(AspProgram, "optimal_models", sixth_level_interrupted)
    monkeypatch.setattr(learner_module, "_mark_general", slow_filter)
    monkeypatch.setattr(simplify, "drop_entailed", dropping)
    cut = learn(examples, schema=program, constants={"c": [2, 2, 3]}, s=2, p=2, keep_on_interrupt=True)
    assert cut.result.interrupted and cut.result.search_cut and raised
    assert seen["deadline"] < raised[0] + INTERRUPT_FINISH_S + 0.02  # not 0.05 s (the filter) later
    assert seen["bounds_checked"] is True
    assert cut.program.constraints and "PARTIAL (Ctrl-C)" in cut.header


def test_bounds_checked_changes_only_the_work_not_what_is_dropped():
    """``bounds_checked`` (the learner's promise that the plain domain bounds imply none of the
    constraints) skips that check; where the promise holds, the result is the same."""
    from pyasp.acquire import learn
    from pyasp.acquire.simplify import DomainBounds, bounds_implied

    program = parse_program("index i = 1..3; const c[i]; var x[i] in 0..4; var y in -3..3;")
    examples = [{"x": [1, 2, 3], "y": -1}, {"x": [0, 2, 4], "y": 0}, {"x": [1, 1, 2], "y": -2}]
    instance = make_instance(program, {"c": [2, 2, 3]})
    learned = learn(examples, schema=program, constants={"c": [2, 2, 3]}, s=1, p=2, simplify=False).program
    bounds = DomainBounds(program, instance)
    unimplied = learned.with_constraints(c for c in learned.constraints if not bounds.implied(c))
    assert len(unimplied.constraints) < len(learned.constraints)  # the plain bounds do imply some of them
    narrowed = bounds_implied(unimplied, instance)
    assert narrowed  # what "y <= 0" implies once it narrows y, found either way
    assert bounds_implied(unimplied, instance, checked=True) == narrowed


DSL_PIECES = ["index", "const", "var", "sum", "in", "i", "j", "x", "c", "1", "2", "2.5", "..", "=", "==", "<=", ">=",
              "<", "\u2264", "+", "-", "*", "[", "]", ",", ";", "\n", " ", "% note\n", "#", "//", "(", "!"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DSL_PIECES), max_size=25))
def test_any_text_parses_or_is_refused_with_its_line_and_column(pieces):
    """The hints of a syntax error (a ";" missing at a line's end, "==", "#", ...) look around
    the place of the error: whatever the text, a ConstraintsError that names a line and column
    of it, never another exception."""
    text = "index i = 1..2;\nconst c[i];\nvar x[i] in 0..3;\n" + " ".join(pieces)
    try:
        parse_program(text, "p.ip")
    except ConstraintsError as error:
        lines = text.split("\n")
        assert 1 <= error.line <= len(lines) and 1 <= error.column <= len(lines[error.line - 1]) + 1, str(error)
        assert str(error).startswith(f"p.ip:{error.line}:{error.column}: ")


# -- the reader and Lark's grammar agree ------------------------------------------------------------
# parse_program reads a text with a small reader of its own (dsl._read); Lark parses it only to word a
# syntax error. The reader must take exactly what the grammar takes, cut it into the same tokens at the
# same lines and columns, and place each statement, term, index list and domain where Lark's tree does.
def _lark_with_positions():
    from lark import Lark

    from pyasp.resources import grammar_path

    return Lark(grammar_path("constraints").read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                keep_all_tokens=True)


LARK_WITH_POSITIONS = _lark_with_positions()


def _reader_agrees_with_lark(text: str) -> bool:
    """Whether the grammar takes ``text``, after checking that the reader agrees on it (and, on
    a syntax error, that Lark words it alike with the statements before it blanked out)."""
    from lark import Token
    from lark.exceptions import UnexpectedInput

    from pyasp.acquire.dsl import _lark_error, _NotRead, _read, _Tokens

    tokens = _Tokens(text)
    try:
        statements = _read(tokens)
    except _NotRead as stop:
        statements, stopped = None, stop.k
    try:
        tree = LARK_WITH_POSITIONS.parse(text)
    except UnexpectedInput:
        assert statements is None, f"the reader takes what the grammar refuses: {text!r}"
        quick, whole = (_lark_error(text, "p.ip", tokens, stopped, whole=w) for w in (False, True))
        assert (str(quick), quick.line, quick.column) == (str(whole), whole.line, whole.column), text
        return False
    assert statements is not None, f"the reader refuses what the grammar takes: {text!r}"
    def leaves(node):
        for child in node.children:
            yield from ([child] if isinstance(child, Token) else leaves(child))

    lark_tokens = [(str(t), t.line, t.column) for t in leaves(tree)]
    assert lark_tokens == [(tokens.values[k], *tokens.where(k)) for k in range(len(lark_tokens))]
    assert tokens.values[len(lark_tokens)] == ""  # and no more
    where = lambda node: (node.meta.line, node.meta.column)  # noqa: E731
    for node, stmt in zip(tree.children, statements, strict=True):
        kind = {"index_decl": "index", "tensor_decl": "tensor", "constraint": "constraint"}[node.data]
        assert stmt[0] == kind and where(node) == tokens.where(stmt[1] - (kind == "index"))
        if kind == "tensor":
            parts = {part.data: part for part in node.children[2:] if hasattr(part, "data")}
            assert ("indices" in parts) == (stmt[3] is not None) and ("domain" in parts) == (stmt[4] is not None)
            for name, got in (("indices", stmt[3]), ("domain", stmt[4])):
                if got is not None:
                    assert where(parts[name]) == tokens.where(got[0])
        if kind == "constraint":
            terms = [t for t in node.iter_subtrees_topdown() if t.data == "term"]
            assert [where(t) for t in terms] == [tokens.where(term[0]) for _, term in stmt[2] or ()]
    return True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.data())
def test_the_reader_takes_what_the_grammar_takes_and_places_it_alike(program, data):
    """Printed programs, and the same texts with blanks, comments and line breaks between tokens
    and one token dropped, doubled or replaced."""
    from pyasp.acquire.dsl import _TOKEN

    text = format_program(program)
    assert _reader_agrees_with_lark(text)
    pieces = _TOKEN.findall(text)
    filler = st.sampled_from(["", " ", "\n", "  % a note; x <= 1\n", "\t", "\r\n", "%\n"])
    spaced = "".join(p + (data.draw(filler) if p.strip() else "") for p in pieces)
    assert _reader_agrees_with_lark(spaced)
    if pieces:
        k = data.draw(st.integers(0, len(pieces) - 1))
        swap = data.draw(st.sampled_from(["", pieces[k] + pieces[k], "0", "00", "-", "+", "*", "=", "<=", ";", "[",
                                          "]", ",", "..", "in", "sum", "index", "var", "x", "1", " ", "\u00a0"]))
        _reader_agrees_with_lark("".join(pieces[:k]) + swap + "".join(pieces[k + 1:]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DSL_PIECES + ["0", "00", "sum[i]", "x[i]", "c[i]", "%", "\t", "var y in", "3..4"]),
                max_size=25))
def test_the_reader_and_the_grammar_agree_on_any_text(pieces):
    _reader_agrees_with_lark("index i = 1..2;\nconst c[i];\nvar x[i] in 0..3;\n" + " ".join(pieces))


@pytest.mark.parametrize("text", ["", "% only a note", "0 <= x;", "00 <= x;", "-0*x <= 1;", "0*x <= 1;", "x <= -0;",
                                  "sum [ i ] x [ i ] <= 1 ;", "var x in - 3 .. 4;", "const constant; var var_1;",
                                  "index i=1..n;", "x[i] <= c[i] % a note; and more\n;", "x <= 1", "x <= 1;;"])
def test_the_reader_agrees_with_the_grammar_on_corner_cases(text):
    _reader_agrees_with_lark(text)


def _learned_like(n: int, seed: int) -> Program:
    """A program of ``n`` constraints of the shape ``acquire learn`` prints (sums of products of up
    to three tensors, some times an integer; a tensor or an integer on the right; some equations)."""
    rng = random.Random(seed)
    tensors = (TensorDecl("n", (), False), TensorDecl("cap", (), False), TensorDecl("w", ("i",), False),
               TensorDecl("p", ("i",), False), TensorDecl("d", ("i", "j"), False), TensorDecl("x", ("i",), True, (0, 9)),
               TensorDecl("y", ("i", "j"), True, (-3, 3)))
    indices_of = {t.name: set(t.indices) for t in tensors}
    constraints = []
    for _ in range(n):
        free = {"i"} if rng.random() < 0.5 else set()  # every term leaves i free, or none does
        terms = []
        for _ in range(rng.randint(1, 4)):
            factors = rng.sample(list(indices_of), rng.randint(1, 3))
            used = set().union(*(indices_of[f] for f in factors))
            if free and "i" not in used:
                factors.append("w")
                used.add("i")
            terms.append(Term.of(factors, used - free, rng.choice([1, 1, 1, 2, 3])))
        pos = [t for t in terms if rng.random() < 0.7]
        neg = [t for t in terms if t not in pos]
        rhs = rng.choice([rng.randint(-20, 20), "n", "cap"] + (["w", "p"] if free else []))
        constraints.append(Constraint.of(pos, neg, rhs, rng.random() < 0.3))
        if rng.random() < 0.1:
            constraints.append(constraints[-1].reversed_reading())  # the two printed as one equation
    return Program((IndexDecl("i", "n"), IndexDecl("j", 4)), tensors, tuple(constraints))


def test_a_large_program_reads_back_as_printed():
    """3,000 learned-like constraints print, parse back to the same program (each constraint on
    its line, as written) and print the same again."""
    program = _learned_like(3000, seed=7)
    text = format_program(program)
    again = parse_program(text, "big.ip")
    assert again == program
    assert format_program(again) == text
    lines = text.splitlines()
    declared = len(program.indices) + len(program.tensors)
    assert all(lines[c.line - 1] == again.text(c) + ";" for c in again.constraints)
    assert [c.line for c in again.constraints][:1] == [declared + 1]
    assert [t.line for t in again.tensors] == list(range(len(program.indices) + 1, declared + 1))
    bare = format_program(program, declarations=False)
    assert parse_program(bare, schema=program.with_constraints(())) == program
    # an error at the end of it is still found at its line and column
    with pytest.raises(ConstraintsError) as caught:
        parse_program(text + "x[i] <= q;\n", "big.ip")
    assert str(caught.value).startswith(f"big.ip:{len(lines) + 1}:9: unknown tensor q")
