"""What ``explain`` shows for a PolEval 2021 QA line: every gold variant
judged alone by the profile's scheme (the number rule with both numbers,
or the fuzzy rule with the distance and the largest distance accepted), the
variant that decided, and the verdict.

>>> from answermatch.diagnostics import Diagnostics
>>> from answermatch.tasks.base import Inputs
>>> [e] = explain_lines(Inputs([["Rysy", "Gerlach"]], ["rys"]), FuzzyAccuracy(), "official")
>>> e.verdict, e.rule, e.variants[0].details["distance"]
('correct', 'variant 1 matched by the fuzzy rule', 1)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from ...explanation import Explanation, TextView, Variant
from ...items import TextColumn
from ...matchers.answers import CountedTokens, JoinedKey
from .fuzzy import BY_PARTS, LONG, FuzzyAccuracy, _cut, _str_pieces, column_pieces
from .geval import HASKELL_SPACE, haskell_words
from .reading import PolEvalGold

__all__ = ["explain_lines"]

_DIGITS = re.compile(r"[0-9]")


def explain_lines(inputs: Any, scheme: FuzzyAccuracy, profile: str) -> Iterator[Explanation]:
    """One :class:`~answermatch.explanation.Explanation` per line of
    ``inputs`` (a :class:`PolEvalGold` or variant lists, and the stripped
    answers), in line order; the line's score is 1 when a variant matches,
    exactly as :meth:`FuzzyAccuracy.judge` decides for the whole line."""
    gold = inputs.gold.variants if isinstance(inputs.gold, PolEvalGold) else inputs.gold
    answers = inputs.predictions
    texts = answers.texts(LONG) if isinstance(answers, TextColumn) else answers
    for number, (variants, answer) in enumerate(zip(gold, texts, strict=True), 1):
        if type(answer) is int:  # a long answer of the column: read from its parts
            answer = _Long.of_column(answers, answer)
        elif len(answer) > LONG:
            answer = _Long.of_str(answer)
        judged = [_variant(scheme, answer, text) for text in variants]
        first = next((k for k, v in enumerate(judged) if v.matched), None)
        if first is None:
            rule = "no variant matched"
        else:
            rule = f"variant {first + 1} matched by the {judged[first].rule} rule"
        score = 0.0 if first is None else 1.0
        yield Explanation(
            "poleval2021",
            profile,
            number,
            "pl",
            _answer_view(scheme, answer),
            tuple(judged),
            rule,
            {"score": score},
            "correct" if score else "wrong",
            {"threshold": scheme.threshold},
        )


@dataclass(frozen=True)
class _Long:
    """A long answer as explain reads it: ``raw`` (the str, or a
    :class:`~answermatch.matchers.answers.JoinedKey` of a column's string,
    not decoded whole), ``pieces()`` (cut just before Haskell spaces) and
    ``parts()`` (cut anywhere, of a bounded size)."""

    raw: str | JoinedKey
    pieces: Callable[[], Iterable[str]]
    parts: Callable[[], Iterable[str]]

    @classmethod
    def of_str(cls, text: str) -> _Long:
        return cls(text, partial(_str_pieces, text), partial(_cut, text))

    @classmethod
    def of_column(cls, column: TextColumn, index: int) -> _Long:
        parts = partial(column.parts, index)
        length = spaces = 0
        for part in parts():
            length += len(part)
            spaces = spaces or HASKELL_SPACE.search(part) is not None
        # a run without a space is one piece: decoded at once when it is read
        # (not extended part by part, which leaves the heap in holes)
        pieces = partial(column_pieces, column, index) if spaces else partial(_whole, column, index)
        return cls(JoinedKey(length, parts, sep=""), pieces, parts)


def _whole(column: TextColumn, index: int) -> Iterator[str]:
    yield column[index]


def _answer_view(scheme: FuzzyAccuracy, answer: str | _Long) -> TextView:
    """The answer as it is shown: as given, case-mapped, and its words.

    An answer of more than :data:`~answermatch.tasks.poleval2021.fuzzy.LONG`
    characters (or bytes, in a column) is read in pieces, as it is judged:
    its case-mapped text is a
    :class:`~answermatch.matchers.answers.JoinedKey` of its parts mapped
    again when written (:data:`~answermatch.tasks.poleval2021.fuzzy.BY_PARTS`),
    and its words, in pieces cut just before a Haskell space, are counted
    (:class:`~answermatch.matchers.answers.CountedTokens`, their order held
    one code a word), not a copy of the answer and a tuple of 8 bytes a
    word and the words themselves (some 15 times the answer); one of a
    column is shown from the column's parts, never decoded whole.

    >>> view = _answer_view(FuzzyAccuracy(), _Long.of_str("Ludwik XIV " * 10_000))
    >>> view.normalized == "ludwik xiv " * 10_000, len(view.tokens)
    (True, 20000)
    """
    by_parts = BY_PARTS.get(scheme.lower)
    if type(answer) is str or by_parts is None:
        text = str(answer.raw if type(answer) is _Long else answer)
        return TextView(text, scheme.lower(text), tuple(haskell_words(text)))
    length = sum(map(len, by_parts(answer.parts())))
    lowered = JoinedKey(length, lambda: by_parts(answer.parts()), sep="")
    words = CountedTokens.of_stretches(map(haskell_words, answer.pieces()))  # read once
    if words is None:  # too many distinct words to code: made again when written
        words = CountedTokens.of_pieces(answer.pieces, haskell_words)
    return TextView(answer.raw, lowered, words)


def _variant(scheme: FuzzyAccuracy, answer: str | _Long, text: str) -> Variant:
    if type(answer) is _Long:
        verdict = scheme.judge_long(answer.pieces, answer.parts, [text])
    else:
        verdict = scheme.judge(answer, [text])
    details: dict[str, Any] = {"similarity": verdict.similarity}
    if verdict.rule == "fuzzy":
        details.update(distance=verdict.distance, max_distance=verdict.max_distance)
        normalized = scheme.lower(text)
    elif verdict.rule == "number":
        details.update(gold_number=verdict.gold_number, answer_number=verdict.answer_number)
        if not _DIGITS.search(text):
            details["roman"] = "the number is a Roman numeral word"
        normalized = verdict.gold_number or ""
    else:
        normalized = ""
    return Variant(
        TextView(text, normalized, tuple(haskell_words(text))),
        {"score": 1.0 if verdict.matched else 0.0},
        verdict.rule,
        verdict.matched,
        details,
    )
