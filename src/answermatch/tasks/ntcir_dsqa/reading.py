"""Reading NTCIR-16 Data Search QA files: the gold (``ID<TAB>ANSWER...``
lines or ``{id: answer(s)}``) and the run (a ``<SYSDESC>`` line, then
``ID<TAB>ANSWER`` lines, or ``{id: answer}``).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = read_gold({"DS2-QA-E-1": ["13,510,000", "13.51 million"]}, Diagnostics())
>>> gold.questions[0].lang, gold.questions[0].answers
('en', ('13,510,000', '13.51 million'))
>>> dict(read_predictions({"DS2-QA-E-1": "13510000"}, gold, Diagnostics()))
{'DS2-QA-E-1': ('13510000', None)}
"""

from __future__ import annotations

import os
from array import array
from collections import deque
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, islice, takewhile
from typing import Any, NamedTuple

import regex

from ...columns import Rows
from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...items import AsList, Places, TextColumn
from ...sources import (
    Fingerprints,
    InputTooLarge,
    NotFlat,
    decodes_as_utf8,
    first_repeat,
    is_path,
    line_parts,
    read_text,
    source_name,
)
from .rules import LANGUAGES

__all__ = [
    "Answers",
    "GoldAnswers",
    "NtcirGold",
    "Question",
    "Questions",
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


#: the language codes, in the order of their byte in :attr:`Questions.langs`
_CODES = tuple(LANGUAGES)
_CODE_INDEX = {code: k for k, code in enumerate(_CODES)}
_LAST_SMALL = (1 << 32) - 1  # the largest number an array("I") holds
#: how many questions :func:`_gold_questions` packs at once
_BATCH = 1 << 12


def _extend_numbers(numbers: array, values: list[int]) -> array:
    """``numbers`` with ``values`` appended (an array("I") made one of "q"
    past what it holds): the array to keep."""
    if values and numbers.typecode == "I" and max(values) > _LAST_SMALL:
        numbers = array("q", numbers)
    numbers.extend(values)
    return numbers


class _Lines:
    """Line numbers (or ``None``), held as a range while each is the one
    after the last (a file without blank lines), else in an array.

    >>> lines = _Lines()
    >>> lines.extend([3, 4]); lines.extend([5]); lines._held
    range(3, 6)
    >>> lines.extend([None, 9]); list(lines), lines[1]
    ([3, 4, 5, None, 9], 4)
    """

    __slots__ = ("_held",)

    def __init__(self) -> None:
        self._held: array | range = range(1, 1)  # 0 in an array: no line

    def extend(self, lines: Sequence[int | None]) -> None:
        """Append ``lines``."""
        held = self._held
        values = [line or 0 for line in lines]
        if isinstance(held, range):
            start = held.stop if held else (values[0] if values else 1)
            if not values or (
                values[0] == start > 0 and values == list(range(start, start + len(values)))
            ):
                self._held = range(held.start if held else start, start + len(values))
                return
            held = array("I" if held.stop <= _LAST_SMALL else "q", held)
        self._held = _extend_numbers(held, values)

    def __getitem__(self, k: int) -> int | None:
        return self._held[k] or None

    def __iter__(self) -> Iterator[int | None]:
        return (line or None for line in self._held)


class Questions(Rows[Question]):
    """Gold questions held by columns, each :class:`Question` made when
    read: the ids and every answer packed in UTF-8
    (:class:`~answermatch.items.TextColumn`), a byte for the language, the
    end of its answers and its line in arrays (about 13 bytes a question
    and 4 an answer besides their text, where a :class:`Question` with its
    strings and tuple took about 300). The ids are found by their hash
    (:meth:`find`, :class:`~answermatch.items.Places`, made when first
    asked).

    >>> qs = Questions()
    >>> qs.add("DS2-QA-E-1", "en", ["13,510,000", "13.51 million"], 2)
    >>> qs.add("DS2-QA-J-1", "ja", ["東京都"], None)
    >>> len(qs), qs[1], qs.find("DS2-QA-E-1"), qs.find("x")
    (2, Question(id='DS2-QA-J-1', lang='ja', answers=('東京都',), line=None), 0, None)
    """

    __slots__ = ("_answers", "_ends", "_langs", "_lines", "_places", "ids")

    def __init__(self, questions: Iterable[Question] = ()) -> None:
        #: the question ids, in gold order
        self.ids = TextColumn()
        self._answers = TextColumn()  # every question's answers, in order
        self._ends = array("I")  # where each question's answers end
        self._langs = bytearray()
        self._lines = _Lines()
        self._places: Places | None = None
        left = iter(questions)
        while batch := list(islice(left, _BATCH)):
            self.extend(*zip(*((q.id, q.lang, q.answers, q.line) for q in batch), strict=True))

    def add(self, qid: str, lang: str, answers: Sequence[str], line: int | None) -> None:
        """Append a question (nothing is checked)."""
        self.extend([qid], [lang], [answers], [line])

    def extend(
        self,
        ids: Sequence[str],
        langs: Sequence[str],
        answers: Sequence[Sequence[str]],
        lines: Sequence[int | None],
    ) -> None:
        """Append questions given by columns (nothing is checked)."""
        self.ids.extend(ids)
        self._answers.extend([text for texts in answers for text in texts])
        ends = accumulate(map(len, answers), initial=self._ends[-1] if self._ends else 0)
        self._ends = _extend_numbers(self._ends, list(islice(ends, 1, None)))
        self._langs += bytes(map(_CODE_INDEX.__getitem__, langs))
        self._lines.extend(lines)
        self._places = None

    def __len__(self) -> int:
        return len(self._langs)

    def row(self, k: int) -> Question:
        """The question at index ``k`` (``0 <= k < len(self)``)."""
        return Question(self.ids[k], self.lang(k), self.answers(k), self.line(k))

    def __iter__(self) -> Iterator[Question]:
        return map(Question, self.ids, self.langs, self.each_answers(), self.lines())

    def __repr__(self) -> str:
        return f"<Questions: {len(self)} gold questions>"

    def answers(self, k: int) -> tuple[str, ...]:
        """The answers of question ``k``."""
        return tuple(self._answers[self._ends[k - 1] if k else 0 : self._ends[k]])

    def each_answers(self) -> Iterator[tuple[str, ...]]:
        """The answers of each question, in order."""
        texts, start = iter(self._answers), 0
        for end in self._ends:
            yield tuple(islice(texts, end - start))
            start = end

    def lang(self, k: int) -> str:
        """The language of question ``k``."""
        return _CODES[self._langs[k]]

    @property
    def langs(self) -> Sequence[str]:
        """The language of each question, in order."""
        return _Langs(self._langs)

    def line(self, k: int) -> int | None:
        """The line of question ``k`` (``None``: not read from a file)."""
        return self._lines[k]

    def lines(self) -> Iterator[int | None]:
        """The line of each question, in order."""
        return iter(self._lines)

    def find(self, qid: str) -> int | None:
        """The place of the question ``qid``, or ``None``."""
        return self.places().find(qid)

    def places(self) -> Places:
        """The :class:`~answermatch.items.Places` of :attr:`ids` (made once)."""
        if self._places is None:
            self._places = Places(self.ids)
        return self._places

    def first_repeat(
        self, last: tuple[str, int | None] | None = None
    ) -> tuple[str, Any, Any] | None:
        """The first id given again, with its two lines
        (:func:`~answermatch.sources.first_repeat`), among the questions
        and ``last`` (the id and line of a question not added)."""
        return first_repeat(
            lambda: chain(zip(self.ids, self.lines(), strict=True), [last] if last else [])
        )


class _Langs(AsList, Rows[str]):
    """The language codes of the questions, a byte each."""

    __slots__ = ("_codes",)

    def __init__(self, codes: bytearray) -> None:
        self._codes = codes

    def __len__(self) -> int:
        return len(self._codes)

    def row(self, k: int) -> str:
        return _CODES[self._codes[k]]

    def __iter__(self) -> Iterator[str]:
        return map(_CODES.__getitem__, self._codes)


@dataclass(frozen=True)
class NtcirGold:
    """The gold questions in file order and the name of their source (a
    list of :class:`Question` is held as :class:`Questions`)."""

    questions: Questions
    name: str = "<gold>"

    def __post_init__(self) -> None:
        if not isinstance(self.questions, Questions):
            object.__setattr__(self, "questions", Questions(self.questions))


class Answers(Mapping[str, tuple[str, "int | None"]]):
    """A run's answers to the gold's questions, by columns: ``{question id:
    (answer, line)}`` as read (in the run's order), the answers packed in
    UTF-8 (:class:`~answermatch.items.TextColumn`), the question and line
    of each and the answer of each question in arrays (about 16 bytes an
    answer besides its text, where a dict entry, a tuple and the strings
    took about 200). :meth:`answer` gives question ``k``'s answer.

    >>> gold = Questions([Question("q1", "en", ("a",), 2), Question("q2", "en", ("b",), 3)])
    >>> run = Answers(gold)
    >>> run.add(1, "B", 4), run.add(1, "C", 5), dict(run), run.answer(1), run.answer(0)
    (True, False, {'q2': ('B', 4)}, 'B', None)
    """

    __slots__ = ("_gold", "_lines", "_order", "_rows", "_texts")

    def __init__(self, gold: Questions) -> None:
        self._gold = gold
        self._rows = array("i", [-1]) * len(gold)  # each question's answer (-1: none)
        self._order = array("I")  # the question of each answer, in the run's order
        self._texts = TextColumn()
        self._lines = _Lines()

    def add(self, k: int, text: str, line: int | None) -> bool:
        """Take ``text`` as question ``k``'s answer, read on ``line``;
        ``False`` (nothing taken) where it has one already."""
        return self.extend([k], [text], [line])

    def extend(
        self, questions: Sequence[int], texts: Sequence[str], lines: Sequence[int | None]
    ) -> bool:
        """Take each of ``texts`` as the answer of the question at the same
        place in ``questions``, read on the line there; ``False`` (nothing
        taken) where one of them has an answer already, or is given twice."""
        rows = self._rows
        if len(set(questions)) < len(questions) or any(rows[k] >= 0 for k in questions):
            return False
        for row, k in enumerate(questions, start=len(self._order)):
            rows[k] = row
        self._order.extend(questions)
        self._texts.extend(texts)
        self._lines.extend(lines)
        return True

    def answer(self, k: int) -> str | None:
        """The answer of question ``k`` (``None``: not answered)."""
        row = self._rows[k]
        return None if row < 0 else self._texts[row]

    def missing(self) -> Iterator[int]:
        """The questions without an answer, in gold order."""
        return (k for k, row in enumerate(self._rows) if row < 0)

    def __getitem__(self, qid: str) -> tuple[str, int | None]:
        k = self._gold.find(qid) if isinstance(qid, str) else None
        row = -1 if k is None else self._rows[k]
        if row < 0:
            raise KeyError(qid)
        return self._texts[row], self._lines[row]

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[str]:
        return map(self._gold.ids.__getitem__, self._order)

    def __repr__(self) -> str:
        return f"<Answers: {len(self)} answers>"


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
    language of ids without ``-E-``/``-J-`` (else such an id is an error).

    A file is read in parts (:func:`~answermatch.sources.line_parts`), the
    questions packed as they come (:class:`Questions`); one that cannot be
    (invalid UTF-8, a pipe) is read whole, with the same questions and
    errors."""
    if isinstance(source, NtcirGold):
        return source
    check_default_lang(default_lang)
    path = source_name(source)
    if is_path(source):
        try:
            questions = _gold_questions(
                _gold_lines(_lines_in_parts(source), path), default_lang, path
            )
        except InputTooLarge:
            raise
        except NotFlat:  # read whole: a pipe, or invalid UTF-8 (its error)
            questions = None
        except InputError:
            if decodes_as_utf8(source):
                raise
            questions = None  # the whole reading's error (invalid UTF-8 further on) comes first
        if questions is None:
            questions = _gold_questions(_gold_lines(_lines(source), path), default_lang, path)
    elif isinstance(source, Mapping):
        entries = (
            (str(qid), list(value) if isinstance(value, (list, tuple)) else [value], None)
            for qid, value in source.items()
        )
        questions = _gold_questions(entries, default_lang, path)
    else:
        raise InputError(
            "gold must be a TSV path or a dict {question id: answer(s)}, "
            f"not {type(source).__name__}",
            path=path,
        )
    if not questions:
        raise InputError("the gold has no questions", path=path)
    return NtcirGold(questions, path)


def _gold_lines(
    lines: Iterable[tuple[int, str]], path: str
) -> Iterator[tuple[str, list[str], int]]:
    """``(question id, answers, line)`` of each gold line (blank lines
    skipped); a run's system description first, or a line without a TAB,
    is an error."""
    first = True
    for number, line in lines:
        if not line.strip():
            continue
        if first and _SYSDESC.fullmatch(line):
            raise InputError(
                "this is a run file (it starts with the system description <SYSDESC>), "
                "not a gold file: are the gold and the predictions swapped?",
                path=path,
                line=number,
                swapped=True,
            )
        first = False
        fields = line.split("\t")
        if len(fields) < 2:
            raise InputError(
                "expected QUESTION_ID<TAB>ANSWER[<TAB>ANSWER...], found no TAB",
                path=path,
                line=number,
            )
        yield fields[0].strip(), fields[1:], number


def _gold_questions(
    entries: Iterable[tuple[str, list[Any], int | None]], default_lang: str | None, path: str
) -> Questions:
    """The questions of ``entries`` (id, answers, line), checked and packed.
    An id given twice is an error at its second entry, as any error of an
    entry: the ids are compared once all are read, or before the error of
    a later entry (:meth:`Questions.first_repeat`), so no set of them is held."""
    questions = Questions()
    batch: tuple[list[Any], ...] = ([], [], [], [])  # ids, languages, answers, lines
    last: tuple[str, int | None] | None = None  # the entry being checked
    try:
        for qid, answers, line in entries:
            last = None
            if not qid:
                raise InputError("empty question id", path=path, line=line)
            last = (qid, line)
            _check_answers(qid, answers, path, line)
            for column, value in zip(
                batch, (qid, _language(qid, default_lang, path, line), answers, line), strict=True
            ):
                column.append(value)
            last = None
            if len(batch[0]) == _BATCH:
                questions.extend(*batch)
                for column in batch:
                    column.clear()
    except InputError:
        questions.extend(*batch)
        repeat = questions.first_repeat(last)
        if repeat is not None:
            raise _seen_twice(*repeat, path) from None
        raise
    questions.extend(*batch)
    del batch
    repeat = questions.first_repeat()
    if repeat is not None:
        raise _seen_twice(*repeat, path)
    return questions


def _check_answers(qid: str, answers: list[Any], path: str, line: int | None) -> None:
    """The error of a question without answers, or with one that is not a
    non-empty string."""
    if not answers:
        raise InputError(f"question {qid!r} has no gold answer", path=path, line=line)
    for column, answer in enumerate(answers, start=2):
        if not isinstance(answer, str):
            raise InputError(
                f"question {qid!r}: a gold answer must be a string, not {type(answer).__name__}",
                path=path,
                line=line,
            )
        if not answer.strip():
            raise InputError(
                f"question {qid!r}: empty gold answer in column {column}", path=path, line=line
            )


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
    ids = gold_ids if isinstance(gold_ids, Collection) else set(gold_ids)
    if first.count("\t") > 1 and first.split("\t", 1)[0].strip() in ids:
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

    answers: Answers
    others: int
    examples: list[str]
    line: int | None


def _run_in_parts(source: Any, gold: Questions) -> _KeptRun | None:
    """The run file ``source`` read in parts (:func:`~answermatch.sources.line_parts`),
    keeping the answers of the gold's questions, packed (:class:`Answers`,
    each part's ids found at once by :meth:`~answermatch.items.Places.among`),
    and counting the others, remembered by their hash alone
    (:class:`~answermatch.sources.Fingerprints`); ``None`` for a file the
    whole reading must decode (invalid UTF-8, a pipe, no system
    description, or two other ids that share their hash bits). A run that
    :func:`read_run` refuses for an answer line (an id given twice, a line
    without its TAB...) raises the same error, found in parts
    (:func:`_run_error`)."""
    places = gold.places()
    answers = Answers(gold)
    prints = Fingerprints()
    examples: list[str] = []
    others = 0
    first: int | None = None  # the line of the first id not in the gold
    number = 1  # the first line of the next part
    try:
        for lines in line_parts(source):
            if number == 1:  # the system description on the first line (a BOM dropped)
                head = lines[0][1:] if lines[0].startswith("\ufeff") else lines[0]
                if not _SYSDESC.fullmatch(head.rstrip("\r")):
                    return None
                lines[0] = ""
            for start in range(0, len(lines), _BATCH):  # (the lists made stay small)
                qids: list[str] = []
                texts: list[str] = []
                numbers: list[int] = []
                for line_number, line in enumerate(
                    islice(lines, start, start + _BATCH), start=number + start
                ):
                    fields = line.split("\t")
                    qid = fields[0].strip()
                    if len(fields) != 2 or not qid:
                        if line.strip():  # refused: the error of the whole reading
                            return _refused(source)
                        continue  # a blank line
                    qids.append(qid)
                    texts.append(fields[1].rstrip("\r"))
                    numbers.append(line_number)
                found = places.among(qids)
                unknown = [k for k, qid in enumerate(qids) if qid not in found]
                if unknown:
                    if not prints.add(map(qids.__getitem__, unknown)):
                        return _refused(source)  # one given twice here (or the same bits)
                    others += len(unknown)
                    if first is None:
                        first = numbers[unknown[0]]
                    for qid in map(qids.__getitem__, unknown):
                        if len(examples) == 10:
                            break
                        if qid not in examples:
                            examples.append(qid)
                kept = [k for k, qid in enumerate(qids) if qid in found]
                if not answers.extend(
                    [found[qids[k]] for k in kept],
                    list(map(texts.__getitem__, kept)),
                    list(map(numbers.__getitem__, kept)),
                ):
                    return _refused(source)  # a gold id given twice
            number += len(lines)
            del lines
    except NotFlat:
        return None
    if prints.repeated():
        return _refused(source)
    return _KeptRun(answers, others, examples, first)


def _refused(source: Any) -> None:
    """The error :func:`read_run` gives a run refused for an answer line,
    raised (:func:`_run_error`); ``None`` (read whole) where there is none
    (two ids sharing their hash bits) or the whole reading must tell."""
    error = _run_error(source)
    if error is not None:
        raise error


def _packed(run: Run, gold: Questions) -> _KeptRun:
    """:func:`read_run`'s answers packed: those of gold questions, and how
    many ids are not in the gold, the first ten and the line of the first."""
    answers = Answers(gold)
    found = gold.places().among(run)
    others: list[str] = []
    for qid, (text, line) in run.items():
        k = found.get(qid)
        if k is None:
            others.append(qid)
        else:
            answers.add(k, text, line)
    return _KeptRun(answers, len(others), others[:10], run[others[0]][1] if others else None)


def read_predictions(
    source: str | os.PathLike[str] | RunAnswers, gold: NtcirGold, diag: Diagnostics
) -> Answers:
    """The run of ``source`` checked against ``gold``: every gold question
    must be answered (an error listing the missing ids); an id not in the
    gold is ignored with a warning.

    A run file is read in parts, keeping the answers of gold questions
    only (:func:`_run_in_parts`); any other is read whole (:func:`read_run`),
    with the same answers, errors and warnings. The answers are packed
    (:class:`Answers`)."""
    questions = gold.questions
    kept = _run_in_parts(source, questions) if is_path(source) else None
    if kept is None:
        kept = _packed(read_run(source, questions.ids), questions)
    pred_path = source_name(source)
    missing = list(islice(kept.answers.missing(), 10))
    if missing:
        count = len(questions) - len(kept.answers)
        raise InputError(
            f"the run has no answer for {count} of the {len(questions)} gold questions: "
            f"{format_examples(map(questions.ids.__getitem__, missing), limit=10, total=count)}",
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
    return kept.answers
