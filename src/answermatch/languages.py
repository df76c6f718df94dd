"""Language codes: one lookup for tokenizers, normalization and matchers.

Every function that takes a ``lang`` passes it through
:func:`canonical_language`, which accepts the usual spellings of a language
and gives the short code the library's registries use (ISO 639-1, e.g.
``ja``), or raises :class:`~answermatch.errors.UnknownLanguageError`:

- BCP 47 tags, in any case and with ``-`` or ``_``: the primary language
  subtag decides, the script, region and other subtags are ignored
  (``zh-Hant-TW`` and ``zh_CN`` are ``zh``; ``ja-JP`` is ``ja``);
- ISO 639-2 (bibliographic and terminological) and ISO 639-3 codes of the
  known languages (``jpn``, ``zho``/``chi``, ``pol``, ``vie``, ``ara``, ``kor``,
  ``rus``, ``fin``, ``ben``, ``tel``, ``eng``...), and the ISO 639-3 codes of
  the individual languages the library treats as the macrolanguage
  (``cmn`` Mandarin for ``zh``, ``arb`` Standard Arabic for ``ar``, ``swh``
  Swahili for ``sw``).

Traditional and simplified Chinese both map to ``zh`` (one tokenizer, jieba,
serves both).

>>> canonical_language("zh-Hant"), canonical_language("JA_jp"), canonical_language("jpn")
('zh', 'ja', 'ja')
>>> canonical_language("xx")
Traceback (most recent call last):
...
answermatch.errors.UnknownLanguageError: unknown language 'xx'; supported: ar, bn, de, ...
"""

from __future__ import annotations

from .errors import UnknownLanguageError

#: The languages the library knows, by canonical code; each has a tokenizer
#: (:mod:`answermatch.tokenizers`), and normalization and the matchers take it.
LANGUAGES: dict[str, str] = {
    "ar": "Arabic",
    "bn": "Bengali",
    "de": "German",
    "en": "English",
    "es": "Spanish",
    "fi": "Finnish",
    "fr": "French",
    "hi": "Hindi",
    "id": "Indonesian",
    "ja": "Japanese",
    "ko": "Korean",
    "pl": "Polish",
    "ru": "Russian",
    "sw": "Swahili",
    "te": "Telugu",
    "vi": "Vietnamese",
    "zh": "Chinese",
}

# ISO 639-2/B, 639-2/T and 639-3 codes -> canonical code
_THREE_LETTER: dict[str, str] = {
    "ara": "ar", "arb": "ar",
    "ben": "bn",
    "deu": "de", "ger": "de",
    "eng": "en",
    "spa": "es",
    "fin": "fi",
    "fra": "fr", "fre": "fr",
    "hin": "hi",
    "ind": "id",
    "jpn": "ja",
    "kor": "ko",
    "pol": "pl",
    "rus": "ru",
    "swa": "sw", "swh": "sw",
    "tel": "te",
    "vie": "vi",
    "zho": "zh", "chi": "zh", "cmn": "zh",
}  # fmt: skip

# every spelling seen so far -> canonical code (grows as codes are looked up)
_CANONICAL: dict[str, str] = {code: code for code in LANGUAGES}


def supported_languages() -> list[str]:
    """The canonical codes of the known languages, sorted.

    >>> "ja" in supported_languages()
    True
    """
    return sorted(LANGUAGES)


def canonical_language(code: str) -> str:
    """The canonical code (a key of :data:`LANGUAGES`) for a BCP 47 tag or an
    ISO 639 code in any case, with ``-`` or ``_`` between subtags; raises
    :class:`~answermatch.errors.UnknownLanguageError` for anything else and
    :class:`TypeError` for a non-string.

    >>> canonical_language("zh-CN"), canonical_language("ZH"), canonical_language("zho")
    ('zh', 'zh', 'zh')
    >>> canonical_language("pt-BR")
    Traceback (most recent call last):
    ...
    answermatch.errors.UnknownLanguageError: unknown language 'pt-BR'; supported: ar, bn, ...
    """
    try:
        return _CANONICAL[code]
    except KeyError:
        pass
    except TypeError:  # unhashable
        pass
    if not isinstance(code, str):
        raise TypeError(f"lang must be a str or None, not {type(code).__name__}")
    primary = code.strip().replace("_", "-").split("-", 1)[0].lower()
    canonical = primary if primary in LANGUAGES else _THREE_LETTER.get(primary)
    if canonical is None and _has_plugin_tokenizer(code):
        return code  # a language a plugin package adds, named as the plugin names it
    if canonical is None:
        raise UnknownLanguageError(
            f"unknown language {code!r}; supported: {', '.join(supported_languages())}"
        )
    if len(_CANONICAL) < 4096:  # bounded: codes come from programs, not from data
        _CANONICAL[code] = canonical
    return canonical


def _has_plugin_tokenizer(code: str) -> bool:
    from .tokenizers import PLUGIN_TOKENIZERS

    return code in PLUGIN_TOKENIZERS


def optional_language(code: str | None) -> str | None:
    """:func:`canonical_language`, with ``None`` (no language) passed through.

    >>> optional_language(None) is None, optional_language("EN")
    (True, 'en')
    """
    return None if code is None else canonical_language(code)


__all__ = ["LANGUAGES", "canonical_language", "optional_language", "supported_languages"]
