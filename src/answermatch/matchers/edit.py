"""Edit distance over code points."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ._inputs import as_golds, check_text
from .analysis import _CALLS, Analyzer, PreparedGolds, each_scored, resolve


def levenshtein_distance(a: str, b: str) -> int:
    """Levenshtein distance with unit costs (insertion, deletion,
    substitution) over Unicode code points, computed by RapidFuzz
    (``rapidfuzz.distance.Levenshtein.distance``). No normalization: apply
    :func:`~answermatch.normalization.normalize` first if you want it.

    >>> levenshtein_distance("kitten", "sitting")
    3
    >>> levenshtein_distance("Kraków", "Krakow")  # precomposed ó is one code point
    1
    """
    from rapidfuzz.distance import Levenshtein

    return _shorter_as_pattern(Levenshtein.distance)(check_text(a, "a"), check_text(b, "b"))


#: Where a text is longer than this many code points, the shorter of the two
#: is RapidFuzz's pattern (see :func:`_shorter_as_pattern`).
LONG = 1 << 16


def _shorter_as_pattern(scorer: Callable[[str, str], Any]) -> Callable[[str, str], Any]:
    """``scorer`` (a symmetric RapidFuzz Levenshtein scorer), the shorter
    text made the pattern where a text is over :data:`LONG` code points:
    RapidFuzz's ``distance`` makes the longer text the pattern, about 24
    bytes a character of it once the other is over 64 characters (240 MB
    for a 10,000,000-character answer against a 100-character gold);
    ``process.extractOne`` keeps its query as the pattern. Unit costs are
    symmetric, so the figures are the same."""

    def score(a: str, b: str) -> Any:
        if len(a) <= LONG and len(b) <= LONG:
            return scorer(a, b)
        from rapidfuzz import process

        short, other = (a, b) if len(a) <= len(b) else (b, a)
        return process.extractOne(short, [other], scorer=scorer, score_cutoff=None)[1]

    return score


def _similarity(a: str, b: str) -> float:
    """RapidFuzz's ``Levenshtein.normalized_similarity`` (a long text
    against a short one with the short one as pattern:
    :func:`_shorter_as_pattern`), which replaces this function on its first
    call (RapidFuzz is imported when first needed)."""
    global _similarity
    from rapidfuzz.distance import Levenshtein

    _similarity = _shorter_as_pattern(Levenshtein.normalized_similarity)
    return _similarity(a, b)


def _best_ratio(an: Analyzer, prediction: str, golds: object) -> float:
    """The best similarity of the normalized prediction to a normalized gold."""
    similarity = _similarity
    pred = an.normalize(prediction)
    if type(golds) is str:
        return similarity(pred, an.normalize_gold(golds))
    if type(golds) is PreparedGolds:
        texts: Sequence[str] = golds.normalized
    else:
        texts = [an.normalize_gold(text) for text in as_golds(golds)]  # type: ignore[arg-type]
    return max(similarity(pred, text) for text in texts)


def levenshtein_ratio(
    prediction: str,
    golds: str | Sequence[str] | PreparedGolds,
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> float:
    """Similarity ``1 - d / max(len(prediction), len(gold))`` with ``d`` the
    :func:`levenshtein_distance` (code points), against the best gold; 1.0
    when both are empty. Symmetric and always in [0, 1]; it is RapidFuzz's
    ``Levenshtein.normalized_similarity``, which computes it.

    Both texts are first normalized under ``lang`` and ``preset`` (default
    ``"unicode"``, the language's default, as in every matcher; see
    :func:`~answermatch.normalization.normalize`); ``preset="none"``
    compares them as they are. ``golds`` is one string, a list/tuple of
    them, or golds prepared by :func:`~answermatch.matchers.prepare_golds`
    (whose normalized texts are compared: the same numbers).

    Not to be confused with:

    - RapidFuzz's ``fuzz.ratio``: the normalized *Indel* similarity
      ``1 - indel / (len(a) + len(b))`` (RapidFuzz's
      ``Indel.normalized_similarity``) scaled to 0-100, where only
      insertions and deletions exist, so a substitution costs 2.
      ``fuzz.ratio("abc", "abd")`` is 66.7, which this function's 0.667
      matches by coincidence; for ``"ab"`` vs ``"ba"`` fuzz gives 50.0 and
      this function 0.0.
    - GEval's ``Fuzzy`` match (PolEval 2021 QA): ``1 - d / len(gold)``,
      relative to the gold only, so not symmetric and negative when the
      prediction is much longer than the gold; PolEval accepts a
      prediction when it is at least 0.5. The PolEval task module
      implements that rule; this function does not.

    >>> levenshtein_ratio("Mickiewicz", "Mickiewicza")
    0.909...
    >>> levenshtein_ratio("Mickiewicz", ["Słowacki", "Mickiewicza"])
    0.909...
    >>> levenshtein_ratio("KRAKÓW!", "Kraków")
    1.0
    >>> levenshtein_ratio("KRAKÓW!", "Kraków", preset="none")  # as written
    0.142...
    >>> levenshtein_ratio("３３３メートル", "333メートル", lang="ja")
    1.0
    >>> levenshtein_ratio("ab", "ba"), levenshtein_ratio("", "")
    (0.0, 1.0)
    """
    if preset == "none" and lang is None and type(golds) is str and type(prediction) is str:
        return _similarity(prediction, golds)  # type: ignore[no-any-return]  # as written
    try:
        an = None if type(golds) is PreparedGolds else _CALLS[(lang, preset, "word", "bag", 1.0)]
    except (KeyError, TypeError):
        an = None
    if an is None:
        an = resolve(lang, preset, "word", "bag", 1.0, golds)
    if type(prediction) is not str:
        check_text(prediction, "prediction")
    return _best_ratio(an, prediction, golds)


def levenshtein_ratio_batch(
    predictions: Sequence[str],
    golds: Sequence[str | Sequence[str] | PreparedGolds],
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> list[float]:
    """:func:`levenshtein_ratio` of each prediction against its gold entry
    (the same numbers).

    >>> levenshtein_ratio_batch(["Krakow", "Gdansk"], ["Kraków", ["Gdańsk", "Danzig"]])
    [0.833..., 0.833...]
    """
    return each_scored(_best_ratio, predictions, golds, lang, preset)
