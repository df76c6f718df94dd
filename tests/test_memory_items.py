"""``score --items`` writes the items one at a time: neither an item nor its
JSON line is kept while the next is made, and a line is not encoded once
more only to look for a lone surrogate, so that long answers in a row cost
one answer's copies, not two (PolEval 2021 ``--profile fair --items``, three
3 MB answers in a 33 MB run: 2.36 times the input above the floor, 2.09 now;
see benchmarks/README.md)."""

from __future__ import annotations

import json

from answermatch.cli import _item_lines
from answermatch.evaluation import evaluate
from answermatch.outputs import json_line, json_text, write_output
from conftest import traced_peak

_LONG = "zażółć gęślą jaźń " * 60_000  # about 1.1 million characters, 2 bytes each


def _files(tmp_path):
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("alfa\ncięciwa\nw Egipcie\nnie\n", encoding="utf-8")
    pred.write_text(f"{_LONG}\n{_LONG}\n{_LONG}\nnie\n", encoding="utf-8")
    return gold, pred


def test_long_answers_written_as_items_are_held_about_once(tmp_path):
    gold, pred = _files(tmp_path)
    result = evaluate("poleval2021", gold, pred, progress=False)
    items = tmp_path / "items.jsonl"
    peak = traced_peak(write_output, items, _item_lines([result]))
    lines = items.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["prediction"] for line in lines] == [_LONG.strip()] * 3 + ["nie"]
    assert lines == [json_line(item)[:-1] for item in result.items]
    # an answer is 2.2 MB as a str (1.9 MB in UTF-8): decoding it, its
    # line (the escaped string and the joined one) and the UTF-8 written
    # came to 6.5 MB; the old writing also kept the previous item and line
    # and encoded each line once more: 9.7 MB
    assert peak < 7_500_000, peak


def test_a_lone_surrogate_is_still_escaped_so_the_line_encodes():
    assert json_text({"a": "x\ud800"}) == '{"a": "x\\ud800"}'
    assert json_text({"a": "\udfffé"}) == '{"a": "\\udfff\\u00e9"}'
    assert json_text({"a": "é" * 3}) == '{"a": "ééé"}'
