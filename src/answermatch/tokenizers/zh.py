"""Chinese: jieba word segmentation, single characters, or the mixed split.

Modes:

- ``word`` (default): jieba's precise mode (``cut_all=False``, HMM for
  unknown words on) with its default dictionary, through a private
  ``jieba.Tokenizer`` so words a program adds to the global ``jieba`` do not
  change the result. jieba yields characters outside its Chinese/ASCII word
  pattern one by one (a combining mark can end up alone).
- ``char``: every character, where a character is a grapheme cluster (a base
  with its combining marks or variation selectors).
- ``mixed``: the split Chinese reading-comprehension scorers use (CMRC 2018,
  ``mixed_segmentation`` in https://github.com/ymcui/cmrc2018
  ``squad-style-data/cmrc2018_evaluate.py``): every Han character is a token,
  a run of other letters and digits (Latin, kana, Hangul...) is one token.
  Punctuation (Unicode category P: ``，。《》“”、…``, ASCII ``.,!?-`` ...) is
  dropped, as that scorer drops its list of punctuation marks before
  computing F1. Symbols (category S: ``$``, ``+``, ``～``, emoji) are kept,
  one token each; ``%`` is punctuation (Po) for Unicode, so it is dropped.
  (The CMRC scorer also lowercases and runs NLTK over the non-Chinese runs;
  this mode does neither: normalization is a separate step.)

Whitespace separates tokens and is dropped in every mode.

A text longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
is tokenized piece by piece, cut at whitespace, and under ``word`` also
just before any character outside jieba's word pattern: jieba (precise
mode, HMM on) first splits a text into runs of its word characters (Han of
U+4E00..U+9FD5, ASCII letters and digits, ``+#&._%-``) and segments each
run on its own, every other character a token alone, so such a cut changes
no word. A run longer than that (Chinese without spaces, punctuation or
other scripts) is segmented a piece of 8,192 characters at a time, cut
where no word of the dictionary spans, with jieba's own arithmetic carried
from one piece to the next so that its words are those of the whole run
(see :func:`_run_words`).

Only ``word`` needs jieba (the ``zh`` extra); ``char`` and ``mixed`` work in
a core install. jieba is loaded the first time a text is cut into words.

jieba caches its prefix dictionary (a ``marshal`` file of about 9 MB) on
first use. By default it writes ``jieba.cache`` into the shared temporary
directory, where another user could plant one; here the cache lives in
``$ANSWERMATCH_CACHE_DIR`` when that is set, else in the user's cache
directory, ``$XDG_CACHE_HOME/answermatch`` (``~/.cache/answermatch``),
created when missing. Delete it freely: it is rebuilt when missing. When it
cannot be written, jieba rebuilds the dictionary in memory each time (about
a second). jieba's start-up messages are silenced.

>>> tok = JiebaTokenizer()
>>> tok.tokenize("我来到北京清华大学")
['我', '来到', '北京', '清华大学']
>>> tok.tokenize("iPhone 12 售价 5999 元。", "char")
['i', 'P', 'h', 'o', 'n', 'e', '1', '2', '售', '价', '5', '9', '9', '9', '元', '。']
>>> tok.tokenize("《红楼梦》的作者是曹雪芹。iPhone12售价$999", "mixed")
['红', '楼', '梦', '的', '作', '者', '是', '曹', '雪', '芹', 'iPhone12', '售', '价', '$', '999']
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from math import log
from typing import Any

import regex

from ..normalization import steps
from .base import Tokenizer, require, version_of

_CLUSTERS = regex.compile(r"\X").findall
# group 1: a Han character, a symbol, or a run of anything else that is not
# punctuation; a match outside group 1 is a punctuation cluster, dropped.
_MIXED = regex.compile(r"((?=\p{Han})\X|(?=\p{S})\X|(?:(?=[^\p{Han}\p{P}\p{S}])\X)+)|\X").findall


#: A character outside jieba's word pattern (``jieba.re_han_default``) or
#: whitespace: jieba's words never span one.
_OUTSIDE_JIEBA_WORDS = re.compile(r"[^\u4E00-\u9FD5a-zA-Z0-9+#&._%\-]")
#: A run of jieba's word characters (``jieba.re_han_default``), segmented on its own.
_JIEBA_RUN = re.compile(r"[\u4E00-\u9FD5a-zA-Z0-9+#&._%\-]+")
#: How many characters from a piece's end on are looked at at once for a
#: place where no word of the dictionary spans (:func:`_cuts`), beside the
#: longest word; the window moves on while there is none.
_CUT_WINDOW = 64
#: The size of the pieces a long run is segmented in (jieba's graph and sums
#: of a piece take some 450 bytes a character).
_RUN_PIECE_CHARS = 8192


def cache_dir() -> str:
    """``$ANSWERMATCH_CACHE_DIR``, else ``$XDG_CACHE_HOME/answermatch`` or
    ``~/.cache/answermatch``; created if possible.

    >>> cache_dir().endswith("answermatch")
    True
    """
    path = os.environ.get("ANSWERMATCH_CACHE_DIR", "")
    if not path:
        base = os.environ.get("XDG_CACHE_HOME", "")
        if not os.path.isabs(base):
            base = os.path.join(os.path.expanduser("~"), ".cache")
        path = os.path.join(base, "answermatch")
    with contextlib.suppress(OSError):  # then jieba fails to write its cache, and goes on
        os.makedirs(path, exist_ok=True)
    return path


class JiebaTokenizer(Tokenizer):
    """Chinese words (jieba), characters, or the CMRC-style mixed split."""

    lang = "zh"
    modes = ("word", "char", "mixed")
    local_to_whitespace = True

    def __init__(self) -> None:
        self._jieba: Any = None
        self._longest = 0
        self._modes: dict[str, Callable[[str], list[str]]] = {
            "word": self._words,
            "char": _chars,
            "mixed": _mixed,
        }

    def _load(self) -> Any:
        jieba = require("jieba", "zh")
        tokenizer = jieba.Tokenizer()
        tokenizer.tmp_dir = cache_dir()
        tokenizer.cache_file = f"jieba-{version_of('jieba')}.cache"
        logger = logging.getLogger("jieba")
        level = logger.level
        logger.setLevel(logging.CRITICAL)  # "Building prefix dict..." and cache failures
        try:
            tokenizer.initialize()
        finally:
            logger.setLevel(level)
        #: the length of the dictionary's longest word (where a long run may be cut)
        self._longest = max(map(len, tokenizer.FREQ))
        self._jieba = tokenizer
        return tokenizer

    def _tokenize(self, text: str, mode: str) -> list[str]:
        return self._modes[mode](text)

    def _in_pieces(self, text: str, mode: str) -> list[str]:
        if mode != "word":  # characters and runs: cut at whitespace
            return super()._in_pieces(text, mode)
        tokens: list[str] = []
        for found in self._shared_word_lists([text]):
            tokens += found
        return tokens

    def tokenize_parts(self, parts: Iterable[str], mode: str | None = None) -> Iterator[list[str]]:
        """The tokens :meth:`tokenize` gives of ``"".join(parts)``, under
        ``word`` a list for each piece it is segmented in (equal words
        sharing one string), never the whole text's list, nor the text
        joined whole: a long run of jieba's word characters is read from
        the parts it spans (:class:`_Joined`).

        >>> tok = JiebaTokenizer()
        >>> [w for words in tok.tokenize_parts(["我来到北京", "清华大学"]) for w in words]
        ['我', '来到', '北京', '清华大学']
        """
        mode = self._mode(mode)
        texts = [part for part in parts if part]
        if mode != "word" or sum(map(len, texts)) <= steps.PIECE_CHARS:
            yield self.tokenize("".join(texts), mode)
            return
        yield from self._shared_word_lists(texts)

    def _shared_word_lists(self, texts: list[str]) -> Iterator[list[str]]:
        """The words of the text ``texts`` make, in lists
        (:meth:`_word_lists`), equal words sharing one string (the first
        :data:`~answermatch.normalization.steps.SHARED_TOKENS` distinct
        ones)."""
        shared: dict[str, str] = {}
        for found in self._word_lists(texts):
            if len(shared) < steps.SHARED_TOKENS:
                yield list(map(shared.setdefault, found, found))
            else:
                yield list(map(shared.get, found, found))

    def _word_lists(self, texts: list[str]) -> Iterator[list[str]]:
        """:meth:`_words` of the text ``texts`` make, in lists whose
        concatenation is its list. jieba cuts a text into runs of its word
        characters, segments each run on its own and gives every other
        character alone, so the text is read a stretch at a time, cut
        where a run starts or ends (never across the parts' places
        otherwise): the runs of at most
        :data:`~answermatch.normalization.steps.PIECE_CHARS` characters and
        what lies between them by ``jieba.lcut``, some
        :data:`~answermatch.normalization.steps.PIECE_CHARS` characters at
        a time, a longer run piece by piece (:func:`_run_words`) from the
        parts it spans."""
        jieba = self._jieba if self._jieba is not None else self._load()
        limit = steps.PIECE_CHARS
        size = min(limit, _RUN_PIECE_CHARS)
        short: list[str] = []  # read, no long run in it: its words made together
        run: list[str] = []  # the run of word characters read last, in fragments
        counts = [0, 0]  # the lengths of short and run

        def run_ends() -> Iterator[list[str]]:
            if counts[1] > limit:
                if short:
                    yield self._words("".join(steps.emptied(short)))
                    counts[0] = 0
                joined = run[0] if len(run) == 1 else _Joined(run)
                for words in _run_words(jieba, joined, size, self._longest):
                    yield [part for word in words for part in word.split()]
                run.clear()
            else:
                short.extend(run)
                run.clear()
                counts[0] += counts[1]
            counts[1] = 0

        for part in texts:
            at = 0  # where the part's text not placed yet starts
            for found in _JIEBA_RUN.finditer(part):
                start, end = found.span()
                if start > at:  # the run read last (if any) ended before it
                    yield from run_ends()
                    short.append(part[at:start])
                    counts[0] += start - at
                    if counts[0] > limit:  # cut where a run starts
                        yield self._words("".join(steps.emptied(short)))
                        counts[0] = 0
                run.append(found.group())
                counts[1] += end - start
                at = end
            if at < len(part):
                yield from run_ends()
                short.append(part[at:])
                counts[0] += len(part) - at
                if counts[0] > limit:  # cut where a run or another character starts
                    yield self._words("".join(steps.emptied(short)))
                    counts[0] = 0
        yield from run_ends()
        if short or not texts:
            yield self._words("".join(short))

    def _words(self, text: str) -> list[str]:
        jieba = self._jieba if self._jieba is not None else self._load()
        return [part for word in jieba.lcut(text) for part in word.split()]

    def signature(self) -> str:
        """e.g. ``jieba(0.42.1,dict=default,hmm=on)`` (``jieba(absent)`` in a
        core install, where only ``char`` and ``mixed``, which do not use it,
        run)."""
        try:
            version = version_of("jieba") if require("jieba", "zh") else "absent"
        except ImportError:
            return "jieba(absent)"
        return f"jieba({version},dict=default,hmm=on)"

    def __repr__(self) -> str:
        return "JiebaTokenizer()"


def _chars(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in text.split():
        tokens += _CLUSTERS(chunk)
    return tokens


def _mixed(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in text.split():
        tokens += [token for token in _MIXED(chunk) if token]
    return tokens


class _Joined:
    """A text given as its parts, read as :func:`_run_words` reads a run
    (its length and slices), never joined whole.

    >>> text = _Joined(["我来", "到北京清", "华"])
    >>> len(text), text[1:7], text[3:4], text[2:2]
    (7, '来到北京清华', '北', '')
    """

    def __init__(self, parts: list[str]) -> None:
        self._parts = [part for part in parts if part]
        self._starts = list(accumulate(map(len, self._parts), initial=0))

    def __len__(self) -> int:
        return self._starts[-1]

    def __getitem__(self, where: slice) -> str:
        start, stop, _ = where.indices(len(self))
        i = bisect_right(self._starts, start) - 1
        found: list[str] = []
        while start < stop:
            offset = self._starts[i]
            found.append(self._parts[i][start - offset : stop - offset])
            start = self._starts[i + 1]
            i += 1
        return "".join(found)


def _run_words(jieba: Any, run: str | _Joined, size: int, longest: int) -> Iterator[list[str]]:
    """The words ``jieba`` (precise mode, HMM on) gives of ``run``, one of
    its runs of word characters, in lists whose concatenation is
    ``jieba.lcut(run)``, holding jieba's work for pieces of about ``size``
    characters rather than for the whole run (a dictionary and a list of
    candidates a character, some hundred bytes each).

    jieba's precise mode (``Tokenizer._Tokenizer__cut_DAG``) takes, for each
    position of the run from its end back to its start, the word from there
    (in its graph of the dictionary's words, ``get_DAG``) that maximizes the
    sum of its log-frequency and the best sum from after it (``calc``:
    ``(value, end)`` tuples, a tie to the longer word); then it reads the
    best path from the start, gathering single characters in a buffer that
    a longer word, or the run's end, lets out (HMM on the buffer when it is
    no word of the dictionary).

    The run is cut only where no word of the dictionary spans (every path
    goes through there, and each piece's graph is the run's there); but the
    best sums of a piece are the run's only when computed from the sum at
    the piece's end, which depends on everything after it: the float sums
    are rounded, so a piece segmented alone (from 0) can break a tie of
    equal products of frequencies the other way (``丰足额`` before 100,000
    characters of Chinese: ``丰足/额`` in the whole run, ``丰/足额``
    alone). So the sums are computed twice, the same operations as
    ``calc``'s on the same values: once from the end back to the start,
    piece by piece, keeping only the sum at each cut, then from the start,
    each piece's from its end's sum; and the buffer of single characters
    is carried from one piece to the next."""
    cuts = _cuts(jieba, run, size, longest)
    # the best sum at each piece's end: 0 at the run's end, as calc
    ends: list[float] = [0] * (len(cuts) - 1)
    for i in range(len(cuts) - 2, 0, -1):
        ends[i - 1] = _route(jieba, run[cuts[i] : cuts[i + 1]], ends[i])[0][0]
    buffer = ""
    freq = jieba.FREQ
    for i, end in enumerate(ends):
        piece = run[cuts[i] : cuts[i + 1]]
        route = _route(jieba, piece, end)
        words: list[str] = []
        x, n = 0, len(piece)
        while x < n:
            y = route[x][1] + 1
            if y - x == 1:
                buffer += piece[x]
            else:
                if buffer:
                    words += _let_out(freq, buffer)
                    buffer = ""
                words.append(piece[x:y])
            x = y
        if i == len(ends) - 1 and buffer:
            words += _let_out(freq, buffer)
        yield words


def _let_out(freq: dict[str, int], buffer: str) -> list[str]:
    """The words of a buffer of single characters, as jieba lets it out."""
    if len(buffer) == 1:
        return [buffer]
    if not freq.get(buffer):
        from jieba import finalseg

        return list(finalseg.cut(buffer))
    return list(buffer)


def _route(jieba: Any, piece: str, end: float) -> list[tuple[float, int]]:
    """``jieba.calc``'s best (sum, last character) at each position of
    ``piece``, whose best sum at its end is ``end``: the same operations on
    the same values as ``calc`` over the whole run (with
    ``route[len(run)] = (0, 0)``)."""
    dag = jieba.get_DAG(piece)
    freq = jieba.FREQ
    logtotal = log(jieba.total)
    n = len(piece)
    route: list[tuple[float, int]] = [(end, 0)] * (n + 1)
    for idx in range(n - 1, -1, -1):
        route[idx] = max(
            (log(freq.get(piece[idx : x + 1]) or 1) - logtotal + route[x + 1][0], x)
            for x in dag[idx]
        )
    return route


def _cuts(jieba: Any, run: str | _Joined, size: int, longest: int) -> list[int]:
    """0, the places ``run`` is cut at, and its length: each place the
    first after a piece of ``size`` characters where no word of jieba's
    dictionary starts before and ends after (a word starting ``longest``
    characters or more before it ends before it: ``longest`` is the
    length of the dictionary's longest word)."""
    cuts = [0]
    n = len(run)
    at = size
    while at < n:
        low = max(at - longest + 1, cuts[-1])  # the words that may span a place from ``at`` on
        high = min(n, at + _CUT_WINDOW + 2 * longest)
        dag = jieba.get_DAG(run[low:high])
        # a place is known when every word starting before it is seen whole
        known = high - low if high == n else high - low - longest + 1
        reach = 0  # the last character of the words starting before the place
        found = None
        for k in range(known):
            if k + low >= at and reach < k:
                found = k + low
                break
            reach = max(reach, dag[k][-1])
        if found is not None:
            cuts.append(found)
            at = found + size
        elif high == n:
            break
        else:
            at = low + known
    cuts.append(n)
    return cuts
