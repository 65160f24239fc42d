"""The declarative-rules pipeline for one problem, model-free: read the numbers and their
properties, ground them as facts, let clingo decide which rules apply to which pair of numbers
(the rule file compiled to ASP, on top of ``encodings/knowledge.lp``), and compute the features
of every applicable (rule, pair). ``pyasp.arith.model`` scores the result.

Fact vocabulary (what the compiled rules read): ``pair(A,B)`` for two numbers, A the earlier
(in the text, or in time: :func:`time_order`); ``has(X,P)`` when number X (or the question,
``q``) has property P (subj, verb, iobj, obj, unit, rate, math); ``member(X,P,C)`` when that
property is in class C of the rule file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..asp import Program
from ..text.lexical import can_be_motion, counted_noun, first_sense_is_a, is_hyponym
from ..text.numbers import CENTS
from ..text.reading import DIFFERENCE_WORDS, FRACTION_WORDS, PERCENT, WEEKDAYS, Document, said_at_two_times, spoken_operation
from ..text.reading import asks_a_difference as _asks_a_difference
from ..text.reading import (after_a_span_preposition, group_prices, asks_a_part, asks_a_start_before_a_gain, asks_in_percent, asks_what_some_is,
                            counts_periods, each_of_pairs, numbered_rest, price_of_one, said_each_way, said_in_percent, outcomes_played,
                            time_of, times_compared,
                            units_given_per)
from ..text.reading import asks_total as _asks_total
from ..text.units import PLURALS as _UNIT_PLURALS, dimension as _unit_dimension, factor as _unit_factor
from ..text.units import TIME_STEPS, is_length_unit, lemma_of as _unit_lemma, whole_factor
from . import rates as _rates
from .classes import ARRIVING, LEAVING
from .features import (TIME_UNITS, assumption_features, concept_label, contradicted, option_features, pair_context, relevance_features,
                       compares_itself, root_features, same_entity, stray_numbers)
from .inference import GROUP_UNIT, WILDCARD, Option
from .knowledge import Knowledge
from .properties import PROPERTIES, NumberInfo, Phrase, ProblemInfo, read_problem


@dataclass
class Prepared:
    """A problem ready to be scored: its numbers, the applicable rules of each pair and the
    features of each option (one sparse dict per option row) and of each number."""

    info: ProblemInfo
    values: tuple[Fraction, ...]
    options: dict[tuple[int, int], list[Option]] = field(default_factory=dict)
    option_features: list[dict[str, float]] = field(default_factory=list)
    relevance_features: list[dict[str, float]] = field(default_factory=list)
    root_features: list[dict[str, float]] = field(default_factory=list)
    labelled: list[bool] = field(default_factory=list)  # option row agrees with the concept heuristics
    #: option rows whose condition assumes what the text plainly denies (see
    #: :func:`pyasp.arith.features.contradicted`): training scores them as any other (the weights
    #: learn from every option), inference leaves them out (:meth:`KnowledgeModel.best`)
    denied: set[int] = field(default_factory=set)
    memberships: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    units: list[tuple] = field(default_factory=list)  # (unit, per) of each number, for the unit features
    question_unit: tuple = (None, None)
    #: numbers said as a percentage, a fraction or a multiple ("25% off", "a third of", "twice as
    #: much money"): ratios, whose units the search's unit checks do not read
    #: (:class:`pyasp.arith.inference.UnitCheck`)
    ratios: frozenset[int] = frozenset()
    #: what else the question's unit phrase names: the noun its unit modifies ("how many 6 dollar
    #: toys": toy, the unit read being "dollar"), for the same checks
    question_names: frozenset[str] = frozenset()
    #: numbers of money read in the unit the question asks ("75 cents" as 0.75 when dollars are
    #: asked): number -> (unit it was written in, factor its value was multiplied by, the unit
    #: it is read in: "dollars" or "cents")
    conversions: dict[int, tuple[str, Fraction, str]] = field(default_factory=dict)
    #: a price and the count of what it buys, said with one verb (:func:`priced_pairs`)
    priced: frozenset[tuple[int, int]] = frozenset()
    #: each number's place in time (:func:`time_order`; empty: the text's order)
    order: tuple[int, ...] = ()
    #: numbers the text plainly says count nothing the question asks (an age, things of another
    #: kind: :func:`pyasp.arith.features.stray_numbers`), left out with the irrelevant ones
    stray: frozenset[int] = frozenset()
    #: numbers the text says every answer uses (a whole and its parts when the rest is asked:
    #: :func:`rest_denied`), kept whatever the relevance classifier says
    kept: frozenset[int] = frozenset()
    #: the number that says again the base of a comparison when the question asks the total of
    #: the two ("Liam has 3 times as many cards as Mia. Mia has 14 cards. How many cards do they
    #: have together?": a second 14, :func:`compared_total`), else 0: the answer adds it to the
    #: rest (:meth:`pyasp.arith.model.KnowledgeModel.best`)
    total_of: int = 0
    #: how the base said again is combined last: "add" (a total), "subtract" (a difference)
    total_op: str = "add"
    #: the number :attr:`total_of` says again
    total_base: int = 0
    #: the comparison's number, and the operations that apply it (a multiple multiplies or
    #: divides, "5 more than" adds or subtracts)
    total_comparison: tuple[int, frozenset[str]] = (0, frozenset())
    #: the question asks a difference (:func:`asks_a_difference`): at inference the answer is one
    #: (:func:`pyasp.arith.inference.is_difference`)
    difference: bool = False
    #: why else the answer is a difference at inference (:func:`asks_a_remainder`): "rest" (the
    #: question asks the rest of a whole), "unknown" (it asks what the text said as "some"),
    #: "start" (what there was before a gain), or ""
    remainder: str = ""
    #: when the question asks the rest of a whole that a number counts in a kind of which what
    #: is asked is one ("90 flowers: ... and the rest daisies"), that number (1-based), else 0
    #: (:func:`whole_of_rest`)
    whole: int = 0
    #: pairs of numbers (1-based) that a comparison of two kinds of things joins, with the one
    #: operation that applies it when the question asks the compared kind (:func:`compared_kinds`),
    #: or that "each of" joins (:func:`each_of`): (operation, the unit of the result, the search's
    #: check)
    applied: dict[frozenset[int], tuple[str, tuple, str]] = field(default_factory=dict)
    #: multiples said in a comparison ("4 times as much hay as", "half as many"), 1-based: at
    #: inference an operand of explicit math only (:func:`compared_multiples`)
    multiples: frozenset[int] = frozenset()

    @property
    def shares(self) -> tuple[str | None, ...]:
        """How each number is read: "share" (a share of a whole, "half of them": 1/2), "rest"
        (what is left of a whole after a share is taken away: 1 - 1/2) or None."""
        return tuple("rest" if n.rest else "share" if n.share is not None else None for n in self.info.numbers)

    @property
    def wholes(self) -> tuple[tuple[int, ...], ...]:
        """For each number that is a share, the numbers of the whole it is taken of (see
        :attr:`pyasp.arith.properties.NumberInfo.whole`)."""
        return tuple(n.whole for n in self.info.numbers)

    @property
    def converted_alone(self) -> bool:
        """One number, an amount read in the unit the question asks: the conversion answers it."""
        return len(self.values) == 1 and 1 in self.conversions

    def has_rate(self, number: int) -> bool:
        return self.info.numbers[number - 1].rate is not None

    def has_math(self, number: int) -> bool:
        return self.info.numbers[number - 1].math is not None


def facts(info: ProblemInfo, memberships: dict[int, list[tuple[str, str]]], order: tuple[int, ...] = ()) -> list[tuple]:
    """The facts of a problem (see the module docstring); ``order`` (:func:`time_order`) says
    which number of a pair is the earlier one (default: the earlier in the text)."""
    rank = order or tuple(range(1, len(info.numbers) + 1))
    out: list[tuple] = []
    entities: list[tuple[object, NumberInfo]] = [(n.index, n) for n in info.numbers] + [("q", info.question)]
    for ident, number in entities:
        for prop in PROPERTIES:
            if number.get(prop) is not None:
                out.append(("has", ident, prop))
        for prop, cls in memberships.get(number.index, ()):
            out.append(("member", ident, prop, cls.lower()))
    for a in info.numbers:
        for b in info.numbers:
            if rank[a.index - 1] < rank[b.index - 1]:
                out.append(("pair", a.index, b.index))
    return out


def applicable(knowledge: Knowledge, info: ProblemInfo, memberships, order: tuple[int, ...] = ()) -> list[tuple[int, int, str, int]]:
    """``(A, B, rule, disjunct)`` for every rule condition clingo finds true of a pair (A the
    earlier, by ``order``: see :func:`facts`)."""
    if len(info.numbers) < 2:
        return []
    program = Program(encoding=knowledge.encoding, text=knowledge.program, needs=(("applies", 4),))
    program.add_facts(facts(info, memberships, order))
    model = program.all_models()[0]
    return [(int(a), int(b), str(r), int(d)) for a, b, r, d in model.atoms("applies", 4)]


#: the verbs classes of the rule file whose verbs take things away from their subject: a share
#: of a whole taken away ("he ate half of them") leaves the rest of it when the question asks
#: what is left (:func:`pyasp.arith.properties._parts`)
TAKING_AWAY = frozenset({"GIVE", "DESTROY"})
#: the verbs classes of the rule file that say a state (what the subject has, is): said with
#: "already", such a state held before what the text told earlier (:func:`time_order`)
STATES = frozenset({"HAVE"})
#: the math classes of the rule file that say a number is a total ("$20 in all"): said in the
#: question ("How many did she spend in all?") they ask for a total, and are no math term of it
TOTALS = frozenset({"TOTAL"})
#: the math classes of the rule file that say an operation in words ("plus", "divided by"): their
#: words are math terms only where the question says its operation on the problem's two numbers
#: (:func:`said_operation`); elsewhere ("How many cases of 12 boxes, plus extra boxes ...", "What
#: is the difference between births and immigration?") the text is read without them, in training
#: as in inference, so that its properties and features are what they were
SAID_CLASSES = frozenset({"PLUS", "MINUS", "TIMES", "DIVIDED"})


def read_info(doc: Document, knowledge: Knowledge) -> ProblemInfo:
    """The numbers of a parsed problem and their properties, as the parse reader sees them."""
    classes = knowledge.classes

    def taken_away(verb) -> bool:
        return bool(TAKING_AWAY & set(classes.verb_classes(verb, None)))

    terms = classes.math_terms()
    totals = {e.words for name, entries in classes.of_kind("math") if name in TOTALS for e in entries}
    said = {e.words for name, entries in classes.of_kind("math") if name in SAID_CLASSES for e in entries}
    plain = tuple(t for t in terms if t not in said)
    info = read_problem(doc, plain, taken_away, asked_terms=tuple(t for t in plain if t not in totals))
    if said and info.error is None and 0 <= info.question_sentence < len(doc.sentences) \
            and spoken_operation(doc, info.question_sentence) is not None:  # "What is 7 plus 8?"
        info = read_problem(doc, terms, taken_away, asked_terms=tuple(t for t in terms if t not in totals))
    return info


#: The search over expressions grows exponentially with the numbers of a problem (measured with
#: the shipped model: 10 numbers 20 s, 12 about a minute, 16 over 90 s; 30 had not finished after
#: 15 minutes and 12 GB). The CogComp datasets have at most 6.
MAX_NUMBERS = 12


def prepare(doc: Document | ProblemInfo, knowledge: Knowledge, rates: _rates.RateModel | None = None,
            labels: set[int] | None = None) -> Prepared:
    """Everything the scorer needs of one problem. Which numbers are rates: ``labels`` when given
    (training: the record's rate annotations), else the learned ``rates`` model, else the parse
    reader's verdict (see :mod:`pyasp.arith.rates`)."""
    info = read_info(doc, knowledge) if isinstance(doc, Document) else doc
    if info.error is not None:  # the reader refused the text: no number (solver.unanswerable says why)
        return Prepared(info, ())
    info = unit_names(info)  # "38 cm" and "How many centimeters": one unit
    info = _rates.decide(info, rates, labels)
    if labels is None:  # (training reads the annotated rates, as the paper's; so the weights are those of the text's annotations)
        info = group_price_rates(info, knowledge)
    # the rates the model decides are named from the text's words ("$3 per kg"): named the same way
    info = unit_names(info)
    base, comparison, last = compared_total(info, knowledge) if labels is None else (0, 0, "")
    if not base and labels is None:
        base, comparison, last = square_side(info, knowledge)
    if base:
        # the base counts twice: once as compared with, once in the total
        info = replace(info, numbers=(*info.numbers, replace(info.numbers[base - 1], index=len(info.numbers) + 1)))
    if len(info.numbers) > MAX_NUMBERS:  # not solved (solver.solve_prepared says why): skip the pairwise work
        return Prepared(info, tuple(n.value for n in info.numbers), memberships={})
    timed = time_conversions(info)
    q = info.question
    if q.rate is not None and q.rate.head >= 0 and any(n.index in timed and n.unit.head == q.rate.head for n in info.numbers):
        # "Kayla reads 15 pages every day. How many pages does she read in one week?": the week,
        # read in days, is counted (7 days), not asked per ("How far did she drive in 1 hour?" is)
        info = replace(info, question=replace(q, rate=None))
    timed = {**measure_conversions(info), **timed}  # "3 feet" read as 36 inches when inches are asked
    if timed:
        # "one week" read as 7 days when something is counted per day
        read_in = {i: _unit_lemma(c[2]) or c[2][:-1] for i, c in timed.items()}  # "inches": inch
        info = replace(info, numbers=tuple(replace(n, unit=Phrase(timed[n.index][2], read_in[n.index], n.unit.head,
                                                                  (read_in[n.index],)))
                                           if n.index in timed else n for n in info.numbers))
    memberships = {n.index: knowledge.classes.memberships(n) for n in (*info.numbers, info.question)}
    conversions = {**money_conversions(info), **timed, **percent_conversions(info)}
    conversions.update(both_ways(info, conversions))
    values = tuple(n.value * conversions[n.index][1] if n.index in conversions else n.value for n in info.numbers)
    order = time_order(info, memberships)
    prepared = Prepared(info, values, memberships=memberships, conversions=conversions,
                        order=() if order == tuple(range(1, len(order) + 1)) else order,
                        multiples=compared_multiples(info, knowledge))
    contexts: dict[tuple[int, int], list[str]] = {}
    ratio = _times_as_many(info)
    said = said_operation(info)
    unsaid: list[int] = []  # option rows of another operation than the question says
    said_found = False  # some rule applies the operation the question says
    for a, b, rule_name, d in applicable(knowledge, info, memberships, order):
        rule = knowledge.rules[rule_name]
        na, nb = info.numbers[a - 1], info.numbers[b - 1]
        if (a, b) not in contexts:
            contexts[(a, b)] = pair_context(info, na, nb, memberships, values)
        assumed = assumption_features(info, na, nb, knowledge.assumptions.get((rule_name, d), ()))
        row = len(prepared.option_features)
        if contradicted(info, na, nb, knowledge.assumptions.get((rule_name, d), ())):
            prepared.denied.add(row)
        elif rule.op in ("divide", "divide_reversed") and _inverted(ratio, na, nb, rule.op):
            prepared.denied.add(row)
        elif rule.op in ("divide", "divide_reversed") and multiple_of_before(prepared.multiples, na, nb):
            prepared.denied.add(row)  # "sold 32 loaves of rye bread and three times as many loaves of white bread": 32 * 3
        elif (a in info.left_out) != (b in info.left_out) and (rule.op == "add" or rule.op != "subtract" and _asked_unit(
                info, na if a in info.left_out else nb)):
            # "How many students did not bring a lunch?": the 35 who brought one are no part of
            # the answer, added to the others (they may be added among themselves and taken away);
            # counting what the question counts ("240 seats are sold. How many seats are not
            # sold?"), they are only taken away (a number of rows sold may be multiplied first)
            prepared.denied.add(row)
        elif base and {a, b} == {base, len(info.numbers)} and comparison != base:
            prepared.denied.add(row)  # the base is not added to (or multiplied by) itself
        elif rule.op != "multiply" and area_asked(info, knowledge) and _length(na) and _length(nb):
            prepared.denied.add(row)  # "8 feet long and 5 feet wide. What is the area?": 8 * 5
        elif against_moves(info, na, nb, rule.op, memberships, knowledge):
            prepared.denied.add(row)  # "29 children on the bus. 8 children got off and 5 got on": 29 - 8 + 5
        elif gives_own_away(info, na, nb, rule.op, memberships):
            prepared.denied.add(row)  # "Ethan had 52 stamps. ... Ethan gave 10 stamps to a friend": 52 - 10
        elif rule.op == "multiply" and other_sentences_count(info, na, nb):
            prepared.denied.add(row)  # "2 packs ... 8 in each pack. ... 3 packs ... 6 in each pack": 2 * 8
        elif rest_denied(info, a, b, rule.op):
            prepared.denied.add(row)
        elif said is not None and labels is None and rule.op != said_op(said, a, b):
            unsaid.append(row)  # "What is 20 minus 6?": 20 - 6, whatever else the numbers suggest
        elif said is not None and labels is None:
            said_found = True
        elif rule.op in ("multiply", "divide", "divide_reversed") and difference_asked(info, na, nb):
            prepared.denied.add(row)
        elif rule.op == "add" and states_of_one(info, na, nb, memberships) and (
                asks_change(info, memberships) or asks_between(info, na, nb, knowledge)):
            # "The temperature was 47 degrees in the morning. In the afternoon it was 66 degrees.
            # How many degrees did the temperature go up?": two states are never summed
            prepared.denied.add(row)
        elif rule.op == "add" and moves_back(info, na, nb, memberships):
            prepared.denied.add(row)  # "crawled 48 cm up a garden wall, then slid back 13 cm": 48 - 13
        prepared.option_features.append(option_features(contexts[(a, b)], rule.name, rule.concept, rule.op, assumed))
        prepared.root_features.append(root_features(info, rule.concept, rule.op))
        prepared.labelled.append(concept_label(info, na, nb, rule.op, memberships) == rule.concept)
        factor = _share_factor(knowledge, rule_name, d, na, nb)
        prepared.options.setdefault((a, b), []).append(Option(row, rule.name, d, rule.concept, rule.op, factor,
                                                              _reads_rate(knowledge, rule_name, d)))
    if said_found:  # no rule of the said operation applies ("divide 15 by 3"): the weights choose
        prepared.denied.update(unsaid)
    prepared.priced = priced_pairs(info, memberships)
    prepared.relevance_features = [relevance_features(info, n) for n in info.numbers]
    prepared.stray = stray_numbers(info) | rest_strays(info) | days_said_again(info) | said_again(info) | price_aside(info, knowledge)
    prepared.kept = frozenset((info.rest_of[0], *info.rest_of[1])) if info.rest_of else frozenset()
    prepared.kept |= counted_per_rate(info)
    if base:
        prepared.total_of, prepared.total_op, prepared.total_base = len(info.numbers), last, base
        if comparison == base:  # the side of a square, times itself
            prepared.total_comparison = (base, frozenset())
        else:
            prepared.total_comparison = (comparison, comparison_applied(info, knowledge, base, comparison))
        prepared.kept |= {base, comparison, len(info.numbers)}
    prepared.units = [unit_of(n, knowledge) for n in info.numbers]
    prepared.question_unit = unit_of(info.question, knowledge)
    # (a multiple, "twice as much money", is a factor too: no amount of money)
    prepared.ratios = frozenset(n.index for n in info.numbers if n.share is not None or _said_as_ratio(n)
                                or "MUL" in knowledge.classes.math_classes(n.math))
    prepared.question_names = _modified(info) | kinds_asked(prepared.units, prepared.question_unit)
    prepared.difference = asks_a_difference(info)
    prepared.remainder = asks_a_remainder(info)
    if prepared.remainder == "rest":
        prepared.whole = whole_of_rest(prepared.units, prepared.question_unit)
    prepared.applied = {**each_of(info, prepared.units), **compared_kinds(info, knowledge, prepared.units),
                        **compared_times(info, knowledge, prepared.units), **played(info, prepared.units)}
    return prepared


#: the "per" unit of a price for a group and of the group's count (:func:`group_price_rates`): a
#: group the text names by no noun (a wildcard per unit, :func:`unit_of`)
GROUP = Phrase("group", GROUP_UNIT, -1, (GROUP_UNIT,))


def group_price_rates(info: ProblemInfo, knowledge: Knowledge) -> ProblemInfo:
    """The problem with each price said for a group (:func:`pyasp.text.reading.group_prices`:
    "Lemons are on sale at 4 for $1", "3 pairs for $7") read as a rate: the price and the count
    are both per the group (dollars a group, lemons a group), so that another number of the things
    divided by the count counts groups, and times the price is their cost ("How many dollars do 20
    lemons cost?": (20 / 4) * 1). Only when the text prices other things of the kind so: the
    question asks money and another number counts the things ("buys 18 bagels"), or the question
    asks the things and another number is money ("How many limes can Carlos buy with $8?"). The
    count's things are its unit, else the object or subject of its clause so counted or asked ("A
    shop sells *erasers* at 5 for $3", "*Lemons* are on sale at 4 for $1"; not the shop)."""
    numbers = {n.mention.start: n for n in info.numbers}
    q = info.question
    changed: dict[int, NumberInfo] = {}
    for count, price in group_prices(info.doc):
        c, p = numbers.get(count.start), numbers.get(price.start)
        if p is not None and _money(p, knowledge) and price_of_one(info.doc, count):
            # "What will 14 recorders cost if the store charges $6 for one?": $6 per recorder
            counted = [n for n in info.numbers if n.index != p.index and (c is None or n.index != c.index)
                       and not _money(n, knowledge) and n.unit is not None and not n.unit_inferred and n.rate is None]
            if len(counted) == 1 and p.rate is None:
                changed[p.index] = replace(p, rate=counted[0].unit)
            continue
        if c is None or p is None or not _money(p, knowledge) or _money(c, knowledge):
            continue
        others = [n for n in info.numbers if n.index not in (c.index, p.index)]
        money = any(_money(n, knowledge) for n in others)

        def priced(x: Phrase) -> bool:  # the things, counted by another number, or asked with money given
            same = lambda n: n.unit is not None and n.unit.lemma.lower() == x.lemma.lower()
            return money if same(q) else any(same(n) for n in others)

        said = [c.unit] if c.unit is not None and not c.unit_inferred else []
        things = next((x for x in (*said, c.obj, c.iobj, c.subj) if x is not None and x.head >= 0 and not x.is_pronoun
                       and info.doc.tokens[x.head].pos == "NOUN" and "MONEY" not in knowledge.classes.unit_classes(x)
                       and priced(x)), None)
        if things is None or said and things is not said[0]:
            continue
        group = replace(GROUP, head=count.head)  # named: no wildcard, "squared" and "linked" check it
        changed[c.index] = replace(c, unit=things, unit_inferred=False, rate=group)
        changed[p.index] = replace(p, rate=group)
    if not changed:
        return info
    return replace(info, numbers=tuple(changed.get(n.index, n) for n in info.numbers))


def _modified(info: ProblemInfo) -> frozenset[str]:
    """The noun the question's unit is a compound of ("6 dollar toys": toy), if any."""
    unit = info.question.unit
    tokens = info.doc.tokens
    if unit is None or not 0 <= unit.head < len(tokens):
        return frozenset()
    token = tokens[unit.head]
    if token.dep != "compound" or not 0 <= token.head < len(tokens) or tokens[token.head].pos != "NOUN":
        return frozenset()
    return frozenset({tokens[token.head].lemma.lower()})


def kinds_asked(units: list[tuple], question: tuple) -> frozenset[str]:
    """The units of numbers that count kinds of what the question asks ("How many people came
    ...?": passengers; by the first WordNet sense of each, so that "pounds" are no change), which
    an answer may count (the search's final check)."""
    asked = question[0]
    if asked is None or asked == WILDCARD:
        return frozenset()
    return frozenset(u[0] for u in units if u[0] not in (None, WILDCARD, asked)
                     and (first_sense_is_a(u[0], (counted_noun(asked),)) or (False,))[0])


def _said_as_ratio(n: NumberInfo) -> bool:
    """Whether a number is said as a percentage or a fraction ("25%", "a third", "3/4")."""
    last = n.mention.text.split()[-1].lower() if n.mention.text.split() else ""
    return (last in PERCENT or last.endswith("%") or last.rstrip("s") in FRACTION_WORDS
            or "/" in n.mention.text)


#: the math classes of the rule file that compare two quantities ("5 more than", "3 times as many")
COMPARISONS = frozenset({"ADD", "SUB", "MUL"})
def asks_total(info: ProblemInfo) -> bool:
    """Whether the question asks for a total (:func:`pyasp.text.reading.asks_total` of its lemmas)."""
    return _asks_total(info.words)


#: the operations that apply a comparison of each math class to its base, and that undo it
APPLIED = {"ADD": ({"add"}, {"subtract"}), "SUB": ({"subtract"}, {"add"}),
           "MUL": ({"multiply"}, {"divide", "divide_reversed"})}


def comparison_applied(info: ProblemInfo, knowledge: Knowledge, base: int, comparison: int) -> frozenset[str]:
    """The operations that give the thing compared from the base of a comparison: applied ("Ana
    has 5 more marbles than Ben. Ben has 8": 8 + 5; "6 fewer than Ella. Ella has 20": 20 - 6;
    "3 times as many as Mia. Mia has 14": 3 * 14) when the base is the number of whom it is
    compared with, or when it names no one ("twice as many on Tuesday"); undone when the base is
    the comparison's own subject's ("Liam has 42 cards, 3 times as many as Mia": 42 / 3) or
    tells the comparison's own time ("48 on Saturday, which was 16 more than it sold on Sunday":
    48 - 16)."""
    b, c = info.numbers[base - 1], info.numbers[comparison - 1]
    # a time compared with ("than on Monday") says which: :func:`_base_time`
    timed = _base_time(info, b, c)
    undone = timed == "own" if timed else (c.compared is not None and b.subj is not None and c.subj is not None
                                           and b.subj.key == c.subj.key and b.subj.key != c.compared.key
                                           and not compares_itself(c))
    out: set[str] = set()
    for cls in knowledge.classes.math_classes(c.math):
        if cls in APPLIED:
            out |= APPLIED[cls][1 if undone else 0]
    return frozenset(out)


#: the days of the week, which a text tells numbers of ("24 pages on Saturday")
DAY_NAMES = WEEKDAYS
#: spans of time that hold several days ("over the weekend", "in the two days", "this week")
DAY_SPANS = frozenset({"weekend", "week", "day"})
#: prepositions before a span of time the question asks over
OVER_WORDS = frozenset({"over", "in", "during", "for", "on", "across", "throughout", "this", "that"})


def _days_told(info: ProblemInfo) -> frozenset[str]:
    """The days of the week the text names before the question."""
    start, _ = info.doc.sentences[info.question_sentence] if info.doc.sentences else (0, 0)
    return frozenset(t.lemma.lower() for t in info.doc.tokens[:start] if t.lemma.lower() in DAY_NAMES)


def asks_over_days(info: ProblemInfo) -> bool:
    """Whether the question asks over a span that holds the days the text tells numbers of: a
    total ("Hannah read 24 pages on Saturday and half as many pages on Sunday. How many pages did
    she read over the weekend?"; "... on Monday ... on Tuesday. How many ... on the two days?").
    The text names two days of the week or more, and the question a weekend, a week or days
    (plural) after a word that says over when (over, in, during, on, this, ...)."""
    if not info.doc.sentences or len(_days_told(info)) < 2:
        return False
    start, end = info.doc.sentences[info.question_sentence]
    toks = info.doc.tokens[start:end]
    for k, t in enumerate(toks):
        lemma = t.lemma.lower()
        if lemma in DAY_SPANS and (lemma != "day" or t.tag == "NNS"):
            if any(u.text.lower() in OVER_WORDS for u in toks[max(0, k - 3):k]):
                return True
    return False


def said_again(info: ProblemInfo) -> frozenset[int]:
    """A number of the question that points back at one the text said ("It grew 2 cm each week for
    the next 6 weeks. How tall was the plant after *those* 6 weeks?"): after "these" or "those", of
    the value and unit of a number said before the question; no answer uses it again."""
    tokens = info.doc.tokens
    told = {(n.value, n.unit.lemma) for n in info.numbers
            if n.mention.sentence != info.question_sentence and n.unit is not None and not n.unit_inferred}
    return frozenset(n.index for n in info.numbers
                     if n.mention.sentence == info.question_sentence and n.unit is not None and n.mention.start > 0
                     and tokens[n.mention.start - 1].text.lower() in {"these", "those"} and (n.value, n.unit.lemma) in told)


def days_said_again(info: ProblemInfo) -> frozenset[int]:
    """A number of days in the question that counts the days the text already told numbers of
    ("... 240 miles on Monday and 180 miles on Tuesday ... How many gallons did they use on the
    two days?": the 2 says again Monday and Tuesday, and no answer uses it): after "the",
    "these", "those" or "both", of the value of the days named (:func:`asks_over_days`)."""
    if not asks_over_days(info):
        return frozenset()
    told = len(_days_told(info))
    tokens = info.doc.tokens
    return frozenset(n.index for n in info.numbers
                     if n.mention.sentence == info.question_sentence and n.unit is not None and n.unit.lemma == "day"
                     and n.value == told and n.mention.start > 0
                     and tokens[n.mention.start - 1].text.lower() in {"the", "these", "those", "both"})


def compared_total(info: ProblemInfo, knowledge: Knowledge) -> tuple[int, int, str]:
    """The base of a comparison whose total with the thing compared the question asks ("Liam has
    3 times as many cards as Mia. Mia has 14 cards. How many cards do they have together?": 14 +
    3 * 14; "Zoe read 12 pages on Monday and twice as many on Tuesday. How many pages did she read
    in all?": 12 + 12 * 2): the answer uses that number twice. One number has a comparison (a
    math term of the rule file's ADD, SUB or MUL classes), and exactly one other number, outside
    the question, with no rate nor comparison, counts its things (the same unit; when the
    comparison names whom it compares with, that one's number, if any).

    So too the difference of the two, asked ("how many more", "how many fewer") of a multiple
    ("Jenna has 3 times as many stamps as Luis. Luis has 15. How many more stamps does Jenna have
    than Luis?": 3 * 15 - 15); a difference of "5 more than" is the 5 itself.

    The base's index, the comparison's and the operation that combines the base said again
    ("add", "subtract"), else (0, 0, "")."""
    total = asks_total(info) or asks_over_days(info)
    if not total and not asks_difference(info):
        return 0, 0, ""
    compared = [n for n in info.numbers if n.math is not None and n.share is None
                and COMPARISONS & set(knowledge.classes.math_classes(n.math))]
    if len(compared) != 1 or compared[0].mention.sentence == info.question_sentence:
        return 0, 0, ""
    if not total and "MUL" not in knowledge.classes.math_classes(compared[0].math):
        return 0, 0, ""
    c = compared[0]
    unit = c.unit
    if unit is not None and c.math is not None and unit.head == c.math.head:
        # "28 pumpkins on Friday and 3 times as many on Saturday": the multiple names no thing of
        # its own ("times" is its word): it counts what the question asks
        unit = info.question.unit
    if unit is None:
        return 0, 0, ""
    bases = [n for n in info.numbers if n is not c and n.math is None and n.rate is None and n.share is None
             and n.unit is not None and n.unit.lemma == unit.lemma and n.mention.sentence != info.question_sentence]
    if c.compared is not None and any(n.subj is not None and n.subj.key == c.compared.key for n in bases):
        bases = [n for n in bases if n.subj is not None and n.subj.key == c.compared.key]
    return (bases[0].index, c.index, "add" if total else "subtract") if len(bases) == 1 else (0, 0, "")


#: the math classes of the rule file that ask an area ("What is the area of the garden?")
AREAS = frozenset({"AREA"})


def area_asked(info: ProblemInfo, knowledge: Knowledge) -> bool:
    """Whether the question asks an area (its math term is of the rule file's AREA class)."""
    return bool(AREAS & set(knowledge.classes.math_classes(info.question.math)))


def _length(n: NumberInfo) -> bool:
    """Whether a number is a length: its unit is a linear unit of WordNet (inch, foot, meter, ...)."""
    return n.unit is not None and n.rate is None and is_length_unit(n.unit.lemma)


def square_side(info: ProblemInfo, knowledge: Knowledge) -> tuple[int, int, str]:
    """The side of a square whose area the question asks ("A square tile is 9 inches long on
    each side. What is the area of the tile in square inches?"): the one length of the text, said
    of something "square" outside the question. The answer is the side times itself. (index,
    index, "multiply"), else (0, 0, "")."""
    if not area_asked(info, knowledge) or not info.doc.sentences:
        return 0, 0, ""
    lengths = [n for n in info.numbers if n.mention.sentence != info.question_sentence
               and n.unit is not None and is_length_unit(n.unit.lemma)]
    start, _ = info.doc.sentences[info.question_sentence]
    square = any(t.lemma.lower() == "square" for t in info.doc.tokens[:start])
    if len(lengths) != 1 or not square:
        return 0, 0, ""
    return lengths[0].index, lengths[0].index, "multiply"


#: words right after a number of things that are their own subject and say they come in addition
#: to those already there ("15 more cars parked", "6 more birds landed on the fence")
ADDED_WORDS = frozenset({"more", "additional", "extra"})


#: words after a verb of motion that say its subject leaves where it was ("5 students go home")
AWAY_WORDS = frozenset({"home"})
#: words said with "be" of things that are not where the text counts them ("7 singers are absent")
NOT_THERE = frozenset({"absent", "missing", "away", "gone"})


def movement(info: ProblemInfo, n: NumberInfo, knowledge: Knowledge) -> str | None:
    """How the things a number counts move themselves with respect to the place the text counts
    them at: "leave" (:data:`pyasp.arith.classes.LEAVING`: "8 children got off", "27 cars drove
    away") or "arrive" ("5 children got on", "15 more cars parked": more of the things, said of
    themselves), else None. The things are the number's subject, and the verb is active."""
    said = knowledge.classes.moving(n)
    if said is not None:
        return said
    if (n.subj is None or n.unit is None or n.subj.lemma != n.unit.lemma or n.passive or n.unit_inferred
            or n.rate is not None or n.math is not None or n.verb is None or n.verb.head < 0):
        return None
    tokens = info.doc.tokens
    if can_be_motion(n.verb.lemma) and any(t.head == n.verb.head and t.lemma.lower() in AWAY_WORDS and t.i > n.verb.head
                                           for t in tokens):
        return LEAVING  # "5 students go home early"
    if (n.verb.lemma.lower() == "be" and any(t.head == n.verb.head and t.dep in {"acomp", "advmod"} and t.i > n.verb.head
                                             and t.lemma.lower() in NOT_THERE for t in tokens)
            or n.verb.text.lower() in NOT_THERE and any(t.head == n.verb.head and t.dep == "aux" and t.lemma.lower() == "be"
                                                        for t in tokens)):
        return LEAVING  # "Today 7 singers are absent", "5 players are missing": not there, as if they had left
    after = [t.text.lower() for t in tokens[n.mention.end:n.mention.end + 4]]
    if not after or after[0] not in ADDED_WORDS or "than" in after:
        return None
    if STATES & set(knowledge.classes.verb_classes(n.verb, n.unit)):
        return None  # "5 more cars are red" says no move
    return ARRIVING


def other_sentences_count(info: ProblemInfo, a: NumberInfo, b: NumberInfo) -> bool:
    """Whether a rate and a count of what it is per belong to two sentences that each pair a
    count of that thing with a rate per it ("Leah bought 2 packs of hot dogs with 8 hot dogs in
    each pack. She also bought 3 packs of buns with 6 buns in each pack": 8 goes with the 2
    packs, not with the 3): each rate multiplies the count said with it."""
    for rate, count in ((a, b), (b, a)):
        if rate.rate is None or count.unit is None or count.unit.lemma != rate.rate.lemma:
            continue
        if rate.mention.sentence == count.mention.sentence:
            return False
        return (any(n.index != rate.index and n.unit is not None and n.unit.lemma == rate.rate.lemma
                    and n.mention.sentence == rate.mention.sentence for n in info.numbers)
                and any(n.rate is not None and n.rate.lemma == rate.rate.lemma and n.index != rate.index
                        and n.mention.sentence == count.mention.sentence for n in info.numbers))
    return False


def _same_things(a: str, b: str) -> bool:
    """Whether two unit lemmas count the same things: the same word, or people and a kind of
    person ("27 passengers ... 9 people got off", WordNet)."""
    a, b = counted_noun(a), counted_noun(b)
    return a == b or "person" in (a, b) and (is_hyponym(a, b) or is_hyponym(b, a))


def against_moves(info: ProblemInfo, a: NumberInfo, b: NumberInfo, op: str, memberships, knowledge: Knowledge) -> bool:
    """Whether ``op`` goes against the way things moved, when the question asks how many are at
    a place now ("There were 29 children on the bus. At the first stop, 8 children got off and 5
    children got on. How many children are on the bus now?"; "A parking lot had 63 cars. Then
    27 cars drove away and 15 more cars parked."): what leaves is taken from what was there
    (never added to it), what arrives is added (never taken away), and what left and what
    arrived are not summed. ``a`` is the earlier number; the state is said before the move, of
    the same things, with a verb of the rule file's HAVE class; the question asks with such a
    verb, of those things, for no total nor difference."""
    if op not in ("add", "subtract") or not asks_state_now(info, memberships):
        return False
    q = info.question
    if b.unit is None or not _same_things(b.unit.lemma, q.unit.lemma) or a.unit is None:
        return False
    if not _same_things(a.unit.lemma, q.unit.lemma) and not any(
            r.rate is not None and r.rate.lemma == a.unit.lemma and r.unit is not None
            and _same_things(r.unit.lemma, q.unit.lemma) for r in info.numbers):
        return False  # (a state of groups of the things: "4 tables with 6 students at each table")
    moves = (movement(info, a, knowledge), movement(info, b, knowledge))
    if moves[0] is not None and moves[1] is not None:
        return op == "add" and moves[0] != moves[1]
    if moves[0] is not None or moves[1] is None:
        return False  # the state is the earlier one
    if (a.rate is not None and _same_things(a.unit.lemma, q.unit.lemma) or a.math is not None or a.share is not None or a.unit_inferred
            or not STATES & _verb_classes(memberships, a) or a.mention.sentence == info.question_sentence):
        return False
    return op == ("add" if moves[1] == LEAVING else "subtract")


#: words of a question that ask how things were before what the text tells ("How many did he have
#: at first?", "in the beginning", "to start with", "originally")
START_WORDS = frozenset({"first", "begin", "beginning", "start", "originally", "initially", "before", "original"})


def asks_state_now(info: ProblemInfo, memberships) -> bool:
    """Whether the question asks what its things are, or its subject has, after what the text
    tells: with a verb of the rule file's HAVE class, of a unit, for no total nor difference, and
    not of the start ("How many did she have at first?")."""
    q = info.question
    return (q.verb is not None and q.unit is not None and bool(STATES & _verb_classes(memberships, q))
            and not asks_total(info) and not asks_difference(info) and not START_WORDS & set(info.words))


#: the verbs classes of the rule file by which a subject loses what it has, and gets more
LOSSES = frozenset({"GIVE", "DESTROY"})
GAINS = frozenset({"GET", "TAKE", "CONSTRUCT"})


def _holding(info: ProblemInfo, n: NumberInfo, holder: Phrase, memberships) -> str | None:
    """How a number bears on what ``holder`` has: "state" (the holder has it: a verb of the rule
    file's HAVE class), "gain" (the holder gets it, or someone gives it to the holder: "His
    uncle sent him 18 more"), "loss" (the holder gives it away or uses it up), else None."""
    classes = _verb_classes(memberships, n)
    if same_entity(n.subj, holder):
        if STATES & classes:
            return None if CHANGES & classes else "state"
        if GAINS & classes and not LOSSES & classes:
            return "gain"
        if LOSSES & classes and not GAINS & classes:
            return "loss"
        return None
    if any(same_entity(p, holder) for p in (n.iobj, n.obj)) and "GIVE" in classes and not GAINS & classes:
        return "gain"
    # "her mom bought her 25 beads": got for the holder (not "took 3 from her")
    if (same_entity(n.iobj, holder) and "GET" in classes and not LOSSES & classes and n.iobj.head > 0
            and info.doc.tokens[n.iobj.head - 1].text.lower() != "from"):
        return "gain"
    return None


def gives_own_away(info: ProblemInfo, a: NumberInfo, b: NumberInfo, op: str, memberships) -> bool:
    """Whether ``op`` goes against what someone had, got and gave away, when the question asks
    what they have now ("Ethan had 52 stamps. His uncle sent him 18 more, and then Ethan gave 10
    stamps to a friend. How many stamps does Ethan have now?": the 10 is taken from 52 + 18, and
    added to neither; the 18 is added to the 52, not taken from it). The question's subject holds
    both (:func:`_holding`), of the things the question asks, neither a rate nor a comparison: a
    loss is not added to a state or a gain, and a gain is not taken from a state; a state is the
    earlier of the two (``a``), said in an earlier sentence. The question asks the state now (:func:`asks_state_now`)."""
    q = info.question
    if op not in ("add", "subtract") or q.subj is None or not asks_state_now(info, memberships):
        return False
    if any(n.unit is None or n.unit.lemma != q.unit.lemma or n.rate is not None or n.math is not None
           or n.share is not None for n in (a, b)):
        return False
    held = {_holding(info, n, q.subj, memberships): n for n in (a, b)}
    if len(held) != 2 or None in held:
        return False
    if "state" in held and (held["state"] is not a or a.mention.sentence >= b.mention.sentence):
        return False  # "Ethan gave 10 stamps to a friend and has 52 left" may ask what he had
    if op == "add":
        return "loss" in held
    return op == "subtract" and set(held) == {"state", "gain"}


#: the verbs classes of the rule file that say a change of what the subject has (a question
#: asking with one asks for a change: "How many pounds did the puppy gain?")
CHANGES = frozenset({"GET", "TAKE", "CONSTRUCT", "GIVE", "DESTROY"})
#: particles that make a verb one of change ("go up", "went down")
CHANGE_PARTICLES = frozenset({"up", "down"})


def _verb_classes(memberships: dict[int, list[tuple[str, str]]], n: NumberInfo) -> set[str]:
    return {c for p, c in memberships.get(n.index, ()) if p == "verb"}


def difference_asked(info: ProblemInfo, a: NumberInfo, b: NumberInfo) -> bool:
    """Whether the question asks for a difference of the things two numbers both count ("Aiden
    has 7 dollars. A kite costs 20 dollars. How many more dollars does Aiden need?": dollars and
    dollars): no product or quotient of the two is such a difference. Both have the question's
    unit as their own, and neither a comparison ("3 times as many")."""
    q = info.question.unit
    if q is None or a.math is not None or b.math is not None:
        return False
    if not all(n.unit is not None and not n.unit_inferred and n.unit.lemma == q.lemma for n in (a, b)):
        return False
    return asks_difference(info)


def asks_difference(info: ProblemInfo) -> bool:
    """Whether the question asks "how many more", "how much less", "how many fewer"."""
    if not info.doc.sentences:
        return False
    start, end = info.doc.sentences[info.question_sentence]
    toks = info.doc.tokens[start:end]
    return any(t.text.lower() == "how" and toks[k + 1].text.lower() in {"many", "much"}
               and toks[k + 2].text.lower() in DIFFERENCE_WORDS for k, t in enumerate(toks[:-2]))


def asks_a_difference(info: ProblemInfo) -> bool:
    """Whether the question asks a difference: "how many more", "how much less", "how many
    fewer", a comparative after the asked unit ("How much heavier is Anne than Douglas?", "How
    many feet taller ..."), or the noun "difference" (the shared reading
    :func:`pyasp.text.reading.asks_a_difference`, which the equation-tree engine checks too). Of
    every such question of the CogComp data (89) and of the hand-written development sets the
    answer is a difference, or one scaled."""
    return _asks_a_difference(info.doc, info.question_sentence)


def asks_a_remainder(info: ProblemInfo) -> str:
    """Why, besides asking a difference, the question's answer is one (a check of the search at
    inference, :func:`pyasp.arith.inference.search`): "rest", it asks the rest of a whole ("How
    many animals are not goats?", "35 roses, 25 tulips, and the rest daisies. How many daisies
    ...?": :func:`pyasp.text.reading.asks_a_part`, which the equation-tree engine reads too);
    "unknown", it asks what the text said as "some", a change between two amounts given or a
    part of a whole given ("took $50 ... and spent some of it. He came home with $17. How much
    did he spend?": :func:`pyasp.text.reading.asks_what_some_is`); "start", it asks what there
    was before a gain of "N more" ("When 15 more children came in, there were 42 children. How
    many ... before?": :func:`pyasp.text.reading.asks_a_start_before_a_gain`); else "". Not when a number is a share of a
    whole ("A quarter of them are green, and the rest are red": the rest is a product), and no rest
    asked when the text says what it does with a rest with a number ("put the rest into cages with 5
    in each. How many cages ...?", "The rest of the class brought 2.2 pounds":
    :func:`pyasp.text.reading.numbered_rest`)."""
    if any(n.share is not None for n in info.numbers):
        return ""
    if asks_a_part(info.doc, info.question_sentence) and numbered_rest(info.doc) is None:
        return "rest"
    if asks_what_some_is(info.doc, info.question_sentence):
        return "unknown"
    if asks_a_start_before_a_gain(info.doc, info.question_sentence):
        return "start"
    return ""


def whole_of_rest(units: list[tuple], question: tuple) -> int:
    """The one number (1-based) that counts a whole of which what the question asks is a kind
    (the first WordNet sense of the asked unit), when the question asks the rest of a whole: "A
    flower stand opened with 90 flowers: 35 roses, 25 tulips, and the rest daisies. How many
    daisies ...?" (90 flowers), else 0. The rest counts that whole's things (the search's final
    check), which are never added to (its parts are taken from it)."""
    asked = question[0]
    if asked is None or asked == WILDCARD:
        return 0
    found = [k + 1 for k, u in enumerate(units) if u[0] not in (None, WILDCARD, asked) and u[1] is None
             and (first_sense_is_a(asked, (counted_noun(u[0]),)) or (False,))[0]]
    return found[0] if len(found) == 1 else 0


def compared_multiples(info: ProblemInfo, knowledge: Knowledge) -> frozenset[int]:
    """The numbers (1-based) said as the multiple of a comparison: a math term of the rule file's
    MUL class and "as" right after the number or its "times" ("4 times as much hay as the
    giraffe", "twice as many", "half as many pages as", "a third as many"). Such a number is a
    factor of the comparison, no quantity: the search at inference combines it by explicit math
    only (check "multiple", :func:`pyasp.arith.inference.search`), so that it is never a rate's
    divisor ("30 pounds a day ... 4 times as much ... How many pounds ... in a day?": not 30 / 4)
    nor added to a count. ("3 times a week" says no comparison.)"""
    words = [t.text.lower() for t in info.doc.tokens]
    out = set()
    for n in info.numbers:
        if n.math is None or "MUL" not in knowledge.classes.math_classes(n.math):
            continue
        at = n.mention.end + (n.mention.end < len(words) and words[n.mention.end] == "times")
        if at < len(words) and words[at] == "as":
            out.add(n.index)
    return frozenset(out)


def multiple_of_before(multiples: frozenset[int], a: NumberInfo, b: NumberInfo) -> bool:
    """Whether ``b`` is a multiple (one of ``multiples``, :func:`compared_multiples`) said after ``a``
    in its sentence, compared with nothing said or with what ``a`` counts ("The bakery sold 32 loaves of rye bread and three times as many loaves
    of white bread", "collected 96 cans and a third as many glass jars as cans"): the comparison is
    with what was just said, so it is applied to ``a`` (multiplied), never undone. (Not "She has
    32 jars, a third as many jars as cans": compared with another kind, the cans.)"""
    return ((b.compared is None or a.unit is not None and not a.unit_inferred and b.compared.key == a.unit.lemma)
            and a.math is None and b.index in multiples
            and a.mention.sentence == b.mention.sentence and a.mention.start < b.mention.start)


def compared_kinds(info: ProblemInfo, knowledge: Knowledge,
                   units: list[tuple]) -> dict[frozenset[int], tuple[str, tuple, str]]:
    """The comparisons of two kinds of things whose compared kind the question asks, with the
    operation that applies each and the unit of the result, the unit of the comparison's number
    (``units``, one per number): "The garden grew 36 carrots. It grew 9 fewer beets than
    carrots. How many beets ...?" gives {36, 9}: ("subtract", beets, "compared") (36 - 9 beets, not the 36 + 9 that undoes the comparison); "4 more red beads
    than blue beads" "add", "3 times as many" "multiply". The
    comparison's number counts the kind the question asks (its own unit, not inferred), what it
    is compared with is another kind, and exactly one other number, compared with nothing, counts
    that kind (1-based numbers). A check of the search at inference ("compared",
    :func:`pyasp.arith.inference.search`)."""
    q = info.question.unit
    out: dict[frozenset[int], tuple[str, tuple, str]] = {}
    if q is None:
        return out
    for n in info.numbers:
        if (n.compared is None or n.unit is None or n.math is None or n.unit_inferred or n.unit.lemma != q.lemma
                or n.compared.key == n.unit.lemma or n.share is not None):
            continue
        ops = {op for c in knowledge.classes.math_classes(n.math) if c in APPLIED for op in APPLIED[c][0]}
        bases = [m for m in info.numbers if m.index != n.index and m.compared is None and m.unit is not None
                 and not m.unit_inferred and m.unit.lemma == n.compared.key]
        if len(ops) == 1 and len(bases) == 1:
            out[frozenset((n.index, bases[0].index))] = (ops.pop(), units[n.index - 1], "compared")
    return out


def _base_time(info: ProblemInfo, base: NumberInfo, comparison: NumberInfo) -> str:
    """For a comparison of a thing with itself at another time (:func:`pyasp.text.reading.times_compared`),
    which time a number of the same kind tells: "compared" (the time compared with: "On Monday a
    bakery sold 46 baguettes. On Tuesday it sold 15 more baguettes than on Monday"), "own" (the
    comparison's own: "48 cups on Saturday, which was 19 more cups than it sold on Friday"), else ""."""
    if comparison.math is None or base.math is not None or base.unit is None or comparison.unit is None:
        return ""
    if base.unit.lemma != comparison.unit.lemma:
        return ""
    times = times_compared(info.doc, comparison.mention)
    if times is None:
        return ""
    when = time_of(info.doc, base.mention)
    return "own" if when == times[0] else "compared" if when == times[1] else ""


def compared_times(info: ProblemInfo, knowledge: Knowledge,
                   units: list[tuple]) -> dict[frozenset[int], tuple[str, tuple, str]]:
    """The comparisons of a thing with itself at another time (:func:`_base_time`) and the one
    other number of its kind that tells one of the two times: applied when that number tells the
    time compared with ("46 baguettes on Monday ... 15 more baguettes than on Monday": 46 + 15),
    undone when it tells the comparison's own ("48 cups on Saturday, which was 19 more cups than it
    sold on Friday": 48 - 19 on Friday), as the search's check "compared" (:func:`compared_kinds`).
    Only comparisons by a difference ("more", "fewer"): one operation applies or undoes them."""
    out: dict[frozenset[int], tuple[str, tuple, str]] = {}
    for n in info.numbers:
        if n.math is None or n.share is not None or n.mention.sentence == info.question_sentence:
            continue
        classes = [c for c in knowledge.classes.math_classes(n.math) if c in APPLIED]
        bases = [(m, t) for m in info.numbers if m.index != n.index and m.mention.sentence != info.question_sentence
                 and (t := _base_time(info, m, n))]
        if len(classes) != 1 or len(bases) != 1:
            continue
        base, when = bases[0]
        ops = APPLIED[classes[0]][1 if when == "own" else 0]
        if len(ops) == 1:
            out[frozenset((n.index, base.index))] = (next(iter(ops)), units[n.index - 1], "compared")
    return out


def played(info: ProblemInfo, units: list[tuple]) -> dict[frozenset[int], tuple[str, tuple, str]]:
    """The numbers of contests won, lost or tied when the question asks how many were played
    (:func:`pyasp.text.reading.outcomes_played`: "won 23 games and lost 15 games. How many games
    did the team play?"): parts of the games played, so each two are added (23 + 15, not the 23 -
    15 of a transfer), a check of the search at inference ("played")."""
    index = {n.mention.start: n.index for n in info.numbers}
    found = [index[m.start] for m in outcomes_played(info.doc, info.question_sentence) if m.start in index]
    return {frozenset((a, b)): ("add", units[a - 1], "played") for k, a in enumerate(found) for b in found[k + 1:]}


def each_of(info: ProblemInfo, units: list[tuple]) -> dict[frozenset[int], tuple[str, tuple, str]]:
    """The count of a group "each of" names and the amount given to each of them
    (:func:`pyasp.text.reading.each_of_pairs`: "The zoo feeds each of its 6 sea lions 8 pounds of
    fish per day"), which are multiplied, the product an amount of the amount's kind (per what the
    amount is per, unless that is the group: ``units``, one per number): {6, 8}: ("multiply",
    pounds per day, "each"), a check of the search at inference (not 8 / 6)."""
    index = {n.mention.start: n.index for n in info.numbers}
    out: dict[frozenset[int], tuple[str, tuple, str]] = {}
    for count, amount in each_of_pairs(info.doc):
        if count.start in index and amount.start in index:
            a, c = units[index[amount.start] - 1], units[index[count.start] - 1]
            unit = (a[0], None if a[1] == c[0] else a[1])
            out[frozenset((index[count.start], index[amount.start]))] = ("multiply", unit, "each")
    return out


def states_of_one(info: ProblemInfo, a: NumberInfo, b: NumberInfo, memberships) -> bool:
    """Two states of one holder at two times: both said with a verb of the rule file's HAVE
    class, in two sentences or said of two times in one (:func:`pyasp.text.reading.said_at_two_times`:
    "had 22 members in September and 37 members in December"), of the same subject (after pronouns
    are resolved) and the same unit, with no rate and no comparison ("Lucy's puppy weighed 12 pounds
    ... Now it weighs 31 pounds")."""
    return ((a.mention.sentence != b.mention.sentence or said_at_two_times(info.doc, a.mention, b.mention))
            and a.subj is not None and b.subj is not None
            and a.subj.key == b.subj.key and a.unit is not None and b.unit is not None and a.unit.lemma == b.unit.lemma
            and not a.unit_inferred and (not b.unit_inferred or _borrowed_from(info, b, a))
            and a.rate is None and b.rate is None and a.math is None and b.math is None
            and STATES & _verb_classes(memberships, a) and STATES & _verb_classes(memberships, b)
            and not CHANGES & (_verb_classes(memberships, a) | _verb_classes(memberships, b)))


def _borrowed_from(info: ProblemInfo, b: NumberInfo, a: NumberInfo) -> bool:
    """Whether number ``b`` borrowed its unit from ``a``, the number of its unit said last before
    it ("Anneliese had 15 marigold seedlings. ... then she had 24": the 24 seedlings)."""
    earlier = [n for n in info.numbers if n.index < b.index and n.unit is not None and not n.unit_inferred]
    return bool(earlier) and earlier[-1].index == a.index and earlier[-1].unit is b.unit


def asks_change(info: ProblemInfo, memberships) -> bool:
    """Whether the question asks for a change of what its subject has: its verb is one of the
    rule file's verbs of change ("did the puppy gain", "did it grow") or says "up"/"down" ("did
    the temperature go up"), and it is asked of no state ("have", "be") nor of a total ("How many
    games will he attend in all?")."""
    q = info.question
    if q.verb is None or asks_total(info):
        return False
    classes = _verb_classes(memberships, q)
    return bool(CHANGES & classes) and not STATES & classes or q.verb.particle in CHANGE_PARTICLES


def asks_between(info: ProblemInfo, a: NumberInfo, b: NumberInfo, knowledge: Knowledge) -> bool:
    """Whether the question asks what happened between two states one sentence says of two times
    ("The school library had 415 books before the delivery and 500 books after it. How many books
    did the van deliver?"): asked with any verb the rule file does not list as a state ("deliver"
    is no state, though closest to one), of no total."""
    q = info.question
    if not said_at_two_times(info.doc, a.mention, b.mention) or q.verb is None or asks_total(info):
        return False
    said = knowledge.classes.explain_verb(q.verb.lemma)
    return q.verb.lemma not in {"be", "do"} and not (said["how"] == "listed" and STATES & set(said["classes"]))


def moves_back(info: ProblemInfo, a: NumberInfo, b: NumberInfo, memberships) -> bool:
    """Whether ``b`` is a distance back along the way ``a`` went, and the question asks where that
    leaves the mover ("A snail crawled 48 cm up a garden wall, then slid back 13 cm. How many
    centimeters up the wall was the snail?"): two lengths, the later one's verb said with "back", a
    question of a state (HAVE), of no total. Going back undoes the way gone: never added."""
    if not (_length(a) and _length(b) and a.index < b.index and b.verb is not None and b.verb.head >= 0):
        return False
    tokens = info.doc.tokens
    back = any(t.text.lower() == "back" and t.dep in {"prt", "advmod"}  # "slid back", "slid back down"
               for t in tokens[b.verb.head + 1 : b.mention.start])
    return back and bool(STATES & _verb_classes(memberships, info.question)) and not asks_total(info)


#: the search's operations of a spoken operation (:func:`pyasp.text.reading.spoken_operation`)
SAID_OPS = {"add": "add", "sub": "subtract", "mul": "multiply", "div": "divide"}


def said_operation(info: ProblemInfo) -> tuple[int, int, str] | None:
    """The question says in words an operation on the problem's two numbers ("What is 7 plus 8?",
    "What is the product of 6 and 4?", "What number is 5 less than 12?"): (left, right, op), the
    numbers 1-based as applied (12 - 5: left 12), op one of :data:`SAID_OPS`; else None."""
    if len(info.numbers) != 2 or info.question_sentence < 0:
        return None
    spoken = spoken_operation(info.doc, info.question_sentence)
    index = {n.mention.start: n.index for n in info.numbers}
    if spoken is None or spoken.left.start not in index or spoken.right.start not in index:
        return None
    return index[spoken.left.start], index[spoken.right.start], SAID_OPS[spoken.op]


def said_op(said: tuple[int, int, str], a: int, b: int) -> str:
    """The rule operation on the pair (a, b), a the earlier, that applies what the question says."""
    left, _, op = said
    return "divide_reversed" if op == "divide" and left != a else op


def rest_denied(info: ProblemInfo, a: int, b: int, op: str) -> bool:
    """Of a whole and its parts when the question asks about the rest of it ("18 pieces of
    fruit. 7 are bananas and the rest are oranges": :attr:`ProblemInfo.rest_of`), the rest is the
    whole minus the parts: a part is only taken from the whole, parts are added or taken from
    one another, and nothing among them is multiplied or divided."""
    if info.rest_of is None:
        return False
    whole, parts = info.rest_of
    group = {whole, *parts}
    if a not in group or b not in group:
        return False
    if whole in (a, b):
        return op != "subtract"
    return op not in ("add", "subtract")


def rest_strays(info: ProblemInfo) -> frozenset[int]:
    """When the question asks about the rest of a whole (:attr:`ProblemInfo.rest_of`), the
    numbers that count other things than the whole, its parts and the question do ("Each banana
    costs 20 cents", "The quilt took 5 weeks to make", "He also has 6 pairs of pants"): no part of
    the rest."""
    if info.rest_of is None:
        return frozenset()
    whole, parts = info.rest_of
    group = {whole, *parts}
    units = {info.numbers[i - 1].unit.lemma for i in group if info.numbers[i - 1].unit is not None}
    if info.question.unit is not None:
        units.add(info.question.unit.lemma)
    return frozenset(n.index for n in info.numbers if n.index not in group and n.mention.sentence != info.question_sentence
                     and n.unit is not None and not n.unit_inferred and n.unit.lemma not in units)


#: the words of a question that ask about buying, selling or money ("How many can he buy?")
MONEY_ASKED = frozenset({"buy", "afford", "spend", "pay", "cost", "purchase", "sell", "earn", "price", "money", "charge",
                         "save", "dollar", "cent", "buck", "change"})


def _money(n: NumberInfo, knowledge: Knowledge) -> bool:
    """Whether a number is an amount of money ("$3", "27 bucks")."""
    return n.unit is not None and ("MONEY" in knowledge.classes.unit_classes(n.unit) or n.unit.lemma in VALUE_UNITS)


def price_aside(info: ProblemInfo, knowledge: Knowledge) -> frozenset[int]:
    """An amount of money said beside counts of things, when the question asks a count of things
    and nothing of money ("A pack of 48 index cards has only white cards and blue cards. 20 of the
    cards are white. The pack cost $3. How many cards in the pack are blue?": the $3): no answer
    uses it. The one amount of money of the text, no number is a rate (nothing is counted per
    anything, so no price times a count), the question names no money, buying or selling, and
    asks a unit of its own that is no money."""
    q = info.question
    if q.unit is None or q.rate is not None or _money(q, knowledge) or MONEY_ASKED & set(info.words):
        return frozenset()
    if any(n.rate is not None or n.share is not None for n in info.numbers):
        return frozenset()
    money = [n for n in info.numbers if _money(n, knowledge)]
    if len(money) != 1 or money[0].mention.sentence == info.question_sentence:
        return frozenset()
    if not any(n.unit is not None and not n.unit_inferred and n.unit.lemma == q.unit.lemma for n in info.numbers):
        return frozenset()
    return frozenset({money[0].index})


def counted_per_rate(info: ProblemInfo) -> frozenset[int]:
    """Numbers of the question that count what a number of the text is a rate per: "A bike tire
    costs $18 and an inner tube costs $6. What is the total cost of 2 tires and 2 inner tubes?"
    (the 2 tires and the 2 tubes, each priced per one), "A bee has 6 legs. How many legs do 2
    bees have?". The question says them to be used: every answer uses them, whatever the
    relevance classifier says of a stray two. (Not when the rate is said in the question too: "If
    they pack 2650 boxes in 1 day, how many ...": the one day names what the boxes are per; nor a
    one, which says the rate again: "8 pounds of fish per day ... How many pounds ... in one
    day?")"""
    q = info.question_sentence
    per = {n.rate.lemma for n in info.numbers if n.rate is not None and n.mention.sentence != q}
    return frozenset(n.index for n in info.numbers if n.mention.sentence == q and n.rate is None and n.value != 1
                     and n.unit is not None and not n.unit_inferred and n.unit.lemma in per)


def _asked_unit(info: ProblemInfo, n: NumberInfo) -> bool:
    """Whether a number counts what the question counts (the same unit word)."""
    return n.unit is not None and info.question.unit is not None and n.unit.lemma == info.question.unit.lemma


def _times_as_many(info: ProblemInfo) -> tuple[frozenset[str], frozenset[str]] | None:
    """What a question "How many times as many blue cars as red cars ...?" compares: the words
    (lemmas) of the two things, the first said right after "as many"/"as much" and the second
    after the next "as" ({blue, car}, {red, car}), or None."""
    start, end = info.doc.sentences[info.question_sentence]
    toks = info.doc.tokens[start:end]
    for k in range(len(toks) - 2):
        if toks[k].text.lower() == "times" and toks[k + 1].text.lower() == "as" and toks[k + 2].text.lower() in {"many", "much"}:
            things = []
            j = k + 3
            while j < len(toks) and len(things) < 2:
                words = []
                while j < len(toks) and toks[j].pos in {"ADJ", "NOUN", "PROPN"}:
                    words.append(toks[j].lemma.lower())
                    j += 1
                if not words or toks[j - 1].pos not in {"NOUN", "PROPN"}:
                    return None
                things.append(frozenset(words))
                if len(things) < 2:
                    if j >= len(toks) or toks[j].text.lower() != "as":
                        return None
                    j += 1
            return (things[0], things[1]) if len(things) == 2 else None
    return None


def _inverted(asked: tuple[frozenset[str], frozenset[str]] | None, first: NumberInfo, second: NumberInfo, op: str) -> bool:
    """Whether dividing ``first`` by ``second`` (``op`` "divide"; "divide_reversed": the other way)
    inverts what the question asks (``asked``, :func:`_times_as_many`): "How many times as many blue
    cars as red cars?" is the blue cars over the red ones, never the red over the blue."""
    if asked is None or first.unit is None or second.unit is None:
        return False
    units = frozenset(first.unit.lemmas), frozenset(second.unit.lemmas)
    if units == asked[::-1] and asked[0] != asked[1]:  # first is the second thing asked: first / second inverts
        return op == "divide"
    if units == asked and asked[0] != asked[1]:
        return op == "divide_reversed"
    return False


def time_order(info: ProblemInfo, memberships: dict[int, list[tuple[str, str]]]) -> tuple[int, ...]:
    """Each number's place in time (1 the earliest; ranks in the order of the numbers), which
    the rules' roles "1" (earlier) and "2" (later) follow: the text's order, except that a state
    said with "already" ("Each of 7 students brought 4 cans of food. The class already had 12
    cans", "Dan earns 10 dollars a week. He already has 15 dollars") held before the events the
    text told before it, so it comes first (states so said keep their order among themselves)."""
    def before(n: NumberInfo) -> bool:
        return n.already and any(p == "verb" and c in STATES for p, c in memberships.get(n.index, ()))

    timeline = sorted(info.numbers, key=lambda n: (not before(n), n.index))
    rank = {n.index: k for k, n in enumerate(timeline, start=1)}
    return tuple(rank[n.index] for n in info.numbers)


def _share_factor(knowledge: Knowledge, rule: str, disjunct: int, first: NumberInfo, second: NumberInfo) -> bool:
    """Whether a rule's condition (the disjunct that held) takes a share of the pair as a factor:
    it tests the share's math term ("Math2 in SHARE" for "half of them")."""
    numbers = {"1": first, "2": second}
    return any(lit.predicate == "in" and lit.args[0].fact == "math" and lit.args[0].role in numbers
               and numbers[lit.args[0].role].share is not None
               for lit in knowledge.disjuncts.get((rule, disjunct), ()))


def _reads_rate(knowledge: Knowledge, rule: str, disjunct: int) -> tuple[bool, bool]:
    """Whether a rule's condition (the disjunct that held) reads the Rate of number 1, of number
    2, as present ("not null(Rate1)", "Coref(Unit2, Rate1)", "Rate1 in MONEY"), not as absent
    ("null(Rate1)")."""
    roles = {arg.role for lit in knowledge.disjuncts.get((rule, disjunct), ())
             if not (lit.predicate == "null" and lit.positive)
             for arg in (lit.args[:1] if lit.predicate == "in" else lit.args)
             if getattr(arg, "name", None) == "Rate"}
    return "1" in roles, "2" in roles


def priced_pairs(info: ProblemInfo, memberships: dict[int, list[tuple[str, str]]]) -> frozenset[tuple[int, int]]:
    """The pairs of numbers (earlier first) that are a price and the count of what it buys: one
    a rate and the other not, said with one verb (the same word) that the rule file's classes
    read differently for the two, by their units ("She bought 3 books for 7 dollars each": "buy
    unless MONEY", a GET of the books; "buy if MONEY", a GIVE of the dollars). Their product
    is money paid (see :func:`pyasp.arith.inference.representative`)."""
    def verb(n: NumberInfo):
        if n.verb is None or n.verb.head < 0:
            return None
        return n.verb.head, frozenset(c for p, c in memberships.get(n.index, ()) if p == "verb")

    out = set()
    for a in info.numbers:
        for b in info.numbers[a.index:]:
            va, vb = verb(a), verb(b)
            if (va is not None and vb is not None and va[0] == vb[0] and va[1] != vb[1]
                    and (a.rate is None) != (b.rate is None)):
                out.add((a.index, b.index))
    return frozenset(out)


#: words before a number of a unit of time that say the time gone by ("How many milliliters are left
#: *after* 2 weeks?"), a span as "in one week" is
ELAPSED = frozenset({"after"})


def _span(info: ProblemInfo, n: NumberInfo) -> bool:
    """"in one week", "for 2 days", "after 2 weeks": a number of a unit of time right after a
    preposition of a span (:func:`pyasp.text.reading.after_a_span_preposition`) or of the time gone
    by (:data:`ELAPSED`). Narrower than the shared
    :func:`~pyasp.text.reading.said_as_span`, which also takes a unit that is a preposition's object
    further on: "How much did he make in *those 2 days*?", after "7 hours on Monday and 2 hours on
    Tuesday" at $5 an hour, would convert the 2 days into 48 hours (CogComp 1047)."""
    start = n.mention.start
    return n.unit is not None and n.unit.lemma in TIME_UNITS and (
        after_a_span_preposition(info.doc, start) or start > 0 and info.doc.tokens[start - 1].text.lower() in ELAPSED)


#: parts of a day: something done every morning is done once a day ("swims 250 meters every
#: morning ... in one week": 7 days)
DAILY = {"morning": "day", "afternoon": "day", "evening": "day", "night": "day"}


def time_conversions(info: ProblemInfo) -> dict[int, tuple[str, Fraction, str]]:
    """Numbers of a unit of time read in the smaller unit something is counted per ("Kayla reads
    15 pages every day. How many pages does she read in one week?": one week is 7 days; "saves 50
    cents every day for 2 weeks": 14 days), when nothing is counted per the larger unit and the
    question does not ask in it. Number -> (unit as written, factor, the unit read: "days")."""
    pers = {DAILY.get(n.rate.lemma, n.rate.lemma) for n in info.numbers if n.rate is not None}
    q = info.question
    asked = {q.unit.lemma} if q.unit is not None else set()
    out = {}
    for n in info.numbers:
        if n.unit is None or n.unit_inferred or n.rate is not None or n.unit.lemma in pers | asked:
            continue
        if n.mention.sentence == info.question_sentence and not _span(info, n):
            continue  # in the question, only a span ("in one week", "for 2 days")
        targets = [small for (large, small) in TIME_STEPS if large == n.unit.lemma and small in pers]
        if len(targets) == 1:
            out[n.index] = (n.unit.text, Fraction(TIME_STEPS[(n.unit.lemma, targets[0])]), f"{targets[0]}s")
    return out


def both_ways(info: ProblemInfo, conversions: dict[int, tuple[str, Fraction, str]]) -> dict[int, tuple[str, Fraction, str]]:
    """Amounts said of each way of a trip made there and back, read twice ("rides the train for 95
    minutes each way": 190 minutes; :func:`pyasp.text.reading.said_each_way`), after any other
    conversion of theirs ("$3.50 each way" when cents are asked). Number -> (unit as written,
    factor, the unit read)."""
    out = {}
    for n in info.numbers:
        if said_each_way(info.doc, n.mention, info.question_sentence):
            written = n.unit.text if n.unit is not None else ""
            unit, factor, target = conversions.get(n.index, (written, Fraction(1), written))
            out[n.index] = (f"{unit} each way".strip(), factor * 2, f"{target} both ways".strip())
    return out


def unit_names(info: ProblemInfo) -> ProblemInfo:
    """The problem with each unit of measure written short or otherwise ("38 *cm*", "1,200 *mL*",
    "5 *lbs*", "3 *mins*"; :func:`pyasp.text.units.lemma_of`) read by its name ("centimeters",
    "milliliters", "pounds", "minutes"), as the question or a converted number names it: one unit
    to the rules, however it is written ("A board 1 meter long ... One piece is 38 cm long. How
    many centimeters long is the other piece?": 100 centimeters and 38 centimeters). The one
    reading of unit names in the engine: :func:`unit_of` compares the lemmas it leaves."""
    def named(phrase: Phrase | None, value: Fraction) -> Phrase | None:
        if phrase is None or (lemma := _unit_lemma(phrase.lemma)) is None or lemma == phrase.lemma:
            return phrase
        word = info.doc.tokens[phrase.head].text if phrase.head >= 0 else phrase.text  # implied: as written
        name = lemma if value == 1 else _UNIT_PLURALS[lemma]
        return replace(phrase, text=re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", name, phrase.text, count=1), lemma=lemma,
                       lemmas=tuple(lemma if w == phrase.lemma else w for w in phrase.lemmas))

    def number(n: NumberInfo) -> NumberInfo:
        unit, rate = named(n.unit, n.value), named(n.rate, Fraction(1))
        return n if unit is n.unit and rate is n.rate else replace(n, unit=unit, rate=rate)

    numbers = tuple(number(n) for n in info.numbers)
    question = number(replace(info.question, value=Fraction(2)))
    if all(a is b for a, b in zip(numbers, info.numbers)) and question.unit is info.question.unit and question.rate is info.question.rate:
        return info
    return replace(info, numbers=numbers, question=replace(info.question, unit=question.unit, rate=question.rate))


def measure_conversions(info: ProblemInfo) -> dict[int, tuple[str, Fraction, str]]:
    """Numbers in another unit of one dimension (:mod:`pyasp.text.units`: length, weight,
    capacity, time; money is :func:`money_conversions`'s), read with the factor that gives them in
    the unit they are compared with: the unit the question asks ("14 inches ... 3 feet. How many
    inches did it grow?": 3 feet -> 36 inches), else the unit something is counted per ("$2 a
    foot ... 30 inches": 30 inches -> 2.5 feet), else, when the question names no unit, the unit
    all the other numbers of the dimension share (one number in another). Never between two units
    the text relates itself ("2 ounces of soap for a pound of clothes ... 9 pounds": ounces of one
    thing, pounds of another). Number -> (unit as written, factor, the unit read: "inches")."""
    units = {n.index: _unit_lemma(n.unit.lemma) for n in info.numbers if n.unit is not None and not n.unit_inferred}
    units = {i: u for i, u in units.items() if _unit_dimension(u) not in {None, "money"}}
    if not units:
        return {}
    related = units_given_per(info.doc, [(units[n.index], (n.rate.lemma if n.rate is not None else None,), n.mention.sentence)
                                         for n in info.numbers if n.index in units])

    q = info.question.unit
    asked = asked_in(info) or (_unit_lemma(q.lemma) if q is not None and q.head >= 0 else None)
    pers = {u for n in info.numbers if n.rate is not None and (u := _unit_lemma(n.rate.lemma))}
    out = {}
    for n in info.numbers:
        unit = units.get(n.index)
        if unit is None or unit == asked or _unit_dimension(unit) == "time" and _periods(info, n, units):
            continue
        if _unit_factor(unit, asked) is not None:
            target = asked
        elif _unit_dimension(unit) == "time":  # counted per a unit of time: time_conversions
            continue
        elif asked is None or _unit_dimension(asked) == "money":
            per = [p for p in pers if p != unit and _unit_factor(unit, p) is not None]
            same = [u for i, u in units.items() if i != n.index and _unit_dimension(u) == _unit_dimension(unit)]
            if len(per) == 1 and unit not in pers:
                target = per[0]
            elif asked is None and len(same) >= 2 and len(set(same)) == 1 and same[0] != unit and not pers:
                target = same[0]
            elif asked is None and q is not None and q.head >= 0 and (smaller := _smaller_unit(units, n.index)) is not None:
                target = smaller  # things counted: "pieces each 40 cm long ... 12 m long. How many pieces?": 1200 cm
            else:
                continue
        else:
            continue
        if related(unit, target) or _unit_factor(unit, target) is None:
            continue
        out[n.index] = (n.unit.text, _unit_factor(unit, target), _UNIT_PLURALS[target])
    return out


def _smaller_unit(units: dict[int, str], index: int) -> str | None:
    """The one unit the other numbers of a number's dimension share (``units``: number -> unit
    lemma), when it is a smaller unit than the number's, a whole number of it making one of the
    number's ("3 meters" and "20 cm": centimeter), else None. When the question counts things
    ("How many tiles ...?"), a number in the larger unit is read in the smaller one, as the
    measures it is divided by or compared with are said."""
    unit = units[index]
    same = {u for i, u in units.items() if i != index and _unit_dimension(u) == _unit_dimension(unit)}
    return next(iter(same)) if len(same) == 1 and whole_factor(unit, next(iter(same))) is not None else None


def asked_in(info: ProblemInfo) -> str | None:
    """The unit the question asks its answer in by "in" and the unit's name at its end ("How much
    do 6 lemons cost, *in dollars*?": dollar; :func:`pyasp.text.reading.unit_asked_in`), or None."""
    from ..text.reading import unit_asked_in

    return unit_asked_in(info.doc, info.question_sentence)


def _periods(info: ProblemInfo, n: NumberInfo, units: dict[int, str]) -> bool:
    """Whether a number of a unit of time counts the periods in each of which a smaller amount of
    time of its sentence is spent ("Benny worked 3 hours *for 6 days*", "8 hours *over 4 days*",
    "8 hours *on the first 4 days*"; :func:`pyasp.text.reading.counts_periods`, which the
    equation-tree engine reads too), of the numbers of a unit (``units``). Such days are a count,
    no amount of hours."""
    def view(m: NumberInfo) -> tuple[int, int]:
        return m.mention.start, m.unit.head if m.unit is not None else -1

    smaller = [view(m) for m in info.numbers if m.index != n.index and m.mention.sentence == n.mention.sentence
               and m.index in units and (f := _unit_factor(units[m.index], units[n.index])) is not None and f < 1]
    return counts_periods(info.doc, view(n), smaller)


#: the money units a question can ask an amount in (asked coins, "how many quarters", are counted)
VALUE_UNITS = {"dollar": "dollar", "$": "dollar", "buck": "dollar", "cent": "cent"}  # "$" only of a number
#: the units of money that are amounts (dollars, cents); the other units of CENTS are coins, counted
AMOUNTS = frozenset(VALUE_UNITS.values())
COINS = frozenset(CENTS) - AMOUNTS


def money_conversions(info: ProblemInfo) -> dict[int, tuple[str, Fraction, str]]:
    """When the question asks an amount of money in dollars or cents: the numbers of money
    written in another unit of it, with the factor that gives their value in the asked unit
    ("75 cents" -> 1/100 when dollars are asked, "7 dimes" -> 10 when cents are). The rules
    then combine amounts in one unit. A question that asks for coins ("how many quarters")
    counts them, and nothing is converted. A question that names no unit of money, in a text
    that gives amounts both in dollars and in cents ("pencils cost 25 cents each; how many can
    you buy with 2 dollars?"), has the cents converted to dollars."""
    asked = info.question.unit  # named in the question ("how many dollars"), not implied ("how much ... cost")
    units = {n.index: _money_unit(n.unit) for n in info.numbers}
    target = VALUE_UNITS.get(asked.lemma) if asked is not None and asked.head >= 0 and asked.lemma != "$" else None
    if target is None and _unit_dimension(asked_in(info)) == "money":  # "How much do 6 lemons cost, in dollars?"
        target = asked_in(info)
    if target is None and _money_unit(asked) in COINS:
        return {}  # coins asked: counted
    if target is None and AMOUNTS <= set(units.values()):
        units = {i: u if u in AMOUNTS else None for i, u in units.items()}  # coins are counted
        target = "dollar"
    if target is None:
        return {}
    # a coin whose value the text states for each coin ("each quarter is worth 25 cents": 25 cents
    # a quarter, its rate) is counted, and the rules multiply by that value: its count is not
    # converted as well ("his dimes are worth 80 cents" is a total: no rate, nothing stated)
    stated = {_money_unit(n.rate) for n in info.numbers if units[n.index] in VALUE_UNITS.values()} & set(CENTS)
    out = {}
    for n in info.numbers:
        unit = units[n.index]
        if unit in CENTS and unit != target and unit not in stated:
            out[n.index] = (n.unit.text, Fraction(CENTS[unit], CENTS[target]), f"{target}s")
    return out


def percent_conversions(info: ProblemInfo) -> dict[int, tuple[str, Fraction, str]]:
    """When the question asks its answer in percent ("What percent is the battery at now?":
    :func:`pyasp.text.reading.asks_in_percent`): the numbers written as percentages, read in
    percent ("92 percent" as 92, not the reader's 0.92), so that the rules combine them as the
    question counts ("dropped by 35 percent": 92 - 35). Not a share of a whole ("40% of them"),
    which multiplies a whole as a fraction."""
    if not asks_in_percent(info.doc, info.question_sentence):
        return {}
    return {n.index: (n.mention.text, Fraction(100), "percent") for n in info.numbers
            if n.share is None and said_in_percent(info.doc, n.mention)}


def _money_unit(phrase) -> str | None:
    """A unit (or rate) phrase as a key of CENTS when it is money ("shiny half-dollars" is
    "half-dollar"), else its lemma (or None)."""
    if phrase is None:
        return None
    if phrase.lemma == "dollar" and re.search(r"\bhalf[\s-]+dollars?\b", phrase.text.lower()):
        return "half-dollar"
    return VALUE_UNITS.get(phrase.lemma, phrase.lemma)


def unit_of(n: NumberInfo, knowledge: Knowledge) -> tuple:
    """(unit, per) of a number or the question, as the search's unit features compare them:
    head lemmas, any unit of money as "$", a unit of measure by its name however it is written
    ("cm" and "centimeters": centimeter, as :func:`unit_names` has named it); a "per" unit named
    by a pronoun or by no noun at all ("they each ate 8", "$7 each", "8 at a time") is the
    wildcard "*"."""
    def canonical(phrase):
        if phrase is None:
            return None
        return "$" if "MONEY" in knowledge.classes.unit_classes(phrase) else phrase.lemma

    per = n.rate
    if per is not None and (per.is_pronoun or per.head < 0 and per.lemma != "hour"):
        return canonical(n.unit), WILDCARD
    return canonical(n.unit), canonical(per)
