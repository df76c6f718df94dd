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
from answermatch.errors import AnswermatchWarning, InputError
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


def test_xor_full_counter_inside_a_word():
    # official deletes 人 anywhere: "人口" and "口" are both "口" (F1 1, EM 1);
    # fair keeps 人口 (a word, no number before 人): one token each, none shared
    assert full("ja", ["人口"], "口", "official").items[0]["f1"] == 1.0
    fair = full("ja", ["人口"], "口", "fair").items[0]
    assert (fair["f1"], fair["em"]) == (0.0, 0.0)


def test_xor_full_counter_after_a_number_still_goes():
    # 1990年 -> 1990 in both profiles (MeCab: "1990 年"; Korean: one token 1990년)
    for lang, gold in (("ja", "1990年"), ("ko", "1990년")):
        for profile in ("official", "fair"):
            assert full(lang, [gold], "1990", profile).items[0]["em"] == 1.0


def test_xor_full_numbers_by_value():
    # official: "1 000" is two tokens "1", "000", none equal to "1000": F1 0
    assert full("fi", ["1000"], "1 000", "official").items[0]["f1"] == 0.0
    assert full("fi", ["1000"], "1 000", "fair").items[0]["em"] == 1.0
    # official drops the comma: "3,5" becomes "35" = "35"; fair reads 3.5 != 35
    assert full("fi", ["35"], "3,5", "official").items[0]["em"] == 1.0
    assert full("fi", ["35"], "3,5", "fair").items[0]["f1"] == 0.0


def test_xor_full_width_folding():
    # str.lower keeps full-width letters full-width: "ａｂｃ" != "abc"
    assert full("fi", ["abc"], "ＡＢＣ", "official").items[0]["f1"] == 0.0
    assert full("fi", ["abc"], "ＡＢＣ", "fair").items[0]["em"] == 1.0


def test_xor_full_unicode_punctuation():
    # official keeps "«" and "»" (not ASCII): "«helsinki»" is one token != "helsinki"
    assert full("fi", ["Helsinki"], "«Helsinki»", "official").items[0]["f1"] == 0.0
    assert full("fi", ["Helsinki"], "«Helsinki»", "fair").items[0]["em"] == 1.0


def test_xor_full_chinese_is_scored_by_characters_under_fair():
    # the official script has no slot for zh (it crashes), so official refuses it
    with pytest.raises(InputError, match="unknown language 'zh'"):
        full("zh", ["北京"], "北京市", "official")
    # fair: 北 京 市 vs 北 京: 2 shared, F1 = 2 * 2 / (3 + 2)
    item = full("zh", ["北京"], "北京市", "fair").items[0]
    assert item["f1"] == pytest.approx(0.8, abs=1e-12) and item["em"] == 0.0


def test_xor_full_unsegmented_string_is_one_official_token():
    # Japanese predictions are MeCab-segmented in both profiles, but a language
    # without spaces outside the official ja rule is one token officially: use the
    # fair tokens rule alone on Chinese through a custom profile (slots opened)
    base = dataclasses.replace(get_task("xor-full").profiles["official"], slots=None, divisor=None)
    gold = [{"id": "1", "answers": ["北京"], "lang": "zh"}]
    official_like = get_task("xor-full").evaluate(gold, {"1": "北京市"}, base, diag=Diagnostics())
    assert official_like.items[0]["f1"] == 0.0  # "北京市" vs "北京": no common token
    tokens = dataclasses.replace(base, tokens="language")
    fair_tokens = get_task("xor-full").evaluate(gold, {"1": "北京市"}, tokens, diag=Diagnostics())
    assert fair_tokens.items[0]["f1"] == pytest.approx(0.8, abs=1e-12)


def test_xor_full_overall_is_the_mean_of_present_languages():
    gold = [{"id": "1", "answers": ["Helsinki"], "lang": "fi"}]
    # official divides the sum of per-language means by 7 whatever is present
    assert score("xor-full", gold, {"1": "Helsinki"}, "official").scores["f1"] == pytest.approx(
        100 / 7, abs=1e-9
    )
    assert score("xor-full", gold, {"1": "Helsinki"}, "fair").scores["f1"] == 100.0


def test_xor_full_fair_bleu_compares_normalized_text():
    # official BLEU is over the raw strings: "HELSINKI" shares only its first
    # character with "Helsinki" (no bigram: NLTK's ~1e-231 for zero matches);
    # fair compares "helsinki" with "helsinki"
    gold = [{"id": "1", "answers": ["Helsinki"], "lang": "fi"}]
    assert score("xor-full", gold, {"1": "HELSINKI"}, "official").items[0]["bleu"] < 1e-200
    assert score("xor-full", gold, {"1": "HELSINKI"}, "fair").items[0]["bleu"] == 1.0


def test_xor_full_signatures():
    gold = [{"id": "1", "answers": ["東京"], "lang": "ja"}]
    official = score("xor-full", gold, {"1": "東京"}, "official").signature
    fair = score("xor-full", gold, {"1": "東京"}, "fair").signature
    assert "norm:xor-full" in official and "norm:unicode" in fair
    assert "numbers:value" in fair and "counters:after-number" in fair
    assert "numbers:" not in official and "tok.ja:mecab" in fair


# --- xor-engspan ----------------------------------------------------------------------


def engspan(answers, prediction, profile):
    gold = [{"id": "1", "answers": answers, "lang": "ja"}]
    return score("xor-engspan", gold, {"1": prediction}, profile).items[0]


def test_xor_engspan_fair_width_and_articles():
    # official: "the ｕｓａ" loses "the" but keeps the full-width letters
    assert engspan(["USA"], "The ＵＳＡ", "official")["f1"] == 0.0
    assert engspan(["USA"], "The ＵＳＡ", "fair")["em"] == 1.0


def test_xor_engspan_fair_numbers():
    # official drops the dot: "3.5 million" = "35 million"; fair reads 3.5
    assert engspan(["35 million"], "3.5 million", "official")["em"] == 1.0
    fair = engspan(["35 million"], "3.5 million", "fair")
    assert fair["em"] == 0.0 and fair["f1"] == pytest.approx(0.5, abs=1e-12)  # "million" shared


def test_xor_engspan_fair_bare_string_is_one_answer():
    # official iterates a bare string: answers "a", "b", "c"... so "Tokyo" vs
    # the characters of "Tokyo" never has a common token beyond one letter
    assert engspan("Tokyo", "Tokyo", "official")["em"] == 0.0
    assert engspan("Tokyo", "Tokyo", "fair")["em"] == 1.0


# --- xor-retrieve ---------------------------------------------------------------------


def retrieve(answers, passage, profile):
    gold = [{"id": "1", "answers": answers, "lang": "fi"}]
    pred = [{"id": "1", "lang": "fi", "ctxs": [passage]}]
    return score("xor-retrieve", gold, pred, profile, workers=1).items[0]["score"]


def test_xor_retrieve_fair_folds_case_and_width():
    assert retrieve(["Jean Sibelius"], "JEAN SIBELIUS wrote it.", "official") == 0.0
    assert retrieve(["Jean Sibelius"], "JEAN SIBELIUS wrote it.", "fair") == 1.0
    assert retrieve(["Sibelius"], "Ｓｉｂｅｌｉｕｓ", "fair") == 1.0


def test_xor_retrieve_fair_matches_whole_tokens():
    # "10" is a substring of "1910": an official hit, not a fair one
    assert retrieve(["10"], "Born in 1910.", "official") == 1.0
    assert retrieve(["10"], "Born in 1910.", "fair") == 0.0
    # the answer is tokenized like the passage: "Sibelius." -> "Sibelius ."
    assert retrieve(["Sibelius."], "by Sibelius.", "fair") == 1.0


def test_xor_retrieve_profile_fields():
    fair = get_task("xor-retrieve").profiles["fair"]
    official = get_task("xor-retrieve").profiles["official"]
    same = dataclasses.replace(
        fair, name="official", match="substring", bare_string="chars", over="predictions"
    )
    assert same == official


def test_xor_retrieve_fair_counts_gold_questions_without_items():
    gold = [
        {"id": "1", "answers": ["Sibelius"], "lang": "fi"},
        {"id": "2", "answers": ["Tolstoy"], "lang": "ru"},
    ]
    # one item, for question 1, claiming the wrong language
    pred = [{"id": "1", "lang": "ja", "ctxs": ["by Sibelius"]}]
    with pytest.warns(AnswermatchWarning) as record:
        official = answermatch.evaluate("xor-retrieve", gold, pred, "official", workers=1)
    messages = " ".join(str(w.message) for w in record)
    assert "prediction's language is used" in messages and "not counted" in messages
    # official: only the item counts, under its own language ja: 100
    assert official.n == 1 and official.per_language["ja"]["r@5kt"] == 100.0
    assert official.scores["r@5kt"] == 100.0
    with pytest.warns(AnswermatchWarning) as record:
        fair = answermatch.evaluate("xor-retrieve", gold, pred, "fair", workers=1)
    messages = " ".join(str(w.message) for w in record)
    assert "the gold's language is used" in messages and "count as misses" in messages
    # fair: both gold questions, gold languages: fi 100, ru 0, mean 50
    assert fair.n == 2 and set(fair.per_language) == {"fi", "ru"}
    assert fair.scores["r@5kt"] == 50.0


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
