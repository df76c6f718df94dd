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
the input; punctuation is kept as tokens and whitespace dropped. Importing
pyvi loads scikit-learn and unpickles the model; scikit-learn's warning about
a model pickled by another scikit-learn version is silenced (only that one).

>>> tok = PyviTokenizer()
>>> tok.tokenize("Hà Nội là thủ đô của Việt Nam.")
['Hà_Nội', 'là', 'thủ_đô', 'của', 'Việt_Nam', '.']
>>> tok.tokenize("Hà Nội là thủ đô của Việt Nam.", "syllable")
['Hà', 'Nội', 'là', 'thủ', 'đô', 'của', 'Việt', 'Nam', '.']
"""

from __future__ import annotations

import threading
import warnings

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
            return self._vi.tokenize(text).split()

    def signature(self) -> str:
        """e.g. ``pyvi(0.1.1,python-crfsuite=0.9.12)``."""
        return f"pyvi({version_of('pyvi')},python-crfsuite={version_of('python-crfsuite')})"

    def __repr__(self) -> str:
        return "PyviTokenizer()"
