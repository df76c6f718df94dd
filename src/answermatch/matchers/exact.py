"""Exact match after normalization."""

from __future__ import annotations

from collections.abc import Sequence

from ..normalization import normalize
from ._inputs import as_golds, check_text


def exact_match(
    prediction: str,
    golds: str | Sequence[str],
    lang: str | None = None,
    preset: str = "unicode",
) -> float:
    """1.0 if the normalized prediction equals any normalized gold, else 0.0.

    ``golds`` is one string or a list/tuple of strings; ``lang`` and
    ``preset`` choose the normalization
    (:func:`answermatch.normalization.normalize`). An empty prediction
    matches an empty gold.

    >>> exact_match("the Eiffel Tower.", ["Eiffel tower", "Tour Eiffel"], lang="en")
    1.0
    >>> exact_match("ＡＢＣ", "abc")
    1.0
    >>> exact_match("ＡＢＣ", "abc", preset="squad")  # SQuAD keeps full-width letters
    0.0
    """
    check_text(prediction, "prediction")
    golds_ = as_golds(golds)
    pred = normalize(prediction, lang, preset)
    return 1.0 if any(normalize(g, lang, preset) == pred for g in golds_) else 0.0
