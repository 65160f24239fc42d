"""Errors that pyasp reports to its users.

Every error a user can cause (bad input file, malformed encoding, unknown option value) is a
:class:`PyaspError`: the CLI prints its message on one line of stderr and exits with its
``exit_code`` (2 for bad input). "No answer" is not bad input: :class:`NoAnswer` exits with 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


class PyaspError(Exception):
    """A problem with what the user gave us; the message says what and where."""

    exit_code = 2


class InputError(PyaspError):
    """Malformed or out-of-range input data (JSON files, option values)."""


class NoAnswer(PyaspError):
    """The input was fine, but no solution satisfies the constraints."""

    exit_code = 1


def check_count(value, name: str, least: int = 1, most: int | None = None) -> int:
    """A whole-number argument of the Python API (``epochs``, ``folds``, ``top`` ...): an int of
    at least ``least`` (and at most ``most``), else an :class:`InputError` naming it (not a
    TypeError from deep inside, nor a run that never ends)."""
    if isinstance(value, bool) or not isinstance(value, int):
        import numbers

        if not isinstance(value, numbers.Integral) or isinstance(value, bool):
            raise InputError(f"{name} must be a whole number, not {value!r}")
        value = int(value)
    if value < least:
        raise InputError(f"{name} must be at least {least}, not {value}")
    if most is not None and value > most:
        raise InputError(f"{name} must be at most {most:,}, not {value:,}")
    return value


def check_choice(value, choices, name: str) -> str:
    """``value`` when it is one of ``choices``, else an :class:`InputError` naming ``name`` as the
    caller knows it: the Python parameter (``ranking is rows, tables or options, not 'row'``) or
    the option as typed (``--ranking is ...``)."""
    if value not in choices:
        choices = list(choices)
        listed = ", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]
        raise InputError(f"{name} is {listed}, not {value!r}")
    return value


def check_seconds(value, name: str = "time_limit") -> float | None:
    """A time limit of the Python API: None (none) or a number of seconds above 0."""
    if value is None:
        return None
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not value > 0:
        raise InputError(f"{name} must be a number of seconds above 0 (or None for none), not {value!r}")
    return float(value)


class PyaspWarning(UserWarning):
    """Something the user should know, that does not stop the work (the command line prints it
    as a ``pyasp: warning:`` line)."""


def shown_char(ch: str) -> str:
    """A character as an error message shows it: quoted when it can be seen, else by its code
    point and name ("U+00A0 NO-BREAK SPACE", which a terminal shows as a plain space)."""
    import unicodedata

    if ch.isprintable() and not ch.isspace() or ch == " ":
        return f'"{ch}"'
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'character')}"


def name_hint(text: str, pos: int | None) -> str:
    """"; names are ASCII ..." when a syntax error stopped at a non-ASCII letter inside a word
    ("größe", "répartir"), else "": the parser alone only says the letter was unexpected."""
    if pos is None or not 0 < pos < len(text):
        return ""
    ch, before = text[pos], text[pos - 1]
    if ch.isalpha() and not ch.isascii() and (before.isascii() and (before.isalnum() or before == "_")):
        return "; names are ASCII letters, digits and _"
    return ""


def pointed(line: str, column: int) -> str:
    r"""A line of a file and, under it, a caret at ``column`` (1-based): the caret's indentation
    keeps the line's tabs, so that it lands under the place however wide a terminal draws them.

        >>> pointed("\tx <= ;", 7)
        '\tx <= ;\n\t     ^'
    """
    return line + "\n" + "".join("\t" if ch == "\t" else " " for ch in line[: max(column - 1, 0)]) + "^"


def check_input_file(path: str | Path, what: str = "file") -> Path:
    """``path`` as a Path when it is a file; otherwise an :class:`InputError` saying whether it is
    missing or a directory (or, from Python, not a path at all)."""
    import os

    path = check_input_dir(path, what)
    if path.is_dir():
        raise InputError(f"{what} {path} is a directory, not a file")
    if str(path) == "-" and not path.exists():
        raise InputError(f"{what} '-': pyasp does not read standard input here; give a file")
    if not path.is_file():
        if path.exists():  # a pipe or a device: process substitution, /dev/stdin
            raise InputError(f"{what} {path} is not a regular file (a pipe, or <(...)): pyasp may read it more than "
                             "once; write it to a file and give that")
        raise InputError(f"{what} not found: {path}")
    if not os.access(path, os.R_OK):  # else a reader's own message may blame the content
        raise InputError(f"{what} {path} is not readable (permission denied)")
    return path


def malformed(source: str, err: Exception) -> InputError:
    """The InputError for a model file whose JSON has the wrong shape, from the error its reading
    raised: a missing field named as one, and Python's own wording of a wrong type kept out."""
    if isinstance(err, KeyError):
        why = f"the field {err.args[0]!r} is missing" if err.args else "a field is missing"
    elif isinstance(err, (TypeError, AttributeError)) or str(err).startswith(("invalid literal", "could not convert")):
        why = "a field holds the wrong kind of value (null, text, a list or an object where another belongs)"
    else:
        why = str(err)
    return InputError(f"{source}: malformed model ({why}); write it again with pyasp's train command")


def check_input_dir(path, what: str = "folder") -> Path:
    """``path`` as a Path, when it is a str or a path (from Python, anything else is refused with
    an :class:`InputError` rather than a TypeError); whether it is a folder is the reader's to say
    (:func:`check_input_file` says it of a file)."""
    import os

    if not isinstance(path, (str, os.PathLike)):
        raise InputError(f"{what} must be a path (a str or pathlib.Path), not {type(path).__name__}")
    return Path(path)


#: the largest input file read (an endless input, /dev/zero or a pipe, stops here)
MAX_INPUT_BYTES = 512 * 2**20


def read_text_file(path: str | Path, what: str = "file", error: type[PyaspError] = InputError) -> str:
    """The text of a UTF-8 file (a byte-order mark dropped), or an ``error`` (InputError unless
    given) that names the file and the problem: for text that is not UTF-8, the line of the first
    bad byte; for more than :data:`MAX_INPUT_BYTES`, the size."""
    path = Path(path)
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_INPUT_BYTES + 1)
    except OSError as err:
        if str(path) == "-" and not path.exists():
            raise error(f"{what} '-': pyasp does not read standard input here; give a file (or /dev/stdin)") from None
        raise error(f"cannot read {what} {path}: {err.strerror or err}") from None
    if len(raw) > MAX_INPUT_BYTES:
        raise error(f"{path}: more than {MAX_INPUT_BYTES // 2**20} MB: too large for a {what}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise error(f"{path}:{line}: not UTF-8 text ({err.reason}); save it as UTF-8") from None


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` that hold something other than a ``#`` comment, each with its
    number counted from 1 (lines end at a newline only, as editors count them; a form feed or
    U+2028 inside a line does not end it), as written."""
    return [(number, line) for number, line in enumerate(text.split("\n"), start=1)
            if line.strip() and not line.lstrip().startswith("#")]


def read_json_file(path: str | Path, what: str = "file"):
    """The decoded JSON of a file, or an :class:`InputError` naming the file, line and column
    (or the key an object repeats: JSON readers keep one of the two silently)."""
    return parse_json(read_text_file(path, what), path)


def parse_json(text: str, path: str | Path):
    """``text`` decoded as JSON, its errors named as :func:`read_json_file` names them (``path``:
    where the text came from)."""
    import json

    def no_repeated_keys(pairs: list[tuple[str, object]]) -> dict:
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InputError(f"{path}: the key {key!r} appears twice in one object; say which value is meant")
            seen.add(key)
        return dict(pairs)

    try:
        return json.loads(text, object_pairs_hook=no_repeated_keys)
    except json.JSONDecodeError as err:
        message = err.msg.removesuffix(" at")  # "Unterminated string starting at", then where
        raise InputError(f"{path}: not valid JSON: {message} at line {err.lineno}, column {err.colno}") from None
    except ValueError:  # an integer of more digits than Python converts (sys.get_int_max_str_digits)
        raise InputError(f"{path}: a number in the file has more digits than can be read (more than 4300)") from None


def write_file(path: str | Path, data, what: str = "file") -> None:
    """Write ``data`` (text, bytes, or a function that writes a given path) to ``path`` without
    ever leaving it half written: into a temporary file beside it, renamed over it at the end. On
    failure (a full disk, a read-only folder) the old file is as it was, the temporary is removed
    and a :class:`PyaspError` names the file. A symbolic link is followed (the file it names is
    replaced); what is not a regular file (/dev/null, a pipe) is written in place."""
    import os
    import secrets

    def put(target: Path) -> None:
        if callable(data):
            data(target)
        elif isinstance(data, bytes):
            target.write_bytes(data)
        else:
            with open(target, "w", encoding="utf-8", newline="") as stream:
                stream.write(data)

    path = Path(path)
    if path.exists() and not path.is_file():  # a device or a pipe: nothing to keep whole
        try:
            put(path)
        except OSError as err:
            raise InputError(f"cannot write the {what} to {path}: {err.strerror or err}") from None
        return
    if path.is_symlink():
        path = path.resolve()
    if path.is_file() and _read_only(path):
        raise InputError(f"cannot write the {what} to {path}: the file is read-only (chmod u+w to let pyasp replace it)")
    temporary = path.parent / f".pyasp-{os.getpid()}-{secrets.token_hex(4)}.tmp"
    try:
        put(temporary)
        if path.is_file():  # the new file keeps the old one's permissions (a private 600 stays private)
            import shutil

            shutil.copymode(path, temporary)
        os.replace(temporary, path)
    except BaseException as err:  # also Ctrl-C: no temporary left behind
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
        if not isinstance(err, OSError):
            raise
        raise InputError(f"cannot write the {what} to {path}: {err.strerror or err}") from None


def _read_only(path: Path) -> bool:
    """Whether a file is read-only: no write permission for this user, or none at all in its mode
    (which root, who may write anyway, is held to as well)."""
    import os
    import stat

    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def write_json_file(path: str | Path, data, what: str = "file") -> None:
    """Write ``data`` as indented JSON (:func:`write_file`: all or nothing)."""
    import json

    write_file(path, json.dumps(data, indent=1) + "\n", what)


def check_output_path(path: str | Path, what: str = "output file", inputs: Iterable[str | Path | None] = ()) -> Path:
    """Refuse, before any work is done, an output path that cannot be written: its folder is
    missing or not writable, it is a folder, or it is one of the command's ``inputs`` or an
    existing file inside an input folder (a table store), which writing would destroy
    (:class:`InputError`)."""
    import os

    path = Path(path)
    if path.is_dir():
        raise InputError(f"cannot write {what} {path}: it is a directory")
    if not path.parent.is_dir():
        raise InputError(f"cannot write {what} {path}: the directory {path.parent} does not exist")
    if path.exists() and not path.is_file():  # /dev/null, a pipe: written in place
        if not os.access(path, os.W_OK):
            raise InputError(f"cannot write {what} {path}: it is not writable")
        return path
    if not os.access((path.resolve() if path.is_symlink() else path).parent, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {what} {path}: the directory {path.parent} is not writable")
    for given in inputs:  # the files at the top of an input folder are what it reads (a table store's
        # tables and sidecars, a folder of folds): an existing one would be lost, and a new .tsv/.csv
        # there would be read as a table next time; subfolders are the user's
        if given is None or not Path(given).is_dir() or path.resolve().parent != Path(given).resolve():
            continue
        if path.exists():
            raise InputError(f"cannot write {what} {path}: it is a file of the input folder {given}, which would be lost")
        if path.suffix.lower() in (".tsv", ".csv"):
            raise InputError(f"cannot write {what} {path}: the input folder {given} would read it as a table or "
                             "sidecar next time; write it elsewhere")
    if not path.is_file():
        return path
    if _read_only(path):
        raise InputError(f"cannot write {what} {path}: the file is read-only (chmod u+w to let pyasp replace it)")
    for given in inputs:
        if given is None:
            continue
        given = Path(given)
        if given.is_file() and path.samefile(given):
            raise InputError(f"cannot write {what} {path}: it is the input file {given}, which would be lost")
    return path
