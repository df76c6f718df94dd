"""Each task's headline score recomputed from its per-item figures.

A :class:`~answermatch.result.Result` lists one dict per scored item; the
task's headline score (``Result.scores[spec.primary]``) is *not* always the
plain mean of the items' ``score``: XOR-Full sums per-language means and
divides by 7, XOR-EnglishSpan and XOR-Retrieve average per-language means,
Zalo 2019 (micro) pools pair counts. Resampling (:mod:`answermatch.significance`)
needs the task's own rule applied to any multiset of items, so each task
registers an :class:`Aggregator` here: additive per-item statistics, an
optional grouping (the language), and a function of the per-group sums.

>>> from answermatch.result import Result
>>> items = [{"id": 1, "lang": "ja", "score": 1.0}, {"id": 2, "lang": "ja", "score": 0.0},
...          {"id": 3, "lang": "ko", "score": 1.0}]
>>> r = Result(task="xor-engspan", profile="official", scores={"f1": 75.0, "em": 75.0},
...            per_language={}, n=3, signature="task:xor-engspan|profile:official", items=items)
>>> aggregator_for(r).score(items)   # mean of the language means: (50 + 100) / 2
75.0
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import AnswermatchError
from .result import Result

Item = Mapping[str, Any]
Stats = tuple[float, ...]
#: group -> (number of items, sums of their statistics)
Totals = Mapping[Hashable, tuple[int, Stats]]

__all__ = ["AGGREGATORS", "Aggregator", "aggregator_for", "signature_fields"]


@dataclass(frozen=True)
class Aggregator:
    """How a task turns a multiset of its items into its headline score.

    ``statistics(item)`` gives the item's additive figures (summed per
    group); ``group(item)`` the group it is averaged in (its language), or
    ``group=None`` when the task pools all items; ``combine(totals)`` the
    headline score in percent from ``{group: (count, sums)}``, where only
    groups with at least one item appear.

    >>> mean = Aggregator(statistics=lambda item: (item["score"],),
    ...                   combine=lambda t: 100 * t[None][1][0] / t[None][0])
    >>> mean.score([{"score": 1.0}, {"score": 0.5}])
    75.0
    """

    statistics: Callable[[Item], Stats]
    combine: Callable[[Totals], float]
    group: Callable[[Item], Hashable] | None = None

    def totals(self, items: Iterable[Item]) -> dict[Hashable, tuple[int, Stats]]:
        """``{group: (count, sums)}`` of ``items`` (group ``None`` when ungrouped)."""
        counts: dict[Hashable, int] = {}
        sums: dict[Hashable, list[float]] = {}
        for item in items:
            key = None if self.group is None else self.group(item)
            stats = self.statistics(item)
            if key not in sums:
                counts[key] = 0
                sums[key] = [0.0] * len(stats)
            counts[key] += 1
            acc = sums[key]
            for k, value in enumerate(stats):
                acc[k] += value
        return {key: (counts[key], tuple(sums[key])) for key in sums}

    def score(self, items: Iterable[Item]) -> float:
        """The headline score (percent) of ``items``."""
        return self.combine(self.totals(items))


def signature_fields(signature: str) -> dict[str, str]:
    """The ``key:value`` fields of a signature as a dict.

    >>> signature_fields("task:zalo2019|profile:official|average:micro|version:0.1.0")
    {'task': 'zalo2019', 'profile': 'official', 'average': 'micro', 'version': '0.1.0'}
    """
    fields: dict[str, str] = {}
    for part in signature.split("|"):
        key, _, value = part.partition(":")
        fields[key] = value
    return fields


# --- building blocks ---------------------------------------------------------


def _score(item: Item) -> Stats:
    return (item["score"],)


def _by_language(item: Item) -> Hashable:
    return item["lang"]


def _pooled_mean(totals: Totals) -> float:
    """Mean of the items' ``score`` over all items, in percent."""
    count, (total,) = totals[None]
    return 100.0 * total / count


def _mean_of_language_means(totals: Totals) -> float:
    """Mean over the languages present of each language's mean, in percent."""
    means = [100.0 * sums[0] / count for count, sums in totals.values()]
    return sum(means) / len(means)


def _pooled(result: Result) -> Aggregator:
    return Aggregator(statistics=_score, combine=_pooled_mean)


def _per_language(result: Result) -> Aggregator:
    return Aggregator(statistics=_score, combine=_mean_of_language_means, group=_by_language)


# --- tasks -------------------------------------------------------------------


def _xor_full(result: Result) -> Aggregator:
    """Sum of the per-language means, in the profile's slot order, divided by
    the profile's divisor, in percent. ``official``: the script's eleven
    slots and always 7; a profile with ``slots=None`` and ``divisor=None``
    (``fair``) sums the languages present and divides by their number."""
    from .tasks.xor_full import PROFILES

    settings = PROFILES[result.profile]
    slots, divisor = settings.slots, settings.divisor

    def combine(totals: Totals) -> float:
        total = 0.0
        for lang in sorted(totals) if slots is None else slots:  # type: ignore[type-var]
            if lang in totals:
                count, (value,) = totals[lang]
                total += value / count
        return total / (len(totals) if divisor is None else divisor) * 100

    return Aggregator(statistics=_score, combine=combine, group=_by_language)


def _zalo2019(result: Result) -> Aggregator:
    """Micro F1 pools true positives, submitted and gold pairs; macro F1 is the
    mean of the cases' F1. The average comes from the result's signature."""
    if signature_fields(result.signature).get("average", "micro") == "macro":
        return _pooled(result)
    from .tasks.zalo2019 import prf

    def statistics(item: Item) -> Stats:
        return (item["true_positives"], len(item["predicted"]), len(item["gold"]))

    def combine(totals: Totals) -> float:
        _, (tp, submitted, gold) = totals[None]
        return 100.0 * prf(round(tp), round(submitted), round(gold))[2]

    return Aggregator(statistics=statistics, combine=combine)


#: task name -> function of a full-set :class:`Result` giving its :class:`Aggregator`
#: (the result tells the profile and options the numbers were made with).
AGGREGATORS: dict[str, Callable[[Result], Aggregator]] = {
    "xor-full": _xor_full,
    "xor-engspan": _per_language,  # mean over the languages with a question
    "xor-retrieve": _per_language,  # mean over the languages with a counted item
    "poleval2021": _pooled,  # accuracy: share of matched lines
    "nlpcc-kbqa": _pooled,  # mean F1 over the predicted questions
    "nlpcc-dbqa": _pooled,  # MRR: mean reciprocal rank over the questions
    "ntcir-dsqa": _pooled,  # EM: mean over all questions (both languages together)
    "zalo2019": _zalo2019,
}


def aggregator_for(result: Result) -> Aggregator:
    """The :class:`Aggregator` of ``result``'s task, profile and options."""
    factory = AGGREGATORS.get(result.task)
    if factory is None:
        known = ", ".join(sorted(AGGREGATORS))
        raise AnswermatchError(
            f"no aggregation is registered for task {result.task!r}; registered: {known}"
        )
    return factory(result)
