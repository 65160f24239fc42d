"""Brute-force oracles for the IP-acquisition tests, written without the package's machinery.

- :func:`language`: ARNOLD's candidate language (the one ``encodings/ip_acquisition.lp`` encodes),
  enumerated with itertools from its definition;
- :func:`constraint_key`: a constraint of :mod:`pyasp.acquire.dsl` as a plain tuple, to compare
  with :func:`language`;
- :func:`holds` / :func:`satisfies`: evaluate constraints with explicit loops over index values;
- :func:`all_assignments`: every assignment of the decision variables within their domains.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np


# -- the language ------------------------------------------------------------------------------
def language(tensors: Mapping[str, tuple[tuple[str, ...], bool]], *, max_terms: int, max_factors: int,
             negation: bool = True, directions=("<=", ">=")) -> set[tuple]:
    """Every candidate ``pos terms - neg terms <= rhs``, as tuples
    ``(pos, neg, rhs, rhs_negated)`` where a term is ``(sorted factors, sorted summed indices)``,
    ``pos``/``neg`` are sorted tuples of terms (a multiset), ``rhs`` a tensor name or an int
    (an int carries its sign; ``rhs_negated`` is then False).

    ``tensors`` maps a name to (its indices, is it a decision variable).

    The language: a term is a product of 1..max_factors tensors (a multiset) summed over any
    subset of the indices its factors have; a candidate has 0..max_terms terms (a multiset of
    signed terms, "neg" only with negation) that all leave the same indices free; its right-hand
    side is a tensor Z (``<= Z`` with "<=", ``<= -Z`` with ">=") or the literal 0 (only ``<= 0``)
    or 1 (``<= 1`` with "<=", ``<= -1`` with ">="); some tensor of the candidate is a decision
    variable; and ``Z <= Z`` / ``-Z <= -Z`` (one unsummed single-factor term equal to the right-hand
    side, same sign) are left out, as are candidates that add and subtract the same term.
    """
    names = sorted(tensors)
    terms = []  # (factors, summed, free)
    for n in range(1, max_factors + 1):
        for factors in itertools.combinations_with_replacement(names, n):
            idx = sorted({i for f in factors for i in tensors[f][0]})
            for r in range(len(idx) + 1):
                for summed in itertools.combinations(idx, r):
                    terms.append((factors, summed, frozenset(idx) - set(summed)))
    signs = ["pos", "neg"] if negation else ["pos"]
    signed = [(g, t) for g in signs for t in terms]

    rhs_options = []  # (rhs, negated)
    for d in directions:
        negated = d == ">="
        rhs_options += [(name, negated) for name in names]
        rhs_options.append((-1 if negated else 1, False))
        if not negated:
            rhs_options.append((0, False))

    out: set[tuple] = set()
    for k in range(max_terms + 1):
        for combo in itertools.combinations_with_replacement(range(len(signed)), k):
            chosen = [signed[j] for j in combo]
            if len({t[2] for _, t in chosen}) > 1:
                continue
            pos = tuple(sorted((t[0], t[1]) for g, t in chosen if g == "pos"))
            neg = tuple(sorted((t[0], t[1]) for g, t in chosen if g == "neg"))
            if set(pos) & set(neg):
                continue  # a term added and subtracted: t - t + u <= Z is u <= Z
            lhs_has_var = any(tensors[f][1] for _, t in chosen for f in t[0])
            for rhs, negated in rhs_options:
                rhs_is_var = isinstance(rhs, str) and tensors[rhs][1]
                if not (lhs_has_var or rhs_is_var):
                    continue
                if isinstance(rhs, str) and len(chosen) == 1:
                    g, (factors, summed, _) = chosen[0]
                    if factors == (rhs,) and not summed and (g == "pos") == (not negated):
                        continue  # Z <= Z, -Z <= -Z
                out.add((pos, neg, rhs, negated))
    return out


def constraint_key(c) -> tuple:
    """A dsl.Constraint as the tuples :func:`language` builds."""
    term = lambda t: (tuple(sorted(t.factors)), tuple(sorted(t.summed)))  # noqa: E731
    return (tuple(sorted(term(t) for t in c.pos)), tuple(sorted(term(t) for t in c.neg)), c.rhs,
            bool(c.rhs_negated))


# -- evaluation by loops -----------------------------------------------------------------------
def _cell(values: Mapping, program, name: str, env: Mapping[str, int]) -> int:
    idx = tuple(env[i] - 1 for i in program.tensor(name).indices)
    return int(np.asarray(values[name])[idx])


def _term_value(values, program, sizes, term, env) -> int:
    total = 0
    for sub in itertools.product(*(range(1, sizes[i] + 1) for i in term.summed)):
        inner = {**env, **dict(zip(term.summed, sub))}
        prod = 1
        for f in term.factors:
            prod *= _cell(values, program, f, inner)
        total += term.coef * prod
    return total


def holds(program, sizes: Mapping[str, int], values: Mapping, c) -> bool:
    """Does the assignment ``values`` (constants and variables by name) satisfy ``c`` for every
    value of every index of the program?"""
    order = [d.name for d in program.indices]
    for point in itertools.product(*(range(1, sizes[i] + 1) for i in order)):
        env = dict(zip(order, point))
        lhs = sum(_term_value(values, program, sizes, t, env) for t in c.pos)
        lhs -= sum(_term_value(values, program, sizes, t, env) for t in c.neg)
        if isinstance(c.rhs, int):
            rhs = c.rhs
        else:
            rhs = _cell(values, program, c.rhs, env) * (-1 if c.rhs_negated else 1)
        if lhs > rhs:
            return False
    return True


def satisfies(program, sizes, values) -> bool:
    return all(holds(program, sizes, values, c) for c in program.constraints)


def all_assignments(program, sizes: Mapping[str, int]):
    """Every assignment ``{variable: nested list}`` of the program's variables in their domains."""
    cells = []  # (name, index tuple)
    for decl in program.variables:
        shape = [sizes[i] for i in decl.indices]
        for pos in itertools.product(*(range(n) for n in shape)):
            cells.append((decl.name, pos, decl.domain))
    for combo in itertools.product(*(range(lo, hi + 1) for _, _, (lo, hi) in cells)):
        out = {d.name: np.zeros([sizes[i] for i in d.indices], dtype=np.int64) for d in program.variables}
        for (name, pos, _), v in zip(cells, combo):
            out[name][pos] = v
        yield out


def freeze(solution: Mapping) -> tuple:
    """A hashable form of ``{variable: array}``."""
    return tuple(sorted((k, tuple(np.ravel(np.asarray(v)).tolist())) for k, v in solution.items()))
