"""Units of measure the word-problem engines convert between: each unit's dimension and size.

A unit is named by its lemma ("foot", "inch", "hour"); its size is how many of its dimension's
base unit it holds (seconds, inches, ounces, cups, cents for the US units; millimetres, grams,
millilitres for the metric ones, which are a system of their own: an inch is no whole number of
millimetres, and no conversion across the two is made). Coins stay in
:data:`pyasp.text.numbers.CENTS` (a quarter is counted, not measured).

    >>> factor("foot", "inch"), factor("hour", "minute"), factor("inch", "foot"), factor("foot", "pound")
    (Fraction(12, 1), Fraction(60, 1), Fraction(1, 12), None)
    >>> dimension("pounds"), dimension("kg"), dimension("apple")
    ('weight', 'metric weight', None)
"""

from __future__ import annotations

from fractions import Fraction

#: Units by dimension: lemma -> size in the dimension's base unit. A year is 12 months and 52
#: weeks, as the engines have always read it (:func:`factor` converts it into nothing else).
DIMENSIONS: dict[str, dict[str, Fraction]] = {
    "time": {"second": Fraction(1), "minute": Fraction(60), "hour": Fraction(3600), "day": Fraction(86400),
             "week": Fraction(7 * 86400), "year": Fraction(52 * 7 * 86400), "month": Fraction(52 * 7 * 86400, 12)},
    "length": {"inch": Fraction(1), "foot": Fraction(12), "yard": Fraction(36), "mile": Fraction(63360)},
    "metric length": {"millimeter": Fraction(1), "centimeter": Fraction(10), "meter": Fraction(1000),
                      "kilometer": Fraction(1_000_000)},
    "weight": {"ounce": Fraction(1), "pound": Fraction(16)},
    "metric weight": {"gram": Fraction(1), "kilogram": Fraction(1000)},
    "capacity": {"cup": Fraction(1), "pint": Fraction(2), "quart": Fraction(4), "gallon": Fraction(16)},
    "metric capacity": {"milliliter": Fraction(1), "liter": Fraction(1000)},
    "money": {"cent": Fraction(1), "dollar": Fraction(100)},
}

#: The only units a month and a year convert into (a month is no whole number of days or weeks,
#: a year no whole number of weeks and days: 52 weeks and a day).
_CALENDAR = {"month": frozenset({"year"}), "year": frozenset({"month", "week"})}

#: Other ways a unit is written (British spellings, abbreviations, plurals spaCy may leave as
#: the lemma) -> its lemma. ("in" and "m" are left out: they are words of their own.)
SPELLINGS: dict[str, str] = {
    "sec": "second", "secs": "second", "min": "minute", "mins": "minute", "hr": "hour", "hrs": "hour",
    "yr": "year", "yrs": "year", "ft": "foot", "feet": "foot", "yd": "yard", "yds": "yard",
    "inches": "inch", "mm": "millimeter", "cm": "centimeter", "km": "kilometer",
    "millimetre": "millimeter", "centimetre": "centimeter", "metre": "meter", "kilometre": "kilometer",
    "oz": "ounce", "lb": "pound", "lbs": "pound", "g": "gram", "kg": "kilogram", "gramme": "gram",
    "kilogramme": "kilogram", "qt": "quart", "ml": "milliliter",
    "millilitre": "milliliter", "l": "liter", "litre": "liter", "cents": "cent", "dollars": "dollar",
}

#: The words that make a number given per the noun after them: "$2 *a* foot", "3 ounces of soap for *a*
#: pound of clothes", "15 pages *every* day", "$4 *per* hour", "*each* box" (the rates both engines read).
PER_WORDS = frozenset({"a", "an", "per", "each", "every"})

#: The plural of each unit, as a word problem writes it.
PLURALS: dict[str, str] = {lemma: ("feet" if lemma == "foot" else "inches" if lemma == "inch" else lemma + "s")
                           for units in DIMENSIONS.values() for lemma in units}

_DIMENSION_OF = {lemma: name for name, units in DIMENSIONS.items() for lemma in units}


def lemma_of(word: str) -> str | None:
    """The unit a word names ("feet", "Foot", "ft", "metres" -> "foot", "foot", "foot", "meter"), or None."""
    w = word.lower().rstrip(".")
    if w in _DIMENSION_OF:
        return w
    if w in SPELLINGS:
        return SPELLINGS[w]
    if w.endswith("s") and (w[:-1] in _DIMENSION_OF or w[:-1] in SPELLINGS):
        return SPELLINGS.get(w[:-1], w[:-1])
    return None


def dimension(word: str | None) -> str | None:
    """The dimension of the unit a word names ("time", "length", "metric weight", "money", ...), or None."""
    lemma = lemma_of(word) if word else None
    return _DIMENSION_OF.get(lemma) if lemma else None


def measured_alike(a: str | None, b: str | None) -> bool:
    """Whether two words name units of measure of one dimension ("meters" and "cm": a measure in one
    is compared with, divided by or cut from a measure in the other; not money).

    >>> measured_alike("meters", "cm"), measured_alike("dollar", "cents"), measured_alike("cm", "kg")
    (True, False, False)
    """
    kind = dimension(a)
    return kind not in {None, "money"} and kind == dimension(b)


def size(word: str) -> Fraction | None:
    """How many of its dimension's base unit the unit holds ("foot": 12 inches), or None."""
    lemma = lemma_of(word)
    return DIMENSIONS[_DIMENSION_OF[lemma]][lemma] if lemma else None


def factor(from_unit: str | None, to_unit: str | None) -> Fraction | None:
    """How many ``to_unit`` one ``from_unit`` is ("foot", "inch": 12; "inch", "foot": 1/12); None
    when either is no unit, they measure different dimensions, or one is a month or a year and the
    other no unit it holds a whole number of (a year is 12 months and 52 weeks, no number of days)."""
    a = lemma_of(from_unit) if from_unit else None
    b = lemma_of(to_unit) if to_unit else None
    if a is None or b is None or _DIMENSION_OF[a] != _DIMENSION_OF[b]:
        return None
    if a != b and (b not in _CALENDAR.get(a, {b}) or a not in _CALENDAR.get(b, {a})):
        return None
    units = DIMENSIONS[_DIMENSION_OF[a]]
    return units[a] / units[b]


def whole_factor(larger: str | None, smaller: str | None) -> int | None:
    """How many ``smaller`` make one ``larger`` when that is a whole number above 1 ("foot", "inch":
    12; "mile", "foot": 5280), else None ("inch", "foot"; "foot", "pound")."""
    value = factor(larger, smaller)
    return int(value) if value is not None and value.denominator == 1 and value > 1 else None


#: The steps of a clock and a week: minutes and hours, hours and days, days and weeks, (larger,
#: smaller). The equation-tree engine relates these whenever a text names both units, or one as a
#: rate ("8 hours a day ... in a week"); it relates the other :data:`TIME_STEPS` only as it relates
#: any two units of one dimension, when numbers name both (a rate alone would otherwise add "168
#: hours per week" to "8 hours a day and 5 days a week").
CLOCK_STEPS: tuple[tuple[str, str], ...] = (("hour", "minute"), ("day", "hour"), ("week", "day"))

#: Units of time a word problem counts one in the other by: (larger, smaller) -> how many of the
#: smaller make one larger. The arithmetic engine reads a number of the larger in the smaller when
#: something is counted per the smaller ("15 pages every day ... in one week": 7 days).
TIME_STEPS: dict[tuple[str, str], int] = {(large, small): whole_factor(large, small) for large, small in (
    CLOCK_STEPS + (("minute", "second"), ("year", "month"), ("year", "week"), ("week", "hour")))}


def is_length_unit(word: str) -> bool:
    """Whether a word names a unit of length: a linear unit in WordNet (inch, foot, centimeter, mile,
    ...; wider than the "length" dimension of :data:`DIMENSIONS`), which both engines read as a
    length ("square *inches*" names a unit of area, not a square; an area asked is a length times
    itself)."""
    from .lexical import is_hyponym  # WordNet, loaded when first asked

    return is_hyponym(word, "linear_unit")


def units_of(dim: str) -> tuple[str, ...]:
    """The units of a dimension, smallest first."""
    units = DIMENSIONS.get(dim, {})
    return tuple(sorted(units, key=units.__getitem__))


def all_spellings() -> dict[str, str]:
    """Every written form of every unit (lemma, plural, other spellings) -> its lemma."""
    out = {lemma: lemma for lemma in _DIMENSION_OF}
    out.update({plural: lemma for lemma, plural in PLURALS.items()})
    out.update(SPELLINGS)
    out.update({word + "s": lemma for word, lemma in SPELLINGS.items() if len(word) > 2 and not word.endswith("s") and word != "feet"})
    return out
