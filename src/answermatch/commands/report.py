"""``answermatch report``: one self-contained HTML page, or the per-language
table for papers (Markdown, LaTeX, CSV); the library side is
:mod:`answermatch.report`."""

from __future__ import annotations

import argparse
import os
import re
from typing import Any

from ..cli import (
    EXIT_OK,
    add_run_options,
    add_systems,
    add_task_and_gold,
    count_argument,
    parse_options,
    profile_names,
)
from ..errors import AnswermatchError

#: what a task option given to ``-o`` looks like (``lang=de``)
_TASK_OPTION = re.compile(r"[A-Za-z_]\w*=")


def register(subparsers: Any) -> None:
    """Add the ``report`` sub-command."""
    parser = subparsers.add_parser(
        "report",
        help="an HTML report of one or more systems (or the per-language table)",
        description="Score one or more systems under the official and fair profiles, with "
        "bootstrap intervals, and write one self-contained HTML page: headline scores, "
        "per-language bar charts with 95% whiskers, each system's paired difference from the "
        "first with its p-value, the items where the systems disagree most, and a summary "
        "of the gold checks. --format markdown|latex|csv prints the per-language table of "
        "every score instead.",
    )
    add_task_and_gold(parser)
    add_systems(parser, "a system's prediction file (repeatable)")
    parser.add_argument(
        "--name",
        action="append",
        metavar="NAME",
        help="a system's name in the report, once per --pred and in the same order "
        "(default: the file's name without its extensions)",
    )
    parser.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="write the report to FILE (default: standard output)",
    )
    parser.add_argument(
        "--format",
        choices=("html", "markdown", "latex", "csv"),
        default="html",
        help="html (default): the whole report; markdown, latex, csv: the per-language table",
    )
    parser.add_argument(
        "--profile",
        metavar="NAME[,NAME...]",
        help="profiles shown side by side (default: official and fair)",
    )
    parser.add_argument("--no-ci", action="store_true", help="no bootstrap intervals (faster)")
    parser.add_argument(
        "--resamples",
        type=count_argument,
        default=1000,
        metavar="N",
        help="bootstrap resamples (default: 1000)",
    )
    parser.add_argument("--seed", type=int, default=12345, metavar="S", help="bootstrap seed")
    parser.add_argument(
        "--top",
        type=count_argument,
        default=10,
        metavar="K",
        help="explain the K items where the systems disagree most (default: 10)",
    )
    add_run_options(parser, short_option=False)  # -o is --output here
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Build the report and write or print it."""
    from ..outputs import check_not_an_input, run_inputs, write_output
    from ..report import build_report, render_html, render_table

    options = parse_options(args.option)
    inputs = run_inputs(args.gold, *args.pred, options=options)
    if args.output is not None:
        if _TASK_OPTION.match(args.output) and not os.path.exists(args.output):
            raise AnswermatchError(
                f"-o is --output FILE for report; {args.output!r} looks like a task "
                f"option: give it as --option {args.output}"
            )
        check_not_an_input(args.output, inputs, "--output")
    if args.name is not None and len(args.name) != len(args.pred):
        raise AnswermatchError(
            f"--name was given {len(args.name)} time(s) for {len(args.pred)} --pred file(s): "
            "give one name per system, in the same order"
        )
    report = build_report(
        args.task,
        args.gold,
        args.pred,
        names=args.name,
        profiles=profile_names(args.profile) if args.profile else None,
        ci=not args.no_ci,
        resamples=args.resamples,
        seed=args.seed,
        top=args.top,
        strict=args.strict,
        workers=args.workers,
        **options,
    )
    text = render_html(report) if args.format == "html" else render_table(report, args.format)
    if args.output is not None:
        write_output(
            args.output,
            [text if text.endswith("\n") else text + "\n"],
            inputs=inputs,
            what="--output",
        )
    else:
        print(text)
    return EXIT_OK
