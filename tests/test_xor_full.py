"""XOR-Full: parity with eval_xor_full.py, its rules one by one, input checks and CLI."""

from __future__ import annotations

import gzip
import json
import math
import sys
import warnings
from collections import Counter
from functools import partial
from pathlib import Path

import pytest

import answermatch
import answermatch.explain
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError

# The hand-made golds below cover one or two languages on purpose: the
# warning that the overall scores are still divided by 7 is tested on its own
# (test_a_subset_of_languages_warns_that_it_is_still_divided_by_seven).
pytestmark = pytest.mark.filterwarnings(
    "ignore:no gold question in:answermatch.errors.AnswermatchWarning"
)

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples" / "xor-full"
SEVEN = ("ar", "bn", "fi", "ja", "ko", "ru", "te")
TINY = sys.float_info.min
METRICS = ("f1", "em", "bleu")


def score(gold, pred, **kwargs):
    return answermatch.evaluate("xor-full", gold, pred, **kwargs)


def quietly(gold, pred, **kwargs):
    """Evaluate where warnings are expected but not the subject of the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return score(gold, pred, **kwargs)


def q(qid, answers, lang="fi"):
    return {"id": qid, "question": "?", "answers": answers, "lang": lang, "split": "dev"}


def write_jsonl(path: Path, records) -> Path:
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    return path


# --- parity with the official script ------------------------------------------


@pytest.mark.parity
@pytest.mark.parametrize("name", ["full_pred_1", "full_pred_2", "full_pred_3"])
def test_parity_with_official_figures(parity, name):
    gold = parity("xor", "xor_dev_full_v1_1.jsonl")
    official = json.loads(parity("xor", f"{name}.official.json").read_text(encoding="utf-8"))
    with pytest.warns(AnswermatchWarning, match="have no prediction"):
        result = score(gold, parity("xor", f"{name}.json"))
    assert set(result.scores) == set(official["scores"])
    for key, value in official["scores"].items():
        assert result.scores[key] == pytest.approx(value, abs=1e-9), key
    assert set(result.per_language) == set(official["per_language"])
    for lang, figures in official["per_language"].items():
        assert result.per_language[lang]["count"] == figures["count"]
        for key in METRICS:
            assert result.per_language[lang][key] == pytest.approx(figures[key], abs=1e-9), (
                lang,
                key,
            )
    assert result.n == sum(f["count"] for f in official["per_language"].values())
    assert len(result.items) == result.n


@pytest.mark.parity
def test_japanese_bleu_needs_the_official_mecab_string(parity):
    # 14.01 with mecab-python3's "words joined by spaces + ' \n'"; 16.63 without it.
    result = quietly(parity("xor", "xor_dev_full_v1_1.jsonl"), parity("xor", "full_pred_1.json"))
    assert result.per_language["ja"]["bleu"] == pytest.approx(14.012194354998412, abs=1e-9)


def oracle_item(answers, prediction, lang, wakati):
    """The official rules written out plainly (NLTK for BLEU), for per-item checks."""
    from nltk.translate import bleu

    if isinstance(answers, str):
        answers = [answers]
    if lang == "ja":
        answers = [wakati(a) for a in answers]
        text = wakati(prediction.replace("・", " ").replace("、", ","))
    else:
        text = prediction

    def norm(s):
        s = "".join(c for c in s.lower() if c not in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
        for counter in "年歳人년":
            s = s.replace(counter, "")
        return " ".join(s.split())

    def f1(a, b):
        pa, pb = norm(a).split(), norm(b).split()
        same = sum((Counter(pa) & Counter(pb)).values())
        if not same:
            return 0
        p, r = same / len(pa), same / len(pb)
        return 2 * p * r / (p + r)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        b = bleu(answers, prediction)
    return (max(f1(text, a) for a in answers), max(norm(text) == norm(a) for a in answers), b)


@pytest.mark.parity
def test_items_match_a_plain_transcription_of_the_rules(parity):
    pytest.importorskip("nltk")
    from answermatch.tokenizers import get_tokenizer

    wakati = get_tokenizer("ja").wakati
    gold_path = parity("xor", "xor_dev_full_v1_1.jsonl")
    gold = [json.loads(line) for line in gold_path.read_text(encoding="utf-8").splitlines()]
    predictions = json.loads(parity("xor", "full_pred_2.json").read_text(encoding="utf-8"))
    result = quietly(gold_path, parity("xor", "full_pred_2.json"))
    assert [i["id"] for i in result.items] == [g["id"] for g in gold]
    for question, item in zip(gold, result.items, strict=True):
        prediction = predictions.get(question["id"])
        assert item["answered"] is (prediction is not None)
        assert item["prediction"] == prediction
        if prediction is None:
            assert (item["f1"], item["em"], item["bleu"]) == (0, 0, 0)
            continue
        f1, em, b = oracle_item(question["answers"], prediction, question["lang"], wakati)
        assert (item["f1"], item["em"], item["bleu"]) == (f1, em, b), question
        assert item["score"] == item["f1"]


# --- the official rules, by hand ------------------------------------------------


def test_overall_is_sum_of_language_means_divided_by_seven():
    gold = [q("1", ["Helsinki"]), q("2", ["Turku"]), q("3", ["Москва"], "ru")]
    result = score(gold, {"1": "Helsinki", "2": "Tampere", "3": "Москва"})
    assert result.per_language["fi"]["f1"] == pytest.approx(50.0)
    assert result.per_language["ru"]["em"] == pytest.approx(100.0)
    assert result.scores["f1"] == pytest.approx((0.5 + 1.0) / 7 * 100)
    assert result.scores["em"] == pytest.approx((0.5 + 1.0) / 7 * 100)
    assert result.n == 3


def test_token_f1_and_em_with_normalization():
    gold = [
        q("1", ["Jean Sibelius"]),
        q("2", ["K. J. Ståhlberg"]),
        q("3", ["1950년"], "ko"),
        q("4", ["人口"], "ko"),
    ]
    result = score(gold, {"1": "Sibelius", "2": "k j ståhlberg", "3": "1950", "4": "口"})
    f1 = {i["id"]: i["f1"] for i in result.items}
    em = {i["id"]: i["em"] for i in result.items}
    assert f1["1"] == pytest.approx(2 * 1 * 0.5 / 1.5) and em["1"] == 0
    assert f1["2"] == 1 and em["2"] == 1  # case and ASCII punctuation
    assert em["3"] == 1  # 년 deleted
    assert em["4"] == 1  # 人 deleted anywhere, even inside 人口


def test_unicode_punctuation_and_full_width_are_kept():
    gold = [q("1", ["প্রশান্ত মহাসাগর"], "bn"), q("2", ["1964"], "ko")]
    result = score(gold, {"1": "প্রশান্ত মহাসাগর।", "2": "１９６４"})
    assert [i["em"] for i in result.items] == [0, 0]
    assert result.items[0]["f1"] == pytest.approx(0.5)  # one of two tokens
    assert result.items[1]["f1"] == 0


def test_bleu_is_over_raw_characters():
    gold = [q("1", ["Helsinki"])]
    item = score(gold, {"1": "helsinki!"}).items[0]
    # unigrams 7/9, bigrams 6/8, trigrams 5/7, 4-grams 4/6; hyp longer: no penalty
    assert item["bleu"] == pytest.approx((7 / 9 * 6 / 8 * 5 / 7 * 4 / 6) ** 0.25)
    short = score([q("1", ["abc"])], {"1": "abc"}).items[0]
    assert short["bleu"] == pytest.approx(TINY**0.25, rel=1e-12) and short["em"] == 1


def test_japanese_uses_the_mecab_string_with_its_trailing_newline():
    pytest.importorskip("fugashi")
    item = score([q("1", ["東京"], "ja")], {"1": "東京"}).items[0]
    # reference "東京 \n" (4 characters), hypothesis "東京": p1 = p2 = 1, p3 = p4 = 0,
    # brevity penalty exp(1 - 4/2)
    assert item["f1"] == 1 and item["em"] == 1
    assert item["bleu"] == pytest.approx(math.exp(-1) * TINY**0.5, rel=1e-12)


def test_japanese_prediction_separators_are_replaced_before_mecab():
    pytest.importorskip("fugashi")
    gold = [q("1", ["ジョージ・ワシントン"], "ja"), q("2", ["1945年"], "ja")]
    result = score(gold, {"1": "ジョージ・ワシントン", "2": "1945"})
    one, two = result.items
    # the gold keeps "・" as a token, the prediction's became a space: 2 of 3 tokens
    assert one["em"] == 0 and one["f1"] == pytest.approx(2 * 1 * (2 / 3) / (1 + 2 / 3))
    assert two["em"] == 1


def test_prediction_keys_are_cut_after_the_last_underscore():
    gold = [q("-123", ["Helsinki"]), q("7", ["Turku"])]
    result = score(gold, {"fi_-123": "Helsinki", "x_y_7": "Turku"})
    assert [i["em"] for i in result.items] == [1, 1]


def test_when_two_keys_come_to_the_same_id_the_later_wins():
    gold = [q("1", ["Helsinki"])]
    with pytest.warns(AnswermatchWarning, match="1 prediction key.*later key wins"):
        result = score(gold, {"1": "Helsinki", "fi_1": "Oslo"})
    assert result.items[0]["prediction"] == "Oslo" and result.items[0]["f1"] == 0
    with pytest.warns(AnswermatchWarning, match="later key wins"):
        result = score(gold, {"fi_1": "Oslo", "1": "Helsinki"})
    assert result.items[0]["f1"] == 1


def test_gold_ids_with_an_underscore_are_never_answered():
    # the official script cuts prediction keys, not gold ids
    with pytest.warns(AnswermatchWarning):
        result = score([q("fi_1", ["Helsinki"])], {"fi_1": "Helsinki"})
    assert result.items[0]["answered"] is False and result.scores["f1"] == 0


def test_unanswered_questions_score_zero_and_count(tmp_path):
    gold = [q("1", ["Helsinki"]), q("2", ["Turku"]), q("3", ["Oulu"])]
    with pytest.warns(AnswermatchWarning, match="2 of 3 gold question") as record:
        result = score(gold, {"1": "Helsinki"})
    assert len([w for w in record if "have no prediction" in str(w.message)]) == 1
    assert result.per_language["fi"] == {
        "f1": pytest.approx(100 / 3),
        "em": pytest.approx(100 / 3),
        "bleu": pytest.approx(100 / 3),
        "count": 3,
    }
    assert [i["answered"] for i in result.items] == [True, False, False]


def test_unknown_prediction_ids_are_reported():
    with pytest.warns(AnswermatchWarning, match=r"2 prediction id\(s\) are not in the gold"):
        result = score([q("1", ["Helsinki"])], {"1": "Helsinki", "9": "x", "8": "y"})
    assert result.scores["em"] == pytest.approx(100 / 7)


def test_duplicate_json_keys_keep_the_last_value(tmp_path):
    write_jsonl(tmp_path / "gold.jsonl", [q("1", ["Helsinki"])])
    (tmp_path / "pred.json").write_text('{"1": "Oslo", "1": "Helsinki"}', encoding="utf-8")
    with pytest.warns(AnswermatchWarning, match="duplicate key"):
        result = score(tmp_path / "gold.jsonl", tmp_path / "pred.json")
    assert result.items[0]["em"] == 1


def test_bare_string_answers_count_as_one_answer():
    result = score([q("1", "Helsinki")], {"1": "Helsinki"})
    assert result.items[0]["em"] == 1 and result.items[0]["bleu"] == 1.0


def test_repeated_gold_ids_are_each_counted():
    gold = [q("1", ["Helsinki"]), q("1", ["Helsinki"])]
    with pytest.warns(AnswermatchWarning, match="repeat an earlier id"):
        result = score(gold, {"1": "Helsinki"})
    assert result.per_language["fi"]["count"] == 2 and result.n == 2


def test_other_known_languages_add_into_the_total_still_divided_by_seven():
    gold = [q("1", ["Helsinki"]), q("2", ["Nairobi"], "sw")]
    with pytest.warns(AnswermatchWarning, match=r"sw \(1\).*divided by 7"):
        result = score(gold, {"1": "Helsinki", "2": "Nairobi"})
    assert result.scores["em"] == pytest.approx(200 / 7)
    assert result.per_language["sw"]["count"] == 1


def test_strict_turns_warnings_into_errors():
    gold = [q(lang, ["Helsinki"], lang) for lang in SEVEN] + [q("2", ["Oulu"])]
    with pytest.raises(InputError, match=r"have no prediction.*--strict"):
        score(gold, {lang: "Helsinki" for lang in SEVEN}, strict=True)


def test_a_subset_of_languages_warns_that_it_is_still_divided_by_seven():
    gold = [q("1", ["Helsinki"]), q("2", ["Москва"], "ru")]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = score(gold, {"1": "Helsinki", "2": "Москва"})
    [warning] = [str(w.message) for w in caught]
    assert warning.startswith("no gold question in ar, bn, ja, ko, te (5 of the seven")
    assert "divide by 7" in warning and warning in result.warnings
    assert result.scores["em"] == pytest.approx(200 / 7)
    with pytest.raises(InputError, match=r"no gold question in ar, bn, ja, ko, te .*--strict"):
        score(gold, {"1": "Helsinki", "2": "Москва"}, strict=True)
    # all seven present: no warning; the fair profile divides by the languages present
    everything = [q(lang, ["x"], lang) for lang in SEVEN]
    assert score(everything, {lang: "x" for lang in SEVEN}).warnings == ()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fair = score(gold, {"1": "Helsinki", "2": "Киев"}, profile="fair")
    assert fair.scores["em"] == 50.0


def test_gzip_and_paths(tmp_path):
    gold = tmp_path / "gold.jsonl.gz"
    with gzip.open(gold, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(q("1", ["Helsinki"])) + "\n\n")
    pred = tmp_path / "pred.json.gz"
    with gzip.open(pred, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"1": "Helsinki"}))
    assert score(str(gold), pred).scores["em"] == pytest.approx(100 / 7)


# --- bad input --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"id": "2", "answers": ["x"], "lang": "fi"', "not valid JSON"),
        ('["2", ["x"], "fi"]', 'expected {"id"'),
        ('{"answers": ["x"], "lang": "fi"}', 'missing "id"'),
        ('{"id": "2", "lang": "fi"}', 'missing "answers"'),
        ('{"id": "2", "answers": ["x"]}', 'missing "lang"'),
        ('{"id": 2, "answers": ["x"], "lang": "fi"}', '"id" must be a string'),
        ('{"id": "2", "answers": [1], "lang": "fi"}', '"answers" must be a list of strings'),
        ('{"id": "2", "answers": ["x"], "lang": "de"}', "unknown language 'de'"),
    ],
)
def test_bad_gold_line_names_file_and_line(tmp_path, line, message):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(q("1", ["Helsinki"])) + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=message) as exc:
        quietly(gold, {"1": "Helsinki"})
    assert exc.value.path == str(gold) and exc.value.line == 2


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ('["Helsinki"]', "expected one JSON object", 1),
        ('{\n "1": "Helsinki",\n "2": 5\n}', "prediction for '2' must be a string", 3),
        ('{\n "1": null}', "prediction for '1' must be a string", 2),
        ('{"1": {"answer": "Helsinki"}}', "must be a string", 1),
        ('{"1": "Helsinki",', "not valid JSON", 1),
    ],
)
def test_bad_predictions_name_file_and_line(tmp_path, text, message, line):
    pred = tmp_path / "pred.json"
    pred.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message) as exc:
        score([q("1", ["Helsinki"]), q("2", ["Oulu"])], pred)
    assert exc.value.path == str(pred) and exc.value.line == line


def test_empty_gold_scores_zero_with_a_warning_and_strict_refuses_it(tmp_path):
    (tmp_path / "gold.jsonl").write_text("\n", encoding="utf-8")
    with pytest.warns(AnswermatchWarning, match="no question"), warnings.catch_warnings():
        warnings.filterwarnings("ignore", "no gold question in", AnswermatchWarning)
        result = score(tmp_path / "gold.jsonl", {})
    assert result.scores == {"f1": 0.0, "em": 0.0, "bleu": 0.0} and result.n == 0
    with pytest.raises(InputError, match="no question"):
        answermatch.evaluate("xor-full", tmp_path / "gold.jsonl", {}, strict=True)


def test_answered_question_without_answers_is_an_error():
    with pytest.raises(InputError, match='empty "answers"') as exc:
        score([q("1", ["Helsinki"]), q("2", [])], {"1": "x", "2": "y"})
    assert exc.value.line == 2
    # unanswered, the official script just counts it
    with pytest.warns(AnswermatchWarning):
        assert score([q("1", ["a b"]), q("2", [])], {"1": "a b"}).per_language["fi"]["em"] == 50


def test_loaded_objects_of_the_wrong_type():
    with pytest.raises(InputError, match="list of question dicts"):
        score({"1": "Helsinki"}, {"1": "Helsinki"})
    with pytest.raises(InputError, match="expected one JSON object"):
        score([q("1", ["Helsinki"])], [("1", "Helsinki")])


# --- examples and command line ------------------------------------------------------

# Printed by the official eval_xor_full.py (NLTK 3.10.4, mecab-python3 1.0.12 and
# unidic-lite) on examples/xor-full: per language F1, EM, BLEU.
EXAMPLE_OFFICIAL = {
    "te": (70.83333333333334, 41.66666666666667, 56.864756033143706),
    "fi": (74.44444444444444, 50.0, 69.63923967262694),
    "ja": (73.7962962962963, 41.66666666666667, 8.099961011586721),
    "ru": (58.333333333333336, 25.0, 47.43873345089013),
    "ar": (61.11111111111111, 33.33333333333333, 49.652053213982036),
    "bn": (56.86507936507936, 33.33333333333333, 50.59446697387012),
    "ko": (59.44444444444444, 41.66666666666667, 24.717449858868456),
}
EXAMPLE_OFFICIAL_AVG = (64.97543461829176, 38.095238095238095, 43.858094316424015)


def test_cli_json_on_the_examples_matches_the_official_script(capsys):
    code = main(
        [
            "score",
            "xor-full",
            "--gold",
            str(EXAMPLES / "gold.jsonl"),
            "--pred",
            str(EXAMPLES / "pred.json"),
            "--json",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    out = json.loads(captured.out)
    assert set(out) == {"task", "profile", "signature", "n", "scores", "per_language"}
    assert out["task"] == "xor-full" and out["profile"] == "official" and out["n"] == 84
    for k, key in enumerate(METRICS):
        assert out["scores"][key] == pytest.approx(EXAMPLE_OFFICIAL_AVG[k], abs=1e-9)
    for lang, figures in EXAMPLE_OFFICIAL.items():
        assert out["per_language"][lang]["count"] == 12
        for k, key in enumerate(METRICS):
            assert out["per_language"][lang][key] == pytest.approx(figures[k], abs=1e-9)
    assert "1 of 84 gold question(s) have no prediction" in captured.err
    api = quietly(EXAMPLES / "gold.jsonl", EXAMPLES / "pred.json")
    assert out == json.loads(json.dumps(api.to_dict()))
    assert "tok.ja:" in out["signature"]


def test_cli_items_file(tmp_path, capsys):
    items = tmp_path / "items.jsonl"
    code = main(
        [
            "score",
            "xor-full",
            "--gold",
            str(EXAMPLES / "gold.jsonl"),
            "--pred",
            str(EXAMPLES / "pred.json"),
            "--items",
            str(items),
            "--quiet",
        ]
    )
    assert code == 0
    rows = [json.loads(line) for line in items.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 84
    assert {"id", "lang", "score", "f1", "em", "bleu", "answered"} <= set(rows[0])
    assert capsys.readouterr().err == ""


def test_cli_bad_input_exits_2(tmp_path, capsys):
    gold = write_jsonl(tmp_path / "gold.jsonl", [q("1", ["x"]), q("2", ["y"], "xx")])
    code = main(
        ["score", "xor-full", "--gold", str(gold), "--pred", str(EXAMPLES / "pred.json"), "--json"]
    )
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{gold}:2: unknown language 'xx'" in captured.err


def test_cli_strict_exits_2(capsys):
    code = main(
        [
            "score",
            "xor-full",
            "--gold",
            str(EXAMPLES / "gold.jsonl"),
            "--pred",
            str(EXAMPLES / "pred.json"),
            "--strict",
        ]
    )
    assert code == 2
    assert "have no prediction" in capsys.readouterr().err


def test_long_japanese_prediction_is_scored_and_mecab_failure_is_an_input_error():
    pytest.importorskip("fugashi")
    gold = [q("1", ["東京"], "ja"), q("2", ["大阪"], "ja")]
    # over 50,000 characters: scored (the official script scores it too)
    result = quietly(gold, {"1": "東京", "2": "大阪 " + "あ" * 50_001})
    assert result.per_language["ja"]["count"] == 2
    assert 0 < result.per_language["ja"]["f1"] < 100
    # a text on which MeCab fails (mecab-python3 returns None): an input error
    # naming the file that holds the text, the predictions here ...
    with pytest.raises(InputError, match="MeCab cannot parse") as exc:
        quietly(gold, {"1": "東京", "2": "1a" * 100_000})
    assert exc.value.message.startswith("the prediction for question '2'")
    assert exc.value.line is None
    # ... and the gold, at the question's line, when one of its answers fails
    gold[1]["answers"] = ["大阪", "1a" * 100_000]
    with pytest.raises(InputError, match="MeCab cannot parse") as exc:
        quietly(gold, {"1": "東京", "2": "大阪"})
    assert exc.value.message.startswith("question '2'")
    assert exc.value.line == 2


def test_mecab_failure_in_a_prediction_file_names_that_file(tmp_path):
    pytest.importorskip("fugashi")
    gold = write_jsonl(tmp_path / "gold.jsonl", [q("1", ["東京"], "ja")])
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps({"1": "1a" * 100_000}), encoding="utf-8")
    explain = partial(answermatch.explain.explain, "xor-full")
    for run in (score, explain):
        with pytest.raises(InputError, match="MeCab cannot parse") as exc:
            run(gold, pred)
        assert exc.value.path == str(pred), run


@pytest.mark.parametrize(
    "line",
    [
        '{"id": "1", "answers": ["Oslo"], "answers": ["Helsinki"], "lang": "fi"}',
        '{"id": "1", "answers" : ["Oslo"], "answers":["Helsinki"], "lang": "fi"}',
        '{"id": "1", "answers"\t:["Oslo"], "lang": "fi", "answers"  :  ["Helsinki"]}',
    ],
)
def test_repeated_key_in_a_gold_line_warns_and_the_last_value_wins(tmp_path, line):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(q("0", ["Turku"])) + "\n" + line + "\n", encoding="utf-8")
    with pytest.warns(AnswermatchWarning, match="duplicate key 'answers'"):
        result = score(gold, {"0": "Turku", "1": "Helsinki"})
    assert [i["em"] for i in result.items] == [1, 1]


@pytest.mark.parametrize(
    "text",
    [
        '{"id": "1", "answers": ["x"], "lang": "fi"}, {"id": "2", "answers": [], "lang": "fi"}\n',
        '{"id": "1", "answers": ["x"], "lang": "fi", "n": [0\n1]}\n',
        "1\n2\n",
    ],
)
def test_lines_that_only_parse_when_joined_are_errors(tmp_path, text):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=r"not valid JSON|expected") as exc:
        score(gold, {"1": "x"})
    assert exc.value.line == 1


def test_results_do_not_depend_on_the_score_cache(monkeypatch):
    from answermatch.tasks.xor import full as xor_full

    gold = [q(str(k), ["Helsinki", "Turku"][k % 2]) for k in range(6)]
    pred = {str(k): ["Helsinki", "Turku", "Oulu"][k % 3] for k in range(6)}
    cached = score(gold, pred)
    monkeypatch.setattr(xor_full, "CACHE_LIMIT", 1)
    uncached = score(gold, pred)
    assert cached.items == uncached.items and cached.scores == uncached.scores
    assert [i["em"] for i in cached.items] == [1, 1, 0, 0, 0, 0]


def test_escaped_quotes_and_backslashes_in_gold_lines(tmp_path):
    gold = tmp_path / "gold.jsonl"
    lines = [
        '{"id": "1", "answers": ["x\\":1 y"], "lang": "fi"}',  # answer: x":1 y
        '{"id": "2", "answers": ["back\\\\"], "lang": "fi"}',  # answer: back\
    ]
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = score(gold, {"1": 'x":1 y', "2": "back\\"})  # no duplicate-key warning
    assert [i["em"] for i in result.items] == [1, 1]
    gold.write_text(
        '{"id": "1", "answers": ["a\\":"], "lang": "fi", "answers": ["b\\\\"]}\n', encoding="utf-8"
    )
    with pytest.warns(AnswermatchWarning, match="duplicate key 'answers'"):
        assert score(gold, {"1": "b\\"}).items[0]["em"] == 1


@pytest.mark.parity
@pytest.mark.parametrize(
    "name", ["xor_dev_full_v1_1.jsonl", "xor_dev_retrieve_eng_span_v1_1.jsonl"]
)
def test_dev_gold_files_read_line_by_line_without_warnings(parity, name):
    from answermatch.diagnostics import Diagnostics
    from answermatch.sources import read_jsonl

    diag = Diagnostics()
    records = read_jsonl(parity("xor", name), diag=diag)
    lines = parity("xor", name).read_text(encoding="utf-8").splitlines()
    assert [obj for _, obj in records] == [json.loads(line) for line in lines]
    assert [n for n, _ in records] == list(range(1, len(lines) + 1))
    assert diag.messages == []
