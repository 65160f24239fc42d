"""Support graphs over tables (TableILP) as a user meets them: the example store and its
questions, evidence chaining through a join, parallel evidence, relation matching, ties, the
question parser, and bad tables or sidecars.

Stores other than ``examples/tables`` are written into ``tmp_path`` by the tests themselves, so
that each test shows the rows its answer rests on.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyasp.errors import InputError, PyaspWarning
from pyasp.tables.engine import CLINGO_OPTIONS, TableSolver, to_dot
from pyasp.tables.question import parse_question, split_options
from pyasp.tables.store import TablesError, load_store, read_table

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_STORE = ROOT / "examples" / "tables"


def write_store(folder: Path, files: dict[str, str | bytes]) -> Path:
    """Write a table store: file name -> content (lines of text, or raw bytes)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def tsv(*rows: str) -> str:
    """Lines of a TSV file; cells are written separated by `` | `` for readability."""
    return "".join("\t".join(cell.strip() for cell in row.split("|")) + "\n" for row in rows)


def uids(result, table: str | None = None) -> set[str]:
    return {row.uid for row in result.support if table is None or row.table == table}


@pytest.fixture(scope="module")
def example_solver() -> TableSolver:
    return TableSolver(load_store(EXAMPLE_STORE))


# =================================================================================================
# The example store
# =================================================================================================

def _example_questions() -> list[tuple[str, str]]:
    lines = (EXAMPLE_STORE.parent / "tables_questions.tsv").read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines if line.strip()]


def test_example_store_answers_its_questions(example_solver):
    questions = _example_questions()
    assert 8 <= len(questions) <= 15
    wrong = []
    for text, gold in questions:
        result = example_solver.answer(text)
        if result.answer != gold or result.tie:
            wrong.append((text, gold, result.answer, result.scores))
    assert not wrong


def test_clingo_search_options_leave_every_optimum_as_it_is():
    """The shipped search options (CLINGO_OPTIONS) only change how fast clingo finds and proves
    the optimum: every option's score is the one clingo's defaults give."""
    store = load_store(EXAMPLE_STORE)
    shipped, plain = TableSolver(store), TableSolver(store, clingo_options=())
    assert shipped.clingo_options == CLINGO_OPTIONS and CLINGO_OPTIONS
    for text, _ in _example_questions():
        assert shipped.answer(text).scores == plain.answer(text).scores, text


def test_example_store_reads_its_sidecars():
    store = load_store(EXAMPLE_STORE)
    assert store.warnings == []
    assert {"PlaceHemisphere", "HemisphereDaylight", "KindOf", "StateChange"} <= set(store.tables)
    assert store.may_join("PlaceHemisphere", 2, "HemisphereDaylight", 1)
    assert not store.may_join("KindOf", 0, "Units", 0)
    (from_to,) = [r for r in store.relations if r.name == "fromTo"]
    table = store.tables["StateChange"]
    assert (table.columns[from_to.column1].label, table.columns[from_to.column2].label) == ("FROM", "INTO")
    assert "X to a Y" in from_to.patterns


def test_support_rows_say_where_they_come_from(example_solver):
    result = example_solver.answer(
        "Which material is a good conductor of electricity? (A) copper (B) rubber (C) wood (D) glass")
    assert result.answer == "A" and not result.tie
    (row,) = result.support
    assert (row.table, row.uid) == ("MaterialProperties", "ex-0401")
    assert row.sentence == "copper is a good conductor of electricity or conductor of heat"
    assert row.cells["MATERIAL"] == "copper"
    assert {"column": "MATERIAL", "option": "copper"} in row.aligned_to
    assert {a["question"] for a in row.aligned_to if "question" in a} == {"conductor", "electricity"}
    assert result.score == result.scores["A"] and result.score > result.runner_up


# =================================================================================================
# Evidence chaining: place -> hemisphere -> month
# =================================================================================================

LOCATIONS = tsv(
    "COUNTRY/STATE | [FILL]            | HEMISPHERE          | [SKIP] UID",
    "New York      | is located in the | northern hemisphere | loc-1",
    "Canada        | is located in the | northern hemisphere | loc-2",
    "Australia     | is located in the | southern hemisphere | loc-3",
    "Argentina     | is located in the | southern hemisphere | loc-4",
)
LONGEST_DAY = tsv(
    "[FILL] | HEMISPHERE          | [FILL] | ORBITAL EVENT             | [FILL] | MONTH    | [SKIP] UID",
    "in the | northern hemisphere | the    | longest day;most daylight | is in  | June     | mon-1",
    "in the | southern hemisphere | the    | longest day;most daylight | is in  | December | mon-2",
)
BOTH_SOLSTICES = LONGEST_DAY + tsv(
    "in the | northern hemisphere | the    | shortest day;least daylight | is in  | December | mon-3",
    "in the | southern hemisphere | the    | shortest day;least daylight | is in  | June     | mon-4",
)
HEMISPHERE_JOIN = "Locations\tHEMISPHERE\tMonths\tHEMISPHERE\n"
NEW_YORK = "Which month has the longest daylight in New York? (A) June (B) December (C) March (D) September"


def test_chaining_through_a_join_answers_what_no_single_table_does(tmp_path):
    months_only = TableSolver(load_store(write_store(tmp_path / "months", {"Months.tsv": LONGEST_DAY})))
    alone = months_only.answer(NEW_YORK)
    assert alone.tie and set(alone.tied) == {"A", "B"}  # June and December both have a longest day
    assert alone.answer == "A" and alone.support  # of tied options the first, with its own support graph
    reversed_options = months_only.answer("Which month has the longest daylight in New York? (A) December (B) June")
    assert reversed_options.tie and reversed_options.answer == "A"
    assert any("December" in row.sentence for row in reversed_options.support)

    store = write_store(tmp_path / "both", {"Locations.tsv": LOCATIONS, "Months.tsv": LONGEST_DAY,
                                            "_joins.tsv": HEMISPHERE_JOIN})
    result = TableSolver(load_store(store)).answer(NEW_YORK)
    assert result.answer == "A" and not result.tie
    assert uids(result) == {"loc-1", "mon-1"}
    (join,) = result.joins
    ends = {join["from"]["table"]: join["from"], join["to"]["table"]: join["to"]}
    assert ends["Locations"]["uid"] == "loc-1" and ends["Months"]["uid"] == "mon-1"
    assert ends["Locations"]["cell"] == ends["Months"]["cell"] == "northern hemisphere"
    # max_joins bounds the joins of a graph: with none allowed, the chain is gone and so is the answer
    unjoined = TableSolver(load_store(store), consts={"max_joins": 0}).answer(NEW_YORK)
    assert not unjoined.joins and unjoined.tie and set(unjoined.tied) == {"A", "B"}


def test_chaining_follows_the_place_to_the_other_hemisphere(tmp_path):
    store = write_store(tmp_path, {"Locations.tsv": LOCATIONS, "Months.tsv": LONGEST_DAY,
                                   "_joins.tsv": HEMISPHERE_JOIN})
    result = TableSolver(load_store(store)).answer(
        "Which month has the most daylight in Australia? (A) June (B) December")
    assert result.answer == "B" and not result.tie
    assert uids(result) == {"loc-3", "mon-2"} and len(result.joins) == 1


def test_no_join_without_the_joins_sidecar_entry(tmp_path):
    store = write_store(tmp_path, {"Locations.tsv": LOCATIONS, "Months.tsv": LONGEST_DAY,
                                   "_joins.tsv": "# no join allowed\n"})
    result = TableSolver(load_store(store)).answer(NEW_YORK)
    assert result.joins == [] and result.tie


def test_chaining_with_both_solstices_in_the_month_table(tmp_path):
    store = write_store(tmp_path, {"Locations.tsv": LOCATIONS, "Months.tsv": BOTH_SOLSTICES,
                                   "_joins.tsv": HEMISPHERE_JOIN})
    result = TableSolver(load_store(store)).answer(NEW_YORK)
    assert result.answer == "A" and not result.tie
    assert uids(result) == {"loc-1", "mon-1"} and len(result.joins) == 1


def test_example_store_chains_new_york_to_june(example_solver):
    result = example_solver.answer(NEW_YORK)
    assert result.answer == "A" and not result.tie
    assert {"ex-0001", "ex-0101"} <= uids(result) and result.joins


# Months with one shortest-day row: without the antonym refusal it aligned to "longest day"
# through "day" and, with "southern hemisphere", gave June two rows of parallel evidence
ONE_SHORTEST_DAY = tsv(
    "[FILL] | HEMISPHERE          | [FILL] | ORBITAL EVENT               | [FILL] | MONTH    | [SKIP] UID",
    "in the | northern hemisphere | the    | longest day;most daylight   | is in  | June     | mon-1",
    "in the | southern hemisphere | the    | longest day;most daylight   | is in  | December | mon-2",
    "in the | southern hemisphere | the    | shortest day;least daylight | is in  | June     | mon-4",
)


def test_a_row_that_says_the_opposite_is_no_evidence(tmp_path):
    """"the shortest day" is no support for a question about "the longest day", though the two
    share "day": the row of the southern hemisphere's shortest day (June) made June win "the
    longest day in the southern hemisphere" as parallel evidence with the northern row's longest
    day. The row relevance is switched off (w_relevance=0), so that the alignments alone decide."""
    solver = TableSolver(load_store(write_store(tmp_path, {"Months.tsv": ONE_SHORTEST_DAY})), consts={"w_relevance": 0})
    question = "Which month has the longest day in the southern hemisphere? (A) June (B) December"
    result = solver.answer(question)
    assert result.answer == "B" and not result.tie  # was June, on mon-1 and mon-4
    assert uids(result) == {"mon-2"}
    # no word of "longest day" aligns to the shortest-day cell, not even "day" alone
    grounded = solver.ground(solver.read(question))
    t = next(t for t, r in enumerate(grounded.retrieved, start=1) if r.table.name == "Months")
    shortest = grounded.retrieved[t - 1].table.rows.index(next(row for row in grounded.retrieved[t - 1].table.rows if row.uid == "mon-4"))
    words = {q.index + 1: q.words for q in grounded.question.constituents}
    on_shortest = {words[f[1]] for f in grounded.facts if f[0] == "e_qcell" and f[2:4] == (t, shortest)}
    assert on_shortest == {("southern",), ("hemisphere",), ("southern", "hemisphere")}
    # with no hemisphere in the question, June's two rows were one too many: now a tie
    alone = solver.answer("Which month has the longest day? (A) June (B) December")
    assert alone.tie and set(alone.tied) == {"A", "B"}


def test_the_example_store_aligns_no_longest_day_to_a_shortest_day(example_solver):
    """The user's question: June won on "longest day" aligned to "shortest day;least
    daylight;winter solstice" (ex-0104, southern hemisphere). Neither option's graph uses an
    antonym now (which month wins is up to the chain through Australia, see docs/support_graphs.md)."""
    for letters in ("(A) June (B) March", "(A) December (B) March"):
        result = example_solver.answer(f"Which month has the longest day in Australia? {letters}")
        for row in result.support:
            if "shortest" in row.cells["ORBITAL EVENT"]:
                assert not any("question" in a and a["column"] == "ORBITAL EVENT" for a in row.aligned_to)
        assert "ex-0104" not in uids(result) and "ex-0102" not in uids(result)


# =================================================================================================
# Parallel evidence: several rows of one table
# =================================================================================================

def test_parallel_evidence_from_several_rows_of_one_table(example_solver):
    result = example_solver.answer(
        "Sleet, rain, snow, and hail are forms of (A) precipitation (B) erosion (C) evaporation (D) condensation")
    assert result.answer == "A" and not result.tie
    assert {row.table for row in result.support} == {"KindOf"}
    precipitation_rows = {"ex-0201", "ex-0202", "ex-0203", "ex-0204"}
    assert len(result.support) >= 3 and uids(result) <= precipitation_rows
    # each row is tied to the option and to the question
    for row in result.support:
        assert any(a.get("option") == "precipitation" for a in row.aligned_to)
        assert any("question" in a for a in row.aligned_to)


# =================================================================================================
# Relation matching: which end of "X to a Y" a word belongs to
# =================================================================================================

STATE_CHANGE = tsv(
    "[FILL]                | FROM   | [FILL] | INTO   | [FILL]     | HOW                    | [SKIP] UID",
    "changing from a       | liquid | into a | solid  | happens by | decreasing temperature | sc-1",
    "changing from a       | solid  | into a | liquid | happens by | increasing temperature | sc-2",
    "changing from a       | liquid | into a | gas    | happens by | increasing temperature | sc-3",
    "changing from a       | gas    | into a | liquid | happens by | decreasing temperature | sc-4",
)
FROM_TO = "fromTo\tStateChange\tFROM\tINTO\tX to a Y\n"
# A column outside every relation of its table is never used, so HOW needs a relation too; its
# pattern "X Y" lets it hold without the question expressing it.
CHANGED_BY = "changedBy\tStateChange\tFROM\tHOW\tX Y\n"
CHANGES = [  # question, answer, the row that says so
    ("What happens when water changes from a liquid to a solid? "
     "(A) decrease temperature (B) increase temperature", "A", "sc-1"),
    ("What happens when water changes from a solid to a liquid? "
     "(A) decrease temperature (B) increase temperature", "B", "sc-2"),
    ("What happens when water changes from a gas to a liquid? "
     "(A) decrease temperature (B) increase temperature", "A", "sc-4"),
    ("What happens when water changes from a liquid to a gas? "
     "(A) decrease temperature (B) increase temperature", "B", "sc-3"),
]
FREEZING = CHANGES[0][0]


@pytest.fixture(scope="module")
def state_change(tmp_path_factory) -> dict[str, TableSolver]:
    """The state-change table with its relations, without them, and with fromTo alone."""
    root = tmp_path_factory.mktemp("state_change")
    stores = {"relations": {"_relations.tsv": FROM_TO + CHANGED_BY}, "none": {}, "fromTo only": {"_relations.tsv": FROM_TO}}
    return {name: TableSolver(load_store(write_store(root / name.replace(" ", "_"), {"StateChange.tsv": STATE_CHANGE, **extra})))
            for name, extra in stores.items()}


def test_relation_pattern_orients_the_question(state_change):
    result = state_change["relations"].answer(FREEZING)
    assert result.answer == "A" and not result.tie
    assert uids(result) == {"sc-1"}
    assert {"relation": "fromTo", "table": "StateChange", "pattern": "X to a Y", "in": "question"} in result.relations
    (row,) = result.support
    assert {"column": "FROM", "question": "liquid"} in row.aligned_to
    assert {"column": "INTO", "question": "solid"} in row.aligned_to


def test_relations_used_without_a_pattern_are_reported_and_priced(state_change, tmp_path):
    """A relation used with no pattern of it in the text is listed ("in": "anywhere"), and its
    cost (w_relation_none, or w_relation_empty for the free pattern "X Y") is a term of the
    objective that option_features reads back: the terms add up to clingo's score."""
    from pyasp.tables.features import objective, option_features
    from pyasp.tables.ground import integer_consts

    result = state_change["relations"].answer(FREEZING)
    assert {"relation": "changedBy", "table": "StateChange", "pattern": "X Y", "in": "anywhere"} in result.relations
    strict = "changedBy\tStateChange\tFROM\tHOW\tX is changed by Y\n"  # no free pattern: using it costs
    solver = TableSolver(load_store(write_store(tmp_path, {"StateChange.tsv": STATE_CHANGE, "_relations.tsv": FROM_TO + strict})))
    result = solver.answer(FREEZING)
    assert {"relation": "changedBy", "table": "StateChange", "pattern": None, "in": "anywhere"} in result.relations
    weights = {name: value / 1000 for name, value in integer_consts(None).items()}
    grounded, models, scores, _ = solver.solve_options(solver.read(FREEZING))
    terms = option_features(grounded, models[result.answer], result.answer)
    assert terms["relations_none"] == 1 and terms["relations"] >= 1
    assert objective(terms, weights) == pytest.approx(scores[result.answer], abs=0.02)


FOOD_CHAIN = tsv(
    "ORGANISM | [FILL] | FOOD SOURCE | [SKIP] UID",
    "rabbit   | eats   | grass       | c-01",
    "fox      | eats   | rabbit      | c-02",
    "hawk     | eats   | snake       | c-03",
)
EATS_RELATION = "eats\tFoodChain\tORGANISM\tFOOD SOURCE\tX eats Y|Y is eaten by X\n"


def test_a_relation_read_against_the_questions_pattern_pays_for_it(tmp_path):
    """"Which animal eats rabbits?" read "rabbit eats grass" backwards at the paper's -5 and chose
    grass only 5 points behind fox; against a pattern the question holds it costs
    w_relation_against (-20), is listed as such, and the terms still add up to clingo's score."""
    from pyasp.tables.features import objective, option_features
    from pyasp.tables.ground import integer_consts

    solver = TableSolver(load_store(write_store(tmp_path, {"FoodChain.tsv": FOOD_CHAIN, "_relations.tsv": EATS_RELATION})))
    question = "Which animal eats rabbits? (A) grass (B) fox"
    result = solver.answer(question)
    assert result.answer == "B" and uids(result) == {"c-02"}
    grounded, models, scores, _ = solver.solve_options(solver.read(question))
    terms = option_features(grounded, models["A"], "A")
    assert terms["relations_against"] == 1
    weights = {name: value / 1000 for name, value in integer_consts(None).items()}
    assert objective(terms, weights) == pytest.approx(scores["A"], abs=0.02)
    assert scores["B"] - scores["A"] > 20
    backwards = solver.answer("Which animal eats the fox? (A) rabbit (B) hawk")
    assert {"relation": "eats", "table": "FoodChain", "pattern": None, "in": "anywhere", "against": "X eats Y"} \
        in backwards.relations




ANIMAL_KIND = tsv(
    "ANIMAL | [FILL]       | GROUP              | [SKIP] UID",
    "rabbit | is a kind of | herbivore;mammal   | k-01",
    "fox    | is a kind of | carnivore;mammal   | k-02",
    "owl    | is a kind of | bird;carnivore     | k-03",
)


def test_a_join_does_not_carry_a_question_word_past_the_relations_pattern(tmp_path):
    """A user's store: with FoodChain joined to AnimalKind on the animal, "Which animal eats the
    fox?" reached "fox eats rabbit" through "fox is a kind of carnivore" and read the pattern "X
    eats Y" as matched (fox on the eater's side), scoring as if no join penalty were due. The
    question's fox sits in a joined cell it could align to, so the reading is against the
    pattern, as it is without the join."""
    files = {"FoodChain.tsv": FOOD_CHAIN, "AnimalKind.tsv": ANIMAL_KIND, "_relations.tsv": EATS_RELATION}
    question = "Which animal eats the fox? (A) rabbit (B) owl"
    joined = TableSolver(load_store(write_store(tmp_path / "joined", {
        **files, "_joins.tsv": "FoodChain\tORGANISM\tAnimalKind\tANIMAL\n"})))
    alone = TableSolver(load_store(write_store(tmp_path / "alone", files)))
    against = {"relation": "eats", "table": "FoodChain", "pattern": None, "in": "anywhere", "against": "X eats Y"}
    with_join, without = joined.answer(question), alone.answer(question)
    assert "c-02" in uids(with_join) and "c-02" in uids(without)
    assert against in with_join.relations and against in without.relations
    assert with_join.score == pytest.approx(without.score)
@pytest.mark.parametrize("free", ["Y X", "X  Y", "the Y X"])
def test_any_pattern_with_nothing_between_x_and_y_is_free(state_change, tmp_path, free):
    """"Y X" (or "X Y" spaced twice) lets a relation hold anywhere as "X Y" does: before, only the
    exact text "X Y" did, and "Y X" matched nothing."""
    sidecar = FROM_TO + f"changedBy\tStateChange\tFROM\tHOW\tX is changed by Y|{free}\n"
    solver = TableSolver(load_store(write_store(tmp_path, {"StateChange.tsv": STATE_CHANGE, "_relations.tsv": sidecar})))
    result = solver.answer(FREEZING)
    assert {"relation": "changedBy", "table": "StateChange", "pattern": free, "in": "anywhere"} in result.relations


@pytest.mark.parametrize("question, answer, uid", CHANGES)
def test_relation_pattern_in_both_directions(state_change, question, answer, uid):
    result = state_change["relations"].answer(question)
    assert (result.answer, result.tie) == (answer, False)
    assert uid in uids(result)


@pytest.mark.parametrize("question, answer, uid", CHANGES)
def test_without_relations_the_direction_is_lost(state_change, question, answer, uid):
    result = state_change["none"].answer(question)
    assert result.tie and set(result.tied) == {"A", "B"}
    assert result.scores["A"] == result.scores["B"]
    assert result.relations == []


def test_column_outside_every_relation_is_never_used(state_change):
    result = state_change["fromTo only"].answer(FREEZING)
    # the options only match HOW, which no relation of StateChange covers
    assert result.answer is None and result.support == []
    assert result.scores == {"A": None, "B": None}


@pytest.mark.parametrize("question, answer", [
    ("What change happens during melting? (A) liquid to solid (B) solid to liquid (C) gas to liquid", "B"),
    ("Melting is a change (A) from a liquid to a solid (B) from a solid to a liquid", "B"),
    ("What change happens during condensation? (A) liquid to gas (B) solid to liquid (C) gas to liquid", "C"),
])
def test_options_that_differ_only_in_direction(example_solver, question, answer):
    # every option names "liquid", but on different ends of "X to Y": the word still tells them apart
    result = example_solver.answer(question)
    assert (result.answer, result.tie) == (answer, False)
    (row,) = result.support
    assert {"column": "INTO", "option": "liquid"} in row.aligned_to or {"column": "FROM", "option": "liquid"} in row.aligned_to


def test_relation_pattern_into(example_solver):
    for question, answer, uid in [
        ("Which process changes a gas into a liquid? (A) condensation (B) evaporation (C) melting (D) freezing", "A", "ex-0304"),
        ("Which process changes a liquid into a gas? (A) condensation (B) evaporation (C) melting (D) freezing", "B", "ex-0303"),
    ]:
        result = example_solver.answer(question)
        assert (result.answer, result.tie, uids(result)) == (answer, False, {uid})
        assert {r["relation"] for r in result.relations if r["in"] != "anywhere"} == {"fromTo"}
        dot = to_dot(result)  # the relation stands on the rows it was read off
        assert re.search(r'rel\d+ \[shape=hexagon, label="fromTo: \'[^\']*\' in the question"\]', dot)
        assert re.search(r"rel\d+ -> row0 \[style=dotted", dot)


# =================================================================================================
# Ties
# =================================================================================================

def test_identical_support_is_a_tie(tmp_path):
    store = write_store(tmp_path, {"Diet.tsv": tsv(
        "ANIMAL  | [FILL] | FOOD    | [SKIP] UID",
        "sparrow | eats   | seeds   | d-1",
        "sparrow | eats   | insects | d-2",
        "cow     | eats   | grass   | d-3",
    )})
    solver = TableSolver(load_store(store))
    result = solver.answer("What does a sparrow eat? (A) seeds (B) insects (C) grass")
    assert result.tie and result.tied == ["A", "B"]
    assert result.answer in result.tied
    assert result.scores["A"] == result.scores["B"] and result.scores["C"] is None
    assert uids(result) == {"d-1" if result.answer == "A" else "d-2"}

    unique = solver.answer("What does a cow eat? (A) seeds (B) insects (C) grass")
    assert (unique.answer, unique.tie, unique.tied, uids(unique)) == ("C", False, ["C"], {"d-3"})


ORBITS = "Which is true of the sun and Earth? (A) The sun revolves around Earth. (B) Earth revolves around the sun."


@pytest.mark.parametrize("row, answer", [("Earth | revolves around | the sun", "B"), ("the sun | revolves around | Earth", "A")])
def test_the_rows_word_order_tells_options_with_the_same_words_apart(tmp_path, row, answer):
    """Both options say "sun", "revolves" and "Earth": the same alignments, the same rows, a tie.
    The row's reading order (its cells in column order) agrees with one option's word order and
    against the other's (w_order, pyasp.tables.ground.order_scores); the store decides, not the
    option's letter."""
    store = load_store(write_store(tmp_path, {"Orbits.tsv": tsv(
        "BODY | [FILL] | CENTER | [SKIP] UID", f"{row} | o-1", "the Moon | revolves around | Earth | o-2")}))
    tied = TableSolver(store, consts={"w_order": 0, "w_order_agree": 0}).answer(ORBITS)
    assert tied.tie and tied.tied == ["A", "B"] and tied.scores["A"] == tied.scores["B"]
    result = TableSolver(store).answer(ORBITS)
    assert (result.answer, result.tie, uids(result)) == (answer, False, {"o-1"})
    # the option the row reads against pays (w_order), the other earns (w_order_agree)
    assert result.scores["B" if answer == "A" else "A"] < tied.scores["A"] < result.scores[answer]


def test_order_scores_read_clauses_and_sum_to_zero_in_a_group():
    """A pair of words in one clause ("coal is nonrenewable") binds closer than across clauses;
    rows that hold none of the pairs the options order differently say nothing; options whose
    words no other option shares get no score."""
    from pyasp.tables.ground import order_groups, order_scores
    from pyasp.tables.text import content_words, family

    question = parse_question("How do coal and the sun compare? (A) Coal is renewable, and the sun is nonrenewable. "
                              "(B) Coal is nonrenewable, and the sun is renewable. (C) Coal is renewable, and the sun is renewable.")
    assert order_groups(question) == [["A", "B"]]
    read = lambda text: [family(w) for w in content_words(text)]  # noqa: E731
    rows = {"coal": read("coal is a nonrenewable resource"), "sun": read("the sun is a renewable resource"),
            "star": read("the sun is a kind of star")}
    scores = order_scores(question, rows)
    assert scores[("B", "coal")] > 0 and scores[("B", "sun")] > 0
    assert all(scores[("A", row)] == -scores[("B", row)] for row in ("coal", "sun"))
    assert not any(key[1] == "star" or key[0] == "C" for key in scores)
    # the four stages in another order: a row that reads larva before pupa agrees with (A)
    stages = parse_question("Which is the order of a butterfly's life? (A) egg, larva, pupa, adult (B) egg, pupa, larva, adult")
    assert order_scores(stages, {"r": read("the larva becomes a pupa")}) == {("A", "r"): 1.0, ("B", "r"): -1.0}


def test_graded_words_of_a_comparison_or_superlative():
    """The adjective a comparison or superlative of the question asks ("hottest" -> hot, "the
    GREATEST change" -> great, "most flexible" -> flexible, "less on the moon" -> less); hedges
    ("best explains", "most likely", "most important"), quantifiers ("Most canyons", "two or more
    metals"), "no longer" and the story before the question are no comparison."""
    graded = lambda text: parse_question(text + " (A) one (B) two").graded  # noqa: E731
    assert graded("Where will a sidewalk feel hottest on a warm, clear day?") == ("hot",)
    assert graded("Which causes the GREATEST change in a grassy field over time?") == ("great",)
    assert graded("Which of the following is the slowest to change Earth's surface?") == ("slow",)
    assert graded("Which object is the most flexible?") == ("flexible",)
    assert graded("Which of the following would be less on the moon than on Earth?") == ("less",)
    assert graded("Which planet is closer to the Sun?") == ("close",)
    for text in ("Which BEST explains this event?", "Which will most likely happen?", "Most canyons are formed by",
                 "Which was most important in the formation of soil?", "Which is a combination of two or more metals?",
                 "Why is the hare no longer found in Maryland?", "A glacier is a slow river of ice. How does it make soil?",
                 "The day got warmer. What happened to the ice?"):
        assert graded(text) == (), text


SLOWEST = "Which of these is the slowest to change the surface of Earth? (A) an earthquake (B) weathering"


def test_a_graded_word_asked_is_reached_by_the_answers_rows(tmp_path):
    """ "the slowest to change" asks for "slow": the row that says weathering is slow holds it in a
    long cell, which the question word covers too little to align to, so both options' graphs
    score alike (a tie; the rows' relevance, which would also read "slow", left out); w_graded
    rewards the graph whose active rows hold the graded word."""
    store = load_store(write_store(tmp_path, {"Change.tsv": tsv(
        "PROCESS | [FILL] | EFFECT | [FILL] | HOW | [SKIP] UID",
        "weathering | changes | the surface of Earth | by | a slow process that takes many millions of years | c-1",
        "an earthquake | changes | the surface of Earth | by | a sudden process that takes only some minutes or many seconds | c-2")}))
    tied = TableSolver(store, consts={"w_graded": 0, "w_relevance": 0}).answer(SLOWEST)
    assert tied.tie and tied.scores["A"] == tied.scores["B"]
    result = TableSolver(store, consts={"w_graded": 3000, "w_relevance": 0}).answer(SLOWEST)
    assert (result.answer, result.tie, uids(result)) == ("B", False, {"c-1"})
    assert result.scores["B"] == pytest.approx(tied.scores["B"] + 3) and result.scores["A"] == tied.scores["A"]
    # the term is read back from the graph (pyasp.tables.features), and the objective still adds up
    from pyasp.tables.features import objective, option_features
    from pyasp.tables.ground import integer_consts

    solver = TableSolver(store, consts={"w_graded": 3000, "w_relevance": 0})
    grounded, models, scores, _ = solver.solve_options(solver.read(SLOWEST))
    weights = {name: value / 1000 for name, value in {**integer_consts(None), **solver.consts}.items()}
    for letter, model in models.items():
        terms = option_features(grounded, model, letter)
        assert terms["graded"] == (1 if letter.upper() == "B" else 0)
        assert objective(terms, weights) == pytest.approx(scores[letter], abs=0.02)


def test_graded_rows_hold_the_word_or_a_close_relative_not_its_antonym():
    from pyasp.tables.ground import graded_rows
    from pyasp.tables.text import content_words

    question = parse_question(SLOWEST)
    assert question.graded == ("slow",)
    rows = {key: [tuple(content_words(cell)) for cell in cells] for key, cells in {
        "slow": ["weathering", "a slow process"], "slowly": ["rocks", "break down slowly"],
        "fast": ["an earthquake", "a fast process"], "none": ["erosion", "moves sediment"]}.items()}
    assert graded_rows(question, rows) == {1: ["slow", "slowly"]}


def test_a_negation_between_two_words_says_nothing_of_their_order():
    """ "an insect reaches the adult stage without being a pupa" does not put adult before pupa."""
    from pyasp.tables.ground import order_scores, row_order
    from pyasp.tables.text import content_words, family

    read = lambda text: [family(w) for w in content_words(text)]  # noqa: E731
    assert row_order(read("the adult stage comes after being a pupa"), "adult", "pupa") == 1
    assert row_order(read("an insect reaches the adult stage without being a pupa"), "adult", "pupa") == 0
    assert row_order(read("the adult does not come before the pupa"), "adult", "pupa") == 0
    stages = parse_question("Which is the order of a moth's life? (A) egg, larva, pupa, adult (B) egg, larva, adult, pupa")
    assert order_scores(stages, {"r": read("an insect reaches the adult stage without being a pupa")}) == {}
    assert order_scores(stages, {"r": read("the pupa becomes an adult")}) == {("A", "r"): 1.0, ("B", "r"): -1.0}


def test_a_rows_negation_in_a_fill_cell_is_read_for_the_word_order(tmp_path):
    """A row's words for the word order are its data cells' word families; a negation in a
    [FILL] cell stands where it is written, so "reaches | the adult stage | [without] | being a
    pupa" reads no order of adult and pupa."""
    from pyasp.tables.ground import row_order, row_words

    store = load_store(write_store(tmp_path, {"Action.tsv": tsv(
        "NAME | [FILL] is when | AGENT | ACTION | OBJECT | [FILL] by | HOW | [SKIP] UID",
        "incomplete metamorphosis | is when | an insect | reaches | the adult stage | without | being a pupa | a-1",
        "complete metamorphosis | is when | an insect | reaches | the adult stage | by | being a pupa | a-2")}))
    table = store.tables["Action"]
    without, by = (row_words(table, i) for i in range(2))
    assert "without" in without and "by" not in by
    assert row_order(without, "adult", "pupa") == 0 and row_order(by, "adult", "pupa") == 1


def test_no_support_graph_means_no_answer(tmp_path):
    store = write_store(tmp_path, {"Diet.tsv": tsv("ANIMAL | [FILL] | FOOD", "cow | eats | grass")})
    result = TableSolver(load_store(store)).answer("Which planet is closest to the Sun? (A) Mercury (B) Mars")
    assert result.answer is None and result.score is None and not result.tie and result.support == []


def test_a_long_option_aligns_through_one_of_its_rare_words(tmp_path, monkeypatch):
    """A cell entails few of a long option's words ("drought" of "a drought lasting twelve
    months"): below the cell-option threshold, so TableILP's alignment gives the option no support
    graph. With OPTION_SCORE "part" the cell aligns through the rare word, at PART_SCORE times its score."""
    from pyasp.tables import ground as ground_module

    store = load_store(write_store(tmp_path, {
        "Changes.tsv": tsv("EVENT | [FILL] | EFFECT | [SKIP] UID", "drought | decreases | water in soil | c-1",
                           "flood | increases | water in soil | c-2"),
    }))
    text = ("Which would most likely decrease the water in soil? (A) a drought lasting twelve months "
            "(B) a rainstorm of several long weeks")
    monkeypatch.setattr(ground_module, "OPTION_SCORE", "entails")
    assert TableSolver(store).answer(text).answer is None
    monkeypatch.setattr(ground_module, "OPTION_SCORE", "part")
    result = TableSolver(store).answer(text)
    assert result.answer == "A" and uids(result) == {"c-1"} and result.scores["B"] is None


# =================================================================================================
# Reading tables
# =================================================================================================

def test_tables_columns_uids_and_alternatives(tmp_path):
    write_store(tmp_path, {
        "Props.csv": '"MATERIAL",[FILL],PROPERTY,,[SKIP] UID\n'
                     'copper,is a,"conductor of heat;conductor of electricity",,p-1\n'
                     '"aluminum foil",is,"shiny, thin",,p-2\n',
        "NoUid.tsv": tsv("THING | [FILL] | COLOR", "grass | is | green", "", "sky | is | blue"),
    })
    store = load_store(tmp_path)
    props = store.tables["Props"]
    assert [c.kind for c in props.columns] == ["data", "fill", "data", "skip"]  # the empty column is dropped
    assert props.data_columns == (0, 2) and props.column_index("uid") == 3
    assert [r.uid for r in props.rows] == ["p-1", "p-2"]
    assert props.rows[1].cells[2] == "shiny, thin"
    assert props.sentence(props.rows[0]) == "copper is a conductor of heat or conductor of electricity"
    no_uid = store.tables["NoUid"]
    assert [(r.uid, r.line) for r in no_uid.rows] == [("NoUid:1", 2), ("NoUid:2", 4)]  # blank line skipped
    assert store.joins == frozenset() and store.relations == () and store.warnings == []


def test_ragged_row_names_file_and_line(tmp_path):
    write_store(tmp_path, {"Kinds.tsv": tsv("HYPONYM | [FILL] | HYPERNYM", "oak | is a kind of | tree",
                                            "maple | tree")})
    with pytest.raises(TablesError, match=r"Kinds\.tsv:3: the row has 2 fields, the header has 3"):
        load_store(tmp_path)


@pytest.mark.parametrize("name, text, message", [
    ("T.tsv", "TOOL,[FILL],PROPERTY\nruler,measures,length\n", r"T\.tsv:1: .* holds commas .* seems comma-separated, "
     r"but \.tsv fields are separated by tabs; save it as \.csv"),
    ("T.csv", "TOOL\t[FILL]\tPROPERTY\nruler\tmeasures\tlength\n", r"seems tab-separated, .* save it as \.tsv"),
    ("T.csv", "TOOL;[FILL];PROPERTY\nruler;measures;length\n", r"seems semicolon-separated, but \.csv fields are "
     r"separated by commas"),
])
def test_a_table_written_with_another_separator_is_refused(tmp_path, name, text, message):
    """Read as it is, each row would be one cell that no question finds anything in."""
    write_store(tmp_path, {name: text})
    with pytest.raises(TablesError, match=message):
        load_store(tmp_path)


def test_a_table_of_one_column_is_read(tmp_path):
    write_store(tmp_path, {"Words.tsv": "WORD\nthermometer\nruler, long\n", "Places.tsv": "CITY, STATE\nAlbany NY\n"})
    store = load_store(tmp_path)
    assert [r.cells for r in store.tables["Words"].rows] == [("thermometer",), ("ruler, long",)]
    assert [r.cells for r in store.tables["Places"].rows] == [("Albany NY",)]


def test_empty_header(tmp_path):
    write_store(tmp_path, {"Empty.tsv": "\t\t\noak\tis a kind of\ttree\n"})
    with pytest.raises(TablesError, match=r"Empty\.tsv:1: the header row is empty"):
        load_store(tmp_path)


def test_header_with_only_fill_and_skip_columns(tmp_path):
    write_store(tmp_path, {"Fill.tsv": tsv("[FILL] | [SKIP] UID", "is a | x-1")})
    with pytest.raises(TablesError, match=r"Fill\.tsv:1: the header has no data column"):
        load_store(tmp_path)


def test_cells_under_an_empty_header(tmp_path):
    write_store(tmp_path, {"Gap.tsv": "THING\t\tCOLOR\ngrass\toops\tgreen\n"})
    with pytest.raises(TablesError, match=r"Gap\.tsv:1: column 2 has an empty header but holds cells"):
        load_store(tmp_path)


def test_non_utf8_table(tmp_path):
    write_store(tmp_path, {"Latin.tsv": "THING\tCOLOR\ngrass\tgreen\n".encode() + "caf\xe9\tbrown\n".encode("latin-1")})
    with pytest.raises(TablesError, match=r"Latin\.tsv:3: not UTF-8 text"):
        load_store(tmp_path)


def test_two_tables_with_the_same_name(tmp_path):
    write_store(tmp_path, {"Kinds.tsv": tsv("A | B", "oak | tree"), "Kinds.csv": "A,B\nmaple,tree\n"})
    with pytest.raises(TablesError, match=r"Kinds\.tsv: a table named 'Kinds' was already read from Kinds\.csv"):
        load_store(tmp_path)


def test_folder_errors(tmp_path):
    with pytest.raises(TablesError, match="is not a directory"):
        load_store(tmp_path / "missing")
    write_store(tmp_path / "empty", {"_joins.tsv": "", "notes.txt": "not a table\n"})
    with pytest.raises(TablesError, match="holds no readable .tsv or .csv table"):
        load_store(tmp_path / "empty")


def test_a_sidecar_given_as_a_folder_is_named_as_such(tmp_path):
    store = write_store(tmp_path / "store", {"Diet.tsv": "ANIMAL\t[FILL]\tFOOD\ncow\teats\tgrass\n"})
    with pytest.raises(TablesError, match="sidecar file .* is a folder"):
        load_store(store, joins=tmp_path)
    with pytest.raises(TablesError, match="sidecar file .* not found"):
        load_store(store, relations=tmp_path / "missing.tsv")


def test_tables_error_is_input_error():
    assert issubclass(TablesError, InputError) and TablesError("x").exit_code == 2


def test_skip_bad_skips_the_table_and_warns(tmp_path):
    write_store(tmp_path, {
        "Good.tsv": tsv("ANIMAL | [FILL] | FOOD", "cow | eats | grass"),
        "Ragged.tsv": tsv("ANIMAL | [FILL] | FOOD", "cow | grass"),
        "Latin.tsv": "THING\tCOLOR\n".encode() + "caf\xe9\tbrown\n".encode("latin-1"),
    })
    store = load_store(tmp_path, skip_bad=True)
    assert list(store.tables) == ["Good"]
    assert len(store.warnings) == 2
    assert any("Ragged.tsv:2: the row has 2 fields" in w for w in store.warnings)
    assert any("Latin.tsv:2: not UTF-8" in w for w in store.warnings)
    assert all(w.startswith("skipped: ") for w in store.warnings)
    with pytest.raises(TablesError, match="holds no readable"):
        load_store(write_store(tmp_path / "all_bad", {"Ragged.tsv": tsv("A | B", "x")}), skip_bad=True)


def test_read_table_alone(tmp_path):
    path = write_store(tmp_path, {"Units.tsv": tsv("UNIT | [FILL] | PROPERTY MEASURED | [SKIP] UID",
                                                   "gram | measures | mass | u-1")}) / "Units.tsv"
    table = read_table(path)
    assert table.name == "Units" and table.columns[2].label == "PROPERTY MEASURED"
    assert table.column_index("property measured") == 2 and table.column_index("[SKIP] UID") == 3


# =================================================================================================
# Sidecars
# =================================================================================================

TWO_TABLES = {"Locations.tsv": LOCATIONS, "Months.tsv": LONGEST_DAY}


def test_joins_unknown_table(tmp_path):
    write_store(tmp_path, {**TWO_TABLES, "_joins.tsv": "# comment\nLocations\tHEMISPHERE\tMonthz\tHEMISPHERE\n"})
    with pytest.raises(TablesError, match=r"_joins\.tsv:2: no table named 'Monthz' \(did you mean 'Months'\?\)"):
        load_store(tmp_path)


def test_sidecars_name_tables_letter_case_aside(tmp_path):
    """A user's `diet` for Diet.tsv gave "no table named 'diet'" while columns were found in any
    case; a table is found in any case too when only one has the name."""
    write_store(tmp_path, {**TWO_TABLES, "_joins.tsv": "locations\themisphere\tMONTHS\tHemisphere\n"})
    store = load_store(tmp_path)
    assert [(j.table1, j.table2) for j in store.joins] == [("Locations", "Months")]


def test_joins_unknown_or_non_data_column(tmp_path):
    write_store(tmp_path, {**TWO_TABLES, "_joins.tsv": "Locations\tCOLOR\tMonths\tHEMISPHERE\n"})
    with pytest.raises(TablesError, match=r"_joins\.tsv:1: table 'Locations' has no data column 'COLOR'"):
        load_store(tmp_path)
    write_store(tmp_path, {"_joins.tsv": "Locations\tUID\tMonths\tHEMISPHERE\n"})
    with pytest.raises(TablesError, match=r"has no data column 'UID'"):
        load_store(tmp_path)



EATS = tsv("ORGANISM | eats | ORGANISM | [SKIP] UID",
           "hawks | eat | snakes | e1",
           "snakes | eat | mice | e1")


def test_a_repeated_header_in_a_sidecar_must_say_which_column(tmp_path):
    """A table may repeat a header (WorldTree's CONSUMERS: ORGANISM eats ORGANISM); a sidecar
    naming it is refused, and NAME#K picks the K-th data column so headed."""
    files = {**TWO_TABLES, "Eats.tsv": EATS}
    write_store(tmp_path, {**files, "_joins.tsv": "Eats\tORGANISM\tLocations\tHEMISPHERE\n"})
    with pytest.raises(TablesError, match=r"_joins\.tsv:1: table 'Eats' has 2 data columns 'ORGANISM' \(columns 1, 3\); "
                                          r"write ORGANISM#1 \.\.\. ORGANISM#2"):
        load_store(tmp_path)
    for k, column in ((1, 0), (2, 2)):
        write_store(tmp_path, {"_joins.tsv": f"Eats\tORGANISM#{k}\tLocations\tHEMISPHERE\n"})
        store = load_store(tmp_path)
        assert store.may_join("Eats", column, "Locations", 2) and not store.may_join("Eats", 2 - column, "Locations", 2)
    write_store(tmp_path, {"_joins.tsv": "Eats\tORGANISM#3\tLocations\tHEMISPHERE\n"})
    with pytest.raises(TablesError, match=r"has 2 data columns 'ORGANISM', so 'ORGANISM#3' names none"):
        load_store(tmp_path)


def test_rows_sharing_a_uid_give_one_warning(tmp_path):
    write_store(tmp_path, {**TWO_TABLES, "Eats.tsv": EATS})
    warnings = load_store(tmp_path).warnings
    assert len(warnings) == 1 and "1 row UID is shared by several rows (e1 in Eats.tsv:2 and Eats.tsv:3)" in warnings[0]
    (tmp_path / "Eats.tsv").unlink()
    assert load_store(tmp_path).warnings == []

def test_joins_wrong_number_of_fields(tmp_path):
    write_store(tmp_path, {**TWO_TABLES, "_joins.tsv": "Locations\tHEMISPHERE\tMonths\n"})
    with pytest.raises(TablesError, match=r"_joins\.tsv:1: expected TABLE1<TAB>COLUMN1<TAB>TABLE2<TAB>COLUMN2, got 3 fields"):
        load_store(tmp_path)


def test_joins_of_a_table_with_itself_and_lines_with_spaces_are_refused(tmp_path):
    write_store(tmp_path, {**TWO_TABLES, "_joins.tsv": "Locations\tHEMISPHERE\tLocations\tHEMISPHERE\n"})
    with pytest.raises(TablesError, match=r"_joins\.tsv:1: table 'Locations' joined to itself"):
        load_store(tmp_path)
    write_store(tmp_path, {**TWO_TABLES, "_joins.tsv": "Locations HEMISPHERE Months HEMISPHERE\n"})
    with pytest.raises(TablesError, match=r"got 1 field \(fields are separated by tabs, not spaces\)"):
        load_store(tmp_path)


def test_a_sidecar_by_another_name_is_named_in_a_warning(tmp_path):
    # a CSV store's author writes _joins.csv (commas), or joins.tsv without the underscore: the
    # chains were silently off (and joins.tsv read as a table); now a warning names the file pyasp reads
    joins = "Locations,HEMISPHERE,Months,HEMISPHERE\n"
    store = load_store(write_store(tmp_path / "csv", {**TWO_TABLES, "_joins.csv": joins, "_Relations.tsv": "x\n"}))
    assert not store.joins
    assert any(re.search(r"_joins\.csv is not read: pyasp reads the joins of a table folder from _joins\.tsv, "
                         r"fields separated by tabs", w) for w in store.warnings), store.warnings
    assert any("_Relations.tsv is not read: pyasp reads the relations of a table folder from _relations.tsv" in w
               for w in store.warnings), store.warnings
    store = load_store(write_store(tmp_path / "plain", {**TWO_TABLES, "joins.tsv": joins.replace(",", "\t")}))
    assert any("joins.tsv is read as a table named 'joins': pyasp reads the joins of a table folder from _joins.tsv"
               in w for w in store.warnings), store.warnings
    # no warning when the folder's sidecars are not what is read, nor for the user's backups
    assert not any("_joins.csv" in w for w in load_store(tmp_path / "csv", joins=False).warnings)
    store = load_store(write_store(tmp_path / "backup", {**TWO_TABLES, "_joins.tsv.bak": joins, "_notes.txt": "x"}))
    assert not store.warnings


def test_a_table_or_sidecar_that_is_a_broken_link_is_refused(tmp_path):
    # a table whose link points nowhere was left out without a word (answers from fewer tables)
    folder = write_store(tmp_path / "store", TWO_TABLES)
    (folder / "Gone.tsv").symlink_to(tmp_path / "moved.tsv")
    with pytest.raises(TablesError, match=r"Gone\.tsv: the link points to .*moved\.tsv, which does not exist"):
        load_store(folder)
    store = load_store(folder, skip_bad=True)
    assert set(store.tables) == {"Locations", "Months"}
    assert any(w.startswith("skipped: ") and "Gone.tsv" in w for w in store.warnings)
    (folder / "Gone.tsv").unlink()
    (folder / "_joins.tsv").symlink_to(tmp_path / "moved_joins.tsv")  # no chains, silently, before
    with pytest.raises(TablesError, match=r"_joins\.tsv: the link points to .*moved_joins\.tsv, which does not exist"):
        load_store(folder)


def test_a_table_without_rows_is_kept_with_a_warning(tmp_path):
    store = load_store(write_store(tmp_path, {**TWO_TABLES, "Empty.tsv": "X\tY\n"}))
    assert "Empty" in store.tables and any("Empty.tsv: the table has a header and no rows" in w for w in store.warnings)


def test_an_unclosed_quote_in_a_csv_table_is_named(tmp_path):
    write_store(tmp_path, {"Kinds.csv": 'X,Y,Z\nsparrow,"bird,animal\ncow,mammal,animal\n'})
    with pytest.raises(TablesError, match=r"Kinds\.csv:2: a quoted cell runs on to line 3; is a '\"' left unclosed\?"):
        load_store(tmp_path)
    write_store(tmp_path, {"Kinds.csv": 'X,Y,Z\nsparrow,bird,animal\ncow,"mammal,animal\n'})  # on the last line too
    with pytest.raises(TablesError, match=r"Kinds\.csv:3: a quoted cell is not closed"):
        load_store(tmp_path)
    write_store(tmp_path, {"Kinds.csv": 'X,Y,Z\nsparrow,"bird, a kind of animal",animal\ncow,mammal\n'})
    with pytest.raises(TablesError, match=r"Kinds\.csv:3: the row has 2 fields, the header has 3"):
        load_store(tmp_path)


def test_relation_pattern_without_y(tmp_path):
    write_store(tmp_path, {"StateChange.tsv": STATE_CHANGE, "_relations.tsv": "fromTo\tStateChange\tFROM\tINTO\tX to a Y|X to a\n"})
    with pytest.raises(TablesError, match=r"_relations\.tsv:1: pattern 'X to a' must mention both X and Y"):
        load_store(tmp_path)


def test_a_pattern_whose_connective_starts_or_ends_with_punctuation_matches_as_written():
    """"X (part of) Y" matched nothing: its connective was wrapped in word boundaries, which a
    parenthesis after a space never has."""
    from pyasp.tables.ground import _pattern_regex

    regex, flipped = _pattern_regex("X (part of) Y")
    assert regex.search("a leaf (part of) a plant") and not flipped
    regex, flipped = _pattern_regex("Y is eaten by X")
    assert regex.search("grass is eaten by rabbits") and not regex.search("grass is eaten bygone") and flipped


def test_relation_errors(tmp_path):
    write_store(tmp_path, {"StateChange.tsv": STATE_CHANGE})
    cases = {
        "FromTo\tStateChange\tFROM\tINTO\tX to a Y\n": "relation name 'FromTo' must start with a lower-case letter",
        "fromTo\tStateChange\tFROM\tWHERE\tX to a Y\n": "table 'StateChange' has no data column 'WHERE'",
        "fromTo\tPhases\tFROM\tINTO\tX to a Y\n": "no table named 'Phases'",
        "fromTo\tStateChange\tFROM\tINTO\n": "expected RELATION<TAB>TABLE<TAB>COLUMN1<TAB>COLUMN2<TAB>PATTERNS, got 4 fields",
    }
    for line, message in cases.items():
        write_store(tmp_path, {"_relations.tsv": line})
        with pytest.raises(TablesError, match=r"_relations\.tsv:1: " + message.replace("<", ".").replace(">", ".")):
            load_store(tmp_path)


def test_skip_bad_skips_sidecar_lines(tmp_path):
    write_store(tmp_path, {**TWO_TABLES, "_joins.tsv": "Locations\tHEMISPHERE\tMonths\tHEMISPHERE\nLocations\tCOLOR\tMonths\tMONTH\n"})
    store = load_store(tmp_path, skip_bad=True)
    assert len(store.joins) == 1 and store.may_join("Locations", 2, "Months", 1)
    (warning,) = store.warnings
    assert warning.startswith("skipped: ") and "_joins.tsv:2:" in warning and "'COLOR'" in warning


# =================================================================================================
# Reading questions
# =================================================================================================

def test_options_split():
    stem, options = split_options("Which  force pulls\nobjects down? (A) gravity (B) friction (C) magnetism")
    assert stem == "Which force pulls objects down?"
    assert options == [("A", "gravity"), ("B", "friction"), ("C", "magnetism")]


def test_options_must_run_in_order_from_a():
    # "(C)" does not follow "(A)": only (A) counts, and one option is not enough
    with pytest.raises(InputError, match="fewer than two options"):
        split_options("Which is a liquid? (A) water (C) ice")
    stem, options = split_options("Is vitamin (D) a vitamin? (A) yes (B) no")
    assert stem == "Is vitamin (D) a vitamin?" and [o[0] for o in options] == ["A", "B"]


def test_an_option_letter_written_twice_is_refused_not_merged():
    with pytest.raises(InputError, match=r"option \(B\) is written twice"):
        split_options("What does a rabbit eat? (A) meat (B) grass (B) carrots")
    with pytest.raises(InputError, match=r"options but no question before \(A\)"):
        split_options("(A) ruler (B) thermometer")
    with pytest.warns(PyaspWarning, match=r"options \(A\) and \(C\) say the same \('Thermometer'\), so their scores tie: "
                                          r"'Which one\? \(A\) thermometer"):
        split_options("Which one? (A) thermometer (B) ruler (C) Thermometer")
    with pytest.raises(InputError, match=r"write the letters as capitals, \(A\) not \(a\)"):
        split_options("Which one? (a) ruler (b) thermometer")
    with pytest.raises(InputError, match=r"write each letter in parentheses, \(A\) not A\) or A\."):
        split_options("Which one? A) ruler B) thermometer")
    with pytest.raises(InputError, match=r"\.\.\.'$"):  # a long question is cut, and says so
        split_options("Which one of these many, many, many, many, many, many, many, many tools is it? " * 2)
    with pytest.raises(InputError, match=r"it has \(B\) \(A\)"):  # out of order: say what was found
        split_options("What does a rabbit eat? (B) grass (A) meat")


@pytest.mark.parametrize("text, message", [
    ("Which force pulls objects down?", "has no options written"),
    ("Which force pulls objects down? A) gravity B) friction", "has no options written"),
    ("Which force pulls objects down? (A) gravity", "fewer than two options"),
    ("Which force pulls objects down? (A) (B) friction", r"option \(A\) of the question is empty"),
    (" \u200b ", "empty question"),
])
def test_question_without_options(text, message):
    with pytest.raises(InputError, match=message):
        parse_question(text)
    with pytest.raises(InputError, match=message):
        TableSolver(load_store(EXAMPLE_STORE)).answer(text)


def test_which_terms():
    q = parse_question("Which form of energy is stored in a battery? (A) chemical energy (B) sound energy")
    assert {"form", "energy"} <= set(q.which_terms)
    assert [(o.letter, o.words) for o in q.options] == [("A", ("chemical", "energy")), ("B", ("sound", "energy"))]
    assert parse_question("What unit measures mass? (A) gram (B) meter").which_terms == ("unit",)
    assert parse_question("Sleet and hail are forms of (A) precipitation (B) erosion").which_terms == ()


def test_constituents_skip_function_words_and_keep_chunks():
    q = parse_question("Which month has the longest daylight in New York? (A) June (B) December")
    words = [c.text for c in q.constituents if len(c.words) == 1]
    assert words == ["month", "longest", "daylight", "new", "york"]
    assert {"longest daylight", "new york"} <= {c.text for c in q.constituents}
    assert [c.position for c in q.constituents if len(c.words) == 1] == [0, 1, 2, 3, 4]


def test_curly_apostrophes():
    q = parse_question("What is the Earth\u2019s main source of light? (A) the Sun\u2019s rays (B) the Moon\u2019s glow")
    assert "earth" in [c.text for c in q.constituents]
    assert q.option("A").words == ("sun", "rays") and q.option("B").words == ("moon", "glow")
    assert q.option("A").text == "the Sun\u2019s rays"


# =================================================================================================
# The objective's terms, the tuning set, word derivations
# =================================================================================================

def test_objective_terms_add_up_to_clingos_optimum(tmp_path):
    """option_features reads an option's best support graph back as the unweighted terms of the
    objective; weighed by the encoding's #const values they give clingo's optimum (up to the
    integer rounding of the encoding)."""
    from pyasp.tables.features import objective, option_features
    from pyasp.tables.ground import integer_consts

    store = write_store(tmp_path, {
        "Diet.tsv": tsv("ANIMAL | [FILL] | FOOD | [SKIP] UID", "sparrow | eats | seeds | d-1",
                        "cow | eats | grass | d-2", "hawk | eats | small animals | d-3"),
        "Kinds.tsv": tsv("X | [FILL] | Y | [SKIP] UID", "sparrow | is a kind of | bird | k-1",
                         "cow | is a kind of | mammal | k-2"),
    })
    solver = TableSolver(load_store(store))
    weights = {name: value / 1000 for name, value in integer_consts(None).items()}
    for text in ("What does a sparrow eat? (A) seeds (B) grass (C) small animals",
                 "Which kind of animal is a cow? (A) bird (B) mammal",
                 "What is true of sparrows? (A) Sparrows eat seeds. (B) Seeds eat sparrows."):
        question = solver.read(text)
        grounded, models, scores, _ = solver.solve_options(question)
        assert models
        for letter, model in models.items():
            terms = option_features(grounded, model, letter)
            assert terms["has_graph"] == 1
            assert objective(terms, weights) == pytest.approx(scores[letter], abs=0.02)
            if "Seeds eat" in text:  # the word order of "sparrow eats seeds" is a term
                assert terms["order"] + terms["order_agree"] == (1 if letter.upper() == "A" else -1)


def test_tuning_set_leaves_out_held_out_questions(tmp_path):
    from pyasp.tables.tuning import tuning_set

    header = "QuestionID\tAnswerKey\texamName\tcategory\texplanation\tquestion\n"
    rows = [
        "q1\tA\tNYSEDREGENTS\tTrain\t\tWhat melts ice? (A) heat (B) cold\n",      # the exam is held out
        "q2\tA\tMCAS\tTrain\t\tWhich force pulls things down?(A) gravity (B) friction\n",  # same text
        "q3\tB\tMCAS\tTrain\t\tWhich force pulls objects down to Earth? (A) magnetism (B) gravity\n",  # kept
        "q4\tA\tMCAS\tDev\t\tWhat is ice? (A) solid water (B) gas\n",                 # not Train
        "q5\tA\tMCAS\tTrain\t\tThe question text is withheld.\n",                        # no text
    ]
    worldtree = tmp_path / "wt.tsv"
    worldtree.write_text(header + "".join(rows), encoding="utf-8")
    held = tmp_path / "held.tsv"
    held.write_text("Which force pulls things down? (A) gravity (B) friction\tA\n", encoding="utf-8")
    assert [item.id for item in tuning_set(worldtree, [held])] == ["q3"]


def test_derivations_align_words_of_one_family():
    from pyasp.tables.text import Scores, word_entails

    assert word_entails("conducts", "conductor") == pytest.approx(0.8)
    assert word_entails("electrical", "electricity") == pytest.approx(0.8)
    assert word_entails("conducts", "conductor", Scores(derivation=0)) == 0
    assert word_entails("rock", "cold") == 0


def test_phrases_that_differ_by_an_antonym_entail_nothing():
    """WordNet's antonyms (long/short by the lemmas of "longest"/"shortest", most/least,
    increase/decrease, hot/cold) make two phrases say opposite things, however many words they
    share; a word the other phrase has as well is no contradiction."""
    from pyasp.tables.text import antonyms, contradicts, entails, found_in, similarity

    assert antonyms("longest", "shortest") and antonyms("most", "least") and antonyms("increases", "decrease")
    assert antonyms("hot", "cold") and not antonyms("longest", "day") and not antonyms("cold", "cold")
    assert contradicts(("longest", "day"), ("shortest", "day", "least", "daylight", "winter", "solstice"))
    assert entails(("longest", "day"), ("shortest", "day")) == 0 == found_in(("longest", "day"), ("shortest", "day"))
    assert entails(("longest", "day"), ("least", "daylight")) > 0  # no antonym here: a cell's alternatives are read together
    assert similarity(("hot", "water"), ("cold", "water")) == 0
    assert entails(("increase", "temperature"), ("decreases", "temperature")) == 0
    assert entails(("day",), ("shortest", "day")) == 0.5  # no antonym of the question's words: in part, as before
    assert not contradicts(("liquid",), ("solid", "liquid"))  # "solid to liquid" says liquid too
    assert not contradicts(("longest", "night"), ("shortest", "day", "longest", "night"))


def test_a_word_is_a_kind_of_a_compound_only_when_wordnet_says_so():
    """"basalt" is a kind of rock (WordNet), and was half of every "... rock" cell: it aligned to
    "sedimentary rock" as well as to "igneous rock". Words WordNet knows together as one noun are
    one kind; a word entails them as a kind of the whole or, through a word it matches, in part."""
    from pyasp.tables.text import compounds, entails

    assert compounds(("sedimentary", "rock")) == ((0, 2),) and compounds(("formed", "cooled", "lava")) == ()
    assert entails(("basalt",), ("sedimentary", "rock")) == 0
    assert entails(("basalt",), ("igneous", "rock")) == pytest.approx(0.8 * 0.85)  # two steps up, all of it
    assert entails(("lima",), ("mexico", "city")) == 0  # a city, not Mexico City
    assert entails(("rock",), ("sedimentary", "rock")) == 0.5  # the word itself: in part, as before
    assert entails(("basalt",), ("rock",)) == pytest.approx(0.8 * 0.85 ** 2)
    assert entails(("copper",), ("electrical", "conductor")) == pytest.approx(0.4)  # no compound: in part


# =================================================================================================
# Shipped joins for a known store (WorldTree)
# =================================================================================================

def _shipped_join_store(folder: Path, drop: str | None = None) -> Path:
    """A store with every table and column encodings/worldtree_joins.tsv names (less ``drop``),
    one row each, and no _joins.tsv of its own."""
    from pyasp.resources import joins_path

    columns: dict[str, list[str]] = {}
    for line in joins_path("worldtree_joins").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            t1, c1, t2, c2 = line.split("\t")
            for table, column in ((t1, c1), (t2, c2)):
                columns.setdefault(table, [])
                column = column.split("#")[0]  # HEADER#K: the K-th column so headed; one here
                if column not in columns[table]:
                    columns[table].append(column)
    files = {}
    for table, labels in columns.items():
        if table != drop:
            labels = labels + ["OTHER"]
            files[f"{table}.tsv"] = "\t".join(labels) + "\n" + "\t".join(f"{table.lower()} {i}" for i in range(len(labels))) + "\n"
    return write_store(folder, files)


def test_a_known_store_without_joins_gets_the_shipped_ones(tmp_path):
    """The WorldTree tablestore has no _joins.tsv: a store holding every table and column of
    encodings/worldtree_joins.tsv chains with it; a store missing one of them, or asked for
    no joins, does not; a folder's own _joins.tsv wins."""
    from pyasp.resources import joins_path

    store = load_store(_shipped_join_store(tmp_path / "wt"))
    assert store.joins_file == joins_path("worldtree_joins") and len(store.joins) >= 20
    kindof = store.tables["KINDOF"].column_index("HYPERNYM")
    conduct = store.tables["PROP-CONDUCTIVITY"].column_index("OBJECT/AGENT")
    assert store.may_join("KINDOF", kindof, "PROP-CONDUCTIVITY", conduct)
    assert not load_store(tmp_path / "wt", joins=False).joins
    partial = load_store(_shipped_join_store(tmp_path / "partial", drop="PROP-CONDUCTIVITY"))
    assert not partial.joins and partial.joins_file is None
    (tmp_path / "wt" / "_joins.tsv").write_text("KINDOF\tHYPERNYM\tMAGNETISM\tMATERIAL\n", encoding="utf-8")
    own = load_store(tmp_path / "wt")
    assert own.joins_file == tmp_path / "wt" / "_joins.tsv" and len(own.joins) == 1



@pytest.mark.parametrize("line, message", [
    ("fromTo\tStateChange\tFROM\tINTO\t |||\n", "relation fromTo has no pattern"),
    ("fromTo\tStateChange\tFROM\tFROM\tX to a Y\n", "joins column FROM to itself"),
])
def test_relation_without_pattern_or_second_column(tmp_path, line, message):
    write_store(tmp_path, {"StateChange.tsv": STATE_CHANGE, "_relations.tsv": line})
    with pytest.raises(TablesError, match=message):
        load_store(tmp_path)


def test_a_pattern_left_unused_is_not_read_against(tmp_path):
    """"What is eaten by animals in the forest?": rabbit is eaten by a forest animal, the pattern's
    own reading, though its X end ("animals") aligns to no cell. It was charged and listed as
    against the pattern (the review of w_relation_against)."""
    store = write_store(tmp_path, {
        "Animals.tsv": tsv("ORGANISM | [FILL]   | FOOD SOURCE | [FILL]   | HABITAT | [SKIP] UID",
                           "rabbit   | eats     | grass       | lives in | meadow  | c-01",
                           "fox      | eats     | rabbit      | lives in | forest  | c-02"),
        "_relations.tsv": "eats\tAnimals\tORGANISM\tFOOD SOURCE\tX eats Y|Y is eaten by X\n"
                          "livesIn\tAnimals\tORGANISM\tHABITAT\tX lives in Y\n"})
    result = TableSolver(load_store(store)).answer("What is eaten by animals in the forest? (A) rabbit (B) stone")
    assert result.answer == "A"
    assert not any("against" in r for r in result.relations)


def test_words_of_any_script_and_without_accents(tmp_path):
    """A user's store: "crêpe" was read as the words "cr" and "pe", "Zürich" as "z" and "rich",
    and "日本" as no word at all, so "crepe" found no row and an option "日本" had no support.
    Letters of any script are words now, their accents dropped on both sides."""
    from pyasp.tables.text import words

    assert words("Crêpe from Zürich; 日本") == ["crepe", "from", "zurich", "日本"]
    dishes = tsv(
        "DISH        | [FILL]     | COUNTRY      | [SKIP] UID",
        "crêpe       | comes from | France       | u-1",
        "sushi;寿司  | comes from | 日本;Japan   | u-2",
        "Zürich cake | comes from | Switzerland  | u-3",
    )
    solver = TableSolver(load_store(write_store(tmp_path, {"Dish.tsv": dishes})))
    for question, answer, uid in [
        ("Which country does the crepe come from? (A) Japan (B) France", "B", "u-1"),
        ("Which country does the crêpe come from? (A) Japan (B) France", "B", "u-1"),
        ("Which country does 寿司 come from? (A) 日本 (B) France", "A", "u-2"),
        ("Where does Zurich cake come from? (A) France (B) Switzerland", "B", "u-3"),
    ]:
        result = solver.answer(question)
        assert (result.answer, uids(result)) == (answer, {uid}), question


def test_loading_is_counted_apart_from_the_first_questions_seconds():
    """A user saw [4.78 s] for a question that took 0.03 s to ground and solve, and an eval
    mean of 0.88 s against a median of 0.02 s: the first question carried the loading of spaCy,
    WordNet and the indexes. It is done and counted once per solver now (load_seconds)."""
    solver = TableSolver(load_store(EXAMPLE_STORE))
    question = "Which month has the longest day in New York? (A) June (B) December"
    first, second = solver.answer(question), solver.answer(question)
    assert first.load_seconds > 0 and second.load_seconds == 0
    assert first.as_json()["load_seconds"] == first.load_seconds and first.answer == second.answer == "A"
