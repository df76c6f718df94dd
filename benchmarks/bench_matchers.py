"""Throughput of the core matchers on synthetic multilingual answer pairs.

Builds ``--pairs`` (prediction, gold) pairs from short answers in eleven
languages, perturbed the way systems err (case, width, punctuation, extra or
missing words, a typo), and times ``exact_match``, ``token_f1``
(whitespace words, ``lang=None``) and ``levenshtein_ratio`` over all of
them, plus ``normalize`` alone. Each timing is the best of ``--repeat`` runs
(the machine may be shared; the best run is the least disturbed one).

``--against`` times three matchers side by side with the library under
them or the plain loop they replace, in ``--repeat`` rounds, each on a fresh
set of pairs in which no text occurs twice (in the round or any other), so
no cache can win; it prints the median of the rounds' ratios (answermatch CPU
time / reference CPU time, interleaved):

- ``token_f1(p, g, lang="ja")`` vs tokenizing both texts with fugashi
  directly (the tagger answermatch uses: ``GenericTagger`` with unidic-lite,
  ``-Owakati``, ``parse(text).split()``), 20,000 pairs;
- ``levenshtein_ratio(p, g, preset="none")`` (the texts as written) vs
  ``rapidfuzz.distance.Levenshtein.normalized_similarity(p, g)``, 100,000
  pairs;
- ``token_f1(p, g, lang="en")`` vs a plain SQuAD v1.1-style loop (lower,
  strip ASCII punctuation, drop a/an/the, split, ``Counter`` overlap), 50,000
  pairs (with ``both_empty=0.0`` the two give the same numbers, bit for bit,
  on these pairs; checked).

Run::

    python benchmarks/bench_matchers.py                  # 100,000 pairs
    python benchmarks/bench_matchers.py --pairs 20000 --repeat 5 --preset squad
    python benchmarks/bench_matchers.py --lang ja --pairs 10000   # with MeCab words
    python benchmarks/bench_matchers.py --against --repeat 5      # the ratios
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shlex
import statistics
import string
import time
import warnings
from collections import Counter
from collections.abc import Callable

from answermatch.errors import AnswermatchWarning
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


# --- side by side --------------------------------------------------------------------

JA_WORDS = [
    "東京",
    "大阪",
    "京都",
    "名古屋",
    "タワー",
    "日本",
    "の",
    "電波",
    "塔",
    "です",
    "人口",
    "都",
    "は",
    "県",
    "市",
    "区",
    "町",
    "村",
    "大学",
    "駅",
    "山",
    "川",
    "戦争",
    "年",
    "月",
    "日",
    "に",
    "生まれ",
    "た",
    "作家",
    "小説",
    "映画",
    "監督",
    "歌手",
    "野球",
    "選手",
    "会社",
    "社長",
    "首相",
    "天皇",
    "アニメ",
    "漫画",
    "新幹線",
    "富士",
    "北海道",
    "沖縄",
    "約",
    "万",
    "人",
    "第",
    "回",
    "世界",
    "大会",
    "優勝",
    "発表",
    "された",
    "株式",
    "会社",
    "研究",
    "所",
]
EN_WORDS = [
    "the",
    "a",
    "an",
    "of",
    "in",
    "on",
    "city",
    "river",
    "new",
    "york",
    "london",
    "paris",
    "john",
    "smith",
    "war",
    "world",
    "cup",
    "first",
    "second",
    "university",
    "national",
    "park",
    "united",
    "states",
    "king",
    "queen",
    "president",
    "1990",
    "2001",
    "25",
    "December",
    "river's",
    "born",
    "died",
    "founded",
    "capital",
    "largest",
    "population",
    "museum",
    "art",
    "(band)",
    "film",
    "album",
    "song",
    "team",
    "league",
]


def distinct_pairs(
    n: int, words: list[str], joiner: str, seed: int, extra: str = "", seen: set[str] | None = None
) -> list[tuple[str, str]]:
    """``n`` (prediction, gold) pairs of 1-7 random words in which no text
    occurs twice (nor in ``seen``, which collects them: pass one set to
    several calls to keep them all apart); the prediction shares some words
    with the gold, and sometimes ends in punctuation."""
    rng = random.Random(seed)
    seen = set() if seen is None else seen
    pairs: list[tuple[str, str]] = []
    while len(pairs) < n:
        gold = [rng.choice(words) for _ in range(rng.randint(1, 5))]
        pred = [w for w in gold if rng.random() < 0.7] + [
            rng.choice(words) for _ in range(rng.randint(0, 3))
        ]
        rng.shuffle(pred)
        bare, gold_text = joiner.join(pred), joiner.join(gold)
        # unique before the punctuation is added: no two texts normalize alike
        if bare != gold_text and bare.lower() not in seen and gold_text.lower() not in seen:
            seen.update((bare.lower(), gold_text.lower()))
            text = bare + rng.choice(extra) if extra and rng.random() < 0.3 else bare
            pairs.append((text, gold_text))
    return pairs


def _squad_normalize(s: str) -> str:
    exclude = set(string.punctuation)
    s = s.lower()
    s = "".join(ch for ch in s if ch not in exclude)
    s = re.sub(r"\b(a|an|the)\b", " ", s)
    return " ".join(s.split())


def _squad_f1(prediction: str, gold: str) -> float:
    pred_tokens = _squad_normalize(prediction).split()
    gold_tokens = _squad_normalize(gold).split()
    common = Counter(pred_tokens) & Counter(gold_tokens)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision = 1.0 * same / len(pred_tokens)
    recall = 1.0 * same / len(gold_tokens)
    return (2 * precision * recall) / (precision + recall)


def _cpu_time(fn: Callable[[], object]) -> float:
    """CPU seconds of ``fn()`` with the cyclic garbage collector off, as
    ``timeit`` does (else the side that builds more lists pays for traversing
    every pair the benchmark holds)."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        fn()
        return time.process_time() - start
    finally:
        gc.enable()


Pairs = list[tuple[str, str]]


def _side_by_side(
    name: str,
    ours: Callable[[Pairs], object],
    reference: Callable[[Pairs], object],
    sets: list[Pairs],
) -> None:
    """CPU time of each side on each set of pairs in turn (a fresh set every
    round: no text is seen twice, so no cache can help), interleaved so that
    both see the same machine state (CPU time: a busy machine slows the wall
    clock of whichever side it preempts). Prints the best times and the
    median of the rounds' ratios."""
    times_ours, times_ref, ratios = [], [], []
    for pairs in sets:
        ref = _cpu_time(lambda: reference(pairs))  # noqa: B023
        mine = _cpu_time(lambda: ours(pairs))  # noqa: B023
        times_ref.append(ref)
        times_ours.append(mine)
        ratios.append(mine / ref)
    ratio = statistics.median(ratios)
    print(
        f"{name:<44} {min(times_ours):>8.3f} {min(times_ref):>10.3f} {ratio:>7.2f}x"
        f"  ({min(ratios):.2f}-{max(ratios):.2f})"
    )


def against(repeat: int) -> None:
    import fugashi
    import unidic_lite
    from rapidfuzz.distance import Levenshtein

    seen: set[str] = set()
    ja_sets = [
        distinct_pairs(20_000, JA_WORDS, "", seed=100 + i, extra="。、！", seen=seen)
        for i in range(repeat)
    ]
    lev_sets = [
        distinct_pairs(100_000, EN_WORDS + JA_WORDS, " ", seed=200 + i, extra=".!", seen=seen)
        for i in range(repeat)
    ]
    en_sets = [
        distinct_pairs(50_000, EN_WORDS, " ", seed=300 + i, extra=".,!?", seen=seen)
        for i in range(repeat)
    ]
    dicdir = unidic_lite.DICDIR
    rc = os.path.join(dicdir, "mecabrc")
    tagger = fugashi.GenericTagger(
        f"-r {shlex.quote(rc if os.path.isfile(rc) else os.devnull)} "
        f"-d {shlex.quote(dicdir)} -Owakati"
    )
    parse = tagger.parse
    similarity = Levenshtein.normalized_similarity
    token_f1("東京", "東京都", lang="ja")  # load MeCab once
    levenshtein_ratio("warm", "up")
    # SQuAD's script scores two texts that normalize to nothing 0; both_empty=0.0 says so
    checked = distinct_pairs(50_000, EN_WORDS, " ", seed=3, extra=".,!?")
    mismatched = sum(
        token_f1(p, g, lang="en", both_empty=0.0) != _squad_f1(p, g) for p, g in checked
    )

    print(f"{repeat} rounds, each on pairs of its own; CPU seconds, best round")
    print(f"{'':<44} {'ours (s)':>8} {'reference':>10} {'ratio (median, range)':>8}")
    _side_by_side(
        'token_f1(lang="ja") / fugashi, 20k pairs',
        lambda pairs: [token_f1(p, g, lang="ja") for p, g in pairs],
        lambda pairs: [(parse(p).split(), parse(g).split()) for p, g in pairs],
        ja_sets,
    )
    _side_by_side(
        'levenshtein_ratio(preset="none") / rapidfuzz, 100k',
        lambda pairs: [levenshtein_ratio(p, g, preset="none") for p, g in pairs],
        lambda pairs: [similarity(p, g) for p, g in pairs],
        lev_sets,
    )
    _side_by_side(
        'token_f1(lang="en") / SQuAD loop, 50k pairs',
        lambda pairs: [token_f1(p, g, lang="en") for p, g in pairs],
        lambda pairs: [_squad_f1(p, g) for p, g in pairs],
        en_sets,
    )
    print(f"English pairs where token_f1(both_empty=0.0) and the SQuAD loop differ: {mismatched}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--preset", default="unicode")
    parser.add_argument("--lang", default=None, help="language for normalization and F1 words")
    parser.add_argument(
        "--against", action="store_true", help="ratios against the libraries / plain loops"
    )
    args = parser.parse_args(argv)
    if args.against:
        against(args.repeat)
        return

    # whitespace F1 on Chinese and Japanese answers is what lang=None measures here
    warnings.filterwarnings("ignore", category=AnswermatchWarning)
    pairs = make_pairs(args.pairs)
    lang, preset = args.lang, args.preset
    token_f1("warm up", "warm up", lang=lang, preset=preset)  # load a tokenizer once
    levenshtein_ratio("warm", "up")

    cases: dict[str, Callable[[], object]] = {
        "normalize (both texts)": lambda: [
            (normalize(p, lang, preset), normalize(g, lang, preset)) for p, g in pairs
        ],
        "exact_match": lambda: [exact_match(p, g, lang=lang, preset=preset) for p, g in pairs],
        "token_f1": lambda: [token_f1(p, g, lang=lang, preset=preset) for p, g in pairs],
        "levenshtein_ratio": lambda: [
            levenshtein_ratio(p, g, lang=lang, preset=preset) for p, g in pairs
        ],
        'levenshtein_ratio "none"': lambda: [
            levenshtein_ratio(p, g, lang=lang, preset="none") for p, g in pairs
        ],
    }
    print(f"{args.pairs:,} pairs, preset={preset}, lang={lang}, best of {args.repeat}")
    print(f"{'matcher':<24} {'seconds':>9} {'pairs/s':>12} {'us/pair':>9}")
    for name, fn in cases.items():
        seconds = _time(fn, args.repeat)
        rate = args.pairs / seconds
        print(f"{name:<24} {seconds:>9.3f} {rate:>12,.0f} {1e6 / rate:>9.2f}")


if __name__ == "__main__":
    main()
