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

import math
from collections.abc import Hashable, Mapping
from typing import Any

from ._version import __version__
from .diagnostics import Diagnostics
from .errors import AnswermatchError, UnknownProfileError, UnknownTaskError
from .result import Result
from .signature import signature_fields
from .tasks import check_options, get_task
from .tasks.base import Aggregation, Stats, Totals, merge_totals
from .workers import check_workers

__all__ = ["STATE_FORMAT", "Scorer", "scorer"]

#: Version of the :meth:`Scorer.to_dict` layout.
STATE_FORMAT = 1


class Scorer:
    """Scores of ``task`` under ``profile`` over data given part by part
    (see :mod:`answermatch.incremental`). ``strict``, ``workers`` and the task
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
        #: the signature fields the options decide (their values checked)
        self._option_fields = self.task.option_fields(self.settings, **options)
        self._aggregation = self.task.aggregation(self.settings, **options)
        self.totals: Totals = {}
        self.rows: list[Stats] | None = [] if self._aggregation.rows else None
        self.n = 0
        self.signatures: list[str] = []
        self.warnings: list[str] = []
        self.items: list[dict[str, Any]] = []
        self._shown: set[tuple[str, int]] = set()  # the kinds of warning shown

    def update(self, gold: Any, predictions: Any) -> None:
        """Score ``predictions`` against ``gold`` (any part of the data) and
        add their statistics. ``predictions`` may cover other parts too:
        predictions whose id is not in this part are not warned about (where
        the official script stops on such ids, MKQA's say, give each part
        its own predictions). Each kind of warning is shown once per
        scorer, however many batches give it (:attr:`warnings` and the
        result's keep them all)."""
        diag = Diagnostics(strict=self.strict, part=True, shown=self._shown, workers=self.workers)
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
        """A scorer holding the state ``state`` (made by :meth:`to_dict`).

        The state is checked in full before it is trusted: its fields' types,
        its task, profile and version against its signatures, its options'
        values as the task checks them and against the signature fields they
        decide (:meth:`~answermatch.tasks.base.Task.option_fields`), the counts
        against ``n``, and every sum against the ranges the task's
        aggregation declares (:class:`~answermatch.tasks.base.Statistic`);
        anything else raises one :class:`~answermatch.errors.AnswermatchError`
        naming what is wrong.

        >>> Scorer.from_dict({"format": 1, "task": "squad", "n": -1})
        Traceback (most recent call last):
        ...
        answermatch.errors.AnswermatchError: not a valid scorer state: it lacks profile, options, strict, totals, rows, signatures, warnings, items
        """  # noqa: E501
        if not isinstance(state, Mapping):
            raise AnswermatchError(f"a scorer state is a mapping, not {type(state).__name__}")
        if state.get("format") != STATE_FORMAT or type(state.get("format")) is not int:
            raise AnswermatchError(
                f"not an answermatch scorer state of format {STATE_FORMAT}: "
                f"format {state.get('format')!r}"
            )
        missing = [key for key in _STATE_KEYS if key not in state]
        if missing:
            raise _bad(f"it lacks {', '.join(missing)}")
        unknown = [str(key) for key in state if key not in _STATE_KEYS and key != "format"]
        if unknown:
            raise _bad(f"unknown field {', '.join(map(repr, unknown))}")
        for key in ("task", "profile"):
            _check_type(state[key], str, key)
        _check_type(state["options"], dict, "options")
        if not all(isinstance(key, str) for key in state["options"]):
            raise _bad("options: keys must be strings")
        _check_type(state["strict"], bool, "strict")
        n = _integer(state["n"], "n")
        try:
            new = cls(
                state["task"],
                state["profile"],
                strict=state["strict"],
                keep_items=state["items"] is not None,
                **state["options"],
            )
        except (UnknownTaskError, UnknownProfileError) as exc:
            raise _bad(str(exc)) from None
        except (AnswermatchError, TypeError, ValueError) as exc:  # what the task refuses
            raise _bad(f"options: {exc}") from None
        aggregation = new._aggregation
        new.totals = _totals(state["totals"], aggregation)
        counted = sum(count for count, _ in new.totals.values())
        if counted != n:
            raise _bad(f"n is {n} but the totals count {counted} items")
        width = _width(new.totals, aggregation)
        if aggregation.rows:
            rows = state["rows"]
            _check_type(rows, list, "rows")
            if len(rows) != n:
                raise _bad(f"rows: {len(rows)} rows for n={n} items")
            new.rows = [
                _stats(row, aggregation, width, 1, f"rows[{k}]") for k, row in enumerate(rows)
            ]
        elif state["rows"] is not None:
            raise _bad(f"rows: the {new.task.name} aggregation keeps none")
        new.n = n
        new.signatures = _strings(state["signatures"], "signatures")
        if n and not new.signatures:
            raise _bad(f"no signature for {n} items")
        _check_signatures(new)
        new.warnings = _strings(state["warnings"], "warnings")
        if state["items"] is not None:
            _check_type(state["items"], list, "items")
            if len(state["items"]) != n or not all(isinstance(i, dict) for i in state["items"]):
                raise _bad(f"items: expected {n} objects, one per item")
            new.items = list(state["items"])
        if n:
            try:
                aggregation.combine(new.totals, new.rows)
            except (ArithmeticError, LookupError, TypeError, ValueError) as exc:
                raise _bad(f"the {new.task.name} aggregation cannot combine it ({exc})") from None
        return new

    def __repr__(self) -> str:
        return f"Scorer({self.task.name!r}, {self.profile!r}, n={self.n})"


_STATE_KEYS = (
    "task",
    "profile",
    "options",
    "strict",
    "n",
    "totals",
    "rows",
    "signatures",
    "warnings",
    "items",
)


def _bad(message: str) -> AnswermatchError:
    return AnswermatchError(f"not a valid scorer state: {message}")


def _check_type(value: Any, kind: type, where: str) -> None:
    if type(value) is not kind:
        raise _bad(f"{where} must be a {kind.__name__}, not {type(value).__name__}")


def _integer(value: Any, where: str) -> int:
    if type(value) is not int or value < 0:
        raise _bad(f"{where} must be a whole number >= 0, not {value!r}")
    return value


def _strings(value: Any, where: str) -> list[str]:
    _check_type(value, list, where)
    if not all(type(v) is str for v in value):
        raise _bad(f"{where}: expected a list of strings")
    return list(value)


def _totals(value: Any, aggregation: Aggregation) -> Totals:
    """The ``totals`` field checked and rebuilt: ``[group, count, sums]``
    triples, one per group, each group one the aggregation can give."""
    _check_type(value, list, "totals")
    totals: Totals = {}
    for k, entry in enumerate(value):
        where = f"totals[{k}]"
        if type(entry) is not list or len(entry) != 3:
            raise _bad(f"{where} must be [group, count, sums]")
        group = _group(entry[0], aggregation, where)
        if group in totals:
            raise _bad(f"{where}: group {group!r} appears twice")
        count = _integer(entry[1], f"{where} count")
        if not count:
            raise _bad(f"{where}: a group without items")
        totals[group] = (count, entry[2])
    width = _width(totals, aggregation)
    return {
        group: (count, _stats(sums, aggregation, width, count, f"totals {group!r}"))
        for group, (count, sums) in totals.items()
    }


def _group(value: Any, aggregation: Aggregation, where: str) -> Hashable:
    if aggregation.group is None:
        if value is not None:
            raise _bad(f"{where}: the aggregation pools every item, but the group is {value!r}")
        return None
    if type(value) is list and all(type(v) is str for v in value):
        value = tuple(value)
    elif value is not None and type(value) is not str:
        raise _bad(f"{where}: a group is a language code, not {value!r}")
    try:
        known = aggregation.known_group(value)
    except AnswermatchError:
        known = False
    if not known:
        listed = aggregation.groups
        choices = (
            "" if callable(listed) else f"; the task's groups are {', '.join(map(str, listed))}"
        )
        raise _bad(f"{where}: unknown group {value!r}{choices}")
    return value


def _joined(values: Any) -> str:
    return ", ".join(map(str, values))


def _width(totals: Mapping[Hashable, tuple[int, Any]], aggregation: Aggregation) -> int:
    """How many statistics an item has: as the aggregation declares, or as
    the first group has (every group must have as many)."""
    if aggregation.ranges is not None:
        return len(aggregation.ranges)
    for _, sums in totals.values():
        return len(sums) if type(sums) in (list, tuple) else -1
    return -1


def _stats(value: Any, aggregation: Aggregation, width: int, count: int, where: str) -> Stats:
    """``value`` as statistics summed over ``count`` items, each within the
    aggregation's declared ranges."""
    if type(value) is not list or (width >= 0 and len(value) != width):
        raise _bad(f"{where}: expected a list of {width} numbers, not {_short(value)}")
    stats = []
    for k, x in enumerate(value):
        if type(x) not in (int, float) or not math.isfinite(x):
            raise _bad(f"{where}: statistic {k} is {_short(x)}, not a finite number")
        stats.append(float(x))
    for k, (x, statistic) in enumerate(zip(stats, aggregation.ranges or (), strict=False)):
        low, high = statistic.bounds(count)
        if not low <= x <= high:
            raise _bad(
                f"{where}: statistic {k} is {x!r}, outside [{low}, {high}] "
                f"for {count} item{'s' * (count != 1)}"
            )
        if statistic.integer and not x.is_integer():
            raise _bad(f"{where}: statistic {k} is {x!r}, not a whole number")
    return tuple(stats)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_signatures(new: Scorer) -> None:
    """The task, profile and answermatch version every signature names
    (where it names them) are the scorer's, and the signatures merge."""
    expected = {"task": new.task.name, "profile": new.profile, "version": __version__}
    for signature in new.signatures:
        fields = signature_fields(signature)
        for key, value in expected.items():
            if fields.get(key, value) != value:
                raise _bad(
                    f"its signature says {key} {fields[key]!r}, but the state is of "
                    f"{key} {value!r}: {_short(signature)}"
                )
        for key, value in new._option_fields.items():
            if fields.get(key) != value:
                said = "no " + key if key not in fields else f"{key} {fields[key]!r}"
                decided = f"{key} {value!r}" if value is not None else f"no {key}"
                raise _bad(
                    f"options: its signature says {said}, but its options "
                    f"{new.options} give {decided}: {_short(signature)}"
                )
    try:
        new.task.merge_signatures(new.signatures)
    except AnswermatchError as exc:
        raise _bad(str(exc)) from None


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
