"""The MKQA ``*.official.json`` layout (``am_parity``'s ``:reader: mkqa``).

Each file holds, per language, ``unrounded_same_code_path`` (the figures
``mkqa_eval.py`` computes before ``round(x, 2)``) and ``per_item`` (em/f1 per
example id, in gold order). answermatch's ``scores`` are the mean of the
unrounded per-language figures, so that mean is taken here from the
official figures; the per-item score is F1, language by language in the
official order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def official(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    per_language = {
        lang: dict(figures["unrounded_same_code_path"])
        for lang, figures in data["per_language"].items()
    }
    keys = list(next(iter(per_language.values())))
    scores = {
        key: sum(figures[key] for figures in per_language.values()) / len(per_language)
        for key in keys
    }
    per_item = [
        item["f1"]
        for figures in data["per_language"].values()
        for item in figures["per_item"].values()
    ]
    return {
        "scores": scores,
        "per_language": per_language,
        "per_item": per_item,
        "n": len(per_item),
    }
