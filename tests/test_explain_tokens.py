"""``explain`` of a very long answer holds no copy of it (issue 25): its
normalized text is held as parts made again from the answer
(``JoinedKey``), its tokens as their counts with their order as one string
of codes (``CountedTokens.of_stretches``), and the steps that changed it are
traced piece by piece (``trace_pieces``). The views equal the whole text's
(texts made long by a tiny ``PIECE_CHARS``, with the characters each rule
reads in its own way), and the explanation of a long answer takes a small
part of what the tuple of its tokens and its normalized string took."""

from __future__ import annotations

import json
import os
import warnings
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.commands.explain import write
from answermatch.explain import explain
from answermatch.explanation import TextView, joined_tokens, trace_pieces, view_tokens
from answermatch.matchers.answers import CountedTokens, JoinedKey
from answermatch.normalization import PRESETS, steps
from answermatch.tasks.mkqa import task as mkqa_task
from answermatch.tasks.mkqa.rules import FAIR as MKQA_FAIR
from answermatch.tasks.mkqa.rules import OFFICIAL as MKQA_OFFICIAL
from answermatch.tasks.mkqa.rules import Rules
from answermatch.tasks.squad import mlqa
from answermatch.tasks.squad import rules as span_rules
from answermatch.tasks.squad.explaining import text_view
from answermatch.tasks.squad.tasks import PROFILES as SQUAD_PROFILES
from answermatch.tasks.xor import explain as xor_explain
from conftest import traced_peak
from examples import EXAMPLE_FILES

# what some rule reads in its own way across a cut: a final sigma, İ (two
# characters lower-cased), whitespace of each kind, articles (SQuAD's, MLQA's,
# elided, Arabic), counters after digits, numbers with spaces, punctuation of
# both kinds, quotes of both kinds (the repr's quote), CJK, Hangul, astral
FRAGMENTS = [
    "ΟΔΟΣ", "Σ", "σ", "İ", " ", "  ", "\t", "\n", "\x85", "\u2028", "\u3000", "\xa0", "\x1c",
    "\u200b", "the", "The", "a", "an", "la", "der", "ال", "كتاب", "l'", "1", "1 000", "1,5",
    "1990年", "25歳", "5人", "년", "人口", ",", ".", "!", "«", "»", "'", '"', "東京", "曹雪芹",
    "서울", "대한", "𝔸", "ﬁ", "x", "Paris",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def whole(view: TextView) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    done = view.whole()
    assert type(done.normalized) is str and type(done.tokens) is tuple
    return done.normalized, done.tokens, done.changes


def long_and_whole(make, limit: int):
    """``make()`` with texts cut into pieces of about ``limit`` characters,
    and with every text read whole."""
    with (
        mock.patch.object(steps, "PIECE_CHARS", limit),
        mock.patch.object(span_rules, "PIECE_CHARS", limit),
    ):
        cut = make()
    with (
        mock.patch.object(steps, "PIECE_CHARS", 10**9),
        mock.patch.object(span_rules, "PIECE_CHARS", 10**9),
    ):
        return cut, make()


SPAN_RULES = [
    (SQUAD_PROFILES["official"], "en"),
    (SQUAD_PROFILES["fair"], "en"),
    (mlqa.PROFILES["official"], "de"),
    (mlqa.PROFILES["official"], "zh"),
    (mlqa.PROFILES["official"], "ar"),
]


@pytest.mark.parametrize(("rules", "lang"), SPAN_RULES)
@SLOW
@given(text=TEXTS, limit=st.integers(1, 12))
def test_a_long_squad_or_mlqa_text_view_is_the_whole_texts(rules, lang, text, limit):
    cut, full = long_and_whole(lambda: text_view(rules, lang, text), limit)
    if len(text) > limit and rules.long_pieces(lang) is not None:
        assert type(cut.normalized) is JoinedKey and type(cut.tokens) is CountedTokens
    assert whole(cut) == whole(full) and cut.normalized == full.normalized


@pytest.mark.parametrize(
    ("profile", "lang"),
    [(MKQA_OFFICIAL, "en"), (MKQA_OFFICIAL, "ja"), (MKQA_FAIR, "en"), (MKQA_FAIR, "ar")],
)
@SLOW
@given(text=TEXTS, limit=st.integers(1, 12))
def test_a_long_mkqa_text_view_is_the_whole_texts(profile, lang, text, limit):
    cut, full = long_and_whole(lambda: mkqa_task._view(Rules(profile, lang), text), limit)
    assert whole(cut) == whole(full)


@pytest.mark.parametrize(("preset", "lang"), [("squad", "en"), ("xor-full", "ko")])
@SLOW
@given(text=TEXTS, limit=st.integers(1, 12))
def test_a_long_xor_prediction_is_normalized_as_the_whole_text(preset, lang, text, limit):
    built = PRESETS[preset].build(lang)
    (normalized, changes, tokens), expected = long_and_whole(
        lambda: xor_explain._normalized(built, text), limit
    )
    assert (str(normalized), changes, tuple(tokens)) == (
        str(expected[0]),
        expected[1],
        tuple(expected[2]),
    )
    assert normalized == expected[0] and len(tokens) == len(expected[2])


def lower_each(text: str) -> str:
    return "".join(c.lower() for c in text)  # no final sigma: reads nothing across


def no_dots(text: str) -> str:
    return text.replace(".", "")


def upper_i(text: str) -> str:
    return text.replace("i", "I")


STEPS = {step.__name__: step for step in (lower_each, no_dots, upper_i)}


@settings(max_examples=200, deadline=None)
@given(pieces=st.lists(TEXTS, max_size=6), names=st.lists(st.sampled_from(sorted(STEPS))))
def test_trace_pieces_is_trace_of_the_joined_pieces(pieces, names):
    """Steps that read nothing across any cut: the same changes and text as
    :func:`trace` of the whole (a step that changes pieces but leaves the
    whole as it was is not named)."""
    from answermatch.explanation import trace

    named = [(name, STEPS[name]) for name in names]
    changes, normalized = trace_pieces(named, lambda: iter(pieces))
    text, expected = trace([STEPS[name] for name in names], "".join(pieces))
    assert changes == expected
    assert str(normalized) == text and len(normalized) == len(text)


def test_a_step_that_changes_pieces_but_not_the_whole_is_not_named():
    def swap(text: str) -> str:  # "ab|c" -> "a|bc": each piece changed, the whole not
        return {"ab": "a", "c": "bc"}.get(text, text)

    assert trace_pieces([("swap", swap)], lambda: iter(["ab", "c"]))[0] == ()
    assert trace_pieces([("swap", swap)], lambda: iter(["ab", "d"]))[0] == ("swap",)


@given(tokens=st.lists(st.sampled_from(["a", "bc", "東", "'", '"', "𝔸"]), max_size=30))
def test_counted_tokens_in_order_and_their_join(tokens):
    held = CountedTokens.of_stretches([tokens[:3], tokens[3:]])
    assert held.in_order and list(held) == tokens and len(held) == len(tokens)
    assert held.counts == {t: tokens.count(t) for t in tokens}
    joined = joined_tokens(held)
    assert joined == " ".join(tokens) and str(joined) == " ".join(tokens)
    again = view_tokens(CountedTokens.of_pieces(lambda: [" ".join(tokens)], str.split))
    assert list(again) == tokens


def _long(task: str, words: str, chars: int) -> tuple[str, dict]:
    gold, pred = (str(path) for path in EXAMPLE_FILES[task])
    with open(pred, encoding="utf-8") as f:
        given_ = json.load(f)
    given_[next(iter(given_))] = (words * (chars // len(words) + 1))[:chars]
    return gold, given_


@pytest.mark.parametrize(
    ("task", "options", "words"),
    [
        ("mlqa", {"lang": "zh"}, "曹雪芹 是 清代 作家 长江 全长 6397 公里 "),
        ("xor-engspan", {}, "the quick brown fox jumps over the lazy dog in 1914 and Paris "),
    ],
)
def test_explaining_a_long_answer_holds_no_copy_of_it(task, options, words):
    """Explaining a 300,000-character answer: the peak above what scoring
    it takes is less than the answer's characters (at most 0.5 of them in
    bytes here; the old explanation held its tokens' tuple, 8 bytes a
    token, its normalized string and, while it was made, two normalized
    copies more: 6.5 times them for MLQA Chinese, 3.8 for XOR-EnglishSpan),
    and writing it takes a small constant more (1.7 times them before for
    MLQA Chinese)."""
    chars = 300_000
    gold, given_ = _long(task, words, chars)
    held: list = []

    def explain_it() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
            held.extend(explain(task, gold, given_, limit=1, **options))

    def score_it() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
            answermatch.evaluate(task, gold, given_, **options)

    scored = traced_peak(score_it, quiet=True)
    explained = traced_peak(explain_it, quiet=True)
    view = held[0].prediction
    assert type(view.normalized) is JoinedKey and type(view.tokens) is CountedTokens

    def write_it() -> None:
        with open(os.devnull, "w", encoding="utf-8") as null:
            write(held, null, as_json=True)

    written = traced_peak(write_it)
    assert explained - scored < chars, (explained - scored) / chars
    assert written < chars // 2 + (1 << 20), written / chars


def test_coded_order_grows_without_a_second_copy():
    """1,000,000 tokens of 30 words coded: a byte a token at the peak (the
    codes were joined from a list of parts, two bytes a token), and the
    codes widen past 256 and 65,536 distinct tokens with the same tokens."""
    words = [f"w{k}" for k in range(30)]
    block = [words[(k * 7) % 30] for k in range(20_000)]
    found: list[CountedTokens | None] = []
    peak = traced_peak(lambda: found.append(CountedTokens.of_stretches([block] * 50)))
    held = found[0]
    assert held is not None and len(held) == 1_000_000 and held.counts["w0"] == 33_350
    assert peak < 1.3 * 1_000_000, peak / 1_000_000
    many = [[f"t{k}" for k in range(start, start + 10_000)] for start in range(0, 72_000, 9_000)]
    wide = CountedTokens.of_stretches(many)
    assert wide is not None and list(wide) == [t for stretch in many for t in stretch]
