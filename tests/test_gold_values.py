"""check-gold's value checks and --suggest: variants of one question that
disagree in value, and the forms a gold file should add."""

from __future__ import annotations

import json

import pytest

from answermatch.checks import Entry, GoldFile, check_values, suggested_variants
from answermatch.cli import main
from answermatch.goldcheck import check_gold, suggest_variants


def codes(*entries: Entry) -> list[tuple[int | None, str]]:
    return [(f.line, f.code) for f in check_values(GoldFile("g", list(entries)), None)]


def test_values_that_agree_are_not_flagged() -> None:
    assert (
        codes(
            Entry(1, 1, ("3,5 mln", "3500000", "3,5 miliona"), "pl"),
            Entry(2, 2, ("18 maja 2017", "2017-05-18", "18/05/2017", "2017"), "pl"),
            Entry(3, 3, ("1,000", "1000", "one thousand"), "en"),
            Entry(4, 4, ("1億2000万", "120000000"), "ja"),
            Entry(5, 5, ("Warszawa", "Warsaw"), "pl"),
        )
        == []
    )


def test_different_values_are_flagged() -> None:
    assert codes(
        Entry(1, 1, ("1,000", "1,500"), "en"),
        Entry(2, 2, ("3,2 mln", "3,9 mln"), "pl"),
        Entry(3, 3, ("18 maja 2017", "17 maja 2017"), "pl"),
        Entry(4, 4, ("18 maja 2017", "2016"), "pl"),
        Entry(5, 5, ("5 km", "5"), "pl"),
    ) == [
        (1, "value-disagreement"),
        (2, "value-disagreement"),
        (3, "date-disagreement"),
        (4, "date-disagreement"),
        (5, "unit-lost"),
    ]


def test_the_language_decides_how_a_variant_reads() -> None:
    # 1.000 is a thousand in German and one in English
    assert codes(Entry(1, 1, ("1.000", "1000"), "de")) == []
    assert codes(Entry(1, 1, ("1.000", "1000"), "en")) == [(1, "value-disagreement")]
    # an unknown language code (a dataset's own) reads as no language
    assert codes(Entry(1, 1, ("1,000", "1000"), "xx-own")) == []


def test_labelled_candidates_are_not_answers() -> None:
    assert codes(Entry(1, 1, ("in 1990", "in 1991"), "en", labels="01")) == []


def test_suggested_variants() -> None:
    assert suggested_variants(Entry(1, 1, ("3,5 mln",), "pl")) == ["3500000", "3\u00a0500\u00a0000"]
    assert suggested_variants(Entry(1, 1, ("2017-05-18",), "de")) == ["18. Mai 2017"]
    assert suggested_variants(Entry(1, 1, ("1914",), "en")) == []  # no 1,914 for a year
    assert suggested_variants(Entry(1, 1, ("5 km",), "en")) == []  # a unit is kept
    assert suggested_variants(Entry(1, 1, ("Paris",), "fr")) == []


def test_variants_that_disagree_get_no_suggestion() -> None:
    # check-gold warns (date-disagreement, value-disagreement); --suggest adds
    # no form of either value, since one of them is wrong
    for variants in (("18 maja 2017", "17 maja 2017"), ("18 maja 2017", "2016")):
        assert codes(Entry(1, 1, variants, "pl")) == [(1, "date-disagreement")]
        assert suggested_variants(Entry(1, 1, variants, "pl")) == []
    assert codes(Entry(1, 1, ("3,2 mln", "3,9 mln"), "pl")) == [(1, "value-disagreement")]
    assert suggested_variants(Entry(1, 1, ("3,2 mln", "3,9 mln"), "pl")) == []
    # a date and a part of it (its year) agree: the forms are still suggested
    assert suggested_variants(Entry(1, 1, ("18 maja 2017", "2017"), "pl")) == ["2017-05-18"]


def test_number_words_get_their_digits_but_a_range_gets_nothing() -> None:
    # XOR-Full's te and ar gold: a number in words, "a hundred trillion", a range
    assert suggested_variants(Entry(1, 1, ("ఐదు",), "te")) == ["5"]
    assert suggested_variants(Entry(1, 1, ("خمسة",), "ar")) == ["5"]
    assert suggested_variants(Entry(1, 1, ("వంద ట్రిలియన్లు",), "te"))[0] == "100000000000000"
    # "between 129000 and 226000": the "and" between digits keeps it from being one number
    assert suggested_variants(Entry(1, 1, ("بين 129000 و 226000",), "ar")) == []
    # ranges state two values: neither is suggested, nor compared
    for variants in (("1868-1874",), ("70-85 మిలియన్లు",), ("5\u00a0— 17 января 1912 года",)):
        assert suggested_variants(Entry(1, 1, variants, "ru")) == []
    assert codes(Entry(1, 1, ("800-1050", "1200"), "fi")) == []
    # ...but ISO dates, whole or a month, are one value
    assert suggested_variants(Entry(1, 1, ("2017-05",), "en")) == ["May 2017"]
    assert suggested_variants(Entry(1, 1, ("05-18-2017",), "en")) == ["2017-05-18", "May 18, 2017"]


def test_suggested_chinese_script_variants() -> None:
    pytest.importorskip("opencc", reason="OpenCC is the zh extra's (answermatch[zh])")
    assert suggested_variants(Entry(1, 1, ("臺灣大學",), "zh_tw")) == ["台湾大学"]
    assert suggested_variants(Entry(1, 1, ("北京大学",), "zh-CN")) == ["北京大學"]
    # both scripts already given, or no Han character: nothing to add
    assert suggested_variants(Entry(1, 1, ("臺灣", "台湾"), "zh")) == []
    assert suggested_variants(Entry(1, 1, ("WTO",), "zh")) == []


def _xor_gold(tmp_path, *records):
    path = tmp_path / "gold.jsonl"
    path.write_text(
        "".join(
            json.dumps({"id": i, "question": "?", "answers": a, "lang": lang}, ensure_ascii=False)
            + "\n"
            for i, a, lang in records
        ),
        encoding="utf-8",
    )
    return path


def test_check_gold_and_suggest_on_a_file(tmp_path, capsys) -> None:
    path = _xor_gold(
        tmp_path,
        ("a", ["1869", "1865"], "fi"),
        ("b", ["18 toukokuuta 2017"], "fi"),
        ("c", ["18 toukokuuta 2017", "2017-05-19"], "fi"),
    )
    found = [(f.line, f.code) for f in check_gold("xor-full", path)]
    assert (1, "value-disagreement") in found and (3, "date-disagreement") in found
    suggested = suggest_variants("xor-full", path)
    assert [(s.line, s.variants) for s in suggested] == [(2, ("2017-05-18", "18. toukokuuta 2017"))]
    assert main(["check-gold", "xor-full", "--gold", str(path), "--suggest", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["suggestions"][0]["variants"] == ["2017-05-18", "18. toukokuuta 2017"]
    assert payload["counts"]["value-disagreement"] == 1
