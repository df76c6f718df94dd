"""Official figures of SQuAD v2.0's ``evaluate-v2.0.py`` as the parity
fixtures record them: several ``runs`` (with and without a no-answer
probability file, another threshold, the precision-recall APs), each with
what the script ``printed``, and ``per_item_raw`` (``get_raw_scores``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _run(options: dict[str, Any]) -> str:
    if "na_prob" not in options:
        return "no_na_prob"
    if "pr_curves" in options:
        return "with_na_prob_pr_curves"
    if "na_prob_thresh" in options:
        return f"with_na_prob_thresh_{options['na_prob_thresh']}"
    return "with_na_prob"


def official(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    """``{"scores", "per_language", "per_item", "n"}`` of the run the
    options select. ``per_item`` holds each question's raw F1, which is the
    items' ``score`` when no question abstains (no probabilities, or none
    above the threshold)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    printed = data["runs"][_run(options)]["printed"]
    out: dict[str, Any] = {"scores": printed, "per_language": {}, "n": printed["total"]}
    if "na_prob" not in options:
        out["per_item"] = [figures["f1"] for figures in data["per_item_raw"].values()]
    return out
