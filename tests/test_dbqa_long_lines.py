"""NLPCC DBQA reads a test file's lines a piece at a time: the question and
the label of each line as the whole line gives them, the sentence never
held (issue 25: a long gold sentence cost 5 times its size)."""

from __future__ import annotations

import gzip
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.diagnostics import Diagnostics
from answermatch.tasks.nlpcc import dbqa

lines_text = st.lists(
    st.text(alphabet=st.sampled_from("ab\t\r\n é日\ufeff"), max_size=30), max_size=6
).map("".join)


def _whole(text: str) -> list[str]:
    """The lines as a whole reading gives them: split at LF, a final empty piece dropped."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.rstrip("\r\n") for line in lines]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines_text, st.integers(1, 8), st.booleans(), st.booleans())
def test_lines_and_fields_read_in_pieces_are_those_of_whole_lines(
    tmp_path_factory, text: str, piece: int, bom: bool, gz: bool
) -> None:
    folder = tmp_path_factory.mktemp("dbqa")
    path = folder / ("test.txt.gz" if gz else "test.txt")
    data = ("\ufeff" if bom else "") + text  # a byte-order mark at the start is dropped
    if gz:
        with gzip.open(path, "wt", encoding="utf-8", newline="") as fh:
            fh.write(data)
    else:
        path.write_text(data, encoding="utf-8", newline="")
    expected = _whole(text[1:] if text.startswith("\ufeff") and not bom else text)
    saved = dbqa._PIECE
    dbqa._PIECE = piece  # a line of more than a few characters comes in pieces
    try:
        assert list(dbqa.iter_lines(path, None)) == expected
        fields = list(dbqa._line_fields(path, None))
    finally:
        dbqa._PIECE = saved
    assert fields == [(ln.split("\t")[0], ln.count("\t"), ln.split("\t")[-1]) for ln in expected]


def test_a_long_sentence_is_not_held(tmp_path: Path) -> None:
    path = tmp_path / "test.txt"
    sentence = "word " * 1_000_000  # 5 MB
    path.write_text(f"q1\t{sentence}\t1\nq1\tshort\t0\nq2\tother\t1\n", encoding="utf-8")
    tracemalloc.start()
    try:
        gold = dbqa.read_test_file(str(path), Diagnostics())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert gold.texts == ["q1", "q2"] and list(gold.labels) == [1, 0, 1]
    # the sentence's pieces until the TAB after it (a TAB may not come: then they are the
    # label), nothing more; the line, its copy without the line end and its three columns
    # were held before, five times the sentence
    assert peak < 1.3 * len(sentence), peak
    assert dbqa.sentences(gold)[0] == sentence


@pytest.mark.parametrize(
    ("line", "columns"), [("q\tonly two\n", 2), ("q\ta\tb\tc\n", 4), ("no tab\n", 1)]
)
def test_a_line_without_three_columns_is_named(tmp_path: Path, line: str, columns: int) -> None:
    path = tmp_path / "test.txt"
    path.write_text("q\ts\t1\n" + line, encoding="utf-8")
    with pytest.raises(dbqa.InputError, match=f"got {columns}") as caught:
        dbqa.read_test_file(str(path), Diagnostics())
    assert caught.value.line == 2


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines_text, st.integers(1, 8), st.booleans())
def test_sentences_read_in_pieces_are_those_of_whole_lines(
    tmp_path_factory, text: str, piece: int, bom: bool
) -> None:
    path = tmp_path_factory.mktemp("dbqa") / "test.txt"
    path.write_text(("\ufeff" if bom else "") + text, encoding="utf-8", newline="")
    # a line's sentence: between its first two TABs (or its first and the line's end)
    lines = _whole(text[1:] if text.startswith("\ufeff") and not bom else text)
    expected = [ln.split("\t")[1] if "\t" in ln else "" for ln in lines]
    saved = dbqa._PIECE
    dbqa._PIECE = piece  # a sentence of more than a few characters comes in pieces
    try:
        texts = list(dbqa._sentence_texts(path))
        gold = dbqa.DbqaGold("g", [], dbqa.array("l"), bytearray(), [], None, path)
        column = dbqa.sentences(gold)
        shown = [str(dbqa._shown(column, k)) for k in range(len(column))]
    finally:
        dbqa._PIECE = saved
    assert texts == expected
    assert list(column) == expected and shown == expected


def _long_test_file(tmp_path: Path, sentence: str) -> Path:
    path = tmp_path / "test.txt"
    path.write_text(
        f"q1\tshort\t0\nq1\t{sentence}\t1\r\nq1\t{sentence}\t0\nq2\tother\t1\n", encoding="utf-8"
    )
    return path


@pytest.mark.parametrize("sentence", ["word " * 1_000_000, "北京是中国的首都。" * 200_000])
def test_check_gold_holds_a_long_sentence_once(tmp_path: Path, sentence: str) -> None:
    from answermatch.goldcheck import check_gold

    path = _long_test_file(tmp_path, sentence)
    tracemalloc.start()
    try:
        findings = check_gold("nlpcc-dbqa", path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [(f.line, f.code) for f in findings] == [(1, "duplicate-variant")]
    assert f"(cut at 200 of {len(sentence):,} characters)" in findings[0].message
    # the two sentences of a question, each read as its pieces appended to it (was: the
    # whole file's sentences in a column, the line, its copy without the line end and
    # the sentence cut out of it: 3 to 5 times a sentence)
    size = 2 * sys.getsizeof(sentence)
    assert peak < 1.3 * size, (peak, size)


@pytest.mark.parametrize("sentence", ["word 'a' " * 600_000, "北京是\x1b中国的首都。" * 200_000])
def test_explain_shows_a_long_sentence_by_its_parts(tmp_path: Path, sentence: str) -> None:
    from answermatch.explain import explanations
    from answermatch.explanation import Explanation, TextView
    from answermatch.outputs import json_array_chunks

    path = _long_test_file(tmp_path, sentence)
    scores = tmp_path / "scores.txt"
    scores.write_text("0.1\n0.9\n0.5\n1\n", encoding="utf-8")
    tracemalloc.start()
    try:
        found = list(explanations("nlpcc-dbqa", path, scores))
        size = sum(len(piece) for e in found for piece in e.text_pieces())
        size += sum(map(len, json_array_chunks((e.json_ready() for e in found), indent=1)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # the two sentences' UTF-8 in a column, each written a part at a time (was: decoded
    # whole, and read again as the line, its copy without the line end and the sentence)
    assert peak < 1.2 * 2 * len(sentence.encode("utf-8")), peak
    assert size > 4 * len(sentence)
    # the same text as the view of the whole sentence
    [first, _] = found
    view = first.variants[0].text
    assert view.raw == sentence and len(view.raw) == len(sentence)
    whole = first.whole()
    assert whole.variants[0].text == TextView(sentence, sentence)
    assert isinstance(whole, Explanation) and whole.to_text() == first.to_text()
    assert "".join(json_array_chunks([first.json_ready()], indent=1)) == "".join(
        json_array_chunks([whole.json_ready()], indent=1)
    )
