"""ARNOLD's evaluation protocol (Section 4): learn a hidden program back from its solutions.

1. Sample ``folds * fold_size`` distinct feasible solutions of the true program with clingo
   (fewer when the program has fewer solutions: the folds then split what there is).
2. For each fold: learn from its first n solutions; *recall* is the share of the other folds'
   solutions the learned program accepts; *precision* the share of up to ``precision_samples``
   sampled solutions of the learned program (same declarations and domains) that the true
   program accepts.
3. Average over folds, for each n and each (s, p).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError, check_count
from .data import Instance
from .dsl import Program
from .learn import Learner, TensorEvaluator
from .solve import Inequality, TooLarge, expand, solve

__all__ = ["EvalRow", "accepts", "evaluate_program", "violations", "where_broken", "broken_places"]


@dataclass
class EvalRow:
    n: int
    s: int
    p: int
    recall: float
    precision: float | None  # None when no fold drew a solution of its learned program
    seconds: float
    constraints: float
    folds: list[dict] = field(default_factory=list)
    partial: bool = False
    fold_size: int = 0  # solutions per fold (fewer than asked when the true program has few)

    def as_dict(self) -> dict:
        return {
            "n": self.n,
            "s": self.s,
            "p": self.p,
            "recall": round(self.recall, 4),
            "precision": None if self.precision is None else round(self.precision, 4),
            "seconds": round(self.seconds, 4),
            "constraints": self.constraints,
            "fold_size": self.fold_size,
            "partial": self.partial,
            "folds": self.folds,
        }


def violations(program: Program, instance: Instance, solutions: Sequence[dict]) -> list[list[int]]:
    """Per solution, the positions of the constraints of ``program`` it breaks."""
    broken: list[list[int]] = [[] for _ in solutions]
    if not solutions:
        return broken
    evaluator = TensorEvaluator(instance, solutions)
    for k, c in enumerate(program.constraints):
        for j in np.flatnonzero(~evaluator.satisfied(c)):
            broken[j].append(k)
    return broken


def where_broken(program: Program, instance: Instance, solution: dict, k: int,
                 instances: Sequence[Inequality] | None = None) -> dict | None:
    """Where ``solution`` first breaks constraint ``k``: the values of its free indices
    (``at``), and the two sides there as the constraint is written (``left``, ``right``: for
    ``... >= Z`` the left side is below the right), by the user (``Program.text``: ``A >= B``
    or ``A = B`` as written) or by the printer. None when it holds everywhere.
    ``instances``: the constraint's instances (``expand``), when they are at hand."""
    c = program.constraints[k]
    # both sides negated: written A >= B (or the half A >= B of A = B), or printed so (every term subtracted)
    flipped = c.written.reversed if c.written is not None else not c.pos and bool(c.neg)
    values = {name: np.asarray(value) for name, value in solution.items()}
    if instances is None:
        instances = expand(program.with_constraints((c,)), instance)
    for ineq in instances:
        total = sum(coef * int(np.prod([values[name][tuple(p - 1 for p in pos)] for name, pos in cells]))
                    for cells, coef in ineq.terms.items())
        if total <= ineq.bound:
            continue
        if isinstance(c.rhs, str) and program.tensor(c.rhs).variable:  # the right side was moved left
            decl = program.tensor(c.rhs)
            right = (-1 if c.rhs_negated else 1) * int(values[c.rhs][tuple(ineq.at[i] - 1 for i in decl.indices)])
            left = total + right + ineq.constant
        else:
            left, right = total + ineq.constant, ineq.bound + ineq.constant
        return {"at": dict(ineq.at), "left": -left if flipped else left, "right": -right if flipped else right}
    return None


def broken_places(program: Program, instance: Instance, solutions: Sequence[dict],
                  broken: Sequence[Sequence[int]]) -> list[list[dict | None]]:
    """:func:`where_broken` for each solution and each constraint it breaks (``broken``, as
    :func:`violations` gives it), every constraint expanded once."""
    expanded: dict[int, list[Inequality]] = {}
    places = []
    for solution, ks in zip(solutions, broken):
        row = []
        for k in ks:
            if k not in expanded:
                expanded[k] = expand(program.with_constraints((program.constraints[k],)), instance)
            row.append(where_broken(program, instance, solution, k, expanded[k]))
        places.append(row)
    return places


def accepts(program: Program, instance: Instance, solutions: Sequence[dict]) -> np.ndarray:
    """Per solution: does it satisfy every constraint of ``program``?"""
    return np.array([not b for b in violations(program, instance, solutions)], dtype=bool)


def sample_program(program: Program, instance: Instance, n: int, seed: int,
                   time_limit_s: float | None = None) -> tuple[list[dict], bool]:
    """Up to ``n`` sampled solutions of ``program`` (fewer when ``time_limit_s`` runs out).
    Constraints clingo cannot take (products of variables with large domains, sums beyond 32
    bits) are left out of the sampling and checked afterwards: the samples that break them are
    dropped, and the flag says so."""
    from .solve import solve_facts

    try:
        return solve(program, instance, sample=n, seed=seed, time_limit_s=time_limit_s).solutions, False
    except TooLarge:
        pass
    kept = []
    for c in program.constraints:
        try:
            solve_facts(program.with_constraints([c]), instance)
            kept.append(c)
        except TooLarge:
            continue
    drawn = solve(program.with_constraints(kept), instance, sample=n, seed=seed, time_limit_s=time_limit_s).solutions
    ok = accepts(program, instance, drawn)
    return [x for x, good in zip(drawn, ok) if good], True


#: the most solutions the protocol draws at once (folds times fold size, precision samples): a
#: sample of clingo's keeps every solution drawn in memory
MAX_SAMPLED = 1_000_000


def evaluate_program(
    true_program: Program,
    instance: Instance,
    *,
    examples: Sequence[int] = (1, 25),
    grid: Sequence[tuple[int, int]] = ((1, 1), (1, 2), (1, 3), (2, 1), (3, 1)),
    folds: int = 5,
    fold_size: int = 25,
    negation: bool = True,
    seed: int = 0,
    precision_samples: int = 1000,
    time_limit_s: float | None = None,
    precision_time_limit_s: float | None = None,
    progress=None,
    into: list | None = None,
) -> list[EvalRow]:
    """The protocol of the module docstring; one row per (n, s, p). ``time_limit_s`` bounds each
    learning run, ``precision_time_limit_s`` the sampling of each learned program (precision is
    then over the solutions drawn in that time; the fold says how many). ``into``: a list each
    row is appended to when its folds are done (and returned), so that a caller still has the
    rows finished before a Ctrl-C."""
    folds = check_count(folds, "folds", 2)
    fold_size = check_count(fold_size, "fold_size")
    precision_samples = check_count(precision_samples, "precision_samples")
    if isinstance(examples, (str, bytes)) or not hasattr(examples, "__iter__"):
        raise InputError(f"examples is a list of example counts, e.g. (1, 25), not {examples!r:.40}")
    examples = [check_count(n, "each example count") for n in examples]
    if folds * fold_size > MAX_SAMPLED:
        raise InputError(f"{folds} folds of {fold_size} solutions: at most {MAX_SAMPLED:,} solutions are drawn")
    if precision_samples > MAX_SAMPLED:
        raise InputError(f"precision_samples {precision_samples}: at most {MAX_SAMPLED:,} solutions are drawn")
    drawn = solve(true_program, instance, sample=folds * fold_size, seed=seed).solutions
    size = len(drawn) // folds
    if size < 1:
        raise InputError(f"the true program has only {len(drawn)} solution{'s' * (len(drawn) != 1)}: too few for {folds} folds")
    # a program with fewer than folds * fold_size solutions: n is capped at the fold size
    examples = sorted({min(n, size) for n in examples})
    parts = [drawn[k * size : (k + 1) * size] for k in range(folds)]
    schema = true_program.with_constraints(())
    rows: list[EvalRow] = [] if into is None else into
    for s, p in grid:
        for n in examples:
            fold_rows = []
            for k in range(folds):
                train = parts[k][:n]
                test = [x for j, part in enumerate(parts) if j != k for x in part]
                learner = Learner(max_terms=s, max_factors=p, negation=negation, time_limit_s=time_limit_s)
                learner.fit(schema, instance, train)
                learned = learner.program_
                recall = float(accepts(learned, instance, test).mean())
                start = time.perf_counter()
                sampled, relaxed = sample_program(learned, instance, precision_samples, seed + 1000 + k,
                                                  precision_time_limit_s)
                # no solution drawn (within the time limit): no precision for this fold
                precision = float(accepts(true_program, instance, sampled).mean()) if sampled else None
                fold_rows.append({
                    "fold": k + 1,
                    "recall": round(recall, 4),
                    "precision": None if precision is None else round(precision, 4),
                    "seconds": round(learner.result_.seconds, 4),
                    "constraints": len(learned.constraints),
                    "sampled": len(sampled),
                    "sample_seconds": round(time.perf_counter() - start, 3),
                    "relaxed": relaxed,
                    "partial": learner.result_.partial,
                })
                if progress is not None:
                    progress()
            rows.append(EvalRow(
                n, s, p,
                recall=float(np.mean([f["recall"] for f in fold_rows])),
                precision=_mean_or_none([f["precision"] for f in fold_rows]),
                seconds=float(np.mean([f["seconds"] for f in fold_rows])),
                constraints=float(np.mean([f["constraints"] for f in fold_rows])),
                folds=fold_rows,
                partial=any(f["partial"] for f in fold_rows),
                fold_size=size,
            ))
    return rows


def _mean_or_none(values: list) -> float | None:
    known = [v for v in values if v is not None]
    return float(np.mean(known)) if known else None
