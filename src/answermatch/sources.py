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

import codecs
import json
import os
import re
import stat
import sys
from array import array
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from itertools import chain, compress, count, islice, repeat
from operator import countOf, eq, itemgetter, ne
from typing import Any, NamedTuple, TypeAlias

from .diagnostics import Deferred, Diagnostics
from .errors import InputError
from .items import TextColumn

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


def swap_checkable(gold: object, predictions: object) -> bool:
    """Whether ``gold`` and ``predictions`` may be read the other way round
    to tell a swap: both regular files (a pipe's bytes are gone once read),
    ``predictions`` of at most :data:`SWAP_CHECK_BYTES` on disk (a
    sixteenth of it gzipped).

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> gold, pred = folder / "gold.json", folder / "pred.json"
    >>> _ = gold.write_text("{}"), pred.write_text("{}")
    >>> swap_checkable(str(gold), pred), swap_checkable(str(gold), {"1": "a"})
    (True, False)
    """
    if not (is_path(gold) and is_path(predictions)):
        return False
    if not (os.path.isfile(gold) and os.path.isfile(predictions)):  # type: ignore[arg-type]
        return False
    limit = SWAP_CHECK_BYTES
    if os.path.splitext(os.fspath(predictions))[1] == ".gz":  # type: ignore[arg-type]
        limit //= 16
    return os.path.getsize(predictions) <= limit  # type: ignore[arg-type]


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
#: shows progress (:data:`reading_progress`). (A larger read's buffer, once
#: freed, has glibc keep blocks of up to its size in the heap for the rest
#: of the run: 16 MiB pieces left a pipe's reading 0.6 times its size more
#: resident than the file's.)
CHUNK_BYTES = 1 << 20
PROGRESS_BYTES = 64 << 20
#: :func:`string_object_parts` decodes a file in parts of about this size
#: (its Python objects take several times its bytes).
PART_BYTES = 1 << 20
#: :func:`kept_string_entries` reads a file of fewer than this many parts
#: whole (a file of 50,000 short predictions reads about 5% faster whole)
PARTS_FROM = 4
#: A line (:func:`jsonl_parts`) or a part (:func:`string_object_parts`)
#: of at least this many bytes is decoded piece by piece, each piece's
#: bytes let go as its text is made (:func:`_decoded_pieces`): one long
#: answer's bytes and text are not held whole at once.
LONG_BYTES = PARTS_FROM * PART_BYTES
#: The command line's check for swapped files reads the file given as
#: predictions as a gold, which a gold reader may hold whole at several
#: times its size: it is made only when that file has at most this many
#: bytes (:func:`swap_checkable`; a sixteenth of it for a ``.gz`` file,
#: whose inflated size is not known before it is read). Gold files are
#: rarely larger; a large predictions file that fails is not read again.
SWAP_CHECK_BYTES = 16 << 20
#: Whether reading a large input draws a progress bar (set by
#: :func:`answermatch.evaluate` with ``progress=True``, the command line's
#: default).
reading_progress: ContextVar[bool] = ContextVar("reading_progress", default=False)
#: A deflate stream inflates to at most about this many times its size
#: (1032: a run of one byte); a smaller ``.gz`` file's inflated size is not
#: counted before it is read (:func:`_inflated_size`).
_DEFLATE_MOST = 1032


class InputTooLarge(InputError):
    """An input beyond :data:`MAX_INPUT_BYTES`, or a ``.gz`` file refused as
    a decompression bomb: not something wrong inside the file, but a file
    no command reads (``check-gold`` refuses it as ``score`` does, rather
    than reporting it as a finding)."""


#: What :func:`holding` holds for the run: the copy of each pipe read
#: (:class:`_Spool`, or the error its reading gave), by name, and the
#: counted inflated size of each large ``.gz`` file.
_held: ContextVar[dict[Any, Any] | None] = ContextVar("_held", default=None)


@contextmanager
def holding() -> Iterator[None]:
    """Within the block, a pipe or FIFO (``--pred <(zcat run.json.gz)``,
    ``/dev/stdin``) is read once, copied into an anonymous temporary file
    (:class:`_Spool`: it has no name, so nothing is left behind, whatever
    ends the run) kept open until the block ends, and every later reading
    of the same name reads that copy as it reads a regular file: the part
    readers (:func:`file_pieces`), then, where they give up, the whole
    reading for its value or error (:func:`read_bytes`). A pipe's reading
    that failed (past :data:`MAX_INPUT_BYTES`) fails again with the same
    error. The inflated size of a ``.gz`` file counted before it is read
    is counted once. Outside the block a pipe is read by the whole reading
    alone (it cannot be read twice). :func:`answermatch.evaluate` and the
    command line read their inputs within one; an inner block is the outer
    one.

    >>> import os, threading
    >>> read, write = os.pipe()
    >>> writer = threading.Thread(target=lambda: (os.write(write, b'{"q1": "a"}'), os.close(write)))
    >>> writer.start()
    >>> with holding():
    ...     first = read_bytes(f"/dev/fd/{read}")
    ...     again = b"".join(file_pieces(f"/dev/fd/{read}"))
    >>> writer.join(); os.close(read)
    >>> bytes(first), again
    (b'{"q1": "a"}', b'{"q1": "a"}')
    """
    if _held.get() is not None:
        yield
        return
    held: dict[Any, Any] = {}
    token = _held.set(held)
    try:
        yield
    finally:
        _held.reset(token)
        for found in held.values():
            if isinstance(found, _Spool):
                found.close()


class _Spool:
    """The bytes of a pipe, read once: copied into an anonymous temporary
    file (``tempfile.TemporaryFile``: unlinked at once, or never named),
    so that they are read again in parts as a regular file's are, not held
    in memory for the run; held in a ``bytearray`` instead where no
    temporary file can be made or written (a full or read-only temporary
    folder). :meth:`read` takes any range, from any thread."""

    def __init__(self, fh: Any, path: PathLike) -> None:
        """Read the rest of ``fh`` (the pipe ``path``) in
        :data:`CHUNK_BYTES` pieces, with a progress bar of the megabytes
        read when the run shows progress (its length is not known, and it
        may be slow to come); more than :data:`MAX_INPUT_BYTES` is an
        :class:`InputTooLarge`, raised once at most one piece past the
        limit has been read, the copy already closed or freed."""
        import tempfile
        import threading

        from .progress import progress

        self._lock = threading.Lock()
        self.size = 0
        self._memory: bytearray | None = None
        try:
            self._file: Any = tempfile.TemporaryFile(buffering=0)  # noqa: SIM115 (closed by close)
        except OSError:  # no temporary file: the bytes held in memory, as they were
            self._file, self._memory = None, bytearray()
        reads = iter(lambda: fh.read(CHUNK_BYTES), b"")
        shown = progress(
            reads, total=None, desc=_reading_desc(path), enabled=reading_progress.get(), size=len
        )
        try:
            for piece in shown:
                if self.size + len(piece) > MAX_INPUT_BYTES:
                    del piece
                    raise InputTooLarge(_too_large("it goes on"), path=path)
                self._add(piece)
                del piece
        except BaseException:
            self.close()
            raise

    def _add(self, piece: bytes) -> None:
        done = 0  # the bytes of the piece written
        while self._file is not None and done < len(piece):
            try:
                written = self._file.write(piece[done:] if done else piece)
            except OSError:  # the bytes so far, then the rest, held in memory
                self._memory = bytearray(self.read(0, self.size))
                self._file.close()
                self._file = None
                break
            done += written
            self.size += written
        if self._memory is not None:
            self._memory += piece[done:] if done else piece
            self.size += len(piece) - done

    def __len__(self) -> int:
        return self.size

    def read(self, start: int, count: int) -> bytes:
        """The ``count`` bytes from ``start`` (fewer at the end)."""
        if self._memory is not None:
            with memoryview(self._memory) as view:  # (a view held would keep it from growing)
                return bytes(view[start : start + count])
        with self._lock:
            self._file.seek(start)
            chunks = []
            while count > 0 and (chunk := self._file.read(min(count, CHUNK_BYTES))):
                chunks.append(chunk)
                count -= len(chunk)
            return b"".join(chunks)

    def close(self) -> None:
        """Let the copy go (the temporary file closed: its space freed)."""
        if self._file is not None:
            self._file.close()
        self._memory = None


def _held_pipe(path: PathLike) -> _Spool | None:
    """The bytes of the pipe or FIFO that ``path`` names, read once (at
    most :data:`MAX_INPUT_BYTES`) into a :class:`_Spool` held while
    :func:`holding` (the error of that reading again where it failed);
    ``None`` for anything else (a regular file, a device, no file, a name
    ending in ``.gz``, or outside :func:`holding`), which is read as
    before."""
    held = _held.get()
    if held is None:
        return None
    name = os.fspath(path)
    if name in held:
        found = held[name]
        if isinstance(found, InputError):
            raise found.with_traceback(None)
        return found  # type: ignore[no-any-return]
    if os.path.splitext(name)[1] == ".gz":
        return None
    try:
        if not stat.S_ISFIFO(os.stat(name).st_mode):
            return None
    except (OSError, ValueError):
        return None
    try:
        with _reading(path), open(path, "rb") as fh:
            held[name] = _Spool(fh, path)
    except InputError as exc:
        held[name] = exc.with_traceback(None)
        raise
    return held[name]  # type: ignore[no-any-return]


def _stored_size(source: PathLike) -> int:
    """The bytes of a regular file on disk (compressed, for a ``.gz``
    file), or of a pipe held by :func:`holding` (read now, if it was not)."""
    held = _held_pipe(source)
    return os.stat(source).st_size if held is None else held.size


def read_bytes(path: PathLike) -> bytes:
    """The file's bytes, gunzipped when the name ends in ``.gz`` (at most
    ``GZIP_RATIO`` times the compressed size, and at least ``GZIP_FLOOR``
    bytes, are inflated: more is an :class:`InputTooLarge`, given before
    the inflated bytes are held: :func:`_inflated_size`). A file larger
    than :data:`MAX_INPUT_BYTES` is an :class:`InputTooLarge`, a device
    an :class:`InputError`; a pipe is read up to that limit, into one
    growing buffer (a ``bytearray``, returned as it is, so that its bytes
    are held once: every reader takes it as it takes ``bytes``), and
    refused once it passes the limit; within :func:`holding` it is read
    once into a temporary file (:class:`_Spool`), whose bytes a later
    reading of the same pipe reads again."""
    with _reading(path):
        held = _held_pipe(path)
        if held is not None:
            return held.read(0, held.size)
        if os.path.splitext(os.fspath(path))[1] == ".gz":
            return _gunzip(path)
        with open(path, "rb") as fh:
            size = _regular_size(fh, path)
            if size is None:  # a pipe: read it piece by piece, up to the limit
                return _read_pieces(fh, path, None)
            if size > PROGRESS_BYTES and reading_progress.get():
                return _read_pieces(fh, path, size)
            return fh.read()


@contextmanager
def _reading(path: PathLike) -> Iterator[None]:
    """Errors of opening and reading ``path`` as :class:`InputError`."""
    name = os.fspath(path)
    if ("\x00" if isinstance(name, str) else b"\x00") in name:
        # open() would raise a bare ValueError ("embedded null byte")
        raise InputError("a file name cannot contain a NUL character", path=path)
    try:
        yield
    except FileNotFoundError:
        raise InputError("no such file", path=path) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a file", path=path) from None
    except (OSError, EOFError) as exc:  # gzip.BadGzipFile is an OSError
        raise InputError(f"cannot read file ({exc})", path=path) from None


def _regular_size(fh: Any, path: PathLike) -> int | None:
    """The size of the open file ``fh``, ``None`` for a pipe; a device, or a
    file over :data:`MAX_INPUT_BYTES`, is an :class:`InputError`."""
    mode = os.fstat(fh.fileno())
    if stat.S_ISCHR(mode.st_mode) or stat.S_ISBLK(mode.st_mode):
        raise InputError(_DEVICE, path=path)
    if not stat.S_ISREG(mode.st_mode):
        return None
    if mode.st_size > MAX_INPUT_BYTES:
        raise InputTooLarge(_too_large(mode.st_size), path=path)
    return mode.st_size


def not_a_file(path: PathLike) -> str | None:
    """Why ``path`` names nothing a reader reads, as the reading says it
    (no file, a directory, a device such as ``/dev/zero``, which may never
    end); ``None`` for a regular file or a pipe.

    >>> not_a_file("/nowhere/gold.json"), not_a_file("/")
    ('no such file', 'is a directory, expected a file')
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except (OSError, ValueError):
        return None  # the reading names the problem
    if stat.S_ISDIR(mode):
        return "is a directory, expected a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _DEVICE
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode):
        return None
    return "not a file"


_DEVICE = "is a device, not a file (a device such as /dev/zero may never end)"


def _too_large(size: int | str) -> str:
    size = f"{size:,} bytes" if isinstance(size, int) else size
    return (
        f"{size}: more than the {MAX_INPUT_BYTES:,} bytes answermatch reads from one input "
        "(answermatch.sources.MAX_INPUT_BYTES); split it into parts and score them with "
        "answermatch.Scorer"
    )


def _read_pieces(fh: Any, path: PathLike, size: int | None) -> bytes:
    """The rest of ``fh`` read in :data:`CHUNK_BYTES` pieces into one buffer
    (no list of pieces joined at the end: the bytes are held once), with a
    progress bar of the megabytes read: out of ``size`` bytes, or, for a
    pipe (``size`` ``None``, its length unknown: it may be slow to come),
    alone, when the run shows progress; more than
    :data:`MAX_INPUT_BYTES` is an :class:`InputTooLarge`, raised once at
    most one piece past the limit has been read, with the buffer already
    freed (an error's traceback keeps this frame alive)."""
    from .progress import progress

    buffer = bytearray()
    reads = iter(lambda: fh.read(CHUNK_BYTES), b"")
    enabled = size is not None or reading_progress.get()
    shown = progress(reads, total=size, desc=_reading_desc(path), enabled=enabled, size=len)
    for piece in shown:
        if len(buffer) + len(piece) > MAX_INPUT_BYTES:
            del buffer, piece
            raise InputTooLarge(_too_large("it goes on"), path=path)
        buffer += piece
        del piece
    return buffer  # type: ignore[return-value]  # bytes-like, held once (see read_bytes)


def _reading_desc(path: PathLike) -> str:
    """The label of the bar drawn while ``path`` is read: ``reading``
    and the file's name; ``<stdin>`` for standard input, and the whole
    path for another pipe of ``/dev`` or ``/proc`` (whose name alone, such
    as ``63`` of ``/dev/fd/63``, says nothing).

    >>> _reading_desc("runs/pred.json"), _reading_desc("/dev/stdin"), _reading_desc("/dev/fd/63")
    ('reading pred.json', 'reading <stdin>', 'reading /dev/fd/63')
    """
    name = os.fsdecode(path)
    if name in ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"):
        return "reading <stdin>"
    if name.startswith(("/dev/", "/proc/")):
        return f"reading {name}"
    return f"reading {os.path.basename(name)}"


def _gunzip(path: PathLike) -> bytes:
    return b"".join(_gunzip_pieces(path))


def _gunzip_pieces(path: PathLike, size: int = 1 << 20) -> Iterator[bytes]:
    """The inflated bytes of a ``.gz`` file, ``size`` bytes at a time; more
    than :data:`MAX_INPUT_BYTES`, or than the decompression bomb's limit
    (see :func:`read_bytes`), is an :class:`InputTooLarge`, given before
    any is held where the file could inflate that far (its inflated size
    counted first: :func:`_inflated_size`). Where that size passes
    :data:`PROGRESS_BYTES`, a progress bar counts the inflated megabytes
    when the run shows progress."""
    import gzip  # only for .gz files

    from .progress import progress

    limit = max(GZIP_FLOOR, GZIP_RATIO * os.stat(path).st_size)
    inflated = _inflated_size(path, limit)
    shown = inflated is not None and inflated > PROGRESS_BYTES and reading_progress.get()
    desc = _reading_desc(path)
    total = 0
    with gzip.open(path, "rb") as fh:
        reads = iter(lambda: fh.read(size), b"")
        for chunk in progress(reads, total=inflated, desc=desc, enabled=shown, size=len):
            total += len(chunk)
            _check_inflated(total, limit, path)  # (the file may have changed since it was counted)
            yield chunk
            del chunk


def _check_inflated(total: int, limit: int, path: PathLike) -> None:
    if total > MAX_INPUT_BYTES:
        raise InputTooLarge(_too_large("it inflates to more"), path=path)
    if total > limit:
        raise InputTooLarge(
            f"inflates to more than {limit:,} bytes ({GZIP_RATIO} times its size): "
            "refused as a decompression bomb; decompress it yourself if it is genuine",
            path=path,
        )


def _inflated_size(path: PathLike, limit: int) -> int | None:
    """The inflated size of a ``.gz`` file that could inflate past
    :data:`PROGRESS_BYTES` (:data:`_DEFLATE_MOST` times its size), counted
    by inflating it once and keeping nothing (once a run within
    :func:`holding`): a file past the limits (:func:`_check_inflated`) is
    refused while it is inflated, before a reader holds its bytes (a 4.4 GB
    run of spaces in 4 MB peaked at 4 GB); ``None`` for a smaller file,
    read at once (it cannot pass a limit). An error of the
    ``gzip`` module is raised as the reading would raise it."""
    import gzip  # only for .gz files

    found = os.stat(path)
    if found.st_size * _DEFLATE_MOST <= min(PROGRESS_BYTES, limit, MAX_INPUT_BYTES):
        return None
    held = _held.get()
    key = ("inflated", os.fspath(path), found.st_ino, found.st_size, found.st_mtime_ns)
    if held is not None and key in held:
        return held[key]  # type: ignore[no-any-return]
    total = 0
    with gzip.open(path, "rb") as fh:
        while count := len(fh.read(CHUNK_BYTES)):
            total += count
            _check_inflated(total, limit, path)
    if held is not None:
        held[key] = total
    return total


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
        if not replace:
            message = invalid_utf8(data[exc.start], exc.start)
            raise InputError(message + "; expected UTF-8 text", path=path, line=line) from None
        _warn_replaced(diag, Invalid(exc.start, data[exc.start], line), path)
        return data.decode("utf-8", errors="replace")


def is_utf8(data: bytes, piece: int = 1 << 16) -> bool:
    """Whether ``data`` is valid UTF-8, decoded ``piece`` bytes at a time
    and let go: never the whole text at once (up to four times the bytes).

    >>> is_utf8("Łódź".encode() * 3, piece=3), is_utf8(b"ab\\xc5", piece=2)
    (True, False)
    """
    decode = codecs.getincrementaldecoder("utf-8")().decode
    view = memoryview(data)
    try:
        for start in range(0, len(view), piece):
            decode(view[start : start + piece])
        decode(b"", True)
    except UnicodeDecodeError:
        return False
    return True


def invalid_utf8(byte: int, offset: int) -> str:
    """What a message says of the first invalid byte of a UTF-8 file.

    >>> invalid_utf8(0xFF, 12)
    'invalid UTF-8 (byte 0xff at offset 12)'
    """
    return f"invalid UTF-8 (byte 0x{byte:02x} at offset {offset})"


def _warn_replaced(diag: Diagnostics | None, invalid: Invalid, path: PathLike) -> None:
    if diag is not None:
        diag.warn(
            invalid_utf8(invalid.byte, invalid.offset)
            + "; replaced by U+FFFD as the official scorer does",
            path=path,
            line=invalid.line,
        )


def read_text(path: PathLike, *, diag: Diagnostics | None = None, replace: bool = False) -> str:
    """The file's text (UTF-8; ``.gz`` is decompressed)."""
    return decode_utf8(read_bytes(path), path, diag=diag, replace=replace)


#: What :func:`fast_json` gives for bytes it leaves to ``json``.
LEFT_TO_JSON: Any = object()

# a key's closing quote, whitespace and its colon: what ``b'":'`` does not count
_SPACED_KEY_END = re.compile(rb'"[ \t\n\r]+:')
# a quote and a colon, the quote escaped: an odd run of backslashes before it
_ESCAPED_KEY_END = re.compile(rb'(?<!\\)(?:\\\\)*\\":')


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
    (every ``"...":`` is a key of the decoded value, or, for an object of
    strings, every string a key or its value: :func:`strings_counted`;
    else it is left to ``json``).

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
    if (
        keys_checked
        and not keys_counted(data, _key_count(value))
        and not (type(value) is dict and strings_counted(data, value))
    ):
        return LEFT_TO_JSON
    return value


def keys_counted(data: bytes, keys: int) -> bool:
    """Whether the JSON ``data``, whose decoded value holds ``keys`` keys in
    all, holds no other ``"...":`` (so no key repeated in an object, which
    a decoder keeping the last value would hide): each key's closing quote
    directly followed by its colon, and exactly ``keys`` of them.

    A ``":`` whose quote a backslash escapes is inside a string (a text
    that quotes a key, say), not a key's end.

    >>> keys_counted(b'{"a": 1, "b": {"c": 2}}', 3), keys_counted(b'{"a": 1, "a": 2}', 1)
    (True, False)
    >>> keys_counted(rb'{"a": "x \\": y", "b\\\\": 2}', 2)
    True
    """
    ends = data.count(b'":')
    if ends != keys and data.count(b'\\":'):
        ends -= sum(1 for _ in _ESCAPED_KEY_END.finditer(data))
    if ends != keys:
        return False
    if b" :" not in data and not any(map(data.__contains__, b"\t\n\r")):
        return True  # no JSON whitespace before a colon (tab, LF, CR: only outside strings)
    return _SPACED_KEY_END.search(data) is None


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


class NotFlat(Exception):
    """Raised by :func:`string_object_parts` for a file it leaves to the
    whole-file readers (which give the value, or the error, and warnings)."""


class NotJson(NotFlat):
    """Raised by :func:`jsonl_parts` at the first line that is not JSON:
    :attr:`error` is what :func:`jsonl_columns` of the whole text gives
    (which decodes every line before anything else, once the whole file is
    decoded: a caller gives it where the rest of the file is valid UTF-8,
    :func:`decodes_as_utf8`)."""

    def __init__(self, name: str, error: InputError) -> None:
        super().__init__(name)
        self.error = error


#: Bytes that JSON counts as whitespace.
_JSON_SPACE = b" \t\n\r"


def string_object_parts(
    source: PathLike, *, nulls: bool = False, odd: bool = False
) -> Iterator[dict[str, str]]:
    """The entries of a JSON file holding one object whose values are all
    strings (``{question id: answer}``; with ``nulls``, strings or
    ``null``; with ``odd``, any JSON value: a part holding one that is
    neither is decoded by ``json``, as the whole reading decodes it), as
    consecutive dicts of at most about :data:`PART_BYTES` of
    the file each, read piece by piece: a reader that keeps only some
    entries never holds the file's bytes, nor an object per entry, at once
    (:func:`file_pieces`).

    Taken together the parts are the entries ``json.load`` gives, in the
    file's order, except that a key repeated across two parts is in both
    (the caller checks: ``json`` would keep the last value and
    :func:`load_json` warn). A part in which a key repeats is a
    :class:`Part`: the last value wins, as in ``json``, and its ``order``
    lists the key of every entry, repeats included. A UTF-8 byte order
    mark at the file's start is skipped, as ``json.loads`` of the file's
    bytes skips it (a reader that refuses it says so first:
    :func:`starts_with_bom`). Anything else (another JSON value, a value
    that is not a string, invalid JSON or UTF-8) raises :class:`NotFlat`,
    possibly after some parts were given: the caller then reads the file
    whole, with that reader's own value, errors and warnings. A ``.gz``
    file is inflated piece by piece alike; a pipe is read once and held
    within :func:`holding` (else, as anything but a regular file, it
    raises :class:`NotFlat` before it is opened: it could not be read a
    second time).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pred.json"
    >>> _ = path.write_text('{"q1": "Paris", "q2": "Oulu"}', encoding="utf-8")
    >>> [part for part in string_object_parts(path)]
    [{'q1': 'Paris', 'q2': 'Oulu'}]

    A part ends at a comma between a closing and an opening quote; a comma
    inside a string that looks so (``", "``) makes that part invalid JSON,
    since the part then ends inside a string, so a part that decodes is
    always whole entries. So does a comma inside a list or an object (a
    JSON parser reads the part's bytes as it reads them in the file, and
    is then inside it): with ``odd``, such a part goes on to the next
    cut, once.
    """
    return _string_parts(_after_bom(file_pieces(source)), os.fspath(source), nulls, odd)


def file_pieces(source: PathLike, size: int | None = None) -> Iterator[bytes]:
    """The bytes of a regular file (inflated for a ``.gz`` file) in pieces
    of ``size`` bytes (by default :data:`PART_BYTES`), the last one
    shorter, read as they are asked for. A pipe or FIFO within
    :func:`holding` is read once, whole (with its progress bar), into a
    temporary file (:class:`_Spool`), whose bytes are given in the same
    pieces; anything else but a regular file (a pipe outside
    :func:`holding`, which could not be read a second time, a device...)
    raises :class:`NotFlat` before it is opened. A file over
    :data:`MAX_INPUT_BYTES` is refused as by :func:`read_bytes`; one of
    more than :data:`PROGRESS_BYTES` (inflated, for a ``.gz`` file) draws
    a progress bar when the run shows progress.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pred.json"
    >>> _ = path.write_bytes(b"{}")
    >>> list(file_pieces(path))
    [b'{}']
    """
    from .progress import progress

    name = os.fspath(source)
    step = size or PART_BYTES
    with _reading(source):
        held = _held_pipe(source)
    if held is not None:  # a pipe read once, within holding(): its copy, piece by piece
        for start in range(0, held.size, step):
            piece = held.read(start, step)
            yield piece
            del piece
        return
    try:
        regular = stat.S_ISREG(os.stat(source).st_mode)
    except (OSError, ValueError):
        regular = False
    if not regular:  # a pipe outside holding(), which could not be read again, a device...
        raise NotFlat(name)
    with _reading(source):
        if os.path.splitext(name)[1] == ".gz":
            yield from _gunzip_pieces(source, step)
            return
        with open(source, "rb") as fh:
            total = _regular_size(fh, source) or 0
            reads = iter(lambda: fh.read(step), b"")
            shown = total > PROGRESS_BYTES and reading_progress.get()
            desc = _reading_desc(source)
            yield from progress(reads, total=total, desc=desc, enabled=shown, size=len)


#: The UTF-8 byte order mark (U+FEFF encoded), which some writers put at
#: the start of a file.
UTF8_BOM = codecs.BOM_UTF8


def file_head(source: PathLike, size: int = 3) -> bytes:
    """The first ``size`` bytes of a regular file (inflated for a ``.gz``
    file: :func:`file_pieces`), fewer for a shorter file; ``b""`` for
    anything the pieces are not read from (a pipe, no file...) or that
    cannot be read (the whole reading names the problem).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pred.json"
    >>> _ = path.write_bytes(UTF8_BOM + b"{}")
    >>> file_head(path) == UTF8_BOM
    True
    """
    if os.path.splitext(os.fspath(source))[1] == ".gz":  # its first piece, not counted first
        return _gzip_head(source)[:size]
    head = b""
    try:
        pieces = file_pieces(source)
        try:
            for piece in pieces:
                head += piece[: size - len(head)]
                if len(head) >= size:
                    break
        finally:
            pieces.close()
    except (NotFlat, InputError):
        return b""
    return head


def _gzip_head(source: PathLike) -> bytes:
    """The first piece :func:`file_pieces` gives of a ``.gz`` file (read
    without counting its inflated size first), ``b""`` where it fails."""
    import gzip  # only for .gz files

    try:
        with _reading(source):
            if not stat.S_ISREG(os.stat(source).st_mode):
                return b""
            with gzip.open(source, "rb") as fh:
                return fh.read(PART_BYTES)
    except InputError:
        return b""


def starts_with_bom(source: PathLike) -> bool:
    """Whether a regular file starts with a UTF-8 byte order mark
    (:func:`file_head`): a reader that refuses the mark tells so before it
    reads the rest in parts (:func:`string_object_parts` and
    :class:`Decoded` skip or keep it)."""
    return file_head(source, len(UTF8_BOM)) == UTF8_BOM


def decodes_as_utf8(source: PathLike) -> bool:
    """Whether a regular file's bytes are valid UTF-8, decoded piece by
    piece and let go (:class:`Decoded`): a reader that refuses a file
    whose first line is wrong gives that error only where the whole
    reading, which decodes the whole file first, would not fail on an
    invalid byte further on. ``False`` for anything not read in pieces."""
    try:
        for _ in Decoded(source):
            pass
    except (NotFlat, InputError):
        return False
    return True


def bom_error(path: PathLike) -> InputError:
    """The error of Python's ``json`` for text that starts with a byte order
    mark, as a JSON or JSON Lines reader gives it for line 1 of ``path``.

    >>> print(bom_error("pred.jsonl"))
    pred.jsonl:1: not valid JSON (Unexpected UTF-8 BOM (decode using utf-8-sig) at column 1)
    """
    try:
        json.loads("\ufeff")
    except json.JSONDecodeError as exc:
        return InputError(json_error(exc), path=path, line=exc.lineno)
    raise AssertionError("json took a byte order mark")  # pragma: no cover


class Invalid(NamedTuple):
    """Where a file's UTF-8 is first invalid: the byte's offset in the file
    (in the inflated bytes of a ``.gz`` file), its value and its line."""

    offset: int
    byte: int
    line: int


class Decoded:
    """The text of a regular file decoded from UTF-8 piece by piece
    (:func:`file_pieces`; a piece may end inside a character), the pieces'
    texts together the text that decoding the whole file gives.

    ``errors``: ``"strict"`` raises :class:`NotFlat` at the first invalid
    byte (the whole reading names it); a codec error handler (``"replace"``,
    or a reader's own) decodes the rest with that handler from the first
    invalid byte on, as ``bytes.decode`` of the whole file with it does,
    and :attr:`invalid` then says where that byte was (as
    :func:`decode_utf8` names it). ``size``: the bytes of a piece
    (:func:`file_pieces`' ``size``), for a reader that keeps little of
    each piece (a piece of text may take twice or four times its bytes).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "answers.txt"
    >>> _ = path.write_bytes(b"a\\nb\\xffc\\n")
    >>> text = Decoded(path, "replace")
    >>> "".join(text), text.invalid
    ('a\\nb\\ufffdc\\n', Invalid(offset=3, byte=255, line=2))
    """

    def __init__(self, source: PathLike, errors: str = "strict", size: int | None = None) -> None:
        self.source = source
        self.errors = errors
        self.size = size
        #: the first invalid byte, once it is read (``errors`` other than strict)
        self.invalid: Invalid | None = None

    def __iter__(self) -> Iterator[str]:
        decoder = codecs.getincrementaldecoder("utf-8")()
        before = 0  # the bytes of the earlier pieces
        lines = 1  # the line the next piece starts in
        for piece in chain(file_pieces(self.source, self.size), [None]):
            final = piece is None
            data = b"" if piece is None else piece
            del piece
            try:
                text = decoder.decode(data, final)
            except UnicodeDecodeError as exc:
                if self.errors == "strict":
                    raise NotFlat(os.fspath(self.source)) from None
                held = decoder.getstate()[0]  # a character begun in the earlier pieces
                at = exc.start - len(held)  # in ``data``; negative: in ``held``
                line = lines + data.count(b"\n", 0, max(at, 0))
                self.invalid = Invalid(before + at, exc.object[exc.start], line)
                decoder = codecs.getincrementaldecoder("utf-8")(self.errors)
                decoder.setstate((held, 0))  # the rest decoded as the whole file would be
                text = decoder.decode(data, final)
            before += len(data)
            if self.invalid is None and self.errors != "strict":
                lines += data.count(b"\n")
            del data
            yield text
            del text


def line_blocks(source: PathLike) -> Iterator[bytes | bytearray]:
    """The bytes of a regular file (:func:`file_pieces`) in blocks of whole
    lines, each of about :data:`PART_BYTES` (more for a longer line) and
    ending in a newline but the last: a reader of lines never holds the
    whole file. A line of at least :data:`LONG_BYTES` comes alone, as a
    ``bytearray`` extended in place by its pieces as they are read (not
    held twice, as its pieces and their join), with its newline if it has
    one; it is the caller's (nothing else refers to it).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "gold.jsonl"
    >>> _ = path.write_bytes(b'{"id": 1}\\n{"id": 2}')
    >>> list(line_blocks(path))  # the last newline of a piece ends a block
    [b'{"id": 1}\\n', b'{"id": 2}']
    """
    for block in _line_blocks(source):
        if type(block) is bytes:
            yield block
        else:
            line = bytearray()
            for piece in block:
                line += piece
            if block.newline:  # type: ignore[union-attr]
                line += b"\n"
            held = [line]
            del line
            yield held.pop()
        del block


def text_blocks(source: PathLike) -> Iterator[tuple[str, LongStrings | None]]:
    """:func:`line_blocks` decoded as UTF-8, each with the long strings
    taken out of it (``None`` where none is): a line of at least
    :data:`LONG_BYTES` is decoded piece by piece as it is read, its bytes
    never joined nor decoded whole (CPython decodes UTF-8 that is not
    ASCII through a buffer of up to 4 bytes a character), and its strings
    of at least :data:`LONG_STRING_CHARS` characters are decoded on their
    own (:func:`_long_strings`): the text given is then the line's skeleton,
    each such string a placeholder, the :class:`LongStrings` given beside
    it what each placeholder stands for (a long answer is not held within
    the line's text, at 2 or 4 bytes a character where another of the
    line's strings is not Latin-1, beside the answer taken out of it). A
    line whose long string ``json`` would not decode on its own is given
    whole (read again), for the whole reading's value or error. Invalid
    UTF-8 raises :class:`NotFlat`.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "gold.jsonl"
    >>> _ = path.write_bytes('{"a": "東"}\\n{"b": 2}'.encode())
    >>> list(text_blocks(path))
    [('{"a": "東"}\\n', None), ('{"b": 2}', None)]
    """
    line = 1  # the number of the block's first line
    for block in _line_blocks(source):
        longs: LongStrings | None = None
        if type(block) is bytes:
            try:
                text = str(block, "utf-8")
            except UnicodeDecodeError:
                raise NotFlat(os.fspath(source)) from None
            line += block.count(b"\n")
        else:
            try:
                text, longs = _long_strings(_with_newline(block))
            except NotString:  # decoded whole, read again
                deque(block, maxlen=0)
                text = _long_line_again(source, line) + "\n" * block.newline
            except NotFlat:
                raise NotFlat(os.fspath(source)) from None
            line += block.newline
        del block
        held = [(text, longs or None)]
        del text, longs
        yield held.pop()


def _with_newline(line: _LongLine) -> Iterator[bytes]:
    """The pieces of ``line``, then its newline if it ends in one."""
    yield from line
    if line.newline:
        yield b"\n"


class _LongLine:
    """A line of at least :data:`LONG_BYTES` (:func:`_line_blocks`): its
    pieces, without its newline, read from the file as they are asked for
    (the line's bytes are not all held before its first is decoded), once;
    then :attr:`newline` says whether it ended in one, and :attr:`rest`
    holds the bytes of the last piece after it (``None`` where the file
    ends within the line)."""

    def __init__(self, pending: list[bytes], pieces: Iterator[bytes]) -> None:
        self._pending = pending  # its pieces read so far (no newline in them)
        self._pieces = pieces  # the file's next pieces
        self.newline = False
        self.rest: bytes | None = None
        self._read = self._pieces_of_line()

    def __iter__(self) -> Iterator[bytes]:
        return self._read  # (once: read again, it gives nothing more)

    def _pieces_of_line(self) -> Iterator[bytes]:
        pending, self._pending = self._pending, []
        pending.reverse()  # each let go once given
        while pending:
            yield pending.pop()
        for piece in self._pieces:
            end = piece.find(b"\n")
            if end >= 0:
                self.newline, self.rest = True, piece[end + 1 :]
                piece = piece[:end]
                yield piece
                return
            yield piece
            del piece


def _line_blocks(source: PathLike) -> Iterator[bytes | _LongLine]:
    """:func:`line_blocks`, but a line of at least :data:`LONG_BYTES` is
    given alone, as a :class:`_LongLine` of its pieces, read as the caller
    decodes them one by one (which the caller must do before it asks for
    the next block)."""
    pending: list[bytes] = []  # the bytes since the last newline
    held = 0  # their length
    pieces = iter(file_pieces(source))
    for piece in pieces:
        cut = piece.rfind(b"\n") + 1
        if not cut:
            pending.append(piece)
            held += len(piece)
            del piece
            if held < LONG_BYTES:
                continue
            long = _LongLine(pending, pieces)  # a long line: given as it is read
            pending = []
            yield long
            deque(long, maxlen=0)  # (read to its end, were it not)
            rest = long.rest
            del long
            if rest is None:  # the file ends within it
                return
            piece, cut = rest, rest.rfind(b"\n") + 1
            del rest
            if not cut:
                pending, held = [piece], len(piece)
                continue
        pending.append(piece[:cut])
        yield b"".join(pending)
        pending = [piece[cut:]]
        held = len(pending[0])
        del piece
    if any(pending):
        yield b"".join(pending)


def _decoded_pieces(pieces: list[bytes]) -> str:
    """The text of the UTF-8 bytes ``pieces`` (a piece may end inside a
    character), decoded one piece at a time, each piece let go (the list
    emptied) as its text is made: the text that decoding the joined bytes
    gives, never holding those bytes and the text whole at once. Invalid
    UTF-8 raises :class:`NotFlat`, as that decoding would fail.

    >>> pieces = [b"{\\"a\\": \\"\\xe6\\x9d", b"\\xb1\\"}"]
    >>> _decoded_pieces(pieces), pieces
    ('{"a": "東"}', [])
    >>> _decoded_pieces([b"ab\\xe6\\x9d"])
    Traceback (most recent call last):
    ...
    answermatch.sources.NotFlat
    """
    decode = codecs.getincrementaldecoder("utf-8")().decode
    texts: list[str] = []
    pieces.reverse()  # taken from the end, each let go once decoded
    try:
        while pieces:
            texts.append(decode(pieces.pop()))
        texts.append(decode(b"", True))
    except UnicodeDecodeError:
        pieces.clear()
        raise NotFlat from None
    text = "".join(texts)
    texts.clear()
    return text


#: The text of a string inside a JSON value, as written: runs of plain
#: characters and whole escapes; a ``\\u`` escape of a high surrogate
#: with the low one after it (one character), or alone only where what
#: follows shows that no low one comes (:func:`_long_strings` cuts a string
#: only after such a run, so that its parts decode each on its own).
_STRING_TEXT = re.compile(
    r"(?:[^\"\\]+"
    r"|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
    r"|\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])(?=[^\\]|[\s\S]{6})"
    r"|\\u(?![dD][89abAB])[0-9a-fA-F]{4}"
    r"|\\[^u])*"
)
#: A string of a long line at least this many characters long as written is
#: decoded on its own, part by part (:func:`_long_strings`).
LONG_STRING_CHARS = 1 << 20


class LongStrings(dict):  # type: ignore[type-arg]
    """The long strings of a JSON text, decoded, by the placeholder that
    stands for each in :func:`_long_strings`'s skeleton of the text."""

    __slots__ = ("mark",)

    def __init__(self, mark: str) -> None:
        super().__init__()
        self.mark = mark

    def put_back(self, value: Any) -> Any:
        """``value`` (the skeleton decoded) with each placeholder replaced
        by its string, in place; :class:`NotFlat` where a placeholder is a
        key, or is not found once (a later value of a repeated key)."""
        nodes = [value]
        while nodes:
            node = nodes.pop()
            if isinstance(node, dict):
                for key, item in node.items():
                    if self.mark in key:
                        raise NotFlat
                    if type(item) is str:
                        if self.mark in item:
                            node[key] = self._take(item)
                    elif isinstance(item, (dict, list)):
                        nodes.append(item)
            elif isinstance(node, list):
                for index, item in enumerate(node):
                    if type(item) is str:
                        if self.mark in item:
                            node[index] = self._take(item)
                    elif isinstance(item, (dict, list)):
                        nodes.append(item)
            del node
        if self:
            raise NotFlat
        return value

    def _take(self, placeholder: str) -> str:
        if placeholder not in self:
            raise NotFlat
        return self.pop(placeholder)  # type: ignore[no-any-return]


class NotString(NotFlat):
    """A long JSON text whose long string :func:`_long_strings` cannot
    decode on its own (not JSON, or cut where it could not tell): read
    again whole, for the whole reading's value or error."""


def _long_line_again(source: PathLike, number: int) -> str:
    """The text of the long line ``number`` of ``source``
    (:func:`_line_blocks`), read again and decoded whole (its pieces let go
    as they are decoded); :class:`NotFlat` where it is not UTF-8 (or is no
    longer there)."""
    line = 1
    for block in _line_blocks(source):
        if type(block) is bytes:
            line += block.count(b"\n")
            continue
        if line == number:
            try:
                return _decoded_pieces(list(block))
            except NotFlat:
                raise NotFlat(os.fspath(source)) from None
        deque(block, maxlen=0)
        line += block.newline
    raise NotFlat(os.fspath(source))


def _given(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """The pieces, each let go once given (a list emptied)."""
    if type(pieces) is not list:
        yield from pieces
        return
    pieces.reverse()
    while pieces:
        yield pieces.pop()


def _long_strings(pieces: Iterable[bytes]) -> tuple[str, LongStrings]:
    """The text of the UTF-8 bytes ``pieces`` of a long JSON text (a piece
    may end inside a character), each string of at least
    :data:`LONG_STRING_CHARS` characters as written replaced by a
    placeholder, and those strings, decoded: their parts decoded one by one
    as ``json`` decodes them (cut only between whole escapes), each
    extending its string (:class:`_LongString`). The pieces are let
    go (the list emptied) as they are read; the text, the long strings'
    bytes and their decoded parts are never held whole at once, nor the
    string beside more than a part (given as a :class:`_LongLine` or a
    :class:`_LongEntry`, the pieces are read as they are decoded). Invalid UTF-8 raises
    :class:`NotFlat`, a long string that ``json`` would not decode
    :class:`NotString` (the whole text names the problem).

    >>> text, longs = _long_strings([b'{"a": "x\\\\u00e9', b'\\\\u00e9y", "b": 1}'])
    >>> text, longs  # (a short string: kept in the text)
    ('{"a": "x\\\\u00e9\\\\u00e9y", "b": 1}', {})
    """
    import secrets

    decode = codecs.getincrementaldecoder("utf-8")().decode
    longs = LongStrings(f"\x00answermatch-long-{secrets.token_hex(8)}-")
    mark = json.dumps(longs.mark)[1:-1]  # (as written in JSON)
    skeleton: list[str] = []  # the text, but the long strings
    inside = False  # within a string
    begun = (0, 0)  # where that string's text starts: a chunk of the skeleton, an offset in it
    chars = 0  # its length so far, as written
    parts: _LongString | None = None  # a long string's decoded parts
    carry = ""  # an escape begun at the end of the last piece
    try:
        for piece in _given(pieces):
            text = carry + decode(piece)
            del piece
            carry = ""
            at = keep = 0  # where the scan is; the text from ``keep`` on is not yet taken
            while at < len(text):
                if not inside:
                    quote = text.find('"', at)
                    if quote < 0:
                        break
                    inside, at, chars = True, quote + 1, 0
                    begun = (len(skeleton), at - keep)
                    continue
                end = _string_end(text, at)
                if parts is None:
                    chars += end - at
                    if chars >= LONG_STRING_CHARS:  # its text so far taken out of the skeleton
                        index, offset = begun
                        if index == len(skeleton):  # begun in this piece
                            skeleton.append(text[keep : keep + offset])
                            written = text[keep + offset : end]
                        else:
                            tails = [skeleton[index][offset:], *skeleton[index + 1 :]]
                            skeleton[index] = skeleton[index][:offset]
                            del skeleton[index + 1 :]
                            written = "".join([*tails, text[keep:end]])
                            del tails
                        parts = _LongString()
                        parts.add(written)
                        del written
                        keep = end
                else:
                    parts.add(text[at:end])
                    keep = end
                at = end
                if end == len(text) or text[end] != '"':  # an escape cut by the piece's end
                    carry = text[end:]
                    if len(carry) > 12:
                        raise NotString
                    break
                inside = False
                if parts is not None:
                    placeholder = f"{longs.mark}{len(longs)}"
                    longs[placeholder] = parts.made()
                    parts = None
                    skeleton.append(f"{mark}{len(longs) - 1}")
                at = end + 1
            skeleton.append(text[keep : len(text) - len(carry)])
            del text
        decode(b"", True)
    except UnicodeDecodeError:
        raise NotFlat from None
    except ValueError:  # a long string json does not decode (JSONDecodeError)
        raise NotString from None
    if parts is not None:  # a long string that does not end
        raise NotString
    # an escape that the end of the text cut (a lone surrogate's before a backslash:
    # what follows it is not known): a short string's, which json reads in the text
    skeleton.append(carry)
    text = "".join(skeleton)
    skeleton.clear()
    return text, longs


#: :func:`_string_end` matches at most this many characters at once (the
#: regular expression's state grows with the runs it matches).
_STRING_WINDOW = 1 << 14


def _string_end(text: str, at: int) -> int:
    """Where the string's text (:data:`_STRING_TEXT`) that goes on at
    ``at`` in ``text`` stops: at its closing quote, a backslash that begins
    no escape, or an escape cut by the end of ``text`` (``len(text)``
    where it goes on past it)."""
    end = at
    while True:
        stop = min(len(text), end + _STRING_WINDOW)
        found = _STRING_TEXT.match(text, end, stop).end()  # type: ignore[union-attr]
        if stop == len(text) or found < stop - 12:  # not stopped by the window's end
            return found
        end = found


class _LongString:
    """A long string decoded part by part (each part of its text as
    written cut between whole escapes: :func:`_long_strings`), as ``json``
    decodes the whole: one string that each part extends, a slice of
    :data:`_EXTEND_CHARS` characters at a time, in place where CPython
    can (its ``+=`` is specialized for that once the loop is warm, so the
    first slices, which are copied, are small): no list of the parts
    beside their join, nor a buffer beside the string it is decoded to.

    >>> parts = _LongString()
    >>> parts.add("a\\\\u00e9"), parts.add("\\\\u6771\\\\n")
    (None, None)
    >>> parts.made()
    'aé東\\n'
    """

    __slots__ = ("text",)

    def __init__(self) -> None:
        self.text = ""

    def add(self, written: str) -> None:
        value = json.decoder.scanstring(f'"{written}"', 1)[0]  # type: ignore[attr-defined]
        text, self.text = self.text, ""  # held once: extended in place
        for start in range(0, len(value), _EXTEND_CHARS):
            text += value[start : start + _EXTEND_CHARS]
        del value
        self.text = text

    def made(self) -> str:
        """The string (its parts let go)."""
        value, self.text = self.text, ""
        return value


#: :class:`_LongString` extends its string by this many characters at a time.
_EXTEND_CHARS = 1 << 16


def long_json_value(pieces: Iterable[bytes]) -> Any:
    """The JSON value at the start of the UTF-8 bytes ``pieces`` (what
    follows it is not read, as :meth:`json.JSONDecoder.raw_decode` does),
    its strings of at least :data:`LONG_STRING_CHARS` characters decoded on
    their own, part by part (:func:`_long_strings`): a long answer is not
    held as its bytes' text and again as the value decoded from it.
    :class:`NotFlat` where it cannot be read so (not UTF-8 or not JSON, a
    long string that is a key): the caller decodes the whole text, for its
    value or its error.

    >>> long_json_value([b'[{"text": "Par', b'is"}], "x": 2'])
    [{'text': 'Paris'}]
    """
    text, longs = _long_strings(pieces)
    try:
        value = json.JSONDecoder().raw_decode(text)[0]
    except ValueError:
        raise NotFlat from None
    del text
    return longs.put_back(value)


def jsonl_parts(
    source: PathLike, *, diag: Diagnostics | None = None
) -> Iterator[tuple[Sequence[int], list[Any]]]:
    """The line numbers and objects of a JSON Lines file, as
    :func:`jsonl_columns` gives them for the whole text, in consecutive
    parts of whole lines (:func:`line_blocks`): a reader that keeps only
    some of each row never holds the file, nor an object per row, at once.
    Anything that reading would refuse (invalid UTF-8 or JSON), and
    anything but a regular file, raises :class:`NotFlat`, possibly after
    some parts were given: the caller then reads the file whole, with its
    own errors. A key repeated in an object warns through ``diag``, with
    its line, as :func:`jsonl_columns` warns (a caller that must give an
    error of a later line first passes a
    :class:`~answermatch.diagnostics.Deferred`; ``diag`` must not raise);
    without ``diag`` it raises :class:`NotFlat` too. A line that is not
    JSON raises :class:`NotJson`, with the whole reading's error.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "gold.jsonl"
    >>> _ = path.write_text('{"id": 1}\\n\\n{"id": 2}\\n', encoding="utf-8")
    >>> [(list(numbers), objects) for numbers, objects in jsonl_parts(path)]
    [([1, 3], [{'id': 1}, {'id': 2}])]
    """
    name = os.fspath(source)
    warned = Deferred() if diag is None else diag  # without diag, a warning: read whole
    before = 0  # the lines of the earlier parts
    for block in _line_blocks(source):
        if type(block) is bytes:
            lines = block.count(b"\n")
            try:
                text = decode_utf8(block, name)
            except InputError:
                raise NotFlat(name) from None
            del block
        else:  # one long line, decoded piece by piece as it is read, without its
            # newline: the line is then the text itself, not a copy split off
            # it, and its long strings are decoded on their own (_long_strings)
            try:
                text, longs = _long_strings(block)
            except NotString:  # the line read again whole, for its error
                deque(block, maxlen=0)
                text, longs = None, None
            except NotFlat:
                raise NotFlat(name) from None
            lines = int(block.newline)
            del block
            if longs:  # its values, or (a long string not a value) read again whole
                trial = Deferred()
                try:
                    numbers, objects = jsonl_columns(text, name, diag=trial, first=before + 1)
                    longs.put_back(objects)
                except (InputError, NotFlat):
                    text = None
                else:
                    trial.give(warned)
                    del text, trial, longs
                    before += lines
                    if diag is None and warned.pending:  # type: ignore[union-attr]
                        raise NotFlat(name)
                    yield numbers, objects
                    del numbers, objects
                    continue
                del longs
            if text is None:
                text = _long_line_again(source, before + 1)
        try:
            numbers, objects = jsonl_columns(text, name, diag=warned, first=before + 1)
        except InputError as exc:
            raise NotJson(name, exc) from None
        if diag is None and warned.pending:  # type: ignore[union-attr]
            raise NotFlat(name)
        before += lines
        del text
        yield numbers, objects
        del numbers, objects  # not held while the next part is read


def line_parts(
    source: PathLike, *, diag: Diagnostics | None = None, replace: bool = False
) -> Iterator[list[str]]:
    """The lines of a UTF-8 text file, split on ``"\\n"`` only, in
    consecutive lists of about :data:`PART_BYTES` of the file each, read
    piece by piece: a reader that keeps only some lines, or little of each,
    never holds the file's bytes, its text and a string per line at once.

    Taken together the parts are ``text.split("\\n")`` of the whole
    decoded text (the last line is ``""`` when the file ends in a newline;
    a ``"\\r"`` and a byte order mark stay as they are), the text being
    what :func:`read_text` gives with the same ``diag`` and ``replace``:
    invalid UTF-8 raises :class:`NotFlat` at the part that holds it (the
    caller then reads the file whole, for its error), or, with
    ``replace=True``, becomes U+FFFD from its first byte on, which ``diag``
    warns about (the same warning, given before the lines of that part).
    Anything but a regular file raises :class:`NotFlat` before it is
    opened (a pipe could not be read again). The text is decoded piece by
    piece (:class:`Decoded`; a long line is joined from its decoded
    pieces, its bytes never held whole; :func:`line_pieces` gives it as
    those pieces).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.tsv"
    >>> _ = path.write_bytes("q1\\tParis\\r\\nq2\\t東京\\n".encode())
    >>> [line for part in line_parts(path) for line in part]
    ['q1\\tParis\\r', 'q2\\t東京', '']
    """
    for part in line_pieces(source, diag=diag, replace=replace):
        if type(part[0]) is LinePieces:
            part[0] = part[0].joined()  # the caller may take the line out of it
        yield part
        del part


#: A line of at least this many characters is given by :func:`line_pieces`
#: as its pieces.
LONG_LINE_CHARS = PART_BYTES


class LinePieces(list):  # type: ignore[type-arg]
    """A long line of :func:`line_pieces`: its decoded pieces, in order
    (without its newline), given alone, as the one line of its part."""

    __slots__ = ()

    def joined(self) -> str:
        """The line (its pieces let go).

        >>> line = LinePieces(["ab", "c"])
        >>> line.joined(), line
        ('abc', [])
        """
        line = "".join(self)
        self.clear()
        return line

    def taken(self) -> Iterator[str]:
        """The pieces, each let go once given (the list emptied)."""
        self.reverse()
        while self:
            yield self.pop()


def line_pieces(
    source: PathLike, *, diag: Diagnostics | None = None, replace: bool = False
) -> Iterator[list[str]]:
    """:func:`line_parts`, but a line of at least :data:`LONG_LINE_CHARS`
    characters begun in an earlier piece of the file is given as its
    decoded pieces (:class:`LinePieces`, the one line of its part), never joined:
    a reader that splits it can make its fields from the pieces, without
    the line and its fields at once.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.tsv"
    >>> _ = path.write_bytes(b"q1\\t" + b"a" * PART_BYTES * 2 + b"\\nq2\\tb\\n")
    >>> parts = list(line_pieces(path))
    >>> type(parts[0][0]).__name__, [len(piece) for piece in parts[0][0]]
    ('LinePieces', [1048576, 1048576, 3])
    >>> parts[1:]
    [['q2\\tb'], ['']]
    """
    pending = LinePieces()  # a line begun in earlier pieces
    held = 0  # its characters
    texts = Decoded(source, "replace" if replace else "strict")
    for text in texts:
        if texts.invalid is not None and replace:
            _warn_replaced(diag, texts.invalid, source)
            replace = False  # warned once, as the whole reading does
        last = text.rfind("\n")
        if last < 0:
            pending.append(text)
            held += len(text)
            continue
        start = 0
        if pending:  # that line, alone (a long line is not copied again by a split)
            start = text.find("\n") + 1
            pending.append(text[: start - 1])
            held += start - 1
            if held >= LONG_LINE_CHARS:
                yield [pending]
                pending = LinePieces()
            else:
                joined = [pending.joined()]
                yield joined
                del joined
        if start <= last:
            yield text[start:last].split("\n")
        pending.append(text[last + 1 :])
        held = len(pending[0])
        del text
    if held >= LONG_LINE_CHARS and len(pending) > 1:
        yield [pending]
    else:
        yield [pending.joined()]


#: the bits of a key's hash that :class:`Fingerprints` remembers
_FINGERPRINT = (1 << 60) - 1


class Fingerprints:
    """Keys remembered by 60 bits of their hash, 8 bytes each (in arrays,
    no object per key), to tell whether one was given twice: what a reader
    that drops entries keeps of their keys. Another key rarely has the same
    bits; where it has, the reader reads the file whole, which tells.

    >>> prints = Fingerprints()
    >>> prints.add(["q1", "q2"]), prints.repeated()
    (True, False)
    >>> prints.add(["q3", "q1"]), prints.repeated()
    (True, True)
    >>> Fingerprints().add(["q1", "q1"])  # twice in one batch: said at once
    False
    """

    #: the arrays the fingerprints are kept in, by their top bits (the
    #: check for one given twice makes a set of one array at a time)
    BUCKETS = 16

    def __init__(self) -> None:
        self._buckets = [array("q") for _ in range(self.BUCKETS)]
        self._bounds = [b << (60 - 4) for b in range(1, self.BUCKETS)]

    def add(self, keys: Iterable[str]) -> bool:
        """Remember ``keys``; ``False`` when two of them have the same bits."""
        hashes = sorted(map(_FINGERPRINT.__and__, map(hash, keys)))
        distinct = not any(map(eq, hashes, islice(hashes, 1, None)))
        start = 0
        for bucket, bound in zip(self._buckets, [*self._bounds, 1 << 60], strict=True):
            end = bisect_left(hashes, bound, start)
            bucket.extend(islice(hashes, start, end))
            start = end
        return distinct

    def repeated(self) -> bool:
        """Whether two keys added had the same bits."""
        return any(len(set(bucket)) != len(bucket) for bucket in self._buckets)

    def repeated_bits(self) -> set[int]:
        """The bits that two keys added had (the same key given twice, or
        rarely two keys), to find those keys in a second reading.

        >>> prints = Fingerprints()
        >>> prints.add(["q1", "q2"]) and prints.add(["q1"])
        True
        >>> prints.repeated_bits() == {hash("q1") & ((1 << 60) - 1)}
        True
        """
        found: set[int] = set()
        for bucket in self._buckets:
            if len(set(bucket)) != len(bucket):
                ordered = sorted(bucket)
                found.update(compress(ordered, map(eq, ordered, islice(ordered, 1, None))))
        return found


class NullsSeen:
    """What a reading in parts of a file ``{key: string or null}`` saw of
    its ``null`` values (or, in the parts of ``odd`` values, of any value
    that is not a string: "null" below) and of the keys not in ``keep``,
    as the dict the whole reading makes has them: how many keys are
    ``null`` (:attr:`count`), the first three of them (:attr:`first`) and
    their values (:attr:`first_values`), and the first three other keys
    whose value is a string (:attr:`other_texts`) or ``null``
    (:attr:`other_nulls`), each in the order of the keys' first entries.
    Give it each part (:meth:`note`, which returns the part), then call
    :meth:`done`.

    ``repeated``: the keys given more than once (:attr:`KeptEntries.repeated`
    of a first reading), whose last value decides, as in ``json`` (at the
    place of the key's first entry): those are held until :meth:`done`.
    Without it, every entry is taken as its key's only one.

    >>> seen = NullsSeen({"q1"}, repeated={"x"})
    >>> for part in ({"q1": None, "x": None, "y": "a"}, {"x": "b", "z": 42}):
    ...     _ = seen.note(part)
    >>> seen.done()
    >>> seen.count, seen.first, seen.first_values, seen.other_texts, seen.other_nulls
    (2, ['q1', 'z'], [None, 42], ['x', 'y'], ['z'])
    """

    def __init__(self, keep: set[str] | frozenset[str], repeated: Iterable[str] = ()) -> None:
        self.keep = keep
        self.repeated = set(repeated)
        self.count = 0
        # (place, key, value) of each
        self._firsts: tuple[list[tuple[int, str, Any]], ...] = ([], [], [])
        # a repeated key: [first place, last value ("" for any string)]
        self._last: dict[str, list[Any]] = {}
        self._place = 0  # the place of the next part's first key

    @property
    def first(self) -> list[str]:
        """The first three keys whose value is ``null``."""
        return [key for _, key, _ in self._firsts[0]]

    @property
    def first_values(self) -> list[Any]:
        """The values of :attr:`first` (``None``, or another value that is
        not a string)."""
        return [value for _, _, value in self._firsts[0]]

    @property
    def other_texts(self) -> list[str]:
        """The first three keys not kept whose value is a string."""
        return [key for _, key, _ in self._firsts[1]]

    @property
    def other_nulls(self) -> list[str]:
        """The first three keys not kept whose value is ``null``."""
        return [key for _, key, _ in self._firsts[2]]

    def note(self, part: Mapping[str, str | None] | None) -> Any:
        """Take the entries of ``part`` (a dict: each key once, at its
        first entry, with its last value); ``None`` is passed through."""
        if part is None:
            return part
        start = self._place
        self._place += len(part)
        if self.repeated and not self.repeated.isdisjoint(part):
            self._walk(part, start, True)
            return part
        nulls = len(part) - countOf(map(type, part.values()), str)
        self.count += nulls
        firsts, texts, others = self._firsts
        if (nulls and (len(firsts) < 3 or len(others) < 3)) or len(texts) < 3:
            self._walk(part, start, False)
        return part

    def _walk(self, part: Mapping[str, str | None], start: int, count: bool) -> None:
        last = self._last
        for place, (key, value) in enumerate(part.items(), start):
            if key in self.repeated:
                if type(value) is str:
                    value = ""  # (a string's text is not held)
                if key in last:
                    last[key][1] = value
                else:
                    last[key] = [place, value]
            else:
                self._add(place, key, value, count)

    def _add(self, place: int, key: str, value: Any, count: bool, shown: int = 3) -> None:
        firsts, texts, others = self._firsts
        null = type(value) is not str
        if null:
            self.count += count
            if len(firsts) < shown:
                firsts.append((place, key, value))
        if key not in self.keep:
            found = others if null else texts
            if len(found) < shown:
                found.append((place, key, value))

    def done(self) -> None:
        """Take the last values of the repeated keys (once every part is noted)."""
        for key, (place, value) in self._last.items():
            self._add(place, key, value, True, sys.maxsize)  # sorted and cut below
        self._last.clear()
        for found in self._firsts:
            found.sort(key=itemgetter(0))
            del found[3:]


def first_repeat(entries: Callable[[], Iterable[tuple[str, int]]]) -> tuple[str, int, int] | None:
    """The first entry, in order, whose key an earlier entry had: that key,
    the earlier entry's number (a line) and its own; ``None`` where no key
    repeats. ``entries()`` gives ``(key, number)`` of each entry and is
    called twice at most: the keys are remembered by 60 bits of their hash
    (:class:`Fingerprints`), and only those whose bits repeat are compared
    in the second reading, so no set of the keys is held.

    >>> first_repeat(lambda: [("q1", 2), ("q2", 3), ("q3", 4), ("q2", 5), ("q1", 6)])
    ('q2', 3, 5)
    >>> first_repeat(lambda: [("q1", 2)]) is None
    True
    """
    prints = Fingerprints()
    batch: list[str] = []
    for key, _ in entries():
        batch.append(key)
        if len(batch) == 1 << 12:
            prints.add(batch)
            batch.clear()
    prints.add(batch)
    del batch
    bits = prints.repeated_bits()
    if not bits:
        return None
    del prints
    seen: dict[str, int] = {}
    for key, number in entries():
        if hash(key) & _FINGERPRINT in bits:
            if key in seen:
                return key, seen[key], number
            seen[key] = number
    return None


class KeptEntries(NamedTuple):
    """What :func:`kept_string_entries` read: the entries kept, in file
    order, the number of the others and the first three of their keys;
    ``repeated``, where the reader takes keys given again: the key of each
    entry whose key an earlier entry had, in the file's order."""

    entries: MutableMapping[str, Any]
    others: int
    examples: list[str]
    repeated: Sequence[str] = ()


def kept_string_entries(
    source: PathLike,
    keep: set[str],
    rekey: Callable[[dict[str, str]], dict[str, str] | None] | None = None,
    *,
    diag: Diagnostics | None = None,
    nulls: bool = False,
    into: MutableMapping[str, Any] | None = None,
) -> KeptEntries | None:
    """The entries of a file ``{key: string}`` (with ``nulls``, strings or
    ``null``) whose key is in ``keep``, read in parts
    (:func:`string_object_parts`) by :func:`kept_entries`, so that the
    others are dropped as soon as they are read and only counted; ``None``
    for a file the caller reads whole (see :func:`kept_entries`): a small
    one, another shape (:class:`NotFlat`), or a part that ``rekey`` (the
    caller's keys of a part, ``None`` to refuse it) refuses or gives fewer
    keys; ``into``: as for :func:`kept_entries`.

    A key given again is what ``json`` makes of it: the last value wins,
    and ``diag`` warns about each entry that repeats a key, in the file's
    order, as :func:`load_json` does, after the file is read (without
    ``diag``, or where ``rekey`` changed some keys, the file is read whole
    for it).

    >>> import pathlib, tempfile, warnings
    >>> from answermatch.sources import kept_string_entries
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pred.json"
    >>> others = ", ".join(f'"x{k}": "?"' for k in range(400_000))  # 5.9 MB
    >>> _ = path.write_text('{"q1": "Paris", ' + others + ', "q2": "Oulu"}', encoding="utf-8")
    >>> kept = kept_string_entries(path, {"q1", "q2"})
    >>> kept.entries, kept.others, kept.examples
    ({'q1': 'Paris', 'q2': 'Oulu'}, 400000, ['x0', 'x1', 'x2'])
    >>> _ = path.write_text('{"q1": "Paris", ' + others + ', "q1": "Oulu"}', encoding="utf-8")
    >>> kept_string_entries(path, {"q1"}) is None  # a repeated key, no diag: read whole
    True
    >>> diag = Diagnostics()
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     kept = kept_string_entries(path, {"q1"}, diag=diag)
    >>> kept.entries, list(kept.repeated), diag.messages
    ({'q1': 'Oulu'}, ['q1'], [".../pred.json: duplicate key 'q1' in a JSON object (the last ...)"])
    >>> _ = path.write_text('{"q1": "Paris", "x": "?"}', encoding="utf-8")
    >>> kept_string_entries(path, {"q1"}) is None  # small: read whole
    True
    """
    changed = False  # rekey gave other keys (a key given again is then read whole)

    def rekeyed(part: dict[str, str]) -> dict[str, str] | None:
        nonlocal changed
        entries = rekey(part)  # type: ignore[misc]
        if entries is None or len(entries) != len(part):
            return None
        if entries is not part and entries.keys() != part.keys():
            if type(part) is Part:  # a key repeated in it: which, once rekeyed?
                return None
            changed = True
        return entries

    def parts(source: PathLike) -> Iterator[dict[str, str] | None]:
        found = string_object_parts(source, nulls=nulls)
        return found if rekey is None else map(rekeyed, found)

    kept = kept_entries(source, parts, keep, repeats=diag is not None, into=into)
    if kept is None or (kept.repeated and changed):
        return None
    name = os.fspath(source)
    if kept.repeated:
        diag.warn_each(duplicate_key_message, kept.repeated, path=name)  # type: ignore[union-attr]
    return kept


def kept_entries(
    source: PathLike,
    parts: Callable[[PathLike], Iterable[Mapping[str, Any] | None]],
    keep: set[str],
    *,
    shown: int = 3,
    repeats: bool = False,
    kept_again: bool = False,
    into: MutableMapping[str, Any] | None = None,
) -> KeptEntries | None:
    """The entries whose key is in ``keep`` of the ``parts`` of a file (the
    entries of each, ``None`` for one the caller refuses), the others
    dropped as soon as they are read and only counted; ``None`` for a file
    the caller reads whole: one under :data:`PARTS_FROM` parts (not
    ``.gz``), which reads faster whole and whose objects take a few times
    a small size, or one it must read whole for its value, error or
    warnings: a part refused, :class:`NotFlat` or :class:`InputError`
    raised by ``parts``, or, unless ``repeats``, a key repeated (each key
    kept is in the result; each other key is remembered by 60 bits of its
    hash alone, :class:`Fingerprints`, so another key rarely sends a file
    there too). ``shown``: how many of the other keys are given as
    examples (the first, each once). ``into``: the mapping the kept
    entries are put in (a new dict by default; a reader may pack them),
    given back as the entries.

    ``repeats``: a key given again is taken as ``json`` takes it in an
    object: the last value wins, at the place of the first, and it is
    counted once; :attr:`KeptEntries.repeated` lists the key of each entry
    that repeats one, in the file's order (a part's ``order``, as a
    :class:`Part` has it, gives the keys of its entries where one repeats
    inside it). Where keys other than those kept repeat, or two have the
    same bits, the parts are read a second time to tell which (the file
    is never held whole). ``kept_again``: a kept key given again in
    another part is the caller's to warn about (the last value wins, at
    the place of the first); another key repeated still sends the file to
    the whole reading.

    :func:`kept_string_entries` gives it the parts of a file ``{key:
    string}``; a JSON Lines reader, those of :func:`jsonl_parts`.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "rows.jsonl"
    >>> _ = path.write_text("".join(f'{{"id": "x{k}"}}\\n' for k in range(400_000)))
    >>> def parts(source):
    ...     for _, rows in jsonl_parts(source):
    ...         yield {row["id"]: k for k, row in enumerate(rows)}
    >>> kept_entries(path, parts, {"x1", "x399999"})
    KeptEntries(entries={'x1': 1, 'x399999': ...}, others=399998, examples=['x0', 'x2', 'x3'], ...)
    """
    name = os.fspath(source)
    try:
        small = not name.endswith(".gz") and _stored_size(name) < PARTS_FROM * PART_BYTES
    except (OSError, ValueError):  # InputError too: the whole reading names the problem
        return None
    if small:
        return None
    kept: MutableMapping[str, Any] = {} if into is None else into
    seen = Fingerprints()
    examples: list[str] = []
    others = 0
    watched: set[str] = set()  # kept keys known to be given again in another part
    inner = False  # a key given again in one part (found again by the part's order)
    try:
        for entries in parts(source):
            if entries is None:
                return None
            order = getattr(entries, "order", None)
            # only keys to keep can be kept (a reader's packed mapping finds the others slowly)
            if order is not None or (
                not kept_again and not kept.keys().isdisjoint(filter(keep.__contains__, entries))
            ):
                if not repeats:
                    return None
                watched.update(kept.keys() & set(filter(keep.__contains__, entries)))
                inner = inner or order is not None
            if keep.issuperset(entries):
                kept.update(entries)
                continue
            unknown = [key for key in entries if key not in keep]
            if not seen.add(unknown) and not repeats:
                return None
            others += len(unknown)
            if len(examples) < shown:  # the first ones, each once
                for key in unknown:
                    if key not in examples:
                        examples.append(key)
                        if len(examples) == shown:
                            break
            for key in filter(keep.__contains__, entries):
                kept[key] = entries[key]
        entries = unknown = None  # type: ignore[assignment]  # not held by a second reading
        bits = seen.repeated_bits()
        if bits and not repeats:
            return None
        repeated: Sequence[str] = ()
        if bits or watched or inner:
            found = _repeated_keys(parts(source), watched, bits, keep)
            if found is None:
                return None
            repeated, again = found
            others -= again
    except (NotFlat, InputError):  # read whole, for its own error or warning
        return None
    return KeptEntries(kept, others, examples, repeated)


def _repeated_keys(
    parts: Iterable[Mapping[str, Any] | None], watched: set[str], bits: set[int], keep: set[str]
) -> tuple[TextColumn, int] | None:
    """The second reading of :func:`kept_entries`: the key of each entry
    that repeats one, in order (one given again in its part, which the
    part's ``order`` tells, or in another part: among ``watched`` and the
    keys whose fingerprint is in ``bits``), and how many times a key not
    kept came again in another part (each part counted it once); ``None``
    where a part is refused this time. Only the keys that may come again
    in another part are remembered, not those given again in one part
    alone (every key, in a file whose each key is given twice in a row)."""
    seen: set[str] = set()
    repeated = TextColumn()  # packed: every entry may repeat a key
    again = 0
    for entries in parts:
        if entries is None:
            return None
        order = getattr(entries, "order", None)
        if (
            order is None
            and watched.isdisjoint(entries)
            and (not bits or bits.isdisjoint(map(_FINGERPRINT.__and__, map(hash, entries))))
        ):
            continue
        here: set[str] = set()
        found: list[str] = []
        for key in order or entries:
            if key in here:  # given again in its part
                found.append(key)
                continue
            here.add(key)
            if key in watched or (hash(key) & _FINGERPRINT) in bits:
                if key in seen:  # given in an earlier part
                    found.append(key)
                    again += key not in keep
                seen.add(key)
        repeated.extend(found)
    return repeated, again


def _after_bom(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """``pieces`` without a UTF-8 byte order mark at their start (the first
    pieces joined until they hold as many bytes as the mark).

    >>> list(_after_bom([b"\\xef", b"\\xbb", b"\\xbf{", b"}"])), list(_after_bom([b"{}"]))
    ([b'{', b'}'], [b'{}'])
    """
    head = b""
    pieces = iter(pieces)
    for piece in pieces:
        head += piece
        if len(head) >= len(UTF8_BOM) or not UTF8_BOM.startswith(head):
            break
    yield head[len(UTF8_BOM) :] if head.startswith(UTF8_BOM) else head
    del head
    yield from pieces


def _string_parts(
    pieces: Iterable[bytes], name: str, nulls: bool, odd: bool = False
) -> Iterator[dict[str, str]]:
    pending: list[bytes] = []  # the bytes since the last part, after the "{"
    retried = False  # (odd) the last cut did not give a part
    prefix: str | None = None  # (odd) the text of a long part whose cut gave none
    pieces = iter(pieces)  # (a long entry reads on from it: _LongEntry)
    for piece in pieces:
        full = len(piece) >= PART_BYTES  # else the last piece: no part to end
        if not pending:  # the file's start: whitespace, then "{"
            piece = piece.lstrip(_JSON_SPACE)
            if not piece:
                continue
            if piece[:1] != b"{":
                raise NotFlat(name)
            pending.append(b"")
            piece = piece[1:]
        # a separator is sought in the new piece and the end of the last one
        # (one spread over more whitespace than that is not seen: a larger part)
        seen = pending[-1][-_SEPARATOR_REACH:] + piece
        pending.append(piece)
        del piece
        cut = _last_separator(seen) if full else -1
        if (
            cut < 0
            and prefix is None
            and sum(map(len, pending)) >= LONG_BYTES
            and _STRING_ENTRY.match(pending[1][:4096] + (pending[2][:4096] if pending[2:] else b""))
        ):
            # a long string entry whose end is not yet read: decoded as it is read
            del seen
            entry = _LongEntry(pending[1:], pieces)
            pending = []
            text, longs = _long_strings(entry)
            part = _long_part(text, nulls, odd, longs)
            del text, longs
            yield part
            del part
            if entry.rest is None:  # the file ends within it
                return
            retried, pending = False, [b"", entry.rest]
            del entry
            continue
        if cut >= 0 and (prefix is not None or sum(map(len, pending)) >= LONG_BYTES):
            # a long part (a long answer): decoded piece by piece, not joined
            opened = _STRING_ENTRY.match(pending[1]) if prefix is None else None
            if opened is not None:  # the first separator after the string opens ends it
                seen_at = sum(map(len, pending[1:-1])) - (len(seen) - len(pending[-1]))
                cut = _first_separator(seen, opened.end() + 1 - seen_at)
                if cut < 0:  # only the string's opening quote and a comma: read on
                    continue
            rest = _long_cut(pending, seen, cut)
            del seen
            pending[0] = b"{" if prefix is None else b""
            pending.append(b"}")
            text, longs = _long_strings(pending)  # (bytes cut at a comma: whole characters)
            if prefix is not None:
                text, prefix = prefix + text, None
            try:
                part = _long_part(text, nulls, odd, longs)
            except NotFlat:
                if not odd or retried or longs:
                    raise
                # as below: the part goes on to the next cut (once), its text kept
                retried, prefix, pending = True, text[:-1] + ",", [b"", rest]
                del text, rest
                continue
            del text
            retried, pending = False, [b"", rest]
            del rest
            yield part
            del part
            continue
        if cut >= 0:
            block = b"".join(pending)
            cut += len(block) - len(seen)
            try:
                part = _string_part(b"".join((b"{", memoryview(block)[:cut], b"}")), nulls, odd)
            except NotFlat:
                if not odd or retried:
                    raise
                # a cut inside a string, or inside a list or an object of an odd
                # value: the part goes on to the next cut (once)
                retried, pending = True, [b"", block]
                del block
                continue
            retried, pending = False, [b"", block[cut + 1 :]]
            del block
            yield part
            del part
    if not pending:
        raise NotFlat(name)
    if prefix is not None:  # a long part's text, then the rest of the file
        pending[0] = b""
        text, longs = _long_strings(pending)
        text, prefix = prefix + text, None
        yield _long_part(text, nulls, odd, longs)
        return
    pending[0] = b"{"
    if sum(map(len, pending)) >= LONG_BYTES:  # a long last part (one long answer)
        seen = pending[-2][-_SEPARATOR_REACH:] + pending[-1]
        cut = _first_separator(seen) if _STRING_ENTRY.match(pending[1]) else -1
        rest = _long_cut(pending, seen, cut) if cut >= 0 else b""
        del seen
        if rest:
            pending.append(b"}")
        text, longs = _long_strings(pending)
        yield _long_part(text, nulls, odd, longs)
        del text, longs
        if not rest:
            return
        pending = [b"{", rest]
        del rest
    data = b"".join(pending)
    pending.clear()  # its bytes once, not twice
    part = _string_part(data, nulls, odd)
    del data
    yield part


#: How far before a new piece :func:`_string_parts` looks for a separator.
_SEPARATOR_REACH = 64


class _LongEntry:
    """A part of :func:`_string_parts` that starts with an entry whose
    string value is long and not yet ended: its bytes, ``{`` first, read on
    from the file's pieces as the caller decodes them, once, up to the
    first separator (which ends that string: :data:`_STRING_ENTRY`), then
    ``}``; :attr:`rest` is then the bytes after the separator (``None``
    where the file ends first: the part's bytes are the rest of the file).
    The bytes are never all held before the first is decoded.

    >>> entry = _LongEntry([b' "q1": "a', b'b"'], iter([b', "q2": "c"}']))
    >>> b"".join(entry), entry.rest
    (b'{ "q1": "ab"}', b' "q2": "c"}')
    >>> entry = _LongEntry([b'"q1": "a","', b'q2": "c"}'], iter([]))
    >>> b"".join(entry), entry.rest
    (b'{"q1": "a"}', b'"q2": "c"}')
    """

    def __init__(self, pending: list[bytes], pieces: Iterator[bytes]) -> None:
        self._pending = pending  # its pieces read so far (no separator in them)
        self._pieces = pieces  # the file's next pieces
        self.rest: bytes | None = None
        # where the string value opens: a separator is sought after its
        # first character (its opening quote and a comma, as in the value
        # ",", look like a separator's end)
        first = pending[0] if pending else b""
        head = first[:4096] if len(first) >= 4096 else first + b"".join(pending[1:2])[:4096]
        found = _STRING_ENTRY.match(head)
        self._opened = found.end() if found is not None else 0
        self._read = self._bytes()

    def __iter__(self) -> Iterator[bytes]:
        return self._read

    def _bytes(self) -> Iterator[bytes]:
        yield b"{"
        tail = b""  # the end of the last piece, where a separator may begin
        pending = self._pending  # (a last piece, not full, may hold one)
        at = 0  # where ``seen`` starts in the entry's bytes
        for piece in chain(_given(pending), self._pieces):
            seen = tail + piece
            del piece
            cut = _first_separator(seen, self._opened + 1 - at)
            if cut >= 0:
                self.rest = b"".join([seen[cut + 1 :], *reversed(pending)])
                pending.clear()
                yield seen[:cut]
                yield b"}"
                return
            tail = seen[-_SEPARATOR_REACH:]
            at += len(seen) - len(tail)
            yield seen[: len(seen) - len(tail)]
            del seen
        yield tail


#: A long part that starts with an entry whose value is a string: no
#: separator is found inside that string (its quotes are escaped), so the
#: first one after it ends it, and the long part is cut there, holding no
#: other entry whose characters could widen its whole text (one ``é`` after
#: a long ASCII answer: two bytes a character; an emoji: four). Another
#: value (a list may hold separators) is cut at the last.
_STRING_ENTRY = re.compile(rb'[ \t\n\r]*"(?:[^"\\]|\\.)*"[ \t\n\r]*:[ \t\n\r]*"', re.DOTALL)


def _long_cut(pending: list[bytes], seen: bytes, cut: int) -> bytes:
    """Cut the bytes ``pending`` of a long part at the separator at ``cut``
    in ``seen``, their end (the last piece, after the end of the one before
    it): ``pending`` keeps the bytes before it; the bytes after it are
    returned.

    >>> pending = [b"", b'"a": "bb', b'b", "c": "d"}']
    >>> seen = pending[-2][-64:] + pending[-1]
    >>> _long_cut(pending, seen, _first_separator(seen)), pending
    (b' "c": "d"}', [b'', b'"a": "bb', b'b"'])
    """
    cut -= len(seen) - len(pending[-1])  # in the last piece; negative: the one before
    if cut < 0:
        cut += len(pending[-2])
        rest = pending[-2][cut + 1 :] + pending.pop()
    else:
        rest = pending[-1][cut + 1 :]
    pending[-1] = pending[-1][:cut]
    return rest


def _last_separator(data: bytes) -> int:
    """The position of the last comma between a closing quote (not escaped
    by a backslash) and an opening quote, JSON whitespace aside, in
    ``data``, or -1.

    >>> _last_separator(b'"a": "b", "c": "d"')
    8
    """
    end = len(data)
    while (comma := data.rfind(b",", 0, end)) > 0:
        if _separates(data, comma):
            return comma
        end = comma
    return -1


def _first_separator(data: bytes, start: int = 0) -> int:
    """The position of the first comma from ``start`` on that
    :func:`_last_separator` would take, or -1.

    >>> _first_separator(b'"a": "b\\\\", ", "c": "d", "e": "f"')
    12
    """
    start = max(start, 0)
    while (comma := data.find(b",", start)) > 0:
        if _separates(data, comma):
            return comma
        start = comma + 1
    return -1


def _separates(data: bytes, comma: int) -> bool:
    """Whether the comma at ``comma`` stands between a closing quote (not
    escaped by a backslash) and an opening quote, JSON whitespace aside."""
    after = comma + 1
    while after < len(data) and data[after] in _JSON_SPACE:
        after += 1
    before = comma - 1
    while before > 0 and data[before] in _JSON_SPACE:
        before -= 1
    if after < len(data) and data[after] == 0x22 and data[before] == 0x22:
        slash = before - 1  # a quote after an odd run of backslashes is escaped
        while slash >= 0 and data[slash] == 0x5C:
            slash -= 1
        return slash >= 0 and (before - 1 - slash) % 2 == 0
    return False


class Part(dict):  # type: ignore[type-arg]
    """A part of :func:`string_object_parts` in which a key repeats: the
    last value of each key, in the order of their first entries (as
    ``json`` gives them), and ``order``, the key of every entry.

    >>> part = Part({"q1": "b", "q2": "c"}, ["q1", "q2", "q1"])
    >>> part, part.order
    ({'q1': 'b', 'q2': 'c'}, ['q1', 'q2', 'q1'])
    """

    __slots__ = ("order",)

    def __init__(self, entries: dict[str, Any], order: list[str]) -> None:
        super().__init__(entries)
        self.order = order


def _string_part(data: bytes, nulls: bool = False, odd: bool = False) -> dict[str, str]:
    """One part, ``{...}``, decoded as ``json.loads`` decodes it, when it is
    an object of strings (or ``null``, with ``nulls`` or ``odd``; any
    value, with ``odd``: :func:`_odd_part`); else :class:`NotFlat`. A key
    that repeats in it makes it a :class:`Part`."""
    nulls = nulls or odd
    if _fast_decode is not None:
        try:
            value = _typed_decoder(_nullable_strings_type if nulls else _strings_type).decode(data)
        except Exception:
            if odd:
                return _odd_part(data)
            raise NotFlat from None
    else:
        try:
            value = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            raise NotFlat from None
        kinds = {str, type(None)} if nulls else {str}
        if type(value) is not dict or not set(map(type, value.values())) <= kinds:
            if odd:
                return _odd_part(data)
            raise NotFlat
    if keys_counted(data, len(value)) or strings_counted(data, value):
        return value
    # more entries than keys: a key repeats (json's reader warns about each)
    try:
        pairs = json.loads(data.decode("utf-8"), object_pairs_hook=_keys_of)
    except (ValueError, RecursionError):
        raise NotFlat from None
    return Part(value, pairs)


def _long_part(
    text: str, nulls: bool, odd: bool, longs: LongStrings | None = None
) -> dict[str, Any]:
    """A long part, ``{...}``, from its ``text`` (decoded piece by piece,
    its bytes let go, its long strings on their own: :func:`_long_strings`,
    whose ``longs`` are put back in the value), as :func:`_string_part`
    gives it from the bytes: the value of ``json``, the part's bytes and
    text never held whole at once, nor a long string's text as written
    beside its value; :class:`NotFlat` where that is not an object of
    strings (or ``null``, with ``nulls``; of any values, with ``odd``), or
    where a long string is a key or a value a key given again replaces
    (the whole reading tells).

    >>> text, longs = _long_strings([b'{"q1": "a', b'b", "q2": null', b"}"])
    >>> _long_part(text, True, False, longs)
    {'q1': 'ab', 'q2': None}
    """
    value = _odd_part(text)
    del text
    if longs:
        longs.put_back(value)
    if not odd:
        kinds = _STRING_OR_NULL if nulls else _STRING
        if not kinds.issuperset(map(type, value.values())):
            raise NotFlat
    return value


_STRING = frozenset({str})


def _odd_part(data: bytes | str) -> dict[str, Any]:
    """A part holding a value that is neither a string nor ``null`` (a
    number, a list, an object...), decoded by ``json`` as the whole reading
    decodes it (a :class:`Part` where a key repeats in it); :class:`NotFlat`
    where it is not an object, not JSON, or a key repeats in an object
    inside it (the whole reading warns about that one).

    >>> _odd_part(b'{"q1": 42, "q2": ["a", "b"], "q1": null}')
    {'q1': None, 'q2': ['a', 'b']}
    >>> _odd_part(b'{"q1": {"a": 1, "a": 2}}')
    Traceback (most recent call last):
    ...
    answermatch.sources.NotFlat
    """
    orders: list[list[str] | None] = []  # each object's keys where one repeats, the top one last

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        orders.append(None if len(found) == len(pairs) else _keys_of(pairs))
        return found

    try:
        text = data if type(data) is str else data.decode("utf-8")
        del data  # (a long part's text: held once)
        value = json.loads(text, object_pairs_hook=hook)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise NotFlat from None
    del text
    if type(value) is not dict or any(order is not None for order in orders[:-1]):
        raise NotFlat
    return value if orders[-1] is None else Part(value, orders[-1])


def _keys_of(pairs: list[tuple[str, Any]]) -> list[str]:
    return [key for key, _ in pairs]


def strings_counted(data: bytes, value: dict[str, Any]) -> bool:
    """Whether the JSON ``data``, decoded as the object ``value``, is an
    object of strings (or ``null``) with no key repeated: its values all
    strings or ``None``, and two quotes a key and a string value (what
    :func:`keys_counted` cannot tell where a string holds a quote and a
    colon, as ``":"``).

    >>> strings_counted(rb'{"a": ":", "b": "\\":", "c": null}', {"a": ":", "b": '":', "c": None})
    True
    >>> strings_counted(b'{"a": ":", "a": ":"}', {"a": ":"})
    False
    """
    kinds = set(map(type, value.values()))
    if not kinds <= _STRING_OR_NULL:
        return False
    strings = len(value) - (countOf(value.values(), None) if _NULL in kinds else 0)
    return _unescaped_quotes(data) == 2 * (len(value) + strings)


_NULL = type(None)
_STRING_OR_NULL = frozenset({str, _NULL})


def _unescaped_quotes(data: bytes) -> int:
    """The quotes that open or close a string in the valid JSON ``data``:
    all but those after an odd run of backslashes (a run starts an escape,
    so its pairs are escaped backslashes, dropped here, and a backslash left
    over escapes the quote after it).

    >>> _unescaped_quotes(rb'{"a\\"b": "c\\\\", "d": "\\\\\\""}')
    8
    """
    quotes = data.count(b'"')
    if b'\\"' not in data:
        return quotes
    return quotes - data.replace(b"\\\\", b"").count(b'\\"')


def _strings_type() -> type:
    return dict[str, str]


def _nullable_strings_type() -> type:
    return dict[str, str | None]


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


def duplicate_key_message(key: str) -> str:
    """The warning about a key given again in a JSON object."""
    return (
        f"duplicate key {key!r} in a JSON object (the last value wins, as in the official scorer)"
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
                    diag.warn(duplicate_key_message(key), path=path, line=line)
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
    except InputError:  # a warning of the hook, in strict mode (an InputError is a ValueError)
        raise
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
    text: str, name: str, *, diag: Diagnostics | None = None, first: int = 1
) -> tuple[Sequence[int], list[Any]]:
    """The 1-based line numbers of the non-blank lines of a JSON-lines file's
    ``text``, and the object on each (``name`` is the file named in messages;
    ``first``: the number of the text's first line, for a part of a file).

    The lines are decoded in one pass; a line with surrounding whitespace, or
    a file with an error, takes the line-by-line path, which strips each line
    and names the line of the first error. A line is decoded a second time,
    with the duplicate-key check, only when it holds more colons than its
    object has keys (a colon in a value, a nested object, or a repeated key).
    """
    lines = text.split("\n")
    if lines[-1] == "":  # the final newline (or an empty file)
        lines.pop()
    numbers: Sequence[int] = range(first, first + len(lines))
    if "" in lines or any(map(str.isspace, lines)):
        numbers = [n for n, line in zip(numbers, lines, strict=True) if line and not line.isspace()]
        lines = [lines[n - first] for n in numbers]
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
