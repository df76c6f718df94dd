"""The lenient judge of a long answer: the cue words and the gold's words
looked for in the lowered answer a window at a time
(``extraction._in_lowered``), never in a lowered copy of it; the same
verdicts as the whole text's, however small the windows."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.matchers import extraction, judge
from answermatch.matchers.extraction import _in_lowered
from answermatch.matchers.lenient import _absent, _language, _preparer
from conftest import traced_peak

# characters whose lower case is another length or depends on the context
# (İ, Σ), compatibility and case-folding oddities, ASCII words' characters
_SPECIAL = ["İ", "Σ", "σ", "ς", "ß", "ﬁ", "K", "Å", "ǅ", "i̇", "\u0307", "Ω"]
_CHARS = st.sampled_from([*"aAbBeEnNsStT19 .,:\n", *_SPECIAL])
_KEY_CHARS = st.sampled_from([*"abenst19 .:", "i̇", "\u0307", "σ", "ς", "ß", "ﬁ", "å", "ω"])


@settings(max_examples=400, deadline=None)
@given(
    text=st.lists(_CHARS, max_size=40).map("".join),
    keys=st.lists(st.lists(_KEY_CHARS, max_size=4).map("".join), max_size=3),
    window=st.integers(1, 6),
)
def test_a_key_is_found_in_windows_as_in_the_lowered_text(text, keys, window):
    lowered = text.lower()
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(extraction, "WINDOW_CHARS", window)
        assert _in_lowered(text, keys) == any(key in lowered for key in keys)


def _absent_whole(language, text, golds, prepared):
    """lenient._absent as it was: the answer lowered whole."""
    lowered = text.lower()
    for word in re.finditer("[a-z0-9]+", lowered):
        if word.group() not in language.articles:
            break
    else:
        return False
    for gold_text, gold in zip(golds, prepared, strict=True):
        if not gold:
            continue
        if language.gold_value(gold, gold_text) is not None:
            return False
        for key in language.gold_keys(gold):
            if key in lowered:
                return False
    return True


_WORDS = ["The", "a", "AN", "les", "L", "Paris", "paris's", "Tower", "towers", "1889", "ONE",
          "Eiffel", "eiffels", "Röntgen", "σοφία", "answer", "Answer:", "correct", "**Paris**",
          "not", "either", "or", "", "."]  # fmt: skip
_ANSWER = st.lists(st.sampled_from(_WORDS), max_size=14).map(" ".join)
_GOLDS = st.lists(
    st.lists(st.sampled_from(_WORDS), max_size=3).map(" ".join), min_size=1, max_size=3
)


@settings(max_examples=300, deadline=None)
@given(
    answer=_ANSWER,
    golds=_GOLDS,
    lang=st.sampled_from([None, "en", "fr", "el"]),
    window=st.integers(1, 8),
)
def test_a_long_answer_is_judged_as_the_whole_text(answer, golds, lang, window):
    """``_absent`` as it was, and every verdict, in windows of a few characters."""
    language = _language(lang)
    prepare = _preparer(lang)
    prepared = [prepare(gold) for gold in golds]
    whole = judge(answer, golds, lang=lang)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(extraction, "WINDOW_CHARS", window)
        if answer.isascii():
            assert _absent(language, answer, tuple(golds), prepared) == _absent_whole(
                language, answer, tuple(golds), prepared
            )
        assert judge(answer, golds, lang=lang) == whole


def test_a_long_answer_is_not_lowered_whole():
    """The lenient judge of a 2,000,000-character English answer that holds
    no word of the gold: it was lowered whole twice (the answer cue's test
    and the quick test that no rule can accept), once each at a time."""
    answer = ("The quick brown fox jumps over the lazy dog in 1914 and Paris. " * 40_000)[
        :2_000_000
    ]
    golds = ["Wilhelm Conrad Röntgen"]
    assert judge(answer, golds, lang="en").rule == "no-match"
    peak = traced_peak(lambda: judge(answer, golds, lang="en"))
    assert peak < 0.3 * len(answer), peak  # 1.0 before (a lowered copy)


def test_a_long_answer_is_prepared_without_a_list_of_its_parts(monkeypatch):
    """A long answer's prepared parts were held in a list beside their
    join (a run of letters under the lenient judge: 2 times the text); the
    prepared text now grows a part at a time (1)."""
    from answermatch.normalization import steps

    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    text = "wilhelmroentgen" * 40_000
    golds = ["Wilhelm Conrad Röntgen"]
    assert judge(text, golds, lang="en").rule == "no-match"
    peak = traced_peak(lambda: judge(text, golds, lang="en"))
    assert peak < 1.5 * len(text), (peak, len(text))
