"""Ground: a question and its retrieved tables -> the facts of ``encodings/support_graph.lp``.

Alignment scores (w(e) of the paper, in [0, 1], written x 1000) come from
:mod:`pyasp.tables.text`: a question constituent entails a cell or header, a cell or header
entails an option constituent, two cells of joinable columns are similar (symmetric). Edges whose
score cannot pass the encoding's threshold (read from its ``#const`` lines, offset included) are
not written. A cell may list alternatives (``;``); each is scored and the cell takes the best --
unless the cell's words together contradict the other side's (:func:`~pyasp.tables.text.contradicts`,
a WordNet antonym pair): the alternatives name one thing, so "longest day" aligns to no part of
"shortest day;least daylight;winter solstice", not even to "least daylight" through "day". A
header's alternatives ("/", ";") are one label likewise. A word of a noun chunk stands for the
chunk: "day" of "the longest day" aligns to no cell that "longest day" contradicts.

Options are split into constituents at " to ", " and ", " & ", " for " when every option has
one of them (TableILP's rule), else each option is one constituent; the fact ``split_options``
tells the encoding, which then uses its ``min_ocell_split``/``min_otitle_split`` thresholds.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path

from ..asp import Program, parse_constants
from .question import Question
from .retrieval import Retrieved
from .store import ALTERNATIVE_SEPARATOR, Relation, Table, TableStore
from .text import DEFAULT_SCORES, Scores, content_words, contradicts, entails, family, found_in, similarity, word_entails

#: How a question constituent aligns to a cell or header: "covers" (it entails the cell's words,
#: TableILP's direction; long cells score low) or "found" (its words entail words of the cell,
#: whatever the cell's length). Chosen on the clean tuning set (pyasp.tables.tuning, 511
#: WorldTree Train questions): covers 53.8%, found 53.2% (word families, w_relevance 80000);
#: "found" had been chosen on 200 WorldTree Train questions that included Regents questions.
QUESTION_SCORE = "covers"


def question_score(words, cell, scores):
    return found_in(words, cell, scores) if QUESTION_SCORE == "found" else entails(words, cell, scores)


SCALE = 1000  # the one factor that turns real weights and scores into clingo integers
SPLIT_OPTION = re.compile(r"\s+(?:to|and|&|for)\s+")
WHICH_MAX_WORDS = 2  # a cell entails a which-term only through a part of at most this many words


#: how a cell aligns to an option: "entails" (the cell entails the option's words, as TableILP);
#: "part" (that, or for a long option the cell entails one of its rare words: "drought" of "a
#: drought lasting twelve months", which entails only a quarter of the option); "either" (that, or
#: the option entails all of the cell's words). Chosen on the clean tuning set (5-fold CV with the
#: learned row relevance, bench/tables_rows_cv.py): entails 55.9%, part 57.9% (PART_SCORE 0.5) and
#: 58.3% (0.7); either (best row only) 54.9% and three times slower.
OPTION_SCORE = "part"

#: "part": a long option (LONG_OPTION content words or more) also aligns to a cell that
#: entails one of its rare words (importance at least RARE_WORD), at PART_SCORE times that score
LONG_OPTION = 3
RARE_WORD = 0.6
#: a join goes through a shared word at least this rare (importance; 0: any shared word)
JOIN_WORD = 0.0
PART_SCORE = 0.7


def option_score(cell, words, scores, rare=()):
    """How far a cell entails an option's words (``rare``: the option's rare words, under "part")."""
    forward = entails(cell, words, scores)
    if OPTION_SCORE == "either":
        return max(forward, entails(words, cell, scores))
    if OPTION_SCORE == "part" and rare:
        return max(forward, PART_SCORE * max(entails(cell, (w,), scores) for w in rare))
    return forward


def cell_alternatives(text: str) -> list[tuple[str, ...]]:
    """The alternatives a cell lists (split at :data:`ALTERNATIVE_SEPARATOR`), each as its content
    words; an alternative without content words is left out."""
    return [tuple(words) for part in text.split(ALTERNATIVE_SEPARATOR) if (words := content_words(part))]


def _together(alternatives: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The words of all alternatives of a cell or header, each once (what :func:`contradicts` reads)."""
    return tuple(dict.fromkeys(w for a in alternatives for w in a))


def _header_alternatives(label: str) -> list[tuple[str, ...]]:
    label = re.sub(r"\(.*?\)", " ", label)  # "HEMISPHERE (North, South, ...)" -> HEMISPHERE
    return [tuple(words) for part in re.split(r"[/;]", label) if (words := content_words(part))]


def option_constituents(question: Question) -> tuple[bool, dict[str, list[tuple[str, ...]]]]:
    """Whether the options are split, and each option's constituents (content words each)."""
    split = len(question.options) > 1 and all(SPLIT_OPTION.search(o.text) for o in question.options)
    parts = {o.letter: SPLIT_OPTION.split(o.text) if split else [o.text] for o in question.options}
    # a word every option has ("followed" in "X followed by Y") tells no option apart -- unless
    # the options are split alike and the word changes its part: "liquid" in "liquid to solid"
    # and "solid to liquid" says which way the change goes
    shared = set.intersection(*(set(o.words) for o in question.options)) if len(question.options) > 1 else set()
    words = {letter: [content_words(part) for part in p] for letter, p in parts.items()}
    counts = {len(p) for p in parts.values()}
    if split and len(counts) == 1:
        n_parts = counts.pop()
        shared = {w for w in shared if all(len({w in option[i] for option in words.values()}) == 1 for i in range(n_parts))}
    out: dict[str, list[tuple[str, ...]]] = {}
    for option in question.options:
        kept = [tuple(w for w in part if w not in shared) for part in words[option.letter]]
        out[option.letter] = [p for p in kept if p] or [tuple(option.words)]
    return split, out


#: where an option's clauses end, for the word order of options (:func:`order_pairs`): a pair of
#: words in one clause ("coal is nonrenewable") binds closer than a pair across clauses
CLAUSE_BREAK = re.compile(r"\s+(?:to|and|&|for|but|while|then)\s+|[,;]")
#: a pair of words in two clauses of an option counts this much of a pair within one clause
ACROSS_CLAUSES = 0.5


def order_pairs(text: str) -> dict[tuple[str, str], float]:
    """The word order of an option: for each pair of its content words (word families, ``u < v``
    alphabetically), +w when u comes first and -w when v does, w = 1 within one clause and
    :data:`ACROSS_CLAUSES` across clauses; a word the option says twice is in no pair ("water" of
    "liquid water becomes water vapor"). "Earth revolves around the sun" -> (earth, sun): +1."""
    first: dict[str, tuple[int, int]] = {}  # family -> (position, clause) of its first occurrence
    seen: dict[str, int] = {}
    position = 0
    for clause, part in enumerate(CLAUSE_BREAK.split(text)):
        for word in content_words(part):
            first.setdefault(family(word), (position, clause))
            seen[family(word)] = seen.get(family(word), 0) + 1
            position += 1
    out = {}
    for u, (pu, cu) in first.items():
        for v, (pv, cv) in first.items():
            if u < v and seen[u] == seen[v] == 1:  # a word said twice has no one place
                out[(u, v)] = (1.0 if pu < pv else -1.0) * (1.0 if cu == cv else ACROSS_CLAUSES)
    return out


def order_groups(question: Question) -> list[list[str]]:
    """The options that say the same words in another order (the same set of word families, at
    least two; letters, two or more a group): "Earth revolves around the sun" and "The sun revolves
    around Earth", "egg, larva, pupa, adult" and "egg, pupa, larva, adult"."""
    groups: dict[frozenset, list[str]] = {}
    for option in question.options:
        key = frozenset(family(w) for w in option.words)
        if len(key) >= 2:
            groups.setdefault(key, []).append(option.letter)
    return [letters for letters in groups.values() if len(letters) > 1]


#: words that deny what follows them: a row that says one between the two words of a pair ("an
#: insect reaches the adult stage without being a pupa") does not say the pair's order
NEGATIONS = frozenset("not no never without cannot none nothing".split())


def row_order(words: list[str], u: str, v: str) -> int:
    """+1 when word family u first occurs before v in ``words`` (families, in reading order), -1
    when after, 0 when either is missing or a negation (:data:`NEGATIONS`, or a word ending in
    "n't") lies between them."""
    if u not in words or v not in words:
        return 0
    i, j = sorted((words.index(u), words.index(v)))
    if any(w in NEGATIONS or w.endswith("n't") for w in words[i + 1 : j]):
        return 0
    return 1 if words.index(u) < words.index(v) else -1


def row_words(table: Table, index: int) -> list[str]:
    """A row's words for the word order: the word families of its data cells in column order, and
    the negations (:data:`NEGATIONS`) of its ``[FILL]`` cells where they stand ("reaches | the adult
    stage | [without] | being a pupa"), which keep their pair from reading an order."""
    out = []
    for c, column in enumerate(table.columns):
        text = table.rows[index].cells[c]
        if column.kind == "data":
            out.extend(family(w) for w in content_words(text))
        elif column.kind == "fill":
            out.extend(w for w in content_words(text) if w in NEGATIONS or w.endswith("n't"))
    return out


def order_scores(question: Question, rows: dict) -> dict[tuple[str, object], float]:
    """How far each row agrees with the word order of each option that shares its words with
    another option (:func:`order_groups`): (letter, row key) -> a score in [-1, 1], the options of a
    group summing to 0 on each row. ``rows``: row key -> the row's word families in reading order
    (its cells in column order). A pair of words counts when the group's options order (or
    clause) it differently and the row holds both words: the row reads it one way or the other, and
    an option earns its pair's weight when it reads it the same way, loses it when the other way;
    the sum is divided by the weights of the pairs the row holds and centred on the group's mean, so a row that reads "the Earth
    revolves around the sun" scores +1 for "Earth revolves around the sun" and -1 for "The sun
    revolves around Earth", and rows neither reads say nothing (0)."""
    out: dict[tuple[str, object], float] = {}
    texts = {o.letter: o.text for o in question.options}
    for letters in order_groups(question):
        pairs = {letter: order_pairs(texts[letter]) for letter in letters}
        keys = set().union(*(p.keys() for p in pairs.values()))
        telling = [k for k in keys if len({pairs[letter].get(k, 0.0) for letter in letters}) > 1]
        if not telling:
            continue
        weight = {k: max(abs(pairs[letter].get(k, 0.0)) for letter in letters) for k in telling}
        for key, families in rows.items():
            signs = {k: s for k in telling if (s := row_order(families, *k))}
            if not signs:
                continue
            total = sum(weight[k] for k in signs)
            raw = {letter: sum(pairs[letter].get(k, 0.0) * s for k, s in signs.items()) / total for letter in letters}
            mean = sum(raw.values()) / len(raw)
            for letter in letters:
                if raw[letter] != mean:
                    out[(letter, key)] = raw[letter] - mean
    return out


#: a word of a row is the graded word of a comparison or superlative (:func:`graded_rows`) when
#: either entails the other at least this much (1: the same base form, "slower" / "slow"; 0.9 a
#: synonym; 0.8 a WordNet derivation or pertainym, "slowly" / "slow")
GRADED_MATCH = 0.8


def graded_rows(question: Question, rows: dict) -> dict[int, list]:
    """The rows that hold each graded word the question asks (``question.graded``: "hottest" ->
    hot, "slowest to change" -> slow; numbered from 1): graded number -> row keys. ``rows``: row
    key -> the row's cells, each its content words. A cell holds the word when one of its words
    is it or a close relative (:data:`GRADED_MATCH`) and the cell does not
    :func:`contradict <pyasp.tables.text.contradicts>` it: a row that says "fast" holds no "slow"."""
    out: dict[int, list] = {}
    for g, word in enumerate(question.graded, start=1):
        for key, cells in rows.items():
            if any(not contradicts(cell, (word,)) and any(max(word_entails(w, word), word_entails(word, w)) >= GRADED_MATCH for w in cell)
                   for cell in cells):
                out.setdefault(g, []).append(key)
    return out


@dataclass
class Grounded:
    """The facts of one question and what their numbers stand for (to decode models)."""

    question: Question
    retrieved: list[Retrieved]
    facts: list[tuple] = field(default_factory=list)
    option_parts: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)
    hits: dict[int, tuple[Relation, str, str]] = field(default_factory=dict)  # hit id -> relation, text, pattern
    relations: dict[int, Relation] = field(default_factory=dict)  # relation number -> relation

    def table(self, t: int) -> Table:
        return self.retrieved[t - 1].table


def integer_consts(encoding: str | Path | None) -> dict[str, int]:
    """The integer #const values of the encoding (a packaged name or a path)."""
    values = {}
    for name, (value, _) in parse_constants(Program(encoding=encoding or "support_graph").encoding_file).items():
        try:
            values[name] = int(value)
        except ValueError:
            pass
    return values


def _pattern_regex(pattern: str) -> tuple[re.Pattern, bool] | None:
    """The connective of a pattern ("X to a Y" -> "to a") as a word regex, and whether Y comes
    first (a flipped pattern, "Y of X"); None for a pattern with nothing between X and Y. The
    connective matches whole words: a word boundary at each end that is a letter or digit (so
    "X (part of) Y" matches as written)."""
    tokens = pattern.split()
    try:
        x, y = tokens.index("X"), tokens.index("Y")
    except ValueError:
        return None
    lo, hi = sorted((x, y))
    connective = tokens[lo + 1 : hi]
    if not connective:
        return None
    text = r"\s+".join(re.escape(w.lower()) for w in connective)
    start = r"\b" if re.match(r"\w", connective[0]) else ""
    end = r"\b" if re.search(r"\w$", connective[-1]) else ""
    return re.compile(start + text + end), y < x


def _relation_facts(grounded: Grounded, store: TableStore, tables: dict[str, int], texts: dict[str, tuple[str, list[tuple[int, int]]]]) -> list[tuple]:
    """relation/5, hit/3 and wrong_side/3 facts. ``texts``: text id (q or an option letter) ->
    (lower-cased text, [(constituent id, character offset)])."""
    facts: list[tuple] = []
    hit_id = 0
    for number, relation in enumerate(store.relations, start=1):
        if relation.table not in tables:
            continue
        t = tables[relation.table]
        facts.append(("relation", number, t, relation.column1, relation.column2, int(relation.free)))
        grounded.relations[number] = relation
        # one hit per place a relation is expressed: of its patterns that match at the same
        # place of a text the same way round ("X to Y" and "from X to Y", or "X to a Y" and
        # "X to Y" on "to a gas"), the longest match counts; w_relation is earned once there
        found: dict[tuple[str, int, bool], tuple[int, str]] = {}  # (text, start, flipped) -> end, pattern
        for pattern in relation.patterns:
            compiled = _pattern_regex(pattern)
            if compiled is None:
                continue
            regex, flipped = compiled
            for text_id, (text, _) in texts.items():
                for match in regex.finditer(text):
                    place = (text_id, match.start(), flipped)
                    if place not in found or match.end() > found[place][0]:
                        found[place] = (match.end(), pattern)
        for (text_id, start, flipped), (end, pattern) in found.items():
            hit_id += 1
            grounded.hits[hit_id] = (relation, text_id, pattern)
            facts.append(("hit", hit_id, number, text_id))
            before, after = (relation.column2, relation.column1) if flipped else (relation.column1, relation.column2)
            for k, offset in texts[text_id][1]:
                if offset < start:
                    facts.append(("wrong_side", hit_id, k, after))
                elif offset >= end:
                    facts.append(("wrong_side", hit_id, k, before))
    return facts


def _offsets(text: str, parts: list[tuple[str, ...]]) -> list[int]:
    """Character offset of the first word of each part in ``text`` (searching left to right)."""
    out, start = [], 0
    lower = text.lower()
    for part in parts:
        found = lower.find(part[0], start) if part else -1
        out.append(found if found >= 0 else start)
        start = max(start, found + 1) if found >= 0 else start
    return out


def ground(question: Question, retrieved: list[Retrieved], store: TableStore, *,
           scores: Scores = DEFAULT_SCORES, encoding: str | Path | None = None,
           consts: dict[str, int] | None = None, importance=None, relevance=None, pair_relevance=None,
           option_ir=None) -> Grounded:
    """The facts of the support-graph encoding for one question (see its header)."""
    grounded = Grounded(question, retrieved)
    limits = {**integer_consts(encoding), **(consts or {})}
    offset = limits.get("offset", 100)
    split, parts = option_constituents(question)
    grounded.option_parts = parts
    ocell_limit, otitle_limit = ("min_ocell_split", "min_otitle_split") if split else ("min_ocell", "min_otitle")

    def passes(score: float, name: str) -> int | None:
        scaled = round(score * SCALE)
        return scaled if scaled - offset >= limits.get(name, 0) else None

    # what a constituent may not contradict: its own words and, for a word, each chunk it is part of
    contexts = {q.index: [q.words] + [c.words for c in question.constituents if len(c.words) > 1 and len(q.words) == 1 and q.words[0] in c.words]
                for q in question.constituents}

    def refused(q, words: tuple[str, ...]) -> bool:
        return any(contradicts(context, words) for context in contexts[q.index])

    facts = grounded.facts
    stem_lower = question.stem.lower()
    q_offsets = []
    for q in question.constituents:
        facts.append(("qcons", q.index + 1, q.position))
        if importance is not None:
            facts.append(("importance", q.index + 1, round(SCALE * importance(q.words))))
        if len(q.words) == 1 and q.words[0] in question.which_terms:
            facts.append(("which", q.index + 1))
        if len(q.words) > 1:
            facts.append(("chunk", q.index + 1))
            for other in question.constituents:
                if len(other.words) == 1 and other.words[0] in q.words:
                    facts.append(("part_of", other.index + 1, q.index + 1))
        q_offsets.append((q.index + 1, stem_lower.find(q.words[0])))
    if split:
        facts.append(("split_options",))
    for option in question.options:
        o = option.letter.lower()
        facts.append(("option", o))
        for j, _ in enumerate(parts[option.letter], start=1):
            facts.append(("ocons", o, j))

    rare_words = {(option.letter, j): tuple(w for w in words if importance is not None and importance((w,)) >= RARE_WORD)
                  if OPTION_SCORE == "part" and len(words) >= LONG_OPTION else ()
                  for option in question.options for j, words in enumerate(parts[option.letter], start=1)}
    tables = {r.table.name: t for t, r in enumerate(retrieved, start=1)}
    cells: dict[tuple[int, int, int], list[tuple[str, ...]]] = {}
    for t, r in enumerate(retrieved, start=1):
        table = r.table
        data = table.data_columns
        facts.append(("table", t, round(r.score * SCALE)))
        # N of the column reward 1/N: the columns that hold text in some retrieved row (WorldTree
        # tables have many columns that most rows leave empty)
        filled = [c for c in data if any(table.rows[i].cells[c] for i in r.rows)] or list(data)
        for c in data:
            facts.append(("column", t, c, len(filled)))
            header = _header_alternatives(table.columns[c].label)
            label = _together(header)
            for q in question.constituents:
                if refused(q, label):
                    continue
                w = passes(max((question_score(q.words, h, scores) for h in header), default=0.0), "min_qtitle")
                if w is not None:
                    facts.append(("e_qtitle", q.index + 1, t, c, w))
            for option in question.options:
                for j, words in enumerate(parts[option.letter], start=1):
                    if contradicts(label, words):
                        continue
                    w = passes(max((entails(h, words, scores) for h in header), default=0.0), otitle_limit)
                    if w is not None:
                        facts.append(("e_otitle", option.letter.lower(), j, t, c, w))
        for row_index in r.rows:
            row = table.rows[row_index]
            for c in data:
                alternatives = cell_alternatives(row.cells[c])
                if not alternatives:
                    continue
                cells[(t, row_index, c)] = alternatives
                facts.append(("cell", t, row_index, c))
                together = _together(alternatives)
                for q in question.constituents:
                    if refused(q, together):
                        continue
                    w = passes(max(question_score(q.words, a, scores) for a in alternatives), "min_qcell")
                    if w is not None:
                        facts.append(("e_qcell", q.index + 1, t, row_index, c, w))
                        if len(q.words) == 1 and q.words[0] in question.which_terms:
                            # the cell entails the which-term ("natural resource" -> resource)
                            best = max((entails(a, q.words, scores) for a in alternatives if len(a) <= WHICH_MAX_WORDS), default=0.0)
                            if (v := passes(best, "min_which")) is not None:
                                facts.append(("e_which", q.index + 1, t, row_index, c, v))
                for option in question.options:
                    for j, words in enumerate(parts[option.letter], start=1):
                        if contradicts(together, words):
                            continue
                        w = passes(max(option_score(a, words, scores, rare_words[(option.letter, j)]) for a in alternatives), ocell_limit)
                        if w is not None:
                            facts.append(("e_ocell", option.letter.lower(), j, t, row_index, c, w))
    if relevance is not None:  # relevance(question, letter, [(table, row)]) -> cosines
        keys = [(r.table.name, i) for r in retrieved for i in r.rows]
        where = [(t, i) for t, r in enumerate(retrieved, start=1) for i in r.rows]
        for option in question.options:
            for (t, i), value in zip(where, relevance(question, option.letter, keys)):
                if value > 0:
                    facts.append(("relevance", option.letter.lower(), t, i, round(value * SCALE)))
    if limits.get("w_order", 0) or limits.get("w_order_agree", 0):  # options with the same words in another order
        families = {(t, i): row_words(r.table, i) for t, r in enumerate(retrieved, start=1) for i in r.rows}
        for (letter, (t, i)), value in sorted(order_scores(question, families).items()):
            if (scaled := round(value * SCALE)) != 0:
                facts.append(("order", letter.lower(), t, i, scaled))
    if limits.get("w_graded", 0) and question.graded:  # a comparison or superlative asked: rows holding its graded word
        cells_of = {(t, i): [tuple(content_words(r.table.rows[i].cells[c])) for c in r.table.data_columns]
                    for t, r in enumerate(retrieved, start=1) for i in r.rows}
        for g, keys in sorted(graded_rows(question, cells_of).items()):
            facts.extend(("graded", g, t, i) for t, i in keys)
    if option_ir is not None and limits.get("w_ir", 0):  # option_ir(question) -> {letter: IR score or None}
        for letter, value in option_ir(question).items():
            if value:
                facts.append(("option_ir", letter.lower(), round(value * SCALE)))
    joins = _join_facts(cells, retrieved, store, scores, passes, importance)
    facts.extend(joins)
    if pair_relevance is not None and joins:  # pair_relevance(question, letter, [((table, row), (table, row))])
        pairs = sorted({(t1, r1, t2, r2) for _, t1, r1, _, t2, r2, _, _ in joins})
        keys = [((retrieved[t1 - 1].table.name, r1), (retrieved[t2 - 1].table.name, r2)) for t1, r1, t2, r2 in pairs]
        for option in question.options:
            for (t1, r1, t2, r2), value in zip(pairs, pair_relevance(question, option.letter, keys)):
                if value > 0:
                    facts.append(("relevance_pair", option.letter.lower(), t1, r1, t2, r2, round(value * SCALE)))
    texts = {"q": (stem_lower, q_offsets)}
    for option in question.options:
        option_parts = parts[option.letter]
        offsets = _offsets(option.text, option_parts)
        texts[option.letter.lower()] = (option.text.lower(), [(j, off) for j, off in enumerate(offsets, start=1)])
    facts.extend(_relation_facts(grounded, store, tables, texts))
    return grounded


def _join_facts(cells, retrieved: list[Retrieved], store: TableStore, scores: Scores, passes, importance=None) -> list[tuple]:
    """e_join facts: cells of two retrieved tables in columns the store's ``_joins.tsv`` lets
    join, sharing a word -- with ``importance``, a rare one (at least JOIN_WORD): a chain through
    "object" or "plant" links nearly everything, and makes the optimum slow to prove."""
    if not store.joins:
        return []

    @lru_cache(maxsize=None)
    def may_join(t1: int, c1: int, t2: int, c2: int) -> bool:
        return store.may_join(retrieved[t1 - 1].table.name, c1, retrieved[t2 - 1].table.name, c2)

    by_word: dict[str, list[tuple[int, int, int]]] = {}
    for key, alternatives in cells.items():
        for word in {w for a in alternatives for w in a}:
            by_word.setdefault(word, []).append(key)
    if importance is not None and JOIN_WORD > 0:
        by_word = {w: keys for w, keys in by_word.items() if importance((w,)) >= JOIN_WORD}
    seen: set[tuple] = set()
    out = []
    for keys in by_word.values():
        for k1 in keys:
            for k2 in keys:
                t1, r1, c1 = k1
                t2, r2, c2 = k2
                if t1 >= t2 or (k1, k2) in seen:
                    continue
                seen.add((k1, k2))
                if not may_join(t1, c1, t2, c2) or contradicts(_together(cells[k1]), _together(cells[k2])):
                    continue
                best = max(similarity(a, b, scores) for a in cells[k1] for b in cells[k2])
                w = passes(best, "min_join")
                if w is not None:
                    out.append(("e_join", t1, r1, c1, t2, r2, c2, w))
    return out
