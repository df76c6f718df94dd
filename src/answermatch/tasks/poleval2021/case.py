"""The case mappings of PolEval 2021 QA's fuzzy comparison: GEval's
``Lower`` (the ``official`` profile) and Unicode folding (``fair``).

>>> haskell_lower("İSTANBUL ŁÓDŹ"), fold("ＣＯＶＩＤ Straße")
('istanbul łódź', 'covid strasse')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from ...normalization import steps

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
    A long text is folded a piece at a time (:func:`fold_parts`).

    >>> fold("ＣＯＶＩＤ Straße")
    'covid strasse'
    """
    size = steps.PIECE_CHARS
    if len(text) > size:
        return "".join(fold_parts(text[at : at + size] for at in range(0, len(text), size)))
    return _fold(text)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def fold_parts(parts: Iterable[str]) -> Iterator[str]:
    """:func:`fold` of the text that ``parts`` make when joined (cut
    anywhere), in pieces that join into it: a long text, a run of letters
    or of Japanese without a space among them, folded without a copy of
    the whole at any step.

    Case folding maps one character at a time (it has no final sigma), so
    any cut will do for it. NFKC is taken piece by piece by
    :func:`_nfkc_pieces`, cut only before a character that NFKC never joins
    to what precedes it.

    >>> "".join(fold_parts(["ＣＯＶ", "ＩＤ Stra", "ße e", "\\u0301"]))
    'covid strasse é'
    """
    return _nfkc_pieces(map(str.casefold, _nfkc_pieces(parts)))


def _nfkc_pieces(parts: Iterable[str]) -> Iterator[str]:
    """NFKC of the text that ``parts`` make, in pieces: cut just before the
    last character of each part (of the text held since the last cut) that
    starts anew (:func:`_starts_anew`).

    Why such a cut changes nothing: NFKC decomposes each character alone,
    reorders runs of combining marks (which a starter ends), then composes
    each starter with the characters after it that it is not blocked from.
    A character ``c`` that starts anew decomposes to a starter ``s`` first,
    so no reordering crosses it; ``s`` is the second of no composition, so
    it is not composed with the starter before it; and every character
    after ``s`` is blocked from that starter by ``s`` (a starter between
    them). So the normal form of the text is that of the text before ``c``
    followed by that of the text from ``c`` on.

    >>> list(_nfkc_pieces(["ｶ", "\\u3099x", "e\\u0301"]))  # ｶ and a voicing mark: ガ
    ['ガ', 'x', 'é']
    """
    normalize = unicodedata.normalize
    starts_anew = _starts_anew
    held = ""
    for part in parts:
        cut = len(part) - 1
        while cut >= 0 and not starts_anew(part[cut]):
            cut -= 1
        if cut < 0 or (cut == 0 and not held):  # no cut with text before it: wait
            held += part
            continue
        piece = held + part[:cut]
        held = part[cut:]
        yield normalize("NFKC", piece)
    if held:
        yield normalize("NFKC", held)


@cache
def _starts_anew(char: str) -> bool:
    """Whether NFKC never joins ``char`` to the characters before it: it and
    the first character of its compatibility decomposition are starters
    (canonical combining class 0) that are the second of no canonical
    composition (:func:`_seconds`).

    >>> _starts_anew("a"), _starts_anew("ｶ"), _starts_anew("\\u0301"), _starts_anew("\\u1161")
    (True, True, False, False)
    """
    first = unicodedata.normalize("NFKD", char)[0]
    seconds = _seconds()
    return not (
        unicodedata.combining(char)
        or unicodedata.combining(first)
        or char in seconds
        or first in seconds
    )


@lru_cache(maxsize=1)
def _seconds() -> frozenset[str]:
    """The characters that NFKC may compose with a character before them:
    the second of every canonical decomposition of two characters in the
    running Python's Unicode data, and Hangul's medial vowels and final
    consonants (whose compositions are not listed there). Made on first use
    (a look at every code point, about 0.3 s)."""
    found = {chr(point) for point in range(0x1161, 0x1176)}  # Hangul medial vowels
    found.update(chr(point) for point in range(0x11A8, 0x11C3))  # final consonants
    decomposition = unicodedata.decomposition
    for point in range(0x110000):
        fields = decomposition(chr(point)).split()
        if len(fields) == 2 and not fields[0].startswith("<"):
            found.add(chr(int(fields[1], 16)))
    return frozenset(found)
