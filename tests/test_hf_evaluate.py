"""Hugging Face evaluate loads answermatch from a local path, offline, and
add_batch/compute give answermatch's numbers."""

from __future__ import annotations

import os

import pytest

import answermatch

evaluate = pytest.importorskip("evaluate", reason="extra answermatch[hf-evaluate] not installed")

from answermatch.integrations.hf_evaluate import METRIC_PATH  # noqa: E402

PREDICTIONS = ["Helsinki", "the Kremlin", "Москва", "x"]
REFERENCES = [["Helsinki", "Helsingfors"], ["Kremlin"], ["Москва"], ["Tampere"]]


@pytest.fixture(scope="module")
def metric(tmp_path_factory):
    cache = tmp_path_factory.mktemp("hf")
    os.environ.update(HF_EVALUATE_OFFLINE="1", HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1")
    return evaluate.load(str(METRIC_PATH), cache_dir=str(cache))


def test_compute_gives_answermatch_scores_and_signature(metric):
    got = metric.compute(
        predictions=PREDICTIONS, references=REFERENCES, task="xor-engspan", lang="fi"
    )
    gold = [{"id": str(k), "answers": r, "lang": "fi"} for k, r in enumerate(REFERENCES)]
    expected = answermatch.evaluate(
        "xor-engspan",
        gold,
        dict(enumerate(PREDICTIONS)) and {str(k): p for k, p in enumerate(PREDICTIONS)},
    )
    assert got["f1"] == expected.scores["f1"] and got["em"] == expected.scores["em"]
    assert got["signature"] == expected.signature and got["n"] == 4
    assert 0 < got["em"] < 100


def test_add_batch_then_compute_equals_one_call(metric):
    for k in range(0, 4, 2):
        metric.add_batch(predictions=PREDICTIONS[k : k + 2], references=REFERENCES[k : k + 2])
    batched = metric.compute(task="xor-engspan", lang="fi", profile="fair")
    whole = metric.compute(
        predictions=PREDICTIONS,
        references=REFERENCES,
        task="xor-engspan",
        lang="fi",
        profile="fair",
    )
    assert batched == whole
