"""Text normalization: composable steps and named presets.

A preset is a named list of steps (:mod:`answermatch.normalization.steps`),
built for a language (article lists differ by language).

>>> normalize("Ｔｈｅ  Beatles!")
'the beatles'
>>> normalize("The Beatles!", lang="en")
'beatles'
>>> normalize("人口1000人", preset="xor-full")
'口1000'
>>> available_presets()
['none', 'squad', 'unicode', 'xor-engspan', 'xor-full']

Presets:

``unicode`` (the default)
    The library's own: NFKC, full case folding, NFKC again; then drop Unicode
    punctuation *and* symbols (a superset of ASCII ``string.punctuation``,
    so at least what SQuAD drops), default-ignorable characters (soft
    hyphen, zero-width joiners, BOM...), Arabic diacritics and tatweel;
    recompose (NFC: a deleted character may have separated a base from its
    combining mark); drop the language's articles; collapse whitespace.
    Combining marks (Bengali and Telugu vowel signs, Vietnamese tones...)
    are kept. The steps are repeated until the text no longer changes, so the
    preset is idempotent by construction: ``normalize(normalize(t)) ==
    normalize(t)`` for every string (one extra pass verifies a non-ASCII
    result; for an ASCII input a single pass provably suffices).
``squad`` / ``xor-engspan``
    SQuAD v1.1's ``normalize_answer``: ``str.lower``, ASCII punctuation
    removal, English ``a|an|the`` (Python ``re`` word boundaries, whatever
    ``lang`` says), whitespace collapse. Idempotent.
``xor-full``
    XOR-TyDi Full: ``str.lower``, ASCII punctuation removal, deletion of
    ``年 歳 人 년`` anywhere, whitespace collapse. No articles. Idempotent.
``none``
    The text unchanged.

Differences between ``unicode`` and ``squad`` matter: ``unicode`` folds
full-width forms and case (``Straße`` = ``STRASSE``), removes ``«»„“、。``
and other non-ASCII punctuation, which the official scorers keep.

What ``unicode`` deliberately does not do: unify Arabic letter variants
(``أ إ آ`` / ``ا``, ``ى`` / ``ي``, ``ة`` / ``ه``) or Vietnamese tone-mark
placement (``hòa`` / ``hoà``), which are spelling decisions; undo case
folding's ``İ`` -> ``i̇`` (i + combining dot, so ``İstanbul`` differs from
``Istanbul``). Punctuation is deleted, not replaced by a space, as in SQuAD:
``ジョン・スミス`` becomes ``ジョンスミス``. The character tables are those
of the running Python (``unicodedata``: NFKC, case folding) and of the
``regex`` package (punctuation, symbols, default-ignorables), so characters
newer than those tables may be treated differently across versions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

from . import steps
from .steps import (
    casefold,
    collapse_whitespace,
    lower,
    nfc,
    nfkc,
    remove_articles,
    remove_counters,
    squad_articles,
    strip_ascii_punct,
    strip_noise,
)

Step = Callable[[str], str]

# A non-converging pipeline would be a bug; the tests show two passes suffice
# in practice (the second one only confirms the first).
_MAX_PASSES = 8


@dataclass(frozen=True)
class Preset:
    """A named normalization.

    ``build(lang)`` gives the steps for a language. With ``until_stable``
    the steps are applied again until the text stops changing, which makes
    the preset idempotent whatever the interplay of its steps.
    """

    name: str
    description: str
    build: Callable[[str | None], tuple[Step, ...]]
    until_stable: bool = False


def _unicode_steps(lang: str | None) -> tuple[Step, ...]:
    return (
        nfkc,
        casefold,
        nfkc,
        strip_noise,
        nfc,
        partial(remove_articles, lang=lang),
        collapse_whitespace,
    )


def _squad_steps(lang: str | None) -> tuple[Step, ...]:
    return (lower, strip_ascii_punct, squad_articles, collapse_whitespace)


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "unicode",
            "the library default: NFKC, case folding, removal of Unicode punctuation, "
            "symbols, invisible characters and Arabic diacritics (other combining marks "
            "kept), articles of the language, whitespace collapse; idempotent",
            _unicode_steps,
            until_stable=True,
        ),
        Preset(
            "squad",
            "SQuAD v1.1: lower, ASCII punctuation removal, English articles, whitespace",
            _squad_steps,
        ),
        Preset("xor-engspan", "XOR-TyDi EnglishSpan (same as squad)", _squad_steps),
        Preset(
            "xor-full",
            "XOR-TyDi Full: lower, ASCII punctuation removal, counter deletion "
            "(年 歳 人 년 anywhere), whitespace collapse",
            lambda lang: (lower, strip_ascii_punct, remove_counters, collapse_whitespace),
        ),
        Preset("none", "leave the text as it is", lambda lang: ()),
    )
}


def available_presets() -> list[str]:
    """Names of the normalization presets.

    >>> "unicode" in available_presets()
    True
    """
    return sorted(PRESETS)


@cache
def _pipeline(preset: str, lang: str | None) -> tuple[tuple[Step, ...], bool]:
    try:
        spec = PRESETS[preset]
    except KeyError:
        raise ValueError(
            f"unknown normalization preset {preset!r}; presets: {', '.join(available_presets())}"
        ) from None
    return spec.build(lang), spec.until_stable


def _apply(steps_: tuple[Step, ...], text: str) -> str:
    for step in steps_:
        text = step(text)
    return text


def normalize(text: str, lang: str | None = None, preset: str = "unicode") -> str:
    """Normalize ``text`` with the steps of ``preset`` for language ``lang``.

    ``lang`` only selects the article list (see
    :data:`~answermatch.normalization.steps.ARTICLES`); ``None`` removes no
    articles.

    >>> normalize("  ＳＴＲＡßＥ,  «Berlin»\\u200b ")
    'strasse berlin'
    >>> normalize("Los Ángeles", lang="es")
    'ángeles'
    >>> normalize("The Who", preset="squad")
    'who'
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    if not isinstance(lang, str | None):
        raise TypeError(f"lang must be a str or None, not {type(lang).__name__}")
    steps_, until_stable = _pipeline(preset, lang)
    ascii_input = text.isascii()
    text = _apply(steps_, text)
    if not until_stable or ascii_input:
        # On ASCII the unicode steps are lower-casing, deletions, a projection
        # (articles) and whitespace collapse: one pass is already stable.
        return text
    for _ in range(_MAX_PASSES):
        again = _apply(steps_, text)
        if again == text:
            return text
        text = again
    raise RuntimeError(f"normalization preset {preset!r} did not converge on {text!r}")


__all__ = ["PRESETS", "Preset", "Step", "available_presets", "normalize", "steps"]
