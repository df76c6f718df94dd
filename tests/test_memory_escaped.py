"""Memory on large inputs (issue 25): a long answer written with ``\\u``
escapes (``json.dumps``'s default) is decoded string by string, its text as
written never made whole (``sources._long_strings``), while its line is read
(``sources._LongLine``); a pipe is copied into an anonymous temporary file
rather than held in memory for the run (``sources._Spool``). The values,
warnings and errors are those of the whole reading."""

from __future__ import annotations

import json
import os
import tempfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.sources as sources
from answermatch.sources import InputTooLarge, holding, jsonl_parts
from conftest import traced_peak
from test_memory_long_line import (
    _CHARS,
    _changed,
    _flat,
    _object_bytes,
    _parts,
    assert_read_as_whole,
)
from test_memory_pipes import _piped

_LONG_TEXT = st.text(_CHARS, max_size=120)
_KEY = st.one_of(st.sampled_from(["id", "prediction", "x"]), _LONG_TEXT)
_ROW_VALUE = st.one_of(_LONG_TEXT, st.none(), st.integers(), st.lists(_LONG_TEXT, max_size=3))


def _line(entries, ascii_only: bool) -> str:
    inner = ", ".join(
        json.dumps(key, ensure_ascii=ascii_only) + ": " + json.dumps(value, ensure_ascii=ascii_only)
        for key, value in entries
    )
    return "{" + inner + "}"


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(st.lists(st.tuples(_KEY, _ROW_VALUE), max_size=4), min_size=1, max_size=3),
    ascii_only=st.booleans(),
    last_newline=st.booleans(),
    cut=st.one_of(st.none(), st.none(), st.integers(0, 10**6)),
    byte=st.sampled_from([0x22, 0x5C, 0x75, 0x44, 0x0A, 0x20, 0xFF, 0x30]),
    part=st.integers(3, 40),
    long_string=st.integers(1, 30),
    window=st.integers(13, 40),
)
def test_long_strings_are_the_whole_reading(
    tmp_path_factory, rows, ascii_only, last_newline, cut, byte, part, long_string, window
):
    """Rows with long strings (escapes, surrogate pairs and lone surrogates
    cut anywhere, keys given again, a long key), a byte changed anywhere:
    the long strings decoded on their own give the lines' values, or the
    error of the whole reading."""
    text = "\n".join(_line(entries, ascii_only) for entries in rows)
    data = _changed(
        (text + ("\n" if last_newline else "")).encode("utf-8", "surrogatepass"), cut, byte
    )
    assert_read_as_whole(
        tmp_path_factory, data, part, LONG_STRING_CHARS=long_string, _STRING_WINDOW=window
    )


@settings(max_examples=300, deadline=None)
@given(
    entries=st.lists(
        st.tuples(
            st.one_of(st.sampled_from(["q1", "q2", "é"]), _LONG_TEXT),
            st.one_of(_LONG_TEXT, _LONG_TEXT, st.none(), st.lists(_LONG_TEXT, max_size=2)),
        ),
        max_size=5,
    ),
    ascii_only=st.booleans(),
    spaced=st.booleans(),
    cut=st.one_of(st.none(), st.none(), st.integers(0, 10**6)),
    byte=st.sampled_from([0x22, 0x5C, 0x75, 0x44, 0x2C, 0x20, 0xFF, 0x30]),
    part=st.integers(3, 40),
    long_string=st.integers(1, 30),
    window=st.integers(13, 40),
    nulls=st.booleans(),
    odd=st.booleans(),
)
def test_long_strings_of_a_long_part_are_the_whole_reading(
    tmp_path_factory, entries, ascii_only, spaced, cut, byte, part, long_string, window, nulls, odd
):
    """A long part of a file ``{id: text}`` (escapes, surrogates, keys
    given again, long keys, a changed byte) with its long strings decoded
    on their own: the entries of the whole reading, or a reading whole."""
    data = _changed(_object_bytes(entries, ascii_only, spaced), cut, byte)
    path = tmp_path_factory.mktemp("long") / "pred.json"
    path.write_bytes(data)
    patch = pytest.MonkeyPatch()
    with patch.context() as patched:
        patched.setattr(sources, "PART_BYTES", part)
        patched.setattr(sources, "LONG_BYTES", part)
        patched.setattr(sources, "LONG_STRING_CHARS", 1 << 40)  # the part's text decoded whole
        before = _parts(path, nulls, odd)
        patched.setattr(sources, "LONG_STRING_CHARS", long_string)
        patched.setattr(sources, "_STRING_WINDOW", window)
        after = _parts(path, nulls, odd)
    try:
        whole = json.loads(data.decode("utf-8"))
    except ValueError:  # not UTF-8 or not JSON: the whole reading names it
        assert after is None
        return
    if after is None:  # (read whole: a long key, a long value a key given again replaces)
        return
    assert before is not None and _flat(after) == _flat(before)
    merged: dict = {}
    for value, _ in after:
        merged.update(value)
    assert merged == whole and list(merged) == list(whole)


def test_an_escaped_long_answer_of_an_object_is_not_held_as_written(tmp_path, monkeypatch):
    """A file ``{id: text}`` whose answer is 2,000,000 characters of
    Cyrillic, CJK and Latin written as ``\\u`` escapes (7.3 MB): its long
    part's bytes were gathered, then its text as written (one byte an
    escape's character) decoded and json's value made beside it, 1.46
    times the file above the value; now its bytes are read as its string
    is extended part by part (``sources._LongEntry``): 0.12 times it."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "LONG_BYTES", 1 << 18)
    monkeypatch.setattr(sources, "LONG_STRING_CHARS", 1 << 16, raising=False)
    answer = ("москва 東京 Kraków " * (2_000_000 // 17 + 1))[:2_000_000]
    path = tmp_path / "pred.json"
    entries = {"q1": answer, **{f"x{k}": "Paris" for k in range(10)}}
    path.write_text(json.dumps(entries))
    size = path.stat().st_size
    found = {}

    def read():
        for part in sources.string_object_parts(path):
            found.update(part)

    peak = traced_peak(read) - 2_000_000 * 2  # (the value kept)
    assert found == entries and list(found) == list(entries)
    assert peak < 0.3 * size, (peak / size, size)


def test_a_lone_surrogate_escape_before_a_backslash_at_the_end_is_read():
    """A short string whose lone high surrogate's escape comes before an
    escaped backslash at the very end of the text (``"\\ud800\\\\"}``):
    whether a low surrogate follows was not known there, and the text was
    refused (read again whole); a long part read as it is decoded ends
    there, so it is kept in the text, for json."""
    data = b'{"q1": "\\ud800\\\\"}'
    for cut in range(1, len(data)):
        text, longs = sources._long_strings([data[:cut], data[cut:]])
        assert json.loads(text) == json.loads(data) and not longs


def _escaped_answer(path, chars: int) -> int:
    answer = ("москва 東京 Kraków " * (chars // 17 + 1))[:chars]
    row = {"example_id": 1, "prediction": answer, "binary_answer": None}
    path.write_text(json.dumps(row) + "\n" + json.dumps({**row, "example_id": 2}) + "\n")
    return path.stat().st_size


def test_an_escaped_long_answer_is_not_held_as_written(tmp_path, monkeypatch):
    """500,000 characters of Cyrillic and CJK written as ``\\u`` escapes
    (6 bytes a character, 2.8 MB): the line's text as written (one byte an
    escape's character), joined from its pieces, and json's value beside it
    peaked at twice the file; now its parts' text: under the file's size."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "LONG_BYTES", 1 << 18)
    monkeypatch.setattr(sources, "LONG_STRING_CHARS", 1 << 16, raising=False)
    path = tmp_path / "en.jsonl"
    size = _escaped_answer(path, 500_000)
    found = []

    def read():
        for _, objects in jsonl_parts(path):
            found.extend(objects)

    peak = traced_peak(read) - 2 * 500_000 * 2  # (the two values kept)
    assert len(found) == 2 and found[0] == json.loads(path.read_text().split("\n")[0])
    assert peak < 0.5 * size, (peak, size)


def test_a_pipe_is_not_held_in_memory(tmp_path, monkeypatch):
    """A 4 MB pipe read in 64 KiB parts within :func:`holding`: its copy
    is a temporary file, not a buffer held for the run (the peak was the
    pipe's size and more; about a quarter of it now, a part's objects and
    the reading's buffers)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 16)
    rows = "".join(
        json.dumps({"id": f"q{k}", "prediction": "Paris " * 5}) + "\n" for k in range(80_000)
    )
    data = rows.encode()
    counted = []

    def read():
        with _piped(data) as pipe, holding():
            counted.append(sum(len(objects) for _, objects in jsonl_parts(pipe)))
            counted.append(sum(len(objects) for _, objects in jsonl_parts(pipe)))  # again

    peak = traced_peak(read)
    assert counted == [80_000, 80_000]
    assert peak < len(data) / 2, (peak, len(data))  # (1.3 times the pipe before)


def test_a_pipe_is_copied_a_mebibyte_at_a_time():
    """A pipe was copied into its temporary file 16 MiB at a time, a read's
    buffer that size whatever the pipe (and, once freed, glibc then keeps
    blocks of up to that size in its heap: 0.6 times the audit's escaped
    MKQA file more than read from the file); now a mebibyte at a time."""
    data = b"x" * (8 << 20)

    def read():
        with _piped(data) as pipe, holding():
            assert sources._stored_size(pipe) == len(data)

    peak = traced_peak(read)
    assert peak < 3 << 20, peak  # (16.8 MB before)


_TEMPORARY_FILE = tempfile.TemporaryFile


class _FullFile:
    """A temporary file whose writes fail once ``room`` bytes are written."""

    def __init__(self, room: int) -> None:
        self.file = _TEMPORARY_FILE(buffering=0)  # (closed by the spool)
        self.room = room

    def write(self, data) -> int:
        if self.room <= 0:
            raise OSError(28, "No space left on device")
        taken = bytes(data[: self.room])
        self.room -= len(taken)
        return self.file.write(taken)

    def __getattr__(self, name):
        return getattr(self.file, name)


@pytest.mark.parametrize("room", [None, 0, 5_000, 10**9])
def test_a_pipe_reads_as_the_file_where_no_temporary_file_can_be_written(
    tmp_path, monkeypatch, room
):
    """No temporary file (``None``), or one that fills after ``room``
    bytes: the rest is held in memory, the bytes the same."""
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 12)
    if room is None:

        def refused(*args, **kwargs):
            raise OSError(30, "Read-only file system")

        monkeypatch.setattr(tempfile, "TemporaryFile", refused)
    else:
        monkeypatch.setattr(tempfile, "TemporaryFile", lambda **kwargs: _FullFile(room))
    data = "".join(
        json.dumps({"q": k, "a": "東京" * (k % 7)}) + "\n" for k in range(2_000)
    ).encode()
    with _piped(data) as pipe, holding():
        again = b"".join(sources.file_pieces(pipe))
        whole = bytes(sources.read_bytes(pipe))
    assert again == data and whole == data


def test_a_pipe_leaves_no_file_behind(tmp_path, monkeypatch):
    """The copy has no name in the temporary folder, while it is read and
    after, nor after a pipe refused past the limit."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(sources, "MAX_INPUT_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 12)
    seen = []
    with _piped(b'{"q1": "a"}') as pipe, holding():
        assert sources.read_bytes(pipe) == b'{"q1": "a"}'
        seen.append(os.listdir(tmp_path))
    with _piped(b" " * (1 << 17)) as pipe, holding(), pytest.raises(InputTooLarge):
        sources.read_bytes(pipe)
    assert seen == [[]] and os.listdir(tmp_path) == []
