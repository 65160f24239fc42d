"""Export a program of the constraint DSL to MiniZinc.

    >>> from pyasp.acquire.dsl import parse_program
    >>> prog = parse_program("index i = 1..n; const n; const c[i]; var x[i] in 0..9; sum[i] c[i]*x[i] <= 20;")
    >>> print(to_minizinc(prog, {"n": 2, "c": [3, 4]}))
    int: n = 2;
    array[1..n] of int: c = [3, 4];
    array[1..n] of var 0..9: x;
    constraint sum(i in 1..n)(c[i] * x[i]) <= 20;
    solve satisfy;
    <BLANKLINE>

A name that is a MiniZinc keyword (``output``, ``set``, ``of``, ...) or a builtin it calls (``forall``,
``sum``, ...) gets a trailing underscore; a name that starts with ``_`` starts with ``v`` instead.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .data import Instance
from .dsl import Constraint, Program, Term, statements

__all__ = ["to_minizinc"]

#: MiniZinc's reserved words (MiniZinc 2 handbook, "Identifiers"), which the DSL allows as names, and
#: builtins that a name must not shadow
KEYWORDS = frozenset("""
    ann annotation any array bool case constraint default diff div else elseif endif enum false
    float function if in include int intersect let list maximize minimize mod not of op opt output
    par predicate record satisfy set solve string subset superset symdiff test then true tuple type
    union var where xor
""".split()) | frozenset("forall exists sum product abs min max card length index_set".split())  # builtins the export may call


def _names(program: Program) -> dict[str, str]:
    """Every name of the program (indices, tensors) as MiniZinc may write it."""
    names = [d.name for d in program.indices] + [t.name for t in (*program.constants, *program.variables)]
    taken = set(names)
    out = {}
    for name in names:
        new = "v" + name if name.startswith("_") else name  # a MiniZinc identifier starts with a letter
        while new in KEYWORDS or (new != name and new in taken):
            new += "_"
        taken.add(new)
        out[name] = new
    return out


def _range(program: Program, index: str, names: Mapping[str, str]) -> str:
    for d in program.indices:
        if d.name == index:
            return f"1..{names.get(d.size, d.size) if isinstance(d.size, str) else d.size}"
    raise KeyError(index)


def _value(array: np.ndarray) -> str:
    if array.ndim == 0:
        return str(int(array))
    if array.ndim == 1:
        return "[" + ", ".join(str(int(v)) for v in array) + "]"
    if array.ndim == 2:
        return "[|" + "|".join(", ".join(str(int(v)) for v in row) for row in array) + "|]"
    dims = ", ".join(f"1..{n}" for n in array.shape)
    return f"array{array.ndim}d({dims}, [" + ", ".join(str(int(v)) for v in array.ravel()) + "])"


def _ref(program: Program, name: str, names: Mapping[str, str]) -> str:
    idx = program.tensor(name).indices
    return f"{names[name]}[{','.join(names[i] for i in idx)}]" if idx else names[name]


def _term(program: Program, term: Term, names: Mapping[str, str], bound: frozenset[str] = frozenset()) -> str:
    """A term; an index it sums over that the constraint also ranges over (``bound``: "sum[k]
    n[k] >= w[k]") gets a name of its own in the sum, so that no loop variable hides another."""
    local = dict(names)
    for i in term.summed:
        if i in bound:
            fresh = names[i] + "_s"
            while fresh in names.values() or fresh in KEYWORDS:
                fresh += "_"
            local[i] = fresh
    body = " * ".join(([str(term.coef)] if term.coef != 1 or not term.factors else [])
                      + [_ref(program, f, local) for f in term.factors])
    if not term.summed:
        return body
    over = ", ".join(f"{local[i]} in {_range(program, i, names)}" for i in term.summed)
    return f"sum({over})({body})"


def _constraint(program: Program, c: Constraint, names: Mapping[str, str], equation: bool = False) -> str:
    """One constraint (with ``equation``, it and its reversed reading: ``lhs = rhs``)."""
    used: list[str] = []
    for t in c.terms:
        used += [i for i in program.free_indices(t) if i not in used]
    if isinstance(c.rhs, str):
        used += [i for i in program.tensor(c.rhs).indices if i not in used]
    order = [d.name for d in program.indices]
    used.sort(key=order.index)
    bound = frozenset(used)
    if c.neg and not c.pos and not equation:  # -A - B <= -Z is written A + B >= Z
        lhs = " + ".join(_term(program, t, names, bound) for t in c.neg)
        if isinstance(c.rhs, int):
            rhs = str(-c.rhs)
        else:
            rhs = ("" if c.rhs_negated else "-") + _ref(program, c.rhs, names)
        body = f"{lhs} >= {rhs}"
    else:
        lhs = " + ".join(_term(program, t, names, bound) for t in c.pos)
        for t in c.neg:
            lhs = f"{lhs} - {_term(program, t, names, bound)}" if lhs else f"-{_term(program, t, names, bound)}"
        if isinstance(c.rhs, int):
            rhs = str(c.rhs)
        else:
            rhs = ("-" if c.rhs_negated else "") + _ref(program, c.rhs, names)
        body = f"{lhs or '0'} {'=' if equation else '<='} {rhs}"
    if used:
        over = ", ".join(f"{names[i]} in {_range(program, i, names)}" for i in used)
        return f"constraint forall({over})({body});"
    return f"constraint {body};"


def to_minizinc(program: Program, constants: Instance | Mapping | None = None) -> str:
    """The program as a MiniZinc model; with constants, their values are written in."""
    values: Mapping = {}
    if isinstance(constants, Instance):
        values = constants.constants
    elif constants is not None:
        values = {k: np.asarray(v) for k, v in constants.items()}
    names = _names(program)
    lines: list[str] = []
    sized_by = {d.size for d in program.indices if isinstance(d.size, str)}
    declared = sorted(program.constants, key=lambda t: (t.name not in sized_by, bool(t.indices))) + list(program.variables)
    for t in declared:
        given = f" = {_value(np.asarray(values[t.name]))}" if t.name in values and not t.variable else ""
        kind = "int" if not t.variable else f"var {t.domain[0]}..{t.domain[1]}" if t.domain is not None else "var int"
        if t.indices:
            dims = ", ".join(_range(program, i, names) for i in t.indices)
            lines.append(f"array[{dims}] of {kind}: {names[t.name]}{given};")
        else:
            lines.append(f"{kind}: {names[t.name]}{given};")
    for k, equation in statements(program.constraints):  # A <= B then A >= B: A = B, as the DSL prints it
        lines.append(_constraint(program, program.constraints[k], names, equation))
    lines.append("solve satisfy;")
    return "\n".join(lines) + "\n"
