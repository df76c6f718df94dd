"""Polish: spaCy's rule-based tokenizer.

When the trained pipeline package ``pl_core_news_sm`` is installed, its
tokenizer is used and every pipeline component is excluded at load time (only
the tokenizer runs). Otherwise ``spacy.blank("pl")`` gives spaCy's Polish
tokenizer (the same prefix/suffix/infix rules and exceptions, from
``spacy.lang.pl``). Nothing is ever downloaded. :meth:`signature` names the
one that ran: ``model=blank:pl`` or ``model=pl_core_news_sm-3.8.0``.

Punctuation is kept as tokens; whitespace tokens are dropped.

>>> tok = SpacyPolishTokenizer()
>>> tok.tokenize("Kto napisał „Lalkę”?")
['Kto', 'napisał', '„', 'Lalkę', '”', '?']
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from .base import Tokenizer, require, version_of

#: The trained pipeline used when installed.
MODEL_PACKAGE = "pl_core_news_sm"


class SpacyPolishTokenizer(Tokenizer):
    """Polish words from spaCy's tokenizer (``pl_core_news_sm`` or blank ``pl``)."""

    lang = "pl"
    modes = ("word",)
    local_to_whitespace = True

    def __init__(self) -> None:
        spacy = require("spacy", "pl")
        self._nlp, self.model = _load(spacy)
        self._tokenizer = self._nlp.tokenizer

    def _tokenize(self, text: str, mode: str) -> list[str]:
        return [part for token in self._tokenizer(text) for part in token.text.split()]

    def signature(self) -> str:
        """e.g. ``spacy(3.8.18,model=blank:pl)``."""
        return f"spacy({version_of('spacy')},model={self.model})"

    def __repr__(self) -> str:
        return "SpacyPolishTokenizer()"


def _load(spacy: ModuleType) -> tuple[Any, str]:
    """The pipeline to tokenize with and its name for the signature."""
    try:
        package = importlib.import_module(MODEL_PACKAGE)
    except ImportError:
        return spacy.blank("pl"), "blank:pl"
    meta = spacy.util.get_model_meta(Path(package.__file__).parent)
    components = list(meta.get("components") or meta.get("pipeline") or ())
    nlp = package.load(exclude=components)
    meta = nlp.meta
    return nlp, f"{meta['lang']}_{meta['name']}-{meta['version']}"
