"""The project as a newcomer meets it: the README's commands, CI, and what the wheel carries."""

from __future__ import annotations

import re
from pathlib import Path

import pyasp
from pyasp.resources import encoding_path, grammar_path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text(), flags=re.S)


def test_readme_opens_with_the_install_and_run_and_the_test_commands():
    first, second = readme_commands()[:2]
    assert "python3 -m venv" in first and "pip install ." in first and "pyasp algebra solve" in first
    assert "examples/algebra/bike.txt" in first and (ROOT / "examples/algebra/bike.txt").is_file()
    assert "python3 -m venv" in second and "pytest" in second


def test_ci_runs_the_readmes_test_command():
    second = readme_commands()[1].strip()
    ci = (ROOT / ".ci" / "run").read_text()
    assert second in ci


def test_installed_package_carries_encodings_and_grammars():
    package = Path(pyasp.__file__).resolve().parent
    in_checkout = package.parent == ROOT
    if not in_checkout:
        assert (package / "encodings" / "equation_trees.lp").is_file()
        assert (package / "grammars").is_dir()
        assert (package / "cli.py").is_file()
        assert (package / "models" / "algebra.skops").is_file()
    assert encoding_path("equation_trees").read_text().startswith("%")
    for name in ("rules", "constraints"):  # the rule DSL's and the IP constraint language's grammars
        assert grammar_path(name).is_file() and grammar_path(name).suffix == ".lark"


def test_the_shipped_word_problem_sets_are_what_the_readme_says():
    """The README counts the problems of each set; each is a readable problem with one numeric
    answer, and no problem is written twice across the sets."""
    from pyasp.wordproblems import problems_from

    readme = (ROOT / "README.md").read_text()
    texts = []
    for name, n in (("grade_school.json", 114), ("grade_school_2.json", 150), ("grade_school_3.json", 150), ("grade_school_4.json", 150),
                    ("grade_school_5.json", 145), ("grade_school_6.json", 160),
                    ("grade_school_7.json", 160), ("grade_school_8.json", 160),
                    ("grade_school_9.json", 160), ("grade_school_10.json", 160),
                    ("grade_school_11.json", 160), ("grade_school_12.json", 160),
                    ("grade_school_13.json", 160), ("grade_school_14.json", 160),
                    ("grade_school_15.json", 160)):
        assert re.search(rf"{re.escape(name)}`? holds {n} ", readme), name
        problems = problems_from(ROOT / "examples" / "wordproblems" / name)
        assert len(problems) == n and all(len(p.solutions) == 1 for p in problems)
        texts += [" ".join(p.text.lower().split()) for p in problems]
    assert len(set(texts)) == len(texts)
