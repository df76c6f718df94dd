"""Normalization steps: small pure functions ``str -> str``.

Presets (see :mod:`answermatch.normalization`) are named lists of these.

>>> strip_ascii_punct("U.S.A.—“yes”")
'USA—“yes”'
>>> strip_unicode_punct("U.S.A.—“yes”")
'USAyes'
>>> strip_unicode_punct("বাংলা।")  # the vowel sign (a combining mark) survives
'বাংলা'
>>> remove_counters("人口 1990年")
'口 1990'
>>> collapse_whitespace("  a \\t b\\u3000c ")
'a b c'
"""

from __future__ import annotations

import string
import unicodedata

import regex

_ASCII_PUNCT_TABLE = str.maketrans("", "", string.punctuation)
_UNICODE_PUNCT = regex.compile(r"\p{P}+")
_UNICODE_PUNCT_OR_SYMBOL = regex.compile(r"[\p{P}\p{S}]+")


def nfc(text: str) -> str:
    """Unicode canonical composition (NFC)."""
    return unicodedata.normalize("NFC", text)


def nfkc(text: str) -> str:
    """Unicode compatibility composition (NFKC): folds full-width forms,
    ligatures and the like: ``'ＡＢＣ１２３'`` -> ``'ABC123'``."""
    return unicodedata.normalize("NFKC", text)


def lower(text: str) -> str:
    """Python's ``str.lower`` (what SQuAD-style scorers use)."""
    return text.lower()


def casefold(text: str) -> str:
    """Unicode case folding (``'Straße'`` -> ``'strasse'``)."""
    return text.casefold()


def strip_ascii_punct(text: str) -> str:
    """Drop the 32 characters of ASCII ``string.punctuation`` only (the SQuAD
    and XOR-TyDi rule: full-width and other Unicode punctuation stay)."""
    return text.translate(_ASCII_PUNCT_TABLE)


def strip_unicode_punct(text: str) -> str:
    """Drop every character of Unicode category P (punctuation). Combining
    marks (category M), letters, digits and symbols are kept."""
    return _UNICODE_PUNCT.sub("", text)


def strip_unicode_punct_and_symbols(text: str) -> str:
    """Drop Unicode punctuation (P) and symbols (S: currency, math, emoji...)."""
    return _UNICODE_PUNCT_OR_SYMBOL.sub("", text)


# XOR-TyDi's eval_xor_full.py deletes these counter characters anywhere.
XOR_COUNTERS = "年歳人년"
_COUNTER_TABLE = str.maketrans("", "", XOR_COUNTERS)


def remove_counters(text: str) -> str:
    """Delete ``年 歳 人 년`` wherever they stand (XOR-Full's rule; it also
    turns ``人口`` into ``口``)."""
    return text.translate(_COUNTER_TABLE)


def collapse_whitespace(text: str) -> str:
    """Split on any whitespace (Python ``str.split``) and join with one space."""
    return " ".join(text.split())


# Articles and similar function words that answer-span scorers drop, by
# language. English follows SQuAD; es/de/vi/ar follow the MLQA evaluation's
# choices; the other supported languages have no articles.
ARTICLES: dict[str, tuple[str, ...]] = {
    "en": ("a", "an", "the"),
    "es": ("un", "una", "unos", "unas", "el", "la", "los", "las"),
    "de": ("ein", "eine", "einen", "einem", "eines", "einer", "der", "die", "das", "den",
           "dem", "des"),
    "fr": ("un", "une", "le", "la", "les", "l"),
    "vi": ("của", "là", "cái", "chiếc", "những"),
}
_ARTICLE_RES: dict[str, regex.Pattern[str]] = {
    lang: regex.compile(r"(?<![\w\p{M}])(?:" + "|".join(words) + r")(?![\w\p{M}])", regex.I)
    for lang, words in ARTICLES.items()
}
# Arabic's definite article is the prefix "ال" on a word of at least two more letters.
_AR_ARTICLE = regex.compile(r"(?<![\w\p{M}])ال(?=\p{L}\p{M}*\p{L})")


def remove_articles(text: str, lang: str | None = "en") -> str:
    """Replace the articles of ``lang`` by a space (whole words only; for
    Arabic, strip the prefix ``ال``). Languages without articles pass through.

    >>> remove_articles("The Eiffel tower", "en")
    ' Eiffel tower'
    >>> remove_articles("العربية", "ar")
    'عربية'
    >>> remove_articles("東京", "ja")
    '東京'
    """
    if lang == "ar":
        return _AR_ARTICLE.sub("", text)
    pattern = _ARTICLE_RES.get(lang or "")
    return text if pattern is None else pattern.sub(" ", text)
