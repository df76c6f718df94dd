"""The task registry (tasks found by name, registered at run time).

Tasks are found through the entry-point group ``answermatch.tasks``: each
entry maps a task name to a :class:`~answermatch.tasks.base.Task` subclass
(or instance). answermatch registers its own tasks there, in its
``pyproject.toml``, exactly as a third-party package adds one; a task
defined at run time (a notebook) is added with :func:`register`. A task's
module is imported only when the task is used.

>>> "xor-full" in available_tasks()
True
>>> get_task("no-such-task")
Traceback (most recent call last):
...
answermatch.errors.UnknownTaskError: unknown task 'no-such-task'; known tasks: ...
"""

from __future__ import annotations

from typing import Any

from ..errors import UnknownOptionError, UnknownTaskError
from ..registry import Registry
from .base import Task

__all__ = ["Task", "available_tasks", "check_options", "get_task", "register", "unregister"]


def _check(name: str, value: Any) -> Task:
    task = value() if isinstance(value, type) else value
    if not isinstance(task, Task):
        raise UnknownTaskError(
            f"the entry point for task {name!r} gives {value!r}, not an answermatch Task"
        )
    if task.name != name:
        raise UnknownTaskError(f"the entry point {name!r} gives a task named {task.name!r}")
    return task


#: answermatch's own tasks are looked up in its own entry points first (no
#: scan of every installed package: see :mod:`answermatch.registry`)
TASKS: Registry[Task] = Registry(
    "task", "answermatch.tasks", _check, UnknownTaskError, own="answermatch"
)


def available_tasks() -> list[str]:
    """Names of the registered tasks, sorted."""
    return TASKS.names()


def get_task(name: str) -> Task:
    """The :class:`~answermatch.tasks.base.Task` registered under ``name``."""
    return TASKS.get(name)


def register(task: Task | type[Task], *, replace: bool = False) -> Task:
    """Register ``task`` (an instance or a subclass of
    :class:`~answermatch.tasks.base.Task`) under its ``name``; returns the
    instance. A name already taken is an error unless ``replace=True``."""
    instance = task() if isinstance(task, type) else task
    TASKS.add(instance.name, _check(instance.name, instance), replace=replace)
    return instance


def unregister(name: str) -> None:
    """Remove a task :func:`register` added (a notebook's, a test's)."""
    TASKS.remove(name)


def check_options(spec: Task, options: dict[str, Any]) -> None:
    """An :class:`~answermatch.errors.UnknownOptionError` for an option the
    task does not take."""
    unknown = sorted(set(options) - set(spec.options))
    if unknown:
        raise UnknownOptionError(
            f"unknown option(s) for {spec.name}: {', '.join(unknown)}; "
            f"its options: {', '.join(sorted(spec.options)) or 'none'}"
        )
