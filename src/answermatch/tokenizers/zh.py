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
no word. A run is never cut: a long text of word characters only (Chinese
without spaces, punctuation or other scripts) is segmented at once.

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
from collections.abc import Callable
from typing import Any

import regex

from ..normalization.steps import shared_tokens
from .base import Tokenizer, require, version_of

_CLUSTERS = regex.compile(r"\X").findall
# group 1: a Han character, a symbol, or a run of anything else that is not
# punctuation; a match outside group 1 is a punctuation cluster, dropped.
_MIXED = regex.compile(r"((?=\p{Han})\X|(?=\p{S})\X|(?:(?=[^\p{Han}\p{P}\p{S}])\X)+)|\X").findall


#: A character outside jieba's word pattern (``jieba.re_han_default``) or
#: whitespace: jieba's words never span one.
_OUTSIDE_JIEBA_WORDS = re.compile(r"[^\u4E00-\u9FD5a-zA-Z0-9+#&._%\-]")


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
        self._jieba = tokenizer
        return tokenizer

    def _tokenize(self, text: str, mode: str) -> list[str]:
        return self._modes[mode](text)

    def _in_pieces(self, text: str, mode: str) -> list[str]:
        if mode != "word":  # characters and runs: cut at whitespace
            return super()._in_pieces(text, mode)
        # jieba cuts each run of its word characters on its own, and gives
        # every other character alone: a text may be cut before any of those
        return list(shared_tokens(text, self._words, _OUTSIDE_JIEBA_WORDS))

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
