"""Tune the support-graph solver on the clean WorldTree tuning set (never on held-out questions).

The tuning set is built by :func:`pyasp.tables.tuning.tuning_set`: WorldTree Train questions with
text, minus every NYSEDREGENTS question and every question whose text (or stem) matches a held-out
question. Two modes:

- ``grid``: accuracy of the solver for each setting (``--const NAME=V1,V2,...`` grids, one
  constant at a time, the others at their defaults; ``--max-rows``, ``--question-score``);
- ``features``: every option's support-graph components (the terms of the objective) written as
  JSON, to fit the component weights (``bench/tables_fit.py``).

    python bench/tables_tune.py grid --tables ../shared/data/tables/worldtree-v1/tables \\
        --worldtree ../shared/data/tables/worldtree-v1/questionsAndExplanations.tsv \\
        --held-out ../shared/data/tables/regents/Regents-Gr04-NDMC-Train.tsv --const w_relevance=40000,80000
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from pyasp.tables import ground as ground_module
from pyasp.tables.engine import TableSolver
from pyasp.tables.evaluate import evaluate, load_questions
from pyasp.tables.features import option_features
from pyasp.tables.ir import IRSolver
from pyasp.tables.store import load_store
from pyasp.tables.text import Scores
from pyasp.tables.tuning import tuning_set


def items_of(args):
    if args.questions:
        return load_questions(args.questions)
    items = tuning_set(args.worldtree, args.held_out)
    if args.limit:
        items = items[: args.limit]
    return items


def grid(args, store, items):
    settings: list[tuple[str, dict]] = [("defaults", {})]
    for spec in args.const or []:
        name, _, values = spec.partition("=")
        settings += [(f"{name}={v}", {name: int(v)}) for v in values.split(",")]
    out = []
    for label, consts in settings:
        solver = TableSolver(store, max_rows=args.max_rows, max_tables=args.max_tables, consts=consts or None, ranking=args.ranking, scores=Scores(derivation=args.derivation), retrieval_words=args.retrieval_words,
                             time_limit_s=args.time_limit)
        start = time.perf_counter()
        result = evaluate(solver, items)
        out.append({"setting": label, "accuracy": result.accuracy, "correct": result.correct, "n": result.n,
                    "median_s": result.median_seconds, "total_s": time.perf_counter() - start})
        print(f"{label:30s} {result.accuracy:.4f} ({result.correct}/{result.n})  median {result.median_seconds:.3f} s", flush=True)
    return out


def features(args, store, items):
    consts = dict(c.split("=") for c in args.set or [])
    solver = TableSolver(store, max_rows=args.max_rows, max_tables=args.max_tables, time_limit_s=args.time_limit, ranking=args.ranking, scores=Scores(derivation=args.derivation), retrieval_words=args.retrieval_words,
                         consts={k: int(v) for k, v in consts.items()} or None)
    ir = IRSolver(store)
    out = []
    for k, item in enumerate(items):
        question = solver.read(item.text)
        start = time.perf_counter()
        grounded, models, scores, program = solver.solve_options(question)
        ir_scores = ir.answer(question).scores
        out.append({"id": item.id, "answer": item.answer, "scores": scores, "seconds": time.perf_counter() - start,
                    "partial": program.partial,
                    "options": {o.letter: option_features(grounded, models.get(o.letter), o.letter, ir_scores.get(o.letter), solver.consts)
                                for o in question.options}})
        print(k, item.id, f"{out[-1]['seconds']:.2f}", file=sys.stderr, flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["grid", "features"])
    parser.add_argument("--tables", required=True)
    parser.add_argument("--worldtree", help="WorldTree questionsAndExplanations.tsv (the tuning set is drawn from its Train split)")
    parser.add_argument("--held-out", action="append", default=[], help="questions never to tune on (repeatable)")
    parser.add_argument("--questions", help="evaluate this file instead of the tuning set (held-out reporting only)")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--const", action="append")
    parser.add_argument("--max-rows", type=int, default=20)
    parser.add_argument("--max-tables", type=int, default=7)
    parser.add_argument("--ranking", default="rows", choices=["rows", "tables", "options"])
    parser.add_argument("--set", action="append", help="NAME=V: a #const for the features pass (repeatable)")
    parser.add_argument("--derivation", type=float, default=Scores().derivation, help="score of a WordNet derivation (0: off)")
    parser.add_argument("--question-score", default=ground_module.QUESTION_SCORE, choices=["found", "covers"])
    parser.add_argument("--retrieval-words", default="lemma", choices=["lemma", "family"])
    parser.add_argument("--joins", help="a _joins.tsv sidecar for the store")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per clingo solve call")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    ground_module.QUESTION_SCORE = args.question_score
    store = load_store(args.tables, joins=args.joins)
    items = items_of(args)
    print(f"{len(items)} questions", file=sys.stderr)
    result = grid(args, store, items) if args.mode == "grid" else features(args, store, items)
    if args.json:
        with open(args.json, "w") as stream:
            json.dump(result, stream, indent=1)


if __name__ == "__main__":
    main()
