"""``answermatch explain``: how each item of a task was scored.

Text by default, JSON (a list of explanations) with ``--json``; the library
side is :func:`answermatch.explain.explain`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from operator import methodcaller
from typing import TYPE_CHECKING, TextIO

from ..cli import (
    EXIT_OK,
    add_run_options,
    add_task_and_gold,
    count_argument,
    parse_options,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..explanation import Explanation


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
    """Print the explanations (:func:`write`); the exit status is 0."""
    from ..explain import explanations

    found = explanations(
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
    none = "" if args.below is None else f"no item scores below {args.below:g}"
    write(found, sys.stdout, as_json=args.json, none=none)
    return EXIT_OK


def write(found: Iterable[Explanation], out: TextIO, *, as_json: bool, none: str = "") -> None:
    """Write ``found`` to ``out`` followed by a line break: the text of
    :func:`~answermatch.outputs.json_text` of the list of their
    :meth:`~answermatch.explanation.Explanation.to_dict` (``as_json``), else
    their texts joined by a blank line (``none`` when there is none).

    Each explanation is written as it is made, to a temporary file
    (:class:`~answermatch.outputs.Spool`) copied to ``out`` at the end: one
    item's explanation is held at a time (let go before the next one is
    made), never the list nor its text, and nothing is written when making
    them fails half-way.

    >>> import io, json
    >>> from answermatch.explanation import unanswered
    >>> out = io.StringIO()
    >>> write([unanswered("squad", "official", "q1", None, [], {"score": 0.0})], out, as_json=True)
    >>> json.loads(out.getvalue())[0]["verdict"]
    'unanswered'
    """
    from ..outputs import Spool, json_array_chunks

    with Spool() as spool:
        if as_json:
            spool.writelines(json_array_chunks(map(methodcaller("json_ready"), found), indent=1))
        else:
            empty = True
            for explanation in found:
                if not empty:
                    spool.write("\n\n")
                spool.writelines(explanation.text_pieces())  # a long text a part at a time
                empty = False
                del explanation  # let go before the next one is made (a long answer's)
            if empty:
                spool.write(none)
        spool.write("\n")
        spool.copy_to(out, ascii=as_json and spool.surrogates)


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
