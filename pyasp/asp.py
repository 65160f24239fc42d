"""The one module of pyasp that talks to clingo.

An engine hands this module an encoding (a packaged name or a user's file), facts built from
Python values and constant overrides; it gets back models in increasing cost, with statistics.

    >>> from pyasp.asp import Program
    >>> prog = Program.from_text("{ p(1..3) } = 1. :~ p(X). [X@0, X]  #show p/1.")
    >>> [str(m.symbols[0]) for m in prog.ranked_models(limit=2)]
    ['p(1)', 'p(2)']

Ranked enumeration ("top M"): all models of the best cost, then all of the next cost level, and
so on, until M models. Each level is one optimisation run of clingo (``--opt-mode=optN``); once a
level is complete, its models are excluded by nogoods added through the backend and the next run
finds the next level, keeping everything clingo learnt. Ties within a level are sorted by a key
(by default the text of the model's atoms). When a level holds more models than are still wanted,
clingo stops after that many: which ones is then clingo's (deterministic) choice, and they too
are listed in key order; the same input always gives the same list.

Models may be *projected* onto some predicates (``project=[("post", 2)]``): two models that agree
on those atoms count as one, with the cost of the cheaper. Equation trees use this: a tree is one
candidate whatever type assignment makes it cheapest.

A time limit stops the search where it is; the models found so far are returned and the run is
marked partial (a level cut short contributes its best model found, not yet proven optimal).

Errors and warnings clingo reports about an encoding become :class:`AspError` with file, line,
column and message. Warnings (an atom that occurs in no rule head, an undefined operation) count
as errors unless ``strict=False``: in an encoding they are nearly always a misspelt predicate.
"""

from __future__ import annotations

import atexit
import random
import re
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple
from functools import cached_property, lru_cache
from pathlib import Path

import clingo
import clingo.ast

from .errors import InputError, PyaspError, check_input_file, read_text_file
from .interrupt import NO_LIMIT_S, deferred, grounding, solving
from .resources import encoding_path

__all__ = ["AspError", "EncodingFacts", "Func", "Message", "Model", "Program", "Stats", "check_encoding", "encoding_facts",
           "fact", "parse_constants", "parse_term"]

#: Python values that become ASP terms: ints become numbers, identifiers become constants,
#: other strings become quoted strings, tuples become tuples.
Term = int | str | tuple | clingo.Symbol

_IDENTIFIER = re.compile(r"^_*[a-z][A-Za-z0-9_']*$")
_LOCATION = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+)(?:-(?:\d+:)?\d+)?:\s*(?P<kind>error|warning|info):\s*(?P<text>.*)$"
)
_PLAIN = re.compile(r"^(?P<file>.*?):\s*(?P<kind>error|warning|info):\s*(?P<text>.*)$")
# the part atom clingo adds to each rule's body: "h:-[#inc_base];b." is "h:-b.", "h:-[#inc_base]." is "h."
_PART_BODY = re.compile(r":-\[#inc_\w+\](?=\.)|\[#inc_\w+\];?")
_CONTINUED = re.compile(r"^\s+%(.*)$")  # an indented comment line: the comment of the line above goes on


def deadline_after(time_limit_s: float | None) -> float | None:
    """The ``time.perf_counter()`` value a run must stop by, or None for no limit (also for an
    infinite one, or one of :data:`pyasp.interrupt.NO_LIMIT_S` or more: clingo's wait(inf) would
    return at once, and a wait of 1e10 s too)."""
    if time_limit_s is None or not time_limit_s < NO_LIMIT_S:
        return None
    return time.perf_counter() + time_limit_s


@dataclass(frozen=True)
class Message:
    """One message of clingo about a program: where and what."""

    file: str
    line: int | None
    column: int | None
    severity: str  # "error" or "warning"
    text: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.severity}: {self.text}"


#: what a grounding that does not end (out of time or memory) suggests about a user's encoding
ENDLESS_HINT = "does a rule of it derive atoms without end, as n(X+1) :- n(X) does?"
#: what an error made of clingo's warnings adds: pyasp refuses them where clingo would go on
WARNINGS_HINT = ("pyasp refuses an encoding clingo warns about: in an edit a warning is nearly always a misspelt "
                 "predicate or a variable out of place")


class AspError(InputError):
    """clingo rejected a program; ``messages`` says where and why (``hint``: one more sentence)."""

    def __init__(self, messages: Sequence[Message], summary: str | None = None, hint: str | None = None):
        self.messages = list(messages)
        first = str(self.messages[0]) if self.messages else (summary or "clingo failed")
        more = len(self.messages) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else "") + (f" ({hint})" if hint else ""))


def _parse_message(code: clingo.MessageCode, text: str) -> Message:
    text = _PART_BODY.sub("", text)
    lines = text.strip().splitlines() or [""]
    detail = " ".join(part.strip() for part in lines[1:] if part.strip())
    severity = "error" if code == clingo.MessageCode.RuntimeError else "warning"
    match = _LOCATION.match(lines[0])
    if match:
        body = match["text"].rstrip(":") + (f": {detail}" if detail else "")
        if match["kind"] == "error":
            severity = "error"
        return Message(match["file"], int(match["line"]), int(match["col"]), severity, body)
    match = _PLAIN.match(lines[0])
    if match:
        body = match["text"].rstrip(":") + (f": {detail}" if detail else "")
        return Message(match["file"], None, None, "error" if match["kind"] == "error" else severity, body)
    return Message("clingo", None, None, severity, " ".join(line.strip() for line in lines))


def symbol(value: Term) -> clingo.Symbol:
    """Turn a Python value into a clingo term (see :data:`Term`)."""
    if isinstance(value, clingo.Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans have no ASP term; use 0/1 or a constant")
    if isinstance(value, int):
        return clingo.Number(value)
    if isinstance(value, str):
        return clingo.Function(value) if _IDENTIFIER.match(value) else clingo.String(value)
    if isinstance(value, tuple):
        return clingo.Tuple_([symbol(v) for v in value])
    raise TypeError(f"no ASP term for {value!r} of type {type(value).__name__}")


def fact(name: str, *args: Term) -> clingo.Symbol:
    """An atom ``name(args...)`` built from Python values: ``fact("quantity", 1, 17)``."""
    return clingo.Function(name, [symbol(a) for a in args])


_COMMENT = re.compile(r"%\s*(.*)$")
_ORDERING = {clingo.ast.ComparisonOperator.LessThan, clingo.ast.ComparisonOperator.LessEqual,
             clingo.ast.ComparisonOperator.GreaterThan, clingo.ast.ComparisonOperator.GreaterEqual}
_ARITHMETIC = {clingo.ast.ASTType.Interval, clingo.ast.ASTType.BinaryOperation, clingo.ast.ASTType.UnaryOperation}
_SUMS = {clingo.ast.AggregateFunction.Sum, clingo.ast.AggregateFunction.SumPlus}


@dataclass(frozen=True)
class EncodingFacts:
    """What pyasp reads off an encoding file before handing it to clingo (see
    :func:`encoding_facts`)."""

    constants: dict[str, tuple[str, int, str]]  # name -> (value as written, line, the line's % comment)
    numeric_uses: tuple[tuple[str, int, int], ...]  # (name, line, column) of a bare name used as a number
    shows: frozenset[tuple[str, int]] | None  # the #show signatures; None: no #show (all is shown)
    statements: int  # rules, facts, #show and #const statements
    program: tuple = field(default=(), compare=False, repr=False)  # the parsed statements, to load without parsing again


def iter_ast(node) -> Iterator:
    """``node`` (a clingo AST) and every AST below it, parents first."""
    yield node
    for key in node.child_keys:
        value = getattr(node, key)
        if isinstance(value, clingo.ast.AST):
            yield from iter_ast(value)
        elif value is not None and not isinstance(value, (str, int)):
            for item in value:
                if isinstance(item, clingo.ast.AST):
                    yield from iter_ast(item)


def _numeric_names(node, numeric: bool, found: list[tuple[str, int, int]]) -> None:
    """Collect the bare names (``w_type``, ``max_gap``) that stand where a number must: in
    arithmetic, intervals, ordering comparisons, aggregate bounds, #sum weights and the weight
    and priority of weak constraints. A name there without a #const is a symbol, which clingo
    orders after every number -- an edit's misspelt constant that changes answers silently."""
    A = clingo.ast.ASTType
    kind = node.ast_type
    if kind == A.SymbolicTerm:
        sym = node.symbol
        if numeric and sym.type == clingo.SymbolType.Function and not sym.arguments and sym.name:
            found.append((sym.name, node.location.begin.line, node.location.begin.column))
        return
    if kind == A.Function and numeric and not node.arguments and not node.external:
        found.append((node.name, node.location.begin.line, node.location.begin.column))
        return
    if kind == A.Definition:
        return  # the definition's value is checked where the name is used
    flags: dict[str, bool] = {}
    if kind in _ARITHMETIC:
        numeric = True
    elif kind == A.Minimize:
        flags = {"weight": True, "priority": True}
    elif kind == A.Comparison:  # X < max_gap and flag != 0 compare numbers; O != q may compare symbols
        sides = [node.term, *(guard.term for guard in node.guards)]
        numbers = any(g.comparison in _ORDERING for g in node.guards) or any(
            side.ast_type in _ARITHMETIC or (side.ast_type == A.SymbolicTerm and side.symbol.type == clingo.SymbolType.Number)
            for side in sides)
        for side in sides:
            _numeric_names(side, numeric or numbers, found)
        return
    elif kind == A.Guard:  # the bound of an aggregate: a count or a sum
        numeric = True
    elif kind in (A.BodyAggregate, A.HeadAggregate) and node.function in _SUMS:
        for element in node.elements:  # #sum { W, ... : ... }: W is a number
            if element.terms:
                _numeric_names(element.terms[0], True, found)
    for key in node.child_keys:
        value = getattr(node, key)
        flag = flags.get(key, numeric)
        if isinstance(value, clingo.ast.AST):
            _numeric_names(value, flag, found)
        elif value is not None and not isinstance(value, (str, int)):
            for item in value:
                if isinstance(item, clingo.ast.AST):
                    _numeric_names(item, flag, found)


def encoding_facts(path: str | Path) -> EncodingFacts:
    """The ``#const`` definitions, bare names used as numbers and ``#show`` signatures of an
    encoding file. Bad UTF-8 raises :class:`InputError` with the line; a syntax error raises
    :class:`AspError` with file, line and column."""
    path = check_input_file(path, "encoding file")  # a pipe would block here, or read empty the second time
    stat = path.stat()
    return _encoding_facts(str(path), stat.st_mtime_ns, stat.st_size)


def _check_ascii(path: str, text: str) -> None:
    """Refuse a character clingo cannot take outside strings and comments: a byte-order mark, or
    any non-ASCII character (clingo's message about it would cut the character in two, which
    clingo's Python logger cannot decode: a traceback and a crash, not an error message)."""
    from .errors import shown_char

    with open(path, "rb") as raw:
        bom = raw.read(3) == b"\xef\xbb\xbf"  # the text reader drops it; clingo reads the bytes
    if bom or text.startswith("\ufeff"):
        raise InputError(f"{path}:1:1: the file starts with a byte-order mark (BOM): save it as UTF-8 without one")
    line, column, i, n = 1, 1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#" and text.startswith("#script", i):  # embedded code: clingo hands it on as it is
            end = text.find("#end", i)
            end = n if end < 0 else end + 4
        elif ch == "%" and text.startswith("%*", i):  # block comment
            end = text.find("*%", i + 2)
            end = n if end < 0 else end + 2
        elif ch == "%":  # line comment
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif ch == '"':  # string, with escapes
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            end = min(end + 1, n)
        else:
            if ord(ch) > 127:
                raise InputError(f"{path}:{line}:{column}: {shown_char(ch)} is not a character clingo reads outside "
                                 "strings and comments (names and operators are ASCII)")
            end = i + 1
        skipped = text[i:end]
        newlines = skipped.count("\n")
        if newlines:
            line += newlines
            column = len(skipped) - skipped.rfind("\n")
        else:
            column += len(skipped)
        i = end


@lru_cache(maxsize=64)
def _encoding_facts(path: str, _mtime_ns: int, _size: int) -> EncodingFacts:
    text = read_text_file(path, "encoding")
    _check_ascii(path, text)
    lines = text.splitlines()
    messages: list[Message] = []
    statements: list = []
    try:
        clingo.ast.parse_files([path], statements.append, logger=lambda code, msg: messages.append(_parse_message(code, msg)),
                               message_limit=20)
    except RuntimeError as err:
        raise AspError(messages or [Message(path, None, None, "error", str(err))]) from None
    constants: dict[str, tuple[str, int, str]] = {}
    shows: set[tuple[str, int]] = set()
    any_show = False
    uses: list[tuple[str, int, int]] = []
    count = 0
    A = clingo.ast.ASTType
    parameters: set[str] = set()  # of the current #program part ("#program floor(c).": c)
    definitions_on = Counter(s.location.begin.line for s in statements if s.ast_type == A.Definition)
    for stmt in statements:
        kind = stmt.ast_type
        if kind == A.Program:
            parameters = {p.name for p in stmt.parameters}
            continue
        count += 1
        if kind == A.Definition:
            line = stmt.location.begin.line
            comment = _COMMENT.search(lines[line - 1]) if 0 < line <= len(lines) and definitions_on[line] == 1 else None
            if stmt.name in constants:  # as clingo refuses it, before a settings listing shows one of the two
                raise InputError(f"{path}:{line}: #const {stmt.name} is defined twice (also on line {constants[stmt.name][1]})")
            meaning = [comment[1].strip()] if comment else []
            for more in lines[line:] if comment else ():  # the comment goes on in indented comment lines
                continued = _CONTINUED.match(more)
                if continued is None:
                    break
                meaning.append(continued[1].strip())
            constants[stmt.name] = (str(stmt.value), line, " ".join(meaning))
        elif kind == A.ShowSignature:
            any_show = True
            if stmt.name:
                shows.add((stmt.name, stmt.arity))
        elif kind == A.ShowTerm:
            any_show = True
            if stmt.term.ast_type == A.Function:
                shows.add((stmt.term.name, len(stmt.term.arguments)))
        else:
            found: list[tuple[str, int, int]] = []
            _numeric_names(stmt, False, found)
            uses.extend(use for use in found if use[0] not in parameters)
    return EncodingFacts(constants, tuple(uses), frozenset(shows) if any_show else None, count, tuple(statements))


def check_encoding(path: str | Path, consts: dict | None = None, needs: Sequence[tuple[str, int]] = ()) -> EncodingFacts:
    """Refuse an encoding file an edit has broken in ways clingo accepts: empty, a bare name used
    as a number that no ``#const`` (or override in ``consts``) defines, a ``#const`` whose value
    is a symbol used as a number, or no ``#show`` of a predicate the engine reads (``needs``)."""
    facts = encoding_facts(path)
    if not facts.statements:
        raise InputError(f"{path}: the encoding is empty (no rule, fact, #const or #show)")
    given = set(consts or ())
    for name, line, column in facts.numeric_uses:
        if name in given:
            continue
        if name not in facts.constants:
            raise InputError(f"{path}:{line}:{column}: {name} stands where a number must, but no #const defines it "
                             f"(clingo would read it as a symbol, greater than every number)")
        value, defined_at, _ = facts.constants[name]
        if value.startswith('"') or (_IDENTIFIER.match(value) and value not in facts.constants):
            raise InputError(f"{path}:{defined_at}: #const {name} = {value} is not a number, but line {line} "
                             f"uses {name} as one")
    if facts.shows is not None:
        missing = [f"{n}/{a}" for n, a in needs if (n, a) not in facts.shows]
        if missing:
            raise InputError(f"{path}: pyasp reads {', '.join(missing)} from the answer sets, but the encoding does not "
                             f"#show {'it' if len(missing) == 1 else 'them'} (add: {' '.join(f'#show {m}.' for m in missing)})")
    return facts


def parse_constants(path: Path) -> dict[str, tuple[str, str]]:
    """The ``#const name = value.  % comment`` definitions of an encoding: ``{name: (value,
    comment)}`` (clingo's parser reads them, so two on one line count, and a syntax error is
    reported with its line).

    Encodings keep their tunable numbers (weights, bounds) as ``#const`` lines; this lets the CLI
    list them and check that an override names one that exists.
    """
    return {name: (value, comment) for name, (value, _, comment) in encoding_facts(path).constants.items()}


class Func(NamedTuple):
    """A compound term ``name(args...)`` read from a model, e.g. ``q(3)`` is ``Func("q", (3,))``."""

    name: str
    args: tuple


_TOKEN = re.compile(r'\s*(?:(-?\d+)|("(?:[^"\\]|\\.)*")|([_a-z][A-Za-z0-9_\']*|#inf|#sup)|([(),]))')


def parse_term(text: str) -> Term:
    """Parse the text of a ground clingo term into Python values: numbers to int, constants and
    strings to str, tuples to tuples, compound terms to :class:`Func`.

    Reading a model through ``str(symbol)`` and this parser is several times faster than walking
    clingo's symbol objects, which costs a foreign call per property.
    """
    tokens = _TOKEN.findall(text)
    pos = 0

    def term():
        nonlocal pos
        number, string, name, punct = tokens[pos]
        pos += 1
        if number:
            return int(number)
        if string:
            return string[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        if name:
            if pos < len(tokens) and tokens[pos][3] == "(":
                pos += 1
                return Func(name, tuple(args()))
            return name
        if punct == "(":
            items = args()
            return tuple(items)
        raise ValueError(f"unexpected {punct!r} in {text!r}")

    def args():
        nonlocal pos
        items = []
        while tokens[pos][3] != ")":
            items.append(term())
            if tokens[pos][3] == ",":
                pos += 1
        pos += 1
        return items

    return term()


@dataclass(frozen=True)
class Model:
    """A model of a program: its shown atoms, its cost vector (highest priority first)."""

    symbols: tuple[clingo.Symbol, ...]
    cost: tuple[int, ...]
    proven: bool = True  # False only for the best-so-far model of a level cut short by a time limit
    priorities: tuple[int, ...] = ()  # the priority level of each cost entry

    def cost_at(self, priority: int) -> int:
        """The cost at one priority level (0 when the program has no weak constraint there)."""
        for level, value in zip(self.priorities, self.cost):
            if level == priority:
                return value
        return 0

    @cached_property
    def texts(self) -> tuple[str, ...]:
        """The shown atoms as text, as clingo prints them."""
        return tuple(str(s) for s in self.symbols)

    @cached_property
    def _by_signature(self) -> dict[tuple[str, int], list[tuple]]:
        table: dict[tuple[str, int], list[tuple]] = {}
        for text in self.texts:
            value = parse_term(text)
            if isinstance(value, Func):
                table.setdefault((value.name, len(value.args)), []).append(value.args)
            elif isinstance(value, str):
                table.setdefault((value, 0), []).append(())
        return table

    def atoms(self, name: str, arity: int | None = None) -> list[tuple]:
        """Arguments (as Python values) of the shown atoms ``name/arity``, in sorted order.

        Compound arguments: ``q(3)`` is ``Func("q", (3,))``, the tuple ``(1,2)`` is ``(1, 2)``.
        """
        found = [
            args for (n, a), rows in self._by_signature.items() if n == name and (arity is None or a == arity) for args in rows
        ]
        return sorted(found, key=repr)


@dataclass
class Stats:
    """What a run cost. Seconds are wall-clock, measured around the clingo calls."""

    ground_s: float = 0.0
    solve_s: float = 0.0
    atoms: int = 0
    rules: int = 0
    models: int = 0
    cost_levels: int = 0
    runs: int = 0  # clingo solve calls

    def as_dict(self) -> dict:
        return {
            "ground_s": round(self.ground_s, 6),
            "solve_s": round(self.solve_s, 6),
            "atoms": self.atoms,
            "rules": self.rules,
            "models": self.models,
            "cost_levels": self.cost_levels,
            "solve_calls": self.runs,
        }


def _default_key(model: Model) -> tuple:
    return tuple(sorted(model.texts))


def _projection(model: Model, signatures: frozenset[tuple[str, int]]) -> frozenset[str]:
    """The model's shown atoms of these predicates (name, arity), as text: what identifies a
    projected model."""
    return frozenset(t for s, t in zip(model.symbols, model.texts)
                     if s.type == clingo.SymbolType.Function and (s.name, len(s.arguments)) in signatures)


def _projected_literals(ctl: clingo.Control, project: Sequence[tuple[str, int]]) -> dict[str, int]:
    """Atom text -> solver literal, for every ground atom of the projected predicates."""
    return {str(atom.symbol): atom.literal for name, arity in project
            for atom in ctl.symbolic_atoms.by_signature(name, arity)}


#: enumerations (generators) not yet finished: closed at exit, while clingo can still end them
_unfinished: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _close_unfinished() -> None:
    for models in list(_unfinished):
        try:
            models.close()
        except BaseException:  # noqa: BLE001 - nothing to report at exit
            pass


@dataclass
class Program:
    """An encoding plus facts, ready to ground and solve.

    ``encoding`` is a packaged encoding name (``"equation_trees"``) or a path to a ``.lp`` file.
    ``consts`` overrides the encoding's ``#const`` values (as clingo's ``-c name=value``).
    """

    encoding: str | Path | None = None
    consts: dict[str, int | str] = field(default_factory=dict)
    strict: bool = True
    text: str | None = None  # an extra program given as text (used by from_text and tests)
    options: tuple[str, ...] = ()  # extra clingo command-line options, e.g. ("--opt-strategy=usc",)
    needs: tuple[tuple[str, int], ...] = ()  # predicates the engine reads back: an encoding must #show them

    def __post_init__(self) -> None:
        self.stats = Stats()
        self.partial = False
        self._messages: list[Message] = []
        self._facts: list[clingo.Symbol | str] = []
        self._ctl: clingo.Control | None = None

    @property
    def messages(self) -> list[Message]:
        """What clingo said about the program (empty for a clean encoding)."""
        return list(self._messages)

    @classmethod
    def from_text(cls, text: str, **kwargs) -> Program:
        return cls(text=text, **kwargs)

    # -- building -----------------------------------------------------------------------------
    @property
    def encoding_file(self) -> Path | None:
        if self.encoding is None:
            return None
        if isinstance(self.encoding, Path) or str(self.encoding).endswith(".lp") or "/" in str(self.encoding):
            return Path(self.encoding)
        return encoding_path(str(self.encoding))

    def add_facts(self, facts: Iterable[clingo.Symbol | tuple | str]) -> Program:
        """Add facts: clingo symbols, tuples ``(name, arg, ...)`` of Python values, or atoms
        already written as ASP text (the fast way for hundreds of thousands of facts). Only
        before grounding (:meth:`extend` adds facts to a grounded program)."""
        if self._ctl is not None:
            raise InputError("the program is grounded already: add facts before solving, or use extend()")
        for f in facts:
            self._facts.append(f if isinstance(f, (clingo.Symbol, str)) else fact(f[0], *f[1:]))
        return self

    def _logger(self, code: clingo.MessageCode, text: str) -> None:
        self._messages.append(_parse_message(code, text))

    def _fail(self, summary: str, since: int = 0) -> AspError:
        """clingo's refusal, from what it said (from message ``since`` on: a later part's own)."""
        if self._messages[since:]:
            return AspError(self._messages[since:], summary)
        message = _parse_message(clingo.MessageCode.RuntimeError, summary)  # "FILE:L:C: error: ..." as the logger's
        return AspError([message], summary)

    def ground(self, time_limit_s: float | None = None) -> clingo.Control:
        """Load the encoding and the facts and ground them (once). Grounding cannot be stopped
        part-way: under the console script, a grounding that runs past ``time_limit_s`` ends the
        process with an error (:func:`pyasp.interrupt.grounding`); elsewhere the limit counts
        from the search."""
        if self._ctl is not None:
            return self._ctl
        args = ["--opt-mode=optN", "--project=auto", "0", *self.options]
        for name, value in self.consts.items():
            args += ["-c", f"{name}={value}"]
        try:
            ctl = clingo.Control(args, logger=self._logger, message_limit=100)
        except RuntimeError as err:
            raise InputError(f"bad clingo option or constant: {err}") from None
        path = self.encoding_file
        try:
            if path is not None:
                checked = check_encoding(check_input_file(path, "encoding file"), self.consts, self.needs)
                with clingo.ast.ProgramBuilder(ctl) as builder:  # the statements the check parsed: no second parse
                    for statement in checked.program:
                        builder.add(statement)
            if self.text is not None:
                ctl.add("base", [], self.text)
            ctl.add("base", [], "".join(f"{f}." for f in self._facts))
            start = time.perf_counter()
            with grounding(time_limit_s, self._name(), self._endless_hint):
                ctl.ground([("base", [])])
            self.stats.ground_s += time.perf_counter() - start
        except RuntimeError as err:
            raise self._fail(str(err)) from None
        except MemoryError:  # clingo's bad_alloc
            raise self._out_of_memory() from None
        self._check_messages(0)
        self._ctl = ctl
        return ctl

    def _endless_hint(self) -> str:
        """What to suspect of a grounding that does not end: a rule of a user's encoding (nothing
        for the packaged ones, which end: theirs is a large input)."""
        path = self.encoding_file
        try:
            packaged = path is not None and path.resolve() == encoding_path(path.stem).resolve()
        except (OSError, PyaspError, ValueError):
            packaged = False
        return "" if path is None or packaged else f": if the encoding is yours, {ENDLESS_HINT}"

    def _name(self) -> str:
        return str(self.encoding_file) if self.encoding_file is not None else "the program"

    def _out_of_memory(self) -> PyaspError:
        return PyaspError(f"clingo ran out of memory grounding {self._name()}{self._endless_hint()}")

    def _check_messages(self, since: int) -> None:
        """Refuse the program for what clingo said while grounding (from message ``since`` on):
        any error, and with ``strict`` any warning."""
        new = self._messages[since:]
        if any(m.severity == "error" for m in new) or (self.strict and new):
            raise AspError(new, "clingo reported problems in the program",
                           hint=None if any(m.severity == "error" for m in new) else WARNINGS_HINT)

    # -- solving ------------------------------------------------------------------------------
    def _solve_level(
        self, ctl: clingo.Control, deadline: float | None, want: int | None, whole: bool, assumptions: Sequence = ()
    ) -> tuple[list[Model], bool]:
        """One optimisation run: the optimal models (at most ``want``), or on timeout the best
        model found so far. ``whole`` keeps every atom of each model (for exact blocking)."""
        proven: list[Model] = []
        best: list[Model] = []

        def on_model(m: clingo.Model) -> bool:
            # without weak constraints there is nothing to prove: every model is "optimal"
            proven_now = m.optimality_proven or not m.cost
            model = Model(tuple(m.symbols(shown=True)), tuple(m.cost), proven_now, tuple(m.priority))
            if whole:
                object.__setattr__(model, "_all_atoms", tuple(m.symbols(atoms=True)))
            if proven_now:
                proven.append(model)
            else:
                best[:] = [model]
            return want is None or len(proven) < want

        start = time.perf_counter()
        try:
            with solving(ctl), ctl.solve(on_model=on_model, async_=True, assumptions=list(assumptions)) as handle:
                timeout = None if deadline is None else max(0.0, deadline - time.perf_counter())
                finished = handle.wait(timeout) if timeout is not None else (handle.wait() or True)
                if not finished:
                    handle.cancel()
                handle.get()
        except RuntimeError as err:  # e.g. weights whose sums overflow clasp's 32-bit integers
            reason = str(err).rsplit(": ", 1)[-1]
            name = self.encoding_file.name if self.encoding_file else "the program"
            raise InputError(f"clingo cannot solve {name}: {reason}") from None
        self.stats.solve_s += time.perf_counter() - start
        if not finished:
            return (proven or best), True
        return proven, False

    def _block(self, ctl: clingo.Control, model: Model, projected: dict[str, int] | None, true_only: bool = False) -> None:
        """Add a nogood that removes ``model`` from all later runs: its projection when
        ``projected`` (atom text -> literal) is given, else (None) its whole answer set.
        ``true_only``: the nogood names only the projected atoms the model makes true (enough
        when any other model must make one of them false, as with one value atom per cell).
        A projection onto no atom at all has one model: its nogood is empty and blocks all."""
        if projected is not None and true_only:
            body = [projected[text] for text in model.texts if text in projected]
        elif projected is not None:
            true = set(model.texts)
            body = [lit if text in true else -lit for text, lit in projected.items()]
        else:
            true_atoms = set(model._all_atoms)
            body = [a.literal if a.symbol in true_atoms else -a.literal for a in ctl.symbolic_atoms]
        with ctl.backend() as backend:
            backend.add_rule([], body)

    def ranked_models(
        self,
        limit: int | None = None,
        *,
        time_limit_s: float | None = None,
        project: Sequence[tuple[str, int]] | None = None,
        key: Callable[[Model], object] = _default_key,
        batch: int | None = None,
    ) -> Iterator[Model]:
        """Yield models in increasing cost: every model of the best cost, then the next level, ...

        Stops after ``limit`` models (all models when None), when no model is left, or at the
        time limit (then ``self.partial`` is True). Ties within a level are ordered by ``key``;
        a level larger than what is still wanted is cut after that many models.

        ``project``: models that agree on these predicates (name, arity) count as one, yielded
        with their cheapest cost; without it every answer set is a model of its own.
        ``batch``: ask clingo for at most this many models per run, so that a caller that stops
        early (a generator it does not exhaust) does not pay for a whole large level.
        """
        if getattr(self, "_ranked", False):
            raise InputError("ranked_models runs once on a program (the models it yielded stay blocked in clingo): "
                             "make a new Program to enumerate again")
        self._ranked = True
        ctl = self.ground(time_limit_s=time_limit_s)
        signatures = frozenset(project) if project else None
        projected: dict[str, int] | None = None  # read from clingo only when a run follows
        deadline = deadline_after(time_limit_s)
        yielded = 0
        last_cost = None
        level: list[Model] = []
        while limit is None or yielded < limit:
            # the models of the last run are blocked now that another run is wanted (on a large
            # program, reading every projected atom and blocking cost more than one solve)
            if level and project and projected is None:
                projected = _projected_literals(ctl, project)
            for model in level:
                self._block(ctl, model, projected)
            want = None if limit is None else limit - yielded
            if batch is not None:
                want = batch if want is None else min(want, batch)
            models, timed_out = self._solve_level(ctl, deadline, want, whole=not project)
            if self.stats.runs == 0:
                self._read_program_stats(ctl)
            self.stats.runs += 1
            if not models:
                self.partial = self.partial or timed_out
                return
            level = self._dedupe(models, signatures)
            level.sort(key=key)
            for model in level:
                if limit is not None and yielded >= limit:
                    return
                if model.cost != last_cost:
                    self.stats.cost_levels += 1
                    last_cost = model.cost
                yielded += 1
                self.stats.models += 1
                yield model
            if timed_out:
                self.partial = True
                return

    def _dedupe(self, models: list[Model], signatures: frozenset[tuple[str, int]] | None) -> list[Model]:
        seen: dict[frozenset, Model] = {}
        for model in models:
            ident = _projection(model, signatures) if signatures is not None else frozenset(model.symbols)
            if ident not in seen or model.cost < seen[ident].cost:
                seen[ident] = model
        return list(seen.values())

    def _read_program_stats(self, ctl: clingo.Control) -> None:
        try:
            lp = ctl.statistics["problem"]["lp"]
            self.stats.atoms = int(lp["atoms"])
            self.stats.rules = int(lp["rules"])
        except (KeyError, RuntimeError):  # pragma: no cover - statistics layout of other clingo versions
            pass

    # -- multi-shot ---------------------------------------------------------------------------
    def optimal_models(self, *, time_limit_s: float | None = None) -> tuple[list[Model], bool]:
        """One optimisation run (``optN``): every model of the best cost the program still has,
        and whether the time limit cut the run short. The caller narrows the program with
        :meth:`extend` between runs (a learner that visits one cost level at a time)."""
        ctl = self.ground(time_limit_s=time_limit_s)
        deadline = deadline_after(time_limit_s)
        models, timed_out = self._solve_level(ctl, deadline, None, whole=False)
        if self.stats.runs == 0:
            self._read_program_stats(ctl)
        self.stats.runs += 1
        unique = self._dedupe(models, None)
        self.stats.models += len(unique)
        if unique:
            self.stats.cost_levels += 1
        return unique, timed_out

    def best_model(
        self, *, assumptions: Sequence[tuple[clingo.Symbol, bool]] = (), time_limit_s: float | None = None
    ) -> tuple[Model | None, bool]:
        """One optimal model under ``assumptions`` (atoms held true or false for this call only:
        the grounding is kept, so a caller can ask the same program several questions), or None
        if there is none; and whether the time limit cut the run short (the model is then the
        best found, ``proven`` False)."""
        ctl = self.ground(time_limit_s=time_limit_s)
        deadline = deadline_after(time_limit_s)
        models, timed_out = self._solve_level(ctl, deadline, 1, whole=False, assumptions=assumptions)
        if self.stats.runs == 0:
            self._read_program_stats(ctl)
        self.stats.runs += 1
        self.stats.models += len(models[:1])
        self.partial = self.partial or timed_out
        return (models[0] if models else None), timed_out

    def sample(
        self,
        n: int,
        *,
        seed: int = 0,
        project: Sequence[tuple[str, int]],
        externals: Callable[[random.Random], Iterable[tuple[clingo.Symbol, bool]]] | None = None,
        time_limit_s: float | None = None,
        functional: bool = False,
    ) -> Iterator[Model]:
        """Up to ``n`` distinct models, drawn by randomised search: each is one solve call with its
        own seed (derived from ``seed``); models already drawn are excluded by nogoods over the
        ``project`` atoms once one of them comes back (see the loop). Without ``externals`` the search takes random signs and a share of random
        decisions. With it, ``externals(rng)`` gives values for the encoding's ``#external``
        atoms before each call, and clingo runs its domain heuristic, so that an encoding can
        steer each model towards a random target (``#heuristic`` statements on those externals).
        Not uniform, but spread over the space; the same seed gives the same models. Stops early
        when no model is left. ``functional``: the ``project`` atoms are functional (one true atom
        per key in every model, e.g. one value per cell), so each model is excluded by a short
        nogood over its true atoms instead of one over every projected atom."""
        if self._ctl is None:
            extra = ("--heuristic=Domain",) if externals is not None else ("--sign-def=rnd", "--rand-freq=0.1")
            self.options = (*self.options, *extra)
        ctl = self.ground(time_limit_s=time_limit_s)
        rng = random.Random(seed)
        signatures = frozenset(project)
        projected: dict[str, int] | None = None  # read from clingo only once a nogood is needed
        deadline = deadline_after(time_limit_s)
        ctl.configuration.solve.opt_mode = "ignore"
        # Models drawn so far are excluded lazily: only when a call returns one already drawn
        # are all drawn-but-not-yet-excluded models blocked (one backend session), and the call
        # repeated. In a large space no nogood is ever added (each costs a backend session on
        # a large program); in a small one the blocking starts with the first repeat.
        drawn: set[frozenset] = set()
        pending: list[Model] = []
        calls = 0
        while len(drawn) < n:
            ctl.configuration.solver.seed = str((seed * 7919 + calls * 104729 + 1) % 2147483647)
            calls += 1
            remaining = None if deadline is None else deadline - time.perf_counter()
            if remaining is not None and remaining <= 0:
                self.partial = True
                return
            if externals is not None:
                for atom, value in externals(rng):
                    ctl.assign_external(atom, value)
            models, timed_out = self._solve_level(ctl, None if remaining is None else time.perf_counter() + remaining, 1, whole=False)
            self.stats.runs += 1
            if not models:
                self.partial = self.partial or timed_out
                return
            ident = _projection(models[0], signatures)
            if ident in drawn:
                if projected is None:
                    projected = _projected_literals(ctl, project)
                for model in pending:
                    self._block(ctl, model, projected, true_only=functional)
                pending = []
                continue
            drawn.add(ident)
            pending.append(models[0])
            self.stats.models += 1
            yield models[0]

    def extend(self, parts: Sequence[tuple[str, Sequence[Term]]], facts: Iterable[clingo.Symbol | tuple | str] = ()) -> None:
        """Multi-shot: add ``facts`` (symbols, tuples, or atoms as ASP text) and ground the
        encoding's ``#program`` parts ``parts`` (name and arguments, e.g. ``[("prune", [3])]``)
        on top of what is already grounded."""
        ctl = self.ground()
        self._steps = getattr(self, "_steps", 0) + 1
        name = f"_pyasp_step_{self._steps}"
        text = "".join(f"{f if isinstance(f, (clingo.Symbol, str)) else fact(f[0], *f[1:])}." for f in facts)
        start, seen = time.perf_counter(), len(self._messages)
        try:
            ctl.add(name, [], text)
            ctl.ground([(name, []), *[(part, [symbol(a) for a in args]) for part, args in parts]])
        except RuntimeError as err:
            raise self._fail(str(err), since=seen) from None
        except MemoryError:
            raise self._out_of_memory() from None
        self._check_messages(seen)  # the parts grounded now are checked as the base part was
        self.stats.ground_s += time.perf_counter() - start

    def enumerate_models(self, limit: int | None = None, *, time_limit_s: float | None = None) -> Iterator[Model]:
        """Yield the models one by one as clingo finds them, no optimisation, each distinct in
        its shown atoms (clingo's projection onto them); at most ``limit`` (None: all). Nothing
        is kept, so a program with millions of models streams in constant memory. The time
        limit stops the enumeration where it is (then ``self.partial`` is True). An enumeration
        left unfinished is closed when the program exits (clingo's search thread would otherwise
        abort the interpreter's shutdown)."""
        if limit is not None and limit < 1:
            raise InputError(f"a limit of {limit} models: give at least 1 (None: all)")
        models = self._enumerate(limit, time_limit_s)
        _unfinished.add(models)
        return models

    def _enumerate(self, limit: int | None, time_limit_s: float | None) -> Iterator[Model]:
        ctl = self.ground(time_limit_s=time_limit_s)
        settings = ctl.configuration.solve
        before = {key: getattr(settings, key) for key in ("opt_mode", "project", "models")}
        settings.opt_mode, settings.project, settings.models = "ignore", "show", 0 if limit is None else limit
        deadline = deadline_after(time_limit_s)
        start = time.perf_counter()
        try:
            # Ctrl-C is deferred only while clingo runs, not while the consumer has a model
            with solving(ctl, defer=False), ctl.solve(yield_=True, async_=True) as handle:
                while True:
                    with deferred():
                        handle.resume()
                        timeout = None if deadline is None else max(0.0, deadline - time.perf_counter())
                        if not (handle.wait(timeout) if timeout is not None else (handle.wait() or True)):
                            handle.cancel()
                            self.partial = True
                            break
                        model = handle.model()
                        if model is None:
                            break
                        found = Model(tuple(model.symbols(shown=True)), (), True, ())
                    self.stats.models += 1
                    self.stats.solve_s += time.perf_counter() - start
                    yield found
                    start = time.perf_counter()
                with deferred():
                    handle.get()
        except RuntimeError as err:
            raise InputError(f"clingo cannot solve the program: {str(err).rsplit(': ', 1)[-1]}") from None
        finally:  # later solves of this program optimise again
            for key, value in before.items():
                setattr(settings, key, value)
        self.stats.solve_s += time.perf_counter() - start
        self.stats.runs += 1

    def count_models(self, *, time_limit_s: float | None = None) -> tuple[int, bool]:
        """How many answer sets the program has (no optimisation, nothing decoded), and whether
        the time limit stopped the count."""
        ctl = self.ground(time_limit_s=time_limit_s)
        ctl.configuration.solve.opt_mode = "ignore"
        ctl.configuration.solve.models = 0
        count = 0

        def on_model(_m: clingo.Model) -> bool:
            nonlocal count
            count += 1
            return True

        start = time.perf_counter()
        with solving(ctl), ctl.solve(on_model=on_model, async_=True) as handle:
            finished = handle.wait(time_limit_s) if deadline_after(time_limit_s) is not None else (handle.wait() or True)
            if not finished:
                handle.cancel()
            handle.get()
        self.stats.solve_s += time.perf_counter() - start
        return count, not finished

    def all_models(self, *, projected: bool = False) -> list[Model]:
        """Every model, in no particular order, with its cost; no optimisation.

        With ``projected``, models that agree on the encoding's ``#project`` atoms are reported
        once, and their cost is left empty (it would be that of an arbitrary completion).
        Used by tests and benchmarks to compare an encoding with an independent enumerator.
        """
        ctl = self.ground()
        ctl.configuration.solve.opt_mode = "ignore" if projected else "enum"
        ctl.configuration.solve.project = "auto" if projected else "no"
        models: list[Model] = []
        start = time.perf_counter()
        with solving(ctl):
            ctl.solve(
                on_model=lambda m: models.append(
                    Model(tuple(m.symbols(shown=True)), *(((), True, ()) if projected else (tuple(m.cost), True, tuple(m.priority))))
                )
            )
        self.stats.solve_s += time.perf_counter() - start
        self._read_program_stats(ctl)
        return models
