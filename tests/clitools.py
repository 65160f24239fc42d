"""Running the pyasp command in-process, and writing input files, for the CLI tests."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pyasp.cli import app

runner = CliRunner()


def run(*args: str):
    """Invoke ``pyasp ARGS...``; the result has ``exit_code`` and ``output``."""
    return runner.invoke(app, list(args))


def write(tmp_path, name: str, content) -> str:
    """Write text (or JSON for other values) to ``tmp_path/name``; returns the path."""
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)
