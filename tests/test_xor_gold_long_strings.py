"""An XOR-TyDi gold line holding one very long string (issue 25): the
release layout's reader takes the line's long strings out of it as it
decodes the line piece by piece (``sources.text_blocks``), so a long answer
is held once, not also within the line's text (2 bytes a character there
where the question is not Latin-1: ``check-gold xor-retrieve`` of a long
answer of letters peaked at 2.95 times the gold). Read so, every gold gives
the columns the line read whole gives, wherever its pieces are cut."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch import sources
from answermatch.tasks.xor import data as xor_data
from answermatch.tasks.xor.layout import release_layout
from conftest import traced_peak

# quotes, backslashes, controls (escaped), non-BMP and lone surrogates (escaped)
_CHARS = st.one_of(
    st.sampled_from('ab "\\\n\t\x00é東😀\ud800\udc00\u2028'),
    st.characters(codec="utf-8"),
)
_TEXT = st.text(_CHARS, max_size=12)
_LONG = st.builds(
    lambda unit, times: unit * times, st.text(_CHARS, min_size=1, max_size=5), st.integers(0, 60)
)
_FIELD = st.one_of(_TEXT, _LONG)


@st.composite
def _gold(draw):
    rows = draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "id": _FIELD,
                    "question": _FIELD,
                    "answers": st.lists(_FIELD, max_size=3),
                    "lang": _FIELD,
                    "split": _FIELD,
                }
            ),
            min_size=1,
            max_size=4,
        )
    )
    # (a lone surrogate can only be written escaped)
    ascii_only = draw(st.booleans()) or any(map(_surrogates, rows))
    lines = [json.dumps(row, ensure_ascii=ascii_only) for row in rows]
    if draw(st.booleans()):  # a line out of the layout
        at = draw(st.integers(0, len(lines) - 1))
        lines[at] = json.dumps(rows[at], ensure_ascii=True, separators=(",", ":"))
    return "\n".join(lines) + ("\n" if draw(st.booleans()) else "")


def _surrogates(row: dict) -> bool:
    return any(0xD800 <= ord(char) <= 0xDFFF for char in json.dumps(row, ensure_ascii=False))


def _whole(text: str):
    """The columns of the text read whole, as ``release_layout`` reads them."""
    found = release_layout(text)
    if found is None:
        return None
    ids, langs, answers = found
    return ids, langs, list(answers)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=_gold(),
    part=st.integers(1, 9),
    long_bytes=st.integers(1, 80),
    long_chars=st.integers(9, 40),
)
def test_a_long_line_read_in_pieces_gives_what_the_whole_line_gives(
    tmp_path_factory, text, part, long_bytes, long_chars
):
    path = tmp_path_factory.mktemp("gold") / "gold.jsonl"
    path.write_bytes(text.encode("utf-8"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sources, "PART_BYTES", part)  # pieces cut anywhere, in a character too
        patch.setattr(sources, "LONG_BYTES", long_bytes)
        # (above the keys' length: a key this long is left to the whole reading)
        patch.setattr(sources, "LONG_STRING_CHARS", long_chars)
        found = xor_data._layout_in_blocks(path)
    expected = _whole(text)
    if found is None:
        assert expected is None or not expected[0]
        return
    ids, langs, answers = found
    assert (list(ids), langs, list(answers)) == expected


def test_a_long_answer_is_held_once(tmp_path, monkeypatch):
    """A gold whose first line has a Telugu question and an answer of
    5,000,010 ASCII letters (a long line: over 4 MiB): reading its columns peaked at 3 times the
    gold (the line's text at 2 bytes a character, beside the answer taken
    out of it); now the answer and a few copies of a piece of the file
    (of 64 KiB here, for a figure that is the answer's alone)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    answer = "wilhelmroentgen" * 333_334
    rows = [
        {"id": "q1", "question": "ఒరెగాన్ రాష్ట్రం ?", "answers": [answer, "x"], "lang": "te"},
        {"id": "q2", "question": "ఏది ?", "answers": ["Portland"], "lang": "te"},
    ]
    path = tmp_path / "gold.jsonl"
    path.write_text(
        "".join(json.dumps({**row, "split": "dev"}, ensure_ascii=False) + "\n" for row in rows),
        encoding="utf-8",
    )
    size = path.stat().st_size
    found = []
    peak = traced_peak(lambda: found.append(xor_data._layout_in_blocks(path)))
    ids, langs, answers = found[0]
    assert list(ids) == ["q1", "q2"] and langs == ["te", "te"]
    assert list(answers) == [(answer, "x"), ("Portland",)]
    assert peak < 1.6 * size, peak / size
