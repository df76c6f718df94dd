"""The resampling engines behind :mod:`answermatch.significance`: the
paired bootstrap's per-group sums and the approximate randomization's
swapped sums, in pure Python and, when numpy is installed, vectorised.

Both engines give the *same* numbers, bit for bit:

* draws come from ``random.Random(seed)``: the bootstrap takes
  ``int(random() * n)``, the randomization ``random() < 0.5``; numpy's
  ``MT19937`` bit generator, given the state of that ``random.Random``, yields
  the same ``random()`` sequence (both build a double from two 32-bit words,
  ``((a >> 5) * 2**26 + (b >> 6)) / 2**53``);
* every sum is accumulated left to right from ``0.0`` in a fixed order (the
  bootstrap: the drawn positions sorted, within each group; the
  randomization: item order within each group), as
  :meth:`~answermatch.tasks.base.Aggregation.accumulate` does: Python's
  ``sum`` where it adds floats in order (before 3.12), ``functools.reduce``
  otherwise, and numpy's ``cumsum`` (an accumulation, never reassociated).

``engine`` is ``"python"``, ``"numpy"`` or ``"auto"`` (numpy when it can be
imported, which costs nothing at ``import answermatch`` time).

>>> _sequential_sum([0.1, 0.2, 0.3]) == (0.0 + 0.1) + 0.2 + 0.3
True
>>> resolve_engine("python")
'python'
"""

from __future__ import annotations

import marshal
import random
import sys
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import starmap
from math import floor
from operator import add, itemgetter, sub
from typing import Any

from .errors import AnswermatchError, MissingExtraError

__all__ = [
    "ENGINES",
    "Groups",
    "Plan",
    "bootstrap_totals",
    "check_draws",
    "plain_totals",
    "randomization_totals",
    "resolve_engine",
]

ENGINES = ("auto", "python", "numpy")

#: One resample's ``{group: (count, sums)}`` per system, and the rows (or None).
Totals = dict[Hashable, tuple[int, tuple[float, ...]]]
Rows = list[tuple[float, ...]] | None

if sys.version_info < (3, 12):
    _sequential_sum: Callable[[Iterable[float]], float] = sum
else:  # sum() compensates float rounding from 3.12 on; keep plain left-to-right addition

    def _sequential_sum(values: Iterable[float]) -> float:
        return reduce(add, values, 0.0)


def resolve_engine(engine: str) -> str:
    """``"python"`` or ``"numpy"``: ``"auto"`` is numpy when installed.

    >>> resolve_engine("fortran")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    answermatch.errors.AnswermatchError: unknown resampling engine 'fortran'; engines: ...
    """
    if engine not in ENGINES:
        raise AnswermatchError(
            f"unknown resampling engine {engine!r}; engines: {', '.join(ENGINES)}"
        )
    if engine != "auto":
        if engine == "numpy":
            _numpy()
        return engine
    try:
        _numpy()
    except MissingExtraError:
        return "python"
    return "numpy"


def _numpy() -> Any:
    from .tokenizers.base import require

    return require("numpy", "stats")


class Groups:
    """Paired items put in group order once: ``order[p]`` is the item at
    position ``p`` (stable: item order within a group), and ``bounds`` lists
    each group's ``(key, start, end)`` positions, groups in first-seen order.

    >>> g = Groups(["b", "a", "b"])
    >>> g.order, g.bounds
    ([0, 2, 1], [('b', 0, 2), ('a', 2, 3)])
    """

    def __init__(self, keys: Sequence[Hashable]) -> None:
        rank = {key: r for r, key in enumerate(dict.fromkeys(keys))}
        self.order = sorted(range(len(keys)), key=lambda k: rank[keys[k]])
        self.bounds: list[tuple[Hashable, int, int]] = []
        for position, k in enumerate(self.order):
            if self.bounds and self.bounds[-1][0] == keys[k]:
                key, lo, _ = self.bounds[-1]
                self.bounds[-1] = (key, lo, position + 1)
            else:
                self.bounds.append((keys[k], position, position + 1))


@dataclass(frozen=True)
class Plan:
    """What a resampling run draws: ``count`` resamples (or trials) from
    ``random.Random(seed)`` over the items of ``groups``, with every
    item's statistics passed on (``rows``) when the aggregation reads them."""

    groups: Groups
    count: int
    seed: int
    rows: bool = False


#: The most resamples (or permutation trials) one run may ask for.
MAX_DRAWS = 1_000_000


def check_draws(count: object, seed: object, what: str = "resamples") -> None:
    """An :class:`~answermatch.errors.AnswermatchError` unless ``count`` (of
    resamples or trials) is a whole number from 1 to :data:`MAX_DRAWS` and ``seed`` a whole
    number: a seed of ``None`` would draw differently at every run under the
    same signature.

    >>> check_draws(1000, 12345)
    >>> check_draws(1000, None)
    Traceback (most recent call last):
    ...
    answermatch.errors.AnswermatchError: the seed must be a whole number (the signature ...
    """
    if not isinstance(count, int) or isinstance(count, bool):
        raise AnswermatchError(f"the number of {what} must be a whole number, got {count!r}")
    if count < 1:
        raise AnswermatchError(f"the number of {what} must be at least 1, got {count}")
    if count > MAX_DRAWS:
        raise AnswermatchError(
            f"the number of {what} must be at most {MAX_DRAWS:,}, got {count:,} (more "
            "would run for hours and change the figures by less than their last printed digit)"
        )
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise AnswermatchError(
            "the seed must be a whole number (the signature names it, so that the same "
            f"signature means the same draws), got {seed!r}"
        )


def bootstrap_totals(
    columns: Sequence[Sequence[Sequence[float]]], plan: Plan, engine: str = "auto"
) -> Iterator[list[tuple[Totals, Rows]]]:
    """For each of ``plan.count`` resamples, every system's totals (and rows
    in resample order when ``plan.rows``). ``columns[s][j][p]``: system ``s``'s
    statistic ``j`` for the item at group-ordered position ``p``."""
    return _ENGINES[resolve_engine(engine)].bootstrap(columns, plan)


def randomization_totals(
    baseline: Sequence[Sequence[float]],
    system: Sequence[Sequence[float]],
    plan: Plan,
    engine: str = "auto",
) -> Iterator[tuple[tuple[Totals, Rows], tuple[Totals, Rows]]]:
    """For each of ``plan.count`` trials (every item's two outputs swapped
    when ``random() < 0.5``), the totals (and rows in item order when
    ``plan.rows``) of the shuffled system and of the shuffled baseline, in
    that order. ``baseline[j][k]``: statistic ``j`` of item ``k`` (item order)."""
    return _ENGINES[resolve_engine(engine)].randomization(baseline, system, plan)


def _bootstrap_python(
    columns: Sequence[Sequence[Sequence[float]]], plan: Plan
) -> Iterator[list[tuple[Totals, Rows]]]:
    groups, resamples, seed, rows = plan.groups, plan.count, plan.seed, plan.rows
    n = len(groups.order)
    columns = [[_compact(col) for col in cols] for cols in columns]
    draw = random.Random(seed).random
    scale = float(n).__mul__  # random() * n, as float * int computes it
    nothing = ((),) * n
    for _ in range(resamples):
        # floor is int() for these non-negative values, and a little faster
        picks = sorted(map(floor, map(scale, starmap(draw, nothing))))
        slices = []
        start = 0
        for key, _lo, hi in groups.bounds:
            end = bisect_left(picks, hi, start)
            if end > start:
                slices.append((key, end - start, _getter(picks[start:end])))
            start = end
        out = []
        for cols in columns:
            totals = {
                key: (size, tuple(_sequential_sum(take(col)) for col in cols))
                for key, size, take in slices
            }
            kept = list(zip(*(_getter(picks)(col) for col in cols), strict=True)) if rows else None
            out.append((totals, kept))
        yield out


def _compact(values: list[float]) -> list[float]:
    """``values`` made again side by side in memory: a resample reads them
    in position order, about twice as fast as objects scattered among the
    items they came from (the same values: marshal keeps a float's bits).

    >>> _compact([0.1, -0.0, 3])
    [0.1, -0.0, 3]
    >>> odd = [object()]
    >>> _compact(odd) is odd
    True
    """
    try:
        return marshal.loads(marshal.dumps(values))
    except ValueError:  # a value marshal cannot write: keep the list as it is
        return values


def _getter(positions: Sequence[int]) -> Callable[[Sequence[float]], Sequence[float]]:
    """A function giving the values at ``positions`` of a list, in order
    (``itemgetter``, which gives a bare value rather than a tuple for one position).

    >>> _getter([2, 0])([5.0, 6.0, 7.0]), _getter([1])([5.0, 6.0])
    ((7.0, 5.0), (6.0,))
    """
    if len(positions) == 1:
        [position] = positions
        return lambda values: (values[position],)
    return itemgetter(*positions)


def _generator(seed: int) -> Any:
    """A numpy Generator whose ``random()`` stream is ``random.Random(seed)``'s."""
    np = _numpy()
    _, internal, _ = random.Random(seed).getstate()
    bits = np.random.MT19937()
    bits.state = {
        "bit_generator": "MT19937",
        "state": {"key": np.array(internal[:-1], dtype=np.uint32), "pos": internal[-1]},
    }
    return np.random.Generator(bits)


def _bootstrap_numpy(
    columns: Sequence[Sequence[Sequence[float]]], plan: Plan
) -> Iterator[list[tuple[Totals, Rows]]]:
    groups, resamples, seed, rows = plan.groups, plan.count, plan.seed, plan.rows
    np = _numpy()
    n = len(groups.order)
    width = len(columns[0])
    # one row per item (group order), one column per (system, statistic): a
    # resample repeats whole rows, and the running sums go down the columns
    table = _matrix(np, [col for cols in columns for col in cols], n)
    generator = _generator(seed)
    scale = float(n)
    for _ in range(resamples):
        picks = (generator.random(n) * scale).astype(np.intp)
        counts = np.bincount(picks, minlength=n)
        sums = []
        for key, lo, hi in groups.bounds:
            taken = counts[lo:hi]
            size = int(taken.sum())
            if size:
                repeated = np.repeat(table[lo:hi], taken, axis=0)
                np.cumsum(repeated, axis=0, out=repeated)
                last = repeated[-1] + 0.0  # 0.0 + -0.0 is 0.0, as for sum()
                sums.append((key, size, last.tolist()))
        kept = np.repeat(table, counts, axis=0).tolist() if rows else None
        out = []
        for s in range(len(columns)):
            cut = slice(s * width, (s + 1) * width)
            totals = {key: (size, tuple(last[cut])) for key, size, last in sums}
            out.append((totals, None if kept is None else [tuple(row[cut]) for row in kept]))
        yield out


def _matrix(np: Any, columns: Sequence[Sequence[float]], n: int) -> Any:
    """``columns`` (each ``n`` long) as an ``n x len(columns)`` float64 array."""
    return np.array(columns, dtype=np.float64).reshape(len(columns), n).T.copy()


def plain_totals(
    first: Sequence[Sequence[float]], groups: Groups, rows: bool
) -> tuple[Totals, Rows]:
    """The totals (and rows) of one unshuffled system (item-ordered columns)."""
    order = groups.order
    totals = {
        key: (
            hi - lo,
            tuple(_sequential_sum(map(col.__getitem__, order[lo:hi])) for col in first),
        )
        for key, lo, hi in groups.bounds
    }
    return totals, (list(zip(*first, strict=True)) if rows else None)


def _randomization_python(
    baseline: Sequence[Sequence[float]], system: Sequence[Sequence[float]], plan: Plan
) -> Iterator[tuple[tuple[Totals, Rows], tuple[Totals, Rows]]]:
    groups, trials, seed, rows = plan.groups, plan.count, plan.seed, plan.rows
    order = groups.order
    n = len(order)
    # per statistic, the system's then the baseline's values in group order:
    # position p + n * swapped is the shuffled system's, p + n * (1 - swapped) the baseline's
    both = [
        _compact([*map(b.__getitem__, order), *map(a.__getitem__, order)])
        for a, b in zip(baseline, system, strict=True)
    ]
    back = [0] * n  # back[k]: item k's group-ordered position
    for position, k in enumerate(order):
        back[k] = position
    draw = random.Random(seed).random
    nothing = ((),) * n
    below_half = (0.5).__gt__
    times_n = n.__mul__
    kept_positions, swapped_positions = range(n), range(n, 2 * n)
    for _ in range(trials):
        swaps = list(map(below_half, starmap(draw, nothing)))  # item order
        shifts = list(map(times_n, map(swaps.__getitem__, order)))  # group order
        sides = []
        for where in (
            list(map(add, kept_positions, shifts)),  # the shuffled system
            list(map(sub, swapped_positions, shifts)),  # the shuffled baseline
        ):
            totals = {}
            for key, lo, hi in groups.bounds:
                take = _getter(where[lo:hi])
                totals[key] = (hi - lo, tuple(_sequential_sum(take(col)) for col in both))
            kept = None
            if rows:
                take = _getter(list(map(where.__getitem__, back)))  # item order
                kept = list(zip(*(take(col) for col in both), strict=True))
            sides.append((totals, kept))
        yield sides[0], sides[1]


def _randomization_numpy(
    baseline: Sequence[Sequence[float]], system: Sequence[Sequence[float]], plan: Plan
) -> Iterator[tuple[tuple[Totals, Rows], tuple[Totals, Rows]]]:
    groups, trials, seed, rows = plan.groups, plan.count, plan.seed, plan.rows
    np = _numpy()
    n = len(groups.order)
    order = np.array(groups.order, dtype=np.intp)
    a, b = _matrix(np, baseline, n), _matrix(np, system, n)  # one row per item
    a_grouped, b_grouped = a[order], b[order]
    generator = _generator(seed)
    sides = ((b_grouped, a_grouped, b, a), (a_grouped, b_grouped, a, b))  # system, baseline
    for _ in range(trials):
        swaps = generator.random(n) < 0.5  # item order
        swapped = swaps[order, None]
        both = []
        for kept, other, kept_items, other_items in sides:
            chosen = np.where(swapped, other, kept)
            totals = {}
            for key, lo, hi in groups.bounds:
                running = np.cumsum(chosen[lo:hi], axis=0, out=chosen[lo:hi])
                totals[key] = (hi - lo, tuple((running[-1] + 0.0).tolist()))
            found = (
                list(map(tuple, np.where(swaps[:, None], other_items, kept_items).tolist()))
                if rows
                else None
            )
            both.append((totals, found))
        yield both[0], both[1]


@dataclass(frozen=True)
class _Engine:
    bootstrap: Callable[..., Iterator[list[tuple[Totals, Rows]]]]
    randomization: Callable[..., Iterator[tuple[tuple[Totals, Rows], tuple[Totals, Rows]]]]


_ENGINES = {
    "python": _Engine(_bootstrap_python, _randomization_python),
    "numpy": _Engine(_bootstrap_numpy, _randomization_numpy),
}
