"""What every task module provides: a :class:`TaskSpec`.

A task module (``answermatch/tasks/<name>.py``) defines a module-level
``TASK = TaskSpec(...)``. Its ``evaluate`` function receives the gold and
predictions exactly as the user gave them (paths or loaded objects), the
profile name, a :class:`~answermatch.diagnostics.Diagnostics` and any
task-specific keyword options, and returns a :class:`~answermatch.result.Result`.
"""

from __future__ import annotations

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
