"""check-gold and explain for squad, squad-v2 and mlqa."""

from __future__ import annotations

import json
import warnings

import pytest

import answermatch
from answermatch.errors import AnswermatchWarning
from answermatch.explain import explain
from answermatch.goldcheck import check_gold


def squad_file(tmp_path, qas, context="Paris is in France.", version="1.1"):
    path = tmp_path / "gold.json"
    data = {
        "version": version,
        "data": [{"title": "t", "paragraphs": [{"context": context, "qas": qas}]}],
    }
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def qa(qid, *answers):
    return {"id": qid, "answers": [{"text": t, "answer_start": s} for t, s in answers]}


def codes(findings):
    return sorted((f.code, f.severity) for f in findings)


def test_span_checks(tmp_path):
    path = squad_file(
        tmp_path,
        [
            qa("q1", ("Paris", 0), ("Paris", 3)),  # the second start is off
            qa("q2", ("France", 12)),
            qa("q2", ("the", 9)),  # duplicate id; normalizes to nothing; start is off
            qa("q3"),  # no answer
            qa("q4", (1990, 0)),  # a number
        ],
    )
    found = check_gold("squad", path)
    assert codes(found) == sorted(
        [
            ("answer-start", "warning"),
            ("answer-start", "warning"),
            ("duplicate-id", "warning"),
            ("normalizes-empty", "warning"),
            ("no-answer", "error"),
            ("number-answer", "error"),
        ]
    )
    by_code = {f.code: f for f in found}
    assert by_code["number-answer"].line is not None and "1990" in by_code["number-answer"].message
    starts = [f.message for f in found if f.code == "answer-start"]
    assert any("first occurs at 0" in m for m in starts)
    assert any("does not occur in the context" in m for m in starts)
    v2 = check_gold("squad-v2", path)
    assert "no-answer" not in {f.code for f in v2}  # unanswerable questions are fine in v2
    assert "drops it silently" in next(f for f in v2 if f.code == "normalizes-empty").message


def test_unicode_punct_is_reported_once_per_distinct_answer(tmp_path):
    path = squad_file(tmp_path, [qa("q1", ("«Paris»", 0), ("«Paris»", 0))], context="«Paris»")
    found = check_gold("squad", path)
    assert [f.code for f in found] == ["unicode-punct"]
    assert check_gold("mlqa", path, lang="en") == []  # MLQA drops Unicode punctuation


def test_check_gold_reports_an_unreadable_file(tmp_path):
    path = tmp_path / "gold.json"
    path.write_text('{"version": "1.1", "data": [{"paragraphs": [{"qas": [{"id": "q1"}]}]}]}')
    [finding] = check_gold("squad", path)
    assert finding.code == "unreadable" and "'answers'" in finding.message


def test_mlqa_normalizes_empty_uses_the_language(tmp_path):
    path = squad_file(tmp_path, [qa("q1", ("la", 0))], context="la")
    assert [f.code for f in check_gold("mlqa", path, lang="es")] == ["normalizes-empty"]
    assert check_gold("mlqa", path, lang="en") == []


def items_of(task, gold, pred, profile="official", **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return answermatch.evaluate(task, gold, pred, profile, **options).items


@pytest.mark.parametrize("profile", ["official", "fair"])
def test_explain_figures_equal_the_items(tmp_path, profile):
    path = squad_file(tmp_path, [qa("q1", ("Paris", 0)), qa("q2", ("in France", 9)), qa("q3")])
    preds = {"q1": "Paris, France", "q2": "France", "q3": "", "zz": "x"}
    options = {"na_prob": {"q1": 0.1, "q2": 0.9, "q3": 0.95}, "na_prob_thresh": 0.5}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        found = explain("squad-v2", path, preds, profile=profile, **options)
    items = items_of("squad-v2", path, preds, profile, **options)
    assert [e.id for e in found] == [i["id"] for i in items]
    for e, item in zip(found, items, strict=True):
        for key, value in e.scores.items():
            assert item[key] == value
    assert found[1].details["abstained"] is True
    assert "threshold" in found[1].rule
    # q3: no gold answer, so the only gold variant is the empty one
    assert [v.text.raw for v in found[2].variants] == [""]
    assert found[2].variants[0].scores == {"exact": 1.0, "f1": 1.0}


def test_explain_shows_normalization_and_the_best_variant(parity):
    gold = parity("mlqa", "xquad.zh.json")
    pred = parity("mlqa", "pred_zh_seed1.json")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        found = explain("mlqa", gold, pred, lang="zh")
        items = items_of("mlqa", gold, pred, lang="zh")
    assert len(found) == len(items)
    for e, item in zip(found, items, strict=True):
        assert e.scores == {"score": item["score"], "em": item["em"], "f1": item["f1"]}
        if e.prediction is None:
            assert not item["answered"] and e.verdict == "unanswered"
            continue
        best = max(v.scores["f1"] for v in e.variants)
        assert best == item["f1"]
        assert any(v.matched for v in e.variants) == (item["em"] == 1.0)


def test_explain_v1_names_the_changes():
    gold = [{"id": "q1", "answers": {"text": ["The Beatles"], "answer_start": [0]}}]
    [e] = explain("squad", gold, {"q1": "beatles!"})
    assert e.prediction.changes == ("strip_ascii_punct",)
    assert e.variants[0].text.changes == ("lower", "remove_articles")
    assert e.verdict == "exact match" and e.scores["em"] == 1.0
