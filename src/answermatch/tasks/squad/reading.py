"""Reading SQuAD-format gold and predictions (SQuAD v1.1/v2.0, MLQA, XQuAD).

Gold comes in two layouts, told apart by their content (not their name):

* the official one, ``{"version": ..., "data": [{"title", "paragraphs":
  [{"context", "qas": [{"id", "question", "answers": [{"text",
  "answer_start"}]}]}]}]}`` (also the bare ``data`` list);
* rows as Hugging Face ``datasets`` gives them: ``{"id", "answers":
  {"text": [...], "answer_start": [...]}}`` with optional ``context``,
  ``question``, ``title`` (``answers`` may also be a list of
  ``{"text", "answer_start"}``), as a Python list, a JSON list, JSON Lines
  or (with ``pyarrow`` installed) Parquet.

Predictions: ``{id: text}`` (the official layout) or rows
``{"id", "prediction_text"}`` (the Hugging Face ``squad`` metric's; SQuAD
v2.0 rows may carry ``no_answer_probability``), as objects or files in the
same formats.

>>> gold = read_gold([{"id": "q1", "answers": {"text": ["Paris"], "answer_start": [0]},
...                    "context": "Paris is big."}], Diagnostics())
>>> gold.questions[0].answers, gold.layout
(('Paris',), 'rows')
>>> read_predictions([{"id": "q1", "prediction_text": "Paris"}], Diagnostics()).texts
{'q1': 'Paris'}
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from numbers import Real
from pathlib import Path
from typing import Any, NamedTuple

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...sources import duplicate_key_hook, is_path, jsonl_columns, read_text, source_name

__all__ = [
    "Predictions",
    "Question",
    "SpanGold",
    "read_gold",
    "read_na_probs",
    "read_predictions",
]


class Question(NamedTuple):
    """One gold question: its id, answers (texts as stored: a text stored as
    a JSON number stays a number, see :attr:`SpanGold.number_answers`),
    their ``answer_start`` offsets, its context (when given) and its index
    in the file (``row``; the line comes from :meth:`SpanGold.line`)."""

    id: str
    answers: tuple[Any, ...]
    #: the starts as a tuple, or the file's list of answer objects (read lazily)
    spans: Any
    context: str | None
    row: int

    @property
    def starts(self) -> tuple[Any, ...]:
        """The ``answer_start`` of each answer (``None`` where absent)."""
        if isinstance(self.spans, tuple):
            return self.spans
        return tuple(a.get("answer_start") for a in self.spans)


@dataclass
class SpanGold:
    """The questions of a gold file in file order, its ``version`` (official
    layout only), its ``layout`` (``"squad"`` or ``"rows"``), the language
    named by the file name (``xquad.de.json``, MLQA's
    ``dev-context-de-question-en.json``), and where it came from."""

    questions: list[Question]
    name: str
    layout: str
    version: Any = None
    file_lang: str | None = None
    #: the language whose rules apply, once the task has decided it
    lang: str | None = None
    #: False when every answer text is known to be a string
    may_have_numbers: bool = True
    _text: str | None = field(default=None, repr=False)
    _row_lines: list[int] | None = field(default=None, repr=False)

    @cached_property
    def _lines(self) -> list[int | None]:
        if self._row_lines is not None:
            return list(self._row_lines)
        if self._text is None:
            return [None] * len(self.questions)
        # the k-th occurrence of an id in the text is the k-th question with it
        seen: dict[str, list[int]] = {}
        newlines = _newline_index(self._text)
        for match in _ID_KEY.finditer(self._text):
            try:
                value = json.loads(match.group(1))
            except json.JSONDecodeError:  # pragma: no cover - ids are JSON strings
                continue
            seen.setdefault(value, []).append(_line_at(newlines, match.start()))
        taken: dict[str, int] = {}
        lines: list[int | None] = []
        for question in self.questions:
            found = seen.get(question.id, [])
            k = taken.get(question.id, 0)
            taken[question.id] = k + 1
            lines.append(found[k] if k < len(found) else None)
        return lines

    def line(self, index: int) -> int | None:
        """The line of question ``index`` in the file (``None`` for objects)."""
        return self._lines[index]

    @cached_property
    def ids(self) -> list[str]:
        """The question ids in file order."""
        return [q[0] for q in self.questions]

    @property
    def number_answers(self) -> list[int]:
        """Indices of the questions with an answer text stored as a number."""
        if not self.may_have_numbers:
            return []
        return [
            k
            for k, q in enumerate(self.questions)
            if any(not isinstance(a, str) for a in q.answers)
        ]


@dataclass
class Predictions:
    """Predicted texts by id (in file order) and, where the predictions
    carried them (SQuAD v2.0 rows), no-answer probabilities by id."""

    texts: dict[str, str]
    name: str
    probs: dict[str, float] | None = None
    lines: dict[str, int] = field(default_factory=dict)


_ID_KEY = re.compile(r'"id"\s*:\s*("(?:[^"\\]|\\.)*")')
_LANG_IN_NAME = (
    re.compile(r"context-([a-z]{2})-question-[a-z]{2}"),  # MLQA: answers are in the context's
    re.compile(r"xquad\.([a-z]{2})\."),
)


def _newline_index(text: str) -> list[int]:
    return [m.start() for m in re.finditer("\n", text)]


def _line_at(newlines: list[int], offset: int) -> int:
    from bisect import bisect_left

    return bisect_left(newlines, offset) + 1


def lang_from_name(name: str) -> str | None:
    """The answer language a file's name states, if any.

    >>> lang_from_name("data/xquad.de.json"), lang_from_name("dev-context-zh-question-en.json")
    ('de', 'zh')
    >>> lang_from_name("dev-v1.1.json") is None
    True
    """
    base = os.path.basename(name)
    for pattern in _LANG_IN_NAME:
        match = pattern.search(base)
        if match:
            return match.group(1)
    return None


# --- loading files ----------------------------------------------------------------


def _load(
    source: Any, diag: Diagnostics, what: str, *, key_check: bool = True
) -> tuple[Any, str | None, list[int] | None]:
    """A path's content as a JSON value, a list of JSON Lines rows or Parquet
    rows; loaded objects are returned as they are. Also the text (for line
    numbers) and, for JSON Lines, each row's line. ``key_check``: warn about
    a key repeated in a JSON object (a prediction given twice); the gold is
    read without (the check costs a Python call per object)."""
    if not is_path(source):
        return source, None, None
    name = os.fspath(source)
    if Path(name).suffix.lower() == ".parquet":
        return _read_parquet(name), None, None
    text = read_text(name)
    if text.startswith("\ufeff"):
        raise InputError(
            f"the {what} file starts with a byte order mark, which Python's json (and so the "
            "official script) rejects; save it as UTF-8 without BOM",
            path=name,
            line=1,
        )
    try:
        hook = duplicate_key_hook(name, diag) if key_check else None
        return json.loads(text, object_pairs_hook=hook), text, None
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            raise InputError(
                f"not valid JSON ({exc.msg} at column {exc.colno}); expected the official "
                f"{what} layout, a JSON list or JSON Lines",
                path=name,
                line=exc.lineno,
            ) from None
    numbers, rows = jsonl_columns(text, name, diag=diag if key_check else None)
    return rows, None, list(numbers)


def _read_parquet(name: str) -> list[Any]:
    try:
        import pyarrow.parquet as pq  # type: ignore[import-not-found]
    except ImportError:
        raise InputError(
            "reading Parquet needs pyarrow, which is not installed (pip install pyarrow); "
            "or save the rows as JSON Lines",
            path=name,
        ) from None
    try:
        return pq.read_table(name).to_pylist()
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot read Parquet ({exc})", path=name) from None


# --- gold -------------------------------------------------------------------------


def read_gold(source: Any, diag: Diagnostics) -> SpanGold:
    """The questions of a SQuAD-format gold (path or object), checked.

    A missing ``id``, ``answers`` or answer ``text``, or a value of the wrong
    type, is an :class:`~answermatch.errors.InputError` naming the question
    (and the line, for a file). A gold without questions is an error (the
    official scripts divide by zero).
    """
    name = source_name(source)
    data, text, row_lines = _load(source, diag, "gold", key_check=False)
    version: Any = None
    if isinstance(data, Mapping) and "data" in data:
        version = data.get("version")
        if not isinstance(data["data"], list):
            raise InputError(
                "'data' must be a list of articles (the SQuAD layout)", path=name, line=1
            )
        questions = _from_articles(data["data"], name, text)
        layout = "squad"
    elif isinstance(data, Mapping) and "id" in data:
        questions, layout = _from_rows([data], name, row_lines), "rows"
    elif (
        isinstance(data, list) and data and isinstance(data[0], Mapping) and "paragraphs" in data[0]
    ):
        questions, layout = _from_articles(data, name, text), "squad"
    elif isinstance(data, list):
        questions, layout = _from_rows(data, name, row_lines), "rows"
    else:
        raise InputError(
            'expected the SQuAD layout ({"version", "data": [articles]}), a list of articles, '
            f"or rows with 'id' and 'answers', not a {type(data).__name__}",
            path=name,
        )
    if not questions:
        raise InputError("the gold has no questions", path=name)
    file_lang = lang_from_name(name) if is_path(source) else None
    gold = SpanGold(questions, name, layout, version, file_lang, None, True, text, row_lines)
    gold.may_have_numbers = any(type(a) is not str for q in questions for a in q.answers)
    return gold


def _where(article: int, paragraph: int, question: int, qid: Any = None) -> str:
    place = f"article #{article + 1}, paragraph #{paragraph + 1}, question #{question + 1}"
    return place + (f" (id {qid!r})" if isinstance(qid, str) else "")


def _line_of(text: str | None, qid: Any) -> int | None:
    """The line of the first ``"id": qid`` in the file's text (for messages)."""
    if text is None or not isinstance(qid, str):
        return None
    match = re.search(r'"id"\s*:\s*' + re.escape(json.dumps(qid)), text)
    return None if match is None else text.count("\n", 0, match.start()) + 1


def _from_articles(articles: list[Any], name: str, text: str | None) -> list[Question]:
    """The questions of the articles; a well-formed file takes the fast path,
    anything else the checked one, which names the first problem."""
    try:
        questions = _articles_fast(articles)
    except (KeyError, TypeError, AttributeError, ValueError):
        questions = None
    return questions if questions is not None else _articles_checked(articles, name, text)


def _articles_fast(articles: list[Any]) -> list[Question] | None:
    qas = [
        (qa, context)
        for article in articles
        for paragraph in article["paragraphs"]
        for context in (paragraph.get("context"),)
        for qa in paragraph["qas"]
    ]
    new = tuple.__new__  # Question(...) without the Python-level __new__
    questions = [
        new(Question, (qa["id"], tuple([a["text"] for a in qa["answers"]]), qa["answers"], ctx, k))
        for k, (qa, ctx) in enumerate(qas)
    ]
    for q in questions:
        if type(q[0]) is not str or type(q[2]) is not list:
            return None  # the checked path says what is wrong
        for text in q[1]:
            if type(text) is not str:
                return None  # numbers (kept) and errors: the checked path
        if q[3] is not None and type(q[3]) is not str:
            return None
    return questions


def _articles_checked(articles: list[Any], name: str, text: str | None) -> list[Question]:
    questions: list[Question] = []
    for a, article in enumerate(articles):
        if not isinstance(article, Mapping) or not isinstance(article.get("paragraphs"), list):
            raise InputError(
                f"article #{a + 1}: expected an object with a list of 'paragraphs'", path=name
            )
        for p, paragraph in enumerate(article["paragraphs"]):
            if not isinstance(paragraph, Mapping) or not isinstance(paragraph.get("qas"), list):
                raise InputError(
                    f"article #{a + 1}, paragraph #{p + 1}: expected an object with a list "
                    "of 'qas'",
                    path=name,
                )
            context = paragraph.get("context")
            context = context if isinstance(context, str) else None
            for q, qa in enumerate(paragraph["qas"]):
                if not isinstance(qa, Mapping):
                    raise InputError(f"{_where(a, p, q)}: expected an object", path=name)
                qid = qa.get("id")
                where = _where(a, p, q, qid)
                if not isinstance(qid, str):
                    raise InputError(f"{where}: 'id' must be a string, found {qid!r}", path=name)
                line = _line_of(text, qid) if not isinstance(qa.get("answers"), list) else None
                answers = qa.get("answers")
                if not isinstance(answers, list):
                    raise InputError(
                        f"{where}: 'answers' must be a list of {{'text', 'answer_start'}}, "
                        f"found {_short(answers)}",
                        path=name,
                        line=line,
                    )
                texts, starts = [], []
                for k, answer in enumerate(answers):
                    if not isinstance(answer, Mapping) or "text" not in answer:
                        raise InputError(
                            f"{where}: answer #{k + 1} must be an object with a 'text', "
                            f"found {_short(answer)}",
                            path=name,
                            line=_line_of(text, qid),
                        )
                    texts.append(_answer_text(answer["text"], where, name))
                    starts.append(answer.get("answer_start"))
                questions.append(
                    Question(qid, tuple(texts), tuple(starts), context, len(questions))
                )
    return questions


def _answer_text(value: Any, where: str, name: str) -> Any:
    """A gold answer text: a string, or a number kept as it is (the official
    scripts stop on it; the gold check ``number-answer`` reports it)."""
    if isinstance(value, str) or (isinstance(value, Real) and not isinstance(value, bool)):
        return value
    raise InputError(f"{where}: an answer 'text' must be a string, found {value!r}", path=name)


def _row_where(index: int, qid: Any = None) -> str:
    return f"row #{index + 1}" + (f" (id {qid!r})" if isinstance(qid, str) else "")


def _from_rows(rows: Iterable[Any], name: str, lines: list[int] | None) -> list[Question]:
    questions: list[Question] = []
    for index, row in enumerate(rows):
        line = lines[index] if lines is not None else None
        if not isinstance(row, Mapping) or "id" not in row or "answers" not in row:
            raise InputError(
                f"{_row_where(index)}: expected an object with 'id' and 'answers' "
                '({"text": [...], "answer_start": [...]}), found '
                f"{_short(row)}",
                path=name,
                line=line,
            )
        qid = row["id"]
        where = _row_where(index, qid)
        if not isinstance(qid, str):
            raise InputError(f"{where}: 'id' must be a string, found {qid!r}", path=name, line=line)
        texts, starts = _row_answers(row["answers"], where, name, line)
        context = row.get("context")
        questions.append(
            Question(
                qid,
                texts,
                starts,
                context if isinstance(context, str) else None,
                len(questions),
            )
        )
    return questions


def _row_answers(
    answers: Any, where: str, name: str, line: int | None
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    if isinstance(answers, Mapping) and "text" in answers:
        texts = answers["text"]
        starts = answers.get("answer_start")
        if not isinstance(texts, (list, tuple)):
            raise InputError(
                f"{where}: answers['text'] must be a list of strings, found {texts!r}",
                path=name,
                line=line,
            )
        if starts is None:
            starts = [None] * len(texts)
        if not isinstance(starts, (list, tuple)) or len(starts) != len(texts):
            raise InputError(
                f"{where}: answers['answer_start'] must be a list as long as answers['text']",
                path=name,
                line=line,
            )
        return (
            tuple(_answer_text(t, where, name) for t in texts),
            tuple(starts),
        )
    if isinstance(answers, list) and all(isinstance(a, Mapping) and "text" in a for a in answers):
        return (
            tuple(_answer_text(a["text"], where, name) for a in answers),
            tuple(a.get("answer_start") for a in answers),
        )
    raise InputError(
        f'{where}: \'answers\' must be {{"text": [...], "answer_start": [...]}} or a list '
        f'of {{"text", "answer_start"}}, found {_short(answers)}',
        path=name,
        line=line,
    )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# --- predictions ------------------------------------------------------------------


def read_predictions(source: Any, diag: Diagnostics, *, probabilities: bool = False) -> Predictions:
    """Predicted texts by id: ``{id: text}`` or rows ``{"id", "prediction_text"}``
    (with ``probabilities``, rows may carry ``no_answer_probability``).

    A text that is not a string is an error (the official scripts call
    ``.lower()`` on it). An id given twice keeps the last text, with a
    warning (as Python's ``json`` keeps the last value of a repeated key).
    """
    name = source_name(source)
    data, _, row_lines = _load(source, diag, "predictions")
    if isinstance(data, Mapping) and not ("id" in data and "prediction_text" in data):
        plain = type(data) is dict and all(type(v) is str for v in data.values())
        if plain and all(type(k) is str for k in data):
            return Predictions(dict(data), name)  # the official layout, as parsed
        texts: dict[str, str] = {}
        for key, value in data.items():
            if not isinstance(value, str):
                raise InputError(
                    f"the prediction for {key!r} must be a string, found {_short(value)} "
                    "(the official script calls .lower() on it)",
                    path=name,
                )
            texts[str(key)] = value
        return Predictions(texts, name)
    rows = [data] if isinstance(data, Mapping) else data
    if not isinstance(rows, list):
        raise InputError(
            'expected {id: text} or a list of {"id", "prediction_text"}, '
            f"not a {type(data).__name__}",
            path=name,
        )
    texts, probs, lines = {}, {}, {}
    for index, row in enumerate(rows):
        line = row_lines[index] if row_lines is not None else None
        if not isinstance(row, Mapping) or "id" not in row or "prediction_text" not in row:
            raise InputError(
                f"{_row_where(index)}: expected an object with 'id' and 'prediction_text', "
                f"found {_short(row)}",
                path=name,
                line=line,
            )
        qid, text = row["id"], row["prediction_text"]
        where = _row_where(index, qid)
        if not isinstance(qid, str):
            raise InputError(f"{where}: 'id' must be a string, found {qid!r}", path=name, line=line)
        if not isinstance(text, str):
            raise InputError(
                f"{where}: 'prediction_text' must be a string, found {_short(text)} "
                "(the official script calls .lower() on it)",
                path=name,
                line=line,
            )
        if qid in texts:
            diag.warn(f"{where}: id given again; the last prediction is kept", path=name, line=line)
            del texts[qid]
        texts[qid] = text
        if line is not None:
            lines[qid] = line
        if "no_answer_probability" in row:
            if not probabilities:
                continue
            probs.pop(qid, None)
            probs[qid] = _probability(row["no_answer_probability"], where, name, line, diag)
    if probs and len(probs) != len(texts):
        missing = [k for k in texts if k not in probs]
        raise InputError(
            f"{len(missing)} prediction row(s) have no 'no_answer_probability' while others "
            f"have one: {format_examples(map(repr, missing))}",
            path=name,
        )
    return Predictions(texts, name, probs or None, lines)


def _probability(value: Any, where: str, name: str, line: int | None, diag: Diagnostics) -> float:
    if type(value) is float and value == value:  # the common case, NaN excluded
        return value
    if isinstance(value, bool):
        diag.warn(
            f"{where}: a no-answer probability of {value!r} is read as {int(value)} "
            "(Python compares booleans as numbers)",
            path=name,
            line=line,
        )
        return float(value)
    if not isinstance(value, Real) or math.isnan(float(value)):
        raise InputError(
            f"{where}: a no-answer probability must be a number, found {_short(value)}",
            path=name,
            line=line,
        )
    return float(value)


def read_na_probs(source: Any, diag: Diagnostics) -> dict[str, float]:
    """The ``na_prob`` option: ``{id: probability that the question has no
    answer}`` from a JSON file (SQuAD v2.0's ``--na-prob-file``) or a dict.
    The order of the ids is kept: the official best-threshold search sorts
    them stably, so ties keep this order."""
    name = source_name(source)
    if is_path(source):
        data, _, _ = _load(source, diag, "na_prob")
    else:
        data = source
    if not isinstance(data, Mapping):
        raise InputError(
            f"na_prob must be a JSON object {{id: probability}}, not a {type(data).__name__}",
            path=name,
        )
    floats = type(data) is dict and all(type(v) is float and v == v for v in data.values())
    if floats and all(type(k) is str for k in data):
        return dict(data)  # the common case: a JSON object of floats
    return {str(k): _probability(v, f"na_prob of {k!r}", name, None, diag) for k, v in data.items()}
