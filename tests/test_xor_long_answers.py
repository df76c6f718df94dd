"""A long prediction of XOR-Full and XOR-EnglishSpan under the official
rules (issue 25) is analysed piece by piece, cut just before whitespace,
and scored from its tokens' counts: the figures are those of the whole
text's tuple (properties with tiny pieces, on texts of articles, counters,
punctuation, final sigmas, case-ignorable characters and whitespace of
every kind), and the tokens are not held a string each. The official
Japanese rules (MeCab reads across spaces) keep the whole text; the
``fair`` rules' long predictions are ``test_xor_fair_long.py``'s."""

from __future__ import annotations

import random
import sys
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.analysis import Analyzer
from answermatch.normalization import steps
from answermatch.tasks.xor import engspan, full
from answermatch.tasks.xor.data import prediction_tokens
from conftest import traced_peak

FRAGMENTS = [
    "the", "The", "a", "An", "an", "THE", "x", "Paris", "1914", "0", "Σ", "ΑΣ", "σ", "İ", "ß",
    "年", "歳", "人", "년", "서울", "東京", "_", "'", "’", "\u0301", "\xad", "\u200b",
    ",", ".", "!", "-", "(", ")", "«", "»",
    " ", " ", " ", "  ", "\t", "\n", "\r\n", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0",
    "\u1680", "\u2009", "\u2028", "\u2029", "\u202f", "\u3000",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)
SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _whole_and_pieces(score, *args):
    """The scores of a fresh scorer with the text at once, and in pieces
    of about 4 characters."""
    with mock.patch.object(steps, "PIECE_CHARS", 10**9):
        whole = score()(*args)
    with mock.patch.object(steps, "PIECE_CHARS", 4):
        in_pieces = score()(*args)
    return whole, in_pieces


@SETTINGS
@given(
    lang=st.sampled_from(["en", "fi", "ru", "ko", "ar", "bn", "te"]),
    prediction=TEXTS,
    answers=st.lists(TEXTS, min_size=1, max_size=3),
    same=st.booleans(),
)
def test_xor_full_official_scores_a_long_prediction_as_the_whole(lang, prediction, answers, same):
    """F1, EM and BLEU (of the raw string) of XOR-Full's official rules."""
    answers = (prediction, *answers) if same else tuple(answers)
    whole, in_pieces = _whole_and_pieces(
        lambda: full._Scorer(full.PROFILES["official"]), lang, answers, prediction
    )
    assert in_pieces == whole


@SETTINGS
@given(prediction=TEXTS, answers=st.lists(TEXTS, min_size=1, max_size=3), same=st.booleans())
def test_xor_engspan_official_scores_a_long_prediction_as_the_whole(prediction, answers, same):
    """F1, EM, precision and recall of XOR-EnglishSpan's official rules
    (SQuAD's, English articles dropped)."""
    answers = (prediction, *answers) if same else tuple(answers)
    whole, in_pieces = _whole_and_pieces(
        lambda: engspan._Scorer(engspan.PROFILES["official"]), answers, prediction
    )
    assert in_pieces == whole


@SETTINGS
@given(text=TEXTS)
def test_the_pieces_tokens_are_the_whole_texts(text):
    """The counted tokens, made again in order, are the whole text's tuple
    (every official rule set that reads nothing across whitespace)."""
    analyzers = [
        Analyzer("en"),
        Analyzer("ko"),
        Analyzer("en", counters="keep", articles=True),
    ]
    for analyzer in analyzers:
        with mock.patch.object(steps, "PIECE_CHARS", 10**9):
            whole = prediction_tokens(analyzer)(text)
        with mock.patch.object(steps, "PIECE_CHARS", 3):
            in_pieces = prediction_tokens(analyzer)(text)
        assert type(whole) is tuple
        assert tuple(in_pieces) == whole and len(in_pieces) == len(whole)


WORDS = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "in", "1914", "Paris,"]


@pytest.mark.parametrize("task", ["full", "engspan"])
def test_a_long_prediction_is_scored_within_half_its_size(task, monkeypatch):
    """600,000 characters of English words in pieces of 4,096: a string
    object a token and their tuple were held (about 15 times the text's
    size); now the tokens' counts, one piece's tokens at a time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    rng = random.Random(7)
    text = " ".join(rng.choice(WORDS) for _ in range(120_000))
    assert len(text) > 550_000
    answers = ("the lazy dog", "Paris")
    if task == "full":
        scorer = full._Scorer(full.PROFILES["official"])
        scorer("en", answers, "warm up")
        peak = traced_peak(scorer, "en", answers, text)
    else:
        scorer = engspan._Scorer(engspan.PROFILES["official"])
        scorer(answers, "warm up")
        peak = traced_peak(scorer, answers, text)
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))


def test_a_long_prediction_without_latin_letters_is_lowered_a_piece_at_a_time():
    """One run of Japanese (no space: one piece, one token) was lowered
    whole by ``str.lower``, which maps a text that is not ASCII through a
    buffer of 12 bytes a character (7 times the text's size); now a piece
    at a time (``steps.lower``): the same token, so the text is its own
    answer's match."""
    text = "東京タワーは１９５８年に完成した。" * 40_000
    scorer = engspan._Scorer(engspan.PROFILES["official"])
    scorer(("Tokyo",), "warm up")
    peak = traced_peak(scorer, ("Tokyo",), text)
    assert peak < 2.5 * sys.getsizeof(text), (peak, sys.getsizeof(text))
    assert scorer((text, "Tokyo"), text)[:2] == (1.0, 1.0)
    assert scorer(("Tokyo",), text)[:2] == (0.0, 0.0)
