"""The open-qa task: reading, the four profiles, options, services."""

from __future__ import annotations

import json

import pytest

import answermatch
from answermatch.errors import InputError, UnknownMatcherError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold

GOLD = [
    {"id": "q1", "question": "Where is the Eiffel Tower?", "answers": ["Paris"], "lang": "en"},
    {"id": "q2", "question": "日本の首都は?", "answers": ["東京", "東京都"], "lang": "ja"},
    {"id": 3, "question": "Who wrote Hamlet?", "answers": ["William Shakespeare"]},
    {"id": "q4", "question": "How many legs has a spider?", "answers": ["8", "eight"]},
]
PREDICTIONS = {
    "q1": "Paris",
    "q2": "答えは東京都です。",
    "3": "Hamlet was written by William Shakespeare around 1600.",
    "q4": "It has 18 legs.",
}


def write(tmp_path, gold=GOLD, predictions=PREDICTIONS):
    gold_path = tmp_path / "gold.jsonl"
    gold_path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in gold), "utf-8")
    pred_path = tmp_path / "pred.json"
    pred_path.write_text(json.dumps(predictions, ensure_ascii=False), "utf-8")
    return gold_path, pred_path


@pytest.mark.parametrize(
    ("profile", "scores"),
    [
        ("official", [1.0, 0.0, 0.0, 0.0]),
        ("fair", [1.0, 0.0, 0.0, 0.0]),
        ("containment", [1.0, 1.0, 1.0, 0.0]),
        ("lenient", [1.0, 1.0, 1.0, 0.0]),
    ],
)
def test_profiles_judge_each_item(tmp_path, profile, scores):
    gold, pred = write(tmp_path)
    result = answermatch.evaluate("open-qa", gold, pred, profile)
    assert [item["score"] for item in result.items] == scores
    assert result.scores["accuracy"] == pytest.approx(100 * sum(scores) / 4)
    assert result.per_language["en"]["count"] == 1
    assert result.per_language["ja"]["accuracy"] == 100 * scores[1]
    assert f"profile:{profile}" in result.signature


def test_lenient_items_name_their_rule_and_gold():
    result = answermatch.evaluate("open-qa", GOLD, PREDICTIONS, "lenient")
    rules = {item["id"]: (item["rule"], item["matched"]) for item in result.items}
    assert rules["q1"] == ("exact", "Paris")
    assert rules["q2"][1] in GOLD[1]["answers"]
    assert rules["q4"][0] == "no-match"


def test_languages_are_listed_in_code_order_whatever_the_gold_order():
    gold = [
        {"id": "a", "answers": ["x"], "lang": "ja"},
        {"id": "b", "answers": ["y"]},
        {"id": "c", "answers": ["z"], "lang": "de"},
        {"id": "d", "answers": ["w"], "lang": "ar"},
    ]
    result = answermatch.evaluate("open-qa", gold, {"a": "x", "b": "y", "c": "z", "d": "v"})
    assert list(result.per_language) == ["ar", "de", "ja"]
    assert result.per_language["ar"]["accuracy"] == 0.0
    assert result.per_language["ja"]["accuracy"] == 100.0


def test_fair_folds_width_where_official_does_not():
    gold = [{"id": "a", "answers": ["333メートル"], "lang": "ja"}]
    assert answermatch.evaluate("open-qa", gold, {"a": "３３３メートル"}, "fair").scores == {
        "accuracy": 100.0
    }
    assert answermatch.evaluate("open-qa", gold, {"a": "３３３メートル"}).scores == {
        "accuracy": 0.0
    }


def test_option_lang_gives_rows_their_language():
    gold = [{"id": "a", "answers": ["東京"]}]
    result = answermatch.evaluate("open-qa", gold, {"a": "東京都です"}, "containment", lang="ja")
    assert result.items[0]["lang"] == "ja"
    assert result.per_language == {"ja": {"accuracy": 100.0, "count": 1}}
    assert type(result.per_language["ja"]["count"]) is int  # the table prints it as a count


def test_option_matcher_takes_any_named_matcher():
    result = answermatch.evaluate("open-qa", GOLD, PREDICTIONS, matcher="f1")
    assert 0.0 < result.items[2]["score"] < 1.0
    assert "match:f1" in result.signature.split("|")
    with pytest.raises(UnknownMatcherError, match="nope"):
        answermatch.evaluate("open-qa", GOLD, PREDICTIONS, matcher="nope")


def test_missing_and_unknown_predictions_warn_and_count_as_wrong():
    with pytest.warns(answermatch.AnswermatchWarning) as caught:
        result = answermatch.evaluate("open-qa", GOLD, {"q1": "Paris", "zz": "x"}, "lenient")
    messages = " ".join(str(w.message) for w in caught)
    assert "3 of 4 question(s) have no prediction" in messages
    assert "'zz'" in messages
    assert [item["rule"] for item in result.items] == ["exact", *["unanswered"] * 3]
    assert result.scores["accuracy"] == 25.0


def test_empty_prediction_is_judged_not_skipped():
    result = answermatch.evaluate("open-qa", GOLD[:1], {"q1": ""}, "lenient")
    assert result.n == 1 and result.items[0]["score"] == 0.0
    assert result.items[0]["rule"] == "empty"


def test_prediction_rows_and_lists(tmp_path):
    gold, _ = write(tmp_path)
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        "".join(
            json.dumps({"id": k, "prediction": v}, ensure_ascii=False) + "\n"
            for k, v in PREDICTIONS.items()
        ),
        "utf-8",
    )
    from_rows = answermatch.evaluate("open-qa", gold, rows, "lenient")
    from_list = answermatch.evaluate("open-qa", GOLD, list(PREDICTIONS.values()), "lenient")
    assert from_rows.scores == from_list.scores == {"accuracy": 75.0}
    one_row = tmp_path / "one.jsonl"
    one_row.write_text('{"id": "q1", "prediction": "Paris"}\n', "utf-8")
    with pytest.warns(answermatch.AnswermatchWarning, match="3 of 4"):
        assert answermatch.evaluate("open-qa", gold, one_row).items[0]["score"] == 1.0


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ('{"question": "q", "answers": ["a"]}', 'no "id"'),
        ('{"id": "a", "answers": []}', "non-empty list"),
        ('{"id": "a", "answers": ["", " "]}', "no non-empty answer"),
        ('{"id": "a", "answers": ["x", 3]}', "must be a string"),
        ('{"id": "a", "answers": ["x"], "lang": "xx"}', "unknown language"),
        ('{"id": true, "answers": ["x"]}', "string or an integer"),
        ('["a"]', "expected a gold row"),
    ],
)
def test_bad_gold_rows_name_file_and_line(tmp_path, row, message):
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "ok", "answers": ["x"]}\n' + row + "\n", "utf-8")
    with pytest.raises(InputError, match=message) as caught:
        answermatch.evaluate("open-qa", gold, {"ok": "x"})
    assert caught.value.line == 2 and str(gold) in str(caught.value)


def test_swapped_files_are_named_as_such(tmp_path, capsys):
    from answermatch.cli import main

    gold, pred = write(tmp_path)
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"id": "q1", "prediction": "Paris"}\n', "utf-8")
    one_line = tmp_path / "one.json"
    one_line.write_text('{"q1": "Paris", "q2": null}', "utf-8")
    for predictions in (pred, rows, one_line):
        assert main(["score", "open-qa", "--gold", str(predictions), "--pred", str(gold)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"answermatch: error: {predictions}:1: this is a predictions file")
        assert "not a gold file: expected JSON Lines, one question per line" in err
        assert err.endswith("were the gold and the predictions swapped?\n")
        assert "other way round" not in err
    assert main(["score", "open-qa", "--gold", str(gold), "--pred", str(gold)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"answermatch: error: {gold}:1: this is a gold file")
    assert "not predictions: expected {id: text}" in err and "other way round" not in err
    # a gold row without answers is a gold mistake, not a swap
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"id": "q1", "question": "Where?", "lang": "en"}\n', "utf-8")
    with pytest.raises(InputError, match='"answers" must be a non-empty list') as caught:
        answermatch.evaluate("open-qa", broken, pred)
    assert "predictions swapped" not in str(caught.value)


def test_repeated_id_and_bad_predictions(tmp_path):
    with pytest.raises(InputError, match="id '1' again"):
        twice = [{"id": 1, "answers": ["a"]}, {"id": "1", "answers": ["b"]}]
        answermatch.evaluate("open-qa", twice, {})
    with pytest.raises(InputError, match="must be a string or null"):
        answermatch.evaluate("open-qa", GOLD, {"q1": 3})
    with pytest.raises(InputError, match="2 predictions in a list for 4"):
        answermatch.evaluate("open-qa", GOLD, ["a", "b"])


def test_explain_shows_each_gold_and_the_rule(tmp_path):
    gold, pred = write(tmp_path)
    (item,) = [e for e in explain("open-qa", gold, pred, profile="lenient") if e.id == "q2"]
    assert item.verdict == "correct"
    assert [v.matched for v in item.variants] == [True, True]
    assert "答えは東京都です" in item.to_text()


def test_check_gold_finds_answer_problems(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        '{"id": "a", "question": "Q?", "answers": ["Tokyo", "tokyo"]}\n'
        '{"id": "b", "question": "Q?", "answers": ["Kyoto"]}\n',
        "utf-8",
    )
    codes = {f.code for f in check_gold("open-qa", gold)}
    assert {"same-after-normalization", "repeated-question"} <= codes


def test_empty_alias_is_ignored_by_scoring_and_reported_by_check_gold(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        '{"id": "a", "answers": ["Paris"]}\n{"id": "b", "answers": ["Rome", ""]}\n', "utf-8"
    )
    findings = check_gold("open-qa", gold)
    assert [(f.code, f.line, f.severity) for f in findings] == [("empty-variant", 2, "error")]
    for profile in ("official", "containment", "lenient"):
        with pytest.warns(answermatch.AnswermatchWarning, match="1 question.*empty alias.*line 2"):
            result = answermatch.evaluate("open-qa", gold, {"a": "Paris", "b": ""}, profile)
        assert [i["score"] for i in result.items] == [1.0, 0.0]
        assert result.items[1]["gold"] == ["Rome"]
    with pytest.warns(answermatch.AnswermatchWarning):
        found = answermatch.evaluate("open-qa", gold, {"a": "no", "b": "It is Rome."}, "lenient")
    assert [i["score"] for i in found.items] == [0.0, 1.0]


def test_scorer_and_from_answers_agree_with_evaluate():
    whole = answermatch.evaluate("open-qa", GOLD, PREDICTIONS, "lenient")
    scorer = answermatch.scorer("open-qa", "lenient")
    scorer.update(GOLD[:2], PREDICTIONS)
    scorer.update(GOLD[2:], PREDICTIONS)
    assert scorer.compute().scores == whole.scores
    from answermatch.tasks import get_task

    task = get_task("open-qa")
    gold, predictions = task.from_answers(["Paris", "Lyon"], [["Paris"], ["Marseille"]], lang="fr")
    assert answermatch.evaluate("open-qa", gold, predictions).scores == {"accuracy": 50.0}


def test_cli_scores_and_explains(tmp_path, capsys):
    from answermatch.cli import main

    gold, pred = write(tmp_path)
    assert main(["score", "open-qa", "--gold", str(gold), "--pred", str(pred),
                 "--profile", "lenient", "--json"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert out["scores"]["accuracy"] == 75.0
    # two questions name no language: the table's all row counts them too
    assert main(["score", "open-qa", "--gold", str(gold), "--pred", str(pred), "-q"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["en", "100.00", "1"] in rows and ["all", "25.00", "4"] in rows


def test_lm_eval_metric_and_hf_style_lists():
    from answermatch.integrations.lm_eval import Metric

    metric = Metric("open-qa", profiles=("official", "lenient"), scores=("accuracy",))
    docs = [{"question": "Who wrote Hamlet?", "answer": ["William Shakespeare"]},
            {"question": "Largest planet?", "answer": ["Jupiter"]}]  # fmt: skip
    values = [
        metric.process_results(doc, [gen])["lenient_accuracy"]
        for doc, gen in zip(docs, ["Shakespeare wrote it.", "Saturn"], strict=True)
    ]
    assert metric.aggregation("lenient", "accuracy")(values) == 50.0
    assert metric.aggregation("official", "accuracy")(values) == 0.0
