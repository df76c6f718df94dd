"""NLPCC-ICCPOL 2016 KBQA (Chinese knowledge-base QA): precision, recall, F1.

The ``official`` profile reproduces the organisers' ``Eva.exe GOLD PRED``
(as measured in the project's scorer specification):

- Files are blocks of ``<question id=N>\\tQUESTION``, ``<answer id=N>\\tA1\\tA2...``
  and a separator line of ``=`` (any length). The 2016 release adds a
  ``<triple id=N>\\t...`` line between question and answer; it is read and
  ignored (``Eva`` itself rejects that layout). LF and CRLF may be mixed;
  blank lines are ignored.
- The answer fields are TAB-separated; empty fields are dropped and the rest
  form a *set*, compared exactly (case-sensitive, no trimming).
- Per question: ``P = |pred & gold| / |pred|``, ``R = |pred & gold| / |gold|``,
  ``F1 = 2PR / (P + R)`` (0 when nothing matches); an empty gold set gives
  ``P = R = F1 = 1``.
- Averages run over the questions of the *prediction* file (gold questions it
  leaves out are ignored, with a warning: ``strict=True`` makes it an error);
  a predicted id that is not in the gold is an error. The question text of a
  prediction is not compared with the gold's.

The ``fair`` profile normalizes every answer with the ``unicode`` preset
before the sets are compared (width and case folding, punctuation removed),
gives an empty gold set 1 only for an empty prediction (else 0), and averages
over the gold questions (one left out of the predictions scores 0).

It also reports the task guideline's ranked-candidate metrics over the
answers in the order given: ``mrr``, ``accuracy@N`` (``ks`` option, default
1, 3, 5) and ``averaged_f1`` (the guideline's F1, which gives 0, not 1, to an
empty gold set). An answer repeated later in the list is the same candidate
and takes no rank position. Sources: the NLPCC-ICCPOL 2016 open-domain QA
task guideline and overview paper (doi:10.1007/978-3-319-50496-4_89).

Choices where ``Eva`` could not be observed: a byte-order mark (at the start
of the file or of any line) is dropped with a warning (.NET's text readers drop
a leading UTF-8 BOM, so ``Eva`` most likely accepts it; ``--strict`` rejects
it); invalid UTF-8 is replaced by U+FFFD with a warning, as .NET's decoder
does; a duplicate question id, a block out of order, an answer line whose id
differs from its question's, a missing separator, an unknown line, a line
ending in a stray carriage return (``\\r\\r\\n``), an id of more than 18
digits and a file without any question are errors naming the file and line.
All problems of a file are listed at once, on the message's one line (the
first in full, then up to ten more with their lines), and a line is blamed
once. The separator after the file's last block may be left out (the block
is complete without it), as a file that ends without its last ``=`` line
is read.

In memory, gold and predictions are mappings ``{question id: answers}``: the
id an ``int`` or a string of digits, the answers a list of strings in
candidate order or one TAB-separated string (as on an answer line).

>>> from answermatch.tasks import get_task
>>> task = get_task("nlpcc-kbqa")
>>> gold = {1: ["北京"], 2: ["李白", "杜甫"]}
>>> pred = {1: ["上海", "北京"], 2: ["李白"]}
>>> r = task.evaluate(gold, pred)
>>> r.scores["precision"], r.scores["recall"], r.scores["mrr"]
(75.0, 75.0, 75.0)
>>> [(i["id"], i["rank"]) for i in r.items]
[(1, 2), (2, 1)]
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any, ClassVar

from ...checks import (
    GoldChecks,
    QuestionEntry,
    check_duplicate_variant,
    check_empty_variant,
    check_ids,
    check_repeated_question,
    check_scientific_notation,
)
from ...columns import Rows
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...explanation import Explanation, TextView, Variant, unanswered, verdict
from ...items import AsList, ItemColumns, TextColumn
from ...profiles import Settings, choice
from ...ranking import f1, first_relevant_rank, precision, recall
from ...sources import LinePieces, NotFlat, is_path, line_pieces, read_text, source_name
from ..base import (
    FRACTION,
    Aggregation,
    Inputs,
    Scored,
    Stats,
    Summary,
    Task,
    Totals,
    make_signature,
)
from ..parts import ChecksGold, Explains, TakesRows
from .common import LANGUAGES, shown

__all__ = [
    "PROFILES",
    "Block",
    "KbqaFile",
    "KbqaProfile",
    "NlpccKbqa",
    "load_blocks",
    "parse_blocks",
    "parse_lines",
]

NAME = "nlpcc-kbqa"
MAX_LISTED_PROBLEMS = 10
#: The longest question id read (Eva parses ids as machine integers).
MAX_ID_DIGITS = 18


@dataclass(frozen=True)
class KbqaProfile(Settings):
    """Settings of one scoring profile.

    ``empty_gold_score``: P, R and F1 of a question whose gold set is empty
    (``None``: 1 when the prediction is empty too, else 0).
    ``ks``: the default cut-offs of ``accuracy@N``.
    ``norm``: a normalization preset applied to every answer before the sets
    are compared (``None``: exact strings); answers equal after it are one.
    ``over``: the questions averaged over, those of the ``predictions``
    (Eva's rule) or of the ``gold`` (a question left out scores 0).
    """

    empty_gold_score: float | None
    ks: tuple[int, ...] = (1, 3, 5)
    norm: str | None = None
    over: str = choice("predictions", "gold")


PROFILES: dict[str, KbqaProfile] = {
    "official": KbqaProfile("official", empty_gold_score=1.0),
    "fair": KbqaProfile("fair", empty_gold_score=None, norm="unicode", over="gold"),
}


def _keys(answers: tuple[str, ...], norm: str | None) -> tuple[str, ...]:
    """The answers as compared: normalized (preset ``norm``) and kept once,
    empty results dropped; unchanged when ``norm`` is None.

    >>> _keys(("Ｂｅｉｊｉｎｇ", "beijing", "《红楼梦》"), "unicode")
    ('beijing', '红楼梦')
    """
    if norm is None:
        return answers
    return _unique(_normal(a, norm) for a in answers)


#: An answer longer than this many characters is normalized piece by piece
#: (:func:`_normal`).
LONG_ANSWER = 1 << 16


def _normal(answer: str, norm: str) -> str:
    """``normalize(answer, "zh", norm)``; a long answer (a line of many
    candidates not cut at a TAB) is normalized piece by piece, cut before
    ASCII spaces, where the preset reads nothing across one
    (:func:`~answermatch.normalization.parts_normalizer`), so that its
    steps never hold several copies of the whole text, and its normal form
    is made by extending it, without the list of its parts.

    >>> _normal("Ｂｅｉｊｉｎｇ ||| 《红楼梦》", "unicode")
    'beijing 红楼梦'
    """
    from ...normalization import normalize, parts_normalizer

    if len(answer) > LONG_ANSWER:
        parts = parts_normalizer(norm, "zh")
        if parts is not None:  # extended part by part (in place: see _tab_fields), not joined
            normal = ""
            for part in parts(answer):
                normal += f" {part}" if normal else part
            return normal
    return normalize(answer, "zh", norm)


@dataclass(frozen=True)
class Block:
    """One question of a KBQA file.

    ``answers``: the non-empty answer fields in the order given, each kept
    once (its first occurrence). ``line``: the line of ``<question ...>``.
    ``fields``: the answer line's fields as written (empty ones included),
    ``answer_line``: its line (for ``check-gold``).
    """

    id: int
    question: str
    answers: tuple[str, ...]
    line: int
    fields: tuple[str, ...] = field(default=(), repr=False, compare=False)
    answer_line: int | None = field(default=None, repr=False, compare=False)


class Blocks(AsList, Rows[Block]):
    """The blocks of a file held by columns (an array of ids, of lines, the
    questions and the answer fields in UTF-8 buffers): some 40 bytes and
    the text of a question, no object per block or field; each
    :class:`Block` is made when read. Equal to the list of those blocks.

    >>> blocks = Blocks()
    >>> blocks.append(7, "谁?", ("A", "", "B", "A"), 1, 2)
    >>> blocks[0], blocks[0].fields, blocks.position(7), blocks.position(8)
    (Block(id=7, question='谁?', answers=('A', 'B'), line=1), ('A', '', 'B', 'A'), 0, None)
    """

    __slots__ = ("_field_ends", "_fields", "_ids", "_lines", "_long", "_questions", "_sorted")

    def __init__(self) -> None:
        self._ids = array("q")
        self._lines = array("q")  # the question's line, then the answer line, of each block
        self._questions = TextColumn()
        self._fields = TextColumn()  # every block's fields, one after the other
        self._field_ends = array("q")  # where each block's fields end in ``_fields``
        self._long: dict[int, str] = {}  # the fields of more than FIELD_PIECE characters, by place
        self._sorted: tuple[array[int], array[int]] | None = None

    def add_fields(self, line: str, start: int) -> None:
        """Add the answer fields of ``line[start:]`` (split at TABs) to the
        block :meth:`append` adds next, a long line piece by piece."""
        if len(line) - start <= FIELD_PIECE:
            self._fields.extend(line[start:].split("\t"))
            return
        ends = range(start, len(line), FIELD_PIECE)
        self.add_field_pieces(line[at : at + FIELD_PIECE] for at in ends)

    def add_field_pieces(self, pieces: Iterable[str]) -> None:
        """Add the answer fields of the text of ``pieces`` (split at TABs,
        :func:`_tab_fields`) to the block :meth:`append` adds next; a field
        of more than :data:`FIELD_PIECE` characters is kept aside as it is."""
        for found in _tab_fields(pieces):
            if len(found) > FIELD_PIECE:  # kept as it is, not packed again
                self._long[len(self._fields)] = found
                found = ""
            self._fields.extend((found,))
            del found

    def append(
        self, qid: int, question: str, fields: Sequence[str], line: int, answer_line: int
    ) -> None:
        """Add a block: its id, question, answer fields as written (after
        those given to :meth:`add_fields`) and lines."""
        self._ids.append(qid)
        self._lines.extend((line, answer_line))
        self._questions.extend((question,))
        self._fields.extend(fields)
        self._field_ends.append(len(self._fields))
        self._sorted = None

    def __len__(self) -> int:
        return len(self._ids)

    def row(self, k: int) -> Block:
        start = self._field_ends[k - 1] if k else 0
        column, long = self._fields, self._long
        fields = tuple(
            column[i] if i not in long else long[i] for i in range(start, self._field_ends[k])
        )
        return Block(
            self._ids[k],
            self._questions[k],
            _unique(fields),
            self._lines[2 * k],
            fields,
            self._lines[2 * k + 1],
        )

    def __repr__(self) -> str:
        return repr(list(self))  # as the list of blocks it stands for

    def ids(self) -> Iterator[int]:
        """The blocks' ids, in file order (no block made)."""
        return iter(self._ids)

    def position(self, qid: int) -> int | None:
        """The place of the block of question ``qid`` (the first, where an
        id is given twice), or ``None``: a binary search in the ids sorted
        once (16 bytes a block), not a dict of them."""
        if self._sorted is None:
            ids = self._ids
            if all(a < b for a, b in zip(ids, islice(ids, 1, None), strict=False)):
                self._sorted = (ids, array("q"))  # in order already: places are themselves
            else:
                order = sorted(range(len(ids)), key=ids.__getitem__)
                self._sorted = (array("q", map(ids.__getitem__, order)), array("q", order))
                del order
        keys, places = self._sorted
        at = bisect_left(keys, qid)
        if at == len(keys) or keys[at] != qid:
            return None
        return places[at] if places else at


@dataclass(frozen=True)
class KbqaFile:
    """The questions of one file (gold or predictions), in file order."""

    name: str
    blocks: Sequence[Block]

    def by_id(self) -> dict[int, Block]:
        return {b.id: b for b in self.blocks}

    def find(self, qid: int) -> Block | None:
        """The block of question ``qid``, or ``None``."""
        blocks = self.blocks
        if not isinstance(blocks, Blocks):  # a list made by hand
            return self.by_id().get(qid)
        at = blocks.position(qid)
        return None if at is None else blocks[at]

    def has(self, qid: int) -> bool:
        """Whether the file has question ``qid`` (no block made)."""
        blocks = self.blocks
        if not isinstance(blocks, Blocks):
            return qid in self.by_id()
        return blocks.position(qid) is not None


_TAGGED = re.compile(r"<(question|triple|answer) id=([^>]*)>")
_SEPARATOR = re.compile(r"=+[ \t]*")


class _Problems:
    """Collects the parse problems of one file (one per line of the file) and
    raises them together, as one line."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.found: list[tuple[int, str]] = []

    def add(self, line: int, message: str) -> None:
        if self.found and self.found[-1][0] == line:
            return  # a line is blamed once
        self.found.append((line, message))

    def raise_if_any(self) -> None:
        if not self.found:
            return
        (line, first), rest = self.found[0], self.found[1 : 1 + MAX_LISTED_PROBLEMS]
        message = first
        if rest:  # still one line: the others follow the first, each with its line
            message += f" ({len(self.found)} problems in all; also "
            message += "; ".join(f"line {n}: {m}" for n, m in rest)
            left = len(self.found) - 1 - len(rest)
            message += f"; and {left} more)" if left else ")"
        raise InputError(message, path=self.name, line=line)


def _unique(fields: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f for f in fields if f))


def parse_blocks(text: str, name: str, diag: Diagnostics) -> Blocks:
    """Parse the text of a KBQA file (either layout) into blocks, in file order
    (:func:`parse_lines` of its lines).

    >>> text = "<question id=3>\\t谁?\\r\\n<answer id=3>\\tA\\t\\tB\\tA\\n====\\n"
    >>> parse_blocks(text, "pred.txt", Diagnostics())
    [Block(id=3, question='谁?', answers=('A', 'B'), line=1)]
    >>> parse_blocks("<answer id=3>\\tA\\n", "pred.txt", Diagnostics())
    Traceback (most recent call last):
    ...
    answermatch.errors.InputError: pred.txt:1: <answer id=3> comes before any <question> line ...
    """
    return parse_lines(text.split("\n"), name, diag)


def parse_lines(lines: Iterable[str | LinePieces], name: str, diag: Diagnostics) -> Blocks:
    """The blocks of a KBQA file's lines (its text split on ``"\\n"``, the
    last one ``""`` when the text ends in a newline), in file order. The
    warnings come once every line is read, before the problems are raised
    (so that a file read in parts can still be read whole instead, without
    a warning given twice); an answer line's fields are split piece by
    piece, a long field piece by piece (:meth:`Blocks.add_fields`), and a
    long answer line given as its pieces (:func:`~answermatch.sources.line_pieces`)
    is split from them, never joined.
    """
    problems = _Problems(name)
    byte_order_marks: list[int] = []
    blocks = Blocks()
    seen: dict[int, int] = {}
    # the open block: [id, question, question line, answer fields as written or None,
    #                  has a problem, answer line]
    current: list[Any] | None = None

    def close() -> None:
        nonlocal current
        assert current is not None
        qid, question, qline, fields, broken, aline = current
        if fields is None:
            if not broken:  # one problem per block is enough
                problems.add(qline, f"question {qid} has no <answer id={qid}> line")
        else:
            blocks.append(qid, question, fields, qline, aline)
        current = None

    for number, line in enumerate(lines, start=1):
        if type(line) is LinePieces:  # a long line, as its pieces
            start = _answer_start(line, current)
            if start is not None:  # its block's answer line: split from its pieces
                line[0] = line[0][start:]
                blocks.add_field_pieces(line.taken())
                current[3] = ()  # type: ignore[index]
                current[5] = number  # type: ignore[index]
                continue
            line = line.joined()  # anything else: as a line
        if line.endswith("\r"):
            line = line[:-1]
            if line.endswith("\r"):
                problems.add(
                    number,
                    "the line ends in a stray carriage return '\\r' (its line end is "
                    "'\\r\\r\\n'); expected LF or CRLF line ends",
                )
                line = line.rstrip("\r")
        if line.startswith("\ufeff"):
            byte_order_marks.append(number)
            line = line[1:]
        if not line.strip():
            continue
        if _SEPARATOR.fullmatch(line):
            if current is None:
                problems.add(number, "separator line without a question block before it")
            else:
                close()
            continue
        match = _TAGGED.match(line)
        if match is None:
            problems.add(
                number,
                "unknown line: expected <question id=N>, <triple id=N>, "
                f"<answer id=N> or a separator of '=', got {shown(line)}",
            )
            continue
        kind, raw_id = match.groups()
        after = match.end()
        if after < len(line) and line[after] != "\t":
            tag = raw_id if len(raw_id) <= 40 else raw_id[:40] + "..."
            problems.add(number, f"expected a TAB after <{kind} id={tag}>")
            continue
        if not raw_id.isdigit() or not raw_id.isascii():
            problems.add(number, f"expected a numeric id in <{kind} id=...>, got {shown(raw_id)}")
            continue
        if len(raw_id) > MAX_ID_DIGITS:
            problems.add(
                number,
                f"the id in <{kind} id=...> has {len(raw_id)} digits; expected a number of "
                f"at most {MAX_ID_DIGITS} digits",
            )
            continue
        qid = int(raw_id)
        if kind == "question":
            if current is not None:
                if current[3] is not None:
                    problems.add(number, f"missing separator line after question {current[0]}")
                close()
            if qid in seen:
                problems.add(
                    number, f"duplicate question id {qid} (lines {seen[qid]} and {number})"
                )
            else:
                seen[qid] = number
            current = [qid, line[after + 1 :], number, None, False, None]
            continue
        if current is None:
            problems.add(
                number, f"<{kind} id={qid}> comes before any <question> line (block out of order)"
            )
            continue
        if qid != current[0]:
            problems.add(
                number,
                f"<{kind} id={qid}> inside the block of question "
                f"{current[0]} (expected id={current[0]})",
            )
            current[4] = True
            continue
        if current[3] is not None:
            problems.add(
                number,
                f"<{kind} id={qid}> after the answer line of question {qid} "
                "(block out of order or missing separator)",
            )
            continue
        if kind == "answer":
            if after < len(line):
                blocks.add_fields(line, after + 1)
            current[3] = ()
            current[5] = number
    if current is not None:
        close()  # the last block may end without a separator
    for line_number in byte_order_marks:
        diag.warn(
            "byte-order mark (U+FEFF) at the start of the line ignored", path=name, line=line_number
        )
    problems.raise_if_any()
    return blocks


#: Answer lines longer than this are split piece by piece (:func:`_tab_fields`).
FIELD_PIECE = 1 << 16


def _answer_start(line: LinePieces, current: list[Any] | None) -> int | None:
    """Where the fields of the long ``line`` (its pieces) begin in its first
    piece, where it is the answer line that the open block ``current``
    awaits, which :func:`parse_lines` would take without a problem or a
    warning; else ``None`` (the line is then read as one string). A line
    ending in ``"\\r"`` loses it (from its last piece)."""
    if current is None or current[3] is not None or line[-1].endswith("\r\r"):
        return None
    while len(line[0]) < 64 and len(line) > 1:  # the tag within the first piece
        line[:2] = [line[0] + line[1]]
    match = _TAGGED.match(line[0])
    if match is None:
        return None
    kind, raw_id = match.groups()
    after = match.end()
    if (
        kind != "answer"
        or line[0][after : after + 1] != "\t"
        or not (raw_id.isdigit() and raw_id.isascii() and len(raw_id) <= MAX_ID_DIGITS)
        or int(raw_id) != current[0]
    ):
        return None
    if line[-1].endswith("\r"):
        line[-1] = line[-1][:-1]
    return after + 1


def _tab_fields(pieces: Iterable[str]) -> Iterator[str]:
    """The fields of the text of ``pieces`` (``"".join(pieces).split("\\t")``),
    each piece split on its own and a field that goes on over pieces made by
    extending it :data:`FIELD_PIECE` characters at a time: no list of a
    string per field of the whole text, nor the text beside its fields.
    CPython extends a string in place once the loop is warm (its
    ``+=`` specialized after a few rounds), so the first appends, which
    copy, are small ones.

    >>> list(_tab_fields(["a\\tb", "c\\t", "\\ta", "", "b"]))
    ['a', 'bc', '', 'ab']
    """
    field = ""  # a field begun in earlier pieces
    for piece in pieces:
        at = 0  # the piece's text before ``at`` is taken
        while (cut := piece.find("\t", at)) >= 0:
            field += piece[at:cut]
            yield field
            field = ""
            # the fields after it split about FIELD_PIECE characters at a time
            end = piece.find("\t", cut + FIELD_PIECE)
            if end < 0:
                end = piece.rfind("\t")
            if end > cut:
                yield from piece[cut + 1 : end].split("\t")
            at = end + 1
        for start in range(at, len(piece), FIELD_PIECE):  # (a few appends first: see above)
            field += piece[start : start + FIELD_PIECE]
        del piece
    yield field


def _to_id(key: object, name: str) -> int:
    if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < 10**MAX_ID_DIGITS:
        return key
    if isinstance(key, str) and key.isdigit() and key.isascii() and len(key) <= MAX_ID_DIGITS:
        return int(key)
    raise InputError(
        f"question ids must be integers (or strings of digits) of at most {MAX_ID_DIGITS} "
        f"digits, got {shown(key)}",
        path=name,
    )


def load_blocks(source: Any, diag: Diagnostics) -> Blocks:
    """Blocks from a path (plain or ``.gz``) or a mapping ``{id: answers}``.

    ``answers`` is a sequence of strings in candidate order, or one string
    holding TAB-separated answers as in the file.
    """
    name = source_name(source)
    if is_path(source):
        try:  # line by line, in parts of the file (invalid UTF-8 replaced, with a warning)
            lines = line_pieces(source, diag=diag, replace=True)
            return parse_lines(chain.from_iterable(lines), name, diag)
        except NotFlat:  # a pipe...
            return parse_blocks(read_text(source, diag=diag, replace=True), name, diag)
    if not isinstance(source, Mapping):
        raise InputError(
            f"expected a path or a mapping {{question id: answers}}, got {type(source).__name__}",
            path=name,
        )
    blocks = Blocks()
    seen: dict[int, Any] = {}
    for index, (key, value) in enumerate(source.items(), start=1):
        fields = value.split("\t") if isinstance(value, str) else value
        if (
            isinstance(fields, Mapping)
            or not isinstance(fields, Sequence)
            or not all(isinstance(f, str) for f in fields)
        ):
            raise InputError(
                f"answers of question {shown(key)} must be strings: expected a list of answer "
                f"strings or one TAB-separated string, got {shown(value)}",
                path=name,
            )
        qid = _to_id(key, name)
        if qid in seen:
            raise InputError(
                f"duplicate question id {qid} (keys {shown(seen[qid])} and {shown(key)})",
                path=name,
            )
        seen[qid] = key
        blocks.append(qid, "", tuple(fields), index, index)
    return blocks


def _ks(value: Any, default: tuple[int, ...]) -> tuple[int, ...]:
    """The accuracy@N cut-offs from an option value: an int, a list or ``"1,3,5"``.

    >>> _ks("5,1", (1,)), _ks([3], (1,)), _ks(None, (1, 3))
    ((1, 5), (3,), (1, 3))
    """
    if value is None:
        return default
    if isinstance(value, str):
        items: list[Any] = [v.strip() for v in value.split(",")]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        items = [value]
    ks = set()
    for k in items:
        if isinstance(k, str) and k.isdigit() and k.isascii() and len(k) <= MAX_ID_DIGITS:
            k = int(k)
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InputError(
                f"option ks: expected positive integers such as [1, 3, 5], got {shown(value)}"
            )
        ks.add(k)
    return tuple(sorted(ks))


# --- scoring -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Judged:
    """One question as scored: the prediction (``None``: not predicted), the
    gold, the answers as compared, and the item."""

    block: Block | None
    truth: Block
    candidates: tuple[str, ...]
    truth_keys: tuple[str, ...]
    item: dict[str, Any]


def _judge(block: Block | None, truth_block: Block, settings: KbqaProfile) -> _Judged:
    truth_keys = _keys(truth_block.answers, settings.norm)
    truth = set(truth_keys)
    candidates = _keys(block.answers, settings.norm) if block is not None else ()
    if truth:
        p, r = precision(candidates, truth), recall(candidates, truth)
        f = f1(candidates, truth)
    elif settings.empty_gold_score is None:
        p = r = f = 0.0 if candidates else 1.0
    else:
        p = r = f = settings.empty_gold_score
    labels = [c in truth for c in candidates]
    item = {
        "id": truth_block.id,
        "score": f,
        "precision": p,
        "recall": r,
        "f1": f,
        "averaged_f1": f1(candidates, truth),
        "rank": first_relevant_rank(labels),
    }
    return _Judged(block, truth_block, candidates, truth_keys, item)


def _judge_all(inputs: Inputs, settings: KbqaProfile, diag: Diagnostics) -> Iterator[_Judged]:
    """Every scored question, in the order of the items (warns once about
    gold questions without a prediction)."""
    gold: KbqaFile = inputs.gold
    predictions: KbqaFile = inputs.predictions
    missing = [qid for qid in _ids(gold) if not predictions.has(qid)]
    if missing:
        fate = (
            "they are left out of the averages, as Eva does, so they do not lower the score "
            "(the fair profile scores them 0)"
            if settings.over == "predictions"
            else "they score 0"
        )
        diag.warn(
            f"{len(missing)} of {len(gold.blocks)} gold question(s) have no prediction "
            f"(first: id {missing[0]}); {fate}",
            path=predictions.name,
        )
    if settings.over == "predictions":
        for block in predictions.blocks:
            truth = gold.find(block.id)
            assert truth is not None  # read_predictions refuses ids not in the gold
            yield _judge(block, truth, settings)
    else:
        for truth in gold.blocks:
            yield _judge(predictions.find(truth.id), truth, settings)


def _ids(found: KbqaFile) -> Iterable[int]:
    blocks = found.blocks
    return blocks.ids() if isinstance(blocks, Blocks) else (b.id for b in blocks)


#: the figures of an item held as columns of floats, in their order in the item
_FIGURES = ("precision", "recall", "f1", "averaged_f1")


def _item(qid: int, p: float, r: float, f: float, averaged: float, rank: int) -> dict[str, Any]:
    """An item from its columns (``rank`` 0: no correct candidate), as :func:`_judge` makes it."""
    return {
        "id": qid,
        "score": f,
        "precision": p,
        "recall": r,
        "f1": f,
        "averaged_f1": averaged,
        "rank": rank or None,
    }


def _statistics(cutoffs: tuple[int, ...]) -> Callable[[Mapping[str, Any]], Stats]:
    """An item's sums: P, R, F1, reciprocal rank, the guideline's F1, then a
    hit (1.0) or not (0.0) for each cut-off."""

    def statistics(item: Mapping[str, Any]) -> Stats:
        rank = item["rank"]
        return (
            item["precision"],
            item["recall"],
            item["f1"],
            1.0 / rank if rank else 0.0,
            item["averaged_f1"],
            *(1.0 if rank is not None and rank <= k else 0.0 for k in cutoffs),
        )

    return statistics


class NlpccKbqa(Task, Explains, ChecksGold, TakesRows):
    """NLPCC-ICCPOL 2016 KBQA (see :mod:`answermatch.tasks.nlpcc.kbqa`)."""

    name = NAME
    summary = (
        "NLPCC-ICCPOL 2016 KBQA (Chinese): averaged precision, recall and F1 over "
        "answer sets as the organisers' Eva tool, plus MRR, accuracy@N, averaged F1"
    )
    primary = "f1"
    profiles = PROFILES
    languages = LANGUAGES
    options: ClassVar[Mapping[str, str]] = {
        "ks": "cut-offs N of accuracy@N, e.g. [1,3,5] or 1,3,5 (default 1,3,5)"
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": "a path to a KBQA file (Eva's layout or the 2016 release, plain or .gz), or "
        "a mapping {question id: answers}: the id an int or a string of digits, the answers "
        "a list of strings in candidate order or one TAB-separated string",
        "predictions": "the same as the gold: a path or a mapping {question id: answers}",
    }
    item_order = "predictions"
    gold_checks = GoldChecks(
        (
            check_ids,
            check_empty_variant,
            check_duplicate_variant,
            check_scientific_notation,
            check_repeated_question,
        ),
        id_problem=lambda value: (
            None if str(value).strip().isdigit() else f"the id {value!r} is not a number"
        ),
    )

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> KbqaFile:
        name = source_name(source)
        blocks = load_blocks(source, diag)
        if not blocks:
            raise InputError("no questions in the gold file", path=name)
        return KbqaFile(name, blocks)

    def read_predictions(
        self, source: Any, gold: KbqaFile, diag: Diagnostics, **options: Any
    ) -> KbqaFile:
        name = source_name(source)
        blocks = load_blocks(source, diag)
        if not blocks:
            raise InputError("no questions in the prediction file", path=name)
        unknown = [blocks[k] for k, qid in enumerate(blocks.ids()) if not gold.has(qid)]
        if unknown:
            listed = ", ".join(f"{b.id} (line {b.line})" for b in unknown[:MAX_LISTED_PROBLEMS])
            more = "" if len(unknown) <= MAX_LISTED_PROBLEMS else ", ..."
            raise InputError(
                f"{len(unknown)} predicted question id(s) not in the gold file "
                f"{gold.name}: {listed}{more}",
                path=name,
                line=unknown[0].line,
            )
        return KbqaFile(name, blocks)

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[dict[Any, Any], dict[Any, Any]]:
        """Rows ``{key: question id, "answers": gold answers, prediction:
        candidates}`` as the two mappings ``{question id: answers}`` (a
        ``None`` prediction: the question is not answered).

        >>> NlpccKbqa().split_rows([{"id": 8, "answers": ["梅とら"], "prediction": "梅とら\\tx"},
        ...                         {"id": 9, "answers": "2013年", "prediction": None}])
        ({8: ['梅とら'], 9: '2013年'}, {8: '梅とら\\tx'})
        """
        gold = {row[key]: row.get("answers") for row in rows}
        answers = {row[key]: row[prediction] for row in rows if row.get(prediction) is not None}
        return gold, answers

    def score(
        self, inputs: Inputs, settings: KbqaProfile, diag: Diagnostics, **options: Any
    ) -> Scored:
        cutoffs = _ks(options.get("ks"), settings.ks)
        # by columns (some 50 bytes an item), each item's dict made when read
        ids, ranks = array("q"), array("q")
        figures = [array("d") for _ in _FIGURES]
        for judged in _judge_all(inputs, settings, diag):
            item = judged.item
            ids.append(item["id"])
            ranks.append(item["rank"] or 0)
            for column, key in zip(figures, _FIGURES, strict=True):
                column.append(item[key])
        items = ItemColumns(
            {"id": ids, **dict(zip(_FIGURES, figures, strict=True)), "rank": ranks}, _item
        )
        fair = {
            "empty_gold": "match-empty" if settings.empty_gold_score is None else None,
            "over": "gold" if settings.over == "gold" else None,
        }
        signature = make_signature(
            NAME,
            self.profile_name(settings),
            norm=settings.norm,
            extra={
                "match": "set,exact" if settings.norm is None else "set,normalized",
                "ks": ",".join(map(str, cutoffs)),
                **{key: value for key, value in fair.items() if value is not None},
            },
        )
        return Scored(items, signature)

    def option_fields(self, settings: KbqaProfile, **options: Any) -> dict[str, str | None]:
        """``ks``: the accuracy@N cut-offs."""
        cutoffs = _ks(options.get("ks"), self.settings(settings).ks)
        return {"ks": ",".join(map(str, cutoffs))}

    def aggregation(self, settings: KbqaProfile, **options: Any) -> Aggregation:
        """Pooled means over the items, in percent: precision, recall, F1,
        MRR, accuracy@N (share of items whose first correct candidate is
        within the first N) and the guideline's averaged F1."""
        cutoffs = _ks(options.get("ks"), settings.ks)
        width = 5 + len(cutoffs)

        def combine(totals: Totals, rows: list[Stats] | None) -> Summary:
            n, sums = totals.get(None, (0, (0.0,) * width))

            def mean(total: float) -> float:
                return 100.0 * total / n if n else 0.0

            scores = {
                key: mean(sums[k]) for k, key in enumerate(("precision", "recall", "f1", "mrr"))
            }
            scores.update({f"accuracy@{k}": mean(sums[5 + j]) for j, k in enumerate(cutoffs)})
            scores["averaged_f1"] = mean(sums[4])
            return Summary(scores)

        return Aggregation(
            statistics=_statistics(cutoffs),
            combine=combine,
            primary="f1",
            ranges=(FRACTION,) * width,
        )

    def explain(
        self, inputs: Inputs, settings: KbqaProfile, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        """Per question: the answers as compared, each gold answer and whether
        the prediction has it, the set figures and the first correct rank."""
        profile = self.profile_name(settings)
        match = "exact" if settings.norm is None else f"equal after the {settings.norm} preset"
        for judged in _judge_all(inputs, settings, diag):
            item = judged.item
            scores = {k: item[k] for k in ("score", "precision", "recall", "f1")}
            if judged.block is None:
                yield unanswered(NAME, profile, item["id"], "zh", judged.truth.answers, scores)
                continue
            common = set(judged.candidates) & set(judged.truth_keys)
            if judged.truth_keys:
                rule = "set overlap: P = |pred ∩ gold| / |pred|, R = |pred ∩ gold| / |gold|"
            elif settings.empty_gold_score is None:
                rule = "empty gold set: 1 for an empty prediction, else 0"
            else:
                rule = "empty gold set: P = R = F1 = the profile's empty_gold_score"
            raw = judged.block.answers
            keys = _keys_each(judged.truth.answers, settings)
            key_of = dict(zip(judged.truth.answers, keys, strict=True))
            yield Explanation(
                NAME,
                profile,
                item["id"],
                "zh",
                TextView("\t".join(raw), "\t".join(judged.candidates), judged.candidates),
                tuple(
                    Variant(TextView(a, key_of[a]), {}, match, key_of[a] in common)
                    for a in judged.truth.answers
                ),
                rule,
                scores,
                verdict(item["f1"]),
                {
                    "common": sorted(common),
                    "rank": item["rank"],
                    "averaged_f1": item["averaged_f1"],
                },
            )

    def gold_entries(self, gold: KbqaFile) -> Iterable[QuestionEntry]:
        for block in gold.blocks:
            yield QuestionEntry(block.id, block.answer_line, block.fields, "zh", "", block.question)


def _keys_each(answers: tuple[str, ...], settings: KbqaProfile) -> list[str]:
    """Each answer as compared (one per answer, unlike :func:`_keys`)."""
    if settings.norm is None:
        return list(answers)
    return [_normal(a, settings.norm) for a in answers]
