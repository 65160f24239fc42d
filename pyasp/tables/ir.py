"""The IR(tables) baseline of the TableILP paper: every row written as a sentence (its data and
fill cells in order), and each option scored by its best-matching row.

A row may support an option when it shares at least one content word (canonical lemma) with the
stem and at least one with the option; its score is the TF-IDF cosine between the row and the
stem plus the option (scikit-learn, sublinear tf, over canonical lemmas). The option whose best
row scores highest wins; an option with no such row has no score.
"""

from __future__ import annotations

import time

from .engine import Result, SupportRow
from .question import Question, parse_question
from .store import TableStore
from .text import content_words, identity, lemma


class IRSolver:
    """Same interface as :class:`pyasp.tables.engine.TableSolver`: ``answer(text) -> Result``."""

    def __init__(self, store: TableStore):
        self.store = store
        self._fitted = False

    def _fit(self) -> None:
        from sklearn.feature_extraction.text import TfidfVectorizer

        self.rows_ = [(table, row) for table in self.store.tables.values() for row in table.rows]
        self.row_words_ = [[lemma(w) for w in content_words(table.sentence(row))] for table, row in self.rows_]
        self.vectorizer_ = TfidfVectorizer(analyzer=identity, sublinear_tf=True)
        self.matrix_ = self.vectorizer_.fit_transform(self.row_words_).tocsr()
        self.postings_: dict[str, set[int]] = {}
        for i, words in enumerate(self.row_words_):
            for w in set(words):
                self.postings_.setdefault(w, set()).add(i)
        self._fitted = True

    def answer(self, text: str | Question) -> Result:
        start = time.perf_counter()
        if not self._fitted:
            self._fit()
        question = text if isinstance(text, Question) else parse_question(text, chunks=False)
        stem = {lemma(w) for w in content_words(question.stem)}
        with_stem = set().union(*(self.postings_.get(w, set()) for w in stem)) if stem else set()
        scores: dict[str, float | None] = {}
        best_rows: dict[str, int] = {}
        for option in question.options:
            words = [lemma(w) for w in option.words]
            candidates = sorted(with_stem & set().union(*(self.postings_.get(w, set()) for w in words))) if words else []
            if not candidates:
                scores[option.letter] = None
                continue
            query = self.vectorizer_.transform([[*(lemma(w) for w in content_words(question.stem)), *words]])
            sims = (self.matrix_[candidates] @ query.T).toarray().ravel()
            k = int(sims.argmax())
            scores[option.letter] = round(float(sims[k]), 6)
            best_rows[option.letter] = candidates[k]
        supported = {letter: s for letter, s in scores.items() if s is not None}
        if not supported:
            return Result(question.text, None, None, scores, False, [], seconds=time.perf_counter() - start)
        top = max(supported.values())
        tied = [letter for letter, s in supported.items() if s == top]
        answer = tied[0]
        table, row = self.rows_[best_rows[answer]]
        support = [SupportRow(table.name, row.index + 1, row.uid, table.cells(row), table.sentence(row), [], top)]
        return Result(question.text, answer, top, scores, len(tied) > 1, tied, support, seconds=time.perf_counter() - start)
