"""Reading SQuAD-format gold and predictions (SQuAD v1.1/v2.0, MLQA, XQuAD).

Gold is read by :mod:`answermatch.formats.squad` (the official layout
``{"version": ..., "data": [articles]}`` or its ``data`` list; rows as
Hugging Face ``datasets`` gives them, as a Python list, a JSON list, JSON
Lines or Parquet), as SQuAD's scripts read it; this module adds the
language a file's name states (MLQA, XQuAD).

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

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from math import isnan
from numbers import Real
from typing import Any

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...formats.squad import (
    SQUAD,
    Kept,
    Question,
    SquadFile,
    kept_predictions,
    load,
    read,
    refuse_gold_as_predictions,
    row_where,
    short,
)
from ...sources import is_path, source_name

__all__ = [
    "Predictions",
    "Question",
    "SpanGold",
    "read_gold",
    "read_na_probs",
    "read_predictions",
]


@dataclass
class SpanGold(SquadFile):
    """A SQuAD-format gold (:class:`~answermatch.formats.squad.SquadFile`)
    with the language named by the file name (``xquad.de.json``, MLQA's
    ``dev-context-de-question-en.json``) and the one whose rules apply."""

    file_lang: str | None = None
    #: the language whose rules apply, once the task has decided it
    lang: str | None = None


@dataclass
class Predictions:
    """Predicted texts by id (in file order) and, where the predictions
    carried them (SQuAD v2.0 rows), no-answer probabilities by id."""

    texts: dict[str, str]
    name: str
    probs: dict[str, float] | None = None
    lines: dict[str, int] = field(default_factory=dict)
    #: predictions that are not strings, by id: an error for a gold id (the
    #: official scripts call ``.lower()`` on it), ignored like any other
    #: unknown id otherwise (the scripts never read them)
    others: dict[str, Any] = field(default_factory=dict)

    def refuse_others(self, ids: set[str]) -> None:
        """The error for the first prediction of a gold id in ``ids`` that
        is not a string, if any."""
        for qid, value in self.others.items():
            if qid in ids:
                raise InputError(
                    f"the prediction for {qid!r} must be a string, found {short(value)} "
                    "(the official script calls .lower() on it)",
                    path=self.name,
                    line=self.lines.get(qid),
                )


_LANG_IN_NAME = (
    re.compile(r"context-([a-z]{2})-question-[a-z]{2}"),  # MLQA: answers are in the context's
    re.compile(r"xquad\.([a-z]{2})\."),
    # any other name ending in one of MLQA's or XQuAD's language codes
    re.compile(r"[._-](ar|de|el|en|es|hi|ro|ru|th|tr|vi|zh)\.json(?:l|\.gz|l\.gz)?$"),
)


def lang_from_name(name: str) -> str | None:
    """The answer language a file's name states, if any.

    >>> lang_from_name("data/xquad.de.json"), lang_from_name("dev-context-zh-question-en.json")
    ('de', 'zh')
    >>> lang_from_name("examples/mlqa/dev.de.json"), lang_from_name("dev-v1.1.json") is None
    ('de', True)
    """
    base = os.path.basename(name)
    for pattern in _LANG_IN_NAME:
        match = pattern.search(base)
        if match:
            return match.group(1)
    return None


# --- gold -------------------------------------------------------------------------


def read_gold(source: Any, diag: Diagnostics) -> SpanGold:
    """The questions of a SQuAD-format gold (path or object), checked by
    :func:`answermatch.formats.squad.read` (an answer text stored as a
    number is kept: the official scripts stop on it only when it is scored),
    with the language its file name states."""
    gold = read(source, diag, SQUAD, SpanGold)
    gold.file_lang = lang_from_name(gold.name) if is_path(source) else None
    return gold


# --- predictions ------------------------------------------------------------------


def read_predictions(
    source: Any,
    diag: Diagnostics,
    *,
    probabilities: bool = False,
    keep: set[str] | None = None,
) -> Predictions:
    """Predicted texts by id: ``{id: text}`` or rows ``{"id", "prediction_text"}``
    (with ``probabilities``, rows may carry ``no_answer_probability``).

    A text that is not a string is kept aside (:attr:`Predictions.others`):
    the task refuses it for a gold id (the official scripts call ``.lower()``
    on it) and ignores it otherwise, as they do. An id given twice keeps the
    last text, with a warning (as Python's ``json`` keeps the last value of
    a repeated key).

    ``keep``, the gold's ids: a file ``{id: text}`` is read in parts and
    keeps only their predictions, counting the others (``texts`` is then a
    :class:`~answermatch.formats.squad.Kept`), so that a file of many other
    ids is never held whole (:func:`~answermatch.formats.squad.kept_predictions`;
    any other file is read whole, with the same values, errors and warnings).
    """
    name = source_name(source)
    kept = kept_predictions(source, keep, diag)
    if kept is not None and kept.nulls:  # set aside, as read whole (an error for a gold id)
        others = {key: text for key, text in kept.items() if type(text) is not str}
        texts = Kept(
            {key: text for key, text in kept.items() if type(text) is str},
            dropped=kept.dropped,
            dropped_ids=kept.dropped_by_type,
        )
        return Predictions(texts, name, others=others)
    if kept is not None:
        return Predictions(kept, name)
    data, _, row_lines = load(source, diag, "predictions")
    refuse_gold_as_predictions(data, name)
    if isinstance(data, Mapping) and not ("id" in data and "prediction_text" in data):
        if type(data) is dict and _only(str, data.values()) and _only(str, data):
            return Predictions(dict(data), name)  # the official layout, as parsed
        texts: dict[str, str] = {}
        others: dict[str, Any] = {}
        for key, value in data.items():
            (texts if isinstance(value, str) else others)[str(key)] = value
        return Predictions(texts, name, others=others)
    rows = [data] if isinstance(data, Mapping) else data
    if not isinstance(rows, list):
        raise InputError(
            'expected {id: text} or a list of {"id", "prediction_text"}, '
            f"not a {type(data).__name__}",
            path=name,
        )
    texts, probs, lines, others = {}, {}, {}, {}
    for index, row in enumerate(rows):
        line = row_lines[index] if row_lines is not None else None
        if not isinstance(row, Mapping) or "id" not in row or "prediction_text" not in row:
            raise InputError(
                f"{row_where(index)}: expected an object with 'id' and 'prediction_text', "
                f"found {short(row)}",
                path=name,
                line=line,
            )
        qid, text = row["id"], row["prediction_text"]
        where = row_where(index, qid)
        if not isinstance(qid, str):
            raise InputError(f"{where}: 'id' must be a string, found {qid!r}", path=name, line=line)
        if qid in texts or qid in others:
            diag.warn(f"{where}: id given again; the last prediction is kept", path=name, line=line)
            texts.pop(qid, None)
            others.pop(qid, None)
        if line is not None:
            lines[qid] = line
        if not isinstance(text, str):
            others[qid] = text
            probs.pop(qid, None)
            continue
        texts[qid] = text
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
    warn_nan(probs, name, diag)
    return Predictions(texts, name, probs or None, lines, others)


def _only(kind: type, values: Iterable[Any]) -> bool:
    """Whether every value is exactly of type ``kind`` (a subclass is not).

    >>> _only(str, ["a", "b"]), _only(float, [1.0, True])
    (True, False)
    """
    return set(map(type, values)) <= {kind}


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
    if not isinstance(value, Real):
        raise InputError(
            f"{where}: a no-answer probability must be a number, found {short(value)}",
            path=name,
            line=line,
        )
    return float(value)  # NaN included: see warn_nan


def warn_nan(probs: Mapping[str, float], name: str, diag: Diagnostics) -> None:
    """One warning for the NaN probabilities, which the official script
    takes: ``NaN > threshold`` is false, so such a question never abstains,
    and its sort of the probabilities leaves NaN where the comparisons put
    it, so a best threshold can come out NaN."""
    nans = [k for k, v in probs.items() if v != v]
    if nans:
        diag.warn(
            f"{len(nans)} no-answer probabilit{'y is' if len(nans) == 1 else 'ies are'} NaN "
            f"({format_examples(map(repr, nans))}): the official script never counts such a "
            "question as abstaining and sorts the probabilities with NaN where Python's sort "
            "leaves it (a best threshold can be NaN)",
            path=name,
        )


def read_na_probs(source: Any, diag: Diagnostics) -> dict[str, float]:
    """The ``na_prob`` option: ``{id: probability that the question has no
    answer}`` from a JSON file (SQuAD v2.0's ``--na-prob-file``) or a dict.
    The order of the ids is kept: the official best-threshold search sorts
    them stably, so ties keep this order."""
    name = source_name(source)
    if is_path(source):
        data, _, _ = load(source, diag, "na_prob")
    else:
        data = source
    if not isinstance(data, Mapping):
        raise InputError(
            f"na_prob must be a JSON object {{id: probability}}, not a {type(data).__name__}",
            path=name,
        )
    floats = type(data) is dict and _only(float, data.values())
    if floats and _only(str, data) and not any(map(isnan, data.values())):
        return dict(data)  # the common case: a JSON object of floats
    probs = {
        str(k): _probability(v, f"na_prob of {k!r}", name, None, diag) for k, v in data.items()
    }
    warn_nan(probs, name, diag)
    return probs
