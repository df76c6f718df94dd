"""An XOR-TyDi gold line holding one very long answer (issue 25): the
release layout's reader decodes that line's answers where they are in the
text (no copy of their literal, nor of the JSON array it was joined into),
and the line's bytes are let go once decoded (``line_blocks`` and the
reader held them until the next block)."""

from __future__ import annotations

import json

import pytest

from answermatch import sources
from answermatch.tasks.xor import data as xor_data
from answermatch.tasks.xor.layout import LONG_LINE, release_layout
from conftest import traced_peak


def _line(qid: str, answers: list[str], lang: str = "ko", ascii_only: bool = False) -> str:
    row = {"id": qid, "question": "질문?", "answers": answers, "lang": lang, "split": "dev"}
    return json.dumps(row, ensure_ascii=ascii_only)


def _as_json(text: str):
    rows = [json.loads(line) for line in text.splitlines()]
    return (
        [r["id"] for r in rows],
        [r["lang"] for r in rows],
        [tuple(r["answers"]) for r in rows],
    )


# escapes of every kind: quote, backslash, newline, \u (a surrogate pair with ascii_only)
LONG = '서울 특별시 é😀 \\ \n " ' * (LONG_LINE // 16)


@pytest.mark.parametrize(
    "text",
    [
        _line("q1", [LONG, "x"]) + "\n",
        _line("q1", [LONG], ascii_only=True),
        _line("q1", [LONG], ascii_only=True) + "\n" + _line("q2", ["y"]) + "\n",
    ],
)
def test_a_long_line_reads_as_json_reads_it(text):
    assert len(text) > LONG_LINE
    assert release_layout(text) == _as_json(text)


@pytest.mark.parametrize(
    "text",
    [
        _line("q1", []) + " " * LONG_LINE,  # spaces after the object: not the layout
        _line("q1", [LONG]) + "\n\n",  # a blank line
    ],
)
def test_a_long_line_out_of_the_layout_is_left_to_json(text):
    assert release_layout(text) is None


def test_a_long_answer_is_read_without_copies(tmp_path, monkeypatch):
    """A gold whose first line holds an answer of 1,000,000 Hangul syllables
    and spaces (2.5 MB of UTF-8, 2 MB as a str): reading its columns peaks
    at the line's bytes, its str and the answer's (about 3.5 times the
    bytes), where it also held the joined bytes, the answer's literal and
    the array joined from it (about 6)."""
    monkeypatch.setattr(sources, "LONG_BYTES", 1 << 20)  # the line read as a long one
    answer = "서울 특별" * 200_000
    path = tmp_path / "gold.jsonl"
    text = _line("q1", [answer]) + "\n" + _line("q2", ["부산"]) + "\n"
    path.write_text(text, encoding="utf-8")
    size = path.stat().st_size
    found = []
    peak = traced_peak(lambda: found.append(xor_data._layout_in_blocks(path)))
    ids, langs, answers = found[0]
    assert list(ids) == ["q1", "q2"] and langs == ["ko", "ko"]
    assert list(answers) == [(answer,), ("부산",)]
    assert peak < 3.6 * size, peak / size
