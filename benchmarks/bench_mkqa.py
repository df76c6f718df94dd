"""Benchmark the ``mkqa`` task against apple/ml-mkqa's own scripts, side by side.

Builds, from the MKQA test gold (6 examples with answers in all 26
languages), a gold replicated COPIES times (ids made unique per copy) and
prediction files whose answers differ per copy (the gold answer, a case or
punctuation change, an article, a partial answer, another example's answer,
an empty answer, yes/no; a seeded no-answer probability), then times whole
processes, best of ``--repeat`` (wall clock, and CPU time: user + system
of the process and of the workers it waited for, the better estimate on a
busy machine):

* ``one language``: ``mkqa_eval.py -a GOLD -p en.jsonl -l en`` against
  ``answermatch score mkqa --gold GOLD --pred en.jsonl --json``, on
  ``--copies`` copies (default 8,334: 50,004 questions);
* ``26 languages``: ``mkqa_eval_all_languages.py -a GOLD -p DIR`` (which
  scores the languages in a process pool and prints its table; without
  ``-o``, so it draws no plots) against ``answermatch score mkqa
  --gold GOLD --pred DIR --json``, on ``--copies-all`` copies (default 321:
  1,926 examples x 26 = 50,076 questions).

The official scripts are copied from ``--official-dir`` (a checkout of
apple/ml-mkqa; nothing of it is in this repository) into a temporary
folder and run with ``--official-python`` (a virtual environment with
numpy, pandas, tabulate and matplotlib, what they import). Both sides'
figures are compared (rounded to the script's two decimals) before any
timing is reported.

Run: ``python benchmarks/bench_mkqa.py --official-python VENV/bin/python
--official-dir ML_MKQA_CHECKOUT [--gold ../shared/parity/mkqa/mkqa_test6.jsonl.gz]``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bytecode import use_bytecode

REPO = Path(__file__).resolve().parents[1]
DEFAULT_GOLD = REPO.parent / "shared" / "parity" / "mkqa" / "mkqa_test6.jsonl.gz"
SCRIPTS = ("mkqa_eval.py", "mkqa_eval_util.py", "mkqa_eval_all_languages.py")
ARTICLES = {"en": "the ", "fr": "le ", "de": "die ", "es": "el ", "it": "il "}


def _answer_texts(answers: list[dict]) -> list[str]:
    out = []
    for answer in answers:
        out.append(answer.get("text") or "")
        out += answer.get("aliases", [])
    return out


def _prediction(rng: random.Random, texts: list[str], others: list[str], lang: str) -> dict:
    text = rng.choice(texts)
    kind = rng.random()
    if kind < 0.25:
        prediction = text
    elif kind < 0.35:
        prediction = text.upper()
    elif kind < 0.45:
        prediction = f"«{text}»." if rng.random() < 0.5 else f"({text})"
    elif kind < 0.55:
        prediction = ARTICLES.get(lang, "") + text
    elif kind < 0.65:
        prediction = text[: max(1, len(text) // 2)]
    elif kind < 0.8:
        prediction = rng.choice(others)
    elif kind < 0.9:
        prediction = ""
    else:
        prediction = text + " " + rng.choice(others)
    binary = rng.choice(["yes", "no"]) if rng.random() < 0.03 else None
    row = {"example_id": None, "prediction": prediction or None, "binary_answer": binary}
    if rng.random() < 0.9:
        row["no_answer_prob"] = round(rng.uniform(-8, 8), 3)
    return row


def build(gold_path: Path, copies: int, folder: Path, languages: list[str], seed: int) -> Path:
    """Write ``gold.jsonl.gz`` and ``pred/<lang>.jsonl`` into ``folder``."""
    with gzip.open(gold_path, "rt", encoding="utf-8") as fh:
        base = [json.loads(line) for line in fh if line.strip()]
    rng = random.Random(seed)
    gold_out = folder / "gold.jsonl.gz"
    preds: dict[str, list[str]] = {lang: [] for lang in languages}
    others = {
        lang: [t for ex in base for t in _answer_texts(ex["answers"][lang]) if t]
        for lang in languages
    }
    with gzip.open(gold_out, "wt", encoding="utf-8") as out:
        for copy in range(copies):
            for example in base:
                ex_id = f"{example['example_id']}-{copy}"
                out.write(json.dumps({**example, "example_id": ex_id}, ensure_ascii=False) + "\n")
                for lang in languages:
                    texts = _answer_texts(example["answers"][lang]) or [""]
                    row = _prediction(rng, texts, others[lang], lang)
                    row["example_id"] = ex_id
                    preds[lang].append(json.dumps(row, ensure_ascii=False))
    (folder / "pred").mkdir()
    for lang, rows in preds.items():
        rng.shuffle(rows)  # prediction files need not follow the gold's order
        (folder / "pred" / f"{lang}.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return gold_out


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], cwd: Path, repeat: int) -> tuple[float, float, str]:
    """Best wall-clock time, best CPU time (user + system, the process and
    the workers it waited for) and the output of ``argv``."""
    best, best_cpu, out = float("inf"), float("inf"), ""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    for _ in range(repeat):
        cpu = _children_cpu()
        start = time.perf_counter()
        proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env)
        elapsed = time.perf_counter() - start
        cpu = _children_cpu() - cpu
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed:\n{proc.stderr[-2000:]}")
        best, best_cpu, out = min(best, elapsed), min(best_cpu, cpu), proc.stdout
    return best, best_cpu, out


def _psql_rows(text: str) -> dict[str, dict[str, float]]:
    """The rows of the table ``mkqa_eval_all_languages.py`` prints (tabulate's psql)."""
    lines = [line for line in text.splitlines() if line.startswith("|") and line[1:2] != "-"]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[1:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = {
            key: float(value) for key, value in zip(header[1:], cells[1:], strict=True)
        }
    return rows


def _rounded(figures: dict) -> dict:
    from answermatch.tasks.mkqa import Mkqa

    return Mkqa.official_rounding(figures)


def run(args: argparse.Namespace) -> None:
    official_dir = Path(args.official_dir)
    with tempfile.TemporaryDirectory(prefix="bench-mkqa-") as tmp:
        work = Path(tmp)
        scripts = work / "official"
        scripts.mkdir()
        for name in SCRIPTS:
            shutil.copy(official_dir / name, scripts / name)
        answermatch_cmd = [sys.executable, "-m", "answermatch", "score", "mkqa", "--json", "-q"]
        rows = []

        # --- one language -------------------------------------------------------------
        one = work / "one"
        one.mkdir()
        gold = build(Path(args.gold), args.copies, one, ["en"], seed=1)
        pred = one / "pred" / "en.jsonl"
        official_cmd = [args.official_python, str(scripts / "mkqa_eval.py"), "-a", str(gold)]
        t_off, c_off, out_off = timed(
            [*official_cmd, "-p", str(pred), "-l", "en", "-v"], one, args.repeat
        )
        t_am, c_am, out_am = timed(
            [*answermatch_cmd, "--gold", str(gold), "--pred", str(pred)], one, args.repeat
        )
        printed = json.loads(out_off)
        mine = _rounded(json.loads(out_am))["per_language"]["en"]
        assert mine == printed, (mine, printed)
        rows.append(("one language (en)", 6 * args.copies, t_am, t_off, c_am, c_off))

        # --- all languages ------------------------------------------------------------
        languages = json.loads(
            subprocess.run(
                [sys.executable, "-c", "from answermatch.tasks.mkqa.rules import LANGUAGES;"
                 "import json; print(json.dumps(list(LANGUAGES)))"],
                capture_output=True, text=True, check=True,
            ).stdout
        )  # fmt: skip
        every = work / "all"
        every.mkdir()
        gold = build(Path(args.gold), args.copies_all, every, languages, seed=2)
        folder = every / "pred"
        official_all = [
            args.official_python, str(scripts / "mkqa_eval_all_languages.py"),
            "-a", str(gold), "-p", str(folder),
        ]  # fmt: skip
        t_off_all, c_off_all, printed_table = timed(official_all, every, args.repeat)
        t_am_all, c_am_all, out_am_all = timed(
            [*answermatch_cmd, "--gold", str(gold), "--pred", str(folder)], every, args.repeat
        )
        view = _rounded(json.loads(out_am_all))
        table = _psql_rows(printed_table)
        for name, figures in table.items():
            mine = view["macro_average"] if name == "Macro Average" else view["per_language"][name]
            for key, value in figures.items():
                assert mine[key] == value, (name, key, mine[key], value)
        assert len(table) == len(languages) + 1
        rows.append(
            (
                "26 languages (folder)",
                6 * args.copies_all * 26,
                t_am_all,
                t_off_all,
                c_am_all,
                c_off_all,
            )
        )
        if args.workers > 1:
            command = [*answermatch_cmd, "--gold", str(gold), "--pred", str(folder)]
            t_w, c_w, out_w = timed([*command, "--workers", str(args.workers)], every, args.repeat)
            assert json.loads(out_w)["scores"] == json.loads(out_am_all)["scores"]
            rows.append(
                (
                    f"26 languages (folder), workers={args.workers}",
                    6 * args.copies_all * 26,
                    t_w,
                    t_off_all,
                    c_w,
                    c_off_all,
                )
            )

    print("| input | questions | answermatch wall / CPU | official wall / CPU | ratio wall / CPU |")
    print("|---|---|---|---|---|")
    for name, questions, mine_s, official_s, mine_cpu, official_cpu in rows:
        print(
            f"| {name} | {questions:,} | {mine_s:.2f} s / {mine_cpu:.2f} s | "
            f"{official_s:.2f} s / {official_cpu:.2f} s | "
            f"{official_s / mine_s:.1f}x / {official_cpu / mine_cpu:.1f}x |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--official-python", required=True, help="python of the official venv")
    parser.add_argument("--official-dir", required=True, help="a checkout of apple/ml-mkqa")
    parser.add_argument("--gold", default=str(DEFAULT_GOLD), help="the MKQA test gold (.jsonl.gz)")
    parser.add_argument("--copies", type=int, default=8334, help="copies for one language")
    parser.add_argument("--copies-all", type=int, default=321, help="copies for 26 languages")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs per side")
    parser.add_argument(
        "--workers", type=int, default=1, help="also time the 26 languages with --workers N"
    )
    use_bytecode()
    run(parser.parse_args())


if __name__ == "__main__":
    main()
