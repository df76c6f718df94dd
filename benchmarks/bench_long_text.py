"""Peak memory of one language tokenizer on one long text.

Each language runs in a fresh process: the tokenizer is loaded, then one
text of ``--chars`` characters (a sample sentence of the language,
repeated) is tokenized, and the growth of the process's peak resident
memory (``ru_maxrss``) during that call is printed with the time::

    python benchmarks/bench_long_text.py --chars 2000000 ja zh pl th en vi

Compare two versions side by side with ``PYTHONPATH=/tmp/before/src``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

SAMPLES = {
    "ja": "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。",
    "zh": "北京是中国的首都，人口约两千万。清华大学位于北京。",
    "vi": "Hà Nội là thủ đô của Việt Nam. Thành phố có hơn tám triệu dân. ",
    "pl": "Warszawa jest stolicą Polski, w XIV wieku. Kraków leży nad Wisłą. ",
    "th": "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย มีประชากรประมาณแปดล้านคน ",
    "en": "The tower was finished in 1889 in Paris, a city of iron. ",
}

PROBE = """
import resource, sys, time
from answermatch.tokenizers import get_tokenizer
lang, chars, sample = sys.argv[1], int(sys.argv[2]), sys.argv[3]
tokenizer = get_tokenizer(lang)
tokenizer.tokenize(sample)
text = (sample * (chars // len(sample) + 1))[:chars]
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
started = time.perf_counter()
tokens = tokenizer.tokenize(text)
wall = time.perf_counter() - started
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - before
print(f"| {lang} | {chars:,} | {len(tokens):,} | +{grown:,.0f} MB | {wall:.1f} s |")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("langs", nargs="*", default=list(SAMPLES))
    parser.add_argument("--chars", type=int, default=2_000_000)
    args = parser.parse_args()
    print("| language | characters | tokens | peak growth | time |")
    print("|---|---|---|---|---|")
    for lang in args.langs:
        subprocess.run(
            [sys.executable, "-c", PROBE, lang, str(args.chars), SAMPLES[lang]], check=False
        )


if __name__ == "__main__":
    main()
