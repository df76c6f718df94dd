"""A long MKQA answer under the ``fair`` rules (numbers read by value) is
held as its tokens' counts: its numbers read one at a time and the tokens
of each stretch between them counted and dropped (MeCab reads across
spaces, so a Japanese text is still taken at once). The figures are the
whole text's tuple's (properties on texts made long by a tiny
``PIECE_CHARS``), and a long Japanese answer is not held a string a word."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.conftest import traced_peak

from answermatch.matchers.answers import TokenCounts
from answermatch.normalization import steps
from answermatch.tasks.mkqa.rules import FAIR, Rules

FRAGMENTS = [
    "東京", "タワー", "は", "1958", "年", "に", "完成", "した", "。", "人口", "約", "1351", "万人",
    "１", "２０２０", "①", "½", "ｶ", "ﾞ", "、", "・", "「", "」", "the", "a", "x", "l'", "1,000",
    "1 000", "1.5", "3,5", "000", "中国", "北京", " ", "\u3000", "\xa0", ",", ".", "-", "!",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)
SHORT = st.lists(st.sampled_from(["東京", "1958", "年", "x", " ", "タワー", "1"]), max_size=5)
LANGS = ["ja", "en", "zh_cn", "zh_tw"]


def _figures(lang: str, prediction: str, answers: list[str], limit: int):
    with mock.patch.object(steps, "PIECE_CHARS", limit):
        rules = Rules(FAIR, lang)
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


def test_a_long_text_is_counted_and_equal_to_its_tuple():
    text = "東京タワーは1 958年に完成した。" * 3
    with mock.patch.object(steps, "PIECE_CHARS", 10):
        counted = Rules(FAIR, "ja").tokens(text)
    whole = Rules(FAIR, "ja").tokens(text)
    assert isinstance(counted, TokenCounts) and isinstance(whole, tuple)
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
