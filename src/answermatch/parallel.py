"""Using a second CPU core for part of a job, where the platform allows it.

Processes are only *forked* (Linux, with no other Python thread running):
the child sees the parent's data without it being sent, and nothing is
imported again. Elsewhere, or when the machine has one core, everything runs
in the calling process. Results never depend on which way was taken.

:func:`in_child` runs one function in a forked child while the parent goes
on with other work; the child's value comes back through a pipe, marshalled
(plain built-in values only: ``str``, ``int``, ``float``, ``bool``, ``None``,
lists, tuples, dicts). If the child cannot be started or fails for any
reason (an exception, being killed), the function is simply run again in
the parent, so an error is raised where the caller expects it, with its
usual message.

>>> import os
>>> with in_child(os.getpid) as pending:
...     parent = os.getpid()
...     child = pending.result()
>>> child != parent or not can_fork()
True
"""

from __future__ import annotations

import marshal
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["Pending", "available_cpus", "can_fork", "in_child"]

T = TypeVar("T")


def available_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))  # type: ignore[attr-defined,unused-ignore]
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether forking is safe here: Linux, and no other Python thread running
    (a forked child holds only the calling thread, and a lock held by another
    thread would never be released in it)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


class Pending(Generic[T]):
    """``function(*args)``, being computed in a forked child (or later, here).

    Use it as a context manager: leaving the block without calling
    :meth:`result` (say, because the parent raised) stops and reaps the
    child.
    """

    def __init__(self, function: Callable[..., T], args: tuple[Any, ...], fork: bool) -> None:
        self._function, self._args = function, args
        self._pid: int | None = None
        self._pipe = -1
        if fork:
            self._start()

    def _start(self) -> None:
        try:
            read, write = os.pipe()
        except OSError:
            return
        try:
            pid = os.fork()
        except OSError:  # no more processes: stay in this one
            os.close(read)
            os.close(write)
            return
        if pid == 0:  # the child: compute, send, and leave without running any cleanup
            status = 1
            try:
                os.close(read)
                payload = marshal.dumps(self._function(*self._args))
                with os.fdopen(write, "wb") as out:
                    out.write(payload)
                status = 0
            finally:
                os._exit(status)
        os.close(write)
        self._pid, self._pipe = pid, read

    def result(self) -> T:
        """The value: the child's if it succeeded, else computed here."""
        if self._pid is not None:
            with os.fdopen(self._pipe, "rb") as pipe:
                payload = pipe.read()
            if self._reap() in (0, None) and payload:
                try:
                    return marshal.loads(payload)  # type: ignore[no-any-return]
                except (EOFError, ValueError, TypeError):  # cut short
                    pass
        return self._function(*self._args)

    def _reap(self) -> int | None:
        """The child's exit code (``None`` if it was already reaped, as when
        the program ignores SIGCHLD)."""
        pid, self._pid = self._pid, None
        assert pid is not None
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            return None
        return os.waitstatus_to_exitcode(status)

    def __enter__(self) -> Pending[T]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._pid is not None:  # never collected: the child's write fails, and it exits
            os.close(self._pipe)
            self._reap()


def in_child(function: Callable[..., T], *args: Any, worth_it: bool = True) -> Pending[T]:
    """Start ``function(*args)`` in a forked child when that can help (more
    than one CPU, :func:`can_fork`, and ``worth_it``, the caller's judgement
    that the work outweighs a fork); otherwise it runs in this process when
    :meth:`Pending.result` is called."""
    return Pending(function, args, fork=worth_it and available_cpus() > 1 and can_fork())
