"""The number rules of PolEval 2021 QA: GEval's ``ExtractNumber`` (the
``official`` profile) and numbers read by value (the ``fair`` profile).

GEval's rule (:func:`extract_number_string`) takes the first match of
``[-+]?[0-9]*\\.[0-9]+|[0-9]+`` and compares it as a *string*; without a
digit, the first word written as a Roman numeral counts, read leniently
(:func:`roman_to_int`). The ``fair`` rule (:func:`fair_number`) reads the
value (:func:`answermatch.matchers.extract_number`) and accepts only
standard Roman numerals (:func:`roman_numeral`).

>>> extract_number_string("ok. 3,5 mln"), fair_number("ok. 3,5 mln")
('3', '3500000')
>>> extract_number_string("witamina C"), fair_number("witamina C") is None
('100', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from ...matchers import extract_number
from .geval import HASKELL_SPACES

__all__ = [
    "extract_number_string",
    "fair_number",
    "number_string_of_pieces",
    "roman_numeral",
    "roman_to_int",
    "roman_words",
]

# GEval's number pattern ``[-+]?\d*\.\d+|\d+`` under PCRE without UCP, where
# ``\d`` is an ASCII digit.
_NUMBER = re.compile(r"[-+]?[0-9]*\.[0-9]+|[0-9]+")
_DIGIT = re.compile(r"\d")  # the fair rule reads numbers written in digits only
# a word (a run of characters that are not Haskell spaces) of Roman numeral letters only
_SPACES = re.escape(HASKELL_SPACES)
_ROMAN_WORD = re.compile(f"(?<![^{_SPACES}])[IVXLCDM]+(?![^{_SPACES}])")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_ROMAN_DIGITS = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def roman_to_int(word: str) -> int | None:
    """The value of an all-uppercase ``IVXLCDM`` word, read leniently from
    right to left (a numeral smaller than its right neighbour subtracts,
    otherwise it adds); ``None`` for any other word or a value <= 0.

    >>> roman_to_int("XIV"), roman_to_int("IIX"), roman_to_int("MCMXC")
    (14, 10, 1990)
    >>> roman_to_int("xiv") is None, roman_to_int("XIV.") is None
    (True, True)
    """
    total = 0
    right = 0
    for char in reversed(word):
        value = _ROMAN_VALUES.get(char)
        if value is None:
            return None
        total = total + value if value >= right else total - value
        right = value
    return total if total > 0 else None


def extract_number_string(text: str) -> str | None:
    """GEval's ``extractNumber`` (``MatchingSpecification.hs``): the first match of
    ``[-+]?[0-9]*\\.[0-9]+|[0-9]+``, else the decimal value of the first
    whitespace-separated Roman numeral word (:func:`roman_to_int`).

    The result is compared as a *string*, so ``05`` differs from ``5``; a
    sign is kept only before a decimal point pattern.

    >>> [extract_number_string(s) for s in ["ok. 3,5 mln", "-5", "-5.5", "rok 05"]]
    ['3', '5', '-5.5', '05']
    >>> extract_number_string("Ludwik XIV"), extract_number_string("Ludwik") is None
    ('14', True)
    """
    found = _NUMBER.search(text)
    if found is not None:
        return found.group()
    for word in roman_words(text):
        return str(roman_to_int(word))
    return None


def roman_words(text: str) -> Iterator[str]:
    """The words of ``text`` (Haskell's ``words``) that :func:`roman_to_int`
    reads as a number, in order: found among the words of ``IVXLCDM``
    only, no other word copied out of the text (nor listed).

    >>> list(roman_words("Ludwik XIV, XIV\\xa0MC, MC wiek"))
    ['XIV', 'MC']
    """
    for found in _ROMAN_WORD.finditer(text):
        word = found.group()
        if roman_to_int(word) is not None:
            yield word


def number_string_of_pieces(pieces: Callable[[], Iterable[str]]) -> str | None:
    """:func:`extract_number_string` of a text given in pieces, each cut
    just before a Haskell space (``pieces()`` gives them, and is called
    again for the Roman numerals): no number or word spans two of them, so
    the first one found in the first piece that has one is the whole text's.

    >>> number_string_of_pieces(lambda: ["Ludwik", " XIV", " w 1643"])
    '1643'
    >>> number_string_of_pieces(lambda: ["Ludwik", " XIV"])
    '14'
    """
    for piece in pieces():
        found = _NUMBER.search(piece)
        if found is not None:
            return found.group()
    for piece in pieces():
        for word in roman_words(piece):
            return str(roman_to_int(word))
    return None


def _roman(value: int) -> str:
    out = []
    for step, letters in _ROMAN_DIGITS:
        count, value = divmod(value, step)
        out.append(letters * count)
    return "".join(out)


def roman_numeral(word: str) -> int | None:
    """The value of a word written as a *standard* Roman numeral, or None.

    Stricter than GEval's reading (:func:`roman_to_int`): the word must be
    the canonical spelling of its value (``IIX`` and ``IIII`` are not
    numerals) and a lone ``L``, ``C``, ``D`` or ``M`` is a letter
    (``witamina C``; ``DC`` stays a numeral), while ``I``, ``V`` and ``X``
    alone are numerals (``I wojna światowa``, ``Henryk V``, ``Pius X``).

    >>> roman_numeral("XIV"), roman_numeral("IIX"), roman_numeral("C"), roman_numeral("I")
    (14, None, None, 1)
    """
    value = roman_to_int(word)
    if value is None or _roman(value) != word or word in ("L", "C", "D", "M"):
        return None
    return value


def fair_number(text: str) -> str | None:
    """The ``fair`` profile's number rule: the first number in digits read by
    value as Polish writes it (:func:`answermatch.matchers.extract_number`
    with ``lang="pl"``: ``3,5`` = ``3.5``, ``1 000`` = ``1.000`` = ``1000``,
    ``3,5 mln`` = ``3500000``, ``05`` = ``5``, digits of any script; number
    words are not read), else the first standard Roman numeral word
    (:func:`roman_numeral`).

    >>> fair_number("ok. 3,5 mln"), fair_number("1 000 osób"), fair_number("rok 05")
    ('3500000', '1000', '5')
    >>> fair_number("Jan III Sobieski"), fair_number("witamina C") is None
    ('3', True)
    """
    number = extract_number(text, lang="pl") if _DIGIT.search(text) else None
    if number is not None:
        return number
    for word in roman_words(text):
        value = roman_numeral(word)
        if value is not None:
            return str(value)
    return None
