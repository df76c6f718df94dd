"""A long string given whole to a ``TextColumn`` is held as that str (not as
its UTF-8 and again as the str decoded when it is read), and the column
reads back as the list of its strings in every method, long and short
strings mixed, built in any way (``items.HELD_BYTES``)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.items as items_module
from answermatch.items import HELD_BYTES, ItemColumns, Places, TextColumn, TextParts, written
from answermatch.outputs import json_line, json_line_chunks
from conftest import traced_held

# ASCII, Latin-1, two-byte and three-byte characters, astral ones, lone surrogates, a TAB
_CHARS = st.sampled_from(["a", "b", " ", "\t", "é", "ł", "Ж", "日", "本", "😀", "\ud800", "\udc00"])
_TEXT = st.lists(_CHARS, max_size=14).map("".join)
# small limits, so that strings of a few characters are long: held as str where they fit
_SMALL = {"_PIECE": 3, "HELD_BYTES": 4}


def _encoded(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _built(texts: list[str], how: int) -> TextColumn:
    """A column of ``texts``: made at once, extended one by one, in
    batches of many, or with every third string given in parts."""
    if how == 0:
        return TextColumn(texts)
    column = TextColumn()
    if how == 1:
        for text in texts:
            column.extend([text])
    elif how == 2:
        column.extend(iter(texts * 1))  # an iterator: read in batches
    else:
        for k, text in enumerate(texts):
            if k % 3 == 2:
                column.append_parts([text[:2], text[2:]])
            else:
                column.extend((text,))
    return column


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(_TEXT, max_size=12),
    how=st.integers(0, 3),
    size=st.integers(1, 7),
    needle=st.sampled_from(["a", "ab", "\t", "ł", "日本", "😀", "b a", "é"]),
)
def test_a_column_with_strings_held_as_str_reads_as_its_list(texts, how, size, needle):
    with pytest.MonkeyPatch.context() as patch:
        for name, value in _SMALL.items():
            patch.setattr(items_module, name, value)
        column = _built(texts, how)
        plain = TextColumn()  # every string as its UTF-8: the column as it was
        for text in texts:
            plain.append_parts([text])
        assert not plain._held
        if how != 3 and any(len(_encoded(t)) > 4 and len(t) > 3 for t in texts):
            assert column._held  # some are held as str
        for k, (text, _) in column._held.items():
            assert column[k] is text is column[k - len(texts)]  # the same str, each read
        assert list(column) == texts and len(column) == len(texts) and column == texts
        assert [column[k] for k in range(-len(texts), len(texts))] == texts + texts
        for step in (1, 2, -1, -3):
            assert column[1::step] == texts[1::step] and column[:-2:step] == texts[:-2:step]
        for start in range(len(texts) + 1):
            assert list(column.iter_from(start)) == texts[start:]
        for k, text in enumerate(texts):
            assert column.size(k) == column.size(k - len(texts)) == len(_encoded(text))
            assert list(column.parts(k, size)) == list(plain.parts(k, size))  # the same cuts
            assert "".join(column.parts(k, size)) == text
        expected = [k if len(_encoded(t)) > size else t for k, t in enumerate(texts)]
        assert list(column.texts(size)) == expected
        assert column.holding(needle) == [k for k, t in enumerate(texts) if needle in t]
        assert repr(column) == repr(plain)
        assert pickle.loads(pickle.dumps(column)) == texts
        for first in range(len(texts)):
            run = texts[first : first + 3]
            assert column.same_run(first, run)
            assert not column.same_run(first, [*run[:-1], run[-1] + "x"])
        assert not column.same_run(0, []) and not column.same_run(len(texts), ["a"])
        distinct = list(dict.fromkeys(texts))
        places = Places(_built(distinct, how))
        assert [places.find(t) for t in distinct] == list(range(len(distinct)))
        found = places.among([*reversed(distinct), "none"])
        assert found == {t: distinct.index(t) for t in reversed(distinct)}
        assert not places.repeated()
        assert Places(column).repeated() == (len(distinct) < len(texts))
        copied = column.copy()
        assert copied == texts and copied._held == column._held
        popped = []
        while column:
            popped.append(column.pop())
            assert list(column) == texts[: len(column)] and repr(column) == repr(
                TextColumn(texts[: len(column)])
            )
        assert popped == texts[::-1] and not column._held and copied == texts
        copied.extend(["end", "x" * 9])
        assert copied == [*texts, "end", "x" * 9]


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(_TEXT, min_size=1, max_size=6), size=st.integers(1, 9))
def test_items_of_a_column_holding_strs_are_written_as_their_json_lines(texts, size):
    with pytest.MonkeyPatch.context() as patch:
        for name, value in _SMALL.items():
            patch.setattr(items_module, name, value)
        patch.setattr(items_module, "LONG_BYTES", size)
        items = ItemColumns({"text": TextColumn(texts)})
        chunks = ["".join(json_line_chunks(item)) for item in written(items)]
        assert chunks == [json_line(item) for item in items]
        kinds = [type(item["text"]) for item in written(items)]
        assert kinds.count(TextParts) == sum(len(_encoded(t)) > size for t in texts)


@pytest.mark.parametrize(
    "long",
    [
        "röntgen Kraków " * 100_000,  # 1.7 MB of UTF-8, 1.5 MB as str (Latin-1)
        "東京都の人口は約1400万人です。" * 50_000,  # 2.2 MB of UTF-8, 1.6 MB as str
        # Hangul with digits and Latin words: 1.6 MB of UTF-8, 1.9 MB as str (2 bytes a
        # character), still less than its bytes and the str decoded from them
        "서울은 1,000명 《토지》 1969년 KBS (서울) " * 30_000,
    ],
)
def test_a_long_string_is_held_as_the_str_given_and_no_bytes(long):
    column, peak, held = traced_held(TextColumn, ["q1", long, "q2"])
    assert column[1] is long and list(column) == ["q1", long, "q2"]
    assert column.size(1) == len(long.encode("utf-8")) > HELD_BYTES
    # the column: its offsets and a dict entry, not the megabytes its bytes took
    assert held < 10_000 and peak < 500_000, (held, peak)  # one piece encoded to count
    _, peak, _ = traced_held(list, column)
    assert peak < 10_000  # reading it decodes nothing


def test_a_long_string_wider_as_str_than_as_utf8_stays_bytes():
    # one character beyond the BMP makes CPython hold the whole str at 4 bytes a character
    long = "a" * (2 * HELD_BYTES) + "😀"
    column = TextColumn([long, "b"])
    assert not column._held and column[0] == long and column[0] is not long
    assert column.size(0) == 2 * HELD_BYTES + 4
    # Polish: 2 bytes a character as a str (ą is beyond Latin-1), about 1.03 as UTF-8
    polish = "Warszawa jest stolicą Polski. " * 40_000
    assert not TextColumn([polish])._held and TextColumn([polish])[0] == polish
    short = "日" * (HELD_BYTES // 3)  # exactly HELD_BYTES of UTF-8: not long
    assert not TextColumn([short])._held
    assert TextColumn([short + "日"])._held
