"""Vietnamese: pyvi word segmentation, or its syllables.

Vietnamese writes one syllable per space-separated unit, and a word can span
several (``Hà Nội``). pyvi (https://github.com/trungtv/pyvi) splits the text
into syllables, then a CRF model (shipped with pyvi, run by python-crfsuite)
decides which neighbours form a word.

Modes:

- ``word`` (default): ``ViTokenizer.tokenize``, whose words join their
  syllables with ``_`` (``Hà_Nội``).
- ``syllable``: pyvi's own syllable split (the step before the model):
  ``Hà``, ``Nội``; the word mode's tokens are these, joined at ``_``.

pyvi normalizes the text to NFC first, so a token may differ in form from
the input; punctuation is kept as tokens and whitespace dropped. A text is
labelled at once (the model's features and its best path read across
whitespace and sentences), but not by CRFsuite: pyvi's model is read from
its CRFsuite file and its best path decoded syllable by syllable with
CRFsuite's arithmetic (:mod:`answermatch.tokenizers.vi_crf`), the same
words in one byte a syllable, where CRFsuite holds about 225 bytes a
character, and faster. (CRFsuite's own tagger runs, with the features
handed over one at a time, see :func:`_words`, only where that model
cannot be read.) A text with a lone surrogate is refused
(``UnicodeEncodeError``): pyvi encodes its features in UTF-8, and fails
inside python-crfsuite with an error left pending.
Equal words of a text share one string. Importing pyvi loads scikit-learn
and unpickles the model; scikit-learn's warning about a model pickled by
another scikit-learn version is silenced (only that one).

>>> tok = PyviTokenizer()
>>> tok.tokenize("Hà Nội là thủ đô của Việt Nam.")
['Hà_Nội', 'là', 'thủ_đô', 'của', 'Việt_Nam', '.']
>>> tok.tokenize("Hà Nội là thủ đô của Việt Nam.", "syllable")
['Hà', 'Nội', 'là', 'thủ', 'đô', 'của', 'Việt', 'Nam', '.']
"""

from __future__ import annotations

import re
import string
import threading
import unicodedata
import warnings
from collections.abc import Iterable, Iterator
from typing import Any

from ..normalization.steps import SHARED_TOKENS
from .base import Tokenizer, require, version_of
from .vi_crf import ModelFormatError, Segmenter, read_model

_SURROGATE = re.compile("[\ud800-\udfff]")


class PyviTokenizer(Tokenizer):
    """Vietnamese words (pyvi, syllables joined by ``_``) or syllables."""

    lang = "vi"
    modes = ("word", "syllable")

    def __init__(self) -> None:
        with warnings.catch_warnings():
            # sklearn's InconsistentVersionWarning (a UserWarning) on unpickling
            warnings.filterwarnings(
                "ignore", message="Trying to unpickle estimator", category=UserWarning
            )
            module = require("pyvi.ViTokenizer", "vi", package="pyvi")
        self._vi = module.ViTokenizer
        self._lock = threading.Lock()  # the CRF tagger keeps per-call state
        self._segmenter = _segmenter(self._vi)

    def _tokenize(self, text: str, mode: str) -> list[str]:
        if mode == "syllable":
            syllables = self._vi.sylabelize(text)[1]
            return [part for syllable in syllables for part in syllable.split()]
        surrogate = _SURROGATE.search(text)
        if surrogate is not None:  # python-crfsuite's SystemError, left pending
            raise UnicodeEncodeError(
                "utf-8", text, surrogate.start(), surrogate.end(), "surrogates not allowed"
            )
        segmenter = self._segmenter
        if segmenter is not None:
            text_nfc = unicodedata.normalize("NFC", text)
            return _shared(segmenter.words(text_nfc, segmenter.labels(text_nfc)))
        with self._lock:
            return _words(self._vi, text).split()

    def signature(self) -> str:
        """e.g. ``pyvi(0.1.1,python-crfsuite=0.9.12)``."""
        return f"pyvi({version_of('pyvi')},python-crfsuite={version_of('python-crfsuite')})"

    def __repr__(self) -> str:
        return "PyviTokenizer()"


def _segmenter(vi: Any) -> Segmenter | None:
    """pyvi's model read from the CRFsuite file that its unpickled model
    (sklearn-crfsuite's ``CRF``) keeps, or None where there is none or it
    is not a two-label CRFsuite model."""
    try:
        with open(vi.model.modelfile.name, "rb") as file:
            model = read_model(file.read())
        return Segmenter(model, vi.bi_grams, vi.tri_grams)
    except (AttributeError, OSError, ModelFormatError, ValueError):
        return None


def _shared(words: Iterable[str]) -> list[str]:
    """``words``, equal ones sharing one string (the first
    :data:`~answermatch.normalization.steps.SHARED_TOKENS` distinct ones)."""
    shared: dict[str, str] = {}
    kept = []
    append = kept.append
    for word in words:
        if len(shared) < SHARED_TOKENS:
            append(shared.setdefault(word, word))
        else:
            append(shared.get(word, word))
    return kept


def _words(vi: Any, text: str) -> str:
    """What ``vi.tokenize(text)`` gives (pyvi's ``ViTokenizer``): the
    syllables (``sylabelize``), each syllable's features (pyvi's own
    ``word2features``), the model's labels (its CRF tagger), then
    neighbouring syllables joined by ``_`` where the label says they form a
    word, unless punctuation, a digit or a capital after a small letter
    stands between them, else by a space.

    pyvi hands the model a list of every syllable's feature dict at once;
    here they are handed over as they are made, and a feature whose value
    is 0 (``False``: not upper case, no known bigram...) is left out.
    That is the same input to the tagger: CRFsuite adds ``weight * value``
    of each feature to its label's score (``crf1dt_state_score``), so a 0
    adds nothing, and its Viterbi path is computed from the same scores.
    On a long text the features held are CRFsuite's copy alone, in about a
    third of the memory (the test suite compares the words with pyvi's).
    """
    syllables = vi.sylabelize(text)[1]
    if not syllables:
        return text  # as pyvi: the text as given
    features = vi.word2features
    labels = vi.model.tagger_.tag(
        _nonzero(features(syllables, k, False)) for k in range(len(syllables))
    )
    return "".join(_joined(syllables, labels))


def _nonzero(features: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in features.items() if value is not False}


def _joined(syllables: list[str], labels: list[str]) -> Iterator[str]:
    punctuation = string.punctuation  # (a substring test, as pyvi's)
    previous = syllables[0]
    yield previous
    for syllable, label in zip(syllables[1:], labels[1:], strict=True):
        inside = (
            label == "I_W"
            and syllable not in punctuation
            and previous not in punctuation
            and not syllable[0].isdigit()
            and not previous[0].isdigit()
            and not (syllable[0].istitle() and not previous[0].istitle())
        )
        yield "_" if inside else " "
        yield syllable
        previous = syllable
