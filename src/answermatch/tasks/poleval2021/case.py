"""The case mappings of PolEval 2021 QA's fuzzy comparison: GEval's
``Lower`` (the ``official`` profile) and Unicode folding (``fair``).

>>> haskell_lower("İSTANBUL ŁÓDŹ"), fold("ＣＯＶＩＤ Straße")
('istanbul łódź', 'covid strasse')
"""

from __future__ import annotations

import unicodedata

from ...normalization import steps
from ...normalization.steps import nfkc_casefold_parts as fold_parts

__all__ = ["fold", "fold_parts", "haskell_lower"]


def haskell_lower(text: str) -> str:
    """Lowercase one code point at a time with the simple 1:1 mapping
    (Haskell's ``map toLower``, GEval's ``Lower`` in ``MatchingSpecification.hs``).

    Python's ``str.lower`` differs in two places: U+0130 becomes two code
    points (``i`` + U+0307) and a word-final capital sigma becomes ``ς``;
    here they become ``i`` and ``σ``. (Characters that Unicode versions
    newer than GHC 9.0's tables added may still differ.)

    >>> haskell_lower("İSTANBUL ΟΔΟΣ")
    'istanbul οδοσ'
    """
    # a long text a piece at a time, cut anywhere (each character is mapped
    # alone; Python's lower() of a text that is not ASCII sets aside 12 bytes
    # a character), and itself when no piece changes (Thai, Japanese)
    return steps.case_mapped(text, _lower)


def _lower(text: str) -> str:
    if "\u0130" in text:
        text = text.replace("\u0130", "i")
    if "\u03a3" in text:
        text = text.replace("\u03a3", "\u03c3")
    return text.lower()


def fold(text: str) -> str:
    """The ``fair`` profile's case mapping: NFKC, full Unicode case folding,
    NFKC again (``ＣＯＶＩＤ`` = ``covid``, ``Straße`` = ``STRASSE``).
    A long text is folded a piece at a time
    (:func:`~answermatch.normalization.steps.nfkc_casefold_parts`).

    >>> fold("ＣＯＶＩＤ Straße")
    'covid strasse'
    """
    size = steps.PIECE_CHARS
    if len(text) > size:
        return "".join(fold_parts(text[at : at + size] for at in range(0, len(text), size)))
    return _fold(text)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
