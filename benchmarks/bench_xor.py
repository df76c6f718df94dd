"""Throughput of the XOR-Full and XOR-EnglishSpan scorers against the official scripts.

Builds a prediction set ``--copies`` times the dev set (default 100: 347,300
XOR-Full questions) by replicating the parity gold file and
``full_pred_1.json`` / ``engspan_pred_1.json`` with ids made unique by a
suffix without ``_`` (``-1018987027025691298`` -> ``-1018987027025691298r7``),
then times, each in a fresh process (wall clock, start-up included):

* ``answermatch``: ``answermatch.evaluate(task, gold, pred)``, and the same on
  a tenth of the copies, to show the cost is linear in the questions;
* ``official``: the official script on the same files, when
  ``--official-python`` and ``--official-scripts`` are given;
* ``cli-dev``: a whole ``answermatch score TASK`` process on the dev fixture
  itself, next to the official script on it.

``--distinct`` appends a per-copy marker to every answer and prediction so
that no string repeats across copies: that measures the scorer without the
benefit of its per-evaluation caches (MeCab output, prepared answers,
repeated (answers, prediction) pairs).

Setting up the official scripts (not part of answermatch)::

    python -m venv /tmp/xorvenv
    /tmp/xorvenv/bin/pip install nltk==3.10.4 jsonlines mecab-python3 unidic-lite requests
    mkdir /tmp/official && cd /tmp/official
    # eval_xor_full.py and eval_xor_engspan.py from github.com/AkariAsai/XORQA evals/

Run::

    python benchmarks/bench_xor.py --official-python /tmp/xorvenv/bin/python \\
        --official-scripts /tmp/official
    python benchmarks/bench_xor.py --task full --copies 100 --distinct

Numbers are wall-clock seconds of one run each (``--repeat`` takes the best
of several); on a busy machine, compare ratios taken in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PARITY = Path(os.environ.get("ANSWERMATCH_PARITY_DIR", REPO.parent / "shared" / "parity"))

TASKS = {
    "full": ("xor-full", "xor_dev_full_v1_1.jsonl", "full_pred_1.json", "eval_xor_full.py"),
    "engspan": (
        "xor-engspan",
        "xor_dev_retrieve_eng_span_v1_1.jsonl",
        "engspan_pred_1.json",
        "eval_xor_engspan.py",
    ),
}

CHILD = """
import json, sys, time, warnings
start = time.perf_counter()
import answermatch
warnings.simplefilter("ignore")
result = answermatch.evaluate(sys.argv[1], sys.argv[2], sys.argv[3])
print(json.dumps({"evaluate_seconds": time.perf_counter() - start, "n": result.n,
                  "scores": result.scores}))
"""


def replicate(gold: Path, pred: Path, copies: int, distinct: bool, out: Path) -> tuple[Path, Path]:
    """Write ``copies`` copies of the gold and predictions with unique ids."""
    records = [
        json.loads(line) for line in gold.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    predictions = json.loads(pred.read_text(encoding="utf-8"))
    gold_out, pred_out = out / f"gold.x{copies}.jsonl", out / f"pred.x{copies}.json"
    merged: dict[str, object] = {}
    with gold_out.open("w", encoding="utf-8") as fh:
        for k in range(copies):
            mark = f" r{k}" if distinct else ""
            for record in records:
                copy = dict(record, id=f"{record['id']}r{k}")
                if mark:
                    copy["answers"] = [a + mark for a in record["answers"]]
                fh.write(json.dumps(copy, ensure_ascii=False) + "\n")
            for key, value in predictions.items():
                merged[f"{key}r{k}"] = value + mark if isinstance(value, str) else value
    pred_out.write_text(json.dumps(merged, ensure_ascii=False), encoding="utf-8")
    return gold_out, pred_out


def timed(command: list[str]) -> tuple[float, str]:
    """Wall-clock seconds of a command, and its stdout."""
    start = time.perf_counter()
    done = subprocess.run(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"command failed ({done.returncode}): {' '.join(command)}")
    return elapsed, done.stdout


def best(command: list[str], repeat: int) -> tuple[float, str]:
    runs = [timed(command) for _ in range(repeat)]
    return min(runs, key=lambda r: r[0])


def bench_task(key: str, args: argparse.Namespace, tmp: Path) -> None:
    task, gold_name, pred_name, script = TASKS[key]
    gold, pred = args.parity / "xor" / gold_name, args.parity / "xor" / pred_name
    official = None
    if args.official_python and args.official_scripts:
        official = [str(args.official_python), str(Path(args.official_scripts) / script)]

    print(f"== {task} ==")
    dev_n = sum(1 for line in gold.read_text(encoding="utf-8").splitlines() if line.strip())
    cli = [
        sys.executable,
        "-m",
        "answermatch",
        "score",
        task,
        "--gold",
        str(gold),
        "--pred",
        str(pred),
        "--quiet",
        "--json",
    ]
    seconds, _ = best(cli, args.repeat)
    line = f"cli-dev      {dev_n:>9,} q  answermatch {seconds:7.2f} s"
    if official:
        off_seconds, _ = best(
            [*official, "--data_file", str(gold), "--pred_file", str(pred)], args.repeat
        )
        line += f"   official {off_seconds:7.2f} s   ratio {off_seconds / seconds:5.1f}x"
    print(line)

    for copies in (max(1, args.copies // 10), args.copies):
        g, p = replicate(gold, pred, copies, args.distinct, tmp)
        n = dev_n * copies
        seconds, out = best([sys.executable, "-c", CHILD, task, str(g), str(p)], args.repeat)
        inner = json.loads(out)["evaluate_seconds"]
        line = (
            f"x{copies:<4}        {n:>9,} q  answermatch {seconds:7.2f} s "
            f"({n / seconds:9,.0f} q/s; evaluate {inner:.2f} s)"
        )
        if official and copies == args.copies:
            off_seconds, _ = best(
                [*official, "--data_file", str(g), "--pred_file", str(p)], args.repeat
            )
            line += (
                f"   official {off_seconds:7.2f} s ({n / off_seconds:9,.0f} q/s)"
                f"   ratio {off_seconds / seconds:5.1f}x"
            )
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--task", choices=[*TASKS, "all"], default="all")
    parser.add_argument("--copies", type=int, default=100)
    parser.add_argument(
        "--distinct",
        action="store_true",
        help="make every answer and prediction unique across copies",
    )
    parser.add_argument("--parity", type=Path, default=DEFAULT_PARITY)
    parser.add_argument(
        "--official-python",
        type=Path,
        help="a Python with nltk==3.10.4, jsonlines, mecab-python3, unidic-lite",
    )
    parser.add_argument(
        "--official-scripts",
        type=Path,
        help="folder holding eval_xor_full.py and eval_xor_engspan.py",
    )
    parser.add_argument("--repeat", type=int, default=1, help="best of N runs")
    args = parser.parse_args()
    if not (args.parity / "xor").is_dir():
        raise SystemExit(f"no parity fixtures at {args.parity}/xor (see --parity)")
    with tempfile.TemporaryDirectory() as tmp:
        for key in TASKS if args.task == "all" else [args.task]:
            bench_task(key, args, Path(tmp))


if __name__ == "__main__":
    main()
