"""Tokenizers and normalization presets added from outside: through the
entry-point groups answermatch.tokenizers and answermatch.presets, or at run
time."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

import answermatch
from answermatch.errors import UnknownLanguageError
from answermatch.normalization import (
    PRESET_REGISTRY,
    Preset,
    available_presets,
    normalize,
    register_preset,
)
from answermatch.tokenizers import (
    TOKENIZERS,
    get_tokenizer,
    register_tokenizer,
    supported_languages,
    tokenize,
)


def test_a_tokenizer_entry_point_adds_a_language_every_function_knows(monkeypatch):
    point = EntryPoint(name="x-pig", value="toy_tasks:PigTokenizer", group="answermatch.tokenizers")
    monkeypatch.setattr(TOKENIZERS, "_entry_points", {"x-pig": point})
    monkeypatch.setattr(TOKENIZERS, "_loaded", {})
    assert "x-pig" in supported_languages()
    assert tokenize("hello world", "x-pig") == ["ellohay", "orldway"]
    assert get_tokenizer("x-pig").signature() == "pig-latin(1)"
    # the matchers take the language too: "ellohay" shared, one token each side
    assert answermatch.token_f1("hello there", "hello", lang="x-pig") == pytest.approx(2 / 3)


def test_an_unknown_language_is_still_an_error():
    with pytest.raises(UnknownLanguageError, match="unknown language 'x-klingon'"):
        tokenize("qapla'", "x-klingon")


def test_a_tokenizer_registered_at_run_time(monkeypatch):
    from toy_tasks import PigTokenizer

    monkeypatch.setattr(TOKENIZERS, "_loaded", {})
    register_tokenizer("x-pig2", PigTokenizer())
    assert tokenize("abc", "x-pig2") == ["bcaay"]
    with pytest.raises(ValueError, match="already has a tokenizer"):
        register_tokenizer("ja", PigTokenizer())


def test_a_preset_registered_from_outside(monkeypatch):
    monkeypatch.setattr(PRESET_REGISTRY, "_loaded", {})
    monkeypatch.setattr(PRESET_REGISTRY, "_entry_points", {})
    register_preset(Preset("test-upper", "upper case only", lambda lang: (str.upper,)))
    assert "test-upper" in available_presets()
    assert normalize("The cat", preset="test-upper") == "THE CAT"
    with pytest.raises(ValueError, match="already exists"):
        register_preset(Preset("unicode", "again", lambda lang: ()))
    with pytest.raises(ValueError, match="unknown normalization preset 'nope'"):
        normalize("x", preset="nope")
