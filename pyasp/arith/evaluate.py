"""Train and evaluate declarative-rules models on word-problem datasets.

Each problem is read and prepared once (``prepare_many``: parse, properties, rule applicability
by clingo, features; in parallel with joblib); then either k-fold cross-validation (the folds
given as files of problem ids, as the paper's CogComp folds, or a seeded split) or training on
one list of ids and testing on another (AllArith -> Perturb).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..parallel import map_chunks
from ..text.reading import read_many
from ..wordproblems import EvaluationResult as BaseResult
from ..wordproblems import WordProblem, is_correct
from .engine import Prepared, prepare
from .inference import infix, search
from .knowledge import Knowledge
from .model import KnowledgeModel


def _prepare_chunk(docs, knowledge):
    return [prepare(doc, knowledge) for doc in docs]


def prepare_many(problems: list[WordProblem], knowledge: Knowledge, *, jobs: int = 1,
                 cache_dir: str | Path | None = None, progress: Callable[[int], None] | None = None) -> list[Prepared]:
    """Read every problem (parse cache in ``cache_dir``) and prepare it; ``jobs`` processes."""
    docs = read_many([p.text for p in problems], cache_dir=cache_dir)
    return map_chunks(_prepare_chunk, docs, knowledge, jobs=jobs, chunk=16, progress=progress)


def read_ids(path: str | Path) -> list[str]:
    """Problem ids, one a line (blank lines and ``#`` comments skipped)."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise InputError(f"{path}: cannot read the id list ({err.strerror or err})") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: the id list is not UTF-8 text") from None
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def select(problems: list[WordProblem], ids: list[str], source: str) -> list[int]:
    """Positions of the problems with these ids, in the list's order; unknown ids are an error."""
    where = {str(p.id): i for i, p in enumerate(problems)}
    missing = [i for i in ids if i not in where]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise InputError(f"{source}: id {missing[0]} is not in the dataset{more}")
    return [where[i] for i in ids]


def folds_from_dir(problems: list[WordProblem], folds_dir: str | Path) -> list[list[int]]:
    """The folds given as files ``fold*.txt`` of a directory (one problem id a line)."""
    folds_dir = Path(folds_dir)
    files = sorted(folds_dir.glob("fold*.txt")) if folds_dir.is_dir() else []
    if not files:
        raise InputError(f"{folds_dir}: no fold*.txt files (one problem id a line)")
    return [select(problems, read_ids(f), str(f)) for f in files]


def seeded_folds(n: int, folds: int, seed: int = 0) -> list[list[int]]:
    order = np.random.default_rng(seed).permutation(n)
    return [sorted(int(i) for i in part) for part in np.array_split(order, folds)]


@dataclass
class Prediction:
    id: object
    answer: float | None
    expression: str | None
    correct: bool

    def as_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class EvaluationResult(BaseResult):
    oracle: float = 0.0  # share of the problems some derivation of the rules answers right

    def extra(self) -> dict:
        return {"derivation_oracle": self.oracle}


def predict_prepared(model: KnowledgeModel, p: Prepared, problem: WordProblem) -> Prediction:
    found = model.best(p)
    if not found:
        return Prediction(problem.id, None, None, False)
    expr = found[0][1]
    answer = float(expr.value)
    return Prediction(problem.id, answer, infix(expr, p.values), is_correct(answer, problem.solutions))


def reachable(p: Prepared, problem: WordProblem, model: KnowledgeModel | None = None) -> bool:
    """Whether some derivation the rules allow gives a gold answer."""
    if len(p.values) < 2:
        return False
    m = model or KnowledgeModel()
    zeros_o, zeros_r = np.zeros(len(p.option_features)), np.zeros(len(p.values))
    found = search(p.values, p.options, zeros_o, zeros_r, p.has_rate, p.has_math, beam=m.beam,
                   max_numbers=m.max_numbers, accept=lambda e: is_correct(float(e.value), problem.solutions))
    return bool(found)


_NUMBER = re.compile(r"(?<![A-Za-z_])\d+(?:\.\d+)?")


def gold_uses(problem: WordProblem, values: tuple) -> frozenset[int] | None:
    """The numbers of the text (1-based) that the problem's gold equation uses, when the record
    has one (``lEquations``) and every constant in it is matched to a distinct number of the
    text; else None (training then uses the answer alone)."""
    equations = problem.extra.get("lEquations")
    if not equations or not isinstance(equations, list) or not isinstance(equations[0], str):
        return None
    free = {i + 1: float(v) for i, v in enumerate(values)}
    used: set[int] = set()
    for token in _NUMBER.findall(equations[0]):
        x = float(token)
        match = next((i for i, v in free.items() if abs(v - x) <= 1e-6 * max(1.0, abs(x))), None)
        if match is None:
            return None
        used.add(match)
        del free[match]
    return frozenset(used) if len(used) >= 2 else None


def _run_fold(train: list[int], test: list[int], problems, prepared, model_params: dict):
    params = dict(model_params)
    with_uses = params.pop("use_equations", True)
    model = KnowledgeModel(**params)
    uses = [gold_uses(problems[i], prepared[i].values) if with_uses else None for i in train]
    model.fit([prepared[i] for i in train], [problems[i].solutions for i in train], uses)
    return [predict_prepared(model, prepared[i], problems[i]) for i in test]


def cross_validate(problems: list[WordProblem], prepared: list[Prepared], folds: list[list[int]], *,
                   model_params: dict | None = None, jobs: int = 1,
                   progress: Callable[[int], None] | None = None) -> EvaluationResult:
    """Train on all folds but one, test on that one, for every fold; each fold is deterministic,
    so the result does not depend on ``jobs``. Problems in no fold are not scored."""
    start = time.perf_counter()
    splits = []
    for test in folds:
        held = set(test)
        splits.append(([i for f in folds for i in f if i not in held], list(test)))
    params = dict(model_params or {})
    if jobs == 1:
        outcomes = (_run_fold(train, test, problems, prepared, params) for train, test in splits)
    else:
        from joblib import Parallel, delayed

        outcomes = Parallel(n_jobs=jobs, return_as="generator")(
            delayed(_run_fold)(train, test, problems, prepared, params) for train, test in splits)
    scored = [i for f in folds for i in f]
    result = EvaluationResult(len(scored), 0)
    for k, ((_, test), predictions) in enumerate(zip(splits, outcomes)):
        right = sum(p.correct for p in predictions)
        result.predictions.extend(predictions)
        result.folds.append({"fold": k + 1, "n": len(test), "correct": right, "accuracy": right / max(1, len(test))})
        result.correct += right
        if progress:
            progress(len(test))
    result.oracle = sum(reachable(prepared[i], problems[i]) for i in scored) / max(1, len(scored))
    result.seconds = time.perf_counter() - start
    return result


def evaluate_model(model: KnowledgeModel, problems: list[WordProblem], prepared: list[Prepared], indices: list[int] | None = None) -> EvaluationResult:
    """Accuracy of a trained model on the given problems (all by default; no training)."""
    start = time.perf_counter()
    indices = list(range(len(problems))) if indices is None else indices
    result = EvaluationResult(len(indices), 0)
    result.predictions = [predict_prepared(model, prepared[i], problems[i]) for i in indices]
    result.correct = sum(p.correct for p in result.predictions)
    result.oracle = sum(reachable(prepared[i], problems[i]) for i in indices) / max(1, len(indices))
    result.folds = [{"fold": 1, "n": result.n, "correct": result.correct, "accuracy": result.accuracy}]
    result.seconds = time.perf_counter() - start
    return result
