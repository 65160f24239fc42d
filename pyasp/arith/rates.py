"""Read: which numbers are rates ("5 dollars *per hour*", "3 on *each* page", "boxes that *can
hold* 10"), and whether the question asks for one ("how many will *each* friend get").

The reader (:mod:`pyasp.arith.properties`) proposes a Rate component from the dependency parse
(the patterns of the paper: "per", "each", "every", "a"/"an", "N of M X", ...). The small parser
misses many and mistakes some, so whether a number is a rate is decided here by a logistic
regression over *rate evidence*: named cues that fire on the text around the number (surface
patterns, robust to parse errors), the parse reader's own verdict, and the words of the window.
The regression is learned from the rate annotations of the training problems (the CogComp
records' ``rates`` field: the indices of the numbers that are rates, ``-1`` for the question),
as the paper learned from them; prediction reads only the text. Without a learned model the
parse reader's verdict stands.

Decisions become the ``rate`` property of each number: the reader's phrase when it found one,
else the noun the cue names ("on each *page*", "at a *time*"), else a generic phrase.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import malformed
from ..text.reading import after_each_of
from ..text.units import dimension as unit_dimension, measured_alike
from .properties import NumberInfo, Phrase, ProblemInfo

EACH = frozenset({"each", "every", "per"})
#: words read as another: "apiece" ends an amount as "each" does ("$4 apiece" is "$4 each")
SAME_AS = {"apiece": "each"}
ARTICLES = frozenset({"a", "an"})
CAPACITY_VERBS = frozenset({"hold", "contain", "fit", "carry", "seat", "wash", "take", "store", "bake", "make", "read", "type", "run", "swim", "walk"})
MODALS = frozenset({"can", "could", "will", "would", "may", "might"})
SPEED_UNITS = frozenset({"mph", "kph", "km/h", "mi/h"})
TIME_WORDS = frozenset({"second", "minute", "hour", "day", "week", "month", "year", "night", "morning", "evening", "afternoon", "weekend"})
BOUNDARIES = frozenset({".", "?", "!", ";", ",", "and", "but", "if", "then", "so", "while", "when"})
#: cues that by themselves say "a rate" in most texts (the learned weights still decide)
STRONG = ("per_after", "every_after", "each_ends_clause", "at_a_time", "prep_a_noun_after", "a_after_unit",
          "of_plural_owner", "modal_capacity", "takes_to", "speed_unit", "to_verb_a_noun", "time_per_time")
WINDOW = (-4, 5)  # token offsets around the number whose words are evidence
GENERIC = "unit"  # the rate phrase when no noun is named ("$7 each", "how fast")


def _phrase(tok) -> Phrase:
    return Phrase(tok.text, tok.lemma.lower(), tok.i, (tok.lemma.lower(),))


def _generic(word: str = GENERIC) -> Phrase:
    return Phrase(word, word, -1, (word,))


def _clause_bounds(info: ProblemInfo, start: int, end: int) -> tuple[int, int]:
    """The tokens around [start, end) up to a clause boundary (punctuation, and, but, if ...)."""
    s, e = info.doc.sentences[info.doc.tokens[start].sentence]
    toks = info.doc.tokens
    lo = start
    while lo > s and toks[lo - 1].lemma.lower() not in BOUNDARIES:
        lo -= 1
    hi = end
    while hi < e and toks[hi].lemma.lower() not in BOUNDARIES:
        hi += 1
    return lo, hi


def _noun_after(info: ProblemInfo, i: int, end: int, limit: int = 4):
    for t in info.doc.tokens[i + 1 : min(end, i + 1 + limit)]:
        if t.pos in {"NOUN", "PROPN"}:
            return t
        if t.pos in {"VERB", "AUX", "PUNCT", "CCONJ", "SCONJ"}:
            return None
    return None


def number_evidence(info: ProblemInfo, n: NumberInfo) -> tuple[dict[str, float], Phrase | None]:
    """Rate evidence for one number, and the noun a cue names as its "per" unit (if any)."""
    doc, m = info.doc, n.mention
    toks = doc.tokens
    s, e = doc.sentences[m.sentence]
    lo, hi = _clause_bounds(info, m.start, m.end)
    words = [SAME_AS.get(w, w) for w in (t.lemma.lower() for t in toks)]
    f: dict[str, float] = {"bias": 1.0}
    named = None
    if n.rate is not None:
        f["reader_rate"] = 1.0
        named = n.rate
    # words around the number, by offset and as a bag
    for off in range(WINDOW[0], WINDOW[1] + 1):
        if off == 0:
            continue
        j = m.start + off if off < 0 else m.end - 1 + off
        if s <= j < e:
            f[f"w{off:+d}={words[j]}"] = 1.0
            f[f"t{off:+d}={toks[j].tag}"] = 1.0
    # each / every / per in the number's clause, after it or before it; after it, only up to the
    # next number: "buys 6 glasses at $7 apiece", "bought 3 books for 7 dollars each" say "each"
    # of the price, not of the count before it
    later = min((o.mention.start for o in info.numbers if o.mention.sentence == m.sentence and o.mention.start >= m.end),
                default=hi)
    for j in range(m.end, hi):
        w = words[j]
        if w in EACH and j < later:
            f[f"{w}_after"] = 1.0
            nxt = _noun_after(info, j, hi, 3)
            if nxt is not None:
                named = named or _phrase(nxt)
                f["each_noun_after"] = 1.0
            elif j == hi - 1 or words[j + 1] in BOUNDARIES:
                f["each_ends_clause"] = 1.0  # "$7 each", "3 heart biscuits each"
        if w in ARTICLES and j > m.end and words[j - 1] in {"in", "on", "per", "into", "inside", "for"}:
            nxt = _noun_after(info, j, hi, 3)
            if nxt is not None and (n.unit is None or nxt.lemma.lower() != n.unit.lemma):
                f["prep_a_noun_after"] = 1.0  # "10 stickers on a page"
                named = named or _phrase(nxt)
        if w == "time" and j >= 2 and words[j - 1] == "a" and words[j - 2] == "at":
            f["at_a_time"] = 1.0
            named = named or _generic("time")
    for j in range(lo, m.start):
        if words[j] in EACH:
            f[f"{words[j]}_before"] = 1.0
            nxt = _noun_after(info, j, m.start, 3)
            if nxt is None and j + 2 < m.start and words[j + 1] == "of":  # "each of the shelves"
                nxt = _noun_after(info, j + 1, m.start, 3)
            if nxt is not None:
                named = named or _phrase(nxt)
    if any(words[j] in EACH for j in range(s, e)):
        f["each_in_sentence"] = 1.0
    # "Each album ... had 7 songs", "They each ate 8 pieces": the subject is counted per item
    if n.subj is not None and n.subj.head >= 0:
        subj = toks[n.subj.head]
        of = toks[subj.head]
        if subj.dep == "pobj" and of.text.lower() == "of" and toks[of.head].lemma.lower() in EACH and of.head < subj.i:
            subj = toks[of.head]  # "Each of 7 students" (the subject read as the students): each
        near = words[max(s, subj.i - 2) : subj.i] + words[subj.i + 1 : min(e, subj.i + 2)]
        if subj.lemma.lower() in EACH or any(w in EACH for w in near):
            f["subject_each"] = 1.0
            if subj.lemma.lower() not in EACH:
                named = named or n.subj
    # "56 books in each of his 9 shelves": the number after "each of" counts the items, the
    # one before it is the rate
    if any(words[j] == "each" and words[j + 1] == "of" for j in range(max(s, m.start - 4), m.start - 1)):
        f["after_each_of"] = 1.0
    # "to make a tee-shirt", "to wash a pound of clothes": per one thing made or used
    for j in range(m.end, min(hi + 6, e) - 2):
        if words[j] == "to" and toks[j + 1].pos == "VERB" and words[j + 2] in ARTICLES | {"1", "one"}:
            nxt = _noun_after(info, j + 2, e, 3)
            if nxt is not None:
                f["to_verb_a_noun"] = 1.0
                named = named or _phrase(nxt)
            break
    # "an ice cream cone for 99 cents", "earns $46 cleaning a home": a price of one thing
    if m.kind == "money" or (n.unit is not None and n.unit.lemma in {"cent", "dollar", "penny"}):
        for j in range(max(s, m.start - 6), min(e, hi + 4)):
            if words[j] in ARTICLES and not (j + 1 < e and words[j + 1] in {"total", "sale", "bill"}):
                nxt = _noun_after(info, j, e, 4)
                if nxt is not None and nxt.lemma.lower() not in {"total", "bill", "sale"}:
                    f["price_of_a_thing"] = 1.0
                    named = named or _phrase(nxt)
                    break
    # "3 hours for 6 days", "8 hours on the first 4 days": time per time
    if n.unit is not None and n.unit.lemma in TIME_WORDS:
        for other in info.numbers:
            if (other.mention.sentence == m.sentence and other.mention.start > m.end and other.unit is not None
                    and other.unit.lemma in TIME_WORDS and other.unit.lemma != n.unit.lemma
                    and any(words[j] in {"for", "on", "in", "over"} for j in range(m.end, other.mention.start))):
                f["time_per_time"] = 1.0
                named = named or other.unit
    # the unit right after the number, then "a"/"an" ("$2 a pound")
    after_unit = (n.unit.head + 1) if n.unit is not None and n.unit.head > m.start else m.end
    if after_unit < e and words[after_unit] in ARTICLES:
        f["a_after_unit"] = 1.0
        nxt = _noun_after(info, after_unit, e, 3)
        if nxt is not None:
            named = named or _phrase(nxt)
    # "packages of 6" (a plural owner: a rate) against "a box of 479 crayons" (a container)
    j = m.start - 1
    if j - 1 >= s and words[j] == "of":
        owner = toks[j - 1]
        if owner.lemma.lower() == "total":
            f["of_total"] = 1.0  # "a total of 13 games" names no container
        else:
            f["of_plural_owner" if owner.tag in {"NNS", "NNPS"} else "of_singular_owner"] = 1.0
        if owner.tag in {"NNS", "NNPS"}:
            named = named or _phrase(owner)
    # "can hold 6 flowers", "could only carry 4 trays"
    before = words[max(lo, m.start - 4) : m.start]
    if any(w in MODALS for w in before) and any(w in CAPACITY_VERBS for w in before):
        f["modal_capacity"] = 1.0
    if n.verb is not None and n.verb.lemma in CAPACITY_VERBS:
        f["capacity_verb"] = 1.0
    # "It takes 4 apples to make 1 pie"
    if any(w == "take" for w in words[max(s, m.start - 3) : m.start]) and "to" in words[m.end : hi + 3]:
        f["takes_to"] = 1.0
    # "6 dollar toys", "5 dollar bills": the number and its unit modify another noun
    if n.unit is not None and n.unit.head >= 0 and toks[n.unit.head].dep == "compound":
        f["unit_is_modifier"] = 1.0
        owner = toks[toks[n.unit.head].head]
        if owner.pos == "NOUN":
            named = named or _phrase(owner)
    if n.unit is not None and n.unit.lemma in SPEED_UNITS:
        f["speed_unit"] = 1.0
        named = named or _generic("hour")
    if n.unit is not None:
        f[f"unit={n.unit.lemma}"] = 1.0
        if n.unit.lemma in TIME_WORDS:
            f["time_unit"] = 1.0
    # another number of value 1 in the sentence ("7 minutes to bake 1 pan")
    for other in info.numbers:
        if other.mention.sentence == m.sentence and other.value == 1 and other.index != n.index:
            f["one_in_sentence"] = 1.0
            if other.unit is not None and (n.unit is None or other.unit.lemma != n.unit.lemma):
                named = named or other.unit
    if n.value == 1:
        f["value_one"] = 1.0
    if m.kind == "money":
        f["money"] = 1.0
    if n.verb is not None:
        f[f"verb={n.verb.lemma}"] = 1.0
        if n.verb.head >= 0 and toks[n.verb.head].tag in {"VBZ", "VBP"}:
            f["present_tense"] = 1.0
    first = words[s] if s < e else ""
    if first in ARTICLES | EACH:
        f[f"sentence_starts_{first}"] = 1.0
    if first == "if":
        f["if_sentence"] = 1.0
    if m.sentence == info.question_sentence:
        f["in_question"] = 1.0
    # the noun the number would be counted per is what another number (or the question) counts:
    # "A bee has 6 legs. How many legs do 2 bees have?"
    if named is not None:
        counted = {o.unit.lemma for o in info.numbers if o.index != n.index and o.unit is not None and not o.unit_inferred}
        if info.question.unit is not None:
            counted.add(info.question.unit.lemma)
        if named.lemma in counted:
            f["named_is_counted"] = 1.0
    if "subject_each" in f or "each_noun_after" in f or any(k in f for k in STRONG):
        f["strong_cue"] = 1.0
    return f, named


def question_evidence(info: ProblemInfo) -> tuple[dict[str, float], Phrase | None]:
    """Rate evidence for the question: does it ask for a quantity per something?"""
    doc = info.doc
    if not doc.sentences:
        return {"bias": 1.0}, None
    s, e = doc.sentences[info.question_sentence]
    toks = doc.tokens
    words = [SAME_AS.get(w, w) for w in (t.lemma.lower() for t in toks)]
    f: dict[str, float] = {"bias": 1.0}
    q = info.question
    named = q.rate
    if q.rate is not None:
        f["reader_rate"] = 1.0
    # the asking clause: from "how"/"what" to the end, or to an "if" clause that follows it
    ask = next((j for j in range(s, e) if words[j] in {"how", "what", "find"}), s)
    stop = next((j for j in range(ask + 1, e) if words[j] == "if"), e)
    for j in range(ask, stop):
        w = words[j]
        if w in EACH:
            f[f"ask_{w}"] = 1.0
        if w in ARTICLES and j > ask and words[j - 1] not in {"for", "of", "with"} and toks[j + 1 if j + 1 < e else j].pos == "NOUN" and j + 2 <= stop and words[j + 1] in TIME_WORDS:
            f["ask_a_time"] = 1.0  # "how many games are played a month"
            named = named or _phrase(toks[j + 1])
    for j in range(s, e):
        w = words[j]
        if w in EACH and ask <= j < stop:
            nxt = _noun_after(info, j, e, 3)
            if nxt is None and j + 2 < e and words[j + 1] == "of":  # "each of the small loads"
                nxt = _noun_after(info, j + 1, e, 4)
            if nxt is not None and nxt.lemma.lower() not in {"they", "them"}:
                named = named or _phrase(nxt)
                f["each_noun"] = 1.0
            else:
                f["each_alone"] = 1.0  # "how many will each get"
                named = named or _generic("each")
        if w == "how" and j + 1 < e and words[j + 1] in {"fast", "quickly"}:
            f["how_fast"] = 1.0
            named = named or _generic("hour")
        if w in {"equal", "equally", "evenly", "same"}:
            f["equal"] = 1.0
            if j + 1 < e and words[j + 1] == "number" or w in {"equally", "evenly"}:
                f["equal_share"] = 1.0
    for other in info.numbers:
        if other.mention.sentence == info.question_sentence and other.value == 1 and other.mention.start > ask:
            f["one_in_question"] = 1.0  # "to make 1 loaf"
            if other.unit is not None:
                named = named or other.unit
    if q.unit is not None:
        f[f"unit={q.unit.lemma}"] = 1.0
    if any(k in f for k in ("how_fast", "ask_per", "ask_every", "ask_a_time", "equal_share", "one_in_question", "each_noun", "each_alone")):
        f["strong_cue"] = 1.0
    return f, named


@dataclass
class RateModel:
    """Two logistic regressions (numbers, question) over rate evidence; ``fit`` on evidence
    dicts and 0/1 labels, ``predict`` gives the rate decisions of a problem."""

    C: float = 1.0
    threshold: float = 0.3  # recall first: a missed rate removes the ×/÷ derivations, an extra one only adds options
    number_weights_: dict[str, float] = field(default_factory=dict)
    question_weights_: dict[str, float] = field(default_factory=dict)

    def fit(self, numbers: list[dict[str, float]], number_labels: list[bool],
            questions: list[dict[str, float]], question_labels: list[bool]) -> RateModel:
        self.number_weights_ = logistic_weights(numbers, number_labels, self.C)
        self.question_weights_ = logistic_weights(questions, question_labels, self.C)
        return self

    @staticmethod
    def _score(weights: dict[str, float], features: dict[str, float]) -> float:
        z = sum(weights.get(k, 0.0) * v for k, v in features.items())
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    def number_probability(self, features: dict[str, float]) -> float:
        return self._score(self.number_weights_, features)

    def question_probability(self, features: dict[str, float]) -> float:
        return self._score(self.question_weights_, features)

    def to_json(self) -> dict:
        return {"C": self.C, "threshold": self.threshold,
                "numbers": dict(sorted(self.number_weights_.items())),
                "question": dict(sorted(self.question_weights_.items()))}

    @classmethod
    def from_json(cls, data: object, source: str = "model") -> RateModel:
        try:
            model = cls(float(data["C"]), float(data["threshold"]))
            model.number_weights_ = {str(k): float(v) for k, v in data["numbers"].items()}
            model.question_weights_ = {str(k): float(v) for k, v in data["question"].items()}
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise malformed(f"{source} (its rate model)", err) from None
        return model


def logistic_weights(rows: list[dict[str, float]], labels: list[bool], C: float = 1.0) -> dict[str, float]:
    """Weights by feature name of an L2 logistic regression (the intercept is the "bias"
    feature every row carries)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    y = np.array(labels, dtype=bool)
    if not rows or y.all() or not y.any():
        bias = 10.0 if (rows and y.all()) else -10.0
        return {"bias": bias}
    vec = DictVectorizer()
    X = vec.fit_transform(rows)
    clf = LogisticRegression(C=C, fit_intercept=False, max_iter=5000).fit(X, y)
    return {name: float(w) for name, w in zip(vec.get_feature_names_out(), clf.coef_[0]) if abs(w) > 1e-9}


def annotated_rates(record_rates: object, record_quants: object, info: ProblemInfo) -> set[int] | None:
    """The rate labels of a problem from its record (``rates``: 0-based indices of the numbers
    in ``quants``, -1 for the question), as 1-based number indices and 0 for the question; None
    when the record has none or its numbers are not the ones read from the text."""
    if not isinstance(record_rates, list) or not isinstance(record_quants, list):
        return None
    values = [float(n.value) for n in info.numbers]
    try:
        quants = [float(q) for q in record_quants]
    except (TypeError, ValueError):
        return None
    if len(quants) != len(values) or any(abs(a - b) > 1e-6 * max(1.0, abs(a)) for a, b in zip(quants, values)):
        return None
    out = set()
    for i in record_rates:
        if not isinstance(i, int) or i >= len(values) or i < -1:
            return None
        out.add(0 if i == -1 else i + 1)
    return out


def decide(info: ProblemInfo, model: RateModel | None = None, labels: set[int] | None = None) -> ProblemInfo:
    """The problem with each number's (and the question's) Rate set by ``labels`` (1-based
    number indices, 0 for the question) when given, else by ``model``, else left as read."""
    if labels is None and model is None:
        return info
    numbers = []
    for n in info.numbers:
        f, named = number_evidence(info, n)
        rate = labels is not None and n.index in labels if labels is not None else model.number_probability(f) >= model.threshold
        if labels is None and rate and (_own_unit(n, n.rate or named) or _anothers(info, n, named)
                                        or after_each_of(info.doc, n.mention.start) or _numbered(info, n, n.rate or named)):
            # "Three friends each picked 14 pumpkins": the friends are what the 14 is counted
            # per; 3 friends per friend is no rate. "packs 45 cookies into bags with 5 cookies in
            # each bag": the reader says "each bag" of the 5, and not of the 45. "Each of the 7
            # hikers packed 3 granola bars": the 7 counts the hikers the 3 is per (no CogComp
            # annotation calls a number after "each of" a rate; the model's weight alone does not
            # keep it below the threshold when "each" cues the sentence)
            rate = False
        if labels is None and not rate and "of_plural_owner" in f and _groups_counted(info, n, named):
            rate = True
        numbers.append(_with_rate(n, rate, named))
    if labels is None:
        numbers = [_with_rate(n, False, None) if _split_whole(info, n, numbers) else n for n in numbers]
    f, named = question_evidence(info)
    rate = 0 in labels if labels is not None else model.question_probability(f) >= model.threshold
    return dataclasses.replace(info, numbers=tuple(numbers), question=_with_rate(info.question, rate, named))


def _groups_counted(info: ProblemInfo, n: NumberInfo, named: Phrase | None) -> bool:
    """Whether a number said of groups ("They form teams of 4 students") counts its things per
    group because the groups count: the question asks them ("How many teams ...?") or another
    number is counted per them, as the reader reads it ("The coach gives each team 2 balls")."""
    if named is None or n.unit is None or n.unit_inferred or named.lemma == n.unit.lemma:
        return False
    q = info.question.unit
    return ((q is not None and q.lemma == named.lemma)
            or any(o.index != n.index and o.rate is not None and o.rate.lemma == named.lemma for o in info.numbers))


def _split_whole(info: ProblemInfo, n: NumberInfo, numbers: list[NumberInfo]) -> bool:
    """Whether a number read as a rate is the whole that groups are made of: another number of
    its sentence, said later as groups "of" it, counts the same things per group, and the groups
    are what the question asks or what a third number is counted per ("A class of 30 students is
    split into teams of 5 students each. How many teams are there?", "... Each team gets 3
    balls": the 30 students make 30 / 5 teams, whatever the class they are per), or, a measure
    in a unit of the same dimension, counts per the pieces the question asks ("A rope 12 m long
    is cut into pieces that are each 40 cm long. How many pieces are there?": the rope is no rate).
    Decided after the rate model."""
    if n.rate is None or n.unit is None:
        return False
    asked = info.question.unit.lemma if info.question.unit is not None else None
    for o in numbers:
        measured = o.unit is not None and o.unit.lemma != n.unit.lemma and measured_alike(o.unit.lemma, n.unit.lemma)
        if (o.index <= n.index or o.rate is None or o.unit is None or o.unit.lemma != n.unit.lemma and not measured
                or o.mention.sentence != n.mention.sentence or o.rate.lemma == n.rate.lemma):
            continue
        group = o.rate.lemma
        if measured and group == asked:
            return True  # the pieces asked, each a measure: "A rope 12 m long is cut into pieces that are each 40 cm long"
        if not (o.rate.head >= 0 and o.mention.start == o.rate.head + 2
                and info.doc.tokens[o.rate.head + 1].text.lower() == "of"):
            continue  # the groups said with the size of each: "teams of 5 students"
        if group == asked or any(x.rate is not None and x.rate.lemma == group and x.unit is not None
                                 and x.unit.lemma != n.unit.lemma for x in numbers if x.index not in (n.index, o.index)):
            return True
    return False


def _own_unit(n: NumberInfo, per: Phrase | None) -> bool:
    """Whether the "per" unit a cue names for a number is the number's own unit (read, not
    borrowed): "3 friends" per friend, "3 buckets" per bucket."""
    return per is not None and n.unit is not None and not n.unit_inferred and per.lemma == n.unit.lemma


def _numbered(info: ProblemInfo, n: NumberInfo, per: Phrase | None) -> bool:
    """Whether the "per" unit of a number is the unit another number joins with a hyphen, a measure
    of a thing ("A 1-*hour* swim lesson spends 15 minutes on warm-up": the 15 minutes are a part of
    the one hour, not per hour), a unit of measure (not "one-*bedroom* apartments"). Not a count of
    periods ("Rosa studied 2 hours for 5 *days*": 2 hours a day)."""
    toks = info.doc.tokens
    return per is not None and per.head > 0 and toks[per.head - 1].text == "-" and unit_dimension(per.lemma) not in {None, "money"} and any(
        o.index != n.index and o.unit is not None and not o.unit_inferred and o.unit.head == per.head for o in info.numbers)


def _anothers(info: ProblemInfo, n: NumberInfo, named: Phrase | None) -> bool:
    """Whether the "per" unit a cue names for a number that the reader gives none is what the
    reader counts another number of the sentence per (the same word: "45 cookies into bags with
    5 cookies in each bag": bag, the 5's)."""
    return (n.rate is None and named is not None and named.head >= 0
            and any(o.index != n.index and o.mention.sentence == n.mention.sentence and o.rate is not None
                    and o.rate.head == named.head for o in info.numbers))


def _with_rate(n: NumberInfo, rate: bool, named: Phrase | None) -> NumberInfo:
    if not rate:
        return dataclasses.replace(n, rate=None) if n.rate is not None else n
    if n.rate is not None:
        return n
    return dataclasses.replace(n, rate=named or _generic())
