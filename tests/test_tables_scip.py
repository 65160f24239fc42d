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
from pyasp.tables.evaluate import Item, load_questions  # noqa: E402
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
# evidence chaining: New York -> northern hemisphere -> the longest day is in June
CHAINED = [Item("ny", "Which month has the longest day in New York? (A) June (B) December (C) March", "A"),
           Item("au", "In Australia, which month has the shortest day? (A) June (B) December", "A")]


@pytest.mark.parametrize("item", ITEMS + CHAINED, ids=[f"q{item.id}" for item in ITEMS + CHAINED])
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


@pytest.fixture(scope="module")
def learned_solver() -> TableSolver:
    """Support graphs with a row model (relevance/4 and relevance_pair/6 facts), 3 rows earning."""
    from pyasp.tables.relevance import RowScorer
    from pyasp.tables.retrieval import TableIndex

    store = load_store(EXAMPLE_STORE)
    explained = [("Which material is a good conductor of heat? (A) iron (B) rubber (C) glass", "A", ("ex-0402",)),
                 ("Which unit measures length? (A) meter (B) gram (C) liter", "A", ("ex-0602",)),
                 ("What gives off light energy? (A) battery (B) sun (C) food", "B", ("ex-0705",)),
                 ("An oak is a kind of (A) tree (B) rock (C) force", "A", ("ex-0205",)),
                 ("Which month has the most daylight in Canada? (A) June (B) December", "A", ("ex-0002", "ex-0101"))]
    model = RowScorer().fit(TableIndex(store, "family"), [Item(str(i), *e) for i, e in enumerate(explained)])
    return TableSolver(store, row_model=model, consts={"relevance_rows": 3})


@pytest.mark.parametrize("item", ITEMS + CHAINED, ids=[f"q{item.id}" for item in ITEMS + CHAINED])
def test_clingo_and_scip_agree_with_learned_relevance(learned_solver, item):
    """The same with a learned row relevance, where a chosen join lends its rows the relevance of
    the pair read as one row (row_rel/4 of the encoding)."""
    grounded = learned_solver.ground(learned_solver.read(item.text))
    assert any(f[0] == "relevance" for f in grounded.facts)
    if item in CHAINED:
        assert any(f[0] == "relevance_pair" for f in grounded.facts)
    clingo, _, _, timed = sg.clingo_optima(learned_solver, grounded)
    scip = sg.scip_optima(grounded, learned_solver.consts)
    assert not timed
    assert {o: scip[o].objective for o in scip} == clingo


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


ANIMALS = ("ORGANISM\t[FILL]\tFOOD SOURCE\t[FILL]\tHABITAT\t[SKIP] UID\n"
           "rabbit\teats\tgrass\tlives in\tmeadow\tc-01\n"
           "fox\teats\trabbit\tlives in\tforest\tc-02\n"
           "hawk\teats\tsnake\tlives in\tforest\tc-03\n")
ANIMAL_RELATIONS = ("eats\tAnimals\tORGANISM\tFOOD SOURCE\tX eats Y|Y is eaten by X\n"
                    "livesIn\tAnimals\tORGANISM\tHABITAT\tX lives in Y\n")


@pytest.mark.parametrize("question", [
    "Which animal eats rabbits? (A) grass (B) fox",
    "Which animal eats the fox? (A) rabbit (B) hawk",
    "What is eaten by animals in the forest? (A) rabbit (B) stone",
    "Which animal lives in the forest and eats snakes? (A) hawk (B) rabbit",
])
def test_clingo_and_scip_agree_on_relations_read_against_the_question(tmp_path, question):
    """against(L), the relation read against a pattern the question holds, in both models."""
    _agree_on(tmp_path, {"Animals.tsv": ANIMALS, "_relations.tsv": ANIMAL_RELATIONS}, question)


def _agree_on(folder: Path, files: dict[str, str], question: str, consts: dict | None = None) -> dict:
    """Write a store, and check that clingo and SCIP reach the same optimum on every option."""
    for name, text in files.items():
        (folder / name).write_text(text)
    solver = TableSolver(load_store(folder), consts=consts)
    grounded = solver.ground(solver.read(question))
    clingo, _, _, timed = sg.clingo_optima(solver, grounded)
    scip = sg.scip_optima(grounded, solver.consts)
    assert not timed
    assert {o: scip[o].objective for o in scip} == clingo
    return clingo


KINDS = ("ANIMAL\t[FILL]\tGROUP\t[SKIP] UID\n"
         "rabbit\tis a kind of\therbivore;mammal\tk-01\n"
         "fox\tis a kind of\tcarnivore;mammal\tk-02\n"
         "hawk\tis a kind of\tbird;carnivore\tk-03\n")


@pytest.mark.parametrize("question", [
    "Which animal eats the fox? (A) rabbit (B) hawk",
    "Which carnivore eats rabbits? (A) fox (B) grass",
    "What does the fox eat? (A) rabbit (B) snake",
])
def test_clingo_and_scip_agree_when_a_join_carries_a_word_into_a_relation(tmp_path, question):
    """q_in/o_in: a constituent sits in the cell of a joined row, so a join cannot carry it past
    the side a pattern forbids; both models read it so."""
    clingo = _agree_on(tmp_path, {"Animals.tsv": ANIMALS, "Kinds.tsv": KINDS, "_relations.tsv": ANIMAL_RELATIONS,
                                  "_joins.tsv": "Animals\tORGANISM\tKinds\tANIMAL\n"}, question)
    assert any(value is not None for value in clingo.values())


ORBITS = ("BODY\t[FILL]\tCENTER\t[SKIP] UID\n"
          "Earth\trevolves around\tthe sun\to-1\n"
          "the Moon\trevolves around\tEarth\to-2\n")


@pytest.mark.parametrize("question", [
    "Which is true of the sun and Earth? (A) The sun revolves around Earth. (B) Earth revolves around the sun.",
    "What revolves around Earth? (A) The Moon revolves around Earth. (B) Earth revolves around the Moon. (C) the sun",
])
def test_clingo_and_scip_agree_on_the_rows_word_order(tmp_path, question):
    """order/4: options with the same words in another order pay for a row read against their
    order and earn for one read in it, in both models."""
    _agree_on(tmp_path, {"Orbits.tsv": ORBITS}, question)


CHANGE = ("PROCESS\t[FILL]\tEFFECT\t[FILL]\tHOW\t[SKIP] UID\n"
          "weathering\tchanges\tthe surface of Earth\tby\ta slow process that takes many millions of years\tc-1\n"
          "an earthquake\tchanges\tthe surface of Earth\tby\ta sudden process of some minutes\tc-2\n"
          "erosion\tchanges\tthe surface of Earth\tby\tslowly moving sediment\tc-3\n")


@pytest.mark.parametrize("question", [
    "Which of these is the slowest to change the surface of Earth? (A) an earthquake (B) weathering (C) erosion",
    "Which process changes the surface of Earth most slowly? (A) an earthquake (B) weathering",
])
def test_clingo_and_scip_agree_on_a_graded_word_reached(tmp_path, question):
    """graded/3: the graph earns w_graded once when an active row holds the graded word the
    question asks, in both models."""
    _agree_on(tmp_path, {"Change.tsv": CHANGE}, question, consts={"w_graded": 3000})
