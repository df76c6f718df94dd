"""What a report holds, and how it is computed (see :mod:`answermatch.report`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from ..checks import Finding
from ..errors import AnswermatchError
from ..evaluation import evaluate_profiles
from ..explain import explain
from ..explanation import Explanation
from ..goldcheck import check_gold
from ..result import Result
from ..significance import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    Comparison,
    compare_results,
    distinct_names,
)
from ..sources import is_path, source_name
from ..tasks import get_task
from ..tasks.parts import ChecksGold, Explains

__all__ = ["Disagreement", "Report", "SystemRun", "build_report", "system_names"]


@dataclass(frozen=True)
class SystemRun:
    """One system's results, by profile; ``source``: its prediction file
    (``None`` for loaded data)."""

    name: str
    results: dict[str, Result]
    source: str | None = None

    def warnings(self) -> list[str]:
        """What scoring it warned about, once each, without its own file
        name in front (the report says whose warnings they are)."""
        seen = dict.fromkeys(w for r in self.results.values() for w in r.warnings)
        if self.source is None:
            return list(seen)
        return [_without_prefix(w, self.source) for w in seen]


def _without_prefix(message: str, path: str) -> str:
    """``message`` without a leading ``path:`` (``path:LINE:`` becomes ``line LINE:``).

    >>> _without_prefix("run.json:3: duplicate key", "run.json")
    'line 3: duplicate key'
    >>> _without_prefix("run.json: 1 of 84 have no prediction", "run.json")
    '1 of 84 have no prediction'
    >>> _without_prefix("gold.json: odd", "run.json")
    'gold.json: odd'
    """
    if not message.startswith(path + ":"):
        return message
    rest = message[len(path) + 1 :]
    line, colon, text = rest.partition(":")
    if colon and line.isdigit():
        return f"line {line}:{text}"
    return rest.lstrip()


@dataclass(frozen=True)
class Disagreement:
    """An item the systems score most differently: its id, each system's
    primary per-item figure, and each system's explanation."""

    id: Any
    scores: dict[str, float]
    explanations: dict[str, Explanation]

    def gold(self) -> list[str]:
        """The item's gold answers (as the first explanation shows them)."""
        for explanation in self.explanations.values():
            return [variant.text.raw for variant in explanation.variants]
        return []

    def lang(self) -> str | None:
        """The item's language, where the task gives one."""
        for explanation in self.explanations.values():
            return explanation.lang
        return None

    @property
    def spread(self) -> float:
        return max(self.scores.values()) - min(self.scores.values())


@dataclass(frozen=True)
class Report:
    """Everything a report shows."""

    task: str
    summary: str
    gold: str
    primary: str
    profiles: tuple[str, ...]
    systems: tuple[SystemRun, ...]
    disagreements: tuple[Disagreement, ...] = ()
    findings: tuple[Finding, ...] = ()
    gold_checked: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: per profile, the paired tests of every system against the first
    #: (two or more systems; a profile whose systems cannot be paired has none)
    comparisons: dict[str, Comparison] = field(default_factory=dict)

    def metrics(self) -> list[str]:
        """Every score key any result has, the primary first."""
        keys = [self.primary]
        for system in self.systems:
            for result in system.results.values():
                keys += [k for k in result.scores if k not in keys]
        return keys

    def finding_summary(self, examples: int = 3) -> list[tuple[str, str, int, list[Finding]]]:
        """``(severity, code, count, first findings)`` for each kind of gold
        finding, errors first, then the most frequent."""
        kinds: dict[tuple[str, str], list[Finding]] = {}
        for finding in self.findings:
            kinds.setdefault((finding.severity, finding.code), []).append(finding)
        rank = {"error": 0, "warning": 1}
        ordered = sorted(kinds.items(), key=lambda kv: (rank.get(kv[0][0], 2), -len(kv[1])))
        return [(sev, code, len(found), found[:examples]) for (sev, code), found in ordered]

    def languages(self) -> list[str]:
        """Every language any result has a figure for, sorted."""
        found = {
            lang
            for system in self.systems
            for result in system.results.values()
            for lang in result.per_language
        }
        return sorted(found)

    def to_dict(self) -> dict[str, Any]:
        """The report's numbers as JSON-ready data (what the page embeds)."""
        return {
            "task": self.task,
            "gold": self.gold,
            "primary": self.primary,
            "profiles": list(self.profiles),
            "systems": [
                {
                    "name": system.name,
                    "results": {p: r.to_dict() for p, r in system.results.items()},
                }
                for system in self.systems
            ],
            "comparisons": {p: c.to_dict() for p, c in self.comparisons.items()},
            "disagreements": [{"id": d.id, "scores": d.scores} for d in self.disagreements],
            "findings": [
                {"severity": sev, "code": code, "count": count}
                for sev, code, count, _ in self.finding_summary()
            ],
        }


def _default_profiles(task: str) -> tuple[str, ...]:
    profiles = tuple(get_task(task).profiles)
    return tuple(p for p in ("official", "fair") if p in profiles) or profiles[:1]


def build_report(
    task: str,
    gold: Any,
    predictions: Sequence[Any],
    *,
    names: Sequence[str] | None = None,
    profiles: Sequence[str] | None = None,
    ci: bool = True,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    top: int = 10,
    strict: bool = False,
    workers: int = 1,
    **options: Any,
) -> Report:
    """Score every system of ``predictions`` (the first is the reference
    for the order of items) under ``profiles`` (default: ``official`` and
    ``fair`` where the task has them), with bootstrap intervals when ``ci``;
    explain the ``top`` items whose primary figure differs most between
    systems; run the task's gold checks. A task without explanations or
    gold checks (:mod:`answermatch.tasks.parts`) gets a report without
    them. ``workers``: see :func:`answermatch.evaluate`."""
    spec = get_task(task)
    profiles = tuple(profiles) if profiles else _default_profiles(task)
    names = system_names(predictions) if names is None else list(names)
    if len(names) != len(predictions):
        raise AnswermatchError(f"{len(names)} names for {len(predictions)} systems")
    findings: tuple[Finding, ...] = ()
    gold_checked = isinstance(spec, ChecksGold)
    if gold_checked:  # first: its reading of the gold is let go before the systems hold theirs
        findings = tuple(check_gold(task, gold, **options))
    systems = tuple(
        SystemRun(
            name,
            dict(
                zip(
                    profiles,
                    evaluate_profiles(
                        task,
                        gold,
                        pred,
                        profiles,
                        strict=strict,
                        workers=workers,
                        ci=ci,
                        resamples=resamples,
                        seed=seed,
                        **options,
                    ),
                    strict=True,
                )
            ),
            source_name(pred) if is_path(pred) else None,
        )
        for name, pred in zip(names, predictions, strict=True)
    )
    comparisons: dict[str, Comparison] = {}
    notes: list[str] = []
    if len(systems) > 1:
        for profile in profiles:
            try:
                comparisons[profile] = compare_results(
                    [system.results[profile] for system in systems],
                    names=[system.name for system in systems],
                    resamples=resamples,
                    seed=seed,
                )
            except AnswermatchError as exc:
                notes.append(f"no paired test under {profile}: {exc}")
    disagreements: tuple[Disagreement, ...] = ()
    if len(systems) > 1 and top > 0 and isinstance(spec, Explains):
        disagreements = _disagreements(
            task, gold, predictions, systems, profiles[0], top, strict, options
        )
    return Report(
        task=task,
        summary=spec.summary,
        gold=source_name(gold),
        primary=spec.primary,
        profiles=profiles,
        systems=systems,
        disagreements=disagreements,
        findings=findings,
        gold_checked=gold_checked,
        notes=tuple(notes),
        comparisons=comparisons,
    )


def system_names(predictions: Sequence[Any]) -> list[str]:
    """A short name per system: its file's name without the extensions
    (``runs/mt5.json.gz`` is ``mt5``), with its folder where two would be
    the same, numbered where even that is the same; ``system K`` for loaded
    data.

    >>> system_names(["a/run.json", "b/run.json", "mt5.jsonl.gz", {"q1": "x"}])
    ['a/run', 'b/run', 'mt5', 'system 4']
    >>> system_names(["a/run.json", "a/run.json"])
    ['a/run', 'a/run (2)']
    """
    stems = []
    for k, source in enumerate(predictions, start=1):
        if not is_path(source):
            stems.append(f"system {k}")
            continue
        path = PurePath(source_name(source))
        name = path.name.removesuffix(".gz")
        stems.append(name.rsplit(".", 1)[0] if "." in name[1:] else name)
    repeated = {stem for stem in stems if stems.count(stem) > 1}
    return distinct_names(
        [
            f"{PurePath(source_name(source)).parent.name}/{stem}" if stem in repeated else stem
            for stem, source in zip(stems, predictions, strict=True)
        ]
    )


def _disagreements(
    task: str,
    gold: Any,
    predictions: Sequence[Any],
    systems: Sequence[SystemRun],
    profile: str,
    top: int,
    strict: bool,
    options: dict[str, Any],
) -> tuple[Disagreement, ...]:
    by_system: list[dict[str, float]] = []
    for system in systems:
        first: dict[str, float] = {}
        for item in system.results[profile].items:
            first.setdefault(str(item["id"]), float(item["score"]))
        by_system.append(first)
    common = [key for key in by_system[0] if all(key in scores for scores in by_system[1:])]
    ranked = sorted(
        common,
        key=lambda key: -(max(s[key] for s in by_system) - min(s[key] for s in by_system)),
    )
    chosen = [key for key in ranked[:top] if len({s[key] for s in by_system}) > 1]
    if not chosen:
        return ()
    explained = [
        {str(e.id): e for e in explain(task, gold, pred, chosen, profile, strict=strict, **options)}
        for pred in predictions
    ]
    return tuple(
        Disagreement(
            key,
            {system.name: scores[key] for system, scores in zip(systems, by_system, strict=True)},
            {
                system.name: found[key]
                for system, found in zip(systems, explained, strict=True)
                if key in found
            },
        )
        for key in chosen
    )
