"""Official figures of SQuAD v1.1's ``evaluate-v1.1.py`` as the parity
fixtures record them: ``printed`` (its one JSON line) and ``per_item``
(``{id: {"em", "f1"}}`` from the script's own functions, gold order)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def official(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    """``{"scores", "per_language", "per_item", "n"}``; ``per_item`` holds
    each question's F1 (the items' ``score``)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    per_item = [figures["f1"] for figures in data["per_item"].values()]
    return {"scores": data["printed"], "per_language": {}, "per_item": per_item, "n": len(per_item)}
