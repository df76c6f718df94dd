"""GEval's rules for reading line files (PolEval 2021 QA).

GEval (https://github.com/amu-cai/geval, the evaluator behind the PolEval
challenges on gonito.net) is written in Haskell; this module restates, in
Python, how it reads the files of a PolEval 2021 QA evaluation. The source
files read for each rule are named in the docstrings (``src/GEval/Core.hs``,
``MetricsMechanics.hs``, ``MatchingSpecification.hs``, commit a7f81c5 of
November 2022; GEval is built with the Stackage LTS 19 toolchain: GHC 9.0,
text 1.2.5, conduit 1.3). Its number rule is in
:mod:`~answermatch.tasks.poleval2021.numbers`, its matching in
:mod:`~answermatch.tasks.poleval2021.fuzzy`.

Reading a file (:func:`read_stripped_lines`)
    Bytes are decoded as UTF-8 and every byte that is not part of a valid
    sequence becomes one U+FFFD (text 1.2's lenient stream decoder restarts
    one byte after the start of a bad sequence); a byte-order mark stays a
    character. The text is split on ``\\n`` only, a final empty piece is
    dropped and every ``\\r`` is deleted.

Parsing a line
    Accuracy's parser strips the whole line of Haskell ``isSpace`` characters
    (:func:`haskell_strip`); a gold line is then split on TAB into variants,
    which are not stripped again.

>>> [haskell_strip(line).split("\\t") for line in split_lines("\\u3000a\\tb \\r\\nc\\n")]
[['a', 'b'], ['c']]
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from ... import sources
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...items import TextColumn
from ...sources import NotFlat, read_bytes

#: Haskell's ``Data.Char.isSpace`` (GHC 9.0): TAB, LF, VT, FF, CR, space and
#: U+00A0 in Latin-1, and the ``Space_Separator`` (Zs) characters above
#: U+0377. Unlike Python's ``str.isspace`` it excludes U+001C-U+001F, U+0085,
#: U+2028 and U+2029.
HASKELL_SPACES = (
    "\t\n\x0b\x0c\r \xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
)

_NOT_SPACE_RUN = re.compile("[^" + re.escape(HASKELL_SPACES) + "]+")
_ERROR_HANDLER = "answermatch.geval-per-byte"


def _replace_per_byte(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return "\ufffd" * (exc.end - exc.start), exc.end


codecs.register_error(_ERROR_HANDLER, _replace_per_byte)


def decode_lenient(data: bytes) -> str:
    """Decode UTF-8 as GEval does: one U+FFFD per byte of an invalid sequence.

    (``Core.hs`` reads files through conduit's ``decodeUtf8Lenient``, which
    uses text 1.2's ``streamDecodeUtf8With lenientDecode``.)

    Python's own ``errors="replace"`` gives one U+FFFD per *maximal* invalid
    subsequence; text 1.2 (GEval's decoder) gives one per byte.

    >>> decode_lenient(b"\\xe2\\x82A\\xff")
    '\\ufffd\\ufffdA\\ufffd'
    >>> decode_lenient("\\ufeffzażółć".encode())  # a BOM stays a character
    '\\ufeffzażółć'
    """
    return data.decode("utf-8", errors=_ERROR_HANDLER)


def split_lines(text: str) -> list[str]:
    """GEval's lines: split on ``\\n`` only, drop the final empty piece,
    delete every ``\\r`` (``Core.hs``: ``CT.lines``, then ``cleanLine``).

    >>> split_lines("a\\r\\nb\\x0bc\\u2028d\\n\\ne\\n")
    ['a', 'b\\x0bc\\u2028d', '', 'e']
    >>> split_lines("")
    []
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [line.replace("\r", "") for line in lines]
    return lines


def haskell_strip(text: str) -> str:
    """Strip Haskell ``isSpace`` characters from both ends (``Data.Text.strip``,
    the parser of expected and output lines for Accuracy in ``MetricsMechanics.hs``).

    >>> haskell_strip("\\u3000 Warszawa\\xa0\\t")
    'Warszawa'
    >>> haskell_strip("\\x85Warszawa\\u2028")  # not spaces for Haskell
    '\\x85Warszawa\\u2028'
    """
    return text.strip(HASKELL_SPACES)


def haskell_words(text: str) -> list[str]:
    """Haskell's ``words``: the runs of non-``isSpace`` characters.

    >>> haskell_words(" XIV\\u2003wiek\\x85 ")
    ['XIV', 'wiek\\x85']
    """
    return _NOT_SPACE_RUN.findall(text)


def read_stripped_lines(path: str | os.PathLike[str], diag: Diagnostics) -> TextColumn:
    """The lines of a file as GEval reads them, each stripped
    (:func:`haskell_strip`), in a :class:`~answermatch.items.TextColumn`.

    A regular file is read piece by piece
    (:class:`~answermatch.sources.Decoded`): the lines of each piece are
    stripped and packed as they come, and a line that spans pieces (a long
    answer) is packed part by part, so that no line is ever held whole as a
    string. Invalid UTF-8 is replaced (:func:`decode_lenient`, piece by
    piece) with one warning naming the first bad byte and line and how many
    lines hold a U+FFFD, given once the file is read; a leading byte-order
    mark is kept and warned about; a UTF-16 file (its byte-order mark) is an
    error naming it. ``.gz`` files are decompressed; anything else (a pipe)
    is read whole, to the same lines and warnings.
    """
    if sources.file_head(path, 2) in _UTF16_MARKS:
        raise _utf16_error(path)
    lines = TextColumn()
    try:  # line by line, in pieces of the file
        read = _pack_lines(path, lines)
    except NotFlat:  # a pipe...
        del lines
    else:
        if read.invalid is not None:
            _warn_invalid(path, diag, read.invalid, read.bad_lines)
        if read.bom:
            _warn_byte_order_mark(path, diag)
        if read.ends_empty:  # the file ends in a newline (or is empty)
            lines.pop()
        return lines
    data = read_bytes(path)
    if data[:2] in _UTF16_MARKS:
        raise _utf16_error(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = decode_lenient(data)
        first = data.count(b"\n", 0, exc.start) + 1
        bad_lines = sum(1 for line in split_lines(text) if "\ufffd" in line)
        invalid = sources.Invalid(exc.start, data[exc.start], first)
        _warn_invalid(path, diag, invalid, bad_lines)
    del data
    if text.startswith("\ufeff"):
        _warn_byte_order_mark(path, diag)
    return TextColumn(map(haskell_strip, split_lines(text)))


_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


def _utf16_error(path: str | os.PathLike[str]) -> InputError:
    return InputError(
        "the file is UTF-16 (it starts with a UTF-16 byte-order mark), not UTF-8: GEval "
        "reads UTF-8 and would compare garbage; save it as UTF-8",
        path=path,
        line=1,
    )


def _warn_invalid(
    path: str | os.PathLike[str], diag: Diagnostics, invalid: sources.Invalid, bad_lines: int
) -> None:
    diag.warn(
        f"{sources.invalid_utf8(invalid.byte, invalid.offset)}; GEval replaces each invalid "
        f"byte by U+FFFD ({bad_lines} line(s) affected)",
        path=path,
        line=invalid.line,
    )


def _warn_byte_order_mark(path: str | os.PathLike[str], diag: Diagnostics) -> None:
    diag.warn(
        "the file starts with a byte-order mark; GEval keeps it as the character U+FEFF "
        "at the start of line 1",
        path=path,
        line=1,
    )


class _Packed(NamedTuple):
    """What :func:`_pack_lines` read: whether the text starts with a
    byte-order mark and ends in an empty line (a newline at the end), its
    first invalid byte (``None``: valid UTF-8) and the lines holding a
    U+FFFD."""

    bom: bool
    ends_empty: bool
    invalid: sources.Invalid | None
    bad_lines: int


def _pack_lines(path: str | os.PathLike[str], lines: TextColumn) -> _Packed:
    """Append the stripped lines of a file, decoded as GEval decodes it
    (:func:`decode_lenient`, piece by piece), to ``lines``, and say what
    was read (:class:`_Packed`). :class:`NotFlat` for anything but a
    regular file. The file is read an eighth of
    :data:`~answermatch.sources.PART_BYTES` at a time: a piece's text (two
    bytes a character for Polish) and its split lines come and go while
    the column grows, and smaller pieces leave less of them behind (a gold
    of 600,000 short lines, 7 MB: 2 MB less at the peak of ``check-gold``)."""
    size = max(sources.PART_BYTES // 8, 1)
    # (Decoded looks file_pieces up: tests replace it)
    decoded = sources.Decoded(path, _ERROR_HANDLER, size)
    source = iter(decoded)
    text = next(filter(None, source), "")  # a piece may end before the first character
    bom = text.startswith("\ufeff")
    bad = 0  # the lines holding a U+FFFD
    while True:
        last = text.rfind("\n")
        if last >= 0:  # whole lines, packed as they come
            bad += _pack_whole_lines(text, last, lines)
            text = text[last + 1 :]
        # the line begun in ``text``, packed part by part up to its newline
        line = _OpenLine(text, source)
        del text
        lines.append_parts(_stripped_parts(line.parts()))
        bad += line.bad
        if line.rest is None:  # the end of the file: that was the last line
            return _Packed(bom, line.empty, decoded.invalid, bad)
        text, line.rest = line.rest, None


#: :func:`_pack_whole_lines` splits about this many characters of lines at a time
_LINES_AT_ONCE = 1 << 15


def _pack_whole_lines(text: str, last: int, lines: TextColumn) -> int:
    """Append the stripped lines of ``text[:last]`` (``last``: a newline's
    place) to ``lines``, split about :data:`_LINES_AT_ONCE` characters at a
    time (a piece of a megabyte split at once is 90,000 strings of some 60
    bytes each, several times the piece); how many of them hold a U+FFFD.

    >>> column = TextColumn()
    >>> _pack_whole_lines(" a \\r\\n\\nb\\ufffd\\nrest", 8, column), column[:2], len(column)
    (1, ['a', ''], 3)
    """
    bad, at = 0, 0
    while True:
        stop = last if at + _LINES_AT_ONCE >= last else text.rfind("\n", at, at + _LINES_AT_ONCE)
        if stop < at:  # a line longer than that: up to its end
            stop = text.find("\n", at + _LINES_AT_ONCE)
        whole = text[at:stop].split("\n")
        if text.find("\ufffd", at, stop) >= 0:
            bad += sum(1 for line in whole if "\ufffd" in line)
        whole.reverse()  # each let go once it is packed
        lines.extend(haskell_strip(whole.pop().replace("\r", "")) for _ in range(len(whole)))
        if stop == last:
            return bad
        at = stop + 1


class _OpenLine:
    """A line that starts with ``first`` and continues in the texts of
    ``source`` up to a newline: :meth:`parts` gives its parts, then
    ``rest`` is the text after its newline (``None`` at the end of the
    file) and ``empty`` tells whether the line was empty."""

    def __init__(self, first: str, source: Iterator[str]) -> None:
        self.first, self.source = first, source
        self.rest: str | None = None
        self.empty = True
        self.bad = False  # whether it holds a U+FFFD

    def parts(self) -> Iterator[str]:
        text: str | None = self.first
        self.first = ""
        while text is not None:
            end = text.find("\n")
            if end >= 0:
                self.rest = text[end + 1 :]
                text = text[:end]
            if text:
                self.empty = False
                self.bad = self.bad or "\ufffd" in text
                yield text.replace("\r", "") if "\r" in text else text
            if end >= 0:
                return
            text = next(self.source, None)


def _stripped_parts(parts: Iterable[str]) -> Iterator[str]:
    """The parts of a line, stripped as :func:`haskell_strip` strips the
    joined line (spaces at the end of a part are held until more text
    follows them)."""
    started = False
    held: list[str] = []  # spaces that end the text so far
    for part in parts:
        if not started:
            part = part.lstrip(HASKELL_SPACES)
            if not part:
                continue
            started = True
        body = part.rstrip(HASKELL_SPACES)
        if body:
            yield from held
            held.clear()
            yield body
        if len(body) < len(part):
            held.append(part[len(body) :])


#: A Haskell space: where a text may be cut so that its words, numbers and
#: case mappings are those of the whole text (:func:`haskell_pieces`).
HASKELL_SPACE = re.compile("[" + re.escape(HASKELL_SPACES) + "]")


def haskell_pieces(parts: Iterable[str]) -> Iterator[str]:
    """The text of consecutive ``parts`` again in pieces, each cut just
    before a Haskell space (:data:`HASKELL_SPACES`), so that no word is cut
    (a part without a space is joined to the next).

    >>> list(haskell_pieces(["Ludwik X", "IV i ", "Jan"]))
    ['Ludwik', ' XIV', ' i Jan']
    """
    held = ""
    for part in parts:
        found = HASKELL_SPACE.search(part, 0 if held else 1)  # a piece is never empty
        if found is None:
            held += part  # extended in place: a long run without a space is held once
            continue
        yield held + part[: found.start()]
        held = part[found.start() :]
    if held:
        yield held
