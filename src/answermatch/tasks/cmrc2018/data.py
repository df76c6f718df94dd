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

A question's id is its ``id``, else its ``query_id`` (the v6 script's rule;
the v5 scripts read only ``query_id`` in the original layout and only ``id``
in the SQuAD layout, :data:`V5_ID_KEYS`); an
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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...formats.squad import (
    Dialect,
    Kept,
    SquadFile,
    from_data,
    load,
    prediction_map,
    string_ids,
    typed_gold,
    warn_coverage,
    warn_repeated_ids,
)
from ...formats.squad import Question as Stored
from ...sources import source_name
from .rules import as_text, py2_str

__all__ = ["DIALECT", "V5_ID_KEYS", "Gold", "Question", "read_gold", "read_predictions"]

#: What the script accepts beyond the SQuAD format: ``query_id`` for a
#: missing ``id``, ids and answers of any type (compared as their ``str()``),
#: an answer that is its text itself, the datasets form of ``answers``
#: anywhere, a byte order mark, UTF-16 and UTF-32 (``json.load`` of the file
#: opened in binary mode detects the encoding).
DIALECT = Dialect(
    id_keys=("id", "query_id"),
    id_types=None,
    text_types=None,
    bare_answers=True,
    answer_lists=True,
    bom="json",
    key_check=True,
    layout="CMRC 2018",
)

#: The id key the v5 scripts read, by layout: ``data/cmrc2018_evaluate.py``
#: reads ``qas['query_id']`` and ``squad-style-data/cmrc2018_evaluate.py``
#: ``qas['id']`` (neither reads the other layouts, which keep :data:`DIALECT`'s).
V5_ID_KEYS = {"original": ("query_id",), "squad": ("id",)}


class Question(NamedTuple):
    """A gold question as the script compares it: its id (version 5: with
    surrounding spaces stripped), its answers as ``str()`` of each
    (``texts``), and the question as the file stores it (``stored``)."""

    id: Any
    texts: tuple[str, ...]
    stored: Stored

    @property
    def raw(self) -> tuple[Any, ...]:
        """The answers as stored."""
        return self.stored.answers

    @property
    def starts(self) -> tuple[Any, ...]:
        """Their ``answer_start`` offsets (``None`` where the layout has none)."""
        return self.stored.starts

    @property
    def context(self) -> str | None:
        """The passage, when given."""
        return self.stored.context


@dataclass(frozen=True)
class Gold:
    """The questions in file order, the layout (``original``, ``squad``,
    ``rows``, or kinds joined by ``+``) and the file as read (``file``:
    each question's line and place)."""

    questions: list[Question]
    layout: str
    file: SquadFile

    def line(self, question: Question) -> int | None:
        """The question's line in the gold file (``None`` for objects)."""
        return self.file.line(question.stored.row)

    def where(self, question: Question) -> str:
        """The question's place in the gold, for messages."""
        return self.file.where(question.stored.row)


def _kind(index: int, item: Any, path: str) -> str:
    if not isinstance(item, Mapping):
        raise InputError(f"[{index}]: expected an object, found {type(item).__name__}", path=path)
    for key, kind in (("paragraphs", "squad"), ("qas", "original"), ("answers", "rows")):
        if key in item:
            return kind
    raise InputError(
        f"[{index}]: expected an article with 'paragraphs', a passage with 'qas' or a "
        "question row with 'id' and 'answers'",
        path=path,
    )


def _as_article(item: Mapping[str, Any], kind: str) -> Any:
    """A CMRC 2018 passage or a question row as a SQuAD article."""
    if kind == "squad":
        return item
    if kind == "original":
        context = item.get("context", item.get("context_text"))
        return {"paragraphs": [{"context": context, "qas": item["qas"]}]}
    return {"paragraphs": [{"context": item.get("context"), "qas": [item]}]}


def _layout(data: Any, path: str, jsonl: bool) -> tuple[Any, str]:
    """The content as the SQuAD format holds it (CMRC 2018 passages and
    mixed lists become articles), and its layout."""
    if isinstance(data, Mapping):
        if "data" not in data:
            raise InputError(
                "expected a SQuAD-format object with 'data', a list of CMRC 2018 passages "
                "or a list of question rows",
                path=path,
            )
        return data, "squad"
    if not isinstance(data, list):
        raise InputError(
            f"the gold: expected a JSON object or list, found {type(data).__name__}", path=path
        )
    passage = ("qas", "paragraphs")
    if jsonl and not any(
        isinstance(r, Mapping) and any(map(r.__contains__, passage)) for r in data
    ):
        return data, "rows"  # JSON Lines of questions: the rows reader names a bad line
    kinds = [_kind(index, item, path) for index, item in enumerate(data)]
    if set(kinds) <= {"rows"} or set(kinds) == {"squad"}:
        return data, kinds[0] if kinds else "rows"
    layout = "+".join(sorted(set(kinds)))
    return [_as_article(item, kind) for item, kind in zip(data, kinds, strict=True)], layout


def read_gold(source: Any, diag: Diagnostics, version: int = 6) -> Gold:
    """The gold questions of a path (JSON, JSON Lines, ``.gz``) or an object,
    read by :func:`answermatch.formats.squad.read` with :data:`DIALECT`
    (``version`` 5: a question's id as :data:`V5_ID_KEYS` says).

    >>> qas = [{"query_id": "Q1", "id": "X", "query_text": "?", "answers": ["a"]}]
    >>> passages = [{"context_id": "C", "context_text": "c", "qas": qas}]
    >>> read_gold(passages, Diagnostics()).questions[0].id
    'X'
    >>> read_gold(passages, Diagnostics(), version=5).questions[0].id
    'Q1'
    """
    path = source_name(source)
    # Python 2's json (version 5) fails on a byte order mark: "No JSON object could be decoded"
    bom = "error" if version == 5 else DIALECT.bom
    # the SQuAD layout read straight into its questions where it can be (ids in "id")
    squad = replace(DIALECT, id_keys=V5_ID_KEYS["squad"]) if version == 5 else DIALECT
    data, text, row_lines = load(
        source, diag, "gold", key_check=DIALECT.key_check, bom=bom, gold=squad
    )
    file = typed_gold(data, squad)
    if file is not None:
        layout = "squad"
    else:
        data, layout = _layout(data, path, row_lines is not None)
        lines = row_lines if layout == "rows" else None
        dialect = DIALECT
        if version == 5 and layout in V5_ID_KEYS:
            dialect = replace(DIALECT, id_keys=V5_ID_KEYS[layout])
        file = from_data(data, path, dialect, text, lines)
    new = tuple.__new__  # Question(...) without the Python-level __new__
    if file.may_have_numbers:  # str() of every answer that is no string
        questions = [new(Question, (q[0], tuple(map(as_text, q[1])), q)) for q in file.questions]
    else:
        questions = [new(Question, (q[0], q[1], q)) for q in file.questions]
    gold = Gold(questions, layout, file)
    _warn_gold(gold, diag, py2_str if version == 5 else as_text)
    return gold


#: What the script's str() makes of answers that are not strings.
_ODD_ANSWERS = (
    ("are JSON numbers, not strings", "compared as str() of the number"),
    ("are neither strings nor numbers", "compared as its str()"),
)


def _warn_gold(gold: Gold, diag: Diagnostics, to_text: Callable[[Any], str] = as_text) -> None:
    odd: tuple[list[Any], list[Any]] = ([], [])
    if gold.file.may_have_numbers:
        for q in gold.questions:
            for r in q.raw:
                if type(r) is not str:
                    odd[not isinstance(r, int | float) or isinstance(r, bool)].append((q, r))
    for found, (kind, rule) in zip(odd, _ODD_ANSWERS, strict=True):
        if not found:
            continue
        shown = [
            f"{q.id}: {r!r}" + (f" -> {to_text(r)!r}" if found is odd[0] else "") for q, r in found
        ]
        diag.warn(
            f"{len(found)} gold answer(s) {kind} ({format_examples(shown)}); each is "
            f"{rule}, as the official script does",
            path=gold.file.name,
            line=gold.line(found[0][0]),
        )
    rule = "each occurrence is scored and counted, as the official script does"
    warn_repeated_ids(gold.file, gold.file.ids, diag, rule, line=True)


# --- predictions -------------------------------------------------------------


def read_predictions(
    source: Any,
    gold: Gold,
    diag: Diagnostics,
    to_text: Callable[[Any], str] = as_text,
    bom: str = DIALECT.bom,
) -> dict[Any, str]:
    """``{id: text}`` from a JSON object (or a list of ``{"id",
    "prediction_text"}``), a path or an object; values that are not strings
    become their ``str()`` (``to_text``; with a warning), as in the script.
    ``bom``: ``"error"`` where the script fails on a byte order mark (the
    Python 2 version; the Python 3 one reads the file as ``json.loads`` of
    its bytes reads it, UTF-16 and UTF-32 too)."""
    path = source_name(source)
    ids = [q.id for q in gold.questions]
    data = prediction_map(source, diag, bom=bom, keep=string_ids(ids))
    if isinstance(data, Kept):  # read in parts, the other ids counted
        odd, count = data.null_ids, data.nulls
        pairs = zip(odd, data.null_values, strict=True)
        shown = format_examples([f"{k}: {v!r}" for k, v in pairs], total=count)
    else:
        odd = [k for k, v in data.items() if type(v) is not str]
        count = len(odd)
        shown = format_examples([f"{k}: {data[k]!r}" for k in odd])
    if odd:
        diag.warn(
            f"{count} prediction(s) are not strings ({shown}); each is compared as its str() "
            "(None becomes 'None'), as the official script does",
            path=path,
        )
    if isinstance(data, Kept):  # the gold's ids alone: converted in place, still counting
        predictions = data
        for key in [k for k, v in data.items() if type(v) is not str]:
            predictions[key] = to_text(data[key])
    else:
        predictions = {k: to_text(v) for k, v in data.items()}
    rule = "each scores 0 and is counted in SKIP, as in the official script"
    warn_coverage(ids, predictions, diag, path, rule)
    return predictions
