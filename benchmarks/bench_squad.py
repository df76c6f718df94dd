"""Throughput of the ``squad`` and ``squad-v2`` scorers against SQuAD's official scripts.

Builds a gold set of about ``--questions`` questions (default 50,000) by
replicating the parity dev file (SQuAD v1.1: 2,910 questions, 17 copies;
v2.0: 6,078, 8 copies) with ids made unique per copy (``<id>_c<k>``), and
predictions that differ per copy: copy ``k`` takes the predictions of seed
1 or 2 in turn and appends a copy marker (`` v<k>``) to every third answer,
so neither scorer can reuse work across copies (v2.0 also gets the copied
no-answer probabilities). It then times, each in a fresh process (wall
clock, interpreter start-up and file reading included):

* ``answermatch``: ``answermatch.evaluate(task, gold, pred, ...)``;
* ``official``: the official script on the same files (``python
  evaluate-v1.1.py GOLD PRED``; ``python evaluate-v2.0.py GOLD PRED
  --na-prob-file NA``), from a folder outside the repository.

The two must print the same figures (checked to 1e-9); the script stops
otherwise. ``--before SRC`` times a third process beside them, in the same
rounds: ``answermatch`` imported from another ``src`` folder (``git archive
main src | tar -x -C /tmp/before``), which must print the same figures too.

Getting the official scripts (they are not part of answermatch)::

    mkdir /tmp/official-squad && cd /tmp/official-squad
    # evaluate-v2.0.py from github.com/rajpurkar/SQuAD-explorer (evaluate-v2.0.py);
    # evaluate-v1.1.py, the CodaLab-era file (git blob 0137fbca04cf93b3dbb5744832d25723420a4861),
    # e.g. from github.com/bloomsburyai/question-generation src/sandbox/evaluate-v1.1.py
    # evaluate-v2.0.py imports numpy: run it with a Python that has numpy

Run::

    python benchmarks/bench_squad.py --official-scripts /tmp/official-squad
    python benchmarks/bench_squad.py --task squad-v2 --official-scripts /tmp/official-squad

Each figure is the best of ``--repeat`` runs, as wall-clock seconds and as
CPU seconds (user + system) of the child process and of any process it
started; on a busy machine the CPU time is the steadier of the two. The
1-minute load average after the runs is printed beside them (answermatch
scores large inputs on a second process only while a core is idle).
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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from _bytecode import use_bytecode

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PARITY = Path(os.environ.get("ANSWERMATCH_PARITY_DIR", REPO.parent / "shared" / "parity"))

CHILD = """
import json, sys, time, warnings
start = time.perf_counter()
import answermatch
warnings.simplefilter("ignore")
options = json.loads(sys.argv[4])
result = answermatch.evaluate(sys.argv[1], sys.argv[2], sys.argv[3], **options)
print(json.dumps({"seconds": time.perf_counter() - start, "n": result.n,
                  "scores": result.scores}))
"""


@dataclass(frozen=True)
class Case:
    """One benchmark: the task, its fixtures and how the official script runs."""

    task: str
    folder: str
    gold: str
    preds: tuple[str, ...]
    script: str
    na_probs: tuple[str, ...] = ()
    lang: str | None = None


CASES = {
    "squad": Case(
        "squad",
        "squad",
        "dev-v1.1.from-v2-answerable.json",
        ("pred_v1_seed1.json", "pred_v1_seed2.json"),
        "evaluate-v1.1.py",
    ),
    "squad-v2": Case(
        "squad-v2",
        "squad",
        "dev-v2.0.cs224n-subset.json",
        ("pred_v2_seed1.json", "pred_v2_seed2.json"),
        "evaluate-v2.0.py",
        ("pred_v2_seed1.na_prob.json", "pred_v2_seed2.na_prob.json"),
    ),
}


def replicate(case: Case, parity: Path, questions: int, out: Path) -> dict[str, Path]:
    """Write the replicated gold, predictions (and no-answer probabilities)."""
    base = parity / case.folder
    gold = json.loads((base / case.gold).read_text(encoding="utf-8"))
    per_copy = sum(len(p["qas"]) for a in gold["data"] for p in a["paragraphs"])
    copies = max(1, round(questions / per_copy))
    preds = [json.loads((base / name).read_text(encoding="utf-8")) for name in case.preds]
    probs = [json.loads((base / name).read_text(encoding="utf-8")) for name in case.na_probs]
    data, pred_out, prob_out = [], {}, {}
    for k in range(copies):
        source = preds[k % len(preds)]
        for article in gold["data"]:
            paragraphs = []
            for paragraph in article["paragraphs"]:
                qas = []
                for n, qa in enumerate(paragraph["qas"]):
                    qid = f"{qa['id']}_c{k}"
                    qas.append({**qa, "id": qid})
                    if qa["id"] in source:
                        text = source[qa["id"]]
                        pred_out[qid] = text + f" v{k}" if text and n % 3 == k % 3 else text
                    if probs:
                        prob_out[qid] = probs[k % len(probs)][qa["id"]]
                paragraphs.append({**paragraph, "qas": qas})
            data.append({**article, "paragraphs": paragraphs})
    paths = {"gold": out / "gold.json", "pred": out / "pred.json"}
    paths["gold"].write_text(json.dumps({"version": gold["version"], "data": data}))
    paths["pred"].write_text(json.dumps(pred_out))
    if probs:
        paths["na_prob"] = out / "na_prob.json"
        paths["na_prob"].write_text(json.dumps(prob_out))
    return paths


def timed(command: Sequence[str], path: str | None = None) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds (user + system) of a child process, and its
    output (``path``: a folder put first on its ``PYTHONPATH``)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [path, env.get("PYTHONPATH")]))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def run(case: Case, paths: dict[str, Path], args: argparse.Namespace) -> dict[str, object]:
    options: dict[str, object] = {}
    official_cmd = [args.official_python, str(Path(args.official_scripts) / case.script)]
    official_cmd += [str(paths["gold"]), str(paths["pred"])]
    if "na_prob" in paths:
        options["na_prob"] = str(paths["na_prob"])
        official_cmd += ["--na-prob-file", str(paths["na_prob"])]
    if case.lang:
        options["lang"] = case.lang
        official_cmd.append(case.lang)
    ours_cmd = [sys.executable, "-c", CHILD, case.task, str(paths["gold"]), str(paths["pred"])]
    ours_cmd.append(json.dumps(options))
    before_src = getattr(args, "before", None)
    ours, official, older = [float("inf")] * 2, [float("inf")] * 2, [float("inf")] * 2
    ours_out = official_out = older_out = ""
    for _ in range(args.repeat):
        wall, cpu, ours_out = timed(ours_cmd)
        ours = [min(ours[0], wall), min(ours[1], cpu)]
        wall, cpu, official_out = timed(official_cmd)
        official = [min(official[0], wall), min(official[1], cpu)]
        if before_src is not None:
            wall, cpu, older_out = timed(ours_cmd, str(before_src))
            older = [min(older[0], wall), min(older[1], cpu)]
    mine = json.loads(ours_out)
    printed = json.loads(official_out)
    for key, value in printed.items():
        for who, out in [("answermatch", mine), ("before", before_src and json.loads(older_out))]:
            if out and abs(out["scores"][key] - value) > 1e-9:
                raise SystemExit(f"{case.task}: {key} differs: official {value}, {who} "
                                 f"{out['scores'][key]}")  # fmt: skip
    if before_src is not None:
        compared = {
            "before_cpu_s": round(older[1], 2),
            "before_speed-up_cpu": round(official[1] / older[1], 1),
        }
    else:
        compared = {}
    return {
        "task": case.task + (f" ({case.lang})" if case.lang else ""),
        "load_average_1min": round(os.getloadavg()[0], 1),
        "questions": mine["n"],
        "answermatch_wall_s": round(ours[0], 2),
        "official_wall_s": round(official[0], 2),
        "speed-up_wall": round(official[0] / ours[0], 1),
        "answermatch_cpu_s": round(ours[1], 2),
        "official_cpu_s": round(official[1], 2),
        "speed-up_cpu": round(official[1] / ours[1], 1),
        **compared,
    }


def main(
    argv: Sequence[str] | None = None, cases: dict[str, Case] = CASES, doc: str = __doc__
) -> int:
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--task", choices=[*cases, "all"], default="all")
    parser.add_argument("--parity", type=Path, default=DEFAULT_PARITY)
    parser.add_argument("--questions", type=int, default=50_000)
    parser.add_argument("--official-scripts", required=True, metavar="DIR")
    parser.add_argument("--official-python", default=sys.executable)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--before", type=Path, metavar="SRC", help="also time this src folder")
    args = parser.parse_args(argv)
    use_bytecode(args.before)
    chosen = list(cases) if args.task == "all" else [args.task]
    for name in chosen:
        with tempfile.TemporaryDirectory() as tmp:
            paths = replicate(cases[name], args.parity, args.questions, Path(tmp))
            print(json.dumps(run(cases[name], paths, args)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
