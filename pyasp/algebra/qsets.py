"""Read: a word problem -> Qsets, the quantified sets of ALGES (TACL 2015, Section 4).

A Qset is a number of the text with the properties of the paper's Table 1, read from the
dependency parse:

========  =====================================================================================
qnt       the value (None for the target x)
ent       the entity counted: the noun the number modifies (``nummod``), the noun after
          ``of`` ("0.2 of a bucket"), "dollar" for money; fallback: the entity of the nearest
          Qset before it, else the question's entity
ctr       the container: the subject of the governing verb (pronouns resolved to the last
          named subject before them); when the subject is the entity itself, the object of a
          preposition on the verb or entity ("students were in each bus" -> bus)
adj       adjectives and noun modifiers of the entity ("red", "basketball")
vrb       the governing verb (lemma)
loc       the location: object of in/on/at/into/inside on the verb or the entity
syn       the syntactic role of the entity (nsubj, dobj, pobj:for, ...)
rate      the unit the number is "per" ("7 dollars an hour", "4 students in each bus")
========  =====================================================================================

The target Qset is the unknown of the question sentence: its entity is the noun after "how
many/much" or "what", its container the question's subject. It stands in text order at the
question word. ``reorder`` applies the four reordering rules of Table 2 (see :data:`REORDER_RULES`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..errors import InputError
from ..text.names import gender
from ..text.numbers import CENTS, number_text
from ..text.reading import (LESS_WORDS, SHARING_PREPOSITIONS, SPOKEN_COMMANDS, TIME_WORDS, WEEKDAYS, Document, Mention, SpokenOperation, Token,
                            asks_before_a_discount, asks_in_percent, asks_total, both_named_after, compared_unsaid, counts_periods, counts_those_listed,
                            counts_those_named, describes_a_noun, group_prices, measure_of_each, names_a_label, names_a_year, unit_made_compound,
                            one_for_each_of, one_for_oneself, one_of_several, one_to_each, price_of_one, said_at_two_times, with_oneself,
                            pronoun_group, said_each_way, said_in_passing, said_in_percent, outcomes_played, spoken_operation, takes_off_a_price,
                            tells_time, time_of, times_compared, units_given_per)
from ..text.units import PLURALS as _UNIT_PLURALS, dimension as _unit_dimension, factor as _unit_factor, lemma_of as _unit_lemma
from ..text.units import measured_alike as _measured_alike
from ..text.units import CLOCK_STEPS, PER_WORDS, TIME_STEPS, is_length_unit, units_of as _units_of, whole_factor as _whole_factor
from .quantities import FRACTION  # the entity of a fraction of a set ("half of the fish": fish per fish)

MONEY_WORDS = {"dollar", "buck", "$", "money", "cost", "price", "euro", "€", "£"}
#: The money type of a text is named by its currency: "dollar" unless every sign or unit of money
#: in it is a euro's (or a pound's, written with "£"). Within a text all money is one type.
CURRENCIES = (("euro", {"€", "euro"}), ("pound", {"£"}))
CENT_WORDS = {"cent", "penny"}
PRONOUNS = {"he", "she", "they", "it", "him", "her", "them", "his", "their", "its", "we", "i", "you", "us"}
LOCATION_PREPS = {"in", "on", "at", "into", "inside", "onto"}
QUESTION_WORDS = {"how", "what", "which"}
IMPERATIVES = {"find", "calculate", "determine", "compute"}
VERB_POS = {"VERB", "AUX"}
NOUN_POS = {"NOUN", "PROPN"}
#: Words that say how much but are no entity ("how many more", "twice as many").
NOT_ENTITIES = {"dozen", "many", "much", "more", "less", "fewer", "few", "time", "total", "altogether", "all", "number", "amount",
                "lot", "one"}  # "one": "got 7 new *ones*" counts the things named before

#: Table 2 reordering rules, each can be switched off by name.
REORDER_RULES = ("rate_link", "container_after_count", "x_first", "some_is_x")
#: Words that name the unknown of a number puzzle ("a number increased by 15 is 42").
NUMBER_WORDS = {"number", "integer"}


@dataclass(frozen=True)
class Qset:
    """A quantified set: a number and the properties of Table 1 (see the module docstring)."""

    qnt: Fraction | None
    ent: str
    ctr: str = ""
    adj: tuple[str, ...] = ()
    vrb: str = ""
    loc: str = ""
    syn: str = ""
    rate: str = ""
    text: str = ""  # the number as written ("17", "$2.73", "three", "x")
    token: int = -1  # index of the number's token (the question word for the target)
    sentence: int = -1
    ent_fallback: bool = False  # ent was not read from the parse but taken from another Qset
    subset: bool = False  # "3 of the apples": a part of a set named elsewhere
    compound: bool = False
    subtypes: tuple[str, ...] = ()
    members: tuple[int, ...] = ()  # indices of the base Qsets a compound Qset is made of
    keywords: tuple[str, ...] = ()  # lemmas of the words around the number (math keywords)
    implicit: str = ""  # for a number the text implies (unit conversions, counts): what it is
    side: int = 0  # a number puzzle's "A is B": 1 when the number stands in A, 2 in B (0: neither)
    kind_of: str = ""  # the asked entity, when this one is a kind of it ("23 cows and 38 sheep": animal)
    partition: tuple[str, ...] = ()  # what a part is said to be ("Half of the fish were *orange*")
    operation: str = ""  # what the text says is done with it: add, sub, mul, div (see _operation, _comparison)
    whole: int = -1  # the token of the number (or x) it is counted from: a fraction's whole, a comparison's base
    asks: str = ""  # the target's: the operation the question asks the result of ("how many fewer ... than": sub)
    rest: bool = False  # a fraction of a set read as what is left of it: "a third are red, the rest blue" is 1 - 1/3
    irrelevant: str = ""  # why the text says this number takes no part ("an age the question does not ask")
    result: bool = False  # how a story ends ("now he has 22 marbles", or x when asked so): one side of "=" alone
    quotient: bool = False  # the target's: a share of one or a number of groups is asked, x solved for is a quotient
    # a rate the text gives without "per" ("4 classes with 25 students *each*", "*A spider* has eight legs"):
    # its unit; read when a model chooses (a rate per a counted unit multiplies its count), not a feature
    per: str = ""
    # how the equation writes a number a reading changed: "(1+2)" ("Amy has twice as many as Ben. How many do
    # they have together?"), "(4-1)" ("Four times a number is 36 more than the number")
    shown: str = ""
    # how a number acts on x (add or sub), read when a model chooses: the sign of its term in x solved for. A
    # change of a story given per group ("bought 2 packs with 10 stickers in each pack": add), the steps of
    # consecutive numbers (sub when the smallest is asked); not a feature
    change: str = ""

    @property
    def is_target(self) -> bool:
        return self.qnt is None

    def describe(self) -> str:
        """One line: ``17 dollar (ctr=rental, vrb=cost, rate=hour)``."""
        parts = [f"{k}={v}" for k, v in (("ctr", self.ctr), ("vrb", self.vrb), ("loc", self.loc), ("rate", self.rate),
                                          ("per", self.per if self.per != self.rate else ""), ("syn", self.syn)) if v]
        if self.adj:
            parts.append("adj=" + ",".join(self.adj))
        if self.asks:
            parts.append(f"asks={self.asks}")
        if self.rest:
            parts.append("rest")
        if self.shown:
            parts.append(f"as {self.shown}")
        if self.result:
            parts.append("result")
        if self.quotient:
            parts.append("quotient")
        if self.change:
            parts.append(f"change={self.change}")
        if self.irrelevant:
            parts.append(f"irrelevant: {self.irrelevant}")
        head = self.text or ("x" if self.is_target else str(self.qnt))
        return f"{head} {self.ent}" + (f" ({', '.join(parts)})" if parts else "")

    def as_dict(self) -> dict:
        return {
            "qnt": None if self.qnt is None else (int(self.qnt) if self.qnt.denominator == 1 else float(self.qnt)),
            "text": self.text,
            "ent": self.ent,
            "ctr": self.ctr,
            "adj": list(self.adj),
            "vrb": self.vrb,
            "loc": self.loc,
            "syn": self.syn,
            "rate": self.rate,
            "target": self.is_target,
            **({"side": self.side} if self.side else {}),
            **({"operation": self.operation} if self.operation else {}),
            **({"asks": self.asks} if self.asks else {}),
            **({"rest": True} if self.rest else {}),
            **({"shown": self.shown} if self.shown else {}),
            **({"result": True} if self.result else {}),
            **({"quotient": True} if self.quotient else {}),
            **({"per": self.per} if self.per else {}),
            **({"change": self.change} if self.change else {}),
            **({"irrelevant": self.irrelevant} if self.irrelevant else {}),
        }


@dataclass(frozen=True)
class Problem:
    """A read and grounded problem: its document and its Qsets in (reordered) text order."""

    document: Document
    qsets: tuple[Qset, ...]
    question_sentence: int
    reordered: tuple[str, ...] = ()  # names of the Table 2 rules that moved something
    ignored: tuple[str, ...] = field(default_factory=tuple)  # numbers left out, and why

    @property
    def target_index(self) -> int:
        return next(i for i, q in enumerate(self.qsets) if q.is_target)


# -- parse helpers -----------------------------------------------------------------------------
def _children(doc: Document, i: int) -> list[Token]:
    return [t for t in doc.tokens if t.head == i and t.i != i]


def _governing_verb(doc: Document, i: int) -> Token | None:
    seen = set()
    tok = doc.tokens[i]
    while tok.i not in seen:
        seen.add(tok.i)
        if tok.pos in VERB_POS and tok.i != i:
            return tok
        if tok.head == tok.i:
            return tok if tok.pos in VERB_POS else None
        tok = doc.tokens[tok.head]
    return None


def _subject(doc: Document, verb: Token) -> Token | None:
    seen = set()
    while verb is not None and verb.i not in seen:
        seen.add(verb.i)
        for child in _children(doc, verb.i):
            if child.dep in {"nsubj", "nsubjpass"}:
                return child
        if verb.dep in {"xcomp", "conj", "advcl", "ccomp", "relcl"} and verb.head != verb.i:
            verb = doc.tokens[verb.head]
        else:
            return None
    return None


def _noun_phrase_head_lemma(tok: Token) -> str:
    lemma = tok.lemma.lower()
    if lemma in MONEY_WORDS:
        return "dollar"
    if lemma in CENT_WORDS:
        return "cent"
    return lemma


#: The possessive of a subject pronoun: a noun "her friend" is someone else than "she".
POSSESSIVE_OF = {"she": "her", "he": "his"}
#: The gender a pronoun agrees with (:func:`pyasp.text.names.gender`: of a first name or of a noun such as "brother").
PRONOUN_GENDER = {"she": "f", "her": "f", "he": "m", "him": "m", "his": "m"}


def _resolve(doc: Document, tok: Token, verb: int = -1, possessed: bool = True) -> str:
    """A subject's name, pronouns resolved to the last named subject before them; an object of
    ``verb`` (a token index) is not its own verb's subject ("Her teacher gave *her* 7 pencils").
    ``possessed=False``: nor a subject its own possessive describes ("After *her* friend gave her some,
    *she* had 51": she is not the friend)."""
    if tok.text.lower() in PRONOUNS:
        owner = None if possessed else POSSESSIVE_OF.get(tok.text.lower())
        want = PRONOUN_GENDER.get(tok.text.lower())
        other = ""  # the last subject of the other gender: taken when no subject agrees ("Keith loves cards. She bought ...")
        for prev in reversed(doc.tokens[: tok.i]):
            if prev.dep in {"nsubj", "nsubjpass"} and prev.pos in NOUN_POS and prev.head != verb:
                if owner and any(c.dep == "poss" and c.text.lower() == owner for c in _children(doc, prev.i)):
                    continue  # "After *her* friend gave her some, *she* had 51": she is not the friend
                if want and _gender_of(doc, prev) not in (None, want):
                    other = other or _name_or_lemma(doc, prev)
                    continue  # "Halima had 120 stickers. Her little *brother* took 16. Later *she* found 10 more": not him
                return _name_or_lemma(doc, prev)
        return other
    if tok.text.lower() == "there":
        return ""
    return _name_or_lemma(doc, tok)


def _gender_of(doc: Document, tok: Token) -> str | None:
    """"f", "m" or None: of a title before a name ("*Mr.* Abernathy"), else of the name or the noun
    (:func:`pyasp.text.names.gender`: "Halima", "brother")."""
    titles = {TITLES[c.text.lower()] for c in _children(doc, tok.i) if c.dep == "compound" and c.text.lower() in TITLES}
    if len(titles) == 1:
        return titles.pop()
    return gender(tok.text if tok.pos == "PROPN" else tok.lemma, tok.pos == "PROPN")


#: Titles that say a person's gender.
TITLES = {"mr.": "m", "mr": "m", "mrs.": "f", "mrs": "f", "ms.": "f", "ms": "f", "miss": "f"}


def _name_or_lemma(doc: Document, tok: Token) -> str:
    """A noun's lemma, or a name's own text when the tagger read it once as a common noun ("*Ines* had
    $8.25" lemmatized "ine", when the text has "Ines" as a name elsewhere)."""
    if tok.pos == "NOUN" and tok.text[:1].isupper() and any(t.text == tok.text and t.pos == "PROPN" for t in doc.tokens):
        return tok.text.lower()
    return _noun_phrase_head_lemma(tok)


GIVE_VERBS = {"give", "hand", "pass", "donate", "lend"}


def _receiver(doc: Document, verb: Token | None) -> str:
    """Table 1's exception for giving: the container of what is given is the receiver."""
    if verb is None or verb.lemma.lower() not in GIVE_VERBS:
        return ""
    for child in _children(doc, verb.i):
        if child.dep in {"dative", "iobj"}:
            if child.pos in NOUN_POS or child.pos == "PRON":
                return _resolve(doc, child, verb.i)
            objs = [g for g in _children(doc, child.i) if g.dep == "pobj"]
            if objs:
                return _resolve(doc, objs[0], verb.i)
    for prep, obj in _prep_objects(doc, verb.i, {"to"}):
        return _resolve(doc, obj, verb.i)
    return ""


def _prep_objects(doc: Document, i: int, preps: set[str] | None = None) -> list[tuple[str, Token]]:
    """(preposition, object) pairs on token i; with ``preps`` == LOCATION_PREPS, places only."""
    out = []
    for child in _children(doc, i):
        if child.dep in {"prep", "dative"} and (preps is None or child.text.lower() in preps):
            for grand in _children(doc, child.i):
                if grand.dep == "pobj":
                    if preps is LOCATION_PREPS and (grand.lemma.lower() in TIME_WORDS or grand.pos == "PROPN" and grand.text.lower() in TIME_WORDS):
                        continue
                    out.append((child.text.lower(), grand))
    return out


def _modifiers(doc: Document, i: int) -> tuple[str, ...]:
    mods = []
    for child in _children(doc, i):
        if child.dep in {"amod", "compound", "nmod"} and child.lemma.lower() not in NOT_ENTITIES and child.pos != "NUM":
            mods.append(child.lemma.lower())
    return tuple(mods)


def _rate_of(doc: Document, ent_tok: Token | None, verb: Token | None) -> str:
    """The unit of a rate: "per hour", "an hour", "each bus" (on the entity, or the subject)."""
    if ent_tok is not None:
        for prep, obj in _prep_objects(doc, ent_tok.i, {"per", "for", "in", "on", "at"}):
            dets = {c.text.lower() for c in _children(doc, obj.i) if c.dep == "det"}
            if prep == "per" or dets & PER_WORDS - {"a", "an"}:
                return _noun_phrase_head_lemma(obj)
        for child in _children(doc, ent_tok.i):
            if child.dep == "npadvmod" and child.pos == "NOUN":
                dets = {c.text.lower() for c in _children(doc, child.i) if c.dep == "det"}
                if dets & PER_WORDS:
                    return _noun_phrase_head_lemma(child)
    if verb is not None:
        for prep, obj in _prep_objects(doc, verb.i, {"per", "in", "on", "for", "at"}):
            if prep == "at" and (ent_tok is None or not ent_tok.i < obj.i <= ent_tok.i + 3):
                continue  # "4 chairs *at each table*": right after the things
            if obj.text.lower() == "one" and _prep_objects(doc, obj.i, {"of"}):
                continue  # "for every one of the 11 players" is "for each of the 11 players": no unit of a rate
            dets = {c.text.lower() for c in _children(doc, obj.i) if c.dep == "det"}
            if prep == "per" or dets & {"each", "every"}:
                return _noun_phrase_head_lemma(obj)
        for child in _children(doc, verb.i):  # "uses 25 mL *each day* ... after 2 weeks", the day hung on the verb
            if (child.dep == "npadvmod" and child.pos == "NOUN" and child.lemma.lower() in TIME_WORDS and _counts_time(doc, ent_tok)
                    and (ent_tok is None or child.i > ent_tok.i)
                    and any(c.dep == "det" and c.text.lower() in {"each", "every"} for c in _children(doc, child.i))):
                return _noun_phrase_head_lemma(child)
        subj = _subject(doc, verb)
        if subj is not None and (ent_tok is None or subj.i != ent_tok.i):
            dets = {c.text.lower() for c in _children(doc, subj.i) if c.dep == "det"}
            if dets & {"each", "every"}:
                return _noun_phrase_head_lemma(subj)
            if subj.text.lower() == "each" and subj.pos in {"PRON", "DET"}:  # "*Each of* 3 ferries carried 45 passengers"
                of = [obj for _, obj in _prep_objects(doc, subj.i, {"of"}) if obj.pos == "NOUN"]
                if of and (ent_tok is None or of[0].i != ent_tok.i):
                    return _noun_phrase_head_lemma(of[0])
        for obj in _children(doc, verb.i):  # "The coach gives *each team* 2 balls"
            if obj.dep == "dative" and obj.pos == "NOUN" and any(
                    c.dep == "det" and c.text.lower() in {"each", "every"} for c in _children(doc, obj.i)):
                return _noun_phrase_head_lemma(obj)
    return ""


def _counts_time(doc: Document, ent_tok: Token | None = None) -> bool:
    """Whether a number of the text counts a unit of time ("after *2 weeks*"): a period that a rate
    per a unit of time said only as "each day" can be counted over (without one, "gets 240 pounds
    of fish each week ... How many pounds ... each week?" has no rate to read). Time of the kind the
    rate is of is the amount itself, no period ("each shift is *12 hours* long. How many hours does
    she work each week?")."""
    own = ent_tok.lemma.lower() if ent_tok is not None else ""
    return any(m.end < len(doc.tokens) and doc.tokens[m.end].lemma.lower() in TIME_WORDS - {own} for m in doc.mentions)


COMPARED_BEFORE = {"more", "fewer", "less", "other", "extra"}


def _entity_token(doc: Document, mention: Mention) -> Token | None:
    """The noun a number counts (:func:`_parsed_entity_token`), where the parse is read past in three
    ways: a number followed by a verb the tagger took for a noun stands alone ("20 *swam* freestyle", "19
    *sing* soprano", "45 *hang* in the east wing": a word WordNet uses as a verb and never as a noun,
    no plural noun after it); a number followed by a plural noun counts it when the parse hangs it on
    another word ("Today 7 *singers* are absent", "5 more *flamingos* arrive"); "of the test tubes"
    counts the last noun of the phrase, not its first ("8 of the test *tubes*")."""
    toks = doc.tokens
    i = mention.end
    while i < len(toks) and toks[i].lemma.lower() in COMPARED_BEFORE and toks[i].pos in {"ADJ", "ADV"}:
        i += 1
    if i < len(toks) and i < doc.sentences[mention.sentence][1]:
        nxt = toks[i]
        after = toks[i + 1] if i + 1 < len(toks) else None
        if ((nxt.pos in NOUN_POS and nxt.tag != "NNS" or nxt.pos == "VERB" and nxt.dep in {"amod", "compound"})
                and nxt.text.isalpha() and nxt.text.islower()
                and not (after is not None and (after.pos == "NOUN" and after.tag == "NNS" or after.text in {"-", "'s", "’s"}))):
            from ..text.lexical import usage
            if usage(nxt.text, "n")[0] == 0 and usage(nxt.text, "v")[0] > 0:
                return None
    tok = _parsed_entity_token(doc, mention)
    unit = unit_made_compound(doc, mention)  # "a full 1 L bottle": liters
    if unit is not None:
        return toks[unit]
    if tok is not None and tok.dep == "pobj" and tok.tag == "NN" and tok.i + 1 < len(toks) and (
            toks[tok.i + 1].pos == "NOUN" and toks[tok.i + 1].tag == "NNS") and tok.head != tok.i and (
            toks[tok.head].text.lower() == "of"):
        return toks[tok.i + 1]  # "8 of the test tubes"
    run = []
    j = mention.end
    while j < len(toks) and j < doc.sentences[mention.sentence][1] and (
            toks[j].pos in NOUN_POS | {"ADJ"} or toks[j].lemma.lower() in COMPARED_BEFORE):
        run.append(toks[j])
        j += 1
    plural = next((t for t in run if t.tag == "NNS" and t.pos == "NOUN" and t.lemma.lower() not in NOT_ENTITIES), None)
    if plural is not None and tok is not None and tok.i != plural.i and tok.lemma.lower() not in NOT_ENTITIES and (
            tok.i < mention.head or tok.tag == "NN" and tok.i > plural.i):
        return plural  # "Today 7 singers", "5 more flamingos arrive"
    return tok


def _parsed_entity_token(doc: Document, mention: Mention) -> Token | None:
    """The noun a number counts: its head via nummod, or the object of "of" after it."""
    num = doc.tokens[mention.head]
    if num.dep in {"nummod", "quantmod", "npadvmod", "compound", "amod"} and num.head != num.i:
        head = doc.tokens[num.head]
        if head.pos in NOUN_POS and head.lemma.lower() not in NOT_ENTITIES:
            return head
        nxt = doc.tokens[head.i + 1].text.lower() if head.i + 1 < len(doc.tokens) else ""
        if (head.lemma.lower() == "time" and head.i + 1 < len(doc.tokens) and nxt not in {"as", "of"}
                and doc.tokens[head.i + 1].pos in {"PUNCT", "CCONJ", "ADP"}):
            return head  # "the Smiths stopped 2 times.": a count of times, no multiplier
        if (head.lemma.lower() == "time" and nxt in PER_WORDS and head.i + 2 < len(doc.tokens)
                and _unit_dimension(doc.tokens[head.i + 2].lemma.lower()) == "time"):
            return head  # "45 minutes, 4 times a week": a count of times in a week, no 4 weeks
        if head.lemma.lower() == "time":  # "3 times as many marbles"
            for tok in doc.tokens[head.i + 1 : min(len(doc.tokens), head.i + 6)]:
                if tok.pos == "NOUN" and tok.lemma.lower() not in NOT_ENTITIES:
                    return tok
    for prep, obj in _prep_objects(doc, num.i, {"of"}):
        if obj.pos in NOUN_POS:
            return obj
    # "12 more apples": the number's head is an adjective/adverb whose head is the noun
    if num.head != num.i:
        head = doc.tokens[num.head]
        if head.lemma.lower() in {"more", "less", "fewer"} and head.head != head.i:
            noun = doc.tokens[head.head]
            if noun.pos == "NOUN":
                return noun
    return None


def _keywords(doc: Document, mention: Mention, window: int = 4) -> tuple[str, ...]:
    start, end = doc.sentences[mention.sentence]
    lo, hi = max(start, mention.start - window), min(end, mention.end + window)
    return tuple(t.lemma.lower() for t in doc.tokens[lo:hi] if t.pos not in {"PUNCT", "NUM", "DET"})


def _question_sentence(doc: Document) -> int:
    for index in range(len(doc.sentences) - 1, -1, -1):
        toks = doc.sentence_tokens(index)
        words = [t.text.lower() for t in toks]
        if ("?" in words or any(w in QUESTION_WORDS for w in words[:3]) or words[:1] and words[0] in IMPERATIVES
                or ("how" in words and ("many" in words or "much" in words))
                or toks and (toks[0].tag == "VB" or words[0] in SPOKEN_COMMANDS)
                and spoken_operation(doc, index) is not None):  # "Subtract 6 from 20.", "Multiply 6 by 7."
            return index
    raise InputError("no question: the problem must ask for something (a sentence with '?', 'how many', 'how much' or 'what')")


def _target(doc: Document, sentence: int, qsets: list[Qset]) -> Qset:
    toks = doc.sentence_tokens(sentence)
    qword = next((t for t in toks if t.text.lower() in QUESTION_WORDS), toks[0])
    ent_tok = None
    for tok in toks:
        if tok.text.lower() in {"many", "much"} and tok.head != tok.i:
            head = doc.tokens[tok.head]
            if head.pos in NOUN_POS and head.lemma.lower() not in NOT_ENTITIES:
                ent_tok = head
                break
            # "how many dozen books", "how many more cards": the first noun after the word; not past
            # a verb after "much" ("How much do 9 notebooks cost?" asks for money, not notebooks)
            after = doc.tokens[tok.i + 1 : min(tok.i + 5, toks[-1].i + 1)]
            if tok.text.lower() == "much":
                after = after[: next((k for k, t in enumerate(after) if t.pos in VERB_POS | {"PRON", "ADP"}), len(after))]
            ent_tok = next((t for t in after if t.pos == "NOUN" and t.lemma.lower() not in NOT_ENTITIES), None)
            while ent_tok is not None and ent_tok.dep == "poss" and doc.tokens[ent_tok.head].pos == "NOUN":
                ent_tok = doc.tokens[ent_tok.head]  # "how many of last *week's* eggs": the eggs
            # "How many of his toy cars ...": the object of "of", not a word that names its kind
            of = doc.tokens[tok.i + 1] if tok.i + 1 <= toks[-1].i else None
            if ent_tok is not None and of is not None and of.text.lower() == "of" and ent_tok.dep == "compound" and (
                    doc.tokens[ent_tok.head].dep == "pobj" and doc.tokens[ent_tok.head].head == of.i):
                ent_tok = doc.tokens[ent_tok.head]
            break
    if ent_tok is None and qword.text.lower() in {"what", "which"}:
        for tok in doc.tokens[qword.i + 1 : toks[-1].i + 1]:
            if tok.pos == "NOUN" and tok.lemma.lower() not in NOT_ENTITIES:
                ent_tok = tok
                break
    verb = _governing_verb(doc, (ent_tok or qword).i)
    # "How many markers *did* each classroom *get*?" parsed with "did" as the head: the rate is read on "get"
    main = doc.tokens[verb.head] if (verb is not None and verb.dep == "aux" and verb.head != verb.i
                                     and doc.tokens[verb.head].pos == "VERB") else verb
    words = {t.lemma.lower() for t in toks}
    fallback = False
    if ent_tok is not None:
        ent = _noun_phrase_head_lemma(ent_tok)
        if ent in {"change", "money"}:
            ent = "dollar"
    elif "much" in words and words & {"cost", "pay", "spend", "money", "earn", "save", "charge", "price"}:
        ent = "dollar"
    else:
        fallback = True
        # "How much will he have after 4 weeks?": not the time the question names
        in_sentence = [q for q in qsets if q.sentence == sentence and not (q.ent in TIME_WORDS and q.syn.startswith("pobj:"))]
        measure = _asked_measure(doc, toks, qword, qsets)
        qsets = [q for q in qsets if q.sentence != sentence] + in_sentence
        ent = _counted((in_sentence or qsets or [Qset(Fraction(0), "")])[-1])
        if measure and measure != ent:  # "How long is each piece, in feet?" after "4 equal pieces": feet
            ent, fallback = measure, False
    subj = _subject(doc, verb) if verb is not None else None
    ctr = _receiver(doc, verb)
    if not ctr and subj is not None and (ent_tok is None or subj.i != ent_tok.i):
        ctr = _resolve(doc, subj)
    anchor = ent_tok if ent_tok is not None else qword
    if not ctr and verb is not None:
        objs = _prep_objects(doc, verb.i, LOCATION_PREPS) + _prep_objects(doc, anchor.i, LOCATION_PREPS)
        if objs:
            ctr = _noun_phrase_head_lemma(objs[0][1])
    loc = next((_noun_phrase_head_lemma(o) for _, o in _prep_objects(doc, verb.i, LOCATION_PREPS)), "") if verb else ""
    return Qset(
        None,
        ent,
        ctr=ctr,
        adj=_modifiers(doc, ent_tok.i) if ent_tok is not None else (),
        vrb=verb.lemma.lower() if verb is not None else "",
        loc=loc,
        syn=ent_tok.dep if ent_tok is not None else "",
        rate=_rate_of(doc, ent_tok, verb) or (_rate_of(doc, None, main) if main is not verb else ""),
        text="x",
        token=qword.i,
        sentence=sentence,
        ent_fallback=fallback,
        keywords=tuple(t.lemma.lower() for t in toks if t.pos not in {"PUNCT", "DET"}),
    )


def _asked_measure(doc: Document, toks, qword: Token, qsets: list[Qset]) -> str:
    """The unit a question asks a measure in: "How *long* is each piece, *in feet*?" (the unit after "in"),
    "How *far* did she walk?" (the one unit of length the numbers count); "" when the question asks no
    measure or its unit is not clear."""
    nxt = doc.tokens[qword.i + 1] if qword.i + 1 <= toks[-1].i else None
    if qword.text.lower() != "how" or nxt is None or nxt.text.lower() not in MEASURE_ADJECTIVES - {"old", "away"}:
        return ""
    counted = {q.ent for q in qsets if q.qnt is not None}
    # "in feet", not "in 4 hours" (a number of them)
    said = [_noun_phrase_head_lemma(t) for t in toks if t.dep == "pobj" and doc.tokens[t.head].text.lower() == "in"
            and not any(c.dep == "nummod" for c in _children(doc, t.i))]
    for unit in said:
        if unit in counted:
            return unit
    lengths = {e for e in counted if e and is_length_unit(e)}
    return next(iter(lengths)) if len(lengths) == 1 and nxt.text.lower() in {"long", "tall", "wide", "high", "deep", "far"} else ""


def _one_sharer(doc: Document, base: list[Qset], target: Qset, question: int) -> Qset:
    """x is what one of those things were shared among has, when the question asks it of "that friend" or
    "one friend" after "shares them equally among 5 friends": its ``rate`` is the sharers' unit, as "each
    friend" gives it."""
    if target.rate or target.per or target.qnt is not None:
        return target
    sharers = {q.ent for q in base if q.qnt is not None and q.syn in {"pobj:among", "pobj:between", "pobj:amongst"}}
    for t in doc.sentence_tokens(question):
        if t.pos in NOUN_POS and t.dep in {"nsubj", "nsubjpass"} and _noun_phrase_head_lemma(t) in sharers and any(
                c.dep in {"det", "nummod"} and c.text.lower() in {"that", "this", "one"} for c in _children(doc, t.i)):
            return replace(target, rate=_noun_phrase_head_lemma(t))
    return target


def _price_of_one(doc: Document, ent: str, ent_tok: Token | None, verb: Token | None) -> str:
    """The thing a question asks the price of one of: "How much does *one* marker cost?", "How much
    does *a* pencil cost?", "What is the price of one pen?" (money asked, of a single thing): x is
    money per it. The thing is the verb's subject, or a noun on the asked "cost" / "price" (the
    parse may read "one marker cost" as one noun phrase)."""
    if ent != "dollar":
        return ""
    things = [_subject(doc, verb)] if verb is not None else []
    if ent_tok is not None and ent_tok.lemma.lower() in {"cost", "price"}:
        things += [c for c in _children(doc, ent_tok.i) if c.dep == "compound"]
        things += [obj for _, obj in _prep_objects(doc, ent_tok.i, {"of"})]
    for thing in things:
        if thing is None or thing.pos != "NOUN" or thing.tag == "NNS" or thing.lemma.lower() in MONEY_WORDS:
            continue
        # "one marker cost" read as one noun phrase: its "one" may hang on "cost"
        words = _children(doc, thing.i) + (_children(doc, thing.head) if thing.dep == "compound" else [])
        if any(c.text.lower() in {"one", "a", "an", "each", "every"} and c.dep in {"det", "nummod"} and c.i < thing.i
               for c in words):
            return _noun_phrase_head_lemma(thing)
    return ""


def _asks_groups(base: list[Qset], target: Qset, groups: dict[int, str]) -> bool:
    """The question asks how many groups there are ("How many teams are there?", "How many boxes does
    she need?") when the text gives their size ("teams of 5", "Every box can contain 8 crayons": a
    rate per box; ``groups``: the sizes said "of N") and no number counts them: x is a quotient, the
    grouped things divided by the size."""
    if target.asks or target.rate:
        return False
    sizes = [q for q in base if q.qnt is not None and q.ent != target.ent and target.ent in (q.rate, q.per, groups.get(q.token))]
    counts = [q for q in base if q.qnt is not None and q.ent == target.ent]
    return len(sizes) == 1 and not counts


def _each_one(doc: Document, verb: Token | None) -> str:
    """"How many apples did *each* get?": "each" alone as the question verb's subject asks a share
    per person."""
    if verb is None:
        return ""
    for child in _children(doc, verb.i):
        if child.text.lower() == "each" and child.pos in {"PRON", "DET"} and child.dep in {"nsubj", "dep", "npadvmod"}:
            if not any(c.dep == "prep" for c in _children(doc, child.i)):  # "each of the boxes": the boxes
                return "person"
    return ""


def _counts_unit(q: Qset, unit: str) -> bool:
    """Whether constant q counts the things x is per: the same entity, or people of a kind ("8 children"
    when each person's share is asked)."""
    return q.ent == unit or (unit == "person" and (q.ent == "people" or _same_things(q.ent, unit)))


def _share_unit(doc: Document, question: int, target: Qset) -> str:
    """What the question asks a share of one of: x's rate ("How many apples are in each bag?": bag),
    the thing whose price of one is asked ("How much does one marker cost?"), or a person ("How many
    did each get?"); "" when it asks none."""
    if target.rate:
        return target.rate
    toks = doc.sentence_tokens(question)
    verb = _governing_verb(doc, target.token)
    ent_tok = next((t for t in toks if t.lemma.lower() in {"cost", "price"} and t.pos == "NOUN"), None)
    return _price_of_one(doc, target.ent, ent_tok, verb) or _each_one(doc, verb)


def _asks_share(base: list[Qset], target: Qset, unit: str) -> bool:
    """The question asks how much one T gets, holds or costs ("How many apples are in each bag?",
    "How much does one marker cost?": x is a rate per T), a number of the text counts T ("packed
    equally into 6 bags", "a pack of 4 markers") and none is a rate per T already: x is a quotient,
    what is shared divided by the count of T."""
    if not unit or target.asks:
        return False
    counts = [q for q in base if q.qnt is not None and not q.irrelevant and _counts_unit(q, unit)]
    rates = [q for q in base if q.qnt is not None and unit in (q.rate, q.per) and q.ent != unit]
    # "If the cost of each stamp remains the same, how much would 4 stamps cost?" asks the price of several
    asked = [q for q in counts if q.sentence == target.sentence and q.token > target.token]
    return bool(counts) and not rates and not asked


#: Verbs that say what one thing costs: "A pencil *costs* 2 dollars", "A pen *is* 3 dollars".
PRICE_VERBS = {"cost", "be", "sell"}


def _priced_one(doc: Document, q: Qset) -> Token | None:
    """The noun of "a helmet costs $25", "each pen costs 3 dollars" read from the words, when the parse
    does not give the price a verb of price ("a helmet costs $25 and a lock costs $12": the first "costs"
    tagged a noun): a single thing after a/an/each/one, right before "cost(s)" and the money."""
    toks = doc.tokens
    i = q.token - 1
    if i < 2 or toks[i].text.lower() not in {"cost", "costs"}:
        return None
    noun = toks[i - 1]
    if noun.pos != "NOUN" or noun.tag == "NNS" or noun.lemma.lower() in MONEY_WORDS:
        return None
    j = i - 2
    while j >= 0 and toks[j].pos in {"NOUN", "ADJ"} and toks[j].tag != "NNS":
        j -= 1
    return noun if j >= 0 and toks[j].text.lower() in {"a", "an", "each", "every", "one"} else None


def _unit_price(doc: Document, q: Qset) -> str:
    """The thing a sum of money is the price of one of: its rate ("2 dollars each", "per pen"), or
    the single subject of its verb of price ("*A pencil* costs 2 dollars"); "" when it is none."""
    if q.ent not in {"dollar", "cent"} or q.qnt is None or q.implicit:
        return ""
    if q.rate:
        return q.rate
    one = _priced_one(doc, q)  # the words first: the parse may give "a drink costs $2" the subject of the price before
    return _noun_phrase_head_lemma(one) if one is not None else _parsed_unit_price(doc, q)


def _parsed_unit_price(doc: Document, q: Qset) -> str:
    verb = _governing_verb(doc, q.token)
    if verb is None or verb.lemma.lower() not in PRICE_VERBS:
        return ""
    subj = _subject(doc, verb)
    if subj is None or subj.pos != "NOUN" or subj.lemma.lower() in MONEY_WORDS:
        return ""
    if subj.tag == "NNS":  # "Pens cost 3 dollars each"
        after = []
        for tok in doc.tokens[q.token + 1 : q.token + 4]:
            if tok.pos in {"PUNCT", "CCONJ"}:
                break
            after.append(tok.text.lower())
        return _noun_phrase_head_lemma(subj) if {"each", "apiece"} & set(after) else ""
    if any(c.text.lower() in {"one", "a", "an", "each", "every"} and c.dep in {"det", "nummod"} for c in _children(doc, subj.i)):
        return _noun_phrase_head_lemma(subj)
    return ""


def _price_list(doc: Document, base: list[Qset]) -> list[Qset]:
    """A list of prices of one thing each and counts of those things ("A pencil costs 2 dollars and a
    pen costs 3 dollars. Jake buys 5 pencils and 2 pens."): each price multiplies the one number
    that counts its thing (its ``operation`` mul, its ``whole`` that count). Only for two prices or
    more, of different things, each counted by exactly one number. Prices of kinds of one thing are per
    kind: "an *adult* ticket costs $8 and a *child* ticket costs $5 ... tickets for 2 adults and 3 children"
    ($8 per adult, $5 per child)."""
    out = _prices(doc, base, lambda q: _unit_price(doc, q))
    if out is base:
        out = _prices(doc, base, lambda q: _priced_kind(doc, q) if _unit_price(doc, q) else "")
        words = [t.text.lower() for t in doc.sentence_tokens(_question_sentence(doc))]
        if out is not base and (asks_total(words) or "total" in words):  # "the total cost of tickets for 2 adults and 3 children"
            out = [replace(q, change="add") if q.operation == "mul" and q.rate and q is not p else q for q, p in zip(out, base)]
    return out


def _group_price(doc: Document, base: list[Qset], target: Qset) -> list[Qset]:
    """A price said for a group (:func:`pyasp.text.reading.group_prices`: "Lemons are on sale at 4
    for $1", "3 pairs for $7", "3 notebooks cost $5") prices other things of its kind by the group:
    asked the cost of 20 lemons, 20 / 4 groups at $1 (the count's ``operation`` div, its ``whole``
    the 20; the price's ``operation`` mul); asked how many limes $8 buys at "5 for $2", 8 / 2 groups
    of 5 (the price's div, the count's mul). Only when one other number counts the things (or, for
    the price, is money) and the reading holds nothing else of the two."""
    by_token = {q.token: q for q in base if q.qnt is not None and not q.implicit}
    found: dict[int, tuple[str, int]] = {}
    for count, price in group_prices(doc):
        c, p = by_token.get(count.start), by_token.get(price.start)
        if c is None or p is None or c.operation or p.operation or c.whole >= 0 or p.whole >= 0 or c.ent == p.ent:
            continue
        if _same_things(target.ent, c.ent):  # "How many limes can Carlos buy with $8?": 8 / 2
            divisor, others = p, [q for q in by_token.values() if q is not p and q.ent == p.ent and not q.irrelevant]
        else:  # "How many dollars do 20 lemons cost?": 20 / 4
            divisor, others = c, [q for q in by_token.values() if q is not c and _same_things(q.ent, c.ent) and not q.irrelevant]
        if len(others) == 1 and others[0].token not in found:
            found[divisor.token] = ("div", others[0].token)
            found[(p if divisor is c else c).token] = ("mul", -1)  # the groups times the price (the count)
    if not found:
        return base
    return [replace(q, operation=found[q.token][0], whole=found[q.token][1]) if q.token in found else q for q in base]


def _priced_kind(doc: Document, q: Qset) -> str:
    """The one word that names the kind of the thing a price is of ("an *adult* ticket costs $8"), or ""."""
    one = _priced_one(doc, q)
    if one is None:
        verb = _governing_verb(doc, q.token)
        subj = _subject(doc, verb) if verb is not None else None
        one = subj if subj is not None and subj.pos == "NOUN" else None
    if one is None:
        return ""
    kinds = [c for c in _children(doc, one.i) if c.dep in {"compound", "amod"} and c.i < one.i]
    return kinds[0].lemma.lower() if len(kinds) == 1 else ""


def _prices(doc: Document, base: list[Qset], unit_of) -> list[Qset]:
    found = {}
    for q in base:
        unit = unit_of(q)
        if unit:
            counts = [p for p in base if p.qnt is not None and not p.irrelevant and p.ent == unit and not _unit_price(doc, p)]
            if len(counts) != 1 or q.operation or q.whole >= 0 or unit in {u for u, _ in found.values()}:
                return base
            found[q.token] = (unit, counts[0].token)
    if len(found) < 2:
        return base
    return [replace(q, rate=found[q.token][0], operation="mul", whole=found[q.token][1]) if q.token in found else q
            for q in base]


def _sharers(doc: Document, num: Token) -> bool:
    """"shared the apples between *the 2 of them*": a number of persons named by a pronoun, among whom
    something is shared (the group, :func:`pyasp.text.reading.pronoun_group`, on "between"/"among")."""
    head = doc.tokens[num.head]
    return head.i != num.i and head.text.lower() in SHARING_PREPOSITIONS and pronoun_group(doc, num.i, num.i + 1) is not None


#: Words after a number that say it is given for each of several things: "25 students *each*".
EACH_AFTER = {"each", "apiece"}
#: Verbs with which a single thing of a kind is said to have a number of others: "A spider *has* eight legs".
HAVING_VERBS = {"have", "contain", "hold", "carry", "weigh", "cost", "need", "take", "get", "make", "use"}
RELATIVIZERS = {"that", "which", "who"}


def _distributed_over(doc: Document, anchor: Token) -> str:
    """The things a number "each" is given for: the noun its "with"/"of" phrase hangs on ("4 classes
    *with* 25 students each", "rows *of* 5 pies each"), the noun its clause describes ("2 shirts that
    cost $11 each", "124 students making 3 stars each"), else its verb's subject ("The shelves hold 45
    books each"); "" when none is a noun."""
    toks = doc.tokens
    if anchor.dep == "pobj" and anchor.head != anchor.i:
        prep = toks[anchor.head]
        if prep.text.lower() in {"with", "of"} and prep.head != prep.i and toks[prep.head].pos == "NOUN":
            return _noun_phrase_head_lemma(toks[prep.head])
    verb = _governing_verb(doc, anchor.i)
    if verb is None:
        return ""
    subj = next((c for c in _children(doc, verb.i) if c.dep in {"nsubj", "nsubjpass"}), None)
    if verb.dep in {"acl", "relcl"} and verb.head != verb.i and toks[verb.head].pos == "NOUN" and (
            subj is None or subj.text.lower() in RELATIVIZERS):
        return _noun_phrase_head_lemma(toks[verb.head])
    subj = subj if subj is not None else _subject(doc, verb)
    if subj is not None and subj.pos == "NOUN" and subj.i != anchor.i:
        return _noun_phrase_head_lemma(subj)
    # "She bought 3 books for $9 each": the verb's object, when its subject is no noun
    obj = next((c for c in _children(doc, verb.i) if c.dep == "dobj" and c.pos == "NOUN" and c.i != anchor.i), None)
    if obj is not None and anchor.dep == "pobj" and any(c.dep == "nummod" for c in _children(doc, obj.i)):
        return _noun_phrase_head_lemma(obj)
    return ""


def _each_rate(doc: Document, mention: Mention, q: Qset) -> str:
    """The unit a number is given per when "each" or "apiece" follows it and its thing ("4 classes with
    25 students *each*", "2 shirts that cost $11 *each*"); "" otherwise ("3 apples each day" is per day,
    read by :func:`_rate_of`)."""
    toks = doc.tokens
    ent_tok = None if mention.kind == "money" else _entity_token(doc, mention)
    anchor = ent_tok if ent_tok is not None and ent_tok.i >= mention.head else toks[mention.head]
    nxt = anchor.i + 1
    each = measure_of_each(doc, mention)  # "cuts the roll into pieces 8 m long": per piece
    if each is not None:
        unit = _noun_phrase_head_lemma(toks[each])
        return unit if unit != q.ent else ""
    if 0 < mention.start and toks[mention.start - 1].text.lower() == "each" and (
            toks[mention.start - 1].dep in {"det", "advmod", "npadvmod"}):  # "pieces that are each 8 inches long"
        unit = _distributed_over(doc, anchor)
        return unit if unit and unit not in {q.ent, "dollar", "cent"} and unit not in TIME_WORDS else ""
    if nxt >= len(toks) or toks[nxt].text.lower() not in EACH_AFTER:
        return _to_each(doc, anchor, q)
    if nxt + 1 < len(toks) and toks[nxt + 1].pos in NOUN_POS | {"ADJ", "NUM"} or toks[nxt].dep == "det":
        return ""
    unit = _distributed_over(doc, anchor)
    return unit if unit and unit not in {q.ent, "dollar", "cent"} and unit not in TIME_WORDS else ""


def _to_each(doc: Document, anchor: Token, q: Qset) -> str:
    """The things a number is given to each of: "He gives 6 stickers *to each of* his 5 friends" (6
    stickers per friend), "She put 4 apples in each of the 3 baskets"; "" otherwise."""
    if anchor.dep != "dobj" or anchor.head == anchor.i:
        return ""
    for prep in _children(doc, anchor.head):
        if prep.dep not in {"prep", "dative"} or prep.text.lower() not in {"to", "for", "in", "into", "on"}:
            continue
        for each in _children(doc, prep.i):
            if each.dep == "pobj" and each.text.lower() in {"each", "every"}:
                things = [obj for _, obj in _prep_objects(doc, each.i, {"of"}) if obj.pos == "NOUN"]
                if things and any(c.dep == "nummod" for c in _children(doc, things[0].i)):
                    unit = _noun_phrase_head_lemma(things[0])
                    return unit if unit != q.ent else ""
    return ""


def _for_each(doc: Document, mention: Mention, q: Qset) -> str:
    """The unit of a number said "for each" or "for every" thing right after it: "Tickets cost *$8 for
    each adult*", "She gets 3 stickers for every page" ($8 per adult, 3 stickers per page: its ``rate``,
    as "per adult" gives); "" otherwise."""
    toks = doc.tokens
    ent_tok = None if mention.kind == "money" else _entity_token(doc, mention)
    anchor = ent_tok if ent_tok is not None and ent_tok.i >= mention.head else toks[mention.head]
    i = anchor.i + 1
    if i + 2 >= len(toks) or toks[i].text.lower() != "for" or toks[i + 1].text.lower() not in {"each", "every"}:
        return ""
    noun = toks[i + 2]
    if noun.pos != "NOUN" or noun.head == i + 1:
        return ""
    unit = _noun_phrase_head_lemma(noun)
    return unit if unit not in {q.ent, "dollar", "cent"} and unit not in TIME_WORDS else ""


def _groups_of(doc: Document, mention: Mention, q: Qset) -> str:
    """The unit of a number of things said "of" a counted group: "4 boxes *of* 10 markers", "5 rows of 6
    chairs" (10 markers per box, 6 chairs per row); "" otherwise ("a box of 48 chocolates" is one box)."""
    ent_tok = None if mention.kind == "money" else _entity_token(doc, mention)
    if ent_tok is None or ent_tok.dep != "pobj" or ent_tok.head == ent_tok.i:
        return ""
    prep = doc.tokens[ent_tok.head]
    if prep.text.lower() != "of" or prep.head == prep.i:
        return ""
    group = doc.tokens[prep.head]
    if group.pos != "NOUN" or group.tag != "NNS" or not any(
            c.dep == "nummod" and c.pos == "NUM" and c.i != mention.head for c in _children(doc, group.i)):
        return ""
    unit = _noun_phrase_head_lemma(group)
    return unit if unit != q.ent and unit not in TIME_WORDS else ""


def _one_of_a_kind(doc: Document, mention: Mention, q: Qset, counted: set[str]) -> str:
    """The unit of a number said of any one thing of a kind that another number counts: "*A spider*
    has eight legs. How many legs do six spiders have?" (eight legs per spider); "" otherwise ("A
    farmer has 52 cows": no number counts farmers)."""
    ent_tok = None if mention.kind == "money" else _entity_token(doc, mention)
    anchor = ent_tok if ent_tok is not None else doc.tokens[mention.head]
    verb = _governing_verb(doc, anchor.i)
    if verb is None or verb.lemma.lower() not in HAVING_VERBS:
        return ""
    subj = next((c for c in _children(doc, verb.i) if c.dep in {"nsubj", "nsubjpass"}), None)
    if subj is None or subj.pos != "NOUN" or subj.tag != "NN" or subj.i == anchor.i:
        return ""
    if not any(c.dep in {"det", "nummod"} and c.text.lower() in {"a", "an", "one", "each", "every"} and c.i < subj.i
               for c in _children(doc, subj.i)):
        return ""
    unit = _noun_phrase_head_lemma(subj)
    return unit if unit in counted and unit != q.ent else ""


def _given_rates(doc: Document, base: list[Qset], asked: str = "") -> list[Qset]:
    """Rates the text gives without "per": "N things each" (:func:`_each_rate`) and what any one
    thing of a counted kind has (:func:`_one_of_a_kind`; the kind counted by a number or asked,
    ``asked``: "A bottle holds 500 mL. How many bottles ...?")."""
    mentions = {m.start: m for m in doc.mentions}
    counted = {q.ent for q in base if q.qnt is not None and not q.implicit} | ({asked} if asked else set())
    out = []
    for q in base:
        m = mentions.get(q.token)
        if m is not None and q.qnt is not None and not q.rate and not q.implicit and q.ent != FRACTION:
            unit = _each_rate(doc, m, q) or _one_of_a_kind(doc, m, q, counted - {q.ent}) or _groups_of(doc, m, q)
            if unit:
                q = replace(q, per=unit)
            elif unit := _for_each(doc, m, q):  # "$8 for each adult" says its unit as plainly as "per adult"
                q = replace(q, rate=unit)
        out.append(q)
    return out


def _group_sizes(doc: Document, base: list[Qset], groups: dict[int, str]) -> list[Qset]:
    """The size of groups said "of N" is a number of things per group (its ``per``): "They form teams of
    4 students" (4 students per team), "Pens come in packs of 10" (10 pens per pack: a bare number counts
    the things its verb's subject names). Read when a model chooses, as "4 students each" is."""
    out = []
    for q in base:
        unit = groups.get(q.token, "")
        if q.qnt is not None and unit and not (q.rate or q.per) and not q.implicit and q.ent != FRACTION:
            if q.ent_fallback:  # "Pens come in packs of 10": the things are the subject of "come"
                verb = _governing_verb(doc, q.token)
                subj = _subject(doc, verb) if verb is not None else None
                ent = _noun_phrase_head_lemma(subj) if subj is not None and subj.pos == "NOUN" and subj.tag == "NNS" else ""
                q = replace(q, ent=ent, ent_fallback=False) if ent and ent != unit else q
            if not q.ent_fallback and q.ent != unit:
                q = replace(q, per=unit)
        out.append(q)
    return out


def _base_qset(doc: Document, mention: Mention) -> Qset:
    num = doc.tokens[mention.head]
    ent_tok = None if mention.kind == "money" else _entity_token(doc, mention)
    anchor = ent_tok if ent_tok is not None else num
    verb = _governing_verb(doc, anchor.i)
    subj = _subject(doc, verb) if verb is not None else None
    ctr = _receiver(doc, verb)
    if not ctr and subj is not None and subj.i != anchor.i:
        ctr = _resolve(doc, subj)
    if not ctr and verb is not None:
        objs = _prep_objects(doc, anchor.i, LOCATION_PREPS) + _prep_objects(doc, verb.i, LOCATION_PREPS)
        if objs:
            ctr = _noun_phrase_head_lemma(objs[0][1])
    loc = ""
    for tok in (verb, ent_tok):
        if tok is not None and not loc:
            objs = _prep_objects(doc, tok.i, LOCATION_PREPS)
            loc = _noun_phrase_head_lemma(objs[0][1]) if objs else ""
    syn_tok = anchor
    syn = syn_tok.dep
    if syn == "conj" and syn_tok.head != syn_tok.i:
        head = doc.tokens[syn_tok.head]
        # "read 35 pages on Monday and 28 pages on Tuesday": a noun the parse joins to the verb is its object
        syn = "dobj" if head.pos in VERB_POS and syn_tok.pos in NOUN_POS else head.dep
    if syn == "pobj" and syn_tok.head != syn_tok.i:
        syn = f"pobj:{doc.tokens[syn_tok.head].text.lower()}"
    if mention.kind == "money":
        ent = "dollar"
    elif ent_tok is None and _sharers(doc, num):
        ent = "person"
    elif ent_tok is not None and (given := one_for_each_of(doc, mention)) is not None:
        ent = _noun_phrase_head_lemma(given)  # "a hat for each of her 6 grandchildren": 6 hats
    elif ent_tok is not None:
        ent = _noun_phrase_head_lemma(ent_tok)
        if ent == "dollar" and ent_tok.i >= 2 and doc.tokens[ent_tok.i - 2].text.lower() == "half":
            ent = "half-dollar"
    else:
        ent = ""
    adj = _modifiers(doc, ent_tok.i) if ent_tok is not None else ()
    head = doc.tokens[num.head]
    if head.i != num.i and head.pos == "ADJ" and head.lemma.lower() not in NOT_ENTITIES:
        adj = (head.lemma.lower(),) + adj  # "31 red and 15 green balloons": 31 -> red
    return Qset(
        mention.value,
        ent,
        ctr=ctr,
        adj=adj,
        vrb=verb.lemma.lower() if verb is not None else "",
        loc=loc,
        syn=syn,
        rate=_rate_of(doc, ent_tok, verb),
        text=mention.text,
        token=mention.start,
        sentence=mention.sentence,
        ent_fallback=not ent,
        subset=ent_tok is not None and ent_tok.head != ent_tok.i and doc.tokens[ent_tok.head].text.lower() == "of",
        keywords=_keywords(doc, mention),
    )


def _counted(q: Qset) -> str:
    """What a number counts, as a fallback for another: a fraction of a set gives its set ("put half
    of them in a vase and gave 5 to her friend": 5 flowers, not 5 fractions)."""
    return q.ctr if q.ent == FRACTION else q.ent


def _entity_token_of(doc: Document, q: Qset) -> Token | None:
    mention = next((m for m in doc.mentions if m.start == q.token), None)
    return _entity_token(doc, mention) if mention is not None and mention.kind != "money" else None


def _fill_entities(qsets: list[Qset], target: Qset, doc: Document) -> list[Qset]:
    """Fallbacks of Table 1 for a number that counts no noun: "3 and 5 apples" takes the entity
    of the next number when "and" follows closely; otherwise the entity of the nearest Qset
    before it (the set of a fraction of a set); with none, the last plural noun before it, else
    the question's entity."""
    out: list[Qset] = []
    for index, q in enumerate(qsets):
        if not q.ent:
            ent = later = ""
            after = doc.tokens[q.token + 1 : q.token + 8]
            if any(t.text.lower() == "and" for t in after):
                nxt = next((p for p in qsets[index + 1 :] if p.sentence == q.sentence and p.ent), None)
                ent = _counted(nxt) if nxt is not None else ""
                # "3 and 5 apples", "3 red and 5 green apples"; a verb between ("Pam baked 48 cookies. She ate 6
                # and put the rest into 7 bags") makes the next number's thing a guess after the one before
                if ent and any(t.pos in VERB_POS for t in doc.tokens[q.token + 1 : nxt.token]):
                    ent, later = "", ent
            if not ent:  # not the number of the people a list of names follows ("The three friends Aiko, Ben and Cy")
                ent = next((_counted(p) for p in reversed(out) if p.ent and not p.ent_fallback and not (
                    0 <= p.token < len(doc.tokens) and _names_follow(doc, _entity_token_of(doc, p) or doc.tokens[p.token], p.qnt))),
                    "") or later
            if not ent and q.token + 1 < len(doc.tokens) and doc.tokens[q.token + 1].text.lower() in {"more", "extra"}:
                # "it already had 15 and the students planted *36 more*": more of the things counted before
                ent = next((_counted(p) for p in reversed(out) if p.ent), "") or target.ent
            if not ent:
                plural = [t for t in doc.tokens[: q.token] if t.tag == "NNS" and t.lemma.lower() not in NOT_ENTITIES]
                ent = _noun_phrase_head_lemma(plural[-1]) if plural else (target.ent or "thing")
            q = replace(q, ent=ent, ent_fallback=True)
        out.append(q)
    return out


# -- Table 2: reordering ------------------------------------------------------------------------
def _rate_links(qsets: list[Qset]) -> tuple[list[Qset], bool]:
    """Rule ``rate_link``: "4 students in each bus" -> the students are contained in the bus.

    A Qset whose rate unit is the entity of another Qset keeps that unit as its container
    (ctr), so that the combine and the type rules see "students per bus" against "7 buses".
    """
    ents = {q.ent for q in qsets if not q.is_target}
    out, fired = [], False
    for q in qsets:
        if q.rate and q.rate in ents and q.ctr != q.rate:
            q = replace(q, ctr=q.rate)
            fired = True
        out.append(q)
    return out, fired


def _container_after_count(qsets: list[Qset]) -> tuple[list[Qset], bool]:
    """Rule ``container_after_count``: a Qset contained in another's entity ("students in each
    bus", ctr = bus) is read right after the count of its container ("7 buses")."""
    order = list(qsets)
    fired = False
    for q in list(order):
        if not q.rate or q.ctr != q.rate:
            continue
        counts = [p for p in order if p is not q and not p.is_target and p.ent == q.ctr and p.qnt is not None]
        if counts and order.index(q) != order.index(counts[0]) + 1:
            order.remove(q)
            order.insert(order.index(counts[0]) + 1, q)
            fired = True
    return order, fired


START_WORDS = {"begin", "beginning", "start", "first", "initially", "originally", "before"}


def _start_asked(doc: Document, question: int, target: Qset) -> set[str]:
    """The words of :data:`START_WORDS` the question says of x, not "first" naming one of several
    things ("How many passengers were on the bus after the *first* stop?"), nor a word of a story the
    question tells in an "if" clause ("How many shells does Priya have now if she *started* with 47 ...?")."""
    clause = _if_clause(doc, question) or (-1, -1)
    said = {t.lemma.lower() for t in doc.sentence_tokens(question) if not clause[0] <= t.i < clause[1]
            and not (t.dep == "amod" and t.pos == "ADJ")}
    return START_WORDS & set(target.keywords) & said


def _x_first_for_start(qsets: list[Qset]) -> tuple[list[Qset], bool]:
    """Rule ``x_first``: a question about the start ("how many did she have at first?") puts x
    first: the story starts from the unknown amount."""
    target = next(q for q in qsets if q.is_target)
    if not START_WORDS & set(target.keywords) or qsets[0] is target:
        return qsets, False
    return [target] + [q for q in qsets if q is not target], True


def _some_of(doc: Document, question: int, ent: str) -> tuple[Token, Token] | None:
    """The first "some" (or "several") of a statement that counts ``ent`` ("she gave Sam *some*
    of her seashells", "Ryan had *some* marbles"), with the noun it counts; None when there is none."""
    for tok in doc.tokens:
        if tok.sentence == question or tok.text.lower() not in {"some", "several"}:
            continue
        ent_tok = None
        if tok.dep == "det" and tok.head != tok.i:
            ent_tok = doc.tokens[tok.head]
        else:
            objs = _prep_objects(doc, tok.i, {"of"})
            ent_tok = objs[0][1] if objs else None
        if ent_tok is not None and _noun_phrase_head_lemma(ent_tok) == ent:
            return tok, ent_tok
        # "Tom had 12 marbles. His cousin gave him *some more*": "some" alone, of the things named before
        head = doc.tokens[tok.head]  # "some more" ("some" its determiner or adverb)
        phrase = head if head.i != tok.i and head.lemma.lower() == "more" else tok if ent_tok is None else None
        if (phrase is not None and phrase.dep in {"dobj", "nsubj", "nsubjpass"} and tok.sentence > 0
                and any(t.pos in NOUN_POS and _noun_phrase_head_lemma(t) == ent for t in doc.tokens[: tok.i])):
            return tok, phrase
    return None


def _some_is_x(qsets: list[Qset], doc: Document, question: int) -> tuple[list[Qset], bool]:
    """Rule ``some_is_x``: "she gave Sam some of her seashells" is where the unknown amount
    happens in the story: x takes the place of "some" when its entity is x's entity."""
    target = next(q for q in qsets if q.is_target)
    found = _some_of(doc, question, target.ent)
    if found is None:
        return qsets, False
    tok, ent_tok = found
    verb = _governing_verb(doc, ent_tok.i)
    moved = replace(target, token=tok.i, sentence=tok.sentence)
    if verb is not None and not target.vrb:
        moved = replace(moved, vrb=verb.lemma.lower())
    order = sorted([q for q in qsets if q is not target] + [moved], key=lambda q: q.token)
    return order, True


def _unknown_number(doc: Document, question: int) -> Token | None:
    """The "a number" of a number puzzle ("A number increased by 15 is 42. What is the number?"):
    the first "a/an/some/certain number" before the question sentence, when the question asks for
    the number (or says nothing of what it asks). None when the text is no such puzzle."""
    asked = [t for t in doc.sentence_tokens(question) if t.pos in NOUN_POS]
    if asked and not any(_names_a_number(doc, t) for t in asked):  # "the number of years" counts years
        return None
    for tok in doc.tokens:
        if tok.sentence >= question and asked:
            break
        if _names_a_number(doc, tok) and tok.i > 0:
            before = {t.text.lower() for t in doc.tokens[max(0, tok.i - 2) : tok.i]}
            if before & {"a", "an", "some", "certain"}:
                return tok
    return None


def _names_a_number(doc: Document, tok: Token) -> bool:
    """"number" (or "integer") as the thing itself, not a count of something ("a number of birds")."""
    after = doc.tokens[tok.i + 1].text.lower() if tok.i + 1 < len(doc.tokens) else ""
    return tok.lemma.lower() in NUMBER_WORDS and tok.pos in NOUN_POS and after != "of"


def _number_is_x(target: Qset, doc: Document, tok: Token) -> Qset:
    """In a number puzzle x is a number, and stands where the text says "a number"."""
    verb = _governing_verb(doc, tok.i)
    return replace(target, ent="number", ent_fallback=False, token=tok.i, sentence=tok.sentence, syn=tok.dep,
                   vrb=verb.lemma.lower() if verb is not None else target.vrb)


#: Verbs that state a number puzzle's equation: "A number increased by 7 *is* 19", "... *equals* 5",
#: "If you add 15 to a number, you *get* 25".
EQUALITY_VERBS = {"be", "equal", "get"}

#: A number puzzle's words of operation around a number (or "a number"), by what they say of it:
#: an operand of + or * ("add"/"mul"), or what is subtracted or divided by ("sub"/"div": the
#: right operand). Phrases before the number ("increased by 7") and after it ("5 less than").
OPERATION_BEFORE = {
    "add": (("plus",), ("increased", "by"), ("add",), ("added", "to"), ("sum", "of")),
    "sub": (("minus",), ("decreased", "by"), ("reduced", "by"), ("subtract",)),
    "mul": (("times",), ("multiplied", "by"), ("multiply",), ("product", "of")),
    "div": (("divided", "by"),),
}
OPERATION_AFTER = {
    "add": (("more", "than"), ("added", "to"), ("is", "added", "to"), ("are", "added", "to")),
    "sub": (("less", "than"), ("fewer", "than"), ("subtracted", "from"), ("is", "subtracted", "from"),
            ("are", "subtracted", "from"), ("taken", "from"), ("taken", "away", "from")),
    "mul": (("times",),),
}
#: "the difference between A and B": what is done with B.
OF_TWO = {"sum": "add", "difference": "sub", "product": "mul", "quotient": "div"}
#: Words that are a multiplier themselves ("*twice* a number").
MULTIPLIER_WORDS = {"twice", "double", "triple", "thrice"}


def _equality_split(doc: Document, lo: int, hi: int) -> int | None:
    """The token of tokens lo..hi-1 that splits them into the two sides of an equation: the only
    verb "be", "equal" or "get" that is no auxiliary ("the result *is* 17", not "6 *is* added");
    None when there is none or more than one."""
    verbs = [t.i for t in doc.tokens[lo:hi]
             if t.lemma.lower() in EQUALITY_VERBS and t.pos in VERB_POS and t.dep not in {"aux", "auxpass"}]
    return verbs[0] if len(verbs) == 1 else None


def _statements(doc: Document, first: int, question: int):
    """Token spans (lo, hi) of the sentences first..question-1; a sentence the parser cut off
    before its verb ("A number minus 13. | is 12.") is joined to the sentence it continues."""
    s = first
    while s < question:
        lo, hi = doc.sentences[s]
        if s + 1 < question:
            nxt = doc.tokens[doc.sentences[s + 1][0]]
            if nxt.lemma.lower() in EQUALITY_VERBS and nxt.pos in VERB_POS and _equality_split(doc, lo, hi) is None:
                yield lo, doc.sentences[s + 1][1]
                s += 2
                continue
        yield lo, hi
        s += 1


def _operation(doc: Document, lo: int, hi: int, first: int, last: int, value: Fraction | None) -> str:
    """What a number puzzle's words say of the quantity at tokens first..last (within lo..hi):
    "add", "sub", "mul", "div" (see :data:`OPERATION_BEFORE`), or "" when they say nothing."""
    words = [t.text.lower() for t in doc.tokens]
    lemmas = [t.lemma.lower() for t in doc.tokens]

    def at(i: int, phrase: tuple[str, ...]) -> bool:  # the phrase's words (or lemmas) from token i on
        return lo <= i and i + len(phrase) <= hi and all(p in (words[i + k], lemmas[i + k]) for k, p in enumerate(phrase))

    after_words = words[last + 1 : hi]
    if words[first] in MULTIPLIER_WORDS:
        return "mul"
    if value is not None and 0 < value < 1 and after_words[:1] == ["of"]:  # "half of", "0.20 of"
        return "mul"
    for op, phrases in OPERATION_AFTER.items():
        if any(at(last + 1, p) for p in phrases):
            return op
    if after_words[:1] in (["times"], ["of"]):
        return ""  # "plus 3 times a number": 3 is a factor, not a term
    for op, phrases in OPERATION_BEFORE.items():
        if any(at(first - len(p), p) for p in phrases):
            return op
    if first - 1 >= lo and words[first - 1] == "and":  # "the difference between a number and 9": 9
        for i in range(first - 2, lo - 1, -1):
            if words[i] == "and":
                break
            if words[i] in OF_TWO and i + 1 < hi and words[i + 1] in {"of", "between"}:
                return OF_TWO[words[i]]
    return ""


def _phrase_start(doc: Document, tok: Token) -> int:
    """The first token of the noun phrase "a number", "her number", "the unknown number"."""
    i = tok.i
    while i - 1 >= 0 and doc.tokens[i - 1].head == tok.i and doc.tokens[i - 1].dep in {"det", "poss", "amod"}:
        i -= 1
    return i


def _equation_sides(doc: Document, question: int, unknown: Token, qsets: list[Qset]) -> tuple[list[Qset], Token, int, str, bool] | None:
    """The sides of a number puzzle's equation ("A number increased by 7 | is | 19"): the first
    statement from the unknown's sentence on, before the question, that names the number ("a
    number", "her number") and splits at one "is" / "equals" / "get" with a number of the text on
    one side at least. Returns the Qsets, those of the statement with their ``side`` and
    ``operation`` (the others unchanged), the token that names x there, x's side, its operation and
    whether the statement names x on its other side too; None when no statement is such an equation."""
    for lo, hi in _statements(doc, unknown.sentence, question):
        split = _equality_split(doc, lo, hi)
        if split is None:
            continue
        names = [t for t in doc.tokens[lo:hi] if _names_a_number(doc, t)
                 or t.text.lower() == "it" and unknown.i < t.i]  # "I think of a number. If I add 11 to it, ..."
        mine = [q for q in qsets if lo <= q.token < hi]
        if not names or not mine:
            continue
        x_tok = unknown if lo <= unknown.i < hi else names[0]
        x_side = 1 if x_tok.i < split else 2
        if {1 if q.token < split else 2 for q in mine} | {x_side} != {1, 2}:
            continue
        ends = {m.start: m.end - 1 for m in doc.mentions}
        out = []
        for q in qsets:
            if lo <= q.token < hi:
                side_lo, side_hi = (lo, split) if q.token < split else (split + 1, hi)
                op = _operation(doc, side_lo, side_hi, q.token, ends.get(q.token, q.token), q.qnt)
                q = replace(q, side=1 if q.token < split else 2, operation=op)
            out.append(q)
        side_lo, side_hi = (lo, split) if x_side == 1 else (split + 1, hi)
        x_op = _operation(doc, side_lo, side_hi, _phrase_start(doc, x_tok), x_tok.i, None)
        # "Four times a number is 36 more than the number": x on both sides (see _collect_x)
        again = any(t.i != x_tok.i and (t.i < split) != (x_side == 1) for t in names)
        return out, x_tok, x_side, x_op, again
    return None


def _spoken_question(doc: Document, question: int, qsets: list[Qset]) -> SpokenOperation | None:
    """The operation the question says in words on the text's only two numbers ("What is 7 plus
    8?", "Find the product of 6 and 4.", "What number is 5 less than 12?"): its value is x."""
    spoken = spoken_operation(doc, question)
    if spoken is None or sorted(q.token for q in qsets) != sorted((spoken.left.start, spoken.right.start)):
        return None
    return spoken


def _spoken_sides(qsets: list[Qset], target: Qset, spoken: SpokenOperation) -> tuple[list[Qset], Qset]:
    """x = left op right, as :func:`_equation_sides` reads a number puzzle's statement: x alone on
    one side, the two numbers on the other, the right one said to be added, subtracted, multiplied
    or divided by (the encoding's ``operation/2``)."""
    ops = {spoken.left.start: spoken.op if spoken.op in {"add", "mul"} else "", spoken.right.start: spoken.op}
    return [replace(q, side=2, operation=ops[q.token]) for q in qsets], replace(target, side=1, operation="")


def _collect_x(qsets: list[Qset], target: Qset) -> tuple[list[Qset], Qset]:
    """A number puzzle that names x on both sides, once times k and once plus n ("Four times a number
    is 36 more than the number", "A number increased by 36 is four times the number"): kx = x + n is
    (k - 1)x = n. k becomes k - 1 (``shown`` "(4-1)") on x's side, x its factor, n stands alone on the
    other side; unchanged unless each side holds one number of the text, one a factor above 1, the
    other added."""
    mine = [q for q in qsets if q.side and q.qnt is not None]
    if len(mine) != 2 or {q.side for q in mine} != {1, 2}:
        return qsets, target
    factor = next((q for q in mine if q.operation == "mul" and q.qnt is not None and q.qnt > 1), None)
    term = next((q for q in mine if q.operation == "add" and q.qnt is not None), None)
    if factor is None or term is None:
        return qsets, target
    other = 2 if target.side == 1 else 1
    changed = {factor.token: replace(factor, qnt=factor.qnt - 1, shown=f"({number_text(factor.qnt)}-1)", side=target.side),
               term.token: replace(term, operation="", side=other)}
    return [changed.get(q.token, q) for q in qsets], replace(target, operation="mul")


#: Comparatives of a "than" construction ("5 more apples than", "7 less than a number"), by what
#: they say of the number: added to what is compared with ("more") or taken from it ("less").
COMPARATIVES = {"more": ("more", "greater", "larger", "bigger", "older", "longer", "taller", "farther", "further"),
                "less": ("less", "fewer", "smaller", "younger", "shorter")}
#: Words that can stand between a number and its comparative, or the comparative and "than":
#: "8 *red* stickers fewer", "3 *years* older", "5 more *blue* marbles than".
_COMPARED_WORDS = NOUN_POS | {"ADJ"}


def _comparison(doc: Document, q: Qset, end: int) -> tuple[str, int] | None:
    """What a comparison says of the number at tokens q.token..end, and where what it compares
    with begins: "8 fewer stickers than | Paul" is ("sub", the token after "than"), "3 years
    older than | Ann" ("add", ...), "4 times as many marbles as | Sam" ("mul", ...); None when the
    number begins no comparison. Not for a percentage ("20% more than" scales, it does not add)."""
    toks = doc.tokens
    stop = doc.sentences[q.sentence][1] if 0 <= q.sentence < len(doc.sentences) else len(toks)
    if q.text.endswith("%") or any(t.text.lower() in {"%", "percent"} for t in toks[end + 1 : end + 2]):
        return None

    def skip(i: int, limit: int) -> int:  # past the nouns and adjectives that may stand here
        while i < min(stop, limit) and toks[i].pos in _COMPARED_WORDS and toks[i].text.lower() not in ("than", "as"):
            if any(toks[i].text.lower() in words for words in COMPARATIVES.values()):
                break
            i += 1
        return i

    i = end + 1
    if (i < stop and toks[i].text.lower() == "times" or toks[q.token].text.lower() in MULTIPLIER_WORDS
            or q.ent == FRACTION or toks[q.token].text.lower() == "half"):  # "*half* as many pages on Sunday", "is half as high"
        i += toks[i].text.lower() == "times"
        if i + 1 < stop and toks[i].text.lower() == "as" and (toks[i + 1].text.lower() in {"many", "much"}
                                                              or toks[i + 1].pos in {"ADJ", "ADV"}):  # "as long as": ADV too
            j = skip(i + 2, i + 6)
            if j < stop and toks[j].text.lower() == "as":
                return "mul", j + 1
            if j >= stop or toks[j].pos in {"ADP", "PUNCT", "CCONJ"} and toks[j].text.lower() != "as":
                return "mul", -1  # "12 pages on Monday and *twice as many* on Tuesday": as the number before
        return None
    unsaid = _compared_unsaid(doc, q)
    if unsaid is not None:  # "Tim has 7 fewer.", "Ben's dog is 3 years older.": than what was said before
        return ("sub" if unsaid[0] in LESS_WORDS else "add"), -1
    i = skip(i, i + 3)
    kind = next((k for k, words in COMPARATIVES.items() if i < stop and toks[i].text.lower() in words), None)
    if kind is None:
        return None
    j = skip(i + 1, i + 5)
    if j < stop and toks[j].text.lower() == "than":
        return ("add" if kind == "more" else "sub"), j + 1
    if kind == "less" and (j >= stop or toks[j].pos in {"PUNCT", "CCONJ"}):
        # "Tickets are $11, but children pay $4 less.": less than the amount said before it
        # ("more" alone is as often a transfer: "got 5 more")
        return "sub", -1
    return None


def _discount(doc: Document, q: Qset) -> bool:
    """Whether the number of ``q`` is an amount taken off a price ("a $9 discount":
    :func:`pyasp.text.reading.takes_off_a_price`, which arith reads as a math term)."""
    m = next((m for m in doc.mentions if m.start <= q.token < m.end), None)
    return m is not None and takes_off_a_price(doc, m)


def _compared_unsaid(doc: Document, q: Qset) -> tuple[str, Mention] | None:
    """The comparison without "than" that the number of ``q`` says, of the number said just
    before (:func:`pyasp.text.reading.compared_unsaid`): (the comparative, that number)."""
    m = next((m for m in doc.mentions if m.start == q.token), None)
    return compared_unsaid(doc, m) if m is not None else None


def _content_lemmas(tokens) -> set[str]:
    """The lemmas of the nouns and adjectives of a phrase, up to its first verb, number or
    punctuation: "than on *Monday*", "than *the red box* does"."""
    words = set()
    for t in tokens:
        if t.pos in {"PUNCT", "VERB", "AUX", "NUM", "CCONJ", "SCONJ"}:
            break
        if t.pos in NOUN_POS or t.pos == "ADJ":
            words.add(t.lemma.lower())
    return words


def _comparative_operations(doc: Document, base: list[Qset], target: Qset) -> tuple[list[Qset], Qset]:
    """A number that a comparison adds, takes away or multiplies by ("Rita has 8 *fewer* stickers
    *than* Paul", "3 years *older than*", "4 *times as many* marbles *as*"): its ``operation``, and
    its ``whole`` the one number (or x) of what it is compared with, when the text names its owner
    ("than Paul": the number Paul has) or its entity ("15 fewer girls than boys"). The encoding
    then counts the number from that base: 20 - 8, never 20 * 8 or x - 8 = 20."""
    ends = {m.start: m.end - 1 for m in doc.mentions}
    out = []
    for q in base:
        found = None
        if (q.ent != FRACTION and not q.operation or q.ent == FRACTION and _as_many_after(doc, q)) and q.qnt is not None and q.token >= 0:
            found = _comparison(doc, q, ends.get(q.token, q.token))
        if found is None and q.qnt is not None and q.token >= 0 and not q.operation and _discount(doc, q):
            # "a $9 discount": taken off the price it is of, the amount said last before it (not a
            # price of one: "5 balls for $14 each and got a $10 discount on the total")
            before = [p for p in base if p.qnt is not None and p.token < q.token and p.ent == q.ent and not p.implicit]
            whole = before[-1].token if before and not before[-1].per and not before[-1].rate else -1
            if asks_before_a_discount(doc, target.sentence):
                # asked the price before it ("What did it cost before the discount?"): the price
                # said is the one after it, and the discount is taken off the price asked
                whole = target.token
            out.append(replace(q, operation="sub", whole=whole))
            continue
        if found is None:
            out.append(q)
            continue
        op, start = found
        if q.ent == FRACTION and start >= 0:  # "half as much as the bag of potatoes": read as a fraction of it
            out.append(q)
            continue
        unsaid = _compared_unsaid(doc, q) if start < 0 else None
        if unsaid is not None:  # "Lena has 18 roses. Tim has 7 fewer.": the number said just before
            before = [p for p in base if p.token == unsaid[1].start and p.qnt is not None]
            out.append(replace(q, operation=op, whole=before[0].token if before else -1))
            continue
        if start < 0:  # said without "as ...": the number of the same things said last before it
            before = [p for p in base if p.qnt is not None and p.token < q.token and p.ent != FRACTION and not p.implicit
                      and (_same_things(p.ent, q.ent) or q.ent_fallback or q.ent == FRACTION) and q.sentence - p.sentence in (0, 1)]
            out.append(replace(q, operation=op, whole=before[-1].token if before else -1))
            continue
        timed = _compared_time(doc, base, q)
        if timed is not None and not (op == "mul" and timed[1]):  # "15 more baguettes than on Monday", "48 cups on Saturday, which was 19 more than on Friday"
            b, undone = timed
            out.append(replace(q, operation=({"add": "sub", "sub": "add"}.get(op, op) if undone else op), whole=b.token))
            continue
        first, stop = doc.sentences[q.sentence]
        noun = next((t for t in doc.tokens[start : min(stop, start + 4)]
                     if t.pos in NOUN_POS or t.pos == "PRON" and t.dep != "poss"), None)  # "than his brother"
        whole, name = -1, ""
        if noun is not None and noun.text.lower() in PRONOUNS:  # "than him": the last one named before
            name = next((_noun_phrase_head_lemma(t) for t in reversed(doc.tokens[:first])
                         if t.dep in {"nsubj", "nsubjpass"} and t.pos in NOUN_POS), "")
        elif noun is not None:
            name = _resolve(doc, noun)
        bases = []
        if name and name != q.ctr:
            bases = [p for p in base + [target] if p is not q and (
                p.ctr == name and (p.ent == q.ent or p.is_target or not q.ent)  # "than Paul": what Paul has
                or p.ent == name)]  # "15 fewer girls than boys": the boys
        if not bases:  # "0.7 inches less than on Monday": the number of the sentence about Monday
            words = _content_lemmas(doc.tokens[start:stop])
            bases = [p for p in base if p is not q and p.sentence != q.sentence and p.qnt is not None and words
                     and words <= {t.lemma.lower() for t in doc.tokens[slice(*doc.sentences[p.sentence])]}]
            if (not bases and words and 0 <= target.sentence != q.sentence
                    and words <= {t.lemma.lower() for t in doc.sentence_tokens(target.sentence)}):
                bases = [target]  # "That is 3 times as long as Ben's rope. How long is Ben's rope?": x
        if len(bases) == 2 and target in bases and _asks_a_group(doc, target):
            bases.remove(target)  # "How many do *they* have?": x is theirs, not only the one named last
        if len(bases) == 1:
            whole = bases[0].token
        out.append(replace(q, operation=op, whole=whole))
    return out, target


def _compared_time(doc: Document, base: list[Qset], q: Qset) -> tuple[Qset, bool] | None:
    """For a number more or fewer than the same thing at another time
    (:func:`pyasp.text.reading.times_compared`: "On Tuesday it sold 15 more baguettes than on
    Monday", "48 cups on Saturday, which was 19 more cups than it sold on Friday"), the one other
    number that tells one of the two times (:func:`pyasp.text.reading.time_of`), and whether it
    tells the comparison's own time, so that the comparison is undone on it (48 - 19 on Friday)
    rather than applied (46 on Monday + 15); else None."""
    m = next((m for m in doc.mentions if m.start == q.token), None)
    times = times_compared(doc, m) if m is not None else None
    if times is None:
        return None
    found = []
    for p in base:
        pm = next((m for m in doc.mentions if m.start == p.token), None) if p is not q and p.qnt is not None else None
        if pm is not None and not p.operation and not p.implicit and _same_things(p.ent, q.ent) and time_of(doc, pm) in times:
            found.append((p, time_of(doc, pm) == times[0]))
    return found[0] if len(found) == 1 else None


def _as_many_after(doc: Document, q: Qset) -> bool:
    """A fraction that compares: "*half* as many pages", "a third as much" (the fraction's words, then "as
    many" or "as much")."""
    end = next((m.end for m in doc.mentions if m.start == q.token), q.token + 1)
    words = [t.text.lower() for t in doc.tokens[end : end + 2]]
    return words[:1] == ["as"] and words[1:] in (["many"], ["much"])


def _asks_a_group(doc: Document, target: Qset) -> bool:
    """Whether the question's subject is several owners ("How many cards do *they* have together?"),
    so that x belongs to no one of them, whoever was named last."""
    return target.sentence >= 0 and any(t.text.lower() in {"they", "we"} and t.dep in {"nsubj", "nsubjpass"}
                                        for t in doc.sentence_tokens(target.sentence))


def _together(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """"Ben has 15 marbles. Amy has *twice as many* marbles as Ben. How many marbles do *they* have
    *together*?": what both have is Ben's 15 and Amy's 2 * 15, 15 * (1 + 2). The trees use each number
    once, so a comparison and its base, both counted in the total, become one number when the question
    asks what they have together ("together", "altogether", "in all", "combined", "both", "total", with
    "they" or both owners named, or one owner at two times: "12 pages on Monday and twice as many on
    Tuesday ... in all") and no other number counts their things:

    * a multiplier becomes 1 + itself (``shown`` "(1+2)"): 15 * (1 + 2);
    * a number more or fewer leaves its base counted twice ("Zoe has 5 more stickers than Ann. Ann has 9
      stickers. How many do they have in all?"): the base becomes 2 * itself (``shown`` "(2*9)"), and the
      comparison adds or takes its number from it: 2 * 9 + 5."""
    qtoks = doc.sentence_tokens(question)
    words = [t.text.lower() for t in qtoks]
    if not (asks_total(words) or _over_named_periods(doc, question)) or target.asks:
        return base
    by_token = {q.token: q for q in base}
    named = {_noun_phrase_head_lemma(t) for t in qtoks}
    ends = {m.start: m.end - 1 for m in doc.mentions}
    # "How many do *the two girls* have?": a group of as many as are compared
    group = any(t.text.lower() in {"two", "2"} and t.i > 0 and doc.tokens[t.i - 1].text.lower() == "the" for t in qtoks)
    doubled: dict[int, Qset] = {}
    out = []
    for q in base:
        fraction = q.ent == FRACTION and _as_many_after(doc, q)  # "half as many"
        b = by_token.get(q.whole) if q.operation in {"mul", "add", "sub"} and q.whole >= 0 and (q.ent != FRACTION or fraction) else None
        if b is not None and _comparison(doc, q, ends.get(q.token, q.token)) is None:
            b = None  # a comparison, not "9 dozen" (12 times 9 of one owner)
        if (b is not None and b.qnt is not None and q.qnt is not None and q.ctr and b.ctr
                and (q.ctr != b.ctr and ({"they", "we", "both"}.intersection(words) or {q.ctr, b.ctr} <= named or group)
                     or (q.ctr == b.ctr or fraction) and (q.sentence == b.sentence or _compared_time(doc, base, q))
                     and target.ctr in ("", b.ctr))
                and not any(p.qnt is not None and p is not q and p is not b and _same_things(p.ent, target.ent) for p in base)):
            if q.operation == "mul" and (q.qnt > 1 or fraction):  # "half as many": 24 * (1 + 0.5)
                d = q.qnt.denominator
                while d % 2 == 0 or d % 5 == 0:
                    d //= 2 if d % 2 == 0 else 5
                text = number_text(q.qnt) if d == 1 else f"{q.qnt.numerator}/{q.qnt.denominator}"  # "a third": 1/3
                q = replace(q, qnt=q.qnt + 1, shown=f"(1+{text})")
            elif q.operation in {"add", "sub"} and b.token not in doubled and not b.shown:
                doubled[b.token] = replace(b, qnt=2 * b.qnt, shown=f"(2*{b.text if b.text.isdigit() else number_text(b.qnt)})")
        out.append(q)
    return [doubled.get(q.token, q) for q in out]


def _over_named_periods(doc: Document, question: int) -> bool:
    """Whether the question asks over a period that the statements name the parts of: "... on Saturday and
    half as many on Sunday. How many pages did she read *over the weekend*?", "... on Monday ... on Tuesday.
    How much did he earn *this week*?": a time word after "over", "during", "in", "for", "on", "this" or
    "that" in the question, and at least two periods named by the statements (days, "morning" ...)."""
    asked = any(t.lemma.lower() in TIME_WORDS - NAMED_PERIODS and t.pos in NOUN_POS and any(
        c.text.lower() in {"this", "that", "the", "both"} for c in _children(doc, t.i)) and (
        t.dep == "pobj" and doc.tokens[t.head].text.lower() in {"over", "during", "in", "for", "on", "across"}
        or t.dep == "npadvmod") for t in doc.sentence_tokens(question))
    named = {t.lemma.lower() for t in doc.tokens if t.sentence != question and t.lemma.lower() in NAMED_PERIODS}
    return asked and len(named) >= 2


def _times_difference(doc: Document, base: list[Qset], target: Qset, question: int) -> tuple[list[Qset], Qset]:
    """"Luke is 9 years old. His father is *4 times as old as* Luke. How much *older* is his father *than*
    Luke?": the difference between k times a base and the base is the base times k - 1, 9 * (4 - 1). The
    question asks a difference (``asks`` sub), a multiplier of a comparison (its ``operation`` mul, its
    base another number of another owner) is the only other number of x's things, and the question names
    the base's owner: the multiplier becomes k - 1 (``shown`` so) and x is no difference of numbers."""
    if target.asks != "sub":
        return base, target
    by_token = {q.token: q for q in base}
    asked = {_noun_phrase_head_lemma(t) for t in doc.sentence_tokens(question)}
    for q in base:
        b = by_token.get(q.whole) if q.operation == "mul" and q.whole >= 0 and q.ent != FRACTION else None
        if (b is None or b.qnt is None or q.qnt is None or q.qnt.denominator != 1 or q.qnt <= 1 or not q.ctr or not b.ctr
                or q.ctr == b.ctr or b.ctr not in asked):
            continue
        if any(p.qnt is not None and p is not q and p is not b and not p.irrelevant and _same_things(p.ent, target.ent) for p in base):
            return base, target
        out = [replace(p, qnt=p.qnt - 1, shown=f"({number_text(p.qnt)}-1)") if p is q else p for p in base]
        return out, replace(target, asks="")
    return base, target


#: Determiners of a set named before: "half of *the* fish", "half of *her* stickers".
#: determiners that point back at what the text said ("How tall was the plant after *those* 6 weeks?")
POINTING_BACK = {"these", "those"}
DEFINITE = {"the", "these", "those", "this", "that", "my", "your", "his", "her", "its", "our", "their"}
#: Words before "half" that make it a noun, no number: "in the *first* half of the day".
HALF_NOUN_BEFORE = {"the", "first", "second", "other", "last", "this", "that", "each"}


def _part_of(doc: Document, mention: Mention, before: list[Qset]) -> str:
    """The whole of a fraction of a set named elsewhere ("half of the fish", "half of them",
    "0.7 of the students", "half a dozen eggs"): the entity of that set, else "". A fraction of an
    indefinite unit ("0.2 of a bucket", "half an hour") is an amount of that unit, no part."""
    if mention.value is None or not 0 < mention.value < 1:
        return ""
    toks = doc.tokens
    nxt = mention.end
    if nxt + 1 >= len(toks):
        return ""
    if toks[nxt].text.lower() in {"a", "an"}:  # "half a dozen eggs": a part of the next quantity
        later = next((m for m in doc.mentions if m.start == nxt + 1), None)
        if later is not None:
            head = toks[later.head]
            noun = toks[head.head] if head.head != head.i else head
            return _noun_phrase_head_lemma(noun) if noun.pos in NOUN_POS else "thing"
        return ""
    if toks[nxt].text.lower() in {"as"} and nxt + 1 < len(toks) and toks[nxt + 1].text.lower() in {"many", "much"}:
        # "half as many blue beads", "half as many as Dan has": a fraction of what is compared
        noun = None
        for tok in toks[nxt + 2 : min(len(toks), nxt + 5)]:
            if tok.text.lower() in {"as", "than"} or tok.pos in {"PUNCT", "VERB", "AUX"}:
                break
            if tok.pos == "NOUN":
                noun = tok
                break
        if noun is not None and noun.lemma.lower() not in NOT_ENTITIES:
            return _whole_name(_noun_phrase_head_lemma(noun))
        named = [q.ent for q in before if q.ent and q.sentence >= 0]
        return named[-1] if named else "thing"
    percent = mention.text.endswith("%") or mention.text.lower().endswith("percent")
    if percent and toks[nxt].text.lower() != "of" and (
            toks[mention.head].dep in {"nsubj", "nsubjpass"} or toks[nxt].text.lower() == "off"):
        # "In a class of 30 students, 40% wear glasses", "40 dollars ... 25% off": of the set named before
        named = [q.ent for q in before if q.ent and q.sentence >= 0]
        return named[-1] if named else ""
    if toks[nxt].text.lower() != "of":
        if mention.text.lower() == "half" and (toks[nxt].text.lower() in DEFINITE - {"that", "this"} or toks[nxt].tag == "PRP$"):
            nxt -= 1  # "half his age", "half the cookies": "half of" without its "of"
        else:
            return ""
    if toks[nxt + 1].text.lower() == "all" and nxt + 2 < len(toks) and toks[nxt + 1].dep in {"predet", "det"}:
        nxt += 1  # "half of all his earnings": the whole is all of them, said with its noun after "all"
    first = toks[nxt + 1]
    if first.pos == "PRON" and first.text.lower() in {"them", "it", "those", "these"}:
        named = [q.ent for q in before if q.ent and q.sentence >= 0]
        return named[-1] if named else "thing"
    if first.text.lower() in DEFINITE or first.tag == "PRP$":
        for tok in toks[nxt + 1 : min(len(toks), nxt + 6)]:
            if tok.pos in NOUN_POS or tok.text.lower() == "remaining":
                noun = tok if tok.pos in NOUN_POS else next((t for t in toks[tok.i + 1 : tok.i + 3] if t.pos in NOUN_POS), tok)
                return _whole_name(_noun_phrase_head_lemma(noun))
            if tok.pos in {"VERB", "AUX", "PUNCT", "ADP"}:
                break
    return ""


def _whole_name(lemma: str) -> str:
    """The entity a whole is counted in: "half of his money" is a part of his dollars (as the
    question's "how much money" is)."""
    return {"money": "dollar", "change": "dollar", "saving": "dollar", "savings": "dollar", "allowance": "dollar",
            "salary": "dollar", "age": "year"}.get(lemma, lemma)


def _share_operations(doc: Document, base: list[Qset], target: Qset) -> list[Qset]:
    """A fraction of a set whose whole the problem counts ("50 dollars ... half of his money",
    "30 students. Half of the students", "his age"; the asked thing included) multiplies it:
    its ``operation`` is mul, and when a number before it counts the whole ("48 students. Half of
    them"), or its phrase holds that number ("half of the 40 cars", "half a dozen"), ``whole`` is
    that number's token: the fraction multiplies it (not so for "half of the remaining apples").
    Not when the question asks for a fraction ("what fraction of the
    students"), nor for a fraction of a whole no number counts ("0.7 of the students ... 0.2")."""
    if target.ent == FRACTION:
        return base
    counted = {q.ent for q in base if q.ent != FRACTION} | {target.ent}
    out = []
    for q in base:
        if q.ent == FRACTION and not q.operation and q.ctr in counted:
            inside = [p for p in base if p.ent == q.ctr and p.qnt is not None and q.token < p.token <= q.token + 3
                      and all(t.text.lower() in PHRASE_WORDS for t in doc.tokens[q.token + 1 : p.token])]
            before = [p for p in base if p.ent == q.ctr and p.token < q.token and p.qnt is not None]
            if _compares_as(doc, q):  # "half as many treats as the dog": the number the dog has
                owner = _compared_owner(doc, q)
                before = [p for p in base if p.qnt is not None and p.ent == q.ctr and owner and p.ctr == owner]
            whole = inside[:1] or ([] if _of_the_rest(doc, q) else before[-1:])
            q = replace(q, operation="mul", whole=whole[0].token if whole else -1)
        out.append(q)
    return out


#: Words between a fraction and the number of its whole: "half *of the* 40 cars", "half *a* dozen".
PHRASE_WORDS = DEFINITE | {"of", "a", "an"}


def _compared_owner(doc: Document, q: Qset) -> str:
    """Who has what a fraction compares with: "half as many treats as *the dog*" (the lemma of the
    first noun after the second "as"; "" when none follows closely)."""
    toks = doc.tokens
    second = next((t.i for t in toks[q.token + 2 : min(len(toks), q.token + 6)] if t.text.lower() == "as"), None)
    if second is None:
        return ""
    noun = next((t for t in toks[second + 1 : min(len(toks), second + 4)] if t.pos in NOUN_POS | {"PRON"}), None)
    return _resolve(doc, noun) if noun is not None else ""


def _of_the_rest(doc: Document, q: Qset) -> bool:
    """"half of the *remaining* apples", "half of the *rest*": a fraction of what is left of a set, no
    number of the text."""
    return any(t.lemma.lower() in {"remaining", "remain", "rest", "left", "other"}
               for t in doc.tokens[q.token + 1 : min(len(doc.tokens), q.token + 5)])


def _compares_as(doc: Document, q: Qset) -> bool:
    """"half *as many* as Dan has": a fraction of what is compared, not of a set named before."""
    return q.token + 1 < len(doc.tokens) and doc.tokens[q.token + 1].text.lower() == "as"


def _partition(doc: Document, mention: Mention) -> tuple[str, ...]:
    """What a part is said to be when a sentence only describes it: "Half of the fish *were
    orange*", "Half of them are *girls*", "... are about *animals*" (lemmas; empty otherwise)."""
    tok = doc.tokens[mention.head]
    if tok.dep not in {"nsubj", "nsubjpass"} or tok.head == tok.i:
        return ()
    verb = doc.tokens[tok.head]
    if verb.lemma.lower() != "be":
        return ()
    words = []
    for child in _children(doc, verb.i):
        if child.dep in {"attr", "acomp"}:
            words.append(child.lemma.lower())
        elif child.dep == "prep":
            words += [g.lemma.lower() for g in _children(doc, child.i) if g.dep == "pobj"]
    return tuple(words)


def _no_quantity(doc: Document, mention: Mention) -> bool:
    """Numbers that name no amount: "the first half of the day" (a part of a time) and times of
    the clock ("half past 3", "5 o'clock": :func:`pyasp.text.reading.tells_time`), a "one" that pairs ("one in each
    seat": :func:`pyasp.text.reading.one_to_each`) and the one year a text names ("opened in 1985":
    :func:`pyasp.text.reading.names_a_year`)."""
    before = doc.tokens[mention.start - 1].text.lower() if mention.start > 0 else ""
    return (mention.text.lower() == "half" and before in HALF_NOUN_BEFORE or tells_time(doc, mention)
            or one_to_each(doc, mention) or names_a_year(doc, mention))


def _in_half(doc: Document, mention: Mention) -> bool:
    """"cut 8 loaves *in half*": each is cut into two pieces."""
    toks = doc.tokens
    return (mention.text.lower() in {"half", "halves"} and mention.start > 0
            and toks[mention.start - 1].text.lower() in {"in", "into"})


def _dozens(doc: Document, base: list[Qset]) -> list[Qset]:
    """"two dozen pencils": the 12 of "dozen" multiplies the number before it (its ``operation`` mul,
    its ``whole`` that number), as "half of the 40 cars" multiplies 40."""
    ends = {m.end: m for m in doc.mentions}
    out = []
    for q in base:
        before = ends.get(q.token)
        if q.text.lower() == "dozen" and before is not None and not q.operation and any(p.token == before.start for p in base):
            q = replace(q, operation="mul", whole=before.start)
        out.append(q)
    return out


def _asked_with(doc: Document, target: Qset) -> set[str]:
    """The other things a question asks for with its entity: "How many horses *and goats* are
    there?" (nouns joined to the asked one by "and")."""
    if target.sentence < 0 or not target.ent:
        return set()
    toks = doc.sentence_tokens(target.sentence)
    heads = [t for t in toks if t.pos in NOUN_POS and _noun_phrase_head_lemma(t) == target.ent]
    return {_noun_phrase_head_lemma(t) for t in toks for h in heads
            if t.dep == "conj" and t.head == h.i and t.pos in NOUN_POS} - {target.ent}


def _kind_of_a_counted_set(doc: Document, base: list[Qset], target: Qset, question: int) -> Qset:
    """"A class has 30 students. 12 of them are *boys*. How many *girls* ...?": a question about a
    kind of things no number counts and the text names nowhere before, when a number is said to
    be another kind ("12 of them are boys"): x is a kind of that number's set (its ``kind_of``)."""
    if not target.ent or target.kind_of or any(q.ent == target.ent for q in base if not q.is_target):
        return target
    start = doc.sentences[question][0]
    if any(_noun_phrase_head_lemma(t) == target.ent for t in doc.tokens[:start]):
        return target
    for m in doc.mentions:
        q = next((q for q in base if q.token == m.start and q.qnt is not None and q.ent != FRACTION), None)
        tok = doc.tokens[m.head]
        if q is None or tok.dep not in {"nsubj", "nsubjpass"} or doc.tokens[tok.head].lemma.lower() != "be":
            continue
        kinds = [c for c in _children(doc, tok.head) if c.dep == "attr" and c.pos == "NOUN"]
        if kinds and _noun_phrase_head_lemma(kinds[0]) != target.ent and q.ent != _noun_phrase_head_lemma(kinds[0]):
            return replace(target, kind_of=q.ent)
    return target


def _kinds_of_asked(doc: Document, base: list[Qset], target: Qset) -> list[Qset]:
    """Numbers of kinds of what the question asks for, when no number counts it ("23 cows and 38
    sheep. How many animals"): those whose entity is a kind of the asked one (WordNet hyponyms),
    and numbers of different entities joined by "and" ("215 girls and 198 boys. How many
    students"). They take the asked entity as their ``kind_of``."""
    asked = target.ent
    also = _asked_with(doc, target)
    if also:  # "How many horses and goats are there?": a goat is counted as a horse is
        base = [replace(q, kind_of=asked) if q.ent in also and not q.is_target and not q.ent_fallback else q for q in base]
    if not asked or asked in NOT_ENTITIES or any(q.ent == asked for q in base):
        return base
    from ..text.lexical import is_hyponym

    ent_tokens = {}
    for m in doc.mentions:
        tok = None if m.kind == "money" else _entity_token(doc, m)
        if tok is not None:
            ent_tokens[m.start] = tok
    by_token = {tok.i: q for q in base if (tok := ent_tokens.get(q.token)) is not None}
    # "How many pieces *of fruit*": the kinds are fruit's, the count is of pieces
    kind = _partitive_of(doc, target) or asked
    kinds, hyponyms, listed = set(), set(), set()
    for q in base:
        tok = ent_tokens.get(q.token)
        if tok is None or q.ent_fallback or q.implicit:
            continue
        if is_hyponym(q.ent, kind):
            hyponyms.add(q.token)
        # a list: "23 cows and 38 sheep", "6 pens, 11 pencils, and 4 markers" (the parse may join by apposition)
        head = by_token.get(tok.head) if tok.dep in {"conj", "appos"} else None
        if head is not None and head.ent != q.ent and not head.ent_fallback:
            listed |= {q.token, head.token}
    # a list some of whose things WordNet knows as kinds of the asked one holds only those: "8 lions, 5
    # tigers, and 12 monkeys. How many big cats ...?"
    kinds = hyponyms | (set() if listed & hyponyms else listed)
    others = listed - hyponyms if listed & hyponyms else set()  # the monkeys: no part of the big cats
    return [replace(q, kind_of=asked) if q.token in kinds and not q.is_target
            else replace(q, irrelevant=f"{q.ent}: listed with kinds of {kind}, not one") if q.token in others and not q.is_target
            else q for q in base]


#: Nouns that count pieces of a mass or kind: "How many *pieces* of fruit", "How many *kinds* of birds".
PARTITIVES = {"piece", "kind", "type", "sort", "item"}


def _partitive_of(doc: Document, target: Qset) -> str:
    """What the question's partitive noun counts pieces of: "How many pieces *of fruit*" (fruit); "" otherwise."""
    if target.ent not in PARTITIVES or target.sentence < 0:
        return ""
    for tok in doc.sentence_tokens(target.sentence):
        if tok.lemma.lower() == target.ent and tok.pos in NOUN_POS:
            objs = [obj for _, obj in _prep_objects(doc, tok.i, {"of"}) if obj.pos in NOUN_POS]
            if objs:
                return _noun_phrase_head_lemma(objs[0])
    return ""


def _group_of(doc: Document, mention: Mention) -> Token | None:
    """The groups a number is the size of: "teams *of 5*", "cartons *of 12* eggs", "packs of 20
    cards" (a plural noun with "of" and the number, or the number's noun, as its object); None
    otherwise ("5 of the students", "a box of 24 crayons": one group, its number is the whole)."""
    toks = doc.tokens
    num = toks[mention.head]
    tok = num
    if num.dep in {"nummod", "compound"} and num.head != num.i and toks[num.head].pos == "NOUN":
        tok = toks[num.head]
    if tok.dep != "pobj" or tok.head == tok.i:
        return None
    of = toks[tok.head]
    if of.text.lower() != "of" or of.head == of.i or of.i + 1 != mention.start:
        return None
    group = toks[of.head]
    if group.pos != "NOUN" or group.tag != "NNS" or group.lemma.lower() in NOT_ENTITIES | TIME_WORDS:
        return None
    return group


def _is_half_dollar(doc: Document, mention: Mention) -> bool:
    """The "half" of "half-dollars" names a coin, it is no quantity of its own."""
    toks = doc.tokens
    i = mention.head
    return (mention.text.lower() == "half" and i + 2 < len(toks) and toks[i + 1].text == "-"
            and toks[i + 2].lemma.lower() == "dollar")


def _one_asked(doc: Document, mention: Mention, question: int) -> bool:
    """The "one" of the question's "how much does *one* marker cost" names the thing asked for
    one of, it is no quantity to compute with (SingleEq's equations never use it)."""
    tok = doc.tokens[mention.head]
    if not (mention.text.lower() == "one" and mention.sentence == question and tok.dep == "nummod"
            and doc.tokens[tok.head].pos in {"NOUN", "PROPN"}):
        return False
    # after the question word: "if he eats one apple, how many ..." still eats one
    start, _ = doc.sentences[question]
    asking = next((t.i for t in doc.tokens[start:mention.start] if t.text.lower() in QUESTION_WORDS), None)
    return asking is not None


#: Units of time that convert into each other whenever the text names both, or one as a rate
#: ("8 hours a day ... in a week"): the steps of a clock and a week (:data:`pyasp.text.units.CLOCK_STEPS`),
#: as (smaller, larger, how many smaller in one larger). Other units of one dimension convert when
#: the numbers or the question name both (:func:`_implicit_qsets`).
TIME_UNITS = tuple((small, large, TIME_STEPS[(large, small)]) for large, small in CLOCK_STEPS)
SHARING_WORDS = {"each", "every", "split", "share", "divide", "equally", "evenly"}


def _implicit_qsets(doc: Document, base: list[Qset], target: Qset) -> list[Qset]:
    """Quantities the text implies but does not write (ALGES's unit conversions and counts).

    * money units: "7 quarters" when dollars are asked -> 0.25 (dollars a quarter); "90 cents"
      when dimes are asked -> 10 (cents a dime); cents and dollars -> 0.01 / 100;
    * time units named in the text: minutes and hours (60), hours and days (24), days and weeks (7);
      a span of the larger when something is counted per the smaller is read in it ("15 grams
      each day ... in 3 weeks": (3*7) days; :func:`_to_counted_unit`);
    * a number in another unit of the asked unit's dimension (:mod:`pyasp.text.units`: length,
      weight, capacity, time but the pairs above) is read in the asked unit, as arith reads it:
      "3 feet" when inches are asked is 36 inches, shown "(3*12)" (the base Qset is replaced in
      ``base``; a measure said in passing, "irrelevant" as one the question does not ask about,
      takes part again); two other units of one dimension that numbers name, the asked unit none
      of them ("costs $2 a foot ... 30 inches") -> how many of the smaller make one larger (12);
    * a list of people sharing or each doing something ("Sally, Sam, and Alyssa ... each") ->
      their number, when no number of the text counts people.
    """
    extra: list[Qset] = []
    last = max((q.token for q in base), default=0)
    t = target.ent
    asked = _asked_unit(doc, target)
    rates = {tok.lemma.lower() for tok in doc.tokens if tok.i > 0 and (
        doc.tokens[tok.i - 1].text.lower() in PER_WORDS or tok.text.lower() == "daily")}
    given_per = _given_per(doc, base)

    def periods(q: Qset, small: str) -> bool:
        return _periods(doc, base, q, small)

    base[:] = _to_asked_unit(doc, base, target)  # (read again here: a reading since may have named x's unit)
    spans = _to_counted_unit(base, {asked, t}, rates)
    units = {q.ent for q in base}
    # the asked unit is not counted, or dollars are asked over dollars and cents ("5 dollars ... 30 cents"): convert
    mixed = t in {"dollar", "cent"} and {"dollar", "cent"} <= units
    if t in CENTS and (t not in units or mixed):
        for unit in sorted(units & set(CENTS) - {t} if not mixed else {"dollar", "cent"} - {t}, key=lambda u: CENTS[u]):
            token = max(q.token for q in base if q.ent == unit)  # after the last number of the unit
            if t in {"dollar", "cent"}:
                value, ent, rate = Fraction(CENTS[unit], CENTS[t]), t, unit
            else:  # a count of coins is asked: the value of one coin in the given unit
                value, ent, rate = Fraction(CENTS[t], CENTS[unit]), unit, t
            extra.append(Qset(value, ent, rate=rate, text=number_text(value), token=token, sentence=-1,
                              implicit=f"{number_text(value)} {ent} per {rate}"))
    if t not in CENTS and {"dollar", "cent"} <= units:  # "25 cents each ... with 2 dollars": a count is asked
        token = max(q.token for q in base if q.ent == "cent")
        extra.append(Qset(Fraction(1, 100), "dollar", rate="cent", text="0.01", token=token, sentence=-1,
                          implicit="0.01 dollar per cent"))
    words = {tok.lemma.lower() for tok in doc.tokens} | {t} | units
    if "daily" in rates:
        rates.add("day")
    for small, large, factor in TIME_UNITS:
        said = [q for q in base if q.qnt is not None and {q.ent, q.rate, q.per} & {small, large}]
        if large in spans and not any(large in {q.ent, q.rate, q.per} for q in base):
            continue  # "in 3 weeks" read as (3*7) days: no 7 days per week besides
        if said and all(q.irrelevant for q in said) and not {t, asked} & {small, large}:
            continue  # "45 hang in the east wing, which is open 6 days a week": time said in passing
        if small in words and large in words and not any(q.qnt == factor for q in base):
            larger = [q for q in base if q.qnt is not None and q.ent == large]
            if not {small, large} & rates and larger and all(periods(q, small) for q in larger):
                continue  # "Rosa studied 2 hours for 5 days": 2 hours each day
            if {small, large} & rates or {small, large} <= units | {t, asked}:
                extra.append(Qset(Fraction(factor), small, rate=large, text=str(factor), token=last, sentence=-1,
                                  implicit=f"{factor} {small}s per {large}"))
    # any two other units of one dimension that numbers name (or count per), the asked unit none of
    # them ("costs $2 a foot ... 30 inches"): how many of the smaller make one of the larger; of time,
    # only two units numbers (or the question) give amounts in: a unit of time something is said per
    # only is the period it is counted in
    # units by their lemma ("cm": centimeter), each implied Qset naming them as the numbers write them
    written = {}
    for u in [q.ent for q in base if q.qnt is not None] + [u for q in base if q.qnt is not None for u in (q.rate, q.per)] + [asked]:
        if u and _unit_dimension(u) not in {None, "money"}:
            written.setdefault(_unit_lemma(u), u)
    measured = {_unit_lemma(u) for q in base if q.qnt is not None for u in (q.ent, q.rate, q.per) if u} | {_unit_lemma(asked)}
    measured = {u for u in measured if u and _unit_dimension(u) not in {None, "money"}}
    amounts = {_unit_lemma(q.ent) or q.ent for q in base if q.qnt is not None} | {_unit_lemma(asked) or asked}
    for dim in sorted({_unit_dimension(u) for u in measured}):
        named = [u for u in _units_of(dim) if u in measured]
        for k, small in enumerate(named):
            for large in named[k + 1:]:
                factor = _whole_factor(large, small)
                if factor is None or any((small, large) == pair[:2] for pair in TIME_UNITS) or given_per(small, large):
                    continue
                if dim == "time" and not {small, large} <= amounts:
                    continue  # "45 minutes, 4 times a week. How many hours ...": a week is the period, no 168 hours
                said = [q for q in base if q.qnt is not None and {_unit_lemma(u) for u in (q.ent, q.rate, q.per) if u} & {small, large}]
                if not said or all(q.irrelevant for q in said) and _unit_lemma(asked) not in {small, large}:
                    continue
                larger = [q for q in said if _unit_lemma(q.ent) == large]
                if dim == "time" and larger and all(periods(q, small) for q in larger):
                    continue  # "40 minutes on each of 5 days"
                extra.append(Qset(Fraction(factor), written[small], rate=written[large], text=str(factor), token=last, sentence=-1,
                                  implicit=f"{factor} {_UNIT_PLURALS[small]} per {large}"))
    extra += _sharer_too(doc, base)
    for pair in _pairs(doc, units | {t}):  # "Each of the 6 kids has a pair of gloves": 2 gloves per kid
        extra.append(pair)
    extra += _square_sides(doc, base, target)
    lemmas = {tok.lemma.lower() for tok in doc.tokens}
    if lemmas & SHARING_WORDS and not ({"person", "people"} & units):
        people = _listed_people(doc)
        if people >= 2:
            extra.append(Qset(Fraction(people), "person", text=str(people), token=last, sentence=-1,
                              implicit=f"{people} people named"))
    return extra


def _asked_unit(doc: Document, target: Qset) -> str:
    """The unit the question asks in ("How long is the scarf, *in inches*?"), else x's entity."""
    from ..text.reading import unit_asked_in

    if target.sentence >= 0 and _unit_dimension(in_unit := unit_asked_in(doc, target.sentence)) not in {None, "money"}:
        return in_unit
    return target.ent


def _given_per(doc: Document, base: list[Qset]):
    """Whether the text gives a number per a unit of the other ("2 ounces of soap for *a pound* of
    clothes": ounce, pound): two units that then measure different things, not converted
    (:func:`pyasp.text.reading.units_given_per`, which the arithmetic engine reads too)."""
    return units_given_per(doc, [(q.ent, (q.rate, q.per), q.sentence) for q in base if q.qnt is not None])


def _periods(doc: Document, base: list[Qset], q: Qset, small: str) -> bool:
    """"2 hours *for 5 days*", "9 hours *on each of 3 days*": the days a smaller amount of its
    sentence (no span itself) is spent in each of, a count, no amount of hours to convert
    (:func:`pyasp.text.reading.counts_periods`, which the arithmetic engine reads too), the smaller
    amounts those of unit ``small``."""
    def view(p: Qset) -> tuple[int, int]:  # the number's token and its unit's, in the next three tokens
        unit = next((tok for tok in doc.tokens[p.token + 1 : p.token + 4] if tok.lemma.lower() == p.ent), None)
        return p.token, unit.i if unit is not None else -1

    return counts_periods(doc, view(q), [view(p) for p in base if p.ent == small and p.qnt is not None
                                         and p.sentence == q.sentence])


def _to_asked_unit(doc: Document, base: list[Qset], target: Qset) -> list[Qset]:
    """A number in another unit of the asked unit's dimension (:mod:`pyasp.text.units`: length, weight,
    capacity, time; minutes-hours, hours-days and days-weeks :func:`_implicit_qsets` relates otherwise)
    read in the asked unit, as arith reads it: "3 feet" when inches are asked is 36 inches, shown
    "(3*12)"; of minutes-hours, hours-days and days-weeks, only an amount of the larger when the
    smaller is asked ("The movie lasted 2 hours ... How many minutes": (2*60)), not said per a unit
    of time ("5 days a week") nor a unit something else is said per ("8 hours a day ... in 3 days").
    Read right after the entities are filled, before the story readings, so that "The plant was 40
    centimeters tall ... now 2 meters tall. How many centimeters did it grow?" compares two heights in
    one unit; read again with the implied quantities. A measure said in passing, "irrelevant"
    as one the question does not ask about, takes part again. Not between two units the text relates
    itself ("3 ounces ... for a pound") nor a larger unit of time counting periods ("2 hours for 5 days")."""
    asked = _asked_unit(doc, target)
    if _unit_dimension(asked) in {None, "money"}:
        return base
    given_per = None
    counted_per = {u for q in base if q.qnt is not None for u in (q.rate, q.per) if u}
    out = []
    for q in base:
        value = _unit_factor(q.ent, asked) if q.qnt is not None and q.ent != asked and not q.implicit else None
        if value is None or any({q.ent, asked} == {small, large} for small, large, _ in TIME_UNITS) and not (
                value.denominator == 1 and q.ent not in counted_per
                and not {_unit_dimension(q.rate), _unit_dimension(q.per)} & {"time"}):
            out.append(q)
            continue
        given_per = given_per or _given_per(doc, base)
        if given_per(q.ent, asked) or _unit_dimension(asked) == "time" and _periods(doc, base, q, asked):
            out.append(q)
            continue
        if value == 1:  # "38 cm" when centimeters are asked: the same unit, written otherwise
            out.append(replace(q, ent=asked))
            continue
        shown = (f"({q.text}*{value})" if value.denominator == 1 else f"({q.text}/{value.denominator})"
                 if value.numerator == 1 else f"({q.text}*{value.numerator}/{value.denominator})")
        why = "" if q.irrelevant.endswith("the question does not ask about") else q.irrelevant
        out.append(replace(q, qnt=q.qnt * value, ent=asked, shown=shown, irrelevant=why))
    return out


def _to_counted_unit(base: list[Qset], asked: set[str], rates: set[str]) -> set[str]:
    """A span of a larger unit of time read in the smaller unit of a clock or a week something is
    counted per, as arith reads it (:func:`pyasp.arith.engine.time_conversions`): "15 grams of food
    each day ... in 3 weeks" is (3*7) days. Not when something is counted per the larger unit too
    ("2 hours a day, 5 days a week ... in 4 weeks") or it is asked, nor a number said per a unit
    itself. Replaces the Qsets in ``base``; returns the larger units so read."""
    pers = {u for q in base if q.qnt is not None for u in (q.rate, q.per) if u} | rates
    spans = set()
    for k, q in enumerate(base):
        if q.qnt is None or q.implicit or q.shown or q.rate or q.per or q.ent in pers | asked:
            continue
        smaller = [(small, factor) for small, large, factor in TIME_UNITS if large == q.ent and small in pers]
        if len(smaller) != 1:
            continue
        small, factor = smaller[0]
        base[k] = replace(q, qnt=q.qnt * factor, ent=small, shown=f"({q.text}*{factor})")
        spans.add(q.ent)
    return spans


def _sharer_too(doc: Document, base: list[Qset]) -> list[Qset]:
    """The one who shares among herself and others counts too: "Ingrid shares 36 stickers equally among
    *herself and her 3 friends*" is 3 + 1 people (an implied 1 added to the 3); so does the one a count
    of people belongs to, said with them ("for *himself and for each of his 3 friends*", "*Omar and
    his 3 brothers* shared": :func:`pyasp.text.reading.with_oneself`)."""
    out = []
    for t in doc.tokens:
        if t.text.lower() not in {"herself", "himself", "myself", "yourself"} or t.head == t.i:
            continue
        prep = doc.tokens[t.head]
        if t.dep != "pobj" or prep.text.lower() not in SHARING_PREPOSITIONS:
            continue
        for q in base:
            if q.qnt is None or q.implicit or q.sentence != t.sentence or not _is_person(q.ent):
                continue
            between = doc.tokens[t.i + 1 : q.token]
            if between and between[0].text.lower() == "and" and all(w.pos in {"CCONJ", "PRON", "DET", "ADJ"} for w in between):
                out.append(Qset(Fraction(1), q.ent, text="1", token=q.token + 1, sentence=-1, operation="add",
                                whole=q.token, implicit=f"{t.text.lower()} too"))
    # "buys a ticket for himself and for each of his 3 friends", "Omar and his 3 brothers shared ..."
    counted = {q.whole for q in out}
    for q in base:
        mention = next((m for m in doc.mentions if m.start == q.token), None)
        if (q.qnt is None or q.implicit or q.token in counted or mention is None or not with_oneself(doc, mention)):
            continue
        out.append(Qset(Fraction(1), q.ent, text="1", token=q.token + 1, sentence=-1, operation="add",
                        whole=q.token, implicit="the one whose they are, too"))
    return out


def _perimeter_asked(doc: Document, target: Qset) -> bool:
    """Whether the question asks a perimeter: "What is the *perimeter* ...?", or a length (of fence, in
    feet) "needed to go all the way *around* the garden"."""
    question = doc.sentence_tokens(target.sentence) if target.sentence >= 0 else ()
    asked = {t.lemma.lower() for t in question}
    return "perimeter" in asked or "around" in asked and (is_length_unit(target.ent) or is_length_unit(_asked_unit(doc, target)))


def _square_sides(doc: Document, base: list[Qset], target: Qset) -> list[Qset]:
    """What a square or a rectangle implies, when the text gives its sides and asks its area or
    perimeter: "A *square* tile is 9 inches long on each side. What is the area of the tile?" (the
    other side, 9: 9 * 9), "... What is the perimeter?" (its 4 sides: 4 * 9); "A *rectangular* garden
    is 12 feet long and 8 feet wide. How many feet of fence go all the way around it?" (two lengths
    and two widths: 2 * 12 + 2 * 8). A square is the word before a thing ("a square garden", also in the
    question: "the perimeter of a square sandbox"), not "square inches"."""
    question = doc.sentence_tokens(target.sentence) if target.sentence >= 0 else ()
    asked = {t.lemma.lower() for t in question}
    lengths = [q for q in base if q.qnt is not None and not q.implicit and is_length_unit(q.ent)]
    given = [q for q in base if q.qnt is not None and not q.implicit]
    perimeter = _perimeter_asked(doc, target)
    if len(lengths) == 2 and len(given) == 2 and perimeter and lengths[0].ent == lengths[1].ent and (
            {t.lemma.lower() for t in doc.tokens} & {"rectangle", "rectangular", "wide", "width"}):
        return [Qset(Fraction(2), "side", rate="rectangle", text="2", token=side.token + 1, sentence=-1, operation="mul",
                     whole=side.token, implicit="2 sides of a rectangle") for side in lengths]
    if len(lengths) != 1 or len(given) != 1 or not ("area" in asked or perimeter):
        return []
    toks = doc.tokens
    square = any(t.lemma.lower() == "square" and t.i + 1 < len(toks)
                 and toks[t.i + 1].pos == "NOUN" and not is_length_unit(toks[t.i + 1].lemma.lower()) for t in toks)
    if not square:
        return []
    side = lengths[0]
    if "area" in asked:  # side * side
        return [Qset(side.qnt, side.ent, text=side.text, token=side.token + 1, sentence=-1, operation="mul",
                     whole=side.token, implicit="the other side of a square")]
    return [Qset(Fraction(4), "side", rate="square", text="4", token=side.token + 1, sentence=-1, operation="mul",
                 whole=side.token, implicit="4 sides of a square")]


def _pairs(doc: Document, counted: set[str]) -> list[Qset]:
    """"*a pair of* gloves" says 2 gloves when gloves are counted or asked elsewhere (the arith reader's
    rule): a Qset of 2 of them, per the things its verb's subject counts ("*Each of the 6 kids* has a
    pair of gloves": per kid). Not "4 pairs of socks" (a count of pairs) nor "a pair of shoes for $11"
    when shoes are counted nowhere."""
    out = []
    for tok in doc.tokens:
        if tok.lemma.lower() != "pair" or tok.tag != "NN":
            continue
        if not any(c.dep == "det" and c.text.lower() in {"a", "an", "one", "each", "every"} for c in _children(doc, tok.i)):
            continue
        things = [obj for _, obj in _prep_objects(doc, tok.i, {"of"}) if obj.pos == "NOUN"]
        if not things or _noun_phrase_head_lemma(things[0]) not in counted or tok.i == things[0].i:
            continue
        ent = _noun_phrase_head_lemma(things[0])
        unit = ""
        verb = _governing_verb(doc, tok.i)
        subj = _subject(doc, verb) if verb is not None else None
        if subj is not None and subj.i != tok.i:
            if subj.text.lower() == "each":  # "Each of the 6 kids"
                objs = [obj for _, obj in _prep_objects(doc, subj.i, {"of"}) if obj.pos == "NOUN"]
                unit = _noun_phrase_head_lemma(objs[0]) if objs else ""
            elif subj.pos == "NOUN":
                unit = _noun_phrase_head_lemma(subj)
        out.append(Qset(Fraction(2), ent, rate=unit if unit != ent else "", text="2", token=tok.i, sentence=-1,
                        implicit=f"2 {ent} a pair"))
    return out


def _listed_people(doc: Document) -> int:
    """The longest list of conjoined names or people ("Sally, Sam, and Alyssa" -> 3)."""
    best = 0
    for tok in doc.tokens:
        if tok.dep == "conj" or not (tok.pos == "PROPN" or tok.text.lower() in PRONOUNS):
            continue
        members, frontier = 1, [tok.i]
        while frontier:
            i = frontier.pop()
            for child in _children(doc, i):
                # "on Monday and 180 miles on Tuesday": counted things are no people
                if (child.dep == "conj" and not any(c.dep == "nummod" for c in _children(doc, child.i))) or (
                        child.dep == "npadvmod" and child.pos == "PRON"):
                    members += 1
                    frontier.append(child.i)
        best = max(best, members)
    return best


def _name_currency(doc: Document, qsets: list[Qset]) -> list[Qset]:
    """Money is read as one type, "dollar"; a text that pays in euros or pounds only names it so.

    "pound" counts as money only in a text that writes "£" and never weighs in pounds ("£2 per
    pound", "3 pounds of apples"); there the money is "sterling" and the pound a weight.
    """
    words = {t.lemma.lower() for t in doc.tokens} | {t.text for t in doc.tokens}
    if words & {"$", "dollar", "buck"}:
        return qsets
    name = next((name for name, signs in CURRENCIES if words & signs), None)
    if name is None:
        return qsets
    old = {"dollar", name}
    if name == "pound" and _weighs_in_pounds(doc):
        name, old = "sterling", {"dollar"}

    def rename(value: str) -> str:
        return name if value in old else value

    return [replace(q, ent=rename(q.ent), ctr=rename(q.ctr), rate=rename(q.rate),
                    subtypes=tuple(rename(t) for t in q.subtypes),
                    implicit=q.implicit.replace("dollar", name)) for q in qsets]


def _weighs_in_pounds(doc: Document) -> bool:
    """Whether the text uses "pound" as a weight: "pounds of", "per/a/an/each/every pound"."""
    toks = doc.tokens
    for tok in toks:
        if tok.lemma.lower() != "pound":
            continue
        after = toks[tok.i + 1].text.lower() if tok.i + 1 < len(toks) else ""
        before = toks[tok.i - 1].text.lower() if tok.i > 0 else ""
        if after == "of" or before in PER_WORDS:
            return True
    return False


# -- What the question asks, how a story ends, the rest of a set, numbers of no part (ours) -------
#: Comparatives with which a question asks for a difference: "How many *fewer* cards ... than Hugo?"
DIFFERENCE_WORDS = frozenset(w for words in COMPARATIVES.values() for w in words)


def _asked_operation(doc: Document, question: int) -> str:
    """The operation whose result the question asks for, where it says so: "sub" for a difference
    ("How many fewer cards does Ali have than Hugo?", "How much taller is the oak than the pine?":
    a comparative right after "how many" / "how much" and a "than" later; "What is the
    difference between ...?"); "" otherwise."""
    toks = doc.sentence_tokens(question)
    words = [t.text.lower() for t in toks]
    for k in range(len(toks) - 2):
        if words[k] == "how" and words[k + 1] in {"many", "much"}:
            if (words[k + 2] in DIFFERENCE_WORDS or toks[k + 2].tag in {"JJR", "RBR"}) and "than" in words[k + 3 :]:
                return "sub"
    if any(t.lemma.lower() == "difference" and words[k + 1] in {"between", "in"} for k, t in enumerate(toks[:-1])):
        return "sub"
    return ""


def _paid_after_a_discount(doc: Document, question: int, base: list[Qset]) -> str:
    """"sub" when the question asks what is paid and the text takes one discount off a total it
    says no single price of: "The store took $25 off the bill when the hostel bought 6 sleeping bags
    priced at $45 apiece. How much did the hostel pay?" (x = 6 * 45 - 25, never x - 25 = 6 * 45: the
    discount is taken off what was bought, not off what was paid); "" otherwise. A discount taken
    off one price said counts from it (its ``whole``), one taken off the price asked counts from x."""
    discounts = [q for q in base if q.operation == "sub" and q.token >= 0 and _discount(doc, q)]
    asked = {t.lemma.lower() for t in doc.sentence_tokens(question)}
    if len(discounts) != 1 or discounts[0].whole >= 0 or not asked & {"pay", "cost", "spend"} or asked & {"save", "discount", "off"}:
        return ""
    return "sub"


def _played(doc: Document, question: int, base: list[Qset]) -> str:
    """"add" when the question asks how many contests were played and the text gives only the
    numbers won, lost or tied (:func:`pyasp.text.reading.outcomes_played`: "The team won 23 games
    and lost 15 games. How many games did the team play?": x = 23 + 15, the parts of the games
    played, not a transfer); "" otherwise."""
    outcomes = {m.start for m in outcomes_played(doc, question)}
    numbers = {q.token for q in base if q.qnt is not None and not q.implicit and not q.irrelevant and q.sentence != question}
    return "add" if outcomes and outcomes == numbers else ""


def _two_compared(doc: Document, question: int, base: list[Qset]) -> str:
    """"sub" when the question asks a comparative without "than" and the text gives just two rates, of
    one kind of things per one unit, to compare: "The office printer prints 40 pages a minute, and the
    library printer prints 25 pages a minute. How many more pages a minute does the office printer
    print?", "A cheetah can run 70 miles per hour. A house cat can run 30 miles per hour. How much
    *faster* is the cheetah?"; "" otherwise."""
    toks = doc.sentence_tokens(question)
    words = [t.text.lower() for t in toks]
    if "than" in words or not any(words[k] == "how" and words[k + 1] in {"many", "much"} and (
            words[k + 2] in DIFFERENCE_WORDS or toks[k + 2].tag in {"JJR", "RBR"}) for k in range(len(toks) - 2)):
        return ""
    numbers = [q for q in base if q.qnt is not None and not q.implicit and not q.irrelevant and q.sentence != question]
    if len(numbers) != 2 or any(q.ent_fallback or q.operation for q in numbers):
        return ""
    a, b = numbers
    same = a.ent == b.ent and (a.rate or a.per) == (b.rate or b.per) != ""  # two rates: "40 pages a minute", "25 pages a minute"
    return "sub" if same and a.qnt != b.qnt else ""


#: Words that say a number is how a story ends: "*now* he has 22 marbles", "27 seashells *left*".
END_WORDS = {"now"}
STILL_WORDS = {"still"}
THEN_WORDS = {"then"}
LEFT_AFTER = {"left", "remaining"}
#: Verbs that say what is there at the end: "19 *remain*", "11 gulls *stayed*".
REMAIN_VERBS = {"remain", "stay"}


def _end_state(doc: Document, base: list[Qset], target: Qset, question: int) -> int | None:
    """The token of the number that says how a story ends, when x is where it starts or a change
    in it: "Liam had some pencils. He lost 6 pencils and *now has 11* pencils. How many pencils did
    he have at first?". The number counts x's entity in a statement, and its clause says "now"
    (or its things are "left", or they "remain"); the last such number. None when x is neither
    asked at the start ("at first", "to begin with") nor an amount "some" of the story."""
    starts = START_WORDS & set(target.keywords) and not {"now", "left"} & set(target.keywords)
    if not starts and _some_of(doc, question, target.ent) is None:
        return None
    found = None
    for q in base:
        if q.qnt is None or q.implicit or q.sentence in (question, -1) or q.ent != target.ent:
            continue
        verb = _governing_verb(doc, q.token)
        if verb is None:
            continue
        clause = [t for t in doc.tokens if t.head == verb.i and t.i != verb.i]
        ent_tok = next((t for t in doc.tokens[q.token + 1 : q.token + 4] if t.pos in NOUN_POS), None)
        if ent_tok is None and q.ent in {"dollar", "cent"}:  # "has $18 left": the number itself
            ent_tok = next((m for m in doc.mentions if m.start == q.token), None)
            ent_tok = doc.tokens[ent_tok.head] if ent_tok is not None else None
        left = ent_tok is not None and verb.lemma.lower() in {"have", "be"} and any(
            t.text.lower() in LEFT_AFTER and t.head in {ent_tok.i, verb.i} and t.i > ent_tok.i for t in doc.tokens[ent_tok.i + 1 : ent_tok.i + 3])
        # "and then had 39 shells" (a state after the changes), "19 children are still playing"
        ends = END_WORDS | STILL_WORDS | (THEN_WORDS if verb.lemma.lower() in {"have", "be"} else set())
        # "After her friend gave her some ribbons, she had 51": a state after a change said in a clause
        after = verb.lemma.lower() in {"have", "be"} and any(
            c.dep == "advcl" and any(m.dep == "mark" and m.lemma.lower() == "after" for m in _children(doc, c.i)) for c in clause)
        # "55 *were left*": what is left, said in the passive
        left = left or verb.lemma.lower() == "leave" and any(t.dep == "auxpass" for t in clause) and any(
            t.dep == "nsubjpass" and t.i in (q.token, ent_tok.i if ent_tok is not None else -1) for t in clause)
        if any(t.lemma.lower() in ends for t in clause) or left or after or verb.lemma.lower() in REMAIN_VERBS:
            found = q.token
    return found


#: Subjects that name what is left of a set: "the *rest* are blue", "the *others* walk".
REST_WORDS = {"rest", "other", "others", "remainder"}
#: Verbs that take a part of a set away from the one who has it: "She *gives* one third of them to Joe".
TAKE_AWAY_VERBS = {"give", "eat", "spend", "lose", "sell", "use", "donate", "lend", "throw", "break", "trade", "pay",
                   "drink", "send", "mail"}


#: Verbs that bring things to their subject, or take them away from it (ours; a small lexicon in the
#: spirit of the verb categories of transfer stories).
GAIN_VERBS = {"find", "get", "buy", "receive", "pick", "collect", "earn", "win", "gain", "catch", "grow", "make", "bake",
              "add", "borrow", "purchase", "save", "join", "board", "come", "arrive"}
LOSS_VERBS = {"lose", "eat", "give", "sell", "spend", "use", "break", "donate", "lend", "throw", "drink", "send", "mail",
              "pay", "leave", "remove", "drop", "hand", "pass", "trade"}
#: Verbs that give things back to whom they came from: "9 of those *were returned*" (to the owner).
RETURN_VERBS = {"return"}
#: Verbs that put things into what the story is about, whoever does it: "Wren *added* 24 bottles" (to the bin),
#: unless a "to", "into" or "in" names another place (read before: :func:`_change_operation`).
PUTTING_VERBS = {"add"}
#: Verbs with which someone takes things from where they are: "Students *borrowed* 48 of the books".
TAKING_VERBS = {"borrow", "take", "pick", "buy", "purchase", "remove", "collect"}
#: Verbs that use things up, whoever does it: "Her guests *ate* 15 of them".
DESTROY_VERBS = {"eat", "drink", "break", "use", "pop", "burn", "spill", "crack", "melt"}
#: Verbs that bring things into being where they are, whoever does it: "9 baby guppies *were born*", "6 chicks *hatched*".
BIRTH_VERBS = {"bear", "hatch"}
#: Verbs whose money goes the other way than their goods: "bought a jacket *for 45 dollars*".
MONEY_FLOWS = {"buy": "sub", "purchase": "sub", "sell": "add", "earn": "add", "spend": "sub", "pay": "sub"}
#: The adverbs that say where things that move themselves go ("12 children *went* inside": a verb of
#: motion in WordNet, :func:`pyasp.text.lexical.can_be_motion`): anywhere but the story's owner (a
#: place) is away from it.
PLACE_ADVERBS = {"inside", "outside", "indoors", "outdoors", "home", "upstairs", "downstairs", "away", "off", "out",
                 "elsewhere", "abroad", "ashore", "back"}
#: Particles that say where things go: "got *off*", "gave *away*"; "got *on*".
AWAY_PARTICLES = {"off", "away", "out"}
TOWARD_PARTICLES = {"on", "in", "back"}


def _change_operation(doc: Document, q: Qset, owner: str) -> str:
    """How a change of a story acts on what ``owner`` has: "add" ("found 8 more marbles", "his
    uncle *gave him* 12 cards", "15 students got *on*", "6 birds *joined* them"), "sub" ("*ate* 6
    cookies", "9 people got *off*", "*gave* 15 stamps to her teacher", "transferred $69 *out of*
    her account"), "" when the text does not say."""
    from ..text.lexical import can_be_motion

    toks = doc.tokens
    verb = _governing_verb(doc, q.token)
    if verb is None:
        return ""
    lemma = verb.lemma.lower()
    # "got *off*"; also an adverb that says where things go ("24 cars drove *away*", "6 children went *home*")
    particles = {c.text.lower() for c in _children(doc, verb.i)
                 if c.dep == "prt" or c.dep == "advmod" and (c.text.lower() in AWAY_PARTICLES | {"back"}
                                                             or c.text.lower() == "in" and c.pos == "ADV")}  # "put 22 back *in*"
    subj = _subject(doc, verb)
    giver = _resolve(doc, subj) if subj is not None else ""
    mention = next((m for m in doc.mentions if m.start == q.token), None)
    ent_tok = _entity_token(doc, mention) if mention is not None and mention.kind != "money" else None
    # "6 more birds joined them"; "7 of them left", "13 got on": the number itself the subject
    moving = subj is not None and (ent_tok is not None and subj.i == ent_tok.i or mention is not None and subj.i == mention.head)
    if moving and can_be_motion(lemma):  # "12 children went *inside*", "6 ducks flew *home*", "walked *to the park*"
        places = [c for c in _children(doc, verb.i) if c.dep == "advmod" and c.lemma.lower() in PLACE_ADVERBS]
        places += [obj for _, obj in _prep_objects(doc, verb.i, {"to", "into", "toward", "towards"})]
        if any(p.lemma.lower() == "back" or owner and _resolve(doc, p, verb.i) == owner for p in places):
            particles.add("back")
        elif places:
            particles.add("away")
    if lemma in GIVE_VERBS and particles & {"out", "away"} and not moving:  # "The teacher gives out 20 of the pencils"
        return "sub"
    if lemma in RETURN_VERBS and owner:  # given back: to the owner ("9 of those were returned"), or by the owner
        passive = subj is not None and subj.dep == "nsubjpass"
        agents = [o for _, o in _prep_objects(doc, verb.i, {"by"})] if passive else ([subj] if subj is not None else [])
        if _receiver(doc, verb) == owner:
            return "add"
        return "sub" if any(_resolve(doc, a, verb.i) == owner for a in agents) else "add" if passive or agents else ""
    if lemma in GIVE_VERBS | {"send", "mail"} and owner and not moving:  # given to the owner, or by the owner
        receiver = _receiver(doc, verb)
        if receiver == owner and _another(doc, verb, owner):  # "lent 14 of them to the *visiting* team": away
            return "sub"
        if receiver == owner:
            return "add"
        if giver in ("", owner):
            return "sub"
        return "add" if not receiver else ""  # "Her teacher gave her 7 pencils": someone gives to the owner
    if particles & AWAY_PARTICLES:
        return "sub"
    if particles & TOWARD_PARTICLES:
        return "add"
    places = _prep_objects(doc, verb.i, {"from", "into", "to", "onto"})
    for out in (c for c in _children(doc, verb.i) if c.text.lower() == "out"):  # "out of her bank account"
        places += [("from", obj) for _, obj in _prep_objects(doc, out.i, {"of"})]
    for prep, obj in places:
        if owner and _resolve(doc, obj, verb.i) == owner:
            return "sub" if prep == "from" else "add"
    if lemma in {"be", "have"}:
        return ""
    if lemma in DESTROY_VERBS:  # "Her guests ate 15 of them": gone, whoever ate them
        return "sub"
    if lemma in BIRTH_VERBS:  # "9 baby guppies were born": new ones, whoever bore them
        return "add"
    if lemma in PUTTING_VERBS and not moving and not places:  # "Wren *added* 24 bottles": put into what the story is about
        return "add"
    if owner and giver not in ("", owner) and not moving and lemma in TAKING_VERBS | LOSS_VERBS and _of_them(doc, q, owner):
        return "sub"  # "Her little brother *took 16 of them*": some of the owner's things, taken by someone else
    if owner and giver not in ("", owner) and not moving and not _a_thing(doc, owner):
        return ""  # someone else's doing (a jar, a lot or a box is filled or emptied by someone else)
    more = q.token + 1 < len(toks) and toks[q.token + 1].text.lower() in {"more", "extra"}  # "bought 6 *more* fish"
    if owner and giver not in ("", owner) and not moving and lemma in TAKING_VERBS and not more:
        return "sub"  # "A library had 215 books on a shelf. Students *borrowed* 48 of the books": taken from the shelf
    if q.ent in {"dollar", "cent"} and lemma in MONEY_FLOWS:  # "bought a jacket for 45 dollars": money paid
        return MONEY_FLOWS[lemma]
    if lemma in GAIN_VERBS:
        return "add"
    if lemma in LOSS_VERBS:
        return "sub"
    if q.token + 1 < len(toks) and toks[q.token + 1].text.lower() in {"more", "extra"}:  # "cut some more roses"
        return "add"
    return ""


def _another(doc: Document, verb: Token, owner: str) -> bool:
    """Whether the receiver of a giving verb, named as the owner is, is another one of its kind: its
    noun has a modifier no other mention of the owner has ("The swim team had 40 kickboards. ... lent 14
    of them to the *visiting* team"; "The choir ... gave 12 folders to the *junior* choir"), or "other"."""
    objs = [c for c in _children(doc, verb.i) if c.dep in {"dative", "iobj"} and c.pos in NOUN_POS]
    objs += [o for _, o in _prep_objects(doc, verb.i, {"to"}) if o.pos in NOUN_POS]
    for obj in objs[:1]:
        if _noun_phrase_head_lemma(obj) != owner:
            return False
        words = lambda t: {c.lemma.lower() for c in _children(doc, t.i) if c.dep in {"amod", "compound", "det"} and (
            c.dep != "det" or c.lemma.lower() in {"other", "another"})}
        mine = words(obj)
        others = [t for t in doc.tokens if t.i != obj.i and t.pos in NOUN_POS and _noun_phrase_head_lemma(t) == owner]
        return bool(others) and any(w not in words(t) for w in mine for t in others) and not any(words(t) >= mine for t in others)
    return False


def _of_them(doc: Document, q: Qset, owner: str) -> bool:
    """Whether a number counts some of the owner's things: "16 *of them*" after "Halima had 120
    stickers", "5 of her stickers" (a part of a set named by a pronoun, or by the owner's possessive)."""
    num = doc.tokens[q.token]
    for _, obj in _prep_objects(doc, num.i, {"of"}):
        if obj.text.lower() in {"them", "those", "these"}:
            return True
        if any(c.dep == "poss" and c.text.lower() in PRONOUNS and _resolve(doc, c) == owner for c in _children(doc, obj.i)):
            return True
    return False


def _a_thing(doc: Document, owner: str) -> bool:
    """Whether an owner is a thing, not a person: a common noun of the text ("The class *jar* had some
    marbles") that names no person, so that what someone else does with its things changes it. A person by
    its first WordNet sense: a "booth", "counter" or "hall" is a person only in a rare sense."""
    from ..text.lexical import first_sense_is_a

    nouns = [t for t in doc.tokens if t.lemma.lower() == owner]
    return bool(nouns) and all(t.pos == "NOUN" for t in nouns) and not (first_sense_is_a(owner, ("person",)) or (False,))[0]


def _same_things(a: str, b: str) -> bool:
    """Whether entities a and b count the same things: equal, or one a kind of the other ("9 people
    got off" the bus whose passengers are asked)."""
    if a == b:
        return True
    if FRACTION in (a, b) or not a or not b:
        return False
    from ..text.lexical import counted_noun, is_hyponym

    a, b = counted_noun(a), counted_noun(b)
    return is_hyponym(a, b) or is_hyponym(b, a)


#: Words of a question about how a story ends: "How many does she have *now*?", "... *left*?".
ENDED = {"now", "left", "leave", "remain", "remaining"}


def _change(q: Qset, target: Qset, question: int, clause: tuple[int, int] | None = None) -> bool:
    """Whether q may be a change of a story about x's things: a number of them in a statement (or in
    the question's "if" clause, ``clause``: :func:`_if_clause`), not read otherwise (no operation, whole
    or share of its own, no number of no part)."""
    return (q.qnt is not None and not q.implicit and not q.irrelevant and not q.operation and q.whole < 0 and not q.rate and not q.per
            and _stated(q, question, clause) and _same_things(q.ent, target.ent))


def _stated(q: Qset, question: int, clause: tuple[int, int] | None) -> bool:
    """Whether q is told as a statement: outside the question, or inside its "if" clause."""
    return q.sentence not in (question, -1) or clause is not None and clause[0] <= q.token < clause[1]


def _if_clause(doc: Document, question: int) -> tuple[int, int] | None:
    """The tokens [start, end) of a story the question tells after what it asks, in an "if" clause: "How
    many shells does Priya have now *if she started the morning with 47 shells and found 16 more at the
    beach*?" (a clause of the question's verb, marked "if", after the question word); None if none."""
    toks = doc.sentence_tokens(question)
    qword = next((t for t in toks if t.text.lower() in QUESTION_WORDS), None)
    if qword is None:
        return None
    for t in toks:
        if t.dep == "advcl" and t.i > qword.i and any(c.dep == "mark" and c.lemma.lower() == "if" for c in _children(doc, t.i)):
            span, todo = set(), [t.i]
            while todo:
                i = todo.pop()
                span.add(i)
                todo += [c.i for c in _children(doc, i) if c.i not in span]
            if min(span) > qword.i:
                return min(span), max(span) + 1
    return None


def _story(doc: Document, base: list[Qset], target: Qset, question: int, end: int | None) -> tuple[list[Qset], Qset]:
    """The changes of a story about what one owner has, when every one says how it acts (its
    ``operation``, add or sub: :func:`_change_operation`); nothing is read when one does not.

    * The story's end is given (token ``end``: "Now he has 22 marbles") and its start or a change
      is x: the end is one side of the equation alone (``result``), the changes are the numbers of
      x's things between the start and the end: "Ryan had some marbles. He found 8 more marbles.
      Now he has 22 marbles. How many did he have at first?" is x + 8 = 22; a change asked with
      "some" takes its own operation ("She gave Sam some of her seashells": 70 - x = 27).
    * Its end is asked ("now", "left") and its start given: the changes are the numbers of x's
      things after the start, the first one the owner has: "Ava had 50 balloons. She gave 12 to
      Liam and 15 to Mia. How many balloons does Ava have left?" is 50 - 12 - 15."""
    keywords = set(target.keywords)
    asks_start = _start_asked(doc, question, target)
    clause = _if_clause(doc, question)  # "How many shells does Priya have now if she started with 47 and found 16 more?"
    # the question's owner when it names one ("How many did *Carlos* have at first?"); a pronoun
    # ("How many does *he* have now?") is resolved by the story's own numbers instead
    named = target.ctr if any(_noun_phrase_head_lemma(t) == target.ctr for t in doc.sentence_tokens(question)) else ""
    if end is not None:
        end_owner = next(q.ctr for q in base if q.token == end)
        verb = _governing_verb(doc, end)
        subj = _subject(doc, verb) if verb is not None else None
        if subj is not None and subj.text.lower() in POSSESSIVE_OF:  # "After her friend gave her some, she had 51"
            end_owner = _resolve(doc, subj, possessed=False) or end_owner
        # whose story: the question's subject when it asks the start ("How many did Carlos have at first?");
        # when it asks a change, the question's subject may be its receiver ("How many did she give to Sam?")
        owner = (named or end_owner or target.ctr) if asks_start else end_owner
        some = _some_of(doc, question, target.ent)
        first, last = (some[0].i if some is not None else -1), end
    else:  # the start: the first number of x's things ("4 packs of cards with 10 cards in each pack")
        starts = [q for q in base if q.qnt is not None and _stated(q, question, clause) and _same_things(q.ent, target.ent)]
        owner = named or (starts[0].ctr if starts else "") or target.ctr or target.loc
        # "How many did he bring home?", "... end up with?": how the story ends, said otherwise
        # "How many students are *still* in the classroom?": what is there at the end
        ended = (ENDED & keywords or "end" in keywords or "home" in keywords and keywords & {"bring", "take", "carry"}
                 or "still" in keywords and not keywords & {"need", "want", "have to", "must"}
                 or _asked_after(doc, question, starts[0].sentence if starts else -1))
        if not owner or not ended or asks_start or not starts:
            return base, target
        first, last, some = starts[0].token, clause[1] if clause is not None else doc.sentences[question][0], None
    ops = {q.token: _change_operation(doc, q, owner) for q in base
           if first < q.token < last and _change(q, target, question, None if end is not None else clause)}
    x_op = ""
    if some is not None and not asks_start and not target.operation:  # x is the change
        x_op = _change_operation(doc, replace(target, token=some[0].i, sentence=some[0].sentence), owner)
        if not x_op:
            return base, target
    if (not ops and not x_op) or not all(ops.values()):
        return base, target
    out = [replace(q, result=True) if q.token == end else replace(q, operation=ops[q.token]) if q.token in ops else q
           for q in base]
    if end is None:  # x is the end: alone on its side, 15 + 6 = x, never x + 6 = 15
        return out, replace(target, result=True)
    return out, replace(target, operation=x_op) if x_op else target


def _asked_after(doc: Document, question: int, start: int) -> bool:
    """The question asks how things are after the changes of a story: "How many programs were on the
    table *after* the delivery?", "How tall was the sunflower *in August*?" when a later statement than
    the start's says "By August it had grown another 19 inches" (a time named by a later statement and
    not by the start's)."""
    if start < 0:
        return False
    toks = doc.sentence_tokens(question)
    if any(t.text.lower() == "after" and t.dep == "prep" for t in toks):
        return True
    times = {o.lemma.lower() for t in toks if t.dep == "prep" and t.text.lower() in {"in", "on", "by", "at"}
             for o in _children(doc, t.i) if o.dep == "pobj" and o.pos == "PROPN"}
    said = lambda sentence: {t.lemma.lower() for t in doc.sentence_tokens(sentence) if t.pos == "PROPN"}
    return any(times & said(s) and not times & said(start) for s in range(start + 1, question))


def _grouped_changes(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """Changes of a story given per group, when the story's end is asked ("Alice had 35 stickers. She
    bought 2 packs of stickers with 10 stickers in each pack. How many stickers does she have now?"):
    a number of x's things per a unit (10 stickers a pack) that a number of the same clause counts (2
    packs) takes the operation that count's verb has on the owner (bought: add) as its ``change``."""
    keywords = set(target.keywords)
    if not ENDED & keywords or START_WORDS & keywords or target.qnt is not None:
        return base
    starts = [q for q in base if q.qnt is not None and q.sentence not in (question, -1) and _same_things(q.ent, target.ent)]
    named = target.ctr if any(_noun_phrase_head_lemma(t) == target.ctr for t in doc.sentence_tokens(question)) else ""
    owner = named or (starts[0].ctr if starts else "") or target.ctr or target.loc
    if not starts:  # no owner read ("Tim has 40 stickers" parsed without a subject): the verbs say it alone
        return base
    out = []
    for q in base:
        unit = q.rate or q.per
        if (q.qnt is not None and unit and not q.implicit and not q.irrelevant and q.token > starts[0].token
                and q.sentence not in (question, -1) and _same_things(q.ent, target.ent)):
            counts = [c for c in base if c.qnt is not None and c.ent == unit and c.sentence == q.sentence and not c.implicit]
            # the count's verb acts on q's things: "bought 3 shirts that cost 18 dollars each" pays money
            ops = {_change_operation(doc, replace(c, ent=q.ent), owner) for c in counts}
            if len(counts) == 1 and len(ops) == 1 and "" not in ops:
                q = replace(q, change=ops.pop())
        out.append(q)
    return out


def _share_changes(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """Changes of one's share, when the question asks how one's share ends ("How many pencils does
    *each student* have *now*?"): a later number of x's things per the same unit ("Then each student
    gives 2 of their pencils back") takes the operation its verb has on one of the unit
    (:func:`_change_operation`, the owner being the unit: gives away, sub; gets, add) as its ``change``."""
    keywords = set(target.keywords)
    unit = target.rate or target.per
    if not unit or not ENDED & keywords or START_WORDS & keywords or target.qnt is not None:
        return base
    out = []
    for q in base:
        if (q.qnt is not None and not q.change and not q.implicit and not q.irrelevant
                and (not q.operation and (q.rate or q.per) == unit or _said_of_one(doc, q, unit))
                and q.sentence not in (question, -1) and q.sentence > 0 and _same_things(q.ent, target.ent)):
            op = _change_operation(doc, q, unit) or q.operation
            if op in {"add", "sub"}:
                q = replace(q, change=op)
        out.append(q)
    return out


def _said_of_one(doc: Document, q: Qset, unit: str) -> bool:
    """Whether a number is said of one of the things of ``unit``: "Then *one of the friends* gives 3 of his
    stickers away", "*one cousin* loses 2 beads"."""
    verb = _governing_verb(doc, q.token)
    subj = _subject(doc, verb) if verb is not None else None
    if subj is None:
        return False
    if subj.text.lower() == "one":
        return any(_noun_phrase_head_lemma(o) == unit for _, o in _prep_objects(doc, subj.i, {"of"}))
    return _noun_phrase_head_lemma(subj) == unit and any(
        c.text.lower() in {"one", "that"} and c.dep in {"det", "nummod"} for c in _children(doc, subj.i))


#: Verbs too light to say what was done: "How many do they *have* altogether?".
LIGHT_VERBS = {"be", "have", "do", "get", "make"}


def _the_doing_asked(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """What several did, asked together: "A pizza was cut into 12 slices. Paul ate 3 slices, Jen ate 4
    slices, and Rob ate 2 slices. How many slices did they eat altogether?". The question's verb (no
    light one) with "they" and a word of a total; two or more numbers of x's things whose verb is the
    asked one, all after a number of x's things said before them with another verb (how many there were,
    not what was done): that one takes no part (``irrelevant``)."""
    qtoks = doc.sentence_tokens(question)
    words = [t.text.lower() for t in qtoks]
    if not asks_total(words) or "they" not in words or target.asks or target.qnt is not None:
        return base
    root = next((t for t in qtoks if t.dep == "ROOT"), None)
    if root is None or root.pos not in VERB_POS or root.lemma.lower() in LIGHT_VERBS:
        return base
    mine = [q for q in base if q.qnt is not None and not q.implicit and q.sentence not in (question, -1) and _same_things(q.ent, target.ent)]
    done = [q for q in mine if q.vrb == root.lemma.lower()]
    if len(done) < 2:
        return base
    first = min(q.sentence for q in done)
    setting = {q.token for q in mine if q.vrb != root.lemma.lower() and q.sentence < first}
    if len(setting) + len(done) != len(mine) or not setting:
        return base
    return [replace(q, irrelevant=f"{q.ent}: how many there were; the question asks what they did ({root.lemma.lower()})")
            if q.token in setting else q for q in base]


def _more_of_the_same(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """A number of "more" of things counted before, with no "than": "Ana baked 24 cookies and then *12
    more*. She shares them equally among 4 friends." The more are a change of what their owner has (the
    earlier number's owner when their clause names none): their ``change`` is the operation their verb
    has on that owner (baked: add, "each student gets 2 more": add), where the verb says one."""
    out = []
    for q in base:
        nxt = doc.tokens[q.token + 1] if q.token + 1 < len(doc.tokens) else None
        if (q.qnt is not None and not q.implicit and not q.change and not q.operation and not q.irrelevant
                and q.whole < 0 and q.sentence not in (question, -1) and nxt is not None and nxt.text.lower() == "more"
                and not any(t.text.lower() == "than" for t in doc.sentence_tokens(q.sentence))):
            before = [p for p in base if p.qnt is not None and not p.implicit and p.token < q.token and p.ent == q.ent]
            if before:
                op = _change_operation(doc, q, q.ctr or before[0].ctr)
                if op:
                    q = replace(q, change=op)
        out.append(q)
    return out


def _to_do(doc: Document, question: int) -> Token | None:
    """The verb of what the question asks is still to be done: "How many pages does she *still* have to
    *read*?", "How many more cups does she need to *add*?" (an infinitive after have/need, with "still"
    or "more" in the question); None otherwise."""
    qtoks = doc.sentence_tokens(question)
    if not {t.text.lower() for t in qtoks} & {"still", "more"}:
        return None
    for t in qtoks:
        if (t.dep == "xcomp" and t.pos == "VERB" and t.head != t.i and doc.tokens[t.head].lemma.lower() in {"have", "need"}
                and any(c.dep == "aux" and c.text.lower() == "to" for c in _children(doc, t.i))):
            return t
    return None


def _taken_from_whole(base: list[Qset], parts: set[int], target: Qset, question: int) -> list[Qset]:
    """The numbers of ``parts`` (tokens) marked as taken from a whole (``change="sub"``), when a
    statement before the question gives a number of x's things that is not one of them; ``base`` as
    it is otherwise."""
    whole = [q for q in base if q.qnt is not None and not q.implicit and q.token not in parts
             and q.sentence not in (question, -1) and _same_things(q.ent, target.ent)]
    if not parts or not whole:
        return base
    return [replace(q, change="sub") if q.token in parts else q for q in base]


def _done(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """What is done already when the question asks what is still to do (:func:`_to_do`): numbers of x's
    things whose verb is the asked one ("Zoe *read* 25 pages a day ... How many pages does she still have
    to read?") or says "already" ("She *already* put in 2 cups"), not what is to be done ("has to read
    500 pages"), are taken from the whole (``change`` sub), when a number of x's things is left as the whole."""
    verb = _to_do(doc, question)
    if verb is None or target.qnt is not None:
        return base
    done = set()
    for q in base:
        if q.qnt is None or q.implicit or q.change or q.sentence in (question, -1) or not _same_things(q.ent, target.ent):
            continue
        gov = _governing_verb(doc, q.token)
        if gov is None or gov.dep == "xcomp" and doc.tokens[gov.head].lemma.lower() in {"have", "need", "want"}:
            continue
        if gov.lemma.lower() == verb.lemma.lower() or any(c.lemma.lower() == "already" for c in _children(doc, gov.i)):
            done.add(q.token)
    return _taken_from_whole(base, done, target, question)


SMALLEST = {"small", "smaller", "smallest", "least", "low", "lower", "lowest", "first"}
LARGEST = {"large", "larger", "largest", "great", "greater", "greatest", "big", "bigger", "biggest", "high", "higher",
           "highest", "last"}


def _consecutive(doc: Document, base: list[Qset], target: Qset, question: int) -> tuple[list[Qset], Qset]:
    """"The sum of *three consecutive even numbers* is 162. What is the smallest ...?": n numbers that
    follow each other by a step (1, or 2 when even or odd) sum to n times the smallest plus the steps
    above it, 0 + 2 + 4 = 6 (n(n-1)/2 steps): an implied number of that many, taken from the sum
    (``operation`` and ``change`` sub) when the smallest is asked, added when the largest is; x is then a quotient
    (the sum's share of n). The question's "of the three numbers" counts them again: no part."""
    qtoks = doc.sentence_tokens(question)
    asked = {t.lemma.lower() for t in qtoks} | {t.text.lower() for t in qtoks}
    op = "sub" if asked & SMALLEST else "add" if asked & LARGEST else ""
    if not op or target.qnt is not None:
        return base, target
    for tok in doc.tokens:
        if tok.lemma.lower() != "consecutive" or tok.head == tok.i or tok.sentence == question:
            continue
        noun = doc.tokens[tok.head]
        if noun.lemma.lower() not in NUMBER_WORDS or noun.tag != "NNS":
            continue
        count = next((q for q in base if q.qnt is not None and q.token == next(
            (c.i for c in _children(doc, noun.i) if c.dep == "nummod"), -2)), None)
        if count is None or count.qnt.denominator != 1 or count.qnt < 2:
            return base, target
        step = 2 if {c.lemma.lower() for c in _children(doc, noun.i)} & {"even", "odd"} else 1
        value = count.qnt * (count.qnt - 1) / 2 * step
        again = {q.token for q in base if q.sentence == question and q.qnt == count.qnt}
        out = [replace(q, irrelevant="the consecutive numbers counted again") if q.token in again else q for q in base]
        last = max(q.token for q in base if q.sentence == count.sentence)  # after the sum
        out.append(Qset(Fraction(value), count.ent, text=number_text(Fraction(value)), token=last, sentence=-1,
                        implicit=f"{number_text(Fraction(value))}: the steps of {count.text} consecutive numbers",
                        operation=op, change=op))
        return out, replace(target, quotient=True)
    return base, target


#: What a part of a set may be said to be when it is not there: "12 students are *absent*".
AWAY_WORDS = {"absent", "missing", "away", "gone", "sick", "ill", "rotten", "broken", "spoiled", "empty", "vacant", "unused"}


def _away(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """A part of x's things that the text says is not there ("12 students are *absent* today. How
    many students are at school today?") is taken away: its ``operation`` is sub. Not when the
    question asks about that part itself ("How many eggs were broken?")."""
    asked = {t.lemma.lower() for t in doc.sentence_tokens(question)} | {t.text.lower() for t in doc.sentence_tokens(question)}
    out = []
    for q in base:
        if (q.qnt is not None and not q.implicit and not q.operation and q.whole < 0 and q.sentence not in (question, -1)
                and _same_things(q.ent, target.ent)):
            mention = next((m for m in doc.mentions if m.start == q.token), None)
            tok = _entity_token(doc, mention) if mention is not None and mention.kind != "money" else None
            tok = tok if tok is not None else doc.tokens[mention.head] if mention is not None else None
            verb = doc.tokens[tok.head] if tok is not None and tok.head != tok.i else None
            if (tok is not None and tok.dep in {"nsubj", "nsubjpass"} and verb is not None and verb.lemma.lower() == "be"):
                said = {c.lemma.lower() for c in _children(doc, verb.i) if c.dep in {"acomp", "advmod", "attr"}}
                if said & AWAY_WORDS and not said & asked:  # taken from x's things: negative in x solved for
                    q = replace(q, operation="sub", change="sub")
        out.append(q)
    return out


def _number_noun(doc: Document, q: Qset) -> Token | None:
    """The token that stands for a number's things in its clause: the noun it counts ("22 crayons"),
    or the number itself when no noun follows it ("22 of them are broken", "14 are apples")."""
    mention = next((m for m in doc.mentions if m.start == q.token), None)
    if mention is None or mention.kind == "money":
        return None
    tok = _entity_token(doc, mention)
    return tok if tok is not None and tok.dep != "pobj" else doc.tokens[mention.head]  # "9 of the students are"


def _subtree_lemmas(doc: Document, tok: Token) -> set[str]:
    """The lemmas of the words that hang on ``tok``, directly or not ("chocolates *with nuts*")."""
    out, todo = set(), [tok.i]
    while todo:
        i = todo.pop()
        out.add(doc.tokens[i].lemma.lower())
        todo += [c.i for c in _children(doc, i) if c.i != i]
    return out


def _denied(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """A part of x's things the question denies is taken from the whole: "A box contains 50 crayons.
    22 of them are broken. How many crayons are *not broken*?", "35 brought a lunch from home. How many
    students did *not bring* a lunch from home?", "20 chocolates with nuts. How many chocolates do *not
    have* nuts?". The part is the subject or object of the denied verb (of the denied adjective after
    "be"), and what the question says of it (its object: "a lunch", "nuts") hangs on the part's noun or
    verb; a number "out of" which others are counted is the whole. The part's ``change`` is sub (x
    solved for takes it away), when another number of x's things is left as the whole."""
    qtoks = doc.sentence_tokens(question)
    preds = []
    for neg in (t for t in qtoks if t.dep == "neg" and t.head != t.i):
        pred = doc.tokens[neg.head]
        if pred.lemma.lower() == "be":  # "are not empty"
            pred = next((c for c in _children(doc, pred.i) if c.dep in {"acomp", "attr"}), None)
        if pred is None:
            continue
        said = {c.lemma.lower() for c in _children(doc, pred.i) if c.dep in {"dobj", "attr", "acomp"}} - {target.ent}
        preds.append((pred.lemma.lower(), said))
    if not preds or target.qnt is not None:
        return base
    denied = set()
    for q in base:
        if (q.qnt is None or q.implicit or q.change or q.operation or q.whole >= 0 or q.ent == FRACTION
                or q.sentence in (question, -1) or not _same_things(q.ent, target.ent)):
            continue
        noun = _number_noun(doc, q)
        if noun is None or noun.dep not in {"nsubj", "nsubjpass", "dobj"} or noun.head == noun.i:
            continue
        if any(c.dep == "quantmod" and c.text.lower() in {"out", "of"} for c in _children(doc, q.token)):
            continue  # "Out of 60 students, 35 brought ...": the whole
        verb = doc.tokens[noun.head]
        if any(c.dep == "neg" for c in _children(doc, verb.i)):
            continue
        lemma = verb.lemma.lower()
        if lemma == "be":
            lemma = next((c.lemma.lower() for c in _children(doc, verb.i) if c.dep in {"acomp", "attr"}), "be")
        around = _subtree_lemmas(doc, noun) | {c.lemma.lower() for c in _children(doc, verb.i)}
        if any(lemma == pred and said <= around for pred, said in preds):
            denied.add(q.token)
    out = _taken_from_whole(base, denied, target, question)
    if out is base:
        return base
    keep = {q.token for q in out if q.qnt is not None and _same_things(q.ent, target.ent)}
    return _apart_from(out, keep, target.ent, f"the {target.ent}s the question denies a part of")


def _said_of(doc: Document, subject: Token) -> set[str]:
    """What a subject is said to be or do, as lemmas: {"blue"} for "the rest are *blue*", {"ride"}
    for "the rest *ride* the bus"."""
    verb = doc.tokens[subject.head]
    if verb.lemma.lower() == "be":
        return {c.lemma.lower() for c in _children(doc, verb.i) if c.dep in {"acomp", "attr"}}
    return {verb.lemma.lower()}


def _rest_named(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """The parts said before "the rest" when the question asks what the rest are: "A class has 24
    students. 9 of them are boys, and the rest are girls. How many girls are in the class?". A number of
    the sentence of "the rest" (before it) that is its clause's subject is taken from the whole
    (``change`` sub), when a number of an earlier sentence is the whole. Fractions are :func:`_rests`'."""
    qtoks = doc.sentence_tokens(question)
    asked = {t.lemma.lower() for t in qtoks} | {t.text.lower() for t in qtoks}
    parts = set()
    for t in doc.tokens:
        if t.sentence == question or t.lemma.lower() not in REST_WORDS or t.dep not in {"nsubj", "nsubjpass"}:
            continue
        said = _said_of(doc, t)
        if not said & asked - {"be", "have", "do"}:
            continue
        for q in base:
            if (q.qnt is None or q.implicit or q.change or q.operation or q.whole >= 0 or q.ent == FRACTION
                    or q.sentence != t.sentence or q.token > t.i):
                continue
            noun = _number_noun(doc, q)
            if noun is not None and noun.dep in {"nsubj", "nsubjpass"}:
                parts.add(q.token)
    first = min((doc.sentences[q.sentence][0] for q in base if q.token in parts), default=-1)
    if not parts or not any(q.qnt is not None and not q.implicit and 0 <= q.token < first for q in base):
        return base
    return [replace(q, change="sub") if q.token in parts else q for q in base]


#: Parts of speech of the words that say what a clause is about (for :func:`_clause_words`).
CONTENT_POS = NOUN_POS | {"VERB", "ADJ", "ADV"}
#: Words that tell nothing apart: "the rest *have* ...", "*only*" stays (it says something).
PLAIN_WORDS = {"be", "have", "do", "also", "all", "in", "total", "altogether", "then", "so", "far", "how", "many", "much"}


def _span_words(doc: Document, i: int, skip: set[int] = frozenset()) -> set[str]:
    """The content lemmas of the stretch of a sentence around token ``i``, between the commas, "and"s and
    sentence ends on either side ("Kate picked 30 apples, *Jon picked 25 apples*, and Beth ..."): what is
    said of a number or of "the rest", read from the words themselves, not the parse (which often joins
    "bananas and the rest" into one noun phrase). Tokens of ``skip`` are left out."""
    toks = doc.tokens
    sentence = toks[i].sentence
    bound = lambda t: t.sentence != sentence or t.pos in {"PUNCT", "CCONJ"}
    lo = i
    while lo > 0 and not bound(toks[lo - 1]):
        lo -= 1
    hi = i
    while hi + 1 < len(toks) and not bound(toks[hi + 1]):
        hi += 1
    return {t.lemma.lower() for t in toks[lo:hi + 1]
            if t.i not in skip and t.pos in CONTENT_POS and t.lemma.lower() not in PLAIN_WORDS}


def _rest_token(doc: Document, question: int) -> Token | None:
    """The word that names the rest of a set, in a statement: "*the rest* are blue", "*the others* have
    vanilla frosting", "Beth picked *the rest*", "*the other* slices have only cheese", "*the remaining*
    students" (after "the", "his", ...); the last such, or None."""
    found = None
    for t in doc.tokens:
        if t.sentence == question or t.i == 0 or doc.tokens[t.i - 1].lemma.lower() not in DEFINITE:
            continue
        lemma = t.lemma.lower()
        if lemma in REST_WORDS or lemma == "remaining" and t.pos == "ADJ":
            found = t
    return found


def _rest_of_whole(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """A whole, its parts and "the rest", when the question asks for the rest: "Eli has 55 coins. 23 of
    them are pennies and 19 are dimes. The rest are nickels. How many nickels does Eli have?", "The
    three friends picked 85 apples in all. Kate picked 30 apples, Jon picked 25 apples, and Beth picked
    the rest. How many apples did Beth pick?", "Of the 32 cupcakes, 14 have chocolate frosting. The
    others have vanilla frosting. How many cupcakes have vanilla frosting?".

    The question asks for the rest when it names something the text says of the rest and of no part
    ("vanilla", "Beth", "sold to *children*"). The whole is the first number before the rest that counts
    the things the parts count (in an earlier sentence, or "of the 32 cupcakes"), the parts the numbers of
    those things between the whole and the rest; they must be fewer than the whole. The parts are taken
    from the whole (``change`` sub), and every other number, of other things and no rate of them ("over
    the two days", "the three friends", "Lunch costs $3", "He also has 6 pairs of pants"), takes no part
    (``irrelevant``). Nothing is read when another number counts the whole's things."""
    rest = _rest_token(doc, question)
    if rest is None or target.qnt is not None or target.asks or target.operation or target.rate or target.per:
        return base  # "puts the rest into 5 equal piles. How many cards are in *each* pile?" asks a share
    said = _span_words(doc, rest.i, {rest.i}) - {"other", "remaining"}
    if any(doc.tokens[m.head].sentence == rest.sentence and _span_words(doc, m.head) == _span_words(doc, rest.i)
           and m.kind != "determiner" for m in doc.mentions):
        return base  # a number said of the rest itself ("shared the rest among 8 friends")
    numbers = [q for q in base if q.qnt is not None and not q.implicit and q.ent != FRACTION]
    before = [q for q in numbers if q.token < rest.i]
    if not before:
        return base
    whole = None
    for w in before:  # the first number of things that later numbers before the rest also count
        parts = [q for q in before if q.token > w.token and _same_things(q.ent, w.ent)]
        if parts:
            whole = w
            break
    if whole is None or sum(q.qnt for q in parts) >= whole.qnt:
        return base
    first = min(parts, key=lambda q: q.token)
    mention = next((m for m in doc.mentions if m.start == whole.token), None)
    whole_tok = None if mention is None or mention.kind == "money" else _entity_token(doc, mention)
    partitive = whole_tok is not None and whole_tok.dep == "pobj" and doc.tokens[whole_tok.head].lemma.lower() == "of"
    # "It holds 30 pieces of fruit*:* 12 are apples and the rest are oranges": the parts listed after a colon
    listed = whole.sentence == first.sentence and any(t.text == ":" for t in doc.tokens[whole.token:first.token])
    if not (whole.sentence < first.sentence or (partitive or listed) and whole.sentence == first.sentence):
        return base
    if any(q.sentence != question and _same_things(q.ent, whole.ent) and q is not whole and q not in parts for q in numbers):
        return base
    part_words = set().union(*(_span_words(doc, q.token) for q in parts))
    qtoks = doc.sentence_tokens(question)
    asked = {t.lemma.lower() for t in qtoks} | {t.text.lower() for t in qtoks} | set(target.adj)
    told = (said - part_words) & asked
    if not told or not (_same_things(target.ent, whole.ent) or target.ent in said):
        return base
    tokens = {q.token for q in parts}
    base = [replace(q, change="sub") if q.token in tokens else q for q in base]
    return _apart_from(base, tokens | {whole.token}, whole.ent, f"the {whole.ent}s the rest completes")


def _listed_kinds(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """A whole said to be of only some kinds, a number of each kind but the asked one: "A pack of 36 balloons
    has only red, yellow, and green balloons. 10 are red and 15 are yellow. How many green balloons are in
    the pack?", "The farm has 40 animals: cows, pigs and goats. 12 are cows and 9 are pigs. How many goats
    ..." The kinds are a list in a statement (words joined by "and" or commas, or modifiers of one noun) that
    holds the asked kind (the question's modifier or noun); each part is said of exactly one other kind of the
    list; the whole is the first number before the parts that counts the same things, said earlier, and the
    parts sum to less than it. As for "the rest" (:func:`_rest_of_whole`), the parts are taken from the whole
    and numbers of other things take no part."""
    if target.qnt is not None or target.asks or target.operation or target.rate or target.per:
        return base
    asked = set(target.adj) | {target.ent}
    # "How many cards in the pack are *blue*?": the kind said of the asked things
    asked |= {t.lemma.lower() for t in doc.sentence_tokens(question) if t.dep == "acomp" and t.pos == "ADJ"}
    kinds: set[str] = set()
    for t in doc.tokens:
        if t.sentence == question or t.lemma.lower() not in asked or t.pos not in {"ADJ", "NOUN", "PROPN"}:
            continue
        root = t
        while root.dep == "conj" and root.head != root.i:
            root = doc.tokens[root.head]
        group = {root.i}
        frontier = [root.i]
        while frontier:
            for c in _children(doc, frontier.pop()):
                if c.dep == "conj" and c.i not in group:
                    group.add(c.i)
                    frontier.append(c.i)
        if root.dep == "amod" and root.head != root.i:  # "red, yellow, and green balloons": modifiers of one noun
            group |= {c.i for c in _children(doc, root.head) if c.dep == "amod" and c.pos == "ADJ"}
        found = {doc.tokens[i].lemma.lower() for i in group}
        if len(found - asked) >= 2:
            kinds, end = found, max(group)
            break
        # "only white cards and blue cards": one noun said of each kind, the kinds its modifiers
        mods = [[c.lemma.lower() for c in _children(doc, i) if c.dep == "amod" and c.pos == "ADJ"] for i in group]
        if len(group) >= 2 and len(found) == 1 and all(len(m) == 1 for m in mods) and len({m[0] for m in mods}) == len(group) and (
                {m[0] for m in mods} & asked and len({m[0] for m in mods} - asked) >= 1):
            kinds, end = {m[0] for m in mods}, max(group)
            break
    if not kinds:
        return base
    numbers = [q for q in base if q.qnt is not None and not q.implicit and q.ent != FRACTION and q.sentence != question]
    parts, named = [], set()
    for q in numbers:
        said = _span_words(doc, q.token) & kinds if q.token > end else set()
        if len(said) == 1 and not said & asked and not said & named:
            parts.append(q)
            named |= said
    if len(parts) < 1:
        return base
    first = min(parts, key=lambda q: q.token)
    whole = next((w for w in numbers if w.token < first.token and w not in parts
                  and all(_same_things(q.ent, w.ent) or q.ent_fallback for q in parts)), None)
    if whole is None or whole.sentence >= first.sentence or sum(q.qnt for q in parts) >= whole.qnt:
        return base
    if not (_same_things(target.ent, whole.ent) or target.ent in kinds):
        return base
    if any(_same_things(q.ent, whole.ent) and q is not whole and q not in parts for q in numbers):
        return base
    tokens = {q.token for q in parts}
    base = [replace(q, change="sub") if q.token in tokens else q for q in base]
    return _apart_from(base, tokens | {whole.token}, whole.ent, f"the {whole.ent}s of the listed kinds")


def _apart_from(base: list[Qset], keep: set[int], ent: str, what: str) -> list[Qset]:
    """``base`` with every number of other things than ``ent`` marked ``irrelevant`` (not of ``what``),
    except the numbers of ``keep`` (tokens), the units of their rates ("15 pages a day for *5 days*") and
    the rates of ``ent`` ("$3 per student"): once a whole and its parts are read, a number of something
    else ("He reads for 30 minutes every night", "He also has 6 pairs of pants") is said in passing."""
    units = {u for q in base if q.token in keep for u in (q.rate, q.per) if u}
    return [replace(q, irrelevant=f"{q.text} {q.ent}: not of {what}")
            if (q.qnt is not None and not q.implicit and q.token not in keep and not q.irrelevant and q.ent != FRACTION
                and q.ent not in units and not _same_things(q.ent, ent) and (q.rate or q.per) != ent) else q
            for q in base]


#: Words with which a question asks how much a measure went up, or down: "How many pounds did the dog *gain*?"
RISE_WORDS = {"gain", "rise", "increase", "grow"}
FALL_WORDS = {"lose", "drop", "fall", "decrease", "shrink"}


def _perfect(doc: Document, verb: Token) -> bool:
    """Whether a verb is said in the perfect ("she *has read* 61 pages"): a total so far."""
    return any(c.dep == "aux" and c.lemma.lower() == "have" for c in _children(doc, verb.i))


def _state_difference(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """Two states of one owner's measure, and a question about the change between them: "Ethan's dog
    weighed 38 pounds last year. Now it weighs 51 pounds. How many pounds did the dog *gain*?" (a rise or
    a fall asked), "Ava *had read* 24 pages. ... she *has read* 61 pages. How many pages did she *read*
    tonight?" (totals so far, in the perfect, and the same verb asked without it), two states one
    sentence says of two times and a question with a verb of no state ("had 415 books before the
    delivery and 500 books after it. How many books did the van deliver?"). The later state minus
    the earlier one (for a fall, the earlier minus the later): the states' ``change`` signs."""
    if target.qnt is not None or target.asks or target.operation:
        return base
    states = [q for q in base if q.qnt is not None and not q.implicit and not q.change and not q.operation
              and not q.irrelevant and q.whole < 0 and q.sentence not in (question, -1) and _same_things(q.ent, target.ent)]
    if len(states) != 2 or states[0].vrb != states[1].vrb or not states[0].vrb:
        return base
    first, last = sorted(states, key=lambda q: q.token)
    mentions = {m.start: m for m in doc.mentions}
    # "The club had 22 members in September and 37 members in December": one sentence, two times
    timed = (first.vrb in {"be", "have"} and first.token in mentions and last.token in mentions
             and said_at_two_times(doc, mentions[first.token], mentions[last.token]))
    if first.ctr and last.ctr and first.ctr != last.ctr or first.sentence == last.sentence and first.vrb in {"be", "have"} and not timed:
        return base
    qtoks = doc.sentence_tokens(question)
    asked = {t.lemma.lower() for t in qtoks}
    # "How many degrees did it *go up*?", "... *go down*?": a verb of motion with "up" or "down"
    for t in qtoks:
        if t.lemma.lower() in {"up", "down"} and t.head != t.i and doc.tokens[t.head].lemma.lower() in {"go", "come", "move", "climb"}:
            asked.add("rise" if t.lemma.lower() == "up" else "fall")
    verbs = [_governing_verb(doc, q.token) for q in (first, last)]
    if asked & RISE_WORDS:
        signs = ("sub", "add")
    elif asked & FALL_WORDS:
        signs = ("add", "sub")
    elif (all(v is not None and _perfect(doc, v) for v in verbs) and first.vrb in asked
          and not any(t.lemma.lower() == first.vrb and _perfect(doc, t) for t in qtoks)):
        signs = ("sub", "add")
    elif timed and not asks_total([t.lemma.lower() for t in qtoks]) and any(
            t.pos == "VERB" and t.lemma.lower() not in {"be", "have", "do"} for t in qtoks):
        # asked what happened between them with another verb ("How many books did the van *deliver*?",
        # "How many members *joined*?"): the change from one to the other
        signs = ("sub", "add") if last.qnt >= first.qnt else ("add", "sub")
    else:
        return base
    out = [replace(q, change=signs[0]) if q is first else replace(q, change=signs[1]) if q is last else q for q in base]
    # "Two weeks later it was 23 centimeters tall": when it was says nothing of how much it changed
    return _apart_from(out, {first.token, last.token}, target.ent, f"the two {target.ent}s compared")


def _rest_asked(doc: Document, q: Qset, target: Qset, question: int) -> bool:
    """Whether the question asks for the rest of the set a fraction q is taken of (1 - q of it):

    * it denies what the part is said to be ("A quarter of them are white. How many cars are *not
      white*?"); a question that says what the part is, undenied, asks for the part itself;
    * it asks what the text says "the rest" are or do ("One third of the balloons are red and the
      rest are blue. How many balloons are blue?", "the rest ride the bus. How many ... ride the bus?");
    * the part is taken away from its owner and the question asks what the owner has left ("She
      gives one third of them to Joe. How many pencils does Rita have left?");
    * the part is said to be one kind of the set's things and the question asks for a kind the
      text names nowhere before ("One third of them are children. How many adults ...?");
    * the part is a price "off" and the question asks what is paid ("25% off ... How much does it
      cost?"; "How much do you save?" asks the part)."""
    qtoks = doc.sentence_tokens(question)
    asked = {t.lemma.lower() for t in qtoks} | {t.text.lower() for t in qtoks}
    if set(q.partition) & asked:
        return any(t.dep == "neg" for t in qtoks)
    for t in doc.tokens:  # "the rest are blue", "the rest ride the bus"
        if (t.sentence == question or t.lemma.lower() not in REST_WORDS or t.dep not in {"nsubj", "nsubjpass"}
                or not 0 <= t.sentence - q.sentence <= 1):
            continue
        said = _said_of(doc, t)
        if said & asked - {"be", "have", "do"}:
            return True
    after = doc.tokens[q.token + 1 : q.token + 4]
    if any(t.text.lower() == "off" for t in after):  # "25% off"
        return bool(asked & {"cost", "pay", "price"}) and not asked & {"save", "discount", "off"}
    if target.ent != q.ctr:
        return False
    verb = _governing_verb(doc, q.token)
    if verb is not None and verb.lemma.lower() in TAKE_AWAY_VERBS and asked & {"left", "leave", "remain", "remaining"}:
        subj = _subject(doc, verb)
        return subj is None or not target.ctr or _resolve(doc, subj) == target.ctr
    return False


def _other_kind_asked(doc: Document, q: Qset, target: Qset, question: int) -> bool:
    """"One third of them are *children*. How many *adults* ...?": a part said to be one kind of
    its set's things, and a question about a kind the text names nowhere before it."""
    if target.ent in (q.ctr, "") or not q.partition or target.ent_fallback:
        return False
    verb = _governing_verb(doc, q.token)
    kinds = [c for c in _children(doc, verb.i) if c.dep == "attr" and c.pos == "NOUN"] if verb is not None else []
    start = doc.sentences[question][0]
    return bool(kinds) and not any(_noun_phrase_head_lemma(t) == target.ent for t in doc.tokens[:start])


def _rests(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """A fraction of a counted set (its ``operation`` mul) whose rest the question asks for (see
    :func:`_rest_asked`) becomes that rest: "One third of the 21 balloons are red and the rest are
    blue": 21 * (1 - 1/3)."""
    out = []
    for q in base:
        if (q.ent == FRACTION and q.operation == "mul" and q.qnt is not None and 0 < q.qnt < 1
                and (_rest_asked(doc, q, target, question) or _other_kind_asked(doc, q, target, question))):
            q = replace(q, qnt=1 - q.qnt, rest=True)
        out.append(q)
    return out


#: Adjectives of a measure said of a thing: "a track that is 400 meters *long*".
MEASURE_ADJECTIVES = {"long", "tall", "wide", "high", "deep", "thick", "heavy", "old", "away", "far"}


def _aside(doc: Document, tok: Token) -> str:
    """What a number says in passing, when it does (its entity token ``tok``): a measure of a thing
    ("a track that is 400 meters *long*", "a trip *of* 120 miles"), the people someone goes *with*
    ("went to the mall with 3 friends", when nothing is shared), how many *times* something
    happened ("the Smiths stopped 2 times"); "" otherwise."""
    toks = doc.tokens
    after = toks[tok.i + 1] if tok.i + 1 < len(toks) else None
    if after is not None and after.lemma.lower() in MEASURE_ADJECTIVES and (after.head in {tok.i, tok.head} or after.i == tok.head):
        return "a measure"
    head = toks[tok.head] if tok.head != tok.i else None
    if head is not None and tok.dep == "pobj" and head.text.lower() == "of" and head.head != head.i:
        owner = toks[head.head]
        if owner.pos == "NOUN" and owner.tag == "NN" and any(
                c.dep == "det" and c.text.lower() in {"a", "an"} for c in _children(doc, owner.i)):
            return "a measure"
    if head is not None and tok.dep == "pobj" and head.text.lower() == "with" and head.head != head.i:
        from ..text.lexical import is_hyponym

        lemmas = {t.lemma.lower() for t in toks}
        if (toks[head.head].pos in VERB_POS and not lemmas & SHARING_WORDS
                and is_hyponym(_noun_phrase_head_lemma(tok), "person")):
            return "a number of companions"
    if tok.lemma.lower() == "time" and tok.dep == "npadvmod":
        return "a number of times"
    return ""


def _is_person(noun: str) -> bool:
    from ..text.lexical import is_hyponym

    return noun in {"person", "people"} or is_hyponym(noun, "person")


def _naming_number(doc: Document, q: Qset, tok: Token, question: int, base: list[Qset] = ()) -> str:
    """Why a number word names things rather than counts them, or "": "26 stickers on *one* page and 38
    stickers on *another* page" (one of the things, "another" one follows), "cut into *two* pieces.
    One piece ... the other piece" (the two named one by one after), "How many cans did *the
    two* classes collect?" after two classes are named (the things named before, as many as said)."""
    word = doc.tokens[q.token].text.lower()
    noun = _noun_phrase_head_lemma(tok)
    mention = next((m for m in doc.mentions if m.start == q.token), None)
    if q.sentence != question and mention is not None and one_of_several(doc, mention):
        return f"one {noun} of those named"
    if q.sentence != question and mention is not None and both_named_after(doc, mention):  # "cut into two pieces. One piece ..."
        return f"{word} {noun}: the one and the other named after"
    if q.sentence != question and mention is not None and counts_those_named(doc, mention):  # "as the other two ferries together"
        return f"{word} {noun}: those named before"
    if q.sentence != question and mention is not None and counts_those_listed(doc, mention):  # "Two classes collected 38 and 46 cans"
        return f"{word} {noun}: the numbers listed after"
    # "shares them among 5 friends. Then *one of the friends* gives 3 away. How many does *that* friend have?"
    if (q.qnt == 1 and word == "one" and q.sentence != question and any(
            p.qnt is not None and p.qnt > 1 and p.ent == q.ent and p.token < q.token for p in base)
            and any(t.pos in NOUN_POS and _noun_phrase_head_lemma(t) == q.ent and any(
                c.text.lower() == "that" and c.dep == "det" for c in _children(doc, t.i)) for t in doc.sentence_tokens(question))):
        return f"one {q.ent} of those counted before, asked as that one"
    if q.sentence != question and _names_follow(doc, tok, q.qnt):  # "The three friends Aiko, Benedikt, and Chidi"
        return f"{word} {noun}: the names that follow"
    statements = [t for t in doc.tokens if t.sentence != question and t.pos in NOUN_POS and _noun_phrase_head_lemma(t) == noun]
    # "How many stickers do *the two girls* have?" after Ann and Zoe: as many people named as subjects
    names = {t.lemma.lower() for t in doc.tokens if t.sentence != question and t.pos == "PROPN" and t.dep in {"nsubj", "nsubjpass"}}
    listed = all(_names_follow(doc, t, q.qnt) for t in statements)  # the statements name them by a list of names
    if (q.sentence == question and q.qnt.denominator == 1 and q.qnt >= 2 and not any(c.isdigit() for c in word)
            and any(c.dep == "det" and c.text.lower() in {"the", "these", "those", "both"} for c in _children(doc, tok.i))
            and (len(statements) == q.qnt or listed and len(names) == q.qnt and _is_person(noun))):
        return f"{word} {noun}: those named before"
    return ""


def _in_passing(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """Numbers that name or describe rather than count, marked ``irrelevant``:

    * a label after a capitalised noun: "*Room 12* collected 45 cans", "Bus 7" (a number follows the
      noun it counts only as a name);
    * a span of time joined to a noun it describes: "During the *two-week* recycling drive" (no other
      number is per that unit and the question does not name it nor ask a time: "A *1*-hour swim
      lesson ... How many minutes of free play are there?" is the lesson's length), or any number joined so to a noun
      when nothing else in the text is said in its unit or dimension ("the *50*-meter race in 42
      seconds": :func:`pyasp.text.reading.describes_a_noun`, which arith reads too);
    * what nobody does: "How many swimmers race in all, if *no one* races *twice*?"."""
    toks = doc.tokens
    asked = {t.lemma.lower() for t in doc.sentence_tokens(question)}
    units = {q.rate or q.per for q in base if q.qnt is not None} | {target.rate, target.per, target.ent}
    nobody = {t.head for t in toks if t.dep in {"nsubj", "nsubjpass"} and t.i > 0 and toks[t.i - 1].text.lower() == "no"
              and t.text.lower() in {"one", "body"}}
    nobody |= {t.head for t in toks if t.dep in {"nsubj", "nsubjpass"} and t.text.lower() in {"nobody", "noone"}}
    why = {}
    for q in base:
        if q.qnt is None or q.implicit or q.irrelevant or not 0 < q.token < len(toks) - 1:
            continue
        mention = next((m for m in doc.mentions if m.start == q.token), None)
        if mention is None:
            continue
        before, after = toks[q.token - 1], toks[mention.end] if mention.end < len(toks) else None
        common = before.pos == "NOUN" and before.tag == "NN" or any(  # not a name: "gave Joan 18 of the seashells"
            t.text[:1].islower() and t.pos == "NOUN" and t.lemma.lower() == before.lemma.lower() for t in toks)
        if (names_a_label(doc, mention) and before.pos in NOUN_POS and common  # the label reading arith shares
                and before.text.lower() not in TIME_WORDS and before.lemma.lower() not in MONEY_WORDS
                and not _is_person(before.lemma.lower())):
            why[q.token] = f"{before.text} {q.text}: a name"
        elif (after is not None and after.text == "-" and mention.end + 2 < len(toks) and toks[mention.end + 1].lemma.lower() in TIME_WORDS
              and toks[mention.end + 2].pos in NOUN_POS | {"ADJ"} and toks[mention.end + 1].lemma.lower() not in units | asked
              and _unit_dimension(_asked_unit(doc, target)) != "time"):  # "A 1-hour lesson ... How many minutes": a whole
            why[q.token] = f"{q.text}-{toks[mention.end + 1].text}: describes the {toks[mention.end + 2].text}"
        elif said_in_passing(doc, mention, question):  # the reading arith shares: "A potter, whose studio has 3 kilns, ..."
            why[q.token] = f"{q.text}: said in passing, in a clause about another thing"
        elif describes_a_noun(doc, mention, question):  # the reading arith shares: "the 50-meter race in 42 seconds"
            why[q.token] = f"{q.text}-{toks[mention.end + 1].text}: describes the {toks[mention.end + 2].text if mention.end + 2 < len(toks) else toks[mention.end + 1].text}"
        elif _governing_verb(doc, q.token) is not None and _governing_verb(doc, q.token).i in nobody:
            why[q.token] = f"{q.text}: said of no one"
        elif q.text.lower() == "one" and counts_those_listed(doc, mention):  # "Two groups ..., one of 24 and one of 26"
            why[q.token] = "one of the groups listed"
        elif one_for_oneself(doc, mention):  # "a hat for each of her 6 grandchildren and one for herself"
            why[q.token] = "one for oneself, counted with the others"
        elif mention.value == 1 and any(c.start == mention.start and price_of_one(doc, c) for c, _ in group_prices(doc)):
            why[q.token] = f"{q.text}: the price is of one"  # "if the store charges $6 for one"
        elif _is_person(q.ent) and q.ent != "person" and any(  # "Eamon and 3 of his friends share 48 stickers among the 4 of them"
                p.ent == "person" and p.sentence == q.sentence and p.qnt is not None and p.qnt > q.qnt and p.token > q.token
                and _sharers(doc, toks[p.token]) for p in base):
            why[q.token] = f"{q.text} {q.ent}: counted again as all of them"
    return [replace(q, irrelevant=why[q.token]) if q.token in why and not q.is_target else q for q in base]


def _names_follow(doc: Document, tok: Token, count) -> bool:
    """Whether a noun of persons is followed by as many names as ``count`` ("The three *friends* Aiko,
    Benedikt, and Chidi": the number names them, it counts nothing the story uses)."""
    if count is None or count < 2 or count.denominator != 1 or not _is_person(_noun_phrase_head_lemma(tok)):
        return False
    names = 0
    for t in doc.tokens[tok.i + 1 : doc.sentences[tok.sentence][1]]:
        if t.pos == "PROPN" and t.text[:1].isupper():
            names += 1
        elif not (t.text in {",", "and"} or t.pos == "PROPN"):
            break
    return names == count


#: Words that name one period of time by itself ("on *Saturday*", "in the *morning*").
NAMED_PERIODS = set(WEEKDAYS) | {"today", "yesterday", "tomorrow", "morning", "afternoon", "evening", "night", "summer",
                                 "winter", "spring", "autumn"}
#: Words that pick one of several periods: "the *first* weekend", "the *next* day".
PICKING_WORDS = {"first", "second", "third", "fourth", "fifth", "last", "next", "other", "following", "final"}


def _period_named(doc: Document, lo: int, hi: int, unit: str) -> str:
    """The one period of time tokens lo .. hi-1 name, "" when none or several: "on *Saturday*", "the *first
    weekend*" (a period of ``unit`` picked by an ordinal)."""
    found = set()
    for t in doc.tokens[lo:hi]:
        lemma = t.lemma.lower()
        if t.pos not in NOUN_POS:
            continue
        picks = [c.text.lower() for c in _children(doc, t.i) if c.dep in {"amod", "advmod", "det"} and c.text.lower() in PICKING_WORDS]
        if lemma == unit and picks:
            found.add(f"{picks[0]} {lemma}")
        elif lemma in NAMED_PERIODS:
            found.add(lemma)
    return next(iter(found)) if len(found) == 1 else ""


def _listed_periods(doc: Document, base: list[Qset], q: Qset, tok: Token) -> tuple[str, list[int]]:
    """Why a number of periods of time counts periods the text then lists one by one, or "": "Over *the two
    days* of the fair, 138 people came on Saturday and 164 people came on Sunday", "She spent *two weekends*
    reading. She read 45 pages the first weekend and 38 pages the second weekend", "... 240 miles on Monday
    and 180 miles on Tuesday ... How many gallons did they use on *the two days*?": as many numbers of one
    thing as the periods, each said of another period (its day, or the period picked by "first", "second").
    Such a number says over how long the listed numbers were counted; no rate is given per period. Also
    the tokens of the listed numbers."""
    unit = _noun_phrase_head_lemma(tok)
    if unit not in TIME_WORDS or q.qnt is None or q.qnt.denominator != 1 or q.qnt < 2 or q.rate or q.per:
        return "", []
    starts = sorted(m.start for m in doc.mentions)
    periods: dict[str, list[str]] = {}
    tokens: dict[str, list[int]] = {}
    for p in base:
        if p is q or p.qnt is None or p.implicit or p.ent in TIME_WORDS or p.ent == FRACTION or p.rate or p.per:
            continue
        sent = doc.sentence_tokens(p.sentence)
        lo, hi = sent[0].i, sent[-1].i + 1
        before = max((s for s in starts if s < p.token and s >= lo), default=lo - 1) + 1
        after = min((s for s in starts if s > p.token and s < hi), default=hi)
        named = _period_named(doc, p.token + 1, after, unit) or _period_named(doc, before, p.token, unit)
        periods.setdefault(p.ent, []).append(named)
        tokens.setdefault(p.ent, []).append(p.token)
    for ent, named in periods.items():
        if len(named) == q.qnt and all(named) and len(set(named)) == len(named):
            return f"{q.text} {unit}: the periods the text lists one by one", tokens[ent]
    return "", []


#: Entities of money: a price is no count of things.
MONEY_ENTITIES = {"dollar", "cent"}


def _lone_price(base: list[Qset], target: Qset) -> int:
    """The token of a price given in passing: "Ryan has 14 toy trucks that cost $3 each and 9 toy cars.
    How many toys does he have?". The only number of money is a price of one thing (a rate or ``per``)
    and the question asks things that other numbers count, not money: no count of things is made from
    one price (it takes two sums of money, "$20 at $4 each", to count things); -1 otherwise."""
    if not target.ent or target.ent in MONEY_ENTITIES or target.ent_fallback or target.rate:
        return -1
    money = [q for q in base if q.qnt is not None and q.ent in MONEY_ENTITIES and not q.is_target]
    if len(money) != 1 or not (money[0].per or money[0].rate) or money[0].implicit:
        return -1
    # the asked things are counted by numbers of the text ("14 toy trucks ... 9 toy cars": kinds of toys,
    # or things the asked word describes), so that x is no sum of money under another name ("what was
    # the total of the bill?")
    if not any(q.qnt is not None and not q.implicit and (target.ent in (q.ent, q.kind_of) or target.ent in q.adj)
               for q in base if q is not money[0]):
        return -1
    return money[0].token


def _irrelevant(doc: Document, base: list[Qset], target: Qset, question: int) -> list[Qset]:
    """Numbers the text says take no part in the equation (their ``irrelevant``, why):

    * an age the question does not ask about ("Jack is 10 years old. He has 14 toy trucks ..."): a
      number of years followed by "old", when the question says nothing of years, age or "old" and
      no other number counts years;
    * one of a list of sets of different things ("50 shirts and 20 hats", "3 cats and 2 dogs")
      whose thing the text names nowhere else, when the question names another of the list ("How
      many shirts ...?", "How many cans do the cats eat?");
    * a number said in passing (:func:`_aside`: a measure of a thing, companions, a count of times)
      whose unit the text names nowhere else (nor another unit of its dimension: "A rope 12 m long is
      cut into pieces that are each 40 cm long") and the question does not name (nor the period it is
      counted in: "4 times a week. How many hours ... each week?")."""
    qtoks = doc.sentence_tokens(question)
    asked = {t.lemma.lower() for t in qtoks} | {_noun_phrase_head_lemma(t) for t in qtoks} | {target.ent}
    ent_tok: dict[int, Token] = {}
    for m in doc.mentions:
        tok = None if m.kind == "money" else _entity_token(doc, m)
        if tok is not None:
            ent_tok[m.start] = tok
    why: dict[int, str] = {}
    years = [q for q in base if q.ent == "year" and q.qnt is not None]
    for q in years:
        tok = ent_tok.get(q.token)
        if (len(years) == 1 and tok is not None and tok.i + 1 < len(doc.tokens) and doc.tokens[tok.i + 1].text.lower() == "old"
                and not asked & {"year", "old", "age", "older", "younger"}):
            why[q.token] = "an age the question does not ask about"
    for q in base:  # "a track that is 400 meters long", "a trip of 120 miles", "with 3 friends", "stopped 2 times"
        tok = ent_tok.get(q.token)
        if q.qnt is None or q.implicit or tok is None or q.token in why or q.sentence == question or q.ent == FRACTION:
            continue
        kind = _aside(doc, tok)
        alone = not any(p is not q and (p.ent == q.ent or _measured_alike(p.ent, q.ent)) for p in base) and not any(
            t.i != tok.i and _noun_phrase_head_lemma(t) == q.ent for t in doc.tokens)
        if (kind and alone and q.ent not in asked and not any(p.rate == q.ent for p in base) and not asked & {"area", "perimeter"}
                and not (q.rate and q.rate in asked)):  # "4 times a week. How many hours ... each week?"
            why[q.token] = f"{kind} the question does not ask about"
    # lists of sets of different things: the numbers whose entity tokens "conj" joins
    by_tok = {tok.i: q for q in base if (tok := ent_tok.get(q.token)) is not None and not q.ent_fallback}
    group: dict[int, int] = {i: i for i in by_tok}

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for i in by_tok:
        tok = doc.tokens[i]
        if tok.dep == "conj" and tok.head in by_tok:
            group[root(i)] = root(tok.head)
    lists: dict[int, list[int]] = {}
    for i in by_tok:
        lists.setdefault(root(i), []).append(i)
    for members in lists.values():
        ents = {by_tok[i].ent for i in members}
        named = {e for e in ents if e in asked}
        # "712,261 male and 259,378 female salmon": an adjective of the list may stand for its noun
        described = any(c.dep == "amod" and by_tok[i].token < c.i < i for i in members for c in _children(doc, i))
        if len(ents) < 2 or not named or described:
            continue
        for i in members:
            q = by_tok[i]
            elsewhere = any(_noun_phrase_head_lemma(t) == q.ent for t in doc.tokens if t.i != i)
            if q.ent not in named and not elsewhere and not q.kind_of:
                why[q.token] = f"{q.ent}: the question asks about {', '.join(sorted(named))}"
    summed: set[int] = set()  # "How many gallons did they use on the two days?": the listed numbers add up
    for q in base:  # "on one page and ... on another page", "How many ... on the two pages?"
        tok = ent_tok.get(q.token)
        if q.qnt is None or q.implicit or tok is None or q.token in why:
            continue
        kind = _naming_number(doc, q, tok, question, base)
        if not kind:
            kind, listed = _listed_periods(doc, base, q, tok)
            if kind and (q.sentence == question or asks_total([t.text.lower() for t in qtoks])):
                summed.update(listed)
        if kind:
            why[q.token] = kind
    # "He wants 100 caps. He has 58. How many more does he need to reach *100*?": said before; not "the 2
    # pumpkins", "two-bedroom" or "how many five dollar bills" (words that name the things)
    for q in base:
        after = doc.tokens[q.token + 1] if q.token + 1 < len(doc.tokens) else None
        if (q.qnt is not None and not q.implicit and q.sentence == question and q.token not in why
                and (doc.tokens[q.token - 1].text.lower() not in DEFINITE | {"both", "many", "much"}
                     or doc.tokens[q.token - 1].text.lower() in POINTING_BACK)  # "after *those* 6 weeks"
                and (after is None or after.text != "-")
                and any(p.qnt == q.qnt and p.sentence not in (question, -1) and not p.implicit
                        and (_same_things(p.ent, q.ent) or q.ent_fallback) for p in base)):
            why[q.token] = f"{q.text}: the number said before"
    price = _lone_price(base, target)
    if price >= 0 and price not in why:
        why[price] = f"a price of one thing: the question asks {target.ent}, not money"
    base = [replace(q, change="add") if q.token in summed and not q.change and q.token not in why else q for q in base]
    return [replace(q, irrelevant=why[q.token]) if q.token in why and not q.is_target else q for q in base]


def ground_problem(doc: Document, *, reorder: bool | set[str] = True) -> Problem:
    """Base Qsets of every number, the target Qset of the question, reordered by Table 2.

    ``reorder``: True for all rules of :data:`REORDER_RULES`, False for none, or a set of names.
    """
    if reorder is True:
        rules = frozenset(REORDER_RULES)
    elif reorder is False:
        rules = frozenset()
    else:
        unknown = set(reorder) - set(REORDER_RULES)
        if unknown:
            raise InputError(f"unknown reordering rule(s) {', '.join(sorted(unknown))}; known: {', '.join(REORDER_RULES)}")
        rules = frozenset(reorder)
    if not doc.mentions:
        raise InputError("no quantity: the problem has no number to build an equation from")
    question = _question_sentence(doc)
    base = []
    groups: dict[int, str] = {}  # the token of a number that is the size of groups ("teams of 5") -> the groups
    for m in doc.mentions:
        if m.kind == "determiner" or _is_half_dollar(doc, m) or _one_asked(doc, m, question) or _no_quantity(doc, m):
            continue
        q = _base_qset(doc, m)
        whole = _part_of(doc, m, base)
        if whole:  # "half of the fish": a fraction (fish per fish), its whole the container
            q = replace(q, ent=FRACTION, ctr=whole, ent_fallback=False, subset=False, partition=_partition(doc, m))
        elif _in_half(doc, m):  # "cut 8 loaves in half": 2 pieces of each
            verb = _governing_verb(doc, m.head)
            objs = [c for c in _children(doc, verb.i) if c.dep == "dobj"] if verb is not None else []
            q = replace(q, qnt=Fraction(2), ent="piece", ent_fallback=False,
                        rate=_noun_phrase_head_lemma(objs[0]) if objs else "")
        elif said_in_percent(doc, m) and asks_in_percent(doc, question):
            # "92 percent ... What percent is it at now?": read in percent, as the answer is asked (92, not 0.92)
            q = replace(q, qnt=q.qnt * 100)
        if (group := _group_of(doc, m)) is not None:  # "teams of 5": the size of the teams
            groups[q.token] = _noun_phrase_head_lemma(group)
        base.append(q)
    if not base:
        raise InputError("no quantity: the problem has no number to build an equation from")
    target = _target(doc, question, base)
    unknown = _unknown_number(doc, question)
    if unknown is not None:  # a number puzzle: x is its "a number", its quantities are numbers
        base = [q if q.ent else replace(q, ent="number") for q in base]
        sides = _equation_sides(doc, question, unknown, base)
        again = False
        if sides is not None:  # "A number increased by 7 is 19": the equation's two sides
            base, unknown, x_side, x_op, again = sides
        target = _number_is_x(target, doc, unknown)
        if sides is not None:
            target = replace(target, side=x_side, operation=x_op)
    elif (spoken := _spoken_question(doc, question, base)) is not None:
        base, target = _spoken_sides(base, target, spoken)
    base = _fill_entities(base, target, doc)
    base = _to_asked_unit(doc, base, target)  # "2 meters" when centimeters are asked: 200 cm, before the story readings
    base = _given_rates(doc, base, target.ent)
    base = _group_sizes(doc, base, groups)
    base = _dozens(doc, base)
    base = _kinds_of_asked(doc, base, target)
    base = _share_operations(doc, base, target)
    base, target = _comparative_operations(doc, base, target)
    if unknown is not None and again:  # x named on both sides: kx = x + n is (k - 1)x = n
        base, target = _collect_x(base, target)
    base = _together(doc, base, target, question)
    if not target.ent:
        target = replace(target, ent=base[-1].ent, ent_fallback=True)
    base = _rests(doc, base, target, question)
    base = _price_list(doc, base)
    base = _group_price(doc, base, target)
    base = _irrelevant(doc, base, target, question)
    base = _in_passing(doc, base, target, question)
    base, target = _consecutive(doc, base, target, question)
    base = _done(doc, base, target, question)
    target = _kind_of_a_counted_set(doc, base, target, question)
    target = replace(target, asks=_asked_operation(doc, question) or _two_compared(doc, question, base)
                     or _paid_after_a_discount(doc, question, base) or _played(doc, question, base))
    base, target = _times_difference(doc, base, target, question)
    if _asks_share(base, target, _share_unit(doc, question, target)) or _asks_groups(base, target, groups):
        target = replace(target, quotient=True)  # "How many apples are in each bag?" after "6 bags": x is a quotient
    base = _away(doc, base, target, question)
    base = _denied(doc, base, target, question)
    base = _rest_named(doc, base, target, question)
    base = _rest_of_whole(doc, base, target, question)
    base = _listed_kinds(doc, base, target, question)
    base = _state_difference(doc, base, target, question)
    if unknown is None:  # "... now has 11 pencils. How many did he have at first?": x - 6 = 11
        base, target = _story(doc, base, target, question, _end_state(doc, base, target, question))
        base = _grouped_changes(doc, base, target, question)
        target = _one_sharer(doc, base, target, question)  # after the quotient: x is one's share and what it did since
        base = _share_changes(doc, base, target, question)
        base = _more_of_the_same(doc, base, target, question)
        base = _the_doing_asked(doc, base, target, question)
    implicit = _implicit_qsets(doc, base, target)  # (reads the units of ``base`` again, in place)
    base = _both_ways(doc, base, question) + implicit
    qsets = _name_currency(doc, sorted(base + [target], key=lambda q: q.token))
    fired = []
    if "rate_link" in rules:
        qsets, hit = _rate_links(qsets)
        fired += ["rate_link"] * hit
    if "container_after_count" in rules:
        qsets, hit = _container_after_count(qsets)
        fired += ["container_after_count"] * hit
    if "some_is_x" in rules:
        qsets, hit = _some_is_x(qsets, doc, question)
        fired += ["some_is_x"] * hit
    if "x_first" in rules:
        qsets, hit = _x_first_for_start(qsets)
        fired += ["x_first"] * hit
    return Problem(doc, tuple(qsets), question, tuple(fired))


def _both_ways(doc: Document, base: list[Qset], question: int) -> list[Qset]:
    """An amount said of each way of a trip made there and back, read twice, as arith reads it
    (:func:`pyasp.arith.engine.both_ways`): "rides the train for 95 minutes each way" is (95*2)
    minutes, "A train ride costs $3.50 each way" (3.50*2) dollars a day
    (:func:`pyasp.text.reading.said_each_way`)."""
    out = []
    for q in base:
        mention = next((m for m in doc.mentions if m.start == q.token), None) if q.qnt is not None and not q.implicit else None
        if mention is not None and said_each_way(doc, mention, question):
            q = replace(q, qnt=q.qnt * 2, shown=f"({q.shown or q.text}*2)")
        out.append(q)
    return out


#: Verbs that share things out: "Ms. Hill *divides* 48 crayons equally among 6 students".
SHARE_VERBS = {"divide", "share", "split", "distribute"}


def shared_among(problem: Problem) -> set[tuple[int, int]]:
    """Pairs (Qset indices, 1-based) of things shared out and the count they are shared among, when the
    question asks what one of those gets: "Ms. Hill divides 48 crayons equally among 6 students. Then
    each student gets 2 more crayons. How many crayons does each student have now?" (48 shared among 6;
    x is per student). The things are the share verb's object, the count the object of its "among",
    "between" or "into"; x's rate is the count's thing."""
    doc, qsets = problem.document, problem.qsets
    target = qsets[problem.target_index]
    if not target.rate:
        return set()
    index = {q.token: i for i, q in enumerate(qsets, start=1) if q.qnt is not None and not q.implicit}
    pairs = set()
    for i, q in enumerate(qsets, start=1):
        if q.qnt is None or q.implicit or q.sentence == problem.question_sentence or not _same_things(q.ent, target.ent):
            continue
        verb = _governing_verb(doc, q.token)
        mention = next((m for m in doc.mentions if m.start == q.token), None)
        ent_tok = None if mention is None or mention.kind == "money" else _entity_token(doc, mention)
        if (verb is None or verb.lemma.lower() not in SHARE_VERBS) and mention is not None:
            # "Max has 40 stickers. He shares *them* equally among 5 friends": the next sentence shares them
            verb = next((t for t in doc.sentence_tokens(q.sentence + 1) if t.lemma.lower() in SHARE_VERBS and any(
                c.dep == "dobj" and c.text.lower() == "them" for c in _children(doc, t.i))), None) if (
                q.sentence + 1 < problem.question_sentence and not any(
                    p.qnt is not None and p.sentence == q.sentence and p.token > q.token and _same_things(p.ent, q.ent)
                    for p in qsets)) else None
            if verb is None:
                continue
        elif verb is None or mention is None:
            continue
        elif not any(t is not None and t.dep == "dobj" and t.head == verb.i for t in (ent_tok, doc.tokens[mention.head])):
            continue  # the things shared are the verb's object
        for _, obj in _prep_objects(doc, verb.i, {"among", "amongst", "between", "into"}):
            count = next((qsets[j - 1] for t, j in index.items() if doc.tokens[t].head == obj.i or t == obj.i), None)
            if count is not None and count is not q and count.ent == target.rate:
                pairs.add((i, index[count.token]))
    return pairs


def parts_of_a_whole(problem: Problem) -> set[frozenset[int]]:
    """Pairs (Qset indices, 1-based) of numbers the text lists as kinds of the asked things: "24 *red*
    cubes and 12 *blue* cubes. ... How many cubes are in each bag?" (one entity, joined by "and",
    different adjectives, the question asking the entity with none of them and no difference). One
    kind is never taken from the other: they are parts of one set."""
    doc, qsets = problem.document, problem.qsets
    target = qsets[problem.target_index]
    qtoks = doc.sentence_tokens(problem.question_sentence)
    words = {t.lemma.lower() for t in qtoks} | {t.text.lower() for t in qtoks}
    if target.asks or words & (DIFFERENCE_WORDS | ENDED | {"than", "difference"}) or any(t.tag in {"JJR", "RBR"} for t in qtoks):
        return set()
    by_token = {}
    for m in doc.mentions:
        tok = None if m.kind == "money" else _entity_token(doc, m)
        if tok is not None:
            by_token[tok.i] = m.start
    index = {q.token: i for i, q in enumerate(qsets, start=1) if q.qnt is not None and not q.implicit}
    pairs = set()
    for i, start in by_token.items():
        tok = doc.tokens[i]
        if tok.dep != "conj" or tok.head not in by_token:
            continue
        a, b = index.get(by_token[tok.head]), index.get(start)
        if a is None or b is None:
            continue
        qa, qb = qsets[a - 1], qsets[b - 1]
        if (qa.ent == qb.ent == target.ent and qa.adj and qb.adj and not set(qa.adj) & set(qb.adj)
                and not set(target.adj) & set(qa.adj + qb.adj)):
            pairs.add(frozenset((a, b)))
    return pairs


# -- Section 5: combining Qsets -------------------------------------------------------------------
def combine(a: Qset, b: Qset, op: str) -> Qset:
    """The compound Qset of ``a op b`` (Section 5).

    The operands are swapped when a's container is b's entity or the operation is a
    subtraction; the result then takes every property of the second operand (for ``a - b``: of
    a, the minuend), has no container of its own, and records both entities as subtypes.
    """
    first, second = (b, a) if (a.ctr and a.ctr == b.ent) or op == "sub" else (a, b)
    kind = a.kind_of if a.kind_of and a.kind_of == b.kind_of and op in {"add", "sub"} else ""
    return replace(
        replace(second, ent=kind) if kind else second,  # 23 cows + 38 sheep: animals
        qnt=None,
        text=f"({a.text}{ {'add': '+', 'sub': '-', 'mul': '*', 'div': '/'}.get(op, op)}{b.text})",
        ctr="",
        rate="",
        compound=True,
        subtypes=tuple(dict.fromkeys((a.ent, b.ent) + a.subtypes + b.subtypes)),
        members=tuple(sorted(set(a.members or (a.token,)) | set(b.members or (b.token,)))),
        ent_fallback=False,
        subset=False,
    )
