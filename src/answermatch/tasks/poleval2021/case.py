"""The case mappings of PolEval 2021 QA's fuzzy comparison: GEval's
``Lower`` (the ``official`` profile) and Unicode folding (``fair``).

>>> haskell_lower("İSTANBUL ŁÓDŹ"), fold("ＣＯＶＩＤ Straße")
('istanbul łódź', 'covid strasse')
"""

from __future__ import annotations

import unicodedata

from ...normalization import steps

__all__ = ["fold", "haskell_lower"]


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
    if len(text) > steps.PIECE_CHARS:  # a long text piece by piece (Python's lower()
        # sets aside four bytes for three characters of each one of the text)
        return "".join(map(_lower, steps.pieces(text)))
    return _lower(text)


def _lower(text: str) -> str:
    if "\u0130" in text:
        text = text.replace("\u0130", "i")
    if "\u03a3" in text:
        text = text.replace("\u03a3", "\u03c3")
    return text.lower()


def fold(text: str) -> str:
    """The ``fair`` profile's case mapping: NFKC, full Unicode case folding,
    NFKC again (``ＣＯＶＩＤ`` = ``covid``, ``Straße`` = ``STRASSE``).

    >>> fold("ＣＯＶＩＤ Straße")
    'covid strasse'
    """
    if len(text) > steps.PIECE_CHARS:  # piece by piece, cut at whitespace (nothing
        # composes across it, and case folding has no context)
        return "".join(map(_fold, steps.pieces(text)))
    return _fold(text)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
