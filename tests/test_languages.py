"""Language codes: one lookup (answermatch.languages) behind every ``lang``."""

from __future__ import annotations

import pytest

from answermatch.errors import UnknownLanguageError
from answermatch.languages import (
    LANGUAGES,
    canonical_language,
    language_script,
    optional_language,
)
from answermatch.matchers import (
    exact_match,
    levenshtein_ratio,
    numeric_match,
    prepare_golds,
    split_parts,
    token_f1,
    unordered_match,
    words,
)
from answermatch.normalization import normalize, normalizer
from answermatch.tokenizers import get_tokenizer, supported_languages, tokenize

CODES = [
    # (spelling, canonical)
    ("zh-CN", "zh"),
    ("zh_TW", "zh"),
    ("zh-Hant", "zh"),
    ("zh-Hans-CN", "zh"),
    ("ZH", "zh"),
    ("zho", "zh"),
    ("chi", "zh"),
    ("cmn", "zh"),
    ("ja-JP", "ja"),
    ("JA_jp", "ja"),
    ("jpn", "ja"),
    ("pol", "pl"),
    ("pl-PL", "pl"),
    ("vie", "vi"),
    ("ara", "ar"),
    ("ar-EG", "ar"),
    ("kor", "ko"),
    ("ko-KR", "ko"),
    ("rus", "ru"),
    ("fin", "fi"),
    ("ben", "bn"),
    ("bn-BD", "bn"),
    ("tel", "te"),
    ("eng", "en"),
    ("EN-us", "en"),
    ("en", "en"),
    ("deu", "de"),
    ("ger", "de"),
    ("fra", "fr"),
    ("fre", "fr"),
    ("spa", "es"),
    ("hin", "hi"),
    ("ind", "id"),
    ("swa", "sw"),
    # the languages of MKQA, XQuAD and TyDi QA beyond the seeds, with Lao and Burmese
    ("pt-BR", "pt"),
    ("pt_br", "pt"),
    ("por", "pt"),
    ("no", "no"),
    ("nb", "no"),
    ("nb-NO", "no"),
    ("nob", "no"),
    ("nor", "no"),
    ("zh_cn", "zh"),
    ("zh_hk", "zh"),
    ("zh_tw", "zh"),
    ("tha", "th"),
    ("th-TH", "th"),
    ("khm", "km"),
    ("lao", "lo"),
    ("mya", "my"),
    ("bur", "my"),
    ("ell", "el"),
    ("gre", "el"),
    ("heb", "he"),
    ("iw", "he"),
    ("in", "id"),
    ("tur", "tr"),
    ("ron", "ro"),
    ("rum", "ro"),
    ("hun", "hu"),
    ("ita", "it"),
    ("dan", "da"),
    ("swe", "sv"),
    ("nld", "nl"),
    ("dut", "nl"),
    ("msa", "ms"),
    ("may", "ms"),
    ("zsm", "ms"),
    # valid languages without rules of their own: Unicode defaults
    ("ca", "ca"),
    ("cat", "ca"),
    ("uk-UA", "uk"),
    ("ukr", "uk"),
    ("fil", "fil"),
    ("tgl", "fil"),
    ("nn", "nn"),
]
UNKNOWN = ["xx", "", "-", "english", "ja-", "jp", "zh_", "und", "mul", "zxx", "qaa", "x-klingon"]

# every language of MKQA, XQuAD (el ro hi), TyDi QA (id sw bn te) and the seed
# tasks, plus Lao and Burmese
MKQA = "ar da de en es fi fr he hu it ja km ko ms nl no pl pt ru sv th tr vi zh"
FIRST_CLASS = [*MKQA.split(), "el", "ro", "hi", "id", "sw", "bn", "te", "lo", "my"]


@pytest.mark.parametrize(("code", "canonical"), CODES)
def test_canonical_language(code: str, canonical: str) -> None:
    assert canonical_language(code) == canonical
    assert canonical_language(code) == canonical  # cached spelling, same answer


@pytest.mark.parametrize("code", UNKNOWN)
def test_unknown_codes(code: str) -> None:
    if code in ("ja-", "zh_"):  # a trailing separator still names the language
        assert canonical_language(code) in LANGUAGES
        return
    with pytest.raises(UnknownLanguageError, match=f"unknown language {code!r}; supported: ar, "):
        canonical_language(code)


def test_the_first_class_languages() -> None:
    assert sorted(FIRST_CLASS) == sorted(LANGUAGES) == supported_languages()


@pytest.mark.parametrize("code", ["ca", "uk", "cat", "eu", "yue", "haw", "sr-Latn"])
def test_valid_languages_without_rules_get_the_defaults(code: str) -> None:
    assert normalize("  Ｂarça!  ", lang=code) == "barça"
    assert tokenize("Barça, l'FC.", code) == ["Barça", ",", "l'FC", "."]
    assert exact_match("BARÇA", "barça", lang=code) == 1.0
    assert token_f1("Barça FC", "Barça", lang=code) == pytest.approx(2 / 3)
    assert levenshtein_ratio("Barça", "Barca", lang=code) == 0.8
    assert numeric_match("1 000", "1000", lang=code) == 1.0
    assert unordered_match("A & B", "B & A", lang=code) == 1.0
    assert split_parts("A & B", code) == ["A", "B"]


def test_the_code_table_is_cldr() -> None:
    babel = pytest.importorskip("babel")
    from babel.core import get_global

    from answermatch import languages

    names = babel.Locale("en").languages
    codes = {c for c in names if len(c) in (2, 3)} - {"und", "mul", "zxx", "mis"}
    assert set(languages._CLDR_CODES.split()) == codes
    assert sum(len(c) == 2 for c in codes) == 184  # every ISO 639-1 code
    aliases = get_global("language_aliases")
    expected = {k: v for k, v in aliases.items() if len(k) == 3 and v in codes and k not in codes}
    assert dict(p.split(":") for p in languages._CLDR_ALIASES.split()) == expected


@pytest.mark.parametrize(
    ("code", "script"),
    [
        ("zh-Hant", "Hant"),
        ("zh-Hans", "Hans"),
        ("zh_tw", "Hant"),
        ("zh_hk", "Hant"),
        ("zh-MO", "Hant"),
        ("zh_cn", "Hans"),
        ("zh-SG", "Hans"),
        ("zh-Hant-CN", "Hant"),  # a stated script wins over the region
        ("zh", None),
        ("zho", None),
        ("en-US", None),
        ("sr-latn", "Latn"),
        ("pt-BR", None),
    ],
)
def test_language_script(code: str, script: str | None) -> None:
    assert language_script(code) == script


def test_language_script_checks_the_code() -> None:
    with pytest.raises(UnknownLanguageError):
        language_script("xx-Hant")


def test_every_language_has_a_tokenizer() -> None:
    assert supported_languages() == sorted(LANGUAGES)
    for code in LANGUAGES:
        assert canonical_language(code) == code


@pytest.mark.parametrize("bad", [3, b"en", ["en"], 1.5])
def test_non_string_codes(bad: object) -> None:
    with pytest.raises(TypeError, match="lang must be a str"):
        canonical_language(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="lang must be a str"):
        normalize("x", lang=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="lang must be a str"):
        tokenize("x", bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="lang must be a str"):
        token_f1("x", "x", lang=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="lang must be a str"):
        exact_match("x", "x", lang=bad)  # type: ignore[arg-type]


def test_optional_language() -> None:
    assert optional_language(None) is None
    assert optional_language("EN") == "en"


# --- every function: the same answer for every spelling, the same error for none ---------

ALIAS_FUNCTIONS = {
    "normalize": lambda lang: normalize("The Who!", lang=lang),
    "normalizer": lambda lang: normalizer("unicode", lang)("The Who!"),
    "tokenize": lambda lang: tokenize("The Who!", lang),
    "words": lambda lang: words("the who", lang),
    "exact_match": lambda lang: exact_match("The Who", "Who", lang=lang),
    "token_f1": lambda lang: token_f1("The Who band", "Who", lang=lang),
    "levenshtein_ratio": lambda lang: levenshtein_ratio("The Who", "Who", lang=lang),
    "numeric_match": lambda lang: numeric_match("1", "1", lang=lang),
    "unordered_match": lambda lang: unordered_match("a and b", "b and a", lang=lang),
    "split_parts": lambda lang: split_parts("a and b", lang),
    "prepare_golds": lambda lang: prepare_golds("The Who", lang=lang).normalized,
}


@pytest.mark.parametrize("name", ALIAS_FUNCTIONS)
def test_aliases_give_the_same_results(name: str) -> None:
    fn = ALIAS_FUNCTIONS[name]
    expected = fn("en")
    for alias in ("EN", "en-US", "en_GB", "eng", "ENG"):
        assert fn(alias) == expected


@pytest.mark.parametrize("code", FIRST_CLASS)
@pytest.mark.parametrize("name", ALIAS_FUNCTIONS)
def test_every_function_takes_every_language(name: str, code: str) -> None:
    needs = {"ja": "fugashi", "zh": "jieba", "vi": "pyvi", "pl": "spacy"}
    needs.update(dict.fromkeys(("th", "km", "lo", "my"), "icu4py"))
    if code in needs and name in ("tokenize", "words", "token_f1"):
        pytest.importorskip(needs[code])
    ALIAS_FUNCTIONS[name](code)  # no error


@pytest.mark.parametrize("name", ALIAS_FUNCTIONS)
def test_unknown_language_is_the_same_error_everywhere(name: str) -> None:
    with pytest.raises(UnknownLanguageError, match="unknown language 'xx'; supported: ar, bn"):
        ALIAS_FUNCTIONS[name]("xx")


def test_issue_examples() -> None:
    # exact_match(lang="xx") used to give 1.0 while token_f1 raised
    with pytest.raises(UnknownLanguageError):
        exact_match("a", "a", lang="xx")
    # "EN" used to keep the article that "en" drops
    assert exact_match("The a", ["a"], lang="EN") == exact_match("The a", ["a"], lang="en") == 1.0


def test_tokenizer_aliases_share_one_tokenizer() -> None:
    assert get_tokenizer("en-US") is get_tokenizer("en") is get_tokenizer("eng")


def test_cjk_aliases_reach_their_tokenizers() -> None:
    pytest.importorskip("fugashi")
    pytest.importorskip("jieba")
    assert tokenize("東京都の人口", "ja-JP") == tokenize("東京都の人口", "ja")
    assert tokenize("我来到北京", "zh-Hant") == tokenize("我来到北京", "zh")
    assert token_f1("東京都の人口", "東京都", lang="jpn") == token_f1(
        "東京都の人口", "東京都", lang="ja"
    )
