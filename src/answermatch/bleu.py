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
* the score is ``BP * exp(sum(0.25 * log(p_n)))`` with ``math.fsum``, the
  same floating-point operations as NLTK, so the results are identical.

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
from collections import Counter
from collections.abc import Hashable, Sequence

__all__ = ["BleuReferences", "all_ngrams", "sentence_bleu"]

MAX_ORDER = 4
WEIGHT = 1.0 / MAX_ORDER  # 0.25, NLTK's default uniform weights
_ZERO_PRECISION_LOG = WEIGHT * math.log(sys.float_info.min)
_ORDERS = range(1, MAX_ORDER + 1)

Gram = Hashable  # a substring (texts) or a tuple of tokens


def all_ngrams(sequence: Sequence[Hashable]) -> list[Gram]:
    """Every n-gram of ``sequence`` for n = 1..4, as substrings of a string or
    tuples of a token sequence (n-grams of different orders never collide).

    >>> all_ngrams("abc")
    ['a', 'b', 'c', 'ab', 'bc', 'abc']
    >>> all_ngrams(["new", "york"])
    [('new',), ('york',), ('new', 'york')]
    """
    seq = sequence if isinstance(sequence, str) else tuple(sequence)
    size = len(seq)
    return [seq[i : i + n] for n in _ORDERS for i in range(size - n + 1)]


def _bleu(matched: list[int], hyp_len: int, ref_len: int) -> float:
    """BLEU from the clipped match counts per order (``matched[n]``)."""
    log_sum: list[float] = []
    for n in _ORDERS:
        if matched[n]:
            total = hyp_len - n + 1
            log_sum.append(WEIGHT * math.log(matched[n] / (total if total > 1 else 1)))
        else:
            log_sum.append(_ZERO_PRECISION_LOG)
    brevity = 1.0 if hyp_len > ref_len else math.exp(1 - ref_len / hyp_len)
    return brevity * math.exp(math.fsum(log_sum))


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
    """

    __slots__ = ("_max_counts", "chars", "lengths", "references", "text")

    def __init__(self, references: Sequence[Sequence[Hashable]]) -> None:
        if len(references) == 0:
            raise ValueError("BLEU needs at least one reference")
        self.text = all(isinstance(r, str) for r in references)
        self.references: tuple[Sequence[Hashable], ...] = (
            tuple(references) if self.text else tuple(tuple(r) for r in references)
        )
        self.lengths = tuple(len(r) for r in self.references)
        self.chars: frozenset[Hashable] = (
            frozenset("".join(self.references)) if self.text else frozenset()  # type: ignore[arg-type]
        )
        self._max_counts: dict[Gram, int] | None = None

    @classmethod
    def of(cls, references: Sequence[Sequence[Hashable]]) -> BleuReferences:
        """Prepare ``references`` (a non-empty sequence of strings or token lists)."""
        return cls(references)

    @property
    def max_counts(self) -> dict[Gram, int]:
        """Each n-gram's largest count in any one reference."""
        if self._max_counts is None:
            max_counts: dict[Gram, int] = {}
            for reference in self.references:
                counts = Counter(all_ngrams(reference))
                if not max_counts:
                    max_counts = counts
                    continue
                for gram, count in counts.items():
                    if count > max_counts.get(gram, 0):
                        max_counts[gram] = count
            self._max_counts = max_counts
        return self._max_counts

    def closest_length(self, hyp_len: int) -> int:
        """The reference length closest to ``hyp_len``, the shorter on a tie."""
        return min(self.lengths, key=lambda ref_len: (abs(ref_len - hyp_len), ref_len))

    def score(self, hypothesis: Sequence[Hashable]) -> float:
        """Sentence BLEU of ``hypothesis`` against these references (a fraction)."""
        hyp_len = len(hypothesis)
        if hyp_len == 0:
            return 0.0
        if not self.text:
            hypothesis = tuple(hypothesis)  # a string's n-grams become tuples of characters
        elif not isinstance(hypothesis, str):  # tokens against strings: compare as tuples
            return BleuReferences.of([tuple(r) for r in self.references]).score(hypothesis)
        elif self.chars.isdisjoint(hypothesis):
            return 0.0  # no unigram match
        elif any(hypothesis in r for r in self.references):  # type: ignore[operator]
            # A substring of one reference: every n-gram matches, unclipped.
            matched = [0, *(max(0, hyp_len - n + 1) for n in _ORDERS)]
            return _bleu(matched, hyp_len, self.closest_length(hyp_len))
        matched = [0] * (MAX_ORDER + 1)
        get = self.max_counts.get
        for gram, count in Counter(all_ngrams(hypothesis)).items():
            in_ref = get(gram)
            if in_ref:
                matched[len(gram)] += count if count < in_ref else in_ref  # type: ignore[arg-type]
        if not matched[1]:
            return 0.0
        return _bleu(matched, hyp_len, self.closest_length(hyp_len))


def sentence_bleu(
    references: Sequence[Sequence[Hashable]], hypothesis: Sequence[Hashable]
) -> float:
    """BLEU of one hypothesis: 4-gram, uniform weights, no smoothing, as
    ``nltk.translate.bleu(references, hypothesis)`` (NLTK 3.10.4).

    >>> sentence_bleu(["Helsinki"], "Helsinki, Finland")  # (8/17 * 7/16 * 6/15 * 5/14) ** 0.25
    0.41412...
    """
    return BleuReferences.of(references).score(hypothesis)
