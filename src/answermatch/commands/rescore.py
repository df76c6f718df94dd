"""``answermatch rescore``: re-judge another harness's per-sample logs.

Reads lm-evaluation-harness ``--log_samples`` files
(``samples_<task>_<date>.jsonl``), judges every sample with an answermatch
matcher and prints, per task and language, how often the harness's verdict
and answermatch's agree and where they differ
(:func:`answermatch.rescore`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..cli import EXIT_OK, add_quiet, count_argument

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add the ``rescore`` sub-command."""
    parser = subparsers.add_parser(
        "rescore",
        help="re-judge lm-evaluation-harness sample logs and list where the verdicts differ",
        description="Judge every sample of lm-evaluation-harness --log_samples files again "
        "with an answermatch matcher; print per task and language how many samples each "
        "side calls correct, their agreement and Cohen's kappa, and the samples where they "
        "differ.",
    )
    parser.add_argument(
        "samples", nargs="+", metavar="SAMPLES.jsonl", help="samples_<task>_<date>.jsonl files"
    )
    parser.add_argument(
        "--matcher",
        default="lenient",
        metavar="NAME",
        help="em, exact, f1, containment, lenient (default), numeric, date, a registered matcher, "
        "or module:function",
    )
    parser.add_argument(
        "--metric",
        default=None,
        metavar="NAME",
        help="the harness's per-sample metric to compare with (default: the first numeric "
        "one the sample names)",
    )
    parser.add_argument(
        "--gold-field",
        default=None,
        metavar="PATH",
        help="where the gold answers are, as a dotted path (e.g. doc.answer.aliases; "
        "default: doc.answers, doc.answer, doc.aliases, then target)",
    )
    parser.add_argument(
        "--lang", default=None, help="language of samples whose doc names none (default: none)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--errors",
        type=count_argument,
        default=10,
        metavar="N",
        help="list the first N samples where the verdicts differ (default: 10)",
    )
    add_quiet(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``answermatch rescore``; returns the exit status."""
    from ..harness_logs import rescore

    result = rescore(
        args.samples,
        matcher=args.matcher,
        metric=args.metric,
        lang=args.lang,
        gold_field=args.gold_field,
        errors=args.errors,
    )
    # in pieces: a long prediction (its repr, its JSON string) is never made whole
    if args.json:
        from ..outputs import json_chunks

        pieces = json_chunks(result.to_dict(), indent=1)
    else:
        pieces = result.table_pieces()
    for piece in pieces:
        sys.stdout.write(piece)
    sys.stdout.write("\n")
    return EXIT_OK
