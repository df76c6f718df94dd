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


# --- pyvi's model decoded syllable by syllable (vi_crf) ----------------------------------------

_MORE_WORDS = [
    *_VI_WORDS,
    "ΑΣ", "Σ", "ΣΑ", "σς", "\x00", "a\x00b", "http://x\x00y", "\n", "İ", "ß", "Ǆ", "Ⅻ", "²",
    "ﬁ", "đ", "Đ", "ĐẠI", "ngày", "Ngày", "NGÀY", "09", "1945", "x", "X", "'", "…", "“", "»",
]  # fmt: skip


def _crfsuite_labels(vi, text: str) -> list[str]:
    """CRFsuite's own labels of ``text`` (pyvi's features, its tagger)."""
    from answermatch.tokenizers.vi import _nonzero

    syllables = vi.sylabelize(text)[1]
    return vi.model.tagger_.tag(
        _nonzero(vi.word2features(syllables, k, False)) for k in range(len(syllables))
    )


def _decoded_labels(segmenter, text: str) -> list[str]:
    text = unicodedata.normalize("NFC", text)
    return [segmenter.model.labels[label] for label in segmenter.labels(text)]


def test_pyvis_model_is_read_from_its_crfsuite_file(tok: PyviTokenizer) -> None:
    from pyvi import ViTokenizer

    segmenter = tok._segmenter
    assert segmenter is not None  # else every text would go through CRFsuite
    model = segmenter.model
    assert list(model.labels) == ViTokenizer.ViTokenizer.model.tagger_.labels()
    assert len(model.attributes) > 6000
    assert segmenter.bias is not None and segmenter.lower["nội"] != 0


def _vietnamese_texts(parity) -> list[str]:
    texts = zalo_texts(parity)
    with open(parity("mlqa", "xquad.vi.json"), encoding="utf-8") as f:
        for article in json.load(f)["data"]:
            for paragraph in article["paragraphs"]:
                texts.append(paragraph["context"])
                for qa in paragraph["qas"]:
                    texts.append(qa["question"])
                    texts += [answer["text"] for answer in qa["answers"]]
    for name in ("pred_vi_seed1.json", "pred_vi_seed2.json"):
        with open(parity("mlqa", name), encoding="utf-8") as f:
            texts += list(json.load(f).values())
    return list(dict.fromkeys(texts))


def test_real_vietnamese_gets_pyvis_words(tok: PyviTokenizer, parity) -> None:
    """Zalo, XQuAD vi (contexts, questions, answers) and MLQA vi
    predictions: each short text's words are pyvi's own, character for
    character; all of them as one long text (half a million characters)
    get CRFsuite's labels, and the words CRFsuite's labels give."""
    from pyvi import ViTokenizer

    from answermatch.tokenizers.vi import _words

    vi = ViTokenizer.ViTokenizer
    texts = _vietnamese_texts(parity)
    assert len(texts) > 5000
    for text in texts:
        if len(text) < 300:
            assert tok.tokenize(text) == vi.tokenize(text).split(), text
    whole = "\n".join(texts)
    assert len(whole) > 450_000
    assert _decoded_labels(tok._segmenter, whole) == _crfsuite_labels(vi, whole)
    assert tok.tokenize(whole) == _words(vi, whole).split()


@pytest.mark.parametrize("seed", range(6))
def test_random_syllables_get_crfsuites_labels_and_pyvis_words(
    tok: PyviTokenizer, seed: int
) -> None:
    """Syllables of every kind (case, digits, punctuation, addresses,
    newlines, NUL, Greek sigma, decomposed accents) in any spacing."""
    import random

    from pyvi import ViTokenizer

    vi = ViTokenizer.ViTokenizer
    rng = random.Random(seed)
    for _ in range(60):
        text = "".join(
            rng.choice(_MORE_WORDS) + rng.choice(_VI_SPACES) for _ in range(rng.randrange(0, 60))
        )
        assert tok.tokenize(text) == vi.tokenize(text).split(), text
        assert _decoded_labels(tok._segmenter, text) == _crfsuite_labels(vi, text), text
    long_text = "".join(rng.choice(_MORE_WORDS) + rng.choice(_VI_SPACES) for _ in range(20_000))
    assert tok.tokenize(long_text) == vi.tokenize(long_text).split()


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_any_text_gets_pyvis_words(tok: PyviTokenizer, text: str) -> None:
    from pyvi import ViTokenizer

    assert tok.tokenize(text) == ViTokenizer.ViTokenizer.tokenize(text).split()


def test_a_lone_surrogate_is_refused_before_crfsuite_sees_it(tok: PyviTokenizer) -> None:
    """pyvi fails on it inside python-crfsuite (its features are encoded
    in UTF-8), with a SystemError that leaves the error pending for the
    next call; the text is refused first, naming the character."""
    with pytest.raises(UnicodeEncodeError, match="surrogates not allowed"):
        tok.tokenize("Hà Nội \ud800 là")
    assert tok.tokenize("Hà Nội") == ["Hà_Nội"]
    assert tok.tokenize("\ud800", "syllable") == ["\ud800"]


@pytest.mark.parametrize("c1", [1e9, 5.0, 0.5, 0.0])
def test_ties_and_label_order_are_crfsuites(tmp_path, c1: float) -> None:
    """Models trained here by CRFsuite on pyvi's features: with every
    weight 0 (each step a tie, labels in the training data's order, I_W
    first), with one weight (ties at every other step), a few, and all:
    the decoded labels are CRFsuite's tagger's."""
    import random

    import pycrfsuite
    from pyvi import ViTokenizer

    from answermatch.tokenizers.vi import _nonzero
    from answermatch.tokenizers.vi_crf import Segmenter, read_model

    vi = ViTokenizer.ViTokenizer
    rng = random.Random(int(c1))
    words = ["Hà", "Nội", "là", "thủ", "đô", "HÀ", "1.000,5", ",", ".", "ΑΣ", "Việt", "Nam"]

    def features(syllables):
        return [_nonzero(vi.word2features(syllables, k, False)) for k in range(len(syllables))]

    trainer = pycrfsuite.Trainer(verbose=False)
    for _ in range(30):
        syllables = [rng.choice(words) for _ in range(rng.randrange(1, 12))]
        trainer.append(features(syllables), [rng.choice(["I_W", "B_W"]) for _ in syllables])
    trainer.set_params({"c1": c1, "c2": 0.0, "max_iterations": 50})
    path = str(tmp_path / "model.crfsuite")
    trainer.train(path)
    with open(path, "rb") as f:
        model = read_model(f.read())
    tagger = pycrfsuite.Tagger()
    tagger.open(path)
    segmenter = Segmenter(model, vi.bi_grams, vi.tri_grams)
    assert list(model.labels) == tagger.labels()
    for _ in range(200):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 30)))
        assert _decoded_labels(segmenter, text) == tagger.tag(features(vi.sylabelize(text)[1]))
    if c1 == 1e9:
        assert model.labels[0] == "I_W" and not any(model.attributes.values())


def test_a_model_file_that_is_not_crfsuites_is_refused() -> None:
    from answermatch.tokenizers.vi_crf import ModelFormatError, read_model

    for data in (b"", b"lCRF" + bytes(60), b"not a model at all, but long enough for a header"):
        with pytest.raises(ModelFormatError):
            read_model(data)


def test_a_long_text_takes_a_few_bytes_a_syllable(tok: PyviTokenizer) -> None:
    """pyvi's feature dicts, CRFsuite's copy of them and the list of
    syllables took about 225 bytes a character (Python's part alone, which
    is what is traced here, was 20 times the text's own size); decoded
    syllable by syllable, a long text's words take less than twice the
    text (one byte a syllable for the path, the words' list with equal
    words sharing one string)."""
    import sys

    from answermatch.tokenizers.vi import _words
    from conftest import traced_peak

    tok.tokenize(SENTENCE)
    sample = "Hà Nội là thủ đô của Việt Nam. Thành phố có hơn tám triệu dân. "
    text = (sample * 5000)[:300_000]
    words: list[str] = []
    peak = traced_peak(lambda: words.extend(tok.tokenize(text)))
    assert words == _words(tok._vi, text).split()
    assert peak < 2 * sys.getsizeof(text), (peak, sys.getsizeof(text))
