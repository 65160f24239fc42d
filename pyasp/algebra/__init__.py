"""Equation trees for algebra word problems (ALGES, TACL 2015), from Python.

    >>> import pyasp.algebra as algebra                                       # doctest: +SKIP
    >>> algebra.solve("A bike rental costs 17 dollars plus 7 dollars an hour. Tom paid 80 "
    ...               "dollars. For how many hours did he rent the bike?").answer  # doctest: +SKIP
    9
    >>> model = algebra.train("questions.json", jobs=2)                       # doctest: +SKIP
    >>> model.save("my.skops")                                                # doctest: +SKIP
    >>> algebra.evaluate("AddSub.json", model=model).accuracy                 # doctest: +SKIP

The four calls are the ``pyasp algebra`` commands with the same defaults; ``data`` is a MAWPS
JSON file (``sQuestion``, ``lSolutions``) or a list of its records or of
:class:`pyasp.wordproblems.WordProblem`. The pipeline's own modules (``solver``, ``engine``,
``evaluate``, ...) stay available for finer control.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..text.reading import cache_choice
from ..wordproblems import problems_from
from . import evaluate as _evaluate_module  # noqa: F401  loaded first: the name `evaluate` is the function below

__all__ = ["ABLATIONS", "evaluate", "load_model", "solve", "train"]

#: the paper's Table 7 ablations, by the names ``evaluate(ablation=...)`` takes
ABLATIONS = ("no-local", "no-global", "no-reorder")

Progress = Callable[[int], None]


def solve(text: str, *, model=None):
    """The equation and answer of one problem (:class:`pyasp.algebra.solver.Solution`), by the
    shipped model or ``model`` (a path or a loaded model); raises :class:`pyasp.errors.NoAnswer`
    when no tree answers and :class:`pyasp.errors.InputError` for text that is not a problem."""
    from .solver import solve_text

    return solve_text(text, model)


def load_model(path: str | Path | None = None):
    """A model file written by :func:`train` (or ``pyasp algebra train``), or the shipped model
    (``None``). The model is shared between callers: do not fit it again."""
    from .solver import load_model as load

    return load(path)


def train(data, *, jobs: int = 1, seed: int = 0, reorder: bool = True, skip_bad: bool = False,
          cache: str | Path | bool = True, progress: Progress | None = None):
    """Learn the local and global models from problems and their answers only (no equation is
    read); ``cache``: the parse cache folder, ``True`` for the default one, ``False`` for none.
    Problems whose text cannot be read or has no number add nothing; a
    :class:`pyasp.errors.PyaspWarning` names them."""
    from ..errors import check_count
    from .engine import PrepareSettings
    from .solver import train as fit

    jobs, seed = check_count(jobs, "jobs"), check_count(seed, "seed", 0)
    problems = problems_from(data, skip_bad=skip_bad)
    settings = PrepareSettings(reorder=PrepareSettings().reorder if reorder else ())
    return fit(problems, settings=settings, jobs=jobs, cache=cache_choice(cache), progress=progress, seed=seed)


def evaluate(data, model=None, *, folds: int = 5, seed: int = 0, folds_dir: str | Path | None = None,
             ablation: str | None = None, jobs: int = 1, skip_bad: bool = False, cache: str | Path | bool = True,
             progress: Progress | None = None):
    """Accuracy of ``model`` (a path, ``"default"`` or a loaded model) on every problem, or, with
    no model, of k-fold cross-validation: ``folds`` seeded parts, or the fold files of
    ``folds_dir`` (``fold*.txt``, one id a line; only the problems they list are scored).
    Returns :class:`pyasp.algebra.evaluate.EvaluationResult` with ``accuracy``, ``folds`` and
    ``predictions``; ``progress`` is called with the problems done, twice per problem without a
    model (reading, then scoring). A problem whose text cannot be read ("1e9 apples") counts as
    unanswered, its prediction's ``error`` says why, and a :class:`pyasp.errors.PyaspWarning`
    names those problems."""
    import time

    from ..errors import InputError, check_count
    from .engine import PrepareSettings
    from .evaluate import cross_validate, evaluate_model, prepare_many

    folds, seed, jobs = check_count(folds, "folds", 2), check_count(seed, "seed", 0), check_count(jobs, "jobs")

    if ablation is not None and ablation not in ABLATIONS:
        raise InputError(f"ablation must be one of {', '.join(ABLATIONS)}, got {ablation!r}")
    if model is not None and (ablation or folds_dir is not None):
        raise InputError("a trained model is scored on every problem: no ablation or folds go with it")
    problems = problems_from(data, skip_bad=skip_bad)
    split = None
    if folds_dir is not None:
        problems, split = _fold_order(problems, folds_dir)
    elif model is None and not 2 <= folds <= len(problems):  # before reading: cross_validate would refuse it then
        raise InputError(f"{len(problems)} problems cannot be split into {folds} folds (at least 2, at most one a problem)")
    trained = (model if not isinstance(model, (str, Path)) else load_model(model)) if model is not None else None
    settings = trained.settings if trained is not None else PrepareSettings()
    if ablation == "no-reorder":
        settings = PrepareSettings(**{**settings.__dict__, "reorder": ()})
    start = time.perf_counter()
    prepared = prepare_many(problems, settings, jobs=jobs, cache_dir=cache_choice(cache), progress=progress)
    if trained is not None:
        result = evaluate_model(trained, problems, prepared)
    else:
        params = {"use_local": ablation != "no-local", "use_global": ablation != "no-global"}
        result = cross_validate(problems, prepared, folds=folds, seed=seed, model_params=params, settings=settings,
                                progress=progress, jobs=jobs, split=split)
    result.seconds = time.perf_counter() - start  # reading, candidates, training and scoring
    return result


def _fold_order(problems, folds_dir):
    """The problems the fold files list, fold after fold, and each fold's positions in that order."""
    from ..wordproblems import folds_from_dir

    positions = folds_from_dir(problems, folds_dir)
    order = [i for fold in positions for i in fold]
    where = {i: k for k, i in enumerate(order)}
    return [problems[i] for i in order], [[where[i] for i in fold] for fold in positions]
