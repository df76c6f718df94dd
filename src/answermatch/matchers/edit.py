"""Edit distance over code points."""

from __future__ import annotations

from ._inputs import check_text


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

    return Levenshtein.distance(check_text(a, "a"), check_text(b, "b"))


def levenshtein_ratio(prediction: str, gold: str) -> float:
    """Similarity ``1 - d / max(len(prediction), len(gold))`` with ``d`` the
    :func:`levenshtein_distance` (code points); 1.0 when both are empty.
    Symmetric and always in [0, 1].

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
    >>> levenshtein_ratio("ab", "ba")
    0.0
    >>> levenshtein_ratio("", "")
    1.0
    """
    check_text(prediction, "prediction")
    check_text(gold, "gold")
    longest = max(len(prediction), len(gold))
    if longest == 0:
        return 1.0
    from rapidfuzz.distance import Levenshtein

    return 1.0 - Levenshtein.distance(prediction, gold) / longest
