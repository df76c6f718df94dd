"""Ranking and answer-set metrics as small pure functions.

A *ranking* is one question's candidates in ranked order, given either as
relevance labels (``[False, True, False]``: the 2nd candidate is correct) or
as ``(score, relevant)`` pairs, which are sorted by descending score first.
Equal scores are ordered by a *tie policy* (:data:`TIE_POLICIES`):

- ``"input"`` (default): ties keep the order in which they were given;
- ``"pessimistic"``: among ties, incorrect candidates come first;
- ``"optimistic"``: among ties, correct candidates come first.

So for any scored ranking, a metric under ``pessimistic`` is at most its
value under ``input``, which is at most its value under ``optimistic``.

Per-question functions return fractions in [0, 1]; the ``mrr``,
``mean_average_precision`` and ``accuracy_at_k`` means run over a sequence of
rankings. The definitions follow the NLPCC-ICCPOL 2016 open-domain QA
guideline (Duan, "Overview of the NLPCC-ICCPOL 2016 Shared Task: Open Domain
Chinese Question Answering", NLPCC 2016, doi:10.1007/978-3-319-50496-4_89).

>>> reciprocal_rank([False, False, True])
0.3333333333333333
>>> reciprocal_rank([(0.2, True), (0.9, False)])  # sorted: 0.9 (wrong), 0.2 (right)
0.5
>>> mrr([[True], [False, True], [False]])
0.5
>>> f1({"北京", "上海"}, {"北京"})
0.6666666666666666
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Sequence
from operator import itemgetter
from typing import Any, Literal, TypeAlias

#: Relevance labels in ranked order (truthy = correct).
Relevance: TypeAlias = Sequence[bool] | Sequence[int]
#: ``(score, relevant)`` pairs in any order; higher scores rank first.
Scored: TypeAlias = Sequence[tuple[float, bool]] | Sequence[tuple[float, int]]
#: Either form of a ranking.
Ranking: TypeAlias = Relevance | Scored
TiePolicy: TypeAlias = Literal["input", "pessimistic", "optimistic"]
Denominator: TypeAlias = Literal["min", "relevant"]

#: Sort keys for ``sorted(..., reverse=True)`` over ``(score, relevant)``
#: pairs. Python's sort is stable (also with ``reverse=True``), so ``input``
#: keeps the given order among equal scores; the other two add the label as
#: a second key: incorrect (``not relevant`` is 1) first, or correct first.
TIE_POLICIES: dict[str, Callable[[tuple[float, Any]], Any]] = {
    "input": itemgetter(0),
    "pessimistic": lambda pair: (pair[0], not pair[1]),
    "optimistic": lambda pair: (pair[0], bool(pair[1])),
}

#: How :func:`average_precision` divides the sum of precisions at the correct
#: positions, given ``m`` correct candidates and ``n`` ranked ones.
#: ``min`` is the NLPCC DBQA guideline's ``min(m, n)``; ``relevant`` is the
#: usual IR definition (trec_eval, ranx): ``m``.
AP_DENOMINATORS: dict[str, Callable[[int, int], int]] = {
    "min": min,
    "relevant": lambda m, n: m,
}


def _choice(registry: dict[str, Any], value: str, what: str) -> Any:
    try:
        return registry[value]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown {what} {value!r}; expected one of: {', '.join(registry)}"
        ) from None


def rank(scored: Iterable[tuple[float, Any]], ties: TiePolicy = "input") -> list[bool]:
    """Relevance labels of ``(score, relevant)`` pairs sorted by descending score.

    Equal scores are ordered by ``ties`` (see :data:`TIE_POLICIES`). A NaN
    score has no place in an order and raises :class:`ValueError`.

    >>> pairs = [(0.5, True), (0.9, False), (0.5, False)]
    >>> rank(pairs), rank(pairs, "pessimistic"), rank(pairs, "optimistic")
    ([False, True, False], [False, False, True], [False, True, False])
    """
    key = _choice(TIE_POLICIES, ties, "tie policy")
    pairs = list(scored)
    for score, _ in pairs:
        if math.isnan(score):
            raise ValueError("a score is NaN; scores must be comparable numbers")
    return [bool(relevant) for _, relevant in sorted(pairs, key=key, reverse=True)]


def relevance(ranking: Ranking, ties: TiePolicy = "input") -> list[bool]:
    """The labels of ``ranking`` in ranked order (sorting scored pairs first).

    >>> relevance([1, 0]), relevance([(0.1, 1), (0.7, 0)])
    ([True, False], [False, True])
    """
    if len(ranking) and isinstance(ranking[0], (tuple, list)):
        return rank(ranking, ties)  # type: ignore[arg-type]
    _choice(TIE_POLICIES, ties, "tie policy")
    return [bool(label) for label in ranking]


def first_relevant_rank(ranking: Ranking, *, ties: TiePolicy = "input") -> int | None:
    """1-based position of the first correct candidate, ``None`` when none is.

    >>> first_relevant_rank([False, True, True]), first_relevant_rank([False])
    (2, None)
    """
    for position, label in enumerate(relevance(ranking, ties), start=1):
        if label:
            return position
    return None


def reciprocal_rank(ranking: Ranking, *, ties: TiePolicy = "input") -> float:
    """``1 / rank`` of the first correct candidate; 0 when none is correct.

    >>> reciprocal_rank([False, True]), reciprocal_rank([])
    (0.5, 0.0)
    """
    position = first_relevant_rank(ranking, ties=ties)
    return 0.0 if position is None else 1.0 / position


def average_precision(
    ranking: Ranking,
    n_relevant: int | None = None,
    *,
    denominator: Denominator = "min",
    ties: TiePolicy = "input",
) -> float:
    """Average precision: the sum of P(k) over the correct positions k, divided.

    P(k) is the share of correct candidates among the first k. With ``m``
    correct candidates (``n_relevant``; by default the number of correct
    labels in the ranking) and ``n`` ranked candidates, the sum is divided by
    ``min(m, n)`` (``denominator="min"``, the NLPCC DBQA guideline) or by
    ``m`` (``denominator="relevant"``, trec_eval's and ranx's AP). The two
    differ only when ``n_relevant`` exceeds the length of the ranking (a
    truncated list); with the default ``n_relevant`` they coincide. A zero
    denominator gives 0.

    >>> average_precision([True, False, True])  # (1/1 + 2/3) / 2
    0.8333333333333333
    >>> average_precision([False, True], n_relevant=3)  # (1/2) / min(3, 2)
    0.25
    >>> average_precision([False, True], n_relevant=3, denominator="relevant")
    0.16666666666666666
    """
    divide = _choice(AP_DENOMINATORS, denominator, "AP denominator")
    labels = relevance(ranking, ties)
    hits = 0
    total = 0.0
    for position, label in enumerate(labels, start=1):
        if label:
            hits += 1
            total += hits / position
    m = hits if n_relevant is None else n_relevant
    if m < hits:
        raise ValueError(f"n_relevant={n_relevant} is less than the {hits} correct candidates")
    d = divide(m, len(labels))
    return total / d if d else 0.0


def hit_at_k(ranking: Ranking, k: int, *, ties: TiePolicy = "input") -> bool:
    """Whether one of the first ``k`` candidates is correct.

    >>> hit_at_k([False, False, True], 2), hit_at_k([False, False, True], 3)
    (False, True)
    """
    if k < 1:
        raise ValueError(f"k must be a positive integer, not {k!r}")
    position = first_relevant_rank(ranking, ties=ties)
    return position is not None and position <= k


def _mean(values: Iterable[float], what: str) -> float:
    total = 0.0
    count = 0
    for value in values:
        total += value
        count += 1
    if not count:
        raise ValueError(f"{what} of no rankings is undefined")
    return total / count


def mrr(rankings: Iterable[Ranking], *, ties: TiePolicy = "input") -> float:
    """Mean reciprocal rank over questions (a question with no correct candidate adds 0).

    >>> mrr([[False, True], [True]])
    0.75
    """
    return _mean((reciprocal_rank(r, ties=ties) for r in rankings), "MRR")


def mean_average_precision(
    rankings: Iterable[Ranking],
    *,
    denominator: Denominator = "min",
    ties: TiePolicy = "input",
) -> float:
    """Mean of :func:`average_precision` over questions (their own correct counts).

    >>> mean_average_precision([[True, False], [False, True], [False]])
    0.5
    """
    return _mean(
        (average_precision(r, denominator=denominator, ties=ties) for r in rankings), "MAP"
    )


def accuracy_at_k(rankings: Iterable[Ranking], k: int, *, ties: TiePolicy = "input") -> float:
    """Share of questions with a correct candidate among their first ``k``.

    >>> accuracy_at_k([[False, True], [True], [False, False]], 1)
    0.3333333333333333
    """
    return _mean((float(hit_at_k(r, k, ties=ties)) for r in rankings), "accuracy@k")


def precision(predicted: Collection[Any], gold: Collection[Any]) -> float:
    """``|predicted & gold| / |predicted|`` over sets; 0 for an empty prediction.

    >>> precision(["a", "b", "b"], ["a"])
    0.5
    """
    pred = set(predicted)
    return len(pred & set(gold)) / len(pred) if pred else 0.0


def recall(predicted: Collection[Any], gold: Collection[Any]) -> float:
    """``|predicted & gold| / |gold|`` over sets; 0 for an empty gold set.

    >>> recall(["a"], ["a", "b"])
    0.5
    """
    truth = set(gold)
    return len(set(predicted) & truth) / len(truth) if truth else 0.0


def f1(predicted: Collection[Any], gold: Collection[Any]) -> float:
    """Harmonic mean of :func:`precision` and :func:`recall`; 0 when they share nothing.

    Answers are compared as sets, exactly (no normalization). Tasks whose
    scorer gives an empty gold set a full score (NLPCC KBQA's ``Eva``) handle
    that case themselves.

    >>> f1(["a", "b"], ["a", "c", "d"])
    0.4
    >>> f1([], []), f1(["a"], ["b"])
    (0.0, 0.0)
    """
    p = precision(predicted, gold)
    r = recall(predicted, gold)
    return 2 * p * r / (p + r) if p + r else 0.0
