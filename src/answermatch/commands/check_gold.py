"""``answermatch check-gold``: problems in a task's gold file.

Exit status 1 when an ``error`` is found, 0 otherwise (warnings and info
only, or nothing); the library side is :func:`answermatch.goldcheck.check_gold`.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from ..cli import EXIT_FOUND, EXIT_OK, add_task_and_gold, parse_options


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
        "--json",
        action="store_true",
        help='print {"findings": [...], "counts": {...}, "errors": N, ...} as JSON',
    )
    parser.add_argument(
        "--suggest",
        action="store_true",
        help="also list, for each question whose answers are a number or a date, the forms "
        "its variants lack: the number in digits and in the language's CLDR form, the date "
        "in ISO form and in the language's long form",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the findings; 1 if any is an error, else 0."""
    from ..goldcheck import SEVERITIES, check_gold

    options = parse_options(args.option)
    findings = check_gold(args.task, args.gold, **options)
    suggestions = []
    if args.suggest:
        from ..goldcheck import suggest_variants

        suggestions = suggest_variants(args.task, args.gold, **options)
    by_severity = Counter(f.severity for f in findings)
    by_code = Counter(f.code for f in findings)
    if args.json:
        payload = {
            "task": args.task,
            "file": args.gold,
            **{f"{s}s" if s != "info" else "info": by_severity[s] for s in SEVERITIES},
            "counts": dict(sorted(by_code.items())),
            "findings": [f.to_dict() for f in findings],
            **({"suggestions": [s.to_dict() for s in suggestions]} if args.suggest else {}),
        }
        print(json.dumps(payload, ensure_ascii=False, indent=1))
    else:
        for finding in findings:
            print(finding)
        for suggestion in suggestions:
            print(suggestion)
        summary = ", ".join(_count(by_severity[s], s) for s in SEVERITIES)
        codes = ", ".join(f"{code} {n}" for code, n in sorted(by_code.items()))
        print(f"{args.gold}: {summary}" + (f" ({codes})" if codes else ""))
        if args.suggest:
            print(f"{args.gold}: {len(suggestions)} question(s) with variants to add")
    return EXIT_FOUND if by_severity["error"] else EXIT_OK


def _count(n: int, severity: str) -> str:
    """``"1 error"``, ``"2 warnings"``, ``"3 info"``."""
    return f"{n} {severity}" if n == 1 or severity == "info" else f"{n} {severity}s"
