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

import threading
from collections.abc import Callable

from ..errors import UnknownLanguageError
from ..languages import LANGUAGES, canonical_language
from ..registry import Registry
from .base import Tokenizer


def word_tokenizer(lang: str) -> Tokenizer:
    """The Unicode word splitter with the rules of ``lang`` (the tokenizer of
    every language written with spaces).

    >>> word_tokenizer("en").tokenize("Who wrote Lalka?")
    ['Who', 'wrote', 'Lalka', '?']
    """
    from .words import WordTokenizer

    return WordTokenizer(lang)


def icu_tokenizer(lang: str) -> Tokenizer:
    """The ICU dictionary word breaker for ``lang`` (th, km, lo, my)."""
    from .icu import IcuTokenizer

    return IcuTokenizer(lang)


_SPECIFIC = {
    "ja": "answermatch.tokenizers.ja:MecabTokenizer",
    "zh": "answermatch.tokenizers.zh:JiebaTokenizer",
    "vi": "answermatch.tokenizers.vi:PyviTokenizer",
    "pl": "answermatch.tokenizers.pl:SpacyPolishTokenizer",
    **dict.fromkeys(("th", "km", "lo", "my"), "answermatch.tokenizers:icu_tokenizer"),
}
#: answermatch's own tokenizers: canonical language code -> ``"module:attr"``
#: (a :class:`~answermatch.tokenizers.base.Tokenizer` subclass, or a function
#: of the language code); every language of
#: :data:`~answermatch.languages.LANGUAGES` has one, those written with spaces
#: share :func:`word_tokenizer` (as do other valid languages unless a plugin
#: gives them a tokenizer)
BUILTIN_TOKENIZERS: dict[str, str] = {
    lang: _SPECIFIC.get(lang, "answermatch.tokenizers:word_tokenizer") for lang in LANGUAGES
}


def _check_tokenizer(lang: str, value: object) -> Tokenizer:
    if isinstance(value, type):
        tokenizer = value()
    elif callable(value) and not isinstance(value, Tokenizer):
        tokenizer = value(lang)
    else:
        tokenizer = value
    if not isinstance(tokenizer, Tokenizer):
        raise UnknownLanguageError(
            f"the entry point for language {lang!r} gives {value!r}, not an answermatch Tokenizer"
        )
    return tokenizer


#: Every tokenizer: the built-ins, and those other packages add through the
#: entry-point group ``answermatch.tokenizers`` (language code -> a
#: :class:`~answermatch.tokenizers.base.Tokenizer` subclass or instance) or
#: :func:`register_tokenizer`.
TOKENIZERS: Registry[Tokenizer] = Registry(
    "tokenizer",
    "answermatch.tokenizers",
    _check_tokenizer,
    UnknownLanguageError,
    builtins=BUILTIN_TOKENIZERS,
)


def register_tokenizer(lang: str, tokenizer: Tokenizer) -> None:
    """Add the tokenizer of a language answermatch has no rules for (one
    of :data:`~answermatch.languages.LANGUAGES` is refused)."""
    if TOKENIZERS.builtin(lang):
        raise ValueError(f"answermatch already has a tokenizer for {lang!r}")
    TOKENIZERS.add(lang, tokenizer)
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
    return TOKENIZERS.names()


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
    if TOKENIZERS.builtin(lang) or lang in TOKENIZERS:
        tok = TOKENIZERS.get(lang)
    else:  # a valid language without rules of its own
        with _lock:
            tok = _cache.get(lang) or word_tokenizer(lang)
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
