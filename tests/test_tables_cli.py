"""``pyasp tables answer`` and ``pyasp tables eval`` as a user runs them: answers with their
support rows, JSON shapes, exit codes 1 (no support graph) and 2 (bad input, one line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clitools import run, write

ROOT = Path(__file__).resolve().parent.parent
STORE = str(ROOT / "examples" / "tables")
QUESTIONS = str(ROOT / "examples" / "tables_questions.tsv")
NEW_YORK = "Which month has the longest day in New York? (A) June (B) December (C) March"


def test_answer_prints_the_letter_and_the_rows_it_rests_on():
    result = run("tables", "answer", NEW_YORK, "--tables", STORE)
    assert result.exit_code == 0, result.output
    # the README's line: the support graph's objective under the default weights (TF-IDF row
    # relevance on a store that is not WorldTree's). December's graph no longer aligns "longest
    # day" to the shortest-day row of the northern hemisphere (an antonym): 46.704, was 47.628
    assert result.stdout.splitlines()[0] == "answer: (A) score 48.719; runner-up 46.704"
    assert "ex-0001" in result.output and "ex-0101" in result.output
    assert "scores: (A) 48.719, (B) 46.704, (C) none" in result.stdout


def test_answer_json_has_the_documented_fields():
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["answer"] == "A" and data["tie"] is False
    assert data["scores"] == {"A": 48.719, "B": 46.704, "C": None}  # as the text output and the README
    assert data["score"] == 48.719 and data["runner_up"] == 46.704
    rows = {row["uid"]: row for row in data["support"]}
    assert {"ex-0001", "ex-0101"} <= set(rows)
    assert all({"table", "row", "uid", "cells", "aligned_to"} <= set(row) for row in data["support"])
    assert any(edge.get("option") == "june" for edge in rows["ex-0101"]["aligned_to"])
    assert data["joins"]


def test_answer_writes_the_support_graph_as_dot(tmp_path):
    path = tmp_path / "graph.dot"
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--dot", str(path))
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert text.startswith("digraph support_graph")
    assert 'option [shape=box, peripheries=2, label="(A) June"]' in text  # the chosen option, with its text
    assert "longest day" in text and "New York is located" in text  # the two rows, as sentences
    assert "style=dashed" in text  # the join between them


def test_a_question_no_table_supports_exits_1(tmp_path):
    write(tmp_path, "Diet.tsv", "ANIMAL\t[FILL]\tFOOD\ncow\teats\tgrass\n")
    result = run("tables", "answer", "Which planet is closest to the Sun? (A) Mercury (B) Mars", "--tables", str(tmp_path))
    assert result.exit_code == 1
    assert "unsupported" in result.output


def test_bad_input_exits_2_with_one_line(tmp_path):
    write(tmp_path, "Ragged.tsv", "A\tB\nx\ty\tz\n")
    result = run("tables", "answer", NEW_YORK, "--tables", str(tmp_path))
    assert result.exit_code == 2
    assert "Ragged.tsv:2:" in result.output and "Traceback" not in result.output
    result = run("tables", "answer", "Which month has the longest day?", "--tables", STORE)
    assert result.exit_code == 2 and "no options" in result.output
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--const", "w_nothing=3")
    assert result.exit_code == 2 and "no #const w_nothing" in result.output
    result = run("tables", "answer", NEW_YORK, "--tables", str(tmp_path / "missing"))
    assert result.exit_code == 2 and "not a directory" in result.output


def test_skip_bad_leaves_out_a_bad_table_with_a_warning(tmp_path):
    write(tmp_path, "Ragged.tsv", "A\tB\nx\ty\tz\n")
    write(tmp_path, "Months.tsv", "HEMISPHERE\t[FILL]\tEVENT\t[FILL]\tMONTH\n"
          "northern hemisphere\thas the\tlongest day\tin\tJune\n")
    result = run("tables", "answer", "In the northern hemisphere, which month has the longest day? (A) June (B) December",
                 "--tables", str(tmp_path), "--skip-bad")
    assert result.exit_code == 0, result.output
    assert "answer: (A)" in result.output
    assert result.stderr.startswith(f"pyasp: warning: skipped {tmp_path / 'Ragged.tsv'}:2:")  # as algebra says it


def test_eval_scores_the_example_questions_and_the_ir_baseline():
    result = run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["n"] == len(Path(QUESTIONS).read_text().splitlines()) and data["accuracy"] == 1.0
    assert data["gold_row_recall"] is None and data["median_seconds"] > 0
    ir = json.loads(run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--solver", "ir", "--json").output)
    # IR(tables) answers 12 of the 14: wrong on lines 2 and 4 (water freezing, liquid into gas)
    assert ir["n"] == data["n"] == 14 and ir["correct"] == 12 and ir["accuracy"] == 12 / 14


def test_eval_reads_worldtree_questions_with_gold_rows(tmp_path):
    header = "QuestionID\tAnswerKey\tcategory\texplanation\tquestion\n"
    body = ("q1\tA\tDev\tex-0001|CENTRAL ex-0101|CENTRAL\t" + NEW_YORK + "\n"
            "q2\tB\tDev\t\tText of licensed questions can be requested\n"
            "q3\tA\tTrain\t\t" + NEW_YORK + "\n")
    path = write(tmp_path, "wt.tsv", header + body)
    result = run("tables", "eval", "--tables", STORE, "--questions", path, "--category", "Dev", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    assert data["n"] == 1 and data["accuracy"] == 1.0 and data["gold_row_recall"] == 1.0
    assert "left out 1 question whose" in result.output


def test_eval_gives_a_tie_its_share_and_counts_the_gold_rows_the_graph_uses(tmp_path):
    """README: accuracy counts 1/k for a k-way tie with the right answer; gold-row recall is the
    share of a question's gold rows among its support rows. A sparrow eats seeds and insects
    alike (a 2-way tie, one row used of the two cited); a cow eats grass (untied, its one row)."""
    store = tmp_path / "store"
    store.mkdir()
    (store / "Diet.tsv").write_text("ANIMAL\t[FILL]\tFOOD\t[SKIP] UID\nsparrow\teats\tseeds\td-1\n"
                                    "sparrow\teats\tinsects\td-2\ncow\teats\tgrass\td-3\n")
    header = "QuestionID\tAnswerKey\tcategory\texplanation\tquestion\n"
    body = ("q1\tA\tDev\td-1|CENTRAL d-2|CENTRAL\tWhat does a sparrow eat? (A) seeds (B) insects (C) grass\n"
            "q2\tC\tDev\td-3|CENTRAL\tWhat does a cow eat? (A) seeds (B) insects (C) grass\n")
    predictions = tmp_path / "predictions.json"
    result = run("tables", "eval", "--tables", str(store), "--questions", write(tmp_path, "wt.tsv", header + body),
                 "--predictions", str(predictions), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["n"], data["correct"], data["accuracy"]) == (2, 1.5, 0.75)
    assert data["gold_row_recall"] == 0.75  # (1/2 + 1/1) / 2
    rows = {row["id"]: row for row in json.loads(predictions.read_text())}
    assert rows["q1"]["tied"] == ["A", "B"] and rows["q1"]["credit"] == 0.5
    assert len(rows["q1"]["support"]) == 1 and rows["q1"]["support"][0] in ("d-1", "d-2")
    assert (rows["q2"]["predicted"], rows["q2"]["credit"], rows["q2"]["support"]) == ("C", 1.0, ["d-3"])


def test_a_worldtree_row_with_more_fields_than_its_header_is_refused(tmp_path):
    path = write(tmp_path, "wt.tsv", "QuestionID\tAnswerKey\tquestion\nq1\tA\t" + NEW_YORK + "\textra\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", path)
    assert result.exit_code == 2 and "wt.tsv:2: the row has 4 fields, the header 3" in result.stderr


def test_eval_warns_when_no_gold_row_is_in_the_tables(tmp_path):
    header = "QuestionID\tAnswerKey\tcategory\texplanation\tquestion\n"
    path = write(tmp_path, "wt.tsv", header + "q1\tA\tDev\tzz-0001|CENTRAL\t" + NEW_YORK + "\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", path, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["gold_row_recall"] is None
    assert "no gold row the questions name is a row of these tables (1 UID, e.g. 'zz-0001')" in result.stderr


def test_eval_skips_the_comment_lines_answer_file_skips(tmp_path):
    """A user's file with a # line was read by `answer --file` and refused by `eval` (line 1:
    expected 'question text<TAB>answer letter'); both skip # and blank lines now, and ids
    stay the line numbers."""
    lines = Path(QUESTIONS).read_text().splitlines()[:2]
    path = write(tmp_path, "qs.tsv", "# my questions\n" + lines[0] + "\n\n  # more\n" + lines[1] + "\n")
    predictions = tmp_path / "p.json"
    result = run("tables", "eval", "--tables", STORE, "--questions", path, "--json", "--predictions", str(predictions))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["n"] == 2
    assert [row["id"] for row in json.loads(predictions.read_text())] == [2, 5]  # numbers, as line numbers are elsewhere


def test_eval_rejects_a_malformed_questions_file(tmp_path):
    path = write(tmp_path, "bad.tsv", "Which? (A) x (B) y\tZ\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", path)
    assert result.exit_code == 2 and "bad.tsv:1:" in result.output


@pytest.mark.parametrize("content, message", [
    ("Which? (A) x (B) y\tB\textra\n", "bad.tsv:1: expected 'question text<TAB>answer letter', found 3 tab-separated fields"),
    ("QuestionID\tAnswerKey\tcategory\texplanation\nq1\tB\tTrain\tu1|CENTRAL\n", "bad.tsv:1: no 'question' column"),
    ("QuestionID\tAnswerKey\tquestion\texplanation\nq1\tB\tWhich? (A) x (B) y\tu1\n", "bad.tsv:2: the explanation names rows as ROW-UID|ROLE"),
])
def test_eval_says_what_is_wrong_with_a_questions_file(tmp_path, content, message):
    path = write(tmp_path, "bad.tsv", content)
    result = run("tables", "eval", "--tables", STORE, "--questions", path)
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_explanations_must_be_a_file_with_gold_rows(tmp_path):
    result = run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--explanations", QUESTIONS)
    assert result.exit_code == 2 and "no question has gold rows" in result.stderr
    result = run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--explanations", str(tmp_path / "none.tsv"))
    assert result.exit_code == 2 and "explanations file" in result.stderr


def test_sidecars_kept_outside_a_read_only_store(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    for name in ("PlaceHemisphere.tsv", "HemisphereDaylight.tsv"):
        (store / name).write_text((Path(STORE) / name).read_text(encoding="utf-8"), encoding="utf-8")
    without = json.loads(run("tables", "answer", NEW_YORK, "--tables", str(store), "--json").output)
    assert without["joins"] == []  # no _joins.tsv: no chain
    joins = write(tmp_path, "joins.tsv", "PlaceHemisphere\tHEMISPHERE\tHemisphereDaylight\tHEMISPHERE\n")
    result = run("tables", "answer", NEW_YORK, "--tables", str(store), "--joins", joins, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["answer"] == "A" and data["joins"]
    assert {"ex-0001", "ex-0101"} <= {row["uid"] for row in data["support"]}
    result = run("tables", "answer", NEW_YORK, "--tables", str(store), "--relations", str(tmp_path / "none.tsv"))
    assert result.exit_code == 2 and "sidecar file" in result.output


def test_no_joins_turns_chains_off_and_excludes_a_joins_file():
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--no-joins", "--joins", STORE + "/_joins.tsv")
    assert result.exit_code == 2 and "--no-joins excludes --joins" in result.output
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--no-joins", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert not data["joins"] and "ex-0001" not in {row["uid"] for row in data["support"]}
    # without the chain through New York's hemisphere, June still wins on its longest-day row
    # alone, by far less than with it (48.719 against 46.704): by the row's TF-IDF relevance
    # (the southern hemisphere's shortest-day row, also June, no longer aligns to "longest day")
    assert data["answer"] == "A" and {row["uid"] for row in data["support"]} == {"ex-0101"}
    assert (data["score"], data["runner_up"]) == (37.999, 37.839)


def test_eval_refuses_questions_it_could_only_score_wrong(tmp_path):
    for body, message in [
        ("Which month? (A) June (B) December\tA\nWhich month has the longest day?\tA\n", "bad.tsv:2: the question has no options"),
        ("Which month? (A) June (B) December\tC\n", "bad.tsv:1: the answer C is not one of the options (A, B)"),
    ]:
        result = run("tables", "eval", "--tables", STORE, "--questions", write(tmp_path, "bad.tsv", body))
        assert result.exit_code == 2, result.output
        assert message in result.stderr


def test_eval_skip_bad_leaves_out_malformed_questions_and_names_them(tmp_path):
    body = (f"{NEW_YORK}\tA\nWhich month has the longest day?\tA\n"
            "Which month? (A) June (B) December\tC\nWhich month? (A) June (B) December\n")
    questions = write(tmp_path, "some_bad.tsv", body)
    result = run("tables", "eval", "--tables", STORE, "--questions", questions, "--skip-bad", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["n"] == 1
    for line in ("some_bad.tsv:2: the question has no options", "some_bad.tsv:3: the answer C is not one of",
                 "some_bad.tsv:4: expected 'question text<TAB>answer letter'"):
        assert line in result.stderr
    only_bad = write(tmp_path, "all_bad.tsv", "Which month has the longest day?\tA\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", only_bad, "--skip-bad")
    assert result.exit_code == 2 and "no questions (1 malformed left out)" in result.stderr


def test_eval_category_needs_worldtree_questions_that_match_it(tmp_path):
    result = run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--category", "Dev")
    assert result.exit_code == 2 and "--category selects WorldTree splits" in result.stderr
    header = "QuestionID\tAnswerKey\tcategory\texplanation\tquestion\n"
    path = write(tmp_path, "wt.tsv", header + "q1\tA\tTrain\t\t" + NEW_YORK + "\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", path, "--category", "Dev")
    assert result.exit_code == 2 and "wt.tsv: no questions of the categories Dev (the file's categories: Train)" in result.stderr
    result = run("tables", "eval", "--tables", STORE, "--questions", path, "--category", "train", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["n"] == 1  # a category is named in any case
    result = run("tables", "train", "--tables", STORE, "--questions", write(tmp_path, "head.tsv", header),
                 "--out", str(tmp_path / "rows.json"))
    assert result.exit_code == 2 and "head.tsv: no questions" in result.stderr


def test_a_tuning_set_that_keeps_nothing_is_not_written(tmp_path):
    header = "QuestionID\tAnswerKey\texamName\tcategory\texplanation\tquestion\n"
    worldtree = write(tmp_path, "wt.tsv", header + "q1\tA\tMCAS\tTrain\t\t" + NEW_YORK + "\n")
    out = tmp_path / "tuning.tsv"
    out.write_text("an earlier tuning set")
    for category in ("Dev", ","):
        result = run("tables", "tuning-set", "--questions", worldtree, "--held-out", QUESTIONS, "--out", str(out),
                     "--category", category)
        assert result.exit_code == 2, result.output
    assert "is not written" in run("tables", "tuning-set", "--questions", worldtree, "--held-out", QUESTIONS,
                                   "--out", str(out), "--category", "Dev").stderr
    assert out.read_text() == "an earlier tuning set"


def test_a_missing_held_out_file_is_named_as_such(tmp_path):
    """A missing --held-out file was called "questions file", as if --questions were missing."""
    header = "QuestionID\tAnswerKey\texamName\tcategory\texplanation\tquestion\n"
    worldtree = write(tmp_path, "wt.tsv", header + "q1\tA\tMCAS\tTrain\t\t" + NEW_YORK + "\n")
    missing = str(tmp_path / "regents.tsv")
    result = run("tables", "tuning-set", "--questions", worldtree, "--held-out", missing, "--out", str(tmp_path / "t.tsv"))
    assert result.exit_code == 2 and f"cannot read held-out file {missing}" in result.stderr, result.output


def test_a_tuning_set_keeps_the_questions_that_share_nothing_with_the_held_out_ones(tmp_path):
    header = "QuestionID\tAnswerKey\texamName\tcategory\texplanation\tquestion\n"
    kept = "q3\tB\tMCAS\tTrain\tu1|CENTRAL\tWhich force pulls objects down to Earth? (A) magnetism (B) gravity\n"
    rows = [
        "q1\tA\tNYSEDREGENTS\tTrain\t\tWhat melts ice? (A) heat (B) cold\n",                      # a Regents exam
        "q2\tA\tMCAS\tTrain\t\tWhich force pulls things down?(A) gravity (B) friction\n",         # same text
        kept,
        "q4\tA\tMCAS\tDev\t\tWhat is ice? (A) solid water (B) gas\n",                             # not Train
        "q5\tA\tMCAS\tTrain\t\tThe question text is withheld.\n",                                  # no text
        "q6\tA\tMCAS\tTrain\t\tWhich force pulls the things down? (A) gravity (B) magnetism\n",    # similar stem
    ]
    worldtree = write(tmp_path, "wt.tsv", header + "".join(rows))
    held = write(tmp_path, "held.tsv", "Which force pulls things down? (A) gravity (B) friction\tA\n")
    out = tmp_path / "tuning.tsv"
    result = run("tables", "tuning-set", "--questions", worldtree, "--held-out", held, "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"kept": 1, "dropped": {"category": 1, "no text": 1, "exam": 1, "same text": 1,
                                                                "similar stem": 1}}
    assert out.read_text(encoding="utf-8") == header + kept  # WorldTree's format, the same header
    result = run("tables", "tuning-set", "--questions", worldtree, "--held-out", held, "--out", str(out))
    assert result.exit_code == 0 and result.stdout.startswith("kept 1 question")
    assert "dropped 1 (category), 1 (no text), 1 (exam), 1 (same text), 1 (similar stem)" in result.stdout
    assert out.read_text(encoding="utf-8") == header + kept


def test_a_sidecar_that_is_not_utf8_is_named_with_its_line(tmp_path):
    joins = tmp_path / "joins.tsv"
    joins.write_bytes(b"# joins\n\xff\xfe\n")
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--joins", str(joins))
    assert result.exit_code == 2
    assert f"{joins}:2: not UTF-8 text" in result.stderr


def test_an_encoding_that_chooses_no_option_or_a_model_with_infinite_weights_exits_2(tmp_path):
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--encoding", write(tmp_path, "empty.lp", "% nothing\n"))
    assert result.exit_code == 2, result.output
    assert "empty.lp: a model shows 0 chosen/1 atoms" in result.stderr
    from pyasp.tables.relevance import load_row_model

    data = load_row_model().to_json()
    data["coef"][0] = float("inf")
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--row-model", write(tmp_path, "rows.json", data))
    assert result.exit_code == 2 and "malformed model" in result.stderr, result.output


def test_outputs_never_overwrite_a_file_of_the_table_store(tmp_path):
    import shutil

    store = tmp_path / "store"
    shutil.copytree(STORE, store)
    before = {p.name: p.read_bytes() for p in store.iterdir()}
    table = str(store / "KindOf.tsv")
    for args in (["eval", "--tables", str(store), "--questions", QUESTIONS, "--predictions", table],
                 ["answer", NEW_YORK, "--tables", str(store), "--dot", table],
                 ["answer", NEW_YORK, "--tables", str(store), "--dot", str(store / "_joins.tsv")]):
        result = run("tables", *args)
        assert result.exit_code == 2, result.output
        assert "a file of the input folder" in result.stderr
    # a new file there would be read as a table next time (a predictions file named new.tsv)
    result = run("tables", "eval", "--tables", str(store), "--questions", QUESTIONS, "--predictions", str(store / "new.tsv"))
    assert result.exit_code == 2 and "would read it as a table or sidecar next time" in result.stderr, result.output
    # a name with _ first is read too (the sidecars _joins.tsv, _relations.tsv)
    result = run("tables", "eval", "--tables", str(store), "--questions", QUESTIONS, "--predictions", str(store / "_preds.tsv"))
    assert result.exit_code == 2 and "would read it as a table or sidecar" in result.stderr, result.output
    (store / "runs").mkdir()  # a subfolder is the user's: written, and written again
    for _ in range(2):
        result = run("tables", "eval", "--tables", str(store), "--questions", QUESTIONS, "--solver", "ir",
                     "--predictions", str(store / "runs" / "preds.tsv"))
        assert result.exit_code == 0, result.output
    (store / "runs" / "preds.tsv").unlink()
    (store / "runs").rmdir()
    assert {p.name: p.read_bytes() for p in store.iterdir()} == before


def test_more_than_eight_options_are_refused_not_merged():
    options = " ".join(f"({letter}) x{letter}" for letter in "ABCDEFGHIJ")
    result = run("tables", "answer", f"Which month? {options}", "--tables", STORE)
    assert result.exit_code == 2 and "more than 8 options" in result.stderr


def test_huge_const_values_are_refused_and_overflowing_weights_reported():
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--const", "w_row_use=4294967297")
    assert result.exit_code == 2 and "outside clingo's integers" in result.stderr
    for name in ("w_row_use", "w_relevance"):  # within 32 bits, but times a score of 1000 it would wrap silently
        result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--const", f"{name}=2147483647")
        assert result.exit_code == 2 and "is not an integer of at most 1,000,000 either way" in result.stderr
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--const", "w_relevance=1000000", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["answer"] == "A"


@pytest.mark.parametrize("setting, least", [("max_tables=0", 1), ("max_rows=-1", 1), ("max_joins=-1", 0)])
def test_a_bound_below_what_a_support_graph_needs_is_refused(setting, least):
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--const", setting)
    assert result.exit_code == 2, result.output
    assert f"is a bound of the support graph and cannot be below {least}" in result.stderr


def test_a_store_without_content_words_is_bad_input(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    (store / "T.tsv").write_text("PLACE\tTHING\nthe\tis a\n", encoding="utf-8")
    result = run("tables", "answer", "Sleet and rain are forms of (A) precipitation (B) erosion", "--tables", str(store))
    assert result.exit_code == 2 and "no content words" in result.stderr
    assert "the table store (1 table) has" in result.stderr  # was "(1 tables)"
    result = run("tables", "eval", "--tables", str(store), "--questions", QUESTIONS)
    assert result.exit_code == 2 and "no content words" in result.stderr


def test_infinite_time_limit_means_no_limit():
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--time-limit", "inf", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["answer"] == "A" and data["runner_up"] < data["score"]


def test_brackets_in_tables_are_printed_as_written_not_read_as_markup(tmp_path):
    store = tmp_path / "st[b]ore"
    store.mkdir()
    (store / "Di[b]et.tsv").write_text("ANIMAL\t[FILL]\tFOOD [/]\t[SKIP] UID\ncow\teats\tgrass [/] [bold]\tu[/]1\n")
    result = run("tables", "answer", "What does a cow eat? (A) meat (B) grass", "--tables", str(store))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Di[b]et" in result.output and "u[/]1" in result.output and "grass [/]" in result.output
    assert "[bold]" in result.output and "FOOD" in result.output


def test_json_cells_keep_every_column_of_a_row(tmp_path):
    # two PROPERTY columns and two fill columns: one key each, "HEADER#K" as the sidecars say
    write(tmp_path, "R.tsv", "THING\t[FILL]\tPROPERTY\t[FILL]\tPROPERTY\nlemon\tis\tsour\tand\tyellow\n")
    result = run("tables", "answer", "What color is a lemon? (A) yellow (B) blue", "--tables", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)["support"]
    assert row["cells"] == {"THING": "lemon", "[FILL]#1": "is", "PROPERTY#1": "sour", "[FILL]#2": "and", "PROPERTY#2": "yellow"}
    assert {"column": "PROPERTY#2", "option": "yellow"} in row["aligned_to"]


def test_a_time_limit_that_leaves_no_graph_is_said_to_be_the_cause(monkeypatch):
    from pyasp.tables.engine import Result, TableSolver

    def cut_short(self, question):
        return Result(question, None, None, {"A": None, "B": None}, False, [], partial=True)

    monkeypatch.setattr(TableSolver, "answer", cut_short)
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--time-limit", "0.001")
    assert result.exit_code == 1
    assert "unsupported" in result.stderr and "time limit cut a solve short" in result.stderr


def test_eval_stops_on_a_broken_encoding_instead_of_scoring_zero(tmp_path):
    edited = tmp_path / "mine.lp"
    edited.write_text((ROOT / "encodings" / "support_graph.lp").read_text().replace("#show chosen/1.", ""))
    result = run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--encoding", str(edited), "--json")
    assert result.exit_code == 2, result.output
    assert "pyasp reads chosen/1 from the answer sets, but the encoding does not #show it" in result.stderr


#: encodings/support_graph.lp's defaults, written out here so that a change to the file is a
#: change to this test too
SUPPORT_GRAPH_DEFAULTS = {
    "w_table": 1000, "w_table_use": 3000, "w_row_use": 1000, "w_column": 1000, "w_title": 300, "w_qcons": 300,
    "w_ocons": 1000, "w_join_penalty": 100, "w_which": 1500, "w_relation": 200, "w_relation_none": -5000,
    "w_relation_empty": 0, "w_relation_against": -20000, "w_relevance": 80000, "relevance_rows": 1,
    "w_proximity": 1000, "w_qedge": 1000, "w_oedge": 1000, "w_ir": 0,
    "w_order": 5000, "w_order_agree": 2000, "w_graded": 0, "offset": 100, "min_qcell": 100, "min_qtitle": 100, "min_ocell": 200, "min_otitle": 200, "min_ocell_split": 400,
    "min_otitle_split": 400, "min_join": 600, "min_which": 600, "min_cell_support": 100, "min_title_support": 100,
    "max_tables": 4, "max_rows": 4, "max_qcons_edges": 2, "max_cell_edges": 2, "max_option_columns": 2,
    "max_option_tables": 2, "max_joins": 4, "max_gap": 4, "min_row_cells": 2, "option_paths": 1, "max_ocons_edges": 10,
}
#: TableILP's values (allenai/tableilp, src/main/resources/application.conf, the configuration of
#: the paper's runs) of the settings whose meaning names them; reals are scaled by 1000
TABLEILP_CONF = {
    "tableScoreObjCoeff": 1.0, "tableUsagePenalty": 3.0, "rowUsagePenalty": 1.0, "activeColObjCoeff": 1.0,
    "activeTitleObjCoeff": 0.3, "activeQConsObjCoeff": 0.3, "interTableAlignmentPenalty": 0.1, "whichTermBoost": 1.5,
    "relationMatchCoeff": 0.2, "noRelationMatchCoeff": -5.0, "emptyRelationMatchCoeff": 0.0,
    "entailmentScoreOffset": 0.1, "minCellQConsAlignment": 0.1, "minTitleQConsAlignment": 0.1,
    "minCellQChoiceAlignment": 0.2, "minTitleQChoiceAlignment": 0.2, "minCellQChoiceConsAlignment": 0.4,
    "minTitleQChoiceConsAlignment": 0.4, "minCellCellAlignment": 0.6, "minAlignmentWhichTerm": 0.6,
    "minActiveCellAggrAlignment": 0.1, "minActiveTitleAggrAlignment": 0.1,
}
TABLEILP_COUNTS = {"maxTablesToChain": 4, "maxRowsPerTable": 4, "maxAlignmentsPerQCons": 2, "maxAlignmentsPerCell": 2,
                   "qConsCoalignMaxDist": 4}


def test_weights_lists_the_settings_of_the_encoding_in_use(tmp_path):
    result = run("tables", "weights", "--json")
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    assert listed["w_row_use"] == {"default": 1000, "meaning": "rowUsagePenalty: paid per active row"}
    assert {name: entry["default"] for name, entry in listed.items()} == SUPPORT_GRAPH_DEFAULTS
    # a setting whose meaning names TableILP's parameter has TableILP's value (README: "TableILP's
    # defaults (scaled by 1000)")
    named = {name: entry["meaning"].split(":")[0].split()[0] for name, entry in listed.items()}
    for name, original in named.items():
        if original in TABLEILP_CONF:
            assert listed[name]["default"] == round(TABLEILP_CONF[original] * 1000), (name, original)
        elif original in TABLEILP_COUNTS:
            assert listed[name]["default"] == TABLEILP_COUNTS[original], (name, original)
    assert len([n for n in named.values() if n in TABLEILP_CONF or n in TABLEILP_COUNTS]) == 27
    edited = tmp_path / "mine.lp"
    edited.write_text((ROOT / "encodings" / "support_graph.lp").read_text().replace("#const w_row_use = 1000.", "#const w_row_use = 7."))
    assert json.loads(run("tables", "weights", "--encoding", str(edited), "--json").stdout)["w_row_use"]["default"] == 7
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--encoding", str(edited), "--const", "w_row_uses=1")
    assert result.exit_code == 2 and f"{edited} has no #const w_row_uses; it defines: " in result.stderr


def test_a_which_term_aligned_to_its_cell_earns_tableilps_boost():
    """"Which form of energy ...": the graph aligns the which-term *energy* to the cell "chemical
    energy" (FORM OF ENERGY), which entails it: whichTermBoost (1.5) on top of the rest of the
    objective, for each option whose graph does so."""
    question = ("Which form of energy is stored in a battery? (A) chemical energy (B) sound energy (C) light energy "
                "(D) kinetic energy")
    boosted = json.loads(run("tables", "answer", question, "--tables", STORE, "--json").stdout)
    plain = json.loads(run("tables", "answer", question, "--tables", STORE, "--json", "--const", "w_which=0").stdout)
    assert boosted["answer"] == plain["answer"] == "A"
    assert boosted["scores"] == {"A": 71.69, "B": None, "C": 48.21, "D": None}
    assert {k: round(v - plain["scores"][k], 3) for k, v in boosted["scores"].items() if v is not None} == {"A": 1.5, "C": 1.5}


def test_a_zero_width_character_in_a_question_changes_nothing_and_retrieval_is_bounded():
    plain = run("tables", "answer", NEW_YORK, "--tables", STORE, "--json")
    hidden = run("tables", "answer", NEW_YORK.replace("June", "Ju\u200bne").replace("longest", "long\u200best"),
                 "--tables", STORE, "--json")
    assert json.loads(hidden.stdout)["answer"] == json.loads(plain.stdout)["answer"] == "A"
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--max-rows", "20000")
    assert result.exit_code == 2 and "at most 2,000 rows are retrieved" in result.stderr


def test_the_rows_solver_says_when_its_model_was_trained_on_other_tables():
    result = run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--solver", "rows", "--json")
    assert result.exit_code == 0, result.output
    assert "pyasp: warning: the rows solver uses the shipped row model, trained on the WorldTree tables" in result.stderr
    assert json.loads(result.stdout)["n"] > 0


def test_answer_lists_the_relations_the_graph_used():
    result = run("tables", "answer", "Which process changes a liquid into a gas? (A) condensation (B) evaporation",
                 "--tables", STORE)
    assert result.exit_code == 0, result.output
    assert "relation fromTo of StateChange: pattern 'X into a Y' in the question" in result.stdout


def test_a_header_line_in_a_questions_file_is_named_as_one(tmp_path):
    questions = tmp_path / "q.tsv"
    questions.write_text("question\tanswer\nWhich month has the longest day in New York? (A) June (B) December\tA\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", str(questions))
    assert result.exit_code == 2 and "q.tsv:1: the answer 'ANSWER' is not a letter A-H (a header line?" in result.stderr


@pytest.mark.parametrize("shown", ["join/6", "rel_anywhere/1", "otitle/4"])
def test_a_copy_of_the_encoding_must_show_every_output_pyasp_reads(tmp_path, shown):
    """Without its #show line the joins (or relations, or header edges) of a graph would be left
    out of the answer without a word."""
    from pyasp.resources import encoding_path

    text = encoding_path("support_graph").read_text()
    assert f"#show {shown}." in text
    path = write(tmp_path, "copy.lp", text.replace(f"#show {shown}.", ""))
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--encoding", path)
    assert result.exit_code == 2 and shown in result.stderr and f"#show {shown}." in result.stderr, result.output


def test_no_support_graph_under_a_copy_of_the_encoding_names_the_copy(tmp_path):
    from pyasp.resources import encoding_path

    path = write(tmp_path, "none.lp", encoding_path("support_graph").read_text() + "\n:- option(_).\n")
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--encoding", path)
    assert result.exit_code == 1
    assert f"no option has a support graph in these tables (unsupported) -- or {path}, your copy of the encoding, " \
           "rules every graph out" in result.stderr


def test_eval_under_a_copy_that_rules_every_graph_out_says_so(tmp_path):
    from pyasp.resources import encoding_path

    path = write(tmp_path, "none.lp", encoding_path("support_graph").read_text() + "\n:- chosen(O).\n")
    result = run("tables", "eval", "--tables", STORE, "--questions", QUESTIONS, "--encoding", path, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["unanswered"] == json.loads(result.stdout)["n"]
    assert f"pyasp: warning: no question has a support graph: {path}, your copy of the encoding, may rule every graph out" \
        in result.stderr


def test_a_weight_in_a_copy_is_held_to_the_bound_of_an_override(tmp_path):
    """-c w_relevance=5000000 was refused (beyond 1,000,000: 32-bit overflow once multiplied by a
    score) while the same value written in the copy was used."""
    from pyasp.resources import encoding_path

    text = encoding_path("support_graph").read_text()
    assert "#const w_relevance = 80000." in text
    path = write(tmp_path, "big.lp", text.replace("#const w_relevance = 80000.", "#const w_relevance = 5000000."))
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--encoding", path)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"pyasp: error: {path}:") and "#const w_relevance = 5000000 is beyond 1,000,000" in result.stderr
    assert run("tables", "answer", NEW_YORK, "--tables", STORE, "--encoding", path, "-c", "w_relevance=80000").exit_code == 0


def test_a_question_longer_than_the_reader_takes_is_bad_input():
    result = run("tables", "answer", "Which word? " * 2000 + "(A) June (B) May", "--tables", STORE)
    assert result.exit_code == 2
    assert result.stderr.startswith("pyasp: error: the question's text has 24,016 characters; pyasp reads at most 20,000")


def test_train_refuses_the_options_objectives_weights_with_the_rows_objective(tmp_path):
    result = run("tables", "train", "--tables", STORE, "--questions", QUESTIONS, "--out", str(tmp_path / "r.json"),
                 "--objective", "rows", "--row-weight", "3")
    assert result.exit_code == 2 and "--objective rows learns from the rows alone" in result.stderr
    assert not (tmp_path / "r.json").exists()


def test_weights_refuses_a_const_beyond_the_bound_as_answer_does(tmp_path):
    from pyasp.resources import encoding_path

    path = write(tmp_path, "big.lp", encoding_path("support_graph").read_text().replace(
        "#const w_relevance = 80000.", "#const w_relevance = 5000000."))
    result = run("tables", "weights", "--encoding", path)
    assert result.exit_code == 2 and "#const w_relevance = 5000000 is beyond 1,000,000" in result.stderr


@pytest.mark.parametrize("option, value, message", [
    ("--C", "nan", "'nan' is not a number"),  # was "Input should be less than or equal to 1000000"
    ("--C", "0", "'0' is outside 1e-06..1e+06"),
    ("--sharpness", "inf", "'inf' is outside 1e-06..1e+06"),
])
def test_train_names_a_number_that_is_none_or_out_of_range(tmp_path, option, value, message):
    result = run("tables", "train", "--tables", STORE, "--questions", QUESTIONS, "--out", str(tmp_path / "r.json"),
                 option, value)
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_an_empty_exam_to_exclude_is_refused(tmp_path):
    """--exclude-exam "" silently dropped the default exclusion (NYSEDREGENTS) and excluded nothing."""
    header = "QuestionID\tAnswerKey\texamName\tcategory\texplanation\tquestion\n"
    worldtree = write(tmp_path, "wt.tsv", header + "q1\tA\tMCAS\tTrain\t\t" + NEW_YORK + "\n")
    result = run("tables", "tuning-set", "--questions", worldtree, "--held-out", QUESTIONS,
                 "--out", str(tmp_path / "t.tsv"), "--exclude-exam", "")
    assert result.exit_code == 2 and "--exclude-exam needs an exam name" in result.stderr


def test_answer_file_answers_each_question_and_exits_as_the_worst_one(tmp_path):
    """`tables answer --file`: one question a line (a Regents answer letter after a TAB is not
    read), each answered with its support rows or told why not; the exit code says the worst."""
    lines = ["# two questions", NEW_YORK + "\tB", "", "Which gas do plants take in? (A) oxygen (B) carbon dioxide"]
    result = run("tables", "answer", "--file", write(tmp_path, "q.txt", "\n".join(lines) + "\n"), "--tables", STORE, "--json")
    assert result.exit_code == 1 and "no answer: 1 of 2 questions without an answer (id 4)" in result.stderr
    first, second = json.loads(result.stdout)
    assert (first["id"], first["status"], first["answer"], first["score"]) == (2, "answered", "A", 48.719)
    assert first["question"] == NEW_YORK and {"ex-0001", "ex-0101"} <= {row["uid"] for row in first["support"]}
    assert (second["id"], second["status"], second["answer"]) == (4, "unsupported", None)
    result = run("tables", "answer", "--file", write(tmp_path, "r.txt", NEW_YORK + "\nno options here\n"), "--tables", STORE)
    assert result.exit_code == 2 and "some could not be read as questions" in result.stderr
    assert "48.719" in result.stdout and "ex-0001" in result.stdout  # the good line is not lost
    assert "not a question" in result.stdout


def test_answer_file_bad_usage_exits_2(tmp_path):
    for args, message in ((["tables", "answer", "--tables", STORE], "or --file FILE"),
                          (["tables", "answer", NEW_YORK, "--file", write(tmp_path, "q.txt", NEW_YORK), "--tables", STORE], "not both"),
                          (["tables", "answer", "--file", write(tmp_path, "e.txt", "# none\n"), "--tables", STORE], "e.txt: no question (one question"),
                          (["tables", "answer", "--file", str(tmp_path / "missing.txt"), "--tables", STORE], "not found")):
        result = run(*args)
        assert result.exit_code == 2 and message in result.stderr, (args, result.output)


def test_answer_file_ids_are_line_numbers_whatever_unicode_breaks_a_line_holds(tmp_path):
    text = "Which month has the longest day\x0c in New York? (A) June (B) December\r\n" + NEW_YORK + "\n"
    result = run("tables", "answer", "--file", write(tmp_path, "ff.txt", text), "--tables", STORE, "--json")
    assert result.exit_code == 0, result.output
    assert [(r["id"], r["answer"]) for r in json.loads(result.stdout)] == [(1, "A"), (2, "A")]


# =================================================================================================
# Malformed _relations.tsv lines: file and line named, exit 2 (or skipped with --skip-bad)
# =================================================================================================

STATE_CHANGE = ("[FILL]\tFROM\t[FILL]\tINTO\t[FILL]\tHOW\t[SKIP] UID\n"
                "changing from a\tliquid\tinto a\tsolid\thappens by\tdecreasing temperature\tsc-1\n"
                "changing from a\tsolid\tinto a\tliquid\thappens by\tincreasing temperature\tsc-2\n")
FREEZING = "What happens when water changes from a liquid to a solid? (A) decrease temperature (B) increase temperature"
CHANGED_BY = "changedBy\tStateChange\tFROM\tHOW\tX Y\n"


def _state_change(tmp_path, relations: str) -> tuple[str, Path]:
    store = tmp_path / "store"
    store.mkdir(parents=True, exist_ok=True)
    (store / "StateChange.tsv").write_text(STATE_CHANGE)
    (store / "_relations.tsv").write_text(relations)
    return str(store), store / "_relations.tsv"


@pytest.mark.parametrize("lines, where, message", [  # where: the line after the comment line
    # an empty pattern among others was dropped without a word
    ("fromTo\tStateChange\tFROM\tINTO\tX to a Y||\n", 1, "pattern 2 of relation fromTo is empty ('X to a Y||'): "
                                                        "patterns are separated by one | with no | at either end"),
    ("fromTo\tStateChange\tFROM\tINTO\t|X to a Y\n", 1, "pattern 1 of relation fromTo is empty"),
    ("fromTo\tStateChange\tFROM\tINTO\t |\n", 1, "relation fromTo has no pattern"),
    # X or Y not a word of its own was accepted and the pattern never matched
    ("fromTo\tStateChange\tFROM\tINTO\tX's Y\n", 1, "pattern \"X's Y\": X must be a word of its own, with spaces around it"),
    ("fromTo\tStateChange\tFROM\tINTO\tX to Y or X\n", 1, "pattern 'X to Y or X' names X 2 times"),
    ("fromTo\tStateChange\tFROM\tINTO\tx to a y\n", 1, "pattern 'x to a y' must mention both X and Y (in capitals)"),
    # one column named twice in two letter cases made a relation of a column with itself
    ("fromTo\tStateChange\tFROM\tfrom\tX to a Y\n", 1, "relation fromTo joins column FROM to itself"),
    # a relation named again for other columns was a second relation of the same name
    ("fromTo\tStateChange\tFROM\tINTO\tX to a Y\nfromTo\tStateChange\tINTO\tHOW\tX by Y\n", 2,
     "relation fromTo of table 'StateChange' is already declared on line 2 from FROM to INTO; "
     "a relation links one pair of columns: give this one another name"),
    ("fromTo\tStateChange\tFROM\tINTO\tX to a Y\t\n", 1, "expected RELATION<TAB>TABLE<TAB>COLUMN1<TAB>COLUMN2<TAB>PATTERNS, got 6 fields "
                                                      "(the last one empty: is a tab left at the end of the line?)"),
    ("fromTo\tStateChange\tFROM\tINTO\n", 1, "expected RELATION<TAB>TABLE<TAB>COLUMN1<TAB>COLUMN2<TAB>PATTERNS, got 4 fields"),
    ("fromTo\tStateChange\t\tINTO\tX to a Y\n", 1, "field 3 (COLUMN1) is empty"),
    ("fromTo\tStateChange\tFROM\tWHERE\tX to a Y\n", 1, "table 'StateChange' has no data column 'WHERE' (its data columns: FROM, INTO, HOW)"),
    ("fromTo\tStateChange\tFROM\tUID\tX to a Y\n", 1, "table 'StateChange' has no data column 'UID'; it is a [SKIP] column"),
    ("fromTo\tStateChanges\tFROM\tINTO\tX to a Y\n", 1, "no table named 'StateChanges' (did you mean 'StateChange'?)"),
])
def test_a_malformed_relations_line_is_named_with_its_file_and_line(tmp_path, lines, where, message):
    store, path = _state_change(tmp_path, "# RELATION TABLE COLUMN1 COLUMN2 PATTERNS\n" + lines + CHANGED_BY)
    result = run("tables", "answer", FREEZING, "--tables", store)
    assert result.exit_code == 2, result.output
    assert f"{path}:{where + 1}: {message}" in result.stderr and "Traceback" not in result.output


def test_skip_bad_skips_a_malformed_relations_line_with_a_warning(tmp_path):
    store, path = _state_change(tmp_path, "fromTo\tStateChange\tFROM\tINTO\tX to a Y||\n"
                                          "fromTo\tStateChange\tFROM\tINTO\tX to a Y\n" + CHANGED_BY)
    result = run("tables", "answer", FREEZING, "--tables", store, "--skip-bad", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"pyasp: warning: skipped {path}:1: pattern 2 of relation fromTo is empty")
    data = json.loads(result.stdout)
    assert data["answer"] == "A"
    assert {"relation": "fromTo", "table": "StateChange", "pattern": "X to a Y", "in": "question"} in data["relations"]


@pytest.mark.parametrize("from_to", [
    "fromTo\tStateChange\tFROM\tINTO\tX to a Y\nfromTo\tStateChange\tFROM\tINTO\tX to a Y\n",  # the line twice
    "fromTo\tStateChange\tFROM\tINTO\tX to a Y|X to a Y\n",  # the pattern twice
    "fromTo\tStateChange\tFROM\tINTO\tX to a Y\nfromTo\tStateChange\tFROM\tINTO\tfrom X to a Y\n",  # over two lines
    "fromTo\tStateChange\tFROM\tINTO\tX to a Y|X to Y\n",  # two patterns that match one place ("to a solid")
])
def test_a_relation_written_twice_counts_once(tmp_path, from_to):
    """A relation's line or pattern written twice was two relations, or two matches of "to a", and
    earned relationMatchCoeff (0.2) twice: the score moved with how the sidecar was written."""
    once = json.loads(run("tables", "answer", FREEZING, "--tables",
                          _state_change(tmp_path / "once", "fromTo\tStateChange\tFROM\tINTO\tX to a Y\n" + CHANGED_BY)[0],
                          "--json").stdout)
    result = run("tables", "answer", FREEZING, "--tables", _state_change(tmp_path / "twice", from_to + CHANGED_BY)[0], "--json")
    assert result.exit_code == 0, result.output
    twice = json.loads(result.stdout)
    assert (twice["answer"], twice["scores"]) == (once["answer"], once["scores"]) and once["answer"] == "A"
    assert [r for r in twice["relations"] if r["relation"] == "fromTo"] == [r for r in once["relations"] if r["relation"] == "fromTo"]


ROCK_KINDS = ("HYPONYM\t[FILL]\tHYPERNYM\t[SKIP] UID\n"
              "basalt\tis a kind of\tigneous rock\tk-1\n"
              "marble\tis a kind of\tmetamorphic rock\tk-2\n")
ROCK_FORMATION = ("ROCK\t[FILL]\tPROCESS\t[SKIP] UID\n"
                  "igneous rock\tis formed by\tcooling\tr-1\n"
                  "sedimentary rock\tis formed by\tdeposition\tr-2\n"
                  "metamorphic rock\tis formed by\tpressure\tr-3\n")


def test_a_declared_kind_is_not_outscored_by_half_a_wordnet_kind(tmp_path):
    """A user's report: "marble" is a kind of rock in WordNet (not of metamorphic rock), so it
    aligned to half of each "... rock" cell, and "Which process forms marble?" answered cooling
    (igneous rock) without the store's "marble is a kind of metamorphic rock" and its join. A word
    is a kind of a compound WordNet knows only when it is a kind of the whole: the join answers."""
    store = tmp_path / "rocks"
    store.mkdir()
    (store / "KindOf.tsv").write_text(ROCK_KINDS)
    (store / "RockFormation.tsv").write_text(ROCK_FORMATION)
    (store / "_joins.tsv").write_text("KindOf\tHYPERNYM\tRockFormation\tROCK\n")
    result = run("tables", "answer", "Which process forms marble? (A) cooling (B) deposition (C) pressure",
                 "--tables", str(store), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["answer"] == "C" and data["scores"]["A"] is None and data["scores"]["B"] is None
    assert {row["uid"] for row in data["support"]} == {"k-2", "r-3"} and data["joins"]
    # basalt is a kind of igneous rock in WordNet too: its row is enough, the others have no graph
    data = json.loads(run("tables", "answer", "Which process forms basalt? (A) cooling (B) deposition (C) pressure",
                          "--tables", str(store), "--json").stdout)
    assert data["answer"] == "A" and data["scores"]["B"] is None and data["scores"]["C"] is None


def test_a_kind_wordnet_knows_in_part_is_left_to_the_join_when_the_kind_word_stands_alone(tmp_path):
    """docs/support_graphs.md, "Limits a table author meets": "pine" is a kind of tree in WordNet,
    half of "deciduous tree" and of "evergreen tree" alike (not WordNet nouns), so the two
    options tie and the declared chain does not break the tie; with the kind's own word alone in
    its cell ("evergreen", "tree" in a [FILL] column) the chain is the only path and answers."""
    kinds = "HYPONYM\t[FILL]\tHYPERNYM\t[SKIP] UID\nmaple\tis a kind of\tdeciduous tree\tk-1\npine\tis a kind of\tevergreen tree\tk-2\n"
    question = "What happens to a pine tree in fall? (A) it loses its leaves (B) it keeps its leaves"
    stores = {
        "limit": ("TREE\t[FILL]\tLEAVES\t[SKIP] UID\ndeciduous tree\tin fall\tloses its leaves\tt-1\n"
                  "evergreen tree\tin fall\tkeeps its leaves\tt-2\n", "TREE"),
        "workaround": ("[FILL]\tKIND OF TREE\t[FILL]\tLEAVES\t[SKIP] UID\na\tdeciduous\ttree in fall\tloses its leaves\tt-1\n"
                       "an\tevergreen\ttree in fall\tkeeps its leaves\tt-2\n", "KIND OF TREE"),
    }
    answers = {}
    for name, (traits, column) in stores.items():
        store = tmp_path / name
        store.mkdir()
        (store / "KindOf.tsv").write_text(kinds)
        (store / "TreeTraits.tsv").write_text(traits)
        (store / "_joins.tsv").write_text(f"KindOf\tHYPERNYM\tTreeTraits\t{column}\n")
        result = run("tables", "answer", question, "--tables", str(store), "--json")
        assert result.exit_code == 0, result.output
        answers[name] = json.loads(result.stdout)
    assert answers["limit"]["tie"] and answers["limit"]["joins"] == []
    fixed = answers["workaround"]
    assert (fixed["answer"], fixed["tie"], fixed["scores"]["A"]) == ("B", False, None)
    assert {row["uid"] for row in fixed["support"]} == {"k-2", "t-2"} and fixed["joins"]


HEMISPHERE_JOIN = "PlaceHemisphere\tHEMISPHERE\tHemisphereDaylight\tHEMISPHERE\n"


@pytest.mark.parametrize("line, message", [
    (HEMISPHERE_JOIN.replace("\n", "\t\n"), "expected TABLE1<TAB>COLUMN1<TAB>TABLE2<TAB>COLUMN2, got 5 fields "
                                               "(the last one empty: is a tab left at the end of the line?)"),
    ("PlaceHemisphere\t\tHemisphereDaylight\tHEMISPHERE\n", "field 2 (COLUMN1) is empty"),
    ("PlaceHemisphere\tPLACES\tHemisphereDaylight\tHEMISPHERE\n",
     "table 'PlaceHemisphere' has no data column 'PLACES' (its data columns: PLACE, HEMISPHERE (North, South))"),
])
def test_a_malformed_joins_line_is_named_with_its_file_and_line(tmp_path, line, message):
    joins = write(tmp_path, "joins.tsv", "# joins\n" + line)
    result = run("tables", "answer", NEW_YORK, "--tables", STORE, "--joins", joins)
    assert result.exit_code == 2 and f"{joins}:2: {message}" in result.stderr, result.output


def test_a_join_written_twice_or_both_ways_is_one_join(tmp_path):
    once = run("tables", "answer", NEW_YORK, "--tables", STORE, "--joins", write(tmp_path, "once.tsv", HEMISPHERE_JOIN), "--json")
    reverse = "HemisphereDaylight\tHEMISPHERE\tPlaceHemisphere\tHEMISPHERE\n"
    twice = run("tables", "answer", NEW_YORK, "--tables", STORE, "--joins",
                write(tmp_path, "twice.tsv", HEMISPHERE_JOIN + HEMISPHERE_JOIN + reverse), "--json")
    assert once.exit_code == twice.exit_code == 0, twice.output
    assert json.loads(once.stdout)["scores"] == json.loads(twice.stdout)["scores"] == {"A": 48.719, "B": 46.704, "C": None}


@pytest.mark.parametrize("command, option, value, message", [
    ("answer", "--ranking", "row", "--ranking is rows, tables or options, not 'row'"),
    ("answer", "--retrieval-words", "lemmas", "--retrieval-words is family or lemma, not 'lemmas'"),
    ("eval", "--solver", "tfidf", "--solver is ilp, ir or rows, not 'tfidf'"),
    ("train", "--retrieval-words", "words", "--retrieval-words is family or lemma, not 'words'"),
    ("train", "--objective", "row", "--objective is rows or options, not 'row'"),
    ("train", "--embedding", "glove", "--embedding is static, minilm or none, not 'glove'"),
])
def test_a_value_no_choice_of_the_option_names_the_option_as_typed(tmp_path, command, option, value, message):
    """The library's check named its Python parameter ("ranking is ...", "retrieval words are
    ..."), not the option the user typed; and it came only after the tables were loaded."""
    given = {"answer": [NEW_YORK], "eval": ["--questions", QUESTIONS],
             "train": ["--questions", QUESTIONS, "--out", str(tmp_path / "r.json")]}[command]
    result = run("tables", command, *given, "--tables", STORE, option, value)
    assert result.exit_code == 2 and result.stderr.strip() == f"pyasp: error: {message}", result.output
    assert not (tmp_path / "r.json").exists()
