"""The ``fair`` profile of every task: where it differs from ``official``, on
small hand-made cases whose figures are worked out in the comments, and the
``--profile official,fair`` command line."""

from __future__ import annotations

import dataclasses
import json
import warnings
from pathlib import Path

import pytest

import answermatch
from answermatch.analysis import Analyzer, split_numbers, strip_counters
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning
from answermatch.tasks import available_tasks, get_task

DOCS_EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def score(task, gold, pred, profile, **options):
    """Scored quietly: these one-question golds leave languages out on purpose."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return answermatch.evaluate(task, gold, pred, profile=profile, **options)


# --- every task ---------------------------------------------------------------------


@pytest.mark.parametrize("task", available_tasks())
def test_every_task_has_a_fair_profile_after_official(task):
    assert tuple(get_task(task).profiles)[:2] == ("official", "fair")


from examples import EXAMPLE_FILES, EXAMPLE_OPTIONS  # noqa: E402


@pytest.mark.parametrize("task", sorted(EXAMPLE_FILES))
def test_cli_official_and_fair_side_by_side(task, capsys):
    gold, pred = (str(path) for path in EXAMPLE_FILES[task])
    options = [f"--option={k}={v}" for k, v in EXAMPLE_OPTIONS.get(task, {}).items()]
    argv = ["score", task, "--gold", gold, "--pred", pred, "--profile", "official,fair", *options]
    code = main([*argv, "--json", "--quiet"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, list) and [o["profile"] for o in out] == ["official", "fair"]
    official, fair = out
    assert official["signature"] != fair["signature"]
    assert "profile:official" in official["signature"] and "profile:fair" in fair["signature"]
    assert set(official["scores"]) == set(fair["scores"])


def test_every_task_has_an_example():
    assert set(EXAMPLE_FILES) == set(available_tasks())


# --- the XOR text analysis ------------------------------------------------------------


def test_split_numbers_reads_values():
    assert split_numbers("1 000 i 3,5") == [(True, "1000"), (False, " i "), (True, "3.5")]
    # a four-digit run is not a thousands group: two numbers
    assert split_numbers("1990 200") == [(True, "1990"), (False, " "), (True, "200")]


def test_strip_counters_only_after_numbers():
    assert strip_counters(["人口", "5", "人"]) == ["人口", "5"]
    assert strip_counters(["年", "1990년"]) == ["年", "1990"]


def test_analyzer_rejects_unknown_rules():
    with pytest.raises(ValueError, match="tokens rule"):
        Analyzer("ja", tokens="chars")


# --- xor-full -----------------------------------------------------------------------


def full(lang, answers, prediction, profile):
    gold = [{"id": "1", "answers": answers, "lang": lang}]
    return score("xor-full", gold, {"1": prediction}, profile)


# --- xor-engspan ----------------------------------------------------------------------


def engspan(answers, prediction, profile):
    gold = [{"id": "1", "answers": answers, "lang": "ja"}]
    return score("xor-engspan", gold, {"1": prediction}, profile).items[0]


# --- xor-retrieve ---------------------------------------------------------------------


def retrieve(answers, passage, profile):
    gold = [{"id": "1", "answers": answers, "lang": "fi"}]
    pred = [{"id": "1", "lang": "fi", "ctxs": [passage]}]
    return score("xor-retrieve", gold, pred, profile).items[0]["score"]


# --- poleval2021 ------------------------------------------------------------------------


def pol(gold, answer, profile):
    return score("poleval2021", [gold], [answer], profile).items[0]["score"]


def test_poleval_decimal_comma():
    # official reads "3,5" as 3 (the regex needs a dot) against 3.5: no match
    assert pol("3.5", "3,5", "official") == 0.0
    assert pol("3.5", "3,5", "fair") == 1.0


def test_poleval_thousands_and_leading_zero():
    # official: "1 000" yields "1" != "1000", "05" != "5" (string comparison)
    assert pol("1000", "1 000", "official") == 0.0
    assert pol("1000", "1 000", "fair") == 1.0
    assert pol("5", "05", "official") == 0.0
    assert pol("5", "05", "fair") == 1.0


def test_poleval_sign():
    # official drops the minus of "-1" (only "-1.5"-like patterns keep it): "1" = "-1"
    assert pol("-1", "1", "official") == 1.0
    assert pol("-1", "1", "fair") == 0.0


def test_poleval_lone_letter_is_not_a_roman_numeral():
    # official: the gold "witamina C" holds the numeral C = 100, so "100" matches;
    # fair: C alone is a letter, fuzzy "100" vs "witamina c" fails
    assert pol("witamina C", "100", "official") == 1.0
    assert pol("witamina C", "100", "fair") == 0.0
    assert pol("Jan III Sobieski", "3", "fair") == 1.0


def test_poleval_case_folding():
    # full-width "ＷＡＲＳＺＡＷＡ" lowercases to full-width "ｗａｒｓｚａｗａ" officially
    # (8 substitutions from "warszawa", more than 8 / 2); fair folds it to "warszawa"
    assert pol("Warszawa", "ＷＡＲＳＺＡＷＡ", "official") == 0.0
    assert pol("Warszawa", "ＷＡＲＳＺＡＷＡ", "fair") == 1.0


def test_poleval_fair_scheme_is_a_configuration():
    profiles = get_task("poleval2021").profiles
    assert profiles["fair"].threshold == profiles["official"].threshold == 0.5
    assert profiles["fair"] != profiles["official"]


# --- nlpcc-kbqa -------------------------------------------------------------------------


def test_kbqa_fair_normalizes_answers():
    gold, pred = {1: ["Beijing"]}, {1: ["ＢＥＩＪＩＮＧ"]}
    assert score("nlpcc-kbqa", gold, pred, "official").scores["f1"] == 0.0
    assert score("nlpcc-kbqa", gold, pred, "fair").scores["f1"] == 100.0


def test_kbqa_fair_empty_gold_rewards_only_an_empty_answer():
    gold, pred = {1: [], 2: ["a"]}, {1: ["x"], 2: ["a"]}
    # official: an empty gold set gives 1 whatever is predicted: (1 + 1) / 2
    assert score("nlpcc-kbqa", gold, pred, "official").scores["f1"] == 100.0
    assert score("nlpcc-kbqa", gold, pred, "fair").scores["f1"] == 50.0


def test_kbqa_fair_counts_left_out_questions():
    gold, pred = {1: ["a"], 2: ["b"]}, {1: ["a"]}
    official = score("nlpcc-kbqa", gold, pred, "official")
    fair = score("nlpcc-kbqa", gold, pred, "fair")
    assert (official.n, official.scores["f1"]) == (1, 100.0)
    assert (fair.n, fair.scores["f1"]) == (2, 50.0)


def test_kbqa_profile_object_is_accepted():
    custom = dataclasses.replace(get_task("nlpcc-kbqa").profiles["official"], norm="unicode")
    r = get_task("nlpcc-kbqa").evaluate({1: ["A"]}, {1: ["a"]}, custom, diag=Diagnostics())
    assert r.scores["f1"] == 100.0 and r.profile == "custom"


# --- nlpcc-dbqa ---------------------------------------------------------------------------


def test_dbqa_fair_breaks_ties_pessimistically():
    gold = [("q", "s1", 0), ("q", "s2", 1), ("q", "s3", 0)]
    scores = [0.5, 0.5, 0.5]
    # official keeps the file order: the correct sentence is 2nd -> MRR 1/2
    assert score("nlpcc-dbqa", gold, scores, "official").scores["mrr"] == pytest.approx(50.0)
    # fair puts the incorrect ones first: 3rd -> MRR 1/3
    fair = score("nlpcc-dbqa", gold, scores, "fair")
    assert fair.scores["mrr"] == pytest.approx(100 / 3, abs=1e-9)
    assert "ties:pessimistic" in fair.signature
    # an explicit option still wins
    assert score("nlpcc-dbqa", gold, scores, "fair", ties="input").scores["mrr"] == 50.0


# --- aliases: ntcir-dsqa and zalo2019 ------------------------------------------------------


def test_ntcir_fair_is_an_alias_of_official():
    gold = {"DS2-QA-E-1": "１３，５１０", "DS2-QA-J-2": "東京都"}
    run = {"DS2-QA-E-1": "13510", "DS2-QA-J-2": "東京"}
    official = score("ntcir-dsqa", gold, run, "official")
    fair = score("ntcir-dsqa", gold, run, "fair")
    assert official.scores == fair.scores and official.items == fair.items
    assert official.signature.replace("profile:official", "profile:fair") == fair.signature


def test_zalo_fair_is_an_alias_of_official():
    gold, pred = (DOCS_EXAMPLES / "zalo2019" / n for n in ("test.json", "submission.csv"))
    official = score("zalo2019", gold, pred, "official")
    fair = score("zalo2019", gold, pred, "fair")
    assert official.scores == fair.scores
    assert official.signature.replace("profile:official", "profile:fair") == fair.signature
