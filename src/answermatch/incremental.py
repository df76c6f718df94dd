"""Scoring as predictions arrive: update, compute, merge, and states as JSON.

A :class:`Scorer` holds what a task's scores are made from, the summed
per-item statistics of its :meth:`~answermatch.tasks.base.Task.aggregation`
(in the spirit of torchmetrics' ``update``/``compute`` and Hugging Face
``evaluate``'s ``add_batch``/``compute``):

* :meth:`Scorer.update` scores any part of the data (the same shapes
  :func:`answermatch.evaluate` accepts) and adds its statistics;
* :meth:`Scorer.compute` gives the :class:`~answermatch.result.Result` that
  :func:`answermatch.evaluate` gives on all the data seen (the same sums, in
  the same order when the parts come in order; to about 1e-15 otherwise);
* :meth:`Scorer.merge` adds another scorer's state (another process's, a
  shard's), and :meth:`Scorer.to_dict` / :meth:`Scorer.from_dict` carry a
  state as plain JSON, so shards can be written to disk or sent between
  processes without pickle.

The state is bounded by the number of items, never by the size of the
texts: per group (language) one count and a few sums, so memory stays flat
for a pooled task however many items pass. A task whose official score needs
every item at once (a best no-answer threshold) keeps one small tuple of
numbers per item (its aggregation's ``rows``). Per-item records
(:attr:`Result.items <answermatch.result.Result.items>`, with the texts) are
kept only with ``keep_items=True``.

>>> from answermatch.tasks.base import Aggregation, Scored, Summary, Task, mean_of
>>> from answermatch.tasks import register
>>> class Echo(Task):
...     name, summary, primary = "doc-echo", "exact match", "em"
...     profiles = {"official": None}
...     def read_gold(self, source, diag, **options): return list(source)
...     def read_predictions(self, source, gold, diag, **options): return list(source)
...     def score(self, inputs, settings, diag, **options):
...         pairs = zip(inputs.gold, inputs.predictions)
...         return Scored([{"id": g, "score": float(g == p)} for g, p in pairs], "task:doc-echo")
...     def aggregation(self, settings, **options): return mean_of("score", key="em")
>>> _ = register(Echo)
>>> a, b = scorer("doc-echo"), scorer("doc-echo")
>>> a.update(["x", "y"], ["x", "n"])
>>> b.update(["z"], ["z"])
>>> a.merge(Scorer.from_dict(b.to_dict())).compute().scores
{'em': 66.66666666666667}
>>> from answermatch.tasks import unregister
>>> unregister("doc-echo")
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from .diagnostics import Diagnostics
from .errors import AnswermatchError
from .result import Result
from .tasks import check_options, get_task
from .tasks.base import Stats, Totals, merge_totals
from .workers import check_workers

__all__ = ["STATE_FORMAT", "Scorer", "scorer"]

#: Version of the :meth:`Scorer.to_dict` layout.
STATE_FORMAT = 1


class Scorer:
    """Scores of ``task`` under ``profile`` over data given part by part
    (see the module documentation). ``strict``, ``workers`` and the task
    ``options`` are those of :func:`answermatch.evaluate` (``workers`` is how
    each :meth:`update` runs, not part of the state)."""

    def __init__(
        self,
        task: str,
        profile: str = "official",
        *,
        strict: bool = False,
        keep_items: bool = False,
        workers: int = 1,
        **options: Any,
    ) -> None:
        self.task = get_task(task)
        self.workers = check_workers(workers)
        self.settings = self.task.settings(profile)
        if not isinstance(profile, str):
            raise AnswermatchError("a Scorer takes a profile name (its state must be portable)")
        check_options(self.task, options)
        self.profile = profile
        self.options = dict(options)
        self.strict = strict
        self.keep_items = keep_items
        self._aggregation = self.task.aggregation(self.settings, **options)
        self.totals: Totals = {}
        self.rows: list[Stats] | None = [] if self._aggregation.rows else None
        self.n = 0
        self.signatures: list[str] = []
        self.warnings: list[str] = []
        self.items: list[dict[str, Any]] = []

    def update(self, gold: Any, predictions: Any) -> None:
        """Score ``predictions`` against ``gold`` (any part of the data) and
        add their statistics. ``predictions`` may cover other parts too:
        predictions whose id is not in this part are not warned about (where
        the official script stops on such ids, MKQA's say, give each part
        its own predictions)."""
        diag = Diagnostics(strict=self.strict, part=True, workers=self.workers)
        inputs = self.task.read(gold, predictions, diag, **self.options)
        scored = self.task.score(inputs, self.settings, diag, **self.options)
        self.totals, self.rows = self._aggregation.accumulate(self.totals, scored.items, self.rows)
        self.n += len(scored.items)
        if scored.signature not in self.signatures:
            self.signatures.append(scored.signature)
        self.warnings += diag.messages
        if self.keep_items:
            self.items += scored.items

    def compute(self) -> Result:
        """The :class:`~answermatch.result.Result` of everything seen so far."""
        if not self.n:
            raise AnswermatchError(f"the {self.task.name} scorer has seen no item yet")
        summary = self._aggregation.combine(self.totals, self.rows)
        return Result(
            task=self.task.name,
            profile=self.profile,
            scores=summary.scores,
            per_language=summary.per_language,
            n=self.n,
            signature=self.task.merge_signatures(self.signatures),
            items=list(self.items),
            warnings=tuple(self.warnings),
            options=dict(self.options),
        )

    def merge(self, other: Scorer) -> Scorer:
        """Add ``other``'s state to this one (same task, profile and options;
        anything else is an error); returns this scorer."""
        if not isinstance(other, Scorer):
            raise AnswermatchError(
                f"merge takes another Scorer (Scorer.from_dict rebuilds one from its state), "
                f"not {type(other).__name__}"
            )
        mine = (self.task.name, self.profile, self.options)
        theirs = (other.task.name, other.profile, other.options)
        if mine != theirs:
            raise AnswermatchError(
                f"cannot merge a scorer of {_describe(*theirs)} into one of {_describe(*mine)}"
            )
        self.task.merge_signatures([*self.signatures, *other.signatures])  # raises on a conflict
        self.totals = merge_totals(self.totals, other.totals)
        if self.rows is not None:
            self.rows += other.rows or []
        self.n += other.n
        self.signatures += [s for s in other.signatures if s not in self.signatures]
        self.warnings += other.warnings
        if self.keep_items:
            self.items += other.items
        return self

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON-ready data (no texts unless ``keep_items``)."""
        return {
            "format": STATE_FORMAT,
            "task": self.task.name,
            "profile": self.profile,
            "options": dict(self.options),
            "strict": self.strict,
            "n": self.n,
            "totals": [[group, count, list(sums)] for group, (count, sums) in self.totals.items()],
            "rows": None if self.rows is None else [list(row) for row in self.rows],
            "signatures": list(self.signatures),
            "warnings": list(self.warnings),
            "items": list(self.items) if self.keep_items else None,
        }

    @classmethod
    def from_dict(cls, state: Mapping[str, Any]) -> Scorer:
        """A scorer holding the state ``state`` (made by :meth:`to_dict`)."""
        if not isinstance(state, Mapping) or state.get("format") != STATE_FORMAT:
            raise AnswermatchError(
                f"not an answermatch scorer state of format {STATE_FORMAT}: "
                f"format {state.get('format') if isinstance(state, Mapping) else state!r}"
            )
        try:
            new = cls(
                state["task"],
                state["profile"],
                strict=bool(state["strict"]),
                keep_items=state["items"] is not None,
                **state["options"],
            )
            new.totals = {
                _group(group): (int(count), tuple(float(x) for x in sums))
                for group, count, sums in state["totals"]
            }
            if new.rows is not None:
                new.rows = [tuple(float(x) for x in row) for row in state["rows"]]
            new.n = int(state["n"])
            new.signatures = [str(s) for s in state["signatures"]]
            new.warnings = [str(w) for w in state["warnings"]]
            new.items = list(state["items"] or [])
        except (KeyError, TypeError, ValueError) as exc:
            raise AnswermatchError(
                f"a malformed scorer state ({type(exc).__name__}: {exc})"
            ) from None
        return new

    def __repr__(self) -> str:
        return f"Scorer({self.task.name!r}, {self.profile!r}, n={self.n})"


def _group(value: Any) -> Hashable:
    return tuple(value) if isinstance(value, list) else value


def _describe(task: str, profile: str, options: Mapping[str, Any]) -> str:
    extra = f" with options {dict(options)}" if options else ""
    return f"{task} ({profile}){extra}"


def scorer(
    task: str,
    profile: str = "official",
    *,
    strict: bool = False,
    keep_items: bool = False,
    workers: int = 1,
    **options: Any,
) -> Scorer:
    """A new :class:`Scorer` of ``task`` under ``profile``."""
    return Scorer(task, profile, strict=strict, keep_items=keep_items, workers=workers, **options)
