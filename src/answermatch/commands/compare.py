"""``answermatch compare``: paired bootstrap comparison of two or more systems.

The first ``--pred`` is the baseline; every other one is compared with it
(see :mod:`answermatch.significance` for the figures and the test). The
table ends with the signature; ``--json`` prints
:meth:`~answermatch.significance.Comparison.to_dict`.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..cli import (
    EXIT_OK,
    add_run_options,
    add_systems,
    add_task_and_gold,
    parse_options,
    print_json_or_text,
)
from ..significance import DEFAULT_RESAMPLES, DEFAULT_SEED, Comparison

__all__ = ["format_comparison", "register", "run"]


def register(subparsers: Any) -> None:
    """Add the ``compare`` sub-command."""
    parser = subparsers.add_parser(
        "compare",
        help="compare systems by paired bootstrap resampling",
        description="Score two or more prediction files with a task's metric and compare "
        "each with the first (the baseline) by paired bootstrap resampling over the "
        "task's items: each system's headline score with its 95% confidence interval, "
        "and the difference from the baseline with its interval and p-value.",
    )
    add_task_and_gold(parser)
    add_systems(parser, "a system's prediction file; give it two or more times, the baseline first")
    parser.add_argument(
        "--profile", default="official", metavar="NAME", help="scoring profile (default: official)"
    )
    parser.add_argument(
        "--resamples",
        type=int,
        default=DEFAULT_RESAMPLES,
        metavar="N",
        help=f"number of bootstrap resamples (default: {DEFAULT_RESAMPLES})",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        metavar="S",
        help=f"seed of the resampling (default: {DEFAULT_SEED})",
    )
    parser.add_argument(
        "--common-items",
        action="store_true",
        help="where the systems' items differ (tasks that count the predicted questions), "
        "compare them on the items they all have",
    )
    parser.add_argument(
        "--test",
        choices=("bootstrap", "ar"),
        default="bootstrap",
        help="paired bootstrap resampling (default; intervals and p-values) or paired "
        "approximate randomization (p-values; --resamples sets the trials)",
    )
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    add_run_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``answermatch compare``; returns the exit status."""
    from ..errors import AnswermatchError
    from ..significance import compare

    if len(args.pred) < 2:
        raise AnswermatchError("compare needs at least two --pred files (the baseline first)")
    options = parse_options(args.option)
    comparison = compare(
        args.task,
        args.gold,
        args.pred,
        args.profile,
        resamples=args.resamples,
        seed=args.seed,
        common=args.common_items,
        test=args.test,
        strict=args.strict,
        progress=not args.quiet,
        workers=args.workers,
        **options,
    )
    print_json_or_text(args.json, comparison.to_dict, lambda: format_comparison(comparison))
    return EXIT_OK


def _interval(bounds: tuple[float, float] | None) -> str:
    return "" if bounds is None else f"[{bounds[0]:.2f}, {bounds[1]:.2f}]"


def format_comparison(comparison: Comparison) -> str:
    """A readable table of a comparison, its signature last.

    >>> from answermatch.significance import Comparison, SystemComparison
    >>> c = Comparison(task="poleval2021", profile="official", metric="accuracy", n=4,
    ...                resamples=10, seed=1, pairing="all", signature="task:poleval2021",
    ...                systems=(SystemComparison("a.tsv", 50.0, (0.0, 100.0)),
    ...                         SystemComparison("b.tsv", 75.0, (25.0, 100.0), 25.0,
    ...                                          (0.0, 75.0), 0.5)))
    >>> print(format_comparison(c))
    poleval2021 (official), accuracy, n=4, paired bootstrap: 10 resamples, seed 1
    system            accuracy           95% CI    diff  95% CI of diff  p-value
    a.tsv (baseline)     50.00   [0.00, 100.00]
    b.tsv                75.00  [25.00, 100.00]  +25.00   [0.00, 75.00]   0.5000
    signature: task:poleval2021
    """
    c = comparison
    pairing = ", items common to all systems" if c.pairing == "common" else ""
    lines = [
        f"{c.task} ({c.profile}), {c.metric}, n={c.n}{pairing}, "
        + (
            f"paired approximate randomization: {c.resamples} trials, seed {c.seed}"
            if c.test == "paired-ar"
            else f"paired bootstrap: {c.resamples} resamples, seed {c.seed}"
        )
    ]
    header = ["system", c.metric, "95% CI", "diff", "95% CI of diff", "p-value"]
    rows = [header]
    for k, system in enumerate(c.systems):
        rows.append(
            [
                f"{system.name} (baseline)" if k == 0 else system.name,
                f"{system.score:.2f}",
                _interval(system.ci),
                "" if system.difference is None else f"{system.difference:+.2f}",
                _interval(system.difference_ci),
                "" if system.p_value is None else f"{system.p_value:.4f}",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        cells = [
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.append(f"signature: {c.signature}")
    return "\n".join(lines)
