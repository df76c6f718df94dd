"""Registries of named components (tasks, tokenizers, normalization
presets): answermatch's own, those other packages add by entry points, and
those added at run time.

Every registry is built one way. Its ``builtins`` are a table in
answermatch's code, ``name -> "module:attr"`` (imported the first time the
name is asked for) or the component itself; a built-in name is found
without reading any package metadata. Plugins name their components in an
entry-point group (``answermatch.tasks``, ``answermatch.tokenizers``,
``answermatch.presets``); those are read (``importlib.metadata``, which
costs more than a small evaluation's scoring) only for a name that is not
built in, for :meth:`Registry.names` (``answermatch tasks``) and for an
unknown name's error. A built-in name stays answermatch's own: a plugin
replaces it only at run time, with ``replace=True``.

>>> import os.path
>>> from answermatch.errors import UnknownTaskError
>>> colours = Registry(
...     "colour", "answermatch.test-colours", lambda name, v: v, UnknownTaskError,
...     builtins={"join": "os.path:join"},
... )
>>> colours.add("red", "#f00")
>>> colours.get("red"), colours.get("join") is os.path.join, colours.names()
('#f00', True, ['join', 'red'])
>>> colours.get("blue")
Traceback (most recent call last):
...
answermatch.errors.UnknownTaskError: unknown colour 'blue'; known colours: join, red
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # importlib.metadata is imported only when the plugins are read
    from importlib.metadata import EntryPoint

T = TypeVar("T")

__all__ = ["Registry", "load_object"]


class Registry(Generic[T]):
    """Named components of one kind.

    ``kind``: how messages name them ("task"); ``group``: the entry-point
    group of plugins; ``check(name, loaded)``: turns what a built-in
    reference or an entry point loads into the component (raising when it is
    not one); ``error``: the exception class of an unknown name;
    ``builtins``: answermatch's own, ``name -> "module:attr"`` or the
    component (see :mod:`answermatch.registry`).
    """

    def __init__(
        self,
        kind: str,
        group: str,
        check: Callable[[str, Any], T],
        error: type[Exception],
        *,
        builtins: Mapping[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.group = group
        self._check = check
        self._error = error
        self._builtins: dict[str, Any] = dict(builtins or {})
        self._loaded: dict[str, T] = {}
        self._entry_points: dict[str, EntryPoint] | None = None
        self._lock = threading.Lock()

    def _points(self) -> dict[str, EntryPoint]:
        if self._entry_points is None:
            from importlib.metadata import entry_points

            self._entry_points = {ep.name: ep for ep in entry_points(group=self.group)}
        return self._entry_points

    def builtin(self, name: object) -> bool:
        """Whether ``name`` is one of answermatch's own (no metadata read)."""
        return name in self._builtins

    def names(self) -> list[str]:
        """Every registered name (built-in, added, plugins'), sorted."""
        return sorted({*self._builtins, *self._loaded, *self._points()})

    def __contains__(self, name: object) -> bool:
        return name in self._loaded or name in self._builtins or name in self._points()

    def add(self, name: str, value: T, *, replace: bool = False) -> None:
        """Register ``value`` under ``name`` (a name taken is an error
        unless ``replace``)."""
        if not replace and name in self:
            raise ValueError(f"a {self.kind} named {name!r} is already registered")
        self._loaded[name] = value

    def remove(self, name: str) -> None:
        """Forget what was added under ``name`` at run time (built-ins and
        entry points stay: they belong to installed packages)."""
        self._loaded.pop(name, None)

    def get(self, name: str) -> T:
        """The component registered under ``name``."""
        value = self._loaded.get(name)
        if value is not None:
            return value
        with self._lock:  # one load per name, whatever the threads
            value = self._loaded.get(name)
            if value is not None:
                return value
            builtin = self._builtins.get(name)
            point = None if builtin is not None else self._points().get(name)
            if builtin is None and point is None:
                known = ", ".join(self.names()) or "none"
                raise self._error(f"unknown {self.kind} {name!r}; known {self.kind}s: {known}")
            if builtin is not None and not isinstance(builtin, str):
                loaded = builtin  # the component itself
            else:
                try:
                    loaded = load_object(builtin) if builtin is not None else point.load()  # type: ignore[union-attr]
                except Exception as exc:  # a broken plugin must not look like a missing one
                    where = builtin if builtin is not None else point.value  # type: ignore[union-attr]
                    raise self._error(
                        f"the {self.kind} {name!r} could not be loaded from {where} "
                        f"({type(exc).__name__}: {exc})"
                    ) from exc
            value = self._loaded[name] = self._check(name, loaded)
        return value


def load_object(reference: str) -> Any:
    """The object a ``module:attr`` reference names.

    >>> import os.path
    >>> load_object("os.path:join") is os.path.join
    True
    """
    module, _, attr = reference.partition(":")
    value: Any = import_module(module.strip())
    for part in filter(None, attr.strip().split(".")):
        value = getattr(value, part)
    return value
