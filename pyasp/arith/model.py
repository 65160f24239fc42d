"""Score: the learned weights of the declarative-rules solver (Roy & Roth 2018, Section 4.2).

One linear model scores an expression: the sum, over its operations, of the features of the
chosen concept and rule (``pyasp.arith.features``), plus the relevance features of the numbers
it uses. Which rule justified an operation is never given, nor which expression: training
searches, with the current weights, the best derivation that reaches the problem's answer
(the latent structure) and moves the weights towards it and away from the predicted one, in two
stages as the paper: first the rule weights with the concept weights frozen, then the concept
weights with the rule weights frozen (averaged structured perceptron updates in both).

The model also carries the learned rate model (:mod:`pyasp.arith.rates`) that decides, before
the rules are applied, which numbers are rates; ``pyasp.arith.evaluate.fit_pipeline`` trains both.

Persistence is JSON: the non-zero weights by feature name, readable and safe to load.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np
from scipy import sparse

from ..errors import InputError, malformed
from ..wordproblems import is_correct
from .engine import Prepared
from .inference import NORMAL_FORMS, UNIT_BASE, Expr, Leaf, Step, final_units, leaves, search, steps, struct_index, struct_names
from .rates import RateModel, logistic_weights

FORMAT = "pyasp-arith-model"
VERSION = 2  # 2: the learned rate model ("rates"); version 1 files (no rate model) still load
ASSUMPTION_MARKERS = ("coref:", "sibling:", "hyponym:", "hypernym:")


@dataclass
class KnowledgeModel:
    """Weights over named features; ``fit`` on prepared problems and their answers."""

    epochs: int = 10
    beam: int = 1000
    max_numbers: int = 5
    seed: int = 0
    two_stage: bool = False
    margin: float = 0.0
    concept_labels: bool = True
    restarts: int = 3  # runs over differently shuffled orders, their weights averaged
    relevance: str = "classifier"  # "classifier": use every number it does not call irrelevant; "search": any subset
    canonical: str = "multiplicative"  # normal form of expressions (see pyasp.arith.inference.search): none, multiplicative, all
    weights_: dict[str, float] = field(default_factory=dict, repr=False)
    relevance_: dict[str, float] = field(default_factory=dict, repr=False)  # irrelevant-number classifier (logistic weights)
    rates_: RateModel | None = field(default=None, repr=False)
    #: the rule file it was trained with and its rules' names (None: not recorded, older files)
    rules_: tuple[str, tuple[str, ...]] | None = field(default=None, repr=False)  # which numbers are rates (None: the parse reader decides)

    # -- features -> arrays ---------------------------------------------------------------------
    def _vectorise(self, prepared: list[Prepared], vocab: dict[str, int], grow: bool):
        """Each problem's option and relevance features as two sparse matrices over ``vocab``
        (with ``grow``, unseen features are added to it; otherwise they are dropped)."""
        out = []
        for p in prepared:
            mats = []
            for rows in (p.option_features, p.relevance_features, p.root_features):
                indptr, indices, data = [0], [], []
                for f in rows:
                    for k, v in f.items():
                        i = vocab.setdefault(k, len(vocab)) if grow else vocab.get(k, -1)
                        if i >= 0:
                            indices.append(i)
                            data.append(v)
                    indptr.append(len(indices))
                mats.append((np.array(indptr), np.array(indices, dtype=np.int64), np.array(data, dtype=float)))
            out.append(mats)
        if grow:
            size = len(vocab)
        else:
            size = max(vocab.values(), default=-1) + 1
        return [[sparse.csr_matrix((d, i, ptr), shape=(len(ptr) - 1, size)) for ptr, i, d in mats] for mats in out]

    def _search(self, p: Prepared, vec, w: np.ndarray, struct: np.ndarray, accept=None, top: int = 1,
                numbers: frozenset[int] | None = None, options=None, strict_units: bool = False):
        if numbers is not None and not 2 <= len(numbers) <= self.max_numbers:
            numbers = None
        return search(p.values, p.options if options is None else options, vec[0] @ w, vec[1] @ w, p.has_rate, p.has_math,
                      beam=self.beam, max_numbers=self.max_numbers, accept=accept, top=top,
                      root_scores=vec[2] @ w, struct_scores=w[struct], numbers=numbers,
                      units=p.units, question_unit=p.question_unit, canonical=self.canonical, shares=p.shares, wholes=p.wholes,
                      priced=p.priced, order=p.order, strict_units=strict_units, ratios=p.ratios,
                      question_words=p.question_names, difference=p.difference,
                      remainder=p.remainder, applied=p.applied, whole=p.whole, multiples=p.multiples)

    def relevant(self, p: Prepared) -> frozenset[int] | None:
        """The numbers an expression must use: all but those the relevance classifier calls
        irrelevant (None with ``relevance="search"``, or when fewer than two would be left)."""
        if self.relevance != "classifier" or not self.relevance_:
            return None
        keep = frozenset(i + 1 for i, f in enumerate(p.relevance_features)
                         if sum(self.relevance_.get(k, 0.0) * v for k, v in f.items()) > 0.0 or i + 1 in p.kept) - p.stray
        return keep if len(keep) >= 2 else None

    @staticmethod
    def _phi(expr: Expr, vec, size: int, struct: np.ndarray, question_unit=(None, None)) -> np.ndarray:
        out = np.zeros(size)
        all_steps = steps(expr)
        rows = [step.option.row for step in all_steps]
        if rows:
            out += np.asarray(vec[0][rows].sum(axis=0)).ravel()
            out += np.asarray(vec[2][rows[-1]].todense()).ravel()
            for f in final_units(expr.unit, question_unit):
                out[struct[UNIT_BASE + f]] += 1.0
        for step in all_steps:
            out[struct[struct_index(step)]] += 1.0
            out[struct[UNIT_BASE + step.unit_feature]] += 1.0
        out += np.asarray(vec[1][[n - 1 for n in leaves(expr)]].sum(axis=0)).ravel()
        return out

    # -- learning -------------------------------------------------------------------------------
    def fit(self, prepared: list[Prepared], solutions: list[tuple[float, ...]],
            uses: list[frozenset[int] | None] | None = None) -> KnowledgeModel:
        """Learn from the answers (``solutions``); with ``uses`` (the numbers of each problem
        that its gold equation uses, 1-based, or None), a derivation counts as gold only when it
        uses exactly those numbers."""
        uses = uses or [None] * len(prepared)
        if self.relevance == "classifier":
            rows = [(f, i + 1 in used) for p, used in zip(prepared, uses) if used is not None
                    for i, f in enumerate(p.relevance_features)]
            self.relevance_ = logistic_weights([f for f, _ in rows], [y for _, y in rows]) if rows else {}
        vocab: dict[str, int] = {name: i for i, name in enumerate(struct_names())}
        vecs = self._vectorise(prepared, vocab, grow=True)
        struct = np.arange(len(struct_names()))
        names = sorted(vocab, key=vocab.get)
        concepts = {opt.concept for p in prepared for opts in p.options.values() for opt in opts}
        is_concept = np.array([_concept_feature(n, concepts) for n in names], dtype=bool)
        stages = [~is_concept, is_concept] if self.two_stage else [np.ones(len(names), dtype=bool)]
        runs = [self._fit_once(prepared, solutions, uses, vecs, struct, stages, len(names), self.seed + r)
                for r in range(max(1, self.restarts))]
        w = np.mean(runs, axis=0)
        self.weights_ = {n: float(x) for n, x in zip(names, w) if abs(x) > 1e-12}
        return self

    def _fit_once(self, prepared, solutions, uses, vecs, struct, stages, size: int, seed: int) -> np.ndarray:
        """One averaged-perceptron run over the problems in the order drawn from ``seed``."""
        w = np.zeros(size)
        rng = random.Random(seed)
        order = list(range(len(prepared)))
        epochs = max(1, self.epochs // len(stages))
        for mask in stages:
            total, count = np.zeros(size), 0
            for _ in range(epochs):
                rng.shuffle(order)
                for k in order:
                    p, vec, sols, used = prepared[k], vecs[k], solutions[k], uses[k]
                    if len(p.values) < 2:
                        continue
                    # with a relevance classifier, training predicts over the gold numbers when known
                    within = (used if used is not None else self.relevant(p)) if self.relevance == "classifier" else None
                    pred = self._search(p, vec, w, struct, numbers=within)
                    gold_e = wrong_e = None
                    if not pred or not _gold(pred[0][1], sols, used):
                        gold = []
                        if self.concept_labels and p.labelled:
                            gold = self._search(p, vec, w, struct, numbers=used, accept=lambda e, s=sols, u=used, lab=p.labelled:
                                                _gold(e, s, u) and all(lab[st.option.row] for st in steps(e)))
                        if not gold:
                            gold = self._search(p, vec, w, struct, numbers=used, accept=lambda e, s=sols, u=used: _gold(e, s, u))
                        if gold:
                            gold_e, wrong_e = gold[0][1], pred[0][1] if pred else None
                    elif self.margin > 0:
                        wrong = self._search(p, vec, w, struct, accept=lambda e, s=sols, u=used: not _gold(e, s, u))
                        if wrong and pred[0][0] - wrong[0][0] < self.margin:
                            gold_e, wrong_e = pred[0][1], wrong[0][1]
                    if gold_e is not None:
                        delta = self._phi(gold_e, vec, size, struct, p.question_unit)
                        if wrong_e is not None:
                            delta -= self._phi(wrong_e, vec, size, struct, p.question_unit)
                        w += np.where(mask, delta, 0.0)
                    total += w
                    count += 1
            w = total / max(count, 1)
        return w

    # -- prediction -----------------------------------------------------------------------------
    def _weights_for(self, prepared: list[Prepared]):
        fixed = struct_names()
        names = fixed + [n for n in self.weights_ if n not in set(fixed)]
        vocab = {name: i for i, name in enumerate(names)}
        w = np.array([self.weights_.get(n, 0.0) for n in names], dtype=float)
        return self._vectorise(prepared, vocab, grow=False), w, np.arange(len(struct_names()))

    def best(self, p: Prepared, top: int = 1) -> list[tuple[float, Expr]]:
        """The best expressions of one prepared problem, (score, expression), best first. A
        problem whose one number is an amount converted into the asked unit ("3 dollars and 50
        cents: how many cents?") is answered by the conversion itself."""
        if p.converted_alone:
            return [(0.0, Leaf(1, rep=1, value=p.values[0]))]
        if len(p.values) < 2:
            return []
        [vec], w, struct = self._weights_for([p])
        keep = self.relevant(p)
        # learning without the text's hard evidence, inference with it (L+I, as in Roth's
        # constrained conditional models): an option the text contradicts is not searched
        options = {pair: [o for o in opts if o.row not in p.denied] for pair, opts in p.options.items()} if p.denied else None
        if p.total_of:
            # the total of a comparison's base and the thing compared: the base, said again, is
            # added last to what the rest gives (:func:`pyasp.arith.engine.compared_total`)
            found = self._search(p, vec, w, struct, top=top, numbers=keep, options=options, strict_units=True, accept=partial(_adds_last, p.total_of, p.total_op, *p.total_comparison, base=p.total_base))
            if found:
                return found
            keep = (keep if keep is not None else frozenset(range(1, len(p.values) + 1))) - {p.total_of}
            if len(keep) < 2:
                return []
        found = self._search(p, vec, w, struct, top=top, numbers=keep, options=options, strict_units=True)
        if not found and keep is not None:  # no derivation combines all the relevant numbers
            found = self._search(p, vec, w, struct, top=top, options=options, strict_units=True,
                                 numbers=frozenset(range(1, len(p.values) + 1)) - {p.total_of} if p.total_of else None)
        return found

    def check_rules(self, knowledge) -> None:
        """Warn (:class:`pyasp.errors.PyaspWarning`) when rules the model was trained with are
        not in ``knowledge``: its weights for them are never used, which is likely the wrong
        rule file. (New rules are fine: a file that extends the packaged rules is scored by the
        model through the rules' features.)"""
        if self.rules_ is None:
            return
        file, names = self.rules_
        gone = sorted(set(names) - set(knowledge.rules))
        if gone:
            import warnings

            from ..errors import PyaspWarning

            listed = ", ".join(gone[:3]) + (", ..." if len(gone) > 3 else "")
            warnings.warn(f"the model was trained with the rules of {file}; {len(gone)} of them {'is' if len(gone) == 1 else 'are'} not in "
                          f"{Path(knowledge.source).name} ({listed}): give the rules it was trained with (--rules)",
                          PyaspWarning, stacklevel=3)

    def predict(self, prepared: list[Prepared]) -> list[float | None]:
        out = []
        for p in prepared:
            found = self.best(p)
            out.append(float(found[0][1].value) if found else None)
        return out

    # -- persistence ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION,
                "params": {"epochs": self.epochs, "beam": self.beam, "max_numbers": self.max_numbers,
                           "seed": self.seed, "two_stage": self.two_stage, "margin": self.margin,
                           "concept_labels": self.concept_labels, "restarts": self.restarts,
                           "relevance": self.relevance, "canonical": self.canonical},
                "rates": self.rates_.to_json() if self.rates_ is not None else None,
                **({"rules": {"file": self.rules_[0], "names": list(self.rules_[1])}} if self.rules_ else {}),
                "relevance_weights": dict(sorted(self.relevance_.items())),
                "weights": dict(sorted(self.weights_.items()))}

    def save(self, path: str | Path) -> None:
        from ..errors import write_json_file

        write_json_file(path, self.to_json(), "model")

    @classmethod
    def from_json(cls, data: object, source: str = "model") -> KnowledgeModel:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InputError(f"{source}: not a pyasp arith model (no \"format\": \"{FORMAT}\")")
        if data.get("version") not in (1, VERSION):
            raise InputError(f"{source}: model version {data.get('version')!r}, this pyasp reads versions 1 to {VERSION}")
        try:
            params = data["params"]
            model = cls(int(params["epochs"]), int(params["beam"]), int(params["max_numbers"]), int(params["seed"]),
                        bool(params["two_stage"]), float(params.get("margin", 0.0)),
                        bool(params.get("concept_labels", True)), int(params.get("restarts", 1)),
                        str(params.get("relevance", "search")), _normal_form(params.get("canonical", "none")))
            if model.relevance not in ("classifier", "search"):
                raise ValueError(f"unknown relevance {model.relevance!r}")
            if model.beam < 1 or model.max_numbers < 2:
                raise ValueError(f"beam {model.beam} and max_numbers {model.max_numbers} must be at least 1 and 2")
            model.relevance_ = {str(k): float(v) for k, v in data.get("relevance_weights", {}).items()}
            model.weights_ = {str(k): float(v) for k, v in data["weights"].items()}
            if not all(math.isfinite(v) for v in (*model.weights_.values(), *model.relevance_.values())):
                raise ValueError("a weight is not a finite number")
            if data.get("rates") is not None:
                model.rates_ = RateModel.from_json(data["rates"], source)
            if data.get("rules") is not None:
                model.rules_ = (str(data["rules"]["file"]), tuple(str(n) for n in data["rules"]["names"]))
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as err:
            raise malformed(source, err) from None
        return model

    @classmethod
    def load(cls, path: str | Path) -> KnowledgeModel:
        import zipfile

        from ..errors import InputError, check_input_file, read_json_file

        if zipfile.is_zipfile(check_input_file(path, "model file")):  # an algebra model is a skops zip
            raise InputError(f"{path}: not a pyasp arith model (a zip file, as `pyasp algebra train` writes; "
                             "`pyasp arith train` writes JSON)")
        return cls.from_json(read_json_file(path, "model"), str(path))


def _adds_last(number: int, op: str, comparison: int, applied: frozenset[str], expr: Expr, base: int = 0) -> bool:
    """Whether an expression's last operation (``op``) combines ``number`` (a leaf) with the
    comparison ``comparison`` applied (a step of one of the operations ``applied`` with that
    number as an operand): the total of a comparison's base and the thing compared ("add"), or
    their difference ("subtract"). ``number`` says again the base ``base``: the two, of the
    same value, may trade places (48 + (16 - 48), the comparison undone on the copy)."""
    if not isinstance(expr, Step) or expr.option.op != op:
        return False
    if op == "add" and applied == {"add"}:
        # a sum of the base, the comparison and the base said again, in whichever order the
        # search builds it ("46 on Monday ... 15 more than on Monday ... both days": 46 + 15 + 46)
        return _sum_of(expr, {number, comparison})
    numbers = {number, base} if base and applied else {number}
    for e, other in ((expr.first, expr.second), (expr.second, expr.first)):
        if isinstance(e, Leaf) and e.number in numbers:
            if not applied:  # the number itself, said again: the side of a square times itself
                return isinstance(other, Leaf) and other.number == comparison
            if (isinstance(other, Step) and other.option.op in applied
                    and any(isinstance(x, Leaf) and x.number == comparison for x in (other.first, other.second))):
                return True
    return False


def _sum_of(expr: Expr, numbers: set[int]) -> bool:
    """Whether an expression adds its leaves only, ``numbers`` among them."""
    found: set[int] = set()

    def walk(e: Expr) -> bool:
        if isinstance(e, Leaf):
            found.add(e.number)
            return True
        return e.option.op == "add" and walk(e.first) and walk(e.second)

    return walk(expr) and numbers <= found


def _gold(expr: Expr, solutions: tuple[float, ...], used: frozenset[int] | None) -> bool:
    if not is_correct(float(expr.value), solutions):
        return False
    return used is None or used == frozenset(leaves(expr))


def _concept_feature(name: str, concepts: set[str]) -> bool:
    """Concept features: a concept's bias and the pair's context conjoined with a concept.
    Everything else (rule name, operation, assumed predicates) belongs to the rules."""
    if name.startswith("concept="):
        return True
    head, sep, tail = name.partition("|")
    return bool(sep) and head in concepts and not tail.startswith(ASSUMPTION_MARKERS)


def _normal_form(value) -> str:
    """The ``canonical`` parameter of a model file: a name, or a flag in files written before
    the names (true meant the paper's whole normal form)."""
    if isinstance(value, bool):
        return "all" if value else "none"
    if value not in NORMAL_FORMS:
        raise ValueError(f"unknown normal form {value!r}")
    return str(value)
