"""Reading gold and prediction inputs: paths (plain or ``.gz``) or loaded objects.

Every reader turns a parse failure into an :class:`~answermatch.errors.InputError`
that names the file and the line.

>>> import json, tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "gold.jsonl").write_text('{"id": "1"}\\n\\n{"id": 2', encoding="utf-8")
>>> read_jsonl(d / "gold.jsonl")
Traceback (most recent call last):
...
answermatch.errors.InputError: .../gold.jsonl:3: not valid JSON (Expecting ',' delimiter ...)
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from functools import cache
from itertools import compress, count, repeat
from operator import eq, itemgetter, ne
from typing import Any, TypeAlias

from .diagnostics import Diagnostics
from .errors import InputError

try:  # the optional decoder (the ``fast`` extra); without it, json alone
    from msgspec.json import decode as _fast_decode
except ImportError:
    _fast_decode = None

PathLike: TypeAlias = str | os.PathLike[str]


def is_path(source: object) -> bool:
    """True when ``source`` names a file (a ``str`` or ``os.PathLike``)."""
    return isinstance(source, (str, os.PathLike))


def source_name(source: object) -> str:
    """The name used in messages: the path, or ``<object>`` for loaded data."""
    return os.fspath(source) if is_path(source) else "<object>"  # type: ignore[arg-type]


#: A ``.gz`` input may inflate to this many times its size (text compresses
#: 3-10 times, highly repetitive files a few hundred times), but always to
#: at least :data:`GZIP_FLOOR` bytes; more is refused as a decompression bomb.
GZIP_RATIO = 1000
GZIP_FLOOR = 256 << 20


#: The largest input answermatch reads: 4 GiB (a file, a pipe, or a ``.gz``
#: file's inflated bytes). A larger one is refused with an :class:`InputError`
#: before it fills the memory, and so is a device (``/dev/zero`` never ends).
MAX_INPUT_BYTES = 4 << 30
#: Inputs are read in pieces of this size; a file of more than
#: :data:`PROGRESS_BYTES` draws a progress bar while it is read, when the run
#: shows progress (:data:`reading_progress`).
CHUNK_BYTES = 16 << 20
PROGRESS_BYTES = 64 << 20
#: Whether reading a large input draws a progress bar (set by
#: :func:`answermatch.evaluate` with ``progress=True``, the command line's
#: default).
reading_progress: ContextVar[bool] = ContextVar("reading_progress", default=False)


def read_bytes(path: PathLike) -> bytes:
    """The file's bytes, gunzipped when the name ends in ``.gz`` (at most
    ``GZIP_RATIO`` times the compressed size, and at least ``GZIP_FLOOR``
    bytes, are inflated: more is an :class:`InputError`). A file larger than
    :data:`MAX_INPUT_BYTES`, or a device, is an :class:`InputError`; a pipe
    is read up to that limit."""
    try:
        if os.path.splitext(os.fspath(path))[1] == ".gz":
            return _gunzip(path)
        with open(path, "rb") as fh:
            mode = os.fstat(fh.fileno())
            if stat.S_ISCHR(mode.st_mode) or stat.S_ISBLK(mode.st_mode):
                raise InputError(
                    "is a device, not a file (a device such as /dev/zero may never end)",
                    path=path,
                )
            if not stat.S_ISREG(mode.st_mode):  # a pipe: read it piece by piece, up to the limit
                return _read_pieces(fh, path, None)
            if mode.st_size > MAX_INPUT_BYTES:
                raise InputError(_too_large(mode.st_size), path=path)
            if mode.st_size > PROGRESS_BYTES and reading_progress.get():
                return _read_pieces(fh, path, mode.st_size)
            return fh.read()
    except FileNotFoundError:
        raise InputError("no such file", path=path) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a file", path=path) from None
    except (OSError, EOFError) as exc:  # gzip.BadGzipFile is an OSError
        raise InputError(f"cannot read file ({exc})", path=path) from None


def _too_large(size: int | str) -> str:
    size = f"{size:,} bytes" if isinstance(size, int) else size
    return (
        f"{size}: more than the {MAX_INPUT_BYTES:,} bytes answermatch reads from one input "
        "(answermatch.sources.MAX_INPUT_BYTES); split it into parts and score them with "
        "answermatch.Scorer"
    )


def _read_pieces(fh: Any, path: PathLike, size: int | None) -> bytes:
    """The rest of ``fh`` in :data:`CHUNK_BYTES` pieces, with a progress bar
    when ``size`` is known and the run shows progress; more than
    :data:`MAX_INPUT_BYTES` is an :class:`InputError`."""
    from .progress import progress

    pieces: list[bytes] = []
    total = 0
    steps = None if size is None else -(-size // CHUNK_BYTES)
    name = os.path.basename(os.fspath(path))
    reads = iter(lambda: fh.read(CHUNK_BYTES), b"")
    for piece in progress(reads, total=steps, desc=f"reading {name}", enabled=size is not None):
        total += len(piece)
        if total > MAX_INPUT_BYTES:
            raise InputError(_too_large("it goes on"), path=path)
        pieces.append(piece)
    data = b"".join(pieces)
    pieces.clear()
    return data


def _gunzip(path: PathLike) -> bytes:
    import gzip  # only for .gz files

    limit = max(GZIP_FLOOR, GZIP_RATIO * os.stat(path).st_size)
    chunks: list[bytes] = []
    total = 0
    with gzip.open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            total += len(chunk)
            if total > MAX_INPUT_BYTES:
                raise InputError(_too_large("it inflates to more"), path=path)
            if total > limit:
                raise InputError(
                    f"inflates to more than {limit:,} bytes ({GZIP_RATIO} times its size): "
                    "refused as a decompression bomb; decompress it yourself if it is genuine",
                    path=path,
                )
            chunks.append(chunk)
    return b"".join(chunks)


def decode_utf8(
    data: bytes, path: PathLike, *, diag: Diagnostics | None = None, replace: bool = False
) -> str:
    """Decode UTF-8, naming the line of the first invalid byte.

    With ``replace=True`` invalid bytes become U+FFFD and ``diag`` warns
    (what lenient official scorers do); otherwise they are an error.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        message = f"invalid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        if not replace:
            raise InputError(message + "; expected UTF-8 text", path=path, line=line) from None
        if diag is not None:
            diag.warn(
                message + "; replaced by U+FFFD as the official scorer does", path=path, line=line
            )
        return data.decode("utf-8", errors="replace")


def read_text(path: PathLike, *, diag: Diagnostics | None = None, replace: bool = False) -> str:
    """The file's text (UTF-8; ``.gz`` is decompressed)."""
    return decode_utf8(read_bytes(path), path, diag=diag, replace=replace)


#: What :func:`fast_json` gives for bytes it leaves to ``json``.
LEFT_TO_JSON: Any = object()

# a key's closing quote, whitespace and its colon: what ``b'":'`` does not count
_SPACED_KEY_END = re.compile(rb'"[ \t\n\r]+:')


def fast_json(data: bytes, *, keys_checked: bool = False) -> Any:
    """``data``'s JSON value exactly as ``json.loads(data.decode())`` gives
    it, decoded by msgspec where it is installed (the ``fast`` extra: about
    twice ``json``'s speed, fewer objects for the garbage collector); else
    :data:`LEFT_TO_JSON`, as for any file msgspec refuses (invalid JSON or
    UTF-8, a byte order mark, NaN, numbers out of a double's range, lone
    surrogates, nesting past its limit), so that the ``json`` path reads
    it with its own result, errors and warnings. ``keys_checked``: the
    caller warns about a key repeated in an object, which only ``json``'s
    hook sees; a file is then taken only when no key can repeat in it
    (every ``"...":`` is a key of the decoded value; else it is left to
    ``json``).

    >>> from answermatch.sources import LEFT_TO_JSON, fast_json
    >>> value = fast_json(b'{"q1": "Paris", "q2": 1.5}')
    >>> value in ({"q1": "Paris", "q2": 1.5}, LEFT_TO_JSON)  # LEFT_TO_JSON without msgspec
    True
    >>> fast_json(b'{"q1": "a", "q1": "b"}', keys_checked=True) is LEFT_TO_JSON
    True
    """
    if _fast_decode is None:
        return LEFT_TO_JSON
    try:
        value = _fast_decode(data)
    except Exception:
        return LEFT_TO_JSON
    if keys_checked and (
        _SPACED_KEY_END.search(data) is not None or data.count(b'":') != _key_count(value)
    ):
        return LEFT_TO_JSON
    return value


def fast_typed_json(data: bytes, schema: Callable[[], type]) -> Any:
    """``data`` decoded by msgspec into the type ``schema()`` builds (msgspec
    structs, defined where msgspec is installed), or :data:`LEFT_TO_JSON`
    where msgspec is not installed or the data is not exactly of that type
    (then a reader takes the :func:`fast_json` or ``json`` path). A reader
    whose type names every key the data may hold (structs that forbid
    unknown fields, values typed ``Any``) gets every value decoded as
    :func:`fast_json` would, without the objects it does not keep.

    >>> from answermatch.sources import LEFT_TO_JSON, fast_typed_json
    >>> fast_typed_json(b"[1, 2]", lambda: list[int]) in ([1, 2], LEFT_TO_JSON)
    True
    """
    if _fast_decode is None:
        return LEFT_TO_JSON
    try:
        return _typed_decoder(schema).decode(data)
    except Exception:
        return LEFT_TO_JSON


@cache
def _typed_decoder(schema: Callable[[], type]) -> Any:
    from msgspec.json import Decoder

    return Decoder(schema())


_CONTAINERS = frozenset({dict, list})


def _key_count(value: Any) -> int:
    """The number of keys of every object in a decoded JSON value."""
    count = 0
    stack = [value]
    pop, push = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            count += len(item)
            if not _CONTAINERS.isdisjoint(map(type, item.values())):
                push(item.values())  # else no value holds a key: none is walked
        elif kind is list:
            push(item)
    return count


def json_error(exc: json.JSONDecodeError) -> str:
    """What a JSON decoding error says in a message (an empty file said so).

    >>> json_error(json.JSONDecodeError("Expecting value", " \\n", 2))
    'empty: no JSON in it'
    >>> json_error(json.JSONDecodeError("Unterminated string starting at", '{"a', 1))
    'not valid JSON (Unterminated string starting at column 2)'
    """
    if not exc.doc.strip():
        return "empty: no JSON in it"
    where = "column" if exc.msg.endswith(" at") else "at column"  # "starting at", "character at"
    return f"not valid JSON ({exc.msg} {where} {exc.colno})"


def json_limit_message(exc: BaseException) -> str:
    """The message for JSON that Python's decoder cannot hold: nesting deeper
    than the interpreter's recursion limit (``RecursionError``), or an
    integer longer than its digit limit (``sys.get_int_max_str_digits``).

    >>> json_limit_message(RecursionError())
    'JSON nested too deeply to read'
    """
    if isinstance(exc, RecursionError):
        return "JSON nested too deeply to read"
    limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
    return (
        f"not valid JSON (a number of more than {limit:,} digits, which Python's JSON reader "
        "refuses)"
    )


def duplicate_key_hook(path: str, diag: Diagnostics | None, line: int | None = None):
    """A ``json`` object hook that keeps the last value of a repeated key (as
    ``json`` does) and warns about it through ``diag``."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs) and diag is not None:
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    diag.warn(
                        f"duplicate key {key!r} in a JSON object (the last value wins, "
                        "as in the official scorer)",
                        path=path,
                        line=line,
                    )
                seen.add(key)
        return obj

    return hook


def load_json(source: PathLike, *, diag: Diagnostics | None = None) -> Any:
    """Parse a whole JSON file; duplicate keys warn through ``diag``."""
    data = read_bytes(source)
    value = fast_json(data, keys_checked=True)
    if value is not LEFT_TO_JSON:
        return value
    return parse_json(decode_utf8(data, source), os.fspath(source), diag=diag)


def parse_json(text: str, name: str, *, diag: Diagnostics | None = None) -> Any:
    """Parse a whole JSON ``text`` read from ``name``: errors are
    :class:`InputError` naming the line, JSON past Python's limits included,
    and duplicate keys warn through ``diag`` (the last value wins)."""
    try:
        return json.loads(text, object_pairs_hook=duplicate_key_hook(name, diag))
    except json.JSONDecodeError as exc:
        raise InputError(json_error(exc), path=name, line=exc.lineno) from None
    except (RecursionError, ValueError) as exc:
        raise InputError(json_limit_message(exc), path=name) from None


def read_jsonl(source: PathLike, *, diag: Diagnostics | None = None) -> list[tuple[int, Any]]:
    """``(line_number, object)`` for each non-blank line of a JSON-lines file.

    Duplicate keys (the last value wins, as with Python's ``json``) warn
    through ``diag`` with their line. See :func:`jsonl_columns`, which does
    the work.
    """
    numbers, objects = jsonl_columns(read_text(source), os.fspath(source), diag=diag)
    return list(zip(numbers, objects, strict=True))


def jsonl_columns(
    text: str, name: str, *, diag: Diagnostics | None = None
) -> tuple[Sequence[int], list[Any]]:
    """The 1-based line numbers of the non-blank lines of a JSON-lines file's
    ``text``, and the object on each (``name`` is the file named in messages).

    The lines are decoded in one pass; a line with surrounding whitespace, or
    a file with an error, takes the line-by-line path, which strips each line
    and names the line of the first error. A line is decoded a second time,
    with the duplicate-key check, only when it holds more colons than its
    object has keys (a colon in a value, a nested object, or a repeated key).
    """
    lines = text.split("\n")
    if lines[-1] == "":  # the final newline (or an empty file)
        lines.pop()
    numbers: Sequence[int] = range(1, len(lines) + 1)
    if "" in lines or any(map(str.isspace, lines)):
        numbers = [n for n, line in zip(numbers, lines, strict=True) if line and not line.isspace()]
        lines = [lines[n - 1] for n in numbers]
    objects = _decode_all(lines)
    if objects is None:  # whitespace around a line, or an error somewhere
        lines = [line.strip() for line in lines]
        objects = _decode_each(lines, numbers, name)
    if diag is not None:
        if set(map(type, objects)) == {dict}:
            keys: Iterable[int] = map(len, objects)
        else:
            keys = (len(obj) if type(obj) is dict else 0 for obj in objects)
        colons = map(str.count, lines, repeat(":"))
        for index in compress(count(), map(ne, colons, keys)):
            hook = duplicate_key_hook(name, diag, numbers[index])
            json.loads(lines[index], object_pairs_hook=hook)
    return numbers, objects


_DECODER = json.JSONDecoder()


def _decode_all(lines: list[str]) -> list[Any] | None:
    """Every line decoded as exactly one JSON value, or ``None``."""
    try:
        parsed = list(map(_DECODER.raw_decode, lines))
    except (RecursionError, ValueError):  # JSONDecodeError is a ValueError
        return None
    if not all(map(eq, map(itemgetter(1), parsed), map(len, lines))):
        return None
    return list(map(itemgetter(0), parsed))


def _decode_each(lines: list[str], numbers: Sequence[int], name: str) -> list[Any]:
    """Every line decoded on its own; the first error names its line."""
    objects = []
    for number, line in zip(numbers, lines, strict=True):
        try:
            objects.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InputError(json_error(exc), path=name, line=number) from None
        except (RecursionError, ValueError) as exc:
            raise InputError(json_limit_message(exc), path=name, line=number) from None
    return objects
