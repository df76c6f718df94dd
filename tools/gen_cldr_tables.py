"""Generate ``src/answermatch/matchers/_cldr.py``: the CLDR facts the number
and date matchers need, per language, as small Python literals.

Usage: ``python tools/gen_cldr_tables.py`` (needs ``babel``, a test
dependency; the library itself reads only the generated module, so it does
not depend on babel at run time). Re-run it after upgrading babel and commit
the result; ``tests/test_numbers_dates.py`` checks the module is what this
script makes.

What is taken from CLDR, for each language (from the locales listed in
``LOCALES``; the first one decides the symbols and the date order):

- the decimal and grouping signs of the default numbering system;
- the compact decimal forms, long and short, every plural form
  (``0 Millionen``, ``0 Mio.``, ``0万``, ``elfu 0``): the word, its power of
  ten and whether it stands before the number;
- the month names (format and stand-alone, wide and abbreviated) and the
  order of day, month and year in the short date pattern.
"""

from __future__ import annotations

import pprint
import re
import sys
import unicodedata
from pathlib import Path

from babel import Locale
from babel.numbers import get_decimal_symbol, get_group_symbol

OUTPUT = Path(__file__).resolve().parent.parent / "src" / "answermatch" / "matchers" / "_cldr.py"

#: language code -> the CLDR locales whose data it takes (first one decides
#: symbols and date order; the others add words and month names)
LOCALES: dict[str, tuple[str, ...]] = {
    "ar": ("ar", "ar_SY"),
    "bn": ("bn",),
    "da": ("da",),
    "de": ("de",),
    "el": ("el",),
    "en": ("en", "en_GB", "en_IN"),
    "es": ("es",),
    "fi": ("fi",),
    "fr": ("fr",),
    "he": ("he",),
    "hi": ("hi",),
    "hu": ("hu",),
    "id": ("id",),
    "it": ("it",),
    "ja": ("ja",),
    "km": ("km",),
    "ko": ("ko",),
    "lo": ("lo",),
    "ms": ("ms",),
    "my": ("my",),
    "nb": ("nb",),
    "nl": ("nl",),
    "pl": ("pl",),
    "pt": ("pt", "pt_PT"),
    "ro": ("ro",),
    "ru": ("ru",),
    "sv": ("sv",),
    "sw": ("sw",),
    "te": ("te",),
    "th": ("th",),
    "tr": ("tr",),
    "vi": ("vi",),
    "zh": ("zh", "zh_Hant", "zh_Hant_HK"),
}

_SPACES = re.compile(r"[\s\u00a0\u202f]+")
_MARKS = re.compile("[\u200e\u200f\u061c]")


def _pattern_text(pattern: str) -> str:
    """A CLDR pattern's literal text: quotes and direction marks removed,
    spaces made single."""
    text = pattern.replace("''", "\0").replace("'", "").replace("\0", "'")
    return _SPACES.sub(" ", _MARKS.sub("", text))


def _compact(
    locale: Locale, found: dict[tuple[str, bool], int], spaced: set[tuple[str, bool]]
) -> None:
    for form in ("long", "short"):
        for plurals in locale.compact_decimal_formats[form].values():
            for magnitude, pattern in plurals.items():
                text = _pattern_text(str(getattr(pattern, "pattern", pattern)).split(";")[0])
                zeros = re.search(r"0+", text)
                if zeros is None:
                    continue
                exponent = len(magnitude) - 1 - (len(zeros.group()) - 1)
                before, after = text[: zeros.start()], text[zeros.end() :]
                if before.endswith(" ") or after.startswith(" "):
                    spaced.add((before.strip() or after.strip(), bool(before.strip())))
                before, after = before.strip(), after.strip()
                if bool(before) == bool(after) or exponent <= 0:
                    continue  # no word, or words on both sides: not a compact form
                key = (before or after, bool(before))
                if key not in found or exponent < found[key]:
                    found[key] = exponent  # the smallest reading wins a clash


#: CLDR numbering system -> the Unicode name of its digit zero
_ZEROS = {
    "arab": "ARABIC-INDIC DIGIT ZERO",
    "arabext": "EXTENDED ARABIC-INDIC DIGIT ZERO",
    "beng": "BENGALI DIGIT ZERO",
    "deva": "DEVANAGARI DIGIT ZERO",
    "khmr": "KHMER DIGIT ZERO",
    "laoo": "LAO DIGIT ZERO",
    "mymr": "MYANMAR DIGIT ZERO",
    "telu": "TELUGU DIGIT ZERO",
    "thai": "THAI DIGIT ZERO",
}


def _native(locale: Locale) -> tuple[str, str, str] | None:
    """(digit zero, decimal sign, grouping sign) of the native digits."""
    system = locale.other_numbering_systems.get("native", locale.default_numbering_system)
    if system not in _ZEROS:
        return None
    return (
        unicodedata.lookup(_ZEROS[system]),
        get_decimal_symbol(locale, numbering_system=system),
        get_group_symbol(locale, numbering_system=system),
    )


def _order(locale: Locale) -> str:
    letters = [c for c in locale.date_formats["short"].pattern if c in "yMd"]
    order = "".join(dict.fromkeys(c.lower() for c in letters))
    return order if len(order) == 3 else "dmy"


def _months(locale: Locale, months: dict[str, int]) -> None:
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated"):
            for number, name in locale.months[context][width].items():
                name = _SPACES.sub(" ", name).lower()
                for variant in (name, name.rstrip(".")):
                    if variant and not variant.isdigit():
                        months.setdefault(variant, number)


def _weekdays(locale: Locale, names: set[str]) -> None:
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated", "short"):
            for name in locale.days[context][width].values():
                name = _SPACES.sub(" ", name).lower()
                names.update((name, name.rstrip(".")))


def _long_date(locale: Locale) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """The long date pattern and the month-year pattern (an era written out
    as the Common Era's abbreviation, quoted), and the month names they use
    (format, stand-alone)."""

    def era(pattern: str) -> str:
        return re.sub(r"G+", lambda _: "'" + locale.eras["abbreviated"][1] + "'", pattern)

    month_year = locale.datetime_skeletons["yMMMM"].pattern
    names = locale.months["format"]["wide"]
    alone = locale.months["stand-alone"]["wide"]
    return (
        era(locale.date_formats["long"].pattern),
        era(month_year),
        tuple(names[m] for m in range(1, 13)),
        tuple(alone[m] for m in range(1, 13)),
    )


def tables() -> dict[str, dict[str, object]]:
    numbers: dict[str, tuple[str, str]] = {}
    compact: dict[str, tuple[tuple[str, int, bool], ...]] = {}
    months: dict[str, dict[str, int]] = {}
    orders: dict[str, str] = {}
    native: dict[str, tuple[str, str, str]] = {}
    grouping: dict[str, tuple[int, ...]] = {}
    long_dates: dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...]]] = {}
    weekday_months: dict[str, tuple[str, ...]] = {}
    for lang, codes in LOCALES.items():
        first = Locale.parse(codes[0])
        numbers[lang] = (
            get_decimal_symbol(first, numbering_system="default"),
            get_group_symbol(first, numbering_system="default"),
        )
        orders[lang] = _order(first)
        grouping[lang] = tuple(first.decimal_formats[None].grouping)
        long_dates[lang] = _long_date(first)
        digits = _native(first)
        if digits is not None:
            native[lang] = digits
        found: dict[tuple[str, bool], int] = {}
        spaced: set[tuple[str, bool]] = set()
        names: dict[str, int] = {}
        days: set[str] = set()
        for code in codes:
            locale = Locale.parse(code)
            _compact(locale, found, spaced)
            _months(locale, names)
            _weekdays(locale, days)
        compact[lang] = tuple(
            sorted(
                (word, exponent, prefix, (word, prefix) in spaced)
                for (word, prefix), exponent in found.items()
            )
        )
        months[lang] = dict(sorted(names.items()))
        if names.keys() & days:
            weekday_months[lang] = tuple(sorted(names.keys() & days))
    return {
        "NUMBERS": numbers,
        "NATIVE": native,
        "COMPACT": compact,
        "MONTHS": months,
        "WEEKDAY_MONTHS": weekday_months,
        "DATE_ORDER": orders,
        "GROUPING": grouping,
        "LONG_DATE": long_dates,
    }


def render() -> str:
    import babel

    parts = [
        '"""CLDR number and date facts per language, generated by',
        "``tools/gen_cldr_tables.py`` from babel "
        f"{babel.__version__} (CLDR data); do not edit by hand.",
        "",
        "NUMBERS: (decimal sign, grouping sign); NATIVE: (digit zero, decimal",
        "sign, grouping sign) of the language's own digits; COMPACT: (word, power of ten,",
        "word before the number, a space between them); MONTHS: lower-case",
        "month name -> month; WEEKDAY_MONTHS: month names that are also",
        "names of weekdays (es ``mar``); DATE_ORDER: the order of day, month and year",
        "in numeric dates; GROUPING: the sizes of the first and the other digit",
        "groups (3, 2 in Indian grouping); LONG_DATE: CLDR's long date and",
        "month-year patterns and month names, format and stand-alone (for",
        'writing a date as the language does)."""',
        "",
        "# ruff: noqa: E501  (generated data: long lines of wide characters)",
        "# fmt: off",
    ]
    for name, value in tables().items():
        parts.append(f"{name} = {pprint.pformat(value, width=90, compact=True)}")
    parts.append("# fmt: on")
    return "\n".join(parts) + "\n"


def main() -> int:
    text = render()
    if "--check" in sys.argv[1:]:
        same = OUTPUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUTPUT} is stale: run tools/gen_cldr_tables.py")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT} ({len(text)} characters)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
