"""The profiles of PolEval 2021 QA: one :class:`FuzzyAccuracy` scheme each.

``official`` is GEval's ``LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy``;
``fair`` keeps its structure and threshold but reads numbers by value
(:func:`~answermatch.tasks.poleval2021.numbers.fair_number`) and folds case
and width (:func:`~answermatch.tasks.poleval2021.case.fold`).

>>> PROFILES["fair"].scheme
'LenientHarden/NumberValue/CaseFoldNFKC/Fuzzy/Accuracy'
>>> PROFILES["official"].replace(number=fair_number).scheme
'LenientHarden/NumberValue/Lower/Fuzzy/Accuracy'
"""

from __future__ import annotations

from .case import fold
from .fuzzy import FuzzyAccuracy
from .numbers import fair_number

__all__ = ["PROFILES"]

#: Profile name -> matching scheme (``official`` first).
PROFILES: dict[str, FuzzyAccuracy] = {
    "official": FuzzyAccuracy("official"),
    "fair": FuzzyAccuracy("fair", lower=fold, number=fair_number),
}
