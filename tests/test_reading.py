"""The shared reader: numbers in digits, money and words, and quantities found in parsed text."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyasp.errors import InputError, PyaspError
from pyasp.text.numbers import parse_number
from pyasp.text.reading import read, read_many, word_problem_text

ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def spell(n: int) -> str:
    """English words for 0 <= n < 1,000,000 (written independently of the parser)."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else "-" + ONES[n % 10])
    if n < 1000:
        return ONES[n // 100] + " hundred" + ("" if n % 100 == 0 else " and " + spell(n % 100))
    return spell(n // 1000) + " thousand" + ("" if n % 1000 == 0 else " " + spell(n % 1000))


@given(st.integers(0, 10**9))
def test_digits_with_thousands_separators(n):
    assert parse_number(f"{n:,}") == n
    assert parse_number(str(n)) == n


@given(st.integers(0, 10**6), st.integers(0, 99))
def test_money_and_decimals(whole, cents):
    assert parse_number(f"${whole}.{cents:02d}") == Fraction(whole) + Fraction(cents, 100)


@given(st.integers(0, 999_999))
def test_number_words(n):
    assert parse_number(spell(n)) == n


def test_non_numbers_are_not_numbers():
    for text in ("apple", "1,20", "", "twenty apples", "$", "3/0", "1/", "/2", "1/2/3"):
        assert parse_number(text) is None


@given(st.integers(-1000, 1000), st.integers(1, 1000))
def test_common_fractions(a, b):
    assert parse_number(f"{a}/{b}") == Fraction(a, b)


def test_fractions_and_mixed_numbers_in_text():
    doc = read("Tom ate 1/2 of a pizza. The rope is 3 1/2 meters long and 2 3/2 is not a mixed number.")
    assert [(m.text, m.value) for m in doc.mentions] == [("1/2", Fraction(1, 2)), ("3 1/2", Fraction(7, 2)), ("2", 2), ("3/2", Fraction(3, 2))]


def test_shares_said_in_words_are_fractions():
    """"a third of", "two thirds of", "one quarter of" are shares (1/3, 2/3, 1/4), for every engine
    (before: "a third" was no number and "two thirds" was 2); "the third of May" and "3 quarters"
    stay what they were."""
    doc = read("Maya gave a third of her 30 candies away. Two thirds of them are red, one quarter of the rest "
               "are blue and three fifths of the pens are new. On the third of May she bought 3 quarters.")
    assert [(m.text, m.value) for m in doc.mentions] == [
        ("a third", Fraction(1, 3)), ("30", 30), ("Two thirds", Fraction(2, 3)), ("one quarter", Fraction(1, 4)),
        ("three fifths", Fraction(3, 5)), ("3", 3)]
    # a multiple said with a fraction word (was read by arith alone, as 1/3; algebra read 1)
    doc = read("Ivy baked 60 cupcakes. Kate baked one third as many cupcakes as Ivy and three quarters as well.")
    assert [(m.text, m.value) for m in doc.mentions] == [("60", 60), ("one third", Fraction(1, 3)), ("three", 3)]


def test_mixed_numbers_in_words():
    """"2 and a half" is one quantity, 5/2 (before: 2, with "half" a math word); "and" joins
    number words only after a scale ("two hundred and six"), so "three and four" is two numbers
    (before: 7)."""
    doc = read("Tom had 2 and a half dollars, three and three quarters apples, four and two thirds pies, "
               "two hundred and six pens, three and four cups and 5 and a cat.")
    assert [(m.text, m.value) for m in doc.mentions] == [
        ("2 and a half", Fraction(5, 2)), ("three and three quarters", Fraction(15, 4)),
        ("four and two thirds", Fraction(14, 3)), ("two hundred and six", 206), ("three", 3), ("four", 4), ("5", 5)]


@pytest.mark.parametrize("text, normal", [
    ("It costs two dollars and fifty cents.", "It costs $2.50."),
    ("He spent a dollar and 5 cents, then $3 and 25 cents.", "He spent $1.05, then $3.25."),
    ("It was one hundred and five dollars and seventy-five cents", "It was $105.75"),
    ("It was a hundred dollars and 5 cents", "It was $100.05"),
    # not one amount: cents of 100 or more, two owners, no number, a fraction or a sign before it
    ("2 dollars and 150 cents", "2 dollars and 150 cents"),
    ("1/2 dollars and 25 cents", "1/2 dollars and 25 cents"),
    ("3 1/2 dollars and 25 cents", "3 1/2 dollars and 25 cents"),
    ("-3 dollars and 25 cents", "-3 dollars and 25 cents"),
    ("Sam has 3 dollars and Ann has 40 cents.", "Sam has 3 dollars and Ann has 40 cents."),
    ("The dollars and cents add up.", "The dollars and cents add up."),
])
def test_an_amount_in_dollars_and_cents_is_one_amount_of_dollars(text, normal):
    assert word_problem_text(text) == normal


def test_a_table_question_keeps_an_amount_as_written():
    from pyasp.tables.question import split_options

    assert split_options("Which is most? (A) two dollars and fifty cents (B) 3 dollars and 5 cents")[1] == [
        ("A", "two dollars and fifty cents"), ("B", "3 dollars and 5 cents")]


def test_a_number_word_before_dozen_is_kept():
    """"two dozen" is 2 and 12, as "2 dozen" is read (before: 12 alone, the two lost)."""
    assert [(m.text, m.value) for m in read("Jorge bought two dozen pencils.").mentions] == [("two", 2), ("dozen", 12)]
    assert [(m.text, m.value) for m in read("Jorge bought 2 dozen pencils.").mentions] == [("2", 2), ("dozen", 12)]
    assert [(m.text, m.value) for m in read("Jorge bought two-dozen pencils.").mentions] == [("two", 2), ("dozen", 12)]


def test_quantities_of_the_bike_problem():
    doc = read(
        "Oceanside Bike Rental Shop charges 17 dollars plus 7 dollars an hour for renting a bike. "
        "Tom paid 80 dollars to rent a bike. How many hours did he pay to have the bike checked out?"
    )
    assert [(m.text, m.value, m.sentence) for m in doc.mentions] == [("17", 17, 0), ("7", 7, 0), ("80", 80, 1)]
    assert len(doc.sentences) == 3
    dollars = doc.tokens[doc.mentions[0].head + 1]
    assert dollars.lemma == "dollar" and dollars.head == doc.tokens[dollars.head].i


def test_money_words_separators_and_determiners():
    doc = read("Sara spent $2.73 on twenty-five apples and 1,200 grams of flour. Each box holds 6 eggs.", determiners=True)
    found = [(m.text, m.value, m.kind) for m in doc.mentions]
    assert ("$2.73", Fraction(273, 100), "money") in found
    assert ("twenty-five", 25, "word") in found
    assert ("1,200", 1200, "number") in found
    assert ("Each", 1, "determiner") in found
    assert ("6", 6, "number") in found
    without = [m.kind for m in read("Each box holds 6 eggs.").mentions]
    assert "determiner" not in without


def test_read_many_parses_each_text_once_and_caches_it(tmp_path, monkeypatch):
    texts = ["Tom has 3 apples and buys twelve more.", "Each box holds 6 eggs. How many eggs are in 4 boxes?"]
    first = read_many(texts, cache_dir=tmp_path)
    assert first == [read(t) for t in texts]
    assert len(list(tmp_path.glob("*.json"))) == 2

    import pyasp.text.reading as reading

    class NoParsing:
        meta = reading.load_pipeline().meta

        def pipe(self, texts):
            raise AssertionError("a cached text was parsed again")

    monkeypatch.setattr(reading, "load_pipeline", lambda: NoParsing())
    assert read_many(texts, cache_dir=tmp_path) == first


def test_a_cache_entry_that_cannot_be_written_is_named(tmp_path):
    texts = ["Tom has 3 apples and buys twelve more."]
    read_many(texts, cache_dir=tmp_path)
    (entry,) = tmp_path.glob("*.json")
    entry.unlink()
    entry.mkdir()  # where the entry goes, a folder: the write fails
    with pytest.raises(PyaspError, match="cannot write the parse cache file .*json"):
        read_many(texts, cache_dir=tmp_path)


def test_a_percentage_is_read_as_its_share():
    doc = read("Ben had 40 dollars. He spent 25% of it, and 12.5 percent of the rest.")
    assert [(m.text, m.value) for m in doc.mentions] == [("40", 40), ("25%", Fraction(1, 4)), ("12.5 percent", Fraction(1, 8))]


def test_a_fraction_over_zero_is_bad_input_not_left_out():
    with pytest.raises(InputError, match="'1/0' divides by zero"):
        read("Tom has 1/0 candies. He gave 2 candies to Mary. How many candies does Tom have now?")
    with pytest.raises(InputError, match="'1/0' divides by zero"):
        read("The rope is 2 1/0 meters long.")
    assert [m.value for m in read("On 12/25/2020 Tom had 3 apples.").mentions] == [3]  # a date is still no number


@pytest.mark.parametrize("token", ["3.5.6", "1e400", "1,2,3", "1,00"])
def test_a_token_written_like_a_number_but_not_one_is_bad_input_not_left_out(token):
    with pytest.raises(InputError, match=f"'{token}' is not a number pyasp can read"):
        read(f"Tom has {token} apples and buys 4 more. How many apples does he have?")


@pytest.mark.parametrize("digits", [16, 400, 5000])
def test_a_number_too_long_to_compute_with_is_bad_input(digits):
    with pytest.raises(InputError, match=r"is too long a number: pyasp reads at most 15 digits before the point \(numbers below 10.15\) and 60 in all"):
        read(f"Tom has {'9' * digits} apples and buys 4 more. How many apples does he have?")
    assert read("Tom has 0.16666666666666666 of a pie.").mentions[0].value > 0  # as written in the datasets
    if digits > 60:
        with pytest.raises(InputError, match="is too long a number"):
            read(f"Tom has 0.{'3' * digits} of a pie.")
    assert read("Order ABC1234567890123456 had 4 apples.").mentions[-1].value == 4  # a code, not a number


def test_numbers_next_to_punctuation_are_still_read():
    doc = read("Tom had 1,000 apples and 2.5 pears, then 3. He sold 12.")
    assert [m.value for m in doc.mentions] == [1000, Fraction(5, 2), 3, 12]


def test_empty_text_is_bad_input():
    import pytest

    from pyasp.errors import PyaspError

    with pytest.raises(PyaspError, match="text 1: empty problem"):
        read_many(["Tom has 3 apples.", "  "])


def test_numbers_written_with_typographic_characters_are_read_as_written():
    """A no-break or thin space between digit groups, a zero-width character inside a number,
    the minus sign and vulgar fractions: each used to split a number or drop it silently."""
    doc = read("Tom had 1\u00a0000 apples and ate 8\u200b0. He owes \u22125 dollars and has 2\u00bd pies and \u00be of a cake.")
    assert [m.value for m in doc.mentions] == [1000, 80, -5, Fraction(5, 2), Fraction(3, 4)]


def test_full_width_forms_are_read_as_ascii():
    doc = read("Tom had \uff11\uff12 apples.\u3000He ate \uff13. How many are left?")
    assert [m.value for m in doc.mentions] == [12, 3]


def test_a_table_question_in_full_width_forms_has_its_options():
    from pyasp.tables.question import split_options

    assert split_options("Which is a \uff4d\uff45\uff54\uff41\uff4c? \uff08\uff21\uff09 copper (B) wood") == (
        "Which is a metal?", [("A", "copper"), ("B", "wood")])


def test_digit_groups_split_by_a_plain_space_are_ambiguous():
    with pytest.raises(InputError, match="'1 000' is ambiguous: write one number as 1000 or 1,000"):
        read("Tom had 1 000 apples. He ate 3. How many are left?")
    assert [m.value for m in read("In 2010 500 people came.").mentions] == [2010, 500]


def test_a_text_longer_than_the_reader_takes_is_refused_before_the_parse():
    """A 1 MB text ended in spaCy's ValueError (a traceback); 0.5 MB parsed for minutes."""
    from pyasp.errors import InputError
    from pyasp.text.reading import MAX_TEXT, read_many

    text = "Tom had 5 apples. " * (MAX_TEXT // 18 + 1)
    with pytest.raises(InputError, match=r"the problem's text has [\d,]+ characters; pyasp reads at most 20,000"):
        read(text)
    errors: dict = {}
    docs = read_many(["Tom has 3 apples.", text], errors=errors)
    assert docs[0] is not None and docs[1] is None and "pyasp reads at most" in errors[1]


def test_a_control_character_is_a_space_and_loses_no_number():
    """"Tom had 5\\0 apples" lost the 5 (the NUL kept it from being read as a number)."""
    assert [m.value for m in read("Tom had 5\0 apples. He got 3 more.").mentions] == [5, 3]


@pytest.mark.parametrize("text, times", [
    ("At half past 3, Leo had 15 cookies. By 5 o'clock he had eaten 6.", {"half", "3", "5"}),
    ("The bus left at 7 a.m. with 12 people and came back at a quarter to 5.", {"7", "5"}),
    ("He gave half to his sister and 3 to Tom.", set()),
])
def test_times_of_day_are_told_apart_for_both_engines(text, times):
    """One reading of clock times for arith and algebra (each had its own)."""
    from pyasp.text.reading import tells_time

    doc = read(text)
    assert {m.text.lower() for m in doc.mentions if tells_time(doc, m)} == times


@pytest.mark.parametrize("text, number, pronoun", [
    ("They shared the apples equally between the 2 of them.", "2", "them"),
    ("All 3 of us went to the park.", "3", "us"),
    ("The 4 of you can split the bill.", "4", "you"),
    ("The cake was cut between 2 of them.", "2", "them"),
    ("She ate 9 of them on the way home.", "9", None),
    ("12 of them are broken.", "12", None),
])
def test_a_number_of_a_pronoun_counts_the_group_it_names(text, number, pronoun):
    """The shared reading of "the 2 of them" (pyasp.text.reading.pronoun_group): the people the
    pronoun names, not the things counted before ("ate 9 of them")."""
    from pyasp.text.reading import pronoun_group

    doc = read(text)
    m = next(m for m in doc.mentions if m.text == number)
    found = pronoun_group(doc, m.start, m.end)
    assert (found.text.lower() if found is not None else None) == pronoun


@pytest.mark.parametrize("text, expected", [
    ("Hailey has 26 stickers on one page and 38 stickers on another page.", True),
    ("One dog eats 2 cups of food and the other dog eats 3 cups.", True),
    ("One box holds 12 pens. How many pens are in 4 boxes?", False),
])
def test_a_one_set_against_another_picks_a_thing(text, expected):
    """The shared reading of "one page ... another page" (pyasp.text.reading.one_of_several)."""
    from pyasp.text.reading import one_of_several

    doc = read(text)
    m = next(m for m in doc.mentions if m.text.lower() == "one")
    assert one_of_several(doc, m) is expected
