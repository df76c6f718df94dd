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

import sys
from array import array
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import accumulate, chain, compress, islice, repeat
from operator import and_, eq, gt, lshift, lt, mul, or_, rshift, sub
from typing import Any

from .columns import Rows

__all__ = ["AsList", "ItemColumns", "Items", "Places", "TextColumn", "TextParts", "written"]

Item = dict[str, Any]


class AsList:
    """Equality, hashing and pickling of a sequence that stands for a plain
    list: equal to any sequence of equal values (not to a string), not
    hashable, and pickled as the list itself. A base for a task's own
    columns (with :class:`~answermatch.columns.Rows`, which reads them as a
    list, or :class:`~collections.abc.Sequence`).

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


class ItemColumns(AsList, Rows[Item]):
    """Items held as ``columns`` (name -> a sequence with one value per
    item, every column as long as the others); item ``k`` is ``make(*values)``
    of the columns' ``k``-th values, in column order, or without ``make``
    the dict of the columns' names and those values. A new dict is built at
    each read: changing one changes no other read."""

    __slots__ = ("_length", "_make", "_parts", "columns")

    def __init__(
        self,
        columns: Mapping[str, Sequence[Any]],
        make: Callable[..., Item] | None = None,
        *,
        parts: Iterable[str] = (),
    ) -> None:
        lengths = {name: len(column) for name, column in columns.items()}
        if len(set(lengths.values())) > 1:
            raise ValueError(f"item columns of different lengths: {lengths}")
        #: the columns, by name
        self.columns: dict[str, Sequence[Any]] = dict(columns)
        self._length = next(iter(lengths.values()), 0)
        self._make = make
        # the columns whose long strings make takes as TextParts (see written())
        self._parts = frozenset(parts) if make is not None else frozenset(columns)

    def __len__(self) -> int:
        return self._length

    def row(self, k: int) -> Item:
        """Item ``k`` (``0 <= k < len(self)``), built anew."""
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

    def written(self) -> Iterator[Item]:
        """The items as :meth:`__iter__` gives them, for writing them out:
        but a string of more than :data:`LONG_BYTES` bytes of a
        :class:`TextColumn` column is given as its :class:`TextParts`, not
        decoded whole (a long answer is then held once, as the column
        holds it, while its item is written). Without ``make``, in every such
        column; with one, in the columns named by ``parts=`` when the
        items were made: ``make`` takes a :class:`TextParts` there (puts it
        in the item as it is, or reads it by its parts).

        >>> column = TextColumn(["short", "ż" * LONG_BYTES])
        >>> [type(item["text"]).__name__ for item in ItemColumns({"text": column}).written()]
        ['str', 'TextParts']
        """
        texts = [
            name
            for name, column in self.columns.items()
            if name in self._parts and isinstance(column, TextColumn)
        ]
        if not texts:
            yield from self
            return
        columns = [
            _with_parts(column) if name in texts else column
            for name, column in self.columns.items()
        ]
        if self._make is not None:
            yield from map(self._make, *columns)
            return
        names = tuple(self.columns)
        for values in zip(*columns, strict=True):
            yield dict(zip(names, values, strict=True))

    def __repr__(self) -> str:
        return f"<ItemColumns: {self._length} items of {', '.join(self.columns)}>"


def written(items: Sequence[Item]) -> Iterator[Item]:
    """The items of ``items`` for writing them out: an
    :class:`ItemColumns`' long texts as :class:`TextParts`
    (:meth:`ItemColumns.written`), any other sequence's items as they are.

    >>> list(written([{"id": 1}]))
    [{'id': 1}]
    """
    if isinstance(items, ItemColumns):
        return items.written()
    return iter(items)


def _with_parts(column: TextColumn) -> Iterator[str | TextParts]:
    """The strings of ``column``, each of more than :data:`LONG_BYTES`
    bytes as its :class:`TextParts`."""
    for text in column.texts(LONG_BYTES):
        yield TextParts(column, text) if type(text) is int else text


#: what a task may give as its items: a list of dicts, or :class:`ItemColumns`
Items = list[Item] | ItemColumns

#: a string of a :class:`TextColumn` longer than this many UTF-8 bytes is
#: written out (:meth:`ItemColumns.written`) by its parts, not decoded whole
LONG_BYTES = 1 << 16


class TextParts:
    """A long string of a :class:`TextColumn` held as its place there:
    :meth:`parts` decodes it a part at a time, ``str()`` whole. What
    :meth:`ItemColumns.written` gives for a long text, which
    :func:`~answermatch.outputs.json_line_chunks` writes as a string, a
    part at a time.

    >>> text = TextParts(TextColumn(["a", "zażółć"]), 1)
    >>> list(text.parts(3)), str(text)
    (['zaż', 'ół', 'ć'], 'zażółć')
    """

    __slots__ = ("column", "index")

    def __init__(self, column: TextColumn, index: int) -> None:
        self.column, self.index = column, index

    def parts(self, size: int | None = None) -> Iterator[str]:
        """The string in consecutive parts of about ``size`` bytes
        (:data:`LONG_BYTES` by default; :meth:`TextColumn.parts`)."""
        return self.column.parts(self.index, LONG_BYTES if size is None else size)

    def __str__(self) -> str:
        return self.column[self.index]

    def __repr__(self) -> str:
        return f"<TextParts: string {self.index}, {self.column.size(self.index)} bytes>"


#: the characters of a long string encoded at a time (:meth:`TextColumn.extend`)
_PIECE = 1 << 16
#: how many strings :meth:`TextColumn.extend` encodes at once
_BATCH = 1 << 10
_SMALL_END = (1 << 32) - 1  # the largest offset of an array("I")
#: a string given whole to :meth:`TextColumn.extend` of more than this many
#: UTF-8 bytes is held as that str (where it takes at most a quarter more room
#: than its UTF-8)
HELD_BYTES = 1 << 20
_EMPTY_SIZE = sys.getsizeof("")


class TextColumn(AsList, Rows[str]):
    """Strings held as one UTF-8 buffer and the end offset of each (8 bytes
    a string, no object per string): a column of many short lines in about
    the size of their text. Reading a string (by index, a slice, or
    iterating) decodes it anew; strings are appended, or the last removed.

    A string of more than :data:`HELD_BYTES` bytes given whole
    (:meth:`extend`) is held as the str given instead, where that str takes
    at most a quarter more room than its UTF-8 (ASCII and Latin-1 text,
    CJK, Thai, Hangul with digits and Latin words...; not mostly-Latin
    text with one wider character), and every
    read gives that same str: a long answer is then held once, not as its
    bytes and again as the str decoded when it is read. Each read gives
    the same value either way.

    >>> column = TextColumn(["Kraków", "", "1410"])
    >>> len(column), column[0], column[-1], column[1:]
    (3, 'Kraków', '1410', ['', '1410'])
    >>> column.pop(), list(column), column == ["Kraków", ""]
    ('1410', ['Kraków', ''], True)
    >>> long = "x" * (HELD_BYTES + 1)
    >>> column.extend([long]); column[2] is long, column.size(2)
    (True, 1048577)
    """

    __slots__ = ("_data", "_ends", "_held")

    def __init__(self, strings: Iterable[str] = ()) -> None:
        self._data = bytearray()
        self._ends = array("I")  # 4 bytes an offset, 8 past 4 GiB of text
        # index -> (str, its UTF-8 size) of each string held as its str (no bytes in _data)
        self._held: dict[int, tuple[str, int]] = {}
        self.extend(strings)

    def extend(self, strings: Iterable[str]) -> None:
        """Append ``strings`` (any str, lone surrogates included; a long one
        is held as it is (:data:`HELD_BYTES`), or encoded in pieces, so
        that its bytes are not held beside it)."""
        if not isinstance(strings, (tuple, list)) or len(strings) > 8:  # many: in batches
            left = iter(strings)
            while batch := list(islice(left, _BATCH)):
                self._extend_batch(batch)
            return
        data, ends = self._data, self._ends
        for text in strings:
            if len(text) <= _PIECE:
                data += text.encode("utf-8", "surrogatepass")
            elif (size := _utf8_size(text)) > HELD_BYTES and _str_fits(text, size):
                self._held[len(ends)] = (text, size)
            else:
                for start in range(0, len(text), _PIECE):
                    data += text[start : start + _PIECE].encode("utf-8", "surrogatepass")
            if len(data) > _SMALL_END and ends.typecode == "I":
                ends = self._ends = array("Q", ends)
            ends.append(len(data))

    def _extend_batch(self, strings: list[str]) -> None:
        """:meth:`extend`, the strings encoded and joined at once where none is long."""
        if max(map(len, strings)) > _PIECE:
            self.extend(strings[:8])  # one by one, a long one in pieces
            if len(strings) > 8:
                self._extend_batch(strings[8:])
            return
        encoded = list(map(str.encode, strings, repeat("utf-8"), repeat("surrogatepass")))
        size = len(self._data)
        if size + sum(map(len, encoded)) > _SMALL_END and self._ends.typecode == "I":
            self._ends = array("Q", self._ends)
        self._ends.extend(islice(accumulate(map(len, encoded), initial=size), 1, None))
        self._data += b"".join(encoded)

    def iter_from(self, start: int) -> Iterator[str]:
        """The strings from place ``start`` on, each decoded as it is read.

        >>> list(TextColumn(["a", "bc", "d"]).iter_from(1))
        ['bc', 'd']
        """
        data, held = self._data, self._held
        begin = self._ends[start - 1] if start > 0 else 0
        for index, end in enumerate(islice(self._ends, start, None), start):
            if end == begin and index in held:  # held as its str, no bytes
                yield held[index][0]
                continue
            yield str(memoryview(data)[begin:end], "utf-8", "surrogatepass")
            begin = end

    def append_parts(self, parts: Iterable[str]) -> None:
        """Append one string given as consecutive ``parts`` (each encoded as
        it comes: a long string read piece by piece is never held whole,
        and is held as its UTF-8, to be read by its parts, :meth:`parts`).

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

    def copy(self) -> TextColumn:
        """A column of the same strings (their bytes copied, none decoded;
        a string held as its str is that same str)."""
        copied = TextColumn()
        copied._data = bytearray(self._data)
        copied._ends = array(self._ends.typecode, self._ends)
        copied._held = dict(self._held)
        return copied

    def size(self, index: int) -> int:
        """The length in UTF-8 bytes of string ``index`` (nothing is decoded)."""
        k = self._place(index)
        if k in self._held:
            return self._held[k][1]
        start, end = self._bounds(k)
        return end - start

    def holding(self, text: str) -> list[int]:
        """The indexes of the strings that contain ``text`` (a non-empty
        string of valid UTF-8, i.e. no lone surrogate), searched in the
        bytes (and in a string held as its str): nothing is decoded.

        >>> TextColumn(["a\\tb", "c", "d\\t", "\\te"]).holding("\\t")
        [0, 2, 3]
        >>> TextColumn(["ab", "c"]).holding("bc")  # not across two strings
        []
        """
        needle = text.encode("utf-8")
        data, ends, found = self._data, self._ends, []
        at = data.find(needle)
        while at >= 0:
            index = bisect_right(ends, at)  # the string the match starts in (one with bytes)
            if at + len(needle) <= ends[index]:
                found.append(index)
                at = data.find(needle, ends[index])
            else:  # across two strings
                at = data.find(needle, at + 1)
        held = [index for index, (string, _) in self._held.items() if text in string]
        return sorted(found + held) if held else found

    def parts(self, index: int, size: int = _PIECE) -> Iterator[str]:
        """String ``index`` decoded in consecutive parts of about ``size``
        bytes each (cut between characters), which join into ``self[index]``:
        a long string read without decoding it whole.

        >>> list(TextColumn(["zażółć"]).parts(0, 3))
        ['zaż', 'ół', 'ć']
        """
        k = self._place(index)
        if k in self._held:
            return _str_parts(self._held[k][0], max(size, 1))
        return self._byte_parts(*self._bounds(k), max(size, 1))

    def _byte_parts(self, start: int, end: int, size: int) -> Iterator[str]:
        data = memoryview(self._data)
        while start < end:
            cut = min(start + size, end)
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
        data, held, start = self._data, self._held, 0
        for index, end in enumerate(self._ends):
            if end == start and index in held:
                string, size = held[index]
                yield index if size > longest else string
            elif end - start > longest:
                yield index
            else:
                yield str(memoryview(data)[start:end], "utf-8", "surrogatepass")
            start = end

    def same_run(self, first: int, texts: Sequence[str]) -> bool:
        """Whether ``texts`` (one or more) are the strings from place
        ``first`` on, compared in their UTF-8 bytes: nothing is decoded.

        >>> column = TextColumn(["q1", "q2", "q3"])
        >>> column.same_run(1, ["q2", "q3"]), column.same_run(0, ["q1", "q3"])
        (True, False)
        """
        stop = first + len(texts)
        if not texts or first < 0 or stop > len(self._ends):
            return False
        if self._holds_str(first, stop):
            return all(map(eq, islice(self.iter_from(first), len(texts)), texts))
        encoded = list(map(str.encode, texts, repeat("utf-8"), repeat("surrogatepass")))
        ends = self._ends
        start = ends[first - 1] if first else 0
        bounds = ends[first:stop]
        # every string, lone surrogates too, encodes one way: equal bytes at
        # the same bounds are equal strings
        if bounds[-1] - start != sum(map(len, encoded)) or not all(
            map(eq, accumulate(map(len, encoded), initial=start), chain((start,), bounds))
        ):
            return False
        return b"".join(encoded) == self._data[start : bounds[-1]]

    def _place(self, index: int) -> int:
        k = index.__index__()
        if k < 0:
            k += len(self._ends)
        if not 0 <= k < len(self._ends):
            raise IndexError(f"string {index} of {len(self._ends)}")
        return k

    def _bounds(self, k: int) -> tuple[int, int]:
        return (self._ends[k - 1] if k else 0), self._ends[k]

    def _holds_str(self, start: int, stop: int) -> bool:
        """Whether a string from place ``start`` to ``stop`` is held as its str."""
        return any(start <= index < stop for index in self._held)

    def pop(self) -> str:
        """Remove the last string and return it."""
        last = self[-1]
        self._held.pop(len(self._ends) - 1, None)
        self._ends.pop()
        del self._data[self._ends[-1] if self._ends else 0 :]
        return last

    def __len__(self) -> int:
        return len(self._ends)

    def row(self, k: int) -> str:
        """String ``k`` (``0 <= k < len(self)``), decoded anew (or the str held)."""
        if k in self._held:
            return self._held[k][0]
        start = self._ends[k - 1] if k else 0
        return str(memoryview(self._data)[start : self._ends[k]], "utf-8", "surrogatepass")

    def __iter__(self) -> Iterator[str]:
        if self._held:
            return self.iter_from(0)
        return self._decoded()

    def _decoded(self) -> Iterator[str]:
        data, start = self._data, 0
        for end in self._ends:  # decoded from a view: the bytes are not copied first
            yield str(memoryview(data)[start:end], "utf-8", "surrogatepass")
            start = end

    def __repr__(self) -> str:
        size = len(self._data) + sum(size for _, size in self._held.values())
        return f"<TextColumn: {len(self._ends)} strings, {size} bytes>"


def _utf8_size(text: str) -> int:
    """The length of ``text`` in UTF-8 (lone surrogates 3 bytes each),
    encoded a piece at a time."""
    if text.isascii():
        return len(text)
    pieces = range(0, len(text), _PIECE)
    return sum(len(text[at : at + _PIECE].encode("utf-8", "surrogatepass")) for at in pieces)


def _str_fits(text: str, size: int) -> bool:
    """Whether the str ``text`` takes at most a quarter more memory than
    its ``size`` bytes of UTF-8 (CPython holds a str in 1, 2 or 4 bytes a
    character, the width of its widest; a UTF-8 form it has cached counts
    too). Held as its UTF-8, a long string is held twice while it is
    read (its bytes and the str decoded from them): Hangul with digits and
    Latin words in it (2 bytes a character as a str, 1.9 or so as UTF-8)
    is held in less as its str; a run of many such strings in at most a
    quarter more.

    >>> fits = lambda text: _str_fits(text, len(text.encode("utf-8")))
    >>> fits("日本" * 100), fits("서울은 1,000명 《토지》 1969년 KBS (서울) " * 99)
    (True, True)
    >>> fits("a" * 199 + "😀"), fits("Warszawa jest stolicą Polski. " * 100)
    (False, False)
    """
    return sys.getsizeof(text) - _EMPTY_SIZE <= size + size // 4 + 64


def _str_parts(text: str, size: int) -> Iterator[str]:
    """``text`` in the parts :meth:`TextColumn.parts` cuts its UTF-8 into:
    of ``size`` bytes each, a part that ends inside a character taking the
    rest of it.

    >>> list(_str_parts("zażółć", 3))
    ['zaż', 'ół', 'ć']
    """
    at = 0
    while at < len(text):
        piece = text[at : at + size]  # at least size bytes, unless it is the last
        if not piece.isascii():
            encoded = piece.encode("utf-8", "surrogatepass")
            if len(encoded) > size:
                cut = size
                while cut < len(encoded) and encoded[cut] & 0xC0 == 0x80:  # inside a character
                    cut += 1
                piece = piece[: len(str(memoryview(encoded)[:cut], "utf-8", "surrogatepass"))]
        yield piece
        at += len(piece)


class Places:
    """The place of each string of a sequence (``strings[place]``), found by
    its hash: a sorted array of ``hash << bits | place`` (8 bytes a string,
    where a dict of the strings took about 100), searched where a filter
    of 16 to 32 bits a string (a bit set by the hash of each) lets a string
    through; the strings are compared wherever their hash bits agree, so two
    strings that share them are told apart. For a sequence of distinct
    strings (a gold's ids); where one repeats, one of its places is found.

    >>> places = Places(TextColumn(["q1", "q2", "Kraków"]))
    >>> places.find("Kraków"), places.find("q4"), "q2" in places, len(places)
    (2, None, True, 3)
    >>> places.among(["q4", "q1", "Kraków"])
    {'q1': 0, 'Kraków': 2}
    """

    __slots__ = ("_bits", "_filter", "_keys", "_mask", "_strings", "_top")

    def __init__(self, strings: Sequence[str]) -> None:
        self._strings = strings
        # a place's bits: all ones is no place (the last key, which ends the search)
        self._bits = bits = len(strings).bit_length()
        self._top = top = (1 << (64 - bits)) - 1
        self._mask = mask = (1 << (bits + 4)) - 1
        self._filter = bytearray((mask >> 3) + 1)
        bounds = [b << 60 for b in range(1, 16)] + [1 << 64]
        buckets = [array("Q") for _ in bounds]  # sorted a sixteenth at a time
        chunks = _chunks(strings)
        for start in range(0, len(strings), _CHUNK):
            codes = list(map(hash, next(chunks)))
            self._set_filter(codes)
            tops = map(lshift, map(and_, codes, repeat(top)), repeat(bits))
            keys = sorted(map(or_, tops, range(start, start + len(codes))))
            del codes
            at = 0
            for bucket, bound in zip(buckets, bounds, strict=True):
                end = bisect_left(keys, bound, at)
                bucket.extend(islice(keys, at, end))
                at = end
        self._keys = array("Q")
        for bucket in buckets:
            self._keys.extend(sorted(bucket))
            del bucket[:]
        self._keys.append((1 << 64) - 1)

    def _set_filter(self, codes: list[int]) -> None:
        """Set the filter's bit of each hash of ``codes``."""
        slots = list(map(and_, codes, repeat(self._mask)))
        at = list(map(rshift, slots, repeat(3)))
        bits = map(lshift, repeat(1), map(and_, slots, repeat(7)))
        filter_bits = self._filter  # each byte read and set in turn, so a byte set twice has both
        deque(map(filter_bits.__setitem__, at, map(or_, map(filter_bits.__getitem__, at), bits)), 0)

    def __len__(self) -> int:
        return len(self._strings)

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and self.find(text) is not None

    def find(self, text: str) -> int | None:
        """The place of ``text``, or ``None``."""
        code = hash(text)
        if not self._filter[(code & self._mask) >> 3] >> (code & 7) & 1:
            return None
        return self._search(text, code)

    def among(self, texts: Iterable[str]) -> dict[str, int]:
        """``{text: place}`` of those of ``texts`` found (in their order), all
        searched at once: the filter, the search and the comparison of the
        strings where the first key with the hash bits of a text is its own
        (the others are searched one by one)."""
        texts = list(texts)
        codes = list(map(hash, texts))
        slots = list(map(and_, codes, repeat(self._mask)))
        bytes_at = map(self._filter.__getitem__, map(rshift, slots, repeat(3)))
        passed = list(map(and_, map(rshift, bytes_at, map(and_, slots, repeat(7))), repeat(1)))
        del slots
        texts, codes = list(compress(texts, passed)), list(compress(codes, passed))
        keys, bits = self._keys, self._bits
        tops = list(map(and_, codes, repeat(self._top)))
        starts = map(lshift, tops, repeat(bits))
        firsts = list(map(keys.__getitem__, map(bisect_left, repeat(keys), starts)))
        count = len(self._strings)
        if not count:
            return {}
        places = list(map(min, map(and_, firsts, repeat((1 << bits) - 1)), repeat(count - 1)))
        # the first key with a text's bits, and not the last key (no place: its bits all ones)
        same = map(eq, map(rshift, firsts, repeat(bits)), tops)
        same = list(map(and_, same, map(lt, firsts, repeat(keys[-1]))))
        equal = list(map(and_, same, _equal(self._strings, places, texts)))
        found = dict(compress(zip(texts, places, strict=True), equal))
        later = False
        for text, code in compress(zip(texts, codes, strict=True), map(gt, same, equal)):
            other = self._search(text, code)  # another string has the same bits first
            if other is not None:
                found[text] = other
                later = True
        return {text: found[text] for text in texts if text in found} if later else found

    def repeated(self) -> bool:
        """Whether two places hold the same string (the strings compared
        only where their hash bits agree).

        >>> Places(["a", "b"]).repeated(), Places(["a", "b", "a"]).repeated()
        (False, True)
        """
        keys, bits, strings = self._keys, self._bits, self._strings
        low, last = (1 << bits) - 1, len(keys) - 1  # the last key has no place
        at = 0
        while at < last:
            end = at + 1
            while end < last and keys[end] >> bits == keys[at] >> bits:
                end += 1
            if end - at > 1:
                run = [strings[keys[k] & low] for k in range(at, end)]
                if len(set(run)) != len(run):
                    return True
            at = end
        return False

    def _search(self, text: str, code: int) -> int | None:
        keys, bits, strings = self._keys, self._bits, self._strings
        code &= self._top
        at = bisect_left(keys, code << bits)
        low, count = (1 << bits) - 1, len(strings)
        while (key := keys[at]) >> bits == code:
            if (place := key & low) >= count:  # the last key, which has no place
                break
            if strings[place] == text:
                return place
            at += 1
        return None

    def __repr__(self) -> str:
        return f"<Places: {len(self._strings)} strings>"


#: how many strings :class:`Places` hashes and sorts at once
_CHUNK = 1 << 12


def _chunks(strings: Sequence[str]) -> Iterator[Iterable[str]]:
    """``strings`` in consecutive chunks of :data:`_CHUNK`; a
    :class:`TextColumn`'s chunk of ASCII bytes decoded at once and cut
    (the bytes' offsets are then the characters')."""
    if not isinstance(strings, TextColumn):
        left = iter(strings)
        while True:
            yield islice(left, _CHUNK)
    ends, data = strings._ends, strings._data
    for start in range(0, len(ends), _CHUNK):
        bounds = ends[start : start + _CHUNK]
        begin = ends[start - 1] if start else 0
        chunk = data[begin : bounds[-1]]
        if not chunk.isascii() or strings._holds_str(start, start + len(bounds)):
            yield islice(strings.iter_from(start), len(bounds))
            continue
        text = chunk.decode("ascii")
        stops = list(map(sub, bounds, repeat(begin)))
        yield map(text.__getitem__, map(slice, chain((0,), stops), stops))


def _equal(strings: Sequence[str], places: Iterable[int], texts: Iterable[str]) -> list[bool]:
    """Whether ``strings[place] == text`` for each pair; a
    :class:`TextColumn` compares its bytes, all at once (one that holds a
    string as its str, its strings)."""
    if not isinstance(strings, TextColumn) or strings._held:
        return list(map(eq, map(strings.__getitem__, places), texts))
    places = list(places)
    ends, data = strings._ends, strings._data
    stops = map(ends.__getitem__, places)
    starts = map(mul, map(ends.__getitem__, map(sub, places, repeat(1))), map(bool, places))
    held = map(data.__getitem__, map(slice, starts, stops))
    return list(map(eq, held, map(str.encode, texts, repeat("utf-8"), repeat("surrogatepass"))))
