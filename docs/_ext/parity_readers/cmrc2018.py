"""Official figures of the CMRC 2018 fixtures (``cmrc2018/*.official.json``).

Those files hold what ``cmrc2018_evaluate.py`` printed (``runs.*.printed``:
strings with three decimals), the v6 module's unrounded figures
(``unrounded_v6``) and its per-question scores (``per_item``, in gold
order; ``per_item_v5_differs``: the questions whose Python 2 v5 score
differs). With ``version=5`` the unrounded figures are summed from the v5
per-question scores in gold order, as the script sums them, and checked
against what v5 printed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def official(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    per_item = {k: dict(v) for k, v in data["per_item"].items()}
    if str(options.get("version", "6")) in ("6", "v6"):
        scores = dict(data["unrounded_v6"])
    else:
        for key, value in data["per_item_v5_differs"].items():
            per_item[key] = value["v5"]
        total = len(per_item)
        f1 = em = 0.0
        for item in per_item.values():
            f1 += item["f1"]
            em += item["em"]
        f1_score, em_score = 100.0 * f1 / total, 100.0 * em / total
        printed = data["runs"]["v5_py2"]["printed"]
        scores = {
            "AVERAGE": (em_score + f1_score) * 0.5,
            "F1": f1_score,
            "EM": em_score,
            "TOTAL": printed["TOTAL"],
            "SKIP": printed["SKIP"],
        }
        for key in ("AVERAGE", "F1", "EM"):
            if f"{scores[key]:.3f}" != printed[key]:
                raise ValueError(
                    f"{path}: v5 {key} sums to {scores[key]!r}, printed {printed[key]}"
                )
    return {
        "scores": scores,
        "per_language": {},
        "per_item": [item["f1"] for item in per_item.values()],
        "n": scores["TOTAL"],
    }
