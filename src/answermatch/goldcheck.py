"""Problems in gold files that silently cost points (the service behind
``answermatch check-gold``).

:func:`check_gold` reads the gold with the task's own reader, the one
``score`` and ``explain`` use, so the three commands agree on what a valid
file is: an error of the reader is an ``error`` finding, a warning of the
reader a ``warning`` finding. It then runs the checks the task selects
(:attr:`~answermatch.tasks.parts.ChecksGold.gold_checks`, from
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
from dataclasses import asdict, dataclass
from typing import Any

from .checks import SEVERITIES, Entries, Entry, Finding, Findings, GoldFile, suggested_variants
from .diagnostics import Diagnostics
from .errors import AnswermatchWarning, InputError
from .sources import InputTooLarge, is_path, not_a_file, source_name
from .tasks import check_options, get_task
from .tasks.parts import ChecksGold, require

__all__ = [
    "SEVERITIES",
    "Entry",
    "Finding",
    "FindingGroup",
    "Findings",
    "GoldFile",
    "Suggestion",
    "check_gold",
    "groups",
    "suggest_variants",
]


@dataclass(frozen=True)
class Suggestion:
    """Variants worth adding to one question's gold answers (see
    :func:`~answermatch.checks.suggested_variants`)."""

    file: str
    line: int | None
    id: Any
    lang: str | None
    variants: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {**asdict(self), "variants": list(self.variants)}

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        lang = f" ({self.lang})" if self.lang else ""
        return f"{where}: {self.id}{lang}: add {', '.join(map(repr, self.variants))}"


def suggest_variants(
    task: str, gold: str | os.PathLike[str] | Any, **options: Any
) -> list[Suggestion]:
    """For each question of ``task``'s gold ``gold`` whose answers are a
    number or a date, the forms its variants lack that a reader of another
    language or tool would need: the number in plain digits and in the
    language's CLDR form, the date in ISO form and in the language's long
    form. A gold the task's reader refuses gives none (``check_gold`` says
    why).

    >>> import pathlib, tempfile
    >>> from answermatch.goldcheck import suggest_variants
    >>> gold = pathlib.Path(tempfile.mkdtemp()) / "gold.jsonl"
    >>> line = '{"id": "1", "question": "?", "answers": ["18 maja 2017"], "lang": "pl"}'
    >>> _ = gold.write_text(line + "\\n", encoding="utf-8")
    >>> for s in suggest_variants("xor-full", gold):
    ...     print(s.line, s.variants)
    1 ('2017-05-18',)
    """
    found, _ = _read(task, gold, options)
    suggestions = []
    for entry in found.entries:
        wanted = suggested_variants(entry)
        if wanted:
            suggestions.append(
                Suggestion(found.name, entry.line, entry.id, entry.lang, tuple(wanted))
            )
    return suggestions


def check_gold(
    task: str, gold: str | os.PathLike[str] | Any, *, severity: str = "info", **options: Any
) -> Findings:
    """The findings of ``task``'s checks on the gold ``gold`` (a path or a
    loaded object), sorted by line; only those at ``severity`` (``"error"``,
    ``"warning"`` or ``"info"``) or a more serious one. They are held
    compactly, each :class:`Finding` made when read
    (:class:`~answermatch.checks.Findings`, equal to a list of them)."""
    if severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {', '.join(SEVERITIES)}, not {severity!r}")
    shown = SEVERITIES[: SEVERITIES.index(severity) + 1]
    found, spec = _read(task, gold, options)
    if spec is None:
        every = Findings(found.findings)
    else:
        every = spec.gold_checks.find(found)
        del found  # the read gold is let go before the findings are sorted
        every = every.sorted()
    return every.select(shown)


def _read(task: str, gold: Any, options: dict[str, Any]) -> tuple[GoldFile, Any]:
    """The gold's entries as the task's reader reads them, and the task
    (None when the reader refused the file: its finding says why)."""
    spec = require(get_task(task), ChecksGold, "check-gold")
    check_options(spec, options)
    # not the file's content: a usage error (a pipe is read, once)
    if is_path(gold) and (problem := not_a_file(gold)) is not None:
        raise InputError(problem, path=gold)
    name = source_name(gold)
    found = GoldFile(name)
    diag = Diagnostics()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            parsed = spec.read_gold(gold, diag, **options)
    except InputTooLarge:  # no file's content is at fault: refused as every command does
        raise
    except InputError as exc:
        found.findings.append(
            Finding("error", exc.path or name, exc.line, "unreadable", exc.message)
        )
        return found, None
    for message, line in diag.records:
        found.findings.append(Finding("warning", name, line, "reader-warning", message))
    # made again for each pass over them (the checks marked per_entry share one), never all held
    found.entries = Entries(lambda: spec.gold_entries(parsed))
    return found, spec


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
