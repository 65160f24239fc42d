"""The tuning set: WorldTree Train questions that share nothing with the held-out questions.

The Regents grade-4 file that pyasp reports on is *held out*, but 123 of its 127 questions are
also WorldTree Train questions (exam ``NYSEDREGENTS``). Weights chosen on WorldTree Train would
then have seen the evaluation questions. :func:`tuning_set` keeps a WorldTree Train question only
when

- its exam is not one of ``exclude_exams`` (default ``NYSEDREGENTS``: every New York Regents
  question, whether or not it is in a held-out file), and
- its normalised text (lower-cased letters and digits, one space apart) equals no held-out
  question's, and its stem shares less than ``max_overlap`` (0.8) of its content words (Jaccard
  of the two sets) with every held-out stem (reworded copies).

    >>> items = tuning_set("worldtree-v1/questionsAndExplanations.tsv",
    ...                    ["regents/Regents-Gr04-NDMC-Train.tsv"])          # doctest: +SKIP
    >>> len(items)                                                          # doctest: +SKIP
    511

``pyasp tables tuning-set`` writes the kept rows as a WorldTree file (same header), which
``pyasp tables eval --questions`` reads like the original.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from ..errors import InputError, read_text_file
from .evaluate import Item, load_questions
from .question import split_options
from .text import content_words

DEFAULT_EXCLUDED_EXAMS = ("NYSEDREGENTS",)


def normalised(text: str) -> str:
    """Lower-cased letters and digits of ``text``, one space apart (layout and punctuation of
    the options do not matter: "(A) x(B) y" and "(A) x (B) y" are the same question)."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _stem_words(text: str) -> frozenset[str]:
    try:
        stem, _ = split_options(text)
    except InputError:
        stem = text
    return frozenset(content_words(stem))


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _records(path: Path) -> tuple[list[str], list[dict]]:
    text = read_text_file(path, "questions file")
    reader = csv.DictReader(io.StringIO(text), delimiter="\t")
    if not reader.fieldnames or "question" not in reader.fieldnames:
        raise InputError(f"{path}:1: not a WorldTree questions file (no 'question' column)")
    return list(reader.fieldnames), list(reader)


def tuning_records(worldtree: str | Path, held_out: list[str | Path], *, categories: tuple[str, ...] = ("Train",),
                   exclude_exams: tuple[str, ...] = DEFAULT_EXCLUDED_EXAMS, max_overlap: float = 0.8,
                   ) -> tuple[list[str], list[dict], dict[str, int]]:
    """The header and kept records of the WorldTree file, and how many were dropped for what
    (see the module docstring). Records without question text (licensed) are dropped too."""
    fields, records = _records(Path(worldtree))
    held = [item.text for path in held_out for item in load_questions(path, what="held-out file")]
    held_texts = {normalised(text) for text in held}
    held_stems = [_stem_words(text) for text in held]
    kept, dropped = [], {"category": 0, "no text": 0, "exam": 0, "same text": 0, "similar stem": 0}
    wanted = {c.lower() for c in categories}  # "train" is Train
    for record in records:
        question = (record.get("question") or "").strip()
        if (record.get("category") or "").strip().lower() not in wanted:
            dropped["category"] += 1
        elif "(A)" not in question:
            dropped["no text"] += 1
        elif (record.get("examName") or "").strip() in exclude_exams:
            dropped["exam"] += 1
        elif normalised(question) in held_texts:
            dropped["same text"] += 1
        elif any(_overlap(_stem_words(question), stem) >= max_overlap for stem in held_stems):
            dropped["similar stem"] += 1
        else:
            kept.append(record)
    return fields, kept, dropped


def tuning_set(worldtree: str | Path, held_out: list[str | Path], **options) -> list[Item]:
    """The kept WorldTree Train questions as evaluation items (see :func:`tuning_records`)."""
    fields, kept, _ = tuning_records(worldtree, held_out, **options)
    buffer = io.StringIO()
    write_records(buffer, fields, kept)
    return load_questions_from_text(buffer.getvalue())


def write_records(stream, fields: list[str], records: list[dict]) -> None:
    writer = csv.DictWriter(stream, fieldnames=fields, delimiter="\t", lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows(records)


def load_questions_from_text(text: str) -> list[Item]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tuning.tsv"
        path.write_text(text, encoding="utf-8")
        return load_questions(path)
