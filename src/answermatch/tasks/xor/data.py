"""Reading and checking XOR-TyDi QA gold files and prediction files.

Shared by the ``xor-full``, ``xor-engspan`` and ``xor-retrieve`` tasks.
The formats are those of the XOR-TyDi release and its evaluation scripts
(https://github.com/AkariAsai/XORQA, ``evals/``):

Gold
    JSON lines, one question per line: ``{"id": str, "question": str,
    "answers": [str, ...], "lang": str, "split": str}``; only ``id``,
    ``answers`` and ``lang`` are read. ``answers`` may also be a bare string
    (the scripts treat that case differently, so the reader remembers it).
    Already loaded data is accepted as a list of such dicts.
Predictions
    One JSON object ``{question id: answer string}`` (XOR-EnglishSpan also
    accepts ``{question id: {"answer": answer string}}``), or an already
    loaded dict of the same shape.

Anything else is an :class:`~answermatch.errors.InputError` naming the file
and the line (for loaded objects, the position in the list counts as the
line).

>>> gold = [{"id": "q1", "answers": ["Helsinki"], "lang": "fi"},
...         {"id": "q2", "answers": "東京", "lang": "ja"}]
>>> from answermatch.diagnostics import Diagnostics
>>> questions = read_xor_gold(gold, Diagnostics())
>>> questions[1]
XorQuestion(id='q2', lang='ja', answers=('東京',), answers_is_str=True, line=2)
>>> read_xor_predictions({"q1": {"answer": "Helsinki"}}, Diagnostics(), answer_objects=True)
{'q1': 'Helsinki'}
>>> read_xor_gold([{"id": "q1", "lang": "fi"}], Diagnostics())
Traceback (most recent call last):
...
answermatch.errors.InputError: <object>:1: missing "answers": expected {"id": ...}
"""

from __future__ import annotations

import json
import re
from array import array
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence, Sized
from dataclasses import dataclass
from functools import partial
from itertools import accumulate, chain, compress, islice, repeat
from operator import is_not
from typing import Any, NamedTuple, TypedDict

from ...analysis import Analyzer
from ...columns import Rows
from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...items import AsList, Places, TextColumn
from ...matchers.answers import CountedTokens
from ...normalization import PRESETS
from ...normalization import steps as _steps
from ...sources import (
    Decoded,
    LongStrings,
    NotFlat,
    NullsSeen,
    PathLike,
    bom_error,
    decode_utf8,
    duplicate_key_message,
    is_path,
    jsonl_columns,
    kept_entries,
    load_json,
    read_bytes,
    read_text,
    source_name,
    starts_with_bom,
    string_object_parts,
    text_blocks,
)
from .layout import release_layout

#: Entries a per-evaluation cache of scores holds before it starts afresh.
CACHE_LIMIT = 1 << 16

__all__ = [
    "CACHE_LIMIT",
    "GOLD_SHAPE",
    "GoldRecord",
    "XorGold",
    "XorQuestion",
    "normalizer",
    "prediction_tokens",
    "read_json",
    "read_xor_gold",
    "read_xor_gold_columns",
    "read_xor_predictions",
    "shown",
    "token_counts",
    "warn_bare_strings",
    "warn_cut_clashes",
    "warn_duplicate_gold_ids",
    "warn_unanswered",
    "warn_unknown_count",
    "warn_unknown_predictions",
]


def prediction_tokens(analyzer: Analyzer) -> Callable[[str], Sequence[str]]:
    """A prediction's tokens under ``analyzer`` (a tuple), or, for a text
    longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
    where the rules allow it (:meth:`~answermatch.analysis.Analyzer.token_lists`:
    all but the official Japanese ones), their counts
    (:class:`~answermatch.matchers.answers.CountedTokens`), made a list of
    tokens at a time, each counted and dropped: the same F1 and EM,
    without a string object a token.

    >>> from answermatch.analysis import Analyzer
    >>> prediction_tokens(Analyzer("fi"))("Helsinki, 1990!")
    ('helsinki', '1990')
    """
    split = analyzer.splitter(prediction=True)
    lists = analyzer.token_lists()
    if lists is None:
        return lambda text: tuple(split(text))

    def tokens(text: str) -> Sequence[str]:
        if len(text) <= _steps.PIECE_CHARS:
            return tuple(split(text))
        return CountedTokens.of_glued(lambda: lists(text), _one_list, _continued)

    return tokens


def _one_list(tokens: list[str]) -> tuple[list[str]]:
    return (tokens,)


def _continued(tokens: list[str]) -> bool:
    """Whether a list of tokens continues the last token of the list
    before (:class:`~answermatch.normalization.steps.Continued`)."""
    return type(tokens) is _steps.Continued


_GOLD_SHAPE = 'expected {"id": ..., "answers": [...], "lang": ...}'
_GOLD_ROW = _GOLD_SHAPE.removeprefix("expected ")


class GoldRecord(TypedDict, total=False):
    """One gold question as loaded data (one line of the JSON-lines file).

    ``id``, ``answers`` and ``lang`` are required; other keys (``question``,
    ``split``...) are ignored. ``answers`` may be a bare string, which the
    official scripts read differently (see each task).
    """

    id: str
    answers: list[str] | str
    lang: str
    question: str
    split: str


#: The gold every XOR task reads (for :attr:`~answermatch.tasks.base.Task.shapes`).
GOLD_SHAPE = (
    'a JSON-lines file (plain or .gz) or a list of dicts {"id": str, "answers": [str, ...], '
    '"lang": str} (GoldRecord; other keys are ignored, "answers" may be one string)'
)


Columns = tuple[list[str], list[str], Sequence[Sequence[str]]]


class XorQuestion(NamedTuple):
    """One gold question (a named tuple: built once per gold line, so cheap
    construction matters on large files).

    ``answers`` is always a tuple; ``answers_is_str`` says the file gave a
    bare string instead of a list (XOR-Full then scores it as a one-answer
    list, XOR-EnglishSpan iterates over its characters). ``line`` is the
    1-based line in the gold file (the position in the list for loaded data).
    """

    id: str
    lang: str
    answers: tuple[str, ...]
    answers_is_str: bool = False
    line: int = 0


_new_question = partial(tuple.__new__, XorQuestion)  # no Python frame per question


class AnswerTuples(AsList, Rows[tuple[str, ...]]):
    """Each question's answers (a tuple of strings), held as one
    :class:`~answermatch.items.TextColumn` of every answer and the end of
    each question's in it: about the size of their text, where a tuple and
    a string object per answer took some 150 bytes more a question. A
    question's tuple is decoded anew at each read.

    >>> answers = AnswerTuples([("Oslo", "Ö"), ()])
    >>> answers.extend([("Kraków", "1410"), ("Oslo",)])
    >>> len(answers), answers[0], answers[2], answers[-1]
    (4, ('Oslo', 'Ö'), ('Kraków', '1410'), ('Oslo',))
    >>> list(answers) == [("Oslo", "Ö"), (), ("Kraków", "1410"), ("Oslo",)] == answers
    True
    """

    __slots__ = ("_ends", "_texts")

    def __init__(self, lists: Iterable[Sequence[str]] = ()) -> None:
        self._texts = TextColumn()
        self._ends = array("Q")
        self.extend(lists)

    def extend(self, lists: Iterable[Sequence[str]]) -> None:
        """Append the answers of more questions, a block at a time."""
        left = iter(lists)
        while block := list(islice(left, 1 << 12)):
            ends = accumulate(map(len, block), initial=len(self._texts))
            self._ends.extend(islice(ends, 1, None))
            self._texts.extend(chain.from_iterable(block))

    def __len__(self) -> int:
        return len(self._ends)

    def row(self, k: int) -> tuple[str, ...]:
        start = self._ends[k - 1] if k else 0
        return tuple(self._texts[start : self._ends[k]])

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        texts, ends = iter(self._texts), self._ends
        counts = map(int.__sub__, ends, chain((0,), ends))
        return map(tuple, map(islice, repeat(texts), counts))


@dataclass(frozen=True)
class XorGold:
    """The gold questions column by column (what a large evaluation iterates
    over, without an object per question): ``ids[k]``, ``langs[k]``,
    ``answers[k]``, ``bare[k]`` (``answers_is_str``) and ``lines[k]`` describe
    question ``k`` as :class:`XorQuestion` does.

    >>> gold = XorGold.of([XorQuestion("a", "fi", ("x",), False, 1),
    ...                    XorQuestion("b", "sw", ("y",), True, 2)])
    >>> len(gold), gold.langs
    (2, ['fi', 'sw'])
    >>> gold.select([False, True]).questions()
    [XorQuestion(id='b', lang='sw', answers=('y',), answers_is_str=True, line=2)]
    """

    ids: Sequence[str]
    langs: list[str]
    answers: Sequence[tuple[str, ...]]
    bare: Sequence[bool]
    lines: Sequence[int]

    def __len__(self) -> int:
        return len(self.ids)

    def places(self) -> Places:
        """The :class:`~answermatch.items.Places` of :attr:`ids` (8 bytes an
        id, where a set of them took about 100), made when first asked."""
        made: Places | None = self.__dict__.get("_places")
        if made is None:
            made = Places(self.ids)
            object.__setattr__(self, "_places", made)
        return made

    def repeats(self) -> bool:
        """Whether some id is given to two questions (found once, when
        first asked, by :meth:`~answermatch.items.Places.repeated`)."""
        found: bool | None = self.__dict__.get("_repeats")
        if found is None:
            found = self.places().repeated()
            object.__setattr__(self, "_repeats", found)
        return found

    def questions(self) -> list[XorQuestion]:
        """The questions as :class:`XorQuestion` tuples, in order."""
        columns = zip(self.ids, self.langs, self.answers, self.bare, self.lines, strict=True)
        return list(map(_new_question, columns))

    def select(self, keep: Sequence[bool]) -> XorGold:
        """The questions where ``keep`` is true, in order."""
        columns = (self.ids, self.langs, self.answers, self.bare, self.lines)
        return XorGold(*(list(compress(column, keep)) for column in columns))

    @classmethod
    def of(cls, questions: Sequence[XorQuestion]) -> XorGold:
        """The columns of a list of questions."""
        if not questions:
            return cls([], [], [], [], [])
        ids, langs, answers, bare, lines = map(list, zip(*questions, strict=True))
        return cls(ids, langs, answers, bare, lines)


class PlacedAnswers(MutableMapping[str, str]):
    """Answers of gold questions by question id, each held at its id's
    place in the gold (:meth:`XorGold.places`): one list slot a gold
    question, no key string nor dict entry an answer (with them, a large
    file of predictions took 3.2 times its size). Gold ids alone are held
    (another key is a :class:`KeyError`); a gold id given twice holds its
    answer at the place :class:`~answermatch.items.Places` finds for it.
    Iterated in gold order. ``hint``: ``{id: place}`` of keys about to be
    set, taken before a search (the places a reader found for a part).

    >>> gold = XorGold.of([XorQuestion(q, "fi", ("x",), False, 1) for q in ("q1", "q2", "q3")])
    >>> answers = PlacedAnswers(gold)
    >>> answers.update({"q3": "Oslo", "q1": "Kraków"}); answers["q3"] = "Bergen"
    >>> dict(answers), len(answers), "q2" in answers, answers.get("x")
    ({'q1': 'Kraków', 'q3': 'Bergen'}, 2, False, None)
    >>> in_gold_order(answers, gold), in_gold_order(answers, gold.select([False, True, True]))
    (['Kraków', None, 'Bergen'], [None, 'Bergen'])
    """

    __slots__ = ("_count", "_values", "gold", "hint")

    def __init__(self, gold: XorGold, hint: Mapping[str, int] | None = None) -> None:
        self.gold, self.hint = gold, hint if hint is not None else {}
        self._values: list[str | None] = [None] * len(gold)
        self._count = 0

    def _place(self, key: Any) -> int | None:
        place = self.hint.get(key)
        if place is None and type(key) is str:
            place = self.gold.places().find(key)
        return place

    def __getitem__(self, key: str) -> str:
        place = self._place(key)
        value = None if place is None else self._values[place]
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        place = self._place(key)
        return place is not None and self._values[place] is not None

    def __setitem__(self, key: str, value: str) -> None:
        place = self._place(key)
        if place is None:
            raise KeyError(f"{key!r} is not a gold id")
        self._count += self._values[place] is None
        self._values[place] = value

    def __delitem__(self, key: str) -> None:
        place = self._place(key)
        if place is None or self._values[place] is None:
            raise KeyError(key)
        self._values[place] = None
        self._count -= 1

    def __iter__(self) -> Iterator[str]:
        return compress(self.gold.ids, map(is_not, self._values, repeat(None)))

    def __len__(self) -> int:
        return self._count

    def in_order(self) -> list[str | None]:
        """Each place's answer (``None``: none), in gold order: the list
        held, not a copy."""
        return self._values


def in_gold_order(predictions: Mapping[str, str], gold: XorGold) -> list[str | None]:
    """Each gold question's prediction (``None``: none), in gold order:
    the list :class:`PlacedAnswers` of this gold holds, where no id is
    given twice (no copy, nothing searched), else one found by id.

    >>> gold = XorGold.of([XorQuestion(q, "fi", ("x",), False, 1) for q in ("a", "b", "a")])
    >>> in_gold_order({"a": "Oslo"}, gold)
    ['Oslo', None, 'Oslo']
    """
    if type(predictions) is not PlacedAnswers:
        return list(map(predictions.get, gold.ids))
    if predictions.gold is gold and not gold.repeats():
        return predictions.in_order()
    # another gold's (a selection of its questions): their places found a block at a time
    places, values = predictions.gold.places(), predictions.in_order()
    found: list[str | None] = []
    left = iter(gold.ids)
    while block := list(islice(left, 1 << 12)):
        at = places.among(block)
        found += [None if (place := at.get(qid)) is None else values[place] for qid in block]
    return found


def shown(value: Any, *, ensure_ascii: bool = True) -> str:
    """``value`` as JSON, for a message about it; what JSON cannot show (a
    set, an object, an integer of more than 4,300 digits, a structure nested
    too deeply) by its type.

    >>> shown([1, "a"]), shown({1, 2}), shown(10**5000)
    ('[1, "a"]', 'a set', 'an int of 5001 digits')
    """
    try:
        return json.dumps(value, ensure_ascii=ensure_ascii)
    except (TypeError, ValueError, RecursionError):
        if isinstance(value, int) and not isinstance(value, bool):
            digits = int(value.bit_length() * 0.30102999566398120) + 1  # no str() of it
            return f"an int of {digits} digits"
        name = type(value).__name__
        return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def _jsonl(text: str, name: str, diag: Diagnostics) -> tuple[Sequence[int], list[Any]]:
    """:func:`~answermatch.sources.jsonl_columns`, with a gold file given as
    predictions said so."""
    try:
        return jsonl_columns(text, name, diag=diag)
    except InputError as exc:
        if exc.line != 1:
            raise
        whole = _whole(text)
        if _looks_like_predictions(whole):
            raise InputError(
                _predictions_as_gold(whole), path=exc.path, line=1, swapped=True
            ) from None
        if whole is None:
            raise
        raise InputError(
            f"expected JSON Lines, one question per line ({_GOLD_ROW}); the file is one JSON "
            f"{_json_kind(whole)} over several lines"
            + (f", {_SQUAD_LAYOUT}" if _squad_layout(whole) else ""),
            path=exc.path,
            line=1,
        ) from None


def read_json(source: Any, diag: Diagnostics, expected: str = "") -> Any:
    """:func:`~answermatch.sources.load_json`, with a gold file given as
    predictions said so, else what was ``expected`` added to the error."""
    try:
        return load_json(source, diag=diag)
    except InputError as exc:
        gold = exc.line is not None and looks_like_gold(source)
        error = _explained(exc, expected, gold)
        if error is exc:  # not a JSON syntax error: a missing file, say
            raise
        raise error from None


def _explained(exc: InputError, expected: str, gold: bool) -> InputError:
    """The error of :func:`read_json` for ``exc``, the reading's own error;
    ``gold``: the file starts with a gold line (:func:`looks_like_gold`)."""
    if gold:
        wanted = f": {expected}" if expected else ""
        return InputError(
            f"this is a gold file (JSON Lines, one question per line, {_GOLD_ROW}), "
            f"not predictions{wanted}; were the gold and the predictions swapped?",
            path=exc.path,
            line=1,
            swapped=True,
        )
    if not expected or exc.line is None:
        return exc
    return InputError(f"{exc.message}; {expected}", path=exc.path, line=exc.line)


#: the keys of a gold line that :func:`looks_like_gold` looks for
_GOLD_KEYS = frozenset({"id", "answers"})


def bom_refused(source: PathLike, *, answer_objects: bool = False) -> InputError | None:
    """The error of :func:`read_xor_predictions` for a file ``{id: answer
    string}`` that starts with a UTF-8 byte order mark (``json`` refuses
    it, and so do the official scripts' ``json.load`` of a text file),
    found by reading the rest in parts
    (:func:`~answermatch.sources.string_object_parts`), never whole;
    ``None`` where the whole reading must tell: another shape, invalid
    UTF-8, or keys ``"id"`` and ``"answers"`` (such an object on one line
    would look like a gold line: :func:`looks_like_gold`).

    Any other file's first line is not a gold line: it is either the whole
    object (without those keys) or the start of one, which is not JSON."""
    keys: set[str] = set()
    try:
        for part in string_object_parts(source):
            keys.update(_GOLD_KEYS.intersection(part))
    except (NotFlat, InputError):
        return None
    if keys == _GOLD_KEYS:
        return None
    return _explained(bom_error(source_name(source)), _expected(answer_objects), gold=False)


def _expected(answer_objects: bool) -> str:
    """What :func:`read_xor_predictions` says it expected."""
    value_shape = _value_shape(answer_objects)
    return f"expected one JSON object {{question id: answer}} (answers: {value_shape})"


def _columns(records: Sequence[Any]) -> Columns | None:
    """The ids, languages and answers of the records, read column by column
    at C speed, when every record is a dict with a string ``id`` and
    ``lang`` and a list of strings as ``answers``; ``None`` otherwise (the
    record-by-record path then names the first bad line)."""
    if set(map(type, records)) != {dict}:
        return None
    ids = list(map(dict.get, records, repeat("id")))
    langs = list(map(dict.get, records, repeat("lang")))
    answers = list(map(dict.get, records, repeat("answers")))
    if (
        set(map(type, ids)) != {str}
        or set(map(type, langs)) != {str}
        or set(map(type, answers)) != {list}
        or not set(map(type, chain.from_iterable(answers))) <= {str}
    ):
        return None
    return ids, langs, answers


def _loaded_records(source: Any) -> tuple[Sequence[int], Sequence[Any]]:
    """The positions (counted as lines) and the records of loaded gold data."""
    if isinstance(source, (bytes, Mapping)) or not isinstance(source, Iterable):
        raise InputError(
            f"expected a gold file path or a list of question dicts, got {type(source).__name__}",
            path=source_name(source),
        )
    records = list(source)
    return range(1, len(records) + 1), records


def _predictions_as_gold(record: Any) -> str:
    """The error for a predictions file given as the gold (``record``: its
    first line, or the whole file, as read)."""
    kind = (
        "{question id: answer}"
        if isinstance(record, dict)
        else 'a list of retrieval results {"id", "lang", "ctxs"}'
    )
    return (
        f"this is a predictions file ({kind}), not a gold file: expected JSON Lines, one "
        f"question per line, {_GOLD_ROW}; were the gold and the predictions swapped?"
    )


def _looks_like_predictions(record: Any) -> bool:
    """A predictions object (``{id: answer}``, not a gold in SQuAD's layout)
    or list of retrieval items read where a gold line was expected."""
    if isinstance(record, dict):
        keys = set(record)
        return bool(keys) and not {"id", "answers", "lang"} & keys and not _squad_layout(record)
    return (
        isinstance(record, list)
        and bool(record)
        and all(isinstance(item, dict) and "ctxs" in item for item in record)
    )


def _json_kind(value: Any) -> str:
    return {dict: "object", list: "array"}.get(type(value), "value")


_SQUAD_LAYOUT = 'in SQuAD\'s layout ({"data": [articles]}), which squad, squad-v2 and mlqa read'


def _squad_layout(value: Any) -> bool:
    """Whether a gold given to an XOR task is in SQuAD's layout."""
    return isinstance(value, dict) and isinstance(value.get("data"), list)


def _whole(text: str) -> Any:
    """The text decoded as one JSON value, or ``None``."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def looks_like_gold(source: Any) -> bool:
    """Whether the file ``source`` starts with a gold line (an object with
    ``id`` and ``answers``), for the hint of a prediction reader's error."""
    try:
        first = read_text(source).lstrip("\ufeff").split("\n", 1)[0]
        record = json.loads(first)
    except (InputError, ValueError, RecursionError):
        return False
    return isinstance(record, dict) and {"id", "answers"} <= set(record)


def _question(record: Any, name: str, line: int) -> XorQuestion:
    try:
        qid, lang, answers = record["id"], record["lang"], record["answers"]
    except (KeyError, TypeError, IndexError):
        if line == 1 and _looks_like_predictions(record):
            raise InputError(
                _predictions_as_gold(record), path=name, line=line, swapped=True
            ) from None
        hint = f"; this is a file {_SQUAD_LAYOUT}" if line == 1 and _squad_layout(record) else ""
        if not isinstance(record, dict):
            raise InputError(
                f"{_GOLD_SHAPE}, got {type(record).__name__}{hint}", path=name, line=line
            ) from None
        missing = next(key for key in ("id", "answers", "lang") if key not in record)
        raise InputError(
            f'missing "{missing}": {_GOLD_SHAPE}{hint}', path=name, line=line
        ) from None
    if not isinstance(record, dict):
        raise InputError(f"{_GOLD_SHAPE}, got {type(record).__name__}", path=name, line=line)
    if not isinstance(qid, str):
        raise InputError(
            f'"id" must be a string (prediction keys are strings), got {shown(qid)}',
            path=name,
            line=line,
        )
    if not isinstance(lang, str):
        raise InputError(f'"lang" must be a string, got {shown(lang)}', path=name, line=line)
    if isinstance(answers, str):
        return XorQuestion(qid, lang, (answers,), True, line)
    if not isinstance(answers, list) or not all(map(isinstance, answers, repeat(str))):
        raise InputError(
            f'"answers" must be a list of strings, got {shown(answers, ensure_ascii=False)}',
            path=name,
            line=line,
        )
    return XorQuestion(qid, lang, tuple(answers), False, line)


def read_xor_gold(source: Any, diag: Diagnostics) -> list[XorQuestion]:
    """The questions of an XOR-TyDi gold file (path, ``.gz`` or loaded list), in order.

    An empty gold is an error. Duplicate ids are not checked here (each task
    says what the official script does with them: see
    :func:`warn_duplicate_gold_ids`).
    """
    return read_xor_gold_columns(source, diag).questions()


def read_xor_gold_columns(source: Any, diag: Diagnostics, *, empty: str | None = None) -> XorGold:
    """:func:`read_xor_gold` as columns (:class:`XorGold`). A gold without
    questions is an error unless ``empty`` says what the task's official
    script does with one (then it is a warning)."""
    gold = _read_columns(source, source_name(source), diag)
    if not gold.ids:
        if empty is None:
            raise InputError(
                "the gold has no question: expected one JSON object per line",
                path=source_name(source),
            )
        diag.warn(f"the gold has no question ({empty})", path=source_name(source))
    return gold


def _read_columns(source: Any, name: str, diag: Diagnostics) -> XorGold:
    if is_path(source):
        if _flat_predictions(source):  # refused as read whole, without holding it
            raise InputError(_predictions_as_gold({}), path=name, line=1, swapped=True)
        layout = _layout_in_blocks(source)
        data = b"" if layout is not None else read_bytes(source)
        if (layout is not None and starts_with_bom(source)) or data.startswith(b"\xef\xbb\xbf"):
            # the official scripts read the gold with jsonlines.open, which
            # decodes it as utf-8-sig (jsonlines 4) and so skips the mark
            diag.warn(
                "the gold starts with a UTF-8 byte order mark: skipped, as the official "
                "script's jsonlines (4.x) skips it; save it without BOM",
                path=name,
                line=1,
            )
            data = data[3:]
        if layout is not None:
            return _from_columns(layout, range(1, len(layout[0]) + 1))
        text = decode_utf8(data, source)
        del data
        layout = release_layout(text)
        if layout is not None:
            return _from_columns(layout, range(1, len(layout[0]) + 1))
        numbers, records = _jsonl(text, name, diag)
    else:
        numbers, records = _loaded_records(source)
    columns = _columns(records)
    if columns is not None:
        return _from_columns(columns, numbers)
    lines = zip(numbers, records, strict=True)
    return XorGold.of([_question(record, name, line) for line, record in lines])


def _layout_in_blocks(source: PathLike) -> Columns | None:
    """:func:`~answermatch.tasks.xor.layout.release_layout` of the file's
    text (its byte order mark skipped), read in blocks of lines and
    decoded block by block: the same columns, never the whole text (four
    times the bytes for Korean or Japanese) nor the fields of every line
    at once. The layout's lines hold no newline, so a block is all in
    the layout exactly where its lines are in the text read whole; ``None``
    where they are not, or a block is not UTF-8, or the file is not read
    in blocks (the whole reading then gives what it gives).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "gold.jsonl"
    >>> row = '{"id": "%s", "question": "?", "answers": ["東京"], "lang": "ja", "split": "dev"}\\n'
    >>> _ = path.write_text("\\ufeff" + row % 1 + row % 2, encoding="utf-8")
    >>> ids, langs, answers = _layout_in_blocks(path)
    >>> list(ids), langs, list(answers)
    (['1', '2'], ['ja', 'ja'], [('東京',), ('東京',)])
    """
    ids = TextColumn()  # packed block by block: the strings of every line are never all held
    langs: list[str] = []
    answers = AnswerTuples()
    pool: dict[str, str] = {}  # one string per language, not one per question
    first = True
    try:
        # (not enumerate: its tuple would hold each block until the next)
        for text, longs in text_blocks(source):
            if first and text.startswith("\ufeff"):
                text = text[1:]
            first = False
            found = release_layout(text)
            del text  # (a long line's answer is held once while it is packed)
            if found is None:
                return None
            if longs is not None:  # a long line's long strings, where they stand
                found = _put_back(found, longs)
                del longs
            ids.extend(found[0])
            langs += map(pool.setdefault, found[1], found[1])
            answers.extend(found[2])
            del found
    except NotFlat:
        return None
    return (ids, langs, answers) if ids else None  # type: ignore[return-value]


def _put_back(found: Columns, longs: LongStrings) -> Columns:
    """The columns ``found`` in a long line's skeleton
    (:func:`~answermatch.sources.text_blocks`) with each placeholder
    replaced by the long string it stands for: the columns of the line
    read whole. (A long question's or split's is not in them: let go.)

    >>> longs = LongStrings("\\x00mark-")
    >>> longs["\\x00mark-0"] = "x" * 5
    >>> _put_back((["q"], ["en"], [("\\x00mark-0", "y")]), longs)
    (['q'], ['en'], [('xxxxx', 'y')])
    """
    ids, langs, answers = found
    take = longs.pop
    ids = [take(text, text) for text in ids]
    langs = [take(text, text) for text in langs]
    answers = [tuple([take(text, text) for text in row]) for row in answers]
    longs.clear()
    return ids, langs, answers


def _flat_predictions(source: PathLike) -> bool:
    """Whether a large file is one object ``{id: answer string or null}``
    (read in parts, nothing kept: :func:`~answermatch.sources.kept_entries`)
    with no key given again, no byte order mark and none of a gold row's
    keys: a predictions file, which the whole reading refuses as a gold
    (after reading it whole, as when the scorer checks whether the files
    were swapped)."""
    if starts_with_bom(source):
        return False
    row_keys = False

    def parts(path: PathLike) -> Iterator[dict[str, str]]:
        nonlocal row_keys
        for part in string_object_parts(path, nulls=True):
            row_keys = row_keys or not _ROW_KEYS.isdisjoint(part)
            yield part

    return kept_entries(source, parts, set()) is not None and not row_keys


_ROW_KEYS = frozenset({"id", "answers", "lang"})


def _from_columns(columns: Columns, lines: Sequence[int]) -> XorGold:
    """The gold of ``columns``, its ids and answers packed
    (:class:`~answermatch.items.TextColumn`, :class:`AnswerTuples`)."""
    ids, langs, answers = columns
    if type(ids) is not TextColumn:
        ids = TextColumn(ids)  # type: ignore[assignment]
    if type(answers) is not AnswerTuples:
        answers = AnswerTuples(answers)
    return XorGold(ids, langs, answers, [False] * len(ids), lines)  # type: ignore[arg-type]


def warn_duplicate_gold_ids(
    gold: XorGold, source: Any, diag: Diagnostics, consequence: str
) -> None:
    """One warning if some gold ids repeat; ``consequence`` says what the
    official script does with them (the ids compared by their
    :meth:`XorGold.places`, not put in a set, unless one repeats)."""
    if not gold.repeats():
        return
    seen: set[str] = set()
    repeated: list[tuple[str, int]] = []
    for qid, line in zip(gold.ids, gold.lines, strict=True):
        if qid in seen:
            repeated.append((qid, line))
        seen.add(qid)
    diag.warn(
        f"{len(repeated)} gold question(s) repeat an earlier id "
        f"({format_examples(repr(qid) for qid, _ in repeated)}); {consequence}",
        path=source_name(source),
        line=repeated[0][1],
    )


def warn_bare_strings(gold: XorGold, source: Any, diag: Diagnostics) -> None:
    """One warning when some questions give ``answers`` as a bare string,
    which the official XOR-EnglishSpan and XOR-Retrieve scripts iterate
    character by character (each character is an answer)."""
    if not any(gold.bare):
        return
    bare = [
        (qid, line) for qid, line, flag in zip(gold.ids, gold.lines, gold.bare, strict=True) if flag
    ]
    diag.warn(
        f'{len(bare)} gold question(s) give "answers" as a string, not a list '
        f"({format_examples(repr(qid) for qid, _ in bare)}); as in the official script "
        "each of its characters is an answer",
        path=source_name(source),
        line=bare[0][1],
    )


def _key_line(source: Any, key: str) -> int | None:
    """The line where ``key`` first appears as an object key (for messages),
    the file read piece by piece."""
    if not is_path(source):
        return None
    for spelling in {json.dumps(key, ensure_ascii=False), json.dumps(key)}:
        line = _first_line(_text_pieces(source), spelling)
        if line is not None:
            return line
    return None


def _text_pieces(source: Any) -> Iterator[str]:
    """The text of the file ``source`` in pieces (whole, for a pipe)."""
    try:
        yield from Decoded(source)
    except NotFlat:  # not a regular file: opened once more, read whole
        yield read_text(source)


def _first_line(texts: Iterable[str], spelling: str) -> int | None:
    """The line of the first ``spelling`` followed by whitespace and a colon
    in the text given in ``texts`` (pieces), or ``None``.

    >>> _first_line(['{"a": "b",', ' "k"', "\\n : 1}"], '"k"')
    1
    """
    found = re.compile(re.escape(spelling) + r"\s*:")
    pending = re.compile(re.escape(spelling) + r"\s*\Z")  # may be followed by a colon later
    tail, lines = "", 0  # the text that may begin a match, the newlines before it
    for text in texts:
        text = tail + text
        match = found.search(text)  # a match begun earlier would end in the text before it
        if match:
            return lines + text.count("\n", 0, match.start()) + 1
        keep = max(0, len(text) - len(spelling) + 1)
        begun = pending.search(text)
        if begun:
            keep = min(keep, begun.start())
        lines += text.count("\n", 0, keep)
        tail = text[keep:]
    return None


def not_a_string(key: str, value: Any, source: Any, value_shape: str) -> InputError:
    """The error for a prediction ``value`` that is not an answer."""
    return InputError(
        f"the prediction for {key!r} must be {value_shape}, "
        f"got {shown(value, ensure_ascii=False)[:80]}",
        path=source_name(source),
        line=_key_line(source, key),
    )


def refuse_null(source: Any, diag: Diagnostics, *, answer_objects: bool = False) -> None:
    """The error the whole reading gives a file ``{key: string or null}``
    holding a ``null`` (with its warnings about keys given again first),
    the file read in parts, nothing kept (:func:`~answermatch.sources.kept_entries`
    with :class:`~answermatch.sources.NullsSeen`); nothing where it holds no
    ``null`` once every key has its last value, or where the whole reading
    must tell (another shape, a small file...)."""
    seen = NullsSeen(frozenset())
    readings = 0

    def parts(path: Any) -> Iterator[dict[str, str]]:
        nonlocal readings
        readings += 1
        found = string_object_parts(path, nulls=True)
        return map(seen.note, found) if readings == 1 else found

    kept = kept_entries(source, parts, set(), repeats=True)
    if kept is None or not seen.count:
        return
    if kept.repeated:  # the last value of each repeated key decides
        seen = NullsSeen(frozenset(), kept.repeated)
        try:
            deque(map(seen.note, string_object_parts(source, nulls=True)), maxlen=0)
        except (NotFlat, InputError):
            return
    seen.done()
    if not seen.count:
        return
    name = source_name(source)
    for key in kept.repeated:
        diag.warn(duplicate_key_message(key), path=name)
    raise not_a_string(seen.first[0], None, source, _value_shape(answer_objects))


def _value_shape(answer_objects: bool) -> str:
    return 'a string or {"answer": string}' if answer_objects else "a string"


def read_xor_predictions(
    source: Any, diag: Diagnostics, *, answer_objects: bool = False
) -> dict[str, str]:
    """The predictions ``{question id: answer}`` of a JSON object file (or dict).

    ``answer_objects=True`` also accepts ``{"answer": str}`` values (the
    XOR-EnglishSpan script reads ``value["answer"]`` from a dict value).
    Keys repeated in the JSON text warn (the last value wins, as in Python's
    ``json.load``); keys stay as written (XOR-Full reduces them later).
    """
    name = source_name(source)
    value_shape = _value_shape(answer_objects)
    expected = _expected(answer_objects)
    data = read_json(source, diag, expected) if is_path(source) else source
    if not isinstance(data, Mapping):
        raise InputError(
            f"{expected}, got {type(data).__name__}",
            path=name,
            line=1 if is_path(source) else None,
        )
    if set(map(type, data)) == {str} and set(map(type, data.values())) == {str}:
        # the common case, checked at C speed; a dict read from a file is not copied
        return data if is_path(source) and type(data) is dict else dict(data)
    predictions: dict[str, str] = {}
    for key, value in data.items():
        if not isinstance(key, str):
            raise InputError(f"prediction keys must be strings, got {shown(key)}", path=name)
        if answer_objects and isinstance(value, dict) and "answer" in value:
            value = value["answer"]
        if not isinstance(value, str):
            raise not_a_string(key, value, source, value_shape)
        predictions[key] = value
    return predictions


def warn_unanswered(questions: Sized, answered: int, source: Any, diag: Diagnostics) -> None:
    """One warning when some gold questions have no prediction (they score 0)."""
    missing = len(questions) - answered
    if missing:
        diag.warn(
            f"{missing} of {len(questions)} gold question(s) have no prediction; "
            "they score 0 (as in the official script)",
            path=source_name(source),
        )


def warn_unknown_predictions(
    predicted: Iterable[str], gold_ids: set[str], source: Any, diag: Diagnostics
) -> None:
    """One warning when some prediction ids are not gold ids (they are ignored)."""
    if gold_ids.issuperset(predicted):
        return
    unknown = [qid for qid in predicted if qid not in gold_ids]
    warn_unknown_count(len(unknown), unknown[:3], source, diag)


def warn_cut_clashes(count: int, examples: Iterable[str], source: Any, diag: Diagnostics) -> None:
    """One warning when ``count`` prediction keys come to an id that an
    earlier key (in the order of their first entries) came to once cut
    after their last ``_`` (``examples``: the first of them)."""
    if count:
        diag.warn(
            f"{count} prediction key(s) come to an id already predicted once the part before "
            f"the last '_' is dropped ({format_examples(map(repr, examples), total=count)}); "
            "the later key wins, as in the official script",
            path=source,
        )


def warn_unknown_count(count: int, examples: list[str], source: Any, diag: Diagnostics) -> None:
    """:func:`warn_unknown_predictions` from the number of unknown ids and
    the first three of them."""
    if count:
        shown_ids = format_examples(map(repr, examples[:3]), total=count)
        diag.warn(
            f"{count} prediction id(s) are not in the gold and are ignored ({shown_ids})",
            path=source_name(source),
            extra=True,
        )


def token_counts(text: str) -> tuple[Counter[str], int]:
    """Counts of the whitespace tokens of a normalized text, and their number.

    >>> token_counts("new york new")
    (Counter({'new': 2, 'york': 1}), 3)
    """
    tokens = text.split()
    return Counter(tokens), len(tokens)


def normalizer(preset: str, lang: str | None = None) -> Callable[[str], str]:
    """The steps of a normalization preset composed into one function (what
    :func:`answermatch.normalization.normalize` applies, without its per-call
    look-ups; the XOR presets are single-pass).

    >>> normalizer("xor-full")("人口 1,000人!")
    '口 1000'
    """
    spec = PRESETS[preset]
    if getattr(spec, "until_stable", False):
        raise ValueError(f"preset {preset!r} is iterative; use answermatch.normalize")
    steps = spec.build(lang)

    def normalize(text: str) -> str:
        for step in steps:
            text = step(text)
        return text

    return normalize


def mecab_failure(
    exc: ValueError,
    qid: str,
    prediction: str,
    answers: Sequence[str],
    inputs: Any,
    line: int | None,
) -> InputError:
    """The error for a question MeCab could not segment: MeCab's length
    limit, or a lone surrogate (a ``"\\ud800"`` escape), which MeCab cannot
    take either (nor can the official script). The file blamed is the one
    holding the text: the gold when one of the question's answers fails on
    its own, else the predictions."""
    if isinstance(exc, UnicodeEncodeError):
        bad = exc.object[exc.start : exc.end]  # type: ignore[index]
        if bad in prediction:
            return InputError(
                f"the prediction for question {qid!r} holds a lone surrogate "
                f"({bad.encode('unicode_escape').decode()}), which MeCab cannot segment "
                "(the official script fails on it too)",
                path=inputs.pred_name,
            )
        return InputError(f"question {qid!r}: {exc}", path=inputs.gold_name, line=line)
    from ...tokenizers import get_tokenizer

    wakati = get_tokenizer("ja").wakati  # type: ignore[attr-defined]
    for answer in answers:
        try:
            wakati(answer)
        except ValueError:
            return InputError(f"question {qid!r}: {exc}", path=inputs.gold_name, line=line)
    return InputError(f"the prediction for question {qid!r}: {exc}", path=inputs.pred_name)
