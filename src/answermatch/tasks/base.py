"""What every task module provides: a :class:`TaskSpec`.

A task module (``answermatch/tasks/<name>.py``) defines a module-level
``TASK = TaskSpec(...)``. Its ``evaluate`` function receives the gold and
predictions exactly as the user gave them (paths or loaded objects), the
profile name, a :class:`~answermatch.diagnostics.Diagnostics` and any
task-specific keyword options, and returns a :class:`~answermatch.result.Result`.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..diagnostics import Diagnostics
from ..result import Result


class Evaluator(Protocol):
    def __call__(
        self, gold: Any, predictions: Any, *, profile: str, diag: Diagnostics, **options: Any
    ) -> Result: ...


@dataclass(frozen=True)
class TaskSpec:
    """A registered task.

    ``profiles``: the profile names it accepts, ``official`` first.
    ``primary``: the key of its headline score. ``languages``: the language
    codes it scores. ``options``: task-specific keyword options with a
    one-line description each (shown by the CLI).
    """

    name: str
    summary: str
    evaluate: Evaluator
    primary: str
    profiles: tuple[str, ...] = ("official",)
    languages: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the duration of the block.

    Scoring creates a few small containers per question (parsed records,
    items) and no reference cycles; on large inputs the collector's repeated
    passes over them cost a third of the time. It is resumed (if it was on)
    when the block ends, whatever happens. Used as a decorator on a task's
    ``evaluate`` (``@gc_paused()``) or as a ``with`` block.

    >>> with gc_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
