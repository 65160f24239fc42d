"""The support-graph problem of ``encodings/support_graph.lp`` as a 0/1 integer program (SCIP).

TableILP (Khashabi et al., IJCAI 2016) stated its support graphs as an integer linear program and
solved it with SCIP. This module states the problem the ASP encoding states -- the same facts
(``pyasp.tables.ground``), the same ``#const`` weights and thresholds, the same objective to the
integer -- as a 0/1 program for ``pyscipopt``, solves it once per answer option (the option fixed
chosen) and, run as a script, compares optimum and time with clingo on a question file:

    python bench/support_graph_scip.py --tables examples/tables --questions examples/tables_questions.tsv

Formulation (option o fixed chosen; every clingo atom below is a 0/1 variable or the constant 0
when the facts leave it no way to be true)
-----------------------------------------------------------------------------------------------
Choices. ``qcell``/``qtitle`` for every candidate edge (raw score - offset >= its threshold) of a
  question constituent; ``ocell``/``otitle`` for the candidate edges of o's constituents;
  ``join`` for every ``chain`` (a candidate join between a row with a candidate question edge
  and a row with a candidate edge of option o); ``rel(H)`` for the pattern hits in
  the question or in o's text; ``rel_anywhere(L)`` for every relation.

Activity (exact ORs: y >= x_i for each source, y <= sum x_i). active_cell over the cell's edges
  (question, option, and both ends of a join), active_title over the header's edges,
  active_column / active_row / active_table over active cells / rows, active_qcons,
  active_ocons, option_column, option_table, and "(o, J) uses column C of T".

Hard constraints, one linear row each:
  * support: sum_e W_e x_e >= min_cell_support * active_cell (W_e: score after the offset, a
    join's minus w_join_penalty); the same for headers; active_title <= active_column;
  * sum_J active_ocons(o, J) >= 1; sum_Q active_qcons(Q) >= 1;
  * sum_C active_cell(T,R,C) >= min_row_cells * active_row(T,R); active_row <= the question and
    join edges of the row (row_linked);
  * row_on_path (a least fixpoint: rows reachable from a row with an option edge through chosen
    joins, in either direction) as a single-commodity flow: a source feeds every row that has an
    option edge (capacity M * its option edges), a chosen join carries up to M each way, every
    active row consumes 1 (M = the rows of the join graph). A flow exists iff every active row
    is connected to an option row by chosen joins, which is the fixpoint. Rows that no join
    touches: active_row <= the row's option edges;
  * parallel evidence: active_cell(T,R,C) >= active_row(T,R) + active_column(T,C) - 1 (the same
    as the encoding's pairwise rule: an active column has an active cell in some row);
  * joinable tables (a chain between them): active_table(T1) + active_table(T2) - 1 <= joins;
  * the #count bounds as sums (tables, joins, rows per table, edges per constituent, per cell, option
    columns per table, option tables, one column per option constituent and table);
    option_table(T) <= the question and join edges of T's rows;
  * proximity: qcell(Q1,c) + qcell(Q2,c) <= 1 for part_of pairs and for pairs of word
    constituents whose keyword gap is >= max_gap;
  * relations: active_column(T,C) <= sum of rel_anywhere(L) and rel(H) of the relations L
    on C (tables with relations); rel(H) <= active_column of both columns; rel(H) + edge <= 1
    for an edge on the wrong side.

Objective (maximised; equals -clingo's cost). Every weak constraint is a term coefficient * atom
  with the encoding's integer arithmetic (clingo's "/" truncates toward zero: ``cdiv``). Atoms
  that occur only in the objective are bounded on one side only, the side that the sign of
  their coefficient makes binding: a reward atom y (coefficient > 0) "count >= K" gets
  K * y <= count, a penalty atom count - (K-1) <= (n - K + 1) * y; an AND gets y <= a, y <= b
  for a reward and y >= a + b - 1 for a penalty; an OR y <= sum for a reward and y >= each for a
  penalty. The optimum is the same as with exact definitions. These atoms are q_reach, o_reach,
  j_reach, r_reach (an OR of the active rows whose relevance is at least S, or that a chosen join
  lends a relevance_pair of at least S), close_pair (with
  its shared-cell ANDs), which_aligned (an OR of the which-term's cell edges on cells that
  entail it, ``e_which``) and the idle-column penalty (active_table AND NOT active_column).
  ``against(L)`` (rel_anywhere(L) AND a question edge on the side a question hit of L forbids)
  is defined exactly.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ENCODING = ROOT / "encodings" / "support_graph.lp"


def cdiv(a: int, b: int) -> int:
    """clingo's integer division: the quotient truncated toward zero (``-7 / 2`` is -3)."""
    q = abs(a) // abs(b)
    return q if q == 0 or (a >= 0) == (b > 0) else -q


def constants(encoding: str | Path = ENCODING, overrides: dict[str, int] | None = None) -> dict[str, int]:
    """The encoding's integer ``#const`` values, with ``overrides`` applied (as clingo's -c)."""
    from pyasp.asp import parse_constants
    from pyasp.resources import encoding_path

    path = Path(encoding) if str(encoding).endswith(".lp") or "/" in str(encoding) else encoding_path(str(encoding))
    values: dict[str, int] = {}
    for name, (value, _) in parse_constants(path).items():
        try:
            values[name] = int(value)
        except ValueError:
            pass
    for name, value in (overrides or {}).items():
        values[name] = int(value)
    return values


def _unique(rows, what: str) -> dict:
    """key -> score from (key..., score) tuples; one score per key (as ground.py writes them)."""
    out: dict = {}
    for row in rows:
        key, w = tuple(row[:-1]), row[-1]
        if out.setdefault(key, w) != w:
            raise ValueError(f"{what}{key}: two scores ({out[key]} and {w}); the model assumes one")
    return out


class Instance:
    """The facts of one question, indexed, with the candidate edges the encoding derives."""

    def __init__(self, facts, consts: dict[str, int]):
        self.k = k = consts
        by: dict[str, set] = defaultdict(set)
        for f in facts:
            by[f[0]].add(tuple(f[1:]))
        off = k["offset"]
        self.options = sorted(o for (o,) in by["option"])
        self.ocons: dict = defaultdict(set)
        for o, j in by["ocons"]:
            self.ocons[o].add(j)
        self.qpos: dict = defaultdict(set)
        for q, p in by["qcons"]:
            self.qpos[q].add(p)
        self.weight: dict = defaultdict(set)  # weight/2
        for q, i in by["importance"]:
            self.weight[q].add(i)
        for q in self.qpos:
            if q not in self.weight:
                self.weight[q].add(1000)
        self.which = {q for (q,) in by["which"]}
        # which_aligned: a qcell of a which-term Q on a cell that entails Q by min_which
        self.which_cells = {(q, t, r, c) for (q, t, r, c, w) in by["e_which"] if w - off >= k["min_which"]}
        self.chunk = {q for (q,) in by["chunk"]}
        self.part_of = set(by["part_of"])
        self.tables: dict = defaultdict(set)  # T -> {S}
        for t, s in by["table"]:
            self.tables[t].add(s)
        self.columns: dict = defaultdict(set)  # (T, C) -> {N}
        for t, c, n in by["column"]:
            self.columns[(t, c)].add(n)
        self.cells = set(by["cell"])
        # candidate edges (c_*): score after the offset, at or above the threshold
        self.cq = {key: w - off for key, w in _unique(by["e_qcell"], "e_qcell").items() if w - off >= k["min_qcell"]}
        self.ctq = {key: w - off for key, w in _unique(by["e_qtitle"], "e_qtitle").items() if w - off >= k["min_qtitle"]}
        split = "_split" if by["split_options"] else ""  # min_ocell_now/2: split options, higher thresholds
        self.co = {key: w - off for key, w in _unique(by["e_ocell"], "e_ocell").items() if w - off >= k["min_ocell" + split]}
        self.cto = {key: w - off for key, w in _unique(by["e_otitle"], "e_otitle").items() if w - off >= k["min_otitle" + split]}
        self.cj = {key: w - off for key, w in _unique(by["e_join"], "e_join").items() if w - off >= k["min_join"]}
        self.q_row = {(t, r) for (_, t, r, _) in self.cq}
        self.relevance: dict = defaultdict(set)  # O -> {(T, R, S)}  (set below)
        for o, t, r, s in by["relevance"]:
            self.relevance[o].add((t, r, s))
        self.relevance_pair: dict = defaultdict(set)  # O -> {(T1, R1, T2, R2, S)}
        for o, t1, r1, t2, r2, s in by["relevance_pair"]:
            self.relevance_pair[o].add((t1, r1, t2, r2, s))
        self.order: dict = defaultdict(set)  # O -> {(T, R, S)}: the row's agreement with O's word order
        for o, t, r, s in by["order"]:
            self.order[o].add((t, r, s))
        self.graded: dict = defaultdict(set)  # G -> {(T, R)}: rows holding the graded word G
        for g, t, r in by["graded"]:
            self.graded[g].add((t, r))
        self.relations = set(by["relation"])  # (L, T, C1, C2, E)
        self.hits = set(by["hit"])  # (H, L, X)
        self.wrong_side = set(by["wrong_side"])  # (H, K, C)


class _Builder:
    """A pyscipopt model with a few helpers; ``None`` stands for a variable fixed at 0."""

    def __init__(self, name: str):
        from pyscipopt import Model

        self.m = Model(name)
        self.m.hideOutput()
        self.obj: list[tuple[int, object]] = []
        self.infeasible = False  # a constraint without variables that fails
        self.n = 0

    def binary(self, name: str):
        self.n += 1
        return self.m.addVar(f"{name}#{self.n}", vtype="B")

    def cont(self, name: str, ub: float):
        self.n += 1
        return self.m.addVar(f"{name}#{self.n}", vtype="C", lb=0.0, ub=ub)

    def cons(self, terms, sense: str, rhs: float) -> None:
        from pyscipopt import quicksum

        terms = [(c, v) for c, v in terms if v is not None and c != 0]
        if not terms:
            if not {"<=": 0 <= rhs, ">=": 0 >= rhs, "==": 0 == rhs}[sense]:
                self.infeasible = True
            return
        expr = quicksum(c * v for c, v in terms)
        self.m.addCons(expr <= rhs if sense == "<=" else expr >= rhs if sense == ">=" else expr == rhs)

    def or_(self, name: str, xs: list):
        """An exact OR of 0/1 variables (None when there are none, the variable itself for one)."""
        xs = _distinct(xs)
        if not xs:
            return None
        if len(xs) == 1:
            return xs[0]
        y = self.binary(name)
        for x in xs:
            self.cons([(1, y), (-1, x)], ">=", 0)
        self.cons([(1, y)] + [(-1, x) for x in xs], "<=", 0)
        return y

    def and_(self, name: str, x, y):
        """An exact AND of two 0/1 variables."""
        z = self.binary(name)
        self.cons([(1, z), (-1, x)], "<=", 0)
        self.cons([(1, z), (-1, y)], "<=", 0)
        self.cons([(1, z), (-1, x), (-1, y)], ">=", -1)
        return z

    def reward_or(self, name: str, coef: int, xs: list) -> None:
        """coef * OR(xs) in the objective, bounded on the binding side."""
        xs = _distinct(xs)
        if coef == 0 or not xs:
            return
        if len(xs) == 1:
            self.obj.append((coef, xs[0]))
            return
        y = self.binary(name)
        self.obj.append((coef, y))
        if coef > 0:
            self.cons([(1, y)] + [(-1, x) for x in xs], "<=", 0)
        else:
            for x in xs:
                self.cons([(1, y), (-1, x)], ">=", 0)

    def reward_count(self, name: str, coef: int, xs: list, k: int) -> None:
        """coef * [sum xs >= k] in the objective, bounded on the binding side."""
        xs = _distinct(xs)
        n = len(xs)
        if coef == 0 or n < k:
            return
        y = self.binary(name)
        self.obj.append((coef, y))
        if coef > 0:
            self.cons([(k, y)] + [(-1, x) for x in xs], "<=", 0)
        else:
            self.cons([(-(n - k + 1), y)] + [(1, x) for x in xs], "<=", k - 1)


def _distinct(xs: list) -> list:
    seen, out = set(), []
    for x in xs:
        if x is not None and id(x) not in seen:
            seen.add(id(x))
            out.append(x)
    return out


def _sits_in(b: _Builder, edges: dict, candidates, join: dict, tables: set, memo: dict) -> dict:
    """``q_in``/``o_in`` of the encoding for the cells of ``tables``: (K, T, C) -> the variables
    saying that constituent K sits in a cell of column C of table T: an edge to the cell, or an
    edge in a joined row whose join ends in the cell (AND of the join and the edge) when K has a
    candidate edge to that cell or its edge is the join's own cell."""
    sits: dict = defaultdict(list)
    for (kk, t, r, c), x in edges.items():
        if t in tables:
            sits[(kk, t, c)].append(x)
    for key, jx in join.items():
        for src, dst in ((key[:3], key[3:]), (key[3:], key[:3])):
            if dst[0] not in tables:
                continue
            for (kk, t, r, c), x in edges.items():
                if (t, r) == src[:2] and (c == src[2] or (kk, *dst) in candidates):
                    name = (kk, key, src)
                    if name not in memo:
                        memo[name] = b.and_(f"in{name}", jx, x)
                    sits[(kk, dst[0], dst[2])].append(memo[name])
    return sits


@dataclass
class Built:
    """A SCIP model of one option, with its choice variables (to read or fix a support graph)."""

    model: object
    option: str
    infeasible: bool
    choices: dict = field(default_factory=dict)  # (name, args) -> variable
    objective: list = field(default_factory=list)  # (integer coefficient, 0/1 variable)


def chain_for(inst: Instance, option: str) -> list:
    """The candidate joins of ``chain/6`` when ``option`` is chosen: between a row with a
    candidate question edge and a row with a candidate edge of that option."""
    o_row = {(t, r) for (o, _, t, r, _) in inst.co if o == option}
    return sorted(key for key in inst.cj
                  if ((key[0], key[1]) in inst.q_row and (key[3], key[4]) in o_row)
                  or ((key[0], key[1]) in o_row and (key[3], key[4]) in inst.q_row))


def build_model(inst: Instance, option: str) -> Built:
    """The 0/1 program of ``support_graph.lp`` with ``chosen(option)`` (see the module doc)."""
    from pyscipopt import quicksum

    k, o = inst.k, option
    b = _Builder(f"support_graph_{o}")
    pen = k["w_join_penalty"]

    # ---- choices ------------------------------------------------------------------------------
    qcell = {key: b.binary(f"qcell{key}") for key in inst.cq if key[0] in inst.qpos}
    qtitle = {key: b.binary(f"qtitle{key}") for key in inst.ctq if key[0] in inst.qpos}
    ocell = {key[1:]: b.binary(f"ocell{key}") for key in inst.co if key[0] == o and key[1] in inst.ocons[o]}
    otitle = {key[1:]: b.binary(f"otitle{key}") for key in inst.cto if key[0] == o and key[1] in inst.ocons[o]}
    chain = chain_for(inst, o)
    join = {key: b.binary(f"join{key}") for key in chain}
    ok_hits = {h for (h, _, x) in inst.hits if x == "q" or x == o}
    rel = {h: b.binary(f"rel({h})") for h in sorted(ok_hits)}
    rel_anywhere = {l: b.binary(f"rel_anywhere({l})") for l in sorted({r[0] for r in inst.relations})}

    # ---- activity -----------------------------------------------------------------------------
    cell_edges: dict = defaultdict(list)  # (T,R,C) -> [(W, var)]
    for (q, t, r, c), x in qcell.items():
        cell_edges[(t, r, c)].append((inst.cq[(q, t, r, c)], x))
    for (j, t, r, c), x in ocell.items():
        cell_edges[(t, r, c)].append((inst.co[(o, j, t, r, c)], x))
    for key, x in join.items():
        w = inst.cj[key] - pen
        cell_edges[key[:3]].append((w, x))
        cell_edges[key[3:]].append((w, x))
    title_edges: dict = defaultdict(list)
    for (q, t, c), x in qtitle.items():
        title_edges[(t, c)].append((inst.ctq[(q, t, c)], x))
    for (j, t, c), x in otitle.items():
        title_edges[(t, c)].append((inst.cto[(o, j, t, c)], x))

    active_cell = {cell: b.or_(f"active_cell{cell}", [x for _, x in edges]) for cell, edges in cell_edges.items()}
    active_title = {tc: b.or_(f"active_title{tc}", [x for _, x in edges]) for tc, edges in title_edges.items()}
    by_column, by_row = defaultdict(list), defaultdict(list)
    for (t, r, c), y in active_cell.items():
        by_column[(t, c)].append(y)
        by_row[(t, r)].append(y)
    active_column = {tc: b.or_(f"active_column{tc}", ys) for tc, ys in by_column.items()}
    active_row = {tr: b.or_(f"active_row{tr}", ys) for tr, ys in by_row.items()}
    by_table = defaultdict(list)
    for (t, r), y in active_row.items():
        by_table[t].append(y)
    active_table = {t: b.or_(f"active_table({t})", ys) for t, ys in by_table.items()}
    q_edges = defaultdict(list)  # Q -> [(key, var)] of its cell and header edges
    for key, x in qcell.items():
        q_edges[key[0]].append(x)
    for key, x in qtitle.items():
        q_edges[key[0]].append(x)
    active_qcons = {q: b.or_(f"active_qcons({q})", xs) for q, xs in q_edges.items()}
    o_edges = defaultdict(list)
    for key, x in ocell.items():
        o_edges[key[0]].append(x)
    for key, x in otitle.items():
        o_edges[key[0]].append(x)
    active_ocons = {j: b.or_(f"active_ocons({j})", xs) for j, xs in o_edges.items()}

    # ---- definitional constraints ---------------------------------------------------------------
    for cell, edges in cell_edges.items():
        b.cons([(w, x) for w, x in edges] + [(-k["min_cell_support"], active_cell[cell])], ">=", 0)
    for tc, edges in title_edges.items():
        b.cons([(w, x) for w, x in edges] + [(-k["min_title_support"], active_title[tc])], ">=", 0)
        b.cons([(1, active_title[tc]), (-1, active_column.get(tc))], "<=", 0)
    b.cons([(1, y) for y in active_ocons.values()], ">=", 1)
    b.cons([(1, y) for y in active_qcons.values()], ">=", 1)

    # ---- rows: two cells, linked to the question or a join, on a path to the option -----------
    linked = defaultdict(list)  # (T,R) -> question and join edges (row_linked)
    for (q, t, r, c), x in qcell.items():
        linked[(t, r)].append(x)
    for key, x in join.items():
        linked[key[0:2]].append(x)
        linked[key[3:5]].append(x)
    seeds = defaultdict(list)  # (T,R) -> the option's cell edges in the row
    for (j, t, r, c), x in ocell.items():
        seeds[(t, r)].append(x)
    for (t, r), y in active_row.items():
        b.cons([(1, ac) for ac in by_row[(t, r)]] + [(-k["min_row_cells"], y)], ">=", 0)
        b.cons([(1, y)] + [(-1, x) for x in linked[(t, r)]], "<=", 0)
    if k.get("option_paths", 1) == 1:
        graph_rows = sorted({key[0:2] for key in join} | {key[3:5] for key in join})
        for tr, y in active_row.items():
            if tr not in graph_rows:
                b.cons([(1, y)] + [(-1, x) for x in seeds[tr]], "<=", 0)
        if graph_rows:
            big = len(graph_rows)
            inflow = defaultdict(list)  # row -> [(coef, flow var)]
            for tr in graph_rows:
                if seeds[tr]:
                    s = b.cont(f"source{tr}", big)
                    b.cons([(1, s)] + [(-big, x) for x in seeds[tr]], "<=", 0)
                    inflow[tr].append((1, s))
            for key, x in join.items():
                a, z = key[0:2], key[3:5]
                for u, v in ((a, z), (z, a)):
                    f = b.cont(f"flow{u}{v}", big)
                    b.cons([(1, f), (-big, x)], "<=", 0)
                    inflow[v].append((1, f))
                    inflow[u].append((-1, f))
            for tr in graph_rows:
                b.cons(inflow[tr] + [(-1, active_row.get(tr))], "==", 0)

    # ---- parallel evidence, chaining -------------------------------------------------------------
    for t in active_table:
        rows = [r for (t2, r) in active_row if t2 == t]
        cols = [c for (t2, c) in active_column if t2 == t]
        if len(rows) < 2:
            continue
        for r in rows:
            for c in cols:
                b.cons([(1, active_row[(t, r)]), (1, active_column[(t, c)]), (-1, active_cell.get((t, r, c)))], "<=", 1)
    joins_between = defaultdict(list)
    for key, x in join.items():
        joins_between[(key[0], key[3])].append(x)
    for t1, t2 in sorted({(key[0], key[3]) for key in chain}):
        if t1 in active_table and t2 in active_table:
            b.cons([(1, active_table[t1]), (1, active_table[t2])] + [(-1, x) for x in joins_between[(t1, t2)]], "<=", 1)

    # ---- bounds -----------------------------------------------------------------------------
    b.cons([(1, y) for y in active_table.values()], "<=", k["max_tables"])
    b.cons([(1, x) for x in join.values()], "<=", k["max_joins"])
    for t in inst.tables:
        b.cons([(1, y) for (t2, _), y in active_row.items() if t2 == t], "<=", k["max_rows"])
    for q in inst.qpos:
        b.cons([(1, x) for x in q_edges[q]], "<=", k["max_qcons_edges"])
    for cell in inst.cells:
        b.cons([(1, x) for _, x in cell_edges.get(cell, [])], "<=", k["max_cell_edges"])

    # ---- the option's edges -------------------------------------------------------------------
    option_column_src, per_cons_column = defaultdict(list), defaultdict(list)
    for (j, t, r, c), x in ocell.items():
        option_column_src[(t, c)].append(x)
        per_cons_column[(j, t, c)].append(x)
    for (j, t, c), x in otitle.items():
        option_column_src[(t, c)].append(x)
        per_cons_column[(j, t, c)].append(x)
    option_column = {tc: b.or_(f"option_column{tc}", xs) for tc, xs in option_column_src.items()}
    by_option_table = defaultdict(list)
    for (t, c), y in option_column.items():
        by_option_table[t].append(y)
    option_table = {t: b.or_(f"option_table({t})", ys) for t, ys in by_option_table.items()}
    for t in inst.tables:
        b.cons([(1, y) for y in by_option_table.get(t, [])], "<=", k["max_option_columns"])
    b.cons([(1, y) for y in option_table.values()], "<=", k["max_option_tables"])
    for t, y in option_table.items():
        b.cons([(1, y)] + [(-1, x) for (t2, _), xs in linked.items() if t2 == t for x in xs], "<=", 0)
    uses = {jtc: b.or_(f"uses{jtc}", xs) for jtc, xs in per_cons_column.items()}
    for j in inst.ocons[o]:
        for t in inst.tables:
            b.cons([(1, y) for (j2, t2, _), y in uses.items() if (j2, t2) == (j, t)], "<=", 1)

    # ---- proximity ----------------------------------------------------------------------------
    cells_of = defaultdict(dict)  # Q -> {(T,R,C): var}
    for (q, t, r, c), x in qcell.items():
        cells_of[q][(t, r, c)] = x
    for q1, q2 in inst.part_of:
        for cell in cells_of[q1].keys() & cells_of[q2].keys():
            b.cons([(1, cells_of[q1][cell]), (1, cells_of[q2][cell])], "<=", 1)
    words = sorted(q for q in inst.qpos if q not in inst.chunk)
    for i, q1 in enumerate(words):
        for q2 in words[i + 1:]:
            gaps = {abs(p2 - p1) for p1 in inst.qpos[q1] for p2 in inst.qpos[q2]}
            shared = sorted(cells_of[q1].keys() & cells_of[q2].keys())
            if not shared:
                continue
            if any(d >= k["max_gap"] for d in gaps):
                for cell in shared:
                    b.cons([(1, cells_of[q1][cell]), (1, cells_of[q2][cell])], "<=", 1)
                continue  # no shared cell, so no close pair
            coefs = {-cdiv(-k["w_proximity"], d + 1) for d in gaps if d < k["max_gap"]} - {0}
            if not coefs:
                continue
            sh = []
            for cell in shared:
                x1, x2 = cells_of[q1][cell], cells_of[q2][cell]
                y = b.binary(f"shared({q1},{q2},{cell})")
                if any(c > 0 for c in coefs):
                    b.cons([(1, y), (-1, x1)], "<=", 0)
                    b.cons([(1, y), (-1, x2)], "<=", 0)
                if any(c < 0 for c in coefs):
                    b.cons([(1, y), (-1, x1), (-1, x2)], ">=", -1)
                sh.append(y)
            for coef in coefs:
                for kk in range(1, k["max_qcons_edges"] + 1):
                    b.reward_count(f"close_pair({q1},{q2},{kk},{coef})", coef, sh, kk)

    # ---- relations ----------------------------------------------------------------------------
    relation_tables = {r[1] for r in inst.relations}
    used_by = defaultdict(list)  # L -> rel_anywhere(L) and rel(H) of its hits (relation_used)
    for l, y in rel_anywhere.items():
        used_by[l].append(y)
    for h, l, _ in inst.hits:
        if h in rel:
            used_by[l].append(rel[h])
    related = defaultdict(list)  # (T,C) -> relation_used sources (column_related)
    for l, t, c1, c2, _ in inst.relations:
        related[(t, c1)] += used_by[l]
        related[(t, c2)] += used_by[l]
    for (t, c), y in active_column.items():
        if t in relation_tables:
            b.cons([(1, y)] + [(-1, x) for x in _distinct(related[(t, c)])], "<=", 0)
    in_memo: dict = {}
    q_in = _sits_in(b, qcell, inst.cq, join, relation_tables, in_memo)
    o_in = _sits_in(b, ocell, {key[1:] for key in inst.co if key[0] == o}, join, relation_tables, in_memo)
    for h, l, x_text in inst.hits:
        if h not in rel:
            continue
        for l2, t, c1, c2, _ in inst.relations:
            if l2 != l:
                continue
            b.cons([(1, rel[h]), (-1, active_column.get((t, c1)))], "<=", 0)
            b.cons([(1, rel[h]), (-1, active_column.get((t, c2)))], "<=", 0)
            for h2, kk, c in inst.wrong_side:
                if h2 != h:
                    continue
                if x_text == "q":
                    edges = q_in.get((kk, t, c), [])
                elif x_text == o:
                    edges = o_in.get((kk, t, c), [])
                else:
                    edges = []
                for x in edges:
                    b.cons([(1, rel[h]), (1, x)], "<=", 1)

    # ---- objective (maximised; each term is minus a weak constraint's weight) ---------------
    obj = b.obj
    for t, y in active_table.items():
        for c in {k["w_table_use"] - k["w_column"] - cdiv(s * k["w_table"], 1000) for s in inst.tables.get(t, ())}:
            obj.append((-c, y))
    for (t, c), ns in inst.columns.items():
        if t not in active_table:
            continue
        for cost in {cdiv(k["w_column"], n) for n in ns} - {0}:  # idle column: active_table AND NOT active_column
            coef, a = -cost, active_column.get((t, c))
            if a is None:
                obj.append((coef, active_table[t]))
                continue
            y = b.binary(f"idle_column({t},{c})")
            obj.append((coef, y))
            if coef < 0:
                b.cons([(1, y), (-1, active_table[t]), (1, a)], ">=", 0)
            else:
                b.cons([(1, y), (-1, active_table[t])], "<=", 0)
                b.cons([(1, y), (1, a)], "<=", 1)
    for y in active_row.values():
        obj.append((-k["w_row_use"], y))
    for t, r, sc in inst.order.get(o, ()):  # word order: a row against the option pays, in its order earns
        coef = -cdiv(-sc * k.get("w_order" if sc < 0 else "w_order_agree", 0), 1000)
        obj.append((coef, active_row.get((t, r))))
    for g in sorted(inst.graded):  # graded_reached(G): a row holding the graded word G carries an option edge
        b.reward_or(f"graded_reached({g})", k.get("w_graded", 0), [x for (j, t, r, c), x in ocell.items() if (t, r) in inst.graded[g]])
    for y in active_title.values():
        obj.append((k["w_title"], y))
    for q, y in active_qcons.items():
        for cost in {cdiv(-k["w_qcons"] * i, 1000) for i in inst.weight.get(q, ())}:
            obj.append((-cost, y))
    for y in active_ocons.values():
        obj.append((k["w_ocons"], y))
    for q in sorted(inst.which):
        edges = [x for key, x in qcell.items() if key[0] == q and key in inst.which_cells]
        b.reward_or(f"which_aligned({q})", k["w_which"], edges)
    for h, y in rel.items():
        obj.append((k["w_relation"], y))
    for l, y in rel_anywhere.items():
        kinds = {r[4] for r in inst.relations if r[0] == l}
        costs = set()
        if 0 in kinds:
            costs.add(-k["w_relation_none"])
        if 1 in kinds:
            costs.add(-k["w_relation_empty"])
        for cost in costs:
            obj.append((-cost, y))
        # against(L): used anywhere with a question constituent on the side a question hit forbids
        tables_of = {r[1] for r in inst.relations if r[0] == l and r[4] == 0}
        wrong = _distinct([x for h, hl, xt in inst.hits if hl == l and xt == "q"
                           for h2, kk, c in inst.wrong_side if h2 == h
                           for t2 in tables_of for x in q_in.get((kk, t2, c), [])])
        if wrong and k["w_relation_against"] != 0:
            z = b.binary(f"against({l})")  # exactly rel_anywhere(L) and some wrong-side edge
            b.cons([(1, z), (-1, y)], "<=", 0)
            b.cons([(1, z)] + [(-1, x) for x in wrong], "<=", 0)
            for x in wrong:
                b.cons([(1, z), (-1, y), (-1, x)], ">=", -1)
            obj.append((k["w_relation_against"], z))
    # q_reach: scores g = W * I / 1000 of a constituent's candidate edges, "K-th best >= g" steps
    g_edges = defaultdict(list)  # Q -> [(g, var or None)]
    for key, w in inst.cq.items():
        for i in inst.weight.get(key[0], ()):
            g_edges[key[0]].append((cdiv(w * i, 1000), qcell.get(key)))
    for key, w in inst.ctq.items():
        for i in inst.weight.get(key[0], ()):
            g_edges[key[0]].append((cdiv(w * i, 1000), qtitle.get(key)))
    for q, edges in g_edges.items():
        _steps(b, f"q_reach({q})", edges, k["max_qcons_edges"], positive_only=False)
    o_scored = defaultdict(list)
    for key, w in inst.co.items():
        if key[0] == o:
            o_scored[key[1]].append((w, ocell.get(key[1:])))
    for key, w in inst.cto.items():
        if key[0] == o:
            o_scored[key[1]].append((w, otitle.get(key[1:])))
    for j, edges in o_scored.items():
        _steps(b, f"o_reach({j})", edges, k["max_ocons_edges"], positive_only=False)
    # r_reach: the relevance_rows best active rows' relevance to o, in "the K-th best is at
    # least S" steps
    # (row_rel: a chosen join lends its lower-numbered row the pair's relevance_pair)
    r_scores = sorted({sc for (_, _, sc) in inst.relevance.get(o, ())} | {sc for *_, sc in inst.relevance_pair.get(o, ())})
    for sc in r_scores:
        v = max([u for u in r_scores if u < sc] + [0])
        reach: dict = defaultdict(list)  # (T, R) -> what makes the row count at this level
        for (t, r, u) in inst.relevance.get(o, ()):
            if u >= sc:
                reach[(t, r)].append(active_row.get((t, r)))
        for (t1, r1, t2, r2, u) in inst.relevance_pair.get(o, ()):
            if u >= sc:
                reach[(t1, r1)] += [x for key, x in join.items() if key[0:2] == (t1, r1) and key[3:5] == (t2, r2)]
        rows_at = [b.or_(f"row_rel{key}", [x for x in xs if x is not None]) for key, xs in sorted(reach.items())]
        coef = -cdiv((v - sc) * k.get("w_relevance", 0), 1000)
        b.reward_or(f"r_reach(1,{sc})", coef, rows_at)
        for kk in range(2, k.get("relevance_rows", 1) + 1):
            b.reward_count(f"r_reach({kk},{sc})", coef, [x for x in rows_at if x is not None], kk)
    j_scored = defaultdict(list)  # the lower-numbered table's cell of each chain
    for key in chain:
        j_scored[key[:3]].append((inst.cj[key] - pen, join.get(key)))
    for cell, edges in j_scored.items():
        _steps(b, f"j_reach{cell}", edges, k["max_cell_edges"], positive_only=True)
    for key, x in join.items():
        if inst.cj[key] < pen:
            obj.append((-(pen - inst.cj[key]), x))

    terms = [(c, v) for c, v in obj if c != 0 and v is not None]
    assert all(v.vtype() == "BINARY" for _, v in terms), "the objective holds 0/1 variables only"
    if terms:
        b.m.setObjective(quicksum(c * v for c, v in terms), "maximize")
    else:
        b.m.setMaximize()
    choices = {}
    for name, table in (("qcell", qcell), ("qtitle", qtitle), ("join", join), ("rel", rel), ("rel_anywhere", rel_anywhere)):
        for key, x in table.items():
            choices[(name, key if isinstance(key, tuple) else (key,))] = x
    for name, table in (("ocell", ocell), ("otitle", otitle)):
        for key, x in table.items():
            choices[(name, (o, *key))] = x
    return Built(b.m, o, b.infeasible, choices, terms)


def _steps(b: _Builder, name: str, edges: list, kmax: int, *, positive_only: bool) -> None:
    """The encoding's reward steps: for each distinct score W of an endpoint's candidate edges
    (V the next lower one, or 0), and K = 1..kmax, the weak constraint [V - W] holds when at
    least K chosen edges score >= W (the sum over W telescopes to the K-th best score).
    ``positive_only``: only scores W > 0 (j_reach)."""
    scores = sorted({w for w, _ in edges})
    for w in scores:
        if positive_only and w <= 0:
            continue
        v = max([u for u in scores if u < w] + [0])
        xs = [x for u, x in edges if u >= w]
        for kk in range(1, kmax + 1):
            b.reward_count(f"{name}[{kk},{w}]", w - v, xs, kk)


@dataclass
class ScipResult:
    status: str
    objective: int | None  # the optimum (the encoding's objective, = -clingo cost); None if infeasible
    build_s: float
    solve_s: float
    variables: int = 0
    constraints: int = 0


def solve_option(inst: Instance, option: str, *, time_limit_s: float | None = None) -> ScipResult:
    """Build and solve the program of one option."""
    start = time.perf_counter()
    built = build_model(inst, option)
    build_s = time.perf_counter() - start
    m = built.model
    size = (m.getNVars(), m.getNConss())  # of the model as built (before presolving)
    if built.infeasible:  # a constraint with no variable fails (e.g. the option has no candidate edge)
        return ScipResult("infeasible", None, build_s, 0.0, *size)
    if time_limit_s is not None:
        m.setParam("limits/time", time_limit_s)
    start = time.perf_counter()
    m.optimize()
    solve_s = time.perf_counter() - start
    status = m.getStatus()
    value = None
    if status == "optimal":
        # The optimum of the 0/1 solution SCIP found, its variables rounded: SCIP accepts a binary
        # within its feasibility tolerance (1e-6) of 0 or 1, so getObjVal() of an objective with
        # coefficients near 10^5 can be off by a few 1e-4 from the integer it stands for.
        raw = m.getObjVal()
        value = sum(c * round(m.getVal(v)) for c, v in built.objective)
        if abs(raw - value) > 1e-6 * max(1.0, sum(abs(c) for c, _ in built.objective)):
            raise AssertionError(f"option {option}: SCIP's optimum {raw} is not that of its rounded solution {value}")
    return ScipResult(status, value, build_s, solve_s, *size)


def scip_optima(grounded, extra_consts: dict[str, int] | None = None, *, encoding: str | Path = ENCODING,
                time_limit_s: float | None = None) -> dict[str, ScipResult]:
    """Every option's optimum of a :class:`pyasp.tables.ground.Grounded` (option letter as in
    the facts, lower case). ``extra_consts``: the solver's overrides, applied after the
    grounding's own (as TableSolver.program does)."""
    consts = constants(encoding, dict(extra_consts or {}))
    start = time.perf_counter()
    inst = Instance(grounded.facts, consts)
    prep = time.perf_counter() - start
    out = {}
    for o in inst.options:
        res = solve_option(inst, o, time_limit_s=time_limit_s)
        res.build_s += prep / max(1, len(inst.options))  # the shared indexing, spread over the options
        out[o] = res
    return out


def clingo_optima(solver, grounded, *, time_limit_s: float | None = None) -> tuple[dict[str, int | None], float, dict[str, float], set[str]]:
    """Every option's optimum with clingo: (optimum per option or None, grounding seconds,
    solve seconds per option, options cut by the time limit)."""
    from pyasp.asp import fact

    program = solver.program(grounded)
    start = time.perf_counter()
    program.ground()
    ground_s = time.perf_counter() - start
    optima, seconds, timed = {}, {}, set()
    for o in sorted({f[1] for f in grounded.facts if f[0] == "option"}):
        start = time.perf_counter()
        model, timed_out = program.best_model(assumptions=[(fact("chosen", o), True)], time_limit_s=time_limit_s)
        seconds[o] = time.perf_counter() - start
        optima[o] = None if model is None else -sum(model.cost)
        if timed_out:
            timed.add(o)
    return optima, ground_s, seconds, timed


def _warm_up() -> None:
    """Load both solvers' libraries before anything is timed (the first SCIP model pays for
    loading its plugins, the first clingo control for its own set-up)."""
    from pyscipopt import Model

    from pyasp.asp import Program

    m = Model()
    m.hideOutput()
    x = m.addVar(vtype="B")
    m.setObjective(x, "maximize")
    m.optimize()
    Program.from_text("{ a }. :~ a. [-1@0]").best_model()


def compare(solver, items, *, time_limit_s: float | None = None, progress=None) -> list[dict]:
    """Per question: clingo and SCIP optima of every option, their times, and whether they agree."""
    _warm_up()
    rows = []
    for item in items:
        question = solver.read(item.text)
        grounded = solver.ground(question)
        c_opt, ground_s, c_solve, timed = clingo_optima(solver, grounded, time_limit_s=time_limit_s)
        s_res = scip_optima(grounded, solver.consts, encoding=solver.encoding or ENCODING, time_limit_s=time_limit_s)
        options = []
        for o in sorted(c_opt):
            s = s_res[o]
            options.append({
                "option": o, "clingo": c_opt[o], "scip": s.objective, "equal": c_opt[o] == s.objective and o not in timed
                and s.status in ("optimal", "infeasible"),
                "clingo_timed_out": o in timed, "scip_status": s.status, "clingo_solve_s": round(c_solve[o], 6),
                "scip_build_s": round(s.build_s, 6), "scip_solve_s": round(s.solve_s, 6),
                "scip_vars": s.variables, "scip_conss": s.constraints,
            })
        row = {
            "id": item.id, "facts": len(grounded.facts), "options": options,
            "clingo_ground_s": round(ground_s, 6), "clingo_solve_s": round(sum(c_solve.values()), 6),
            "clingo_s": round(ground_s + sum(c_solve.values()), 6),
            "scip_build_s": round(sum(s.build_s for s in s_res.values()), 6),
            "scip_solve_s": round(sum(s.solve_s for s in s_res.values()), 6),
        }
        row["scip_s"] = round(row["scip_build_s"] + row["scip_solve_s"], 6)
        row["mismatches"] = [opt["option"] for opt in options if not opt["equal"]]
        rows.append(row)
        if progress:
            progress(row)
    return rows


def summary(rows: list[dict]) -> dict:
    options = [o for r in rows for o in r["options"]]
    clingo = [r["clingo_s"] for r in rows]
    scip = [r["scip_s"] for r in rows]
    total_c, total_s = sum(clingo), sum(scip)
    return {
        "questions": len(rows), "options": len(options), "equal": sum(o["equal"] for o in options),
        "mismatches": [f"{r['id']}:{o}" for r in rows for o in r["mismatches"]],
        "infeasible_options": sum(o["clingo"] is None for o in options),
        "clingo_total_s": round(total_c, 4), "scip_total_s": round(total_s, 4),
        "clingo_median_s": round(statistics.median(clingo), 4) if clingo else None,
        "scip_median_s": round(statistics.median(scip), 4) if scip else None,
        "clingo_ground_s": round(sum(r["clingo_ground_s"] for r in rows), 4),
        "clingo_solve_s": round(sum(r["clingo_solve_s"] for r in rows), 4),
        "scip_build_s": round(sum(r["scip_build_s"] for r in rows), 4),
        "scip_solve_s": round(sum(r["scip_solve_s"] for r in rows), 4),
        "scip_over_clingo": round(total_s / total_c, 3) if total_c else None,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", required=True, help="table store folder")
    parser.add_argument("--questions", required=True, help="questions file (Regents or WorldTree TSV)")
    parser.add_argument("--limit", type=int, default=None, help="first N questions")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per solve (each solver)")
    parser.add_argument("--json", default=None, help="write the per-question rows and the summary here")
    args = parser.parse_args(argv)

    from rich.console import Console
    from rich.table import Table

    from pyasp.tables.engine import TableSolver
    from pyasp.tables.evaluate import load_questions
    from pyasp.tables.store import load_store

    console = Console()
    solver = TableSolver(load_store(args.tables))
    items = load_questions(args.questions)[: args.limit]

    def progress(row):
        flag = "[red]MISMATCH " + ",".join(row["mismatches"]) + "[/red]" if row["mismatches"] else "ok"
        console.print(f"q{row['id']}: clingo {row['clingo_s']:.3f}s  scip {row['scip_s']:.3f}s  {flag}")

    rows = compare(solver, items, time_limit_s=args.time_limit, progress=progress)
    s = summary(rows)
    for r in rows:
        for o in r["options"]:
            if not o["equal"]:
                console.print(f"[red]question {r['id']} option {o['option']}: clingo {o['clingo']} "
                              f"(timed out: {o['clingo_timed_out']}), SCIP {o['scip']} ({o['scip_status']})[/red]")
    table = Table(title=f"support_graph.lp: clingo vs SCIP ({args.questions})")
    table.add_column("measure")
    table.add_column("clingo", justify="right")
    table.add_column("SCIP", justify="right")
    table.add_row("questions", str(s["questions"]), "")
    table.add_row("options solved", str(s["options"]), f"{s['infeasible_options']} without a support graph")
    table.add_row("equal optima", str(s["equal"]), "")
    table.add_row("mismatches", str(len(s["mismatches"])), " ".join(s["mismatches"][:10]))
    table.add_row("total s (ground/build + solve)", f"{s['clingo_total_s']:.3f}", f"{s['scip_total_s']:.3f}")
    table.add_row("  ground / build s", f"{s['clingo_ground_s']:.3f}", f"{s['scip_build_s']:.3f}")
    table.add_row("  solve s", f"{s['clingo_solve_s']:.3f}", f"{s['scip_solve_s']:.3f}")
    table.add_row("median s per question", f"{s['clingo_median_s']:.4f}", f"{s['scip_median_s']:.4f}")
    table.add_row("SCIP / clingo (total)", "", f"{s['scip_over_clingo']}")
    console.print(table)
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": s, "questions": rows}, indent=1) + "\n", encoding="utf-8")
    return 1 if s["mismatches"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
