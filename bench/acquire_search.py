"""The learner's search (clingo, level by level, nogoods for violated candidates) against ablations
and against a plain Python enumerator of the same language, in one run.

For each benchmark program (examples/acquire/NAME) it samples 25 solutions (seeded), then learns
at each (s, p) with:

- ``clingo``: the learner as shipped (pruning inside the solver with the violated candidates of
  fewer than s terms -- all of them at s = 1 -- and canonical order of terms);
- ``clingo, all nogoods``: every violated candidate becomes a nogood, whatever its number of terms;
- ``clingo, no pruning``: every candidate is checked;
- ``clingo, no order``: terms in any order (a constraint comes once per permutation of its terms);
- ``python``: a plain Python enumerator of the same language (generate every candidate, check
  each with numpy), and ``python + pruning`` (skip the candidates that specialise a violated one,
  found by a Python scan of the violated list).

Every variant must return the same constraints (the script checks it). Each variant runs
``--repeat`` times (default 5, interleaved; more for short runs, until about a second was spent
on each) and its median is reported; seconds are ratios to the
shipped learner measured in the same run.

    python bench/acquire_search.py [--programs shipping knapsack assignment] [--grid 1,1 1,2 1,3 2,1 3,1] [--repeat 5] [--json out.json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyasp.acquire.data import make_instance  # noqa: E402
from pyasp.acquire.dsl import Constraint, Term, load_program  # noqa: E402
from pyasp.acquire.learn import Learner, TensorEvaluator, specializes, tensor_kinds  # noqa: E402
from pyasp.acquire.solve import solve  # noqa: E402


def python_language(schema, kinds, s, p, negation=True):
    """Every candidate, generated in Python (the language of encodings/ip_acquisition.lp)."""
    names = list(schema.tensor_names)
    variables = {t.name for t in schema.variables}
    terms = []
    for k in range(1, p + 1):
        for factors in itertools.combinations_with_replacement(names, k):
            idx = sorted({i for f in factors for i in schema.tensor(f).indices})
            for r in range(len(idx) + 1):
                for summed in itertools.combinations(idx, r):
                    terms.append(Term.of(factors, summed))
    signed = [("pos", t) for t in terms] + ([("neg", t) for t in terms] if negation else [])
    free = {t: frozenset(schema.free_indices(t)) for t in terms}
    rhs_options = [(z, g) for z in names for g in (False, True)] + [(0, False), (1, False), (1, True)]
    for m in range(0, s + 1):
        for combo in itertools.combinations_with_replacement(range(len(signed)), m):
            chosen = [signed[i] for i in combo]
            if len({free[t] for _, t in chosen}) > 1:
                continue
            pos = [t for g, t in chosen if g == "pos"]
            neg = [t for g, t in chosen if g == "neg"]
            if set(pos) & set(neg):
                continue  # a term added and subtracted: the candidate without both is in the language
            mentions = any(f in variables for _, t in chosen for f in t.factors)
            for z, negated in rhs_options:
                if not (mentions or z in variables):
                    continue
                if len(chosen) == 1 and isinstance(z, str) and chosen[0][1] == Term((z,)) and (chosen[0][0] == "neg") == negated:
                    continue
                yield Constraint.of(pos, neg, z, negated)


def weight(c, kinds, p):
    def w(t):
        goods = sum(kinds[f] == "good" for f in t.factors)
        bads = sum(kinds[f] == "bad" for f in t.factors)
        return 1 + goods + len(t.summed) + p - bads

    return sum(w(t) for t in c.pos) - sum(w(t) for t in c.neg)


def python_learn(schema, instance, rows, kinds, s, p, prune):
    evaluator = TensorEvaluator(instance, rows)
    candidates = sorted(python_language(schema, kinds, s, p), key=lambda c: weight(c, kinds, p))
    violated, kept, visited = [], [], 0
    by_rhs: dict = {}
    for c in candidates:
        key = (repr(c.rhs), c.rhs_negated)
        if prune and any(specializes(c, v, kinds) for v in by_rhs.get(key, ())):
            continue
        visited += 1
        if evaluator.holds(c):
            kept.append((c, weight(c, kinds, p)))
        else:
            violated.append(c)
            by_rhs.setdefault(key, []).append(c)
    learner = Learner()
    learner.kinds_ = kinds
    return learner._most_specific(kept), visited


def run(programs, grid, seed=0, python_limit=60000, repeat=5):
    rows_out = []
    for name in programs:
        folder = ROOT / "examples" / "acquire" / name
        program = load_program(folder / "program.ip")
        instance = make_instance(program, json.loads((folder / "constants.json").read_text()))
        schema = program.with_constraints(())
        rows = solve(program, instance, sample=25, seed=seed).solutions
        kinds = tensor_kinds(instance, rows)
        for s, p in grid:
            results = {}
            variants = {
                "clingo": dict(prune=True, canonical=True),
                "clingo, all nogoods": dict(prune=True, prune_terms=s, canonical=True),
                "clingo, no pruning": dict(prune=False, canonical=True),
                "clingo, no order": dict(prune=True, canonical=False),
                "clingo, neither": dict(prune=False, canonical=False),
            }
            times: dict = {label: [] for label in variants}
            # interleaved, so that a slow spell of the machine hits every variant; short runs are
            # repeated until each variant has had about a second (at most 10 x repeat runs)
            rounds = 0
            while rounds < repeat or (rounds < 10 * repeat and min(sum(v) for v in times.values()) < 1.0):
                rounds += 1
                for label, params in variants.items():
                    start = time.perf_counter()
                    learner = Learner(max_terms=s, max_factors=p, **params).fit(schema, instance, rows)
                    times[label].append(time.perf_counter() - start)
                    results[label] = (None, learner.result_.visited, set(learner.constraints_))
            for label in variants:
                results[label] = (statistics.median(times[label]),) + results[label][1:]
            size = sum(1 for _ in python_language(schema, kinds, s, p))
            if size <= python_limit:
                for label, prune in (("python", False), ("python + pruning", True)):
                    spent = []
                    for _ in range(repeat):
                        start = time.perf_counter()
                        learned, visited = python_learn(schema, instance, rows, kinds, s, p, prune)
                        spent.append(time.perf_counter() - start)
                    results[label] = (statistics.median(spent), visited, set(learned))
            base_seconds, _, base_set = results["clingo"]
            for label, (seconds, visited, learned) in results.items():
                rows_out.append({
                    "program": name, "s": s, "p": p, "variant": label, "seconds": round(seconds, 4),
                    "ratio": round(seconds / base_seconds, 2), "visited": visited, "learned": len(learned),
                    "same_result": learned == base_set, "language": size,
                })
    return rows_out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", nargs="+", default=["shipping", "knapsack", "assignment"])
    parser.add_argument("--grid", nargs="+", default=["1,1", "1,2", "1,3", "2,1", "3,1"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5, help="runs per variant; the median is reported")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    grid = [tuple(int(v) for v in item.split(",")) for item in args.grid]
    rows = run(args.programs, grid, args.seed, repeat=args.repeat)
    header = f"{'program':12} {'s,p':5} {'variant':20} {'seconds':>8} {'ratio':>7} {'visited':>8} {'learned':>8} same"
    print(header)
    for r in rows:
        print(f"{r['program']:12} {r['s']},{r['p']:<3} {r['variant']:20} {r['seconds']:8.3f} {r['ratio']:7.2f} "
              f"{r['visited']:8d} {r['learned']:8d} {r['same_result']}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    if not all(r["same_result"] for r in rows):
        sys.exit("variants disagree on the learned constraints")


if __name__ == "__main__":
    main()
