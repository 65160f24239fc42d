"""The likely gender of an English first name, for agreement with he/she when a pronoun is
resolved ("Melanie picked 7 plums. Sam gave her 3 plums. How many plums does she have?").

The figures come from the name-gender data that the ``nomquamgender`` package ships (the share
of women among the people with a name, over many sources). Its file is read directly, without
importing the package (which would pull in pandas), on first use, and kept for the process;
a name is looked up in its text.
A name counts as female when that share is at least 0.9 and as male when at most 0.1 (the
package's default threshold); others, and names it lacks, have no gender.
"""

from __future__ import annotations

import importlib.util
import json
import re
from functools import lru_cache
from pathlib import Path

THRESHOLD = 0.1
FEMALE_NOUNS = frozenset(
    "woman girl lady mother mom mommy mum daughter sister aunt grandmother grandma niece wife queen "
    "princess actress waitress".split())
MALE_NOUNS = frozenset(
    "man boy gentleman father dad daddy son brother uncle grandfather grandpa nephew husband king "
    "prince actor waiter".split())


@lru_cache(maxsize=1)
def _name_data() -> str:
    """The package's name file as text ("name": [sources, count, share of women, ...], ...)."""
    spec = importlib.util.find_spec("nomquamgender")
    if spec is None or not spec.submodule_search_locations:
        return ""
    path = Path(next(iter(spec.submodule_search_locations))) / "name_data.json"
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


_ENTRY = re.compile(r"\s*\[\s*\d+\s*,\s*\d+\s*,\s*([0-9.eE+-]+)")


@lru_cache(maxsize=4096)
def female_share(name: str) -> float | None:
    """The share of women among the bearers of a first name (lower case), None if unknown.
    One lookup in the text of the file: parsing all 700,000 names as JSON takes seconds."""
    data = _name_data()
    at = data.find(json.dumps(name) + ":")
    if at < 0:
        return None
    match = _ENTRY.match(data, data.index(":", at) + 1)
    if match is None:
        return None
    try:
        return float(match.group(1))
    except ValueError:
        return None


def gender(word: str, proper: bool) -> str | None:
    """"f", "m" or None for a proper name (``proper``) or a common noun such as "sister"."""
    key = word.lower()
    if not proper:
        return "f" if key in FEMALE_NOUNS else "m" if key in MALE_NOUNS else None
    share = female_share(key)
    if share is None:
        return None
    if share >= 1 - THRESHOLD:
        return "f"
    if share <= THRESHOLD:
        return "m"
    return None
