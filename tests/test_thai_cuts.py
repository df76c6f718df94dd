"""A long answer in Thai without spaces under KorQuAD's rules (F1 over
characters) is also cut just before a Thai consonant that follows a Thai
letter or mark (``squad.rules._CUT_IN_WORDS``), so its characters are
counted a piece at a time rather than listed, a string object each, in one
piece. Properties with tiny pieces: the pieces give the whole text's EM key,
F1 units and figures, on texts of Thai consonants, vowels (leading ones,
SARA A, SARA AA, SARA AM and its decomposed form), tone and other marks,
Thai digits, the baht sign and Thai punctuation, beside ASCII digits,
numbers with separators, spaces, punctuation, a final sigma, combining marks
and characters NFKC composes or folds."""

from __future__ import annotations

import tracemalloc
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.normalization import steps
from answermatch.tasks import korquad
from answermatch.tasks.squad import rules as span_rules
from conftest import korquad_analysed, korquad_figures

THAI = [chr(c) for c in range(0x0E01, 0x0E5C) if c not in range(0x0E3B, 0x0E3F)]
FRAGMENTS = [
    *THAI, "\u0e4d\u0e32", "\u0e19\u0e49\u0e33", "กรุงเทพ", "เมือง", "ไทย", "ประเทศ", "๑,๐๐๐",
    "1", "000", "1,000", "3.5", "１", "①", "ﬁ", "Σ", "ΑΣ", "\u0301", "e\u0301", "ß", "İ", "a",
    "ab", " ", " ", "\xa0", "\u200b", "\u3000", ",", ".", "'", "(", "《", "中国", "서울",
    "москва", "Ё", "é", "ﬃ",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)

RULES = [("korquad", korquad.OFFICIAL), ("korquad fair", korquad.FAIR)]


def test_the_cut_falls_inside_thai_only_where_a_word_goes_on():
    cut = span_rules._CUT_IN_WORDS
    with mock.patch.object(steps, "PIECE_CHARS", 1):
        assert list(steps.pieces("เมืองไทย", cut)) == ["เ", "มื", "อ", "งไ", "ท", "ย"]
        # not after a digit, the baht sign, punctuation or a space: a number or a deletion
        # ends there, and the key has a space there
        assert list(steps.pieces("๑ก฿ก๏ก กa", cut)) == ["๑ก฿ก๏ก กa"]
    text = "ภาษาไทย" * 20_000
    assert all(p[0] in "ภษทย" for p in list(steps.pieces(text, cut))[1:])


@pytest.mark.parametrize(("name", "rules"), RULES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_pieces_cut_before_thai_consonants_give_the_whole_texts_key_and_units(
    name, rules, text, piece
):
    whole = korquad_analysed(rules, text, 10**9)
    in_pieces = korquad_analysed(rules, text, piece)
    assert in_pieces[0] == whole[0] and in_pieces[1] == whole[1], (name, text)
    assert list(in_pieces[1]) == list(whole[1]), (name, text)


@pytest.mark.parametrize(("name", "rules"), RULES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prediction=TEXTS, golds=st.lists(TEXTS, min_size=1, max_size=3), piece=st.integers(1, 12))
def test_figures_of_thai_cut_in_pieces_are_the_whole_texts(name, rules, prediction, golds, piece):
    in_pieces = korquad_figures(rules, prediction, golds, piece)
    assert in_pieces == korquad_figures(rules, prediction, golds, 10**9), (name, prediction, golds)


THAI_SENTENCE = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร"


@pytest.mark.parametrize(
    ("name", "rules", "sentence"),
    [
        *((name, rules, THAI_SENTENCE) for name, rules in RULES),
        ("korquad fair", korquad.FAIR, "столицароссиимосквамлн"),
    ],
)
def test_long_thai_is_analysed_in_memory_that_does_not_grow(name, rules, sentence):
    """A million and two million characters of Thai without a space: the
    fair rules listed each character as a string of its own in one piece
    (about 80 bytes a character more); now a piece's characters at a time,
    counted, beside the key (two bytes a character). Cyrillic without a
    space (not cut) is counted as its characters are made."""
    analyse = rules.analyzer("ko")
    analyse("warm up 1 000 ไทย " * 5000)
    peaks, keys = [], []
    for size in (1_000_000, 2_000_000):
        text = (sentence * (size // len(sentence) + 1))[:size]
        tracemalloc.start()
        try:
            key, units = analyse(text)
            keys.append((len(key), len(units)))
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        del text, key, units
    if sentence[0] == "เ":
        assert keys == [(1_000_000, 1_000_000), (2_000_000, 2_000_000)]
    # the key of a million characters is 2 MB: one more million adds 2 MB and a little
    assert peaks[1] - peaks[0] < 3_000_000, (name, peaks)


# --- the word splitter (XOR's fair tokens of ar bn fi ko ru te en): a long word in pieces ------

WORD_FRAGMENTS = [
    *FRAGMENTS, "-", "'", "’", ":", "\u200d", "\u200c", "\U0001f1e6", "\U0001f44d", "\u0600",
    "\u0640", "\u064b", "ال", "١٬٠٠٠", "a-b", "x:n", "🏻", "\u0e33\u0e48", "!", "๚ก",
]  # fmt: skip
WORD_TEXTS = st.lists(st.sampled_from(WORD_FRAGMENTS), max_size=40).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=WORD_TEXTS,
    lang=st.sampled_from(["ar", "fi", "en", "ru", "bn"]),
    piece=st.integers(1, 12),
)
def test_the_word_splitter_gives_a_long_chunks_tokens_matched_in_pieces(text, lang, piece):
    from answermatch.tokenizers.words import WordTokenizer

    tokenizer = WordTokenizer(lang)
    whole = tokenizer._tokenize(text, "word")
    with mock.patch.object(steps, "PIECE_CHARS", piece):
        assert tokenizer._tokenize(text, "word") == whole, text


def test_the_word_splitter_matches_a_long_thai_word_in_memory_that_does_not_grow():
    """``regex`` held about 110 bytes a character of a word while it matched
    it (a million characters of Thai given to XOR's fair Arabic rules: 139
    MB traced); now a piece's at a time, and the word joined once."""
    from answermatch.tokenizers.words import WordTokenizer

    tokenizer = WordTokenizer("ar")
    tokenizer.tokenize("ไทย")
    sentence = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร"
    peaks = []
    for size in (1_000_000, 2_000_000):
        text = (sentence * (size // len(sentence) + 1))[:size]
        tracemalloc.start()
        try:
            tokens = tokenizer.tokenize(text)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert tokens == [text]
        del text, tokens
    # the word's copies (its Arabic deletions, its parts and their join): 2 bytes a character each
    assert peaks[1] - peaks[0] < 8_000_000, peaks


# --- XOR-Full and XOR-EnglishSpan under the fair rules: a run of letters cut inside ------------

LETTER_FRAGMENTS = [
    "the", "The", "a", "an", "x", "Σ", "ΑΣ", "İ", "ß", "ﬁ", "Ａ", "e\u0301", "\u0301", "ال",
    "1", "000", "1,000", "年", "人", "-", "'", "’", ",", ".", "«", " ", "\xa0", "\u3000", "\n",
    "\u0640", "ไทย", "東京",
]  # fmt: skip
RUNS = ["thethe", "anan", "wilhelmroentgen", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "aaaa"]
LETTER_TEXTS = st.lists(
    st.one_of(
        st.sampled_from(LETTER_FRAGMENTS),
        st.tuples(st.sampled_from(RUNS), st.integers(1, 12)).map(lambda run: run[0] * run[1]),
    ),
    max_size=30,
).map("".join)


def _xor(
    task: str,
    lang: str,
    answers: tuple[str, ...],
    prediction: str,
    piece: int,
    profile: str = "fair",
):
    from answermatch.matchers import answers as counted
    from answermatch.tasks.xor import engspan, full

    with (
        mock.patch.object(steps, "PIECE_CHARS", piece),
        mock.patch.object(counted, "LONG_TOKEN", piece + 7),
    ):
        if task == "full":
            return full._Scorer(full.PROFILES[profile])(lang, answers, prediction)
        return engspan._Scorer(engspan.PROFILES[profile])(answers, prediction)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    task=st.sampled_from(["full", "engspan"]),
    lang=st.sampled_from(["en", "fi", "ru", "ko", "ar", "th"]),
    prediction=LETTER_TEXTS,
    answers=st.lists(LETTER_TEXTS, min_size=1, max_size=3),
    same=st.booleans(),
    piece=st.integers(16, 60),
)
def test_xor_fair_scores_a_prediction_cut_in_letters_as_the_whole(
    task, lang, prediction, answers, same, piece
):
    """F1 and EM (XOR-Full's BLEU too, over the tokens joined by spaces) of
    a prediction whose runs of letters are cut, its long tokens counted by
    their keys, are the whole prediction's."""
    golds = (prediction, *answers) if same else tuple(answers)
    whole = _xor(task, lang, golds, prediction, 10**9)
    assert _xor(task, lang, golds, prediction, piece) == whole


@pytest.mark.parametrize("task", ["full", "engspan"])
def test_xor_fair_a_long_run_of_letters_is_scored_in_memory_that_does_not_grow(task):
    """Its normal form was made whole, a copy of the run (and the word
    splitter's check of it another), beside the text."""
    from answermatch.tasks.xor import engspan, full

    answers = ("wilhelmroentgen", "Paris")
    if task == "full":
        scorer = full._Scorer(full.PROFILES["fair"])
        score = lambda text: scorer("ar", answers, text)  # noqa: E731
    else:
        scorer = engspan._Scorer(engspan.PROFILES["fair"])
        score = lambda text: scorer(answers, text)  # noqa: E731
    score("warm up 1 000")
    peaks = []
    for repeats in (70_000, 140_000):
        text = "wilhelmroentgen" * repeats
        tracemalloc.start()
        try:
            assert score(text)[0] == 0.0  # one token, not the answer's
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        del text
    assert peaks[0] < 4_000_000 and peaks[1] - peaks[0] < 1_050_000 // 8, (task, peaks)


# --- XOR's fair rules of a Thai question: ICU's words a list at a time -------------------------

THAI_WORDS = [
    "เมือง", "หลวง", "ของ", "ประเทศ", "ไทย", "คือ", "กรุงเทพ", "มหานคร", "กิน", "ข้าว", "ครั้ง",
    "ๆ", "ฯ", "๑๐", "2", "1,000", "abc", "the", "-", "。", " ", " ", "\u200b", "\xa0", "\n", "ﬁ",
    "\u0e4d\u0e32", "年",
]  # fmt: skip
THAI_TEXTS = st.lists(st.sampled_from(THAI_WORDS), max_size=40).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(THAI_TEXTS, max_size=4), size=st.integers(1, 5))
def test_icu_gives_its_words_of_the_parts_joined_a_list_at_a_time(parts, size):
    from answermatch.tokenizers import icu

    tokenizer = icu.IcuTokenizer("th")
    with mock.patch.object(icu, "TOKEN_LIST", size):
        lists = list(tokenizer.tokenize_parts(parts))
    assert [token for found in lists for token in found] == tokenizer.tokenize("".join(parts))
    assert all(0 < len(found) <= size for found in lists)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prediction=THAI_TEXTS, answers=st.lists(THAI_TEXTS, min_size=1, max_size=3))
def test_xor_fair_scores_a_long_thai_prediction_as_the_whole(prediction, answers):
    from answermatch import analysis
    from answermatch.tasks.xor import full
    from answermatch.tokenizers import icu

    def scores(piece: int, size: int):
        with (
            mock.patch.object(steps, "PIECE_CHARS", piece),
            mock.patch.object(icu, "TOKEN_LIST", size),
            mock.patch.object(analysis, "TOKEN_LIST", size),
        ):
            return full._Scorer(full.PROFILES["fair"])("th", tuple(answers), prediction)

    assert scores(3, 2) == scores(10**9, 10**9)


def test_xor_fair_scores_a_long_thai_prediction_in_memory_that_does_not_grow():
    """ICU's words of a long stretch were listed whole (a string object a
    word, 12.7 bytes a character more); now a list at a time, counted."""
    from answermatch.tasks.xor import full

    scorer = full._Scorer(full.PROFILES["fair"])
    scorer("th", ("ไทย",), "warm up ไทย 1 000")
    peaks = []
    for size in (1_000_000, 2_000_000):
        text = (THAI_SENTENCE * (size // len(THAI_SENTENCE) + 1))[:size]
        tracemalloc.start()
        try:
            assert scorer("th", ("ไทย", "กรุงเทพ"), text)[1] == 0.0
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        del text
    assert peaks[1] - peaks[0] < 3_000_000, peaks


@pytest.mark.parametrize("profile", ["fair", "official"])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    task=st.sampled_from(["full", "engspan"]),
    lang=st.sampled_from(["ar", "en", "fi", "ko"]),
    prediction=THAI_TEXTS,
    answers=st.lists(THAI_TEXTS, min_size=1, max_size=3),
    same=st.booleans(),
    piece=st.integers(1, 12),
)
def test_xor_scores_thai_cut_between_consonants_as_the_whole(
    profile, task, lang, prediction, answers, same, piece
):
    """Thai given to the word splitter (another language's question, or
    XOR-EnglishSpan's English) under the fair rules, and under the official
    ones (lower case, ASCII punctuation and counters deleted, SQuAD's
    articles, whitespace), is also cut between two consonants, the word so
    cut counted whole by its key: the whole prediction's figures."""
    golds = (prediction, *answers) if same else tuple(answers)
    whole = _xor(task, lang, golds, prediction, 10**9, profile)
    assert _xor(task, lang, golds, prediction, piece, profile) == whole
