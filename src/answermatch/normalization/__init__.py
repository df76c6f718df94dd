"""Text normalization: composable steps and named presets.

>>> normalize("Ｔｈｅ  Beatles!")
'the beatles'
>>> normalize("The Beatles!", lang="en")
'beatles'
>>> normalize("人口1000人", preset="xor-full")
'口1000'
>>> available_presets()
['none', 'squad', 'unicode', 'xor-engspan', 'xor-full']
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
    nfkc,
    remove_articles,
    remove_counters,
    strip_ascii_punct,
    strip_unicode_punct,
)

Step = Callable[[str], str]


@dataclass(frozen=True)
class Preset:
    """A named normalization: ``build(lang)`` gives the steps for a language."""

    name: str
    description: str
    build: Callable[[str | None], tuple[Step, ...]]


def _squad_articles(text: str) -> str:
    # SQuAD/XOR-EnglishSpan: \b(a|an|the)\b on lowercased text, always English.
    return remove_articles(text, "en")


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "unicode",
            "the library default: NFKC, case folding, Unicode punctuation removal "
            "(combining marks kept), articles of the language, whitespace collapse",
            lambda lang: (
                nfkc,
                casefold,
                nfkc,
                strip_unicode_punct,
                partial(remove_articles, lang=lang),
                collapse_whitespace,
            ),
        ),
        Preset(
            "squad",
            "SQuAD v1.1: lower, ASCII punctuation removal, English articles, whitespace",
            lambda lang: (lower, strip_ascii_punct, _squad_articles, collapse_whitespace),
        ),
        Preset(
            "xor-engspan",
            "XOR-TyDi EnglishSpan (same as squad)",
            lambda lang: (lower, strip_ascii_punct, _squad_articles, collapse_whitespace),
        ),
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
    """Names of the normalization presets."""
    return sorted(PRESETS)


@cache
def _pipeline(preset: str, lang: str | None) -> tuple[Step, ...]:
    try:
        return PRESETS[preset].build(lang)
    except KeyError:
        raise ValueError(
            f"unknown normalization preset {preset!r}; presets: {', '.join(available_presets())}"
        ) from None


def normalize(text: str, lang: str | None = None, preset: str = "unicode") -> str:
    """Normalize ``text`` with the steps of ``preset`` for language ``lang``."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    for step in _pipeline(preset, lang):
        text = step(text)
    return text


__all__ = ["PRESETS", "Preset", "available_presets", "normalize", "steps"]
