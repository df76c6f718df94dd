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
        key, units = FAIR.analyzer("en")(text)
    assert key == units == ("tower", "1000", "paris") * 50
    assert all(token is key[0] for token in key[::3])  # one string, not one each
    assert len(set(map(id, key))) == 3


def test_mecab_keeps_the_whole_text():
    """MeCab reads across spaces: a Japanese answer is analysed at once."""
    assert FAIR._piecewise("ja") is False
    assert FAIR._piecewise("en") is True and FAIR._piecewise("zh") is True
    text = "東京都 に 住む " * 4
    whole, in_pieces = _whole_and_pieces(FAIR, "ja", text, 3)
    assert in_pieces == whole


def test_a_long_fair_answer_is_analysed_within_twice_its_size():
    """2,000,000 characters of words: the fair rules held a string per token
    and two lists and two tuples of them, about eighteen times the text's
    size; in pieces, the tuple of shared tokens, under twice it."""
    rng = random.Random(5)
    words = ["Tower", "the", "of", "1889", "Paris", "iron", "finished", "a", "in", "built,"]
    text = " ".join(rng.choice(words) for _ in range(400_000))
    analyse = FAIR.analyzer("en")
    analyse("warm up")  # the number reader's imports are not the answer's
    tracemalloc.start()
    try:
        key, units = analyse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(key) == len(units) > 300_000
    assert peak < 2 * len(text), (peak, len(text))
