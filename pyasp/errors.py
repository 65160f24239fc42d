"""Errors that pyasp reports to its users.

Every error a user can cause (bad input file, malformed encoding, unknown option value) is a
:class:`PyaspError`: the CLI prints its message on one line of stderr and exits with its
``exit_code`` (2 for bad input). "No answer" is not bad input: :class:`NoAnswer` exits with 1.
"""

from __future__ import annotations


class PyaspError(Exception):
    """A problem with what the user gave us; the message says what and where."""

    exit_code = 2


class InputError(PyaspError):
    """Malformed or out-of-range input data (JSON files, option values)."""


class NoAnswer(PyaspError):
    """The input was fine, but no solution satisfies the constraints."""

    exit_code = 1
