"""Thai, Khmer, Lao and Burmese: words found by ICU's dictionary-based word
break iterator, through the ``icu4py`` binding (its wheels bundle ICU, so no
system ICU is needed; install with ``pip install "answermatch[th]"``, or the
same extra under ``km``, ``lo`` or ``my``).

These scripts put no space between words. Text is split at whitespace and
zero-width space (U+200B, which Khmer and Burmese writers insert as a word
separator); inside a chunk, each run of letters and marks of the four scripts
is segmented by ICU, and everything else (digits, Latin words, punctuation)
by the rules of :mod:`answermatch.tokenizers.words`, so that ``ประมาณ70ล้าน``
gives ``ประมาณ``, ``70``, ``ล้าน`` (ICU alone keeps the digits inside).
ICU chooses its dictionary by script, not by language: a Lao word inside a
Thai text is still segmented as Lao.

Why ICU: on the hand-segmented sample of ``benchmarks/bench_segmenters.py``
its word-boundary F1 is 0.90 (th), 0.91 (km), 0.91 (lo), 0.85 (my), against
0.92 for PyThaiNLP's ``newmm`` (Thai only), at about 5 times newmm's speed,
with a start of milliseconds rather than two seconds and a smaller install;
one dependency covers the four languages (see docs/languages.rst).

>>> IcuTokenizer("th").tokenize("ฉันกินข้าวที่กรุงเทพ 2 ครั้ง")
['ฉัน', 'กิน', 'ข้าว', 'ที่', 'กรุงเทพ', '2', 'ครั้ง']
>>> IcuTokenizer("km").tokenize("ភ្នំពេញ\u200bជា\u200bរាជធានី។")
['ភ្នំពេញ', 'ជា', 'រាជធានី', '។']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import regex

from .base import Tokenizer, require, version_of
from .words import WordTokenizer

# letters and marks of the scripts ICU segments with a dictionary
_RUNS = regex.compile(r"[[\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}]&&[\p{L}\p{M}]]+", regex.V1).finditer
_SEPARATORS = str.maketrans("\u200b", " ")
# the chunks between whitespace (as str.split sees it) and zero-width spaces
_CHUNKS = re.compile(r"[^\s\u200b]+").finditer


class IcuTokenizer(Tokenizer):
    """Words of a language written without spaces (th, km, lo, my), by ICU."""

    modes = ("word",)
    local_to_whitespace = True

    def __init__(self, lang: str = "th") -> None:
        breakers = require("icu4py.breakers", lang, package="icu4py")
        locale = require("icu4py.locale", lang, package="icu4py").Locale(lang)
        self.lang = lang
        self._breaker: Any = breakers.WordBreaker
        self._locale = locale
        self._words = WordTokenizer(lang).splitter()

    def _tokenize(self, text: str, mode: str) -> list[str]:
        return list(self.tokens_of(text))

    def tokens_of(self, text: str) -> Iterator[str]:
        """The tokens :meth:`tokenize` gives, one at a time: a long run of
        letters' words as ICU finds them, without a list of them.

        >>> from answermatch.tokenizers.icu import IcuTokenizer
        >>> list(IcuTokenizer("th").tokens_of("กินข้าว 2 ครั้ง"))
        ['กิน', 'ข้าว', '2', 'ครั้ง']
        """
        words, breaker, locale = self._words, self._breaker, self._locale
        for chunk in text.translate(_SEPARATORS).split():
            at = 0
            for run in _RUNS(chunk):
                start, end = run.span()
                if start > at:
                    yield from words(chunk[at:start])
                letters = run.group()
                for s, e in breaker(letters, locale).segments():
                    yield letters[s:e]
                at = end
            if at < len(chunk):
                yield from words(chunk[at:])

    def tokens_in(self, text: str) -> Iterator[str]:
        """The tokens :meth:`tokens_of` gives, the text read where it is:
        its chunks and runs found by their offsets, not copied (a text that
        is one run goes to ICU as it is), so a long run is held once.

        >>> from answermatch.tokenizers.icu import IcuTokenizer
        >>> list(IcuTokenizer("th").tokens_in("กินข้าว\u200b2 ครั้ง"))
        ['กิน', 'ข้าว', '2', 'ครั้ง']
        """
        words, breaker, locale = self._words, self._breaker, self._locale
        for chunk in _CHUNKS(text):  # (whitespace as str.split sees it, and U+200B)
            at, stop = chunk.span()
            for run in _RUNS(text, at, stop):
                start, end = run.span()
                if start > at:
                    yield from words(text[at:start])
                letters = text[start:end]  # (the text itself when it is the run)
                for s, e in breaker(letters, locale).segments():
                    yield letters[s:e]
                at = end
            if at < stop:
                yield from words(text[at:stop])

    def signature(self) -> str:
        """``icu(icu4py=VERSION,icu=ICU_VERSION)``."""
        from icu4py import _version

        return f"icu(icu4py={version_of('icu4py')},icu={_version.icu_version})"

    def __repr__(self) -> str:
        return f"IcuTokenizer({self.lang!r})"
