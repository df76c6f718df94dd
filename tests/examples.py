"""The small example files shipped in the repository, one pair per task
(and the options it needs): what the every-task tests run on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
DOCS_EXAMPLES = REPO / "docs" / "examples"

# task -> (gold, predictions)
EXAMPLE_FILES: dict[str, tuple[Path, Path]] = {
    "xor-full": (EXAMPLES / "xor-full" / "gold.jsonl", EXAMPLES / "xor-full" / "pred.json"),
    "xor-engspan": (
        EXAMPLES / "xor-engspan" / "gold.jsonl",
        EXAMPLES / "xor-engspan" / "pred.json",
    ),
    "xor-retrieve": (
        DOCS_EXAMPLES / "xor-retrieve" / "gold.jsonl",
        DOCS_EXAMPLES / "xor-retrieve" / "pred.json",
    ),
    "poleval2021": (
        EXAMPLES / "poleval2021" / "expected.tsv",
        EXAMPLES / "poleval2021" / "out.tsv",
    ),
    "nlpcc-kbqa": (EXAMPLES / "nlpcc-kbqa" / "gold.txt", EXAMPLES / "nlpcc-kbqa" / "pred.txt"),
    "nlpcc-dbqa": (EXAMPLES / "nlpcc-dbqa" / "gold.txt", EXAMPLES / "nlpcc-dbqa" / "pred.txt"),
    "ntcir-dsqa": (EXAMPLES / "ntcir-dsqa" / "gold.tsv", EXAMPLES / "ntcir-dsqa" / "run.tsv"),
    "zalo2019": (
        EXAMPLES / "zalo2019" / "test_labelled.json",
        EXAMPLES / "zalo2019" / "submission.csv",
    ),
    "squad": (EXAMPLES / "squad" / "dev.json", EXAMPLES / "squad" / "pred.json"),
    "squad-v2": (EXAMPLES / "squad-v2" / "dev.json", EXAMPLES / "squad-v2" / "pred.json"),
    "mlqa": (EXAMPLES / "mlqa" / "dev.de.json", EXAMPLES / "mlqa" / "pred.de.json"),
    "mkqa": (EXAMPLES / "mkqa" / "gold.jsonl", EXAMPLES / "mkqa" / "ja.jsonl"),
    "cmrc2018": (EXAMPLES / "cmrc2018" / "dev.json", EXAMPLES / "cmrc2018" / "pred.json"),
    "korquad": (
        EXAMPLES / "korquad" / "dev_sample.json",
        EXAMPLES / "korquad" / "predictions.json",
    ),
    "open-qa": (EXAMPLES / "open-qa" / "gold.jsonl", EXAMPLES / "open-qa" / "pred.json"),
}

# task -> the options its example needs
EXAMPLE_OPTIONS: dict[str, dict[str, Any]] = {
    "mlqa": {"lang": "de"},
    "squad-v2": {"na_prob": str(EXAMPLES / "squad-v2" / "na_prob.json")},
}


def example(task: str) -> tuple[str, str, dict[str, Any]]:
    """``(gold, predictions, options)`` of ``task``'s example, as strings."""
    gold, pred = EXAMPLE_FILES[task]
    return str(gold), str(pred), dict(EXAMPLE_OPTIONS.get(task, {}))
