"""CPU of open-qa's readers on 100,000 rows (``--rows``): the gold, and
predictions ``{id: text}`` of every gold question written in the gold's
order and shuffled (``bench_memory.open_qa_gold_and_predictions``: XOR-Full's
dev questions under new ids), each step timed with ``time.process_time()``,
best of ``--repeat``. Compare two versions side by side by running this
file under each (``PYTHONPATH=/tmp/before/src python benchmarks/bench_open_qa.py``)::

    python benchmarks/bench_open_qa.py --parity ../shared/parity
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

from bench_memory import open_qa_gold_and_predictions

import answermatch
from answermatch.diagnostics import Diagnostics
from answermatch.tasks.open_qa.reading import read_gold, read_predictions


def best(function, repeat: int) -> float:
    """The least CPU time of ``repeat`` calls of ``function``."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        function()
        times.append(time.process_time() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parity", default="../shared/parity")
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench_open_qa.") as work:
        gold_path, ordered = Path(work) / "gold.jsonl", Path(work) / "pred.json"
        open_qa_gold_and_predictions(Path(args.parity), gold_path, ordered, args.rows)
        entries = list(json.loads(ordered.read_text("utf-8")).items())
        random.Random(3).shuffle(entries)
        shuffled = Path(work) / "shuffled.json"
        shuffled.write_text(json.dumps(dict(entries), ensure_ascii=False), encoding="utf-8")
        del entries
        gold = read_gold(str(gold_path), Diagnostics())
        steps = {
            "reading the gold": lambda: read_gold(str(gold_path), Diagnostics()),
            "reading the predictions (gold order)": lambda: read_predictions(
                str(ordered), gold, Diagnostics()
            ),
            "reading the predictions (shuffled)": lambda: read_predictions(
                str(shuffled), gold, Diagnostics()
            ),
            "evaluate (read both, score)": lambda: answermatch.evaluate(
                "open-qa", str(gold_path), str(ordered)
            ),
        }
        print(f"open-qa, {args.rows:,} rows, best of {args.repeat} (process time)")
        for name, step in steps.items():
            print(f"| {name} | {best(step, args.repeat):.3f} s |", flush=True)


if __name__ == "__main__":
    main()
