"""Per-question figures computed once per distinct ``(prediction, answers)``
key, in question order: what SQuAD-style scorers need when many questions
share a prediction and its answers (replicated or pooled files, common
short answers). In a run shared with a twin process (:mod:`answermatch.twin`)
the twin computes the second half of the questions.

>>> from answermatch.figures import pair_figures
>>> pair_figures(lambda p, a: (float(p in a), 0.5), [("x", ("x",)), (None, ("y",)), ("x", ("x",))])
[(1.0, 0.5), (0.0, 0.0), (1.0, 0.5)]
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain, count
from typing import Any

from .twin import halves

__all__ = ["pair_figures"]

Key = tuple[Any, tuple[Any, ...]]
Figures = tuple[float, float]

#: the figures of a question without a prediction
UNANSWERED: Figures = (0.0, 0.0)


def pair_figures(
    compute: Callable[[Any, tuple[Any, ...]], Figures], keys: Sequence[Key]
) -> list[Figures]:
    """``compute(prediction, answers)`` (two floats) of each key, in order,
    each distinct key computed once and looked up by the position where it
    first comes (a tuple's hash is not cached: a second lookup by key would
    hash it again); a key whose prediction is ``None`` is ``(0.0, 0.0)``."""
    each = partial(_figures, compute)
    shared = halves(keys, each, _as_bytes, _from_bytes)
    if shared is None:
        return each(keys)
    return shared[0] + shared[1]


def _figures(
    compute: Callable[[Any, tuple[Any, ...]], Figures], keys: Sequence[Key]
) -> list[Figures]:
    first: dict[Key, int] = {}  # each distinct key -> where it first comes
    firsts = list(map(first.setdefault, keys, count()))  # per key, hashing each once
    by_first: list[Figures] = [UNANSWERED] * len(keys)
    for key, position in first.items():
        if key[0] is not None:
            by_first[position] = compute(*key)
    return list(map(by_first.__getitem__, firsts))


def _as_bytes(figures: list[Figures]) -> bytes:
    """The figures as raw doubles (exact, and fast to send)."""
    return array("d", chain.from_iterable(figures)).tobytes()


def _from_bytes(data: bytes) -> list[Figures]:
    doubles = array("d")
    doubles.frombytes(data)
    values = iter(doubles)
    return list(zip(values, values, strict=True))
