"""Shared fixtures: where the shipped examples and the datasets are."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the brute-force oracle module


@pytest.fixture(scope="session")
def examples() -> Path:
    return ROOT / "examples"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return Path(os.environ.get("PYASP_DATA", ROOT.parent / "shared" / "data"))


def _load_cli_from_checkout() -> None:
    """In a source checkout (PYTHONPATH=.), cli.py is not yet inside the package: load it as
    pyasp.cli so the same tests run there and against an installed wheel."""
    try:
        import pyasp.cli  # noqa: F401
    except ModuleNotFoundError:
        import importlib.util

        spec = importlib.util.spec_from_file_location("pyasp.cli", ROOT / "cli.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["pyasp.cli"] = module
        spec.loader.exec_module(module)


_load_cli_from_checkout()
