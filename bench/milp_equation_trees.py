"""The equation-tree problem of ``encodings/equation_trees.lp`` as a MILP, solved with HiGHS.

This is "the paper's route": ALGES (Koncel-Kedziorski et al., TACL 2015) stated ILP(w) as an
integer linear program, solved it with CPLEX and took next-best solutions. Here the same problem
(the one the ASP encoding states, and ``tests/oracle.py`` defines in plain Python) is written as
a mixed-integer linear program for HiGHS (``highspy``), and the top-M trees are listed by solving,
adding a no-good cut on the tree just found and solving again. It exists to be compared, for
speed, with the ASP route; it is faithful to the encoding tree for tree and cost for cost.

Formulation (n quantities, K leaves, L = 2K-1 positions of the postfix sequence; K = n unless
``allow_unused``)
-----------------------------------------------------------------------------------------------
Symbols.  Binary ``x[p,s]``: position p holds symbol s, a quantity q = 1..n (p = 1..L-1) or an
  operator add/sub/mul/div (p = 3..L-1; positions 1 and 2 are always leaves). Position L is "="
  and has no variable. Every position 1..L-1 holds exactly one symbol; the unknown is used
  exactly once, a constant exactly once (at most once with ``allow_unused``, and then the leaves
  number K). ``leaf(p) = sum_q x[p,q]``, ``op(p) = 1 - leaf(p)``.

Stack depth.  The height after p is the linear expression ``D_p = 2 * (leaves in 1..p) - p``.
  An operator at p needs ``D_{p-1} >= 2``; ``1 <= D_p <= max_depth``; D_{L-1} = 2 follows from
  the number of leaves, so "=" pops the last two values.

Subtrees.  ``st[p,r]`` (r = p, p-2, ...): the subtree rooted at p spans positions r..p.
  ``lc[p,a]``: the left operand of the operator at p (or of "=" at L) is rooted at a; the right
  operand is always rooted at p-1 and spans a+1..p-1:
      sum_a lc[p,a] = op(p)   (= 1 at L),       lc[p,a] <= st[p-1, a+1].
  ``y[p,a,r]`` linearises lc[p,a] * st[a,r] (an operator's span starts where its left operand's
  does):  sum_r y[p,a,r] = lc[p,a],  y[p,a,r] <= st[a,r],  st[p,p] = leaf(p),
  st[p,r] = sum_a y[p,a,r] for r < p. In addition every span below the root is used exactly once,
  as the left operand of some p (y[p,a,r]) or as the right operand of the node at a+1
  (lc[a+1,r-1]): st[a,r] = sum_p y[p,a,r] + lc[a+1,r-1] (for r = 1: + lc[L,a]). These are the
  flow-conservation rows of the parse-forest (hyperpath) polytope of the spans, which tighten
  the relaxation of the tree shapes. Given integral x, st, lc and y are forced to 0/1, so they
  are continuous; only x and the type choices below are declared integer.

Operands that are leaves.  "The left operand of p is the leaf at a" is y[p,a,a]; disaggregated
  by quantity, ``ll[p,a,q] <= x[a,q]``, ``sum_q ll[p,a,q] = y[p,a,a]`` (at the root,
  ``sum_q ll[L,1,q] = lc[L,1]``), so ``sum_a ll[p,a,q]`` is exactly "the left operand is the
  leaf q". The right operand is the leaf q iff x[p-1,q] = 1.

Hard constraints.  Non-redundancy: no add/sub has a zero leaf as either operand, no div has a
  zero or one leaf as divisor. Symmetry breaking (H): an add/mul whose operands are two constant
  leaves keeps their text order (``addmul(p) + leftleaf(p,qa) + sum_{qb<qa} x[p-1,qb] <= 2``).

Types (soft, w_type and w_type_choice).  ``lt[p,q,t]``: the leaf q at p takes type t, one of its
  type set, at cost ``(w_type_choice * (1000 - round(1000*weight/best))) // 1000``;
  ``ot[p,t]``: the operator at p takes result type t; ``ty(p,t) = sum_q lt[p,q,t] + ot[p,t]``.
  The left operand's type is disaggregated like the spans: ``g[p,a,t] <= ty(a,t)``,
  ``sum_t g[p,a,t] = lc[p,a]``, ``lty(p,t) = sum_a g[p,a,t]``. The result type is one of the
  operand types (``ot <= lty + ty(p-1)``), the dividend's for div (``ot <= lty + 1 - x[p,div]``).
  Violation ``vt[p] >= 0`` costs w_type: add/sub/"=" with operands of different types,
  ``vt >= addsub(p) - sum_t s[p,t]`` with ``s[p,t] <= lty(p,t), s[p,t] <= ty(p-1,t)`` (s: both
  operands have type t); mul/div with operands of one type,
  ``vt >= muldiv(p) + lty(p,t) + ty(p-1,t) - 2``. A tree's cost is the minimum over its type
  assignments, which minimisation picks.

Other soft constraints (each a continuous violation variable >= 0 with its weight in the
  objective; minimisation drives it down to the exact 0/1 value; a weight of 0 drops the part):
  * text order: ``inv[q1,q2]`` for constants q1 > q2, ``>= B_p(q1) - B_p(q2)`` for every p, where
    ``B_p(q) = sum_{p' <= p} x[p',q]`` (q placed at or before p); with ``allow_unused`` the bound
    is lowered by 1 - used(q2);
  * unknown first or last: ``>= 1 - x[1,u] - x[L-1,u]``;
  * equality first or last: ``>= 1 - leaf(L-1) - lc[L,1]`` (the left side of "=" is a single
    leaf iff it is rooted at position 1);
  * equality next to the unknown: ``>= 1 - x[L-1,u] - ll[L,1,u]``;
  * symmetry (W) for add/mul: ``f[p,q]`` is 1 iff the subtree at p holds a quantity <= q
    (f[p,n] = 1): for a leaf ``sum_{q'<=q} x[p,q']``, for an operator the OR of its operands'.
    The left operand's first quantity is disaggregated: ``hh[p,a,q] <= f[a,q] - f[a,q-1]``,
    ``sum_q hh[p,a,q] = lc[p,a]``, ``lf(p,q) = sum_a sum_{q'<=q} hh[p,a,q']``.
    first(left) > first(right) iff some q has f[p-1,q] = 1 > lf(p,q), so
    ``vs[p] >= addmul(p) + f[p-1,q] - lf(p,q) - 1`` for every q. (The encoding's exception, two
    constant leaves, can never be violated because the hard rule orders them.)
  * unused quantities (``allow_unused``): w_unused * (n - K), a constant of the size-K model.

Ranking.  Solve; read the tree from x; add the no-good cut ``sum_p x[p, s_p] <= L - 2`` over
  positions 1..L-1 (that exact sequence is excluded, nothing else); solve again; stop at ``limit``,
  infeasibility or the time limit. Costs are integers, so a MIP gap below 1 proves optimality
  (``mip_abs_gap = 0.99``, ``mip_rel_gap = 0``), and the optimum of each solve is the cheapest
  tree not yet listed, so costs come out nondecreasing. The objective is also a row whose lower
  bound is raised to the cost of the last tree found (valid, since that tree was the cheapest
  left): with the many ties of this problem a solve ends as soon as a tree of that cost is found.
  Each tree is checked by an independent evaluator in this module (validity and cost); a
  disagreement with the MILP objective raises. With ``allow_unused = 1`` there is one model per
  number of leaves K = 2..n, each ranked lazily, and the streams are merged by cost.

Strength.  Given integral x, the shape variables are integral, and on the problems tried the
  relaxation with only x integral already gives the true optimum. With x fractional the LP can
  mix "trees" that use one quantity twice and another not at all, and the root bound is usually
  0 while the optimum is 1-2; the no-good cuts do not raise it either (a mixture of listed trees
  satisfies them). Each solve is therefore a small branch and bound; HiGHS runs single-threaded,
  without output.
"""

from __future__ import annotations

import heapq
import time
from itertools import combinations

import highspy

from pyasp.asp import parse_constants
from pyasp.resources import encoding_path

OPS = ("add", "sub", "mul", "div")
TYPE_WEIGHT_SCALE = 1000


# ------------------------------------------------------------------------------------------------
# Settings and per-quantity data
# ------------------------------------------------------------------------------------------------
#: Constants of the encoding that are not part of the ILP: ``tie_break`` orders equal-cost trees in
#: clingo's ranking (here ties come in the solver's order); accepted and ignored.
IGNORED_SETTINGS = {"tie_break"}

#: The weights and bounds, read from the encoding's #const lines (the one place they are set).
DEFAULTS = {
    name: int(value)
    for name, (value, _) in parse_constants(encoding_path("equation_trees")).items()
    if name not in IGNORED_SETTINGS
}


def _settings(settings: dict | None) -> dict:
    w = dict(DEFAULTS)
    for name, value in (settings or {}).items():
        if name in IGNORED_SETTINGS:
            continue
        if name not in DEFAULTS:
            raise ValueError(f"unknown setting {name!r}; known: {', '.join(sorted(DEFAULTS))}")
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"setting {name} must be a whole number >= 0, got {value!r}")
        w[name] = value
    return w


def _type_choice_costs(q, w_type_choice: int) -> dict[str, int]:
    best = max(weight for _, weight in q.types)
    return {
        name: (w_type_choice * (TYPE_WEIGHT_SCALE - round(TYPE_WEIGHT_SCALE * weight / best))) // TYPE_WEIGHT_SCALE
        for name, weight in q.types
    }


def _unknown_index(quantities) -> int:
    unknowns = [i for i, q in enumerate(quantities, start=1) if q.is_unknown]
    if len(unknowns) != 1:
        raise ValueError(f"exactly one unknown is needed, got {len(unknowns)}")
    if len(quantities) < 2:
        raise ValueError("at least one constant is needed")
    return unknowns[0]


# ------------------------------------------------------------------------------------------------
# An independent evaluator of one tree (used to check every tree the MILP returns)
# ------------------------------------------------------------------------------------------------
def _evaluate(tokens: tuple, quantities, w: dict) -> int:
    """Check the hard constraints of ``tokens`` and return its minimal cost (ValueError if invalid)."""
    n = len(quantities)
    u = _unknown_index(quantities)
    if not tokens or tokens[-1] != "eq" or tokens.count("eq") != 1:
        raise ValueError(f"{tokens}: '=' must occur once, last")
    leaves = [t for t in tokens if isinstance(t, int)]
    if len(set(leaves)) != len(leaves) or u not in leaves or not set(leaves) <= set(range(1, n + 1)):
        raise ValueError(f"{tokens}: bad leaves")
    if not w["allow_unused"] and len(leaves) != n:
        raise ValueError(f"{tokens}: a quantity is unused")
    choice = [None] + [_type_choice_costs(q, w["w_type_choice"]) for q in quantities]
    zero = {i for i, q in enumerate(quantities, start=1) if q.value is not None and q.value == 0}
    one = {i for i, q in enumerate(quantities, start=1) if q.value is not None and q.value == 1}

    # A node: (op, left, right, leaf index, min leaf index, {type: min cost}, symmetry cost)
    stack: list = []
    for tok in tokens:
        if isinstance(tok, int):
            stack.append((None, None, None, tok, tok, dict(choice[tok]), 0))
            if len(stack) > w["max_depth"]:
                raise ValueError(f"{tokens}: too deep")
            continue
        if len(stack) < 2:
            raise ValueError(f"{tokens}: operator without two operands")
        b = stack.pop()
        a = stack.pop()
        a_leaf, b_leaf = a[0] is None, b[0] is None
        if tok in ("add", "sub") and ((a_leaf and a[3] in zero) or (b_leaf and b[3] in zero)):
            raise ValueError(f"{tokens}: zero operand of {tok}")
        if tok == "div" and b_leaf and (b[3] in zero or b[3] in one):
            raise ValueError(f"{tokens}: divisor zero or one")
        two_consts = a_leaf and b_leaf and u not in (a[3], b[3])
        if tok in ("add", "mul") and two_consts and a[3] > b[3]:
            raise ValueError(f"{tokens}: constants out of text order under {tok}")
        types: dict = {}
        for ta, ca in a[5].items():
            for tb, cb in b[5].items():
                same = ta == tb
                if tok in ("add", "sub", "eq"):
                    extra = 0 if same else w["w_type"]
                else:
                    extra = w["w_type"] if same else 0
                results = (None,) if tok == "eq" else (ta,) if tok == "div" else (ta, tb)
                for t in results:
                    c = ca + cb + extra
                    if t not in types or c < types[t]:
                        types[t] = c
        sym = a[6] + b[6]
        if tok in ("add", "mul") and not two_consts and a[4] > b[4]:
            sym += w["w_symmetry"]
        stack.append((tok, a, b, 0, min(a[4], b[4]), types, sym))
    if len(stack) != 1:
        raise ValueError(f"{tokens}: not a single tree")
    root = stack[0]
    cost = min(root[5].values()) + root[6]
    consts = [t for t in leaves if t != u]
    cost += w["w_text_order"] * sum(1 for i, j in combinations(consts, 2) if i > j)
    pos_u = tokens.index(u) + 1
    if pos_u not in (1, len(tokens) - 1):
        cost += w["w_unknown_first_or_last"]
    sides = (root[1], root[2])
    if not any(s[0] is None and s[3] == u for s in sides):
        cost += w["w_equality_next_to_unknown"]
    if not any(s[0] is None for s in sides):
        cost += w["w_equality_first_or_last"]
    if w["allow_unused"]:
        cost += w["w_unused"] * (n - len(leaves))
    return cost


# ------------------------------------------------------------------------------------------------
# A small sparse model builder
# ------------------------------------------------------------------------------------------------
class _Model:
    def __init__(self) -> None:
        self.lower: list[float] = []
        self.upper: list[float] = []
        self.cost: list[float] = []
        self.integer: list[bool] = []
        self.rows: list[tuple[float, float, list[int], list[float]]] = []
        self.offset = 0.0

    def var(self, lower: float = 0.0, upper: float = 1.0, cost: float = 0.0, integer: bool = False) -> int:
        self.lower.append(lower)
        self.upper.append(upper)
        self.cost.append(cost)
        self.integer.append(integer)
        return len(self.lower) - 1

    def row(self, terms, lower: float, upper: float) -> None:
        """``lower <= sum(coef * col for col, coef in terms) <= upper`` (duplicates merged)."""
        merged: dict[int, float] = {}
        for col, coef in terms:
            merged[col] = merged.get(col, 0.0) + coef
        merged = {c: v for c, v in merged.items() if v != 0}
        if not merged:
            if lower > 1e-9 or upper < -1e-9:
                raise AssertionError("an empty row that cannot hold")
            return
        cols = sorted(merged)
        self.rows.append((lower, upper, cols, [merged[c] for c in cols]))

    def le(self, terms, rhs: float) -> None:
        self.row(terms, -highspy.kHighsInf, rhs)

    def ge(self, terms, rhs: float) -> None:
        self.row(terms, rhs, highspy.kHighsInf)

    def eq(self, terms, rhs: float) -> None:
        self.row(terms, rhs, rhs)

    def to_highs(self) -> highspy.Highs:
        lp = highspy.HighsLp()
        lp.num_col_ = len(self.lower)
        lp.num_row_ = len(self.rows)
        lp.col_cost_ = self.cost
        lp.col_lower_ = self.lower
        lp.col_upper_ = self.upper
        lp.row_lower_ = [r[0] for r in self.rows]
        lp.row_upper_ = [r[1] for r in self.rows]
        lp.offset_ = self.offset
        starts, index, value = [0], [], []
        for _, _, cols, vals in self.rows:
            index.extend(cols)
            value.extend(vals)
            starts.append(len(index))
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.num_col_ = lp.num_col_
        lp.a_matrix_.num_row_ = lp.num_row_
        lp.a_matrix_.start_ = starts
        lp.a_matrix_.index_ = index
        lp.a_matrix_.value_ = value
        kinds = highspy.HighsVarType
        lp.integrality_ = [kinds.kInteger if i else kinds.kContinuous for i in self.integer]
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("threads", 1)
        h.setOptionValue("mip_rel_gap", 0.0)
        h.setOptionValue("mip_abs_gap", 0.99)  # costs are integers
        # Measured on these models: restarts and a large cut pool cost more than they save
        # (about 2x over the defaults); neither changes what is optimal.
        h.setOptionValue("mip_allow_restart", False)
        h.setOptionValue("mip_pool_soft_limit", 10)
        status = h.passModel(lp)
        if status == highspy.HighsStatus.kError:
            raise RuntimeError("HiGHS rejected the model")
        return h


# ------------------------------------------------------------------------------------------------
# The model of trees with K leaves
# ------------------------------------------------------------------------------------------------
def _build(quantities, w: dict, k: int) -> tuple[_Model, dict, int]:
    n = len(quantities)
    u = _unknown_index(quantities)
    L = 2 * k - 1
    Q = range(1, n + 1)
    consts = [q for q in Q if q != u]
    zero = [q for q in consts if quantities[q - 1].value == 0]
    one = [q for q in consts if quantities[q - 1].value == 1]
    choice = {q: _type_choice_costs(quantities[q - 1], w["w_type_choice"]) for q in Q}
    all_types = sorted({t for q in Q for t in choice[q]})
    m = _Model()
    if w["allow_unused"]:
        m.offset = float(w["w_unused"] * (n - k))

    # Symbols --------------------------------------------------------------------------------
    x: dict = {}
    for p in range(1, L):
        for q in Q:
            x[p, q] = m.var(integer=True)
        if p >= 3:
            for o in OPS:
                x[p, o] = m.var(integer=True)

    def leaf(p, coef=1.0):
        return [(x[p, q], coef) for q in Q]

    def opr(p, ops=OPS, coef=1.0):  # indicator that the operator at p is one of ops
        return [(x[p, o], coef) for o in ops] if p >= 3 else []

    for p in range(1, L):
        m.eq(leaf(p) + opr(p), 1)
    for q in Q:
        used = [(x[p, q], 1) for p in range(1, L)]
        if q == u or k == n:
            m.eq(used, 1)
        else:
            m.le(used, 1)
    m.eq([(x[p, q], 1) for p in range(1, L) for q in Q], k)

    # Stack depth: D_p = 2 * leaves(1..p) - p ------------------------------------------------------
    def leaves_upto(p, coef=1.0):
        return [(x[i, q], coef) for i in range(1, p + 1) for q in Q]

    for p in range(1, L):
        m.row(leaves_upto(p, 2), 1 + p, w["max_depth"] + p)  # 1 <= D_p <= max_depth
        if p >= 3:  # D_{p-1} >= 1 + op(p)
            m.ge(leaves_upto(p - 1, 2) + opr(p, coef=-1), 1 + (p - 1))

    # Subtrees --------------------------------------------------------------------------------
    st = {(p, r): m.var() for p in range(1, L) for r in range(p, 0, -2)}
    lc = {(p, a): m.var() for p in range(3, L + 1) for a in range(p - 2, 0, -2)}
    for p in range(1, L):
        m.eq([(st[p, p], 1)] + leaf(p, -1), 0)
    for p in range(3, L + 1):
        lcs = [(lc[p, a], 1) for a in range(p - 2, 0, -2)]
        if p == L:
            m.eq(lcs, 1)
        else:
            m.eq(lcs + opr(p, coef=-1), 0)
        for a in range(p - 2, 0, -2):
            m.le([(lc[p, a], 1), (st[p - 1, a + 1], -1)], 0)
    y = {}
    for p in range(3, L):
        span: dict = {r: [] for r in range(p - 2, 0, -2)}
        for a in range(p - 2, 0, -2):
            for r in range(a, 0, -2):
                y[p, a, r] = m.var()
                m.le([(y[p, a, r], 1), (st[a, r], -1)], 0)
                span[r].append((y[p, a, r], 1))
            m.eq([(y[p, a, r], 1) for r in range(a, 0, -2)] + [(lc[p, a], -1)], 0)
        for r, ys in span.items():
            m.eq([(st[p, r], 1)] + [(v, -1) for v, _ in ys], 0)
    y[L, 1, 1] = lc[L, 1]  # the left side of "=" is rooted at 1 iff it is a single leaf
    # Flow conservation (the parse-forest / hyperpath polytope): every subtree below the root is
    # the left operand of exactly one node or the right operand of the node just after it.
    for a in range(1, L):
        for r in range(a, 0, -2):
            parents = [(y[p, a, r], 1) for p in range(a + 2, L, 2)]
            if r >= 2:
                parents.append((lc[a + 1, r - 1], 1))  # right operand of the node at a+1
            elif a <= L - 2:
                parents.append((lc[L, a], 1))  # left side of "="
            m.eq([(st[a, r], 1)] + [(v, -c) for v, c in parents], 0)

    # The left operand as a leaf: ll[p,a,q] = y[p,a,a] * x[a,q] (the left operand is the leaf q at a)
    ll = {}
    for (p, a, r), ya in list(y.items()):
        if r != a:
            continue
        for q in Q:
            ll[p, a, q] = m.var()
            m.le([(ll[p, a, q], 1), (x[a, q], -1)], 0)
        m.eq([(ll[p, a, q], 1) for q in Q] + [(ya, -1)], 0)

    def left_leaf(p, q):
        return [(ll[p, a, q], 1) for a in range(p - 2, 0, -2) if (p, a, q) in ll]

    # Hard: non-redundancy and symmetry breaking ----------------------------------------------------
    for p in range(3, L):
        for q in zero:
            m.le(opr(p, ("add", "sub")) + [(x[p - 1, q], 1)], 1)
            m.le(opr(p, ("add", "sub")) + left_leaf(p, q), 1)
        for q in zero + one:
            m.le(opr(p, ("div",)) + [(x[p - 1, q], 1)], 1)
        for qa in consts:
            smaller = [qb for qb in consts if qb < qa]
            if smaller:
                m.le(opr(p, ("add", "mul")) + left_leaf(p, qa) + [(x[p - 1, qb], 1) for qb in smaller], 2)

    # Types -------------------------------------------------------------------------------------
    lt: dict = {}
    for p in range(1, L):
        for q in Q:
            for t, c in choice[q].items():
                lt[p, q, t] = m.var(cost=float(c), integer=True)
            m.eq([(lt[p, q, t], 1) for t in choice[q]] + [(x[p, q], -1)], 0)
    ot = {}
    for p in range(3, L):
        for t in all_types:
            ot[p, t] = m.var(integer=True)
        m.eq([(ot[p, t], 1) for t in all_types] + opr(p, coef=-1), 0)

    def ty(p, t, coef=1.0):
        terms = [(lt[p, q, t], coef) for q in Q if t in choice[q]]
        if p >= 3:
            terms.append((ot[p, t], coef))
        return terms

    # The left operand's type: g[p,a,t] = lc[p,a] * ty(a,t), lty(p,t) = sum_a g[p,a,t]
    g = {}
    for p in range(3, L + 1):
        for a in range(p - 2, 0, -2):
            for t in all_types:
                g[p, a, t] = m.var()
                m.le([(g[p, a, t], 1)] + ty(a, t, -1), 0)
            m.eq([(g[p, a, t], 1) for t in all_types] + [(lc[p, a], -1)], 0)

    def lty(p, t, coef=1.0):
        return [(g[p, a, t], coef) for a in range(p - 2, 0, -2)]

    for p in range(3, L):
        for t in all_types:
            m.le([(ot[p, t], 1)] + lty(p, t, -1) + ty(p - 1, t, -1), 0)
            m.le([(ot[p, t], 1)] + lty(p, t, -1) + opr(p, ("div",)), 1)
    if w["w_type"] > 0:
        for p in range(3, L + 1):
            vt = m.var(upper=highspy.kHighsInf, cost=float(w["w_type"]))
            s = {t: m.var() for t in all_types}  # both operands have type t
            for t in all_types:
                m.le([(s[t], 1)] + lty(p, t, -1), 0)
                m.le([(s[t], 1)] + ty(p - 1, t, -1), 0)
            same = [(s[t], 1) for t in all_types]
            if p == L:  # "=": vt >= 1 - same
                m.ge([(vt, 1)] + same, 1)
                continue
            m.ge([(vt, 1)] + same + opr(p, ("add", "sub"), -1), 0)
            for t in all_types:
                m.ge([(vt, 1)] + lty(p, t, -1) + ty(p - 1, t, -1) + opr(p, ("mul", "div"), -1), -2)

    # Soft: text order ------------------------------------------------------------------------------
    if w["w_text_order"] > 0:
        for q2, q1 in combinations(consts, 2):  # q1 > q2: q1 placed before q2 is an inversion
            inv = m.var(upper=highspy.kHighsInf, cost=float(w["w_text_order"]))
            used2 = [] if k == n else [(x[p, q2], 1) for p in range(1, L)]
            for p in range(1, L):
                before = [(x[i, q1], -1) for i in range(1, p + 1)] + [(x[i, q2], 1) for i in range(1, p + 1)]
                # inv >= B_p(q1) - B_p(q2) - (1 - used(q2))
                m.ge([(inv, 1)] + before + [(c, -v) for c, v in used2], -1 if used2 else 0)

    # Soft: unknown first or last, equality first or last, equality next to the unknown -----------
    if w["w_unknown_first_or_last"] > 0:
        v = m.var(upper=highspy.kHighsInf, cost=float(w["w_unknown_first_or_last"]))
        m.ge([(v, 1), (x[1, u], 1), (x[L - 1, u], 1)], 1)
    if w["w_equality_first_or_last"] > 0:
        v = m.var(upper=highspy.kHighsInf, cost=float(w["w_equality_first_or_last"]))
        m.ge([(v, 1), (lc[L, 1], 1)] + leaf(L - 1), 1)
    if w["w_equality_next_to_unknown"] > 0:
        v = m.var(upper=highspy.kHighsInf, cost=float(w["w_equality_next_to_unknown"]))
        m.ge([(v, 1), (x[L - 1, u], 1), (ll[L, 1, u], 1)], 1)

    # Soft: symmetry (W) -------------------------------------------------------------------------
    if w["w_symmetry"] > 0 and L >= 5:
        # f[p,q] = 1 iff the subtree at p holds a quantity <= q (f[p,n] = 1), so the first (least)
        # quantity of the subtree is q iff f[p,q] - f[p,q-1] = 1. The left operand's first quantity:
        # h[p,a,q] = lc[p,a] * (f[a,q] - f[a,q-1]); lf(p,q) = sum_a sum_{q' <= q} h[p,a,q'].
        qs_f = range(1, n)
        f = {(p, q): m.var() for p in range(1, L) for q in qs_f}

        def first_is(p, q, coef=1.0):  # f[p,q] - f[p,q-1] as terms and a constant
            terms, const = [], 0.0
            for c, sign in ((q, 1), (q - 1, -1)):
                if c >= n:
                    const += sign * coef
                elif c >= 1:
                    terms.append((f[p, c], sign * coef))
            return terms, const

        hh = {}
        for p in range(3, L):
            for a in range(p - 2, 0, -2):
                for q in Q:
                    hh[p, a, q] = m.var()
                    terms, const = first_is(a, q, -1)
                    m.le([(hh[p, a, q], 1)] + terms, -const)
                m.eq([(hh[p, a, q], 1) for q in Q] + [(lc[p, a], -1)], 0)

        def lf(p, q, coef=1.0):
            return [(hh[p, a, q2], coef) for a in range(p - 2, 0, -2) for q2 in range(1, q + 1)]

        def upto(p, q, coef=1.0):
            return [(x[p, q2], coef) for q2 in range(1, q + 1)]

        for p in range(1, L):
            for q in qs_f:
                m.ge([(f[p, q], 1)] + upto(p, q, -1), 0)
                m.le([(f[p, q], 1)] + upto(p, q, -1) + opr(p, coef=-1), 0)
                if q > 1:
                    m.ge([(f[p, q], 1), (f[p, q - 1], -1)], 0)
                if p < 3:
                    continue
                m.ge([(f[p, q], 1), (f[p - 1, q], -1)] + leaf(p), 0)
                m.ge([(f[p, q], 1)] + lf(p, q, -1), 0)
                m.le([(f[p, q], 1), (f[p - 1, q], -1)] + lf(p, q, -1) + upto(p, q, -1), 0)
        for p in range(3, L):
            vs = m.var(upper=highspy.kHighsInf, cost=float(w["w_symmetry"]))
            for q in qs_f:
                m.ge([(vs, 1), (f[p - 1, q], -1)] + lf(p, q) + opr(p, ("add", "mul"), -1), -1)

    return m, x, L


# ------------------------------------------------------------------------------------------------
# Ranking
# ------------------------------------------------------------------------------------------------
class _Timeout(Exception):
    pass


class _Ranker:
    """The trees with K leaves, cheapest first, one HiGHS solve (plus a no-good cut) per tree."""

    def __init__(self, quantities, w: dict, k: int) -> None:
        self.quantities, self.w = quantities, w
        model, self.x, self.L = _build(quantities, w, k)
        self.highs = model.to_highs()
        self.symbols = sorted({s for (_, s) in self.x}, key=str)
        self.done = False
        # The objective as a row, objective >= the cost of the last tree found (valid: that tree
        # was the cheapest left). Once a tree of that cost is found the solve is over at once.
        terms = [(j, c) for j, c in enumerate(model.cost) if c != 0]
        self.offset = model.offset
        self.bound_row = self.highs.getNumRow()
        self.highs.addRow(
            -highspy.kHighsInf, highspy.kHighsInf, len(terms), [j for j, _ in terms], [c for _, c in terms]
        )

    def next(self, deadline: float | None):
        if self.done:
            return None
        h = self.highs
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _Timeout
            h.setOptionValue("time_limit", remaining)
        h.run()
        status = h.getModelStatus()
        if status in (highspy.HighsModelStatus.kInfeasible, highspy.HighsModelStatus.kUnboundedOrInfeasible):
            self.done = True
            return None
        if status == highspy.HighsModelStatus.kTimeLimit:
            raise _Timeout
        if status != highspy.HighsModelStatus.kOptimal:
            raise RuntimeError(f"HiGHS stopped with {h.modelStatusToString(status)}")
        values = h.getSolution().col_value
        tokens, chosen = [], []
        for p in range(1, self.L):
            here = [s for s in self.symbols if (p, s) in self.x and values[self.x[p, s]] > 0.5]
            if len(here) != 1:
                raise RuntimeError(f"position {p} holds {here}")
            tokens.append(here[0])
            chosen.append(self.x[p, here[0]])
        tokens = tuple(tokens) + ("eq",)
        objective = h.getInfo().objective_function_value
        cost = round(objective)
        if abs(objective - cost) > 1e-3:
            raise RuntimeError(f"fractional objective {objective}")
        check = _evaluate(tokens, self.quantities, self.w)
        if check != cost:
            raise RuntimeError(f"{tokens}: MILP objective {cost}, evaluated cost {check}")
        # no-good cut: this sequence is excluded, every other one stays feasible
        h.addRow(-highspy.kHighsInf, float(len(chosen) - 1), len(chosen), chosen, [1.0] * len(chosen))
        h.changeRowBounds(self.bound_row, cost - self.offset, highspy.kHighsInf)
        return tokens, cost


def milp_ranked(
    quantities, settings: dict | None = None, limit: int = 100, time_limit_s: float | None = None
) -> tuple[list[tuple[tuple, int]], bool]:
    """Top `limit` trees as (postfix_tokens, cost) in nondecreasing cost; second value True when the
    time limit stopped it early (then the list holds what was found)."""
    w = _settings(settings)
    n = len(quantities)
    _unknown_index(quantities)
    deadline = None if time_limit_s is None else time.monotonic() + time_limit_s
    found: list[tuple[tuple, int]] = []
    if limit <= 0:
        return found, False
    sizes = range(2, n + 1) if w["allow_unused"] else [n]
    rankers: list[_Ranker] = []
    heap: list = []
    try:
        for i, k in enumerate(sizes):
            rankers.append(_Ranker(quantities, w, k))
            item = rankers[i].next(deadline)
            if item is not None:
                heapq.heappush(heap, (item[1], i, item[0]))
        while heap:
            cost, i, tokens = heapq.heappop(heap)
            found.append((tokens, cost))
            if len(found) >= limit:
                break
            item = rankers[i].next(deadline)
            if item is not None:
                heapq.heappush(heap, (item[1], i, item[0]))
    except _Timeout:
        return found, True
    return found, False
