"""Ctrl-C on the command line, also while clingo grounds or solves.

Python runs its SIGINT handler only between bytecodes, so a Ctrl-C that arrives while clingo
grounds (one long C call) waits for the grounding to end, which may be minutes; and a
``KeyboardInterrupt`` that surfaces inside a destructor (clingo's ``Control.__del__``) is
printed as "Exception ignored" and lost. The console script therefore has the signal written to a
pipe as it arrives (:func:`signal.set_wakeup_fd`), and a watcher thread reading the pipe

1. interrupts every clingo search in progress (``Control.interrupt`` is thread-safe), so the main
   thread gets back to Python at once and raises ``KeyboardInterrupt`` as usual: results already
   printed stay, files being written are left as they were (:func:`pyasp.errors.write_file`);
2. if the process is still running :data:`GRACE_S` seconds later (clingo still grounding, or the
   interrupt lost), reports the abort and ends the process with exit code 130. Code that catches
   the ``KeyboardInterrupt`` to report what it found so far (``acquire learn`` prints the program
   learned before Ctrl-C) says so with :func:`handled`: from then on only a second Ctrl-C ends
   the process.

Library users are not affected: :func:`install` is called by the console script only.
"""

from __future__ import annotations

import math
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .parallel import quiet_resource_tracker, stop_workers

#: Seconds the main thread has to stop by itself after Ctrl-C before the process is ended.
GRACE_S = 2.0
#: Exit code of an interrupted run (128 + SIGINT, as shells report it).
EXIT_CODE = 130
#: Exit code of a run whose grounding outlived its time limit (no answer, as for any time limit:
#: see :func:`grounding`).
GROUNDING_EXIT_CODE = 1
#: A time limit of this many seconds or more (about 31 years) is none: clingo's and the threads'
#: waits overflow long before a run would end.
NO_LIMIT_S = 1e9

_lock = threading.Lock()
_solving: set = set()  # clingo controls whose search is running now
_reported = False
_installed: tuple[int, int] | None = None  # (the wakeup fd before, the pipe's write end)
_handled = False  # the main thread caught the Ctrl-C and reports (handled)
_one_run = False  # the command solves one thing: its time limit bounds the grounding too (one_run)
_console = False  # the console script's main() is running (console)


@contextmanager
def solving(ctl, defer: bool = True) -> Iterator[None]:
    """Mark ``ctl`` (a ``clingo.Control``) as searching for the time of the block, so that Ctrl-C
    can interrupt it; with ``defer``, inside :func:`deferred` (a generator that yields models in
    the block passes False and defers around each call into clingo instead, so that a Ctrl-C in
    its consumer's code is raised there)."""
    with _lock:
        _solving.add(ctl)
    try:
        if defer:
            with deferred():
                yield
        else:
            yield
    finally:
        with _lock:
            _solving.discard(ctl)


_deferral: list | None = None  # [noted] while a deferred() block runs in the main thread


@contextmanager
def deferred() -> Iterator[None]:
    """Under the watcher, in the main thread: the ``KeyboardInterrupt`` of a Ctrl-C in the block
    is raised when the block ends (the watcher interrupts the search meanwhile). Raised inside one
    of clingo's callbacks, which run Python code in the main thread, it would make clingo
    terminate the process. Nested blocks share the note, so each of them raises on its way out.
    Elsewhere (no watcher, another thread, a handler of the program's own) it does nothing."""
    global _deferral
    if _deferral is not None:  # nested: the outer block restores the handler
        yield
        if _deferral is not None and _deferral[0]:
            raise KeyboardInterrupt
        return
    if _installed is None or threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    state = [False]

    def note(_signum, _frame) -> None:  # no lock here: the main thread may hold it
        state[0] = True

    signal.signal(signal.SIGINT, note)
    _deferral = state
    try:
        yield
    finally:
        _deferral = None
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if state[0]:
            raise KeyboardInterrupt


@contextmanager
def grounding(time_limit_s: float | None, what: str, hint=lambda: "") -> Iterator[None]:
    """Around a clingo grounding, which cannot be stopped part-way: with a time limit, a grounding
    still running when the limit has passed ends the process with exit code 1 (no answer, as any
    run the time limit stops) and a message naming ``what``, then ``hint()`` (a grounding that
    outlives the whole limit leaves nothing to report). Only under the console script
    (:func:`console`) and for a command that makes one run (:func:`one_run`); an evaluation, where
    one question's grounding must not end the others, is warned once that a grounding outlives
    the limit. Library calls are not affected: their time limits bound the search, not the
    grounding."""
    if time_limit_s is None or not time_limit_s < NO_LIMIT_S or not _console:
        yield
        return
    done = threading.Event()

    def expire() -> None:
        if done.wait(time_limit_s):
            return
        if _one_run:
            report_abort(f"pyasp: no answer: clingo was still grounding {what} when the time limit of {time_limit_s:g} s "
                         f"ran out (grounding cannot be stopped part-way){hint()}")
            os._exit(GROUNDING_EXIT_CODE)
        _warn_once(f"pyasp: warning: clingo has been grounding {what} for longer than the time limit of "
                   f"{time_limit_s:g} s; a grounding cannot be stopped part-way, and an evaluation goes on with the "
                   f"other problems only after it (Ctrl-C ends the run){hint()}")

    threading.Thread(target=expire, name="pyasp-grounding", daemon=True).start()
    try:
        yield
    finally:
        done.set()


_warned = False


def _warn_once(message: str) -> None:
    """Print ``message`` on standard error, the first time only (from a watchdog thread)."""
    global _warned
    with _lock:
        if _warned:
            return
        _warned = True
    _to_stderr(message)


def _to_stderr(message: str) -> None:
    try:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed or broken stderr: nothing to tell
        pass


def console(running: bool) -> None:
    """The console script's ``main`` begins (True) or ends (False): only in between does
    :func:`one_run` take effect, whether or not the Ctrl-C watcher could be installed (a
    background job ignores SIGINT, and still has its time limits)."""
    global _console, _one_run, _warned
    _console, _one_run, _warned = running, False, False


def one_run() -> None:
    """Called by a console command that solves one thing (one problem, one question, one learning
    run): its time limit also bounds the grounding (:func:`grounding`)."""
    global _one_run
    _one_run = True


def report_abort(message: str = "pyasp: aborted") -> None:
    """Print ``message`` (by default ``pyasp: aborted``) on standard error, once per process: the
    first call prints, later ones (and the watcher's) do not."""
    global _reported
    with _lock:
        if _reported:
            return
        _reported = True
    _to_stderr(message)


def _interrupt_searches() -> None:
    with _lock:
        for ctl in _solving:
            ctl.interrupt()


def handled() -> None:
    """After Ctrl-C, for code that caught the ``KeyboardInterrupt`` in Python and goes on to
    report what it found so far: the watcher no longer ends the process by itself (the main
    thread is back in Python, where a second Ctrl-C raises ``KeyboardInterrupt`` again), and a
    second Ctrl-C ends it at once. Call it only where a ``KeyboardInterrupt`` was caught; it does
    nothing without the watcher."""
    global _handled
    with _lock:
        _handled = _installed is not None


def _readable(read_fd: int, timeout_s: float | None) -> bool:
    """Whether the pipe has bytes (or its end) within ``timeout_s`` (None: wait as long as it takes);
    poll, not select, so that a process with many open files can watch a high fd."""
    poller = select.poll()
    poller.register(read_fd, select.POLLIN)
    return bool(poller.poll(None if timeout_s is None else max(0, math.ceil(timeout_s * 1000))))


def caught(keep: bool) -> None:
    """In an ``except KeyboardInterrupt`` block of code that can report what it found so far:
    re-raise the interrupt unless ``keep``, else tell the watcher (:func:`handled`)."""
    if not keep:
        raise  # noqa: PLE0704 - the KeyboardInterrupt being handled by the caller
    handled()


def _read(read_fd: int) -> bytes:
    try:
        return os.read(read_fd, 64)
    except OSError:
        return b""


def _watch(read_fd: int, write_fd: int, grace_s: float) -> None:
    while True:
        data = _read(read_fd)
        if not data:  # uninstalled
            os.close(read_fd)
            return
        if signal.SIGINT in data:
            break
    end = time.monotonic() + grace_s
    _interrupt_searches()
    while True:  # until the grace is over (never, once handled) or a second Ctrl-C
        with _lock:
            left = math.inf if _handled else end - time.monotonic()
        if left <= 0:
            break
        if not _readable(read_fd, None if left == math.inf else left):
            continue
        data = _read(read_fd)
        if not data:  # main() has ended and handed Ctrl-C back (a program that called it goes on)
            os.close(read_fd)
            return
        if signal.SIGINT in data:  # a second Ctrl-C: now
            break
    with _lock:
        still = _installed is not None and _installed[1] == write_fd
    if not still:  # main() has ended and handed Ctrl-C back (a program that called it goes on)
        return
    report_abort()
    stop_workers()  # os._exit runs no clean-up: --jobs workers would go on for minutes
    os._exit(EXIT_CODE)


def install(grace_s: float = GRACE_S) -> bool:
    """Start the watcher (from the main thread; a second call keeps the first). Returns False
    where it cannot run (not the main thread, or SIGINT ignored, as for a background job):
    Ctrl-C then works as Python's default."""
    global _installed, _reported, _handled
    if _installed is not None:
        return True
    if threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return False
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    _quiet_interrupts_in_destructors()
    quiet_resource_tracker(True)  # the forced exit's os._exit leaves joblib's clean-up to loky's tracker
    before = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    with _lock:
        _installed, _reported, _handled = (before, write_fd), False, False
    threading.Thread(target=_watch, args=(read_fd, write_fd, grace_s), name="pyasp-interrupt", daemon=True).start()
    return True


def _quiet_interrupts_in_destructors() -> None:
    """A Ctrl-C that lands in a destructor (clingo's ``Control.__del__``) is lost there, and
    Python prints it as "Exception ignored ... Traceback": under the watcher, which ends the
    run all the same, say nothing of it."""
    before = sys.unraisablehook
    if getattr(before, "_pyasp", False):
        return

    def hook(unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _installed is not None:
            return
        before(unraisable)

    hook._pyasp = True
    sys.unraisablehook = hook


def uninstall() -> None:
    """Stop the watcher and give the wakeup fd back (for a program that calls the console
    script's ``main`` and goes on: its own Ctrl-C must not end it two seconds later)."""
    global _installed
    if _installed is None or threading.current_thread() is not threading.main_thread():
        return
    with _lock:
        (before, write_fd), _installed = _installed, None
    signal.set_wakeup_fd(before)
    quiet_resource_tracker(False)
    os.close(write_fd)  # the watcher reads the end of the pipe and returns
