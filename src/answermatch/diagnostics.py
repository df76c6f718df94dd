"""Collects the warnings of one evaluation and applies ``strict`` mode.

>>> diag = Diagnostics(strict=False)
>>> import warnings
>>> with warnings.catch_warnings(record=True):
...     warnings.simplefilter("always")
...     diag.warn("duplicate key 'q1' (the last value wins)", path="pred.json")
>>> diag.messages
["pred.json: duplicate key 'q1' (the last value wins)"]
>>> Diagnostics(strict=True).warn("duplicate key", path="pred.json")
Traceback (most recent call last):
...
answermatch.errors.InputError: pred.json: duplicate key (--strict turns this warning into an error)
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

from .errors import AnswermatchWarning, InputError, format_location, warn


@dataclass
class Diagnostics:
    """Options shared by the loaders and scorers of one evaluation.

    ``strict``: raise :class:`InputError` where the official scorer would only
    accept something doubtful. ``progress``: the caller wants a progress bar
    (shown only when stderr is a terminal). ``workers``: the processes the
    scoring may use (:func:`answermatch.workers.map_chunks`; 1: none but
    the caller's).
    """

    strict: bool = False
    progress: bool = False
    workers: int = 1
    messages: list[str] = field(default_factory=list)
    #: ``(message, line)`` of every warning, without the file name
    records: list[tuple[str, int | None]] = field(default_factory=list)
    #: the gold is one part of the data (:class:`answermatch.Scorer`), with
    #: predictions that may cover the other parts too: predictions whose id
    #: is not in this part are expected, so their warning (``extra=True``)
    #: is not given
    part: bool = False
    #: the kinds of warning (the library line that gives them) already shown
    #: in this run: one shared by the updates of a :class:`answermatch.Scorer`
    #: shows each kind once, however many batches have it (every message is
    #: still recorded)
    shown: set[tuple[str, int]] | None = None

    def warn(
        self,
        message: str,
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        extra: bool = False,
        kind: tuple[str, int] | None = None,
    ) -> None:
        """Record and emit a warning, or raise in strict mode. ``extra``:
        the warning is about predictions whose ids are not in the gold,
        which a :attr:`part` does not give. ``kind``: the library line that
        gave it (by default the caller's; see :attr:`shown`)."""
        if extra and self.part:
            return
        where = None if path is None else os.fspath(path)
        if self.strict:
            raise InputError(
                f"{message} (--strict turns this warning into an error)", path=where, line=line
            )
        text = format_location(message, path=where, line=line)
        self.messages.append(text)
        self.records.append((message, line))
        if self.shown is not None:
            if kind is None:
                caller = sys._getframe(1)
                kind = (caller.f_code.co_filename, caller.f_lineno)
            if kind in self.shown:
                return
            self.shown.add(kind)
        warn(text, AnswermatchWarning)


@dataclass
class Deferred(Diagnostics):
    """Warnings recorded to be given later through another
    :class:`Diagnostics`, in their order (:meth:`give`), or dropped: what
    a reader that reads a file in parts uses where the whole reading would
    have given an error first.

    >>> later = Deferred()
    >>> later.warn("duplicate key 'q1'", path="pred.json", line=3)
    >>> later.messages, len(later.pending)
    ([], 1)
    >>> later.give(Diagnostics(strict=True))
    Traceback (most recent call last):
    ...
    answermatch.errors.InputError: pred.json:3: duplicate key 'q1' (--strict turns this ...)
    """

    #: ``(message, path, line, extra, kind)`` of each warning not yet given
    pending: list[tuple[str, str | None, int | None, bool, tuple[str, int]]] = field(
        default_factory=list
    )

    def warn(
        self,
        message: str,
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        extra: bool = False,
        kind: tuple[str, int] | None = None,
    ) -> None:
        """Record the warning, to give it later."""
        if kind is None:
            caller = sys._getframe(1)
            kind = (caller.f_code.co_filename, caller.f_lineno)
        where = None if path is None else os.fspath(path)
        self.pending.append((message, where, line, extra, kind))

    def give(self, diag: Diagnostics) -> None:
        """Give the warnings recorded through ``diag``, in order (in strict
        mode the first raises), and forget them."""
        pending, self.pending = self.pending, []
        for message, path, line, extra, kind in pending:
            diag.warn(message, path=path, line=line, extra=extra, kind=kind)
