"""The XOR tasks' scores come from their aggregation: the per-language sums
taken while scoring are those of the generic item-by-item sum (to the bit),
``compare`` resamples with the same rule, and the official figures follow."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest

from answermatch import evaluate
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning
from answermatch.significance import aggregation_of, compare_results, paired_bootstrap
from answermatch.tasks import get_task
from answermatch.tasks.base import Inputs

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
FULL_GOLD = ("xor", "xor_dev_full_v1_1.jsonl")
ENGSPAN_GOLD = ("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl")
PARITY_RUNS = [
    ("xor-full", FULL_GOLD, ("xor", "full_pred_1.json")),
    ("xor-full", FULL_GOLD, ("xor", "full_pred_2.json")),
    ("xor-full", FULL_GOLD, ("xor", "full_pred_3.json")),
    ("xor-engspan", ENGSPAN_GOLD, ("xor", "engspan_pred_1.json")),
    ("xor-engspan", ENGSPAN_GOLD, ("xor", "engspan_pred_2.json")),
    ("xor-engspan", ENGSPAN_GOLD, ("xor", "engspan_pred_3.json")),
    ("xor-retrieve", ENGSPAN_GOLD, ("xor", "retrieve_pred_1.json.gz")),
]
EXAMPLE_RUNS = [
    ("xor-full", EXAMPLES / "xor-full" / "gold.jsonl", EXAMPLES / "xor-full" / "pred.json"),
    (
        "xor-engspan",
        EXAMPLES / "xor-engspan" / "gold.jsonl",
        EXAMPLES / "xor-engspan" / "pred.json",
    ),
    (
        "xor-retrieve",
        REPO / "docs" / "examples" / "xor-retrieve" / "gold.jsonl",
        REPO / "docs" / "examples" / "xor-retrieve" / "pred.json",
    ),
]

_CACHE: dict[tuple, object] = {}


def scored(task, gold, pred, profile="official", **options):
    key = (task, str(gold), str(pred), profile, tuple(sorted(options.items())))
    if key not in _CACHE:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            _CACHE[key] = evaluate(task, gold, pred, profile, **options)
    return _CACHE[key]


def _official(path: Path) -> dict:
    name = path.name.split(".")[0]
    return json.loads(path.with_name(f"{name}.official.json").read_text(encoding="utf-8"))


def assert_one_rule(result) -> None:
    """The result's figures are exactly what the task's aggregation makes of
    its items (the generic sum, item by item)."""
    summary = aggregation_of(result).summarize(result.items)
    assert summary.scores == result.scores
    assert summary.per_language == result.per_language
    assert list(summary.per_language) == list(result.per_language)


@pytest.mark.parametrize(("task", "gold", "pred"), EXAMPLE_RUNS, ids=lambda v: str(v)[-20:])
@pytest.mark.parametrize("profile", ["official", "fair"])
def test_example_scores_are_the_aggregation_of_the_items(task, gold, pred, profile):
    assert_one_rule(scored(task, gold, pred, profile))


@pytest.mark.parity
@pytest.mark.parametrize(("task", "gold", "pred"), PARITY_RUNS, ids=lambda v: "/".join(v[-1:]))
def test_parity_scores_are_the_aggregation_of_the_items(parity, task, gold, pred):
    gold_path, pred_path = parity(*gold), parity(*pred)
    primary = get_task(task).primary
    official = _official(pred_path)
    for profile in get_task(task).profiles:
        result = scored(task, gold_path, pred_path, profile)
        assert_one_rule(result)
        if profile == "official":
            assert result.scores[primary] == pytest.approx(official["scores"][primary], abs=1e-9)


@pytest.mark.parity
def test_totals_taken_while_scoring_are_the_generic_totals(parity):
    for task, gold, pred in PARITY_RUNS[:1] + PARITY_RUNS[3:4]:
        spec = get_task(task)
        settings = spec.settings("official")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            inputs: Inputs = spec.read(str(parity(*gold)), str(parity(*pred)), Diagnostics())
            done = spec.score(inputs, settings, Diagnostics())
        generic = spec.aggregation(settings).totals(done.items)
        assert done.totals == generic  # the same floats, not just close ones


def test_xor_full_rule_by_hand():
    gold = [
        {"id": "1", "answers": ["a"], "lang": "fi"},
        {"id": "2", "answers": ["b"], "lang": "fi"},
        {"id": "3", "answers": ["c"], "lang": "sw"},
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        result = evaluate("xor-full", gold, {"1": "a", "3": "c"})
        fair = evaluate("xor-full", gold, {"1": "a", "3": "c"}, "fair")
    # official: fi 1/2, sw 1 (a slot of the script), summed and divided by 7
    assert result.scores["em"] == pytest.approx((0.5 + 1.0) / 7 * 100, abs=1e-12)
    # fair: the mean over the two languages present
    assert fair.scores["em"] == pytest.approx((0.5 + 1.0) / 2 * 100, abs=1e-12)
    agg = aggregation_of(result)
    assert agg.summarize(result.items[:1]).scores["em"] == pytest.approx(100 / 7, abs=1e-12)


# --- the bootstrap ----------------------------------------------------------


def _naive_bootstrap(task_items, group, combine, resamples, seed):
    """Straightforward resampling: items put in first-seen group order (as
    paired_bootstrap orders them), positions drawn with int(random() * n)."""
    first_seen = list(dict.fromkeys(group(i) for i in task_items[0]))
    order = sorted(
        range(len(task_items[0])), key=lambda k: first_seen.index(group(task_items[0][k]))
    )
    ordered = [[items[k] for k in order] for items in task_items]
    draw = random.Random(seed).random
    n = len(order)
    out: list[list[float]] = [[] for _ in task_items]
    for _ in range(resamples):
        picks = [int(draw() * n) for _ in range(n)]
        for s, items in enumerate(ordered):
            out[s].append(combine([items[p] for p in picks]))
    return out


def _xor_full_f1(items) -> float:
    """XOR-Full's rule written out: sum of the language means over 7."""
    by_lang: dict[str, list[float]] = {}
    for item in items:
        by_lang.setdefault(item["lang"], []).append(item["f1"])
    return 100 * sum(sum(v) / len(v) for v in by_lang.values()) / 7


def _mean_of_language_means(key):
    def combine(items) -> float:
        by_lang: dict[str, list[float]] = {}
        for item in items:
            by_lang.setdefault(item["lang"], []).append(item[key])
        means = [100 * sum(v) / len(v) for v in by_lang.values()]
        return sum(means) / len(means)

    return combine


@pytest.mark.parity
def test_grouped_bootstrap_matches_a_naive_resampling(parity):
    gold = parity(*FULL_GOLD)
    a = scored("xor-full", gold, parity("xor", "full_pred_1.json"))
    b = scored("xor-full", gold, parity("xor", "full_pred_2.json"))
    fast = paired_bootstrap(aggregation_of(a), [a.items, b.items], resamples=30, seed=3)
    slow = _naive_bootstrap([a.items, b.items], lambda i: i["lang"], _xor_full_f1, 30, 3)
    for fast_scores, slow_scores in zip(fast, slow, strict=True):
        assert fast_scores == pytest.approx(slow_scores, abs=1e-9)


@pytest.mark.parametrize(
    ("task", "key"), [("xor-engspan", "f1"), ("xor-retrieve", "hit@5kt")], ids=str
)
def test_mean_of_language_means_bootstrap_matches_a_naive_resampling(task, key):
    _, gold, pred = next(run for run in EXAMPLE_RUNS if run[0] == task)
    a = scored(task, gold, pred)
    fast = paired_bootstrap(aggregation_of(a), [a.items], resamples=25, seed=9)
    slow = _naive_bootstrap([a.items], lambda i: i["lang"], _mean_of_language_means(key), 25, 9)
    assert fast[0] == pytest.approx(slow[0], abs=1e-9)


@pytest.mark.parity
def test_full_set_scores_are_the_tasks_own(parity):
    gold = parity(*FULL_GOLD)
    preds = [parity("xor", f"full_pred_{k}.json") for k in (1, 2)]
    official = [_official(p)["scores"]["f1"] for p in preds]
    results = [scored("xor-full", gold, p) for p in preds]
    c = compare_results(results, names=["1", "2"], resamples=200)
    assert [s.score for s in c.systems] == pytest.approx(official, abs=1e-9)
    assert c.systems[1].difference == pytest.approx(official[1] - official[0], abs=1e-9)
    assert c.n == 3473
    for system in c.systems:  # 3,473 questions: the interval is narrow and holds the score
        assert system.ci[0] < system.score < system.ci[1]
        assert system.ci[1] - system.ci[0] < 10


def test_cli_compare_json(capsys):
    _, gold, pred = EXAMPLE_RUNS[1]
    argv = ["compare", "xor-engspan", "--gold", str(gold), "--pred", str(pred)]
    code = main([*argv, "--pred", str(pred), "--json", "--resamples", "10", "-q"])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    expected = scored("xor-engspan", gold, pred)
    assert data["signature"].startswith(expected.signature.rpartition("|version:")[0])
    assert [s["score"] for s in data["systems"]] == pytest.approx([expected.scores["f1"]] * 2)
    assert data["systems"][1]["p_value"] == 1.0
