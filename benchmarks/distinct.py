"""Seeded benchmark inputs whose predictions differ, as real systems' do.

Replicating a dev set with the *same* predictions lets any cache of repeated
strings do most of the work, which says little about what a user scoring a
real system gets. This module replicates a gold file ``copies`` times with
fresh ids and perturbs every copy's predictions anew, so that almost every
prediction string is new:

* XOR-Full / XOR-EnglishSpan (a JSON object ``{id: answer}``): each answer is
  changed by one or more of: character edits (insert, delete, substitute,
  swap, drawn from the answer's own characters), a word dropped or added, its
  case changed, punctuation added or removed, its digits changed, replaced by
  the answer of another question, or emptied;
* XOR-Retrieve (a JSON list of ``{"id", "lang", "ctxs": [passage, ...]}``):
  each copy's passages are shuffled, some replaced by other questions'
  passages, and every passage gets a few character and word edits.

Everything is drawn from ``random.Random`` seeded by ``(seed, copy)``, so the
files are the same for the same arguments. Ids get a suffix ``d<copy>``
(no ``_``, which the XOR-Full script treats as a separator).

Run on its own to write the files and print how many strings are distinct::

    python benchmarks/distinct.py full --copies 20 --out /tmp/distinct
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import string
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PARITY = Path(os.environ.get("ANSWERMATCH_PARITY_DIR", REPO.parent / "shared" / "parity"))

#: task key -> (gold file, prediction file) in the parity fixtures' ``xor`` folder
FIXTURES = {
    "full": ("xor_dev_full_v1_1.jsonl", "full_pred_1.json"),
    "engspan": ("xor_dev_retrieve_eng_span_v1_1.jsonl", "engspan_pred_1.json"),
    "retrieve": ("xor_dev_retrieve_eng_span_v1_1.jsonl", "retrieve_pred_1.json.gz"),
}

_PUNCTUATION = ".,;:!?()'\"-、。「」"
_EXTRA_WORDS = ("the", "of", "year", "city", "年", "市", "около", "سنة", "1999", "km", "と")


def _char_edit(text: str, rng: random.Random) -> str:
    if not text:
        return rng.choice(string.ascii_letters)
    i = rng.randrange(len(text))
    alphabet = text + string.ascii_lowercase
    kind = rng.randrange(4)
    if kind == 0:  # insert
        return text[:i] + rng.choice(alphabet) + text[i:]
    if kind == 1:  # delete
        return text[:i] + text[i + 1 :]
    if kind == 2:  # substitute
        return text[:i] + rng.choice(alphabet) + text[i + 1 :]
    j = min(i + 1, len(text) - 1)  # swap two neighbours
    return text[:i] + text[j] + text[i] + text[j + 1 :]


def _drop_word(text: str, rng: random.Random) -> str:
    words = text.split()
    if len(words) < 2:
        return _char_edit(text, rng)
    del words[rng.randrange(len(words))]
    return " ".join(words)


def _add_word(text: str, rng: random.Random) -> str:
    words = text.split()
    words.insert(rng.randrange(len(words) + 1), rng.choice(_EXTRA_WORDS))
    return " ".join(words)


def _case(text: str, rng: random.Random) -> str:
    return rng.choice((str.upper, str.lower, str.title, str.swapcase))(text)


def _punctuation(text: str, rng: random.Random) -> str:
    stripped = "".join(ch for ch in text if ch not in _PUNCTUATION)
    if stripped != text and rng.random() < 0.5:
        return stripped
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(_PUNCTUATION) + text[i:]


def _numbers(text: str, rng: random.Random) -> str:
    if not any(ch.isdigit() for ch in text):
        return f"{text} {rng.randrange(1, 3000)}"
    return "".join(str(rng.randrange(10)) if ch.isdigit() else ch for ch in text)


PERTURBATIONS: tuple[Callable[[str, random.Random], str], ...] = (
    _char_edit,
    _char_edit,
    _drop_word,
    _add_word,
    _case,
    _punctuation,
    _numbers,
)


def perturb(text: str, rng: random.Random, pool: list[str]) -> str:
    """One perturbed answer: usually 1-3 edits, sometimes another question's
    answer (itself edited) or an empty string.

    >>> perturb("Helsinki", random.Random(1), ["Tokyo"]) != "Helsinki"
    True
    """
    roll = rng.random()
    if roll < 0.03:
        return ""
    if roll < 0.13 and pool:
        text = rng.choice(pool)
    for _ in range(rng.choice((1, 1, 2, 3))):
        text = rng.choice(PERTURBATIONS)(text, rng)
    return text


def _passage(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(2, 4)):
        text = rng.choice((_char_edit, _char_edit, _drop_word, _add_word, _numbers))(text, rng)
    return text


def _read_gold(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _read_json(path: Path) -> object:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def write_gold(records: list[dict], copies: int, out: Path, task: str) -> Path:
    """``copies`` copies of the gold records, ids suffixed ``d<copy>``."""
    path = out / f"gold.{task}.d{copies}.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for k in range(copies):
            for record in records:
                fh.write(json.dumps(dict(record, id=f"{record['id']}d{k}"), ensure_ascii=False))
                fh.write("\n")
    return path


def answers(task: str, copies: int, seed: int, parity: Path, out: Path) -> tuple[Path, Path]:
    """Distinct XOR-Full or XOR-EnglishSpan inputs: (gold path, prediction path)."""
    gold_name, pred_name = FIXTURES[task]
    records = _read_gold(parity / "xor" / gold_name)
    predictions = _read_json(parity / "xor" / pred_name)
    assert isinstance(predictions, dict)
    pool = [v for v in predictions.values() if isinstance(v, str)]
    merged: dict[str, object] = {}
    for k in range(copies):
        rng = random.Random(f"{seed}:{task}:{k}")
        for key, value in predictions.items():
            merged[f"{key}d{k}"] = perturb(value, rng, pool) if isinstance(value, str) else value
    pred_path = out / f"pred.{task}.d{copies}.json"
    pred_path.write_text(json.dumps(merged, ensure_ascii=False), encoding="utf-8")
    return write_gold(records, copies, out, task), pred_path


def retrieve(copies: int, seed: int, parity: Path, out: Path) -> tuple[Path, Path]:
    """Distinct XOR-Retrieve inputs: (gold path, prediction path)."""
    gold_name, pred_name = FIXTURES["retrieve"]
    records = _read_gold(parity / "xor" / gold_name)
    items = _read_json(parity / "xor" / pred_name)
    assert isinstance(items, list)
    pool = [ctx for item in items for ctx in item["ctxs"]]
    merged: list[dict] = []
    for k in range(copies):
        rng = random.Random(f"{seed}:retrieve:{k}")
        for item in items:
            ctxs = list(item["ctxs"])
            rng.shuffle(ctxs)
            for i in range(len(ctxs)):
                if rng.random() < 0.1:
                    ctxs[i] = rng.choice(pool)
            ctxs = [_passage(ctx, rng) for ctx in ctxs]
            merged.append(dict(item, id=f"{item['id']}d{k}", ctxs=ctxs))
    pred_path = out / f"pred.retrieve.d{copies}.json"
    pred_path.write_text(json.dumps(merged, ensure_ascii=False), encoding="utf-8")
    return write_gold(records, copies, out, "retrieve"), pred_path


def generate(
    task: str, copies: int, out: Path, seed: int = 0, parity: Path = DEFAULT_PARITY
) -> tuple[Path, Path]:
    """Write distinct inputs for ``task`` (``full``, ``engspan``, ``retrieve``)."""
    out.mkdir(parents=True, exist_ok=True)
    if task == "retrieve":
        return retrieve(copies, seed, parity, out)
    return answers(task, copies, seed, parity, out)


def distinct_strings(pred_path: Path) -> tuple[int, int]:
    """(predictions or passages, distinct strings among them)."""
    data = _read_json(pred_path)
    if isinstance(data, dict):
        values = [v for v in data.values() if isinstance(v, str)]
    else:
        values = [ctx for item in data for ctx in item["ctxs"]]  # type: ignore[union-attr]
    return len(values), len(set(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("task", choices=sorted(FIXTURES))
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--parity", type=Path, default=DEFAULT_PARITY)
    args = parser.parse_args()
    gold, pred = generate(args.task, args.copies, args.out, args.seed, args.parity)
    total, distinct = distinct_strings(pred)
    print(f"{gold}\n{pred}\n{total:,} prediction strings, {distinct:,} distinct")


if __name__ == "__main__":
    main()
