"""Items built when first read (answermatch.items.DeferredItems): the same
items as ever wherever they are read, and none built for a run that only
prints scores."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.items import DeferredItems, materialized
from answermatch.result import Result
from answermatch.significance import compare_results
from answermatch.tasks import get_task

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CASES = {
    "squad": ("squad/dev.json", "squad/pred.json", {}),
    "mlqa": ("mlqa/dev.de.json", "mlqa/pred.de.json", {"lang": "de"}),
    "xor-full": ("xor-full/gold.jsonl", "xor-full/pred.json", {}),
    "xor-engspan": ("xor-engspan/gold.jsonl", "xor-engspan/pred.json", {}),
}


# the examples leave a question unanswered on purpose: that warning is not the subject
pytestmark = [
    pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning"),
    pytest.mark.filterwarnings("ignore::answermatch.errors.SmallSampleWarning"),
]


def evaluate(task: str) -> Result:
    gold, pred, options = CASES[task]
    return answermatch.evaluate(task, EXAMPLES / gold, EXAMPLES / pred, **options)


def test_the_length_is_known_and_the_items_built_once():
    calls = []
    items = DeferredItems(2, lambda: calls.append(1) or [{"id": 1}, {"id": 2}])
    assert len(items) == 2 and calls == []
    assert [i["id"] for i in items] == [1, 2] and items[-1] == {"id": 2}
    assert items[:1] == [{"id": 1}] and items == [{"id": 1}, {"id": 2}]
    assert calls == [1]
    assert pickle.loads(pickle.dumps(items)) == [{"id": 1}, {"id": 2}]
    assert type(pickle.loads(pickle.dumps(items))) is list
    assert materialized(items) is items.list()


def test_a_builder_that_breaks_its_word_is_an_error():
    with pytest.raises(RuntimeError, match="1 built where 2 were announced"):
        DeferredItems(2, lambda: [{"id": 1}]).list()


def test_a_result_reads_its_items_as_a_plain_list():
    deferred = DeferredItems(1, lambda: [{"id": "q", "score": 1.0}])
    result = Result("t", "official", {"x": 100.0}, {}, 1, "sig", items=deferred)
    assert type(result.items) is list and result.items == [{"id": "q", "score": 1.0}]
    assert result.items is result.items  # built once, then kept
    again = Result(**result.__dict__)
    assert again == result and pickle.loads(pickle.dumps(result)) == result
    assert Result("t", "official", {}, {}, 0, "sig").items == []


@pytest.mark.parametrize("task", CASES)
def test_scores_alone_build_no_item(task):
    gold, pred, options = CASES[task]
    found = get_task(task)
    diag = Diagnostics()
    inputs = found.read(EXAMPLES / gold, EXAMPLES / pred, diag, **options)
    settings = found.settings("official")
    scored = found.score(inputs, settings, diag, **options)
    assert isinstance(scored.items, DeferredItems)
    result = found.result(scored, "official", diag, options)
    assert isinstance(result.__dict__["items"], DeferredItems)  # not built
    assert result.__dict__["items"]._items is None
    # read now: one per gold question, in the announced number
    assert type(result.items) is list and len(result.items) == result.n


@pytest.mark.parametrize("task", CASES)
def test_deferred_items_are_what_every_reader_gets(task, tmp_path, capsys):
    gold, pred, options = CASES[task]
    result = evaluate(task)
    # compare re-aggregates the items and refuses a result they do not reproduce
    comparison = compare_results([result, evaluate(task)], resamples=50)
    assert comparison.n == len(result.items) and len(comparison.systems) == 2
    with_ci = answermatch.evaluate(
        task, EXAMPLES / gold, EXAMPLES / pred, ci=True, resamples=50, **options
    )
    assert with_ci.intervals is not None and with_ci.items == result.items
    # the CLI's --items file holds the same items
    out = tmp_path / "items.jsonl"
    argv = ["score", task, "--gold", str(EXAMPLES / gold), "--pred", str(EXAMPLES / pred)]
    argv += [f"-o{key}={value}" for key, value in options.items()]
    assert main([*argv, "--items", str(out)]) == 0
    capsys.readouterr()
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [row["id"] for row in written] == [item["id"] for item in result.items]
    for row, item in zip(written, result.items, strict=True):
        assert row["score"] == item["score"]
