"""``explain`` on the XOR tasks: the same numbers as ``evaluate`` item by item,
what the explanations say (derived by hand), and the same readers and
checks as ``score`` (issue #15)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.explain import explain
from answermatch.tasks import get_task

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
EXAMPLE_FILES = {
    "xor-full": (EXAMPLES / "xor-full" / "gold.jsonl", EXAMPLES / "xor-full" / "pred.json"),
    "xor-engspan": (
        EXAMPLES / "xor-engspan" / "gold.jsonl",
        EXAMPLES / "xor-engspan" / "pred.json",
    ),
    "xor-retrieve": (
        REPO / "docs" / "examples" / "xor-retrieve" / "gold.jsonl",
        REPO / "docs" / "examples" / "xor-retrieve" / "pred.json",
    ),
}
ENGSPAN_GOLD = ("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl")
FULL_GOLD = ("xor", "xor_dev_full_v1_1.jsonl")


def quietly(function, *args, **kwargs):
    with warnings.catch_warnings():  # unanswered questions in the fixtures warn
        warnings.simplefilter("ignore", AnswermatchWarning)
        return function(*args, **kwargs)


def assert_agrees(task: str, gold, pred, limit: int | None = None, **kwargs) -> int:
    """Every figure of every explanation is the evaluate() item's, exactly."""
    items = quietly(answermatch.evaluate, task, gold, pred, **kwargs).items
    explanations = quietly(explain, task, gold, pred, limit=limit, **kwargs)
    assert len(explanations) == (len(items) if limit is None else min(limit, len(items)))
    for explanation, item in zip(explanations, items, strict=False):
        assert explanation.id == item["id"] and explanation.lang == item["lang"]
        assert explanation.scores["score"] == item["score"]
        for key, value in explanation.scores.items():
            assert value == item[key], (task, item["id"], key)
    return len(explanations)


@pytest.mark.parametrize("task", sorted(EXAMPLE_FILES))
@pytest.mark.parametrize("profile", ["official", "fair"])
def test_agrees_with_evaluate_on_the_examples(task, profile):
    gold, pred = (str(p) for p in EXAMPLE_FILES[task])
    assert assert_agrees(task, gold, pred, profile=profile) > 0


@pytest.mark.parity
@pytest.mark.parametrize(
    ("task", "gold", "pred", "limit"),
    [
        ("xor-full", FULL_GOLD, ("xor", "full_pred_1.json"), None),
        ("xor-full", FULL_GOLD, ("xor", "full_pred_3.json"), None),
        ("xor-engspan", ENGSPAN_GOLD, ("xor", "engspan_pred_2.json"), None),
        ("xor-retrieve", ENGSPAN_GOLD, ("xor", "retrieve_pred_1.json.gz"), 30),
    ],
    ids=lambda v: v[-1] if isinstance(v, tuple) else str(v),
)
def test_agrees_with_evaluate_on_parity(parity, task, gold, pred, limit):
    count = assert_agrees(task, str(parity(*gold)), str(parity(*pred)), limit=limit)
    assert count == limit or count > 2000


# --- what the explanations say, derived by hand ---------------------------------


def test_xor_full_counter_deletion_and_mecab():
    gold = [
        {"id": "1", "answers": ["人口"], "lang": "ja"},
        {"id": "2", "answers": ["Москва"], "lang": "ru"},
    ]
    first, second = quietly(explain, "xor-full", gold, {"ja_1": "口", "2": "Киев"})
    variant = first.variants[0]
    assert variant.text.segmented == "人口 \n"  # one MeCab word, then " \n"
    assert variant.text.normalized == "口"
    assert "remove_counters" in variant.text.changes
    assert "人口" in first.details["counter deletion"]
    assert first.scores["em"] == 1.0 and first.verdict == "exact match"
    assert second.scores["f1"] == second.scores["em"] == 0.0
    assert second.scores["bleu"] == pytest.approx(0.0, abs=1e-12)  # no common character
    assert second.verdict == "no match"


def test_xor_full_unanswered():
    gold = [{"id": "1", "answers": ["Helsinki"], "lang": "fi"}]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        [e] = explain("xor-full", gold, {"9": "x"})
    messages = [str(w.message) for w in caught]  # as score warns
    assert any("not in the gold" in m for m in messages)
    assert any("1 of 1 gold question(s) have no prediction" in m for m in messages)
    assert e.verdict == "unanswered" and e.prediction is None and e.score == 0.0
    assert [v.text.raw for v in e.variants] == ["Helsinki"]


def test_xor_engspan_articles_and_partial_overlap():
    gold = [{"id": "q", "answers": ["The Lake Saimaa", "Saimaa"], "lang": "fi"}]
    [e] = explain("xor-engspan", gold, {"q": "saimaa lake, Finland"})
    # vs "lake saimaa": 2 common of 3 predicted, 2 gold -> P 2/3, R 1, F1 0.8
    assert e.variants[0].text.normalized == "lake saimaa"
    assert "squad_articles" in e.variants[0].text.changes
    assert e.variants[0].scores["f1"] == pytest.approx(0.8)
    # vs "saimaa": P 1/3, R 1
    assert e.variants[1].scores["precision"] == pytest.approx(1 / 3)
    assert e.scores["f1"] == pytest.approx(0.8) and e.scores["em"] == 0.0
    assert "The Lake Saimaa" in e.details["article removal"]
    assert e.verdict == "partial match"


def test_xor_engspan_bare_string_is_explained_character_by_character():
    gold = [{"id": "q", "answers": "xyz", "lang": "fi"}]
    with pytest.warns(AnswermatchWarning, match="each of its characters"):
        [e] = explain("xor-engspan", gold, {"q": "y"})
    assert [v.text.raw for v in e.variants] == ["x", "y", "z"]
    assert e.scores["em"] == 1.0 and "bare string" in e.details


def test_retrieve_hit_position():
    gold = [{"id": "q1", "answers": ["Jean Sibelius", "yes"], "lang": "fi"}]
    preds = [{"id": "q1", "lang": "fi", "ctxs": ["No answer here.", "It is by Jean Sibelius."]}]
    [e] = explain("xor-retrieve", gold, preds)
    # tokens: No answer here . | It is by Jean Sibelius .  -> "Jean" is token 8, passage 2
    assert [v.text.raw for v in e.variants] == ["Jean Sibelius"]  # "yes" is dropped
    assert e.variants[0].details == {"token": 8, "passage": 2}
    assert e.scores == {"score": 1.0, "hit@2kt": 1.0, "hit@5kt": 1.0}
    assert e.details["passages read"] == 2 and e.verdict == "hit"


@pytest.mark.parametrize(
    ("task", "keys"),
    [("xor-full", ("f1", "em")), ("xor-engspan", ("f1", "em", "precision", "recall"))],
)
def test_fair_profile_variants_explain_the_item(task, keys):
    """Under the fair profile an item's figures are the best of its variants
    scored one at a time (EM, F1 and the others are maxima)."""
    gold, pred = (str(p) for p in EXAMPLE_FILES[task])
    for profile in list(get_task(task).profiles)[1:]:
        explanations = quietly(explain, task, gold, pred, profile=profile)
        answered = [e for e in explanations if e.verdict != "unanswered"]
        assert answered
        for e in answered:
            assert e.profile == profile and e.variants
            for key in keys:
                best = max(v.scores[key] for v in e.variants)
                assert best == pytest.approx(e.scores[key], abs=1e-12), (profile, e.id, key)


# --- the same readers and checks as score (issue #15) -------------------------------

GOLD_ROWS = [{"id": "a", "answers": ["Helsinki"], "lang": "fi"}]


@pytest.mark.parametrize(
    ("preds", "message"),
    [
        ({"a": {"id": "a", "lang": "fi", "ctxs": []}}, "expected a JSON list"),
        ([{"id": "a", "lang": "fi", "ctxs": None}], '"ctxs" must be a list'),
        ([{"id": "a", "lang": "fi"}], 'missing "ctxs"'),
        ([None], 'expected {"id"'),
        ([{"id": "a", "lang": "fi", "ctxs": [{"title": "T", "text": "x"}]}], "DPR style"),
        ([{"id": "zzz", "lang": "fi", "ctxs": ["Helsinki"]}], "no prediction item could be"),
    ],
)
def test_retrieve_explain_refuses_what_score_refuses(preds, message):
    for run in (answermatch.evaluate, explain):
        with pytest.raises(InputError, match=message):
            quietly(run, "xor-retrieve", GOLD_ROWS, preds)


def test_retrieve_explain_refuses_bad_predictions_in_a_file(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(GOLD_ROWS[0]) + "\n", encoding="utf-8")
    pred = tmp_path / "pred.json"
    pred.write_text('[\n{"id": "a", "lang": "fi", "ctxs": null}\n]\n', encoding="utf-8")
    for command in ("score", "explain"):
        assert main([command, "xor-retrieve", "--gold", str(gold), "--pred", str(pred)]) == 2
        err = capsys.readouterr().err
        assert f"{pred}:2: prediction item 1: " in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("task", "gold", "pred", "message"),
    [
        ("xor-full", [{"id": "1", "answers": ["x"], "lang": "xx"}], {"1": "x"}, "unknown language"),
        ("xor-full", [{"id": "1", "answers": [], "lang": "fi"}], {"1": "x"}, 'empty "answers"'),
        ("xor-engspan", [{"id": "1", "answers": [], "lang": "fi"}], {"1": "x"}, "has no answer"),
        ("xor-engspan", [{"id": "1", "answers": ["x"], "lang": "en"}], {"1": "x"}, "no gold"),
        ("xor-full", [{"id": "1", "answers": ["x"], "lang": 7}], {"1": "x"}, '"lang" must be'),
    ],
)
def test_explain_refuses_what_score_refuses(task, gold, pred, message):
    for run in (answermatch.evaluate, explain):
        with pytest.raises(InputError, match=message):
            quietly(run, task, gold, pred)


def test_explain_warns_as_score_does():
    gold = [{"id": "1", "answers": "xy", "lang": "fi"}, {"id": "2", "answers": ["b"], "lang": "sw"}]
    for run in (answermatch.evaluate, explain):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            run("xor-engspan", gold, {"1": "x", "3": "y"})
        messages = " ".join(str(w.message) for w in caught)
        assert "not in the gold" in messages and "'sw' (1)" in messages
        assert '"answers" as a string' in messages
    with pytest.raises(InputError, match="--strict"):
        explain("xor-engspan", gold, {"1": "x"}, strict=True)


# --- CLI ---------------------------------------------------------------------------


def test_cli_text_and_json(capsys):
    gold, pred = (str(p) for p in EXAMPLE_FILES["xor-engspan"])
    argv = ["explain", "xor-engspan", "--gold", gold, "--pred", pred, "--quiet"]
    assert main([*argv, "--limit", "2"]) == 0
    text = capsys.readouterr().out
    assert text.count("xor-engspan ") == 2 and "scores:" in text
    assert main([*argv, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    items = quietly(answermatch.evaluate, "xor-engspan", gold, pred).items
    assert [p["id"] for p in payload] == [i["id"] for i in items]
    first = payload[0]
    assert {"task", "profile", "id", "lang", "prediction", "variants", "rule", "scores"} <= set(
        first
    )
    assert {"raw", "normalized", "tokens", "changes"} <= set(first["variants"][0]["text"])
    assert first["verdict"] in {"exact match", "partial match", "no match", "unanswered"}
