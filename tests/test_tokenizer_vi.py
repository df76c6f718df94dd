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
        "class Tagger:\n"
        "    def tag(self, features):\n"
        "        return ['B_W' for _ in features]\n"
        "class Model:\n"
        "    tagger_ = Tagger()\n"
        "class ViTokenizer:\n"
        "    model = Model()\n"
        "    sylabelize = staticmethod(lambda text: (text, text.split()))\n"
        "    word2features = staticmethod(lambda syllables, k, training: {'w': syllables[k]})\n"
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


# --- the model's input made one syllable at a time (issue 25) --------------------------------

_VI_WORDS = [
    "Hà", "Nội", "là", "thủ", "đô", "của", "Việt", "Nam", "thành", "phố", "có", "hơn", "tám",
    "triệu", "dân", "HÀ", "NỘI", "Mr.", "TP.", "Đ.", "1.000,5", "12a", "x@y.com", "http://a.b/c",
    "==>", "->", "...", ",", ".", "-", "(", ")", '"', "Trường", "Đại", "học", "Bách", "Khoa",
    "bóng", "đá", "ABC", "é", "\u0301", "e\u0301", "_", "a_b",
]  # fmt: skip
_VI_SPACES = [" ", " ", " ", "  ", "\n", "\t", "", "\u3000", ". "]


@pytest.mark.parametrize("seed", range(8))
def test_words_are_pyvis_own(seed: int) -> None:
    """The syllables' features handed over one at a time without their 0
    values give pyvi's own output, character for character."""
    import random

    from pyvi import ViTokenizer

    from answermatch.tokenizers.vi import _words

    vi = ViTokenizer.ViTokenizer
    rng = random.Random(seed)
    for _ in range(40):
        text = "".join(
            rng.choice(_VI_WORDS) + rng.choice(_VI_SPACES) for _ in range(rng.randrange(0, 80))
        )
        assert _words(vi, text) == vi.tokenize(text), text
    long_text = "".join(rng.choice(_VI_WORDS) + rng.choice(_VI_SPACES) for _ in range(5000))
    assert _words(vi, long_text) == vi.tokenize(long_text)


def test_a_long_text_holds_no_feature_list(tok: PyviTokenizer) -> None:
    """pyvi builds a list of every syllable's feature dict (about 230 bytes
    a character in Python objects, besides CRFsuite's copy); they are now
    made one at a time (about 50 bytes a character: the syllables and the
    words)."""
    import tracemalloc

    tok.tokenize(SENTENCE)
    sample = "Hà Nội là thủ đô của Việt Nam. Thành phố có hơn tám triệu dân. "
    text = (sample * 400)[:25_000]
    tracemalloc.start()
    try:
        words = tok.tokenize(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert words[:3] == ["Hà_Nội", "là", "thủ_đô"]
    assert peak < 100 * len(text), (peak, len(text))
