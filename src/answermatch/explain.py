"""Why an item scored what it scored (the service behind ``answermatch
explain``).

:func:`explain` reads the inputs with the task's own readers and asks the
task (:meth:`~answermatch.tasks.parts.Explains.explain`) for one
:class:`~answermatch.explanation.Explanation` per item: raw and normalized
texts, every gold variant with its score, the rule that decided, and the
verdict. Its numbers are those of :func:`answermatch.evaluate` for the same
item.

>>> gold = [{"id": "q1", "answers": ["the Kremlin", "Kremlin Palace"], "lang": "ru"}]
>>> [e] = explain("xor-engspan", gold, {"q1": "Kremlin"})
>>> e.verdict, e.scores["em"], e.scores["f1"]
('exact match', 1.0, 1.0)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

from .diagnostics import Diagnostics
from .errors import InputError
from .explanation import Explanation
from .tasks import check_options, get_task
from .tasks.parts import Explains, require

__all__ = ["explain", "explanations"]


def explain(
    task: str,
    gold: Any,
    pred: Any,
    ids: Sequence[Any] | None = None,
    profile: str = "official",
    *,
    limit: int | None = None,
    below: float | None = None,
    strict: bool = False,
    **options: Any,
) -> list[Explanation]:
    """Explanations of the items of ``task`` (all, those whose id is in
    ``ids``, those whose score is below ``below``, or the first ``limit`` of
    these), in the order of :func:`answermatch.evaluate`'s items; ``options``
    are the task's options, as for :func:`answermatch.evaluate`.

    ``below`` compares the item's primary score
    (:attr:`~answermatch.explanation.Explanation.score`, a fraction in
    [0, 1]): ``below=1`` keeps the items not judged fully correct.

    An id in ``ids`` that no item has is an :class:`InputError` listing it.
    Warnings about the input are those of the task's readers.
    :func:`explanations` gives the same one at a time.

    >>> from answermatch.explain import explain
    >>> gold = [{"id": "q1", "answers": ["Pariisi"], "lang": "fi"},
    ...         {"id": "q2", "answers": ["Rim"], "lang": "ru"}]
    >>> [e.id for e in explain("xor-engspan", gold, {"q1": "Pariisi", "q2": "Milan"}, below=1)]
    ['q2']
    """
    return list(
        explanations(
            task, gold, pred, ids, profile, limit=limit, below=below, strict=strict, **options
        )
    )


def explanations(
    task: str,
    gold: Any,
    pred: Any,
    ids: Sequence[Any] | None = None,
    profile: str = "official",
    *,
    limit: int | None = None,
    below: float | None = None,
    strict: bool = False,
    **options: Any,
) -> Iterator[Explanation]:
    """The explanations of :func:`explain`, made one at a time as they are
    taken, so that a caller writing each one out holds one item's at a
    time, not every item's. The arguments are checked and the inputs read
    before this returns (their errors and warnings come at once); with
    ``ids``, the items are found, and an unknown id refused, before too
    (only those items are held).

    >>> gold = [{"id": "q1", "answers": ["Pariisi"], "lang": "fi"},
    ...         {"id": "q2", "answers": ["Rim"], "lang": "ru"}]
    >>> from answermatch.explain import explanations
    >>> found = explanations("xor-engspan", gold, {"q1": "Pariisi", "q2": "Milan"})
    >>> [(e.id, e.verdict) for e in found]
    [('q1', 'exact match'), ('q2', 'no match')]
    """
    spec = require(get_task(task), Explains, "explain")
    settings = spec.settings(profile)
    check_options(spec, options)
    if limit is not None and limit < 0:
        raise InputError(f"the limit must be 0 or more, not {limit}")
    limit = None if limit is None else min(limit, sys.maxsize)
    if below is not None and not 0 <= below <= 1:
        raise InputError(
            f"below compares item scores, fractions in [0, 1], so it must be in [0, 1], "
            f"not {below} (below=1: the items not fully correct)"
        )
    wanted = None if ids is None else {str(i) for i in ids}
    diag = Diagnostics(strict=strict)
    inputs = spec.read(gold, pred, diag, **options)
    stream = spec.explain(inputs, settings, diag, **options)
    if wanted is None:  # (filter and islice keep no item once given: one is held at a time)
        chosen = stream if below is None else filter(lambda e: e.score < below, stream)
        return islice(chosen, limit)
    found = [e for e in stream if str(e.id) in wanted]
    missing = sorted(wanted - {str(e.id) for e in found})
    if missing:
        raise InputError(f"no item with id {', '.join(missing)} in {task}", path=inputs.gold_name)
    return islice((e for e in found if below is None or e.score < below), limit)
