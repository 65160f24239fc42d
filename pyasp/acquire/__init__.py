"""IP acquisition (ARNOLD, IJCAI 2019): learn integer-program constraints over named tensors
from example solutions, in a constraint DSL, with clingo enumerating the candidate language.

From Python, the ``pyasp acquire`` commands with the same defaults:

    >>> import pyasp.acquire as acquire                                       # doctest: +SKIP
    >>> ship = "examples/acquire/shipping/"
    >>> examples = acquire.solve(ship + "program.ip", ship + "constants.json", sample=25).solutions  # doctest: +SKIP
    >>> learned = acquire.learn(examples, schema=ship + "program.ip", constants=ship + "constants.json", s=1, p=2)  # doctest: +SKIP
    >>> print(learned.text)                                                   # doctest: +SKIP
    >>> acquire.check(learned.program, ship + "constants.json", examples)     # doctest: +SKIP
    [[], [], ...]

A program is a DSL file, DSL text or a loaded :class:`pyasp.acquire.dsl.Program`; constants a
JSON file or a dict; examples a JSON file or a list of ``{variable: values}``.
"""

from __future__ import annotations

import re

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import evaluate as _evaluate_module  # noqa: F401  loaded first: the names below are functions
from . import solve as _solve_module  # noqa: F401

__all__ = ["Learned", "check", "evaluate", "learn", "solve"]

#: the (s, p) points of the paper's Table 1, the default of :func:`evaluate`
PAPER_GRID = ((1, 1), (1, 2), (1, 3), (2, 1), (3, 1))


#: where the simplification stopped (``status["cut_in"]`` of :func:`.simplify.drop_entailed`), as the header says it
SIMPLIFY_CUT = {"bounds": "in its domain-bounds pass", "domains": "in its domain pass (the bounds part done)",
                "same side": "in its tighter-bound pass", "equal": "in its equal-instances pass",
                "linear": "in its LP pass"}


@dataclass
class Learned:
    """A learned program and how it was found: ``result`` counts the candidates visited, violated
    and kept; ``dropped`` are the constraints simplification found implied by the others,
    ``divided`` how many it divided by a positive constant, ``merged`` those that then equalled
    another and were kept once, ``rewritten`` how many were written the natural way
    (:func:`.simplify.natural_forms`); ``stopped``: the time limit cut the simplification short
    (``stopped_in`` names the pass); ``no_answer``: why nothing was learned, if so."""

    program: object
    result: object
    examples: int
    s: int
    p: int
    negation: bool
    kinds: dict
    dropped: list = field(default_factory=list)
    divided: int = 0
    merged: list = field(default_factory=list)
    simplified: bool = True
    simplify_seconds: float = 0.0
    stopped: bool = False
    rewritten: int = 0  # constraints written the natural way (simplify.natural_forms): t + t as 2*t, x*x as x for a 0/1 x, 0 <= -y as y <= 0
    stopped_in: str = ""  # the pass of the simplification that the limit or Ctrl-C cut (SIMPLIFY_CUT)
    simplification_interrupted: bool = False  # Ctrl-C (not the time limit) stopped the simplification
    too_large: int = 0  # products the program's instances would expand to, when simplification was skipped for it

    @property
    def text(self) -> str:
        """The learned program in the DSL (declarations and constraints)."""
        from .dsl import format_program

        return format_program(self.program)

    @property
    def no_answer(self) -> str | None:
        """Why nothing was learned, or None: the search kept no constraint (every candidate it
        visited is violated, or the time limit came first), or a search cut short kept only
        constraints that the declared domains imply. ``pyasp acquire learn`` then exits with 1.
        (Ctrl-C is not "no answer": the program so far is printed, empty or not.)"""
        r = self.result
        if r.interrupted:
            return None
        visited = f"{r.visited:,} candidate{'' if r.visited == 1 else 's'} visited"
        if not r.constraints and r.partial and not r.domain_implied:
            return f"the time limit ran out before any constraint was learned ({visited})"
        if not r.constraints and not r.partial:
            examples = "the example" if self.examples == 1 else f"all {self.examples} examples"
            return (f"no constraint of the language (s={self.s}, p={self.p}{', negation' if self.negation else ''}) "
                    f"holds in {examples}: {visited}, {r.violated:,} violated")
        if r.partial and (not r.constraints or self.simplified and not self.program.constraints):
            satisfied = len(r.constraints) + r.domain_implied
            return (f"the time limit ran out before any constraint was learned that the declared domains do not "
                    f"imply ({visited}, {satisfied:,} satisfied, all implied by the domains)")
        return None

    @property
    def header(self) -> str:
        """A DSL comment line saying how the program was learned."""
        r = self.result
        return (f"% learned by pyasp acquire learn from {self.examples} example{'' if self.examples == 1 else 's'}, s={self.s}, p={self.p}"
                f"{', negation' if self.negation else ''}: {r.visited} candidates visited"
                f"{f' of {r.language} ({r.language - r.visited} pruned)' if r.language is not None else ''}"
                f", {r.violated} violated, {len(r.constraints)} most specific kept"
                f"{f', {self.divided} divided by a positive constant' if self.divided else ''}"
                f"{f', {self.rewritten} written more simply (t + t as 2*t, x*x as x for a 0/1 x, 0 <= -y as y <= 0)' if self.rewritten else ''}"
                f"{f' ({len(self.merged)} then equal to another, kept once)' if self.merged else ''}"
                f"{f', {len(self.dropped)} implied by the others dropped' if self.simplified else ''}"
                f" ({r.seconds:.2f} s{f' + {self.simplify_seconds:.2f} s' if self.simplified else ''})"
                f"{self._cut()}"
                f"{f'; simplification skipped: the instances expand to {self.too_large:,} products' if self.too_large else ''}\n")

    def _cut(self) -> str:
        """What the time limit or Ctrl-C cut short, for the header: ``; PARTIAL (time limit): the
        search stopped in level 3 (...), ...``; empty when nothing was."""
        r = self.result
        cuts = []
        if r.search_cut:
            notes = ([f"{r.unchecked:,} of its candidates found but not checked"] if r.unchecked else []) + \
                ([f"the {r.domain_implied:,} satisfied candidates that the domains imply left out"] if r.domain_implied else [])
            cuts.append(f"the search stopped in level {r.levels}" + (f" ({'; '.join(notes)})" if notes else ""))
        if r.filter_stopped:
            left_out = f"; the {r.domain_implied:,} that the domains imply left out" \
                if r.domain_implied and not r.search_cut else ""
            cuts.append(f"the most-specific filter was cut (some kept constraints are implied by others{left_out})")
        if self.stopped:
            cuts.append("the simplification stopped " + SIMPLIFY_CUT.get(self.stopped_in, "part-way"))
        if not cuts:
            return ""
        why = "Ctrl-C" if r.interrupted else "time limit"
        return f"; {'PARTIAL' if r.partial else 'cut'} ({why}): {', '.join(cuts)}"

    def as_dict(self) -> dict:
        program = self.program
        return {"program": self.text, "constraints": [program.text(c) for c in program.constraints],
                "dropped": [program.text(c) for c in self.dropped], "divided": self.divided,
                "merged": [program.text(c) for c in self.merged], "rewritten": self.rewritten,
                "simplify_seconds": round(self.simplify_seconds, 4), "kinds": self.kinds, "s": self.s, "p": self.p,
                "negation": self.negation, **self.result.as_dict()}


def solve(program, constants, *, limit: int | None = 1, sample: int | None = None, seed: int = 0,
          time_limit: float | None = None, encoding: str | Path | None = None, keep_on_interrupt: bool = False):
    """Solutions of a program (:class:`pyasp.acquire.solve.SolveResult`; each solution
    ``{variable: int64 array}``): the first ``limit`` (None: all), or ``sample`` distinct ones
    drawn at random with ``seed``; ``encoding``: a user's copy of ``encodings/ip_solve.lp``;
    ``keep_on_interrupt``: Ctrl-C returns the solutions found before it (``interrupted``).
    Raises :class:`pyasp.errors.NoAnswer` when it has none (and was not interrupted)."""
    from ..errors import NoAnswer, check_count, check_seconds
    from .solve import solve as run

    limit = None if limit is None else check_count(limit, "limit")
    sample = None if sample is None else check_count(sample, "sample")
    seed, time_limit = check_count(seed, "seed", 0), check_seconds(time_limit)
    program = _program(program)
    result = run(program, _instance(program, constants), limit=limit, sample=sample, seed=seed, time_limit_s=time_limit,
                 encoding=encoding, keep_on_interrupt=keep_on_interrupt)
    if not result.solutions and not result.interrupted:
        raise NoAnswer("no solution found within the time limit" if result.partial else "the program has no solution")
    return result


def learn(examples, *, schema, constants, s: int = 1, p: int = 2, negation: bool = True,
          directions: Sequence[str] = ("<=", ">="), time_limit: float | None = None, encoding: str | Path | None = None,
          simplify: bool = True, keep_on_interrupt: bool = False) -> Learned:
    """Learn the constraints that all ``examples`` satisfy, most specific first, over the
    tensors ``schema`` declares (its constraints are ignored): at most ``s`` terms a constraint,
    ``p`` tensors a product. With ``simplify``, constraints implied by the others and the domains
    are dropped, as ``pyasp acquire learn`` does. With ``keep_on_interrupt``, Ctrl-C during the
    search returns the program learned so far (``result.interrupted``), as the time limit does."""
    import time

    from ..errors import InputError
    from .data import check_examples, load_examples
    from .learn import INTERRUPT_FINISH_S, Learner
    from .simplify import divide_scalar_factors, drop_entailed, natural_forms

    if tuple(directions) == (">=",) and not negation:
        import warnings

        from ..errors import PyaspWarning

        warnings.warn("directions '>=' without negation proposes only '... <= -Z' (a sum of added terms at most a "
                      "negated tensor), which nonnegative examples rarely satisfy; '... >= Z' needs negation",
                      PyaspWarning, stacklevel=2)
    from ..errors import check_count, check_seconds

    s, p, time_limit = check_count(s, "s"), check_count(p, "p"), check_seconds(time_limit)
    program = _program(schema, what="schema").with_constraints(())
    instance = _instance(program, constants)
    examples = _examples(examples)
    rows = load_examples(instance, examples) if isinstance(examples, (str, Path)) else check_examples(instance, examples)
    learner = Learner(max_terms=s, max_factors=p, negation=negation, directions=tuple(directions), time_limit_s=time_limit,
                      encoding=encoding, count_language=True, keep_on_interrupt=keep_on_interrupt)
    begun = time.perf_counter()
    learner.fit(program, instance, rows)
    result = learner.result_
    if result.language == 0 and not result.partial:
        raise InputError(f"{encoding or 'the encoding'}: the language has no candidate constraint for s={s}, p={p}: "
                         "its restrictions rule out every one")
    learned = Learned(learner.program_, result, len(rows), s, p, negation, learner.kinds_, simplified=simplify)
    if simplify:
        started, cut = time.perf_counter(), {}
        deadline = None if time_limit is None else begun + time_limit
        if result.interrupted:  # what is left of the time the Ctrl-C gave the filter (or all of it, when it came in the filter)
            deadline = started + INTERRUPT_FINISH_S if result.finish_by is None else result.finish_by
        try:
            program, divided, repeated = divide_scalar_factors(learned.program, instance)
            # a search cut short has tried every constraint it kept on the domains' bounds already
            program, dropped = drop_entailed(program, instance, status=cut, deadline=deadline,
                                             interruptible=keep_on_interrupt, bounds_checked=result.search_cut)
            program, learned.rewritten, again, trivial = natural_forms(program)
            learned.program, learned.divided, learned.dropped, learned.merged = program, divided, dropped + trivial, \
                repeated + again
            learned.too_large = cut.get("too_large", 0)
        except KeyboardInterrupt:  # the most specific constraints, not simplified (the search is as it was)
            from .. import interrupt

            interrupt.caught(keep_on_interrupt)
            cut["stopped"] = cut["interrupted"] = True
        result.interrupted = result.interrupted or bool(cut.get("interrupted"))
        learned.simplify_seconds = time.perf_counter() - started
        learned.stopped = bool(cut.get("stopped"))
        learned.stopped_in = cut.get("cut_in", "")
        learned.simplification_interrupted = bool(cut.get("interrupted"))
    else:  # "t + t" is still written "2*t", and "0 <= -y" "y <= 0"
        learned.program, learned.rewritten, learned.merged, _ = natural_forms(learned.program, fold=False)
    return learned


def check(program, constants, solutions) -> list[list[int]]:
    """For each assignment, the positions (0-based) of the program's constraints it breaks."""
    from .data import check_examples, load_examples
    from .evaluate import violations

    program = _program(program)
    instance = _instance(program, constants)
    solutions = _examples(solutions)
    rows = load_examples(instance, solutions) if isinstance(solutions, (str, Path)) else check_examples(instance, solutions)
    return violations(program, instance, rows)


def evaluate(program, constants, *, examples: Sequence[int] = (1, 25), grid: Sequence[tuple[int, int]] = PAPER_GRID,
             folds: int = 5, fold_size: int = 25, negation: bool = True, seed: int = 0, precision_samples: int = 1000,
             time_limit: float | None = None, precision_time_limit: float | None = None, progress=None):
    """Recall and precision of learning a true program back from its sampled solutions, one
    :class:`pyasp.acquire.evaluate.EvalRow` per (n, s, p): ARNOLD's protocol."""
    from .evaluate import evaluate_program

    program = _program(program)
    return evaluate_program(program, _instance(program, constants), examples=examples, grid=grid, folds=folds,
                            fold_size=fold_size, negation=negation, seed=seed, precision_samples=precision_samples,
                            time_limit_s=time_limit, precision_time_limit_s=precision_time_limit, progress=progress)


def _program(program, what: str = "program"):
    """A loaded program, from a file or DSL text (text holds a ';' or a newline, a path does not)."""
    from .dsl import Program, load_program, parse_program

    from ..errors import InputError

    if isinstance(program, Program):
        return program
    if not isinstance(program, (str, Path)):
        raise InputError(f"{what} is a file, DSL text or a loaded program, not {type(program).__name__}")
    if isinstance(program, str) and not program.strip():
        raise InputError(f"{what} is empty: give a file or DSL text")
    if isinstance(program, str) and (";" in program or "\n" in program):
        return parse_program(program)
    if isinstance(program, str) and not Path(program).exists() and re.search(r"\b(index|const|var)\b|<=|>=", program):
        return parse_program(program)  # one statement without its ";": the parser says what is missing
    return load_program(program, what=what)


def _instance(program, constants):
    from .data import Instance, load_constants, make_instance

    if isinstance(constants, Instance):
        return constants
    if isinstance(constants, (str, Path)):
        return load_constants(program, constants)
    return make_instance(program, constants)


def _examples(examples):
    """Examples as given: a file, a list, or a :class:`pyasp.acquire.solve.SolveResult` (what
    :func:`solve` returns: its solutions)."""
    from .solve import SolveResult

    return examples.solutions if isinstance(examples, SolveResult) else examples
