"""Drop learned constraints that the rest of the program implies.

Two passes, each sound (a dropped constraint holds in every solution of what is kept):

1. same left side, constant right sides: ``L <= a`` implies ``L <= b`` when ``a <= b`` at every
   index value;
2. linear programming (HiGHS, through scipy): a linear constraint is implied when, over the
   declared domains relaxed to real intervals and the other kept linear constraints, the largest
   value of its left side minus its right side is at most 0, for every value of its indices.
   Products of variables are left alone (never dropped, never used as premises).

    >>> from pyasp.acquire.dsl import parse_program
    >>> from pyasp.acquire.data import make_instance
    >>> prog = parse_program("index i = 1..2; var x[i] in -5..9; x[i] >= 0; x[i] >= -1; sum[i] x[i] <= 4; x[i] <= 5;")
    >>> kept, dropped = drop_entailed(prog, make_instance(prog, {}))
    >>> [prog.text(c) for c in kept.constraints], len(dropped)
    (['x[i] >= 0', 'sum[i] x[i] <= 4'], 2)

The declared domains count as premises: with ``var x[i] in 0..9``, ``x[i] >= 0`` would go too.
"""

from __future__ import annotations

import numpy as np

from .data import Instance
from .dsl import Constraint, Program
from .solve import Inequality, expand

__all__ = ["drop_entailed"]


def _constant_rhs(program: Program, instance: Instance, c: Constraint):
    if isinstance(c.rhs, int):
        return np.array(c.rhs)
    decl = program.tensor(c.rhs)
    if decl.variable:
        return None
    return -instance.constants[c.rhs] if c.rhs_negated else instance.constants[c.rhs]


def _dominated(program: Program, instance: Instance, kept: list[Constraint], c: Constraint, evaluator) -> bool:
    """Pass 1: another kept constraint (``kept``: those with the same left side) with a tighter
    constant right side."""
    mine = _constant_rhs(program, instance, c)
    if mine is None:
        return False
    for other in kept:
        if other is c:
            continue
        if _constant_rhs(program, instance, other) is None:
            continue
        a, b = evaluator.rhs(other), evaluator.rhs(c)
        if bool(np.all(np.broadcast_to(a, np.broadcast_shapes(a.shape, b.shape)) <= b)):
            return True
    return False


def _linear(ineq: Inequality) -> bool:
    return all(len(cells) == 1 for cells in ineq.terms)


def drop_entailed(program: Program, instance: Instance, *, deadline: float | None = None,
                  status: dict | None = None) -> tuple[Program, list[Constraint]]:
    """The program without the constraints the others imply, and the dropped ones. Past
    ``deadline`` (a ``time.perf_counter()`` value) the constraints not yet looked at stay (sound:
    fewer are dropped) and ``status["stopped"]`` is set."""
    import time

    from .learn import TensorEvaluator

    def late() -> bool:
        if deadline is not None and time.perf_counter() > deadline:
            if status is not None:
                status["stopped"] = True
            return True
        return False

    constraints = list(program.constraints)
    dropped: list[Constraint] = []
    evaluator = TensorEvaluator(instance, [{}] if not program.variables else [
        {v.name: np.zeros(instance.shape(v.name), np.int64) for v in program.variables}])
    same_side: dict[tuple, list[Constraint]] = {}
    for c in constraints:
        same_side.setdefault((c.pos, c.neg), []).append(c)
    # pass 1 (from the last constraint back, so that of two equal ones the first stays)
    for c in reversed(constraints):
        if late():
            break
        group = same_side[(c.pos, c.neg)]
        if _dominated(program, instance, group, c, evaluator):
            group[:] = [other for other in group if other is not c]  # by identity: equal constraints differ in line
            dropped.append(c)
    gone = {id(c) for c in dropped}
    kept = [c for c in constraints if id(c) not in gone]
    # pass 2
    if late():
        return program.with_constraints(kept), dropped
    try:
        from scipy.optimize import linprog
    except ImportError:  # pragma: no cover - scipy is a dependency
        return program.with_constraints(kept), dropped
    cells: dict = {}
    bounds: list[tuple] = []
    for decl in program.variables:
        for ineq_cell in _cells(instance, decl.name):
            cells[(decl.name, ineq_cell)] = len(cells)
            bounds.append(decl.domain if decl.domain is not None else (None, None))
    instances: dict[int, list[Inequality]] = {}
    for ineq in expand(program.with_constraints(kept), instance):
        instances.setdefault(ineq.constraint, []).append(ineq)
    order = list(range(len(kept)))
    alive = set(order)
    for k in reversed(order):
        if late():
            break
        mine = instances.get(k, [])
        if not mine or not all(_linear(i) for i in mine):
            continue
        premises = [i for j in alive if j != k for i in instances.get(j, []) if _linear(i)]
        if not premises:
            continue
        a_ub = np.zeros((len(premises), len(cells)))
        b_ub = np.zeros(len(premises))
        for row, ineq in enumerate(premises):
            for (cell,), coef in ineq.terms.items():
                a_ub[row, cells[cell]] += coef
            b_ub[row] = ineq.bound
        implied = True
        for ineq in mine:
            objective = np.zeros(len(cells))
            for (cell,), coef in ineq.terms.items():
                objective[cells[cell]] -= coef  # linprog minimises: maximise the left side
            res = linprog(objective, A_ub=a_ub, b_ub=b_ub, bounds=bounds, method="highs")
            if res.status != 0 or -res.fun > ineq.bound + 1e-7:
                implied = False
                break
        if implied:
            alive.discard(k)
    final = [c for j, c in enumerate(kept) if j in alive]
    dropped += [c for j, c in enumerate(kept) if j not in alive]
    return program.with_constraints(final), dropped


def _cells(instance: Instance, name: str):
    import itertools

    shape = instance.shape(name)
    return [tuple(p + 1 for p in pos) for pos in itertools.product(*(range(n) for n in shape))]
