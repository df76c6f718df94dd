"""``score --items`` writes the items one at a time: neither an item nor its
JSON line is kept while the next is made, and a line is not encoded once
more only to look for a lone surrogate, so that long answers in a row cost
one answer's copies, not two (PolEval 2021 ``--profile fair --items``, three
3 MB answers in a 33 MB run: 2.36 times the input above the floor, 2.09 now;
see benchmarks/README.md)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.items as items_module
from answermatch import outputs
from answermatch.cli import _item_lines
from answermatch.evaluation import evaluate
from answermatch.items import ItemColumns, TextColumn, TextParts, written
from answermatch.outputs import json_line, json_line_chunks, json_text, write_output
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


# One long answer (PolEval 2021 `score --items` of a 50,000,000-character
# answer: 6.8 times the input above the floor, 1.96 now; benchmarks/README.md)


def test_one_long_answers_item_is_written_from_the_column_in_pieces(tmp_path):
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("alfa\n4\tcztery\n", encoding="utf-8")
    pred.write_text(f"{_LONG}\n{_LONG} 4\n", encoding="utf-8")
    result = evaluate("poleval2021", gold, pred, progress=False)
    items = tmp_path / "items.jsonl"
    peak = traced_peak(write_output, items, _item_lines([result]))
    lines = items.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines == [json_line(item) for item in result.items]
    assert [json.loads(line)["answer_number"] for line in lines] == [None, "4"]
    # each answer is 2.2 MB as a str and 1.9 MB in UTF-8: the old writing
    # decoded it (2.2 MB), escaped it (2.2), joined the line (2.2) and added
    # its newline (2.2): 6.5 MB traced; now it is read from the column's
    # bytes a piece at a time
    assert peak < 1_500_000, peak


def _profiles_items(tmp_path):
    gold, pred = _files(tmp_path)
    return [evaluate("poleval2021", gold, pred, p, progress=False) for p in ("official", "fair")]


def test_the_lines_of_several_profiles_are_json_lines_of_their_items(tmp_path):
    results = _profiles_items(tmp_path)
    expected = [json_line({"profile": r.profile, **item}) for r in results for item in r.items]
    assert list(_item_lines(results)) != expected  # written in pieces...
    assert "".join(_item_lines(results)) == "".join(expected)  # ...to the same text


_CHARACTERS = "aZ \"'\\\n\t\x01\x7fé東京\u202e𝔸😀\ud800\udfff.,"
_TEXT = st.text(alphabet=st.sampled_from(list(_CHARACTERS)), max_size=30)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _TEXT,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(_TEXT, _TEXT)
        | st.dictionaries(_TEXT, inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(value=st.dictionaries(_TEXT, _JSON, max_size=5), size=st.integers(1, 5))
def test_json_line_chunks_are_json_line(value, size):
    """Long strings (anywhere: keys, lists, tuples, nested dicts), lone
    surrogates (the whole line then in ASCII), NaN and infinities (null)
    and characters JSON escapes are written as json_line writes them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(outputs, "LONG_CHARS", size)
        pieces = list(json_line_chunks(value))
    assert "".join(pieces) == json_line(value)


@settings(max_examples=150, deadline=None)
@given(
    texts=st.lists(_TEXT, min_size=1, max_size=5),
    numbers=st.lists(st.floats(), min_size=5, max_size=5),
    size=st.integers(1, 9),
)
def test_texts_written_from_a_column_are_their_json_lines(texts, numbers, size):
    """Strings of a TextColumn longer than LONG_BYTES, read by their
    parts (cut anywhere: inside a character's bytes, beside a surrogate),
    are written as the decoded strings are; the other columns, and a
    ``make`` that takes no parts, are as they were."""
    column = TextColumn(texts)
    plain = ItemColumns({"text": column, "x": numbers[: len(texts)]})
    made = ItemColumns({"text": column}, lambda text: {"t": text, "n": [text, 1]}, parts=["text"])
    refused = ItemColumns({"text": column}, lambda text: {"t": text.upper()})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(items_module, "LONG_BYTES", size)
        patch.setattr(outputs, "LONG_CHARS", size)
        for items in (plain, made, refused):
            written_lines = ["".join(json_line_chunks(item)) for item in written(items)]
            assert written_lines == [json_line(item) for item in items]
        long_texts = [t for t in texts if len(t.encode("utf-8", "surrogatepass")) > size]
        kinds = [type(item["text"]) for item in written(plain)]
        assert kinds.count(TextParts) == len(long_texts)
        assert TextParts not in {type(item["t"]) for item in written(refused)}


@settings(max_examples=60, deadline=None)
@given(
    st.lists(_PIECES, max_size=30),
    st.lists(_PIECES, max_size=30),
    st.sampled_from([" ", "ż", "\u00a0"]),
    st.sampled_from(["official", "fair"]),
)
def test_a_long_answers_number_read_from_its_column_is_the_whole_texts(head, tail, filler, profile):
    text = "".join(head) + filler * (LONG + 7) + "".join(tail)
    scheme = FuzzyAccuracy() if profile == "official" else FuzzyAccuracy(number="NumberValue")
    column = TextColumn(["x", text])
    assert scheme.answer_number(TextParts(column, 1)) == scheme.answer_number(text)
