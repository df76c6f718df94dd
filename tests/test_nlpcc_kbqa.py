"""nlpcc-kbqa: parity with the organisers' Eva tool, file layouts, errors, CLI."""

from __future__ import annotations

import gzip
import json
import warnings
from contextlib import contextmanager
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "nlpcc-kbqa"
SEP = "=" * 50


def score(gold, pred, **options):
    return answermatch.evaluate("nlpcc-kbqa", gold, pred, **options)


@contextmanager
def unanswered_ok():
    """Gold questions left out of the predictions warn; some tests do that on purpose."""
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", r".*gold question\(s\) have no prediction", AnswermatchWarning
        )
        yield


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


# ------------------------------------------------------------ parity with Eva


@pytest.mark.parity
@pytest.mark.parametrize("name", ["topK_results", "kbqa_pred_1"])
def test_reproduces_eva(parity, name):
    gold = parity("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt")
    pred = parity("nlpcc2016", "kbqa", f"{name}.txt")
    official = json.loads(
        parity("nlpcc2016", "kbqa", f"{name}.official.json").read_text(encoding="utf-8")
    )
    with unanswered_ok():
        result = score(gold, pred)
    assert result.n == official["n"]
    for key, value in official["scores"].items():
        assert abs(result.scores[key] - value) <= 1e-9, key
        # the figures Eva printed (15 significant digits, fractions)
        assert abs(result.scores[key] / 100 - float(official["printed_by_eva"][key])) <= 1e-14
    assert len(result.items) == official["n"]
    # per-item F1 averages to the official F1
    mean_f1 = sum(item["f1"] for item in result.items) / len(result.items)
    assert abs(100 * mean_f1 - official["scores"]["f1"]) <= 1e-9


@pytest.mark.parity
def test_items_follow_the_prediction_file(parity):
    pred = parity("nlpcc2016", "kbqa", "kbqa_pred_1.txt")
    gold = parity("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt")
    text = pred.read_text(encoding="utf-8")
    ids = [
        int(line.split("=", 1)[1].split(">", 1)[0])
        for line in text.splitlines()
        if line.startswith("<question id=")
    ]
    with unanswered_ok():
        result = score(gold, pred)
    assert [item["id"] for item in result.items] == ids
    # kbqa_pred_1 leaves gold questions out: they are not averaged
    gold_count = gold.read_text(encoding="utf-8").count("<question id=")
    assert len(ids) < gold_count


@pytest.mark.parity
def test_reads_the_2016_release_with_triple_lines(parity):
    release = parity("nlpcc2016", "kbqa", "nlpcc-iccpol-2016.kbqa.testing-data")
    result = score(release, release)
    assert result.n == 9870
    assert result.scores["f1"] == 100.0 and result.scores["mrr"] == 100.0


# ------------------------------------------------------------ the bundled example


def test_example_scores_by_hand():
    # q1 exact; q2 2 candidates, the 2nd right; q3 wrong; q4 2 of 3 right
    # (gold has 3); q5 differs in case only; q6 is not predicted (ignored, with a warning)
    with pytest.warns(
        AnswermatchWarning, match=r"1 of 6 gold question\(s\) have no prediction \(first: id 6\)"
    ):
        result = score(EXAMPLES / "gold.txt", EXAMPLES / "pred.txt")
    assert result.n == 5
    expected = {
        "precision": (1 + 1 / 2 + 0 + 2 / 3 + 0) / 5,
        "recall": (1 + 1 + 0 + 2 / 3 + 0) / 5,
        "f1": (1 + 2 / 3 + 0 + 2 / 3 + 0) / 5,
        "mrr": (1 + 1 / 2 + 0 + 1 + 0) / 5,
        "accuracy@1": 2 / 5,
        "accuracy@3": 3 / 5,
        "accuracy@5": 3 / 5,
        "averaged_f1": (1 + 2 / 3 + 0 + 2 / 3 + 0) / 5,
    }
    assert list(result.scores) == list(expected)
    for key, value in expected.items():
        assert result.scores[key] == pytest.approx(100 * value, abs=1e-9), key
    assert [(i["id"], i["rank"]) for i in result.items] == [
        (1, 1),
        (2, 2),
        (3, None),
        (4, 1),
        (5, None),
    ]
    item2 = result.items[1]
    assert (item2["precision"], item2["recall"], item2["score"]) == pytest.approx((0.5, 1.0, 2 / 3))
    assert "ks:1,3,5" in result.signature


@unanswered_ok()
def test_release_layout_gold_scores_like_the_eva_layout():
    plain = score(EXAMPLES / "gold.txt", EXAMPLES / "pred.txt")
    release = score(EXAMPLES / "gold-2016-release.txt", EXAMPLES / "pred.txt")
    assert release.scores == plain.scores
    assert release.items == plain.items


@unanswered_ok()
def test_gzipped_files(tmp_path):
    gz = tmp_path / "pred.txt.gz"
    gz.write_bytes(gzip.compress((EXAMPLES / "pred.txt").read_bytes()))
    assert (
        score(EXAMPLES / "gold.txt", gz).scores
        == score(EXAMPLES / "gold.txt", EXAMPLES / "pred.txt").scores
    )


# ------------------------------------------------------------ Eva's rules


def test_answers_are_exact_case_sensitive_sets(tmp_path):
    gold = write(tmp_path / "g.txt", f"<question id=1>\tq\n<answer id=1>\tAB\tcd\n{SEP}\n")
    # duplicates count once; 'ab ' and 'ab' differ from 'AB'; empty fields dropped
    pred = write(
        tmp_path / "p.txt", "<question id=1>\tother text\n<answer id=1>\tAB\t\tAB\tab\t cd\n=\n"
    )
    (item,) = score(gold, pred).items
    # pred set {AB, ab, ' cd'}: one of three right, one of two gold found
    assert item["precision"] == pytest.approx(1 / 3)
    assert item["recall"] == pytest.approx(1 / 2)
    assert item["f1"] == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))
    assert item["rank"] == 1


def test_repeated_candidates_take_no_rank_position():
    result = score({1: ["x"]}, {1: ["a", "a", "b", "a", "x"]})
    assert result.items[0]["rank"] == 3  # candidates a, b, x
    assert result.scores["mrr"] == pytest.approx(100 / 3)
    assert result.scores["precision"] == pytest.approx(100 / 3)


def test_empty_gold_set_scores_one_but_zero_in_the_guideline_f1():
    result = score({1: [], 2: ["x"]}, {1: ["y"], 2: []})
    assert [(i["precision"], i["recall"], i["f1"]) for i in result.items] == [
        (1.0, 1.0, 1.0),
        (0.0, 0.0, 0.0),
    ]
    assert result.scores["f1"] == 50.0
    assert result.scores["averaged_f1"] == 0.0
    assert result.scores["mrr"] == 0.0 and result.scores["accuracy@1"] == 0.0


def test_averages_run_over_predicted_questions_only():
    with pytest.warns(AnswermatchWarning, match=r"2 of 3 gold question\(s\) .*first: id 1"):
        result = score({1: ["a"], 2: ["b"], 3: ["c"]}, {"2": "b"})
    assert result.n == 1 and result.scores["f1"] == 100.0


def test_predicted_id_missing_from_gold_is_an_error(tmp_path):
    gold = write(tmp_path / "g.txt", f"<question id=1>\tq\n<answer id=1>\ta\n{SEP}\n")
    pred = write(
        tmp_path / "p.txt",
        "<question id=1>\tq\n<answer id=1>\ta\n===\n<question id=9>\tq\n<answer id=9>\ta\n===\n",
    )
    with pytest.raises(
        InputError,
        match=r"p\.txt:4: 1 predicted question id\(s\) not in the "
        r"gold file .*g\.txt: 9 \(line 4\)",
    ):
        score(gold, pred)


def test_mixed_line_ends_and_separator_lengths(tmp_path):
    text = (
        "<question id=1>\tq\r\n<answer id=1>\ta\tb\n=\r\n"
        "<question id=2>\tq\n<answer id=2>\tc\r\n" + "=" * 80 + "\n\n"
        "<question id=3>\tq\r\n<answer id=3>"
    )  # last block: no separator, no answer
    path = write(tmp_path / "p.txt", text)
    result = score({1: ["a"], 2: ["c\r"], 3: []}, path)
    # 'c\r' is not 'c': the CR is a line end, not part of the answer
    assert [i["f1"] for i in result.items] == pytest.approx([2 / 3, 0.0, 1.0])


# ------------------------------------------------------------ malformed files


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("<answer id=1>\ta\n", 1, "comes before any <question> line"),
        (
            "<question id=1>\tq\n<answer id=2>\ta\n===\n",
            2,
            r"<answer id=2> inside the block of "
            r"question 1 \(expected id=1\)",
        ),
        (
            "<question id=1>\tq\n<answer id=1>\ta\n<question id=2>\tq\n<answer id=2>\tb\n",
            3,
            "missing separator line after question 1",
        ),
        ("<question id=1>\tq\n===\n", 1, "question 1 has no <answer id=1> line"),
        ("<question id=1>\tq\n<answer id=1>\ta\nsome text\n===\n", 3, "unknown line"),
        (
            "<question id=1>\tq\n<answer id=1>\ta\n<triple id=1>\tt\n===\n",
            3,
            "after the answer line of question 1",
        ),
        ("<question id=x1>\tq\n<answer id=x1>\ta\n===\n", 1, "expected a numeric id"),
        ("<question id=1>q\n", 1, r"expected a TAB after <question id=1>"),
        ("===\n<question id=1>\tq\n<answer id=1>\ta\n", 1, "separator line without a question"),
    ],
)
def test_malformed_blocks_name_file_and_line(tmp_path, text, line, message):
    path = write(tmp_path / "bad.txt", text)
    with pytest.raises(InputError, match=message) as exc:
        score(EXAMPLES / "gold.txt", path)
    assert exc.value.path == str(path) and exc.value.line == line


def test_duplicate_ids_name_both_lines(tmp_path):
    path = write(
        tmp_path / "gold.txt",
        f"<question id=4>\tq\n<answer id=4>\ta\n{SEP}\n"
        f"<question id=5>\tq\n<answer id=5>\ta\n{SEP}\n"
        f"<question id=4>\tq\n<answer id=4>\tb\n{SEP}\n",
    )
    with pytest.raises(InputError, match=r"duplicate question id 4 \(lines 1 and 7\)") as exc:
        score(path, {4: ["a"]})
    assert exc.value.line == 7


def test_every_problem_of_a_file_is_listed(tmp_path):
    path = write(
        tmp_path / "bad.txt",
        "<question id=1>\tq\n<answer id=2>\ta\n===\n"
        "<question id=3>\tq\n<answer id=3>\ta\nnoise\n===\n"
        "<answer id=7>\tz\n"
        "<question id=8>\tq\n===\n",
    )
    with pytest.raises(InputError) as exc:
        score(EXAMPLES / "gold.txt", path)
    message = str(exc.value)  # one line: the first problem, then the others with their lines
    assert message.startswith(f"{path}:2: <answer id=2> inside the block of question 1")
    assert "\n" not in message
    # the block of question 1 is reported once
    assert message.endswith(
        " (4 problems in all; also line 6: unknown line: expected <question id=N>, "
        "<triple id=N>, <answer id=N> or a separator of '=', got 'noise'; line 8: <answer id=7> "
        "comes before any <question> line (block out of order); line 9: question 8 has no "
        "<answer id=8> line)"
    )


def test_empty_prediction_file_is_an_error(tmp_path):
    with pytest.raises(InputError, match="no questions in the prediction file"):
        score(EXAMPLES / "gold.txt", write(tmp_path / "p.txt", "\n"))


# ------------------------------------------------------------ encoding


@unanswered_ok()
def test_bom_is_accepted_with_a_warning(tmp_path):
    bom = write(tmp_path / "pred.txt", "\ufeff" + (EXAMPLES / "pred.txt").read_text("utf-8"))
    with pytest.warns(AnswermatchWarning, match=r"pred\.txt:1: byte-order mark"):
        result = score(EXAMPLES / "gold.txt", bom)
    assert result.scores == score(EXAMPLES / "gold.txt", EXAMPLES / "pred.txt").scores
    assert len(result.warnings) == 2  # the BOM and question 6 without a prediction
    with pytest.raises(InputError, match=r"byte-order mark.*--strict"):
        score(EXAMPLES / "gold.txt", bom, strict=True)


@unanswered_ok()
def test_invalid_utf8_is_replaced_with_a_warning(tmp_path):
    path = tmp_path / "pred.txt"
    path.write_bytes(b"<question id=1>\tq\n<answer id=1>\t\xff\xfe\n===\n")
    with pytest.warns(AnswermatchWarning, match=r"pred\.txt:2: invalid UTF-8"):
        result = score(EXAMPLES / "gold.txt", path)
    assert result.items[0]["f1"] == 0.0


# ------------------------------------------------------------ options


@unanswered_ok()
def test_ks_option():
    result = score(EXAMPLES / "gold.txt", EXAMPLES / "pred.txt", ks=[2, 1])
    assert [k for k in result.scores if k.startswith("accuracy@")] == ["accuracy@1", "accuracy@2"]
    assert result.scores["accuracy@2"] == pytest.approx(60.0)
    assert score(EXAMPLES / "gold.txt", EXAMPLES / "pred.txt", ks="1,2").scores == result.scores
    for bad in (0, [1, "x"], [1.5], True):
        with pytest.raises(InputError, match="option ks"):
            score(EXAMPLES / "gold.txt", EXAMPLES / "pred.txt", ks=bad)


def test_loaded_objects_must_map_integer_ids_to_strings():
    with pytest.raises(InputError, match="question ids must be integers"):
        score({"q1": ["a"]}, {"q1": ["a"]})
    with pytest.raises(InputError, match="must be strings"):
        score({1: ["a"]}, {1: [1]})
    with pytest.raises(InputError, match="expected a path or a mapping"):
        score([("1", "a")], {1: ["a"]})


# ------------------------------------------------------------ CLI


@unanswered_ok()
def test_cli_json(capsys):
    code = main(
        [
            "score",
            "nlpcc-kbqa",
            "--gold",
            str(EXAMPLES / "gold.txt"),
            "--pred",
            str(EXAMPLES / "pred.txt"),
            "--json",
            "-o",
            "ks=[1,2]",
        ]
    )
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["task"] == "nlpcc-kbqa" and payload["n"] == 5
    assert payload["scores"]["f1"] == pytest.approx(100 * 7 / 15)
    assert set(payload["scores"]) == {
        "precision",
        "recall",
        "f1",
        "mrr",
        "accuracy@1",
        "accuracy@2",
        "averaged_f1",
    }


@unanswered_ok()
def test_cli_items_and_table(tmp_path, capsys):
    items = tmp_path / "items.jsonl"
    code = main(
        [
            "score",
            "nlpcc-kbqa",
            "--gold",
            str(EXAMPLES / "gold.txt"),
            "--pred",
            str(EXAMPLES / "pred.txt"),
            "--items",
            str(items),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "nlpcc-kbqa (official), n=5" in out and "f1" in out
    rows = [json.loads(line) for line in items.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == [1, 2, 3, 4, 5]
    assert rows[3]["recall"] == pytest.approx(2 / 3)


def test_cli_bad_file_exits_2_with_location(tmp_path, capsys):
    bad = write(tmp_path / "bad.txt", "<question id=1>\tq\n<answer id=2>\ta\n===\n")
    code = main(["score", "nlpcc-kbqa", "--gold", str(EXAMPLES / "gold.txt"), "--pred", str(bad)])
    assert code == 2
    assert f"{bad}:2: <answer id=2>" in capsys.readouterr().err


def test_cli_bad_option_exits_2(capsys):
    code = main(
        [
            "score",
            "nlpcc-kbqa",
            "--gold",
            str(EXAMPLES / "gold.txt"),
            "--pred",
            str(EXAMPLES / "pred.txt"),
            "-o",
            "ks=-1",
        ]
    )
    assert code == 2
    assert "option ks" in capsys.readouterr().err


def test_check_gold_flags_spreadsheet_numbers_and_a_question_asked_twice(tmp_path):
    from answermatch.goldcheck import check_gold

    path = write(
        tmp_path / "gold.txt",
        "<question id=1>\t这本书的ISBN是多少？\n<answer id=1>\t9.7873E+12\n==================\n"
        "<question id=2>\t资产有多少？\n<answer id=2>\t30亿元\n==================\n"
        "<question id=3>\t资产有多少？\n<answer id=3>\t19亿元\n==================\n"
        "<question id=4>\t资产有多少？\n<answer id=4>\t30亿元\n==================\n",
    )
    found = [(f.code, f.line) for f in check_gold("nlpcc-kbqa", path)]
    assert found == [("scientific-notation", 2), ("repeated-question", 8)]
