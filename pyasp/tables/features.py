"""The terms of the support-graph objective, read back from one option's best model.

``encodings/support_graph.lp`` maximises a weighted sum of terms: alignment-edge scores, active
tables, rows, idle columns, headers, aligned constituents, proximity pairs, which-terms, relation
hits, the relevance of the best rows, the active rows' agreement with the option's word order and
the joins' scores less their penalty. :func:`option_features` returns each term of an option's
best support graph *unweighted* (in units of the encoding's weights, real numbers, not scaled),
so that weights can be fitted to them (``bench/tables_fit.py``) and written back as the
encoding's ``#const`` defaults. ``objective(features, weights)`` recomputes the objective; the
tests check that it equals clingo's optimum.
"""

from __future__ import annotations

from collections import defaultdict

from ..asp import Model
from .ground import SCALE, Grounded

#: term name -> the #const that weighs it (None: weight 1, the edge scores themselves)
TERMS = {
    "q_edges": "w_qedge", "o_edges": "w_oedge", "table_score": "w_table", "tables": "w_table_use",
    "rows": "w_row_use", "columns": "w_column", "titles": "w_title", "qcons": "w_qcons", "ocons": "w_ocons",
    "proximity": "w_proximity", "which": "w_which", "relations": "w_relation", "relevance": "w_relevance",
    "ir": "w_ir", "relations_none": "w_relation_none", "relations_empty": "w_relation_empty",
    "relations_against": "w_relation_against", "order": "w_order", "order_agree": "w_order_agree", "graded": "w_graded", "joins": None,
}
#: the sign each term enters the objective with (penalties are paid)
SIGN = {"tables": -1, "rows": -1}


def _index(facts):
    by = defaultdict(dict)
    for f in facts:
        name, args = f[0], f[1:]
        if name in ("e_qcell", "e_qtitle", "e_ocell", "e_otitle", "e_which", "relevance", "relevance_pair", "importance", "table", "option_ir", "e_join", "order"):
            by[name][tuple(str(a) if isinstance(a, str) else a for a in args[:-1])] = args[-1]
        elif name in ("column", "qcons"):
            by[name][args[:-1]] = args[-1]
        else:
            by[name][args] = True
    return by


def _args(atom_args):
    return tuple(str(a) if not isinstance(a, int) else a for a in atom_args)


def option_features(grounded: Grounded, model: Model | None, letter: str, ir_score: float | None = None,
                    consts: dict[str, int] | None = None) -> dict[str, float]:
    """The unweighted objective terms of ``model`` (the best support graph of option ``letter``),
    plus ``has_graph``; all zero when the option has no support graph."""
    from .ground import integer_consts

    limits = {**integer_consts(None), **(consts or {})}
    offset = limits.get("offset", 100)
    f = {name: 0.0 for name in TERMS}
    f["has_graph"] = 0.0
    facts = _index(grounded.facts)
    o = letter.lower()
    if "option_ir" in facts:
        f["ir"] = facts["option_ir"].get((o,), 0) / SCALE
    elif ir_score is not None:
        f["ir"] = ir_score
    if model is None:
        return f
    f["has_graph"] = 1.0
    imp = lambda q: facts["importance"].get((q,), SCALE) / SCALE  # noqa: E731
    qcell = [_args(a) for a in model.atoms("qcell", 4)]
    qtitle = [_args(a) for a in model.atoms("qtitle", 3)]
    ocell = [_args(a) for a in model.atoms("ocell", 5)]
    otitle = [_args(a) for a in model.atoms("otitle", 4)]
    rows = [_args(a) for a in model.atoms("active_row", 2)]
    f["q_edges"] = (sum((facts["e_qcell"][a] - offset) * imp(a[0]) for a in qcell)
                    + sum((facts["e_qtitle"][a] - offset) * imp(a[0]) for a in qtitle)) / SCALE
    f["o_edges"] = (sum(facts["e_ocell"][a] - offset for a in ocell) + sum(facts["e_otitle"][a] - offset for a in otitle)) / SCALE
    tables = {t for t, _ in rows}
    f["tables"] = len(tables)
    f["table_score"] = sum(facts["table"][(t,)] for t in tables) / SCALE
    f["rows"] = len(rows)
    joins = [_args(a) for a in model.atoms("join", 6)]
    active_columns = ({(a[1], a[3]) for a in qcell} | {(a[2], a[4]) for a in ocell}
                      | {(a[0], a[2]) for a in joins} | {(a[3], a[5]) for a in joins})
    # the column reward: w_column per active table, less w_column / N per idle column
    f["columns"] = len(tables) - sum(1 / n for (t, c), n in facts["column"].items() if t in tables and (t, c) not in active_columns)
    f["titles"] = len({(a[1], a[2]) for a in qtitle} | {(a[2], a[3]) for a in otitle})
    f["qcons"] = sum(imp(q) for q in {a[0] for a in qcell} | {a[0] for a in qtitle})
    f["ocons"] = len({a[1] for a in ocell} | {a[1] for a in otitle})
    position = {q: p for (q,), p in facts["qcons"].items()}
    chunks = {q for (q,) in facts.get("chunk", {})}
    max_gap = limits.get("max_gap", 4)
    on_cell = defaultdict(set)
    for q, t, r, c in qcell:
        on_cell[(t, r, c)].add(q)
    pairs = defaultdict(int)
    for qs in on_cell.values():
        for q1 in qs:
            for q2 in qs:
                if q1 < q2 and q1 not in chunks and q2 not in chunks:
                    pairs[(q1, q2)] += 1
    for (q1, q2), k in pairs.items():
        d = abs(position[q2] - position[q1])
        if d < max_gap:
            f["proximity"] += min(k, limits.get("max_qcons_edges", 2)) / (d + 1)
    which = {q for (q,) in facts.get("which", {})}
    min_which = limits.get("min_which", 600)
    f["which"] = len({a[0] for a in qcell if a[0] in which and facts["e_which"].get(a, -10**9) - offset >= min_which})
    f["relations"] = len(model.atoms("rel", 1))
    empty = {number: e for (number, _t, _c1, _c2, e) in facts.get("relation", {})}
    anywhere = [empty.get(number, 0) for (number,) in model.atoms("rel_anywhere", 1)]
    f["relations_none"] = float(anywhere.count(0))  # used without a pattern of it in the text
    f["relations_empty"] = float(anywhere.count(1))  # ... where the relation has the free pattern "X Y"
    f["relations_against"] = float(len(model.atoms("against", 1)))  # read against the question's pattern
    # joins: each cell of the lower-numbered table earns its best max_cell_edges joins above the
    # penalty; a join scoring below the penalty costs the difference
    penalty = limits.get("w_join_penalty", 100)
    by_cell = defaultdict(list)
    for key in joins:
        w = facts["e_join"][key] - offset
        if w > penalty:
            by_cell[key[:3]].append(w - penalty)
        elif w < penalty:
            f["joins"] -= (penalty - w) / SCALE
    f["joins"] += sum(sum(sorted(ws, reverse=True)[: limits.get("max_cell_edges", 2)]) for ws in by_cell.values()) / SCALE
    own = {(t, r): facts["relevance"].get((o, t, r), 0) for t, r in rows}
    for t1, r1, _, t2, r2, _ in joins:  # a join lends its pair's relevance
        own[(t1, r1)] = max(own.get((t1, r1), 0), facts["relevance_pair"].get((o, t1, r1, t2, r2), 0))
    order = [facts["order"].get((o, t, r), 0) / SCALE for t, r in rows]
    f["order"] = sum(s for s in order if s < 0)  # rows read against the option's word order (paid)
    f["order_agree"] = sum(s for s in order if s > 0)  # ... in its order (earned)
    option_rows = {(a[2], a[3]) for a in ocell}
    f["graded"] = float(len({g for (g, t, r) in facts.get("graded", {}) if (t, r) in option_rows}))  # graded words reached
    best = sorted(own.values(), reverse=True)
    f["relevance"] = sum(best[: limits.get("relevance_rows", 1)]) / SCALE
    return f


def objective(features: dict[str, float], weights: dict[str, float]) -> float:
    """The objective of a support graph from its terms and real weights."""
    total = 0.0
    for name, const in TERMS.items():
        total += SIGN.get(name, 1) * weights.get(const, 1.0) * features[name]
    return total
