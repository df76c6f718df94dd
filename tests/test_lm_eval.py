"""lm-evaluation-harness runs answermatch's metrics: the real ``lm_eval``
command line, its ``dummy`` model (which answers "lol" to everything), a tiny
local dataset through the shipped XQuAD config; nothing is downloaded."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import answermatch
from answermatch.integrations.lm_eval import TASKS_DIR, Metric

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow

ROWS = [
    {
        "id": "q1",
        "context": "lol is a word.",
        "question": "Which word?",
        "answers": {"text": ["lol"], "answer_start": [0]},
    },
    {
        "id": "q2",
        "context": "LOL! said the cat.",
        "question": "What did the cat say?",
        "answers": {"text": ["LOL!", "lol"], "answer_start": [0, 0]},
    },
    {
        "id": "q3",
        "context": "The lol cat sat.",
        "question": "Which cat?",
        "answers": {"text": ["the lol cat"], "answer_start": [0]},
    },
    {
        "id": "q4",
        "context": "Paris is in France.",
        "question": "Where is Paris?",
        "answers": {"text": ["France"], "answer_start": [12]},
    },
    {
        "id": "q5",
        "context": "ｌｏｌ is wide.",
        "question": "Which wide word?",
        "answers": {"text": ["ｌｏｌ"], "answer_start": [0]},
    },
]


def test_the_shipped_configs_name_functions_that_exist():
    utils = (TASKS_DIR / "utils.py").read_text(encoding="utf-8")
    configs = sorted(TASKS_DIR.glob("*.yaml"))
    assert len(configs) >= 20
    namespace: dict = {}
    exec(compile(utils, str(TASKS_DIR / "utils.py"), "exec"), namespace)
    for config in [*configs, *TASKS_DIR.glob("_*_template")]:
        for name in __import__("re").findall(r"!function utils\.(\w+)", config.read_text()):
            assert callable(namespace.get(name)), f"{config.name}: utils.{name}"


def test_lm_eval_reports_answermatch_numbers(tmp_path):
    lm_eval = shutil.which("lm_eval") or str(Path(sys.executable).with_name("lm_eval"))
    if not Path(lm_eval).exists():
        pytest.skip(
            "lm-eval is not installed: install answermatch[integrations] (or answermatch[lm-eval])"
        )
    data = tmp_path / "xquad_tiny.jsonl"
    data.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS), encoding="utf-8"
    )
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "test_xquad.yaml").write_text(
        f"include: {TASKS_DIR / 'answermatch_xquad_en.yaml'}\n"
        "task: answermatch_test_xquad\n"
        "dataset_path: json\n"
        "dataset_name: null\n"
        "dataset_kwargs:\n"
        "  data_files:\n"
        f"    validation: {data}\n",
        encoding="utf-8",
    )
    env = dict(
        os.environ,
        HF_DATASETS_OFFLINE="1",
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        HF_HOME=str(tmp_path / "hf"),
    )
    done = subprocess.run(
        [
            lm_eval,
            "--model",
            "dummy",
            "--tasks",
            "answermatch_test_xquad",
            "--include_path",
            str(tmp_path / "tasks"),
            "--output_path",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    [results_file] = list((tmp_path / "out").rglob("results_*.json"))
    reported = json.loads(results_file.read_text())["results"]["answermatch_test_xquad"]
    generations = {row["id"]: "lol" for row in ROWS}
    for profile in ("official", "fair"):
        expected = answermatch.evaluate("squad", ROWS, generations, profile).scores
        assert reported[f"{profile}_f1,none"] == pytest.approx(expected["f1"], abs=1e-9)
        em = reported[f"{profile}_exact_match,none"]
        assert em == pytest.approx(expected["exact_match"], abs=1e-9)
    assert 0 < reported["official_f1,none"] < 100  # the data can tell right from wrong
    # the results file says which rules made its numbers
    for profile in ("official", "fair"):
        expected = answermatch.evaluate("squad", ROWS, generations, profile).signature
        assert reported[f"{profile}_signature,none"] == expected


def test_the_metric_scores_documents_as_evaluate_does():
    metric = Metric("squad", profiles=("official",), scores=("f1",))
    values = [metric.process_results(row, ["lol"])["official_f1"] for row in ROWS]
    expected = answermatch.evaluate("squad", ROWS, {r["id"]: "lol" for r in ROWS}).scores["f1"]
    assert metric.aggregation("official", "f1")(values) == expected
    signature = answermatch.evaluate("squad", ROWS, {r["id"]: "lol" for r in ROWS}).signature
    assert metric.signature("official")(values) == signature
    assert "official_signature" in metric.metric_names()


@pytest.mark.filterwarnings("ignore:.*no predictions for 25 of the 26 languages")
def test_the_mkqa_metric_scores_each_document_as_one_language_row():
    gold = [json.loads(line) for line in (REPO / "examples" / "mkqa" / "gold.jsonl").open()]
    generations = ["ヘルシンキ", "1989年", "8本", ""]
    metric = Metric(
        "mkqa",
        profiles=("official", "fair"),
        scores=("best_f1",),
        key="example_id",
        fields={"lang": "ja"},
    )
    values = [
        metric.process_results(doc, [g])["official_best_f1"]
        for doc, g in zip(gold, generations, strict=True)
    ]
    rows = [
        {"example_id": doc["example_id"], "prediction": g, "binary_answer": None}
        for doc, g in zip(gold, generations, strict=True)
    ]
    expected = answermatch.evaluate("mkqa", gold, {"ja": rows}).scores["best_f1"]
    assert metric.aggregation("official", "best_f1")(values) == expected
    assert 0 < expected < 100
