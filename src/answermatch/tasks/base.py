"""The task contract: what every task says, in its own module and nowhere else.

A task is a subclass of :class:`Task`. It says

* how its gold and predictions are read (:meth:`Task.read_gold`,
  :meth:`Task.read_predictions`: paths, ``.gz`` files or loaded Python
  objects, with the errors and warnings of the official format);
* how its items are scored under a profile (:meth:`Task.score`): per-item
  figures for :attr:`Result.items <answermatch.result.Result.items>`, built
  from the library's normalizers, tokenizers and matchers;
* how its scores follow from summed per-item statistics
  (:meth:`Task.aggregation`, an :class:`Aggregation`): one rule, used by
  :meth:`Task.evaluate`, by the resampling of ``compare`` and by anything
  that merges partial results;
* its profiles (``official``, ``fair``...) as settings objects on one code
  path (:attr:`Task.profiles`, instances of an
  :class:`answermatch.profiles.Settings` subclass).

That core is what :func:`answermatch.evaluate`, the incremental scorer,
``score``, ``compare`` and ``report`` need. What ``explain`` shows, which
gold checks apply and how rows or plain answer lists become the task's
inputs are optional parts a task mixes in (:mod:`answermatch.tasks.parts`:
:class:`~answermatch.tasks.parts.Explains`,
:class:`~answermatch.tasks.parts.ChecksGold`,
:class:`~answermatch.tasks.parts.TakesRows`); the services that need one
say so when a task lacks it.

A minimal task, exact match over a list of answers:

>>> from answermatch.matchers import exact_match
>>> class Toy(Task):
...     name = "toy"
...     summary = "exact match against one answer per question"
...     primary = "em"
...     profiles = {"official": None}
...     def read_gold(self, source, diag, **options):
...         return list(source)
...     def read_predictions(self, source, gold, diag, **options):
...         return list(source)
...     def score(self, inputs, settings, diag, **options):
...         items = [{"id": k, "score": exact_match(p, g)}
...                  for k, (g, p) in enumerate(zip(inputs.gold, inputs.predictions))]
...         return Scored(items, make_signature(self.name, "official"))
...     def aggregation(self, settings, **options):
...         return mean_of("score", key="em")
>>> result = Toy().evaluate(["Paris", "Rome"], ["paris", "Milan"])
>>> result.scores, result.n
({'em': 50.0}, 2)
"""

from __future__ import annotations

import math
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..diagnostics import Diagnostics
from ..errors import InputError, UnknownProfileError
from ..items import Items
from ..result import Result
from ..signature import make_signature, merge_signatures
from ..sources import source_name, swap_checkable
from ..workers import check_workers
from .parts import ChecksGold, parts_of

__all__ = [
    "ANY",
    "COUNT",
    "FRACTION",
    "Aggregation",
    "Inputs",
    "Scored",
    "Statistic",
    "Stats",
    "Summary",
    "Task",
    "Totals",
    "make_signature",
    "mean_of",
]

Item = Mapping[str, Any]
#: An item's additive statistics.
Stats = tuple[float, ...]
#: group -> (number of items, sums of their statistics), in first-seen order.
Totals = dict[Hashable, tuple[int, Stats]]


@dataclass(frozen=True)
class Summary:
    """What an :class:`Aggregation` computes from summed statistics: the
    scores (percent) and, where the task reports them, per-language figures
    (``per_language[lang]["count"]`` is a count)."""

    scores: dict[str, float]
    per_language: dict[str, dict[str, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Statistic:
    """The values one of an :class:`Aggregation`'s statistics takes for one
    item: within ``[low, high]``, and whole numbers when ``integer``. A sum
    over ``count`` items then lies within ``[count * low, count * high]``;
    :meth:`answermatch.Scorer.from_dict` refuses a state outside them.

    >>> FRACTION.bounds(4)
    (0.0, 4.0)
    >>> COUNT.bounds(4)
    (0.0, inf)
    """

    low: float = -math.inf
    high: float = math.inf
    integer: bool = False

    def bounds(self, count: int) -> tuple[float, float]:
        """The range of a sum over ``count`` items."""
        low = self.low * count if math.isfinite(self.low) else self.low
        high = self.high * count if math.isfinite(self.high) else self.high
        return low, high


#: a figure in [0, 1] per item (a match, a score, a yes/no flag)
FRACTION = Statistic(0.0, 1.0)
#: a whole number of things per item (tokens, pairs, a rank)
COUNT = Statistic(0.0, integer=True)
#: any finite number
ANY = Statistic()


@dataclass(frozen=True)
class Aggregation:
    """How a task turns a multiset of its items into its scores.

    ``statistics(item)``: the item's additive figures; ``group(item)``: the
    group they are summed in (its language), or ``group=None`` to pool every
    item; ``combine(totals, rows)``: the :class:`Summary` from
    ``{group: (count, sums)}`` (only groups with an item appear, in the order
    first seen). A task whose official score needs every item at once (a
    best no-answer threshold) sets ``rows=True``: ``combine`` then also gets
    the list of every item's statistics, in item order (otherwise ``None``).
    ``primary``: the key of the headline score.

    ``ranges``, optional: a :class:`Statistic` per statistic, the values an
    item can give (``None``: any finite number); ``groups``, optional: the
    groups there can be (the task's language codes), or a function that
    says whether a group can be (``None``: any). They are
    what a state from elsewhere is checked against
    (:meth:`answermatch.Scorer.from_dict`).

    Sums are accumulated item by item in order, as the official scripts do,
    so the figures are bit-identical to theirs.

    >>> mean = mean_of("score", key="accuracy")
    >>> mean.summarize([{"score": 1.0}, {"score": 0.5}]).scores
    {'accuracy': 75.0}
    >>> mean.score([{"score": 0.0}])
    0.0
    """

    statistics: Callable[[Item], Stats]
    combine: Callable[[Totals, list[Stats] | None], Summary]
    primary: str
    group: Callable[[Item], Hashable] | None = None
    rows: bool = False
    ranges: tuple[Statistic, ...] | None = None
    groups: Collection[Hashable] | Callable[[Hashable], bool] | None = None

    def known_group(self, group: Hashable) -> bool:
        """Whether ``group`` is one the items can have (see ``groups``)."""
        if self.groups is None:
            return True
        if callable(self.groups):
            return bool(self.groups(group))
        return group in self.groups

    def totals(self, items: Iterable[Item]) -> Totals:
        """``{group: (count, sums)}`` of ``items`` (group ``None`` when pooled)."""
        return self.accumulate({}, items)[0]

    def accumulate(
        self, totals: Totals, items: Iterable[Item], rows: list[Stats] | None = None
    ) -> tuple[Totals, list[Stats] | None]:
        """``totals`` (and ``rows`` when the aggregation keeps them) with
        ``items`` added; the arguments are not modified."""
        counts: dict[Hashable, int] = {k: c for k, (c, _) in totals.items()}
        sums: dict[Hashable, list[float]] = {k: list(s) for k, (_, s) in totals.items()}
        kept: list[Stats] | None = list(rows or ()) if self.rows else None
        statistics, group = self.statistics, self.group
        for item in items:
            key = None if group is None else group(item)
            stats = statistics(item)
            acc = sums.get(key)
            if acc is None:
                counts[key] = 0
                acc = sums[key] = [0.0] * len(stats)
            counts[key] += 1
            for k, value in enumerate(stats):
                acc[k] += value
            if kept is not None:
                kept.append(stats)
        return {key: (counts[key], tuple(sums[key])) for key in sums}, kept

    def summarize(self, items: Iterable[Item]) -> Summary:
        """The :class:`Summary` of ``items``."""
        totals, rows = self.accumulate({}, items)
        return self.combine(totals, rows)

    def score(self, items: Iterable[Item]) -> float:
        """The headline score (percent) of ``items``."""
        return self.summarize(items).scores[self.primary]


def merge_totals(a: Totals, b: Totals) -> Totals:
    """The totals of two disjoint sets of items (``a``'s groups first).

    >>> merge_totals({"ja": (2, (1.0,))}, {"ja": (1, (0.5,)), "ko": (1, (1.0,))})
    {'ja': (3, (1.5,)), 'ko': (1, (1.0,))}
    """
    out = dict(a)
    for key, (count, sums) in b.items():
        if key in out:
            c, s = out[key]
            out[key] = (c + count, tuple(x + y for x, y in zip(s, sums, strict=True)))
        else:
            out[key] = (count, sums)
    return out


def mean_of(field_name: str, *, key: str) -> Aggregation:
    """The pooled mean of the items' ``field_name`` (each a fraction in
    [0, 1]) as score ``key``, in percent (0 for no item)."""

    def combine(totals: Totals, rows: list[Stats] | None) -> Summary:
        count, (total,) = totals.get(None, (0, (0.0,)))
        return Summary({key: 100.0 * total / count if count else 0.0})

    return Aggregation(
        statistics=lambda item: (item[field_name],),
        combine=combine,
        primary=key,
        ranges=(FRACTION,),
    )


@dataclass(frozen=True)
class Inputs:
    """The gold and predictions of one evaluation as the task's readers
    returned them, with the names of their sources (for messages)."""

    gold: Any
    predictions: Any
    gold_name: str = "<gold>"
    pred_name: str = "<predictions>"


@dataclass(frozen=True)
class Scored:
    """What :meth:`Task.score` returns: one dict per item (at least ``id``
    and ``score``, the primary per-item figure as a fraction, plus what the
    task's :class:`Aggregation` reads), as a list or by columns
    (:class:`~answermatch.items.ItemColumns`, each item built when read),
    and the signature of what decided the numbers
    (:func:`~answermatch.signature.make_signature`).

    ``totals``, optional: the aggregation's statistics of the items already
    summed while scoring (per group, in item order: exactly what
    :meth:`Aggregation.totals` gives), for a task that holds them anyway and
    is scored at sizes where summing the items again costs time. The scores
    still come from the aggregation's one ``combine``. With ``totals`` (and
    ``rows``, for an aggregation that keeps them), items by columns are
    never built for the scores: a run that prints only the scores builds
    none, and one that writes them builds one at a time."""

    items: Items
    signature: str
    totals: Totals | None = None
    #: with ``totals``, for an aggregation with ``rows``: every item's
    #: statistics in item order (what :meth:`Aggregation.accumulate` keeps),
    #: so that items by columns need not be built to be summed
    rows: list[Stats] | None = None


class Task(ABC):
    """Base class of every task; see :mod:`answermatch.tasks.base`.

    Class attributes: ``name`` (the registered name), ``summary`` (one
    line), ``primary`` (the key of the headline score), ``profiles``
    (profile name -> the settings object :meth:`score` receives; ``official``
    first), ``languages`` (the language codes it scores; empty for any),
    ``options`` (keyword option -> one-line description), ``shapes``
    (``"gold"``/``"predictions"`` -> the in-memory shapes the readers
    accept, for the docs and ``answermatch tasks --json``) and
    ``item_order`` (``"gold"`` or ``"predictions"``: whose order the items
    follow).
    """

    name: ClassVar[str]
    summary: ClassVar[str]
    primary: ClassVar[str]
    profiles: ClassVar[Mapping[str, Any]]
    languages: ClassVar[tuple[str, ...]] = ()
    options: ClassVar[Mapping[str, str]] = {}
    shapes: ClassVar[Mapping[str, str]] = {}
    item_order: ClassVar[str] = "gold"

    # --- what a task implements ---------------------------------------------------

    @abstractmethod
    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> Any:
        """The gold of ``source`` (a path or a loaded object), checked."""

    @abstractmethod
    def read_predictions(self, source: Any, gold: Any, diag: Diagnostics, **options: Any) -> Any:
        """The predictions of ``source``; ``gold`` is what :meth:`read_gold`
        returned (some formats are read against it, e.g. line by line)."""

    @abstractmethod
    def score(self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any) -> Scored:
        """Score every item of ``inputs`` under the profile ``settings``."""

    @abstractmethod
    def aggregation(self, settings: Any, **options: Any) -> Aggregation:
        """How the items' statistics make the scores under ``settings``."""

    def format_table(self, result: Result) -> str | None:
        """The table ``answermatch score`` prints for people, where the
        task's official script rounds or lays out its figures its own way
        (``None``: the generic table, two decimals). ``--json`` always
        carries the full precision."""
        return None

    def merge_signatures(self, signatures: list[str]) -> str:
        """The one signature of parts scored apart and merged
        (:class:`answermatch.Scorer`, Dask): by default
        :func:`~answermatch.signature.merge_signatures`, which refuses parts
        that differ in anything but their counts. A task whose signature
        names what the part held (MKQA's languages, say) unites that field.
        """
        return merge_signatures(signatures)

    def option_fields(self, settings: Any, **options: Any) -> dict[str, str | None]:
        """The task ``options`` checked without any data (a value the task
        refuses raises an :class:`~answermatch.errors.InputError` naming
        the option), and the signature fields they decide: field -> the
        value every signature of a run with these options carries
        (``None``: it carries no such field). A field the data decides is
        left out. :class:`answermatch.Scorer` checks a state's options
        against its signatures with it. By default the options decide none.
        """
        return {}

    # --- provided ---------------------------------------------------------------------

    def settings(self, profile: Any) -> Any:
        """The settings of ``profile`` (a profile name, or a settings object
        of the task's own kind, which is returned as it is)."""
        if isinstance(profile, str):
            if profile not in self.profiles:
                raise UnknownProfileError(
                    f"task {self.name!r} has no profile {profile!r}; "
                    f"its profiles: {', '.join(self.profiles)}"
                )
            return self.profiles[profile]
        kinds = tuple({type(settings) for settings in self.profiles.values()})
        if kinds and not isinstance(profile, kinds):
            raise UnknownProfileError(
                f"a profile of task {self.name!r} is one of {', '.join(self.profiles)} or a "
                f"{kinds[0].__name__} object, not {type(profile).__name__}"
            )
        return profile

    def profile_name(self, profile: Any) -> str:
        """The name of ``profile``: a name as it is; a settings object equal
        to one of :attr:`profiles` by that profile's name; else its own
        ``name``, unless that is a profile's name (a profile with a rule
        changed for a measurement), which is ``custom``."""
        if isinstance(profile, str):
            return profile
        for name, known in self.profiles.items():
            if known is profile:
                return name
        for name, known in self.profiles.items():
            if known == profile:
                return name
        own = getattr(profile, "name", None)
        return "custom" if own is None or own in self.profiles else str(own)

    def read(self, gold: Any, predictions: Any, diag: Diagnostics, **options: Any) -> Inputs:
        """Both sources read by the task's readers. When two files fail but
        would read the other way round, the error says that the gold and the
        predictions look swapped (tried on files that may be read again
        within a bounded memory only: :func:`answermatch.sources.swap_checkable`)."""
        try:
            gold_read = self.read_gold(gold, diag, **options)
            preds_read = self.read_predictions(predictions, gold_read, diag, **options)
        except InputError as exc:
            if (
                not exc.swapped
                and swap_checkable(gold, predictions)
                and self._reads_swapped(gold, predictions, options)
            ):
                raise InputError(
                    f"{exc.message} (the files read the other way round: are the gold "
                    "and the predictions swapped?)",
                    path=exc.path,
                    line=exc.line,
                    swapped=True,
                ) from None
            raise
        return Inputs(gold_read, preds_read, source_name(gold), source_name(predictions))

    def _reads_swapped(self, gold: Any, predictions: Any, options: Mapping[str, Any]) -> bool:
        quiet = Diagnostics()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                swapped = self.read_gold(predictions, quiet, **options)
                self.read_predictions(gold, swapped, quiet, **options)
        except Exception:  # any failure: not a plain swap
            return False
        return True

    def result(
        self, scored: Scored, profile: Any, diag: Diagnostics, options: Mapping[str, Any]
    ) -> Result:
        """The :class:`Result` of scored items: scores from the aggregation."""
        settings = self.settings(profile)
        aggregation = self.aggregation(settings, **options)
        if scored.totals is not None and (scored.rows is not None or not aggregation.rows):
            totals, rows = scored.totals, scored.rows if aggregation.rows else None
        else:
            totals, rows = aggregation.accumulate({}, scored.items)
        summary = aggregation.combine(totals, rows)
        return Result(
            task=self.name,
            profile=self.profile_name(profile),
            scores=summary.scores,
            per_language=summary.per_language,
            n=len(scored.items),
            signature=scored.signature,
            items=scored.items,
            warnings=diag.messages.copy(),  # packed, as held (Messages)
            options=dict(options),
        )

    def evaluate(
        self,
        gold: Any,
        predictions: Any,
        profile: Any = "official",
        *,
        diag: Diagnostics | None = None,
        workers: int | None = None,
        **options: Any,
    ) -> Result:
        """Read, score and aggregate (see :func:`answermatch.evaluate`);
        ``workers``, when given, sets ``diag.workers``."""
        (result,) = self.evaluate_profiles(
            gold, predictions, (profile,), diag=diag, workers=workers, **options
        )
        return result

    def evaluate_profiles(
        self,
        gold: Any,
        predictions: Any,
        profiles: Sequence[Any],
        *,
        diag: Diagnostics | None = None,
        workers: int | None = None,
        **options: Any,
    ) -> list[Result]:
        """:meth:`evaluate` under each of ``profiles`` from one reading: the
        inputs are read once (their warnings recorded in ``diag``), then
        scored under each profile with a diagnostics of its own that starts
        from the reading's warnings, so each result has the warnings one
        :meth:`evaluate` would give it. Scoring never changes the inputs."""
        diag = Diagnostics() if diag is None else diag
        if workers is not None:
            diag.workers = check_workers(workers)
        settings = [self.settings(profile) for profile in profiles]
        inputs = self.read(gold, predictions, diag, **options)
        results = []
        for profile, chosen in zip(profiles, settings, strict=True):
            own = diag if len(settings) == 1 else replace(diag, messages=diag.messages.copy())
            scored = self.score(inputs, chosen, own, **options)
            results.append(self.result(scored, profile, own, options))
        return results

    def describe(self) -> dict[str, Any]:
        """The task as plain data (for ``answermatch tasks --json``)."""
        return {
            "name": self.name,
            "summary": self.summary,
            "primary": self.primary,
            "profiles": list(self.profiles),
            "languages": list(self.languages),
            "options": dict(self.options),
            "shapes": dict(self.shapes),
            "item_order": self.item_order,
            "gold_checks": isinstance(self, ChecksGold),
            "parts": parts_of(self),
        }
