"""``answermatch meta-eval``: a matcher's agreement with human judgments.

Reads a JSON Lines file of judged answers (``question``, ``answers``,
``prediction``, ``human``, optional ``lang`` and ``system``) and prints
agreement, Cohen's kappa, precision and recall of "correct", the confusion
counts and 95% bootstrap intervals, overall and per system, language and
answer length (:func:`answermatch.metaeval.meta_eval`).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..cli import EXIT_OK, add_quiet, count_argument, print_json_or_text
from ..metaeval import DEFAULT_RESAMPLES, DEFAULT_SEED

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add the ``meta-eval`` sub-command."""
    parser = subparsers.add_parser(
        "meta-eval",
        help="measure a matcher's agreement with human judgments",
        description="Judge every answer of a JSON Lines file of human judgments with a "
        "matcher and report its agreement with the people: percent agreement, Cohen's "
        "kappa, precision and recall of 'correct', confusion counts and 95%% bootstrap "
        "intervals, overall and per system, language and answer length.",
    )
    parser.add_argument(
        "judgments",
        metavar="JUDGMENTS.jsonl",
        help='rows {"question", "answers": [...], "prediction", "human": true|false, '
        '"lang"?, "system"?} (.gz allowed)',
    )
    parser.add_argument(
        "--matcher",
        default="lenient",
        metavar="NAME",
        help="em, exact, f1, containment, containment-squad, lenient (default), numeric, date, "
        "a registered matcher, or module:function",
    )
    parser.add_argument(
        "--lang", default=None, help="language of the rows that give none (default: none)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--errors",
        type=count_argument,
        default=0,
        metavar="N",
        help="list the first N disagreements with the matcher's explanation",
    )
    parser.add_argument(
        "--resamples",
        type=count_argument,
        default=DEFAULT_RESAMPLES,
        metavar="N",
        help=f"bootstrap resamples for the intervals (default: {DEFAULT_RESAMPLES}; 0: none)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        metavar="S",
        help=f"seed of the bootstrap (default: {DEFAULT_SEED})",
    )
    add_quiet(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``answermatch meta-eval``; returns the exit status."""
    from ..metaeval import meta_eval

    result = meta_eval(
        args.judgments,
        matcher=args.matcher,
        lang=args.lang,
        resamples=args.resamples,
        seed=args.seed,
        errors=args.errors,
    )
    print_json_or_text(args.json, result.to_dict, result.format_table)
    return EXIT_OK
