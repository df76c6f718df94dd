"""Reading MKQA gold and predictions, with the official scripts' rules.

Gold (``read_annotations`` in ``mkqa_eval.py``): JSON Lines (the official
``mkqa.jsonl.gz``, or rows as Hugging Face ``datasets`` gives them), one
example per line with ``example_id`` and ``answers``: a language -> a list
of ``{"type", "text", "aliases"}``. Every line must carry the 26 languages.
A language's gold answers are each answer's ``text`` (``null`` becomes
``""``) and its ``aliases``, de-duplicated. A repeated ``example_id`` keeps
the place of its first line and the answers of its last.

Predictions (``read_predictions``): one ``<lang>.jsonl`` per language, each
line ``{"example_id", "prediction", "binary_answer", "no_answer_prob"}``;
the predicted text is the lower-cased ``binary_answer`` (``yes``/``no``)
when it is not empty, else ``prediction`` (``null`` becomes ``""``);
``no_answer_prob`` defaults to 0.

>>> gold = read_gold([{"example_id": 7, "answers": {
...     lang: [{"type": "entity", "text": "Paris", "aliases": ["Paris", "City of Light"]}]
...     for lang in LANGUAGES}}], Diagnostics())
>>> gold.answers("fr", 0)
('Paris', 'City of Light')
>>> preds = read_language([{"example_id": "7", "prediction": "paris", "binary_answer": None}],
...                       "fr", "<object>", Diagnostics())
>>> preds.texts["7"], preds.probs["7"]
('paris', 0.0)
"""

from __future__ import annotations

import gzip
import json
import math
import os
from array import array
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat
from operator import itemgetter
from pathlib import Path
from typing import Any

from ...diagnostics import Deferred, Diagnostics
from ...errors import InputError, format_examples
from ...sources import (
    LONG_BYTES,
    NotFlat,
    NotJson,
    PathLike,
    bom_error,
    decode_utf8,
    decodes_as_utf8,
    is_path,
    jsonl_columns,
    jsonl_parts,
    kept_entries,
    line_blocks,
    long_json_value,
    read_bytes,
    source_name,
    starts_with_bom,
)
from .rules import LANGUAGES

__all__ = [
    "LanguagePredictions",
    "MkqaGold",
    "Predictions",
    "read_gold",
    "read_language",
    "read_predictions",
]

_GZIP_MAGIC = b"\x1f\x8b"


@dataclass(slots=True)
class GoldRecord:
    """One gold line: its id (``str()`` of ``example_id``, as the script
    keys it), its line, the ``answers`` object (decoded, or a
    :class:`LazyAnswers` that decodes one language when asked), and (for a
    line that needed conversions, such as ``aliases`` given as a string) its
    answers already read per language."""

    id: str
    line: int | None
    raw_id: Any
    source: Mapping[str, Any]
    parsed: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] | None = None

    def groups(
        self, lang: str, gold: MkqaGold | None = None, diag: Diagnostics | None = None
    ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each answer of ``lang`` as ``(text, aliases)`` (a ``null`` text is
        ``""``). A lazily decoded line is checked here: an answer the
        official script cannot read is an :class:`InputError`."""
        if self.parsed is not None:
            return self.parsed[lang]
        value = self.source[lang]
        if isinstance(self.source, LazyAnswers) and not _plain_list(value):
            scratch = MkqaGold(self.source.name) if gold is None else gold
            found = _answers(
                value,
                lang,
                self.id,
                scratch,
                self.source.name,
                self.line,
                "",
                Diagnostics() if diag is None else diag,
            )
            scratch.check(lang)
            return found
        return tuple((answer["text"] or "", tuple(answer.get("aliases", ()))) for answer in value)

    def texts(self, lang: str) -> tuple[str, ...]:
        """The answer texts of ``lang`` as listed (each text, then its aliases)."""
        return tuple(t for text, aliases in self.groups(lang) for t in (text, *aliases))


class LazyAnswers(Mapping[str, Any]):
    """The ``answers`` object of a gold line in the official layout, kept
    as the line's bytes and decoded one language at a time (``json`` on the
    bytes from that language's key to the next one): scoring one language
    does not decode the 25 others. The positions of the languages' keys
    (and of their ends, once one is decoded) are arrays, 8 bytes each."""

    __slots__ = ("data", "ends", "line", "name", "starts")

    def __init__(self, data: bytes | bytearray, starts: list[int], name: str, line: int) -> None:
        self.data = data
        self.starts = array("q", starts)
        self.name = name
        self.line = line
        self.ends: array[int] | None = None

    def __getitem__(self, lang: str) -> Any:
        k = _INDEX[lang]
        begin = self.starts[k]
        ends = self.ends
        if ends is None:  # each language's list ends before the next key
            ordered = sorted(self.starts)
            following = dict(zip(ordered, [*ordered[1:], len(self.data)], strict=True))
            ends = self.ends = array("q", map(following.__getitem__, self.starts))
        end = ends[k]
        start = begin + len(_KEYS[k]) - 1
        view = memoryview(self.data)  # (read in place: no copy of the language's bytes)
        if end - start >= LONG_BYTES:  # a long answer decoded on its own, not beside its text
            try:
                return long_json_value(view[at : at + _PIECE] for at in range(start, end, _PIECE))
            except NotFlat:
                pass  # decoded whole below, for its value or its error
        try:
            return _DECODER.raw_decode(str(view[start:end], "utf-8"))[0]
        except UnicodeDecodeError as exc:
            raise InputError(
                f"invalid UTF-8 (byte 0x{self.data[start + exc.start]:02x}); expected UTF-8 text",
                path=self.name,
                line=self.line,
            ) from None
        except json.JSONDecodeError as exc:
            raise InputError(
                f"not valid JSON in the {lang} answers ({exc.msg})", path=self.name, line=self.line
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


@dataclass
class MkqaGold:
    """The gold of every language.

    ``ids``: the example ids in the order the script iterates them (first
    occurrence); ``records``: every line (repeats included, for
    ``check-gold``); ``kept[k]``: the record whose answers count for
    ``ids[k]`` (the last line with that id). ``problems[lang]``: why that
    language cannot be scored (an empty answer list, a non-text answer),
    raised only when the language is scored, as the script fails then.
    A language's answers are gathered (:meth:`prepare`) when it is scored.
    """

    name: str
    ids: list[str] = field(default_factory=list)
    records: list[GoldRecord] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)
    problems: dict[str, InputError] = field(default_factory=dict)
    _dedup: dict[str, list[tuple[str, ...]]] = field(default_factory=dict, repr=False)

    def prepare(self, lang: str, diag: Diagnostics | None = None) -> None:
        """Gather and check the answers of ``lang``; an :class:`InputError`
        if it cannot be scored."""
        self.check(lang)
        if lang in self._dedup:
            return
        records = self.records
        column = []
        for r in self.kept:
            groups = records[r].groups(lang, self, diag)
            column.append(tuple(dict.fromkeys(t for g in groups for t in (g[0], *g[1]))))
        self._dedup[lang] = column

    def answers(self, lang: str, k: int) -> tuple[str, ...]:
        """The de-duplicated gold answers of ``ids[k]`` in ``lang``."""
        if lang not in self._dedup:
            self.prepare(lang)
        return self._dedup[lang][k]

    def line(self, k: int) -> int | None:
        """The line of the record that counts for ``ids[k]``."""
        return self.records[self.kept[k]].line

    def check(self, lang: str) -> None:
        """Raise the problem that keeps ``lang`` from being scored, if any."""
        problem = self.problems.get(lang)
        if problem is not None:
            raise problem


_DECODER = json.JSONDecoder()
#: the bytes of a long language's answers decoded at a time
_PIECE = 1 << 16
_ANSWERS_KEY = b'"answers": {'
_ID_KEY = b'"example_id": '
_LIST_KEY = b'": ['
_ALIASES_KEY = b'"aliases": ['
_KEYS = tuple(f'"{lang}": ['.encode() for lang in LANGUAGES)
_INDEX = {lang: k for k, lang in enumerate(LANGUAGES)}


# The order of the languages in the previous line's answers: files list them
# in one order, so each key is searched from where the previous one was found
# (one pass over the line instead of one per language).
_order: list[int] = list(range(len(LANGUAGES)))


def _key_positions(data: bytes | bytearray, first: int) -> list[int] | None:
    """Where each language's key (``"en": [``) starts in ``data``, by
    language index; ``None`` when one is missing or the first is not at
    ``first`` (right after ``"answers": {``)."""
    global _order
    starts = [0] * len(_KEYS)
    position = first
    ordered = True
    for k in _order:
        found = data.find(_KEYS[k], position)
        if found < 0:
            found = data.find(_KEYS[k])
            if found < 0:
                return None
            ordered = False
        starts[k] = position = found
    if not ordered:
        _order = sorted(range(len(_KEYS)), key=starts.__getitem__)
    if min(starts) != first:
        return None
    return starts


def _scan(data: bytes | bytearray, name: str, line: int) -> tuple[Any, LazyAnswers] | None:
    """``(example_id, answers)`` of a line in the official layout (as
    ``json.dumps`` writes it: one ``"answers": {`` whose 26 language lists
    are the only list-valued keys besides ``aliases``, one
    ``"example_id"``), found with byte searches, without decoding the
    answers; ``None`` for any other line, which is then decoded whole.
    These keys cannot be matched inside a string, where a quote is escaped."""
    if data[:1] != b"{" or data[-1:] != b"}":
        return None
    at = data.find(_ANSWERS_KEY)
    if at < 0 or data.find(_ANSWERS_KEY, at + 1) >= 0:
        return None
    where = data.find(_ID_KEY)
    if where < 0 or data.find(_ID_KEY, where + 1) >= 0:
        return None
    if data.count(_LIST_KEY) - data.count(_ALIASES_KEY) != len(LANGUAGES):
        return None
    starts = _key_positions(data, at + len(_ANSWERS_KEY))
    if starts is None:
        return None
    head = data[where + len(_ID_KEY) : where + len(_ID_KEY) + 256].decode("utf-8", "replace")
    try:
        ex_id = _DECODER.raw_decode(head)[0]
    except json.JSONDecodeError:
        return None
    if not isinstance(ex_id, (str, int, float)) or isinstance(ex_id, bool):
        return None
    return ex_id, LazyAnswers(data, starts, name, line)


def _load_lines(source: Any, what: str) -> tuple[str, list[tuple[int | None, Any]]]:
    """``(name, [(line, object)])`` of a JSON Lines path or loaded rows."""
    if is_path(source):
        name = os.fspath(source)
        data = _gunzipped(read_bytes(source), name)
        numbers, objects = jsonl_columns(decode_utf8(data, name), name)
        return name, list(zip(numbers, objects, strict=True))
    return "<object>", _loaded_rows(source, what)


def _loaded_rows(source: Any, what: str) -> list[tuple[int | None, Any]]:
    if isinstance(source, (str, bytes, Mapping)) or not isinstance(source, Iterable):
        raise InputError(
            f"{what}: expected a path or a list of rows (dicts), got {type(source).__name__}"
        )
    return [(None, row) for row in source]


def _gunzipped(data: bytes, name: str) -> bytes:
    """``data`` inflated when it is gzip data in a file not named ``.gz``."""
    if data[:2] != _GZIP_MAGIC or name.endswith(".gz"):
        return data
    try:
        return gzip.decompress(data)
    except (OSError, EOFError) as exc:
        raise InputError(f"cannot read gzip data ({exc})", path=name) from None


def _lines(source: PathLike, name: str) -> Iterator[tuple[int, bytes | bytearray]]:
    """The non-blank lines of a JSON Lines file with their numbers, read
    block by block (:func:`~answermatch.sources.line_blocks`): the lines
    kept, not the file, are held; a long line, which comes alone, is given
    as it comes (without its newline), not copied out of its block. A pipe,
    or gzip data in a file not named ``.gz``, is read whole."""
    blocks = line_blocks(source)
    try:
        first = next(blocks, b"")
    except NotFlat:  # a pipe: read once, whole
        first = read_bytes(source)
    if first[:2] == _GZIP_MAGIC and not name.endswith(".gz"):
        blocks.close()
        first = _gunzipped(read_bytes(source), name)
    number = 0
    for block in chain((first,), blocks):
        if type(block) is bytearray:  # a long line alone
            number += 1
            if block.endswith(b"\n"):
                del block[-1:]  # (in place)
            if block and not block.isspace():
                yield number, block
            continue
        lines = block.split(b"\n")
        if block.endswith(b"\n"):
            lines.pop()
        del block
        for line in lines:
            number += 1
            if line and not line.isspace():  # (not line.strip(): no copy of a long line)
                yield number, line


def _scan_lines(
    lines: Iterable[tuple[int, bytes | bytearray]], name: str
) -> Iterator[tuple[int, Any]]:
    """Each line in the official layout as ``(example_id, LazyAnswers)``
    (see :func:`_scan`), any other decoded whole."""
    for number, line in lines:
        found = _scan(line, name, number)
        if found is None:
            try:
                found = json.loads(
                    line
                )  # bytes: the encoding is detected as the script's json does
            except UnicodeDecodeError as exc:
                raise InputError(
                    f"invalid UTF-8 (byte 0x{line[exc.start]:02x}); expected UTF-8 text",
                    path=name,
                    line=number,
                ) from None
            except json.JSONDecodeError as exc:
                raise InputError(
                    f"not valid JSON ({exc.msg} at column {exc.colno})", path=name, line=number
                ) from None
        yield number, found


def _where(line: int | None, k: int) -> str:
    return "" if line is not None else f"row {k}: "


def read_gold(source: Any, diag: Diagnostics) -> MkqaGold:
    """The gold of ``source`` (see :mod:`answermatch.tasks.mkqa.data`).

    A file is read line by line, keeping each line's bytes
    (:class:`LazyAnswers`) rather than the file. As the official script
    decodes every line before it reads one, a line that is not JSON comes
    before any warning or error of an earlier line: the warnings wait
    until the file is read (:class:`~answermatch.diagnostics.Deferred`),
    and after an error the rest of the file is checked (nothing kept)
    before the warnings of the lines before it, then the error, are given."""
    if not is_path(source):
        return _read_gold("<object>", _loaded_rows(source, "MKQA gold"), diag)
    name = os.fspath(source)
    rows = _scan_lines(_lines(source, name), name)
    if not os.path.isfile(source):  # a pipe, read once: all its lines first
        return _read_gold(name, list(rows), diag)
    later = Deferred()
    scanned = _Scanned(rows)
    try:
        gold = _read_gold(name, scanned, later)
    except InputError:
        if scanned.failed:  # a line that is not JSON: nothing before it counts
            raise
        deque(rows, maxlen=0)  # a later line that is not JSON, if any, raises
        later.give(diag)
        raise
    later.give(diag)
    return gold


class _Scanned:
    """The rows of an iterator, noting whether reading them failed."""

    def __init__(self, rows: Iterator[tuple[int, Any]]) -> None:
        self.rows = rows
        self.failed = False

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        try:
            yield from self.rows
        except InputError:
            self.failed = True
            raise


def _read_gold(name: str, rows: Iterable[tuple[int | None, Any]], diag: Diagnostics) -> MkqaGold:
    gold = MkqaGold(name)
    position: dict[str, int] = {}
    for k, (line, row) in enumerate(rows):
        at = _where(line, k)
        if type(row) is tuple:  # a line in the official layout, decoded lazily
            raw_id, lazy = row
            _add(gold, position, GoldRecord(str(raw_id), line, raw_id, lazy), at, diag)
            continue
        if not isinstance(row, Mapping):
            raise InputError(
                f"{at}expected a JSON object with example_id and answers, got {type(row).__name__}",
                path=name,
                line=line,
            )
        if "example_id" not in row:
            raise InputError(f"{at}the example has no example_id", path=name, line=line)
        answers = row.get("answers")
        if not isinstance(answers, Mapping):
            raise InputError(
                f"{at}example {row['example_id']}: expected 'answers' to be an object "
                "mapping each language to its answers",
                path=name,
                line=line,
            )
        ex_id = str(row["example_id"])
        parsed = None
        if not _plain(answers):
            missing = [lang for lang in LANGUAGES if lang not in answers]
            if missing:
                raise InputError(
                    f"{at}example {row['example_id']}: the answers lack language(s) "
                    f"{format_examples(missing, 6)}; every MKQA line must carry all 26 languages",
                    path=name,
                    line=line,
                )
            parsed = {
                lang: _answers(answers[lang], lang, ex_id, gold, name, line, at, diag)
                for lang in LANGUAGES
            }
        _add(gold, position, GoldRecord(ex_id, line, row["example_id"], answers, parsed), at, diag)
    if not gold.ids:
        raise InputError("the MKQA gold holds no example", path=name)
    return gold


def _add(
    gold: MkqaGold, position: dict[str, int], record: GoldRecord, at: str, diag: Diagnostics
) -> None:
    gold.records.append(record)
    ex_id = record.id
    first = position.get(ex_id)
    if first is None:
        position[ex_id] = len(gold.ids)
        gold.ids.append(ex_id)
        gold.kept.append(len(gold.records) - 1)
        return
    earlier = gold.records[gold.kept[first]].line
    diag.warn(
        f"{at}example id {ex_id} repeated"
        + (f" (first on line {earlier})" if earlier is not None else "")
        + ": the official script keeps its first place and the answers of its last line",
        path=gold.name,
        line=record.line,
    )
    gold.kept[first] = len(gold.records) - 1


_NONE = type(None)
_MISSING = object()
_TEXT_TYPES = frozenset({str, _NONE})
_ALIAS_LISTS = frozenset({list, tuple})


def _plain_list(value: Any) -> bool:
    """:func:`_plain` for the answers of one language."""
    if type(value) is not list or not value:
        return False
    for answer in value:
        if type(answer) is not dict or "type" not in answer:
            return False
        text = answer.get("text", _MISSING)
        if text is not None and type(text) is not str:
            return False
        aliases = answer.get("aliases")
        if aliases is not None:
            if type(aliases) is not list:
                return False
            for alias in aliases:
                if type(alias) is not str:
                    return False
        elif "aliases" in answer:
            return False
    return True


def _plain(answers: Mapping[str, Any]) -> bool:
    """True when every language's answers are in the plain layout (a
    non-empty list of objects with ``type`` and ``text``, the text a string
    or ``null``, ``aliases`` absent or a list of strings): the common case,
    checked at C speed; any other line is read answer by answer
    (:func:`_answers`), which says what is wrong."""
    try:
        lists = list(map(answers.__getitem__, LANGUAGES))
    except (KeyError, TypeError):
        return False
    if set(map(type, lists)) != {list} or not all(lists):
        return False
    flat = list(chain.from_iterable(lists))
    if set(map(type, flat)) != {dict} or not all(map(dict.__contains__, flat, repeat("type"))):
        return False
    try:
        texts = list(map(itemgetter("text"), flat))
    except KeyError:
        return False
    if not set(map(type, texts)) <= _TEXT_TYPES:
        return False
    aliases = list(map(dict.get, flat, repeat("aliases"), repeat(())))
    if not set(map(type, aliases)) <= _ALIAS_LISTS:
        return False
    return set(map(type, chain.from_iterable(aliases))) <= {str}


def _answers(
    value: Any,
    lang: str,
    ex_id: str,
    gold: MkqaGold,
    name: str,
    line: int | None,
    at: str,
    diag: Diagnostics,
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    def fail(message: str) -> InputError:
        return InputError(f"{at}example {ex_id}, {lang}: {message}", path=name, line=line)

    def problem(message: str) -> None:
        if lang not in gold.problems:
            gold.problems[lang] = fail(message)
            diag.warn(
                f"{at}example {ex_id}, {lang}: {message}; {lang} cannot be scored",
                path=name,
                line=line,
            )

    if not isinstance(value, list):
        raise fail(f"expected a list of answers, got {type(value).__name__}")
    found: list[tuple[str, tuple[str, ...]]] = []
    for answer in value:
        if not isinstance(answer, Mapping) or "text" not in answer or "type" not in answer:
            raise fail(
                f'expected each answer to be an object with "type" and "text", got {answer!r}'
            )
        text = answer["text"] or ""
        if not isinstance(text, str):
            if isinstance(text, (list, dict)):
                raise fail(f"an answer text must be a string or null, got {text!r}")
            problem(f"an answer text must be a string or null, got {text!r}")
            text = str(text)
        aliases = answer.get("aliases", [])
        if isinstance(aliases, str):
            diag.warn(
                f"{at}example {ex_id}, {lang}: 'aliases' is a string, not a list: the official "
                "script takes each of its characters as an alias",
                path=name,
                line=line,
            )
            aliases = list(aliases)
        if not isinstance(aliases, (list, tuple)):
            raise fail(f"expected 'aliases' to be a list of strings, got {aliases!r}")
        kept: list[str] = []
        for alias in aliases:
            if not isinstance(alias, str):
                if isinstance(alias, (list, dict)):
                    raise fail(f"an alias must be a string, got {alias!r}")
                problem(f"an alias must be a string, got {alias!r}")
                alias = str(alias)
            kept.append(alias)
        found.append((text, tuple(kept)))
    if not found:
        problem(
            "the answer list is empty (the official script stops: "
            '"Gold truth answers list should never be empty"); an unanswerable '
            'example lists {"type": "unanswerable", "text": null}'
        )
    return tuple(found)


# --- predictions ------------------------------------------------------------------------


@dataclass
class LanguagePredictions:
    """The predictions of one language, keyed by ``str(example_id)`` in the
    order the script keeps them (first occurrence; the last line wins).
    ``others``: how many ids not in the gold are predicted (read in parts,
    their predictions are not kept), the first three of them and the line
    of the first."""

    lang: str
    name: str
    texts: dict[str, str] = field(default_factory=dict)
    probs: dict[str, float] = field(default_factory=dict)
    lines: dict[str, int | None] = field(default_factory=dict)
    others: int = 0
    other_ids: list[str] = field(default_factory=list)
    other_line: int | None = None


@dataclass
class Predictions:
    """The predictions of each language read, in the official order."""

    languages: dict[str, LanguagePredictions]
    name: str


def _prob(value: Any, at: str, name: str, line: int | None, diag: Diagnostics) -> float:
    if isinstance(value, bool):
        diag.warn(
            f"{at}no_answer_prob is {str(value).lower()}: the official script compares it as "
            f"{int(value)}",
            path=name,
            line=line,
        )
        return float(value)
    if not isinstance(value, (int, float)):
        raise InputError(
            f"{at}no_answer_prob must be a number, got {value!r} (the official script "
            "cannot compare it)",
            path=name,
            line=line,
        )
    try:
        number = float(value)
    except OverflowError:
        raise InputError(
            f"{at}no_answer_prob {value} is too large for a float", path=name, line=line
        ) from None
    if math.isnan(number):
        diag.warn(
            f"{at}no_answer_prob is NaN: the official script sorts it unpredictably",
            path=name,
            line=line,
        )
    return number


def read_language(
    source: Any, lang: str, name: str, diag: Diagnostics, keep: set[str] | None = None
) -> LanguagePredictions:
    """The predictions of one language from a path or loaded rows; those of
    ids not in ``keep`` (the gold's ids, where given) only counted. A file
    of plain rows (see :func:`_read_plain_rows`) is read in parts, keeping
    only the predictions of ``keep`` (:func:`~answermatch.sources.kept_entries`);
    any other is read whole, with the same values, errors and warnings."""
    if is_path(source) and keep is not None:
        found = _read_kept(source, lang, keep, diag)
        if found is not None:
            return found
    if is_path(source):
        name, rows = _load_lines(source, f"MKQA predictions ({lang})")
    else:
        _, rows = _load_lines(source, f"MKQA predictions ({lang})")
    out = _read_rows(rows, lang, name, diag)
    if keep is not None:
        others = [ex_id for ex_id in out.texts if ex_id not in keep]
        if others:
            out.others, out.other_ids = len(others), others[:3]
            out.other_line = out.lines[others[0]]
    return out


def _read_kept(
    source: PathLike, lang: str, keep: set[str], diag: Diagnostics
) -> LanguagePredictions | None:
    """The predictions of ``keep`` in a file of rows, read in parts; a part
    that is not plain rows, or that predicts again an id kept from an
    earlier part, is read row by row (:func:`_read_rows`), its warnings
    given through ``diag`` once the file is read; ``None`` for a file read
    whole (small, an id not kept given again in another part, a line that
    is not JSON or not UTF-8 before a row's error). A row's error is
    raised as read whole (after the warnings of the rows before it) where
    every line after it is JSON, and the ids before it repeat none not
    kept; a line that is not JSON, where the rest of the file decodes.
    A file that starts with a UTF-8 byte order mark is refused, as read
    whole (``json`` refuses the mark on line 1, as the official script
    does), once its bytes are known to decode (else read whole, for their
    error)."""
    name = os.fspath(source)
    if starts_with_bom(source):
        if decodes_as_utf8(source):
            raise bom_error(name)
        return None
    out = LanguagePredictions(lang, name)
    later = Deferred()  # the rows' warnings, given if the file is read in parts

    not_json: list[NotJson] = []  # the first line that is not JSON: the whole reading's error
    row_error: list[InputError] = []  # else a row's error: the whole reading's

    def parts(source: PathLike) -> Iterator[dict[str, str] | None]:
        blocks = jsonl_parts(source, diag=Deferred())
        try:
            yield from _kept_parts(blocks)
        except NotJson as exc:
            not_json.append(exc)
            raise

    def _kept_parts(
        blocks: Iterator[tuple[Sequence[int], list[Any]]],
    ) -> Iterator[dict[str, str] | None]:
        # keys repeated in a row do not warn here, as read whole (_load_lines)
        for numbers, objects in blocks:
            part = LanguagePredictions(lang, name)
            error = None
            if not _read_plain_rows(numbers, objects, part) or not out.lines.keys().isdisjoint(
                part.texts
            ):
                rows = list(zip(numbers, objects, strict=True))
                try:
                    part = _read_rows(rows, lang, name, later, earlier=out.lines)  # type: ignore[arg-type]
                except InputError as exc:
                    # the whole reading's error where every line further on is JSON
                    # (NotJson, NotFlat raised here otherwise); the rows before it
                    # (their warnings given) are read on, for an id not kept that
                    # repeats one of an earlier part, which warns first (then None)
                    deque(blocks, maxlen=0)
                    error = exc
                    before = [row for row in rows if row[0] < exc.line]  # type: ignore[operator]
                    part = _read_rows(before, lang, name, Deferred(), earlier=out.lines)  # type: ignore[arg-type]
            if keep.issuperset(part.texts):
                out.probs.update(part.probs)
                if out.lines.keys().isdisjoint(part.lines):
                    out.lines.update(part.lines)
                else:  # an id predicted again keeps its first line
                    out.lines.update({**part.lines, **out.lines})
            else:
                if out.other_line is None:  # the line of the first id not kept
                    out.other_line = next(part.lines[i] for i in part.texts if i not in keep)
                for ex_id in filter(keep.__contains__, part.texts):
                    out.probs[ex_id] = part.probs[ex_id]
                    out.lines.setdefault(ex_id, part.lines[ex_id])
            yield part.texts
            if error is not None:
                row_error.append(error)
                return

    kept = kept_entries(source, parts, keep, kept_again=True)
    if kept is None:
        if not_json and decodes_as_utf8(source):
            raise not_json[0].error
        return None
    if row_error:  # the warnings of the rows before it, then the error, as read whole
        later.give(diag)
        raise row_error[0]
    out.texts, out.others, out.other_ids = kept.entries, kept.others, kept.examples
    later.give(diag)
    return out


def _read_rows(
    rows: list[tuple[int | None, Any]],
    lang: str,
    name: str,
    diag: Diagnostics,
    earlier: Mapping[str, int | None] | None = None,
) -> LanguagePredictions:
    """The predictions of ``rows``, with the official script's errors and
    warnings. ``earlier``: the first line of each id of the earlier parts
    of a file read in parts (one predicted again warns as in one part)."""
    out = LanguagePredictions(lang, name)
    if _read_plain_rows([line for line, _ in rows], [row for _, row in rows], out):
        if not earlier or earlier.keys().isdisjoint(out.texts):
            return out
        out = LanguagePredictions(lang, name)
    for k, (line, row) in enumerate(rows):
        at = _where(line, k)
        if not isinstance(row, Mapping):
            raise InputError(
                f"{at}expected a JSON object with example_id, prediction, binary_answer "
                f"(and optionally no_answer_prob), got {type(row).__name__}",
                path=name,
                line=line,
            )
        absent = [key for key in ("example_id", "prediction", "binary_answer") if key not in row]
        if absent:
            raise InputError(
                f"{at}the prediction lacks {', '.join(absent)} (the official script needs "
                "example_id, prediction and binary_answer on every line; binary_answer may be "
                "null)",
                path=name,
                line=line,
            )
        ex_id = str(row["example_id"])
        binary = row["binary_answer"]
        if binary:
            if not isinstance(binary, str) or binary.lower() not in ("yes", "no"):
                raise InputError(
                    f"{at}example {ex_id}: binary_answer must be yes, no, empty or null, "
                    f"got {binary!r}",
                    path=name,
                    line=line,
                )
            text = binary.lower()
        else:
            text = row["prediction"] or ""
            if not isinstance(text, str):
                raise InputError(
                    f"{at}example {ex_id}: prediction must be a string or null, got {text!r}",
                    path=name,
                    line=line,
                )
        prob = _prob(row.get("no_answer_prob", 0), at, name, line, diag)
        if ex_id in out.texts or (earlier and ex_id in earlier):
            first = earlier[ex_id] if earlier and ex_id in earlier else out.lines[ex_id]
            diag.warn(
                f"{at}example {ex_id} predicted again (first on line {first}): the "
                "official script keeps the last prediction",
                path=name,
                line=line,
            )
        out.texts[ex_id] = text
        out.probs[ex_id] = prob
        out.lines.setdefault(ex_id, line)
    return out


_EXAMPLE_ID, _PREDICTION, _BINARY = (
    itemgetter("example_id"),
    itemgetter("prediction"),
    itemgetter("binary_answer"),
)


def _read_plain_rows(
    lines: Sequence[int | None], objects: list[Any], out: LanguagePredictions
) -> bool:
    """:func:`read_language`'s loop done by columns, for rows (``objects``
    on ``lines``) that raise and warn about nothing there: objects
    with every key, ids given once, a ``binary_answer`` that is empty or
    yes/no, a string prediction, a ``no_answer_prob`` that is a number other
    than NaN (or absent). Fills ``out`` and says ``True``; ``False`` (``out``
    untouched) for anything else, which the loop reads, with its errors and
    warnings."""
    if not all(type(row) is dict for row in objects):
        return False
    try:
        ids = list(map(str, map(_EXAMPLE_ID, objects)))
        raw = list(map(_PREDICTION, objects))
        binaries = list(map(_BINARY, objects))
    except KeyError:
        return False
    probs = [row.get("no_answer_prob", 0) for row in objects]
    if len(set(ids)) != len(ids) or not all(type(p) is str or p is None for p in raw):
        return False
    if not all(type(p) in (int, float) and p == p for p in probs):  # bools and NaN warn
        return False
    if any(binaries):
        if not all(type(b) is str and b.lower() in ("yes", "no") for b in binaries if b):
            return False
        texts = [b.lower() if b else (p or "") for b, p in zip(binaries, raw, strict=True)]
    else:
        texts = [p or "" for p in raw]
    try:
        numbers = list(map(float, probs))
    except OverflowError:  # an integer too large: the loop says so
        return False
    out.texts = dict(zip(ids, texts, strict=True))
    out.probs = dict(zip(ids, numbers, strict=True))
    out.lines = dict(zip(ids, lines, strict=True))
    return True


def check_language(lang: Any) -> None:
    """The error for a ``lang`` option that is not an MKQA language."""
    if lang is not None and lang not in LANGUAGES:
        raise InputError(f"unknown MKQA language {lang!r}; the languages: {', '.join(LANGUAGES)}")


def read_predictions(
    source: Any, gold: MkqaGold, diag: Diagnostics, lang: str | None = None
) -> Predictions:
    """Predictions from a ``<lang>.jsonl`` file (``lang`` given or the file's
    name), a folder of them, rows of one language (``lang`` given) or a dict
    ``{lang: rows or path}``; every id checked against ``gold``."""
    check_language(lang)
    name = source_name(source)
    keep = set(gold.ids)
    languages: dict[str, LanguagePredictions] = {}
    if is_path(source) and Path(source).is_dir():
        wanted = (lang,) if lang else LANGUAGES
        found = [code for code in wanted if (Path(source) / f"{code}.jsonl").is_file()]
        if not found:
            raise InputError(
                f"no prediction file {wanted[0] + '.jsonl' if lang else '<lang>.jsonl'} in "
                "the folder (expected files named like en.jsonl, zh_cn.jsonl)",
                path=name,
            )
        _warn_missing(found, wanted, name, diag)
        for code in found:
            path = Path(source) / f"{code}.jsonl"
            languages[code] = read_language(path, code, name, diag, keep)
    elif is_path(source):
        code = lang or _language_of(Path(source))
        languages[code] = read_language(source, code, name, diag, keep)
    elif isinstance(source, Mapping):
        unknown = [key for key in source if key not in LANGUAGES]
        if unknown:
            raise InputError(
                f"predictions: {format_examples(map(repr, unknown))} is not an MKQA language; "
                "expected a dict {lang: rows} with languages among " + ", ".join(LANGUAGES)
            )
        wanted = (lang,) if lang else tuple(code for code in LANGUAGES if code in source)
        if not wanted or (lang and lang not in source):
            raise InputError(f"predictions: no rows for {lang or 'any language'}")
        _warn_missing(wanted, (lang,) if lang else LANGUAGES, name, diag)
        for code in wanted:
            languages[code] = read_language(source[code], code, f"<object:{code}>", diag, keep)
    else:
        if lang is None:
            raise InputError(
                "predictions given as rows need the language: lang=xx (or a dict {lang: rows})"
            )
        languages[lang] = read_language(source, lang, name, diag, keep)
    for code, preds in languages.items():
        _check_ids(preds, gold, code)
    return Predictions(languages, name)


def _language_of(path: Path) -> str:
    stem = path.name.removesuffix(".gz").removesuffix(".jsonl")
    if stem in LANGUAGES:
        return stem
    raise InputError(
        "which language? give -o lang=xx (one of " + ", ".join(LANGUAGES) + ") or name the "
        "file <lang>.jsonl",
        path=path,
    )


def _warn_missing(
    found: Iterable[str], wanted: Iterable[str], name: str, diag: Diagnostics
) -> None:
    absent = [code for code in wanted if code not in set(found)]
    if absent:
        diag.warn(
            f"no predictions for {len(absent)} of the 26 languages "
            f"({format_examples(absent, 6)}): the macro average covers the other "
            f"{26 - len(absent)} only (the official macro average needs all 26)",
            path=name,
        )


def _check_ids(preds: LanguagePredictions, gold: MkqaGold, lang: str) -> None:
    missing = [ex_id for ex_id in gold.ids if ex_id not in preds.texts]
    if missing:
        raise InputError(
            f"{len(missing)} example(s) of the gold have no prediction for {lang}: "
            f"{format_examples(missing)} (the official script requires every example: "
            '"... is missing from prediction")',
            path=preds.name,
        )
    if preds.others:
        raise InputError(
            f"{preds.others} predicted example(s) are not in the gold for {lang}: "
            f"{format_examples(preds.other_ids, total=preds.others)} (the official script "
            "stops with a KeyError on them)",
            path=preds.name,
            line=preds.other_line,
        )
