"""The task registry (tasks found by name, registered at run time).

answermatch's own tasks are the table :data:`BUILTIN_TASKS` (name ->
``"module:Class"``); other packages add theirs through the entry-point group
``answermatch.tasks`` (a task name -> a
:class:`~answermatch.tasks.base.Task` subclass or instance), and a task
defined at run time (a notebook) is added with :func:`register`. A task's
module is imported only when the task is used, and a built-in task is found
without reading any package's metadata (see :mod:`answermatch.registry`).

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

__all__ = [
    "BUILTIN_TASKS",
    "TASKS",
    "Task",
    "available_tasks",
    "check_options",
    "get_task",
    "register",
    "unregister",
]


def _check(name: str, value: Any) -> Task:
    task = value() if isinstance(value, type) else value
    if not isinstance(task, Task):
        raise UnknownTaskError(
            f"the entry point for task {name!r} gives {value!r}, not an answermatch Task"
        )
    if task.name != name:
        raise UnknownTaskError(f"the entry point {name!r} gives a task named {task.name!r}")
    return task


#: answermatch's own tasks: name -> the ``"module:Class"`` that defines it
BUILTIN_TASKS: dict[str, str] = {
    "cmrc2018": "answermatch.tasks.cmrc2018:Cmrc2018",
    "korquad": "answermatch.tasks.korquad:KorQuAD",
    "open-qa": "answermatch.tasks.open_qa:OpenQA",
    "mkqa": "answermatch.tasks.mkqa:Mkqa",
    "mlqa": "answermatch.tasks.squad.mlqa:Mlqa",
    "nlpcc-dbqa": "answermatch.tasks.nlpcc.dbqa:NlpccDbqa",
    "nlpcc-kbqa": "answermatch.tasks.nlpcc.kbqa:NlpccKbqa",
    "ntcir-dsqa": "answermatch.tasks.ntcir_dsqa:NtcirDsqa",
    "poleval2021": "answermatch.tasks.poleval2021:PolEval2021",
    "squad": "answermatch.tasks.squad:Squad",
    "squad-v2": "answermatch.tasks.squad:SquadV2",
    "xor-engspan": "answermatch.tasks.xor.engspan:XorEngspan",
    "xor-full": "answermatch.tasks.xor.full:XorFull",
    "xor-retrieve": "answermatch.tasks.xor.retrieve:XorRetrieve",
    "zalo2019": "answermatch.tasks.zalo2019:Zalo2019",
}

#: every task: the built-ins, plugins' (entry points) and run-time additions
TASKS: Registry[Task] = Registry(
    "task", "answermatch.tasks", _check, UnknownTaskError, builtins=BUILTIN_TASKS
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
