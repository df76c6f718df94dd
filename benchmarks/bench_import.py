"""How long ``import answermatch`` takes, and what first use of a language costs.

Two measurements, each in fresh interpreters:

1. Wall time of ``python -c STATEMENTS`` over ``--repeat`` runs (min and
   median), minus the same for ``python -c pass`` (the interpreter's own
   start-up), for: ``import answermatch``; then ``normalize("x")``; then
   tokenizing English; then each heavy language (ja zh vi pl: library and
   dictionary loading).
2. ``python -X importtime -c "import answermatch"``: the cumulative import
   time of the ``answermatch`` package as Python itself reports it, and the
   slowest modules under it.

Run::

    python benchmarks/bench_import.py               # 15 runs per row
    python benchmarks/bench_import.py --repeat 30 --no-languages
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

ROWS = [
    ("python -c pass", "pass"),
    ("import answermatch", "import answermatch"),
    ("+ normalize('x')", "import answermatch; answermatch.normalize('x')"),
    ("+ tokenize en", "import answermatch; answermatch.tokenize('Who wrote Lalka?', 'en')"),
]
LANGUAGE_ROWS = [
    (f"+ tokenize {lang}", f"import answermatch; answermatch.tokenize({text!r}, {lang!r})")
    for lang, text in (
        ("ja", "東京タワー"),
        ("zh", "我来到北京清华大学"),
        ("vi", "Hà Nội"),
        ("pl", "Kto napisał Lalkę?"),
    )
]


def wall_times(statements: str, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", statements], check=True)
        times.append(time.perf_counter() - start)
    return times


def importtime(module: str = "answermatch", top: int = 8) -> tuple[int, list[tuple[int, str]]]:
    """Cumulative microseconds of importing ``module`` and its slowest sub-imports."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
    )
    total, entries = 0, []
    for line in done.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if not line.startswith("import time:") or not fields[0].strip().isdigit():
            continue  # not an entry, or the header
        cumulative, name = int(fields[1]), fields[2].rstrip()
        if name.strip() == module:
            total = cumulative
        entries.append((cumulative, name))
    entries.sort(reverse=True)
    return total, entries[:top]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs per row")
    parser.add_argument(
        "--no-languages", action="store_true", help="skip the ja/zh/vi/pl first-use rows"
    )
    args = parser.parse_args(argv)

    rows = ROWS + ([] if args.no_languages else LANGUAGE_ROWS)
    print("| statements | min ms | median ms | min - python ms |")
    print("|---|---|---|---|")
    baseline = None
    for label, statements in rows:
        times = wall_times(statements, args.repeat)
        low, mid = min(times) * 1000, statistics.median(times) * 1000
        baseline = low if baseline is None else baseline
        print(f"| {label} | {low:.1f} | {mid:.1f} | {low - baseline:.1f} |", flush=True)

    total, slowest = importtime()
    print()
    print(f"python -X importtime: answermatch cumulative {total / 1000:.1f} ms; slowest imports:")
    print()
    print("| cumulative ms | module |")
    print("|---|---|")
    for micros, name in slowest:
        print(f"| {micros / 1000:.1f} | `{name}` |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
