"""pyasp: reasoning over text and data with answer-set programming (clingo) and learned scorers."""

__version__ = "0.1.0"
