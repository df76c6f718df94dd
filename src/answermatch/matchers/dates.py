"""Dates in answers: find the first one, compare by calendar date.

A date is read from the text in one of these forms (``lang`` adds the
language's month names, from CLDR, and decides the order of numeric dates):

- ISO and year-first numbers: ``2023-05-12``, ``2023-05``, ``2023/05/12``,
  ``2023. 5. 12.``;
- Chinese, Japanese and Korean: ``2023年5月12日``, ``2023년 5월 12일``,
  ideographic numerals too (``二〇二三年五月十二日``), and Japanese eras
  (``令和5年``, ``平成元年``: 明治, 大正, 昭和, 平成, 令和);
- a month name with a day and a year near it, in the CLDR full, long and
  medium forms of the language (``Freitag, 12. Mai 2023``, ``12 maja 2023``,
  ``12 tháng 5, 2023``, ``12 במאי 2023``) or in English (``May 12, 2023``,
  ``12 May 2023``; English month names are read in every language, with a
  capital letter);
- day, month and year in numbers (``12.05.2023``, ``05/12/2023``), in the
  language's order (day first in ``de``, month first in ``en``); without
  ``lang`` only when the order is clear (``25/12/2023``) or written with
  dots (day first);
- a year alone: a four-digit number (``1972``, ``1972年``).

The Thai Buddhist year counts when the text says so (``พ.ศ. 2566`` is 2023)
and, with ``lang="th"``, for a year from 2400 on; ``ค.ศ.`` marks a Common
Era year.

A date states a year, a month and a day, or fewer of them (a year; a month
and a year); two dates are equal when they state the same parts with the
same values: ``May 2023`` equals ``2023-05`` but neither ``2023-05-12`` nor
``2023``. A day that does not exist (``31 April``) is no date.
"""

from __future__ import annotations

import calendar
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from ._inputs import _PLAIN_GOLDS, as_golds, check_text, value_match_batch, value_texts

_ERAS = {"明治": 1867, "大正": 1911, "昭和": 1925, "平成": 1988, "令和": 2018}
_ERA = re.compile(r"(明治|大正|昭和|平成|令和)\s*(\d{1,2}|元)\s*年")
_CJK_NUMERAL = re.compile(r"[〇零一二两三四五六七八九十]+(?=\s*[年月日])")
_BUDDHIST = re.compile(r"(?:พ\.\s?ศ\.|พุทธศักราช)\s*(\d{4})")
_COMMON_ERA = re.compile(r"ค\.\s?ศ\.|คริสต์ศักราช")
_MARKS = re.compile("[\u200e\u200f\u061c\u00ad]")

_YEAR_FIRST = re.compile(
    r"(?<![\d.])(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?|/(\d{1,2})/(\d{1,2})"
    r"|\.\s?(\d{1,2})\.\s?(\d{1,2})\.?| (\d\d) (\d\d))(?![\d])"
)
_CJK_DATE = re.compile(
    r"(?:(\d{1,4})\s*[年년]\s*)?(?:(\d{1,2})\s*[月월](?:\s*(\d{1,2})\s*[日일])?)?"
)
_NUMERIC = re.compile(
    r"(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?!\d)|(?<![\d.])(\d\d)( )(\d\d) (\d{4})(?!\d)"
)
_DIGITS = re.compile(r"\d+")
_YEAR = re.compile(r"(?<![\d.,])(\d{4})(?![\d]|[.,]\d)")

# month names CLDR does not list: Vietnamese months in words (tháng Năm)
_VI_MONTHS = (
    "một/giêng", "hai", "ba", "tư/bốn", "năm", "sáu", "bảy", "tám", "chín", "mười",
    "mười một", "mười hai/chạp",
)  # fmt: skip
_EXTRA_MONTHS: dict[str, dict[str, int]] = {
    "vi": {
        f"tháng {word}": month
        for month, words in enumerate(_VI_MONTHS, 1)
        for word in words.split("/")
    }
}
_ENGLISH = [
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
]  # fmt: skip


class _Dates:
    """What reading a date needs to know about one language (built once)."""

    __slots__ = ("lower", "months", "names", "order", "thai", "weekdays")

    def __init__(self, lang: str | None) -> None:
        from . import _cldr

        names: dict[str, int] = {}
        if lang is not None and lang != "en" and lang in _cldr.MONTHS:
            # (English names are read with a capital in every language: "may")
            names = {n: m for n, m in _cldr.MONTHS[lang].items() if not n[:1].isdigit()}
            if lang == "he":
                names.update({"ב" + n: m for n, m in list(names.items())})
            names.update(_EXTRA_MONTHS.get(lang, {}))
        self.names = names
        self.weekdays = frozenset(_cldr.WEEKDAY_MONTHS.get(lang, ())) if lang else frozenset()
        self.months = _names_pattern(names) if names else None
        self.order = _cldr.DATE_ORDER.get(lang, "dmy") if lang is not None else None
        self.lower = _turkish_lower if lang == "tr" else str.lower
        self.thai = lang == "th"


def _turkish_lower(text: str) -> str:
    return text.replace("I", "ı").replace("İ", "i").lower()


def _names_pattern(names: dict[str, int]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![^\W\d_])(?:{alternatives})(?![^\W_])")


@lru_cache(maxsize=1)
def _english() -> tuple[re.Pattern[str], dict[str, int]]:
    names: dict[str, int] = {}
    for month, name in enumerate(_ENGLISH, 1):
        for form in (name, name[:3], name[:3] + ".", "Sept", "Sept."):
            if form.startswith("Sept") and month != 9:
                continue
            names[form] = month
            names[form.upper()] = month
    return _names_pattern(names), names


_LANGS: dict[str | None, _Dates] = {}


def _dates(lang: str | None) -> _Dates:
    found = _LANGS.get(lang)
    if found is not None:
        return found
    code = None
    if lang is not None:
        from ..languages import canonical_language
        from .numeric import _ALIASES

        code = canonical_language(lang)  # the same error for an unknown language everywhere
        code = _ALIASES.get(code, code)
    found = _Dates(code)
    if len(_LANGS) < 4096:
        _LANGS[lang] = found
    return found


def _ascii(text: str) -> str:
    from .numeric import _ascii_digits

    return text if text.isascii() else text.translate(_ascii_digits())


def _cjk_numerals(text: str) -> str:
    from .numeric import _cjk_number

    def digits(match: re.Match[str]) -> str:
        found = _cjk_number(match.group(), 0, None)
        return match.group() if found is None else found[0]

    return _CJK_NUMERAL.sub(digits, text)


def _valid(year: int | None, month: int | None, day: int | None) -> bool:
    if month is not None and not 1 <= month <= 12:
        return False
    if day is not None:
        if month is None or day < 1:
            return False
        days = calendar.monthrange(year if year is not None else 2000, month)[1]
        if day > days:
            return False
    return year is None or 1 <= year <= 9999


def _parts(text: str, d: _Dates) -> tuple[int | None, int | None, int | None] | None:
    text = _MARKS.sub("", unicodedata.normalize("NFC", text))
    text = _ascii(text)
    if "年" in text or "月" in text:
        text = _cjk_numerals(text)
        text = _ERA.sub(
            lambda m: f"{_ERAS[m.group(1)] + (1 if m.group(2) == '元' else int(m.group(2)))}年",
            text,
        )
    buddhist = False
    if "ศ" in text:
        if _BUDDHIST.search(text):
            text = _BUDDHIST.sub(lambda m: str(int(m.group(1)) - 543), text)
        text = _COMMON_ERA.sub(" ", text)
    elif d.thai:
        buddhist = True

    def year_of(value: str) -> int:
        year = int(value)
        return year - 543 if buddhist and year >= 2400 else year

    found = _YEAR_FIRST.search(text)
    if found is not None:
        groups = [g for g in found.groups()[1:] if g is not None]
        month = int(groups[0]) if groups else None
        day = int(groups[1]) if len(groups) > 1 else None
        return year_of(found.group(1)), month, day
    named = None
    if "年" in text or "月" in text or "년" in text or "월" in text:
        for match in _CJK_DATE.finditer(text):
            year, month, day = match.groups()
            if year is None and month is None:
                continue
            if year is None and day is None:  # 2017 5월 18: a month name
                named = (int(month), match.start(), match.end())
                break
            return (
                None if year is None else year_of(year),
                None if month is None else int(month),
                None if day is None else int(day),
            )
    named = named or _month_name(text, d)
    if named is not None:
        month, start, end = named
        return _around(text, month, start, end, year_of)
    found = _NUMERIC.search(text)
    if found is not None:
        first, sep, second, year = [g for g in found.groups() if g is not None]
        a, b = int(first), int(second)
        order = d.order
        if a > 12 >= b:
            order = "dmy"  # 18-05-2017: the number above 12 is the day
        elif b > 12 >= a:
            order = "mdy"
        elif order is None or order == "ymd":
            order = "dmy" if sep == "." else None
        if order is None:
            return None  # 05/12/2023 without a language: no date rather than a guess
        day, month = (a, b) if order.index("d") < order.index("m") else (b, a)
        return year_of(year), month, day
    found = _YEAR.search(text)
    if found is not None:
        return year_of(found.group(1)), None, None
    return None


def _month_name(text: str, d: _Dates) -> tuple[int, int, int] | None:
    """The first month name: (month, start, end)."""
    best = None
    if d.months is not None:
        for found in d.months.finditer(d.lower(text)):
            if best is None:
                best = (d.names[found.group()], found.start(), found.end())
            if found.group() not in d.weekdays:  # es "mar, 10 jul": Tuesday, July
                best = (d.names[found.group()], found.start(), found.end())
                break
    english, names = _english()
    found = english.search(text)
    if found is not None and (best is None or found.start() < best[1]):
        best = (names[found.group()], found.start(), found.end())
    return best


def _around(text: str, month: int, start: int, end: int, year_of) -> tuple:  # type: ignore[no-untyped-def,type-arg]
    """Day and year written near a month name at ``text[start:end]``."""
    day = year = None
    day_gap = year_gap = 1 << 30
    for run in _DIGITS.finditer(text):
        if start <= run.start() < end:
            continue
        gap = start - run.end() if run.end() <= start else run.start() - end
        digits = run.group()
        if len(digits) <= 2 and gap <= 5 and gap < day_gap and 1 <= int(digits) <= 31:
            day, day_gap = int(digits), gap
        elif len(digits) in (3, 4) and gap <= 14 and gap < year_gap:
            year, year_gap = year_of(digits), gap
    return year, month, day


@lru_cache(maxsize=4096)
def _cached(text: str, lang: str | None) -> tuple[int | None, int | None, int | None] | None:
    parts = _parts(text, _dates(lang))
    if parts is None or not _valid(*parts):
        return None
    return parts


def _iso(parts: tuple[int | None, int | None, int | None]) -> str:
    year, month, day = parts
    text = "-" if year is None else f"{year:04d}"
    if month is not None:
        text += f"-{month:02d}"
        if day is not None:
            text += f"-{day:02d}"
    return text


def extract_date(text: str, *, lang: str | None = None) -> str | None:
    """The first date in ``text`` in ISO 8601 form, as much as it states
    (``2023-05-12``, ``2023-05``, ``2023``; ``--05-12`` for a day and month
    without a year), or None. The forms read are in this module's docstring.

    >>> extract_date("Freitag, 12. Mai 2023", lang="de"), extract_date("May 12, 2023")
    ('2023-05-12', '2023-05-12')
    >>> extract_date("令和5年5月12日"), extract_date("พ.ศ. 2566")
    ('2023-05-12', '2023')
    >>> extract_date("maj 2023", lang="pl"), extract_date("w 1972 roku")
    ('2023-05', '1972')
    >>> extract_date("31 April 2023") is None
    True
    """
    check_text(text, "text")
    d = _dates(lang)
    parts = _parts(text, d)
    if parts is None or not _valid(*parts):
        return None
    return _iso(parts)


def _date(text: str, lang: str | None) -> tuple[int | None, int | None, int | None] | None:
    if len(text) > 200:
        parts = _parts(text, _dates(lang))
        return parts if parts is not None and _valid(*parts) else None
    return _cached(text, lang)


def _date_match(prediction: str, golds: object, lang: str | None) -> float:
    _dates(lang)  # the same error for an unknown language everywhere
    pred = _date(prediction, lang)
    entries = as_golds(golds)  # type: ignore[arg-type]
    if pred is None:
        return 0.0
    for gold in entries:
        if _date(gold, lang) == pred:
            return 1.0
    return 0.0


def date_match(
    prediction: str,
    golds: str | Sequence[str],
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> float:
    """1.0 when the prediction and a gold both contain a date
    (:func:`extract_date`) and their first dates state the same year, month
    and day (or the same fewer of them), else 0.0. ``golds`` is one string,
    a list/tuple of them or prepared golds; ``lang`` adds the language's
    month names and decides the order of numeric dates; an unknown one raises
    :class:`~answermatch.errors.UnknownLanguageError`. The text is read as
    written unless ``preset`` names a normalization to apply first (see
    :func:`~answermatch.normalization.normalize`).

    >>> date_match("12 maja 2023", "2023-05-12", lang="pl")
    1.0
    >>> date_match("13 maja 2023", "2023-05-12", lang="pl"), date_match("w 1972", "1972年")
    (0.0, 1.0)
    >>> date_match("May 2023", ["2023-05"]), date_match("May 2023", "2023-05-12")
    (1.0, 0.0)
    """
    if preset is None and type(golds) in _PLAIN_GOLDS and type(prediction) is str:
        pass  # the usual call: the texts as written
    else:  # normalized first under a preset; prepared golds lend their lang
        lang, prediction, golds = value_texts(prediction, golds, lang, preset)
    return _date_match(prediction, golds, lang)


def date_match_batch(
    predictions: Sequence[str],
    golds: Sequence[str | Sequence[str]],
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> list[float]:
    """:func:`date_match` of each prediction against its gold entry (the
    same numbers).

    >>> date_match_batch(["1 May 2023", "2 May 2023"], ["2023-05-01", "2023-05-01"])
    [1.0, 0.0]
    """
    return value_match_batch(predictions, golds, lang, preset, date_match, _date_match, _dates)


_PATTERN_FIELD = re.compile(r"'[^']*'|y+|M+|L+|d+|[A-Za-z]+")


def format_date(iso: str, lang: str) -> str:
    """An ISO date (``2023-05-12``, ``2023-05`` or ``2023``) written as the
    language writes dates in CLDR's long form (a month and year: CLDR's
    ``yMMMM`` form; a year: the year). A language without CLDR date
    data is an :class:`~answermatch.errors.UnknownLanguageError` naming it.

    >>> format_date("2023-05-12", "de"), format_date("2023-05-12", "ja")
    ('12. Mai 2023', '2023年5月12日')
    >>> format_date("2023-05", "pl"), format_date("2023", "pl")
    ('maj 2023', '2023')
    """
    from . import _cldr
    from .numeric import _cldr_language

    code = _cldr_language(lang)
    parts = [int(p) for p in iso.split("-")]
    year, month, day = (*parts, None, None)[:3]
    if month is None:
        return str(year)
    long, month_year, names, alone = _cldr.LONG_DATE[code]
    pieces = []
    pattern = long if day is not None else month_year
    last = 0
    for match in _PATTERN_FIELD.finditer(pattern):
        pieces.append(pattern[last : match.start()])
        token = match.group()
        last = match.end()
        if token.startswith("'"):
            pieces.append(token[1:-1])
        elif token[0] == "y":
            pieces.append(str(year))
        elif token[0] in "ML":
            name = (names if token[0] == "M" else alone)[month - 1]
            pieces.append(name if len(token) >= 3 else str(month).zfill(len(token)))
        elif token[0] == "d":
            pieces.append(str(day).zfill(len(token)))
        else:
            pieces.append(token)
    pieces.append(pattern[last:])
    text = "".join(pieces)
    return text.strip()
