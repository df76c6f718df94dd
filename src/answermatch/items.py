"""Per-item results built the first time someone reads them.

Scoring 50,000 questions produces 50,000 item dicts, yet a run that prints
only the scores never reads one (``answermatch score TASK`` without
``--items`` or ``--json``): building and freeing them was a sixth of such a
run. A task whose scores come from totals summed while scoring (see
:class:`~answermatch.tasks.base.Scored`) may therefore return
:class:`DeferredItems`: the number of items, known at once, and a function
that builds them. The first read builds them, once;
:attr:`Result.items <answermatch.result.Result.items>` is then a plain
``list`` as always, so nothing that reads items (``--items``, ``compare``,
``--ci``, reports, explanations, pickling) sees a difference.

>>> built = []
>>> items = DeferredItems(2, lambda: built.append(1) or [{"id": "a"}, {"id": "b"}])
>>> len(items), built  # the length is known without building
(2, [])
>>> items[1], items.list() is items.list(), built  # built on first read, once
({'id': 'b'}, True, [1])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

__all__ = ["DeferredItems", "Items", "materialized"]

Item = dict[str, Any]


class DeferredItems(Sequence[Item]):
    """``length`` items that ``build()`` makes, in order, when first read
    (it must return exactly ``length`` of them; a mismatch is an error, not
    a silent truncation)."""

    __slots__ = ("_build", "_items", "_length")

    def __init__(self, length: int, build: Callable[[], list[Item]]) -> None:
        self._length = length
        self._build: Callable[[], list[Item]] | None = build
        self._items: list[Item] | None = None

    def list(self) -> list[Item]:
        """The items as a list, built on the first call."""
        if self._items is None:
            assert self._build is not None
            items = self._build()
            if len(items) != self._length:
                raise RuntimeError(
                    f"deferred items: {len(items)} built where {self._length} were announced"
                )
            self._items, self._build = items, None  # what the builder held can go
        return self._items

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> list[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | list[Item]:
        return self.list()[index]

    def __iter__(self) -> Iterator[Item]:
        return iter(self.list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DeferredItems):
            other = other.list()
        return self.list() == other

    __hash__ = None  # type: ignore[assignment]  # a mutable sequence's equality

    def __reduce__(self) -> tuple[Any, ...]:
        return list, (self.list(),)  # pickles as the plain list it stands for

    def __repr__(self) -> str:
        state = "built" if self._items is not None else "not built yet"
        return f"<DeferredItems: {self._length} items, {state}>"


#: what a task may give as its items
Items = list[Item] | DeferredItems


def materialized(items: Sequence[Item]) -> list[Item]:
    """``items`` as a plain list (deferred ones built, a list as it is).

    >>> materialized(DeferredItems(1, lambda: [{"id": 1}]))
    [{'id': 1}]
    """
    if isinstance(items, DeferredItems):
        return items.list()
    return items if isinstance(items, list) else list(items)
