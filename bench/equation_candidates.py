"""Benchmark: the top-100 equation trees of problems with 3 to 8 quantities, three ways.

    python bench/equation_candidates.py [--sizes 3 4 5 6 7 8] [--top 100] [--milp-limit 120]
                                        [--brute-limit 5] [--out bench/results/equation_candidates.json]

1. pyasp: ``encodings/equation_trees.lp`` ranked by clingo (``pyasp.asp.Program.ranked_models``),
   grounding included; also the whole ``generate_candidates`` call (answers solved, negative and
   fractional ones dropped, enumeration continued until 100 are kept), reported separately.
2. brute force: every tree enumerated in plain Python (``tests/oracle.py``), sorted by cost.
3. the paper's route: the same ILP in HiGHS (``bench/milp_equation_trees.py``), next-best trees by
   no-good cuts, with a time limit per problem (the paper gave CPLEX 30 s a problem).

All three run in this process, one after the other, on the same problems; the table gives
seconds and the ratios baseline / pyasp. The cost sequences of the top 100 must agree between
the methods that finished; a mismatch is printed and makes the exit code 1.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # milp_equation_trees
sys.path.insert(0, str(HERE.parent / "tests"))  # oracle (the brute-force enumerator)

from oracle import enumerate_trees  # noqa: E402

from pyasp.algebra.candidates import CLINGO_OPTIONS, generate_candidates  # noqa: E402
from pyasp.algebra.ground import tree_facts  # noqa: E402
from pyasp.algebra.quantities import quantities_from_json  # noqa: E402
from pyasp.algebra.trees import tree_from_model  # noqa: E402
from pyasp.asp import Program  # noqa: E402

VALUES = [17, 7, "x", 80, 12, 5, 3, 9]
TYPES = ["dollar", "dollar", "hour", "dollar", "hour", "dollar", "hour", "dollar"]


def problem(size: int):
    """The bike problem's quantities, extended with more numbers for larger sizes."""
    values = VALUES[:size] if size >= 3 else VALUES[:size]
    if "x" not in values:
        values = values[:-1] + ["x"]
    return quantities_from_json([{"value": v, "type": t} for v, t in zip(values, TYPES)])


def run_pyasp(qs, top):
    start = time.perf_counter()
    prog = Program("equation_trees", options=CLINGO_OPTIONS).add_facts(tree_facts(qs))
    ranked = [(t.postfix_tokens, t.cost) for t in (tree_from_model(m, qs) for m in prog.ranked_models(limit=top, project=[("at", 2)]))]
    return ranked, time.perf_counter() - start, prog.stats.as_dict()


def run_brute(qs, top):
    start = time.perf_counter()
    trees = enumerate_trees(qs)
    ranked = sorted(trees.items(), key=lambda kv: kv[1])[:top]
    return ranked, time.perf_counter() - start, len(trees)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 4, 5, 6, 7, 8])
    parser.add_argument("--top", type=int, default=100)
    parser.add_argument("--milp-limit", type=float, default=120.0, help="seconds per problem for the MILP route")
    parser.add_argument("--brute-limit", type=int, default=5, help="largest size the brute force is run on")
    parser.add_argument("--no-milp", action="store_true")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "equation_candidates.json")
    args = parser.parse_args(argv)

    if not args.no_milp:
        from milp_equation_trees import milp_ranked

    rows, ok = [], True
    header = f"{'n':>2} {'pyasp s':>9} {'+answers s':>10} {'brute s':>9} {'brute/pyasp':>11} {'MILP s':>9} {'MILP/pyasp':>10} {'MILP got':>8}"
    print(header)
    for size in args.sizes:
        qs = problem(size)
        ours, ours_s, stats = run_pyasp(qs, args.top)
        start = time.perf_counter()
        generate_candidates(qs, top=args.top)
        full_s = time.perf_counter() - start
        row = {"size": size, "top": args.top, "pyasp_s": ours_s, "pyasp_with_answers_s": full_s, "pyasp_stats": stats}
        our_costs = [c for _, c in ours]
        if size <= args.brute_limit:
            brute, brute_s, total = run_brute(qs, args.top)
            row.update(brute_s=brute_s, brute_ratio=brute_s / ours_s, trees=total)
            if [c for _, c in brute] != our_costs:
                print(f"  MISMATCH n={size}: brute-force costs differ from pyasp's")
                ok = False
        if not args.no_milp:
            start = time.perf_counter()
            milp, partial = milp_ranked(qs, limit=args.top, time_limit_s=args.milp_limit)
            milp_s = time.perf_counter() - start
            row.update(milp_s=milp_s, milp_ratio=milp_s / ours_s, milp_found=len(milp), milp_partial=partial)
            if [c for _, c in milp] != our_costs[: len(milp)]:
                print(f"  MISMATCH n={size}: MILP costs differ from pyasp's")
                ok = False
        rows.append(row)

        def fmt(key, spec):
            return format(row[key], spec) if key in row else "-"

        print(
            f"{size:>2} {ours_s:>9.4f} {full_s:>10.4f} {fmt('brute_s', '>9.3f')} {fmt('brute_ratio', '>11.1f')}"
            f" {fmt('milp_s', '>9.2f')} {('>=' if row.get('milp_partial') else '') + fmt('milp_ratio', '.1f'):>10} "
            f"{(str(row['milp_found']) + ('*' if row['milp_partial'] else '')) if 'milp_found' in row else '-':>8}"
        )
    print("(* = MILP stopped by its time limit before the top 100, so its ratio is a lower bound;")
    print(" ratios are baseline seconds / pyasp seconds for the same top 100)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps({"machine": platform.platform(), "python": platform.python_version(), "rows": rows, "costs_agree": ok}, indent=2)
    )
    print(f"wrote {args.out}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
