"""Normalization steps and presets, on real strings in every language.

Expected values are worked out by hand from the rules (SQuAD's and
XOR-TyDi's ``normalize_answer``, Unicode's NFKC / case folding tables).
"""

from __future__ import annotations

import re
import string
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch import normalize
from answermatch.normalization import PRESETS, available_presets, steps

# --- presets ----------------------------------------------------------------------


def test_presets_listed_and_unknown_preset_rejected() -> None:
    assert available_presets() == sorted(PRESETS)
    assert {"unicode", "squad", "xor-engspan", "xor-full", "none"} <= set(PRESETS)
    with pytest.raises(ValueError, match=r"unknown normalization preset 'nope'.*unicode"):
        normalize("x", preset="nope")


@pytest.mark.parametrize("bad", [None, 3, b"bytes", ["a"]])
def test_non_string_text_is_a_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        normalize(bad)  # type: ignore[arg-type]


def test_non_string_lang_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="lang must be a str or None"):
        normalize("x", lang=1)  # type: ignore[arg-type]


def test_none_preset_is_identity() -> None:
    for text in ["", "  The  Cat!  ", "人口", "\u0301x\u200b"]:
        assert normalize(text, preset="none") == text


# --- official presets: the scorers' exact rules -------------------------------------


def _squad_reference(text: str) -> str:
    """SQuAD v1.1's normalize_answer as its scorer spells it out."""
    text = text.lower()
    text = "".join(ch for ch in text if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def _xor_full_reference(text: str) -> str:
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    for counter in "年歳人년":
        text = text.replace(counter, "")
    return " ".join(text.split())


SAMPLES = [
    "The Beatles!",
    "  A  tale of an Apple ",
    "Theatre, thesis, anthem",
    "the\u0301 end",  # Python's \b sees a boundary before a combining accent
    "«Lalka» — Bolesław Prus",
    "ＴＨＥ Ｗｈｏ",
    "Straße İstanbul",
    "人口 1,000人 2010年 25歳",
    "서울 1990년",
    "「東京」、大阪。",
    "Tiếng Việt",
    "বাংলাদেশ।",
]


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("preset", ["squad", "xor-engspan"])
def test_squad_presets_follow_the_official_rule(text: str, preset: str) -> None:
    assert normalize(text, preset=preset) == _squad_reference(text)
    # the language does not change SQuAD's English-only article rule
    assert normalize(text, lang="ja", preset=preset) == _squad_reference(text)


@pytest.mark.parametrize("text", SAMPLES)
def test_xor_full_follows_the_official_rule(text: str) -> None:
    assert normalize(text, preset="xor-full") == _xor_full_reference(text)


def test_official_presets_hand_checked() -> None:
    assert normalize("The Beatles!", preset="squad") == "beatles"
    assert normalize("the\u0301 end", preset="squad") == "\u0301 end"
    assert normalize("Straße", preset="squad") == "straße"  # lower, not casefold
    assert normalize("ＴＨＥ", preset="squad") == "ｔｈｅ"  # full width is kept
    assert normalize("The Who", preset="xor-full") == "the who"  # no articles
    assert normalize("人口 1,000人!", preset="xor-full") == "口 1000"
    assert normalize("「東京」", preset="xor-full") == "「東京」"  # non-ASCII punctuation kept
    assert normalize("1990년", preset="xor-full") == "1990"


# --- the unicode preset ----------------------------------------------------------------

UNICODE_CASES = [
    # (text, lang, expected)
    ("Ｔｈｅ  Beatles!", None, "the beatles"),
    ("The Beatles!", "en", "beatles"),
    ("A Tale of Two Cities", "en", "tale of two cities"),
    ("STRASSE", None, "strasse"),
    ("Straße", None, "strasse"),
    ("$100", "en", "100"),  # $ is a symbol, which SQuAD removes too
    ("東京都「千代田区」。", "ja", "東京都千代田区"),
    ("ｶﾞｲﾄﾞﾌﾞｯｸ", "ja", "ガイドブック"),
    ("《红楼梦》，曹雪芹", "zh", "红楼梦曹雪芹"),
    ("Tiếng Việt", "vi", "tiếng việt"),
    (unicodedata.normalize("NFD", "Tiếng Việt"), "vi", "tiếng việt"),
    ("chiếc xe của tôi", "vi", "xe tôi"),  # MLQA's vi list
    ("„Pan Tadeusz” – Mickiewicz", "pl", "pan tadeusz mickiewicz"),
    ("ŁÓDŹ", "pl", "łódź"),
    ("الْقَاهِرَة", "ar", "قاهرة"),
    ("القـاهرة", None, "القاهرة"),  # tatweel goes; no article without lang="ar"
    ("مالك", "ar", "مالك"),  # only a word-initial ال is an article
    ("أسوان", "ar", "أسوان"),  # hamza kept
    ("বাংলাদেশ।", "bn", "বাংলাদেশ"),
    ("Hämeenlinna.", "fi", "hämeenlinna"),
    ("서울특별시, 대한민국", "ko", "서울특별시 대한민국"),
    ("Ёлка!", "ru", "ёлка"),
    ("తెలుగు.", "te", "తెలుగు"),
    ("Los Ángeles", "es", "ángeles"),
    ("Der Spiegel", "de", "spiegel"),
    ("Le Monde", "fr", "monde"),
    ("Wiki\u00adpedia\u200b", None, "wikipedia"),
    ("e.\u0301", None, "é"),  # the mark meets a new base once "." goes: recomposed
    ("", None, ""),
    ("  !!  ", None, ""),
]


@pytest.mark.parametrize(("text", "lang", "expected"), UNICODE_CASES)
def test_unicode_preset(text: str, lang: str | None, expected: str) -> None:
    assert normalize(text, lang=lang) == expected
    assert normalize(expected, lang=lang) == expected


def test_unicode_preset_keeps_combining_marks() -> None:
    # vowel signs and virama of Bengali / Telugu, Vietnamese tone marks (NFD)
    for word in ["বাংলা", "কৃষ্ণ", "తెలుగు", "హైదరాబాద్", "Việt"]:
        marks = [c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c)[0] == "M"]
        assert marks
        out = unicodedata.normalize("NFD", normalize(word + "!"))
        assert [c for c in out if unicodedata.category(c)[0] == "M"] == marks


def test_unicode_output_is_nfc() -> None:
    out = normalize("Vie\u0323\u0302t Nam")
    assert out == "việt nam" and unicodedata.is_normalized("NFC", out)


# --- steps ---------------------------------------------------------------------------


def test_fold_width_covers_exactly_the_wide_and_narrow_forms() -> None:
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        char = chr(cp)
        tag, _, target = unicodedata.decomposition(char).partition(" ")
        if tag in ("<wide>", "<narrow>"):
            assert steps.fold_width(char) == "".join(chr(int(h, 16)) for h in target.split())
        else:
            assert steps.fold_width(char) == char


def test_fold_width_leaves_other_compatibility_forms() -> None:
    assert steps.fold_width("Ｔｏｋｙｏ　２０２０") == "Tokyo 2020"
    assert steps.fold_width("ｶﾞｯｺｳ") == "ガッコウ"  # voiced mark composed
    assert steps.fold_width("ﬁ ① ²") == "ﬁ ① ²"  # NFKC would fold these


def test_punctuation_steps() -> None:
    text = "“Yes,” she said — ¿qué? $5 + 2€"
    assert steps.strip_ascii_punct(text) == "“Yes” she said — ¿qué 5  2€"
    assert steps.strip_unicode_punct(text) == "Yes she said  qué $5 + 2€"
    assert steps.strip_unicode_punct_and_symbols(text) == "Yes she said  qué 5  2"
    # ASCII punctuation is all Unicode P or S, so the combined step covers SQuAD's set
    assert steps.strip_unicode_punct_and_symbols(string.punctuation) == ""


def test_arabic_and_invisible_steps() -> None:
    assert steps.strip_arabic_diacritics("مُحَمَّـد") == "محمد"
    assert steps.strip_arabic_diacritics("آ أ إ") == "آ أ إ"
    assert steps.remove_invisible("a\u200db\u200cc\ufeffd\u00ade\ufe0f") == "abcde"


def test_remove_articles() -> None:
    assert steps.remove_articles("The Eiffel tower", "en") == "  Eiffel tower"
    assert steps.remove_articles("theatre an anthem", "en") == "theatre   anthem"
    assert steps.remove_articles("the\u0301", "en") == "the\u0301"  # a mark binds
    assert steps.remove_articles("La Paz", "es") == "  Paz"
    assert steps.remove_articles("Lasagne", "es") == "Lasagne"
    assert steps.remove_articles("die Zeit", "de") == "  Zeit"
    assert steps.remove_articles("những con mèo", "vi") == "  con mèo"
    assert steps.remove_articles("the cat", None) == "the cat"
    assert steps.remove_articles("the cat", "pl") == "the cat"
    # Arabic: the prefix, stripped at once including repeats (a projection)
    assert steps.remove_articles("العربية", "ar") == "عربية"
    assert steps.remove_articles("الالعب", "ar") == "عب"
    assert steps.remove_articles("الف", "ar") == "الف"  # one letter would remain
    assert steps.remove_articles("كتاب العربية", "ar") == "كتاب عربية"


def test_counters_and_whitespace() -> None:
    assert steps.remove_counters("人口 25歳 2010年 1990년") == "口 25 2010 1990"
    assert steps.collapse_whitespace("\u3000a\u00a0\u2028b\t") == "a b"


def test_strip_noise_is_the_three_deletions_at_once() -> None:
    text = "«Wiki\u00adpedia»! مُحَمَّـد 50 € বাংলা। Việt\u200d"
    by_steps = steps.strip_arabic_diacritics(
        steps.remove_invisible(steps.strip_unicode_punct_and_symbols(text))
    )
    assert steps.strip_noise(text) == by_steps == "Wikipedia محمد 50  বাংলা Việt"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("L'homme de la ville", "homme de ville"),
        ("l’Europe et le monde", "europe et monde"),  # the typographic apostrophe too
        ("de l'eau", "de eau"),
        ("L'ÉTÉ", "été"),  # not ASCII: the general path
        ("aujourd'hui", "aujourdhui"),  # inside a word: not an article
        ("l'", "l"),  # nothing follows: kept
    ],
)
def test_french_elided_articles_go_with_their_apostrophe(text, expected):
    from answermatch.normalization import PRESETS, _apply

    assert normalize(text, lang="fr") == expected
    assert normalize(expected, lang="fr") == expected  # idempotent
    assert _apply(PRESETS["unicode"].build("fr"), text) == expected  # the steps one by one


def test_elision_is_french_only():
    assert normalize("L'homme", lang="en") == "lhomme"
    assert normalize("L'homme", lang="fr") == "homme"


# --- casing and marks per language (the unicode preset) ------------------------------


@pytest.mark.parametrize(
    ("a", "b", "lang"),
    [
        ("DİYARBAKIR", "Diyarbakır", "tr"),
        ("IĞDIR", "ığdır", "tr"),
        ("İSTANBUL", "istanbul", "tr-TR"),
        ("BAKI", "Bakı", "az"),
        ("ΟΔΟΣ", "οδός", "el"),
        ("ΑΘΗΝΑ", "Αθήνα", "el"),
        ("Ἀθῆναι", "ΑΘΗΝΑΙ", "el"),
        ("יְרוּשָׁלַיִם", "ירושלים", "he"),
        ("יְרוּשָׁלַיִם", "ירושלים", None),
        ("مُحَمَّـد", "محمد", "ar"),
        ("Straße", "STRASSE", "de"),
        ("Straße", "STRAẞE", "de"),
        ("น้ำ", "น\u0e49\u0e4d\u0e32", "th"),
    ],
)
def test_language_folds(a: str, b: str, lang: str | None) -> None:
    assert normalize(a, lang=lang) == normalize(b, lang=lang)


@pytest.mark.parametrize(
    ("a", "b", "lang"),
    [
        ("काम", "कम", "hi"),  # the vowel sign is a letter: never deleted
        ("কাম", "কম", "bn"),
        ("กา", "ก", "th"),
        ("กิน", "กน", "th"),
        ("ΑΪΔΑ", "ΑΙΔΑ", "el"),  # the diaeresis stays (Greek keeps it in capitals)
        ("ıslak", "islak", "tr"),  # dotless and dotted i are different letters
        ("café", "cafe", "el"),  # only Greek letters lose their accents
        ("Islak", "ıslak", "en"),  # outside tr/az, I is i: ı stays apart
    ],
)
def test_language_keeps(a: str, b: str, lang: str) -> None:
    assert normalize(a, lang=lang) != normalize(b, lang=lang)


def test_language_rule_examples() -> None:
    assert normalize("DİYARBAKIR", lang="tr") == "diyarbakır"
    assert normalize("ΟΔΟΣ Αθηνών", lang="el") == "οδοσ αθηνων"
    assert normalize("น้ำ", lang="th") == "น้ำ"  # sara am stays one character
    assert normalize("הַשָּׁלוֹם") == "השלום"


@pytest.mark.parametrize("lang", ["tr", "az", "el", "he", "th", "lo", None])
@settings(deadline=None, max_examples=150)
@given(
    text=st.text(
        alphabet=st.sampled_from(list("IİıiΟΔΣςόΐἈ\u0308שָׁ\u05bcน้ำ\u0e4d\u0e32ຳ .-")), max_size=10
    )
)
def test_language_rules_are_idempotent(lang: str | None, text: str) -> None:
    once = normalize(text, lang=lang)
    assert normalize(once, lang=lang) == once


# --- Chinese scripts (the unicode-hans preset) ---------------------------------------


@pytest.mark.parametrize(
    ("traditional", "simplified"),
    [
        ("臺灣大學", "台湾大学"),
        ("香港特別行政區", "香港特别行政区"),
        ("幹部", "干部"),
        ("乾隆", "乾隆"),
    ],
)
def test_unicode_hans_folds_traditional_to_simplified(traditional: str, simplified: str) -> None:
    pytest.importorskip("opencc")
    assert normalize(traditional, lang="zh-TW", preset="unicode-hans") == simplified
    assert normalize(simplified, lang="zh-CN", preset="unicode-hans") == simplified
    # the default keeps the scripts apart
    assert normalize(traditional, lang="zh") != normalize(simplified, lang="zh") or (
        traditional == simplified
    )


def test_unicode_hans_keeps_lone_surrogates() -> None:
    # OpenCC reads UTF-8, which cannot hold them; the rest is still folded
    pytest.importorskip("opencc")
    assert normalize("臺灣\ud800大學", lang="zh-TW", preset="unicode-hans") == "台湾\ud800大学"


def test_unicode_hans_in_the_matchers() -> None:
    pytest.importorskip("opencc")
    pytest.importorskip("jieba")
    from answermatch.matchers import exact_match, token_f1

    assert exact_match("臺灣大學。", "台湾大学", lang="zh-Hant", preset="unicode-hans") == 1.0
    assert exact_match("臺灣大學。", "台湾大学", lang="zh-Hant") == 0.0
    assert token_f1("國立臺灣大學", "台湾大学", lang="zh", preset="unicode-hans") > 0.0


@settings(deadline=None, max_examples=150)
@given(
    text=st.text(
        alphabet=st.sampled_from(list("臺灣大學台湾乾幹干隆後后髮發「」。、 ABｃ")), max_size=10
    )
)
def test_unicode_hans_is_idempotent(text: str) -> None:
    pytest.importorskip("opencc")
    once = normalize(text, preset="unicode-hans")
    assert normalize(once, preset="unicode-hans") == once


def test_unicode_hans_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from answermatch.errors import MissingExtraError
    from answermatch.normalization import steps

    monkeypatch.setitem(sys.modules, "opencc", None)
    monkeypatch.setattr(steps, "_converters", {})
    with pytest.raises(MissingExtraError, match=r"answermatch\[zh\]"):
        steps.to_simplified("臺灣")


_DELETED = string.punctuation + "年歳人년«»、。؟\u0301\U0001d100\U0001d101\U0001f600"


@settings(max_examples=400, deadline=None)
@given(
    st.text(st.sampled_from(_DELETED + "ab Z09\t\u00e9\u4e00\U0001f601")) | st.text(),
    st.sets(st.sampled_from(_DELETED + "a-]^\\"), max_size=12),
)
def test_deleter_is_translate(text: str, chars: set[str]) -> None:
    """deleter(chars) deletes exactly what str.translate with a deletion table
    does, on ASCII and other texts, with characters special in a regular
    expression's class (``-``, ``]``, ``^``, ``\\``), runs of code points and
    characters beyond U+FFFF."""
    deleted = "".join(sorted(chars))
    expected = text.translate(str.maketrans("", "", deleted))
    assert steps.deleter(deleted)(text) == expected
    assert steps.strip_ascii_punct(text) == text.translate(
        str.maketrans("", "", string.punctuation)
    )
