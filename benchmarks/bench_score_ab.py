"""Task scoring of two versions of answermatch, side by side.

Times ``Task.score`` alone (reading not timed, one process: the second
process of the SQuAD family and the XOR tasks is turned off so that CPU
time is comparable) for this checkout and for another one (``--before``,
the ``src`` folder of e.g. ``git worktree add /tmp/before REV``), in
alternating fresh processes, and prints the least CPU time of each and
their ratio. Both must give the same scores (checked). The inputs are the
other benchmarks' (SQuAD/MLQA dev replicated to about 50,000 questions,
XOR distinct predictions x20, MKQA en test gold x2,000, a synthetic
NTCIR-16 DSQA set of 50,000 English and Japanese questions whose run
answers differ per question), written to a temporary folder::

    python benchmarks/bench_score_ab.py --before /tmp/before/src --rounds 7
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_mkqa  # noqa: E402
import bench_mlqa  # noqa: E402
import bench_squad  # noqa: E402
import distinct  # noqa: E402

CHILD = """
import gc, json, sys, time, warnings
warnings.simplefilter("ignore")
from answermatch.diagnostics import Diagnostics
from answermatch.tasks import get_task
name, gold, pred, options = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
task = get_task(name)
diag = Diagnostics()
inputs = task.read(gold, pred, diag, **options)
settings = task.settings("official")
gc.disable()
start = time.process_time()
scored = task.score(inputs, settings, diag, **options)
cpu = time.process_time() - start
result = task.result(scored, "official", diag, options)
print(json.dumps({"cpu": cpu, "scores": result.scores}))
"""

Inputs = tuple[str, Path, Path, dict[str, object]]


def squad_inputs(key: str, cases: dict, parity: Path, tmp: Path) -> Inputs:
    case = cases[key]
    folder = tmp / f"{case.task}-{key}"
    folder.mkdir()
    paths = bench_squad.replicate(case, parity, 50_000, folder)
    options: dict[str, object] = {}
    if "na_prob" in paths:
        options["na_prob"] = str(paths["na_prob"])
    if case.lang:
        options["lang"] = case.lang
    return case.task, paths["gold"], paths["pred"], options


def xor_inputs(key: str, parity: Path, tmp: Path) -> Inputs:
    gold, pred = distinct.answers(key, 20, 0, parity, tmp)
    return f"xor-{key}", gold, pred, {}


def mkqa_inputs(parity: Path, tmp: Path) -> Inputs:
    folder = tmp / "mkqa"
    folder.mkdir()
    gold = bench_mkqa.build(parity / "mkqa" / "mkqa_test6.jsonl.gz", 2000, folder, ["en"], 0)
    return "mkqa", gold, folder / "pred" / "en.jsonl", {}


_NTCIR_EN = [
    "the Tokyo Metropolis",
    "fiscal year 2010",
    "13,510,000",
    "-2.1%",
    "Kanto region",
    "about 4.5 million people",
    "the Ministry of Health",
    "2,345 km",
    "Osaka",
]
_NTCIR_JA = [
    "東京都千代田区",
    "１，３５１万人",
    "平成22年",
    "2010年",
    "厚生労働省",
    "約450万人",
    "関東地方",
    "大阪府",
    "2,345キロメートル",
]


def _ntcir_variant(answer: str, rng: random.Random) -> str:
    """A run answer that differs per question: the answer edited, or another one."""
    k = rng.randrange(6)
    if k == 0:
        return answer
    if k == 1:
        return answer.upper() + f" {rng.randrange(1000)}"
    if k == 2:
        cut = rng.randrange(1, len(answer) + 1)
        return answer[:cut]
    if k == 3:
        return f"{rng.randrange(10**6):,}"
    if k == 4:
        words = answer.split()
        return " ".join(rng.sample(words, len(words))) + rng.choice(["", ".", " etc"])
    return rng.choice(_NTCIR_EN + _NTCIR_JA) + str(rng.randrange(100))


def ntcir_inputs(parity: Path, tmp: Path, questions: int = 50_000, seed: int = 0) -> Inputs:
    rng = random.Random(seed)
    gold_lines, run_lines = [], ["<SYSDESC>bench_score_ab synthetic run</SYSDESC>"]
    for k in range(questions):
        lang, pool = ("E", _NTCIR_EN) if k % 2 else ("J", _NTCIR_JA)
        qid = f"DS2-QA-{lang}-{k:06d}"
        answers = rng.sample(pool, rng.choice((1, 1, 2)))
        answers = [a if rng.random() < 0.5 else f"{a} {rng.randrange(100)}" for a in answers]
        gold_lines.append("\t".join([qid, *answers]))
        run_lines.append(f"{qid}\t{_ntcir_variant(answers[0], rng)}")
    gold, run = tmp / "ntcir-gold.tsv", tmp / "ntcir-run.tsv"
    gold.write_text("\n".join(gold_lines) + "\n", encoding="utf-8")
    run.write_text("\n".join(run_lines) + "\n", encoding="utf-8")
    return "ntcir-dsqa", gold, run, {}


BUILDERS: dict[str, Callable[[Path, Path], Inputs]] = {
    "squad": lambda parity, tmp: squad_inputs("squad", bench_squad.CASES, parity, tmp),
    "squad-v2": lambda parity, tmp: squad_inputs("squad-v2", bench_squad.CASES, parity, tmp),
    "mlqa-en": lambda parity, tmp: squad_inputs("en", bench_mlqa.CASES, parity, tmp),
    "mlqa-zh": lambda parity, tmp: squad_inputs("zh", bench_mlqa.CASES, parity, tmp),
    "xor-full": lambda parity, tmp: xor_inputs("full", parity, tmp),
    "xor-engspan": lambda parity, tmp: xor_inputs("engspan", parity, tmp),
    "mkqa": mkqa_inputs,
    "ntcir-dsqa": ntcir_inputs,
}


def score_cpu(inputs: Inputs, src: Path | None) -> tuple[float, dict[str, float]]:
    """CPU seconds of Task.score in a fresh process, and the scores."""
    task, gold, pred, options = inputs
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, task, str(gold), str(pred), json.dumps(options)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return out["cpu"], out["scores"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="src folder of the other code")
    parser.add_argument("--rounds", type=int, default=7, help="alternating runs per side")
    parser.add_argument("--tasks", default=",".join(BUILDERS), help="comma-separated")
    parser.add_argument("--parity", type=Path, default=bench_squad.DEFAULT_PARITY)
    args = parser.parse_args()
    print(f"{'task':<12} {'before':>8} {'after':>8}  after/before  (CPU s, least of {args.rounds})")
    with tempfile.TemporaryDirectory(prefix="bench-ab-") as tmp:
        for key in args.tasks.split(","):
            inputs = BUILDERS[key](args.parity, Path(tmp))
            before, after = [], []
            for _ in range(args.rounds):
                cpu, old_scores = score_cpu(inputs, args.before)
                before.append(cpu)
                cpu, new_scores = score_cpu(inputs, None)
                after.append(cpu)
                if old_scores != new_scores:
                    raise SystemExit(f"{key}: the scores differ: {old_scores} != {new_scores}")
            b, a = min(before), min(after)
            print(f"{key:<12} {b:8.3f} {a:8.3f}  {a / b:.3f}", flush=True)


if __name__ == "__main__":
    main()
