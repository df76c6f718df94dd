"""Numbers and dates by value: recall, false matches and speed.

Recall is measured on the cases of ``tests/cldr_cases.py``: values written
by CLDR (babel) in every language answermatch accepts (grouped, decimal,
native digits, compact long and short, percent; dates in the full, long and
medium forms and month-year), and number words written by num2words, both
the development suite and the held-out one (other values and forms). False
matches: each number case against a near miss (one digit changed, ten times
the value, a digit added) and each date against the day before, the day
after and a year later.

Speed: ``numeric_match`` calls per second, one core, on ``--n`` short
answers that all differ (a prediction against one gold, nothing read
twice, so the reading cache never helps), with their language and without
one (``no lang``: no scale words), side by side with ``--baseline``
(another ``numeric.py``, e.g. ``git show REV:src/answermatch/matchers/numeric.py
> /tmp/old_numeric.py``) when given; and ``import answermatch`` in fresh
interpreters.

Run::

    python benchmarks/bench_numbers.py --baseline /tmp/old_numeric.py
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import time
from collections import Counter
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import cldr_cases  # noqa: E402
from answermatch.languages import supported_languages  # noqa: E402
from answermatch.matchers import date_match, extract_date, extract_number, numeric_match  # noqa: E402
from answermatch.matchers import numeric as numeric_module  # noqa: E402


def known(codes: list[str]) -> list[str]:
    langs = set(supported_languages())
    return [c for c in codes if c.split("-")[0] in langs or (c == "nb" and "no" in langs)]


def number_recall(held_out: bool) -> None:
    langs = known(list(cldr_cases.LOCALES))
    cases = list(cldr_cases.number_cases(langs, held_out=held_out))
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for kind, lang, text, gold in cases:
        totals[kind] += 1
        found = extract_number(text, lang=lang)
        hits[kind] += found is not None and Decimal(found) == Decimal(gold)
    near = list(cldr_cases.near_misses(cases))
    false = sum(numeric_match(text, other, lang=lang) == 1.0 for _, lang, text, other in near)
    suite = "held-out" if held_out else "development"
    print(f"numbers, {suite} suite, {len(langs)} languages")
    for kind in sorted(totals):
        print(f"  {kind:14} {hits[kind]:5}/{totals[kind]:<5} {hits[kind] / totals[kind]:.2%}")
    print(f"  near misses matched: {false}/{len(near)} ({false / len(near):.2%})")


def word_recall(held_out: bool) -> None:
    langs = known(list(cldr_cases.NUM2WORDS))
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for _, lang, text, gold in cldr_cases.word_cases(langs, held_out=held_out):
        totals[lang] += 1
        hits[lang] += extract_number(text, lang=lang) == gold
    suite = "held-out" if held_out else "development"
    row = ", ".join(f"{lang} {hits[lang] / totals[lang]:.0%}" for lang in sorted(totals))
    print(f"number words, {suite} suite, {len(totals)} languages: {row}")


def date_recall(held_out: bool) -> None:
    langs = known(list(cldr_cases.LOCALES))
    cases = list(cldr_cases.date_cases(langs, held_out=held_out))
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for kind, lang, text, gold in cases:
        totals[kind] += 1
        hits[kind] += extract_date(text, lang=lang) == gold
    near = list(cldr_cases.date_near_misses(cases))
    false = sum(date_match(text, other, lang=lang) == 1.0 for _, lang, text, other in near)
    suite = "held-out" if held_out else "development"
    print(f"dates, {suite} suite, {len(langs)} languages")
    for kind in sorted(totals):
        print(f"  {kind:14} {hits[kind]:5}/{totals[kind]:<5} {hits[kind] / totals[kind]:.2%}")
    print(f"  near misses matched: {false}/{len(near)} ({false / len(near):.2%})")


def short_answers(n: int) -> list[tuple[str, str, str | None]]:
    """``n`` distinct (prediction, gold, lang) pairs of short answers."""
    rng = random.Random(1)
    forms = [
        ("około {a:,} osób", "{a}", "pl"),
        ("{a}", "{a} r.", None),
        ("{b},{c} mln", "{b}.{c} million", "pl"),
        ("w {y} roku", "{y}", "pl"),
        ("{a:,}", "{a}", "en"),
        ("{b}.{c} Mio.", "{b},{c} Millionen", "de"),
        ("{y}年", "{y}", "ja"),
        ("Warszawa {y}", "{a}", None),
    ]
    pairs = []
    for i in range(n):
        pred, gold, lang = forms[i % len(forms)]
        values = {"a": rng.randint(1000, 999_999), "b": rng.randint(1, 99),
                  "c": rng.randint(1, 9), "y": 1000 + i % 9000}  # fmt: skip
        text = pred.format(**values)
        if lang == "pl":
            text = text.replace(",", "\u00a0") if "osób" in text else text
        pairs.append((f"{text} ({i})" if i >= 9000 else text, gold.format(**values), lang))
    return pairs


def speed(n: int, baseline: str | None) -> None:
    pairs = short_answers(n)
    runs = {
        "answermatch": lambda p, g, lang: numeric_module.numeric_match(p, g, lang=lang),
        "  no lang": lambda p, g, lang: numeric_module.numeric_match(p, g),
    }
    if baseline:
        spec = importlib.util.spec_from_file_location("answermatch.matchers._bench_old", baseline)
        assert spec is not None and spec.loader is not None
        old = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = old
        spec.loader.exec_module(old)
        runs["baseline"] = lambda p, g, lang: old.numeric_match(p, g)
    for name, call in runs.items():
        best = float("inf")
        for _ in range(3):
            numeric_module._number_of.cache_clear()
            start = time.perf_counter()
            for prediction, gold, lang in pairs:
                call(prediction, gold, lang)
            best = min(best, time.perf_counter() - start)
        print(
            f"  {name:12} {len(pairs) / best:10,.0f} numeric_match calls/s ({len(pairs):,} pairs)"
        )


def import_cost(runs: int = 10) -> None:
    def best(code: str) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - start)
        return min(times)

    bare = best("pass")
    plain = best("import answermatch")
    first = best("import answermatch; answermatch.numeric_match('3,5 mln', '3500000', lang='pl')")
    print(f"  import answermatch: {(plain - bare) * 1000:.1f} ms over a bare interpreter")
    print(f"  + first numeric_match with lang (CLDR tables): {(first - plain) * 1000:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--baseline", help="another numeric.py to time beside this one")
    args = parser.parse_args()
    for held_out in (False, True):
        number_recall(held_out)
        word_recall(held_out)
        date_recall(held_out)
    print("speed (one core)")
    speed(args.n, args.baseline)
    import_cost()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
