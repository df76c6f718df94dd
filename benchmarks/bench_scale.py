"""Scoring at scale: one process vs a two-worker Dask cluster.

XOR-Full's dev set replicated to about 1M questions (fresh ids per copy,
the predictions of full_pred_1 perturbed anew per copy so they differ) and
PolEval 2021's pairs replicated to about 10M, scored

* in one process: :class:`answermatch.Scorer` fed in batches (the
  in-memory ``evaluate`` of 10M pairs would hold every item);
* on a ``distributed.LocalCluster`` with two worker processes:
  ``answermatch.dask.evaluate`` over a bag built from the same batches.

Reported: wall time, and peak resident memory of the driver and of each
worker (``resource.getrusage`` in each process). Both must give the same
scores (checked to 1e-9).

    python benchmarks/bench_scale.py --parity ../shared/parity [--xor 1000000 --poleval 10000000]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from pathlib import Path

from answermatch.incremental import Scorer


def peak_mib() -> float:
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


def xor_batches(parity: Path, total: int, batch: int, seed: int):
    gold = [json.loads(x) for x in (parity / "xor" / "xor_dev_full_v1_1.jsonl").open()]
    preds = json.loads((parity / "xor" / "full_pred_1.json").read_text())
    preds = {k.rsplit("_", 1)[-1]: v for k, v in preds.items()}
    rng = random.Random(seed)
    copy = 0
    made = 0
    while made < total:
        rows = []
        for record in gold:
            if made >= total:
                break
            qid = f"{record['id']}-{copy}"
            prediction = preds.get(record["id"])
            rows.append(
                {
                    **record,
                    "id": qid,
                    "prediction": None if prediction is None else perturb(rng, prediction),
                }
            )
            made += 1
            if len(rows) == batch:
                yield rows
                rows = []
        if rows:
            yield rows
        copy += 1


def poleval_batches(parity: Path, total: int, batch: int, seed: int):
    base = parity / "poleval2021" / "dev-0"
    expected = (base / "expected.tsv").read_text(encoding="utf-8").splitlines()
    outs = sorted((parity / "poleval2021" / "outputs").glob("*.out.tsv"))
    answers = outs[0].read_text(encoding="utf-8").splitlines()
    rng = random.Random(seed)
    made = 0
    while made < total:
        rows = []
        for _number, (gold, answer) in enumerate(zip(expected, answers, strict=True)):
            if made >= total or len(rows) == batch:
                break
            rows.append(
                {"id": f"{made}", "answers": gold.split("\t"), "prediction": perturb(rng, answer)}
            )
            made += 1
        yield rows


def run(task: str, batches, workers: int) -> dict:
    start = time.perf_counter()
    if workers == 0:
        scorer = Scorer(task)
        spec = scorer.task
        n = 0
        for rows in batches:
            gold, predictions = spec.split_rows(rows)
            scorer.update(gold, predictions)
            n += len(rows)
        result = scorer.compute()
        return {
            "seconds": time.perf_counter() - start,
            "peak_mib": {"driver": peak_mib()},
            "scores": result.scores,
            "n": result.n,
        }
    import dask.bag as db
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
        Client(cluster) as c,
    ):
        bag = db.from_delayed([_delayed(rows) for rows in batches])
        result = amd.evaluate(task, bag)
        seconds = time.perf_counter() - start
        peaks = c.run(peak_mib)
    return {
        "seconds": seconds,
        "peak_mib": {
            "driver": peak_mib(),
            **{f"worker {k}": v for k, v in enumerate(peaks.values())},
        },
        "scores": result.scores,
        "n": result.n,
    }


def _delayed(rows):
    from dask import delayed

    return delayed(lambda r: r)(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parity", type=Path, default=Path("../shared/parity"))
    parser.add_argument("--xor", type=int, default=1_000_000, help="XOR-Full questions")
    parser.add_argument("--poleval", type=int, default=10_000_000, help="PolEval pairs")
    parser.add_argument("--batch", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for task, count, make in (
        ("xor-full", args.xor, xor_batches),
        ("poleval2021", args.poleval, poleval_batches),
    ):
        if not count:
            continue
        single = run(task, make(args.parity, count, args.batch, args.seed), workers=0)
        cluster = run(task, make(args.parity, count, args.batch, args.seed), workers=2)
        for key, value in single["scores"].items():
            assert abs(cluster["scores"][key] - value) <= 1e-9, (task, key)
        print(f"{task}: {single['n']:,} items, scores {json.dumps(single['scores'])}")
        for name, figures in (("one process", single), ("2-worker cluster", cluster)):
            peaks = ", ".join(f"{k} {v:,.0f} MiB" for k, v in figures["peak_mib"].items())
            print(f"  {name:17s} {figures['seconds']:8.1f} s   peak RSS: {peaks}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
