"""Check a rule file: names, kinds, duplicates and conflicting rules.

Errors (the file cannot be used): an unknown predicate, property, class or concept; a class of
the wrong kind for a property (``Verb`` needs a verbs class, ``Math`` a math class, ``Unit`` and
``Rate`` a units class; Subj, Obj and IObj have no classes); a duplicate concept, class or rule;
``+=`` on an undefined class; ``if``/``unless`` naming anything but a units class, or on an entry
of a units or math class (a qualifier belongs to verbs entries); ``reversed``
after anything but ``divide``; two rules with the same condition (the same set of satisfiable
DNF disjuncts) and different operations; a file without any statement (empty, or only
comments; ``extends default`` alone is the packaged rules and is fine).

Warnings: a phrase listed in two classes of the same kind (unless one entry says ``if C`` and the
other ``unless C``: they never hold together), a verbs entry of several words (a verb is matched
by its lemma alone), two rules with the same condition and the same
operation (one is redundant), a condition that can never hold, a learned predicate relating a
property to itself or a verb or math term to another kind of word (``Coref(Subj1, Verb2)``), a file that declares concepts only. Notes: a rule that replaces a
rule of the default file (``extends default``).

    >>> from pyasp.rules.dsl import parse_rules
    >>> rs = parse_rules("concept transfer\\nrule r (transfer): Corref(Subj1, Subj2) => add", "my.rules")
    >>> [str(d) for d in check_rules(rs)]
    ['my.rules:2:20: error: unknown predicate Corref; known: Coref, Sibling, Hyponym, Hypernym, null']
"""

from __future__ import annotations

from pathlib import Path

from ..errors import read_text_file
from ..resources import rules_path
from .compile import ConditionTooLarge, contradictory, dnf, normal_form
from .dsl import (
    KIND_OF_PROPERTY, LEARNED, OPERATIONS, PROPERTIES, And, Condition, Diagnostic, Entry, Literal, Not,
    Or, Prop, Ruleset, RulesSyntaxError, looks_like_keyword, parse_rules,
)

__all__ = ["check_file", "check_rules"]

_PROPERTY_HELP = "a property is Subj, Verb, IObj, Obj, Unit, Rate or Math followed by a role 1, 2 or Q"


def _leaves(condition: Condition):
    if isinstance(condition, Literal):
        yield condition
    elif isinstance(condition, Not):
        yield from _leaves(condition.operand)
    elif isinstance(condition, (And, Or)):
        for operand in condition.operands:
            yield from _leaves(operand)


class _Checker:
    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.layers = ((ruleset.base,) if ruleset.base is not None else ()) + (ruleset,)
        self.found: list[Diagnostic] = []

    def _default_hint(self, what: str, name: str) -> str:
        """"; transfer is a concept of the packaged rules: start the file with `extends default` to
        use them ..." when a file without ``extends`` names a concept or class (``what``) of the
        packaged rules, which a new file easily forgets it does not have; else ""."""
        from .dsl import default_ruleset

        if self.ruleset.extends is not None:
            return ""
        default = default_ruleset()
        if default.source == self.ruleset.source:
            return ""
        if name not in (default.concepts if what == "concept" else default.classes):
            return ""
        return (f"; {name} is a {what} of the packaged rules: start the file with `extends default` to use them "
                "(or declare it here)")

    def report(self, severity: str, source: str, line: int, column: int, message: str) -> None:
        self.found.append(Diagnostic(severity, source, line, column, message))

    # -- statements ---------------------------------------------------------------------------
    def extends(self) -> None:
        rs = self.ruleset
        if rs.extends is not None and rs.extends != "default":
            close = " (is it a misspelling of default?)" if looks_like_keyword(rs.extends, ("default",)) else ""
            self.report("error", rs.source, *rs.extends_at,
                        f"cannot extend {rs.extends!r}: only `extends default` is supported{close}")
        elif rs.extends == "default" and rs.base is None:
            self.report("error", rs.source, *rs.extends_at, "the default rule file cannot extend itself")

    def concepts(self) -> None:
        first: dict[str, object] = {}
        for layer in self.layers:
            for concept in layer.concept_decls:
                if concept.name in first:
                    self.report("error", concept.source, concept.line, concept.column,
                                f"concept {concept.name} is already declared{self._where(first[concept.name])}")
                else:
                    first[concept.name] = concept

    def _where(self, decl) -> str:
        if decl.source != self.ruleset.source:
            return f" in the default rules ({decl.source}:{decl.line})"
        return f" at line {decl.line}"

    def classes(self) -> None:
        defined: dict[str, object] = {}
        for layer in self.layers:
            for decl in layer.class_decls:
                if decl.extend:
                    continue
                twin = next((d for key, d in defined.items() if key.lower() == decl.name.lower()), None)
                if twin is not None and twin.name == decl.name:
                    hint = f"; extend it with `{decl.kind} {decl.name} += ...`" if twin.source != decl.source else ""
                    self.report("error", decl.source, decl.line, decl.column,
                                f"class {decl.name} is already defined{self._where(twin)}{hint}")
                elif twin is not None:
                    self.report("error", decl.source, decl.line, decl.column,
                                f"classes {twin.name} and {decl.name} differ only in case (both are "
                                f"{decl.name.lower()} in ASP)")
                else:
                    defined[decl.name] = decl
        for layer in self.layers:
            for decl in layer.class_decls:
                if decl.extend and decl.name not in defined:
                    self.report("error", decl.source, decl.line, decl.column,
                                f"cannot extend class {decl.name} with +=: no class of that name "
                                f"(define it with `{decl.kind} {decl.name}: ...`)" + self._default_hint("class", decl.name))
                elif decl.extend and defined[decl.name].kind != decl.kind:
                    self.report("error", decl.source, decl.line, decl.column,
                                f"{decl.name} is a {defined[decl.name].kind} class, not {decl.kind}")
        classes = self.ruleset.classes
        for layer in self.layers:
            for decl in layer.class_decls:
                for entry in decl.entries:
                    self._entry(decl.source, entry, classes, decl.kind)
        self._overlaps()

    def _entry(self, source: str, entry: Entry, classes, kind_of_class: str = "") -> None:
        if entry.continued is not None:  # "verbs X: a, b\nconcpt c ...": a misspelt keyword read as words
            line, column, word = entry.continued
            keyword = looks_like_keyword(word.strip('"'))
            if keyword is not None:
                self.report("warning", source, line, column,
                            f'"{word}" at the start of this line is read as a word of the entry "{entry.text}" (an '
                            f'entry runs on over line breaks until a statement keyword): if it is "{keyword}", '
                            "fix its spelling")
        if not entry.words:
            self.report("error", source, entry.line, entry.column, "an entry needs at least one word")
        elif kind_of_class == "verbs" and len(entry.words) > 1:
            self.report("warning", source, entry.line, entry.column,
                        f'"{" ".join(entry.words)}" can never match: a verb is matched by its lemma alone '
                        f'(list "{entry.words[0]}")')
        if entry.qualifier is None:
            return
        if kind_of_class != "verbs":
            self.report("error", source, entry.line, entry.column,
                        f"{entry.qualifier} {entry.qualifier_class}: a qualifier belongs to a verbs entry (\"buy unless "
                        f"MONEY\"); on a {kind_of_class} entry it would have no effect")
            return
        kind = classes.get(entry.qualifier_class, (None,))[0]
        if kind is None:
            self.report("error", source, entry.line, entry.column,
                        f"{entry.qualifier} {entry.qualifier_class}: no class of that name; {entry.qualifier} "
                        f"names a units class ({self._names('units')})")
        elif kind != "units":
            self.report("error", source, entry.line, entry.column,
                        f"{entry.qualifier} {entry.qualifier_class}: {entry.qualifier_class} is a {kind} class; "
                        f"{entry.qualifier} names a units class ({self._names('units')})")

    def _names(self, kind: str) -> str:
        names = [n for n, (k, _) in self.ruleset.classes.items() if k == kind]
        return f"{kind} classes: {', '.join(names)}" if names else f"there is no {kind} class"

    def _overlaps(self) -> None:
        """A phrase in two classes of one kind counts for both: worth a warning, unless the two
        entries exclude each other (``if C`` and ``unless C``)."""
        by_kind: dict[str, dict[tuple[str, ...], list[tuple[str, Entry, str]]]] = {}
        for layer in self.layers:
            for decl in layer.class_decls:
                for entry in decl.entries:
                    by_kind.setdefault(decl.kind, {}).setdefault(entry.words, []).append((decl.name, entry, decl.source))
        for listed in by_kind.values():
            for words, places in listed.items():
                for i, (name, entry, source) in enumerate(places):
                    for other_name, other, other_source in places[:i]:
                        if {entry.qualifier, other.qualifier} == {"if", "unless"} and entry.qualifier_class == other.qualifier_class:
                            continue
                        where = f"line {other.line}" if other_source == source else f"{other_source}:{other.line}"
                        what = f"twice in {name}" if other_name == name else f"in both {other_name} ({where}) and {name}"
                        self.report("warning", source, entry.line, entry.column,
                                    f'"{" ".join(words)}" is listed {what}' + (f" (first at {where})" if other_name == name else ""))
                        break

    # -- rules --------------------------------------------------------------------------------
    def rules(self) -> None:
        rs = self.ruleset
        base_rules = {r.name: r for r in rs.base.rules} if rs.base is not None else {}
        seen: dict[str, object] = {}
        for rule in rs.rule_decls:
            if rule.name in seen:
                self.report("error", rule.source, rule.line, rule.column,
                            f"duplicate rule {rule.name} (first defined at line {seen[rule.name].line})")
                continue
            seen[rule.name] = rule
            if rule.name in base_rules:
                old = base_rules[rule.name]
                self.report("note", rule.source, rule.line, rule.column,
                            f"rule {rule.name} replaces the default rule of that name ({old.source}:{old.line})")
        kept = [r for name, r in base_rules.items() if name not in seen]
        for rule in kept + list(rs.rule_decls):
            self._rule(rule)
        self._conflicts()

    def _rule(self, rule) -> None:
        concepts = self.ruleset.concepts
        if rule.concept not in concepts:
            known = ", ".join(concepts) or "none"
            self.report("error", rule.source, *rule.concept_at,
                        f"rule {rule.name}: concept {rule.concept} is not declared (declared: {known})"
                        + self._default_hint("concept", rule.concept))
        if rule.operation not in OPERATIONS:
            op = rule.operation.split("_")[0]
            self.report("error", rule.source, *rule.operation_at,
                        f"rule {rule.name}: {op} reversed: reversed only follows divide (divide reversed is number 2 / number 1)")
        for literal in _leaves(rule.condition):
            self._literal(rule.source, literal)

    def _literal(self, source: str, lit: Literal) -> None:
        if lit.predicate == "true":
            return
        if lit.predicate not in ("null", "in") and lit.predicate not in LEARNED:
            self.report("error", source, lit.line, lit.column,
                        f"unknown predicate {lit.predicate}; known: {', '.join(LEARNED)}, null")
            return
        for index, prop in enumerate(lit.args[:1] if lit.predicate == "in" else lit.args):
            if not prop.known:
                self.report("error", source, *lit.position_of(index), self._unknown_property(prop))
        if lit.predicate in LEARNED and len(lit.args) != 2:
            self.report("error", source, lit.line, lit.column,
                        f"{lit.predicate} takes two properties, e.g. {lit.predicate}(Subj1, Subj2); got {len(lit.args)}")
        elif lit.predicate in LEARNED and lit.args[0] == lit.args[1] and lit.args[0].known:
            self.report("warning", source, lit.line, lit.column,
                        f"{lit.predicate}({lit.args[0]}, {lit.args[1]}) relates {lit.args[0]} to itself; a rule relates "
                        f"two numbers' properties, e.g. {lit.predicate}({lit.args[0].name}1, {lit.args[0].name}2)")
        elif lit.predicate in LEARNED and all(p.known for p in lit.args) and _word_kind(lit.args[0]) != _word_kind(lit.args[1]):
            a, b = lit.args
            self.report("warning", source, lit.line, lit.column,
                        f"{lit.predicate}({a}, {b}) relates {_word_kind(a)} to {_word_kind(b)}; it compares two nouns "
                        f"(Subj, Obj, IObj, Unit, Rate), two verbs or two math terms: is {b} a typo?")
        if lit.predicate == "in":
            self._membership(source, lit)

    @staticmethod
    def _unknown_property(prop: Prop) -> str:
        if prop.name in PROPERTIES:
            return f"property {prop} needs a role: {prop.name}1, {prop.name}2 or {prop.name}Q"
        return f"unknown property {prop}; {_PROPERTY_HELP}"

    def _membership(self, source: str, lit: Literal) -> None:
        prop, name = lit.args
        if not prop.known:
            return
        wanted = KIND_OF_PROPERTY.get(prop.name)
        if wanted is None:
            self.report("error", source, *lit.position_of(0),
                        f"{prop} has no classes: `in` tests Verb (verbs classes), Math (math classes), "
                        f"Unit and Rate (units classes)")
            return
        cls = self.ruleset.classes.get(name)
        if cls is None:
            cased = next((n for n, (k, _) in self.ruleset.classes.items() if k == wanted and n.lower() == name.lower()), None)
            hint = f" (class names are case-sensitive: write {cased})" if cased else ""
            self.report("error", source, *lit.position_of(1),
                        f"unknown class {name}{hint}; {self._names(wanted)}{self._default_hint('class', name)}")
        elif cls[0] != wanted:
            self.report("error", source, *lit.position_of(1),
                        f"{prop} needs a {wanted} class, but {name} is a {cls[0]} class ({self._names(wanted)})")

    def _conflicts(self) -> None:
        forms: dict[frozenset, object] = {}
        for rule in self.ruleset.rules:
            try:
                alternatives = dnf(rule.condition)
            except ConditionTooLarge as error:
                self.report("error", rule.source, rule.line, rule.column, f"rule {rule.name}: {error}")
                continue
            if all(contradictory(d) for d in alternatives):
                self.report("warning", rule.source, rule.line, rule.column,
                            f"the condition of rule {rule.name} can never hold: each alternative contradicts itself")
                continue
            form = normal_form(rule.condition)
            first = forms.setdefault(form, rule)
            if first is rule:
                continue
            where = f"line {first.line}" if first.source == rule.source else f"{first.source}:{first.line}"
            if first.operation != rule.operation:
                self.report("error", rule.source, rule.line, rule.column,
                            f"rules {first.name} ({where}) and {rule.name} (line {rule.line}) have the same condition "
                            f"but different operations ({first.operation_text} and {rule.operation_text})")
            else:
                self.report("warning", rule.source, rule.line, rule.column,
                            f"rule {rule.name} is redundant: rule {first.name} ({where}) has the same condition "
                            f"and operation ({rule.operation_text})")


def check_rules(ruleset: Ruleset) -> list[Diagnostic]:
    """Every error, warning and note about a parsed rule file (with its default, for ``extends``),
    in file order."""
    checker = _Checker(ruleset)
    checker.extends()
    checker.concepts()
    checker.classes()
    checker.rules()
    if not (ruleset.extends or ruleset.concept_decls or ruleset.class_decls or ruleset.rule_decls):
        checker.report("error", ruleset.source, 1, 1, "the file has no statement (it is empty or only comments): "
                       "declare concepts, classes and rules, or start it with `extends default` to add to the "
                       "packaged rules")
    elif not ruleset.rules and ruleset.extends is None:  # concepts or classes only
        checker.report("warning", ruleset.source, 1, 1, "the file has no rule: arith finds no derivation with it "
                       "(start it with `extends default` to add to the packaged rules)")
    own = ruleset.source
    unique = list(dict.fromkeys(checker.found))
    return sorted(unique, key=lambda d: (d.source == own, d.source, d.line, d.column))


def check_file(path: str | Path | None = None) -> tuple[Ruleset | None, list[Diagnostic]]:
    """Parse and check a rule file (None: the packaged one): the ruleset (None when the file does
    not parse) and every diagnostic. A file that cannot be read raises :class:`pyasp.errors.InputError`."""
    source = rules_path("knowledge") if path is None else Path(path)
    text = read_text_file(source, "rule file")
    try:
        ruleset = parse_rules(text, str(source))
    except RulesSyntaxError as error:
        return None, error.diagnostics
    return ruleset, check_rules(ruleset)



def _word_kind(prop: Prop) -> str:
    """What kind of words a property holds: a verb, a math term, or a noun (the others)."""
    return {"Verb": "a verb", "Math": "a math term"}.get(prop.name, "a noun")
