"""The optional compiled character deletion (``csrc/text.c``) against
``str.translate``: the same str on any text and any set, in the smallest
kind that holds it (equal strs of different kinds would compare equal but
hash and compare slowly, and break CPython's invariants). Where it is not
built this module skips, which CI (``CI`` set, see conftest) counts as a
failure."""

from __future__ import annotations

import string
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.normalization import deletion
from answermatch.normalization.deletion import deleter
from answermatch.tasks.squad.rules import mlqa_punctuation

compiled = pytest.importorskip(
    "_answermatch_text", reason="the compiled deletion is not built in this environment"
)

ANY = st.text(st.characters(exclude_categories=()), max_size=40)
# texts mixing 1-, 2- and 4-byte kinds with characters of the sets below
MIXED = st.text(alphabet="aé-,.«»—、。\U0001f600\ud800 \u0100x", max_size=30)


def _translated(text: str, characters) -> str:
    return text.translate(dict.fromkeys(ord(c) if isinstance(c, str) else c for c in characters))


def _same(text: str, characters) -> None:
    got = deleter(characters)(text)
    expected = _translated(text, characters)
    assert got == expected
    assert type(got) is str
    assert max(map(ord, got), default=0) == max(map(ord, expected), default=0)
    assert sys.getsizeof(got) == sys.getsizeof(expected)  # the same (smallest) kind


@settings(max_examples=400, deadline=None)
@given(ANY | MIXED, st.sets(st.sampled_from("-,.«»—、。\U0001f600\ud800é a"), max_size=6))
def test_same_as_translate_on_any_text(text, characters):
    _same(text, characters)


@settings(max_examples=200, deadline=None)
@given(ANY | MIXED)
def test_same_as_translate_with_mlqa_punctuation(text):
    _same(text, mlqa_punctuation())


@pytest.mark.parametrize(
    "text", ["", "plain", "a-b", "—", "é—", "\u0100—x", "x\U0001f600y", "—" * 1000 + "é"]
)
def test_the_kind_narrows_to_what_is_left(text):
    _same(text, "—\U0001f600")


def test_unchanged_text_is_returned_as_a_str():
    class Text(str):
        pass

    got = deleter("-")(Text("abc"))
    assert got == "abc" and type(got) is str


def test_the_pure_python_path_is_the_same(monkeypatch):
    monkeypatch.setattr(deletion, "_compiled_delete", None)
    assert not deletion.accelerated()
    assert deleter(string.punctuation)("a.b, c!") == "ab c"
    monkeypatch.undo()
    assert deletion.accelerated()


def test_bad_arguments():
    with pytest.raises(ValueError, match="not a code point"):
        deleter([0x110000])
    with pytest.raises(TypeError, match="bitmap of 139,264 bytes and a str"):
        compiled.delete(b"short", "text")
