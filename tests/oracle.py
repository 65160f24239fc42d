"""An independent brute-force enumerator of equation trees (plain Python, no clingo).

It states the hard constraints and the costs of ILP(w) directly on trees built with a stack, so
that tests can compare it with what ``encodings/equation_trees.lp`` accepts: same trees, same
costs. It shares no code with the encoding or with ``pyasp.algebra`` beyond the Quantity class and
the default weights, which it reads from the encoding's ``#const`` lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from pyasp.algebra.quantities import Quantity
from pyasp.asp import parse_constants
from pyasp.resources import encoding_path

#: The numbers (weights, depth bound) are the encoding's #const lines; the rules below are stated
#: independently of it.
DEFAULTS = {name: int(value) for name, (value, _) in parse_constants(encoding_path("equation_trees")).items()}
OPS = ("add", "sub", "mul", "div")


@dataclass(frozen=True)
class T:
    """A subtree: a leaf (op None, q its 1-based quantity index) or an operator node."""

    op: str | None
    q: int = 0
    left: T | None = None
    right: T | None = None

    def leaves(self):
        return [self.q] if self.op is None else self.left.leaves() + self.right.leaves()


def _type_costs(tree: T, qs: list[Quantity], w: dict) -> dict:
    """Minimal cost of the types in ``tree`` for each type its root may take."""
    if tree.op is None:
        best = max(weight for _, weight in qs[tree.q - 1].types)
        return {
            name: (w["w_type_choice"] * (1000 - round(1000 * weight / best))) // 1000
            for name, weight in qs[tree.q - 1].types
        }
    a, b = _type_costs(tree.left, qs, w), _type_costs(tree.right, qs, w)
    out: dict = {}

    def offer(t, c):
        if t not in out or c < out[t]:
            out[t] = c

    for ta, ca in a.items():
        for tb, cb in b.items():
            same = ta == tb
            if tree.op in ("add", "sub"):
                for t in {ta, tb}:
                    offer(t, ca + cb + (0 if same else w["w_type"]))
            elif tree.op == "mul":
                for t in {ta, tb}:
                    offer(t, ca + cb + (w["w_type"] if same else 0))
            elif tree.op == "div":
                offer(ta, ca + cb + (w["w_type"] if same else 0))
            else:  # eq
                offer(None, ca + cb + (0 if same else w["w_type"]))
    return out


def tree_cost(postfix: tuple, root: T, qs: list[Quantity], w: dict) -> int:
    unknown = next(i for i, q in enumerate(qs, start=1) if q.is_unknown)
    cost = min(_type_costs(root, qs, w).values())
    consts = [t for t in postfix if isinstance(t, int) and t != unknown]
    cost += w["w_text_order"] * sum(1 for a, b in combinations(consts, 2) if a > b)
    pos_x = postfix.index(unknown) + 1
    if pos_x != 1 and pos_x != len(postfix) - 1:
        cost += w["w_unknown_first_or_last"]
    sides = (root.left, root.right)
    if not any(s.op is None and s.q == unknown for s in sides):
        cost += w["w_equality_next_to_unknown"]
    if not any(s.op is None for s in sides):
        cost += w["w_equality_first_or_last"]

    def sym(t: T) -> int:
        if t.op is None:
            return 0
        c = sym(t.left) + sym(t.right)
        if t.op in ("add", "mul"):
            both_consts = t.left.op is None and t.right.op is None and unknown not in (t.left.q, t.right.q)
            if not both_consts and min(t.left.leaves()) > min(t.right.leaves()):
                c += w["w_symmetry"]
        return c

    cost += sym(root.left) + sym(root.right)
    if w["allow_unused"]:
        cost += w["w_unused"] * (len(qs) - len(root.leaves()))
    return cost


def enumerate_trees(qs: list[Quantity], settings: dict | None = None) -> dict[tuple, int]:
    """Every tree meeting the hard constraints: postfix tokens -> its minimal cost."""
    w = {**DEFAULTS, **(settings or {})}
    n = len(qs)
    unknown = next(i for i, q in enumerate(qs, start=1) if q.is_unknown)
    value = {i: q.value for i, q in enumerate(qs, start=1)}
    # leaving numbers out, a tree must still have an operator: "x = q" only when n == 2
    sizes = range(2 if n == 2 else 3, n + 1) if w["allow_unused"] else [n]
    found: dict[tuple, int] = {}

    def allowed(op: str, a: T, b: T) -> bool:
        if op in ("add", "sub") and any(s.op is None and value[s.q] == 0 for s in (a, b)):
            return False
        if op == "div" and b.op is None and value[b.q] in (0, 1):
            return False
        if op in ("add", "mul") and a.op is None and b.op is None and unknown not in (a.q, b.q) and a.q > b.q:
            return False
        return True

    def extend(seq: list, stack: list[T], used: set, k: int) -> None:
        length = 2 * k - 1
        if len(seq) == length - 1:
            if len(stack) == 2 and len(used) == k and unknown in used:
                root = T("eq", left=stack[0], right=stack[1])
                postfix = tuple(seq) + ("eq",)
                found[postfix] = tree_cost(postfix, root, qs, w)
            return
        if len(used) < k and len(stack) + 1 <= w["max_depth"]:
            for q in range(1, n + 1):
                if q not in used:
                    extend(seq + [q], stack + [T(None, q)], used | {q}, k)
        if len(stack) >= 2:
            a, b = stack[-2], stack[-1]
            for op in OPS:
                if allowed(op, a, b):
                    extend(seq + [op], stack[:-2] + [T(op, left=a, right=b)], used, k)

    for k in sizes:
        extend([], [], set(), k)
    return found
