"""Solve a program of the constraint DSL with clingo: one solution, all of them, or a sample.

ground: every constraint is expanded, for every value of its free indices, into one inequality
over the cells of the decision variables (:func:`expand`); products of cells are rewritten over
the unit steps of the order encoding; the facts go to ``encodings/ip_solve.lp``.
solve: clingo finds models; decode: ``value/3`` atoms become integer arrays.

    >>> from pyasp.acquire.dsl import parse_program
    >>> prog = parse_program("index i = 1..2; var x[i] in 0..3; sum[i] x[i] >= 5;")
    >>> sorted(s["x"].tolist() for s in solve(prog, {}, limit=None).solutions)
    [[2, 3], [3, 2], [3, 3]]
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .. import interrupt
from ..asp import Program as AspProgram, deadline_after, encoding_facts, fact, symbol
from ..errors import InputError
from .data import Instance, make_instance
from .dsl import Constraint, Program

__all__ = ["Inequality", "SolveResult", "Solutions", "TooLarge", "expand", "solve", "solution_as_json"]

#: most elements the #sum aggregates of one program may have (products of order-encoded cells
#: ground one element per pair of unit steps, so large domains multiply quickly)
MAX_ELEMENTS = 3_000_000


#: most ground level statements of the sampler (cells x unit steps x ranks) before the cells
#: share ranks (:func:`rank_levels`)
MAX_LEVEL_STATEMENTS = 250_000

#: clasp adds weights in 32-bit integers
MAX_WEIGHT = 2**31 - 1


class TooLarge(InputError):
    """Products of decision variables with large domains: grounding would not fit in memory."""

Cell = tuple[str, tuple[int, ...]]


@dataclass(frozen=True)
class Inequality:
    """``sum(coef * product of cells) <= bound`` -- one instance of a constraint."""

    constraint: int  # position in the program
    at: dict  # index name -> 1-based value
    terms: dict  # tuple of cells (sorted) -> coefficient
    bound: int
    constant: int = 0  # the numbers of the left side, moved into the bound (to show the sides as written)


def _universal(program: Program, c: Constraint) -> list[str]:
    used: set[str] = set()
    for t in c.terms:
        used |= set(program.free_indices(t))
    if isinstance(c.rhs, str):
        used |= set(program.tensor(c.rhs).indices)
    return [d.name for d in program.indices if d.name in used]


def expansion_size(program: Program, instance: Instance) -> int:
    """How many products :func:`expand` writes out: per constraint, its instances times the
    summed cells of its terms."""
    sizes = instance.sizes
    total = 0
    for c in program.constraints:
        instances = math.prod(sizes[i] for i in _universal(program, c))
        total += instances * max(1, sum(math.prod(sizes[i] for i in term.summed) for term in (*c.pos, *c.neg)))
    return total


class Late(Exception):
    """A deadline passed while expanding."""


def expand(program: Program, instance: Instance, deadline: float | None = None) -> list[Inequality]:
    """Every constraint for every value of its universal indices, constants multiplied out
    (:class:`Late` past ``deadline``, a ``time.perf_counter()`` value)."""
    out: list[Inequality] = []
    sizes = instance.sizes
    for k, c in enumerate(program.constraints):
        universal = _universal(program, c)
        for values in itertools.product(*(range(1, sizes[i] + 1) for i in universal)):
            if deadline is not None and time.perf_counter() > deadline:
                raise Late
            at = dict(zip(universal, values))
            poly: dict[tuple[Cell, ...], int] = {}
            for sign, term in [(1, t) for t in c.pos] + [(-1, t) for t in c.neg]:
                summed = list(term.summed)
                for sub in itertools.product(*(range(1, sizes[i] + 1) for i in summed)):
                    env = {**at, **dict(zip(summed, sub))}
                    coef = sign * term.coef
                    cells: list[Cell] = []
                    for name in term.factors:
                        decl = program.tensor(name)
                        pos = tuple(env[i] for i in decl.indices)
                        if decl.variable:
                            cells.append((name, pos))
                        else:
                            coef *= int(instance.constants[name][tuple(p - 1 for p in pos)])
                    if coef:
                        key = tuple(sorted(cells))
                        poly[key] = poly.get(key, 0) + coef
            if isinstance(c.rhs, int):
                bound = c.rhs
            else:
                decl = program.tensor(c.rhs)
                pos = tuple(at[i] for i in decl.indices)
                sign = -1 if c.rhs_negated else 1
                if decl.variable:
                    key = ((c.rhs, pos),)
                    poly[key] = poly.get(key, 0) - sign
                    bound = 0
                else:
                    bound = sign * int(instance.constants[c.rhs][tuple(p - 1 for p in pos)])
            constant = poly.pop((), 0)
            out.append(Inequality(k, at, {m: a for m, a in poly.items() if a}, bound - constant, constant))
    return out


def _cell_text(name: str, pos: tuple[int, ...]) -> str:
    """``X,C`` of a cell as ASP text: the tensor's name and the tuple of its index values (the
    text clingo writes for ``fact(..., name, pos)``; built as text, since a learned program with
    powers of cells can need hundreds of thousands of facts)."""
    return f"{_name_text(name)},({','.join(map(str, pos))}{',' if len(pos) == 1 else ''})"


@functools.lru_cache(maxsize=None)
def _name_text(name: str) -> str:
    return str(symbol(name))  # a constant, or a quoted string for names such as "X"


def solve_facts(program: Program, instance: Instance) -> list:
    """The facts of ``encodings/ip_solve.lp`` (its header says what each one means), as clingo
    symbols (declarations) and ASP text (the inequalities)."""
    domains: dict[str, tuple[int, int]] = {}
    for decl in program.variables:
        if decl.domain is None:
            raise InputError(
                f"{program.source + ':' if program.source else ''}{str(decl.line) + ': ' if decl.line else ' ' if program.source else ''}"
                f"variable {decl.name} has no domain: solving needs bounded integers "
                f"(declare it as: var {decl.name}{'[' + ','.join(decl.indices) + ']' if decl.indices else ''} in LO..HI;)"
            )
        domains[decl.name] = decl.domain
    _, steps_in_all = _cells_and_steps(program, instance)
    if steps_in_all > MAX_ELEMENTS:
        raise TooLarge(
            f"the decision variables have {steps_in_all:,} unit steps in all (cells times domain width), "
            f"more than the {MAX_ELEMENTS:,} that can be grounded; narrow the domains or the index sizes"
        )
    facts: list = []
    for decl in program.variables:
        low, high = domains[decl.name]
        facts.append(fact("domain", decl.name, low, high))
        for pos in itertools.product(*(range(1, instance.sizes[i] + 1) for i in decl.indices)):
            facts.append(fact("var_cell", decl.name, tuple(pos)))
    elements = 0

    def named(ineq) -> str:  # "prog.ip:4: constraint 1" where the program says where it was written
        line = program.constraints[ineq.constraint].line if ineq.constraint < len(program.constraints) else None
        return (f"{program.source}:{line}: " if line else "") + f"constraint {ineq.constraint + 1}"

    for k, ineq in enumerate(expand(program, instance)):
        bound = ineq.bound
        steps: dict[tuple[Cell, ...], int] = {}
        for cells, coef in ineq.terms.items():
            if len(cells) > 3:
                raise InputError(
                    f"{named(ineq)} multiplies {len(cells)} decision variables in one term; "
                    "pyasp acquire solve handles products of at most 3"
                )
            # x = L + u_x: expand the product over the subsets of its cells
            for chosen in itertools.product((False, True), repeat=len(cells)):
                weight = coef
                for (name, _), take in zip(cells, chosen):
                    if not take:
                        weight *= domains[name][0]
                if weight:
                    key = tuple(c for c, take in zip(cells, chosen) if take)
                    steps[key] = steps.get(key, 0) + weight
        bound -= steps.pop((), 0)
        # A power of one cell is a function of that cell alone: f(u) = sum over the unit steps
        # w = 1..u of f(w) - f(w-1), one weight per geq atom (no pairs to ground).
        unary: dict[Cell, list[int]] = {}
        products: dict[tuple[Cell, ...], int] = {}
        for key, w in steps.items():
            if not w:
                continue
            if len(set(key)) == 1:
                cell, power = key[0], len(key)
                low, high = domains[cell[0]]
                weights = unary.setdefault(cell, [0] * (high - low))
                for step in range(1, high - low + 1):
                    weights[step - 1] += w * (step**power - (step - 1) ** power)
            else:  # pairs (triples) of unit steps; a repeated cell pairs its steps with themselves
                products[key] = w
        values = [v for ws in unary.values() for v in ws if v] + list(products.values())
        divisor = math.gcd(*values) if values else 1
        if divisor > 1:  # sum(a u) <= B  iff  sum(a/g u) <= floor(B/g), for integer u
            unary = {cell: [v // divisor for v in ws] for cell, ws in unary.items()}
            products = {key: w // divisor for key, w in products.items()}
            bound //= divisor
        reach = abs(bound) + sum(abs(v) for ws in unary.values() for v in ws)
        for key, w in products.items():
            span = 1
            for name, _ in key:
                span *= domains[name][1] - domains[name][0]
            reach += abs(w) * span
            elements += span
        if reach > MAX_WEIGHT:
            raise TooLarge(
                f"{named(ineq)} has sums beyond clingo's 32-bit weights "
                f"(up to {reach:,}); narrow the domains or scale the constants down"
            )
        if elements > MAX_ELEMENTS:
            raise TooLarge(
                f"{named(ineq)} multiplies decision variables whose domains are too large "
                f"to ground (over {MAX_ELEMENTS:,} sum elements); narrow the domains"
            )
        facts.append(f"bound({k},{bound})")
        for (name, pos), weights in unary.items():
            cell = _cell_text(name, pos)
            if len(set(weights)) == 1:
                if weights[0]:
                    facts.append(f"lin({k},{cell},{weights[0]})")
                continue
            low = domains[name][0]
            facts += [f"step({k},{cell},{low + step},{w})" for step, w in enumerate(weights, start=1) if w]
        for key, w in products.items():
            args = ",".join(_cell_text(name, pos) for name, pos in key)
            facts.append(f"{ {2: 'quad', 3: 'cub'}[len(key)] }({k},{args},{w})")
    return facts


def _decode(model, program: Program, instance: Instance, encoding: str | Path | None = None) -> dict[str, np.ndarray]:
    """A model's ``value/3`` atoms as one array per variable. An edited encoding whose model
    names an unknown variable, a cell outside the indices, a value outside the domain, or gives a
    cell no value or two is refused (InputError): its "solution" would not be one."""
    out = {d.name: np.zeros(instance.shape(d.name), dtype=np.int64) for d in program.variables}
    given = {name: np.zeros(array.shape, dtype=np.int64) for name, array in out.items()}

    def bad(what: str) -> InputError:
        return InputError(f"{encoding or 'encodings/ip_solve.lp'}: {what}; each cell of each variable takes exactly one "
                          "value of its domain (value(X, (I,J,...), V), as encodings/ip_solve.lp shows)")

    for name, pos, value in model.atoms("value", 3):
        atom = f"{name}, {pos}, {value}"
        if not isinstance(name, str) or name not in out:
            raise bad(f"a model's value({atom}) names no variable of the program ({', '.join(out) or 'none'})")
        cell = pos if isinstance(pos, tuple) else (pos,)
        shape = out[name].shape
        if len(cell) != len(shape) or not all(isinstance(p, int) and 1 <= p <= n for p, n in zip(cell, shape)):
            raise bad(f"a model's value({atom}) is no cell of {name} (indices 1..{', 1..'.join(map(str, shape))})"
                      if shape else f"a model's value({atom}) is no cell of {name}, which has no indices (write ())")
        low, high = program.tensor(name).domain
        if not isinstance(value, int) or not low <= value <= high:
            raise bad(f"a model's value({atom}) is not a value of {name}'s domain {low}..{high}")
        index = tuple(p - 1 for p in cell)
        given[name][index] += 1
        if given[name][index] > 1:
            raise bad(f"a model's value({atom}) gives {name}{list(cell)} a second value")
        out[name][index] = value
    for name, counts in given.items():
        if (counts == 0).any():
            cell = [int(k) + 1 for k in np.argwhere(counts == 0)[0]]
            raise bad(f"a model gives {name}{cell} no value (value/3)")
    return out


def _cells_and_steps(program: Program, instance: Instance) -> tuple[int, int]:
    """How many cells the decision variables have, and unit steps of the order encoding in all
    (cells times domain width); every variable has a domain."""
    cells = steps = 0
    for decl in program.variables:
        low, high = decl.domain
        n = math.prod(instance.sizes[i] for i in decl.indices)
        cells += n
        steps += n * (high - low)
    return cells, steps


def rank_levels(program: Program, instance: Instance) -> int:
    """How many ranks the sampler orders the cells by: one per cell, unless the level statement
    of ``encodings/ip_solve.lp`` (one per cell, unit step and rank) would then ground more than
    :data:`MAX_LEVEL_STATEMENTS`; then as many as fit, each shared by several cells."""
    cells, steps = _cells_and_steps(program, instance)
    if cells * steps <= MAX_LEVEL_STATEMENTS:
        return max(cells, 1)
    return max(1, MAX_LEVEL_STATEMENTS // max(steps, 1))


def _random_targets(program: Program, instance: Instance, levels: int):
    """For sampling: each cell gets a uniform random target value in its domain and a random
    rank (one external of each kind per cell is true; the previous sample's are released).
    With fewer ``levels`` than cells, the random order of the cells is cut into that many
    ranks."""
    import clingo

    cells = []
    for decl in program.variables:
        low, high = decl.domain
        for pos in itertools.product(*(range(1, instance.sizes[i] + 1) for i in decl.indices)):
            cell = clingo.Tuple_([clingo.Number(p) for p in pos])
            cells.append((symbol(decl.name), cell, low, high))
    current: list = [None] * len(cells)
    ranks: list = [None] * len(cells)

    def assign(rng):
        order = list(range(1, len(cells) + 1))
        rng.shuffle(order)
        for k, (name, cell, low, high) in enumerate(cells):
            if ranks[k] is not None:
                yield ranks[k], False
            rank = order[k] if levels >= len(cells) else 1 + (order[k] - 1) * levels // len(cells)
            ranks[k] = clingo.Function("rank", [name, cell, clingo.Number(rank)])
            yield ranks[k], True
            if current[k] is not None:
                yield current[k], False
            target = rng.randint(low, high)
            current[k] = clingo.Function("target", [name, cell, clingo.Number(target)]) if target > low else None
            if current[k] is not None:
                yield current[k], True

    return assign


@dataclass
class SolveResult:
    solutions: list[dict[str, np.ndarray]] = field(default_factory=list)
    partial: bool = False  # a time limit (or Ctrl-C) stopped the search
    seconds: float = 0.0
    interrupted: bool = False  # Ctrl-C stopped it (solve's keep_on_interrupt)

    def as_dict(self) -> dict:
        """The solutions as JSON lists, as ``pyasp acquire solve --json`` prints them."""
        return {"solutions": [solution_as_json(s) for s in self.solutions], "partial": self.partial,
                "interrupted": self.interrupted, "seconds": round(self.seconds, 4)}


def _grounded(program: Program, constants: Instance | Mapping, sample: bool, encoding: str | Path | None,
              time_limit_s: float | None = None):
    instance = constants if isinstance(constants, Instance) else make_instance(program, constants)
    if not program.variables:
        raise InputError("the program declares no decision variable (var NAME in LO..HI;): there is nothing to solve")
    asp = AspProgram(encoding or "ip_solve", options=("--heuristic=Domain",) if sample else (), needs=(("value", 3),))
    if encoding is not None:  # a user's copy: value(shipp, C, V) in a rule matches nothing
        check_variable_names(asp.encoding_file, program)
    asp.add_facts(solve_facts(program, instance))
    asp.ground(time_limit_s=time_limit_s)
    return instance, asp


#: the atoms of ``encodings/ip_solve.lp`` whose first argument is a decision variable's name
VARIABLE_ATOMS = (("value", 3), ("var_cell", 2), ("domain", 3), ("geq", 3), ("target", 3), ("rank", 3))


def check_variable_names(encoding: str | Path, program: Program) -> None:
    """Refuse a copy of the solving encoding that writes a name no variable has (``value(shipp,
    C, V)``, ``value("ship", C, V)``) where a variable's name belongs: the rule never matches, so
    it would silently do nothing. Warn about weak constraints, which solving ignores."""
    import warnings

    import clingo.ast

    from ..errors import PyaspWarning
    from .learn import check_named

    names = [d.name for d in program.variables]
    known = {atom: (0, names, "variable") for atom in VARIABLE_ATOMS}
    weak = None
    for statement in encoding_facts(encoding).program:
        check_named(statement, encoding, program, known)
        if weak is None and statement.ast_type == clingo.ast.ASTType.Minimize:
            weak = statement.location.begin
    if weak is not None:
        warnings.warn(f"{encoding}:{weak.line}:{weak.column}: acquire solve enumerates solutions and does not optimise: "
                      "the weak constraints (and #minimize) of the encoding change no solution or order",
                      PyaspWarning, stacklevel=3)


class Solutions:
    """The solutions of a program, decoded one at a time as clingo finds them: the first
    ``limit`` (None: all), in clingo's order; nothing is kept, so ``--all`` on a program with
    millions of solutions streams in constant memory. The program is checked and grounded when
    this is made (bad input raises here, before any solution); iterate once. ``partial`` tells,
    after the iteration, whether the time limit (counted from here, grounding included) stopped
    it; ``seconds`` is the time taken."""

    def __init__(self, program: Program, constants: Instance | Mapping, *, limit: int | None = 1,
                 time_limit_s: float | None = None, encoding: str | Path | None = None):
        if limit is not None and limit < 1:
            raise InputError(f"a limit of {limit} solutions: give at least 1 (None: all)")
        self._start = time.perf_counter()
        self._deadline = deadline_after(time_limit_s)
        self.program = program
        self._encoding = encoding
        self.instance, self._asp = _grounded(program, constants, False, encoding, time_limit_s)
        self.limit = limit
        self.partial = False
        self.seconds = time.perf_counter() - self._start

    def __iter__(self) -> Iterator[dict[str, np.ndarray]]:
        left = None if self._deadline is None else self._deadline - time.perf_counter()
        if left is not None and left <= 0:  # grounding took the whole time limit
            self.partial = True
        else:
            for model in self._asp.enumerate_models(self.limit, time_limit_s=left):
                yield _decode(model, self.program, self.instance, self._encoding)
            self.partial = self._asp.partial
        self.seconds = time.perf_counter() - self._start


def solve(
    program: Program,
    constants: Instance | Mapping,
    *,
    limit: int | None = 1,
    sample: int | None = None,
    seed: int = 0,
    time_limit_s: float | None = None,
    encoding: str | Path | None = None,
    keep_on_interrupt: bool = False,
) -> SolveResult:
    """Solutions as ``{variable: int64 array}``: the first ``limit`` (None: all), or with
    ``sample`` that many distinct ones drawn by randomised search with ``seed``;
    ``keep_on_interrupt``: Ctrl-C (``KeyboardInterrupt``) returns the solutions found so far,
    marked partial and interrupted, instead of raising.
    ``time_limit_s`` counts from the call, grounding included (grounding itself cannot be
    interrupted: when it takes longer, the search stops at once; under the console script the
    process ends with an error, :func:`pyasp.interrupt.grounding`). :class:`Solutions` gives them
    one at a time instead."""
    if sample is None:
        found = Solutions(program, constants, limit=limit, time_limit_s=time_limit_s, encoding=encoding)
        solutions, stopped = _collect(found, keep_on_interrupt)
        return SolveResult(solutions, found.partial or stopped, found.seconds, stopped)
    start = time.perf_counter()
    deadline = deadline_after(time_limit_s)
    instance, asp = _grounded(program, constants, True, encoding, time_limit_s)

    def out_of_time() -> bool:
        return deadline is not None and time.perf_counter() >= deadline

    if not out_of_time():
        levels = rank_levels(program, instance)
        asp.extend([("sample", [])], [fact("rank_levels", levels)])
    if out_of_time():  # grounding took the whole time limit
        return SolveResult([], partial=True, seconds=time.perf_counter() - start)
    left = None if deadline is None else deadline - time.perf_counter()
    models = asp.sample(sample, seed=seed, project=[("value", 3)], externals=_random_targets(program, instance, levels),
                        time_limit_s=left, functional=True)  # one value atom per cell
    solutions, stopped = _collect((_decode(m, program, instance, encoding) for m in models), keep_on_interrupt)
    return SolveResult(solutions, asp.partial or stopped, time.perf_counter() - start, stopped)


def _collect(solutions: Iterator, keep_on_interrupt: bool) -> tuple[list, bool]:
    """The solutions as they come, and whether Ctrl-C stopped them (then, with
    ``keep_on_interrupt``, the list has those that came before it; without, it is raised)."""
    collected: list = []
    try:
        for solution in solutions:
            collected.append(solution)
    except KeyboardInterrupt:
        interrupt.caught(keep_on_interrupt)
        return collected, True
    return collected, False


def solution_as_json(solution: Mapping[str, np.ndarray]) -> dict:
    return {name: np.asarray(value).tolist() for name, value in solution.items()}
