"""MKQA's predictions refused in parts with the whole reading's error: a
row's error (after the warnings of the rows before it), where no line after
it is not JSON; and the file is never read whole for it."""

from __future__ import annotations

import json

import pytest
from tests.conftest import traced_peak
from tests.test_memory import _mkqa_read, _mkqa_rows

from answermatch import sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import InputError
from answermatch.tasks.mkqa import data

GOLD = [str(k) for k in range(300)]
ERROR = '{"example_id": 5, "prediction": "x", "binary_answer": "maybe"}\n'
NAN = '{"example_id": 3, "prediction": "x", "binary_answer": null, "no_answer_prob": NaN}\n'


def _row(qid, text="x"):
    return json.dumps({"example_id": qid, "prediction": text, "binary_answer": None}) + "\n"


@pytest.mark.parametrize(
    ("middle", "after"),
    [
        (ERROR, ""),  # a row's error in the middle, JSON after it
        (NAN + ERROR, ""),  # a warning before it
        (_row(7, "again") + ERROR, ""),  # a kept id given again before it
        (ERROR, "not json\n"),  # a line that is not JSON after it: that error first
        (ERROR, b"\xff\n"),  # invalid UTF-8 after it: read whole, for that
        ('{"example_id": 5}\n', ""),  # another row's error (keys lacking)
        ('{"example_id": 5, "prediction": 3, "binary_answer": null}\n', ""),
    ],
)
@pytest.mark.parametrize("others", [0, 3000])
@pytest.mark.parametrize("strict", [False, True])
def test_a_rows_error_in_parts_is_the_whole_readings(
    monkeypatch, tmp_path, middle, after, others, strict
):
    path = tmp_path / "en.jsonl"
    _mkqa_rows(path, GOLD, others)
    lines = path.read_bytes().splitlines(keepends=True)
    half = len(lines) // 2
    tail = after if isinstance(after, bytes) else after.encode()
    path.write_bytes(b"".join(lines[:half]) + middle.encode() + b"".join(lines[half:]) + tail)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    in_parts = _read(path, strict)
    whole_reads = []
    load_lines = data._load_lines
    monkeypatch.setattr(data, "_load_lines", lambda *a: whole_reads.append(1) or load_lines(*a))
    assert in_parts == _read(path, strict)  # the same reading, in parts
    assert whole_reads == ([] if not isinstance(after, bytes) else [1])
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # every file is small: read whole
    assert in_parts == _read(path, strict)
    assert isinstance(in_parts, tuple) and in_parts[0].startswith(str(path)), in_parts


def _read(path, strict):
    if not strict:
        return _mkqa_read(path, GOLD)
    try:
        data.read_predictions(str(path), data.MkqaGold("gold", GOLD), Diagnostics(strict=True))
    except InputError as error:
        return (str(error),)
    return None


def test_an_id_not_kept_given_again_before_a_rows_error_warns_first(monkeypatch, tmp_path):
    """An id not in the gold predicted again (in another part) before the
    row's error warns there as read whole: such a file is read whole."""
    path = tmp_path / "en.jsonl"
    _mkqa_rows(path, GOLD, 3000)
    lines = path.read_bytes().splitlines(keepends=True)
    other = next(line for line in lines if json.loads(line)["example_id"] >= 1000)
    path.write_bytes(b"".join(lines) + other + ERROR.encode())
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    in_parts = _read(path, True)
    assert "predicted again" in in_parts[0], in_parts
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)
    assert in_parts == _read(path, True)


def test_a_rows_error_is_refused_within_twice_the_file(tmp_path):
    """100,000 rows and a row's error at the end: read whole, about ten
    times the file; now in parts, under twice it."""
    path = tmp_path / "en.jsonl"
    _mkqa_rows(path, GOLD, 100_000, extra=ERROR)
    size = path.stat().st_size

    def read():
        with pytest.raises(InputError, match="binary_answer must be yes, no"):
            data.read_predictions(str(path), data.MkqaGold("gold", GOLD), Diagnostics())

    assert traced_peak(read) < 2 * size + 8 * sources.PART_BYTES, size
