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
  text (alternating digits and letters) and somewhere between 1,000,000 and
  10,000,000 of ordinary Japanese; mecab-python3 then returns ``None`` (the
  official XOR-Full script then stops with an ``AttributeError``) and fugashi
  crashes the interpreter. Parsing a whole text also takes about 1.2 kB per
  character (1.2 GB for 1,000,000 characters).

:meth:`~MecabTokenizer.wakati` reproduces mecab-python3 exactly, NUL
included. A text longer than :data:`MAX_CHARS` is parsed in overlapping
windows of :data:`WINDOW` characters (memory bounded by the window, not the
text): two neighbouring windows are joined at a word boundary where both
chose the same words with the same dictionary entries on either side. That
is not a proof that MeCab's best path over the whole text runs there too,
but Viterbi paths from different contexts that agree have merged, and the
result was mecab-python3's string on every text compared (up to 1,000,000
characters; ``tests/test_tokenizer_ja.py``). The path cost is added up
across windows, and a text on which MeCab would fail raises
:class:`ValueError` as mecab-python3 returns ``None`` (MeCab may give up a
few characters before its best path reaches the limit, because it also
checks the other candidate words there; on ``"1a" * n`` both fail from the
same ``n``). Where no join is found, the
window grows, up to 80,000 characters (far below MeCab's cost limit, so a
window alone never makes MeCab fail); beyond that :class:`ValueError` says so.

:meth:`~MecabTokenizer.tokenize` keeps MeCab's split but never returns
whitespace: it is the ``-Owakati`` string's :meth:`str.split`, so it equals
MeCab's words exactly unless the text holds whitespace other than
space/tab/newline/VT (which is then dropped, and splits a word it was part
of). A NUL separates like whitespace (the text after it is tokenized too),
and a text longer than :data:`MAX_CHARS` is parsed in pieces cut after a
newline or space (no cost limit applies).

>>> tok = MecabTokenizer()
>>> tok.tokenize("東京タワーは日本の電波塔です。")
['東京', 'タワー', 'は', '日本', 'の', '電波', '塔', 'です', '。']
>>> tok.wakati("東京タワー")
'東京 タワー \\n'
>>> tok.wakati("")
'\\n'
"""

from __future__ import annotations

import atexit
import os
import re
import shlex
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from .base import Tokenizer, require, version_of

#: Longest text (in characters) parsed in one piece; MeCab's path cost stays
#: below 2**31 for at least 3.5 times this length on any text we measured.
MAX_CHARS = 50_000
#: Window (characters) of the long-text parse, and the overlap of two windows.
WINDOW = 20_000
OVERLAP = 2_000
#: Nodes that must agree on each side of a join.
AGREE = 2
#: MeCab gives up when no path to a word costs less than this.
COST_LIMIT = 2**31 - 1
# a MeCab resource file defining an output type "answermatch" that prints
# each word with its dictionary entry's ids and cost and the path cost so far
_COST_RC = (
    "node-format-answermatch = %m\\t%phl %phr %c\\t%pc\\n\n"
    "unk-format-answermatch = %m\\t%phl %phr %c\\t%pc\\n\n"
    "bos-format-answermatch = \n"
    "eos-format-answermatch = \\t\\t%pc\\n\n"
)
#: Texts up to this length have their ``wakati`` string cached.
CACHED_CHARS = 512
_CACHE_SIZE = 1 << 16
# the characters MeCab's unidic-lite char.def puts in its SPACE class
_MECAB_SPACES = " \t\n\v"

# MeCab reads UTF-8, which has no lone surrogates (a JSON "\\ud800" gives one)
_SURROGATE = re.compile("[\ud800-\udfff]")
_STAND_INS = re.compile("[\ud800-\udfff\ufffd]")


def _surrogate_safe(parse: Callable[[str], str]) -> Callable[[str], str]:
    """``parse`` (MeCab's output for a text) that also takes lone surrogates:
    MeCab parses U+FFFD in their place, a character it keeps as it is and
    never skips, so the n-th U+FFFD of its output is the n-th surrogate or
    U+FFFD of the text, which is put back there. A text without a surrogate
    costs nothing more.

    >>> _surrogate_safe(lambda text: " ".join(text) + " \\n")("a\\ud800\\ufffd")
    'a \\ud800 \\ufffd \\n'
    """

    def safe(text: str) -> str:
        try:
            return parse(text)
        except UnicodeEncodeError:
            if _SURROGATE.search(text) is None:
                raise
        originals = iter(_STAND_INS.findall(text))
        out = parse(_SURROGATE.sub("\ufffd", text))
        return _STAND_INS.sub(lambda found: next(originals), out)

    return safe


#: MeCab keeps (until its tagger is gone) a copy of every text it parses of
#: more than 8,192 bytes of UTF-8 (its allocator's chunk: a larger request
#: gets a chunk of its own, never reused for a request as large); a text of
#: at most this many characters (4 bytes each at most) is under that size.
_UNKEPT_CHARS = 2_047


def _prime(tagger: object, chars: int) -> None:
    """Have ``tagger`` parse a text of spaces of more bytes than any text
    of ``chars`` characters: MeCab's allocator keeps that chunk and copies
    every later text into it, instead of keeping a copy of each text over
    8,192 bytes (which grew the memory by the text's size in bytes, a long
    answer's MeCab pieces one after the other). The spaces are skipped, so
    the parse is quick (about 30 ms); no result changes (the lattice starts
    afresh with each text)."""
    tagger.parse(" " * (4 * chars + 64) + "a")  # type: ignore[attr-defined]


def _primed_parse(local: threading.local) -> Callable[[str], str]:
    """The thread's ``tagger.parse``, which primes the tagger
    (:func:`_prime`) before its first text longer than :data:`_UNKEPT_CHARS`."""
    parse = local.tagger.parse

    def primed(text: str) -> str:
        if len(text) > _UNKEPT_CHARS and not local.primed:
            _prime(local.tagger, MAX_CHARS)
            local.primed = True
        return parse(text)

    return primed


class MecabTokenizer(Tokenizer):
    """Japanese words from MeCab + unidic-lite (``-Owakati`` splitting).

    Safe to share between threads without a lock: each thread that uses it
    gets MeCab taggers of its own (about 6 MB), freed when the thread ends.
    """

    lang = "ja"
    modes = ("word",)

    def __init__(self) -> None:
        self._fugashi = require("fugashi", "ja")
        unidic_lite = require("unidic_lite", "ja", package="unidic-lite")
        dicdir = unidic_lite.DICDIR
        rc = os.path.join(dicdir, "mecabrc")
        if not os.path.isfile(rc):
            rc = os.devnull
        self._args = f"-r {shlex.quote(rc)} -d {shlex.quote(dicdir)} -Owakati"
        self._dicdir = dicdir
        # A MeCab tagger keeps the lattice of its last parse, so two threads
        # must not share one; fugashi 1.5 happens to hold the GIL during a
        # parse, which nothing promises. Each thread gets taggers of its own
        # (``_thread``), made on its first text: no lock per call, at the cost
        # of about 6 MB per thread that tokenizes Japanese, freed with the thread.
        self._local = threading.local()
        self._thread()  # this thread's tagger now: a broken install fails here
        self._dictionary = _read_version(os.path.join(dicdir, "version"))
        self._cached_wakati = lru_cache(maxsize=_CACHE_SIZE)(self._wakati)

    def _thread(self) -> threading.local:
        """This thread's taggers (``tagger``, its ``parse`` and, once a long
        text needed it, ``cost_tagger``), made on the thread's first call."""
        local = self._local
        if not hasattr(local, "parse"):
            local.tagger = self._fugashi.GenericTagger(self._args)
            local.cost_tagger = None
            local.primed = False
            local.parse = _surrogate_safe(_primed_parse(local))
        return local

    @property
    def _tagger(self) -> object:
        """The calling thread's ``-Owakati`` tagger."""
        return self._thread().tagger

    def _tokenize(self, text: str, mode: str) -> list[str]:
        parse = self._thread().parse
        if len(text) <= MAX_CHARS and "\x00" not in text:  # the common case, one parse
            return parse(text).split()
        tokens: list[str] = []
        shared: dict[str, str] = {}  # equal words of a long text share one string
        for piece in text.split("\x00"):
            for chunk in _chunks(piece, MAX_CHARS):
                found = parse(chunk).split()
                tokens += map(shared.setdefault, found, found)
        return tokens

    def tokenize_parts(self, parts: Iterable[str], mode: str | None = None) -> Iterator[list[str]]:
        """The words of ``"".join(parts)`` as :meth:`tokenize` gives them,
        one list per piece MeCab parses: the text is cut exactly as
        :meth:`tokenize` cuts it (at each NUL, then into pieces of at most
        :data:`MAX_CHARS` characters), but only the piece being cut is held,
        never the whole text or its whole list of words.

        >>> tok = MecabTokenizer()
        >>> [w for words in tok.tokenize_parts(["東京タ", "ワー"]) for w in words]
        ['東京', 'タワー']
        """
        self._mode(mode)
        parse = self._thread().parse
        rest = ""  # the text not parsed yet, after the last NUL: under MAX_CHARS + a part
        for part in parts:
            if not isinstance(part, str):
                raise TypeError(f"text must be a str, not {type(part).__name__}")
            *ended, rest = (rest + part).split("\x00")
            for segment in ended:
                for chunk in _chunks(segment, MAX_CHARS):
                    yield parse(chunk).split()
            start = 0
            while len(rest) - start > MAX_CHARS:
                stop = _cut(rest, start, MAX_CHARS)
                yield parse(rest[start:stop]).split()
                start = stop
            rest = rest[start:]
        yield parse(rest).split()

    def chunk_spans(self, text: str) -> list[tuple[int, int]]:
        """Where :meth:`tokenize` cuts ``text``: the ``(start, end)`` of
        each piece MeCab parses alone (the text split at each NUL, then into
        pieces of at most :data:`MAX_CHARS` characters cut as
        :func:`_chunks` cuts them), in order; the text's words are those of
        its pieces, one after the other. No piece is copied.

        >>> from answermatch.tokenizers.ja import MecabTokenizer
        >>> MecabTokenizer().chunk_spans("東京\\x00タワー")
        [(0, 2), (3, 6)]
        """
        size = len(text)
        if size <= MAX_CHARS and "\x00" not in text:
            return [(0, size)]
        spans = []
        begin = 0
        while True:
            nul = text.find("\x00", begin)
            end = size if nul < 0 else nul
            start = begin
            while end - start > MAX_CHARS:  # as _chunks cuts the segment
                stop = _cut(text, start, MAX_CHARS)
                spans.append((start, stop))
                start = stop
            spans.append((start, end))
            if nul < 0:
                return spans
            begin = nul + 1

    def splitter(self, mode: str | None = None) -> Callable[[str], list[str]]:
        """:meth:`tokenize` with the checks done once (one function call per text)."""
        self._mode(mode)
        local, general = self._local, self._tokenize

        def split(text: str) -> list[str]:
            if len(text) <= MAX_CHARS and "\x00" not in text:
                try:
                    parse = local.parse
                except AttributeError:  # the first text of this thread
                    parse = self._thread().parse
                return parse(text).split()
            return general(text, "word")

        return split

    def wakati(self, text: str) -> str:
        """The string ``MeCab.Tagger("-Owakati").parse(text)`` gives with unidic-lite.

        Like mecab-python3, it refuses a lone surrogate (``UnicodeEncodeError``),
        where :meth:`tokenize` reads one: XOR-TyDi's official scorer fails on it.

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
            return self._long_wakati(head)
        last = head.rstrip(_MECAB_SPACES)
        if not last:
            return "\n"
        local = self._thread()
        tagger = local.tagger
        if len(head) > _UNKEPT_CHARS and not local.primed:
            _prime(tagger, MAX_CHARS)
            local.primed = True
        # fugashi's parse() returns MeCab's string with trailing whitespace
        # stripped: exact unless the last word itself ends in whitespace.
        if not last[-1].isspace():
            return tagger.parse(head) + " \n"  # type: ignore[attr-defined]
        return " ".join([node.surface for node in tagger(head)]) + " \n"  # type: ignore[operator]

    def _window(self, text: str, start: int, end: int) -> list[_Node]:
        """MeCab's best path over ``text[start:end]``: (first character, end,
        surface, dictionary entry, path cost from the window's start)."""
        local = self._thread()
        if local.cost_tagger is None:
            import fugashi

            rc = _cost_rc()
            local.cost_tagger = fugashi.GenericTagger(
                f"-r {shlex.quote(rc)} -d {shlex.quote(self._dicdir)} -Oanswermatch"
            )
            _prime(local.cost_tagger, 4 * WINDOW)  # windows grow up to 4 * WINDOW
        lines = local.cost_tagger.parse(text[start:end]).split("\n")
        nodes: list[_Node] = []
        at = start
        find = text.find
        for line in lines:
            surface, entry, cost = line.split("\t")
            if not surface:  # EOS
                nodes.append((end, end, "", "", int(cost)))
                break
            at = find(surface, at)  # after the spaces MeCab skipped
            nodes.append((at, at + len(surface), surface, entry, int(cost)))
            at += len(surface)
        return nodes

    def _long_wakati(self, text: str) -> str:
        """-Owakati of a long text, window by window (see :mod:`answermatch.tokenizers.ja`)."""
        pieces: list[str] = []
        size = len(text)
        start, end = 0, min(size, WINDOW)
        nodes = self._window(text, 0, end)
        offset = 0  # whole-text path cost where this window's costs start from
        done = 0  # the text up to here is written
        while True:
            _check_cost(nodes, offset, size)
            first = next(i for i, node in enumerate(nodes) if node[0] >= done)
            if end == size:
                pieces.extend(node[2] + " " for node in nodes[first:-1])
                break
            next_start = end - OVERLAP
            next_end = min(size, next_start + WINDOW)
            following = self._window(text, next_start, next_end)
            join = _join(nodes, following, (next_start + end) // 2, max(done, next_start))
            if join is None:  # no agreement: a longer window, from the same start
                if end - start >= 4 * WINDOW:  # MeCab alone stays far from its limit
                    raise ValueError(
                        f"cannot split a text of {size} characters for MeCab near "
                        f"character {end}: no word boundary found"
                    )
                end = min(size, start + 2 * (end - start))
                nodes = self._window(text, start, end)
                continue
            mine, theirs = join
            pieces.extend(node[2] + " " for node in nodes[first : mine + 1])
            offset += nodes[mine][4] - following[theirs][4]
            nodes, done, start, end = following, nodes[mine][1], next_start, next_end
        pieces.append("\n")
        return "".join(pieces)

    def signature(self) -> str:
        """e.g. ``mecab(fugashi=1.5.2,unidic-lite=1.0.8,dic=UniDic 2.1.2)``."""
        return (
            f"mecab(fugashi={version_of('fugashi')},unidic-lite={version_of('unidic-lite')},"
            f"dic=UniDic {self._dictionary})"
        )

    def __repr__(self) -> str:
        return "MecabTokenizer()"


_Node = tuple[int, int, str, str, int]  # start, end, surface, entry, path cost


def _join(left: list[_Node], right: list[_Node], middle: int, after: int) -> tuple[int, int] | None:
    """Where to pass from window ``left`` to the next one, ``right``: indexes
    (i, j) of the same node, both followed and preceded by :data:`AGREE`
    identical nodes (position, surface, dictionary entry), ending after
    ``after`` and nearest ``middle``."""
    index = {node[:4]: j for j, node in enumerate(right[:-1])}
    best: tuple[int, int] | None = None
    for i in range(AGREE, len(left) - AGREE - 1):
        if left[i][0] < after:
            continue
        j = index.get(left[i][:4])
        if j is None or j < AGREE or j + AGREE >= len(right) - 1:
            continue
        if all(left[i + k][:4] == right[j + k][:4] for k in range(-AGREE, AGREE + 1)):
            if best is None or abs(left[i][1] - middle) < abs(left[best[0]][1] - middle):
                best = (i, j)
            elif left[i][1] > middle:
                break
    return best


def _check_cost(nodes: list[_Node], offset: int, size: int) -> None:
    """Raise as MeCab fails when the path cost reaches :data:`COST_LIMIT`."""
    worst = max(node[4] for node in nodes) + offset
    if worst >= COST_LIMIT:
        raise ValueError(
            f"MeCab cannot parse this text of {size} characters: its best path costs "
            f"more than {COST_LIMIT} (mecab-python3 returns None and the official "
            "script stops)"
        )


_RC_PATH: list[str] = []


def _cost_rc() -> str:
    """A MeCab resource file defining the ``answermatch`` output type (made
    once per process in a private temporary folder, removed at exit)."""
    if not _RC_PATH:
        folder = tempfile.mkdtemp(prefix="answermatch-mecab-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = os.path.join(folder, "mecabrc")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(_COST_RC)
        _RC_PATH.append(path)
    return _RC_PATH[0]


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
        stop = _cut(text, start, size)
        yield text[start:stop]
        start = stop
    yield text[start:]


def _cut(text: str, start: int, size: int) -> int:
    """Where the piece of ``text`` from ``start`` ends (``text`` is longer
    than ``start + size``): after the last newline or space of the piece's
    second half, else after ``size`` characters."""
    end = start + size
    cut = text.rfind("\n", start + size // 2, end)
    if cut < 0:
        cut = text.rfind(" ", start + size // 2, end)
    return end if cut < 0 else cut + 1
