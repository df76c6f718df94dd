"""Hugging Face evaluate loads answermatch from a local path, offline, and
add_batch/compute give answermatch's numbers."""

from __future__ import annotations

import os

import pytest

import answermatch

evaluate = pytest.importorskip(
    "evaluate",
    reason="Hugging Face evaluate is not installed: install answermatch[integrations] "
    "(or answermatch[hf-evaluate])",
)

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


def test_compute_without_a_task_is_an_error_not_squad(metric):
    with pytest.raises(answermatch.AnswermatchError, match="compute\\(\\) needs task="):
        metric.compute(predictions=PREDICTIONS, references=REFERENCES)


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


@pytest.mark.parametrize(
    ("task", "lang", "options"),
    [
        ("squad", None, {}),
        ("squad-v2", None, {}),
        ("mlqa", "de", {"lang": "de"}),
        ("korquad", None, {}),
        ("ntcir-dsqa", "en", {"default_lang": "en"}),
    ],
)
def test_span_tasks_take_plain_answer_lists(metric, task, lang, options):
    # what the documented add_batch/compute call gives equals answermatch.evaluate on
    # the task's own rows: Hugging Face's {"text", "answer_start"} for the SQuAD family
    metric.add_batch(predictions=PREDICTIONS, references=REFERENCES)
    got = metric.compute(task=task, **({"lang": lang} if lang else {}))
    if task == "ntcir-dsqa":  # its gold in memory: {question id: answers}
        gold = {str(k): r for k, r in enumerate(REFERENCES)}
    else:
        gold = [
            {"id": str(k), "answers": {"text": r, "answer_start": [-1] * len(r)}}
            for k, r in enumerate(REFERENCES)
        ]
    preds = {str(k): p for k, p in enumerate(PREDICTIONS)}
    expected = answermatch.evaluate(task, gold, preds, **options)
    assert {k: got[k] for k in expected.scores} == expected.scores
    assert got["n"] == 4 and got["signature"] == expected.signature


@pytest.mark.parametrize("task", ["mkqa", "xor-retrieve", "zalo2019", "nlpcc-dbqa"])
def test_tasks_whose_gold_is_more_than_answers_say_so(metric, task):
    with pytest.raises(answermatch.errors.InputError, match=f"{task} cannot be scored from plain"):
        metric.compute(predictions=PREDICTIONS, references=REFERENCES, task=task, lang="en")
