"""Ground: quantities -> the ASP facts that ``encodings/equation_trees.lp`` reads.

Facts only, no logic: every decision about trees is the encoding's.
"""

from __future__ import annotations

import clingo

from ..asp import fact
from .quantities import FRACTION, Quantity

#: Type weights are written as integers in 0..TYPE_WEIGHT_SCALE, relative to the likeliest type.
TYPE_WEIGHT_SCALE = 1000


def tree_facts(quantities: list[Quantity]) -> list[clingo.Symbol]:
    """``quantity/1``, ``unknown/1``, ``zero/1``, ``one/1``, ``type_option/3``, ``relevance/2``, ``related/2``,
    ``rate_per/2``, ``side/2``, ``operation/2``, ``whole/2``, ``dimensionless/1``, ``asked_operation/1``,
    ``irrelevant/1`` and ``result/1`` facts."""
    facts = []
    links = sorted({(t, other) for q in quantities for t, _ in q.types for other in q.links if other != t})
    facts.extend(fact("related", a, b) for a, b in links)
    if any(t == FRACTION for q in quantities for t, _ in q.types):
        facts.append(fact("dimensionless", FRACTION))
    for index, q in enumerate(quantities, start=1):
        facts.append(fact("quantity", index))
        if q.is_unknown:
            facts.append(fact("unknown", index))
        elif q.value == 0:
            facts.append(fact("zero", index))
        elif q.value == 1:
            facts.append(fact("one", index))
        if not q.is_unknown and q.relevance < 1:
            facts.append(fact("relevance", index, round(TYPE_WEIGHT_SCALE * max(0.0, q.relevance))))
        if q.side:
            facts.append(fact("side", index, q.side))
        if q.operation:
            facts.append(fact("operation", index, q.operation))
        if q.asks and q.is_unknown:
            facts.append(fact("asked_operation", q.asks))
        if q.irrelevant and not q.is_unknown:
            facts.append(fact("irrelevant", index))
        if q.result:
            facts.append(fact("result", index))
        if q.whole and not q.is_unknown:
            facts.append(fact("whole", index, q.whole))
        if q.per and not q.is_unknown:
            facts.append(fact("rate_per", index, q.per))
        best = max(weight for _, weight in q.types)
        for name, weight in q.types:
            facts.append(fact("type_option", index, name, round(TYPE_WEIGHT_SCALE * weight / best)))
    return facts
