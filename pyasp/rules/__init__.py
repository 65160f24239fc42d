"""Declarative rules (Roy & Roth, TACL 2018): the rule DSL (:mod:`.dsl`), its checks
(:mod:`.check`) and its compilation to ASP (:mod:`.compile`)."""

from .check import check_file, check_rules
from .compile import CompiledRules, compile_rules
from .dsl import Diagnostic, Literal, Prop, Rule, Ruleset, RulesError, format_rules, load_rules, parse_rules

__all__ = [
    "CompiledRules", "Diagnostic", "Literal", "Prop", "Rule", "Ruleset", "RulesError", "check_file", "check_rules",
    "compile_rules", "format_rules", "load_rules", "parse_rules",
]
