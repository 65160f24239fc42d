"""The support-graph pipeline: read the question, retrieve tables and rows, ground the alignment
facts, solve ``encodings/support_graph.lp`` with clingo, decode the support graph.

    >>> store = load_store("examples/tables")                                   # doctest: +SKIP
    >>> result = TableSolver(store).answer("Which force pulls objects down? (A) gravity (B) friction")  # doctest: +SKIP
    >>> result.answer, [row.uid for row in result.support]                    # doctest: +SKIP

Options are scored as TableILP does: solve, take the chosen option and its objective, forbid it
and solve again, until every option is scored or none is left with a support graph. Options
whose best objective equals the winner's are a tie (``tie``, ``tied``). The grounding is made
once; each solve differs only in its assumptions.
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..asp import Model, Program, fact
from ..errors import InputError, PyaspError
from .ground import SCALE, Grounded, ground
from .question import Question, parse_question
from .retrieval import Retrieved, TableIndex
from .store import TableStore
from .text import DEFAULT_SCORES, Scores

ENCODING = "support_graph"

#: clingo's search options for the support graphs: the optimisation heuristic "sign,model"
#: (prefer, and after each model assume, the literals that lower the objective). Same optima as
#: clingo's defaults; in ``bench/tables_clingo_options.py`` (docs/benchmarks.md) it solves the
#: Regents questions 1.04x and the WorldTree Dev questions 1.17x faster in total, most of it on
#: the slowest questions. Adding ``--configuration=crafty`` gained more on Dev (1.36x) but lost
#: on Regents (0.96x); core-guided optimisation (``--opt-strategy=usc``) was far slower.
CLINGO_OPTIONS = ("--opt-heuristic=sign,model",)


@dataclass
class SupportRow:
    """A row of the support graph: where it is, its cells, and what its cells are aligned to."""

    table: str
    row: int  # 1-based row number in the table (header excluded)
    uid: str
    cells: dict[str, str]  # column key (Table.column_key) -> cell text, the data and fill columns of the row
    sentence: str
    aligned_to: list[dict]  # {"column", "question" | "option" | "join": ...}
    relevance: float | None = None  # the row's relevance to the chosen option (learned or TF-IDF)


@dataclass
class Result:
    """The answer to one question and the support graph behind it."""

    question: str
    answer: str | None  # the option letter; None when no option has a support graph
    score: float | None  # the objective of the chosen support graph (weights as in the encoding)
    scores: dict[str, float | None]  # every option's best objective (None: no support graph)
    tie: bool
    tied: list[str]  # letters whose score equals the winner's (the winner included)
    support: list[SupportRow] = field(default_factory=list)
    joins: list[dict] = field(default_factory=list)
    title_alignments: list[dict] = field(default_factory=list)
    relations: list[dict] = field(default_factory=list)
    seconds: float = 0.0  # reading, grounding and solving this question
    load_seconds: float = 0.0  # loading done once per solver before its first question (spaCy, WordNet, index, row model)
    partial: bool = False  # a time limit cut a solve short: scores are the best found
    stats: dict = field(default_factory=dict)

    @property
    def runner_up(self) -> float | None:
        others = sorted((s for letter, s in self.scores.items() if letter != self.answer and s is not None), reverse=True)
        return others[0] if others else None

    def as_json(self) -> dict:
        data = asdict(self)
        data["runner_up"] = self.runner_up
        return data


#: what :meth:`TableSolver.warm_up` reads and grounds
WARM_UP_QUESTION = "Which of these is a kind of matter? (A) water (B) light"


class TableSolver:
    """Answers multiple-choice questions from a table store (see the module docstring).

    Parameters: ``max_tables`` and ``max_rows`` (retrieval: tables kept, rows per table),
    ``encoding`` (a packaged encoding name or a ``.lp`` path), ``consts`` (``#const`` overrides
    of the encoding, scaled integers), ``scores`` (word entailment scores), ``time_limit_s`` (per
    solve call), ``retrieval_words`` (the vocabulary of retrieval, relevance and importance:
    "family", WordNet word families as :func:`pyasp.tables.text.family`, or "lemma"),
    ``row_model`` (a :class:`pyasp.tables.relevance.RowScorer`, or a path to one: the learned
    relevance of a row to an option, in place of the TF-IDF cosine; its ``add_rows`` best rows of
    each option join the retrieved ones; "auto": the shipped model when the store is the one it
    was trained on (:meth:`RowScorer.knows`, the WorldTree tables), else TF-IDF; None: TF-IDF),
    ``clingo_options`` (clingo command-line options of every solve; :data:`CLINGO_OPTIONS`).
    """

    def __init__(self, store: TableStore, *, max_tables: int = 7, max_rows: int = 20, ranking: str = "rows",
                 encoding: str | Path | None = None, consts: dict[str, int] | None = None,
                 scores: Scores = DEFAULT_SCORES, time_limit_s: float | None = None, weighted: bool = True,
                 retrieval_words: str = "family", row_model="auto", add_rows: int = 3,
                 clingo_options: tuple[str, ...] = CLINGO_OPTIONS):
        self.store = store
        self.max_tables = max_tables
        self.max_rows = max_rows
        self.ranking = ranking
        self.encoding = encoding
        self.consts = consts
        self.scores = scores
        self.time_limit_s = time_limit_s
        self.weighted = weighted
        self.retrieval_words = retrieval_words
        if row_model is not None and not hasattr(row_model, "option_rows"):
            from .relevance import load_row_model

            if row_model == "auto":
                row_model = load_row_model()
                row_model = row_model if row_model.knows(store) else None
            else:
                row_model = load_row_model(row_model)
        self.row_model = row_model
        if row_model is not None:  # the objective sums as many rows as the model's option score
            self.consts = {"relevance_rows": row_model.top, **(consts or {})}
        self.add_rows = add_rows
        self.clingo_options = tuple(clingo_options)
        self.index_ = TableIndex(store, retrieval_words)
        self._model_index_ = None
        self._warm_in = None  # the process that warmed up (a worker of --jobs loads for itself)
        self.ir_ = None

    # -- the steps ------------------------------------------------------------------------------
    def read(self, text: str | Question) -> Question:
        return text if isinstance(text, Question) else parse_question(text)

    def ground(self, question: Question) -> Grounded:
        retrieved = self.index_.retrieve(question, max_tables=self.max_tables, max_rows=self.max_rows, ranking=self.ranking)
        relevance, pair_relevance = self.index_.relevance, None
        if self.row_model is not None:
            retrieved = self._add_learned_rows(question, retrieved)
            model, index = self.row_model, self._model_index()
            relevance = lambda q, letter, rows: model.row_scores(index, q, letter, rows)  # noqa: E731
            pair_relevance = lambda q, letter, pairs: model.pair_scores(index, q, letter, pairs)  # noqa: E731
        return ground(question, retrieved, self.store, scores=self.scores, encoding=self.encoding, consts=self.consts,
                      importance=self.index_.importance if self.weighted else None,
                      relevance=relevance if self.weighted else None,
                      pair_relevance=pair_relevance if self.weighted else None,
                      option_ir=self._option_ir if self.weighted else None)

    def _model_index(self) -> TableIndex:
        """The index in the row model's vocabulary (the solver's own when they agree)."""
        words = self.row_model.words_
        if words == self.index_.words:
            return self.index_
        if self._model_index_ is None:
            self._model_index_ = TableIndex(self.store, words)
        return self._model_index_

    def _add_learned_rows(self, question: Question, retrieved: list[Retrieved]) -> list[Retrieved]:
        """The retrieved tables and rows plus the ``add_rows`` rows of each option that the row
        model scores best (their tables join the retrieved ones when missing)."""
        extra: dict[str, list[int]] = {}
        for option in question.options:
            for candidate, _ in self.row_model.option_rows(self._model_index(), question, option.letter)[: self.add_rows]:
                extra.setdefault(candidate.table, []).append(candidate.row)
        out = []
        for r in retrieved:
            more = [i for i in extra.pop(r.table.name, []) if i not in r.rows]
            out.append(Retrieved(r.table, r.score, r.rows + tuple(dict.fromkeys(more))) if more else r)
        for name, rows in extra.items():  # a table TF-IDF did not retrieve: no table score
            out.append(Retrieved(self.store.tables[name], 0.0, tuple(dict.fromkeys(rows))))
        return out

    def _option_ir(self, question: Question) -> dict[str, float | None]:
        """Every option's IR(tables) score (the option_ir/2 facts; weighed by ``w_ir``)."""
        if self.ir_ is None:
            from .ir import IRSolver

            self.ir_ = IRSolver(self.store)
        return self.ir_.answer(question).scores

    def program(self, grounded: Grounded) -> Program:
        program = Program(encoding=self.encoding or ENCODING, consts=dict(self.consts or {}), options=self.clingo_options,
                          needs=(("chosen", 1), ("active_row", 2), ("qcell", 4), ("qtitle", 3), ("ocell", 5),
                                 ("otitle", 4), ("join", 6), ("rel", 1), ("rel_anywhere", 1)))
        program.add_facts(grounded.facts)
        return program

    def solve_options(self, question: Question) -> tuple[Grounded, dict[str, Model], dict[str, float | None], Program]:
        """Every option's best support graph: the grounding, the best model and objective of
        each option that has one (solve, forbid the chosen option, solve again), the program."""
        grounded = self.ground(question)
        program = self.program(grounded)
        letters = [o.letter for o in question.options]
        scores: dict[str, float | None] = {letter: None for letter in letters}
        models: dict[str, Model] = {}
        forbidden: list[str] = []
        while len(forbidden) < len(letters):
            assumptions = [(fact("chosen", letter.lower()), False) for letter in forbidden]
            model, _ = program.best_model(assumptions=assumptions, time_limit_s=self.time_limit_s)
            if model is None:
                break
            shown = [str(args[0]).upper() for args in model.atoms("chosen", 1)]
            chosen = shown[0] if len(shown) == 1 else None
            if chosen not in letters or chosen in forbidden:
                raise InputError(f"{self.encoding or ENCODING}: a model shows {len(shown)} chosen/1 atoms, "
                                 "not the one option it chose (the encoding must choose exactly one option and #show chosen/1)")
            scores[chosen] = -sum(model.cost) / SCALE
            models[chosen] = model
            forbidden.append(chosen)
        return grounded, models, scores, program

    def warm_up(self) -> float:
        """Load what the first question would load (the spaCy pipeline, WordNet, the tables'
        indexes, the row model's embedding) by reading and grounding a question of no interest,
        so that a question's ``seconds`` are its own. Seconds spent; 0 once warm. A failure here
        is left for the real question to raise."""
        if self._warm_in == os.getpid():
            return 0.0
        self._warm_in = os.getpid()
        start = time.perf_counter()
        try:
            self.ground(self.read(WARM_UP_QUESTION))
        except Exception:  # noqa: BLE001 - the same error comes back, with its own question
            pass
        return time.perf_counter() - start

    def answer(self, text: str | Question) -> Result:
        load = self.warm_up()
        start = time.perf_counter()
        question = self.read(text)
        grounded, models, scores, program = self.solve_options(question)
        best = next(iter(models.values()), None)
        if best is not None:  # of tied options, the first in the question's order (not clingo's pick)
            top = scores[next(iter(models))]
            best = models[min(letter for letter, s in scores.items() if s == top and letter in models)]
        result = decode(grounded, best, scores)
        result.partial = program.partial
        result.stats = program.stats.as_dict()
        result.seconds = time.perf_counter() - start
        result.load_seconds = load
        return result


def decode(grounded: Grounded, model: Model | None, scores: dict[str, float | None]) -> Result:
    """The support graph of a model: its rows with their cells and alignments, and its joins."""
    question = grounded.question
    if model is None:
        return Result(question.text, None, None, scores, False, [])
    answer = model.atoms("chosen", 1)[0][0].upper()
    score = scores[answer]
    tied = [letter for letter, s in scores.items() if s is not None and s == score]
    constituents = {q.index + 1: q.text for q in question.constituents}
    aligned: dict[tuple[int, int], list[dict]] = {}

    def label(t: int, c: int) -> str:
        return grounded.table(t).column_key(c)

    for q, t, r, c in model.atoms("qcell", 4):
        aligned.setdefault((t, r), []).append({"column": label(t, c), "question": constituents[q]})
    for o, j, t, r, c in model.atoms("ocell", 5):
        part = " ".join(grounded.option_parts[str(o).upper()][j - 1])
        aligned.setdefault((t, r), []).append({"column": label(t, c), "option": part})
    joins = []
    for t1, r1, c1, t2, r2, c2 in model.atoms("join", 6):
        a, b = grounded.table(t1), grounded.table(t2)
        aligned.setdefault((t1, r1), []).append({"column": label(t1, c1), "join": _row_name(b, r2)})
        aligned.setdefault((t2, r2), []).append({"column": label(t2, c2), "join": _row_name(a, r1)})
        joins.append({"from": {"table": a.name, "uid": a.rows[r1].uid, "column": label(t1, c1), "cell": a.rows[r1].cells[c1]},
                      "to": {"table": b.name, "uid": b.rows[r2].uid, "column": label(t2, c2), "cell": b.rows[r2].cells[c2]}})
    relevance = {(f[2], f[3]): f[4] / SCALE for f in grounded.facts if f[0] == "relevance" and f[1] == answer.lower()}
    support = []
    for t, r in model.atoms("active_row", 2):
        table = grounded.table(t)
        row = table.rows[r]
        support.append(SupportRow(table.name, r + 1, row.uid, table.cells(row), table.sentence(row), aligned.get((t, r), []),
                                  relevance.get((t, r))))
    titles = [{"table": grounded.table(t).name, "column": label(t, c), "question": constituents[q]} for q, t, c in model.atoms("qtitle", 3)]
    titles += [{"table": grounded.table(t).name, "column": label(t, c), "option": " ".join(grounded.option_parts[str(o).upper()][j - 1])}
               for o, j, t, c in model.atoms("otitle", 4)]
    relations = []
    for (h,) in model.atoms("rel", 1):
        relation, text_id, pattern = grounded.hits[h]
        relations.append({"relation": relation.name, "table": relation.table, "pattern": pattern,
                          "in": "question" if text_id == "q" else f"option {str(text_id).upper()}"})
    against = set(model.atoms("against", 1))
    for (number,) in model.atoms("rel_anywhere", 1):  # used with no pattern of it in the text
        relation = grounded.relations[number]
        entry = {"relation": relation.name, "table": relation.table, "pattern": relation.free_pattern, "in": "anywhere"}
        if (number,) in against:  # read against a pattern of the question (w_relation_against)
            entry["against"] = next(pattern for hit_relation, text_id, pattern in grounded.hits.values()
                                    if hit_relation is relation and text_id == "q")
        relations.append(entry)
    return Result(question.text, answer, score, scores, len(tied) > 1, tied, support, joins, titles, relations)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _row_name(table, r: int) -> str:
    """TABLE:UID, or the UID alone where it names the table already (a table without a UID
    column numbers its rows TABLE:N)."""
    uid = table.rows[r].uid
    return uid if uid.startswith(f"{table.name}:") else f"{table.name}:{uid}"


def to_dot(result: Result) -> str:
    """The support graph as Graphviz DOT: question words (boxes), rows (their sentence), the
    chosen option (double box), alignment and join edges, and the relations read off rows
    (hexagons, with the pattern that matched)."""
    lines = ["digraph support_graph {", "  rankdir=LR;", "  node [fontname=Helvetica, fontsize=10];"]
    words: dict[str, str] = {}
    if result.answer:
        from .question import split_options

        try:
            text = dict(split_options(result.question)[1]).get(result.answer, "")
        except PyaspError:  # a result made by hand, without the question's text
            text = ""
        lines.append(f"  option [shape=box, peripheries=2, label={_quote(f'({result.answer}) {text}'.strip())}];")
    for k, row in enumerate(result.support):
        node = f"row{k}"
        lines.append(f"  {node} [shape=note, label={_quote(row.table + ': ' + row.sentence)}];")
        for edge in row.aligned_to:
            if "question" in edge:
                word = words.setdefault(edge["question"], f"q{len(words)}")
                lines.append(f"  {word} -> {node} [label={_quote(edge['column'])}];")
            elif "option" in edge:
                lines.append(f"  {node} -> option [label={_quote(edge['column'] + ': ' + edge['option'])}];")
    uid_node = {f"{row.table}:{row.uid}": f"row{k}" for k, row in enumerate(result.support)}
    for join in result.joins:
        a = uid_node.get(f"{join['from']['table']}:{join['from']['uid']}")
        b = uid_node.get(f"{join['to']['table']}:{join['to']['uid']}")
        if a and b:
            lines.append(f"  {a} -> {b} [dir=none, style=dashed, label={_quote(join['from']['column'] + ' = ' + join['to']['column'])}];")
    for word, node in words.items():
        lines.append(f"  {node} [shape=box, style=rounded, label={_quote(word)}];")
    for k, relation in enumerate(result.relations):  # a relation read off a table: on the rows it links
        how = (f"'{relation['pattern']}' in the {relation['in']}" if relation["in"] != "anywhere"
               else f"free pattern '{relation['pattern']}'" if relation["pattern"]
               else f"against '{relation['against']}'" if relation.get("against") else "no pattern in the text")
        node = f"rel{k}"
        lines.append(f"  {node} [shape=hexagon, label={_quote(relation['relation'] + ': ' + how)}];")
        for j, row in enumerate(result.support):
            if row.table == relation["table"]:
                lines.append(f"  {node} -> row{j} [style=dotted, arrowhead=none];")
    lines.append("}")
    return "\n".join(lines) + "\n"
