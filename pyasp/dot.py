"""Writing Graphviz pictures: DOT text, or SVG when the ``dot`` program is installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from .errors import InputError, write_file


def dot_target(path: str | Path) -> Path:
    """The file :func:`write_dot` writes for ``path``: ``path`` itself, or for a ``.svg`` path
    when the ``dot`` program is missing, the DOT text next to it (``name.dot``), refused when that
    file exists (InputError)."""
    path = Path(path)
    if path.suffix.lower() in PICTURES_NOT_WRITTEN:  # DOT text in a .png would open as a broken picture
        raise InputError(f"{path}: pyasp writes DOT text (.dot, .gv) or SVG (.svg, rendered with Graphviz's dot), "
                         f"not {path.suffix}; `dot -T{path.suffix[1:].lower()}` turns a .dot file into one")
    if path.suffix.lower() == ".svg" and not shutil.which("dot"):
        fallback = path.with_suffix(".dot")
        if fallback.exists():  # a file the user did not name must not be overwritten
            raise InputError(f"{path}: Graphviz's dot program is not installed, so pyasp would write DOT text to "
                             f"{fallback}, which exists; name a .dot file with --dot, or install Graphviz")
        return fallback
    return path


#: picture formats a --dot path may name that pyasp does not write
PICTURES_NOT_WRITTEN = frozenset({".png", ".pdf", ".jpg", ".jpeg", ".gif", ".ps", ".eps", ".bmp", ".tif", ".tiff"})


def write_dot(dot_text: str, path: str | Path) -> Path:
    """Write ``dot_text`` to ``path``; a ``.svg`` path is rendered with ``dot`` when present.

    Without ``dot``, a ``.svg`` request writes the DOT text next to it (:func:`dot_target`) so
    that nothing is lost. Returns the path written.
    """
    path = dot_target(path)
    try:
        if path.suffix.lower() == ".svg":
            svg = subprocess.run(["dot", "-Tsvg"], input=dot_text, capture_output=True, text=True, check=True)
            write_file(path, svg.stdout, "picture")
            return path
        write_file(path, dot_text, "DOT file")
    except OSError as err:  # the dot program could not be started
        raise InputError(f"cannot run dot for {path}: {err.strerror or err}") from None
    except subprocess.CalledProcessError as err:  # pragma: no cover - dot rejecting our own text is a bug
        raise InputError(f"dot failed on {path}: {err.stderr.strip()}") from None
    return path
