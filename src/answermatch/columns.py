"""Sequences held as columns, read by index as a list is read.

A reader that keeps a large input as a few columns (arrays, a
:class:`~answermatch.items.TextColumn`) rather than an object per row
gives its rows as a :class:`Rows`: it says how many there are
(``__len__``) and how to make row ``k`` from the columns (:meth:`Rows.row`);
indices, negative indices and slices then behave as a list's, and
iterating makes each row as it goes (a reader may give a faster
``__iter__`` of its own). Nothing is kept per row.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

__all__ = ["Rows"]

R = TypeVar("R")


class Rows(Sequence[R]):
    """A sequence whose rows are made when read: :meth:`row` makes row
    ``k`` from the columns, ``__len__`` gives their number; indices and
    slices as a list's (an :class:`IndexError` out of range).

    >>> class Squares(Rows):
    ...     def __len__(self):
    ...         return 4
    ...     def row(self, k):
    ...         return k * k
    >>> len(Squares()), Squares()[-1], Squares()[1:3], Squares()[::-2], list(Squares())
    (4, 9, [1, 4], [9, 1], [0, 1, 4, 9])
    >>> Squares()[4]
    Traceback (most recent call last):
    ...
    IndexError: range object index out of range
    """

    __slots__ = ()

    def row(self, k: int) -> R:
        """The row at index ``k`` (``0 <= k < len(self)``)."""
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> R: ...

    @overload
    def __getitem__(self, index: slice) -> list[R]: ...

    def __getitem__(self, index: int | slice) -> R | list[R]:
        if isinstance(index, slice):
            return [self.row(k) for k in range(*index.indices(len(self)))]
        return self.row(range(len(self))[index])  # an IndexError out of range, as a list

    def __iter__(self) -> Iterator[R]:
        return map(self.row, range(len(self)))
