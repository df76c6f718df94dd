"""Answers made of parts that may come in any order ("A and B" = "B and A").

Each language has a splitter in :data:`SPLITTERS`. Conjunctions that are
words of their own are matched as whole words, in any case; ``&`` splits in
every language. Commas do not split (``Paris, France`` and ``1,000`` stay
whole). Where a conjunction is glued to a word, the rule is narrow on
purpose, because splitting a word that only looks like it holds a
conjunction gives wrong answers partial credit:

- ``ar``: the standalone word ``و``, and the prefix ``و`` when it is glued
  to a definite noun that is not the first word (``مصر والسودان``); other
  words starting with ``و`` (``وزير``, ``وليد``) are left alone.
- ``ko``: the standalone words ``및`` and ``그리고``, and the particle
  ``과``/``와`` at the end of a word, only where Korean grammar puts it:
  ``과`` after a syllable ending in a consonant (``서울과 부산``), ``와``
  after one ending in a vowel (``도쿄와 오사카``), or either after a
  non-Hangul character (``BTS와 EXO``). ``사과 배`` (``과`` after a vowel)
  does not split; a noun like ``결과`` followed by a space still does.
- ``ja`` and ``zh``: the text is cut into words by the language's tokenizer
  (MeCab, jieba) and split at words that are conjunctions (ja ``と 及び
  および 並びに ならびに や``; zh ``和 与 與 及 以及 暨``), so ``共和国``,
  ``埃及`` or ``ことば`` stay whole.

Languages and their conjunctions: see :data:`WORD_CONJUNCTIONS` (ar, ko, ja,
zh as above). Not handled: coordination by suffix alone (Telugu ``-ఊ``,
Bengali ``-ও`` meaning "also"), ``A, B and C`` lists split at commas.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import regex

from ..languages import optional_language
from ._inputs import as_golds, check_text
from .analysis import PreparedGolds
from .combine import Matcher

Splitter = Callable[[str], list[str]]

# Conjunctions that stand as words of their own, by language.
WORD_CONJUNCTIONS: dict[str, tuple[str, ...]] = {
    "en": ("and",),
    "pl": ("i", "oraz"),
    "ru": ("и",),
    "fi": ("ja", "sekä"),
    "vi": ("và",),
    "bn": ("এবং", "ও"),
    "te": ("మరియు",),
    "hi": ("और", "एवं", "तथा"),
    "de": ("und",),
    "es": ("y", "e"),
    "fr": ("et",),
    "id": ("dan",),
    "sw": ("na",),
    "ar": ("و",),
    "ko": ("및", "그리고"),
}
# Conjunction words for the languages split with their tokenizer.
TOKEN_CONJUNCTIONS: dict[str, frozenset[str]] = {
    "ja": frozenset({"と", "及び", "および", "並びに", "ならびに", "や"}),
    "zh": frozenset({"和", "与", "與", "及", "以及", "暨"}),
}
# More parts than this are compared whole only (the pairing search is 2^n).
MAX_PARTS = 10

_NOT_WORD_BEFORE = r"(?<![\w\p{M}])"
_NOT_WORD_AFTER = r"(?![\w\p{M}])"
_EXTRA_PATTERNS: dict[str, str] = {
    # "و" glued to a definite noun (و + ال + two letters), not the first word
    "ar": r"(?<=\s)و(?=ال\p{L}\p{M}*\p{L})",
}


def _word_pattern(lang: str | None) -> regex.Pattern[str]:
    words = WORD_CONJUNCTIONS.get(lang or "", ())
    alternatives = ["&"]
    if words:
        alternatives.append(_NOT_WORD_BEFORE + "(?:" + "|".join(words) + ")" + _NOT_WORD_AFTER)
    if lang in _EXTRA_PATTERNS:
        alternatives.append(_EXTRA_PATTERNS[lang])
    return regex.compile("|".join(alternatives), regex.I)


_PATTERNS: dict[str | None, regex.Pattern[str]] = {
    lang: _word_pattern(lang) for lang in (None, *WORD_CONJUNCTIONS)
}


def _clean(parts: list[str]) -> list[str]:
    return [p for p in (part.strip() for part in parts) if p]


def _split_words(text: str, lang: str | None) -> list[str]:
    return _clean(_PATTERNS[lang].split(text))


# --- Korean particles -------------------------------------------------------------

_KO_PARTICLE = regex.compile(r"(?<=\S)([와과])(?=\s)")


def _has_final_consonant(syllable: str) -> bool | None:
    """Whether a Hangul syllable ends in a consonant; None for other text."""
    code = ord(syllable) - 0xAC00
    return (code % 28 != 0) if 0 <= code < 11172 else None


def _split_korean(text: str) -> list[str]:
    pieces, start = [], 0
    for m in _KO_PARTICLE.finditer(text):
        final = _has_final_consonant(text[m.start() - 1])
        if final is None or final == (m.group() == "과"):
            pieces.append(text[start : m.start()])
            start = m.end()
    pieces.append(text[start:])
    return [part for piece in pieces for part in _split_words(piece, "ko")]


# --- languages cut by their tokenizer ---------------------------------------------


def _split_tokens(text: str, lang: str) -> list[str]:
    from ..tokenizers import tokenize

    conjunctions = TOKEN_CONJUNCTIONS[lang]
    pieces, start, cursor = [], 0, 0
    for token in tokenize(text, lang):
        found = text.find(token, cursor) if token else -1
        if found < 0:  # a tokenizer that rewrote its input: fall back to "&" only
            return _split_words(text, None)
        cursor = found + len(token)
        if token in conjunctions:
            pieces.append(text[start:found])
            start = cursor
    pieces.append(text[start:])
    return [part for piece in pieces for part in _split_words(piece, None)]


_SPLIT_AMPERSAND: Splitter = partial(_split_words, lang=None)
SPLITTERS: dict[str | None, Splitter] = {
    **{lang: (lambda text, lang=lang: _split_words(text, lang)) for lang in _PATTERNS},
    "ko": _split_korean,
    **{lang: (lambda text, lang=lang: _split_tokens(text, lang)) for lang in TOKEN_CONJUNCTIONS},
}


def split_parts(text: str, lang: str | None) -> list[str]:
    """The parts of ``text`` between the conjunctions of ``lang`` (stripped,
    empty parts dropped). ``lang=None`` splits on ``&`` only.

    >>> split_parts("pasternak i figa", "pl")
    ['pasternak', 'figa']
    >>> split_parts("Rock & Roll", None), split_parts("Andes and Alps", "en-US")
    (['Rock', 'Roll'], ['Andes', 'Alps'])
    >>> split_parts("서울과 부산", "ko"), split_parts("사과 배", "ko")
    (['서울', '부산'], ['사과 배'])
    >>> split_parts("مصر والسودان", "ar")
    ['مصر', 'السودان']
    """
    check_text(text, "text")
    lang = optional_language(lang)
    # a language with no conjunction list splits on "&" only
    return SPLITTERS.get(lang, _SPLIT_AMPERSAND)(text)


def _best_pairing(scores: list[list[float]]) -> float:
    """Largest sum of ``scores[i][j]`` over one-to-one pairings (rows to
    columns of a square matrix), by dynamic programming over column sets."""
    n = len(scores)
    best: dict[int, float] = {0: 0.0}  # set of used columns -> best sum so far
    for row in scores:
        following: dict[int, float] = {}
        for used, total in best.items():
            for col in range(n):
                if not used >> col & 1:
                    key = used | 1 << col
                    value = total + row[col]
                    if value > following.get(key, -1.0):
                        following[key] = value
        best = following
    return best[(1 << n) - 1]


def unordered_match(
    prediction: str,
    golds: str | Sequence[str] | PreparedGolds,
    *,
    lang: str | None = None,
    preset: str | None = None,
    matcher: Matcher | None = None,
) -> float:
    """Score of a (two- or more-part) answer whose parts may come in any
    order, against the best gold: for each gold, the larger of
    ``matcher(prediction, gold)`` on the whole texts and, when both split
    into the same number (2 to :data:`MAX_PARTS`) of parts
    (:func:`split_parts` under ``lang``), the mean of ``matcher`` over the
    parts paired in the best order. ``matcher`` defaults to
    :func:`~answermatch.matchers.exact_match` under ``lang`` and ``preset``
    (default ``"unicode"``, the language's default); any ``matcher(prediction,
    gold) -> float`` in [0, 1] will do (give it its own normalization: with a
    ``matcher``, ``preset`` is refused). Golds prepared by
    :func:`~answermatch.matchers.prepare_golds` give the numbers of their
    plain texts under their ``lang`` and ``preset``.

    >>> unordered_match("figa i pasternak", "pasternak i figa", lang="pl")
    1.0
    >>> unordered_match("Azję i Europę", ["Afrykę i Azję", "Azję"], lang="pl")
    0.5
    >>> unordered_match("Afrykę i Azję", "Afrykę oraz Azję", lang="pl")
    1.0
    >>> unordered_match("AZJĘ I EUROPĘ!", "Europę i Azję", lang="pl", preset="none")
    0.0
    >>> from functools import partial
    >>> from answermatch.matchers import token_f1
    >>> unordered_match("Jan Kowalski i Anna", "Anna i Jan", lang="pl",
    ...                 matcher=partial(token_f1, lang="pl"))  # the whole text wins
    0.857...
    """
    check_text(prediction, "prediction")
    if type(golds) is PreparedGolds:
        # the golds' options where the call leaves them out (a conflict is an error)
        an = golds.analyzer(lang, preset, "word", "bag", 1.0)
        lang, preset = an.lang, an.preset
    golds_ = as_golds(golds)
    lang = optional_language(lang)
    if matcher is None:
        from .exact import exact_match

        matcher = partial(exact_match, lang=lang, preset=preset)
    elif not callable(matcher):
        raise TypeError(f"matcher must be callable, not {type(matcher).__name__}")
    elif preset is not None and type(golds) is not PreparedGolds:
        raise ValueError(
            "preset applies to the default matcher only: give it to your matcher "
            "(e.g. functools.partial(token_f1, preset=...))"
        )
    pred_parts = split_parts(prediction, lang)
    return max(_unordered_one(prediction, pred_parts, gold, lang, matcher) for gold in golds_)


def _unordered_one(
    prediction: str, pred_parts: list[str], gold: str, lang: str | None, matcher: Matcher
) -> float:
    whole = float(matcher(prediction, gold))
    gold_parts = split_parts(gold, lang)
    n = len(pred_parts)
    if n != len(gold_parts) or not 2 <= n <= MAX_PARTS:
        return whole
    scores = [[float(matcher(p, g)) for g in gold_parts] for p in pred_parts]
    return max(whole, _best_pairing(scores) / n)
