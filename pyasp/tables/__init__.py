"""Support graphs (TableILP): multiple-choice questions answered over semi-structured tables.

read (store.py, question.py) -> retrieve (retrieval.py) -> ground (ground.py) -> solve and decode
(engine.py, encodings/support_graph.lp) -> evaluate (evaluate.py); ir.py is the IR(tables)
baseline.

From Python, the ``pyasp tables`` commands with the same defaults:

    >>> import pyasp.tables as tables                                         # doctest: +SKIP
    >>> r = tables.solve("Which month has the longest day in New York? (A) June (B) December",
    ...                  tables="examples/tables")                            # doctest: +SKIP
    >>> r.answer, [row.uid for row in r.support]                              # doctest: +SKIP
    ('A', ['ex-0001', 'ex-0101'])
    >>> model = tables.train("tuning.tsv", tables="worldtree-v1/tables")      # doctest: +SKIP
    >>> tables.evaluate("Regents-Gr04-NDMC-Train.tsv", tables="worldtree-v1/tables",
    ...                 model=model, jobs=2).accuracy                         # doctest: +SKIP

``tables`` is a folder of tables or a loaded :class:`pyasp.tables.store.TableStore` (load it
once with :func:`load_tables` to answer many questions); ``model`` the row relevance: ``"auto"``
(the shipped model on the WorldTree tables it was trained on, none elsewhere), ``None``, a
shipped model's name (``"default"``, ``"lexical"``, ``"embeddings"``), a file or a loaded model.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from . import evaluate as _evaluate_module  # noqa: F401  loaded first: the name `evaluate` is the function below

__all__ = ["SOLVERS", "evaluate", "load_model", "load_tables", "make_solver", "solve", "train"]

#: ``solver=``: support graphs, the IR(tables) baseline, the learned rows alone
SOLVERS = ("ilp", "ir", "rows")
#: ``ranking=``: how retrieval orders the tables
RANKINGS = ("rows", "tables", "options")

#: the most rows retrieved for one question (max_tables x max_rows)
MAX_RETRIEVED_ROWS = 2000
#: the largest ``#const`` override, either way: weights times scores (up to 1000) stay in 32 bits
MAX_CONST = 10**6

Progress = Callable[[int], None]


def load_tables(path: str | Path, *, skip_bad: bool = False, joins: str | Path | bool | None = None,
                relations: str | Path | None = None):
    """The table store of a folder (TSV or CSV tables; the ``_joins.tsv`` and
    ``_relations.tsv`` sidecars, or these files; ``joins=False``: no joins). A bad table stops
    loading unless ``skip_bad``; what was left out is in the store's ``warnings``."""
    from ..errors import check_input_dir
    from .store import load_store

    check_input_dir(path, "table folder")
    # joins=True: the default (the folder's sidecar, else a shipped one that fits)
    return load_store(path, skip_bad=skip_bad, joins=False if joins is False else None if joins is True else joins,
                      relations=relations)


def load_model(path: str | Path | None = None):
    """A row model written by :func:`train` (or ``pyasp tables train``), or a shipped one by name
    (``None``: the default). The model is shared between callers: do not fit it again."""
    from .relevance import load_row_model

    return load_row_model(path)


def make_solver(tables, *, solver: str = "ilp", model="auto", max_tables: int = 7, max_rows: int = 20,
                ranking: str = "rows", retrieval_words: str = "family", encoding: str | Path | None = None,
                consts: dict[str, int] | None = None, time_limit: float | None = None, skip_bad: bool = False,
                joins: str | Path | bool | None = None, relations: str | Path | None = None):
    """A solver with ``answer(question) -> Result``: support graphs (``"ilp"``), IR(tables)
    (``"ir"``) or the learned rows alone (``"rows"``). ``consts`` overrides the encoding's
    ``#const`` weights by name (integers; real weights are scaled by 1000). ``tables`` is a
    folder (loaded with ``skip_bad``, ``joins`` and ``relations`` as :func:`load_tables` does) or
    a loaded store."""
    from ..errors import InputError, check_choice, check_count, check_input_file, check_seconds
    from .engine import TableSolver
    from .ir import IRSolver
    from .retrieval import RETRIEVAL_WORDS

    max_tables, max_rows = check_count(max_tables, "max_tables"), check_count(max_rows, "max_rows")
    time_limit = check_seconds(time_limit)
    if consts is not None and not isinstance(consts, dict):
        raise InputError(f"consts is a dict of #const names and integers, not a {type(consts).__name__}")
    if max_tables * max_rows > MAX_RETRIEVED_ROWS:
        raise InputError(f"{max_tables} tables x {max_rows} rows a table: at most {MAX_RETRIEVED_ROWS:,} rows are "
                         "retrieved for a support graph (the paper: 7 x 20; more outgrows memory while grounding)")
    check_choice(solver, SOLVERS, "solver")
    check_choice(ranking, RANKINGS, "ranking")
    check_choice(retrieval_words, RETRIEVAL_WORDS, "retrieval_words")
    if encoding is not None:
        check_input_file(encoding, "encoding file")
    if consts or encoding is not None:
        check_consts(consts or {}, encoding)
    if isinstance(tables, (str, Path)):
        store = load_tables(tables, skip_bad=skip_bad, joins=joins, relations=relations)
    elif skip_bad or joins is not None or relations is not None:
        raise InputError("skip_bad, joins and relations are for loading a store: give them to load_tables")
    else:
        store = _store(tables)
    if solver == "ir":
        return IRSolver(store)
    if solver == "rows":
        from .relevance import RowSolver

        if model is None:
            raise InputError("the rows solver is the row model alone: it needs a model")
        scorer = _row_model(model, explicit=True)
        if model == "auto" and not scorer.knows(store):
            import warnings

            from ..errors import PyaspWarning

            warnings.warn("the rows solver uses the shipped row model, trained on the WorldTree tables; this store's "
                          "tables are others, so it has only its word features to go on (pyasp tables train makes a "
                          "model for this store; give it with --row-model)", PyaspWarning, stacklevel=2)
        return RowSolver(store, scorer)
    return TableSolver(store, max_tables=max_tables, max_rows=max_rows, ranking=ranking, encoding=encoding,
                       consts=consts or None, time_limit_s=time_limit, retrieval_words=retrieval_words,
                       row_model=_row_model(model))


def solve(question: str, *, tables, **options):
    """The best-supported option of one question (:class:`pyasp.tables.engine.Result`: answer,
    scores, tie, support rows); raises :class:`pyasp.errors.NoAnswer` when no option has a
    support graph (its ``result`` holds the scores). ``options`` are :func:`make_solver`'s."""
    from ..errors import NoAnswer

    result = make_solver(tables, **options).answer(question)
    if result.answer is None:
        error = NoAnswer("no option has a support graph in these tables (unsupported)"
                         + (": the time limit cut a solve short" if result.partial else ""))
        error.result = result
        raise error
    return result


def train(questions, *, tables, categories: set[str] | None = None, embedding: str = "static",
          objective: str = "options", C: float = 0.1, row_weight: float = 0.5, sharpness: float = 10.0,
          candidates: int = 40, top: int = 3, retrieval_words: str = "family", skip_bad: bool = False,
          progress: Progress | None = None):
    """Learn the row relevance from questions with gold explanations (a WorldTree questions file
    or its loaded items): a row is relevant to the right option when a person cited it. Train on
    questions you will not evaluate on (``pyasp tables tuning-set``)."""
    from ..errors import InputError, check_choice
    from .embeddings import EMBEDDERS
    from .relevance import OBJECTIVES, RowScorer
    from .retrieval import RETRIEVAL_WORDS, TableIndex

    check_choice(retrieval_words, RETRIEVAL_WORDS, "retrieval_words")
    check_choice(objective, OBJECTIVES, "objective")
    check_choice(embedding, (*EMBEDDERS, "none"), "embedding")
    items = _items(questions, categories, skip_bad)
    store = load_tables(tables, skip_bad=skip_bad) if isinstance(tables, (str, Path)) else _store(tables)
    if isinstance(C, bool) or not isinstance(C, (int, float)) or not C > 0:
        raise InputError(f"C (the inverse strength of the regularisation) must be a number above 0, not {C!r}")
    scorer = RowScorer(C=C, candidates=candidates, top=top, embeddings=embedding, objective=objective,
                       row_weight=row_weight, sharpness=sharpness)
    return scorer.fit(TableIndex(store, retrieval_words), items, progress=progress)


def evaluate(questions, *, tables, explanations=None, categories: set[str] | None = None, jobs: int = 1,
             skip_bad: bool = False, progress: Progress | None = None, **options):
    """Accuracy (1/k for a k-way tie with the right answer), seconds per question and, with gold
    explanations (a WorldTree questions file, or ``questions`` itself when it is one), the recall
    of gold rows among the support rows: :class:`pyasp.tables.evaluate.Evaluation`. ``questions``
    is a Regents or WorldTree file or loaded items; ``options`` are :func:`make_solver`'s."""
    from .evaluate import attach_explanations, evaluate as score

    items = _items(questions, categories, skip_bad)
    if explanations is not None:
        items = attach_explanations(items, explanations, skip_bad=skip_bad)
    if isinstance(tables, (str, Path)):
        options["skip_bad"] = skip_bad
    return score(make_solver(tables, **options), items, jobs=jobs, progress=progress)


def _store(tables):
    """A loaded table store, or an InputError saying what ``tables`` takes."""
    from ..errors import InputError
    from .store import TableStore

    if not isinstance(tables, TableStore):
        raise InputError(f"tables is a folder of tables (a path) or a store from load_tables, not {type(tables).__name__}")
    return tables


def _items(questions, categories, skip_bad: bool) -> list:
    """Loaded items (:class:`pyasp.tables.evaluate.Item`, or ``(question, answer letter)``
    pairs), or those of a questions file (malformed ones left out with a warning under
    ``skip_bad``, withheld WorldTree texts left out silently)."""
    import warnings

    from ..errors import InputError
    from .evaluate import Item, load_questions

    if isinstance(categories, str):  # "Train" is one category, not five letters
        categories = {categories}
    if not isinstance(questions, (str, Path)):
        from .question import split_options

        if isinstance(questions, (bytes, dict)) or not hasattr(questions, "__iter__"):
            raise InputError("give a questions file, Items (pyasp.tables.evaluate.load_questions) or (question text, "
                             f"answer letter) pairs, not {type(questions).__name__}")
        items = []
        for k, item in enumerate(questions):
            if isinstance(item, Item):
                items.append(item)
            elif isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(x, str) for x in item):
                try:  # as a questions file's lines are: options, and an answer that is one of them
                    letters = [letter for letter, _ in split_options(item[0])[1]]
                    if item[1].strip().upper() not in letters:
                        raise InputError(f"the answer {item[1]!r} is not one of the options {', '.join(letters)}")
                except InputError as err:
                    if not skip_bad:
                        raise InputError(f"question {k + 1}: {err}") from None
                    warnings.warn(f"left out question {k + 1}: {err}", stacklevel=3)
                    continue
                items.append(Item(str(k + 1), item[0], item[1].strip().upper()))
            else:
                raise InputError(f"question {k + 1}: give a questions file, Items (pyasp.tables.evaluate.load_questions) "
                                 f"or (question text, answer letter) pairs, not {item!r:.80}")
        return items
    bad: list[str] | None = [] if skip_bad else None
    items = load_questions(questions, categories=categories, bad=bad)
    for message in bad or ():
        warnings.warn(f"left out {message}", stacklevel=3)
    return items


def _row_model(model, explicit: bool = False):
    """What TableSolver and RowSolver take: ``"auto"`` (TableSolver decides), None, or a model."""
    from ..errors import check_input_file
    from .relevance import SHIPPED_MODELS

    if model is None or hasattr(model, "option_rows"):
        return model
    if model == "auto":
        return load_model() if explicit else "auto"
    if str(model) not in SHIPPED_MODELS:
        check_input_file(model, "row model")
    return load_model(model)


#: Bounds of the encoding below which no support graph exists (the other ``max_`` bounds may be 0).
AT_LEAST_ONE = frozenset({"max_tables", "max_rows", "max_cell_edges", "max_option_columns", "max_option_tables",
                          "max_ocons_edges"})


def check_consts(consts: dict[str, int], encoding: str | Path | None) -> None:
    """Every name a ``#const`` of the encoding, every value an integer clingo can hold."""
    from ..asp import encoding_facts
    from ..errors import InputError
    from ..resources import encoding_path

    path = encoding or encoding_path("support_graph")
    known = encoding_facts(path).constants  # name -> (value, line, comment)
    for name, (text, line, _) in known.items():  # the file's own values: the same bounds
        try:
            written = int(text)
        except ValueError:
            continue
        if name not in consts and not -MAX_CONST <= written <= MAX_CONST:
            raise InputError(f"{path}:{line}: #const {name} = {text} is beyond {MAX_CONST:,} either way (the encoding "
                             "multiplies weights by scores up to 1000, within clingo's 32-bit integers)")
    for name, value in consts.items():
        if name not in known:
            raise InputError(f"{path} has no #const {name}; it defines: {', '.join(sorted(known))} "
                             "(pyasp tables weights lists them)")
        if not isinstance(value, int) or not -MAX_CONST <= value <= MAX_CONST:
            raise InputError(f"#const {name}: {value!r} is not an integer of at most {MAX_CONST:,} either way "
                             "(the encoding multiplies weights by scores up to 1000, within clingo's 32-bit integers)")
        least = 1 if name in AT_LEAST_ONE else 0 if name.startswith("max_") else None
        if least is not None and value < least:
            raise InputError(f"#const {name}: {value} is a bound of the support graph and cannot be below {least}"
                             + (" (below 1, no support graph is possible)" if least else ""))
