"""Writing output files safely: whole or not at all, never over an input.

Every file answermatch writes (``--items``, reports, anything later) goes
through :func:`write_output`: the text is written to a temporary file beside
the target and renamed into place only once complete, so a failed,
interrupted or concurrent run leaves either the old file or a whole new one,
never a clobbered or half-written one. A target that is one of the run's
inputs (the same file, also through a link) is refused before anything is
written. A target that is not a regular file (``/dev/stdout``, a pipe) is
written directly, since it cannot be replaced. A symbolic link is written
through (its target gets the new text; the link stays a link); an empty
name or the name of a folder is an error.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_output(folder / "items.jsonl", ['{"id": 1}\\n'], inputs=[folder / "gold.jsonl"])
>>> (folder / "items.jsonl").read_text()
'{"id": 1}\\n'
>>> write_output(folder / "items.jsonl", ["x"], inputs=[folder / "items.jsonl"], what="--items")
Traceback (most recent call last):
...
answermatch.errors.AnswermatchError: --items file ... is also an input of this run: ...
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from .errors import AnswermatchError

__all__ = [
    "Spool",
    "ascii_escaped",
    "check_not_an_input",
    "finite",
    "json_array_chunks",
    "json_line",
    "json_line_chunks",
    "json_text",
    "run_inputs",
    "sized_pieces",
    "write_output",
]


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(a) == os.path.realpath(b)


def check_not_an_input(target: Any, inputs: Iterable[Any], what: str = "output") -> None:
    """An :class:`~answermatch.errors.AnswermatchError` when ``target`` is
    one of ``inputs`` (paths; other inputs, loaded objects, are ignored) or
    lies inside one that is a folder (a folder of predictions: what is
    written there would be read as an input next time, or replace one).

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_not_an_input(folder / "en.jsonl", [folder], "--items")
    Traceback (most recent call last):
    ...
    answermatch.errors.AnswermatchError: --items file ... is inside ..., an input folder ...
    """
    path = _target(target, what)
    for source in inputs:
        if not isinstance(source, (str, os.PathLike)):
            continue
        folder = Path(os.fspath(source))
        if folder.is_dir():
            if _inside(path, folder):
                raise AnswermatchError(
                    f"{what} file {os.fspath(target)} is inside {os.fspath(source)}, an input "
                    "folder of this run: refusing to write there (its files are read as inputs)"
                )
        elif _same_file(path, folder):
            raise AnswermatchError(
                f"{what} file {os.fspath(target)} is also an input of this run: "
                "refusing to overwrite it"
            )


def _target(target: Any, what: str) -> Path:
    """``target`` as the path of the file to write: a name that is empty or
    names a folder is an error; a symbolic link to a file (or to a file not
    yet written) is followed: its target is written, the link stays. A link
    to what is not a file (``/dev/stdout`` on a pipe) is written directly."""
    name = os.fspath(target)
    if not name:
        raise AnswermatchError(f"{what}: the file name is empty")
    if name.endswith(("/", os.sep)) or os.path.isdir(name):
        raise AnswermatchError(f"{what} {name} is a folder: give the name of a file in it")
    path = Path(name)
    if not path.is_symlink():
        return path
    try:
        mode: int | None = os.stat(path).st_mode
    except OSError:  # a link to a file not written yet
        mode = None
    if mode is not None and not stat.S_ISREG(mode):  # /dev/stdout to a pipe: written directly
        return path
    resolved = Path(os.path.realpath(path))
    return resolved if mode is not None or resolved.parent.is_dir() else path


def _inside(path: Path, folder: Path) -> bool:
    base = os.path.realpath(folder)
    return os.path.commonpath([os.path.realpath(path), base]) == base


def run_inputs(*sources: Any, options: Mapping[str, Any] | None = None) -> list[Any]:
    """What a run reads: ``sources`` (gold, predictions) and every option
    value that names an existing file or folder (SQuAD v2.0's ``na_prob``,
    say), for :func:`check_not_an_input`.

    >>> run_inputs("gold.json", "pred.json", options={"na_prob": ".", "lang": "en"})
    ['gold.json', 'pred.json', '.']
    """
    named = (options or {}).values()
    return [*sources, *(v for v in named if isinstance(v, str) and os.path.exists(v))]


def json_text(value: Any, *, indent: int | None = None) -> str:
    """``value`` as JSON text that encodes to UTF-8: non-ASCII kept as is,
    except when the value holds a lone surrogate (a ``"\\ud800"`` escape
    in the input), which is then written as an escape too.

    >>> json_text({"a": "é"}), json_text({"a": "\\ud800"})
    ('{"a": "é"}', '{"a": "\\\\ud800"}')
    >>> json_text({"ci": (float("nan"), 1.5)})  # JSON has no NaN: null, as strict parsers need
    '{"ci": [null, 1.5]}'
    """
    try:
        text = json.dumps(value, ensure_ascii=False, indent=indent, allow_nan=False)
    except ValueError:  # NaN or infinity, which JSON has no word for: null
        value = finite(value)
        text = json.dumps(value, ensure_ascii=False, indent=indent, allow_nan=False)
    if not text.isascii() and _SURROGATE.search(text):  # UTF-8 has no lone surrogate
        return json.dumps(value, ensure_ascii=True, indent=indent, allow_nan=False)
    return text


#: a surrogate code point: what ``str.encode("utf-8")`` refuses (searched
#: for, not encoded, so that a long answer is not copied once more)
_SURROGATE = re.compile("[\ud800-\udfff]")


def finite(value: Any) -> Any:
    """``value`` with every NaN or infinite float replaced by ``None`` (JSON
    has no word for them), in nested dicts, lists and tuples too.

    >>> finite({"ci": [float("nan"), 1.5], "n": 3})
    {'ci': [None, 1.5], 'n': 3}
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(item) for item in value]
    return value


def json_array_chunks(values: Iterable[Any], *, indent: int) -> Iterator[str]:
    """The text :func:`json_text` gives for the list of ``values`` (with
    ``indent``), in pieces, taking one value at a time: a long list is
    never held, nor its text. The values must hold no NaN or infinity
    (:func:`finite` replaces them as :func:`json_text` does; a
    ``ValueError`` otherwise). Non-ASCII characters are kept as they are,
    lone surrogates too: where the text holds one, :func:`json_text`
    escapes every non-ASCII character of the whole text, which
    :func:`ascii_escaped` does once the pieces are all written.

    A long text held without its string (a value with a ``parts()``
    method, such as :class:`~answermatch.matchers.answers.JoinedKey`) is
    written as the string of its parts, and a sequence that is not a
    tuple, list or string (a long text's
    :class:`~answermatch.matchers.answers.CountedTokens`) as the list of
    its items, each a part at a time.

    >>> rows = [{"a": "é", "n": [1, float("nan")]}, {"b": ()}]
    >>> text = "".join(json_array_chunks(map(finite, rows), indent=1))
    >>> text == json_text(rows, indent=1)
    True
    >>> "".join(json_array_chunks([], indent=1))
    '[]'
    """
    deeper = "\n" + " " * indent
    start = "[" + deeper
    for value in values:
        yield start
        start = "," + deeper
        yield from _value_chunks(value, indent, deeper[1:])
        del value  # let go before the next value is made (a long answer's)
    yield "[]" if start.startswith("[") else "\n]"


def json_chunks(value: Any, *, indent: int) -> Iterator[str]:
    r"""The text :func:`json_text` gives for ``value`` (with ``indent``),
    in pieces: its long strings, texts held in parts and long texts' tokens
    a piece at a time, as :func:`json_array_chunks` writes them, so that
    the text never holds one whole. NaN and infinity become ``null``, and a
    lone surrogate anywhere makes every non-ASCII character an escape, as
    in :func:`json_text`.

    >>> value = {"a": ["é", float("nan")], "long": "x\ud800" * 40_000}
    >>> pieces = list(json_chunks(value, indent=1))
    >>> len(pieces) > 3, "".join(pieces) == json_text(value, indent=1)
    (True, True)
    """
    value = finite(value)
    if not _holds_surrogate(value):
        yield from _value_chunks(value, indent, "")
        return
    for chunk in _value_chunks(value, indent, ""):
        yield ascii_escaped(chunk)


def _value_chunks(value: Any, indent: int, margin: str) -> Iterator[str]:
    """The JSON text of ``value`` with ``indent``, each of its line breaks
    followed by ``margin`` too (its place in a list), in pieces: its long
    values (:func:`_with_long`) a piece at a time."""
    longs: list[_Long | _LongList] = []

    def default(long: Any) -> Any:
        if isinstance(long, (_Long, _LongList)):  # written by the loop below, a piece at a time
            longs.append(long)
            return marker
        raise TypeError(f"Object of type {type(long).__name__} is not JSON serializable")

    encoder = json.JSONEncoder(ensure_ascii=False, indent=indent, allow_nan=False, default=default)
    marker = f"\ue000{uuid.uuid4().hex}"  # stands for a long value: never in the value
    marked = encoder.encode(marker)
    deeper = "\n" + margin
    line = margin  # what is written of the current line (its indentation)
    # the value's own line breaks are all indentation (a string's are escaped)
    for chunk in encoder.iterencode(_with_long(value)):
        if margin:
            chunk = chunk.replace("\n", deeper)
        if marked not in chunk:
            yield chunk
            line = _line_after(line, chunk)
            continue
        first, *rest = chunk.split(marked)
        yield first
        line = _line_after(line, first)
        for after in rest:
            yield from _long_json(longs.pop(0), line, indent)
            yield after
            line = _line_after(line, after)


def _long_json(long: _Long | _LongList, line: str, indent: int) -> Iterator[str]:
    """The JSON text of a long string or list of strings, a piece at a time."""
    if isinstance(long, _Long):
        yield '"'
        for piece in sized_pieces(long.parts(), LONG_CHARS):
            yield _json_string(piece)[1:-1]
        yield '"'
    else:
        yield from _json_list(long.items, line, indent)


def _line_after(line: str, text: str) -> str:
    """The start of the current line (enough of it for its indentation)
    once ``text`` is written after ``line``."""
    at = text.rfind("\n")
    line = line + text if at < 0 else text[at + 1 :]
    return line[:_INDENT_SEEN]


#: how much of a line :func:`json_array_chunks` keeps to know its indentation
_INDENT_SEEN = 1 << 12


def _json_list(items: Sequence[str], line: str, indent: int) -> Iterator[str]:
    """The JSON text of the list ``items`` (strings) written at a line
    whose start is ``line``, with ``indent``, a batch of items at a time
    (an item longer than :data:`LONG_CHARS`, a long text's one token, a
    piece at a time)."""
    level = len(line) - len(line.lstrip(" "))
    inner = "\n" + " " * (level + indent)
    between = "," + inner
    fragments = getattr(items, "fragments", None)
    if getattr(items, "long", None) and fragments is not None:
        yield from _json_fragments(fragments(), inner, between, "\n" + " " * level + "]")
        return
    taken = iter(items)
    batch = list(islice(taken, _BATCH))
    if not batch:
        yield "[]"
        return
    yield "[" + inner
    while batch:
        if max(map(len, batch)) <= LONG_CHARS:
            yield between.join(map(_json_string, batch))
        else:
            for at, item in enumerate(batch):
                if at:
                    yield between
                yield from _long_json(_Long((item,).__iter__), line, indent)
        batch = list(islice(taken, _BATCH))
        if batch:
            yield between
    yield "\n" + " " * level + "]"


def _json_fragments(
    fragments: Iterable[tuple[bool, Sequence[str]]], inner: str, between: str, end: str
) -> Iterator[str]:
    """The JSON list of the tokens of a long text given as ``(glued,
    tokens)`` fragments (a
    :class:`~answermatch.matchers.answers.CountedTokens`' with a token too
    long to make: a fragment that is ``glued`` continues the last string
    written, still open), each token a piece at a time: the text
    :func:`_json_list` writes for the tokens made whole."""
    opened = False
    for glued, found in fragments:
        for k, token in enumerate(found):
            if not (k == 0 and glued and opened):
                yield '"' + between + '"' if opened else "[" + inner + '"'
                opened = True
            for at in range(0, len(token), LONG_CHARS):
                yield _json_string(token[at : at + LONG_CHARS])[1:-1]
    yield '"' + end if opened else "[]"


_BATCH = 1 << 12


#: :func:`json_array_chunks` writes a string longer than this many
#: characters (a long answer) a piece of this size at a time, not escaped
#: whole (JSON's escapes are each one character's).
LONG_CHARS = 1 << 16

_json_string = json.encoder.encode_basestring  # type: ignore[attr-defined]


class _Long:
    """A long string of a value given to :func:`json_array_chunks`, as its
    parts (``parts()``: strings, in order)."""

    __slots__ = ("parts",)

    def __init__(self, parts: Callable[[], Iterable[str]]) -> None:
        self.parts = parts


class _LongList:
    """A long list of strings given to :func:`json_array_chunks` as a
    sequence read in order (a long text's tokens)."""

    __slots__ = ("items",)

    def __init__(self, items: Sequence[str]) -> None:
        self.items = items


def _with_long(value: Any) -> Any:
    """``value`` with its strings longer than :data:`LONG_CHARS`, its long
    texts held in parts and its other sequences as :class:`_Long` and
    :class:`_LongList` (its lists and dicts copied only where they hold
    one)."""
    if isinstance(value, str):
        return _Long((value,).__iter__) if len(value) > LONG_CHARS else value
    if isinstance(value, (list, tuple)):
        if all(type(v) is str for v in value) and max(map(len, value), default=0) <= LONG_CHARS:
            return value  # the tokens of a long text: not copied
        return [_with_long(v) for v in value]
    if isinstance(value, dict):
        return {key: _with_long(item) for key, item in value.items()}
    parts = getattr(value, "parts", None)
    if callable(parts):  # a long text held in parts (JoinedKey)
        return _Long(parts)
    if isinstance(value, Sequence) and not isinstance(value, (bytes, bytearray)):
        return _LongList(value)  # a long text's tokens, made again in order (CountedTokens)
    return value


def sized_pieces(parts: Iterable[str], size: int) -> Iterator[str]:
    """The text of ``parts`` (strings, in order) again in pieces of
    ``size`` characters (the last one shorter), for writing a long text a
    piece at a time.

    >>> list(sized_pieces(["ab", "c", "", "defgh"], 3))
    ['abc', 'def', 'gh']
    """
    size = max(size, 1)
    held: list[str] = []
    count = 0
    for part in parts:
        at, end = 0, len(part)
        while at < end:
            take = part[at : at + size - count] if at or end > size - count else part
            at += len(take)
            held.append(take)
            count += len(take)
            if count == size:
                yield "".join(held)
                held.clear()
                count = 0
    if count:
        yield "".join(held)


_NOT_ASCII = re.compile(r"[^\x00-\x7e]")


def _ascii_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 | code >> 10:04x}\\u{0xDC00 | code & 0x3FF:04x}"


def ascii_escaped(text: str) -> str:
    r"""JSON ``text`` written with ``ensure_ascii=False`` as :mod:`json`
    writes it with ``ensure_ascii=True``: every character outside printable
    ASCII (they stand only inside strings there) as its ``\u`` escape,
    a surrogate pair above U+FFFF. A piece of the text may be given at a
    time.

    >>> value = {"k": "é\x7f 𝔸 \ud800 \n"}
    >>> ascii_escaped(json.dumps(value, ensure_ascii=False)) == json.dumps(value)
    True
    """
    return _NOT_ASCII.sub(_ascii_escape, text)


class Spool:
    r"""Text kept in an unnamed temporary file, not in memory, and then
    written out whole (:meth:`copy_to`): ``explain``'s output. Nothing is
    shown of a run that fails half-way, as when the whole text was built
    first, and :attr:`surrogates` tells, once everything is written,
    whether the text holds a lone surrogate (which makes a JSON text ASCII,
    see :func:`json_text` and :func:`ascii_escaped`).

    >>> import io
    >>> out = io.StringIO()
    >>> with Spool() as spool:
    ...     for piece in ('["é", ', '"\ud800"]'):
    ...         spool.write(piece)
    ...     spool.copy_to(out, ascii=spool.surrogates)
    >>> out.getvalue()
    '["\\u00e9", "\\ud800"]'
    """

    #: characters gathered before they are encoded and written to the file
    batch = 1 << 16
    #: bytes read back at a time
    block = 1 << 16

    def __init__(self) -> None:
        try:
            self._file = tempfile.TemporaryFile()  # noqa: SIM115 (closed on __exit__)
        except OSError as exc:
            raise AnswermatchError(
                f"cannot make a temporary file in {tempfile.gettempdir()}: {exc.strerror}"
            ) from None
        self._pending: list[str] = []
        self._size = 0
        self._surrogates = False

    def __enter__(self) -> Spool:
        return self

    def __exit__(self, *exc: object) -> None:
        self._file.close()

    @property
    def surrogates(self) -> bool:
        """Whether the text written so far holds a lone surrogate."""
        self._flush()
        return self._surrogates

    def write(self, text: str) -> None:
        """Add ``text``."""
        self.writelines((text,))

    def writelines(self, texts: Iterable[str]) -> None:
        """Add each of ``texts``."""
        pending, size, batch = self._pending, self._size, self.batch
        for text in texts:
            pending.append(text)
            size += len(text)
            if size >= batch:
                self._size = size
                self._flush()
                size = 0
        self._size = size

    def _flush(self) -> None:
        text = "".join(self._pending)
        self._pending.clear()
        self._size = 0
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: kept as such
            self._surrogates = True
            data = text.encode("utf-8", "surrogatepass")
        try:
            self._file.write(data)
        except OSError as exc:
            raise AnswermatchError(
                f"cannot write a temporary file in {tempfile.gettempdir()}: {exc.strerror}"
            ) from None

    def copy_to(self, out: Any, *, ascii: bool = False) -> None:
        """Write the text to the text stream ``out`` (escaped by
        :func:`ascii_escaped` when ``ascii``), a block at a time."""
        self._flush()
        self._file.seek(0)
        carry = b""
        while block := self._file.read(self.block):
            data = carry + block
            cut = len(data) - 1  # before the last character, which may be incomplete
            while cut > 0 and data[cut] & 0xC0 == 0x80:
                cut -= 1
            carry = data[cut:]
            text = data[:cut].decode("utf-8", "surrogatepass")
            out.write(ascii_escaped(text) if ascii else text)
        text = carry.decode("utf-8", "surrogatepass")
        out.write(ascii_escaped(text) if ascii else text)


def json_line(value: Any) -> str:
    """``value`` as one line of JSON Lines (see :func:`json_text`)."""
    return json_text(value) + "\n"


def json_line_chunks(value: Any) -> Iterator[str]:
    r"""The text of :func:`json_line` for ``value``, in pieces: a string of
    more than :data:`LONG_CHARS` characters in ``value`` (in its dicts,
    lists and tuples) is written a piece of that size at a time, so that
    the line does not hold it again (``json.dumps`` of one long answer
    held its escaped copy, the whole line and the line with its newline:
    three more copies of the answer). A long text held without its string
    (a value with a ``parts()`` method, such as
    :class:`~answermatch.items.TextParts`) is written as the string of its
    parts, never joined. A value without either is one piece,
    :func:`json_line`'s.

    >>> item = {"id": 1, "prediction": "zażółć \ud800" * 20_000, "f1": float("nan")}
    >>> pieces = list(json_line_chunks(item))
    >>> len(pieces) > 3, "".join(pieces) == json_line(item)
    (True, True)
    """
    if not _holds_long(value):
        yield json_line(value)
        return
    value = finite(value)  # as json_text makes it when it holds a NaN
    escape = _holds_surrogate(value)  # json_text's whole line then in ASCII
    longs: list[Callable[[], Iterable[str]]] = []

    def default(long: Any) -> Any:
        if isinstance(long, _Long):
            longs.append(long.parts)
            return marker
        raise TypeError(f"Object of type {type(long).__name__} is not JSON serializable")

    encoder = json.JSONEncoder(ensure_ascii=False, allow_nan=False, default=default)
    marker = f"\ue000{uuid.uuid4().hex}"  # stands for a long string: never in the value
    marked = encoder.encode(marker)
    for chunk in encoder.iterencode(_long_strings(value)):
        first, *rest = chunk.split(marked) if marked in chunk else (chunk,)
        yield ascii_escaped(first) if escape else first
        for after in rest:
            yield '"'
            for piece in sized_pieces(longs.pop(0)(), LONG_CHARS):
                text = _json_string(piece)[1:-1]
                yield ascii_escaped(text) if escape else text
            yield '"'
            yield ascii_escaped(after) if escape else after
    yield "\n"


def _holds_long(value: Any) -> bool:
    """Whether ``value`` holds a string longer than :data:`LONG_CHARS` or
    a text held in parts (in its dicts' values, lists and tuples)."""
    if isinstance(value, str):
        return len(value) > LONG_CHARS
    if isinstance(value, dict):
        values: Iterable[Any] = value.values()
    elif isinstance(value, (list, tuple)):
        values = value
    else:
        return callable(getattr(value, "parts", None))
    for item in values:  # (every item is looked at: its strings and numbers at once)
        kind = type(item)
        if kind is str:
            if len(item) > LONG_CHARS:
                return True
        elif kind not in _SCALARS and _holds_long(item):
            return True
    return False


_SCALARS = frozenset({int, float, bool, type(None)})


def _holds_surrogate(value: Any) -> bool:
    """Whether a string of ``value`` (its dicts' keys and its texts held in
    parts included) holds a lone surrogate, searched for without encoding it."""
    if isinstance(value, str):
        return not value.isascii() and _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(map(_holds_surrogate, value)) or any(map(_holds_surrogate, value.values()))
    if isinstance(value, (list, tuple)):
        return any(map(_holds_surrogate, value))
    parts = getattr(value, "parts", None)
    return callable(parts) and any(map(_holds_surrogate, parts()))


def _long_strings(value: Any) -> Any:
    """``value`` with each string longer than :data:`LONG_CHARS` and each
    text held in parts as a :class:`_Long` (its dicts, lists and tuples
    copied where they hold one)."""
    if isinstance(value, str):
        return _Long((value,).__iter__) if len(value) > LONG_CHARS else value
    if not _holds_long(value):
        return value
    if isinstance(value, dict):
        return {key: _long_strings(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_long_strings(item) for item in value]
    return _Long(value.parts)


def write_output(
    target: Any, chunks: Iterable[str], *, inputs: Iterable[Any] = (), what: str = "output"
) -> None:
    """Write the text ``chunks`` to ``target`` atomically (see
    :mod:`answermatch.outputs`); ``what`` names the file in messages
    (``--items``)."""
    check_not_an_input(target, inputs, what)
    path = _target(target, what)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise AnswermatchError(f"cannot write {what} file {path}: {exc.strerror}") from None
    if mode is not None and not stat.S_ISREG(mode):
        _write_direct(path, chunks, what)
        return
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise AnswermatchError(f"cannot write {what} file {path}: {exc.strerror}") from None
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.writelines(chunks)  # each chunk let go before the next is made
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
        os.replace(temp, path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise AnswermatchError(f"cannot write {what} file {path}: {exc.strerror}") from None
    except BaseException:  # interrupted (Ctrl-C) or a failing chunk: keep the old file
        temp.unlink(missing_ok=True)
        raise


def _write_direct(path: Path, chunks: Iterable[str], what: str) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="") as out:
            out.writelines(chunks)
    except OSError as exc:
        raise AnswermatchError(f"cannot write {what} file {path}: {exc.strerror}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
