"""Per-language tokenizers behind a lazy registry.

Each language maps to a module and a class; the module (and the library it
wraps) is imported the first time that language is tokenized. Language codes
go through :func:`answermatch.languages.canonical_language`, so ``ja-JP``,
``jpn`` and ``JA`` all name the Japanese tokenizer.

>>> tokenize("Who wrote Lalka?", "en")
['Who', 'wrote', 'Lalka', '?']
>>> tokenize("Who wrote Lalka?", "en-GB") == tokenize("Who wrote Lalka?", "eng")
True
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable

from ..errors import UnknownLanguageError
from ..languages import LANGUAGES, canonical_language
from ..registry import Registry
from .base import Tokenizer

_SPECIFIC: dict[str, tuple[str, str]] = {
    "ja": ("answermatch.tokenizers.ja", "MecabTokenizer"),
    "zh": ("answermatch.tokenizers.zh", "JiebaTokenizer"),
    "vi": ("answermatch.tokenizers.vi", "PyviTokenizer"),
    "pl": ("answermatch.tokenizers.pl", "SpacyPolishTokenizer"),
    **{lang: ("answermatch.tokenizers.icu", "IcuTokenizer") for lang in ("th", "km", "lo", "my")},
}
_WORDS = ("answermatch.tokenizers.words", "WordTokenizer")
# canonical language code -> (module, class); every language of LANGUAGES has
# one, the languages written with spaces share the word splitter (as do the
# other valid languages, unless a plugin gives them a tokenizer)
_REGISTRY: dict[str, tuple[str, str]] = {lang: _SPECIFIC.get(lang, _WORDS) for lang in LANGUAGES}


def _check_tokenizer(lang: str, value: object) -> Tokenizer:
    tokenizer = value() if isinstance(value, type) else value
    if not isinstance(tokenizer, Tokenizer):
        raise UnknownLanguageError(
            f"the entry point for language {lang!r} gives {value!r}, not an answermatch Tokenizer"
        )
    return tokenizer


#: Tokenizers of languages answermatch does not know, added by other
#: packages: the entry-point group ``answermatch.tokenizers`` (language code
#: -> a :class:`~answermatch.tokenizers.base.Tokenizer` subclass), or
#: :func:`register_tokenizer`.
PLUGIN_TOKENIZERS: Registry[Tokenizer] = Registry(
    "tokenizer", "answermatch.tokenizers", _check_tokenizer, UnknownLanguageError
)


def register_tokenizer(lang: str, tokenizer: Tokenizer) -> None:
    """Add the tokenizer of a language answermatch has no rules for (one
    of :data:`~answermatch.languages.LANGUAGES` is refused)."""
    if lang in _REGISTRY:
        raise ValueError(f"answermatch already has a tokenizer for {lang!r}")
    PLUGIN_TOKENIZERS.add(lang, tokenizer)
    _cache.pop(lang, None)  # a default word splitter used before gives way


_cache: dict[str, Tokenizer] = {}
_lock = threading.Lock()


def supported_languages() -> list[str]:
    """Language codes with a tokenizer of their own (every language of
    :data:`~answermatch.languages.LANGUAGES`, and those plugins add); other
    valid codes get the Unicode word splitter.

    >>> supported_languages()[:4]
    ['ar', 'bn', 'da', 'de']
    """
    return sorted({*_REGISTRY, *PLUGIN_TOKENIZERS.names()})


def get_tokenizer(lang: str) -> Tokenizer:
    """The (cached) tokenizer for ``lang`` (any spelling
    :func:`~answermatch.languages.canonical_language` accepts); loads its
    library on first use.

    >>> get_tokenizer("EN") is get_tokenizer("en")
    True
    """
    try:
        return _cache[lang]
    except (KeyError, TypeError):
        pass
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a str, not {type(lang).__name__}")
    lang = canonical_language(lang)  # a plugin's language code passes as it is
    entry = _REGISTRY.get(lang)
    if entry is None:
        if lang in PLUGIN_TOKENIZERS:
            tok = _cache[lang] = PLUGIN_TOKENIZERS.get(lang)
            return tok
        entry = _WORDS  # a valid language without rules of its own
    with _lock:
        tok = _cache.get(lang)
        if tok is None:
            module, cls = entry
            factory = getattr(importlib.import_module(module), cls)
            tok = factory(lang) if module.endswith((".words", ".icu")) else factory()
            _cache[lang] = tok
    return tok


def splitter(lang: str, mode: str | None = None) -> Callable[[str], list[str]]:
    """A function ``text -> tokens`` that gives what ``tokenize(text, lang,
    mode)`` gives, with the language and mode looked up once (for callers
    that tokenize many texts and have checked that they are strings).

    >>> split = splitter("en-US")
    >>> split("Who wrote Lalka?")
    ['Who', 'wrote', 'Lalka', '?']
    """
    return get_tokenizer(lang).splitter(mode)


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
