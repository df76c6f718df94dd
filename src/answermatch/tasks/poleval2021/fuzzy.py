"""GEval's fuzzy accuracy: the matching rule of PolEval 2021 QA.

The scheme ``LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy``
(:class:`FuzzyAccuracy`), per gold variant (``getMatchingFunctionForString``
in GEval's ``MatchingSpecification.hs``):

* if the variant contains a number (the scheme's ``number`` rule, on the
  original case), the answer must yield the same number: score 1 or 0;
* otherwise both are case-mapped (``lower``) and the score is GEval's
  ``Fuzzy`` similarity ``max(0, 1 - d / len(variant))``, with ``d`` the
  Levenshtein distance over code points
  (:func:`answermatch.matchers.levenshtein_distance`). Unlike the library's
  symmetric :func:`~answermatch.matchers.levenshtein_ratio` it is relative
  to the gold variant alone;
* an empty variant scores 0 (GEval divides by zero there).

``LenientHarden`` turns a score of at least ``threshold`` (0.5) into 1, so
a fuzzy match allows up to half the variant's length in edits (not strict:
exactly half matches). A line scores 1 when any variant does (``findBest``
in ``MetricsMechanics.hs``).

>>> scheme = FuzzyAccuracy()
>>> scheme.judge("Kanal Sueski", ["Kanał Sueski"]).matched
True
>>> scheme.judge("w roku 1410", ["1410 r."]).rule, scheme.judge("XIV wiek", ["14"]).matched
('number', True)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from ...items import TextColumn, TextParts
from ...matchers import levenshtein_distance
from ...normalization import steps
from ...profiles import Settings, rule
from .case import fold, fold_parts, haskell_lower
from .geval import HASKELL_SPACE, haskell_pieces
from .numbers import extract_number_string, fair_number, number_string_of_pieces

__all__ = ["RULE_NAMES", "FuzzyAccuracy", "Verdict"]


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


#: How many distinct gold lines :meth:`FuzzyAccuracy.judge_lines` keeps prepared.
CACHED = 1 << 12
#: An answer longer than this (in characters, or in UTF-8 bytes when the
#: answers are a :class:`~answermatch.items.TextColumn`) is judged piece by
#: piece (see :meth:`FuzzyAccuracy.judge`).
LONG = 1 << 16

_UNSET = object()
# what a gold variant needs for matching: ("empty",), ("number", text) or
# ("fuzzy", lowercased, length, max_distance)
_GoldInfo = tuple

#: Names of the case mappings and number rules in a scheme's name (GEval's
#: flags for its own; a function not listed is named by its ``__name__``).
RULE_NAMES: dict[Callable[..., Any], str] = {
    haskell_lower: "Lower",
    extract_number_string: "ExtractNumber",
    fold: "CaseFoldNFKC",
    fair_number: "NumberValue",
}


@dataclass(frozen=True)
class FuzzyAccuracy(Settings):
    """A GEval accuracy scheme ``LenientHarden/ExtractNumber/Lower/Fuzzy``
    (see :mod:`answermatch.tasks.poleval2021.fuzzy`).

    ``threshold``: the similarity a fuzzy match needs (LenientHarden: 0.5);
    ``lower``: the case mapping of the fuzzy comparison; ``number``: the
    number rule, tried first on the original case (``None`` disables it).
    Both rules are functions, or given by their names in GEval's notation
    (``Lower``, ``CaseFoldNFKC``; ``ExtractNumber``, ``NumberValue``).

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
    >>> s.scheme
    'LenientHarden/ExtractNumber/Lower/Fuzzy/Accuracy'
    >>> s.replace(number="NumberValue", lower="CaseFoldNFKC").scheme
    'LenientHarden/NumberValue/CaseFoldNFKC/Fuzzy/Accuracy'
    """

    name: str = "official"
    threshold: float = 0.5
    lower: Callable[[str], str] = rule(haskell_lower, Lower=haskell_lower, CaseFoldNFKC=fold)
    number: Callable[[str], str | None] | None = rule(
        extract_number_string, ExtractNumber=extract_number_string, NumberValue=fair_number
    )

    @property
    def scheme(self) -> str:
        """The scheme in GEval's notation (the ``match`` field of a signature)."""
        harden = "LenientHarden" if self.threshold == 0.5 else f"Harden{self.threshold:g}"
        parts = [harden]
        if self.number is not None:
            parts.append(_rule_name(self.number))
        return "/".join([*parts, _rule_name(self.lower), "Fuzzy", "Accuracy"])

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
        """Judge one (already stripped) answer against the variants of one gold line.

        An answer of more than :data:`LONG` characters is read piece by
        piece, each piece cut just before a Haskell space (where no word,
        number or case mapping of GEval's rules reaches across): the number
        rule is found in the first piece that has a number, and the fuzzy
        rule compares the gold variants with the answer's case-mapped pieces
        re-coded one character a byte (each character of the line's variants
        its own code, every other character one code that none of them has:
        the Levenshtein distance to each variant is the same, and the answer
        is held once at one byte a character, not as its case-mapped copy).
        Case mappings and number rules other than the named ones are given
        the whole text.
        """
        if not variants:
            raise ValueError("a gold line has at least one variant (maybe an empty one)")
        infos = [self.prepare(v) for v in variants]
        if len(answer) > LONG:
            return self._judge_long(partial(_str_pieces, answer), infos, partial(_cut, answer))
        return self._judge(answer, infos)

    def judge_long(
        self,
        pieces: Callable[[], Iterable[str]],
        parts: Callable[[], Iterable[str]],
        variants: Sequence[str],
    ) -> Verdict:
        """:meth:`judge` of a long answer given by two functions: ``pieces()``
        gives it in pieces each cut just before a Haskell space, ``parts()``
        in parts of a bounded size cut anywhere (a long answer of a
        :class:`~answermatch.items.TextColumn`: :func:`column_pieces` and
        its ``parts``), read piece by piece as :meth:`judge` reads one.

        >>> text = "Ludwik XIV " * 10_000
        >>> s = FuzzyAccuracy()
        >>> s.judge_long(partial(_str_pieces, text), partial(_cut, text), ["14"]).matched
        True
        """
        if not variants:
            raise ValueError("a gold line has at least one variant (maybe an empty one)")
        return self._judge_long(pieces, [self.prepare(v) for v in variants], parts)

    def judge_all(
        self, answers: Iterable[str], golds: Iterable[Sequence[str]]
    ) -> Iterator[Verdict]:
        """:meth:`judge` each (answer, variants) pair in turn; the work on a
        gold variant is done once per distinct variant."""
        cache = _Prepared(self.prepare)
        judge = self._judge
        for answer, variants in zip(answers, golds, strict=True):
            infos = [cache[variant] for variant in variants]
            if len(answer) > LONG:
                yield self._judge_long(partial(_str_pieces, answer), infos, partial(_cut, answer))
            else:
                yield judge(answer, infos)

    def answer_number(self, answer: str | TextParts) -> str | None:
        """The number rule's reading of ``answer`` (``number(answer)``), a
        long one under GEval's rule read piece by piece as it was judged, not
        split into words whole (nor decoded whole, when it is given as the
        :class:`~answermatch.items.TextParts` of a column).

        >>> FuzzyAccuracy().answer_number("Ludwik XIV " * 10_000)
        '14'
        """
        assert self.number is not None  # the rule runs
        if isinstance(answer, TextParts):
            if self.number is extract_number_string:
                return number_string_of_pieces(partial(column_pieces, answer.column, answer.index))
            answer = str(answer)  # as judge_lines reads it: whole
        if self.number is extract_number_string and len(answer) > LONG:
            return number_string_of_pieces(partial(_str_pieces, answer))
        return self.number(answer)

    def judge_lines(self, answers: Iterable[str], lines: Iterable[str]) -> Iterator[Verdict]:
        """:meth:`judge` each answer against a gold line given whole (stripped,
        its variants separated by TABs); the work on a gold line is done once
        per distinct line (gold files repeat lines such as ``tak``) among the
        last :data:`CACHED` distinct ones (the caches are emptied when full:
        a gold of many distinct lines is not held again). Answers in a
        :class:`~answermatch.items.TextColumn` longer than :data:`LONG` bytes
        are read from it piece by piece, never decoded whole.

        >>> [v.matched for v in FuzzyAccuracy().judge_lines(["Egiptu", "tak"], ["Egipt", "nie"])]
        [True, False]
        """
        variant_cache = _Prepared(self.prepare)
        line_cache: dict[str, list[_GoldInfo]] = {}
        judge = self._judge
        texts = answers.texts(LONG) if isinstance(answers, TextColumn) else answers
        for answer, line in zip(texts, lines, strict=True):
            infos = line_cache.get(line)
            if infos is None:
                if len(line_cache) >= CACHED:
                    line_cache.clear()
                    variant_cache.clear()
                infos = line_cache[line] = [variant_cache[v] for v in line.split("\t")]
            if type(answer) is int:  # a long answer, read from the column
                yield self._judge_long(
                    partial(column_pieces, answers, answer), infos, partial(answers.parts, answer)
                )
            elif len(answer) > LONG:
                yield self._judge_long(partial(_str_pieces, answer), infos, partial(_cut, answer))
            else:
                yield judge(answer, infos)

    def _judge_long(
        self,
        pieces: Callable[[], Iterable[str]],
        infos: list[_GoldInfo],
        parts: Callable[[], Iterable[str]],
    ) -> Verdict:
        """:meth:`_judge` of an answer given by ``pieces`` (a function that
        gives its pieces, each cut just before a Haskell space), read piece
        by piece (see :meth:`judge`); ``parts`` gives it cut anywhere, in
        parts of a bounded size, for the case mappings of :data:`BY_PARTS`
        (a run without a space is one piece, but many parts)."""
        answer_number: Any = _UNSET
        if any(info[0] == "number" for info in infos):
            if self.number is extract_number_string:
                answer_number = number_string_of_pieces(pieces)
            else:
                answer_number = self.number(_joined(pieces()))  # type: ignore[misc]
        answer_lower: Any = _UNSET
        golds = [info[1] for info in infos if info[0] == "fuzzy"]
        if golds:
            codes = _Codes("".join(golds))
            by_parts = BY_PARTS.get(self.lower)
            if by_parts is not None:
                answer_lower = codes.of_parts(lambda: by_parts(parts()))
            else:
                answer_lower = codes(self.lower(_joined(pieces())))
            infos = [
                ("fuzzy", codes(info[1]), info[2], info[3]) if info[0] == "fuzzy" else info
                for info in infos
            ]
        return self._judge("", infos, answer_lower, answer_number, _long_distance)

    def _judge(
        self,
        answer: str,
        infos: Sequence[_GoldInfo],
        answer_lower: Any = _UNSET,
        answer_number: Any = _UNSET,
        distance: Callable[[Any, Any], int] = levenshtein_distance,
    ) -> Verdict:
        # GEval hardens each variant's soft score (number: 0/1, fuzzy:
        # max(0, 1 - d/L), empty: 0) against the threshold and keeps the best.
        # (The answer's case-mapped text and number are computed when first
        # needed, unless given.)
        threshold = self.threshold
        best = (-1.0, 0, infos[0], None)
        for index, info in enumerate(infos):
            kind = info[0]
            d = None
            if kind == "fuzzy":
                if answer_lower is _UNSET:
                    answer_lower = self.lower(answer)
                gold_lower = info[1]
                if answer_lower == gold_lower:
                    d = 0
                    similarity = 1.0
                elif abs(len(answer_lower) - len(gold_lower)) >= info[2]:
                    # d >= the length difference >= len(variant): the similarity
                    # is 0 whatever d is; d is computed only if this variant
                    # ends up the one the verdict describes
                    similarity = 0.0
                else:
                    d = distance(answer_lower, gold_lower)
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
        if d is None and info[0] == "fuzzy":
            d = distance(answer_lower, info[1])
        return _verdict(False, index, info, similarity, d, answer_number)


def _rule_name(rule: Callable[..., Any]) -> str:
    return RULE_NAMES.get(rule) or getattr(rule, "__name__", type(rule).__name__)


def _verdict(
    matched: bool, index: int, info: _GoldInfo, similarity: float, d: int | None, number: Any
) -> Verdict:
    kind = info[0]
    if kind == "fuzzy":
        return Verdict(matched, index, kind, similarity, d, info[3])
    if kind == "number":
        return Verdict(matched, index, kind, similarity, None, None, info[1], number)
    return Verdict(matched, index, kind, similarity)


#: The case mappings that map a text given in parts cut anywhere a piece at
#: a time: mapping -> (its parts -> the mapped text in pieces). GEval's
#: ``Lower`` maps one character at a time; :func:`~.case.fold_parts` cuts
#: where NFKC reads nothing across.
BY_PARTS: dict[Callable[[str], str], Callable[[Iterable[str]], Iterable[str]]] = {
    haskell_lower: partial(map, haskell_lower),
    fold: fold_parts,
}


def _str_pieces(text: str) -> Iterator[str]:
    return steps.pieces(text, HASKELL_SPACE)


def _joined(pieces: Iterable[str]) -> str:
    """``"".join(pieces)``, extended in place: the pieces are not listed
    beside the text they make (twice its size at the end).

    >>> _joined(iter(["Ludwik", " XIV"]))
    'Ludwik XIV'
    """
    text = ""
    for piece in pieces:
        text += piece
        del piece  # the text is then its only holder: extended in place
    return text


def _cut(text: str) -> Iterator[str]:
    """``text`` in parts of :data:`~answermatch.normalization.steps.PIECE_CHARS`
    characters, cut anywhere."""
    size = steps.PIECE_CHARS
    return (text[at : at + size] for at in range(0, len(text), size))


def column_pieces(column: TextColumn, index: int) -> Iterator[str]:
    """String ``index`` of ``column`` in pieces, each cut just before a
    Haskell space (:func:`~.geval.haskell_pieces` of its parts)."""
    return haskell_pieces(column.parts(index))


def _long_distance(answer: Any, variant: Any) -> int:
    """The Levenshtein distance of a long answer to a variant, with the
    variant as RapidFuzz's pattern (its cached scorer): RapidFuzz's own
    ``distance`` makes the longer text the pattern, 32 bytes a character
    and more when the other is over 64 characters long."""
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    return process.extractOne(variant, [answer], scorer=Levenshtein.distance)[1]  # type: ignore[no-any-return]


class _Codes:
    """Texts coded for their Levenshtein distance to the variants of one
    line (``alphabet``: their characters): each character of ``alphabet``
    its own code (1, 2...), every other character 0. The distance to a
    variant is that of the codes (it compares only characters of one text
    with characters of the other), and a text is held at one byte a
    character (``bytes``; a ``str`` for an alphabet of 255 characters or more).

    >>> codes = _Codes("łódź?")
    >>> codes("łódź?"), codes("lodz ż ? ☃")
    (b'\\x01\\x02\\x03\\x04\\x05', b'\\x00\\x00\\x03\\x00\\x00\\x00\\x00\\x05\\x00\\x00')
    """

    def __init__(self, alphabet: str) -> None:
        chars = list(dict.fromkeys(alphabet))
        self.wide: Any = None  # every character's code, made when first needed
        self.small = len(chars) < 256
        # a text is encoded as Latin-1, its other characters as "?": the
        # alphabet's characters above U+00FF, and "?", are first moved to
        # spare Latin-1 characters (absent from the text and the alphabet)
        self.table = bytearray(256)
        self.moved = []
        for code, char in enumerate(chars, start=1):
            if ord(char) < 256 and char != "?":
                self.table[ord(char)] = code
            else:
                self.moved.append((char, code))
        self.spares = [chr(b) for b in range(256) if chr(b) not in alphabet and chr(b) != "?"]
        self.chars = chars

    def __call__(self, text: str) -> bytes | str:
        if not self.small:
            return text.translate(self._wide())
        table = self.table
        for char, code in self.moved:
            if char in text:
                spare = next((s for s in self.spares if s not in text), None)
                if spare is None:  # a text of nearly every Latin-1 character
                    return text.translate(self._wide()).encode("latin-1")
                text = text.replace(char, spare)
                table = bytearray(table) if table is self.table else table
                table[ord(spare)] = code
        return text.encode("latin-1", "replace").translate(table)

    def of_parts(self, parts: Callable[[], Iterable[str]]) -> bytes | str:
        """The code of the text that ``parts()`` gives in parts (called
        twice: once to count its characters, then to code them). The code is
        written in place into a buffer of its final size, made once: grown
        as it is written, it was copied at each growth, and the allocator
        kept the old buffers (the slope of ``report`` of a long PolEval
        answer was 3.2; it is 1.95 so).

        >>> _Codes("ab").of_parts(lambda: iter(["ab", "c", "ba"]))
        b'\\x01\\x02\\x00\\x02\\x01'
        """
        if not self.small:
            return "".join(map(self, parts()))
        size = sum(map(len, parts()))  # a character's code is one byte
        out = io.BytesIO()
        if size:
            out.seek(size - 1)
            out.write(b"\0")
            out.seek(0)
        for part in parts():
            out.write(self(part))  # type: ignore[arg-type]
        if out.tell() != size:  # the parts were not given twice alike
            raise RuntimeError("a long answer's parts changed between two readings")
        return out.getvalue()  # the buffer itself: written to its end

    def _wide(self) -> Any:
        if self.wide is None:
            if self.small:
                table = bytearray(0x110000)
                for code, char in enumerate(self.chars, start=1):
                    table[ord(char)] = code
                self.wide = table.decode("latin-1")
            else:
                self.wide = ["\0"] * 0x110000
                for code, char in enumerate(self.chars, start=1):
                    self.wide[ord(char)] = chr(code)
        return self.wide


class _Prepared(dict):
    """variant -> its prepared form, computed on first use."""

    def __init__(self, prepare: Callable[[str], _GoldInfo]) -> None:
        super().__init__()
        self.prepare = prepare

    def __missing__(self, variant: str) -> _GoldInfo:
        info = self[variant] = self.prepare(variant)
        return info
