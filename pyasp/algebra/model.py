"""Score: ALGES's local and global models, trained from problems and answers only (Section 7).

Training follows Figure 3: each problem's top-M candidates (prepared by
:func:`pyasp.algebra.engine.prepare`) are evaluated; those whose answer equals the known answer
are the correct ones. The local model learns the operator of every (left, right) Qset pair of a
correct tree; the global model learns to tell correct trees from an equal number of incorrect
ones. Inference (Equation 1) scores a candidate by the product of the local probabilities of its
operators and the global probability that it is correct, and takes the best.

Models persist with skops (a zip of JSON and arrays, loaded only when every type in it is one
of the few a pyasp model is made of): a file from elsewhere is refused, never executed.
"""

from __future__ import annotations

import math
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import InputError, check_input_file
from ..wordproblems import is_correct
from .engine import Prepared, PrepareSettings
from .features import local_feature_names

FORMAT = "pyasp.algebra.model"
VERSION = 1
OP_CLASSES = ("add", "sub", "mul", "div")

#: The only types a pyasp algebra model file may contain.
TRUSTED_TYPES = [
    "sklearn.pipeline.Pipeline",
    "sklearn.preprocessing._data.StandardScaler",
    "sklearn.svm._classes.SVC",
    "numpy.ndarray",
    "numpy.dtype",
    "numpy.float64",
    "numpy.int64",
    "numpy.int32",
    "builtins.bytes",
]


def _svc(C: float, seed: int):
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVC

    return make_pipeline(StandardScaler(), SVC(C=C, kernel="rbf", gamma="scale", probability=True, random_state=seed))


def _fit(estimator, X, y):
    """Fit quietly: scikit-learn 1.9 announces that probability=True (libsvm's Platt scaling,
    what ALGES used) will move to CalibratedClassifierCV in 1.11; pyproject pins < 1.11."""
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=FutureWarning, message=".*probability.*")
        return estimator.fit(X, y)


@dataclass
class TrainingReport:
    problems: int = 0
    with_correct_candidate: int = 0
    local_examples: int = 0
    global_examples: int = 0

    def as_dict(self) -> dict:
        return dict(self.__dict__)


class AlgebraModel:
    """Local operator classifier + global tree classifier (scikit-learn SVMs, RBF kernels).

    ``use_local`` / ``use_global`` switch either off for the paper's ablations (Table 7).
    ``local_C`` and ``global_C``: SVM costs (ALGES's code used 100 and 1000; 10 and 10 measured
    better here, see docs/benchmarks.md). ``text_order_only``: like ALGES, rank only the
    candidates whose constants keep their text order (all of them when none does); off by
    default, as the global model sees text order as a feature. ``one_tree_per_problem``: learn operators from one
    correct tree per problem (ALGES's code) rather than from all of them (our default: more
    examples, measured better). ``aggregate_answers`` (ours): candidates that give the same
    answer pool their probabilities, and the best tree of the best answer is returned.
    ``count_discount`` (ours): the pooled probability of an answer given by n candidates is
    divided by n ** count_discount (0: the plain sum, 1: the mean), so that an answer which many
    rearrangements of one product reach (x=a*b*c, a*c*b=x, x/a=b*c, ...) does not win by their
    number alone; 0.25 measured better than 0 on SingleEq, AddSub and the grade-school set (see
    docs/benchmarks.md).
    ``negatives``: incorrect trees per correct one in the global model's training set (the first
    by ILP rank; ALGES's code: 1). ``hard_negatives`` (ours): as many more per correct tree, the
    incorrect ones the trained local model likes best, so that the global model also sees the
    costly trees (a product of two counts of one thing) the local model would pick.
    """

    def __init__(self, *, local_C: float = 10.0, global_C: float = 10.0, use_local: bool = True,
                 use_global: bool = True, text_order_only: bool = False, one_tree_per_problem: bool = False,
                 aggregate_answers: bool = True, count_discount: float = 0.25, negatives: int = 1, hard_negatives: int = 1,
                 seed: int = 0,
                 settings: PrepareSettings = PrepareSettings()):
        self.local_C = local_C
        self.global_C = global_C
        self.use_local = use_local
        self.use_global = use_global
        self.text_order_only = text_order_only
        self.one_tree_per_problem = one_tree_per_problem
        self.aggregate_answers = aggregate_answers
        if isinstance(count_discount, bool) or not isinstance(count_discount, (int, float)) or not 0 <= count_discount <= 10:
            raise InputError(f"count_discount is a number from 0 to 10, not {count_discount!r}")
        self.count_discount = float(count_discount)
        self.negatives = negatives
        self.hard_negatives = hard_negatives
        self.seed = seed
        self.settings = settings

    # -- training ---------------------------------------------------------------------------
    def eligible_candidates(self, p: Prepared) -> list[int]:
        """Candidates the scorer ranks: those keeping the text order of constants (ALGES), or
        all of them when none does."""
        idx = list(range(len(p.candidates)))
        if self.text_order_only:
            in_order = [i for i in idx if p.text_order[i]]
            return in_order or idx
        return idx

    def local_training_trees(self, p: Prepared, correct: list[int]) -> list[int]:
        """The correct candidates whose nodes train the local (operator) model: all of them, or with
        ``one_tree_per_problem`` only one (the first with x alone on a side of "=", else the first)."""
        if not self.one_tree_per_problem:
            return correct
        x_alone = [i for i in correct if _x_alone(p, i)]
        return (x_alone or correct)[:1]

    def fit(self, prepared: list[Prepared], solutions: list[tuple[float, ...]]) -> AlgebraModel:
        """Train from prepared problems and their numeric answers (never their equations)."""
        report = TrainingReport(problems=len(prepared))
        local_X, local_y = [], []
        per_problem: list[tuple[Prepared, list[int], list[int]]] = []
        for p, sols in zip(prepared, solutions):
            if p.error or not p.candidates:
                continue
            eligible = self.eligible_candidates(p)
            correct = [i for i in eligible if is_correct(float(p.candidates[i].answer), sols)]
            wrong = [i for i in eligible if i not in set(correct)]
            if not correct:
                continue
            report.with_correct_candidate += 1
            seen = set()
            for i in self.local_training_trees(p, correct):
                for row in p.candidate_nodes[i]:
                    if row not in seen:
                        seen.add(row)
                        local_X.append(p.node_features[row])
                        local_y.append(OP_CLASSES.index(p.node_ops[row]))
            per_problem.append((p, correct, wrong[: self.negatives * len(correct)]))
        if not local_y:
            raise InputError("too few problems with a correct candidate to learn from (need two operators at least)")
        self.local_ = None
        if self.use_local and len(set(local_y)) < 2:
            # every correct tree uses one operator (the text fixes it in "He gave 5 apples to Sue. How many
            # does Tom have now?"): there is nothing to tell apart, the global model ranks alone
            import warnings

            from ..errors import PyaspWarning

            warnings.warn(f"every correct tree of the training problems uses one operator ({OP_CLASSES[local_y[0]]}): "
                          "no operator model is learned, the tree model ranks alone", PyaspWarning, stacklevel=2)
        elif self.use_local:
            self.local_ = _fit(_svc(self.local_C, self.seed), np.vstack(local_X), np.asarray(local_y))
        report.local_examples = len(local_y)
        self.global_ = None
        if self.use_global:
            gX, gy = [], []
            for p, correct, wrong in per_problem:
                if self.hard_negatives and self.local_ is not None:
                    logp = self._local_log_probs(p)
                    taken = set(correct) | set(wrong)
                    others = [i for i in self.eligible_candidates(p) if i not in taken]
                    others.sort(key=lambda i: (-self._local_total(logp, p.candidate_nodes[i]), i))
                    wrong = wrong + others[: self.hard_negatives * len(correct)]
                rows = self._global_rows(p)
                for i in correct:
                    gX.append(rows[i])
                    gy.append(1)
                for i in wrong:
                    gX.append(rows[i])
                    gy.append(0)
            if len(set(gy)) == 2:
                self.global_ = _fit(_svc(self.global_C, self.seed), np.vstack(gX), np.asarray(gy))
            report.global_examples = len(gy)
        self.report_ = report
        return self

    # -- scoring -----------------------------------------------------------------------------
    def _local_log_probs(self, p: Prepared) -> np.ndarray:
        """log P(op of node | its two Qsets) for every node of the problem; 0 (certain) for an
        operator the text says (``Prepared.node_fixed``: "half of them" times its whole)."""
        if self.local_ is None or p.node_features is None:
            return np.zeros(len(p.node_keys))
        proba = self.local_.predict_proba(p.node_features)
        classes = list(self.local_.classes_)
        out = np.empty(len(p.node_keys))
        fixed = getattr(p, "node_fixed", None) or [False] * len(p.node_ops)
        for r, op in enumerate(p.node_ops):
            if fixed[r]:
                out[r] = 0.0
                continue
            k = OP_CLASSES.index(op)
            out[r] = math.log(max(proba[r, classes.index(k)], 1e-9)) if k in classes else math.log(1e-9)
        return out

    @staticmethod
    def _local_total(logp: np.ndarray, nodes: list[int]) -> float:
        """Equation 1's product of the local probabilities of a tree's operators (in logs)."""
        return float(sum(logp[r] for r in nodes))

    def _global_rows(self, p: Prepared) -> np.ndarray:
        """Static global features plus the local scores of each candidate's operators."""
        if self.local_ is None:
            return p.global_features
        logp = self._local_log_probs(p)
        extra = np.array([[sum(logp[r] for r in nodes), min((logp[r] for r in nodes), default=0.0)]
                          for nodes in p.candidate_nodes])
        return np.hstack([p.global_features, extra])

    def scores(self, p: Prepared) -> dict[int, float]:
        """log score of every eligible candidate (Equation 1: local product x global); of those the
        text's readings leave (``Prepared.admissible``), when they leave any."""
        if p.error or not p.candidates:
            return {}
        eligible = self.eligible_candidates(p)
        admissible = getattr(p, "admissible", None) or []
        if admissible and any(admissible[i] for i in eligible):
            eligible = [i for i in eligible if admissible[i]]
        logp = self._local_log_probs(p)
        total = {i: self._local_total(logp, p.candidate_nodes[i]) for i in eligible}
        if self.global_ is not None:
            rows = self._global_rows(p)[eligible]
            proba = self.global_.predict_proba(rows)[:, list(self.global_.classes_).index(1)]
            for i, g in zip(eligible, proba):
                total[i] += math.log(max(float(g), 1e-9))
        return total

    def best(self, p: Prepared) -> tuple[int, float] | None:
        """Index and log score of the best candidate; ties go to the better ILP rank.

        With ``aggregate_answers`` the score is that of the answer: the log of the summed scores
        of the n candidates giving it, less ``count_discount`` * log n (so it may exceed 0)."""
        scores = self.scores(p)
        if not scores:
            return None
        if self.aggregate_answers:
            by_answer: dict = {}
            for i, s in scores.items():
                by_answer.setdefault(p.candidates[i].answer, []).append(s)
            total = {a: float(np.logaddexp.reduce(v)) - self.count_discount * math.log(len(v)) for a, v in by_answer.items()}
            best_answer = max(total, key=lambda a: (total[a], -min(i for i in scores if p.candidates[i].answer == a)))
            # the tree shown for the answer: the likeliest by the ILP (its most natural form)
            index = min((i for i in scores if p.candidates[i].answer == best_answer),
                        key=lambda i: (p.candidates[i].tree.cost, -scores[i], i))
            return index, total[best_answer]
        index = max(scores, key=lambda i: (scores[i], -i))
        return index, scores[index]

    # -- persistence ----------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        import skops.io as sio

        state = {
            "format": FORMAT,
            "version": VERSION,
            "params": {"local_C": self.local_C, "global_C": self.global_C, "use_local": self.use_local,
                       "use_global": self.use_global, "text_order_only": self.text_order_only,
                       "one_tree_per_problem": self.one_tree_per_problem,
                       "aggregate_answers": self.aggregate_answers, "count_discount": self.count_discount,
                       "negatives": self.negatives, "hard_negatives": self.hard_negatives,
                       "seed": self.seed},
            "settings": self.settings.as_dict(),
            "report": self.report_.as_dict(),
            "local": self.local_,
            "global": self.global_,
        }
        from ..errors import write_file

        write_file(path, lambda target: sio.dump(state, target, compression=zipfile.ZIP_DEFLATED, compresslevel=9), "model")

    @classmethod
    def load(cls, path: str | Path) -> AlgebraModel:
        """Read a model saved by :meth:`save`; anything else is refused with a message."""
        import skops.io as sio

        path = check_input_file(path, "model file")
        if not zipfile.is_zipfile(path):
            raise InputError(f"{path}: not a pyasp model (expected a file written by `pyasp algebra train`)")
        try:
            untrusted = sio.get_untrusted_types(file=path)
        except Exception as err:  # a zip that is not a skops file
            raise InputError(f"{path}: not a pyasp model ({err})") from None
        refused = [t for t in untrusted if t not in TRUSTED_TYPES]
        if refused:
            raise InputError(f"{path}: not a pyasp model: it contains types a pyasp model never has ({', '.join(refused[:3])}); refusing to load it")
        try:
            state = sio.load(path, trusted=untrusted)
        except Exception as err:
            raise InputError(f"{path}: not a pyasp model ({err})") from None
        if not isinstance(state, dict) or state.get("format") != FORMAT:
            raise InputError(f"{path}: not a pyasp algebra model")
        if state.get("version") != VERSION:
            raise InputError(f"{path}: model version {state.get('version')} is not supported (expected {VERSION}); train it again")
        try:
            model = cls(**state["params"], settings=PrepareSettings.from_dict(state["settings"]))
            model.local_ = state["local"]
            model.global_ = state["global"]
            model.report_ = TrainingReport(**state["report"])
        except (KeyError, TypeError, ValueError, AttributeError, InputError) as err:
            raise InputError(f"{path}: malformed pyasp algebra model ({type(err).__name__}: {err})") from None
        for name, scorer in (("local", model.local_), ("global", model.global_)):
            if scorer is not None and not callable(getattr(scorer, "predict_proba", None)):
                raise InputError(f"{path}: malformed pyasp algebra model (its {name} model is not a classifier)")
        expected = len(local_feature_names())
        trained = getattr(model.local_, "n_features_in_", expected)
        if trained != expected:
            raise InputError(f"{path}: this model was trained on {trained} local features, this version of pyasp "
                             f"computes {expected}; train it again")
        return model


def _x_alone(p: Prepared, i: int) -> bool:
    """One side of "=" is x alone (ALGES prefers such trees to learn operators from)."""
    root = p.candidates[i].tree.root
    target = p.problem.target_index + 1
    return any(getattr(side, "index", None) == target for side in (root.left, root.right))
