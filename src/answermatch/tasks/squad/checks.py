"""Gold checks for span datasets (SQuAD, MLQA, XQuAD): the records and the
task-specific checks ``check-gold`` runs besides :mod:`answermatch.checks`.

>>> gold = GoldFile("dev.json", [SpanEntry("q1", 3, ("Paris",), "en", starts=(4,),
...                                        context="in Paris", raw=("Paris",))])
>>> gold.entries[0].starts = (3,)
>>> [f.code for f in check_answer_start(gold, GoldChecks(()))]
[]
>>> gold.entries[0].starts = (4,)
>>> [f.code for f in check_answer_start(gold, GoldChecks(()))]
['answer-start']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ...checks import Entry, Finding, GoldChecks, GoldFile, NormalParts, per_entry, quoted
from ...normalization.steps import starts_in_word

__all__ = [
    "SpanEntry",
    "check_answer_start",
    "check_no_answer",
    "check_number_answer",
    "normalized_parts",
    "normalizes_empty_check",
]


@dataclass
class SpanEntry(Entry):
    """An :class:`~answermatch.checks.Entry` (its ``variants``: the distinct
    answer texts) with what span checks need: every answer as stored
    (``raw``: a number stays a number), their ``answer_start`` offsets and
    the context."""

    starts: tuple[Any, ...] = ()
    context: str | None = None
    raw: tuple[Any, ...] = ()


def _finding(gold: GoldFile, entry: Entry, severity: str, code: str, message: str) -> Finding:
    return Finding(severity, gold.name, entry.line, code, f"{entry.id}: {message}")


@per_entry
def check_answer_start(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """An ``answer_start`` that does not point at the answer's text in the
    context (the span a reader model is trained on is then another one)."""
    for entry in gold.entries:
        context = getattr(entry, "context", None)
        if context is None:
            continue
        raw = getattr(entry, "raw", ())
        for text, start in zip(raw, getattr(entry, "starts", ()), strict=False):
            if start is None or not isinstance(text, str) or not text:
                continue
            if not isinstance(start, int) or isinstance(start, bool):
                yield _finding(
                    gold, entry, "warning", "answer-start",
                    f"answer_start {start!r} of {quoted(text)} is not an integer",
                )  # fmt: skip
            elif context[start : start + len(text)] != text:
                found = context.find(text)
                hint = (
                    f" (the text first occurs at {found})"
                    if found >= 0
                    else (" (the text does not occur in the context)")
                )
                yield _finding(
                    gold, entry, "warning", "answer-start",
                    f"answer_start {start} does not point at {quoted(text)}: the context has "
                    f"{quoted(context[start : start + len(text)])} there{hint}",
                )  # fmt: skip


@per_entry
def check_number_answer(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """An answer text stored as a JSON number: the official scripts stop on it."""
    for entry in gold.entries:
        for value in getattr(entry, "raw", ()):
            if not isinstance(value, str):
                yield _finding(
                    gold, entry, "error", "number-answer",
                    f"answer text {value!r} is a JSON number, not a string: the official "
                    "script stops on it (.lower() of a number); write it as a string",
                )  # fmt: skip


@per_entry
def check_no_answer(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
    """A question without gold answers, which SQuAD v1.1, MLQA and KorQuAD cannot score."""
    for entry in gold.entries:
        if not entry.variants:
            yield _finding(
                gold, entry, "error", "no-answer",
                "no gold answer: the official script stops when it is predicted (max() of "
                "an empty list); SQuAD v2.0 data is scored by squad-v2",
            )  # fmt: skip


def normalizes_empty_check(consequence: str) -> Callable[[GoldFile, GoldChecks], Iterator[Finding]]:
    """The check for answers that the task's normalization empties, with the
    task's own consequence in the message."""

    @per_entry
    def check_normalizes_empty(gold: GoldFile, rules: GoldChecks) -> Iterator[Finding]:
        for entry in gold.entries:
            for variant in entry.variants:
                if not any(rules.normal_form(variant, entry.lang)):
                    yield _finding(
                        gold, entry, "warning", "normalizes-empty",
                        f"{quoted(variant)} normalizes to nothing: {consequence}",
                    )  # fmt: skip

    check_normalizes_empty.__doc__ = "A gold answer that normalizes to nothing."
    return check_normalizes_empty


def normalized_parts(rules: Any) -> NormalParts:
    """``rules.normalized(text, lang)`` (a
    :class:`~answermatch.tasks.squad.SpanRules`: the tokens joined by
    spaces) in parts, for :attr:`~answermatch.checks.GoldChecks.normal_parts`:
    a long text's tokens made a piece at a time where the rules read it in
    pieces (:meth:`~answermatch.tasks.squad.SpanRules.long_pieces`: the
    pieces' tokens, one after the other, are the whole text's), a space
    between the tokens of two pieces but where a piece starts inside a word.

    >>> from answermatch.tasks.squad import PROFILES
    >>> list(normalized_parts(PROFILES["official"])("The cat, the hat.", None))
    ['cat hat']
    """

    def parts(text: str, lang: str | None) -> Iterator[str]:
        lang = lang or "en"
        tokens = rules.tokenizer(lang)
        cut = rules.long_pieces(lang)
        if cut is None:
            yield " ".join(tokens(text))
            return
        between = ""
        for piece in cut(text):
            words = " ".join(tokens(piece))
            if words:
                if between and not starts_in_word(piece):
                    yield between
                yield words
                between = " "

    return parts
