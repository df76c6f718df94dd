"""SQuAD v1.1 (``squad``) and v2.0 (``squad-v2``): parity with the official
scripts on the shared fixtures through the CLI, and the scripts' rules on
small cases written from their source (evaluate-v1.1.py, evaluate-v2.0.py)."""

from __future__ import annotations

import json
import warnings

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError, UnknownLanguageError

TOL = 1e-9


def cli_json(capsys, *args: str) -> dict:
    capsys.readouterr()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        assert main(["score", *args, "--json", "-q"]) == 0
    return json.loads(capsys.readouterr().out)


def read_items(path) -> dict[str, dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {row["id"]: row for row in rows}


def quiet(task, gold, pred, profile="official", **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return answermatch.evaluate(task, gold, pred, profile, **options)


# --- parity --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_v1_parity_through_the_cli(parity, capsys, tmp_path, seed):
    gold = parity("squad", "dev-v1.1.from-v2-answerable.json")
    pred = parity("squad", f"pred_v1_seed{seed}.json")
    official = json.loads(parity("squad", f"pred_v1_seed{seed}.official.json").read_text())
    items_path = tmp_path / "items.jsonl"
    out = cli_json(
        capsys, "squad", "--gold", str(gold), "--pred", str(pred), "--items", str(items_path)
    )
    assert set(out["scores"]) == set(official["printed"])
    for key, value in official["printed"].items():
        assert abs(out["scores"][key] - value) <= TOL, key
    items = read_items(items_path)
    assert list(items) == list(official["per_item"])
    for qid, expected in official["per_item"].items():
        assert items[qid]["em"] == expected["em"]
        assert abs(items[qid]["f1"] - expected["f1"]) <= TOL
        assert items[qid]["answered"] is not expected.get("missing", False)
    assert out["n"] == len(official["per_item"])


RUNS = {
    "with_na_prob": ["-o", "na_prob={na}"],
    "with_na_prob_thresh_0.5": ["-o", "na_prob={na}", "-o", "na_prob_thresh=0.5"],
    "with_na_prob_pr_curves": ["-o", "na_prob={na}", "-o", "pr_curves=true"],
    "no_na_prob": [],
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("run", list(RUNS))
def test_v2_parity_through_the_cli(parity, capsys, tmp_path, seed, run):
    gold = parity("squad", "dev-v2.0.cs224n-subset.json")
    pred = parity("squad", f"pred_v2_seed{seed}.json")
    na = parity("squad", f"pred_v2_seed{seed}.na_prob.json")
    official = json.loads(parity("squad", f"pred_v2_seed{seed}.official.json").read_text())
    printed = official["runs"][run]["printed"]
    options = [o.format(na=na) for o in RUNS[run]]
    items_path = tmp_path / "items.jsonl"
    out = cli_json(
        capsys,
        "squad-v2",
        "--gold",
        str(gold),
        "--pred",
        str(pred),
        "--items",
        str(items_path),
        *options,
    )
    assert list(out["scores"]) == list(printed)  # the same keys, in the script's order
    for key, value in printed.items():
        assert abs(out["scores"][key] - value) <= TOL, key
    items = read_items(items_path)
    raw = official["per_item_raw"]
    assert list(items) == list(raw)
    for qid, expected in raw.items():
        assert items[qid]["exact"] == expected["exact"]
        assert abs(items[qid]["f1"] - expected["f1"]) <= TOL


# --- v1.1 rules ------------------------------------------------------------------------


def rows(*answers, ids=None):
    ids = ids or [f"q{k}" for k in range(1, len(answers) + 1)]
    return [
        {"id": i, "answers": {"text": list(a), "answer_start": [0] * len(a)}}
        for i, a in zip(ids, answers, strict=True)
    ]


def test_v1_normalization_is_ascii_only_and_english_articles():
    gold = rows(["The «Beatles»"], ["Ｔｏｋｙｏ"], ["an apple"])
    r = quiet("squad", gold, {"q1": "beatles", "q2": "Tokyo", "q3": "Apple!"})
    em = [i["em"] for i in r.items]
    assert em == [0.0, 0.0, 1.0]  # « » and full-width letters stay
    assert r.items[0]["f1"] == 0.0


def test_v1_f1_of_two_empty_answers_is_0_and_em_1():
    r = quiet("squad", rows(["the"]), {"q1": "a"})
    assert (r.items[0]["em"], r.items[0]["f1"]) == (1.0, 0.0)


def test_v1_em_and_f1_are_separate_maxima():
    gold = rows(["Denver", "Denver Broncos team"])
    r = quiet("squad", gold, {"q1": "Denver Broncos"})
    assert r.items[0]["em"] == 0.0
    assert r.items[0]["f1"] == pytest.approx(0.8)


def test_v1_missing_and_extra_predictions_warn_and_count_zero():
    gold = rows(["x b"], ["c"])
    with pytest.warns(AnswermatchWarning) as caught:
        r = answermatch.evaluate("squad", gold, {"q1": "b", "zz": "c"})
    messages = " ".join(str(w.message) for w in caught)
    assert "1 question(s) have no prediction" in messages and "'q2'" in messages
    assert "not in the gold" in messages and "'zz'" in messages
    assert r.n == 2 and r.scores["exact_match"] == 0.0
    assert r.scores["f1"] == pytest.approx(100 * (2 / 3) / 2)
    with pytest.raises(InputError, match="no prediction"):
        answermatch.evaluate("squad", gold, {"q1": "b"}, strict=True)


def test_v1_duplicate_ids_are_each_counted():
    gold = rows(["x"], ["y"], ids=["q1", "q1"])
    with pytest.warns(AnswermatchWarning, match="more than once"):
        r = answermatch.evaluate("squad", gold, {"q1": "x"})
    assert [i["em"] for i in r.items] == [1.0, 0.0]
    assert r.scores["exact_match"] == 50.0


def test_v1_question_without_answers_is_an_error_when_predicted():
    gold = rows(["x"], [])
    with pytest.raises(InputError, match=r"no gold answer.*squad-v2"):
        quiet("squad", gold, {"q1": "x", "q2": "y"})


def test_v1_number_answers_are_an_error(tmp_path):
    path = tmp_path / "gold.json"
    data = {"version": "1.1", "data": [{"paragraphs": [{"context": "c", "qas": [
        {"id": "q1", "answers": [{"text": "x", "answer_start": 0}]},
        {"id": "q2", "answers": [{"text": 1990, "answer_start": 0}]}]}]}]}  # fmt: skip
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(InputError, match=r"stored as a number.*'q2'") as info:
        quiet("squad", path, {"q1": "x", "q2": "1990"})
    assert info.value.line == 19 and info.value.path == str(path)


def test_v1_version_warning(tmp_path):
    path = tmp_path / "gold.json"
    qa = {"id": "q1", "answers": [{"text": "x", "answer_start": 0}]}
    path.write_text(json.dumps({"version": "v2.0", "data": [{"paragraphs": [{"qas": [qa]}]}]}))
    with pytest.warns(AnswermatchWarning, match="expects v-1.1"):
        answermatch.evaluate("squad", path, {"q1": "x"})


@pytest.mark.parametrize(
    ("pred", "message"),
    [
        ({"q1": 5}, "must be a string"),
        ([{"id": "q1"}], "'prediction_text'"),
        ([{"id": "q1", "prediction_text": None}], "must be a string"),
        ("nonsense", "no such file"),
    ],
)
def test_bad_predictions(pred, message):
    with pytest.raises(InputError, match=message):
        quiet("squad", rows(["x"]), pred)


@pytest.mark.parametrize(
    ("gold", "message"),
    [
        ([{"id": "q1"}], "'id' and 'answers'"),
        ([{"id": 1, "answers": {"text": ["x"], "answer_start": [0]}}], "'id' must be a string"),
        ([{"id": "q1", "answers": {"text": "x", "answer_start": [0]}}], "must be a list"),
        ([{"id": "q1", "answers": {"text": ["x"], "answer_start": []}}], "as long as"),
        ({"version": "1.1", "data": [{"paragraphs": [{"qas": [{"id": "q1"}]}]}]}, "'answers'"),
        ({"version": "1.1", "data": []}, "no questions"),
        (5, "expected the SQuAD layout"),
    ],
)
def test_bad_gold(gold, message):
    with pytest.raises(InputError, match=message):
        quiet("squad", gold, {"q1": "x"})


# --- inputs ---------------------------------------------------------------------------


def test_inputs_official_rows_jsonl_and_hf_predictions_agree(tmp_path):
    official = {"version": "1.1", "data": [{"title": "t", "paragraphs": [{
        "context": "Paris is in France.",
        "qas": [{"id": "q1", "answers": [{"text": "Paris", "answer_start": 0}]},
                {"id": "q2", "answers": [{"text": "France", "answer_start": 12},
                                         {"text": "in France", "answer_start": 9}]}],
    }]}]}  # fmt: skip
    hf_rows = [
        {"id": "q1", "context": "Paris is in France.", "question": "?",
         "answers": {"text": ["Paris"], "answer_start": [0]}},
        {"id": "q2", "context": "Paris is in France.", "question": "?",
         "answers": {"text": ["France", "in France"], "answer_start": [12, 9]}},
    ]  # fmt: skip
    preds = {"q1": "Paris, France", "q2": "france"}
    hf_preds = [{"id": k, "prediction_text": v} for k, v in preds.items()]
    (tmp_path / "gold.json").write_text(json.dumps(official))
    (tmp_path / "gold.jsonl").write_text("\n".join(json.dumps(r) for r in hf_rows) + "\n")
    (tmp_path / "pred.jsonl").write_text("\n".join(json.dumps(r) for r in hf_preds) + "\n")
    (tmp_path / "pred.json").write_text(json.dumps(hf_preds))
    results = [
        quiet("squad", official, preds).scores,
        quiet("squad", official["data"], preds).scores,
        quiet("squad", tmp_path / "gold.json", tmp_path / "pred.jsonl").scores,
        quiet("squad", tmp_path / "gold.jsonl", tmp_path / "pred.json").scores,
        quiet("squad", hf_rows, hf_preds).scores,
    ]
    assert all(r == results[0] for r in results)
    assert results[0] == {"exact_match": 50.0, "f1": pytest.approx(100 * (2 / 3 + 1) / 2)}


def test_parquet_without_pyarrow_is_a_clear_error(tmp_path):
    path = tmp_path / "gold.parquet"
    path.write_bytes(b"PAR1")
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        with pytest.raises(InputError, match="pyarrow"):
            quiet("squad", path, {"q1": "x"})
    else:  # with pyarrow, a broken file is still an InputError
        with pytest.raises(InputError, match="Parquet"):
            quiet("squad", path, {"q1": "x"})


def test_jsonl_gold_errors_name_the_line(tmp_path):
    path = tmp_path / "gold.jsonl"
    good = json.dumps({"id": "q1", "answers": {"text": ["x"], "answer_start": [0]}})
    path.write_text(good + "\n" + json.dumps({"id": "q2", "answers": 5}) + "\n")
    with pytest.raises(InputError) as info:
        quiet("squad", path, {"q1": "x"})
    assert info.value.line == 2 and "row #2" in str(info.value)


def test_lang_option_labels_per_language_and_only_changes_fair():
    gold = rows(["我来到北京清华大学"])
    plain = quiet("squad", gold, {"q1": "北京"})
    zh = quiet("squad", gold, {"q1": "北京"}, lang="zh")
    assert plain.per_language == {}
    assert zh.per_language["zh"]["count"] == 1
    assert plain.scores == zh.scores == {"exact_match": 0.0, "f1": 0.0}  # one whitespace token
    fair = quiet("squad", gold, {"q1": "北京"}, "fair", lang="zh")
    assert fair.scores["f1"] == pytest.approx(40.0)  # jieba: 我 | 来到 | 北京 | 清华大学
    assert "tok.zh:jieba" in fair.signature and "lang:zh" in fair.signature


# --- v2.0 rules -------------------------------------------------------------------------


def test_v2_missing_prediction_is_an_error():
    with pytest.raises(InputError, match=r"1 question\(s\) have no prediction.*KeyError"):
        quiet("squad-v2", rows(["x"], []), {"q1": "x"})


def test_v2_unanswerable_and_dropped_answers():
    gold = rows(["x"], [], ["the", "!"])  # q3's answers all normalize to nothing
    r = quiet("squad-v2", gold, {"q1": "", "q2": "", "q3": ""})
    assert [(i["exact"], i["f1"]) for i in r.items] == [(0.0, 0.0), (1.0, 1.0), (1.0, 1.0)]
    assert r.scores["HasAns_total"] == 2 and r.scores["NoAns_total"] == 1
    assert r.scores["HasAns_exact"] == 50.0  # q3 counts as answerable but matches ""


def test_v2_threshold_is_strict_and_needs_probabilities_for_every_question():
    gold = rows(["x"], [])
    preds = {"q1": "x", "q2": "y"}
    r = quiet("squad-v2", gold, preds, na_prob={"q1": 1.0, "q2": 1.0})
    assert r.scores["exact"] == 50.0  # p = 1.0 is not > 1.0: nobody abstains
    r = quiet("squad-v2", gold, preds, na_prob={"q1": 0.2, "q2": 0.9}, na_prob_thresh=0.5)
    assert r.scores["exact"] == 100.0 and r.items[1]["abstained"]
    assert r.scores["best_exact"] == 100.0 and r.scores["best_exact_thresh"] == 0.2
    with pytest.raises(InputError, match="no no-answer probability"):
        quiet("squad-v2", gold, preds, na_prob={"q1": 0.2})


def test_v2_best_threshold_ties_follow_the_probability_order():
    # equal probabilities: the walk adds +1 (q1) then -1 (q2) in the order of
    # the na_prob mapping, and keeps the first improvement
    gold = rows(["x"], [])
    preds = {"q1": "x", "q2": "y"}
    first = quiet("squad-v2", gold, preds, na_prob={"q1": 0.5, "q2": 0.5})
    second = quiet("squad-v2", gold, preds, na_prob={"q2": 0.5, "q1": 0.5})
    assert first.scores["best_exact"] == 100.0 and first.scores["best_exact_thresh"] == 0.5
    assert second.scores["best_exact"] == 50.0 and second.scores["best_exact_thresh"] == 0.0


def test_v2_hf_rows_with_no_answer_probability():
    gold = rows(["x"], [])
    preds = [
        {"id": "q1", "prediction_text": "x", "no_answer_probability": 0.1},
        {"id": "q2", "prediction_text": "", "no_answer_probability": 0.7},
    ]
    r = quiet("squad-v2", gold, preds)
    same = quiet("squad-v2", gold, {"q1": "x", "q2": ""}, na_prob={"q1": 0.1, "q2": 0.7})
    assert r.scores == same.scores and "best_f1" in r.scores


def test_v2_pr_curves_need_known_ids():
    gold = rows(["x"], [])
    with pytest.raises(InputError, match="precision-recall"):
        quiet("squad-v2", gold, {"q1": "x", "q2": ""}, na_prob={"q1": 0.1, "q2": 0.2, "q9": 0.3},
              pr_curves=True)  # fmt: skip
    r = quiet(
        "squad-v2", gold, {"q1": "x", "q2": ""}, na_prob={"q1": 0.1, "q2": 0.2}, pr_curves=True
    )
    # q1 first: precision 1 at recall 1
    assert r.scores["pr_exact_ap"] == 100.0 and r.scores["pr_oracle_ap"] == 100.0


def test_v2_duplicate_id_keeps_first_place_and_last_answers():
    gold = rows(["x"], ["y"], ["z"], ids=["q1", "q2", "q1"])
    with pytest.warns(AnswermatchWarning, match="more than once"):
        r = answermatch.evaluate("squad-v2", gold, {"q1": "z", "q2": "y"})
    assert [i["id"] for i in r.items] == ["q1", "q2"]
    assert r.items[0]["exact"] == 1.0 and r.scores["total"] == 2


def test_v2_pr_curves_without_probabilities_warn():
    with pytest.warns(AnswermatchWarning, match="pr_curves needs"):
        r = answermatch.evaluate("squad-v2", rows(["x"]), {"q1": "x"}, pr_curves=True)
    assert "pr_exact_ap" not in r.scores and "best_f1" not in r.scores


def test_v2_bad_options():
    gold = rows(["x"])
    with pytest.raises(InputError, match="na_prob_thresh"):
        quiet("squad-v2", gold, {"q1": "x"}, na_prob_thresh="high")
    with pytest.raises(InputError, match="pr_curves"):
        quiet("squad-v2", gold, {"q1": "x"}, pr_curves="maybe")
    with pytest.raises(InputError, match="must be a number"):
        quiet("squad-v2", gold, {"q1": "x"}, na_prob={"q1": "0.5"})


# --- fair profile ------------------------------------------------------------------------


def test_fair_profile_differences():
    gold = rows(["«Beatles»"], ["Ｔｏｋｙｏ"], ["1,000 people"], ["the"])
    preds = {"q1": "Beatles", "q2": "Tokyo", "q3": "1000 people", "q4": ""}
    official = quiet("squad", gold, preds)
    fair = quiet("squad", gold, preds, "fair")
    assert [i["em"] for i in official.items] == [0.0, 0.0, 1.0, 1.0]
    assert [i["f1"] for i in official.items] == [0.0, 0.0, 1.0, 0.0]
    assert [i["em"] for i in fair.items] == [1.0, 1.0, 1.0, 1.0]
    assert [i["f1"] for i in fair.items] == [1.0, 1.0, 1.0, 1.0]
    assert "profile:fair" in fair.signature


def test_a_settings_object_measures_one_difference():
    import dataclasses

    from answermatch.tasks.squad import PROFILES

    one = dataclasses.replace(PROFILES["official"], name="official+width", width="nfkc")
    r = quiet("squad", rows(["Ｔｏｋｙｏ"], ["«x»"]), {"q1": "Tokyo", "q2": "x"}, one)
    assert [i["em"] for i in r.items] == [1.0, 0.0]
    assert "nfkc" in r.signature


def test_the_lang_option_takes_aliases_and_refuses_what_is_no_language() -> None:
    gold = [{"id": "q", "answers": {"text": ["東京都"], "answer_start": [0]}}]
    runs = {
        lang: answermatch.evaluate("squad", gold, {"q": "東京都の人口"}, "fair", lang=lang)
        for lang in ("ja", "ja-JP", "jpn", "JA")
    }
    assert {r.scores["f1"] for r in runs.values()} == {runs["ja"].scores["f1"]}
    assert runs["ja"].scores["f1"] > 0  # MeCab words, not one whitespace token
    assert {r.signature for r in runs.values()} == {runs["ja"].signature}
    assert runs["ja-JP"].per_language.keys() == {"ja"}
    # a language without rules of its own is scored (whitespace tokens), named by its code
    thai = answermatch.evaluate("squad", gold, {"q": "東京都"}, lang="th-TH")
    assert thai.per_language.keys() == {"th"}
    for bad in ("klingon", "xx", "en glish", 7):
        with pytest.raises(UnknownLanguageError, match="lang"):
            answermatch.evaluate("squad", gold, {"q": "東京都"}, lang=bad)


def test_mlqa_takes_a_language_tag_for_its_languages() -> None:
    gold = [{"id": "q", "answers": {"text": ["北京大学"], "answer_start": [0]}}]
    tagged = answermatch.evaluate("mlqa", gold, {"q": "北京"}, lang="zh-CN")
    assert tagged.scores == answermatch.evaluate("mlqa", gold, {"q": "北京"}, lang="zh").scores
    assert tagged.per_language.keys() == {"zh"}


@pytest.mark.parametrize("task", ["squad", "squad-v2", "mlqa", "korquad", "cmrc2018"])
def test_a_gold_file_given_as_predictions_is_refused(task, capsys):
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    gold = {"korquad": "korquad/dev_sample.json", "cmrc2018": "cmrc2018/dev.json"}
    gold_file = root / "examples" / gold.get(task, "squad/dev.json")
    other = root / "examples" / ("cmrc2018/dev.json" if task != "cmrc2018" else "squad/dev.json")
    argv = ["score", task, "--gold", str(gold_file), "--pred", str(other), "-q"]
    assert main(argv + (["-o", "lang=en"] if task == "mlqa" else [])) == 2
    err = capsys.readouterr().err
    assert f"{other}: this is a gold file" in err and "swapped?" in err
    assert err.count("\n") == 1


def test_a_prediction_that_is_no_string_matters_only_for_a_gold_id():
    # the official scripts read predictions[qa["id"]] for the gold's ids only
    gold = [{"id": "q1", "answers": {"text": ["Oslo"], "answer_start": [0]}}]
    for task in ("squad", "squad-v2"):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            result = answermatch.evaluate(task, gold, {"q1": "Oslo", "zz": 5})
        assert result.n == 1 and max(result.scores.values()) == 100.0
        assert any("'zz'" in str(w.message) and "ignored" in str(w.message) for w in seen)
        with pytest.raises(InputError, match="'q1' must be a string, found 5"):
            answermatch.evaluate(task, gold, {"q1": 5, "zz": "x"})
    rows = [{"id": "q1", "prediction_text": None}]
    with pytest.raises(InputError, match="'q1' must be a string, found None"):
        answermatch.evaluate("squad", gold, rows)


@pytest.mark.parametrize("task", ["squad", "squad-v2", "mlqa"])
def test_sums_made_while_scoring_equal_the_items_summed(task):
    # score() sums each question's statistics as it scores (and SQuAD v2.0 keeps
    # the rows its threshold search needs), and builds the items only when read:
    # both must be exactly what the aggregation makes of the built items
    from pathlib import Path

    from answermatch.diagnostics import Diagnostics
    from answermatch.tasks import get_task

    folder = Path(__file__).resolve().parents[1] / "examples"
    files = {
        "squad": ("squad/dev.json", "squad/pred.json", {}),
        "squad-v2": ("squad-v2/dev.json", "squad-v2/pred.json", {"na_prob": "na_prob.json"}),
        "mlqa": ("mlqa/dev.de.json", "mlqa/pred.de.json", {}),
    }
    gold, pred, options = files[task]
    options = {k: str(folder / "squad-v2" / v) for k, v in options.items()}
    spec = get_task(task)
    settings = spec.settings("official")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        inputs = spec.read(str(folder / gold), str(folder / pred), Diagnostics(), **options)
        scored = spec.score(inputs, settings, Diagnostics(), **options)
    aggregation = spec.aggregation(settings, **options)
    totals, rows = aggregation.accumulate({}, list(scored.items))
    assert scored.totals == totals
    assert scored.rows == rows  # None where the aggregation keeps no rows
    assert aggregation.combine(scored.totals, scored.rows) == aggregation.combine(totals, rows)
