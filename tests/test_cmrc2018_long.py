"""A long CMRC 2018 / DRCD answer (issue 25) is analysed piece by piece, cut
between two characters of U+4E00..U+9FA5, across which no rule of either
profile (v6 and v5, official and fair, and their rules one by one) reads:
its EM key is held as its length, its tokens as one code point each (the
longest common run) or as their counts (``bag``). Properties with tiny
pieces, on texts of the script's punctuation, full-width forms, characters
whose Unicode properties changed since Python 2.7's Unicode 5.2, final
sigmas, NLTK's special cases and every kind of space, compare every figure
with the whole text's."""

from __future__ import annotations

import random
import sys
import warnings
from dataclasses import replace
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.matchers.answers import CountedTokens, JoinedKey
from answermatch.normalization import steps
from answermatch.tasks.cmrc2018 import Cmrc2018, rules
from answermatch.tasks.cmrc2018.profiles import FAIR, OFFICIAL, Comparer
from answermatch.tasks.cmrc2018.rules import CodedTokens, longest_common_run
from conftest import cmrc_pair_figures, traced_peak

# what each rule reads in its own way: the script's 31 characters and its
# two-character "……", ASCII punctuation NLTK splits or keeps ("U.S.",
# "don't", quotes, a final period), full-width and circled forms NFKC folds,
# Han outside U+4E00..U+9FA5 (extension A and B, a compatibility ideograph,
# a Kangxi radical that NFKC makes U+4E00), final sigma and İ, combining
# marks and jamo that compose with what precedes, characters whose
# properties differ between Unicode 5.2 and 14 (ꭰ Ꭰ Ა Ϳ ⓐ 𞤀 𖹀), numbers
# with separators, and spaces of every kind (U+180E is one for Python 2.7)
FRAGMENTS = [
    *rules.PUNCTUATION, "……", "中", "国", "红楼梦", "曹雪芹", "的", "年",
    "鿿", "㐀", "𠀀", "豈", "⼀",
    "Yes.", "U.S.", "don't", "'s", '"', "``", "''", "(", ")", "...", "?", "!", ",", ".", "--",
    "ＡＢＣ", "１２", "①", "½", "ﬁ", "Σ", "ΑΣ", "İ", "ß", "\u0301", "\u3099", "ᄀ", "ᅡ", "ᆨ", "서울",
    "ꭰ", "Ꭰ", "Ა", "Ϳ", "ⓐ", "𞤀", "𖹀", "koei", "NBA", "1", "000", "1,000", "3.50", "6397",
    " ", " ", "  ", "\xa0", "\u3000", "\u180e", "\t", "\n", "\u2028", "\x1c", "\u200b", "\xad",
]  # fmt: skip
HAN = ["中", "国", "红", "楼", "梦", "年", "的"]
TEXTS = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(HAN)), max_size=60).map(
    "".join
)

SETTINGS = [
    ("official v6", OFFICIAL),
    ("official v5", replace(OFFICIAL, version=5)),
    ("fair", FAIR),
    ("fair v5", replace(FAIR, version=5)),
    ("fair contiguous", replace(FAIR, overlap="contiguous")),
    ("official bag", replace(OFFICIAL, overlap="bag")),
    ("nfkc", replace(OFFICIAL, width="nfkc")),
    ("unicode punctuation", replace(OFFICIAL, punctuation="unicode")),
    ("han", replace(OFFICIAL, segmentation="han")),
    ("numbers", replace(OFFICIAL, numbers="value")),
]


def _analysed(chosen, text: str, piece: int):
    with mock.patch.object(steps, "PIECE_CHARS", piece):
        return Comparer(chosen).analyse(text)


@pytest.mark.parametrize(("name", "chosen"), SETTINGS, ids=[name for name, _ in SETTINGS])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_pieces_give_the_whole_texts_key_and_tokens(name, chosen, text, piece):
    whole_key, whole_tokens = _analysed(chosen, text, 10**9)
    key, tokens = _analysed(chosen, text, piece)
    assert key == whole_key and whole_key == key and str(key) == whole_key, (name, text)
    assert list(tokens) == list(whole_tokens) and tokens == whole_tokens, (name, text)
    assert len(tokens) == len(whole_tokens)
    if len(text) > piece:  # long: held so
        assert type(key) is JoinedKey
        expected = CountedTokens if chosen.overlap == "bag" else CodedTokens
        assert type(tokens) is expected


SHORT = st.lists(st.sampled_from([*HAN, "Σ", "yes", "1", "000", "ＡＢＣ", " ", "-", "《", "》"]))


@pytest.mark.parametrize(("name", "chosen"), SETTINGS, ids=[name for name, _ in SETTINGS])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=TEXTS,
    answers=st.lists(st.one_of(TEXTS, SHORT.map("".join)), min_size=1, max_size=3),
    piece=st.integers(1, 12),
)
def test_long_texts_score_as_the_whole_texts(name, chosen, prediction, answers, piece):
    """EM and F1 of a prediction against answers, and of an answer against
    the prediction as its only answer, each long text (past a tiny
    PIECE_CHARS) analysed in pieces, are the whole texts' to the bit."""

    whole = cmrc_pair_figures(chosen, prediction, answers, 10**9)
    assert cmrc_pair_figures(chosen, prediction, answers, piece) == whole, (name, prediction)


CODED = st.lists(st.sampled_from("abcdxyz"), max_size=12)


@settings(max_examples=400, deadline=None)
@given(a=CODED, b=CODED, code_a=st.booleans(), code_b=st.booleans())
def test_the_longest_common_run_of_coded_tokens(a, b, code_a, code_b):
    """The run of coded tokens (either side, both, tables of their own) is
    the lists' run."""

    def coded(tokens):
        return CodedTokens.of_pieces([" ".join(tokens)], str.split)

    left = coded(a) if code_a else a
    right = coded(b) if code_b else b
    assert longest_common_run(left, right) == longest_common_run(a, b)
    assert rules.f1_of(left, right) == rules.f1_of(a, b) if a and b else True


def test_a_text_with_more_distinct_tokens_than_codes_is_analysed_at_once(monkeypatch):
    """Past MAX_CODES distinct tokens (one code point each) the text is
    analysed whole, with the same figures."""
    text = "中".join(f"w{k}" for k in range(40)) + "中国"
    monkeypatch.setattr(rules, "MAX_CODES", 10)
    key, tokens = _analysed(OFFICIAL, text, 8)
    assert type(tokens) is list and tokens == _analysed(OFFICIAL, text, 10**9)[1]
    assert key == _analysed(OFFICIAL, text, 10**9)[0]
    assert CodedTokens.of_pieces(["a b c"], str.split).code(["c", "q"]) == "\x02\x03"


@pytest.mark.parametrize(("text", "version"), [
    ("ΑΣ中国ΑΣ 中国", 6),  # a final sigma next to the cut
    (" 中国 \u180e中国\u180e ", 5),  # Python 2.7's whitespace at the ends
    ("ꭰ中国Ꭰ中国ⓐ中国𖹀", 5),  # Unicode 5.2's properties in NLTK 3.4.5's rules
    ("a-中-国-b……中国", 6),  # deleted characters join the runs around them
    ("Yes.中国U.S.中国\"don't\"", 6),
])  # fmt: skip
def test_known_texts_agree_in_the_smallest_pieces(text, version):
    for chosen in (replace(OFFICIAL, version=version), replace(FAIR, version=version)):
        key, tokens = _analysed(chosen, text, 1)
        whole_key, whole_tokens = _analysed(chosen, text, 10**9)
        assert key == whole_key and list(tokens) == list(whole_tokens)


def test_the_task_scores_a_long_answer_as_the_whole_text():
    """Through the task (gold, predictions, items), v6 and v5, both
    profiles: the figures and the items of a long answer in pieces are the
    whole text's."""
    rng = random.Random(7)
    words = ["曹雪芹", "是", "清代", "作家", "长江", "全长", "6397", "公里", "，", "Yes.", "Σ"]
    long_text = " ".join(rng.choice(words) for _ in range(3000))
    gold = [
        {"context_id": "D0", "context_text": "……", "qas": [
            {"query_id": "Q0", "query_text": "?", "answers": ["曹雪芹", "清代作家曹雪芹"]},
            {"query_id": "Q1", "query_text": "?", "answers": [long_text[:500]]},
            {"query_id": "Q2", "query_text": "?", "answers": [long_text]},
        ]},
    ]  # fmt: skip
    predictions = {"Q0": long_text, "Q1": long_text[:600], "Q2": long_text}
    for profile in ("official", "fair"):
        for version in (5, 6):

            def run(limit, profile=profile, version=version):
                with mock.patch.object(steps, "PIECE_CHARS", limit), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    result = Cmrc2018().evaluate(
                        gold, predictions, profile=profile, version=version
                    )
                return result.scores, [(i["em"], i["f1"]) for i in result.items]

            assert run(256) == run(10**9)


def test_a_long_answer_is_analysed_within_its_size(monkeypatch):
    """260,000 characters of Chinese words in pieces of 1,024: the whole
    text's analysis held a string a token (a character each) in a list and
    the key, 29 times the text's size under the official rules and 46 under
    the fair ones; in pieces, a byte a token (the longest common run) or the
    tokens' counts (fair), the key's length, and one piece's work."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    words = ["曹雪芹", "是", "清代", "作家", "长江", "全长", "6397", "公里"]
    rng = random.Random(5)
    text = " ".join(rng.choice(words) for _ in range(80_000))
    size = sys.getsizeof(text)
    for chosen in (OFFICIAL, FAIR):
        comparer = Comparer(chosen)
        comparer.analyse("暖 1")  # the number reader and NLTK's rules loaded
        peak = traced_peak(comparer.analyse, text)
        assert peak < size, (chosen.name, peak, size)
