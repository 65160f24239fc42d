"""The reader's repairs of spaCy's parse (pyasp.text.repairs): a noun the tagger read as a verb
before its verb ("and popcorn costs 5 dollars") is read again as a noun; an "each" ending an
amount that the parser read into the next clause ("2 dollars each and pears cost ...") is read
again as ending its amount; the subject of a question asked with "do" that the parser read as the
object of "do" ("How much do 2 tickets and 1 bag of popcorn cost?") is read again as the subject; parses that need no repair are kept as they are; and a parse cached
before the repairs is not given back."""

from __future__ import annotations

import doctest
import json

import pytest

import pyasp.text.reading as reading
from pyasp.text import lexical, repairs
from pyasp.text.reading import _cache_key, _to_json, load_pipeline, read, read_many, word_problem_text


def token(doc, word: str, nth: int = 0):
    """The nth token of ``doc`` (a reader Document) written ``word``."""
    return [t for t in doc.tokens if t.text == word][nth]


def head(doc, tok):
    return doc.tokens[tok.head]


def test_the_docstring_example_runs():
    failures, tried = doctest.testmod(repairs, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_spacy_parser_does_not_look_at_tags():
    """Why the repairs parse again: retagging a token and running the parser again keeps every arc
    (if a spaCy version changes this, a retag would be the simpler repair)."""
    nlp = load_pipeline()
    text = "A movie ticket costs 8 dollars and popcorn costs 5 dollars."
    doc = nlp.make_doc(text)
    for name, pipe in nlp.pipeline:
        if name == "parser":
            doc[7].tag_, doc[8].tag_ = "NN", "VBZ"
        doc = pipe(doc)
        if name == "parser":
            break
    plain = nlp(text)
    assert [(t.dep_, t.head.i) for t in doc] == [(t.dep_, t.head.i) for t in plain]
    assert plain[7].pos_ == "VERB" and plain[8].head.i == 7  # the mis-parse the first repair is for


@pytest.mark.parametrize("text, noun, verb, amount", [
    ("A movie ticket costs 8 dollars and popcorn costs 5 dollars.", "popcorn", "costs", "dollars"),
    ("Each apple costs 2 dollars and each pear costs 3 dollars.", "pear", "costs", "dollars"),
    ("A pen costs 3 dollars and popcorn cost 5 dollars.", "popcorn", "cost", "dollars"),  # past tense (VBN before)
    ("Each apple costs $2 and each pear costs $3.", "pear", "costs", "$"),  # "costs" tagged a verb, the object of "pear"
])
def test_a_noun_read_as_a_verb_before_its_verb_is_read_again_as_the_subject(text, noun, verb, amount):
    doc = read(text)
    x = token(doc, noun)
    w = doc.tokens[x.i + 1]
    assert w.text == verb
    assert (x.pos, x.dep, head(doc, x).i) == ("NOUN", "nsubj", w.i)
    assert w.pos == "VERB" and w.lemma == "cost"
    last_amount = token(doc, amount, 1)
    if amount == "$":
        last_amount = head(doc, last_amount)  # "$3": the 3
    assert head(doc, last_amount).i == w.i  # "5 dollars" is what the thing costs, not hung on a verb "popcorn"
    assert x.lemma == noun and x.tag == "NN"


def test_the_words_and_offsets_stay_as_written():
    text = "A movie ticket costs 8 dollars and popcorn costs 5 dollars. How much do 3 tickets and 1 popcorn cost?"
    doc = read(text)
    assert [t.text for t in doc.tokens] == [t.text for t in load_pipeline()(word_problem_text(text))]
    assert all(doc.text[t.idx:t.idx + len(t.text)] == t.text for t in doc.tokens)
    assert [(m.text, m.value) for m in doc.mentions] == [("8", 8), ("5", 5), ("3", 3), ("1", 1)]
    assert [doc.sentences[s] for s in range(len(doc.sentences))] == [(0, 12), (12, 22)]


def test_the_stand_in_keeps_a_capital():
    x = load_pipeline()("Popcorn costs 5 dollars.")[0]
    assert repairs._stand_in(x) == "Thing"


@pytest.mark.parametrize("text", [
    "They buy tools and cut costs.",  # "cut" is more a verb than a noun: kept
    "Tom picked 5 peaches and ate 2 peaches.",
    "Apples cost 2 dollars and pears cost 3 dollars.",  # parsed right already
    "Mia bought 5 notebooks for 3 dollars each and a pen for 2 dollars.",  # "each" after its verb: kept
    "The measuring cup holds 2 cups of water.",
])
def test_parses_that_need_no_repair_are_kept(text):
    nlp = load_pipeline()
    sp_doc = nlp(text)
    assert repairs.repair(sp_doc, nlp) is sp_doc


def test_an_each_read_into_the_next_clause_ends_its_amount_again():
    text = "Apples cost 2 dollars each and pears cost 3 dollars each."
    plain = load_pipeline()(text)
    assert plain[4].dep_ == "nsubj" and plain[4].head.i == 7  # the mis-parse: "each and pears" cost 3 dollars
    doc = read(text)
    each, pears, cost = doc.tokens[4], token(doc, "pears"), token(doc, "cost", 1)
    assert head(doc, each).i < each.i and each.dep != "nsubj"
    assert (pears.dep, head(doc, pears).i) == ("nsubj", cost.i)
    assert [t.text for t in doc.tokens] == [t.text for t in plain]  # the comma parsed with is not in the document
    assert "," not in [t.text for t in doc.tokens]


def test_the_two_repairs_hold_together():
    """After "popcorn" is read as a noun, the "each" before it is no longer read into its clause; a
    repair made first is not undone by a later parse."""
    doc = read("They cost 2 dollars each and popcorn costs 3 dollars.")
    popcorn, costs = token(doc, "popcorn"), token(doc, "costs")
    assert (popcorn.pos, popcorn.dep, popcorn.head) == ("NOUN", "nsubj", costs.i)
    assert head(doc, token(doc, "each")).i < token(doc, "each").i


def test_a_noun_tagged_as_the_s_form_of_a_verb_is_read_again_as_a_plural_with_its_lemma():
    """No sentence found misreads a plural so; the tag is set by hand to follow the plural's path:
    the stand-in is "things", the verb must agree with it (VBP), the lemma comes from the noun."""
    nlp = load_pipeline()
    sp_doc = nlp("A pen costs 3 dollars and pears cost 2 dollars.")
    x = 6
    assert sp_doc[x].text == "pears" and sp_doc[x].pos_ == "NOUN"
    sp_doc[x].tag_ = "VBZ"  # as the tagger reads a noun it takes for a verb in the -s form
    assert repairs._stand_in(sp_doc[x]) == "things"
    again, index = repairs._parse_again(sp_doc, nlp, [("noun", x)])
    assert again[index[x]].text == "things" and again[index[x + 1]].tag_ == "VBP"
    assert repairs._read_as_noun(sp_doc, again, index, x)
    rebuilt = repairs._rebuilt(nlp, sp_doc, again, index)
    assert (rebuilt[x].text, rebuilt[x].tag_, rebuilt[x].pos_, rebuilt[x].lemma_) == ("pears", "NNS", "NOUN", "pear")
    assert rebuilt[x + 1].pos_ == "VERB" and rebuilt[x].head.i == x + 1


def test_wordnet_decides_which_words_may_be_nouns():
    assert lexical.rather_noun_than_verb("popcorn") and lexical.rather_noun_than_verb("pear")
    assert not lexical.rather_noun_than_verb("cut") and not lexical.rather_noun_than_verb("paint")
    assert not lexical.rather_noun_than_verb("quickly")  # no noun at all
    assert lexical.usage("popcorn", "v") == (0, 0) and lexical.usage("costs", "v")[1] > 0
    with pytest.raises(ValueError):
        lexical.usage("pear", "a")


def test_read_many_repairs_as_read_does(tmp_path):
    texts = ["A movie ticket costs 8 dollars and popcorn costs 5 dollars.",
             "Apples cost 2 dollars each and pears cost 3 dollars each.", "Tom has 3 apples."]
    assert read_many(texts) == [read(t) for t in texts]
    assert read_many(texts, cache_dir=tmp_path) == [read(t) for t in texts]
    assert read_many(texts, cache_dir=tmp_path) == [read(t) for t in texts]  # from the cache


def test_a_parse_cached_before_the_repairs_is_not_given_back(tmp_path, monkeypatch):
    """The cache key carries the reader's version: an unrepaired parse stored under the key of the
    version before the repairs (12) is not what the reader returns now."""
    text = word_problem_text("A movie ticket costs 8 dollars and popcorn costs 5 dollars.")
    nlp = load_pipeline()
    stale = reading._document(text, nlp(text), False)  # the parse without repairs
    assert stale != read(text)
    monkeypatch.setattr(reading, "READER_VERSION", 12)
    old_key = _cache_key(text, False)
    monkeypatch.undo()
    assert reading.READER_VERSION > 12 and _cache_key(text, False) != old_key
    (tmp_path / f"{old_key}.json").write_text(json.dumps(_to_json(stale)), encoding="utf-8")
    assert read_many([text], cache_dir=tmp_path) == [read(text)]


class Counting:
    """The pipeline, counting the texts it parses."""

    def __init__(self, nlp):
        self.nlp, self.texts = nlp, []

    def __call__(self, text):
        self.texts.append(text)
        return self.nlp(text)

    def __getattr__(self, name):
        return getattr(self.nlp, name)


def test_only_a_sentence_with_a_spot_to_repair_is_parsed_again_and_the_others_keep_their_parse():
    nlp = load_pipeline()
    text = "Tom has 3 apples. A movie ticket costs 8 dollars and popcorn costs 5 dollars. How much money does Tom have now?"
    sp_doc = nlp(text)
    counting = Counting(nlp)
    doc = repairs.repair(sp_doc, counting)
    assert counting.texts == ["A movie ticket costs 8 dollars and thing costs 5 dollars. "]
    assert [(s.start, s.end) for s in doc.sents] == [(s.start, s.end) for s in sp_doc.sents]

    def reading_of(tokens):
        return [(t.text, t.tag_, t.pos_, t.lemma_, t.dep_, t.head.i) for t in tokens]

    first, second, third = list(sp_doc.sents)
    assert reading_of(doc[first.start:first.end]) == reading_of(first)
    assert reading_of(doc[third.start:third.end]) == reading_of(third)
    assert reading_of(doc[second.start:second.end]) != reading_of(second)
    assert doc[12].text == "popcorn" and doc[12].pos_ == "NOUN" and doc[12].head.i == 13 and doc[13].head.i == 8  # -> costs -> costs
    assert repairs.repair(doc, counting) is doc and len(counting.texts) == 1  # nothing left to repair


@pytest.mark.parametrize("text, subject, verb", [
    ("How much do 2 tickets and 1 bag of popcorn cost?", "tickets", "cost"),
    ("How many legs do 3 dogs and 2 chickens have?", "dogs", "have"),
    ("How many apples did Tom and Ann pick?", "Tom", "pick"),
    ("How much did 3 shirts and a hat cost in all?", "shirts", "cost"),
    ("How much does a pen cost?", "pen", "cost"),
    ("Ben has 4 dollars. How many pounds did the puppy gain?", "puppy", "gain"),
])
def test_the_subject_of_a_question_asked_with_do_is_read_again_as_its_subject(text, subject, verb):
    nlp = load_pipeline()
    plain = nlp(text)
    do = [t for t in plain if t.lemma_ == "do"][0]
    assert not (do.dep_ == "aux" and do.head.tag_.startswith("VB"))  # the mis-parse: "do" is no auxiliary
    doc = read(text)
    assert [t.text for t in doc.tokens] == [t.text for t in plain]
    v, s, aux = token(doc, verb), token(doc, subject), doc.tokens[do.i]
    assert v.pos == "VERB" and v.dep == "ROOT"
    assert (s.dep, head(doc, s).i) == ("nsubj", v.i)
    assert (aux.dep, head(doc, aux).i) == ("aux", v.i)
    for t in doc.tokens:  # the phrase keeps its own reading: its words hang inside it or on the verb
        if do.i < t.i < v.i and t.i != s.i:
            assert do.i < t.head < v.i


@pytest.mark.parametrize("text", [
    "How much money does Tom have now?",  # parsed right already
    "What did Tom do?",
    "Tom did 5 push-ups.",  # no question
])
def test_questions_asked_with_do_that_are_parsed_right_are_kept(text):
    nlp = load_pipeline()
    sp_doc = nlp(text)
    assert repairs.repair(sp_doc, nlp) is sp_doc



def test_the_subject_repair_keeps_a_question_whose_words_after_do_are_no_noun_phrase():
    """Between "did" and "drink" stand "Tom eat and Ann", which has a verb: not a subject. The
    repair then tries the verb before, "eat", whose subject "Tom" is one noun phrase."""
    nlp = load_pipeline()
    sp_doc = nlp("How much did Tom eat and Ann drink?")
    repaired = repairs._subject_of_question(sp_doc, nlp, 2)
    assert repaired is not None
    assert (repaired[3].dep_, repaired[3].head.text) == ("nsubj", "eat")
