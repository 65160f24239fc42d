"""Arithmetic word problems by declarative rules (Roy & Roth, TACL 2018), from Python.

    >>> import pyasp.arith as arith                                           # doctest: +SKIP
    >>> s = arith.solve("Mary had 20 pencils. She gave 6 pencils to her brother. "
    ...                 "How many pencils does Mary have now?")                # doctest: +SKIP
    >>> s.expression, s.answer, s.derivation[0]["rule"]                       # doctest: +SKIP
    ('(20 - 6)', 14, 'have_give')
    >>> model = arith.train("questions.json", ids="perturb/old.txt", jobs=2)  # doctest: +SKIP
    >>> arith.evaluate("questions.json", folds_dir="folds/allArith").accuracy  # doctest: +SKIP

The four calls are the ``pyasp arith`` commands with the same defaults: training reads the
records' gold equation numbers (``lEquations``) and rate annotations (``rates``, ``quants``)
unless told not to; prediction reads only the text. ``data`` is a MAWPS/CogComp JSON file or a
list of its records or of :class:`pyasp.wordproblems.WordProblem`; ``rules`` a rule file (the
packaged ``encodings/knowledge.rules`` by default). The modules (``solver``, ``evaluate``, ...)
stay available for finer control.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ..text.reading import cache_choice
from ..wordproblems import problems_from, select_ids
from . import evaluate as _evaluate_module  # noqa: F401  loaded first: the name `evaluate` is the function below

__all__ = ["FIELDS", "NORMAL_FORMS", "evaluate", "load_model", "solve", "train"]

#: the record fields training may read besides the text and answers
FIELDS = ("lEquations", "rates", "quants")
#: how sums and products are ordered before scoring (``normal_form``)
NORMAL_FORMS = ("multiplicative", "all", "none")

Progress = Callable[[int], None]


def solve(text: str, *, model=None, rules=None, top: int = 1):
    """The expression, answer and derivation of one problem
    (:class:`pyasp.arith.solver.Solution`); raises :class:`pyasp.errors.NoAnswer` when no
    derivation answers it and :class:`pyasp.errors.InputError` for text that is not a problem."""
    from .solver import solve_text

    return solve_text(text, model, rules, top)


def load_model(path: str | Path | None = None):
    """A model file written by :func:`train` (or ``pyasp arith train``), or the shipped model.
    The model is shared between callers: do not fit it again."""
    from .solver import load_model as load

    return load(path)


def train(data, *, ids: str | Path | Sequence | None = None, rules=None, epochs: int = 10, restarts: int = 3,
          normal_form: str = "multiplicative", use_equations: bool = True, use_rates: bool = True, jobs: int = 1,
          skip_bad: bool = False, cache: str | Path | bool = True, progress: Progress | None = None):
    """Learn the weights of concepts, rules and features from the problems (those of ``ids``: an
    id file, one a line, or a list of ids) and their answers. Problems whose text cannot be read
    or has no number add nothing; a :class:`pyasp.errors.PyaspWarning` names them."""
    from ..errors import check_count
    from .solver import train as fit

    jobs = check_count(jobs, "jobs")
    problems = problems_from(data, skip_bad=skip_bad, extra_fields=FIELDS)
    if ids is not None:
        problems = [problems[i] for i in select_ids(problems, ids)]
    return fit(problems, rules=rules, jobs=jobs, model_params=_params(epochs, restarts, normal_form),
               use_equations=use_equations, use_rates=use_rates, cache=cache_choice(cache), progress=progress)


def evaluate(data, model=None, *, folds: int = 5, seed: int = 0, folds_dir: str | Path | None = None,
             train_ids=None, test_ids=None, rules=None, epochs: int = 10, restarts: int = 3,
             normal_form: str = "multiplicative", use_equations: bool = True, use_rates: bool = True, jobs: int = 1,
             skip_bad: bool = False, cache: str | Path | bool = True, progress: Progress | None = None):
    """Accuracy of ``model`` (a path, ``"default"`` or a loaded model; on ``test_ids`` or every
    problem), of a model trained on ``train_ids`` and tested on ``test_ids``, or of
    cross-validation: the fold files of ``folds_dir`` (the paper's), else ``folds`` seeded parts.
    Returns :class:`pyasp.arith.evaluate.EvaluationResult` (``accuracy``, ``folds``,
    ``predictions``, ``oracle``); ``progress`` is called with the problems done. A problem whose
    text cannot be read ("1e9 apples") counts as unanswered, its prediction's ``error`` says why,
    and a :class:`pyasp.errors.PyaspWarning` names those problems."""
    import time

    from ..errors import InputError, check_count
    from .evaluate import cross_validate, evaluate_model, fit_pipeline, folds_from_dir, read_infos, seeded_folds
    from .model import KnowledgeModel
    from .solver import knowledge_for

    folds, seed, jobs = check_count(folds, "folds", 2), check_count(seed, "seed", 0), check_count(jobs, "jobs")

    if model is not None and train_ids is not None:
        raise InputError("a trained model is scored as it is: train_ids cannot go with it")
    if (train_ids is None) != (test_ids is None) and model is None:
        raise InputError("train_ids and test_ids go together")
    if folds_dir is not None and (model is not None or train_ids is not None):
        raise InputError("folds_dir cross-validates: it cannot go with a model or train_ids")
    problems = problems_from(data, skip_bad=skip_bad, extra_fields=FIELDS)
    if model is not None and not isinstance(model, (str, Path, KnowledgeModel)):
        raise InputError(f"model is an arith model (a path, or pyasp.arith.load_model's), not a {type(model).__name__}")
    trained = (model if not isinstance(model, (str, Path)) else load_model(model)) if model is not None else None
    knowledge = knowledge_for(rules)
    test = select_ids(problems, test_ids) if test_ids is not None else None
    train = select_ids(problems, train_ids) if train_ids is not None else None
    if train is not None and test is not None and set(train) & set(test):
        import warnings

        from ..errors import PyaspWarning

        both = len(set(train) & set(test))
        warnings.warn(f"{both} of the {len(test)} test problems are training problems too: the accuracy is not measured "
                      "on unseen problems", PyaspWarning, stacklevel=2)
    split = folds_from_dir(problems, folds_dir) if folds_dir is not None else None
    if split is None and trained is None and train is None and not 2 <= folds <= len(problems):
        raise InputError(f"{len(problems)} problems cannot be split into {folds} folds (at least 2, at most one a problem)")
    params = _params(epochs, restarts, normal_form)
    start = time.perf_counter()
    infos = read_infos(problems, knowledge, jobs=jobs, cache_dir=cache_choice(cache), progress=progress)
    if trained is not None:
        result = evaluate_model(trained, problems, infos, test, knowledge=knowledge, jobs=jobs)
    elif train is not None:
        fitted = fit_pipeline([problems[i] for i in train], [infos[i] for i in train], knowledge, model_params=params,
                              use_equations=use_equations, use_rates=use_rates, jobs=jobs)
        result = evaluate_model(fitted, problems, infos, test, knowledge=knowledge, jobs=jobs)
    else:
        result = cross_validate(problems, infos, split or seeded_folds(len(problems), folds, seed), knowledge=knowledge,
                                jobs=jobs, progress=progress,
                                model_params={**params, "use_equations": use_equations, "use_rates": use_rates})
    result.seconds = time.perf_counter() - start
    return result


def _params(epochs: int, restarts: int, normal_form: str) -> dict:
    from ..errors import InputError

    if normal_form not in NORMAL_FORMS:
        raise InputError(f"normal_form must be one of {', '.join(NORMAL_FORMS)}, got {normal_form!r}")
    from ..errors import check_count

    # a perceptron settles in tens of epochs; a count beyond these bounds is a typo, not a run
    epochs, restarts = check_count(epochs, "epochs", most=10_000), check_count(restarts, "restarts", most=1_000)
    return {"epochs": epochs, "restarts": restarts, "canonical": normal_form}
