"""The knowledge the solver uses: a rule file's classes, its rules compiled to ASP, and what
each rule's condition assumes of the learned predicates."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..rules import CompiledRules, Literal, Ruleset, compile_rules, load_rules
from .classes import ClassIndex


@dataclass(frozen=True)
class RuleMeta:
    name: str
    concept: str
    op: str  # add, subtract, multiply, divide, divide_reversed


@dataclass(frozen=True)
class Knowledge:
    classes: ClassIndex
    program: str  # the rules compiled to ASP (applies/4)
    rules: dict[str, RuleMeta]
    assumptions: dict[tuple[str, int], tuple] = field(default_factory=dict)
    encoding: str | None = "knowledge"
    disjuncts: dict[tuple[str, int], tuple[Literal, ...]] = field(default_factory=dict)
    source: str = "knowledge"

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset) -> Knowledge:
        compiled: CompiledRules = compile_rules(ruleset)
        rules = {name: RuleMeta(name, rule.concept, rule.operation) for name, rule in compiled.rules.items()}
        return cls(ClassIndex.from_mapping(ruleset.classes), compiled.program, rules, dict(compiled.assumptions),
                   disjuncts=dict(compiled.disjuncts), source=str(ruleset.source))

    def condition(self, rule: str, disjunct: int) -> str:
        """The disjunct of a rule's condition that held, in DSL syntax."""
        return " and ".join(str(lit) for lit in self.disjuncts.get((rule, disjunct), ())) or "true"


def load_knowledge(path: str | Path | None = None) -> Knowledge:
    """The knowledge of a rule file (None: the packaged ``encodings/knowledge.rules``); raises
    :class:`pyasp.rules.RulesError` (exit code 2) when the file has errors, and issues the
    warnings of ``pyasp rules check`` (a rule that can never fire, ...) as
    :class:`pyasp.errors.PyaspWarning` (:func:`pyasp.rules.load_rules` does both)."""
    return Knowledge.from_ruleset(load_rules(path))
