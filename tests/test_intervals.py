"""Bootstrap intervals for one system, and the paired approximate randomization test."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from answermatch.errors import AnswermatchError, SmallSampleWarning, UnknownProfileError
from answermatch.evaluation import evaluate
from answermatch.result import Result
from answermatch.significance import (
    approximate_randomization,
    compare,
    confidence_intervals,
)
from answermatch.tasks import register, unregister
from answermatch.tasks.base import mean_of
from toy_tasks import GOLD, Capitals


@pytest.fixture(scope="module", autouse=True)
def capitals():
    yield register(Capitals, replace=True)
    unregister(Capitals.name)


def bernoulli_result(rng: random.Random, n: int, p: float) -> Result:
    items = [{"id": k, "score": 1.0 if rng.random() < p else 0.0} for k in range(n)]
    mean = 100 * sum(i["score"] for i in items) / n
    return Result("t", "official", {"em": mean}, {}, n, "task:t", items)


def test_intervals_cover_a_known_mean_about_95_percent_of_the_time():
    rng = random.Random(20261123)
    aggregation = mean_of("score", key="em")
    trials, covered = 150, 0
    for trial in range(trials):
        result = bernoulli_result(rng, 120, 0.3)
        low, high = confidence_intervals(
            result, resamples=200, seed=trial, aggregation=aggregation
        )["scores"]["em"]
        covered += low <= 30.0 <= high
    # a percentile bootstrap on 120 items: close to, a little under, 95%
    assert 0.87 <= covered / trials <= 0.99


def test_evaluate_with_ci_gives_intervals_per_score_and_language():
    pred = {"1": "Paris", "2": "Lyon", "3": "x"}
    result = evaluate("test-capitals", GOLD * 20, pred, ci=True, resamples=200, seed=5)
    low, high = result.intervals["scores"]["em"]
    assert low <= result.scores["em"] <= high
    assert set(result.intervals["per_language"]) == {"fr", "pl"}
    assert "|ci:95%|resamples:200|seed:5|" in result.signature + "|"
    assert result.to_dict()["intervals"]["seed"] == 5
    again = evaluate("test-capitals", GOLD * 20, pred, ci=True, resamples=200, seed=5)
    assert again.intervals == result.intervals  # seeded


def test_an_interval_without_variation_has_no_width():
    result = evaluate(
        "test-capitals", GOLD, {"1": "Paris", "2": "Lyon", "3": "Warsaw"}, ci=True, resamples=100
    )
    assert result.intervals["scores"]["em"] == (100.0, 100.0)
    with pytest.warns(SmallSampleWarning, match="only 10 resamples"):
        evaluate("test-capitals", GOLD, {}, ci=True, resamples=10)
    with pytest.raises(AnswermatchError, match="at least 1"):
        evaluate("test-capitals", GOLD, {}, ci=True, resamples=0)


def test_approximate_randomization_p_values():
    aggregation = mean_of("score", key="em")
    ones = [{"score": 1.0}] * 60
    zeros = [{"score": 0.0}] * 60
    assert approximate_randomization(aggregation, ones, ones, trials=99, seed=1) == 1.0
    assert approximate_randomization(aggregation, zeros, ones, trials=99, seed=1) == 1 / 100
    rng = random.Random(3)
    a = [{"score": float(rng.random() < 0.5)} for _ in range(200)]
    b = [{"score": float(rng.random() < 0.5)} for _ in range(200)]
    p = approximate_randomization(aggregation, a, b, trials=199, seed=2)
    assert 0.05 < p <= 1.0  # two systems of the same quality rarely differ


def test_compare_with_ar_against_one_baseline_for_several_systems():
    gold = GOLD * 12
    systems = [{"1": "Paris"}, {"1": "Paris", "2": "Lyon"}, {"1": "x"}]
    c = compare("test-capitals", gold, systems, test="ar", resamples=99)
    assert [s.name for s in c.systems] == ["system 1", "system 2", "system 3"]
    assert c.test == "paired-ar" and "test:paired-ar" in c.signature
    assert all(s.ci is None for s in c.systems)
    assert c.systems[1].difference > 0 > c.systems[2].difference
    assert c.systems[1].p_value <= 0.05


def test_too_few_items_draw_a_warning():
    with pytest.warns(SmallSampleWarning, match="only 3 paired items"):
        compare("test-capitals", GOLD, [{"1": "Paris"}, {}], resamples=50)


@pytest.mark.parametrize(
    ("draws", "message"),
    [
        ({"seed": None}, "the seed must be a whole number"),
        ({"seed": "x"}, "the seed must be a whole number"),
        ({"seed": True}, "the seed must be a whole number"),
        ({"resamples": "100"}, "resamples must be a whole number"),
        ({"resamples": 10.5}, "resamples must be a whole number"),
        ({"resamples": 0}, "resamples must be at least 1"),
    ],
)
def test_draws_that_the_signature_cannot_name_are_refused(draws, message):
    # seed=None drew anew at every run under one signature ('seed:None')
    gold, pred = "examples/squad/dev.json", "examples/squad/pred.json"
    root = Path(__file__).resolve().parents[1]
    gold, pred = str(root / gold), str(root / pred)
    with pytest.raises(AnswermatchError, match=message):
        evaluate("squad", gold, pred, ci=True, **draws)
    with pytest.raises(AnswermatchError, match=message):
        compare("squad", gold, [pred, pred], **draws)


def test_a_profile_must_be_a_name_or_the_tasks_settings():
    root = Path(__file__).resolve().parents[1] / "examples" / "squad"
    with pytest.raises(UnknownProfileError, match="not NoneType"):
        evaluate("squad", str(root / "dev.json"), str(root / "pred.json"), None)
