"""The incremental scorer: update, compute, merge and JSON states (toy tasks;
tests/test_scorer_parity.py checks every parity fixture)."""

from __future__ import annotations

import json
import random
import tracemalloc
import warnings

import pytest

import answermatch
from answermatch import Scorer, evaluate, scorer
from answermatch.errors import AnswermatchError, UnknownOptionError
from answermatch.tasks import register, unregister
from toy_tasks import GOLD, Capitals


@pytest.fixture(scope="module", autouse=True)
def capitals():
    yield register(Capitals, replace=True)
    unregister(Capitals.name)


PRED = {"1": "Paris", "2": "lyon", "3": "Warsaw"}


def test_updates_in_order_give_exactly_the_result_of_evaluate():
    whole = evaluate("test-capitals", GOLD, PRED)
    parts = scorer("test-capitals")
    parts.update(GOLD[:1], PRED)
    parts.update(GOLD[1:], PRED)
    got = parts.compute()
    assert (got.scores, got.per_language, got.n, got.signature) == (
        whole.scores,
        whole.per_language,
        whole.n,
        whole.signature,
    )
    assert got.items == []  # texts are not kept unless asked
    assert scorer("test-capitals", keep_items=True)  # and can be


def test_merged_states_through_json_give_the_result_of_evaluate():
    shards = [GOLD[:2], GOLD[2:]]
    states = []
    for shard in shards:
        part = scorer("test-capitals", "fair", penalty=0.25)
        part.update(shard, PRED)
        states.append(json.loads(json.dumps(part.to_dict())))
    merged = Scorer.from_dict(states[0]).merge(Scorer.from_dict(states[1])).compute()
    whole = evaluate("test-capitals", GOLD, PRED, "fair", penalty=0.25)
    assert merged.scores == pytest.approx(whole.scores, abs=1e-12)
    assert merged.per_language == whole.per_language and merged.options == {"penalty": 0.25}


def test_only_like_scorers_merge():
    with pytest.raises(AnswermatchError, match=r"cannot merge a scorer of test-capitals \(fair\)"):
        scorer("test-capitals").merge(scorer("test-capitals", "fair"))
    with pytest.raises(AnswermatchError, match="options"):
        scorer("test-capitals").merge(scorer("test-capitals", penalty=0.5))
    with pytest.raises(UnknownOptionError):
        scorer("test-capitals", nonsense=1)
    with pytest.raises(AnswermatchError, match="not an answermatch scorer state"):
        Scorer.from_dict({"format": 99})
    with pytest.raises(AnswermatchError, match="has seen no item"):
        scorer("test-capitals").compute()


def test_a_state_is_plain_json_without_texts():
    part = scorer("test-capitals")
    part.update(GOLD, {"1": "a very long answer " * 1000})
    text = json.dumps(part.to_dict())
    assert "very long answer" not in text and len(text) < 1000


def test_memory_of_a_pooled_task_stays_flat():
    part = scorer("test-capitals")
    rng = random.Random(1)

    def batch():
        gold = [(str(k), "fr", ["x"]) for k in range(1000)]
        return gold, {str(k): rng.choice("xy") for k in range(1000)}

    part.update(*batch())
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(20):
        part.update(*batch())
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert part.n == 21_000
    assert grown < 200_000  # the batches themselves are freed; the state does not grow


def test_the_scorer_is_exported_lazily():
    assert answermatch.scorer is scorer and answermatch.Scorer is Scorer


def test_parts_with_every_prediction_warn_only_as_the_whole_does():
    # the documented use: update(gold[part], predictions) with all the predictions
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "examples" / "xor-full"
    gold = [json.loads(line) for line in (root / "gold.jsonl").read_text().splitlines() if line]
    predictions = json.loads((root / "pred.json").read_text())
    running = answermatch.scorer("xor-full")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        whole = answermatch.evaluate("xor-full", gold, predictions)
        for start in range(0, len(gold), 3):
            running.update(gold[start : start + 3], predictions)
    assert running.compute().scores == pytest.approx(whole.scores, abs=1e-9)
    assert seen and not [w for w in seen if "not in the gold" in str(w.message)]
    # strict mode takes such parts too (it turned the first one into an error)
    rows = [{"id": f"q{k}", "answers": {"text": [f"a{k}"], "answer_start": [0]}} for k in range(6)]
    answers = {f"q{k}": f"a{k}" if k % 2 else "x" for k in range(6)}
    strict = answermatch.scorer("squad", strict=True)
    for start in range(0, 6, 2):
        strict.update(rows[start : start + 2], answers)
    assert strict.compute().scores == answermatch.evaluate("squad", rows, answers).scores


def test_merge_takes_a_scorer_only():
    with pytest.raises(AnswermatchError, match="merge takes another Scorer"):
        answermatch.scorer("squad").merge(None)
    with pytest.raises(AnswermatchError, match="not dict"):
        answermatch.scorer("squad").merge(answermatch.scorer("squad").to_dict())
