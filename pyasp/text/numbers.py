"""Numbers as written in word problems: digits, decimals, thousands separators, money, words.

Pure functions over strings, no parser: the spaCy reading (:mod:`pyasp.text.reading`) decides
which tokens to hand in.

    >>> parse_number("1,200"), parse_number("$2.73"), parse_number("twenty-five"), parse_number("3/4")
    (Fraction(1200, 1), Fraction(273, 100), Fraction(25, 1), Fraction(3, 4))
"""

from __future__ import annotations

import re
from fractions import Fraction

from .units import DIMENSIONS

_MONEY = DIMENSIONS["money"]

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
#: Words that name a number on their own.
NAMED = {"dozen": 12, "half": Fraction(1, 2), "twice": 2, "double": 2, "triple": 3}
#: Coin and money units (lemmas), in cents (the amounts, cent and dollar, as :mod:`pyasp.text.units`
#: measures money; the coins are counted, and only here).
CENTS = {"penny": 1, "cent": int(_MONEY["cent"]), "nickel": 5, "dime": 10, "quarter": 25, "half-dollar": 50,
         "dollar": int(_MONEY["dollar"])}
#: Determiners that ALGES reads as the quantity 1 ("7 dollars *an* hour", "*each* box").
DETERMINERS = {"a": 1, "an": 1, "each": 1, "every": 1, "per": 1, "one": 1}

_DIGITS = re.compile(r"^[$€£]?\s*([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[+-]?\.\d+)%?$")
#: a common fraction, "1/2" (a zero denominator is not a number)
_FRACTION = re.compile(r"^([+-]?\d+)/(\d*[1-9]\d*)$")


#: how close a float's 16 or 17 digits come to the fraction they stand for (relative)
FLOAT_DIGITS = Fraction(1, 10**15)


def number_text(value: Fraction) -> str:
    """A number as both engines write it in an expression or equation (and its explanations): an
    integer, an exact decimal of at most 6 places, else the fraction in parentheses, so that it
    stays one operand ("12/(1/3)"), whatever the text said ("eight", "$4.50", "1,200", "a third").
    A float's digits of a short fraction ("0.16666666666666666 mile", as CogComp writes a sixth) are
    that fraction, not one over 10**17.

    >>> number_text(Fraction(8)), number_text(Fraction(9, 2)), number_text(Fraction(-3, 40)), number_text(Fraction(1, 3))
    ('8', '4.5', '-0.075', '(1/3)')
    >>> number_text(Fraction("0.16666666666666666")), number_text(Fraction(1, 10**7))
    ('(1/6)', '(1/10000000)')
    """
    if value.denominator == 1:
        return str(value.numerator)
    for places in range(1, 7):  # a decimal of at most 6 places, written exactly
        scaled = value * 10**places
        if scaled.denominator == 1:
            sign, digits = ("-" if scaled < 0 else ""), str(abs(scaled.numerator)).rjust(places + 1, "0")
            return f"{sign}{digits[:-places]}.{digits[-places:]}"
    short = value.limit_denominator(1000)
    if abs(value - short) <= abs(value) * FLOAT_DIGITS:
        value = short
    return f"({value.numerator}/{value.denominator})"


def parse_number(text: str) -> Fraction | None:
    """The value of a number written in digits or words, or None if ``text`` is not one."""
    cleaned = text.strip().lower()
    match = _DIGITS.match(cleaned)
    if match:
        return Fraction(match[1].replace(",", ""))
    match = _FRACTION.match(cleaned)
    if match:
        return Fraction(int(match[1]), int(match[2]))
    return parse_number_words(cleaned)


def parse_number_words(text: str) -> Fraction | None:
    """"three" -> 3, "twenty-five" -> 25, "two hundred and six" -> 206; None otherwise."""
    words = [w for w in re.split(r"[\s-]+", text.strip().lower()) if w and w != "and"]
    if not words:
        return None
    if len(words) == 1 and words[0] in NAMED:
        return Fraction(NAMED[words[0]])
    total, current, seen = 0, 0, False
    for word in words:
        if word in UNITS:
            current += UNITS[word]
        elif word in TENS:
            current += TENS[word]
        elif word in SCALES:
            if not seen and current == 0:
                current = 1
            if SCALES[word] == 100:
                current *= 100
            else:
                total += current * SCALES[word]
                current = 0
        else:
            return None
        seen = True
    return Fraction(total + current)
