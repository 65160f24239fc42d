"""ARNOLD's learner: general-to-specific search over the constraint language, with clingo.

The pipeline (GUIDE section 1):

- read: a schema (DSL declarations), constants and example solutions (:mod:`.data`);
- ground: the language as facts -- tensors, their indices and kinds (:func:`language_facts`);
- solve: ``encodings/ip_acquisition.lp`` enumerates candidate constraints one cost level at a time,
  most general first (its weak constraints give the order);
- decode: answer sets become :class:`~.dsl.Constraint` objects;
- score: numpy checks each level's candidates on all examples at once; the violated ones go back
  to clingo as facts of the ``prune(k)`` part, whose nogoods remove every specialisation of them
  before the next level is searched.

The result is the set of *most specific* candidates the examples satisfy: kept candidates of
which no other kept candidate is a specialisation (ARNOLD keeps the leaves of its search).

    >>> from pyasp.acquire.dsl import parse_program
    >>> schema = parse_program("index i = 1..2; const c[i]; var x[i] in 0..9;")
    >>> learner = Learner(max_terms=1, max_factors=1)
    >>> _ = learner.fit(schema, {"c": [3, 5]}, [{"x": [1, 5]}, {"x": [3, 0]}])
    >>> "x[i] <= c[i]" in [schema.text(c) for c in learner.constraints_]
    True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import clingo
import numpy as np

from .. import interrupt
from ..asp import Program as AspProgram
from ..asp import deadline_after, encoding_facts, iter_ast, symbol
from ..errors import InputError
from .data import Instance, check_examples, classify, make_instance, stack_examples
from .dsl import Constraint, Program, Term, format_term

__all__ = ["Learner", "LearnResult", "TensorEvaluator", "enumerate_language", "language_facts", "specializes", "term_geq"]

DIRECTIONS = {"<=": 1, ">=": -1}
_FUNCTION = clingo.SymbolType.Function


# -- evaluation on examples ------------------------------------------------------------------------
#: The largest absolute value a term may take on an example (sums of a few terms stay in int64).
TERM_LIMIT = 2.0**60


class TensorEvaluator:
    """Values of terms and constraints on a stack of examples (axis 0), with numpy.

    Every array is laid out over all indices of the program in declaration order, with size 1
    on the indices it does not have, so that comparing two sides broadcasts: an index that only
    one side has is quantified universally.
    """

    def __init__(self, instance: Instance, examples: Sequence[Mapping[str, np.ndarray]]):
        self.instance = instance
        self.program = instance.program
        self.order = [d.name for d in self.program.indices]
        self.n = len(examples)
        self.stacked = stack_examples(instance, examples)
        self._terms: dict[Term, np.ndarray] = {}

    def _layout(self, array: np.ndarray, indices: Sequence[str]) -> np.ndarray:
        shape = [array.shape[0]] + [self.instance.sizes[i] if i in indices else 1 for i in self.order]
        return array.reshape(shape)

    def term(self, term: Term) -> np.ndarray:
        cached = self._terms.get(term)
        if cached is not None:
            return cached
        slot = {name: k + 1 for k, name in enumerate(self.order)}
        operands: list = []
        for name in term.factors:
            operands += [self.stacked[name], [0] + [slot[i] for i in self.program.tensor(name).indices]]
        free = self.program.free_indices(term)
        if not term.factors:
            value = np.full((self.n,), term.coef, np.int64)
        else:
            out = [0] + [slot[i] for i in free]
            try:
                value = np.einsum(*operands, out)
                # int64 wraps silently: the same sum in floating point says whether it fits
                size = np.einsum(*[np.abs(o).astype(np.float64) if k % 2 == 0 else o for k, o in enumerate(operands)], out)
            except ValueError as err:  # numpy's einsum takes at most 52 operands
                raise InputError(f"cannot evaluate {format_term(term)}: {err}") from None
            if size.size and float(size.max()) * term.coef >= TERM_LIMIT:
                raise InputError(f"the values of {format_term(term)} reach {float(size.max()) * term.coef:.3g}, beyond the "
                                 f"{TERM_LIMIT:.3g} pyasp evaluates exactly: the examples or constants are too large")
            if term.coef != 1:
                value = value * term.coef
        value = self._layout(value, free)
        self._terms[term] = value
        return value

    def rhs(self, c: Constraint) -> np.ndarray:
        if isinstance(c.rhs, int):
            return np.full((self.n,) + (1,) * len(self.order), c.rhs, dtype=np.int64)
        decl = self.program.tensor(c.rhs)
        value = np.asarray(self.stacked[c.rhs])
        ordered = [i for i in self.order if i in decl.indices]
        if list(decl.indices) != ordered:  # d[j,i] under "index i; index j;": its axes in the program's order
            value = np.transpose(value, [0] + [1 + decl.indices.index(i) for i in ordered])
        value = self._layout(value, decl.indices)
        return -value if c.rhs_negated else value

    def lhs(self, c: Constraint) -> np.ndarray:
        total = np.zeros((self.n,) + (1,) * len(self.order), dtype=np.int64)
        for t in c.pos:
            total = total + self.term(t)
        for t in c.neg:
            total = total - self.term(t)
        return total

    def satisfied(self, c: Constraint) -> np.ndarray:
        """Per example: does it satisfy the constraint for every value of the indices?"""
        broken = self.lhs(c) > self.rhs(c)
        return ~broken.reshape(self.n, -1).any(axis=1)

    def holds(self, c: Constraint) -> bool:
        """Does every example satisfy the constraint?"""
        return not bool(np.greater(self.lhs(c), self.rhs(c)).any())


# -- the specialisation order (the same as the encoding's geq/2 and prune part) ----------------------
def term_geq(x: Term, y: Term, kinds: Mapping[str, str]) -> bool:
    """Is term ``x`` at least term ``y`` on any data of these kinds (x is y times good tensors,
    bad tensors taken out, summed over more indices, the same ugly factors)?"""
    if x == y:
        return True
    cx, cy = _counts(x.factors), _counts(y.factors)
    for name in set(cx) | set(cy):
        a, b = cx.get(name, 0), cy.get(name, 0)
        kind = kinds[name]
        if kind == "signed" and (a or b):
            return False
        if (kind == "good" and a < b) or (kind == "bad" and a > b) or (kind == "ugly" and a != b):
            return False
    return set(y.summed) <= set(x.summed)


def _counts(factors: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for f in factors:
        out[f] = out.get(f, 0) + 1
    return out


def _injective(left: Sequence[Term], right: Sequence[Term], ok) -> bool:
    """Can every term of ``left`` be matched to its own term of ``right`` with ok(l, r)?"""
    if len(left) > len(right):
        return False
    return any(all(ok(l, r) for l, r in zip(left, perm)) for perm in itertools.permutations(right, len(left)))


def specializes(c2: Constraint, c1: Constraint, kinds: Mapping[str, str], geq=None) -> bool:
    """Is ``c2`` a specialisation of ``c1`` (every solution violating c1 violates c2)?
    ``geq`` replaces :func:`term_geq` (a memoised copy)."""
    if c2.rhs != c1.rhs or c2.rhs_negated != c1.rhs_negated:
        return False
    if any(kinds[f] == "signed" for t in c1.terms + c2.terms for f in t.factors):
        return False  # a term that may be negative: adding or removing it moves either way
    if len(c1.pos) > len(c2.pos) or len(c2.neg) > len(c1.neg):
        return False
    if geq is None:
        geq = lambda x, y: term_geq(x, y, kinds)  # noqa: E731
    return _injective(c1.pos, c2.pos, lambda a, b: geq(b, a)) and _injective(c2.neg, c1.neg, lambda a, b: geq(b, a))


# -- ground: the language as facts -----------------------------------------------------------------
def tensor_kinds(instance: Instance, examples: Sequence[Mapping[str, np.ndarray]]) -> dict[str, str]:
    kinds = {}
    for decl in instance.program.tensors:
        if decl.variable:
            values = np.concatenate([np.ravel(e[decl.name]) for e in examples]) if examples else np.zeros(0, np.int64)
        else:
            values = np.ravel(instance.constants[decl.name])
        kinds[decl.name] = classify(values)
    return kinds


def language_facts(program: Program, kinds: Mapping[str, str], directions: Sequence[str]) -> list[tuple]:
    """The facts the encoding reads (its header lists them). Tensors and indices are numbered
    in declaration order (scalar constants included); :class:`Learner` maps the numbers back to
    names. ``tensor_name(T, Name)`` and ``index_name(I, Name)`` give each number its name, so that
    a user's restriction can say ``tensor_name(T, production)`` (a name that is no ASP constant,
    such as ``W``, is a string: ``"W"``)."""
    facts: list[tuple] = []
    index_id = {d.name: k for k, d in enumerate(program.indices)}
    for k, d in enumerate(program.indices):
        facts.append(("index", k, k))
        facts.append(("index_name", k, d.name))
    for t, decl in enumerate(program.tensors):
        facts.append(("tensor", t))
        facts.append(("tensor_name", t, decl.name))
        facts.append(("kind", t, kinds[decl.name]))
        if decl.variable:
            facts.append(("variable", t))
        for i in decl.indices:
            facts.append(("tensor_index", t, index_id[i]))
    for direction in directions:
        facts.append(("rhs_sign", DIRECTIONS[direction]))
    return facts


def language_program(
    schema: Program,
    kinds: Mapping[str, str],
    *,
    max_terms: int,
    max_factors: int,
    negation: bool,
    directions: Sequence[str],
    canonical: bool = True,
    encoding: str | Path | None = None,
) -> AspProgram:
    """The encoding with the language's facts and constants, ready to ground."""
    consts = {"max_terms": max_terms, "max_factors": max_factors, "negation": int(bool(negation)),
              "canonical": int(bool(canonical))}
    asp = AspProgram(encoding or "ip_acquisition", consts=consts, needs=(("use", 3), ("rhs", 2)))
    if encoding is not None:  # a user's copy: a tensor's name where its number belongs matches nothing
        check_names(asp.encoding_file, schema, consts)
    asp.add_facts(language_facts(schema, kinds, directions))
    asp.add_facts([("rhs_literal", 0), ("rhs_literal", 1)])
    return asp


#: Where the encoding holds a tensor's number (T) or an index's number (I): (predicate, arity) ->
#: argument positions. A name written there can never match (see :func:`check_names`).
NUMBERED_ARGUMENTS = {("tensor", 1): (0,), ("variable", 1): (0,), ("kind", 2): (0,), ("tensor_index", 2): (0, 1),
                      ("index", 2): (0,), ("count", 3): (1,), ("bits", 2): (0,), ("summed", 2): (1,),
                      ("rhs", 2): (0,), ("rhs_option", 1): (0,), ("p", 2): (0,)}


def check_names(encoding: str | Path, schema: Program, consts: Sequence[str] = ()) -> None:
    """Refuse a copy of the encoding that writes a tensor's or an index's name where the
    encoding has its number (``count(P, production, C)``, ``rhs(production, _)``): such a rule
    never matches, so the restriction would silently do nothing. Names that the file (or
    ``consts``) defines with ``#const`` are numbers, and pass."""
    facts = encoding_facts(encoding)
    names = set(schema.tensor_names) | {d.name for d in schema.indices}
    parameters: set[str] = set()
    for statement in facts.program:
        if statement.ast_type == clingo.ast.ASTType.Program:
            parameters = {p.name for p in statement.parameters}
            continue
        check_named(statement, encoding, schema)
        found: list = []
        _names_as_numbers(statement, names - set(facts.constants) - set(consts) - parameters, found)
        if found:
            name, atom, arity, position, line, column = found[0]
            what, number = ("a tensor", "T") if name in schema.tensor_names else ("an index", "I")
            raise InputError(f"{encoding}:{line}:{column}: {name} is the name of {what}, but argument {position + 1} of "
                             f"{atom}/{arity} is {what}'s number (the encoding numbers tensors and indices), so the "
                             f"rule never matches: write a variable there, say {number}, and add "
                             f"{what.split()[1]}_name({number}, {symbol(name)}) to the rule")


def check_named(statement, encoding: str | Path, schema: Program, known: dict | None = None) -> None:
    """Refuse an atom whose argument names a tensor or index the schema lacks, or names one in
    the wrong form (``"cap"`` for ``cap``): the atom matches nothing. ``known``: (predicate,
    arity) -> (argument position, the names it may hold, what they are); by default the learning
    encoding's ``tensor_name(T, N)`` / ``index_name(I, N)``."""
    owner = "program" if known is not None else "schema"
    if known is None:
        known = {("tensor_name", 2): (1, list(schema.tensor_names), "tensor"),
                 ("index_name", 2): (1, [d.name for d in schema.indices], "index")}
    for node in iter_ast(statement):
        if node.ast_type != clingo.ast.ASTType.Function or node.external \
                or (node.name, len(node.arguments)) not in known:
            continue
        position, names, what = known[(node.name, len(node.arguments))]
        argument = node.arguments[position]
        name = _constant_name(argument)
        if name is None:
            continue  # a variable, or a term pyasp cannot judge
        written = str(argument)
        if written in {str(symbol(n)) for n in names}:
            continue
        begin = argument.location.begin
        hint = (f"write it {symbol(name)}" if name in names else
                f"the {owner}'s {what} names are {', '.join(str(symbol(n)) for n in names) or 'none'}")
        shown = ", ".join(written if k == position else "_" for k in range(len(node.arguments)))
        raise InputError(f"{encoding}:{begin.line}:{begin.column}: {node.name}({shown}) matches no {what}, so the "
                         f"rule never applies: {hint}")


def _constant_name(node) -> str | None:
    """The name of a constant (``production``) or string (``"W"``) term, else None."""
    kinds = clingo.ast.ASTType
    if node.ast_type == kinds.SymbolicTerm:
        sym = node.symbol
        if sym.type == _FUNCTION and not sym.arguments and sym.name:
            return sym.name
        if sym.type == clingo.SymbolType.String:
            return sym.string
    elif node.ast_type == kinds.Function and not node.arguments and not node.external and node.name:
        return node.name
    return None


def _names_as_numbers(statement, names: set[str], found: list) -> None:
    for node in iter_ast(statement):
        if node.ast_type != clingo.ast.ASTType.Function or node.external:
            continue
        for k in NUMBERED_ARGUMENTS.get((node.name, len(node.arguments)), ()):
            argument = node.arguments[k]
            name = _constant_name(argument)
            if name in names:
                begin = argument.location.begin
                found.append((name, node.name, len(node.arguments), k, begin.line, begin.column))


# -- the learner -------------------------------------------------------------------------------------
#: the largest s and p: beyond, grounding the language alone outgrows memory and time limits
MAX_SIZE = 6
#: Seconds a search stopped by Ctrl-C (``keep_on_interrupt``) gives the most-specific filter and
#: :func:`pyasp.acquire.learn` its simplification, together, from the Ctrl-C, before it reports
#: what it found (``LearnResult.finish_by``). 2 s each until 2026-11-26, when Ctrl-C took 3 to 16 s
#: to end a large search; then 0.3 s each, until 2026-11-27 (see ``docs/ip_acquisition.md``).
INTERRUPT_FINISH_S = 0.3


@dataclass
class LearnResult:
    """What a run found and what it cost."""

    constraints: list[Constraint]
    visited: int = 0
    language: int | None = None  # every candidate of the language (when counted)
    violated: int = 0
    satisfied: int = 0
    levels: int = 0
    seconds: float = 0.0
    partial: bool = False
    interrupted: bool = False  # Ctrl-C stopped the search (Learner keep_on_interrupt)
    search_cut: bool = False  # the limit (or Ctrl-C) stopped the search itself
    unchecked: int = 0  # candidates of the last level clingo proposed but the limit left unchecked
    domain_implied: int = 0  # satisfied candidates of a search the limit cut, left out as the domains imply them
    filter_stopped: bool = False  # the limit cut the most-specific filter: some kept ones are implied by others
    stats: dict = field(default_factory=dict)
    # after a Ctrl-C in the search: the time.perf_counter() by which the filter and the
    # simplification that follow are to be done (INTERRUPT_FINISH_S after it)
    finish_by: float | None = field(default=None, repr=False, compare=False)

    def as_dict(self) -> dict:
        return {
            "language": self.language,
            "visited": self.visited,
            "pruned": None if self.language is None else self.language - self.visited,
            "violated": self.violated,
            "satisfied": self.satisfied,
            "kept": len(self.constraints),
            "levels": self.levels,
            "seconds": round(self.seconds, 4),
            "partial": self.partial,
            "interrupted": self.interrupted,
            "search_cut": self.search_cut,
            "unchecked": self.unchecked,
            "domain_implied": self.domain_implied,
            "filter_stopped": self.filter_stopped,
            "clingo": self.stats,
        }


class Learner:
    """ARNOLD (Kumar, Teso and De Raedt, IJCAI 2019) with clingo enumerating the language.

    Parameters: ``max_terms`` (s), ``max_factors`` (p), ``negation`` (terms may be subtracted),
    ``directions`` (``"<="``: candidates ``... <= Z``; ``">="``: ``... <= -Z``), ``prune`` and
    ``canonical`` (off only for the ablation), ``prune_terms`` (violated candidates of at most
    this many terms become nogoods; default s - 1, at least 1: a candidate with s terms can
    only be specialised without adding a term, and its nogood costs more to ground and
    propagate than the few candidates it removes -- measured in ``bench/acquire_search.py``), ``time_limit_s`` (read
    before each solver call and between candidates; a search it cuts short has no time for the
    most-specific filter, so it leaves out the satisfied candidates that interval bounds over the
    declared domains show true: ``result_.domain_implied``), ``encoding`` (a user's copy of
    ``ip_acquisition.lp``), ``count_language`` (also count every candidate, so that the result
    says how many pruning skipped; a second, cheap clingo run), ``keep_on_interrupt`` (a
    ``KeyboardInterrupt`` during the search ends it as the time limit does, with the result so
    far, ``partial`` and ``interrupted``; otherwise it propagates). After :meth:`fit`:
    ``constraints_``, ``program_``, ``result_``, ``kinds_``.
    """

    def __init__(
        self,
        max_terms: int = 1,
        max_factors: int = 2,
        negation: bool = True,
        directions: Sequence[str] = ("<=", ">="),
        prune: bool = True,
        prune_terms: int | None = None,
        canonical: bool = True,
        time_limit_s: float | None = None,
        encoding: str | Path | None = None,
        count_language: bool = False,
        keep_on_interrupt: bool = False,
    ):
        self.count_language = count_language
        self.keep_on_interrupt = keep_on_interrupt
        self.max_terms = max_terms
        self.max_factors = max_factors
        self.negation = negation
        self.directions = directions
        self.prune = prune
        self.prune_terms = prune_terms
        self.canonical = canonical
        self.time_limit_s = time_limit_s
        self.encoding = encoding

    def _check_params(self) -> None:
        if not (1 <= self.max_terms <= MAX_SIZE and 1 <= self.max_factors <= MAX_SIZE):
            raise InputError(f"max terms (s) and max tensors per term (p) must be 1 to {MAX_SIZE} (the paper goes to 3; "
                             f"the language grows exponentially with both), got s={self.max_terms}, p={self.max_factors}")
        for d in self.directions:
            if d not in DIRECTIONS:
                raise InputError(f"unknown direction {d!r}: use <= and/or >=")
        if not self.directions:
            raise InputError("give at least one direction (<= or >=)")

    def fit(self, schema: Program, constants, examples) -> Learner:
        """Learn from ``examples`` (a list of ``{variable: values}``); ``constants`` is an
        :class:`~.data.Instance` or a mapping of constant values."""
        self._check_params()
        if not schema.variables:  # every candidate must mention one: the language would be empty
            where = f"{schema.source}: " if schema.source and schema.source != "<program>" else ""
            raise InputError(f"{where}the schema declares no decision variable (var NAME[...] in LO..HI;): the "
                             "constraints learned are over the variables, so there is nothing to learn")
        instance = constants if isinstance(constants, Instance) else make_instance(schema, constants)
        rows = check_examples(instance, examples)
        if not rows:
            raise InputError("no examples to learn from")
        self.instance_ = instance
        self.kinds_ = tensor_kinds(instance, rows)
        evaluator = TensorEvaluator(instance, rows)
        self.result_ = self._search(schema, evaluator)
        self.constraints_ = self.result_.constraints
        self.program_ = schema.with_constraints(self.constraints_)
        return self

    # decode ------------------------------------------------------------------------------------
    def _decode(self, model, schema: Program, names: list[str], index_names: list[str], variables: frozenset[str],
                cache: dict) -> tuple[Constraint, list, list, tuple]:
        """The constraint of an answer set, and its terms and right-hand side as ASP text (the
        facts of the prune part name them exactly). Decoding is on the path of every candidate
        visited: each distinct ``use``/``rhs`` symbol is read once and kept in ``cache`` (one per
        search: the symbols name tensors by their number in that search's schema). A candidate
        that mentions none of the decision ``variables`` is not in the language: the answer set
        is malformed (e.g. a copy that hides use/3 atoms)."""
        parts = []
        for sym in model.symbols:
            if sym not in cache:  # other shown atoms (a user's copy of the encoding) read as None
                try:
                    cache[sym] = self._read_symbol(sym, names, index_names)
                except (RuntimeError, IndexError, AttributeError, ValueError):
                    raise InputError(f"{self.encoding or 'the encoding'}: cannot read {sym} as part of a candidate "
                                     "constraint (use(Slot, Sign, t(Product, Mask)) or rhs(Z, G))") from None
            if cache[sym] is not None:
                parts.append(cache[sym])
        parts.sort(key=lambda part: part[0])
        pos = [t for _, sign, t, _ in parts if sign == "pos"]
        neg = [t for _, sign, t, _ in parts if sign == "neg"]
        pos_raw = [raw for _, sign, _, raw in parts if sign == "pos"]
        neg_raw = [raw for _, sign, _, raw in parts if sign == "neg"]
        rhs_parts = [part for part in parts if part[1] == "rhs"]
        if len(rhs_parts) != 1:
            raise InputError(f"{self.encoding or 'the encoding'}: an answer set shows {len(rhs_parts)} rhs/2 atoms; "
                             "a candidate constraint is its use/3 terms and one rhs(Z, G)")
        (_, _, (rhs, g), z), = rhs_parts
        c = Constraint.of(pos, neg, rhs, g == -1)
        if rhs not in variables and not any(f in variables for t in c.terms for f in t.factors):
            raise InputError(f"{self.encoding or 'the encoding'}: an answer set shows the candidate {schema.text(c)} "
                             f"({len(pos) + len(neg)} use/3 atoms), which mentions no decision variable; every candidate "
                             "of the language does: does the encoding #show every use/3 atom?")
        return c, pos_raw, neg_raw, (z, g)

    @staticmethod
    def _read_symbol(sym, names: list[str], index_names: list[str]) -> tuple | None:
        """(slot, sign, Term, ASP text of the term) of ``use(S, G, t(P, M))``; (0, "rhs", (Z, G), ASP
        text of Z) of ``rhs(Z, G)``; None for any other atom."""
        if sym.type != _FUNCTION or (sym.name, len(sym.arguments)) not in {("rhs", 2), ("use", 3)}:
            return None
        if sym.name == "rhs":
            z, g = sym.arguments
            rhs = z.arguments[0].number if z.type == _FUNCTION and z.name == "lit" else names[z.number]
            return (0, "rhs", (rhs, g.number), str(z))
        slot, sign, term = sym.arguments
        product, mask = term.arguments
        factors = []
        while product.type == _FUNCTION and product.name == "p":
            first, product = product.arguments
            factors.append(names[first.number])
        summed = [index_names[k] for k in range(len(index_names)) if mask.number & (1 << k)]
        return (slot.number, sign.name, Term.of(factors, summed), str(term))

    # search ------------------------------------------------------------------------------------
    def _search(self, schema: Program, evaluator: TensorEvaluator) -> LearnResult:
        start = time.perf_counter()
        deadline = deadline_after(self.time_limit_s)
        names = list(schema.tensor_names)
        index_names = [d.name for d in schema.indices]
        variables = frozenset(t.name for t in schema.variables)
        language = dict(max_terms=self.max_terms, max_factors=self.max_factors, negation=self.negation,
                        directions=self.directions, canonical=self.canonical, encoding=self.encoding)
        asp = language_program(schema, self.kinds_, **language)
        # Every atom follows from the choice of use/3 and rhs/2, so projecting the enumeration on
        # the shown atoms (clingo's backtracking projection, 2-3x slower here) buys nothing; a
        # copy of the encoding with other choices still yields each candidate once (dedupe).
        asp.ground(time_limit_s=self.time_limit_s).configuration.solve.project = "no"
        symbols: dict = {}
        seen: dict[tuple, int] = {}  # every candidate visited (its terms and right-hand side as ASP text) -> its level
        previous: int | None = None
        prune_terms = max(1, self.max_terms - 1) if self.prune_terms is None else self.prune_terms
        kept: list[tuple[Constraint, int]] = []
        # With a time limit, or Ctrl-C kept (keep_on_interrupt), each kept candidate is also
        # tried on interval bounds over the declared domains (about 9 microseconds, against some
        # 100 for proposing, decoding and checking it): a search the limit or Ctrl-C cuts has no
        # time left for the most-specific filter, and general-to-specific search keeps mostly such
        # constraints first ("sum[i] cap*take[i] + ... >= -1"); they are then left out at once,
        # not looked for after the cut (on 140,000 kept candidates that took a second).
        from .simplify import DomainBounds

        bounds = DomainBounds(schema, self.instance_) if deadline is not None or self.keep_on_interrupt else None
        trivial: set[int] = set()  # positions in kept
        result = LearnResult([])
        batch = 0
        try:  # one cost level a round: the most general candidates left
            while True:
                remaining = None if deadline is None else deadline - time.perf_counter()
                if remaining is not None and remaining <= 0:
                    result.partial = True
                    break
                models, timed_out = asp.optimal_models(time_limit_s=remaining)
                if not models:
                    result.partial = result.partial or timed_out
                    break
                level = self._level(models[0], previous)
                previous = level
                result.levels += 1
                violated_facts: list = []
                for n, model in enumerate(models):
                    # a level may hold tens of thousands of candidates (61,440 at s = p = 3 on a
                    # knapsack): decoding and checking them took 3 s past a 5 s limit, so the
                    # clock is read between them too
                    if deadline is not None and n % 64 == 0 and time.perf_counter() > deadline:
                        result.partial = True
                        result.unchecked = len(models) - n
                        break
                    c, pos_raw, neg_raw, (z, g) = self._decode(model, schema, names, index_names, variables, symbols)
                    key = (tuple(pos_raw), tuple(neg_raw), z, g)
                    if key in seen:
                        if seen[key] == level:
                            continue  # one candidate, two answer sets (a copy showing another free choice): once
                        raise self._no_progress(f"the search met the candidate {schema.text(c)} twice, at levels "
                                                f"{seen[key]} and {level}")
                    seen[key] = level
                    result.visited += 1
                    if evaluator.holds(c):
                        result.satisfied += 1
                        if bounds is not None and bounds.implied(c):
                            trivial.add(len(kept))
                        kept.append((c, level))
                        continue
                    result.violated += 1
                    if not self.prune or any(self.kinds_[f] == "signed" for t in c.terms for f in t.factors):
                        continue
                    if len(c.terms) > prune_terms:
                        continue  # a nogood that costs more to ground than the few candidates it removes
                    v = result.violated
                    k = batch + 1
                    violated_facts.append(f"vrhs({k},{v},{z},{g})")
                    violated_facts.append(f"vnpos({k},{v},{len(pos_raw)})")
                    violated_facts += [f"vpos({k},{v},{j},{x})" for j, x in enumerate(pos_raw, start=1)]
                    violated_facts += [f"vneg({k},{v},{j},{x})" for j, x in enumerate(neg_raw, start=1)]
                if timed_out or result.partial:
                    result.partial = True
                    break
                parts: list = [("floor", [level])]
                if violated_facts:
                    batch += 1
                    parts.append(("prune", [batch]))
                asp.extend(parts, violated_facts)
        except KeyboardInterrupt:
            interrupt.caught(self.keep_on_interrupt)  # the console script's watcher waits for the report
            result.partial = result.interrupted = True
            deadline = result.finish_by = time.perf_counter() + INTERRUPT_FINISH_S
        result.search_cut = result.partial
        if result.partial and trivial:  # the filter cannot run (past the limit) or runs briefly (Ctrl-C)
            kept = [k for j, k in enumerate(kept) if j not in trivial]
            result.domain_implied = len(trivial)
        status: dict = {}
        result.constraints = self._most_specific(kept, deadline=deadline, status=status,
                                                 interruptible=self.keep_on_interrupt)
        if status.get("interrupted") and not result.search_cut and trivial:  # Ctrl-C in the filter of a whole search
            implied = {id(kept[j][0]) for j in trivial}  # (it keeps those it did not reach: leave these out at once)
            left = [c for c in result.constraints if id(c) not in implied]
            result.domain_implied = len(result.constraints) - len(left)
            result.constraints = left
        result.filter_stopped = bool(status.get("stopped"))
        result.partial = result.partial or result.filter_stopped
        result.interrupted = result.interrupted or bool(status.get("interrupted"))
        result.seconds = time.perf_counter() - start
        if self.count_language and not result.partial:
            try:  # the search is complete: Ctrl-C here only costs the count
                counter = language_program(schema, self.kinds_, **language)
                counter.ground().configuration.solve.project = "show"  # the candidates, even if a copy has #project
                total, stopped = counter.count_models(time_limit_s=60.0)
            except KeyboardInterrupt:
                interrupt.caught(self.keep_on_interrupt)
                result.interrupted, total, stopped = True, 0, True
            # fewer candidates than visited cannot be (each one is visited once): no count rather
            # than a negative "pruned" in the header
            result.language = None if stopped or total < result.visited else total
        result.stats = asp.stats.as_dict()
        return result

    def _level(self, model, previous: int | None) -> int:
        """A level's cost, refused when the search cannot go on from it: ``floor(c)`` removes the
        levels up to c, so each level must cost more than the one before (else the same
        candidates come back for ever: an encoding without weak constraints has every candidate
        at level 0); and one priority only (optN would return only a level's best by the second
        priority, and floor(c) then drop the rest unseen)."""
        if len(model.cost) > 1:
            at = " and ".join(f"@{p}" for p in model.priorities) or f"{len(model.cost)} priorities"
            raise InputError(f"{self.encoding or 'the encoding'}: the weak constraints must all have one priority (the "
                             f"search met costs at {at}): pyasp visits the levels of one priority in turn, and a second "
                             "priority would hide the candidates that it ranks below the best of their level")
        level = model.cost[0] if model.cost else 0
        if previous is not None and level <= previous:
            raise self._no_progress(f"the search met level {level} twice" if level == previous else
                                    f"the search met level {level} after level {previous}")
        return level

    def _no_progress(self, what: str) -> InputError:
        return InputError(f"{self.encoding or 'the encoding'}: the weak constraints must give every candidate a level "
                          f"above the last one visited ({what}): keep the packaged encoding's two `:~` lines (priority 0, "
                          "the sum of weight/2 over the added terms minus the subtracted ones, which the floor(c) part "
                          "compares with c) and #show every use/3 and rhs/2 atom")

    def _most_specific(self, kept: list[tuple[Constraint, int]], **limits) -> list[Constraint]:
        """The kept candidates of which no other kept candidate is a specialisation."""
        return most_specific(kept, self.kinds_, **limits)


def term_geq_matrix(terms: Sequence[Term], kinds: Mapping[str, str]) -> np.ndarray:
    """``G[a, b] = term_geq(terms[a], terms[b])`` for every pair, with numpy."""
    tensors = sorted({f for t in terms for f in t.factors})
    col = {name: k for k, name in enumerate(tensors)}
    indices = sorted({i for t in terms for i in t.summed})
    bit = {name: k for k, name in enumerate(indices)}
    counts = np.zeros((len(terms), len(tensors)), dtype=np.int64)
    summed = np.zeros((len(terms), len(indices)), dtype=bool)
    for a, t in enumerate(terms):
        for f in t.factors:
            counts[a, col[f]] += 1
        for i in t.summed:
            summed[a, bit[i]] = True
    kind = np.array([kinds[name] for name in tensors], dtype=object)
    x, y = counts[:, None, :], counts[None, :, :]
    bad_pair = (((kind == "good") & (x < y)) | ((kind == "bad") & (x > y)) | ((kind == "ugly") & (x != y))).any(axis=2)
    bad_pair |= (summed[None, :, :] & ~summed[:, None, :]).any(axis=2)  # y sums an index x does not
    signed = (counts[:, kind == "signed"] > 0).any(axis=1)
    bad_pair |= signed[:, None] | signed[None, :]
    out = ~bad_pair
    np.fill_diagonal(out, True)
    return out


def most_specific(kept: list[tuple[Constraint, int]], kinds: Mapping[str, str], *, deadline: float | None = None,
                  status: dict | None = None, interruptible: bool = False) -> list[Constraint]:
    """Of constraints with their levels, those no other one of a higher level specialises (see
    :func:`specializes`). Vectorised: a term-by-term ``geq`` matrix, then for each pair of
    constraints with the same right-hand side an injective matching of their terms, tried over
    the permutations of one side's (padded) term slots.

    Past ``deadline`` (a ``time.perf_counter()`` value) the constraints not yet compared are all
    kept (true of the examples, but some may be implied by others) and ``status["stopped"]`` is
    set. With ``interruptible``, a ``KeyboardInterrupt`` while comparing stops it the same way and
    also sets ``status["interrupted"]``."""
    if not kept:
        return []
    if deadline is not None and time.perf_counter() > deadline:  # its set-up alone takes seconds on 100,000
        if status is not None:
            status["stopped"] = True
        return [c for c, _ in kept]  # in the order visited (sorting 100,000 takes a second too)
    terms = sorted({t for c, _ in kept for t in c.terms})
    tid = {t: k for k, t in enumerate(terms)}  # in the terms' order: it sorts the result below
    wild = len(terms)  # padding: every term (and the padding) is >= it; it is >= nothing else
    geq = np.zeros((wild + 1, wild + 1), dtype=bool)
    geq[:wild, :wild] = term_geq_matrix(terms, kinds)
    geq[:, wild] = True
    width = max(max(len(c.pos), len(c.neg)) for c, _ in kept)
    perms = np.array(list(itertools.permutations(range(width))), dtype=np.int64)
    groups: dict[tuple, list[int]] = {}
    for k, (c, _) in enumerate(kept):
        groups.setdefault((repr(c.rhs), c.rhs_negated), []).append(k)
    signed_ids = {k for k, (c, _) in enumerate(kept) if any(kinds[f] == "signed" for t in c.terms for f in t.factors)}
    out: list[Constraint] = []
    stopped = interrupted = False
    for members in groups.values():
        general = np.zeros(len(members), dtype=bool)  # some member of a higher level specialises it
        try:
            _mark_general(general, members, kept, tid, wild, width, perms, geq, signed_ids,
                          lambda: stopped or (deadline is not None and time.perf_counter() > deadline))
        except _Stopped:
            stopped = True
        except KeyboardInterrupt:
            interrupt.caught(interruptible)
            stopped = interrupted = True
        out += [kept[k][0] for k, g in zip(members, general) if not g]
    if status is not None and stopped:
        status["stopped"] = True
        if interrupted:
            status["interrupted"] = True
    # by right side, then terms: comparing the terms' positions in their order is comparing the
    # terms (and on 25,000 constraints takes 0.05 s, not 0.5 s)
    out.sort(key=lambda c: (repr(c.rhs), c.rhs_negated, tuple(tid[t] for t in c.pos), tuple(tid[t] for t in c.neg)))
    return out


class _Stopped(Exception):
    """The deadline of :func:`most_specific` has passed."""


def _mark_general(general: np.ndarray, members: list[int], kept, tid, wild: int, width: int, perms, geq, signed_ids,
                  stop) -> None:
    """Set ``general[r]`` for each member that a member of a higher level specialises, a chunk of
    members at a time; raises :class:`_Stopped` before a chunk when ``stop()`` is true (the members
    not reached stay unmarked, so they are kept)."""
    pos = np.full((len(members), width), wild, dtype=np.int64)
    neg = np.full((len(members), width), wild, dtype=np.int64)
    for r, k in enumerate(members):
        c = kept[k][0]
        pos[r, :len(c.pos)] = [tid[t] for t in c.pos]
        neg[r, :len(c.neg)] = [tid[t] for t in c.neg]
    level = np.array([kept[k][1] for k in members])
    usable = np.array([k not in signed_ids for k in members])
    step = max(1, 4_000_000 // max(1, len(members) * len(perms) * width))  # width 0: constraints without terms
    for lo in range(0, len(members), step):
        if stop():
            raise _Stopped
        c = slice(lo, lo + step)
        # [c, d, perm, slot]: d's positive slots (permuted) cover c's; c's negative slots cover d's
        pos_ok = geq[pos[None, :, :][:, :, perms], pos[c][:, None, None, :]].all(axis=3).any(axis=2)
        neg_ok = geq[neg[c][:, perms][:, None, :, :], neg[None, :, None, :]].all(axis=3).any(axis=2)
        higher = (level[None, :] > level[c][:, None]) & usable[None, :] & usable[c][:, None]
        general[c] = (pos_ok & neg_ok & higher).any(axis=1)


def enumerate_language(
    schema: Program,
    kinds: Mapping[str, str],
    *,
    max_terms: int = 1,
    max_factors: int = 1,
    negation: bool = True,
    directions: Sequence[str] = ("<=", ">="),
    canonical: bool = True,
    encoding: str | Path | None = None,
) -> list[Constraint]:
    """Every candidate of the language (one per answer set of the encoding, no examples, no
    pruning), for tests and benchmarks; with ``canonical=False`` a constraint comes once per
    order of its terms."""
    asp = language_program(schema, kinds, max_terms=max_terms, max_factors=max_factors, negation=negation,
                           directions=directions, canonical=canonical, encoding=encoding)
    learner = Learner(encoding=encoding)
    names = list(schema.tensor_names)
    index_names = [d.name for d in schema.indices]
    variables = frozenset(t.name for t in schema.variables)
    symbols: dict = {}
    return [learner._decode(m, schema, names, index_names, variables, symbols)[0] for m in asp.all_models()]
