"""XOR-EnglishSpan: parity with eval_xor_engspan.py, its rules, input checks and CLI."""

from __future__ import annotations

import json
import re
import string
import warnings
from collections import Counter
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples" / "xor-engspan"
FIGURES = ("f1", "em", "precision", "recall")


def score(gold, pred, **kwargs):
    return answermatch.evaluate("xor-engspan", gold, pred, **kwargs)


def quietly(gold, pred, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return score(gold, pred, **kwargs)


def q(qid, answers, lang="fi"):
    return {"id": qid, "question": "?", "answers": answers, "lang": lang, "split": "dev"}


# --- parity -------------------------------------------------------------------------


@pytest.mark.parity
@pytest.mark.parametrize("name", ["engspan_pred_1", "engspan_pred_2", "engspan_pred_3"])
def test_parity_with_official_figures(parity, name):
    gold = parity("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl")
    official = json.loads(parity("xor", f"{name}.official.json").read_text(encoding="utf-8"))
    with pytest.warns(AnswermatchWarning, match="have no prediction"):
        result = score(gold, parity("xor", f"{name}.json"))
    assert set(result.scores) == set(official["scores"]) == {"f1", "em"}
    for key, value in official["scores"].items():
        assert result.scores[key] == pytest.approx(value, abs=1e-9), key
    assert set(result.per_language) == set(official["per_language"])
    for lang, figures in official["per_language"].items():
        for key in FIGURES:
            assert result.per_language[lang][key] == pytest.approx(figures[key], abs=1e-9), (
                lang,
                key,
            )
    assert result.n == 2110 == sum(f["count"] for f in result.per_language.values())


def official_normalize(s: str) -> str:
    s = "".join(c for c in s.lower() if c not in set(string.punctuation))
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", s).split())


def oracle_item(answers, prediction):
    """The official rules written out plainly: (f1, em, precision, recall)."""
    rows = []
    for answer in answers:  # a bare string is iterated character by character
        p_tokens, g_tokens = (
            official_normalize(prediction).split(),
            official_normalize(answer).split(),
        )
        same = sum((Counter(p_tokens) & Counter(g_tokens)).values())
        if same == 0:
            rows.append((0, 0, 0))
            continue
        p, r = same / len(p_tokens), same / len(g_tokens)
        rows.append((2 * p * r / (p + r), p, r))
    em = max(official_normalize(prediction) == official_normalize(a) for a in answers)
    return max(r[0] for r in rows), em, max(r[1] for r in rows), max(r[2] for r in rows)


@pytest.mark.parity
def test_items_match_a_plain_transcription_of_the_rules(parity):
    gold_path = parity("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl")
    gold = [json.loads(line) for line in gold_path.read_text(encoding="utf-8").splitlines()]
    for name in ("engspan_pred_1.json", "engspan_pred_3.json"):
        predictions = json.loads(parity("xor", name).read_text(encoding="utf-8"))
        result = quietly(gold_path, parity("xor", name))
        for question, item in zip(gold, result.items, strict=True):
            assert item["id"] == question["id"] and item["lang"] == question["lang"]
            prediction = predictions.get(question["id"])
            if prediction is None:
                assert not item["answered"] and item["f1"] == item["recall"] == 0
                continue
            expected = oracle_item(question["answers"], prediction)
            assert (item["f1"], item["em"], item["precision"], item["recall"]) == expected
            assert item["score"] == item["f1"]


# --- rules by hand --------------------------------------------------------------------


def test_precision_and_recall_are_maxima_taken_independently():
    result = score([q("1", ["new york city hall", "york"])], {"1": "York City"})
    item = result.items[0]
    # vs answer 1: P 2/2, R 2/4; vs answer 2: P 1/2, R 1/1; F1 2/3 either way
    assert item["precision"] == 1 and item["recall"] == 1
    assert item["f1"] == pytest.approx(2 / 3) and item["em"] == 0


def test_articles_and_punctuation():
    gold = [q("1", ["Andes"]), q("2", ["Pacific Ocean"]), q("3", ["Theodore"])]
    result = score(gold, {"1": "the Andes", "2": "The Pacific Ocean.", "3": "theodore"})
    assert [i["em"] for i in result.items] == [1, 1, 1]


def test_article_boundaries_are_python_re_word_boundaries():
    # re's word characters are str.isalnum() and "_": ZWNJ, combining marks and other
    # connector punctuation are not (the article goes), "²" is one (the article stays).
    gold = [
        q("1", ["\u200cband"]),
        q("2", ["\u0301 b"]),
        q("3", ["²"]),
        q("4", ["the²"]),
        q("5", ["‿x"]),
    ]
    result = score(
        gold, {"1": "the\u200cband", "2": "a\u0301 b", "3": "the²", "4": "the²", "5": "the‿x"}
    )
    assert [i["em"] for i in result.items] == [1, 1, 0, 1, 1]


def test_bare_string_answers_are_iterated_by_character():
    gold, pred = [q("1", "xyz"), q("2", ["xyz"])], {"1": "x", "2": "x"}
    with pytest.warns(AnswermatchWarning, match=r"""give "answers" as a string.*\('1'\)"""):
        result = score(gold, pred)
    first, second = result.items
    assert first["em"] == 1 and first["f1"] == 1  # "x" is one of the answers x, y, z
    assert second["em"] == 0 and second["f1"] == 0
    with pytest.raises(InputError, match=r'"answers" as a string.*--strict') as exc:
        score(gold, pred, strict=True)
    assert exc.value.line == 1


def test_answer_objects_and_string_answers():
    gold = [q("1", ["Helsinki"]), q("2", ["Oulu"])]
    result = score(gold, {"1": {"answer": "Helsinki", "score": 0.9}, "2": "Oulu"})
    assert [i["em"] for i in result.items] == [1, 1]
    assert result.items[0]["prediction"] == "Helsinki"


def test_overall_is_the_mean_over_languages_present():
    gold = [q("1", ["Helsinki"]), q("2", ["Oulu"]), q("3", ["Moscow"], "ru")]
    result = score(gold, {"1": "Helsinki", "2": "Turku", "3": "Moscow"})
    assert result.per_language["fi"]["em"] == 50 and result.per_language["ru"]["em"] == 100
    assert result.scores == {"f1": 75.0, "em": 75.0}
    assert result.per_language["fi"]["count"] == 2


def test_other_languages_are_left_out():
    gold = [q("1", ["Helsinki"]), q("2", ["Nairobi"], "sw"), q("3", ["Paris"], "en")]
    with pytest.warns(AnswermatchWarning, match=r"'sw' \(1\), 'en' \(1\)"):
        result = score(gold, {"1": "Helsinki", "2": "x", "3": "Paris"})
    assert result.n == 1 and list(result.per_language) == ["fi"]
    assert [i["id"] for i in result.items] == ["1"]
    assert result.scores["em"] == 100


def test_keys_are_used_as_written():
    with pytest.warns(AnswermatchWarning) as record:
        result = score([q("1", ["Helsinki"])], {"fi_1": "Helsinki"})
    assert result.items[0]["answered"] is False
    messages = " ".join(str(w.message) for w in record)
    assert (
        "not in the gold" in messages and "1 of 1 gold question(s) have no prediction" in messages
    )


def test_repeated_gold_ids_and_strict():
    gold = [q("1", ["Helsinki"]), q("1", ["Helsinki"])]
    with pytest.warns(AnswermatchWarning, match="repeat an earlier id"):
        assert score(gold, {"1": "Helsinki"}).per_language["fi"]["count"] == 2
    with pytest.raises(InputError, match="repeat an earlier id"):
        score(gold, {"1": "Helsinki"}, strict=True)


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"text": "Helsinki"}, 'must be a string or {"answer": string}'),
        ({"answer": 3}, "must be a string or"),
        (["Helsinki"], "must be a string or"),
    ],
)
def test_bad_prediction_values(tmp_path, value, message):
    pred = tmp_path / "pred.json"
    pred.write_text('{\n"0": "x",\n"1": ' + json.dumps(value) + "}", encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(message)) as exc:
        score([q("1", ["Helsinki"])], pred)
    assert exc.value.line == 3 and exc.value.path == str(pred)


def test_answered_question_without_answers_is_an_error(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        json.dumps(q("1", ["a"])) + "\n" + json.dumps(q("2", "")) + "\n", encoding="utf-8"
    )
    with pytest.raises(InputError, match="has no answer") as exc:
        quietly(gold, {"1": "a", "2": "b"})  # (the bare string "" warns first)
    assert exc.value.line == 2 and exc.value.path == str(gold)


def test_lines_stay_those_of_the_file_when_languages_are_left_out(tmp_path):
    gold = tmp_path / "gold.jsonl"
    rows = [q("1", ["a"], "en"), q("2", ["b"]), q("3", ["c"], "sw"), q("4", [])]
    gold.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    with pytest.raises(InputError, match="'4' has no answer") as exc:
        quietly(gold, {"2": "b", "4": "d"})
    assert exc.value.line == 4
    result = quietly(gold, {"2": "b"})
    assert [(i["id"], i["answered"]) for i in result.items] == [("2", True), ("4", False)]


def test_no_scored_language_is_an_error():
    with pytest.raises(InputError, match="no gold question in the languages"):
        quietly([q("1", ["Paris"], "en")], {"1": "Paris"})


def test_bad_gold_line(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(q("1", ["a"])) + "\nnot json\n", encoding="utf-8")
    with pytest.raises(InputError, match="not valid JSON") as exc:
        score(gold, {"1": "a"})
    assert exc.value.line == 2


# --- examples and CLI -------------------------------------------------------------------

# Printed by the official eval_xor_engspan.py on examples/xor-engspan: F1, EM.
EXAMPLE_OFFICIAL = {
    "ar": (68.05555555555556, 41.666666666666664),
    "bn": (79.2063492063492, 50.0),
    "fi": (76.1111111111111, 41.666666666666664),
    "ja": (66.66666666666667, 33.333333333333336),
    "ko": (74.72222222222221, 50.0),
    "ru": (67.77777777777777, 25.0),
    "te": (73.6111111111111, 50.0),
}
EXAMPLE_OFFICIAL_AVG = (72.30725623582767, 41.666666666666664)


def test_cli_json_on_the_examples_matches_the_official_script(capsys):
    code = main(
        [
            "score",
            "xor-engspan",
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
    assert out["n"] == 84
    assert out["scores"]["f1"] == pytest.approx(EXAMPLE_OFFICIAL_AVG[0], abs=1e-9)
    assert out["scores"]["em"] == pytest.approx(EXAMPLE_OFFICIAL_AVG[1], abs=1e-9)
    for lang, (f1, em) in EXAMPLE_OFFICIAL.items():
        assert out["per_language"][lang]["f1"] == pytest.approx(f1, abs=1e-9)
        assert out["per_language"][lang]["em"] == pytest.approx(em, abs=1e-9)
    assert "1 of 84 gold question(s) have no prediction" in captured.err
    api = quietly(EXAMPLES / "gold.jsonl", EXAMPLES / "pred.json")
    assert out == json.loads(json.dumps(api.to_dict()))


def test_cli_bad_predictions_exit_2(tmp_path, capsys):
    pred = tmp_path / "pred.json"
    pred.write_text("[1, 2]", encoding="utf-8")
    code = main(
        ["score", "xor-engspan", "--gold", str(EXAMPLES / "gold.jsonl"), "--pred", str(pred)]
    )
    assert code == 2
    assert f"{pred}:1: expected one JSON object" in capsys.readouterr().err
