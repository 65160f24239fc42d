"""Repairs of spaCy's parse: a noun the tagger read as a verb, an "each" read into the next clause.

spaCy's small English pipeline (en_core_web_sm 3.8) tags and parses from the same token vectors,
but its parser does not look at the tags: setting a token's tag and running the parser again
changes no arc. So a reading the pipeline got wrong is repaired by parsing its sentence again
with the ambiguous spot made plain (a word replaced by one that can only be what it should be,
or a comma put in), and taking that parse for the words as written: its tags, heads and labels,
the parts of speech and lemmas set again from the tags by the pipeline's own attribute ruler and
lemmatizer ("pears" -> pear). A repair is kept only when the new parse reads the spot as it
should (the conditions below) and is still one sentence; otherwise, and in the other sentences,
the parse stays as it was.

**A noun read as a verb before its verb read as a noun.** In "A movie ticket costs 8 dollars and
popcorn costs 5 dollars", the tagger reads "popcorn" as a verb and "costs" as its object, a plural
noun, so "5 dollars" hangs on the verb "popcorn"; so "pear" in "and each pear costs 3 dollars". A
word X is read again as a noun when

1. the tagger made X a verb (VB, VBP, VBZ, VBD or VBN; not an -ing form, which is rightly a verb
   before its noun in "the measuring cup") and the next word W a noun (NN, NNS), or a verb the
   parser made X's object (dobj: "costs" in "and each pear costs $3");
2. WordNet knows X as a noun and uses it more as a noun than as a verb
   (:func:`~pyasp.text.lexical.rather_noun_than_verb`: "popcorn", "pear"; not "cut" in "and cut
   costs"), and knows W as a verb ("costs": cost);
3. the sentence parsed again with X replaced by "thing" ("things" when the tagger gave X the -s
   form of a verb, VBZ: "pears") makes that word a noun (NN for "thing", NNS for "things"), W a
   verb agreeing with it (VBZ for "thing", VBP for "things", or VBD) and the word W's subject.

(Condition 2's question about X is asked last, when the rest holds: WordNet's nouns take seconds
to load, a sentence a hundredth of one to parse.)

**An "each" ending an amount read as part of the next clause.** In "Apples cost 2 dollars each and
pears cost 3 dollars each", the parser reads "each and pears" as one subject of the second
"cost", so that clause has no noun subject and the first amount loses its "each". A token E is
read again when

1. E is "each" (the English word that ends an amount so: "2 dollars each"), the word before it a
   noun or a number (NN, NNS, CD), the word after it a coordinating conjunction (CC), and the
   parser made E depend on a word after the conjunction (the subject of the next verb, or the
   determiner of its subject);
2. the sentence parsed again with a comma after E ("2 dollars each, and pears cost ...", as it is
   often written) makes E depend on a word before it, no subject, and the comma has no
   dependents. The parse is then that one without the comma.

**The subject of a question asked with "do" read as its object.** In "How much do 2 tickets and 1
bag of popcorn cost?" or "How many apples did Tom and Ann pick?", the parser makes "do" the main
verb, the first noun after it its object, and the verb at the end a noun ("cost") or a verb without
a subject ("pick"), so the question's verb has no subject and the things asked about are lost. A
form A of "do" is read again when

1. A (VBP, VBZ or VBD, lemma "do") comes after a question word (WRB, WP, WDT) of its sentence, and
   is not the auxiliary of a verb after it (its head a VB... token after it);
2. a word V after A's next word is known by WordNet as a verb, and is its own base form ("cost",
   "pick", "have"; the candidates are tried from the sentence's end);
3. the sentence parsed again with the words between A and V replaced by a pronoun ("it" after
   "does", "they" after "do" and "did": "How much do they cost?") makes V a base-form verb (VB),
   the root, with A its auxiliary and the pronoun its subject;
4. the words replaced, parsed alone ("2 tickets and 1 bag of popcorn"), are one phrase headed by a
   noun or pronoun, with no verb in it.

The sentence then takes the first parse outside those words and the second inside them, the
phrase's head the subject of V (with the label the pronoun had). This repair is made first; a
sentence it repairs takes no other.

**A unit's abbreviation after a number read as a verb.** In "Raj's kite string is 60 m long" or
"stands 27 m high", the tagger reads "m" as a verb (the "'m" of "I'm"), so the amount has a verb of
its own and the sentence's subject no number. (The word-problem reader writes a number of metres
abbreviated "m" out as "meters" before it parses, :func:`pyasp.text.reading.word_problem_text`, so
there this repair meets the other abbreviations and an "m" that rewrite leaves; a caller of
:func:`repair` on its own parse meets "m" too.) A token U is read again as a noun when

1. U abbreviates a unit (:data:`UNIT_ABBREVIATIONS`: "m", "cm", "km", "kg", "mL", ...), the word
   before it is a number (CD) and the tagger made U a verb (VB, VBP, VBZ, VBD or VBN);
2. the sentence parsed again with U written in full ("meters"; "meter" after a "1") makes that
   word a noun (NN, NNS).

The other three repairs are made in that order, each spot once, and together: a new edit is tried on the
sentence with the edits kept so far, and kept when the new parse reads every edited spot as it
should. No noun is listed anywhere: what X and W may be comes from WordNet and the parser.

    >>> from pyasp.text.reading import load_pipeline
    >>> nlp = load_pipeline()
    >>> doc = repair(nlp("Each apple costs 2 dollars and each pear costs 3 dollars."), nlp)
    >>> [(t.text, t.pos_, t.dep_, t.head.text) for t in doc[6:9]]
    [('each', 'DET', 'det', 'pear'), ('pear', 'NOUN', 'nsubj', 'costs'), ('costs', 'VERB', 'conj', 'costs')]

Named entities are not set again (the reader keeps none).
"""

from __future__ import annotations

from . import lexical
from .units import PLURALS, SPELLINGS

#: the tags of a verb a noun may wrongly get (not VBG: "the measuring cup" is right)
VERB_TAGS = frozenset({"VB", "VBP", "VBZ", "VBD", "VBN"})
NOUN_TAGS = frozenset({"NN", "NNS"})
#: the noun put in place of X to parse again, (singular, plural): WordNet has no verb "thing"
STAND_IN = ("thing", "things")
#: the tags W may have after X's stand-in, by whether it is plural: a verb that agrees with it
AGREEING = {False: frozenset({"VBZ", "VBD"}), True: frozenset({"VBP", "VBD"})}
SUBJECTS = frozenset({"nsubj", "nsubjpass"})
#: the tags of the word before an "each" that ends an amount: its unit or number ("2 dollars each")
AMOUNT_TAGS = frozenset({"NN", "NNS", "CD"})


def _parse_again(sp_doc, nlp, edits: list[tuple[str, int]]):
    """``sp_doc``'s text parsed again with ``edits`` made: ("noun", i) puts the stand-in noun in
    place of token i, ("unit", i) the unit token i abbreviates written in full, ("comma", i) a
    comma after it. With the new parse, for each token of
    ``sp_doc`` the index of its token in the new parse (None when the new text is tokenized
    otherwise)."""
    words = {i: _stand_in(sp_doc[i]) if kind == "noun" else _in_full(sp_doc, i) for kind, i in edits if kind in {"noun", "unit"}}
    commas = {i for kind, i in edits if kind == "comma"}
    text = "".join(words.get(t.i, t.text) + ("," if t.i in commas else "") + t.whitespace_ for t in sp_doc)
    again = nlp(text)
    index, k = [], 0
    for t in sp_doc:
        index.append(k)
        k += 2 if t.i in commas else 1
    if len(again) != k or any(again[index[t.i]].text != words.get(t.i, t.text) for t in sp_doc) \
            or any(again[index[i] + 1].text != "," for i in commas):
        return again, None
    return again, index


def _rebuilt(nlp, sp_doc, again, keep: list[int]):
    """A document of ``sp_doc``'s words with the tags, heads and labels of the tokens ``keep`` of
    ``again`` (one for each word, in order), its parts of speech and lemmas set by the pipeline's
    attribute ruler and lemmatizer; None when a kept token depends on one left out."""
    position = {k: n for n, k in enumerate(keep)}
    if any(again[k].head.i not in position for k in keep):
        return None
    return _parsed(nlp, sp_doc, [again[k].tag_ for k in keep], [position[again[k].head.i] for k in keep],
                   [again[k].dep_ for k in keep])


def _parsed(nlp, sp_doc, tags: list[str], heads: list[int], deps: list[str]):
    """A document of ``sp_doc``'s words with these tags, heads and labels, its parts of speech and
    lemmas set by the pipeline's attribute ruler and lemmatizer."""
    from spacy.tokens import Doc

    doc = Doc(nlp.vocab, words=[t.text for t in sp_doc], spaces=[bool(t.whitespace_) for t in sp_doc],
              tags=tags, heads=heads, deps=deps)
    for name in ("attribute_ruler", "lemmatizer"):
        if name in nlp.pipe_names:
            doc = nlp.get_pipe(name)(doc)
    return doc


def _nouns_read_as_verbs(sp_doc) -> list[int]:
    """The tokens X of condition 1 of the first repair whose W WordNet knows as a verb (the rest of
    condition 2 is asked by :func:`_read_as_noun`)."""
    found = []
    for x in sp_doc[:-1]:
        w = sp_doc[x.i + 1]
        if (x.tag_ in VERB_TAGS and (w.tag_ in NOUN_TAGS or w.head.i == x.i and w.dep_ == "dobj") and x.is_alpha and w.is_alpha
                and lexical.usage(w.lower_, "v")[1] > 0):
            found.append(x.i)
    return found


def _plural(x) -> bool:
    """Whether the noun X is taken for a plural: the tagger gave it the -s form of a verb."""
    return x.tag_ == "VBZ"


def _stand_in(x) -> str:
    word = STAND_IN[_plural(x)]
    return word.capitalize() if x.text[:1].isupper() else word


def _read_as_noun(sp_doc, again, index, x: int) -> bool:
    """Whether the new parse reads token ``x`` (put as its stand-in) as condition 3 of the first
    repair asks, and WordNet takes ``x`` rather for a noun (condition 2)."""
    plural = _plural(sp_doc[x])
    noun, verb = again[index[x]], again[index[x + 1]]
    return (noun.tag_ == ("NNS" if plural else "NN") and verb.tag_ in AGREEING[plural]
            and noun.head.i == verb.i and noun.dep_ in SUBJECTS and lexical.rather_noun_than_verb(sp_doc[x].lower_))


def _each_read_into_next_clause(sp_doc) -> list[int]:
    """The tokens E of condition 1 of the second repair."""
    return [t.i for t in sp_doc[1:-1] if t.lower_ == "each" and t.head.i > t.i + 1
            and sp_doc[t.i - 1].tag_ in AMOUNT_TAGS and sp_doc[t.i + 1].tag_ == "CC"]


def _each_ends_its_amount(sp_doc, again, index, e: int) -> bool:
    """Whether the new parse, with a comma after token ``e``, reads it as condition 2 of the
    second repair asks."""
    each, comma = again[index[e]], again[index[e] + 1]
    return each.head.i < each.i and each.dep_ not in SUBJECTS and not any(True for _ in comma.children)


#: the tags of a form of "do" that asks a question ("How much do ... cost?")
DO_TAGS = frozenset({"VBP", "VBZ", "VBD"})
QUESTION_TAGS = frozenset({"WRB", "WP", "WDT"})
#: the tags of the head of a phrase that can be a subject
SUBJECT_HEAD_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "PRP"})


def _do_read_as_main_verb(sp_doc) -> list[int]:
    """The tokens A of condition 1 of the repair of a question's subject."""
    found = []
    for a in sp_doc[1:-2]:
        if (a.tag_ in DO_TAGS and a.lemma_ == "do" and any(t.tag_ in QUESTION_TAGS for t in sp_doc[:a.i])
                and not (a.dep_ == "aux" and a.head.i > a.i and a.head.tag_.startswith("VB"))):
            found.append(a.i)
    return found


def _subject_of_question(sentence, nlp, a: int):
    """The sentence (a Doc of its own) with the subject after the "do" at token ``a`` read again
    (conditions 2-4 of the repair), or None when no verb V makes them hold."""
    words = [t.text for t in sentence]
    pronoun = "it" if sentence[a].tag_ == "VBZ" else "they"
    for v in range(len(sentence) - 1, a + 1, -1):
        word = sentence[v]
        if not word.is_alpha or lexical.verb_base_form(word.lower_) != word.lower_ or lexical.usage(word.lower_, "v")[1] == 0:
            continue
        skeleton = nlp("".join(t.text_with_ws for t in sentence[:a + 1]) + pronoun + " "
                       + "".join(t.text_with_ws for t in sentence[v:]))
        shift = v - a - 2  # tokens from v on sit ``shift`` places earlier in the skeleton
        if len(skeleton) != len(sentence) - shift or any(skeleton[i].text != words[i] for i in range(a + 1)) \
                or any(skeleton[i - shift].text != words[i] for i in range(v, len(sentence))):
            continue
        verb, aux, subject = skeleton[v - shift], skeleton[a], skeleton[a + 1]
        if not (verb.tag_ == "VB" and verb.dep_ == "ROOT" and aux.head.i == verb.i and aux.dep_ == "aux"
                and subject.head.i == verb.i and subject.dep_ in SUBJECTS
                and sum(t.dep_ == "ROOT" for t in skeleton) == 1):
            continue
        phrase = nlp("".join(t.text_with_ws for t in sentence[a + 1:v]).strip())
        roots = [t for t in phrase if t.dep_ == "ROOT"]
        if len(phrase) != v - a - 1 or any(phrase[i].text != words[a + 1 + i] for i in range(len(phrase))) \
                or len(roots) != 1 or roots[0].tag_ not in SUBJECT_HEAD_TAGS or any(t.tag_.startswith("VB") for t in phrase):
            continue

        def position(k: int) -> int:  # a skeleton token's place in the sentence
            return k if k <= a else (roots[0].i + a + 1 if k == a + 1 else k + shift)

        tags, heads, deps = [], [], []
        for i in range(len(sentence)):
            if a < i < v:
                t = phrase[i - a - 1]
                tags.append(t.tag_)
                heads.append(position(verb.i) if t.dep_ == "ROOT" else t.head.i + a + 1)
                deps.append(subject.dep_ if t.dep_ == "ROOT" else t.dep_)
            else:
                t = skeleton[i if i <= a else i - shift]
                tags.append(t.tag_)
                heads.append(position(t.head.i))
                deps.append(t.dep_)
        return _parsed(nlp, sentence, tags, heads, deps)
    return None


#: the abbreviations of units a parse may read as verbs after a number, and the unit each names
#: ("m" is left out of :data:`pyasp.text.units.SPELLINGS`, which reads words anywhere; after a
#: number it is the meter)
UNIT_ABBREVIATIONS = {**{w: lemma for w, lemma in SPELLINGS.items() if len(w) <= 3 and w not in PLURALS.values()},
                      "m": "meter"}


def _units_read_as_verbs(sp_doc) -> list[int]:
    """The tokens U of condition 1 of the repair of a unit's abbreviation."""
    return [u.i for u in sp_doc[1:] if u.lower_ in UNIT_ABBREVIATIONS and u.tag_ in VERB_TAGS
            and sp_doc[u.i - 1].tag_ == "CD"]


def _in_full(sp_doc, u: int) -> str:
    """The unit token ``u`` abbreviates, written in full: plural unless its number is 1."""
    lemma = UNIT_ABBREVIATIONS[sp_doc[u].lower_]
    return lemma if sp_doc[u - 1].text in {"1", "one"} else PLURALS[lemma]


def _unit_read_as_noun(sp_doc, again, index, u: int) -> bool:
    """Whether the new parse reads the unit written in full at token ``u`` as a noun (condition 2)."""
    return again[index[u]].tag_ in NOUN_TAGS


#: the repairs, in the order they are made: the edit's name, where to make it, what the new parse must read
REPAIRS = (("noun", _nouns_read_as_verbs, _read_as_noun), ("unit", _units_read_as_verbs, _unit_read_as_noun),
           ("comma", _each_read_into_next_clause, _each_ends_its_amount))
HOLDS = {name: holds for name, _, holds in REPAIRS}


def _repair_sentence(sentence, nlp):
    """The repairs of one sentence (a Doc of its own): its repaired Doc, or None when none holds."""
    for a in _do_read_as_main_verb(sentence):
        asked = _subject_of_question(sentence, nlp, a)
        if asked is not None:
            return asked
    edits: list[tuple[str, int]] = []
    current = None
    for name, find, _ in REPAIRS:
        tried: set[int] = set()
        while (todo := [i for i in find(current if current is not None else sentence) if i not in tried]):
            tried.add(todo[0])
            trial = [*edits, (name, todo[0])]
            again, index = _parse_again(sentence, nlp, trial)
            if index is None or sum(t.dep_ == "ROOT" for t in again) != 1:  # still one sentence
                continue
            if not all(HOLDS[kind](sentence, again, index, i) for kind, i in trial):
                continue
            rebuilt = _rebuilt(nlp, sentence, again, index)
            if rebuilt is not None:
                current, edits = rebuilt, trial
    return current


def repair(sp_doc, nlp=None):
    """``sp_doc`` with its nouns read as verbs before their verbs read as nouns read again as
    nouns, then its units' abbreviations read as verbs after a number, then its "each" ending an amount read into the next clause read again (the module's
    docstring says when); ``sp_doc`` itself when there is none. ``nlp`` is the pipeline that
    parsed it (the reader's by default).

    Each sentence with a spot to repair is parsed again on its own (so a long text costs a parse
    of each such sentence, not of the whole text), the edits of a sentence together: each new one
    is tried on the sentence with those kept so far, and kept when the new parse reads all of them
    as they should be read and is one sentence. The other sentences keep their parse as it was."""
    if nlp is None:
        from .reading import load_pipeline

        nlp = load_pipeline()
    spots = sorted({i for _, find, _ in REPAIRS for i in find(sp_doc)} | set(_do_read_as_main_verb(sp_doc)))
    if not spots:
        return sp_doc
    fixed = {}
    for sent in sp_doc.sents:
        if any(sent.start <= i < sent.end for i in spots):
            repaired = _repair_sentence(sent.as_doc(), nlp)
            if repaired is not None:
                fixed[sent.start] = repaired
    return _assembled(nlp, sp_doc, fixed) if fixed else sp_doc


def _assembled(nlp, sp_doc, fixed: dict):
    """``sp_doc`` with the sentences ``fixed`` (by their first token) put in place of its own."""
    from spacy.tokens import Doc

    source = []  # for each token of sp_doc: the token whose reading it takes, and its sentence's first token
    for sent in sp_doc.sents:
        own = fixed.get(sent.start)
        source += [(own[t.i - sent.start] if own is not None else t, sent.start if own is not None else 0) for t in sent]
    return Doc(nlp.vocab, words=[t.text for t in sp_doc], spaces=[bool(t.whitespace_) for t in sp_doc],
               tags=[t.tag_ for t, _ in source], pos=[t.pos_ for t, _ in source],
               morphs=[str(t.morph) for t, _ in source], lemmas=[t.lemma_ for t, _ in source],
               heads=[start + t.head.i for t, start in source], deps=[t.dep_ for t, _ in source])
