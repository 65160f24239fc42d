"""Read and print the rule DSL of the declarative-rules engine (Roy & Roth, TACL 2018).

A rule file declares concepts, classes of words and rules; the grammar is ``grammars/rules.lark``
and the packaged rules are ``encodings/knowledge.rules`` (its header explains the language)::

    >>> rs = parse_rules('''
    ... concept transfer
    ... verbs HAVE: have, own
    ... verbs GET: get, buy unless MONEY
    ... units MONEY: dollar
    ... rule have_get (transfer): Coref(Subj1, Subj2) and Verb1 in HAVE and Verb2 in GET => add
    ... ''')
    >>> rs.rules[0].name, rs.rules[0].operation
    ('have_get', 'add')
    >>> str(rs.rules[0].condition)
    'Coref(Subj1, Subj2) and Verb1 in HAVE and Verb2 in GET'
    >>> rs.classes["GET"][1][1]
    Entry(words=('buy',), qualifier='unless', qualifier_class='MONEY')

The AST is frozen dataclasses; positions (line, column) do not take part in equality, so a file
and ``parse_rules(format_rules(ruleset))`` are equal. Which names exist (predicates, properties,
classes, concepts) is checked by :mod:`pyasp.rules.check`, not by the parser: a misspelt name
parses, and the check says what is known. Comments are not kept: ``format_rules`` prints none.

``extends default`` (first statement only) starts from the packaged rules: the parsed
:class:`Ruleset` keeps the file's own statements and the default as its ``base``; its merged
views ``concepts``, ``classes`` and ``rules`` combine both (a rule of the same name replaces the
default's, ``+=`` extends a class).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path

from ..errors import InputError, name_hint, pointed, read_text_file, shown_char
from ..resources import grammar_path, rules_path

__all__ = [
    "And", "ClassDecl", "Concept", "Diagnostic", "Entry", "Literal", "Not", "Or", "Prop", "Rule", "Ruleset",
    "RulesError", "RulesSyntaxError", "format_condition", "format_rules", "load_rules", "parse_rules",
]

#: property names of the DSL -> the name in the ASP facts (has/2, member/3)
PROPERTIES = {"Subj": "subj", "Verb": "verb", "IObj": "iobj", "Obj": "obj", "Unit": "unit", "Rate": "rate", "Math": "math"}
#: "1" the earlier number of the pair, "2" the later one, "Q" the question
ROLES = ("1", "2", "Q")
#: predicates whose truth is learned (scored), not a fact
LEARNED = ("Coref", "Sibling", "Hyponym", "Hypernym")
#: deterministic predicates; "in" is written ``P in CLASS``
DETERMINISTIC = ("null", "in", "true")
CLASS_KINDS = ("verbs", "math", "units")
#: which kind of class each property can be tested against with ``in``
KIND_OF_PROPERTY = {"Verb": "verbs", "Math": "math", "Unit": "units", "Rate": "units"}
#: ``divide`` is number 1 / number 2; ``divide_reversed`` (written ``divide reversed``) is 2 / 1;
#: ``subtract`` is the larger minus the smaller, as in the paper
OPERATIONS = ("add", "subtract", "multiply", "divide", "divide_reversed")
#: the keywords that are never words of an entry (the grammar's WORD leaves them out): a statement
#: ends an entry list; quote one ("math") to use it as a word
RESERVED_WORDS = frozenset({"extends", "concept", "verbs", "math", "units", "rule", "if", "unless"})


# -- errors ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Diagnostic:
    """One finding about a rule file: where, how bad (error / warning / note) and what."""

    severity: str
    source: str
    line: int
    column: int
    message: str
    context: str = field(default="", compare=False)  # the offending line with a caret (syntax errors)

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.severity}: {self.message}"

    def as_dict(self) -> dict:
        return {"severity": self.severity, "file": self.source, "line": self.line, "column": self.column, "message": self.message}


class RulesError(InputError):
    """A rule file with errors; ``diagnostics`` lists them (the message shows each one)."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        lines = [f"{d.source}:{d.line}:{d.column}: {d.message}" for d in self.diagnostics]
        count = len(self.diagnostics)
        head = lines[0] if count == 1 else f"{count} errors in the rule file:\n  " + "\n  ".join(lines)
        super().__init__(head)


class RulesSyntaxError(RulesError):
    """The file does not follow the grammar; one diagnostic, with the offending line."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__([diagnostic])
        if diagnostic.context:
            self.args = (f"{self.args[0]}\n{diagnostic.context.rstrip()}",)


# -- AST ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Prop:
    """A property of a role: ``Prop("Subj", "1")`` is ``Subj1``. ``name`` as written (the check
    reports unknown ones); iterating gives ``(fact name, role)``, e.g. ``("subj", "1")``."""

    name: str
    role: str  # "1", "2", "Q", or "" when the text has none

    def __str__(self) -> str:
        return self.name + self.role

    @property
    def known(self) -> bool:
        return self.name in PROPERTIES and self.role in ROLES

    @property
    def fact(self) -> str:
        """The property's name in the ASP facts: ``subj``, ``iobj``, ..."""
        return PROPERTIES.get(self.name, self.name.lower())

    def __iter__(self):
        return iter((self.fact, self.role))

    @classmethod
    def parse(cls, text: str) -> Prop:
        match = re.fullmatch(r"(.+?)([12Q])", text)
        return cls(match[1], match[2]) if match else cls(text, "")


@dataclass(frozen=True)
class Literal:
    """An atom of a condition, or its negation (only in DNF: the AST writes negation as :class:`Not`).

    ``predicate`` is a learned one (Coref, Sibling, Hyponym, Hypernym; ``args`` two :class:`Prop`,
    or as many as written), ``"null"`` (``args = (Prop,)``), ``"in"`` (``args = (Prop, "CLASS")``)
    or ``"true"`` (``args = ()``). Iterating gives ``(predicate, args, positive)``.
    """

    predicate: str
    args: tuple = ()
    positive: bool = True
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    positions: tuple[tuple[int, int], ...] = field(default=(), compare=False)  # (line, column) of each arg

    def __iter__(self):
        return iter((self.predicate, self.args, self.positive))

    @property
    def learned(self) -> bool:
        return self.predicate not in DETERMINISTIC

    def negate(self) -> Literal:
        return replace(self, positive=not self.positive)

    def atom_text(self) -> str:
        if self.predicate == "true":
            return "true"
        if self.predicate == "in":
            return f"{self.args[0]} in {self.args[1]}"
        return f"{self.predicate}({', '.join(str(a) for a in self.args)})"

    def __str__(self) -> str:
        return self.atom_text() if self.positive else f"not {self.atom_text()}"

    def position_of(self, index: int) -> tuple[int, int]:
        return self.positions[index] if index < len(self.positions) else (self.line, self.column)


@dataclass(frozen=True)
class Not:
    operand: Condition

    def __str__(self) -> str:
        return format_condition(self)


@dataclass(frozen=True)
class And:
    operands: tuple[Condition, ...]

    def __str__(self) -> str:
        return format_condition(self)


@dataclass(frozen=True)
class Or:
    operands: tuple[Condition, ...]

    def __str__(self) -> str:
        return format_condition(self)


Condition = Literal | Not | And | Or


@dataclass(frozen=True)
class Concept:
    name: str
    description: str | None = None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    source: str = field(default="", compare=False)


@dataclass(frozen=True)
class Entry:
    """A phrase of a class; with a qualifier it counts only when the number's unit is (``if``) or
    is not (``unless``) in the units class ``qualifier_class``."""

    words: tuple[str, ...]
    qualifier: str | None = None  # "if" / "unless"
    qualifier_class: str | None = None
    line: int = field(default=0, compare=False, repr=False)
    column: int = field(default=0, compare=False, repr=False)
    #: (line, column, word) of the first word that begins a line of its own inside the entry (an
    #: entry may run over a line break; a misspelt statement keyword there would be read as words)
    continued: tuple[int, int, str] | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        return " ".join(self.words)


@dataclass(frozen=True)
class ClassDecl:
    """``verbs HAVE: be, have`` (``extend`` False) or ``verbs HAVE += own`` (``extend`` True)."""

    kind: str  # verbs, math, units
    name: str
    entries: tuple[Entry, ...]
    extend: bool = False
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    source: str = field(default="", compare=False)


@dataclass(frozen=True)
class Rule:
    """``rule NAME (CONCEPT): CONDITION => OPERATION``; ``operation`` is one of :data:`OPERATIONS`
    (``divide reversed`` is ``"divide_reversed"``)."""

    name: str
    concept: str
    condition: Condition
    operation: str
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    source: str = field(default="", compare=False)
    concept_at: tuple[int, int] = field(default=(0, 0), compare=False)
    operation_at: tuple[int, int] = field(default=(0, 0), compare=False)

    @property
    def operation_text(self) -> str:
        """The operation as the DSL writes it: ``divide reversed``."""
        return self.operation.replace("_", " ")


@dataclass(frozen=True)
class Ruleset:
    """A parsed rule file: its own statements, by kind, in file order, and (``extends default``)
    the packaged rules it starts from as ``base``. Use the merged views to read the knowledge."""

    source: str = field(default="<rules>", compare=False)
    extends: str | None = None
    concept_decls: tuple[Concept, ...] = ()
    class_decls: tuple[ClassDecl, ...] = ()
    rule_decls: tuple[Rule, ...] = ()
    base: Ruleset | None = field(default=None, compare=False, repr=False)
    extends_at: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)

    def _layers(self) -> tuple[Ruleset, ...]:
        return ((self.base,) if self.base is not None else ()) + (self,)

    @cached_property
    def concepts(self) -> dict[str, Concept]:
        """Every concept, the base's first; a repeated name keeps the first declaration."""
        out: dict[str, Concept] = {}
        for layer in self._layers():
            for concept in layer.concept_decls:
                out.setdefault(concept.name, concept)
        return out

    @cached_property
    def classes(self) -> dict[str, tuple[str, tuple[Entry, ...]]]:
        """Every class: name -> (kind, entries), ``+=`` entries appended to the class they extend."""
        out: dict[str, tuple[str, tuple[Entry, ...]]] = {}
        layers = self._layers()
        for layer in layers:
            for decl in layer.class_decls:
                if not decl.extend and decl.name not in out:
                    out[decl.name] = (decl.kind, decl.entries)
        for layer in layers:
            for decl in layer.class_decls:
                if decl.extend and decl.name in out:
                    kind, entries = out[decl.name]
                    out[decl.name] = (kind, entries + decl.entries)
        return out

    @cached_property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule in order; a rule named like one of the base replaces it in its place."""
        merged: dict[str, Rule] = {}
        for rule in self.base.rules if self.base is not None else ():
            merged[rule.name] = rule
        own: dict[str, Rule] = {}
        for rule in self.rule_decls:
            own.setdefault(rule.name, rule)
        merged.update(own)
        return tuple(merged.values())

    def rule(self, name: str) -> Rule:
        for rule in self.rules:
            if rule.name == name:
                return rule
        raise KeyError(name)


# -- parsing --------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    return Lark(grammar_path("rules").read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                propagate_positions=True, maybe_placeholders=False)


def _unquote(token: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], token[1:-1])


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _transformer(source: str):
    from lark import Token, Transformer, v_args

    def at(token: Token) -> tuple[int, int]:
        return (token.line, token.column)

    @v_args(meta=True)
    class ToAst(Transformer):
        def start(self, meta, items):
            extends = next((i for i in items if isinstance(i, tuple) and i[0] == "extends"), None)
            return Ruleset(
                source=source,
                extends=extends[1] if extends else None,
                concept_decls=tuple(i for i in items if isinstance(i, Concept)),
                class_decls=tuple(i for i in items if isinstance(i, ClassDecl)),
                rule_decls=tuple(i for i in items if isinstance(i, Rule)),
                extends_at=extends[2] if extends else (0, 0),
            )

        def extends(self, meta, items):
            return ("extends", str(items[0]), at(items[0]))

        def concept(self, meta, items):
            name = items[0]
            description = _unquote(items[1]) if len(items) > 1 else None
            return Concept(str(name), description, meta.line, meta.column, source)

        def kind(self, meta, items):
            return str(items[0])

        def class_decl(self, meta, items):
            kind, name, *rest = items
            extend = bool(rest) and isinstance(rest[0], Token) and rest[0].type == "PLUS_EQ"
            entries = tuple(e for e in rest if isinstance(e, Entry))
            return ClassDecl(kind, str(name), entries, extend, meta.line, meta.column, source)

        def entry(self, meta, items):
            words: list[str] = []
            qualifier = None
            continued, last_line = None, None
            for item in items:
                if isinstance(item, tuple):
                    qualifier = item
                    continue
                if continued is None and last_line is not None and item.line > last_line:
                    continued = (item.line, item.column, str(item))
                last_line = item.end_line
                if item.type == "STRING":  # lower case, as the lemmas they are matched with ("Cut" is cut)
                    words.extend(_unquote(item).lower().split())
                else:
                    words.append(str(item).lower())
            return Entry(tuple(words), qualifier and qualifier[0], qualifier and qualifier[1], meta.line, meta.column,
                         continued)

        def qualifier(self, meta, items):
            return (str(items[0]), str(items[1]))

        def rule(self, meta, items):
            name, concept, condition, (operation, op_at) = items
            return Rule(str(name), str(concept), condition, operation, meta.line, meta.column, source, at(concept), op_at)

        def operation(self, meta, items):
            return ("_".join(str(t) for t in items), at(items[0]))

        def or_cond(self, meta, items):
            return Or(tuple(items))

        def and_cond(self, meta, items):
            return And(tuple(items))

        def negation(self, meta, items):
            return Not(items[0])

        def true(self, meta, items):
            return Literal("true", (), True, meta.line, meta.column)

        def null(self, meta, items):
            return Literal("null", (Prop.parse(items[0]),), True, meta.line, meta.column, (at(items[0]),))

        def member(self, meta, items):
            prop, cls = items
            return Literal("in", (Prop.parse(prop), str(cls)), True, meta.line, meta.column, (at(prop), at(cls)))

        def predicate(self, meta, items):
            name, *args = items
            return Literal(str(name), tuple(Prop.parse(a) for a in args), True, meta.line, meta.column,
                           tuple(at(a) for a in args))

    return ToAst()


# Readable names of the grammar's terminals, for "expected ..." in syntax errors: groups (with the
# rank that orders them among the rest: in a class's word list "," comes first, then words, the
# qualifier and the statements that end the list), then single terminals.
_GROUPS = (
    (("ADD", "SUBTRACT", "MULTIPLY", "DIVIDE"), 50,
     "an operation (add, subtract, multiply or divide, then optionally reversed)"),
    (("CONCEPT", "VERBS", "MATH", "UNITS", "RULE"), 50, "a statement (concept, verbs, math, units or rule)"),
    (("NAME", "NOT", "TRUE", "NULL", "LPAR"), 50, 'a condition (a property such as Verb1 in CLASS, a predicate such '
                                                  'as Coref(Subj1, Subj2), null(...), true, not or "(")'),
    (("WORD", "STRING"), 20, "a word or a quoted phrase"),
    (("IF", "UNLESS"), 30, "a qualifier (if or unless)"),
)
#: the keywords that start a statement (the grammar's terminal of each is its upper-case name)
_STATEMENT_KEYWORDS = ("concept", "verbs", "math", "units", "rule")
_NAMES = {"NAME": "a name", "WORD": "a word", "STRING": "a quoted string", "$END": "the end of the file",
          "VERBS": "verbs", "MATH": "math", "UNITS": "units"}
_ORDER = ["__ANON_0", "RPAR", "COMMA", "COLON", "PLUS_EQ", "LPAR", "IN", "AND", "OR"]


def _readable(expected: set[str]) -> list[str]:
    expected = set(expected)
    parts: list[tuple[int, str]] = []
    for names, rank, text in _GROUPS:
        if set(names) <= expected:
            expected -= set(names)
            parts.append((rank, text))
    terminals = {t.name: t for t in _parser().terminals}
    for name in expected:
        term = terminals.get(name)
        if name in _NAMES:
            text = _NAMES[name]
        elif term is not None and term.pattern.type == "str":
            text = f'"{term.pattern.value}"'
        else:
            text = name.lower()
        rank = _ORDER.index(name) if name in _ORDER else (90 if name == "$END" else 60)
        parts.append((rank, text))
    return [text for _, text in sorted(parts)]


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _syntax_diagnostic(error, text: str, source: str) -> Diagnostic:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line, column = error.line, error.column
    if isinstance(error, UnexpectedToken):
        token = error.token
        expected = set(error.accepts or error.expected)
        if token.type == "$END":
            found = "end of file"
            line, column = token.end_line or line, token.end_column or column
        else:
            found = f'"{token.value}"'
    elif isinstance(error, UnexpectedCharacters):
        found = shown_char(text[error.pos_in_stream])
        expected = set(error.allowed or ())
    else:  # UnexpectedEOF
        found, expected = "end of file", set(getattr(error, "expected", ()) or ())
    if line is None or line < 1:
        line, column = 1, 1
    readable = _readable(expected - {"$END"}) + (["the end of the file"] if "$END" in expected else [])
    message = f"unexpected {found}"
    kind = getattr(getattr(error, "token", None), "type", None)
    ended = isinstance(error, UnexpectedEOF) or kind == "$END" or kind in {k.upper() for k in _STATEMENT_KEYWORDS}
    if "__ANON_0" in expected:  # "=>": the condition of a rule may end here
        rest = [r for r in readable if r != '"=>"']
        operation = '"=>" followed by an operation (add, subtract, multiply or divide, then optionally reversed)'
        if ended:  # the file or the next statement came: the rule ended without an operation
            before = text[: error.pos_in_stream if getattr(error, "pos_in_stream", None) is not None else len(text)]
            names = re.findall(r"\brule\s+([A-Za-z][A-Za-z0-9_]*)", re.sub(r"#[^\n]*", "", before))
            what = f"rule {names[-1]}" if names else "the rule"
            message += f": {what} has no operation: expected {_join(rest + [operation])}"
        else:  # something else in the condition ("&&", a second property without "and")
            message += f": expected {_join(rest + [operation])}"
    elif readable:
        message += f": expected {_join(readable)}"
    message += name_hint(text, getattr(error, "pos_in_stream", None))
    message += _symbol_hint(found, expected)
    special = _keyword_message(error, found, expected, readable, text)
    if special is not None:  # the whole line, with a caret under the place
        line, column, message = special
    if isinstance(error, UnexpectedEOF) and special is None:
        context = ""
    else:  # the whole line (lark's own context cuts it 40 characters before the place)
        lines = text.splitlines() or [""]
        context = pointed(lines[min(line, len(lines)) - 1], column) + "\n"
    return Diagnostic("error", source, line, column, message, context)


#: the words of the DSL for the symbols other languages join conditions with
_SYMBOLS = {'"&"': "and", '"|"': "or", '"!"': "not", '"~"': "not"}


def _symbol_hint(found: str, expected: set[str]) -> str:
    """A hint for a symbol of another language where the parser stopped: "&&", "||", "!" (the
    DSL's words are and, or, not), or "->" where "=>" may come; else ""."""
    word = _SYMBOLS.get(found)
    in_condition = "__ANON_0" in expected or "LPAR" in expected and "WORD" not in expected  # after one, or at its start
    if word is not None and in_condition:
        return f"; conditions use the words and, or and not ({found} is written {word})"
    if found in ('"-"', '">"') and "__ANON_0" in expected:
        return '; a rule\'s condition and its operation are separated by "=>"'
    return ""


def _stack_tokens(error) -> list:
    """The tokens the parser had read of the statement it was in when ``error`` happened (from
    lark's parser state; [] when lark does not give it)."""
    from lark import Token, Tree

    tokens: list = []
    for value in getattr(getattr(error, "state", None), "value_stack", None) or ():
        if isinstance(value, Token):
            tokens.append(value)
        elif isinstance(value, Tree):
            tokens.extend(value.scan_values(lambda v: isinstance(v, Token)))
    return tokens


def looks_like_keyword(word: str, keywords=_STATEMENT_KEYWORDS) -> str | None:
    """The statement keyword ``word`` is a likely misspelling of ("rul" -> rule), or None."""
    import difflib

    close = difflib.get_close_matches(word.lower(), keywords, n=1, cutoff=0.75)
    return close[0] if close else None


def _keyword_message(error, found: str, expected: set[str], readable: list[str], text: str):
    """A better message than "unexpected X: expected Y" where a keyword meets a class's word list
    (a keyword is never a word there) or a statement keyword is misspelt: ``(line, column,
    message)``, or None to keep the plain one."""
    from lark.exceptions import UnexpectedToken

    token = getattr(error, "token", None)
    kind = getattr(token, "type", None)
    statement_terminals = {k.upper() for k in _STATEMENT_KEYWORDS}
    stack = _stack_tokens(error)
    if kind == "EXTENDS" and not (stack and stack[-1].type in ("COMMA", "COLON", "PLUS_EQ")):  # not as an entry's word
        return (token.line, token.column,
                'unexpected "extends": `extends default` can only be the first statement of the file')
    # a keyword where the first word of an entry should be: after ":", "+=" or ","
    if "WORD" in expected and kind in statement_terminals | {"IF", "UNLESS", "EXTENDS"} and stack:
        quote = f'a keyword is a word only in quotes: "{token.value}"'
        if stack[-1].type in ("COLON", "PLUS_EQ") and len(stack) >= 3:
            what = f"class {stack[-2]} has" if stack[-1].type == "COLON" else f"`{' '.join(stack[-3:])}` adds"
            return (token.line, token.column, f"unexpected {found}: {what} no entry: expected a word or a quoted "
                                              f"phrase before the next statement ({quote})")
        return (token.line, token.column, f'unexpected {found}: expected a word or a quoted phrase after "," ({quote})')
    if "WORD" in expected or "COMMA" in expected:  # in a class's word list
        return _misspelt_in_word_list(stack, text)
    # a misspelt operation after "=>" (or "reversed" after divide)
    operations = ("add", "subtract", "multiply", "divide") if "ADD" in expected else ("reversed",)
    if ({"ADD", "SUBTRACT", "MULTIPLY", "DIVIDE"} <= expected or "REVERSED" in expected) \
            and isinstance(error, UnexpectedToken) and kind != "$END":
        operation = looks_like_keyword(str(token.value), operations)
        if operation is not None:
            return (token.line, token.column, f"unexpected {found}: expected {_join(readable)}; "
                                              f'"{token.value}" looks like "{operation}"')
    # a misspelt keyword where a statement may start
    if statement_terminals <= expected and isinstance(error, UnexpectedToken) and kind != "$END":
        keywords = _STATEMENT_KEYWORDS + (("extends",) if "EXTENDS" in expected else ())
        keyword = looks_like_keyword(str(token.value), keywords)
        if keyword is not None and not text[: token.start_pos].rsplit("\n", 1)[-1].strip():  # first on its line
            return (token.line, token.column, f"unexpected {found}: expected {_join(readable)}; "
                                              f'"{token.value}" looks like "{keyword}"')
    return None


def _misspelt_in_word_list(stack: list, text: str):
    """A misspelt statement keyword at the start of a line, read as words of the class before it
    (an entry list runs on over line breaks): ``(line, column, message)`` when putting the keyword
    in its place gets the parser past that line, else None."""
    from lark.exceptions import UnexpectedInput, UnexpectedToken

    starts = [i for i, t in enumerate(stack) if t.type in ("COLON", "PLUS_EQ")]
    if not starts or starts[-1] < 1:
        return None
    name, start = stack[starts[-1] - 1], starts[-1]
    for before, word in zip(stack[start:], stack[start + 1:]):
        keyword = looks_like_keyword(word) if word.type == "WORD" and word.line > before.end_line else None
        if keyword is None:
            continue
        try:
            _parser().parse(text[: word.start_pos] + keyword + text[word.end_pos:])
        except UnexpectedInput as again:
            at_end = isinstance(again, UnexpectedToken) and again.token.type == "$END"
            if (again.line or 0) <= word.line and not at_end:
                continue
        except RecursionError:
            continue
        return (word.line, word.column,
                f'unexpected "{word}": expected a statement (concept, verbs, math, units or rule); "{word}" looks like '
                f'"{keyword}" (a class\'s word list ends only at a statement keyword, so this line was read as words '
                f"of class {name})")
    return None


def parse_rules(text: str, source: str = "<rules>") -> Ruleset:
    """Parse the text of a rule file. Syntax errors raise :class:`RulesSyntaxError` (file, line,
    column, what was expected); names are checked by :func:`pyasp.rules.check.check_rules`."""
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text)
        ruleset = _transformer(source).transform(tree)
    except UnexpectedInput as error:
        raise RulesSyntaxError(_syntax_diagnostic(error, text, source)) from None
    except RecursionError:  # hundreds of nested "not"s: Python's stack, not the grammar, gives out
        lines = text.splitlines() or [""]
        deepest = max(range(len(lines)), key=lambda i: lines[i].count("not") + lines[i].count("("))
        raise RulesSyntaxError(Diagnostic("error", source, deepest + 1, 1, "a condition is nested too deeply to read "
                                          "(hundreds of levels); write it with fewer nested not or parentheses")) from None
    if ruleset.extends is not None:  # a misspelt name ("defualt") is refused by the check, which
        # then still knows the default's names: its rules' classes are not reported unknown as well
        default = default_ruleset()
        if default.source != source:
            ruleset = replace(ruleset, base=default)
    return ruleset


def default_ruleset() -> Ruleset:
    """The packaged rules (``encodings/knowledge.rules``), read once for each version of the file."""
    path = rules_path("knowledge")
    return _parse_cached(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=4)
def _parse_cached(path: str, _mtime: int) -> Ruleset:
    return parse_rules(read_text_file(path, "rule file"), path)


def load_rules(path: str | Path | None = None) -> Ruleset:
    """Read and check a rule file (None: the packaged ``encodings/knowledge.rules``).

    Raises :class:`RulesError` listing every error (``file:line:col: message``). Each warning of
    the check (a rule that can never fire, a word in two classes, ...) is issued as a
    :class:`pyasp.errors.PyaspWarning` (``file:line:col: message``; the command line prints it as
    a ``pyasp: warning:`` line); notes are left to ``pyasp rules check``.
    """
    from .check import check_rules

    source = rules_path("knowledge") if path is None else Path(path)
    ruleset = parse_rules(read_text_file(source, "rule file"), str(source))
    found = check_rules(ruleset)
    errors = [d for d in found if d.severity == "error"]
    if errors:
        raise RulesError(errors)
    _warn(found)
    return ruleset


def _warn(diagnostics: list[Diagnostic]) -> None:
    import warnings

    from ..errors import PyaspWarning

    for d in diagnostics:
        if d.severity == "warning":  # stacklevel: where load_rules was called
            warnings.warn(f"{d.source}:{d.line}:{d.column}: {d.message}", PyaspWarning, stacklevel=3)


# -- printing -------------------------------------------------------------------------------------
def format_condition(condition: Condition) -> str:
    """A condition in DSL syntax, with the parentheses that keep its structure."""
    if isinstance(condition, Literal):
        return str(condition)
    if isinstance(condition, Not):
        inner = format_condition(condition.operand)
        return f"not ({inner})" if isinstance(condition.operand, (And, Or)) else f"not {inner}"
    if isinstance(condition, (And, Or)):
        word = " and " if isinstance(condition, And) else " or "
        return word.join(f"({format_condition(c)})" if _needs_parens(condition, c) else format_condition(c)
                         for c in condition.operands)
    raise TypeError(f"not a condition: {condition!r}")


_WORD = re.compile(r"[A-Za-z$\u20ac\u00a3][A-Za-z0-9$'\-]*")


def _format_word(word: str) -> str:
    return word if _WORD.fullmatch(word) and word not in RESERVED_WORDS else _quote(word)


def _format_entry(entry: Entry) -> str:
    text = " ".join(_format_word(w) for w in entry.words) if entry.words else '""'
    return text + (f" {entry.qualifier} {entry.qualifier_class}" if entry.qualifier else "")


def _wrap(head: str, items: list[str], width: int) -> list[str]:
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if line != head and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = "    " + piece
        else:
            line += " " + piece
    lines.append(line)
    return lines


def format_rules(ruleset: Ruleset, width: int = 100) -> str:
    """The file's own statements as DSL text (``extends``, concepts, classes, rules; no comments).

    ``parse_rules(format_rules(rs))`` equals ``rs``.
    """
    out: list[str] = []
    if ruleset.extends is not None:
        out += [f"extends {ruleset.extends}", ""]
    for concept in ruleset.concept_decls:
        out.append(f"concept {concept.name}" + (f" {_quote(concept.description)}" if concept.description is not None else ""))
    if ruleset.concept_decls:
        out.append("")
    for decl in ruleset.class_decls:
        head = f"{decl.kind} {decl.name}" + (" +=" if decl.extend else ":")
        out += _wrap(head, [_format_entry(e) for e in decl.entries], width)
    if ruleset.class_decls:
        out.append("")
    for rule in ruleset.rule_decls:
        out.append(f"rule {rule.name} ({rule.concept}):")
        out += ["    " + line for line in _condition_lines(rule.condition, width - 4)]
        out += [f"    => {rule.operation_text}", ""]
    return "\n".join(out).rstrip() + "\n"


def _condition_lines(condition: Condition, width: int) -> list[str]:
    text = format_condition(condition)
    if len(text) <= width or not isinstance(condition, (And, Or)):
        return [text]
    word = "or" if isinstance(condition, Or) else "and"
    parts = [f"({format_condition(c)})" if _needs_parens(condition, c) else format_condition(c) for c in condition.operands]
    return [parts[0]] + [f"{word} {p}" for p in parts[1:]]


def _needs_parens(parent: Condition, child: Condition) -> bool:
    return isinstance(child, Or) or (isinstance(parent, And) and isinstance(child, And))
