"""A learned row relevance: how likely a person would cite a table row to explain that an option
is the answer to a question.

TableILP weighs a support graph by hand-set scores of its edges; which rows matter for a question
is left to TF-IDF retrieval. WorldTree pairs each question with the rows of its explanation, so a
row can be scored by a classifier trained on them: :class:`RowScorer`, a linear model of
features of (question, option, row) read as a probability:

- TF-IDF cosines of the row with the stem plus the option, with the stem, with the option
  (over the retrieval vocabulary, WordNet word families);
- the share of the option's and of the stem's words the row holds, plain and IDF-weighted; the
  share of the option's own words (not in the stem); the IDF mass of stem words matched and of
  option words no other option has; the share of the other options' words the row holds;
- the row's length and the share of its words that are neither the stem's nor the option's;
- the best share of one cell that is the option's words, and the stem's; whether stem and option
  words sit in different cells (a row relating them, not repeating them);
- the row's table (one indicator per table of the training store);
- with an embedding (``pyasp tables train --embedding static|minilm``; the default model's is
  the shipped static one): the cosine of the row's sentence with the stem plus the option
  (:mod:`pyasp.tables.embeddings`).

Training: for every question of the (clean) tuning set and every option, the ``candidates`` (40)
rows sharing a word with the option that match the stem and option best (TF-IDF cosine); a row is
positive when the option is the right answer and the row is in the gold explanation. An option's
score is the sum of its ``top`` (3) best row probabilities (:meth:`RowScorer.option_scores`).

Two objectives (``objective``):

- ``"rows"``: a logistic regression of the rows (is this row cited for this option?);
- ``"options"`` (the default): the same row log-loss, weighted by ``row_weight``, plus the
  log-likelihood of the right option among a question's options, each option scored by the sum
  of its ``top`` row probabilities times ``sharpness`` (a softmax over the options). The rows are
  what the support graph weighs, but the question is which option wins: an option with three
  generic rows ("sound is a kind of energy") must not outscore the one row that answers. The
  option term also learns from questions without an explanation. It starts from the ``"rows"``
  solution and is minimised with L-BFGS (SciPy).

Chosen on the clean tuning set by 5-fold cross-validation (``bench/tables_rows_cv.py``; the
figures are in docs/benchmarks.md): the sum of the best 3 rows answers 60.9% of the 511 tuning
questions with the options objective (mean of three shuffles of the folds), 58.7% with the
logistic regression of the rows; the best row alone about 54.5%, TF-IDF alone about 50%.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..errors import InputError, malformed
from ..resources import MODELS_DIR, model_file
from .question import Question
from .retrieval import RETRIEVAL_WORDS, TableIndex
from .ground import cell_alternatives
from .text import content_words
from .embeddings import EMBEDDERS, EMBEDDING_FEATURES, cosines

FORMAT = "pyasp-table-rows"
#: How a row model learns: from rows alone, or from rows and the options they make win.
OBJECTIVES = ("rows", "options")
VERSION = 1
#: The lemmatiser the features were computed with (pyasp.tables.text.lemma): 2 since base forms
#: are weighed by their use in WordNet's tagged corpus; models without the field used 1.
LEMMAS = 2

FEATURES = (
    "cos_query", "cos_stem", "cos_option", "option_share", "option_share_idf", "stem_share", "stem_share_idf",
    "option_own_share", "row_words", "row_other_share", "has_stem_word", "option_cell", "stem_cell",
    "distinct_cells", "stem_idf", "option_unique_idf", "other_options_share",
)


def _embedder_name(embeddings: str | bool | None) -> str | None:
    """The embedder a row model uses: ``"static"``, ``"minilm"`` (also ``True``: model files from
    before the static embedding said so) or None (``"none"``, ``False``); ValueError otherwise."""
    if embeddings is True:
        return "minilm"
    if embeddings is False or embeddings is None or embeddings == "none":
        return None
    if embeddings not in EMBEDDERS:
        raise ValueError(f"the embedding is {', '.join(EMBEDDERS)} or none, not {embeddings!r}")
    return embeddings


@dataclass(frozen=True)
class Candidate:
    table: str
    row: int  # row index in the table
    uid: str
    features: tuple[float, ...]  # in the order of FEATURES


class RowFeatures:
    """Features of (question, option, row) over one store (its TF-IDF index, built once);
    ``embeddings``: the embedder (:data:`EMBEDDERS`) of :data:`EMBEDDING_FEATURES`, or None."""

    def __init__(self, index: TableIndex, embeddings: str | None = None):
        self.index = index
        self.embeddings = _embedder_name(embeddings)

    def _prepare(self):
        if getattr(self, "_ready", False):
            return
        index = self.index
        self.table_of_, self.row_of_ = index.row_vectors.table_of, index.row_vectors.row_of
        self.row_sets_ = [frozenset(index.row_words[index.names[t]][r]) for t, r in zip(self.table_of_, self.row_of_)]
        self._cells: dict[int, list[frozenset[str]]] = {}
        self._ready = True

    def _row_cells(self, k: int) -> list[tuple[int, frozenset[str]]]:
        """The row's data cells as (cell number, words of one alternative): a cell "evaporation;
        boiling" gives two, so that "evaporation" is the whole of one of them."""
        if k not in self._cells:
            table = self.index.store.tables[self.index.names[int(self.table_of_[k])]]
            row = table.rows[int(self.row_of_[k])]
            self._cells[k] = [(n, frozenset(self.index.term(w) for w in words))
                              for n, (column, cell) in enumerate(zip(table.columns, row.cells)) if column.kind == "data"
                              for words in cell_alternatives(cell)]
        return self._cells[k]

    def option_rows(self, question: Question, letter: str, *, rows: list[tuple[str, int]] | None = None,
                    candidates: int = 40) -> list[Candidate]:
        """The features of ``rows`` (table name, row index) for the option ``letter``; without
        ``rows``, of the ``candidates`` rows sharing a word with the option that match the stem
        plus the option best (TF-IDF cosine)."""
        self._prepare()
        index, term = self.index, self.index.term
        stem = [term(w) for w in content_words(question.stem)]
        option = [term(w) for w in question.option(letter).words]
        option_set = set(option)
        if not option_set:
            return []
        if rows is None:
            query = index.cosines(stem + option)
            order = np.argsort(-query, kind="stable")
            picked = []
            for k in order:
                if query[k] <= 0 or len(picked) >= candidates:
                    break
                if self.row_sets_[k] & option_set:
                    picked.append(int(k))
        else:
            picked = [index.position(*key) for key in rows]
        return self._candidates(question, letter, [(k,) for k in picked])

    def pair_rows(self, question: Question, letter: str, pairs: list[tuple[tuple[str, int], tuple[str, int]]]) -> list[Candidate]:
        """The features of each pair of rows (two (table name, row index) keys, e.g. the rows of a
        join) read as one row: their words, cells and TF-IDF vectors together. The candidate
        names the row of the pair that holds more of the option's words (the first on a tie)."""
        self._prepare()
        units = [(self.index.position(*a), self.index.position(*b)) for a, b in pairs]
        return self._candidates(question, letter, units)

    def _candidates(self, question: Question, letter: str, units: list[tuple[int, ...]]) -> list[Candidate]:
        """Features of each unit: one row, or several rows read as one (positions in the index)."""
        index, term = self.index, self.index.term
        stem = [term(w) for w in content_words(question.stem)]
        option = [term(w) for w in question.option(letter).words]
        stem_set, option_set = set(stem), set(option)
        others = {term(w) for o in question.options if o.letter != letter for w in o.words} - option_set
        if not units or not option_set:
            return []
        positions = [u[0] for u in units] if all(len(u) == 1 for u in units) else units
        by_query = index.cosines(stem + option, positions)
        by_stem = index.cosines(stem, positions)
        by_option = index.cosines(option, positions)
        idf, top_idf = index.idf, index.top_idf
        option_mass = sum(idf(w) for w in option_set)
        stem_mass = sum(idf(w) for w in stem_set)
        own = option_set - stem_set
        out = []
        for n, unit in enumerate(units):
            words = frozenset().union(*(self.row_sets_[k] for k in unit))
            in_option, in_stem = option_set & words, stem_set & words
            cells = [((i, c), cell) for i, k in enumerate(unit) for c, cell in self._row_cells(k)] or [(0, words)]
            option_cells = {c for c, cell in cells if cell & option_set}
            stem_cells = {c for c, cell in cells if cell & stem_set}
            features = (
                float(by_query[n]), float(by_stem[n]), float(by_option[n]),
                len(in_option) / len(option_set), sum(idf(w) for w in in_option) / option_mass,
                len(in_stem) / max(1, len(stem_set)), sum(idf(w) for w in in_stem) / stem_mass if stem_mass else 0.0,
                len(own & words) / max(1, len(own)),
                float(len(words)), len(words - stem_set - option_set) / max(1, len(words)), float(bool(in_stem)),
                max(len(cell & option_set) / len(cell) for _, cell in cells), max(len(cell & stem_set) / len(cell) for _, cell in cells),
                float(any(i != j for i in option_cells for j in stem_cells)),
                sum(idf(w) for w in in_stem) / top_idf, sum(idf(w) for w in in_option - others) / top_idf,
                len(words & others) / max(1, len(others)),
            )
            k = max(unit, key=lambda k: (len(self.row_sets_[k] & option_set), -unit.index(k)))
            table, row = index.names[int(self.table_of_[k])], int(self.row_of_[k])
            out.append(Candidate(table, row, index.store.tables[table].rows[row].uid, features))
        if self.embeddings:
            similar = cosines(f"{question.stem} {question.option(letter).text}", [[self._sentence(k) for k in unit] for unit in units],
                              self.embeddings)
            out = [Candidate(c.table, c.row, c.uid, c.features + (s,)) for c, s in zip(out, similar)]
        return out

    def _sentence(self, k: int) -> str:
        table = self.index.store.tables[self.index.names[int(self.table_of_[k])]]
        return table.sentence(table.rows[int(self.row_of_[k])])


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))


class OptionLoss:
    """The ``"options"`` objective of :class:`RowScorer` and its gradient, for a weight vector
    ``theta`` (the row weights, then the intercept):

    ``row_weight`` x the log-loss of the rows ``X`` (labels ``y``) + the log-loss of the right
    option of each question, its options scored by the sum of their ``top`` best row
    probabilities times ``sharpness`` (softmax) + ``l2``/2 x |weights|^2.

    ``options``: each option's candidate rows (a matrix, standardised as ``X``), questions in
    order; ``questions``: (number of options, position of the right one) per question.
    """

    def __init__(self, X: np.ndarray, y: np.ndarray, options: list[np.ndarray], questions: list[tuple[int, int]],
                 *, top: int, sharpness: float, row_weight: float, l2: float):
        self.X, self.y = X, y
        self.top, self.sharpness, self.row_weight, self.l2 = top, sharpness, row_weight, l2
        # every option's rows in one matrix; option o's rows are M[slots[o]] (-1: padding)
        self.M = np.vstack(options)
        self.slots = np.full((len(options), max(len(m) for m in options)), -1)
        start = 0
        for o, m in enumerate(options):
            self.slots[o, : len(m)] = np.arange(start, start + len(m))
            start += len(m)
        # every question's options; question q's are choices[q] (-1: padding), right[q] marks the answer
        self.choices = np.full((len(questions), max(n for n, _ in questions)), -1)
        self.right = np.zeros(self.choices.shape)
        start = 0
        for q, (n, answer) in enumerate(questions):
            self.choices[q, :n] = np.arange(start, start + n)
            self.right[q, answer] = 1.0
            start += n

    def __call__(self, theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:-1], theta[-1]
        p = _sigmoid(self.X @ w + b)
        loss = -self.row_weight * float(np.sum(self.y * np.log(p + 1e-12) + (1 - self.y) * np.log(1 - p + 1e-12)))
        row_grad = self.row_weight * (p - self.y)
        # an option's score: the sum of its top rows' probabilities
        q = _sigmoid(self.M @ w + b)
        slots, choices, present = self.slots, self.choices, self.choices >= 0
        padded = np.where(slots >= 0, q[np.maximum(slots, 0)], -1.0)
        picked = np.take_along_axis(slots, np.argsort(-padded, axis=1, kind="stable")[:, : self.top], axis=1)
        used = picked >= 0
        scores = np.where(used, q[np.maximum(picked, 0)], 0.0).sum(axis=1)
        # softmax over each question's options
        z = np.where(present, self.sharpness * scores[np.maximum(choices, 0)], -np.inf)
        z -= z.max(axis=1, keepdims=True)
        soft = np.where(present, np.exp(z), 0.0)
        soft /= soft.sum(axis=1, keepdims=True)
        loss -= float(np.sum(np.log(soft[self.right == 1] + 1e-12)))
        d_score = np.zeros(len(slots))
        d_score[choices[present]] = (self.sharpness * (soft - self.right))[present]
        option_grad = np.zeros(len(q))
        rows = picked[used]
        option_grad[rows] = np.repeat(d_score, used.sum(axis=1)) * q[rows] * (1 - q[rows])
        loss += 0.5 * self.l2 * float(w @ w)
        grad = self.X.T @ row_grad + self.M.T @ option_grad + self.l2 * w
        return loss, np.append(grad, row_grad.sum() + option_grad.sum())


class RowScorer:
    """A linear model of :data:`FEATURES` and the row's table, read as a probability (see the
    module docstring).

    ``C``: inverse L2 strength; ``candidates``: rows scored per option; ``top``: how many of an
    option's best rows its score sums; ``embeddings``: also the sentence-embedding cosine under
    that embedder (``"static"`` or ``"minilm"``, :mod:`pyasp.tables.embeddings`), or None; ``objective``: ``"rows"`` (a logistic
    regression of the rows) or ``"options"`` (also the right option's likelihood, sharpened by
    ``sharpness``, with the rows' log-loss weighted by ``row_weight``).
    """

    def __init__(self, C: float = 0.1, candidates: int = 40, top: int = 3, embeddings: str | None = None,
                 objective: str = "options", row_weight: float = 0.5, sharpness: float = 10.0):
        self.C = C
        self.candidates = candidates
        self.top = top
        self.embeddings = _embedder_name(embeddings)
        self.objective = objective
        self.row_weight = row_weight
        self.sharpness = sharpness

    # -- features -------------------------------------------------------------------------------
    @property
    def feature_names(self) -> tuple[str, ...]:
        return FEATURES + (EMBEDDING_FEATURES if self.embeddings else ())

    def _matrix(self, found: list[Candidate]) -> np.ndarray:
        tables = {name: i for i, name in enumerate(self.tables_)}
        width = len(self.feature_names)
        X = np.zeros((len(found), width + len(tables)))
        for i, c in enumerate(found):
            X[i, :width] = c.features
            if c.table in tables:
                X[i, width + tables[c.table]] = 1.0
        return X

    # -- learning -------------------------------------------------------------------------------
    def fit(self, index: TableIndex, items, *, progress=None) -> RowScorer:
        """Learn from ``items`` (:class:`pyasp.tables.evaluate.Item`): the rows from questions
        with a person's explanation (``gold_uids``), the options (objective ``"options"``) from
        every question with an answer."""
        from sklearn.linear_model import LogisticRegression

        from .question import parse_question

        if self.objective not in OBJECTIVES:
            raise InputError(f"row model objective is {' or '.join(OBJECTIVES)}, not {self.objective!r}")
        rows: list[Candidate] = []
        labels: list[int] = []
        # options: (candidates of each option, position of the right one) per question
        questions: list[tuple[list[list[Candidate]], int]] = []
        used = 0
        for item in items:
            if progress:
                progress(1)
            gold = set(item.gold_uids)
            if not gold and self.objective == "rows":
                continue
            question = parse_question(item.text, chunks=False)
            found = [self.features_of(index).option_rows(question, o.letter, candidates=self.candidates) for o in question.options]
            letters = [o.letter for o in question.options]
            if gold:
                used += 1
                for letter, option_found in zip(letters, found):
                    rows += option_found
                    labels += [int(letter == item.answer and c.uid in gold) for c in option_found]
            if item.answer in letters and found[letters.index(item.answer)] and sum(bool(f) for f in found) > 1:
                questions.append((found, letters.index(item.answer)))
        if not any(labels) or all(labels):
            raise InputError("cannot learn row relevance: the questions give no gold row among the candidates "
                             "(WorldTree questions with their explanations are needed)")
        self.tables_ = sorted(index.store.tables)
        self.words_ = index.words
        X = self._matrix(rows)
        self.mean_ = X.mean(axis=0)
        self.scale_ = X.std(axis=0)
        self.scale_[self.scale_ == 0] = 1.0
        X, y = (X - self.mean_) / self.scale_, np.array(labels)
        model = LogisticRegression(C=self.C, max_iter=5000).fit(X, y)
        self.coef_ = model.coef_.ravel()
        self.intercept_ = float(model.intercept_[0])
        if self.objective == "options" and questions:
            self.coef_, self.intercept_ = self._fit_options(X, y, questions)
        self.n_questions_ = used
        self.n_rows_ = len(labels)
        self.n_option_questions_ = len(questions) if self.objective == "options" else 0
        return self

    def _fit_options(self, X: np.ndarray, y: np.ndarray, questions) -> tuple[np.ndarray, float]:
        """Minimise :class:`OptionLoss` from the rows-only solution."""
        from scipy.optimize import minimize

        options = [(self._matrix(rows) - self.mean_) / self.scale_ for by_option, _ in questions for rows in by_option]
        loss = OptionLoss(X, y, options, [(len(by_option), answer) for by_option, answer in questions],
                          top=self.top, sharpness=self.sharpness, row_weight=self.row_weight, l2=1.0 / self.C)
        result = minimize(loss, np.append(self.coef_, self.intercept_), jac=True, method="L-BFGS-B", options={"maxiter": 300})
        return result.x[:-1], float(result.x[-1])

    def features_of(self, index: TableIndex) -> RowFeatures:
        if getattr(self, "_features", None) is None or self._features.index is not index:
            self._features = RowFeatures(index, self.embeddings)
        return self._features

    # -- scoring --------------------------------------------------------------------------------
    def probabilities(self, found: list[Candidate]) -> np.ndarray:
        if not found:
            return np.zeros(0)
        return _sigmoid((self._matrix(found) - self.mean_) / self.scale_ @ self.coef_ + self.intercept_)

    def row_scores(self, index: TableIndex, question: Question, letter: str, rows: list[tuple[str, int]]) -> list[float]:
        """The probability of each row (table name, row index) for option ``letter``."""
        found = self.features_of(index).option_rows(question, letter, rows=rows)
        return [float(p) for p in self.probabilities(found)] if found else [0.0] * len(rows)

    def pair_scores(self, index: TableIndex, question: Question, letter: str,
                    pairs: list[tuple[tuple[str, int], tuple[str, int]]]) -> list[float]:
        """The probability of each pair of rows read as one row (the rows of a join) for option
        ``letter``."""
        found = self.features_of(index).pair_rows(question, letter, pairs)
        return [float(p) for p in self.probabilities(found)] if found else [0.0] * len(pairs)

    def option_rows(self, index: TableIndex, question: Question, letter: str) -> list[tuple[Candidate, float]]:
        """The option's candidate rows with their probabilities, best first."""
        found = self.features_of(index).option_rows(question, letter, candidates=self.candidates)
        probs = self.probabilities(found)
        return sorted(zip(found, (float(p) for p in probs)), key=lambda pair: -pair[1])

    def option_scores(self, index: TableIndex, question: Question) -> dict[str, float]:
        """Every option's score: the sum of its ``top`` best row probabilities (0 for an option
        no row shares a word with)."""
        return {o.letter: sum(p for _, p in self.option_rows(index, question, o.letter)[: self.top])
                for o in question.options}

    def knows(self, store, share: float = 0.9) -> bool:
        """Whether ``store`` is (nearly) the store the model was trained on: at least ``share``
        of its tables are the model's. A learned relevance is calibrated on its store (and weighs
        its tables); elsewhere the support graphs keep TF-IDF unless a model is asked for."""
        known = set(self.tables_)
        return bool(store.tables) and sum(name in known for name in store.tables) >= share * len(store.tables)

    # -- persistence ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "lemmas": LEMMAS,
                "params": {"C": self.C, "candidates": self.candidates, "top": self.top, "embeddings": self.embeddings,
                           "objective": self.objective, "row_weight": self.row_weight, "sharpness": self.sharpness},
                "trained_on": {"questions": self.n_questions_, "rows": self.n_rows_, "option_questions": self.n_option_questions_},
                "words": self.words_, "features": list(self.feature_names), "tables": self.tables_,
                "mean": [round(float(v), 8) for v in self.mean_], "scale": [round(float(v), 8) for v in self.scale_],
                "coef": [round(float(v), 8) for v in self.coef_], "intercept": round(self.intercept_, 8)}

    def save(self, path: str | Path) -> None:
        from ..errors import write_json_file

        write_json_file(path, self.to_json(), "model")

    @classmethod
    def from_json(cls, data: object, source: str = "model") -> RowScorer:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InputError(f"{source}: not a pyasp row-relevance model (no \"format\": \"{FORMAT}\")")
        if data.get("version") != VERSION:
            raise InputError(f"{source}: model version {data.get('version')!r}, this pyasp reads version {VERSION}")
        try:
            params = data["params"]
            # files written before the objective existed learned from the rows alone
            model = cls(float(params["C"]), int(params["candidates"]), int(params["top"]), params.get("embeddings"),
                        str(params.get("objective", "rows")), float(params.get("row_weight", 1.0)), float(params.get("sharpness", 10.0)))
            if model.objective not in OBJECTIVES:
                raise ValueError(f"unknown objective {model.objective!r}")
            if list(data["features"]) != list(model.feature_names):
                raise ValueError("its features are not this pyasp's")
            model.tables_ = [str(t) for t in data["tables"]]
            model.words_ = str(data["words"])
            if model.words_ not in RETRIEVAL_WORDS:
                raise ValueError(f"unknown vocabulary {model.words_!r}")
            width = len(model.feature_names) + len(model.tables_)
            model.mean_ = np.array(data["mean"], dtype=float)
            model.scale_ = np.array(data["scale"], dtype=float)
            model.coef_ = np.array(data["coef"], dtype=float)
            if not (len(model.mean_) == len(model.scale_) == len(model.coef_) == width):
                raise ValueError(f"expected {width} weights")
            model.intercept_ = float(data["intercept"])
            if not (np.isfinite([model.C, model.intercept_, model.row_weight, model.sharpness]).all() and np.isfinite(model.mean_).all()
                    and np.isfinite(model.scale_).all() and np.isfinite(model.coef_).all()):
                raise ValueError("a weight is not a finite number")
            if (model.scale_ == 0).any() or model.C <= 0 or model.candidates < 1 or model.top < 1:
                raise ValueError("scale 0, C not positive, or candidates/top below 1")
            model.n_questions_ = int(data["trained_on"]["questions"])
            model.n_rows_ = int(data["trained_on"]["rows"])
            model.n_option_questions_ = int(data["trained_on"].get("option_questions", 0))
        except (KeyError, TypeError, ValueError, OverflowError) as err:
            raise malformed(source, err) from None
        if data.get("lemmas", 1) != LEMMAS:
            import warnings

            from ..errors import PyaspWarning

            warnings.warn(f"{source} was trained with another lemmatiser (lemmas {data.get('lemmas', 1)}, this pyasp's "
                          f"{LEMMAS}): a few words are read differently than in training; retrain it with pyasp tables train",
                          PyaspWarning, stacklevel=2)
        return model

    @classmethod
    def load(cls, path: str | Path) -> RowScorer:
        from ..errors import read_json_file

        return cls.from_json(read_json_file(path, "model"), str(path))


#: The model shipped with the package: trained by ``pyasp tables train`` (the shipped static
#: embedding) on the clean tuning set (WorldTree Train questions that share nothing with the
#: Regents file; pyasp.tables.tuning).
DEFAULT_MODEL = MODELS_DIR / "tables_rows.json"
#: The same without an embedding (``pyasp tables train --embedding none``; ``--row-model lexical``).
LEXICAL_MODEL = MODELS_DIR / "tables_rows_lexical.json"
#: The same with all-MiniLM-L6-v2 itself (``pyasp tables train --embedding minilm``; ``--row-model
#: embeddings``), for an install with the optional packages (pyasp.tables.embeddings).
EMBEDDINGS_MODEL = MODELS_DIR / "tables_rows_embeddings.json"
#: Names of shipped row models that ``--row-model`` takes instead of a path.
SHIPPED_MODELS = {"default": DEFAULT_MODEL, "lexical": LEXICAL_MODEL, "embeddings": EMBEDDINGS_MODEL}
#: How each shipped model is trained (for the message when one is missing).
_TRAIN_FLAGS = {"default": "", "lexical": " --embedding none", "embeddings": " --embedding minilm"}


@lru_cache(maxsize=4)
def _load(path: str) -> RowScorer:
    return RowScorer.load(path)


def load_row_model(path: str | Path | None = None) -> RowScorer:
    """A row-relevance model file, or a shipped one by name (:data:`SHIPPED_MODELS`; ``None``:
    the default)."""
    name = "default" if path is None else str(path)
    if name not in SHIPPED_MODELS:
        return _load(model_file(path, DEFAULT_MODEL, "pyasp tables train"))
    train = "pyasp tables train" + _TRAIN_FLAGS[name]
    return _load(model_file(None, SHIPPED_MODELS[name], train))


class RowSolver:
    """The learned rows alone, without a support graph: each option scored by its row model score
    (the sum of its best rows' probabilities), the best rows of the winner as its support. A
    baseline for the support graphs (``pyasp tables eval --solver rows``); same interface as
    :class:`pyasp.tables.engine.TableSolver`."""

    def __init__(self, store, model: RowScorer):
        self.store = store
        self.model = model
        self.index_ = TableIndex(store, model.words_)

    def answer(self, text):
        import time

        from .engine import Result, SupportRow
        from .question import parse_question

        start = time.perf_counter()
        question = text if isinstance(text, Question) else parse_question(text, chunks=False)
        ranked = {o.letter: self.model.option_rows(self.index_, question, o.letter)[: self.model.top] for o in question.options}
        scores = {letter: (round(sum(p for _, p in rows), 6) if rows else None) for letter, rows in ranked.items()}
        supported = {letter: s for letter, s in scores.items() if s is not None}
        if not supported:
            return Result(question.text, None, None, scores, False, [], seconds=time.perf_counter() - start)
        top = max(supported.values())
        tied = [letter for letter, s in supported.items() if s == top]
        support = []
        for candidate, probability in ranked[tied[0]]:
            table = self.store.tables[candidate.table]
            row = table.rows[candidate.row]
            support.append(SupportRow(table.name, row.index + 1, row.uid, table.cells(row), table.sentence(row), [],
                                      round(probability, 6)))
        return Result(question.text, tied[0], top, scores, len(tied) > 1, tied, support, seconds=time.perf_counter() - start)
