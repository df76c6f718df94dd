"""NTCIR-16 Data Search QA: EM and macro F1 over word sets (en: whitespace, ja: MeCab).

No official scorer or figures exist: every expected value below is worked
out by hand in the comments.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.tasks.ntcir_dsqa import set_f1, strip_punct_keep_numbers

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "ntcir-dsqa"
SYSDESC = "<SYSDESC>test run</SYSDESC>\n"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def score(gold, run, **kwargs):
    return answermatch.evaluate("ntcir-dsqa", gold, run, **kwargs)


# --- English -------------------------------------------------------------------


def test_english_hand_computed(tmp_path):
    gold = write(
        tmp_path / "gold.tsv",
        "DS2-QA-E-1\t13,510,000\n"
        "DS2-QA-E-2\t2010\tFY2010\n"
        "DS2-QA-E-3\tthe Tokyo Metropolis\n"
        "DS2-QA-E-4\t-2.1%\n",
    )
    run = write(
        tmp_path / "run.tsv",
        SYSDESC + "DS2-QA-E-1\t13510000\nDS2-QA-E-2\tfiscal year 2010\n"
        "DS2-QA-E-3\tTokyo\nDS2-QA-E-4\t2.1%\n",
    )
    result = score(gold, run)
    # E-1: "13,510,000" -> "13510000" = prediction: EM 1, F1 1.
    # E-2: {fiscal, year, 2010} vs {2010}: P 1/3, R 1 -> F1 (2/3)/(4/3) = 1/2;
    #      vs {fy2010}: 0. Best 1/2 with gold "2010".
    # E-3: "the" dropped: {tokyo} vs {tokyo, metropolis}: P 1, R 1/2 -> F1 2/3.
    # E-4: "-2.1" vs "2.1": the sign is kept, so EM 0 and F1 0.
    ems = [item["em"] for item in result.items]
    f1s = [item["f1"] for item in result.items]
    assert ems == [1.0, 0.0, 0.0, 0.0]
    assert f1s == pytest.approx([1.0, 0.5, 2 / 3, 0.0], abs=1e-12)
    assert [item["gold"] for item in result.items][1:3] == ["2010", "the Tokyo Metropolis"]
    assert [item["score"] for item in result.items] == ems
    # EM 1/4; F1 (1 + 1/2 + 2/3 + 0) / 4 = 13/24
    assert result.scores["em"] == pytest.approx(25.0, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(100 * 13 / 24, abs=1e-9)
    assert list(result.scores) == ["em", "f1"]
    assert result.per_language == {
        "en": {"em": pytest.approx(25.0), "f1": pytest.approx(100 * 13 / 24), "count": 4}
    }
    assert result.n == 4
    assert "tok.en:whitespace" in result.signature and "norm:ntcir-dsqa" in result.signature


def test_f1_is_over_word_sets_not_multisets():
    # {tokyo} vs {tokyo, metropolis}: P 1, R 1/2 -> 2/3 (a multiset F1 would give
    # P 1/2 -> 1/2 for "tokyo tokyo")
    result = score({"DS2-QA-E-1": "Tokyo Metropolis"}, {"DS2-QA-E-1": "tokyo, Tokyo"})
    assert result.items[0]["f1"] == pytest.approx(2 / 3, abs=1e-12)
    assert set_f1(["a", "a", "b"], ["a", "b"]) == 1.0


def test_em_and_f1_take_the_best_gold_answer_each():
    # gold "new york city" gives F1 2*(2/2)(2/3)/(5/3) = 4/5; gold "NYC" gives 0.
    # "new york" itself is a gold answer -> EM 1 and F1 1.
    result = score(
        {"DS2-QA-E-1": ["NYC", "new york city", "New York"]}, {"DS2-QA-E-1": "new  york"}
    )
    assert (result.items[0]["em"], result.items[0]["f1"]) == (1.0, 1.0)
    assert result.items[0]["gold"] == "New York"
    result = score({"DS2-QA-E-1": ["NYC", "new york city"]}, {"DS2-QA-E-1": "New York"})
    assert result.items[0]["f1"] == pytest.approx(4 / 5, abs=1e-12)
    assert result.items[0]["gold"] == "new york city"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("１３，５１０，０００", "13510000"),  # full width folded, thousands commas dropped
        ("3.5%", "3.5"),  # decimal point kept, % dropped
        ("−2.1", "-2.1"),  # U+2212 minus sign becomes "-" and is kept
        ("1990-2000", "19902000"),  # a hyphen between numbers is punctuation
        ("1,2", "12"),  # not a thousands separator: deleted like any comma
        ("The U.S.A.", "usa"),
        ("ＡＢＣ Straße", "abc strasse"),
        ("Wiki\u00adpedia\u200b", "wikipedia"),  # soft hyphen and zero-width space
    ],
)
def test_english_normalization(text, expected):
    result = score({"DS2-QA-E-1": expected}, {"DS2-QA-E-1": text})
    assert result.items[0]["em"] == 1.0


def test_numbers_keep_their_value():
    assert strip_punct_keep_numbers("3.5") != strip_punct_keep_numbers("35")
    assert strip_punct_keep_numbers("-2") != strip_punct_keep_numbers("2")
    result = score({"DS2-QA-E-1": "3.5"}, {"DS2-QA-E-1": "35"})
    assert result.scores == {"em": 0.0, "f1": 0.0}


def test_empty_answer_scores_zero():
    result = score({"DS2-QA-E-1": "Tokyo"}, {"DS2-QA-E-1": ""})
    assert (result.items[0]["em"], result.items[0]["f1"]) == (0.0, 0.0)
    assert set_f1([], ["tokyo"]) == 0.0 and set_f1(["tokyo"], []) == 0.0


def test_gold_answer_empty_once_normalized_warns():
    with pytest.warns(
        AnswermatchWarning,
        match=r"1 gold answer\(s\) are empty once normalized.*: DS2-QA-E-1 '\?!'",
    ):
        result = score({"DS2-QA-E-1": "?!"}, {"DS2-QA-E-1": ""})
    # "" == "" once normalized: EM 1, and two empty word sets F1 1
    assert (result.items[0]["em"], result.items[0]["f1"]) == (1.0, 1.0)


# --- Japanese (MeCab words through answermatch.tokenize(text, "ja")) --------------


def test_japanese_words_are_mecab_words():
    pytest.importorskip("fugashi", reason="the ja extra (fugashi) is not installed")
    # checked by hand: unidic-lite splits numerals from 万 and from the counter 人
    assert answermatch.tokenize("1351万人", "ja") == ["1351", "万", "人"]
    assert answermatch.tokenize("2010年", "ja") == ["2010", "年"]
    assert answermatch.tokenize("東京都千代田区", "ja") == ["東京", "都", "千代田", "区"]


def test_japanese_hand_computed(tmp_path):
    pytest.importorskip("fugashi", reason="the ja extra (fugashi) is not installed")
    gold = write(
        tmp_path / "gold.tsv",
        "DS2-QA-J-1\t東京都千代田区\nDS2-QA-J-2\t１，３５１万人\n"
        "DS2-QA-J-3\t平成22年\t2010年\nDS2-QA-J-4\t東京都\n",
    )
    run = write(
        tmp_path / "run.tsv",
        SYSDESC + "DS2-QA-J-1\t東京都\u3000千代田区\nDS2-QA-J-2\t1351万\n"
        "DS2-QA-J-3\t2010\nDS2-QA-J-4\t千代田区\n",
    )
    result = score(gold, run)
    # J-1: NFKC turns U+3000 into a space, which Japanese deletes: EM 1, F1 1.
    # J-2: gold NFKC "1,351万人" -> "1351万人" = {1351, 万, 人}; run {1351, 万}:
    #      P 1, R 2/3 -> F1 (4/3)/(5/3) = 4/5.
    # J-3: {2010} vs {平成, 22, 年}: 0; vs {2010, 年}: P 1, R 1/2 -> 2/3 (best).
    # J-4: {千代田, 区} vs {東京, 都}: 0.
    assert [i["em"] for i in result.items] == [1.0, 0.0, 0.0, 0.0]
    assert [i["f1"] for i in result.items] == pytest.approx([1.0, 4 / 5, 2 / 3, 0.0], abs=1e-12)
    assert result.items[2]["gold"] == "2010年"
    assert {i["lang"] for i in result.items} == {"ja"}
    # EM 1/4; F1 (1 + 4/5 + 2/3 + 0) / 4 = (37/15) / 4 = 37/60
    assert result.scores["em"] == pytest.approx(25.0, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(100 * 37 / 60, abs=1e-9)
    assert "tok.ja:" in result.signature and "tok.en" not in result.signature


def test_example_files_both_languages():
    pytest.importorskip("fugashi", reason="the ja extra (fugashi) is not installed")
    result = score(EXAMPLES / "gold.tsv", EXAMPLES / "run.tsv")
    # see examples/ntcir-dsqa/README.md: en EM 1/4, F1 (1 + 1/2 + 2/3 + 0)/4 = 13/24;
    # ja EM 1/3, F1 (1 + 4/5 + 2/3)/3 = 37/45; all EM 2/7, F1 (13/6 + 37/15)/7 = 139/210
    assert result.per_language["en"] == {
        "em": pytest.approx(25.0, abs=1e-9),
        "f1": pytest.approx(100 * 13 / 24, abs=1e-9),
        "count": 4,
    }
    assert result.per_language["ja"] == {
        "em": pytest.approx(100 / 3, abs=1e-9),
        "f1": pytest.approx(100 * 37 / 45, abs=1e-9),
        "count": 3,
    }
    assert result.scores["em"] == pytest.approx(100 * 2 / 7, abs=1e-9)
    assert result.scores["f1"] == pytest.approx(100 * 139 / 210, abs=1e-9)
    assert [i["id"] for i in result.items][:2] == ["DS2-QA-E-0001", "DS2-QA-E-0002"]
    assert list(result.per_language) == ["en", "ja"]


# --- run and gold files ------------------------------------------------------------


@pytest.mark.parametrize(
    "first",
    [
        "<SYSDESC>BERT-based approach</SYSDESC>",
        "<SYSDESC>BERT-based approach<SYSDESC>",  # the task page's own example
        "\ufeff<SYSDESC></SYSDESC>\r",
    ],
)
def test_sysdesc_closings_accepted(tmp_path, first):
    run = write(tmp_path / "run.tsv", first + "\nDS2-QA-E-1\tTokyo\r\n\n")
    assert score({"DS2-QA-E-1": "tokyo"}, run).scores["em"] == 100.0


@pytest.mark.parametrize("first", ["DS2-QA-E-1\tTokyo", "", "<SYSDESC>unterminated"])
def test_missing_sysdesc_is_an_error_on_line_1(tmp_path, first):
    run = write(tmp_path / "run.tsv", first + "\nDS2-QA-E-1\tTokyo\n")
    with pytest.raises(InputError, match=r"run.tsv:1: expected the system description"):
        score({"DS2-QA-E-1": "tokyo"}, run)


def test_missing_questions_are_listed_with_their_count(tmp_path):
    run = write(tmp_path / "run.tsv", SYSDESC + "DS2-QA-E-2\ty\n")
    gold = {"DS2-QA-E-1": "x", "DS2-QA-E-2": "y", "DS2-QA-E-3": "z"}
    with pytest.raises(
        InputError,
        match=r"no answer for 2 of the 3 gold questions: "
        r"DS2-QA-E-1, DS2-QA-E-3",
    ):
        score(gold, run)


def test_run_id_not_in_gold_warns_and_is_ignored(tmp_path):
    run = write(tmp_path / "run.tsv", SYSDESC + "DS2-QA-E-1\tx\nDS2-QA-E-9\tz\n")
    with pytest.warns(
        AnswermatchWarning,
        match=r"run.tsv:3: 1 question id\(s\) are not in "
        r"the gold and are ignored: DS2-QA-E-9",
    ):
        result = score({"DS2-QA-E-1": "x"}, run)
    assert result.n == 1 and result.scores["em"] == 100.0
    assert len(result.warnings) == 1
    with pytest.raises(InputError, match="--strict"):
        score({"DS2-QA-E-1": "x"}, run, strict=True)


def test_duplicate_ids_name_both_lines(tmp_path):
    run = write(tmp_path / "run.tsv", SYSDESC + "DS2-QA-E-1\tx\n\nDS2-QA-E-1\ty\n")
    with pytest.raises(
        InputError,
        match=r"run.tsv:4: question id 'DS2-QA-E-1' appears "
        r"twice \(lines 2 and 4\)",
    ):
        score({"DS2-QA-E-1": "x"}, run)
    gold = write(tmp_path / "gold.tsv", "DS2-QA-E-1\tx\nDS2-QA-E-2\ty\nDS2-QA-E-1\tz\n")
    with pytest.raises(InputError, match=r"gold.tsv:3: .*appears twice \(lines 1 and 3\)"):
        score(gold, {"DS2-QA-E-1": "x", "DS2-QA-E-2": "y"})


def test_line_without_tab_is_an_error(tmp_path):
    run = write(tmp_path / "run.tsv", SYSDESC + "DS2-QA-E-1\tx\nDS2-QA-E-2 y\n")
    with pytest.raises(
        InputError,
        match=r"run.tsv:3: expected QUESTION_ID<TAB>ANSWER, "
        r"found no TAB",
    ):
        score({"DS2-QA-E-1": "x", "DS2-QA-E-2": "y"}, run)
    gold = write(tmp_path / "gold.tsv", "DS2-QA-E-1\tx\nDS2-QA-E-2\n")
    with pytest.raises(InputError, match=r"gold.tsv:2: expected QUESTION_ID<TAB>ANSWER"):
        score(gold, {"DS2-QA-E-1": "x", "DS2-QA-E-2": "y"})


def test_run_line_with_three_fields_is_an_error(tmp_path):
    run = write(tmp_path / "run.tsv", SYSDESC + "DS2-QA-E-1\tx\ty\n")
    with pytest.raises(InputError, match=r"run.tsv:2: .*found 3 fields"):
        score({"DS2-QA-E-1": "x"}, run)


def test_empty_gold_answer_is_an_error(tmp_path):
    gold = write(tmp_path / "gold.tsv", "DS2-QA-E-1\tx\t\n")
    with pytest.raises(InputError, match=r"gold.tsv:1: .*empty gold answer in column 3"):
        score(gold, {"DS2-QA-E-1": "x"})


def test_unmarked_id_is_an_error_unless_default_lang(tmp_path):
    gold = write(tmp_path / "gold.tsv", "DS2-QA-E-1\tx\nQ2\ty\n")
    run = {"DS2-QA-E-1": "x", "Q2": "y"}
    with pytest.raises(
        InputError, match=r"gold.tsv:2: question id 'Q2' contains neither -E- nor -J-"
    ):
        score(gold, run)
    result = score(gold, run, default_lang="en")
    assert [i["lang"] for i in result.items] == ["en", "en"]
    assert result.scores["em"] == 100.0
    with pytest.raises(InputError, match="default_lang must be one of en, ja"):
        score(gold, run, default_lang="fr")
    with pytest.raises(InputError, match="contains both -E- and -J-"):
        score({"X-E-J-1": "x"}, {"X-E-J-1": "x"}, default_lang="en")


def test_gzip_inputs(tmp_path):
    gold = tmp_path / "gold.tsv.gz"
    run = tmp_path / "run.tsv.gz"
    with gzip.open(gold, "wt", encoding="utf-8") as fh:
        fh.write("DS2-QA-E-1\tParis\n")
    with gzip.open(run, "wt", encoding="utf-8") as fh:
        fh.write(SYSDESC + "DS2-QA-E-1\tparis.\n")
    assert score(gold, run).scores == {"em": 100.0, "f1": 100.0}


def test_bad_objects_are_input_errors():
    with pytest.raises(InputError, match="must be a string"):
        score({"DS2-QA-E-1": "x"}, {"DS2-QA-E-1": 3})
    with pytest.raises(InputError, match="gold must be a TSV path or a dict"):
        score(["DS2-QA-E-1"], {"DS2-QA-E-1": "x"})
    with pytest.raises(InputError, match="the gold has no questions"):
        score({}, {})


# --- properties ---------------------------------------------------------------------

words = st.lists(st.sampled_from(["tokyo", "osaka", "2010", "the", "3.5", "US"]), max_size=4)


@settings(max_examples=200, deadline=None)
@given(
    pred=words,
    golds=st.lists(words.filter(lambda w: any(x != "the" for x in w)), min_size=1, max_size=3),
)
def test_scores_are_fractions_and_em_implies_f1(pred, golds):
    result = score({"DS2-QA-E-1": [" ".join(g) for g in golds]}, {"DS2-QA-E-1": " ".join(pred)})
    item = result.items[0]
    assert 0.0 <= item["f1"] <= 1.0 and item["em"] in (0.0, 1.0)
    if item["em"] == 1.0:
        assert item["f1"] == 1.0
    if " ".join(pred) in [" ".join(g) for g in golds]:
        assert item["em"] == 1.0
    assert 0.0 <= result.scores["f1"] <= 100.0


@settings(max_examples=200, deadline=None)
@given(
    x=st.lists(st.sampled_from("abcdef"), max_size=6),
    y=st.lists(st.sampled_from("abcdef"), max_size=6),
)
def test_set_f1_is_symmetric_and_bounded(x, y):
    assert set_f1(x, y) == pytest.approx(set_f1(y, x))
    assert 0.0 <= set_f1(x, y) <= 1.0
    assert (set_f1(x, y) == 1.0) == (set(x) == set(y))


# --- CLI ----------------------------------------------------------------------------


def test_cli_json(tmp_path, capsys):
    gold = write(tmp_path / "gold.tsv", "DS2-QA-E-1\tTokyo\nDS2-QA-E-2\tOsaka City\n")
    run = write(tmp_path / "run.tsv", SYSDESC + "DS2-QA-E-1\ttokyo\nDS2-QA-E-2\tOsaka\n")
    items = tmp_path / "items.jsonl"
    code = main(
        [
            "score",
            "ntcir-dsqa",
            "--gold",
            str(gold),
            "--pred",
            str(run),
            "--json",
            "--items",
            str(items),
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    # EM (1 + 0)/2; F1 (1 + 2/3)/2 = 5/6
    assert out["scores"]["em"] == pytest.approx(50.0, abs=1e-9)
    assert out["scores"]["f1"] == pytest.approx(100 * 5 / 6, abs=1e-9)
    lines = [json.loads(line) for line in items.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["score"]) for r in lines] == [("DS2-QA-E-1", 1.0), ("DS2-QA-E-2", 0.0)]


def test_cli_default_lang_option_and_errors(tmp_path, capsys):
    gold = write(tmp_path / "gold.tsv", "Q1\tTokyo\n")
    run = write(tmp_path / "run.tsv", SYSDESC + "Q1\ttokyo\n")
    assert main(["score", "ntcir-dsqa", "--gold", str(gold), "--pred", str(run)]) == 2
    assert "gold.tsv:1: question id 'Q1' contains neither" in capsys.readouterr().err
    assert (
        main(
            [
                "score",
                "ntcir-dsqa",
                "--gold",
                str(gold),
                "--pred",
                str(run),
                "-o",
                "default_lang=en",
            ]
        )
        == 0
    )
    assert "100.00" in capsys.readouterr().out
    bad = write(tmp_path / "bad.tsv", "Q1\ttokyo\n")
    assert (
        main(
            [
                "score",
                "ntcir-dsqa",
                "--gold",
                str(gold),
                "--pred",
                str(bad),
                "-o",
                "default_lang=en",
            ]
        )
        == 2
    )
    assert "bad.tsv:1: expected the system description" in capsys.readouterr().err
