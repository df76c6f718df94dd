"""Peak memory of KorQuAD with one very long answer of the runs its long
texts were not cut in: the cases of ``bench_memory_matrix.py`` (the same
files, commands and figures) with text of these shapes:

``th-marks``
    Thai vowels, tone marks and digits without a consonant.
``th-digits``
    Thai consonants each after a Thai digit.
``th-no-cut``
    Thai vowels, marks and digits with no two letters side by side.
``cyr``
    Cyrillic letters without a space.
``cyr-digits``
    Cyrillic letters without a space, ASCII digits among them.

Run::

    python benchmarks/bench_memory_korquad_edges.py --parity ../shared/parity \\
        [--command score,score-fair] [--shape cyr,th-marks] [--small 5 --large 20]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_memory_matrix as matrix

EDGES = {
    "th-marks": "ะัาำิีึืุู็่้๊๋์เแโใไ๑๒๓๔",
    "th-digits": "ก๑ข๒ค๓ง๔จ๕ช๖ซ๗ด๘ต๙",
    "th-no-cut": "ะิ่า้๑ๆี๋ำ๒ุ",
    "cyr": "столицароссиимосквагородфедеральногозначения",
    "cyr-digits": "москва1147годастолица1918население13010112человек",
}
_long_text = matrix.long_text


def long_text(shape: str, size: int) -> str:
    """About ``size`` bytes of one shape of :data:`EDGES` (or of the matrix's)."""
    if shape not in EDGES:
        return _long_text(shape, size)
    run = EDGES[shape]
    chars = int(size / (len(run.encode()) / len(run)))
    if chars < 10:
        return run[:3]
    return (run * (chars // len(run) + 1))[:chars]


if __name__ == "__main__":
    matrix.long_text = long_text
    matrix.SHAPES = tuple(EDGES)
    if not any(arg.startswith("--task") for arg in sys.argv):
        sys.argv += ["--task", "korquad"]
    if not any(arg.startswith("--shape") for arg in sys.argv):
        sys.argv += ["--shape", ",".join(EDGES)]
    matrix.main()
