"""``explain`` for ``cmrc2018``: each answer's EM key and tokens, the longest
common token run with the prediction, precision, recall and F1, and which
answer decided each figure.

>>> from answermatch.diagnostics import Diagnostics
>>> from answermatch.tasks import get_task
>>> task = get_task("cmrc2018")
>>> gold = [{"id": "q", "answers": {"text": ["第3届世界杯"], "answer_start": [0]}}]
>>> inputs = task.read(gold, {"q": "第3届"}, Diagnostics())
>>> [e] = task.explain(inputs, "official", Diagnostics())
>>> e.variants[0].details["run"], e.scores["f1"]
(['第', '3', '届'], 0.6666666666666666)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

from ...explanation import (
    Explanation,
    TextView,
    Variant,
    unanswered,
    verdict,
    view_text,
    view_tokens,
)
from ..base import Inputs
from .profiles import Comparer, Settings

__all__ = ["common_run", "explain"]


def common_run(a: Sequence[str], b: Iterable[str]) -> tuple[int, int]:
    """``(start in a, length)`` of the first longest common contiguous run
    (the one the script's ``find_lcs`` returns: of the runs of greatest
    length, the one ending first in ``a``). ``b`` (a prediction, perhaps
    long) is read once, in order, with a row as long as ``a`` held.

    >>> common_run(list("xabcy"), list("abzabc"))
    (1, 3)
    """
    best, end = 0, 0
    previous = [0] * (len(a) + 1)
    for y in b:
        current = [0] * (len(a) + 1)
        for i, x in enumerate(a):
            if x == y:
                length = current[i + 1] = previous[i] + 1
                if length > best or (length == best and i + 1 < end):
                    best, end = length, i + 1
        previous = current
    return end - best, best


def _rule(settings: Settings) -> str:
    if settings.is_official:
        return (
            "EM: str().lower().strip() with the script's 31 punctuation characters deleted, "
            "equal to an answer's; F1: the longest common contiguous token run over a "
            "segmentation where each U+4E00-U+9FA5 character is a token and other runs go "
            "through NLTK's word_tokenize; the best answer counts for each"
        )
    return (
        f"the {settings.name} profile: width={settings.width}, "
        f"punctuation={settings.punctuation}, segmentation={settings.segmentation}, "
        f"numbers={settings.numbers}, overlap={settings.overlap}; the best answer counts"
    )


def explain(
    task: str, inputs: Inputs, settings: Settings, items: list[dict[str, Any]]
) -> Iterator[Explanation]:
    """One explanation per scored item (the figures are the items')."""
    comparer = Comparer(settings)
    for item in items:
        figures = {"score": float(item["score"]), "f1": float(item["f1"]), "em": float(item["em"])}
        if not item["answered"]:
            yield unanswered(task, settings.name, item["id"], "zh", item["gold"], figures)
            continue
        prediction = item["prediction"]
        key, tokens = comparer.analyse(prediction)
        variants: list[Variant] = []
        for text in item["gold"]:
            answer_key, answer_tokens = comparer.analyse(text)
            f1 = comparer.f1_one(answer_tokens, tokens)
            em = int(answer_key == key)
            if settings.overlap == "bag":
                details: dict[str, Any] = {"overlap": "bag of tokens"}
            else:
                start, length = common_run(answer_tokens, tokens)
                # read in order: a long answer's tokens are coded, not indexed
                run = list(islice(answer_tokens, start, start + length))
                details = {"run": run, "length": length}
                if length:
                    details["precision"] = length / len(tokens)
                    details["recall"] = length / len(answer_tokens)
            variants.append(
                Variant(
                    TextView(text, view_text(answer_key), view_tokens(answer_tokens)),
                    {"em": float(em), "f1": f1},
                    "exact match of the EM keys" if em else "longest common token run",
                    bool(em) or (f1 == item["f1"] and f1 > 0),
                    details,
                )
            )
        decided = [n + 1 for n, v in enumerate(variants) if v.scores["f1"] == item["f1"]]
        yield Explanation(
            task,
            settings.name,
            item["id"],
            "zh",
            TextView(prediction, view_text(key), view_tokens(tokens)),
            tuple(variants),
            _rule(settings),
            figures,
            verdict(figures["f1"], figures["em"]),
            {"best_f1_answer": decided[0] if decided else None},
        )
