"""A long answer without spaces under containment and the lenient judge
(issue 25): a word edge inside Japanese, Chinese or Thai is read from the
segmenter's words of the stretch around it (MeCab's pieces of a long text,
or the stretch between spaces of a tokenizer that reads each alone), not
from a list of the whole text's words. Properties compare every position's
cut, and the verdicts, with the whole text's words; MeCab's pieces are made
tiny (``MAX_CHARS``) so that a short text has many."""

from __future__ import annotations

from functools import partial
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from answermatch.languages import supported_languages
from answermatch.matchers import containment, contains_match, judge, token_f1
from answermatch.matchers.containment import _Edges, _segmenter, prepare_text
from answermatch.normalization import steps
from answermatch.tokenizers import ja
from conftest import traced_peak
from test_open_qa_long_answers import FRAGMENTS as LONG_ANSWER_FRAGMENTS

FRAGMENTS = [
    "東京", "東京都", "都", "の", "人口", "は", "約", "1351", "万人", "で", "、", "。", "日本",
    "首都", "です", "タワー", "1958年", "に", "完成", "した", "さん", "ではない", "北京市", "北京",
    "是", "于", "不是", "中国", "长城", "กรุงเทพมหานคร", "เมือง", "หลวง", "ของ", "ประเทศไทย", "คือ",
    "น้ำ", "ไม่", "ใช่", "กรุงเทพฯ", "ก", "ๆ", "เ", "ab", "Tokyo", "3.5", "1,000", " ", " ",
    "  ", "-", "(", ")", "!", "\u3000", "ｶ\uff9e", "\x00",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)
SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _whole_cuts(text: str, lang: str) -> set[int]:
    """The segmenter's boundaries in ``text`` from its words of the whole
    text (how containment found them before)."""
    cuts = {0, len(text)}
    position = 0
    for token in _segmenter(lang)(text):
        found = text.find(token, position)
        if found < 0:
            continue
        cuts.add(found)
        position = found + len(token)
        cuts.add(position)
    return cuts


@SETTINGS
@given(
    text=TEXTS,
    lang=st.sampled_from(["ja", "zh", "th"]),
    size=st.integers(2, 12),
    kept=st.integers(1, 8),
    order=st.randoms(use_true_random=False),
)
def test_each_cut_is_the_whole_texts(text, lang, size, kept, order):
    """Every position asked about, in order or not, with MeCab's pieces
    and the boundaries kept behind the farthest position asked tiny."""
    prepared = prepare_text(text, lang)
    positions = list(range(len(prepared) + 1))
    shuffled = order.sample(positions, len(positions))
    with (
        mock.patch.object(ja, "MAX_CHARS", size),
        mock.patch.object(containment, "_KEPT_BEHIND", kept),
    ):
        whole = _whole_cuts(prepared, lang)
        for asked in (positions, shuffled):
            edges = _Edges(prepared, lang)
            assert {p for p in asked if edges.cut(p)} == whole


GOLDS = st.lists(st.sampled_from(FRAGMENTS[:36]), min_size=1, max_size=3).map("".join)

#: a text and its golds in a language with a segmenter, and MeCab's piece size
TEXT_AND_GOLDS = given(
    text=TEXTS,
    golds=st.lists(GOLDS, min_size=1, max_size=3),
    lang=st.sampled_from(["ja", "zh", "th"]),
    size=st.integers(2, 12),
)


@SETTINGS
@TEXT_AND_GOLDS
def test_verdicts_are_the_whole_texts(text, golds, lang, size):
    """Containment and the lenient judge, with MeCab's pieces tiny, the
    text taken as a long one (prepared in pieces, its words' set read a
    list at a time) and taken whole with the whole text's cuts."""
    with mock.patch.object(ja, "MAX_CHARS", size):
        with mock.patch.object(steps, "PIECE_CHARS", 3):
            found = contains_match(text, golds, lang=lang), judge(text, golds, lang=lang)
        whole_text = (
            mock.patch.object(_Edges, "cut", _whole_cut),
            mock.patch.object(steps, "PIECE_CHARS", 10**9),
        )
        with whole_text[0], whole_text[1]:
            whole = contains_match(text, golds, lang=lang), judge(text, golds, lang=lang)
    assert found == whole


def _whole_cut(edges: _Edges, position: int) -> bool | None:
    """:meth:`_Edges.cut` from the whole text's words."""
    if _segmenter(edges.lang) is None:
        return None
    return position in _whole_cuts(edges.text, edges.lang)


@pytest.mark.parametrize("lang", ["ja"])
def test_a_long_unspaced_answer_holds_no_list_of_its_words(lang):
    text = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。" * 8_000
    size = 2 * len(text)  # bytes of the text (two a character)
    peak = traced_peak(partial(contains_match, lang=lang), text, ["東京"])
    assert contains_match(text, ["東京"], lang=lang) == 1.0
    # the words of the whole text and their offsets held: 38 times the
    # text; its preparation, and one MeCab piece's words, now (11 times)
    assert peak < 15 * size


@SETTINGS
@TEXT_AND_GOLDS
def test_token_f1_of_a_long_text_is_the_whole_texts(text, golds, lang, size):
    with mock.patch.object(ja, "MAX_CHARS", size):
        with mock.patch.object(steps, "PIECE_CHARS", 10**9):
            whole = [token_f1(text, gold, lang=lang) for gold in golds]
            whole.append(token_f1(text, golds, lang=lang))
        with mock.patch.object(steps, "PIECE_CHARS", 3):
            in_parts = [token_f1(text, gold, lang=lang) for gold in golds]
            in_parts.append(token_f1(text, golds, lang=lang))
    assert in_parts == whole


def test_token_f1_of_a_long_japanese_answer_holds_no_list_of_its_words():
    text = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。" * 32_000
    token_f1("東京", "東京", lang="ja")  # MeCab loaded
    peak = traced_peak(partial(token_f1, lang="ja"), text, "東京")
    # its normal form and a list of its words: 7.4 times the text (2 bytes
    # a character); one MeCab piece's words and one part of the normal
    # form now (2.3 times this text, about 6 MB whatever its length)
    assert peak < 3.5 * 2 * len(text)


@settings(max_examples=500, deadline=None)
@given(
    text=st.lists(st.sampled_from(FRAGMENTS + LONG_ANSWER_FRAGMENTS), max_size=40).map("".join),
    lang=st.sampled_from([None, *supported_languages()]),
    size=st.integers(1, 16),
)
@example(text="İstanbul IIIIIIIIII abc", lang="tr", size=3)  # an ASCII piece: Turkish ı
def test_a_long_text_prepared_in_pieces_is_the_whole_text_prepared(text, lang, size):
    """Containment's preparation of a long text, cut before spaces and
    between firm characters or runs of them (pieces of 1 to 16
    characters), joined: the whole text's."""
    with mock.patch.object(steps, "PIECE_CHARS", 10**9):
        whole = prepare_text(text, lang)
    with mock.patch.object(steps, "PIECE_CHARS", size):
        assert prepare_text(text, lang) == whole


#: fragments for the windows: word edges by the segmenters, prefixes,
#: suffixes (repeated Korean endings), marks, spaces, NULs
WINDOW_FRAGMENTS = [
    *FRAGMENTS, *LONG_ANSWER_FRAGMENTS[:90], "서울", "에서", "입니다", "에서에서", "대학교",
    "بال", "وال", "القاهرة", "ב", "ה", "ירושלים", "می", "تهران", "Helsingi", "ssä", "Budapest",
    "ben", "ban", "\u0e31", "\u0301\u0301", "ี่", "1972", "19725", "ab", "bab",
]  # fmt: skip
WINDOW_TEXTS = st.lists(st.sampled_from(WINDOW_FRAGMENTS), min_size=20, max_size=80).map("".join)


@settings(max_examples=400, deadline=None)
@given(
    text=WINDOW_TEXTS,
    golds=st.lists(
        st.lists(st.sampled_from(WINDOW_FRAGMENTS), min_size=1, max_size=2).map("".join),
        min_size=1,
        max_size=3,
    ),
    lang=st.sampled_from(["ja", "zh", "th", "ko", "ar", "he", "fa", "fi", "hu", "en", None]),
    size=st.integers(2, 12),
    window=st.integers(1, 24),
    data=st.data(),
)
def test_containment_searched_in_windows_is_the_whole_texts(text, golds, lang, size, window, data):
    """A long text's prepared parts searched in windows of a few
    characters (MeCab's pieces tiny): the verdict of the whole prepared
    text with the whole text's cuts, a gold taken from the text too."""
    if text and data.draw(st.booleans()):
        start = data.draw(st.integers(0, len(text) - 1))
        end = data.draw(st.integers(start + 1, min(len(text), start + 12)))
        golds = [*golds, text[start:end]]
    assert _in_windows(text, golds, lang, size, window) == _whole(text, golds, lang, size)


def _in_windows(text, golds, lang, size, window):
    """contains_match of ``text`` taken as a long one, in windows of
    ``window`` characters (MeCab's pieces of ``size``)."""
    with (
        mock.patch.object(ja, "MAX_CHARS", size),
        mock.patch.object(steps, "PIECE_CHARS", 3),
        mock.patch.object(containment, "_WINDOW", window),
    ):
        return contains_match(text, golds, lang=lang)


def _whole(text, golds, lang, size):
    """contains_match of the whole prepared text with the whole text's cuts."""
    with (
        mock.patch.object(ja, "MAX_CHARS", size),
        mock.patch.object(_Edges, "cut", _whole_cut),
        mock.patch.object(steps, "PIECE_CHARS", 10**9),
    ):
        return contains_match(text, golds, lang=lang)


def test_a_suffix_repeated_past_a_windows_end_makes_it_longer():
    """Korean endings repeated without a space: the window grows to the
    word's end (a suffix that reaches the window's end may go on)."""
    for endings in ("에서" * 40, "에서" * 40 + "대"):
        text = f"대학교 서울{endings} 서울대학교 " * 3
        for window in (1, 5, 30):
            found = _in_windows(text, ["서울"], "ko", 2, window)
            assert found == _whole(text, ["서울"], "ko", 2) == (0.0 if "대" in endings else 1.0)


def test_a_prefix_or_a_suffix_is_shorter_than_the_windows_margin():
    """What the word-edge rules read past an edge (one prefix, one suffix)
    is shorter than ``_MARGIN``: every alternative of the patterns."""
    patterns = [*containment._PREFIXES.values(), *containment._SUFFIXES.values()]
    for pattern in patterns:
        body = pattern.pattern.replace("(?:", "").replace(")", "").rstrip("$+")
        for alternative in body.split("|"):
            letters = alternative.replace("[", "").replace("]", "").replace("?", "")
            counted = letters.replace("{1,3}", "")  # [...]{1,3}: 3 at most
            assert "{" not in counted and "*" not in counted, alternative
            assert len(counted) + (2 if "{1,3}" in letters else 0) < containment._MARGIN


def test_a_long_unspaced_answer_is_searched_in_windows(monkeypatch):
    """A long Japanese answer's prepared text was held whole, beside its
    parts (4 bytes a character); now a window at a time (two of MeCab's
    pieces at least, and a part: a few times ``PIECE_CHARS``)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    monkeypatch.setattr(containment, "_WINDOW", 4096)
    monkeypatch.setattr(ja, "MAX_CHARS", 4096)
    text = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。" * 8_000
    golds = ["大阪", "首都タワー", "東京都の人口"]
    assert contains_match(text, golds, lang="ja") == 1.0
    assert contains_match(text, golds[:2], lang="ja") == 0.0
    peak = traced_peak(partial(contains_match, lang="ja"), text, golds[:2])
    assert peak < len(text) // 2, (peak, len(text))
