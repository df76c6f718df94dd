"""A long answer in Thai without spaces under the ``fair`` rules of SQuAD,
SQuAD v2.0 and MLQA (F1 over whitespace tokens, numbers by value), and
under their official rules, is also cut just before a Thai consonant that
follows a Thai letter or mark (``squad.rules._or_thai``), the token cut
there counted whole (``CountedTokens.of_glued``), so the run is never
normalized whole.
Properties with tiny pieces and tiny long tokens: the pieces give the whole
text's tokens and figures, in the languages of the ``lang`` option (their
articles as whole words; Arabic's prefix, which looks past the cut, is not
cut), on texts of Thai consonants, vowels, marks, digits and punctuation
beside ASCII letters and articles, numbers, spaces, a final sigma,
combining marks and characters NFKC composes or folds."""

from __future__ import annotations

import tracemalloc
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.matchers import answers
from answermatch.normalization import steps
from answermatch.tasks.squad import rules as span_rules
from answermatch.tasks.squad.mlqa import PROFILES as MLQA_PROFILES
from answermatch.tasks.squad.rules import SpanRules
from answermatch.tasks.squad.scoring import pair_scorer
from answermatch.tasks.squad.tasks import FAIR

THAI = [chr(c) for c in range(0x0E01, 0x0E5C) if c not in range(0x0E3B, 0x0E3F)]
FRAGMENTS = [
    *THAI, *THAI, "\u0e4d\u0e32", "\u0e19\u0e49\u0e33", "กรุงเทพ", "เมือง", "ไทย", "ประเทศ",
    "๑,๐๐๐", "1", "000", "1,000", "3.5", "１", "①", "ﬁ", "Σ", "ΑΣ", "\u0301", "e\u0301", "ß",
    "İ", "a", "the", "The", "la", "der", "của", "ab", "ال", " ", " ", "\xa0", "\u200b", "\u3000",
    ",", ".", "'", "(", "《", "中国", "서울", "москва", "é", "ﬃ",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)
LANGS = ["en", "de", "es", "vi", "th", "ar", "el"]
#: MLQA's rules know its seven languages only (zh: its ideographs split alone)
MLQA_LANGS = ["en", "de", "es", "vi", "ar", "hi", "zh"]

RULES = [
    ("fair", FAIR, LANGS),
    (
        "fair, squad articles",
        SpanRules("x", punct="unicode", width="nfkc", numbers="value"),
        LANGS,
    ),
    (
        "mlqa words by value",
        SpanRules("y", punct="unicode", articles="mlqa", tokens="mlqa", numbers="value"),
        MLQA_LANGS,
    ),
    ("squad official", SpanRules("official"), LANGS),
    ("mlqa official", MLQA_PROFILES["official"], MLQA_LANGS),
    (
        "fair, numbers as text",
        SpanRules("z", punct="unicode", width="nfkc", articles="words"),
        LANGS,
    ),
]


def _tokens(rules: SpanRules, lang: str, text: str, piece: int):
    with (
        mock.patch.object(steps, "PIECE_CHARS", piece),
        mock.patch.object(span_rules, "PIECE_CHARS", piece),
        mock.patch.object(answers, "LONG_TOKEN", piece + 3),
    ):
        return rules.analyzer(lang)(text)


def test_the_fair_rules_cut_thai_but_in_arabic_and_with_a_word_tokenizer():
    assert FAIR._in_thai("en") and FAIR._in_thai("th") and FAIR._in_thai("de")
    assert not FAIR._in_thai("ar")  # its prefix looks two letters ahead
    assert not FAIR._in_thai("zh") and not FAIR._in_thai("ja")  # jieba, MeCab read across
    with mock.patch.object(steps, "PIECE_CHARS", 1):
        at = span_rules._or_thai(span_rules._CUT_AT_NUMBERS)
        assert list(steps.pieces("เมืองไทย", at)) == ["เ", "มื", "อ", "งไ", "ท", "ย"]
        # not after a digit, the baht sign, punctuation or a space
        assert list(steps.pieces("๑ก฿ก๏ก กa", at)) == ["๑ก฿ก๏ก กa"]


@pytest.mark.parametrize(("name", "rules", "langs"), RULES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, data=st.data(), piece=st.integers(1, 12))
def test_pieces_cut_inside_thai_give_the_whole_texts_tokens(name, rules, langs, text, data, piece):
    lang = data.draw(st.sampled_from(langs))
    whole = _tokens(rules, lang, text, 10**9)
    in_pieces = _tokens(rules, lang, text, piece)
    assert in_pieces[0] == whole[0] and in_pieces[1] == whole[1], (name, lang, text)
    assert list(in_pieces[0]) == list(whole[0]), (name, lang, text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=TEXTS,
    golds=st.lists(TEXTS, min_size=1, max_size=3),
    lang=st.sampled_from(LANGS),
    piece=st.integers(1, 12),
)
def test_figures_of_thai_cut_in_pieces_are_the_whole_texts(prediction, golds, lang, piece):
    def figures(piece_chars: int):
        with (
            mock.patch.object(steps, "PIECE_CHARS", piece_chars),
            mock.patch.object(span_rules, "PIECE_CHARS", piece_chars),
            mock.patch.object(answers, "LONG_TOKEN", piece_chars + 3),
        ):
            score = pair_scorer(FAIR.analyzer(lang), FAIR.empty_f1)
            return score(prediction, tuple(golds)), score(golds[0], (prediction,))

    assert figures(piece) == figures(10**9), (prediction, golds, lang)


@pytest.mark.parametrize(("name", "rules"), [("fair", FAIR), ("official", SpanRules("official"))])
def test_long_thai_is_analysed_in_memory_that_does_not_grow(name, rules):
    """A million and two million characters of Thai without a space: the
    rules normalized the run whole (fair: its NFKC, lower case, deletions
    and the token, copies of two bytes a character; official: its lower
    case and deletions); now a piece at a time, the token as long as the
    run counted under a key of its own."""
    sentence = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร"
    analyse = rules.analyzer("en")
    analyse("warm up 1 000 ไทย " * 5000)
    peaks = []
    for size in (1_000_000, 2_000_000):
        text = (sentence * (size // len(sentence) + 1))[:size]
        tracemalloc.start()
        try:
            tokens, units = analyse(text)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert len(tokens) == 1 and tokens == (text,)
        del text, tokens, units
    # one more million characters: a copy of the run (2 MB) would add at least 2 MB
    assert peaks[1] - peaks[0] < 1_000_000, (name, peaks)
