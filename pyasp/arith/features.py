"""Features of the declarative-rules scorer (Roy & Roth 2018, Section 5.2), as sparse dicts.

Three kinds, all linear in one weight vector:

- concept features: the context of a pair of numbers (cue words of the question and of the
  numbers' sentences, verb classes, rates, units, order of magnitude), conjoined with the concept
  and with the operation the rule yields;
- rule features: the rule's name, and for every learned predicate the rule assumes (Coref,
  Sibling, Hyponym, Hypernym), true or false, the evidence for it: same head word, same entity
  after pronoun resolution, word overlap (Jaccard), pronouns, WordNet hyponymy;
- relevance features of each number, as used or left out of the expression (the heuristics of
  Section 5.1 for irrelevant numbers: stray ones and twos, "another"/"other", units that do not
  match the question's).
"""

from __future__ import annotations

from fractions import Fraction

from ..text.lexical import first_sense_is_a, is_hyponym
from ..text.names import gender
from .properties import NumberInfo, Phrase, ProblemInfo

QUESTION_CUES = (
    "all", "altogether", "total", "together", "combine", "sum", "both", "in", "left", "remain", "rest",
    "more", "less", "fewer", "than", "each", "per", "every", "average", "time", "now", "still", "change",
    "difference", "how", "much", "cost", "spend", "earn", "need", "take", "leave", "start", "begin",
    "first", "originally", "already", "other", "another", "equally", "split", "share", "divide", "group",
    "many", "long", "far", "weigh", "last", "remaining", "away", "give", "lose", "eat", "buy", "sell",
)
SENTENCE_CUES = (
    "each", "per", "every", "some", "more", "less", "fewer", "than", "times", "twice", "half", "rest",
    "remaining", "total", "all", "another", "other", "already", "then", "but", "if", "left", "away",
    "equally", "among", "between", "into", "row", "group", "box", "bag", "of", "for", "at", "cost",
    "pay", "spend", "buy", "sell", "give", "get", "lose", "eat", "find", "pick", "use", "need", "save",
)
IRRELEVANT_CUES = ("another", "other", "first", "second", "one", "each", "last", "next", "only", "least", "most")


def _words_near(info: ProblemInfo, n: NumberInfo, window: int = 6) -> set[str]:
    start, end = info.doc.sentences[n.mention.sentence]
    lo, hi = max(start, n.mention.start - window), min(end, n.mention.end + window)
    return {t.lemma.lower() for t in info.doc.tokens[lo:hi]}


def _jaccard(a: Phrase, b: Phrase) -> float:
    x, y = set(a.lemmas) | {a.key}, set(b.lemmas) | {b.key}
    return len(x & y) / len(x | y) if x | y else 0.0


def phrase_pair(a: Phrase | None, b: Phrase | None) -> dict[str, float]:
    """Evidence that two phrases name the same thing, or related things."""
    if a is None or b is None:
        return {"missing": 1.0}
    out = {"bias": 1.0, "jaccard": _jaccard(a, b)}
    if a.key == b.key:
        out["same_entity"] = 1.0
    if a.lemma == b.lemma:
        out["same_head"] = 1.0
        if set(a.lemmas) != set(b.lemmas):
            out["same_head_other_mods"] = 1.0
    if a.text.lower() == b.text.lower():
        out["same_text"] = 1.0
    if a.is_pronoun or b.is_pronoun:
        out["pronoun"] = 1.0
    if a.lemma != b.lemma and a.lemma != "$" and b.lemma != "$":
        if is_hyponym(a.lemma, b.lemma):
            out["hyponym"] = 1.0
        if is_hyponym(b.lemma, a.lemma):
            out["hypernym"] = 1.0
    if out["jaccard"] == 0.0:
        out["disjoint"] = 1.0
    return out


def _role(info: ProblemInfo, a: NumberInfo, b: NumberInfo, role: str) -> NumberInfo:
    return {"1": a, "2": b, "Q": info.question}[role]


def same_entity(a: Phrase | None, b: Phrase | None) -> bool:
    """Whether two phrases plainly name one entity: the same words ("Nina" and "Nina", "the pine
    tree" and "pine tree"), or a pronoun the reader resolved to the other's noun ("than him",
    him = Kevin; an unresolved "it" names nothing)."""
    if a is None or b is None or a.key != b.key:
        return False
    if a.is_pronoun or b.is_pronoun:
        return all(p.resolved for p in (a, b) if p.is_pronoun)
    return set(a.lemmas) == set(b.lemmas)


#: the properties that name who holds, gives or gets
ENTITIES = frozenset({"subj", "obj", "iobj"})
#: the properties that name the other party of a transfer or of a comparison (for "denied")
RECEIVERS = frozenset({"obj", "iobj"})
#: pronouns that name a person ("they", "it" may name things)
PERSONAL_PRONOUNS = frozenset("he she him her i me we us you".split())
#: WordNet's first senses of the nouns under which a thing can be someone (an animal, a group)
AGENTS = ("organism", "group", "causal_agent")


def _kind(info: ProblemInfo, phrase: Phrase | None) -> str | None:
    """"person" for a phrase that plainly names a person (a personal pronoun, a first name of
    known gender, a noun whose first WordNet sense is a person: "teacher"), "thing" for a common
    noun whose first sense can be no one ("birthday", "stickers", "mall"; not "fox", "team"),
    else None."""
    if phrase is None or phrase.head < 0:
        return None
    if phrase.is_pronoun:
        return "person" if phrase.lemma in PERSONAL_PRONOUNS or phrase.text.lower() in PERSONAL_PRONOUNS else None
    tok = info.doc.tokens[phrase.head]
    if tok.pos == "PROPN":
        return "person" if gender(tok.text, True) is not None else None
    if tok.pos != "NOUN":
        return None
    under = first_sense_is_a(phrase.lemma, ("person", *AGENTS))
    if under is None:
        return None
    return "person" if under[0] else None if any(under[1:]) else "thing"


def contradicted(info: ProblemInfo, a: NumberInfo, b: NumberInfo, assumptions) -> bool:
    """Whether a rule's condition assumes, of numbers ``a`` and ``b``, what the text plainly
    denies (the learned weights score the uncertain assumptions; these the text decides):

    - that a person is a thing ("Hana had 17 dollars. She received 25 dollars for her
      birthday": Coref(Subj1, Obj2) would make Hana the birthday that gave the 25; see
      :func:`_kind`);
    - that someone's relation is themselves ("Lucy ... gave 15 stamps to her teacher", her =
      Lucy: Coref(Subj1, IObj2) would make Lucy her own teacher; a possessive is read as
      :attr:`Phrase.owner`).

    Both only when an object or recipient (Obj, IObj) is one of the two: between subjects the
    learned weights lean on such "coreference" ("Carol picked 29, and her mother picked 16" is
    summed by get_get; AllArith 669 -> 665 when every Coref was checked for people and things).

    For comparisons Obj stands for what a number is compared with (as the explicit-math rules
    mean it), read as :attr:`NumberInfo.compared`:

    - that the thing compared with is not the entity of the same name ("Nina is 11. Her cousin
      is 6 years older than Nina": not Coref(Subj1, Obj2) would undo the comparison);
    - that one entity is compared with itself ("A red box holds 8 crayons. A blue box holds 3
      times as many crayons as the red box": Coref(Subj1, Subj2) would make the blue box the red
      one, and divide);
    - that the two subjects of a comparison with someone else are two entities when they plainly
      name one ("Zack has 36 toy soldiers. He has 4 times as many as his cousin has": not
      Coref(Subj1, Subj2), he = Zack, would apply the comparison to Zack).

    And, between two subjects, that one gives to itself: one number's receiver plainly names the
    other's subject ("The robotics club had $85. A shop donated $140 to the club": Coref(Subj1,
    Subj2) would make the shop the club; :func:`_gives_to_the_other`)."""
    numbers = {"1": a, "2": b}
    for predicate, args, positive in assumptions:
        if predicate != "Coref":
            continue
        receivers = any(p in RECEIVERS for p, _ in args)
        if positive and _gives_to_the_other(info, a, b, args):
            return True
        if positive and (receivers or a.math is not None or b.math is not None):
            x, y = (_role(info, a, b, r).get(p) for p, r in args)
            if receivers and {_kind(info, x), _kind(info, y)} == {"person", "thing"}:
                return True
            # "Lucy ... gave 15 stamps to her teacher" (her = Lucy): her teacher is not Lucy
            if (all(p in ENTITIES for p, _ in args) and x is not None and y is not None
                    and ((y.owner and y.owner == x.key) or (x.owner and x.owner == y.key))
                    and not _possessor_compared(info, numbers, args, x, y)):
                return True
            if _gives_to_self(info, a, b, args):
                return True
            # "Aiko's walk is 2 km long. Her cousin's walk is 600 m longer": a comparison between
            # two subjects owned by two others compares two walks, not one with itself
            if all(p == "subj" for p, _ in args) and x is not None and y is not None and same_entity(x, y) and not _one(x, y):
                return True
        compares = [numbers[r].compared is not None for p, r in args if p == "obj" and r in numbers]
        x, y = (numbers[r].compared if p == "obj" and r in numbers and numbers[r].compared is not None
                else _role(info, a, b, r).get(p) for p, r in args)
        if x is None or y is None:
            continue
        if not positive:
            if any(compares) and _one(x, y):
                return True
            # "The oak tree is 45 feet tall. The pine tree is 12 feet taller than the oak": what is
            # compared with ("the oak") names the oak tree, though in fewer words
            if any(numbers[r].compared is not None and _names_compared(info, numbers[r], y if k == 0 else x)
                   for k, (p, r) in enumerate(args) if p == "obj" and r in numbers):
                return True
            # "Zack has 36 toy soldiers. He has 4 times as many as his cousin has": of a
            # comparison with someone else (his cousin), the two subjects (Zack, he = Zack)
            # plainly name one entity ("she saw 3 times that many" compares with no one; "Nora's
            # rope ... 3 times as long as Ben's rope" with someone else's, :func:`_one`)
            if (all(p == "subj" for p, _ in args) and _one(x, y)
                    and any(n.compared is not None and not _one(n.compared, n.subj) and not compares_itself(n)
                            for n in (a, b))):
                return True
            continue
        for n in (a, b):
            if n.compared is not None and ((_one(x, n.subj) and _compares_with(info, n, y))
                                           or (_compares_with(info, n, x) and _one(y, n.subj))):
                return True
    return False


def compares_itself(n: NumberInfo) -> bool:
    """Whether a comparison compares its subject with itself at another time, said by the same
    pronoun ("On Tuesday he read half as many pages as he did on Monday"), which the reader leaves
    unresolved after "as" (an object pronoun is not its own clause's subject)."""
    return (n.compared is not None and n.subj is not None and n.compared.is_pronoun
            and n.compared.text.lower() == n.subj.text.lower())


def _possessor_compared(info: ProblemInfo, numbers: dict, args, x: Phrase, y: Phrase) -> bool:
    """Whether one of two phrases is the Obj of a comparison said with a possessor alone, which
    names the other ("Isabel's bike cost $38 less than Owen's": Owen, Owen's bike)."""
    for (p, r), other in zip(args, (y, x)):
        if p == "obj" and r in numbers and numbers[r].compared is not None and _names_compared(info, numbers[r], other):
            return True
    return False


def _compares_with(info: ProblemInfo, n: NumberInfo, phrase: Phrase | None) -> bool:
    """Whether what number ``n`` is compared with names ``phrase``: the same entity
    (:func:`_one`), or it in fewer words (:func:`_names_compared`)."""
    return _one(phrase, n.compared) or _names_compared(info, n, phrase)


def _names_compared(info: ProblemInfo, n: NumberInfo, phrase: Phrase | None) -> bool:
    """Whether what number ``n`` is compared with names ``phrase`` in fewer words, and not the
    comparison's own subject:

    - some of its words ("The pine tree is 12 feet taller than the oak": the oak tree; not when
      the words are the comparison's own subject's too, "than the tree");
    - a possessor alone ("Isabel's bike cost $38 less than Owen's"): Owen's bike, the thing of
      the comparison's own subject's kind owned by Owen."""
    c, own = n.compared, n.subj
    if c is None or phrase is None or c.is_pronoun or phrase.is_pronoun or not c.lemmas:
        return False
    if own is not None and same_entity(phrase, own) and not (phrase.owner and own.owner and phrase.owner != own.owner):
        return False
    if set(c.lemmas) < set(phrase.lemmas):
        return own is None or not set(c.lemmas) <= set(own.lemmas)
    tokens = info.doc.tokens
    after = c.head + 1
    elided = (0 <= c.head and after < len(tokens) and tokens[after].tag == "POS"
              and (after + 1 >= len(tokens) or tokens[after + 1].pos not in {"NOUN", "PROPN", "ADJ", "NUM"}))
    return (elided and own is not None and bool(phrase.owner) and phrase.owner == c.key and phrase.key == own.key
            and own.owner != c.key)


def _one(a: Phrase | None, b: Phrase | None) -> bool:
    """:func:`same_entity`, unless the two are plainly owned by two others ("Ms. Kim's class",
    "Mr. Ford's class": two classes)."""
    return same_entity(a, b) and not (a.owner and b.owner and a.owner != b.owner)


#: pronouns by which one gives to oneself ("he kept 3 for himself")
REFLEXIVES = frozenset({"himself", "herself", "itself", "themselves", "myself", "yourself", "ourselves"})


def _gives_to_self(info: ProblemInfo, a: NumberInfo, b: NumberInfo, args) -> bool:
    """Whether a Coref of one number's subject with the other number's receiver (its Obj or IObj)
    would make that number's subject give to, or get from, itself: the receiver's own subject is
    plainly the same entity as the first subject ("Ethan had 52 stamps. ... Ethan gave 10 stamps
    to a friend": Coref(Subj1, Obj2) would make the friend Ethan). Not of comparisons (whose Obj
    is what is compared with) nor of a reflexive receiver ("for himself"); both subjects named,
    not pronouns."""
    (p1, r1), (p2, r2) = args
    if r1 == r2 or {p1, p2} & RECEIVERS == set() or "subj" not in (p1, p2) or p1 == p2:
        return False
    (pr, rr), (_, rs) = ((p1, r1), (p2, r2)) if p1 in RECEIVERS else ((p2, r2), (p1, r1))
    if rr == "Q" or rs == "Q":
        return False
    taker = _role(info, a, b, rr)
    receiver, giver = taker.get(pr), _role(info, a, b, rs).subj
    if taker.math is not None or taker.compared is not None or receiver is None or receiver.text.lower() in REFLEXIVES:
        return False
    if giver is None or taker.subj is None or giver.is_pronoun or taker.subj.is_pronoun:
        return False  # (a pronoun's antecedent is a guess: "Carrie's mom gave her $91. She bought ...")
    return same_entity(taker.subj, giver) and not same_entity(receiver, giver)


#: the prepositions that make a noun the receiver of a transfer, or whom it comes from ("donated
#: $140 *to* the club", "got $5 *from* Ann")
TRANSFER_PREPOSITIONS = frozenset({"to", "from"})


def _receives(info: ProblemInfo, phrase: Phrase) -> bool:
    """Whether a phrase is said as the receiver of a transfer, or whom it comes from: the object of
    "to" or "from", or the indirect object ("gave *the club* $75"); not the object of "have"
    ("has 4 floors with 18 rooms")."""
    tokens = info.doc.tokens
    if not 0 <= phrase.head < len(tokens):
        return False
    tok = tokens[phrase.head]
    return tok.dep in {"dative", "iobj"} or (tok.dep == "pobj" and tokens[tok.head].text.lower() in TRANSFER_PREPOSITIONS)


def _gives_to_the_other(info: ProblemInfo, a: NumberInfo, b: NumberInfo, args) -> bool:
    """Whether a Coref of the two numbers' subjects would make one number's subject give to, or
    get from, itself: its receiver (Obj or IObj) plainly names the other number's subject, and
    its own subject is someone else ("The robotics club had $85. A local electronics shop
    donated $140 to the club": Coref(Subj1, Subj2) would make the shop the club). The receiver
    names a subject when it is no pronoun, has the subject's head word, and its words are among
    the subject's ("the club", "the robotics club"); a receiver is said with "to" or "from" or as
    the indirect object (:func:`_receives`); not of comparisons (whose Obj is what is
    compared with)."""
    if [p for p, _ in args] != ["subj", "subj"] or {r for _, r in args} != {"1", "2"}:
        return False
    for giver, other in ((a, b), (b, a)):
        if giver.math is not None or giver.compared is not None or giver.subj is None or other.subj is None:
            continue
        for receiver in (giver.obj, giver.iobj):
            if (receiver is None or receiver.is_pronoun or other.subj.is_pronoun or receiver.text.lower() in REFLEXIVES
                    or not _receives(info, receiver)
                    or receiver.lemma != other.subj.lemma or not set(receiver.lemmas) <= set(other.subj.lemmas)):
                continue
            if giver.subj.key != receiver.key:
                return True
    return False


def assumption_features(info: ProblemInfo, a: NumberInfo, b: NumberInfo, assumptions) -> dict[str, float]:
    """Evidence for the learned predicates a rule's condition assumes (``(predicate,
    ((prop, role), (prop, role)), positive)`` triples)."""
    out: dict[str, float] = {}
    for predicate, args, positive in assumptions:
        (p1, r1), (p2, r2) = args
        x, y = _role(info, a, b, r1).get(p1), _role(info, a, b, r2).get(p2)
        block = f"{predicate.lower()}:{p1}{'q' if r1 == 'Q' else ''}-{p2}{'q' if r2 == 'Q' else ''}:{'T' if positive else 'F'}"
        for name, value in phrase_pair(x, y).items():
            out[f"{block}:{name}"] = out.get(f"{block}:{name}", 0.0) + value
    return out


def pair_context(info: ProblemInfo, a: NumberInfo, b: NumberInfo, classes: dict[int, list[tuple[str, str]]],
                 values: tuple[Fraction, ...] | None = None) -> list[str]:
    """Binary context features of the pair (a earlier than b). Which is larger compares the numbers'
    ``values`` (1-based by index) when given: as read in one unit ("1 meter" is 100 centimeters, larger
    than 38 centimeters), else as written."""
    ctx = [f"q:{w}" for w in QUESTION_CUES if w in info.words]
    near_b = _words_near(info, b)
    ctx += [f"b:{w}" for w in SENTENCE_CUES if w in near_b]
    near_a = _words_near(info, a)
    ctx += [f"a:{w}" for w in SENTENCE_CUES if w in near_a]
    for who, n in (("a", a), ("b", b), ("q", info.question)):
        for prop, cls in classes.get(n.index, ()):
            ctx.append(f"{who}:{prop}={cls}")
        for prop in ("rate", "math", "obj", "iobj"):
            if n.get(prop) is not None:
                ctx.append(f"{who}:has_{prop}")
    if a.mention.sentence == b.mention.sentence:
        ctx.append("same_sentence")
    if b.mention.sentence == info.question_sentence:
        ctx.append("b_in_question")
    va, vb = (values[a.index - 1], values[b.index - 1]) if values is not None else (a.value, b.value)
    ctx.append("a_larger" if va > vb else "b_larger" if vb > va else "equal")
    if a.unit is not None and b.unit is not None:
        ctx.append("same_unit" if a.unit.lemma == b.unit.lemma else "other_unit")
    qu = info.question.unit
    for who, n in (("a", a), ("b", b)):
        if qu is not None and n.unit is not None and n.unit.lemma == qu.lemma:
            ctx.append(f"{who}_unit_is_question_unit")
        if n.unit is not None and n.unit.lemma == "$":
            ctx.append(f"{who}_money")
    if a.subj is not None and b.subj is not None and a.subj.key == b.subj.key:
        ctx.append("same_subject")
    if a.verb is not None and b.verb is not None and a.verb.lemma == b.verb.lemma:
        ctx.append("same_verb")
    return ctx


def option_features(context: list[str], rule: str, concept: str, op: str, assumed: dict[str, float]) -> dict[str, float]:
    """All features of choosing ``rule`` (of ``concept``, yielding ``op``) for a pair."""
    out = {f"rule={rule}": 1.0, f"concept={concept}": 1.0, f"op={op}": 1.0}
    for c in context:
        out[f"{concept}|{c}"] = 1.0
        out[f"{op}|{c}"] = 1.0
    for name, value in assumed.items():
        out[f"{concept}|{name}"] = value
    return out


PART_WHOLE_CUES = ("remaining", "rest", "either")
TOTAL_CUES = ("all", "altogether", "overall", "total", "sum", "together", "combined", "both")


def concept_label(info: ProblemInfo, a: NumberInfo, b: NumberInfo, op: str, classes: dict[int, list[tuple[str, str]]]) -> str:
    """The concept the heuristics of Section 5.1 give an operation on numbers ``a`` and ``b``
    (used in training only: a derivation whose concepts disagree is not taken as gold when one
    that agrees reaches the answer). A math term of a class that fits the operation: explicit
    math; else multiplication and division: dimensional analysis; addition and subtraction:
    part-whole when the two numbers share a verb, "remaining", "rest" or "either" follows the
    later one, or (for addition) the question asks for a total; else transfer."""
    fitting = {"add": ("add", "sub"), "subtract": ("add", "sub")}.get(op, ("mul",))
    for n in (a, b, info.question):
        if any(prop == "math" and cls.lower() in fitting for prop, cls in classes.get(n.index, ())):
            return "explicit_math"
    if op not in ("add", "subtract"):
        return "dimensional_analysis"
    if a.verb is not None and b.verb is not None and a.verb.lemma == b.verb.lemma:
        return "part_whole"
    start, end = info.doc.sentences[b.mention.sentence]
    after = {t.lemma.lower() for t in info.doc.tokens[b.mention.end : min(end, b.mention.end + 6)]}
    if after & set(PART_WHOLE_CUES):
        return "part_whole"
    if op == "add" and set(info.words) & set(TOTAL_CUES):
        return "part_whole"
    return "transfer"


def root_features(info: ProblemInfo, concept: str, op: str) -> dict[str, float]:
    """Features of the last operation of the expression: the question's cue words and what the
    question asks (a rate, a comparison, a unit), conjoined with the operation and the concept."""
    cues = [f"q:{w}" for w in QUESTION_CUES if w in info.words]
    q = info.question
    cues += [f"q:has_{prop}" for prop in ("rate", "math", "unit") if q.get(prop) is not None]
    out = {f"root|{op}": 1.0, f"root|{concept}": 1.0}
    for c in cues:
        out[f"root|{op}|{c}"] = 1.0
        out[f"root|{concept}|{c}"] = 1.0
    return out


#: what a question that asks an age says ("How old is his son?")
AGE_WORDS = frozenset({"old", "age", "young", "older", "younger"})


def _head_noun(info: ProblemInfo, phrase: Phrase) -> str:
    """The noun a phrase's head modifies, when it is a modifier ("toy" of "toy trucks"), else its
    head: the question's unit is its first noun ("How many toy trucks")."""
    if phrase.head < 0:
        return phrase.lemma
    tok = info.doc.tokens[phrase.head]
    while tok.dep in {"compound", "amod", "nmod"} and tok.i < tok.head and info.doc.tokens[tok.head].pos in {"NOUN", "PROPN"}:
        tok = info.doc.tokens[tok.head]
    return tok.lemma.lower()


def _unit_ties(info: ProblemInfo, n: NumberInfo) -> dict[str, float]:
    """How a number's unit ties it to the question and the other numbers: a kind of thing the
    question names besides its unit ("How many horses and goats ...?"), the question's "per"
    unit ("How many cookies are on each plate?": 4 plates), another number's "per" unit ("6
    tables"; "4 legs per table"), or none of these nor the unit of another number or of the
    question ("He went to the mall with 3 friends"); an age ("Jack is 10 years old") that the
    question does not ask."""
    out: dict[str, float] = {}
    lemma = n.unit.lemma
    q = info.question
    start, end = info.doc.sentences[info.question_sentence]
    named = {t.lemma.lower() for t in info.doc.tokens[start:end] if t.pos in {"NOUN", "PROPN"}}
    asked = q.unit is not None and lemma in {q.unit.lemma, _head_noun(info, q.unit)}
    if not asked and lemma in named:
        out["rel:unit_named_in_question"] = 1.0
    if q.rate is not None and q.rate.lemma == lemma:
        out["rel:unit_is_question_rate"] = 1.0
    others = [m for m in info.numbers if m.index != n.index]
    if any(m.rate is not None and m.rate.lemma == lemma for m in others):
        out["rel:unit_is_other_rate"] = 1.0
    if not asked and not out and n.rate is None and not any(m.unit is not None and m.unit.lemma == lemma for m in others):
        out["rel:unit_unrelated"] = 1.0
    after = info.doc.tokens[n.unit.head + 1] if 0 <= n.unit.head < len(info.doc.tokens) - 1 else None
    if lemma == "year" and after is not None and after.lemma.lower() == "old":
        out["rel:age" if AGE_WORDS & set(info.words) else "rel:age_unasked"] = 1.0
    return out


def _is_age(info: ProblemInfo, n: NumberInfo) -> bool:
    """"Jack is 10 years old": the number is someone's age."""
    if n.unit is None or n.unit_inferred or n.unit.lemma != "year" or not 0 <= n.unit.head < len(info.doc.tokens) - 1:
        return False
    return info.doc.tokens[n.unit.head + 1].lemma.lower() == "old"


#: units of time, and the words after which a number of them says when something happened
#: ("Two weeks later", "3 days ago")
TIME_UNITS = frozenset({"second", "minute", "hour", "day", "week", "month", "year", "decade", "century"})
WHEN_WORDS = frozenset({"later", "ago", "earlier", "afterward", "afterwards"})


def _tells_when(info: ProblemInfo, n: NumberInfo) -> bool:
    """"Two weeks later it was 23 centimeters tall", "3 days ago": the number of a unit of time
    modifies "later"/"ago"/"earlier", saying when, not how much."""
    if n.unit is None or n.unit_inferred or n.unit.lemma not in TIME_UNITS or n.unit.head < 0 or n.rate is not None:
        return False
    tok = info.doc.tokens[n.unit.head]
    return tok.head != tok.i and info.doc.tokens[tok.head].lemma.lower() in WHEN_WORDS


def _kinds_asked(info: ProblemInfo) -> list[tuple[str, str]]:
    """The kinds of things the question counts, as WordNet words and their head lemma: its unit
    ("big cats": big_cat, and cat), and what a unit of pieces of something counts ("How many
    pieces of fruit": fruit)."""
    q = info.question.unit
    if q is None or q.head < 0:
        return []
    out = [("_".join(q.lemmas), q.lemma)] if len(q.lemmas) > 1 else []
    out.append((q.lemma, q.lemma))
    tok = info.doc.tokens[q.head]
    for k in info.doc.tokens[q.head + 1 : q.head + 3]:
        if k.text.lower() == "of" and k.head == tok.i:
            inner = next((t for t in info.doc.tokens[k.i + 1 : k.i + 3] if t.head == k.i and t.pos == "NOUN"), None)
            if inner is not None:
                out.append((inner.lemma.lower(), inner.lemma.lower()))
    return out


def stray_numbers(info: ProblemInfo) -> frozenset[int]:
    """Numbers the text plainly says count nothing the question asks, left out of every answer:

    - an age ("She is 10 years old") when the question asks none ("How many pets does Sue
      have?"; no "old", "age", "younger", ... and no years asked);
    - a time that says when ("Two weeks later it was 23 centimeters tall", :func:`_tells_when`)
      when the question asks nothing in that unit and no number is counted per it;
    - things of another kind than the question counts, when it counts a kind that two or more
      numbers count kinds of and none counts itself ("A zoo has 8 lions, 5 tigers, and 12
      monkeys. How many big cats ...?": lions and tigers are big cats (WordNet), the monkeys are
      not; "How many pieces of fruit": oranges and pears, not loaves of bread). Only numbers
      that are no rate, with a unit of their own."""
    out = set()
    q = info.question
    # (an age is a number of years: "Each year he gains 11 pounds. He is 8 years old" uses it)
    if (not AGE_WORDS & set(info.words) and (q.unit is None or q.unit.lemma != "year")
            and not any(n.rate is not None and n.rate.lemma == "year" for n in info.numbers)):
        out.update(n.index for n in info.numbers if _is_age(info, n))
    # a time that says when ("Two weeks later"), when nothing is counted per that unit of time
    # nor asked in it
    times = {x.lemma for x in (q.unit, q.rate) if x is not None} | {n.rate.lemma for n in info.numbers if n.rate is not None}
    out.update(n.index for n in info.numbers if _tells_when(info, n) and n.unit.lemma not in times)
    start, end = info.doc.sentences[info.question_sentence]
    named = {t.lemma.lower() for t in info.doc.tokens[start:end] if t.pos in {"NOUN", "PROPN"}}
    counted = [n for n in info.numbers if n.unit is not None and not n.unit_inferred and n.rate is None and n.share is None]
    for kind, head in _kinds_asked(info) if q.rate is None else ():
        if any(n.unit.lemma == head for n in counted):
            break
        under = {n.index for n in counted if is_hyponym(n.unit.lemma, kind)}
        if len(under) >= 2:
            # (not what the question names besides: "how many birds can occupy 1 cage")
            out.update(n.index for n in counted if n.index not in under and n.unit.lemma not in named)
            break
    return frozenset(out)


def relevance_features(info: ProblemInfo, n: NumberInfo) -> dict[str, float]:
    """Why a number might be left out (features of the number, scored when it is used)."""
    out = {"rel:bias": 1.0}
    value = n.value
    if value == 1:
        out["rel:one"] = 1.0
    if value == 2:
        out["rel:two"] = 1.0
    if n.mention.kind == "word":
        out["rel:word"] = 1.0
    start, _ = info.doc.sentences[n.mention.sentence]
    before = {t.lemma.lower() for t in info.doc.tokens[max(start, n.mention.start - 2) : n.mention.start]}
    for w in IRRELEVANT_CUES:
        if w in before:
            out[f"rel:before={w}"] = 1.0
    qu = info.question.unit
    if n.unit is None:
        out["rel:no_unit"] = 1.0
    elif qu is not None:
        if n.unit.lemma == qu.lemma:
            out["rel:question_unit"] = 1.0
            mods, qmods = set(n.unit.lemmas[:-1]), set(qu.lemmas[:-1])
            if mods and qmods:
                # "red balloons" when the question asks for "violet balloons"
                out["rel:question_unit_mods" if mods == qmods else "rel:other_unit_mods"] = 1.0
        elif n.rate is not None and n.rate.lemma == qu.lemma:
            out["rel:rate_is_question_unit"] = 1.0
        else:
            out["rel:other_unit"] = 1.0
    qs = info.question.subj
    if qs is not None and n.subj is not None:
        # "her friend has 43 dollars" when the question asks about her
        out["rel:question_subject" if qs.key == n.subj.key else "rel:other_subject"] = 1.0
    if n.unit_inferred:
        out["rel:unit_inferred"] = 1.0
    if n.unit is not None and not n.unit_inferred:
        out.update(_unit_ties(info, n))
    if n.rate is not None:
        out["rel:rate"] = 1.0
    if n.mention.sentence == info.question_sentence:
        out["rel:in_question"] = 1.0
    same = sum(1 for m in info.numbers if m.value == value)
    if same > 1:
        out["rel:repeated"] = 1.0
    if n.mention.sentence == 0:
        out["rel:first_sentence"] = 1.0
    # the number against the others: does it share their unit, subject, rate?
    others = [m for m in info.numbers if m.index != n.index]
    if len(others) == 1:
        out["rel:two_numbers"] = 1.0
    if n.unit is not None:
        shared = sum(1 for m in others if m.unit is not None and m.unit.lemma == n.unit.lemma)
        out["rel:unit_shared" if shared else "rel:unit_alone"] = 1.0
        if qu is not None and n.unit.lemma != qu.lemma and any(m.unit is not None and m.unit.lemma == qu.lemma for m in others):
            out["rel:others_have_question_unit"] = 1.0  # "She buys 18 oranges. How many Skittles ...?"
    if not any(m.rate is not None for m in info.numbers) and info.question.rate is None:
        out["rel:no_rate_anywhere"] = 1.0
    if n.subj is not None and not any(m.subj is not None and m.subj.key == n.subj.key for m in others):
        out["rel:subject_alone"] = 1.0
    # pairs of the reasons above: relevance turns on their combination ("another unit" is
    # harmless in a rate problem, telling in a problem without rates)
    base = sorted(k for k in out if k != "rel:bias")
    for i, a in enumerate(base):
        for b in base[i + 1 :]:
            out[f"{a}&{b[4:]}"] = 1.0
    return out
