"""Numbers and dates by value, tested against the authorities: CLDR (through
babel) and num2words, over generated values in every supported language
(tests/cldr_cases.py), a held-out suite made the same way with other values
and forms, and hand-written cases from real gold answers (MKQA)."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

import answermatch
from answermatch.errors import UnknownLanguageError
from answermatch.languages import supported_languages
from answermatch.matchers import (
    date_match,
    date_match_batch,
    extract_date,
    extract_number,
    numeric_match,
)

pytest.importorskip("babel", reason="babel (the test extra) is the authority for CLDR forms")
sys.path.insert(0, str(Path(__file__).parent))
import cldr_cases

REPO = Path(__file__).resolve().parent.parent


def _langs(codes: list[str]) -> list[str]:
    """The languages of ``codes`` answermatch accepts (all of them once the
    language list is complete)."""
    known = set(supported_languages())
    return [c for c in codes if c.split("-")[0] in known or (c == "nb" and "no" in known)]


LANGS = _langs(list(cldr_cases.LOCALES))


def _number_recall(cases: list[cldr_cases.Case]) -> tuple[Counter[str], list[str]]:
    misses: Counter[str] = Counter()
    shown: list[str] = []
    for kind, lang, text, gold in cases:
        found = extract_number(text, lang=lang)
        if found is None or Decimal(found) != Decimal(gold):
            misses[kind] += 1
            shown.append(f"{kind} {lang} {text!r}: {found} != {gold}")
    return misses, shown


@pytest.mark.parametrize("held_out", [False, True], ids=["development", "held-out"])
def test_numbers_in_cldr_forms(held_out: bool) -> None:
    cases = list(cldr_cases.number_cases(LANGS, held_out=held_out))
    totals = Counter(kind for kind, *_ in cases)
    misses, shown = _number_recall(cases)
    assert {"grouped", "decimal", "compact-long", "compact-short", "percent"} <= set(totals)
    for kind, total in totals.items():
        assert 1 - misses[kind] / total >= 0.99, (kind, shown[:20])


@pytest.mark.parametrize("held_out", [False, True], ids=["development", "held-out"])
def test_number_near_misses_never_match(held_out: bool) -> None:
    cases = list(cldr_cases.number_cases(LANGS, held_out=held_out))
    misses = list(cldr_cases.near_misses(cases))
    false = [
        (lang, text, other)
        for _, lang, text, other in misses
        if numeric_match(text, other, lang=lang) == 1.0
    ]
    assert len(misses) > 1000
    assert len(false) / len(misses) <= 0.005, false[:20]


@pytest.mark.parametrize("held_out", [False, True], ids=["development", "held-out"])
def test_number_words(held_out: bool) -> None:
    pytest.importorskip("num2words", reason="num2words (the test extra) writes number words")
    langs = _langs(list(cldr_cases.NUM2WORDS))
    per_lang: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    shown = []
    for _, lang, text, gold in cldr_cases.word_cases(langs, held_out=held_out):
        totals[lang] += 1
        if extract_number(text, lang=lang) == gold:
            per_lang[lang] += 1
        else:
            shown.append((lang, text, gold, extract_number(text, lang=lang)))
    for lang, total in totals.items():
        assert per_lang[lang] / total >= 0.95, (lang, shown[:10])


@pytest.mark.parametrize("held_out", [False, True], ids=["development", "held-out"])
def test_dates_in_cldr_forms(held_out: bool) -> None:
    cases = list(cldr_cases.date_cases(LANGS, held_out=held_out))
    totals = Counter(kind for kind, *_ in cases)
    misses: Counter[str] = Counter()
    shown = []
    for kind, lang, text, gold in cases:
        if extract_date(text, lang=lang) != gold:
            misses[kind] += 1
            shown.append((kind, lang, text, gold, extract_date(text, lang=lang)))
    for kind, total in totals.items():
        assert 1 - misses[kind] / total >= 0.98, (kind, shown[:20])
    near = list(cldr_cases.date_near_misses(cases))
    false = [c for c in near if date_match(c[2], c[3], lang=c[1]) == 1.0]
    assert len(false) / len(near) <= 0.005, false[:20]


# -- hand-written: the reading rules and real gold answers ---------------------------

NUMBERS = [
    # (text, lang, value)
    ("1.234,5", "de", "1234.5"),
    ("1.234,5", "vi", "1234.5"),
    ("1\u00a0234,5", "fr", "1234.5"),
    ("1\u202f234,5", "fr", "1234.5"),
    ("1 234,5", "pl", "1234.5"),
    ("1\u00a0234,5", "ru", "1234.5"),
    ("12,34,567", "hi", "1234567"),
    ("12,34,567.5", "en", "1234567.5"),
    ("1.000", "de", "1000"),
    ("1.000", "en", "1"),
    ("1.000", None, "1"),
    ("1,5", "de", "1.5"),
    ("1,5", "en", "1.5"),
    ("1,500", "en", "1500"),
    ("1,500", "de", "1.5"),
    ("3.5 Mio.", "de", "3500000"),
    ("3,5 Millionen", "de", "3500000"),
    ("3,5 mln", "pl", "3500000"),
    ("5 milionów", "pl", "5000000"),
    ("4 triệu", "vi", "4000000"),
    ("12 миллионов", "ru", "12000000"),
    ("3,5 млн", "ru", "3500000"),
    ("1.2 करोड़", "hi", "12000000"),
    ("3 lakh", "en", "300000"),
    ("3 million", "en", "3000000"),
    ("elfu 3", "sw", "3000"),
    ("3.5万", None, "35000"),
    ("3.5万", "zh", "35000"),
    ("1億2000万", None, "120000000"),
    ("十二億三千四百万", "ja", "1234000000"),
    ("二〇二三年", None, "2023"),
    ("一百零五", "zh", "105"),
    ("壹佰贰拾", "zh", "120"),
    ("1억 2000만", "ko", "120000000"),
    ("3천만 원", "ko", "30000000"),
    ("٢٫٥", "ar", "2.5"),
    ("١٬٢٣٤٬٥٦٧", "ar", "1234567"),
    ("৩০ লাখ", "bn", "3000000"),
    ("៣០០", None, "300"),
    ("๑,๒๓๔", None, "1234"),
    ("２，０００", None, "2000"),
    ("25 %", "fr", "25"),
    ("%25", None, "25"),
    ("٪٢٥", "ar", "25"),
    ("zweitausenddreihundertfünfundvierzig", "de", "2345"),
    ("quatre-vingt-quinze", "fr", "95"),
    ("dwa tysiące trzysta", "pl", "2300"),
    ("сто двадцать пять", "ru", "125"),
    ("hai mươi mốt", "vi", "21"),
    ("mil novecientos setenta y dos", "es", "1972"),
    ("nineteen hundred", "en", "1900"),
    # number words beyond num2words' forms: prefixed "and", colloquial hundreds
    ("אלף תשע מאות שבעים ושתיים", "he", "1972"),
    ("שלושה עשר", "he", "13"),
    ("ألف وتسعمائة واثنان وسبعون", "ar", "1972"),
    ("ثلاثمائة وخمسون", "ar", "350"),
    ("উনিশশো বাহাত্তর", "bn", "1972"),
    ("একশো পঁচিশ", "bn", "125"),
    ("రెండు వేల ఐదు వందలు", "te", "2500"),
    ("వెయ్యి", "te", "1000"),
    ("COVID-19", None, "19"),
]


@pytest.mark.parametrize(("text", "lang", "value"), NUMBERS)
def test_extract_number_forms(text: str, lang: str | None, value: str) -> None:
    assert extract_number(text, lang=lang) == value


@pytest.mark.parametrize(
    ("prediction", "gold", "lang"),
    [
        ("1,000", "1,500", "en"),
        ("3.2 million", "3.9 million", "en"),
        ("1972", "19725", None),
        ("1 000", "10 000", "pl"),
        ("3,5 mln", "3,5 mld", "pl"),
        ("1億", "1万", None),
        ("dwa tysiące", "trzy tysiące", "pl"),
        ("שלושת אלפים", "ארבעת אלפים", "he"),
        ("ثلاثة آلاف", "ثلاثمائة", "ar"),
        ("একশো পঁচিশ", "একশো ছাব্বিশ", "bn"),
        ("రెండు వేల", "రెండు వందల", "te"),
        ("1.000", "1,000", "de"),
    ],
)
def test_near_misses(prediction: str, gold: str, lang: str | None) -> None:
    assert numeric_match(prediction, gold, lang=lang) == 0.0


@pytest.mark.parametrize("lang", ["ko", None])
@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a Korean unit starting a longer word is not a unit: 조각 "piece",
        # 천사 "angel", 만큼 "as much as", 백화점 "department store"
        ("3조각", "3"),
        ("7천사", "7"),
        ("3만큼", "3"),
        ("3 백화점", "3"),
        ("3천만큼", "3000"),
        # ...but one followed by a counter, a particle or another unit is
        ("3조", "3000000000000"),
        ("3천원", "3000"),
        ("5만에", "50000"),
        ("30만여 명", "300000"),
        ("2억달러", "200000000"),
        ("3천만 원", "30000000"),
    ],
)
def test_korean_units_end_their_word(text: str, value: str, lang: str | None) -> None:
    assert extract_number(text, lang=lang) == value


def test_korean_spaced_units_end_their_word_too() -> None:
    # spaced, the unit is read as the language's scale word: the same rule
    assert extract_number("3 만 원", lang="ko") == "30000"
    assert extract_number("3 천사", lang="ko") == "3"
    assert numeric_match("3조각", "3조", lang="ko") == 0.0
    assert numeric_match("3조각", "3", lang="ko") == 1.0


def test_ideographic_numerals_inside_words_are_not_numbers() -> None:
    assert extract_number("統一") is None
    assert extract_number("千葉県") is None
    assert extract_number("約三億") == "300000000"


@pytest.mark.parametrize("text", ["", "abc", "1..2", "--", ",,,", "万", "\u0000", "٫", "1e999999"])
def test_malformed_input_is_not_equal(text: str) -> None:
    assert numeric_match(text, "5", lang="en") == 0.0
    assert date_match(text, "2023-05-12", lang="en") == 0.0


def test_unknown_language_is_one_clear_error() -> None:
    with pytest.raises(UnknownLanguageError, match="'xx'"):
        numeric_match("1", "1", lang="xx")
    with pytest.raises(UnknownLanguageError, match="'xx'"):
        date_match("1", "1", lang="xx")


# MKQA's own gold variants of one date (examples/mkqa, /work/shared/parity/mkqa)
MKQA_DATES = [
    ("de", "18 Mai 2017"), ("de", "2017 Mai, 18"), ("fi", "2017 toukokuuta 18"),
    ("ja", "2017 五月, 18"), ("ja", "18 五月 2017"), ("km", "18 ខែឧសភា 2017"),
    ("ko", "2017 5월 18"), ("ko", "18 5월 2017"), ("pl", "18 maja 2017"),
    ("ru", "2017 май 18"), ("th", "18 พฤษภาคม 2017"), ("tr", "2017 Mayıs, 18"),
    ("vi", "2017 tháng Năm, 18"), ("zh", "2017 5月 18"), ("he", "18 מאי 2017"),
    ("en", "05-18-2017"), ("en", "18/05/2017"), ("en", "2017 05 18"), ("en", "18 05 2017"),
    ("en", "05 18 2017"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "text"), [c for c in MKQA_DATES if _langs([c[0]])])
def test_mkqa_date_variants(lang: str, text: str) -> None:
    assert date_match(text, "2017-05-18", lang=lang) == 1.0
    assert date_match(text, "2017-05-17", lang=lang) == 0.0


@pytest.mark.parametrize(
    ("text", "lang", "iso"),
    [
        ("令和5年5月12日", None, "2023-05-12"),
        ("平成元年", None, "1989"),
        ("昭和64年1月7日", "ja", "1989-01-07"),
        ("二〇二三年五月十二日", "zh", "2023-05-12"),
        ("12 พฤษภาคม พ.ศ. 2566", "th", "2023-05-12"),
        ("พ.ศ. 2566", None, "2023"),
        ("12 พฤษภาคม 2566", "th", "2023-05-12"),
        ("12 พฤษภาคม ค.ศ. 2023", "th", "2023-05-12"),
        ("2023년 5월 12일", "ko", "2023-05-12"),
        ("May 2023", None, "2023-05"),
        ("in 1972", None, "1972"),
        ("12.05.2023", "de", "2023-05-12"),
        ("05/12/2023", "en", "2023-05-12"),
        ("05/12/2023", None, None),
        ("25/12/2023", None, "2023-12-25"),
        ("31 April 2023", "en", None),
        ("29 February 2023", "en", None),
        ("29 February 2024", "en", "2024-02-29"),
        ("it may rain", "en", None),
        ("mar, 10 jul 1894", "es", "1894-07-10"),
    ],
)
def test_extract_date(text: str, lang: str | None, iso: str | None) -> None:
    if lang is not None and not _langs([lang]):
        pytest.skip(f"{lang} is not in the language list yet")
    assert extract_date(text, lang=lang) == iso


def test_partial_dates_match_what_they_state() -> None:
    assert date_match("May 2023", "2023-05") == 1.0
    assert date_match("May 2023", "2023-05-12") == 0.0
    assert date_match("12 May 2023", "2023") == 0.0
    assert date_match("2023", "2023年") == 1.0
    assert date_match("2023", "2024") == 0.0
    assert date_match_batch(["1 May 2023", "May 2023"], ["2023-05-01", "2023-06"]) == [1.0, 0.0]


def test_exported_from_the_package() -> None:
    assert answermatch.date_match is date_match
    assert answermatch.extract_date is extract_date


def test_generated_cldr_module_is_current() -> None:
    spec = importlib.util.spec_from_file_location("gen", REPO / "tools" / "gen_cldr_tables.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.render() == gen.OUTPUT.read_text(encoding="utf-8"), (
        "run python tools/gen_cldr_tables.py"
    )
