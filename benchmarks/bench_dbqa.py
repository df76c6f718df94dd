"""Time and peak memory of scoring a large synthetic NLPCC DBQA file.

Writes a synthetic test file (``question\\tsentence\\tlabel``) and score file
of ``--lines`` lines to a temporary directory, then scores them in a fresh
Python process (so that the peak RSS is the scorer's own) and prints the
wall and CPU time and the peak RSS, next to the RSS of that process after
importing answermatch (Unix only: it reads ``resource.getrusage``). On a
busy machine the CPU time is the steadier figure. Scoring streams both files
with one question in memory at a time (``grouping=consecutive``), so the peak
RSS grows with the number of questions (the result's items), not of lines:
compare ``--per-question 20`` with ``--per-question 1000``.

Run::

    python benchmarks/bench_dbqa.py                 # 1,000,000 lines
    python benchmarks/bench_dbqa.py --lines 100000 --grouping text
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import json, resource, sys, time
import answermatch
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start, cpu = time.perf_counter(), time.process_time()
result = answermatch.evaluate("nlpcc-dbqa", sys.argv[1], sys.argv[2], grouping=sys.argv[3])
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": elapsed, "cpu_seconds": cpu, "peak_rss_kb": peak,
                  "rss_before_kb": before, "n_questions": result.n, "scores": result.scores}))
"""


def write_files(directory: Path, lines: int, per_question: int, seed: int) -> tuple[Path, Path]:
    """A test file and a score file of ``lines`` lines, ``per_question`` per question."""
    rng = random.Random(seed)
    gold, pred = directory / "dbqa.test.txt", directory / "dbqa.scores.txt"
    with gold.open("w", encoding="utf-8") as g, pred.open("w", encoding="utf-8") as p:
        for i in range(lines):
            q = i // per_question
            correct = rng.random() < 0.1
            g.write(
                f"问题{q}：这座城市的人口是多少？\t候选句子{i}，该市人口约为{i % 997}万人。"
                f"\t{int(correct)}\n"
            )
            p.write(f"{rng.random() + (0.3 if correct else 0.0):.6f}\n")
    return gold, pred


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--per-question", type=int, default=20)
    parser.add_argument("--grouping", default="consecutive", choices=["consecutive", "text"])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        gold, pred = write_files(Path(tmp), args.lines, args.per_question, args.seed)
        size = (gold.stat().st_size + pred.stat().st_size) / 2**20
        proc = subprocess.run(
            [sys.executable, "-c", CHILD, str(gold), str(pred), args.grouping],
            capture_output=True,
            text=True,
            check=True,
        )
    stats = json.loads(proc.stdout)
    print(
        f"lines: {args.lines:,} ({size:.1f} MiB of input), questions: "
        f"{stats['n_questions']:,}, grouping: {args.grouping}"
    )
    print(f"time: {stats['seconds']:.2f} s wall, {stats['cpu_seconds']:.2f} s CPU")
    print(
        f"peak RSS: {stats['peak_rss_kb'] / 1024:.1f} MiB "
        f"(after import, before scoring: {stats['rss_before_kb'] / 1024:.1f} MiB)"
    )
    print(f"scores: {stats['scores']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
