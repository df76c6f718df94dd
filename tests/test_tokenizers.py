"""The word splitter (ar bn fi ko ru te en), the registry and bad input.

Expected tokens below were worked out by hand from the documented rules
(whitespace separates, punctuation is its own token, hyphens/apostrophes
between words and separators between digits join). The ja/zh/vi/pl tokenizers
have their own test files.
"""

from __future__ import annotations

import sys
import unicodedata

import pytest
import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

from answermatch.errors import MissingExtraError, UnknownLanguageError
from answermatch.tokenizers import get_tokenizer, supported_languages, tokenize
from answermatch.tokenizers.words import HARAKAT, TATWEEL, WordTokenizer

WORD_LANGS = ("ar", "bn", "fi", "ko", "ru", "te", "en")


# --- real strings, hand-checked ------------------------------------------------

CASES = [
    # XOR-TyDi dev questions and answers
    (
        "te",
        "రైట్ బ్రదర్స్ కనుగొన్న ప్రయాణ సాధనం ఏమిటి?",
        ["రైట్", "బ్రదర్స్", "కనుగొన్న", "ప్రయాణ", "సాధనం", "ఏమిటి", "?"],
    ),
    # a zero-width non-joiner (U+200C) inside a Telugu word
    ("te", "పోర్ట్\u200cల్యాండ్", ["పోర్ట్\u200cల్యాండ్"]),
    ("te", "2142sqmi|km2", ["2142sqmi", "|", "km2"]),
    (
        "bn",
        "রুশ ভাষার প্রথম উপন্যাসের নাম কী ?",
        ["রুশ", "ভাষার", "প্রথম", "উপন্যাসের", "নাম", "কী", "?"],
    ),
    ("bn", "বাংলাদেশের রাজধানী ঢাকা।", ["বাংলাদেশের", "রাজধানী", "ঢাকা", "।"]),
    ("bn", "দারিদ্র্য ও দুর্ভিক্ষ॥", ["দারিদ্র্য", "ও", "দুর্ভিক্ষ", "॥"]),
    (
        "fi",
        "Kuinka monta Oscar -palkintoa Yksi lensi yli käenpesän -elokuva on voittanut?",
        [
            "Kuinka",
            "monta",
            "Oscar",
            "-",
            "palkintoa",
            "Yksi",
            "lensi",
            "yli",
            "käenpesän",
            "-",
            "elokuva",
            "on",
            "voittanut",
            "?",
        ],
    ),
    ("fi", "EU:n jäsenmaat 1990-luvulla", ["EU:n", "jäsenmaat", "1990-luvulla"]),
    ("fi", "vaa'an Etelä-Afrikka: USA:ssa.", ["vaa'an", "Etelä-Afrikka", ":", "USA:ssa", "."]),
    (
        "ko",
        "제 2차 아편전쟁은 언제 일었났나요?",
        ["제", "2차", "아편전쟁은", "언제", "일었났나요", "?"],
    ),
    ("ko", "고조선의 도회왕, (주)삼성", ["고조선의", "도회왕", ",", "(", "주", ")", "삼성"]),
    (
        "ru",
        "Сколько человек погибло от голода во время «Голодомора» на Украине?",
        [
            "Сколько",
            "человек",
            "погибло",
            "от",
            "голода",
            "во",
            "время",
            "«",
            "Голодомора",
            "»",
            "на",
            "Украине",
            "?",
        ],
    ),
    ("ru", "2,2 миллиона", ["2,2", "миллиона"]),
    ("ru", "Ростов-на-Дону и Нью-Йорк.", ["Ростов-на-Дону", "и", "Нью-Йорк", "."]),
    ("ru", "в 1990-х — «Земфира»", ["в", "1990-х", "—", "«", "Земфира", "»"]),
    (
        "ar",
        "كم يشكل الاوكسيجين من الغلاف الجوي؟",
        ["كم", "يشكل", "الاوكسيجين", "من", "الغلاف", "الجوي", "؟"],
    ),
    ("ar", "20.95%", ["20.95", "%"]),
    ("ar", "٣٫٥ مليون، مكة المكرمة", ["٣٫٥", "مليون", "،", "مكة", "المكرمة"]),
    ("en", "Who wrote Lalka?", ["Who", "wrote", "Lalka", "?"]),
    (
        "en",
        "O'Brien's state-of-the-art rock’n’roll, 3.14 and 1,000 (U.S.)",
        [
            "O'Brien's",
            "state-of-the-art",
            "rock’n’roll",
            ",",
            "3.14",
            "and",
            "1,000",
            "(",
            "U",
            ".",
            "S",
            ".",
            ")",
        ],
    ),
    ("en", "'quoted' -5 12:30 ...", ["'", "quoted", "'", "-", "5", "12", ":", "30", ".", ".", "."]),
    ("en", "  \t\n ", []),
    ("en", "", []),
]


@pytest.mark.parametrize(("lang", "text", "expected"), CASES)
def test_real_strings(lang: str, text: str, expected: list[str]) -> None:
    assert tokenize(text, lang) == expected
    assert WordTokenizer(lang).tokenize(text) == expected


def test_registry_docstring_example() -> None:
    assert tokenize("Who wrote Lalka?", "en") == ["Who", "wrote", "Lalka", "?"]


# --- combining marks stay with their letter -------------------------------------

MARKED_WORDS = [
    ("bn", "ক্যাথলিক"),  # virama + ya-phala + vowel signs (Mn, Mc)
    ("bn", "কী"),  # vowel sign II (Mc)
    ("te", "ఒరెగాన్"),  # vowel signs and virama (Mn)
    ("ar", "مُحَمَّدٌ"),  # damma, fatha, shadda, dammatan (Mn)
    ("en", unicodedata.normalize("NFD", "Việt")),  # decomposed Vietnamese tone marks
    ("ru", unicodedata.normalize("NFD", "ёлка")),  # e + combining diaeresis
]


@pytest.mark.parametrize(("lang", "word"), MARKED_WORDS)
def test_combining_marks_never_split(lang: str, word: str) -> None:
    assert any(unicodedata.category(c).startswith("M") for c in word)
    assert WordTokenizer(lang).tokenize(f"({word}, {word}!)") == ["(", word, ",", word, "!", ")"]


def test_mark_after_punctuation_stays_with_it() -> None:
    assert WordTokenizer("en").tokenize("!\u0301x") == ["!\u0301", "x"]


def test_emoji_sequences_are_one_token() -> None:
    family = "👨\u200d👩\u200d👧"
    assert WordTokenizer("en").tokenize(f"{family} 👍🏽🇵🇱") == [family, "👍🏽", "🇵🇱"]


# --- Arabic options ---------------------------------------------------------------


def test_arabic_defaults_strip_tatweel_keep_harakat() -> None:
    tok = WordTokenizer("ar")
    assert (tok.strip_tatweel, tok.strip_diacritics) == (True, False)
    assert tok.tokenize("القاهـــرة") == ["القاهرة"]
    assert tok.tokenize("مُحَمَّدٌ") == ["مُحَمَّدٌ"]


def test_arabic_options() -> None:
    keep = WordTokenizer("ar", strip_tatweel=False)
    assert keep.tokenize("القاهـــرة") == ["القاهـــرة"]
    bare = WordTokenizer("ar", strip_diacritics=True)
    assert bare.tokenize("مُحَمَّدٌ رَسُولُ ٱللَّٰهِ") == ["محمد", "رسول", "ٱلله"]


def test_harakat_set() -> None:
    assert HARAKAT == "\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0670"
    assert all(unicodedata.category(c) == "Mn" for c in HARAKAT)
    assert unicodedata.name(TATWEEL) == "ARABIC TATWEEL"


def test_other_languages_strip_nothing_by_default() -> None:
    tok = WordTokenizer("en")
    assert (tok.strip_tatweel, tok.strip_diacritics) == (False, False)


def test_signatures() -> None:
    version = regex.__version__
    assert WordTokenizer("en").signature() == f"words(regex={version})"
    assert WordTokenizer("ar").signature() == f"words(regex={version},strip=tatweel)"
    assert (
        WordTokenizer("ar", strip_diacritics=True).signature()
        == f"words(regex={version},strip=tatweel+harakat)"
    )


# --- properties over all of Unicode -------------------------------------------------


GRAPHEME_CONTROL = regex.compile(r"[\p{Grapheme_Cluster_Break=Control}\r\n]")


def check_layout(text: str, tokens: list[str]) -> None:
    """Tokens are the text's non-whitespace characters, in order, cut only at
    grapheme-cluster boundaries (or where whitespace was); no token starts
    with a combining mark that follows a base character."""
    assert all(tokens), tokens
    assert not any(c.isspace() for token in tokens for c in token), tokens
    pos = 0
    for token in tokens:
        while text[pos].isspace():
            pos += 1
        assert text.startswith(token, pos), (text, tokens, pos)
        if pos > 0 and not text[pos - 1].isspace():
            # an inner boundary: it must be a grapheme-cluster boundary
            start = pos - 1
            while start > 0 and not text[start - 1].isspace():
                start -= 1
            chunk_end = pos + len(token)
            boundaries = {m.start() + start for m in regex.finditer(r"\X", text[start:chunk_end])}
            assert pos in boundaries, (text, tokens, pos)
            # a mark opens a token only when it has no base: Unicode breaks
            # after a control (GB4: Cc, and also Zl, Zp and unassigned
            # default-ignorable code points such as U+E01F0), so a mark
            # after one stands alone
            if unicodedata.category(token[0]).startswith("M"):
                assert GRAPHEME_CONTROL.match(text[pos - 1]), (text, tokens)
        pos += len(token)
    assert not text[pos:].strip()


INTERESTING = st.sampled_from(
    [
        *"aZ9٣ক্যাজ한ёй-'’.,:;!?%«»।॥",
        *"\u0301\u064e\u0651\u09cd\u0c4d\u0640\u200c\u200d\u00ad\u200f\u0600",
        *" \t\n\u3000\xa0\x1c\x85",
        *"👍🏽🇵🇱\U000e0001\ufe0f",
    ]
)


@settings(max_examples=400, deadline=None)
@given(text=st.text(), lang=st.sampled_from([lang for lang in WORD_LANGS if lang != "ar"]))
@example(text=" \u0301a", lang="en")
@example(text="\u0600 1", lang="en")
@example(text="\x1b\u1ab0", lang="bn")
@example(text="\U000e01f0\U000e0100", lang="en")
def test_properties_all_unicode(text: str, lang: str) -> None:
    tokens = WordTokenizer(lang).tokenize(text)
    check_layout(text, tokens)
    assert "".join(tokens) == "".join(text.split())


@settings(max_examples=400, deadline=None)
@given(text=st.text(INTERESTING), lang=st.sampled_from(WORD_LANGS))
def test_properties_tricky_alphabet(text: str, lang: str) -> None:
    tok = WordTokenizer(lang, strip_tatweel=False)
    tokens = tok.tokenize(text)
    check_layout(text, tokens)
    assert "".join(tokens) == "".join(text.split())


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(), st.text(INTERESTING)))
def test_arabic_default_deletes_only_tatweel(text: str) -> None:
    tokens = WordTokenizer("ar").tokenize(text)
    assert "".join(tokens) == "".join(text.replace(TATWEEL, "").split())
    assert not any(c.isspace() for token in tokens for c in token)
    bare = WordTokenizer("ar", strip_diacritics=True).tokenize(text)
    stripped = text.replace(TATWEEL, "").translate({ord(c): None for c in HARAKAT})
    assert "".join(bare) == "".join(stripped.split())


# --- registry and bad input ---------------------------------------------------------


def test_supported_languages() -> None:
    others = "da de el es fr he hi hu id it km lo ms my nl no pt ro sv sw th tr"
    assert supported_languages() == sorted(["ja", "zh", "vi", "pl", *others.split(), *WORD_LANGS])


def test_valid_language_without_rules_gets_the_word_splitter() -> None:
    tok = get_tokenizer("uk")
    assert isinstance(tok, WordTokenizer)
    assert (tok.lang, get_tokenizer("ukr")) == ("uk", tok)
    assert tokenize("Київ — столиця України.", "uk-UA") == [
        "Київ", "—", "столиця", "України", "."
    ]  # fmt: skip


@pytest.mark.parametrize("lang", WORD_LANGS)
def test_registry_gives_word_tokenizers(lang: str) -> None:
    tok = get_tokenizer(lang)
    assert isinstance(tok, WordTokenizer)
    assert tok.lang == lang
    assert get_tokenizer(lang) is tok


def test_unknown_language_lists_supported() -> None:
    expected = r"'xx'.*supported: ar, bn, da, de, el, en, es, fi, fr, he, hi, .* any other ISO 639"
    with pytest.raises(UnknownLanguageError, match=expected):
        tokenize("text", "xx")


@pytest.mark.parametrize("bad", [None, b"bytes", 3, ["a"]])
def test_non_string_text(bad: object) -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        tokenize(bad, "en")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text must be a str"):
        WordTokenizer("en").tokenize(bad)  # type: ignore[arg-type]


def test_unknown_mode_lists_modes() -> None:
    with pytest.raises(ValueError, match="unknown mode 'char' for language 'en'; its modes: word"):
        tokenize("text", "en", mode="char")


def test_non_string_language() -> None:
    with pytest.raises(TypeError, match="lang must be a str"):
        WordTokenizer(None)  # type: ignore[arg-type]


# --- a missing extra names the extra to install --------------------------------------

MISSING = [
    ("answermatch.tokenizers.ja", "MecabTokenizer", "fugashi", "ja"),
    ("answermatch.tokenizers.ja", "MecabTokenizer", "unidic_lite", "ja"),
    ("answermatch.tokenizers.zh", "JiebaTokenizer", "jieba", "zh"),
    ("answermatch.tokenizers.vi", "PyviTokenizer", "pyvi.ViTokenizer", "vi"),
    ("answermatch.tokenizers.pl", "SpacyPolishTokenizer", "spacy", "pl"),
]


@pytest.mark.parametrize(("module", "cls", "library", "extra"), MISSING)
def test_missing_library_names_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, cls: str, library: str, extra: str
) -> None:
    factory = getattr(__import__(module, fromlist=[cls]), cls)
    monkeypatch.setitem(sys.modules, library, None)  # makes `import library` fail
    with pytest.raises(MissingExtraError) as info:
        factory().tokenize("东京 Tokyo")  # zh: only the word mode needs jieba
    assert f'pip install "answermatch[{extra}]"' in str(info.value)
    assert info.value.extra == extra
