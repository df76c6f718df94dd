# ruff: noqa: UP031, SIM115
"""Run one official scorer on one case; print its figures as JSON (used by differential.py).

This file runs under the OFFICIAL scorer's Python (it imports nothing from
answermatch). Usage::

    python _differential_driver.py TASK SCRIPTS_DIR GOLD PRED OPTIONS_JSON

It prints one JSON object: ``{"ok": true, "scores": {...}, "per_language": {...},
"items": {id: {...}}, "stdout": "..."}`` or ``{"ok": false, "error": "..."}``.
The overall figures come from running the script's ``__main__`` unchanged
(``runpy``) and parsing what it prints; the per-item figures come from calling
the script's own scoring function on a one-question copy of the gold (or its
per-question functions), so no scoring rule is re-implemented here.
"""

import contextlib
import io
import json
import os
import re
import runpy
import sys
import traceback


def run_main(script, argv, init_globals=None):
    """Run ``script`` as ``__main__`` with ``argv``; return (stdout, error or None)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv
    sys.argv = [script, *argv]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(script, init_globals=init_globals, run_name="__main__")
    except SystemExit as exc:  # argparse errors, sys.exit
        if exc.code not in (0, None):
            return out.getvalue(), "SystemExit(%r): %s" % (exc.code, err.getvalue()[-300:])
    except BaseException as exc:
        tb = traceback.extract_tb(exc.__traceback__)
        where = "%s:%s" % (os.path.basename(tb[-1].filename), tb[-1].lineno) if tb else "?"
        return out.getvalue(), "%s: %s (at %s)" % (type(exc).__name__, exc, where)
    finally:
        sys.argv = saved
    return out.getvalue(), None


def load_module(script, name):
    return runpy.run_path(script, run_name=name)


def answered(scores, items, stdout, **more):
    """A driver's result: the script's figures, its per-item figures, what it printed."""
    return dict({"ok": True, "scores": scores, "items": items, "stdout": stdout}, **more)


def squad_style(script, name, gold, pred, *extra):
    """SQuAD v1.1's and MLQA's scripts: the printed JSON figures, and each
    question scored alone by the script's own ``evaluate``."""
    stdout, error = run_main(script, [gold, pred, *extra])
    if error:
        return {"ok": False, "error": error}
    scores = json.loads(stdout.strip().splitlines()[-1])
    mod = load_module(script, name)
    dataset = json.load(open(gold))["data"]
    preds = json.load(open(pred))
    items = {}
    with contextlib.redirect_stderr(io.StringIO()):
        for article in dataset:
            for para in article["paragraphs"]:
                for qa in para["qas"]:
                    one = mod["evaluate"]([{"paragraphs": [{"qas": [qa]}]}], preds, *extra)
                    items[qa["id"]] = {"em": one["exact_match"] / 100, "f1": one["f1"] / 100}
    return answered(scores, items, stdout)


def squad_v1(scripts, gold, pred, options):
    return squad_style(os.path.join(scripts, "eval_v11.py"), "squad_v1", gold, pred)


def korquad(scripts, gold, pred, options):
    return squad_style(os.path.join(scripts, "korquad_eval.py"), "korquad", gold, pred)


def squad_v2(scripts, gold, pred, options):
    script = os.path.join(scripts, "eval_v2.py")
    argv = [gold, pred]
    if options.get("na_prob"):
        argv += ["--na-prob-file", options["na_prob"]]
    if "na_prob_thresh" in options:
        argv += ["--na-prob-thresh", str(options["na_prob_thresh"])]
    if options.get("out_image_dir"):
        argv += ["--out-image-dir", options["out_image_dir"]]
        import matplotlib

        matplotlib.use("Agg")
    stdout, error = run_main(script, argv)
    if error:
        return {"ok": False, "error": error}
    scores = json.loads(stdout)
    mod = load_module(script, "squad_v2")
    dataset = json.load(open(gold))["data"]
    preds = json.load(open(pred))
    na_probs = (
        json.load(open(options["na_prob"])) if options.get("na_prob") else {k: 0.0 for k in preds}
    )
    thresh = float(options.get("na_prob_thresh", 1.0))
    with contextlib.redirect_stdout(io.StringIO()):
        exact_raw, f1_raw = mod["get_raw_scores"](dataset, preds)
    has_ans = mod["make_qid_to_has_ans"](dataset)
    exact_t = mod["apply_no_ans_threshold"](exact_raw, na_probs, has_ans, thresh)
    f1_t = mod["apply_no_ans_threshold"](f1_raw, na_probs, has_ans, thresh)
    items = {
        q: {
            "exact": exact_raw[q],
            "f1": f1_raw[q],
            "exact_thresh": exact_t[q],
            "f1_thresh": f1_t[q],
        }
        for q in exact_raw
    }
    return answered(scores, items, stdout)


def mlqa(scripts, gold, pred, options):
    script = os.path.join(scripts, "mlqa_eval.py")
    return squad_style(script, "mlqa", gold, pred, options["lang"])


def mkqa(scripts, gold, pred, options):
    sys.path.insert(0, scripts)
    import subprocess

    if os.path.isdir(pred):  # the all-languages script, run as a program
        proc = subprocess.run(
            [
                sys.executable,
                os.path.join(scripts, "mkqa_eval_all_languages.py"),
                "-a",
                gold,
                "-p",
                pred,
            ],
            capture_output=True,
            text=True,
            cwd=scripts,
        )
        if proc.returncode:
            return {
                "ok": False,
                "error": "rc=%d %s" % (proc.returncode, proc.stderr.strip().splitlines()[-1:]),
            }
        return {"ok": True, "table": proc.stdout, "items": {}, "scores": {}}
    import mkqa_eval_util

    script = os.path.join(scripts, "mkqa_eval.py")
    printed_out, error = run_main(script, ["-a", gold, "-p", pred, "-l", options["lang"], "-v"])
    printed = json.loads(printed_out) if not error else None

    def identity(x, ndigits=None):
        return x

    # the figures before the script's round(x, 2), as the parity fixtures record them
    mkqa_eval_util.round = identity
    script = os.path.join(scripts, "mkqa_eval.py")
    lang = options["lang"]
    stdout, error = run_main(
        script, ["-a", gold, "-p", pred, "-l", lang, "-v"], init_globals={"round": identity}
    )
    if error:
        return {"ok": False, "error": error}
    scores = json.loads(stdout)
    mod = load_module(script, "mkqa_mod")
    with contextlib.redirect_stderr(io.StringIO()):
        annotations = mod["read_annotations"](gold)[lang]
        predictions = mod["read_predictions"](pred)
    em, f1 = mod["compute_mkqa_scores_for_language"](predictions, annotations, lang)
    items = {q: {"em": em[q], "f1": f1[q]} for q in em}
    return answered(scores, items, stdout, per_language={lang: scores}, printed=printed)


def cmrc(scripts, gold, pred, options):
    script = os.path.join(scripts, "cmrc_v6.py")
    stdout, error = run_main(script, [gold, pred])
    if error:
        return {"ok": False, "error": error}
    printed = json.loads(stdout.strip().splitlines()[-1])
    mod = load_module(script, "cmrc")
    truth = json.load(open(gold, "rb"))
    preds = json.load(open(pred, "rb"))
    with contextlib.redirect_stderr(io.StringIO()):
        f1, em, total, skip = mod["evaluate"](truth, preds)
    scores = {"F1": f1, "EM": em, "AVERAGE": (em + f1) * 0.5, "TOTAL": total, "SKIP": skip}
    items = {}
    data = truth["data"] if "data" in truth else truth  # noqa: SIM401 - a list or a dict
    with contextlib.redirect_stderr(io.StringIO()):
        for inst in data:
            for para in inst["paragraphs"] if "paragraphs" in inst else [inst]:  # noqa: SIM401
                for qa in para["qas"]:
                    qid = qa["id"] if "id" in qa else qa["query_id"]
                    if isinstance(truth, dict) and "data" in truth:
                        one_truth = {"data": [{"paragraphs": [{"qas": [qa]}]}]}
                    else:
                        one_truth = [{"qas": [qa]}]
                    f, e, _, _ = mod["evaluate"](one_truth, preds)
                    items[qid] = {"em": e / 100, "f1": f / 100}
    return answered(scores, items, stdout, printed=printed)


XOR_LANGS = ["ar", "bn", "fi", "ja", "ko", "ru", "te"]


def xor_full(scripts, gold, pred, options):
    script = os.path.join(scripts, "eval_xor_full.py")
    stdout, error = run_main(script, ["--data_file", gold, "--pred_file", pred])
    if error:
        return {"ok": False, "error": error}
    per_language = {}
    current = None
    scores = {}
    for line in stdout.splitlines():
        m = re.match(r"Evaluating the performance on (\w+)", line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r"F1: (\S+), EM:(\S+), BLEU:(\S+)$", line)
        if m and current:
            per_language[current] = {
                "f1": float(m.group(1)),
                "em": float(m.group(2)),
                "bleu": float(m.group(3)),
            }
            continue
        m = re.match(r"avg (f1|em|bleu): (\S+)$", line)
        if m:
            scores[m.group(1)] = float(m.group(2))
    mod = load_module(script, "xor_full")
    with contextlib.redirect_stdout(io.StringIO()):
        dataset = mod["read_jsonlines"](gold)
    preds = json.load(open(pred))
    preds = {k.split("_")[-1]: v for k, v in preds.items()}
    items = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for qa in dataset:
            one = mod["calculate_f1_em_bleu"]([qa], preds)[qa["lang"]]
            items[qa["id"]] = {"f1": one["f1"], "em": float(one["em"]), "bleu": one["bleu"]}
    return answered(scores, items, stdout, per_language=per_language)


def xor_engspan(scripts, gold, pred, options):
    script = os.path.join(scripts, "eval_xor_engspan.py")
    stdout, error = run_main(script, ["--data_file", gold, "--pred_file", pred])
    if error:
        return {"ok": False, "error": error}
    per_language = {}
    current = None
    scores = {}
    lines = stdout.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"Evaluating F1, EM scores for (\w+)", line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r"F1: (\S+), EM:(\S+)$", line)
        if m and current:
            per_language[current] = {"f1": float(m.group(1).rstrip(",")), "em": float(m.group(2))}
            continue
        m = re.match(r"F1: (\S+), EM: (\S+)$", line)
        if m and i > 0 and lines[i - 1] == "Avg scores:":
            scores = {"f1": float(m.group(1).rstrip(",")), "em": float(m.group(2))}
    mod = load_module(script, "xor_engspan")
    with contextlib.redirect_stdout(io.StringIO()):
        dataset = mod["read_jsonlines"](gold)
    preds = json.load(open(pred))
    items = {}
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for qa in dataset:
            if qa["lang"] not in XOR_LANGS:  # the script's main() scores only these
                continue
            one = mod["evaluate"]([qa], preds)
            items[qa["id"]] = {
                k: one[o] / 100
                for k, o in (
                    ("f1", "f1"),
                    ("em", "exact_match"),
                    ("precision", "precision"),
                    ("recall", "recall"),
                )
            }
    return answered(scores, items, stdout, per_language=per_language)


def xor_retrieve(scripts, gold, pred, options):
    script = os.path.join(scripts, "eval_xor_retrieve.py")
    stdout, error = run_main(script, ["--data_file", gold, "--pred_file", pred])
    if error:
        return {"ok": False, "error": error}
    scores, per_language = {}, {}
    key = lang = None
    lines = stdout.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"Evaluating R@(\d)kt", line)
        if m:
            key = "r@%skt" % m.group(1)
            continue
        m = re.match(r"performance on (.*) \((\d+) examples\)$", line)
        if m:
            lang = m.group(1)
            per_language.setdefault(lang, {})[key] = float(lines[i + 1])
            per_language[lang]["count"] = int(m.group(2))
            continue
        if line.startswith("Final macro averaged score"):
            scores[key] = float(lines[i + 1])
    mod = load_module(script, "xor_retrieve")
    with contextlib.redirect_stdout(io.StringIO()):
        dataset = mod["read_jsonlines"](gold)
    qid2answers = {item["id"]: item["answers"] for item in dataset}
    items = {}
    with contextlib.redirect_stderr(io.StringIO()):
        for item in json.load(open(pred)):
            for k in (2, 5):
                one = mod["evaluate_top_k_hit"]([item], qid2answers, k * 1000)
                if one:
                    figs = next(iter(one.values()))
                    items.setdefault(item["id"], {})["hit@%dkt" % k] = figs["hit"] / figs["count"]
    return answered(scores, items, stdout, per_language=per_language)


DRIVERS = {
    "squad": squad_v1,
    "squad-v2": squad_v2,
    "mlqa": mlqa,
    "korquad": korquad,
    "mkqa": mkqa,
    "cmrc2018": cmrc,
    "xor-full": xor_full,
    "xor-engspan": xor_engspan,
    "xor-retrieve": xor_retrieve,
}


def main():
    task, scripts, gold, pred, options = sys.argv[1:6]
    try:
        result = DRIVERS[task](scripts, gold, pred, json.loads(options))
    except BaseException as exc:
        result = {"ok": False, "error": "driver: %s: %s" % (type(exc).__name__, exc)}
    sys.stdout.write(json.dumps(result, ensure_ascii=True))


if __name__ == "__main__":
    main()
