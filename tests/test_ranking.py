"""answermatch.ranking: hand-worked values, properties, and a cross-check with ranx."""

from __future__ import annotations

import random
import warnings
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from answermatch.ranking import (
    accuracy_at_k,
    average_precision,
    f1,
    first_relevant_rank,
    hit_at_k,
    mean_average_precision,
    mrr,
    precision,
    rank,
    recall,
    reciprocal_rank,
    relevance,
)

POLICIES = ("pessimistic", "input", "optimistic")

# ------------------------------------------------------------ hand-worked values


def test_rank_sorts_by_descending_score_with_each_tie_policy():
    pairs = [(0.5, True), (0.9, False), (0.5, False), (0.5, True), (0.1, True)]
    # 0.9 first, then the three 0.5s, then 0.1
    assert rank(pairs, "input") == [False, True, False, True, True]
    assert rank(pairs, "pessimistic") == [False, False, True, True, True]
    assert rank(pairs, "optimistic") == [False, True, True, False, True]


def test_unknown_tie_policy_and_nan_are_rejected():
    with pytest.raises(ValueError, match="tie policy 'random'"):
        rank([(1.0, True)], "random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="tie policy"):
        reciprocal_rank([True], ties="first")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="NaN"):
        rank([(float("nan"), True), (1.0, False)])


def test_relevance_accepts_labels_or_scored_pairs():
    assert relevance([1, 0, True]) == [True, False, True]
    assert relevance([(0.1, 1), (0.7, 0), (0.4, 1)]) == [False, True, True]
    assert relevance([]) == []


def test_reciprocal_rank_and_first_rank():
    assert first_relevant_rank([False, False, True, True]) == 3
    assert reciprocal_rank([False, False, True, True]) == pytest.approx(1 / 3)
    assert first_relevant_rank([False, False]) is None
    assert reciprocal_rank([False, False]) == 0.0
    assert reciprocal_rank([]) == 0.0
    # scored: 0.8 (wrong) 0.6 (right) 0.3 (wrong)
    assert reciprocal_rank([(0.3, False), (0.6, True), (0.8, False)]) == 0.5
    # a tie at the top decides the rank by the policy
    tied = [(0.5, False), (0.5, True)]
    assert [reciprocal_rank(tied, ties=t) for t in POLICIES] == [0.5, 0.5, 1.0]


def test_average_precision_by_hand():
    # correct at 1, 3, 6: (1/1 + 2/3 + 3/6) / 3
    labels = [True, False, True, False, False, True]
    expected = (Fraction(1) + Fraction(2, 3) + Fraction(3, 6)) / 3
    assert average_precision(labels) == pytest.approx(float(expected), abs=1e-15)
    assert average_precision([False, False]) == 0.0
    assert average_precision([]) == 0.0
    assert average_precision([True, True]) == 1.0


def test_average_precision_denominators_differ_only_on_truncated_lists():
    labels = [False, True, False, True]  # P@2 = 1/2, P@4 = 2/4
    total = 0.5 + 0.5
    # by default m = 2 correct in the list: both denominators are 2
    assert average_precision(labels, denominator="min") == pytest.approx(total / 2)
    assert average_precision(labels, denominator="relevant") == pytest.approx(total / 2)
    # 7 correct answers exist but the list has 4 entries
    assert average_precision(labels, 7, denominator="min") == pytest.approx(total / 4)
    assert average_precision(labels, 7, denominator="relevant") == pytest.approx(total / 7)
    # m between the correct count and n: min(3, 4) = 3 = m
    assert average_precision(labels, 3) == pytest.approx(total / 3)
    assert average_precision(labels, 3, denominator="relevant") == pytest.approx(total / 3)


def test_average_precision_rejects_bad_arguments():
    with pytest.raises(ValueError, match="n_relevant=1 is less than the 2 correct"):
        average_precision([True, True], 1)
    with pytest.raises(ValueError, match="AP denominator 'm'"):
        average_precision([True], denominator="m")  # type: ignore[arg-type]


def test_hit_and_accuracy_at_k():
    rankings = [[False, True], [True], [False, False, True], []]
    assert [hit_at_k(r, 1) for r in rankings] == [False, True, False, False]
    assert accuracy_at_k(rankings, 1) == 0.25
    assert accuracy_at_k(rankings, 2) == 0.5
    assert accuracy_at_k(rankings, 3) == 0.75
    with pytest.raises(ValueError, match="positive"):
        hit_at_k([True], 0)


def test_means_over_rankings():
    rankings = [[False, True], [True], [False, False, False, True], [False]]
    assert mrr(rankings) == pytest.approx((0.5 + 1 + 0.25 + 0) / 4)
    assert mean_average_precision(rankings) == pytest.approx((0.5 + 1 + 0.25 + 0) / 4)
    assert mean_average_precision([[True, False, True]]) == pytest.approx((1 + 2 / 3) / 2)
    with pytest.raises(ValueError, match="no rankings"):
        mrr([])


def test_set_precision_recall_f1():
    pred, gold = ["a", "b", "b", "c"], ["a", "c", "d", "e", "f"]
    # sets: pred {a, b, c}, gold {a, c, d, e, f}, overlap 2
    assert precision(pred, gold) == pytest.approx(2 / 3)
    assert recall(pred, gold) == pytest.approx(2 / 5)
    assert f1(pred, gold) == pytest.approx(2 * (2 / 3) * (2 / 5) / (2 / 3 + 2 / 5))
    assert (precision([], ["a"]), recall(["a"], []), f1([], []), f1(["a"], ["A"])) == (0, 0, 0, 0)


# ------------------------------------------------------------ properties

labels_st = st.lists(st.booleans(), max_size=25)
# few distinct scores, so that ties are common
tied_pairs_st = st.lists(
    st.tuples(st.sampled_from([0.0, 0.25, 0.5, 1.0]), st.booleans()), max_size=25
)
distinct_pairs_st = st.lists(
    st.tuples(st.floats(-1e6, 1e6), st.booleans()), max_size=25, unique_by=lambda p: p[0]
)


@given(labels_st, st.integers(0, 10))
def test_values_lie_in_the_unit_interval(labels, extra):
    n_relevant = sum(labels) + extra
    for value in (
        reciprocal_rank(labels),
        average_precision(labels),
        average_precision(labels, n_relevant),
        average_precision(labels, n_relevant, denominator="relevant"),
    ):
        assert 0.0 <= value <= 1.0
    # min(m, n) <= m, so the guideline's AP is never below the IR one
    assert average_precision(labels, n_relevant) >= average_precision(
        labels, n_relevant, denominator="relevant"
    )


@given(labels_st)
def test_perfect_ranking_iff_correct_before_incorrect(labels):
    perfect = any(labels) and labels == sorted(labels, reverse=True)
    assert (average_precision(labels) == 1.0) == perfect
    assert (reciprocal_rank(labels) == 1.0) == (bool(labels) and labels[0])


@given(tied_pairs_st, st.integers(1, 5))
def test_tie_policies_bracket_the_input_order(pairs, k):
    for metric in (
        lambda t: reciprocal_rank(pairs, ties=t),
        lambda t: average_precision(pairs, ties=t),
        lambda t: float(hit_at_k(pairs, k, ties=t)),
    ):
        low, mid, high = (metric(t) for t in POLICIES)
        assert low <= mid <= high


@given(tied_pairs_st, st.randoms(use_true_random=False))
def test_pessimistic_and_optimistic_ignore_the_input_order(pairs, rnd):
    shuffled = list(pairs)
    rnd.shuffle(shuffled)
    for ties in ("pessimistic", "optimistic"):
        assert rank(shuffled, ties) == rank(pairs, ties)
        assert average_precision(shuffled, ties=ties) == average_precision(pairs, ties=ties)


@given(distinct_pairs_st, st.randoms(use_true_random=False))
def test_without_ties_the_input_order_does_not_matter(pairs, rnd):
    shuffled = list(pairs)
    rnd.shuffle(shuffled)
    for ties in POLICIES:
        assert rank(shuffled, ties) == rank(pairs, "input")
    assert reciprocal_rank(shuffled) == reciprocal_rank(pairs)
    assert average_precision(shuffled) == average_precision(pairs)


@given(st.lists(st.integers(0, 6), max_size=8), st.lists(st.integers(0, 6), max_size=8))
def test_set_metrics_are_symmetric_and_bounded(pred, gold):
    assert precision(pred, gold) == recall(gold, pred)
    assert f1(pred, gold) == pytest.approx(f1(gold, pred))
    assert 0.0 <= f1(pred, gold) <= 1.0
    assert (f1(pred, gold) == 1.0) == (bool(pred) and set(pred) == set(gold))


# ------------------------------------------------------------ cross-check with ranx


def _random_queries(seed: int, count: int) -> list[tuple[list[bool], int]]:
    """Rankings without ties (labels in ranked order) and a total relevant count >= 1."""
    rng = random.Random(seed)
    queries = []
    for _ in range(count):
        n = rng.randint(1, 30)
        labels = [rng.random() < 0.25 for _ in range(n)]
        if not any(labels):
            labels[rng.randrange(n)] = True
        # sometimes relevant documents that the ranking does not contain
        unretrieved = rng.choice([0, 0, 1, 3, 40])
        queries.append((labels, sum(labels) + unretrieved))
    return queries


@pytest.fixture(scope="module")
def ranx_scores():
    """ranx's per-query MRR and MAP for the random queries of ``_random_queries(7, 400)``."""
    ranx = pytest.importorskip("ranx")
    queries = _random_queries(7, 400)
    qrels, run = {}, {}
    for i, (labels, total) in enumerate(queries):
        qid = f"q{i}"
        # distinct scores in decreasing order give the ranking exactly
        run[qid] = {f"d{j}": float(len(labels) - j) for j in range(len(labels))}
        relevant = {f"d{j}": 1 for j, rel in enumerate(labels) if rel}
        relevant.update({f"u{j}": 1 for j in range(total - sum(labels))})
        qrels[qid] = relevant
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's type-safety chatter
        qrels_obj, run_obj = ranx.Qrels(qrels), ranx.Run(run)
        ranx.evaluate(qrels_obj, run_obj, ["mrr", "map"])
    per_query = run_obj.scores
    return queries, {
        key: [float(per_query[key][f"q{i}"]) for i in range(len(queries))] for key in ("mrr", "map")
    }


@pytest.mark.slow
def test_reciprocal_rank_matches_ranx(ranx_scores):
    queries, expected = ranx_scores
    ours = [reciprocal_rank(labels) for labels, _ in queries]
    assert ours == pytest.approx(expected["mrr"], abs=1e-12)
    assert mrr(labels for labels, _ in queries) == pytest.approx(
        sum(expected["mrr"]) / len(queries), abs=1e-12
    )


@pytest.mark.slow
def test_average_precision_matches_ranx_with_its_denominator(ranx_scores):
    queries, expected = ranx_scores
    ours = [average_precision(labels, total, denominator="relevant") for labels, total in queries]
    assert ours == pytest.approx(expected["map"], abs=1e-12)


@pytest.mark.slow
def test_min_denominator_agrees_with_ranx_where_they_coincide(ranx_scores):
    queries, expected = ranx_scores
    complete = [i for i, (labels, total) in enumerate(queries) if total == sum(labels)]
    assert len(complete) > 100  # the generator leaves most lists complete
    for i in complete:
        labels, total = queries[i]
        assert average_precision(labels, total) == pytest.approx(expected["map"][i], abs=1e-12)
        assert average_precision(labels) == pytest.approx(expected["map"][i], abs=1e-12)


@pytest.mark.slow
def test_min_denominator_differs_from_ranx_by_m_over_min_m_n(ranx_scores):
    queries, expected = ranx_scores
    truncated = [i for i, (labels, total) in enumerate(queries) if total > len(labels)]
    assert len(truncated) > 20
    for i in truncated:
        labels, total = queries[i]
        ours = average_precision(labels, total)  # sum / min(m, n) = sum / n here
        assert ours == pytest.approx(expected["map"][i] * total / len(labels), abs=1e-12)
        assert ours > expected["map"][i]
