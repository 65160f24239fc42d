"""Map a function over chunks of items, in this process or in joblib worker processes, with a
progress callback per finished chunk (the engines' ``prepare_many``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def map_chunks(func: Callable, items: Sequence, *args, jobs: int = 1, chunk: int = 8,
               progress: Callable[[int], None] | None = None) -> list:
    """``func(items[i:i + chunk], *args)`` for every chunk, results concatenated in order;
    ``jobs`` > 1 runs the chunks in that many processes (``func`` must be picklable)."""
    chunks = [items[i : i + chunk] for i in range(0, len(items), chunk)]
    jobs = min(jobs, len(chunks)) or 1  # a worker per chunk at most: more only cost start-up time
    if jobs == 1:
        results = (func(part, *args) for part in chunks)
    else:
        from joblib import Parallel, delayed

        results = Parallel(n_jobs=jobs, return_as="generator")(delayed(func)(part, *args) for part in chunks)
    out: list = []
    for part, result in zip(chunks, results):
        out.extend(result)
        if progress:
            progress(len(part))
    return out
