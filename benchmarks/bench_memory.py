"""Peak memory of whole ``answermatch score`` processes on large inputs.

Each case is one ``answermatch score`` command line in a fresh process; its
peak resident memory is read with ``resource.getrusage(RUSAGE_CHILDREN)``
in a fresh parent (one per case, so that no other child counts). Cases:

``xor66``
    XOR-Full's dev gold (``--parity``) and a generated prediction file of
    1,500,000 entries (about 66 MB): the dev predictions of
    ``full_pred_1.json`` and ids absent from the gold, with answers drawn
    from the dev predictions.
``xor1g``
    The same, about 1 GB (23,000,000 entries).
``xor1g-gold``
    A prediction file of about 1 GB whose ids are all gold ids (a gold of
    2,000,000 questions, generated too, answers of about 500 bytes).
``squad75``
    SQuAD v1.1's dev gold and a prediction file of 1,500,000 entries
    (about 75 MB) made the same way from ``pred_v1_seed1.json``.
``squad100m``
    SQuAD v1.1: one question whose prediction is 100,000,000 characters
    of generated words.
``pipe``
    ``yes | answermatch score squad --pred /dev/stdin``: a pipe that never
    ends, refused at ``answermatch.sources.MAX_INPUT_BYTES`` (4 GiB).

Generated files go to ``--tmp`` and are deleted after each case. Run::

    python benchmarks/bench_memory.py --parity ../shared/parity [CASE ...]

The figures (MB = 10**6 bytes): input size, peak RSS, peak minus the
process's floor (the same command on the dev fixture alone), and the ratio
of that to the input size (the target: at most about 2).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLI = [sys.executable, "-m", "answermatch"]


def peak_of(command: str) -> tuple[float, float, str]:
    """Peak RSS (MB) and wall seconds of a shell ``command`` run in a fresh
    parent, and the last line of its standard error."""
    probe = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "p = subprocess.run(sys.argv[1], shell=True, capture_output=True, text=True)\n"
        "t = time.perf_counter() - t\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 / 1e6\n"
        "last = (p.stderr.strip().splitlines() or [''])[-1]\n"
        "print(peak, t, p.returncode, last[:200], sep='\\t')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, command], capture_output=True, text=True, check=True
    ).stdout
    peak, wall, code, last = out.rstrip("\n").split("\t", 3)
    return float(peak), float(wall), f"exit {code}: {last}"


def xor_predictions(
    parity: Path, path: Path, entries: int, seed: int = 7, base: str = "xor/full_pred_1.json"
) -> int:
    """A prediction file of the dev predictions (``base``, under ``parity``)
    plus made-up ids; its size."""
    dev = json.loads((parity / base).read_text(encoding="utf-8"))
    answers = list(dev.values())
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write("{")
        out.write(json.dumps(dev, ensure_ascii=False)[1:-1])
        batch = []
        for k in range(entries - len(dev)):
            qid = str(rng.getrandbits(63) - (1 << 62))
            batch.append(f', "{qid}": {json.dumps(rng.choice(answers), ensure_ascii=False)}')
            if len(batch) == 100_000 or k == entries - len(dev) - 1:
                out.write("".join(batch))
                batch.clear()
        out.write("}\n")
    return path.stat().st_size


def xor_gold_and_predictions(
    parity: Path, gold: Path, pred: Path, questions: int, seed: int = 7
) -> int:
    """A gold of ``questions`` generated questions (languages and answers of
    the dev gold) and predictions of about 500 bytes for each; the
    prediction file's size."""
    rows = [
        json.loads(line)
        for line in (parity / "xor" / "xor_dev_full_v1_1.jsonl").read_text("utf-8").splitlines()
    ]
    rng = random.Random(seed)
    with gold.open("w", encoding="utf-8") as g, pred.open("w", encoding="utf-8") as p:
        p.write("{")
        for k in range(questions):
            row = rows[k % len(rows)]
            qid = f"{k}"
            g.write(json.dumps({"id": qid, "answers": row["answers"], "lang": row["lang"]}) + "\n")
            words = " ".join(rng.choice(row["answers"]) for _ in range(20))[:250]
            p.write(("" if k == 0 else ", ") + f'"{qid}": ' + json.dumps(words))
        p.write("}\n")
    return pred.stat().st_size


def squad_long(gold: Path, pred: Path, chars: int, seed: int = 7) -> int:
    """A one-question SQuAD v1.1 gold and a prediction of ``chars`` characters."""
    context = "The tower was finished in 1889 in Paris."
    gold.write_text(
        json.dumps(
            {
                "version": "1.1",
                "data": [
                    {
                        "title": "t",
                        "paragraphs": [
                            {
                                "context": context,
                                "qas": [
                                    {
                                        "id": "q1",
                                        "question": "When?",
                                        "answers": [{"text": "1889", "answer_start": 26}],
                                    }
                                ],
                            }
                        ],
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    rng = random.Random(seed)
    words = ["Tower", "the", "of", "1889", "Paris", "iron", "finished", "a", "in", "built,"]
    block = " ".join(rng.choice(words) for _ in range(200_000))
    text = (block + " ") * (chars // (len(block) + 1) + 1)
    pred.write_text(json.dumps({"q1": text[:chars]}), encoding="utf-8")
    return pred.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    cases = ["xor66", "squad75", "squad100m", "pipe", "xor1g"]
    parser.add_argument("cases", nargs="*", default=cases)
    parser.add_argument("--parity", default="../shared/parity")
    parser.add_argument("--tmp", default=tempfile.gettempdir())
    args = parser.parse_args()
    parity = Path(args.parity)
    xor_gold = parity / "xor" / "xor_dev_full_v1_1.jsonl"
    base = f"{' '.join(CLI)} score"
    floor, _, _ = peak_of(
        f"{base} xor-full --gold {xor_gold} --pred {parity / 'xor' / 'full_pred_1.json'} -q"
    )
    print(f"floor (xor-full on the dev fixture): {floor:.0f} MB", flush=True)
    print("| case | input | peak RSS | peak - floor | (peak - floor) / input | wall | outcome |")
    print("|---|---|---|---|---|---|---|")
    work = Path(tempfile.mkdtemp(prefix="bench_memory.", dir=args.tmp))
    try:
        for case in args.cases:
            gold, pred = work / "gold", work / "pred.json"
            if case in ("xor66", "xor1g"):
                size = xor_predictions(parity, pred, 1_500_000 if case == "xor66" else 23_000_000)
                command = f"{base} xor-full --gold {xor_gold} --pred {pred} -q"
            elif case == "xor1g-gold":
                gold = work / "gold.jsonl"
                size = xor_gold_and_predictions(parity, gold, pred, 2_000_000)
                command = f"{base} xor-full --gold {gold} --pred {pred} -q"
            elif case == "squad75":
                size = xor_predictions(parity, pred, 1_500_000, base="squad/pred_v1_seed1.json")
                squad_gold = parity / "squad" / "dev-v1.1.from-v2-answerable.json"
                command = f"{base} squad --gold {squad_gold} --pred {pred} -q"
            elif case == "squad100m":
                size = squad_long(gold, pred, 100_000_000)
                command = f"{base} squad --gold {gold} --pred {pred} -q"
            elif case == "pipe":
                squad_long(gold, pred, 10)
                size = 4 << 30
                command = f"yes | {base} squad --gold {gold} --pred /dev/stdin -q"
            else:
                raise SystemExit(f"unknown case {case!r}")
            started = time.perf_counter()
            peak, wall, outcome = peak_of(command)
            ratio = (peak - floor) / (size / 1e6)
            print(
                f"| {case} | {size / 1e6:,.0f} MB | {peak:,.0f} MB | {peak - floor:,.0f} MB | "
                f"{ratio:.2f} | {wall:.1f} s | {outcome} |",
                flush=True,
            )
            for path in work.iterdir():
                path.unlink()
            del started
    finally:
        for path in work.iterdir():
            path.unlink()
        os.rmdir(work)


if __name__ == "__main__":
    main()
