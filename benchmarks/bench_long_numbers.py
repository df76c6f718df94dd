"""The lenient judge's number rule on one long answer: seconds per size.

The answer repeats a sentence with numbers (``It was 1914, and 1915. ``
by default) up to each size; the gold is a number the answer does not
hold (``2000``), so the rule reads every number of the answer. Before the
number reader took a start position, each digit run's number was read
from a copy of the rest of the answer (time growing with the square of
the length). Run::

    python benchmarks/bench_long_numbers.py --sizes 1000000 4000000

``--unit`` and ``--lang`` change the sentence and the language (e.g.
``--unit "١٩١٤ و١٩١٥. " --lang ar``). An ideographic chain, one number
from every digit run to the end of the text before the chain was read to
at most 64 parts::

    python benchmarks/bench_long_numbers.py --sizes 1000 2000 15000 --unit "1万2" --lang ja
"""

from __future__ import annotations

import argparse
import time

from answermatch.matchers.lenient import judge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 4_000_000])
    parser.add_argument("--unit", default="It was 1914, and 1915. ")
    parser.add_argument("--gold", default="2000")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    for size in args.sizes:
        text = (args.unit * (size // len(args.unit) + 1))[:size]
        began = time.perf_counter()
        verdict = judge(text, args.gold, lang=args.lang)
        seconds = time.perf_counter() - began
        print(f"{size:>10,} characters  {seconds:8.2f} s  {verdict.rule} {verdict.score}")


if __name__ == "__main__":
    main()
