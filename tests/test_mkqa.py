"""MKQA (apple/ml-mkqa ``mkqa_eval.py`` / ``mkqa_eval_all_languages.py``).

The parity cases compare with what the official scripts printed on the
shared fixtures (../shared/parity/mkqa); the hand cases derive their
figures in the comments from the script's rules.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import math
import warnings

import pytest

import answermatch
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.tasks import get_task
from answermatch.tasks.mkqa import Mkqa
from answermatch.tasks.mkqa.figures import KEYS, numpy_mean, numpy_round
from answermatch.tasks.mkqa.rules import FAIR, LANGUAGES, OFFICIAL, Rules

FIXTURES = ["pred_seed1", "pred_seed2", "sample_predictions_test6"]


def quiet_evaluate(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return answermatch.evaluate("mkqa", *args, **kwargs)


def same(a: float, b: float, tol: float = 1e-9) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= tol


# --- parity with the official scripts ------------------------------------------------


@pytest.mark.parity
@pytest.mark.parametrize("fixture", FIXTURES)
def test_all_languages_match_the_official_figures_through_the_cli(
    fixture, parity, tmp_path, capsys
):
    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    folder = parity("mkqa", fixture)
    official = json.loads(parity("mkqa", f"{fixture}.official.json").read_text("utf-8"))
    items_path = tmp_path / "items.jsonl"
    argv = ["score", "mkqa", "--gold", str(gold), "--pred", str(folder), "--json", "-q"]
    assert main([*argv, "--items", str(items_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["per_language"]) == list(official["per_language"])
    items = [json.loads(line) for line in items_path.read_text("utf-8").splitlines()]
    for lang, figs in official["per_language"].items():
        mine = out["per_language"][lang]
        for key, value in figs["unrounded_same_code_path"].items():
            assert same(mine[key], value), (lang, key, mine[key], value)
        per_item = {i["id"]: i for i in items if i["lang"] == lang}
        assert set(per_item) == set(figs["per_item"])
        for ex_id, expected in figs["per_item"].items():
            assert per_item[ex_id]["em"] == expected["em"], (lang, ex_id)
            assert same(per_item[ex_id]["f1"], expected["f1"]), (lang, ex_id)
        # what mkqa_eval.py -v printed (2 decimals, NumPy's or Python's rounding)
        printed = Mkqa.official_rounding(out)["per_language"][lang]
        assert printed == figs["printed_verbose"], lang
    # the JSON macro average is the mean of the unrounded per-language figures
    for key in KEYS:
        values = [
            figs["unrounded_same_code_path"][key] for figs in official["per_language"].values()
        ]
        assert same(out["scores"][key], sum(values) / len(values))
    # mkqa_eval_all_languages.py's table: the mean of the rounded figures, rounded
    table = official["all_languages_metrics_json"]
    row = {v: k for k, v in table["language"].items()}
    view = Mkqa.official_rounding(out)
    for key in table:
        if key == "language":
            continue
        assert view["macro_average"][key] == table[key][row["Macro Average"]], key
        for lang in official["per_language"]:
            assert view["per_language"][lang][key] == table[key][row[lang]], (lang, key)


@pytest.mark.parity
@pytest.mark.parametrize("fixture", FIXTURES)
def test_each_language_file_alone_matches_mkqa_eval(fixture, parity):
    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    official = json.loads(parity("mkqa", f"{fixture}.official.json").read_text("utf-8"))
    for lang, figs in official["per_language"].items():
        path = parity("mkqa", fixture, f"{lang}.jsonl")
        result = answermatch.evaluate("mkqa", str(gold), str(path), lang=lang)
        for key, value in figs["unrounded_same_code_path"].items():
            assert same(result.scores[key], value), (lang, key)
        assert [i["id"] for i in result.items] == list(figs["per_item"])


@pytest.mark.parity
def test_cli_single_file_with_lang_option(parity, capsys):
    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    official = json.loads(parity("mkqa", "pred_seed2.official.json").read_text("utf-8"))
    # a file not named after its language needs -o lang=xx
    path = parity("mkqa", "pred_seed2", "th.jsonl")
    argv = ["score", "mkqa", "--gold", str(gold), "--pred", str(path), "-o", "lang=th", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    for key, value in official["per_language"]["th"]["unrounded_same_code_path"].items():
        assert same(out["scores"][key], value)
    assert "langs:th" in out["signature"]


@pytest.mark.parity
def test_human_table_shows_the_official_rounding(parity, capsys):
    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    path = parity("mkqa", "pred_seed1", "en.jsonl")
    assert main(["score", "mkqa", "--gold", str(gold), "--pred", str(path)]) == 0
    official = json.loads(parity("mkqa", "pred_seed1.official.json").read_text("utf-8"))
    out = capsys.readouterr().out
    printed = official["per_language"]["en"]["printed_verbose"]
    assert f"{printed['best_f1']:g}" in out and f"{printed['f1']:g}" in out  # official rounding


# --- the official rules, by hand ---------------------------------------------------------


def line(ex_id, answers_by_lang=None, default=None):
    """A gold line whose every language has ``default`` answers."""
    default = default if default is not None else [{"type": "entity", "text": "x"}]
    answers = {lang: default for lang in LANGUAGES}
    answers.update(answers_by_lang or {})
    return {"example_id": ex_id, "queries": {lang: "q" for lang in LANGUAGES}, "answers": answers}


def entity(text, *aliases):
    return [{"type": "entity", "text": text, "aliases": list(aliases)}]


UNANSWERABLE = [{"type": "unanswerable", "text": None}]


def pred(ex_id, text, prob=None, binary=None):
    row = {"example_id": ex_id, "prediction": text, "binary_answer": binary}
    if prob is not None:
        row["no_answer_prob"] = prob
    return row


def test_normalization_quirks():
    # fr/it articles lack a closing \b: "lemon" loses "le"
    assert Rules(OFFICIAL, "fr").tokens("Le lemon") == ("mon",)
    assert Rules(OFFICIAL, "it").tokens("lodevole") == ("devole",)
    # Arabic: every ال, inside words too, becomes a space
    assert Rules(OFFICIAL, "ar").tokens("مالك") == ("م", "ك")
    # character languages: every non-space character, Latin letters and digits too
    assert Rules(OFFICIAL, "ja").tokens("Scott 12") == ("s", "c", "o", "t", "t", "1", "2")
    assert Rules(OFFICIAL, "th").tokens("ไทย") == ("ไ", "ท", "ย")
    # only ASCII punctuation goes; 「」 and the Arabic comma stay
    assert Rules(OFFICIAL, "en").tokens("«x», y.") == ("«x»", "y")
    assert Rules(OFFICIAL, "ar").tokens("x، y") == ("x،", "y")
    # vi drops "của" and "là" as if they were articles; ko has no article list
    assert Rules(OFFICIAL, "vi").tokens("sách của tôi") == ("sách", "tôi")
    assert Rules(OFFICIAL, "ko").tokens("the a") == ("the", "a")


def test_f1_and_em_rules():
    en = Rules(OFFICIAL, "en")
    # both sides empty after normalization: EM 1 and F1 1 ("the" is an article)
    assert en.match("", ["the"]) == (1.0, 1.0)
    # one side empty: F1 0
    assert en.match("", ["Paris"]) == (0.0, 0.0)
    # bag of tokens: "x y" vs "x x y": common 2, P 1, R 2/3, F1 0.8
    assert en.match("x y", ["x x y"]) == (0.0, (2.0 * 1.0 * (2 / 3)) / (1.0 + 2 / 3))
    # the best gold answer counts: "x z" vs "z" gives F1 2/3, vs "x z w" 0.8
    assert en.match("x z", ["z", "x z w"]) == (0.0, (2.0 * 1.0 * (2 / 3)) / (1.0 + 2 / 3))


def test_binary_answer_wins_and_prob_defaults_to_zero():
    gold = [line(1, default=entity("yes")), line(2, default=UNANSWERABLE)]
    # example 1: binary "YES" beats the prediction text; example 2: no prob given
    preds = [pred(1, "no way", binary="YES"), pred(2, "")]
    result = quiet_evaluate(gold, preds, lang="en")
    items = {i["id"]: i for i in result.items}
    assert items["1"]["prediction"] == "yes" and items["1"]["em"] == 1.0
    assert items["2"]["no_answer_prob"] == 0.0 and items["2"]["em"] == 1.0
    # both examples right, every threshold: 100
    assert result.scores["best_f1"] == 100.0 and result.scores["exact_match"] == 100.0


def test_the_threshold_walk_depends_on_the_prediction_file_order():
    # A answerable and right (F1 1), U unanswerable but answered; same prob 0.5.
    gold = [line("A", default=entity("Paris")), line("U", default=UNANSWERABLE)]
    a, u = pred("A", "Paris", 0.5), pred("U", "Lyon", 0.5)
    # order A, U: start 1 (U abstains), +1 -> 2 > 1: threshold 0.5; -1 -> 1
    first = quiet_evaluate(gold, [a, u], lang="en").scores
    assert first["best_f1"] == 100.0 and first["best_f1_threshold"] == 0.5
    # at 0.5 neither abstains (0.5 > 0.5 is false): EM 1 and 0 -> 50
    assert first["best_em"] == 50.0 and first["best_unanswerable_em"] == 0.0
    # order U, A: -1 -> 0, +1 -> 1, no strict improvement: threshold 0.0
    second = quiet_evaluate(gold, [u, a], lang="en").scores
    assert second["best_f1"] == 50.0 and second["best_f1_threshold"] == 0.0
    # at 0.0 both abstain: A counts 0, U counts 1
    assert second["best_em"] == 50.0 and second["best_answerable_f1"] == 0.0


def test_a_whitespace_prediction_is_answered_for_the_threshold_but_empty_for_em():
    gold = [line("U", default=UNANSWERABLE)]
    # " " normalizes to "": EM 1; but the raw text is not empty: the walk adds -1
    result = quiet_evaluate(gold, [pred("U", " ", -1.0)], lang="en")
    assert result.items[0]["em"] == 1.0
    assert result.scores["best_f1"] == 100.0 and result.scores["best_f1_threshold"] == 0.0


def test_nan_for_a_language_without_unanswerable_examples():
    result = quiet_evaluate([line(1)], [pred(1, "x")], lang="de")
    assert math.isnan(result.scores["best_unanswerable_em"])
    assert math.isnan(result.scores["unanswerable_exact_match"])
    assert result.scores["best_f1"] == 100.0


def test_nan_figures_are_null_in_json_output(tmp_path, capsys):
    # standard JSON has no NaN: --json writes null (docs/cli.rst, docs/tasks/mkqa.rst)
    gold, preds = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    gold.write_text(json.dumps(line(1)) + "\n", encoding="utf-8")
    preds.write_text(json.dumps(pred(1, "x")) + "\n", encoding="utf-8")
    argv = ["score", "mkqa", "--gold", str(gold), "--pred", str(preds), "-o", "lang=de"]
    assert main([*argv, "--json", "--quiet"]) == 0

    def no_constants(name):
        raise AssertionError(f"{name} in --json output")

    scores = json.loads(capsys.readouterr().out, parse_constant=no_constants)["scores"]
    assert scores["best_unanswerable_em"] is None and scores["unanswerable_exact_match"] is None
    assert scores["best_f1"] == 100.0


def test_duplicates_keep_the_first_place_and_the_last_value():
    gold = [
        line(1, default=entity("a")),
        line(2, default=entity("b")),
        line(1, default=entity("c")),
    ]
    preds = [pred(1, "c"), pred(2, "b"), pred(1, "a")]
    with pytest.warns(AnswermatchWarning, match="repeated"):
        result = answermatch.evaluate("mkqa", gold, preds[:2], lang="en")
    # gold 1 keeps the answers of its last line ("c")
    assert [i["id"] for i in result.items] == ["1", "2"] and result.items[0]["em"] == 1.0
    with pytest.warns(AnswermatchWarning, match="predicted again"):
        result = answermatch.evaluate("mkqa", gold[:2], preds, lang="en")
    assert result.items[0]["prediction"] == "a" and result.items[0]["em"] == 1.0


def test_numpy_emulation():
    # pairwise summation: 8 accumulators for 8..128 values
    values = [0.1] * 9
    r = [0.1 + 0.1] + [0.1] * 7
    expected = (((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))) / 9
    assert numpy_mean(values) == expected
    # NumPy rounds x*100 half to even; Python rounds the exact binary value
    assert numpy_round(1.005) == 1.0 and round(1.005, 2) == 1.0
    assert numpy_round(0.285) == 0.28 and numpy_round(0.125) == 0.12


# --- input shapes and errors -----------------------------------------------------------


def test_hugging_face_rows_and_dict_of_languages(tmp_path):
    # datasets gives example_id as a string and the answer type as a class index
    gold = [
        line("7", default=[{"type": 0, "entity": "Q1", "text": "Paris", "aliases": ["Paname"]}]),
        line("8", default=[{"type": 2, "entity": "", "text": None, "aliases": []}]),
    ]
    rows = [pred(7, "paname"), pred(8, None, 0.3)]
    by_dict = quiet_evaluate(gold, {"en": rows, "fr": rows})
    assert list(by_dict.per_language) == ["en", "fr"]
    assert by_dict.scores["exact_match"] == 100.0
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in gold), encoding="utf-8")
    assert (
        quiet_evaluate(str(path), rows, lang="en").scores
        == quiet_evaluate(gold, rows, lang="en").scores
    )
    # a gzipped file is read whatever its name
    zipped = tmp_path / "gold.data"
    zipped.write_bytes(gzip.compress(path.read_bytes()))
    assert quiet_evaluate(str(zipped), rows, lang="en").n == 2


def test_a_folder_missing_languages_warns(tmp_path):
    gold = [line(1)]
    (tmp_path / "en.jsonl").write_text(json.dumps(pred(1, "x")) + "\n", encoding="utf-8")
    with pytest.warns(AnswermatchWarning, match="25 of the 26 languages"):
        result = answermatch.evaluate("mkqa", gold, str(tmp_path))
    assert list(result.per_language) == ["en"]


@pytest.mark.parametrize(
    ("gold", "preds", "options", "message"),
    [
        ([line(1)], [], {"lang": "en"}, "1 example.* have no prediction for en"),
        ([line(1)], [pred(1, "x"), pred(2, "y")], {"lang": "en"}, "not in the gold for en"),
        ([line(1)], [pred(1, "x")], {}, "need the language"),
        ([line(1)], [pred(1, "x")], {"lang": "xx"}, "unknown MKQA language"),
        ([line(1)], [pred(1, "x", binary="maybe")], {"lang": "en"}, "binary_answer must be"),
        ([line(1)], [{"example_id": 1, "prediction": "x"}], {"lang": "en"}, "lacks binary_answer"),
        ([line(1)], [pred(1, "x", prob="high")], {"lang": "en"}, "must be a number"),
        ([line(1)], [pred(1, 5)], {"lang": "en"}, "prediction must be a string"),
        ([{"example_id": 1, "answers": {"en": []}}], [pred(1, "x")], {"lang": "en"}, "lack lang"),
        ([line(1, {"en": []})], [pred(1, "x")], {"lang": "en"}, "answer list is empty"),
        ([line(1, {"en": [{"text": "x"}]})], [pred(1, "x")], {"lang": "en"}, '"type" and "text"'),
    ],
)
def test_bad_input_is_a_clear_error(gold, preds, options, message):
    with pytest.raises(InputError, match=message), warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        answermatch.evaluate("mkqa", gold, preds, **options)


def test_an_empty_answer_list_only_stops_its_own_language():
    gold = [line(1, {"ja": []})]
    with pytest.warns(AnswermatchWarning, match="ja cannot be scored"):
        result = answermatch.evaluate("mkqa", gold, [pred(1, "x")], lang="en")
    assert result.scores["exact_match"] == 100.0


def test_missing_language_names_the_line(tmp_path):
    path = tmp_path / "gold.jsonl"
    bad = line(2)
    del bad["answers"]["km"]
    path.write_text(json.dumps(line(1)) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"gold.jsonl:2: .*lack language\(s\) km"):
        answermatch.evaluate("mkqa", str(path), [pred(1, "x")], lang="en")


def test_cli_error_exit(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(line(1)) + "\n", encoding="utf-8")
    preds = tmp_path / "answers.jsonl"
    preds.write_text(json.dumps(pred(1, "x")) + "\n", encoding="utf-8")
    assert main(["score", "mkqa", "--gold", str(gold), "--pred", str(preds)]) == 2
    assert "-o lang=xx" in capsys.readouterr().err


# --- the fair profile ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("switch", "lang", "prediction", "answer", "official", "fair"),
    [
        # Unicode punctuation: 「」 stay under the official rule
        ("punctuation", "ja", "「東京」", "東京", 0.0, 1.0),
        # width: full-width digits are other characters
        ("width", "en", "１２３", "123", 0.0, 1.0),
        # articles as whole words: "lemon" keeps "le"; l'homme loses l'
        ("articles", "fr", "lemon", "mon", 1.0, 0.0),
        ("articles", "fr", "l'homme", "homme", 0.0, 1.0),
        # Arabic: ال inside "جمال" (Jamal) goes too, leaving "جم"
        ("articles", "ar", "جمال", "جم", 1.0, 0.0),
        # numbers by value
        ("numbers", "en", "1 000", "1000", 0.0, 1.0),
        # Chinese Traditional = Simplified in every zh variant, both directions
        ("script", "zh_tw", "台湾大学", "臺灣大學", 0.0, 1.0),
        ("script", "zh_hk", "乾隆", "乾隆", 1.0, 1.0),
        ("script", "zh_cn", "臺灣", "台湾", 0.0, 1.0),
        # ...but never in Japanese, whose kanji are not Traditional Chinese
        ("script", "ja", "臺灣", "台湾", 0.0, 0.0),
    ],
)
def test_each_fair_switch(switch, lang, prediction, answer, official, fair):
    value = {
        "punctuation": "unicode",
        "width": "nfkc",
        "articles": "words",
        "numbers": "value",
        "script": "hans",
    }
    changed = dataclasses.replace(OFFICIAL, **{switch: value[switch]})
    assert Rules(OFFICIAL, lang).match(prediction, [answer])[0] == official
    assert Rules(changed, lang).match(prediction, [answer])[0] == fair


def test_fair_segmentation_uses_words():
    pytest.importorskip("fugashi")
    pytest.importorskip("jieba")
    words = dataclasses.replace(OFFICIAL, segmentation="language")
    # official: 東 京 都 vs 京 都: 2 common of 3/2 -> F1 0.8; MeCab words share nothing
    assert Rules(OFFICIAL, "ja").match("東京都", ["京都"])[1] == 0.8
    assert Rules(words, "ja").match("東京都", ["京都"])[1] == 0.0
    assert Rules(words, "zh_cn").tokens("我来到北京清华大学") == ("我", "来到", "北京", "清华大学")
    # th: Thai characters one by one, Latin words whole
    assert Rules(words, "th").tokens("ไทย Scott") == ("ไ", "ท", "ย", "scott")


@pytest.mark.parity
def test_profiles_side_by_side(parity, capsys):
    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    folder = parity("mkqa", "pred_seed1")
    argv = ["score", "mkqa", "--gold", str(gold), "--pred", str(folder)]
    assert main([*argv, "--profile", "official,fair", "--json", "-q"]) == 0
    official, fair = json.loads(capsys.readouterr().out)
    assert official["signature"] != fair["signature"]
    assert "tok.ja:mecab" in fair["signature"] and "tok.ja" not in official["signature"]
    assert set(official["scores"]) == set(fair["scores"]) == set(KEYS)
    # the fair rules only merge tokens the official rules keep apart on this data
    assert fair["scores"]["exact_match"] >= official["scores"]["exact_match"]


def test_the_script_folding_is_signed_with_opencc_version():
    import opencc

    assert Rules(FAIR, "zh_tw").tokenizer_signature().endswith(f"+t2s=opencc-{opencc.__version__}")
    assert "t2s" not in Rules(FAIR, "ja").tokenizer_signature()
    assert Rules(OFFICIAL.replace(script="hans"), "zh_cn").tokenizer_signature().startswith("t2s=")
    assert Rules(OFFICIAL, "zh_tw").tokenizer_signature() is None


@pytest.mark.parity
@pytest.mark.parametrize("seed", ["pred_seed1", "pred_seed2"])
@pytest.mark.parametrize("lang", ["zh_hk", "zh_tw"])
def test_fair_scores_do_not_depend_on_the_chinese_script(parity, seed, lang):
    # the fixtures' zh_hk/zh_tw predictions, written in Simplified characters by
    # OpenCC: the fair profile gives them every figure of the originals, the fair
    # rules without folding do not
    from answermatch.normalization.steps import to_simplified

    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    path = parity("mkqa", seed) / f"{lang}.jsonl"
    rows = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    simplified = [
        {**r, "prediction": r["prediction"] and to_simplified(r["prediction"])} for r in rows
    ]
    assert simplified != rows
    task = get_task("mkqa")

    def scores(predictions, settings):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            return task.evaluate(gold, predictions, settings, lang=lang).scores

    original = scores(rows, FAIR)
    assert scores(simplified, FAIR) == original
    keep = dataclasses.replace(FAIR, script="keep")
    assert scores(rows, keep) == original
    assert scores(simplified, keep)["f1"] < original["f1"]


# --- explain, check-gold, compare ------------------------------------------------------------


@pytest.mark.parity
def test_explain_matches_the_items(parity):
    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    path = str(parity("mkqa", "pred_seed1", "fr.jsonl"))
    result = answermatch.evaluate("mkqa", str(gold), path)
    found = explain("mkqa", str(gold), path)
    assert [e.id for e in found] == [i["id"] for i in result.items]
    threshold = result.scores["best_f1_threshold"]
    for e, item in zip(found, result.items, strict=True):
        assert e.scores["em"] == item["em"] and e.scores["f1"] == item["f1"]
        assert e.details["best_f1_threshold"] == threshold
        assert e.details["abstains"] == (item["no_answer_prob"] > threshold)
        assert max(v.scores["f1"] for v in e.variants) == item["f1"]
    # the best_em contributions add up to the language's best_em
    assert same(
        100.0 * sum(e.details["best_em"] for e in found) / len(found), result.scores["best_em"]
    )
    assert same(
        100.0 * sum(e.details["best_f1"] for e in found) / len(found), result.scores["best_f1"]
    )


def test_check_gold_findings(tmp_path):
    rows = [
        line(1, {"en": entity("The", "the")}),
        line(2, {"de": [*entity("Berlin"), *entity("Stadt", "Berlin")]}),
        line(1),
    ]
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    codes = {(f.line, f.code) for f in check_gold("mkqa", str(path))}
    assert (1, "normalizes-empty") in codes  # "The" is an article
    assert (2, "duplicate-alias") in codes  # "Berlin" in two answers
    assert (3, "duplicate-id") in codes and (3, "reader-warning") in codes
    bad = tmp_path / "bad.jsonl"
    missing = line(1)
    del missing["answers"]["he"]
    bad.write_text(json.dumps(missing) + "\n", encoding="utf-8")
    [finding] = check_gold("mkqa", str(bad))
    assert finding.code == "unreadable" and "he" in finding.message


@pytest.mark.parity
def test_compare_uses_the_same_aggregation(parity):
    gold = str(parity("mkqa", "mkqa_test6.jsonl.gz"))
    one, two = (str(parity("mkqa", f"pred_seed{k}")) for k in (1, 2))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        comparison = answermatch.compare("mkqa", gold, [one, two], resamples=20)
    first = answermatch.evaluate("mkqa", gold, one)
    assert comparison.systems[0].score == first.scores["best_f1"]
    task = get_task("mkqa")
    aggregation = task.aggregation(task.settings("official"))
    assert aggregation.score(first.items) == first.scores["best_f1"]


def test_task_description():
    task = get_task("mkqa")
    assert isinstance(task, Mkqa) and list(task.profiles) == ["official", "fair"]
    assert task.profiles["fair"] is FAIR and "lang" in task.options
    assert set(task.shapes) == {"gold", "predictions"}


def test_the_cli_table_layout():
    per_language = {"en": dict.fromkeys(KEYS, 50.0), "es": dict.fromkeys(KEYS, 25.005)}
    table = Mkqa().format_table({"per_language": per_language})
    lines = table.splitlines()
    assert lines[0].split()[0] == "language" and lines[-1].startswith("Macro Average")
    # 25.005 rounds (NumPy) to 25.0 for most keys; the mean of 50 and 25 is 37.5
    assert lines[-1].split()[2] == "37.5"


def test_gold_problems_are_reported_once_per_language():
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        task = get_task("mkqa")
        task.read_gold([line(1, {"ja": []}), line(2, {"ja": []})], diag)
    assert len(diag.messages) == 1


# --- the two gold paths -----------------------------------------------------------------


@pytest.mark.parity
def test_official_layout_and_decoded_lines_give_the_same_scores(parity, tmp_path):
    # the official file is read language by language; the same rows in memory,
    # or written compactly (another layout), are decoded whole
    gold = parity("mkqa", "mkqa_test6.jsonl.gz")
    folder = str(parity("mkqa", "pred_seed2"))
    with gzip.open(gold, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    compact = tmp_path / "compact.jsonl"
    compact.write_text(
        "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows), encoding="utf-8"
    )
    # lines listing their languages in another order (the reader learns the order)
    shuffled = tmp_path / "shuffled.jsonl"
    reordered = [
        {**r, "answers": dict(reversed(list(r["answers"].items())))} if k % 2 else r
        for k, r in enumerate(rows)
    ]
    shuffled.write_text("".join(json.dumps(r) + "\n" for r in reordered), encoding="utf-8")
    reference = quiet_evaluate(str(gold), folder)
    for other in (rows, str(compact), str(shuffled)):
        result = quiet_evaluate(other, folder)
        assert result.per_language == reference.per_language
        assert result.items == reference.items


def test_a_malformed_answer_in_the_official_layout(tmp_path):
    bad = line(1, {"fi": [{"type": "entity", "text": "x", "aliases": None}]})
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps(line(2)) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    preds = [pred(1, "x"), pred(2, "x")]
    # scoring another language works (only fi's answers are unreadable)
    assert quiet_evaluate(str(path), preds, lang="en").scores["exact_match"] == 100.0
    with pytest.raises(InputError, match=r"gold.jsonl:2: .*fi.*aliases"):
        quiet_evaluate(str(path), preds, lang="fi")
    findings = {(f.line, f.code) for f in check_gold("mkqa", str(path))}
    assert (2, "unreadable-answer") in findings
    # an id given as a string in one line and a number in another is one id
    path.write_text(json.dumps(line("5")) + "\n", encoding="utf-8")
    assert quiet_evaluate(str(path), [pred(5, "x")], lang="en").items[0]["id"] == "5"


@pytest.mark.parity
def test_intervals_leave_out_resamples_where_a_figure_is_undefined(parity, capsys):
    # six questions a language: many resamples hold no answerable question of some
    # language, whose answerable EM is then NaN; the macro average was NaN with it
    gold, pred = parity("mkqa", "mkqa_test6.jsonl.gz"), parity("mkqa", "pred_seed1")
    argv = ["score", "mkqa", "--gold", str(gold), "--pred", str(pred), "--ci", "--json", "-q"]
    assert main([*argv, "--resamples", "100"]) == 0
    out = json.loads(capsys.readouterr().out, parse_constant=lambda name: pytest.fail(name))
    for key, (low, high) in out["intervals"]["scores"].items():
        assert low is not None and low <= high, key
        if key != "best_f1_threshold":
            assert 0 <= low <= out["scores"][key] <= high <= 100, key


@pytest.mark.parametrize("profile", ["official", "fair"])
@pytest.mark.parametrize("folder", ["pred_seed1", "sample_predictions_test6"])
def test_the_rows_and_totals_built_while_scoring_are_the_aggregations(parity, profile, folder):
    """score() builds the aggregation's rows and totals by columns, beside
    _statistics of each item: both must give the same, to the bit."""
    spec = get_task("mkqa")
    settings = spec.settings(profile)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gold, preds = parity("mkqa", "mkqa_test6.jsonl.gz"), parity("mkqa", folder)
        inputs = spec.read(str(gold), str(preds), Diagnostics())
        scored = spec.score(inputs, settings, Diagnostics())
    totals, rows = spec.aggregation(settings).accumulate({}, list(scored.items))
    assert scored.totals == totals
    assert scored.rows == rows


def test_official_table_is_the_scripts_psql_table():
    # mkqa_eval_all_languages.py: tabulate(pd.DataFrame(...), headers="keys",
    # tablefmt="psql", showindex=False) of the six best_* figures (eleven with -v)
    gold = [line(1, default=entity("Paris")), line(2, default=UNANSWERABLE)]
    result = quiet_evaluate(gold, [pred(1, "Paris", 0.25), pred(2, "Lyon", 0.5)], lang="en")
    table = answermatch.tasks.mkqa.Mkqa.official_table(result).split("\n")
    assert len(table) == 6 and table[0] == table[-1] and set(table[0]) == {"+", "-"}
    assert table[1].split("|")[1:-1][:3] == [" language      ", "   best_em ", "   best_f1 "]
    assert table[2].startswith("|---------------+") and table[2].endswith("|")
    assert [len(row.split("|")) - 2 for row in table[1:-1] if row[1] != "-"] == [7, 7, 7]
    assert table[3].startswith("| en            |       100 |")
    verbose = answermatch.tasks.mkqa.Mkqa.official_table(result, verbose=True).split("\n")
    assert len(verbose[1].split("|")) - 2 == 12 and "unanswerable_exact_match" in verbose[1]


@pytest.mark.parametrize("verbose", [False, True])
def test_official_table_equals_tabulate_of_pandas(verbose):
    tabulate = pytest.importorskip("tabulate").tabulate
    pd = pytest.importorskip("pandas")
    from collections import defaultdict

    from answermatch.tasks.mkqa import Mkqa
    from answermatch.tasks.mkqa.figures import BEST_KEYS, KEYS

    gold = [line(k, default=entity("Paris") if k % 3 else UNANSWERABLE) for k in range(7)]
    preds = [pred(k, ["Paris", "Lyon", ""][k % 3], k / 7) for k in range(7)]
    per_language = {
        lang: quiet_evaluate(gold, preds, lang=lang).per_language[lang]
        for lang in ("en", "de", "ja")
    }
    per_language["de"]["best_f1_threshold"] = 1234567.0  # written 1.23457e+06
    per_language["ja"]["best_unanswerable_em"] = math.nan
    view = Mkqa.official_rounding({"per_language": per_language})
    rows = {**view["per_language"], "Macro Average": view["macro_average"]}
    columns = defaultdict(list)
    for lang, figures in rows.items():
        columns["language"].append(lang)
        for key in KEYS if verbose else BEST_KEYS:
            columns[key].append(figures[key])
    expected = tabulate(pd.DataFrame(columns), headers="keys", tablefmt="psql", showindex=False)
    assert Mkqa.official_table({"per_language": per_language}, verbose) == expected
