"""``answermatch check-gold``: problems in a task's gold file.

Exit status 1 when an ``error`` is found, 0 otherwise (warnings and info
only, or nothing); the library side is :func:`answermatch.goldcheck.check_gold`.
A gold file the task's reader refuses prints that one error alone: no check
ran and nothing is suggested.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cli import EXIT_FOUND, EXIT_OK, add_quiet, add_task_and_gold, parse_options

if TYPE_CHECKING:
    from ..checks import Finding


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``check-gold`` sub-command."""
    parser = subparsers.add_parser(
        "check-gold",
        help="find problems in a gold file (exit 1 on errors)",
        description="Check a gold file for empty, duplicate or unmatchable answer variants, "
        "answers the task's normalization mangles, bad ids and labels. Exit status 1 when an "
        "error is found.",
    )
    add_task_and_gold(parser)
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a task option, as for score (repeatable): e.g. -o lang=de for an MLQA file "
        "whose name does not state its language",
    )
    parser.add_argument(
        "--severity",
        choices=("error", "warning", "info"),
        default="warning",
        help="show findings at this level or a more serious one (default: warning, i.e. "
        "warnings and errors; info: everything); the summary counts them all",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=f"list every finding one per line, of every severity (otherwise a kind found more "
        f"than {GROUPED_AFTER} times is one line with its count and {EXAMPLES} examples)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"findings": [...], "counts": {...}, "errors": N, ...} as JSON (findings '
        "at --severity or above, or all with --all)",
    )
    parser.add_argument(
        "--suggest",
        action="store_true",
        help="also list, for each question whose answers are a number or a date, the forms "
        "its variants lack: the number in digits and in the language's CLDR form, the date "
        "in ISO form and in the language's long form",
    )
    add_quiet(parser)
    parser.set_defaults(func=run)


#: A kind found more often than this is printed as one group; examples shown for it.
GROUPED_AFTER, EXAMPLES = 3, 3


def run(args: argparse.Namespace) -> int:
    """Print the findings; 1 if any is an error, else 0. The findings are
    read one at a time (:class:`~answermatch.checks.Findings` holds them
    compactly): counted, and grouped by kind keeping only the examples
    shown."""
    from ..goldcheck import SEVERITIES, check_gold

    options = parse_options(args.option)
    every = check_gold(args.task, args.gold, **options)
    severity = "info" if args.all else args.severity
    shown = SEVERITIES[: SEVERITIES.index(severity) + 1]
    findings = every.select(shown)
    refused = [f for f in every if f.code == "unreadable"]
    if refused and not args.json:  # the reader refused the file: no check ran, nothing to add
        print(*refused, sep="\n")
        return EXIT_FOUND
    suggestions = []
    if args.suggest:
        from ..goldcheck import suggest_variants

        suggestions = suggest_variants(args.task, args.gold, **options)
    by_severity: Counter[str] = Counter()
    by_code: Counter[str] = Counter()
    for finding in every:
        by_severity[finding.severity] += 1
        by_code[finding.code] += 1
    if args.json:
        payload = {
            "task": args.task,
            "file": args.gold,
            **{f"{s}s" if s != "info" else "info": by_severity[s] for s in SEVERITIES},
            "counts": dict(sorted(by_code.items())),
            "severity": severity,
            "findings": [f.to_dict() for f in findings],
            **({"suggestions": [s.to_dict() for s in suggestions]} if args.suggest else {}),
        }
        print(json.dumps(payload, ensure_ascii=False, indent=1))
    else:
        for count, group in [] if args.all else _groups(findings):
            if count <= GROUPED_AFTER:
                print(*group, sep="\n")
                continue
            first = group[0]
            print(f"{first.file}: {first.severity}: {count} findings [{first.code}], e.g.:")
            for finding in group[:EXAMPLES]:
                where = "" if finding.line is None else f"line {finding.line}: "
                print(f"  {where}{finding.message}")
        if args.all:
            for finding in findings:
                print(finding)
        for suggestion in suggestions:
            print(suggestion)
        summary = ", ".join(_count(by_severity[s], s) for s in SEVERITIES)
        codes = ", ".join(f"{code} {n}" for code, n in sorted(by_code.items()))
        hidden = [s for s in SEVERITIES if s not in shown and by_severity[s]]
        more = "; --all lists each finding" if len(findings) > GROUPED_AFTER else ""
        if hidden:
            more = f"; {' and '.join(hidden)} not shown: --severity info or --all"
        print(f"{args.gold}: {summary}" + (f" ({codes})" if codes else "") + more)
        if args.suggest:
            print(f"{args.gold}: {len(suggestions)} question(s) with variants to add")
    return EXIT_FOUND if by_severity["error"] else EXIT_OK


def _groups(findings: Iterable[Finding]) -> list[tuple[int, list[Finding]]]:
    """The findings of each kind (severity and code) as
    :func:`~answermatch.goldcheck.groups` gathers them (the most serious
    first, then by the line of each kind's first finding), each as its
    count and only the findings printed of it (the first few)."""
    from ..goldcheck import SEVERITIES

    kept = max(GROUPED_AFTER, EXAMPLES)
    kinds: dict[tuple[str, str], tuple[list[int], list[Finding]]] = {}
    for finding in findings:
        count, first = kinds.setdefault((finding.severity, finding.code), ([0], []))
        count[0] += 1
        if len(first) < kept:
            first.append(finding)
    ordered = sorted(kinds.items(), key=lambda kv: SEVERITIES.index(kv[0][0]))
    return [(count[0], first) for _, (count, first) in ordered]


def _count(n: int, severity: str) -> str:
    """``"1 error"``, ``"2 warnings"``, ``"3 info"``."""
    return f"{n} {severity}" if n == 1 or severity == "info" else f"{n} {severity}s"
