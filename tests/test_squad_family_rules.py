"""The SQuAD family's profiles are one settings class (``SpanRules``, rules as
functions) for SQuAD v1.1 and v2.0, MLQA and KorQuAD: its signatures and
scores are those of the code before that unification.

``squad_family_figures.json`` (beside this file) holds, for every task of the
family, profile (``official``, ``fair`` and each rule of ``fair`` measured
alone) and language, the signature and the scores that :func:`figures` gave
on the code of commit 62f7848, when SQuAD and MLQA had ``SpanRules`` and
KorQuAD its own ``Settings``; :func:`figures` runs here on the current code.
The answers are chosen so that every rule changes some figure (full-width
forms, Unicode punctuation, articles of each language, Chinese and Japanese
words, numbers, empty answers, KorQuAD's marks and a final sigma).
Regenerate (on purpose only) with ``python tests/test_squad_family_rules.py``.
"""

from __future__ import annotations

import json
import re
import sys
import warnings
from pathlib import Path
from typing import Any

import answermatch
from answermatch.tasks import get_task

REFERENCE = Path(__file__).with_name("squad_family_figures.json")

# (gold answers, prediction or None: unanswered)
ANSWERS: list[tuple[list[str], str | None]] = [
    (["Denver Broncos"], "the Denver Broncos!"),
    (["Ｔｏｋｙｏ Tower"], "Tokyo tower"),
    (["«Lalka»"], "Lalka"),
    (["1,000 people"], "1000 people"),
    (["3.5 km", "3,5 km"], "3.50 km"),
    (["la casa de los espíritus"], "casa de espíritus"),
    (["der Hund"], "ein Hund"),
    (["المكتبة"], "مكتبة"),
    (["مالك"], "م ك"),  # MLQA deletes every ال, the fair rule only the prefix
    (["北京大学"], "北京"),
    (["東京都"], "東京"),
    (["."], "!"),
    (["a"], "the"),
    (["Straße"], "STRASSE"),
    (["《토지》 (1969)"], "토지 1969"),
    (["“서울”, 1,000명"], "서울 1000명"),
    (["ΑΣ'Α"], "ας α"),
    (["Tiếng Việt"], "tiếng việt của những"),
    (["ＡＢＣ１２３"], "abc123"),
    (["two answers", "answer two"], "two two answers"),
    (["unanswered"], None),
]
# SQuAD v2.0 only: questions without answers
NO_ANSWER: list[tuple[list[str], str | None]] = [([], ""), ([], "something")]

RUNS: list[tuple[str, str | None]] = [
    ("squad", None),
    ("squad", "en"),
    ("squad", "zh"),
    ("squad", "ja"),
    ("squad", "ar"),
    ("squad", "de"),
    ("squad-v2", None),
    ("squad-v2", "zh"),
    *[("mlqa", lang) for lang in ("en", "es", "de", "ar", "hi", "vi", "zh")],
    ("korquad", None),
]

#: fields that make up one rule of a measurement (KorQuAD's punctuation rule
#: is its case rule and its punctuation rule together)
SAME_RULE = {"case": "punct"}


def _profiles(task: str) -> dict[str, Any]:
    """``official``, ``fair``, and each rule of ``fair`` alone on ``official``."""
    profiles = get_task(task).profiles
    official, fair = profiles["official"], profiles["fair"]
    groups: dict[str, dict[str, Any]] = {}
    for field in fair.changes(official):
        label = SAME_RULE.get(field, field)
        groups.setdefault(label, {})[field] = getattr(fair, field)
    measured = {label: official.replace(name=label, **rules) for label, rules in groups.items()}
    return {"official": "official", "fair": "fair", **measured}


def _gold(task: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
    rows = ANSWERS + (NO_ANSWER if task == "squad-v2" else [])
    gold = [
        {"id": f"q{k}", "answers": {"text": texts, "answer_start": [0] * len(texts)}}
        for k, (texts, _) in enumerate(rows)
    ]
    predictions = {f"q{k}": p for k, (_, p) in enumerate(rows) if p is not None}
    if task == "squad-v2":
        predictions[f"q{len(ANSWERS) - 1}"] = ""  # v2.0 needs every prediction
    return gold, predictions


def _portable(signature: str) -> str:
    """The signature without what depends on the machine: the Unicode
    version, answermatch's version, the tokenizers' versions."""
    signature = re.sub(r"(unicode|version):[^|]*", r"\1:*", signature)
    return re.sub(r"(tok\.\w+:\w+)\([^|]*\)", r"\1(*)", signature)


def figures() -> dict[str, dict[str, Any]]:
    """``task/lang/profile`` -> its signature and scores (see the module)."""
    out: dict[str, dict[str, Any]] = {}
    for task, lang in RUNS:
        gold, predictions = _gold(task)
        options = {} if lang is None else {"lang": lang}
        for label, profile in _profiles(task).items():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                result = answermatch.evaluate(task, gold, predictions, profile=profile, **options)
            out[f"{task}/{lang}/{label}"] = {
                "signature": _portable(result.signature),
                "scores": result.scores,
                "per_language": result.per_language,
            }
    return out


def test_signatures_and_scores_are_those_before_the_one_settings_class():
    expected = json.loads(REFERENCE.read_text(encoding="utf-8"))
    got = json.loads(json.dumps(figures()))  # as JSON holds them (floats round-trip)
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == value, key
    # the answers tell the rules apart: each rule alone changes some figure
    differs: dict[tuple[str, str], bool] = {}
    for key, value in expected.items():
        task, lang, label = key.split("/")
        changed = value["scores"] != expected[f"{task}/{lang}/official"]["scores"]
        differs[task, label] = differs.get((task, label), False) or changed
    assert sorted(rule for rule, changed in differs.items() if not changed) == sorted(
        (task, "official") for task in dict.fromkeys(task for task, _ in RUNS)
    )


if __name__ == "__main__":
    REFERENCE.write_text(
        json.dumps(figures(), indent=1, ensure_ascii=False, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {REFERENCE}", file=sys.stderr)
