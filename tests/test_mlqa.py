"""MLQA (``mlqa``): parity with ``mlqa_evaluation_v1.py`` on the XQuAD
fixtures through the CLI, and the script's language rules on small cases
written from its source (github.com/facebookresearch/MLQA)."""

from __future__ import annotations

import json
import string
import sys
import unicodedata
import warnings

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.tasks.squad.rules import mlqa_punctuation

TOL = 1e-9
FIXTURES = [(lang, seed) for lang in ("en", "es", "de", "ar", "vi", "zh") for seed in (1, 2)]


def quiet(gold, pred, profile="official", **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return answermatch.evaluate("mlqa", gold, pred, profile, **options)


@pytest.mark.parametrize(("lang", "seed"), FIXTURES)
def test_parity_through_the_cli(parity, capsys, tmp_path, lang, seed):
    gold = parity("mlqa", f"xquad.{lang}.json")
    pred = parity("mlqa", f"pred_{lang}_seed{seed}.json")
    official = json.loads(parity("mlqa", f"pred_{lang}_seed{seed}.official.json").read_text())
    items_path = tmp_path / "items.jsonl"
    capsys.readouterr()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        code = main(
            ["score", "mlqa", "--gold", str(gold), "--pred", str(pred), "-o", f"lang={lang}",
             "--json", "--items", str(items_path), "-q"]
        )  # fmt: skip
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["scores"]) == set(official["printed"])
    for key, value in official["printed"].items():
        assert abs(out["scores"][key] - value) <= TOL, key
        assert abs(out["per_language"][lang][key] - value) <= TOL, key
    assert out["per_language"][lang]["count"] == len(official["per_item"])
    assert f"unicode:{unicodedata.unidata_version}" in out["signature"]
    items = [json.loads(line) for line in items_path.read_text().splitlines()]
    assert [i["id"] for i in items] == list(official["per_item"])
    for item in items:
        expected = official["per_item"][item["id"]]
        assert item["em"] == expected["em"]
        assert abs(item["f1"] - expected["f1"]) <= TOL


def test_the_language_comes_from_the_file_name(parity):
    gold = parity("mlqa", "xquad.de.json")
    pred = parity("mlqa", "pred_de_seed1.json")
    assert quiet(gold, pred).scores == quiet(gold, pred, lang="de").scores


def test_the_language_is_required_and_checked():
    gold = [{"id": "q1", "answers": {"text": ["x"], "answer_start": [0]}}]
    with pytest.raises(InputError, match="needs the answer language"):
        quiet(gold, {"q1": "x"})
    with pytest.raises(InputError, match=r"no rules for language 'ru'.*squad"):
        quiet(gold, {"q1": "x"}, lang="ru")


def test_punctuation_is_every_category_p_code_point_plus_ascii():
    table = mlqa_punctuation()
    expected = {
        i for i in range(sys.maxunicode) if unicodedata.category(chr(i)).startswith("P")
    } | set(map(ord, string.punctuation))
    assert set(table) == expected
    assert ord("$") in table and ord("€") not in table


def one(gold_text, pred, lang):
    gold = [{"id": "q1", "answers": {"text": [gold_text], "answer_start": [0]}}]
    item = quiet(gold, {"q1": pred}, lang=lang).items[0]
    return item["em"], item["f1"]


@pytest.mark.parametrize(
    ("lang", "gold", "pred", "expected"),
    [
        ("en", "the «Beatles»", "Beatles", (1.0, 1.0)),  # Unicode punctuation goes
        ("en", "5 €", "5", (0.0, pytest.approx(2 / 3))),  # symbols stay
        ("es", "la casa", "casa", (1.0, 1.0)),
        ("de", "der Hund", "Hund", (1.0, 1.0)),
        ("vi", "của tôi", "tôi", (1.0, 1.0)),
        ("hi", "एक किताब", "किताब", (0.0, pytest.approx(2 / 3))),  # no articles
        ("ar", "الكتاب", "كتاب", (1.0, 1.0)),
        ("ar", "مالك", "م ك", (1.0, 1.0)),  # "ال" goes inside words too, leaving a space
        ("zh", "北京大学", "北京", (0.0, pytest.approx(2 / 3))),  # one token per character
        ("zh", "iPhone 12", "iphone12", (0.0, 0.0)),  # Latin runs are split on whitespace
        ("zh", "鿦", "鿦x", (0.0, 0.0)),  # U+9FA6 is outside the script's range
        ("en", "the", "a", (1.0, 0.0)),  # both empty: EM 1, F1 0
    ],
)
def test_language_rules(lang, gold, pred, expected):
    assert one(gold, pred, lang) == expected


def test_missing_predictions_count_zero_with_a_warning():
    gold = [
        {"id": "q1", "answers": {"text": ["x"], "answer_start": [0]}},
        {"id": "q2", "answers": {"text": ["y"], "answer_start": [0]}},
    ]
    with pytest.warns(AnswermatchWarning, match="no prediction"):
        r = answermatch.evaluate("mlqa", gold, {"q1": "x"}, lang="en")
    assert r.scores == {"exact_match": 50.0, "f1": 50.0}


def test_xquad_version_is_accepted_silently_other_versions_warn(tmp_path):
    qa = {"id": "q1", "answers": [{"text": "x", "answer_start": 0}]}
    for version, warns in (("1.0", False), ("1.1", False), ("2.0", True)):
        path = tmp_path / f"v{version}.json"
        path.write_text(json.dumps({"version": version, "data": [{"paragraphs": [{"qas": [qa]}]}]}))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            answermatch.evaluate("mlqa", path, {"q1": "x"}, lang="en")
        assert bool(caught) is warns


def test_fair_profile_on_arabic_and_chinese():
    gold = [{"id": "q1", "answers": {"text": ["مالك", "الكتاب"], "answer_start": [0, 0]}}]
    assert quiet(gold, {"q1": "م ك"}, "fair", lang="ar").items[0]["em"] == 0.0
    assert quiet(gold, {"q1": "كتاب"}, "fair", lang="ar").items[0]["em"] == 1.0  # the prefix
    gold = [{"id": "q1", "answers": {"text": ["我来到北京清华大学"], "answer_start": [0]}}]
    fair = quiet(gold, {"q1": "北京"}, "fair", lang="zh")
    assert fair.items[0]["f1"] == pytest.approx(0.4)  # jieba words, not 9 characters
    assert "tok.zh:jieba" in fair.signature


def test_the_punctuation_cache_is_checked(tmp_path, monkeypatch):
    from answermatch.tasks.squad import rules

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    expected = set(mlqa_punctuation())
    path = rules._punct_cache()
    assert path is not None and path.startswith(str(tmp_path))
    try:
        for content in ("not json", "[65, 66]", "{}"):  # "A", "B" are no punctuation
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(content)
            rules.mlqa_punctuation.cache_clear()
            assert set(rules.mlqa_punctuation()) == expected
        # the rescan rewrote the file: a later run reads it back
        rules.mlqa_punctuation.cache_clear()
        assert set(rules.mlqa_punctuation()) == expected
        assert unicodedata.unidata_version in path
    finally:
        rules.mlqa_punctuation.cache_clear()
