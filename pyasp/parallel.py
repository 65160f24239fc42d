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


def _worker_processes() -> list:
    """The joblib (loky) worker processes this process started (psutil: any platform)."""
    import psutil

    found = []
    for child in psutil.Process().children():
        try:
            command = " ".join(child.cmdline())
        except psutil.Error:  # gone meanwhile, or not ours to read
            continue
        if "loky" in command and "resource_tracker" not in command:
            found.append(child)
    return found


def stop_workers() -> None:
    """End this process's joblib worker processes now. joblib ends them itself when a run is cut
    short, but in a thread of its own, which a process on its way out does not wait for: the
    workers were left running their chunks, some 400 MB each, for minutes after ``pyasp ...
    --jobs 2`` had ended on Ctrl-C. A later run starts new ones."""
    import psutil

    for worker in _worker_processes():
        try:
            worker.kill()
        except psutil.Error:
            pass


#: The -W option that keeps loky's resource tracker from warning of the semaphores and memory-mapped
#: folders it removes for a process ended without its clean-up (see :func:`quiet_resource_tracker`)
TRACKER_WARNINGS = "ignore:resource_tracker:UserWarning"


def quiet_resource_tracker(quiet: bool) -> None:
    """When a second Ctrl-C (or a grounding that outlives the grace period) ends a ``--jobs`` run
    with ``os._exit``, the run's joblib semaphores and memory-mapped folders are not released by
    the process; loky's resource tracker, a process of its own, removes them as it is meant to, but
    first prints a Python warning for each kind ("resource_tracker: There appear to be 8 leaked
    semlock objects to clean up at shutdown: ..."), which blames a leak on what was a requested
    exit. ``quiet``: a tracker started from now on is given ``-W`` :data:`TRACKER_WARNINGS` (loky
    starts it with this process's ``sys.warnoptions``; it still removes everything); False takes
    the option back. For the console script only (:func:`pyasp.interrupt.install`)."""
    import sys

    if quiet and TRACKER_WARNINGS not in sys.warnoptions:
        sys.warnoptions.append(TRACKER_WARNINGS)
    elif not quiet and TRACKER_WARNINGS in sys.warnoptions:
        sys.warnoptions.remove(TRACKER_WARNINGS)
