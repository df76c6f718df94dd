"""The SQuAD file format: one reader for every task whose gold has it.

The layout (SQuAD v1.1/v2.0, MLQA, XQuAD, CMRC 2018's SQuAD-style files,
DRCD, KorQuAD)::

    {"version": ..., "data": [{"title", "paragraphs": [{"context", "qas":
      [{"id", "question", "answers": [{"text", "answer_start"}],
        "is_impossible"?, "plausible_answers"?}]}]}]}

also as the bare ``data`` list, and rows as Hugging Face ``datasets`` gives
them: ``{"id", "answers": {"text": [...], "answer_start": [...]}}`` with
optional ``context``, ``question``, ``title`` (``answers`` may also be a
list of ``{"text", "answer_start"}``), as a Python list, a JSON list, JSON
Lines or (with ``pyarrow`` installed) Parquet.

:func:`read` gives a :class:`SquadFile`: the :class:`Question` items in file
order, the layout, the ``version``, and each question's line and place
(:meth:`SquadFile.line`, :meth:`SquadFile.where`). A well-formed file takes
one comprehension; anything else the checked path, whose
:class:`~answermatch.errors.InputError` names the file, the line, the
question and what was expected. What a scorer accepts beyond the format
(another id key, ids that are numbers, answers that are bare texts, a byte
order mark) is its :class:`Dialect`. JSON is decoded by
:func:`answermatch.sources.fast_json` where msgspec is installed, else by
``json``, with the same result, errors and warnings.

>>> from answermatch.diagnostics import Diagnostics
>>> from answermatch.formats.squad import Dialect, from_data, load, read
>>> gold = read([{"id": "q1", "answers": {"text": ["Paris"], "answer_start": [0]},
...               "context": "Paris is big."}], Diagnostics())
>>> gold.questions[0].answers, gold.questions[0].starts, gold.layout
(('Paris',), (0,), 'rows')
>>> read({"data": [{"paragraphs": [{"qas": [{"id": 7, "answers": []}]}]}]}, Diagnostics())
Traceback (most recent call last):
...
answermatch.errors.InputError: <object>: article #1, paragraph #1, question #1: 'id' must be ...
"""

from __future__ import annotations

import json
import os
import re
import stat
from array import array
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain, compress, count, islice, repeat
from numbers import Real
from operator import attrgetter, itemgetter, methodcaller
from typing import Any, NamedTuple, TypeVar

from .. import sources
from ..columns import Rows
from ..diagnostics import Diagnostics
from ..errors import InputError, format_examples
from ..sources import (
    LEFT_TO_JSON,
    decode_utf8,
    duplicate_key_hook,
    duplicate_key_message,
    fast_json,
    fast_typed_json,
    is_path,
    json_error,
    json_limit_message,
    jsonl_columns,
    kept_entries,
    keys_counted,
    read_bytes,
    source_name,
)

__all__ = [
    "SQUAD",
    "Dialect",
    "Kept",
    "Question",
    "SquadFile",
    "from_data",
    "hashable",
    "hf_answers",
    "load",
    "not_a_row",
    "prediction_map",
    "prediction_records",
    "read",
    "refuse_gold_as_predictions",
    "row_where",
    "short",
    "string_ids",
    "typed_gold",
    "typed_layout",
    "typed_paragraphs",
    "warn_coverage",
    "warn_repeated_ids",
]


@dataclass(frozen=True)
class Dialect:
    """What a scorer accepts beyond the SQuAD format itself.

    ``id_keys``: the keys tried in turn for a question's id (CMRC 2018:
    ``id``, then ``query_id``); ``id_types``: the types an id may have
    (``None``: any value); ``text_types``: the types an answer text may
    have (``None``: any value; a number is a :class:`~numbers.Real` that is
    not a ``bool``); ``bare_answers``: an answer may be its text itself
    rather than an object; ``answer_lists``: the datasets form
    ``{"text": [...], "answer_start": [...]}`` is also accepted in the
    SQuAD layout (rows always accept it); ``bom``: ``"error"`` (Python's
    ``json.loads`` of a ``str`` rejects it, as SQuAD's scripts do),
    ``"skip"``, or ``"json"`` (skipped, and UTF-16 or UTF-32 read with a
    warning, as ``json.loads`` of a file's *bytes* does); ``key_check``:
    warn about a key repeated in a gold object (it costs a Python call per
    object); ``layout``: the layout's name in messages.

    >>> Dialect(id_types=None).accepts_id(["a list"])
    True
    """

    id_keys: tuple[str, ...] = ("id",)
    id_types: tuple[type, ...] | None = (str,)
    text_types: tuple[type, ...] | None = (str, Real)
    bare_answers: bool = False
    answer_lists: bool = False
    bom: str = "error"
    key_check: bool = False
    layout: str = "SQuAD"

    def accepts_id(self, value: Any) -> bool:
        """Whether ``value`` may be a question's id."""
        return self.id_types is None or isinstance(value, self.id_types)

    def accepts_text(self, value: Any) -> bool:
        """Whether ``value`` may be an answer text."""
        types = self.text_types
        if types is None or isinstance(value, str):
            return True
        return isinstance(value, types) and not isinstance(value, bool)

    @property
    def id_names(self) -> str:
        """The id keys for messages: ``'id'`` or ``'id' or 'query_id'``."""
        return " or ".join(map(repr, self.id_keys))


#: The format as SQuAD's own scripts read it (an answer text stored as a
#: number is kept; the scorers report it).
SQUAD = Dialect()

_TYPE_NAMES = {str: "a string", int: "an integer", Real: "a number"}


def _kinds(types: tuple[type, ...]) -> str:
    return " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in types)


class Question(NamedTuple):
    """One gold question: its id and answer texts as stored (a text stored
    as a JSON number stays a number), their ``answer_start`` offsets
    (:attr:`starts`), its context (when given, else ``None``) and its index
    in the file (``row``; its line and place come from :class:`SquadFile`)."""

    id: Any
    answers: tuple[Any, ...]
    #: the ``answer_start`` of each answer (``None`` where absent)
    starts: tuple[Any, ...]
    context: str | None
    row: int


class Questions(Rows[Question]):
    """The questions of a gold as columns, as the fast readers give them:
    no Python object per question for the garbage collector to walk (a
    :class:`Question`, a tuple subclass, is always tracked by it), each
    :class:`Question` built when read.

    ``starts`` and ``contexts`` may also be functions that give them,
    called when first read (a score reads neither: a gold's contexts are
    most of its bytes, decoded only for the readers that use them); such a
    function with an ``each()`` that gives them one at a time
    (:class:`_Lazy`) is not called by an iteration over the questions,
    which then makes each as it goes and keeps none (``check-gold``'s
    passes over a large gold).

    >>> qs = Questions(["q1", "q2"], [("Oslo",), ("A", "B")], [(0,), (1, 5)], [None, "ctx"])
    >>> len(qs), qs[1], [q.id for q in qs]
    (2, Question(id='q2', answers=('A', 'B'), starts=(1, 5), context='ctx', row=1), ['q1', 'q2'])
    """

    __slots__ = ("_contexts", "_starts", "answers", "ids")

    def __init__(
        self,
        ids: list[Any],
        answers: list[tuple[Any, ...]],
        starts: list[tuple[Any, ...]] | Callable[[], list[tuple[Any, ...]]],
        contexts: list[str | None] | Callable[[], list[str | None]],
    ) -> None:
        self.ids, self.answers, self._starts, self._contexts = ids, answers, starts, contexts

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def starts(self) -> list[tuple[Any, ...]]:
        """Each question's ``answer_start`` offsets."""
        if callable(self._starts):
            self._starts = self._starts()
        return self._starts

    @property
    def contexts(self) -> list[str | None]:
        """Each question's context (``None`` where it has none)."""
        if callable(self._contexts):
            self._contexts = self._contexts()
        return self._contexts

    def row(self, k: int) -> Question:
        return _NEW(Question, (self.ids[k], self.answers[k], self.starts[k], self.contexts[k], k))

    def __iter__(self) -> Iterator[Question]:
        starts = self._starts.each() if type(self._starts) is _Lazy else self.starts
        contexts = self._contexts.each() if type(self._contexts) is _Lazy else self.contexts
        columns = zip(self.ids, self.answers, starts, contexts, count())
        return map(_NEW, repeat(Question), columns)


class _Lazy:
    """A column of :class:`Questions` not made yet: ``make()`` gives it
    whole (kept once asked for), ``each()`` one value at a time (kept by
    nobody)."""

    __slots__ = ("each", "make")

    def __init__(self, make: Callable[[], list[Any]], each: Callable[[], Iterator[Any]]) -> None:
        self.make, self.each = make, each

    def __call__(self) -> list[Any]:
        return self.make()


_NEW = tuple.__new__  # Question(...) without the Python-level __new__


class _Shape:
    """The SQuAD layout's shape, packed (no list per article): the question
    count of each paragraph (``sizes``) and the paragraph count of each
    article (``paragraphs``); iterated, each article's question counts.

    >>> shape = _Shape.of([[2, 1], [], [3]])
    >>> [list(sizes) for sizes in shape], list(shape.sizes)
    ([[2, 1], [], [3]], [2, 1, 3])
    """

    __slots__ = ("paragraphs", "sizes")

    def __init__(self) -> None:
        self.paragraphs, self.sizes = array("q"), array("q")

    @classmethod
    def of(cls, articles: Iterable[Iterable[int]]) -> _Shape:
        """The shape of articles given as each one's question counts."""
        shape = cls()
        for sizes in articles:
            before = len(shape.sizes)
            shape.sizes.extend(sizes)
            shape.paragraphs.append(len(shape.sizes) - before)
        return shape

    def __iter__(self) -> Iterator[Iterator[int]]:
        return map(islice, repeat(iter(self.sizes)), self.paragraphs)


@dataclass
class SquadFile:
    """The questions of a SQuAD-format gold in file order, its ``layout``
    (``"squad"`` or ``"rows"``), its ``version`` (SQuAD layout only) and
    where it came from (``name``; for a file, its text, or its UTF-8 bytes
    until the text is needed, and each row's line)."""

    questions: Sequence[Question]
    name: str
    layout: str
    version: Any = None
    #: False when every answer text is known to be a string
    may_have_numbers: bool = True
    _text: str | bytes | None = field(default=None, repr=False)
    _row_lines: list[int] | None = field(default=None, repr=False)
    #: the SQuAD layout's shape: the question count of each paragraph, by article
    _shape: _Shape | None = field(default=None, repr=False)
    _id_keys: tuple[str, ...] = field(default=("id",), repr=False)

    @property
    def _source_text(self) -> str | None:
        """The file's text (``None`` for an object), decoded when first asked."""
        self._text = _as_text(self._text)
        return self._text

    @cached_property
    def _lines(self) -> list[int | None]:
        if self._row_lines is not None and self.layout == "rows":
            return list(self._row_lines)
        text = self._text  # the UTF-8 bytes where not decoded: searched as they are
        if text is None or _head_newlines(text, 100_000) < 2:
            return [None] * len(self.questions)  # an object, or minified JSON: no lines
        # the k-th occurrence of an id in the text is the k-th question with it; the
        # pattern reads ASCII alone around a key, as JSON has it, so bytes and text agree
        keys = "|".join(map(re.escape, self._id_keys))
        pattern = rf'"(?:{keys})"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?![.eE\d]))'
        if isinstance(text, (bytes, bytearray)):
            found = re.compile(pattern.encode()).finditer(text)
            newline: Any = b"\n"
        else:
            found = re.compile(pattern).finditer(text)
            newline = "\n"
        # the ids found in the order of the questions (the usual file): each its own line
        lines: list[int | None] = []
        ids, line, at = self.ids, 1, 0
        for k, match in enumerate(found):
            line += text.count(newline, at, match.start())
            at = match.start()
            if k >= len(ids) or json.loads(match.group(1)) != ids[k]:
                return self._lines_by_id(text, pattern, newline)
            lines.append(line)
        return lines if len(lines) == len(ids) else self._lines_by_id(text, pattern, newline)

    def _lines_by_id(self, text: str | bytes, pattern: str, newline: Any) -> list[int | None]:
        """:attr:`_lines` of a file whose ids are not found in the
        questions' order (another key named like an id, a repeated id)."""
        compiled = re.compile(pattern.encode() if isinstance(text, (bytes, bytearray)) else pattern)
        seen: dict[Any, list[int]] = {}
        line, at = 1, 0
        for match in compiled.finditer(text):  # type: ignore[arg-type]
            line += text.count(newline, at, match.start())
            at = match.start()
            seen.setdefault(json.loads(match.group(1)), []).append(line)
        taken: dict[Any, int] = {}
        lines: list[int | None] = []
        for question in self.questions:
            key = question.id if hashable(question.id) else None
            found = seen.get(key, [])
            k = taken.get(key, 0)
            taken[key] = k + 1
            lines.append(found[k] if k < len(found) else None)
        return lines

    def line(self, index: int) -> int | None:
        """The line of question ``index`` in the file (``None`` for objects)."""
        return self._lines[index]

    @cached_property
    def _paragraphs(self) -> tuple[list[int], list[tuple[int, int]]]:
        """The index of each paragraph's first question, and its place."""
        firsts: list[int] = []
        places: list[tuple[int, int]] = []
        count = 0
        for a, sizes in enumerate(self._shape or ()):
            for p, size in enumerate(sizes):
                firsts.append(count)
                places.append((a, p))
                count += size
        return firsts, places

    def where(self, index: int) -> str:
        """Question ``index``'s place: ``article #1, paragraph #2, question
        #3`` in the SQuAD layout, ``row #4`` in rows.

        >>> gold = from_data({"data": [{"paragraphs": [{"qas": []}, {"qas": [
        ...     {"id": "a", "answers": []}, {"id": "b", "answers": []}]}]}]}, "<object>")
        >>> gold.where(1), from_data([{"id": "a", "answers": []}], "<object>").where(0)
        ('article #1, paragraph #2, question #2', 'row #1')
        """
        if self._shape is None:
            return f"row #{index + 1}"
        firsts, places = self._paragraphs
        k = bisect_right(firsts, index) - 1  # the last paragraph starting at or before it
        return _where(*places[k], index - firsts[k])

    @cached_property
    def ids(self) -> list[Any]:
        """The question ids in file order."""
        if type(self.questions) is Questions:
            return self.questions.ids
        return [q[0] for q in self.questions]

    @cached_property
    def answers(self) -> list[tuple[Any, ...]]:
        """Each question's answer texts, in file order."""
        if type(self.questions) is Questions:
            return self.questions.answers
        return [q[1] for q in self.questions]

    @property
    def number_answers(self) -> list[int]:
        """Indices of the questions with an answer text stored as a number."""
        if not self.may_have_numbers:
            return []
        return [
            k
            for k, q in enumerate(self.questions)
            if any(not isinstance(a, str) for a in q.answers)
        ]


F = TypeVar("F", bound=SquadFile)


def hashable(value: Any) -> bool:
    """Whether ``value`` can be a dict key (an id read from JSON may be a list).

    >>> hashable("q1"), hashable(["q1"])
    (True, False)
    """
    try:
        hash(value)
    except TypeError:
        return False
    return True


# --- loading files ----------------------------------------------------------------


def _head_newlines(text: str | bytes, chars: int) -> int:
    """The newlines among the first ``chars`` characters of a file's text
    (or of its UTF-8 bytes, of which only the first ``4 * chars`` are decoded).

    >>> _head_newlines("a\\nb\\n", 2), _head_newlines("ł\\nł\\n".encode(), 4)
    (1, 2)
    """
    if isinstance(text, str):
        return text.count("\n", 0, chars)
    return text[: 4 * chars].decode("utf-8", "ignore")[:chars].count("\n")


def _has_lines(data: bytes, chars: int = 100_000) -> bool:
    """Whether ``_head_newlines(data, chars) >= 2`` (a file whose questions
    have lines: :attr:`SquadFile._lines`), decoding no more than the bytes
    up to its second newline.

    >>> _has_lines(b'{"a":\\n 1\\n}'), _has_lines(b'{"a": 1}\\n')
    (True, False)
    >>> _has_lines(b"\\n" + b"x" * 9 + b"\\n", 10), _has_lines("\\nł\\n".encode(), 3)
    (False, True)
    """
    first = data.find(b"\n", 0, 4 * chars)
    second = -1 if first < 0 else data.find(b"\n", first + 1, 4 * chars)
    # the characters up to it: the decoding of a prefix ending in a newline is that of the head
    return second >= 0 and len(data[: second + 1].decode("utf-8", "ignore")) <= chars


def _as_text(text: str | bytes | None) -> str | None:
    """A file's text, from its UTF-8 bytes where it was not decoded."""
    return text.decode("utf-8") if isinstance(text, (bytes, bytearray)) else text


def is_jsonl(name: str) -> bool:
    """Whether the file ``name`` is read as JSON Lines (by its extension)."""
    return name.endswith((".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz"))


def load(
    source: Any,
    diag: Diagnostics,
    what: str,
    *,
    key_check: bool = True,
    bom: str = "error",
    gold: Dialect | None = None,
    other: Callable[[bytes, str, bool, _Source | None], _Read | None] | None = None,
) -> tuple[Any, str | bytes | None, list[int] | None]:
    """A path's content as a JSON value, a list of JSON Lines rows (a
    ``.jsonl`` name, or JSON values one after another) or Parquet rows;
    loaded objects are returned as they are. Also the text (for line
    numbers; the UTF-8 bytes where it was not decoded) and, for JSON
    Lines, each row's line. ``key_check``: warn
    about a key repeated in a JSON object; ``bom``: ``"error"``, ``"skip"``
    or ``"json"`` (see :class:`Dialect`; a file refused for its mark is
    decoded piece by piece, never held). ``gold``: the dialect of a gold
    file, which a file in the SQuAD layout may give as its questions
    already (a :class:`_Read`, by :func:`_typed_questions`); ``other``: a
    reader of another layout of the dialect's gold files (a task's, given
    the bytes, the name, ``key_check`` and where the bytes are in the file,
    :class:`_Source`), tried where that one gives ``None``
    (:func:`typed_paragraphs`).

    >>> load({"q1": "Paris"}, Diagnostics(), "predictions")
    ({'q1': 'Paris'}, None, None)
    """
    if not is_path(source):
        return source, None, None
    name = os.fspath(source)
    if os.path.splitext(name)[1].lower() == ".parquet":
        return _read_parquet(name), None, None
    if bom == "error" and sources.starts_with_bom(name) and sources.decodes_as_utf8(name):
        raise _bom_refused(name, what)  # as :func:`_text_of` does, the file decoded in pieces
    source = _Source(_file_identity(name), 0, os.path.abspath(name)) if gold is not None else None
    raw = read_bytes(name)
    if bom == "json":
        read, raw, bom = raw, _json_bytes(raw, name, what, diag), "skip"
        if raw is not read:  # transcoded: not where the file has them
            source = None
        del read
    if not is_jsonl(name):
        if bom == "skip" and raw.startswith(b"\xef\xbb\xbf"):
            raw, source = raw[3:], source and source._replace(offset=3)
        if gold is not None:
            found = _typed_questions(raw, name, gold, key_check, source)
            if found is None and other is not None:
                found = other(raw, name, key_check, source)
            if found is not None:
                return found, found.text, None
        value = fast_json(raw, keys_checked=key_check)
        if value is not LEFT_TO_JSON:
            return value, raw, None
    return _decode(_text_of(name, what, bom, raw), name, diag, what, key_check)


def _json_bytes(data: bytes, name: str, what: str, diag: Diagnostics) -> bytes:
    """``data`` in UTF-8 where Python's ``json.loads`` of bytes would read
    it as UTF-16 or UTF-32 (it detects the encoding from a byte order mark or
    the zero bytes), with a warning; other data as it is.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     _json_bytes('{"q": "北"}'.encode("utf-16"), "p.json", "predictions", Diagnostics())
    b'{"q": "\\xe5\\x8c\\x97"}'
    """
    encoding = json.detect_encoding(data)
    if encoding.startswith("utf-8"):
        return data
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputError(
            f"the {what} file looks like {encoding.upper()} (as Python's json detects it) but "
            f"does not decode: {exc.reason} at byte {exc.start}; save it as UTF-8",
            path=name,
        ) from None
    diag.warn(
        f"the {what} file is in {encoding.upper()}, not UTF-8: read as the official script's "
        "json.load of its bytes reads it; save it as UTF-8",
        path=name,
    )
    return text.encode("utf-8", "surrogatepass")


def _text_of(name: str, what: str, bom: str, data: bytes | None = None) -> str:
    """A JSON file's text (from its bytes ``data`` when read), its byte
    order mark rejected or skipped (``bom``)."""
    text = decode_utf8(read_bytes(name) if data is None else data, name)
    if text.startswith("\ufeff"):
        if bom == "error":
            raise _bom_refused(name, what)
        text = text[1:]
    return text


def _bom_refused(name: str, what: str) -> InputError:
    return InputError(
        f"the {what} file starts with a byte order mark, which Python's json (and so "
        "the official script) rejects; save it as UTF-8 without BOM",
        path=name,
        line=1,
    )


def _decode(
    text: str, name: str, diag: Diagnostics, what: str, key_check: bool
) -> tuple[Any, str | None, list[int] | None]:
    """:func:`load` of a file's text: JSON, or JSON Lines rows."""
    if not is_jsonl(name):
        try:
            hook = duplicate_key_hook(name, diag) if key_check else None
            return json.loads(text, object_pairs_hook=hook), text, None
        except InputError:  # a warning of the hook, in strict mode (an InputError is a ValueError)
            raise
        except json.JSONDecodeError as exc:
            if exc.msg != "Extra data":
                raise InputError(
                    f"{json_error(exc)}; expected the official "
                    f"{what} layout, a JSON list or JSON Lines",
                    path=name,
                    line=exc.lineno,
                ) from None
        except (RecursionError, ValueError) as exc:
            raise InputError(json_limit_message(exc), path=name) from None
    numbers, rows = jsonl_columns(text, name, diag=diag if key_check else None)
    return rows, text, list(numbers)


def _read_parquet(name: str) -> list[Any]:
    try:
        import pyarrow.parquet as pq  # type: ignore[import-not-found]
    except ImportError:
        raise InputError(
            "reading Parquet needs pyarrow, which is not installed (pip install pyarrow); "
            "or save the rows as JSON Lines",
            path=name,
        ) from None
    try:
        return pq.read_table(name).to_pylist()
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot read Parquet ({exc})", path=name) from None


# --- gold -------------------------------------------------------------------------


def read(
    source: Any,
    diag: Diagnostics | None = None,
    dialect: Dialect = SQUAD,
    cls: type[F] = SquadFile,
) -> F:
    """The questions of a SQuAD-format gold (a path or a loaded object),
    checked (see :mod:`answermatch.formats.squad`), as a ``cls`` (a
    :class:`SquadFile` or a task's subclass of it). ``diag``
    (:class:`~answermatch.diagnostics.Diagnostics`) collects the warnings
    (and with ``strict=True`` turns them into errors); by default they are
    only emitted as Python warnings.

    >>> read([{"id": "q1", "answers": {"text": ["Oslo"], "answer_start": [0]}}]).ids
    ['q1']
    """
    if diag is None:
        diag = Diagnostics()
    if not isinstance(dialect, Dialect):
        raise TypeError(f"dialect must be a Dialect, not {type(dialect).__name__}")
    data, text, row_lines = load(
        source, diag, "gold", key_check=dialect.key_check, bom=dialect.bom, gold=dialect
    )
    typed = typed_gold(data, dialect, cls)
    if typed is not None:
        return typed
    return from_data(data, source_name(source), dialect, text, row_lines, cls)


def typed_layout(data: Any) -> str | None:
    """The layout of a gold :func:`load` read straight into its questions
    (``"squad"``, or the name another reader gave it), else ``None``.

    >>> typed_layout({"data": []}) is None
    True
    """
    return data.layout if type(data) is _Read else None


def typed_gold(data: Any, dialect: Dialect = SQUAD, cls: type[F] = SquadFile) -> F | None:
    """The gold :func:`load` gave with ``gold=dialect`` where it read a file
    in the SQuAD layout straight into its questions (as :func:`from_data`
    would give them), else ``None`` (``data`` is the file's content).

    >>> from answermatch.formats.squad import typed_gold
    >>> typed_gold({"data": []}) is None
    True
    """
    if type(data) is not _Read:
        return None
    gold = cls(
        data.questions, data.name, "squad", data.version, data.numbers, data.text, None, data.shape
    )
    gold._id_keys = dialect.id_keys
    return gold


def from_data(
    data: Any,
    name: str,
    dialect: Dialect = SQUAD,
    text: str | bytes | None = None,
    row_lines: list[int] | None = None,
    cls: type[F] = SquadFile,
) -> F:
    """:func:`read` of parsed content: the SQuAD layout (an object with
    ``data``, or a list of articles) or rows (a list, or one row object).
    A gold without questions is an error (the official scripts divide by
    zero)."""
    version: Any = None
    articles: list[Any] | None = None
    if isinstance(data, Mapping) and "data" in data:
        version = data.get("version")
        if not isinstance(data["data"], list):
            raise InputError(
                "'data' must be a list of articles (the SQuAD layout)", path=name, line=1
            )
        articles = data["data"]
    elif isinstance(data, Mapping) and "id" in data:
        data = [data]
    elif (
        isinstance(data, list) and data and isinstance(data[0], Mapping) and "paragraphs" in data[0]
    ):
        articles = data
    elif not isinstance(data, list):
        raise InputError(
            f'expected the {dialect.layout} layout ({{"version", "data": [articles]}}), a list '
            f"of articles, or rows with 'id' and 'answers', not a {type(data).__name__}",
            path=name,
        )
    shape = None
    if articles is not None:
        questions = _from_articles(articles, name, text, dialect)
        # where each question is, kept without the articles (which are freed)
        shape = _Shape.of([len(p["qas"]) for p in a["paragraphs"]] for a in articles)
        layout = "squad"
    else:
        questions, layout = _from_rows(data, name, row_lines, text, dialect), "rows"
    if not questions:
        raise InputError("the gold has no questions", path=name)
    gold = cls(questions, name, layout, version, True, text, row_lines, shape, dialect.id_keys)
    texts = chain.from_iterable(gold.answers)
    gold.may_have_numbers = not set(map(type, texts)) <= {str}
    return gold


def _where(article: int, paragraph: int, question: int, qid: Any = None) -> str:
    place = f"article #{article + 1}, paragraph #{paragraph + 1}, question #{question + 1}"
    return place + (f" (id {qid!r})" if isinstance(qid, str) else "")


def _line_of(text: str | bytes | None, qid: Any, dialect: Dialect) -> int | None:
    """The line of the first ``"id": qid`` in the file's text (for messages)."""
    text = _as_text(text)
    if text is None or not isinstance(qid, str | int):
        return None
    keys = "|".join(map(re.escape, dialect.id_keys))
    match = re.search(rf'"(?:{keys})"\s*:\s*' + re.escape(json.dumps(qid)), text)
    return None if match is None else text.count("\n", 0, match.start()) + 1


def _from_articles(
    articles: list[Any], name: str, text: str | bytes | None, dialect: Dialect
) -> Sequence[Question]:
    """The questions of the articles; a well-formed file takes the fast path,
    anything else the checked one, which names the first problem."""
    try:
        questions = _articles_fast(articles)
    except (KeyError, TypeError, AttributeError, ValueError):
        questions = None
    return questions if questions is not None else _articles_checked(articles, name, text, dialect)


def _articles_fast(articles: list[Any]) -> Questions | None:
    qas = [
        qa for article in articles for paragraph in article["paragraphs"] for qa in paragraph["qas"]
    ]
    contexts = [
        context
        for article in articles
        for paragraph in article["paragraphs"]
        for context in repeat(paragraph.get("context"), len(paragraph["qas"]))
    ]
    ids = list(map(_ID_KEY, qas))
    answers = list(map(_ANSWER_LIST, qas))
    if set(map(type, answers)) != {list}:
        return None  # the checked path says what is wrong (or accepts it)
    texts = [tuple(map(_TEXT, found)) for found in answers]
    starts = [tuple(map(_START, found)) for found in answers]
    if set(map(type, ids)) != {str} or not set(map(type, chain.from_iterable(texts))) <= {str}:
        return None  # numbers (kept) and errors: the checked path
    if not set(map(type, contexts)) <= {str, type(None)}:
        return None
    return Questions(ids, texts, starts, contexts)


_ID_KEY, _ANSWER_LIST = itemgetter("id"), itemgetter("answers")
_ID, _TEXTS, _CONTEXT = itemgetter(0), itemgetter(1), itemgetter(3)


_TEXT = itemgetter("text")
_START = methodcaller("get", "answer_start")


def _articles_checked(
    articles: list[Any], name: str, text: str | bytes | None, dialect: Dialect
) -> list[Question]:
    questions: list[Question] = []
    for a, article in enumerate(articles):
        if not isinstance(article, Mapping) or not isinstance(article.get("paragraphs"), list):
            raise InputError(
                f"article #{a + 1}: expected an object with a list of 'paragraphs'", path=name
            )
        for p, paragraph in enumerate(article["paragraphs"]):
            if not isinstance(paragraph, Mapping) or not isinstance(paragraph.get("qas"), list):
                raise InputError(
                    f"article #{a + 1}, paragraph #{p + 1}: expected an object with a list "
                    "of 'qas'",
                    path=name,
                )
            context = paragraph.get("context")
            context = context if isinstance(context, str) else None
            for q, qa in enumerate(paragraph["qas"]):
                if not isinstance(qa, Mapping):
                    raise InputError(f"{_where(a, p, q)}: expected an object", path=name)
                key = _id_key(qa, dialect.id_keys)
                if key is None:
                    raise InputError(
                        f"{_where(a, p, q)}: a question without {dialect.id_names}", path=name
                    )
                qid = qa[key]
                if not dialect.accepts_id(qid):
                    raise InputError(
                        f"{_where(a, p, q, qid)}: {key!r} must be "
                        f"{_kinds(dialect.id_types or ())}, found {qid!r}",
                        path=name,
                    )
                answers = _answers(qa.get("answers"), dialect, rows=False)
                if isinstance(answers, str):
                    raise InputError(
                        f"{_where(a, p, q, qid)}: {answers}",
                        path=name,
                        line=_line_of(text, qid, dialect),
                    )
                questions.append(Question(qid, *answers, context, len(questions)))
    return questions


class _Read(NamedTuple):
    """A gold read into its questions (:func:`typed_paragraphs`), and its
    bytes where they are still needed (``text``: else ``None``); ``numbers``:
    whether an answer text may be a number; ``layout``: the reader's name
    for the layout (``"squad"``, or another reader's)."""

    questions: Questions
    name: str
    version: Any
    shape: _Shape
    text: bytes | None
    numbers: bool = False
    layout: str = "squad"


def _struct(name: str, *fields: Any) -> type:
    from msgspec import defstruct

    return defstruct(name, fields, gc=False, forbid_unknown_fields=True)


def _typed_file() -> type:
    """The SQuAD layout's top as msgspec structs: its articles kept as their
    JSON (``msgspec.Raw``: checked, not decoded), each decoded in turn
    (:func:`_typed_article`), so that a gold's structs never all exist at
    once (a gold of many small articles would hold one struct, title and
    tuple per article)."""
    from msgspec import Raw

    return _struct("File", ("data", tuple[Raw, ...]), ("version", Any, None))


def _typed_article() -> type:
    """An article of the SQuAD layout as a msgspec struct: its paragraphs
    kept as their JSON (``msgspec.Raw``), each decoded in turn
    (:func:`_typed_paragraph`)."""
    from msgspec import Raw

    return _struct(
        "Article", ("paragraphs", tuple[Raw, ...]), ("title", Any, None), ("id", Any, None)
    )


def _typed_paragraph() -> type:
    """A paragraph of the SQuAD layout as msgspec structs: every key the
    layout's files hold (DRCD's answers carry an ``id``; any other key
    makes the file go the ``json`` way), ids and answer texts strings
    (anything else, which the checked path reads or names, goes that way
    too), the other values ``Any``, and the texts no score reads (most of a
    file's bytes), the context and a question's text, kept as their JSON
    (``msgspec.Raw``: checked, not decoded); structs that the garbage
    collector does not track."""
    from msgspec import Raw

    answer = _struct("Answer", ("text", str), ("answer_start", Any, None), ("id", Any, None))
    qa = _struct(
        "Qa",
        ("id", str),
        ("answers", tuple[answer, ...]),
        ("question", Raw, None),
        ("is_impossible", Any, None),
        ("plausible_answers", Any, None),
    )
    return _struct("Paragraph", ("qas", tuple[qa, ...]), ("context", Raw, None), ("id", Any, None))


def _given(objects: Iterable[Any], *names: str) -> int:
    """How many of ``objects``' attributes ``names`` are not ``None`` (keys given)."""
    objects = list(objects)
    return sum(len(objects) - list(map(attrgetter(n), objects)).count(None) for n in names)


def _paragraph_keys(paragraph: Any) -> int:
    """The keys of a paragraph decoded into :func:`_typed_paragraph`'s
    structs, an optional key counted where its value is not ``None`` (a key
    given as ``null`` is not counted, except a context or a question, kept
    as JSON: :func:`~answermatch.sources.keys_counted` then leaves the file
    to ``json``, which checks its keys itself)."""
    qas = paragraph.qas
    answers = list(chain.from_iterable(map(_ANSWERS_OF, qas)))
    return (
        1 + _given([paragraph], "context", "id")
        + 2 * len(qas) + _given(qas, "question", "is_impossible", "plausible_answers")
        + len(answers) + _given(answers, "answer_start", "id")
    )  # fmt: skip


_ID_OF, _ANSWERS_OF, _QUESTION_OF = attrgetter("id"), attrgetter("answers"), attrgetter("question")
_TEXT_OF, _START_OF = attrgetter("text"), attrgetter("answer_start")


class _Source(NamedTuple):
    """Where a gold's bytes came from: the file's identity
    (:func:`_file_identity`; ``None`` where it cannot be read again: a pipe,
    a ``.gz`` file, a file transcoded from UTF-16), the offset of the bytes
    read in it (3 after a byte order mark) and its absolute path."""

    identity: tuple[int, ...] | None
    offset: int = 0
    path: str = ""


def _file_identity(name: str, found: os.stat_result | None = None) -> tuple[int, ...] | None:
    """A regular file's device, inode, size and modification time (what
    says it is still the file read; ``found``: its ``stat`` already made);
    ``None`` for anything else (a pipe, a ``.gz`` file: their bytes cannot
    be read again at an offset)."""
    if os.path.splitext(name)[1] == ".gz":
        return None
    try:
        found = found or os.stat(name)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(found.st_mode):
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns


def _typed_questions(
    raw: bytes, name: str, dialect: Dialect, key_check: bool, source: _Source | None = None
) -> _Read | None:
    """The questions of a gold in the SQuAD layout decoded into msgspec's
    structs a few hundred paragraphs at a time (:func:`_typed_file`,
    :func:`typed_paragraphs`), as :func:`_articles_fast` gives them from
    ``json``'s value; ``None`` for anything it would not take (the ``json``
    way then reads the file)."""
    if dialect.id_keys[:1] != ("id",):  # another key first: json's (with "id", the same)
        return None
    top = fast_typed_json(raw, _typed_file)
    if top is LEFT_TO_JSON:
        return None
    keys = 1 + (top.version is not None)

    def articles() -> Iterator[tuple[Any, ...]]:
        nonlocal keys
        for article_json in top.data:
            article = fast_typed_json(article_json, _typed_article)
            if article is LEFT_TO_JSON:
                raise _LeftToJson
            keys += 1 + _given([article], "title", "id")
            yield article.paragraphs

    try:
        return typed_paragraphs(
            raw, name, articles(), _typed_paragraph, key_check, lambda: keys, source,
            version=top.version,
        )  # fmt: skip
    except _LeftToJson:
        return None


class _LeftToJson(Exception):
    """An article :func:`_typed_questions` leaves to the ``json`` way."""


def typed_paragraphs(
    raw: bytes,
    name: str,
    articles: Iterable[Iterable[Any]],
    schema: Callable[[], type],
    key_check: bool,
    keys: int | Callable[[], int] = 0,
    source: _Source | None = None,
    *,
    count_keys: Callable[[Any], int] = _paragraph_keys,
    bare: bool = False,
    version: Any = None,
    layout: str = "squad",
) -> _Read | None:
    """The questions of a gold whose ``articles`` give each article's
    paragraphs as their JSON (``msgspec.Raw`` in the bytes ``raw``), each
    decoded into the structs ``schema()`` defines (``qas``, a ``context``
    kept as JSON; each question's ``id``, ``answers`` and ``question``)
    :data:`_BATCH` at a time; ``None`` for anything the ``json`` way reads
    otherwise (a paragraph that is not of that type, an id that is not a
    string, a number past what ``json`` reads, invalid UTF-8). ``bare``:
    the answers are the texts themselves (strings or numbers: anything else
    goes the ``json`` way), else structs with ``text`` and
    ``answer_start``. ``key_check``: taken only where the keys counted
    (``keys`` outside the paragraphs, or a function giving them once the
    articles are read; ``count_keys`` of each paragraph) are every ``":``
    of the file (:func:`~answermatch.sources.keys_counted`).

    Kept (:class:`_Columns`): the ids, the answer texts, the
    ``answer_start`` offsets and where each context's JSON is in the bytes
    (:class:`_Contexts`). The bytes themselves are given back (``text``)
    only where they are still needed: for the questions' lines (a file with
    newlines near its start) or where the contexts cannot be read again
    from the file (``source``, :class:`_Source`)."""
    if not raw.isascii() and not sources.is_utf8(raw):  # msgspec does not check the UTF-8
        return None  # of what it keeps as JSON
    columns = _Columns(raw, key_check, count_keys, bare)
    shape = _Shape()
    batch: list[Any] = []
    for paragraphs in articles:
        before = len(shape.sizes)
        for paragraph_json in paragraphs:
            paragraph = fast_typed_json(paragraph_json, schema)
            if paragraph is LEFT_TO_JSON:
                return None
            shape.sizes.append(len(paragraph.qas))
            batch.append(paragraph)
            if len(batch) == _BATCH and not columns.add(batch):
                return None
        shape.paragraphs.append(len(shape.sizes) - before)
    if not columns.add(batch) or not columns.ids:
        return None
    columns.keys += keys() if callable(keys) else keys
    if key_check and not keys_counted(raw, columns.keys):
        return None
    source = source or _Source(None)
    held = source.identity is None or _has_lines(raw)  # lines read in it
    if held or source.identity != _file_identity(name):
        held, source = True, _Source(None)
    at, lengths = columns.at, columns.lengths
    contexts = _Contexts(at, lengths, shape.sizes, name, source)
    if held:
        contexts.raw = raw
    questions = Questions(
        columns.ids, columns.texts, columns.starts(), _Lazy(contexts.make, contexts.each)
    )
    text = raw if held else None
    return _Read(questions, name, version, shape, text, columns.numbers, layout)


#: The paragraphs decoded before their questions are taken (:class:`_Columns`)
_BATCH = 256


class _Columns:
    """The columns of a gold's questions, taken from its paragraphs decoded
    into :func:`_typed_paragraph`'s structs a batch at a time: the ids, the
    answer texts (a text given again in a batch held once: SQuAD's dev
    repeats most), the ``answer_start`` offsets (packed in an array where
    all are integers of 64 bits, else a tuple per question), where each
    paragraph's context is as JSON in the bytes ``raw`` (``at``: -1 where
    it has none; ``lengths``), and, with ``key_check``, the keys counted
    (``count_keys`` of each paragraph). ``bare``: answers that are their
    texts (strings or numbers, ``numbers`` set where one is a number), no
    ``answer_start``."""

    def __init__(
        self,
        raw: bytes,
        key_check: bool,
        count_keys: Callable[[Any], int] = _paragraph_keys,
        bare: bool = False,
    ) -> None:
        self.raw, self.key_check, self.keys = raw, key_check, 0
        self.count_keys, self.bare, self.numbers = count_keys, bare, False
        self.ids: list[str] = []
        self.texts: list[tuple[str, ...]] = []
        self.packed: array | None = array("q")
        self.tuples: list[tuple[Any, ...]] = []
        self.at, self.lengths = array("q"), array("q")
        self._end = 0  # where the last context found ends

    def add(self, paragraphs: list[Any]) -> bool:
        """Take the questions of ``paragraphs`` (emptied); ``False`` for
        values the ``json`` way reads otherwise."""
        qas = list(chain.from_iterable(map(_QAS_OF, paragraphs)))
        contexts = list(map(_CONTEXT_OF, paragraphs))
        if not _strings_or_null(contexts) or not _strings_or_null(
            list(map(_QUESTION_OF, qas)), True
        ):
            return False  # json's: a number past Python's digit limit is an error there
        if self.key_check:
            self.keys += sum(map(self.count_keys, paragraphs))
        paragraphs.clear()
        end = self._end
        for context in contexts:
            if context is None:
                self.at.append(-1)
                self.lengths.append(0)
                continue
            end = _place(self.raw, bytes(context), end)
            if end < 0:
                return False
            self.at.append(end)
            self.lengths.append(len(context))
            end += len(context)
        self._end = end
        self.ids += map(_ID_OF, qas)  # strings, as the structs' types say
        answers = list(map(_ANSWERS_OF, qas))
        del qas
        if self.bare:
            return self._add_bare(answers)
        starts = list(map(_START_OF, chain.from_iterable(answers)))
        if self.packed is not None:
            try:
                if not set(map(type, starts)) <= {int}:
                    raise OverflowError
                self.packed += array("q", starts)
            except OverflowError:  # not all integers of 64 bits: a tuple per question
                self.tuples, self.packed = list(_unpacked_starts(self.packed, self.texts)), None
        if self.packed is None:
            self.tuples += map(tuple, map(map, repeat(_START_OF), answers))
        if set(map(len, answers)) == {1}:  # one answer each (MLQA, XQuAD): the fewest steps
            found = [(answer.text,) for (answer,) in answers]
        else:  # a text given again in the batch held once (SQuAD's dev repeats most)
            texts = list(map(_TEXT_OF, chain.from_iterable(answers)))
            held = dict(zip(texts, texts, strict=True)).__getitem__
            found = [tuple(map(held, map(_TEXT_OF, each))) for each in answers]
        self.texts += _held_once(found)
        return True

    def _add_bare(self, answers: list[tuple[Any, ...]]) -> bool:
        """Take each question's answers that are their texts: strings (one
        given again in the batch held once) or numbers."""
        values = list(chain.from_iterable(answers))
        kinds = set(map(type, values))
        if not kinds <= {str, int, float}:
            return False  # an object, a list, a bool or null: the json way's
        self.numbers = self.numbers or not kinds <= {str}
        held = {value: value for value in values if type(value) is str}.get
        self.texts += _held_once([tuple(map(held, found, found)) for found in answers])
        return True

    def starts(self) -> _Lazy:
        """The ``answer_start`` column of :class:`Questions`."""
        packed, texts, tuples = self.packed, self.texts, self.tuples
        if self.bare:  # none given
            return _Lazy(lambda: list(_no_starts(texts)), lambda: _no_starts(texts))
        if packed is None:
            return _Lazy(lambda: tuples, lambda: iter(tuples))
        return _Lazy(
            lambda: list(_unpacked_starts(packed, texts)), lambda: _unpacked_starts(packed, texts)
        )


_QAS_OF, _CONTEXT_OF = attrgetter("qas"), attrgetter("context")


def _held_once(found: list[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    """Each question's answer texts, equal ones held once (one tuple
    for every question of a batch with the same answers: a gold of small
    paragraphs repeats them).

    >>> a, b = _held_once([("Oslo",), ("Oslo",)])
    >>> a is b
    True
    """
    return map(dict(zip(found, found, strict=True)).__getitem__, found)


def _no_starts(texts: Iterable[Sized]) -> Iterator[tuple[None, ...]]:
    """No ``answer_start`` for each of the answers ``texts``."""
    return map((None,).__mul__, map(len, texts))


def _place(data: bytes, part: bytes, start: int) -> int:
    """The first place of ``part`` in ``data`` from ``start`` (-1 if none):
    its first bytes looked for, then the rest compared (``bytes.find`` of a
    long ``part`` costs more).

    >>> _place(b'"ab" "abc" "abc"', b'"abc"', 1)
    5
    """
    head = part[:32]
    at = data.find(head, start)
    while at >= 0 and not data.startswith(part, at):
        at = data.find(head, at + 1)
    return at


class _Contexts:
    """The contexts of a gold read by :func:`_typed_questions`: where each
    paragraph's context is as JSON (``at``, ``lengths``: -1 for none) in
    the bytes (``raw``) or, where those were let go, in the file itself,
    read again (``source``: the file must be the one read, else an
    :class:`~answermatch.errors.InputError`); ``sizes``, the questions of
    each paragraph. A paragraph's context is decoded when first reached."""

    __slots__ = ("at", "lengths", "name", "raw", "sizes", "source")

    def __init__(
        self, at: array, lengths: array, sizes: list[int], name: str, source: _Source
    ) -> None:
        self.at, self.lengths, self.sizes, self.name, self.source = at, lengths, sizes, name, source
        self.raw: bytes | None = None

    def make(self) -> list[str | None]:
        """Each question's context, all at once."""
        return list(self.each())

    def each(self) -> Iterator[str | None]:
        """Each question's context, one at a time."""
        return chain.from_iterable(map(repeat, self._paragraphs(), self.sizes))

    def _paragraphs(self) -> Iterator[str | None]:
        from msgspec.json import decode

        if self.raw is not None:
            view = memoryview(self.raw)
            for at, length in zip(self.at, self.lengths, strict=True):
                yield None if at < 0 else decode(view[at : at + length])
            return
        changed = InputError(
            "the gold file changed after it was read (its contexts are read again from it); "
            "read it again",
            path=self.name,
        )
        offset = self.source.offset
        with _reading_again(self.source.path, changed) as fh:
            if _file_identity(self.name, os.fstat(fh.fileno())) != self.source.identity:
                raise changed
            for at, length in zip(self.at, self.lengths, strict=True):
                if at < 0:
                    yield None
                    continue
                fh.seek(offset + at)
                data = fh.read(length)
                try:
                    yield decode(data)
                except ValueError:  # msgspec's DecodeError
                    raise changed from None


@contextmanager
def _reading_again(name: str, changed: InputError) -> Iterator[Any]:
    """The file ``name`` opened again, an error of opening it ``changed``."""
    try:
        fh = open(name, "rb")  # noqa: SIM115
    except OSError:
        raise changed from None
    with fh:
        yield fh


def _strings_or_null(values: list[Any], unread: bool = False) -> bool:
    """Whether the values kept as their JSON (``None``: absent) are all
    strings or ``null`` (what their first byte says). ``unread``: values
    no reader decodes (questions), which need only be what ``json`` reads
    too: one of at most :data:`_SHORT` bytes may be anything (no integer
    past Python's digit limit, no nesting near the recursion limit fits
    there), and costs a length alone."""
    present = list(filter(None, values))
    if unread:
        present = list(compress(present, map(_SHORT.__lt__, map(len, present))))
    return set(map(_FIRST, map(memoryview, present))) <= _STRING_OR_NULL


_FIRST = itemgetter(0)
_STRING_OR_NULL = {ord('"'), ord("n")}
#: The longest unread JSON value :func:`_strings_or_null` takes whatever it holds
_SHORT = 1000


def _unpacked_starts(packed: Iterable[Any], texts: Sequence[Sized]) -> Iterator[tuple[Any, ...]]:
    """Each question's ``answer_start`` offsets (or any other values of its
    answers) from all of them one after another (``texts``: each
    question's answers, or their texts, as many as its values).

    >>> list(_unpacked_starts([0, 5, 9], [("a", "b"), ("c",)]))
    [(0, 5), (9,)]
    """
    return map(tuple, map(islice, repeat(iter(packed)), map(len, texts)))


def _id_key(question: Mapping[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        if key in question:
            return key
    return None


def _answers(
    answers: Any, dialect: Dialect, *, rows: bool
) -> tuple[tuple[Any, ...], tuple[Any, ...]] | str:
    """The texts and starts of one question's ``answers``, or what is wrong
    with them (``rows``: a datasets row's)."""
    lists = rows or dialect.answer_lists
    if lists and isinstance(answers, Mapping) and "text" in answers:
        texts = answers["text"]
        starts = answers.get("answer_start")
        if not isinstance(texts, list | tuple):
            return f"answers['text'] must be a list of strings, found {short(texts)}"
        if starts is None:
            starts = [None] * len(texts)
        if not isinstance(starts, list | tuple) or len(starts) != len(texts):
            return "answers['answer_start'] must be a list as long as answers['text']"
        bad = next((t for t in texts if not dialect.accepts_text(t)), _OK)
        return _bad_text(bad, dialect) if bad is not _OK else (tuple(texts), tuple(starts))
    if not isinstance(answers, list):
        expected = (
            '\'answers\' as {"text": [...], "answer_start": [...]} or a list of '
            '{"text", "answer_start"}'
            if rows
            else "a list of answers {'text', 'answer_start'} in 'answers'"
        )
        return f"expected {expected}, found {short(answers)}"
    texts_list: list[Any] = []
    starts_list: list[Any] = []
    for k, answer in enumerate(answers):
        if isinstance(answer, Mapping):
            if "text" not in answer:
                return f"answer #{k + 1} is an answer object without 'text'"
            value, start = answer["text"], answer.get("answer_start")
        elif dialect.bare_answers:
            value, start = answer, None
        else:
            return f"answer #{k + 1} must be an object with a 'text', found {short(answer)}"
        if type(value) is not str and not dialect.accepts_text(value):
            return _bad_text(value, dialect)
        texts_list.append(value)
        starts_list.append(start)
    return tuple(texts_list), tuple(starts_list)


_OK = object()


def _bad_text(value: Any, dialect: Dialect) -> str:
    return (
        f"the answer text {short(value)} is not {_kinds(dialect.text_types or ())} "
        "(the official script fails on it)"
    )


def row_where(index: int, qid: Any = None) -> str:
    """A row's place for messages: ``row #2 (id 'q2')``.

    >>> row_where(1, "q2")
    "row #2 (id 'q2')"
    """
    return f"row #{index + 1}" + (f" (id {qid!r})" if isinstance(qid, str) else "")


def _from_rows(
    rows: Iterable[Any],
    name: str,
    lines: list[int] | None,
    text: str | bytes | None,
    dialect: Dialect,
) -> list[Question]:
    questions: list[Question] = []
    for index, row in enumerate(rows):
        line = lines[index] if lines is not None else None
        key = None
        if isinstance(row, Mapping):
            key = _id_key(row, dialect.id_keys)
        if key is None or "answers" not in row:
            where = "" if line is not None else f"{row_where(index)}: "
            raise InputError(
                f"{where}expected a question object with {dialect.id_names} and 'answers' "
                f'({{"text": [...], "answer_start": [...]}}), found {short(row)}',
                path=name,
                line=line,
            )
        qid = row[key]
        if not dialect.accepts_id(qid):
            where = row_where(index, qid)
            raise InputError(
                f"{where}: {key!r} must be {_kinds(dialect.id_types or ())}, found {qid!r}",
                path=name,
                line=line,
            )
        answers = _answers(row["answers"], dialect, rows=True)
        if isinstance(answers, str):
            raise InputError(f"{row_where(index, qid)}: {answers}", path=name, line=line)
        context = row.get("context")
        questions.append(
            Question(qid, *answers, context if isinstance(context, str) else None, len(questions))
        )
    return questions


def short(value: Any) -> str:
    """``repr(value)``, cut to 80 characters for messages.

    >>> short("x" * 100)[-5:]
    'xx...'
    """
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# --- what lenient scorers share -------------------------------------------------------


def prediction_records(rows: Sequence[Any], name: str, lines: Sequence[int] | None) -> dict:
    """``{id: prediction_text}`` of ``{"id", "prediction_text"}`` records
    (the last of a repeated id wins), values as they are.

    >>> prediction_records([{"id": "q1", "prediction_text": "Paris"}], "<object>", None)
    {'q1': 'Paris'}
    """
    out: dict[Any, Any] = {}
    for index, row in enumerate(rows):
        line = lines[index] if lines else None
        if (
            not isinstance(row, Mapping)
            or "prediction_text" not in row
            or not hashable(row.get("id", []))
        ):
            raise InputError(
                f"record #{index + 1}: expected {{'id', 'prediction_text'}} with an 'id' that is "
                "a string or a number "
                "(or the whole file as one object {question id: answer text})",
                path=name,
                line=line,
            )
        out[row["id"]] = row["prediction_text"]
    return out


def hf_answers(texts: list[str]) -> dict[str, list[Any]]:
    """The ``answers`` of a Hugging Face row for answer texts whose offsets
    are not known (``answer_start`` -1 each, as a check-gold run would say).

    >>> hf_answers(["Oslo"])
    {'text': ['Oslo'], 'answer_start': [-1]}
    """
    return {"text": list(texts), "answer_start": [-1] * len(texts)}


def refuse_gold_as_predictions(data: Any, name: str) -> None:
    """An :class:`~answermatch.errors.InputError` when predictions read as
    ``data`` are a gold file: SQuAD's layout (a ``data`` list of articles
    with ``paragraphs``) or a bare list of such articles, or of CMRC 2018's
    passages with their ``qas``. The official scripts would score every
    question as unanswered, which only hides the mix-up.

    >>> refuse_gold_as_predictions({"q1": "Oslo"}, "pred.json")
    >>> refuse_gold_as_predictions({"data": [{"paragraphs": []}]}, "dev.json")
    Traceback (most recent call last):
    ...
    answermatch.errors.InputError: dev.json: this is a gold file (articles with questions), not ...
    """
    articles = data.get("data") if isinstance(data, Mapping) else data
    if not isinstance(articles, list) or not articles or not isinstance(articles[0], Mapping):
        return
    if "paragraphs" in articles[0] or "qas" in articles[0]:
        raise InputError(
            "this is a gold file (articles with questions), not predictions ({id: text}): "
            "were the gold and the predictions swapped?",
            path=name,
            swapped=True,
        )


def prediction_map(
    source: Any, diag: Diagnostics, *, bom: str = "skip", keep: set[str] | None = None
) -> Mapping[Any, Any]:
    """The predictions of a lenient scorer: ``{id: text}`` (a JSON object)
    or a list of ``{"id", "prediction_text"}``, from a path (JSON, JSON
    Lines, ``.gz``) or an object; values as they are.

    ``keep``, the gold's ids: a file ``{id: text}`` is read in parts and
    gives only their predictions, as a :class:`Kept` mapping that counts
    the others (:func:`~answermatch.sources.kept_string_entries`; any other
    file is read whole, with the same values, errors and warnings).

    >>> prediction_map([{"id": "q1", "prediction_text": 5}], Diagnostics())
    {'q1': 5}
    """
    path = source_name(source)
    kept = kept_predictions(source, keep, diag, bom=bom)
    if kept is not None:
        return kept
    data, _, lines = load(source, diag, "predictions", bom=bom)
    refuse_gold_as_predictions(data, path)
    if isinstance(data, list):
        data = prediction_records(data, path, lines)
    if not isinstance(data, Mapping):
        raise InputError(
            f"expected a JSON object {{question id: answer text}}, found {type(data).__name__}",
            path=path,
        )
    return data


class Kept(dict):  # type: ignore[type-arg]
    """The predictions of gold ids read from a file ``{id: text}`` in parts,
    with the number of the others (``dropped``) and the first three of
    their ids (``dropped_ids``), for :func:`warn_coverage`. A value that
    is not a string (``null``, a number, a list...) is kept as it is;
    ``nulls`` counts them all, the others' too, ``null_ids`` are the first
    three of their ids, ``null_values`` their values, and
    ``dropped_by_type`` the first three other ids, those of strings before
    the others (the order of a reader that sets values that are not
    strings aside)."""

    def __init__(
        self,
        entries: dict[str, str],
        *,
        dropped: int,
        dropped_ids: list[str],
        nulls: int = 0,
        null_ids: list[str] | None = None,
        dropped_by_type: list[str] | None = None,
        null_values: list[Any] | None = None,
    ):
        super().__init__(entries)
        self.dropped = dropped
        self.dropped_ids = dropped_ids
        self.nulls = nulls
        self.null_ids = null_ids or []
        self.null_values = null_values or []
        self.dropped_by_type = dropped_ids if dropped_by_type is None else dropped_by_type


def kept_predictions(
    source: Any, keep: set[str] | None, diag: Diagnostics | None = None, *, bom: str = "error"
) -> Kept | None:
    """The predictions of the ids in ``keep`` (the gold's) from a file
    ``{id: text}`` (some values may be ``null``, or anything else that is
    not a string: kept as they are) read in parts
    (:func:`~answermatch.sources.kept_entries` of
    :func:`~answermatch.sources.string_object_parts`), counting the others;
    ``None`` where the predictions are read whole: no ``keep``, an object
    or a JSON Lines file, or a file that
    :func:`~answermatch.sources.kept_entries` leaves whole (small, another
    shape). A key given again warns through ``diag`` as read whole
    (without ``diag``, such a file is read whole); where a key given again
    holds a ``null`` (or another value that is not a string) too, the
    parts are read once more for the last value of each repeated key,
    which decides what those values are
    (:class:`~answermatch.sources.NullsSeen`). A part holding a ``data``
    list (a gold file?) or a ``prediction_text`` (a row?) is read whole.

    ``bom``, as for :func:`load`: a file that starts with a UTF-8 byte
    order mark is read in parts after it (``"skip"``, ``"json"``), or left
    to :func:`load` (``"error"``), which refuses it without holding it."""
    if keep is None or not is_path(source) or is_jsonl(source_name(source)):
        return None
    if bom == "error" and sources.starts_with_bom(source):
        return None
    seen = sources.NullsSeen(keep)
    readings = 0

    def parts(path: Any) -> Iterator[dict[str, str] | None]:
        nonlocal readings
        readings += 1
        # a part holding "prediction_text" may be one row {"id", "prediction_text"}
        found = map(not_a_row, sources.string_object_parts(path, odd=True))
        return map(seen.note, found) if readings == 1 else found  # a second reading: known

    kept = kept_entries(source, parts, keep, repeats=diag is not None)
    if kept is None:
        return None
    if kept.repeated and seen.count:  # the last value of each repeated key decides
        seen = sources.NullsSeen(keep, kept.repeated)
        try:
            deque(map(seen.note, parts(source)), maxlen=0)
        except (sources.NotFlat, InputError):  # not as read before: read whole
            return None
    seen.done()
    if kept.repeated:
        diag.warn_each(duplicate_key_message, kept.repeated, path=source_name(source))  # type: ignore[union-attr]
    return Kept(
        kept.entries,  # type: ignore[arg-type]
        dropped=kept.others,
        dropped_ids=kept.examples,
        nulls=seen.count,
        null_ids=seen.first,
        dropped_by_type=(seen.other_texts + seen.other_nulls)[:3],
        null_values=seen.first_values,
    )


def dropped(predictions: Mapping[Any, Any]) -> tuple[int, list[str]]:
    """How many predictions of ids outside the gold a file read in parts
    dropped (a :class:`Kept`), and the first three of those ids; ``(0,
    [])`` for predictions read whole (their other ids are still in them).

    >>> dropped({"q1": "Oslo"}), dropped(Kept({}, dropped=5, dropped_ids=["x1", "x2", "x3"]))
    ((0, []), (5, ['x1', 'x2', 'x3']))
    """
    if isinstance(predictions, Kept):
        return predictions.dropped, predictions.dropped_ids
    return 0, []


def not_a_row(part: dict[str, str]) -> dict[str, str] | None:
    """A part of a file ``{id: text}`` as it is; ``None`` where it may be a
    row ``{"id", "prediction_text"}`` (read whole, as a row) or a gold
    file's ``data`` list (read whole: :func:`refuse_gold_as_predictions`)."""
    if "prediction_text" in part or type(part.get("data")) is list:
        return None
    return part


def string_ids(ids: Iterable[Any]) -> set[str] | None:
    """``ids`` as a set where they are all strings (what a file ``{id:
    text}`` can hold), else ``None``: a gold id of another type is compared
    as it is, and the whole file is read to name the prediction that
    differs only in type."""
    keep = set(ids)
    return keep if set(map(type, keep)) <= {str} else None


def _key(value: Any) -> Any:
    return value if hashable(value) else repr(value)


def _keys(ids: Sequence[Any]) -> Sequence[Any]:
    """``ids`` as dict keys (:func:`_key` of each); themselves when they
    are all strings (what is known without a Python call per id)."""
    return ids if set(map(type, ids)) <= {str} else [_key(k) for k in ids]


def warn_coverage(
    ids: Sequence[Any], predictions: Mapping[Any, Any], diag: Diagnostics, path: str, rule: str
) -> None:
    """Warn about gold ids without a prediction (``rule`` says what becomes
    of them) and about predictions of ids not in the gold (ignored)."""
    keyed = _keys(ids)
    missing = [k for k, key in zip(ids, keyed, strict=True) if key not in predictions]
    if missing:
        keys = {k for k in predictions if isinstance(k, str)}
        typed = [k for k in missing if not isinstance(k, str) and str(k) in keys]
        hint = (
            f" (the gold's id {typed[0]!r} is not a string and the prediction's key is the "
            f"string {str(typed[0])!r}: the script compares them as they are, unequal)"
            if typed
            else ""
        )
        diag.warn(
            f"{len(missing)} of {len(ids)} question(s) have no prediction "
            f"({format_examples(map(str, missing))}){hint}; {rule}",
            path=path,
        )
    extra: list[Any] = []
    if not isinstance(predictions, Kept):  # a Kept holds gold ids alone (the others dropped)
        known = set(keyed)
        extra = [k for k in predictions if k not in known]
    others, other_ids = dropped(predictions)
    count = len(extra) + others
    if count:
        shown = [*other_ids, *extra[:3]]
        diag.warn(
            f"{count} prediction id(s) are not in the gold "
            f"({format_examples(map(str, shown), total=count)}); ignored, as in the official "
            "script",
            path=path,
            extra=True,
        )


def warn_repeated_ids(
    gold: SquadFile, ids: Sequence[Any], diag: Diagnostics, rule: str, line: bool = False
) -> None:
    """Warn once about the ids of ``gold`` that appear more than once
    (``rule`` says how they are scored; ``line``: name the first one's line)."""
    keyed = _keys(ids)
    if len(set(keyed)) == len(keyed):
        return
    seen: set[Any] = set()
    repeated = [k for k, key in enumerate(keyed) if key in seen or seen.add(key)]  # type: ignore[func-returns-value]
    if repeated:
        diag.warn(
            f"{len(repeated)} question id(s) appear more than once "
            f"({format_examples([str(ids[k]) for k in repeated])}); {rule}",
            path=gold.name,
            line=gold.line(repeated[0]) if line else None,
        )
