"""Time of the paired bootstrap of ``answermatch compare``.

Builds synthetic XOR-Full-like items (``--items`` questions spread over the
seven languages, so the task's grouped aggregation is exercised) for
``--systems`` systems, and times :func:`answermatch.significance.paired_bootstrap`
with ``--resamples`` resamples (scoring the files is not included: that is
the task's own cost). Prints the wall and CPU time, best of ``--repeat``;
on a busy machine the CPU time is the steadier figure.

Run::

    python benchmarks/bench_compare.py                       # 3,500 items, 2 systems
    python benchmarks/bench_compare.py --items 10000 --systems 4 --resamples 1000
"""

from __future__ import annotations

import argparse
import random
import time

from answermatch.result import Result
from answermatch.significance import aggregation_of as aggregator_for
from answermatch.significance import paired_bootstrap

LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=3500)
    parser.add_argument("--systems", type=int, default=2)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--task", default="xor-full", choices=["xor-full", "poleval2021"])
    args = parser.parse_args()

    rng = random.Random(0)

    def item(k: int) -> dict:
        # an XOR-Full item carries the figures its aggregation sums (f1, em, bleu)
        f1 = rng.random()
        return {"id": k, "lang": LANGUAGES[k % 7], "score": f1, "f1": f1, "em": float(f1 > 0.9),
                "bleu": f1 / 2}  # fmt: skip

    systems = [[item(k) for k in range(args.items)] for _ in range(args.systems)]
    result = Result(
        task=args.task, profile="official", scores={}, per_language={}, n=0, signature=""
    )
    aggregator = aggregator_for(result)
    best_wall = best_cpu = float("inf")
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        paired_bootstrap(aggregator, systems, resamples=args.resamples, seed=12345)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    print(
        f"{args.task}: {args.resamples} resamples x {args.items} items x {args.systems} "
        f"systems: wall {best_wall:.2f} s, CPU {best_cpu:.2f} s (best of {args.repeat})"
    )


if __name__ == "__main__":
    main()
