"""Features of ALGES's learned scorers (Figure 4 and Section 7.2), as fixed-length vectors.

``local_features(a, b, problem)`` describes a pair of Qsets (either may be compound) that an
operator joins: single-set features of each side, relational features of the pair, features of
the question (target), WordNet Lin similarities of the verbs, and operator cue words ("increased
by", "times", "less than": see :func:`_cue_features`). The global model sees a whole tree: its
ILP violations, text order, the structure around "=", the question's words, and the local
features of the two sides of "=" (see :func:`global_static_features`).

Everything is read from the text; no answer or gold equation is ever seen here.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ..text.lexical import lin_similarity
from .qsets import COMPARATIVES, VERB_POS, Problem, Qset

#: Math keywords looked for in a Qset's sentence (ALGES's feature code uses this one list).
MATH_KEYWORDS = ("times", "total", "together", "more", "less", "add", "divide", "split", "equal", "equally")
#: Words and phrases of the question (target features).
QUESTION_KEYWORDS = (
    "in all", "end with", "times", "total", "together", "more", "less", "add", "divide", "split",
    "left", "equal", "equally", "now", "start", "each", "per", "altogether", "remain", "than",
    "bigger", "larger", "further", "farther", "longer", "taller", "how much", "cost", "spend", "change",
)
#: Seed verbs whose Lin similarity to a Qset's verb is a feature (the verb categories of ALGES's code).
SEED_VERBS = (
    "be", "do", "go", "have", "leave", "keep", "get", "make", "tell", "place", "lose", "change",
    "give", "hand", "take", "buy", "receive", "put", "set", "like", "want", "call", "divide", "split",
)
SYN_ROLES = ("dobj", "nsubj", "other")
GLUE_WORDS = (",", "and", "but")
VIOLATIONS = ("type", "type_choice", "text_order", "equality_first_or_last", "unknown_first_or_last",
              "equality_next_to_unknown", "symmetry", "unused", "unrelated")
OPERATORS = ("add", "sub", "mul", "div")
#: Operator cue words (lemmas or words), by the operation they suggest.
CUE_WORDS = {
    "add": ("plus", "increase", "more", "sum", "add", "total", "together", "altogether", "combine", "gain", "extra",
            "additional"),
    "sub": ("less", "decrease", "minus", "fewer", "difference", "subtract", "reduce", "left", "remain", "lose"),
    "mul": ("times", "multiply", "product", "twice", "double", "triple", "each", "per", "every"),
    "div": ("divide", "quotient", "half", "split", "share", "equally", "evenly", "among"),
}
#: Tokens either side of a number's mention in which a cue is its own.
CUE_WINDOW = 3


def _match(u: str, v: str) -> float:
    """+1 same, -1 different, 0 when either is missing."""
    if not u or not v:
        return 0.0
    return 1.0 if u == v else -1.0


def _ent_match(a: Qset, b: Qset) -> float:
    """+1 same entity, or one a kind of the other's ("23 cows" and the asked animals, see
    Qset.kind_of) or both kinds of one ("cows" and "sheep"); -1 different; 0 when either is missing."""
    if not a.ent or not b.ent:
        return 0.0
    kinds = {a.ent, a.kind_of} - {""}
    return 1.0 if b.ent in kinds or (b.kind_of and b.kind_of in kinds) else -1.0


def _role(q: Qset) -> str:
    if q.syn.startswith("dobj"):
        return "dobj"
    if q.syn.startswith("nsubj"):
        return "nsubj"
    return "other"


def _single(q: Qset) -> list[float]:
    out = [1.0 if _role(q) == r else 0.0 for r in SYN_ROLES]
    out += [float(q.subset), float(q.compound), float(q.is_target or q.qnt is None and not q.compound),
            float(bool(q.rate)), float(q.ent_fallback), float(bool(q.ctr))]
    return out


def _contains_target(q: Qset, problem: Problem) -> bool:
    target = problem.qsets[problem.target_index]
    return q.is_target or (q.compound and target.token in q.members)


@lru_cache(maxsize=65536)
def _verb_vector(verb: str) -> tuple[float, ...]:
    if not verb:
        return tuple(0.0 for _ in SEED_VERBS)
    return tuple(lin_similarity(verb, seed, "v") for seed in SEED_VERBS)


@lru_cache(maxsize=16384)
def _sentence_keywords(text: str) -> tuple[float, ...]:
    words = set(text.lower().split())
    return tuple(1.0 if k in words else 0.0 for k in MATH_KEYWORDS)


def _sentence_text(problem: Problem, q: Qset) -> str:
    doc = problem.document
    if q.sentence < 0 or q.sentence >= len(doc.sentences):
        return ""
    tokens = doc.sentence_tokens(q.sentence)
    return " ".join([t.lemma.lower() for t in tokens] + [t.text.lower() for t in tokens])


def question_keywords(problem: Problem) -> list[float]:
    doc = problem.document
    text = " " + " ".join(t.text.lower() for t in doc.sentence_tokens(problem.question_sentence)) + " "
    lemmas = " " + " ".join(t.lemma.lower() for t in doc.sentence_tokens(problem.question_sentence)) + " "
    return [1.0 if f" {k} " in text or f" {k} " in lemmas else 0.0 for k in QUESTION_KEYWORDS]


def _target_relation(q: Qset, target: Qset) -> list[float]:
    """Target features: how a Qset relates to the question's Qset."""
    adj_conflict = bool(q.adj and target.adj and not set(q.adj) & set(target.adj))
    return [
        _ent_match(q, target), _match(q.ctr, target.ctr), _match(q.vrb, target.vrb),
        float(adj_conflict), float(bool(set(q.adj) & set(target.adj))),
        float(q.sentence == target.sentence),
        lin_similarity(q.vrb, target.vrb, "v") if q.vrb and target.vrb else 0.0,
    ]


def _span(q: Qset) -> tuple[int, int]:
    members = q.members or (q.token,)
    return min(members), max(members)


def _value(q: Qset) -> float | None:
    return None if q.qnt is None else float(q.qnt)


_CUE_OPS = {w: op for op, words in CUE_WORDS.items() for w in words}


def _token_words(tok) -> tuple[str, str]:
    return tok.text.lower(), tok.lemma.lower()


def _cue_sense(doc, tok, word: str) -> bool:
    """Whether ``word`` (the text or lemma of ``tok``) is used in its operator sense. "left" is one
    as the verb "leave" ("how many are left", "she left 4 on the table") or in "left over", not as
    a direction ("turned left", "the left side"); every other cue word is taken as it comes."""
    if word != "left":
        return True
    after = doc.tokens[tok.i + 1].text.lower() if tok.i + 1 < len(doc.tokens) else ""
    return tok.pos == "VERB" or tok.tag in ("VBN", "VBD") or after == "over"


def _cues(tokens, doc) -> list[float]:
    """One flag per operation: a cue word of it is among ``tokens`` (in its operator sense)."""
    found = {_CUE_OPS[w] for t in tokens for w in _token_words(t) if w in _CUE_OPS and _cue_sense(doc, t, w)}
    return [1.0 if op in found else 0.0 for op in OPERATORS]


def _near(problem: Problem, q: Qset) -> tuple:
    """The tokens of q's sentence within CUE_WINDOW of its mention (none for a compound Qset)."""
    doc = problem.document
    if q.compound or q.token < 0 or q.sentence < 0 or q.sentence >= len(doc.sentences):
        return ()
    start, end = doc.sentences[q.sentence]
    return doc.tokens[max(start, q.token - CUE_WINDOW) : q.token] + doc.tokens[q.token + 1 : min(end, q.token + 1 + CUE_WINDOW)]


def _clause(problem: Problem, i: int) -> int:
    """The head of token i's clause: its nearest verb (itself or an ancestor), else the root."""
    tokens = problem.document.tokens
    for _ in range(len(tokens)):
        if tokens[i].pos in VERB_POS or tokens[i].head == i:
            return i
        i = tokens[i].head
    return i


def _compares(tokens, kind: str) -> bool:
    """A "than" construction among ``tokens``: a comparative of ``kind`` and a "than" after it."""
    words = [_token_words(t) for t in tokens]
    first = next((k for k, w in enumerate(words) if set(w) & set(COMPARATIVES[kind])), None)
    return first is not None and any("than" in w for w in words[first + 1 :])


def _than(problem: Problem, q: Qset, kind: str) -> float:
    """q's mention begins a "than" construction: "125 *more* stamps *than* Minerva"."""
    doc = problem.document
    if q.compound or q.token < 0 or q.sentence < 0 or q.sentence >= len(doc.sentences):
        return 0.0
    _, end = doc.sentences[q.sentence]
    return float(_compares(doc.tokens[q.token + 1 : min(end, q.token + 1 + 2 * CUE_WINDOW)], kind))


_OBJECT_POS = ("NOUN", "PROPN", "ADJ")
_OBJECT_STOP = ("PUNCT", "VERB", "AUX", "NUM", "CCONJ", "SCONJ")


def _than_object(problem: Problem, q: Qset, kind: str) -> tuple[str, ...]:
    """The content words (lemmas) of what q's "than" construction compares with: "6 more pens
    than *the red box*" gives ("red", "box"); empty when q's mention begins none of ``kind``."""
    if not _than(problem, q, kind):
        return ()
    doc = problem.document
    _, end = doc.sentences[q.sentence]
    i = next(k for k in range(q.token + 1, end) if doc.tokens[k].text.lower() == "than") + 1
    words = []
    while i < end and doc.tokens[i].pos not in _OBJECT_STOP:
        if doc.tokens[i].pos in _OBJECT_POS:
            words.append(doc.tokens[i].lemma.lower())
        i += 1
    return tuple(words)


def _names(problem: Problem, words: tuple[str, ...], q: Qset) -> bool:
    """All of ``words`` stand in the sentence of q's mention (q simple, in another sentence)."""
    doc = problem.document
    if not words or q.compound or q.token < 0 or q.sentence < 0 or q.sentence >= len(doc.sentences):
        return False
    start, end = doc.sentences[q.sentence]
    return set(words) <= {w for t in doc.tokens[start:end] for w in _token_words(t)}


def _compared_with(problem: Problem, q: Qset, other: Qset, kind: str) -> float:
    """q's "than" construction compares with what other's sentence is about ("A red box has 14
    pens. A blue box has 6 *more* pens *than the red box*"): other is the base q is counted from."""
    if other.sentence == q.sentence:
        return 0.0
    return float(_names(problem, _than_object(problem, q, kind), other))


def _cue_features(a: Qset, b: Qset, problem: Problem) -> list[float]:
    """Operator cue words (ours, in the spirit of Figure 4): a cue between the two mentions (in one
    sentence, no other number between them), a cue near each mention, a cue in the clause both
    stand in (one nearest verb), each per operation; whether each mention begins a "than"
    construction ("125 more stamps than"); a "than" construction between the two mentions,
    +1 when a's mention comes first, -1 when b's ("7 less than a number" is x - 7); and whether
    each mention's "than" construction compares with what the other's sentence names ("A red
    box has 14 pens. A blue box has 6 more pens than the red box": 14 is the base of the 6 more).
    A cue word counts in its operator sense only (see :func:`_cue_sense`)."""
    doc = problem.document
    a_lo, a_hi = _span(a)
    b_lo, b_hi = _span(b)
    lo, hi = (a_hi, b_lo) if a_hi < b_lo else (b_hi, a_lo)
    one_sentence = 0 <= lo < hi < len(doc.tokens) and doc.tokens[lo].sentence == doc.tokens[hi].sentence
    adjacent = not any(lo < q.token < hi for q in problem.qsets)
    between = doc.tokens[lo + 1 : hi] if one_sentence and adjacent else ()
    f = _cues(between, doc) + _cues(_near(problem, a), doc) + _cues(_near(problem, b), doc)
    clause = ()
    if 0 <= a.token < len(doc.tokens) and 0 <= b.token < len(doc.tokens) and a.sentence == b.sentence:
        head = _clause(problem, a.token)
        if head == _clause(problem, b.token):
            start, end = doc.sentences[a.sentence]
            clause = [t for t in doc.tokens[start:end] if _clause(problem, t.i) == head]
    f += _cues(clause, doc)
    f += [_than(problem, q, kind) for q in (a, b) for kind in COMPARATIVES]
    sign = 1.0 if a_hi < b_lo else -1.0
    f += [sign * float(_compares(between, kind)) for kind in COMPARATIVES]
    f += [_compared_with(problem, q, other, kind) for q, other in ((a, b), (b, a)) for kind in COMPARATIVES]
    return f


def local_features(a: Qset, b: Qset, problem: Problem) -> np.ndarray:
    """The feature vector of the pair (a, b) joined by an operator: see :func:`local_feature_names`."""
    doc = problem.document
    n = max(1, len(doc.tokens))
    a_lo, a_hi = _span(a)
    b_lo, b_hi = _span(b)
    lo, hi = (a_hi, b_lo) if a_hi < b_lo else (b_hi, a_lo)
    between = {t.text.lower() for t in doc.tokens[lo + 1 : hi]} if lo < hi else set()
    va, vb = _value(a), _value(b)
    f: list[float] = []
    f += _single(a) + _single(b)
    f += [float(_contains_target(a, problem)), float(_contains_target(b, problem))]
    f += [
        float(a.ent in b.subtypes), float(b.ent in a.subtypes),
        _match(a.rate, b.ent), _match(b.rate, a.ent), _match(a.ctr, b.ent), _match(b.ctr, a.ent),
        1.0 if a.ctr and b.ctr and (a.ctr in b.ctr or b.ctr in a.ctr) else (0.0 if not a.ctr or not b.ctr else -1.0),
        _ent_match(a, b),
        (1.0 if set(a.adj) & set(b.adj) else -1.0) if a.adj and b.adj else 0.0,
        _match(a.loc, b.loc),
        _match(a.vrb, b.vrb),
        abs(a.token - b.token) / n,
        float(a.sentence == b.sentence),
        float(a.token < b.token),
    ]
    f += [1.0 if g in between else 0.0 for g in GLUE_WORDS]
    f += [
        float(va is not None and vb is not None and va > vb),
        float(va is not None and vb is not None and va == vb),
        float(va is not None and 0 < va < 1), float(vb is not None and 0 < vb < 1),
        float(va is not None and va != int(va)), float(vb is not None and vb != int(vb)),
        math.log10(1 + abs(va)) / 4 if va is not None else 0.0,
        math.log10(1 + abs(vb)) / 4 if vb is not None else 0.0,
    ]
    f += list(_sentence_keywords(_sentence_text(problem, a))) + list(_sentence_keywords(_sentence_text(problem, b)))
    target = problem.qsets[problem.target_index]
    for q in (a, b):
        f += _target_relation(q, target)
    f += [lin_similarity(a.vrb, b.vrb, "v") if a.vrb and b.vrb else 0.0]
    f += list(_verb_vector(a.vrb)) + list(_verb_vector(b.vrb))
    f += _cue_features(a, b, problem)
    return np.asarray(f, dtype=np.float64)


def local_feature_names() -> list[str]:
    single = [f"syn_{r}" for r in SYN_ROLES] + ["subset", "compound", "target", "rate", "ent_fallback", "has_ctr"]
    names = [f"a_{s}" for s in single] + [f"b_{s}" for s in single]
    names += ["a_has_x", "b_has_x"]
    names += ["a_ent_in_b_subtypes", "b_ent_in_a_subtypes", "a_rate_b_ent", "b_rate_a_ent", "a_ctr_b_ent",
              "b_ctr_a_ent", "ctr_match", "ent_match", "adj_match", "loc_match", "vrb_match", "distance",
              "same_sentence", "a_before_b"]
    names += [f"between_{g}" for g in GLUE_WORDS]
    names += ["a_gt_b", "a_eq_b", "a_fraction", "b_fraction", "a_decimal", "b_decimal", "a_log", "b_log"]
    names += [f"a_kw_{k}" for k in MATH_KEYWORDS] + [f"b_kw_{k}" for k in MATH_KEYWORDS]
    target = ["ent", "ctr", "vrb", "adj_conflict", "adj_overlap", "same_sentence", "vrb_lin"]
    names += [f"a_target_{t}" for t in target] + [f"b_target_{t}" for t in target]
    names += ["verb_lin"] + [f"a_lin_{v}" for v in SEED_VERBS] + [f"b_lin_{v}" for v in SEED_VERBS]
    names += [f"{where}_cue_{o}" for where in ("between", "a", "b", "clause") for o in OPERATORS]
    names += [f"{q}_than_{kind}" for q in "ab" for kind in COMPARATIVES]
    names += [f"than_{kind}_between" for kind in COMPARATIVES]
    names += [f"{q}_than_{kind}_{o}" for q, o in (("a", "b"), ("b", "a")) for kind in COMPARATIVES]
    return names


def global_static_features(tree, problem: Problem, left: Qset, right: Qset, text_order: bool) -> np.ndarray:
    """The part of a tree's global features that needs no learned model.

    ILP violations by family and the cost, whether the constants keep text order, the shape
    around "=" (x alone on a side; the operator on top of each side), the question's words
    crossed with the operator on top of x's side, and the local features of the two sides.
    """
    root = tree.root
    violations = [float(sum(1 for v in tree.violations if v == name)) for name in VIOLATIONS]
    x_left = _contains_target(left, problem)
    x_side, other_side = (root.left, root.right) if x_left else (root.right, root.left)
    x_top = getattr(x_side, "op", "leaf")
    other_top = getattr(other_side, "op", "leaf")
    tops = [1.0 if x_top == o else 0.0 for o in OPERATORS + ("leaf",)]
    tops += [1.0 if other_top == o else 0.0 for o in OPERATORS + ("leaf",)]
    ops_used = [float(sum(1 for t in tree.postfix_tokens if t == o)) for o in OPERATORS]
    qk = question_keywords(problem)
    crossed = [k * t for k in qk for t in tops[:5]]
    n_leaves = sum(1 for t in tree.postfix_tokens if isinstance(t, int))
    used = {t for t in tree.postfix_tokens if isinstance(t, int)}
    unused = [q for i, q in enumerate(problem.qsets, start=1) if i not in used and not q.irrelevant]  # a distractor: no choice
    target = problem.qsets[problem.target_index]
    adj_conflict = [bool(q.adj and target.adj and not set(q.adj) & set(target.adj)) for q in unused]
    f = violations + [float(tree.cost), 1.0 / (1.0 + tree.cost), float(text_order),
                      float(len(unused)), float(n_leaves), float(sum(adj_conflict)),
                      float(sum(q.ent != target.ent for q in unused)), float(sum(bool(q.implicit) for q in unused))]
    f += tops + ops_used + qk + crossed
    f += list(local_features(left, right, problem))
    return np.asarray(f, dtype=np.float64)
