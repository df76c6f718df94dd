"""Reading NTCIR-16 Data Search QA files: the gold (``ID<TAB>ANSWER...``
lines or ``{id: answer(s)}``) and the run (a ``<SYSDESC>`` line, then
``ID<TAB>ANSWER`` lines, or ``{id: answer}``).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = read_gold({"DS2-QA-E-1": ["13,510,000", "13.51 million"]}, Diagnostics())
>>> gold.questions[0].lang, gold.questions[0].answers
('en', ('13,510,000', '13.51 million'))
>>> read_predictions({"DS2-QA-E-1": "13510000"}, gold, Diagnostics())
{'DS2-QA-E-1': ('13510000', None)}
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import takewhile
from typing import Any, NamedTuple

import regex

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...sources import (
    NotFlat,
    decodes_as_utf8,
    first_repeat,
    is_path,
    kept_entries,
    line_parts,
    read_text,
    source_name,
)
from .rules import LANGUAGES

__all__ = [
    "GoldAnswers",
    "NtcirGold",
    "Question",
    "RunAnswers",
    "read_gold",
    "read_predictions",
    "read_run",
]

_SYSDESC = regex.compile(r"\s*<SYSDESC>(.*?)</?SYSDESC>\s*")

#: A run as read: question id -> (answer, line in the run file or None).
Run = dict[str, tuple[str, int | None]]
#: The gold in memory: question id -> its answer or list of answers.
GoldAnswers = Mapping[str, str | Sequence[str]]
#: A run in memory: question id -> answer.
RunAnswers = Mapping[str, str]


@dataclass(frozen=True)
class Question:
    """One gold question: its answers and where it was read."""

    id: str
    lang: str
    answers: tuple[str, ...]
    line: int | None


@dataclass(frozen=True)
class NtcirGold:
    """The gold questions in file order and the name of their source."""

    questions: list[Question]
    name: str = "<gold>"


def _lines(source: Any) -> Iterable[tuple[int, str]]:
    text = read_text(source)
    if text.startswith("\ufeff"):
        text = text[1:]
    for number, line in enumerate(text.split("\n"), start=1):
        yield number, line.rstrip("\r")


def _language(qid: str, default: str | None, path: str, line: int | None) -> str:
    found = [code for code, lang in LANGUAGES.items() if lang.marker in qid]
    if len(found) == 1:
        return found[0]
    if not found and default is not None:
        return default
    markers = [lang.marker for lang in LANGUAGES.values()]
    what = "both {} and {}" if found else "neither {} nor {}"
    raise InputError(
        f"question id {qid!r} contains {what.format(*markers)}; "
        "pass the option default_lang=en or default_lang=ja for unmarked ids",
        path=path,
        line=line,
    )


def _seen_twice(qid: str, first: int | None, second: int | None, path: str) -> InputError:
    where = f" (lines {first} and {second})" if first is not None else ""
    return InputError(f"question id {qid!r} appears twice{where}", path=path, line=second)


def check_default_lang(default_lang: Any) -> None:
    """The error for a ``default_lang`` option that is not en or ja."""
    if default_lang is not None and default_lang not in LANGUAGES:
        raise InputError(
            f"option default_lang must be one of {', '.join(LANGUAGES)}, not {default_lang!r}"
        )


def read_gold(
    source: str | os.PathLike[str] | GoldAnswers | NtcirGold,
    diag: Diagnostics,
    *,
    default_lang: str | None = None,
) -> NtcirGold:
    """Gold questions in file order: a TSV path or ``{id: answer or [answers]}``
    (an :class:`NtcirGold` is returned as it is). ``default_lang`` is the
    language of ids without ``-E-``/``-J-`` (else such an id is an error)."""
    if isinstance(source, NtcirGold):
        return source
    check_default_lang(default_lang)
    path = source_name(source)
    questions: list[Question] = []
    lines: dict[str, int | None] = {}

    def add(qid: str, answers: list[Any], line: int | None) -> None:
        if not qid:
            raise InputError("empty question id", path=path, line=line)
        if qid in lines:
            raise _seen_twice(qid, lines[qid], line, path)
        if not answers:
            raise InputError(f"question {qid!r} has no gold answer", path=path, line=line)
        for column, answer in enumerate(answers, start=2):
            if not isinstance(answer, str):
                raise InputError(
                    f"question {qid!r}: a gold answer must be a string, "
                    f"not {type(answer).__name__}",
                    path=path,
                    line=line,
                )
            if not answer.strip():
                raise InputError(
                    f"question {qid!r}: empty gold answer in column {column}", path=path, line=line
                )
        lines[qid] = line
        lang = _language(qid, default_lang, path, line)
        questions.append(Question(qid, lang, tuple(answers), line))

    if is_path(source):
        for number, line in _lines(source):
            if not line.strip():
                continue
            if not questions and _SYSDESC.fullmatch(line):
                raise InputError(
                    "this is a run file (it starts with the system description <SYSDESC>), "
                    "not a gold file: are the gold and the predictions swapped?",
                    path=path,
                    line=number,
                    swapped=True,
                )
            fields = line.split("\t")
            if len(fields) < 2:
                raise InputError(
                    "expected QUESTION_ID<TAB>ANSWER[<TAB>ANSWER...], found no TAB",
                    path=path,
                    line=number,
                )
            add(fields[0].strip(), fields[1:], number)
    elif isinstance(source, Mapping):
        for qid, value in source.items():
            answers = list(value) if isinstance(value, (list, tuple)) else [value]
            add(str(qid), answers, None)
    else:
        raise InputError(
            "gold must be a TSV path or a dict {question id: answer(s)}, "
            f"not {type(source).__name__}",
            path=path,
        )
    if not questions:
        raise InputError("the gold has no questions", path=path)
    return NtcirGold(questions, path)


def read_run(source: str | os.PathLike[str] | RunAnswers, gold_ids: Iterable[str] = ()) -> Run:
    """The run's answers ``{id: (answer, line)}``: a run-file path or
    ``{id: answer}``. ``gold_ids`` only sharpens the message when the
    system description is missing (a gold file given as the run)."""
    path = source_name(source)
    answers: Run = {}
    if isinstance(source, Mapping):
        for qid, answer in source.items():
            if not isinstance(answer, str):
                raise InputError(
                    f"question {qid!r}: the answer must be a string, not {type(answer).__name__}",
                    path=path,
                )
            key = str(qid)
            if key in answers:
                raise InputError(f"question id {key!r} appears twice", path=path)
            answers[key] = (answer, None)
        return answers
    if not is_path(source):
        raise InputError(
            "the run must be a path or a dict {question id: answer}, "
            f"not {type(source).__name__}",
            path=path,
        )
    error = _no_description_in_parts(source, gold_ids)
    if error is not None:
        raise error
    lines = iter(_lines(source))
    first = next(lines)[1]
    if not _SYSDESC.fullmatch(first):
        raise _no_description(first, gold_ids, path)
    for qid, answer, number in _answer_lines(lines, path):
        if qid in answers:
            raise _seen_twice(qid, answers[qid][1], number, path)
        answers[qid] = (answer, number)
    return answers


def _no_description(first: str, gold_ids: Iterable[str], path: str) -> InputError:
    """The error for a run whose ``first`` line is not its system description."""
    hint = ""
    if first.split("\t", 1)[0].strip() in set(gold_ids) and first.count("\t") > 1:
        hint = " (this looks like a gold file: are the gold and the predictions swapped?)"
    return InputError(
        f"expected the system description <SYSDESC>...</SYSDESC> on the "
        f"first line, found {first[:60]!r}{hint}",
        path=path,
        line=1,
        swapped=bool(hint),
    )


def _no_description_in_parts(source: Any, gold_ids: Iterable[str]) -> InputError | None:
    """The error of :func:`read_run` for a run file without its system
    description, its first line read in parts (:func:`_lines_in_parts`),
    the rest decoded piece by piece and let go (the whole reading decodes
    the whole file first: invalid UTF-8 further on is its error,
    :func:`~answermatch.sources.decodes_as_utf8`); ``None`` where the first
    line is a system description, or the whole reading must tell (a
    pipe...)."""
    lines = _lines_in_parts(source)
    try:
        first = next(lines)[1]
    except NotFlat:
        return None
    finally:
        lines.close()
    if _SYSDESC.fullmatch(first) or not decodes_as_utf8(source):
        return None
    return _no_description(first, gold_ids, source_name(source))


def _answer_lines(lines: Iterable[tuple[int, str]], path: str) -> Iterator[tuple[str, str, int]]:
    """``(question id, answer, line)`` of the run's answer ``lines``
    (numbered, the system description's taken); blank lines are skipped, a
    line that is not ``ID<TAB>ANSWER`` is an error."""
    for number, line in lines:
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 2:
            found = "no TAB" if len(fields) == 1 else f"{len(fields)} fields"
            raise InputError(
                f"expected QUESTION_ID<TAB>ANSWER, found {found}", path=path, line=number
            )
        qid = fields[0].strip()
        if not qid:
            raise InputError("empty question id", path=path, line=number)
        yield qid, fields[1], number


def _lines_in_parts(source: Any) -> Iterator[tuple[int, str]]:
    """The numbered lines of :func:`_lines`, read in parts
    (:func:`~answermatch.sources.line_parts`: :class:`~answermatch.sources.NotFlat`
    for invalid UTF-8 or a pipe)."""
    number = 0
    for lines in line_parts(source):
        for line in lines:
            number += 1
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            yield number, line.rstrip("\r")


def _run_error(source: Any) -> InputError | None:
    """The error of a run the whole reading refuses for one of its answer
    lines (a line that is not ``ID<TAB>ANSWER``, an id given twice), found
    reading it in parts (the whole reading decodes the file first, so the
    rest of it is decoded too) and keeping no answer: a line's error, or
    the first id given again before it (:func:`~answermatch.sources.first_repeat`);
    ``None`` where the whole reading must tell (a system description
    missing, invalid UTF-8, no error)."""
    path = source_name(source)
    error: InputError | None = None

    def keyed() -> Iterator[tuple[str, int]]:
        nonlocal error
        lines = _lines_in_parts(source)
        if not _SYSDESC.fullmatch(next(lines)[1]):
            raise NotFlat(path)
        if error is not None:  # the second reading: the lines before the error
            lines = takewhile(lambda line: line[0] < error.line, lines)  # type: ignore[union-attr, operator]
        try:
            for qid, _, number in _answer_lines(lines, path):
                yield qid, number
        except InputError as exc:
            error = exc
            deque(lines, maxlen=0)  # decoded to the end, as the whole reading does

    try:
        repeat = first_repeat(keyed)
    except NotFlat:
        return None
    return error if repeat is None else _seen_twice(*repeat, path)


class _KeptRun(NamedTuple):
    """A run file read in parts: the answers of gold questions, how many
    other ids it answers, the first ten of them and the line of the first."""

    answers: Run
    others: int
    examples: list[str]
    line: int | None


def _run_in_parts(source: Any, known: set[str]) -> _KeptRun | None:
    """The run file ``source`` read in parts (:func:`~answermatch.sources.line_parts`),
    keeping the answers of the ids in ``known`` and counting the others
    (:func:`~answermatch.sources.kept_entries`); ``None`` for a file read
    whole: a small one, or one that the whole reading must decode (invalid
    UTF-8, no system description). A run that :func:`read_run` refuses for
    an answer line (an id given twice, a line without its TAB...) raises
    the same error, found in parts (:func:`_run_error`)."""
    first: list[int] = []  # the line of the first id not in ``known``
    read = False  # not a small file

    def parts(source: Any) -> Iterator[Run | None]:
        nonlocal read
        read = True
        number = 1  # the first line of the next part
        for lines in line_parts(source):
            if number == 1:  # the system description on the first line (a BOM dropped)
                head = lines[0][1:] if lines[0].startswith("\ufeff") else lines[0]
                if not _SYSDESC.fullmatch(head.rstrip("\r")):
                    yield None
                    return
                lines[0] = ""
            entries: Run = {}
            count = 0
            for line_number, line in enumerate(lines, start=number):
                fields = line.split("\t")
                qid = fields[0].strip()
                if len(fields) != 2 or not qid:
                    if line.strip():  # read whole, for its error
                        yield None
                        return
                    continue  # a blank line
                count += 1
                entries[qid] = (fields[1].rstrip("\r"), line_number)
                if not first and qid not in known:
                    first.append(line_number)
            number += len(lines)
            yield entries if len(entries) == count else None  # else an id given twice

    kept = kept_entries(source, parts, known, shown=10)
    if kept is None:
        error = _run_error(source) if read else None
        if error is not None:
            raise error
        return None
    return _KeptRun(kept.entries, kept.others, kept.examples, first[0] if first else None)


def read_predictions(
    source: str | os.PathLike[str] | RunAnswers, gold: NtcirGold, diag: Diagnostics
) -> Run:
    """The run of ``source`` checked against ``gold``: every gold question
    must be answered (an error listing the missing ids); an id not in the
    gold is ignored with a warning.

    A large run file is read in parts, keeping the answers of gold
    questions only (:func:`_run_in_parts`); any other is read whole
    (:func:`read_run`), with the same answers, errors and warnings."""
    ids = [q.id for q in gold.questions]
    known = set(ids)
    kept = _run_in_parts(source, known) if is_path(source) else None
    if kept is None:
        run = read_run(source, ids)
        extra = [qid for qid in run if qid not in known]
        kept = _KeptRun(run, len(extra), extra[:10], run[extra[0]][1] if extra else None)
    run = kept.answers
    pred_path = source_name(source)
    missing = [qid for qid in ids if qid not in run]
    if missing:
        raise InputError(
            f"the run has no answer for {len(missing)} of the {len(ids)} "
            f"gold questions: {format_examples(missing, limit=10)}",
            path=pred_path,
        )
    if kept.others:
        diag.warn(
            f"{kept.others} question id(s) are not in the gold and are ignored: "
            f"{format_examples(kept.examples, limit=10, total=kept.others)}",
            path=pred_path,
            line=kept.line,
            extra=True,
        )
    return run
