# -*- coding: utf-8 -*-
# ruff: noqa: UP009, UP010, UP031, SIM115
# (this file runs under Python 2.7: it keeps its coding line, print_function and %-formatting)
"""Python 2 half of differential.py: the CMRC 2018 v5 scripts under CPython 2.7.

Usage (Python 2.7 with nltk 3.4.5 and NLTK_DATA holding punkt/english.pickle)::

    python2 _differential_driver_py2.py SCRIPT GOLD PRED

Prints JSON: the script's printed figures (it is run as a program) and the
per-question EM/F1 from its own evaluate() on one-question copies of the gold.
"""

from __future__ import print_function

import imp
import json
import subprocess
import sys


def main():
    script, gold, pred = sys.argv[1:4]
    proc = subprocess.Popen(
        [sys.executable, script, gold, pred], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    out, err = proc.communicate()
    if proc.returncode:
        last = err.strip().splitlines()[-1:] if err.strip() else ["rc=%d" % proc.returncode]
        print(json.dumps({"ok": False, "error": "py2: " + last[0].decode("utf-8", "replace")}))
        return
    printed = json.loads(out.strip().splitlines()[-1])
    saved = sys.stderr
    mod = imp.load_source("cmrc_v5_official", script)  # re-sets the default encoding to utf8
    sys.stderr = saved
    truth = json.load(open(gold, "rb"))
    preds = json.load(open(pred, "rb"))
    items = {}
    scores = {}
    import io

    sys.stderr = io.BytesIO()
    try:
        f1, em, total, skip = mod.evaluate(truth, preds)
        scores = {"F1": f1, "EM": em, "AVERAGE": (em + f1) * 0.5, "TOTAL": total, "SKIP": skip}
        if isinstance(truth, dict):
            for art in truth["data"]:
                for para in art["paragraphs"]:
                    for qa in para["qas"]:
                        one = {"data": [{"paragraphs": [{"qas": [qa]}]}]}
                        f, e, _, _ = mod.evaluate(one, preds)
                        items[qa["id"].strip()] = {"em": e / 100.0, "f1": f / 100.0}
        else:
            for inst in truth:
                for qa in inst["qas"]:
                    one = [{"context_id": "c", "context_text": "c", "qas": [qa]}]
                    f, e, _, _ = mod.evaluate(one, preds)
                    items[qa["query_id"].strip()] = {"em": e / 100.0, "f1": f / 100.0}
    finally:
        sys.stderr = saved
    print(json.dumps({"ok": True, "printed": printed, "scores": scores, "items": items}))


if __name__ == "__main__":
    main()
