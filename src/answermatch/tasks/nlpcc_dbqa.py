"""NLPCC-ICCPOL 2016 DBQA (Chinese answer-sentence selection): MRR and MAP.

Gold is the test file, one ``question\\tsentence\\tlabel`` line per candidate
sentence (label ``1`` = the sentence answers the question, ``0`` = not).
Predictions are a score file with one number per line, line *i* scoring
test line *i*; higher means more likely to be an answer.

The organisers' scorer was never published; the ``official`` profile follows
the task guideline (NLPCC-ICCPOL 2016 open-domain QA overview,
doi:10.1007/978-3-319-50496-4_89):

- a question's sentences are ranked by descending score;
- ``mrr``: mean over questions of ``1 / rank`` of the first correct sentence
  (0 when none is correct);
- ``map``: mean of ``AveP = sum_k P(k) rel(k) / min(m, n)``, with ``m`` the
  question's correct sentences, ``n`` its ranked sentences and ``P(k)`` the
  precision of the top ``k`` (``AveP = 0`` when ``min(m, n) = 0``). Since
  every sentence is ranked, ``min(m, n) = m`` here: the usual IR AP.

What public re-implementations disagree on is an option here (defaults in the
profile):

- ``grouping="consecutive"`` (default): a question is a run of consecutive
  lines with the same question text; the files are streamed and only one
  question is held in memory. ``grouping="text"`` gathers all lines with the
  same question text wherever they are; it holds every question in memory.
  Under ``consecutive``, a question text that comes back after another
  question is scored as a new question, with a warning.
- ``ties="input"`` (default): equal scores keep the file order;
  ``"pessimistic"`` puts incorrect sentences first among equal scores,
  ``"optimistic"`` correct ones (they bracket every other order).
- ``skip_no_positive=False`` (default): a question without any correct
  sentence counts as 0 in both means; ``True`` leaves it out (and out of the
  items).
- ``lenient_labels=False`` (default): a label other than ``0``/``1`` is an
  error; ``True`` reads the letter ``O``/``o`` (a typo in the guideline's own
  example) as ``0`` with one warning; any other label is still an error.

Profile ``fair``: the same, except ``ties="pessimistic"`` by default (an
explicit ``ties`` option still wins), so equal scores never profit from the
order of the test file.

Input rules: the test file has exactly three TAB-separated columns; the score
file has exactly as many lines as the test file and every score is a finite
number; both are UTF-8 (a leading byte-order mark is dropped with a warning)
with LF or CRLF line ends, plain or ``.gz``.

Items: one per question, in file order: ``id`` (1-based question number),
``question``, ``line`` (its first line), ``score`` (reciprocal rank),
``ap``, ``rank`` (of the first correct sentence, or ``None``),
``n_sentences``, ``n_correct``.

>>> from answermatch.diagnostics import Diagnostics
>>> gold = [("q1", "s1", 0), ("q1", "s2", 1), ("q2", "s3", 1), ("q2", "s4", 0)]
>>> r = evaluate(gold, [0.9, 0.1, 0.3, 0.2], profile="official", diag=Diagnostics())
>>> r.scores
{'mrr': 75.0, 'map': 75.0}
>>> [(i["id"], i["rank"], i["ap"]) for i in r.items]
[(1, 2, 0.5), (2, 1, 1.0)]
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostics
from ..errors import InputError
from ..progress import progress
from ..ranking import (
    AP_DENOMINATORS,
    TIE_POLICIES,
    average_precision,
    first_relevant_rank,
    rank,
    reciprocal_rank,
)
from ..result import Result
from ..signature import make_signature
from ..sources import is_path, source_name
from .base import TaskSpec

NAME = "nlpcc-dbqa"


@dataclass(frozen=True)
class DbqaProfile:
    """Settings of one scoring profile (the options' defaults).

    ``grouping``: a key of :data:`GROUPINGS`; ``ties``: a key of
    :data:`answermatch.ranking.TIE_POLICIES`; ``ap_denominator``: a key of
    :data:`answermatch.ranking.AP_DENOMINATORS`.
    """

    grouping: str = "consecutive"
    ties: str = "input"
    skip_no_positive: bool = False
    lenient_labels: bool = False
    ap_denominator: str = "min"


#: ``fair`` ranks equal scores pessimistically (incorrect sentences first):
#: a system is never rewarded for the order of the input file, and a system
#: that gives every sentence the same score gets the lowest figures possible.
PROFILES: dict[str, DbqaProfile] = {
    "official": DbqaProfile(),
    "fair": DbqaProfile(ties="pessimistic"),
}

# a row is (line number, question text, score, correct)
Row = tuple[int, str, float, bool]
# a group is (question text, first line, [(score, correct), ...])
Group = tuple[str, int, list[tuple[float, bool]]]


# ---------------------------------------------------------------- reading


def _bad_utf8_line(path: str) -> tuple[int, str]:
    """Line number and description of the first invalid UTF-8 byte (slow path)."""
    opener: Callable[..., Any] = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as fh:
        for number, raw in enumerate(fh, start=1):
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                return number, f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); expected UTF-8 text"
    return 0, "invalid UTF-8"  # pragma: no cover - the decoder failed, so a line is bad


def iter_lines(path: str | os.PathLike[str], diag: Diagnostics) -> Iterator[str]:
    """The lines of a text file (plain or ``.gz``), line ends removed, streamed.

    A byte-order mark at the start is dropped with a warning; invalid UTF-8
    is an error naming the line.
    """
    name = os.fspath(path)
    opener: Callable[..., Any] = gzip.open if name.endswith(".gz") else open
    if not Path(name).exists():
        raise InputError("no such file", path=name)
    if Path(name).is_dir():
        raise InputError("is a directory, expected a file", path=name)
    try:
        with opener(name, "rt", encoding="utf-8", newline="\n") as fh:
            first = fh.readline()
            if first.startswith("\ufeff"):
                diag.warn("byte-order mark at the start of the file ignored", path=name, line=1)
                first = first[1:]
            if first:
                yield first.rstrip("\r\n")
            for line in fh:
                yield line.rstrip("\r\n")
    except UnicodeDecodeError:
        number, message = _bad_utf8_line(name)
        raise InputError(message, path=name, line=number) from None
    except (OSError, EOFError) as exc:
        raise InputError(f"cannot read file ({exc})", path=name) from None


def _gold_fields(source: Any, diag: Diagnostics) -> Iterator[tuple[str, Any]]:
    """``(question, raw label)`` per test line, columns checked."""
    name = source_name(source)
    if is_path(source):
        for number, line in enumerate(iter_lines(source, diag), start=1):
            parts = line.split("\t")
            if len(parts) != 3:
                raise InputError(
                    f"expected 3 TAB-separated columns (question, sentence, label), "
                    f"got {len(parts)}",
                    path=name,
                    line=number,
                )
            yield parts[0], parts[2]
        return
    for number, row in enumerate(source, start=1):
        if isinstance(row, str) or not hasattr(row, "__len__") or len(row) != 3:
            raise InputError(
                f"expected a (question, sentence, label) triple, got {row!r}",
                path=name,
                line=number,
            )
        yield row[0], row[2]


def _score_values(source: Any, diag: Diagnostics) -> Iterator[Any]:
    return iter_lines(source, diag) if is_path(source) else iter(source)


def _count(rest: Iterator[Any]) -> int:
    return sum(1 for _ in rest)


def _label(raw: Any, lenient: bool, name: str, number: int, letter_o: list[int]) -> bool:
    """Read a label; slow path for anything but the strings ``"0"``/``"1"``."""
    if isinstance(raw, (bool, int)) and raw in (0, 1):
        return bool(raw)
    text = raw.strip() if isinstance(raw, str) else raw
    if text in ("0", "1"):
        return text == "1"
    if lenient and text in ("O", "o"):
        letter_o.append(number)
        return False
    hint = " (option lenient_labels=True reads the letter O as 0)" if text in ("O", "o") else ""
    raise InputError(f"expected the label 0 or 1, got {raw!r}{hint}", path=name, line=number)


def _bad_score(raw: Any, name: str, number: int) -> InputError:
    return InputError(
        f"expected a finite number (one score per line), got {raw!r}", path=name, line=number
    )


def _mismatch(
    n_scores: int, n_gold: int, gold_name: str, pred_name: str, line: int | None
) -> InputError:
    lines = "line" if n_scores == 1 else "lines"
    return InputError(
        f"the score file has {n_scores} {lines} but the test file {gold_name} has {n_gold}: "
        "expected one score per test line",
        path=pred_name,
        line=line,
    )


_END = object()


def iter_rows(
    gold: Any, predictions: Any, profile: DbqaProfile, diag: Diagnostics
) -> Iterator[Row]:
    """Read the test and score files together, line by line, checking both."""
    gold_name, pred_name = source_name(gold), source_name(predictions)
    gold_rows = _gold_fields(gold, diag)
    scores = _score_values(predictions, diag)
    letter_o: list[int] = []
    number = 0
    for number, (question, raw_label) in enumerate(gold_rows, start=1):
        raw_score = next(scores, _END)
        if raw_score is _END:
            raise _mismatch(number - 1, number + _count(gold_rows), gold_name, pred_name, None)
        if raw_label == "1":
            correct = True
        elif raw_label == "0":
            correct = False
        else:
            correct = _label(raw_label, profile.lenient_labels, gold_name, number, letter_o)
        try:
            score = float(raw_score)
        except (TypeError, ValueError):
            raise _bad_score(raw_score, pred_name, number) from None
        if score - score != 0.0 or isinstance(raw_score, bool):  # NaN or infinite
            raise _bad_score(raw_score, pred_name, number)
        yield number, question, score, correct
    extra = _count(scores)
    if extra:
        raise _mismatch(number + extra, number, gold_name, pred_name, number + 1)
    if not number:
        raise InputError("the test file has no lines", path=gold_name)
    if letter_o:
        diag.warn(
            f"the letter O read as label 0 on {len(letter_o)} line(s) "
            f"(lenient_labels=True); first: line {letter_o[0]}",
            path=gold_name,
            line=letter_o[0],
        )


# ---------------------------------------------------------------- grouping


def group_consecutive(rows: Iterable[Row], diag: Diagnostics, name: str) -> Iterator[Group]:
    """Runs of consecutive rows with the same question text; one in memory at a time.

    A text that comes back after another question starts a new question
    (and is reported once, with a count, through ``diag``).
    """
    seen: dict[int, int] = {}  # hash of a finished question's text -> its first line
    repeats: list[tuple[int, int]] = []
    question: str | None = None
    first = 0
    pairs: list[tuple[float, bool]] = []
    for number, text, score, correct in rows:
        if text != question:
            if question is not None:
                yield question, first, pairs
            key = hash(text)
            if key in seen:
                repeats.append((number, seen[key]))
            else:
                seen[key] = number
            question, first, pairs = text, number, []
        pairs.append((score, correct))
    if question is not None:
        yield question, first, pairs
    if repeats:
        line, earlier = repeats[0]
        diag.warn(
            f"{len(repeats)} question(s) repeat the text of an earlier, separate group "
            f"(first: line {line}, seen at line {earlier}); grouping='consecutive' scores "
            "them as separate questions, grouping='text' would merge them",
            path=name,
            line=line,
        )


def group_by_text(rows: Iterable[Row], diag: Diagnostics, name: str) -> Iterator[Group]:
    """All rows with the same question text, wherever they are (held in memory)."""
    groups: dict[str, Group] = {}
    for number, text, score, correct in rows:
        group = groups.get(text)
        if group is None:
            group = groups[text] = (text, number, [])
        group[2].append((score, correct))
    yield from groups.values()


#: grouping name -> function turning rows into question groups
GROUPINGS: dict[str, Callable[[Iterable[Row], Diagnostics, str], Iterator[Group]]] = {
    "consecutive": group_consecutive,
    "text": group_by_text,
}


# ---------------------------------------------------------------- scoring


def _settings(profile: str, options: dict[str, Any]) -> DbqaProfile:
    settings = replace(PROFILES[profile], **{k: v for k, v in options.items() if v is not None})
    for key, registry in (
        ("grouping", GROUPINGS),
        ("ties", TIE_POLICIES),
        ("ap_denominator", AP_DENOMINATORS),
    ):
        value = getattr(settings, key)
        if value not in registry:
            raise InputError(f"option {key}: expected one of {', '.join(registry)}, got {value!r}")
    for key in ("skip_no_positive", "lenient_labels"):
        if not isinstance(getattr(settings, key), bool):
            raise InputError(
                f"option {key}: expected true or false, got {getattr(settings, key)!r}"
            )
    return settings


def evaluate(
    gold: Any,
    predictions: Any,
    *,
    profile: str,
    diag: Diagnostics,
    grouping: str | None = None,
    ties: str | None = None,
    skip_no_positive: bool | None = None,
    lenient_labels: bool | None = None,
) -> Result:
    """Score DBQA sentence scores against the test file (see the module documentation)."""
    settings = _settings(
        profile,
        {
            "grouping": grouping,
            "ties": ties,
            "skip_no_positive": skip_no_positive,
            "lenient_labels": lenient_labels,
        },
    )
    rows = iter_rows(gold, predictions, settings, diag)
    if diag.progress:
        rows = progress(rows, desc=NAME)
    groups = GROUPINGS[settings.grouping](rows, diag, source_name(gold))

    items: list[dict[str, Any]] = []
    total_rr = total_ap = 0.0
    for index, (question, first, pairs) in enumerate(groups, start=1):
        ranked = rank(pairs, settings.ties)  # type: ignore[arg-type]
        n_correct = sum(ranked)
        if not n_correct and settings.skip_no_positive:
            continue
        rr = reciprocal_rank(ranked)
        ap = average_precision(ranked, denominator=settings.ap_denominator)  # type: ignore[arg-type]
        total_rr += rr
        total_ap += ap
        items.append(
            {
                "id": index,
                "question": question,
                "line": first,
                "score": rr,
                "ap": ap,
                "rank": first_relevant_rank(ranked),
                "n_sentences": len(ranked),
                "n_correct": n_correct,
            }
        )
    if not items:
        raise InputError(
            "no question has a correct sentence, so none is left to score (skip_no_positive=True)",
            path=source_name(gold),
        )
    n = len(items)
    signature = make_signature(
        NAME,
        profile,
        extra={
            "grouping": settings.grouping,
            "ties": settings.ties,
            "no_positive": "skip" if settings.skip_no_positive else "zero",
            "labels": "lenient" if settings.lenient_labels else "0/1",
            "ap": settings.ap_denominator,
        },
    )
    return Result(
        task=NAME,
        profile=profile,
        scores={"mrr": 100.0 * total_rr / n, "map": 100.0 * total_ap / n},
        per_language={},
        n=n,
        signature=signature,
        items=items,
        warnings=tuple(diag.messages),
    )


TASK = TaskSpec(
    name=NAME,
    summary="NLPCC-ICCPOL 2016 DBQA (Chinese answer-sentence selection): MRR and MAP "
    "over each question's sentences ranked by score (task guideline)",
    evaluate=evaluate,
    primary="mrr",
    profiles=tuple(PROFILES),
    languages=("zh",),
    options={
        "grouping": "consecutive (default: runs of lines with the same question, streamed) "
        "or text (same question text anywhere, held in memory)",
        "ties": "order of equal scores: input (official default), pessimistic (incorrect "
        "first; fair default) or "
        "optimistic (correct first)",
        "skip_no_positive": "leave out questions without a correct sentence "
        "(default false: they count as 0)",
        "lenient_labels": "read the letter O as label 0, with a warning (default false: an error)",
    },
)
