"""Character-level sentence BLEU: answermatch against NLTK 3.10.4, same inputs.

The (references, hypothesis) pairs are XOR-Full's official BLEU inputs: the
answers of the parity dev gold (``xor_dev_full_v1_1.jsonl``; Japanese
answers through MeCab ``-Owakati``, as the official script does) against the
raw predictions of

* ``fixtures``: the three ``full_pred_*.json`` files (10,131 pairs);
* ``distinct``: ``--copies`` copies of ``full_pred_1.json`` perturbed anew per
  copy by :mod:`distinct` (the same answers, predictions that differ).

For each set it times, on one core (best of ``--repeat``):

* ``nltk``: ``nltk.translate.bleu(refs, hyp)`` (its warnings ignored);
* ``answermatch``: ``BleuReferences.of(refs).score(hyp)`` (prepared
  references reused, as a scorer does for a repeated answer set), and
  ``fresh``: ``BleuReferences(refs).score(hyp)`` (nothing reused);
* ``pure python``: the same two with the compiled n-gram counter switched
  off (when it is built);
* ``--baseline FILE``: another ``bleu.py`` (e.g. an older version:
  ``git show REV:src/answermatch/bleu.py > /tmp/old_bleu.py``), used the same
  two ways.

The module's caches (prepared references, scores of equal statistics) are
emptied before each timed run, so a run reuses only what it prepared itself.

Every answermatch figure is checked equal (``==``) to NLTK's on every pair.
``--long N`` also times one hypothesis of N characters (against two short
references) and reports the peak memory the scoring added (``tracemalloc``,
which also slows the timed code down); the baseline is left out above
2,000,000 characters.

Run::

    python benchmarks/bench_bleu.py --copies 5 --baseline /tmp/old_bleu.py --long 1000000
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import random
import sys
import tempfile
import time
import tracemalloc
import warnings
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import distinct

from answermatch import bleu
from answermatch.bleu import BleuReferences
from answermatch.tokenizers import get_tokenizer

Pairs = list[tuple[tuple[str, ...], str]]


def load_pairs(parity: Path, copies: int) -> dict[str, Pairs]:
    gold = [json.loads(line) for line in (parity / "xor" / distinct.FIXTURES["full"][0]).open()]
    wakati = get_tokenizer("ja").wakati

    def refs(record: dict) -> tuple[str, ...]:
        answers = record["answers"]
        if isinstance(answers, str):
            answers = [answers]
        if record["lang"] == "ja":
            return tuple(wakati(a) for a in answers)
        return tuple(answers)

    by_id = {r["id"]: refs(r) for r in gold}
    fixtures: Pairs = []
    for k in (1, 2, 3):
        predictions = json.loads((parity / "xor" / f"full_pred_{k}.json").read_text())
        fixtures += [(by_id[q], p) for q, p in predictions.items() if q in by_id]
    sets = {"fixtures": fixtures}
    if copies:
        with tempfile.TemporaryDirectory() as tmp:
            _, pred = distinct.generate("full", copies, Path(tmp), parity=parity)
            predictions = json.loads(pred.read_text())
        sets[f"distinct x{copies}"] = [
            (by_id[q.rsplit("d", 1)[0]], p) for q, p in predictions.items()
        ]
    return sets


def nltk_scores(pairs: Pairs) -> list[float]:
    from nltk.translate import bleu

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [bleu(list(refs), hyp) for refs, hyp in pairs]


def timed(function, pairs: Pairs, repeat: int, fresh=None) -> tuple[float, list[float]]:
    """Least CPU time of ``repeat`` runs; ``fresh()`` empties the module's
    caches before each run (else a later run reuses what an earlier one
    left, which no single evaluation can)."""
    best, result = float("inf"), []
    for _ in range(repeat):
        if fresh is not None:
            fresh()
        gc.collect()
        start = time.process_time()
        result = function(pairs)
        best = min(best, time.process_time() - start)
    return best, result


def load_module(path: Path):
    spec = importlib.util.spec_from_file_location("baseline_bleu", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def emptied(module):
    """A function that empties ``module``'s caches of prepared references and scores."""

    def empty() -> None:
        for name in ("_PREPARED", "_SCORES"):
            cache = getattr(module, name, None)
            if cache is not None:
                cache.clear()

    return empty


@contextmanager
def counter(compiled: bool):
    """answermatch.bleu with its compiled counter (when built) or pure Python."""
    saved = bleu._compiled_statistics
    if not compiled:
        bleu._compiled_statistics = None
    try:
        yield
    finally:
        bleu._compiled_statistics = saved


def runners(baseline: Path | None) -> dict:
    def reused(pairs: Pairs) -> list[float]:
        of = BleuReferences.of
        return [of(refs).score(hyp) for refs, hyp in pairs]

    def fresh(pairs: Pairs) -> list[float]:
        return [BleuReferences(refs).score(hyp) for refs, hyp in pairs]

    def pure(run):
        def without_counter(pairs: Pairs) -> list[float]:
            with counter(False):
                return run(pairs)

        return without_counter

    found = {"answermatch": reused, "answermatch fresh": fresh}
    if bleu.accelerated():
        found["pure python"] = pure(reused)
        found["pure python fresh"] = pure(fresh)
    if baseline:
        old_module = load_module(baseline)
        old = old_module.BleuReferences

        def before(pairs: Pairs) -> list[float]:
            return [old.of(refs).score(hyp) for refs, hyp in pairs]

        def before_fresh(pairs: Pairs) -> list[float]:
            return [old(refs).score(hyp) for refs, hyp in pairs]

        found["baseline"] = (before, emptied(old_module))
        found["baseline fresh"] = (before_fresh, emptied(old_module))
    return {
        label: run if isinstance(run, tuple) else (run, emptied(bleu))
        for label, run in found.items()
    }


def long_case(length: int, baseline: Path | None) -> None:
    rng = random.Random(0)
    alphabet = "東京都の大学日本語あいうえおabc 0123"
    hypothesis = "".join(rng.choice(alphabet) for _ in range(length))
    refs = ("東京 大学 の 日本 \n", "東京大学")
    candidates = {"answermatch": BleuReferences}
    if baseline and length <= 2_000_000:  # a list of every n-gram: gigabytes beyond that
        candidates["baseline"] = load_module(baseline).BleuReferences
    for name, cls in candidates.items():
        gc.collect()
        tracemalloc.start()
        start = time.process_time()
        score = cls(refs).score(hypothesis)
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"long {length:,} chars  {name:<12} {seconds:7.2f} s  "
            f"peak +{peak / 2**20:8.1f} MiB (tracemalloc)  score {score!r}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parity", type=Path, default=distinct.DEFAULT_PARITY)
    parser.add_argument("--copies", type=int, default=5, help="distinct copies (0: none)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another bleu.py to time the same way")
    parser.add_argument("--long", type=int, default=0, help="also one hypothesis this long")
    args = parser.parse_args()
    for name, pairs in load_pairs(args.parity, args.copies).items():
        nltk_seconds, expected = timed(nltk_scores, pairs, 1)
        print(f"== {name}: {len(pairs):,} pairs, {len(set(pairs)):,} distinct ==")
        print(f"  nltk              {nltk_seconds:7.3f} s")
        for label, (run, empty) in runners(args.baseline).items():
            seconds, got = timed(run, pairs, args.repeat, empty)
            if got != expected:
                bad = sum(a != b for a, b in zip(got, expected, strict=True))
                raise SystemExit(f"{label}: {bad} scores differ from NLTK's")
            print(
                f"  {label:<17} {seconds:7.3f} s  {nltk_seconds / seconds:6.1f}x nltk  "
                "(all scores == nltk)"
            )
    if args.long:
        long_case(args.long, args.baseline)


if __name__ == "__main__":
    main()
