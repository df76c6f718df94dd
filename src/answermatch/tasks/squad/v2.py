"""SQuAD v2.0 (``evaluate-v2.0.py``): raw scores, the no-answer threshold,
the best thresholds and the precision-recall APs.

Per question (one per distinct id: an id given twice keeps its first place
and its last answers, as the script's dicts do): the gold answers that
normalize to something, or ``[""]`` when none does; ``exact`` and ``f1``
the max over them (``raw``). With probability ``p`` that the question has
no answer, the question abstains when ``p > na_prob_thresh`` (strictly;
default 1.0, so ``p = 1`` does not abstain) and then scores 1 if it has no
gold answer, else 0.

Best thresholds (only with probabilities): questions sorted by ``p``
(stable: ties keep the order of the ``na_prob`` file), the running score
starts at the number of unanswerable questions and adds, in that order,
the raw score of an answerable question, -1 for an unanswerable one with a
non-empty prediction, 0 otherwise; the best score and its ``p`` are kept on
a strict improvement only. ``best_exact`` and ``best_f1`` each search their
own threshold.

>>> rows = [v2_statistics(1.0, 1.0, True, 1.0, 1.0, 0.2, 0, True, True),
...         v2_statistics(1.0, 1.0, False, 1.0, 1.0, 0.9, 1, False, True)]
>>> best_threshold(rows, EXACT_RAW)
(100.0, 0.2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import isnan
from operator import itemgetter
from typing import Any

from ..base import Stats, Summary, Totals

__all__ = [
    "EXACT_RAW",
    "F1_RAW",
    "best_threshold",
    "best_thresholds",
    "pr_average_precision",
    "v2_statistics",
    "v2_summary",
]

# positions in an item's statistics
ET, FT, EXACT_RAW, F1_RAW, PROB, RANK, FLAGS = range(7)
#: bits of FLAGS
HAS, ANSWERED, HAS_PROB = 1, 2, 4
# the FLAGS values (floats) with each bit set, for set lookups
_WITH_HAS = frozenset(float(f) for f in range(8) if f & HAS)
_WITH_ANSWERED = frozenset(float(f) for f in range(8) if f & ANSWERED)
_WITH_PROB = frozenset(float(f) for f in range(8) if f & HAS_PROB)


def v2_statistics(
    exact_thresh: float,
    f1_thresh: float,
    has_ans: bool,
    exact_raw: float,
    f1_raw: float,
    prob: float | None,
    rank: int,
    answered: bool,
    has_prob: bool,
) -> Stats:
    """An item's statistics (see the positions above)."""
    flags = (HAS if has_ans else 0) | (ANSWERED if answered else 0) | (HAS_PROB if has_prob else 0)
    return (
        exact_thresh,
        f1_thresh,
        exact_raw,
        f1_raw,
        0.0 if prob is None else prob,
        float(rank),
        float(flags),
    )


def na_ranks(probs: Mapping[str, float]) -> dict[str, int]:
    """Each id's place among the probabilities: their source's order, or,
    when one is NaN, the order of the script's ``sorted(na_probs, key=...)``
    over every id of the source (NaN compares false both ways, so where it
    ends up depends on the whole list)."""
    if not any(map(isnan, probs.values())):
        return {k: i for i, k in enumerate(probs)}
    return {k: i for i, k in enumerate(sorted(probs, key=probs.__getitem__))}


def _ordered(rows: Sequence[Stats]) -> list[Stats]:
    """Rows by probability, ties in the order of the probabilities' source
    (with a NaN among them: the script's own sorted order, :func:`na_ranks`)."""
    if any(map(isnan, map(itemgetter(PROB), rows))):
        return sorted(rows, key=itemgetter(RANK))
    # two stable sorts on single floats are faster than one on (PROB, RANK)
    # pairs; the first is linear when the rows already follow the source
    return sorted(sorted(rows, key=itemgetter(RANK)), key=itemgetter(PROB))


def best_threshold(
    rows: Sequence[Stats], raw: int, ordered: Sequence[Stats] | None = None
) -> tuple[float, float]:
    """``(best score in percent, its threshold)`` for the raw score at
    position ``raw`` (:data:`EXACT_RAW` or :data:`F1_RAW`); ``ordered``: the
    rows already sorted by probability."""
    exact, f1 = best_thresholds(rows, _ordered(rows) if ordered is None else ordered)
    return exact if raw == EXACT_RAW else f1


def best_thresholds(
    rows: Sequence[Stats], ordered: Sequence[Stats]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """:func:`best_threshold` of the exact and the F1 raw scores, in one pass
    over the rows sorted by probability (each search keeps its own running
    score, best and threshold, as the script's two calls do)."""
    no_answer = 0
    for row in rows:
        if row[FLAGS] not in _WITH_HAS:
            no_answer += 1
    current_e = best_e = current_f = best_f = float(no_answer)
    threshold_e = threshold_f = 0.0
    with_has, with_answered = _WITH_HAS, _WITH_ANSWERED
    for _, _, exact, f1, prob, _, flags in ordered:
        if flags in with_has:
            current_e += exact
            current_f += f1
        elif flags in with_answered:
            current_e += -1
            current_f += -1
        else:
            continue  # adding 0 improves nothing
        if current_e > best_e:
            best_e, threshold_e = current_e, prob
        if current_f > best_f:
            best_f, threshold_f = current_f, prob
    count = len(rows)
    return (100.0 * best_e / count, threshold_e), (100.0 * best_f / count, threshold_f)


def pr_average_precision(
    rows: Sequence[Stats], raw: int | None, ordered: Sequence[Stats] | None = None
) -> float:
    """The script's average precision (percent) of the precision-recall
    curve over the questions sorted by probability, with a point only where
    the probability changes (ties grouped); ``raw=None``: the oracle
    (1 for every answerable question)."""
    ordered = _ordered(rows) if ordered is None else ordered
    num_true_pos = sum(1 for r in rows if r[FLAGS] in _WITH_HAS)
    true_pos = 0.0
    last_recall = 0.0
    avg_prec = 0.0
    for i, row in enumerate(ordered):
        if row[FLAGS] in _WITH_HAS:
            true_pos += 1.0 if raw is None else row[raw]
        cur_p = true_pos / float(i + 1)
        cur_r = true_pos / float(num_true_pos)
        if i == len(ordered) - 1 or row[PROB] != ordered[i + 1][PROB]:
            avg_prec += cur_p * (cur_r - last_recall)
            last_recall = cur_r
    return 100.0 * avg_prec


def v2_summary(totals: Totals, rows: list[Stats] | None, *, pr_curves: bool) -> Summary:
    """The figures of ``evaluate-v2.0.py``, in its order. The sums run over
    ``rows`` in item order (the script sums its dicts in gold order), so
    they are bit-identical to the script's."""
    rows = rows or []
    count = len(rows)
    if not count:
        return Summary({"exact": 0.0, "f1": 0.0, "total": 0})
    # has answer -> exact, f1, count
    has_exact = has_f1 = no_exact = no_f1 = exact = f1 = 0.0
    has_count = 0
    with_prob = True
    with_has, with_probs = _WITH_HAS, _WITH_PROB
    for exact_t, f1_t, _, _, _, _, flags in rows:
        exact += exact_t
        f1 += f1_t
        if flags in with_has:
            has_exact += exact_t
            has_f1 += f1_t
            has_count += 1
        else:
            no_exact += exact_t
            no_f1 += f1_t
        if with_prob and flags not in with_probs:
            with_prob = False
    sums = {True: (has_exact, has_f1, has_count), False: (no_exact, no_f1, count - has_count)}
    scores: dict[str, Any] = {
        "exact": 100.0 * exact / count,
        "f1": 100.0 * f1 / count,
        "total": count,
    }
    for prefix, has in (("HasAns", True), ("NoAns", False)):
        part_exact, part_f1, total = sums[has]
        if total:
            scores[f"{prefix}_exact"] = 100.0 * part_exact / total
            scores[f"{prefix}_f1"] = 100.0 * part_f1 / total
            scores[f"{prefix}_total"] = total
    if with_prob:
        ordered = _ordered(rows)
        best_exact, best_f1 = best_thresholds(rows, ordered)
        scores["best_exact"], scores["best_exact_thresh"] = best_exact
        scores["best_f1"], scores["best_f1_thresh"] = best_f1
        if pr_curves and sums[True][2]:
            scores["pr_exact_ap"] = pr_average_precision(rows, EXACT_RAW, ordered)
            scores["pr_f1_ap"] = pr_average_precision(rows, F1_RAW, ordered)
            scores["pr_oracle_ap"] = pr_average_precision(rows, None, ordered)
    return Summary(scores)
