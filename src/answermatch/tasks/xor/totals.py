"""Per-language totals summed while scoring: the XOR tasks' faster sum.

A task's scores come from its :class:`~answermatch.tasks.base.Aggregation`:
the items' statistics summed per language (in item order), then
``combine``. The generic :meth:`Task.result <answermatch.tasks.base.Task.result>`
sums item by item through two Python calls per item, which on the 100-fold
XOR dev sets (347,300 questions) is a measurable share of an evaluation. The
XOR tasks already hold each question's figures while they score, so they sum
them there, per language and in item order (the same additions in the same
order, hence the same floats), and return them as the ``totals`` of their
:class:`~answermatch.tasks.base.Scored`, which the contract feeds to the
same ``combine``: one rule, a faster sum. Anything else that aggregates
items (``compare``, incremental scoring) uses the generic sum and gets the
same figures (the tests check equality on the parity fixtures).

>>> totals = language_totals(["fi", "ja", "fi"], [(1.0, 0.5), (0.0, 0.0), (0.5, 0.5)])
>>> totals
{'fi': (2, (1.5, 1.0)), 'ja': (1, (0.0, 0.0))}
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import add

from ..base import Stats, Totals

__all__ = ["language_totals"]


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
