"""Registries of named components (tasks, tokenizers, normalization
presets) that third-party packages extend through entry points.

A :class:`Registry` holds what was added at run time and, on first look-up,
what the entry points of its group name. An entry point is loaded only when
its name is asked for.

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

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Generic, TypeVar

T = TypeVar("T")

__all__ = ["Registry"]


class Registry(Generic[T]):
    """Named components of one kind.

    ``kind``: how messages name them ("task"); ``group``: the entry-point
    group read; ``check(name, loaded)``: turns what an entry point loads into
    the component (raising when it is not one); ``error``: the exception
    class of an unknown name.
    """

    def __init__(
        self,
        kind: str,
        group: str,
        check: Callable[[str, Any], T],
        error: type[Exception],
    ) -> None:
        self.kind = kind
        self.group = group
        self._check = check
        self._error = error
        self._loaded: dict[str, T] = {}
        self._entry_points: dict[str, EntryPoint] | None = None

    def _points(self) -> dict[str, EntryPoint]:
        if self._entry_points is None:
            self._entry_points = {ep.name: ep for ep in entry_points(group=self.group)}
        return self._entry_points

    def names(self) -> list[str]:
        """Every registered name, sorted."""
        return sorted({*self._loaded, *self._points()})

    def __contains__(self, name: object) -> bool:
        return name in self._loaded or name in self._points()

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
        point = self._points().get(name)
        if point is None:
            known = ", ".join(self.names()) or "none"
            raise self._error(f"unknown {self.kind} {name!r}; known {self.kind}s: {known}")
        try:
            loaded = point.load()
        except Exception as exc:  # a broken plugin must not look like a missing one
            raise self._error(
                f"the {self.kind} {name!r} could not be loaded from {point.value} "
                f"({type(exc).__name__}: {exc})"
            ) from exc
        value = self._loaded[name] = self._check(name, loaded)
        return value
