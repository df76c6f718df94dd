"""The lenient judge of a long answer reads its prepared text in windows
(``lenient._LongAnswer``, on containment's ``_search_windows``), never
whole (issue 25): its verdict is the whole text's, with windows of a few
characters (MeCab's pieces tiny, the context read around an occurrence
short) and with every window size a text allows; the words the recall
rule asks about are found however the text is cut."""

from __future__ import annotations

from functools import partial
from unittest import mock

from hypothesis import example, given, settings
from hypothesis import strategies as st

from answermatch.matchers import containment, extraction, judge, lenient
from answermatch.matchers.containment import _Edges
from answermatch.matchers.lenient import _asked, _WordSieve
from answermatch.normalization import steps
from answermatch.tokenizers import ja
from conftest import traced_peak
from test_open_qa_unspaced_long import WINDOW_FRAGMENTS, _whole_cut

#: words of the cascade's rules: negations and hedges (before and after
#: the answer), names, plurals and ordinals, numbers and dates
FRAGMENTS = [
    *WINDOW_FRAGMENTS, " not ", " never ", " either ", " or ", " could be ", " maybe ", "不是",
    "ではない", " değil", " Mark Twain ", " Twain ", " Samuel Clemens ", " Wilhelm ", " Röntgen ",
    " Conrad ", " J. ", " cities ", " city ", " 1st ", " April ", " nine ", " 9 ", " 1,000 ",
    " 8 December 1985 ", " seasons ", ", ", ". ", " and ", " Paris ", " Lyon ", " the ",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), min_size=10, max_size=60).map("".join)
GOLDS = [
    "東京", "東京都", "北京", "กรุงเทพมหานคร", "서울", "القاهرة", "Mark Twain", "Samuel Clemens",
    "Wilhelm Conrad Röntgen", "J. R. R. Twain", "city", "April 1", "nine", "1000", "9",
    "December 1985", "Paris", "Ankara", "1972", "Tokyo", "the", "Helsinki",
]  # fmt: skip
QUESTIONS = ["", "who wrote it", "is it Paris or Lyon", "Mark Twain or not"]
LANGS = ["ja", "zh", "th", "ko", "ar", "he", "fi", "tr", "en", "de", None]


def _in_windows(text, golds, lang, question, size, window, around):
    """judge() of ``text`` taken as a long one, in windows of ``window``
    characters (MeCab's pieces of ``size``, ``around`` characters read
    around an occurrence)."""
    with (
        mock.patch.object(ja, "MAX_CHARS", size),
        mock.patch.object(steps, "PIECE_CHARS", 3),
        mock.patch.object(containment, "_WINDOW", window),
        mock.patch.object(lenient, "_AROUND", around),
    ):
        return judge(text, golds, lang=lang, question=question)


def _whole(text, golds, lang, question, size, around):
    """judge() of the whole prepared text, with the whole text's cuts."""
    with (
        mock.patch.object(ja, "MAX_CHARS", size),
        mock.patch.object(_Edges, "cut", _whole_cut),
        mock.patch.object(steps, "PIECE_CHARS", 10**9),
        mock.patch.object(lenient, "_AROUND", around),
    ):
        return judge(text, golds, lang=lang, question=question)


@settings(max_examples=500, deadline=None)
@given(
    text=TEXTS,
    golds=st.lists(st.sampled_from(GOLDS), min_size=1, max_size=3),
    lang=st.sampled_from(LANGS),
    question=st.sampled_from(QUESTIONS),
    size=st.integers(2, 12),
    window=st.integers(1, 24),
    around=st.integers(1, 30),
    data=st.data(),
)
@example(" either Mark Twain or Lyon ", ["Mark Twain"], "en", "", 4, 1, 12, None)
@example(" not Wilhelm  Röntgen " * 3, ["Wilhelm Conrad Röntgen"], "en", "", 4, 2, 8, None)
def test_a_long_answer_judged_in_windows_is_the_whole_texts(
    text, golds, lang, question, size, window, around, data
):
    """The verdict (rule, detail and gold) of windows of a few characters
    is the whole text's; a gold taken from the text too."""
    if data is not None and data.draw(st.booleans()):
        start = data.draw(st.integers(0, len(text) - 1))
        end = data.draw(st.integers(start + 1, min(len(text), start + 14)))
        golds = [*golds, text[start:end]]
    whole = _whole(text, golds, lang, question, size, around)
    assert _in_windows(text, golds, lang, question, size, window, around) == whole


#: English words that make the cascade's negations, hedges and names
_ENGLISH = ["either", "or", "not", "never", "Mark", "Twain", "Bret", "Harte", "Samuel", "Clemens",
            "could", "be", "maybe", "it", "was", "Paris", "Lyon", ",", ".", "isn't", "J.", "1st",
            "cities", "Wilhelm", "Röntgen"]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    words=st.lists(st.sampled_from(_ENGLISH), min_size=3, max_size=40),
    golds=st.lists(
        st.sampled_from(
            [
                "Mark Twain",
                "Samuel Clemens",
                "Paris",
                "Twain",
                "Wilhelm Conrad Röntgen",
                "city",
                "J. R. R. Twain",
                "Bret Harte",
            ]
        ),
        min_size=1,
        max_size=3,
    ),
    question=st.sampled_from(QUESTIONS),
    window=st.integers(1, 24),
    around=st.integers(1, 30),
)
def test_a_long_english_answer_hedged_or_negated_is_judged_as_whole(
    words, golds, question, window, around
):
    """Sentences of negations, hedges ("either X or Y", "could be X or
    Y": short or not) and names, in windows of a few characters: the
    whole text's verdict."""
    text = " ".join(words)
    whole = _whole(text, golds, "en", question, 4, around)
    assert _in_windows(text, golds, "en", question, 4, window, around) == whole


def test_every_window_size_gives_the_whole_texts_verdict():
    """Windows of every size up to the prepared text's length (so cut at
    every position), for texts that end each rule of the cascade."""
    cases = [
        (" the answer is not Mark Twain but maybe Samuel Clemens, 1st " * 3, ["Samuel Clemens"]),
        (" either Mark Twain or Bret Harte, " * 4, ["Mark Twain"]),
        ("it could be Paris or Lyon it was", ["Paris"]),  # short: hedged
        ("it could be Paris or Lyon . it was maybe it was it was it was it was it was", ["Paris"]),
        (" It was Wilhelm Röntgen in 1901 " * 3, ["Wilhelm Conrad Röntgen"]),
        (" it was not Röntgen, nor Wilhelm " * 3, ["Wilhelm Conrad Röntgen"]),
        ("答えは東京ではない。大阪です。" * 4, ["東京"]),
        ("北京市不是首都。长城" * 4, ["北京", "长城"]),
        ("wilhelmroentgen" * 20, ["Wilhelm Conrad Röntgen"]),
        (" nine seasons, 8 December 1985 " * 3, ["9", "December 1985"]),
    ]
    for text, golds in cases:
        lang = "ja" if "東京" in text else "zh" if "北京" in text else "en"
        whole = _whole(text, golds, lang, "", 5, 20)
        for window in range(1, len(text) + 2):
            assert _in_windows(text, golds, lang, "", 5, window, 20) == whole, (text, window)


@settings(max_examples=300, deadline=None)
@given(
    text=st.lists(st.sampled_from(["ab", "a", "b", "abc", " ", "  ", "cities", "x"]), max_size=30)
    .map("".join)
    .filter(lambda text: "  " not in text),
    asked=st.sets(st.sampled_from(["a", "b", "ab", "abc", "bab", "city", "cities", "x", "c"])),
    data=st.data(),
)
def test_the_words_asked_about_are_found_however_the_text_is_cut(text, asked, data):
    """A text split at spaces, let go in segments cut anywhere (inside a
    word too): the words asked about among its words, as ``str.split``
    gives them."""
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=8)))
    sieve = _WordSieve("en", set(asked))
    start = 0
    for cut in [*cuts, len(text)]:
        sieve(text[start:], cut - start)
        start = cut
    sieve.finish()
    assert sieve.found == {word for word in text.split() if word in asked}


def test_the_words_asked_hold_every_form_the_recall_rule_looks_for():
    """_asked() lists what _has_plural() and the initials look for."""
    assert set(_asked("1")) >= {"1", "1st", "1nd", "1rd", "1th", "1s"}
    assert set(_asked("box")) >= {"box", "boxes", "boxs", "b"}
    assert "cities" in _asked("city")


def test_a_long_answer_is_judged_without_its_prepared_text(monkeypatch):
    """A long answer's prepared text was held whole (a run of letters: as
    much again as the text); now a window at a time, under every rule: a
    run with no gold (the recall rule reads it), a gold at its start (read
    no further), one at its end, Japanese with MeCab's pieces. The peak
    grows by much less than the text (three times as long) does."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    monkeypatch.setattr(containment, "_WINDOW", 4096)
    monkeypatch.setattr(ja, "MAX_CHARS", 4096)
    monkeypatch.setattr(extraction, "WINDOW_CHARS", 4096)  # (the answer cue's quick test)
    letters = "wilhelmroentgen" * 20_000
    japanese = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。" * 4_000
    golds = ["Wilhelm Conrad Röntgen"]
    cases = [  # (the text of a length times the shortest, golds, language, rule)
        (lambda times: letters * times, golds, "en", "no-match"),
        (lambda times: "Röntgen " + letters * times, ["Röntgen"], "en", "contains"),
        (lambda times: letters * times + " wilhelm röntgen", golds, "en", "name-parts"),
        (lambda times: japanese * times, ["大阪", "名古屋城"], "ja", "no-match"),
        (lambda times: japanese * times, ["大阪", "日本"], "ja", "contains"),
    ]
    for make, golds, lang, rule in cases:
        peaks = []
        for times in (1, 3):
            text = make(times)
            judged = partial(judge, text, golds, lang=lang)
            assert judged().rule == rule
            with mock.patch.object(steps, "PIECE_CHARS", 10**9):
                assert judged() == judge(text, golds, lang=lang)  # the whole text's
            peaks.append((traced_peak(judged), len(text)))
        (small, small_size), (large, large_size) = peaks
        assert large - small < 0.1 * (large_size - small_size), (rule, peaks)
