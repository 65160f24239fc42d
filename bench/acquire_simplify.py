"""The linear pass of acquire's simplification (``drop_entailed``) as shipped -- one HiGHS model,
warm-started from question to question -- against a baseline that solves each question afresh
with scipy's ``linprog`` (HiGHS too), in one run.

For each program (examples/acquire/NAME) it samples 25 solutions (seeded), learns at (s, p)
without simplification, and simplifies the learned program with each variant; both must drop the
same constraints (the script checks it). Seconds are medians over ``--repeat`` runs, and the
ratio is the baseline's to the shipped one's.

    python bench/acquire_simplify.py [--programs shipping nurse_roster] [--s 2] [--p 2] [--repeat 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pyasp.acquire as acquire  # noqa: E402
import pyasp.acquire.simplify as simplify  # noqa: E402
from pyasp.acquire.data import load_constants  # noqa: E402

PROGRAMS = ("shipping", "assignment", "diet", "capital_budgeting", "knapsack", "scheduling", "nurse_roster",
            "assignment2")


def fresh_linprog_pass(program, instance, kept, expanded, domains, alive_mask, late, deadline) -> None:
    """The baseline: the same questions, each a new scipy ``linprog`` over the alive rows."""
    from scipy.optimize import linprog
    from scipy.sparse import csr_matrix

    cells: dict = {}
    bounds: list[tuple] = []
    for decl in program.variables:
        for cell in simplify._cells(instance, decl.name):
            cells[(decl.name, cell)] = len(cells)
            bounds.append(decl.domain if decl.domain is not None else (None, None))
    instances = {j: [simplify._binary_powers_linear(i, domains) for i in expanded[j]] for j in range(len(kept))}
    order = sorted(range(len(kept)), key=lambda j: (simplify._complexity(kept[j]), j))
    owners, rows, columns, values, bounds_ub = [], [], [], [], []
    for j in order:
        for ineq in instances[j]:
            if not simplify._linear(ineq):
                continue
            for (cell,), coef in ineq.terms.items():
                rows.append(len(owners))
                columns.append(cells[cell])
                values.append(coef)
            owners.append(j)
            bounds_ub.append(ineq.bound)
    if not owners:
        return
    owner = np.asarray(owners)
    a_all = csr_matrix((values, (rows, columns)), shape=(len(owners), len(cells)), dtype=float)
    b_all = np.asarray(bounds_ub, dtype=float)
    for k in reversed(order):
        mine = instances[k]
        if not mine or not all(simplify._linear(i) for i in mine):
            continue
        use = alive_mask[owner] & (owner != k)
        if not use.any():
            continue
        implied = True
        for ineq in mine:
            objective = np.zeros(len(cells))
            for (cell,), coef in ineq.terms.items():
                objective[cells[cell]] -= coef
            res = linprog(objective, A_ub=a_all[use], b_ub=b_all[use], bounds=bounds, method="highs")
            if res.status != 0 or -res.fun > ineq.bound + 1e-7:
                implied = False
                break
        if implied:
            alive_mask[k] = False


def timed(program, instance, repeat: int, baseline: bool) -> tuple[float, list[str]]:
    shipped = simplify._linear_pass
    seconds, dropped = [], []
    try:
        if baseline:
            simplify._linear_pass = fresh_linprog_pass
        for _ in range(repeat):
            start = time.perf_counter()
            _, dropped = simplify.drop_entailed(program, instance)
            seconds.append(time.perf_counter() - start)
    finally:
        simplify._linear_pass = shipped
    return statistics.median(seconds), sorted(f"{program.text(c)}@{c.line}" for c in dropped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", nargs="+", default=list(PROGRAMS))
    parser.add_argument("--s", type=int, default=1)
    parser.add_argument("--p", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    results = []
    for name in args.programs:
        folder = ROOT / "examples" / "acquire" / name
        examples = acquire.solve(folder / "program.ip", folder / "constants.json", sample=25, seed=0).solutions
        learned = acquire.learn(examples, schema=folder / "program.ip", constants=folder / "constants.json",
                                s=args.s, p=args.p, simplify=False)
        program, _, _ = simplify.divide_scalar_factors(learned.program, load_constants(learned.program, folder / "constants.json"))
        instance = load_constants(program, folder / "constants.json")
        shipped_s, shipped_dropped = timed(program, instance, args.repeat, baseline=False)
        base_s, base_dropped = timed(program, instance, args.repeat, baseline=True)
        row = {"program": name, "s": args.s, "p": args.p, "constraints": len(program.constraints),
               "dropped": len(shipped_dropped), "same_drops": shipped_dropped == base_dropped,
               "warm_highspy_s": round(shipped_s, 3), "fresh_linprog_s": round(base_s, 3),
               "ratio": round(base_s / shipped_s, 2) if shipped_s else None}
        results.append(row)
        print(json.dumps(row), flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    if not all(r["same_drops"] for r in results):
        sys.exit("the variants dropped different constraints")


if __name__ == "__main__":
    main()
