"""Per-question figures computed once per distinct ``(prediction, answers)``
key, in question order: what SQuAD-style scorers need when many questions
share a prediction and its answers (replicated or pooled files, common
short answers).

>>> from answermatch.figures import pair_figures
>>> pair_figures(lambda p, a: (float(p in a), 0.5), [("x", ("x",)), (None, ("y",)), ("x", ("x",))])
[(1.0, 0.5), (0.0, 0.0), (1.0, 0.5)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import count
from typing import Any

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
    first: dict[Key, int] = {}  # each distinct key -> where it first comes
    firsts = list(map(first.setdefault, keys, count()))  # per key, hashing each once
    by_first: list[Figures] = [UNANSWERED] * len(keys)
    for key, position in first.items():
        if key[0] is not None:
            by_first[position] = compute(*key)
    return list(map(by_first.__getitem__, firsts))
