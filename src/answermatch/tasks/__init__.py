"""Task registry and :func:`evaluate`.

Tasks are registered by name and their modules imported only when used.

>>> sorted(available_tasks())[:3]
['nlpcc-dbqa', 'nlpcc-kbqa', 'ntcir-dsqa']
>>> get_task("no-such-task")
Traceback (most recent call last):
...
answermatch.errors.UnknownTaskError: unknown task 'no-such-task'; known tasks: nlpcc-dbqa, ...
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from ..diagnostics import Diagnostics
from ..errors import UnknownOptionError, UnknownTaskError
from ..result import Result
from .base import TaskSpec

# task name -> module defining ``TASK``
_REGISTRY: dict[str, str] = {
    "xor-full": "answermatch.tasks.xor_full",
    "xor-engspan": "answermatch.tasks.xor_engspan",
    "xor-retrieve": "answermatch.tasks.xor_retrieve",
    "poleval2021": "answermatch.tasks.poleval2021",
    "nlpcc-kbqa": "answermatch.tasks.nlpcc_kbqa",
    "nlpcc-dbqa": "answermatch.tasks.nlpcc_dbqa",
    "ntcir-dsqa": "answermatch.tasks.ntcir_dsqa",
    "zalo2019": "answermatch.tasks.zalo2019",
}


def available_tasks() -> list[str]:
    """Names of the registered tasks."""
    return list(_REGISTRY)


@cache
def get_task(name: str) -> TaskSpec:
    """The :class:`TaskSpec` registered under ``name``."""
    module = _REGISTRY.get(name)
    if module is None:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownTaskError(f"unknown task {name!r}; known tasks: {known}")
    spec = importlib.import_module(module).TASK
    assert isinstance(spec, TaskSpec) and spec.name == name
    return spec


def evaluate(
    task: str,
    gold: Any,
    predictions: Any,
    profile: str = "official",
    *,
    strict: bool = False,
    progress: bool = False,
    **options: Any,
) -> Result:
    """Score ``predictions`` against ``gold`` with the metric of ``task``.

    ``gold`` and ``predictions`` are paths (plain or ``.gz``) or objects
    already loaded in the shape of those files. ``profile="official"``
    reproduces the shared task's own scorer, quirks included. ``strict=True``
    turns warnings about doubtful input into errors. Task-specific options are
    passed as keywords (see each task's documentation).
    """
    spec = get_task(task)
    if profile not in spec.profiles:
        raise UnknownTaskError(
            f"task {task!r} has no profile {profile!r}; its profiles: {', '.join(spec.profiles)}"
        )
    unknown = sorted(set(options) - set(spec.options))
    if unknown:
        raise UnknownOptionError(
            f"unknown option(s) for {task}: {', '.join(unknown)}; "
            f"its options: {', '.join(sorted(spec.options)) or 'none'}"
        )
    diag = Diagnostics(strict=strict, progress=progress)
    return spec.evaluate(gold, predictions, profile=profile, diag=diag, **options)
