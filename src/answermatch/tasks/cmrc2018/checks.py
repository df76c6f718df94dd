"""Gold checks of ``cmrc2018``: the generic ones plus span checks.

``answer-start`` (warning): an ``answer_start`` (SQuAD layout, datasets
rows) where the passage does not hold the answer text. ``not-in-context``
(info): an answer of the original layout (no offsets) that its passage does
not contain, even without the leading and trailing characters the script
deletes (an added ``。`` is no finding). ``numeric-answer`` (warning): an answer stored as a JSON
number, compared as ``str()`` of it (``39764.0``: a spreadsheet date serial
in CMRC 2018 dev). ``no-answer`` (error): a question without answers (the
script fails on it when it has a prediction). ``normalizes-empty``: an
answer the script's EM key empties (only characters of its list).
Repeated ids are warnings: the script scores each occurrence. A repeated
answer is not reported: CMRC 2018 and DRCD list every annotator's answer,
and they mostly agree.

>>> from answermatch.checks import GoldFile
>>> from .data import read_gold
>>> from answermatch.diagnostics import Diagnostics
>>> gold = read_gold([{"id": "q1", "context": "北京是首都",
...                    "answers": {"text": ["首都", "——"], "answer_start": [3, 0]}}],
...                  Diagnostics())
>>> found = GoldFile("<object>", list(entries(gold)))
>>> [f.code for f in GOLD_CHECKS.run(found)]
['answer-start', 'not-in-context']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...checks import (
    Entry,
    Finding,
    GoldChecks,
    GoldFile,
    check_empty_variant,
    check_ids,
    check_normalizes_empty,
    quoted,
)
from ...normalization.steps import case_mapped, in_letters, pieces
from .data import Gold
from .rules import PUNCTUATION, em_key

__all__ = ["GOLD_CHECKS", "SpanEntry", "entries"]


@dataclass
class SpanEntry(Entry):
    """An :class:`~answermatch.checks.Entry` with what the span checks need."""

    raw: tuple[Any, ...] = ()
    starts: tuple[Any, ...] = ()
    context: str | None = None
    where: str = ""


def entries(gold: Gold) -> Iterator[SpanEntry]:
    """The gold's questions as check entries, with their lines where known."""
    for q in gold.questions:
        yield SpanEntry(
            q.id,
            gold.line(q),
            q.texts,
            "zh",
            raw=q.raw,
            starts=q.starts,
            context=q.context,
            where=gold.where(q),
        )


def _spans(gold: GoldFile) -> Iterator[SpanEntry]:
    return (e for e in gold.entries if isinstance(e, SpanEntry))


def _finding(gold: GoldFile, entry: Entry, severity: str, code: str, message: str) -> Finding:
    return Finding(severity, gold.name, entry.line, code, f"{entry.id}: {message}")


def check_answer_start(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """An offset that does not point at its answer; an answer not in its passage."""
    for entry in _spans(gold):
        context = entry.context
        if context is None:
            continue
        for text, start in zip(entry.variants, entry.starts, strict=True):
            if not text.strip():
                continue
            absent = False  # the passage lacks the answer: an info finding after the rest
            if start is None:
                absent = _core(text) not in context
            elif not isinstance(start, int) or isinstance(start, bool):
                yield _finding(
                    gold,
                    entry,
                    "warning",
                    "answer-start",
                    f"answer_start {start!r} of {quoted(text)} is not an integer",
                )
            elif context[start : start + len(text)] != text:
                found = context.find(text)
                hint = f"the text is at {found}" if found >= 0 else "the passage does not hold it"
                yield _finding(
                    gold,
                    entry,
                    "warning",
                    "answer-start",
                    f"answer_start {start} does not point at {quoted(text)} "
                    f"(it points at {quoted(context[start : start + len(text)])}; {hint})",
                )
                absent = found < 0
            if absent:
                yield _finding(
                    gold,
                    entry,
                    "info",
                    "not-in-context",
                    f"the answer {quoted(text)} is not in its passage",
                )


def _core(text: str) -> str:
    """``text`` without the leading and trailing characters that the script
    deletes before comparing (its list, :data:`~.rules.PUNCTUATION`) and
    spaces: an answer the passage holds but for an added ``。`` scores the
    same as the passage's text, so it is no finding.

    >>> _core("因是一个内陆国家。"), _core("《三国演义》")
    ('因是一个内陆国家', '三国演义')
    """
    return text.strip(PUNCTUATION + " \t\n\u3000") or text


def check_numeric_answer(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """Answers stored as JSON numbers (compared as their ``str()``)."""
    for entry in _spans(gold):
        for value, text in zip(entry.raw, entry.variants, strict=True):
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                yield _finding(
                    gold,
                    entry,
                    "warning",
                    "numeric-answer",
                    f"the answer {value!r} is a JSON number; the script compares its str() "
                    f"{quoted(text)} (a spreadsheet conversion? store the text of the passage)",
                )
            elif not isinstance(value, str):
                yield _finding(
                    gold,
                    entry,
                    "warning",
                    "numeric-answer",
                    f"the answer {value!r} is not a string; the script compares {quoted(text)}",
                )


def check_no_answer(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """A question without any answer (the script fails on it if it is predicted)."""
    for entry in gold.entries:
        if not entry.variants:
            yield _finding(
                gold,
                entry,
                "error",
                "no-answer",
                "the question has no answer: the official script fails when it is predicted",
            )


def _normalize(text: str, lang: str | None) -> str:
    return em_key(text)


_DELETE = str.maketrans("", "", PUNCTUATION)
#: Where :func:`_normalized_parts` cuts a long text.
_CUTS = in_letters()


def _normalized_parts(text: str, lang: str | None) -> Iterator[str]:
    """:func:`_normalize` (:func:`~.rules.em_key`: lowered, stripped, the
    list deleted) of a long text in parts that make it up: the text cut
    just before whitespace (:func:`~answermatch.normalization.steps.pieces`),
    or inside a run of ASCII letters (:func:`~answermatch.normalization.steps.in_letters`:
    16 letters at least on each side), each piece lowered (``str.lower``
    reads no further than the next character that is cased or
    case-ignorable, which whitespace is not and an ASCII letter is) and its
    list deleted, the leading whitespace of the whole dropped and
    whitespace held until a part that is not blank follows it (the strip).

    >>> "".join(_normalized_parts("  《ABC》 Def ", None)) == em_key("  《ABC》 Def ")
    True
    """
    started = False
    held = ""  # whitespace that the strip drops unless something follows
    for piece in pieces(text, _CUTS):
        low = case_mapped(piece, str.lower)
        if not started:
            low = low.lstrip()
            if not low:
                continue
            started = True
        body = low.rstrip()
        if body:
            yield held.translate(_DELETE)
            yield body.translate(_DELETE)
            held = low[len(body) :]
        else:
            held += low


GOLD_CHECKS = GoldChecks(
    (
        check_ids,
        check_no_answer,
        check_empty_variant,
        check_normalizes_empty,
        check_answer_start,
        check_numeric_answer,
    ),
    normalize=_normalize,
    normal_parts=_normalized_parts,
    duplicate_id_severity="warning",
)
