"""What a report holds, and how it is computed (see :mod:`answermatch.report`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..checks import Finding
from ..evaluation import evaluate
from ..explain import explain
from ..explanation import Explanation
from ..goldcheck import check_gold
from ..result import Result
from ..significance import DEFAULT_RESAMPLES, DEFAULT_SEED
from ..sources import is_path, source_name
from ..tasks import get_task

__all__ = ["Disagreement", "Report", "SystemRun", "build_report"]


@dataclass(frozen=True)
class SystemRun:
    """One system's results, by profile."""

    name: str
    results: dict[str, Result]


@dataclass(frozen=True)
class Disagreement:
    """An item the systems score most differently: its id, each system's
    primary per-item figure, and each system's explanation."""

    id: Any
    scores: dict[str, float]
    explanations: dict[str, Explanation]

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
            "disagreements": [{"id": d.id, "scores": d.scores} for d in self.disagreements],
            "findings": [f.to_dict() for f in self.findings],
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
    systems; run the task's gold checks. ``workers``: see
    :func:`answermatch.evaluate`."""
    spec = get_task(task)
    profiles = tuple(profiles) if profiles else _default_profiles(task)
    if names is None:
        names = [
            source_name(p) if is_path(p) else f"system {k}"
            for k, p in enumerate(predictions, start=1)
        ]
    systems = tuple(
        SystemRun(
            name,
            {
                profile: evaluate(
                    task,
                    gold,
                    pred,
                    profile,
                    strict=strict,
                    workers=workers,
                    ci=ci,
                    resamples=resamples,
                    seed=seed,
                    **options,
                )
                for profile in profiles
            },
        )
        for name, pred in zip(names, predictions, strict=True)
    )
    disagreements: tuple[Disagreement, ...] = ()
    if len(systems) > 1 and top > 0:
        disagreements = _disagreements(
            task, gold, predictions, systems, profiles[0], top, strict, options
        )
    findings: tuple[Finding, ...] = ()
    if spec.gold_checks is not None:
        findings = tuple(check_gold(task, gold, **options))
    return Report(
        task=task,
        summary=spec.summary,
        gold=source_name(gold),
        primary=spec.primary,
        profiles=profiles,
        systems=systems,
        disagreements=disagreements,
        findings=findings,
        gold_checked=spec.gold_checks is not None,
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
