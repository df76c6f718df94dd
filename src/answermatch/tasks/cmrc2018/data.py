"""Reading CMRC 2018 / DRCD gold and predictions in every layout the
official scorer reads, plus rows as Hugging Face ``datasets`` gives them.

Gold layouts (told apart as ``baseline/cmrc2018_evaluate.py`` does):

* *original* CMRC 2018: a JSON list of passages ``{"context_id",
  "context_text", "qas": [{"query_id", "query_text", "answers": [text,
  ...]}]}``;
* *SQuAD*: ``{"data": [{"paragraphs": [{"context", "qas": [{"id",
  "question", "answers": [{"text", "answer_start"}]}]}]}]}`` (the
  SQuAD-style CMRC 2018 files and DRCD);
* *rows*: a list (or a JSON Lines file) of questions ``{"id", "context",
  "question", "answers": {"text": [...], "answer_start": [...]}}``.

A question's id is its ``id``, else its ``query_id`` (the script's rule); an
answer is a dict's ``text`` or the value itself; every answer is compared as
``str()`` of what the file holds, so a JSON number ``39764.0`` is the text
``'39764.0'`` (with a warning). Predictions: ``{id: text}`` (a JSON object),
or a list of ``{"id", "prediction_text"}`` records.

>>> from answermatch.diagnostics import Diagnostics
>>> gold = read_gold([{"id": "q1", "context": "北京是首都",
...                    "answers": {"text": ["北京"], "answer_start": [0]}}], Diagnostics())
>>> gold.questions[0].texts, gold.layout
(('北京',), 'rows')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...sources import duplicate_key_hook, is_path, jsonl_columns, read_text, source_name
from .rules import as_text

__all__ = ["Gold", "Question", "read_gold", "read_predictions"]


@dataclass(frozen=True)
class Question:
    """One gold question: its id (as the file has it), its answers as stored
    (``raw``) and as compared (``texts``: ``str()`` of each), their
    ``answer_start`` offsets (``None`` where the layout has none), the
    passage, where it is (``where``, e.g. ``data[0].paragraphs[2].qas[1]``)
    and its line in a JSON Lines file."""

    id: Any
    raw: tuple[Any, ...]
    texts: tuple[str, ...]
    starts: tuple[Any, ...]
    context: str | None
    where: str
    line: int | None = None


@dataclass(frozen=True)
class Gold:
    """The questions in file order, the layout (``original``, ``squad`` or
    ``rows``), the source's name and, for a file, its text (for line numbers)."""

    questions: list[Question]
    layout: str
    path: str
    text: str | None = None


def _shape_error(where: str, expected: str, found: Any, path: str, line: int | None) -> InputError:
    return InputError(
        f"{where}: expected {expected}, found {type(found).__name__}", path=path, line=line
    )


def _answers(
    qas: Mapping[str, Any], where: str, path: str, line: int | None
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The answers (raw values) and their starts of one question."""
    if "answers" not in qas:
        raise InputError(f"{where}: no 'answers'", path=path, line=line)
    answers = qas["answers"]
    if isinstance(answers, Mapping):  # datasets rows: {"text": [...], "answer_start": [...]}
        texts = answers.get("text")
        if not isinstance(texts, list):
            raise InputError(
                f"{where}: 'answers' must hold a list 'text' (and 'answer_start'), found {texts!r}",
                path=path,
                line=line,
            )
        starts = answers.get("answer_start")
        if starts is None:
            starts = [None] * len(texts)
        if not isinstance(starts, list) or len(starts) != len(texts):
            raise InputError(
                f"{where}: 'answers' has {len(texts)} text(s) but answer_start {starts!r}",
                path=path,
                line=line,
            )
        return tuple(texts), tuple(starts)
    if not isinstance(answers, list):
        raise _shape_error(f"{where}.answers", "a list of answers", answers, path, line)
    raw: list[Any] = []
    starts_list: list[Any] = []
    for number, answer in enumerate(answers):
        if isinstance(answer, Mapping):
            if "text" not in answer:
                raise InputError(
                    f"{where}.answers[{number}]: an answer object without 'text'",
                    path=path,
                    line=line,
                )
            raw.append(answer["text"])
            starts_list.append(answer.get("answer_start"))
        else:
            raw.append(answer)
            starts_list.append(None)
    return tuple(raw), tuple(starts_list)


def _question(qas: Any, where: str, context: Any, path: str, line: int | None = None) -> Question:
    if not isinstance(qas, Mapping):
        raise _shape_error(where, "a question object", qas, path, line)
    if "id" in qas:
        qid = qas["id"]
    elif "query_id" in qas:
        qid = qas["query_id"]
    else:
        raise InputError(f"{where}: a question without 'id' or 'query_id'", path=path, line=line)
    raw, starts = _answers(qas, where, path, line)
    return Question(
        qid,
        raw,
        tuple(map(as_text, raw)),
        starts,
        context if isinstance(context, str) else None,
        where,
        line,
    )


def _walk(data: Any, path: str) -> tuple[list[Question], str]:
    """The questions of a parsed whole-file gold, and its layout."""
    if isinstance(data, Mapping):
        if "data" not in data:
            raise InputError(
                "expected a SQuAD-format object with 'data', a list of CMRC 2018 passages "
                "or a list of question rows",
                path=path,
            )
        passages, prefix, layout = data["data"], "data", "squad"
        if not isinstance(passages, list):
            raise _shape_error("data", "a list of articles", passages, path, None)
    elif isinstance(data, list):
        passages, prefix, layout = data, "", ""
    else:
        raise _shape_error("the gold", "a JSON object or list", data, path, None)
    questions: list[Question] = []
    kinds: set[str] = set()
    for index, passage in enumerate(passages):
        where = f"{prefix}[{index}]"
        if not isinstance(passage, Mapping):
            raise _shape_error(where, "an object", passage, path, None)
        if "paragraphs" in passage:
            paragraphs = passage["paragraphs"]
            if not isinstance(paragraphs, list):
                raise _shape_error(f"{where}.paragraphs", "a list", paragraphs, path, None)
            kinds.add("squad")
            places = [(f"{where}.paragraphs[{k}]", p) for k, p in enumerate(paragraphs)]
        elif "qas" in passage:
            kinds.add("original")
            places = [(where, passage)]
        elif "answers" in passage:
            kinds.add("rows")
            questions.append(_question(passage, where, passage.get("context"), path))
            continue
        else:
            raise InputError(
                f"{where}: expected an article with 'paragraphs', a passage with 'qas' or a "
                "question row with 'id' and 'answers'",
                path=path,
            )
        for place, paragraph in places:
            if not isinstance(paragraph, Mapping) or not isinstance(paragraph.get("qas"), list):
                raise InputError(f"{place}: expected an object with a list 'qas'", path=path)
            context = paragraph.get("context", paragraph.get("context_text"))
            for k, qas in enumerate(paragraph["qas"]):
                questions.append(_question(qas, f"{place}.qas[{k}]", context, path))
    layout = layout or ("+".join(sorted(kinds)) if kinds else "original")
    return questions, layout


def _rows(numbers: Any, objects: list[Any], path: str) -> list[Question]:
    questions = []
    for line, row in zip(numbers, objects, strict=True):
        if not isinstance(row, Mapping):
            raise InputError(
                f"expected a question object per line, found {type(row).__name__}",
                path=path,
                line=line,
            )
        if "qas" in row or "paragraphs" in row:  # a passage per line
            nested, _ = _walk([row], path)
            questions += [
                Question(q.id, q.raw, q.texts, q.starts, q.context, f"line {line}", line)
                for q in nested
            ]
        else:
            questions.append(_question(row, f"line {line}", row.get("context"), path, line))
    return questions


def _is_jsonl(name: str) -> bool:
    return name.endswith((".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz"))


def _parse_file(source: Any, diag: Diagnostics) -> tuple[Any, str, bool]:
    """The parsed content, the text, and whether it is JSON Lines."""
    path = source_name(source)
    text = read_text(source).lstrip("\ufeff")  # json.load of bytes accepts a BOM too
    if not _is_jsonl(path):
        try:
            return json.loads(text, object_pairs_hook=duplicate_key_hook(path, diag)), text, False
        except json.JSONDecodeError as exc:
            if not (exc.msg == "Extra data" and text.lstrip().startswith("{")):
                raise InputError(
                    f"not valid JSON ({exc.msg} at column {exc.colno})", path=path, line=exc.lineno
                ) from None
    numbers, objects = jsonl_columns(text, path, diag=diag)
    return (numbers, objects), text, True


def read_gold(source: Any, diag: Diagnostics) -> Gold:
    """The gold questions of a path (JSON, JSON Lines, ``.gz``) or an object."""
    path = source_name(source)
    text = None
    if is_path(source):
        parsed, text, lines = _parse_file(source, diag)
        if lines:
            questions, layout = _rows(*parsed, path), "rows"
        else:
            questions, layout = _walk(parsed, path)
    else:
        questions, layout = _walk(source, path)
    if not questions:
        raise InputError("the gold has no questions", path=path)
    _warn_gold(questions, path, diag)
    return Gold(questions, layout, path, text)


def _warn_gold(questions: list[Question], path: str, diag: Diagnostics) -> None:
    numbers = [
        (q, r) for q in questions for r in q.raw if isinstance(r, (int, float)) and r is not True
    ]
    if numbers:
        shown = format_examples([f"{q.id}: {r!r} -> {as_text(r)!r}" for q, r in numbers])
        diag.warn(
            f"{len(numbers)} gold answer(s) are JSON numbers, not strings ({shown}); each is "
            "compared as str() of the number, as the official script does",
            path=path,
            line=numbers[0][0].line,
        )
    others = [(q, r) for q in questions for r in q.raw if not isinstance(r, (str, int, float))]
    others += [(q, r) for q in questions for r in q.raw if isinstance(r, bool)]
    if others:
        shown = format_examples([f"{q.id}: {r!r}" for q, r in others])
        diag.warn(
            f"{len(others)} gold answer(s) are neither strings nor numbers ({shown}); each is "
            "compared as its str(), as the official script does",
            path=path,
            line=others[0][0].line,
        )
    seen: dict[Any, Question] = {}
    repeated: list[Question] = []
    for q in questions:
        key = _key(q.id)
        if key in seen:
            repeated.append(q)
        else:
            seen[key] = q
    if repeated:
        diag.warn(
            f"{len(repeated)} question id(s) appear more than once "
            f"({format_examples([str(q.id) for q in repeated])}); each occurrence is scored "
            "and counted, as the official script does",
            path=path,
            line=repeated[0].line,
        )


def _key(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


# --- predictions -------------------------------------------------------------


def read_predictions(
    source: Any, gold: Gold, diag: Diagnostics, to_text: Callable[[Any], str] = as_text
) -> dict[Any, str]:
    """``{id: text}`` from a JSON object (or a list of ``{"id",
    "prediction_text"}``), a path or an object; values that are not strings
    become their ``str()`` (``to_text``; with a warning), as in the script."""
    path = source_name(source)
    if is_path(source):
        parsed, _, lines = _parse_file(source, diag)
        if lines:
            numbers, objects = parsed
            data: Any = _records(objects, path, list(numbers))
        else:
            data = parsed
    else:
        data = source
    if isinstance(data, list):
        data = _records(data, path, None)
    if not isinstance(data, Mapping):
        raise InputError(
            f"expected a JSON object {{question id: answer text}}, found {type(data).__name__}",
            path=path,
        )
    odd = [k for k, v in data.items() if type(v) is not str]
    if odd:
        shown = format_examples([f"{k}: {data[k]!r}" for k in odd])
        diag.warn(
            f"{len(odd)} prediction(s) are not strings ({shown}); each is compared as its str() "
            "(None becomes 'None'), as the official script does",
            path=path,
        )
    predictions = {k: to_text(v) for k, v in data.items()}
    _warn_coverage(predictions, gold, path, diag)
    return predictions


def _records(rows: list[Any], path: str, lines: list[int] | None) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for index, row in enumerate(rows):
        line = lines[index] if lines else None
        if not isinstance(row, Mapping) or "id" not in row or "prediction_text" not in row:
            where = f"line {line}" if line else f"record #{index + 1}"
            raise InputError(
                f"{where}: expected {{'id': ..., 'prediction_text': ...}} (or the whole file as "
                "one object {question id: answer text})",
                path=path,
                line=line,
            )
        out[row["id"]] = row["prediction_text"]
    return out


def _warn_coverage(predictions: dict[Any, str], gold: Gold, path: str, diag: Diagnostics) -> None:
    ids = {_key(q.id) for q in gold.questions}
    missing = [q.id for q in gold.questions if _key(q.id) not in predictions]
    if missing:
        diag.warn(
            f"{len(missing)} of {len(gold.questions)} question(s) have no prediction "
            f"({format_examples(map(str, missing))}); each scores 0 and is counted in SKIP, "
            "as in the official script",
            path=path,
        )
    extra = [k for k in predictions if k not in ids]
    if extra:
        diag.warn(
            f"{len(extra)} prediction id(s) are not in the gold "
            f"({format_examples(map(str, extra))}); ignored, as in the official script",
            path=path,
        )


def line_of_ids(gold: Gold) -> list[int | None]:
    """Each question's line in the gold file (found by searching its id in
    file order; ``None`` for objects)."""
    if gold.text is None:
        return [None] * len(gold.questions)
    if gold.layout == "rows":
        return [q.line for q in gold.questions]
    text = gold.text
    if text.count("\n", 0, 100_000) < 2:  # minified JSON: lines say nothing
        return [None] * len(gold.questions)
    lines: list[int | None] = []
    position, line = 0, 1
    for q in gold.questions:
        needle = json.dumps(q.id, ensure_ascii=False) if isinstance(q.id, str) else None
        found = text.find(needle, position) if needle else -1
        if found < 0:
            lines.append(None)
            continue
        line += text.count("\n", position, found)
        position = found
        lines.append(line)
    return lines
