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
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice, repeat
from typing import Any

from .columns import Rows
from .errors import AnswermatchWarning, InputError, format_location, warn
from .items import AsList, TextColumn

#: what makes a message of one argument (:meth:`Diagnostics.warn_each`)
Make = Callable[[str], str]


class Messages(AsList, Rows[str]):
    """The warnings of a :class:`Diagnostics`, held packed: each as its
    argument (the message, or what ``make`` makes it of, such as a key
    given again) in a :class:`~answermatch.items.TextColumn`, its line, and
    the place of its ``(make, path)`` in a short list: about the size of
    the argument plus 12 bytes a warning, where their strings took a few
    hundred bytes. A message is made, with its file and line in front, when
    it is read; :meth:`records` gives each ``(message, line)`` without
    them. Equal to the list of its messages; pickled as their tuple.

    >>> messages = Messages()
    >>> messages.add("no answer", "gold.json", 3)
    >>> messages.add_each(lambda key: f"key {key!r} again", ["q1", "q2"], "pred.json")
    >>> list(messages)
    ['gold.json:3: no answer', "pred.json: key 'q1' again", "pred.json: key 'q2' again"]
    >>> messages.records()[1]
    ("key 'q1' again", None)
    """

    __slots__ = ("_args", "_form", "_forms", "_lines", "_places")

    def __init__(self) -> None:
        self._args = TextColumn()
        self._lines = array("q")  # -1: none
        self._form = array("I")  # the place of each message's (make, path) in _forms
        self._forms: list[tuple[Make | None, str | None, Any]] = []
        self._places: dict[tuple[Make | None, str | None, Any], int] = {}

    def _form_of(self, make: Make | None, path: str | None, tag: Any) -> int:
        form = self._places.get((make, path, tag))
        if form is None:
            form = self._places[make, path, tag] = len(self._forms)
            self._forms.append((make, path, tag))
        return form

    def add(self, message: str, path: str | None = None, line: int | None = None) -> None:
        """Append ``message`` about ``path`` (and ``line``)."""
        self.add_each(None, (message,), path, line)

    def add_each(
        self,
        make: Make | None,
        args: Iterable[str],
        path: str | None = None,
        line: int | None = None,
        tag: Any = None,
    ) -> None:
        """Append the message ``make(arg)`` of each of ``args`` (``None``:
        each is the message), about ``path`` (and ``line``); ``tag``: what
        else the caller keeps with them (:meth:`calls`)."""
        start = len(self._args)
        self._args.extend(args)
        added = len(self._args) - start
        self._lines.extend(repeat(-1 if line is None else line, added))
        self._form.extend(repeat(self._form_of(make, path, tag), added))

    def message(self, k: int) -> tuple[str, str | None, int | None]:
        """``(message, path, line)`` of message ``k`` (``0 <= k < len(self)``)."""
        make, path, _ = self._forms[self._form[k]]
        arg = self._args[k]
        line = self._lines[k]
        return (arg if make is None else make(arg)), path, (None if line < 0 else line)

    def calls(self) -> Iterator[tuple[Make | None, Iterator[str], str | None, int | None, Any]]:
        """``(make, args, path, line, tag)`` of each run of messages that
        share them, in order, as :meth:`add_each` could be called again for
        them (the arguments decoded as they are read)."""
        forms, lines, args = self._form, self._lines, self._args
        start = 0
        while start < len(forms):
            end = start + 1
            while end < len(forms) and forms[end] == forms[start] and lines[end] == lines[start]:
                end += 1
            make, path, tag = self._forms[forms[start]]
            line = lines[start]
            yield (
                make,
                map(args.__getitem__, range(start, end)),
                path,
                (None if line < 0 else line),
                tag,
            )
            start = end

    def records(self) -> Sequence[tuple[str, int | None]]:
        """``(message, line)`` of each, without the file and line in front."""
        return _Records(self)

    def copy(self) -> Messages:
        """The messages so far, apart from any added later."""
        copied = Messages()
        copied._args = self._args.copy()
        copied._lines = array("q", self._lines)
        copied._form = array("I", self._form)
        copied._forms = list(self._forms)
        copied._places = dict(self._places)
        return copied

    def __len__(self) -> int:
        return len(self._form)

    def row(self, k: int) -> str:
        """Message ``k`` (``0 <= k < len(self)``), with its file and line in front."""
        message, path, line = self.message(k)
        return format_location(message, path=path, line=line)

    def __iter__(self) -> Iterator[str]:
        return self.iter_from(0)

    def iter_from(self, start: int) -> Iterator[str]:
        """The messages from place ``start`` on, each made as it is read."""
        forms, form, lines = self._forms, self._form, self._lines
        args = self._args.iter_from(start)
        rows = zip(args, islice(form, start, None), islice(lines, start, None), strict=True)
        for arg, place, line in rows:
            make, path, _ = forms[place]
            message = arg if make is None else make(arg)
            yield format_location(message, path=path, line=None if line < 0 else line)

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (tuple(self),)

    def __repr__(self) -> str:
        return repr(list(self))  # shown as the list it stands for


class _Records(AsList, Rows[tuple[str, "int | None"]]):
    """``(message, line)`` of each of :class:`Messages`."""

    __slots__ = ("_messages",)

    def __init__(self, messages: Messages) -> None:
        self._messages = messages

    def __len__(self) -> int:
        return len(self._messages)

    def row(self, k: int) -> tuple[str, int | None]:
        message, _, line = self._messages.message(k)
        return message, line


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
    #: every warning, with its file and line in front (held packed: :class:`Messages`)
    messages: Messages = field(default_factory=Messages)
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

    @property
    def records(self) -> Sequence[tuple[str, int | None]]:
        """``(message, line)`` of every warning, without the file name."""
        return self.messages.records()

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
        if kind is None and self.shown is not None:
            caller = sys._getframe(1)
            kind = (caller.f_code.co_filename, caller.f_lineno)
        self.warn_each(None, (message,), path=path, line=line, extra=extra, kind=kind)

    def warn_each(
        self,
        make: Make | None,
        args: Iterable[str],
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        extra: bool = False,
        kind: tuple[str, int] | None = None,
    ) -> None:
        """:meth:`warn` ``make(arg)`` for each of ``args`` in turn (``None``:
        each is the message), holding the arguments, not the messages
        (:class:`Messages`)."""
        if extra and self.part:
            return
        where = None if path is None else os.fspath(path)
        if self.strict:
            for arg in args:
                message = arg if make is None else make(arg)
                raise InputError(
                    f"{message} (--strict turns this warning into an error)", path=where, line=line
                )
            return
        start = len(self.messages)
        self.messages.add_each(make, args, where, line)
        if len(self.messages) == start:
            return
        if self.shown is not None:  # the first of a kind is shown, and no other
            if kind is None:
                caller = sys._getframe(1)
                kind = (caller.f_code.co_filename, caller.f_lineno)
            if kind not in self.shown:
                self.shown.add(kind)
                warn(self.messages[start], AnswermatchWarning)
            return
        for text in self.messages.iter_from(start):
            warn(text, AnswermatchWarning)


@dataclass
class Deferred(Diagnostics):
    """Warnings recorded to be given later through another
    :class:`Diagnostics`, in their order (:meth:`give`), or dropped: what
    a reader that reads a file in parts uses where the whole reading would
    have given an error first.

    >>> later = Deferred()
    >>> later.warn("duplicate key 'q1'", path="pred.json", line=3)
    >>> list(later.messages), list(later.pending)
    ([], ["pred.json:3: duplicate key 'q1'"])
    >>> later.give(Diagnostics(strict=True))
    Traceback (most recent call last):
    ...
    answermatch.errors.InputError: pred.json:3: duplicate key 'q1' (--strict turns this ...)
    """

    #: the warnings not yet given (with ``(extra, kind)`` as their tags)
    pending: Messages = field(default_factory=Messages)

    def warn_each(
        self,
        make: Make | None,
        args: Iterable[str],
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        extra: bool = False,
        kind: tuple[str, int] | None = None,
    ) -> None:
        """Record the warnings, to give them later."""
        if kind is None:
            caller = sys._getframe(1)
            if caller.f_code is Diagnostics.warn.__code__:  # through warn: its caller's
                caller = caller.f_back  # type: ignore[assignment]
            kind = (caller.f_code.co_filename, caller.f_lineno)  # type: ignore[union-attr]
        where = None if path is None else os.fspath(path)
        self.pending.add_each(make, args, where, line, (extra, kind))

    def give(self, diag: Diagnostics) -> None:
        """Give the warnings recorded through ``diag``, in order (in strict
        mode the first raises), and forget them."""
        pending, self.pending = self.pending, Messages()
        for make, args, path, line, (extra, kind) in pending.calls():
            diag.warn_each(make, args, path=path, line=line, extra=extra, kind=kind)
