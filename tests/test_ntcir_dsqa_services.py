"""NTCIR-16 Data Search QA through the generic services: explain,
check-gold, compare, the fair alias, signatures, and files given the wrong
way round.

Moved here from the shared test files (test_explain, test_check_gold,
test_compare, test_fair_profiles, test_signatures, test_cli). No official
scorer exists: expected figures are worked out by hand in the comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import InputError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.signature import signature_fields
from answermatch.significance import aggregation_of, compare
from answermatch.tasks import get_task
from answermatch.tasks.ntcir_dsqa import PROFILES, NtcirDsqa, pooled_means

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = (
    REPO / "examples" / "ntcir-dsqa" / "gold.tsv",
    REPO / "examples" / "ntcir-dsqa" / "run.tsv",
)
SYSDESC = "<SYSDESC>test run</SYSDESC>\n"


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def needs_mecab():
    pytest.importorskip("fugashi", reason="the ja extra (fugashi) is not installed")


# --- explain --------------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_explain_agrees_with_evaluate_on_the_example(profile):
    needs_mecab()
    gold, pred = map(str, EXAMPLE)
    items = answermatch.evaluate("ntcir-dsqa", gold, pred, profile).items
    explanations = explain("ntcir-dsqa", gold, pred, profile=profile)
    assert [e.id for e in explanations] == [i["id"] for i in items] and len(items) == 7
    for e, item in zip(explanations, items, strict=True):
        assert e.profile == profile and e.lang == item["lang"]
        assert e.scores == {"score": item["score"], "em": item["em"], "f1": item["f1"]}
        # the item's figures are the best of its gold answers, each on its own
        for key in ("em", "f1"):
            assert max(v.scores[key] for v in e.variants) == item[key]
        assert e.details["best gold"] == item["gold"]


def test_explain_word_sets_and_normalization():
    [e] = explain("ntcir-dsqa", {"DS2-QA-E-1": "Tokyo Metropolis"}, {"DS2-QA-E-1": "tokyo"})
    # word sets {tokyo} vs {tokyo, metropolis}: P 1, R 1/2, F1 2/3
    assert e.scores["f1"] == pytest.approx(2 / 3) and e.scores["em"] == 0.0
    assert e.verdict == "partial match"
    [e] = explain("ntcir-dsqa", {"DS2-QA-E-1": "13,510,000"}, {"DS2-QA-E-1": "13510000."})
    assert e.verdict == "exact match" and e.variants[0].text.normalized == "13510000"
    assert "strip_punct_keep_numbers" in e.variants[0].text.changes
    assert "strip_punct_keep_numbers" in e.prediction.changes


def test_explain_reads_with_the_scoring_readers():
    # the same error as score: every missing answer listed at once
    with pytest.raises(InputError, match=r"no answer for 2 of the 2 gold questions"):
        explain("ntcir-dsqa", {"DS2-QA-E-1": "x", "DS2-QA-E-2": "y"}, {"DS2-QA-E-3": "x"})


# --- check-gold ----------------------------------------------------------------------------


def test_check_gold_clean_file_has_no_finding(tmp_path):
    path = write(tmp_path / "gold.tsv", "DS2-QA-E-1\t13,510,000\t13.51 million\nDS2-QA-J-2\t東京\n")
    assert check_gold("ntcir-dsqa", path) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DS2-QA-E-1\t...\n", ("error", "normalizes-empty", 1)),
        ("DS2-QA-E-1\tTokyo\tTokyo\n", ("info", "duplicate-variant", 1)),
        ("DS2-QA-E-1\t13,510\t13510\n", ("info", "same-after-normalization", 1)),
        ("DS2-QA-E-1\tx\nDS2-QA-E-2\tsalt and pepper\n", ("info", "one-order-only", 2)),
    ],
)
def test_check_gold_each_check_fires(tmp_path, text, expected):
    path = write(tmp_path / "gold.tsv", text)
    severity, code, line = expected
    matching = [f for f in check_gold("ntcir-dsqa", path) if f.code == code]
    assert matching
    assert (matching[0].severity, matching[0].line, matching[0].file) == (severity, line, path)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        # a language marker is what the reader needs (it used to be "malformed-id")
        ("DS2-QA-1\tx\n", 1, "contains neither -E- nor -J-"),
        # an id given twice (it used to be "duplicate-id")
        ("DS2-QA-E-1\tx\nDS2-QA-E-1\ty\n", 2, r"appears twice \(lines 1 and 2\)"),
        ("DS2-QA-E-1\tx\t\n", 1, "empty gold answer in column 3"),
        ("DS2-QA-E-1 x\n", 1, "found no TAB"),
        ("", None, "the gold has no questions"),
        (SYSDESC + "DS2-QA-E-1\tx\n", 1, "are the gold and the predictions swapped"),
    ],
)
def test_check_gold_refuses_what_score_refuses(tmp_path, text, line, message):
    path = write(tmp_path / "gold.tsv", text)
    with pytest.raises(InputError, match=message):
        answermatch.evaluate("ntcir-dsqa", path, {"DS2-QA-E-1": "x"})
    [finding] = check_gold("ntcir-dsqa", path)
    assert (finding.severity, finding.code, finding.line) == ("error", "unreadable", line)
    assert finding.file == path


def test_check_gold_takes_the_task_options(tmp_path):
    path = write(tmp_path / "gold.tsv", "Q1\tTokyo\n")
    assert check_gold("ntcir-dsqa", path, default_lang="en") == []
    assert check_gold("ntcir-dsqa", path)[0].code == "unreadable"


def test_cli_check_gold(tmp_path, capsys):
    path = write(tmp_path / "gold.tsv", "DS2-QA-E-1\t...\n")
    assert main(["check-gold", "ntcir-dsqa", "--gold", path]) == 1
    assert f"{path}:1: error: DS2-QA-E-1: '...' normalizes to an empty string" in (
        capsys.readouterr().out
    )


# --- aggregation and compare ---------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_aggregation_reproduces_the_example_scores(profile):
    needs_mecab()
    result = answermatch.evaluate("ntcir-dsqa", *EXAMPLE, profile)
    summary = aggregation_of(result).summarize(result.items)
    assert summary.scores == result.scores and summary.per_language == result.per_language
    # the pooled means, computed directly
    for key in ("em", "f1"):
        mean = 100 * sum(i[key] for i in result.items) / len(result.items)
        assert result.scores[key] == pytest.approx(mean, abs=1e-9)


def test_pooled_means_order_languages_as_the_profile():
    agg = pooled_means(["en", "ja"])
    items = [{"lang": "ja", "em": 1.0, "f1": 1.0}, {"lang": "en", "em": 0.0, "f1": 0.5}]
    summary = agg.summarize(items)
    assert list(summary.per_language) == ["en", "ja"]
    assert summary.per_language["en"] == {"em": 0.0, "f1": 50.0, "count": 1}
    assert summary.scores == {"em": 50.0, "f1": 75.0}
    assert agg.primary == "em" and NtcirDsqa.primary == "em"


def test_compare_two_runs(tmp_path):
    gold = {"DS2-QA-E-1": "Tokyo", "DS2-QA-E-2": "Osaka", "DS2-QA-E-3": "Kyoto"}
    good = {"DS2-QA-E-1": "tokyo", "DS2-QA-E-2": "osaka", "DS2-QA-E-3": "nara"}
    bad = {"DS2-QA-E-1": "tokyo", "DS2-QA-E-2": "kobe", "DS2-QA-E-3": "nara"}
    c = compare("ntcir-dsqa", gold, [good, bad], resamples=100, seed=2)
    assert [s.score for s in c.systems] == pytest.approx([200 / 3, 100 / 3])
    assert c.systems[1].difference == pytest.approx(-100 / 3)


# --- profiles, signatures, description ---------------------------------------------------------


def test_fair_is_an_alias_of_official():
    needs_mecab()
    gold = {"DS2-QA-E-1": "１３，５１０", "DS2-QA-J-2": "東京都"}
    run = {"DS2-QA-E-1": "13510", "DS2-QA-J-2": "東京"}
    official = answermatch.evaluate("ntcir-dsqa", gold, run, "official")
    fair = answermatch.evaluate("ntcir-dsqa", gold, run, "fair")
    assert official.scores == fair.scores and official.items == fair.items
    assert official.signature.replace("profile:official", "profile:fair") == fair.signature


@pytest.mark.parametrize("profile", list(PROFILES))
def test_signature_names_norm_and_each_tokenizer(profile):
    needs_mecab()
    fields = signature_fields(answermatch.evaluate("ntcir-dsqa", *EXAMPLE, profile).signature)
    assert (fields["task"], fields["profile"], fields["norm"]) == (
        "ntcir-dsqa",
        profile,
        "ntcir-dsqa",
    )
    assert fields["tok.en"] == "whitespace" and fields["tok.ja"].startswith("mecab")
    english = answermatch.evaluate("ntcir-dsqa", {"DS2-QA-E-1": "x"}, {"DS2-QA-E-1": "x"})
    assert not [k for k in signature_fields(english.signature) if k == "tok.ja"]


def test_description_lists_the_shapes_and_the_option():
    described = get_task("ntcir-dsqa").describe()
    assert described["profiles"] == ["official", "fair"] and described["languages"] == ["en", "ja"]
    assert set(described["shapes"]) == {"gold", "predictions"}
    assert "default_lang" in described["options"]


def test_cli_official_and_fair_side_by_side(capsys):
    needs_mecab()
    docs = REPO / "docs" / "examples" / "ntcir-dsqa"
    argv = [
        "score",
        "ntcir-dsqa",
        "--gold",
        str(docs / "gold.tsv"),
        "--pred",
        str(docs / "run.tsv"),
    ]
    assert main([*argv, "--profile", "official,fair", "--json", "--quiet"]) == 0
    official, fair = json.loads(capsys.readouterr().out)
    assert official["scores"] == fair["scores"] and official["signature"] != fair["signature"]


# --- --gold and --pred exchanged ----------------------------------------------------------------


def test_swapped_files_are_named_as_such(tmp_path, capsys):
    gold = write(tmp_path / "gold.tsv", "DS2-QA-E-1\tTokyo\tTokyo Metropolis\n")
    run = write(tmp_path / "run.tsv", SYSDESC + "DS2-QA-E-1\ttokyo\n")
    assert answermatch.evaluate("ntcir-dsqa", gold, run).scores["em"] == 100.0
    assert main(["score", "ntcir-dsqa", "--gold", run, "--pred", gold]) == 2
    err = capsys.readouterr().err
    assert f"{run}:1: this is a run file" in err and "swapped" in err
    # a gold file given as the run, its first question with several answers
    with pytest.raises(InputError, match=r"gold.tsv:1: expected the system description.*swapped"):
        answermatch.evaluate("ntcir-dsqa", {"DS2-QA-E-1": "x"}, tmp_path / "gold.tsv")


def test_run_without_description_is_not_called_swapped(tmp_path):
    run = write(tmp_path / "run.tsv", "DS2-QA-E-1\tTokyo\n")
    with pytest.raises(InputError, match="expected the system description") as info:
        answermatch.evaluate("ntcir-dsqa", {"DS2-QA-E-1": "tokyo"}, run)
    assert "swapped" not in str(info.value)
