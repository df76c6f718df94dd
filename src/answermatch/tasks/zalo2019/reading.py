"""Reading Zalo 2019's gold and submissions into columns.

The gold's test cases are held as :class:`Cases`: their ids and paragraph
ids packed in UTF-8 (:class:`~answermatch.items.TextColumn`), labels and
lines in arrays, and ids found again through a sorted array of their
hashes; a submission as :class:`Picks`: the paragraph ids submitted for
each gold case, packed alike. A test.json of short cases and its
submission took about twelve times their size as Python objects; these
columns take less than the files.

A labelled test.json and a CSV of pairs are read in parts (about
:data:`~answermatch.sources.PART_BYTES` of the file at a time): the JSON
gold case by case from its text read piece by piece (a long case without
its long strings, which are checked but not held: the paragraph texts are
not read), a CSV line by line
(:func:`~answermatch.sources.line_parts`). A file under
:data:`~answermatch.sources.PARTS_FROM` parts (not ``.gz``), which reads
faster whole, and anything that reading would refuse or warn about, are
read whole, with the same values, errors and warnings as before; but for
a submission's repeated pairs, warned of in parts with the same words,
lines and order.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import os
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, islice
from operator import le
from typing import Any, TypedDict

from ... import sources
from ...columns import Rows
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...items import Places, TextColumn
from ...sources import (
    NotFlat,
    duplicate_key_hook,
    duplicate_key_message,
    is_path,
    line_parts,
    read_text,
    source_name,
)

HEADER = ("test_id", "answer")


class ZaloParagraph(TypedDict, total=False):
    """A paragraph of a labelled test case (``text`` is not read)."""

    id: str
    label: bool
    text: str


class ZaloCase(TypedDict, total=False):
    """A test case of a labelled ``test.json`` (``question`` and ``title``
    are not read)."""

    __id__: str
    question: str
    title: str
    paragraphs: list[ZaloParagraph]


@dataclass(frozen=True)
class Case:
    """One gold test case: its paragraph ids (``None`` for a CSV gold), the
    correct ones, and the line where it starts (``None`` when unknown)."""

    id: str
    paragraphs: tuple[str, ...] | None
    gold: tuple[str, ...]
    line: int | None = None


@dataclass
class Submission:
    """Submitted pairs per test case, in file order, with the line of each
    first row (what the whole-file reading gives)."""

    path: str
    pairs: dict[str, dict[str, int | None]]

    def add(self, test_id: str, paragraph: str, line: int | None, diag: Diagnostics) -> None:
        if not test_id or not paragraph:
            raise InputError(
                "empty test_id or answer; expected a test id and a paragraph id",
                path=self.path,
                line=line,
            )
        case = self.pairs.setdefault(test_id, {})
        if paragraph in case:
            _repeated(diag, self.path, test_id, paragraph, case[paragraph], line)
            return
        case[paragraph] = line


def _repeated(
    diag: Diagnostics, path: str, test_id: str, paragraph: str, first: int | None, line: int | None
) -> None:
    """Warn of a pair given again on ``line`` (first on line ``first``)."""
    where = f" (first on line {first})" if first is not None else ""
    diag.warn(f"repeated pair {test_id},{paragraph}{where}; counted once", path=path, line=line)


# --- the columns -------------------------------------------------------------


class Cases(Rows[Case]):
    """Gold test cases held by columns, each :class:`Case` made when read:
    the ids and the paragraph ids in :class:`~answermatch.items.TextColumn`,
    a label a byte, a line and an end offset per case in arrays (about 24
    bytes a case and 5 a paragraph besides the ids' text). ``listed``: a
    CSV gold, which lists the correct paragraphs only (a case's
    ``paragraphs`` is ``None``).

    >>> cases = Cases(listed=False)
    >>> cases.add("t1", ["p1", "p2"], [False, True], 3)
    >>> cases.add("t2", [], [], None)
    >>> len(cases), cases[0], cases.find("t2"), cases.find("t3")
    (2, Case(id='t1', paragraphs=('p1', 'p2'), gold=('p2',), line=3), 1, None)
    """

    __slots__ = ("_ends", "_index", "_labels", "_lines", "_paragraphs", "ids", "listed")

    def __init__(self, *, listed: bool) -> None:
        self.listed = listed
        #: the test ids, in gold order
        self.ids = TextColumn()
        self._lines = array("q")  # -1: unknown
        self._ends = array("I")  # the end of each case's paragraphs
        self._paragraphs = TextColumn()
        self._labels = bytearray()
        self._index: Places | None = None

    def add(
        self, case_id: str, paragraphs: list[str], labels: Iterable[bool] | None, line: int | None
    ) -> None:
        """Append a case (``labels``: one per paragraph; ``None``: all correct)."""
        self.ids.extend((case_id,))
        self._lines.append(-1 if line is None else line)
        self._paragraphs.extend(paragraphs)
        self._labels.extend(b"\x01" * len(paragraphs) if labels is None else labels)
        self._ends.append(len(self._labels))
        self._index = None

    def __len__(self) -> int:
        return len(self._ends)

    def row(self, k: int) -> Case:
        paragraphs = tuple(self._paragraphs[self._start(k) : self._ends[k]])
        line = self._lines[k]
        return Case(
            self.ids[k],
            None if self.listed else paragraphs,
            self._correct(k, paragraphs),
            None if line < 0 else line,
        )

    def __repr__(self) -> str:
        return f"<Cases: {len(self)} test cases>"

    def _start(self, k: int) -> int:
        return self._ends[k - 1] if k else 0

    def _correct(self, k: int, paragraphs: Sequence[str]) -> tuple[str, ...]:
        labels = self._labels[self._start(k) : self._ends[k]]
        return tuple(pid for pid, label in zip(paragraphs, labels, strict=True) if label)

    def paragraphs(self, k: int) -> list[str]:
        """Case ``k``'s paragraph ids (for a CSV gold: its correct ones)."""
        return self._paragraphs[self._start(k) : self._ends[k]]

    def correct(self, k: int) -> tuple[str, ...]:
        """Case ``k``'s correct paragraph ids."""
        return self._correct(k, self.paragraphs(k))

    def find(self, test_id: str) -> int | None:
        """The position of the case ``test_id``, or ``None``."""
        if self._index is None:
            self._index = Places(self.ids)
        return self._index.find(test_id)

    def repeated(self) -> bool:
        """Whether a test id is given to two cases."""
        if self._index is None:
            self._index = Places(self.ids)
        return self._index.repeated()


class Picks:
    """The paragraph ids submitted for each gold case, in file order (each
    pair once), held by columns: the ids packed in a
    :class:`~answermatch.items.TextColumn` in file order, and where each
    case's are (4 bytes a row and a case).

    >>> picks = Picks(3, array("I", [2, 0, 2]), TextColumn(["p1", "p3", "p2"]))
    >>> picks.of(0), picks.of(1), picks.of(2)
    (['p3'], [], ['p1', 'p2'])
    """

    __slots__ = ("_order", "_paragraphs", "_starts")

    def __init__(self, cases: int, rows: array, paragraphs: TextColumn) -> None:
        """``rows``: the case of each submitted paragraph in ``paragraphs``
        (``cases`` for one left out)."""
        starts = array("I", bytes(4 * (cases + 2)))
        for case in rows:
            starts[case + 1] += 1
        for k in range(cases + 1):
            starts[k + 1] += starts[k]
        self._starts, self._paragraphs = starts, paragraphs
        self._order: array | None = None
        if not all(map(le, rows, islice(rows, 1, None))):  # else already in gold order
            order = array("I", bytes(4 * len(rows)))
            fill = array("I", starts)
            for row, case in enumerate(rows):
                order[fill[case]] = row
                fill[case] += 1
            self._order = order
        del starts[-1]  # where the rows left out end

    def of(self, k: int) -> list[str]:
        """The paragraph ids submitted for case ``k``."""
        start, end = self._starts[k], self._starts[k + 1]
        if self._order is None:
            return self._paragraphs[start:end]
        paragraphs = self._paragraphs
        return [paragraphs[row] for row in self._order[start:end]]

    def rows(self, k: int) -> Sequence[int]:
        """The rows (positions in file order) of case ``k``'s paragraph ids."""
        start, end = self._starts[k], self._starts[k + 1]
        return range(start, end) if self._order is None else self._order[start:end]

    def __len__(self) -> int:
        return len(self._starts) - 1

    @classmethod
    def of_submission(cls, cases: Cases, submission: Submission) -> Picks:
        """The pairs of a checked :class:`Submission` (every test id in ``cases``)."""
        rows = array("I")
        paragraphs = TextColumn()
        for test_id, chosen in submission.pairs.items():
            k = cases.find(test_id)
            rows.extend([k] * len(chosen))  # type: ignore[list-item]
            paragraphs.extend(chosen)
        return cls(len(cases), rows, paragraphs)


# --- the whole-file reading --------------------------------------------------


def _csv_rows(lines: Iterable[str], path: str) -> Iterator[tuple[int, list[str]]]:
    """The rows of a ``test_id,answer`` CSV given as its lines (each with
    its newline, as ``io.StringIO`` gives them)."""
    reader = csv.reader(lines)
    try:
        header = next(reader, None)
        found = None if header is None else tuple(cell.strip() for cell in header)
        if found != HEADER:
            raise InputError(
                f"expected the header test_id,answer, found "
                f"{','.join(found) if found else 'an empty file'!r}",
                path=path,
                line=1,
            )
        for row in reader:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            if len(row) != 2:
                raise InputError(
                    f"expected 2 cells (test_id,answer), found {len(row)}",
                    path=path,
                    line=reader.line_num,
                )
            yield reader.line_num, [cell.strip() for cell in row]
    except csv.Error as exc:
        raise InputError(f"malformed CSV ({exc})", path=path, line=reader.line_num) from None


def _read_csv(text: str, path: str, diag: Diagnostics) -> Submission:
    submission = Submission(path, {})
    for line, (test_id, paragraph) in _csv_rows(io.StringIO(text), path):
        submission.add(test_id, paragraph, line, diag)
    return submission


def _from_pairs(source: Any, path: str, diag: Diagnostics) -> Submission:
    """``{test_id: [paragraph ids]}`` or an iterable of ``(test_id, paragraph_id)``."""
    submission = Submission(path, {})
    if isinstance(source, Mapping):
        pairs: Iterable[Any] = [(t, p) for t, ps in source.items() for p in _as_list(ps, path)]
    elif isinstance(source, Iterable) and not isinstance(source, (str, bytes)):
        pairs = source
    else:
        raise InputError(
            "expected a path, {test_id: [paragraph ids]} or a list of "
            f"(test_id, paragraph_id) pairs, not {type(source).__name__}",
            path=path,
        )
    for pair in pairs:
        if not (
            isinstance(pair, (tuple, list))
            and len(pair) == 2
            and all(isinstance(x, str) for x in pair)
        ):
            raise InputError(
                f"expected a (test_id, paragraph_id) pair of strings, found {pair!r}", path=path
            )
        submission.add(pair[0], pair[1], None, diag)
    return submission


def _as_list(value: Any, path: str) -> list[Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InputError(f"expected a list of paragraph ids, found {value!r}", path=path)
    return list(value)


def shown(value: Any) -> str:
    """``repr(value)`` for a message, cut short (and without printing a huge integer)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _where(index: int, case_id: object = None) -> str:
    return f"test case #{index + 1}" + (f" ({case_id!r})" if isinstance(case_id, str) else "")


def _cases_from_json(data: Any, path: str, text: str | None = None) -> Cases:
    if not isinstance(data, list):
        raise InputError(
            "expected a JSON list of test cases (the test.json layout), "
            f"found a {type(data).__name__}",
            path=path,
        )
    if not data:
        raise InputError("the gold has no test cases", path=path)
    parsed: list[tuple[str, str, list[tuple[str, dict[str, Any]]]]] = []
    seen: set[str] = set()
    for index, case in enumerate(data):
        if isinstance(case, dict) and "paragraphs" not in case and "label" in case:
            raise InputError(
                f"{_where(index)} has a 'label' but no 'paragraphs': this is the "
                "training layout (one paragraph per item), not a test.json",
                path=path,
            )
        if not isinstance(case, dict) or not isinstance(case.get("paragraphs"), list):
            raise InputError(
                f"{_where(index)}: expected an object with '__id__' and a list of 'paragraphs'",
                path=path,
            )
        case_id = case.get("__id__")
        where = _where(index, case_id)
        if not isinstance(case_id, str) or not case_id:
            raise InputError(f"{where}: '__id__' must be a non-empty string", path=path)
        if case_id in seen:
            raise InputError(f"{where}: duplicate test id", path=path)
        seen.add(case_id)
        paragraphs: list[tuple[str, dict[str, Any]]] = []
        for number, paragraph in enumerate(case["paragraphs"], start=1):
            pid = paragraph.get("id") if isinstance(paragraph, dict) else None
            if not isinstance(pid, str) or not pid:
                raise InputError(
                    f"{where}, paragraph #{number}: expected an object with a string 'id'",
                    path=path,
                )
            if any(pid == known for known, _ in paragraphs):
                raise InputError(f"{where}: duplicate paragraph id {pid!r}", path=path)
            paragraphs.append((pid, paragraph))
        parsed.append((case_id, where, paragraphs))
    if not any("label" in p for _, _, ps in parsed for _, p in ps):
        raise InputError(
            "no paragraph carries a 'label', so this test.json has no answers "
            "(the public test.json is unlabelled); the gold must be a test.json "
            'whose paragraphs have "label": true or false, or a CSV of the '
            "correct test_id,answer pairs",
            path=path,
        )
    cases = Cases(listed=False)
    offset, lines = 0, 1  # where the search goes on, and the line there
    for case_id, where, paragraphs in parsed:
        for pid, paragraph in paragraphs:
            label = paragraph.get("label")
            if not isinstance(label, bool):
                found = "no 'label'" if "label" not in paragraph else f"label {shown(label)}"
                raise InputError(
                    f'{where}, paragraph {pid!r}: expected "label": true or false, found {found}',
                    path=path,
                )
        line = None
        if text is not None:
            line, offset, lines = _json_line(text, case_id, offset, lines)
        cases.add(
            case_id, [pid for pid, _ in paragraphs], [p["label"] for _, p in paragraphs], line
        )
    return cases


def _parse_json(text: str, path: str, diag: Diagnostics) -> Any:
    """Parse a whole JSON text; a repeated key warns (the last value wins)."""
    try:
        return json.loads(text, object_pairs_hook=duplicate_key_hook(path, diag))
    except json.JSONDecodeError as exc:
        raise InputError(
            f"not valid JSON ({exc.msg} at column {exc.colno})", path=path, line=exc.lineno
        ) from None
    except RecursionError:
        raise InputError(
            "JSON nested too deeply to read; expected a list of test cases", path=path
        ) from None


def _json_line(text: str, value: Any, start: int, line: int) -> tuple[int | None, int, int]:
    """The line of the next ``"__id__": value`` at or after ``start`` (on
    line ``line``) in a JSON ``text``, where to search from next and its
    line (the newlines are counted from ``start`` only: counting them from
    the text's start for every case made a large gold take minutes).

    >>> _json_line('[{"__id__": "a"},\\n {"__id__": "b"}]', "b", 0, 1)
    (2, 33, 2)
    """
    if not isinstance(value, str):
        return None, start, line
    for encoded in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        at = start
        while (found := _ID_KEY.search(text, at)) is not None:
            if text.startswith(encoded, found.end()):
                line += text.count("\n", start, found.start())
                end = found.end() + len(encoded)
                return line, end, line + text.count("\n", found.start(), end)
            at = found.end()
    return None, start, line


# the key of a case's id; its value is compared as a string (a pattern per
# id, compiled for every case, took most of a large gold's reading)
_ID_KEY = re.compile(r'"__id__"\s*:\s*')


def _whole_gold(source: Any, diag: Diagnostics) -> Cases:
    path = source_name(source)
    if is_path(source):
        text = read_text(source)
        if text.startswith("\ufeff"):
            text = text[1:]
        if not text.strip():
            raise InputError(
                "the gold file is empty; expected a labelled test.json or a CSV of the "
                "correct test_id,answer pairs",
                path=path,
            )
        if text.lstrip().startswith("["):
            return _cases_from_json(_parse_json(text, path, diag), path, text)
        return _cases_from_pairs(_read_csv(text, path, diag))
    if isinstance(source, list) and all(isinstance(c, dict) for c in source):
        return _cases_from_json(source, path)
    return _cases_from_pairs(_from_pairs(source, path, diag))


def _cases_from_pairs(submission: Submission) -> Cases:
    cases = Cases(listed=True)
    for test_id, chosen in submission.pairs.items():
        cases.add(test_id, list(chosen), None, next(iter(chosen.values()), None))
    return cases


def read_gold(source: Any, diag: Diagnostics) -> Cases:
    """Gold test cases in order, from a labelled test.json, a CSV of pairs,
    or objects. A file is read in parts (:func:`_gold_in_parts`) unless
    that reading would refuse or warn: then whole, for its errors and
    warnings."""
    cases = _gold_in_parts(source, diag) if is_path(source) else None
    if cases is None:
        cases = _whole_gold(source, diag)
    if not cases:
        raise InputError("the gold has no test cases", path=source_name(source))
    return cases


def read_submission(source: Any, diag: Diagnostics) -> Submission:
    """The submitted pairs, from a ``test_id,answer`` CSV or objects (read whole)."""
    path = source_name(source)
    if is_path(source):
        return _read_csv(read_text(source).lstrip("\ufeff"), path, diag)
    return _from_pairs(source, path, diag)


def check(cases: Cases, submission: Submission) -> None:
    """Every submitted test id in the gold and, for a test.json gold, every
    paragraph id one of its case's: else an error naming the first."""
    unknown = [t for t in submission.pairs if cases.find(t) is None]
    if unknown:
        listed = ", ".join(unknown[:10]) + (
            f" and {len(unknown) - 10} more" if len(unknown) > 10 else ""
        )
        first_line = next(iter(submission.pairs[unknown[0]].values()))
        raise InputError(
            f"{len(unknown)} test id(s) are not in the gold: {listed}"
            + (
                "; the gold is a CSV of correct pairs, which lists only the cases that have a "
                "correct paragraph: score against the labelled test.json to count the others"
                if cases.listed
                else ""
            ),
            path=submission.path,
            line=first_line,
            # with two CSVs of one layout, reading them the other way round proves nothing
            swapped=cases.listed,
        )
    if cases.listed:
        return
    for test_id, paragraphs in submission.pairs.items():
        known = cases.paragraphs(cases.find(test_id))  # type: ignore[arg-type]
        for pid, line in paragraphs.items():
            if pid not in known:
                raise InputError(
                    f"test case {test_id!r} has no paragraph {pid!r} (its "
                    f"paragraphs: {', '.join(known)})",
                    path=submission.path,
                    line=line,
                )


def read_picks(source: Any, cases: Cases, diag: Diagnostics) -> Picks:
    """The submission of ``source`` checked against the gold ``cases``; a
    file is read in parts (:func:`_picks_in_parts`) unless that reading
    would refuse: then whole, for its error."""
    picks = _picks_in_parts(source, cases, diag) if is_path(source) else None
    if picks is None:
        submission = read_submission(source, diag)
        check(cases, submission)
        picks = Picks.of_submission(cases, submission)
    return picks


# --- reading in parts --------------------------------------------------------


def _in_parts(source: Any) -> bool:
    """Whether a file is large enough to be read in parts (as
    :func:`~answermatch.sources.kept_entries` decides)."""
    name = os.fspath(source)
    try:
        return name.endswith(".gz") or (
            os.stat(name).st_size >= sources.PARTS_FROM * sources.PART_BYTES
        )
    except (OSError, ValueError):
        return False  # the whole reading names the problem


def _gold_in_parts(source: Any, diag: Diagnostics | None = None) -> Cases | None:
    """The gold file read in parts, or ``None`` for a file read whole (a
    small one, or one that reading would refuse). The whole reading's
    warnings about a key repeated in a JSON object, or a pair repeated in
    a CSV gold (its rows of a test id together), are given through
    ``diag`` with its words and order, once the file is read (without
    ``diag``, such a file is read whole)."""
    if not _in_parts(source):
        return None
    for read in (_json_cases, _csv_cases):
        warnings: list[Callable[[Diagnostics], None]] = []
        try:
            cases = read(source, warnings)
        except (NotFlat, InputError, UnicodeDecodeError, RecursionError):
            continue
        if warnings and diag is None:
            return None
        for warning in warnings:
            warning(diag)  # type: ignore[arg-type]
        return cases
    return None


def _lines(source: Any, first: Any) -> Iterator[str]:
    """The lines of a file as ``io.StringIO`` gives those of its text (each
    with its ``"\\n"``, no empty last line), read in parts
    (:func:`~answermatch.sources.line_parts`); the first passed through
    ``first`` (which drops a byte order mark)."""
    lines = chain.from_iterable(line_parts(source))
    held = first(next(lines))
    for line in lines:
        yield held + "\n"
        held = line
    if held:
        yield held


def _one_bom(line: str) -> str:
    return line[1:] if line.startswith("\ufeff") else line


def _every_bom(line: str) -> str:
    return line.lstrip("\ufeff")


def _csv_cases(source: Any, warnings: list[Callable[[Diagnostics], None]]) -> Cases:
    """The cases of a CSV gold whose rows of a test id are together; else
    :class:`NotFlat`. A pair given again is counted once, and ``warnings``
    gets the whole reading's warning about it (:func:`_repeated`)."""
    name = os.fspath(source)
    cases = Cases(listed=True)
    current: str | None = None
    chosen: dict[str, int] = {}  # the line of each paragraph id of the current case
    first = 0
    for line, (test_id, pid) in _csv_rows(_lines(source, _one_bom), name):
        if not test_id or not pid:
            raise NotFlat(name)
        if test_id != current:
            if current is not None:
                cases.add(current, list(chosen), None, first)
            current, chosen, first = test_id, {}, line
        elif pid in chosen:  # counted once, with a warning
            found = (name, test_id, pid, chosen[pid], line)
            warnings.append(lambda diag, found=found: _repeated(diag, *found))  # type: ignore[misc]
            continue
        chosen[pid] = line
    if current is not None:
        cases.add(current, list(chosen), None, first)
    if cases.repeated():  # a test id's rows apart
        raise NotFlat(name)
    return cases


def _picks_in_parts(source: Any, cases: Cases, diag: Diagnostics) -> Picks | None:
    """The submission file read in parts, or ``None`` for a file read whole
    (a small one, or one that reading would refuse: a test id or paragraph
    not in the gold, an empty cell...). A repeated pair is counted once
    and warned of here, with the whole reading's words, lines and order
    (the warnings are given once the file is read, so that a file read
    whole after all does not give them twice)."""
    if not _in_parts(source):
        return None
    try:
        picks, warnings = _read_picks(source, cases)
    except (NotFlat, InputError, UnicodeDecodeError):
        return None
    for test_id, paragraph, first, line in warnings:
        _repeated(diag, source_name(source), test_id, paragraph, first, line)
    return picks


def _read_picks(source: Any, cases: Cases) -> tuple[Picks, list[tuple[str, str, int, int]]]:
    """The picks of a submission, and its repeated pairs (test id,
    paragraph id, the lines of the first and of the repeat) in file order."""
    name = os.fspath(source)
    rows = array("I")
    paragraphs = TextColumn()
    held: list[str] = []
    seen = bytearray(len(cases))
    apart = False  # a case's rows not together: each checked for a repeat at the end
    current: str | None = None
    case = 0
    chosen: dict[str, int] = {}  # the row of each paragraph id of the current case
    known: set[str] | None = None
    repeats: dict[int, int] = {}  # a repeated row: the row it repeats
    for _, (test_id, pid) in _csv_rows(_lines(source, _every_bom), name):
        if test_id != current:
            found = cases.find(test_id) if test_id else None
            if found is None:
                raise NotFlat(name)
            apart = apart or bool(seen[found])
            seen[found] = 1
            current, case, chosen = test_id, found, {}
            known = None if cases.listed else set(cases.paragraphs(found))
        if not pid or (known is not None and pid not in known):
            raise NotFlat(name)
        if pid in chosen:
            repeats[len(rows)] = chosen[pid]
        else:
            chosen[pid] = len(rows)
        rows.append(case)
        held.append(pid)
        if len(held) == 1 << 16:
            paragraphs.extend(held)
            held.clear()
    paragraphs.extend(held)
    held.clear()
    picks = Picks(len(cases), rows, paragraphs)
    if apart:  # every case's rows checked
        for k in range(len(cases)):
            firsts: dict[str, int] = {}
            for row in picks.rows(k):
                first = firsts.setdefault(paragraphs[row], row)
                if first != row:
                    repeats[row] = first
    if not repeats:
        return picks, []
    # read again for the lines of the rows repeated and repeating
    wanted = set(repeats) | set(repeats.values())
    lines = {
        row: line
        for row, (line, _) in enumerate(_csv_rows(_lines(source, _every_bom), name))
        if row in wanted
    }
    warnings = [
        (cases.ids[rows[row]], paragraphs[row], lines[repeats[row]], lines[row])
        for row in sorted(repeats)
    ]
    del picks
    for row in repeats:  # left out
        rows[row] = len(cases)
    return Picks(len(cases), rows, paragraphs), warnings


class _Text:
    """A file's UTF-8 text read piece by piece (``text``: what is held),
    from :meth:`skim` on with its long strings dropped (:class:`_Skimmer`)."""

    def __init__(self, source: Any) -> None:
        self._pieces = sources.file_pieces(source)
        self._decode = codecs.getincrementaldecoder("utf-8")().decode
        self._skimmer: _Skimmer | None = None
        self.text = ""
        self.done = False

    def more(self) -> bool:
        """Read as much again as is held (at least a piece); ``False`` at the end."""
        if self.done:
            return False
        want, size, read = max(len(self.text), 1), 0, []
        for piece in self._pieces:
            read.append(self._skimmed(self._decode(piece)))
            size += len(piece)
            del piece
            if size >= want:
                break
        else:
            read.append(self._skimmed(self._decode(b"", True)))
            if self._skimmer is not None:
                self._skimmer.end()
            self.done = True
        self.text += "".join(read)
        return True

    def _skimmed(self, text: str) -> str:
        return text if self._skimmer is None else self._skimmer.feed(text)

    def skim(self, at: int) -> None:
        """Drop the long strings of what is held from ``at`` (outside a
        string) on, and of what is read next, until :meth:`unskim`."""
        if self._skimmer is None:
            self._skimmer = _Skimmer()
            self.text = self.text[:at] + self._skimmer.feed(self.text[at:])

    def unskim(self) -> None:
        """Stop dropping long strings, where what is held ends outside a string."""
        if self._skimmer is not None and self._skimmer.outside():
            self._skimmer = None

    def space(self, at: int) -> int:
        """The position of the first character after JSON whitespace at ``at``."""
        while True:
            at = _JSON_SPACE.match(self.text, at).end()  # type: ignore[union-attr]
            if at < len(self.text) or not self.more():
                return at


#: A JSON string of at least this many characters as written is dropped
#: from a case held (:class:`_Skimmer`), and a case is skimmed once this
#: much of it is held undecoded.
LONG_STRING = 1 << 16

#: What stands for a long string (no reader of the gold takes it: an id,
#: paragraph id or key that holds it is read whole), as decoded and as written.
_LONG_MARK = "\x00answermatch: a long string"
_LONG_MARK_WRITTEN = json.dumps(_LONG_MARK)[1:-1]

#: A JSON string's text as ``json`` decodes it (``strict``): characters
#: but a quote, a backslash and a control character, and whole escapes
#: (each escape with the run after it: a third faster than alternatives
#: on a text of ``\u`` escapes).
_STRING_TEXT = re.compile(r'[^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*')

#: :data:`_STRING_TEXT` is matched this many characters at a time (its
#: state grows with the runs it matches).
_WINDOW = 1 << 14


def _string_text_end(text: str, at: int) -> int:
    """Where the string's text going on at ``at`` in ``text`` stops: at
    its closing quote, at what is no JSON string, or at an escape cut by
    the end of ``text`` (``len(text)`` where it goes on past it)."""
    while True:
        stop = min(len(text), at + _WINDOW)
        end = _STRING_TEXT.match(text, at, stop).end()  # type: ignore[union-attr]
        if stop == len(text) or end < stop - 5:  # (not an escape cut by the window)
            return end
        at = end


class _Skimmer:
    """A JSON text fed piece by piece (from outside a string), given back
    with the text of each string of at least :data:`LONG_STRING`
    characters as written replaced by :data:`_LONG_MARK`: the string is
    checked as ``json`` checks it, a window at a time, and not held (the
    paragraph texts of a test.json are not read). Anything that is not a
    JSON string where a string begins raises :class:`NotFlat`: the text is
    not JSON, and the whole reading names the problem. Strings shorter
    than that are given as they are.

    >>> skimmer = _Skimmer()
    >>> skimmer.feed('{"id": "p1", "text": "' + "ab" * 40_000)
    '{"id": "p1", "text": "'
    >>> skimmer.outside(), skimmer.feed('\\\\u00e9", "label": true}')
    (False, '\\\\u0000answermatch: a long string", "label": true}')
    """

    __slots__ = ("_carry", "_chars", "_held", "_inside", "_long")

    def __init__(self) -> None:
        self._inside = False  # within a string
        self._held: list[str] = []  # its text so far, while it is short
        self._chars = 0  # its length so far
        self._long = False  # long: dropped
        self._carry = ""  # an escape cut by the end of the last text

    def outside(self) -> bool:
        """Whether what was fed ends outside a string."""
        return not self._inside

    def feed(self, text: str) -> str:
        """``text``, the text that follows what was fed, skimmed (a short
        string is given once it ends)."""
        if self._carry:
            text, self._carry = self._carry + text, ""
        out: list[str] = []
        at = 0
        while at < len(text):
            if not self._inside:
                quote = text.find('"', at)
                if quote < 0:
                    out.append(text[at:])
                    break
                out.append(text[at : quote + 1])
                self._inside, at = True, quote + 1
                continue
            end = _string_text_end(text, at)
            if not self._long:
                self._held.append(text[at:end])
                self._chars += end - at
                if self._chars >= LONG_STRING:
                    self._held.clear()
                    self._long = True
            if end < len(text) and text[end] == '"':  # the string ends
                out.append(_LONG_MARK_WRITTEN if self._long else "".join(self._held))
                out.append('"')
                self._held.clear()
                self._inside, self._long, self._chars = False, False, 0
                at = end + 1
                continue
            if end < len(text):  # an escape cut by the end of the text, or not JSON
                if text[end] != "\\" or len(text) - end > 5:
                    raise NotFlat("not a JSON string")
                self._carry = text[end:]
            break
        return "".join(out)

    def end(self) -> None:
        """The text fed ends: :class:`NotFlat` within a string (not JSON)."""
        if self._inside:
            raise NotFlat("an unterminated JSON string")


_JSON_SPACE = re.compile(r"[ \t\n\r]*")


class _RepeatedKeys:
    """A ``json`` object hook that keeps the last value of a key given
    again, as ``json`` does, and notes the key (:attr:`found`, in the order
    of the whole reading's warnings: each object's as it is closed)."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        value = dict(pairs)
        if len(value) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.found.append(key)
                seen.add(key)
        return value


def _json_cases(source: Any, warnings: list[Callable[[Diagnostics], None]]) -> Cases:
    """The cases of a labelled test.json read case by case from its text,
    held piece by piece: :class:`NotFlat` for anything the whole reading
    would refuse, or for which it might find a case's line elsewhere (a
    case without exactly one ``"__id__":`` written as ``json.dumps`` writes
    its id). A key given again in an object: the last value wins, and
    ``warnings`` gets the whole reading's warning about it. A case of
    which :data:`LONG_STRING` characters are held undecoded is held
    without its long strings (:meth:`_Text.skim`): a paragraph's long text
    was held as read and again as decoded, while the text read doubled."""
    name = os.fspath(source)
    repeated = _RepeatedKeys()
    decoder = json.JSONDecoder(object_pairs_hook=repeated)
    text = _Text(source)
    text.more()
    at = text.space(1 if text.text.startswith("\ufeff") else 0)
    if text.text[at : at + 1] != "[":
        raise NotFlat(name)
    at = text.space(at + 1)
    cases = Cases(listed=False)
    search, line = 0, 1  # where the search for the next id goes on, and its line
    while True:
        cut = min(at, search)
        if cut > len(text.text) >> 1:  # drop what was read
            text.text = text.text[cut:]
            at, search = at - cut, search - cut
        while True:
            repeated.found.clear()  # (a case cut short may have said some)
            try:
                value, end = decoder.raw_decode(text.text, at)
                break
            except ValueError:  # the case goes on in the next piece, or not JSON
                if len(text.text) - at >= LONG_STRING:  # a long case: its long strings dropped
                    text.skim(at)
                if not text.more():
                    raise NotFlat(name) from None
        text.unskim()
        for key in repeated.found:
            if _LONG_MARK in key:  # (two long keys, which may differ)
                raise NotFlat(name)
            message = duplicate_key_message(key)
            warnings.append(lambda diag, message=message: diag.warn(message, path=name))
        case_id, paragraphs, labels = _case_of(value, name)
        found = _ID_KEY.search(text.text, at, end)
        if found is None or _ID_KEY.search(text.text, found.end(), end) is not None:
            raise NotFlat(name)
        for encoded in (json.dumps(case_id), json.dumps(case_id, ensure_ascii=False)):
            if text.text.startswith(encoded, found.end()):
                break
        else:
            raise NotFlat(name)
        line += text.text.count("\n", search, found.start())
        cases.add(case_id, paragraphs, labels, line)
        search = found.end() + len(encoded)
        line += text.text.count("\n", found.start(), search)
        at = text.space(end)
        mark = text.text[at : at + 1]
        if mark == ",":
            at = text.space(at + 1)
        elif mark == "]" and text.space(at + 1) == len(text.text):
            break
        else:
            raise NotFlat(name)
    if not len(cases._labels) or cases.repeated():  # no label at all, a test id twice
        raise NotFlat(name)
    return cases


def _case_of(value: Any, name: str) -> tuple[str, list[str], list[bool]]:
    """A test case's id, paragraph ids and labels, when it is one the whole
    reading takes without a word; else :class:`NotFlat`."""
    paragraphs = value.get("paragraphs") if type(value) is dict else None
    case_id = value.get("__id__") if type(paragraphs) is list else None
    if type(case_id) is not str or not case_id or _LONG_MARK in case_id:
        raise NotFlat(name)
    ids, labels = [], []
    for paragraph in paragraphs:  # type: ignore[union-attr]
        pid = paragraph.get("id") if type(paragraph) is dict else None
        label = paragraph.get("label") if type(pid) is str and pid else None
        if type(label) is not bool or _LONG_MARK in pid:  # type: ignore[operator]
            raise NotFlat(name)
        ids.append(pid)
        labels.append(label)
    if len(set(ids)) != len(ids):
        raise NotFlat(name)
    return case_id, ids, labels
