"""Compile rules to ASP: each rule's condition in disjunctive normal form (DNF), one ASP rule per
disjunct, deriving ``applies(A, B, "rule_name", D)`` for a pair of numbers A < B (D numbers the
disjuncts of the rule from 0, in the order the condition lists them).

The program runs on top of ``encodings/knowledge.lp`` and reads the facts ``pair(A,B)``,
``has(X,P)`` and ``member(X,P,C)`` (X a number or ``q``, the question). Deterministic literals
become body literals; learned predicates (Coref, Sibling, Hyponym, Hypernym) are not facts: a
positive one only requires both properties to exist, and each disjunct records what it assumes
in ``assumptions`` for the scorer::

    >>> from pyasp.rules.dsl import parse_rules
    >>> rs = parse_rules('''concept transfer
    ... verbs HAVE: have
    ... rule r (transfer): Coref(Subj1, Subj2) and (Verb1 in HAVE or null(Verb1)) => add''')
    >>> compiled = compile_rules(rs)
    >>> print(compiled.body("r", 1))
    pair(A,B), has(A,subj), has(B,subj), not has(A,verb)
    >>> [str(lit) for lit in compiled.assumptions[("r", 0)]]
    ['Coref(Subj1, Subj2)']

A disjunct that contradicts itself (a literal and its negation, ``not true``, or ``null(P)`` next
to a literal that needs P) can never hold and gets no ASP rule; its number is not reused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .dsl import And, Condition, Literal, Not, Or, Prop, Rule, Ruleset, RulesError, Diagnostic

__all__ = ["CompiledRules", "MAX_DISJUNCTS", "compile_rules", "contradictory", "dnf", "normal_form"]

#: a condition whose DNF has more disjuncts than this is refused (the expansion is exponential)
MAX_DISJUNCTS = 256

_VARIABLE = {"1": "A", "2": "B", "Q": "q"}


class ConditionTooLarge(ValueError):
    pass


def _negate(condition: Condition) -> Condition:
    if isinstance(condition, Literal):
        return condition.negate()
    if isinstance(condition, Not):
        return condition.operand
    if isinstance(condition, And):
        return Or(tuple(Not(c) for c in condition.operands))
    return And(tuple(Not(c) for c in condition.operands))


def _expand(condition: Condition) -> list[tuple[Literal, ...]]:
    if isinstance(condition, Literal):
        return [(condition,)]
    if isinstance(condition, Not):
        return _expand(_negate(condition.operand))
    if isinstance(condition, Or):
        out = [d for c in condition.operands for d in _expand(c)]
    else:
        out = [()]
        for operand in condition.operands:
            out = [left + right for left in out for right in _expand(operand)]
            # the same disjunct twice (as sets of literals) once, the first kept, as dnf() would:
            # a condition that repeats a clause does not multiply its disjuncts
            seen: set[frozenset] = set()
            out = [d for d in out if not (frozenset(d) in seen or seen.add(frozenset(d)))]
            if len(out) > MAX_DISJUNCTS:
                break
    if len(out) > MAX_DISJUNCTS:
        raise ConditionTooLarge(f"the condition has more than {MAX_DISJUNCTS} alternatives in disjunctive normal form")
    return out


def dnf(condition: Condition) -> tuple[tuple[Literal, ...], ...]:
    """The condition as a disjunction of conjunctions of literals, in the order it is written.

    Within a disjunct ``true`` and repeated literals are dropped; a repeated disjunct is dropped.
    Raises ``ValueError`` when there would be more than :data:`MAX_DISJUNCTS` disjuncts.
    """
    out: list[tuple[Literal, ...]] = []
    seen: set[frozenset[Literal]] = set()
    for disjunct in _expand(condition):
        literals = tuple(dict.fromkeys(lit for lit in disjunct if not (lit.predicate == "true" and lit.positive)))
        if frozenset(literals) not in seen:
            seen.add(frozenset(literals))
            out.append(literals)
    return tuple(out)


def contradictory(disjunct: tuple[Literal, ...]) -> bool:
    """True when the conjunction can never hold: it holds a literal and its negation, ``not
    true``, or says a property is null next to a literal that needs the property."""
    literals = set(disjunct)
    if any(lit.negate() in literals for lit in literals):
        return True
    if any(lit.predicate == "true" and not lit.positive for lit in literals):
        return True
    null = {lit.args[0] for lit in literals if lit.predicate == "null" and lit.positive}
    needed = {a for lit in literals if lit.positive and lit.predicate == "in" for a in lit.args[:1]}
    needed |= {a for lit in literals if lit.positive and lit.learned for a in lit.args}
    return bool(null & needed)


def normal_form(condition: Condition) -> frozenset[frozenset[Literal]]:
    """The condition as a set of sets of literals (satisfiable disjuncts only): two conditions
    with the same normal form hold in the same cases."""
    return frozenset(frozenset(d) for d in dnf(condition) if not contradictory(d))


@dataclass(frozen=True)
class CompiledRules:
    """The rules as an ASP program, and what is needed to read its ``applies/4`` atoms back.

    For ``applies(A, B, Name, D)``: ``rules[Name]`` is the :class:`Rule` (``.concept``,
    ``.operation``), ``disjuncts[(Name, D)]`` the literals of the disjunct that holds, and
    ``assumptions[(Name, D)]`` its learned literals (positive: assumed true, else false).
    """

    program: str
    rules: dict[str, Rule]
    disjuncts: dict[tuple[str, int], tuple[Literal, ...]] = field(default_factory=dict)
    assumptions: dict[tuple[str, int], tuple[Literal, ...]] = field(default_factory=dict)
    bodies: dict[tuple[str, int], str] = field(default_factory=dict, repr=False)

    def body(self, rule: str, disjunct: int) -> str:
        """The ASP body of one disjunct (for reading and debugging)."""
        return self.bodies[(rule, disjunct)]


def _term(prop: Prop) -> str:
    return _VARIABLE[prop.role]


def _body(disjunct: tuple[Literal, ...]) -> list[str]:
    positive: list[str] = []
    negative: list[str] = []
    for lit in disjunct:
        if lit.predicate == "true":
            continue
        if lit.learned:
            if lit.positive:  # both properties must exist for the predicate to be scored true
                positive += [f"has({_term(p)},{p.fact})" for p in lit.args]
            continue
        prop = lit.args[0]
        if lit.predicate == "null":
            atom = f"has({_term(prop)},{prop.fact})"
            (negative if lit.positive else positive).append(atom)
        else:  # in
            atom = f"member({_term(prop)},{prop.fact},{lit.args[1].lower()})"
            (positive if lit.positive else negative).append(atom)
    return ["pair(A,B)"] + list(dict.fromkeys(positive)) + [f"not {a}" for a in dict.fromkeys(negative)]


def compile_rules(ruleset: Ruleset) -> CompiledRules:
    """Compile the merged rules of ``ruleset`` (see :class:`CompiledRules`).

    Raises :class:`RulesError` when the rules have errors (see :func:`pyasp.rules.check.check_rules`).
    """
    from .check import check_rules

    errors = [d for d in check_rules(ruleset) if d.severity == "error"]
    if errors:
        raise RulesError(errors)
    lines = [f"% Rules compiled from {ruleset.source}: applies(A, B, Rule, Disjunct) for a pair A < B.", ""]
    rules: dict[str, Rule] = {}
    disjuncts: dict[tuple[str, int], tuple[Literal, ...]] = {}
    assumptions: dict[tuple[str, int], tuple[Literal, ...]] = {}
    bodies: dict[tuple[str, int], str] = {}
    for rule in ruleset.rules:
        rules[rule.name] = rule
        try:
            alternatives = dnf(rule.condition)
        except ConditionTooLarge as error:  # check_rules reports it first; kept for direct callers
            raise RulesError([Diagnostic("error", rule.source, rule.line, rule.column, str(error))]) from None
        lines.append(f"% rule {rule.name} ({rule.concept}) => {rule.operation_text}")
        for number, disjunct in enumerate(alternatives):
            if contradictory(disjunct):
                lines.append(f"% disjunct {number} can never hold: {' and '.join(map(str, disjunct))}")
                continue
            disjuncts[(rule.name, number)] = disjunct
            assumptions[(rule.name, number)] = tuple(lit for lit in disjunct if lit.learned)
            body = ", ".join(_body(disjunct))
            bodies[(rule.name, number)] = body
            lines.append(f'applies(A,B,"{rule.name}",{number}) :- {body}.')
        lines.append("")
    return CompiledRules("\n".join(lines), rules, disjuncts, assumptions, bodies)
