"""Train and evaluate ALGES models on word-problem datasets (k-fold cross-validation).

Each problem is read, grounded and given its candidates once (``prepare_many``, in parallel with
joblib); every fold then trains on the other folds' prepared problems and their answers and
predicts its own. The split is a fixed permutation from ``seed``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..parallel import map_chunks, workers
from ..wordproblems import EvaluationResult as BaseResult
from ..wordproblems import PredictionRecord
from ..wordproblems import WordProblem, is_correct, read_problems
from .engine import Prepared, PrepareSettings, prepare
from .model import AlgebraModel

ABLATIONS = ("no-local", "no-global", "no-reorder")


def _prepare_chunk(items, settings):
    return [prepare(doc, settings) if doc is not None else Prepared(None, error=error) for doc, error in items]


def prepare_many(problems: list[WordProblem], settings: PrepareSettings, *, jobs: int = 1,
                 cache_dir: str | Path | None = None, progress: Callable[[int], None] | None = None,
                 training: bool = False) -> list[Prepared]:
    """Read every problem (parse cache in ``cache_dir``) and prepare it; ``jobs`` processes.

    A problem whose text the reader refuses ("1e9 apples") is prepared with no candidate and the
    reader's message as its ``error``, so that it is scored as unanswered and trains nothing; one
    warning names those problems (in ``training``, another those with no number at all)."""
    docs, errors = read_problems(problems, cache_dir=cache_dir, training=training)
    items = [(doc, errors.get(i)) for i, doc in enumerate(docs)]
    return map_chunks(_prepare_chunk, items, settings, jobs=jobs, chunk=8, progress=progress)


def fold_indices(n: int, folds: int, seed: int = 0) -> list[np.ndarray]:
    """A fixed split of range(n) into ``folds`` parts from a seeded permutation."""
    order = np.random.default_rng(seed).permutation(n)
    return [np.sort(part) for part in np.array_split(order, folds)]


@dataclass
class Prediction(PredictionRecord):
    id: object
    answer: float | None
    equation: str | None
    correct: bool
    error: str | None = None
    solutions: tuple[float, ...] = ()  # the dataset's answers


@dataclass
class EvaluationResult(BaseResult):
    operator_accuracy: float | None = None  # local model on held-out correct trees (Table 8)
    oracle: float = 0.0  # share of the problems with a correct candidate

    def extra(self) -> dict:
        return {"operator_accuracy": self.operator_accuracy, "candidate_oracle": self.oracle}


def predict_prepared(model: AlgebraModel, p: Prepared, problem: WordProblem) -> Prediction:
    best = model.best(p)
    if best is None:
        return Prediction(problem.id, None, None, False, p.error or "no candidate", problem.solutions)
    candidate = p.candidates[best[0]]
    answer = float(candidate.answer)
    return Prediction(problem.id, answer, candidate.tree.equation, is_correct(answer, problem.solutions),
                      solutions=problem.solutions)


def _operator_accuracy(model: AlgebraModel, prepared: list[Prepared], problems: list[WordProblem]) -> tuple[int, int]:
    """Operators of held-out correct trees that the local model predicts right (Table 8)."""
    if model.local_ is None:
        return 0, 0
    right = total = 0
    for p, prob in zip(prepared, problems):
        if p.error or not p.candidates:
            continue
        eligible = model.eligible_candidates(p)
        correct = [i for i in eligible if is_correct(float(p.candidates[i].answer), prob.solutions)]
        rows = sorted({r for i in model.local_training_trees(p, correct) for r in p.candidate_nodes[i]})
        if not rows:
            continue
        predicted = model.local_.predict(p.node_features[rows])
        for r, k in zip(rows, predicted):
            total += 1
            right += int(p.node_ops[r] == ("add", "sub", "mul", "div")[int(k)])
    return right, total


def candidate_oracle(prepared: list[Prepared], problems: list[WordProblem]) -> float:
    """Share of the problems where some candidate gives a gold answer (the best accuracy any
    scorer could reach on these candidates; a problem without candidates counts as missed, so
    the share is comparable with the accuracy)."""
    hits = sum(any(is_correct(float(c.answer), prob.solutions) for c in p.candidates) for p, prob in zip(prepared, problems))
    return hits / max(1, len(problems))


def _run_fold(train: list[int], test: list[int], problems: list[WordProblem], prepared: list[Prepared],
              model_params: dict, settings: PrepareSettings, seed: int) -> tuple[list[Prediction], int, int]:
    """Train on ``train``, predict ``test``: the predictions and the operator accuracy counts."""
    model = AlgebraModel(seed=seed, settings=settings, **model_params)
    model.fit([prepared[i] for i in train], [problems[i].solutions for i in train])
    predictions = [predict_prepared(model, prepared[i], problems[i]) for i in test]
    right, total = _operator_accuracy(model, [prepared[i] for i in test], [problems[i] for i in test])
    return predictions, right, total


def cross_validate(problems: list[WordProblem], prepared: list[Prepared], *, folds: int = 5, seed: int = 0,
                   model_params: dict | None = None, settings: PrepareSettings = PrepareSettings(),
                   progress: Callable[[int], None] | None = None, jobs: int = 1,
                   split: list[list[int]] | None = None) -> EvaluationResult:
    """k-fold cross-validation over prepared problems; returns accuracy per fold and overall.

    The folds are a seeded split into ``folds`` parts, or ``split`` when given (lists of
    positions that together cover every problem once, e.g. a paper's fold files). Folds are
    trained and scored in ``jobs`` processes; each fold is deterministic (seeded), so the result
    does not depend on ``jobs``.
    """
    if split is None and not 2 <= folds <= len(problems):
        raise InputError(f"{len(problems)} problems cannot be split into {folds} folds (at least 2, at most one a problem)")
    start = time.perf_counter()
    result = EvaluationResult(len(problems), 0)
    splits = []
    parts = [np.array(sorted(f)) for f in split] if split is not None else fold_indices(len(problems), folds, seed)
    if split is not None and sorted(i for f in split for i in f) != list(range(len(problems))):
        raise ValueError("the folds must cover every problem exactly once")
    for test in parts:
        test_set = set(test.tolist())
        splits.append(([i for i in range(len(problems)) if i not in test_set], [int(i) for i in test]))
    args = (problems, prepared, dict(model_params or {}), settings, seed)
    jobs = workers(jobs, len(splits))  # a worker per fold (and CPU) at most
    if jobs == 1:
        outcomes = (_run_fold(train, test, *args) for train, test in splits)
    else:
        from joblib import Parallel, delayed

        outcomes = Parallel(n_jobs=jobs, return_as="generator")(delayed(_run_fold)(train, test, *args) for train, test in splits)
    predictions: dict[int, Prediction] = {}
    op_right = op_total = 0
    for k, ((_, test), (fold_predictions, right_ops, total_ops)) in enumerate(zip(splits, outcomes)):
        right = 0
        for i, prediction in zip(test, fold_predictions):
            predictions[i] = prediction
            right += prediction.correct
        op_right, op_total = op_right + right_ops, op_total + total_ops
        result.folds.append({"fold": k + 1, "n": len(test), "correct": right, "accuracy": right / len(test)})
        result.correct += right
        if progress:
            progress(len(test))
    result.predictions = [predictions[i] for i in range(len(problems))]
    result.operator_accuracy = op_right / op_total if op_total else None
    result.oracle = candidate_oracle(prepared, problems)
    result.seconds = time.perf_counter() - start
    return result


def evaluate_model(model: AlgebraModel, problems: list[WordProblem], prepared: list[Prepared]) -> EvaluationResult:
    """Accuracy of a trained model on every problem (no training)."""
    start = time.perf_counter()
    result = EvaluationResult(len(problems), 0)
    result.predictions = [predict_prepared(model, p, prob) for p, prob in zip(prepared, problems)]
    result.correct = sum(p.correct for p in result.predictions)
    result.oracle = candidate_oracle(prepared, problems)
    result.folds = [{"fold": 1, "n": result.n, "correct": result.correct, "accuracy": result.accuracy}]
    result.seconds = time.perf_counter() - start
    return result
