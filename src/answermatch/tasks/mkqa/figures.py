"""MKQA's figures for one language, computed as ``mkqa_eval.py`` computes them.

The script averages with ``numpy.mean`` (pairwise summation), finds the
best no-answer threshold by a running sum in order of ``no_answer_prob``,
and rounds with ``round(x, 2)``: NumPy's rounding (``rint(x * 100) / 100``)
for the figures that are NumPy floats, Python's for the others. This module
does the same in plain Python, bit for bit.

>>> numpy_mean([0.1] * 10) == sum([0.1] * 10) / 10  # pairwise vs sequential
False
>>> numpy_round(2.675), round(2.675, 2)
(2.68, 2.67)
>>> rows = [Row(0, 0.9, True, 1.0, 1.0, True), Row(1, 0.1, False, 0.0, 0.0, True)]
>>> figures(rows)["best_f1"], figures(rows)["best_f1_threshold"]
(50.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

__all__ = [
    "BEST_KEYS",
    "DEFAULT_KEYS",
    "KEYS",
    "PYTHON_ROUNDED",
    "Row",
    "best_threshold",
    "figures",
    "numpy_mean",
    "numpy_round",
    "official_rounding",
]

#: The keys ``mkqa_eval.py`` prints, in its order (``-v`` adds DEFAULT_KEYS).
BEST_KEYS = (
    "best_em",
    "best_f1",
    "best_answerable_em",
    "best_answerable_f1",
    "best_unanswerable_em",
    "best_f1_threshold",
)
DEFAULT_KEYS = (
    "exact_match",
    "f1",
    "answerable_exact_match",
    "answerable_f1",
    "unanswerable_exact_match",
)
KEYS = BEST_KEYS + DEFAULT_KEYS
#: The figures the script holds as Python floats (rounded by Python's
#: ``round``); the others are NumPy floats (rounded by NumPy).
PYTHON_ROUNDED = frozenset({"best_f1", "best_f1_threshold"})

_BLOCK = 128  # NumPy's PW_BLOCKSIZE


class Row(NamedTuple):
    """One example of one language: its position in the prediction file,
    its no-answer probability, whether it is answerable, its EM and F1 (the
    best over the gold answers) and whether the predicted text is non-empty."""

    order: float
    no_answer_prob: float
    answerable: bool
    em: float
    f1: float
    answered: bool


def _pairwise(values: Sequence[float], start: int, n: int) -> float:
    if n < 8:
        total = 0.0
        for k in range(start, start + n):
            total += values[k]
        return total
    if n <= _BLOCK:
        r = list(values[start : start + 8])
        k = 8
        stop = n - n % 8
        while k < stop:
            for j in range(8):
                r[j] += values[start + k + j]
            k += 8
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        while k < n:
            total += values[start + k]
            k += 1
        return total
    half = n // 2
    half -= half % 8
    return _pairwise(values, start, half) + _pairwise(values, start + half, n - half)


def numpy_mean(values: Sequence[float]) -> float:
    """``float(numpy.mean(values))`` for a list of floats (NaN when empty,
    where NumPy warns and gives NaN too).

    >>> numpy_mean([1.0, 0.0, 0.5])
    0.5
    """
    n = len(values)
    if n == 0:
        return math.nan
    return (0.0 + _pairwise(values, 0, n)) / n


def numpy_round(value: float, digits: int = 2) -> float:
    """``round(numpy.float64(value), digits)``: ``rint(value * 10**digits) / 10**digits``.

    >>> numpy_round(0.125), numpy_round(-4.1235)
    (0.12, -4.12)
    """
    if not math.isfinite(value):
        return value
    scale = 10.0**digits
    return round(value * scale) / scale


def best_threshold(rows: Sequence[Row]) -> tuple[float, float]:
    """``(best_score, best_threshold)`` of ``compute_best_score_and_threshold``:
    start with every example abstaining (the count of unanswerable ones,
    threshold 0.0), walk the examples by ``no_answer_prob`` (a stable sort
    of the prediction file's order) adding the F1 of an answerable example,
    -1 for an unanswerable one answered, and keep the threshold of each
    strict improvement. The score is a percentage of all examples."""
    ordered = sorted(rows, key=lambda r: r.order)
    current: float = sum(1 for r in rows if not r.answerable)
    best = current
    threshold = 0.0
    for row in sorted(ordered, key=lambda r: r.no_answer_prob):
        if row.answerable:
            current += row.f1
        elif row.answered:
            current += -1
        if current > best:
            threshold = row.no_answer_prob
            best = current
    return 100.0 * best / len(rows), threshold


def figures(rows: Sequence[Row]) -> dict[str, float]:
    """The eleven figures of one language, unrounded (percentages; the
    threshold is a no-answer probability). ``rows`` in gold order."""
    best_f1, threshold = best_threshold(rows)
    best_em: list[float] = []
    answerable_em: list[float] = []
    answerable_f1: list[float] = []
    unanswerable_em: list[float] = []
    best_answerable_em: list[float] = []
    best_answerable_f1: list[float] = []
    best_unanswerable_em: list[float] = []
    for row in rows:
        abstains = row.no_answer_prob > threshold
        if row.answerable:
            em = 0.0 if abstains else row.em
            best_em.append(em)
            best_answerable_em.append(em)
            best_answerable_f1.append(0.0 if abstains else row.f1)
            answerable_em.append(row.em)
            answerable_f1.append(row.f1)
        else:
            em = 1.0 if abstains else row.em
            best_em.append(em)
            best_unanswerable_em.append(em)
            unanswerable_em.append(row.em)
    return {
        "best_em": 100.0 * numpy_mean(best_em),
        "best_f1": best_f1,
        "best_answerable_em": 100.0 * numpy_mean(best_answerable_em),
        "best_answerable_f1": 100.0 * numpy_mean(best_answerable_f1),
        "best_unanswerable_em": 100.0 * numpy_mean(best_unanswerable_em),
        "best_f1_threshold": threshold,
        "exact_match": 100.0 * numpy_mean([r.em for r in rows]),
        "f1": 100.0 * numpy_mean([r.f1 for r in rows]),
        "answerable_exact_match": 100.0 * numpy_mean(answerable_em),
        "answerable_f1": 100.0 * numpy_mean(answerable_f1),
        "unanswerable_exact_match": 100.0 * numpy_mean(unanswerable_em),
    }


def official_rounding(
    per_language: dict[str, dict[str, float]],
) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    """The figures as the official scripts print them: each language's
    rounded to 2 decimals (NumPy's or Python's rounding, as the script
    holds them), and ``mkqa_eval_all_languages.py``'s "Macro Average": the
    mean of the already-rounded figures, rounded again.

    >>> rounded, macro = official_rounding({"en": {"best_f1": 80.0}, "es": {"best_f1": 64.285}})
    >>> rounded["es"], macro
    ({'best_f1': 64.28}, {'best_f1': 72.14})
    """
    rounded: dict[str, dict[str, float]] = {}
    for lang, figs in per_language.items():
        rounded[lang] = {
            key: (round(value, 2) if key in PYTHON_ROUNDED else numpy_round(value))
            for key, value in figs.items()
            if key in KEYS
        }
    macro: dict[str, float] = {}
    for key in KEYS:
        values = [figs[key] for figs in rounded.values() if key in figs]
        if values:
            mean = numpy_mean(values)
            macro[key] = mean if math.isnan(mean) else round(mean, 2)
    return rounded, macro
