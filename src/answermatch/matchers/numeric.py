"""Numbers in answers: find the first one, compare by value.

This is the library's own rule, written for real multilingual text. It is
not the PolEval/GEval number rule (ASCII digits only, no thousands
separators, compared as strings), which the PolEval task module implements.

How a number is read, from its first digit:

- Digits are Unicode decimal digits of any script (Python's ``\\d``:
  Arabic-Indic ``٣``, Bengali ``৩``, Devanagari ``३``, full-width ``３``...),
  mixed freely.
- Thousands separators: space, no-break space, narrow no-break space, thin
  space, ``'``, ``’``, Arabic ``٬``, ``,`` and ``.``. They count only between
  groups of exactly three digits (the first group has one to three digits
  and does not start with 0) and only one kind per number: ``1 000`` =
  1000, ``1,000,000`` = 1000000, ``1'234.5`` = 1234.5.
- Decimal marks: ``.``, ``,`` and Arabic ``٫``, different from the number's
  thousands separator: ``3,5`` = 3.5, ``1,000.5`` = ``1.000,5`` = 1000.5.
- The ambiguous single separator followed by exactly three digits is
  decided this way: a comma groups thousands (``1,000`` = 1000, the English
  reading; ``1,5`` and ``1,2345`` are decimals because the group is not
  three digits, ``0,125`` because a group cannot start with 0); a dot is a
  decimal point (``1.000`` = 1, ``3.141`` = 3.141) unless the number shows
  it groups: two or more dot groups (``1.000.000``) or a decimal comma after
  (``1.000,5``). So write Polish or German thousands with a space, and note
  that a decimal comma with exactly three decimals and no grouped integer
  part (``3,141``) reads as thousands.
- A sign (``+ - − － ＋ ﹣ ﹢``) counts when it stands right before the
  number and is not itself preceded by a letter or digit (``COVID-19`` is
  19, ``-5`` and ``temperatura: −5`` are -5). A leading decimal point counts
  at the start of the text or after a space or sign (``.5`` = 0.5, but
  ``No.5`` = 5).
- Not handled: exponents, fractions (``½``), number words, Roman numerals,
  ideographic numerals (``五``), dates (``15.03.2020`` reads as 15.03);
  percent and currency signs are ignored (``50%`` = 50).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from decimal import Decimal

from ._inputs import as_golds, check_batch, check_text

_DIGIT_RUN = re.compile(r"\d+")  # Unicode decimal digits, Python's own tables
_SIGNS: dict[str, bool] = {  # sign -> negative
    "+": False, "\uff0b": False, "\ufe62": False,
    "-": True, "\u2212": True, "\uff0d": True, "\ufe63": True,
}  # fmt: skip
_GROUP_SEPARATORS = frozenset(" \u00a0\u202f\u2009'\u2019\u066c,.")
_DECIMAL_MARKS = frozenset(".,\u066b")
_LEADING_POINTS = frozenset(".\u066b")


def _value(digits: str) -> str:
    """ASCII digits for a run of Unicode decimal digits."""
    return digits if digits.isascii() else "".join(str(unicodedata.decimal(c)) for c in digits)


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_" or unicodedata.category(char).startswith("M")


def _three_digits_at(text: str, pos: int) -> bool:
    """``text[pos:pos+3]`` are digits and no digit follows them."""
    group = text[pos : pos + 3]
    return (
        len(group) == 3
        and group.isdecimal()
        and not (pos + 3 < len(text) and text[pos + 3].isdecimal())
    )


def _grouped_integer(text: str, lead: str, pos: int) -> tuple[str, str | None, int]:
    """Extend the leading digit run ``lead`` (ending at ``pos``) by thousands
    groups; returns (integer digits, separator used or None, end)."""
    if not (len(lead) <= 3 and _value(lead[0]) != "0" and pos < len(text)):
        return lead, None, pos
    sep = text[pos]
    if sep not in _GROUP_SEPARATORS:
        return lead, None, pos
    digits, end, groups = lead, pos, 0
    while text.startswith(sep, end) and _three_digits_at(text, end + 1):
        digits += text[end + 1 : end + 4]
        end += 4
        groups += 1
    if groups == 0:
        return lead, None, pos
    if sep == "." and groups == 1 and not _decimal_at(text, end, ","):
        return lead, None, pos  # a lone dot group is a decimal point
    return digits, sep, end


def _decimal_at(text: str, pos: int, mark: str | None = None) -> bool:
    return (
        pos + 1 < len(text)
        and text[pos] in _DECIMAL_MARKS
        and (mark is None or text[pos] == mark)
        and text[pos + 1].isdecimal()
    )


def _canonical(negative: bool, integer: str, fraction: str) -> str:
    integer = _value(integer).lstrip("0") or "0"
    fraction = _value(fraction).rstrip("0")
    text = f"{integer}.{fraction}" if fraction else integer
    return "-" + text if negative and text != "0" else text


def extract_number(text: str) -> str | None:
    """The first number in ``text`` as a canonical decimal string (ASCII
    digits, ``.`` as decimal point, no leading zeros or trailing decimal
    zeros, ``-`` for negatives, ``"0"`` for zero), or None. The reading rules
    are in this module's docstring.

    >>> extract_number("około 1 000 osób")
    '1000'
    >>> extract_number("3,5 mln"), extract_number("1,000.50 USD"), extract_number("1.000,5")
    ('3.5', '1000.5', '1000.5')
    >>> extract_number("temperatura −5 °C"), extract_number("COVID-19")
    ('-5', '19')
    >>> extract_number("১৯৭১ সালে"), extract_number("٢٫٥"), extract_number("２０２０年")
    ('1971', '2.5', '2020')
    >>> extract_number("1,000"), extract_number("1.000"), extract_number("0,125")
    ('1000', '1', '0.125')
    >>> extract_number("brak") is None
    True
    """
    check_text(text, "text")
    match = _DIGIT_RUN.search(text)
    if match is None:
        return None
    start, lead = match.start(), match.group()
    before = text[start - 2] if start >= 2 else ""
    if (
        start >= 1
        and text[start - 1] in _LEADING_POINTS
        and (not before or before.isspace() or before in _SIGNS)
    ):
        integer, fraction = "0", lead
        start -= 1
    else:
        integer, sep, end = _grouped_integer(text, lead, match.end())
        fraction = ""
        if _decimal_at(text, end) and text[end] != sep:
            fraction = _DIGIT_RUN.match(text, end + 1).group()  # type: ignore[union-attr]
    sign = text[start - 1] if start >= 1 else ""
    negative = _SIGNS.get(sign, False) and (start == 1 or not _is_word_char(text[start - 2]))
    return _canonical(negative, integer, fraction)


def _number_of(text: str) -> Decimal | None:
    found = extract_number(text)
    return None if found is None else Decimal(found)


def _numeric(prediction: str, golds: object, lang: str | None) -> float:
    if lang is not None:
        from ..languages import canonical_language

        canonical_language(lang)  # the same error for an unknown language everywhere
    pred = _number_of(prediction)
    if pred is None:
        for _ in as_golds(golds):  # type: ignore[arg-type]  (still check the golds)
            pass
        return 0.0
    for gold in as_golds(golds):  # type: ignore[arg-type]
        if _number_of(gold) == pred:
            return 1.0
    return 0.0


def numeric_match(prediction: str, golds: str | Sequence[str], *, lang: str | None = None) -> float:
    """1.0 when the prediction and a gold both contain a number
    (:func:`extract_number`) and their first numbers are equal in value
    (compared as :class:`~decimal.Decimal`), else 0.0. ``golds`` is one
    string, a list/tuple of them or prepared golds (whose original texts are
    read). Numbers are read the same way in every language; ``lang`` is
    checked (an unknown one raises
    :class:`~answermatch.errors.UnknownLanguageError`) and otherwise unused.

    >>> numeric_match("w 1 410 roku", "1410")
    1.0
    >>> numeric_match("3,50 zł", ["3.5", "4"]), numeric_match("5", "-5"), numeric_match("pięć", "5")
    (1.0, 0.0, 0.0)
    """
    check_text(prediction, "prediction")
    return _numeric(prediction, golds, lang)


def numeric_match_batch(
    predictions: Sequence[str],
    golds: Sequence[str | Sequence[str]],
    *,
    lang: str | None = None,
) -> list[float]:
    """:func:`numeric_match` of each prediction against its gold entry (the
    same numbers).

    >>> numeric_match_batch(["1 000", "tři"], ["1000", "3"])
    [1.0, 0.0]
    """
    check_batch(predictions, golds)
    results: list[float] = []
    for i, (prediction, entry) in enumerate(zip(predictions, golds, strict=True)):
        check_text(prediction, f"predictions[{i}]")
        results.append(_numeric(prediction, entry, lang))
    return results
