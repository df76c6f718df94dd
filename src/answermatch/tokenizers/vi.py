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
tagged at once (the model's features and its Viterbi path read across
whitespace and sentences), but its syllables' features are handed to the
model one at a time and without the ones that are 0 (see :func:`_words`),
about a third of pyvi's own memory on a long text. Importing
pyvi loads scikit-learn and unpickles the model; scikit-learn's warning about
a model pickled by another scikit-learn version is silenced (only that one).

>>> tok = PyviTokenizer()
>>> tok.tokenize("Hà Nội là thủ đô của Việt Nam.")
['Hà_Nội', 'là', 'thủ_đô', 'của', 'Việt_Nam', '.']
>>> tok.tokenize("Hà Nội là thủ đô của Việt Nam.", "syllable")
['Hà', 'Nội', 'là', 'thủ', 'đô', 'của', 'Việt', 'Nam', '.']
"""

from __future__ import annotations

import string
import threading
import warnings
from collections.abc import Iterator
from typing import Any

from .base import Tokenizer, require, version_of


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

    def _tokenize(self, text: str, mode: str) -> list[str]:
        if mode == "syllable":
            syllables = self._vi.sylabelize(text)[1]
            return [part for syllable in syllables for part in syllable.split()]
        with self._lock:
            return _words(self._vi, text).split()

    def signature(self) -> str:
        """e.g. ``pyvi(0.1.1,python-crfsuite=0.9.12)``."""
        return f"pyvi({version_of('pyvi')},python-crfsuite={version_of('python-crfsuite')})"

    def __repr__(self) -> str:
        return "PyviTokenizer()"


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
