"""NLPCC-ICCPOL 2016 DBQA (Chinese answer-sentence selection): MRR and MAP.

Gold is the test file, one ``question\\tsentence\\tlabel`` line per candidate
sentence (label ``1`` = the sentence answers the question, ``0`` = not).
Predictions are a score file with one number per line, line *i* scoring
test line *i*; higher means more likely to be an answer.

The organisers' scorer was never published; the ``official`` profile follows
the task guideline (NLPCC-ICCPOL 2016 open-domain QA overview,
doi:10.1007/978-3-319-50496-4_89):

- a question's sentences are ranked by descending score;
- ``mrr``: mean over questions of ``1 / rank`` of the first correct sentence
  (0 when none is correct);
- ``map``: mean of ``AveP = sum_k P(k) rel(k) / min(m, n)``, with ``m`` the
  question's correct sentences, ``n`` its ranked sentences and ``P(k)`` the
  precision of the top ``k`` (``AveP = 0`` when ``min(m, n) = 0``). Since
  every sentence is ranked, ``min(m, n) = m`` here: the usual IR AP.

What public re-implementations disagree on is an option here (defaults in the
profile):

- ``grouping="consecutive"`` (default): a question is a run of consecutive
  lines with the same question text; the score file is streamed, one
  question at a time. ``grouping="text"`` gathers all lines with the same
  question text wherever they are; it holds every score in memory. Under
  ``consecutive``, a question text that comes back after another question is
  scored as a new question, with a warning.
- ``ties="input"`` (default): equal scores keep the file order;
  ``"pessimistic"`` puts incorrect sentences first among equal scores,
  ``"optimistic"`` correct ones (they bracket every other order).
- ``skip_no_positive=False`` (default): a question without any correct
  sentence counts as 0 in both means; ``True`` leaves it out (and out of the
  items).
- ``lenient_labels=False`` (default): a label other than ``0``/``1`` is an
  error; ``True`` reads the letter ``O``/``o`` (a typo in the guideline's own
  example) as ``0`` with one warning; any other label is still an error.

Profile ``fair``: the same, except ``ties="pessimistic"`` by default (an
explicit ``ties`` option still wins), so equal scores never profit from the
order of the test file.

Input rules: the test file has exactly three TAB-separated columns; a label
is ``0`` or ``1``, and one with spaces around it (``" 0"``, ``"1 "``) is
read as that label with one warning (``strict=True`` makes it an error); the
score file has exactly as many lines as the test file and every score is a
finite number; both are UTF-8 (a leading byte-order mark is dropped with a
warning) with LF or CRLF line ends, plain or ``.gz``. The test file is read
once, whole, into compact columns (a byte per line for the label, the text
and first line of each question); ``score``, ``explain`` and ``check-gold``
all read it with the same reader.

In memory, the gold is an iterable of rows, each a ``(question, sentence,
label)`` triple or a mapping with those keys (:class:`DbqaRow`), and the
predictions an iterable of numbers, one per row.

Items: one per question, in file order: ``id`` (1-based question number),
``question``, ``line`` (its first line), ``score`` (reciprocal rank),
``ap``, ``rank`` (of the first correct sentence, or ``None``),
``n_sentences``, ``n_correct``.

>>> from answermatch.tasks import get_task
>>> gold = [("q1", "s1", 0), ("q1", "s2", 1), ("q2", "s3", 1), ("q2", "s4", 0)]
>>> r = get_task("nlpcc-dbqa").evaluate(gold, [0.9, 0.1, 0.3, 0.2])
>>> r.scores
{'mrr': 75.0, 'map': 75.0}
>>> [(i["id"], i["rank"], i["ap"]) for i in r.items]
[(1, 2, 0.5), (2, 1, 1.0)]
"""

from __future__ import annotations

import gzip
import math
import os
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import Any, ClassVar, TypedDict

from ...checks import (
    Entry,
    GoldChecks,
    check_duplicate_variant,
    check_empty_variant,
    check_no_positive,
    check_split_question,
)
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...explanation import Explanation, TextView, Variant
from ...items import LONG_BYTES, TextColumn
from ...matchers.answers import JoinedKey
from ...profiles import Settings, choice
from ...progress import progress
from ...ranking import (
    AP_DENOMINATORS,
    TIE_POLICIES,
    average_precision,
    first_relevant_rank,
    reciprocal_rank,
)
from ...sources import is_path, source_name
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

__all__ = ["GROUPINGS", "PROFILES", "DbqaGold", "DbqaProfile", "DbqaRow", "NlpccDbqa", "iter_lines"]

NAME = "nlpcc-dbqa"


class DbqaRow(TypedDict):
    """One line of the test file, as a mapping (a ``(question, sentence,
    label)`` triple is accepted too). ``label``: 1 (the sentence answers the
    question) or 0; the strings ``"1"``/``"0"`` and ``True``/``False`` too."""

    question: str
    sentence: str
    label: int


#: grouping name -> what it groups (the questions are built in :func:`_questions`)
GROUPINGS: dict[str, str] = {
    "consecutive": "runs of consecutive lines with the same question text (streamed)",
    "text": "all lines with the same question text, wherever they are (held in memory)",
}


@dataclass(frozen=True)
class DbqaProfile(Settings):
    """Settings of one scoring profile (the options' defaults).

    ``grouping``: a key of :data:`GROUPINGS`; ``ties``: a key of
    :data:`answermatch.ranking.TIE_POLICIES`; ``ap_denominator``: a key of
    :data:`answermatch.ranking.AP_DENOMINATORS`.
    """

    grouping: str = choice(*GROUPINGS)
    ties: str = choice(*TIE_POLICIES)
    skip_no_positive: bool = choice(False, True)
    lenient_labels: bool = choice(False, True)
    ap_denominator: str = choice(*AP_DENOMINATORS)


#: ``fair`` ranks equal scores pessimistically (incorrect sentences first):
#: a system is never rewarded for the order of the input file, and a system
#: that gives every sentence the same score gets the lowest figures possible.
PROFILES: dict[str, DbqaProfile] = {
    "official": DbqaProfile("official"),
    "fair": DbqaProfile("fair", ties="pessimistic"),
}


# ---------------------------------------------------------------- reading


def _bad_utf8_line(path: str) -> tuple[int, str]:
    """Line number and description of the first invalid UTF-8 byte (slow path)."""
    opener: Callable[..., Any] = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as fh:
        for number, raw in enumerate(fh, start=1):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                return number, f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); expected UTF-8 text"
    return 0, "invalid UTF-8"  # pragma: no cover - the decoder failed, so a line is bad


def _check_file(name: str) -> None:
    if not Path(name).exists():
        raise InputError("no such file", path=name)
    if Path(name).is_dir():
        raise InputError("is a directory, expected a file", path=name)


#: the characters of a line read at a time (a longer line comes in pieces)
_PIECE = 1 << 16


def _pieces(path: str | os.PathLike[str], diag: Diagnostics | None) -> Iterator[str]:
    """The text of a file (plain or ``.gz``) in pieces of at most
    :data:`_PIECE` characters, each within one line: a piece that ends
    with a newline ends its line.

    A byte-order mark at the start is dropped, with a warning through
    ``diag`` (none when ``diag`` is ``None``); invalid UTF-8 is an error
    naming the line.
    """
    name = os.fspath(path)
    opener: Callable[..., Any] = gzip.open if name.endswith(".gz") else open
    _check_file(name)
    try:
        with opener(name, "rt", encoding="utf-8", newline="\n") as fh:
            first = fh.readline(_PIECE)
            if first.startswith("\ufeff"):
                if diag is not None:
                    diag.warn("byte-order mark at the start of the file ignored", path=name, line=1)
                first = first[1:]
            if first:
                yield first
            while piece := fh.readline(_PIECE):
                yield piece
    except UnicodeDecodeError:
        number, message = _bad_utf8_line(name)
        raise InputError(message, path=name, line=number) from None
    except (OSError, EOFError) as exc:
        raise InputError(f"cannot read file ({exc})", path=name) from None


def iter_lines(path: str | os.PathLike[str], diag: Diagnostics | None) -> Iterator[str]:
    """The lines of a text file (plain or ``.gz``), line ends removed, streamed
    (a byte-order mark and invalid UTF-8 as in :func:`_pieces`)."""
    parts: list[str] = []
    for piece in _pieces(path, diag):
        if not piece.endswith("\n"):
            parts.append(piece)
            continue
        if parts:
            parts.append(piece)
            piece, parts = "".join(parts), []
        yield piece.rstrip("\r\n")
    if parts:
        yield "".join(parts).rstrip("\r\n")


def _line_fields(
    path: str | os.PathLike[str], diag: Diagnostics | None
) -> Iterator[tuple[str, int, str]]:
    """(first TAB-separated field, number of TABs, last field) of each line
    of a file, the line end removed: the fields between are never held (a
    long sentence is read a piece at a time and let go).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
    ...     _ = fh.write("q1\\ta long sentence\\t1\\r\\nno tab\\nq2\\tx\\ty\\t0")
    >>> list(_line_fields(fh.name, Diagnostics()))
    [('q1', 2, '1'), ('no tab', 0, 'no tab'), ('q2', 3, '0')]
    >>> os.unlink(fh.name)
    """
    head: list[str] | None = []  # the pieces of the first field until its TAB
    first, tabs, tail = "", 0, []  # the pieces since the last TAB
    started = False
    for piece in _pieces(path, diag):
        started = True
        at = piece.find("\t")
        if at >= 0:
            if head is not None:
                head.append(piece[:at])
                first, head = "".join(head), None
            tabs += piece.count("\t", at)
            tail = [piece[piece.rindex("\t") + 1 :]]
        elif head is not None:
            head.append(piece)
        else:
            tail.append(piece)
        if piece.endswith("\n"):
            yield _ended(head, first, tabs, tail)
            head, first, tabs, tail, started = [], "", 0, [], False
    if started:
        yield _ended(head, first, tabs, tail)


def _ended(head: list[str] | None, first: str, tabs: int, tail: list[str]) -> tuple[str, int, str]:
    """A line's fields for :func:`_line_fields` once it has ended: without a
    TAB (``head`` still gathering), the whole line is its first and last."""
    if head is not None:
        line = "".join(head).rstrip("\r\n")
        return line, tabs, line
    return first, tabs, "".join(tail).rstrip("\r\n")


@dataclass
class DbqaGold:
    """A test file read into columns.

    ``texts[k]`` and ``starts[k]``: the question text and first line
    (1-based) of the ``k``-th run of consecutive lines with the same
    question; ``labels``: one byte (0 or 1) per line; ``repeats``: ``(line,
    earlier line)`` of each run whose text an earlier run had;
    ``sentences``: kept for a loaded gold only (a file's are read again
    when needed, by :func:`sentences`); ``source``: the path, if any.
    """

    name: str
    texts: list[str]
    starts: array[int]
    labels: bytearray
    repeats: list[tuple[int, int]]
    sentences: list[str] | None = None
    source: Any = None

    def runs(self) -> Iterator[tuple[str, int, int]]:
        """``(question text, first line, end line)`` of each run (end excluded)."""
        starts, last = self.starts, len(self.starts) - 1
        for k, text in enumerate(self.texts):
            yield text, starts[k], starts[k + 1] if k < last else len(self.labels) + 1


class _LabelReader:
    """Reads labels other than the exact strings ``"0"``/``"1"`` (the slow
    path) and remembers what to warn about."""

    def __init__(self, name: str, lenient: bool) -> None:
        self.name = name
        self.lenient = lenient
        self.letter_o: list[int] = []
        self.spaced: list[tuple[int, str]] = []

    def read(self, raw: Any, number: int) -> int:
        if isinstance(raw, (bool, int)) and raw in (0, 1):
            return int(raw)
        text = raw.strip() if isinstance(raw, str) else raw
        if text in ("0", "1"):
            self.spaced.append((number, raw))
            return int(text)
        if self.lenient and text in ("O", "o"):
            self.letter_o.append(number)
            return 0
        hint = " (option lenient_labels=True reads the letter O as 0)" if text in ("O", "o") else ""
        raise InputError(
            f"expected the label 0 or 1, got {shown(raw)}{hint}", path=self.name, line=number
        )

    def warn(self, diag: Diagnostics) -> None:
        if self.spaced:
            line, raw = self.spaced[0]
            diag.warn(
                f"{len(self.spaced)} label(s) with spaces around them read as 0 or 1 "
                f"(first: line {line}, {raw!r}); expected exactly 0 or 1",
                path=self.name,
                line=line,
            )
        if self.letter_o:
            diag.warn(
                f"the letter O read as label 0 on {len(self.letter_o)} line(s) "
                f"(lenient_labels=True); first: line {self.letter_o[0]}",
                path=self.name,
                line=self.letter_o[0],
            )


_ROW_SHAPE = (
    "expected a (question, sentence, label) triple or a mapping with the keys "
    "question, sentence and label"
)


def _file_rows(path: Any, diag: Diagnostics) -> Iterator[tuple[str, str | None, Any]]:
    """The question and label of each line (the sentence is not read: None)."""
    name = source_name(path)
    for number, (question, tabs, label) in enumerate(_line_fields(path, diag), start=1):
        if tabs != 2:
            raise InputError(
                f"expected 3 TAB-separated columns (question, sentence, label), got {tabs + 1}",
                path=name,
                line=number,
            )
        yield question, None, label


def _object_rows(source: Any) -> Iterator[tuple[str, str, Any]]:
    name = source_name(source)
    if isinstance(source, (str, bytes, Mapping)) or not isinstance(source, Iterable):
        raise InputError(
            f"expected a path or an iterable of rows ({_ROW_SHAPE[11:]}), "
            f"got {type(source).__name__}",
            path=name,
        )
    for number, row in enumerate(source, start=1):
        if isinstance(row, Mapping):
            missing = [k for k in ("question", "sentence", "label") if k not in row]
            if missing:
                raise InputError(
                    f"{_ROW_SHAPE}, got a mapping without {', '.join(missing)}: {shown(row)}",
                    path=name,
                    line=number,
                )
            question, sentence, label = row["question"], row["sentence"], row["label"]
        elif isinstance(row, (tuple, list)) and len(row) == 3:
            question, sentence, label = row
        else:
            raise InputError(f"{_ROW_SHAPE}, got {shown(row)}", path=name, line=number)
        if not isinstance(question, str) or not isinstance(sentence, str):
            raise InputError(
                f"{_ROW_SHAPE}, with the question and the sentence as strings, got {shown(row)}",
                path=name,
                line=number,
            )
        yield question, sentence, label


def read_test_file(source: Any, diag: Diagnostics, *, lenient: bool = False) -> DbqaGold:
    """The test file (or rows) ``source`` as a :class:`DbqaGold`, checked."""
    name = source_name(source)
    path = is_path(source)
    rows = _file_rows(source, diag) if path else _object_rows(source)
    sentences: list[str] | None = None if path else []
    labels = bytearray()
    texts: list[str] = []
    starts = array("l")
    repeats: list[tuple[int, int]] = []
    seen: dict[str, int] = {}
    slow = _LabelReader(name, lenient)
    previous: str | None = None
    number = 0
    for number, (question, sentence, raw) in enumerate(rows, start=1):
        if raw == "1":
            labels.append(1)
        elif raw == "0":
            labels.append(0)
        else:
            labels.append(slow.read(raw, number))
        if sentences is not None:
            sentences.append(sentence)
        if question != previous:
            earlier = seen.get(question)
            if earlier is None:
                seen[question] = number
            else:
                repeats.append((number, earlier))
            texts.append(question)
            starts.append(number)
            previous = question
    if not number:
        raise InputError("the test file has no lines", path=name)
    slow.warn(diag)
    return DbqaGold(name, texts, starts, labels, repeats, sentences, source if path else None)


def sentences(gold: DbqaGold) -> Sequence[str]:
    """The sentence of every line of the test file (read again from a file,
    into a :class:`~answermatch.items.TextColumn`: about the size of their
    text; a long sentence encoded there piece by piece as it is read, never
    made whole: :func:`_shown` reads it by its parts)."""
    if gold.sentences is not None:
        return gold.sentences
    column = TextColumn()
    short: list[str] = []  # the sentences of one piece, added a batch at a time
    parts = _middle_pieces(gold.source)
    for part in parts:
        more = None if part is None else next(parts)
        if more is None:
            short.append(part or "")
            if len(short) >= _BATCH:
                column.extend(short)
                short.clear()
            continue
        column.extend(short)
        short.clear()
        column.append_parts(chain((part, more), iter(parts.__next__, None)))
    column.extend(short)
    return column


#: the sentences :func:`sentences` adds to its column at once
_BATCH = 1 << 12


def _sentence_texts(path: Any) -> Iterator[str]:
    """The sentence of each line of the test file at ``path``, one at a
    time (``check-gold`` reads them in order, a block of questions at a
    time). A long sentence is made by appending its pieces to it: CPython
    resizes a string that nothing else refers to in place (``+=``), so the
    sentence is not held twice, as its pieces and their join, while it is
    made.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
    ...     _ = fh.write("q1\\ts1\\t1\\r\\nq1\\t\\t0\\nq2\\tlast\\t1")
    >>> list(_sentence_texts(fh.name))
    ['s1', '', 'last']
    >>> os.unlink(fh.name)
    """
    parts = _middle_pieces(path)
    for part in parts:
        if part is None:
            yield ""
            continue
        text = part
        for more in iter(parts.__next__, None):
            text += more  # in place (nothing else holds text once its first piece is copied)
        yield text


def _middle_pieces(path: Any) -> Iterator[str | None]:
    """The second TAB-separated field (the sentence) of each line of the
    file at ``path``, in non-empty pieces of at most :data:`_PIECE`
    characters, each line's followed by ``None``: a long sentence is read
    a piece at a time. A field that runs to the end of its line (a line
    with one TAB; the reader refuses those) ends without the line end; a
    line without a TAB has no pieces.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
    ...     _ = fh.write("q1\\ts1\\t1\\r\\nq1\\t\\t0\\nno tab\\nq2\\tlast\\r\\n")
    >>> list(_middle_pieces(fh.name))
    ['s1', None, None, None, 'last', None]
    >>> os.unlink(fh.name)
    """
    tabs = 0  # the TABs of the line read so far, up to 2
    started = False
    held = ""  # CRs at the end of a piece of a field that may run to the line's end
    for piece in _pieces(path, None):
        started = True
        ended = piece.endswith("\n")
        at = 0
        if tabs == 0 and (at := piece.find("\t") + 1):
            tabs = 1
        if tabs == 1:
            stop = piece.find("\t", at)
            if stop >= 0:
                tabs = 2
                part = held + piece[at:stop]
            else:  # the line's end, if it comes in this piece, is not the field's
                part = (held + piece[at:]).rstrip("\r\n" if ended else "\r")
                held = "" if ended else "\r" * (len(piece) - at - len(part) + len(held))
            if part:
                yield part
        if ended:
            yield None
            tabs, started, held = 0, False, ""
    if started:
        yield None


def _shown(column: Sequence[str], index: int) -> str | JoinedKey:
    """Sentence ``index`` of :func:`sentences`' column as ``explain`` shows
    it: a long one (more than :data:`~answermatch.items.LONG_BYTES` bytes)
    as a :class:`~answermatch.matchers.answers.JoinedKey` of its parts,
    decoded a part at a time when it is written, not whole."""
    if not isinstance(column, TextColumn) or column.size(index) <= LONG_BYTES:
        return column[index]
    length = sum(map(len, column.parts(index)))
    return JoinedKey(length, lambda: column.parts(index), sep="")


@dataclass(frozen=True)
class DbqaScores:
    """The score file (a path, streamed when scoring) or the loaded scores;
    ``diag`` receives the warnings of reading the file."""

    name: str
    source: Any
    diag: Diagnostics | None = field(default=None, repr=False, compare=False)


def _bad_score(raw: Any, name: str, number: int) -> InputError:
    return InputError(
        f"expected a finite number (one score per line), got {shown(raw)}", path=name, line=number
    )


def _mismatch(
    n_scores: int, n_gold: int, gold_name: str, pred_name: str, line: int | None
) -> InputError:
    lines = "line" if n_scores == 1 else "lines"
    return InputError(
        f"the score file has {n_scores} {lines} but the test file {gold_name} has {n_gold}: "
        "expected one score per test line",
        path=pred_name,
        line=line,
    )


def _to_floats(raw: list[Any], first: int, name: str, loaded: bool) -> list[float]:
    """``raw`` scores (line ``first`` onwards) as finite floats."""
    try:
        values = list(map(float, raw))
    except (TypeError, ValueError, OverflowError):
        values = []
    if (
        len(values) == len(raw)
        and all(map(math.isfinite, values))
        and (not loaded or not any(type(x) is bool for x in raw))
    ):
        return values
    for offset, value in enumerate(raw):  # slow path: find the first bad score
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            raise _bad_score(value, name, first + offset) from None
        if not math.isfinite(number) or isinstance(value, bool):
            raise _bad_score(value, name, first + offset)
    raise AssertionError("unreachable")  # pragma: no cover


class _ScoreStream:
    """The scores, taken question by question, checked against the test file."""

    def __init__(self, scores: DbqaScores, gold: DbqaGold) -> None:
        self.name, self.gold = scores.name, gold
        self.loaded = not is_path(scores.source)
        self.lines: Iterator[Any] = (
            iter(scores.source) if self.loaded else iter_lines(scores.source, scores.diag)
        )
        self.read = 0

    def take(self, count: int) -> list[float]:
        raw = list(islice(self.lines, count))
        values = _to_floats(raw, self.read + 1, self.name, self.loaded)
        self.read += len(raw)
        if len(raw) < count:
            raise _mismatch(self.read, len(self.gold.labels), self.gold.name, self.name, None)
        return values

    def finish(self) -> None:
        extra = sum(1 for _ in self.lines)
        if extra:
            n = len(self.gold.labels)
            raise _mismatch(n + extra, n, self.gold.name, self.name, n + 1)


# ---------------------------------------------------------------- scoring


def _settings(settings: DbqaProfile, options: Mapping[str, Any]) -> DbqaProfile:
    chosen = {k: options.get(k) for k in ("grouping", "ties", "skip_no_positive", "lenient_labels")}
    for key, value in chosen.items():
        known = DbqaProfile.choices(key)
        flag = isinstance(known[0], bool)
        if value is not None and (isinstance(value, bool) is not flag or value not in known):
            expected = "true or false" if flag else f"one of {', '.join(known)}"
            raise InputError(f"option {key}: expected {expected}, got {shown(value)}")
    return settings.replace(**{k: v for k, v in chosen.items() if v is not None})


def _fields(settings: DbqaProfile) -> dict[str, str | None]:
    """The signature's fields of the ranking choices of ``settings``."""
    return {
        "grouping": settings.grouping,
        "ties": settings.ties,
        "no_positive": "skip" if settings.skip_no_positive else "zero",
        "labels": "lenient" if settings.lenient_labels else "0/1",
        "ap": settings.ap_denominator,
    }


@dataclass(frozen=True)
class _Question:
    """One question as ranked: its text, first line, and its sentences'
    lines, scores and labels in file order."""

    text: str
    first: int
    lines: Sequence[int]
    scores: list[float]
    labels: bytes | bytearray


def _questions(inputs: Inputs, settings: DbqaProfile, diag: Diagnostics) -> Iterator[_Question]:
    """Every question of the test file with its scores, in item order."""
    gold: DbqaGold = inputs.gold
    stream = _ScoreStream(inputs.predictions, gold)
    labels = gold.labels
    runs: Iterable[tuple[str, int, int]] = gold.runs()
    if diag.progress:
        runs = progress(runs, total=len(gold.starts), desc=NAME)
    if settings.grouping == "consecutive":
        for text, start, end in runs:
            scores = stream.take(end - start)
            yield _Question(text, start, range(start, end), scores, labels[start - 1 : end - 1])
        stream.finish()
        if gold.repeats:
            line, earlier = gold.repeats[0]
            diag.warn(
                f"{len(gold.repeats)} question(s) repeat the text of an earlier, separate group "
                f"(first: line {line}, seen at line {earlier}); grouping='consecutive' scores "
                "them as separate questions, grouping='text' would merge them",
                path=gold.name,
                line=line,
            )
        return
    everything = stream.take(len(labels))
    stream.finish()
    merged: dict[str, list[tuple[int, int]]] = {}
    for text, start, end in runs:
        merged.setdefault(text, []).append((start, end))
    for text, spans in merged.items():
        lines = [n for start, end in spans for n in range(start, end)]
        yield _Question(
            text,
            spans[0][0],
            lines,
            [everything[n - 1] for n in lines],
            bytes(labels[n - 1] for n in lines),
        )


def _figures(ranked: list[bool], denominator: str) -> tuple[float, float, int | None, int]:
    """Reciprocal rank, average precision, first correct rank and number of
    correct sentences of one ranking."""
    return (
        reciprocal_rank(ranked),
        average_precision(ranked, denominator=denominator),  # type: ignore[arg-type]
        first_relevant_rank(ranked),
        sum(ranked),
    )


class NlpccDbqa(Task, Explains, ChecksGold, TakesRows):
    """NLPCC-ICCPOL 2016 DBQA (see :mod:`answermatch.tasks.nlpcc.dbqa`)."""

    name = NAME
    plain_answers = (
        "it ranks candidate sentences by score; its gold is labelled (question, sentence) "
        "pairs, not answer texts: score its files with answermatch.evaluate"
    )
    summary = (
        "NLPCC-ICCPOL 2016 DBQA (Chinese answer-sentence selection): MRR and MAP "
        "over each question's sentences ranked by score (task guideline)"
    )
    primary = "mrr"
    profiles = PROFILES
    languages = LANGUAGES
    options: ClassVar[Mapping[str, str]] = {
        "grouping": "consecutive (default: runs of lines with the same question, streamed) "
        "or text (same question text anywhere, held in memory)",
        "ties": "order of equal scores: input (official default), pessimistic (incorrect "
        "first; fair default) or "
        "optimistic (correct first)",
        "skip_no_positive": "leave out questions without a correct sentence "
        "(default false: they count as 0)",
        "lenient_labels": "read the letter O as label 0, with a warning (default false: an error)",
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": "a path to the test file (question<TAB>sentence<TAB>label lines, plain or .gz), "
        'or an iterable of rows, each a (question, sentence, label) triple or a {"question": '
        'str, "sentence": str, "label": 0 or 1} mapping',
        "predictions": "a path to the score file (one number per line), or an iterable of "
        "numbers, one per test line",
    }
    gold_checks = GoldChecks(
        (check_no_positive, check_split_question, check_empty_variant, check_duplicate_variant)
    )

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> DbqaGold:
        lenient = options.get("lenient_labels")
        if lenient is not None and not isinstance(lenient, bool):
            raise InputError(f"option lenient_labels: expected true or false, got {shown(lenient)}")
        return read_test_file(source, diag, lenient=bool(lenient))

    def read_predictions(
        self, source: Any, gold: DbqaGold, diag: Diagnostics, **options: Any
    ) -> DbqaScores:
        name = source_name(source)
        if is_path(source):
            _check_file(name)
        elif isinstance(source, (str, bytes, Mapping)) or not isinstance(source, Iterable):
            raise InputError(
                "expected a path or an iterable of scores (one number per test line), "
                f"got {type(source).__name__}",
                path=name,
            )
        return DbqaScores(name, source, diag)

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[list[dict[str, Any]], list[Any]]:
        """Rows ``{"question", "sentence", "label", prediction: score}`` (one
        per test line) as the test rows and the aligned list of scores. A
        question is scored within one batch: keep each question's lines
        together in one partition (as the test file keeps them together).

        >>> NlpccDbqa().split_rows([{"question": "q", "sentence": "s", "label": 1,
        ...                          "prediction": 0.5}])
        ([{'question': 'q', 'sentence': 's', 'label': 1}], [0.5])
        """
        gold = [{k: v for k, v in row.items() if k != prediction} for row in rows]
        return gold, [row.get(prediction) for row in rows]

    def score(
        self, inputs: Inputs, settings: DbqaProfile, diag: Diagnostics, **options: Any
    ) -> Scored:
        profile = self.profile_name(settings)
        settings = _settings(settings, options)
        key = TIE_POLICIES[settings.ties]
        items: list[dict[str, Any]] = []
        for index, question in enumerate(_questions(inputs, settings, diag), start=1):
            pairs = sorted(
                zip(question.scores, question.labels, strict=True), key=key, reverse=True
            )
            ranked = [bool(label) for _, label in pairs]
            rr, ap, first, n_correct = _figures(ranked, settings.ap_denominator)
            if not n_correct and settings.skip_no_positive:
                continue
            items.append(
                {
                    "id": index,
                    "question": question.text,
                    "line": question.first,
                    "score": rr,
                    "ap": ap,
                    "rank": first,
                    "n_sentences": len(ranked),
                    "n_correct": n_correct,
                }
            )
        if not items:
            raise InputError(
                "no question has a correct sentence, so none is left to score "
                "(skip_no_positive=True)",
                path=inputs.gold.name,
            )
        return Scored(items, make_signature(NAME, profile, extra=_fields(settings)))

    def option_fields(self, settings: DbqaProfile, **options: Any) -> dict[str, str | None]:
        """The ranking choices the options make (they are all signed)."""
        return _fields(_settings(self.settings(settings), options))

    def aggregation(self, settings: DbqaProfile, **options: Any) -> Aggregation:
        """MRR and MAP: the pooled means of the items' reciprocal rank
        (``score``) and ``ap``, in percent."""

        def combine(totals: Totals, rows: list[Stats] | None) -> Summary:
            n, (rr, ap) = totals.get(None, (0, (0.0, 0.0)))
            if not n:
                return Summary({"mrr": 0.0, "map": 0.0})
            return Summary({"mrr": 100.0 * rr / n, "map": 100.0 * ap / n})

        return Aggregation(
            statistics=lambda item: (item["score"], item["ap"]),
            combine=combine,
            primary="mrr",
            ranges=(FRACTION, FRACTION),
        )

    def explain(
        self, inputs: Inputs, settings: DbqaProfile, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        """Per question: its sentences in ranked order with their scores,
        labels and lines, the tie policy and the first correct rank."""
        profile = self.profile_name(settings)
        settings = _settings(settings, options)
        key = TIE_POLICIES[settings.ties]
        text_of = sentences(inputs.gold)
        for index, question in enumerate(_questions(inputs, settings, diag), start=1):
            scores, labels = question.scores, question.labels
            order = sorted(
                range(len(scores)), key=lambda k: key((scores[k], labels[k])), reverse=True
            )
            ranked = [bool(labels[k]) for k in order]
            rr, ap, first, n_correct = _figures(ranked, settings.ap_denominator)
            if not n_correct and settings.skip_no_positive:
                continue
            variants = []
            for position, k in enumerate(order, start=1):
                line = question.lines[k]
                sentence = _shown(text_of, line - 1)
                variants.append(
                    Variant(
                        TextView(sentence, sentence),
                        {"score": scores[k]},
                        "correct" if labels[k] else "incorrect",
                        bool(labels[k]),
                        {"rank": position, "line": line},
                    )
                )
            yield Explanation(
                NAME,
                profile,
                index,
                "zh",
                None,
                tuple(variants),
                f"sentences ranked by descending score, ties: {settings.ties}",
                {"score": rr, "ap": ap},
                f"first correct sentence at rank {first}" if first else "no correct sentence",
                {
                    "question": question.text,
                    "rank": first,
                    "ties": settings.ties,
                    "grouping": settings.grouping,
                },
            )

    def gold_entries(self, gold: DbqaGold) -> Iterable[Entry]:
        # the sentences read in order, a question's at a time: none is held longer
        texts = iter(gold.sentences) if gold.sentences is not None else _sentence_texts(gold.source)
        for text, start, end in gold.runs():
            labels = "".join("1" if x else "0" for x in gold.labels[start - 1 : end - 1])
            yield Entry(text, start, tuple(islice(texts, end - start)), "zh", labels)
