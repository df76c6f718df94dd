"""Benchmark the PolEval 2021 QA scorer (GEval's fuzzy accuracy).

Scores N synthetic (answer, gold line) pairs shaped like PolEval answers
(short Polish phrases, numbers, Roman numerals, several TAB-separated
variants, answers close to and far from the gold) in two ways:

* ``judge``: the matching alone (``FuzzyAccuracy.judge_all``);
* ``evaluate``: the whole task on loaded lists (stripping, splitting,
  matching, per-item dicts), as ``answermatch.evaluate`` runs it.

Run: ``python benchmarks/bench_poleval.py [--n 1000000] [--repeat 3]``.
The target is 1,000,000 pairs in under 10 s. Timings are the best of
``--repeat`` runs (wall clock and CPU time of this process; on a busy
machine the CPU time is the better estimate of an idle machine's wall clock).

``--baseline SRC`` also times another version of answermatch side by side,
in the same process and alternating with this one (SRC is the ``src``
folder of that version, e.g. from ``git archive 83dd771 src | tar -x -C
/tmp/old``; it is imported under the name ``answermatch_baseline``), and
prints the ratios.
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import answermatch
from answermatch.tasks.poleval2021.geval import haskell_strip

WORDS = (  # noqa: SIM905
    "tak nie alfa cięciwa Egipt Mazowsze Indie Kanał Sueski szewcy becquerel melonik "
    "menisk Aleksander Graham Bell azot tabakiera Warszawa Kraków Gdańsk Wisła Odra "
    "Mickiewicz Słowacki Kopernik pasternak figa jabłko gruszka motyl pszczoła "
    "Stany Zjednoczone Francja Hiszpania Włochy Grecja Żółkiewski Jagiełło"
).split()
NUMBERS = ["4", "52", "1410", "1966", "3.14", "XIV", "XIX", "w XV", "III", "12"]


def _phrase(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))


def _perturb(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(0, 4)):
        if chars and rng.random() < 0.5:
            del chars[rng.randrange(len(chars))]
        else:
            chars.insert(rng.randrange(len(chars) + 1), rng.choice("aeioułśćxyz "))
    return "".join(chars)


def make_pairs(n: int, seed: int = 2021) -> tuple[list[str], list[str]]:
    """``n`` (prediction line, gold line) pairs."""
    rng = random.Random(seed)
    # a pool of gold lines, repeated as in real data ("tak" recurs, etc.)
    pool = []
    for _ in range(5000):
        kind = rng.random()
        if kind < 0.15:
            variants = [rng.choice(NUMBERS), _phrase(rng)]
        elif kind < 0.30:
            a, b = _phrase(rng), _phrase(rng)
            variants = [f"{a} i {b}", f"{b} i {a}"]
        elif kind < 0.40:
            variants = ["tak"]
        else:
            variants = [_phrase(rng) for _ in range(rng.randint(1, 3))]
        pool.append(variants)
    golds, preds = [], []
    for _ in range(n):
        variants = rng.choice(pool)
        golds.append("\t".join(variants))
        r = rng.random()
        if r < 0.3:
            pred = _perturb(rng, rng.choice(variants))
        elif r < 0.4:
            pred = rng.choice(variants).upper()
        elif r < 0.5:
            pred = f"w roku {rng.choice(NUMBERS)}"
        else:
            pred = _phrase(rng)
        preds.append(pred)
    return preds, golds


def _best(repeat: int, run) -> tuple[float, float, object]:
    """Best wall-clock and CPU seconds over ``repeat`` runs, and the result."""
    wall = cpu = float("inf")
    value = None
    for _ in range(repeat):
        value = None  # free the previous result outside the timed region
        start, start_cpu = time.perf_counter(), time.process_time()
        value = run()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu, value


def _baseline(src: str):
    """The answermatch package of the source folder ``src`` (a copy named
    ``answermatch_baseline``, so both versions load in one process)."""
    folder = Path(tempfile.mkdtemp(prefix="answermatch-baseline-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    shutil.copytree(Path(src) / "answermatch", folder / "answermatch_baseline")
    sys.path.insert(0, str(folder))
    return importlib.import_module("answermatch_baseline")


def _scheme_of(package) -> type:
    """The FuzzyAccuracy class of a version (tasks/geval.py before the task
    contract, the tasks/poleval2021 package after)."""
    for name in ("tasks.poleval2021", "tasks.geval"):
        try:
            module = importlib.import_module(f"{package.__name__}.{name}")
        except ImportError:
            continue
        if hasattr(module, "FuzzyAccuracy"):
            return module.FuzzyAccuracy
    raise SystemExit(f"no FuzzyAccuracy in {package.__name__}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="number of pairs")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--baseline", metavar="SRC", help="also time the answermatch in SRC")
    args = parser.parse_args()

    preds, golds = make_pairs(args.n)
    answers = [haskell_strip(p) for p in preds]
    variants = [haskell_strip(g).split("\t") for g in golds]
    versions = [("", answermatch)]
    if args.baseline:
        versions.append((" (baseline)", _baseline(args.baseline)))

    runs = {}
    for label, package in versions:
        scheme = _scheme_of(package)()
        runs[f"judge{label}"] = lambda s=scheme: sum(
            v.matched for v in s.judge_all(answers, variants)
        )
        runs[f"evaluate{label}"] = lambda p=package: p.evaluate("poleval2021", golds, preds).scores[
            "accuracy"
        ]
    best: dict[str, tuple[float, float]] = {k: (float("inf"), float("inf")) for k in runs}
    values: dict[str, object] = {}
    for _ in range(args.repeat):  # the versions alternate, so both see the same load
        for name, run in runs.items():
            wall, cpu, values[name] = _best(1, run)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    accuracy, hits = values["evaluate"], values["judge"]
    print(f"pairs: {args.n:,}  (accuracy {accuracy:.2f}%, {hits:,} matches)")
    for name, (wall, cpu) in best.items():
        print(f"{name:20} {wall:6.2f} s wall, {cpu:6.2f} s CPU  ({args.n / wall:,.0f} pairs/s)")
    if args.baseline:
        for name in ("judge", "evaluate"):
            base = best[f"{name} (baseline)"]
            other = values[f"{name} (baseline)"]
            if values[name] != other:
                print(f"{name}: the baseline gives {other}, not {values[name]}")
            print(
                f"{name}: this version / baseline = {best[name][0] / base[0]:.3f} (wall), "
                f"{best[name][1] / base[1]:.3f} (CPU)"
            )
    per_million = best["evaluate"][0] * 1e6 / args.n
    verdict = "met" if per_million < 10 else "NOT met (see the CPU time on a busy machine)"
    print(f"target: 1,000,000 pairs in under 10 s: {per_million:.2f} s per million, {verdict}")


if __name__ == "__main__":
    main()
