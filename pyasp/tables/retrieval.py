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

import numpy as np

from .question import Question
from .store import Table, TableStore
from .text import content_words, lemma


@dataclass(frozen=True)
class Retrieved:
    table: Table
    score: float  # TF-IDF cosine with the question
    rows: tuple[int, ...]  # row indices, best first


def _row_words(table: Table, row) -> list[str]:
    return [lemma(w) for column, cell in zip(table.columns, row.cells) if column.kind == "data"
            for w in content_words(cell)]


class TableIndex:
    """TF-IDF over the tables of a store, and each row's words (built once per store)."""

    def __init__(self, store: TableStore):
        self.store = store

    @cached_property
    def _names(self) -> list[str]:
        return list(self.store.tables)

    @cached_property
    def row_words(self) -> dict[str, list[Counter]]:
        return {name: [Counter(_row_words(t, row)) for row in t.rows] for name, t in self.store.tables.items()}

    @cached_property
    def _model(self):
        from sklearn.feature_extraction.text import TfidfVectorizer

        docs = []
        for name in self._names:
            table = self.store.tables[name]
            header = [lemma(w) for c in table.columns if c.kind == "data" for w in content_words(c.label)]
            body = [w for counts in self.row_words[name] for w in counts.elements()]
            docs.append(header + body)
        vectorizer = TfidfVectorizer(analyzer=lambda words: words, sublinear_tf=True)
        matrix = vectorizer.fit_transform(docs)
        return vectorizer, matrix

    def retrieve(self, question: Question, *, max_tables: int = 7, max_rows: int = 20) -> list[Retrieved]:
        text = " ".join([question.stem, *(o.text for o in question.options)])
        query = [lemma(w) for w in content_words(text)]
        if not query:
            return []
        vectorizer, matrix = self._model
        scores = (matrix @ vectorizer.transform([query]).T).toarray().ravel()
        order = sorted(range(len(self._names)), key=lambda i: (-scores[i], i))
        wanted = Counter(query)
        out = []
        for i in order[:max_tables]:
            if scores[i] <= 0:
                break
            name = self._names[i]
            ranked = []
            for r, counts in enumerate(self.row_words[name]):
                total = sum(counts.values())
                shared = sum((counts & wanted).values())
                if shared:
                    ranked.append((-shared / total, r))
            ranked.sort()
            out.append(Retrieved(self.store.tables[name], float(scores[i]), tuple(r for _, r in ranked[:max_rows])))
        return out

    def table_scores(self, question: Question) -> np.ndarray:
        """The TF-IDF cosine of the question with every table, in store order."""
        text = " ".join([question.stem, *(o.text for o in question.options)])
        vectorizer, matrix = self._model
        return (matrix @ vectorizer.transform([[lemma(w) for w in content_words(text)]]).T).toarray().ravel()
