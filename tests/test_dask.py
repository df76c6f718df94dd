"""Scale-out on Dask: partitions scored into states, merged in a tree, on a
real two-process LocalCluster started here; equal to evaluate to 1e-9."""

from __future__ import annotations

import json

import pytest

from answermatch import evaluate

REASON = "Dask is not installed: install answermatch[integrations] (or answermatch[dask])"
dask = pytest.importorskip("dask", reason=REASON)
distributed = pytest.importorskip("distributed", reason=REASON)
import dask.bag as db  # noqa: E402
import dask.dataframe as dd  # noqa: E402

import answermatch.dask as amd  # noqa: E402

# the XOR-Full fixture warns (questions without a prediction): not under test here
pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning"),
]


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        host="127.0.0.1",
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def xor_full(parity):
    gold_path = parity("xor", "xor_dev_full_v1_1.jsonl")
    pred_path = parity("xor", "full_pred_1.json")
    gold = [json.loads(line) for line in gold_path.read_text(encoding="utf-8").splitlines()]
    raw = json.loads(pred_path.read_text(encoding="utf-8"))
    # XOR-Full's id rule: a prediction key counts by its part after the last "_"
    predictions = {key.rsplit("_", 1)[-1]: value for key, value in raw.items()}
    return gold, predictions, evaluate("xor-full", gold_path, pred_path)


def assert_same(got, expected):
    assert got.n == expected.n
    for key, value in expected.scores.items():
        assert got.scores[key] == pytest.approx(value, abs=1e-9)
    for lang, figures in expected.per_language.items():
        for key, value in figures.items():
            assert got.per_language[lang][key] == pytest.approx(value, abs=1e-9)


def test_a_bag_and_a_dict_on_two_workers_equal_evaluate(client, parity):
    gold, predictions, expected = xor_full(parity)
    got = amd.evaluate("xor-full", db.from_sequence(gold, npartitions=6), predictions)
    assert_same(got, expected)
    assert got.signature == expected.signature


def test_dataframes_joined_on_the_id_equal_evaluate(client, parity):
    gold, predictions, _ = xor_full(parity)
    import pandas as pd

    # Dask turns object columns into strings unless told not to: the lists of
    # answers must stay lists
    with dask.config.set({"dataframe.convert-string": False}):
        gold_frame = dd.from_pandas(pd.DataFrame(gold), npartitions=5)
        pred_frame = dd.from_pandas(
            pd.DataFrame({"id": list(predictions), "prediction": list(predictions.values())}),
            npartitions=3,
        )
    got = amd.evaluate("xor-full", gold_frame, pred_frame, "fair")
    assert_same(got, evaluate("xor-full", gold, predictions, "fair"))


def test_the_states_that_cross_the_wire_are_plain_json(parity):
    gold, predictions, _ = xor_full(parity)
    rows = [{**g, "prediction": predictions.get(g["id"])} for g in gold[:50]]
    state = amd.score_partition(rows, "xor-full", "official", {})
    assert json.loads(json.dumps(state)) == state
    merged = amd.merge_states([state, amd.score_partition([], "xor-full", "official", {})])
    assert merged["n"] == 50


def test_bad_arguments_are_one_clear_error():
    # no cluster needed: each is refused before (or while) the graph runs, synchronously
    import pandas as pd

    from answermatch.errors import AnswermatchError

    gold = [
        {"id": "1", "answers": ["Oslo"], "lang": "fi"},
        {"id": "2", "answers": ["x"], "lang": "fi"},
    ]
    bag = db.from_sequence(gold, npartitions=1)
    with dask.config.set(scheduler="sync"):
        for split_every in (0, 1, 2.5, True):
            with pytest.raises(AnswermatchError, match="split_every must be a whole number"):
                amd.evaluate("xor-full", bag, {"1": "Oslo"}, split_every=split_every)
        with pytest.raises(AnswermatchError, match="a row has no 'qid' field"):
            amd.evaluate("xor-full", bag, {"1": "Oslo"}, key="qid")
        frame = dd.from_pandas(pd.DataFrame(gold), npartitions=1)
        preds = dd.from_pandas(pd.DataFrame({"id": ["1"], "prediction": ["Oslo"]}), npartitions=1)
        with pytest.raises(AnswermatchError, match="no 'qid' column"):
            amd.evaluate("xor-full", frame, preds, key="qid")
        with dask.config.set({"dataframe.convert-string": True}):
            as_text = dd.from_pandas(pd.DataFrame(gold), npartitions=1)
        with pytest.raises(AnswermatchError, match="convert-string"):
            amd.evaluate("xor-full", as_text, preds)
