"""The knowledge the solver uses: a rule file's classes, its rules compiled to ASP, and what
each rule's condition assumes of the learned predicates."""

from __future__ import annotations

from dataclasses import dataclass, field

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
