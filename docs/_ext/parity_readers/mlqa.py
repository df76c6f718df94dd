"""Official figures of MLQA's ``mlqa_evaluation_v1.py`` as the parity
fixtures record them: ``printed`` (its one JSON line), ``answer_language``
and ``per_item`` (``{id: {"em", "f1"}}`` from the script's own functions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def official(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    """``{"scores", "per_language", "per_item", "n"}``: the run covers one
    language, so its per-language figures are the scores."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    per_item = [figures["f1"] for figures in data["per_item"].values()]
    lang = data["answer_language"]
    return {
        "scores": data["printed"],
        "per_language": {lang: dict(data["printed"])},
        "per_item": per_item,
        "n": len(per_item),
    }
