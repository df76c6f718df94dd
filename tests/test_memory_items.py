"""``score --items`` writes the items one at a time: neither an item nor its
JSON line is kept while the next is made, and a line is not encoded once
more only to look for a lone surrogate, so that long answers in a row cost
one answer's copies, not two (PolEval 2021 ``--profile fair --items``, three
3 MB answers in a 33 MB run: 2.36 times the input above the floor, 2.09 now;
see benchmarks/README.md)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.cli import _item_lines
from answermatch.evaluation import evaluate
from answermatch.outputs import json_line, json_text, write_output
from answermatch.tasks.poleval2021.fuzzy import LONG, FuzzyAccuracy
from answermatch.tasks.poleval2021.numbers import extract_number_string, fair_number
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


def test_a_long_answer_under_the_number_rule_is_not_split_into_words_whole(tmp_path):
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("4\tcztery\n", encoding="utf-8")
    pred.write_text(f"{_LONG}\n", encoding="utf-8")
    result = evaluate("poleval2021", gold, pred, progress=False)
    peak = traced_peak(result.items.__getitem__, 0)
    assert result.items[0]["rule"] == "number" and result.items[0]["answer_number"] is None
    # the answer decoded (2.2 MB, 4.9 MB traced); its words as a list were 18.7 MB
    assert peak < 7_000_000, peak


_PIECES = st.sampled_from(
    [
        "4",
        "12.5",
        "-.5",
        "XIV",
        "iv",
        "MCM",
        "x",
        "ż",
        " ",
        "\t",
        "\u00a0",
        "\u3000",
        "\n",
        "ab",
        ".",
    ]
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(_PIECES, max_size=30),
    st.lists(_PIECES, max_size=30),
    st.sampled_from([" ", "ż", "\u00a0"]),
)
def test_a_long_answers_number_read_in_pieces_is_the_whole_texts(head, tail, filler):
    text = "".join(head) + filler * (LONG + 7) + "".join(tail)
    assert FuzzyAccuracy().answer_number(text) == extract_number_string(text)
    assert FuzzyAccuracy(number="NumberValue").answer_number(text) == fair_number(text)
