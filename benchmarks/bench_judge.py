"""Judging generated answers: agreement with people, across languages, and speed.

    python benchmarks/bench_judge.py [--metaeval DIR] [--skip-speed]

1. Human judgments (``DIR/evouna-nq-dev.jsonl``, default ``../shared/metaeval``
   beside the repository): the file is split by question (CRC-32 of the
   question text, even: the *development* half, on which the rules were
   written; odd: the *report* half, looked at only to report). Agreement and
   Cohen's kappa of each matcher on both halves, with the report half's 95%
   bootstrap intervals.
2. The multilingual suite of ``tests/judge_suite.py``: agreement per language
   of the lenient judge and of containment, beside two common baselines: a
   raw substring test (the gold's lower case in the answer's) and the
   SQuAD-normalized token containment (DPR/Mintaka style).
3. Speed on one core: judgments per second on long generated answers (the
   development file's predictions of more than 30 words), the lenient judge
   beside token containment and exact match; and ``meta-eval`` of 10,000 rows.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
import zlib
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from answermatch import AnswermatchWarning, meta_eval  # noqa: E402
from answermatch.matchers import get_matcher  # noqa: E402
from judge_suite import LANGUAGES, cases  # noqa: E402

MATCHERS = ("em", "f1", "containment-squad", "containment", "lenient")


def _substring(prediction: str, golds, *, lang=None, question=None) -> float:  # type: ignore[no-untyped-def]
    """The raw substring baseline (Inspect's ``includes``, many harnesses)."""
    text = prediction.lower()
    return float(any(g.lower() in text for g in golds))


def halves(path: Path) -> tuple[list[dict], list[dict]]:
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    development = [r for r in rows if zlib.crc32(r["question"].encode()) % 2 == 0]
    report = [r for r in rows if zlib.crc32(r["question"].encode()) % 2 == 1]
    return development, report


def agreement_table(path: Path) -> None:
    development, report = halves(path)
    print(f"## Human judgments: {path.name}, split by question")
    print()
    print(f"development half: {len(development)} rows; report half: {len(report)} rows")
    print()
    print(
        "| matcher | development: agreement / kappa | report: agreement / kappa | report 95% CI |"
    )
    print("|---|---|---|---|")
    warnings.simplefilter("ignore", AnswermatchWarning)  # f1 on a few Japanese answers
    for name in MATCHERS:
        dev = meta_eval(development, matcher=name, resamples=0)
        rep = meta_eval(report, matcher=name, resamples=1000)
        low, high = rep.overall.intervals["agreement"]
        klow, khigh = rep.overall.intervals["kappa"]
        print(
            f"| {name} | {dev.agreement:.1f}% / {dev.kappa:.3f} | {rep.agreement:.1f}% / "
            f"{rep.kappa:.3f} | {low:.1f}-{high:.1f}% / {klow:.3f}-{khigh:.3f} |"
        )
    print()


def suite_table() -> None:
    rows = list(cases())
    judges = {
        "lenient": get_matcher("lenient"),
        "containment": get_matcher("containment"),
        "token containment (SQuAD)": get_matcher("containment-squad"),
        "substring": _substring,
    }
    right: dict[str, dict[str, int]] = {name: defaultdict(int) for name in judges}
    count: dict[str, int] = defaultdict(int)
    for lang, _kind, prediction, golds, expected in rows:
        count[lang] += 1
        for name, judge in judges.items():
            said = judge(prediction, list(golds), lang=lang) >= 0.5
            right[name][lang] += said == expected
    print(
        f"## Multilingual suite (tests/judge_suite.py): {len(rows)} cases, "
        f"{len(LANGUAGES)} languages"
    )
    print()
    print("| lang | cases | " + " | ".join(judges) + " |")
    print("|---|---|" + "---|" * len(judges))
    for lang in LANGUAGES:
        cells = [f"{100 * right[name][lang] / count[lang]:.1f}" for name in judges]
        print(f"| {lang} | {count[lang]} | " + " | ".join(cells) + " |")
    total = sum(count.values())
    cells = [f"{100 * sum(right[name].values()) / total:.1f}" for name in judges]
    print(f"| all | {total} | " + " | ".join(cells) + " |")
    print()


def speed(path: Path | None) -> None:
    if path is not None and path.exists():
        rows = [json.loads(line) for line in path.open(encoding="utf-8")]
        source = f"{path.name}, predictions of more than 30 words"
    else:
        rows = [
            {"question": "q", "answers": list(golds), "prediction": prediction * 8}
            for _lang, _kind, prediction, golds, _ in cases()
        ]
        source = "the suite's answers, each repeated 8 times"
    long = [r for r in rows if len(r["prediction"].split()) > 30][:5000]
    chars = sum(len(r["prediction"]) for r in long) / len(long)
    print(f"## Speed: {len(long)} long answers ({source}; {chars:.0f} characters on average)")
    print()
    print("| matcher | judgments per CPU second (best of 5) |")
    print("|---|---|")
    reference = min(
        _timed(lambda: [r["prediction"].lower().split() for r in long]) for _ in range(5)
    )
    for name in ("lenient", "containment", "containment-squad", "em"):
        judge = get_matcher(name)
        for r in long[:50]:  # warm the caches and load what is loaded on first use
            judge(r["prediction"], r["answers"], question=r["question"])
        best = min(
            _timed(
                lambda judge=judge: [
                    judge(r["prediction"], r["answers"], question=r["question"]) for r in long
                ]
            )
            for _ in range(5)
        )
        print(f"| {name} | {len(long) / best:,.0f} |")
    print(f"| (reference: `text.lower().split()`) | {len(long) / reference:,.0f} |")
    print()
    if path is not None and path.exists():
        sample = rows[:10000]
        started, cpu = time.perf_counter(), time.process_time()
        result = meta_eval(sample, resamples=1000)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        print(
            f"meta-eval of {result.n:,} rows (lenient, 1000 bootstrap resamples): "
            f"{cpu:.2f} s of CPU ({elapsed:.2f} s elapsed)"
        )
        print()


def _timed(work) -> float:  # type: ignore[no-untyped-def]
    """CPU seconds of ``work()`` (this process only: steadier than the
    clock on a shared machine)."""
    started = time.process_time()
    work()
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--metaeval", type=Path, default=REPO.parent / "shared" / "metaeval")
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()
    dev = args.metaeval / "evouna-nq-dev.jsonl"
    if dev.exists():
        agreement_table(dev)
    else:
        print(f"(no human judgments at {dev}: the agreement table is skipped)\n")
    suite_table()
    if not args.skip_speed:
        speed(dev if dev.exists() else None)


if __name__ == "__main__":
    main()
