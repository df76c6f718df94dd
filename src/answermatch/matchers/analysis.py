"""What the matchers do to a text before comparing it: normalize, split
into tokens, count; once per set of options (:class:`Analyzer`) and, for
gold answers scored many times, once per gold (:func:`prepare_golds`)."""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache, partial
from typing import NamedTuple

import regex

from ._inputs import as_golds, check_batch, check_text, warn_unspaced
from .answers import AnswerSet, JoinedKey, answer_set

#: The two ways of counting shared tokens: ``bag`` (multiset intersection,
#: SQuAD's rule) and ``set`` (each distinct token once).
OVERLAPS = ("bag", "set")
#: What a token is: ``word`` (the language's tokenizer, whitespace for no
#: language) or ``char`` (every character but whitespace, a character being a
#: grapheme cluster: a base with its combining marks).
UNITS = ("word", "char")


class TokenCounts(NamedTuple):
    """The tokens of one text as ``counts`` (token -> how many times, all
    positive) and their ``total`` (the number of tokens, repeats included).
    A plain ``(Counter, int)`` pair is accepted wherever this is.

    >>> from answermatch.matchers.analysis import TokenCounts
    >>> TokenCounts.of(["new", "york", "new"])
    TokenCounts(counts={'new': 2, 'york': 1}, total=3)
    """

    counts: Mapping[str, int]
    total: int

    @classmethod
    def of(cls, tokens: Sequence[str]) -> TokenCounts:
        """Count a sequence of tokens."""
        counts: dict[str, int] = {}
        _count_elements(counts, tokens)
        return cls(counts, len(tokens))


def _check_options(overlap: object, both_empty: object) -> None:
    if overlap not in OVERLAPS:
        raise ValueError(f"unknown overlap {overlap!r}; overlaps: {', '.join(OVERLAPS)}")
    if (
        isinstance(both_empty, bool)
        or not isinstance(both_empty, int | float)
        or not 0 <= both_empty <= 1
    ):
        raise ValueError(f"both_empty must be a number in [0, 1], not {both_empty!r}")


# --- texts to tokens -----------------------------------------------------------------

_CLUSTERS = regex.compile(r"\X").findall


def characters(text: str) -> list[str]:
    """The characters of ``text`` but whitespace, a character being a
    grapheme cluster (a base with its combining marks): the tokens of
    ``unit="char"``, the way SQuAD-style scorers for Chinese count.

    >>> characters("東京 タワー")
    ['東', '京', 'タ', 'ワ', 'ー']
    >>> characters("Hà")  # decomposed: a + grave still one character
    ['H', 'à']
    """
    tokens: list[str] = []
    for chunk in text.split():
        tokens += _CLUSTERS(chunk)
    return tokens


def _splitter(lang: str | None, unit: str) -> Callable[[str], list[str]]:
    if unit == "char":
        return characters
    if lang is None:
        return str.split
    from ..tokenizers import splitter

    return splitter(lang)


def words(text: str, lang: str | None = None, *, unit: str = "word") -> list[str]:
    """The tokens F1 counts in an (already normalized) text: with
    ``unit="word"``, ``str.split()`` when ``lang`` is None, else the
    language's tokenizer (:func:`answermatch.tokenizers.tokenize`); with
    ``unit="char"``, :func:`characters`. Whitespace is never a token;
    nothing else is dropped, so under a preset that keeps punctuation a
    tokenizer's punctuation tokens count like words.

    >>> words("pan tadeusz")
    ['pan', 'tadeusz']
    >>> words("東京都の人口", "ja-JP")
    ['東京', '都', 'の', '人口']
    """
    check_text(text, "text")
    from ..languages import optional_language

    lang = optional_language(lang)
    if unit not in UNITS:
        raise ValueError(f"unknown unit {unit!r}; units: {', '.join(UNITS)}")
    return _splitter(lang, unit)(text)


#: How many normalized gold texts the matchers keep, least recently used
#: dropped first: one cache, shared by every matcher and set of options, so
#: that golds scored again (the same answers against many predictions or
#: systems) are normalized once. Predictions are not kept (they rarely
#: repeat), nor golds shorter than :data:`CACHED_LENGTH`.
NORMALIZED_CACHE_SIZE = 1 << 16


#: Golds shorter than this are normalized again rather than looked up: for a
#: short answer the look-up costs about what the normalization does.
CACHED_LENGTH = 32


@lru_cache(maxsize=NORMALIZED_CACHE_SIZE)
def _normalized(normalize: Callable[[str], str], text: str) -> str:
    return normalize(text)


def _gold_normalizer(normalize: Callable[[str], str]) -> Callable[[str], str]:
    """``normalize`` through the shared cache, for golds of
    :data:`CACHED_LENGTH` characters or more."""
    if normalize is str:
        return str  # nothing to keep: the text is its own normal form
    cached = partial(_normalized, normalize)

    def normalize_gold(text: str) -> str:
        return cached(text) if len(text) >= CACHED_LENGTH else normalize(text)

    return normalize_gold


def normalized_cache_info():  # type: ignore[no-untyped-def]
    """Hits, misses, size and bound of the cache of normalized golds
    (:data:`NORMALIZED_CACHE_SIZE`), as :func:`functools.lru_cache` counts them.

    >>> normalized_cache_info().maxsize
    65536
    """
    return _normalized.cache_info()


def normalized_key(an: Analyzer, text: str) -> str | JoinedKey:
    """``an.normalize(text)``, the key an exact match compares; for a text
    longer than :data:`~answermatch.normalization.steps.PIECE_CHARS` under
    a preset that reads nothing across an ASCII space
    (:func:`~answermatch.normalization.joined_parts_normalizer`, which also
    cuts a text without spaces), that key as a
    :class:`~answermatch.matchers.answers.JoinedKey`: its length, and its
    parts normalized again, piece by piece, when a string of that length
    is compared with it. Equal to the same strings, without a list of the
    text's words or a copy of it.

    >>> normalized_key(analyzer("en", "squad"), "The Eiffel Tower!")
    'eiffel tower'
    """
    from ..normalization import joined_parts_normalizer, steps

    if len(text) <= steps.PIECE_CHARS:
        return an.normalize(text)
    parts = joined_parts_normalizer(an.preset, an.lang)
    if parts is None:
        return an.normalize(text)
    length = sum(map(len, parts(text)))  # the parts joined by nothing (spaces given as parts)
    return JoinedKey(length, lambda: parts(text), sep="")


class Analyzer:
    """Normalization and tokenization under one set of options, looked up
    once (what :func:`token_f1` and :func:`exact_match` build for each
    distinct set of options, and reuse). ``normalize_gold`` is ``normalize``
    through the shared cache of normalized golds."""

    __slots__ = (
        "both_empty",
        "lang",
        "normalize",
        "normalize_gold",
        "overlap",
        "pair_f1",
        "preset",
        "split",
        "unit",
        "warn",
    )

    def __init__(
        self, lang: str | None, preset: str, unit: str, overlap: str, both_empty: float
    ) -> None:
        from ..languages import optional_language
        from ..normalization import normalizer

        self.lang = optional_language(lang)
        if not isinstance(preset, str):
            raise TypeError(f"preset must be a str, not {type(preset).__name__}")
        self.normalize = normalizer(preset, self.lang)
        self.normalize_gold = _gold_normalizer(self.normalize)
        if unit not in UNITS:
            raise ValueError(f"unknown unit {unit!r}; units: {', '.join(UNITS)}")
        _check_options(overlap, both_empty)
        self.preset, self.unit, self.overlap, self.both_empty = preset, unit, overlap, both_empty
        self.warn = self.lang is None and unit == "word"
        #: the F1 of one prediction and one gold string, made by
        #: :mod:`answermatch.matchers.overlap` on first use
        self.pair_f1: Callable[[str, str], float] | None = None
        if unit == "char" or self.lang is None:
            self.split = _splitter(self.lang, unit)
        else:  # loaded on first use: options are checked, and an exact match
            self.split = self._load_split  # decided, without loading MeCab or jieba

    def _load_split(self, text: str) -> list[str]:
        self.split = _splitter(self.lang, self.unit)
        return self.split(text)

    def tokens(self, normalized: str) -> list[str]:
        """The tokens of a normalized text (a text in an unspaced script
        warns once when no language was given)."""
        if self.warn:
            warn_unspaced(normalized)
        return self.split(normalized)

    def answers(self, normalized: Iterable[str]) -> AnswerSet:
        """Normalized golds as the :class:`~answermatch.matchers.answers.AnswerSet`
        this analyzer's overlap counts: their tokens, each distinct token
        once under ``overlap="set"``."""
        if self.overlap == "set":
            return answer_set(dict.fromkeys(self.tokens(text)) for text in normalized)
        return answer_set(map(self.tokens, normalized))


_ANALYZERS: dict[tuple[object, ...], Analyzer] = {}


def analyzer(
    lang: str | None = None,
    preset: str = "unicode",
    unit: str = "word",
    overlap: str = "bag",
    both_empty: float = 1.0,
) -> Analyzer:
    """The (cached) :class:`Analyzer` for a set of options; raises the
    errors a matcher raises for a bad option.

    >>> analyzer("EN").lang
    'en'
    """
    key = (lang, preset, unit, overlap, both_empty)
    try:
        return _ANALYZERS[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable option: let the checks name it
        return Analyzer(lang, preset, unit, overlap, both_empty)
    made = Analyzer(lang, preset, unit, overlap, both_empty)
    if len(_ANALYZERS) < 1024:
        _ANALYZERS[key] = made
    return made


# (lang, preset, unit, overlap, both_empty) as a call gives them, preset None
# included -> its analyzer for golds that are not prepared
_CALLS: dict[tuple[object, ...], Analyzer] = {}


def resolve(
    lang: str | None,
    preset: str | None,
    unit: str,
    overlap: str,
    both_empty: float,
    golds: object,
) -> Analyzer:
    """The analyzer for a call's options: those of prepared golds where the
    call leaves them out, else preset ``unicode`` when it is None. Raises
    the matcher's errors for a bad option.

    >>> resolve("ja-JP", None, "word", "bag", 1.0, "東京").preset
    'unicode'
    """
    if type(golds) is PreparedGolds:
        return golds.analyzer(lang, preset, unit, overlap, both_empty)
    key = (lang, preset, unit, overlap, both_empty)
    try:
        return _CALLS[key]
    except (KeyError, TypeError):
        pass
    made = analyzer(lang, "unicode" if preset is None else preset, unit, overlap, both_empty)
    if len(_CALLS) < 1024:
        _CALLS[key] = made
    return made


class PreparedGolds(Sequence[str]):
    """The gold answers of one item, normalized under ``lang`` and
    ``preset``; their tokens are counted the first time a unit (``word``,
    ``char``) is asked for, then kept. Make one with :func:`prepare_golds`;
    every matcher accepts it in place of the golds and gives the numbers it
    gives for the plain strings under the same ``lang`` and ``preset``
    (which the call may leave out). It is a sequence of the original gold
    strings.

    >>> golds = prepare_golds(["Eiffel Tower", "Tour Eiffel"], lang="en")
    >>> list(golds), golds.normalized
    (['Eiffel Tower', 'Tour Eiffel'], ('eiffel tower', 'tour eiffel'))
    """

    __slots__ = ("_answers", "lang", "normalized", "preset", "texts")

    def __init__(self, texts: tuple[str, ...], an: Analyzer) -> None:
        self.texts = texts
        self.lang = an.lang
        self.preset = an.preset
        normalize = an.normalize_gold
        self.normalized = tuple(normalize(t) for t in texts)
        self._answers: dict[tuple[str, str], AnswerSet] = {}

    def analyzer(
        self, lang: str | None, preset: str | None, unit: str, overlap: str, both_empty: float
    ) -> Analyzer:
        """The analyzer for a call on these golds (``lang`` and ``preset``
        default to theirs); :class:`ValueError` if the call asks for others."""
        an = analyzer(
            self.lang if lang is None else lang,
            self.preset if preset is None else preset,
            unit,
            overlap,
            both_empty,
        )
        self.check(an)
        return an

    def check(self, an: Analyzer) -> None:
        """Raise :class:`ValueError` unless ``an`` normalizes as these golds were."""
        if an.lang != self.lang or an.preset != self.preset:
            raise ValueError(
                f"these golds were prepared with lang={self.lang!r}, preset={self.preset!r}; "
                f"the call asks for lang={an.lang!r}, preset={an.preset!r}: leave lang and "
                "preset out, or prepare the golds again"
            )

    def answers(self, an: Analyzer) -> AnswerSet:
        """The golds' :meth:`Analyzer.answers` for ``an``'s unit and
        overlap, computed once per unit and overlap."""
        key = (an.unit, an.overlap)
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = an.answers(self.normalized)
        return found

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self.texts[index]

    def __len__(self) -> int:
        return len(self.texts)

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def __repr__(self) -> str:
        return f"PreparedGolds({list(self.texts)!r}, lang={self.lang!r}, preset={self.preset!r})"


def prepare_golds(
    golds: str | Sequence[str], *, lang: str | None = None, preset: str = "unicode"
) -> PreparedGolds:
    """Normalize ``golds`` (one string or a list/tuple of them) once, for
    many calls of the matchers; their tokens are counted on first use.

    >>> from answermatch.matchers import token_f1, exact_match
    >>> golds = prepare_golds(["東京都", "東京"], lang="ja")
    >>> token_f1("東京都の人口", golds) == token_f1("東京都の人口", ["東京都", "東京"], lang="ja")
    True
    >>> exact_match("東京都。", golds)
    1.0
    """
    return PreparedGolds(as_golds(golds), analyzer(lang, preset))


def _gold_key(entry: object, index: int) -> object:
    """A hashable key for a batch's gold entry (None for prepared golds),
    after checking it as the plain call would, naming its place."""
    if type(entry) is str:
        return entry
    if type(entry) is PreparedGolds:
        return None
    return as_golds(entry, f"golds[{index}]")  # type: ignore[arg-type]


def each_scored(
    score: Callable[[Analyzer, str, object], float],
    predictions: Sequence[str],
    golds: Sequence[object],
    lang: str | None,
    preset: str | None,
    unit: str = "word",
    overlap: str = "bag",
    both_empty: float = 1.0,
) -> list[float]:
    """``score(an, prediction, entry)`` of each prediction against its gold
    entry: the loop of the matchers' batch forms. The batch is checked, a
    repeated gold entry prepared once (:func:`share_repeated_golds`), a
    prediction that is not a string refused by its place, and each entry
    scored under the call's analyzer (prepared golds: the one
    :func:`resolve` gives them).

    >>> same = lambda an, prediction, gold: float(an.normalize(prediction) == gold)
    >>> each_scored(same, ["A", "b"], ["a", "c"], None, None)
    [1.0, 0.0]
    """
    check_batch(predictions, golds)
    base = analyzer(lang, "unicode" if preset is None else preset, unit, overlap, both_empty)
    results: list[float] = []
    append = results.append
    entries = share_repeated_golds(golds, base)
    for i, (prediction, entry) in enumerate(zip(predictions, entries, strict=True)):
        if type(prediction) is not str:
            check_text(prediction, f"predictions[{i}]")
        an = (
            resolve(lang, preset, unit, overlap, both_empty, entry)
            if type(entry) is PreparedGolds
            else base
        )
        append(score(an, prediction, entry))
    return results


def share_repeated_golds(entries: Sequence[object], an: Analyzer) -> list[object]:
    """The gold entries of a batch, checked (errors name the entry), those
    that occur more than once prepared once under ``an`` and shared (the
    others as given): the batch forms' cache, which lives as long as the call.

    >>> shared = share_repeated_golds(["Paris", "Lyon", "Paris"], analyzer())
    >>> shared[0] is shared[2], shared[1]
    (True, 'Lyon')
    """
    keys = [_gold_key(entry, i) for i, entry in enumerate(entries)]
    seen: dict[object, int] = {}
    _count_elements(seen, keys)
    if len(seen) == len(keys) and None not in seen:
        return list(entries)  # nothing repeats
    prepared: dict[object, PreparedGolds] = {}
    shared: list[object] = []
    for entry, key in zip(entries, keys, strict=True):
        if key is None or seen[key] < 2:
            shared.append(entry)
            continue
        found = prepared.get(key)
        if found is None:
            found = prepared[key] = PreparedGolds(as_golds(entry), an)  # type: ignore[arg-type]
        shared.append(found)
    return shared
