"""Benchmark: seconds per problem of `pyasp algebra solve`, against candidate generation alone.

    PYASP_DATA=../shared/data python bench/algebra_solve.py [--data singleeq/questions.json]
        [--limit 100] [--model default] [--out bench/results/algebra_solve.json]

For each problem (the first ``--limit`` of the file), in this process, one after the other:

1. solve: the whole pipeline of ``solve_text`` -- spaCy parse, Qsets, ASP candidates (clingo),
   features, local and global scores -- with the model already loaded (the parse cache is not
   used: every problem is parsed);
2. baseline: ``generate_candidates`` alone on the same problem's quantities (the clingo part).

It prints the medians and the ratio solve / baseline, and writes everything as JSON. The spaCy
pipeline and WordNet are loaded before timing starts (once per process in real use too).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

from pyasp.algebra.candidates import generate_candidates
from pyasp.algebra.engine import problem_quantities
from pyasp.algebra.qsets import ground_problem
from pyasp.algebra.solver import load_model, solve_text
from pyasp.errors import PyaspError
from pyasp.text.lexical import lin_similarity
from pyasp.text.reading import read
from pyasp.wordproblems import load_dataset


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data_root = Path(os.environ.get("PYASP_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
    parser.add_argument("--data", default=str(data_root / "wordproblems" / "singleeq" / "questions.json"))
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--model", default="default")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent / "results" / "algebra_solve.json"))
    args = parser.parse_args()

    problems, _ = load_dataset(args.data, skip_bad=True)
    problems = problems[: args.limit]
    model = load_model(args.model)
    read("Warm up: Tom has 3 apples. How many apples?")
    lin_similarity("have", "give")
    settings = {**dict(model.settings.weights), "tie_break": 0, "allow_unused": model.settings.allow_unused}

    rows = []
    for problem in problems:
        start = time.perf_counter()
        try:
            solution = solve_text(problem.text, model)
            answer, candidates = solution.answer, len(solution.prepared.candidates)
        except PyaspError:
            answer, candidates = None, 0
        solve_s = time.perf_counter() - start
        try:
            quantities = problem_quantities(ground_problem(read(problem.text), reorder=set(model.settings.reorder)),
                                            model.settings.fallback_type_weight)
            start = time.perf_counter()
            generate_candidates(quantities, top=model.settings.top, settings=settings, time_limit_s=model.settings.time_limit_s)
            baseline_s = time.perf_counter() - start
        except PyaspError:
            baseline_s = None
        rows.append({"id": problem.id, "solve_s": solve_s, "candidates_s": baseline_s, "candidates": candidates,
                     "answer": answer})

    timed = [r for r in rows if r["candidates_s"] is not None]
    summary = {
        "problems": len(rows),
        "median_solve_s": statistics.median(r["solve_s"] for r in timed),
        "median_candidates_s": statistics.median(r["candidates_s"] for r in timed),
        "median_ratio_solve_over_candidates": statistics.median(r["solve_s"] / r["candidates_s"] for r in timed),
        "total_solve_s": sum(r["solve_s"] for r in rows),
    }
    print(f"{'problems':>10} {'median solve s':>15} {'median candidates s':>20} {'ratio':>7}")
    print(f"{summary['problems']:>10} {summary['median_solve_s']:>15.3f} {summary['median_candidates_s']:>20.3f} "
          f"{summary['median_ratio_solve_over_candidates']:>7.2f}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"machine": platform.platform(), "python": platform.python_version(),
                               "data": Path(args.data).name, "summary": summary, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
