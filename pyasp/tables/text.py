"""Words of questions and cells: content words, their canonical lemma, and how far one word or
phrase entails another (the alignment scores w(e) of the support graph, in [0, 1]).

- A *content word* is a lower-cased token (letters of any script, digits, inner apostrophes or
  hyphens; accents dropped, so "crêpe" is *crepe*) that is not a function word of :data:`STOPWORDS`.
- Two words *match* when WordNet's morphy finds a common base form ("leaves"/"leaf",
  "melted"/"melt"); a match scores 1.
- Otherwise ``a`` entails ``b`` when a sense of ``a`` is ``b`` (synonyms, score
  :attr:`Scores.synonym`), when WordNet derives one from the other ("conducts" / "conductor",
  "electrical" / "electricity": :attr:`Scores.derivation`) or a noun sense of ``a`` has ``b`` among its hypernyms within
  ``max_hypernym_steps`` (a kind of: "sleet" -> "precipitation", :attr:`Scores.hypernym` times
  ``hypernym_decay`` per extra step). Verb hypernyms are not followed: WordNet's verb hierarchy
  makes "melt" a kind of "decrease".
- A phrase ``t`` entails a phrase ``h`` as far as its words cover ``h``'s: the mean over the words
  of ``h`` of the best word entailment from ``t`` (TableILP's directional entailment
  question -> cell and cell -> option). The symmetric similarity of two cells is the mean of the
  two directions.
- Words of ``h`` that WordNet knows together as one noun (:func:`compounds`: "igneous rock",
  "Mexico City") are one kind: a word is a kind of them when the compound is among its hypernyms
  ("basalt" -> "igneous rock", all of its words), not because the compound's last word is
  ("basalt" is a kind of *rock*, which does not make it half a "sedimentary rock").
- Two phrases that differ by a WordNet antonym pair (:func:`contradicts`: "longest day" and
  "shortest day", "most heat" and "least heat", "hot water" and "cold water") entail each other
  not at all, however many words they share: the words they share are what makes the antonym
  say the opposite. Only words the other phrase lacks count ("liquid" and "solid to liquid" do
  not contradict), and only WordNet's direct antonyms (its ``!`` pointers between two lemmas;
  "longest" is *long* by morphy), not the satellites of an adjective cluster.

The numbers live in :class:`Scores` (defaults documented there and in docs/support_graphs.md).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ..text.lexical import antonyms, base_form_counts, base_forms, derivation_family, derivationally_related, hypernym_steps

#: Function words never aligned: determiners, pronouns, auxiliaries, conjunctions, question
#: words, and the fillers of exam questions ("following", "best", "likely"). Words that carry
#: meaning in science questions (up, down, more, less, most, above, below, same, full, empty,
#: part, made) are content words on purpose.
STOPWORDS = frozenset(
    """
    a about after again against all also am an and any are as at be because been before being
    both but by can could did do does doing during each either for from had has have having he her
    here hers herself him himself his how i if in into is it its itself me my myself neither nor
    of on once only or other our ours ourselves she should so some such than that the their theirs
    them themselves then there these they this those through to too under until very was we were
    what when where which while who whom whose why will with would you your yours yourself
    yourselves following best likely called known probably mostly may might must shall
    """.split()
)

_TOKEN = re.compile(r"[^\W_]+(?:['\-][^\W_]+)*")


def _fold(text: str) -> str:
    """``text`` lower-cased without accents ("Zürich" -> "zurich"); other scripts kept."""
    text = text.lower()
    if text.isascii():
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """Lower-cased tokens of ``text``, letters of any script without their accents (curly
    apostrophes read as straight ones; "object's" -> "object")."""
    text = _fold(text).replace("\u2019", "'").replace("\u2018", "'")
    return [re.sub(r"'s$", "", token) for token in _TOKEN.findall(text)]


def content_words(text: str) -> list[str]:
    """The tokens of ``text`` that are not :data:`STOPWORDS`, in order."""
    return [w for w in words(text) if w not in STOPWORDS]


#: a base form is a word's lemma only if WordNet's tagged corpus uses it at least this share as
#: often as the word's most used base form: "uses" is "use" (623), not "us" (0)
LEMMA_SHARE = 0.05


@lru_cache(maxsize=1 << 17)
def lemma(word: str) -> str:
    """One canonical base form of a word: of the WordNet base forms other than the word itself
    that are used at least :data:`LEMMA_SHARE` as often as the most used one, the shortest (ties
    alphabetical): "leaves" -> leaf (20 uses against leave's 392), "melted" -> melt, "feet" ->
    foot, "uses" -> use, "skies" -> sky, "stages" -> stage; the word itself when WordNet has no
    other. Used as the vocabulary of TF-IDF and of word overlap, so that inflections count as one."""
    forms = base_form_counts(word) if word.isalpha() else {}
    if not forms:
        return word.lower() if word.isalpha() else word
    most = max(forms.values())
    return min((f for f, n in forms.items() if n >= LEMMA_SHARE * most), key=lambda f: (len(f), f))


def _same_stem(a: str, b: str) -> bool:
    """One word is the other plus a suffix ("conduct" / "conductor", "produce" / "producer"), the
    shorter of at least 6 letters: WordNet's derivations also link "organ" / "organism" and
    "gravity" / "grave", which retrieval should keep apart."""
    short, long = sorted((a, b), key=len)
    return len(short) >= 6 and long.startswith(short.removesuffix("e"))


@lru_cache(maxsize=1 << 17)
def family(word: str) -> str:
    """The word's lemma, or the shortest word within two WordNet derivations of it that is the
    lemma less a suffix ("conducts", "conductor" -> conduct; "electrical", "electricity" ->
    electric): one term for a word family, the vocabulary of retrieval when
    ``TableSolver(retrieval_words="family")``."""
    base = lemma(word)
    if not base.isalpha():
        return base
    near = {base} | {w for w in derivation_family(base) if _same_stem(base, w)}
    near |= {w for n in list(near) for w in derivation_family(n) if _same_stem(n, w)}
    return min(near, key=lambda f: (len(f), f))


@dataclass(frozen=True)
class Scores:
    """Word entailment scores (see the module docstring)."""

    synonym: float = 0.9
    derivation: float = 0.8  # WordNet derivation or pertainym ("conducts" / "conductor"); 0: off
    hypernym: float = 0.8
    hypernym_decay: float = 0.85
    max_hypernym_steps: int = 3


DEFAULT_SCORES = Scores()


@lru_cache(maxsize=1 << 18)
def _word_entailment(a: str, b: str, scores: Scores) -> tuple[float, bool]:
    """How far ``a`` entails ``b``, and whether only as a kind of it (a noun hypernym)."""
    if a == b or base_forms(a) & base_forms(b):
        return 1.0, False
    if not (a.isalpha() and b.isalpha()):
        return 0.0, False
    if hypernym_steps(a, b, 0) == 0:  # a noun or verb sense in common
        return scores.synonym, False
    if scores.derivation and derivationally_related(a, b):
        return scores.derivation, False
    return _kind_of(a, b, scores), True


def _kind_of(a: str, b: str, scores: Scores) -> float:
    """The hypernym score of ``a`` as a kind of the noun ``b`` (a word or a compound "igneous
    rock"), 0 when WordNet does not make it one within ``max_hypernym_steps``."""
    steps = hypernym_steps(a, b, scores.max_hypernym_steps, "n")  # verb hypernymy is too loose
    if steps is None:
        return 0.0
    return scores.synonym if steps == 0 else scores.hypernym * scores.hypernym_decay ** (steps - 1)




def _has(words: tuple[str, ...], word: str) -> bool:
    forms = base_forms(word)
    return any(base_forms(w) & forms for w in words)


@lru_cache(maxsize=1 << 18)
def contradicts(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether the content words ``a`` and ``b`` differ by an antonym pair: a word of one is a
    WordNet antonym (:func:`antonyms`) of a word of the other, and neither of the two words is
    also in the other phrase ("longest day" / "shortest day;least daylight" contradict; "liquid"
    / "solid to liquid" and "longest night" / "shortest day;longest night" do not)."""
    for x in a:
        for y in b:
            if antonyms(x, y) and not _has(b, x) and not _has(a, y):
                return True
    return False


def _word_entails(a: str, b: str, scores: Scores) -> float:
    return _word_entailment(a, b, scores)[0]


def word_entails(a: str, b: str, scores: Scores = DEFAULT_SCORES) -> float:
    """How far the word ``a`` entails the word ``b``, in [0, 1]."""
    return _word_entails(a, b, scores)


#: the longest run of words looked up in WordNet as one compound noun
MAX_COMPOUND = 3


@lru_cache(maxsize=1 << 17)
def compounds(words: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """Spans ``(i, j)`` of ``words[i:j]``, two to :data:`MAX_COMPOUND` consecutive words that
    WordNet has as one noun ("igneous rock", "Mexico City", "carbon dioxide"): the longest first,
    left to right, not overlapping."""
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(words) - 1:
        for j in range(min(len(words), i + MAX_COMPOUND), i + 1, -1):
            phrase = " ".join(words[i:j])
            if all(w.isalpha() for w in words[i:j]) and hypernym_steps(phrase, phrase, 0, "n") == 0:  # a noun sense
                spans.append((i, j))
                i = j
                break
        else:
            i += 1
    return tuple(spans)


@lru_cache(maxsize=1 << 18)
def _entailed_words(a: str, hypothesis: tuple[str, ...], scores: Scores) -> tuple[float, ...]:
    """How far the word ``a`` entails each word of ``hypothesis``. In a compound of it, ``a``
    entails a word as a kind of the whole compound (every word of "igneous rock" for "basalt"),
    never as a kind of the word alone ("basalt" is a kind of rock, not of "sedimentary rock")."""
    found = [_word_entailment(a, h, scores) for h in hypothesis]
    out = [score for score, _ in found]
    for i, j in compounds(hypothesis):
        whole = _kind_of(a, " ".join(hypothesis[i:j]), scores) if a.isalpha() else 0.0
        for k in range(i, j):
            score, kind_only = found[k]
            out[k] = max(0.0 if kind_only else score, whole)
    return tuple(out)


def entails(text: tuple[str, ...], hypothesis: tuple[str, ...], scores: Scores = DEFAULT_SCORES) -> float:
    """How far the content words ``text`` entail the content words ``hypothesis``: the mean over
    the hypothesis's words of their best entailment from a word of the text (a compound of the
    hypothesis entailed as a whole, see the module docstring); 0 when either is empty or they
    :func:`contradict <contradicts>` each other."""
    if not text or not hypothesis or contradicts(text, hypothesis):
        return 0.0
    rows = [_entailed_words(t, hypothesis, scores) for t in text]
    return sum(max(column) for column in zip(*rows)) / len(hypothesis)


def found_in(words: tuple[str, ...], text: tuple[str, ...], scores: Scores = DEFAULT_SCORES) -> float:
    """How far each of ``words`` entails some word of ``text``: the mean over ``words`` of their
    best entailment into a word of the text ("oak" is found in "a kind of tree"; compounds of the
    text as in :func:`entails`). Unlike :func:`entails` the length of ``text`` does not matter: a
    question word found in a long cell scores as high as in a one-word cell; 0 when they
    :func:`contradict <contradicts>` each other."""
    if not words or not text or contradicts(words, text):
        return 0.0
    return sum(max(_entailed_words(w, text, scores)) for w in words) / len(words)


def similarity(a: tuple[str, ...], b: tuple[str, ...], scores: Scores = DEFAULT_SCORES) -> float:
    """Symmetric similarity of two phrases: the mean of the two entailment directions."""
    return (entails(a, b, scores) + entails(b, a, scores)) / 2


def identity(words: list[str]) -> list[str]:
    """The analyzer of TF-IDF over lists of lemmas (a module-level function, so that solvers
    that hold a fitted vectorizer can be sent to worker processes)."""
    return words
