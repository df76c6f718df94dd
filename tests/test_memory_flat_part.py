"""A long part of an ``{id: text}`` file (one long answer) read as decoded,
string by string (``sources._flat_long_part``): the values, parts and
refusals of its text decoded whole and read by ``json``
(``sources._long_part``), without that text, which one wide character of a
short answer made two or four bytes a character."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.sources as sources
from answermatch.sources import NotFlat, string_object_parts
from conftest import traced_peak

# JSON's own characters, escapes (a backslash at a piece's end included),
# control characters json refuses, wide and multi-byte characters, surrogates
_CHARS = st.sampled_from(
    [*'ab ,:{}"\\/\n\t\r\x00\x1f\x7f', "null", "é", "東", "ก", "😀", "\ud800", "\udc00"]
)
_TEXT = st.lists(_CHARS, max_size=30).map("".join)
_VALUE = st.one_of(
    _TEXT, _TEXT, _TEXT, st.none(), st.none(), st.integers(), st.lists(_TEXT, max_size=2)
)
_KEYS = st.sampled_from(["q1", "q2", "é", "東", "a\\b", 'a"b'])
_SPACE = st.sampled_from(["", " ", "\n", "\t\r ", "\x0b", "\u3000"])


@st.composite
def _part_bytes(draw) -> bytes:
    """A part ``{...}`` as written, strings and nulls alone; or, half the
    time, a little off (other values, raw characters that need an escape,
    other whitespace, a byte changed)."""
    odd = draw(st.booleans())
    ascii_only = draw(st.booleans())
    values = _VALUE if odd else st.one_of(_TEXT, st.none())
    entries = draw(st.lists(st.tuples(_KEYS, values), max_size=5))
    spaces = _SPACE if odd else st.sampled_from(["", " ", "\n", "\t\r "])
    space = draw(spaces)
    inner = f"{space},{draw(spaces)}".join(
        f"{json.dumps(k, ensure_ascii=ascii_only)}{draw(spaces)}:{space}"
        + (
            draw(_TEXT)
            if odd and draw(st.integers(0, 9)) == 0
            else json.dumps(v, ensure_ascii=ascii_only)
        )
        for k, v in entries
    )
    data = ("{" + draw(spaces) + inner + space + "}" + draw(spaces)).encode(
        "utf-8", "surrogatepass"
    )
    changed = draw(st.tuples(st.integers(0, 10**6), st.integers(0, 255)))
    if odd and data and draw(st.booleans()):
        at = changed[0] % len(data)
        data = data[:at] + bytes([changed[1]]) + data[at + 1 :]
    return data


def _whole(pieces, nulls):
    """Every key in order and the entries, as json reads the part's text."""
    try:
        value = sources._long_part(sources._decoded_pieces(pieces), nulls, False)
    except NotFlat:
        return NotFlat
    return getattr(value, "order", None) or list(value), value, list(value)


def _in_parts(pieces, nulls):
    """The same of the parts _flat_parts gives."""
    keys, merged = [], {}
    try:
        for part in sources._flat_parts(pieces, iter(()), nulls):
            keys += getattr(part, "order", None) or list(part)
            merged.update(part)
    except NotFlat:
        return NotFlat
    return keys, merged, list(merged)


@settings(max_examples=500, deadline=None)
@given(
    data=_part_bytes(),
    cuts=st.lists(st.integers(0, 10**6), max_size=8),
    nulls=st.booleans(),
    part=st.integers(1, 40),
)
def test_a_long_part_read_as_decoded_is_its_text_read_by_json(data, cuts, nulls, part):
    """Cut anywhere (inside a character, an escape, a key, ``null``), given
    in parts of a few characters."""
    bounds = sorted({c % (len(data) + 1) for c in cuts} | {0, len(data)})
    pieces = [data[a:b] for a, b in pairwise(bounds)]
    whole = _whole([*pieces], nulls)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(sources, "PART_BYTES", part)
        found = _in_parts(pieces, nulls)
    if found is NotFlat and whole is not NotFlat:  # a part refused for a null given again
        assert not nulls and b"null" in data  # (the caller reads such a file whole, as it
        return  # does a null in a short part)
    assert found == whole
    assert pieces == []  # let go as read


def test_a_long_answer_beside_a_wide_short_one_is_held_about_once(tmp_path, monkeypatch):
    """A 3 MB English answer in a part with a Thai one: its text was made
    whole at two bytes a character, then json's value beside it (3 times)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "LONG_BYTES", 4 << 16)
    answer = ("the quick brown fox jumps over 1914 " * 100_000)[:3_000_000]
    entries = {"a": answer, "b": "กรุงเทพมหานคร", "c": None, "d": "東京\n"}
    path = tmp_path / "pred.json"
    path.write_text(json.dumps(entries, ensure_ascii=False), "utf-8")
    size = path.stat().st_size

    def read():
        found = {k: v for part in string_object_parts(path, nulls=True) for k, v in part.items()}
        assert found == entries

    assert traced_peak(read) < 2.3 * size, size  # 3.0 before
