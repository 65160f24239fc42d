"""Fit the weights of the support-graph objective's terms on the tuning set's features.

Input: the JSON of ``bench/tables_tune.py features`` (every option's unweighted objective terms,
computed on the clean WorldTree tuning set). Each question is a choice among its options; the
model is a conditional logit, fitted as a logistic regression on the options' terms centred per
question (scikit-learn), so its coefficients are the relative weights of the terms in one linear
objective -- the form of the encoding's objective. Prints, for the chosen regularisation, the
question-grouped cross-validated accuracy next to the current weights' accuracy, and the weights
rescaled so that ``w_oedge`` (the option-edge score) is 1000, ready for ``#const`` lines.

    python bench/tables_fit.py features.json [--terms q_edges,o_edges,...] [--C 0.1,1,10]
"""

from __future__ import annotations

import argparse
import json

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from pyasp.tables.features import SIGN, TERMS


def matrix(data, terms):
    X, y, groups = [], [], []
    for g, q in enumerate(data):
        rows = [[SIGN.get(t, 1) * q["options"][letter][t] for t in terms] for letter in q["options"]]
        rows = np.array(rows, dtype=float)
        rows -= rows.mean(axis=0)
        for letter, row in zip(q["options"], rows):
            X.append(row)
            y.append(int(letter == q["answer"]))
            groups.append(g)
    return np.array(X), np.array(y), np.array(groups)


def accuracy(data, scores_of):
    total = 0.0
    for q in data:
        scores = scores_of(q)
        best = max(scores.values())
        tied = [k for k, v in scores.items() if v == best]
        total += (q["answer"] in tied) / len(tied)
    return total / len(data)


def current(q):
    return {k: (v if v is not None else -1e9) for k, v in q["scores"].items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("features")
    parser.add_argument("--terms", default=",".join(t for t in TERMS))
    parser.add_argument("--C", default="0.01,0.1,1,10")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--json", help="write the weights here")
    args = parser.parse_args()
    data = [q for q in json.load(open(args.features)) if len(q["options"]) > 1]
    terms = args.terms.split(",")
    print(f"{len(data)} questions; current weights: {accuracy(data, current):.4f}")
    X, y, groups = matrix(data, terms)
    scale = X.std(axis=0)
    scale[scale == 0] = 1
    best = None
    for c in (float(v) for v in args.C.split(",")):
        predicted = np.zeros(len(y))
        for train, test in GroupKFold(args.folds).split(X, y, groups):
            model = LogisticRegression(C=c, max_iter=2000).fit(X[train] / scale, y[train])
            predicted[test] = model.decision_function(X[test] / scale)
        k, scores = 0, {}
        for g, q in enumerate(data):
            n = len(q["options"])
            scores[g] = dict(zip(q["options"], predicted[k:k + n]))
            k += n
        acc = accuracy(data, lambda q, it=iter(range(len(data))): scores[next(it)])
        print(f"C={c:g}: cross-validated accuracy {acc:.4f}")
        if best is None or acc > best[0]:
            best = (acc, c)
    model = LogisticRegression(C=best[1], max_iter=2000).fit(X / scale, y)
    coef = model.coef_.ravel() / scale
    ref = coef[terms.index("o_edges")] if "o_edges" in terms else 1.0
    weights = {TERMS[t]: round(1000 * w / ref) for t, w in zip(terms, coef)}
    print(f"C={best[1]:g} on all questions; weights (o_edges = 1000):")
    for name, value in weights.items():
        print(f"  #const {name} = {value}.")
    if args.json:
        json.dump({"C": best[1], "cv_accuracy": best[0], "weights": weights}, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
