"""Items of two versions of answermatch, side by side: time and memory.

For each task, in alternating fresh processes of this checkout and another
one (``--before``, the ``src`` folder of e.g. ``git worktree add /tmp/before
REV``), reads the inputs (not measured), then measures ``Task.score`` and
``Task.result`` alone (what ``answermatch score`` does when it prints only
the scores), and the same followed by writing every item as a JSON line to a
file (what ``--items`` does): the least CPU time of ``--rounds`` runs, and
the peak of the memory Python allocated meanwhile and what is still held at
the end, with the result alive (``tracemalloc``, in a run of its own, above
what the read inputs hold). Both versions must give the
same scores and the same items file (checked). The inputs are those of
``bench_score_ab.py``::

    python benchmarks/bench_items.py --before /tmp/before/src --rounds 5 \\
        --tasks xor-full,squad,mkqa
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_score_ab  # noqa: E402
import bench_squad  # noqa: E402

CHILD = """
import json, sys, time, tracemalloc, warnings
warnings.simplefilter("ignore")
from answermatch.diagnostics import Diagnostics
from answermatch.outputs import json_line
from answermatch.tasks import get_task
name, gold, pred, options, mode, out = sys.argv[1:7]
options = json.loads(options)
task = get_task(name)
diag = Diagnostics()
inputs = task.read(gold, pred, diag, **options)
settings = task.settings("official")
if mode.endswith("memory"):
    tracemalloc.start()
start = time.process_time()
scored = task.score(inputs, settings, diag, **options)
result = task.result(scored, "official", diag, options)
if mode.startswith("items"):
    with open(out, "w", encoding="utf-8") as fh:
        fh.writelines(json_line(item) for item in result.items)
cpu = time.process_time() - start
held, peak = tracemalloc.get_traced_memory() if mode.endswith("memory") else (0, 0)
print(json.dumps({"cpu": cpu, "peak": peak, "held": held, "scores": result.scores}))
"""


def run(inputs: bench_score_ab.Inputs, src: Path | None, mode: str, out: Path) -> dict:
    """One measurement in a fresh process (``src``: another checkout's)."""
    task, gold, pred, options = inputs
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, task, str(gold), str(pred), json.dumps(options), mode, out],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="src folder of the other code")
    parser.add_argument("--rounds", type=int, default=5, help="alternating timed runs per side")
    parser.add_argument("--tasks", default="xor-full,squad,mkqa", help="comma-separated")
    parser.add_argument("--parity", type=Path, default=bench_squad.DEFAULT_PARITY)
    args = parser.parse_args()
    print(
        "task          what    CPU s before / after (least)   peak MB before / after"
        "      held MB before / after"
    )
    with tempfile.TemporaryDirectory(prefix="bench-items-") as tmp:
        for key in args.tasks.split(","):
            inputs = bench_score_ab.BUILDERS[key](args.parity, Path(tmp))
            for what in ("scores", "items"):
                old_out, new_out = Path(tmp) / "before.jsonl", Path(tmp) / "after.jsonl"
                cpu: dict[str, list[float]] = {"before": [], "after": []}
                for _ in range(args.rounds):
                    old = run(inputs, args.before, f"{what}-time", str(old_out))
                    new = run(inputs, None, f"{what}-time", str(new_out))
                    if old["scores"] != new["scores"]:
                        raise SystemExit(f"{key}: the scores differ")
                    cpu["before"].append(old["cpu"])
                    cpu["after"].append(new["cpu"])
                if what == "items" and digest(old_out) != digest(new_out):
                    raise SystemExit(f"{key}: the items files differ")
                old = run(inputs, args.before, f"{what}-memory", str(old_out))
                new = run(inputs, None, f"{what}-memory", str(new_out))
                b, a = min(cpu["before"]), min(cpu["after"])
                print(
                    f"{key:<13} {what:<7} {b:7.3f} / {a:7.3f} ({a / b:.2f}x)"
                    f"        {old['peak'] / 1e6:7.1f} / {new['peak'] / 1e6:7.1f}"
                    f"        {old['held'] / 1e6:7.1f} / {new['held'] / 1e6:7.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
