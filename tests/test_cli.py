"""The pyasp command line as a user meets it: output, JSON, DOT files and every bad-input path."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clitools import run, runner, write

from pyasp.cli import app
from pyasp.resources import encoding_path

BIKE = [{"value": 17, "type": "dollar"}, {"value": 7, "type": "dollar"}, {"value": "x", "type": "hour"}, {"value": 80, "type": "dollar"}]


def test_candidates_json_lists_the_bike_equation_in_the_first_five(examples):
    result = run("algebra", "candidates", "--quantities", str(examples / "algebra" / "bike.json"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"candidates", "partial", "stats"}
    assert data["partial"] is False
    first_five = data["candidates"][:5]
    match = [c for c in first_five if c["equation"] == "17+(7*x)=80"]
    assert match and match[0]["answer"] == 9
    for cand in data["candidates"]:
        assert set(cand) == {"equation", "postfix", "cost", "violations", "answer"}
    assert [c["cost"] for c in data["candidates"]] == sorted(c["cost"] for c in data["candidates"])
    assert {"ground_s", "solve_s", "atoms", "rules"} <= set(data["stats"])


def test_candidates_prints_a_table_with_equation_answer_cost_and_violations(examples):
    result = run("algebra", "candidates", "-q", str(examples / "algebra" / "bike.json"), "--top", "3")
    assert result.exit_code == 0, result.output
    assert "17+(7*x)=80" in result.stdout
    assert "17 7 x * + 80 =" in result.stdout
    assert "equality_next_to_unknown" in result.stdout


def test_top_limits_the_number_of_candidates(tmp_path):
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--top", "2", "--json")
    assert len(json.loads(result.stdout)["candidates"]) == 2


def test_dot_file_draws_the_first_tree(tmp_path):
    dot = tmp_path / "tree.dot"
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--top", "1", "--dot", str(dot))
    assert result.exit_code == 0, result.output
    text = dot.read_text()
    assert text.startswith("digraph")
    for label in ('"17', '"7', '"x', '"80', '"+', '"*', '"="'):
        assert label in text


def test_weight_and_max_depth_options_reach_the_encoding(tmp_path):
    q = write(tmp_path, "q.json", BIKE)
    plain = json.loads(run("algebra", "candidates", "-q", q, "--json", "--top", "1").stdout)
    heavy = json.loads(run("algebra", "candidates", "-q", q, "--json", "--top", "1", "--weight", "w_equality_next_to_unknown=50").stdout)
    assert plain["candidates"][0]["cost"] == 2
    assert heavy["candidates"][0]["cost"] != 2 or heavy["candidates"][0]["equation"] != plain["candidates"][0]["equation"]
    shallow = run("algebra", "candidates", "-q", q, "--json", "--max-depth", "1")
    assert shallow.exit_code == 1
    assert "pyasp: no answer: no equation tree satisfies the constraints" in shallow.stderr


#: the defaults of encodings/equation_trees.lp, written out here so that a change to the file is
#: a change to this test too: ALGES's weight file (lowWt = 1, highWt = 10; depth bound 10), and
#: pyasp's own additions (off, or w_unused = w_type_choice = 10)
ALGES_DEFAULTS = {
    "max_depth": 10, "allow_unused": 0, "w_type": 10, "w_type_choice": 10, "w_equality_first_or_last": 10,
    "w_text_order": 1, "w_unknown_first_or_last": 1, "w_equality_next_to_unknown": 1, "w_symmetry": 1,
    "w_unrelated": 0, "w_rate_per": 0, "w_unused": 10, "tie_break": 1,
}


def test_weights_command_lists_the_encodings_settings():
    result = run("algebra", "weights", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {name: entry["default"] for name, entry in data.items()} == ALGES_DEFAULTS
    assert all(entry["meaning"] for entry in data.values())
    # each weight the comment names as ALGES's low or high weight has that value
    labelled = {name: entry for name, entry in data.items() if "Wt)" in entry["meaning"]}
    assert {name for name, entry in labelled.items() if "(highWt)" in entry["meaning"]} == {"w_type", "w_equality_first_or_last"}
    for entry in labelled.values():
        assert entry["default"] == (10 if "(highWt)" in entry["meaning"] else 1), entry


def test_a_time_limit_that_cuts_the_search_short_prints_the_trees_found_marked_partial(tmp_path):
    """README, exit codes: a search the limit cuts short after finding something prints it,
    marked partial, with exit code 0. 100 trees of 12 quantities take far longer than 2 s; the
    first tree comes within a fraction of it."""
    q = write(tmp_path, "q12.json", [{"value": v, "type": t} for v, t in zip(range(2, 13), "abababababa")]
              + [{"value": "x", "type": "a"}])
    result = run("algebra", "candidates", "-q", q, "--top", "100", "--time-limit", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["partial"] is True
    assert 1 <= len(data["candidates"]) < 100
    assert all(c["answer"] is not None and c["equation"].count("=") == 1 for c in data["candidates"])
    text = run("algebra", "candidates", "-q", q, "--top", "100", "--time-limit", "2")
    assert text.exit_code == 0, text.output
    assert re.match(r"top \d+ equation trees \(partial: time limit\)\n", text.stdout)


@pytest.mark.parametrize(
    "content, message",
    [
        ([{"type": "dollar"}, {"value": "x", "type": "hour"}], 'quantity 1: missing "value"'),
        ([{"value": 3}, {"value": "x", "type": "hour"}], 'quantity 1: missing "type"'),
        ([{"value": "three", "type": "a"}, {"value": "x", "type": "a"}], "quantity 1: value 'three' is not a number"),
        ([{"value": True, "type": "a"}, {"value": "x", "type": "a"}], "quantity 1: value True is not a number"),
        ([{"value": 3, "type": "a"}, {"value": 4, "type": "a"}], "no unknown"),
        ([{"value": "x", "type": "a"}, {"value": "x", "type": "a"}, {"value": 2, "type": "a"}], "2 unknowns"),
        ([{"value": "x", "type": "a"}], "at least one constant"),
        ([{"value": i, "type": "a"} for i in range(12)] + [{"value": "x", "type": "a"}], "at most 12 are supported"),
        ({"value": 3}, "expected a JSON list of quantities"),
        ([3, {"value": "x", "type": "a"}], "quantity 1: expected an object"),
        ([{"value": 3, "type": ""}, {"value": "x", "type": "a"}], "quantity 1: type is empty"),
        ([{"value": 3, "type": [{"type": "a", "weight": -1}]}, {"value": "x", "type": "a"}], "weight of type 'a' must be a positive number"),
        ("[{\"value\": 3, ", "not valid JSON"),
    ],
)
def test_bad_quantity_files_exit_2_with_one_clear_line(tmp_path, content, message):
    result = run("algebra", "candidates", "-q", write(tmp_path, "bad.json", content))
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr + result.stdout


def test_missing_file_exits_2(tmp_path):
    result = run("algebra", "candidates", "-q", str(tmp_path / "none.json"))
    assert result.exit_code == 2
    assert f"quantities file not found: {tmp_path / 'none.json'}" in result.stderr


def test_binary_file_exits_2(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = run("algebra", "candidates", "-q", str(path))
    assert result.exit_code == 2
    assert "bin.json" in result.stderr


@pytest.mark.parametrize(
    "encoding, expected",
    [
        ("quantity(Q) :- .\n", ":1:"),
        ("p(1).\nfoo(X, Y) :- p(X).\n", ":2:"),
    ],
)
def test_broken_encoding_exits_2_with_file_and_line(tmp_path, encoding, expected):
    enc = write(tmp_path, "broken.lp", encoding)
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--encoding", enc)
    assert result.exit_code == 2
    assert f"{enc}{expected}" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "encoding, expected",
    [
        ("", ": the encoding is empty"),
        ("p.\n#defined at/2. #defined violation/3. #show at/2. #show violation/3.\n", ": a model is not an equation tree (malformed postfix sequence ())"),  # no tree
        ("at(1, q(1)). at(2, q(9)). at(3, eq).\n#defined violation/3. #show at/2. #show violation/3.\n",
         ": a model is not an equation tree (at/2 names 9"),
        ("at(1, q(1)). at(2, q(2)). at(3, eq).\n#show at/2.\n", ": pyasp reads violation/3 from the answer sets, but the encoding does not #show it"),
    ],
)
def test_an_encoding_whose_models_are_not_trees_exits_2_naming_it(tmp_path, encoding, expected):
    enc = write(tmp_path, "mine.lp", encoding)
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--encoding", enc)
    assert result.exit_code == 2, result.output
    assert f"{enc}{expected}" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    "args",
    [
        ["algebra", "candidates", "-q", "q.json", "--time-limit", "-1"],
        ["algebra", "train", "--data", "q.json", "--out", "m.model", "--jobs", "0"],
        ["arith", "train", "--data", "q.json", "--out", "m.json", "--jobs", "0"],
        ["tables", "eval", "--tables", "t", "--questions", "q.tsv", "--jobs", "0"],
        ["tables", "answer", "Which? (A) x (B) y", "--tables", "t", "--time-limit", "-0.5"],
        ["acquire", "solve", "p.ip", "--constants", "c.json", "--time-limit", "-1"],
        ["acquire", "learn", "--schema", "p.ip", "--constants", "c.json", "--examples", "e.json", "--time-limit", "-1"],
    ],
)
def test_negative_time_limits_and_zero_jobs_are_refused_as_bad_input(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--time-limit'" in result.output or "Invalid value for '--jobs'" in result.output


def test_outputs_never_overwrite_an_input_file(tmp_path, examples):
    data = tmp_path / "problems.json"
    data.write_text((examples / "algebra" / "problems.json").read_text())
    before = data.read_text()
    for command in ("algebra", "arith"):
        result = run(command, "train", "--data", str(data), "--out", str(data))
        assert result.exit_code == 2, result.output
        assert "it is the input file" in result.stderr
    q = write(tmp_path, "q.json", BIKE)
    result = run("algebra", "candidates", "-q", q, "--dot", q)
    assert result.exit_code == 2 and "it is the input file" in result.stderr
    questions = tmp_path / "questions.tsv"
    questions.write_text((examples / "tables_questions.tsv").read_text())
    result = run("tables", "eval", "--tables", str(examples / "tables"), "--questions", str(questions),
                 "--predictions", str(questions))
    assert result.exit_code == 2 and "it is the input file" in result.stderr
    schema = tmp_path / "program.ip"
    schema.write_text((examples / "acquire" / "shipping" / "program.ip").read_text())
    result = run("acquire", "learn", "--schema", str(schema), "--constants", str(examples / "acquire" / "shipping" / "constants.json"),
                 "--examples", write(tmp_path, "e.json", []), "--out", str(schema))
    assert result.exit_code == 2 and "it is the input file" in result.stderr
    assert data.read_text() == before and json.loads(Path(q).read_text()) == BIKE
    assert questions.read_text() == (examples / "tables_questions.tsv").read_text()
    assert schema.read_text() == (examples / "acquire" / "shipping" / "program.ip").read_text()


@pytest.mark.parametrize("path, message", [("models/", "ends in '/', so it names a folder"), ("", "an empty path")])
def test_an_output_file_written_as_a_folder_or_empty_is_refused(tmp_path, examples, path, message):
    """Path('models/') is Path('models'): without this check a file named like the folder was written."""
    q = write(tmp_path, "q.json", BIKE)
    for args in (["algebra", "train", "--data", str(examples / "algebra" / "problems.json"), "--out", path],
                 ["arith", "train", "--data", str(examples / "algebra" / "problems.json"), "--out", path],
                 ["algebra", "candidates", "-q", q, "--dot", path],
                 ["tables", "eval", "--tables", str(examples / "tables"), "--questions",
                  str(examples / "tables_questions.tsv"), "--predictions", path]):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert message in " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())  # click's box, unwrapped
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q.json"]


def test_an_svg_without_graphviz_never_overwrites_an_input_with_its_dot_text(tmp_path, monkeypatch):
    import pyasp.dot

    monkeypatch.setattr(pyasp.dot.shutil, "which", lambda name: None)
    q = write(tmp_path, "q.dot", BIKE)
    result = run("algebra", "candidates", "-q", q, "--dot", str(tmp_path / "q.svg"))
    assert result.exit_code == 2 and "q.dot, which exists" in result.stderr
    assert json.loads(Path(q).read_text()) == BIKE


def test_an_svg_without_graphviz_never_overwrites_a_file_it_was_not_given(tmp_path, monkeypatch):
    """A user's notes.dot was replaced by the DOT text of --dot notes.svg (Graphviz missing), with
    only a line on stderr; now that is refused before any work, and without a notes.dot the DOT
    text goes there, as said on stderr."""
    import pyasp.dot

    monkeypatch.setattr(pyasp.dot.shutil, "which", lambda name: None)
    notes = tmp_path / "notes.dot"
    notes.write_text("my notes\n")
    question = "Which month has the longest day in New York? (A) June (B) December"
    tables = str(Path(__file__).resolve().parent.parent / "examples" / "tables")
    result = run("tables", "answer", question, "--tables", tables, "--dot", str(tmp_path / "notes.svg"))
    assert result.exit_code == 2 and "notes.dot, which exists" in result.stderr
    assert notes.read_text() == "my notes\n"
    result = run("tables", "answer", question, "--tables", tables, "--dot", str(tmp_path / "graph.svg"))
    assert result.exit_code == 0 and "wrote DOT text to" in result.stderr
    assert (tmp_path / "graph.dot").read_text().startswith("digraph")


def test_weights_beyond_clingo_integers_are_refused(tmp_path):
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--weight", "w_type=2147483648")
    assert result.exit_code == 2 and "outside clingo's integers" in result.stderr
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--max-depth", "2147483648")
    assert result.exit_code == 2 and "--max-depth: 2147483648 is outside clingo's integers" in result.stderr
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--max-depth", "0")
    assert result.exit_code == 2 and "'--max-depth'" in result.output


@pytest.mark.parametrize("value", ["0", "-1", "nan", "soon"])
def test_a_time_limit_is_a_number_of_seconds_above_zero(tmp_path, value):
    """0 is refused, not read as clingo's "no limit" nor as "no search"; every command alike (inf
    is no limit: test_tables_cli)."""
    q = write(tmp_path, "q.json", BIKE)
    for args in (["algebra", "candidates", "-q", q], ["tables", "answer", "Q? (A) a (B) b", "--tables", str(tmp_path)]):
        result = run(*args, "--time-limit", value)
        assert result.exit_code == 2 and "--time-limit" in result.stderr and "seconds" in result.stderr, result.output
        assert "no option" not in result.stderr  # algebra candidates has a default limit: leaving it out is not "none"
    result = run("algebra", "candidates", "-q", q, "--time-limit", "30", "--top", "1", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["partial"] is False


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_an_encoding_that_is_a_pipe_is_named_as_one(tmp_path):
    """<(...) gives a pipe, which pyasp may need to read twice: a clear message, not 'not found'."""
    pipe = tmp_path / "enc.lp"
    os.mkfifo(pipe)
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--encoding", str(pipe))
    assert result.exit_code == 2 and "is not a regular file (a pipe, or <(...))" in result.stderr


def test_a_json_number_too_long_for_python_is_bad_input(tmp_path):
    path = tmp_path / "q.json"
    path.write_text('[{"value": ' + "9" * 5000 + ', "type": "dollar"}, {"value": "x", "type": "dollar"}]')
    result = run("algebra", "candidates", "-q", str(path))
    assert result.exit_code == 2 and "a number in the file has more digits than can be read" in result.stderr


def test_a_dot_file_that_cannot_be_written_is_refused_before_solving(tmp_path):
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--dot", str(tmp_path / "no" / "t.dot"))
    assert result.exit_code == 2
    assert "cannot write DOT file" in result.stderr and "does not exist" in result.stderr
    assert result.stdout == ""


def test_bad_weight_option_exits_2(tmp_path):
    q = write(tmp_path, "q.json", BIKE)
    for option, message in [("w_nope=3", "unknown setting 'w_nope'"), ("w_type", "NAME=VALUE"), ("w_type=lots", "not a whole number")]:
        result = run("algebra", "candidates", "-q", q, "--weight", option)
        assert result.exit_code == 2, option
        assert message in result.stderr


def test_installed_console_script_runs(examples):
    beside = Path(sys.executable).parent / "pyasp"
    exe = str(beside) if beside.exists() else shutil.which("pyasp")
    if exe is None:
        pytest.fail("the pyasp console script is not on PATH: install the package (pip install .) first")
    done = subprocess.run(
        [exe, "algebra", "candidates", "--quantities", str(examples / "algebra" / "bike.json"), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["candidates"][0]["equation"] == "17+(7*x)=80"


def test_a_directory_given_as_a_model_or_encoding_is_named_as_one(tmp_path):
    store = str(Path(__file__).resolve().parent.parent / "examples" / "tables")
    for args in (["algebra", "solve", "A shop sells 3 apples. How many apples?", "--model", str(tmp_path)],
                 ["tables", "answer", "Which? (A) a (B) b", "--tables", store, "--encoding", str(tmp_path)],
                 ["tables", "answer", "Which? (A) a (B) b", "--tables", store, "--row-model", str(tmp_path)]):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert f"{tmp_path} is a directory, not a file" in result.stderr


@pytest.mark.parametrize("argv, message", [
    (["tables", "eval", "--jobs", "0", "--tables", "t", "--questions", "q"], "'--jobs'"),
    (["tables", "evl"], "No such command 'evl'"),
    (["tables", "answer"], "Missing option '--tables'"),
    (["--no-such-option"], "No such option"),
])
def test_the_console_script_reports_usage_errors_in_one_line(monkeypatch, capsys, argv, message):
    """Usage errors from the console script read like every other bad input: one 'pyasp: error:'
    line naming the help to read, exit 2 (not click's box)."""
    import pyasp.cli as cli

    monkeypatch.setattr(sys, "argv", ["pyasp", *argv])
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    captured = capsys.readouterr()
    assert exit_.value.code == 2
    assert captured.err.startswith("pyasp: error: ") and captured.err.count("\n") == 1, captured.err
    assert message in captured.err and "--help'" in captured.err and "Traceback" not in captured.err


def test_the_console_script_shows_a_group_help_and_runs_commands(monkeypatch, capsys):
    import pyasp.cli as cli

    monkeypatch.setattr(sys, "argv", ["pyasp", "tables"])
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    captured = capsys.readouterr()
    assert exit_.value.code == 2 and "tuning-set" in captured.out and captured.err == ""
    monkeypatch.setattr(sys, "argv", ["pyasp", "rules", "--help"])
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 0 and "check" in capsys.readouterr().out


def test_no_help_text_loses_a_bracketed_word_to_rich_markup():
    """Help is rendered with rich markup, which swallows a bracketed word such as the extra in
    pip install 'pyasp[embeddings]'; such brackets must be escaped (backslash before '[')."""
    import re

    import typer

    import pyasp.cli as cli

    def texts(command, path, ctx):
        yield path, command.help or ""
        for param in command.params:
            yield f"{path} {param.name}", getattr(param, "help", None) or ""
        if hasattr(command, "list_commands"):  # a group (typer may bring its own click)
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                yield from texts(sub, f"{path} {name}", type(ctx)(sub, parent=ctx))

    root = typer.main.get_command(cli.app)
    found = list(texts(root, "pyasp", root.make_context("pyasp", [], resilient_parsing=True)))
    assert len(found) > 100  # every command and option was visited
    swallowed = [(where, tag) for where, text in found
                 for tag in re.findall(r"(?<!\\)\[/?[A-Za-z_][\w ]*\]", text) if tag not in ("[bold]", "[/bold]")]
    assert not swallowed, swallowed


def test_read_text_file_drops_a_byte_order_mark_and_names_the_bad_line(tmp_path):
    from pyasp.errors import InputError, read_text_file

    bom = tmp_path / "bom.lp"
    bom.write_bytes("\ufeffa.\nb.\n".encode("utf-8"))
    assert read_text_file(bom, "encoding") == "a.\nb.\n"
    latin = tmp_path / "latin.lp"
    latin.write_bytes("a.\nb.\ncaf\xe9.\n".encode("latin-1"))
    with pytest.raises(InputError, match=r"latin\.lp:3: not UTF-8 text"):
        read_text_file(latin, "encoding")
    with pytest.raises(InputError, match=r"cannot read encoding .*missing\.lp"):
        read_text_file(tmp_path / "missing.lp", "encoding")


def test_a_json_input_with_a_repeated_key_is_bad_input(tmp_path, examples):
    """{"W": 4, "W": 5}: JSON readers keep the last value silently; pyasp asks which is meant."""
    constants = write(tmp_path, "constants.json", '{"W": 4, "demand": [1, 2], "W": 5}')
    program = str(examples / "acquire" / "shipping" / "program.ip")
    result = run("acquire", "solve", program, "--constants", constants)
    assert result.exit_code == 2, result.output
    assert "the key 'W' appears twice in one object" in result.stderr and "Traceback" not in result.output


def test_a_cache_dir_that_is_a_file_is_bad_input(tmp_path, examples):
    not_a_folder = tmp_path / "cache"
    not_a_folder.write_text("keep me", encoding="utf-8")
    result = run("algebra", "eval", "--data", str(examples / "algebra" / "problems.json"), "--cache-dir", str(not_a_folder))
    assert result.exit_code == 2, result.output
    assert "parse cache folder" in result.stderr and not_a_folder.read_text() == "keep me"


def test_weights_of_an_encoding_without_settings_is_bad_input(tmp_path):
    bad = tmp_path / "bad.lp"
    bad.write_text("a :- b.\n", encoding="utf-8")
    result = run("algebra", "weights", "--encoding", str(bad))
    assert result.exit_code == 2 and "no #const settings" in result.stderr
    bad.write_text("#const w = 1.\na :- b\n", encoding="utf-8")  # a syntax error is named, not hidden
    result = run("algebra", "weights", "--encoding", str(bad))
    assert result.exit_code == 2 and "bad.lp:3:1: error: syntax error" in result.stderr


def test_a_failed_write_leaves_the_old_file_whole(tmp_path):
    """Writing goes to a temporary file renamed over the target: a full disk halfway leaves the
    old file as it was, and no temporary behind."""
    from pyasp.errors import PyaspError, write_file

    target = tmp_path / "model.json"
    target.write_text("old")

    def half_then_full(path):
        path.write_text("new, half")
        raise OSError(28, "No space left on device")

    with pytest.raises(PyaspError, match="cannot write the model to .*model.json: No space left on device"):
        write_file(target, half_then_full, "model")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["model.json"]

    def half_then_ctrl_c(path):
        path.write_text("new, half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # Ctrl-C halfway: the same, and the interrupt goes on
        write_file(target, half_then_ctrl_c, "model")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["model.json"]
    write_file(target, "new")
    assert target.read_text() == "new"


def test_an_output_named_dash_or_in_a_read_only_folder_is_refused_before_work(tmp_path, monkeypatch):
    q = write(tmp_path, "q.json", BIKE)
    result = run("algebra", "candidates", "-q", q, "--dot", "-")
    assert result.exit_code == 2 and "would be a file named '-'" in " ".join(result.output.split())

    access = os.access  # root may write anywhere: pretend this folder is read-only
    monkeypatch.setattr(os, "access", lambda path, mode: access(path, mode) and not (mode & os.W_OK and Path(path) == tmp_path))
    result = run("algebra", "candidates", "-q", q, "--dot", str(tmp_path / "t.dot"))
    assert result.exit_code == 2 and "is not writable" in result.stderr and result.stdout == ""


def test_workers_are_capped_by_the_tasks_and_the_cpus():
    from pyasp.parallel import workers

    assert workers(1000, 3) <= 3 and workers(1000, 10**6) <= (os.cpu_count() or 1) and workers(0, 5) == 1


def test_special_files_and_links_as_outputs(tmp_path):
    """An output that is a symbolic link replaces the file it names (the link stays); one that is
    not a regular file (/dev/null) is written in place, never replaced by a regular file."""
    from pyasp.errors import check_output_path, write_file

    real = tmp_path / "real.json"
    real.write_text("old")
    (tmp_path / "link.json").symlink_to(real)
    check_output_path(tmp_path / "link.json")
    write_file(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink() and real.read_text() == "new"
    check_output_path("/dev/null")
    write_file("/dev/null", "x")
    assert Path("/dev/null").is_char_device()
    write_file(tmp_path / ("p" * 250 + ".json"), "a name of 255 characters")  # the temporary's name is short
    assert (tmp_path / ("p" * 250 + ".json")).read_text() == "a name of 255 characters"


def test_predictions_are_written_after_the_results_are_printed(tmp_path, examples, monkeypatch):
    import pyasp.errors

    def full(path, data, what):
        raise pyasp.errors.PyaspError(f"cannot write the {what} to {path}: No space left on device")

    monkeypatch.setattr(pyasp.errors, "write_json_file", full)
    result = run("tables", "eval", "--tables", str(examples / "tables"), "--questions", str(examples / "tables_questions.tsv"),
                 "--solver", "ir", "--predictions", str(tmp_path / "p.json"), "--json")
    assert result.exit_code == 2 and "No space left on device" in result.stderr
    assert json.loads(result.stdout)["n"] > 0  # the results were not lost


def test_standard_input_is_named_when_given_as_a_file(tmp_path):
    result = run("algebra", "candidates", "-q", "-")
    assert result.exit_code == 2 and "'-': pyasp does not read standard input here" in result.stderr


def test_version_names_pyasp_and_clingo():
    import clingo

    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("pyasp ") and f"clingo {clingo.__version__}" in result.stdout


@pytest.mark.parametrize("command", [["algebra", "train"], ["arith", "train"]])
def test_a_folder_given_as_the_dataset_is_named_as_such(tmp_path, monkeypatch, command):
    """Not "cannot write model ...: it is a file of the input folder" when --out exists in it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.json").write_text("{}")
    result = run(*command, "--data", ".", "--out", "m.json")
    assert result.exit_code == 2 and "dataset . is a directory, not a file" in result.stderr, result.output


def test_a_broken_json_string_is_named_once(tmp_path):
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", '[{"value": "x'))
    assert result.exit_code == 2 and "Unterminated string starting at line 1, column 12" in result.stderr, result.stderr


def test_answers_are_shown_without_float_noise():
    from fractions import Fraction

    from pyasp.cli import _answer_text

    assert _answer_text(Fraction(10, 3)) == "3.333333 (= 10/3)"
    assert _answer_text(Fraction(7, 2)) == "3.5"
    assert _answer_text(Fraction(12)) == "12" and _answer_text(12.0) == "12"
    assert _answer_text(1 / 6) == "0.166667"  # a float (a runner-up's answer): no fraction is made up for it
    assert _answer_text(617283.5) == "617283.5" and _answer_text(Fraction(5000001, 2)) == "2500000.5"  # no 6.17284e+05


def test_a_problem_text_can_come_from_standard_input_and_a_file_name_gets_a_hint(examples):
    bike = examples / "algebra" / "bike.txt"
    result = runner.invoke(app, ["algebra", "solve", "-", "--json"], input=bike.read_text())
    assert result.exit_code == 0 and json.loads(result.stdout)["answer"] == 9
    for command in (["algebra", "solve"], ["arith", "solve"]):
        result = run(*command, str(bike))
        assert result.exit_code == 2 and f"{bike} is a file: give the problem's text itself" in result.stderr
    result = run("tables", "answer", str(bike), "--tables", str(examples / "tables"))
    assert result.exit_code == 2 and "give the question's text itself" in result.stderr


def test_a_time_limit_bounds_the_grounding_of_one_run(tmp_path):
    """A grounding without end (an edit's n(X+1) :- n(X).) cannot be stopped part-way: under the
    console script, --time-limit ends the run as any time limit does (no answer, exit 1) with a
    message instead of growing for ever; a user's encoding gets a hint."""
    encoding = tmp_path / "endless.lp"
    encoding.write_text(encoding_path("equation_trees").read_text() + "\nn2(0). n2(X+1) :- n2(X).\n")
    q = write(tmp_path, "q.json", BIKE)
    done = subprocess.run([sys.executable, "-c", "from pyasp.cli import main; main()", "algebra", "candidates", "-q", q,
                           "--encoding", str(encoding), "--time-limit", "2"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert f"pyasp: no answer: clingo was still grounding {encoding} when the time limit of 2 s ran out" in done.stderr
    assert "if the encoding is yours, does a rule of it derive atoms without end" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_time_limit_beyond_any_run_is_no_limit(tmp_path):
    """clingo's wait (and a thread's) overflows on 1e10 s: such a limit is none, not 'reached' at once."""
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--time-limit", "1e10", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["partial"] is False and json.loads(result.stdout)["candidates"]


def test_conflicting_depth_settings_are_refused_and_no_empty_table_is_printed(tmp_path):
    q = write(tmp_path, "q.json", BIKE)
    result = run("algebra", "candidates", "-q", q, "--max-depth", "10", "-w", "max_depth=1")
    assert result.exit_code == 2 and "--max-depth and --weight max_depth=1 both set max_depth" in result.stderr
    result = run("algebra", "candidates", "-q", q, "-w", "max_depth=1")
    assert result.exit_code == 1 and "equation trees" not in result.stdout and "0 trees ranked" in result.stdout


def test_acquire_solve_reads_a_users_copy_of_the_solving_encoding(tmp_path, examples):
    shipping = examples / "acquire" / "shipping"
    encoding = tmp_path / "capped.lp"
    encoding.write_text(encoding_path("ip_solve").read_text() + "\n:- value(X, C, V), V > 20.\n")
    args = ["acquire", "solve", str(shipping / "program.ip"), "--constants", str(shipping / "constants.json"), "--sample", "5",
            "--json"]
    largest = []
    for extra in ([], ["--encoding", str(encoding)]):
        result = run(*args, *extra)
        assert result.exit_code == 0, result.output
        largest.append(max(v for s in json.loads(result.stdout)["solutions"] for row in s["ship"] for v in row))
    assert largest[0] > 20 >= largest[1]


def test_a_long_word_and_bad_bytes_on_standard_input_are_bad_input():
    result = run("algebra", "solve", "a" * 300)  # no file can have that name: read as a problem
    assert result.exit_code == 2 and "Traceback" not in result.output
    done = subprocess.run([sys.executable, "-c", "from pyasp.cli import main; main()", "algebra", "solve", "-"],
                          input=b"\xff\xfe bad", capture_output=True, timeout=120)
    assert done.returncode == 2 and b"standard input is not UTF-8 text" in done.stderr, done.stderr


def test_candidates_that_all_have_a_negative_answer_say_so(tmp_path):
    q = write(tmp_path, "neg.json", [{"value": "x", "type": "a"}, {"value": -4, "type": "a"}])
    result = run("algebra", "candidates", "-q", q)
    assert result.exit_code == 1
    assert "pyasp: no answer: each of the 2 trees found has an answer that is no candidate" in result.stderr


def test_a_reader_that_goes_away_ends_the_run_with_141():
    ship = Path(__file__).resolve().parent.parent / "examples" / "acquire" / "shipping"
    child = subprocess.Popen([sys.executable, "-c", "from pyasp.cli import main; main()", "acquire", "solve",
                              str(ship / "program.ip"), "--constants", str(ship / "constants.json"), "--all"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout.read(100)  # `| head -c 100`: thousands of solutions follow
    child.stdout.close()
    _, errors = child.communicate(timeout=120)
    assert child.returncode == 141, errors
    assert b"Traceback" not in errors


@pytest.mark.parametrize("args, message", [
    (["-w", "w_type=1_000"], "--weight w_type: '1_000' is not a whole number"),
    (["-w", "w_type=\u0663"], "is not a whole number"),  # an Arabic-Indic three: int() reads it, clingo would not
    (["-w", "w_type=1", "-w", "w_type=2"], "--weight w_type is given twice (1 and 2)"),
])
def test_weight_overrides_are_ascii_whole_numbers_given_once(tmp_path, args, message):
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), *args)
    assert result.exit_code == 2 and message in result.stderr


def test_a_dot_path_for_a_picture_pyasp_does_not_write_is_refused(tmp_path):
    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", BIKE), "--dot", str(tmp_path / "t.png"))
    assert result.exit_code == 2 and "not .png; `dot -Tpng` turns a .dot file into one" in result.stderr
    assert not (tmp_path / "t.png").exists()


def test_an_evaluation_warns_once_that_a_grounding_outlives_its_time_limit(tmp_path, examples):
    """tables eval cannot end one question's grounding without ending the others: it warns once
    and goes on (before: nothing said, and an endless grounding grew until memory ran out)."""
    encoding = tmp_path / "slow.lp"
    encoding.write_text(encoding_path("support_graph").read_text() + "\nslow_n(1..1500000).\n")
    questions = write(tmp_path, "q.tsv", "".join((examples / "tables_questions.tsv").read_text().splitlines(True)[:2]))
    done = subprocess.run([sys.executable, "-c", "from pyasp.cli import main; main()", "tables", "eval", "--tables",
                           str(examples / "tables"), "--questions", questions, "--encoding", str(encoding),
                           "--time-limit", "0.2", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["n"] == 2
    assert done.stderr.count(f"pyasp: warning: clingo has been grounding {encoding} for longer than the time limit of "
                             "0.2 s") == 1, done.stderr


@pytest.mark.parametrize("command", [["--help"], ["algebra", "candidates", "--help"], ["acquire", "learn", "--help"],
                                     ["tables", "eval", "--help"], ["arith", "solve", "--help"]])
def test_help_shows_no_type_for_flags(command):
    """A flag takes no value: typer 0.29 wrote `--json <bool>`, as if `--json true` were the form."""
    result = run(*command)
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output
    assert "--json" in result.output or "--version" in result.output


def test_reading_a_closed_standard_input_is_bad_input(examples):
    """`pyasp algebra solve - <&-`: Python sets sys.stdin to None; before, an AttributeError."""
    import os

    done = subprocess.run([sys.executable, "-c", "from pyasp.cli import main; main()", "algebra", "solve", "-"],
                          capture_output=True, text=True, timeout=120, stdin=None, preexec_fn=lambda: os.close(0))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("pyasp: error: standard input is closed: give the problem's text as an argument")


def test_an_output_file_keeps_its_permissions_and_a_read_only_one_is_refused(tmp_path):
    """The atomic write (a temporary renamed over the file) replaced a read-only file without a
    word and left any file 644: a private 600 file became readable by everyone."""
    import os
    import stat

    from pyasp.errors import InputError, check_output_path, write_file

    private = tmp_path / "private.json"
    private.write_text("old")
    private.chmod(0o600)
    write_file(private, "new")
    assert private.read_text() == "new" and stat.S_IMODE(private.stat().st_mode) == 0o600
    locked = tmp_path / "locked.json"
    locked.write_text("keep")
    locked.chmod(0o444)
    for attempt in (lambda: write_file(locked, "new", "model"), lambda: check_output_path(locked, "model")):
        with pytest.raises(InputError, match="read-only"):
            attempt()
    assert locked.read_text() == "keep"
    os.chmod(locked, 0o644)


def test_a_json_number_beyond_floating_point_and_an_unreadable_file_are_named(tmp_path, monkeypatch):
    """1e400 arrives as infinity: it was called "value inf", which the user never wrote. A file
    without read permission was blamed for its content ("not a pyasp model")."""
    import os

    from pyasp.errors import InputError, check_input_file

    result = run("algebra", "candidates", "-q", write(tmp_path, "q.json", '[{"value": 1e400, "type": "a"}, {"value": "x", "type": "a"}]'))
    assert result.exit_code == 2 and "value is out of range (a number beyond about 1.8e308" in result.stderr
    model = write(tmp_path, "m.skops", "x")
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: not mode & os.R_OK)  # as for a user without permission
    with pytest.raises(InputError, match="is not readable \\(permission denied\\)"):
        check_input_file(model, "model file")


def test_a_closed_standard_output_is_bad_input():
    """`pyasp rules show >&-` printed into nothing and exited 0."""
    import os

    done = subprocess.run([sys.executable, "-c", "from pyasp.cli import main; main()", "rules", "show"],
                          stderr=subprocess.PIPE, text=True, timeout=120, preexec_fn=lambda: os.close(1))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("pyasp: error: standard output is closed")


# -- arith train: the options that change what is learned ------------------------------------------
#: rate annotations (0-based indices into quants, -1 for the question) for four example problems
RATES = {3: ([0], [12, 3]), 4: ([-1], [48, 6]), 7: ([0], [8, 7]), 9: ([0], [9, 5])}


@pytest.fixture(scope="module")
def rated_problems(tmp_path_factory, examples):
    """examples/arith/problems.json with rate annotations on four problems, and a reading cache
    the trainings below share."""
    folder = tmp_path_factory.mktemp("rated")
    records = json.loads((examples / "arith" / "problems.json").read_text())
    for record in records:
        if record["iIndex"] in RATES:
            record["rates"], record["quants"] = RATES[record["iIndex"]]
    return write(folder, "rated.json", records), str(folder / "cache")


def _train_arith(tmp_path, rated_problems, *options):
    data, cache = rated_problems
    model = tmp_path / "model.json"
    result = run("arith", "train", "--data", data, "--out", str(model), "--epochs", "1", "--restarts", "1",
                 "--cache-dir", cache, *options)
    assert result.exit_code == 0, result.output
    return result, json.loads(model.read_text())


def test_arith_train_no_rates_ignores_the_records_rate_annotations(tmp_path, rated_problems):
    result, model = _train_arith(tmp_path, rated_problems)
    assert "rate annotations (rates, quants): used for 4 of the 4 problems that have them" in result.stdout
    assert model["rates"] is not None  # the rate model learned from them
    result, model = _train_arith(tmp_path, rated_problems, "--no-rates")
    assert "rate annotations" not in result.stdout
    assert model["rates"] is None  # the parse reader's patterns decide
    assert "gold equations (lEquations): used for 12 of the 12 problems" in result.stdout


@pytest.mark.parametrize("normal_form", ["all", "none", None])
def test_arith_train_normal_form_is_the_models(tmp_path, rated_problems, normal_form):
    _, model = _train_arith(tmp_path, rated_problems, *(["--normal-form", normal_form] if normal_form else []))
    assert model["params"]["canonical"] == (normal_form or "multiplicative")
    from pyasp.arith.model import KnowledgeModel

    assert KnowledgeModel.load(tmp_path / "model.json").canonical == (normal_form or "multiplicative")


def test_solve_file_answers_each_problem_and_exits_as_the_worst_one(tmp_path):
    """`solve --file`: one problem a line (comments and blank lines skipped, the id is the line
    number), each answered or told why not; one bad line does not stop the others, and the exit
    code says the worst: 0 all answered, 2 when a line is not a word problem."""
    problems = write(tmp_path, "p.txt", "# shop\nA shirt costs 15 dollars. How much do 3 shirts cost?\n\n"
                     "Sam had 12 marbles and lost 4 of them. How many marbles does Sam have?\n")
    for engine, shown, first in (("arith", "expression", "(15 * 3)"), ("algebra", "equation", "15*3=x")):
        result = run(engine, "solve", "--file", problems, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert [(r["id"], r["status"], r["answer"]) for r in data] == [(2, "answered", 45), (4, "answered", 8)]
        assert data[0][shown] == first and data[1]["text"].startswith("Sam had 12 marbles")
    bad = write(tmp_path, "bad.txt", (tmp_path / "p.txt").read_text() + "Hello there.\n")
    result = run("arith", "solve", "--file", bad)
    assert result.exit_code == 2
    assert "(15 * 3)" in result.stdout and "(12 - 4)" in result.stdout  # the good lines are not lost
    assert "not a problem: no number" in result.stdout
    assert "1 of 3 problems without an answer (id 5)" in result.stderr
    one = write(tmp_path, "one.txt", "A shirt costs 15 dollars. How much do 3 shirts cost?\n"
                "Tom has 5 apples. How many apples does Tom have?\n")
    result = run("arith", "solve", "--file", one)
    assert result.exit_code == 1 and "no answer: only one number" in result.stdout
    assert "pyasp: no answer: 1 of 2 problems without an answer (id 2)" in result.stderr


def test_solve_file_reads_a_dataset_without_its_answers_and_standard_input(tmp_path):
    records = [{"iIndex": 7, "sQuestion": "A pen costs 2 dollars. How much do 4 pens cost?"},
               {"iIndex": 9, "sQuestion": "Tom has 5 apples. He gave 2 apples to Mary. How many apples does Tom have now?",
                "lSolutions": ["not read"]}]
    result = run("arith", "solve", "--file", write(tmp_path, "d.json", records), "--json", "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert [(r["id"], r["answer"]) for r in json.loads(result.stdout)] == [(7, 8), (9, 3)]
    result = runner.invoke(app, ["algebra", "solve", "--file", "-", "--json"],
                           input="# from a pipe\nA shirt costs 15 dollars. How much do 3 shirts cost?\n")
    assert result.exit_code == 0 and [(r["id"], r["answer"]) for r in json.loads(result.stdout)] == [(2, 45)]


def test_solve_file_bad_usage_and_files_exit_2(tmp_path):
    problems = write(tmp_path, "p.txt", "A pen costs 2 dollars. How much do 4 pens cost?\n")
    for args, message in ((["arith", "solve"], "give the problem's text (in quotes, or - for standard input), or --file"),
                          (["arith", "solve", "Tom has 3.", "--file", problems], "not both"),
                          (["algebra", "solve", "--file", problems, "--dot", str(tmp_path / "t.dot")], "cannot be combined with --file"),
                          (["algebra", "solve", "--file", str(tmp_path / "none.txt")], "problem file not found"),
                          (["arith", "solve", "--file", write(tmp_path, "empty.txt", "# nothing\n\n")], "empty.txt: no problem (one problem a line"),
                          (["arith", "solve", "--file", write(tmp_path, "d.json", [{"iIndex": 1}])], "missing field sQuestion"),
                          (["arith", "solve", "--file", problems, "--model", write(tmp_path, "m.json", "{")], "m.json")):
        result = run(*args)
        assert result.exit_code == 2 and message in result.stderr, (args, result.output)
        assert "Traceback" not in result.output


def test_solve_file_counts_lines_as_editors_do_and_reads_json_from_any_file(tmp_path):
    """Review findings: a U+2028 inside a line does not end it (ids stay line numbers), a JSON
    dataset is read as one from standard input too, and a JSON record a line is refused."""
    text = "A shirt costs 15 dollars.\u2028How much do 3 shirts cost?\r\nSam had 12 marbles and lost 4 of them. How many marbles does Sam have?\n"
    result = run("arith", "solve", "--file", write(tmp_path, "ls.txt", text), "--json")
    assert result.exit_code == 0, result.output
    assert [(r["id"], r["answer"]) for r in json.loads(result.stdout)] == [(1, 45), (2, 8)]
    record = {"iIndex": 7, "sQuestion": "A shirt costs 15 dollars. How much do 3 shirts cost?", "lSolutions": [45]}
    result = runner.invoke(app, ["arith", "solve", "--file", "-", "--json"], input=json.dumps([record], indent=2))
    assert result.exit_code == 0 and [(r["id"], r["answer"]) for r in json.loads(result.stdout)] == [(7, 45)]
    result = run("arith", "solve", "--file", write(tmp_path, "p.jsonl", json.dumps(record) + "\n"))
    assert result.exit_code == 2 and "p.jsonl:1: a JSON record; a dataset is a JSON list" in result.stderr
    result = runner.invoke(app, ["arith", "solve", "--file", "-"], input="\n# nothing\n")
    assert result.exit_code == 2 and "standard input: no problem" in result.stderr


def test_solve_file_prints_what_was_solved_before_ctrl_c(tmp_path, monkeypatch):
    """Ctrl-C during `solve --file` keeps the problems solved before it: printed, then exit 130."""
    import pyasp.arith.solver as solver

    real, calls = solver.solve_text, []

    def interrupted_at_the_fifth(text, **options):
        calls.append(text)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return real(text, **options)

    monkeypatch.setattr(solver, "solve_text", interrupted_at_the_fifth)
    lines = [f"A shirt costs {k} dollars. How much do 3 shirts cost?" for k in range(10, 16)]
    result = run("arith", "solve", "--file", write(tmp_path, "p.txt", "\n".join(lines)), "--json")
    assert result.exit_code == 130
    assert [(r["id"], r["answer"]) for r in json.loads(result.stdout)] == [(1, 30), (2, 33), (3, 36), (4, 39)]
    assert "pyasp: interrupted: 4 of 6 problems done, printed above" in result.stderr


def test_an_interrupted_file_run_counts_what_was_done_of_the_whole(tmp_path, monkeypatch):
    """Ctrl-C during `solve --file`: the table printed is titled "1 of 3 problems (interrupted)",
    not "1 problem", and the run exits 130."""
    import pyasp.wordproblems as wordproblems
    from pyasp import interrupt

    monkeypatch.setattr(interrupt, "_reported", False)  # restored after: the report is once per process

    def one_then_ctrl_c(problems, engine, *, into, **_):
        into.append({"id": problems[0].id, "text": problems[0].text, "status": "answered", "answer": 5,
                     "equation": "x=2+3", "expression": "(2 + 3)", "error": None})
        raise KeyboardInterrupt

    monkeypatch.setattr(wordproblems, "solve_many", one_then_ctrl_c)
    path = write(tmp_path, "three.txt", "Tom had 2 apples and got 3. How many?\nAnn had 4. She got 1. How many?\n"
                                        "Sam had 6. He gave 2. How many?\n")
    result = run("algebra", "solve", "--file", path)
    assert result.exit_code == 130
    assert "three.txt: 1 of 3 problems (interrupted)" in " ".join(result.output.split())
