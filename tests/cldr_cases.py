"""Number and date cases made by the authorities: CLDR through babel, and
num2words for number words. Used by tests/test_numbers_dates.py and
benchmarks/bench_numbers.py.

Two suites are made the same way with different values and forms: the
development suite (``held_out=False``) and the held-out suite
(``held_out=True``: another seed, other value ranges and other CLDR
forms), which the matchers are never tuned against.

Each case is ``(kind, lang, text, gold)``: ``text`` is what an answer says,
``gold`` the same value in plain form (a canonical number, an ISO date), and
near-miss cases ``(kind, lang, text, other)`` pair a text with a different
value written in plain form.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator
from decimal import Decimal

from babel import Locale
from babel.dates import format_date, format_skeleton
from babel.numbers import (
    format_compact_decimal,
    format_currency,
    format_decimal,
    format_percent,
)

#: language -> the CLDR locale its cases are written in
LOCALES: dict[str, str] = {
    "ar": "ar", "bn": "bn", "da": "da", "de": "de", "el": "el", "en": "en", "es": "es",
    "fi": "fi", "fr": "fr", "he": "he", "hi": "hi", "hu": "hu", "id": "id", "it": "it",
    "ja": "ja", "km": "km", "ko": "ko", "lo": "lo", "ms": "ms", "my": "my", "nb": "nb",
    "nl": "nl", "pl": "pl", "pt": "pt", "ro": "ro", "ru": "ru", "sv": "sv", "sw": "sw",
    "te": "te", "th": "th", "tr": "tr", "vi": "vi", "zh": "zh", "zh-Hant": "zh_Hant",
}  # fmt: skip

#: language -> num2words' code for it
NUM2WORDS: dict[str, str] = {
    "ar": "ar", "bn": "bn", "da": "da", "de": "de", "en": "en", "es": "es", "fi": "fi",
    "fr": "fr", "he": "he", "hu": "hu", "id": "id", "it": "it", "ja": "ja", "ko": "ko",
    "nb": "no", "nl": "nl", "pl": "pl", "pt": "pt", "ro": "ro", "ru": "ru", "sv": "sv",
    "te": "te", "th": "th", "tr": "tr", "vi": "vi",
}  # fmt: skip

Case = tuple[str, str, str, str]


def canonical(value: Decimal) -> str:
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_ZEROS = {  # CLDR numbering system -> its digit zero (babel keeps ASCII digits)
    "arab": "\u0660", "arabext": "\u06f0", "beng": "\u09e6", "deva": "\u0966",
    "khmr": "\u17e0", "laoo": "\u0ed0", "mymr": "\u1040", "telu": "\u0c66",
    "thai": "\u0e50",
}  # fmt: skip


def _native(locale: Locale) -> str | None:
    """The locale's native numbering system, when it has digits of its own."""
    system = locale.other_numbering_systems.get("native", locale.default_numbering_system)
    return system if system in _ZEROS else None


def _digits(text: str, system: str) -> str:
    zero = ord(_ZEROS[system])
    return "".join(chr(zero + int(c)) if c.isascii() and c.isdigit() else c for c in text)


def number_cases(langs: list[str], *, held_out: bool = False) -> Iterator[Case]:
    """Numbers written as CLDR writes them: grouped, decimal, native digits,
    compact long and short, percent (held out: other values, negative and
    currency forms, two compact decimals)."""
    rng = random.Random(20261127 if held_out else 27)
    for lang in langs:
        locale = Locale.parse(LOCALES[lang])
        for _ in range(12):
            integer = (
                rng.randint(1000, 9_999_999) if not held_out else rng.randint(10_000, 99_999_999)
            )
            yield "grouped", lang, format_decimal(integer, locale=locale), str(integer)
            fraction = Decimal(rng.randint(1, 999_999 if held_out else 99_999)) / 100
            if held_out:
                fraction = -fraction
            yield "decimal", lang, format_decimal(fraction, locale=locale), canonical(fraction)
            native = _native(locale)
            if native is not None:
                text = _digits(
                    format_decimal(integer, locale=locale, numbering_system=native), native
                )
                yield "native", lang, text, str(integer)
            exponent = rng.choice((3, 6, 9) if held_out else (4, 6, 7, 9))
            mantissa = Decimal(rng.randint(11, 99)) / (100 if held_out else 10)
            value = mantissa * 10**exponent
            for form in ("long", "short") if lang != "sw" else ():
                # babel misplaces the decimals in Swahili's compact forms
                # ("milioni 96" for 9.6 million): no authority there
                text = format_compact_decimal(
                    value, format_type=form, locale=locale, fraction_digits=2
                )
                yield f"compact-{form}", lang, text, canonical(value)
            percent = Decimal(rng.randint(1, 99)) / 100
            text = format_percent(percent, locale=locale)
            yield "percent", lang, text, canonical(percent * 100)
            if held_out:
                amount = Decimal(rng.randint(100_000, 9_999_999)) / 100
                text = format_currency(amount, "EUR", locale=locale)
                yield "currency", lang, text, canonical(amount)


def near_misses(cases: list[Case]) -> Iterator[Case]:
    """Each number case against a different value a careless reader might
    take for it: one digit changed, the scale off by ten, a digit added."""
    rng = random.Random(5)
    for kind, lang, text, gold in cases:
        if kind in ("words",):
            continue
        value = Decimal(gold)
        digits = gold.lstrip("-").replace(".", "")
        position = rng.randrange(len(digits))
        changed = str((int(digits[position]) + rng.randint(1, 9)) % 10)
        other_digits = digits[:position] + changed + digits[position + 1 :]
        dot = gold.lstrip("-").find(".")
        other = other_digits if dot < 0 else other_digits[:dot] + "." + other_digits[dot:]
        other = ("-" if gold.startswith("-") else "") + other
        for candidate in (
            other,
            canonical(value * 10),
            gold + "5" if "." not in gold else gold + "7",
        ):
            if Decimal(candidate) != value:
                yield kind, lang, text, candidate


def word_cases(langs: list[str], *, held_out: bool = False) -> Iterator[Case]:
    """Whole numbers from 1 to 9,999 in words, as num2words writes them."""
    from num2words import num2words

    rng = random.Random(99 if held_out else 9)
    for lang in langs:
        for _ in range(40):
            n = rng.randint(1, 9999) if rng.random() < 0.7 else rng.randint(1, 120)
            yield "words", lang, num2words(n, lang=NUM2WORDS[lang]), str(n)


def date_cases(langs: list[str], *, held_out: bool = False) -> Iterator[Case]:
    """Dates written in CLDR's full, long and medium forms, and partial dates
    (month and year, year) (held out: other dates, and the skeletons
    ``yMMMd``, ``yMMMEd``, ``yMMM``)."""
    rng = random.Random(31 if held_out else 13)
    start = datetime.date(1800 if held_out else 1900, 1, 1).toordinal()
    for lang in langs:
        locale = Locale.parse(LOCALES[lang])
        for _ in range(10):
            day = datetime.date.fromordinal(start + rng.randrange(80_000 if held_out else 45_000))
            iso = day.isoformat()
            forms = ("yMMMd", "yMMMEd") if held_out else ("full", "long", "medium")
            for form in forms:
                if held_out:
                    text = format_skeleton(form, day, locale=locale)
                else:
                    text = format_date(day, form, locale=locale)
                yield f"date-{form}", lang, text, iso
            skeleton = "yMMM" if held_out else "yMMMM"
            yield "date-month", lang, format_skeleton(skeleton, day, locale=locale), iso[:7]


def date_near_misses(cases: list[Case]) -> Iterator[Case]:
    """Each full date against the day before, the day after and the same day
    a year later; each month against the next month."""
    for kind, lang, text, gold in cases:
        if len(gold) == 10:
            day = datetime.date.fromisoformat(gold)
            for other in (day - datetime.timedelta(1), day + datetime.timedelta(1)):
                yield kind, lang, text, other.isoformat()
            yield kind, lang, text, f"{day.year + 1}{gold[4:]}"
        elif len(gold) == 7:
            year, month = int(gold[:4]), int(gold[5:])
            yield kind, lang, text, f"{year}-{month % 12 + 1:02d}"
            yield kind, lang, text, f"{year}"
