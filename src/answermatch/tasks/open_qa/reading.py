"""The readers of the ``open-qa`` task: gold rows and predictions.

Gold: JSON Lines (``.gz`` allowed), one row a question,
``{"id": ..., "question": ..., "answers": [...], "lang": ...}``; ``id``
and ``answers`` are required, ``question`` and ``lang`` optional.
``answer`` may stand for ``answers``, and either may be one string or an
answer object as datasets write them (TriviaQA's ``{"aliases": [...]}``,
SQuAD's ``{"text": [...]}``: :func:`~answermatch.formats.answers.answer_list`).
Loaded objects work too: a list of such rows. An empty (or blank) alias
is set aside: :attr:`Question.answers` holds the others, which are scored,
and :attr:`Question.empty` counts it for ``check-gold``.

Predictions: a JSON object ``{id: text}``, or JSON Lines rows
``{"id": ..., "prediction": text}``; loaded, a dict ``{id: text}``, a list
of rows or a list of texts in the gold's order. ``null`` is no answer.
Only the predictions of gold questions are kept; the others are counted.

Files are read in parts (:func:`~answermatch.sources.jsonl_parts`,
:func:`~answermatch.sources.kept_entries`): a gold keeps its questions,
not the file, and predictions keep those of gold questions (a key given
again in ``{id: text}`` warns, the last value winning, as read whole). A
file that this reading cannot take (another shape, an id repeated in rows,
an error) is read whole, with the same values, errors and warnings. What
is kept is packed: the gold's questions by columns (:class:`Gold`: their
strings in :class:`~answermatch.items.TextColumn` objects, the rest in
arrays), the predictions as one text column in the gold's order
(:class:`GoldTexts`); a question or a text is decoded when it is read.

>>> gold = read_gold([{"id": 1, "answers": ["Paris"], "lang": "fr-FR"}], Diagnostics())
>>> gold[0]
Question(id='1', line=1, answers=('Paris',), question=None, lang='fr')
>>> found = read_predictions({"1": "C'est Paris.", "2": "?"}, gold, Diagnostics())
>>> list(found.texts), found.others, found.examples
(["C'est Paris."], 1, ['2'])
"""

from __future__ import annotations

import json
import os
from array import array
from collections import deque
from collections.abc import Iterable, Iterator, KeysView, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, compress, islice, repeat, takewhile
from operator import is_not, itemgetter, lt, ne, not_
from typing import Any

from ...columns import Rows
from ...diagnostics import Deferred, Diagnostics
from ...errors import InputError, UnknownLanguageError
from ...formats.answers import ANSWER_FIELDS, answer_list
from ...items import AsList, Places, TextColumn
from ...languages import canonical_language
from ...sources import (
    Fingerprints,
    NotFlat,
    NotJson,
    PathLike,
    bom_error,
    decodes_as_utf8,
    first_repeat,
    is_path,
    jsonl_columns,
    jsonl_parts,
    kept_entries,
    kept_string_entries,
    line_parts,
    parse_json,
    read_text,
    source_name,
    starts_with_bom,
)

__all__ = ["Gold", "GoldTexts", "Predictions", "Question", "read_gold", "read_predictions"]

GOLD_ROW = '{"id": ..., "question": ..., "answers": [...], "lang": ...}'
PREDICTION_ROW = '{"id": ..., "prediction": text}'


@dataclass(frozen=True, slots=True)
class Question:
    """One gold question: its id (as a string: JSON object keys are
    strings), its line (1-based; the position for loaded rows), its answers,
    the question text and its language (canonical code), where given;
    ``empty``: how many empty or blank aliases the row also lists (never
    scored: an empty alias would match an empty answer, or be found in any)."""

    id: str
    line: int
    answers: tuple[str, ...]
    question: str | None = None
    lang: str | None = None
    empty: int = field(default=0, repr=False)


class Gold(AsList, Rows[Question]):
    """The questions of a gold, held by columns: the ids, the answers and
    the question texts each in one :class:`~answermatch.items.TextColumn`,
    the lines, each row's number of answers and its language in arrays
    (about the size of the strings in the file, where a :class:`Question`
    and its strings took three times that). ``gold[k]`` (or iterating)
    builds question ``k`` anew; :meth:`answers` and :meth:`lang` read one
    field. Equal to the list of its questions.

    >>> gold = Gold()
    >>> gold.add("q1", 1, ("Oulu", "Uleåborg"), "Where?", "fi")
    >>> gold.add("q2", 3, ("Kraków",), None, None, empty=1)
    >>> gold[1], gold.answers(0), gold.lang(0), list(gold.ids)
    (Question(id='q2', line=3, answers=('Kraków',), question=None, lang=None), \
('Oulu', 'Uleåborg'), 'fi', ['q1', 'q2'])
    """

    __slots__ = ("_answer_ends", "_answers", "_asked", "_codes", "_langs", "_names",
                 "_questions", "empty", "ids", "lines")  # fmt: skip

    def __init__(self) -> None:
        #: each question's id
        self.ids = TextColumn()
        #: each question's line
        self.lines = array("I")
        #: the number of empty or blank aliases of each question that has any
        self.empty: dict[int, int] = {}
        self._answers = TextColumn()  # every question's answers, one after the other
        self._answer_ends = array("I")  # where each question's answers end in it
        self._questions = TextColumn()  # "" where there is none
        self._asked = bytearray()  # 1 where there is a question text
        self._langs = array("I")  # each question's language, as its place in _names
        self._names: list[str | None] = [None]
        self._codes: dict[str | None, int] = {None: 0}

    def add(
        self,
        key: str,
        line: int,
        answers: Sequence[str],
        question: str | None,
        lang: str | None,
        empty: int = 0,
    ) -> None:
        """Append a question (see :class:`Question`)."""
        if empty:
            self.empty[len(self.lines)] = empty
        self.ids.extend((key,))
        self.lines.append(line)
        self._answers.extend(answers)
        self._answer_ends.append(len(self._answers))
        self._questions.extend(("" if question is None else question,))
        self._asked.append(question is not None)
        code = self._codes.get(lang)
        if code is None:
            code = self._codes[lang] = len(self._names)
            self._names.append(lang)
        self._langs.append(code)

    def answers(self, k: int) -> tuple[str, ...]:
        """The answers of question ``k`` (``0 <= k < len(self)``)."""
        start = self._answer_ends[k - 1] if k else 0
        return tuple(self._answers[start : self._answer_ends[k]])

    def answer(self, k: int, place: int) -> str:
        """Answer ``place`` of question ``k`` (both within their bounds)."""
        return self._answers[(self._answer_ends[k - 1] if k else 0) + place]

    def lang(self, k: int) -> str | None:
        """The language of question ``k``."""
        return self._names[self._langs[k]]

    def languages(self) -> set[str]:
        """The languages named."""
        return {name for name in self._names if name is not None}

    def question(self, k: int) -> str | None:
        """The question text of question ``k``, where it has one."""
        return self._questions[k] if self._asked[k] else None

    def column(self, field_name: str) -> Sequence[Any]:
        """The ``"answers"``, ``"lang"`` or ``"question"`` of every question,
        each read when asked (an item column, or what a scorer walks)."""
        get, walk = {
            "answers": (self.answers, self._walk_answers),
            "lang": (self.lang, lambda: map(self._names.__getitem__, self._langs)),
            "question": (self.question, self._walk_questions),
        }[field_name]
        return _Derived(len(self.lines), get, walk)

    def _walk_answers(self) -> Iterator[tuple[str, ...]]:
        answers, start = iter(self._answers), 0
        for end in self._answer_ends:
            yield tuple(islice(answers, end - start))
            start = end

    def _walk_questions(self) -> Iterator[str | None]:
        for question, asked in zip(self._questions, self._asked, strict=True):
            yield question if asked else None

    def __len__(self) -> int:
        return len(self.lines)

    def row(self, k: int) -> Question:
        return Question(self.ids[k], self.lines[k], self.answers(k), self.question(k),
                        self.lang(k), self.empty.get(k, 0))  # fmt: skip

    def __iter__(self) -> Iterator[Question]:
        names, empty, answers, start = self._names, self.empty, iter(self._answers), 0
        columns = (self.ids, self.lines, self._answer_ends, self._questions, self._asked)
        rows = zip(*columns, self._langs, strict=True)
        for k, (key, line, end, question, asked, code) in enumerate(rows):
            yield Question(key, line, tuple(islice(answers, end - start)),
                           question if asked else None, names[code], empty.get(k, 0))  # fmt: skip
            start = end

    def __repr__(self) -> str:
        return f"<Gold: {len(self.lines)} questions>"


class _Derived(AsList, Rows[Any]):
    """``get(k)`` for each ``k`` of ``range(length)``, computed when read;
    iterated, the values ``walk()`` gives (the same, found faster)."""

    __slots__ = ("_get", "_length", "_walk")

    def __init__(self, length: int, get: Any, walk: Any) -> None:
        self._length = length
        self._get = get
        self._walk = walk

    def __len__(self) -> int:
        return self._length

    def row(self, k: int) -> Any:
        return self._get(k)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._walk())


#: The errors of a file given on the other side: what it is, what was expected.
PREDICTIONS_AS_GOLD = (
    'this is a predictions file ({id: text} or rows with "prediction"), not a gold file: '
    f"expected JSON Lines, one question per line, {GOLD_ROW}; "
    "were the gold and the predictions swapped?"
)
GOLD_AS_PREDICTIONS = (
    'this is a gold file (rows with "answers"), not predictions: expected {id: text} or '
    f"JSON Lines {PREDICTION_ROW}; were the gold and the predictions swapped?"
)


def _is_predictions(value: Any) -> bool:
    """Whether ``value``, read where a gold row was expected, is predictions:
    an object ``{id: text or null}`` or a row ``{"id", "prediction"}``."""
    if not isinstance(value, dict) or not value or {*ANSWER_FIELDS} & set(value):
        return False
    if "prediction" in value:
        return True
    return not {"id", "question", "lang"} & set(value) and all(
        text is None or isinstance(text, str) for text in value.values()
    )


def _rows(source: Any, diag: Diagnostics) -> tuple[str, list[tuple[int, Any]]]:
    """``(name, [(line, row)])`` of a JSON Lines file or a loaded list."""
    name = source_name(source)
    if is_path(source):
        text = read_text(source)
        try:
            numbers, objects = jsonl_columns(text, os.fspath(source), diag=diag)
        except InputError:
            try:
                whole = json.loads(text)
            except (ValueError, RecursionError):
                whole = None
            if _is_predictions(whole):
                raise InputError(PREDICTIONS_AS_GOLD, path=name, line=1, swapped=True) from None
            raise
        if objects and _is_predictions(objects[0]):  # one-line object, or prediction rows
            raise InputError(PREDICTIONS_AS_GOLD, path=name, line=numbers[0], swapped=True)
        return name, list(zip(numbers, objects, strict=True))
    if isinstance(source, (str, bytes, Mapping)) or not isinstance(source, Sequence):
        raise InputError(f"expected a list of gold rows {GOLD_ROW}", path=name)
    return name, list(enumerate(source, start=1))


def _language(value: Any, name: str, line: int) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError(f'"lang" must be a language code, not {value!r}', path=name, line=line)
    try:
        return canonical_language(value)
    except UnknownLanguageError as exc:
        raise InputError(str(exc), path=name, line=line) from None


def _key(value: Any, name: str, line: int) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise InputError(
            f'"id" must be a string or an integer, not {value!r}', path=name, line=line
        )
    return str(value)


def read_gold(source: Any, diag: Diagnostics, *, lang: str | None = None) -> Gold:
    """The questions of ``source``; ``lang`` is the language of rows that
    name none. Errors name the file and line: a row that is not an object,
    no ``id`` or a repeated one, no ``answers`` (or only empty ones), an
    answer that is not a string, an unknown language. A file is read in
    parts; one whose error is in a row is read to its end first, since a
    line that is not JSON later in it comes first, and so do the warnings
    about keys repeated in a row of any line (as when read whole)."""
    default = None if lang is None else canonical_language(lang)
    if is_path(source):
        name = os.fspath(source)
        later = Deferred()  # a key repeated in a row: warned once every line is decoded
        parts = jsonl_parts(source, diag=later)
        try:
            questions = _questions(_part_rows(parts, name), name, default)
        except NotFlat as exc:
            _refuse_not_json(exc, source)  # else read whole, for its error
        except InputError:
            try:
                deque(parts, maxlen=0)
            except NotFlat as exc:
                _refuse_not_json(exc, source)  # a line that is not JSON comes first
            else:
                later.give(diag)  # every line's warnings come before a row's error
                raise
        else:
            later.give(diag)
            return questions
    name, rows = _rows(source, diag)
    return _questions(rows, name, default)


def _refuse_not_json(exc: NotFlat, source: PathLike) -> None:
    """The error of a gold's line that is not JSON (:class:`~answermatch.sources.NotJson`),
    as read whole: where it is not the first line that is not blank (that
    line a JSON value, the whole text is not one: :func:`_rows` gives the
    line's error) and the rest of the file decodes; else nothing (read
    whole, for its error)."""
    if not isinstance(exc, NotJson):
        return
    try:
        first = _first_filled_line(source)
    except NotFlat:  # invalid UTF-8 near it: the whole reading names it
        return
    if exc.error.line != first and decodes_as_utf8(source):
        raise exc.error from None


def _first_filled_line(source: PathLike) -> int | None:
    """The number of the first line of the file that is not blank."""
    number = 0
    for lines in line_parts(source):
        for line in lines:
            number += 1
            if line.strip():
                return number
    return None


def _part_rows(parts: Iterable[tuple[Sequence[int], list[Any]]], name: str) -> Iterator[Any]:
    """``(line, row)`` of the parts of a gold file; a first row that is a
    prediction is an error."""
    first = True
    for numbers, objects in parts:
        if first and objects:
            if _is_predictions(objects[0]):
                raise InputError(PREDICTIONS_AS_GOLD, path=name, line=numbers[0], swapped=True)
            first = False
        yield from zip(numbers, objects, strict=True)
        del numbers, objects  # not held while the next part is read


def _questions(rows: Iterable[tuple[int, Any]], name: str, default: str | None) -> Gold:
    """The :class:`Gold` of ``rows``. The ids are remembered by their hash
    alone (:class:`~answermatch.sources.Fingerprints`, 8 bytes an id, in
    batches); where two may be the same, or at the error of a row, they are
    compared: the first error in the file's order is raised, as when each
    id was checked on its row."""
    gold = Gold()
    seen = Fingerprints()
    batch: list[str] = []
    distinct = True
    for line, row in rows:
        try:
            batch.append(_add(gold, line, row, name, default))
        except InputError:
            _check_repeated(gold, name, _id_of(row), line)
            raise
        if len(batch) == _BATCH:
            distinct = seen.add(batch) and distinct
            batch.clear()
    if not (seen.add(batch) and distinct) or seen.repeated():
        _check_repeated(gold, name)
    return gold


#: how many ids :func:`_questions` gives :class:`~answermatch.sources.Fingerprints` at once
_BATCH = 4096


def _id_of(row: Any) -> str | None:
    """The id of a row, where it has one that is valid."""
    if not isinstance(row, dict):
        return None
    key = row.get("id")
    return str(key) if isinstance(key, (str, int)) and not isinstance(key, bool) else None


def _check_repeated(gold: Gold, name: str, key: str | None = None, line: int = 0) -> None:
    """The error of the first id repeated in ``gold`` (then ``key``, the id
    of the row of ``line``, where given)."""
    ids: Iterable[str] = gold.ids
    lines: Iterable[int] = gold.lines
    if key is not None:
        ids, lines = chain(ids, (key,)), chain(lines, (line,))
    first: dict[str, int] = {}
    for key_seen, line_seen in zip(ids, lines, strict=True):
        if key_seen in first:
            raise InputError(
                f"id {key_seen!r} again (first on line {first[key_seen]})",
                path=name,
                line=line_seen,
            )
        first[key_seen] = line_seen


def _add(gold: Gold, line: int, row: Any, name: str, default: str | None) -> str:
    """Check a gold row and add its question to ``gold``; its id."""
    if not isinstance(row, dict):
        raise InputError(f"expected a gold row {GOLD_ROW}", path=name, line=line)
    if "id" not in row:
        raise InputError('the row has no "id"', path=name, line=line)
    key = _key(row["id"], name, line)
    column = next((f for f in ANSWER_FIELDS if f in row), ANSWER_FIELDS[0])
    answers = answer_list(row.get(column))
    if not answers:
        raise InputError(
            f'"{column}" must be a non-empty list of strings (or an answer object with '
            '"aliases" or "text")',
            path=name,
            line=line,
        )
    if not all(isinstance(a, str) for a in answers):
        raise InputError(f"every answer must be a string, got {answers!r}", path=name, line=line)
    kept = [a for a in answers if a.strip()]
    if not kept:
        raise InputError(
            f'"{column}" has no non-empty answer, got {answers!r}', path=name, line=line
        )
    question = row.get("question")
    if question is not None and not isinstance(question, str):
        raise InputError('"question" must be a string', path=name, line=line)
    language = _language(row.get("lang"), name, line)
    lang = default if language is None else language
    gold.add(key, line, kept, question, lang, len(answers) - len(kept))
    return key


def _mapping(data: Mapping[Any, Any], name: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for key, text in data.items():
        if text is not None and not isinstance(text, str):
            raise InputError(
                f"the prediction of id {key!r} must be a string or null, not {type(text).__name__}",
                path=name,
            )
        out[str(key)] = text
    return out


def _from_rows(rows: Iterable[tuple[int, Any]], name: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for line, row in rows:
        key, text = _row(line, row, name)
        if key in out:
            raise _second(key, line, name)
        out[key] = text
    return out


def _row(line: int, row: Any, name: str) -> tuple[str, str | None]:
    """The id and text of a prediction row (an error names what is wrong)."""
    if not isinstance(row, dict) or "id" not in row or "prediction" not in row:
        if isinstance(row, dict) and "prediction" not in row and {*ANSWER_FIELDS} & set(row):
            raise InputError(GOLD_AS_PREDICTIONS, path=name, line=line, swapped=True)
        raise InputError(f"expected a prediction row {PREDICTION_ROW}", path=name, line=line)
    key = _key(row["id"], name, line)
    text = row["prediction"]
    if text is not None and not isinstance(text, str):
        raise InputError('"prediction" must be a string or null', path=name, line=line)
    return key, text


def _second(key: str, line: int, name: str) -> InputError:
    return InputError(f"a second prediction for id {key!r}", path=name, line=line)


def _is_row(data: Mapping[Any, Any], places: _LazyPlaces) -> bool:
    """A one-line JSON Lines file reads as one object: a row when it has the
    row's keys and its keys are not gold ids."""
    return "id" in data and "prediction" in data and not places.among(data)


#: where :class:`GoldTexts` marks a question without a prediction, and one predicted null
_NONE, _NULL = -1, -2


class GoldTexts(AsList, Rows["str | None"]):
    """The prediction of each of ``count`` gold questions, in the gold's
    order (``None``: no answer): the texts in one
    :class:`~answermatch.items.TextColumn`, in the order they were put, and
    the place of each question's text in it (4 bytes a question). Equal to
    the list of the texts; a text is decoded when it is read.

    >>> texts = GoldTexts(3)
    >>> texts.put(2, "Oulu"); texts.put(0, None)
    >>> list(texts), texts.given(0), texts.given(1), texts.unanswered()
    ([None, None, 'Oulu'], True, False, 2)
    """

    __slots__ = ("_at", "_last", "_texts")

    def __init__(self, count: int) -> None:
        self._texts = TextColumn()
        self._at = array("i", [_NONE]) * count
        self._last = -1  # the last question given a text, while they come in order; else count

    def put(self, k: int, text: str | None) -> None:
        """Set the prediction of question ``k`` (``None``: null)."""
        self.put_all(((k, text),))

    def put_all(self, entries: Iterable[tuple[int, str | None]]) -> None:
        """:meth:`put` each ``(k, text)``."""
        pairs = list(entries)
        self.put_columns(list(map(itemgetter(0), pairs)), list(map(itemgetter(1), pairs)))

    def put_columns(self, places: list[int], texts: list[str | None]) -> None:
        """:meth:`put` each text of ``texts`` at its place of ``places``,
        all at once (each step over all of them)."""
        if None in texts:  # nulls: their places marked, the texts of the others
            nulls = [text is None for text in texts]
            deque(map(self._at.__setitem__, compress(places, nulls), repeat(_NULL)), 0)
            given = list(map(not_, nulls))
            places, texts = list(compress(places, given)), list(compress(texts, given))
        if not places:
            return
        start = len(self._texts)
        deque(map(self._at.__setitem__, places, range(start, start + len(places))), 0)
        if self._last < len(self._at):  # in order so far: still, if each comes after the last
            ordered = all(map(lt, chain((self._last,), places), places))
            self._last = places[-1] if ordered else len(self._at)  # out of order: for good
        self._texts.extend(texts)

    def given(self, k: int) -> bool:
        """Whether question ``k`` has a prediction, null included."""
        return self._at[k] != _NONE

    def given_any(self, places: Iterable[int]) -> bool:
        """Whether one of the questions of ``places`` has a prediction."""
        return any(map(ne, map(self._at.__getitem__, places), repeat(_NONE)))

    def unanswered(self) -> int:
        """How many questions have no prediction, or a null one."""
        return self._at.count(_NONE) + self._at.count(_NULL)

    def count_given(self) -> int:
        """How many questions have a prediction, null included."""
        return len(self._at) - self._at.count(_NONE)

    def __len__(self) -> int:
        return len(self._at)

    def row(self, k: int) -> str | None:
        at = self._at[k]
        return self._texts[at] if at >= 0 else None

    def __iter__(self) -> Iterator[str | None]:
        texts = self._texts
        if self._last < len(self._at):  # the texts in the gold's order: read one after the other
            walked = iter(texts)
            return (next(walked) if at >= 0 else None for at in self._at)
        return (texts[at] if at >= 0 else None for at in self._at)

    def __repr__(self) -> str:
        return f"<GoldTexts: {len(self._at)} questions, {len(self._texts)} texts>"


class _PartIds(dict[str, int]):
    """The gold ids among the keys of the part being read, and their places:
    what :func:`~answermatch.sources.kept_entries` keeps of that part (it
    asks only about the keys of the part it reads)."""

    def issuperset(self, keys: Iterable[str]) -> bool:
        return all(map(self.__contains__, keys))


class _Kept(MutableMapping[str, "str | None"]):
    """The predictions of gold ids as :func:`~answermatch.sources.kept_entries`
    keeps them, each put at its question's place in :attr:`texts`. The
    gold ids are found by :class:`~answermatch.items.Places` (8 bytes an
    id, where a dict of them took about 100), those of a part all at once
    when it is read (:meth:`read`), into :attr:`part`."""

    def __init__(self, ids: Sequence[str], places: _LazyPlaces) -> None:
        self._ids = ids
        self._places = places
        self._next = 0  # the place after the gold ids of the last part, when they were in order
        #: the texts, in the gold's order
        self.texts = GoldTexts(len(ids))
        #: the gold ids of the part being read (the ``keep`` of kept_entries)
        self.part = _PartIds()

    def read(self, entries: Mapping[str, Any]) -> Mapping[str, Any]:
        """Find the gold ids among the keys of ``entries``, the part about
        to be read, into :attr:`part`; ``entries``. Keys that are the gold's
        ids in its order from the place of the first (as files are mostly
        written) are told so by their bytes at once (:func:`_in_order`), the
        others searched (:meth:`~answermatch.items.Places.among`)."""
        self.part.clear()
        keys = list(entries)
        found = None
        if keys:
            first = self._next  # where the last part's gold ids ended, or the one of its first key
            if first >= len(self._ids) or self._ids[first] != keys[0]:
                first = self._places.find(keys[0])
            found = _in_order(keys, self._ids, first)
            if found is not None:
                self._next = found.stop
        self.part.update(
            self._places.among(keys) if found is None else zip(keys, found, strict=True)
        )
        return entries

    def _place(self, key: str) -> int | None:
        k = self.part.get(key)
        return self._places.find(key) if k is None else k

    def __getitem__(self, key: str) -> str | None:
        k = self._place(key)
        if k is None or not self.texts.given(k):
            raise KeyError(key)
        return self.texts[k]

    def __setitem__(self, key: str, text: str | None) -> None:
        k = self._place(key)
        if k is None:
            raise KeyError(key)
        self.texts.put(k, text)

    def __delitem__(self, key: str) -> None:
        raise TypeError("predictions kept are not taken back")

    def __contains__(self, key: object) -> bool:
        k = self._place(key) if isinstance(key, str) else None
        return k is not None and self.texts.given(k)

    def __iter__(self) -> Iterator[str]:
        given = self.texts.given
        return (key for k, key in enumerate(self._ids) if given(k))

    def __len__(self) -> int:
        return self.texts.count_given()

    def keys(self) -> KeysView[str]:
        return _KeptKeys(self)

    def places(self, keys: Iterable[str]) -> list[int]:
        """The places of ``keys`` (gold ids): those of the part being read
        taken from :attr:`part`, the others found."""
        keys = list(keys)
        found = list(map(self.part.get, keys))
        if None in found:
            find = self._places.find
            found = [find(key) if k is None else k for key, k in zip(keys, found, strict=True)]
            if None in found:
                raise KeyError(keys[found.index(None)])
        return found  # type: ignore[return-value]

    def update(self, entries: Any = (), /, **more: Any) -> None:
        if isinstance(entries, Mapping) and not more:  # a part read: its keys and values
            self.texts.put_columns(self.places(entries), list(entries.values()))
            return
        pairs = list(entries.items() if isinstance(entries, Mapping) else entries)
        pairs += more.items()
        places = self.places(map(itemgetter(0), pairs))
        self.texts.put_columns(places, list(map(itemgetter(1), pairs)))


def _in_order(keys: list[str], ids: Sequence[str], first: int | None) -> range | None:
    """The places of ``keys`` when they are the ids of the gold (a
    :class:`~answermatch.items.TextColumn`) one after the other from place
    ``first``, else ``None`` (:meth:`~answermatch.items.TextColumn.same_run`:
    their bytes compared, nothing decoded)."""
    if not isinstance(ids, TextColumn) or first is None or not ids.same_run(first, keys):
        return None
    return range(first, first + len(keys))


class _LazyPlaces:
    """The :class:`~answermatch.items.Places` of the gold ids, made when
    first searched: a file of the gold's ids in its order finds each part's
    places where the last one's ended (:meth:`_Kept.read`), and never
    searches."""

    __slots__ = ("_ids", "_made")

    def __init__(self, ids: Sequence[str]) -> None:
        self._ids = ids
        self._made: Places | None = None

    def _places(self) -> Places:
        if self._made is None:
            self._made = Places(self._ids)
        return self._made

    def find(self, text: str) -> int | None:
        """:meth:`~answermatch.items.Places.find`."""
        return self._places().find(text)

    def among(self, texts: Iterable[str]) -> dict[str, int]:
        """:meth:`~answermatch.items.Places.among`."""
        return self._places().among(texts)


class _KeptKeys(KeysView[str]):
    """The gold ids predicted, as :func:`~answermatch.sources.kept_entries`
    asks whether a part gives one of them again: all at once."""

    _mapping: _Kept

    def isdisjoint(self, other: Iterable[Any]) -> bool:
        kept = self._mapping
        keys = list(other)
        if not all(map(isinstance, keys, repeat(str))):
            keys = [key for key in keys if isinstance(key, str)]
        found = kept.part.get
        if not all(map(kept.part.__contains__, keys)):  # not of the part being read
            found = kept._places.among(keys).get
        places = list(map(found, keys))
        if None in places:
            places = list(compress(places, map(is_not, places, repeat(None))))
        return not kept.texts.given_any(places)


@dataclass
class Predictions:
    """The predictions of gold questions, in the gold's order (``None``: no
    answer), and the others: how many ids not in the gold were predicted,
    the first three."""

    texts: GoldTexts
    others: int = 0
    examples: list[str] = field(default_factory=list)


def read_predictions(source: Any, gold: Gold, diag: Diagnostics) -> Predictions:
    """The predictions of ``source`` (see :mod:`answermatch.tasks.open_qa.reading`).
    A file that starts with a UTF-8 byte order mark is refused, as read
    whole (``json`` refuses the mark on line 1), once its bytes are known to
    decode (:func:`~answermatch.sources.decodes_as_utf8`; else it is read
    whole, for their error)."""
    places = _LazyPlaces(gold.ids)
    if is_path(source) and starts_with_bom(source):
        if decodes_as_utf8(source):
            raise bom_error(os.fspath(source))
    elif is_path(source):
        kept = _mapping_parts(source, gold, places, diag)
        if kept is None:
            kept = _rows_in_parts(source, gold, places, diag)
        if kept is not None:
            return Predictions(kept.entries.texts, kept.others, kept.examples)  # type: ignore[attr-defined]
    texts = _read_whole(source, gold, places, diag)
    found = places.among(texts)
    others = [key for key in texts if key not in found]
    packed = GoldTexts(len(gold))
    packed.put_all((k, texts[key]) for key, k in found.items())
    return Predictions(packed, len(others), others[:3])


def _mapping_parts(source: PathLike, gold: Gold, places: _LazyPlaces, diag: Diagnostics) -> Any:
    """The :class:`~answermatch.sources.KeptEntries` of a file ``{id:
    text or null}`` read in parts, or ``None`` (read whole, or as rows):
    an object that holds no gold id but ``"id"`` and ``"prediction"`` is a
    row. A key given again warns through ``diag`` as read whole."""
    keys: set[str] = set()
    into = _Kept(gold.ids, places)

    def note(part: dict[str, str]) -> dict[str, str]:
        keys.update(_ROW_KEYS.intersection(part))
        return into.read(part)  # type: ignore[return-value]

    later = Deferred()  # a key given again: its warning, unless the file is a row
    kept = kept_string_entries(source, into.part, note, diag=later, nulls=True, into=into)  # type: ignore[arg-type]
    if kept is None or (keys == _ROW_KEYS and not kept.entries):
        return None
    later.give(diag)
    return kept


_ROW_KEYS = frozenset({"id", "prediction"})


def _rows_in_parts(source: PathLike, gold: Gold, places: _LazyPlaces, diag: Diagnostics) -> Any:
    """The :class:`~answermatch.sources.KeptEntries` of a file of rows read
    in parts (keys repeated in a row warn through ``diag``), or ``None``
    (read whole). A file the whole reading refuses for a row (an id given
    twice, a row that is not a prediction) or a line that is not JSON is
    refused with the same error, and the same warnings first, found in
    parts (:func:`_rows_error`)."""
    later = Deferred()  # keys repeated in a row: warned if the rows are read in parts
    started = False  # not a small file

    rows = _Kept(gold.ids, places)

    def parts(path: PathLike) -> Iterator[Mapping[str, str | None]]:
        nonlocal started
        started = True
        return map(rows.read, _row_parts(path, later))

    kept = kept_entries(source, parts, rows.part, into=rows)  # type: ignore[arg-type]
    if kept is not None:
        later.give(diag)
        return kept
    found = _rows_error(source) if started else None
    if found is None:
        return None
    error, warned = found
    warned.give(diag)
    raise error


def _rows_error(source: PathLike) -> tuple[InputError, Deferred] | None:
    """The error the whole reading gives a file of rows, and the warnings
    it gives first, found reading the file in parts and keeping nothing: a
    line that is not JSON anywhere (no warning; the rest of the file must
    decode), else the first row that is not a prediction or whose id an
    earlier row gave (:func:`~answermatch.sources.first_repeat`), after
    the warnings of every line (all are decoded first). ``None`` where the
    whole reading must tell: invalid UTF-8, no such error, a file it would
    read as one JSON value (:func:`_read_as_lines`)."""
    name = os.fspath(source)
    warned = Deferred()
    error: InputError | None = None
    readings = 0

    def keyed() -> Iterator[tuple[str, int]]:
        nonlocal error, readings
        readings += 1
        parts = jsonl_parts(source, diag=warned if readings == 1 else Deferred())
        rows: Iterator[tuple[int, Any]] = chain.from_iterable(
            zip(numbers, objects, strict=True) for numbers, objects in parts
        )
        if error is not None:  # the second reading: the rows before the error
            rows = takewhile(lambda row: row[0] < error.line, rows)  # type: ignore[union-attr, operator]
        try:
            for line, row in rows:
                yield _row(line, row, name)[0], line
        except InputError as exc:
            error = exc
            deque(parts, maxlen=0)  # every line decoded and its warnings given, as read whole

    try:
        repeat = first_repeat(keyed)
    except NotJson as exc:
        if not decodes_as_utf8(source):
            return None
        error, warned, repeat = exc.error, Deferred(), None
    except NotFlat:
        return None
    if repeat is not None:
        error = _second(repeat[0], repeat[2], name)
    if error is None or not _read_as_lines(source):
        return None
    return error, warned


def _read_as_lines(source: PathLike) -> bool:
    """Whether :func:`_read_whole` reads the file as JSON Lines: unless its
    text starts with ``{`` (whitespace aside) and holds no ``"\\n{"`` once
    stripped (a line starting with ``{`` after the first line that is not
    blank), read from its first lines."""
    first = None  # whether the first line that is not blank starts with "{"
    for lines in line_parts(source):
        for line in lines:
            if first is not None and line.startswith("{"):
                return True
            if first is None and line.strip():
                first = line.lstrip().startswith("{")
                if not first:
                    return True
    return not first


def _row_parts(source: PathLike, diag: Diagnostics) -> Iterator[dict[str, str | None]]:
    """The predictions of each part of a file of rows (a key repeated in a
    row warns through ``diag``)."""
    name = os.fspath(source)
    for numbers, objects in jsonl_parts(source, diag=diag):
        yield _from_rows(zip(numbers, objects, strict=True), name)


def _read_whole(
    source: Any, gold: Gold, places: _LazyPlaces, diag: Diagnostics
) -> dict[str, str | None]:
    """``{id: text or None}`` of ``source``, a file read whole or loaded data."""
    name = source_name(source)
    if is_path(source):
        text = read_text(source)
        if text.lstrip().startswith("{") and "\n{" not in text.strip():
            data = parse_json(text, os.fspath(source), diag=diag)
            if isinstance(data, dict) and not _is_row(data, places):
                return _mapping(data, name)
        numbers, objects = jsonl_columns(text, os.fspath(source), diag=diag)
        return _from_rows(zip(numbers, objects, strict=True), name)
    if isinstance(source, Mapping):
        return _mapping(source, name)
    if isinstance(source, Sequence) and not isinstance(source, (str, bytes)):
        if all(isinstance(x, str) or x is None for x in source):
            if len(source) != len(gold):
                raise InputError(
                    f"{len(source)} predictions in a list for {len(gold)} gold questions "
                    "(a list of texts follows the gold's order)",
                    path=name,
                )
            return dict(zip(gold.ids, source, strict=True))
        return _from_rows(enumerate(source, start=1), name)
    raise InputError(
        f"expected {{id: text}}, rows {PREDICTION_ROW} or a list of texts, "
        f"not {type(source).__name__}",
        path=name,
    )
