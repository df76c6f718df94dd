"""Registries of named components (tasks, tokenizers, normalization
presets) that third-party packages extend through entry points.

A :class:`Registry` holds what was added at run time and, on first look-up,
what the entry points of its group name. An entry point is loaded only when
its name is asked for.

Reading every installed distribution's metadata (``importlib.metadata``)
costs more than a small evaluation's scoring, so a registry that names its
own distribution (``own="answermatch"``) first reads that one
distribution's ``entry_points.txt``, found by listing the ``sys.path``
folders: a name it lists is loaded from there without the scan. Every
other name, :meth:`Registry.names` (``answermatch tasks``) and an unknown
name's error still read the entry points of every installed package, so
third-party plugins are found as before; a built-in name is answermatch's
own (a plugin replaces it only at run time, with ``replace=True``).

>>> from answermatch.errors import UnknownTaskError
>>> colours = Registry("colour", "answermatch.test-colours", lambda name, v: v, UnknownTaskError)
>>> colours.add("red", "#f00")
>>> colours.get("red"), colours.names()
('#f00', ['red'])
>>> colours.get("blue")
Traceback (most recent call last):
...
answermatch.errors.UnknownTaskError: unknown colour 'blue'; known colours: red
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # importlib.metadata is imported only when every package is scanned
    from importlib.metadata import EntryPoint

T = TypeVar("T")

__all__ = ["Registry"]


class Registry(Generic[T]):
    """Named components of one kind.

    ``kind``: how messages name them ("task"); ``group``: the entry-point
    group read; ``check(name, loaded)``: turns what an entry point loads into
    the component (raising when it is not one); ``error``: the exception
    class of an unknown name; ``own``: the distribution whose entry points
    of ``group`` are read alone first (see the module documentation).
    """

    def __init__(
        self,
        kind: str,
        group: str,
        check: Callable[[str, Any], T],
        error: type[Exception],
        *,
        own: str | None = None,
    ) -> None:
        self.kind = kind
        self.group = group
        self._check = check
        self._error = error
        self._distribution = own
        self._loaded: dict[str, T] = {}
        self._entry_points: dict[str, EntryPoint] | None = None
        self._own_points: dict[str, str] | None = None

    def _points(self) -> dict[str, EntryPoint]:
        if self._entry_points is None:
            from importlib.metadata import entry_points

            self._entry_points = {ep.name: ep for ep in entry_points(group=self.group)}
        return self._entry_points

    def _own(self) -> dict[str, str]:
        """``{name: "module:attr"}`` from the own distribution's entry points."""
        if self._own_points is None:
            own = self._distribution
            self._own_points = own_entry_points(own, self.group) if own else {}
        return self._own_points

    def names(self) -> list[str]:
        """Every registered name, sorted."""
        return sorted({*self._loaded, *self._own(), *self._points()})

    def __contains__(self, name: object) -> bool:
        return name in self._loaded or name in self._own() or name in self._points()

    def add(self, name: str, value: T, *, replace: bool = False) -> None:
        """Register ``value`` under ``name``."""
        if not replace and name in self:
            raise ValueError(f"a {self.kind} named {name!r} is already registered")
        self._loaded[name] = value

    def remove(self, name: str) -> None:
        """Forget what was added under ``name`` at run time (entry points
        stay: they belong to installed packages)."""
        self._loaded.pop(name, None)

    def get(self, name: str) -> T:
        """The component registered under ``name``."""
        value = self._loaded.get(name)
        if value is not None:
            return value
        own = self._own().get(name)
        point = None if own is not None else self._points().get(name)
        if own is None and point is None:
            known = ", ".join(self.names()) or "none"
            raise self._error(f"unknown {self.kind} {name!r}; known {self.kind}s: {known}")
        try:
            loaded = load_object(own) if own is not None else point.load()  # type: ignore[union-attr]
        except Exception as exc:  # a broken plugin must not look like a missing one
            where = own if own is not None else point.value  # type: ignore[union-attr]
            raise self._error(
                f"the {self.kind} {name!r} could not be loaded from {where} "
                f"({type(exc).__name__}: {exc})"
            ) from exc
        value = self._loaded[name] = self._check(name, loaded)
        return value


def own_entry_points(distribution: str, group: str) -> dict[str, str]:
    """``{name: "module:attr"}`` of ``group`` in the ``entry_points.txt`` of
    ``distribution``, the first copy found along ``sys.path`` (as
    ``importlib.metadata.distribution`` finds it); ``{}`` when there is none.

    >>> points = own_entry_points("answermatch", "answermatch.tasks")
    >>> points.get("squad", "answermatch.tasks.squad:Squad")  # {} when not installed
    'answermatch.tasks.squad:Squad'
    """
    path = _metadata_file(distribution, "entry_points.txt")
    if path is None:
        return {}
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return {}
    points: dict[str, str] = {}
    section = None
    for line in lines:
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            points.setdefault(name.strip(), value.split("[")[0].strip())
    return points


def _metadata_file(distribution: str, filename: str) -> str | None:
    prefix = distribution.replace("-", "_").lower()
    for folder in sys.path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:  # not a folder (a zip file) or gone
            continue
        for entry in sorted(entries):
            stem, dot, suffix = entry.rpartition(".")
            if not dot or suffix not in ("dist-info", "egg-info"):
                continue
            if stem.split("-")[0].replace("-", "_").replace(".", "_").lower() == prefix:
                path = os.path.join(folder or ".", entry, filename)
                if os.path.isfile(path):
                    return path
    return None


def load_object(reference: str) -> Any:
    """The object an entry point's ``module:attr`` value names.

    >>> load_object("os.path:join") is os.path.join
    True
    """
    module, _, attr = reference.partition(":")
    value: Any = import_module(module.strip())
    for part in filter(None, attr.strip().split(".")):
        value = getattr(value, part)
    return value
