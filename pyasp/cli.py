"""pyasp's command line, in a source tree or an editable install (``pip install -e .``).

The Typer app is the repository's top-level ``cli.py``. A built wheel carries that file here, in
place of this one (``pyproject.toml``: this file is excluded and ``cli.py`` force-included as
``pyasp/cli.py``). In a source tree, where the wheel's mapping does not apply, this module loads
``../cli.py`` under its own name and stands aside, so that ``pyasp.cli`` is the app's module
either way.
"""

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(__name__, Path(__file__).resolve().parent.parent / "cli.py")
_module = importlib.util.module_from_spec(_spec)
sys.modules[__name__] = _module
_spec.loader.exec_module(_module)
