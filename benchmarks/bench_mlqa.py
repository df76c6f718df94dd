"""Throughput of the ``mlqa`` scorer against MLQA's official script.

The XQuAD parity gold of each language (1,190 questions) is replicated 42
times (49,980 questions) with per-copy predictions, exactly as
``bench_squad.py`` does for SQuAD (see there), and both scorers run in
fresh processes: ``answermatch.evaluate("mlqa", GOLD, PRED, lang=xx)`` and
``python mlqa_evaluation_v1.py GOLD PRED xx``. Their figures must agree to
1e-9.

Getting the official script (not part of answermatch)::

    mkdir /tmp/official-mlqa
    # mlqa_evaluation_v1.py from github.com/facebookresearch/MLQA

Run::

    python benchmarks/bench_mlqa.py --official-scripts /tmp/official-mlqa
    python benchmarks/bench_mlqa.py --task zh --official-scripts /tmp/official-mlqa
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_squad import Case, main

CASES = {
    lang: Case(
        "mlqa",
        "mlqa",
        f"xquad.{lang}.json",
        (f"pred_{lang}_seed1.json", f"pred_{lang}_seed2.json"),
        "mlqa_evaluation_v1.py",
        lang=lang,
    )
    for lang in ("en", "es", "de", "ar", "vi", "zh")
}

if __name__ == "__main__":
    sys.exit(main(cases=CASES, doc=__doc__))
