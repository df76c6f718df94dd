"""answermatch.bleu against hand-computed values and NLTK 3.10.4's own sentence BLEU."""

from __future__ import annotations

import json
import math
import sys
import warnings

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from answermatch.bleu import BleuReferences, all_ngrams, sentence_bleu

TINY = sys.float_info.min  # what NLTK puts in place of a zero precision


def nltk_bleu(references, hypothesis):
    """NLTK's ``nltk.translate.bleu`` (test-only dependency), its warnings silenced."""
    bleu = pytest.importorskip("nltk.translate").bleu
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bleu(references, hypothesis)


def geometric(*precisions: float) -> float:
    return math.exp(math.fsum(0.25 * math.log(p) for p in precisions))


# --- hand-computed cases ------------------------------------------------------


def test_identical_long_string_is_one():
    assert sentence_bleu(["Helsinki"], "Helsinki") == 1.0


def test_three_characters_have_no_four_gram():
    # p1 = p2 = p3 = 1, p4 = 0 -> replaced by the smallest float: TINY ** 0.25
    assert sentence_bleu(["abc"], "abc") == pytest.approx(TINY**0.25, rel=1e-12)
    assert 0 < sentence_bleu(["abc"], "abc") < 1e-70


def test_no_unigram_match_is_exactly_zero():
    assert sentence_bleu(["abc"], "xyz") == 0
    assert sentence_bleu(["abc"], "") == 0


def test_brevity_penalty_uses_closest_reference_length():
    # hyp "abcd" is a substring of both refs: all precisions 1; closest length 8
    assert sentence_bleu(["abcdefgh"], "abcd") == pytest.approx(math.exp(1 - 8 / 4))
    # lengths 6 and 2 are both 2 away from 4: the shorter (2) wins -> no penalty
    assert sentence_bleu(["abcdef", "ab"], "abcd") == 1.0
    assert sentence_bleu(["ab", "abcdef"], "abcd") == 1.0


def test_clipping_takes_the_max_count_over_references():
    # hyp "aaaa": a x4 against max 2 (ref "aab"); "aa" x3 against 1; no "aaa"/"aaaa".
    expected = geometric(2 / 4, 1 / 3, TINY, TINY)  # BP 1: 4 > closest length 3
    assert sentence_bleu(["aab", "ab"], "aaaa") == pytest.approx(expected, rel=1e-12)


def test_token_lists():
    ref = ["the", "cat", "is", "on", "the", "mat"]
    hyp = ["the", "cat", "is", "on", "the", "mat", "now"]
    assert sentence_bleu([ref], hyp) == pytest.approx(geometric(6 / 7, 5 / 6, 4 / 5, 3 / 4))


def test_characters_of_a_hypothesis_string_match_reference_tokens_of_one_character():
    # NLTK compares n-gram tuples: "ab" as a string is ('a', 'b'), like ["a", "b"].
    assert sentence_bleu([["a", "b", "c", "d"]], "abcd") == 1.0
    assert sentence_bleu(["abcd"], ["a", "b", "c", "d"]) == 1.0


def test_needs_a_reference():
    with pytest.raises(ValueError):
        sentence_bleu([], "abc")


def test_prepared_references_are_reusable():
    refs = BleuReferences.of(["Tokyo", "Tōkyō"])
    assert [refs.score(h) for h in ("Tokyo", "Kyoto", "Tokio")] == [
        sentence_bleu(["Tokyo", "Tōkyō"], h) for h in ("Tokyo", "Kyoto", "Tokio")
    ]


def test_all_ngrams_orders():
    assert all_ngrams("abcd")[-1] == "abcd"
    assert len(all_ngrams("abcdef")) == 6 + 5 + 4 + 3


# --- NLTK cross-checks --------------------------------------------------------


@pytest.mark.parametrize(
    ("references", "hypothesis"),
    [
        (["abc"], "abc"),
        (["abc"], "xyz"),
        (["abc"], ""),
        ([""], "abc"),
        (["", "a"], "a"),
        (["aab", "ab"], "aaaa"),
        (["abcdef", "ab"], "abcd"),
        (["東京 都 \n"], "東京都"),
        (["పోర్ట్‌ల్యాండ్"], "పోర్ట్‌ల్యాండ్년"),
        ([["new", "york"], "new york"], ["new", "york", "city"]),
        ([["a", "b"]], "ab"),
    ],
)
def test_matches_nltk_on_edge_cases(references, hypothesis):
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


TEXT = st.text(alphabet="ab c\n東", max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=3), TEXT)
def test_matches_nltk_on_strings(references, hypothesis):
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["a", "b", "the", "東"]), max_size=9), min_size=1, max_size=3
    ),
    st.lists(st.sampled_from(["a", "b", "the", "東"]), max_size=9),
)
def test_matches_nltk_on_token_lists(references, hypothesis):
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=8), min_size=1, max_size=2), st.text(max_size=8))
def test_matches_nltk_on_any_unicode(references, hypothesis):
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


def test_matches_nltk_on_the_parity_data(parity):
    gold_path = parity("xor", "xor_dev_full_v1_1.jsonl")
    gold = [json.loads(line) for line in gold_path.read_text(encoding="utf-8").splitlines()]
    checked = 0
    for name in ("full_pred_1.json", "full_pred_2.json", "full_pred_3.json"):
        predictions = json.loads(parity("xor", name).read_text(encoding="utf-8"))
        for question in gold:
            prediction = predictions.get(question["id"])
            if prediction is None:
                continue
            ours = sentence_bleu(question["answers"], prediction)
            assert ours == nltk_bleu(question["answers"], prediction), (question, prediction)
            checked += 1
    assert checked > 10_000


# --- bit-identity with NLTK on random strings (both counting paths) ------------

# few letters, so n-grams repeat and overlap themselves ("aaaa", "abab"), plus
# CJK, a combining mark, a zero-width joiner and whitespace
SMALL_ALPHABET = st.sampled_from(list("aab ab\n東京\u0301\u200dé"))
WIDE_ALPHABET = st.sampled_from(list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ東京大学の日本語"))
SMALL_TEXT = st.text(alphabet=SMALL_ALPHABET, max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(SMALL_TEXT, min_size=1, max_size=3), SMALL_TEXT)
def test_matches_nltk_on_repetitive_strings(references, hypothesis):
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.text(alphabet=SMALL_ALPHABET, max_size=6), min_size=1, max_size=2),
    st.text(alphabet=SMALL_ALPHABET, min_size=130, max_size=400),
)
def test_matches_nltk_on_long_hypotheses(references, hypothesis):
    # long hypothesis, short references: counted from the references' side
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.text(alphabet=SMALL_ALPHABET, min_size=100, max_size=300), min_size=1, max_size=2),
    st.text(alphabet=SMALL_ALPHABET, max_size=12),
)
def test_matches_nltk_on_long_references(references, hypothesis):
    # long references, short hypothesis: the hypothesis' n-grams are looked up
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=30), min_size=1, max_size=3), st.text(max_size=200))
def test_matches_nltk_on_any_unicode_of_any_length(references, hypothesis):
    assert sentence_bleu(references, hypothesis) == nltk_bleu(references, hypothesis)


@settings(max_examples=100, deadline=None)
@given(st.lists(SMALL_TEXT, min_size=1, max_size=3), st.lists(SMALL_TEXT, max_size=4))
def test_prepared_references_give_the_same_score_every_time(references, hypotheses):
    prepared = BleuReferences.of(references)
    for hypothesis in hypotheses * 2:
        assert prepared.score(hypothesis) == nltk_bleu(references, hypothesis)


def test_matches_is_nltks_numerators():
    modified_precision = pytest.importorskip("nltk.translate.bleu_score").modified_precision
    references, hypothesis = ["abab abab", "baba"], "ababab aab"
    expected = [modified_precision(references, hypothesis, n).numerator for n in range(1, 5)]
    assert BleuReferences.of(references).matches(hypothesis) == expected


def test_self_overlapping_ngrams_are_all_counted():
    # "aaaa" holds the 2-gram "aa" 3 times overlapping (str.count says 2)
    assert BleuReferences.of(["aaaaaa"]).matches("aaaa xy") == [4, 3, 2, 1]
    assert BleuReferences.of(["abab"]).matches("ababab") == [4, 3, 2, 1]


def test_a_ten_megabyte_hypothesis_builds_no_substring(monkeypatch):
    import tracemalloc

    hypothesis = ("東京大学の日本語 abc " * 800_000)[:10_000_000]
    references = ("東京 大学 の 日本 \n", "東京大学")
    tracemalloc.start()
    try:
        score = BleuReferences(references).score(hypothesis)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert 0 < score < 1
    assert peak < 5_000_000  # the hypothesis itself is 40 MB; nothing of its size is built


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.text(alphabet=WIDE_ALPHABET, min_size=400, max_size=700), min_size=1, max_size=2),
    st.text(alphabet=WIDE_ALPHABET, min_size=129, max_size=150),
)
def test_matches_nltk_when_both_sides_are_long(references, hypothesis):
    # references with many distinct n-grams: the hypothesis' are streamed order by order
    prepared = BleuReferences.of(references)
    assume(len(prepared.max_counts) > 3 * len(hypothesis))
    assert prepared.score(hypothesis) == nltk_bleu(references, hypothesis)
