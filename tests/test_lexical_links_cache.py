"""The WordNet lexical links (pyasp/text/lexical.py) are read in one pass and cached on disk under
$PYASP_CACHE; what the callers see does not change, and another WordNet never reads a stale file."""

from __future__ import annotations

import json
import os

from pyasp.text import lexical


def _fresh(monkeypatch, cache) -> None:
    monkeypatch.setenv("PYASP_CACHE", str(cache))
    lexical._all_lexical_links.cache_clear()
    lexical._lexical_links.cache_clear()
    for f in (lexical.antonyms, lexical.derivationally_related):
        f.cache_clear()


def test_the_cached_links_are_the_links_read_from_wordnet(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    read = lexical._read_lexical_links()
    first = lexical._all_lexical_links()  # reads WordNet, writes the cache
    assert first == read and os.listdir(tmp_path / "wordnet")
    _fresh(monkeypatch, tmp_path)
    assert lexical._all_lexical_links() == read  # from the cache file
    assert lexical.antonyms("longest", "shortest") and lexical.derivationally_related("conducts", "conductor")


def test_an_unwritable_or_damaged_cache_is_read_around(monkeypatch, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    _fresh(monkeypatch, blocked)  # the cache folder cannot be made: no cache, same links
    assert lexical.antonyms("hot", "cold")
    _fresh(monkeypatch, tmp_path)
    lexical._all_lexical_links()
    [name] = os.listdir(tmp_path / "wordnet")
    for damage in ('{"+": 3', json.dumps({"+": {}, "!": {}, "\\": []}), "[]"):
        (tmp_path / "wordnet" / name).write_text(damage)
        _fresh(monkeypatch, tmp_path)
        assert lexical.antonyms("most", "least")
        assert json.loads((tmp_path / "wordnet" / name).read_text())["!"]  # rewritten whole


def test_the_cache_file_is_named_by_the_data_files_it_was_read_from(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path / "cache")
    data = tmp_path / "wordnet"
    data.mkdir()
    for suffix in lexical.WORDNET_FILES.values():
        (data / f"data.{suffix}").write_text("  1 header line\n")
    api = lexical._wn_api()
    monkeypatch.setattr(lexical, "_wn_api", lambda: (str(data), *api[1:]))
    first = lexical._links_cache_file()
    assert first == lexical._links_cache_file()  # the same files, the same name
    (data / "data.noun").write_text("  1 header line, longer\n")  # another WordNet, or a reinstall
    second = lexical._links_cache_file()
    assert second not in (None, first)
    os.utime(data / "data.verb", ns=(0, 0))  # same size, another time
    assert lexical._links_cache_file() not in (None, first, second)
    (data / "data.adj").unlink()  # no data: no cache file (the reading itself says what is missing)
    assert lexical._links_cache_file() is None
