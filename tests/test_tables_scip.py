"""The support-graph encoding cross-checked against an integer program of the same problem.

``bench/support_graph_scip.py`` states ``encodings/support_graph.lp`` as a 0/1 program for SCIP
(pyscipopt, an optional bench dependency). For every question of the example store and every
option (fixed chosen), clingo's optimum (minus its cost) must equal SCIP's optimum, to the
integer; an option without a support graph must have none in both.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyscipopt")

from pyasp.asp import Program, fact  # noqa: E402
from pyasp.tables.engine import TableSolver  # noqa: E402
from pyasp.tables.evaluate import load_questions  # noqa: E402
from pyasp.tables.store import load_store  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_STORE = ROOT / "examples" / "tables"


def _load_bench():
    spec = importlib.util.spec_from_file_location("support_graph_scip", ROOT / "bench" / "support_graph_scip.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


sg = _load_bench()


@pytest.fixture(scope="module")
def solver() -> TableSolver:
    return TableSolver(load_store(EXAMPLE_STORE))


ITEMS = load_questions(EXAMPLE_STORE.parent / "tables_questions.tsv")


@pytest.mark.parametrize("item", ITEMS, ids=[f"q{item.id}" for item in ITEMS])
def test_clingo_and_scip_agree_on_every_option(solver, item):
    grounded = solver.ground(solver.read(item.text))
    clingo, _, _, timed = sg.clingo_optima(solver, grounded)
    scip = sg.scip_optima(grounded, solver.consts)
    assert not timed
    assert set(clingo) == set(scip)
    got = {o: (scip[o].objective, scip[o].status) for o in scip}
    want = {o: (value, "optimal" if value is not None else "infeasible") for o, value in clingo.items()}
    assert got == want
    assert any(value is not None for value in clingo.values())  # some option has a support graph


def test_integer_division_truncates_toward_zero_as_clingo_does():
    assert [sg.cdiv(a, b) for a, b in ((7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (-370200, 1000))] == [3, -3, -3, 3, 0, -370]


def test_chains_start_at_the_chosen_options_rows():
    """A join is a candidate (chain/6) between a question row and a row of the CHOSEN option.
    Table 2's row is a question row that only option b aligns to: with a chosen, table 3's row
    (joined to table 2 only) is not on a's path, though it would add question words; with b
    chosen, table 2's row would need three edges on one cell, so b has no support graph. The
    integer program agrees on both."""
    facts = [("table", t, 1000) for t in (1, 2, 3)]
    facts += [("column", t, c, 2) for t in (1, 2, 3) for c in (0, 1)]
    facts += [("cell", t, 0, c) for t in (1, 2, 3) for c in (0, 1)]
    facts += [("qcons", 1, 0), ("qcons", 2, 5), ("qcons", 3, 10)]
    facts += [("option", "a"), ("ocons", "a", 1), ("option", "b"), ("ocons", "b", 1)]
    facts += [
        ("e_ocell", "a", 1, 1, 0, 0, 1000),  # option a on table 1's row
        ("e_qcell", 1, 2, 0, 1, 1000),  # question word 1 on table 2's row ...
        ("e_ocell", "b", 1, 2, 0, 1, 1000),  # ... which option b also aligns to
        ("e_qcell", 2, 3, 0, 0, 1000), ("e_qcell", 3, 3, 0, 1, 1000),  # words 2, 3 on table 3's row
        ("e_join", 1, 0, 1, 2, 0, 0, 1000), ("e_join", 2, 0, 1, 3, 0, 0, 1000),
    ]
    inst = sg.Instance(facts, sg.constants())
    program = Program(encoding="support_graph")
    program.add_facts(facts)
    model, _ = program.best_model(assumptions=[(fact("chosen", "a"), True)])
    assert model is not None and model.atoms("active_row", 2) == [(1, 0), (2, 0)]
    assert sg.solve_option(inst, "a").objective == -sum(model.cost)
    model, _ = program.best_model(assumptions=[(fact("chosen", "b"), True)])
    assert model is None and sg.solve_option(inst, "b").objective is None
