"""Drop learned constraints that the rest of the program implies.

Three passes, each sound (a dropped constraint holds in every solution of what is kept):

0. the domains alone: first by interval bounds (:class:`DomainBounds`: the left side's largest
   value at most the right side's smallest, at every index value; cheap, so it runs even past
   the deadline), then by the bounds that the kept constraints bounding one variable narrow
   (``on[j,t]*y <= 0`` beside ``y <= 0``: :meth:`DomainBounds.narrow`, until the deadline), then
   every instance of the constraint holds for every value of the few cells
   it touches (tried exhaustively up to :data:`MAX_DOMAIN_COMBINATIONS` values an instance):
   ``x[i]*x[i] <= x[i]`` or ``x[i]*x[i] >= 0`` for ``var x[i] in 0..1``, products included;
1. same left side, constant right sides: ``L <= a`` implies ``L <= b`` when ``a <= b`` at every
   index value;
2. linear programming (HiGHS, through scipy): a linear constraint is implied when, over the
   declared domains relaxed to real intervals and the other kept linear constraints, the largest
   value of its left side minus its right side is at most 0, for every value of its indices.
   A power of a 0/1 cell is the cell itself (``x[i]*x[i]`` is ``x[i]``); other products of
   variables are left alone (never dropped, never used as premises).

    >>> from pyasp.acquire.dsl import parse_program
    >>> from pyasp.acquire.data import make_instance
    >>> prog = parse_program("index i = 1..2; var x[i] in -5..9; x[i] >= 0; x[i] >= -1; sum[i] x[i] <= 4; x[i] <= 5;")
    >>> kept, dropped = drop_entailed(prog, make_instance(prog, {}))
    >>> [prog.text(c) for c in kept.constraints], len(dropped)
    (['x[i] >= 0', 'sum[i] x[i] <= 4'], 2)

The declared domains count as premises: with ``var x[i] in 0..9``, ``x[i] >= 0`` would go too.
:func:`natural_forms` then writes what is kept the natural way (``t + t`` as ``2*t``, a power of a
0/1 variable as the variable, ``0 <= -y`` as ``y <= 0``).
"""

from __future__ import annotations

import numpy as np

from .data import Instance
from .dsl import Constraint, Program, Term
from .solve import Inequality, Late, expand, expansion_size

__all__ = ["DomainBounds", "bounds_implied", "divide_scalar_factors", "drop_entailed", "natural_forms"]

#: most value combinations of an instance's cells that pass 0 tries before it leaves the instance
#: (and so its constraint) to the other passes
MAX_DOMAIN_COMBINATIONS = 4096
#: the most products the program's instances may expand to before simplification is skipped
MAX_EXPANSION = 2_000_000
#: rows of the small model of the linear pass (the simplest constraints), when the program has
#: more than twice as many
CORE_ROWS = 1000


def _holds_on_domains(ineq: Inequality, domains: dict[str, tuple[int, int] | None]) -> bool:
    """Whether one instance holds for every value of its cells in their declared domains."""
    cells = sorted({cell for key in ineq.terms for cell in key})
    if not cells:
        return 0 <= ineq.bound
    ranges = [domains.get(name) for name, _ in cells]
    if any(r is None for r in ranges) or np.prod([hi - lo + 1 for lo, hi in ranges], dtype=float) > MAX_DOMAIN_COMBINATIONS:
        return False
    grids = np.meshgrid(*[np.arange(lo, hi + 1, dtype=np.int64) for lo, hi in ranges], indexing="ij")
    value = {cell: grid.ravel() for cell, grid in zip(cells, grids)}
    total = np.zeros(grids[0].size, dtype=np.int64)
    reach = 0.0  # the same sums in floating point: past 2**60 int64 may have wrapped, so keep it
    for key, coef in ineq.terms.items():
        product = np.full(total.shape, coef, dtype=np.int64)
        size = np.full(total.shape, abs(float(coef)))
        for cell in key:
            product = product * value[cell]
            size = size * np.abs(value[cell].astype(np.float64))
        total += product
        reach += float(size.max())
    return reach < 2.0**60 and bool((total <= ineq.bound).all())


#: bounds of at most this size are exact in float64, which :func:`bounds_implied` computes in
EXACT_FLOAT = 2.0**52


class DomainBounds:
    """Interval bounds of terms over the declared domains, laid out over all indices of the
    program (size 1 on those a term does not have), as :class:`~.learn.TensorEvaluator` lays out
    values: ``term(t)`` is (lowest, highest) of the term at every value of its free indices."""

    def __init__(self, program: Program, instance: Instance):
        self.program, self.instance = program, instance
        self.order = [d.name for d in program.indices]
        self.tensors: dict[str, tuple[np.ndarray, np.ndarray] | None] = {}
        for decl in program.tensors:
            shape = [instance.sizes[i] if i in decl.indices else 1 for i in self.order]
            if not decl.variable:  # its axes in the program's order of indices, as the shape says
                axes = [decl.indices.index(i) for i in self.order if i in decl.indices]
                value = np.transpose(np.asarray(instance.constants[decl.name], dtype=np.float64), axes).reshape(shape)
                self.tensors[decl.name] = (value, value)
            elif decl.domain is not None:
                low, high = decl.domain
                self.tensors[decl.name] = (np.full(shape, float(low)), np.full(shape, float(high)))
            else:
                self.tensors[decl.name] = None  # no domain: no bound
        self.terms: dict[Term, tuple[np.ndarray, np.ndarray] | None] = {}

    def term(self, term: Term) -> tuple[np.ndarray, np.ndarray] | None:
        if term in self.terms:
            return self.terms[term]
        low = high = np.full([1] * len(self.order), float(term.coef))
        reach = float(term.coef)  # at least the magnitude of every value computed on the way
        out = None
        for name in term.factors:
            bounds = self.tensors[name]
            if bounds is None:
                break
            corners = [low * bounds[0], low * bounds[1], high * bounds[0], high * bounds[1]]
            low, high = np.minimum.reduce(corners), np.maximum.reduce(corners)
            reach *= max(float(np.abs(bounds[0]).max()), float(np.abs(bounds[1]).max()), 1.0)
        else:
            axes = tuple(self.order.index(i) for i in term.summed)
            reach *= max(1, int(np.prod([self.instance.sizes[i] for i in term.summed])))
            if axes:
                low, high = low.sum(axis=axes, keepdims=True), high.sum(axis=axes, keepdims=True)
            if reach < EXACT_FLOAT:
                out = (low, high, reach)
        self.terms[term] = out
        return out

    def implied(self, c: Constraint) -> bool:
        """Whether the domains imply ``c``: its left side's highest value is at most its right
        side's lowest, at every value of the indices (sound, as interval arithmetic is; exact
        integers only, so bounds past 2**52 decide nothing)."""
        highest = np.zeros([1] * len(self.order))
        reach = 0.0
        for terms, side in ((c.pos, 1), (c.neg, 0)):
            for t in terms:
                bounds = self.term(t)
                if bounds is None:
                    return False
                highest = highest + bounds[side] if side else highest - bounds[side]
                reach += bounds[2]
        if isinstance(c.rhs, int):
            lowest = np.full([1] * len(self.order), float(c.rhs))
        else:
            bounds = self.tensors[c.rhs]
            if bounds is None:
                return False
            lowest = -bounds[1] if c.rhs_negated else bounds[0]
        if reach >= EXACT_FLOAT or float(np.abs(lowest).max()) >= EXACT_FLOAT:
            return False
        return bool(np.all(highest <= lowest))

    def narrow(self, c: Constraint) -> bool:
        """Narrow the bounds of a variable by ``c`` when ``c`` bounds that variable alone: it
        occurs once, as a term ``k*y[...]`` (no sum, no other factor) or as the right side, and
        everything else is constant (``y <= 0``, ``0 <= -y``, ``x[i] >= c[i]``, ``2*x[i] + 1 <=
        K``, ``c[i] <= x[i]``). Each cell's bound is the tightest over the indices the variable
        does not have (``x[i] <= d[j]``: at most the smallest ``d``), rounded to an integer.
        True when the bounds narrowed (those of every term are then computed anew); False for
        another kind of constraint, one that narrows nothing, or one that would leave a cell no
        value (never applied)."""
        variable, room = None, np.zeros([1] * len(self.order))  # k * variable <= room
        reach = 0.0  # as in implied: the sums stay exact integers below 2**52
        for side, terms in ((1, c.pos), (-1, c.neg)):
            for t in terms:
                if not any(self.program.tensor(f).variable for f in t.factors):
                    bounds = self.term(t)
                    if bounds is None:
                        return False
                    room = room - side * bounds[0]  # a constant: low and high agree
                    reach += bounds[2]
                    continue
                if variable is not None or len(t.factors) != 1 or t.summed:
                    return False
                variable = (t.factors[0], side * t.coef)
        if isinstance(c.rhs, int):
            room = room + c.rhs
        elif self.program.tensor(c.rhs).variable:
            if variable is not None:
                return False
            variable = (c.rhs, 1 if c.rhs_negated else -1)  # moved left: ... + y <= 0 for "<= -y"
        else:
            bounds = self.tensors[c.rhs]
            room = room + (-bounds[1] if c.rhs_negated else bounds[0])
        if variable is None or self.tensors[variable[0]] is None \
                or reach + float(np.abs(room).max()) >= EXACT_FLOAT:
            return False
        name, k = variable
        decl = self.program.tensor(name)
        low, high = self.tensors[name]
        others = tuple(a for a, index in enumerate(self.order) if index not in decl.indices)
        tightest = np.floor_divide(room.min(axis=others, keepdims=True).astype(np.int64), abs(k)).astype(np.float64)
        if k > 0:  # k*y <= room: y <= floor(room / k)
            high = np.minimum(high, tightest)
        else:  # -|k|*y <= room: y >= -floor(room / |k|)
            low = np.maximum(low, -tightest)
        before_low, before_high = self.tensors[name]
        if bool(np.any(low > high)) or (np.array_equal(low, before_low) and np.array_equal(high, before_high)):
            return False
        self.tensors[name] = (np.broadcast_to(low, before_low.shape).copy(),
                              np.broadcast_to(high, before_high.shape).copy())
        self.terms.clear()
        return True


def bounds_implied(program: Program, instance: Instance, deadline: float | None = None, *,
                   checked: bool = False) -> list[int]:
    """Positions of the program's constraints that the declared domains imply by interval
    arithmetic: the highest value the left side can take, term by term, is at most the lowest of
    the right side (``sum[i] cap*take[i] + sum[i] v[i] >= -1`` for non-negative ``take``). Weaker
    than trying every value (``x[i]*x[i] <= x[i]`` for a 0/1 ``x`` needs that), but a few numpy
    operations a constraint, with each term's bounds computed once, so :func:`drop_entailed`
    runs it even past its deadline.

    The constraints left that bound one variable alone (``y <= 0``, ``x[i] >= c[i]``:
    :meth:`DomainBounds.narrow`) then narrow the domains, and so are the others' positions that
    the narrowed domains imply: ``on[j,t]*y <= 0`` beside ``y <= 0`` for ``var y in -3..3``,
    ``var on[j,t] in 0..1``. Those follow from the bounding constraints, which stay (none of
    them is returned). This part stops at ``deadline`` (a ``time.perf_counter()`` value): it
    is new work on constraints the learner already tried on the plain bounds when its search was
    cut short (on 25,000 constraints it takes as long again), and a Ctrl-C's deadline is short.
    With ``checked`` (the learner's case) the plain bounds imply none of the constraints, and
    they are not tried again: that part ran whatever the deadline, 0.15 s on 17,000 constraints
    after a Ctrl-C."""
    import time

    bounds = DomainBounds(program, instance)
    implied = [] if checked else [k for k, c in enumerate(program.constraints) if bounds.implied(c)]
    gone = set(implied)
    left = [k for k in range(len(program.constraints)) if k not in gone]
    late = lambda n: deadline is not None and n % 256 == 0 and time.perf_counter() > deadline  # noqa: E731
    premises: set[int] = set()
    for n, k in enumerate(left):
        if late(n):
            return sorted(implied)
        if bounds.narrow(program.constraints[k]):
            premises.add(k)
    if premises:
        for n, k in enumerate(left):
            if late(n):
                break
            if k not in premises and bounds.implied(program.constraints[k]):
                implied.append(k)
    return sorted(implied)


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


def _binary_powers_linear(ineq: Inequality, domains: dict[str, tuple[int, int] | None]) -> Inequality:
    """The instance with every power of a 0/1 cell written as the cell itself (x*x = x when x is
    0 or 1), so that the linear pass can use it and drop it."""
    terms: dict = {}
    for key, coef in ineq.terms.items():
        if len(key) > 1 and len(set(key)) == 1 and domains.get(key[0][0]) in ((0, 1), (0, 0)):
            key = key[:1]
        terms[key] = terms.get(key, 0) + coef
    return Inequality(ineq.constraint, ineq.at, {k: v for k, v in terms.items() if v}, ineq.bound)


def _linear(ineq: Inequality) -> bool:
    return all(len(cells) == 1 for cells in ineq.terms)


def drop_entailed(program: Program, instance: Instance, *, deadline: float | None = None,
                  status: dict | None = None, interruptible: bool = False,
                  bounds_checked: bool = False) -> tuple[Program, list[Constraint]]:
    """The program without the constraints the others imply, and the dropped ones. Past
    ``deadline`` (a ``time.perf_counter()`` value) the constraints not yet looked at stay (sound:
    fewer are dropped) and ``status["stopped"]`` is set. With ``interruptible``, a
    ``KeyboardInterrupt`` stops it the same way (what was dropped before stays dropped) and also
    sets ``status["interrupted"]``. ``bounds_checked``: none of the constraints is implied by the
    plain interval bounds over the domains (the learner tried each when its search was cut short),
    so that the part of the bounds pass that runs past the deadline is not made again."""
    import time
    from contextlib import contextmanager

    from .. import interrupt
    from .learn import TensorEvaluator

    status = {} if status is None else status
    current = ["bounds"]  # the pass under way, which status["cut_in"] names when it is cut

    def late() -> bool:
        if status.get("interrupted") or deadline is not None and time.perf_counter() > deadline:
            status["stopped"] = True
            status.setdefault("cut_in", current[0])
            return True
        return False

    @contextmanager
    def until_interrupted():
        try:
            yield
        except KeyboardInterrupt:
            interrupt.caught(interruptible)
            status["stopped"] = status["interrupted"] = True
            status.setdefault("cut_in", current[0])

    dropped: list[Constraint] = []
    if not program.constraints:
        return program, dropped
    # pass 0, first half: what interval bounds over the domains show implied -- always, even past
    # the deadline, as it is cheap, and a search cut short leaves mostly such constraints (tens
    # of thousands of "sum[i] cap*take[i] + ... >= -1" at s = p = 3); then what they imply once
    # narrowed by the constraints that bound one variable, until the deadline
    by_bounds: list[int] = []
    with until_interrupted():
        by_bounds = bounds_implied(program, instance, deadline, checked=bounds_checked)
    if by_bounds:
        gone = set(by_bounds)
        dropped += [program.constraints[k] for k in by_bounds]
        program = program.with_constraints(c for k, c in enumerate(program.constraints) if k not in gone)
    constraints = list(program.constraints)
    domains = {decl.name: decl.domain for decl in program.variables}
    if late():  # (the narrowing may have been cut)
        return program, dropped
    current[0] = "domains"
    size = expansion_size(program, instance)
    if size > MAX_EXPANSION:  # the instances would not fit in memory: keep every constraint
        status["too_large"] = size
        return program, dropped
    # every constraint's instances, expanded once for passes 0 and 2 (by position in the program)
    expanded: list[list[Inequality]] = [[] for _ in constraints]
    try:
        with until_interrupted():
            for ineq in expand(program, instance, deadline):
                expanded[ineq.constraint].append(ineq)
    except Late:
        late()
        return program, dropped
    if status.get("interrupted"):
        return program, dropped
    # pass 0: constraints the declared domains alone imply
    by_domains: set[int] = set()
    with until_interrupted():
        for k, c in enumerate(constraints):
            if late():
                break
            if all(_holds_on_domains(ineq, domains) for ineq in expanded[k]):
                by_domains.add(k)
    position = {id(c): k for k, c in enumerate(constraints)}
    dropped += [c for k, c in enumerate(constraints) if k in by_domains]
    constraints = [c for k, c in enumerate(constraints) if k not in by_domains]
    evaluator = TensorEvaluator(instance, [{}] if not program.variables else [
        {v.name: np.zeros(instance.shape(v.name), np.int64) for v in program.variables}])
    same_side: dict[tuple, list[Constraint]] = {}
    for c in constraints:
        same_side.setdefault((c.pos, c.neg), []).append(c)
    # pass 1 (from the last constraint back, so that of two equal ones the first stays)
    current[0] = "same side"
    with until_interrupted():
        for c in reversed(constraints):
            if late():
                break
            group = same_side[(c.pos, c.neg)]
            if _dominated(program, instance, group, c, evaluator):
                dropped.append(c)
                group[:] = [other for other in group if other is not c]  # by identity: equal constraints differ in line
    gone = {id(c) for c in dropped}
    kept = [c for c in constraints if id(c) not in gone]
    # constraints whose instances are the same inequalities once the constants are filled in
    # ("sum[k] n[k]*n[k] >= K" and "K*K - sum[k] n[k]*n[k] <= K" when K = 2): the simplest stays
    current[0] = "equal"
    if not late():
        seen: set = set()
        for c in sorted(kept, key=lambda c: (_complexity(c), position[id(c)])):
            key = frozenset((frozenset(ineq.terms.items()), ineq.bound) for ineq in expanded[position[id(c)]])
            if key in seen:
                dropped.append(c)
            seen.add(key)
        gone = {id(c) for c in dropped}
        kept = [c for c in kept if id(c) not in gone]
    # pass 2: constraints the others imply over the reals (linear programs), with what passes 0
    # and 1 dropped kept however pass 2 ends
    alive_mask = np.ones(len(kept), dtype=bool)
    current[0] = "linear"
    if not late():
        with until_interrupted():
            _linear_pass(program, instance, kept, [expanded[position[id(c)]] for c in kept], domains, alive_mask,
                         late, deadline)
    final = [c for j, c in enumerate(kept) if alive_mask[j]]
    dropped += [c for j, c in enumerate(kept) if not alive_mask[j]]
    return program.with_constraints(final), dropped


def _linear_pass(program: Program, instance: Instance, kept: list[Constraint], expanded: list[list[Inequality]],
                 domains: dict, alive_mask: np.ndarray, late, deadline: float | None) -> None:
    """Clear ``alive_mask[j]`` for each constraint of ``kept`` that the others still alive imply
    over the reals, the most complex first, until ``late()``.

    One linear program holds every linear instance as a row (HiGHS, through highspy); to ask
    whether constraint k follows from the others, its rows and those of the constraints already
    dropped are switched off (no upper bound) and each of its instances is maximised in turn:
    implied when no maximum exceeds its bound. Between questions only costs and row bounds
    change, so HiGHS starts each solve from the last basis. With more than ``2 * CORE_ROWS``
    rows, a second, small model of the simplest constraints' rows is asked first (what some of the
    alive constraints imply, all of them imply): the large one only decides what the small one
    does not show implied. The drops are the same; on the nurse roster at s = p = 2 (3,266
    constraints) the pass took 11 minutes with the large model alone, and 45 s."""
    import time

    import highspy

    cells: dict = {}
    lower: list[float] = []
    upper: list[float] = []
    for decl in program.variables:
        for ineq_cell in _cells(instance, decl.name):
            cells[(decl.name, ineq_cell)] = len(cells)
            low, high = decl.domain if decl.domain is not None else (-highspy.kHighsInf, highspy.kHighsInf)
            lower.append(low)
            upper.append(high)
    instances = {j: [_binary_powers_linear(ineq, domains) for ineq in expanded[j]] for j in range(len(kept))}
    # the most complex constraints are tried first, so that of two that imply each other the
    # simpler, more natural one stays ("sum[b] y[i,b] >= 1" rather than a weighted sum over all)
    order = sorted(range(len(kept)), key=lambda j: (_complexity(kept[j]), j))
    rows_of: dict[int, list[int]] = {}
    starts, columns, values, bounds_ub = [0], [], [], []
    for j in order:
        for ineq in instances.get(j, []):
            if not _linear(ineq):
                continue
            for (cell,), coef in ineq.terms.items():
                columns.append(cells[cell])
                values.append(float(coef))
            starts.append(len(columns))
            rows_of.setdefault(j, []).append(len(bounds_ub))
            bounds_ub.append(float(ineq.bound))
    if not bounds_ub or not cells:
        return
    inf = highspy.kHighsInf
    every_column = np.arange(len(cells), dtype=np.int32)

    def model(rows: list[int]):
        """A HiGHS instance holding ``rows`` (positions in the lists above), each row's bound on."""
        lp = highspy.HighsLp()
        lp.num_col_, lp.num_row_ = len(cells), len(rows)
        lp.col_cost_ = np.zeros(len(cells))
        lp.col_lower_, lp.col_upper_ = np.array(lower, dtype=float), np.array(upper, dtype=float)
        lp.row_lower_, lp.row_upper_ = np.full(len(rows), -inf), np.array([bounds_ub[r] for r in rows], dtype=float)
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.start_ = np.concatenate([[0], np.cumsum([starts[r + 1] - starts[r] for r in rows])]).astype(np.int32)
        lp.a_matrix_.index_ = np.array([columns[i] for r in rows for i in range(starts[r], starts[r + 1])], dtype=np.int32)
        lp.a_matrix_.value_ = np.array([values[i] for r in rows for i in range(starts[r], starts[r + 1])], dtype=float)
        solver = _quiet_highs()
        solver.passModel(lp)
        return solver

    def switch(solver, rows: list[int], bounds: list[float], on: bool) -> None:
        index = np.array(rows, dtype=np.int32)
        ub = np.array(bounds) if on else np.full(len(rows), inf)
        solver.changeRowsBounds(len(rows), index, np.full(len(rows), -inf), ub)

    def implied(solver, mine: list[Inequality]) -> bool:
        """Whether every instance's left side stays within its bound at the LP's maximum."""
        for ineq in mine:
            if late():
                return False  # not shown in time: it stays
            objective = np.zeros(len(cells))
            for (cell,), coef in ineq.terms.items():
                objective[cells[cell]] -= coef  # HiGHS minimises: maximise the left side
            solver.changeColsCost(len(cells), every_column, objective)
            if deadline is not None:  # HiGHS's limit is on its own clock, which runs on over all the solves
                solver.setOptionValue("time_limit", solver.getRunTime() + max(0.01, deadline - time.perf_counter()))
            solver.run()
            if solver.getModelStatus() == highspy.HighsModelStatus.kUnknown:  # the warm start went wrong
                solver.clearSolver()  # (numerical trouble): solve this one from scratch
                solver.run()
            if solver.getModelStatus() != highspy.HighsModelStatus.kOptimal \
                    or -solver.getInfo().objective_function_value > ineq.bound + 1e-7:
                return False
        return True

    every_row = list(range(len(bounds_ub)))
    solver = model(every_row)
    premises = len(bounds_ub)  # rows of the constraints still alive
    # A second, small model of the simplest constraints' rows (decided last, so alive longest):
    # what they imply, all the alive constraints imply, so a constraint it shows implied is
    # dropped without the large model (the same drops, in a fraction of the time); otherwise the
    # large model decides.
    core: dict[int, list[int]] = {}  # constraint -> its rows' positions in the small model
    if len(bounds_ub) > 2 * CORE_ROWS:
        taken = 0
        for j in order:
            rows = rows_of.get(j, [])
            if not rows:
                continue  # no linear instance: nothing to add
            if taken + len(rows) > CORE_ROWS:
                break
            core[j] = list(range(taken, taken + len(rows)))
            taken += len(rows)
    small = model([r for j in core for r in rows_of[j]]) if core else None
    small_premises = sum(len(r) for r in core.values())

    for k in reversed(order):
        if late():
            break
        mine = instances.get(k, [])
        if not mine or not all(_linear(i) for i in mine) or premises - len(rows_of.get(k, ())) <= 0:
            continue
        bounds = [bounds_ub[r] for r in rows_of[k]]
        if small is not None and small_premises - len(core.get(k, ())) > 0:
            if k in core:
                switch(small, core[k], bounds, False)
            if implied(small, mine):
                alive_mask[k] = False
                premises -= len(rows_of[k])
                small_premises -= len(core.get(k, ()))
                switch(solver, rows_of[k], bounds, False)
                continue
            if k in core:
                switch(small, core[k], bounds, True)
        switch(solver, rows_of[k], bounds, False)
        if implied(solver, mine):
            alive_mask[k] = False
            premises -= len(rows_of[k])
            if k in core:
                switch(small, core[k], bounds, False)
                small_premises -= len(core[k])
        else:
            switch(solver, rows_of[k], bounds, True)


def _quiet_highs():
    """A HiGHS instance that prints nothing: highspy's ``Highs()`` writes HiGHS's banner to
    standard output (where ``acquire learn`` prints the program) as it enables its callbacks,
    before any option can be set; the core class beneath it does not."""
    import highspy

    core = getattr(getattr(highspy, "_core", None), "_Highs", None)
    solver = core() if core is not None else highspy.Highs()
    solver.setOptionValue("output_flag", False)
    return solver


def _complexity(c: Constraint) -> tuple[int, int, int]:
    """How hard a constraint is to read: its terms, then its factors, then its summed indices."""
    terms = c.pos + c.neg
    return len(terms), sum(len(t.factors) for t in terms), sum(len(t.summed) for t in terms)


def _cells(instance: Instance, name: str):
    import itertools

    shape = instance.shape(name)
    return [tuple(p + 1 for p in pos) for pos in itertools.product(*(range(n) for n in shape))]


def divide_scalar_factors(program: Program, instance: Instance) -> tuple[Program, int, list[Constraint]]:
    """The program with every constraint whose terms all carry the same positive scalar constant
    K, and whose right side is K, -K or 0, divided by K: ``sum[m] M*x[t,m] <= M`` is
    ``sum[m] x[t,m] <= 1`` when M > 0 (the learner reaches the scaled form first, since it is
    the more specific in its order). Returns the program, how many constraints changed, and
    those left out because they became equal to an earlier one."""
    scalars = {d.name for d in program.constants if not d.indices and int(instance.constants[d.name]) > 0}
    out: list[Constraint] = []
    seen: set[Constraint] = set()  # a list search made this quadratic: 160,000 constraints took hours
    repeated: list[Constraint] = []
    changed = 0
    for c in program.constraints:
        while c.terms:
            common = set.intersection(*(set(t.factors) for t in c.terms)) & scalars
            rhs = {c.rhs} if isinstance(c.rhs, str) else set()
            if c.rhs != 0 and not (rhs & common):
                break
            k = min(common & rhs) if rhs & common else min(common, default=None)
            if k is None:
                break
            drop_one = lambda t: Term.of(_without_one(t.factors, k), t.summed, t.coef)  # noqa: E731
            value = 0 if c.rhs == 0 else (-1 if c.rhs_negated else 1)
            c = Constraint.of(tuple(drop_one(t) for t in c.pos), tuple(drop_one(t) for t in c.neg), value, line=c.line)
            changed += 1
        if c in seen:
            repeated.append(c)
        else:
            seen.add(c)
            out.append(c)
    return program.with_constraints(out), changed, repeated


def _without_one(factors: tuple[str, ...], name: str) -> tuple[str, ...]:
    i = factors.index(name)
    return factors[:i] + factors[i + 1:]


def natural_forms(program: Program, *, fold: bool = True) -> tuple[Program, int, list[Constraint], list[Constraint]]:
    """The learned program written the natural way, each constraint equivalent to the one it
    replaces (over the declared domains, for the first):

    - with ``fold``, a power of a 0/1 variable is the variable (``sum[t] on[j,t]*on[j,t] >=
      dur[j]`` is ``sum[t] on[j,t] >= dur[j]`` for ``var on[j,t] in 0..1``);
    - a term the language holds twice is written once with its count as a factor (``t + t`` is
      ``2*t``); one then both added and subtracted cancels, and a constraint left with no term
      and true (``0 <= 0``) goes;
    - a tensor alone on the right with nothing on the left is moved left: ``0 <= -y`` (a
      candidate of the language with no term) is ``y <= 0``, and ``0 <= y`` is ``y >= 0``;
    - a constraint and its reversed reading (``A <= B`` and ``A >= B``) stand together, the one
      with added terms (or a right side not negated) first, so that the program prints them as
      one equation ``A = B`` (:func:`.dsl.statements`), which reads back as the same two.

    Returns the program, how many constraints changed, those that then equal an earlier one
    (kept once) and those left true of every value (dropped)."""
    binary = {d.name for d in program.variables if d.domain is not None and 0 <= d.domain[0] <= d.domain[1] <= 1}
    out: list[Constraint] = []
    seen: set[Constraint] = set()
    repeated: list[Constraint] = []
    trivial: list[Constraint] = []
    changed = 0
    for c in program.constraints:
        terms = [_once(t, binary) for t in c.terms] if fold and binary else list(c.terms)
        if c.terms and len({(t.factors, t.summed) for t in terms}) == len(terms) and terms == list(c.terms):
            new = c  # nothing to write otherwise (most constraints): not built again
        else:
            net: dict[tuple, int] = {}  # (factors, summed) -> the sum of the signed coefficients
            for sign, t in zip([1] * len(c.pos) + [-1] * len(c.neg), terms):
                net[(t.factors, t.summed)] = net.get((t.factors, t.summed), 0) + sign * t.coef
            pos = [Term.of(f, s, k) for (f, s), k in net.items() if k > 0]
            neg = [Term.of(f, s, -k) for (f, s), k in net.items() if k < 0]
            new = Constraint.of(pos, neg, c.rhs, c.rhs_negated, line=c.line)
        if not new.terms and isinstance(new.rhs, str):
            term = (Term.of([new.rhs]),)
            new = Constraint.of(term if new.rhs_negated else (), () if new.rhs_negated else term, 0, line=c.line)
        if not new.terms and isinstance(new.rhs, int) and new.rhs >= 0:
            trivial.append(c)
            continue
        if new != c:
            changed += 1
        if new in seen:
            repeated.append(new)
            continue
        seen.add(new)
        out.append(new)
    return program.with_constraints(_equations_together(out)), changed, repeated, trivial


def _equations_together(constraints: list[Constraint]) -> list[Constraint]:
    """The constraints (each one once) with every pair ``A <= B``, ``A >= B`` side by side, in
    the place of the first of the two: ``A <= B`` first when A has added terms (``y = 0``, not
    ``-y = 0``), else the one whose right side is not negated, else the first."""
    at = {_sides(c): k for k, c in enumerate(constraints)}
    placed: set[int] = set()
    out: list[Constraint] = []
    for k, c in enumerate(constraints):
        if k in placed:
            continue
        placed.add(k)
        other = at.get(_sides(c, reversed_reading=True))
        if other is None or other in placed:
            out.append(c)
            continue
        placed.add(other)
        pair = sorted((c, constraints[other]), key=_printed_last)  # stable: the first stays first on a tie
        out += pair
    return out


def _sides(c: Constraint, reversed_reading: bool = False) -> tuple:
    """What makes ``c`` (or its reversed reading, ``c.reversed_reading()``) equal to another
    constraint, without building a constraint (a second on 100,000)."""
    if isinstance(c.rhs, int):
        rhs = (-c.rhs if reversed_reading else c.rhs, False)
    else:
        rhs = (c.rhs, c.rhs_negated != reversed_reading)
    return (c.neg, c.pos, rhs) if reversed_reading else (c.pos, c.neg, rhs)


def _printed_last(c: Constraint) -> tuple[bool, bool]:
    """Sorts the half an equation prints from first: one with added terms, a right side not negated."""
    negated = c.rhs < 0 if isinstance(c.rhs, int) else c.rhs_negated
    return not c.pos, negated


def _once(term: Term, binary: set[str]) -> Term:
    """The term with each 0/1 variable once (x*x*y is x*y when x is 0 or 1)."""
    if len(set(term.factors)) == len(term.factors):
        return term
    factors = [f for k, f in enumerate(term.factors) if f not in binary or f not in term.factors[:k]]
    return Term.of(factors, term.summed, term.coef)
