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


@pytest.fixture(scope="module")
def knowledge():
    """The arith engine's packaged rules and classes (one for each test module that asks)."""
    from pyasp.arith.knowledge import load_knowledge

    return load_knowledge()


@pytest.fixture(scope="module")
def model():
    """The arith engine's shipped model (one for each test module that asks)."""
    from pyasp.arith.solver import load_model

    return load_model("default")
