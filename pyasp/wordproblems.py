"""Read: word-problem datasets in the MAWPS / CogComp JSON format.

A dataset is a JSON list of records with ``iIndex`` (id), ``sQuestion`` (the text) and
``lSolutions`` (the answers, numbers or numeric strings). Other fields are left alone unless
asked for with ``extra_fields``: in particular the gold equations (``lEquations``) are not loaded
by default, so that nothing that trains or predicts from answers can read them by accident.

    >>> problems, bad = records_from_json([{"iIndex": 7, "sQuestion": "Tom has 3 apples ...", "lSolutions": ["5"]}])
    >>> problems[0].id, problems[0].solutions, bad
    (7, (5.0,), [])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError, NoAnswer, PyaspWarning, numbered_lines, parse_json, read_json_file, read_text_file

#: An answer is right when it is within this relative tolerance of a gold solution.
RELATIVE_TOLERANCE = 1e-4


@dataclass(frozen=True)
class WordProblem:
    id: int | str
    text: str
    solutions: tuple[float, ...]
    position: int | None = None  # index of the record in its file (0-based; messages count from 1)
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def record(self) -> str:
        """The problem as messages name it: "record 3 (iIndex 12)", the record counted from 1 as
        a reader of the file counts; "problem 12" for one not loaded from a file."""
        return f"problem {self.id}" if self.position is None else f"record {self.position + 1} (iIndex {self.id})"


def _number(raw: object) -> float | None:
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        try:
            return float(raw) if math.isfinite(raw) else None
        except OverflowError:  # an integer beyond floats (over 308 digits)
            return None
    if isinstance(raw, str):
        try:
            value = float(raw.strip().replace(",", ""))
        except ValueError:
            return None
        return value if math.isfinite(value) else None
    return None


def _list_of(*types: type):
    return lambda v: isinstance(v, list) and all(isinstance(x, types) and not isinstance(x, bool) for x in v)


_ANY = (lambda v: True, "")
#: the training-only fields a loader may keep (``extra_fields``): what each must be
_FIELD_CHECKS = {
    "lEquations": (_list_of(str), "a list of equations as text"),
    "rates": (_list_of(int), "a list of number positions (integers)"),
    "quants": (_list_of(int, float), "a list of numbers"),
}


def records_from_json(data: object, source: str = "dataset", *, extra_fields: tuple[str, ...] = (),
                      answers: bool = True) -> tuple[list[WordProblem], list[str]]:
    """Check every record; returns the good problems and one message per bad record. With
    ``answers`` False (problems to solve, not to train or score on) ``lSolutions`` is not read."""
    if not isinstance(data, list):
        raise InputError(f"{source}: expected a JSON list of problems, got {type(data).__name__}")
    problems: list[WordProblem] = []
    bad: list[str] = []
    for position, record in enumerate(data):
        where = f"{source}: record {position + 1}"
        if not isinstance(record, dict):
            bad.append(f"{where}: expected an object, got {type(record).__name__}")
            continue
        ident = record.get("iIndex", position)
        where = f"{source}: record {position + 1} ({f'iIndex {ident}' if 'iIndex' in record else 'no iIndex'})"
        text = record.get("sQuestion")
        if "sQuestion" not in record:
            bad.append(f"{where}: missing field sQuestion")
            continue
        if not isinstance(text, str) or not text.strip():
            bad.append(f"{where}: field sQuestion is not a non-empty string")
            continue
        if not answers:
            problems.append(WordProblem(ident, text.strip(), (), position))
            continue
        if "lSolutions" not in record:
            bad.append(f"{where}: missing field lSolutions")
            continue
        raw = record["lSolutions"]
        raw_list = raw if isinstance(raw, list) else [raw]
        values = [_number(v) for v in raw_list]
        if not raw_list or any(v is None for v in values):
            bad.append(f"{where}: field lSolutions is not a list of numbers: {raw!r}")
            continue
        wrong = next((name for name in extra_fields if name in record and not _FIELD_CHECKS.get(name, _ANY)[0](record[name])), None)
        if wrong is not None:
            bad.append(f"{where}: field {wrong} is not {_FIELD_CHECKS[wrong][1]}: {record[wrong]!r}")
            continue
        extra = {name: record[name] for name in extra_fields if name in record}
        problems.append(WordProblem(ident, text.strip(), tuple(values), position, extra))
    return problems, bad


def load_dataset(path: str | Path, *, skip_bad: bool = False, extra_fields: tuple[str, ...] = ()) -> tuple[list[WordProblem], list[str]]:
    """Load a dataset file. A bad record stops loading (exit 2) unless ``skip_bad``."""
    path = Path(path)
    data = read_json_file(path, "dataset")
    problems, bad = records_from_json(data, str(path), extra_fields=extra_fields)
    return _usable(problems, bad, skip_bad, str(path)), bad


def load_problems(path: str | Path, *, skip_bad: bool = False, text: str | None = None) -> tuple[list[WordProblem], list[str]]:
    """Problems to solve, answers not needed: a dataset (a JSON list of records, as a ``.json``
    file or any text that starts with ``[``; its ``lSolutions``, if any, are not read) or text
    with one problem a line (lines end at a newline only), blank lines and lines starting with
    ``#`` skipped, each problem's id its line number. ``text``: the file's contents, already read
    (standard input). A line that starts with ``{`` is refused: a JSON record per line is not a
    dataset. Returns the problems and one message per record ``skip_bad`` left out."""
    path = Path(path)
    if text is None:
        text = read_text_file(path, "problem file")
    where = "standard input" if str(path) == "-" else str(path)
    if path.suffix.lower() == ".json" or text.lstrip().startswith("["):
        problems, bad = records_from_json(parse_json(text, where), where, answers=False)
        return _usable(problems, bad, skip_bad, where), bad
    problems = []
    for number, line in numbered_lines(text):
        if line.strip().startswith("{"):
            raise InputError(f"{where}:{number}: a JSON record; a dataset is a JSON list of records (the datasets' "
                             "format), and a text file has one problem's text a line")
        problems.append(WordProblem(number, line.strip(), (), number - 1))
    if not problems:
        raise InputError(f"{where}: no problem (one problem a line, or a JSON dataset)")
    return problems, []


#: what :func:`solve_many` may pass on to each engine's ``solve_text``
SOLVE_OPTIONS = {"algebra": ("model",), "arith": ("model", "rules", "top")}


def _solve_chunk(problems: list[WordProblem], engine: str, options: dict) -> list[dict]:
    from importlib import import_module

    solve_text = import_module(f"pyasp.{engine}.solver").solve_text
    results = []
    for problem in problems:
        head = {"id": problem.id, "text": problem.text}
        try:
            results.append({**head, "status": "answered", **solve_text(problem.text, **options).as_dict()})
        except NoAnswer as error:
            results.append({**head, "status": "no answer", "answer": None, "error": str(error)})
        except InputError as error:
            results.append({**head, "status": "not a problem", "answer": None, "error": str(error)})
    return results


def solve_many(problems: list[WordProblem], engine: str, *, jobs: int = 1,
               progress: Callable[[int], None] | None = None, into: list | None = None, **options) -> list[dict]:
    """Solve every problem with ``pyasp.<engine>.solver.solve_text(text, **options)`` (engine
    ``algebra`` or ``arith``; ``options``: ``model`` and ``rules`` as paths, names or loaded
    objects, arith's ``top``), in order. Each result is the solution's ``as_dict()``
    with ``id``, ``text`` and ``status`` "answered"; a problem without an answer has ``status``
    "no answer" (or "not a problem" for text the reader refuses, such as one without a number),
    ``answer`` None and the reason in ``error``: one bad problem does not stop the others.
    ``into``: a list the results are appended to as they come (what was solved before a Ctrl-C)."""
    from importlib import import_module

    from .parallel import map_chunks

    if engine not in SOLVE_OPTIONS:
        raise InputError(f"engine is algebra or arith, not {engine!r}")
    unknown = sorted(set(options) - set(SOLVE_OPTIONS[engine]))
    if unknown:
        raise InputError(f"{engine} solves with {', '.join(SOLVE_OPTIONS[engine])}, not {', '.join(unknown)}")
    solver = import_module(f"pyasp.{engine}.solver")
    model = options.get("model")  # a bad model or rule file is the run's error, not each problem's
    if model is None or isinstance(model, (str, Path)):
        model = solver.load_model(model)
    if engine == "arith":
        model.check_rules(solver.knowledge_for(options.get("rules")))
    return map_chunks(_solve_chunk, list(problems), engine, options, jobs=jobs, chunk=4, progress=progress, into=into)


def _usable(problems: list[WordProblem], bad: list[str], skip_bad: bool, source: str) -> list[WordProblem]:
    if bad and not skip_bad:
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        raise InputError(f"{bad[0]}{more}; fix the {'data' if source == 'data' else 'file'} or skip bad records "
                         "(--skip-bad; skip_bad=True in Python) to use the rest")
    if not problems:
        raise InputError("data: no usable problem in the list" if source == "data" else f"{source}: no usable problem in the file")
    return problems


def problems_from(data, *, skip_bad: bool = False, extra_fields: tuple[str, ...] = ()) -> list[WordProblem]:
    """The problems of ``data``: a dataset file, a list of its records (dicts) or a list of
    :class:`WordProblem`. A bad record stops loading unless ``skip_bad``, which leaves it out with
    a warning."""
    import warnings

    if isinstance(data, (str, Path)):
        problems, bad = load_dataset(data, skip_bad=skip_bad, extra_fields=extra_fields)
    elif isinstance(data, (list, tuple)) and data and all(isinstance(p, WordProblem) for p in data):
        return list(data)
    else:
        problems, bad = records_from_json(list(data) if isinstance(data, tuple) else data, "data", extra_fields=extra_fields)
        problems = _usable(problems, bad, skip_bad, "data")
    for message in bad:
        warnings.warn(f"skipped {message}", PyaspWarning, stacklevel=3)
    return problems


#: how many records a warning names before "and N more"
NAMED_RECORDS = 3


def warn_records(problems: list[WordProblem], reasons: dict[int, str | None], what: tuple[str, str],
                 stacklevel: int = 2) -> None:
    """One :class:`pyasp.errors.PyaspWarning` naming the problems at these positions of
    ``problems`` (each with its reason, when there is one), the first :data:`NAMED_RECORDS` of
    them: ``what`` says what is the matter, for one problem and for several.

        >>> warn_records(problems, {4: "'1e9' is not a number"}, ("cannot be read", "cannot be read"))  # doctest: +SKIP
        PyaspWarning: 1 problem cannot be read: record 5 (iIndex 4): '1e9' is not a number
    """
    import warnings

    if not reasons:
        return
    named = [problems[i].record + (f": {reasons[i]}" if reasons[i] else "") for i in sorted(reasons)[:NAMED_RECORDS]]
    more = len(reasons) - len(named)
    listed = "; ".join(named) + (f"; and {more} more" if more else "")
    count = f"1 problem {what[0]}" if len(reasons) == 1 else f"{len(reasons)} problems {what[1]}"
    warnings.warn(f"{count}: {listed}", PyaspWarning, stacklevel=stacklevel + 1)


def warn_unusable(problems: list[WordProblem], unreadable: dict[int, str], numberless: Sequence[int] = (), *,
                  training: bool = False, stacklevel: int = 2) -> None:
    """Warn about the problems (positions in ``problems``) a train or eval run gets nothing from,
    the same way for every engine: those whose text the reader refuses (``unreadable``: the
    reader's message), which count as unanswered in an evaluation and add nothing to training;
    and, in ``training``, those without a number (``numberless``), which add nothing either."""
    if training:
        warn_records(problems, unreadable, ("cannot be read and adds nothing to training",
                                            "cannot be read and add nothing to training"), stacklevel + 1)
        warn_records(problems, dict.fromkeys(numberless), ("has no number and adds nothing to training",
                                                           "have no number and add nothing to training"), stacklevel + 1)
    else:
        warn_records(problems, unreadable, ("cannot be read and counts as unanswered",
                                            "cannot be read and count as unanswered"), stacklevel + 1)


def read_problems(problems: list[WordProblem], *, cache_dir=None, training: bool = False) -> tuple[list, dict[int, str]]:
    """Parse every problem's text once (:func:`pyasp.text.reading.read_many`, parse cache in
    ``cache_dir``): the documents, None for a text the reader refuses, and the reader's message
    for each of those by position; one warning names them (:func:`warn_unusable`)."""
    from .text.reading import read_many

    errors: dict[int, str] = {}
    docs = read_many([p.text for p in problems], cache_dir=cache_dir, errors=errors)
    warn_unusable(problems, errors, [i for i, doc in enumerate(docs) if doc is not None and not doc.mentions],
                  training=training, stacklevel=3)
    return docs, errors


def is_correct(answer: float | None, solutions: tuple[float, ...]) -> bool:
    """True when ``answer`` equals one of ``solutions`` to :data:`RELATIVE_TOLERANCE`."""
    if answer is None:
        return False
    return any(math.isclose(answer, s, rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-9) for s in solutions)


def json_number(value) -> int | float | None:
    """A number as JSON shows it best: 37, not 37.0. An exact number (an int, a Fraction, a SymPy
    Rational) is an int when it is whole and a float otherwise; a float stays a float unless whole."""
    if value is None or isinstance(value, bool):
        return value
    if hasattr(value, "denominator"):
        return int(value.numerator) if value.denominator == 1 else float(value)
    return int(value) if float(value).is_integer() else value


class PredictionRecord:
    """What the predictions file of an evaluation holds for one problem: the dataclass's fields,
    answers as :func:`json_number`, and the dataset's answers (``solutions``) after them."""

    def as_dict(self) -> dict:
        data = {k: v for k, v in self.__dict__.items() if k != "solutions"}
        data["answer"] = json_number(data.get("answer"))
        data["solutions"] = [json_number(x) for x in getattr(self, "solutions", ())]
        return data


@dataclass
class EvaluationResult:
    """Accuracy over scored problems, per fold and overall; engines add their own measures
    (:meth:`extra`) and prediction records (with an ``as_dict`` method)."""

    n: int
    correct: int
    folds: list[dict] = field(default_factory=list)
    seconds: float = 0.0
    predictions: list = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.n if self.n else 0.0

    def extra(self) -> dict:
        return {}

    def as_dict(self, with_predictions: bool = False) -> dict:
        data = {"accuracy": self.accuracy, "n": self.n, "correct": self.correct, "folds": self.folds,
                "seconds": round(self.seconds, 2), **self.extra()}
        if with_predictions:
            data["predictions"] = [p.as_dict() for p in self.predictions]
        return data


def read_ids(path: str | Path) -> list[str]:
    """Problem ids, one a line (blank lines and ``#`` comments skipped); a list without any id is
    an error (training on it would learn nothing, evaluating would score nothing)."""
    path = Path(path)
    lines = read_text_file(path, "id list").splitlines()
    ids = [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]
    if not ids:
        raise InputError(f"{path}: the id list has no id (one problem id a line)")
    return ids


def select_ids(problems: list[WordProblem], ids: str | Path | list) -> list[int]:
    """Positions of the problems an id file (one id a line) or a list of ids names."""
    if isinstance(ids, (str, Path)):
        return select(problems, read_ids(ids), str(ids))
    return select(problems, [str(i) for i in ids], "ids")


def select(problems: list[WordProblem], ids: list[str], source: str) -> list[int]:
    """Positions of the problems with these ids, in the list's order; unknown ids are an error."""
    where: dict[str, int] = {}
    for i, p in enumerate(problems):
        if str(p.id) in where and str(p.id) in ids:  # which of the two records does the id select?
            first = problems[where[str(p.id)]]
            records = (f" (records {first.position + 1} and {p.position + 1})"
                       if first.position is not None and p.position is not None else "")
            raise InputError(f"{source}: id {p.id} names two problems of the dataset{records}; "
                             "selecting by id needs each iIndex once")
        where.setdefault(str(p.id), i)
    missing = [i for i in ids if i not in where]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise InputError(f"{source}: id {missing[0]} is not in the dataset{more}")
    return [where[i] for i in ids]


def folds_from_dir(problems: list[WordProblem], folds_dir: str | Path) -> list[list[int]]:
    """The folds given as files ``fold*.txt`` of a directory (one problem id a line)."""
    folds_dir = Path(folds_dir)
    if not folds_dir.is_dir():
        raise InputError(f"{folds_dir}: not a directory of fold*.txt files")
    files = sorted(folds_dir.glob("fold*.txt"))
    if len(files) < 2:
        raise InputError(f"{folds_dir}: {len(files) or 'no'} fold*.txt file{'s' * (len(files) != 1)}; "
                         "cross-validation needs two folds at least (one problem id a line)")
    folds = [select(problems, read_ids(f), str(f)) for f in files]
    seen: dict[int, Path] = {}
    for file, positions in zip(files, folds):
        for i in positions:
            if i in seen:
                again = "twice in" if seen[i] == file else f"in {seen[i].name} and in"
                raise InputError(f"{folds_dir}: problem {problems[i].id} is {again} {file.name}; "
                                 "a problem is tested in one fold only")
            seen[i] = file
    return folds
