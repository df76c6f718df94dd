"""The opt-in ``workers=N`` of :func:`answermatch.evaluate`, the scorer and
the CLI: a task's costly per-item work spread over ``N`` processes.

A task hands :func:`map_chunks` a function of a list of jobs (its questions,
say) that returns one result per job. With one worker (the default) that is
one call in the calling thread: no process, no thread. With ``N`` workers the
jobs are cut into contiguous chunks scored by a
:class:`concurrent.futures.ProcessPoolExecutor` of ``N`` processes, started
as :mod:`multiprocessing` starts them here (its default start method, or the
one the program set: under ``spawn`` and ``forkserver`` a script guards its
entry with ``if __name__ == "__main__":``), and the results come back in job
order. The task then sums them in item order, as with one worker, so every
figure is the same to the bit.

Where processes cannot be started (inside a daemonic process, as a
``multiprocessing.Pool`` or Dask worker is, or without process support) or
a worker dies, the work is done in the calling thread, with the same
numbers.

>>> from answermatch.workers import map_chunks
>>> map_chunks(lambda jobs: [len(job) for job in jobs], ["ab", "c", "def"], workers=1)
[2, 1, 3]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .errors import AnswermatchError

__all__ = ["check_workers", "map_chunks"]

J = TypeVar("J")
R = TypeVar("R")

#: chunks per worker: small enough to even out costly stretches of jobs (a
#: block of one language), large enough that each carries real work
CHUNKS_PER_WORKER = 4


def check_workers(workers: object) -> int:
    """``workers`` if it is a whole number of at least 1, else an
    :class:`~answermatch.errors.AnswermatchError`.

    >>> check_workers(2)
    2
    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    answermatch.errors.AnswermatchError: workers must be a whole number of at least 1, got 0
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise AnswermatchError(f"workers must be a whole number of at least 1, got {workers!r}")
    return workers


def map_chunks(
    function: Callable[[Sequence[J]], list[R]], jobs: Sequence[J], workers: int = 1
) -> list[R]:
    """``function(jobs)``, computed over contiguous chunks of ``jobs`` in
    ``workers`` processes when more than one is asked for and processes can
    be started here (see :mod:`answermatch.workers`). ``function`` and the
    jobs are pickled to the workers: a module-level function, or an object
    whose pickle carries what it needs (not its caches)."""
    if workers <= 1 or len(jobs) < 2 or not _can_start_processes():
        return function(jobs)
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    count = min(len(jobs), workers * CHUNKS_PER_WORKER)
    size, extra = divmod(len(jobs), count)
    bounds = [k * size + min(k, extra) for k in range(count + 1)]
    chunks = [jobs[bounds[k] : bounds[k + 1]] for k in range(count)]
    try:
        with ProcessPoolExecutor(max_workers=min(workers, count)) as pool:
            results: list[R] = []
            for part in pool.map(function, chunks):
                results += part
    except (OSError, NotImplementedError, BrokenProcessPool):  # no processes, or one died
        return function(jobs)
    return results


def _can_start_processes() -> bool:
    """Not inside a daemonic process (which may not have children)."""
    import multiprocessing

    return not multiprocessing.current_process().daemon
