"""The one token-overlap rule (answermatch.matchers.answers) against SQuAD
v1.1's ``f1_score`` written out with ``Counter``, and every caller's figures
against it."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.matchers import overlap_f1, token_f1
from answermatch.matchers.answers import (
    AnswerSet,
    answer_set,
    best_overlap,
    common_count,
    shared_counts,
)

TOKENS = st.lists(st.sampled_from(["a", "b", "c", "東京", "d", "e"]), max_size=12).map(tuple)


def squad_prf(pred: tuple[str, ...], gold: tuple[str, ...]) -> tuple[float, float, float]:
    """evaluate-v1.1.py's f1_score (with precision and recall), from the script."""
    same = sum((Counter(pred) & Counter(gold)).values())
    if same == 0:
        return 0.0, 0.0, 0.0
    precision = 1.0 * same / len(pred)
    recall = 1.0 * same / len(gold)
    return (2 * precision * recall) / (precision + recall), precision, recall


@settings(deadline=None, max_examples=500)
@given(pred=TOKENS, golds=st.lists(TOKENS, min_size=1, max_size=4))
def test_best_overlap_is_the_max_of_squads_f1(pred, golds):
    f1, em, precision, recall = best_overlap(pred, answer_set(golds))
    figures = [squad_prf(pred, gold) for gold in golds]
    assert f1 == max(f for f, _, _ in figures)  # bit for bit
    assert precision == max(p for _, p, _ in figures)
    assert recall == max(r for _, _, r in figures)
    assert em == float(pred in golds)
    for gold in golds:
        assert common_count(pred, gold) == sum((Counter(pred) & Counter(gold)).values())


@pytest.mark.parametrize(
    ("tokens", "answers", "expected"),
    [
        # repeated tokens on both sides: the multiset overlap (2 "a", not 3)
        (("a", "a", "a", "b"), [("a", "a", "c")], (4 / 7, 0.0, 2 / 4, 2 / 3)),
        # repeated on one side only: the set overlap is the multiset one
        (("a", "a", "b"), [("a", "b", "c")], (2 / 3, 0.0, 2 / 3, 2 / 3)),
        # precision and recall are each the maximum over the answers
        (("x", "y"), [("x",), ("x", "y", "z", "w")], (2 / 3, 0.0, 1.0, 1.0)),
        ((), [()], (0.0, 1.0, 0.0, 0.0)),  # empty against empty: EM, no F1
        (("x",), [("x",)], (1.0, 1.0, 1.0, 1.0)),
    ],
)
def test_best_overlap_cases(tokens, answers, expected):
    f1, em, precision, recall = best_overlap(tokens, AnswerSet.of(lambda a: a, answers))
    assert em == expected[1]
    assert (f1, precision, recall) == pytest.approx(
        (expected[0], expected[2], expected[3]), abs=1e-15
    )


def test_counts_kept_only_for_answers_that_repeat_a_token():
    answers = answer_set([["a", "b"], ["a", "a"]])
    assert answers.counts == (None, {"a": 2})
    assert shared_counts({"a": 2, "b": 1}, {"a": 5}) == 2


@settings(deadline=None, max_examples=300)
@given(
    pred=st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=10),
    gold=st.lists(st.sampled_from(["a", "b", "c", "e"]), max_size=10),
    overlap=st.sampled_from(["bag", "set"]),
    both_empty=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_token_f1_is_overlap_f1_of_its_tokens(pred, gold, overlap, both_empty):
    """token_f1 on whitespace-joined tokens (one gold, a list of golds) is the
    counted arithmetic of overlap_f1, which takes the tokens themselves."""
    expected = overlap_f1(pred, gold, overlap=overlap, both_empty=both_empty)
    args = {"overlap": overlap, "both_empty": both_empty, "preset": "none"}
    assert token_f1(" ".join(pred), " ".join(gold), **args) == expected
    assert token_f1(" ".join(pred), [" ".join(gold), "zzz"], **args) == expected
