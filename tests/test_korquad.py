"""korquad: KorQuAD 1.0's evaluate-v1.0.py, worked by hand from its rules.

KorQuAD's licence allows no copies of its data, so there is no shared
fixture: the expected values below are computed by hand from the script's
rules (twelve marks to spaces, lower case, ASCII punctuation deleted,
whitespace collapsed; EM on the normalized strings; F1 on the multiset of
characters without spaces), on the hand-written files of examples/korquad.
"""

from __future__ import annotations

import json
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from answermatch import evaluate
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.goldcheck import check_gold
from answermatch.tasks import get_task
from answermatch.tasks.korquad import OFFICIAL, normalize_answer

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "korquad"
TASK = get_task("korquad")


def quiet(gold: Any, preds: Any, profile: Any = "official", **options: Any):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return TASK.evaluate(gold, preds, profile, **options)


def row(qid: str, *answers: str, context: str = "") -> dict[str, Any]:
    starts = [max(context.find(a), 0) for a in answers]
    return {
        "id": qid,
        "context": context,
        "answers": {"text": list(answers), "answer_start": starts},
    }


def f1(common: int, predicted: int, gold: int) -> float:
    p, r = Fraction(common, predicted), Fraction(common, gold)
    return float(2 * p * r / (p + r))


def test_the_example_through_the_cli(capsys, tmp_path: Path) -> None:
    items_path = tmp_path / "items.jsonl"
    code = main(
        [
            "score",
            "korquad",
            "-q",
            "--json",
            "--gold",
            str(EXAMPLE / "dev_sample.json"),
            "--pred",
            str(EXAMPLE / "predictions.json"),
            "--items",
            str(items_path),
        ]
    )
    assert code == 0
    scores = json.loads(capsys.readouterr().out)["scores"]
    assert scores["exact_match"] == pytest.approx(100 * 2 / 7, abs=1e-9)
    assert scores["f1"] == pytest.approx(100 * 181 / 231, abs=1e-9)
    items = {i["id"]: i for i in map(json.loads, items_path.read_text("utf-8").splitlines())}
    expected = {
        "6548850-0-0": (1, 1.0),
        "6548850-0-1": (0, f1(5, 6, 5)),  # 1443년에 / 1443년
        "6548850-0-2": (1, 1.0),  # 《 》 become spaces
        "6548851-0-0": (0, 1.0),  # 서울 특별시: the space counts for EM only
        "6548851-0-1": (0, f1(5, 5, 6)),  # 940만명 / 약 940만 명
        "6548851-0-2": (0, 0.0),  # no prediction
        "6548851-0-3": (0, f1(2, 4, 2)),  # curly double quotes stay
    }
    assert list(items) == list(expected)
    for qid, (em, value) in expected.items():
        assert items[qid]["em"] == em, qid
        assert items[qid]["f1"] == pytest.approx(value, abs=1e-12), qid


def test_the_fair_profile_on_the_example() -> None:
    result = quiet(EXAMPLE / "dev_sample.json", EXAMPLE / "predictions.json", "fair")
    assert result.scores["exact_match"] == pytest.approx(100 * 3 / 7)
    assert result.scores["f1"] == pytest.approx(100 * (4.8 + 6 / 7) / 7)
    assert "profile:fair" in result.signature


def test_normalization_rules() -> None:
    # the twelve marks become spaces (so they separate words)
    assert normalize_answer("〈토지〉(1969)") == "토지 1969"
    assert normalize_answer("a'b\"c<d>e‘f’g") == "a b c d e f g"
    # ASCII punctuation is deleted (joins words), then whitespace collapses
    assert normalize_answer("1,000.5-km!") == "10005km"
    assert normalize_answer("  A \t B\u3000C ") == "a b c"
    # other Unicode punctuation stays
    assert normalize_answer("“서울”…。、「」") == "“서울”…。、「」"


def test_f1_counts_characters_as_a_multiset() -> None:
    gold = [row("q", "가나나다")]
    # prediction 나나나: 2 common (나 twice) of 3 and 4
    assert quiet(gold, {"q": "나나나"}).items[0]["f1"] == pytest.approx(f1(2, 3, 4))
    # order does not matter, spaces do not count
    assert quiet(gold, {"q": "다 나나가"}).items[0]["f1"] == 1.0
    assert quiet(gold, {"q": "다 나나가"}).items[0]["em"] == 0
    # nothing in common, or an empty prediction: 0
    assert quiet(gold, {"q": "라"}).items[0]["f1"] == 0.0
    assert quiet(gold, {"q": ""}).items[0]["f1"] == 0.0


def test_best_answer_for_each_figure() -> None:
    gold = [row("q", "서울특별시", "서울")]
    item = quiet(gold, {"q": "서울"}).items[0]
    assert (item["em"], item["f1"]) == (1, 1.0)
    item = quiet(gold, {"q": "서울시"}).items[0]
    # 서울시 vs 서울특별시: 3 common of 3 and 5 -> 0.75; vs 서울: 2 of 3 and 2 -> 0.8
    assert item["f1"] == pytest.approx(0.8)


def test_missing_and_extra_predictions() -> None:
    gold = [row("a", "하나"), row("b", "둘")]
    with pytest.warns(AnswermatchWarning) as caught:
        result = evaluate("korquad", gold, {"a": "하나", "z": "?"})
    text = " ".join(str(w.message) for w in caught)
    assert "1 of 2 question(s) have no prediction" in text and "not in the gold" in text
    assert result.scores == {"exact_match": 50.0, "f1": 50.0}


def test_version_check_and_layouts(tmp_path: Path) -> None:
    data = json.loads((EXAMPLE / "dev_sample.json").read_text("utf-8"))
    preds = json.loads((EXAMPLE / "predictions.json").read_text("utf-8"))
    base = quiet(data, preds).scores
    other = dict(data, version="KorQuAD_v2.0_dev")
    with pytest.warns(AnswermatchWarning) as caught:
        assert evaluate("korquad", other, preds).scores == base
    assert any("expects KorQuAD_v1.0" in str(w.message) for w in caught)
    with pytest.raises(InputError, match="no 'version'"):
        quiet({"data": data["data"]}, preds)
    # the same questions as datasets rows, in a list and in a JSON Lines file
    rows = [
        {"id": qa["id"], "context": p["context"], "question": qa["question"],
         "answers": {"text": [a["text"] for a in qa["answers"]],
                     "answer_start": [a["answer_start"] for a in qa["answers"]]}}
        for art in data["data"] for p in art["paragraphs"] for qa in p["qas"]
    ]  # fmt: skip
    assert quiet(rows, preds).scores == base
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    assert quiet(path, preds).scores == base
    records = [{"id": k, "prediction_text": v} for k, v in preds.items()]
    assert quiet(rows, records).scores == base


@pytest.mark.parametrize(
    ("gold", "preds", "message"),
    [
        ([row("q", "x")], {"q": None}, "not a string"),
        ([row("q")], {"q": "x"}, "has no answer"),
        ([{"id": "q", "answers": {"text": [5], "answer_start": [0]}}], {}, "not a string"),
        ([{"id": "q", "answers": "x"}], {}, "expected 'answers'"),
        ([{"answers": []}], {}, "with 'id'"),
        (5, {}, "expected the KorQuAD layout"),
        ([row("q", "x")], ["x"], "record #1"),
    ],
)
def test_what_the_script_fails_on_is_an_input_error(gold: Any, preds: Any, message: str) -> None:
    with pytest.raises(InputError, match=message):
        quiet(gold, preds)


def test_a_bad_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "gold.json"
    path.write_text('{"version": "KorQuAD_v1.0_dev", "data": [', encoding="utf-8")
    with pytest.raises(InputError, match=r"gold.json:1: not valid JSON"):
        quiet(path, {})


def test_gold_checks(tmp_path: Path) -> None:
    context = "서울은 수도이다"
    data = {"version": "KorQuAD_v1.0_dev", "data": [{"title": "t", "paragraphs": [
        {"context": context, "qas": [
            {"id": "a", "question": "?", "answers": [{"text": "수도", "answer_start": 0}]},
            {"id": "b", "question": "?", "answers": [{"text": "()", "answer_start": 0}]},
            {"id": "a", "question": "?", "answers": [{"text": "서울", "answer_start": 0}]},
            {"id": "c", "question": "?", "answers": []},
        ]}]}]}  # fmt: skip
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    found = {(f.code, f.message.split(":")[0]) for f in check_gold("korquad", path)}
    assert ("answer-start", "a") in found  # 수도 is at 4, not 0
    assert ("normalizes-empty", "b") in found
    assert ("duplicate-id", "a") in found
    assert ("no-answer", "c") in found
    lines = {f.code: f.line for f in check_gold("korquad", path)}
    assert (
        lines["no-answer"]
        == path.read_text("utf-8")
        .splitlines()
        .index(next(line for line in path.read_text("utf-8").splitlines() if '"c"' in line))
        + 1
    )
    assert not [f for f in check_gold("korquad", EXAMPLE / "dev_sample.json")]


def test_explain_shows_the_characters_and_gives_the_items_figures() -> None:
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        inputs = TASK.read(EXAMPLE / "dev_sample.json", EXAMPLE / "predictions.json", diag)
        explanations = list(TASK.explain(inputs, "official", diag))
    items = quiet(EXAMPLE / "dev_sample.json", EXAMPLE / "predictions.json").items
    assert [e.scores["f1"] for e in explanations] == [i["f1"] for i in items]
    assert [e.scores["em"] for e in explanations] == [i["em"] for i in items]
    second = explanations[1]
    assert second.prediction.tokens == tuple("1443년에")
    assert second.variants[0].details["common_characters"] == 5
    assert explanations[5].verdict == "unanswered"


def test_profiles() -> None:
    assert list(TASK.profiles) == ["official", "fair"]
    assert TASK.settings("official") is OFFICIAL
    gold = [row("q", "1,000명")]
    assert quiet(gold, {"q": "１０００명"}).items[0]["em"] == 0
    assert quiet(gold, {"q": "１０００명"}, "fair").items[0]["em"] == 1


def test_a_repeated_prediction_id_keeps_the_last_value(tmp_path: Path) -> None:
    path = tmp_path / "pred.json"
    path.write_text('{"a": "셋", "a": "하나"}', "utf-8")
    with pytest.warns(AnswermatchWarning, match="duplicate key 'a'"):
        result = evaluate("korquad", [row("a", "하나")], path)
    assert result.scores["exact_match"] == 100.0


@pytest.mark.parametrize(
    ("preds", "message"),
    [
        # the script stops at the first question it fails on, in gold order
        ({"a": "x", "b": None, "c": "y"}, "has no answer"),
        ({"b": None, "c": "y"}, "not a string"),
        ({"a": "x", "c": 5}, "has no answer"),
        ({"b": "x", "c": ["y"], "zz": None}, "not a string"),
    ],
)
def test_the_first_failure_in_gold_order_is_the_error(preds: Any, message: str) -> None:
    gold = [row("b", "x"), row("a"), row("c", "y")]  # "a" has no answer
    gold[0], gold[1] = gold[1], gold[0]  # a, b, c
    if "a" not in preds:
        gold = [g for g in gold if g["id"] != "a"]
    with pytest.raises(InputError, match=message):
        quiet(gold, preds)


def test_a_non_string_prediction_for_no_gold_question_is_ignored() -> None:
    result = quiet([row("q", "서울")], {"q": "서울", "other": None})
    assert result.scores == {"exact_match": 100.0, "f1": 100.0}


@pytest.mark.parametrize("marked", ["gold", "predictions"])
def test_a_byte_order_mark_fails_as_in_the_script(tmp_path: Path, marked: str) -> None:
    # evaluate-v1.0.py: json.load(open(path)) of text starting with U+FEFF raises
    # "Unexpected UTF-8 BOM"; every profile reads the files the same way
    files = {"gold": EXAMPLE / "dev_sample.json", "predictions": EXAMPLE / "predictions.json"}
    bom = tmp_path / f"{marked}.json"
    bom.write_bytes(b"\xef\xbb\xbf" + files[marked].read_bytes())
    files[marked] = bom
    for profile in ("official", "fair"):
        with pytest.raises(InputError, match=rf"{marked}\.json:1: .*byte order mark"):
            quiet(str(files["gold"]), str(files["predictions"]), profile)
