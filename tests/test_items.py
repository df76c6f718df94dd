"""Items by columns (answermatch.items.ItemColumns), each built when read:
the same items as ever wherever they are read, and none built for a run that
only prints scores."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.items import ItemColumns
from answermatch.result import Result
from answermatch.significance import compare_results
from answermatch.tasks import get_task

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CASES = {
    "squad": ("squad/dev.json", "squad/pred.json", {}),
    "mlqa": ("mlqa/dev.de.json", "mlqa/pred.de.json", {"lang": "de"}),
    "xor-full": ("xor-full/gold.jsonl", "xor-full/pred.json", {}),
    "xor-engspan": ("xor-engspan/gold.jsonl", "xor-engspan/pred.json", {}),
    "squad-v2": ("squad-v2/dev.json", "squad-v2/pred.json", {"na_prob": "na_prob.json"}),
    "mkqa": ("mkqa/gold.jsonl", "mkqa", {}),
}


# the examples leave a question unanswered on purpose: that warning is not the subject
pytestmark = [
    pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning"),
    pytest.mark.filterwarnings("ignore::answermatch.errors.SmallSampleWarning"),
]


def case(task: str) -> tuple[Path, Path, dict[str, str]]:
    gold, pred, options = CASES[task]
    if "na_prob" in options:
        options = {"na_prob": str(EXAMPLES / task / options["na_prob"])}
    return EXAMPLES / gold, EXAMPLES / pred, options


def evaluate(task: str) -> Result:
    gold, pred, options = case(task)
    return answermatch.evaluate(task, gold, pred, **options)


def test_items_by_columns_are_dicts_built_at_each_read():
    made = []

    def make(qid, f1):
        made.append(qid)
        return {"id": qid, "score": f1, "f1": f1}

    items = ItemColumns({"id": [1, 2, 3], "f1": [1.0, 0.5, 0.0]}, make)
    assert len(items) == 3 and made == []  # the length is known without building
    assert items[-1] == {"id": 3, "score": 0.0, "f1": 0.0} and made == [3]
    assert items[0:3:2] == [items[0], items[2]] and [i["id"] for i in items] == [1, 2, 3]
    assert items[1] is not items[1]  # nothing is kept: each read builds its dict
    items[1]["score"] = 9.0
    assert items[1]["score"] == 0.5
    expected = [{"id": k, "score": f, "f1": f} for k, f in ((1, 1.0), (2, 0.5), (3, 0.0))]
    assert items == expected and expected == items and items != expected[:2]
    assert pickle.loads(pickle.dumps(items)) == expected
    assert type(pickle.loads(pickle.dumps(items))) is list
    with pytest.raises(IndexError):
        items[3]
    with pytest.raises(IndexError):
        items[-4]
    plain = ItemColumns({"id": ["a"], "score": [1.0]})  # without make: names and values
    assert list(plain) == [{"id": "a", "score": 1.0}] and plain.columns["score"] == [1.0]


def test_columns_of_different_lengths_are_an_error():
    with pytest.raises(ValueError, match="different lengths"):
        ItemColumns({"id": [1, 2], "score": [1.0]})


def test_a_result_reads_items_by_columns_as_a_list_would_be_read():
    items = ItemColumns({"id": ["q"], "score": [1.0]})
    result = Result("t", "official", {"x": 100.0}, {}, 1, "sig", items=items)
    assert result.items == [{"id": "q", "score": 1.0}] and result.items[0]["id"] == "q"
    assert result.to_dict(items=True)["items"] == [{"id": "q", "score": 1.0}]
    again = Result(**result.__dict__)
    assert again == result and pickle.loads(pickle.dumps(result)) == result
    assert type(pickle.loads(pickle.dumps(result)).items) is list
    assert Result("t", "official", {}, {}, 0, "sig").items == []


@pytest.mark.parametrize("task", CASES)
def test_scores_alone_build_no_item(task, monkeypatch):
    gold, pred, options = case(task)
    found = get_task(task)
    diag = Diagnostics()
    inputs = found.read(gold, pred, diag, **options)
    settings = found.settings("official")
    scored = found.score(inputs, settings, diag, **options)
    assert isinstance(scored.items, ItemColumns)
    built = []
    monkeypatch.setattr(scored.items, "_make", lambda *values: built.append(values) or {})
    result = found.result(scored, "official", diag, options)
    assert built == [] and result.items is scored.items  # scores without building an item
    assert len(result.items) == result.n and result.n >= len(inputs.gold.ids)


@pytest.mark.parametrize("task", CASES)
def test_items_by_columns_are_what_every_reader_gets(task, tmp_path, capsys):
    gold, pred, options = case(task)
    result = evaluate(task)
    # compare re-aggregates the items and refuses a result they do not reproduce
    comparison = compare_results([result, evaluate(task)], resamples=50)
    assert comparison.n == len(result.items) and len(comparison.systems) == 2
    with_ci = answermatch.evaluate(task, gold, pred, ci=True, resamples=50, **options)
    assert with_ci.intervals is not None and with_ci.items == result.items
    # the CLI's --items file holds the same items
    out = tmp_path / "items.jsonl"
    argv = ["score", task, "--gold", str(gold), "--pred", str(pred)]
    argv += [f"-o{key}={value}" for key, value in options.items()]
    assert main([*argv, "--items", str(out)]) == 0
    capsys.readouterr()
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [row["id"] for row in written] == [item["id"] for item in result.items]
    for row, item in zip(written, result.items, strict=True):
        assert row["score"] == item["score"]
