"""nlpcc-dbqa: guideline MRR/MAP, options, input errors, streaming, CLI, ranx cross-check."""

from __future__ import annotations

import gzip
import json
import random
import warnings
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "nlpcc-dbqa"
GOLD, PRED = EXAMPLES / "gold.txt", EXAMPLES / "pred.txt"


def score(gold, pred, **options):
    return answermatch.evaluate("nlpcc-dbqa", gold, pred, **options)


def write_pair(directory: Path, rows, scores, newline: str = "\n") -> tuple[Path, Path]:
    gold, pred = directory / "test.txt", directory / "scores.txt"
    gold.write_bytes("".join(f"{q}\t{s}\t{lab}{newline}" for q, s, lab in rows).encode())
    pred.write_bytes("".join(f"{x}{newline}" for x in scores).encode())
    return gold, pred


# ------------------------------------------------------------ the bundled example
# q1: scores 0.2 (0), 0.7 (1), 0.9 (0) -> ranked 0 1 0: RR 1/2, AP 1/2
# q2: scores 0.8 (1), 0.5 (0), 0.5 (1), 0.1 (0) -> input order 1 0 1 0: RR 1,
#     AP (1 + 2/3) / 2 = 5/6; optimistic 1 1 0 0: AP 1
# q3: no correct sentence -> 0, 0


def test_example_by_hand():
    result = score(GOLD, PRED)
    assert result.n == 3
    assert list(result.scores) == ["mrr", "map"]
    assert result.scores["mrr"] == pytest.approx(100 * (1 / 2 + 1 + 0) / 3, abs=1e-12)
    assert result.scores["map"] == pytest.approx(100 * (1 / 2 + 5 / 6 + 0) / 3, abs=1e-12)
    first = result.items[0]
    assert first == {
        "id": 1,
        "question": "《红楼梦》的作者是谁？",
        "line": 1,
        "score": 0.5,
        "ap": 0.5,
        "rank": 2,
        "n_sentences": 3,
        "n_correct": 1,
    }
    assert [(i["id"], i["line"], i["rank"], i["n_correct"]) for i in result.items] == [
        (1, 1, 2, 1),
        (2, 4, 1, 2),
        (3, 8, None, 0),
    ]
    assert "grouping:consecutive|ties:input|no_positive:zero" in result.signature


def test_tie_policies_on_the_example():
    pessimistic = score(GOLD, PRED, ties="pessimistic")
    optimistic = score(GOLD, PRED, ties="optimistic")
    assert pessimistic.scores == score(GOLD, PRED).scores  # the 0.5 tie is already 0 before 1
    assert optimistic.scores["map"] == pytest.approx(100 * (1 / 2 + 1 + 0) / 3, abs=1e-12)
    assert optimistic.scores["mrr"] == pytest.approx(100 * (1 / 2 + 1 + 0) / 3, abs=1e-12)
    assert "ties:optimistic" in optimistic.signature


def test_skip_no_positive_leaves_the_question_out():
    result = score(GOLD, PRED, skip_no_positive=True)
    assert result.n == 2
    assert result.scores["mrr"] == pytest.approx(100 * (1 / 2 + 1) / 2, abs=1e-12)
    assert result.scores["map"] == pytest.approx(100 * (1 / 2 + 5 / 6) / 2, abs=1e-12)
    assert [i["id"] for i in result.items] == [1, 2]


def test_skip_no_positive_with_nothing_left_is_an_error():
    with pytest.raises(InputError, match="no question has a correct sentence"):
        score([("q", "s", 0)], [1.0], skip_no_positive=True)


def test_pessimistic_puts_incorrect_first_among_ties():
    rows = [("q", "a", 1), ("q", "b", 0), ("q", "c", 0)]
    scores = [0.5, 0.5, 0.5]
    assert score(rows, scores).items[0]["rank"] == 1
    assert score(rows, scores, ties="pessimistic").items[0]["rank"] == 3
    assert score(rows, scores, ties="optimistic").items[0]["rank"] == 1
    assert score(rows, scores, ties="pessimistic").scores["map"] == pytest.approx(100 / 3)


def test_tie_policies_bracket_input_order_on_random_data():
    rng = random.Random(3)
    rows, scores = [], []
    for q in range(200):
        for s in range(rng.randint(1, 12)):
            rows.append((f"q{q}", f"s{s}", int(rng.random() < 0.3)))
            scores.append(rng.choice([0.0, 0.5, 1.0]))  # many ties
    low, mid, high = (score(rows, scores, ties=t) for t in ("pessimistic", "input", "optimistic"))
    for key in ("mrr", "map"):
        assert low.scores[key] <= mid.scores[key] <= high.scores[key]
    assert low.scores["map"] < high.scores["map"]


# ------------------------------------------------------------ grouping


def test_grouping_consecutive_versus_text(tmp_path):
    rows = [("A", "a1", 0), ("A", "a2", 1), ("B", "b1", 1), ("A", "a3", 1)]
    gold, pred = write_pair(tmp_path, rows, [0.9, 0.1, 0.5, 0.8])
    with pytest.warns(
        AnswermatchWarning,
        match=r"test\.txt:4: 1 question\(s\) repeat the text "
        r"of an earlier, separate group",
    ):
        consecutive = score(gold, pred)
    # A(lines 1-2): 0 1 -> RR 1/2, AP 1/2; B: 1; A(line 4): 1
    assert consecutive.n == 3
    assert consecutive.scores["mrr"] == pytest.approx(100 * (0.5 + 1 + 1) / 3)
    by_text = score(gold, pred, grouping="text")
    # A: 0.9 (0), 0.8 (1), 0.1 (1) -> 0 1 1: RR 1/2, AP (1/2 + 2/3) / 2; B: 1
    assert by_text.n == 2
    assert [(i["question"], i["n_sentences"]) for i in by_text.items] == [("A", 3), ("B", 1)]
    assert by_text.scores["mrr"] == pytest.approx(100 * (0.5 + 1) / 2)
    assert by_text.scores["map"] == pytest.approx(100 * ((0.5 + 2 / 3) / 2 + 1) / 2)
    assert not by_text.warnings


def test_consecutive_grouping_streams_one_question_at_a_time():
    consumed = 0

    def gold():
        nonlocal consumed
        for i in range(10**9):  # far too many to hold: only streaming can reach line 5
            consumed += 1
            yield (f"q{i // 2}", "s", "x" if i == 4 else 0)

    with pytest.raises(InputError, match=r"<object>:5: expected the label 0 or 1, got 'x'"):
        score(gold(), (0.5 for _ in range(10**9)))
    assert consumed == 5


# ------------------------------------------------------------ input errors


def test_line_count_mismatch_names_both_counts(tmp_path):
    gold, _ = write_pair(tmp_path, [("q", "a", 1), ("q", "b", 0), ("q", "c", 0)], [])
    short = tmp_path / "short.txt"
    short.write_text("0.1\n0.2\n", encoding="utf-8")
    with pytest.raises(
        InputError,
        match=r"short\.txt: the score file has 2 lines but the test "
        r"file .*test\.txt has 3",
    ):
        score(gold, short)
    long = tmp_path / "long.txt"
    long.write_text("0.1\n0.2\n0.3\n0.4\n0.5\n", encoding="utf-8")
    with pytest.raises(
        InputError,
        match=r"long\.txt:4: the score file has 5 lines but the test "
        r"file .*test\.txt has 3",
    ):
        score(gold, long)


@pytest.mark.parametrize("bad", ["nan", "inf", "-Infinity", "abc", "", "0.5 0.2", "0,5"])
def test_bad_scores_name_file_and_line(tmp_path, bad):
    gold, pred = write_pair(tmp_path, [("q", "a", 1), ("q", "b", 0)], ["0.3", bad])
    with pytest.raises(InputError, match=r"scores\.txt:2: expected a finite number") as exc:
        score(gold, pred)
    assert exc.value.line == 2


@pytest.mark.parametrize("bad", ["2", "O", "yes", "", "1.0"])
def test_bad_labels_name_file_and_line(tmp_path, bad):
    gold, pred = write_pair(tmp_path, [("q", "a", 1), ("q", "b", bad)], [0.3, 0.2])
    with pytest.raises(InputError, match=r"test\.txt:2: expected the label 0 or 1") as exc:
        score(gold, pred)
    assert ("lenient_labels=True" in str(exc.value)) == (bad == "O")


def test_lenient_labels_read_the_letter_o_as_zero(tmp_path):
    rows = [("q", "a", "O"), ("q", "b", 1), ("r", "c", "o"), ("r", "d", 1)]
    gold, pred = write_pair(tmp_path, rows, [0.9, 0.1, 0.9, 0.1])
    with pytest.warns(
        AnswermatchWarning,
        match=r"test\.txt:1: the letter O read as label 0 on "
        r"2 line\(s\)",
    ):
        result = score(gold, pred, lenient_labels=True)
    assert result.scores["mrr"] == 50.0
    with pytest.raises(InputError, match=r"letter O.*--strict"):
        score(gold, pred, lenient_labels=True, strict=True)
    gold2, pred2 = write_pair(tmp_path, [("q", "a", "2")], [0.1])
    with pytest.raises(InputError, match="expected the label 0 or 1, got '2'"):
        score(gold2, pred2, lenient_labels=True)


@pytest.mark.parametrize("line", ["q\ts", "q\ts\t1\textra", "q s 1"])
def test_wrong_column_count(tmp_path, line):
    gold = tmp_path / "test.txt"
    gold.write_text(f"q\tok\t1\n{line}\n", encoding="utf-8")
    pred = tmp_path / "scores.txt"
    pred.write_text("1\n2\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"test\.txt:2: expected 3 TAB-separated columns"):
        score(gold, pred)


def test_empty_test_file(tmp_path):
    gold, pred = write_pair(tmp_path, [], [])
    with pytest.raises(InputError, match="the test file has no lines"):
        score(gold, pred)


def test_invalid_utf8_names_the_line(tmp_path):
    gold = tmp_path / "test.txt"
    gold.write_bytes(b"q\ta\t1\nq\tb\xff\t0\n")
    pred = tmp_path / "scores.txt"
    pred.write_text("1\n2\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"test\.txt:2: invalid UTF-8 \(byte 0xff\)"):
        score(gold, pred)


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        score(tmp_path / "nope.txt", PRED)


def test_unknown_option_values():
    with pytest.raises(InputError, match="option ties: expected one of input, pessimistic"):
        score(GOLD, PRED, ties="random")
    with pytest.raises(InputError, match="option grouping"):
        score(GOLD, PRED, grouping="question")
    with pytest.raises(InputError, match="option skip_no_positive: expected true or false"):
        score(GOLD, PRED, skip_no_positive="yes")


# ------------------------------------------------------------ encodings and layouts


def test_crlf_gzip_and_bom_give_the_same_scores(tmp_path):
    expected = score(GOLD, PRED).scores
    crlf_gold = tmp_path / "crlf.txt"
    crlf_gold.write_bytes(GOLD.read_bytes().replace(b"\n", b"\r\n"))
    gz_pred = tmp_path / "pred.txt.gz"
    gz_pred.write_bytes(gzip.compress(PRED.read_bytes().replace(b"\n", b"\r\n")))
    assert score(crlf_gold, gz_pred).scores == expected
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + PRED.read_bytes())
    with pytest.warns(AnswermatchWarning, match=r"bom\.txt:1: byte-order mark"):
        assert score(GOLD, bom).scores == expected


def test_loaded_objects():
    rows = [line.split("\t") for line in GOLD.read_text(encoding="utf-8").splitlines()]
    scores = [float(x) for x in PRED.read_text(encoding="utf-8").split()]
    assert score(rows, scores).scores == score(GOLD, PRED).scores
    with pytest.raises(InputError, match=r"<object>:1: expected a \(question, sentence, label\)"):
        score(["q\ts\t1"], [1.0])
    with pytest.raises(InputError, match=r"<object>:1: expected a finite number"):
        score([("q", "s", 1)], [True])


# ------------------------------------------------------------ cross-check with ranx


@pytest.mark.slow
def test_matches_ranx_on_random_files_without_ties(tmp_path):
    ranx = pytest.importorskip("ranx")
    rng = random.Random(11)
    rows, scores, qrels, run = [], [], {}, {}
    for q in range(300):
        n = rng.randint(1, 25)
        labels = [int(rng.random() < 0.2) for _ in range(n)]
        labels[rng.randrange(n)] = 1  # ranx needs a relevant document per query
        values = rng.sample(range(10**6), n)  # distinct: no ties
        qrels[f"q{q}"] = {f"s{i}": 1 for i in range(n) if labels[i]}
        run[f"q{q}"] = {f"s{i}": float(values[i]) for i in range(n)}
        rows += [(f"问题{q}", f"s{i}", labels[i]) for i in range(n)]
        scores += [v / 7 for v in values]
    gold, pred = write_pair(tmp_path, rows, scores)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's type-safety chatter
        expected = ranx.evaluate(ranx.Qrels(qrels), ranx.Run(run), ["mrr", "map"])
    result = score(gold, pred)
    assert result.n == 300
    assert result.scores["mrr"] == pytest.approx(100 * float(expected["mrr"]), abs=1e-9)
    assert result.scores["map"] == pytest.approx(100 * float(expected["map"]), abs=1e-9)


# ------------------------------------------------------------ CLI


def test_cli_json_with_options(capsys):
    code = main(
        [
            "score",
            "nlpcc-dbqa",
            "--gold",
            str(GOLD),
            "--pred",
            str(PRED),
            "--json",
            "-o",
            "skip-no-positive=true",
            "-o",
            "ties=optimistic",
        ]
    )
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["n"] == 2
    assert payload["scores"]["map"] == pytest.approx(100 * (1 / 2 + 1) / 2)
    assert "ties:optimistic" in payload["signature"]


def test_cli_items(tmp_path, capsys):
    items = tmp_path / "items.jsonl"
    assert (
        main(
            ["score", "nlpcc-dbqa", "--gold", str(GOLD), "--pred", str(PRED), "--items", str(items)]
        )
        == 0
    )
    assert "nlpcc-dbqa (official), n=3" in capsys.readouterr().out
    rows = [json.loads(line) for line in items.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["question"], r["ap"]) for r in rows] == [
        (1, "《红楼梦》的作者是谁？", 0.5),
        (2, "长江有多长？", pytest.approx(5 / 6)),
        (3, "鲁迅的原名是什么？", 0.0),
    ]


def test_cli_mismatch_exits_2(tmp_path, capsys):
    short = tmp_path / "short.txt"
    short.write_text("0.5\n", encoding="utf-8")
    assert main(["score", "nlpcc-dbqa", "--gold", str(GOLD), "--pred", str(short)]) == 2
    assert "the score file has 1 line but the test file" in capsys.readouterr().err


def test_cli_bad_option_value_exits_2(capsys):
    assert (
        main(
            [
                "score",
                "nlpcc-dbqa",
                "--gold",
                str(GOLD),
                "--pred",
                str(PRED),
                "-o",
                "grouping=random",
            ]
        )
        == 2
    )
    assert "option grouping" in capsys.readouterr().err
