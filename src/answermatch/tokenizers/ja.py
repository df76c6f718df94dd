"""Japanese: MeCab (through fugashi) with the unidic-lite dictionary.

The XOR-TyDi XOR-Full scorer (https://github.com/AkariAsai/XORQA,
``evals/eval_xor_full.py``) runs Japanese answers through mecab-python3's
``MeCab.Tagger("-Owakati")`` with unidic-lite (UniDic 2.1.2). This module runs
the same MeCab and dictionary through fugashi and gives both

- :meth:`MecabTokenizer.tokenize`: the words, and
- :meth:`MecabTokenizer.wakati`: the exact string mecab-python3 returns
  (surfaces joined by single spaces, then ``" \\n"``; ``"\\n"`` when there is no
  word), which the XOR-Full figures depend on (BLEU runs over it).

The dictionary directory and its (empty) ``mecabrc`` are passed explicitly
(``-r`` and ``-d``), so a system ``mecabrc``, a ``MECABRC`` variable or
another installed dictionary (``unidic``, ``ipadic``) cannot change the
result.

How MeCab treats its input (checked against mecab-python3 1.0.12):

- Only ``" "``, ``"\\t"``, ``"\\n"`` and ``"\\v"`` are skipped between words.
  Other whitespace is kept as (part of) a word: ``"東京\\u3000タワー"`` gives
  ``東京 \\u3000 タワー``, ``"\\r"`` and U+00A0 become words or stick to one.
- Input stops at the first NUL (MeCab reads a C string).
- MeCab fails ("too long sentence") once the best path's cost passes
  2**31 - 1, which happens after about 180,000 characters of the costliest
  text (alternating digits and letters) and 1,000,000 of ordinary Japanese;
  mecab-python3 then returns ``None`` and fugashi crashes the interpreter.

:meth:`~MecabTokenizer.tokenize` keeps MeCab's split but never returns
whitespace: it is the ``-Owakati`` string's :meth:`str.split`, so it equals
MeCab's words exactly unless the text holds whitespace other than
space/tab/newline/VT (which is then dropped, and splits a word it was part
of). A NUL separates like whitespace (the text after it is tokenized too),
and a text longer than :data:`MAX_CHARS` is parsed in pieces cut after a
newline or space. :meth:`~MecabTokenizer.wakati` reproduces mecab-python3
exactly, NUL included, and raises :class:`ValueError` for a text longer than
:data:`MAX_CHARS`, where MeCab may fail.

>>> tok = MecabTokenizer()
>>> tok.tokenize("東京タワーは日本の電波塔です。")
['東京', 'タワー', 'は', '日本', 'の', '電波', '塔', 'です', '。']
>>> tok.wakati("東京タワー")
'東京 タワー \\n'
>>> tok.wakati("")
'\\n'
"""

from __future__ import annotations

import os
import shlex
import threading
from collections.abc import Callable, Iterator
from functools import lru_cache

from .base import Tokenizer, require, version_of

#: Longest text (in characters) parsed in one piece; MeCab's path cost stays
#: below 2**31 for at least 3.5 times this length on any text we measured.
MAX_CHARS = 50_000
#: Texts up to this length have their ``wakati`` string cached.
CACHED_CHARS = 512
_CACHE_SIZE = 1 << 16
# the characters MeCab's unidic-lite char.def puts in its SPACE class
_MECAB_SPACES = " \t\n\v"


class MecabTokenizer(Tokenizer):
    """Japanese words from MeCab + unidic-lite (``-Owakati`` splitting)."""

    lang = "ja"
    modes = ("word",)

    def __init__(self) -> None:
        fugashi = require("fugashi", "ja")
        unidic_lite = require("unidic_lite", "ja", package="unidic-lite")
        dicdir = unidic_lite.DICDIR
        rc = os.path.join(dicdir, "mecabrc")
        if not os.path.isfile(rc):
            rc = os.devnull
        self._tagger = fugashi.GenericTagger(
            f"-r {shlex.quote(rc)} -d {shlex.quote(dicdir)} -Owakati"
        )
        self._lock = threading.Lock()
        self._dictionary = _read_version(os.path.join(dicdir, "version"))
        self._cached_wakati = lru_cache(maxsize=_CACHE_SIZE)(self._wakati)

    def _tokenize(self, text: str, mode: str) -> list[str]:
        if len(text) <= MAX_CHARS and "\x00" not in text:  # the common case, one parse
            with self._lock:
                return self._tagger.parse(text).split()
        tokens: list[str] = []
        with self._lock:
            for piece in text.split("\x00"):
                for chunk in _chunks(piece, MAX_CHARS):
                    tokens += self._tagger.parse(chunk).split()
        return tokens

    def splitter(self, mode: str | None = None) -> Callable[[str], list[str]]:
        """:meth:`tokenize` with the checks done once (one function call per text)."""
        self._mode(mode)
        parse, lock, general = self._tagger.parse, self._lock, self._tokenize

        def split(text: str) -> list[str]:
            if len(text) <= MAX_CHARS and "\x00" not in text:
                with lock:
                    return parse(text).split()
            return general(text, "word")

        return split

    def wakati(self, text: str) -> str:
        """The string ``MeCab.Tagger("-Owakati").parse(text)`` gives with unidic-lite.

        >>> MecabTokenizer().wakati("  東京\\tタワー\\n")
        '東京 タワー \\n'
        >>> MecabTokenizer().wakati("東京\\u3000")
        '東京 \\u3000 \\n'
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        if len(text) <= CACHED_CHARS:
            return self._cached_wakati(text)
        return self._wakati(text)

    def _wakati(self, text: str) -> str:
        head = text.partition("\x00")[0]
        if len(head) > MAX_CHARS:
            raise ValueError(
                f"text of {len(head)} characters is too long for MeCab: its exact -Owakati "
                f"output is only produced up to {MAX_CHARS} characters (MeCab itself fails "
                "on some texts from about 180,000)"
            )
        last = head.rstrip(_MECAB_SPACES)
        if not last:
            return "\n"
        with self._lock:
            # fugashi's parse() returns MeCab's string with trailing whitespace
            # stripped: exact unless the last word itself ends in whitespace.
            if not last[-1].isspace():
                return self._tagger.parse(head) + " \n"
            return " ".join([node.surface for node in self._tagger(head)]) + " \n"

    def signature(self) -> str:
        """e.g. ``mecab(fugashi=1.5.2,unidic-lite=1.0.8,dic=UniDic 2.1.2)``."""
        return (
            f"mecab(fugashi={version_of('fugashi')},unidic-lite={version_of('unidic-lite')},"
            f"dic=UniDic {self._dictionary})"
        )

    def __repr__(self) -> str:
        return "MecabTokenizer()"


def _read_version(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip() or "unknown"
    except OSError:
        return "unknown"


def _chunks(text: str, size: int) -> Iterator[str]:
    """Pieces of at most ``size`` characters, cut after a newline or space if possible."""
    start = 0
    while len(text) - start > size:
        end = start + size
        cut = text.rfind("\n", start + size // 2, end)
        if cut < 0:
            cut = text.rfind(" ", start + size // 2, end)
        stop = end if cut < 0 else cut + 1
        yield text[start:stop]
        start = stop
    yield text[start:]
