"""PolEval 2021 QA through the generic services: explain, check-gold,
compare, the fair profile, signatures, and files given the wrong way round.

Moved here from the shared test files (test_explain, test_check_gold,
test_compare, test_fair_profiles, test_signatures, test_cli); expected
figures are the official ones in ../shared/parity or derived by hand in the
comments.
"""

from __future__ import annotations

import dataclasses
import json
import warnings
from pathlib import Path

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError, UnknownProfileError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.signature import signature_fields
from answermatch.significance import aggregation_of, compare
from answermatch.tasks import get_task
from answermatch.tasks.poleval2021 import PROFILES, PolEval2021, fair_number, fold
from answermatch.tasks.poleval2021.reading import SWAP_MIN_LINES

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = (
    REPO / "examples" / "poleval2021" / "expected.tsv",
    REPO / "examples" / "poleval2021" / "out.tsv",
)
DOCS_EXAMPLE = (
    REPO / "docs" / "examples" / "poleval2021" / "expected.tsv",
    REPO / "docs" / "examples" / "poleval2021" / "out.tsv",
)
SYSTEMS = ["filipggg-mt5", "filipggg-polish-roberta-large", "poleval-baseline3-always-tak"]


def files(parity, system: str) -> tuple[Path, Path, dict]:
    gold = parity("poleval2021", "dev-0", "expected.tsv")
    pred = parity("poleval2021", "outputs", f"{system}.dev-0.out.tsv")
    official = json.loads(
        parity("poleval2021", "outputs", f"{system}.dev-0.official.json").read_text("utf-8")
    )
    return gold, pred, official


def assert_explain_agrees(gold, pred, profile="official", limit=None) -> int:
    """Every figure of every explanation equals the evaluate() item's."""
    items = answermatch.evaluate("poleval2021", gold, pred, profile).items
    explanations = explain("poleval2021", gold, pred, profile=profile, limit=limit)
    assert len(explanations) == (len(items) if limit is None else min(limit, len(items)))
    for e, item in zip(explanations, items, strict=False):
        assert e.id == item["id"] and e.profile == profile
        assert set(e.scores) == {"score"}
        assert e.scores["score"] == item["score"]
        # the item's figure is the best of its variants judged alone
        assert max(v.scores["score"] for v in e.variants) == item["score"]
        if item["matched_variant"] is not None:
            assert e.variants[item["matched_variant"]].matched
            assert not any(v.matched for v in e.variants[: item["matched_variant"]])
    return len(explanations)


# --- explain --------------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_explain_agrees_with_evaluate_on_the_example(profile):
    assert assert_explain_agrees(*map(str, EXAMPLE), profile=profile) == 14


@pytest.mark.parity
@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("profile", list(PROFILES))
def test_explain_agrees_with_evaluate_on_parity(parity, system, profile):
    gold, pred, _ = files(parity, system)
    assert assert_explain_agrees(str(gold), str(pred), profile) == 1000


@pytest.mark.parity
def test_explain_gives_the_official_verdict_of_every_line(parity):
    gold, pred, official = files(parity, "filipggg-mt5")
    verdicts = [e.score for e in explain("poleval2021", str(gold), str(pred))]
    assert verdicts == [float(v) for v in official["per_item"]]


def test_explain_number_and_fuzzy_rules():
    gold = [["figa i pasternak", "pasternak i figa"], ["XIV", "czternaście"]]
    fuzzy, number = explain("poleval2021", gold, ["Pasternak", "14 lat"])
    # "pasternak" vs "figa i pasternak": 7 deletions, at most 16 / 2
    assert fuzzy.variants[0].rule == "fuzzy"
    assert fuzzy.variants[0].details["distance"] == 7
    assert fuzzy.variants[0].details["max_distance"] == 8.0
    assert fuzzy.score == 1.0 and fuzzy.rule.startswith("variant 1")
    assert number.variants[0].rule == "number"
    assert number.variants[0].details["gold_number"] == "14"
    assert number.variants[0].details["answer_number"] == "14"
    assert "roman" in number.variants[0].details
    assert number.score == 1.0 and number.verdict == "correct"


def test_explain_no_match():
    [e] = explain("poleval2021", [["Warszawa"]], ["Kraków"])
    assert e.score == 0.0 and e.verdict == "wrong" and e.rule == "no variant matched"
    assert e.variants[0].details["distance"] > e.variants[0].details["max_distance"]


def test_explain_fair_reads_numbers_by_value():
    # official: "3,5" yields "3" against "3.5"; fair reads 3.5 for both
    [official] = explain("poleval2021", [["3.5"]], ["3,5"])
    [fair] = explain("poleval2021", [["3.5"]], ["3,5"], profile="fair")
    assert official.variants[0].details["answer_number"] == "3" and official.score == 0.0
    assert fair.variants[0].details["answer_number"] == "3.5" and fair.score == 1.0
    assert fair.profile == "fair"


def test_explain_ids_limit_and_unknown_ids():
    gold, pred = map(str, EXAMPLE)
    assert [e.id for e in explain("poleval2021", gold, pred, ids=["3", 1])] == [1, 3]
    assert [e.id for e in explain("poleval2021", gold, pred, limit=2)] == [1, 2]
    with pytest.raises(InputError, match="no item with id 12345, 999"):
        explain("poleval2021", gold, pred, ids=["999", "12345", "1"])
    with pytest.raises(UnknownProfileError, match="no profile 'nope'"):
        explain("poleval2021", gold, pred, profile="nope")


def test_explain_reads_with_the_scoring_readers(tmp_path):
    gold = tmp_path / "expected.tsv"
    gold.write_bytes(b"a\nb\n")
    pred = tmp_path / "out.tsv"
    pred.write_bytes(b"a\n")
    with pytest.raises(InputError, match="too few lines: 1 in the predictions, 2 in the gold"):
        explain("poleval2021", str(gold), str(pred))


def test_cli_explain_unknown_id_exits_2(capsys):
    gold, pred = map(str, EXAMPLE)
    status = main(["explain", "poleval2021", "--gold", gold, "--pred", pred, "--id", "4242"])
    assert status == 2
    assert "no item with id 4242" in capsys.readouterr().err


def test_cli_explain_text(capsys):
    gold, pred = map(str, EXAMPLE)
    assert main(["explain", "poleval2021", "--gold", gold, "--pred", pred, "--id", "6"]) == 0
    out = capsys.readouterr().out
    # line 6: "czerwony i biały" matches its second variant (examples/poleval2021/README.md)
    assert out.startswith("poleval2021 6 (pl): correct")
    assert "variant 2 matched by the fuzzy rule" in out


# --- check-gold -----------------------------------------------------------------------

CHECK_CASES = [
    ("a\tb\t\tc\n", ("error", "empty-variant", 1)),
    ("ok\nPolska\tPolska\n", ("info", "duplicate-variant", 2)),
    ("Warszawa\twarszawa\n", ("info", "same-after-normalization", 1)),
    ("ok\nw XIV\t14\n", ("info", "same-after-normalization", 2)),
    ("ok\nok\ntlen i krzem\n", ("warning", "one-order-only", 3)),
    ("witamina C\n", ("warning", "roman-word", 1)),
]


def write(tmp_path: Path, text: str | bytes, name: str = "expected.tsv") -> str:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return str(path)


def test_check_gold_clean_file_has_no_finding(tmp_path):
    path = write(tmp_path, "Paryż\tParis\nfiga i mak\tmak i figa\nLudwik XIV\n")
    assert check_gold("poleval2021", path) == []


@pytest.mark.parametrize(("text", "expected"), CHECK_CASES, ids=lambda v: str(v)[:30])
def test_check_gold_each_check_fires(tmp_path, text, expected):
    path = write(tmp_path, text)
    severity, code, line = expected
    matching = [f for f in check_gold("poleval2021", path) if f.code == code]
    assert matching
    assert (matching[0].severity, matching[0].line, matching[0].file) == (severity, line, path)
    assert matching[0].message


def test_check_gold_roman_word_names_the_number(tmp_path):
    [finding] = check_gold("poleval2021", write(tmp_path, "witamina C\n"))
    assert "'C' is read as the Roman numeral 100" in finding.message


@pytest.mark.parametrize("content", [b"", b"\n"[:0]])
def test_check_gold_refuses_what_score_refuses(tmp_path, content):
    # an empty gold: score refuses it (GEval's accuracy of zero lines is NaN)
    path = write(tmp_path, content)
    with pytest.raises(InputError, match="no lines to score"):
        answermatch.evaluate("poleval2021", path, [])
    [finding] = check_gold("poleval2021", path)
    assert (finding.severity, finding.code) == ("error", "unreadable")
    assert "no lines to score" in finding.message


def test_check_gold_reports_what_score_warns_about(tmp_path):
    # invalid UTF-8 and a byte-order mark: score warns (GEval goes on), so
    # check-gold gives warnings with the reader's messages, not errors
    path = write(tmp_path, b"\xef\xbb\xbfa\nb\xff\n")
    with pytest.warns(AnswermatchWarning):
        answermatch.evaluate("poleval2021", path, ["a", "b"])
    findings = check_gold("poleval2021", path)
    assert {(f.severity, f.code) for f in findings} == {("warning", "reader-warning")}
    messages = " ".join(f.message for f in findings)
    assert "invalid UTF-8" in messages and "byte-order mark" in messages


def test_check_gold_reports_each_empty_variant(tmp_path):
    path = write(tmp_path, "a\nb\t\n\tc\t\td\nx\t\n\t\n")  # line 3: "c\t\td" once stripped
    findings = check_gold("poleval2021", path)
    # lines 2 and 4 lose their TABs with the stripping of the line; line 5 is empty
    assert [(f.severity, f.code, f.line) for f in findings] == [
        ("error", "empty-variant", 3),
        ("error", "empty-variant", 5),
    ]
    # score warns once, naming the first such line
    with pytest.warns(AnswermatchWarning, match=r"expected.tsv:3: 2 gold line\(s\) are empty"):
        answermatch.evaluate("poleval2021", path, ["a", "b", "c", "x", "y"])


def test_cli_check_gold_exit_codes(tmp_path, capsys):
    clean = write(tmp_path, "Paryż\tParis\nfiga i mak\tmak i figa\nLudwik XIV\n")
    assert main(["check-gold", "poleval2021", "--gold", clean]) == 0
    assert "0 errors, 0 warnings, 0 info" in capsys.readouterr().out
    warn_only = write(tmp_path, "witamina C\n", "warn.tsv")
    assert main(["check-gold", "poleval2021", "--gold", warn_only]) == 0
    out = capsys.readouterr().out
    assert "warning:" in out and "[roman-word]" in out
    broken = write(tmp_path, "a\t\tb\n", "err.tsv")
    assert main(["check-gold", "poleval2021", "--gold", broken]) == 1
    assert f"{broken}:1: error:" in capsys.readouterr().out


@pytest.mark.parity
def test_check_gold_real_gold(parity):
    gold = parity("poleval2021", "dev-0", "expected.tsv")
    findings = check_gold("poleval2021", gold)
    lines = gold.read_text(encoding="utf-8").split("\n")
    roman = [f for f in findings if f.code == "roman-word"]
    # line 917 reads "Mieszka I": GEval takes the lone "I" for the number 1
    assert [f.line for f in roman] == [917] and lines[916] == "Mieszka I"
    assert not [f for f in findings if f.severity == "error"]


# --- aggregation and compare ------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_aggregation_reproduces_the_example_score(profile):
    result = answermatch.evaluate("poleval2021", *EXAMPLE, profile)
    hits = sum(1 for item in result.items if item["matched_variant"] is not None)
    assert result.scores == {"accuracy": hits / result.n * 100}
    assert aggregation_of(result).score(result.items) == result.scores["accuracy"]


@pytest.mark.parity
@pytest.mark.parametrize("system", SYSTEMS)
def test_aggregating_parity_items_gives_the_official_figure(parity, system):
    gold, pred, official = files(parity, system)
    for profile in PROFILES:
        result = answermatch.evaluate("poleval2021", gold, pred, profile)
        recomputed = aggregation_of(result).score(result.items)
        assert recomputed == result.scores["accuracy"]
        if profile == "official":
            assert abs(recomputed - official["scores"]["accuracy"]) <= 1e-9


def test_aggregation_of_a_resample_is_its_share_of_matches():
    agg = PolEval2021().aggregation(PROFILES["official"])
    items = [{"score": s} for s in (1.0, 0.0, 0.0, 1.0, 1.0)]
    assert agg.score(items) == 60.0
    # merged partial totals give the same figure as all items at once
    from answermatch.tasks.base import merge_totals

    merged = merge_totals(agg.totals(items[:2]), agg.totals(items[2:]))
    assert agg.combine(merged, None).scores == agg.summarize(items).scores


def test_compare_two_systems(tmp_path):
    gold, pred = EXAMPLE
    worse = tmp_path / "worse.tsv"
    worse.write_text("nie\n" * 14, encoding="utf-8")
    c = compare("poleval2021", gold, [pred, worse], resamples=200, seed=1)
    base, other = c.systems
    assert base.score == pytest.approx(8 / 14 * 100, abs=1e-9)
    # "nie" matches no line of the example (no gold "nie"/"tak")
    assert other.score == 0.0 and other.difference == pytest.approx(-base.score)


def test_cli_compare_table_ends_with_the_signature(capsys):
    gold, pred = map(str, EXAMPLE)
    argv = ["compare", "poleval2021", "--gold", gold, "--pred", pred, "--pred", pred]
    assert main([*argv, "--resamples", "20", "--seed", "3", "-q"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("poleval2021 (official), accuracy, n=14, paired bootstrap: 20")
    assert "(baseline)" in lines[2]
    assert lines[-1].startswith("signature: task:poleval2021|profile:official|")
    assert "|test:paired-bs|resamples:20|seed:3|version:" in lines[-1]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ((), "at least two --pred"),
        (("--pred", "PRED", "-o", "nope=1"), "unknown option"),
        (("--pred", "PRED", "--resamples", "0"), "at least 1"),
    ],
)
def test_cli_compare_errors_exit_2(capsys, extra, message):
    gold, pred = map(str, EXAMPLE)
    argv = ["compare", "poleval2021", "--gold", gold, "--pred", pred, "-q"]
    argv += [pred if a == "PRED" else a for a in extra]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert message in err and out == ""


# --- the fair profile -----------------------------------------------------------------------


def pol(gold, answer, profile):
    return answermatch.evaluate("poleval2021", [gold], [answer], profile).items[0]["score"]


def test_fair_decimal_comma():
    # official reads "3,5" as 3 (the regex needs a dot) against 3.5: no match
    assert pol("3.5", "3,5", "official") == 0.0
    assert pol("3.5", "3,5", "fair") == 1.0


def test_fair_thousands_and_leading_zero():
    # official: "1 000" yields "1" != "1000", "05" != "5" (string comparison)
    assert pol("1000", "1 000", "official") == 0.0
    assert pol("1000", "1 000", "fair") == 1.0
    assert pol("5", "05", "official") == 0.0
    assert pol("5", "05", "fair") == 1.0


def test_fair_sign():
    # official drops the minus of "-1" (only "-1.5"-like patterns keep it): "1" = "-1"
    assert pol("-1", "1", "official") == 1.0
    assert pol("-1", "1", "fair") == 0.0


def test_fair_lone_letter_is_not_a_roman_numeral():
    # official: the gold "witamina C" holds the numeral C = 100, so "100" matches;
    # fair: C alone is a letter, fuzzy "100" vs "witamina c" fails
    assert pol("witamina C", "100", "official") == 1.0
    assert pol("witamina C", "100", "fair") == 0.0
    assert pol("Jan III Sobieski", "3", "fair") == 1.0


def test_fair_case_folding():
    # full-width "ＷＡＲＳＺＡＷＡ" lowercases to full-width "ｗａｒｓｚａｗａ" officially
    # (8 substitutions from "warszawa", more than 8 / 2); fair folds it to "warszawa"
    assert pol("Warszawa", "ＷＡＲＳＺＡＷＡ", "official") == 0.0
    assert pol("Warszawa", "ＷＡＲＳＺＡＷＡ", "fair") == 1.0


def test_fair_scheme_is_a_configuration():
    fair, official = PROFILES["fair"], PROFILES["official"]
    assert fair.threshold == official.threshold == 0.5
    assert fair.number is fair_number and fair.lower is fold
    assert list(PolEval2021.profiles) == ["official", "fair"]


def test_a_settings_object_is_a_custom_profile():
    custom = dataclasses.replace(PROFILES["official"], number=fair_number)
    task = get_task("poleval2021")
    result = task.evaluate(["3.5", "Ｗarszawa"], ["3,5", "Warszawa"], custom)
    # numbers by value ("3,5" = 3.5) but GEval's lowercasing (Ｗ stays full width: d = 1)
    assert [i["score"] for i in result.items] == [1.0, 1.0]
    fields = signature_fields(result.signature)
    assert result.profile == fields["profile"] == "custom"
    assert fields["match"] == "LenientHarden/NumberValue/Lower/Fuzzy/Accuracy"
    assert task.profile_name(dataclasses.replace(PROFILES["fair"])) == "fair"


def test_cli_official_and_fair_side_by_side(capsys):
    gold, pred = map(str, DOCS_EXAMPLE)
    argv = ["score", "poleval2021", "--gold", gold, "--pred", pred, "--profile", "official,fair"]
    assert main([*argv, "--json", "--quiet"]) == 0
    official, fair = json.loads(capsys.readouterr().out)
    assert (official["profile"], fair["profile"]) == ("official", "fair")
    assert "profile:official" in official["signature"] and "profile:fair" in fair["signature"]
    assert set(official["scores"]) == set(fair["scores"]) == {"accuracy"}


# --- signatures, the task's description ---------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_signature_names_task_profile_rule_and_version(profile):
    result = answermatch.evaluate("poleval2021", *EXAMPLE, profile)
    parts = result.signature.split("|")
    assert parts[:2] == ["task:poleval2021", f"profile:{profile}"]
    assert parts[-1] == f"version:{answermatch.__version__}"
    fields = signature_fields(result.signature)
    assert fields["match"] == PROFILES[profile].scheme and fields["unicode"]
    assert not [k for k in fields if k.startswith("tok.")]  # edit distance over characters
    assert PROFILES["official"].scheme == "LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy"


def test_description_lists_the_shapes():
    described = get_task("poleval2021").describe()
    assert described["profiles"] == ["official", "fair"] and described["languages"] == ["pl"]
    assert set(described["shapes"]) == {"gold", "predictions"}
    assert "variants" in described["shapes"]["gold"] and described["gold_checks"] is True


def test_unknown_profile_and_option():
    with pytest.raises(UnknownProfileError, match="no profile 'nope'"):
        answermatch.evaluate("poleval2021", ["a"], ["a"], profile="nope")
    with pytest.raises(TypeError, match="unknown option"):
        answermatch.evaluate("poleval2021", ["a"], ["a"], nonsense=1)


# --- --gold and --pred exchanged (issue 15) ----------------------------------------------


def test_swapped_example_files_are_warned_about():
    gold, pred = EXAMPLE
    # the example gold has six lines with several variants (the first on line 3), its
    # output none
    with pytest.warns(AnswermatchWarning) as record:
        result = answermatch.evaluate("poleval2021", pred, gold)
    # then the empty line 14 of out.tsv, which GEval never matches as a gold
    assert len(record) == 2 and "out.tsv:14: 1 gold line(s) are empty" in str(record[1].message)
    message = str(record[0].message)
    assert message.startswith(f"{gold}:3: 6 prediction line(s) hold TAB-separated answers")
    assert "and only 0 gold line(s) do: are the gold and the predictions swapped?" in message
    assert result.warnings[0] == message
    with pytest.raises(InputError, match=r"swapped.*--strict"):
        answermatch.evaluate("poleval2021", pred, gold, strict=True)


def test_cli_swapped_files_warn_and_strict_exits_2(capsys):
    gold, pred = map(str, EXAMPLE)
    argv = ["score", "poleval2021", "--gold", pred, "--pred", gold]
    assert main(argv) == 0
    assert "are the gold and the predictions swapped?" in capsys.readouterr().err
    assert main([*argv, "--strict"]) == 2
    err = capsys.readouterr().err
    assert "are the gold and the predictions swapped?" in err and "Traceback" not in err


def test_swap_hint_in_a_line_count_error(tmp_path):
    gold = write(tmp_path, "tak\nnie\nx\n", "out.tsv")
    pred = write(tmp_path, "Tak\ta\nnie\n", "expected.tsv")
    swapped = r"too few lines.*are the gold and the predictions swapped\?"
    with pytest.raises(InputError, match=swapped):
        answermatch.evaluate("poleval2021", gold, pred)


def test_a_tab_in_fewer_lines_than_the_gold_variants_is_not_a_swap():
    gold = [["a", "b"], ["c", "d"], ["e"]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = answermatch.evaluate("poleval2021", gold, ["a\tb", "c", "e"])
    # GEval compares "a\tb" whole: d("a\tb", "a") = 2 > 0.5
    assert [i["score"] for i in result.items] == [0.0, 1.0, 1.0]


def test_lines_that_match_only_the_other_way_round():
    # no TABs: gold "Nil" (3) and the answer "Nilem": d = 2 > 3 / 2, but with
    # the files exchanged 2 <= 5 / 2. Every line matches only exchanged.
    n = SWAP_MIN_LINES
    with pytest.warns(AnswermatchWarning, match=f"{n} of the first {n} lines match only"):
        result = answermatch.evaluate("poleval2021", ["Nil"] * n, ["Nilem"] * n)
    assert result.scores["accuracy"] == 0.0
    # below the minimum number of lines nothing is said
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        answermatch.evaluate("poleval2021", ["Nil"] * (n - 1), ["Nilem"] * (n - 1))


@pytest.mark.parity
@pytest.mark.parametrize("system", SYSTEMS)
def test_real_files_given_the_wrong_way_round(parity, system):
    gold, pred, _ = files(parity, system)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert answermatch.evaluate("poleval2021", gold, pred).warnings == ()
    with pytest.raises(InputError, match="swapped"):
        answermatch.evaluate("poleval2021", pred, gold, strict=True)


# --- command line errors ----------------------------------------------------------------------


def test_cli_missing_files_and_bad_options_exit_2(tmp_path, capsys):
    missing = ["--gold", str(tmp_path / "nope.tsv"), "--pred", str(tmp_path / "nope2.tsv")]
    assert main(["score", "poleval2021", *missing]) == 2
    err = capsys.readouterr().err
    assert "nope.tsv" in err and "no such file" in err
    gold, pred = map(str, EXAMPLE)
    assert main(["score", "poleval2021", "--gold", gold, "--pred", pred, "-o", "colour=red"]) == 2
    err = capsys.readouterr().err
    assert "unknown option(s) for poleval2021: colour" in err and "Traceback" not in err
    assert main(["score", "poleval2021", "--gold", gold, "--pred", pred, "-o", "novalue"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
