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
from array import array
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

import regex

from ..normalization.steps import SHARED_TOKENS
from .base import Tokenizer, require, version_of
from .words import WordTokenizer

# letters and marks of the scripts ICU segments with a dictionary
_RUNS = regex.compile(r"[[\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}]&&[\p{L}\p{M}]]+", regex.V1).finditer
# the chunks between whitespace (as str.split sees it) and zero-width spaces
_CHUNKS = re.compile(r"[^\s\u200b]+").finditer
# a place where a window may start (matched from the character before it): a
# letter, not a mark, of the script of the character before it and the 7 after it
_SAME_SCRIPT = "|".join(rf"\p{{{name}}}{{9}}" for name in ("Thai", "Lao", "Khmer", "Myanmar"))
_ONE_SCRIPT = regex.compile(rf"(?=.\p{{L}})(?:{_SAME_SCRIPT})", regex.S).match
#: A run of letters longer than this many characters is segmented in windows
#: of this size (:meth:`IcuTokenizer._run_words`).
RUN_WINDOW = 1 << 18
#: ICU's words of a window that end this close to its end are found again
#: in the next window (:meth:`IcuTokenizer._run_words`).
RUN_MARGIN = 4096
#: How many tokens each list of :meth:`IcuTokenizer.tokenize_parts` holds.
TOKEN_LIST = 1 << 12


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

    def tokenize_parts(self, parts: Iterable[str], mode: str | None = None) -> Iterator[list[str]]:
        """The tokens of ``"".join(parts)`` as :meth:`tokenize` gives them, in
        lists of :data:`TOKEN_LIST` tokens (the last one shorter) made as ICU
        finds them (:meth:`tokens_of`), equal tokens sharing one string: the
        text is held once, never its whole list of tokens.

        >>> list(IcuTokenizer("th").tokenize_parts(["กินข้า", "ว 2 ครั้ง"]))
        [['กิน', 'ข้าว', '2', 'ครั้ง']]
        """
        self._mode(mode)
        shared: dict[str, str] = {}
        batch: list[str] = []
        for token in self.tokens_of("".join(parts)):
            if len(shared) < SHARED_TOKENS:
                token = shared.setdefault(token, token)
            else:
                token = shared.get(token, token)
            batch.append(token)
            if len(batch) >= TOKEN_LIST:
                yield batch
                batch = []
        if batch:
            yield batch

    def tokens_of(self, text: str) -> Iterator[str]:
        """The tokens :meth:`tokenize` gives, one at a time, the text read
        where it is: its chunks and runs found by their offsets, not copied,
        and a long run's words as ICU finds them a window at a time
        (:meth:`_run_words`), so that a long run is held once, by the caller.

        >>> from answermatch.tokenizers.icu import IcuTokenizer
        >>> list(IcuTokenizer("th").tokens_of("กินข้าว\u200b2 ครั้ง"))
        ['กิน', 'ข้าว', '2', 'ครั้ง']
        """
        words = self._words
        for chunk in _CHUNKS(text):  # (whitespace as str.split sees it, and U+200B)
            at, stop = chunk.span()
            for run in _RUNS(text, at, stop):
                start, end = run.span()
                if start > at:
                    yield from words(text[at:start])
                yield from self._run_words(text, start, end)
                at = end
            if at < stop:
                yield from words(text[at:stop])

    def _run_words(self, text: str, start: int, end: int) -> Iterator[str]:
        """ICU's words of the run of letters ``text[start:end]``, found in
        windows of :data:`RUN_WINDOW` characters when the run is longer, so
        that ICU never takes a long run whole (it would hold its UTF-8,
        which CPython keeps on the string, a UTF-16 copy and the boundaries
        of all its words: about twice the run's UTF-8 in all).

        ICU's dictionary engines (Thai, Lao, Khmer, Burmese) read a stretch
        of one script from its start, a word at a time, and from a word's
        start read at most three dictionary words ahead, or scan on to the
        next place where a dictionary word may start, taking in the marks
        and repeat signs that follow. So a word of a window that ends
        :data:`RUN_MARGIN` characters or more before the window's end (more
        than three of the longest dictionary words) is the whole run's: a
        scan cut by the window's end leaves no word ending before it. The
        next window starts at the last such word's end where that is a
        letter (not a mark) with letters of one script on both sides, so
        that ICU starts there in the middle of a stretch, as in the whole
        run; a window with no such place is made twice as long. (Words taken
        8 characters from the end, or a window started next to another
        script or at a mark, already differ from the whole run's in the
        tests, which compare windows barely longer than the margin with the
        whole run in all four scripts, mixed.)

        >>> from answermatch.tokenizers.icu import IcuTokenizer
        >>> list(IcuTokenizer("th")._run_words("กินข้าว", 0, 7))
        ['กิน', 'ข้าว']
        """
        breaker, locale = self._breaker, self._locale
        size = RUN_WINDOW
        while end - start > size:
            window = text[start : start + size]
            ends = array("i")  # the ends of the window's words, up to the margin
            limit = size - RUN_MARGIN
            for _, e in breaker(window, locale).segments():
                if e > limit:
                    break
                ends.append(e)
            last = len(ends) - 1  # the last word whose end a window may start at
            while last >= 0 and not _ONE_SCRIPT(window, ends[last] - 1):
                last -= 1
            if last < 0:  # no word decided: a longer window
                size *= 2
                continue
            yield from map(window.__getitem__, map(slice, chain((0,), ends), ends[: last + 1]))
            start, size = start + ends[last], RUN_WINDOW
        letters = text if (start, end) == (0, len(text)) else text[start:end]
        for s, e in breaker(letters, locale).segments():
            yield letters[s:e]

    def signature(self) -> str:
        """``icu(icu4py=VERSION,icu=ICU_VERSION)``."""
        from icu4py import _version

        return f"icu(icu4py={version_of('icu4py')},icu={_version.icu_version})"

    def __repr__(self) -> str:
        return f"IcuTokenizer({self.lang!r})"
