"""Read: each number of an arithmetic word problem with the properties the declarative rules
talk about (Roy & Roth 2018, Section 5): Subj, Verb, IObj, Obj, Unit, Rate and Math, read from
the dependency parse of the shared reader (:mod:`pyasp.text.reading`), plus the same properties
of the question ("Q").

Class membership (is this verb a GIVE verb? is this unit money?) is not decided here: the rule
file's classes say it, in :mod:`pyasp.arith.classes`.

    >>> from pyasp.text.reading import read                         # doctest: +SKIP
    >>> problem = read_problem(read("Joan found 70 seashells. She gave Sam 27 seashells. "
    ...                             "How many seashells does she have now?"))    # doctest: +SKIP
    >>> [(n.value, n.verb.lemma, n.subj.text, n.unit.lemma) for n in problem.numbers]  # doctest: +SKIP
    [(70, 'find', 'Joan', 'seashell'), (27, 'give', 'she', 'seashell')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from ..text.units import dimension as _unit_dimension, factor as _unit_factor, lemma_of as _unit_lemma
from ..text.lexical import can_be_motion, first_sense_is_a, usage
from ..text.names import gender
from ..text.reading import (AS_DEGREE, COMPARATIVE_WORDS, FRACTION_WORDS, PERCENT, Document, Mention, Token, both_named_after, compared_unsaid,
                            counts_those_listed, counts_those_named, describes_a_noun, measure_of_each, names_a_label, unit_made_compound, names_a_year,
                            said_in_passing, one_for_each_of, one_for_oneself, one_of_several, pronoun_group, rest_asked, takes_off_a_price, tells_time,
                            with_oneself, WEEKDAYS)

PROPERTIES = ("subj", "verb", "iobj", "obj", "unit", "rate", "math")
#: what a verb of motion may have as its object when its subject goes with things ("left *the dock*
#: with 146 passengers"): the first WordNet senses of places
PLACES = ("location", "structure", "facility", "geological_formation", "dry_land", "region", "body_of_water")
#: the words that give a number per each of some things ("with 12 muffins on *each* tray")
EACH_WORDS = frozenset({"each", "every"})
PRONOUNS = frozenset("he she it they him her them his hers its their theirs i you we me us my our your".split())
FEMALE_PRONOUNS = frozenset({"she", "her", "hers", "herself"})
MALE_PRONOUNS = frozenset({"he", "him", "his", "himself"})
QUESTION_WORDS = frozenset("how what which who find".split())
RATE_WORDS = frozenset({"per", "each", "every"})
#: the words that end an amount said per one thing: "$7 each", "$4 apiece"
EACH_AFTER = frozenset({"each", "apiece"})
MONEY_SIGNS = frozenset({"$", "€", "£"})
#: verbs that take a recipient before their object ("gave her 9 pencils")
DITRANSITIVE = frozenset("give hand send pay lend sell offer buy bring pass show leave owe get mail loan award feed toss throw".split())
OBJECT_PRONOUNS = frozenset({"him", "her", "them", "me", "us"})
#: prepositions right after a number whose object is who it goes to or comes from, not its unit
RECIPIENT_PREPOSITIONS = frozenset({"to", "from", "for", "with"})
QUANTIFIERS = frozenset({"many", "much", "more", "few", "less", "other", "total", "additional", "extra"})
#: words the shared reader takes as numbers that are math terms here: a number of the problem only
#: as the factor of a comparison ("twice as many": 2) or as a part ("half of the 48 students": 1/2),
#: else left out ("the first half")
TERM_NUMBERS = frozenset({"twice", "double", "triple", "half", "thrice"})
#: words before "half" that make it a part of something, not a quantity ("the first half of the season")
PART_DETERMINERS = frozenset({"the", "a", "an", "first", "second", "other", "last", "this", "that", "each"})
#: wholes that stand for the things counted before them: "half of them", "half of the remaining"
STAND_IN_WHOLES = frozenset({"they", "it", "them", "those", "these", "remain", "remaining", "rest", "what", "all"})
#: words that say when something happens, not what a number counts ("2 more *in the afternoon*")
WHEN_WORDS = WEEKDAYS | frozenset({"morning", "afternoon", "evening", "night", "weekend", "today", "yesterday", "tomorrow",
                                   "summer", "winter", "spring", "autumn"})

#: quantity words that, as a subject, stand for the things "of" names ("Each of 7 students")
PARTITIVES = frozenset({"each", "all", "some", "both", "none", "many", "most", "several", "few"})
#: adverbs that, right after a verb, are its particle ("drove away": the parser may read them as
#: adverbs); the English adverbial particles
PARTICLES = frozenset({"away", "off", "out", "in", "back", "down", "up", "on", "over", "aboard"})
#: the subjects that name the rest of a whole ("The rest take the bus", "the others walk")
REST_WORDS = frozenset({"rest", "other", "others", "remainder"})
#: question words that ask what is left of something
LEFT_WORDS = frozenset({"leave", "left", "remain", "remaining", "rest"})


@dataclass(frozen=True)
class Phrase:
    """A property's value: its words, its head word's lemma and where the head is."""

    text: str
    lemma: str  # head lemma, lower case ("seashell")
    head: int  # token index of the head (-1 when implied, e.g. the unit "$")
    lemmas: tuple[str, ...] = ()  # content lemmas of the phrase (modifiers + head)
    resolved: str = ""  # for pronouns: the lemma of the noun they most likely stand for
    #: whose it is, when a possessive says so ("her teacher", her = Lucy: "lucy"; "Tom's dog": "tom")
    owner: str = ""
    #: of a verb: its particle ("got off": "off", "drove away": "away"), which with the verb may
    #: name another event (:meth:`pyasp.arith.classes.ClassIndex.verb_classes`)
    particle: str = ""

    @property
    def key(self) -> str:
        """The entity the phrase names: the resolved noun for a pronoun, else the head lemma."""
        return self.resolved or self.lemma

    @property
    def is_pronoun(self) -> bool:
        return self.lemma in PRONOUNS


@dataclass(frozen=True)
class NumberInfo:
    """One number of the problem and its properties (None when absent)."""

    index: int  # 1-based, text order
    value: Fraction
    mention: Mention
    subj: Phrase | None = None
    verb: Phrase | None = None
    iobj: Phrase | None = None
    obj: Phrase | None = None
    unit: Phrase | None = None
    rate: Phrase | None = None
    math: Phrase | None = None
    unit_inferred: bool = False  # the unit was borrowed from an earlier number
    #: a share of a whole ("half of them": 1/2, "a third of the apples": 1/3), else None; the
    #: number's value is that share, or, when ``rest``, what is left of the whole (1 - share)
    share: Fraction | None = None
    rest: bool = False
    #: for a share, the numbers (1-based) of the whole it is taken of, as the text gives them: the
    #: number right after "of" ("half of the 48 students"), else the earlier numbers of the
    #: whole's things and of the share's subject ("Ann had 60 apples. She gave 20 to Tom and ate
    #: half of the remaining apples": 60 and 20); empty when the text gives none
    whole: tuple[int, ...] = ()
    #: for a number with a comparison ("6 years older than Nina"), what it compares with
    #: (:meth:`_Reader.compared`), else None; not a property of the rules
    compared: Phrase | None = None
    #: the number's clause says "already" ("The class already had 12 cans", "He already has 15
    #: dollars"): said of a state, it held before what the text told earlier
    #: (:func:`pyasp.arith.engine.time_order`); not a property of the rules
    already: bool = False
    #: the number's subject is that of a passive verb ("9 inches were cut off"); not a property of
    #: the rules
    passive: bool = False
    #: the number counts what its subject has with it as it moves ("A ferry left the dock *with 146
    #: passengers*", "came home with 12 shells": :meth:`_Reader.carried`): a state, whatever the verb
    carried: bool = False

    def get(self, prop: str) -> Phrase | None:
        return getattr(self, prop)


@dataclass(frozen=True)
class ProblemInfo:
    """The numbers of a problem, its question's properties and the document they come from."""

    doc: Document
    numbers: tuple[NumberInfo, ...]
    question: NumberInfo  # index 0, value 0: the properties of the question
    question_sentence: int
    words: tuple[str, ...] = field(default=())  # lower-case lemmas of the question sentence
    error: str | None = None  # why the reader refused the text (then no number is read)
    #: numbers (1-based) that count what a question with its verb denied leaves out: "35 brought a
    #: lunch" when it asks "How many students did not bring a lunch?" (:func:`_left_out`)
    left_out: frozenset[int] = frozenset()
    #: a whole and its parts when the question asks about the rest of it (:func:`_rest_of`):
    #: (whole, parts), numbers 1-based, else None
    rest_of: tuple[int, tuple[int, ...]] | None = None


def _children(doc: Document) -> dict[int, list[Token]]:
    kids: dict[int, list[Token]] = {t.i: [] for t in doc.tokens}
    for t in doc.tokens:
        if t.head != t.i:
            kids[t.head].append(t)
    return kids


class _Reader:
    def __init__(self, doc: Document):
        self.doc = doc
        self.tokens = doc.tokens
        self.kids = _children(doc)

    # -- phrases ------------------------------------------------------------------------------
    def phrase(self, tok: Token, resolved: str = "", after: int = -1) -> Phrase:
        """The head word with its modifiers before it (only those after token ``after``: a
        unit's modifiers stand between its number and it, "gave Tom 5 apples")."""
        mods = [k for k in self.kids[tok.i] if k.dep in {"compound", "amod", "nmod"} and after < k.i < tok.i
                and k.pos != "NUM" and k.lemma.lower() not in QUANTIFIERS]
        words = [m.text for m in mods] + [tok.text]
        lemmas = tuple(m.lemma.lower() for m in mods) + (tok.lemma.lower(),)
        return Phrase(" ".join(words), tok.lemma.lower(), tok.i, lemmas, resolved, self.owner(tok))

    def verb_phrase(self, verb: Token, after: int = -1) -> Phrase:
        """A verb as a phrase, with its particle ("9 students got off", "24 cars drove away")."""
        phrase = self.phrase(verb, after=after)
        particle = next((k for k in self.kids[verb.i] if k.i > verb.i and (
            k.dep == "prt" or k.dep == "advmod" and k.i == verb.i + 1 and k.lemma.lower() in PARTICLES)), None)
        if particle is None:
            return phrase
        return Phrase(f"{phrase.text} {particle.text}", phrase.lemma, phrase.head, phrase.lemmas, phrase.resolved,
                      phrase.owner, particle.lemma.lower())

    def left_over(self, m: Mention, unit: Token | None, verb: Token | None) -> tuple[Token, Token | None] | None:
        """For a number the parse makes the subject of "left" after "have" ("She gave 15 of them to
        her neighbors and has 21 left", "He lost 9 and has 14 left": "21 left" a clause of its own,
        under "has" or with "has" its auxiliary), the verb "have" and its subject, the one who has
        them (of the verb "have" hangs on, or the clause "left" is joined to); else None."""
        tok = unit if unit is not None else self.tokens[m.head]
        if verb is None or verb.lemma.lower() != "leave" or verb.tag != "VBN" or tok.dep != "nsubj" or tok.head != verb.i:
            return None
        aux = next((k for k in self.kids[verb.i] if k.dep == "aux" and k.lemma.lower() == "have" and k.i < tok.i), None)
        if aux is not None:  # "and has 14 left": the subject of the verb "left" is joined to
            owner = self.tokens[verb.head] if verb.dep == "conj" and verb.head != verb.i else None
            return aux, self.subject(owner) if owner is not None else None
        have = self.tokens[verb.head]
        if verb.dep == "ccomp" and have.lemma.lower() == "have" and have.i < tok.i:
            return have, self.subject(have)
        return None

    def carried(self, m: Mention, unit: Token | None, verb: Token | None) -> bool:
        """Whether a number (its unit token ``unit``) counts what the subject of its verb has with it
        as it goes: the object of "with" on a finite, active verb that can be one of motion in
        WordNet, said of the subject going, with no object or a place as its object ("A ferry left
        the dock with 146 passengers", "He came home with $17"; not "paid with a 20 dollar bill",
        "packs 45 cookies into bags with 5 cookies in each bag"); not a person's companions ("He
        went to the mall with 3 friends"), nor things given per something ("with 12 muffins on
        each tray")."""
        tok = unit if unit is not None else self.tokens[m.head]
        if verb is None or tok.dep != "pobj" or tok.head == tok.i or verb.tag not in {"VBD", "VBZ", "VBP"}:
            return False
        prep = self.tokens[tok.head]
        if prep.text.lower() != "with" or prep.head != verb.i or not can_be_motion(verb.lemma.lower()):
            return False
        kids = self.kids[verb.i]
        if any(k.dep in {"nsubjpass", "auxpass"} for k in kids) or any(
                k.dep == "dobj" and not any(first_sense_is_a(k.lemma.lower(), PLACES) or ()) for k in kids):
            return False
        if any(k.dep == "prep" and any(g.dep == "pobj" and (g.text.lower() in EACH_WORDS or any(
                d.dep == "det" and d.text.lower() in EACH_WORDS for d in self.kids[g.i])) for g in self.kids[k.i])
               for k in self.kids[tok.i]):
            return False  # "with 12 muffins on each tray"
        subject = self.subject(verb)
        return not (subject is not None and self._person(subject) and self._person(tok))

    def _person(self, tok: Token) -> bool:
        """A personal pronoun, a name, or a noun whose first WordNet sense is a person."""
        if tok.lemma.lower() in PRONOUNS or tok.text.lower() in PRONOUNS or tok.pos == "PROPN":
            return True
        return bool((first_sense_is_a(tok.lemma.lower(), ("person",)) or (False,))[0])

    def owner(self, tok: Token) -> str:
        """The entity a possessive before ``tok`` names: a name ("Tom's dog": tom) or a pronoun
        resolved ("her teacher": the noun "her" stands for), else ""."""
        poss = next((k for k in self.kids[tok.i] if k.dep == "poss" and k.i < tok.i), None)
        if poss is None:
            return ""
        if poss.pos == "PRON" or poss.lemma.lower() in PRONOUNS or poss.text.lower() in PRONOUNS:
            return self.resolve(poss, poss.i)
        return poss.lemma.lower() if poss.pos in {"PROPN", "NOUN"} else ""

    def verb_of(self, i: int) -> Token | None:
        seen = set()
        tok = self.tokens[i]
        while tok.i not in seen:
            seen.add(tok.i)
            if tok.pos in {"VERB", "AUX"} and tok.i != i:
                return tok
            if tok.head == tok.i:
                return tok if tok.pos in {"VERB", "AUX"} else None
            tok = self.tokens[tok.head]
        return None

    def clause(self, verb: Token | None, sentence: int) -> list[Token]:
        """The tokens of the sentence governed by ``verb`` without passing another verb."""
        start, end = self.doc.sentences[sentence]
        if verb is None:
            return list(self.tokens[start:end])
        out = []
        for t in self.tokens[start:end]:
            v = self.verb_of(t.i) if t.i != verb.i else verb
            if v is not None and v.i == verb.i:
                out.append(t)
        return out

    def is_subject(self, t: Token) -> bool:
        """A subject, or a name the small parser hangs before its verb as a modifier ("Tim had
        50 cents" read with "Tim" as npadvmod)."""
        if t.dep in {"nsubj", "nsubjpass"}:
            return True
        return (t.dep in {"npadvmod", "dep"} and t.pos == "PROPN" and t.i < t.head
                and self.tokens[t.head].pos in {"VERB", "AUX"})

    def subject(self, verb: Token | None) -> Token | None:
        if verb is None:
            return None
        for k in self.kids[verb.i]:
            if k.dep in {"nsubj", "nsubjpass"}:
                if k.text.lower() in {"that", "which", "who"} and verb.dep == "relcl":
                    return self.tokens[verb.head]
                return k
        for k in self.kids[verb.i]:
            if self.is_subject(k):
                return k
        # "... and gave 3 to Sam": a conjoined verb shares its head verb's subject
        if verb.dep == "conj" and verb.head != verb.i:
            return self.subject(self.tokens[verb.head])
        # "After giving 9 balloons to his cousins, Tyler has 14": a participle fronted by a
        # preposition has the subject of the verb it modifies
        if verb.tag == "VBG" and verb.dep == "pcomp" and verb.head < verb.i:
            prep = self.tokens[verb.head]
            main = self.tokens[prep.head]
            if prep.dep == "prep" and prep.i < main.i and main.pos in {"VERB", "AUX"} and main.i != verb.i:
                return self.subject(main)
        if verb.dep in {"relcl", "acl"}:
            return self.tokens[verb.head]
        return None

    def agent(self, verb: Token) -> Token | None:
        """The "by" phrase of a passive verb."""
        for k in self.kids[verb.i]:
            if k.dep == "agent":
                pobj = [c for c in self.kids[k.i] if c.dep == "pobj"]
                return pobj[0] if pobj else None
        return None

    def resolve(self, tok: Token, before: int, exclude: str = "") -> str:
        """A pronoun's most likely antecedent: the last non-pronoun subject before it other than
        ``exclude`` (an object pronoun does not stand for the subject of its own clause: in "Sam
        gave her 3 plums", "her" is not Sam)."""
        word = tok.text.lower()
        if tok.lemma.lower() not in PRONOUNS and word not in PRONOUNS:
            return ""
        want = "f" if word in FEMALE_PRONOUNS else "m" if word in MALE_PRONOUNS else None
        best, at = "", -1
        for t in self.tokens[:before]:
            if self.is_subject(t) and t.pos in {"PROPN", "NOUN"} and t.lemma.lower() != exclude:
                if want is not None and gender(t.text, t.pos == "PROPN") not in (None, want):
                    continue  # "she" does not stand for Larry
                best, at = t.lemma.lower(), t.i
        if want is not None and at >= 0 and tok.dep in {"nsubj", "nsubjpass"}:
            # "His uncle gave him 12 more cards, and now he has 40": between that subject and the
            # pronoun, an object pronoun of its gender stands for someone else, whom the
            # pronoun goes on to name
            sentence = next((a, b) for a, b in self.doc.sentences if a <= tok.i < b)
            for t in self.tokens[max(at, sentence[0]) + 1 : tok.i]:
                if (t.dep in {"dobj", "dative", "iobj", "pobj"} and t.text.lower() in OBJECT_PRONOUNS
                        and (t.text.lower() in FEMALE_PRONOUNS) == (want == "f")):
                    other = self.resolve(t, t.i, best)
                    if other:
                        return other
        return best

    def nouns_after(self, i: int, sentence: int, limit: int = 4) -> Token | None:
        _, end = self.doc.sentences[sentence]
        for t in self.tokens[i + 1 : min(end, i + 1 + limit)]:
            if t.pos in {"NOUN", "PROPN"}:
                return t
            if t.pos in {"VERB", "AUX", "PUNCT", "CCONJ", "SCONJ"} or t.lemma.lower() in {"than", "as"}:
                return None
        return None

    # -- properties of one number ---------------------------------------------------------------
    def unit(self, m: Mention, recipients: bool = False) -> Token | None:
        head = self.tokens[m.head]
        parent = self.tokens[head.head]
        if head.dep in {"nummod", "quantmod"} and parent.pos in {"NOUN", "PROPN"} and parent.i > head.i:
            unit = unit_made_compound(self.doc, m)  # "a full 1 L bottle": liters
            return self.tokens[unit] if unit is not None else parent
        noun = self.nouns_after(m.head, m.sentence)
        of = self.tokens[m.end] if m.end < len(self.tokens) and head.dep in {"dobj", "nsubj", "nsubjpass"} else None
        if of is not None and of.text.lower() == "of" and of.head == head.i:
            # a part said with "of": it counts the things of its whole, however that is told ("34 of
            # the 90 paper lanterns", "39 of the 164 colored holds": lanterns, holds)
            # (not a whole someone owns, "borrowed 3 of his dimes", "took 23 of Dan's green marbles": read
            # as before, the learned weights know that form; with it, AllArith lost 69, 106 and 274)
            whole = next((k for k in self.kids[of.i] if k.dep == "pobj"), None)
            if (whole is not None and whole.pos == "NOUN" and whole.tag in {"NNS", "NNPS"}
                    and not any(k.dep == "poss" for k in self.kids[whole.i])):
                noun = whole
        between = self.tokens[m.end : noun.i] if noun is not None else []
        if (noun is not None and noun.lemma.lower() in WHEN_WORDS and any(t.pos == "ADP" for t in between)
                and all(t.pos in {"ADP", "DET", "ADJ", "ADV"} for t in between)):
            noun = None  # "2 more in the afternoon": when, not what the number counts (it borrows an earlier unit)
        if noun is None:
            group = pronoun_group(self.doc, m.start, m.end)
            if group is not None:
                return group
        # "7 on each shelf", "3 per box": the noun after "each" is what the number is counted
        # per, not its unit (which the number then borrows from an earlier one)
        if noun is not None and any(t.lemma.lower() in {"each", "every", "per"} for t in self.tokens[m.end : noun.i]):
            return None
        # with ``recipients``: "gave 5 to her friend", "took 3 from his sister": the one the
        # number goes to or comes from, right after it, is not what it counts (the number
        # borrows an earlier unit). Only in a problem with a share of a whole: everywhere, it
        # read 40 CogComp problems differently and lost 4 of AllArith and 6 of Perturb after
        # retraining (the learned weights are used to "friends" as such a number's unit)
        if (recipients and noun is not None and m.end < len(self.tokens) and self.tokens[m.end].text.lower() in RECIPIENT_PREPOSITIONS
                and noun.dep == "pobj" and noun.head == m.end):
            return None
        return noun

    def rate(self, m: Mention, unit: Token | None, verb: Token | None) -> Token | None:
        """The noun a number is counted per: "5 pies per row", "$2 a pound", "10 in each box",
        "boxes that hold 10 each", "packages of 6", "each box has 5", "a bee has 6 legs"."""
        anchor = unit.i if unit is not None else m.head
        _, end = self.doc.sentences[m.sentence]
        other = lambda t: t is not None and t.pos in {"NOUN", "PROPN", "PRON"} and (unit is None or t.lemma != unit.lemma)
        # a measure right after the plural noun it sizes: "cuts the roll into pieces 8 m long"
        each = measure_of_each(self.doc, m)
        if each is not None and other(self.tokens[each]):
            return self.tokens[each]
        # right after the number or its unit
        for t in self.tokens[anchor + 1 : min(end, anchor + 4)]:
            word = t.text.lower()
            if word in {"per", "every"} or (word in {"a", "an"} and t.i == anchor + 1):
                nxt = self.nouns_after(t.i, m.sentence, 3)
                if other(nxt):
                    return nxt
            if word in EACH_AFTER:
                nxt = self.tokens[t.i + 1] if t.i + 1 < end else None
                if nxt is not None and nxt.pos == "NOUN" and other(nxt):
                    return nxt
                if nxt is not None and nxt.text.lower() == "of":  # "6 stickers to each of his 5 friends"
                    target = self.nouns_after(nxt.i, m.sentence, 4)
                    if other(target):
                        return target
                if nxt is not None and nxt.text.lower() in {"on", "for"} and m.kind == "money":  # "$10.62 each on 2 tickets"
                    target = self.nouns_after(nxt.i, m.sentence, 4)
                    if other(target):
                        return target
                # "4 classes with 25 students each": each of the things "with" hangs on
                holder = unit if unit is not None else self.tokens[m.head]
                if holder.dep == "pobj" and self.tokens[holder.head].text.lower() == "with":
                    owner = self.tokens[self.tokens[holder.head].head]
                    if owner.pos == "NOUN" and owner.i < m.start and other(owner):
                        return owner
                # "split into teams of 5 students each", "in bags of 6 rolls each": each of the
                # things (plural) "of" hangs on
                if holder.dep == "pobj" and self.tokens[holder.head].text.lower() == "of":
                    owner = self.tokens[self.tokens[holder.head].head]
                    if owner.pos == "NOUN" and owner.tag in {"NNS", "NNPS"} and owner.i < m.start and other(owner):
                        return owner
                # "bought 3 books for 7 dollars each", "selling decks for 2 dollars each": a
                # price "for" each is per the thing bought or sold, the object before it
                bought = self.price_of(holder, m)
                if other(bought):
                    return bought
                subj = self.subject(verb)
                if other(subj):
                    return subj
            if t.pos in {"VERB", "AUX", "PUNCT", "CCONJ"}:
                break
        # "in packages of 6", "cases of 12 boxes": counted per the noun "of" hangs on
        inner = unit if unit is not None and unit.dep == "pobj" else self.tokens[m.head]
        if inner.dep == "pobj" and self.tokens[inner.head].text.lower() == "of":
            owner = self.tokens[self.tokens[inner.head].head]
            if owner.pos == "NOUN" and other(owner) and owner.i < m.start:
                return owner
        # "1 pencil weighs 28.3 grams", "2 miles in 1 hour": a one in the clause names the rate
        for n in self.doc.mentions:
            if n.sentence == m.sentence and n.value == 1 and n.start != m.start and n.kind in {"number", "word"}:
                one_unit = self.unit(n)
                if other(one_unit) and (verb is None or self.verb_of(n.head) is None or self.verb_of(n.head).i == verb.i):
                    return one_unit
        # "each box", "every shelf" in the number's clause; "They each ate 8 pieces"
        for t in self.clause(verb, m.sentence):
            if t.text.lower() in {"each", "every"} and not self.of_other_number(t, m, unit):
                target = self.tokens[t.head] if t.dep in {"det", "predet"} else self.nouns_after(t.i, m.sentence, 2)
                if t.dep == "advmod" and verb is not None and t.head == verb.i:
                    target = self.subject(verb)
                elif unit is not None and t.head == unit.i and t.i < m.start and verb is not None:
                    # "pieces that are each 8 inches long" (the parser hangs "each" on the inches):
                    # each of the subject's things
                    target = self.subject(verb)
                if other(target):
                    return target
        # generic present-tense statements about "a"/"an" thing: "A bee has 6 legs"
        subj = self.subject(verb)
        # (also passive: "A pizza is cut into 8 slices")
        present = verb is not None and (verb.tag in {"VBZ", "VBP"} or verb.tag == "VBN" and any(
            k.dep in {"auxpass", "aux"} and k.tag in {"VBZ", "VBP"} for k in self.kids[verb.i]))
        if present and other(subj) and subj.pos == "NOUN" and not self.told_of(subj):
            # (or of a thing's part: "A drone's battery lasts 25 minutes")
            if any(k.dep == "det" and k.text.lower() in {"a", "an"} or k.dep == "poss" and any(
                    d.dep == "det" and d.text.lower() in {"a", "an"} for d in self.kids[k.i]) for k in self.kids[subj.i]):
                return subj
        return None

    def told_of(self, tok: Token) -> bool:
        """Whether the text goes on about the one person ``tok`` names, as "he" or "she", the
        subject of a later sentence ("A farmer has 6 pens ... He sells 11 sheep"): then "a
        farmer" is someone, not any farmer ("A bee has 6 legs"). (A thing said so keeps its
        rate: "A shirt costs 40 dollars. It is on sale" is still 40 dollars a shirt.)"""
        sentence = next(k for k, (a, b) in enumerate(self.doc.sentences) if a <= tok.i < b)
        later = self.doc.sentences[sentence][1]
        return any(self.is_subject(t) and t.text.lower() in {"he", "she"} and self.resolve(t, t.i) == tok.lemma.lower()
                   for t in self.tokens[later:])

    def of_other_number(self, t: Token, m: Mention, unit: Token | None) -> bool:
        """Whether a word hangs in the phrase of another number of the sentence ("packs 45
        cookies into bags with 5 cookies in each bag": "each bag" is said of the 5 cookies, not
        of the 45); a number joined to this one by "and" shares its phrases ("5 pencils and 3
        pens in each box")."""
        own = {m.head} | ({unit.i} if unit is not None else set())
        joined = set(own)
        for i in list(own):
            tok = self.tokens[i]
            if tok.dep == "conj":
                joined.add(tok.head)
            joined.update(k.i for k in self.kids[i] if k.dep == "conj")
        others = set()
        for n in self.doc.mentions:
            if n.sentence == m.sentence and n.start != m.start:
                head = self.tokens[n.head]
                others.add(head.head if head.dep in {"nummod", "quantmod"} else head.i)
        seen, tok = set(), t
        while tok.head != tok.i and tok.i not in seen:
            seen.add(tok.i)
            tok = self.tokens[tok.head]
            if tok.i in joined or tok.pos in {"VERB", "AUX"}:
                return False
            if tok.i in others:
                return True
        return False

    def price_clause(self, m: Mention, unit: Token | None, verb: Token | None) -> Token | None:
        """The verb that buys or sells the things a price is said of in a relative clause: "He
        bought 3 erasers that cost 15 cents each" (bought: the erasers, counted, are its object);
        else None."""
        money = m.kind == "money" or (unit is not None and unit.lemma.lower() in MONEY_WORDS)
        if not money or verb is None or verb.dep != "relcl":
            return None
        things = self.tokens[verb.head]
        if (things.pos != "NOUN" or things.dep != "dobj" or things.i > m.start
                or not any(k.dep == "nummod" and k.pos == "NUM" for k in self.kids[things.i])):
            return None
        buyer = self.tokens[things.head]
        return buyer if buyer.pos == "VERB" else None

    def partitive(self, tok: Token | None) -> Token | None:
        """Who a quantity word as a subject stands for: "Each of 7 students brought 4 cans"
        (students), "All of the girls" (girls); any other subject is itself."""
        if tok is None or tok.lemma.lower() not in PARTITIVES:
            return tok
        of = next((k for k in self.kids[tok.i] if k.dep == "prep" and k.text.lower() == "of" and k.i > tok.i), None)
        whom = next((k for k in self.kids[of.i] if k.dep == "pobj"), None) if of is not None else None
        return whom if whom is not None and whom.pos in {"NOUN", "PROPN"} else tok

    def price_of(self, holder: Token, m: Mention) -> Token | None:
        """What a price said with "for" or "at" is paid for: "bought 3 books for 7 dollars each",
        "buys 6 glasses at $7 apiece" (books, glasses), the object of the verb or the noun the
        preposition hangs on, before the price; else None."""
        if holder.dep != "pobj" or self.tokens[holder.head].text.lower() not in {"for", "at"}:
            return None
        prep = self.tokens[holder.head]
        head = self.tokens[prep.head]
        if head.pos == "NOUN" and head.i < m.start:
            return head
        if head.pos in {"VERB", "AUX"}:
            return next((k for k in self.kids[head.i] if k.dep == "dobj" and k.pos == "NOUN" and k.i < m.start), None)
        return None

    def objects(self, verb: Token | None, m: Mention, unit: Token | None) -> tuple[Token | None, Token | None]:
        """(indirect object, object): the dative, and the object of a preposition or of
        "than"/"as" attached to the verb or to the number's noun."""
        if verb is None:
            return None, None
        iobj = obj = None
        holders = [verb] + ([unit] if unit is not None else [])
        for h in holders:
            for k in self.kids[h.i]:
                if k.dep in {"dative", "iobj"} and iobj is None:
                    iobj = k
                    if k.pos == "ADP":  # "to Sam" parsed as dative
                        pobj = [c for c in self.kids[k.i] if c.dep == "pobj"]
                        iobj = pobj[0] if pobj else None
                if k.dep == "prep" and k.text.lower() in {"to", "from", "with", "than", "as", "for", "of"} and obj is None:
                    pobj = [c for c in self.kids[k.i] if c.dep == "pobj"]
                    if pobj and (unit is None or pobj[0].lemma != unit.lemma) and pobj[0].i != m.head:
                        obj = pobj[0]
                if k.dep == "dobj" and obj is None and (unit is None or k.i != unit.i) and k.i != m.head and k.pos in {"NOUN", "PROPN", "PRON"}:
                    obj = k
        # "gave her 9 pencils", "gave Tom 5 apples": the small parser often reads the recipient as
        # a possessive or a modifier of the object; before the number, after a giving verb, it is
        # the dative
        if iobj is None and unit is not None and unit.head == verb.i and verb.lemma.lower() in DITRANSITIVE:
            for k in self.kids[unit.i]:
                if k.i < m.start and ((k.dep == "poss" and k.text.lower() in OBJECT_PRONOUNS)
                                      or (k.dep in {"nmod", "compound"} and k.pos == "PROPN")):
                    iobj = k
                    break
        # "than John": anywhere in the sentence after the number
        _, end = self.doc.sentences[m.sentence]
        for t in self.tokens[m.end : end]:
            if t.text.lower() in {"than", "as"}:
                # the compared thing, not its possessor: "than his brother" is the brother, "than
                # my brother's friend" the friend
                nxt = next((u for u in self.tokens[t.i + 1 : min(end, t.i + 6)]
                            if u.pos in {"NOUN", "PROPN", "PRON"} and u.dep != "poss" and u.tag != "PRP$"), None)
                if nxt is not None:
                    obj = nxt
                break
        return iobj, obj

    def packed(self, m: Mention, verb: Token | None) -> Token | None:
        """What a number with no unit of its own counts when it says the size of the packs its
        clause's subject comes in ("Pens come in packs of 10", "Eggs are sold in cartons of 12":
        pens, eggs): the number hangs on "of" after a plural noun that hangs on "in" or "into"
        of the verb, and the verb's subject is a plural noun; or its object ("A bakery packs
        muffins in boxes of 6": muffins)."""
        tok = self.tokens[m.head]
        if tok.dep != "pobj" or self.tokens[tok.head].text.lower() != "of" or verb is None:
            return None
        packs = self.tokens[self.tokens[tok.head].head]
        if packs.tag not in {"NNS", "NNPS"} or packs.dep != "pobj":
            return None
        prep = self.tokens[packs.head]
        if prep.text.lower() not in {"in", "into"} or prep.head != verb.i:
            return None
        # "A bakery packs muffins in boxes of 6": what the verb puts in the packs, its object
        obj = next((k for k in self.kids[verb.i] if k.dep == "dobj"), None)
        if obj is not None and obj.pos == "NOUN" and obj.tag == "NNS" and obj.lemma.lower() != packs.lemma.lower():
            return obj
        subj = self.subject(verb)
        if subj is None or subj.pos != "NOUN" or subj.tag != "NNS" or subj.lemma.lower() == packs.lemma.lower():
            return None
        return subj

    def compared(self, m: Mention) -> Token | None:
        """The head of what a comparison after the number compares with: "6 years older than
        Nina" (Nina), "3 times as many crayons as the red box" (box: the second "as", not the
        first), "15 feet taller than the pine tree" (tree, not its modifier "pine"). Not read
        into Obj, whose reading the learned weights were fitted on (it takes the first noun after
        "than" or "as": "crayons", "pine"); the inference reads this one
        (:func:`pyasp.arith.features.contradicted`)."""
        _, end = self.doc.sentences[m.sentence]
        for t in self.tokens[m.end : end]:
            word = t.text.lower()
            if word not in {"than", "as"}:
                continue
            nxt = self.tokens[t.i + 1] if t.i + 1 < end else None
            if word == "as" and nxt is not None and (nxt.lemma.lower() in AS_DEGREE or nxt.pos in {"ADJ", "ADV"}):
                continue  # the first "as" of "as many ... as"
            head = next((u for u in self.tokens[t.i + 1 : min(end, t.i + 6)]
                         if u.pos in {"NOUN", "PROPN", "PRON"} and u.dep != "poss" and u.tag != "PRP$"), None)
            while (head is not None and head.dep in {"compound", "amod", "nmod"} and head.i < head.head < end
                   and self.tokens[head.head].pos in {"NOUN", "PROPN"}):
                head = self.tokens[head.head]
            if (head is not None and head.dep == "poss" and head.i < head.head < end
                    and self.tokens[head.head].pos == "NOUN"):
                head = self.tokens[head.head]  # "than Ms. Kim's class": the class (Kim's)
            return head
        return None


#: words that, as the subject of "is", stand for what the sentence before said ("That is 4 times
#: as many as Kate has")
DEMONSTRATIVES = frozenset({"that", "this", "which"})


def _math_term(reader: _Reader, start: int, end: int, sentence: int, terms: tuple[tuple[str, ...], ...]) -> Phrase | None:
    """The first math term (a phrase of the rule file's math classes) in tokens [start, end) of
    ``sentence``: its first word within the window, its other words later in the sentence."""
    _, sent_end = reader.doc.sentences[sentence]
    words = [t.text.lower() for t in reader.tokens]
    lemmas = [t.lemma.lower() for t in reader.tokens]
    for i in range(max(start, 0), min(end, sent_end)):
        if words[i] == "half" and i + 2 < len(words) and words[i + 1] == "-" and lemmas[i + 2] == "dollar":
            continue  # "half-dollars" names a coin
        if words[i] == "off" and not any(m.sentence == sentence and i - 2 <= m.end <= i and takes_off_a_price(reader.doc, m)
                                         for m in reader.doc.mentions):
            continue  # "off" takes money off a price ("took $25 off the bill"), not "9 people got off"
        for term in terms:
            if words[i] != term[0] and lemmas[i] != term[0]:
                continue
            if len(term) == 1 and reader.tokens[i].tag == "JJR" and reader.tokens[i].dep == "amod":
                continue  # a comparative alone says a comparison, not "her older sister"
            j, ok = i, True
            for word in term[1:]:
                j = next((k for k in range(j + 1, min(sent_end, j + 6)) if words[k] == word), -1)
                if j < 0:
                    ok = False
                    break
            if ok:
                return Phrase(" ".join(term), " ".join(term), i, term)
    return None


def _unsaid_comparison(doc: Document, m: Mention, numbers: list[NumberInfo],
                       terms: tuple[tuple[str, ...], ...]) -> tuple[Phrase, Phrase] | None:
    """A comparison said without "than", of the thing named just before
    (:func:`pyasp.text.reading.compared_unsaid`): "Lena has 18 roses. Tim has 7 fewer." is read
    as "7 fewer than Lena" would be, (its math term, what it compares with: the subject of the
    number compared with, as Obj and :attr:`NumberInfo.compared`). Only when the rule file's math
    classes have the comparative with "than" ("fewer than")."""
    found = compared_unsaid(doc, m)
    if found is None:
        return None
    word, other = found
    term = (word, "than")
    before = next((n for n in numbers if n.mention == other), None)
    if term not in terms or before is None or before.subj is None:
        return None
    at = next(t.i for t in doc.tokens[m.end:] if t.text.lower() == word)
    return Phrase(" ".join(term), " ".join(term), at, term), before.subj


def _multiplier(doc: Document, mention: Mention) -> bool:
    """A math term that is the factor of a comparison, "twice as many", "half as much", or, said
    of something with "be", of what follows it ("His sister is half his age", "The coat is twice
    the price of the hat"): a number (2, 1/2), whose math term is the word itself. Elsewhere
    ("the first half", "doubled", "ate half the cake") the word is no quantity of the problem,
    unless it is the part of a whole (:func:`_parts`)."""
    tokens, after = doc.tokens, mention.end
    if after < len(tokens) and tokens[after].text.lower() == "as":
        return True
    before = mention.start - 1
    while before >= 0 and tokens[before].pos == "ADV":  # "is only half his age"
        before -= 1
    return (after + 1 < len(tokens) and before >= 0 and tokens[before].lemma.lower() == "be"
            and tokens[after].text.lower() in COMPARED_DETERMINERS and tokens[after + 1].pos == "NOUN")


#: the words that start what a multiple said with "be" is of ("half his age", "twice the price")
COMPARED_DETERMINERS = frozenset({"the", "his", "her", "their", "its", "my", "your", "our"})
#: the parts of speech whose words say what a part is ("girls", "red", "wearing")
CONTENT_POS = frozenset({"NOUN", "PROPN", "ADJ", "VERB"})


def _is_share(doc: Document, mention: Mention) -> bool:
    """Whether a mention is a share of a whole: a fraction word followed by "of" ("half of the
    48 students", "a third of them"), not "the first half of the season"; a percentage (the
    reader's value: "20 percent" is 1/5) followed by "of" ("saved 10 percent of it") or that its
    clause is about ("In a class of 30 students, 40% wear glasses"), not "25% off"."""
    token = doc.tokens[mention.end - 1]
    last = token.lemma.lower()
    of = mention.end < len(doc.tokens) and doc.tokens[mention.end].text.lower() == "of"
    if last in PERCENT:
        # the subject of its verb (the small parser also hangs it on the verb as a modifier: "30%
        # walk to school" read with "%" a compound of "walk")
        subject = token.dep in {"nsubj", "nsubjpass"} or (
            token.dep in {"compound", "npadvmod", "dep"} and token.head > token.i and doc.tokens[token.head].pos in {"VERB", "AUX"})
        return 0 < mention.value < 1 and (of or subject)
    if last not in FRACTION_WORDS or not of:
        return False
    if last == "half":
        before = doc.tokens[mention.start - 1].text.lower() if mention.start > 0 else ""
        return mention.text.lower() == "half" and before not in PART_DETERMINERS
    return mention.value < 1


#: the words that name money as a whole or as the unit of a question ("half of his money", "50
#: percent of her savings")
MONEY_WORDS = frozenset({"money", "$", "dollar", "cent", "buck", "saving", "savings", "allowance", "salary", "paycheck",
                         "earning", "earnings", "income", "wage", "wages", "profit"})
#: the prepositions after a verb of spending that name what the money went to ("spent half of it
#: on a bike", "paid a third of his savings for a coat")
SPENT_ON = frozenset({"on", "for"})


def _parts(reader: _Reader, qsent: int, question: NumberInfo, mentions: list[Mention],
           taken_away: Callable[[Phrase], bool] | None = None) -> dict[int, tuple[str, str | None]]:
    """Where the shares of a whole start ("half of the 48 students", "one half of a book", "a
    third of them": a factor that counts no thing of its own) and how each is read: "share" (the
    factor itself, 1/3) or "rest" (what is left of the whole, 1 - 1/3). Not "the first half of
    the season", and only a share the question asks about:

    - the share itself, when it shares the question's verb ("Tom read half of a book. How many
      pages did he read?"), or for "half of X is/are ..." a word of what the half is said to be
      ("Half of them are girls. How many girls ...?"), or, when the half is said to be a number,
      the whole ("Half of a number is 13. What is the number?"), or when the share is taken away
      to the one the question asks about ("gave a third of them to Sam. How many does Sam have?");
    - the rest, when the share is taken away from its subject (its verb is one ``taken_away``
      accepts: the rule file's verbs of giving and destroying) and the question asks about the
      whole's things and not about another owner ("Rob has 16 grapes. He eats half of them. How
      many grapes does he have left?": 16 * (1 - 1/2)). "Half of them", "half of the remaining"
      are of the things counted before them;
    - the rest, too, when the question asks about what the text says "the rest" are ("the rest
      are blue. How many are blue?"), denies what the share is said to be ("A quarter of them
      are white. How many cars are not white?"), or asks for a kind of the whole's things the
      text names nowhere else ("One third of them are children. How many adults ...?"); money
      spent on what the question asks the cost of is the share itself ("spent 50 percent of her
      savings on a bike. How much did the bike cost?").

    A share the question does not ask about ("He ate half of a sandwich ... How many cookies
    does he have?") is no number of the problem: every number an expression uses must count.
    Each share comes with the lemma of what it is of (:func:`whole`: "apple", "$"), or None."""
    doc = reader.doc
    start, end = doc.sentences[qsent] if doc.sentences else (0, 0)
    asked = {t.lemma.lower() for t in doc.tokens[start:end] if t.pos in CONTENT_POS}
    asked_words = {t.lemma.lower() for t in doc.tokens[start:end]} | {t.text.lower() for t in doc.tokens[start:end]}

    def asks_about(mention: Mention) -> bool:
        if mention.sentence == qsent:
            return True
        verb = reader.verb_of(mention.head)
        if verb is None:
            return False
        if verb.lemma.lower() != "be":
            return verb.lemma.lower() in asked
        said = [t for t in reader.clause(verb, mention.sentence) if t.i > verb.i]
        if any(t.pos == "NUM" for t in said):
            whole = next((t for t in doc.tokens[mention.end + 1 : verb.i] if t.pos not in {"DET", "PRON"}), None)
            return whole is not None and whole.lemma.lower() in asked
        return any(t.lemma.lower() in asked for t in said if t.pos in CONTENT_POS)

    def whole(mention: Mention) -> str | None:
        """What the share is of: the noun after "of", or for "them", "the remaining" (or a
        percentage without "of": "40% wear glasses"), the unit of the last number before it."""
        if mention.end < len(doc.tokens) and doc.tokens[mention.end].text.lower() == "of":
            noun = next((k for k in reader.kids[mention.end] if k.dep == "pobj"), None)
            if noun is None:
                return None
            if noun.lemma.lower() not in STAND_IN_WHOLES and noun.text.lower() not in STAND_IN_WHOLES:
                return noun.lemma.lower()
        for m in reversed([m for m in mentions if m.end <= mention.start and not _is_share(doc, m)]):
            if m.kind == "money":
                return "$"
            unit = reader.unit(m)
            if unit is not None:
                return unit.lemma.lower()
        return None

    def same(a: str | None, b: str | None) -> bool:
        return a is not None and b is not None and (a == b or {a, b} <= MONEY_WORDS)

    def key(tok: Token | None) -> str:
        return reader.phrase(tok, reader.resolve(tok, tok.i)).key if tok is not None else ""

    def taken(mention: Mention) -> Token | None:
        """The share's verb when it takes the share away from its subject."""
        verb = reader.verb_of(mention.head)
        if verb is None or taken_away is None or not taken_away(reader.phrase(verb)):
            return None
        return verb

    def leaves_rest(mention: Mention) -> bool:
        verb = taken(mention)
        if verb is None:
            return False
        about = whole(mention)
        if question.unit is not None:
            if not same(about, question.unit.lemma):
                return False
        elif about is None or not asked_words & LEFT_WORDS:
            return False
        owner = question.subj
        return owner is None or owner.key == key(reader.subject(verb))

    asks_rest = _asks_rest(reader, qsent)

    def rest_asked(mention: Mention) -> bool:
        """Whether the question asks about the rest of the whole the share is of: what the text
        says of "the rest" is what the question asks, and the share is of the question's things."""
        return asks_rest and question.unit is not None and same(whole(mention), question.unit.lemma)

    def received(mention: Mention) -> bool:
        verb = taken(mention)
        owner = question.subj
        if verb is None or owner is None or question.unit is None or not same(whole(mention), question.unit.lemma):
            return False
        iobj, obj = reader.objects(verb, mention, None)
        return any(t is not None and owner.key in {t.lemma.lower(), key(t)} for t in (iobj, obj))

    def spent_on_asked(mention: Mention) -> bool:
        """Money taken away and spent on what the question asks about: "She spent 50 percent of
        her savings on a bike. How much did the bike cost?" asks for the share itself."""
        verb = taken(mention)
        if verb is None or question.unit is None or not same(whole(mention), "$") or not same(question.unit.lemma, "$"):
            return False
        # "spent half of all he earned on a video game": the parser may hang "on" on the clause
        # that says the whole ("all he earned")
        of = next((k for k in reader.kids[mention.end] if k.dep == "pobj"), None) if (
            mention.end < len(doc.tokens) and doc.tokens[mention.end].text.lower() == "of") else None
        verbs = [verb, *(k for k in reader.kids[of.i] if k.dep == "relcl")] if of is not None else [verb]
        return any(c.lemma.lower() in asked for v in verbs for k in reader.kids[v.i] if k.dep == "prep" and k.text.lower() in SPENT_ON
                   for c in reader.kids[k.i] if c.dep == "pobj")

    # "How many cars are not white?": the question asks what the share is not
    negated = any(t.dep == "neg" for t in doc.tokens[start:end])

    def other_kind(mention: Mention) -> bool:
        """"One third of them are children. How many adults are there?": the share is said to be
        one kind of the whole's things (a noun after "be") and the question asks for a kind the
        text names nowhere else: the others, the rest of the whole."""
        verb = reader.verb_of(mention.head)
        unit = question.unit
        if verb is None or verb.lemma.lower() != "be" or unit is None or unit.head < 0 or whole(mention) in {None, unit.lemma}:
            return False
        said = [t for t in reader.clause(verb, mention.sentence) if t.i > verb.i and t.dep == "attr" and t.pos == "NOUN"]
        return bool(said) and not any(t.lemma.lower() == unit.lemma for t in doc.tokens[:start])

    out: dict[int, tuple[str, str | None]] = {}
    for m in mentions:
        if not _is_share(doc, m):
            continue
        if asks_about(m) or received(m) or spent_on_asked(m):
            out[m.start] = ("rest" if negated and asks_about(m) else "share", whole(m))
        elif leaves_rest(m) or rest_asked(m) or other_kind(m):
            out[m.start] = ("rest", whole(m))
    return out


def _asks_rest(reader: _Reader, qsent: int, said_with_be: bool = True) -> bool:
    """Whether the question asks about the rest of a whole: it asks with the verb the text says
    of "the rest" ("The rest take the bus. How many students take the bus?"; not "be" or "have",
    which say too little), or, with ``said_with_be``, it asks about what the rest "are" ("the
    rest are blue. How many balloons are blue?"), and the text gives no number of the rest ("The
    rest of the class brought 2.2 pounds" is a part given).

    The question's cue word "rest" (:func:`read_problem`) is added without ``said_with_be``: with
    it, four CogComp problems ("36 red cookies, and the rest are pink") gained the cue, and the
    retrained weights answered 447 of Perturb, against 455 without (docs/benchmarks.md)."""
    doc = reader.doc
    if not doc.sentences:
        return False
    start, end = doc.sentences[qsent]
    asked = {t.lemma.lower() for t in doc.tokens[start:end] if t.pos in {"VERB", "AUX"}} - {"be", "have", "do"}
    # with "be", what the rest is said to be: "The rest are blue. How many balloons are blue?"
    described = {t.lemma.lower() for t in doc.tokens[start:end] if t.pos in CONTENT_POS} - {"be", "have", "do"}
    for t in doc.tokens:
        if t.lemma.lower() in REST_WORDS and reader.is_subject(t) and not start <= t.i < end:
            verb = reader.verb_of(t.i)
            sentence = next(k for k, (a, b) in enumerate(doc.sentences) if a <= t.i < b)
            clause = reader.clause(verb, sentence) if verb is not None else []
            if verb is None or any(u.pos == "NUM" for u in clause):
                continue
            if verb.lemma.lower() in asked:
                return True
            if said_with_be and verb.lemma.lower() == "be" and any(
                    u.lemma.lower() in described for u in clause if u.i > verb.i and u.pos in {"ADJ", "NOUN"}):
                return True
    return False


#: words that, said of the subject's noun, make it the rest of a whole ("the other slices", "the
#: remaining cupcakes")
REST_MODIFIERS = frozenset({"other", "remaining"})


def _rest_of(reader: _Reader, qsent: int, numbers: list[NumberInfo]) -> tuple[int, tuple[int, ...]] | None:
    """A whole, its parts and its rest, when the question asks about the rest: "A fruit bowl has
    18 pieces of fruit. 7 are bananas and the rest are oranges. How many oranges ...?", "Of the 32
    cupcakes, 14 have chocolate frosting. The others have vanilla frosting. How many cupcakes have
    vanilla frosting?", "12 chose summer, 9 chose winter, and the rest chose spring or fall".

    The rest is a subject "the rest", "the others", "the other X" or "the remaining X" outside
    the question, in a clause with no number. The question asks about it when it asks with the
    rest's verb (not be/have/do), or when a content word said after the rest's verb is in the
    question ("are oranges" / "How many oranges"). The parts are the numbers before the rest
    that are the subject of a verb with the rest's verb's lemma ("7 are", "14 have", "9 chose");
    the whole is the last number before the first part whose value exceeds the parts' sum. The
    answer is the whole minus the parts (:func:`pyasp.arith.engine.prepare` denies the other
    operations between them, and leaves out numbers of other things). (whole, parts) by their
    indices, or None."""
    doc = reader.doc
    if not doc.sentences or any(n.share is not None for n in numbers):
        return None
    start, end = doc.sentences[qsent]
    qtoks = doc.tokens[start:end]
    asked = {t.lemma.lower() for t in qtoks if t.pos in {"VERB", "AUX"}} - {"be", "have", "do"}
    described = {t.lemma.lower() for t in qtoks if t.pos in CONTENT_POS} - {"be", "have", "do"}

    def rest_word(t: Token) -> bool:
        return (t.lemma.lower() in REST_WORDS or t.text.lower() in REST_WORDS
                or t.pos == "NOUN" and any(k.text.lower() in REST_MODIFIERS and k.dep in {"amod", "det"} and k.i < t.i
                                           for k in reader.kids[t.i]))

    def subject_of(n: NumberInfo, verb: Token) -> bool:
        tok = reader.tokens[n.mention.head]
        if tok.dep in {"nummod", "quantmod"} and tok.head != tok.i:
            tok = reader.tokens[tok.head]
        return tok.head == verb.i and tok.dep in {"nsubj", "nsubjpass"}

    for t in doc.tokens[: start]:
        if not rest_word(t):
            continue
        verb = reader.verb_of(t.i) if reader.is_subject(t) else None
        # "Priya got 14 votes, Ben got 11 votes, and Chloe got the rest": the rest as the object
        # of the verb the parts, two or more, are objects of (not "spent the rest of the money",
        # the rest of a whole named, which money found may have added to)
        taken = (verb is None and t.dep == "dobj" and reader.tokens[t.head].pos == "VERB"
                 and not any(k.dep == "prep" and k.text.lower() == "of" for k in reader.kids[t.i]))
        if taken:
            verb = reader.tokens[t.head]
        after = doc.tokens[t.i + 1] if t.i + 1 < start else None
        if (verb is None and after is not None and after.pos in {"VERB", "AUX"}
                and not any(k.dep in {"nsubj", "nsubjpass"} for k in reader.kids[after.i])):
            verb = after  # "7 are bananas and the rest are oranges", parsed with "rest" a conjunct of "bananas"
        if verb is None:
            continue
        sentence = next(k for k, (a, b) in enumerate(doc.sentences) if a <= t.i < b)
        clause = reader.clause(verb, sentence)
        if any(u.pos == "NUM" for u in clause):
            continue  # "the rest of the class brought 2 pounds": a part given
        lemma = verb.lemma.lower()
        said = {u.lemma.lower() for u in clause if u.i > verb.i and u.pos in CONTENT_POS}
        if lemma not in asked and not (lemma in {"be", "have"} and said & described):
            continue
        parts = [n for n in numbers if n.mention.sentence != qsent and n.mention.end <= t.i and n.verb is not None
                 and n.verb.head >= 0 and n.verb.lemma == lemma
                 and subject_of(n, reader.tokens[n.verb.head]) != taken]
        if not parts and lemma in {"be", "have"} and (found := _measured_rest(reader, t, qsent, numbers)) is not None:
            return found
        if not parts or taken and len(parts) < 2:
            continue
        if (found := _whole_before(numbers, parts, qsent)) is not None:
            return found
    return None


def _measured_rest(reader: _Reader, rest: Token, qsent: int, numbers: list[NumberInfo]) -> tuple[int, tuple[int, ...]] | None:
    """A whole measured, its parts and its rest, the rest "of" the whole ("A 1-hour swim lesson
    spends 15 minutes on warm-up and 25 minutes on diving. *The rest of the lesson* is free play":
    whole 1 hour, parts 15 and 25 minutes): the parts are the numbers after the whole and before
    the rest, all of one unit of measure, and the whole the last number before them in that unit
    or one convertible into it that exceeds their sum (:func:`_whole_before`)."""
    whole_noun = next((o for k in reader.kids[rest.i] if k.dep == "prep" and k.text.lower() == "of"
                       for o in reader.kids[k.i] if o.dep == "pobj" and o.pos == "NOUN"), None)
    if whole_noun is None:
        return None
    before = [n for n in numbers if n.mention.sentence != qsent and n.mention.end <= rest.i]
    measured = [n for n in before if n.unit is not None and not n.unit_inferred
                and _unit_dimension(_unit_lemma(n.unit.lemma) or n.unit.lemma) not in {None, "money"}]
    if len(measured) < 3 or len(measured) != len(before):
        return None
    return _whole_before(numbers, measured[1:], qsent, in_units=True)


def _whole_before(numbers: list[NumberInfo], parts: list[NumberInfo], qsent: int,
                  in_units: bool = False) -> tuple[int, tuple[int, ...]] | None:
    """(whole, parts) by their indices: the whole the last number before the first part, outside
    the question, whose value exceeds the parts' sum; None when there is none. ``in_units``: the
    parts are of one unit, and the whole is in it or in one convertible into it (a 1-liter whole
    of 350 mL parts is 1,000 mL)."""
    total = sum(n.value for n in parts)
    if in_units:
        units = {_unit_lemma(n.unit.lemma) or n.unit.lemma if n.unit is not None else None for n in parts}
        if len(units) != 1 or None in units:
            return None
        unit = units.pop()

        def value(n: NumberInfo) -> Fraction | None:
            if n.unit is None:
                return None
            own = _unit_lemma(n.unit.lemma) or n.unit.lemma
            return n.value if own == unit else (n.value * f if (f := _unit_factor(own, unit)) is not None else None)
    else:
        def value(n: NumberInfo) -> Fraction | None:
            return n.value
    whole = [n for n in numbers if n.index < parts[0].index and n.mention.sentence != qsent
             and (v := value(n)) is not None and v > total]
    return (whole[-1].index, tuple(n.index for n in parts)) if whole else None


def _listed_rest(reader: _Reader, qsent: int, numbers: list[NumberInfo]) -> tuple[int, tuple[int, ...]] | None:
    """A whole, its parts and its rest when the text lists the kinds of its things and the
    question asks the one kind no number gives: "A pack of 36 balloons has only red, yellow, and
    green balloons. 10 are red and 15 are yellow. How many green balloons are in the pack?"
    (whole 36, parts 10 and 15). The kinds are the modifiers of one noun outside the question
    (with their conjuncts: "red, yellow, and green balloons"); the question's unit is that noun
    with one of them; the parts are the numbers said to be another kind ("10 are red"), each
    kind once; the whole is the last number before the first part whose value exceeds the parts'
    sum. (whole, parts) by their indices, or None (:func:`_rest_of`)."""
    doc = reader.doc
    if not doc.sentences or any(n.share is not None for n in numbers):
        return None
    start, end = doc.sentences[qsent]
    asked = next((t for t in doc.tokens[start:end] if t.pos == "NOUN"
                  and any(k.dep in {"amod", "compound"} and k.i < t.i for k in reader.kids[t.i])), None)
    if asked is None:
        return None
    kinds_asked = {k.lemma.lower() for k in reader.kids[asked.i] if k.dep in {"amod", "compound"} and k.i < asked.i}
    for noun in doc.tokens[:start]:
        if noun.pos != "NOUN" or noun.lemma.lower() != asked.lemma.lower():
            continue
        kinds, todo = set(), [k for k in reader.kids[noun.i] if k.dep in {"amod", "compound"} and k.i < noun.i]
        while todo:
            k = todo.pop()
            if k.lemma.lower() not in kinds:
                kinds.add(k.lemma.lower())
                todo += [c for c in reader.kids[k.i] if c.dep == "conj"]
        if len(kinds) < 3 or len(kinds_asked & kinds) != 1:
            continue
        others = kinds - kinds_asked
        parts, said = [], set()
        for n in numbers:
            if n.mention.sentence == qsent or n.mention.start <= noun.i:
                continue
            after = doc.tokens[n.mention.end : min(n.mention.end + 2, start)]
            if len(after) == 2 and after[0].lemma.lower() == "be" and after[1].lemma.lower() in others - said:
                parts.append(n)
                said.add(after[1].lemma.lower())
        if not parts:
            continue
        if (found := _whole_before(numbers, parts, qsent)) is not None:
            return found
    return None


def _listed_before_rest(reader: _Reader, qsent: int, numbers: list[NumberInfo]) -> tuple[int, tuple[int, ...]] | None:
    """A whole, its parts and its rest when the text lists the parts and then "the rest" in one
    sentence, and the question asks about the rest (:func:`pyasp.text.reading.rest_asked`): "A bag of
    60 tulip bulbs has 22 red bulbs, 18 yellow bulbs, and the rest are white. How many white bulbs
    ...?", "An orchard has 240 trees: 95 apple trees, 80 pear trees, and the rest plum trees. How many
    plum trees ...?". The parts are the numbers of the rest word's sentence before it that count the
    whole's things (their unit's head word, and per the same thing if any: "a bag of 60 bulbs has
    22 red bulbs" may read both per the bag); the whole is the last number before the first part
    whose value exceeds the parts' sum (:func:`_whole_before`), of the same things."""
    rest = rest_asked(reader.doc, qsent)
    if rest is None or any(n.share is not None for n in numbers):
        return None
    listed = [n for n in numbers if n.mention.sentence == rest.sentence and n.mention.end <= rest.i and n.unit is not None
              and not n.unit_inferred]
    for k, first in enumerate(listed):
        parts = [n for n in listed[k:] if n.unit.lemma == first.unit.lemma and _rate_key(n) == _rate_key(first)]
        if len(parts) < 2 or len(parts) != len(listed) - k:
            continue
        found = _whole_before(numbers, parts, qsent)
        if (found is not None and (whole := numbers[found[0] - 1]).unit is not None and whole.unit.lemma == first.unit.lemma
                and _rate_key(whole) == _rate_key(first)):
            return found
    return None


def _rate_key(n: NumberInfo) -> str | None:
    return n.rate.lemma if n.rate is not None else None


def _conjunct_rest(reader: _Reader, qsent: int, numbers: list[NumberInfo]) -> tuple[int, tuple[int, ...]] | None:
    """A whole, its parts and its rest when the text names the parts as two things joined by
    "and", gives a number for one and the question asks the other: "A 1-liter pitcher of fruit
    punch is made of orange juice and 350 mL of soda water. How many milliliters of orange juice
    are in the pitcher?" (whole 1 liter, part 350 mL), "split a 2 kg bag of flour between bread
    and cookies. She used 1,250 g for the bread. How many grams of flour went into the cookies?"
    (whole 2 kg, part 1,250 g). The part of a thing is the number said of it in the list ("350 mL
    of soda water"), else the one number after the list whose sentence names it ("for the
    bread"); the thing asked has no number and the others are not in the question. The whole is
    the last number before the first part that exceeds the parts' sum in their unit
    (:func:`_whole_before`), said in the parts' unit or one convertible into it."""
    doc = reader.doc
    if not doc.sentences or any(n.share is not None for n in numbers):
        return None
    start, _ = doc.sentences[qsent]
    toks = doc.tokens
    asked = {t.lemma.lower() for t in toks[start:] if t.pos in {"NOUN", "PROPN"}}
    by_start = {n.mention.start: n for n in numbers}
    for i in range(1, start - 1):
        if toks[i].text.lower() != "and" or toks[i - 1].pos not in {"NOUN", "PROPN"}:
            continue
        left, j, own = toks[i - 1], i + 1, None
        if j in by_start:  # "and 350 mL of soda water": the number is the thing's
            own = by_start[j]
            j = own.mention.end
            if j < start and own.unit is not None and own.unit.head == j:
                j += 1
            if j >= start or toks[j].text.lower() != "of":
                continue
            j += 1
        while j < start and toks[j].pos in {"DET", "ADJ"}:
            j += 1
        while j + 1 < start and toks[j].pos in {"NOUN", "PROPN"} and toks[j + 1].pos in {"NOUN", "PROPN"}:
            j += 1
        if j >= start or toks[j].pos not in {"NOUN", "PROPN"}:
            continue
        right = toks[j]
        counted = {n.unit.head for n in numbers if n.unit is not None and n.unit.head >= 0}
        if left.i in counted or (own is None and right.i in counted) or left.lemma.lower() == right.lemma.lower():
            continue  # "5 apples and 3 pears": each its own number
        asked_kinds = [t for t in (left, right) if t.lemma.lower() in asked]
        if len(asked_kinds) != 1 or (asked_kinds[0] is right and own is not None):
            continue
        other = left if asked_kinds[0] is right else right
        if own is not None:
            parts = [own]
        else:
            parts = [n for n in numbers if n.mention.sentence != qsent and n.mention.start > j
                     and any(t.lemma.lower() == other.lemma.lower() and t.pos in {"NOUN", "PROPN"}
                             for t in toks[slice(*doc.sentences[n.mention.sentence])] if t.i > j)]
            if len(parts) != 1:
                continue
        found = _whole_before(numbers, parts, qsent, in_units=True)
        if found is not None:
            return found
    return None


def _other_kind_rest(reader: _Reader, qsent: int, numbers: list[NumberInfo]) -> tuple[int, tuple[int, ...]] | None:
    """A whole, its parts and its rest when the question asks, with "be", what the rest of the
    whole's things are, a kind the text names nowhere before: "Of the 32 students in the science
    club, 14 are boys. How many of the club members are girls?" (whole 32, part 14), "20 of the
    cards are white ... How many cards in the pack are blue?". The parts are the numbers said to
    be another kind ("14 are boys", "20 of the cards are white"), each kind once; the whole is
    the last number before the first part whose value exceeds the parts' sum (:func:`_rest_of`).
    Not of a question that denies ("How many are not red?") nor of one about a kind said before."""
    doc = reader.doc
    if not doc.sentences or any(n.share is not None for n in numbers):
        return None
    start, end = doc.sentences[qsent]
    qtoks = doc.tokens[start:end]
    if any(t.dep == "neg" or t.text.lower() in {"not", "n't"} for t in qtoks):
        return None
    verb = next((t for t in qtoks if t.lemma.lower() == "be" and t.dep == "ROOT"), None)
    kind = next((k for k in reader.kids[verb.i] if k.dep in {"attr", "acomp"} and k.i > verb.i and k.pos in {"NOUN", "ADJ"}),
                None) if verb is not None else None
    if (kind is None or any(k.dep == "conj" for k in reader.kids[kind.i])
            or not any(t.text.lower() == "how" for t in qtoks)
            or any(t.lemma.lower() == kind.lemma.lower() or t.text.lower() == kind.text.lower() for t in doc.tokens[:start])):
        return None  # (not "What fraction ... are either bikinis or trunks?": two kinds said before)
    parts, said = [], set()
    for n in numbers:
        if n.mention.sentence == qsent:
            continue
        k = n.mention.end
        if k + 1 < start and doc.tokens[k].text.lower() == "of":  # "20 of the cards are white"
            k += 1
            while k < start and doc.tokens[k].pos in {"DET", "ADJ", "NOUN", "PRON"} and doc.tokens[k].lemma.lower() != "be":
                k += 1
        after = doc.tokens[k : min(k + 2, start)]
        if (len(after) == 2 and after[0].lemma.lower() == "be" and after[1].pos in {"NOUN", "ADJ"}
                and after[1].dep in {"attr", "acomp"} and after[1].lemma.lower() not in said):
            parts.append(n)
            said.add(after[1].lemma.lower())
    if not parts:
        return None
    return _whole_before(numbers, parts, qsent)


def _counts(doc: Document, unit: Phrase, whole: str) -> bool:
    """Whether a number of this unit counts the things a share is of ("$" and "money" alike). A
    name read as the unit ("She gave 20 to Tom": the reader takes "Tom") counts nothing of its
    own: the number counts what the text counted before it, the whole's things among them."""
    if unit.head >= 0 and doc.tokens[unit.head].pos == "PROPN":
        return True
    return unit.lemma == whole or {unit.lemma, whole} <= MONEY_WORDS


def _whole_of(doc: Document, mentions: list[Mention], k: int, parts) -> bool:
    """Whether mention ``k`` is the whole a share (one of ``parts``) is taken of: "half of the 48
    students" (only "of" and determiners between the two)."""
    if k == 0 or mentions[k - 1].start not in parts:
        return False
    between = doc.tokens[mentions[k - 1].end : mentions[k].start]
    return bool(between) and between[0].text.lower() == "of" and all(t.pos in {"DET", "PRON"} for t in between[1:])


def _pairs(doc: Document, mentions: list[Mention], question: NumberInfo, qsent: int) -> list[Mention]:
    """"a pair of gloves" is 2 gloves when the question (sentence ``qsent``) counts gloves ("How
    many gloves are there in all?"); else ("bought a pair of shoes for $11") it is one thing,
    and no number (the shared reader gives none for "pair")."""
    if question.unit is None:
        return mentions
    taken = {i for m in mentions for i in range(m.start, m.end)}
    out = list(mentions)
    for sentence, (start, end) in enumerate(doc.sentences):
        if sentence == qsent:
            continue
        for t in doc.tokens[start + 1 : end - 2]:
            if (t.text.lower() == "pair" and t.i not in taken and doc.tokens[t.i - 1].text.lower() in {"a", "one"}
                    and doc.tokens[t.i + 1].text.lower() == "of"):
                noun = next((u for u in doc.tokens[t.i + 2 : end] if u.pos in {"NOUN", "PROPN"}), None)
                if noun is not None and noun.lemma.lower() == question.unit.lemma:
                    out.append(Mention(Fraction(2), t.text, t.i, t.i + 1, sentence, "word"))
    return sorted(out, key=lambda m: m.start)


def _recounted(reader: _Reader, question: NumberInfo, mentions: list[Mention], qsent: int) -> set[int]:
    """Numbers of the question that count again what the text has told one by one: "The bookstore
    sold 32 books on Friday, 45 books on Saturday, and 28 books on Sunday. How many books did it
    sell over the three days?" (the three days are those of the three numbers of books), "26
    stickers on one page and 38 stickers on another page. How many stickers are on the two
    pages?". A number N said with "the", "those" or "all" before its noun ("the three days"),
    when exactly N numbers before the question count what the question asks (its unit, or money
    when it asks an amount): their starts."""
    if question.unit is None:
        return set()
    doc = reader.doc
    money = question.unit.lemma in MONEY_WORDS

    def counts_asked(m: Mention) -> bool:
        if m.kind == "money":
            return money
        unit = reader.unit(m)
        return unit is not None and (unit.lemma.lower() == question.unit.lemma or money and unit.lemma.lower() in MONEY_WORDS)

    told = [m for m in mentions if m.sentence != qsent and counts_asked(m)]
    out = set()
    for m in mentions:
        if m.sentence != qsent or m.start == 0 or m.value != len(told) or m.value < 2:
            continue
        before, head = doc.tokens[m.start - 1], doc.tokens[m.head]
        if before.text.lower() in {"the", "those", "these", "all"} and head.dep == "nummod" and doc.tokens[head.head].pos == "NOUN":
            out.add(m.start)
    return out


def _said_again(reader: _Reader, mentions: list[Mention], qsent: int) -> set[int]:
    """Numbers of the question that say again a number the text gave: "Amir wants to collect
    100 bottle caps. He has 58 so far. How many more bottle caps does he need to reach 100?" (the
    goal named twice is one number). A number after the question's "how" or "what", with no
    unit of its own ("If he got another 5 dollars, how much ...", "How many cases of 12 boxes"
    keep theirs), whose value a number before the question has: their starts."""
    if not reader.doc.sentences:
        return set()
    start, end = reader.doc.sentences[qsent]
    asking = next((t.i for t in reader.tokens[start:end] if t.text.lower() in {"how", "what"}), None)
    if asking is None:
        return set()
    told = {m.value for m in mentions if m.sentence != qsent and m.kind != "money"}
    return {m.start for m in mentions if m.sentence == qsent and m.start > asking and m.kind != "money"
            and m.value in told and reader.unit(m) is None}


def _dozens(doc: Document, mentions: list[Mention]) -> list[Mention]:
    """"3 dozen pencils" is one number, 36 pencils (the reader gives 3 and the 12 of "dozen",
    as ALGES counts them); so is "half a dozen eggs", 6 eggs (the reader gives 1/2 and 12)."""
    out: list[Mention] = []
    for m in mentions:
        prev = out[-1] if out else None
        if (m.text.lower() == "dozen" and prev is not None and prev.end == m.start and prev.kind in {"number", "word"}
                and prev.value > 0):
            out[-1] = Mention(prev.value * 12, f"{prev.text} {m.text}", prev.start, m.end, prev.sentence, prev.kind)
        elif (m.text.lower() == "dozen" and prev is not None and prev.text.lower() == "half" and prev.end + 1 == m.start
                and doc.tokens[prev.end].text.lower() in {"a", "an"}):
            out[-1] = Mention(prev.value * 12, f"{prev.text} a {m.text}", prev.start, m.end, prev.sentence, "word")
        else:
            out.append(m)
    return out


def read_problem(doc: Document, math_terms: tuple[tuple[str, ...], ...] = (),
                 taken_away: Callable[[Phrase], bool] | None = None,
                 asked_terms: tuple[tuple[str, ...], ...] | None = None) -> ProblemInfo:
    """Find the numbers of ``doc`` and read their properties; ``math_terms`` are the phrases of
    the rule file's math classes (lower case, split into words), ``asked_terms`` those the
    question is read with (None: the same); ``taken_away`` says whether a
    verb takes things away from its subject (the rule file's verbs of giving and destroying),
    for the rest of a whole a share is taken from (:func:`_parts`; None: no share is read so)."""
    reader = _Reader(doc)
    qsent = _question_sentence(doc)
    # a share's math term is its fraction word and "of" ("half of"; a percentage's "percent of",
    # or "percent" alone: "40% wear glasses"), other numbers' the others
    share_terms = tuple(t for t in math_terms if (len(t) == 2 and t[0] in (*FRACTION_WORDS, *PERCENT) and t[1] == "of")
                        or t in {(w,) for w in PERCENT})
    math_terms = tuple(t for t in math_terms if t not in share_terms)
    asked = math_terms if asked_terms is None else tuple(t for t in asked_terms if t not in share_terms)
    question = _read_question(reader, qsent, asked)
    found = _pairs(doc, list(doc.mentions), question, qsent)
    parts = _parts(reader, qsent, question, found, taken_away)
    mentions = [m for m in _dozens(doc, [m for m in found if m.kind != "determiner"]) if not tells_time(doc, m) and not names_a_label(doc, m)
                and not names_a_year(doc, m) and not said_in_passing(doc, m, qsent)
                and not describes_a_noun(doc, m, qsent) and (m.start in parts or not _is_share(doc, m) and (m.text.lower() not in TERM_NUMBERS or _multiplier(doc, m)))]
    recounted = _recounted(reader, question, mentions, qsent)
    mentions = [m for m in mentions if m.start not in recounted and not one_of_several(doc, m) and not both_named_after(doc, m)
                and not counts_those_named(doc, m) and not counts_those_listed(doc, m) and not one_for_oneself(doc, m)]
    said_again = _said_again(reader, mentions, qsent)
    mentions = [m for m in mentions if m.start not in said_again]
    share_heads = {m.head for m in found if _is_share(doc, m)}
    numbers: list[NumberInfo] = []
    last_unit: Phrase | None = None
    for index, m in enumerate(mentions, start=1):
        part = m.start in parts  # a factor: no unit of its own, none borrowed
        unit_tok = reader.unit(m, recipients=bool(parts)) if m.kind != "money" and not part else None
        if unit_tok is not None and (given := one_for_each_of(doc, m)) is not None:
            unit_tok = given  # "a hat for each of her 6 grandchildren": 6 hats
        verb = reader.verb_of(m.head)
        subj_tok = reader.subject(verb)
        if (kept := reader.left_over(m, unit_tok, verb)) is not None:
            verb, subj_tok = kept  # "has 21 left" read as "21 left" with "21" the subject of "left"
        if _whole_of(doc, mentions, index - 1, parts):
            subj_tok = None  # "half of the 48 students are ...": the clause's subject is the half
        elif (subj_tok is not None and subj_tok.i in share_heads and subj_tok.i < m.start
              and verb is not None and verb.lemma.lower() != "be"):
            # "Half of the students walk to school and 6 students ride bikes" (read as one clause):
            # a share is the subject of its own part, not of another number's ("Half of her
            # number is 11" says what the half is: there the half stays the subject)
            subj_tok = None
        iobj_tok, obj_tok = reader.objects(verb, m, unit_tok)
        passive = subj_tok is not None and subj_tok.dep == "nsubjpass"
        if subj_tok is not None and subj_tok.dep == "nsubjpass" and verb is not None and verb.lemma.lower() in DITRANSITIVE:
            # "Jane is given 7 crayons by her mom": Jane receives, her mom gives
            iobj_tok, subj_tok = subj_tok, reader.agent(verb)
        rate_tok = reader.rate(m, unit_tok, verb)
        buying = reader.price_clause(m, unit_tok, verb)
        if buying is not None:
            # "He bought 3 erasers that cost 15 cents each": the 15 cents are paid in the buying,
            # as in "bought 3 erasers for 15 cents each" (its rate stays the erasers)
            verb, subj_tok = buying, reader.subject(buying)
            iobj_tok, obj_tok = reader.objects(verb, m, unit_tok)
        if m.kind == "money":
            unit = Phrase(m.text[0], "$", -1, ("$",))
        elif unit_tok is not None:
            unit = reader.phrase(unit_tok, after=m.start)
        else:
            unit = None
        if unit is None and not part and m.kind != "money":
            packed = reader.packed(m, verb)
            if packed is not None:
                unit = reader.phrase(packed)
        inferred = False
        if unit is None and last_unit is not None and not part:
            unit, inferred = last_unit, True
        if unit is not None and not inferred:
            last_unit = unit
        who = reader.partitive(subj_tok)
        subj = reader.phrase(who, reader.resolve(who, who.i)) if who is not None else None
        own = subj.key if subj is not None and subj_tok.dep != "pobj" else ""
        start, end = doc.sentences[m.sentence]
        if part:
            math = _math_term(reader, m.end - 1, m.end, m.sentence, share_terms)
        else:
            # a number's own words are a math term only when it is one ("twice"), not in "half a dozen"
            lo = m.end if m.text.lower().endswith("dozen") else m.start - 1
            # nor a term that starts in the next number: "96 cans and a third as many glass jars"
            # (the third's), "32 loaves and twice as many"
            hi = min((x.start for x in doc.mentions if x.sentence == m.sentence and x.start >= m.end), default=m.end + 4)
            math = _math_term(reader, lo, min(m.end + 4, hi), m.sentence, math_terms)
        compared_tok = reader.compared(m) if math is not None and not part else None
        unsaid = None
        if not part and compared_tok is None and (math is None or math.text in COMPARATIVE_WORDS):
            unsaid = _unsaid_comparison(doc, m, numbers, math_terms)
            if unsaid is not None:
                math = unsaid[0]
        if (compared_tok is not None and who is not None and who.text.lower() in DEMONSTRATIVES and verb is not None
                and verb.lemma.lower() == "be" and numbers and numbers[-1].subj is not None
                and numbers[-1].mention.sentence == m.sentence - 1):
            # "Paul has 48 stamps. That is 4 times as many stamps as Kate has": what is compared
            # is what the sentence before said, Paul's
            subj = numbers[-1].subj
        elif (compared_tok is not None and verb is not None and verb.lemma.lower() == "be" and verb.dep in {"relcl", "advcl"}
              and any(k.dep == "nsubj" and k.text.lower() in DEMONSTRATIVES and k.i > 0 and doc.tokens[k.i - 1].text == ","
                      for k in reader.kids[verb.i])
              and numbers and numbers[-1].subj is not None and numbers[-1].mention.sentence == m.sentence):
            # "Hugo has 72 seashells, which is 8 times as many as Celeste has": "which" stands for
            # the 72 seashells the clause hangs on, Hugo's, as "That is ..." does for the sentence
            # before; so when the parser hangs the clause on a noun after them ("Ruth saved $120
            # for a new guitar, which is 4 times as much as Ken saved": not the guitar) or on
            # their verb ("stands 27 m high, which is 19 m higher than the water tower"): what is
            # compared is an amount, the one said just before
            subj = numbers[-1].subj
        rest = part and parts[m.start][0] == "rest"
        whole: tuple[int, ...] = ()
        if part and index < len(mentions) and _whole_of(doc, mentions, index, parts):
            whole = (index + 1,)  # "half of the 48 students"
        elif part and parts[m.start][1] is not None:
            # the earlier numbers of the whole's things, of the share's subject (unless the share
            # is its own clause's subject: "Half of them are girls")
            taker = subj.key if subj is not None and subj_tok.i != m.head else None
            whole = tuple(n.index for n in numbers
                          if n.share is None and n.unit is not None and _counts(doc, n.unit, parts[m.start][1])
                          and (taker is None or n.subj is None or n.subj.key == taker))
        carried = reader.carried(m, unit_tok, verb)
        if carried and obj_tok is not None and obj_tok.dep == "dobj" and any(first_sense_is_a(obj_tok.lemma.lower(), PLACES) or ()):
            obj_tok = None  # "left *the dock* with 146 passengers": the place left is no party of a transfer
        numbers.append(
            NumberInfo(
                index,
                1 - m.value if rest else m.value + 1 if with_oneself(doc, m) else m.value,  # "himself and his 3 friends": 4
                m,
                subj=subj,
                verb=reader.verb_phrase(verb) if verb is not None else None,
                iobj=reader.phrase(iobj_tok, reader.resolve(iobj_tok, iobj_tok.i, own)) if iobj_tok is not None else None,
                obj=(unsaid[1] if unsaid is not None and obj_tok is None
                     else reader.phrase(obj_tok, reader.resolve(obj_tok, obj_tok.i, own)) if obj_tok is not None else None),
                unit=unit,
                rate=reader.phrase(rate_tok) if rate_tok is not None else None,
                math=math,
                unit_inferred=inferred,
                share=m.value if part else None,
                rest=rest,
                whole=whole,
                compared=(unsaid[1] if unsaid is not None
                          else reader.phrase(compared_tok, reader.resolve(compared_tok, compared_tok.i, own))
                          if compared_tok is not None else None),
                already=m.sentence != qsent and any(t.lemma.lower() == "already" for t in reader.clause(verb, m.sentence)),
                passive=passive,
                carried=carried,
            )
        )
    start, end = doc.sentences[qsent] if doc.sentences else (0, 0)
    words = tuple(t.lemma.lower() for t in doc.tokens[start:end])
    denied = _denies(reader, question)
    # the question asks what "the rest" are, in the text's words, or with its verb denied ("How
    # many students did not bring a lunch?": the others, the rest)
    if "rest" not in words and (_asks_rest(reader, qsent, said_with_be=False) or denied):
        words += ("rest",)
    left_out = _left_out(reader, question, numbers, qsent) if denied else frozenset()
    return ProblemInfo(doc, tuple(numbers), question, qsent, words, left_out=left_out,
                       rest_of=_rest_of(reader, qsent, numbers) or _listed_rest(reader, qsent, numbers)
                       or _other_kind_rest(reader, qsent, numbers) or _conjunct_rest(reader, qsent, numbers)
                       or _listed_before_rest(reader, qsent, numbers))


def unreadable_problem(text: str, error: str) -> ProblemInfo:
    """A problem whose text the reader refused (``error``, its message): no sentence, no
    number; it is scored as unanswered with that message and trains nothing."""
    question = NumberInfo(0, Fraction(0), Mention(Fraction(0), "?", 0, 1, 0, "question"))
    return ProblemInfo(Document(text, (), (), ()), (), question, 0, error=error)


#: Words that start a sentence asking for the answer without a question mark ("Find the total.",
#: "Multiply 12 by 3."): spaCy does not always tag them as verbs there.
ASKING_VERBS = frozenset("find calculate determine compute add subtract multiply divide".split())


def asks(doc: Document) -> bool:
    """Whether the text asks for something: a sentence with "?" or a question word, or a command
    (its first word, after an optional "please", a verb in the base form or one of
    :data:`ASKING_VERBS`)."""
    for start, end in doc.sentences:
        toks = doc.tokens[start:end]
        if any(t.text == "?" or t.text.lower() in QUESTION_WORDS for t in toks):
            return True
        first = toks[1] if len(toks) > 1 and toks[0].text.lower() == "please" else toks[0] if toks else None
        if first is not None and (first.tag == "VB" or first.text.lower() in ASKING_VERBS):
            return True
    return False


def _question_sentence(doc: Document) -> int:
    for index in range(len(doc.sentences) - 1, -1, -1):
        start, end = doc.sentences[index]
        toks = doc.tokens[start:end]
        if any(t.text == "?" for t in toks) or any(t.text.lower() in QUESTION_WORDS for t in toks):
            return index
    return max(len(doc.sentences) - 1, 0)


def _denies(reader: _Reader, question: NumberInfo) -> bool:
    """Whether the question asks with its verb denied ("How many students did not bring a
    lunch?", "How many seats are not sold?", "How many chocolates do not have nuts?"): it asks
    for the rest of a whole, the things the text says something else of."""
    verb = question.verb
    return verb is not None and verb.head >= 0 and any(k.dep == "neg" for k in reader.kids[verb.head])


def _left_out(reader: _Reader, question: NumberInfo, numbers: list[NumberInfo], qsent: int) -> frozenset[int]:
    """The numbers a question with its verb denied leaves out: said outside the question as the
    subject or the object of that verb, not denied ("35 brought a lunch", "240 seats are sold",
    "has 20 chocolates with nuts" for "did not bring a lunch", "are not sold", "do not have
    nuts"). Not a number inside a phrase of its own ("Out of 60 students, 35 brought a lunch":
    the 60 is the whole)."""
    asked = question.verb.lemma
    out = set()
    for n in numbers:
        if n.mention.sentence == qsent or n.verb is None or n.verb.lemma != asked or n.verb.head < 0:
            continue
        verb = reader.tokens[n.verb.head]
        if any(k.dep == "neg" for k in reader.kids[verb.i]):
            continue
        if [t.text.lower() for t in reader.tokens[max(0, n.mention.start - 2) : n.mention.start]] == ["out", "of"]:
            continue  # "Out of 60 students" (which the parser may make the verb's subject) is the whole
        tok = reader.tokens[n.mention.head]
        if tok.dep in {"nummod", "quantmod"} and tok.head != tok.i:
            tok = reader.tokens[tok.head]  # the noun the number counts
        if tok.head == verb.i and tok.dep in {"nsubj", "nsubjpass", "dobj", "attr"}:
            out.add(n.index)
    return frozenset(out)


def _helped_verb(reader: _Reader, do: Token, toks: list[Token]) -> tuple[Token | None, Token | None]:
    """The verb a question's "did"/"does"/"do", read as its main verb, helps, and the subject when
    the parser glued the two into one noun phrase: the first base-form verb after it ("How many
    houses did developers build?": build; "did Tommy have to start with": have), else a noun
    after it that WordNet knows as a verb, with the subject as its modifier and nothing but a
    preposition, an adverb or the end after it ("How many pounds did the dog gain?": gain,
    subject dog). (None, None) when "do" is a verb of its own ("How many laps did he do?") or no
    such word is there."""
    if any(k.dep == "aux" for k in reader.kids[do.i]):
        return None, None  # "did ... do": "do" is the verb
    after = [t for t in toks if t.i > do.i]

    def glued(t: Token) -> Token | None:
        if any(c.dep in {"nsubj", "nsubjpass"} for c in reader.kids[t.i]):
            return None
        # ("the puppy gain" may tag "puppy" an adjective, as a compound)
        return next((c for c in reversed(reader.kids[t.i]) if c.dep in {"compound", "poss"} and c.i < t.i
                     and (c.pos in {"NOUN", "PROPN"} or c.dep == "compound" and c.pos == "ADJ")), None)

    verb = next((t for t in after if (t.tag == "VB" or t.tag == "VBP" and t.pos in {"VERB", "AUX"}) and t.lemma.lower() != "do"), None)
    if verb is not None:
        return verb, glued(verb)
    for k, t in enumerate(after):
        if t.pos != "NOUN" or t.dep not in {"dobj", "nsubj", "attr"} or t.head != do.i or usage(t.lemma.lower(), "v")[1] == 0:
            continue
        rest = after[k + 1 :]
        subject = glued(t)
        if subject is not None and (not rest or rest[0].pos in {"ADP", "ADV", "PUNCT"}):
            return t, subject
    return None, None


#: the verbs that, with "back", say money handed back as change ("How many dollars should the clerk
#: *give back* to him?", "How much did she *get back*?")
GIVING_BACK = frozenset({"give", "hand", "get", "receive"})


def _read_question(reader: _Reader, sentence: int, math_terms) -> NumberInfo:
    doc = reader.doc
    start, end = doc.sentences[sentence] if doc.sentences else (0, 0)
    toks = doc.tokens[start:end]
    unit = rate = verb = None
    for k, t in enumerate(toks):
        if t.text.lower() == "how" and k + 1 < len(toks) and toks[k + 1].text.lower() in {"many", "much"}:
            nxt = reader.nouns_after(toks[k + 1].i, sentence, 3)
            if nxt is not None:
                unit = reader.phrase(nxt)
            elif toks[k + 1].text.lower() == "much" and any(x.text.lower() in {"cost", "pay", "spend", "money", "earn"} or x.lemma in {"cost", "pay", "spend", "earn"} for x in toks):
                unit = Phrase("$", "$", -1, ("$",))
            verb = reader.verb_of(toks[k + 1].i)
            break
    if verb is None:
        verb = next((t for t in toks if t.dep == "ROOT"), None)
        if verb is not None and verb.pos not in {"VERB", "AUX"}:
            verb = None
    # "How many cookies did his mom bake?": the parser may hang the question's words on the
    # auxiliary "did"; the question's verb is the verb it helps
    if verb is not None and verb.dep == "aux" and verb.head != verb.i and doc.tokens[verb.head].pos == "VERB":
        verb = doc.tokens[verb.head]
    # "How many pounds did the dog gain?", "How many houses did developers build?": the parser
    # may make "did" the question's main verb, and the verb it helps a noun glued to the subject
    # ("the dog gain") or a clause of its own; the question's verb is then the verb helped
    glued = None
    if verb is not None and verb.lemma.lower() == "do" and verb.dep == "ROOT":
        helped, glued = _helped_verb(reader, verb, toks)
        verb = helped or verb
    # "How many pounds has the puppy gained?": the parser may make the auxiliary "has" the
    # question's main verb and the participle a clause with the subject; the question's verb is
    # the participle
    if (verb is not None and verb.lemma.lower() == "have" and verb.dep == "ROOT" and glued is None
            and not any(k.dep in {"dobj", "attr"} for k in reader.kids[verb.i])):
        perfect = next((k for k in reader.kids[verb.i] if k.tag == "VBN" and k.i > verb.i
                        and k.dep in {"ccomp", "xcomp", "conj", "dep"}
                        and any(c.dep in {"nsubj", "nsubjpass"} for c in reader.kids[k.i])), None)
        verb = perfect or verb
    # "How much money did Sandy get in change?": the money asked is change
    change = next((t for t in toks if t.lemma.lower() == "change" and t.dep == "pobj" and doc.tokens[t.head].text.lower() == "in"), None)
    if change is not None and (unit is None or unit.lemma in {"money", "$"}):
        unit = reader.phrase(change)
    elif (verb is not None and verb.lemma.lower() in GIVING_BACK and (unit is None or unit.lemma in {"money", "$", "dollar"})
          and any(k.text.lower() == "back" and k.dep in {"prt", "advmod"} for k in reader.kids[verb.i])):
        unit = Phrase("change", "change", -1, ("change",))  # "How many dollars should the clerk give back?": change
    subj_tok = glued if glued is not None else reader.subject(verb)
    if subj_tok is not None and subj_tok.text.lower() in {"many", "much", "how", "what"}:
        subj_tok = None
    if subj_tok is not None and unit is not None and subj_tok.i == unit.head:
        subj_tok = None
    for t in toks:
        if t.text.lower() in RATE_WORDS or (t.text.lower() in {"a", "an"} and unit is not None and t.i > unit.head >= 0):
            nxt = reader.nouns_after(t.i, sentence, 3)
            if nxt is not None and (unit is None or nxt.lemma != unit.lemma):
                rate = reader.phrase(nxt)
                break
    math = _math_term(reader, start, end, sentence, math_terms)
    dummy = Mention(Fraction(0), "?", start, start + 1, sentence, "question")
    return NumberInfo(
        0,
        Fraction(0),
        dummy,
        subj=reader.phrase(subj_tok, reader.resolve(subj_tok, subj_tok.i)) if subj_tok is not None else None,
        verb=reader.verb_phrase(verb, after=glued.i if glued is not None else -1) if verb is not None else None,
        unit=unit,
        rate=rate,
        math=math,
    )
