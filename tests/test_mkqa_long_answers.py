"""A long MKQA answer is held as its tokens' counts, made piece by piece:
under the official rules (every language) and the fair ones (but
Japanese's MeCab and Chinese's OpenCC phrases, which read across spaces)
cut just before whitespace, under the fair rules also at its numbers,
read one at a time, and first between two CJK ideographs where the rules
are local. The figures are the whole text's tuple's (properties
on texts made long by a tiny ``PIECE_CHARS``, in every MKQA language),
and a long answer is not held a string a word."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.conftest import traced_peak

from answermatch.matchers.answers import CountedTokens
from answermatch.normalization import steps
from answermatch.tasks.mkqa.rules import _CHARACTER_CUT, FAIR, LANGUAGES, OFFICIAL, Rules

FRAGMENTS = [
    "東京", "タワー", "は", "1958", "年", "に", "完成", "した", "。", "人口", "約", "1351", "万人",
    "１", "２０２０", "①", "½", "ｶ", "ﾞ", "、", "・", "「", "」", "the", "a", "x", "l'", "1,000",
    "1 000", "1.5", "3,5", "000", "中国", "北京", " ", "\u3000", "\xa0", ",", ".", "-", "!",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)
SHORT = st.lists(st.sampled_from(["東京", "1958", "年", "x", " ", "タワー", "1"]), max_size=5)
LANGS = ["ja", "en", "zh_cn", "zh_tw"]


# what the rules of some language read across a cut: a final sigma, combining
# marks, İ (two characters lower-cased), each whitespace kind (NFKC's too),
# articles (elided, Arabic, Vietnamese), Thai/Khmer, numbers with spaces,
# Traditional Chinese phrases, punctuation of every kind (not a lone surrogate,
# which MeCab refuses, cut or whole)
SPECIAL = [
    "ΟΔΟΣ", "Σ", "σ", "\u0301", "\u0345", "İ", "\t", "\n", "\x85", "\u2028", "\x1c", "\u200b",
    "\u1fed", "\u2003", "\ufe33", "l’", "dell'", "Le", "THE", "an", "ال", "كتاب", "của", "là",
    "những", "ก", "ข้", "ក", "ុ", "臺灣", "乾隆", "幹部", "軟體", "서울", "대한", "«", "»", "۔", "_",
    "1 000,5", "２０", "ⅻ", "ß", "ﬁ", "Ǆ",
]  # fmt: skip
ANY_TEXT = st.lists(st.sampled_from(FRAGMENTS + SPECIAL), max_size=40).map("".join)


def _figures(lang: str, prediction: str, answers: list[str], limit: int, profile=FAIR):
    with mock.patch.object(steps, "PIECE_CHARS", limit):
        rules = Rules(profile, lang)
        found = rules.match(prediction, answers), rules.match(answers[0], (prediction,))
        return found, rules.normalize(prediction)


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=TEXTS,
    answers=st.lists(st.one_of(TEXTS, SHORT.map("".join)), min_size=1, max_size=3),
    limit=st.integers(0, 12),
)
def test_counted_long_texts_score_as_their_tuples(lang, prediction, answers, limit):
    assert _figures(lang, prediction, answers, limit) == _figures(
        lang, prediction, answers, 10**9
    ), (lang, prediction, answers)


@pytest.mark.parametrize("profile", [OFFICIAL, FAIR], ids=["official", "fair"])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lang=st.sampled_from(LANGUAGES),
    prediction=ANY_TEXT,
    answers=st.lists(st.one_of(ANY_TEXT, SHORT.map("".join)), min_size=1, max_size=3),
    limit=st.integers(0, 12),
)
def test_every_language_scores_long_texts_as_their_tuples(
    profile, lang, prediction, answers, limit
):
    """Official and fair, every MKQA language with its own tokenizer
    (MeCab, jieba with OpenCC, Thai/Khmer characters): EM, F1 and the
    normalized text of a text cut in pieces are the whole text's."""
    assert _figures(lang, prediction, answers, limit, profile) == _figures(
        lang, prediction, answers, 10**9, profile
    ), (lang, prediction, answers)


def test_which_rules_cut_at_whitespace():
    """Every official rule; the fair ones but MeCab's and OpenCC's."""
    assert all(Rules(OFFICIAL, lang).piecewise() for lang in LANGUAGES)
    across = {lang for lang in LANGUAGES if not Rules(FAIR, lang).piecewise()}
    assert across == {"ja", "zh_cn", "zh_hk", "zh_tw"}


def test_a_long_text_is_counted_and_equal_to_its_tuple():
    text = "東京タワーは1 958年に完成した。" * 3
    with mock.patch.object(steps, "PIECE_CHARS", 10):
        counted = Rules(FAIR, "ja").tokens(text)
    whole = Rules(FAIR, "ja").tokens(text)
    assert isinstance(counted, CountedTokens) and isinstance(whole, tuple)
    assert counted == whole and list(counted) == list(whole) and "1958" in counted


def test_a_long_japanese_answer_is_counted_not_held():
    """300,000 characters of Japanese sentences under MKQA's fair rules: a
    string per word in a list and a tuple (and the pieces' list), about 30
    times the text's size; now at most a copy of the text (NFKC's)."""
    import sys

    sentences = ["東京都の人口は約1351万人で、日本の首都です。", "タワーは1958年に完成した。"]
    rng = random.Random(5)
    text = "".join(rng.choice(sentences) for _ in range(15_000))[:300_000]
    rules = Rules(FAIR, "ja")
    rules.match("東京タワー 1958年", ["東京"])  # MeCab and the number reader loaded
    answers = ["東京都", "1958年"]
    found: list[tuple[float, float]] = []
    peak = traced_peak(lambda: found.append(rules.match(text, answers)))
    assert 0.0 < found[0][1] < 0.01, found
    assert peak < 2 * sys.getsizeof(text), (peak, sys.getsizeof(text))


def test_pieces_always_advance():
    """A text cut where a piece would be empty (a cut character at its
    start, pieces of 0 characters) still ends: the cause of the Chinese
    property test's hang (jieba's cut characters, ``PIECE_CHARS`` 0)."""
    with mock.patch.object(steps, "PIECE_CHARS", 0):
        assert list(steps.pieces(" a b")) == [" a", " b"]
        assert list(steps.pieces("a,,b", steps.re.compile(","))) == ["a", ",", ",b"]


@pytest.mark.parametrize("lang", ["ja", "zh_cn", "th", "km"])
def test_a_text_split_into_characters_is_cut_without_spaces(lang):
    """Official characters: a text without spaces is cut just before a
    kana, an ideograph, a Thai or Khmer letter; a final sigma before it,
    combining marks and full-width forms after it read the same."""
    text = "ΑΣ東京タワーΟΔΟΣが1958年ΑΣ\u0301にกขคΣកខ Σ\u3000ａＢ" * 3
    with mock.patch.object(steps, "PIECE_CHARS", 1):
        counted = Rules(OFFICIAL, lang).tokens(text)
        pieces = list(steps.pieces(text, _CHARACTER_CUT))
    assert counted == Rules(OFFICIAL, lang).tokens(text) and len(pieces) > 40


@pytest.mark.parametrize("lang", ["en", "ja", "ar", "fr"])
def test_a_long_official_answer_is_counted_not_held(lang):
    """A million characters under the official rules: a string per token in
    a list and a tuple (the whole text's steps beside), about ten times
    the text's size (forty for Japanese, a token a character); now a
    piece's at a time (pieces of 4,096 characters here) and the counts."""
    import sys

    words = {"en": "the tower was built in 1958 by ", "ja": "東京タワーは1958年に完成した。",
             "ar": "الكتاب في المكتبة ", "fr": "l'homme de la tour "}[lang]  # fmt: skip
    text = (words * (1_000_000 // len(words) + 1))[:1_000_000]  # Japanese without a space
    rules = Rules(OFFICIAL, lang)
    rules.match("x", ["y"])
    found: list[tuple[float, float]] = []
    with mock.patch.object(steps, "PIECE_CHARS", 1 << 12):
        peak = traced_peak(lambda: found.append(rules.match(text, [words.strip(), "x"])))
    assert isinstance(rules.tokens(text), CountedTokens)
    assert 0.0 < found[0][1] < 0.01, found
    assert peak < 2 * sys.getsizeof(text), (peak, sys.getsizeof(text))


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_long_chinese_answer_is_read_between_its_ideographs(lang):
    """200,000 characters of Chinese with numbers, under the fair rules of
    a language split at whitespace (or into Thai letters and other runs):
    the whole text was folded by NFKC at once (its buffers 10 bytes a
    character) and its numbers read in it. It is now cut between two
    ideographs first, each piece folded and read alone; the figures are
    the whole text's."""
    import sys

    sentences = ["北京的人口约为2154万，", "长城建于公元前７世纪。", "中国，北京"]
    rng = random.Random(7)
    text = "".join(rng.choice(sentences) for _ in range(20_000))[:200_000]
    answers = ["北京", "2154万", "７"]
    rules = Rules(FAIR, lang)
    rules.match("北京 1958年", ["北京"])  # the number reader loaded
    found: list[tuple[float, float]] = []
    with mock.patch.object(steps, "PIECE_CHARS", 4096):
        peak = traced_peak(lambda: found.append(rules.match(text, answers)))
    with mock.patch.object(steps, "PIECE_CHARS", 10**9):
        assert found[0] == Rules(FAIR, lang).match(text, answers)
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))
