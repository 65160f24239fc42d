"""The constraint DSL of IP acquisition: parse ``grammars/constraints.lark`` into frozen
dataclasses, check names and indices, and print programs back. A text is read by a reader of its
own that follows the grammar (:func:`_read`); Lark parses it only to word a syntax error.

A program declares index ranges and tensors, then constraints in ARNOLD's form (Section 3.1)::

    index f = 1..F;
    index w = 1..W;
    const F; const W;
    const demand[w];
    const production[f];
    var ship[f,w] in 0..40;
    sum[f] ship[f,w] >= demand[w];
    sum[w] ship[f,w] <= production[f];

Internally a constraint is always ``pos_1 + ... - neg_1 - ... <= rhs`` where ``rhs`` is a tensor
(possibly negated) or an integer; ``A >= B`` is read as ``-A <= -B``. Terms are kept in a canonical
order, so printing a program and parsing it back gives the same program.

    >>> prog = parse_program("index i = 1..3; var x[i] in 0..5; const c[i]; x[i] <= c[i];")
    >>> print(prog.text(prog.constraints[0]))
    x[i] <= c[i]
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from ..errors import InputError, name_hint, pointed, read_text_file, shown_char
from ..resources import grammar_path

#: the largest integer (in absolute value) of a program, its constants and its examples
INT_LIMIT = 2**62

__all__ = [
    "Constraint",
    "ConstraintsError",
    "IndexDecl",
    "Program",
    "TensorDecl",
    "Term",
    "Written",
    "format_constraint",
    "format_program",
    "load_program",
    "parse_program",
    "statements",
]


class ConstraintsError(InputError):
    """A constraint program that does not parse or names what it does not declare."""

    def __init__(self, source: str, line: int, column: int, message: str, context: str = ""):
        self.source, self.line, self.column, self.detail = source, line, column, message
        text = f"{source}:{line}:{column}: {message}"
        if context:
            text += "\n" + context.rstrip()
        super().__init__(text)


# -- AST ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class IndexDecl:
    """``index NAME = 1..SIZE;`` -- SIZE is a number or the name of a scalar constant."""

    name: str
    size: int | str


@dataclass(frozen=True)
class TensorDecl:
    """``const NAME[i,j];`` or ``var NAME[i,j] in LO..HI;`` (a scalar has no indices)."""

    name: str
    indices: tuple[str, ...]
    variable: bool
    domain: tuple[int, int] | None = None
    line: int | None = field(default=None, compare=False)  # where it is declared (None: not from a file)

    @property
    def kind(self) -> str:
        return "var" if self.variable else "const"


@dataclass(frozen=True, order=True)
class Term:
    """A product of tensors (names, sorted; a name may repeat) summed over ``summed`` (sorted),
    times a positive integer ``coef`` (written ``2*x[i]``; 1 in every learned term)."""

    factors: tuple[str, ...]
    summed: tuple[str, ...] = ()
    coef: int = 1

    @staticmethod
    def of(factors, summed=(), coef: int = 1) -> Term:
        return Term(tuple(sorted(factors)), tuple(sorted(set(summed))), coef)


@dataclass(frozen=True)
class Written:
    """A constraint as the user wrote it: ``text`` with its terms and factors in their order and
    its relation (``=`` for both halves of an equation), and whether the constraint is that text
    read the other way round (``reversed``: written ``A >= B``, or the second half of ``A = B``,
    and held as ``-A <= -B``)."""

    text: str
    reversed: bool = False


@dataclass(frozen=True)
class Constraint:
    """``sum(pos) - sum(neg) <= rhs`` for every value of the free indices.

    ``rhs`` is a tensor name (negated when ``rhs_negated``) or an integer (0 and 1 are the
    utility tensors of the learner). ``line`` is where it was written and ``written`` how (None
    for a constraint no user wrote, such as a learned one); neither is part of equality.
    """

    pos: tuple[Term, ...] = ()
    neg: tuple[Term, ...] = ()
    rhs: str | int = 0
    rhs_negated: bool = False
    line: int | None = field(default=None, compare=False, hash=False)
    written: Written | None = field(default=None, compare=False, hash=False, repr=False)

    @staticmethod
    def of(pos=(), neg=(), rhs: str | int = 0, rhs_negated: bool = False, line: int | None = None,
           written: Written | None = None) -> Constraint:
        if isinstance(rhs, int):
            rhs, rhs_negated = (-rhs if rhs_negated else rhs), False
        return Constraint(tuple(sorted(pos)), tuple(sorted(neg)), rhs, rhs_negated, line, written)

    def reversed_reading(self) -> Constraint:
        """``-lhs <= -rhs``: the other half of the equation ``lhs = rhs`` (``A >= B`` for ``A <= B``)."""
        if isinstance(self.rhs, int):
            return Constraint(self.neg, self.pos, -self.rhs)
        return Constraint(self.neg, self.pos, self.rhs, not self.rhs_negated)

    @property
    def terms(self) -> tuple[Term, ...]:
        return self.pos + self.neg

    def tensors(self) -> set[str]:
        names = {f for t in self.terms for f in t.factors}
        if isinstance(self.rhs, str):
            names.add(self.rhs)
        return names

    def __str__(self) -> str:
        return format_constraint(self)


@dataclass(frozen=True)
class Program:
    """Declarations and constraints. A *schema* is a program without constraints."""

    indices: tuple[IndexDecl, ...] = ()
    tensors: tuple[TensorDecl, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    source: str = field(default="<program>", compare=False)

    def tensor(self, name: str) -> TensorDecl:
        for decl in self.tensors:
            if decl.name == name:
                return decl
        raise KeyError(name)

    @property
    def tensor_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.tensors)

    @property
    def variables(self) -> tuple[TensorDecl, ...]:
        return tuple(t for t in self.tensors if t.variable)

    @property
    def constants(self) -> tuple[TensorDecl, ...]:
        return tuple(t for t in self.tensors if not t.variable)

    def with_constraints(self, constraints) -> Program:
        return Program(self.indices, self.tensors, tuple(constraints), self.source)

    def text(self, constraint: Constraint) -> str:
        """A constraint in the DSL, tensors written with their indices: as the user wrote it when
        it was read from text (its terms and factors in their order, ``A = B`` for either half of
        an equation), else as :func:`format_constraint` writes it."""
        if constraint.written is not None:
            return constraint.written.text
        return format_constraint(constraint, {t.name: t.indices for t in self.tensors})

    def free_indices(self, term: Term) -> tuple[str, ...]:
        """The indices of a term that are not summed, in declaration order."""
        used = {i for f in term.factors for i in self.tensor(f).indices}
        order = [d.name for d in self.indices]
        return tuple(i for i in order if i in used and i not in term.summed)


# -- printing -------------------------------------------------------------------------------------
def format_term(term: Term, tensor_indices: dict[str, tuple[str, ...]] | None = None) -> str:
    def ref(name: str) -> str:
        idx = (tensor_indices or {}).get(name, ())
        return f"{name}[{','.join(idx)}]" if idx else name

    body = "*".join(([str(term.coef)] if term.coef != 1 or not term.factors else []) + [ref(f) for f in term.factors])
    return f"sum[{','.join(term.summed)}] {body}" if term.summed else body


def format_constraint(c: Constraint, tensor_indices: dict[str, tuple[str, ...]] | None = None, *,
                      equation: bool = False) -> str:
    """The constraint as the DSL writes it: ``a + b - c <= Z``, or ``a + b >= Z`` when every term
    is subtracted (``-a - b <= -Z`` read the other way round). With ``equation``, ``c`` and its
    reversed reading together: ``a + b - c = Z`` (parsed back, ``c`` comes first)."""

    def rhs_text(negate: bool) -> str:
        if isinstance(c.rhs, int):
            return str(-c.rhs if negate else c.rhs)
        name = format_term(Term((c.rhs,)), tensor_indices)
        return f"-{name}" if (c.rhs_negated != negate) else name

    fmt = lambda t: format_term(t, tensor_indices)  # noqa: E731
    if not c.pos and c.neg and not equation:
        return " + ".join(fmt(t) for t in c.neg) + " >= " + rhs_text(True)
    parts = [fmt(t) for t in c.pos]
    text = " + ".join(parts) if parts else ""
    for t in c.neg:
        text = f"{text} - {fmt(t)}" if text else f"-{fmt(t)}"
    return f"{text or '0'} {'=' if equation else '<='} {rhs_text(False)}"


def statements(constraints) -> list[tuple[int, bool]]:
    """The constraints as statements of a program: ``(k, True)`` when ``constraints[k + 1]`` is
    ``constraints[k]`` read the other way round, the two written once as the equation ``A = B``
    (which the parser reads back as the same two, in that order), else ``(k, False)``."""
    out: list[tuple[int, bool]] = []
    k = 0
    while k < len(constraints):
        pair = k + 1 < len(constraints) and constraints[k + 1] == constraints[k].reversed_reading()
        out.append((k, pair))
        k += 2 if pair else 1
    return out


def format_program(program: Program, *, declarations: bool = True, comments: dict[int, str] | None = None) -> str:
    """The program as DSL text (declarations first, one statement a line; a constraint followed by
    its reversed reading is one line, ``A = B``: see :func:`statements`).

    ``comments`` maps a constraint's position to a comment printed after it (after an equation,
    those of both halves)."""
    lines: list[str] = []
    if declarations:
        for d in program.indices:
            lines.append(f"index {d.name} = 1..{d.size};")
        for t in program.tensors:
            idx = f"[{','.join(t.indices)}]" if t.indices else ""
            dom = f" in {t.domain[0]}..{t.domain[1]}" if t.domain is not None else ""
            lines.append(f"{t.kind} {t.name}{idx}{dom};")
    indices = {t.name: t.indices for t in program.tensors}
    for k, equation in statements(program.constraints):
        line = format_constraint(program.constraints[k], indices, equation=equation) + ";"
        notes = [comments[j] for j in (k, k + 1)[: 1 + equation] if comments and j in comments]
        if notes:
            line += f"  % {'; '.join(notes)}"
        lines.append(line)
    return "\n".join(lines) + ("\n" if lines else "")


# -- parsing --------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    return Lark(grammar_path("constraints").read_text(encoding="utf-8"), parser="lalr")


_READABLE = {  # the other terminals are named by their text (see _readable)
    "NAME": "a name",
    "INT": "a number",
    "REL": '"<=", ">=" or "="',
    "KIND": '"const" or "var"',
    "$END": "the end of the file",
}


def _can_follow(error) -> set[str]:
    """The tokens that can come where the error is. Lark's own list (``expected``, ``allowed``)
    is what the LALR state looks ahead to, and the state after a tensor's indices is shared by
    every place an index list occurs: after ``x[i] <= c[i]`` at the end of the file it listed
    "in" (of ``var x[i] in 0..5``) and the start of a term (of ``sum[i] x[i]``), where only ";"
    can follow; after ``y <= 3`` it listed ".." (of a domain). The parser at the error, tried on
    each token, says which ones it takes. Empty when it cannot say (Lark's list is used then)."""
    from lark.exceptions import UnexpectedInput

    parser = getattr(error, "interactive_parser", None)
    if parser is None:
        return set()
    try:
        return set(parser.accepts())
    except UnexpectedInput:  # pragma: no cover - Lark's list then
        return set()


def _readable(name: str) -> str:
    """A terminal as the message names it: ``"a name"``, ``";"``; an anonymous one by its text
    (``zero: "0"`` is "a number")."""
    if name in _READABLE:
        return _READABLE[name]
    try:
        pattern = _parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type != "str":
        return name.lower()
    return _READABLE["INT"] if pattern.value.isdigit() else f'"{pattern.value}"'


def _syntax_error(error, text: str, source: str) -> ConstraintsError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line = getattr(error, "line", None) or 1
    column = getattr(error, "column", None) or 1
    expected = sorted(_can_follow(error) or getattr(error, "expected", None) or getattr(error, "allowed", None) or [])
    readable = sorted({_readable(e) for e in expected})
    if isinstance(error, UnexpectedToken):
        token = error.token
        found = "end of file" if token.type == "$END" else f'"{token}"'
        if token.type == "$END":
            lines = text.splitlines() or [""]
            line, column = len(lines), len(lines[-1]) + 1
    elif isinstance(error, UnexpectedCharacters):
        found = shown_char(text[error.pos_in_stream])
    elif isinstance(error, UnexpectedEOF):
        found = "end of file"
    else:  # pragma: no cover
        found = "input"
    message = f"unexpected {found}" + (f": expected {', '.join(readable)}" if readable else "")
    message += name_hint(text, getattr(error, "pos_in_stream", None))
    lines = text.splitlines() or [""]
    before = lines[min(line, len(lines)) - 1][: max(column - 1, 0)] if lines else ""
    if found in ('"+"', '"-"', '"*"') and '";"' in readable and any(op in before for op in ("<=", ">=", "=")):
        hint = ("; the right-hand side is one tensor, its negation or an integer "
                "(move the other terms to the left: sum[j] x[i,j] - 1 <= c[i])")
    else:
        hint = _hint(found, readable, before)
    message += hint
    end = _statement_end(text, error) if '";"' in readable and found not in ("end of file", '"+"', '"-"', '"*"') else None
    if end is not None:  # a ";" forgotten at the end of a line: the next line's first word was unexpected
        message = f'expected ";" at the end of this line (found {found} on line {line}){hint}'
        line, column = end
    shown = lines[min(line, len(lines)) - 1] if lines else ""
    context = pointed(shown, column)
    return ConstraintsError(source, line, column, message, context)


#: keywords of the language, which cannot be names
_KEYWORDS = ("index", "const", "var", "sum", "in")
#: a relation typed as one character, as the language writes it
_UNICODE_RELATIONS = {"\u2264": "<=", "\u2265": ">=", "\u2260": "<= and >= (there is no not-equal)"}


def _hint(found: str, readable: list[str], before: str) -> str:
    """What a mistake of someone used to another language needs said, after "unexpected X:
    expected ...": "==", "<", "≤", a decimal number, a comment of "#" or "//", a keyword as a name."""
    symbol = found.strip('"')
    if symbol == "=" and before.rstrip().endswith(("<=", ">=", "=")):
        return '; the relations are <=, >= and = (an equation, both at once)'
    if symbol in ("<", ">") and any('"<="' in r for r in readable):
        return f"; the relations are <=, >= and = (x {symbol} c for integers is x {symbol}= c {'-' if symbol == '<' else '+'} 1)"
    if symbol in _UNICODE_RELATIONS:
        return f"; write {_UNICODE_RELATIONS[symbol]} in ASCII"
    if symbol == "." and before.rstrip()[-1:].isdigit():
        return "; numbers are integers (scale the program so that every value is one)"
    if symbol in ("#", "/") and not before.strip():
        return '; a comment starts with "%"'
    if symbol in _KEYWORDS and "a name" in readable:
        return f"; {symbol} is a keyword of the language ({', '.join(_KEYWORDS)}), not a name"
    return ""


def _statement_end(text: str, error) -> tuple[int, int] | None:
    """Where the statement before ``error``'s token ends -- its last character's line and the
    column after it -- when the token begins a later line (a ";" forgotten at a line's end: the
    error is then at the next statement); else None. Comments after the statement are skipped."""
    position = getattr(getattr(error, "token", None), "start_pos", None)
    if position is None:
        position = getattr(error, "pos_in_stream", None)
    if position is None:
        return None
    lines = text[:position].split("\n")
    if len(lines) < 2 or lines[-1].strip():  # the token is not the first of its line
        return None
    for number in range(len(lines) - 2, -1, -1):
        code = lines[number].split("%", 1)[0].rstrip()
        if code:
            return number + 1, len(code) + 1
    return None


# -- the reader -----------------------------------------------------------------------------------
# A program is read by a small reader of its own (below), which takes the text as the grammar
# (grammars/constraints.lark) does; Lark parses it only when that reader stops at something it does
# not take, and then only to say what is wrong (its error, line and column). Lark's tree of a
# learned program of 17,540 constraints, and the walk over it, took twelve times as long as this
# reader does (bench/acquire_parse.py).

#: the tokens of the text: a name or keyword, an integer, a two-character symbol, blanks and a
#: comment (which the grammar ignores: its WS and COMMENT), or any other single character
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+|<=|>=|\.\.|[ \t\f\r\n]+|%[^\n]*|[\s\S]")
_BLANK = frozenset(" \t\f\r\n%")
_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_DIGITS = frozenset("0123456789")
_RELATIONS = frozenset(("<=", ">=", "="))
_END = ""  # the value of every token after the last one


class _NotRead(Exception):
    """The reader met what it does not take (a syntax error): Lark then says what is wrong."""

    def __init__(self, k: int):
        super().__init__(k)
        self.k = k


class _Tokens:
    """The text cut into tokens: ``values`` are the ones the grammar does not ignore (then
    ``_END``), and :meth:`where` says where token ``k`` starts."""

    def __init__(self, text: str):
        pieces = _TOKEN.findall(text)
        self.text = text
        self._pieces = pieces
        self._kept = [i for i, piece in enumerate(pieces) if piece[0] not in _BLANK]
        self.values = [pieces[i] for i in self._kept] + [_END] * 8
        self._offsets: list[int] | None = None
        self._newlines: list[int] = []
        self.statement = 0  # the first token of the statement being read

    def offset(self, k: int) -> int:
        """Where token ``k`` starts in the text."""
        if self._offsets is None:
            self._offsets = list(accumulate(map(len, self._pieces), initial=0))
            self._newlines = [m.start() for m in re.finditer("\n", self.text)]
        return self._offsets[self._kept[k]] if k < len(self._kept) else len(self.text)

    def where(self, k: int) -> tuple[int, int]:
        """The line and column of token ``k``, counted from 1 as Lark counts them (lines end at "\\n")."""
        offset = self.offset(k)
        line = bisect_left(self._newlines, offset)
        return line + 1, offset - (self._newlines[line - 1] + 1 if line else 0) + 1


def _is_name(value: str) -> bool:
    return value[:1] in _NAME_START and value not in _KEYWORDS


def _read_indices(v: list[str], k: int) -> tuple[tuple[int, list[int]], int]:
    """``"[" NAME ("," NAME)* "]"`` from token ``k`` (the "["): (its position, those of the names), and the next token."""
    at, names = k, []
    while True:
        k += 1
        word = v[k]
        if word[:1] not in _NAME_START or word in _KEYWORDS:
            raise _NotRead(k)
        names.append(k)
        k += 1
        if v[k] == "]":
            return (at, names), k + 1
        if v[k] != ",":
            raise _NotRead(k)


def _read_signed(v: list[str], k: int) -> tuple[tuple[bool, int], int]:
    """``MINUS? INT``: (whether negated, the position of the INT), and the next token."""
    minus = v[k] == "-"
    if minus:
        k += 1
    if v[k][:1] not in _DIGITS:
        raise _NotRead(k)
    return (minus, k), k + 1


def _read_factor(v: list[str], k: int):
    """``tensor: NAME indices?``: (the name's position, those of its indices or None), and the next token."""
    word = v[k]
    if word[:1] not in _NAME_START or word in _KEYWORDS:
        raise _NotRead(k)
    if v[k + 1] == "[":
        (_, names), after = _read_indices(v, k + 1)
        return (k, names), after
    return (k, None), k + 1


def _read_term(v: list[str], k: int):
    """``term: summation? factor ("*" factor)*``: (its first and next token's positions, the summed
    indices' positions or None, its factors -- an INT's position or a tensor as :func:`_read_factor`
    gives it), and the next token."""
    start, summed, factors = k, None, []
    if v[k] == "sum":
        if v[k + 1] != "[":
            raise _NotRead(k + 1)
        (_, summed), k = _read_indices(v, k + 1)
    while True:
        if v[k][:1] in _DIGITS:
            factors.append(k)
            k += 1
        else:
            factor, k = _read_factor(v, k)
            factors.append(factor)
        if v[k] != "*":
            return (start, k, summed, factors), k
        k += 1


def _read(tokens: _Tokens) -> list[tuple]:
    """The statements of the text, tokens named by their positions:

    * ``("index", name, low, size)``: ``index NAME = INT .. size;``
    * ``("tensor", kind, name, indices, domain)``: indices ``("[", names)`` or None, domain
      ``("in", low, high)`` or None with ``low`` and ``high`` as :func:`_read_signed` gives them
    * ``("constraint", first, lhs, relation, rhs)``: ``lhs`` None for ``0``, else ``[(minus, term)]``
      (terms as :func:`_read_term` gives them); ``rhs`` ``(minus, INT)`` or ``(minus, tensor)``

    As the grammar reads it: a "0" that begins a statement is the left side ``0`` (Lark's lexer
    makes it the terminal "0" there, and an INT elsewhere). Raises :class:`_NotRead` where it
    stops (``tokens.statement`` is then the first token of the statement it stopped in)."""
    v = tokens.values
    out: list[tuple] = []
    k = 0
    while v[k] != _END:
        first = tokens.statement = k
        word = v[k]
        if word == "index":
            if not (_is_name(v[k + 1]) and v[k + 2] == "=" and v[k + 3][:1] in _DIGITS and v[k + 4] == ".."
                    and (v[k + 5][:1] in _DIGITS or _is_name(v[k + 5])) and v[k + 6] == ";"):
                raise _NotRead(k)
            out.append(("index", k + 1, k + 3, k + 5))
            k += 7
            continue
        if word == "const" or word == "var":
            if not _is_name(v[k + 1]):
                raise _NotRead(k + 1)
            name, k = k + 1, k + 2
            indices = domain = None
            if v[k] == "[":
                indices, k = _read_indices(v, k)
            if v[k] == "in":
                at = k
                low, k = _read_signed(v, k + 1)
                if v[k] != "..":
                    raise _NotRead(k)
                high, k = _read_signed(v, k + 1)
                domain = (at, low, high)
            if v[k] != ";":
                raise _NotRead(k)
            out.append(("tensor", first, name, indices, domain))
            k += 1
            continue
        lhs: list | None = None
        if word == "0":
            k += 1
        else:
            minus = word == "-"
            term, k = _read_term(v, k + 1 if minus else k)
            lhs = [(minus, term)]
            while v[k] == "+" or v[k] == "-":
                minus = v[k] == "-"
                term, k = _read_term(v, k + 1)
                lhs.append((minus, term))
        if v[k] not in _RELATIONS:
            raise _NotRead(k)
        relation = k
        minus = v[k + 1] == "-"
        k += 2 if minus else 1
        if v[k][:1] in _DIGITS:
            rhs, k = (minus, k), k + 1
        else:
            factor, k = _read_factor(v, k)
            rhs = (minus, factor)
        if v[k] != ";":
            raise _NotRead(k)
        out.append(("constraint", first, lhs, relation, rhs))
        k += 1
    return out


class _Builder:
    """Turns the statements :func:`_read` gives into a Program, checking names as it goes."""

    def __init__(self, source: str, schema: Program | None, tokens: _Tokens):
        self.source = source
        self.tokens = tokens
        self.v = tokens.values
        self.indices: dict[str, IndexDecl] = {d.name: d for d in (schema.indices if schema else ())}
        self.tensors: dict[str, TensorDecl] = {t.name: t for t in (schema.tensors if schema else ())}
        self.constraints: list[Constraint] = []
        self.size_at: dict[str, int] = {}
        self.later: dict[str, tuple[str, int]] = {}
        # a term's tokens -> the Term and its text, for the terms read without an error (the
        # declarations only grow, so a term that reads once reads the same again)
        self._terms: dict[tuple[str, ...], tuple[Term, str]] = {}
        self._frees: dict[Term, frozenset[str]] = {}

    def fail(self, k: int, message: str) -> ConstraintsError:
        line, column = self.tokens.where(k)
        return ConstraintsError(self.source, line, column, message)

    def build(self, statements: list[tuple]) -> Program:
        v = self.v
        # where each tensor and index is declared, so that a use before it can say so
        for stmt in statements:
            if stmt[0] != "constraint":
                at = stmt[2] if stmt[0] == "tensor" else stmt[1]
                self.later[v[at]] = ("tensor" if stmt[0] == "tensor" else "index", self.tokens.where(at)[0])
        for stmt in statements:
            if stmt[0] == "constraint":
                self.constraint(*stmt[1:])
            elif stmt[0] == "tensor":
                self.tensor_decl(*stmt[1:])
            else:
                self.index_decl(*stmt[1:])
        for d in self.indices.values():
            if isinstance(d.size, str):
                decl = self.tensors.get(d.size)
                if decl is None or decl.indices or decl.variable:
                    line, column = self.tokens.where(self.size_at[d.name]) if d.name in self.size_at else (1, 1)
                    raise ConstraintsError(
                        self.source, line, column, f"index {d.name} has size {d.size}, which is not a declared scalar constant"
                    )
        return Program(tuple(self.indices.values()), tuple(self.tensors.values()), tuple(self.constraints), self.source)

    # declarations
    def index_decl(self, name_at: int, low_at: int, size_at: int) -> None:
        v = self.v
        name, size = v[name_at], v[size_at]
        if name in self.indices:
            raise self.fail(name_at, f"index {name} is declared twice")
        if name in self.tensors:
            raise self.fail(name_at, f"{name} is already the name of a tensor")
        if int(v[low_at]) != 1:
            raise self.fail(low_at, f"index {name} must start at 1 (write 1..N)")
        value = self._checked(size_at) if size[:1] in _DIGITS else size
        self.size_at[name] = size_at
        if isinstance(value, int) and value < 1:
            raise self.fail(size_at, f"index {name} needs at least one value")
        self.indices[name] = IndexDecl(name, value)

    def tensor_decl(self, kind_at: int, name_at: int, indices, domain) -> None:
        v = self.v
        kind, name = v[kind_at], v[name_at]
        if name in self.tensors:
            raise self.fail(name_at, f"tensor {name} is declared twice")
        if name in self.indices:
            raise self.fail(name_at, f"{name} is already the name of an index")
        names: tuple[str, ...] = ()
        if indices is not None:
            at, positions = indices
            names = tuple(v[k] for k in positions)
            for k in positions:
                index = v[k]
                if index not in self.indices:
                    later = self.later.get(index)
                    if later is not None and later[0] == "index":
                        raise self.fail(k, f"tensor {name} uses index {index} before its declaration (line "
                                           f"{later[1]}): declare indices before the tensors that use them")
                    raise self.fail(k, f"tensor {name} uses index {index}, which is not declared (index {index} = 1..N;)")
            if len(set(names)) != len(names):
                raise self.fail(at, f"tensor {name} repeats an index")
        bounds = None
        if domain is not None:
            at, low_int, high_int = domain
            low, high = self._int(low_int), self._int(high_int)
            if kind == "const":
                raise self.fail(at, f"constant {name} cannot have a domain (only var tensors do)")
            if low > high:
                raise self.fail(at, f"the domain of {name} is empty ({low}..{high})")
            bounds = (low, high)
        self.tensors[name] = TensorDecl(name, names, kind == "var", bounds, self.tokens.where(name_at)[0])

    def _checked(self, k: int) -> int:
        """An integer as written, refused beyond :data:`INT_LIMIT` (as in constants and examples)."""
        token = self.v[k]
        value = int(token)
        if abs(value) > INT_LIMIT:
            raise self.fail(k, f"{token[:20]}{'...' if len(token) > 20 else ''} is too large "
                               "(integers up to 2**62 in absolute value)")
        return value

    def _int(self, signed: tuple[bool, int]) -> int:
        minus, k = signed
        return -self._checked(k) if minus else self._checked(k)

    # constraints
    def _factor(self, factor) -> str:
        v = self.v
        name_at, positions = factor
        name = v[name_at]
        later = self.later
        if name not in self.tensors:
            if name in self.indices or later.get(name, ("",))[0] == "index":
                raise self.fail(name_at, f"{name} is an index, not a tensor: a term multiplies tensors (x[{name}]), and "
                                         f"sum[{name}] sums over it")
            if name in later:
                raise self.fail(name_at, f"{name} is used before its declaration (line {later[name][1]}): declare "
                                         "tensors and indices before the constraints that use them")
            close = _close(name, self.tensors)
            raise self.fail(name_at, f"unknown tensor {name}" + (f"; is it {close}?" if close else "")
                            + f" (declare it: const {name}[...]; or var {name}[...];)")
        decl = self.tensors[name]
        written = tuple(v[k] for k in positions) if positions is not None else ()
        undeclared = next((k for k in positions if v[k] not in self.indices), None) if positions is not None else None
        if undeclared is not None and later.get(v[undeclared], ("",))[0] == "index":
            raise self.fail(undeclared, f"index {v[undeclared]} is used before its declaration (line "
                                        f"{later[v[undeclared]][1]}): declare indices before the constraints that use them")
        if undeclared is not None and written != decl.indices:
            raise self.fail(undeclared, f"{v[undeclared]} is not a declared index ({name} is declared as "
                                        f"{name}[{','.join(decl.indices)}])" if decl.indices else
                            f"{v[undeclared]} is not a declared index, and {name} takes none")
        if written != decl.indices:
            want = f"{name}[{','.join(decl.indices)}]" if decl.indices else name
            raise self.fail(name_at, f"{name} is declared as {want}; write it with those indices, in that order")
        return name

    def _tensor_text(self, factor) -> str:
        name_at, positions = factor
        v = self.v
        return f"{v[name_at]}[{','.join(v[k] for k in positions)}]" if positions is not None else v[name_at]

    def _term(self, term) -> tuple[Term, str]:
        """The Term and its text as written (its sum, then its factors in their order)."""
        v = self.v
        start, end, summed_at, factors = term
        key = tuple(v[start:end])
        known = self._terms.get(key)
        if known is not None:
            return known
        summed = tuple(v[k] for k in summed_at) if summed_at is not None else ()
        names = []
        parts = []
        coef = 1
        for factor in factors:
            if type(factor) is int:  # an INT
                coef *= self._checked(factor)
                if abs(coef) > INT_LIMIT:
                    raise self.fail(factor, "the coefficient of this term is too large (integers up to 2**62 "
                                            "in absolute value)")
                parts.append(str(int(v[factor])))
            else:
                names.append(self._factor(factor))
                parts.append(self._tensor_text(factor))
        if coef == 0:
            raise self.fail(start, "a term multiplied by 0 is 0: leave it out")
        used = {i for f in names for i in self.tensors[f].indices}
        for i in summed:
            if i not in self.indices:
                close = _close(i, self.indices)
                raise self.fail(start, f"sum over {i}, which is not a declared index"
                                       + (f"; is it {close}?" if close else f" (declared: {', '.join(self.indices) or 'none'})"))
            if i not in used:
                raise self.fail(start, f"sum over {i}, but no tensor of the term has index {i}")
        if len(set(summed)) != len(summed):
            raise self.fail(start, "a sum repeats an index")
        text = (f"sum[{','.join(summed)}] " if summed_at is not None else "") + "*".join(parts)
        known = self._terms[key] = (Term.of(names, summed, coef), text)
        return known

    def _free(self, term: Term) -> frozenset[str]:
        free = self._frees.get(term)
        if free is None:
            used = {i for f in term.factors for i in self.tensors[f].indices}
            free = self._frees[term] = frozenset(used - set(term.summed))
        return free

    def constraint(self, first: int, lhs, relation: int, rhs) -> None:
        v = self.v
        plus: list[Term] = []
        minus: list[Term] = []
        written = []
        for k, (negated_term, term) in enumerate(lhs or ()):
            value, text = self._term(term)
            (minus if negated_term else plus).append(value)
            written.append(("-" if negated_term else "") + text if k == 0 else f" {'-' if negated_term else '+'} {text}")
        negated, right = rhs
        if type(right) is int:  # an INT
            rhs_value: str | int = -self._checked(right) if negated else self._checked(right)
            rhs_text = ("-" if negated else "") + str(int(v[right]))
            negated = False
        else:
            rhs_value = self._factor(right)
            rhs_text = ("-" if negated else "") + self._tensor_text(right)
        frees = {self._free(t) for t in plus + minus if t.factors}  # a number alone holds for every index
        rel = v[relation]
        if len(frees) > 1:
            shown = " vs ".join("{" + ",".join(sorted(f)) + "}" for f in sorted(frees, key=sorted))
            scalars = [t for t in plus + minus if t.factors and not self._free(t) and not t.summed]
            hint = ""
            if scalars:  # a scalar tensor beside indexed terms: it belongs on the right
                name = "*".join(scalars[0].factors)
                sign = "-" if scalars[0] in plus else ""
                hint = (f"; {name} has none: a tensor without indices goes on the right-hand side, its sign "
                        f"changed (... {rel} {sign}{name}), and a number on the right moves left")
            raise self.fail(first, f"the terms of a constraint must have the same free indices ({shown}){hint}")
        text = f"{''.join(written) or '0'} {rel} {rhs_text}"
        line = self.tokens.where(first)[0]
        if rel in ("<=", "="):
            self.constraints.append(Constraint.of(plus, minus, rhs_value, negated, line=line, written=Written(text)))
        if rel in (">=", "="):  # read the other way round: -lhs <= -rhs (an equation is both)
            flipped = -rhs_value if isinstance(rhs_value, int) else rhs_value
            self.constraints.append(Constraint.of(minus, plus, flipped, negated if isinstance(rhs_value, int) else not negated,
                                                  line=line, written=Written(text, reversed=True)))


def _close(name: str, known) -> str | None:
    """The declared name ``name`` is most likely a misspelling of, or None."""
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def parse_program(text: str, source: str = "<program>", *, schema: Program | None = None) -> Program:
    """Parse DSL text. With ``schema``, its declarations are known beforehand (a learned program's
    constraints may then be given without declarations)."""
    tokens = _Tokens(text)
    try:
        statements = _read(tokens)
    except _NotRead as stop:
        raise _lark_error(text, source, tokens, stop.k) from None
    return _Builder(source, schema, tokens).build(statements)


def _lark_error(text: str, source: str, tokens: _Tokens, k: int, *, whole: bool = False) -> ConstraintsError:
    """The syntax error of a text the reader stopped in, as Lark finds and :func:`_syntax_error`
    words it. Lark parses the text with the statements before the one the reader stopped in blanked
    out (spaces; line breaks and offsets kept, so lines and columns are the same): the reader took
    them, so the grammar does, and an error at the end of a long file is found at once (not after
    parsing all of it, 15 s for 17,540 constraints). ``whole``: Lark parses the text as it is."""
    from lark.exceptions import UnexpectedInput

    parsed = text
    if not whole and tokens.statement:
        start = tokens.offset(tokens.statement)
        parsed = re.sub(r"[^\n]+", lambda m: " " * len(m.group()), text[:start]) + text[start:]
    try:
        _parser().parse(parsed)
    except UnexpectedInput as error:
        return _syntax_error(error, text, source)
    # the reader and the grammar disagree (tests/test_acquire.py checks that they do not)
    line, column = tokens.where(k)  # pragma: no cover
    found = tokens.values[k] or "end of file"  # pragma: no cover
    return ConstraintsError(source, line, column, f"unexpected {found!r}")  # pragma: no cover


def load_program(path: str | Path, *, schema: Program | None = None, what: str = "program") -> Program:
    """Read and parse a DSL file; errors name the file, line and column. A file without any
    statement (empty, or comments only) is refused: every later message would blame something else."""
    program = parse_program(read_text_file(path, what), str(path), schema=schema)
    if schema is None and not program.tensors and not program.indices and not program.constraints:
        raise InputError(f"{path}: the {what} is empty (no declaration, no constraint)")
    return program
