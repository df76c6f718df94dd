"""Per-language totals summed while scoring: the XOR tasks' faster sum.

A task's scores come from its :class:`~answermatch.tasks.base.Aggregation`:
the items' statistics summed per language (in item order), then
``combine``. The generic :meth:`Task.result <answermatch.tasks.base.Task.result>`
sums item by item through two Python calls per item, which on the 100-fold
XOR dev sets (347,300 questions) is a measurable share of an evaluation. The
XOR tasks already hold each question's figures while they score, so they sum
them there, per language and in item order (the same additions in the same
order, hence the same floats), return them in :class:`TotalledScored`, and
:class:`FastTotals` feeds them to the same ``combine``: one rule, a faster
sum. Anything else that aggregates items (``compare``, incremental scoring)
uses the generic sum and gets the same figures (the tests check equality on
the parity fixtures).

>>> totals = language_totals(["fi", "ja", "fi"], [(1.0, 0.5), (0.0, 0.0), (0.5, 0.5)])
>>> totals
{'fi': (2, (1.5, 1.0)), 'ja': (1, (0.0, 0.0))}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import add
from typing import Any

from ...diagnostics import Diagnostics
from ...result import Result
from ..base import Scored, Stats, Totals

__all__ = ["FastTotals", "TotalledScored", "language_totals"]


@dataclass(frozen=True)
class TotalledScored(Scored):
    """:class:`~answermatch.tasks.base.Scored` with ``totals``: the
    aggregation's statistics of the items summed per language in item order
    (what :meth:`Aggregation.totals <answermatch.tasks.base.Aggregation.totals>`
    gives for the items, computed while scoring)."""

    totals: Totals | None = None


def language_totals(langs: Sequence[str], stats: Sequence[Stats]) -> Totals:
    """``{lang: (count, sums)}`` of per-item statistics, languages in
    first-seen order, each column summed one by one in item order (as
    the official scripts add; builtin ``sum()`` compensates rounding on
    Python 3.12+)."""
    by_language: dict[str, list[Stats]] = {}
    for lang, row in zip(langs, stats, strict=True):
        group = by_language.get(lang)
        if group is None:
            group = by_language[lang] = []
        group.append(row)
    return {
        lang: (len(rows), tuple(reduce(add, column, 0.0) for column in zip(*rows, strict=True)))
        for lang, rows in by_language.items()
    }


class FastTotals:
    """Mixin for a :class:`~answermatch.tasks.base.Task` whose :meth:`score`
    returns :class:`TotalledScored`: :meth:`result` combines those totals
    instead of summing the items again (list it before ``Task``)."""

    def result(
        self, scored: Scored, profile: Any, diag: Diagnostics, options: Mapping[str, Any]
    ) -> Result:
        totals = getattr(scored, "totals", None)
        if totals is None:
            return super().result(scored, profile, diag, options)  # type: ignore[misc]
        task: Any = self
        summary = task.aggregation(task.settings(profile), **options).combine(totals, None)
        return Result(
            task=task.name,
            profile=task.profile_name(profile),
            scores=summary.scores,
            per_language=summary.per_language,
            n=len(scored.items),
            signature=scored.signature,
            items=scored.items,
            warnings=tuple(diag.messages),
            options=dict(options),
        )
