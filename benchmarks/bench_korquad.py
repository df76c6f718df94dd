"""Throughput of the ``korquad`` scorer against KorQuAD 1.0's official script.

KorQuAD's data licence allows no derived copies, so there is no shared dev
file to replicate: this script writes a synthetic gold in the KorQuAD 1.0
layout instead (``--questions`` questions, default 50,000, version
``KorQuAD_v1.0_dev``), seeded, with Korean text made of a fixed vocabulary
of Hangul words, particles, numbers and the marks the script removes
(``《》〈〉<>()'"‘’``), about 600-character contexts with 5 questions each,
1-3 gold answers per question, and one prediction per question drawn
afresh (the gold with a particle, mark, space or character more or less, a
part of it, another answer, or nothing; 2% unanswered), so that no two
copies repeat and no cache can win. It then times, each in a fresh
process (wall clock, interpreter start-up and file reading included):

* ``answermatch``: ``answermatch.evaluate("korquad", gold, pred)``;
* ``official``: ``python evaluate-v1.0.py GOLD PRED``, from a folder
  outside the repository.

The two must print the same figures (checked to 1e-9); the script stops
otherwise.

Getting the official script (not part of answermatch)::

    mkdir /tmp/official-korquad
    # dataset/evaluate-v1.0.py from github.com/korquad/korquad.github.io

Run::

    python benchmarks/bench_korquad.py --official-scripts /tmp/official-korquad --repeat 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bytecode import use_bytecode
from bench_squad import Case, run

CASE = Case("korquad", "", "", (), "evaluate-v1.0.py")

PARTICLES = ["의", "은", "는", "이", "가", "을", "를", "에", "에서", "으로", "와", "과", "도"]
MARKS = ["《", "》", "〈", "〉", "<", ">", "(", ")", "'", '"', "‘", "’", ".", ",", "-", "·"]


def _vocabulary(rng: random.Random, size: int = 3000) -> list[str]:
    def syllable() -> str:
        return chr(0xAC00 + rng.randrange(11172))

    return ["".join(syllable() for _ in range(rng.choice([1, 2, 2, 3, 3, 4]))) for _ in range(size)]


def _answer(rng: random.Random, words: list[str]) -> str:
    kind = rng.random()
    if kind < 0.15:
        return f"{rng.randrange(1, 3000):,}{rng.choice(['년', '명', '개', '원', '%'])}"
    text = " ".join(rng.choice(words) for _ in range(rng.choice([1, 1, 2, 2, 3, 4])))
    if kind < 0.25:
        return f"《{text}》"
    if kind < 0.3:
        return f"{text} ({rng.choice(words)})"
    return text


def _prediction(rng: random.Random, golds: list[str], words: list[str]) -> str | None:
    gold = rng.choice(golds)
    kind = rng.randrange(10)
    if kind == 0:
        return gold
    if kind == 1:
        return gold + rng.choice(PARTICLES)
    if kind == 2:
        return rng.choice(MARKS) + gold + rng.choice(MARKS)
    if kind == 3:
        return gold.replace(" ", "")
    if kind == 4:
        return gold[: max(1, len(gold) // 2)]
    if kind == 5:
        return rng.choice(words) + " " + gold
    if kind == 6:
        cut = rng.randrange(len(gold))
        return gold[:cut] + gold[cut + 1 :]
    if kind == 7:
        return _answer(rng, words)
    if kind == 8:
        return gold + " " + " ".join(rng.choice(words) for _ in range(rng.randrange(1, 6)))
    return None if rng.random() < 0.2 else ""


def write_inputs(questions: int, seed: int, out: Path) -> dict[str, Path]:
    """The synthetic gold and predictions (see the module documentation)."""
    rng = random.Random(seed)
    words = _vocabulary(rng)
    data, preds = [], {}
    number = 0
    while number < questions:
        paragraphs = []
        for _ in range(rng.randint(3, 8)):
            context = " ".join(
                rng.choice(words) + (rng.choice(PARTICLES) if rng.random() < 0.4 else "")
                for _ in range(rng.randint(150, 250))
            )
            qas = []
            for _ in range(5):
                if number >= questions:
                    break
                qid = f"{number // 10000 + 1}-{number % 10000}-{rng.randrange(10)}"
                golds = [_answer(rng, words) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
                qas.append(
                    {
                        "answers": [{"text": g, "answer_start": 0} for g in golds],
                        "id": qid,
                        "question": rng.choice(words) + "은 무엇인가?",
                    }
                )
                prediction = _prediction(rng, golds, words)
                if prediction is not None:
                    preds[qid] = prediction
                number += 1
            paragraphs.append({"qas": qas, "context": context})
        data.append({"paragraphs": paragraphs, "title": rng.choice(words)})
    paths = {"gold": out / "gold.json", "pred": out / "pred.json"}
    paths["gold"].write_text(
        json.dumps({"version": "KorQuAD_v1.0_dev", "data": data}, ensure_ascii=False),
        encoding="utf-8",
    )
    paths["pred"].write_text(json.dumps(preds, ensure_ascii=False), encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--official-scripts", required=True, metavar="DIR")
    parser.add_argument("--official-python", default=sys.executable)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--before", type=Path, metavar="SRC", help="also time this src folder")
    args = parser.parse_args(argv)
    use_bytecode(args.before)
    with tempfile.TemporaryDirectory() as folder:
        paths = write_inputs(args.questions, args.seed, Path(folder))
        print(json.dumps(run(CASE, paths, args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
