"""Class membership of a number's properties, from the classes of a rule file.

A verb belongs to the verbs class that lists its lemma (an entry may carry ``if MONEY`` /
``unless MONEY``: it counts only when the number's unit is, or is not, in that units class);
a verb no class lists goes to the class of its most similar seed verb (Lin similarity over
WordNet, :func:`pyasp.text.lexical.closest_category`), as the paper extends its seed lists. A
unit or rate belongs to the units class listing its head word; a math term to the math class
listing the phrase.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..text.lexical import base_forms, can_be_motion, closest_category, closest_seed
from .properties import NumberInfo, Phrase

#: a verb no class lists joins the closest class only if its best seed is at least this similar
MIN_VERB_SIMILARITY = 0.2


#: the verbs of the rule file that say what a place does with things that move themselves away
#: from it or to it ("24 cars drove away": the lot is left; "11 cars came in": they arrive), by
#: the particle of their verb of motion (:meth:`ClassIndex.memberships`)
LEAVING, ARRIVING = "leave", "arrive"
#: the verb of the rule file that says what a subject does with the things it goes with ("left the
#: dock with 146 passengers": has them)
HAVING = "have"
PATHS = {"away": LEAVING, "off": LEAVING, "out": LEAVING, "in": ARRIVING, "on": ARRIVING, "aboard": ARRIVING}


@dataclass(frozen=True)
class Entry:
    words: tuple[str, ...]
    qualifier: str | None = None  # "if" / "unless"
    qualifier_class: str | None = None


@dataclass(frozen=True)
class ClassIndex:
    """The classes of a rule file, by kind: ``{"verbs": {"HAVE": (Entry, ...)}, ...}``."""

    kinds: tuple[tuple[str, tuple[tuple[str, tuple[Entry, ...]], ...]], ...]

    @classmethod
    def from_mapping(cls, classes: dict[str, tuple[str, list[Entry]]]) -> ClassIndex:
        by_kind: dict[str, list[tuple[str, tuple[Entry, ...]]]] = {}
        for name, (kind, entries) in classes.items():
            by_kind.setdefault(kind, []).append((name, tuple(entries)))
        return cls(tuple((k, tuple(v)) for k, v in by_kind.items()))

    def of_kind(self, kind: str) -> tuple[tuple[str, tuple[Entry, ...]], ...]:
        return next((v for k, v in self.kinds if k == kind), ())

    def math_terms(self) -> tuple[tuple[str, ...], ...]:
        """Every math phrase, longest first (so "more than" wins over "more")."""
        terms = {e.words for _, entries in self.of_kind("math") for e in entries}
        return tuple(sorted(terms, key=lambda t: (-len(t), t)))

    # -- membership -----------------------------------------------------------------------------
    def unit_classes(self, phrase: Phrase | None) -> tuple[str, ...]:
        if phrase is None:
            return ()
        words = {phrase.lemma, phrase.text.lower()}
        return tuple(name for name, entries in self.of_kind("units") if any(" ".join(e.words) in words for e in entries))

    def _qualified(self, entry: Entry, unit_classes: tuple[str, ...]) -> bool:
        if entry.qualifier is None:
            return True
        inside = entry.qualifier_class in unit_classes
        return inside if entry.qualifier == "if" else not inside

    def verb_classes(self, verb: Phrase | None, unit: Phrase | None) -> tuple[str, ...]:
        if verb is None:
            return ()
        units = self.unit_classes(unit)
        listed = [name for name, entries in self.of_kind("verbs")
                  if any(e.words == (verb.lemma,) and self._qualified(e, units) for e in entries)]
        if listed:
            return tuple(listed)
        return _closest(verb.lemma, self._seeds(units))

    def _seeds(self, units: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return tuple((name, tuple(" ".join(e.words) for e in entries if self._qualified(e, units) and len(e.words) == 1))
                     for name, entries in self.of_kind("verbs"))

    def explain_verb(self, lemma: str, unit: str | None = None) -> dict:
        """Which verbs class a verb lemma joins and why, as :meth:`verb_classes` decides:
        ``{"verb", "classes", "how": "listed" | "closest" | "none", "seed", "similarity"}``
        (``seed`` and ``similarity`` for "closest" and "none": the most similar seed verb of any
        class). ``unit`` is the number's unit word, for entries with ``if`` / ``unless``."""
        # the unit as typed ("dollars") and its base forms ("dollar"), as the reader lemmatises it
        forms = sorted({unit} | set(base_forms(unit))) if unit else []
        units = tuple(dict.fromkeys(c for form in forms for c in self.unit_classes(Phrase(form, form, -1))))
        listed = [name for name, entries in self.of_kind("verbs")
                  if any(e.words == (lemma,) and self._qualified(e, units) for e in entries)]
        if listed:
            return {"verb": lemma, "classes": listed, "how": "listed", "seed": lemma, "similarity": 1.0}
        if lemma in {"do", "be"}:
            return {"verb": lemma, "classes": [], "how": "none", "seed": "", "similarity": 0.0}
        name, seed, score = closest_seed(lemma, dict(self._seeds(units)))
        joined = bool(name) and score >= MIN_VERB_SIMILARITY
        return {"verb": lemma, "classes": [name] if joined else [], "how": "closest" if joined else "none",
                "seed": seed, "similarity": round(score, 4)}

    def _moving(self, number: NumberInfo) -> Phrase | None:
        """For things that move themselves along a path ("9 students got off", "24 cars drove
        away", "11 more cars came in": the subject of an active verb that can be one of motion in
        WordNet is what the number counts; not "17 students try out", "9 inches were cut off"),
        the verb that says what the place they were at or come to does with them: they leave it
        (:data:`LEAVING`, particles away, off, out) or arrive (:data:`ARRIVING`, in, on,
        aboard), whatever the verb of motion; else None."""
        verb, subj, unit = number.verb, number.subj, number.unit
        if (verb is None or not verb.particle or subj is None or unit is None
                or subj.lemma != unit.lemma and subj.head != number.mention.head  # "and 25 got on": the 25 itself
                or number.passive or not can_be_motion(verb.lemma)):
            return None
        said = PATHS.get(verb.particle)
        return Phrase(said, said, -1, (said,)) if said is not None else None

    @staticmethod
    def _carried(number: NumberInfo) -> Phrase | None:
        """For things a subject has with it as it moves ("A ferry left the dock with 146
        passengers": :attr:`NumberInfo.carried`), the verb of a state, "have" (:data:`HAVING`)."""
        return Phrase(HAVING, HAVING, -1, (HAVING,)) if number.carried else None

    def moving(self, number: NumberInfo) -> str | None:
        """Whether the things a number counts move themselves away from the place they were at
        (:data:`LEAVING`) or to it (:data:`ARRIVING`), by the particle of their verb of motion
        ("9 students got off", "11 cars came in": see :meth:`_moving`), else None."""
        said = self._moving(number)
        return said.lemma if said is not None else None

    def math_classes(self, term: Phrase | None) -> tuple[str, ...]:
        if term is None:
            return ()
        words = tuple(term.lemmas)
        return tuple(name for name, entries in self.of_kind("math") if any(e.words == words for e in entries))

    def memberships(self, number: NumberInfo) -> list[tuple[str, str]]:
        """(property, class) pairs that hold for ``number``."""
        out = [("verb", c) for c in self.verb_classes(self._carried(number) or self._moving(number) or number.verb, number.unit)]
        out += [("unit", c) for c in self.unit_classes(number.unit)]
        out += [("rate", c) for c in self.unit_classes(number.rate)]
        out += [("math", c) for c in self.math_classes(number.math)]
        return out


@lru_cache(maxsize=4096)
def _closest(lemma: str, seeds: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[str, ...]:
    if lemma in {"do", "be"}:
        return ()
    name, score = closest_category(lemma, dict(seeds))
    return (name,) if name and score >= MIN_VERB_SIMILARITY else ()
