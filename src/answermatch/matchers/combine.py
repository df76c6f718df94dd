"""Choosing the best of several gold answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ._inputs import as_golds, check_text

Matcher = Callable[[str, str], float]


@dataclass(frozen=True)
class Match:
    """The outcome of :func:`best_match`: the best ``score``, the ``gold``
    that earned it and its ``index`` in the gold list (None for both when no
    gold was compared)."""

    score: float
    gold: str | None
    index: int | None


def best_match(prediction: str, golds: str | Sequence[str], matcher: Matcher) -> Match:
    """Score ``prediction`` against every gold with ``matcher(prediction,
    gold) -> float`` and return the best; among equal scores the first gold
    wins.

    >>> from answermatch.matchers import levenshtein_ratio
    >>> best_match("Mickiewicza", ["Słowacki", "Mickiewicz", "Mickiewicza"], levenshtein_ratio)
    Match(score=1.0, gold='Mickiewicza', index=2)
    >>> best_match("x", ("a", "b"), lambda p, g: 0.0)
    Match(score=0.0, gold='a', index=0)
    """
    check_text(prediction, "prediction")
    if not callable(matcher):
        raise TypeError(
            f"matcher must be a function (prediction, gold) -> float, not {type(matcher).__name__}"
        )
    golds_ = as_golds(golds)
    best = Match(float(matcher(prediction, golds_[0])), golds_[0], 0)
    for index, gold in enumerate(golds_[1:], start=1):
        score = float(matcher(prediction, gold))
        if score > best.score:
            best = Match(score, gold, index)
    return best
