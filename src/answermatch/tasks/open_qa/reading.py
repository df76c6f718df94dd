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
an error) is read whole, with the same values, errors and warnings.

>>> gold = read_gold([{"id": 1, "answers": ["Paris"], "lang": "fr-FR"}], Diagnostics())
>>> gold[0]
Question(id='1', line=1, answers=('Paris',), question=None, lang='fr')
>>> read_predictions({"1": "C'est Paris.", "2": "?"}, gold, Diagnostics())
Predictions(texts={'1': "C'est Paris."}, others=1, examples=['2'])
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...diagnostics import Deferred, Diagnostics
from ...errors import InputError, UnknownLanguageError
from ...formats.answers import ANSWER_FIELDS, answer_list
from ...languages import canonical_language
from ...sources import (
    NotFlat,
    PathLike,
    is_path,
    jsonl_columns,
    jsonl_parts,
    kept_entries,
    kept_string_entries,
    parse_json,
    read_text,
    source_name,
)

__all__ = ["Predictions", "Question", "read_gold", "read_predictions"]

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


def read_gold(source: Any, diag: Diagnostics, *, lang: str | None = None) -> list[Question]:
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
        except NotFlat:
            pass  # read whole, for its error
        except InputError:
            try:
                deque(parts, maxlen=0)
            except NotFlat:
                pass  # a line that is not JSON: read whole, for its error
            else:
                later.give(diag)  # every line's warnings come before a row's error
                raise
        else:
            later.give(diag)
            return questions
    name, rows = _rows(source, diag)
    return _questions(rows, name, default)


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


def _questions(rows: Iterable[tuple[int, Any]], name: str, default: str | None) -> list[Question]:
    seen: dict[str, int] = {}
    questions = []
    for line, row in rows:
        if not isinstance(row, dict):
            raise InputError(f"expected a gold row {GOLD_ROW}", path=name, line=line)
        if "id" not in row:
            raise InputError('the row has no "id"', path=name, line=line)
        key = _key(row["id"], name, line)
        if key in seen:
            raise InputError(f"id {key!r} again (first on line {seen[key]})", path=name, line=line)
        seen[key] = line
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
            raise InputError(
                f"every answer must be a string, got {answers!r}", path=name, line=line
            )
        kept = tuple(a for a in answers if a.strip())
        if not kept:
            raise InputError(
                f'"{column}" has no non-empty answer, got {answers!r}', path=name, line=line
            )
        question = row.get("question")
        if question is not None and not isinstance(question, str):
            raise InputError('"question" must be a string', path=name, line=line)
        language = _language(row.get("lang"), name, line)
        questions.append(
            Question(
                key,
                line,
                kept,
                question,
                default if language is None else language,
                len(answers) - len(kept),
            )
        )
    return questions


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
        if not isinstance(row, dict) or "id" not in row or "prediction" not in row:
            if isinstance(row, dict) and "prediction" not in row and {*ANSWER_FIELDS} & set(row):
                raise InputError(GOLD_AS_PREDICTIONS, path=name, line=line, swapped=True)
            raise InputError(f"expected a prediction row {PREDICTION_ROW}", path=name, line=line)
        key = _key(row["id"], name, line)
        text = row["prediction"]
        if text is not None and not isinstance(text, str):
            raise InputError('"prediction" must be a string or null', path=name, line=line)
        if key in out:
            raise InputError(f"a second prediction for id {key!r}", path=name, line=line)
        out[key] = text
    return out


def _is_row(data: Mapping[Any, Any], gold: list[Question]) -> bool:
    """A one-line JSON Lines file reads as one object: a row when it has the
    row's keys and its keys are not gold ids."""
    return "id" in data and "prediction" in data and not {q.id for q in gold} & set(data)


@dataclass
class Predictions:
    """The predictions of gold questions, ``{id: text or None}``, and the
    others: how many ids not in the gold were predicted, the first three."""

    texts: dict[str, str | None]
    others: int = 0
    examples: list[str] = field(default_factory=list)


def read_predictions(source: Any, gold: list[Question], diag: Diagnostics) -> Predictions:
    """The predictions of ``source`` (see :mod:`answermatch.tasks.open_qa.reading`)."""
    keep = {q.id for q in gold}
    if is_path(source):
        kept = _mapping_parts(source, keep, diag)
        if kept is None:
            later = Deferred()  # keys repeated in a row: warned if the rows are read in parts
            kept = kept_entries(source, lambda path: _row_parts(path, later), keep)
            if kept is not None:
                later.give(diag)
        if kept is not None:
            return Predictions(kept.entries, kept.others, kept.examples)
    texts = _read_whole(source, gold, diag)
    others = [key for key in texts if key not in keep]
    if others:
        texts = {key: text for key, text in texts.items() if key in keep}
    return Predictions(texts, len(others), others[:3])


def _mapping_parts(source: PathLike, keep: set[str], diag: Diagnostics) -> Any:
    """The :class:`~answermatch.sources.KeptEntries` of a file ``{id:
    text or null}`` read in parts, or ``None`` (read whole, or as rows):
    an object that holds no gold id but ``"id"`` and ``"prediction"`` is a
    row. A key given again warns through ``diag`` as read whole."""
    keys: set[str] = set()

    def note(part: dict[str, str]) -> dict[str, str]:
        keys.update(_ROW_KEYS.intersection(part))
        return part

    later = Deferred()  # a key given again: its warning, unless the file is a row
    kept = kept_string_entries(source, keep, note, diag=later, nulls=True)
    if kept is None or (keys == _ROW_KEYS and not kept.entries):
        return None
    later.give(diag)
    return kept


_ROW_KEYS = frozenset({"id", "prediction"})


def _row_parts(source: PathLike, diag: Diagnostics) -> Iterator[dict[str, str | None]]:
    """The predictions of each part of a file of rows (a key repeated in a
    row warns through ``diag``)."""
    name = os.fspath(source)
    for numbers, objects in jsonl_parts(source, diag=diag):
        yield _from_rows(zip(numbers, objects, strict=True), name)


def _read_whole(source: Any, gold: list[Question], diag: Diagnostics) -> dict[str, str | None]:
    """``{id: text or None}`` of ``source``, a file read whole or loaded data."""
    name = source_name(source)
    if is_path(source):
        text = read_text(source)
        if text.lstrip().startswith("{") and "\n{" not in text.strip():
            data = parse_json(text, os.fspath(source), diag=diag)
            if isinstance(data, dict) and not _is_row(data, gold):
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
            return {q.id: text for q, text in zip(gold, source, strict=True)}
        return _from_rows(enumerate(source, start=1), name)
    raise InputError(
        f"expected {{id: text}}, rows {PREDICTION_ROW} or a list of texts, "
        f"not {type(source).__name__}",
        path=name,
    )
