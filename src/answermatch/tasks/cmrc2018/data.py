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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import repeat
from typing import Any, NamedTuple

from ...columns import Rows
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
    typed_layout,
    typed_paragraphs,
    warn_coverage,
    warn_repeated_ids,
)
from ...formats.squad import Question as Stored
from ...sources import LEFT_TO_JSON, fast_typed_json, source_name
from .rules import as_text, py2_str

__all__ = [
    "DIALECT",
    "V5_ID_KEYS",
    "Gold",
    "Question",
    "Questions",
    "read_gold",
    "read_predictions",
]

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


_NEW = tuple.__new__  # Question(...) without the Python-level __new__


class Questions(Rows[Question]):
    """The gold questions as columns: the ids (``ids``), the answers as
    compared (``texts``) and the questions as the file stores them
    (``stored``, the file's :class:`~answermatch.formats.squad.Question`
    items); each :class:`Question` is made when read, so that the stored
    questions' contexts, which a file read in parts decodes only when a
    question is read (a gold check), are held by no one (a score reads
    the columns alone).

    >>> from answermatch.formats.squad import Question as Stored
    >>> qs = Questions(["q1"], [("a",)], [Stored("q1", ("a",), (None,), "ctx", 0)])
    >>> len(qs), qs[0].context, [q.texts for q in qs]
    (1, 'ctx', [('a',)])
    """

    __slots__ = ("ids", "stored", "texts")

    def __init__(
        self, ids: Sequence[Any], texts: Sequence[tuple[str, ...]], stored: Sequence[Stored]
    ) -> None:
        self.ids, self.texts, self.stored = ids, texts, stored

    def __len__(self) -> int:
        return len(self.ids)

    def row(self, k: int) -> Question:
        return _NEW(Question, (self.ids[k], self.texts[k], self.stored[k]))

    def __iter__(self) -> Iterator[Question]:
        return map(_NEW, repeat(Question), zip(self.ids, self.texts, self.stored, strict=True))


@dataclass(frozen=True)
class Gold:
    """The questions in file order (:class:`Questions`), the layout
    (``original``, ``squad``, ``rows``, or kinds joined by ``+``) and the
    file as read (``file``: each question's line and place)."""

    questions: Questions
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


def _typed_passages() -> type:
    """The original layout's top as msgspec's type: each passage kept as
    its JSON (``msgspec.Raw``), decoded in turn (:func:`_typed_passage`)."""
    from msgspec import Raw

    return tuple[Raw, ...]


def _typed_passage() -> type:
    """A passage of the original layout as msgspec structs named as
    :func:`~answermatch.formats.squad.typed_paragraphs` reads them (its
    ``context_text`` as ``context``, a question's ``query_id`` as ``id``
    and its ``query_text`` as ``question``): every key the layout's files
    hold (any other, an ``id`` or a ``context`` too, makes the file go the
    ``json`` way), the id a string, the texts no score reads kept as their
    JSON (``msgspec.Raw``), the other values ``Any``."""
    from msgspec import Raw, defstruct

    def struct(name: str, fields: list[Any], rename: dict[str, str]) -> type:
        return defstruct(name, fields, rename=rename, gc=False, forbid_unknown_fields=True)

    query = struct(
        "Query",
        [("id", str), ("answers", tuple[Any, ...]), ("question", Raw, None)],
        {"id": "query_id", "question": "query_text"},
    )
    return struct(
        "Passage",
        [("qas", tuple[query, ...]), ("context", Raw, None), ("context_id", Any, None),
         ("title", Any, None)],
        {"context": "context_text"},
    )  # fmt: skip


def _passage_keys(passage: Any) -> int:
    """The keys of a passage decoded into :func:`_typed_passage`'s structs
    (an optional one given as ``null`` is not counted, but a context or a
    question, kept as JSON: the file then goes the ``json`` way)."""
    given = sum(value is not None for value in (passage.context, passage.context_id, passage.title))
    questions = [query.question is not None for query in passage.qas]
    return 1 + given + 2 * len(questions) + sum(questions)


def _one(passage: Any) -> tuple[Any]:
    return (passage,)


def _passages(raw: bytes, name: str, key_check: bool, source: Any) -> Any:
    """The questions of a gold in the original layout (a JSON list of
    passages) read in parts as the SQuAD layout's are
    (:func:`~answermatch.formats.squad.typed_paragraphs`: each passage an
    article of one paragraph, its answers their texts); ``None`` for
    anything else (the ``json`` way reads it)."""
    top = fast_typed_json(raw, _typed_passages)
    if top is LEFT_TO_JSON:
        return None
    return typed_paragraphs(
        raw,
        name,
        map(_one, top),
        _typed_passage,
        key_check,
        0,
        source,
        count_keys=_passage_keys,
        bare=True,
        layout="original",
    )


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
    # the SQuAD layout read straight into its questions where it can be (ids in "id"), the
    # original one too (ids in "query_id")
    squad = replace(DIALECT, id_keys=V5_ID_KEYS["squad"]) if version == 5 else DIALECT
    original = replace(DIALECT, id_keys=V5_ID_KEYS["original"]) if version == 5 else DIALECT
    data, text, row_lines = load(
        source, diag, "gold", key_check=DIALECT.key_check, bom=bom, gold=squad, other=_passages
    )
    layout = typed_layout(data)
    if layout is not None:
        file = typed_gold(data, squad if layout == "squad" else original)
    else:
        data, layout = _layout(data, path, row_lines is not None)
        lines = row_lines if layout == "rows" else None
        dialect = DIALECT
        if version == 5 and layout in V5_ID_KEYS:
            dialect = replace(DIALECT, id_keys=V5_ID_KEYS[layout])
        file = from_data(data, path, dialect, text, lines)
    texts = file.answers
    if file.may_have_numbers:  # str() of every answer that is no string
        texts = [tuple(map(as_text, found)) for found in texts]
    gold = Gold(Questions(file.ids, texts, file.questions), layout, file)
    _warn_gold(gold, diag, py2_str if version == 5 else as_text)
    return gold


#: What the script's str() makes of answers that are not strings.
_ODD_ANSWERS = (
    ("are JSON numbers, not strings", "compared as str() of the number"),
    ("are neither strings nor numbers", "compared as its str()"),
)


def _warn_gold(gold: Gold, diag: Diagnostics, to_text: Callable[[Any], str] = as_text) -> None:
    odd: tuple[list[Any], list[Any]] = ([], [])
    file = gold.file
    if file.may_have_numbers:  # the answers as stored, by question
        for k, (qid, raw) in enumerate(zip(file.ids, file.answers, strict=True)):
            for r in raw:
                if type(r) is not str:
                    odd[not isinstance(r, int | float) or isinstance(r, bool)].append((k, qid, r))
    for found, (kind, rule) in zip(odd, _ODD_ANSWERS, strict=True):
        if not found:
            continue
        shown = [
            f"{qid}: {r!r}" + (f" -> {to_text(r)!r}" if found is odd[0] else "")
            for _, qid, r in found
        ]
        diag.warn(
            f"{len(found)} gold answer(s) {kind} ({format_examples(shown)}); each is "
            f"{rule}, as the official script does",
            path=file.name,
            line=file.line(found[0][0]),
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
    ids = gold.questions.ids
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
