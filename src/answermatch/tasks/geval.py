"""GEval's rules for reading line files and for fuzzy accuracy matching.

GEval (https://github.com/amu-cai/geval, the evaluator behind the PolEval
challenges on gonito.net) is written in Haskell; this module restates, in
Python, the parts of its behaviour that decide a PolEval 2021 QA score.
The source files read for each rule are named in the docstrings
(``src/GEval/Core.hs``, ``MetricsMechanics.hs``, ``MatchingSpecification.hs``,
commit a7f81c5 of November 2022; GEval is built with the Stackage LTS 19
toolchain: GHC 9.0, text 1.2.5, conduit 1.3).

Reading a file (:func:`read_lines`)
    Bytes are decoded as UTF-8 and every byte that is not part of a valid
    sequence becomes one U+FFFD (text 1.2's lenient stream decoder restarts
    one byte after the start of a bad sequence); a byte-order mark stays a
    character. The text is split on ``\\n`` only, a final empty piece is
    dropped and every ``\\r`` is deleted.

Parsing a line
    Accuracy's parser strips the whole line of Haskell ``isSpace`` characters
    (:func:`haskell_strip`); a gold line is then split on TAB into variants,
    which are not stripped again.

Matching (:class:`FuzzyAccuracy`, the scheme
``LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy``)
    If the gold variant contains a number (:func:`extract_number_string`, on
    the original case) the answer must contain the identical number string.
    Otherwise both are lowercased one code point at a time
    (:func:`haskell_lower`) and the similarity ``max(0, 1 - d / len(gold))``,
    with ``d`` the Levenshtein distance over code points, must be at least
    0.5. An empty variant never matches. A line scores 1 when any variant
    matches.

>>> scheme = FuzzyAccuracy()
>>> scheme.judge("Kanal Sueski", ["Kanał Sueski"]).matched
True
>>> scheme.judge("w roku 1410", ["1410 r."]).rule, scheme.judge("XIV wiek", ["14"]).matched
('number', True)
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..diagnostics import Diagnostics
from ..sources import read_bytes

#: Haskell's ``Data.Char.isSpace`` (GHC 9.0): TAB, LF, VT, FF, CR, space and
#: U+00A0 in Latin-1, and the ``Space_Separator`` (Zs) characters above
#: U+0377. Unlike Python's ``str.isspace`` it excludes U+001C-U+001F, U+0085,
#: U+2028 and U+2029.
HASKELL_SPACES = (
    "\t\n\x0b\x0c\r \xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
)

_NOT_SPACE_RUN = re.compile("[^" + re.escape(HASKELL_SPACES) + "]+")
# GEval's number pattern ``[-+]?\d*\.\d+|\d+`` under PCRE without UCP, where
# ``\d`` is an ASCII digit.
_NUMBER = re.compile(r"[-+]?[0-9]*\.[0-9]+|[0-9]+")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_ERROR_HANDLER = "answermatch.geval-per-byte"


def _replace_per_byte(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return "\ufffd" * (exc.end - exc.start), exc.end


codecs.register_error(_ERROR_HANDLER, _replace_per_byte)


def decode_lenient(data: bytes) -> str:
    """Decode UTF-8 as GEval does: one U+FFFD per byte of an invalid sequence.

    (``Core.hs`` reads files through conduit's ``decodeUtf8Lenient``, which
    uses text 1.2's ``streamDecodeUtf8With lenientDecode``.)

    Python's own ``errors="replace"`` gives one U+FFFD per *maximal* invalid
    subsequence; text 1.2 (GEval's decoder) gives one per byte.

    >>> decode_lenient(b"\\xe2\\x82A\\xff")
    '\\ufffd\\ufffdA\\ufffd'
    >>> decode_lenient("\\ufeffzażółć".encode())  # a BOM stays a character
    '\\ufeffzażółć'
    """
    return data.decode("utf-8", errors=_ERROR_HANDLER)


def split_lines(text: str) -> list[str]:
    """GEval's lines: split on ``\\n`` only, drop the final empty piece,
    delete every ``\\r`` (``Core.hs``: ``CT.lines``, then ``cleanLine``).

    >>> split_lines("a\\r\\nb\\x0bc\\u2028d\\n\\ne\\n")
    ['a', 'b\\x0bc\\u2028d', '', 'e']
    >>> split_lines("")
    []
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [line.replace("\r", "") for line in lines]
    return lines


def haskell_strip(text: str) -> str:
    """Strip Haskell ``isSpace`` characters from both ends (``Data.Text.strip``,
    the parser of expected and output lines for Accuracy in ``MetricsMechanics.hs``).

    >>> haskell_strip("\\u3000 Warszawa\\xa0\\t")
    'Warszawa'
    >>> haskell_strip("\\x85Warszawa\\u2028")  # not spaces for Haskell
    '\\x85Warszawa\\u2028'
    """
    return text.strip(HASKELL_SPACES)


def haskell_words(text: str) -> list[str]:
    """Haskell's ``words``: the runs of non-``isSpace`` characters.

    >>> haskell_words(" XIV\\u2003wiek\\x85 ")
    ['XIV', 'wiek\\x85']
    """
    return _NOT_SPACE_RUN.findall(text)


def haskell_lower(text: str) -> str:
    """Lowercase one code point at a time with the simple 1:1 mapping
    (Haskell's ``map toLower``, GEval's ``Lower`` in ``MatchingSpecification.hs``).

    Python's ``str.lower`` differs in two places: U+0130 becomes two code
    points (``i`` + U+0307) and a word-final capital sigma becomes ``ς``;
    here they become ``i`` and ``σ``. (Characters that Unicode versions
    newer than GHC 9.0's tables added may still differ.)

    >>> haskell_lower("İSTANBUL ΟΔΟΣ")
    'istanbul οδοσ'
    """
    if "\u0130" in text:
        text = text.replace("\u0130", "i")
    if "\u03a3" in text:
        text = text.replace("\u03a3", "\u03c3")
    return text.lower()


def roman_to_int(word: str) -> int | None:
    """The value of an all-uppercase ``IVXLCDM`` word, read leniently from
    right to left (a numeral smaller than its right neighbour subtracts,
    otherwise it adds); ``None`` for any other word or a value <= 0.

    >>> roman_to_int("XIV"), roman_to_int("IIX"), roman_to_int("MCMXC")
    (14, 10, 1990)
    >>> roman_to_int("xiv") is None, roman_to_int("XIV.") is None
    (True, True)
    """
    total = 0
    right = 0
    for char in reversed(word):
        value = _ROMAN_VALUES.get(char)
        if value is None:
            return None
        total = total + value if value >= right else total - value
        right = value
    return total if total > 0 else None


def extract_number_string(text: str) -> str | None:
    """GEval's ``extractNumber`` (``MatchingSpecification.hs``): the first match of
    ``[-+]?[0-9]*\\.[0-9]+|[0-9]+``, else the decimal value of the first
    whitespace-separated Roman numeral word (:func:`roman_to_int`).

    The result is compared as a *string*, so ``05`` differs from ``5``; a
    sign is kept only before a decimal point pattern.

    >>> [extract_number_string(s) for s in ["ok. 3,5 mln", "-5", "-5.5", "rok 05"]]
    ['3', '5', '-5.5', '05']
    >>> extract_number_string("Ludwik XIV"), extract_number_string("Ludwik") is None
    ('14', True)
    """
    found = _NUMBER.search(text)
    if found is not None:
        return found.group()
    for word in haskell_words(text):
        value = roman_to_int(word)
        if value is not None:
            return str(value)
    return None


def read_lines(path: str | os.PathLike[str], diag: Diagnostics) -> list[str]:
    """The lines of a file as GEval reads them (not yet stripped).

    Invalid UTF-8 is replaced (:func:`decode_lenient`) with one warning naming
    the first bad line; a leading byte-order mark is kept and warned about.
    ``.gz`` files are decompressed.
    """
    data = read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = decode_lenient(data)
        first = data.count(b"\n", 0, exc.start) + 1
        bad_lines = sum(1 for line in split_lines(text) if "\ufffd" in line)
        diag.warn(
            f"invalid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); GEval "
            f"replaces each invalid byte by U+FFFD ({bad_lines} line(s) affected)",
            path=path,
            line=first,
        )
    if text.startswith("\ufeff"):
        diag.warn(
            "the file starts with a byte-order mark; GEval keeps it as the character U+FEFF "
            "at the start of line 1",
            path=path,
            line=1,
        )
    return split_lines(text)


class Verdict(NamedTuple):
    """How one answer line fared against the variants of one gold line.

    ``matched`` is GEval's 0/1; ``variant`` is the index of the variant the
    other fields describe: the first matching one, else the closest one (the
    highest similarity, the first on ties). ``rule`` is ``"number"`` (the
    variant contains a number), ``"fuzzy"`` or ``"empty"`` (an empty variant,
    which never matches). ``similarity`` is GEval's score before hardening.
    For ``fuzzy``: ``distance`` is the Levenshtein distance of the lowercased
    strings and ``max_distance`` the largest distance accepted
    (``len(variant) / 2`` under the threshold 0.5). For ``number``:
    ``gold_number`` and ``answer_number`` are the extracted strings.
    """

    matched: bool
    variant: int
    rule: str
    similarity: float
    distance: int | None = None
    max_distance: float | None = None
    gold_number: str | None = None
    answer_number: str | None = None


_UNSET = object()
# what a gold variant needs for matching: ("empty",), ("number", text) or
# ("fuzzy", lowercased, length, max_distance)
_GoldInfo = tuple


@dataclass(frozen=True)
class FuzzyAccuracy:
    """A GEval accuracy scheme ``LenientHarden/ExtractNumber/Lower/Fuzzy``.

    Per variant (``getMatchingFunctionForString`` in ``MatchingSpecification.hs``):
    the number rule gives 1 or 0 when the variant has a number, else
    ``Lower`` and ``Fuzzy`` give ``max(0, 1 - d / len(variant))`` (0 for an
    empty variant, where GEval divides by zero); ``LenientHarden`` turns a
    score >= ``threshold`` into 1. A line takes the best variant
    (``findBest`` in ``MetricsMechanics.hs``).

    ``threshold``: the similarity a fuzzy match needs (LenientHarden: 0.5);
    ``lower``: the case mapping of the fuzzy comparison; ``number``: the
    number rule, tried first on the original case (``None`` disables it).

    >>> s = FuzzyAccuracy()
    >>> gold = ["figa i pasternak", "pasternak i figa"]
    >>> v = s.judge("Pasternak", gold)  # 7 deletions, at most 16 / 2 allowed
    >>> v.matched, v.variant, v.distance, v.max_distance
    (True, 0, 7, 8.0)
    >>> v = s.judge("Figa", gold)
    >>> v.matched, v.variant, v.distance, v.max_distance
    (False, 0, 12, 8.0)
    >>> s.judge("", [""]).rule
    'empty'
    """

    name: str = "LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy"
    threshold: float = 0.5
    lower: Callable[[str], str] = haskell_lower
    number: Callable[[str], str | None] | None = extract_number_string

    def prepare(self, variant: str) -> _GoldInfo:
        """What matching needs from one gold variant (computed once per variant)."""
        if not variant:
            return ("empty",)
        number = None if self.number is None else self.number(variant)
        if number is not None:
            return ("number", number)
        length = len(variant)
        return ("fuzzy", self.lower(variant), length, length * (1.0 - self.threshold))

    def judge(self, answer: str, variants: Sequence[str]) -> Verdict:
        """Judge one (already stripped) answer against the variants of one gold line."""
        if not variants:
            raise ValueError("a gold line has at least one variant (maybe an empty one)")
        return self._judge(answer, [self.prepare(v) for v in variants], _levenshtein())

    def judge_all(
        self, answers: Iterable[str], golds: Iterable[Sequence[str]]
    ) -> Iterator[Verdict]:
        """:meth:`judge` each (answer, variants) pair in turn; the work on a
        gold variant is done once per distinct variant."""
        distance = _levenshtein()
        cache = _Prepared(self.prepare)
        judge = self._judge
        for answer, variants in zip(answers, golds, strict=True):
            yield judge(answer, [cache[variant] for variant in variants], distance)

    def _judge(
        self, answer: str, infos: Sequence[_GoldInfo], distance: Callable[[str, str], int]
    ) -> Verdict:
        # GEval hardens each variant's soft score (number: 0/1, fuzzy:
        # max(0, 1 - d/L), empty: 0) against the threshold and keeps the best.
        threshold = self.threshold
        answer_number: Any = _UNSET
        answer_lower: Any = _UNSET
        best = (-1.0, 0, infos[0], None)
        for index, info in enumerate(infos):
            kind = info[0]
            d = None
            if kind == "fuzzy":
                if answer_lower is _UNSET:
                    answer_lower = self.lower(answer)
                gold_lower = info[1]
                d = 0 if answer_lower == gold_lower else distance(answer_lower, gold_lower)
                similarity = 1.0 - d / info[2]
                if similarity < 0.0:
                    similarity = 0.0
            elif kind == "number":
                if answer_number is _UNSET:
                    answer_number = self.number(answer)  # type: ignore[misc]
                similarity = 1.0 if answer_number == info[1] else 0.0
            else:
                similarity = 0.0
            if similarity >= threshold:
                return _verdict(True, index, info, similarity, d, answer_number)
            if similarity > best[0]:
                best = (similarity, index, info, d)
        similarity, index, info, d = best
        return _verdict(False, index, info, similarity, d, answer_number)


def _verdict(
    matched: bool, index: int, info: _GoldInfo, similarity: float, d: int | None, number: Any
) -> Verdict:
    kind = info[0]
    if kind == "fuzzy":
        return Verdict(matched, index, kind, similarity, d, info[3])
    if kind == "number":
        return Verdict(matched, index, kind, similarity, None, None, info[1], number)
    return Verdict(matched, index, kind, similarity)


class _Prepared(dict):
    """variant -> its prepared form, computed on first use."""

    def __init__(self, prepare: Callable[[str], _GoldInfo]) -> None:
        super().__init__()
        self.prepare = prepare

    def __missing__(self, variant: str) -> _GoldInfo:
        info = self[variant] = self.prepare(variant)
        return info


def _levenshtein() -> Callable[[str, str], int]:
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.distance
