"""Where the packaged encodings (``.lp``, ``.rules``) and grammars (``.lark``) live, and where
pyasp keeps its caches (:func:`cache_root`).

In a built wheel the folders ``encodings/`` and ``grammars/`` of the repository are installed
inside the package (``pyasp/encodings``, ``pyasp/grammars``); in a source checkout they sit next
to the ``pyasp/`` folder. Both layouts are looked up, installed first.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import InputError, PyaspError, check_input_file

_PACKAGE_DIR = Path(__file__).resolve().parent


def cache_root() -> Path:
    """The folder of pyasp's caches (parses, WordNet links): $PYASP_CACHE, else
    $XDG_CACHE_HOME/pyasp, else ~/.cache/pyasp. Nothing in it is needed: each cache is rebuilt
    when it is missing, damaged or cannot be written."""
    root = os.environ.get("PYASP_CACHE")
    if root:
        return Path(root)
    return Path(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")) / "pyasp"


def _resource_dir(kind: str) -> Path:
    for candidate in (_PACKAGE_DIR / kind, _PACKAGE_DIR.parent / kind):
        if candidate.is_dir():
            return candidate
    raise PyaspError(f"pyasp is installed without its {kind}/ folder (looked in {_PACKAGE_DIR})")


def _packaged(kind: str, name: str, suffix: str, what: str) -> Path:
    path = _resource_dir(kind) / f"{name}{suffix}"
    if not path.is_file():
        raise PyaspError(f"no packaged {what} named {name!r} ({path} is missing)")
    return path


def encoding_path(name: str) -> Path:
    """The path of a packaged encoding, e.g. ``encoding_path("equation_trees")``."""
    return _packaged("encodings", name, ".lp", "encoding")


def grammar_path(name: str) -> Path:
    """The path of a packaged Lark grammar, e.g. ``grammar_path("rules")``."""
    return _packaged("grammars", name, ".lark", "grammar")


def rules_path(name: str) -> Path:
    """The path of a packaged rule file of the declarative-rules engine, e.g. ``rules_path("knowledge")``."""
    return _packaged("encodings", name, ".rules", "rule file")


def joins_path(name: str) -> Path:
    """The path of a packaged joins sidecar of the support graphs, e.g. ``joins_path("worldtree_joins")``."""
    return _packaged("encodings", name, ".tsv", "joins file")


#: where the models trained by pyasp's own training commands are shipped
MODELS_DIR = _PACKAGE_DIR / "models"


def model_file(path, default: Path, train_command: str) -> str:
    """The resolved path of a model file: ``path``, or the shipped ``default`` when ``path`` is
    None or "default" (an :class:`InputError` naming ``train_command`` when it is missing)."""
    if path is None or str(path) == "default":
        if not default.is_file():
            raise InputError(f"the default model is missing ({default}); train one with `{train_command}`")
        path = default
    return str(check_input_file(path, "model file").resolve())  # a pipe resolves to no file at all
