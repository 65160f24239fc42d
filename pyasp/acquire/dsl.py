"""The constraint DSL of IP acquisition: parse ``grammars/constraints.lark`` into frozen
dataclasses, check names and indices, and print programs back.

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

from dataclasses import dataclass, field
from functools import lru_cache
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

    return Lark(grammar_path("constraints").read_text(encoding="utf-8"), parser="lalr", propagate_positions=True)


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


class _Builder:
    """Turns the parse tree into a Program, checking names as it goes."""

    def __init__(self, source: str, schema: Program | None):
        self.source = source
        self.indices: dict[str, IndexDecl] = {d.name: d for d in (schema.indices if schema else ())}
        self.tensors: dict[str, TensorDecl] = {t.name: t for t in (schema.tensors if schema else ())}
        self.constraints: list[Constraint] = []
        self.size_at: dict[str, tuple[int, int]] = {}

    def fail(self, node, message: str) -> ConstraintsError:
        meta = getattr(node, "meta", None)
        line = getattr(node, "line", None) or (getattr(meta, "line", None) if meta else None) or 1
        column = getattr(node, "column", None) or (getattr(meta, "column", None) if meta else None) or 1
        return ConstraintsError(self.source, line, column, message)

    def build(self, tree) -> Program:
        # where each tensor and index is declared, so that a use before it can say so
        self.later = {str(stmt.children[1 if stmt.data == "tensor_decl" else 0]):
                      ("tensor" if stmt.data == "tensor_decl" else "index", stmt.children[1 if stmt.data == "tensor_decl" else 0].line)
                      for stmt in tree.children if stmt.data in ("tensor_decl", "index_decl")}
        for stmt in tree.children:
            getattr(self, stmt.data)(stmt)
        for d in self.indices.values():
            if isinstance(d.size, str):
                decl = self.tensors.get(d.size)
                if decl is None or decl.indices or decl.variable:
                    line, column = self.size_at.get(d.name, (1, 1))
                    raise ConstraintsError(
                        self.source, line, column, f"index {d.name} has size {d.size}, which is not a declared scalar constant"
                    )
        return Program(tuple(self.indices.values()), tuple(self.tensors.values()), tuple(self.constraints), self.source)

    # declarations
    def index_decl(self, node) -> None:
        name, low, size = node.children
        if str(name) in self.indices:
            raise self.fail(name, f"index {name} is declared twice")
        if str(name) in self.tensors:
            raise self.fail(name, f"{name} is already the name of a tensor")
        if int(low) != 1:
            raise self.fail(low, f"index {name} must start at 1 (write 1..N)")
        value = self._checked(size.children[0]) if size.data == "size_number" else str(size.children[0])
        self.size_at[str(name)] = (size.children[0].line, size.children[0].column)
        if isinstance(value, int) and value < 1:
            raise self.fail(size.children[0], f"index {name} needs at least one value")
        self.indices[str(name)] = IndexDecl(str(name), value)

    def tensor_decl(self, node) -> None:
        kind, name, *rest = node.children
        if str(name) in self.tensors:
            raise self.fail(name, f"tensor {name} is declared twice")
        if str(name) in self.indices:
            raise self.fail(name, f"{name} is already the name of an index")
        indices: tuple[str, ...] = ()
        domain = None
        for part in rest:
            if part.data == "indices":
                indices = tuple(str(t) for t in part.children)
                for tok in part.children:
                    if str(tok) not in self.indices:
                        later = getattr(self, "later", {}).get(str(tok))
                        if later is not None and later[0] == "index":
                            raise self.fail(tok, f"tensor {name} uses index {tok} before its declaration (line "
                                                 f"{later[1]}): declare indices before the tensors that use them")
                        raise self.fail(tok, f"tensor {name} uses index {tok}, which is not declared (index {tok} = 1..N;)")
                if len(set(indices)) != len(indices):
                    raise self.fail(part, f"tensor {name} repeats an index")
            else:
                low, high = (self._int(c) for c in part.children)
                if kind == "const":
                    raise self.fail(part, f"constant {name} cannot have a domain (only var tensors do)")
                if low > high:
                    raise self.fail(part, f"the domain of {name} is empty ({low}..{high})")
                domain = (low, high)
        self.tensors[str(name)] = TensorDecl(str(name), indices, str(kind) == "var", domain, getattr(name, "line", None))

    def _checked(self, token) -> int:
        """An integer as written, refused beyond :data:`INT_LIMIT` (as in constants and examples)."""
        value = int(token)
        if abs(value) > INT_LIMIT:
            raise self.fail(token, f"{str(token)[:20]}{'...' if len(str(token)) > 20 else ''} is too large "
                                   "(integers up to 2**62 in absolute value)")
        return value

    def _int(self, node) -> int:
        sign = -1 if len(node.children) == 2 else 1
        return sign * self._checked(node.children[-1])

    # constraints
    def _factor(self, node) -> tuple[str, object]:
        name = node.children[0]
        later = getattr(self, "later", {})
        if str(name) not in self.tensors:
            if str(name) in self.indices or later.get(str(name), ("",))[0] == "index":
                raise self.fail(name, f"{name} is an index, not a tensor: a term multiplies tensors (x[{name}]), and "
                                      f"sum[{name}] sums over it")
            if str(name) in later:
                raise self.fail(name, f"{name} is used before its declaration (line {later[str(name)][1]}): declare "
                                      "tensors and indices before the constraints that use them")
            close = _close(str(name), self.tensors)
            raise self.fail(name, f"unknown tensor {name}" + (f"; is it {close}?" if close else "")
                            + f" (declare it: const {name}[...]; or var {name}[...];)")
        decl = self.tensors[str(name)]
        written = tuple(str(t) for t in node.children[1].children) if len(node.children) > 1 else ()
        undeclared = next((t for t in node.children[1].children if str(t) not in self.indices), None) \
            if len(node.children) > 1 else None
        if undeclared is not None and later.get(str(undeclared), ("",))[0] == "index":
            raise self.fail(undeclared, f"index {undeclared} is used before its declaration (line "
                                        f"{later[str(undeclared)][1]}): declare indices before the constraints that use them")
        if undeclared is not None and written != decl.indices:
            raise self.fail(undeclared, f"{undeclared} is not a declared index ({name} is declared as "
                                        f"{name}[{','.join(decl.indices)}])" if decl.indices else
                            f"{undeclared} is not a declared index, and {name} takes none")
        if written != decl.indices:
            want = f"{name}[{','.join(decl.indices)}]" if decl.indices else str(name)
            raise self.fail(name, f"{name} is declared as {want}; write it with those indices, in that order")
        return str(name), name

    def _term(self, node) -> Term:
        summed: tuple[str, ...] = ()
        factors = []
        coef = 1
        for child in node.children:
            if child.data == "summation":
                summed = tuple(str(t) for t in child.children[0].children)
            elif child.data == "number":
                coef *= self._checked(child.children[0])
                if abs(coef) > INT_LIMIT:
                    raise self.fail(child.children[0], "the coefficient of this term is too large (integers up to 2**62 "
                                                       "in absolute value)")
            else:
                factors.append(self._factor(child)[0])
        if coef == 0:
            raise self.fail(node, "a term multiplied by 0 is 0: leave it out")
        used = {i for f in factors for i in self.tensors[f].indices}
        for i in summed:
            if i not in self.indices:
                close = _close(i, self.indices)
                raise self.fail(node, f"sum over {i}, which is not a declared index"
                                      + (f"; is it {close}?" if close else f" (declared: {', '.join(self.indices) or 'none'})"))
            if i not in used:
                raise self.fail(node, f"sum over {i}, but no tensor of the term has index {i}")
        if len(set(summed)) != len(summed):
            raise self.fail(node, "a sum repeats an index")
        return Term.of(factors, summed, coef)

    def _free(self, term: Term) -> frozenset[str]:
        used = {i for f in term.factors for i in self.tensors[f].indices}
        return frozenset(used - set(term.summed))

    def constraint(self, node) -> None:
        lhs, rel, rhs = node.children
        plus: list[Term] = []
        minus: list[Term] = []
        if lhs.children and lhs.children[0].data == "first_term":
            first = lhs.children[0]
            (minus if len(first.children) == 2 else plus).append(self._term(first.children[-1]))
            rest = lhs.children[1:]
            for op, term in zip(rest[::2], rest[1::2]):
                (minus if str(op) == "-" else plus).append(self._term(term))
        if rhs.data == "rhs_number":
            value: str | int = self._int(rhs.children[0])
            negated = False
        else:
            negated = len(rhs.children) == 2
            value = self._factor(rhs.children[-1])[0]
        frees = {self._free(t) for t in plus + minus if t.factors}  # a number alone holds for every index
        if len(frees) > 1:
            shown = " vs ".join("{" + ",".join(sorted(f)) + "}" for f in sorted(frees, key=sorted))
            scalars = [t for t in plus + minus if t.factors and not self._free(t) and not t.summed]
            hint = ""
            if scalars:  # a scalar tensor beside indexed terms: it belongs on the right
                name = "*".join(scalars[0].factors)
                sign = "-" if scalars[0] in plus else ""
                hint = (f"; {name} has none: a tensor without indices goes on the right-hand side, its sign "
                        f"changed (... {rel} {sign}{name}), and a number on the right moves left")
            raise self.fail(node, f"the terms of a constraint must have the same free indices ({shown}){hint}")
        text = f"{_written_lhs(lhs)} {rel} {_written_rhs(rhs)}"
        if str(rel) in ("<=", "="):
            self.constraints.append(Constraint.of(plus, minus, value, negated, line=node.meta.line,
                                                  written=Written(text)))
        if str(rel) in (">=", "="):  # read the other way round: -lhs <= -rhs (an equation is both)
            flipped = -value if isinstance(value, int) else value
            self.constraints.append(Constraint.of(minus, plus, flipped, negated if isinstance(value, int) else not negated,
                                                  line=node.meta.line, written=Written(text, reversed=True)))


def _close(name: str, known) -> str | None:
    """The declared name ``name`` is most likely a misspelling of, or None."""
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def _written_term(node) -> str:
    """A term of the parse tree as written: its sum, then its factors in their order."""
    parts, summed = [], ""
    for child in node.children:
        if child.data == "summation":
            summed = f"sum[{','.join(str(t) for t in child.children[0].children)}] "
        elif child.data == "number":
            parts.append(str(int(child.children[0])))
        else:
            parts.append(_written_tensor(child))
    return summed + "*".join(parts)


def _written_tensor(node) -> str:
    name = str(node.children[0])
    return f"{name}[{','.join(str(t) for t in node.children[1].children)}]" if len(node.children) > 1 else name


def _written_lhs(lhs) -> str:
    if not lhs.children or lhs.children[0].data != "first_term":
        return "0"
    first = lhs.children[0]
    text = ("-" if len(first.children) == 2 else "") + _written_term(first.children[-1])
    rest = lhs.children[1:]
    for op, term in zip(rest[::2], rest[1::2]):
        text += f" {op} {_written_term(term)}"
    return text


def _written_rhs(rhs) -> str:
    if rhs.data == "rhs_number":
        number = rhs.children[0]
        return ("-" if len(number.children) == 2 else "") + str(int(number.children[-1]))
    return ("-" if len(rhs.children) == 2 else "") + _written_tensor(rhs.children[-1])


def parse_program(text: str, source: str = "<program>", *, schema: Program | None = None) -> Program:
    """Parse DSL text. With ``schema``, its declarations are known beforehand (a learned program's
    constraints may then be given without declarations)."""
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(error, text, source) from None
    return _Builder(source, schema).build(tree)


def load_program(path: str | Path, *, schema: Program | None = None, what: str = "program") -> Program:
    """Read and parse a DSL file; errors name the file, line and column. A file without any
    statement (empty, or comments only) is refused: every later message would blame something else."""
    program = parse_program(read_text_file(path, what), str(path), schema=schema)
    if schema is None and not program.tensors and not program.indices and not program.constraints:
        raise InputError(f"{path}: the {what} is empty (no declaration, no constraint)")
    return program
