"""ALGES end to end as a user meets it: solve with the shipped model, train, evaluate, bad input."""

from __future__ import annotations

import json
import pickle
import zipfile

import pytest
from clitools import run, write

from pyasp.algebra.solver import DEFAULT_MODEL
from pyasp.wordproblems import json_number


def test_the_default_model_is_shipped():
    assert DEFAULT_MODEL.is_file(), "train it: pyasp algebra train --data singleeq/questions.json --out pyasp/models/algebra.skops"


@pytest.mark.parametrize("example, answer", [("bike.txt", 9), ("zoo.txt", 53)])
def test_solve_answers_the_papers_worked_problems(examples, example, answer):
    text = (examples / "algebra" / example).read_text()
    result = run("algebra", "solve", text, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["answer"] == answer
    assert set(data) >= {"equation", "answer", "qsets", "tree", "candidates_considered", "score"}
    assert data["tree"]["postfix"].endswith("=") and isinstance(data["tree"]["cost"], int)  # as the text output shows it
    assert data["candidates_considered"] > 1
    assert any(q["target"] and q["text"] == "x" for q in data["qsets"])


def test_solve_prints_equation_answer_qsets_and_tree(examples, tmp_path):
    text = (examples / "algebra" / "bike.txt").read_text()
    result = run("algebra", "solve", text, "--dot", str(tmp_path / "tree.dot"))
    assert result.exit_code == 0, result.output
    assert "equation: 17+(7*x)=80" in result.output
    assert "answer:   x = 9" in result.output
    assert "7 dollar (ctr=shop, vrb=charge, rate=hour, syn=dobj)" in result.output
    assert "tree:     17 7 x * + 80 =" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["tree.dot"]
    dot = (tmp_path / "tree.dot").read_text()
    assert dot.startswith("digraph equation_tree {")
    # each node with its value and type, the operators over their operands
    for label in (r'"17\ndollar"', r'"7\ndollar"', r'"x\nhour"', r'"80\ndollar"', r'"*\ndollar"', r'"+\ndollar"', '"="'):
        assert f"label={label}" in dot, label
    assert dot.count(" -> ") == 6


@pytest.mark.parametrize("text, equation, written", [
    ("Tom had eight apples and got five more. How many apples does he have?", "x=8+5", "eight"),
    ("A pen costs $4.50 and a book costs $2.25. How much do they cost together?", "x=4.5+2.25", "$4.50"),
    ("A town had 1,200 people. 350 left. How many people are left?", "x=1200-350", "1,200"),
])
def test_the_equation_shows_numbers_however_the_text_writes_them(text, equation, written):
    """The equation is one a calculator reads; the Qsets keep each number as the text wrote it."""
    result = run("algebra", "solve", text, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert equation in (data["equation"], "=".join(reversed(data["equation"].split("="))))  # x=8+5 or 8+5=x
    assert written in {q["text"] for q in data["qsets"]}


def test_number_text_writes_exact_short_decimals_and_fractions_otherwise():
    from fractions import Fraction

    from pyasp.text.numbers import number_text

    assert [number_text(Fraction(v)) for v in ("8", "9/2", "1/4", "-9/4", "3/40", "987654313/8", "0")] == [
        "8", "4.5", "0.25", "-2.25", "0.075", "123456789.125", "0"]
    assert number_text(Fraction(1, 3)) == "(1/3)" and number_text(Fraction(1, 10**7)) == "(1/10000000)"
    # a sixth as a float writes it (CogComp: "0.16666666666666666 mile"); 7 places are a decimal's own
    assert number_text(Fraction("0.16666666666666666")) == "(1/6)" and number_text(Fraction("-0.6666666666666666")) == "(-2/3)"
    assert number_text(Fraction("0.1666667")) == "(1666667/10000000)"


@pytest.mark.parametrize("text, message", [
    ("How many apples does Tom have?", "no quantity"),
    ("Tom has 3 apples and 4 pears.", "no question"),
    ("   ", "empty"),
])
def test_unusable_text_exits_2(text, message):
    result = run("algebra", "solve", text)
    assert result.exit_code == 2
    assert message in result.output


def test_train_then_solve_and_evaluate_a_handful_of_problems(examples, tmp_path):
    data = examples / "algebra" / "problems.json"  # 24 short problems, 6 for each operator
    model = tmp_path / "small.skops"
    cache = str(tmp_path / "cache")
    result = run("algebra", "train", "--data", str(data), "--out", str(model), "--json", "--cache-dir", cache)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["problems"] == 24 and report["with_correct_candidate"] == 24 and report["local_examples"] > 24
    # the trained model answers the problems it learned from (from their answers: no equation given)
    evaluation = run("algebra", "eval", "--data", str(data), "--model", str(model), "--json", "--cache-dir", cache)
    assert evaluation.exit_code == 0, evaluation.output
    scores = json.loads(evaluation.output)
    assert scores["n"] == 24 and scores["correct"] >= 18
    for text, answer in [("Tom had 12 apples. He gave 5 apples to Sue. How many apples does Tom have now?", 7),
                         ("Each box has 3 toys. How many toys are in 9 boxes?", 27)]:
        solved = run("algebra", "solve", text, "--model", str(model), "--json")
        assert solved.exit_code == 0, solved.output
        assert json.loads(solved.output)["answer"] == answer


def test_cross_validation_reports_folds_and_accuracy(examples, tmp_path):
    data = examples / "algebra" / "problems.json"
    result = run("algebra", "eval", "--data", str(data), "--folds", "3", "--json", "--cache-dir", str(tmp_path / "c"))
    assert result.exit_code == 0, result.output
    scores = json.loads(result.output)
    assert set(scores) >= {"accuracy", "n", "correct", "folds", "seconds"}
    assert scores["n"] == 24 and len(scores["folds"]) == 3
    assert sum(f["n"] for f in scores["folds"]) == 24
    assert scores["accuracy"] == pytest.approx(scores["correct"] / 24)
    assert scores["accuracy"] >= 0.5  # held-out problems, 16 to learn from in each fold
    predictions = tmp_path / "predictions.json"
    again = run("algebra", "eval", "--data", str(data), "--folds", "3", "--json", "--cache-dir", str(tmp_path / "c"),
                "--predictions", str(predictions))
    assert json.loads(again.output)["folds"] == scores["folds"]  # the seeded split and training repeat exactly
    # every problem's prediction, in the data's order, agreeing with the counts
    written = json.loads(predictions.read_text())
    records = json.loads(data.read_text())
    assert [p["id"] for p in written] == [r["iIndex"] for r in records]
    assert sum(p["correct"] for p in written) == scores["correct"]
    assert all(p["equation"] and "x" in p["equation"] for p in written if p["correct"])
    assert [p["solutions"] for p in written] == [[json_number(float(x)) for x in r["lSolutions"]] for r in records]
    # the predictions file may not overwrite the data
    refused = run("algebra", "eval", "--data", str(data), "--folds", "3", "--predictions", str(data))
    assert refused.exit_code == 2 and "input file" in refused.output


def test_bad_records_are_named_and_stop_unless_skipped(tmp_path):
    records = [
        {"iIndex": 1, "sQuestion": "Tom had 12 apples. He gave 5 apples to Sue. How many apples does Tom have now?", "lSolutions": [7]},
        {"iIndex": 2, "lSolutions": [3]},
        {"iIndex": 3, "sQuestion": "Ann has 3 pens and buys 4 more pens. How many pens does Ann have?", "lSolutions": ["seven"]},
        {"iIndex": 4, "sQuestion": "Ben has 8 cards and loses 3 cards. How many cards does Ben have?", "lSolutions": [5]},
    ]
    path = write(tmp_path, "bad.json", records)
    result = run("algebra", "eval", "--data", path, "--folds", "2")
    assert result.exit_code == 2
    assert "record 2 (iIndex 2): missing field sQuestion" in result.output
    assert "--skip-bad" in result.output
    skipped = run("algebra", "eval", "--data", path, "--folds", "2", "--skip-bad", "--json", "--cache-dir", str(tmp_path / "c"))
    assert "record 3 (iIndex 3): field lSolutions is not a list of numbers" in skipped.stderr
    assert "record 2 (iIndex 2): missing field sQuestion" in skipped.stderr
    # the two good problems are evaluated: each fold learns from the other one alone
    assert skipped.exit_code == 0, skipped.output
    scores = json.loads(skipped.stdout)
    assert scores["n"] == 2 and [f["n"] for f in scores["folds"]] == [1, 1]


@pytest.mark.parametrize("make, message", [
    (lambda p: p.write_text("not a model"), "not a pyasp model"),
    (lambda p: p.write_bytes(pickle.dumps({"format": "pyasp.algebra.model"})), "not a pyasp model"),
    (lambda p: zipfile.ZipFile(p, "w").writestr("schema.json", "{}"), "not a pyasp model"),
])
def test_a_file_that_is_not_a_pyasp_model_is_refused(tmp_path, make, message):
    path = tmp_path / "model.skops"
    make(path)
    result = run("algebra", "solve", "Tom had 12 apples. He gave 5 apples away. How many apples does Tom have?",
                 "--model", str(path))
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize("options, message", [
    (["--ablation", "no-brain"], "pyasp: error: --ablation must be one of no-local, no-global, no-reorder, got 'no-brain'"),
    (["--folds", "1"], "pyasp: error: --folds must be at least 2, got 1"),
    (["--folds", "25"], "pyasp: error: 24 problems cannot be split into 25 folds (at least 2, at most one a problem)"),
    (["--ablation", "no-local", "--model", "default"], "--ablation trains models; it cannot be combined with --model"),
])
def test_eval_option_errors_exit_2(examples, options, message):
    result = run("algebra", "eval", "--data", str(examples / "algebra" / "problems.json"), *options)
    assert result.exit_code == 2, result.output
    assert message in result.stderr


def test_eval_of_a_missing_dataset_names_it(tmp_path):
    missing = run("algebra", "eval", "--data", str(tmp_path / "none.json"))
    assert missing.exit_code == 2 and f"pyasp: error: dataset not found: {tmp_path / 'none.json'}" in missing.stderr


# -- the paper's ablations (Table 7) and the fold files of a dataset ---------------------------------

@pytest.fixture(scope="module")
def folds_dir(tmp_path_factory, examples):
    """Three fold files over the 24 example problems (every third id), a reading cache, and the
    full model's cross-validation on them."""
    folder = tmp_path_factory.mktemp("algebra_folds")
    ids = [record["iIndex"] for record in json.loads((examples / "algebra" / "problems.json").read_text())]
    for k in range(3):
        (folder / f"fold{k + 1}.txt").write_text("".join(f"{i}\n" for i in ids[k::3]))
    full = _eval_on_folds(examples, folder)
    return folder, full


def _eval_on_folds(examples, folder, *options):
    predictions = folder / f"predictions{'_'.join(options)}.json"
    result = run("algebra", "eval", "--data", str(examples / "algebra" / "problems.json"), "--folds-dir", str(folder),
                 "--json", "--cache-dir", str(folder / "cache"), "--predictions", str(predictions), *options)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), {p["id"]: p for p in json.loads(predictions.read_text())}


def test_eval_on_fold_files_tests_each_fold_once(folds_dir):
    folder, (scores, predictions) = folds_dir
    files = sorted(folder.glob("fold*.txt"))
    assert [f["n"] for f in scores["folds"]] == [len(f.read_text().split()) for f in files] == [8, 8, 8]
    assert scores["n"] == 24 and sorted(predictions) == list(range(1, 25))
    assert scores["correct"] == sum(p["correct"] for p in predictions.values()) == sum(f["correct"] for f in scores["folds"])
    assert scores["accuracy"] == pytest.approx(scores["correct"] / 24)


@pytest.mark.parametrize("ablation", ["no-local", "no-global", "no-reorder"])
def test_each_ablation_changes_the_equations_chosen(examples, folds_dir, ablation):
    """Without the local model, the global model or the reordering rules, the same folds give
    other equations for some problems (what Table 7 of the paper measures)."""
    folder, (_, full) = folds_dir
    scores, ablated = _eval_on_folds(examples, folder, "--ablation", ablation)
    assert scores["n"] == 24 and sorted(ablated) == sorted(full)
    changed = [i for i in full if ablated[i]["equation"] != full[i]["equation"]]
    assert changed, f"--ablation {ablation} changed no equation"


def test_a_model_file_missing_its_parts_is_refused_with_a_message(tmp_path):
    import skops.io as sio

    from pyasp.algebra.model import FORMAT, VERSION, AlgebraModel
    from pyasp.errors import InputError

    path = tmp_path / "partial.skops"
    sio.dump({"format": FORMAT, "version": VERSION}, path)
    with pytest.raises(InputError, match="malformed pyasp algebra model"):
        AlgebraModel.load(path)


def test_many_trees_of_one_answer_do_not_outvote_a_likelier_tree():
    """Pooled answer scores are discounted by the number of trees (count_discount): one tree of
    probability 0.5 beats four of 0.15 each (0.6 in all), though the plain sum would not."""
    import math
    from types import SimpleNamespace

    from pyasp.algebra.model import AlgebraModel

    answers = [12, 133, 133, 133, 133]
    probs = [0.5, 0.15, 0.15, 0.15, 0.15]
    prepared = SimpleNamespace(candidates=[SimpleNamespace(answer=a, tree=SimpleNamespace(cost=i)) for i, a in enumerate(answers)])

    def pick(**params):
        model = AlgebraModel(**params)
        model.scores = lambda p: {i: math.log(q) for i, q in enumerate(probs)}
        return prepared.candidates[model.best(prepared)[0]].answer

    assert pick() == 12
    assert pick(count_discount=0.0) == 133  # the plain sum
    assert pick(aggregate_answers=False) == 12


def test_a_count_discount_that_is_not_a_small_number_is_bad_input():
    from pyasp.algebra.model import AlgebraModel
    from pyasp.errors import InputError

    for value in ("0.5", -1, True, float("nan"), 11):
        with pytest.raises(InputError, match="count_discount is a number from 0 to 10"):
            AlgebraModel(count_discount=value)
    assert AlgebraModel(count_discount=1).count_discount == 1.0


def test_a_model_trained_on_other_local_features_is_refused(monkeypatch):
    """A model file from a pyasp that computed another number of local features is named and
    refused (train it again), not left to fail inside scikit-learn on the first problem."""
    import pyasp.algebra.model as model_module
    from pyasp.algebra.solver import DEFAULT_MODEL
    from pyasp.errors import InputError

    names = model_module.local_feature_names()
    monkeypatch.setattr(model_module, "local_feature_names", lambda: [*names, "one_more"])
    with pytest.raises(InputError, match=f"trained on {len(names)} local features, this version of pyasp computes {len(names) + 1}; train it again"):
        model_module.AlgebraModel.load(DEFAULT_MODEL)


@pytest.mark.parametrize("text, answer", [
    ("A number increased by 7 is 19. What is the number?", 12),
    ("Twice a number plus 3 is 17. What is the number?", 7),
    ("5 less than a number is 9. What is the number?", 14),
    ("The sum of a number and 8 is 20. What is the number?", 12),
    ("A number divided by 3 is 5. Find the number.", 15),
    ("If 7 is subtracted from a number, the result is 8. What is the number?", 15),
])
def test_number_puzzles_are_solved_by_the_sides_of_their_is(text, answer):
    """ "A number increased by 7 | is | 19": x and 7 on one side of "=", 19 on the other, 7 added."""
    data = _solved(text, answer)
    assert {q["text"]: q.get("side") for q in data["qsets"]}["x"] in (1, 2)


@pytest.mark.parametrize("text, answer", [
    ("Peter had 50 dollars. He spent half of his money on a book. How much money did Peter spend?", 25),
    ("One half of the 40 cars in a parking lot are red. How many red cars are there?", 20),
    ("Mike is 12 years old. His sister is half his age. How old is his sister?", 6),
    ("Carl has 18 toy cars. That is half as many as Dan has. How many toy cars does Dan have?", 36),
])
def test_a_fraction_of_a_set_multiplies_the_set(text, answer):
    """ "half of his money" is 0.5 times the 50 dollars he had, not 50 / 0.5 or 0.5 * x = 50."""
    _solved(text, answer)


def _solved(text: str, answer) -> dict:
    """`algebra solve --json` of ``text``, checked to answer ``answer``."""
    result = run("algebra", "solve", text, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["answer"] == answer, data["equation"]
    return data
