"""A long prediction of XOR-Full and XOR-EnglishSpan under the ``fair``
rules (issue 25) is analysed a list of tokens at a time
(:meth:`Analyzer.token_lists`): numbers read from the whole text, the
stretches between them normalized in parts cut before an ASCII space or
between two kana or ideographs, MeCab's words read from those parts
joined, a counter after a number dropped across lists, and BLEU's n-grams
of the tokens joined by spaces counted part by part
(:meth:`BleuReferences.score_parts`). The figures are those of the whole
text's tuple and string (properties with tiny pieces, lists and MeCab
pieces, on Japanese text with spaces of every kind, newlines, digits of
several scripts, counters, 。、・ and characters NFKC folds or composes),
and the tokens are not held a string each."""

from __future__ import annotations

import random
import sys
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch import analysis
from answermatch.analysis import Analyzer
from answermatch.bleu import BleuReferences
from answermatch.matchers.answers import CountedTokens
from answermatch.normalization import normalizer, steps
from answermatch.tasks.xor import engspan, full
from answermatch.tasks.xor.data import prediction_tokens
from answermatch.tokenizers import ja
from conftest import traced_peak

# what each rule reads in its own way: counters (after a number or not),
# numbers with separators across spaces ("1 000"), digits of other scripts
# and those NFKC makes ("３", "①"), kana NFKC composes with a voiced mark
# (half-width or combining), the official replacements' characters (・、),
# 。 and other punctuation, spaces of every kind MeCab skips or keeps
FRAGMENTS = [
    "東京", "は", "日本", "の", "首都", "です", "タワー", "人口", "年号", "が", "か", "ゔ", "ヴ",
    "年", "歳", "人", "년", "万", "約", "一", "二〇二〇",
    "1", "0", "000", "1914", "1958", "1,500", "3.5", "３", "٣", "①", "½", "-",
    "ｶ", "ﾞ", "\u3099", "\u309a", "\u200b", "\xad", "\ufe00",
    "。", "、", "・", "「", "」", ",", ".", "!", "(", ")", "'",
    "Tokyo", "ΑΣ", "ß", "İ",
    " ", " ", " ", "  ", "\u3000", "\t", "\n", "\r\n", "\x0b", "\xa0", "\u2009", "\x1c",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)
SETTINGS = settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
FAIR_JA = Analyzer(
    "ja", norm="unicode", tokens="language", counters="after-number", numbers="value"
)


def _whole_and_lists(run, *args, max_chars: int):
    """``run(*args)`` as the whole text's path (pieces longer than any
    text) and a list at a time (pieces of about 3 characters, lists of 2
    tokens), MeCab parsing at most ``max_chars`` characters at once in both."""
    with mock.patch.object(ja, "MAX_CHARS", max_chars):
        with mock.patch.object(steps, "PIECE_CHARS", 10**9):
            whole = run(*args)
        with (
            mock.patch.object(steps, "PIECE_CHARS", 3),
            mock.patch.object(analysis, "TOKEN_LIST", 2),
        ):
            in_lists = run(*args)
    return whole, in_lists


@SETTINGS
@given(text=TEXTS, max_chars=st.sampled_from([ja.MAX_CHARS, 5, 9]))
def test_the_lists_are_the_whole_texts_tokens(text, max_chars):
    """The lists, one after the other, are the tuple of the whole text
    (Japanese with MeCab, whitespace tokens, a word splitter, counters
    anywhere, English articles, the official rules but Japanese's), and
    none is empty."""
    analyzers = [
        FAIR_JA,
        Analyzer("ja", norm="unicode", tokens="language", counters="anywhere"),
        Analyzer("ja", norm="unicode", tokens="language", counters="keep", numbers="value"),
        Analyzer("ko", norm="unicode", tokens="language", counters="after-number", numbers="value"),
        Analyzer("ru", norm="unicode", counters="after-number", numbers="value"),
        Analyzer("en", norm="unicode", tokens="language", counters="keep", numbers="value",
                 articles=True),
        Analyzer("ko"),
        Analyzer("en", counters="keep", articles=True),
    ]  # fmt: skip

    def lists_of(analyzer):
        return [list(found) for found in analyzer.token_lists()(text)]

    for analyzer in analyzers:
        whole, in_lists = _whole_and_lists(
            lambda a: a(text, prediction=True), analyzer, max_chars=max_chars
        )
        _, found = _whole_and_lists(lists_of, analyzer, max_chars=max_chars)
        assert in_lists == whole
        assert all(found)
        assert tuple(token for tokens in found for token in tokens) == whole, analyzer


@SETTINGS
@given(text=TEXTS)
def test_the_normal_form_in_parts_is_the_whole_ones(text):
    """Cut before ASCII spaces and between two kana or ideographs, the
    ``unicode`` preset's parts end to end are the text's normal form."""
    normalize = normalizer("unicode")
    with mock.patch.object(steps, "PIECE_CHARS", 1):
        parts = list(
            analysis._normal_form_parts(text, 0, len(text), normalize, analysis._IN_WORD_CUT)
        )
    assert "".join(parts) == normalize(text)
    assert all(parts)


@SETTINGS
@given(
    prediction=TEXTS,
    answers=st.lists(TEXTS, min_size=1, max_size=3),
    same=st.booleans(),
    lang=st.sampled_from(["ja", "ja", "ja", "ko", "ru", "fi", "ar", "bn", "te", "en"]),
    max_chars=st.sampled_from([ja.MAX_CHARS, 7]),
)
def test_xor_full_fair_scores_a_long_prediction_as_the_whole(
    prediction, answers, same, lang, max_chars
):
    """F1, EM and BLEU (over the tokens joined by spaces) of XOR-Full's
    ``fair`` rules, bit for bit."""
    answers = (prediction, *answers) if same else tuple(answers)

    def score():
        return full._Scorer(full.PROFILES["fair"])(lang, answers, prediction)

    whole, in_lists = _whole_and_lists(score, max_chars=max_chars)
    assert in_lists == whole


@SETTINGS
@given(prediction=TEXTS, answers=st.lists(TEXTS, min_size=1, max_size=3), same=st.booleans())
def test_xor_engspan_fair_scores_a_long_prediction_as_the_whole(prediction, answers, same):
    """F1, EM, precision and recall of XOR-EnglishSpan's ``fair`` rules."""
    answers = (prediction, *answers) if same else tuple(answers)

    def score():
        return engspan._Scorer(engspan.PROFILES["fair"])(answers, prediction)

    whole, in_lists = _whole_and_lists(score, max_chars=ja.MAX_CHARS)
    assert in_lists == whole


GRAMS = st.text(alphabet="ab 東京年1", max_size=30)


@settings(max_examples=400, deadline=None)
@given(
    parts=st.lists(GRAMS, max_size=8),
    references=st.lists(GRAMS, min_size=1, max_size=3),
    long=st.booleans(),
)
def test_bleu_of_parts_is_bleu_of_the_joined_text(parts, references, long):
    """Counted part by part (n-grams across the cuts, self-overlapping
    ones, the references' side or, for references of many n-grams, the
    hypothesis'), BLEU is that of the joined text, bit for bit."""
    if long:  # more n-grams than the references' side counts
        references = [*references, "".join(random.Random(len(parts)).choices("ab 東京年1x", k=400))]
    refs = BleuReferences(references)
    assert refs.score_parts(iter(parts)) == BleuReferences(references).score("".join(parts))


def test_score_parts_needs_text_references():
    with pytest.raises(TypeError, match="text references"):
        BleuReferences([("a", "b")]).score_parts(["a"])


def test_official_japanese_keeps_the_whole_text():
    """MeCab's ``-Owakati`` before the official normalization reads the
    whole text: no lists."""
    assert Analyzer("ja").token_lists() is None
    with mock.patch.object(steps, "PIECE_CHARS", 4):
        assert type(prediction_tokens(Analyzer("ja"))("東京 は 日本 の 首都 " * 3)) is tuple
        assert type(prediction_tokens(FAIR_JA)("東京 は 日本 の 首都 " * 3)) is CountedTokens


JA_WORDS = "東京 は 日本 の 首都 です 1914 年 "
JA_SENTENCES = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。"
JA_NO_DIGIT = "東京都は日本の首都です。"


def test_a_long_japanese_prediction_is_scored_within_half_its_size(monkeypatch):
    """180,000 characters of Japanese (words and numbers between spaces,
    sentences with numbers, then sentences without a digit or a space), in
    pieces of 512 characters, lists of 128 tokens and MeCab parses of 512
    characters: MeCab's words a string each, their tuple, the stretch
    without a digit and the tokens' joined string were held (about 20
    times the text's size); now one list's and one parse's, and the
    counts."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 512)
    monkeypatch.setattr(analysis, "TOKEN_LIST", 128)
    monkeypatch.setattr(ja, "MAX_CHARS", 512)
    prediction = "".join(
        text * (60_000 // len(text)) for text in (JA_WORDS, JA_SENTENCES, JA_NO_DIGIT)
    )
    scorer = full._Scorer(full.PROFILES["fair"])
    answers = ("東京", "1914年")
    scorer("ja", answers, "warm up 東京")
    peak = traced_peak(scorer, "ja", answers, prediction)
    assert peak < sys.getsizeof(prediction) // 2, (peak, sys.getsizeof(prediction))
