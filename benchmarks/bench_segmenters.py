"""Word segmenters for Thai, Khmer, Lao and Burmese: accuracy on a small
hand-segmented sample, speed and install size, side by side.

Candidates: ICU's dictionary-based word break iterator through ``icu4py``
(a maintained binding whose wheels bundle ICU, so no system ICU is needed;
all four languages), and PyThaiNLP's default ``newmm`` engine (dictionary
maximal matching, pure Python; Thai only). Each is measured if installed.

Accuracy is the F1 of word *boundaries* (the offsets where one word ends and
the next starts) against the sample below, segmented by hand with common
dictionary words; the sample is small (a few sentences per language), so
read the figures as a sanity check, not a ranking to the decimal. Speed is
the best of ``--repeat`` runs over the sample's sentences cycled to
``--texts`` texts; start-up (import and first call) is timed apart.

Run::

    python benchmarks/bench_segmenters.py
    python benchmarks/bench_segmenters.py --texts 20000 --repeat 5
"""

from __future__ import annotations

import argparse
import importlib.metadata
import time
from collections.abc import Callable
from itertools import cycle, islice
from pathlib import Path

# words separated by "|"
SAMPLE: dict[str, list[str]] = {
    "th": [
        "นักเรียน|ไป|โรงเรียน|ทุก|วัน",
        "แม่|ซื้อ|ผลไม้|ที่|ตลาด",
        "แม่น้ำ|เจ้าพระยา|ไหล|ผ่าน|กรุงเทพ",
        "ภูเขา|ที่|สูง|ที่สุด|ใน|โลก|คือ|เอเวอเรสต์",
        "ประชากร|ของ|ประเทศ|ไทย|มี|ประมาณ|70|ล้าน|คน",
        "สนามบิน|สุวรรณภูมิ|อยู่|ใกล้|กรุงเทพ",
        "ฟุตบอล|โลก|ครั้ง|แรก|จัด|ขึ้น|ที่|อุรุกวัย",
        "ผู้เขียน|หนังสือ|เล่ม|นี้|คือ|ใคร",
        "นายกรัฐมนตรี|คน|แรก|ของ|ไทย",
        "เชียงใหม่|อยู่|ทาง|ภาคเหนือ|ของ|ประเทศ|ไทย",
        "ฉัน|กิน|ข้าว|กับ|ครอบครัว",
        "เขา|ชอบ|อ่าน|หนังสือ|พิมพ์|ทุก|เช้า",
    ],
    "km": [
        "ខ្ញុំ|ស្រឡាញ់|ប្រទេស|កម្ពុជា",
        "ភ្នំពេញ|ជា|រាជធានី|នៃ|ប្រទេស|កម្ពុជា",
        "អង្គរវត្ត|ជា|ប្រាសាទ|ដ៏|ធំ",
        "គាត់|ទៅ|ផ្សារ|រាល់|ថ្ងៃ",
        "ទន្លេ|មេគង្គ|ហូរ|កាត់|ប្រទេស|កម្ពុជា",
        "ខ្ញុំ|ញ៉ាំ|បាយ|ជាមួយ|គ្រួសារ",
    ],
    "lo": [
        "ຂ້ອຍ|ຮັກ|ປະເທດ|ລາວ",
        "ວຽງຈັນ|ແມ່ນ|ນະຄອນຫຼວງ|ຂອງ|ລາວ",
        "ລາວ|ໄປ|ຕະຫຼາດ|ທຸກ|ມື້",
        "ຂ້ອຍ|ກິນ|ເຂົ້າ|ກັບ|ຄອບຄົວ",
        "ນັກຮຽນ|ໄປ|ໂຮງຮຽນ|ທຸກ|ມື້",
    ],
    "my": [
        "မြန်မာ|နိုင်ငံ|သည်|အရှေ့တောင်|အာရှ|တွင်|ရှိ|သည်",
        "ကျွန်တော်|ထမင်း|စား|တယ်",
        "ရန်ကုန်|မြို့|သည်|မြန်မာ|နိုင်ငံ|၏|အကြီးဆုံး|မြို့|ဖြစ်|သည်",
        "သူ|ဈေး|သွား|တယ်",
        "ကျောင်းသား|များ|ကျောင်း|သွား|ကြ|သည်",
    ],
}


def _boundaries(words: list[str]) -> set[int]:
    ends, at = set(), 0
    for word in words[:-1]:
        at += len(word)
        ends.add(at)
    return ends


def boundary_f1(gold: list[list[str]], found: list[list[str]]) -> float:
    """F1 of inner word boundaries over sentences (1.0 where both have none)."""
    common = n_gold = n_found = 0
    for g, f in zip(gold, found, strict=True):
        assert "".join(g) == "".join(f), (g, f)
        gb, fb = _boundaries(g), _boundaries(f)
        common, n_gold, n_found = common + len(gb & fb), n_gold + len(gb), n_found + len(fb)
    if not n_gold and not n_found:
        return 1.0
    precision, recall = common / max(n_found, 1), common / max(n_gold, 1)
    return 2 * precision * recall / (precision + recall) if common else 0.0


def _icu(lang: str) -> Callable[[str], list[str]]:
    from icu4py.breakers import WordBreaker
    from icu4py.locale import Locale

    locale = Locale(lang)

    def split(text: str) -> list[str]:
        return [text[s:e] for s, e in WordBreaker(text, locale).segments()]

    return split


def _pythainlp(lang: str) -> Callable[[str], list[str]]:
    from pythainlp.tokenize import word_tokenize

    return lambda text: word_tokenize(text, engine="newmm", keep_whitespace=False)


def _answermatch(lang: str) -> Callable[[str], list[str]]:
    from answermatch.tokenizers import splitter

    return splitter(lang)


CANDIDATES: dict[str, tuple[str, str, tuple[str, ...], Callable]] = {
    # name -> (distribution, module, languages, factory)
    "icu4py": ("icu4py", "icu4py", ("th", "km", "lo", "my"), _icu),
    "pythainlp-newmm": ("pythainlp", "pythainlp", ("th",), _pythainlp),
    "answermatch": ("answermatch", "answermatch", ("th", "km", "lo", "my"), _answermatch),
}


def _size(distribution: str) -> float:
    """Installed size in MB: the files the distribution's RECORD lists."""
    try:
        files = importlib.metadata.files(distribution) or []
    except importlib.metadata.PackageNotFoundError:
        return float("nan")
    total = 0
    for file in files:
        path = Path(file.locate())
        if path.is_file():
            total += path.stat().st_size
    return total / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    header = ("segmenter", "version", "MB", "lang", "F1", "start ms", "texts/s")
    print("{:16} {:8} {:>6} {:4} {:>6} {:>9} {:>9}".format(*header))
    for name, (dist, _module, langs, factory) in CANDIDATES.items():
        try:
            version = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            print(f"{name:16} not installed")
            continue
        size = _size(dist)
        for lang in langs:
            gold = [s.split("|") for s in SAMPLE[lang]]
            texts = ["".join(g) for g in gold]
            start = time.perf_counter()
            try:
                split = factory(lang)
                split(texts[0])
            except Exception as exc:  # e.g. a missing extra
                print(f"{name:16} {version:8} {size:6.1f} {lang:4} {type(exc).__name__}: {exc}")
                continue
            startup = time.perf_counter() - start
            f1 = boundary_f1(gold, [split(t) for t in texts])
            batch = list(islice(cycle(texts), args.texts))
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                for text in batch:
                    split(text)
                best = min(best, time.perf_counter() - t0)
            print(
                f"{name:16} {version:8} {size:6.1f} {lang:4} {f1:6.3f} "
                f"{startup * 1e3:9.1f} {len(batch) / best:9.0f}"
            )


if __name__ == "__main__":
    main()
