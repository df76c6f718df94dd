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
import unicodedata
from dataclasses import replace
from itertools import pairwise
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from answermatch.matchers.answers import CountedTokens
from answermatch.normalization import steps
from answermatch.tasks.cmrc2018.profiles import FAIR as CMRC_FAIR
from answermatch.tasks.cmrc2018.profiles import OFFICIAL as CMRC_OFFICIAL
from answermatch.tasks.cmrc2018.profiles import Comparer
from answermatch.tasks.squad import mlqa
from answermatch.tasks.squad import rules as span_rules
from answermatch.tasks.squad.rules import numbers_by_value, strip_mlqa_punct
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


def test_chinese_without_digits_or_spaces_is_normalized_in_pieces_and_read_whole(monkeypatch):
    """No digit, no space, punctuation deleted by the fair rules: jieba's
    words may span any place, so the rules give jieba the stretch at once
    (which segments a long run in pieces itself, its words the whole run's:
    see the tests of long runs below), but its steps (NFKC, lower case,
    punctuation) run a piece at a time, cut just before an ideograph: one
    call of ``tokenize_parts`` with several parts, which make the whole
    text's normal form."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 64)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 64)
    text = "曹雪芹是清代作家，著有《红楼梦》。ＡＢΣ，" * 20
    rules = mlqa.PROFILES["fair"]
    tokenizer = get_tokenizer("zh")
    real = tokenizer.tokenize_parts
    calls = []

    def spy(parts, mode=None):
        parts = list(parts)
        calls.append(parts)
        return real(parts, mode)

    monkeypatch.setattr(tokenizer, "tokenize_parts", spy)
    rules.analyzer("zh")(text)
    assert len(calls) == 1 and len(calls[0]) > 1
    assert "".join(calls[0]) == strip_mlqa_punct(unicodedata.normalize("NFKC", text).lower())


def test_the_ideographs_are_starters_that_no_step_reads_across():
    """What ``_HAN_CUT`` relies on, in this Python's Unicode data: every
    character of U+4E00..U+9FA5 is a letter without case (no case mapping,
    so no cased letter for a final sigma; not case-ignorable, so the
    context ends there), a starter that NFKC keeps, neither punctuation nor
    a digit, and the second character of no canonical decomposition (so
    NFKC composes it with nothing before it)."""
    for point in range(0x4E00, 0x9FA6):
        char = chr(point)
        assert unicodedata.category(char) == "Lo", hex(point)
        assert unicodedata.combining(char) == 0 and unicodedata.normalize("NFKD", char) == char
        assert char.lower() == char.upper() == char.casefold() == char
        assert point not in span_rules.mlqa_punctuation() and not char.isdigit()
    seconds = set()
    for point in range(sys.maxunicode + 1):
        decomposition = unicodedata.decomposition(chr(point)).split()
        if len(decomposition) == 2 and not decomposition[0].startswith("<"):
            seconds.add(int(decomposition[1], 16))
    assert seconds and not any(0x4E00 <= point <= 0x9FA5 for point in seconds)


# Chinese with what the steps change or read around an ideograph: full-width
# forms and compatibility ideographs (NFKC), combining marks after an
# ideograph, jamo and half-width kana with voiced marks (compositions), final
# sigmas with case-ignorable characters between them and the ideograph,
# İ (two characters in lower case), punctuation of both sets, digits of
# several scripts beside ideographs and separators (the number reader).
STEP_FRAGMENTS = [
    "曹雪芹", "是", "清代", "作家", "长江", "全长", "中", "国", "的", "丰足额", "和尚未",
    "，", "。", "《", "》", "、", "“", "”", "！", "…", "·", ",", ".", "'", "’", "-",
    "Σ", "ΑΣ", "ς", "σ", "İ", "ẞ", "Ａ", "ｶ", "ﾞ", "\u3099", "か", "\u0301", "\u0308",
    "\u200b", "\u00ad", "ᄀ", "ᅡ", "ᆨ", "豈", "⼀", "㈠", "①", "½", "１２", "٣", "7", "1,000",
    "3.5", "e", "a", "ﬁ", "鿿", "㐀", "\U00020000",
]  # fmt: skip
#: one of each kind beside ideographs (a cut anywhere but before an ideograph changes it)
KNOWN_TEXT = "中ΑΣ中e\u0301中ｶﾞ中가中１２中İ中a\u3099中，中ﬁ中3.5中"
STEP_TEXTS = st.lists(st.sampled_from(STEP_FRAGMENTS), max_size=40).map("".join)
HAN_STEPS = [
    ("nfkc", steps.nfkc),
    ("lower", str.lower),
    ("casefold", str.casefold),
    ("mlqa punct", strip_mlqa_punct),
    ("ascii punct", steps.strip_ascii_punct),
    ("fair", lambda t: strip_mlqa_punct(steps.nfkc(t).lower())),
]


def _merged(found):
    """Number pieces with neighbouring stretches between numbers joined."""
    out = []
    for is_number, piece in found:
        if out and not is_number and not out[-1][0]:
            out[-1] = (False, out[-1][1] + piece)
        else:
            out.append((is_number, piece))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=STEP_TEXTS)
@example(text=KNOWN_TEXT)
def test_each_step_of_a_text_cut_before_any_ideograph_is_the_whole_texts(text):
    """At every place just before a character of U+4E00..U+9FA5, each step
    of :data:`HAN_CUT_RULES` (and the fair steps one after the other) of
    the two sides is that of the whole text, and so are the numbers read
    (the stretches between numbers on either side joined)."""
    places = [i for i, char in enumerate(text) if span_rules._HAN_CUT.match(char)]
    for name, step in HAN_STEPS:
        whole = step(text)
        for i in places:
            assert step(text[:i]) + step(text[i:]) == whole, (name, text, i)
    whole_numbers = numbers_by_value(text, "zh")
    for i in places:
        cut = numbers_by_value(text[:i], "zh") + numbers_by_value(text[i:], "zh")
        assert _merged(cut) == _merged(whole_numbers), (text, i)


HAN_CUT_CASES = [
    ("mlqa zh fair", mlqa.PROFILES["fair"], "zh"),
    ("squad fair zh", FAIR, "zh"),
    ("squad fair ja", FAIR, "ja"),
    (
        "fair casefold ascii",
        replace(FAIR, case=steps.casefold, punct=steps.strip_ascii_punct),
        "zh",
    ),
]


@pytest.mark.parametrize(
    ("task", "rules", "lang"), HAN_CUT_CASES, ids=[c[0] for c in HAN_CUT_CASES]
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=STEP_TEXTS)
@example(text=KNOWN_TEXT)
def test_steps_in_pieces_cut_at_every_ideograph_give_the_whole_texts_tokens(
    task, rules, lang, text
):
    """A piece of one character (``PIECE_CHARS`` 1): the text is cut just
    before every ideograph but its first character, each piece normalized
    alone, the stretches' parts tokenized as one text; the key and units
    are those of the text analysed whole."""
    key, units = _span_in(rules, lang, text, 1)
    whole_key, whole_units = _span_in(rules, lang, text, 10**9)
    assert list(key) == list(whole_key) and key == whole_key, (task, text)
    assert list(units) == list(whole_units) and len(units) == len(whole_units), (task, text)


def _span_in(rules, lang, text, limit):
    with (
        mock.patch.object(steps, "PIECE_CHARS", limit),
        mock.patch.object(span_rules, "PIECE_CHARS", limit),
    ):
        return rules.analyzer(lang)(text)


def test_articles_or_other_steps_keep_the_text_whole(monkeypatch):
    """A words rule of a language with articles (``the`` before an
    ideograph is no whole word), Arabic's prefix, or a step of one's own:
    no cut before ideographs."""
    assert FAIR._at_han("zh") and FAIR._at_han("ja")
    assert not FAIR._at_han("en") and not FAIR._at_han("ar") and not FAIR._at_han("de")
    assert not replace(FAIR, punct=lambda t: t)._at_han("zh")
    assert not replace(FAIR, articles=span_rules.squad_articles)._at_han("zh")
    monkeypatch.setattr(steps, "PIECE_CHARS", 1)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1)
    text = "the中国the"
    assert list(FAIR.analyzer("en")(text)[1]) == ["the中国the"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.one_of(TEXTS, st.lists(st.sampled_from(STEP_FRAGMENTS), max_size=40).map("".join)),
    cuts=st.lists(st.integers(0, 400), max_size=8),
    piece=st.integers(1, 12),
)
def test_the_tokenizer_reads_parts_cut_anywhere_as_the_whole_text(text, cuts, piece):
    """``tokenize_parts`` of a text cut at every position (a part a
    character), and at random places (empty parts too), gives
    ``jieba.lcut``'s words of the whole text (its spaces dropped): runs of
    word characters that span parts are read across them."""
    tokenizer = get_tokenizer("zh")
    tokenizer.tokenize("暖")
    whole = [part for word in tokenizer._jieba.lcut(text) for part in word.split()]
    places = sorted({0, len(text), *(cut % (len(text) + 1) for cut in cuts)})
    at_random = ["", *(text[a:b] for a, b in pairwise(places)), ""]
    with mock.patch.object(steps, "PIECE_CHARS", piece):
        for parts in (list(text), at_random):
            found = [w for words in tokenizer.tokenize_parts(parts) for w in words]
            assert found == whole, (text, parts)


def test_a_long_run_is_read_from_its_parts_never_joined(monkeypatch):
    """100,000 and 200,000 characters of Chinese without a digit, a space
    or punctuation given in parts of 1,000 characters: jieba's words of the
    whole run. The parts were joined into a copy of the text (the traced
    peak grew by the text's size); now they are read one by one, and the
    peak is jieba's working state, about 450 KB at either size (the test
    once compared it with 200,000 characters' 400 KB: 1.0 to 1.15,
    depending on what ran before)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    tokenizer = get_tokenizer("zh")
    run = "曹雪芹是清代作家著有红楼梦长江全长六千多公里流经十一个省级行政区" * 7000
    # warmed on the longer run first: what earlier tests left in the caches
    # the reading fills (a table resized on the way: 66 to 128 KB) is not
    # taken for growth with the text
    sum(map(len, tokenizer.tokenize_parts([run[i : i + 1000] for i in range(0, 200_000, 1000)])))
    peaks, sizes = [], []
    for size in (100_000, 200_000):
        text = run[:size]
        parts = [text[i : i + 1000] for i in range(0, len(text), 1000)]
        if size == 100_000:
            words = [w for found in tokenizer.tokenize_parts(parts) for w in found]
            assert words == tokenizer._jieba.lcut(text)
        peaks.append(
            traced_peak(lambda parts=parts: sum(map(len, tokenizer.tokenize_parts(parts))))
        )
        sizes.append(sys.getsizeof(text))
    # a join of the parts adds the 100,000 more characters' 200 KB
    assert peaks[1] - peaks[0] < (sizes[1] - sizes[0]) // 4, (peaks, sizes)


def test_chinese_with_punctuation_and_no_digit_is_analysed_within_twice_its_size(monkeypatch):
    """200,000 and 400,000 characters of Chinese sentences with
    punctuation, without a digit or a space, under the fair rules: NFKC,
    ``str.lower`` and the punctuation's deletion ran on the whole text and
    the result was joined (7 times the text's size traced); now a piece at
    a time, the parts read by jieba as they are. The traced peak is twice
    the text plus a constant (jieba's working state, about 450 KB with
    pieces of 1,024 characters): the peak added by the further 200,000
    characters is under twice their size (about 0.95 times)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1024)
    sentences = "曹雪芹是清代作家，著有《红楼梦》。长江全长六千多公里，流经十一个省级行政区。"
    sentences *= 12000
    short, long = sentences[:200_000], sentences[:400_000]
    run = mlqa.PROFILES["fair"].analyzer("zh")
    run("暖 1")
    added = traced_peak(run, long) - traced_peak(run, short)
    assert added < 2 * (sys.getsizeof(long) - sys.getsizeof(short)), added
    assert type(run(long)[1]) is CountedTokens


# Chinese of jieba's word characters only: dictionary words that overlap
# (``丰足额``, ``上划上``: equal products of frequencies, a tie broken by
# the rounding of the sums), characters outside the dictionary (gathered
# in jieba's buffer of single characters and given to its HMM), Latin and
# digits inside a run.
HAN_FRAGMENTS = [
    "丰足额", "上划上", "一一一", "丁税政", "下传下", "丰足", "足额", "和尚未",
    "结婚的和尚未结婚的", "研究生命", "南京市长江大桥", "长江", "大桥", "市长",
    "我来到北京清华大学", "他来到了网易杭研大厦",
    "曹雪芹", "是", "清代", "作家", "的", "一", "丰", "额", "上", "下", "个", "了",
    "龘", "靐", "齉", "鱻", "爩", "麤", "鸑", "鿕", "iPhone", "12", "x", "+", "-", "%",
]  # fmt: skip
HAN_RUNS = st.lists(st.sampled_from(HAN_FRAGMENTS), max_size=40).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=HAN_RUNS, piece=st.integers(1, 12))
def test_a_long_run_segmented_in_pieces_gives_jiebas_words_of_the_whole_run(text, piece):
    """A run of jieba's word characters longer than a piece is cut where no
    word of the dictionary spans, each piece's sums computed from the best
    sum at its end and the buffer of single characters carried over: the
    words are ``jieba.lcut``'s of the whole run."""
    tokenizer = get_tokenizer("zh")
    tokenizer.tokenize("暖")  # jieba loaded
    whole = tokenizer._jieba.lcut(text)
    with mock.patch.object(steps, "PIECE_CHARS", piece):
        found = tokenizer.tokenize(text)
    assert found == whole, text


def test_a_tie_is_broken_as_in_the_whole_run():
    """``丰足额`` before 100,000 characters of Chinese: no word spans the
    place after it, but segmented alone it breaks the tie of
    ``丰足`` + ``额`` and ``丰`` + ``足额`` (equal products of frequencies)
    the other way; the pieces' sums, computed from the sum at their end,
    give the whole run's words."""
    tokenizer = get_tokenizer("zh")
    tokenizer.tokenize("暖")
    jieba = tokenizer._jieba
    rest = "曹雪芹是清代作家著有红楼梦长江全长公里流经个省级行政区" * 4000
    whole = jieba.lcut("丰足额" + rest)
    assert whole[:2] == ["丰足", "额"]
    assert jieba.lcut("丰足额")[:2] == ["丰", "足额"]  # the piece alone
    for piece in (3, 1000, 30_000):
        with mock.patch.object(steps, "PIECE_CHARS", piece):
            assert tokenizer.tokenize("丰足额" + rest) == whole, piece


def test_a_long_run_is_segmented_within_its_size(monkeypatch):
    """200,000 characters of Chinese without a digit, a space or
    punctuation (one run of jieba's word characters): jieba's graph and
    sums were made for the whole run (about 200 times the text's size
    traced, 200 times its size); now for a piece at a time (6.4)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    text = ("曹雪芹是清代作家著有红楼梦长江全长六千多公里流经十一个省级行政区" * 7000)[:200_000]
    tokenizer = get_tokenizer("zh")
    tokenizer.tokenize("暖")
    peak = traced_peak(tokenizer.tokenize, text)
    assert peak < 8 * sys.getsizeof(text), (peak, sys.getsizeof(text))


@pytest.mark.parametrize(
    ("name", "analyse"),
    [
        ("mlqa zh fair", lambda: mlqa.PROFILES["fair"].analyzer("zh")),
        ("cmrc fair jieba", lambda: Comparer(replace(CMRC_FAIR, segmentation="jieba")).analyse),
    ],
)
def test_chinese_without_digits_or_spaces_is_analysed_within_a_few_times_its_size(
    name, analyse, monkeypatch
):
    """100,000 characters of Chinese without a digit or a space: jieba's
    work for the whole run was 200 times the text's size traced, then 7
    (most of it ``str.lower``'s buffer, three UCS-4 characters a
    character, for a moment); now 3.3 for MLQA (the steps a piece at a
    time: the normal form's parts and a piece's graph and sums), the
    tokens counted a piece at a time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1024)
    text = ("曹雪芹是清代作家著有红楼梦长江全长六千多公里流经十一个省级行政区" * 3500)[:100_000]
    run = analyse()
    run("暖 1")
    peak = traced_peak(run, text)
    assert peak < 10 * sys.getsizeof(text), (name, peak, sys.getsizeof(text))
    assert type(run(text)[1]) is CountedTokens
