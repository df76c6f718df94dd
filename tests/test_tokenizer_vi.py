"""Vietnamese: pyvi words and syllables."""

from __future__ import annotations

import json
import sys
import unicodedata
import warnings
from importlib import metadata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.tokenizers import get_tokenizer, tokenize
from answermatch.tokenizers.vi import PyviTokenizer

pytest.importorskip("pyvi")


@pytest.fixture(scope="module")
def tok() -> PyviTokenizer:
    return PyviTokenizer()


SENTENCE = "Hà Nội là thủ đô của Việt Nam."


def test_words_and_syllables(tok: PyviTokenizer) -> None:
    # Hà Nội, thủ đô and Việt Nam are two-syllable words
    assert tokenize(SENTENCE, "vi") == ["Hà_Nội", "là", "thủ_đô", "của", "Việt_Nam", "."]
    assert tok.tokenize(SENTENCE, "syllable") == [
        "Hà",
        "Nội",
        "là",
        "thủ",
        "đô",
        "của",
        "Việt",
        "Nam",
        ".",
    ]


def test_decomposed_input_gives_composed_tokens(tok: PyviTokenizer) -> None:
    nfd = unicodedata.normalize("NFD", SENTENCE)
    assert nfd != SENTENCE
    assert tok.tokenize(nfd) == tok.tokenize(SENTENCE)
    assert tok.tokenize(nfd, "syllable") == tok.tokenize(SENTENCE, "syllable")


@pytest.mark.parametrize("text", ["", " ", "\n\t \u3000"])
def test_blank_text(tok: PyviTokenizer, text: str) -> None:
    assert tok.tokenize(text) == []
    assert tok.tokenize(text, "syllable") == []


def test_newlines_are_dropped(tok: PyviTokenizer) -> None:
    assert tok.tokenize("Thành phố\nHồ Chí Minh") == ["Thành_phố", "Hồ_Chí_Minh"]


def zalo_texts(parity) -> list[str]:
    with open(parity("zalo2019", "test.json"), encoding="utf-8") as f:
        cases = json.load(f)
    texts = []
    for case in cases:
        texts.append(case["question"])
        texts += [p["text"] for p in case["paragraphs"][:1]]
    return texts


def test_matches_raw_pyvi_on_zalo(tok: PyviTokenizer, parity) -> None:
    from pyvi import ViTokenizer

    texts = zalo_texts(parity)
    assert len(texts) > 900
    for text in texts:
        raw = ViTokenizer.ViTokenizer.tokenize(text)
        assert tok.tokenize(text) == raw.split(), text
        syllables = [s for word in raw.split() for s in word.split("_")]
        if "_" not in text:
            assert tok.tokenize(text, "syllable") == syllables, text


@settings(max_examples=150, deadline=None)
@given(text=st.text())
def test_properties(tok: PyviTokenizer, text: str) -> None:
    words = tok.tokenize(text)
    syllables = tok.tokenize(text, "syllable")
    for token in words + syllables:
        assert token and not any(c.isspace() for c in token)
    assert "".join(syllables) == "".join(unicodedata.normalize("NFC", text).split())
    assert "".join(words).replace("_", "") == "".join(syllables).replace("_", "")


def test_only_the_sklearn_version_warning_is_silenced(tmp_path, monkeypatch) -> None:
    fake = tmp_path / "pyvi"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "ViTokenizer.py").write_text(
        "import warnings\n"
        "warnings.warn('Trying to unpickle estimator CRF from version 0.20 when using "
        "version 1.9. This might lead to breaking code', UserWarning)\n"
        "warnings.warn('another warning', UserWarning)\n"
        "class ViTokenizer:\n"
        "    tokenize = staticmethod(lambda text: text)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("pyvi", "pyvi.ViTokenizer"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fake_tok = PyviTokenizer()
    assert [str(w.message) for w in caught] == ["another warning"]
    assert fake_tok.tokenize("a_b c") == ["a_b", "c"]


def test_registry_modes_and_signature(tok: PyviTokenizer) -> None:
    assert isinstance(get_tokenizer("vi"), PyviTokenizer)
    with pytest.raises(ValueError, match="its modes: word, syllable"):
        tok.tokenize("Việt Nam", "char")
    assert tok.signature() == (
        f"pyvi({metadata.version('pyvi')},python-crfsuite={metadata.version('python-crfsuite')})"
    )
