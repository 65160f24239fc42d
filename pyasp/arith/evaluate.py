"""Train and evaluate declarative-rules models on word-problem datasets.

Each problem is parsed and read once (``read_infos``: the numbers and their properties; in
parallel with joblib); then either k-fold cross-validation (the folds given as files of problem
ids, as the paper's CogComp folds, or a seeded split) or training on one list of ids and testing
on another (AllArith -> Perturb). Within a fold everything learned is learned from the training
problems alone: the rate model first, then the problems are prepared (rates decided, rule
applicability by clingo, features) and the weights learned (``fit_pipeline``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..parallel import map_chunks, workers
from ..wordproblems import EvaluationResult as BaseResult
from ..wordproblems import PredictionRecord
from ..wordproblems import WordProblem, folds_from_dir, is_correct, read_ids, read_problems, select  # noqa: F401 (re-exported)
from .engine import Prepared, prepare, read_info
from .inference import infix, search
from .knowledge import Knowledge, load_knowledge
from .model import KnowledgeModel
from .properties import ProblemInfo, unreadable_problem
from .rates import RateModel, annotated_rates, number_evidence, question_evidence
from .solver import NO_RULE, unanswerable


def _read_chunk(items, knowledge):
    return [read_info(doc, knowledge) if doc is not None else unreadable_problem(text, error) for doc, text, error in items]


def read_infos(problems: list[WordProblem], knowledge: Knowledge, *, jobs: int = 1,
               cache_dir: str | Path | None = None, progress: Callable[[int], None] | None = None,
               training: bool = False) -> list[ProblemInfo]:
    """Parse every problem (parse cache in ``cache_dir``) and read its numbers' properties;
    ``jobs`` processes.

    A problem whose text the reader refuses ("1e9 apples") is read with no number and the
    reader's message as its ``error``, so that it is scored as unanswered and trains nothing; one
    warning names those problems (in ``training``, another those with no number at all)."""
    docs, errors = read_problems(problems, cache_dir=cache_dir, training=training)
    items = [(doc, p.text, errors.get(i)) for i, (doc, p) in enumerate(zip(docs, problems))]
    return map_chunks(_read_chunk, items, knowledge, jobs=jobs, chunk=16, progress=progress)


def _prepare_chunk(items, knowledge, rates):
    return [prepare(info, knowledge, rates, labels) for info, labels in items]


def prepare_infos(infos: list[ProblemInfo], knowledge: Knowledge, rates: RateModel | None = None,
                  labels: list[set[int] | None] | None = None, *, jobs: int = 1) -> list[Prepared]:
    """Prepare read problems: rates by ``labels`` where given, else by ``rates`` (see
    :func:`pyasp.arith.engine.prepare`)."""
    items = list(zip(infos, labels or [None] * len(infos)))
    return map_chunks(_prepare_chunk, items, knowledge, rates, jobs=jobs, chunk=32)


def prepare_many(problems: list[WordProblem], knowledge: Knowledge, rates: RateModel | None = None, *, jobs: int = 1,
                 cache_dir: str | Path | None = None, progress: Callable[[int], None] | None = None) -> list[Prepared]:
    """Read and prepare every problem, rates decided by ``rates`` (None: the parse reader)."""
    infos = read_infos(problems, knowledge, jobs=jobs, cache_dir=cache_dir, progress=progress)
    return prepare_infos(infos, knowledge, rates, jobs=jobs)


def rate_labels(problems: list[WordProblem], infos: list[ProblemInfo]) -> list[set[int] | None]:
    """Each problem's rate annotation (1-based numbers, 0 for the question), None where the
    record has none or its ``quants`` are not the numbers read from the text."""
    return [annotated_rates(p.extra.get("rates"), p.extra.get("quants"), info) if info.error is None else None
            for p, info in zip(problems, infos)]


def fit_rates(infos: list[ProblemInfo], labels: list[set[int] | None], C: float = 1.0) -> RateModel | None:
    """The rate model learned from the annotated problems (None when no problem is annotated)."""
    numbers, number_labels, questions, question_labels = [], [], [], []
    for info, lab in zip(infos, labels):
        if lab is None:
            continue
        for n in info.numbers:
            numbers.append(number_evidence(info, n)[0])
            number_labels.append(n.index in lab)
        questions.append(question_evidence(info)[0])
        question_labels.append(0 in lab)
    if not questions:
        return None
    return RateModel(C=C).fit(numbers, number_labels, questions, question_labels)


def fit_pipeline(problems: list[WordProblem], infos: list[ProblemInfo], knowledge: Knowledge, *,
                 model_params: dict | None = None, use_equations: bool = True, use_rates: bool = True,
                 jobs: int = 1) -> KnowledgeModel:
    """Train on read problems: the rate model from the records' rate annotations (``rates``,
    unless ``use_rates`` is False), then the weights of concepts, rules and features from the
    answers (and, with ``use_equations``, the numbers of the gold equations). Training problems
    use their annotated rates where they have them, the learned model's elsewhere."""
    labels = rate_labels(problems, infos) if use_rates else [None] * len(problems)
    rates = fit_rates(infos, labels) if use_rates else None
    prepared = prepare_infos(infos, knowledge, rates, labels, jobs=jobs)
    uses = [gold_uses(p, tuple(n.value for n in q.info.numbers)) if use_equations else None  # as written, not converted
            for p, q in zip(problems, prepared)]
    model = KnowledgeModel(**(model_params or {}))
    model.fit(prepared, [p.solutions for p in problems], uses)
    model.rates_ = rates
    model.rules_ = (Path(knowledge.source).name, tuple(sorted(knowledge.rules)))
    # how many records carried each optional annotation, and how many of those could be used
    model.annotations_ = {
        "equations": {"given": sum(bool(p.extra.get("lEquations")) for p in problems) if use_equations else 0,
                      "used": sum(u is not None for u in uses)},
        "rates": {"given": sum(p.extra.get("rates") is not None for p in problems) if use_rates else 0,
                  "used": sum(lab is not None for lab in labels)},
    }
    return model


def seeded_folds(n: int, folds: int, seed: int = 0) -> list[list[int]]:
    order = np.random.default_rng(seed).permutation(n)
    return [sorted(int(i) for i in part) for part in np.array_split(order, folds)]


@dataclass
class Prediction(PredictionRecord):
    id: object
    answer: float | None
    expression: str | None
    correct: bool
    error: str | None = None  # why there is no answer (as algebra eval's predictions say)
    solutions: tuple[float, ...] = ()  # the dataset's answers


@dataclass
class EvaluationResult(BaseResult):
    oracle: float = 0.0  # share of the problems some derivation of the rules answers right

    def extra(self) -> dict:
        return {"derivation_oracle": self.oracle}


def predict_prepared(model: KnowledgeModel, p: Prepared, problem: WordProblem) -> Prediction:
    found = model.best(p)
    if not found:
        return Prediction(problem.id, None, None, False, unanswerable(p) or NO_RULE, problem.solutions)
    expr = found[0][1]
    answer = float(expr.value)
    return Prediction(problem.id, answer, infix(expr, p.values), is_correct(answer, problem.solutions),
                      solutions=problem.solutions)


def reachable(p: Prepared, problem: WordProblem, model: KnowledgeModel | None = None) -> bool:
    """Whether some derivation the rules allow gives a gold answer."""
    if len(p.values) < 2:
        return False
    m = model or KnowledgeModel()
    zeros_o, zeros_r = np.zeros(len(p.option_features)), np.zeros(len(p.values))
    found = search(p.values, p.options, zeros_o, zeros_r, p.has_rate, p.has_math, beam=m.beam,
                   max_numbers=m.max_numbers, canonical=m.canonical, shares=p.shares, wholes=p.wholes, priced=p.priced, order=p.order,
                   accept=lambda e: is_correct(float(e.value), problem.solutions))
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


def _run_fold(train: list[int], test: list[int], problems, infos, knowledge, model_params: dict):
    params = dict(model_params)
    with_uses = params.pop("use_equations", True)
    with_rates = params.pop("use_rates", True)
    model = fit_pipeline([problems[i] for i in train], [infos[i] for i in train], knowledge, model_params=params,
                         use_equations=with_uses, use_rates=with_rates)
    prepared = prepare_infos([infos[i] for i in test], knowledge, model.rates_)
    predictions = [predict_prepared(model, p, problems[i]) for p, i in zip(prepared, test)]
    reached = sum(reachable(p, problems[i], model) for p, i in zip(prepared, test))
    return predictions, reached


def cross_validate(problems: list[WordProblem], infos: list[ProblemInfo], folds: list[list[int]], *,
                   knowledge: Knowledge | None = None, model_params: dict | None = None, jobs: int = 1,
                   progress: Callable[[int], None] | None = None) -> EvaluationResult:
    """Train on all folds but one, test on that one, for every fold (rate model and weights both
    learned from the training folds); each fold is deterministic, so the result does not depend
    on ``jobs``. Problems in no fold are not scored."""
    start = time.perf_counter()
    knowledge = knowledge or load_knowledge()
    splits = []
    for test in folds:
        held = set(test)
        splits.append(([i for f in folds for i in f if i not in held], list(test)))
    params = dict(model_params or {})
    jobs = workers(jobs, len(splits))  # a worker per fold (and CPU) at most
    if jobs == 1:
        outcomes = (_run_fold(train, test, problems, infos, knowledge, params) for train, test in splits)
    else:
        from joblib import Parallel, delayed

        outcomes = Parallel(n_jobs=jobs, return_as="generator")(
            delayed(_run_fold)(train, test, problems, infos, knowledge, params) for train, test in splits)
    scored = [i for f in folds for i in f]
    result = EvaluationResult(len(scored), 0)
    reached = 0
    for k, ((_, test), (predictions, fold_reached)) in enumerate(zip(splits, outcomes)):
        right = sum(p.correct for p in predictions)
        result.predictions.extend(predictions)
        result.folds.append({"fold": k + 1, "n": len(test), "correct": right, "accuracy": right / max(1, len(test))})
        result.correct += right
        reached += fold_reached
        if progress:
            progress(len(test))
    result.oracle = reached / max(1, len(scored))
    result.seconds = time.perf_counter() - start
    return result


def evaluate_model(model: KnowledgeModel, problems: list[WordProblem], infos: list[ProblemInfo],
                   indices: list[int] | None = None, *, knowledge: Knowledge | None = None, jobs: int = 1) -> EvaluationResult:
    """Accuracy of a trained model on the given problems (all by default; no training)."""
    start = time.perf_counter()
    knowledge = knowledge or load_knowledge()
    model.check_rules(knowledge)
    indices = list(range(len(problems))) if indices is None else indices
    prepared = prepare_infos([infos[i] for i in indices], knowledge, model.rates_, jobs=jobs)
    result = EvaluationResult(len(indices), 0)
    result.predictions = [predict_prepared(model, p, problems[i]) for p, i in zip(prepared, indices)]
    result.correct = sum(p.correct for p in result.predictions)
    result.oracle = sum(reachable(p, problems[i], model) for p, i in zip(prepared, indices)) / max(1, len(indices))
    result.folds = [{"fold": 1, "n": result.n, "correct": result.correct, "accuracy": result.accuracy}]
    result.seconds = time.perf_counter() - start
    return result
