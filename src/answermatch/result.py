"""The :class:`Result` of scoring one task under one profile.

>>> r = Result(task="poleval2021", profile="official", scores={"accuracy": 50.0},
...            per_language={}, n=2, signature="task:poleval2021|profile:official",
...            items=[{"id": 1, "score": 1.0}, {"id": 2, "score": 0.0}])
>>> r.to_dict()["scores"]
{'accuracy': 50.0}
>>> r.primary
50.0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """Scores of one evaluation.

    ``scores`` and ``per_language`` hold task scores in percent (0-100);
    ``per_language[lang]["count"]`` is a question count. ``items`` lists one
    dict per scored item with at least ``id`` and ``score``
    (the task's primary per-item figure, a fraction in [0, 1]). ``n`` is the
    number of items that enter the averages. ``items`` follow the gold's
    order except where a task says otherwise (XOR-Retrieve and NLPCC KBQA
    follow the prediction file, as their official scorers do). ``signature`` names everything
    that decides the numbers (task, profile, normalization, tokenizers and
    their versions, answermatch's version). ``warnings`` repeats what was
    warned about the input; ``options`` holds the task options it was scored
    with (so that its aggregation can be rebuilt, e.g. by ``compare``).
    ``intervals``: bootstrap 95% intervals when asked (``evaluate(...,
    ci=True)``): ``{"scores": {key: (low, high)}, "per_language": {lang:
    {key: (low, high)}}, "resamples": N, "seed": S}``.
    """

    task: str
    profile: str
    scores: dict[str, float]
    per_language: dict[str, dict[str, float]]
    n: int
    signature: str
    items: list[dict[str, Any]] = field(default_factory=list, repr=False)
    warnings: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    intervals: dict[str, Any] | None = None

    @property
    def primary(self) -> float:
        """The task's headline score (its registered ``primary`` key; for a
        task that is not registered, the first score)."""
        from .errors import UnknownTaskError
        from .tasks import get_task

        try:
            key = get_task(self.task).primary
        except UnknownTaskError:
            key = next(iter(self.scores))
        return self.scores[key]

    def to_dict(self, *, items: bool = False) -> dict[str, Any]:
        """A JSON-ready dict: ``task, profile, signature, n, scores, per_language``
        (and ``items`` when asked)."""
        out: dict[str, Any] = {
            "task": self.task,
            "profile": self.profile,
            "signature": self.signature,
            "n": self.n,
            "scores": dict(self.scores),
            "per_language": {k: dict(v) for k, v in self.per_language.items()},
        }
        if self.intervals is not None:
            out["intervals"] = self.intervals
        if items:
            out["items"] = [dict(i) for i in self.items]
        return out
