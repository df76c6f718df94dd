"""Throughput of the core matchers on synthetic multilingual answer pairs.

Builds ``--pairs`` (prediction, gold) pairs from short answers in eleven
languages, perturbed the way systems err (case, width, punctuation, extra or
missing words, a typo), and times ``exact_match``, ``token_f1``
(whitespace words, ``lang=None``) and ``levenshtein_ratio`` over all of
them, plus ``normalize`` alone. Each timing is the best of ``--repeat`` runs
(the machine may be shared; the best run is the least disturbed one).

Run::

    python benchmarks/bench_matchers.py                  # 100,000 pairs
    python benchmarks/bench_matchers.py --pairs 20000 --repeat 5 --preset squad
    python benchmarks/bench_matchers.py --lang ja --pairs 10000   # with MeCab words
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from answermatch.matchers import exact_match, levenshtein_ratio, token_f1
from answermatch.normalization import normalize

ANSWERS = [
    "The Eiffel Tower",
    "Adam Mickiewicz",
    "pasternak i figa",
    "東京都千代田区",
    "中华人民共和国",
    "Thành phố Hồ Chí Minh",
    "القاهرة الكبرى",
    "ঢাকা বিশ্ববিদ্যালয়",
    "Helsingin yliopisto",
    "서울특별시 종로구",
    "Лев Николаевич Толстой",
    "హైదరాబాద్ నగరం",
    "1 000 osób",
    "25 December 1990",
]
EXTRA = ["of", "the", "w", "city", "市", "năm", "و", "및", "и", "(1990)"]


def _perturb(text: str, rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return text.upper()
    if kind == 1:
        return text + rng.choice([".", "!", "。", "」", " ?"])
    if kind == 2:
        return f"{rng.choice(EXTRA)} {text}"
    if kind == 3:
        words = text.split()
        return " ".join(words[:-1]) if len(words) > 1 else text
    if kind == 4 and text:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice("aeiouxz") + text[i + 1 :]
    return text.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})  # full width


def make_pairs(n: int, seed: int = 0) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(_perturb(gold, rng), gold) for gold in (rng.choice(ANSWERS) for _ in range(n))]


def _time(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--preset", default="unicode")
    parser.add_argument("--lang", default=None, help="language for normalization and F1 words")
    args = parser.parse_args(argv)

    pairs = make_pairs(args.pairs)
    lang, preset = args.lang, args.preset
    token_f1("warm up", "warm up", lang=lang, preset=preset)  # load a tokenizer once
    levenshtein_ratio("warm", "up")

    cases: dict[str, Callable[[], object]] = {
        "normalize (both texts)": lambda: [
            (normalize(p, lang, preset), normalize(g, lang, preset)) for p, g in pairs
        ],
        "exact_match": lambda: [exact_match(p, g, lang, preset) for p, g in pairs],
        "token_f1": lambda: [token_f1(p, g, lang, preset) for p, g in pairs],
        "levenshtein_ratio": lambda: [levenshtein_ratio(p, g) for p, g in pairs],
    }
    print(f"{args.pairs:,} pairs, preset={preset}, lang={lang}, best of {args.repeat}")
    print(f"{'matcher':<24} {'seconds':>9} {'pairs/s':>12} {'us/pair':>9}")
    for name, fn in cases.items():
        seconds = _time(fn, args.repeat)
        rate = args.pairs / seconds
        print(f"{name:<24} {seconds:>9.3f} {rate:>12,.0f} {1e6 / rate:>9.2f}")


if __name__ == "__main__":
    main()
