"""Time of the resampling behind ``answermatch compare`` and ``score --ci``.

Builds synthetic XOR-Full-like items (``--items`` questions spread over the
seven languages, so the task's grouped aggregation is exercised) for
``--systems`` systems, and times the paired bootstrap
(:func:`answermatch.significance.paired_bootstrap`) and the paired
approximate randomization (:func:`answermatch.significance.approximate_randomization`)
with ``--resamples`` resamples (trials), on each resampling engine asked for
(scoring the files is not included: that is the task's own cost). Prints,
per test and engine, the wall and CPU time, the CPU time per resample and,
when fewer than 1,000 resamples were timed, that time projected to 1,000
(the cost per resample is the same from the first to the last; the
one-off part, reading the items' statistics, is counted once). On a busy
machine the CPU time is the steadier figure.

Engines: ``python`` and ``numpy`` (the same numbers, see
:mod:`answermatch.resampling`). Run against a checkout older than the
engines (``PYTHONPATH=/path/to/old/src``), the script times what that
checkout has and labels it ``before``.

Run::

    python benchmarks/bench_compare.py                                  # 3,500 items
    python benchmarks/bench_compare.py --items 100000 --engine numpy
    python benchmarks/bench_compare.py --items 1000000 --resamples 50 --engine python
"""

from __future__ import annotations

import argparse
import inspect
import random
import time
from collections.abc import Callable

from answermatch.result import Result
from answermatch.significance import (
    aggregation_of,
    approximate_randomization,
    bootstrap_summaries,
    paired_bootstrap,
)

LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")
PROJECTED = 1000


def synthetic_systems(items: int, systems: int) -> list[list[dict]]:
    """``systems`` lists of ``items`` XOR-Full-like items (the figures its aggregation sums)."""
    rng = random.Random(0)
    out = []
    for _ in range(systems):
        rows = []
        for k in range(items):
            f1 = rng.random()
            rows.append({"id": k, "lang": LANGUAGES[k % 7], "score": f1, "f1": f1,
                         "em": float(f1 > 0.9), "bleu": f1 / 2})  # fmt: skip
        out.append(rows)
    return out


def timed(run: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=3500)
    parser.add_argument("--systems", type=int, default=2)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--test", choices=["bootstrap", "ar", "both"], default="both")
    parser.add_argument(
        "--engine", choices=["python", "numpy", "all"], default="all", help="default: both"
    )
    parser.add_argument("--task", default="xor-full", choices=["xor-full", "poleval2021"])
    args = parser.parse_args()

    systems = synthetic_systems(args.items, args.systems)
    empty = Result(task=args.task, profile="official", scores={}, per_language={}, n=0,
                   signature="")  # fmt: skip
    aggregation = aggregation_of(empty)
    has_engines = "engine" in inspect.signature(bootstrap_summaries).parameters
    engines: list[str | None] = [None]  # a checkout without engines: what it has
    if has_engines:
        engines = ["python", "numpy"] if args.engine == "all" else [args.engine]
    tests = ["bootstrap", "ar"] if args.test == "both" else [args.test]
    for test in tests:
        for engine in engines:
            chosen = {} if engine is None else {"engine": engine}

            def call(resamples: int, test: str = test, chosen: dict = chosen) -> object:
                if test == "bootstrap":
                    return paired_bootstrap(
                        aggregation, systems, resamples=resamples, seed=12345, **chosen
                    )
                return approximate_randomization(
                    aggregation, systems[0], systems[1], trials=resamples, seed=12345, **chosen
                )

            wall, cpu = timed(lambda: call(args.resamples))
            line = (
                f"{test} {engine or 'before'}: {args.resamples} resamples x {args.items} items "
                f"x {args.systems} systems ({args.task}): wall {wall:.2f} s, CPU {cpu:.2f} s"
            )
            if args.resamples < PROJECTED:
                _, once = timed(lambda: call(1))  # the one-off part, with one resample
                per = max(cpu - once, 0.0) / max(args.resamples - 1, 1)
                line += f"; {1000 * per:.1f} ms/resample, projected to {PROJECTED}: "
                line += f"CPU {once + per * (PROJECTED - 1):.0f} s"
            print(line, flush=True)


if __name__ == "__main__":
    main()
