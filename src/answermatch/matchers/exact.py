"""Exact match after normalization."""

from __future__ import annotations

from collections.abc import Sequence

from ._inputs import as_golds, check_text
from .analysis import (
    _CALLS,
    Analyzer,
    PreparedGolds,
    each_scored,
    normalized_key,
    resolve,
)


def _exact(an: Analyzer, prediction: str, golds: object) -> float:
    pred = normalized_key(an, prediction)  # a long text's without a copy
    normalize = an.normalize_gold
    if type(golds) is str:
        return 1.0 if normalize(golds) == pred else 0.0
    if type(golds) is PreparedGolds:
        return 1.0 if pred in golds.normalized else 0.0
    for gold in as_golds(golds):  # type: ignore[arg-type]
        if normalize(gold) == pred:
            return 1.0
    return 0.0


def exact_match(
    prediction: str,
    golds: str | Sequence[str] | PreparedGolds,
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> float:
    """1.0 if the normalized prediction equals any normalized gold, else 0.0.

    ``golds`` is one string, a list/tuple of strings or golds prepared by
    :func:`~answermatch.matchers.prepare_golds`; ``lang`` and ``preset``
    (default ``"unicode"``) choose the normalization
    (:func:`answermatch.normalization.normalize`). An empty prediction
    matches an empty gold.

    >>> exact_match("the Eiffel Tower.", ["Eiffel tower", "Tour Eiffel"], lang="en")
    1.0
    >>> exact_match("ＡＢＣ", "abc")
    1.0
    >>> exact_match("ＡＢＣ", "abc", preset="squad")  # SQuAD keeps full-width letters
    0.0
    """
    try:
        an = (
            _CALLS[(lang, preset, "word", "bag", 1.0)] if type(golds) is not PreparedGolds else None
        )
    except (KeyError, TypeError):
        an = None
    if an is None:
        an = resolve(lang, preset, "word", "bag", 1.0, golds)
    if type(prediction) is not str:
        check_text(prediction, "prediction")
    return _exact(an, prediction, golds)


def exact_match_batch(
    predictions: Sequence[str],
    golds: Sequence[str | Sequence[str] | PreparedGolds],
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> list[float]:
    """:func:`exact_match` of each prediction against its gold entry, with
    the options checked once (the same numbers).

    >>> exact_match_batch(["Paris!", "Lyon"], ["paris", ["Marseille", "Nice"]])
    [1.0, 0.0]
    """
    return each_scored(_exact, predictions, golds, lang, preset)
