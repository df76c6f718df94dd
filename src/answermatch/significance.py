"""Paired bootstrap comparison of systems scored on the same items.

:func:`compare` scores several prediction files with one task, pairs their
items (the same question in every system), and resamples the questions with
replacement ``resamples`` times from a seeded generator. Every system is
scored on the *same* resamples, each time with the task's own aggregation
(the task's :meth:`~answermatch.tasks.base.Task.aggregation`: XOR-Full's
sum of language means over 7, Zalo's pooled pair counts...), not a plain
mean of item scores. The first system is the baseline; each other one is
compared with it, as sacreBLEU's ``--paired-bs`` does.

For each system it reports

* ``score``: the task's headline score on the full set (exactly
  ``Result.scores[primary]``);
* ``ci``: a 95% percentile bootstrap interval: with the ``N`` resampled scores
  sorted, the values at (0-based) positions ``N // 40`` and
  ``N - 1 - N // 40`` (sacreBLEU's rule; positions 25 and 974 for N = 1000);

and for each system compared with the baseline, with ``Δ`` the full-set
difference ``score - baseline score`` and ``d_i`` the difference in resample
``i``:

* ``difference`` (``Δ``) and ``difference_ci`` (the same percentile rule on
  the ``d_i``);
* ``p_value``: a two-sided paired bootstrap test of "no difference". The
  resampled differences spread around ``Δ``; shifted by ``-Δ`` they show how
  far the difference moves by chance alone, so
  ``p = (1 + #{i : |d_i - Δ| >= |Δ|}) / (N + 1)``. This is the
  bootstrap test of Koehn (2004, "Statistical significance tests for machine
  translation evaluation") in the shifted form of Berg-Kirkpatrick et al.
  (2012, "An empirical investigation of statistical significance in NLP"),
  with the ``+1`` correction that keeps the p-value valid for a finite ``N``.
  sacreBLEU's paired-bs centres ``|d_i|`` on its bootstrap mean and counts
  one tail with ``>``; for a clear difference its p-value is about half of
  this two-sided one, and for two identical systems it gives ``1/(N+1)``
  where this test gives 1.

Resample ``i`` draws ``n`` item positions with ``int(random() * n)`` from
``random.Random(seed)``, whose ``random()`` sequence Python guarantees to stay
the same across versions, so the signature (``resamples`` and ``seed``
included) fixes the numbers.

>>> from answermatch.result import Result
>>> def run(scores):
...     items = [{"id": i, "score": s} for i, s in enumerate(scores)]
...     return Result(task="poleval2021", profile="official",
...                   scores={"accuracy": 100 * sum(scores) / len(scores)}, per_language={},
...                   n=len(items), signature="task:poleval2021|profile:official", items=items)
>>> c = compare_results([run([1, 0, 1, 0]), run([1, 1, 1, 0])], names=["A", "B"],
...                     resamples=200, seed=1)
>>> [(s.name, s.score) for s in c.systems]
[('A', 50.0), ('B', 75.0)]
>>> c.systems[1].difference
25.0
>>> c.signature
'task:poleval2021|profile:official|test:paired-bs|resamples:200|seed:1'
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import AnswermatchError, SmallSampleWarning, format_examples, warn
from .resampling import (
    Groups,
    Plan,
    Rows,
    Totals,
    bootstrap_totals,
    check_draws,
    plain_totals,
    randomization_totals,
    resolve_engine,
)
from .result import DEFAULT_RESAMPLES, DEFAULT_SEED, Result
from .tasks.base import Aggregation, Summary

__all__ = [
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "Comparison",
    "SystemComparison",
    "compare",
    "compare_results",
    "distinct_names",
    "paired_bootstrap",
    "percentile_interval",
]

#: Fewer resamples draw a warning: the interval's positions ``N // 40`` and
#: ``N - 1 - N // 40`` must leave out at least one resample on each side.
MIN_RESAMPLES = 40
#: Fewer paired items than this draw a warning that the test says little.
FEW_ITEMS = 30
#: Paired tests: option name -> the name in signatures (sacreBLEU's).
TESTS = {"bootstrap": "paired-bs", "ar": "paired-ar"}
#: How far the aggregate of a full item list may be from the task's own score.
TOLERANCE = 1e-9
_MAX_LISTED = 5
T = TypeVar("T")


@dataclass(frozen=True)
class SystemComparison:
    """One system's figures (percent). The baseline has no ``difference``,
    ``difference_ci`` or ``p_value`` (``None``)."""

    name: str
    score: float
    ci: tuple[float, float] | None
    difference: float | None = None
    difference_ci: tuple[float, float] | None = None
    p_value: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "name": self.name,
            "score": self.score,
            "ci": None if self.ci is None else list(self.ci),
            "difference": self.difference,
            "difference_ci": None if self.difference_ci is None else list(self.difference_ci),
            "p_value": self.p_value,
        }


@dataclass(frozen=True)
class Comparison:
    """The outcome of :func:`compare`: ``systems[0]`` is the baseline.

    ``metric`` is the task's headline score key, ``n`` the number of paired
    items resampled, ``pairing`` ``"all"`` (every system has the same items)
    or ``"common"`` (the items every system has). ``signature`` is the
    systems' common result signature with ``test``, ``resamples`` and
    ``seed`` (and ``pairing:common`` when used) added before ``version``.
    """

    task: str
    profile: str
    metric: str
    n: int
    resamples: int
    seed: int
    pairing: str
    signature: str
    systems: tuple[SystemComparison, ...]
    test: str = "paired-bs"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "task": self.task,
            "profile": self.profile,
            "metric": self.metric,
            "signature": self.signature,
            "test": self.test,
            "resamples": self.resamples,
            "seed": self.seed,
            "n": self.n,
            "pairing": self.pairing,
            "systems": [s.to_dict() for s in self.systems],
        }


def percentile_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% percentile interval of bootstrap values: the sorted values at
    positions ``N // 40`` and ``N - 1 - N // 40``. A resample where the score
    is undefined (NaN: MKQA's answerable EM of a language whose resample
    holds no answerable question, say) is left out, so ``N`` counts the
    others; with none left the interval is ``(nan, nan)``.

    >>> percentile_interval(list(range(1000)))
    (25, 974)
    >>> percentile_interval([3.0, 1.0, float("nan"), 2.0])
    (1.0, 3.0)
    """
    if not values:
        raise ValueError("no bootstrap values")
    ordered = sorted(v for v in values if v == v)  # NaN is the one value unequal to itself
    if not ordered:
        return math.nan, math.nan
    cut = len(ordered) // 40
    return ordered[cut], ordered[len(ordered) - 1 - cut]


def _p_value(differences: Sequence[float], observed: float) -> float:
    """Two-sided p-value of the shifted paired bootstrap test (see
    :mod:`answermatch.significance`)."""
    size = abs(observed)
    extreme = sum(1 for d in differences if abs(d - observed) >= size)
    return (extreme + 1) / (len(differences) + 1)


def paired_bootstrap(
    aggregator: Aggregation, systems: Sequence[Sequence[Mapping[str, Any]]], **settings: Any
) -> list[list[float]]:
    """Scores of every system on ``resamples`` shared resamples of the items.

    ``systems[s][k]`` is system ``s``'s item for the ``k``-th paired question
    (every system lists the same questions in the same order). Returns
    ``scores[s][i]``, the headline score (percent) of system ``s`` on resample
    ``i``. ``settings``: the keywords of :func:`bootstrap_summaries`
    (``resamples``, ``seed``, ``engine``, ``progress``).

    >>> from answermatch.tasks.base import mean_of
    >>> agg = mean_of("score", key="accuracy")
    >>> a = [{"score": 1.0}, {"score": 0.0}]
    >>> scores = paired_bootstrap(agg, [a, a], resamples=3, seed=7)
    >>> scores[0] == scores[1], all(s in (0.0, 50.0, 100.0) for s in scores[0])
    (True, True)
    """
    primary = aggregator.primary
    return [
        [summary.scores[primary] for summary in summaries]
        for summaries in bootstrap_summaries(aggregator, systems, **settings)
    ]


def bootstrap_summaries(
    aggregator: Aggregation,
    systems: Sequence[Sequence[Mapping[str, Any]]],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    engine: str = "auto",
    progress: bool = False,
) -> list[list[Summary]]:
    """Every system's :class:`~answermatch.tasks.base.Summary` (all scores
    and per-language figures) on ``resamples`` shared resamples of the items
    (``systems``: see :func:`paired_bootstrap`). ``engine``: ``"python"``,
    ``"numpy"`` or ``"auto"`` (numpy when installed; the same numbers, see
    :mod:`answermatch.resampling`); ``progress``: a bar on stderr when it is
    a terminal.

    Items are put in group order once; resample ``i`` draws ``n`` positions
    with ``int(random() * n)``, sorts them, and sums each group's statistics
    over its drawn positions in that order (:mod:`answermatch.resampling`).
    """
    check_draws(resamples, seed)
    n = len(systems[0])
    if n == 0:
        raise AnswermatchError("there are no paired items to resample")
    groups = Groups(_paired_groups(aggregator, systems))
    columns = [_columns(aggregator, items, groups.order) for items in systems]
    draws = bootstrap_totals(columns, Plan(groups, resamples, seed, aggregator.rows), engine)
    out: list[list[Summary]] = [[] for _ in systems]
    combine = aggregator.combine
    for resample in _bar(draws, resamples, "bootstrap", progress, n, engine):
        for system, (totals, rows) in enumerate(resample):
            out[system].append(combine(totals, rows))
    return out


#: items x resamples from which a bar in pure Python names the faster engine
SLOW_WORK = 10_000_000


def _bar(
    steps: Iterable[T], total: int, desc: str, enabled: bool, items: int, engine: str
) -> Iterable[T]:
    """``steps`` with a progress bar when ``enabled`` (see
    :mod:`answermatch.progress`); a long pure-Python run says how to speed it up."""
    from .progress import progress

    if enabled and items * total >= SLOW_WORK and resolve_engine(engine) == "python":
        desc += ' (pure Python; pip install "answermatch[stats]" is about 10x faster)'
    return progress(steps, total=total, desc=desc, enabled=enabled)


def _paired_groups(
    aggregator: Aggregation, systems: Sequence[Sequence[Mapping[str, Any]]]
) -> list[Hashable]:
    """Each paired item's group (the same in every system, else an error)."""
    group = aggregator.group
    keys: list[Hashable] = [None if group is None else group(item) for item in systems[0]]
    for items in systems[1:]:
        if group is not None:
            for k, item in enumerate(items):
                if group(item) != keys[k]:
                    raise AnswermatchError(
                        f"item {item.get('id')!r} is in group {group(item)!r} in one system "
                        f"and {keys[k]!r} in the baseline: the systems cannot be paired"
                    )
    return keys


def _columns(
    aggregator: Aggregation, items: Sequence[Mapping[str, Any]], order: Sequence[int] | None = None
) -> list[list[float]]:
    """The items' statistics (in ``order``, else item order), one list per statistic."""
    statistics = aggregator.statistics
    stats = map(statistics, items if order is None else map(items.__getitem__, order))
    return [list(column) for column in zip(*stats, strict=True)]


def confidence_intervals(
    result: Result,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    aggregation: Aggregation | None = None,
    engine: str = "auto",
    progress: bool = False,
) -> dict[str, Any]:
    """Bootstrap 95% percentile intervals of one system's scores, each
    computed with the task's own aggregation (XOR-Full's division by 7,
    per-language means, pooled counts...) on ``resamples`` resamples of its
    items drawn with ``random.Random(seed)``.

    Returns ``{"scores": {key: (low, high)}, "per_language": {lang: {key:
    (low, high)}}, "resamples": N, "seed": S}``. A score whose every resample
    is the same (all items 0 or all 1) gets a zero-width interval: the
    items do not vary, not a measured certainty. ``aggregation``: the task's
    by default (:func:`aggregation_of`). ``engine`` and ``progress``: see
    :func:`bootstrap_summaries`.

    >>> from answermatch.tasks.base import mean_of
    >>> r = Result(task="t", profile="official", scores={"em": 50.0}, per_language={}, n=4,
    ...            signature="task:t", items=[{"score": s} for s in (1.0, 0.0, 1.0, 0.0)])
    >>> ci = confidence_intervals(r, resamples=200, seed=1, aggregation=mean_of("score", key="em"))
    >>> low, high = ci["scores"]["em"]
    >>> low < 50.0 < high
    True
    """
    _check_resamples(resamples, seed)
    aggregator = aggregation_of(result) if aggregation is None else aggregation
    [summaries] = bootstrap_summaries(
        aggregator,
        [result.items],
        resamples=resamples,
        seed=seed,
        engine=engine,
        progress=progress,
    )
    scores: dict[str, list[float]] = {key: [] for key in result.scores}
    languages: dict[str, dict[str, list[float]]] = {}
    for summary in summaries:
        for key, column in scores.items():
            if key in summary.scores:
                column.append(summary.scores[key])
        for lang, figures in summary.per_language.items():
            columns = languages.setdefault(lang, {})
            for key, value in figures.items():
                if key != "count":
                    columns.setdefault(key, []).append(value)
    return {
        "scores": _intervals(scores),
        "per_language": {lang: _intervals(columns) for lang, columns in languages.items()},
        "resamples": resamples,
        "seed": seed,
    }


def _check_resamples(resamples: int, seed: int, what: str = "resamples") -> None:
    """Whole numbers, at least 1 resample (:func:`~.resampling.check_draws`),
    and a warning below :data:`MIN_RESAMPLES`."""
    check_draws(resamples, seed, what)
    if resamples < MIN_RESAMPLES:
        warn(
            f"only {resamples} resamples: with fewer than {MIN_RESAMPLES}, the 95% percentile "
            "interval is the whole range of the resampled scores, not a 95% interval",
            SmallSampleWarning,
        )


def _intervals(values: dict[str, list[float]]) -> dict[str, tuple[float, float]]:
    return {key: percentile_interval(column) for key, column in values.items() if column}


def approximate_randomization(
    aggregator: Aggregation,
    baseline: Sequence[Mapping[str, Any]],
    system: Sequence[Mapping[str, Any]],
    *,
    trials: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    engine: str = "auto",
    progress: bool = False,
) -> float:
    """Two-sided p-value of a paired approximate randomization test: in each
    of ``trials`` trials every paired item's two outputs are swapped when
    ``random() < 0.5`` (``random.Random(seed)``, items in order), the task's
    headline score is computed for both shuffled systems, and
    ``p = (1 + #{trials with |difference| >= |observed difference|}) /
    (trials + 1)`` (Riezler and Maxwell 2005; sacreBLEU's ``paired-ar``).
    ``engine`` and ``progress``: see :func:`bootstrap_summaries`.

    >>> from answermatch.tasks.base import mean_of
    >>> agg = mean_of("score", key="em")
    >>> same = [{"score": s} for s in (1.0, 0.0, 1.0)]
    >>> approximate_randomization(agg, same, same, trials=99, seed=1)
    1.0
    """
    check_draws(trials, seed, "trials")
    n = len(baseline)
    if n == 0:
        raise AnswermatchError("there are no paired items to shuffle")
    groups = Groups(_paired_groups(aggregator, [baseline, system]))
    cols_a = _columns(aggregator, baseline)
    cols_b = _columns(aggregator, system)
    primary, combine, rows = aggregator.primary, aggregator.combine, aggregator.rows

    def score(totals_and_rows: tuple[Totals, Rows]) -> float:
        return combine(*totals_and_rows).scores[primary]

    unshuffled = [score(plain_totals(cols, groups, rows)) for cols in (cols_b, cols_a)]
    observed = abs(unshuffled[0] - unshuffled[1])
    shuffles = randomization_totals(cols_a, cols_b, Plan(groups, trials, seed, rows), engine)
    extreme = 0
    for shuffled_system, shuffled_baseline in _bar(
        shuffles, trials, "randomization", progress, n, engine
    ):
        if abs(score(shuffled_system) - score(shuffled_baseline)) >= observed:
            extreme += 1
    return (extreme + 1) / (trials + 1)


def aggregation_of(result: Result) -> Aggregation:
    """The aggregation ``result``'s task uses under its profile and options."""
    from .tasks import get_task

    task = get_task(result.task)
    return task.aggregation(task.settings(result.profile), **result.options)


def _pair(
    results: Sequence[Result], names: Sequence[str], common: bool
) -> list[list[Mapping[str, Any]]]:
    """Align the items of every result on (id, occurrence) in the baseline's order."""
    keyed: list[dict[tuple[Any, int], Mapping[str, Any]]] = []
    for result in results:
        seen: dict[Any, int] = {}
        table: dict[tuple[Any, int], Mapping[str, Any]] = {}
        for item in result.items:
            occurrence = seen.get(item["id"], 0)
            seen[item["id"]] = occurrence + 1
            table[(item["id"], occurrence)] = item
        keyed.append(table)
    base = keyed[0]
    shared = [key for key in base if all(key in table for table in keyed[1:])]
    if not common:
        for name, table in zip(names[1:], keyed[1:], strict=True):
            only_base = [key for key in base if key not in table]
            only_other = [key for key in table if key not in base]
            if only_base or only_other:
                raise AnswermatchError(
                    f"cannot pair the items of {names[0]} and {name}: "
                    f"{_listing(only_base)} only in {names[0]}, "
                    f"{_listing(only_other)} only in {name} (their task counts the "
                    "questions each prediction file answers); compare them on the items "
                    "both have with common=True (--common-items)"
                )
    if not shared:
        raise AnswermatchError(f"{', '.join(names)} have no item in common")
    return [[table[key] for key in shared] for table in keyed]


def _listing(keys: list[tuple[Any, int]]) -> str:
    if not keys:
        return "no item"
    return f"{len(keys)} item(s) ({format_examples((repr(k[0]) for k in keys), _MAX_LISTED)})"


def with_fields(base: str, fields: Mapping[str, object]) -> str:
    """``base`` with ``fields`` added before its ``version``."""
    added = [f"{key}:{value}" for key, value in fields.items()]
    head, sep, version = base.rpartition("|version:")
    if not sep:
        return "|".join([base, *added])
    return "|".join([head, *added, f"version:{version}"])


def compare_results(
    results: Sequence[Result],
    *,
    names: Sequence[str] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    common: bool = False,
    test: str = "bootstrap",
    engine: str = "auto",
    progress: bool = False,
) -> Comparison:
    """Compare already scored results (the first is the baseline); see
    :func:`compare`. ``engine`` and ``progress``: see :func:`bootstrap_summaries`."""
    if len(results) < 2:
        raise AnswermatchError("a comparison needs at least two systems")
    _check_resamples(resamples, seed, "resamples" if test != "ar" else "trials")
    names = [f"system {k + 1}" for k in range(len(results))] if names is None else list(names)
    if len(names) != len(results):
        raise AnswermatchError(f"{len(names)} names for {len(results)} systems")
    first = results[0]
    for name, result in zip(names[1:], results[1:], strict=True):
        if result.signature != first.signature:
            raise AnswermatchError(
                f"{names[0]} and {name} were scored differently and cannot be compared: "
                f"{first.signature} vs {result.signature}"
            )
    aggregator = aggregation_of(first)
    metric = aggregator.primary
    for name, result in zip(names, results, strict=True):
        recomputed = aggregator.score(result.items)
        if abs(recomputed - result.scores[metric]) > TOLERANCE:
            raise AnswermatchError(
                f"{name}: the {first.task} ({first.profile}) {metric} of its items is "
                f"{recomputed!r}, not the task's {result.scores[metric]!r}; the task's "
                "aggregation does not reproduce its own score"
            )
    paired = _pair(results, names, common)
    if len(paired[0]) < FEW_ITEMS:
        warn(
            f"only {len(paired[0])} paired items: with fewer than {FEW_ITEMS}, the intervals "
            "and p-values say little",
            SmallSampleWarning,
        )
    if common:
        full = [aggregator.score(items) for items in paired]
    else:
        full = [result.scores[metric] for result in results]
    if test == "ar":
        systems = [SystemComparison(names[0], full[0], None)]
        for k in range(1, len(results)):
            p_value = approximate_randomization(
                aggregator,
                paired[0],
                paired[k],
                trials=resamples,
                seed=seed,
                engine=engine,
                progress=progress,
            )
            systems.append(
                SystemComparison(names[k], full[k], None, full[k] - full[0], None, p_value)
            )
    elif test == "bootstrap":
        boot = paired_bootstrap(
            aggregator, paired, resamples=resamples, seed=seed, engine=engine, progress=progress
        )
        systems = [SystemComparison(names[0], full[0], percentile_interval(boot[0]))]
        for k in range(1, len(results)):
            differences = [s - b for s, b in zip(boot[k], boot[0], strict=True)]
            observed = full[k] - full[0]
            systems.append(
                SystemComparison(
                    names[k],
                    full[k],
                    percentile_interval(boot[k]),
                    difference=observed,
                    difference_ci=percentile_interval(differences),
                    p_value=_p_value(differences, observed),
                )
            )
    else:
        raise AnswermatchError(f"unknown test {test!r}; tests: {', '.join(TESTS)}")
    fields: dict[str, object] = {"test": TESTS[test], "resamples": resamples, "seed": seed}
    if common:
        fields["pairing"] = "common"
    return Comparison(
        task=first.task,
        profile=first.profile,
        metric=metric,
        n=len(paired[0]),
        resamples=resamples,
        seed=seed,
        pairing="common" if common else "all",
        signature=with_fields(first.signature, fields),
        systems=tuple(systems),
        test=TESTS[test],
    )


def distinct_names(names: Sequence[str]) -> list[str]:
    """``names`` with each repeat numbered, so that a file given twice gives
    two systems a reader can tell apart.

    >>> distinct_names(["run.json", "base.json", "run.json"])
    ['run.json', 'base.json', 'run.json (2)']
    """
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


def compare(
    task: str,
    gold: Any,
    predictions: Sequence[Any],
    profile: str = "official",
    *,
    names: Sequence[str] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    common: bool = False,
    test: str = "bootstrap",
    strict: bool = False,
    progress: bool = False,
    engine: str = "auto",
    workers: int = 1,
    **options: Any,
) -> Comparison:
    """Score each of ``predictions`` with ``task`` and compare them with the
    first (the baseline) by paired bootstrap resampling (``test="bootstrap"``)
    or paired approximate randomization (``test="ar"``, with ``resamples``
    trials; no intervals); see :mod:`answermatch.significance` for the figures.

    Systems are paired item by item (by ``id``, the k-th repeat of an id with
    the k-th). Where the task's items follow the prediction file
    (``xor-retrieve``, ``nlpcc-kbqa``), two systems may answer different
    questions: that is an error unless ``common=True``, which resamples only
    the items every system has and reports the scores on those items (not
    the official full-file scores; the signature says ``pairing:common``).
    ``names`` label the systems (default: the file names). ``progress``
    draws bars on stderr (when it is a terminal) while scoring and
    resampling; ``engine``: see :func:`bootstrap_summaries`; ``workers``:
    see :func:`answermatch.evaluate`.
    """
    from .evaluation import evaluate
    from .sources import is_path, source_name

    check_draws(resamples, seed, "resamples" if test != "ar" else "trials")
    if isinstance(predictions, (str, bytes)) or not isinstance(predictions, Sequence):
        raise AnswermatchError(
            "predictions must be a list of systems' predictions (paths or objects), one per "
            f"system, not {type(predictions).__name__}"
        )
    if names is None:
        names = distinct_names(
            [
                source_name(p) if is_path(p) else f"system {k}"
                for k, p in enumerate(predictions, start=1)
            ]
        )
    results = [
        evaluate(
            task, gold, p, profile, strict=strict, progress=progress, workers=workers, **options
        )
        for p in predictions
    ]
    return compare_results(
        results,
        names=names,
        resamples=resamples,
        seed=seed,
        common=common,
        test=test,
        engine=engine,
        progress=progress,
    )
