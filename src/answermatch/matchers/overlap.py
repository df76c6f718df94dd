"""Token overlap F1 (SQuAD-style), over the words of a language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..normalization import normalize
from ._inputs import as_golds, check_text


def _bag_overlap(pred: list[str], gold: list[str]) -> tuple[int, int, int]:
    common = Counter(pred) & Counter(gold)
    return sum(common.values()), len(pred), len(gold)


def _set_overlap(pred: list[str], gold: list[str]) -> tuple[int, int, int]:
    p, g = set(pred), set(gold)
    return len(p & g), len(p), len(g)


# mode -> (shared, predicted, gold) counts
OVERLAP_MODES: dict[str, Callable[[list[str], list[str]], tuple[int, int, int]]] = {
    "bag": _bag_overlap,
    "set": _set_overlap,
}


def words(text: str, lang: str | None = None) -> list[str]:
    """The tokens F1 counts: ``str.split()`` when ``lang`` is None, else the
    language's tokenizer (:func:`answermatch.tokenizers.tokenize`, which
    raises :class:`~answermatch.errors.UnknownLanguageError` for a language
    without one). Whitespace-only tokens are dropped; nothing else is, so
    under a preset that keeps punctuation a tokenizer's punctuation tokens
    count like words.

    >>> words("pan tadeusz")
    ['pan', 'tadeusz']
    """
    if lang is None:
        return text.split()
    from ..tokenizers import tokenize

    return [t for t in tokenize(text, lang) if t and not t.isspace()]


def token_f1(
    prediction: str,
    golds: str | Sequence[str],
    lang: str | None = None,
    preset: str = "unicode",
    mode: str = "bag",
) -> float:
    """Token F1 between the prediction and the best gold, in [0, 1].

    Both texts are normalized (``lang``, ``preset``: see
    :func:`answermatch.normalization.normalize`), then split into words
    (:func:`words`: whitespace for ``lang=None``, else the language's
    tokenizer, so Japanese and Chinese count words, not whole strings).
    With ``shared`` the tokens in common (multiset intersection for
    ``mode="bag"``, SQuAD's rule; set intersection for ``mode="set"``),
    F1 = 2 * shared / (predicted tokens + gold tokens), which equals
    2PR / (P + R). Texts equal after normalization score 1 (so an empty
    prediction against an empty gold is 1, where SQuAD's scorer says 0);
    otherwise no shared token scores 0. The score is symmetric in its two
    texts.

    >>> token_f1("Adam Mickiewicz", "Mickiewicz")
    0.666...
    >>> token_f1("the the cat", "the cat"), token_f1("the the cat", "the cat", mode="set")
    (0.8, 1.0)
    >>> token_f1("", "")
    1.0
    """
    check_text(prediction, "prediction")
    golds_ = as_golds(golds)
    overlap = OVERLAP_MODES.get(mode)
    if overlap is None:
        raise ValueError(f"unknown mode {mode!r}; modes: {', '.join(OVERLAP_MODES)}")
    pred = normalize(prediction, lang, preset)
    pred_words: list[str] | None = None
    best = 0.0
    for gold in golds_:
        gold_norm = normalize(gold, lang, preset)
        if gold_norm == pred:
            return 1.0
        if pred_words is None:
            pred_words = words(pred, lang)
        shared, n_pred, n_gold = overlap(pred_words, words(gold_norm, lang))
        if shared:
            best = max(best, 2 * shared / (n_pred + n_gold))
    return best
