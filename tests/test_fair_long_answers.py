"""A long answer under the ``fair`` rules of the SQuAD family (squad, mlqa,
korquad) is analysed piece by piece, cut just before an ASCII space that
follows an ASCII character other than a digit: the pieces give exactly the
whole text's EM key and F1 units (properties with tiny pieces, on texts of
numbers, spaces of every kind, characters NFKC changes or composes, final
sigmas and articles), and the tokens are held without a string each."""

from __future__ import annotations

import random
import tracemalloc
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.matchers.answers import CountedTokens
from answermatch.normalization import steps
from answermatch.tasks import korquad
from answermatch.tasks.squad import mlqa
from answermatch.tasks.squad.rules import SpanRules
from answermatch.tasks.squad.tasks import FAIR

# fragments that each rule reads in its own way: numbers with every
# separator (across spaces: "1 000", "1, 000"), spaces of every kind,
# characters NFKC folds (full width, circled, fractions, ligatures) or
# composes with what precedes (combining marks, Hangul jamo, half-width
# voiced marks), final sigma, articles of en, de, ar, Chinese words
FRAGMENTS = [
    "the", "The", "a", "An", "der", "Die", "ein", "ال", "البيت", "الال", "中国", "北京市", "红楼梦",
    "1", "0", "000", "1889", "３", "٣", "①", "½", "²", "ﬁ", "e", "x", "Σ", "ΑΣ", "İ", "ß",
    "\u0301", "\u0308", "\u064b", "ᄀ", "ᅡ", "ᆨ", "ｶ", "ﾞ", "\u3099", "\u200b", "\xad",
    ",", ".", "'", "’", "\u066b", "\u066c", "-", "!", "«", "»", "€",
    "(", ")", "《", "<", "‘", '"', "서울", "1,000명",
    " ", " ", " ", "  ", "\xa0", "\u2009", "\u202f", "\u3000", "\t", "\n", "\u2028", "\x1c",
]  # fmt: skip
# and, drawn as often, what numbers are read from: digits, groups, separators
NUMBERS = ["1", "12", "000", "٣٠٠", "①", " ", " ", ",", ".", "\xa0", "'", "x", "the"]
TEXTS = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(NUMBERS)), max_size=80).map(
    "".join
)


def _whole_and_pieces(rules: SpanRules, lang: str, text: str, piece: int):
    """The analyses of ``text`` at once and in pieces of about ``piece``
    characters (each by a fresh analyser)."""
    with mock.patch.object(steps, "PIECE_CHARS", 10**9):
        whole = rules.analyzer(lang)(text)
    with mock.patch.object(steps, "PIECE_CHARS", piece):
        in_pieces = rules.analyzer(lang)(text)
    return whole, in_pieces


CASES = [
    ("squad", FAIR, "en"),
    ("mlqa", mlqa.PROFILES["fair"], "en"),
    ("mlqa", mlqa.PROFILES["fair"], "de"),
    ("mlqa", mlqa.PROFILES["fair"], "ar"),
    ("mlqa", mlqa.PROFILES["fair"], "zh"),
    ("mlqa", mlqa.PROFILES["fair"], "es"),
    ("korquad", korquad.FAIR, "ko"),
    ("korquad", korquad.OFFICIAL, "ko"),
]


@pytest.mark.parametrize(("task", "rules", "lang"), CASES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_pieces_give_the_whole_texts_key_and_units(task, rules, lang, text, piece):
    whole, in_pieces = _whole_and_pieces(rules, lang, text, piece)
    assert in_pieces == whole, (task, lang, text)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("x 1 000 y 2, 000", "en"),  # numbers read across a space or a comma and a space
        ("ab ① 000 cd", "en"),  # NFKC makes a digit before the space
        ("ΑΣ. b ΑΣ b", "en"),  # final sigma before a space
        ("an x\u0301 e ﾞ the Σ", "en"),  # combining marks after the cut
        ("a الكتاب b الال", "ar"),
        ("中国 北京市 a 红楼梦 b", "zh"),
        ("1.000 Euro der 2 000 die", "de"),
    ],
)
def test_known_texts_agree_in_the_smallest_pieces(text, lang):
    for rules in (FAIR, korquad.FAIR):
        whole, in_pieces = _whole_and_pieces(rules, lang, text, 1)
        assert in_pieces == whole


def test_a_long_text_is_cut_and_its_equal_tokens_share_a_string():
    text = " ".join(["Tower", "1 000", "the", "Paris,"] * 50)
    with mock.patch.object(steps, "PIECE_CHARS", 16):
        key = FAIR.tokenizer("en")(text)
        counted, units = FAIR.analyzer("en")(text)
    assert key == ("tower", "1000", "paris") * 50
    assert all(token is key[0] for token in key[::3])  # one string, not one each
    assert len(set(map(id, key))) == 3
    # scoring holds the counts only, equal to the tuple
    assert counted is units and counted == key and key == counted
    assert isinstance(counted, CountedTokens)
    assert counted.counts == {"tower": 50, "1000": 50, "paris": 50} and len(counted) == 150


def test_mecab_keeps_the_whole_text():
    """MeCab reads across spaces: a Japanese answer is analysed at once."""
    assert FAIR._piecewise("ja") is False
    assert FAIR._piecewise("en") is True and FAIR._piecewise("zh") is True
    text = "東京都 に 住む " * 4
    whole, in_pieces = _whole_and_pieces(FAIR, "ja", text, 3)
    assert in_pieces == whole


def test_a_long_answer_is_analysed_within_a_quarter_of_its_size(monkeypatch):
    """1,000,000 characters of words in pieces of 4,096: the fair rules held
    a string per token and two lists and two tuples of them, about eighteen
    times the text's size; in pieces, the tuple of shared tokens (1.7 times
    the text, SQuAD's official rule too); now the tokens' counts, and one
    piece's work at a time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    rng = random.Random(5)
    words = ["Tower", "the", "of", "1889", "Paris", "iron", "finished", "a", "in", "built,"]
    text = " ".join(rng.choice(words) for _ in range(200_000))
    for rules in (FAIR, SpanRules("official")):
        analyse = rules.analyzer("en")
        analyse("warm up 1")  # the number reader's imports are not the answer's
        tracemalloc.start()
        try:
            key, units = analyse(text)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert len(key) == len(units) > 150_000  # without "a" and "the"
        assert peak < len(text) // 4, (rules.name, peak, len(text))


SCORED = [
    ("squad", SpanRules("official"), "en", False),
    ("squad fair", FAIR, "en", False),
    ("squad-v2 fair", FAIR.replace(empty_f1=1.0), "en", True),
    ("mlqa", mlqa.PROFILES["official"], "de", False),
    ("mlqa fair", mlqa.PROFILES["fair"], "zh", False),
    ("korquad fair", korquad.FAIR, "ko", False),
    ("korquad", korquad.OFFICIAL, "ko", False),
    ("squad fair ja", FAIR, "ja", False),  # MeCab: the whole text, counted
]
SHORT = st.lists(
    st.sampled_from(["the", "a", "1", "000", "x", "Σ", "ﬁ", " ", ",", "b"]), max_size=6
)


@pytest.mark.parametrize(("task", "rules", "lang", "drop_empty"), SCORED)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=TEXTS,
    answers=st.lists(st.one_of(TEXTS, SHORT.map("".join)), min_size=1, max_size=3),
    piece=st.integers(1, 12),
)
def test_counted_long_texts_score_as_their_tuples(
    task, rules, lang, drop_empty, prediction, answers, piece
):
    """EM and F1 of a prediction against answers, each long text (past a
    tiny PIECE_CHARS) held as its token counts, are those of the tuples."""
    from answermatch.tasks.squad import rules as span_rules
    from answermatch.tasks.squad.scoring import pair_scorer

    def figures(limit):
        with (
            mock.patch.object(steps, "PIECE_CHARS", limit),
            mock.patch.object(span_rules, "PIECE_CHARS", limit),
        ):
            score = pair_scorer(rules.analyzer(lang), rules.empty_f1, drop_empty=drop_empty)
            return score(prediction, tuple(answers)), score(answers[0], (prediction,))

    assert figures(piece) == figures(10**9), (task, prediction, answers)


def test_a_long_japanese_answer_is_counted_not_held(monkeypatch):
    """300,000 characters of Japanese sentences under the fair rules (MeCab
    reads across spaces: the text at once): a string per word in two lists
    and two tuples, about 31 times the text's size; now the text's numbers
    read one at a time and the words of each stretch between them counted
    and dropped (at most a copy of the text, NFKC's)."""
    import sys

    sentences = ["東京都の人口は約1351万人で、日本の首都です。", "タワーは1958年に完成した。"]
    rng = random.Random(5)
    text = "".join(rng.choice(sentences) for _ in range(15_000))[:300_000]
    analyse = FAIR.analyzer("ja")
    analyse("東京タワー 1958年")  # MeCab and the number reader loaded
    tracemalloc.start()
    try:
        key, units = analyse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(units, CountedTokens) and key is units and len(units) > 100_000
    assert peak < 2 * sys.getsizeof(text), (peak, sys.getsizeof(text))
