"""Scoring at scale: one process vs a two-worker Dask cluster.

XOR-Full's dev set replicated to about 1M questions (fresh ids per copy,
the predictions of full_pred_1 perturbed anew per copy so they differ) and
PolEval 2021's pairs replicated to about 10M, scored

* in one process: :class:`answermatch.Scorer` fed batch by batch (the
  in-memory ``evaluate`` of 10M pairs would hold every item);
* on a ``distributed.LocalCluster`` with two worker processes (one thread
  each): ``answermatch.dask.evaluate`` over a bag whose partitions are the
  same batches, each built on its worker (the driver holds no data).

A batch is a pure function of its number and the seed, so both runs score
the same rows. Each run is a fresh child process, so the driver's peak
resident memory is its own. Reported: wall time (building the rows
included, in both runs), peak resident memory of the driver and of each
worker (``resource.getrusage`` in each process). Both runs must give the
same scores (checked to 1e-9).

    python benchmarks/bench_scale.py --parity ../shared/parity [--xor 1000000 --poleval 10000000]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path


def peak_mib() -> float:
    """This process's peak resident memory (MiB; Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def perturb(rng: random.Random, text: str) -> str:
    roll = rng.random()
    if roll < 0.5 or not text:
        return text
    if roll < 0.7:
        k = rng.randrange(len(text))
        return text[:k] + text[k + 1 :]
    if roll < 0.85:
        return text + " " + rng.choice(["の", "и", "ja", "는", "x"])
    return text.upper()


def make_batch(task: str, parity: str, index: int, size: int, total: int, seed: int) -> list:
    """Rows ``index * size`` to ``min(total, (index + 1) * size)`` of the
    replicated data set of ``task`` (gold fields plus ``prediction``)."""
    parity_dir = Path(parity)
    rng = random.Random(seed * 1_000_003 + index)
    start, stop = index * size, min(total, (index + 1) * size)
    rows = []
    if task == "xor-full":
        with (parity_dir / "xor" / "xor_dev_full_v1_1.jsonl").open(encoding="utf-8") as lines:
            gold = [json.loads(line) for line in lines]
        raw = json.loads((parity_dir / "xor" / "full_pred_1.json").read_text(encoding="utf-8"))
        preds = {k.rsplit("_", 1)[-1]: v for k, v in raw.items()}
        for k in range(start, stop):
            record = gold[k % len(gold)]
            prediction = preds.get(record["id"])
            rows.append(
                {
                    "id": f"{record['id']}-{k // len(gold)}",
                    "answers": record["answers"],
                    "lang": record["lang"],
                    "prediction": None if prediction is None else perturb(rng, prediction),
                }
            )
    else:
        base = parity_dir / "poleval2021"
        expected = (base / "dev-0" / "expected.tsv").read_text(encoding="utf-8").splitlines()
        outs = sorted((base / "outputs").glob("*.out.tsv"))
        answers = outs[0].read_text(encoding="utf-8").splitlines()
        for k in range(start, stop):
            line = k % len(expected)
            rows.append(
                {
                    "id": k,
                    "answers": expected[line].split("\t"),
                    "prediction": perturb(rng, answers[line]),
                }
            )
    return rows


def run(task: str, parity: str, total: int, size: int, seed: int, workers: int) -> dict:
    """One measurement (in this process, which should be fresh)."""
    batches = range((total + size - 1) // size)
    start = time.perf_counter()
    if workers == 0:
        from answermatch.incremental import Scorer

        scorer = Scorer(task)
        for index in batches:
            rows = make_batch(task, parity, index, size, total, seed)
            scorer.update(*scorer.task.split_rows(rows))
        result = scorer.compute()
        return {
            "seconds": time.perf_counter() - start,
            "peak_mib": {"driver": peak_mib()},
            "scores": result.scores,
            "n": result.n,
        }
    import dask.bag as db
    from dask import delayed
    from distributed import Client, LocalCluster

    import answermatch.dask as amd

    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            host="127.0.0.1",
        ) as cluster,
        Client(cluster) as client,
    ):
        started = time.perf_counter()
        bag = db.from_delayed(
            [delayed(make_batch)(task, parity, index, size, total, seed) for index in batches]
        )
        result = amd.evaluate(task, bag)
        seconds = time.perf_counter() - started
        peaks = client.run(peak_mib)
    return {
        "seconds": seconds,
        "startup_seconds": started - start,
        "peak_mib": {
            "driver": peak_mib(),
            **{f"worker {k}": v for k, v in enumerate(peaks.values(), start=1)},
        },
        "scores": result.scores,
        "n": result.n,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parity", type=Path, default=Path("../shared/parity"))
    parser.add_argument("--xor", type=int, default=1_000_000, help="XOR-Full questions")
    parser.add_argument("--poleval", type=int, default=10_000_000, help="PolEval pairs")
    parser.add_argument("--batch", type=int, default=50_000, help="rows per batch/partition")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--child", nargs=2, metavar=("TASK", "WORKERS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    parity = str(args.parity.resolve())
    if args.child:
        task, workers = args.child[0], int(args.child[1])
        total = args.xor if task == "xor-full" else args.poleval
        print(json.dumps(run(task, parity, total, args.batch, args.seed, workers)))
        return 0
    for task, total in (("xor-full", args.xor), ("poleval2021", args.poleval)):
        if not total:
            continue
        figures = {}
        for workers in (0, args.workers):
            command = [
                sys.executable,
                __file__,
                f"--parity={parity}",
                f"--xor={args.xor}",
                f"--poleval={args.poleval}",
                f"--batch={args.batch}",
                f"--seed={args.seed}",
                "--child",
                task,
                str(workers),
            ]
            out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
            figures[workers] = json.loads(out.strip().splitlines()[-1])
        single, cluster = figures[0], figures[args.workers]
        assert single["n"] == cluster["n"] == total, (task, single["n"], cluster["n"])
        for key, value in single["scores"].items():
            assert abs(cluster["scores"][key] - value) <= 1e-9, (task, key)
        print(f"{task}: {single['n']:,} items, scores {json.dumps(single['scores'])}")
        for name, fig in (("one process", single), (f"{args.workers}-worker cluster", cluster)):
            peaks = ", ".join(f"{k} {v:,.0f} MiB" for k, v in fig["peak_mib"].items())
            start = fig.get("startup_seconds")
            extra = "" if start is None else f" (+{start:.1f} s cluster start)"
            print(f"  {name:17s} {fig['seconds']:8.1f} s{extra}   peak RSS: {peaks}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
