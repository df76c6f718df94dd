"""Disagreements that benchmarks/differential.py found between answermatch's
``official`` profiles and the official scripts, on tiny inputs; each is fixed
now, and its test keeps it so.

Every expected figure below is what the OFFICIAL script printed for the input
written inline (the command is named beside each case); none comes from
answermatch.
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import pytest

from answermatch import evaluate
from answermatch.errors import AnswermatchWarning, InputError


def write(path: Path, obj: object, raw: str | None = None) -> str:
    path.write_text(
        raw if raw is not None else json.dumps(obj, ensure_ascii=False), encoding="utf-8"
    )
    return str(path)


def quiet(task: str, gold: str, pred: str, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return evaluate(task, gold, pred, **options)


# --- CMRC 2018 v5 (-o version=5): the Python 2 script's unicode.lower()/strip() --------------
#
# Command: python2.7 data/cmrc2018_evaluate.py GOLD PRED  (ymcui/cmrc2018 @ c0eb1b6,
# CPython 2.7.18, nltk 3.4.5, Unicode database 5.2.0). The script lower-cases
# with Python 2's unicode.lower() (simple case mappings: "İ" -> "i", no
# final sigma; Unicode 5.2, so Georgian Mtavruli has no lower case) and strips /
# splits on Python 2's whitespace (U+180E is whitespace there).

V5_CASES = [
    # (gold answer, prediction, printed EM, printed F1)
    pytest.param("ΟΔΟΣ", "οδος", "0.000", "0.000", id="final-sigma"),
    pytest.param("İstanbul", "istanbul", "100.000", "100.000", id="dotted-capital-i"),
    pytest.param("\u10d0\u10d1", "\u1c90\u1c91", "0.000", "0.000", id="georgian-mtavruli"),
    pytest.param("cat x\u180ey", "cat", "0.000", "50.000", id="mongolian-vowel-separator"),
]


@pytest.mark.parametrize(("answer", "prediction", "em", "f1"), V5_CASES)
def test_cmrc2018_v5_python2_case_mapping(tmp_path, answer, prediction, em, f1):
    gold = write(
        tmp_path / "gold.json",
        [
            {
                "context_id": "C",
                "context_text": "c",
                "qas": [{"query_id": "Q1", "query_text": "?", "answers": [answer]}],
            }
        ],
    )
    pred = write(tmp_path / "pred.json", {"Q1": prediction})
    scores = quiet("cmrc2018", gold, pred, version=5).scores
    assert f"{scores['EM']:.3f}" == em
    assert f"{scores['F1']:.3f}" == f1


def test_cmrc2018_v5_original_layout_reads_query_id(tmp_path):
    # Command: python2.7 data/cmrc2018_evaluate.py GOLD PRED printed
    # {"AVERAGE": "100.000", "F1": "100.000", "EM": "100.000", "TOTAL": 1, "SKIP": 0, ...}
    gold = write(
        tmp_path / "gold.json",
        [
            {
                "context_id": "C",
                "context_text": "c",
                "qas": [{"query_id": "Q1", "id": "OTHER", "query_text": "?", "answers": ["北京"]}],
            }
        ],
    )
    pred = write(tmp_path / "pred.json", {"Q1": "北京"})
    scores = quiet("cmrc2018", gold, pred, version=5).scores
    assert scores["SKIP"] == 0
    assert f"{scores['EM']:.3f}" == "100.000"


# --- SQuAD v2.0: NaN no-answer probabilities ----------------------------------------------


def test_squad_v2_nan_probability_is_accepted(tmp_path, capsys):
    # Command: python evaluate-v2.0.py GOLD PRED --na-prob-file NA (SQuAD-explorer @ eee5fdb)
    # printed: exact 50.0, f1 50.0, HasAns_exact 100.0, NoAns_exact 0.0,
    # best_exact 100.0, best_exact_thresh NaN, best_f1 100.0, best_f1_thresh NaN
    gold = write(
        tmp_path / "gold.json",
        {
            "version": "v2.0",
            "data": [
                {
                    "title": "t",
                    "paragraphs": [
                        {
                            "context": "c",
                            "qas": [
                                {
                                    "id": "q1",
                                    "question": "?",
                                    "answers": [{"text": "Paris", "answer_start": 0}],
                                },
                                {"id": "q2", "question": "?", "answers": []},
                            ],
                        }
                    ],
                }
            ],
        },
    )
    pred = write(tmp_path / "pred.json", {"q1": "Paris", "q2": "London"})
    na = write(tmp_path / "na.json", None, raw='{"q1": NaN, "q2": 0.5}')
    scores = quiet("squad-v2", gold, pred, na_prob=na).scores
    assert scores["exact"] == 50.0
    assert scores["NoAns_exact"] == 0.0
    assert scores["best_exact"] == 100.0
    assert scores["best_f1"] == 100.0
    assert math.isnan(scores["best_exact_thresh"])
    assert math.isnan(scores["best_f1_thresh"])
    # --json: standard JSON has no NaN, so the CLI writes null (docs/cli.rst)
    from answermatch.cli import main

    def no_constants(name: str) -> None:
        raise AssertionError(f"{name} in --json output")

    argv = ["score", "squad-v2", "--gold", gold, "--pred", pred, "-o", f"na_prob={na}"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        assert main([*argv, "--json", "--quiet"]) == 0
    printed = json.loads(capsys.readouterr().out, parse_constant=no_constants)["scores"]
    assert printed["best_exact_thresh"] is None and printed["best_f1_thresh"] is None
    assert printed["best_f1"] == 100.0


def test_squad_v2_nan_probabilities_sort_as_the_script_sorts_them(tmp_path):
    # Command: python evaluate-v2.0.py GOLD PRED --na-prob-file NA --na-prob-thresh 0.4
    # (SQuAD-explorer evaluate-v2.0.py) printed: exact 60.0, HasAns_exact
    # 66.66666666666667, NoAns_exact 50.0, best_exact 60.0 at NaN, best_f1 60.0 at
    # NaN. Two NaNs and an id the gold lacks ("extra", which the script's sort
    # of every probability includes).
    answers = {"q0": ["Paris"], "q1": [], "q2": ["Rome"], "q3": [], "q4": ["Oslo"]}
    qas = [
        {"id": k, "question": "?", "answers": [{"text": t, "answer_start": 0} for t in v]}
        for k, v in answers.items()
    ]
    gold = write(
        tmp_path / "gold.json",
        {"version": "v2.0", "data": [{"title": "t", "paragraphs": [{"context": "c", "qas": qas}]}]},
    )
    pred = write(
        tmp_path / "pred.json", {"q0": "Paris", "q1": "Lima", "q2": "Rome", "q3": "", "q4": "Bern"}
    )
    na = write(
        tmp_path / "na.json",
        None,
        raw='{"q3": 0.5, "q0": NaN, "extra": 0.1, "q4": 0.9, "q1": NaN, "q2": 0.3}',
    )
    with pytest.warns(
        AnswermatchWarning, match=r"2 no-answer probabilities are NaN \('q0', 'q1'\)"
    ):
        scores = evaluate("squad-v2", gold, pred, na_prob=na, na_prob_thresh=0.4).scores
    assert (scores["exact"], scores["f1"]) == (60.0, 60.0)
    assert scores["HasAns_exact"] == pytest.approx(66.66666666666667, abs=1e-12)
    assert (scores["NoAns_exact"], scores["best_exact"], scores["best_f1"]) == (50.0, 60.0, 60.0)
    assert math.isnan(scores["best_exact_thresh"]) and math.isnan(scores["best_f1_thresh"])


# --- XOR-Full: an empty gold file ----------------------------------------------------------


def test_xor_full_empty_gold_scores_zero(tmp_path):
    # Command: python evals/eval_xor_full.py --data_file GOLD --pred_file PRED
    # (AkariAsai/XORQA; nltk 3.10.4, mecab-python3 + unidic-lite) printed, for an empty
    # GOLD and PRED = {}: "avg f1: 0.0", "avg em: 0.0", "avg bleu: 0.0"
    gold = write(tmp_path / "gold.jsonl", None, raw="")
    pred = write(tmp_path / "pred.json", {})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scores = evaluate("xor-full", gold, pred).scores
    assert any("the gold has no question" in str(w.message) for w in caught)
    assert (scores["f1"], scores["em"], scores["bleu"]) == (0.0, 0.0, 0.0)
    # the other XOR scripts fail on an empty gold: so does reading it there
    with pytest.raises(InputError, match="the gold has no question"):
        evaluate("xor-engspan", gold, pred)
