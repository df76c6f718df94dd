"""One long answer (a long JSON Lines line, a long string of a ``{id: text}``
file) read holding its bytes and text about once: decoded piece by piece
(``sources._decoded_pieces``), the values exactly those of the whole reading."""

from __future__ import annotations

import codecs
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.sources as sources
from answermatch.errors import InputError
from answermatch.sources import NotFlat, NotJson, jsonl_columns, jsonl_parts, string_object_parts
from conftest import traced_peak

# characters that need escapes, surrogate pairs, lone surrogates, multi-byte UTF-8
_CHARS = st.sampled_from([*'ab ,:"\\/\n\t\x00\x7f', "é", "東", "서", "😀", "\ud800", "\udc00"])
_TEXT = st.text(_CHARS, max_size=40)
_VALUE = st.one_of(_TEXT, _TEXT, st.none(), st.integers(), st.lists(_TEXT, max_size=2))
_ENTRIES = st.lists(
    st.tuples(st.sampled_from(["q1", "q2", "q3", "é", "\ud800"]), _VALUE), max_size=6
)


def _object_bytes(entries, ascii_only: bool, spaced: bool) -> bytes:
    sep = ", " if spaced else ","
    inner = sep.join(
        json.dumps(key, ensure_ascii=ascii_only) + ": " + json.dumps(value, ensure_ascii=ascii_only)
        for key, value in entries
    )
    # raw lone surrogates (ensure_ascii=False) become bytes that are not UTF-8
    return ("{" + inner + "}").encode("utf-8", "surrogatepass")


def _changed(data: bytes, cut: int | None, byte: int) -> bytes:
    if cut is None or not data:
        return data
    cut %= len(data)
    return data[:cut] + bytes([byte]) + data[cut + 1 :]


def _parts(path, nulls: bool, odd: bool):
    try:
        return [
            (dict(part), getattr(part, "order", None))
            for part in string_object_parts(path, nulls=nulls, odd=odd)
        ]
    except NotFlat:
        return None


def _flat(parts):
    """The key of every entry, in order, and the values the whole reading keeps."""
    keys, merged = [], {}
    for value, order in parts:
        keys += list(value) if order is None else order
        merged.update(value)
    return keys, merged


@settings(max_examples=300, deadline=None)
@given(
    entries=_ENTRIES,
    ascii_only=st.booleans(),
    spaced=st.booleans(),
    bom=st.booleans(),
    cut=st.one_of(st.none(), st.integers(0, 10**6)),
    byte=st.integers(0, 255),
    part=st.integers(3, 40),
    nulls=st.booleans(),
    odd=st.booleans(),
)
def test_long_parts_are_the_whole_reading(
    tmp_path_factory, entries, ascii_only, spaced, bom, cut, byte, part, nulls, odd
):
    data = _changed(_object_bytes(entries, ascii_only, spaced), cut, byte)
    path = tmp_path_factory.mktemp("long") / "pred.json"
    path.write_bytes(codecs.BOM_UTF8 + data if bom else data)
    patch = pytest.MonkeyPatch()
    with patch.context() as patched:
        patched.setattr(sources, "PART_BYTES", part)
        patched.setattr(sources, "LONG_BYTES", 1 << 40)  # every part joined: the earlier path
        before = _parts(path, nulls, odd)
        patched.setattr(
            sources, "LONG_BYTES", part
        )  # parts of more than a piece: decoded in pieces
        after = _parts(path, nulls, odd)
    try:
        whole = json.loads(data.decode("utf-8"))
    except ValueError:  # not UTF-8 or not JSON: the whole reading names it
        assert after is None
        return
    if before is not None:  # what was read in parts still is: the same entries
        # (a part that goes on past a cut may end elsewhere: every key, and the values kept)
        assert after is not None and _flat(after) == _flat(before)
    if after is None:
        return
    merged: dict = {}
    for value, _ in after:
        merged.update(value)
    assert merged == whole and list(merged) == list(whole)
    kinds = {str, type(None)} if nulls else {str}
    assert odd or {type(value) for value in whole.values()} <= kinds


def _rows_bytes(rows, ascii_only: bool, crlf: bool, last_newline: bool) -> bytes:
    end = "\r\n" if crlf else "\n"
    text = end.join(json.dumps(row, ensure_ascii=ascii_only) for row in rows)
    return (text + (end if last_newline else "")).encode("utf-8", "surrogatepass")


def _jsonl(path):
    try:
        parts = list(jsonl_parts(path))  # (a long line is a part alone: compared flat)
        return [n for numbers, _ in parts for n in numbers], [o for _, objs in parts for o in objs]
    except NotJson as exc:
        return str(exc.error)
    except NotFlat:
        return None


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(
        st.one_of(st.dictionaries(st.sampled_from(["id", "prediction"]), _VALUE), _TEXT), max_size=5
    ),
    ascii_only=st.booleans(),
    crlf=st.booleans(),
    last_newline=st.booleans(),
    cut=st.one_of(st.none(), st.integers(0, 10**6)),
    byte=st.integers(0, 255),
    part=st.integers(3, 40),
)
def test_long_lines_are_the_whole_reading(
    tmp_path_factory, rows, ascii_only, crlf, last_newline, cut, byte, part
):
    data = _changed(_rows_bytes(rows, ascii_only, crlf, last_newline), cut, byte)
    assert_read_as_whole(tmp_path_factory, data, part)


def assert_read_as_whole(tmp_path_factory, data: bytes, part: int, **settings) -> None:
    """The file of ``data`` read in parts of ``part`` bytes, its lines long
    past ``part`` bytes (and ``sources``' other ``settings``), gives what
    the whole reading gives: the same parts, or the same error."""
    path = tmp_path_factory.mktemp("long") / "pred.jsonl"
    path.write_bytes(data)
    patch = pytest.MonkeyPatch()
    with patch.context() as patched:
        patched.setattr(sources, "PART_BYTES", part)
        patched.setattr(sources, "LONG_BYTES", 1 << 40)
        before = _jsonl(path)
        patched.setattr(sources, "LONG_BYTES", part)
        for name, value in settings.items():
            patched.setattr(sources, name, value)
        after = _jsonl(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:  # NotFlat; or an earlier line's error, which a caller
        # gives only where the rest of the file is UTF-8 (``decodes_as_utf8``)
        assert after is None or isinstance(after, str)
        return
    if after != before:  # a key given again warns (None: read whole by its caller) before a
        # later line's error in one reading, where the other decodes both lines in one part
        assert None in (after, before) and isinstance(after or before, str)
        after = after or before
    if after is None:  # (the same parts, or the same error, but where a key given again warns)
        return
    try:
        numbers, objects = jsonl_columns(text, str(path))
    except InputError as exc:
        assert after == str(exc)
        return
    assert after == (list(numbers), objects)


_KOREAN = "서울특별시 대한민국 1945년 한국어 " * 100


def test_a_long_korean_answer_holds_its_bytes_about_once(tmp_path, monkeypatch):
    """Its UTF-8 decoding once reserved two bytes per byte while the bytes
    were held (about 3 times the file); now the text is made piece by piece."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "LONG_BYTES", 4 << 16, raising=False)
    monkeypatch.setattr(sources, "LONG_STRING_CHARS", 1 << 16, raising=False)
    path = tmp_path / "pred.json"
    answer = (_KOREAN * 1000)[:1_500_000]
    path.write_text(json.dumps({"a": "서울", "b": answer, "c": "x"}, ensure_ascii=False), "utf-8")
    size = path.stat().st_size

    def read():
        entries = {key: value for part in string_object_parts(path) for key, value in part.items()}
        assert entries == {"a": "서울", "b": answer, "c": "x"}

    assert traced_peak(read) < 2.2 * size, size  # 4 times before


@pytest.mark.parametrize("odd", [False, True])
@pytest.mark.parametrize("last", [False, True])
def test_a_long_ascii_answer_is_not_widened_by_the_entries_after_it(
    tmp_path, monkeypatch, odd, last
):
    """A long ASCII answer then an entry with an emoji (issue 25's SQuAD
    file of one 50-million-character answer: 3.15 times it): the long
    part's text, once cut at the last separator of its last piece, held
    that entry, four bytes a character for the whole text; now it ends at
    the first separator, its text one byte a character (also where the
    answer ends in the file's last piece, and for a reader that keeps
    values of any kind)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "LONG_BYTES", 4 << 16, raising=False)
    path = tmp_path / "pred.json"
    answer = ("the quick brown fox " * 200_000)[:3_000_000]
    after = {f"q{k}": "😀 é" for k in range(20 if last else 20_000)}
    entries = {"a": "x", "b": answer, **after}
    path.write_text(json.dumps(entries, ensure_ascii=False), "utf-8")
    size = path.stat().st_size

    def read():
        got = {
            key: value for part in string_object_parts(path, odd=odd) for key, value in part.items()
        }
        assert got == entries

    assert traced_peak(read) < 2.3 * size, size  # 4.5 to 5.1 times before


def test_a_long_jsonl_line_holds_its_bytes_about_once(tmp_path, monkeypatch):
    """The long line's bytes were joined while its pieces were held, then
    decoded, split off and decoded as JSON, all at once (5 times the file)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "LONG_BYTES", 4 << 16, raising=False)
    path = tmp_path / "en.jsonl"
    answer = ("the quick brown fox " * 200_000)[:4_000_000]
    rows = [{"example_id": 1, "prediction": answer}, {"example_id": 2, "prediction": "yes"}]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), "utf-8")
    size = path.stat().st_size

    def read():
        objects = [obj for _, part in jsonl_parts(path) for obj in part]
        assert objects == rows

    assert traced_peak(read) < 2.3 * size, size  # 4.5 to 5.1 times before


@pytest.mark.parametrize("value", [",", ", ", ",x", '","', '", "'])
@pytest.mark.parametrize("part", [3, 4, 5, 8])
def test_a_long_string_that_starts_with_a_comma_is_read_in_parts(tmp_path, value, part):
    """The opening quote of a long string and a comma after it (the value
    ``","``) look like a separator's end: the long entry was cut there, its
    part was not JSON, and the file went to the whole reading where parts
    of the earlier path read it (found by the hypothesis test above with
    other seeds: ``{"q1": ","}`` in parts of 4 bytes). A separator is now
    sought after the string's first character."""
    data = json.dumps({"q1": value, "q2": "c"}, separators=(",", ":")).encode()
    path = tmp_path / "pred.json"
    path.write_bytes(data)
    with pytest.MonkeyPatch().context() as patched:
        patched.setattr(sources, "PART_BYTES", part)
        patched.setattr(sources, "LONG_BYTES", 1 << 40)  # every part joined: the earlier path
        before = _parts(path, nulls=False, odd=False)
        patched.setattr(sources, "LONG_BYTES", part)
        after = _parts(path, nulls=False, odd=False)
    if (value, part) == (",", 4):
        assert before is not None
    if before is not None:
        assert after is not None and _flat(after) == _flat(before)
        assert _flat(after)[1] == json.loads(data)
