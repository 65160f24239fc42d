"""A problem whose text the reader refuses ("1e9 apples") costs only itself in a dataset run: in
evaluation it counts as unanswered with the reader's message, in training it adds nothing, and a
warning names the records (counted from 1, as a reader of the file counts them), for both engines."""

from __future__ import annotations

import json

import pytest
from clitools import run, write

from pyasp import algebra, arith
from pyasp.errors import InputError, PyaspWarning
from pyasp.text.reading import read_many

UNREADABLE = "'1e9' is not a number pyasp can read"

#: nine problems: record 5 (iIndex 14) cannot be read, record 8 (iIndex 17) has no number
RECORDS = [
    {"iIndex": 10, "sQuestion": "Tom has 5 apples. He got 3 more apples. How many apples does he have?", "lSolutions": [8]},
    {"iIndex": 11, "sQuestion": "Mary had 9 pencils. She gave 4 pencils to Sam. How many pencils does Mary have now?", "lSolutions": [5]},
    {"iIndex": 12, "sQuestion": "Sara has 7 books. She bought 2 more books. How many books does Sara have?", "lSolutions": [9]},
    {"iIndex": 13, "sQuestion": "Ben had 12 cards. He lost 5 cards. How many cards does Ben have now?", "lSolutions": [7]},
    {"iIndex": 14, "sQuestion": "Tom has 1e9 apples. He got 3 more. How many?", "lSolutions": [1000000003]},
    {"iIndex": 15, "sQuestion": "Ann has 6 pens and buys 4 more pens. How many pens does Ann have?", "lSolutions": [10]},
    {"iIndex": 16, "sQuestion": "Jim had 15 marbles. He gave 6 marbles to Joe. How many marbles does Jim have now?", "lSolutions": [9]},
    {"iIndex": 17, "sQuestion": "No numbers here. What is it?", "lSolutions": [1]},
    {"iIndex": 18, "sQuestion": "Lily has 8 shells. She found 5 more shells. How many shells does Lily have?", "lSolutions": [13]},
]
BAD = 4  # position of the unreadable record


def messages(caught) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, PyaspWarning)]


@pytest.mark.parametrize("token, message", [
    ("1e9", UNREADABLE), ("8.5.3", "'8.5.3' is not a number"), ("1,2,3", "'1,2,3' is not a number"),
    ("1 000", "'1 000' is ambiguous"), ("3/0", "'3/0' divides by zero"), ("9" * 20, "is too long a number"),
])
def test_read_many_collects_what_it_cannot_read_and_caches_that_too(tmp_path, monkeypatch, token, message):
    texts = ["Tom has 5 apples. How many?", f"Tom has {token} apples. He got 3 more. How many?", "Sue has 4 pens."]
    errors: dict[int, str] = {}
    docs = read_many(texts, cache_dir=tmp_path, errors=errors)
    assert docs[1] is None and docs[0].mentions and docs[2].mentions
    assert list(errors) == [1] and message in errors[1]
    with pytest.raises(InputError, match=message.replace("'", ".").replace("/", ".")):  # without errors, it stops as before
        read_many(texts, cache_dir=tmp_path)

    import pyasp.text.reading as reading

    class NoParsing:
        meta = reading.load_pipeline().meta

        def pipe(self, texts):
            raise AssertionError("a cached text was parsed again")

    monkeypatch.setattr(reading, "load_pipeline", lambda: NoParsing())
    again: dict[int, str] = {}
    assert read_many(texts, cache_dir=tmp_path, errors=again) == docs and again == errors


def test_algebra_eval_counts_an_unreadable_problem_as_unanswered(tmp_path):
    with pytest.warns(PyaspWarning) as caught:
        result = algebra.evaluate(RECORDS, model="default", cache=tmp_path, jobs=2)  # two chunks: one in each process
    assert result.n == len(RECORDS)  # accuracy over every problem
    bad = result.predictions[BAD]
    assert bad.id == 14 and not bad.correct and bad.answer is None and UNREADABLE in bad.error
    assert result.predictions[7].error.startswith("no quantity")
    assert result.correct == sum(p.correct for p in result.predictions) >= 6
    (warning,) = messages(caught)
    assert warning.startswith(f"1 problem cannot be read and counts as unanswered: record 5 (iIndex 14): {UNREADABLE}")


def test_algebra_train_learns_from_the_rest_and_names_what_it_leaves(tmp_path):
    with pytest.warns(PyaspWarning) as caught:
        model = algebra.train(RECORDS, cache=tmp_path)
    assert model.report_.as_dict()["problems"] == len(RECORDS)
    assert algebra.solve("Tom has 6 apples. He got 2 more apples. How many apples does he have?", model=model).answer == 8
    assert messages(caught) == [
        f"1 problem cannot be read and adds nothing to training: record 5 (iIndex 14): {UNREADABLE}: write numbers as "
        "12, 3.5, 1,000, 3/4 or words",
        "1 problem has no number and adds nothing to training: record 8 (iIndex 17)",
    ]


def test_arith_eval_counts_an_unreadable_problem_as_unanswered(tmp_path):
    with pytest.warns(PyaspWarning) as caught:
        result = arith.evaluate(RECORDS, model="default", cache=tmp_path)
    assert result.n == len(RECORDS)
    bad = result.predictions[BAD]
    assert bad.id == 14 and not bad.correct and bad.answer is None and UNREADABLE in bad.error
    assert result.predictions[7].error.startswith("no number")
    assert result.correct >= 6
    (warning,) = messages(caught)
    assert warning.startswith(f"1 problem cannot be read and counts as unanswered: record 5 (iIndex 14): {UNREADABLE}")


def test_arith_train_and_cross_validation_go_on_past_an_unreadable_problem(tmp_path):
    records = [{**r, "lEquations": ["x=1"], "rates": [], "quants": []} if r["iIndex"] == 14 else r for r in RECORDS]
    with pytest.warns(PyaspWarning) as caught:
        model = arith.train(records, epochs=1, restarts=1, cache=tmp_path)
    assert model.annotations_["rates"]["used"] == 0  # an unreadable problem's annotations are not read either
    assert messages(caught)[:2] == [
        f"1 problem cannot be read and adds nothing to training: record 5 (iIndex 14): {UNREADABLE}: write numbers as "
        "12, 3.5, 1,000, 3/4 or words",
        "1 problem has no number and adds nothing to training: record 8 (iIndex 17)",
    ]
    with pytest.warns(PyaspWarning, match="counts as unanswered: record 5 "):
        result = arith.evaluate(records, folds=3, epochs=1, restarts=1, cache=tmp_path)
    assert result.n == len(RECORDS) and UNREADABLE in result.predictions[[p.id for p in result.predictions].index(14)].error


def test_single_problems_are_still_refused():
    with pytest.raises(InputError, match=UNREADABLE):
        algebra.solve(RECORDS[BAD]["sQuestion"])
    with pytest.raises(InputError, match=UNREADABLE):
        arith.solve(RECORDS[BAD]["sQuestion"])


def test_a_warning_names_a_few_records_then_counts_the_rest(tmp_path):
    records = [dict(RECORDS[0], iIndex=k) for k in range(3)] + [
        dict(RECORDS[BAD], iIndex=20 + k, sQuestion=f"Tom has {k}.5.3 apples. He got 3 more. How many?") for k in range(5)]
    with pytest.warns(PyaspWarning) as caught:
        result = algebra.evaluate(records, model="default", cache=tmp_path)
    assert result.n == 8 and result.correct == 3
    (warning,) = messages(caught)
    assert warning.startswith("5 problems cannot be read and count as unanswered: record 4 (iIndex 20): '0.5.3' is not")
    assert "; record 6 (iIndex 22): '2.5.3' is not" in warning and warning.endswith("; and 2 more")


@pytest.mark.parametrize("command", [["arith", "train", "--epochs", "1", "--restarts", "1", "--skip-bad"],
                                     ["algebra", "eval", "--model", "default"]])
def test_the_command_line_goes_on_and_warns(tmp_path, command):
    data = write(tmp_path, "bignum.json", RECORDS)
    out = ["--out", str(tmp_path / "model.json")] if "train" in command else ["--predictions", str(tmp_path / "p.json")]
    result = run(*command, "--data", data, *out, "--cache-dir", str(tmp_path / "cache"))
    assert result.exit_code == 0, result.output
    verb = "adds nothing to training" if "train" in command else "counts as unanswered"
    assert f"pyasp: warning: 1 problem cannot be read and {verb}: record 5 (iIndex 14): {UNREADABLE}" in result.stderr
    if "train" in command:
        assert "pyasp: warning: 1 problem has no number and adds nothing to training: record 8 (iIndex 17)" in result.stderr
    else:
        predictions = json.loads((tmp_path / "p.json").read_text())
        assert UNREADABLE in predictions[BAD]["error"] and len(predictions) == len(RECORDS)
