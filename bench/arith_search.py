"""Benchmark: the declarative-rules search with the paper's beam (1000 per set of numbers)
against an exhaustive search (no beam), with the shipped model.

    PYASP_DATA=../shared/data python bench/arith_search.py [--ids cogcomp/perturb/old.txt]
        [--limit 300] [--model default] [--out bench/results/arith_search.json]

For each problem (AllArith by default, the first ``--limit``), prepared once (parse, properties,
clingo applicability, features), in this process: the best expression with ``beam=1000`` and
with an unbounded beam (every combination of every pair of sub-expressions is kept), timed one
after the other. Prints the median and total seconds, the ratio beam / exhaustive, and how
often the two pick an expression with the same value; writes everything as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

from pyasp.arith.evaluate import prepare_many, read_ids, select
from pyasp.arith.knowledge import load_knowledge
from pyasp.arith.solver import load_model
from pyasp.wordproblems import is_correct, load_dataset


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data_root = Path(os.environ.get("PYASP_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
    cogcomp = data_root / "wordproblems" / "cogcomp"
    parser.add_argument("--data", default=str(cogcomp / "questions.json"))
    parser.add_argument("--ids", default=str(cogcomp / "perturb" / "old.txt"))
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--model", default="default")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent / "results" / "arith_search.json"))
    args = parser.parse_args()

    problems, _ = load_dataset(args.data)
    problems = [problems[i] for i in select(problems, read_ids(args.ids), args.ids)][: args.limit]
    model = load_model(args.model)
    prepared = prepare_many(problems, load_knowledge())

    rows = []
    for problem, p in zip(problems, prepared):
        if len(p.values) < 2:
            continue
        model.beam = 1000
        start = time.perf_counter()
        beam = model.best(p)
        t_beam = time.perf_counter() - start
        model.beam = 10**9
        start = time.perf_counter()
        full = model.best(p)
        t_full = time.perf_counter() - start
        value = lambda found: float(found[0][1].value) if found else None  # noqa: E731
        rows.append({"id": problem.id, "numbers": len(p.values), "beam_s": t_beam, "exhaustive_s": t_full,
                     "same": value(beam) == value(full), "beam_correct": is_correct(value(beam), problem.solutions),
                     "exhaustive_correct": is_correct(value(full), problem.solutions)})

    total_beam, total_full = sum(r["beam_s"] for r in rows), sum(r["exhaustive_s"] for r in rows)
    summary = {
        "problems": len(rows),
        "median_beam_s": statistics.median(r["beam_s"] for r in rows),
        "median_exhaustive_s": statistics.median(r["exhaustive_s"] for r in rows),
        "total_beam_s": total_beam,
        "total_exhaustive_s": total_full,
        "ratio_beam_over_exhaustive": total_beam / total_full if total_full else None,
        "same_answer": sum(r["same"] for r in rows) / len(rows),
        "beam_accuracy": sum(r["beam_correct"] for r in rows) / len(rows),
        "exhaustive_accuracy": sum(r["exhaustive_correct"] for r in rows) / len(rows),
        "by_numbers": {n: {"problems": sum(r["numbers"] == n for r in rows),
                           "beam_s": sum(r["beam_s"] for r in rows if r["numbers"] == n),
                           "exhaustive_s": sum(r["exhaustive_s"] for r in rows if r["numbers"] == n)}
                       for n in sorted({r["numbers"] for r in rows})},
        "machine": platform.platform(),
    }
    print(json.dumps(summary, indent=1))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
