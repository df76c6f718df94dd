"""Throughput of the XOR-Full and XOR-EnglishSpan scorers against the official scripts.

Times, in one run and each in a fresh process (wall clock, start-up
included), answermatch (``answermatch.evaluate(task, gold, pred)``) and, when
``--official-python`` and ``--official-scripts`` are given, the official
script on the same files, for two kinds of input of ``--copies`` times the
dev set (default 20: 69,460 XOR-Full questions):

* ``distinct``: the gold replicated with fresh ids and every copy's
  predictions perturbed anew (:mod:`distinct`: character edits, words
  dropped or added, case, punctuation, numbers, other questions' answers,
  empty answers), so that predictions differ as real systems' do: what a
  user gets;
* ``repeated``: the gold and ``*_pred_1.json`` replicated with ids made
  unique by a suffix, the same predictions in every copy, so that any cache
  of repeated strings does most of the work: an upper bound, not a
  typical figure.

``cli-dev`` is a whole ``answermatch score TASK`` process on the dev fixture
itself, next to the official script on it. Each row gives the number of
prediction strings and how many are distinct.

Setting up the official scripts (not part of answermatch)::

    python -m venv /tmp/xorvenv
    /tmp/xorvenv/bin/pip install nltk==3.10.4 jsonlines mecab-python3 unidic-lite requests tqdm
    mkdir /tmp/official && cd /tmp/official
    # eval_xor_full.py and eval_xor_engspan.py from github.com/AkariAsai/XORQA evals/

Run::

    python benchmarks/bench_xor.py --official-python /tmp/xorvenv/bin/python \\
        --official-scripts /tmp/official --repeat 3

Numbers are wall-clock seconds (``--repeat`` takes the best of several); on
a busy machine, compare ratios taken in the same run. ``--before SRC`` also
times answermatch imported from another ``src`` folder (``git archive main
src | tar -x -C /tmp/before``), ``workers=1``, right after the runs above.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import distinct
from _bytecode import use_bytecode

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
import json, os, sys, time, warnings
start = time.perf_counter()
import answermatch
warnings.simplefilter("ignore")
cpu = sum(os.times()[:4])
result = answermatch.evaluate(sys.argv[1], sys.argv[2], sys.argv[3], workers=int(sys.argv[4]))
print(json.dumps({"evaluate_seconds": time.perf_counter() - start, "n": result.n,
                  "evaluate_cpu": sum(os.times()[:4]) - cpu, "scores": result.scores}))
"""


def replicate(gold: Path, pred: Path, copies: int, out: Path) -> tuple[Path, Path]:
    """Write ``copies`` copies of the gold and predictions with unique ids
    (suffix ``r<copy>``, no ``_``) and the same predictions in every copy."""
    records = [
        json.loads(line) for line in gold.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    predictions = json.loads(pred.read_text(encoding="utf-8"))
    gold_out, pred_out = out / f"gold.x{copies}.jsonl", out / f"pred.x{copies}.json"
    merged: dict[str, object] = {}
    with gold_out.open("w", encoding="utf-8") as fh:
        for k in range(copies):
            for record in records:
                fh.write(json.dumps(dict(record, id=f"{record['id']}r{k}"), ensure_ascii=False))
                fh.write("\n")
            for key, value in predictions.items():
                merged[f"{key}r{k}"] = value
    pred_out.write_text(json.dumps(merged, ensure_ascii=False), encoding="utf-8")
    return gold_out, pred_out


def timed(command: list[str], path: Path | None = None) -> tuple[float, str, float]:
    """Wall-clock seconds of a command, its stdout, and the CPU seconds (user
    + system) it and its child processes used (``path``: a folder put first
    on its ``PYTHONPATH``)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(path), env.get("PYTHONPATH")]))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=False, env=env
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"command failed ({done.returncode}): {' '.join(command)}")
    return elapsed, done.stdout, cpu


def best(command: list[str], repeat: int, path: Path | None = None) -> tuple[float, str, float]:
    """The best wall-clock run of ``repeat`` and the least CPU time of them."""
    runs = [timed(command, path) for _ in range(repeat)]
    wall, out, _ = min(runs, key=lambda r: r[0])
    return wall, out, min(r[2] for r in runs)


def inputs(key: str, args: argparse.Namespace, tmp: Path) -> list[tuple[str, Path, Path]]:
    """(label, gold, predictions) of each kind of input asked for."""
    _, gold_name, pred_name, _ = TASKS[key]
    gold, pred = args.parity / "xor" / gold_name, args.parity / "xor" / pred_name
    found = []
    if args.data in ("both", "distinct"):
        g, p = distinct.generate(key, args.copies, tmp / "distinct", args.seed, args.parity)
        found.append(("distinct", g, p))
    if args.data in ("both", "repeated"):
        (tmp / "repeated").mkdir(exist_ok=True)
        g, p = replicate(gold, pred, args.copies, tmp / "repeated")
        found.append(("repeated", g, p))
    return found


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
    seconds, _, cpu = best(cli, args.repeat)
    line = f"{'cli-dev':<10} {dev_n:>8,} q {'':>17}  answermatch {seconds:6.2f} s ({cpu:.2f} cpu)"
    if official:
        off_seconds, _, off_cpu = best(
            [*official, "--data_file", str(gold), "--pred_file", str(pred)], args.repeat
        )
        line += _ratios(seconds, cpu, off_seconds, off_cpu)
    print(line)

    for label, g, p in inputs(key, args, tmp):
        total, unique = distinct.distinct_strings(p)
        n = dev_n * args.copies
        off_seconds = off_cpu = 0.0
        if official:
            off_seconds, _, off_cpu = best(
                [*official, "--data_file", str(g), "--pred_file", str(p)], args.repeat
            )
        for workers in sorted({1, args.workers}):
            seconds, out, cpu = best(
                [sys.executable, "-c", CHILD, task, str(g), str(p), str(workers)], args.repeat
            )
            inner = json.loads(out)["evaluate_seconds"]
            line = (
                f"{label + ' x' + str(args.copies):<10} {n:>8,} q "
                f"{unique:>7,}/{total:,} distinct  answermatch workers={workers} "
                f"{seconds:6.2f} s ({cpu:.2f} cpu, evaluate {inner:.2f} s)"
            )
            if official:
                line += _ratios(seconds, cpu, off_seconds, off_cpu)
            print(line, flush=True)
        if args.before is not None:  # the other src folder, workers=1, right after
            command = [sys.executable, "-c", CHILD, task, str(g), str(p), "1"]
            seconds, out, cpu = best(command, args.repeat, args.before)
            line = (
                f"{'  before':<10} {n:>8,} q {'':>17}  answermatch {seconds:6.2f} s ({cpu:.2f} cpu)"
            )
            if official:
                line += _ratios(seconds, cpu, off_seconds, off_cpu)
            print(line, flush=True)
        if args.floor:
            floor_cpu = tokenizer_floor(task, g, p)
            inner_cpu = json.loads(out)["evaluate_cpu"]
            print(
                f"   tokenizing once {floor_cpu:.2f} cpu (evaluate {inner_cpu:.2f} cpu: "
                f"{inner_cpu / floor_cpu:.1f}x that)",
                flush=True,
            )


def _ratios(seconds: float, cpu: float, off_seconds: float, off_cpu: float) -> str:
    return (
        f"   official {off_seconds:6.2f} s ({off_cpu:.2f} cpu)   "
        f"ratio {off_seconds / seconds:5.1f}x wall, {off_cpu / cpu:5.1f}x cpu"
    )


FLOOR = """
import json, os, sys, time, warnings
warnings.simplefilter("ignore")
from answermatch.analysis import Analyzer
from answermatch.tasks import get_task
from answermatch.diagnostics import Diagnostics
task = get_task(sys.argv[1])
diag = Diagnostics()
gold = task.read_gold(sys.argv[2], diag)
preds = task.read_predictions(sys.argv[3], gold, diag)
full = sys.argv[1] == "xor-full"
start = os.times()
splitters = {}
def splitter(lang, prediction):
    key = (lang if full else "en", prediction)
    if key not in splitters:
        analyzer = (Analyzer(lang, counters="anywhere") if full
                    else Analyzer("en", counters="keep", articles=True))
        splitters[key] = analyzer.splitter(prediction=prediction)
    return splitters[key]
for qid, lang, answers in zip(gold.ids, gold.langs, gold.answers):
    for answer in answers:
        splitter(lang, False)(answer)
    prediction = preds.get(qid)
    if isinstance(prediction, str):
        splitter(lang, True)(prediction)
end = os.times()
print(json.dumps({"cpu": end.user + end.system - start.user - start.system}))
"""


def tokenizer_floor(task: str, gold: Path, pred: Path) -> float:
    """CPU seconds of tokenizing every text once (each prediction and each
    gold answer, with the official rules and the same tokenizer, MeCab for
    ja; reading the files and imports not counted)."""
    _, out, _ = timed([sys.executable, "-c", FLOOR, task, str(gold), str(pred)])
    return json.loads(out)["cpu"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--task", choices=[*TASKS, "all"], default="all")
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument(
        "--data",
        choices=["both", "distinct", "repeated"],
        default="both",
        help="distinct predictions per copy, the same ones repeated, or both (default)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the distinct predictions")
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
    parser.add_argument(
        "--workers", type=int, default=1, help="also time answermatch with workers=N"
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also time reading the inputs and tokenizing every text once (the tokenizer floor)",
    )
    parser.add_argument(
        "--before", type=Path, metavar="SRC", help="also time answermatch from this src folder"
    )
    args = parser.parse_args()
    use_bytecode(args.before)
    if not (args.parity / "xor").is_dir():
        raise SystemExit(f"no parity fixtures at {args.parity}/xor (see --parity)")
    with tempfile.TemporaryDirectory() as tmp:
        for key in TASKS if args.task == "all" else [args.task]:
            bench_task(key, args, Path(tmp))


if __name__ == "__main__":
    main()
