"""Zalo AI 2019 Vietnamese Wiki QA: F1 of selected (test case, paragraph) pairs.

No official scorer or figures exist: the expected values are worked out by
hand in the comments, or (on the real private test) from plain counts.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.tasks.zalo2019 import prf

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "zalo2019"
PRIVATE = "ZaloQA_private_test_with_labels_unverified.json"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def score(gold, pred, **kwargs):
    return answermatch.evaluate("zalo2019", gold, pred, **kwargs)


def case(case_id: str, *labels: bool) -> dict:
    return {
        "__id__": case_id,
        "question": "q",
        "title": "t",
        "paragraphs": [
            {"id": f"p{i}", "text": "x", "label": label} for i, label in enumerate(labels, start=1)
        ],
    }


# --- the example files -----------------------------------------------------------
# gold pairs: (test_0101, p1), (test_0101, p3), (test_0102, p2); test_0103 has none.
# submitted: (test_0101, p1) ok, (test_0101, p2) wrong, (test_0102, p2) ok, (test_0103, p1) wrong


def test_example_micro():
    result = score(EXAMPLES / "test_labelled.json", EXAMPLES / "submission.csv")
    # TP 2 of 4 submitted and 3 gold: P 1/2, R 2/3, F1 (2/3)/(7/6) = 4/7
    assert result.scores["precision"] == pytest.approx(50.0, abs=1e-9)
    assert result.scores["recall"] == pytest.approx(100 * 2 / 3, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(100 * 4 / 7, abs=1e-9)
    assert list(result.scores) == ["f1", "precision", "recall"]
    assert result.n == 3
    assert "average:micro" in result.signature


def test_example_macro_and_items():
    result = score(EXAMPLES / "test_labelled.json", EXAMPLES / "submission.csv", average="macro")
    # test_0101: P 1/2, R 1/2, F1 1/2; test_0102: 1, 1, 1;
    # test_0103 (no gold, p1 submitted): 0, 0, 0 -> each mean (1/2 + 1 + 0)/3 = 1/2
    assert result.scores == {
        "f1": pytest.approx(50.0, abs=1e-9),
        "precision": pytest.approx(50.0, abs=1e-9),
        "recall": pytest.approx(50.0, abs=1e-9),
    }
    assert [i["id"] for i in result.items] == ["test_0101", "test_0102", "test_0103"]
    assert [i["score"] for i in result.items] == [0.5, 1.0, 0.0]
    assert result.items[0]["predicted"] == ["p1", "p2"]
    assert result.items[0]["gold"] == ["p1", "p3"]
    assert result.items[2]["gold"] == []
    assert "average:macro" in result.signature


def test_macro_case_without_gold_and_without_submission_scores_one():
    gold = [case("t1", True, False), case("t2", False, False)]
    # t1: p1 submitted -> 1, 1, 1; t2: nothing to find, nothing submitted -> 1, 1, 1
    result = score(gold, [("t1", "p1")], average="macro")
    assert result.scores == {"f1": 100.0, "precision": 100.0, "recall": 100.0}
    # micro: TP 1 of 1 submitted and 1 gold
    assert score(gold, [("t1", "p1")]).scores == {"f1": 100.0, "precision": 100.0, "recall": 100.0}


def test_macro_f1_is_the_mean_of_case_f1s_not_f1_of_means():
    gold = [case("t1", True, True, True, True), case("t2", True, False)]
    pred = [("t1", "p1"), ("t2", "p1"), ("t2", "p2")]
    result = score(gold, pred, average="macro")
    # t1: P 1, R 1/4, F1 (1/2)/(5/4) = 2/5; t2: P 1/2, R 1, F1 2/3
    # P (1 + 1/2)/2 = 3/4, R (1/4 + 1)/2 = 5/8, F1 (2/5 + 2/3)/2 = 8/15 (F1 of means: 15/22)
    assert result.scores["precision"] == pytest.approx(75.0, abs=1e-9)
    assert result.scores["recall"] == pytest.approx(62.5, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(100 * 8 / 15, abs=1e-9)
    # micro: TP 2, submitted 3, gold 5: P 2/3, R 2/5, F1 (8/15)/(16/15) = 1/2
    micro = score(gold, pred)
    assert micro.scores["f1"] == pytest.approx(50.0, abs=1e-9)


def test_prf_conventions():
    assert prf(0, 0, 0) == (1.0, 1.0, 1.0)
    assert prf(0, 0, 5) == (0.0, 0.0, 0.0)  # empty submission: precision 0
    assert prf(0, 3, 0) == (0.0, 0.0, 0.0)
    assert prf(2, 4, 2) == (0.5, 1.0, pytest.approx(2 / 3))


def test_csv_gold(tmp_path):
    gold = write(tmp_path / "gold.csv", "test_id,answer\nt1,p1\nt1,p3\nt2,p2\n")
    pred = write(tmp_path / "pred.csv", "test_id,answer\nt1,p3\nt2,p1\nt2,p2\nt2,p9\n")
    result = score(gold, pred)
    # TP 2 (t1 p3, t2 p2) of 4 submitted, 3 gold: P 1/2, R 2/3, F1 4/7
    assert result.scores["f1"] == pytest.approx(100 * 4 / 7, abs=1e-9)
    bad = write(tmp_path / "bad.csv", "test_id,answer\nt1,p1\nt3,p1\n")
    with pytest.raises(InputError, match=r"bad.csv:3: 1 test id\(s\) are not in the gold: t3"):
        score(gold, bad)


def test_objects_and_gzip(tmp_path):
    gold = [case("t1", True, False)]
    assert score(gold, {"t1": ["p1"]}).scores["f1"] == 100.0
    assert score({"t1": ["p1", "p2"]}, [("t1", "p2")]).scores["recall"] == 50.0
    path = tmp_path / "pred.csv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("test_id,answer\nt1,p2\n")
    assert score(gold, path).scores["precision"] == 0.0
    with pytest.raises(InputError, match="pair of strings"):
        score(gold, [("t1",)])


# --- the real data ----------------------------------------------------------------


@pytest.mark.parity
def test_private_test_gold_against_itself_and_empty(parity, tmp_path):
    gold = parity("zalo2019", PRIVATE)
    data = json.loads(gold.read_text(encoding="utf-8"))
    rows = [f"{c['__id__']},{p['id']}" for c in data for p in c["paragraphs"] if p["label"]]
    perfect = write(tmp_path / "perfect.csv", "test_id,answer\n" + "\n".join(rows) + "\n")
    for average in ("micro", "macro"):
        result = score(gold, perfect, average=average)
        assert result.scores == {"f1": 100.0, "precision": 100.0, "recall": 100.0}
        assert result.n == 395
    empty = write(tmp_path / "empty.csv", "test_id,answer\n")
    for average in ("micro", "macro"):
        # every private case has a correct paragraph: P 0 (nothing submitted), R 0, F1 0
        assert score(gold, empty, average=average).scores == {
            "f1": 0.0,
            "precision": 0.0,
            "recall": 0.0,
        }


@pytest.mark.parity
def test_private_test_every_paragraph_submitted(parity, tmp_path):
    gold = parity("zalo2019", PRIVATE)
    data = json.loads(gold.read_text(encoding="utf-8"))
    rows = [f"{c['__id__']},{p['id']}" for c in data for p in c["paragraphs"]]
    pred = write(tmp_path / "all.csv", "test_id,answer\n" + "\n".join(rows))
    positives = sum(p["label"] for c in data for p in c["paragraphs"])
    assert (positives, len(rows)) == (457, 2038)
    result = score(gold, pred)
    # recall 1, precision 457/2038, F1 2P/(P + 1)
    precision = 457 / 2038
    assert result.scores["recall"] == 100.0
    assert result.scores["precision"] == pytest.approx(100 * precision, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(100 * 2 * precision / (precision + 1), abs=1e-9)
    macro = score(gold, pred, average="macro")
    # per case: P = k/n (k correct of n paragraphs), R = 1, F1 = 2k/(k + n)
    cases = [(sum(p["label"] for p in c["paragraphs"]), len(c["paragraphs"])) for c in data]
    assert macro.scores["precision"] == pytest.approx(
        100 * sum(k / n for k, n in cases) / len(cases), abs=1e-9
    )
    assert macro.scores["f1"] == pytest.approx(
        100 * sum(2 * k / (k + n) for k, n in cases) / len(cases), abs=1e-9
    )


@pytest.mark.parity
def test_public_test_json_has_no_labels(parity):
    with pytest.raises(
        InputError,
        match=r"test.json: no paragraph carries a 'label'.*"
        r"the public test.json is unlabelled",
    ):
        score(parity("zalo2019", "test.json"), parity("zalo2019", "sample_submmision.csv"))


@pytest.mark.parity
def test_training_layout_is_refused(parity):
    with pytest.raises(InputError, match="training layout"):
        score(parity("zalo2019", "ZaloQA_val_subset_of_train.json"), [])


@pytest.mark.parity
def test_official_sample_submission(parity, tmp_path):
    # label p1 of test_0001 and of test_0002 (the public test cases the sample names)
    data = json.loads(parity("zalo2019", "test.json").read_text(encoding="utf-8"))[:2]
    for c in data:
        for p in c["paragraphs"]:
            p["label"] = p["id"] == "p1"
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = score(gold, parity("zalo2019", "sample_submmision.csv"))
    # sample (no final newline): 0001 p1 p2, 0002 p1 p3 p4: TP 2 of 5, gold 2:
    # P 2/5, R 1, F1 (4/5)/(7/5) = 4/7
    assert result.scores["precision"] == pytest.approx(40.0, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(100 * 4 / 7, abs=1e-9)
    assert result.items[1]["predicted"] == ["p1", "p3", "p4"]
    with pytest.raises(InputError, match=r"not in the gold: test_0001, test_0002"):
        score(parity("zalo2019", PRIVATE), parity("zalo2019", "sample_submmision.csv"))


# --- input errors -----------------------------------------------------------------


@pytest.fixture
def gold(tmp_path):
    path = tmp_path / "gold.json"
    path.write_text(
        json.dumps([case("t1", True, False, False), case("t2", False, True)]), encoding="utf-8"
    )
    return path


def test_bom_and_crlf_accepted(gold, tmp_path):
    pred = tmp_path / "pred.csv"
    pred.write_bytes("\ufefftest_id,answer\r\nt1,p1\r\n\r\nt2,p2\r\n".encode())
    assert score(gold, pred).scores["f1"] == 100.0


@pytest.mark.parametrize("header", ["id,answer", "test_id,answer,score", "t1,p1", ""])
def test_wrong_header_is_an_error(gold, tmp_path, header):
    pred = write(tmp_path / "pred.csv", header + "\nt1,p1\n")
    with pytest.raises(InputError, match=r"pred.csv:1: expected the header test_id,answer"):
        score(gold, pred)


def test_row_with_wrong_cell_count_or_empty_cell(gold, tmp_path):
    pred = write(tmp_path / "pred.csv", "test_id,answer\nt1,p1\nt2,p2,p3\n")
    with pytest.raises(
        InputError,
        match=r"pred.csv:3: expected 2 cells \(test_id,answer\), "
        r"found 3",
    ):
        score(gold, pred)
    pred = write(tmp_path / "pred.csv", "test_id,answer\nt1,\n")
    with pytest.raises(InputError, match=r"pred.csv:2: empty test_id or answer"):
        score(gold, pred)


def test_unknown_paragraph_is_an_error_with_its_line(gold, tmp_path):
    pred = write(tmp_path / "pred.csv", "test_id,answer\nt1,p1\nt2,p3\n")
    with pytest.raises(
        InputError,
        match=r"pred.csv:3: test case 't2' has no paragraph 'p3' "
        r"\(its paragraphs: p1, p2\)",
    ):
        score(gold, pred)


def test_duplicate_row_warns_and_counts_once(gold, tmp_path):
    pred = write(tmp_path / "pred.csv", "test_id,answer\nt1,p1\nt1,p2\nt1,p1\n")
    with pytest.warns(
        AnswermatchWarning,
        match=r"pred.csv:4: repeated pair t1,p1 "
        r"\(first on line 2\); counted once",
    ):
        result = score(gold, pred)
    # TP 1 of 2 submitted (not 3), gold 2: P 1/2, R 1/2, F1 1/2
    assert result.scores["precision"] == pytest.approx(50.0, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(50.0, abs=1e-9)
    assert len(result.warnings) == 1
    with pytest.raises(InputError, match="--strict"):
        score(gold, pred, strict=True)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d[0]["paragraphs"][1].update(label="True"),
            r"test case #1 \('t1'\), paragraph 'p2': expected \"label\": true or false, "
            r"found label 'True'",
        ),
        (
            lambda d: d[1]["paragraphs"][0].pop("label"),
            r"test case #2 \('t2'\), paragraph 'p1': .*found no 'label'",
        ),
        (lambda d: d[1].update(__id__="t1"), r"test case #2 \('t1'\): duplicate test id"),
        (
            lambda d: d[0]["paragraphs"][1].update(id="p1"),
            r"test case #1 \('t1'\): duplicate paragraph id 'p1'",
        ),
        (lambda d: d[0].pop("paragraphs"), r"test case #1: expected an object with '__id__'"),
    ],
)
def test_bad_gold_json(tmp_path, mutate, message):
    data = [case("t1", True, False), case("t2", False, True)]
    mutate(data)
    path = write(tmp_path / "gold.json", json.dumps(data))
    with pytest.raises(InputError, match=r"gold.json: " + message):
        score(path, [])


def test_bad_average_option(gold):
    with pytest.raises(InputError, match="average must be one of micro, macro"):
        score(gold, [], average="weighted")


# --- properties -------------------------------------------------------------------

labels = st.lists(st.lists(st.booleans(), min_size=1, max_size=5), min_size=1, max_size=5)


@settings(max_examples=200, deadline=None)
@given(gold_labels=labels, data=st.data())
def test_scores_bounded_and_perfect_submission(gold_labels, data):
    gold = [case(f"t{i}", *ls) for i, ls in enumerate(gold_labels)]
    every = [(c["__id__"], p["id"]) for c in gold for p in c["paragraphs"]]
    pred = data.draw(st.lists(st.sampled_from(every), unique=True))
    correct = [(c["__id__"], p["id"]) for c in gold for p in c["paragraphs"] if p["label"]]
    for average in ("micro", "macro"):
        result = score(gold, pred, average=average)
        assert all(0.0 <= v <= 100.0 for v in result.scores.values())
        assert all(0.0 <= i["score"] <= 1.0 for i in result.items)
        assert score(gold, correct, average=average).scores["f1"] == 100.0


# --- CLI --------------------------------------------------------------------------


def test_cli_macro_option(capsys):
    code = main(
        [
            "score",
            "zalo2019",
            "--gold",
            str(EXAMPLES / "test_labelled.json"),
            "--pred",
            str(EXAMPLES / "submission.csv"),
            "--json",
            "-o",
            "average=macro",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"]["f1"] == pytest.approx(50.0, abs=1e-9)  # see test_example_macro
    code = main(
        [
            "score",
            "zalo2019",
            "--gold",
            str(EXAMPLES / "test_labelled.json"),
            "--pred",
            str(EXAMPLES / "submission.csv"),
        ]
    )
    assert code == 0
    assert "57.14" in capsys.readouterr().out  # micro F1 4/7


@pytest.mark.parity
def test_cli_unlabelled_gold_exits_2(parity, capsys):
    code = main(
        [
            "score",
            "zalo2019",
            "--gold",
            str(parity("zalo2019", "test.json")),
            "--pred",
            str(parity("zalo2019", "sample_submmision.csv")),
        ]
    )
    assert code == 2
    assert "no paragraph carries a 'label'" in capsys.readouterr().err


def test_a_csv_gold_says_what_it_cannot_hold(tmp_path, capsys):
    # a CSV of correct pairs has no case without a correct paragraph: a submission
    # answering such a case is refused with the reason, not as swapped files
    gold = tmp_path / "gold.csv"
    gold.write_text("test_id,answer\ntest_0101,p1\ntest_0101,p3\ntest_0102,p2\n")
    pred = tmp_path / "submission.csv"
    pred.write_text("test_id,answer\ntest_0101,p1\ntest_0103,p1\n")
    assert main(["score", "zalo2019", "--gold", str(gold), "--pred", str(pred), "-q"]) == 2
    err = capsys.readouterr().err
    assert "test_0103; the gold is a CSV of correct pairs" in err and "swapped" not in err
