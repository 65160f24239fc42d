"""The examples in the docstrings run as written, and the README's console examples print what
the README shows."""

from __future__ import annotations

import doctest
import json
import re
import shlex
from pathlib import Path

import pytest
from clitools import run

import pyasp.algebra.candidates
import pyasp.asp
import pyasp.text.numbers
import pyasp.text.reading
import pyasp.wordproblems


@pytest.mark.parametrize("module", [pyasp.asp, pyasp.algebra.candidates, pyasp.text.numbers, pyasp.text.reading, pyasp.wordproblems])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0


# =================================================================================================
# The README's console examples print what the README shows (times aside)
# =================================================================================================

ROOT = Path(__file__).resolve().parent.parent


def readme_console(command: str) -> list[tuple[list[str], list[str]]]:
    """The README ```console block whose first command starts with ``$ pyasp COMMAND``: each
    command's arguments (after ``pyasp``, a ``> FILE`` redirection kept as its last two) and the
    output lines the README shows after it."""
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S):
        if block.startswith(f"$ pyasp {command}"):
            steps: list[tuple[list[str], list[str]]] = []
            for line in block.rstrip("\n").split("\n"):
                if line.startswith("$ "):
                    steps.append((shlex.split(line[2:])[1:], []))
                else:
                    steps[-1][1].append(line)
            return steps
    raise AssertionError(f"the README has no console example of pyasp {command}")


def test_readme_arith_solve_prints_the_expression_answer_and_derivation(monkeypatch):
    monkeypatch.chdir(ROOT)
    ((args, shown),) = readme_console("arith solve")
    assert shown[-1] == "numbers: ..."  # the README stops there
    result = run(*args)
    assert result.exit_code == 0, result.output
    printed = result.stdout.splitlines()
    assert printed[: len(shown) - 1] == shown[:-1]
    assert printed[len(shown) - 1] == "numbers:"


def test_readme_algebra_solve_prints_the_equation_qsets_and_tree(monkeypatch):
    """The README's first example (the bike rental, its text given as ``"$(cat FILE)"``) prints
    the equation, answer, Qsets and tree the README shows; the last line's figures aside."""
    monkeypatch.chdir(ROOT)
    ((args, shown),) = readme_console('algebra solve "$(cat')
    args = [(ROOT / a[len("$(cat "):-1]).read_text(encoding="utf-8") if a.startswith("$(cat ") else a for a in args]
    assert shown[-1] == "chosen from 100 candidate trees, ..."  # the README stops there
    result = run(*args)
    assert result.exit_code == 0, result.output
    printed = result.stdout.splitlines()
    assert printed[: len(shown) - 1] == shown[:-1]
    assert printed[len(shown) - 1].startswith("chosen from 100 candidate trees, ")


def test_readme_tables_answer_prints_the_score_line(monkeypatch):
    monkeypatch.chdir(ROOT)
    ((args, shown),) = readme_console("tables answer")
    assert shown == ["answer: (A) score 48.719; runner-up 46.704"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == shown[0]


def test_readme_acquire_learn_prints_the_header_counts_and_the_program(monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    (solve_args, _), (learn_args, shown) = readme_console("acquire solve")
    assert solve_args[-2:] == [">", "ship.json"] and "ship.json" in learn_args
    solved = run(*solve_args[:-2])
    assert solved.exit_code == 0, solved.output
    (tmp_path / "ship.json").write_text(solved.stdout)
    result = run(*[str(tmp_path / "ship.json") if arg == "ship.json" else arg for arg in learn_args])
    assert result.exit_code == 0, result.output
    times = re.compile(r"\(\d+\.\d+ s \+ \d+\.\d+ s\)$")
    printed = result.stdout.splitlines()
    assert times.search(shown[0]) and times.search(printed[0])
    assert times.sub("(T)", printed[0]) == times.sub("(T)", shown[0])  # 78 visited of 128 (50 pruned), ...
    assert printed[1:] == shown[1:]


def test_readme_algebra_candidates_table_is_what_the_command_ranks(monkeypatch):
    monkeypatch.chdir(ROOT)
    ((args, shown),) = readme_console("algebra candidates")
    assert shown[0] == "top 5 equation trees"
    rows = [[cell.strip() for cell in line.strip("│").split("│")] for line in shown if re.match(r"│ \d+ │", line)]
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert rows == [[str(k), c["equation"], str(c["answer"]), str(c["cost"]), c["postfix"], ", ".join(c["violations"])]
                    for k, c in enumerate(data["candidates"], start=1)]
    footer = re.fullmatch(r"(\d+) trees ranked in .*; dropped: (\d+) negative, (\d+) fractional, (\d+) without a solution",
                          shown[-1])
    assert footer, shown[-1]
    filtered = data["filtered"]
    assert [int(n) for n in footer.groups()] == [data["stats"]["models"], filtered["negative"], filtered["fractional"],
                                                 filtered["no_solution"]]


def test_readme_solve_file_prints_a_row_a_problem(monkeypatch):
    monkeypatch.chdir(ROOT)
    ((args, shown),) = readme_console("algebra solve --file")
    assert len(shown) == 9 and "│  4 │     45 │ 15*3=x   │" in shown
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == shown
