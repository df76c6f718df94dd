"""Peak memory of every command x task x long-answer shape, at two sizes.

For each command that reads predictions or gold (``score`` under each
profile, ``explain``, ``compare``, ``report``, ``check-gold``) and each task
of ``answermatch tasks``, the task's example files (``examples/``, or the
parity files for XOR-Retrieve) are written with one answer made very long:
the first prediction (or, for ``check-gold`` and the tasks whose text is in
the gold, the first gold answer) replaced by about ``N`` bytes (UTF-8) of text
of one shape:

``en``
    English words and numbers, space-separated.
``letters``
    One run of ASCII letters without a space.
``ja``, ``zh``, ``th``
    Japanese, Chinese, Thai sentences (no space).
``ko``
    Korean words, space-separated.

Where the task reads a language from the item (open-qa, MKQA, NTCIR-16),
the long answer is that of an item of the shape's language when the
example has one. Each case runs at two sizes (``--small``, ``--large``
million bytes of text, 5 and 20 by default) in fresh processes
(:func:`bench_memory.peak_of`); the table gives the input size (all files
the command reads), the peak RSS at both sizes, the ratio of the peak over
the case's floor (the same command with a one-word answer) to the input at
the larger size, and the **slope**: the peak added by each further byte of
input between the two sizes. A slope under 2 is "twice the input plus a
constant". Run::

    python benchmarks/bench_memory_matrix.py --parity ../shared/parity \\
        [--command score,explain] [--task squad,korquad] [--shape en,ja]

``--jobs 2`` runs two cases at once (each in its own fresh parent);
``--in-gold`` puts the long answer in the gold for every command (by
default only ``check-gold`` and the tasks whose text is in the gold).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_memory import (
    _JA_TEXT,
    _KO_WORDS,
    _ZH_SENTENCES,
    CLI,
    EXAMPLES,
    WORDS_EN,
    _ja_text,
    _words_text,
    peak_of,
)

_THAI = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร"
SHAPES = ("en", "letters", "ja", "zh", "th", "ko")


#: UTF-8 bytes a character of each shape, as measured on its text: sizes are
#: given in bytes (a shape whose size came out small could measure the whole
#: reading, below sources.LONG_BYTES, at the smaller size: Korean at "5 MB" was 3.9 MB).
BYTES_PER_CHAR = {"en": 1, "letters": 1, "ja": 2.59, "zh": 2.69, "th": 3, "ko": 1.93}


def long_text(shape: str, size: int) -> str:
    """About ``size`` bytes (UTF-8) of one shape (see the module's docstring)."""
    chars = int(size / BYTES_PER_CHAR[shape])
    if chars < 10:
        return {"en": "Paris", "letters": "paris", "ja": "東京", "zh": "北京"}.get(
            shape, {"th": "ไทย", "ko": "서울"}.get(shape, "x")
        )
    if shape == "en":
        return _words_text(chars, WORDS_EN)
    if shape == "letters":
        return ("wilhelmroentgen" * (chars // 15 + 1))[:chars]
    if shape == "ja":
        return _ja_text(chars, sentences=_JA_TEXT)
    if shape == "zh":
        return _ja_text(chars, sentences=_ZH_SENTENCES)
    if shape == "th":
        return (_THAI * (chars // len(_THAI) + 1))[:chars]
    if shape == "ko":
        return _words_text(chars, _KO_WORDS)
    raise ValueError(shape)


def _dump(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")


def _json_pred(example: Path, key_of_shape: dict[str, str] | None = None):
    def write(work: Path, text: str, shape: str) -> list[Path]:
        answers = json.loads(example.read_text("utf-8"))
        key = (key_of_shape or {}).get(shape, next(iter(answers)))
        answers[key] = text
        path = work / "pred.json"
        _dump(path, answers)
        return [path]

    return write


def _squad_gold(example: Path):
    def write(work: Path, text: str, shape: str) -> Path:
        gold = json.loads(example.read_text("utf-8"))
        if isinstance(gold, list):  # CMRC 2018's original layout
            gold[0]["qas"][0]["answers"][0] = text
        else:
            qa = gold["data"][0]["paragraphs"][0]["qas"][0]
            qa["answers"][0]["text"] = text
        path = work / example.name
        _dump(path, gold)
        return path

    return write


def _jsonl_gold(example: Path, field: str = "answers"):
    def write(work: Path, text: str, shape: str) -> Path:
        rows = [json.loads(line) for line in example.read_text("utf-8").splitlines() if line]
        rows[0][field][0] = text
        path = work / example.name
        path.write_text(
            "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), "utf-8"
        )
        return path

    return write


def _mkqa_pred(work: Path, text: str, shape: str) -> list[Path]:
    lang = "ja" if shape == "ja" else "en"
    lines = (EXAMPLES / "mkqa" / f"{lang}.jsonl").read_text("utf-8").splitlines()
    row = json.loads(lines[0])
    row["prediction"] = text
    lines[0] = json.dumps(row, ensure_ascii=False)
    path = work / f"{lang}.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return [path]


def _mkqa_gold(work: Path, text: str, shape: str) -> Path:
    lines = (EXAMPLES / "mkqa" / "gold.jsonl").read_text("utf-8").splitlines()
    row = json.loads(lines[0])
    row["answers"]["en"][0]["text"] = text
    lines[0] = json.dumps(row, ensure_ascii=False)
    path = work / "gold.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def _lines_file(example: Path, name: str, replace):
    def write(work: Path, text: str, shape: str) -> Path:
        lines = example.read_text("utf-8").split("\n")
        replace(lines, text, shape)
        path = work / name
        path.write_text("\n".join(lines), "utf-8")
        return path

    return write


def _kbqa_answer(lines: list[str], text: str, shape: str) -> None:
    at = next(i for i, line in enumerate(lines) if line.startswith("<answer id=1>"))
    lines[at] = f"<answer id=1>\t{text}"


def _ntcir_pred(lines: list[str], text: str, shape: str) -> None:
    lang = "E" if shape in ("en", "letters") else "J"
    at = next(i for i, line in enumerate(lines) if line.startswith(f"DS2-QA-{lang}-0001\t"))
    lines[at] = f"DS2-QA-{lang}-0001\t{text}"


def _ntcir_gold(lines: list[str], text: str, shape: str) -> None:
    _ntcir_pred(lines, text, shape)


def _first_line(lines: list[str], text: str, shape: str) -> None:
    lines[0] = text


def _dbqa_gold(lines: list[str], text: str, shape: str) -> None:
    question, _, label = lines[0].split("\t")
    lines[0] = f"{question}\t{text}\t{label}"


def _zalo_gold(work: Path, text: str, shape: str) -> Path:
    gold = json.loads((EXAMPLES / "zalo2019" / "test_labelled.json").read_text("utf-8"))
    gold[0]["paragraphs"][0]["text"] = text
    path = work / "test_labelled.json"
    _dump(path, gold)
    return path


class Task:
    """How one task's files are written: ``pred(work, text, shape)`` the
    prediction files with the long text (None: the text is in the gold),
    ``gold(work, text, shape)`` a gold with the long text, ``gold_file``
    the example gold, ``options`` its command-line options."""

    def __init__(self, gold_file, pred=None, gold=None, pred_file=None, options=(), profiles=()):
        self.gold_file, self.pred, self.gold = gold_file, pred, gold
        self.pred_file, self.options, self.profiles = pred_file, list(options), profiles


def tasks(parity: Path, work: Path) -> dict[str, Task]:
    ex = EXAMPLES
    openqa_keys = {"ja": "ja-1", "th": "th-1"}
    retrieve_gold = work / "retrieve-gold.jsonl"
    retrieve_pred = work / "retrieve-base.json"
    if not retrieve_gold.exists():
        lines = (parity / "xor" / "xor_dev_retrieve_eng_span_v1_1.jsonl").read_text("utf-8")
        lines = lines.splitlines()[:5]
        retrieve_gold.write_text("\n".join(lines) + "\n", "utf-8")
        import gzip

        with gzip.open(parity / "xor" / "retrieve_pred_1.json.gz", "rt", encoding="utf-8") as f:
            preds = json.load(f)
        ids = {json.loads(line)["id"] for line in lines}
        _dump(retrieve_pred, [p for p in preds if p["id"] in ids])

    def retrieve_write(work: Path, text: str, shape: str) -> list[Path]:
        preds = json.loads(retrieve_pred.read_text("utf-8"))
        preds[0]["ctxs"][0] = text
        path = work / "retrieve.json"
        _dump(path, preds)
        return [path]

    squadlike = {  # gold, predictions
        "squad": ("squad/dev.json", "squad/pred.json"),
        "squad-v2": ("squad-v2/dev.json", "squad-v2/pred.json"),
        "mlqa": ("mlqa/dev.de.json", "mlqa/pred.de.json"),
        "cmrc2018": ("cmrc2018/dev.json", "cmrc2018/pred.json"),
        "korquad": ("korquad/dev_sample.json", "korquad/predictions.json"),
    }
    out = {
        name: Task(ex / gold, _json_pred(ex / pred), _squad_gold(ex / gold), ex / pred)
        for name, (gold, pred) in squadlike.items()
    }
    for name in ("xor-full", "xor-engspan"):
        gold = ex / name / "gold.jsonl"
        out[name] = Task(gold, _json_pred(ex / name / "pred.json"), _jsonl_gold(gold))
        out[name].pred_file = ex / name / "pred.json"
    gold = ex / "open-qa" / "gold.jsonl"
    out["open-qa"] = Task(
        gold,
        _json_pred(ex / "open-qa" / "pred.json", openqa_keys),
        _jsonl_gold(gold),
        ex / "open-qa" / "pred.json",
        profiles=("containment", "lenient", "f1"),
    )
    out["mkqa"] = Task(ex / "mkqa" / "gold.jsonl", _mkqa_pred, _mkqa_gold, ex / "mkqa" / "en.jsonl")

    def lines_task(folder: str, gold_name: str, pred_name: str, answer, gold_answer) -> Task:
        """A task whose gold and predictions are files of lines (one answer
        line made long in the prediction file, the gold's with ``gold_answer``)."""
        gold, pred = ex / folder / gold_name, ex / folder / pred_name
        return Task(
            gold,
            lambda w, t, s: [_lines_file(pred, pred_name, answer)(w, t, s)],
            _lines_file(gold, gold_name, gold_answer),
            pred,
        )

    out["nlpcc-kbqa"] = lines_task("nlpcc-kbqa", "gold.txt", "pred.txt", _kbqa_answer, _kbqa_answer)
    out["ntcir-dsqa"] = lines_task("ntcir-dsqa", "gold.tsv", "run.tsv", _ntcir_pred, _ntcir_gold)
    out["poleval2021"] = lines_task(
        "poleval2021", "expected.tsv", "out.tsv", _first_line, _first_line
    )
    dbqa = ex / "nlpcc-dbqa" / "gold.txt"
    out["nlpcc-dbqa"] = Task(
        dbqa, None, _lines_file(dbqa, "gold.txt", _dbqa_gold), ex / "nlpcc-dbqa" / "pred.txt"
    )
    zalo = ex / "zalo2019" / "test_labelled.json"
    out["zalo2019"] = Task(zalo, None, _zalo_gold, ex / "zalo2019" / "submission.csv")
    out["xor-retrieve"] = Task(
        retrieve_gold, retrieve_write, _jsonl_gold(retrieve_gold), retrieve_pred
    )
    return out


#: Seconds a command may run (``--timeout``): then it is stopped (exit 124).
TIMEOUT = 600
COMMANDS = ("score", "score-fair", "explain", "explain-json", "compare", "report", "check-gold")


def command_line(
    command: str, task: str, spec: Task, work: Path, text: str, shape: str, in_gold: bool = False
):
    """The command line and the input size of one case (None: not applicable);
    ``in_gold``: the long text in the gold whatever the command."""
    profile = ""
    name = command
    if command.startswith("score-"):
        name, profile = "score", command[len("score-") :]
    if command == "check-gold" or spec.pred is None or in_gold:
        if spec.gold is None:
            return None
        gold = spec.gold(work, text, shape)
        preds = [spec.pred_file]
    else:
        gold = spec.gold_file
        preds = spec.pred(work, text, shape)
    extra = list(spec.options)
    if profile == "f1":
        extra += ["-o", "matcher=f1"]
    elif profile:
        extra += ["--profile", profile]
    if name == "compare":
        second = work / ("second-" + preds[0].name)
        shutil.copyfile(preds[0], second)
        if preds[0].name.endswith(".jsonl") and task == "mkqa":
            extra += ["-o", f"lang={preds[0].stem}"]
        preds = [preds[0], second]
        extra += ["--resamples", "200"]
    if name == "report":
        extra += ["--no-ci", "--output", str(work / "report.html")]
    if name == "explain-json":
        name = "explain"
        extra += ["--json"]
    files = [gold] if name == "check-gold" else [gold, *preds]
    size = sum(Path(f).stat().st_size for f in files)
    args = ["timeout", str(TIMEOUT), *CLI, name, task, "--gold", str(gold)]
    if name != "check-gold":
        for pred in preds:
            args += ["--pred", str(pred)]
    args += [*extra, "-q"]
    if name in ("explain", "check-gold"):
        args += [">", "/dev/null"]
    return " ".join(args), size


def run_case(specs, root, command, task, shape, small, large, floor=True, in_gold=False):
    work = Path(tempfile.mkdtemp(dir=root))
    try:
        spec = specs[task]
        if command.startswith("score-") and command[6:] not in ("fair", *spec.profiles):
            return None
        results = []
        for chars in (0, small, large) if floor else (small, small, large):
            text = long_text(shape, chars)
            built = command_line(command, task, spec, work, text, shape, in_gold)
            if built is None:
                return None
            line, size = built
            peak, wall, outcome = (
                (0.0, 0.0, "") if not floor and chars == small and not results else peak_of(line)
            )
            results.append((size, peak, wall, outcome))
            for path in work.iterdir():
                path.unlink()
        (_, p0, _, _), (s1, p1, _, _), (s2, p2, w2, o2) = results
        slope = (p2 - p1) / ((s2 - s1) / 1e6)
        ratio = (p2 - p0) / (s2 / 1e6)
        return (
            f"| {command} | {task} | {shape} | {s1 / 1e6:.1f} / {s2 / 1e6:.1f} MB | "
            f"{p0:.0f} / {p1:.0f} / {p2:.0f} MB | {ratio:.2f} | **{slope:.2f}** | "
            f"{w2:.1f} s | {o2[:60]} |"
        )
    except Exception as error:  # a failed run: its row says so, the others go on
        return f"| {command} | {task} | {shape} | failed: {str(error)[-120:]} |"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    global TIMEOUT
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parity", default="../shared/parity")
    parser.add_argument("--tmp", default=tempfile.gettempdir())
    parser.add_argument("--command", default=",".join(COMMANDS))
    parser.add_argument("--task", default="")
    parser.add_argument("--shape", default=",".join(SHAPES))
    parser.add_argument("--small", type=float, default=5)
    parser.add_argument("--large", type=float, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--no-floor", action="store_true", help="the slope only")
    parser.add_argument("--timeout", type=int, default=TIMEOUT, help="seconds a command may run")
    parser.add_argument(
        "--in-gold", action="store_true", help="the long answer in the gold for every command"
    )
    args = parser.parse_args()
    TIMEOUT = args.timeout
    root = Path(tempfile.mkdtemp(prefix="bench_matrix.", dir=args.tmp))
    parity = Path(args.parity)
    specs = tasks(parity, root)
    names = args.task.split(",") if args.task else list(specs)
    small, large = int(args.small * 1e6), int(args.large * 1e6)
    cases = [
        (command, task, shape)
        for command in args.command.split(",")
        for task in names
        for shape in args.shape.split(",")
    ]
    print(
        "| command | task | shape | input (two sizes) | peak (floor / small / large) | "
        "ratio at large | slope | wall | outcome |"
    )
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    try:
        with ThreadPoolExecutor(args.jobs) as pool:
            runs = [
                pool.submit(
                    run_case, specs, root, *case, small, large, not args.no_floor, args.in_gold
                )
                for case in cases
            ]
            for run in as_completed(runs):  # in the order they end
                row = run.result()
                if row:
                    print(row, flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
