"""clingo's search options for the support graphs: the shipped options against a baseline, same optima.

Every question is grounded once (untimed) and solved twice in one process, on the same facts: once with
``pyasp.tables.engine.CLINGO_OPTIONS`` (or ``--options``) and once with the baseline options
(``--baseline``, default: clingo's own defaults); the seconds are clingo's (grounding the
encoding and solving every option). Which run goes first alternates question by question, and a
busy machine slows both alike. Every option's best objective must agree; the script
reports total and median seconds of each run and their ratio, and exits 1 on a disagreement.

    python bench/tables_clingo_options.py --tables ../shared/data/tables/worldtree-v1/tables \\
        --questions ../shared/data/tables/regents/Regents-Gr04-NDMC-Train.tsv
    python bench/tables_clingo_options.py ... --options="--opt-strategy=usc" --limit 20   # "=": the value starts with --
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path


def run(solver, items, options: tuple[str, ...], baseline: tuple[str, ...], progress=None) -> list[dict]:
    """Per question: seconds with ``options`` and with ``baseline``, and whether the scores agree."""
    rows = []
    runs = [("options", options), ("baseline", baseline)]
    for k, item in enumerate(items):
        question = solver.read(item.text)
        grounded = solver.ground(question)  # once, untimed: both runs solve the same facts
        seconds, scores = {}, {}
        for name, opts in runs if k % 2 == 0 else runs[::-1]:  # who goes first alternates
            solver.clingo_options = opts
            solver.ground = lambda _question: grounded
            start = time.perf_counter()
            _, _, scores[name], _ = solver.solve_options(question)
            seconds[name] = time.perf_counter() - start
            del solver.ground
        row = {"id": item.id, "options_s": round(seconds["options"], 4), "baseline_s": round(seconds["baseline"], 4),
               "equal": scores["options"] == scores["baseline"], "scores": scores}
        rows.append(row)
        if progress:
            progress(row)
    return rows


def summary(rows: list[dict]) -> dict:
    shipped = [r["options_s"] for r in rows]
    baseline = [r["baseline_s"] for r in rows]
    return {"questions": len(rows), "disagreements": [r["id"] for r in rows if not r["equal"]],
            "options_total_s": round(sum(shipped), 2), "baseline_total_s": round(sum(baseline), 2),
            "options_median_s": round(statistics.median(shipped), 4), "baseline_median_s": round(statistics.median(baseline), 4),
            "options_max_s": round(max(shipped), 2), "baseline_max_s": round(max(baseline), 2),
            "baseline_over_options": round(sum(baseline) / sum(shipped), 3) if sum(shipped) else None,
            "faster_questions": sum(s < b for s, b in zip(shipped, baseline))}


def main(argv=None) -> int:
    from pyasp.tables.engine import CLINGO_OPTIONS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", required=True, help="table store folder")
    parser.add_argument("--questions", required=True, help="questions file (Regents or WorldTree TSV)")
    parser.add_argument("--category", default=None, help="WorldTree categories, e.g. Dev,Test")
    parser.add_argument("--options", default=" ".join(CLINGO_OPTIONS), help="clingo options measured (space-separated)")
    parser.add_argument("--baseline", default="", help="clingo options of the baseline (default: none, clingo's defaults)")
    parser.add_argument("--limit", type=int, default=None, help="first N questions")
    parser.add_argument("--json", default=None, help="write the per-question rows and the summary here")
    args = parser.parse_args(argv)

    from pyasp.tables.engine import TableSolver
    from pyasp.tables.evaluate import load_questions
    from pyasp.tables.store import load_store

    solver = TableSolver(load_store(args.tables))
    categories = set(args.category.split(",")) if args.category else None
    items = load_questions(args.questions, categories=categories)[: args.limit]
    solver.answer(items[0].text)  # load the model, WordNet and clingo before anything is timed

    def progress(row):
        print(f"{row['id']}: options {row['options_s']:.3f}s  baseline {row['baseline_s']:.3f}s"
              + ("" if row["equal"] else "  DISAGREE"), flush=True)

    rows = run(solver, items, tuple(args.options.split()), tuple(args.baseline.split()), progress)
    s = summary(rows)
    s["options"], s["baseline"] = args.options, args.baseline
    print(json.dumps(s, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": s, "questions": rows}, indent=1) + "\n", encoding="utf-8")
    return 1 if s["disagreements"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
