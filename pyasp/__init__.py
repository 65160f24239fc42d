"""pyasp: reasoning over text and data with answer-set programming (clingo) and learned scorers.

Four engines, each a package with the same calls (``solve``, ``train`` or ``learn``,
``evaluate``, ``load_model``): :mod:`pyasp.algebra` (equation trees, ALGES), :mod:`pyasp.arith`
(declarative rules), :mod:`pyasp.tables` (support graphs, TableILP) and :mod:`pyasp.acquire`
(integer programs from examples, ARNOLD). Errors: :class:`PyaspError` for bad input (its
``exit_code`` is the command line's, 2), :class:`NoAnswer` when the input is fine but nothing
answers it (1).
"""

from .errors import InputError, NoAnswer, PyaspError

__version__ = "0.1.0"

__all__ = ["InputError", "NoAnswer", "PyaspError", "__version__"]
