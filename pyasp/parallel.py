"""Map a function over chunks of items, in this process or in joblib worker processes, with a
progress callback per finished chunk (the engines' ``prepare_many``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence


def workers(jobs: int, tasks: int) -> int:
    """How many processes to start for ``jobs`` asked and ``tasks`` to run: at most one a task
    and one a CPU this process may use (more only cost memory and start-up time), at least 1."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(jobs, tasks, cpus))


def map_chunks(func: Callable, items: Sequence, *args, jobs: int = 1, chunk: int = 8,
               progress: Callable[[int], None] | None = None, into: list | None = None) -> list:
    """``func(items[i:i + chunk], *args)`` for every chunk, results concatenated in order;
    ``jobs`` > 1 runs the chunks in that many processes (``func`` must be picklable). ``into``:
    a list the results are appended to as their chunks finish (and returned), so that a caller
    still has the first ones when the run is interrupted."""
    chunks = [items[i : i + chunk] for i in range(0, len(items), chunk)]
    jobs = workers(jobs, len(chunks))
    if jobs == 1:
        results = (func(part, *args) for part in chunks)
    else:
        from joblib import Parallel, delayed

        results = Parallel(n_jobs=jobs, return_as="generator")(delayed(func)(part, *args) for part in chunks)
    out: list = [] if into is None else into
    try:
        for part, result in zip(chunks, results):
            out.extend(result)
            if progress:
                progress(len(part))
    except BaseException:  # Ctrl-C, or an error in a chunk: the other chunks' results are not wanted
        if jobs > 1:
            stop_workers()
        raise
    return out


def _worker_pids() -> list[int]:
    """The joblib (loky) worker processes this process started (Linux: read from /proc; elsewhere
    none are found)."""
    me, found = os.getpid(), []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                parent = int(stat.read().rsplit(b")", 1)[1].split()[1])  # the command may hold spaces and ')'
            if parent != me:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read()
        except (OSError, ValueError, IndexError):
            continue
        if b"loky" in command and b"resource_tracker" not in command:
            found.append(int(entry))
    return found


def stop_workers() -> None:
    """End this process's joblib worker processes now. joblib ends them itself when a run is cut
    short, but in a thread of its own, which a process on its way out does not wait for (without
    psutil it also runs ``pgrep``, which a second Ctrl-C, or ``timeout -s INT``'s signal to the
    process group, kills, and then fails with a traceback): the workers were left running their
    chunks, some 400 MB each, for minutes after ``pyasp ... --jobs 2`` had ended on Ctrl-C. A
    later run starts new ones."""
    import signal

    for pid in _worker_pids():
        try:
            os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
        except OSError:
            pass
