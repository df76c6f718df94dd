"""Score a long list of questions on every CPU: interleaved slices, results in order.

:func:`map_slices` deals a list of jobs out to as many slices as processes
(every ``count``-th job to each, so costly jobs are shared out however they
cluster: a block of one language, long texts), scores the first slice in
this process and each other slice in a forked child (never more processes
than CPUs available), and returns the results in job order. Each result is computed by the same
function on the same job whichever process computes it, and the callers
sum the results afterwards, in gold order, in this process: the figures
are bit-identical to one process's.

Processes are only used on Linux, where they are forked (the children
inherit the loaded tokenizers and the jobs; nothing is re-imported and only
the results travel back, pickled), when this process runs no other thread,
for at least :data:`PARALLEL_MIN` jobs (below that, starting a process
costs more than it saves), and only on CPUs that are idle (by the load average
and the tasks running now, :func:`idle_cpus`): on a machine busy with other work a second
process only adds its start-up and a second preparation of the answers.
A child that fails, or cannot be started, has its slice computed here
instead, so an error is raised here, as one process would raise it.

>>> map_slices(lambda jobs: [j * j for j in jobs], [1, 2, 3], processes=2, minimum=1)
[1, 4, 9]
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ...processes import available_cpus, can_fork, idle_cpus

__all__ = ["PARALLEL_MIN", "map_slices"]

J = TypeVar("J")
R = TypeVar("R")

#: the fewest jobs for which several processes are used by default
PARALLEL_MIN = 20_000


def _processes(requested: int, jobs: int, minimum: int) -> int:
    if not can_fork():
        return 1
    if requested == 0:  # automatic: this process and the CPUs idle besides it
        if jobs < minimum:
            return 1
        requested = 1 + int(max(0.0, idle_cpus()) + 0.5)
    return max(1, min(requested, jobs, available_cpus(), os.cpu_count() or 1))


def _child(function: Callable[[Sequence[J]], list[R]], jobs: Sequence[J], conn: Any) -> None:
    try:
        results = function(jobs)
    except BaseException:  # recomputed (and raised) by the parent
        conn.send(None)
    else:
        conn.send(results)
    finally:
        conn.close()


def map_slices(
    function: Callable[[Sequence[J]], list[R]],
    jobs: Sequence[J],
    *,
    processes: int = 0,
    minimum: int | None = None,
) -> list[R]:
    """``function(jobs)``, computed over interleaved slices of ``jobs`` in
    ``processes`` processes (0: automatic, from ``minimum`` jobs on, by
    default :data:`PARALLEL_MIN`; see the module documentation)."""
    count = _processes(processes, len(jobs), PARALLEL_MIN if minimum is None else minimum)
    if count == 1:
        return function(jobs)
    import multiprocessing  # lazily: most inputs are scored in one process

    context = multiprocessing.get_context("fork")
    # objects that exist now are left out of the collector's scans from here
    # on, in this process and in the children (whose scans would otherwise
    # write to, hence copy, every page of the inherited heap)
    gc.freeze()
    # every count-th job to each process: the costly ones (long texts, MeCab's
    # languages, a block of one language) are shared out however they cluster
    slices = [jobs[k::count] for k in range(count)]
    children = []
    for part in slices[1:]:
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=_child, args=(function, part, send), daemon=True)
        try:
            child.start()
        except OSError:  # no process to be had: computed here
            receive.close()
            send.close()
            children.append((None, None, part))
            continue
        send.close()
        children.append((child, receive, part))
    try:
        results: list[Any] = [None] * len(jobs)
        results[0::count] = function(slices[0])
        for k, (_, receive, part) in enumerate(children, start=1):
            found = None
            if receive is not None:
                try:
                    found = receive.recv()
                except EOFError:  # the child died
                    found = None
                receive.close()
            results[k::count] = function(part) if found is None else found
    finally:
        gc.unfreeze()
        for child, _, _ in children:
            if child is not None:
                if child.is_alive():
                    child.terminate()
                child.join()
    return results
