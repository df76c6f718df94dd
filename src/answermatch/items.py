"""Per-item results held by columns, each item dict built when read.

Scoring 50,000 questions gives a few lists of 50,000 figures, yet a run
that prints only the scores never reads an item (``answermatch score TASK``
without ``--items`` or ``--json``), and one that writes them (``--items``)
reads them one at a time: building 50,000 dicts to hold them all was a sixth
of such a run, and most of its memory. A task therefore gives its items as
:class:`ItemColumns`: the columns it has anyway (column name -> one value per
item) and, where an item is more than one value of each column (a constant,
a figure derived from another), a function that makes an item from one value
of each column. It is a sequence of item dicts like any other: its length is
known at once, and reading an item (by index, a slice, or iterating) builds
that item, every time it is read; nothing is kept. ``--items``, ``compare``,
``--ci``, reports and explanations read it as they would read a list, and it
pickles as the plain list it stands for.

>>> items = ItemColumns({"id": ["a", "b"], "f1": [1.0, 0.5]})
>>> len(items), items[1], items.columns["f1"]
(2, {'id': 'b', 'f1': 0.5}, [1.0, 0.5])
>>> marked = ItemColumns(
...     {"id": ["a", "b"], "prediction": ["x", None]},
...     lambda qid, prediction: {"id": qid, "answered": prediction is not None},
... )
>>> list(marked) == [{"id": "a", "answered": True}, {"id": "b", "answered": False}]
True
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

__all__ = ["AsList", "ItemColumns", "Items", "TextColumn"]

Item = dict[str, Any]


class AsList:
    """Equality, hashing and pickling of a sequence that stands for a plain
    list: equal to any sequence of equal values (not to a string), not
    hashable, and pickled as the list itself. A base for a task's own
    columns (with :class:`~collections.abc.Sequence`, which gives the rest).

    >>> import pickle
    >>> from collections.abc import Sequence
    >>> class Squares(AsList, Sequence):
    ...     def __len__(self): return 3
    ...     def __getitem__(self, k): return [0, 1, 4][k]
    >>> Squares() == [0, 1, 4], pickle.loads(pickle.dumps(Squares()))
    (True, [0, 1, 4])
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (str, bytes)) or not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # equal to a list, as a list is

    def __reduce__(self) -> tuple[Any, ...]:
        return list, (list(self),)  # pickles as the plain list it stands for


class ItemColumns(AsList, Sequence[Item]):
    """Items held as ``columns`` (name -> a sequence with one value per
    item, every column as long as the others); item ``k`` is ``make(*values)``
    of the columns' ``k``-th values, in column order, or without ``make``
    the dict of the columns' names and those values. A new dict is built at
    each read: changing one changes no other read."""

    __slots__ = ("_length", "_make", "columns")

    def __init__(
        self, columns: Mapping[str, Sequence[Any]], make: Callable[..., Item] | None = None
    ) -> None:
        lengths = {name: len(column) for name, column in columns.items()}
        if len(set(lengths.values())) > 1:
            raise ValueError(f"item columns of different lengths: {lengths}")
        #: the columns, by name
        self.columns: dict[str, Sequence[Any]] = dict(columns)
        self._length = next(iter(lengths.values()), 0)
        self._make = make

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> list[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | list[Item]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(self._length))]
        k = index.__index__()
        if k < 0:
            k += self._length
        if not 0 <= k < self._length:
            raise IndexError(f"item {index} of {self._length}")
        values = [column[k] for column in self.columns.values()]
        if self._make is not None:
            return self._make(*values)
        return dict(zip(self.columns, values, strict=True))

    def __iter__(self) -> Iterator[Item]:
        columns = self.columns.values()
        if self._make is not None:
            return map(self._make, *columns)
        names = tuple(self.columns)
        return (dict(zip(names, values, strict=True)) for values in zip(*columns, strict=True))

    def __repr__(self) -> str:
        return f"<ItemColumns: {self._length} items of {', '.join(self.columns)}>"


#: what a task may give as its items: a list of dicts, or :class:`ItemColumns`
Items = list[Item] | ItemColumns


#: the characters of a long string encoded at a time (:meth:`TextColumn.extend`)
_PIECE = 1 << 16
_SMALL_END = (1 << 32) - 1  # the largest offset of an array("I")


class TextColumn(AsList, Sequence[str]):
    """Strings held as one UTF-8 buffer and the end offset of each (8 bytes
    a string, no object per string): a column of many short lines in about
    the size of their text. Reading a string (by index, a slice, or
    iterating) decodes it anew; strings are appended, or the last removed.

    >>> column = TextColumn(["Kraków", "", "1410"])
    >>> len(column), column[0], column[-1], column[1:]
    (3, 'Kraków', '1410', ['', '1410'])
    >>> column.pop(), list(column), column == ["Kraków", ""]
    ('1410', ['Kraków', ''], True)
    """

    __slots__ = ("_data", "_ends")

    def __init__(self, strings: Iterable[str] = ()) -> None:
        self._data = bytearray()
        self._ends = array("I")  # 4 bytes an offset, 8 past 4 GiB of text
        self.extend(strings)

    def extend(self, strings: Iterable[str]) -> None:
        """Append ``strings`` (any str, lone surrogates included; a long one
        is encoded in pieces, so that its bytes are not held twice)."""
        data, ends = self._data, self._ends
        for text in strings:
            if len(text) <= _PIECE:
                data += text.encode("utf-8", "surrogatepass")
            else:
                for start in range(0, len(text), _PIECE):
                    data += text[start : start + _PIECE].encode("utf-8", "surrogatepass")
            if len(data) > _SMALL_END and ends.typecode == "I":
                ends = self._ends = array("Q", ends)
            ends.append(len(data))

    def append_parts(self, parts: Iterable[str]) -> None:
        """Append one string given as consecutive ``parts`` (each encoded as
        it comes: a long string read piece by piece is never held whole).

        >>> column = TextColumn()
        >>> column.append_parts(["Kra", "ków"]); column.append_parts([])
        >>> list(column)
        ['Kraków', '']
        """
        data = self._data
        for part in parts:
            data += part.encode("utf-8", "surrogatepass")
        if len(data) > _SMALL_END and self._ends.typecode == "I":
            self._ends = array("Q", self._ends)
        self._ends.append(len(data))

    def size(self, index: int) -> int:
        """The length in UTF-8 bytes of string ``index`` (nothing is decoded)."""
        start, end = self._bounds(index)
        return end - start

    def holding(self, text: str) -> list[int]:
        """The indexes of the strings that contain ``text`` (a non-empty
        string of valid UTF-8, i.e. no lone surrogate), searched in the
        bytes: nothing is decoded.

        >>> TextColumn(["a\\tb", "c", "d\\t", "\\te"]).holding("\\t")
        [0, 2, 3]
        >>> TextColumn(["ab", "c"]).holding("bc")  # not across two strings
        []
        """
        needle = text.encode("utf-8")
        data, ends, found = self._data, self._ends, []
        at = data.find(needle)
        while at >= 0:
            index = bisect_right(ends, at)  # the string the match starts in
            if at + len(needle) <= ends[index]:
                found.append(index)
                at = data.find(needle, ends[index])
            else:  # across two strings
                at = data.find(needle, at + 1)
        return found

    def parts(self, index: int, size: int = _PIECE) -> Iterator[str]:
        """String ``index`` decoded in consecutive parts of about ``size``
        bytes each (cut between characters), which join into ``self[index]``:
        a long string read without decoding it whole.

        >>> list(TextColumn(["zażółć"]).parts(0, 3))
        ['zaż', 'ół', 'ć']
        """
        start, end = self._bounds(index)
        data = memoryview(self._data)
        while start < end:
            cut = min(start + max(size, 1), end)
            while cut < end and data[cut] & 0xC0 == 0x80:  # inside a character
                cut += 1
            yield str(data[start:cut], "utf-8", "surrogatepass")
            start = cut

    def texts(self, longest: int) -> Iterator[str | int]:
        """Each string in order, decoded; but a string of more than
        ``longest`` bytes is given as its index (to read it by :meth:`parts`).

        >>> list(TextColumn(["a", "a long one", "b"]).texts(5))
        ['a', 1, 'b']
        """
        data, start = self._data, 0
        for index, end in enumerate(self._ends):
            if end - start > longest:
                yield index
            else:
                yield str(memoryview(data)[start:end], "utf-8", "surrogatepass")
            start = end

    def _bounds(self, index: int) -> tuple[int, int]:
        k = index.__index__()
        if k < 0:
            k += len(self._ends)
        if not 0 <= k < len(self._ends):
            raise IndexError(f"string {index} of {len(self._ends)}")
        return (self._ends[k - 1] if k else 0), self._ends[k]

    def pop(self) -> str:
        """Remove the last string and return it."""
        last = self[-1]
        self._ends.pop()
        del self._data[self._ends[-1] if self._ends else 0 :]
        return last

    def __len__(self) -> int:
        return len(self._ends)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self._ends)))]
        start, end = self._bounds(index)
        return str(memoryview(self._data)[start:end], "utf-8", "surrogatepass")

    def __iter__(self) -> Iterator[str]:
        data, start = self._data, 0
        for end in self._ends:  # decoded from a view: the bytes are not copied first
            yield str(memoryview(data)[start:end], "utf-8", "surrogatepass")
            start = end

    def __repr__(self) -> str:
        return f"<TextColumn: {len(self._ends)} strings, {len(self._data)} bytes>"
