"""Read: a multiple-choice question -> :class:`Question` (stem, options, constituents, which-terms).

    >>> q = parse_question("Which force causes rocks to roll downhill? (A) gravity (B) friction")
    >>> q.stem, [o.letter for o in q.options]
    ('Which force causes rocks to roll downhill?', ['A', 'B'])

Options are written ``(A) text (B) text ...`` (letters A-H, in order, at least two), as in the
Regents and WorldTree files; ``A) text`` and ``A. text`` are not recognised, to avoid splitting a
stem that mentions a letter.

Constituents are the content words of the stem (:func:`pyasp.tables.text.content_words`) with
their position (for the proximity boost) and multi-word noun chunks of the stem (spaCy). A
"which term" is the noun a ``which``/``what`` question asks for ("Which *force* causes ...",
"What *form* of *energy* ..."): cells of the answer should sit in a column whose header it
matches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError


class QuestionError(InputError):
    """A question that cannot be read (no options, options out of order, ...): bad input of
    that question alone, unlike a broken store or encoding."""
from .text import STOPWORDS, content_words, words

_OPTION = re.compile(r"\(([A-Z])\)")
#: The option letters pyasp answers with.
LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Option:
    letter: str
    text: str
    words: tuple[str, ...]  # content words


@dataclass(frozen=True)
class Constituent:
    index: int  # position in Question.constituents
    text: str
    words: tuple[str, ...]  # content words (one for a token, several for a chunk)
    position: int  # keyword position of its (first) word: index among the stem's distinct content words


@dataclass(frozen=True)
class Question:
    text: str
    stem: str
    options: tuple[Option, ...]
    constituents: tuple[Constituent, ...]
    which_terms: tuple[str, ...]
    graded: tuple[str, ...] = ()  # the graded words a comparison or superlative asks (:func:`graded_words`)

    def option(self, letter: str) -> Option:
        for option in self.options:
            if option.letter == letter:
                return option
        raise KeyError(letter)


def _shown(text: str, width: int = 80) -> str:
    """The question as quoted in a message: cut at ``width`` characters, with "..." when cut."""
    return repr(text if len(text) <= width else text[: width - 3].rstrip() + "...")


def split_options(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The stem and the ``(letter, text)`` options of a question; InputError without two
    options in order (A), (B), ..."""
    if not isinstance(text, str):
        raise QuestionError(f"a question must be its text (a str), not a {type(text).__name__}")
    from ..text.reading import normalize, too_long

    text = " ".join(normalize(text).split())  # no zero-width character splits a word
    if (message := too_long(text, "question")) is not None:
        raise QuestionError(message)
    if not text:
        raise QuestionError('empty question: give a question with its options, "... (A) ... (B) ..."')
    marks = list(_OPTION.finditer(text))
    # options must run A, B, C, ... from the first "(A)"
    start = next((i for i, m in enumerate(marks) if m.group(1) == "A"), None)
    if start is None:
        hint = ("; write the letters as capitals, (A) not (a)" if re.search(r"\(a\)", text) else
                "; write each letter in parentheses, (A) not A) or A." if re.search(r"(?:^|\s)A[).]\s", text) else "")
        raise QuestionError(f"the question has no options written (A) ... (B) ...{hint}: {_shown(text)}")
    chosen = [marks[start]]
    for m in marks[start + 1 :]:
        if ord(m.group(1)) == ord(chosen[-1].group(1)) + 1:
            chosen.append(m)
    if chosen[-1].group(1) not in LETTERS:
        raise QuestionError(f"the question has more than {len(LETTERS)} options (A) to ({LETTERS[-1]}): {_shown(text)}")
    if len(chosen) < 2:
        seen = " ".join(f"({m.group(1)})" for m in marks)
        raise QuestionError(f"the question has fewer than two options in order (A), (B), ... (it has {seen}): {_shown(text)}")
    letters = {m.group(1) for m in chosen}
    again = next((m for m in marks[start + 1 :] if m not in chosen and m.group(1) in letters), None)
    if again is not None:  # "(A) meat (B) grass (B) carrots": which text is option (B)?
        raise QuestionError(f"option ({again.group(1)}) is written twice: {_shown(text)}")
    stem = text[: chosen[0].start()].strip()
    if not stem:
        raise QuestionError(f"the question has options but no question before (A): {_shown(text)}")
    options = []
    for k, m in enumerate(chosen):
        end = chosen[k + 1].start() if k + 1 < len(chosen) else len(text)
        body = text[m.end() : end].strip()
        if not body:
            raise QuestionError(f"option ({m.group(1)}) of the question is empty: {_shown(text)}")
        options.append((m.group(1), body))
    seen_texts: dict[str, str] = {}
    for letter, body in options:
        first = seen_texts.setdefault(" ".join(body.lower().split()), letter)
        if first != letter and text not in _WARNED:
            import warnings

            from ..errors import PyaspWarning

            _WARNED.add(text)  # once a question: it is split again for its picture and its grounding
            warnings.warn(f"options ({first}) and ({letter}) say the same ({body!r}), so their scores tie: "
                          f"{_shown(text)}", PyaspWarning, stacklevel=2)
    return stem, options


_WARNED: set[str] = set()  # questions whose repeated option text was warned about


#: the base forms of comparatives and superlatives that hedge the question rather than compare
#: ("best explains", "most likely", "BEST way", "most important", "most responsible"): general
#: English, not read as a graded word the answer's rows should hold
HEDGES = frozenset(
    """
    good well bad badly likely probable probably important responsible direct directly accurate
    accurately appropriate useful helpful effective reasonable correct correctly closely clearly
    common commonly able
    """.split()
)
#: degree words: "most flexible" asks about the adjective; alone they are quantifiers ("Most
#: canyons", "two or more metals"), except less/least, which keep their own grade ("would be less
#: on the moon")
_DEGREE = {"more": False, "most": False, "less": True, "least": True, "fewer": True, "fewest": True}


def graded_words(doc) -> list[str]:
    """The graded words a comparison or superlative of the stem's last sentence asks for (a spaCy
    doc of the stem, its words in capitals lower-cased): the base form of a comparative or superlative adjective or
    adverb ("hottest" -> hot, "slowest" -> slow, "greatest" -> great, "closer" -> close), the
    adjective a degree word grades ("most flexible" -> flexible), less/least/fewer kept as
    themselves; hedges (:data:`HEDGES`: "best explains", "most likely") are not comparisons."""
    from ..text.lexical import base_forms

    out: list[str] = []
    sentences = list(doc.sents)
    for token in sentences[-1] if sentences else doc:  # the question itself, not the story before it
        if token.tag_ not in ("JJR", "JJS", "RBR", "RBS"):
            continue
        word = token.lower_
        if token.i > 0 and doc[token.i - 1].lower_ in ("no", "any"):  # "no longer", "any more": not graded
            continue
        if word in _DEGREE:
            head = token.head
            if token.dep_ == "advmod" and head.pos_ in ("ADJ", "ADV") and head.i != token.i:
                base = head.lemma_.lower()
            elif _DEGREE[word] and head.pos_ not in ("NOUN", "PROPN", "NUM"):
                base = word
            else:
                continue
        else:
            base = token.lemma_.lower()
            if base not in base_forms(word):  # WordNet's reading too ("glacier" is no "glaci")
                continue
        if base.isalpha() and base not in HEDGES and base not in STOPWORDS and base not in ("more", "most"):
            out.append(base)
    return list(dict.fromkeys(out))


def _graded_doc_text(stem: str) -> str:
    """The stem with its words in capitals lower-cased ("the GREATEST change"), which the tagger
    reads as proper nouns."""
    return re.sub(r"\b[A-Z]{2,}\b", lambda m: m.group(0).lower(), stem)


def _which_terms_and_chunks(stem: str) -> tuple[list[str], list[str], list[str]]:
    from ..text.reading import load_pipeline

    doc = load_pipeline()(stem)
    lowered = _graded_doc_text(stem)
    graded = graded_words(doc if lowered == stem else load_pipeline()(lowered))
    which: list[str] = []
    for token in doc:
        if token.lower_ in ("which", "what") and token.dep_ == "det" and token.head.pos_ in ("NOUN", "PROPN"):
            head = token.head
            which.append(head.lower_)
            for prep in head.children:  # "form of energy": energy too
                if prep.dep_ == "prep" and prep.lower_ == "of":
                    which.extend(c.lower_ for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN"))
    chunks = []
    for chunk in doc.noun_chunks:
        found = content_words(chunk.text)
        if len(found) >= 2:
            chunks.append(" ".join(found))
    return [w for w in which if w not in STOPWORDS], chunks, graded


def parse_question(text: str, *, chunks: bool = True) -> Question:
    """Stem, options, constituents and which-terms of a question (see the module docstring)."""
    stem, options = split_options(text)
    which, chunk_texts, graded = _which_terms_and_chunks(stem) if stem else ([], [], [])
    stem_words = words(stem)
    keyword_positions: dict[str, int] = {}
    constituents: list[Constituent] = []
    for word in stem_words:
        if word in STOPWORDS:
            continue
        position = keyword_positions.setdefault(word, len(keyword_positions))
        if position == len(constituents):
            constituents.append(Constituent(len(constituents), word, (word,), position))
    if chunks:
        seen = set(keyword_positions)
        for chunk in chunk_texts:
            if chunk in seen:
                continue
            seen.add(chunk)
            position = keyword_positions.get(chunk.split()[0], 0)
            constituents.append(Constituent(len(constituents), chunk, tuple(chunk.split()), position))
    return Question(
        text=" ".join(text.split()),
        stem=stem,
        options=tuple(Option(letter, body, tuple(content_words(body))) for letter, body in options),
        constituents=tuple(constituents),
        which_terms=tuple(dict.fromkeys(which)),
        graded=tuple(graded),
    )
