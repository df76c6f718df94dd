"""What decides whether work may be split over processes: the CPUs this
process may use, those other work leaves idle, and whether forking is safe.

The tasks that use a second process (XOR's questions, SQuAD's distinct
pairs, XOR-Retrieve's passages) all ask here, so they agree on one rule.

>>> available_cpus() >= 1
True
>>> idle_cpus() <= available_cpus()
True
"""

from __future__ import annotations

import os
import sys
from contextvars import ContextVar

__all__ = [
    "available_cpus",
    "can_fork",
    "fork_with_pipe",
    "idle_cpus",
    "spare_core",
    "twin_active",
]

#: inside a block that a twin process shares (:mod:`answermatch.twin`): both
#: processes already use the cores they may, so neither forks again
twin_active: ContextVar[bool] = ContextVar("answermatch_twin_active", default=False)


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system tells
    it, else ``os.cpu_count()``)."""
    try:
        return len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def idle_cpus() -> float:
    """The CPUs other processes leave idle: the CPUs available less the
    load, which counts this process too. The load is the lower of the
    1-minute load average and the tasks running at this moment (Linux's
    ``/proc/loadavg``): the average trails a job that has just ended by a
    minute, and a run of a second or two is decided by the machine as it is
    now; work that keeps a core busy shows in both."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # not known here: assume none busy
        load = 0.0
    running = _running_now()
    if running is not None:
        load = min(load, float(running))
    return available_cpus() - load


def _running_now() -> int | None:
    """The tasks running or ready to run now, this one included (the
    fourth field of ``/proc/loadavg``, ``running/total``); ``None`` where
    it is not known."""
    try:
        with open("/proc/loadavg", encoding="ascii") as fh:
            return int(fh.read().split()[3].split("/")[0])
    except (OSError, ValueError, IndexError):
        return None


def can_fork() -> bool:
    """Whether a forked child is safe and cheap here: on Linux, with no other
    thread running, Python's or a C library's (a BLAS pool, say): a fork
    copies only the calling thread, so a lock another thread holds would
    stay locked in the child (Python 3.12+ warns of it)."""
    return sys.platform.startswith("linux") and _python_threads() == 1 and _os_threads() == 1


def _python_threads() -> int:
    """The threads Python started (one, unless :mod:`threading` was imported
    and started others: it is not imported here, which costs a millisecond
    or two at every start)."""
    threading = sys.modules.get("threading")
    return 1 if threading is None else threading.active_count()


def _os_threads() -> int:
    """The threads of this process as the system counts them."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:  # no /proc: what Python knows
        return _python_threads()


def spare_core() -> bool:
    """Whether a forked second process pays here: :func:`can_fork`, two
    usable CPUs, and one of them idle (:func:`idle_cpus` at least one; on a
    busy machine a second process slows the first down), and no twin
    sharing the work already (:data:`twin_active`).
    """
    return not twin_active.get() and can_fork() and available_cpus() >= 2 and idle_cpus() >= 1


def fork_with_pipe() -> tuple[int, int] | None:
    """Fork with a pipe from the child to this process: ``(pid, fd)``, where
    the child gets pid 0 and the pipe's write end, and this process the
    child's pid and the read end (the other end closed on each side);
    ``None`` when the system refuses the fork."""
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return None
    os.close(read_end if pid == 0 else write_end)
    return pid, (write_end if pid == 0 else read_end)
