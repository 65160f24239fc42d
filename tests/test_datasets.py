"""The public datasets through PYASP_DATA: they load cleanly, and the shipped model keeps its
accuracy on problems it never saw (a regression floor, below the figure in docs/benchmarks.md)."""

from __future__ import annotations

import pytest

from pyasp.algebra.evaluate import evaluate_model, prepare_many
from pyasp.algebra.solver import load_model
from pyasp.wordproblems import load_dataset

SINGLEEQ = "wordproblems/singleeq/questions.json"
ADDSUB = "wordproblems/addsub/AddSub.json"


def dataset(data_dir, name):
    path = data_dir / name
    assert path.is_file(), f"dataset {path} is missing: set PYASP_DATA to the folder holding wordproblems/"
    return path


@pytest.mark.parametrize("name, count", [(SINGLEEQ, 508), (ADDSUB, 395)])
def test_datasets_load_without_bad_records(data_dir, name, count):
    problems, bad = load_dataset(dataset(data_dir, name))
    assert len(problems) == count and bad == []
    assert all(p.text and p.solutions for p in problems)
    assert "lEquations" not in problems[0].extra  # gold equations are not even loaded


def test_shipped_model_on_unseen_addsub_problems(data_dir, tmp_path):
    problems, _ = load_dataset(dataset(data_dir, ADDSUB))
    problems = problems[:80]
    model = load_model()
    prepared = prepare_many(problems, model.settings, cache_dir=tmp_path)
    result = evaluate_model(model, problems, prepared)
    assert result.n == 80
    assert result.accuracy >= 0.70, f"{result.correct}/80 right"


def test_records_with_unreadable_answers_or_bom_id_lists_are_bad_input_not_tracebacks(tmp_path):
    from pyasp.wordproblems import read_ids, records_from_json

    problems, bad = records_from_json([{"iIndex": 1, "sQuestion": "Tom has 3 apples.", "lSolutions": [int("9" * 400)]}])
    assert not problems and "lSolutions is not a list of numbers" in bad[0]
    ids = tmp_path / "ids.txt"
    ids.write_text("\ufeff1\n2\n", encoding="utf-8")
    assert read_ids(ids) == ["1", "2"]
