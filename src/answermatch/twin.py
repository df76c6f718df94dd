"""A twin of this process, forked where a run starts, that shares the work
where it splits in two.

Forking late, once the inputs are read, makes both processes pay: every
page of the large heap they share is copied on the first write of either
(a reference count is a write), which cost as much as the second process
saved. A twin forked before reading shares almost nothing: it reads the
same inputs itself, on the idle core, while this process does, and does
the same work up to a point where the work splits (:func:`halves`). There
the twin does the second half, sends it as bytes through a pipe and ends;
this process does the first half, takes the twin's and goes on alone. A
twin never leaves the ``with`` block: it ends there, whatever happens. Its
standard streams go to ``/dev/null`` and its warnings and logging are off,
so it prints, logs and writes nothing but the pipe; on Linux it is killed
when its original ends.

The twin's half is taken only if the twin did not fail, its half came
whole, holds the same items as this process's (a hash of them is
compared) and one value per item, and no input file changed while the
block ran (device, inode, size and times); otherwise this process does the
whole work, with the same result.

>>> from answermatch.twin import halves, twin
>>> with twin(wanted=False):
...     halves([1, 2, 3], lambda part: [x * 10 for x in part], repr, eval) is None
True
"""

from __future__ import annotations

import contextlib
import os
import signal
import struct
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from .processes import fork_with_pipe, spare_core, twin_active
from .sources import is_path

__all__ = ["TWIN_MIN_BYTES", "halves", "in_twin", "twin", "worth_a_twin"]

#: Inputs of at least this many bytes in all are read and scored by a twin
#: too (:func:`worth_a_twin`): below it, the twin's start and the check of
#: its half cost more than the half saves.
TWIN_MIN_BYTES = 4_000_000

T = TypeVar("T")

#: what the twin sends before its half: a hash of its items, and the
#: length of the encoded half (a twin that was killed mid-write sends less)
_HEADER = struct.Struct("<qQ")


@dataclass
class _Twin:
    """The twin as this process sees it: in the original, the twin's ``pid``
    (0 once it ended), the pipe's read end and the inputs' state when the
    twin was forked; in the twin, ``pid`` 0, the write end and ``is_twin``."""

    pid: int
    fd: int
    is_twin: bool = False
    inputs: tuple[Any, ...] = ()
    before: tuple[Any, ...] = ()
    #: the work was shared already (one split per block)
    done: bool = False

    def collect(self) -> bytes | None:
        """What the twin sent, once it ended, unless it failed."""
        with os.fdopen(self.fd, "rb") as pipe:
            self.fd = -1
            data = pipe.read()
        status = self._wait()
        return data if status in (0, None) else None

    def stop(self) -> None:
        """End a twin whose work was not collected."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        if self.pid:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            self._wait()

    def _wait(self) -> int | None:
        """Reap the twin: its exit status, or ``None`` where the system
        reaped it already (``SIGCHLD`` ignored): its data's header decides."""
        pid, self.pid = self.pid, 0
        try:
            return os.waitpid(pid, 0)[1]
        except ChildProcessError:
            return None


#: the twin of the block under way, as this process sees it
_STATE: ContextVar[_Twin | None] = ContextVar("answermatch_twin", default=None)


@contextmanager
def twin(wanted: bool, inputs: Sequence[Any] = ()) -> Iterator[None]:
    """Run the block in this process and, when ``wanted`` and a core is
    idle (:func:`~answermatch.processes.spare_core`), in a forked twin that
    shares the work of :func:`halves` (see the module documentation).
    ``inputs``: the paths both processes read; if one of them changes while
    the block runs, the twin's half is not taken. Inside the block neither
    process forks again (:func:`~answermatch.processes.spare_core` is false
    there)."""
    if not wanted or not spare_core():  # no core, or a twin already (twin_active)
        yield
        return
    parent = os.getpid()
    before = _states(inputs)
    forked = fork_with_pipe()
    if forked is None:
        yield
        return
    pid, fd = forked
    if pid == 0:  # the twin: quiet, bound to its original, never leaving the block
        try:
            _quiet(parent)
            _STATE.set(_Twin(0, fd, is_twin=True))
            twin_active.set(True)
            yield
        finally:
            os._exit(1)  # what it had to give went through the pipe in halves()
    state = _Twin(pid, fd, inputs=tuple(inputs), before=before)
    try:
        tokens = _STATE.set(state), twin_active.set(True)
        try:
            yield
        finally:
            _STATE.reset(tokens[0])
            twin_active.reset(tokens[1])
    finally:
        state.stop()


def halves(
    items: Sequence[T],
    compute: Callable[[Sequence[T]], Sequence[Any]],
    encode: Callable[[Any], bytes],
    decode: Callable[[bytes], Sequence[Any]],
) -> tuple[Sequence[Any], Sequence[Any]] | None:
    """``(compute(first half), compute(second half))`` of ``items`` (hashable
    values; ``compute`` gives one value per item), the second half computed
    by the twin of the :func:`twin` block under way and sent back through
    ``encode`` and ``decode``; ``None`` outside such a block (or once its
    work was shared): the caller computes the whole. In the twin this does
    not return. The twin's half is taken only if it holds the same items
    (a hash of them), has one value per item, came whole, and the inputs
    did not change meanwhile."""
    state = _STATE.get()
    if state is None or state.done:
        return None
    state.done = True
    half = (len(items) + 1) // 2
    theirs = items[half:]
    try:
        digest = hash(tuple(theirs))
    except TypeError:  # unhashable items: no check, no sharing
        digest = None
    if state.is_twin:  # its half, then the end
        if digest is not None:
            body = encode(compute(theirs))
            with os.fdopen(state.fd, "wb") as pipe:
                pipe.write(_HEADER.pack(digest, len(body)) + body)
            os._exit(0)
        os._exit(1)
    mine = compute(items[:half])
    data = state.collect()
    if digest is not None and data is not None and len(data) >= _HEADER.size:
        sent, size = _HEADER.unpack_from(data)
        whole = sent == digest and size == len(data) - _HEADER.size
        if whole and _states(state.inputs) == state.before:
            with contextlib.suppress(ValueError, TypeError, EOFError):
                found = decode(data[_HEADER.size :])
                if len(found) == len(theirs):
                    return mine, found
    return mine, compute(theirs)


def _file_stats(path: Any) -> list[os.stat_result] | None:
    """The stat of a regular file, or of each regular file in a folder (in
    name order); ``None`` for anything else, or a folder holding anything
    else. The one walk that both deciding on a twin and watching its inputs
    take."""
    if os.path.isfile(path):
        return [os.stat(path)]
    if not os.path.isdir(path):
        return None
    with os.scandir(path) as entries:
        found = sorted(entries, key=lambda entry: entry.name)
    if not all(entry.is_file() for entry in found):
        return None
    return [entry.stat() for entry in found]


def _given_paths(values: Iterable[Any]) -> list[Any]:
    """The values that name something on disk."""
    return [v for v in values if is_path(v) and os.path.exists(v)]


def _states(paths: Sequence[Any]) -> tuple[Any, ...]:
    """What says whether the files at ``paths`` (and in the folders among
    them) changed: device, inode, size, modification and change times."""
    out: list[Any] = []
    for path in _given_paths(paths):
        try:
            found = _file_stats(path)
        except OSError:
            found = None
        out.append(
            None
            if found is None
            else tuple((s.st_dev, s.st_ino, s.st_size, s.st_mtime_ns, s.st_ctime_ns) for s in found)
        )
    return tuple(out)


def worth_a_twin(gold: Any, predictions: Any, options: Mapping[str, Any]) -> bool:
    """Whether a twin may share a run: every input a regular file, or a
    folder of them (a pipe, read by two processes, would be split between
    them; objects in memory are copied to the twin, but make small runs),
    the gold and the predictions of at least :data:`TWIN_MIN_BYTES` in all.

    >>> from answermatch.twin import worth_a_twin
    >>> worth_a_twin({"data": []}, {}, {})
    False
    """
    if not (is_path(gold) and is_path(predictions)):
        return False
    try:
        stats = [_file_stats(path) for path in (gold, predictions, *_given_paths(options.values()))]
    except OSError:
        return False
    if any(found is None for found in stats):
        return False
    return sum(s.st_size for found in stats[:2] for s in found) >= TWIN_MIN_BYTES  # type: ignore[union-attr]


def in_twin() -> bool:
    """Whether this process is the twin of the block under way (work that
    the twin cannot hand back, such as warnings, must make it fail there,
    so that this process's original does that half itself)."""
    state = _STATE.get()
    return state is not None and state.is_twin


def _quiet(parent: int) -> None:
    """The twin's set-up: its standard streams on ``/dev/null``, warnings
    and logging off (a log file or a redirected stream would get every
    message twice), and, on Linux, killed when its original ends (a twin
    left running would hold the pipes and files it inherited)."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    warnings.simplefilter("ignore")
    logging = sys.modules.get("logging")
    if logging is not None:
        logging.disable(logging.CRITICAL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(ImportError, OSError, AttributeError):
            import ctypes

            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # its original ended before that
        os._exit(1)
