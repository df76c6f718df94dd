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
from collections.abc import Iterator
from functools import partial
from typing import Any

from ...explanation import Explanation, TextView, Variant
from ...matchers.answers import CountedTokens, JoinedKey
from .fuzzy import BY_PARTS, LONG, FuzzyAccuracy, _cut, _str_pieces
from .geval import haskell_words
from .reading import PolEvalGold

__all__ = ["explain_lines"]

_DIGITS = re.compile(r"[0-9]")


def explain_lines(inputs: Any, scheme: FuzzyAccuracy, profile: str) -> Iterator[Explanation]:
    """One :class:`~answermatch.explanation.Explanation` per line of
    ``inputs`` (a :class:`PolEvalGold` or variant lists, and the stripped
    answers), in line order; the line's score is 1 when a variant matches,
    exactly as :meth:`FuzzyAccuracy.judge` decides for the whole line."""
    gold = inputs.gold.variants if isinstance(inputs.gold, PolEvalGold) else inputs.gold
    for number, (variants, answer) in enumerate(zip(gold, inputs.predictions, strict=True), 1):
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


def _answer_view(scheme: FuzzyAccuracy, answer: str) -> TextView:
    """The answer as it is shown: as given, case-mapped, and its words.

    An answer of more than :data:`~answermatch.tasks.poleval2021.fuzzy.LONG`
    characters is read in pieces, as it is judged: its case-mapped text is
    a :class:`~answermatch.matchers.answers.JoinedKey` of its parts mapped
    again when written (:data:`~answermatch.tasks.poleval2021.fuzzy.BY_PARTS`),
    and its words, in pieces cut just before a Haskell space, are counted
    (:class:`~answermatch.matchers.answers.CountedTokens`, their order held
    one code a word), not a copy of the answer and a tuple of 8 bytes a
    word and the words themselves (some 15 times the answer).

    >>> view = _answer_view(FuzzyAccuracy(), "Ludwik XIV " * 10_000)
    >>> view.normalized == "ludwik xiv " * 10_000, len(view.tokens)
    (True, 20000)
    """
    by_parts = BY_PARTS.get(scheme.lower)
    if len(answer) <= LONG or by_parts is None:
        return TextView(answer, scheme.lower(answer), tuple(haskell_words(answer)))
    pieces = partial(_str_pieces, answer)
    length = sum(map(len, by_parts(_cut(answer))))
    lowered = JoinedKey(length, lambda: by_parts(_cut(answer)), sep="")
    words = CountedTokens.of_stretches(map(haskell_words, pieces()))  # read once, in order
    if words is None:  # too many distinct words to code: made again when written
        words = CountedTokens.of_pieces(pieces, haskell_words)
    return TextView(answer, lowered, words)


def _variant(scheme: FuzzyAccuracy, answer: str, text: str) -> Variant:
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
