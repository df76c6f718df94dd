"""Problems in gold files that silently cost points (the service behind
``answermatch check-gold``).

:func:`check_gold` reads the gold with the task's own reader, the one
``score`` and ``explain`` use, so the three commands agree on what a valid
file is: an error of the reader is an ``error`` finding, a warning of the
reader a ``warning`` finding. It then runs the checks the task selects
(:attr:`~answermatch.tasks.base.Task.gold_checks`, from
:mod:`answermatch.checks` and the task's own) on the gold's entries.

>>> import pathlib, tempfile
>>> gold = pathlib.Path(tempfile.mkdtemp()) / "expected.tsv"
>>> _ = gold.write_text("Paryż\\tParyż\\nC\\nfiga i mak\\n", encoding="utf-8")
>>> for f in check_gold("poleval2021", gold):
...     print(f.line, f.severity, f.code)
1 info duplicate-variant
2 warning roman-word
3 warning one-order-only
>>> [f.line for f in check_gold("poleval2021", gold, severity="warning")]
[2, 3]

``severity`` keeps the findings at that level or a more serious one (the
command line shows warnings and errors unless told otherwise; the library
returns everything by default, for the caller to choose). :func:`groups`
gathers findings of one kind, as the command line prints them.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass
from typing import Any

from .checks import SEVERITIES, Entry, Finding, GoldFile
from .diagnostics import Diagnostics
from .errors import AnswermatchWarning, InputError, UnknownTaskError
from .sources import is_path, source_name
from .tasks import check_options, get_task

__all__ = ["SEVERITIES", "Entry", "Finding", "FindingGroup", "GoldFile", "check_gold", "groups"]


def check_gold(
    task: str, gold: str | os.PathLike[str] | Any, *, severity: str = "info", **options: Any
) -> list[Finding]:
    """The findings of ``task``'s checks on the gold ``gold`` (a path or a
    loaded object), sorted by line; only those at ``severity`` (``"error"``,
    ``"warning"`` or ``"info"``) or a more serious one."""
    if severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {', '.join(SEVERITIES)}, not {severity!r}")
    shown = SEVERITIES[: SEVERITIES.index(severity) + 1]
    return [f for f in _check_gold(task, gold, options) if f.severity in shown]


def _check_gold(task: str, gold: Any, options: dict[str, Any]) -> list[Finding]:
    spec = get_task(task)
    if spec.gold_checks is None:
        raise UnknownTaskError(
            f"task {task!r} defines no gold checks (its gold_checks is None), so check-gold "
            "has nothing to run on its files"
        )
    check_options(spec, options)
    if is_path(gold) and not os.path.isfile(gold):  # not the file's content: a usage error
        raise InputError("no such file" if not os.path.exists(gold) else "not a file", path=gold)
    name = source_name(gold)
    found = GoldFile(name)
    diag = Diagnostics()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            parsed = spec.read_gold(gold, diag, **options)
    except InputError as exc:
        found.findings.append(
            Finding("error", exc.path or name, exc.line, "unreadable", exc.message)
        )
        return found.findings
    for message, line in diag.records:
        found.findings.append(Finding("warning", name, line, "reader-warning", message))
    found.entries = list(spec.gold_entries(parsed))
    return spec.gold_checks.run(found)


@dataclass(frozen=True)
class FindingGroup:
    """The findings of one kind (severity and code), in line order."""

    severity: str
    code: str
    findings: tuple[Finding, ...]


def groups(findings: list[Finding]) -> list[FindingGroup]:
    """``findings`` gathered by severity and code: the most serious first,
    then by the line of each kind's first finding.

    >>> a, b = Finding("info", "g", 3, "x", "m"), Finding("error", "g", 9, "y", "n")
    >>> [(g.severity, g.code, len(g.findings)) for g in groups([a, b, a])]
    [('error', 'y', 1), ('info', 'x', 2)]
    """
    kinds: dict[tuple[str, str], list[Finding]] = {}
    for finding in findings:
        kinds.setdefault((finding.severity, finding.code), []).append(finding)
    ordered = sorted(kinds.items(), key=lambda kv: SEVERITIES.index(kv[0][0]))
    return [FindingGroup(severity, code, tuple(found)) for (severity, code), found in ordered]
