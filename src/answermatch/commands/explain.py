"""``answermatch explain``: how each item of a task was scored.

Text by default, JSON (a list of explanations) with ``--json``; the library
side is :func:`answermatch.explain.explain`.
"""

from __future__ import annotations

import argparse

from ..cli import (
    EXIT_OK,
    add_run_options,
    add_task_and_gold,
    count_argument,
    parse_options,
    print_json_or_text,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``explain`` sub-command."""
    parser = subparsers.add_parser(
        "explain",
        help="show how items were scored (texts, variants, rule, verdict)",
        description="Explain item by item how a task scored a prediction file: raw and "
        "normalized texts, every gold variant with its score, the deciding rule and the verdict.",
    )
    add_task_and_gold(parser)
    parser.add_argument("--pred", required=True, metavar="FILE", help="prediction file")
    parser.add_argument(
        "--id",
        action="append",
        dest="ids",
        metavar="ID",
        help="an item id (repeatable); default: all",
    )
    parser.add_argument(
        "--below",
        type=fraction_argument,
        metavar="SCORE",
        help="only the items whose score (a fraction, 0 to 1) is below SCORE; --below 1: "
        "every item not fully correct",
    )
    parser.add_argument("--limit", type=count_argument, metavar="N", help="only the first N items")
    parser.add_argument("--profile", default="official", help="scoring profile (default: official)")
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    add_run_options(parser, workers=False)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the explanations; the exit status is 0."""
    from ..explain import explain

    found = explain(
        args.task,
        args.gold,
        args.pred,
        args.ids,
        args.profile,
        limit=args.limit,
        below=args.below,
        strict=args.strict,
        **parse_options(args.option),
    )
    none = "" if found or args.below is None else f"no item scores below {args.below:g}"
    print_json_or_text(
        args.json,
        lambda: [e.to_dict() for e in found],
        lambda: "\n\n".join(e.to_text() for e in found) or none,
    )
    return EXIT_OK


def fraction_argument(value: str) -> float:
    """An argparse type: a number from 0 to 1 (item scores are fractions)."""
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number <= 1:
        raise argparse.ArgumentTypeError(
            f"expected a number from 0 to 1 (item scores are fractions), got {value!r}"
        )
    return number
