"""Per-language tokenizers behind a lazy registry.

Each language maps to a module and a class; the module (and the library it
wraps) is imported the first time that language is tokenized.

>>> tokenize("Who wrote Lalka?", "en")
['Who', 'wrote', 'Lalka', '?']
"""

from __future__ import annotations

import importlib
import threading

from ..errors import UnknownLanguageError
from .base import Tokenizer

# language code -> (module, class)
_REGISTRY: dict[str, tuple[str, str]] = {
    "ja": ("answermatch.tokenizers.ja", "MecabTokenizer"),
    "zh": ("answermatch.tokenizers.zh", "JiebaTokenizer"),
    "vi": ("answermatch.tokenizers.vi", "PyviTokenizer"),
    "pl": ("answermatch.tokenizers.pl", "SpacyPolishTokenizer"),
    **{
        lang: ("answermatch.tokenizers.words", "WordTokenizer")
        for lang in ("ar", "bn", "fi", "ko", "ru", "te", "en", "de", "es", "fr")
    },
}

_cache: dict[str, Tokenizer] = {}
_lock = threading.Lock()


def supported_languages() -> list[str]:
    """Language codes with a registered tokenizer."""
    return sorted(_REGISTRY)


def get_tokenizer(lang: str) -> Tokenizer:
    """The (cached) tokenizer for ``lang``; loads its library on first use."""
    tok = _cache.get(lang)
    if tok is not None:
        return tok
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a str, not {type(lang).__name__}")
    entry = _REGISTRY.get(lang)
    if entry is None:
        raise UnknownLanguageError(
            f"no tokenizer for language {lang!r}; supported: {', '.join(supported_languages())}"
        )
    with _lock:
        tok = _cache.get(lang)
        if tok is None:
            module, cls = entry
            factory = getattr(importlib.import_module(module), cls)
            tok = factory(lang) if module.endswith(".words") else factory()
            _cache[lang] = tok
    return tok


def tokenize(text: str, lang: str, mode: str | None = None) -> list[str]:
    """Split ``text`` into the words of language ``lang``.

    ``mode``: ``zh`` has ``word`` (jieba), ``char`` and ``mixed``; ``vi`` has
    ``word`` (pyvi, syllables joined by ``_``) and ``syllable``; the default is
    ``word``. Punctuation is kept as tokens (except in ``zh`` ``mixed``, which
    drops it, as Chinese reading-comprehension scorers do); whitespace is
    never part of a token.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return get_tokenizer(lang).tokenize(text, mode)
