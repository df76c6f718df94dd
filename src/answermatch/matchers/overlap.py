"""Token overlap F1 (SQuAD-style), over the words or characters of a language.

Three layers, from the top:

- :func:`token_f1`: a prediction against one or more golds, normalized and
  tokenized here; :func:`token_f1_batch` does the same over lists with the
  options checked once.
- :func:`~answermatch.matchers.prepare_golds` (in
  :mod:`answermatch.matchers.analysis`): golds normalized and counted once,
  accepted by :func:`token_f1` in place of the golds.
- :func:`overlap_f1` / :func:`overlap_prf`: the arithmetic alone, on two
  token sequences or their counts, for callers that tokenize on their own
  (the official scorers' quirks are options: what two empty texts score).

The arithmetic is SQuAD v1.1's ``f1_score``, operation for operation:
``precision = common / predicted``, ``recall = common / gold``,
``f1 = 2 * precision * recall / (precision + recall)``. :func:`token_f1`
compares tokens with :func:`~answermatch.matchers.answers.best_overlap`
(the rule every task's token F1 uses); :func:`overlap_prf` takes counts as
well as tokens and applies the same arithmetic to them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import NamedTuple

from ._inputs import _UNSPACED, as_golds, check_text, warn_unspaced
from .analysis import (
    Analyzer,
    PreparedGolds,
    TokenCounts,
    _check_options,
    _splitter,
    each_scored,
    normalized_key,
    resolve,
)
from .answers import AnswerSet, CountedTokens, best_overlap, one_answer, shared_counts


class PRF(NamedTuple):
    """F1, precision and recall of one comparison."""

    f1: float
    precision: float
    recall: float


def _prf(common: int, n_pred: int, n_gold: int, both_empty: float) -> PRF:
    if common == 0:
        if n_pred == 0 and n_gold == 0:
            return PRF(both_empty, both_empty, both_empty)
        return _ZERO
    precision = 1.0 * common / n_pred
    recall = 1.0 * common / n_gold
    return PRF((2 * precision * recall) / (precision + recall), precision, recall)


_ZERO = PRF(0.0, 0.0, 0.0)


def _common(pred: TokenCounts, gold: TokenCounts, overlap: str) -> tuple[int, int, int]:
    """(shared, predicted, gold) token counts of two counted texts."""
    if overlap == "bag":
        return shared_counts(pred[0], gold[0]), pred[1], gold[1]
    p, g = pred[0], gold[0]
    return len(p.keys() & g.keys()), len(p), len(g)


def _best_f1(pred: list[str], answers: AnswerSet, an: Analyzer) -> float:
    """The best F1 of a prediction's tokens over ``answers`` (made by
    :meth:`Analyzer.answers <answermatch.matchers.analysis.Analyzer.answers>`):
    :func:`best_overlap`, with ``an``'s rule for two sides without tokens."""
    tokens = tuple(dict.fromkeys(pred)) if an.overlap == "set" else tuple(pred)
    if not tokens:
        return float(an.both_empty) if answers.has_empty else 0.0
    return best_overlap(tokens, answers)[0]


def _long_prediction(an: Analyzer, prediction: str) -> tuple[object, CountedTokens, str] | None:
    """A prediction longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
    as ``(EM key, token counts, a text for warn_unspaced)``, normalized and split piece by piece,
    where that gives the whole text's tokens: overlap ``bag`` and a preset
    that reads nothing across an ASCII space
    (:func:`~answermatch.normalization.parts_normalizer`), tokens that
    read each whitespace-separated stretch on their own (whitespace,
    characters, or a tokenizer that says so) counted part by part, and a
    tokenizer's that does not (MeCab) read from the normal form's parts
    joined (:func:`~answermatch.normalization.joined_parts_normalizer`,
    whose join is the normal form, also cut inside a text without spaces;
    ``tokenize_parts`` cuts it as it cuts the whole); else ``None``.
    The key is a :class:`~answermatch.matchers.answers.JoinedKey`, the
    counts a :class:`~answermatch.matchers.answers.CountedTokens`: no list
    of the text's tokens."""
    from ..normalization import joined_parts_normalizer, parts_normalizer, steps

    if len(prediction) <= steps.PIECE_CHARS or an.overlap != "bag":
        return None
    parts = parts_normalizer(an.preset, an.lang)
    if parts is None:
        return None
    if an.unit == "word" and an.lang is not None:
        from ..tokenizers import get_tokenizer

        tokenizer = get_tokenizer(an.lang)  # type: ignore[arg-type]
        if not tokenizer.local_to_whitespace or _reads_parts(tokenizer):
            # MeCab, jieba: their words of the parts joined (a text without
            # spaces is cut into parts too, where parts_normalizer leaves it whole)
            joined = joined_parts_normalizer(an.preset, an.lang)
            counted = CountedTokens.of_pieces(
                lambda: tokenizer.tokenize_parts(joined(prediction)),  # type: ignore[misc]
                _as_it_is,
            )
            return normalized_key(an, prediction), counted, ""
        # (ICU: a long run's words one at a time)
        split = getattr(tokenizer, "tokens_of", None) or _splitter(an.lang, an.unit)
    else:
        split = _splitter(an.lang, an.unit)
    quote = ""  # what the warning about an unspaced text quotes, as of the whole text
    if an.warn:
        head, found = "", ""  # the text's first 20 characters; its first unspaced part
        for part in parts(prediction):
            if len(head) < 20:
                head = f"{head} {part}" if head else part
            if not found and not part.isascii() and _UNSPACED.search(part) is not None:
                found = part
            if found and len(head) >= 20:
                break
        if found:  # warn_unspaced quotes the first 20 characters and searches the rest
            quote = head if len(head) < 20 else f"{head[:20]} {found}"
    counts = CountedTokens.of_pieces(lambda: parts(prediction), split)
    return normalized_key(an, prediction), counts, quote


def _as_it_is(tokens: list[str]) -> list[str]:
    return tokens


def _reads_parts(tokenizer: object) -> bool:
    """Whether ``tokenizer`` reads a text given in parts on its own
    (its ``tokenize_parts`` is its own, not the base class's join of them:
    MeCab, jieba).

    >>> from answermatch.tokenizers import get_tokenizer
    >>> _reads_parts(get_tokenizer("ja")), _reads_parts(get_tokenizer("en"))
    (True, False)
    """
    from ..tokenizers.base import Tokenizer

    return type(tokenizer).tokenize_parts is not Tokenizer.tokenize_parts


def _pair_f1(an: Analyzer) -> Callable[[str, str], float]:
    """The F1 of one prediction and one gold text under ``an`` (both
    strings): what every F1 form computes for a gold given as a string,
    built once per analyzer and kept on it."""
    found = an.pair_f1
    if found is not None:
        return found
    normalize, normalize_gold, warn = an.normalize, an.normalize_gold, an.warn
    both_empty = float(an.both_empty)
    # set overlap: each distinct token once, in order
    distinct: Callable[[list[str]], tuple[str, ...]] = (
        (lambda found: tuple(dict.fromkeys(found))) if an.overlap == "set" else tuple
    )

    def pair_f1(prediction: str, gold: str) -> float:
        long = _long_prediction(an, prediction)
        if long is not None:  # a long text's key and token counts
            gold_norm = normalize_gold(gold)
            if long[0] == gold_norm:
                return 1.0 if gold_norm else both_empty
            if warn:
                warn_unspaced(long[2])
                warn_unspaced(gold_norm)
            pred = long[1]
            theirs = distinct(an.split(gold_norm))
            if not pred:
                return 0.0 if theirs else both_empty
            return best_overlap(pred, one_answer(theirs))[0]  # type: ignore[arg-type]
        pred_norm, gold_norm = normalize(prediction), normalize_gold(gold)
        if gold_norm == pred_norm:
            return 1.0 if pred_norm else both_empty
        if warn:
            warn_unspaced(pred_norm)
            warn_unspaced(gold_norm)
        split = an.split  # read here: it replaces itself once the tokenizer is loaded
        pred, theirs = distinct(split(pred_norm)), distinct(split(gold_norm))
        if not pred:
            return 0.0 if theirs else both_empty
        return best_overlap(pred, one_answer(theirs))[0]

    an.pair_f1 = pair_f1
    return pair_f1


def _as_counts(value: object, name: str) -> TokenCounts:
    if type(value) is TokenCounts:
        return value
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], Mapping):
        return TokenCounts(value[0], value[1])
    if isinstance(value, Mapping):
        return TokenCounts(value, sum(value.values()))
    if isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray):
        for i, token in enumerate(value):
            if not isinstance(token, str):
                raise TypeError(f"{name}[{i}] must be a str token, not {type(token).__name__}")
        return TokenCounts.of(value)
    raise TypeError(
        f"{name} must be a list/tuple of tokens, a Counter or TokenCounts, "
        f"not {type(value).__name__}"
    )


def overlap_prf(
    prediction: Sequence[str] | Mapping[str, int] | TokenCounts,
    gold: Sequence[str] | Mapping[str, int] | TokenCounts,
    *,
    overlap: str = "bag",
    both_empty: float = 1.0,
) -> PRF:
    """F1, precision and recall of two token sequences (or their counts:
    a ``Counter``, a :class:`TokenCounts` or a ``(Counter, total)`` pair).

    ``overlap``: ``"bag"`` counts shared tokens as a multiset (SQuAD),
    ``"set"`` counts each distinct token once. No shared token scores
    ``(0, 0, 0)``; when *both* sides have no tokens the score is
    ``both_empty`` for all three: 1.0 by default (nothing was asked and
    nothing answered), 0.0 in SQuAD v1.1's and XOR-TyDi's scripts (which
    see no shared token), 1.0 in SQuAD v2.0's.

    >>> overlap_prf(["new", "york", "city"], ["york"])
    PRF(f1=0.5, precision=0.3333333333333333, recall=1.0)
    >>> overlap_prf([], [], both_empty=0.0).f1
    0.0
    """
    _check_options(overlap, both_empty)
    common = _common(_as_counts(prediction, "prediction"), _as_counts(gold, "gold"), overlap)
    return _prf(*common, both_empty)


def overlap_f1(
    prediction: Sequence[str] | Mapping[str, int] | TokenCounts,
    gold: Sequence[str] | Mapping[str, int] | TokenCounts,
    *,
    overlap: str = "bag",
    both_empty: float = 1.0,
) -> float:
    """The F1 of :func:`overlap_prf`.

    >>> overlap_f1(["the", "the", "cat"], ["the", "cat"])
    0.8
    >>> overlap_f1(["the", "the", "cat"], ["the", "cat"], overlap="set")
    1.0
    """
    return overlap_prf(prediction, gold, overlap=overlap, both_empty=both_empty)[0]


def _f1_against(an: Analyzer, prediction: str, golds: object) -> float:
    """The best F1 of ``prediction`` over ``golds`` (str, sequence or
    prepared) under ``an``; the single code path of every F1 form."""
    if type(golds) is str:
        return _pair_f1(an)(prediction, golds)
    long = _long_prediction(an, prediction)
    pred_norm = an.normalize(prediction) if long is None else long[0]
    if type(golds) is PreparedGolds:
        if pred_norm in golds.normalized:
            return 1.0 if pred_norm else float(an.both_empty)
        answers = golds.answers(an)
    else:
        normalized = [an.normalize_gold(gold) for gold in as_golds(golds)]  # type: ignore[arg-type]
        if pred_norm in normalized:
            return 1.0 if pred_norm else float(an.both_empty)
        answers = an.answers(normalized)
    if long is not None:  # its token counts: the bag of tokens best_overlap reads
        if an.warn:
            warn_unspaced(long[2])
        tokens = long[1]
        if not tokens:
            return float(an.both_empty) if answers.has_empty else 0.0
        return best_overlap(tokens, answers)[0]  # type: ignore[arg-type]
    return _best_f1(an.tokens(pred_norm), answers, an)  # type: ignore[arg-type]


def token_f1(
    prediction: str,
    golds: str | Sequence[str] | PreparedGolds,
    *,
    lang: str | None = None,
    preset: str | None = None,
    overlap: str = "bag",
    unit: str = "word",
    both_empty: float = 1.0,
) -> float:
    """Token F1 between the prediction and the best gold, in [0, 1].

    ``golds``: one string, a list/tuple of them, or golds prepared once by
    :func:`~answermatch.matchers.prepare_golds` (then ``lang`` and
    ``preset`` come from them). Both texts are normalized (``lang``,
    ``preset``, default ``"unicode"``: see
    :func:`answermatch.normalization.normalize`), then split into tokens:

    - ``unit="word"`` (default): the language's tokenizer, so Japanese and
      Chinese count words, not whole strings; whitespace when ``lang`` is
      None (a text in Chinese, Japanese or Thai then warns once that it is
      one token);
    - ``unit="char"``: every character but whitespace (:func:`characters`),
      the count of SQuAD-style scorers for Chinese.

    ``overlap="bag"`` counts shared tokens as a multiset (SQuAD's rule),
    ``"set"`` counts each distinct token once. F1 is SQuAD's
    ``2PR / (P + R)`` (:func:`overlap_prf`). Texts equal after
    normalization score 1, except two empty texts, which score
    ``both_empty`` (1.0 by default; SQuAD v1.1's script gives 0); otherwise
    no shared token scores 0. The score is symmetric in its two texts.

    >>> token_f1("Adam Mickiewicz", "Mickiewicz")
    0.666...
    >>> token_f1("the the cat", "the cat"), token_f1("the the cat", "the cat", overlap="set")
    (0.8, 1.0)
    >>> token_f1("東京都の人口", "東京都", lang="ja")
    0.666...
    >>> token_f1("北京大学", "北京", unit="char")
    0.666...
    >>> token_f1("", ""), token_f1("", "", both_empty=0.0)
    (1.0, 0.0)
    """
    if type(golds) is str:  # the common call: one cached function per set of options
        try:
            score = _PAIR_CALLS[(lang, preset, unit, overlap, both_empty)]
        except (KeyError, TypeError):
            score = _pair_call(lang, preset, unit, overlap, both_empty)
        if type(prediction) is not str:
            check_text(prediction, "prediction")
        return score(prediction, golds)
    an = resolve(lang, preset, unit, overlap, both_empty, golds)
    if type(prediction) is not str:
        check_text(prediction, "prediction")
    return _f1_against(an, prediction, golds)


# (lang, preset, unit, overlap, both_empty) as a call gives them -> the
# function scoring a prediction against one gold string under them
_PAIR_CALLS: dict[tuple[object, ...], Callable[[str, str], float]] = {}


def _pair_call(
    lang: object, preset: object, unit: object, overlap: object, both_empty: object
) -> Callable[[str, str], float]:
    """:func:`_pair_f1` for a call's options (their errors if they are bad), kept."""
    score = _pair_f1(resolve(lang, preset, unit, overlap, both_empty, ""))  # type: ignore[arg-type]
    if len(_PAIR_CALLS) < 1024:
        with suppress(TypeError):  # an unhashable option the checks let through
            _PAIR_CALLS[(lang, preset, unit, overlap, both_empty)] = score
    return score


def token_f1_batch(
    predictions: Sequence[str],
    golds: Sequence[str | Sequence[str] | PreparedGolds],
    *,
    lang: str | None = None,
    preset: str | None = None,
    overlap: str = "bag",
    unit: str = "word",
    both_empty: float = 1.0,
) -> list[float]:
    """:func:`token_f1` of each prediction against its gold entry (a string,
    a list of strings or prepared golds), with the options checked once:
    ``[token_f1(p, g, ...) for p, g in zip(predictions, golds)]``, the same
    numbers, faster.

    >>> token_f1_batch(["Adam Mickiewicz", "Prus"], ["Mickiewicz", ["Bolesław Prus", "Prus"]])
    [0.666..., 1.0]
    """
    return each_scored(_f1_against, predictions, golds, lang, preset, unit, overlap, both_empty)
