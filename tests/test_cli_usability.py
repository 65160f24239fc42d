"""What a user's test of every command found: ids of many questions typed as the word problems'
are, an option given to the wrong command naming the command that has it, and help text that
shows every word at 80 columns."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from clitools import run, runner, write

from pyasp.cli import app

ROOT = Path(__file__).resolve().parent.parent
STORE = str(ROOT / "examples" / "tables")
NEW_YORK = "Which month has the longest day in New York? (A) June (B) December (C) March"


# -- ids: a line number is a number in every engine's --file JSON ------------------------------------
def test_tables_answer_file_gives_line_numbers_as_numbers_as_solve_file_does(tmp_path):
    """`arith solve --file F --json` gave ids 2, 4 and `tables answer --file F --json` gave "2",
    "4" for the same kind of file: both give numbers now."""
    questions = write(tmp_path, "q.txt", f"# two questions\n{NEW_YORK}\n\n{NEW_YORK}\tA\n")
    tables = run("tables", "answer", "--file", questions, "--tables", STORE, "--json")
    assert tables.exit_code == 0, tables.output
    problems = write(tmp_path, "p.txt", "# two problems\nA pen costs 2 dollars. How much do 4 pens cost?\n\n"
                     "A shirt costs 15 dollars. How much do 3 shirts cost?\n")
    arith = run("arith", "solve", "--file", problems, "--json")
    assert arith.exit_code == 0, arith.output
    assert [r["id"] for r in json.loads(tables.stdout)] == [r["id"] for r in json.loads(arith.stdout)] == [2, 4]


def test_tables_eval_predictions_number_regents_lines_and_keep_worldtree_ids(tmp_path):
    regents = write(tmp_path, "r.tsv", f"# a question\n{NEW_YORK}\tA\n")
    predictions = tmp_path / "p.json"
    result = run("tables", "eval", "--tables", STORE, "--questions", regents, "--predictions", str(predictions))
    assert result.exit_code == 0, result.output
    assert [row["id"] for row in json.loads(predictions.read_text())] == [2]
    header = "QuestionID\tAnswerKey\tquestion\n"
    worldtree = write(tmp_path, "wt.tsv", header + f"Mercury_7\tA\t{NEW_YORK}\n\tA\t{NEW_YORK}\n12\tA\t{NEW_YORK}\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", worldtree, "--predictions", str(predictions))
    assert result.exit_code == 0, result.output
    # the file's QuestionID as written (text, even when it is digits); the line number where it has none
    assert [row["id"] for row in json.loads(predictions.read_text())] == ["Mercury_7", 3, "12"]


def test_tables_answer_file_prints_the_numbered_ids_in_its_table(tmp_path):
    questions = write(tmp_path, "q.txt", f"# one question\n{NEW_YORK}\nno options here\n")
    result = run("tables", "answer", "--file", questions, "--tables", STORE)
    assert result.exit_code == 2
    rows = [line for line in result.stdout.splitlines() if re.match(r"│\s+\d+ │", line)]
    assert [int(line.split("│")[1]) for line in rows] == [2, 3], result.stdout


# -- an option of another command --------------------------------------------------------------------
def _console(monkeypatch, capsys, *argv: str) -> tuple[int, str]:
    import pyasp.cli as cli

    monkeypatch.setattr(sys, "argv", ["pyasp", *argv])
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    captured = capsys.readouterr()
    assert captured.err.startswith("pyasp: error: ") and captured.err.count("\n") == 1, captured.err
    assert "Traceback" not in captured.err
    return exit_.value.code, captured.err


@pytest.mark.parametrize("argv, message", [
    # a sibling command's option
    (["algebra", "solve", "--weight", "w_type=5", "Tom has 3 apples. How many?"],
     "No such option: --weight; it is an option of `pyasp algebra candidates`, not of `pyasp algebra solve`"),
    (["algebra", "solve", "-w", "w_type=5", "x"], "No such option: -w; it is an option of `pyasp algebra candidates`"),
    (["arith", "solve", "--weight=3", "x"], "it is an option of `pyasp algebra candidates`, not of `pyasp arith solve`"),
    (["acquire", "learn", "--folds", "3"], "No such option: --folds; it is an option of `pyasp acquire eval`, not of"),
    # no sibling has it: every command that does
    (["tables", "answer", "--folds", "3", "--tables", "t", "q"],
     "it is an option of `pyasp algebra eval`, `pyasp arith eval` and `pyasp acquire eval`, not of `pyasp tables answer`"),
    (["tables", "weights", "--no-negation"], "it is an option of `pyasp acquire learn` and `pyasp acquire eval`, not of"),
    # given to the group, before the command's name
    (["algebra", "--weight", "w_type=5", "candidates"],
     "No such option: --weight; it is an option of `pyasp algebra candidates` (give it after the command's name)"),
    (["--json", "tables", "weights"], "No such option: --json; it is an option of `pyasp algebra candidates`, "),
])
def test_an_option_of_another_command_names_that_command(monkeypatch, capsys, argv, message):
    code, err = _console(monkeypatch, capsys, *argv)
    assert code == 2 and message in err, err
    assert "--help'" in err  # still names the help to read


def test_an_option_no_command_has_is_refused_as_before(monkeypatch, capsys):
    code, err = _console(monkeypatch, capsys, "algebra", "solve", "--no-such-option", "x")
    assert code == 2 and "No such option: --no-such-option" in err and "is an option of" not in err


def test_the_hint_is_also_in_typers_own_error_box():
    result = run("algebra", "solve", "--weight", "w_type=5", "x")
    assert result.exit_code == 2
    text = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.stderr).split())
    assert "--weight; it is an option of `pyasp algebra candidates`, not of `pyasp algebra solve`" in text


# -- help at 80 columns ------------------------------------------------------------------------------
def _commands(command, path=()):
    """Every group and command of the app, as the words that name it."""
    yield path
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


@pytest.mark.parametrize("columns", ["80", "60"])
def test_no_help_cuts_a_word_short(columns):
    """--help at 80 columns cut encodings/support_graph.lp, encodings/worldtree_joins.tsv and
    --precision-samples with "…"; every word is whole (or folded onto the next line) now."""
    import typer

    for path in _commands(typer.main.get_command(app)):
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": columns})
        assert result.exit_code == 0, (path, result.output)
        assert "…" not in result.stdout, (path, result.stdout)
        assert max(len(line) for line in result.stdout.splitlines()) <= int(columns), path


def test_help_keeps_option_names_and_paths_whole_at_80_columns():
    result = runner.invoke(app, ["tables", "answer", "--help"], env={"COLUMNS": "80"})
    assert "encodings/support_graph.lp" in result.stdout and "encodings/worldtree_joins.tsv" in result.stdout
    result = runner.invoke(app, ["acquire", "eval", "--help"], env={"COLUMNS": "80"})
    assert "--precision-samples" in result.stdout and "--precision-time-limit" in result.stdout
