"""The rules of NTCIR-16 Data Search QA: each language's normalization and
words, the profiles, and how one answer is compared with the gold answers
(exact match and F1 over word *sets*).

>>> en = LANGUAGES["en"]
>>> en.normalize("The 13,510,000 (−2.1%)")
'13510000 -2.1'
>>> compare_answer(en, "tokyo, Tokyo", ["Tokyo Metropolis", "Kyoto"]).f1
0.6666666666666666
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from operator import itemgetter

import regex

from ...matchers.answers import CountedTokens, JoinedKey
from ...matchers.overlap import overlap_f1
from ...normalization.steps import (
    PIECE_CHARS,
    casefold,
    collapse_whitespace,
    in_letters,
    nfkc,
    pieces,
    remove_articles,
    remove_invisible,
    starts_in_word,
    tokens_by_pieces,
)
from ...profiles import Settings

__all__ = [
    "EN_STEPS",
    "JA_CUTS",
    "JA_STEPS",
    "LANGUAGES",
    "PROFILES",
    "Comparison",
    "Language",
    "Profile",
    "compare_answer",
    "compare_normalized",
    "compare_prepared",
    "delete_whitespace",
    "set_f1",
    "strip_punct_keep_numbers",
]

Step = Callable[[str], str]

_MINUS_SIGN = str.maketrans({"\u2212": "-"})
# a comma between digits followed by exactly one group of three digits
_THOUSANDS_COMMA = regex.compile(r"(?<=\d),(?=\d{3}(?!\d))")
# punctuation, except a decimal point between digits and a sign before a digit
_PUNCT_OUTSIDE_NUMBERS = regex.compile(r"(?!(?<=\d)\.(?=\d))(?!(?<![\w.])-(?=\d))\p{P}")


def strip_punct_keep_numbers(text: str) -> str:
    """Delete Unicode punctuation except what gives a number its value.

    >>> strip_punct_keep_numbers("13,510,000 (−2.1%), 1990-2000, $“3.5”!")
    '13510000 -2.1 19902000 $3.5'
    """
    text = _THOUSANDS_COMMA.sub("", text.translate(_MINUS_SIGN))
    return _PUNCT_OUTSIDE_NUMBERS.sub("", text)


def delete_whitespace(text: str) -> str:
    """Delete every whitespace character (``str.split``'s notion).

    >>> delete_whitespace(" 東京都\\u3000千代田区 ")
    '東京都千代田区'
    """
    return "".join(text.split())


EN_STEPS: tuple[Step, ...] = (
    nfkc,
    casefold,
    nfkc,
    remove_invisible,
    strip_punct_keep_numbers,
    partial(remove_articles, lang="en"),
    collapse_whitespace,
)
JA_STEPS: tuple[Step, ...] = (
    nfkc,
    casefold,
    nfkc,
    remove_invisible,
    strip_punct_keep_numbers,
    delete_whitespace,
)


#: Where a long Japanese answer may be cut before its normalization: before
#: whitespace, or before a hiragana, a katakana or a CJK ideograph (never
#: changed by a step, never part of a number, never composed with the
#: character before it by NFKC), so the pieces' results joined are the
#: whole text's. Japanese text rarely has whitespace to cut at.
JA_CUTS = re.compile(r"[\s\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff]")


def _whitespace_words(text: str) -> Sequence[str]:
    # a long text piece by piece, equal words sharing one string
    return tokens_by_pieces(text, str.split)


def _whitespace_lists(parts: Iterable[str]) -> Iterator[list[str]]:
    # the words of " ".join(parts): each part's own
    return map(str.split, parts)


def _mecab_words(text: str) -> list[str]:
    from ...tokenizers import tokenize

    return tokenize(text, "ja")


def _mecab_lists(parts: Iterable[str]) -> Iterator[list[str]]:
    # the words of "".join(parts), a list for each piece MeCab parses
    from ...tokenizers import get_tokenizer

    return get_tokenizer("ja").tokenize_parts(parts)


def _mecab_signature() -> str:
    from ...tokenizers import get_tokenizer

    return get_tokenizer("ja").signature()


@dataclass(frozen=True)
class Language:
    """How one language's answers are normalized and split into words."""

    code: str
    marker: str  # the part of a question id that names the language
    steps: tuple[Step, ...]
    words: Callable[[str], Sequence[str]]
    #: the words of ``between.join(parts)`` in lists whose concatenation is
    #: that text's :meth:`words`, the parts read one by one: the words of a
    #: long text a stretch at a time, never its whole list
    word_lists: Callable[[Iterable[str]], Iterator[list[str]]]
    tokenizer: Callable[[], str]  # the tokenizer's signature
    #: what the last step leaves between two words (it collapses or
    #: deletes whitespace; no step joins or splits words across it)
    between: str = " "
    #: where a long text may be cut before its normalization, besides
    #: whitespace (``None``: at whitespace only)
    cuts: re.Pattern[str] | None = None
    #: whether scoring may also cut a long text inside a run of ASCII
    #: letters (:meth:`scored_parts`): every step maps them to ASCII
    #: letters and reads no further into a run than an article's length,
    #: and :attr:`word_lists` reads each part on its own
    letters: bool = False

    def normalize(self, text: str) -> str:
        """``text`` after every step of the language's normalization; a long
        text piece by piece (cut at whitespace or :attr:`cuts`, the pieces'
        results joined by :attr:`between`), which gives the same text without the whole
        text's intermediate copies and lists of words."""
        if len(text) > PIECE_CHARS:
            return self.between.join(self.normalized_parts(text))
        return self._normalize(text)

    def normalized_parts(self, text: str) -> Iterator[str]:
        """:meth:`normalize` of ``text`` in non-empty parts, made one at a
        time, which :attr:`between` joins into the normalized text."""
        return filter(None, map(self._normalize, pieces(text, self.cuts)))

    def scored_parts(self, text: str) -> Iterator[tuple[str, bool]]:
        """:meth:`normalized_parts`, where :attr:`letters` also cut inside a
        run of ASCII letters
        (:func:`~answermatch.normalization.steps.in_letters`), each part
        with whether it continues the word before it (it is joined to it
        without :attr:`between`).

        >>> from unittest import mock
        >>> with mock.patch("answermatch.normalization.steps.PIECE_CHARS", 20):
        ...     parts = list(LANGUAGES["en"].scored_parts("The " + "Ab" * 30 + " x"))
        >>> [(len(part), joined) for part, joined in parts], "".join(p for p, _ in parts[:3])[:6]
        ([(16, False), (20, True), (24, True), (1, False)], 'ababab')
        """
        cut = in_letters(self.cuts) if self.letters else self.cuts
        first = True
        for piece in pieces(text, cut):
            part = self._normalize(piece)
            if part:
                yield part, not first and starts_in_word(piece)
            first = False

    def word_counts(self, parts: Iterable[str]) -> Counter[str]:
        """The words of ``between.join(parts)`` counted, the parts read one
        by one (:attr:`word_lists`): :meth:`words` of a long text without
        its list of words.

        >>> LANGUAGES["en"].word_counts(["tokyo tokyo", "13510000"])
        Counter({'tokyo': 2, '13510000': 1})
        """
        counts: Counter[str] = Counter()
        for words in self.word_lists(parts):
            counts.update(words)
        return counts

    def _normalize(self, text: str) -> str:
        for step in self.steps:
            text = step(text)
        return text


@dataclass(frozen=True)
class Profile(Settings):
    """Everything that decides the numbers; a new profile is a new instance.
    ``languages`` are in the order the per-language figures are reported."""

    norm: str  # the normalization's name in the signature
    languages: Mapping[str, Language]


LANGUAGES: dict[str, Language] = {
    "en": Language(
        "en",
        "-E-",
        EN_STEPS,
        _whitespace_words,
        _whitespace_lists,
        lambda: "whitespace",
        letters=True,
    ),
    "ja": Language(
        "ja",
        "-J-",
        JA_STEPS,
        _mecab_words,
        _mecab_lists,
        _mecab_signature,
        between="",
        cuts=JA_CUTS,
    ),
}
#: ``fair`` is an alias of ``official``: with no official scorer, the
#: ``official`` rules are already this library's own Unicode-aware choices
#: (NFKC, so width folding; case folding; numbers keep their value; MeCab
#: words for Japanese). Only the profile name in the signature differs.
PROFILES: dict[str, Profile] = {
    "official": Profile("official", "ntcir-dsqa", LANGUAGES),
    "fair": Profile("fair", "ntcir-dsqa", LANGUAGES),
}


def set_f1(
    predicted: Iterable[str] | Mapping[str, int], gold: Iterable[str] | Mapping[str, int]
) -> float:
    """F1 of two *sets* of words (the task page's definition); a side may
    be given as its words' counts (only which words occur matters).

    Two empty sets score 1, one empty set 0: the library's
    :func:`~answermatch.matchers.overlap_f1` with ``overlap="set"``.

    >>> set_f1(["a", "b", "b"], ["b", "c"])   # P = 1/2, R = 1/2
    0.5
    >>> set_f1([], []), set_f1([], ["a"]), set_f1({"a": 2, "b": 1}, ["b", "c"])
    (1.0, 0.0, 0.5)
    """

    def words(found: Iterable[str] | Mapping[str, int]) -> Sequence[str] | Mapping[str, int]:
        return found if isinstance(found, (list, tuple, Mapping)) else list(found)

    return overlap_f1(words(predicted), words(gold), overlap="set", both_empty=1.0)


@dataclass(frozen=True)
class Comparison:
    """An answer against a question's gold answers: ``em`` and ``f1`` (each
    the best over the answers), ``best`` (the index of the gold answer with
    the highest ``(em, f1)``, the first on ties) and each answer's own
    ``(em, f1)`` in ``per_gold``."""

    em: float
    f1: float
    best: int
    per_gold: tuple[tuple[float, float], ...]


def compare_normalized(
    predicted: str | JoinedKey,
    predicted_words: Sequence[str] | Mapping[str, int],
    golds: Sequence[tuple[str | JoinedKey, Sequence[str] | Mapping[str, int]]],
) -> Comparison:
    """:class:`Comparison` of a normalized answer and its words with the
    normalized gold answers and their words (``golds``: ``(text, words)``).
    A long text may be given as it is held, its normalized text a
    :class:`~answermatch.matchers.answers.JoinedKey` and its words counted
    (set F1 needs only which words occur)."""
    per_gold = tuple(
        (float(predicted == text), set_f1(predicted_words, words)) for text, words in golds
    )
    best = max(range(len(per_gold)), key=lambda k: (per_gold[k], -k))
    return Comparison(max(em for em, _ in per_gold), max(f1 for _, f1 in per_gold), best, per_gold)


def compare_prepared(
    lang: Language, answer: str, golds: Sequence[tuple[str, Sequence[str]]]
) -> Comparison:
    """:class:`Comparison` of a raw answer with the normalized gold answers
    and their words (``golds``: ``(text, words)``) under ``lang``.

    An answer longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
    is normalized, compared and split into words part by part
    (:meth:`Language.normalized_parts`, :meth:`Language.word_counts`): the
    same figures as :func:`compare_normalized` on its whole normalized text
    and words, without holding either (set F1 needs only which words occur).
    """
    if len(answer) <= PIECE_CHARS:
        predicted = lang.normalize(answer)
        return compare_normalized(predicted, lang.words(predicted), golds)
    texts = [text for text, _ in golds]
    at = 0  # the normalized answer's length so far
    equal = [True] * len(texts)  # each gold text starts with the answer so far

    def parts() -> Iterator[tuple[str, bool]]:
        nonlocal at
        for k, (part, joined) in enumerate(lang.scored_parts(answer)):
            for found in (lang.between, part) if k and lang.between and not joined else (part,):
                for i, text in enumerate(texts):
                    equal[i] = equal[i] and text.startswith(found, at)
                at += len(found)
            yield part, joined

    if lang.letters:  # a word cut between parts counted whole, a long one by its key
        counted = CountedTokens.of_glued(
            parts, lambda item: lang.word_lists((item[0],)), itemgetter(1)
        )
        counts: Mapping[str, int] = counted.counts
        keyed = counted.keyed
        golds = [(text, list(map(keyed, words))) for text, words in golds]
    else:
        counts = lang.word_counts(part for part, _ in parts())
    per_gold = tuple(
        (float(same and len(text) == at), set_f1(counts, words))
        for same, (text, words) in zip(equal, golds, strict=True)
    )
    best = max(range(len(per_gold)), key=lambda k: (per_gold[k], -k))
    return Comparison(max(em for em, _ in per_gold), max(f1 for _, f1 in per_gold), best, per_gold)


def compare_answer(lang: Language, answer: str, golds: Sequence[str]) -> Comparison:
    """:class:`Comparison` of a raw answer with raw gold answers under ``lang``."""
    normalized = [lang.normalize(gold) for gold in golds]
    return compare_prepared(lang, answer, [(text, lang.words(text)) for text in normalized])
