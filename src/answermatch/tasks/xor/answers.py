"""A question's gold answers analysed once, and a prediction's best overlap with them.

XOR-Full and XOR-EnglishSpan compare a prediction's tokens with each gold
answer's: exact match (the token sequences are equal, i.e. the normalized
strings are) and SQuAD's token F1, precision and recall, each the maximum
over the answers. The official scripts normalize and count every answer
again for every metric; here a question's answers are analysed once into
an :class:`AnswerSet` (tokens, distinct tokens, counts where a token
repeats), and :func:`best_overlap` compares a prediction with all of them.

The arithmetic is the scripts', operation for operation:
``precision = 1.0 * common / len(prediction)``, ``recall = 1.0 * common / len(gold)``,
``f1 = (2 * precision * recall) / (precision + recall)``, and 0 without a
common token. ``common`` is the size of the multiset intersection
(``Counter(p) & Counter(g)``); when either side has no repeated token it is
the size of the set intersection, counted without building any counter.

>>> golds = AnswerSet.of(str.split, ("New York City", "NYC"))
>>> best_overlap(("new", "York"), golds)  # F1, EM, precision, recall
(0.4, 0.0, 0.5, 0.3333333333333333)
>>> best_overlap(("NYC",), golds)
(1.0, 1.0, 1.0, 1.0)
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

__all__ = ["AnswerSet", "best_overlap"]

Tokens = tuple[str, ...]


def _counts(tokens: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    _count_elements(counts, tokens)
    return counts


@dataclass(frozen=True)
class AnswerSet:
    """A question's answers as token tuples, with each answer's distinct
    tokens and (only when some token repeats) its token counts."""

    tokens: tuple[Tokens, ...]
    sets: tuple[frozenset[str], ...]
    counts: tuple[dict[str, int] | None, ...]

    @classmethod
    def of(cls, analyze: Callable[[str], Sequence[str]], answers: Iterable[str]) -> AnswerSet:
        """The answers analysed by ``analyze`` (text -> tokens)."""
        tokens = tuple(tuple(analyze(answer)) for answer in answers)
        sets = tuple(map(frozenset, tokens))
        counts = tuple(
            None if len(unique) == len(gold) else _counts(gold)
            for gold, unique in zip(tokens, sets, strict=True)
        )
        return cls(tokens, sets, counts)


def best_overlap(tokens: Tokens, golds: AnswerSet) -> tuple[float, float, float, float]:
    """F1, EM, precision and recall of a prediction's ``tokens``, each the
    maximum over the answers (0 for an answer without a common token)."""
    n = len(tokens)
    if not n:  # no common token with any answer; EM only against an empty answer
        return 0.0, (1.0 if () in golds.tokens else 0.0), 0.0, 0.0
    mine = set(tokens)
    repeated = len(mine) != n
    counts: dict[str, int] | None = None
    f1 = em = precision = recall = 0.0
    for gold, theirs, gold_counts in zip(golds.tokens, golds.sets, golds.counts, strict=True):
        if repeated and gold_counts is not None:  # both sides repeat a token: count
            if counts is None:
                counts = _counts(tokens)
            shared = counts.keys() & gold_counts.keys()
            mine_n, theirs_n = map(counts.__getitem__, shared), map(gold_counts.__getitem__, shared)
            common = sum(map(min, mine_n, theirs_n))
        else:  # one side has each token once: the multiset overlap is the set overlap
            common = len(mine.intersection(theirs))
        if not common:
            continue
        if gold == tokens:
            em = 1.0
        p = 1.0 * common / n
        r = 1.0 * common / len(gold)
        f = (2 * p * r) / (p + r)
        if f > f1:
            f1 = f
        if p > precision:
            precision = p
        if r > recall:
            recall = r
    return f1, em, precision, recall
