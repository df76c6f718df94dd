"""The core matchers on real answers in every supported language.

Expected values are derived by hand (token counts, edit operations) or, for
Japanese and Chinese word counts, from MeCab / jieba called directly.
"""

from __future__ import annotations

import unicodedata
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.errors import AnswermatchWarning, UnknownLanguageError
from answermatch.matchers import (
    Match,
    _inputs,
    best_match,
    exact_match,
    extract_number,
    levenshtein_distance,
    levenshtein_ratio,
    numeric_match,
    split_parts,
    token_f1,
    unordered_match,
)
from answermatch.matchers.unordered import MAX_PARTS


@pytest.fixture(autouse=True)
def _unspaced_warning_not_yet_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test sees the once-per-process warning as if it were the first."""
    monkeypatch.setattr(_inputs, "_warned_unspaced", False)


def test_public_names_resolve_from_the_package() -> None:
    for name in [
        "exact_match",
        "token_f1",
        "levenshtein_distance",
        "levenshtein_ratio",
        "extract_number",
        "numeric_match",
        "best_match",
        "unordered_match",
        "Match",
        "normalize",
    ]:
        assert callable(getattr(answermatch, name))
    assert answermatch.exact_match is exact_match


# --- argument checks -------------------------------------------------------------------

MATCHERS_WITH_GOLDS = [exact_match, token_f1, levenshtein_ratio, numeric_match, unordered_match]


@pytest.mark.parametrize("fn", MATCHERS_WITH_GOLDS)
def test_golds_checks(fn) -> None:
    with pytest.raises(ValueError, match="golds is empty"):
        fn("x", [])
    with pytest.raises(ValueError, match="golds is empty"):
        fn("x", ())
    with pytest.raises(TypeError, match="prediction must be a str, not NoneType"):
        fn(None, "x")
    with pytest.raises(TypeError, match="golds must be a str or a list/tuple of str, not int"):
        fn("x", 5)
    with pytest.raises(TypeError, match="golds must be a str or a list/tuple"):
        fn("x", (g for g in ["x"]))
    with pytest.raises(TypeError, match="golds must be a str or a list/tuple of str, not bytes"):
        fn("x", b"x")
    with pytest.raises(TypeError, match=r"golds\[1\] must be a str, not bytes"):
        fn("x", ["x", b"x"])
    assert fn("1", ("2", "1")) == 1.0  # a tuple is fine, the best gold counts


def test_unknown_preset_overlap_unit() -> None:
    with pytest.raises(ValueError, match="unknown normalization preset"):
        exact_match("a", "a", preset="sqad")
    with pytest.raises(ValueError, match="unknown overlap 'multiset'; overlaps: bag, set"):
        token_f1("a", "a", overlap="multiset")
    with pytest.raises(ValueError, match="unknown unit 'letter'; units: word, char"):
        token_f1("a", "a", unit="letter")
    with pytest.raises(ValueError, match=r"both_empty must be a number in \[0, 1\]"):
        token_f1("a", "a", both_empty=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'mode'"):
        token_f1("a", "a", mode="set")  # type: ignore[call-arg]


# --- exact match ------------------------------------------------------------------------

EM_CASES = [
    # (prediction, golds, lang, expected)
    ("The Eiffel Tower.", ["Eiffel tower"], "en", 1.0),
    ("Eiffel Tower", ["The Louvre", "tower"], "en", 0.0),
    ("„Pan Tadeusz”", "Pan Tadeusz", "pl", 1.0),
    ("Mickiewicza", "Mickiewicz", "pl", 0.0),
    ("東京都。", "東京都", "ja", 1.0),
    ("ｶﾞｲﾄﾞ", "ガイド", "ja", 1.0),
    ("《红楼梦》", ["红楼梦", "石头记"], "zh", 1.0),
    (unicodedata.normalize("NFD", "Hà Nội"), "Hà Nội", "vi", 1.0),
    ("Hà Nội", "Ha Noi", "vi", 0.0),  # tone marks are significant
    ("الْقَاهِرَة", "القاهرة", None, 1.0),
    ("القاهرة", "قاهرة", "ar", 1.0),
    ("ঢাকা।", "ঢাকা", "bn", 1.0),
    ("ঢাকা", "ঢকা", "bn", 0.0),  # the vowel sign is part of the word
    ("HELSINKI", "Helsinki", "fi", 1.0),
    ("서울.", "서울", "ko", 1.0),
    ("서울특별시", "서울", "ko", 0.0),
    ("Москва!", "москва", "ru", 1.0),
    ("హైదరాబాద్.", "హైదరాబాద్", "te", 1.0),
    ("హైదరాబాదు", "హైదరాబాద్", "te", 0.0),
    ("", "", None, 1.0),
    ("!", ["x", ""], None, 1.0),
    ("", "x", None, 0.0),
]


@pytest.mark.parametrize(("prediction", "golds", "lang", "expected"), EM_CASES)
def test_exact_match(prediction, golds, lang, expected) -> None:
    assert exact_match(prediction, golds, lang=lang) == expected


def test_exact_match_presets() -> None:
    assert exact_match("ＡＢＣ", "abc") == 1.0
    assert exact_match("ＡＢＣ", "abc", preset="squad") == 0.0
    assert exact_match("the cat", "cat", preset="squad") == 1.0
    assert exact_match("the cat", "cat") == 0.0  # lang=None: no article list
    assert exact_match("人口", "口", preset="xor-full") == 1.0
    assert exact_match(" a ", "a", preset="none") == 0.0


# --- token F1 ----------------------------------------------------------------------------


def test_token_f1_counts() -> None:
    # shared 2 of 3 predicted and 2 gold words: 2*2/(3+2)
    assert token_f1("Adam Bernard Mickiewicz", "Adam Mickiewicz") == pytest.approx(0.8)
    assert token_f1("Mickiewicz Adam", "Adam Mickiewicz") == 1.0
    assert token_f1("Bolesław Prus", "Prus", lang="pl") == pytest.approx(2 / 3)
    # bag: shared 1 -> 2/(3+1); set: {paris, london} vs {paris} -> 2/(2+1)
    assert token_f1("paris paris london", "paris") == pytest.approx(0.5)
    assert token_f1("paris paris london", "paris", overlap="set") == pytest.approx(2 / 3)
    # the best gold wins: 2/(3+1) against "york", 4/(3+2) against "new york"
    assert token_f1("new york city", ["york", "new york"]) == pytest.approx(0.8)
    assert token_f1("Warszawa", "Kraków") == 0.0
    assert token_f1("", "x") == 0.0
    assert token_f1("", "") == 1.0
    assert token_f1("...", "") == 1.0  # equal after normalization


@pytest.mark.parametrize(
    ("prediction", "gold", "expected"),
    [
        ("thành phố Hà Nội", "Hà Nội", 2 * 2 / (4 + 2)),  # vi syllables, lang=None
        ("جامعة القاهرة", "القاهرة", 2 * 1 / (2 + 1)),  # ar
        ("ঢাকা বিশ্ববিদ্যালয়", "ঢাকা", 2 * 1 / (2 + 1)),  # bn
        ("Helsingin yliopisto", "yliopisto", 2 * 1 / (2 + 1)),  # fi
        ("서울 특별시", "서울", 2 * 1 / (2 + 1)),  # ko
        ("Лев Николаевич Толстой", "Лев Толстой", 2 * 2 / (3 + 2)),  # ru
        ("శ్రీ కృష్ణదేవరాయలు", "కృష్ణదేవరాయలు", 2 * 1 / (2 + 1)),  # te
    ],
)
def test_token_f1_whitespace_languages(prediction: str, gold: str, expected: float) -> None:
    assert token_f1(prediction, gold) == pytest.approx(expected)


def test_token_f1_articles_follow_lang() -> None:
    # with lang="en" "the" is dropped: {ultimate, answer} vs {answer}
    assert token_f1("The ultimate answer", "answer", lang="en") == pytest.approx(2 / 3)
    assert token_f1("The ultimate answer", "answer") == pytest.approx(0.5)


def _f1(pred: list[str], gold: list[str]) -> float:
    shared = sum(min(pred.count(t), gold.count(t)) for t in set(pred))
    return 0.0 if shared == 0 else 2 * shared / (len(pred) + len(gold))


def test_token_f1_japanese_counts_mecab_words() -> None:
    fugashi = pytest.importorskip("fugashi")
    tagger = fugashi.Tagger()
    pred, gold = "東京都千代田区", "千代田区"
    expected = _f1([w.surface for w in tagger(pred)], [w.surface for w in tagger(gold)])
    assert 0.0 < expected < 1.0
    assert token_f1(pred, gold, lang="ja") == pytest.approx(expected)
    with pytest.warns(AnswermatchWarning, match="without spaces"):
        assert token_f1(pred, gold) == 0.0  # whole strings without a tokenizer


def test_token_f1_chinese_counts_jieba_words() -> None:
    jieba = pytest.importorskip("jieba")
    pred, gold = "北京市海淀区", "海淀区"
    expected = _f1(
        [t for t in jieba.lcut(pred) if t.strip()], [t for t in jieba.lcut(gold) if t.strip()]
    )
    assert 0.0 < expected < 1.0
    assert token_f1(pred, gold, lang="zh") == pytest.approx(expected)
    with pytest.warns(AnswermatchWarning, match="without spaces"):
        assert token_f1(pred, gold) == 0.0


# --- edit distance -------------------------------------------------------------------------


def test_levenshtein_distance() -> None:
    assert levenshtein_distance("kitten", "sitting") == 3
    assert levenshtein_distance("Kraków", "Krakow") == 1  # ó -> o
    assert (
        levenshtein_distance(unicodedata.normalize("NFD", "Kraków"), "Krakow") == 1
    )  # drop U+0301
    assert levenshtein_distance("東京", "京都") == 2
    assert levenshtein_distance("서울", "서울시") == 1
    assert levenshtein_distance("", "abc") == 3
    assert levenshtein_distance("😀a", "a") == 1  # one code point, not two UTF-16 units
    with pytest.raises(TypeError, match="b must be a str"):
        levenshtein_distance("a", 1)  # type: ignore[arg-type]


def test_levenshtein_ratio() -> None:
    assert levenshtein_ratio("Москва", "Москве") == pytest.approx(1 - 1 / 6)
    assert levenshtein_ratio("Mickiewicz", "Mickiewicza") == pytest.approx(1 - 1 / 11)
    assert levenshtein_ratio("東京", "京都") == 0.0
    assert levenshtein_ratio("", "abc") == 0.0
    assert levenshtein_ratio("", "") == 1.0
    with pytest.raises(TypeError, match="prediction must be a str"):
        levenshtein_ratio(None, "a")  # type: ignore[arg-type]
    # a list of golds: the best counts
    assert levenshtein_ratio("Mickiewicz", ["Słowacki", "Mickiewicza"]) == pytest.approx(1 - 1 / 11)
    assert levenshtein_ratio("a", ["a"]) == 1.0
    with pytest.raises(TypeError, match=r"golds\[1\] must be a str"):
        levenshtein_ratio("a", ["a", 1])  # type: ignore[list-item]
    # normalized by default, like every matcher; preset="none" compares as written
    assert levenshtein_ratio("KRAKÓW!", "Kraków") == 1.0
    assert levenshtein_ratio("KRAKÓW!", "Kraków", preset="unicode") == 1.0
    assert levenshtein_ratio("KRAKÓW!", "Kraków", preset="none") < 0.5


def test_levenshtein_ratio_differs_from_rapidfuzz_and_geval() -> None:
    from rapidfuzz import fuzz

    # Indel: a swap of two letters is 2 edits over 4 characters -> 50
    assert fuzz.ratio("ab", "ba") == pytest.approx(50.0)
    assert levenshtein_ratio("ab", "ba") == 0.0  # two substitutions over 2 characters
    # GEval's gold-relative score 1 - d/len(gold) goes negative; this stays in [0, 1]
    d = levenshtein_distance("abcdef", "a")
    assert 1 - d / len("a") == -4
    assert levenshtein_ratio("abcdef", "a") == pytest.approx(1 - 5 / 6)


# --- numbers -----------------------------------------------------------------------------

NUMBER_CASES = [
    ("około 1 000 osób", "1000"),
    ("1\u00a0000", "1000"),
    ("1\u202f000\u202f000 mieszkańców", "1000000"),
    ("12 345 678", "12345678"),
    ("3,5 mln", "3.5"),
    ("3,50 zł", "3.5"),
    ("1 000,50", "1000.5"),
    ("1,000.5", "1000.5"),
    ("1.000,5", "1000.5"),
    ("1.234.567,89", "1234567.89"),
    ("1,000", "1000"),
    ("1.000", "1"),
    ("1.000.000", "1000000"),
    ("0,125", "0.125"),
    ("1,2345", "1.2345"),
    ("1234,567", "1234.567"),
    ("1,234,5", "1234"),
    ("1,5.3", "1.5"),
    ("1'234'567.25", "1234567.25"),
    ("1’000", "1000"),
    ("3.14159", "3.14159"),
    ("1990 200", "1990"),
    ("2 2015", "2"),
    ("−5 °C", "-5"),
    ("temperatura: -5", "-5"),
    ("+7", "7"),
    ("－３", "-3"),
    ("COVID-19", "19"),
    ("x -5", "-5"),
    (".5", "0.5"),
    ("-.5", "-0.5"),
    ("No.5", "5"),
    ("v2.0", "2"),
    ("05", "5"),
    ("0.0", "0"),
    ("-0", "0"),
    ("1990–2000", "1990"),
    ("50%", "50"),
    ("١٩٧١", "1971"),
    ("٢٫٥", "2.5"),
    ("١٬٠٠٠", "1000"),
    ("১৯৭১ সালে", "1971"),
    ("२०२०", "2020"),
    ("２０２０年", "2020"),
    ("૧૨", "12"),
    ("brak", None),
    ("", None),
    ("五", "5"),  # ideographic numerals are read in every language
    ("統一", None),  # ... but not inside a word
]


@pytest.mark.parametrize(("text", "expected"), NUMBER_CASES)
def test_extract_number(text: str, expected: str | None) -> None:
    assert extract_number(text) == expected


def test_extract_number_type_error() -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        extract_number(5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("prediction", "gold", "expected"),
    [
        ("w 1 410 roku", "1410", True),
        ("3,50", "3.5", True),
        ("1,000", "1000.0", True),
        ("٥", "5", True),
        ("১২ জন", "12", True),
        ("5", "-5", False),
        ("pięć", "5", False),
        ("", "", False),
        ("1410", "1411", False),
    ],
)
def test_numeric_match(prediction: str, gold: str, expected: bool) -> None:
    score = numeric_match(prediction, gold)
    assert type(score) is float
    assert score == (1.0 if expected else 0.0)


# --- best match ------------------------------------------------------------------------------


def test_best_match() -> None:
    golds = ["Słowacki", "Mickiewicz", "Mickiewicza"]
    assert best_match("Mickiewicza", golds, levenshtein_ratio) == Match(1.0, "Mickiewicza", 2)
    m = best_match("Mickiewic", golds, levenshtein_ratio)
    assert (m.gold, m.index) == ("Mickiewicz", 1)
    assert m.score == pytest.approx(0.9)
    # ties: the first gold wins
    assert best_match("x", ["a", "b", "x", "x"], lambda p, g: float(p == g)).index == 2
    assert best_match("x", "a", lambda p, g: 0) == Match(0.0, "a", 0)
    em = partial(exact_match, lang="en")
    assert best_match("The Who", ("Who", "The Who"), em) == Match(1.0, "Who", 0)
    with pytest.raises(ValueError, match="golds is empty"):
        best_match("x", [], levenshtein_ratio)
    with pytest.raises(TypeError, match="matcher must be a function"):
        best_match("x", ["a"], None)
    with pytest.raises(TypeError, match="prediction must be a str"):
        best_match(1, ["x"], levenshtein_ratio)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"golds\[0\] must be a str"):
        best_match("x", [None], levenshtein_ratio)  # type: ignore[list-item]


def test_match_is_frozen() -> None:
    m = Match(1.0, "a", 0)
    with pytest.raises(AttributeError):
        m.score = 0.5  # type: ignore[misc]


# --- parts in any order -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "parts"),
    [
        ("pasternak i figa", "pl", ["pasternak", "figa"]),
        ("Afrykę oraz Azję", "pl", ["Afrykę", "Azję"]),
        ("Salt AND pepper", "en", ["Salt", "pepper"]),
        ("Andes and Alps", "en", ["Andes", "Alps"]),  # "and" inside words stays
        ("Rock&Roll", "en", ["Rock", "Roll"]),
        ("Rock & Roll", None, ["Rock", "Roll"]),
        ("salt and pepper", None, ["salt and pepper"]),
        ("Hà Nội và Huế", "vi", ["Hà Nội", "Huế"]),
        ("Ромео и Джульетта", "ru", ["Ромео", "Джульетта"]),
        ("Suomi ja Ruotsi", "fi", ["Suomi", "Ruotsi"]),
        ("Suomi sekä Ruotsi", "fi", ["Suomi", "Ruotsi"]),
        ("ঢাকা ও চট্টগ্রাম", "bn", ["ঢাকা", "চট্টগ্রাম"]),
        ("రాముడు మరియు సీత", "te", ["రాముడు", "సీత"]),
        ("مصر و السودان", "ar", ["مصر", "السودان"]),
        ("مصر والسودان", "ar", ["مصر", "السودان"]),
        ("والسودان", "ar", ["والسودان"]),  # first word: not split
        ("رئيس وزراء كندا", "ar", ["رئيس وزراء كندا"]),  # و of وزراء is no conjunction
        ("서울과 부산", "ko", ["서울", "부산"]),
        ("도쿄와 오사카", "ko", ["도쿄", "오사카"]),
        ("BTS와 EXO", "ko", ["BTS", "EXO"]),
        ("사과 배", "ko", ["사과 배"]),  # 과 after a vowel is not the particle
        ("서울 및 부산", "ko", ["서울", "부산"]),
        ("pasternak i", "pl", ["pasternak"]),
        ("", "en", []),
    ],
)
def test_split_parts(text: str, lang: str | None, parts: list[str]) -> None:
    assert split_parts(text, lang) == parts


def test_split_parts_japanese_and_chinese_use_words() -> None:
    pytest.importorskip("fugashi")
    pytest.importorskip("jieba")
    assert split_parts("東京と大阪", "ja") == ["東京", "大阪"]
    assert split_parts("ことば", "ja") == ["ことば"]
    assert split_parts("埃及和苏丹", "zh") == ["埃及", "苏丹"]
    assert split_parts("中华人民共和国", "zh") == ["中华人民共和国"]


def test_split_parts_unknown_language() -> None:
    with pytest.raises(UnknownLanguageError, match="unknown language 'xx'"):
        split_parts("a and b", "xx")


def _em(lang: str | None):
    return partial(exact_match, lang=lang)


@pytest.mark.parametrize(
    ("prediction", "gold", "lang", "expected"),
    [
        ("figa i pasternak", "pasternak i figa", "pl", 1.0),
        ("Azję i Afrykę", "Afrykę i Azję", "pl", 1.0),
        ("Azję i Europę", "Afrykę i Azję", "pl", 0.5),
        ("Azję i Europę i Afrykę", "Afrykę i Azję", "pl", 0.0),  # 3 parts vs 2
        ("pepper and salt", "salt and pepper", "en", 1.0),
        ("Huế và Hà Nội", "Hà Nội và Huế", "vi", 1.0),
        ("Джульетта и Ромео", "Ромео и Джульетта", "ru", 1.0),
        ("Ruotsi ja Suomi", "Suomi ja Ruotsi", "fi", 1.0),
        ("السودان و مصر", "مصر والسودان", "ar", 1.0),
        ("부산과 서울", "서울과 부산", "ko", 1.0),
        ("চট্টগ্রাম ও ঢাকা", "ঢাকা ও চট্টগ্রাম", "bn", 1.0),
        ("సీత మరియు రాముడు", "రాముడు మరియు సీత", "te", 1.0),
        ("c and a and b", "a and b and c", "en", 1.0),
        ("d and a and b", "a and b and c", "en", 2 / 3),
    ],
)
def test_unordered_match(prediction: str, gold: str, lang: str, expected: float) -> None:
    assert unordered_match(prediction, gold, lang=lang, matcher=_em(lang)) == pytest.approx(
        expected
    )


def test_unordered_match_japanese_and_chinese() -> None:
    pytest.importorskip("fugashi")
    pytest.importorskip("jieba")
    assert unordered_match("大阪と東京", "東京と大阪", lang="ja", matcher=_em("ja")) == 1.0
    assert unordered_match("苏丹和埃及", "埃及和苏丹", lang="zh", matcher=_em("zh")) == 1.0
    assert unordered_match("苏丹与埃及", "埃及和苏丹", lang="zh", matcher=_em("zh")) == 1.0


def test_unordered_match_keeps_the_whole_when_it_scores_higher() -> None:
    f1 = partial(token_f1, lang="pl")
    pred, gold = "Adam Mickiewicz i Słowacki", "Juliusz Słowacki i Mickiewicz"
    # parts: each pairing shares one of 3 words -> 2/3; whole: 3 of 4+4 words -> 0.75
    assert unordered_match(pred, gold, lang="pl", matcher=f1) == pytest.approx(0.75)


def test_unordered_match_too_many_parts_compares_whole_only() -> None:
    n = MAX_PARTS + 1
    words = [f"w{i}" for i in range(n)]
    pred = " and ".join(reversed(words))
    gold = " and ".join(words)
    assert len(split_parts(pred, "en")) == n
    assert unordered_match(pred, gold, lang="en", matcher=_em("en")) == 0.0
    fewer = words[:MAX_PARTS]
    assert unordered_match(" and ".join(reversed(fewer)), " and ".join(fewer), lang="en") == 1.0


def test_unordered_match_argument_checks() -> None:
    assert unordered_match("b and a", ["x", "a and b"], lang="en") == 1.0  # golds: best wins
    with pytest.raises(TypeError, match=r"golds\[0\] must be a str"):
        unordered_match("a", [1], lang="en")  # type: ignore[list-item]
    with pytest.raises(TypeError, match="matcher must be callable"):
        unordered_match("a", "a", lang="en", matcher="exact")  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        unordered_match("a", "a", lang="xx")


# --- one API: golds, floats, keyword options ----------------------------------------------


UNIFORM = [exact_match, token_f1, levenshtein_ratio, numeric_match, unordered_match]


@pytest.mark.parametrize("fn", UNIFORM)
def test_uniform_signature(fn) -> None:
    import inspect

    params = inspect.signature(fn).parameters
    names = list(params)
    assert names[:2] == ["prediction", "golds"]
    assert params["lang"].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["lang"].default is None
    for name in names[2:]:
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY
    for golds in ("5", ["4", "5"], ("5",)):
        score = fn("5", golds)
        assert type(score) is float and score == 1.0
    assert fn("5", ["4", "6"]) < 1.0


def test_numeric_match_best_gold_and_float() -> None:
    assert numeric_match("w 1 410 roku", ["1400", "1410"]) == 1.0
    assert numeric_match("brak", ["1", "2"]) == 0.0
    with pytest.raises(TypeError, match=r"golds\[0\] must be a str"):
        numeric_match("brak", [1])  # type: ignore[list-item]


# --- characters, CJK and the unspaced warning -------------------------------------------


def test_token_f1_char_unit() -> None:
    # 北京大学 vs 北京: 2 shared characters of 4 and 2 -> 2 * (1/2 * 1) / (1/2 + 1)
    assert token_f1("北京大学", "北京", unit="char") == pytest.approx(2 / 3)
    assert token_f1("北京大学", "北京", lang="zh-CN", unit="char") == pytest.approx(2 / 3)
    # characters are grapheme clusters: a decomposed letter is one
    decomposed = unicodedata.normalize("NFD", "Hà")
    assert token_f1(decomposed, "Ha", unit="char", preset="none") == pytest.approx(0.5)
    assert token_f1("a b", "ab", unit="char") == 1.0  # whitespace is no character


def test_unspaced_warning_once() -> None:
    with pytest.warns(AnswermatchWarning, match="written without spaces") as caught:
        assert token_f1("東京都の人口", "東京都") == 0.0
        assert token_f1("กรุงเทพมหานคร", "กรุงเทพ") == 0.0  # Thai: no second warning
    assert len(caught) == 1


@pytest.mark.filterwarnings("error")
def test_no_unspaced_warning_when_it_does_not_apply() -> None:
    assert token_f1("東京都の人口", "東京都", unit="char") > 0.0
    assert token_f1("서울 특별시", "서울") > 0.0  # Korean is written with spaces
    assert exact_match("東京都", "東京都") == 1.0  # no splitting in exact match
    pytest.importorskip("fugashi")
    assert token_f1("東京都の人口", "東京都", lang="ja") > 0.0


# --- the F1 core ------------------------------------------------------------------------


def test_overlap_prf_forms() -> None:
    from collections import Counter

    from answermatch.matchers import PRF, TokenCounts, overlap_f1, overlap_prf

    pred, gold = ["new", "york", "city"], ["york"]
    expected = PRF(0.5, 1 / 3, 1.0)
    assert overlap_prf(pred, gold) == expected
    assert overlap_prf(tuple(pred), Counter(gold)) == expected
    assert overlap_prf(TokenCounts.of(pred), (Counter(gold), 1)) == expected
    assert overlap_f1(["a", "a", "b"], ["a", "a", "a"]) == pytest.approx(2 / 3)
    assert overlap_f1(["a", "a", "b"], ["a"], overlap="set") == pytest.approx(2 / 3)
    assert overlap_prf([], []) == PRF(1.0, 1.0, 1.0)
    assert overlap_prf([], [], both_empty=0.0) == PRF(0.0, 0.0, 0.0)
    assert overlap_prf([], ["a"]) == PRF(0.0, 0.0, 0.0)
    with pytest.raises(TypeError, match="prediction must be a list/tuple of tokens"):
        overlap_f1("new york", ["york"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"gold\[1\] must be a str token"):
        overlap_f1(["a"], ["a", 1])  # type: ignore[list-item]


token_lists = st.lists(st.sampled_from(["a", "b", "c", "d", "東", "ä"]), max_size=7)


@settings(deadline=None, max_examples=300)
@given(pred=token_lists, gold=token_lists)
def test_overlap_prf_equals_xor_scripts_arithmetic(pred: list[str], gold: list[str]) -> None:
    """With both_empty=0 the core gives XOR-TyDi's / SQuAD v1.1's numbers,
    bit for bit: the scripts' arithmetic written out here is the reference."""
    from collections import Counter

    from answermatch.matchers import overlap_prf

    ours = overlap_prf(pred, gold, both_empty=0.0)
    common = sum((Counter(pred) & Counter(gold)).values())
    if common == 0:
        theirs: tuple[float, ...] = (0.0, 0.0, 0.0)
    else:
        precision = 1.0 * common / len(pred)
        recall = 1.0 * common / len(gold)
        theirs = ((2 * precision * recall) / (precision + recall), precision, recall)
    assert tuple(ours) == theirs


# --- prepared golds and batch forms give the plain numbers --------------------------------

texts = st.text(alphabet=st.sampled_from(list("ab cA.!Ｂ東京都の人和")), max_size=8)
gold_lists = st.lists(texts, min_size=1, max_size=3)


@settings(deadline=None, max_examples=200)
@given(
    preds=st.lists(texts, min_size=1, max_size=4),
    golds=st.lists(gold_lists, min_size=4, max_size=4),
    lang=st.sampled_from([None, "en", "ja"]),
    preset=st.sampled_from(["unicode", "squad", "none"]),
    overlap=st.sampled_from(["bag", "set"]),
    unit=st.sampled_from(["word", "char"]),
    both_empty=st.sampled_from([0.0, 1.0]),
)
@pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning")
def test_prepared_and_batch_forms_equal_plain_calls(
    preds, golds, lang, preset, overlap, unit, both_empty
) -> None:
    from answermatch.matchers import (
        exact_match_batch,
        levenshtein_ratio_batch,
        numeric_match_batch,
        prepare_golds,
        token_f1_batch,
    )

    if lang == "ja":
        pytest.importorskip("fugashi")
    golds = golds[: len(preds)]
    f1_opts = {"overlap": overlap, "unit": unit, "both_empty": both_empty}
    plain_f1 = [
        token_f1(p, g, lang=lang, preset=preset, **f1_opts)
        for p, g in zip(preds, golds, strict=True)
    ]
    plain_em = [
        exact_match(p, g, lang=lang, preset=preset) for p, g in zip(preds, golds, strict=True)
    ]
    plain_lev = [levenshtein_ratio(p, g) for p, g in zip(preds, golds, strict=True)]
    plain_lev_norm = [
        levenshtein_ratio(p, g, lang=lang, preset=preset) for p, g in zip(preds, golds, strict=True)
    ]
    prepared = [prepare_golds(g, lang=lang, preset=preset) for g in golds]
    assert [token_f1(p, g, **f1_opts) for p, g in zip(preds, prepared, strict=True)] == plain_f1
    assert [exact_match(p, g) for p, g in zip(preds, prepared, strict=True)] == plain_em
    assert [levenshtein_ratio(p, g) for p, g in zip(preds, prepared, strict=True)] == plain_lev_norm
    assert token_f1_batch(preds, golds, lang=lang, preset=preset, **f1_opts) == plain_f1
    assert token_f1_batch(preds, prepared, **f1_opts) == plain_f1
    assert exact_match_batch(preds, golds, lang=lang, preset=preset) == plain_em
    assert exact_match_batch(preds, prepared) == plain_em
    assert levenshtein_ratio_batch(preds, golds) == plain_lev
    assert numeric_match_batch(preds, golds) == [
        numeric_match(p, g) for p, g in zip(preds, golds, strict=True)
    ]
    # a single gold string takes the same path as a one-gold list
    assert [
        token_f1(p, g[0], lang=lang, preset=preset, **f1_opts)
        for p, g in zip(preds, golds, strict=True)
    ] == [
        token_f1(p, [g[0]], lang=lang, preset=preset, **f1_opts)
        for p, g in zip(preds, golds, strict=True)
    ]


def test_prepared_golds() -> None:
    from answermatch.matchers import PreparedGolds, prepare_golds

    golds = prepare_golds(["The Eiffel Tower", "Tour Eiffel"], lang="en-GB")
    assert isinstance(golds, PreparedGolds)
    assert (golds.lang, golds.preset) == ("en", "unicode")
    assert list(golds) == ["The Eiffel Tower", "Tour Eiffel"] and len(golds) == 2
    assert golds.normalized == ("eiffel tower", "tour eiffel")
    assert exact_match("eiffel tower!", golds) == 1.0
    assert token_f1("the tower", golds) == pytest.approx(2 / 3)
    assert token_f1("the tower", golds, lang="en") == pytest.approx(2 / 3)  # same lang: fine
    with pytest.raises(ValueError, match="prepared with lang='en', preset='unicode'"):
        token_f1("tower", golds, lang="fr")
    with pytest.raises(ValueError, match="prepared with lang='en'"):
        exact_match("tower", golds, preset="squad")
    with pytest.raises(ValueError, match="golds is empty"):
        prepare_golds([])
    with pytest.raises(UnknownLanguageError):
        prepare_golds("x", lang="xx")


def test_batch_argument_checks() -> None:
    from answermatch.matchers import exact_match_batch, token_f1_batch

    with pytest.raises(ValueError, match="differ in length"):
        token_f1_batch(["a"], ["a", "b"])
    with pytest.raises(TypeError, match="predictions must be a list or tuple, not str"):
        exact_match_batch("a", ["a"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"predictions\[1\] must be a str, not int"):
        token_f1_batch(["a", 1], ["a", "b"])  # type: ignore[list-item]
    with pytest.raises(UnknownLanguageError):
        token_f1_batch([], [], lang="xx")  # options are checked even for no items
    assert token_f1_batch([], []) == []


# --- the fast paths equal the general ones ----------------------------------------------

any_text = st.text(max_size=12)
mixed_text = st.text(
    alphabet=st.one_of(
        st.characters(max_codepoint=0x7F),
        st.sampled_from(
            list(
                "\u0640\u115f\u3164\uffa0ＡＢ①ﬁß İΣ東京。、「」é\u0301\u0345 \u3000’Ll'"
                "IıΟΔΣςόΐἈῆ\u0308שָׁ\u05bcน้ำ\u0e4d\u0e32\u0eb3\u200b"
            )
        ),
    ),
    max_size=12,
)


@settings(deadline=None, max_examples=400)
@given(
    text=st.one_of(any_text, mixed_text),
    lang=st.sampled_from([None, "en", "es", "fr", "ar", "vi", "ja", "tr", "az", "el", "th", "he"]),
)
def test_fused_unicode_normalizer_equals_its_steps(text: str, lang: str | None) -> None:
    from answermatch.normalization import PRESETS, _apply, normalizer

    steps_ = PRESETS["unicode"].build(lang)
    expected = _apply(steps_, text)
    for _ in range(8):
        again = _apply(steps_, expected)
        if again == expected:
            break
        expected = again
    assert normalizer("unicode", lang)(text) == expected


def test_alnum_noise_table_is_complete() -> None:
    """The characters str.isalnum accepts and strip_noise deletes are exactly
    the fused normalizer's exception set, on the running Unicode tables."""
    from answermatch.normalization import _ALNUM_NOISE, steps

    found = {
        chr(cp)
        for cp in range(0x110000)
        if chr(cp).isalnum() and steps._NOISE.match(chr(cp)) is not None
    }
    assert found == set(_ALNUM_NOISE)


def test_ascii_punctuation_is_unicode_noise() -> None:
    import string

    from answermatch.normalization import steps

    ascii_noise = {chr(c) for c in range(128) if steps._NOISE.match(chr(c))}
    assert ascii_noise == set(string.punctuation)


@settings(deadline=None, max_examples=300)
@given(text=st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=15))
def test_word_splitter_ascii_fast_path(text: str) -> None:
    from answermatch.tokenizers.words import WordTokenizer, _token_pattern

    tok = WordTokenizer("fi")  # Finnish also joins at ":", the widest rule
    findall = _token_pattern("-\u2010\u2011'\u2019:").findall
    expected = [t for chunk in text.split() for t in findall(chunk)]
    assert tok.tokenize(text) == expected


def test_japanese_splitter_equals_tokenize() -> None:
    pytest.importorskip("fugashi")
    from answermatch.tokenizers import splitter

    split = splitter("ja")
    for text in ["東京都の人口", "", "  ", "東京\x00大阪", "a" * 10, "東京\u3000タワー"]:
        assert split(text) == tokenize_ja(text)


def tokenize_ja(text: str) -> list[str]:
    from answermatch.tokenizers import get_tokenizer

    tok = get_tokenizer("ja")
    tokens: list[str] = []
    for piece in text.split("\x00"):
        tokens += tok._tagger.parse(piece).split()
    return tokens


def test_batch_shares_repeated_golds_with_the_same_numbers() -> None:
    from answermatch.matchers import exact_match_batch, token_f1_batch

    preds = ["Adam Mickiewicz", "Mickiewicz", "Prus", "Bolesław Prus", "", "x"]
    golds = [
        "Mickiewicz",
        "Mickiewicz",
        ["Bolesław Prus", "Prus"],
        ("Bolesław Prus", "Prus"),
        "",
        "",
    ]
    assert token_f1_batch(preds, golds) == [
        token_f1(p, g) for p, g in zip(preds, golds, strict=True)
    ]
    assert token_f1_batch(preds, golds, both_empty=0.0, overlap="set") == [
        token_f1(p, g, both_empty=0.0, overlap="set") for p, g in zip(preds, golds, strict=True)
    ]
    assert exact_match_batch(preds, golds) == [
        exact_match(p, g) for p, g in zip(preds, golds, strict=True)
    ]
    with pytest.raises(ValueError, match=r"golds\[0\] is empty"):
        token_f1_batch(["a", "b"], [[], []])
    with pytest.raises(TypeError, match=r"golds\[1\]\[0\] must be a str, not int"):
        exact_match_batch(["a", "b"], ["a", [1]])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"golds\[0\] must be a str or a list/tuple of str"):
        token_f1_batch(["a"], [None])  # type: ignore[list-item]


def test_edge_punctuation_is_unicode_noise() -> None:
    from answermatch.normalization import _EDGE_NOISE, steps

    assert all(steps._NOISE.match(c) for c in _EDGE_NOISE)


def _compositions() -> tuple[dict[str, set[str]], set[str]]:
    """(first character -> the characters it composes with, for every
    two-character canonical decomposition; Hangul's jamo and syllables,
    which compose with one another by rule): a superset of what NFC and
    NFKC can join."""
    import unicodedata

    hangul = {chr(c) for c in range(0x1100, 0x1200)} | {chr(c) for c in range(0xAC00, 0xD7A4)}
    pairs: dict[str, set[str]] = {}
    for cp in range(0x110000):
        parts = unicodedata.decomposition(chr(cp)).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            first, second = (chr(int(h, 16)) for h in parts)
            pairs.setdefault(first, set()).add(second)
    return pairs, hangul


def test_edge_characters_vanish_without_touching_their_neighbours() -> None:
    """What the fused normalizer's fast path assumes of each ``_EDGE``
    character: NFKC, case folding and NFKC again leave only noise or
    whitespace, and every character met on the way (decomposed) has
    canonical class 0, is the second of no composition and the first only
    of compositions with a combining mark, which no letter or digit starts
    with (checked too, for those NFKC keeps). So it joins neither the core's
    first nor its last character."""
    import unicodedata

    from answermatch.normalization import _EDGE, _EDGE_NOISE, steps

    pairs, hangul = _compositions()
    seconds = set().union(*pairs.values())
    assert set(_EDGE_NOISE) <= set(_EDGE)
    for e in _EDGE:
        once = unicodedata.normalize("NFKC", e)
        folded = once.casefold()
        final = unicodedata.normalize("NFKC", folded)
        assert not e.isalnum(), e
        assert all(steps._NOISE.match(c) or c.isspace() for c in final), e
        for form in (e, once, folded, final):
            for c in unicodedata.normalize("NFKD", form):
                assert unicodedata.combining(c) == 0, (e, c)
                assert c not in seconds and c not in hangul, (e, c)
                assert all(unicodedata.combining(y) for y in pairs.get(c, ())), (e, c)
    for cp in range(0x110000):  # the core's letters and digits start with a starter
        c = chr(cp)
        if c.isalnum() and unicodedata.is_normalized("NFKC", c):
            assert unicodedata.combining(unicodedata.normalize("NFKD", c)[0]) == 0, cp


def test_alnum_noise_that_nfkc_keeps() -> None:
    import unicodedata

    from answermatch.normalization import (
        _ALNUM_NOISE,
        _CHOSEONG_FILLER,
        _JUNGSEONG_FILLER,
        _TATWEEL,
    )

    kept = {c for c in _ALNUM_NOISE if unicodedata.is_normalized("NFKC", c)}
    assert kept == {_TATWEEL, _CHOSEONG_FILLER, _JUNGSEONG_FILLER}


def _edged_text() -> st.SearchStrategy[str]:
    """A core of letters, digits and tricky characters between edges made
    mostly of ``_EDGE`` characters: the shapes the fast path looks at."""
    from answermatch.normalization import _EDGE

    core = st.text(
        alphabet=st.one_of(
            st.sampled_from(
                list("東京都タワーの人口ｶﾞﾊﾟ①²㈱ßΣσςİǅﬁ\u0345\u0301\u3099\u0640\u115f\u1160\u3164")
                + list("\uffa0가각\u1100\u1161\u11a8ÅΩKéа")
            ),
            st.characters(categories=["L", "N", "M"]),
        ),
        min_size=1,
        max_size=8,
    )
    edge = st.text(alphabet=st.one_of(st.sampled_from(_EDGE), st.characters()), max_size=3)
    return st.tuples(edge, core, edge).map("".join)


@settings(deadline=None, max_examples=600)
@given(text=_edged_text(), lang=st.sampled_from([None, "ja", "zh", "ko", "en", "ar", "el", "tr"]))
def test_fused_unicode_normalizer_on_edged_text(text: str, lang: str | None) -> None:
    test_fused_unicode_normalizer_equals_its_steps.hypothesis.inner_test(text, lang)  # type: ignore[attr-defined]
