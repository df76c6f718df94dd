"""Throughput of each language's tokenizer next to the raw library it wraps.

Texts are real where the parity fixtures are present (``../shared/parity``
or ``$ANSWERMATCH_PARITY_DIR``): XOR-TyDi questions and answers (ar bn fi ja
ko ru te), their English answers (en), NLPCC KBQA questions and answers (zh),
Zalo questions and paragraph sentences (vi), PolEval questions and answers
(pl). Without them a few built-in sentences per language are repeated. Each
language gets ``--texts`` texts (cycled when there are fewer). Every timing
is the best of ``--repeat`` runs (on a shared machine the best run is the
least disturbed one). Start-up (loading the library and dictionary) is
timed separately, in the same process, so a library loaded earlier by
another row is not counted twice.

The raw baselines: ``fugashi`` (``GenericTagger -Owakati`` ``parse().split()``),
``mecab-python3`` (``Tagger -Owakati`` ``parse()``, if installed),
``jieba.lcut``, pyvi's ``ViTokenizer.tokenize().split()``, spaCy's blank
``pl`` tokenizer, and ``str.split()`` / a ``re`` word pattern for the word
splitter.

Run::

    python benchmarks/bench_tokenizers.py                  # 5,000 texts per language
    python benchmarks/bench_tokenizers.py --texts 2000 --repeat 5 --lang ja zh
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from itertools import cycle, islice
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PARITY = Path(os.environ.get("ANSWERMATCH_PARITY_DIR", REPO.parent / "shared" / "parity"))
LANGS = ("ja", "zh", "vi", "pl", "ar", "bn", "fi", "ko", "ru", "te", "en")

FALLBACK = {
    "ja": ["東京タワーは日本の電波塔です。", "ニジェール共和国の公用語は何？", "フランス語"],
    "zh": ["我来到北京清华大学", "他来到了网易杭研大厦", "《红楼梦》的作者是谁？"],
    "vi": ["Hà Nội là thủ đô của Việt Nam.", "Toà nhà nào cao nhất Việt Nam"],
    "pl": ["Kto napisał „Lalkę”?", "Jak nazywa się pierwsza litera alfabetu greckiego?"],
    "ar": ["كم يشكل الاوكسيجين من الغلاف الجوي؟", "مكة المكرمة"],
    "bn": ["রুশ ভাষার প্রথম উপন্যাসের নাম কী ?", "দারিদ্র্য ও দুর্ভিক্ষ"],
    "fi": ["Minkä maalainen oli Sigmund Freud?", "itävaltalainen"],
    "ko": ["제 2차 아편전쟁은 언제 일었났나요?", "1856년"],
    "ru": ["Как назывался первый сингл Земфиры?", "2,2 миллиона"],
    "te": ["రైట్ బ్రదర్స్ కనుగొన్న ప్రయాణ సాధనం ఏమిటి?", "విమానం"],
    "en": ["Who wrote Lalka?", "the Wright brothers' first powered aircraft"],
}


def _jsonl(path: Path) -> Iterator[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def real_texts() -> dict[str, list[str]]:
    """Real texts per language from the parity fixtures that are present."""
    texts: dict[str, list[str]] = {lang: [] for lang in LANGS}
    xor = PARITY / "xor" / "xor_dev_full_v1_1.jsonl"
    if xor.exists():
        for item in _jsonl(xor):
            texts[item["lang"]] += [item["question"], *item["answers"]]
    engspan = PARITY / "xor" / "xor_dev_retrieve_eng_span_v1_1.jsonl"
    if engspan.exists():
        for item in _jsonl(engspan):
            texts["en"] += [a for a in item["answers"] if a not in ("yes", "no")]
    kbqa = PARITY / "nlpcc2016" / "kbqa" / "kbqa_gold_lowcase.txt"
    if kbqa.exists():
        for line in kbqa.read_text(encoding="utf-8").splitlines():
            if line.startswith(("<question", "<answer")):
                texts["zh"].append(line.split("\t", 1)[-1])
    zalo = PARITY / "zalo2019" / "test.json"
    if zalo.exists():
        for case in json.loads(zalo.read_text(encoding="utf-8")):
            texts["vi"].append(case["question"])
            for paragraph in case["paragraphs"]:
                texts["vi"] += [s for s in re.split(r"(?<=[.!?])\s+", paragraph["text"]) if s]
    poleval = PARITY / "poleval2021" / "dev-0"
    for name in ("in.tsv", "expected.tsv"):
        if (poleval / name).exists():
            texts["pl"] += (poleval / name).read_text(encoding="utf-8").splitlines()
    return texts


def sample(texts: dict[str, list[str]], lang: str, n: int) -> tuple[list[str], str]:
    pool = [t for t in texts.get(lang, []) if t.strip()]
    source = "parity" if pool else "built-in"
    return list(islice(cycle(pool or FALLBACK[lang]), n)), source


def best_time(run: Callable[[], int], repeat: int) -> tuple[float, int]:
    """Best wall time of ``repeat`` runs and the token count ``run`` returns."""
    best, tokens = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        tokens = run()
        best = min(best, time.perf_counter() - start)
    return best, tokens


def timed_load(load: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    value = load()
    return value, time.perf_counter() - start


def raw_baselines(lang: str) -> list[tuple[str, Callable[[str], list[str]]]]:
    """(name, function) pairs that split with the wrapped library directly."""
    if lang == "ja":
        import fugashi
        import unidic_lite

        rc, dic = os.path.join(unidic_lite.DICDIR, "mecabrc"), unidic_lite.DICDIR
        tagger = fugashi.GenericTagger(f'-r "{rc}" -d "{dic}" -Owakati')
        out = [("fugashi parse().split()", lambda t: tagger.parse(t).split())]
        try:
            import MeCab
        except ImportError:
            return out
        mecab = MeCab.Tagger(f'-Owakati -r "{rc}" -d "{dic}"')
        return [*out, ("mecab-python3 parse()", lambda t: [mecab.parse(t)])]
    if lang == "zh":
        import logging

        import jieba

        jieba.setLogLevel(logging.WARNING)
        jieba.initialize()
        return [("jieba.lcut", jieba.lcut)]
    if lang == "vi":
        from pyvi import ViTokenizer

        return [("pyvi tokenize().split()", lambda t: ViTokenizer.ViTokenizer.tokenize(t).split())]
    if lang == "pl":
        import spacy

        tokenizer = spacy.blank("pl").tokenizer
        return [("spacy blank pl tokenizer", lambda t: [x.text for x in tokenizer(t)])]
    word = re.compile(r"\w+|[^\w\s]").findall
    return [("str.split", str.split), ("re \\w+|[^\\w\\s]", word)]


def rows_for(lang: str, texts: list[str], repeat: int) -> list[list[str]]:
    from answermatch.tokenizers import get_tokenizer

    tok, load = timed_load(lambda: get_tokenizer(lang))
    candidates: list[tuple[str, Callable[[str], list[str]]]] = []
    for mode in tok.modes:  # type: ignore[attr-defined]
        candidates.append((f"answermatch {mode}", lambda t, m=mode: tok.tokenize(t, m)))  # type: ignore[attr-defined]
    if lang == "ja":
        uncached = tok._wakati  # type: ignore[attr-defined]
        candidates.append(("answermatch wakati (uncached)", lambda t: [uncached(t)]))
        candidates.append(("answermatch wakati (cached)", lambda t: [tok.wakati(t)]))  # type: ignore[attr-defined]
    candidates += raw_baselines(lang)
    rows = []
    for name, split in candidates:
        seconds, tokens = best_time(lambda split=split: sum(len(split(t)) for t in texts), repeat)
        rows.append(
            [
                lang,
                name,
                f"{len(texts):,}",
                f"{tokens:,}",
                f"{len(texts) / seconds:,.0f}",
                f"{tokens / seconds:,.0f}",
            ]
        )
    rows[0].append(f"{load:.2f}")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=5000, help="texts per language")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (best kept)")
    parser.add_argument("--lang", nargs="*", default=list(LANGS), choices=LANGS)
    args = parser.parse_args(argv)

    texts = real_texts()
    header = ["lang", "splitter", "texts", "tokens", "texts/s", "tokens/s", "load s"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    sources = {}
    for lang in args.lang:
        sample_texts, sources[lang] = sample(texts, lang, args.texts)
        for row in rows_for(lang, sample_texts, args.repeat):
            row += [""] * (len(header) - len(row))
            print("| " + " | ".join(row) + " |", flush=True)
    print()
    print("texts from: " + ", ".join(f"{lang}={src}" for lang, src in sources.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
