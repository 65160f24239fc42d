"""ALGES end to end: text -> Qsets -> candidate trees -> learned scores -> equation and answer.

    >>> from pyasp.algebra.solver import solve_text                      # doctest: +SKIP
    >>> s = solve_text("A bike rental costs 17 dollars plus 7 dollars an hour. Tom paid 80 "
    ...                "dollars. For how many hours did he rent the bike?")  # doctest: +SKIP
    >>> s.equation, s.answer                                              # doctest: +SKIP
    ('17+(7*x)=80', 9)

``solve_text`` uses the model shipped with the package (trained by ``pyasp algebra train`` on
SingleEq) unless given another; ``train`` learns a model from problems and their answers.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import InputError, NoAnswer
from ..resources import MODELS_DIR, model_file
from ..text.reading import cache_dir, read  # noqa: F401  (cache_dir: re-exported)
from ..wordproblems import WordProblem, json_number
from .engine import Prepared, PrepareSettings, prepare
from .model import AlgebraModel
from .trees import EquationTree

#: The model shipped with the package (trained on all of SingleEq by `pyasp algebra train`).
DEFAULT_MODEL = MODELS_DIR / "algebra.skops"


@lru_cache(maxsize=4)
def _load(path: str) -> AlgebraModel:
    return AlgebraModel.load(path)


def load_model(path: str | Path | None = None) -> AlgebraModel:
    """A model file, or the shipped default (``None`` or ``"default"``)."""
    return _load(model_file(path, DEFAULT_MODEL, "pyasp algebra train"))


@dataclass
class Solution:
    equation: str
    answer: int | float
    tree: EquationTree
    prepared: Prepared
    score: float
    seconds: float

    @property
    def qsets(self) -> list:
        return list(self.prepared.problem.qsets)

    def as_dict(self) -> dict:
        return {
            "equation": self.equation,
            "answer": self.answer,
            "qsets": [q.as_dict() for q in self.qsets],
            "tree": {"postfix": self.tree.postfix, "cost": self.tree.cost, "violations": list(self.tree.violations)},
            "candidates_considered": len(self.prepared.candidates),
            "score": self.score,
            "reordered": list(self.prepared.problem.reordered),
            "seconds": round(self.seconds, 3),
        }


def solve_prepared(prepared: Prepared, model: AlgebraModel) -> tuple[int, float]:
    if prepared.error and prepared.problem is None:
        raise InputError(prepared.error)
    best = model.best(prepared)
    if best is None:
        raise NoAnswer(prepared.error or "no equation tree answers the problem")
    return best


def solve_text(text: str, model: AlgebraModel | str | Path | None = None) -> Solution:
    """Solve one word problem (see the module docstring). Raises InputError for text that is
    not a problem (no number, no question) and NoAnswer when no tree answers it."""
    start = time.perf_counter()
    if not isinstance(text, str):
        raise InputError(f"the problem must be its text (a str), not a {type(text).__name__}")
    if model is not None and not isinstance(model, (AlgebraModel, str, Path)):
        raise InputError(f"model is an algebra model (a path, or pyasp.algebra.load_model's), not a {type(model).__name__}")
    if not isinstance(model, AlgebraModel):
        model = load_model(model)
    prepared = prepare(read(text), model.settings)
    index, score = solve_prepared(prepared, model)
    candidate = prepared.candidates[index]
    return Solution(candidate.tree.equation, json_number(candidate.answer), candidate.tree, prepared, score,
                    time.perf_counter() - start)


def train(problems: list[WordProblem], *, settings: PrepareSettings = PrepareSettings(), jobs: int = 1,
          model_params: dict | None = None, cache: str | Path | None = None,
          progress: Callable[[int], None] | None = None, seed: int = 0) -> AlgebraModel:
    """Learn a model from problems and their answers (Figure 3): no equation is read."""
    from .evaluate import prepare_many

    prepared = prepare_many(problems, settings, jobs=jobs, cache_dir=cache, progress=progress, training=True)
    model = AlgebraModel(seed=seed, settings=settings, **(model_params or {}))
    return model.fit(prepared, [p.solutions for p in problems])
