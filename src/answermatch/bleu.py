"""Sentence BLEU exactly as NLTK 3.10.4's ``nltk.translate.bleu`` computes it.

XOR-Full's official script (``evals/eval_xor_full.py`` in
https://github.com/AkariAsai/XORQA) scores each answer with
``nltk.translate.bleu(references, hypothesis)`` on raw *strings*, so its
n-grams are n-grams of characters. This module re-implements that function
without NLTK (rules as documented in NLTK's ``nltk/translate/bleu_score.py``
and in Papineni et al., 2002):

* modified n-gram precision for n = 1..4: each hypothesis n-gram count is
  clipped by the largest count of that n-gram in any one reference, and the
  clipped total is divided by the number of hypothesis n-grams (at least 1);
* no unigram match at all gives exactly ``0``;
* no smoothing: an order with no match contributes the smallest positive
  float (``sys.float_info.min``) instead of its precision, so the score is
  tiny but not zero (``'abc'`` against itself has no 4-gram: about 1e-77);
* brevity penalty ``exp(1 - r / c)`` when the hypothesis length ``c`` is not
  longer than ``r``, the reference length closest to ``c`` (the shorter on a
  tie); 1 otherwise;
* the score is ``BP * exp(fsum(0.25 * log(p_n)))``.

The floating-point operations are NLTK's, in its order: NLTK keeps each
precision as an unnormalised ``Fraction`` whose ``float`` is the correctly
rounded quotient of two integers, which is what ``matched / total`` gives
here; the zero-order stand-in, the weights, ``math.fsum``, ``math.exp`` and
the brevity penalty are the same calls, so the results are bit-identical
(``tests/test_bleu.py`` checks that against NLTK on random strings). NLTK
also *warns* (``UserWarning``) for every order without a match; this module
does not: :meth:`BleuReferences.matches` tells which orders matched.

How it is fast without changing a bit: where the optional compiled counter
``answermatch._ngrams`` (``csrc/ngrams.c``: built into the wheels, and from
the sdist where a C compiler is) is present,
it returns a text hypothesis' six statistics (clipped matches per order,
its length, the closest reference length) in one call, which are also the
key of a cache of computed scores, in time linear in the texts;
:func:`accelerated` says whether it runs. Otherwise the
references' n-gram counts are prepared once per reference set
(:meth:`BleuReferences.of` reuses a recent one), the hypothesis' n-grams
are streamed at C speed and only those present in some reference are
counted (so memory does not grow with the hypothesis), and orders above
the first one without a match are skipped (an n-gram match implies a match
of its (n-1)-gram prefix, so they cannot match either).

Sequences are strings (n-grams of characters) or lists/tuples of tokens.

>>> sentence_bleu(["the cat sat"], "the cat sat")
1.0
>>> sentence_bleu(["abc"], "abc")  # no 4-gram: the smallest float stands in
1.2213...e-77
>>> sentence_bleu(["abc"], "xyz")
0.0
>>> hyp = ["the", "cat", "is", "on", "the", "mat", "now"]  # (6/7 * 5/6 * 4/5 * 3/4) ** 0.25
>>> round(sentence_bleu([["the", "cat", "is", "on", "the", "mat"]], hyp), 6)
0.809107
"""

from __future__ import annotations

import math
import sys
from collections.abc import Hashable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, compress, islice
from operator import add, eq, itemgetter, or_

try:  # the optional compiled counter (csrc/ngrams.c: in the wheels, or built where a compiler was)
    from ._ngrams import API as _API
    from ._ngrams import statistics as _compiled_statistics
except ImportError:  # not built here: the pure-Python count below, same numbers
    _API, _compiled_statistics = 0, None
if _API != 2:  # a build of another version of the interface: not used
    _compiled_statistics = None

try:  # the C loop behind Counter(iterable), without Counter's Python-level set-up
    from _collections import _count_elements as _count_into
except ImportError:  # pragma: no cover - other interpreters

    def _count_into(mapping: dict, iterable: object) -> None:  # type: ignore[misc]
        get = mapping.get
        for element in iterable:  # type: ignore[attr-defined]
            mapping[element] = get(element, 0) + 1


__all__ = ["BleuReferences", "accelerated", "all_ngrams", "sentence_bleu"]

MAX_ORDER = 4
WEIGHT = 1.0 / MAX_ORDER  # 0.25, NLTK's default uniform weights
_ZERO_PRECISION_LOG = WEIGHT * math.log(sys.float_info.min)
_ORDERS = range(1, MAX_ORDER + 1)
#: how many prepared reference sets :meth:`BleuReferences.of` keeps
CACHE_SIZE = 4096
#: sequences up to this length are cut into n-grams by cached slices
SHORT = 128
#: count from the references' side when they hold at most this many n-grams
#: per hypothesis item (``str.count`` per reference gram beats building every
#: hypothesis substring until the references are much longer than it) and at
#: most :data:`_REFERENCE_SIDE_MOST` in all (a scan of the hypothesis per
#: reference gram: beyond that, long texts would take quadratic time)
_REFERENCE_SIDE = 3
_REFERENCE_SIDE_MOST = 512
#: text references this long (characters, the longest) are counted from the
#: hypothesis' side where the hypothesis has at most :data:`SHORT_HYPOTHESIS`
#: characters (:meth:`BleuReferences._hypothesis_side`): the compiled counter
#: and :attr:`BleuReferences.max_counts` hold every n-gram of the references
#: (about 70 bytes a character of a long gold answer)
LONG_REFERENCE = 1 << 16
SHORT_HYPOTHESIS = 1 << 12
_FIRST, _LAST = itemgetter(0), itemgetter(-1)
_HEAD, _TAIL = itemgetter(slice(0, 2)), itemgetter(slice(2, None))

Gram = Hashable  # a substring (texts) or a tuple of tokens
_Order = tuple[tuple[str, ...], tuple[int, ...], tuple[tuple[str, int], ...]]


def all_ngrams(sequence: Sequence[Hashable]) -> list[Gram]:
    """Every n-gram of ``sequence`` for n = 1..4, as substrings of a string or
    tuples of a token sequence (n-grams of different orders never collide).

    >>> all_ngrams("abc")
    ['a', 'b', 'c', 'ab', 'bc', 'abc']
    >>> all_ngrams(["new", "york"])
    [('new',), ('york',), ('new', 'york')]
    """
    return list(_all_grams(sequence if isinstance(sequence, str) else tuple(sequence)))


def _grams(seq: str | tuple[Hashable, ...], n: int) -> Iterator[Gram]:
    """The n-grams of ``seq`` one at a time (no list): substrings of a string,
    tuples of a tuple."""
    if isinstance(seq, str):
        if n == 1:
            return iter(seq)
        grams: Iterator[str] = map(add, seq, islice(seq, 1, None))
        for k in range(2, n):
            grams = map(add, grams, islice(seq, k, None))
        return grams
    return zip(*(islice(seq, k, None) for k in range(n)), strict=False)


@lru_cache(maxsize=SHORT + 1)
def _slices(length: int) -> tuple[slice, ...]:
    """The slices of every n-gram (n = 1..4) of a sequence of ``length`` items."""
    return tuple(slice(i, i + n) for n in _ORDERS for i in range(length - n + 1))


@lru_cache(maxsize=MAX_ORDER * (SHORT + 1))
def _order_slices(length: int, n: int) -> tuple[slice, ...]:
    """The slices of the n-grams of a sequence of ``length`` items."""
    return tuple(slice(i, i + n) for i in range(length - n + 1))


def _ngrams_of(seq: str | tuple[Hashable, ...], n: int) -> Iterator[Gram]:
    """The n-grams of ``seq`` one at a time."""
    if len(seq) <= SHORT:
        return map(seq.__getitem__, _order_slices(len(seq), n))
    return _grams(seq, n)


def _all_grams(seq: str | tuple[Hashable, ...]) -> Iterator[Gram]:
    """Every n-gram (n = 1..4) of ``seq`` one at a time, in :func:`all_ngrams` order."""
    if len(seq) <= SHORT:
        return map(seq.__getitem__, _slices(len(seq)))
    return chain.from_iterable(_grams(seq, n) for n in _ORDERS)


def _overlapping(text: str, gram: str) -> int:
    """Occurrences of ``gram`` in ``text``, overlapping ones included.

    >>> _overlapping("aaaa", "aa"), "aaaa".count("aa")
    (3, 2)
    """
    found, at = 0, text.find(gram)
    while at >= 0:
        found += 1
        at = text.find(gram, at + 1)
    return found


#: BLEU's statistics of one hypothesis: its clipped matches for n = 1..4, its
#: length and the closest reference length
Statistics = tuple[int, int, int, int, int, int]
_SCORES: dict[Statistics, float] = {}  # statistics -> BLEU
_SCORES_SIZE = 1 << 16


def _bleu(stats: Statistics) -> float:
    """BLEU from its statistics (a hypothesis with at least one unigram
    match), with NLTK's operations: ``w * log(p)`` per order, ``fsum``,
    ``exp``, then BP (a figure already computed for the same statistics is
    reused)."""
    found = _SCORES.get(stats)
    if found is None:
        if len(_SCORES) >= _SCORES_SIZE:
            _SCORES.clear()
        found = _SCORES[stats] = _computed_bleu(stats)
    return found


def _computed_bleu(stats: Statistics) -> float:
    *matched, hyp_len, ref_len = stats
    log_sum: list[float] = []
    for n, count in zip(_ORDERS, matched, strict=True):
        if count:
            total = hyp_len - n + 1
            log_sum.append(WEIGHT * math.log(count / (total if total > 1 else 1)))
        else:
            log_sum.append(_ZERO_PRECISION_LOG)
    brevity = 1.0 if hyp_len > ref_len else math.exp(1 - ref_len / hyp_len)
    return brevity * math.exp(math.fsum(log_sum))


def accelerated() -> bool:
    """Whether the compiled n-gram counter was built and is in use (the
    numbers are the same either way; only the speed differs).

    >>> accelerated() in (True, False)
    True
    """
    return _compiled_statistics is not None


class BleuReferences:
    """The references of one hypothesis, prepared once and reusable.

    ``max_counts`` maps every n-gram (n = 1..4, see :func:`all_ngrams`) to
    its largest count in any single reference (computed on first need);
    ``lengths`` are the reference lengths. When every reference is a string
    (``text``), n-grams are substrings and ``chars`` holds their characters.

    >>> refs = BleuReferences.of(["Tokyo", "Tokio"])
    >>> refs.score("Tokyo")
    1.0
    >>> refs.score("Toky") == sentence_bleu(["Tokyo", "Tokio"], "Toky")
    True
    >>> BleuReferences.of(["Tokyo", "Tokio"]) is refs  # a recent set is reused
    True
    """

    __slots__ = (
        "_by_order",
        "_max_counts",
        "_used",
        "chars",
        "lengths",
        "longest",
        "references",
        "text",
    )

    def __init__(self, references: Sequence[Sequence[Hashable]]) -> None:
        if len(references) == 0:
            raise ValueError("BLEU needs at least one reference")
        self.text = all(isinstance(r, str) for r in references)
        self.references: tuple[Sequence[Hashable], ...] = (
            tuple(references) if self.text else tuple(tuple(r) for r in references)
        )
        self.lengths = tuple(len(r) for r in self.references)
        self.longest = max(self.lengths)
        self.chars: frozenset[Hashable] = (  # (not from their join: a copy of a long one)
            frozenset(chain.from_iterable(self.references)) if self.text else frozenset()
        )
        self._max_counts: dict[Gram, int] | None = None
        self._by_order: list[_Order] | None = None
        self._used = False  # has scored a hypothesis by the general path

    @classmethod
    def of(cls, references: Sequence[Sequence[Hashable]]) -> BleuReferences:
        """Prepare ``references`` (a non-empty sequence of strings or token
        lists); the last :data:`CACHE_SIZE` hashable sets are reused."""
        key = references if type(references) is tuple else tuple(references)
        try:
            prepared = _PREPARED.get(key)
        except TypeError:  # token lists: not hashable, prepared afresh
            return cls(references)
        if prepared is None:
            if len(_PREPARED) >= CACHE_SIZE:
                _PREPARED.pop(next(iter(_PREPARED)), None)  # the oldest entry
            prepared = _PREPARED[key] = cls(key)
        return prepared

    @property
    def max_counts(self) -> dict[Gram, int]:
        """Each n-gram's largest count in any one reference (n = 1..4; grams of
        different orders differ in length, so one mapping holds them all)."""
        best = self._max_counts
        if best is None:
            best = {}
            for reference in self.references:
                if not best:
                    _count_into(best, _all_grams(reference))  # type: ignore[arg-type]
                    continue
                counts: dict[Gram, int] = {}
                _count_into(counts, _all_grams(reference))  # type: ignore[arg-type]
                for gram, count in counts.items():
                    if count > best.get(gram, 0):
                        best[gram] = count
            self._max_counts = best
        return best

    def _counts(self) -> list[dict[Gram, int]]:
        """Per order n (index n - 1): each n-gram's largest count in one reference."""
        per_order: list[dict[Gram, int]] = [{} for _ in range(MAX_ORDER + 1)]
        for gram, count in self.max_counts.items():
            per_order[len(gram)][gram] = count  # type: ignore[arg-type]
        return per_order[1:]

    def _orders(self) -> list[_Order]:
        """Per order: the references' distinct n-grams, their largest counts,
        and those that can overlap themselves (see :meth:`_count_in`)."""
        if self._by_order is None:
            orders: list[_Order] = []
            for n, counts in zip(_ORDERS, self._counts(), strict=True):
                grams = tuple(counts)
                # a gram with a border (a proper prefix that is also a suffix) can
                # occur overlapping itself, which str.count does not see; for
                # n <= 4 that is g[0] == g[-1], or g[:2] == g[2:] when n == 4
                bordered: tuple[tuple[str, int], ...] = ()
                if n > 1:
                    borders = map(eq, map(_FIRST, grams), map(_LAST, grams))
                    if n == MAX_ORDER:
                        borders = map(or_, borders, map(eq, map(_HEAD, grams), map(_TAIL, grams)))
                    bordered = tuple((g, counts[g]) for g in compress(grams, borders))
                orders.append((grams, tuple(counts.values()), bordered))  # type: ignore[arg-type]
            self._by_order = orders
        return self._by_order

    def _count_in(self, hypothesis: str, matched: list[int]) -> None:
        """Clipped matches of a text hypothesis counted from the references'
        side: ``hypothesis.count`` of every reference n-gram (C speed, and no
        substring of the hypothesis is built), corrected for self-overlapping
        grams; stops at the first order without a match."""
        count = hypothesis.count
        for n, (grams, most, bordered) in zip(_ORDERS, self._orders(), strict=True):
            total = sum(map(min, map(count, grams), most))
            if bordered and any(map(count, map(_FIRST, bordered))):  # some occur: correct them
                for gram, limit in bordered:
                    plain = count(gram)
                    if plain:
                        total += min(_overlapping(hypothesis, gram), limit) - min(plain, limit)
            if not total:
                return  # no n-gram matches: no longer one can either
            matched[n] = total

    def _long(self, hyp_len: int) -> bool:
        """Whether a text hypothesis of ``hyp_len`` characters is counted
        from its own side (:meth:`_hypothesis_side`)."""
        return self.longest >= LONG_REFERENCE and hyp_len <= SHORT_HYPOTHESIS

    def _hypothesis_side(self, hypothesis: str) -> Statistics:
        """BLEU's statistics of a short text hypothesis against long text
        references, counted from the hypothesis' side: its n-grams are
        counted, then each reference's n-grams that are among them, order
        by order (streamed, no reference n-gram held that the hypothesis
        has not), up to the first order without one in that reference (an
        n-gram found implies its prefix found). Each gram's count clipped
        by its largest in one reference, as the other counts clip it: the
        same statistics, in memory bounded by the hypothesis.

        >>> refs = BleuReferences(["abcabcab", "xbcx"])
        >>> refs._hypothesis_side("abcbcx") == (*refs.matches("abcbcx"), 6, 4)
        True
        """
        wanted: dict[Gram, int] = {}
        _count_into(wanted, _all_grams(hypothesis))  # type: ignore[arg-type]
        best: dict[Gram, int] = {}
        for reference in self.references:
            found: dict[Gram, int] = {}
            for n in _ORDERS:
                before = len(found)
                _count_into(found, filter(wanted.__contains__, _grams(reference, n)))  # type: ignore[arg-type]
                if len(found) == before:
                    break
            for gram, count in found.items():
                if count > best.get(gram, 0):
                    best[gram] = count
            del found
        matched = [0] * (MAX_ORDER + 1)
        for gram, most in best.items():
            count = wanted[gram]
            matched[len(gram)] += count if count < most else most  # type: ignore[arg-type]
        hyp_len = len(hypothesis)
        return (*matched[1:], hyp_len, self.closest_length(hyp_len))  # type: ignore[return-value]

    def closest_length(self, hyp_len: int) -> int:
        """The reference length closest to ``hyp_len``, the shorter on a tie."""
        lengths = self.lengths
        if len(lengths) == 1:
            return lengths[0]
        return min(lengths, key=lambda ref_len: (abs(ref_len - hyp_len), ref_len))

    def matches(self, hypothesis: Sequence[Hashable]) -> list[int]:
        """The clipped n-gram matches of ``hypothesis`` for n = 1..4 (NLTK's
        numerators; NLTK warns once for each order whose count is 0).

        >>> BleuReferences.of(["abcd"]).matches("abxd")
        [3, 1, 0, 0]
        """
        hyp_len = len(hypothesis)
        matched = [0] * (MAX_ORDER + 1)
        if hyp_len == 0:
            return matched[1:]
        if not self.text:
            hypothesis = tuple(hypothesis)  # a string's n-grams become tuples of characters
        elif not isinstance(hypothesis, str):  # tokens against strings: compare as tuples
            return BleuReferences([tuple(r) for r in self.references]).matches(hypothesis)
        elif self._long(hyp_len):
            return list(self._hypothesis_side(hypothesis)[:MAX_ORDER])
        elif _compiled_statistics is not None:
            return list(_compiled_statistics(hypothesis, self.references)[:MAX_ORDER])
        elif self.chars.isdisjoint(hypothesis):
            return matched[1:]
        elif any(hypothesis in r for r in self.references):  # type: ignore[operator]
            # A substring of one reference: every n-gram matches, unclipped.
            return [max(0, hyp_len - n + 1) for n in _ORDERS]
        self._count(hypothesis, matched)
        return matched[1:]

    def _count(self, hypothesis: Sequence[Hashable], matched: list[int]) -> None:
        """The clipped matches per order into ``matched[n]`` (the hypothesis a
        string against text references, or a tuple against token ones)."""
        hyp_len = len(hypothesis)
        # counting from the references' side pays once they are prepared for
        # it: from the second hypothesis on, or for a long one
        if (
            self.text
            and (self._used or hyp_len > SHORT)
            and len(self.max_counts) <= min(_REFERENCE_SIDE * hyp_len, _REFERENCE_SIDE_MOST)
        ):
            self._count_in(hypothesis, matched)  # type: ignore[arg-type]
            return
        self._used = True
        in_refs = self.max_counts
        found: dict[Gram, int] = {}  # only the hypothesis n-grams some reference has
        if hyp_len <= SHORT:
            _count_into(found, filter(in_refs.__contains__, _all_grams(hypothesis)))  # type: ignore[arg-type]
        else:
            self._count_long(hypothesis, found)  # type: ignore[arg-type]
        for gram, count in found.items():
            most = in_refs[gram]
            matched[len(gram)] += count if count < most else most  # type: ignore[arg-type]

    def _count_long(self, hypothesis: str | tuple[Hashable, ...], found: dict[Gram, int]) -> None:
        """Count the hypothesis n-grams the references have into ``found``,
        streaming one order after the other (memory bounded by the references)."""
        in_refs = self.max_counts
        for n in _ORDERS:  # order by order, stopping at the first order without a match
            before = len(found)
            _count_into(found, filter(in_refs.__contains__, _grams(hypothesis, n)))  # type: ignore[arg-type]
            if len(found) == before:
                break  # no n-gram matches: no longer one can either

    def score_parts(self, parts: Iterable[str]) -> float:
        """:meth:`score` of the text ``"".join(parts)`` against text
        references, without that text: each part is read with the last
        three characters before it (an n-gram that spans a cut is counted
        in the part where it ends), its n-grams the references have are
        counted and it is dropped; the counts are clipped once all are
        read (so the same figure, bit for bit). Memory: one part and the
        references' n-grams.

        >>> refs = BleuReferences(["the cat sat"])
        >>> refs.score_parts(["the c", "", "at s", "at on"]) == refs.score("the cat sat on")
        True
        """
        if not self.text:
            raise TypeError("score_parts() needs text references")
        best = self.max_counts
        reference_side = len(best) <= _REFERENCE_SIDE_MOST
        orders = self._orders()
        # per order: the references' grams' counts in the text so far
        # (counted from the references' side), or the counts of those it has
        totals = [[0] * len(grams) for grams, _, _ in orders]
        found: dict[Gram, int] = {}
        bordered = []  # per order: (index, gram) of the grams that can overlap themselves
        for grams, _, edged in orders:
            overlapping = {gram for gram, _ in edged}
            bordered.append([(k, gram) for k, gram in enumerate(grams) if gram in overlapping])
        hyp_len = 0
        tail = ""  # the last MAX_ORDER - 1 characters read
        for part in parts:
            if not part:
                continue
            hyp_len += len(part)
            text = tail + part
            for n, (grams, _, _), total, edged in zip(
                _ORDERS, orders, totals, bordered, strict=True
            ):
                skip = len(tail) - n + 1  # an n-gram within the tail was counted before
                chunk = text[skip:] if skip > 0 else text
                if not reference_side:
                    _count_into(found, filter(best.__contains__, _grams(chunk, n)))  # type: ignore[arg-type]
                    continue
                counts = list(map(chunk.count, grams))
                for k, gram in edged:  # str.count misses self-overlapping occurrences
                    if counts[k]:
                        counts[k] = _overlapping(chunk, gram)
                total[:] = map(add, total, counts)
            tail = text[-(MAX_ORDER - 1) :]
        if hyp_len == 0:
            return 0.0
        if reference_side:
            matched = [
                sum(map(min, total, most))
                for total, (_, most, _) in zip(totals, orders, strict=True)
            ]
        else:
            matched = [0] * (MAX_ORDER + 1)
            for gram, count in found.items():
                most = best[gram]
                matched[len(gram)] += count if count < most else most  # type: ignore[arg-type]
            matched = matched[1:]
        if not matched[0]:
            return 0.0
        return _bleu((*matched, hyp_len, self.closest_length(hyp_len)))  # type: ignore[arg-type]

    def score(self, hypothesis: Sequence[Hashable]) -> float:
        """Sentence BLEU of ``hypothesis`` against these references (a fraction)."""
        hyp_len = len(hypothesis)
        if hyp_len == 0:
            return 0.0
        if self.text and type(hypothesis) is str:
            if self._long(hyp_len):
                stats = self._hypothesis_side(hypothesis)
                return _bleu(stats) if stats[0] else 0.0
            if _compiled_statistics is not None:
                stats = _compiled_statistics(hypothesis, self.references)
                return _bleu(stats) if stats[0] else 0.0
            if self.chars.isdisjoint(hypothesis):
                return 0.0  # no unigram match
            for reference in self.references:
                if hypothesis in reference:  # type: ignore[operator]
                    # every n-gram matches, unclipped: all precisions are 1
                    unclipped = [hyp_len - n + 1 if hyp_len >= n else 0 for n in _ORDERS]
                    return _bleu((*unclipped, hyp_len, self.closest_length(hyp_len)))  # type: ignore[arg-type]
            matched = [0] * (MAX_ORDER + 1)
            self._count(hypothesis, matched)  # the checks of matches() are done
            found = matched[1:]
        else:
            found = self.matches(hypothesis)
        if not found[0]:
            return 0.0
        return _bleu((*found, hyp_len, self.closest_length(hyp_len)))  # type: ignore[arg-type]


_PREPARED: dict[tuple, BleuReferences] = {}


def sentence_bleu(
    references: Sequence[Sequence[Hashable]], hypothesis: Sequence[Hashable]
) -> float:
    """BLEU of one hypothesis: 4-gram, uniform weights, no smoothing, as
    ``nltk.translate.bleu(references, hypothesis)`` (NLTK 3.10.4).

    >>> sentence_bleu(["Helsinki"], "Helsinki, Finland")  # (8/17 * 7/16 * 6/15 * 5/14) ** 0.25
    0.41412...
    """
    return BleuReferences.of(references).score(hypothesis)
