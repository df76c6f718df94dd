"""A long Chinese answer under jieba's words (issue 25): jieba cuts a text
into blocks of its word characters (Han of U+4E00..U+9FD5, ASCII letters
and digits, ``+#&._%-``) and segments each block on its own, every other
character a token alone; the tokenizer cuts a long text before such a
character, and the tasks whose numbers are read by value (MLQA and SQuAD
``fair`` zh, CMRC 2018 with ``segmentation="jieba"``), where jieba reads
each stretch between two numbers on its own, cut a long answer also where
an ASCII digit and an ideograph meet. Properties with tiny pieces on
Chinese text with punctuation, digits (full-width, circled, with
separators), Latin, kana and spaces compare the tokens, keys and figures
with the whole text's; the analysis of Chinese without spaces holds
counts."""

from __future__ import annotations

import sys
from dataclasses import replace
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.matchers.answers import CountedTokens
from answermatch.normalization import steps
from answermatch.tasks.cmrc2018.profiles import FAIR as CMRC_FAIR
from answermatch.tasks.cmrc2018.profiles import OFFICIAL as CMRC_OFFICIAL
from answermatch.tasks.cmrc2018.profiles import Comparer
from answermatch.tasks.squad import mlqa
from answermatch.tasks.squad import rules as span_rules
from answermatch.tasks.squad.scoring import pair_scorer
from answermatch.tasks.squad.tasks import FAIR
from answermatch.tokenizers import get_tokenizer
from conftest import cmrc_pair_figures, traced_peak

FRAGMENTS = [
    "我来到", "北京", "清华大学", "曹雪芹", "是", "清代", "作家", "长江", "全长", "公里",
    "流经", "个", "省级", "行政区", "的", "中", "国", "年", "人", "结婚", "和尚未",
    "，", "。", "《", "》", "、", "“", "”", "！", "…", "（", "）", "·",
    "6397", "11", "1", "000", "1,000", "3.50", ".", ",", "-", "%", "+", "#", "&", "_",
    "１２", "①", "½", "iPhone", "NBA", "docker", "ＡＢＣ", "Σ", "ΑΣ", "İ", "é", "e\u0301",
    "か", "カ", "ﾞ", "\u3099", "서울", "鿿", "㐀", "豈",
    " ", "  ", "\xa0", "\u3000", "\t", "\n", "\r\n", "\u200b",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_the_tokenizer_in_pieces_gives_jiebas_words_of_the_whole_text(text, piece):
    """A cut just before a character outside jieba's blocks changes no
    word: the words of the pieces are those of ``jieba.lcut`` of the whole
    text (its spaces dropped)."""
    tokenizer = get_tokenizer("zh")
    tokenizer.tokenize("暖")  # jieba loaded
    whole = tokenizer._jieba.lcut(text)
    with mock.patch.object(steps, "PIECE_CHARS", piece):
        found = tokenizer.tokenize(text)
    assert found == [part for word in whole for part in word.split()], text


SPAN_CASES = [("mlqa zh fair", mlqa.PROFILES["fair"]), ("squad fair zh", FAIR)]


def _span(rules, text, limit):
    with (
        mock.patch.object(steps, "PIECE_CHARS", limit),
        mock.patch.object(span_rules, "PIECE_CHARS", limit),
    ):
        return rules.analyzer("zh")(text)


@pytest.mark.parametrize(("task", "rules"), SPAN_CASES, ids=[c[0] for c in SPAN_CASES])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_span_tasks_in_pieces_give_the_whole_texts_key_and_tokens(task, rules, text, piece):
    key, units = _span(rules, text, piece)
    whole_key, whole_units = _span(rules, text, 10**9)
    assert list(key) == list(whole_key) and key == whole_key, (task, text)
    assert list(units) == list(whole_units) and len(units) == len(whole_units), (task, text)


@pytest.mark.parametrize(("task", "rules"), SPAN_CASES, ids=[c[0] for c in SPAN_CASES])
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=TEXTS,
    answers=st.lists(TEXTS, min_size=1, max_size=3),
    piece=st.integers(1, 12),
)
def test_span_tasks_score_long_texts_as_the_whole_texts(task, rules, prediction, answers, piece):
    def figures(limit):
        with (
            mock.patch.object(steps, "PIECE_CHARS", limit),
            mock.patch.object(span_rules, "PIECE_CHARS", limit),
        ):
            score = pair_scorer(rules.analyzer("zh"), rules.empty_f1)
            return score(prediction, tuple(answers)), score(answers[0], (prediction,))

    assert figures(piece) == figures(10**9), (task, prediction, answers)


CMRC_CASES = [
    ("fair jieba", replace(CMRC_FAIR, segmentation="jieba")),
    ("fair jieba contiguous", replace(CMRC_FAIR, segmentation="jieba", overlap="contiguous")),
    ("fair jieba v5", replace(CMRC_FAIR, segmentation="jieba", version=5)),
    ("official jieba numbers", replace(CMRC_OFFICIAL, segmentation="jieba", numbers="value")),
]


def _cmrc(chosen, text, limit):
    with mock.patch.object(steps, "PIECE_CHARS", limit):
        return Comparer(chosen).analyse(text)


@pytest.mark.parametrize(("name", "chosen"), CMRC_CASES, ids=[c[0] for c in CMRC_CASES])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_cmrc_in_pieces_gives_the_whole_texts_key_and_tokens(name, chosen, text, piece):
    whole_key, whole_tokens = _cmrc(chosen, text, 10**9)
    key, tokens = _cmrc(chosen, text, piece)
    assert key == whole_key and whole_key == key and str(key) == whole_key, (name, text)
    assert list(tokens) == list(whole_tokens) and len(tokens) == len(whole_tokens), (name, text)


@pytest.mark.parametrize(("name", "chosen"), CMRC_CASES, ids=[c[0] for c in CMRC_CASES])
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=TEXTS,
    answers=st.lists(TEXTS, min_size=1, max_size=3),
    piece=st.integers(1, 12),
)
def test_cmrc_scores_long_texts_as_the_whole_texts(name, chosen, prediction, answers, piece):
    whole = cmrc_pair_figures(chosen, prediction, answers, 10**9)
    assert cmrc_pair_figures(chosen, prediction, answers, piece) == whole, (name, prediction)


SENTENCE = "曹雪芹是清代作家，著有《红楼梦》。长江全长6397公里，流经11个省级行政区。"


@pytest.mark.parametrize(
    ("name", "analyse"),
    [
        ("mlqa zh fair", lambda: mlqa.PROFILES["fair"].analyzer("zh")),
        ("cmrc fair jieba", lambda: Comparer(replace(CMRC_FAIR, segmentation="jieba")).analyse),
    ],
)
def test_chinese_without_spaces_is_cut_at_its_numbers(name, analyse, monkeypatch):
    """200,000 characters of Chinese sentences without a space, under
    jieba's words with numbers by value: no space, so no cut, and the whole
    text was analysed at once (MLQA fair 12 times the text's size, CMRC
    2018 fair with jieba 8 times); now cut where a digit and an ideograph
    meet, the tokens counted a piece at a time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1024)
    text = (SENTENCE * (100_000 // len(SENTENCE) + 1))[:100_000]
    run = analyse()
    run("暖 1")  # the number reader and jieba loaded
    peak = traced_peak(run, text)
    assert peak < sys.getsizeof(text), (name, peak, sys.getsizeof(text))
    if name.startswith("mlqa"):
        assert type(run(text)[1]) is CountedTokens


def test_chinese_without_digits_or_spaces_is_still_analysed_whole(monkeypatch):
    """No digit, no space, punctuation deleted by the fair rules: jieba's
    words may span any place, so the text is analysed at once (the same
    figures, by construction)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 64)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 64)
    text = "曹雪芹是清代作家，著有《红楼梦》。" * 20
    calls = []
    rules = mlqa.PROFILES["fair"]
    real = span_rules.pieces

    def spy(text, at=None):
        found = list(real(text, at))
        calls.append(len(found))
        return iter(found)

    monkeypatch.setattr(span_rules, "pieces", spy)
    rules.analyzer("zh")(text)
    assert calls and set(calls) == {1}
