"""Evaluate a solver on a file of multiple-choice questions.

Two formats are read:

- Regents: one question a line, ``question text (A) ... (B) ...<TAB>answer letter`` (blank lines
  and ``#`` lines skipped, as everywhere pyasp reads one item a line);
- WorldTree: ``questionsAndExplanations.tsv`` (a header with ``question``, ``AnswerKey``,
  ``category`` and ``explanation`` columns); ``categories`` keeps some of its splits (Dev, Test).

Accuracy counts 1/k for a k-way tie that includes the right answer (0 for an unanswered
question). With gold explanations (the WorldTree ``explanation`` column, ``UID|ROLE`` pairs), the
gold-row recall is the share of a question's gold rows that the store holds and the support graph
uses, averaged over questions with at least one such gold row.
"""

from __future__ import annotations

import csv
import io
import statistics
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, PyaspWarning, numbered_lines, read_text_file
from ..parallel import map_chunks
from .question import LETTERS, QuestionError, split_options


@dataclass(frozen=True)
class Item:
    id: int | str  # a line number (a number, as the word problems' line numbers are), or the file's QuestionID
    text: str
    answer: str
    gold_uids: tuple[str, ...] = ()


@dataclass
class Evaluation:
    accuracy: float
    n: int
    correct: float
    unanswered: int
    partial: int  # questions where a time limit cut a solve short
    seconds_per_question: float  # mean
    median_seconds: float
    gold_row_recall: float | None
    rows: list[dict] = field(default_factory=list)

    def as_json(self, details: bool = False) -> dict:
        data = {k: v for k, v in self.__dict__.items() if k != "rows"}
        if details:
            data["questions"] = self.rows
        return data

    # the names the word-problem engines' EvaluationResult uses, for code that reads both
    @property
    def predictions(self) -> list[dict]:
        """Every question's record (id, answer, predicted, tied, scores, credit, seconds, support)."""
        return self.rows

    def as_dict(self, with_predictions: bool = False) -> dict:
        """What ``pyasp tables eval --json`` prints (with the records under ``questions``)."""
        return self.as_json(details=with_predictions)


def _check_question(where: str, question: str, answer: str) -> None:
    """A question must have its options and its answer among them: otherwise it is a bad
    record, named by file and line (not a question silently scored wrong)."""
    try:
        _, options = split_options(question)
    except InputError as err:
        raise InputError(f"{where}: {err}") from None
    letters = [letter for letter, _ in options]
    if answer not in letters:
        raise InputError(f"{where}: the answer {answer} is not one of the options ({', '.join(letters)})")


def _check_key(where: str, question: str, answer: str) -> None:
    if not question or answer not in LETTERS or not answer:
        raise InputError(f"{where}: the question or its answer key ({answer!r}) is missing or not a letter A-H")


def _check_regents(where: str, fields: int, question: str, answer: str) -> None:
    if fields != 2:
        raise InputError(f"{where}: expected 'question text<TAB>answer letter'"
                         + (f", found {fields} tab-separated fields" if fields > 2 else ""))
    if len(answer) != 1 or answer not in LETTERS:
        header = " (a header line? this format has none: every line is a question)" if where.endswith(":1") else ""
        raise InputError(f"{where}: the answer {answer!r} is not a letter A-H{header}")
    _check_question(where, question, answer)


def _valid(bad: list[str] | None, check, *args) -> bool:
    """Whether ``check(*args)`` passes; a malformed question stops loading (its InputError),
    unless a list ``bad`` is given: then its message goes there and the question is left out."""
    try:
        check(*args)
    except InputError as err:
        if bad is None:
            raise
        bad.append(str(err))
        return False
    return True


def _worldtree(path: Path, text: str, categories: set[str] | None, skipped: list[str], bad: list[str] | None) -> list[Item]:
    reader = csv.DictReader(io.StringIO(text), delimiter="\t")
    fields = {name.strip(",").strip(): name for name in reader.fieldnames or ()}
    for needed in ("question", "AnswerKey"):
        if needed not in fields:
            raise InputError(f"{path}:1: no {needed!r} column in the header")
    items = []
    wanted = {c.lower() for c in categories} if categories else None  # "dev" is Dev
    present: set[str] = set()
    for number, record in enumerate(reader, start=2):
        category = (record.get(fields.get("category", ""), "") or "").strip()
        present.add(category)
        if wanted and category.lower() not in wanted:
            continue
        if not _valid(bad, _check_width, f"{path}:{number}", record, len(reader.fieldnames or ())):
            continue
        answer = (record[fields["AnswerKey"]] or "").strip()
        question = (record[fields["question"]] or "").strip()
        if not _valid(bad, _check_key, f"{path}:{number}", question, answer):
            continue
        if "(A)" not in question:  # licensed questions ship as a placeholder sentence
            skipped.append(f"{path}:{number}: no options (A) ... in the question text")
            continue
        if not _valid(bad, _check_question, f"{path}:{number}", question, answer):
            continue
        parts = (record.get(fields.get("explanation", ""), "") or "").split()
        if not _valid(bad, _check_explanation, f"{path}:{number}", parts):
            continue
        gold = tuple(part.split("|")[0] for part in parts)
        ident = (record.get(fields.get("QuestionID", ""), "") or "").strip() or number
        items.append(Item(ident, question, answer, gold))
    if not items:
        named = ", ".join(sorted(c for c in present if c)) or "none"
        raise InputError(f"{path}: no questions" + (f" of the categories {', '.join(sorted(categories))} (the file's "
                                                     f"categories: {named})" if categories else "")
                         + (f" ({len(skipped)} without their options left out)" if skipped else "")
                         + (f" ({len(bad)} malformed left out)" if bad else ""))
    return items


def _check_width(where: str, record: dict, width: int) -> None:
    """A row with more fields than the header (a tab inside a question, say) would be read with
    its fields shifted or cut: refused, naming the line."""
    extra = record.get(None)
    if extra:
        raise InputError(f"{where}: the row has {width + len(extra)} fields, the header {width} (a tab inside a field?)")


def _check_explanation(where: str, parts: list[str]) -> None:
    plain = next((part for part in parts if "|" not in part), None)
    if plain is not None:
        raise InputError(f"{where}: the explanation names rows as ROW-UID|ROLE; {plain!r} has no role")


def load_questions(path: str | Path, *, categories: set[str] | None = None, skipped: list[str] | None = None,
                   bad: list[str] | None = None, what: str = "questions file") -> list[Item]:
    """The questions of a Regents or WorldTree file (see the module docstring). WorldTree
    questions whose text is withheld (a placeholder without options) are left out and named in
    ``skipped``. A malformed question stops loading (InputError naming file and line), unless a
    list ``bad`` is given: then it is left out and its message appended there."""
    path = Path(path)
    text = read_text_file(path, what)
    first = text.split("\n", 1)[0]
    if "AnswerKey" in {field.strip(",").strip() for field in first.split("\t")}:  # WorldTree's header
        return _worldtree(path, text, categories, skipped if skipped is not None else [], bad)
    if categories:
        raise InputError(f"{path}: a Regents questions file has no category column; --category selects WorldTree splits")
    items = []
    for number, line in numbered_lines(text):
        line = line.rstrip("\r")
        question, _, answer = line.rpartition("\t")
        answer = answer.strip().upper()
        if not _valid(bad, _check_regents, f"{path}:{number}", line.count("\t") + 1, question, answer):
            continue
        items.append(Item(number, question.strip(), answer))
    if not items:
        raise InputError(f"{path}: no questions" + (f" ({len(bad)} malformed left out)" if bad else ""))
    return items


def load_question_lines(path: str | Path, *, text: str | None = None) -> list[Item]:
    """Questions to answer, answers not needed: one question with its options a line, blank lines
    and lines starting with ``#`` skipped, a question's id its line number (an int); a TAB and what follows
    it are not read (so a Regents file's answer letters are left alone). ``text``: the file's
    contents, already read (standard input)."""
    path = Path(path)
    if text is None:
        text = read_text_file(path, "question file")
    items = [Item(number, line.split("\t")[0].strip(), "") for number, line in numbered_lines(text)
             if line.split("\t")[0].strip()]
    if not items:
        raise InputError(f"{'standard input' if str(path) == '-' else path}: no question (one question with its options a line)")
    return items


def _answer_chunk(items: list[Item], solver) -> list[dict]:
    out = []
    for item in items:
        head = {"id": item.id, "question": item.text}
        try:
            result = solver.answer(item.text)
        except QuestionError as err:
            out.append({**head, "status": "not a question", "answer": None, "error": str(err)})
            continue
        status = "answered" if result.answer else "unsupported"
        out.append({**head, "status": status, **{k: v for k, v in result.as_json().items() if k != "question"}})
    return out


def answer_many(solver, items: list[Item], *, jobs: int = 1, progress=None, into: list | None = None) -> list[dict]:
    """Answer every question with ``solver`` (a TableSolver or IRSolver), in order: each result is
    what ``solver.answer(...).as_json()`` gives, with ``id`` and ``status`` ("answered";
    "unsupported" when no option has a support graph; "not a question", with the reason in
    ``error``, for a line without options). One bad question does not stop the others.
    ``into``: a list the results are appended to as they come (what was answered before a Ctrl-C)."""
    return map_chunks(_answer_chunk, list(items), solver, jobs=jobs, chunk=4, progress=progress, into=into)


def _solve_chunk(items: list[Item], solver) -> list[dict]:
    out = []
    for item in items:
        try:
            result = solver.answer(item.text)
        except QuestionError as err:  # a question without options: counted wrong, reported (a broken store or encoding stops the run)
            out.append({"id": item.id, "answer": item.answer, "predicted": None, "tied": [], "credit": 0.0,
                        "seconds": 0.0, "error": str(err), "support": []})
            continue
        credit = 1.0 / len(result.tied) if result.answer and item.answer in result.tied else 0.0
        out.append({"id": item.id, "answer": item.answer, "predicted": result.answer, "tied": result.tied,
                    "scores": result.scores, "credit": credit, "seconds": result.seconds,
                    "support": [row.uid for row in result.support], "partial": result.partial})
    return out


def evaluate(solver, items: list[Item], *, jobs: int = 1, progress=None, into: list | None = None) -> Evaluation:
    """Answer every question with ``solver`` (a TableSolver or IRSolver) and score the answers.
    ``into``: a list each question's record is appended to as it comes, so that what was answered
    before a Ctrl-C can still be scored (:func:`score`)."""
    if not items:
        raise InputError("no questions to evaluate")
    rows = map_chunks(_solve_chunk, items, solver, jobs=jobs, chunk=4, progress=progress, into=into)
    return score(solver, items, rows)


def score(solver, items: list[Item], rows: list[dict]) -> Evaluation:
    """The evaluation of the first ``len(rows)`` questions of ``items`` from their records (as
    :func:`evaluate` makes them): all of them, or those answered before a Ctrl-C."""
    if not rows:
        raise InputError("no question was answered")
    items = items[: len(rows)]
    correct = sum(r["credit"] for r in rows)
    seconds = [r["seconds"] for r in rows]
    recalls = []
    store_uids = {row.uid for table in solver.store.tables.values() for row in table.rows}
    for item, row in zip(items, rows):
        known = [uid for uid in item.gold_uids if uid in store_uids]
        if known:
            used = set(row["support"])
            recalls.append(sum(uid in used for uid in known) / len(known))
    named = sorted({uid for item in items for uid in item.gold_uids})
    if named and not recalls:
        warnings.warn(f"no gold row the questions name is a row of these tables ({len(named)} UID{'s' * (len(named) != 1)}, e.g. "
                      f"{named[0]!r}), so there is no gold-row recall: are the tables those of the explanations?",
                      PyaspWarning, stacklevel=3)
    return Evaluation(
        accuracy=correct / len(items), n=len(items), correct=round(correct, 4),
        unanswered=sum(r["predicted"] is None for r in rows),
        partial=sum(bool(r.get("partial")) for r in rows),
        seconds_per_question=statistics.fmean(seconds), median_seconds=statistics.median(seconds),
        gold_row_recall=statistics.fmean(recalls) if recalls else None, rows=rows,
    )


def attach_gold(items: list[Item], explained: list[Item]) -> list[Item]:
    """The items with the gold rows of the explained question of the same text."""
    gold = {" ".join(i.text.split()): i.gold_uids for i in explained}
    return [Item(i.id, i.text, i.answer, gold.get(" ".join(i.text.split()), i.gold_uids)) for i in items]


def attach_explanations(items: list[Item], path: str | Path, *, skip_bad: bool = False) -> list[Item]:
    """The items with the gold rows that a WorldTree questions file gives their questions; a file
    without any gold row is refused (it is not an explanations file)."""
    explained = load_questions(path, bad=[] if skip_bad else None, what="explanations file")
    if not any(item.gold_uids for item in explained):
        raise InputError(f"{path}: no question has gold rows (an 'explanation' column of ROW-UID|ROLE); "
                         "explanations come from WorldTree's questionsAndExplanations.tsv")
    return attach_gold(items, explained)
