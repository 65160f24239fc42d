"""The Python API as a library user meets it: every engine package has the same calls (solve,
train or learn, evaluate, load_model), takes files or loaded objects, raises NoAnswer when
nothing answers, and has the command line's defaults."""

from __future__ import annotations

import io
import json
import re
import sys
import types
import warnings
from pathlib import Path

import pytest

import pyasp
import pyasp.acquire as acquire
import pyasp.algebra as algebra
import pyasp.arith as arith
import pyasp.tables as tables
from pyasp import InputError, NoAnswer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SHIP = EXAMPLES / "acquire" / "shipping"


def test_each_engine_package_lists_the_same_calls():
    for engine, learn in ((algebra, "train"), (arith, "train"), (tables, "train"), (acquire, "learn")):
        assert {"solve", learn, "evaluate"} <= set(engine.__all__), engine.__name__
        for name in engine.__all__:  # each a function, class or constant of the package, none a submodule
            assert not isinstance(getattr(engine, name), types.ModuleType), (engine.__name__, name)
        assert callable(engine.solve) and callable(engine.evaluate)  # not the submodules of the same name
    assert {"PyaspError", "InputError", "NoAnswer"} <= set(pyasp.__all__)


def test_algebra_solves_trains_and_evaluates(tmp_path):
    assert algebra.solve((EXAMPLES / "algebra" / "bike.txt").read_text()).answer == 9
    records = json.loads((EXAMPLES / "algebra" / "problems.json").read_text())
    model = algebra.train(records, cache=tmp_path)
    assert model.report_.problems == len(records)
    result = algebra.evaluate(EXAMPLES / "algebra" / "problems.json", model=model, cache=tmp_path)
    assert result.n == len(records) and result.accuracy > 0.5
    assert algebra.evaluate(records[:6], folds=2, cache=False).n == 6
    with pytest.raises(InputError, match="6 problems cannot be split into 7 folds"):
        algebra.evaluate(records[:6], folds=7, cache=False)
    with pytest.raises(InputError, match="ablation must be one of"):
        algebra.evaluate(records, ablation="no-everything")
    with pytest.raises(InputError, match="must be its text"):
        algebra.solve(EXAMPLES / "algebra" / "bike.txt")


def test_algebra_leaves_out_a_bad_record_only_when_asked(tmp_path):
    records = json.loads((EXAMPLES / "algebra" / "problems.json").read_text())[:6] + [{"iIndex": 99, "sQuestion": "?"}]
    with pytest.raises(InputError, match="record 7 .*lSolutions.*skip bad records"):
        algebra.evaluate(records, folds=2, cache=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert algebra.evaluate(records, folds=2, skip_bad=True, cache=False).n == 6
    assert any("skipped" in str(w.message) for w in caught)


def test_arith_trains_with_the_records_annotations_by_default(tmp_path):
    text = (EXAMPLES / "arith" / "transfer.txt").read_text()
    solution = arith.solve(text)
    assert solution.answer == 14 and solution.derivation[-1]["rule"]
    data = EXAMPLES / "arith" / "problems.json"
    model = arith.train(data, epochs=2, restarts=1, cache=tmp_path)
    assert model.annotations_["equations"]["given"] == len(json.loads(data.read_text()))  # lEquations read
    assert len(repr(model)) < 500  # the weights are not printed
    blind = arith.train(data, epochs=2, restarts=1, use_equations=False, cache=tmp_path)
    assert blind.annotations_["equations"]["used"] == 0
    result = arith.evaluate(data, model=model, cache=tmp_path)
    assert result.n == 12 and result.accuracy >= 0.5
    ids = [str(r["iIndex"]) for r in json.loads(data.read_text())]
    split = arith.evaluate(data, train_ids=ids[:8], test_ids=ids[8:], epochs=2, restarts=1, cache=tmp_path)
    assert split.n == 4
    with pytest.raises(InputError, match="train_ids and test_ids go together"):
        arith.evaluate(data, train_ids=ids[:8])
    with pytest.raises(InputError, match="normal_form must be one of"):
        arith.train(data, normal_form="sorted")


def test_tables_solve_raises_no_answer_with_the_result():
    result = tables.solve("Which month has the longest day in New York? (A) June (B) December (C) March",
                          tables=EXAMPLES / "tables")
    assert result.answer == "A" and result.support
    store = tables.load_tables(EXAMPLES / "tables")
    assert tables.solve("Which month has the longest day in New York? (A) June (B) December",
                        tables=store, solver="ir").answer == "A"
    with pytest.raises(NoAnswer, match="no option has a support graph") as caught:
        tables.solve("Which planet has rings? (A) Saturn (B) Mercury", tables=store)
    assert caught.value.result.answer is None
    with pytest.raises(InputError, match="solver is ilp, ir or rows"):
        tables.make_solver(store, solver="svm")
    with pytest.raises(InputError, match="has no #const w_nothing"):
        tables.make_solver(store, consts={"w_nothing": 1})


def test_tables_loads_a_folder_with_the_options_of_load_tables(tmp_path):
    """A folder given to solve/evaluate is read with skip_bad, joins and relations, as the
    command's --skip-bad, --no-joins, --relations do; with a loaded store they are refused."""
    import shutil

    store = tmp_path / "store"
    shutil.copytree(EXAMPLES / "tables", store)
    (store / "Broken.tsv").write_text("A\tB\nonly one field\n", encoding="utf-8")
    question = "Which month has the longest day in New York? (A) June (B) December (C) March"
    with pytest.raises(InputError, match="Broken.tsv:2"):
        tables.solve(question, tables=store)
    assert tables.solve(question, tables=store, skip_bad=True, joins=False).answer
    result = tables.evaluate(EXAMPLES / "tables_questions.tsv", tables=store, skip_bad=True)
    assert result.n > 0
    with pytest.raises(InputError, match="give them to load_tables"):
        tables.make_solver(tables.load_tables(EXAMPLES / "tables"), joins=False)


def test_tables_trains_a_row_model_and_evaluates_with_it(tmp_path):
    from pyasp.tables.evaluate import Item
    from test_tables_relevance import EXPLAINED

    items = [Item(f"q{i}", text, answer, gold) for i, (text, answer, gold) in enumerate(EXPLAINED)]
    model = tables.train(items, tables=EXAMPLES / "tables")
    assert model.embeddings == "static"  # the command line's default
    questions = EXAMPLES / "tables_questions.tsv"
    graphs = tables.evaluate(questions, tables=EXAMPLES / "tables", model=model)
    ir = tables.evaluate(questions, tables=EXAMPLES / "tables", solver="ir")
    assert graphs.n == ir.n == len(questions.read_text().splitlines()) and graphs.accuracy >= 0.5
    # read as the word-problem engines' results are: as_dict, predictions
    assert graphs.as_dict()["accuracy"] == graphs.accuracy and "questions" not in graphs.as_dict()
    assert len(graphs.predictions) == graphs.n == len(graphs.as_dict(with_predictions=True)["questions"])
    assert tables.evaluate(items, tables=EXAMPLES / "tables", model=model, solver="rows").accuracy > 0.5


def test_acquire_solves_learns_checks_and_evaluates():
    examples = acquire.solve(SHIP / "program.ip", SHIP / "constants.json", sample=20).solutions
    assert len(examples) == 20
    learned = acquire.learn(examples, schema=SHIP / "program.ip", constants=SHIP / "constants.json", s=1, p=2)
    assert learned.simplified and learned.program.constraints
    assert learned.header.startswith("% learned by pyasp acquire learn from 20 examples")
    assert acquire.check(learned.program, SHIP / "constants.json", examples) == [[] for _ in examples]
    raw = acquire.learn(examples, schema=SHIP / "program.ip", constants=SHIP / "constants.json", simplify=False)
    assert len(raw.program.constraints) >= len(learned.program.constraints)
    rows = acquire.evaluate(SHIP / "program.ip", SHIP / "constants.json", examples=[5], grid=[(1, 2)], folds=2,
                            fold_size=10, precision_samples=20)
    assert rows[0].recall == 1.0
    text = "index i = 1..2; var x[i] in 0..3; sum[i] x[i] >= 9;"
    with pytest.raises(NoAnswer, match="no solution"):
        acquire.solve(text, {})
    assert acquire.solve("index i = 1..2; var x[i] in 0..3; sum[i] x[i] >= 6;", {}).as_dict()["solutions"] == [{"x": [3, 3]}]


def test_the_readme_python_examples_run(monkeypatch):
    """Every ```python block of the README runs as written, from the repository root, and a
    ``print`` whose line ends in a ``# comment`` prints what the comment says."""
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks
    monkeypatch.chdir(ROOT)
    # the constraints of the README's `pyasp acquire learn` example (its console block)
    console = re.search(r"\$ pyasp acquire learn .*?\n(.*?)```", readme, re.S).group(1).splitlines()
    learned_constraints = [line for line in console[1:] if line.split()[0] not in ("index", "const", "var")]
    assert learned_constraints == ["sum[f] ship[f,w] >= demand[w];", "sum[w] ship[f,w] <= production[f];"]
    checked = 0
    for block in blocks:
        lines = block.splitlines()
        printed: dict[int, list[str]] = {}

        def capture(*args, **kwargs):
            buffer = io.StringIO()
            print(*args, **{**kwargs, "file": buffer})
            printed.setdefault(sys._getframe(1).f_lineno, []).append(buffer.getvalue().rstrip("\n"))

        exec(compile(block, "README.md", "exec"), {"print": capture})
        for number, line in enumerate(lines, start=1):
            code, _, comment = line.partition("  # ")
            if not code.lstrip().startswith("print(") or not comment:
                continue
            (text,) = printed[number]
            if comment.startswith("the two constraints of `pyasp acquire learn` above"):
                assert [t for t in text.splitlines() if t.split()[0] not in ("index", "const", "var")] == learned_constraints
            else:
                assert text == comment.strip(), (line, text)
            checked += 1
    assert checked == 4


QUESTION = "Which month has the longest day in New York? (A) June (B) December"
PROBLEM = "Tom has 5 apples. He eats 2. How many apples are left?"


@pytest.mark.parametrize("call, message", [
    (lambda: algebra.solve(""), "empty problem"),
    (lambda: algebra.solve(PROBLEM, model=arith.load_model()), "model is an algebra model"),
    (lambda: arith.solve(PROBLEM, top=0), "top must be at least 1"),
    (lambda: arith.solve(PROBLEM, rules=3), "rules is a rule file"),
    (lambda: arith.load_model(EXAMPLES / "arith" / "problems.json"), "not a pyasp arith model"),
    (lambda: arith.evaluate(EXAMPLES / "arith" / "problems.json", folds="2"), "folds must be a whole number"),
    (lambda: algebra.evaluate(EXAMPLES / "algebra" / "problems.json", jobs=0), "jobs must be at least 1"),
    (lambda: tables.solve(QUESTION, tables=None), "tables is a folder of tables"),
    (lambda: tables.solve(QUESTION, tables=EXAMPLES / "tables", time_limit=-1), "time_limit must be a number of seconds"),
    (lambda: tables.solve(QUESTION, tables=EXAMPLES / "tables", max_tables="7"), "max_tables must be a whole number"),
    (lambda: tables.evaluate([(QUESTION,)], tables=EXAMPLES / "tables"), "question 1: give a questions file"),
    (lambda: acquire.solve("", {}), "program is empty"),
    (lambda: acquire.solve(SHIP / "program.ip", SHIP / "constants.json", sample=0), "sample must be at least 1"),
    (lambda: acquire.learn([], schema=None, constants={}), "schema is a file, DSL text or a loaded program"),
    (lambda: acquire.solve("var x in 0..3;\nx <= ;", {}), "unexpected"),  # the DSL's own error: an InputError too
])
def test_bad_arguments_raise_input_error_naming_them(call, message):
    with pytest.raises(InputError, match=re.escape(message)):
        call()


def test_loaded_and_plain_arguments_are_taken_as_given():
    import numpy as np

    from pyasp.algebra.engine import PrepareSettings
    from pyasp.rules import load_rules

    assert arith.solve(PROBLEM, rules=load_rules(EXAMPLES / "arith" / "my.rules")).answer == 3
    assert PrepareSettings(weights={"w_type": 5}).as_dict()["weights"] == {"w_type": 5}
    with pytest.raises(InputError, match="unknown reordering rule"):
        PrepareSettings(reorder=("nope",))
    drawn = acquire.solve(SHIP / "program.ip", {"W": np.int64(4), "F": 3, "demand": np.array([30, 20, 35, 20]),
                                                "production": [40, 40, 25]}, sample=3, seed=1)
    assert acquire.check(SHIP / "program.ip", SHIP / "constants.json", drawn) == [[], [], []]  # a SolveResult
    assert tables.evaluate([(QUESTION, "A")], tables=EXAMPLES / "tables").accuracy == 1.0
    assert tables.load_tables(EXAMPLES / "tables", joins=True).joins


SHIP_DIR = EXAMPLES / "acquire" / "shipping"


@pytest.mark.parametrize("call, message", [
    (lambda: algebra.load_model(123), "must be a path (a str or pathlib.Path), not int"),
    (lambda: pyasp.algebra.quantities.load_quantities([{"value": 1}]), "quantities file must be a path"),
    (lambda: pyasp.algebra.candidates.generate_candidates(None), "the quantities are a list of pyasp.algebra Quantity"),
    (lambda: pyasp.algebra.candidates.generate_candidates([1, 2]), "not list of int"),
    (lambda: pyasp.algebra.candidates.generate_candidates(
        pyasp.algebra.quantities.load_quantities(EXAMPLES / "algebra" / "bike.json"), top=True), "must be a whole number"),
    (lambda: arith.evaluate(EXAMPLES / "arith" / "problems.json", model=5), "model is an arith model"),
    (lambda: pyasp.algebra.candidates.generate_candidates(
        pyasp.algebra.quantities.load_quantities(EXAMPLES / "algebra" / "bike.json"), top="5"), "must be a whole number"),
    (lambda: arith.train(EXAMPLES / "arith" / "problems.json", epochs=10**23), "epochs must be at most 10,000"),
    (lambda: tables.load_tables(None), "table folder must be a path"),
    (lambda: tables.evaluate(None, tables=EXAMPLES / "tables", solver="ir"), "give a questions file"),
    (lambda: tables.evaluate([("Which month?", "A")], tables=EXAMPLES / "tables", solver="ir"), "question 1: "),
    (lambda: tables.evaluate([("Which month? (A) June (B) May", "C")], tables=EXAMPLES / "tables", solver="ir"),
     "the answer 'C' is not one of the options A, B"),
    (lambda: tables.train(None, tables=EXAMPLES / "tables"), "give a questions file"),
    (lambda: acquire.evaluate(SHIP_DIR / "program.ip", SHIP_DIR / "constants.json", examples="x"),
     "examples is a list of example counts"),
    (lambda: acquire.evaluate(SHIP_DIR / "program.ip", SHIP_DIR / "constants.json", folds=10**21),
     "at most 1,000,000 solutions are drawn"),
])
def test_wrong_argument_types_and_sizes_are_input_errors(call, message):
    """Found by feeding the API wrong types: each raised a TypeError or AttributeError from deep
    inside (or ran for ever, for the sizes), where the README promises an InputError."""
    with pytest.raises(InputError) as caught:
        call()
    assert message in str(caught.value)


def test_a_numpy_integer_is_a_count_for_the_candidates_too():
    import numpy as np

    quantities = pyasp.algebra.quantities.load_quantities(EXAMPLES / "algebra" / "bike.json")
    assert len(pyasp.algebra.candidates.generate_candidates(quantities, top=np.int64(5)).candidates) == 5


def test_solve_many_keeps_going_past_a_bad_problem_and_names_a_bad_engine():
    from pyasp.wordproblems import WordProblem, solve_many

    problems = [WordProblem(1, "A shirt costs 15 dollars. How much do 3 shirts cost?", ()),
                WordProblem(2, "No numbers here. How many?", ())]
    results = solve_many(problems, "arith", model=arith.load_model())  # a loaded model, in this process
    assert [(r["id"], r["status"], r["answer"]) for r in results] == [(1, "answered", 45), (2, "not a problem", None)]
    assert results[0]["expression"] == "(15 * 3)" and "no number" in results[1]["error"]
    with pytest.raises(InputError, match="engine is algebra or arith"):
        solve_many(problems, "tables")


def test_solve_many_names_an_option_the_engine_does_not_take():
    from pyasp.wordproblems import WordProblem, solve_many

    with pytest.raises(InputError, match="algebra solves with model, not rules"):
        solve_many([WordProblem(1, "A shirt costs 15 dollars. How much do 3 shirts cost?", ())], "algebra", rules="x.rules")
