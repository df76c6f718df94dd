"""The ``fair`` profiles of the XOR tasks: where they differ from
``official``, on small hand-made cases whose figures are worked out in the
comments, and ``--profile official,fair`` on the command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.tasks import get_task
from answermatch.tasks.xor import full as full_task
from answermatch.tasks.xor import retrieve as retrieve_task

DOCS_EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
TASKS = ("xor-full", "xor-engspan", "xor-retrieve")

# Most hand-made XOR-Full golds below cover one language on purpose (the
# warning that official still divides by 7 is tested in test_xor_full.py).
pytestmark = pytest.mark.filterwarnings(
    "ignore:no gold question in:answermatch.errors.AnswermatchWarning"
)


def score(task, gold, pred, profile, **options):
    return answermatch.evaluate(task, gold, pred, profile=profile, **options)


@pytest.mark.parametrize("task", TASKS)
def test_a_fair_profile_after_official(task):
    assert list(get_task(task).profiles) == ["official", "fair"]


@pytest.mark.parametrize("task", TASKS)
def test_cli_official_and_fair_side_by_side(task, capsys):
    gold, pred = (str(DOCS_EXAMPLES / task / name) for name in ("gold.jsonl", "pred.json"))
    argv = ["score", task, "--gold", gold, "--pred", pred, "--profile", "official,fair"]
    code = main([*argv, "--json", "--quiet"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, list) and [o["profile"] for o in out] == ["official", "fair"]
    official, fair = out
    assert official["signature"] != fair["signature"]
    assert "profile:official" in official["signature"] and "profile:fair" in fair["signature"]
    assert set(official["scores"]) == set(fair["scores"])


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


def test_xor_full_numbers_are_read_in_the_question_language():
    # "1,500": a thousands comma in ko (CLDR decimal "."), a decimal comma in ru and fi
    assert full("ko", ["1500"], "1,500", "fair").items[0]["em"] == 1.0
    for lang in ("ru", "fi"):
        assert full(lang, ["1500"], "1,500", "fair").items[0]["f1"] == 0.0
        assert full(lang, ["1.5"], "1,500", "fair").items[0]["em"] == 1.0
    # the official rule drops the comma whatever the language
    assert full("ru", ["1500"], "1,500", "official").items[0]["em"] == 1.0


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
    base = dataclasses.replace(full_task.PROFILES["official"], slots=None, divisor=None)
    gold = [{"id": "1", "answers": ["北京"], "lang": "zh"}]
    official_like = full_task.XorFull().evaluate(gold, {"1": "北京市"}, base)
    assert official_like.items[0]["f1"] == 0.0  # "北京市" vs "北京": no common token
    tokens = dataclasses.replace(base, tokens="language")
    fair_tokens = full_task.XorFull().evaluate(gold, {"1": "北京市"}, tokens)
    assert fair_tokens.items[0]["f1"] == pytest.approx(0.8, abs=1e-12)


def test_xor_full_overall_is_the_mean_of_present_languages():
    gold = [{"id": "1", "answers": ["Helsinki"], "lang": "fi"}]
    # official divides the sum of per-language means by 7 whatever is present
    with pytest.warns(AnswermatchWarning, match="no gold question in ar, bn, ja, ko, ru, te"):
        official = score("xor-full", gold, {"1": "Helsinki"}, "official")
    assert official.scores["f1"] == pytest.approx(100 / 7, abs=1e-9)
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


def test_xor_engspan_fair_numbers_are_english_whatever_the_question_language():
    # the answers are English spans: "1,500" is 1500 even for a Russian question
    # (where XOR-Full's fair profile would read 1.5)
    gold = [{"id": "1", "answers": ["1500 km"], "lang": "ru"}]
    item = score("xor-engspan", gold, {"1": "1,500 km"}, "fair").items[0]
    assert item["em"] == 1.0
    assert engspan(["1.5 km"], "1,500 km", "fair")["em"] == 0.0


def test_xor_engspan_fair_bare_string_is_one_answer():
    # official iterates a bare string: answers "a", "b", "c"... so "Tokyo" vs
    # the characters of "Tokyo" never has a common token beyond one letter
    with pytest.warns(AnswermatchWarning, match="each of its characters is an answer"):
        assert engspan("Tokyo", "Tokyo", "official")["em"] == 0.0
    assert engspan("Tokyo", "Tokyo", "fair")["em"] == 1.0  # no warning under fair


# --- xor-retrieve ---------------------------------------------------------------------


def retrieve(answers, passage, profile):
    gold = [{"id": "1", "answers": answers, "lang": "fi"}]
    pred = [{"id": "1", "lang": "fi", "ctxs": [passage]}]
    return score("xor-retrieve", gold, pred, profile).items[0]["score"]


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
    fair = retrieve_task.PROFILES["fair"]
    official = retrieve_task.PROFILES["official"]
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
        official = score("xor-retrieve", gold, pred, "official")
    messages = " ".join(str(w.message) for w in record)
    assert "prediction's language is used" in messages and "not counted" in messages
    # official: only the item counts, under its own language ja: 100
    assert official.n == 1 and official.per_language["ja"]["r@5kt"] == 100.0
    assert official.scores["r@5kt"] == 100.0
    with pytest.warns(AnswermatchWarning) as record:
        fair = score("xor-retrieve", gold, pred, "fair")
    messages = " ".join(str(w.message) for w in record)
    assert "the gold's language is used" in messages and "count as misses" in messages
    # fair: both gold questions, gold languages: fi 100, ru 0, mean 50
    assert fair.n == 2 and set(fair.per_language) == {"fi", "ru"}
    assert fair.scores["r@5kt"] == 50.0
