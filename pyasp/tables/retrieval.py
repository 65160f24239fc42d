"""Retrieve: the tables and rows a question is about, as TableILP does.

Tables are documents (the words of all their cells and headers); the question (stem and
options) is the query. Tables are ranked by the TF-IDF cosine of the two (scikit-learn's
``TfidfVectorizer`` over canonical lemmas, sublinear tf) and the top ``max_tables`` (7) are kept;
in each, the ``max_rows`` (20) rows whose words overlap the question most, overlap counted as
TableILP does: shared words over the row's words (so short rows that are mostly question words
come first), ties in table order. A row sharing no word with the question is never kept.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np

from ..errors import InputError, check_choice
from .question import Question
from .store import Table, TableStore
from .text import content_words, family, identity, lemma


@dataclass(frozen=True)
class Retrieved:
    table: Table
    score: float  # TF-IDF cosine with the question
    rows: tuple[int, ...]  # row indices, best first


def _row_words(table: Table, row, term=lemma) -> list[str]:
    return [term(w) for column, cell in zip(table.columns, row.cells) if column.kind == "data"
            for w in content_words(cell)]


class RowVectors(NamedTuple):
    """Every row of a store as a TF-IDF vector: row ``k`` is row ``row_of[k]`` of table
    ``names[table_of[k]]`` (:attr:`TableIndex.names`)."""

    vectorizer: object  # sklearn TfidfVectorizer over the index's vocabulary
    matrix: object  # scipy CSR matrix, one (L2-normalised) row per table row
    table_of: np.ndarray
    row_of: np.ndarray


#: the vocabularies of retrieval: lemmas, or WordNet word families (pyasp.tables.text.family)
RETRIEVAL_WORDS = ("family", "lemma")


class TableIndex:
    """TF-IDF over the tables of a store, and each row's words (built once per store)."""

    def __init__(self, store: TableStore, words: str = "lemma"):
        check_choice(words, RETRIEVAL_WORDS, "words")
        self.store = store
        self.words = words  # the vocabulary: "lemma" or "family" (see pyasp.tables.text.family)
        self.term = family if words == "family" else lemma

    @cached_property
    def names(self) -> list[str]:
        """The store's table names in order (the table numbers of :attr:`row_vectors`)."""
        return list(self.store.tables)

    @cached_property
    def row_words(self) -> dict[str, list[Counter]]:
        return {name: [Counter(_row_words(t, row, self.term)) for row in t.rows] for name, t in self.store.tables.items()}

    def _fit(self, vectorizer, docs):
        """The TF-IDF matrix of ``docs``; a PyaspError (about the store, not a question's
        InputError) when the store has no content word at all: only headers, or stop words."""
        if not any(docs):
            raise InputError(f"the table store ({len(self.names)} table{'s' * (len(self.names) != 1)}) has no content words to retrieve rows by: "
                             "its rows are empty or only stop words")
        return vectorizer.fit_transform(docs)

    @cached_property
    def _model(self):
        from sklearn.feature_extraction.text import TfidfVectorizer

        docs = []
        for name in self.names:
            table = self.store.tables[name]
            header = [self.term(w) for c in table.columns if c.kind == "data" for w in content_words(c.label)]
            body = [w for counts in self.row_words[name] for w in counts.elements()]
            docs.append(header + body)
        vectorizer = TfidfVectorizer(analyzer=identity, sublinear_tf=True)
        return vectorizer, self._fit(vectorizer, docs)

    @cached_property
    def row_vectors(self) -> RowVectors:
        """TF-IDF over the rows of every table, each row a document."""
        from sklearn.feature_extraction.text import TfidfVectorizer

        owners = [(i, r) for i, name in enumerate(self.names) for r in range(len(self.row_words[name]))]
        docs = [list(self.row_words[self.names[i]][r].elements()) for i, r in owners]
        vectorizer = TfidfVectorizer(analyzer=identity, sublinear_tf=True)
        return RowVectors(vectorizer, self._fit(vectorizer, docs).tocsr(),
                          np.array([i for i, _ in owners]), np.array([r for _, r in owners]))

    def cosines(self, words: list[str], positions: list | None = None) -> np.ndarray:
        """The TF-IDF cosine of ``words`` (terms of the index's vocabulary) with every row, or
        with the rows at ``positions`` (see :meth:`position`) in that order. A position may be a
        tuple of positions: those rows read as one (the sum of their vectors)."""
        vectors = self.row_vectors
        if positions is None:
            matrix = vectors.matrix
        elif positions and isinstance(positions[0], tuple):
            from scipy.sparse import csr_matrix
            from sklearn.preprocessing import normalize

            cols = [k for unit in positions for k in unit]
            rows = [i for i, unit in enumerate(positions) for _ in unit]
            pick = csr_matrix((np.ones(len(cols)), (rows, cols)), shape=(len(positions), vectors.matrix.shape[0]))
            matrix = normalize(pick @ vectors.matrix)
        else:
            matrix = vectors.matrix[positions]
        if not words or matrix.shape[0] == 0:
            return np.zeros(matrix.shape[0])
        return (matrix @ vectors.vectorizer.transform([words]).T).toarray().ravel()

    def retrieve(self, question: Question, *, max_tables: int = 7, max_rows: int = 20, ranking: str = "tables") -> list[Retrieved]:
        text = " ".join([question.stem, *(o.text for o in question.options)])
        query = [self.term(w) for w in content_words(text)]
        if not query:
            return []
        if ranking == "rows":
            return self._retrieve_by_rows(query, max_tables, max_rows)
        if ranking == "options":
            return self._retrieve_per_option(question, max_tables, max_rows)
        vectorizer, matrix = self._model
        scores = (matrix @ vectorizer.transform([query]).T).toarray().ravel()
        order = sorted(range(len(self.names)), key=lambda i: (-scores[i], i))
        wanted = Counter(query)
        out = []
        for i in order[:max_tables]:
            if scores[i] <= 0:
                break
            name = self.names[i]
            ranked = []
            for r, counts in enumerate(self.row_words[name]):
                total = sum(counts.values())
                shared = sum((counts & wanted).values())
                if shared:
                    ranked.append((-shared / total, r))
            ranked.sort()
            out.append(Retrieved(self.store.tables[name], float(scores[i]), tuple(r for _, r in ranked[:max_rows])))
        return out

    @cached_property
    def _idf_table(self) -> dict[str, float]:
        vectorizer = self.row_vectors.vectorizer
        return dict(zip(vectorizer.get_feature_names_out(), vectorizer.idf_))

    @cached_property
    def top_idf(self) -> float:
        """The largest IDF over the rows (a word of one row)."""
        return float(self.row_vectors.vectorizer.idf_.max())

    def idf(self, term: str) -> float:
        """The IDF of a term (of the index's vocabulary) over the rows; a term no row has counts
        as the rarest (:attr:`top_idf`)."""
        return self._idf_table.get(term, self.top_idf)

    @cached_property
    def _positions(self) -> dict[tuple[str, int], int]:
        vectors = self.row_vectors
        return {(self.names[int(t)], int(r)): k for k, (t, r) in enumerate(zip(vectors.table_of, vectors.row_of))}

    def position(self, table: str, row: int) -> int:
        """The number of row ``row`` of table ``table`` among :attr:`row_vectors`."""
        return self._positions[table, row]

    def relevance(self, question: Question, option_letter: str, rows: list[tuple[str, int]]) -> list[float]:
        """TF-IDF cosine of each row (table name, row index) with the stem plus one option: the
        IR(tables) baseline's score of the row for that option."""
        option = question.option(option_letter)
        query = [self.term(w) for w in content_words(question.stem)] + [self.term(w) for w in option.words]
        if not rows:
            return []
        return [float(v) for v in self.cosines(query, [self.position(*key) for key in rows])]

    def importance(self, words: tuple[str, ...]) -> float:
        """How rare the words are among the store's rows: the mean IDF of their lemmas over the
        largest IDF, in (0, 1]; a word no row has counts as the rarest."""
        return sum(self.idf(self.term(w)) for w in words) / (self.top_idf * len(words)) if words else 1.0

    def _retrieve_per_option(self, question: Question, max_tables: int, max_rows: int) -> list[Retrieved]:
        """For each option, the rows of its ``max_tables`` best tables (by their best row's TF-IDF
        cosine with the stem and that option) that share a word with the option, ``max_rows``
        a table; the union over the options. Every option gets the rows that would support it
        best, whatever the other options are."""
        _, _, table_of, row_of = self.row_vectors
        stem = [self.term(w) for w in content_words(question.stem)]
        best: dict[int, float] = {}
        chosen: dict[int, dict[int, float]] = {}
        for option in question.options:
            words = [self.term(w) for w in option.words]
            if not words:
                continue
            sims = self.cosines(stem + words)
            wanted = set(words)
            per_table: dict[int, list[tuple[float, int]]] = {}
            for k in np.flatnonzero(sims > 0):
                t, r = int(table_of[k]), int(row_of[k])
                if wanted & self.row_words[self.names[t]][r].keys():
                    per_table.setdefault(t, []).append((-float(sims[k]), r))
            ranked_tables = sorted(per_table, key=lambda t: (min(per_table[t])[0], t))[:max_tables]
            for t in ranked_tables:
                for negative, r in sorted(per_table[t])[:max_rows]:
                    best[t] = max(best.get(t, 0.0), -negative)
                    chosen.setdefault(t, {})[r] = max(chosen.get(t, {}).get(r, 0.0), -negative)
        out = []
        for t in sorted(best, key=lambda t: (-best[t], t)):
            rows = sorted(chosen[t], key=lambda r: (-chosen[t][r], r))
            out.append(Retrieved(self.store.tables[self.names[t]], best[t], tuple(rows)))
        return out

    def _retrieve_by_rows(self, query: list[str], max_tables: int, max_rows: int) -> list[Retrieved]:
        """Tables ranked by their best row (TF-IDF cosine of the row and the question), rows by
        the same cosine."""
        _, _, table_of, row_of = self.row_vectors
        sims = self.cosines(query)
        best: dict[int, float] = {}
        rows: dict[int, list[tuple[float, int]]] = {}
        for k in np.flatnonzero(sims > 0):
            t = int(table_of[k])
            best[t] = max(best.get(t, 0.0), float(sims[k]))
            rows.setdefault(t, []).append((-float(sims[k]), int(row_of[k])))
        out = []
        for t in sorted(best, key=lambda t: (-best[t], t))[:max_tables]:
            ranked = sorted(rows[t])[:max_rows]
            out.append(Retrieved(self.store.tables[self.names[t]], best[t], tuple(r for _, r in ranked)))
        return out
