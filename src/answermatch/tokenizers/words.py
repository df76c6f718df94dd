"""A Unicode-aware word splitter for languages written with spaces.

Used for ``ar bn fi ko ru te en`` (and any other language passed to
:class:`WordTokenizer`). It needs only the ``regex`` module, a core
dependency, so it never pulls in a heavy library.

The rules, the same for every language unless noted:

- Whitespace (every character for which :meth:`str.isspace` is true, the
  characters :meth:`str.split` splits on) separates tokens and never appears
  in one.
- A *word* is a run of grapheme clusters (``regex``'s ``\\X``: a base
  character with its combining marks) that start with a letter, a mark, a
  number or an invisible format character (``\\p{Cf}``: zero-width
  (non-)joiners, soft hyphen, direction marks). A word therefore never breaks
  at a combining mark: Bengali and Telugu vowel signs and viramas, Vietnamese
  tone marks in decomposed form and Arabic harakat stay with their letter.
- A hyphen (``-`` U+2010 U+2011) or an apostrophe (``'`` U+2019) *between*
  two words joins them into one token: ``Нью-Йорк``, ``Etelä-Afrikka``,
  ``O'Brien``, ``vaa'an``. A dot, comma, Arabic decimal or thousands
  separator between two digits joins them: ``3.14``, ``1,000``, ``٣٫٥``.
  Finnish also joins at a colon, which attaches case endings to
  abbreviations and numbers (``EU:n``, ``USA:ssa``, ``1990:llä``).
- Every other character (punctuation, symbols, a lone hyphen, a combining
  mark with no base: at the start, after whitespace or after a control
  character) is a token of its own, one grapheme cluster each: punctuation
  is *kept*, as MeCab, jieba and spaCy keep it. The Bengali/Telugu danda
  ``।`` and double danda ``॥`` are punctuation.
- Korean needs no rule of its own: an eojeol (a space-separated unit, a word
  with its particles such as ``서울에서``) is one token, with punctuation split
  off.
- Arabic: tatweel (U+0640, a purely visual stretching of a joined letter) is
  deleted by default (``strip_tatweel``); harakat (short-vowel marks, tanwin,
  shadda, sukun U+064B-U+0652 and the superscript alef U+0670) are kept by
  default (they are part of the spelling) and deleted with
  ``strip_diacritics=True``. Clitics (``ال``, ``و``, ``ب``...) are not split
  off. Both options are accepted for any language and default to off
  elsewhere.

So, with nothing stripped, joining the tokens gives back the input with its
whitespace removed.

>>> WordTokenizer("en").tokenize("Who wrote Lalka?")
['Who', 'wrote', 'Lalka', '?']
>>> WordTokenizer("ru").tokenize("Ростов-на-Дону, 1 000,5 км")
['Ростов-на-Дону', ',', '1', '000,5', 'км']
>>> WordTokenizer("fi").tokenize("EU:n jäsenmaat (2020)")
['EU:n', 'jäsenmaat', '(', '2020', ')']
>>> WordTokenizer("ar").tokenize("القاهـــرة؟")
['القاهرة', '؟']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import regex

from ..normalization import steps
from .base import Tokenizer, version_of

TATWEEL = "\u0640"
# fathatan .. sukun, and the superscript (dagger) alef
HARAKAT = "".join(map(chr, range(0x064B, 0x0653))) + "\u0670"

# a grapheme cluster whose first character is a letter, mark, number or format char
_CLUSTER = r"(?:(?=[\p{L}\p{M}\p{N}\p{Cf}])\X)"
_HYPHENS_APOSTROPHES = "\\-\u2010\u2011'\u2019"
_DIGIT_SEPARATORS = ".,\u066b\u066c"


@dataclass(frozen=True)
class _Rules:
    """What joins two words of one language into a single token."""

    joiners: str = _HYPHENS_APOSTROPHES
    strip_tatweel: bool = False
    strip_diacritics: bool = False


# language -> its rules; absent languages use _Rules()
_LANGUAGE_RULES: dict[str, _Rules] = {
    "ar": _Rules(strip_tatweel=True),
    "fi": _Rules(joiners=_HYPHENS_APOSTROPHES + ":"),
}


#: Where a chunk longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
#: is cut (``regex`` holds about 110 bytes a character of a word while it
#: matches it, so a long word is matched a piece at a time): just before a
#: Thai consonant (U+0E01..U+0E2E) after a Thai letter, mark or digit. A
#: grapheme cluster starts there (the consonant is neither an extender, a
#: spacing mark, a regional indicator nor a pictograph, and no Thai
#: character is a prefix: the tests check every pair), the consonant starts
#: a word's cluster and is no joiner, so the word of the character before
#: goes on there in the whole chunk (its two pieces are one token) if it is
#: a word (not a cluster of punctuation with Thai marks on it), and no
#: other token crosses the cut.
_THAI_CUT = re.compile("(?<=[\u0e01-\u0e3a\u0e40-\u0e4e\u0e50-\u0e59])[\u0e01-\u0e2e]")
# a token that is a word (the pattern's first branch), not a lone cluster
_WORD_START = regex.compile(r"[\p{L}\p{M}\p{N}\p{Cf}]").match


def _long_chunk_tokens(chunk: str, findall: Callable[[str], list[str]]) -> list[str]:
    """``findall(chunk)`` for a long chunk, the chunk cut at :data:`_THAI_CUT`
    and each piece matched alone; a word cut there is joined again.

    >>> from unittest import mock
    >>> with mock.patch.object(steps, "PIECE_CHARS", 2):
    ...     _long_chunk_tokens("ไทย๏ไทย", _token_pattern("-").findall)
    ['ไทย', '๏', 'ไทย']
    """
    tokens: list[str] = []
    parts: list[str] = []  # the pieces so far of a word that may go on in the next piece
    for piece in steps.pieces(chunk, _THAI_CUT):
        found = findall(piece)
        if parts:  # the piece starts with a consonant: its first word goes on with them
            parts.append(found[0])
            if len(found) == 1:
                continue
            tokens.append("".join(parts))
            parts = []
            del found[0]
        tokens += found
        if _WORD_START(tokens[-1]):
            parts.append(tokens.pop())
    if parts:
        tokens.append("".join(parts))
    return tokens


@cache
def _token_pattern(joiners: str) -> regex.Pattern[str]:
    joiner = rf"(?:[{joiners}]|(?<=\p{{Nd}})[{_DIGIT_SEPARATORS}](?=\p{{Nd}}))"
    word = rf"{_CLUSTER}+(?:{joiner}{_CLUSTER}+)*"
    return regex.compile(rf"{word}|\X")


class WordTokenizer(Tokenizer):
    """Splits text of a space-separated language into words and punctuation.

    ``strip_tatweel`` and ``strip_diacritics`` default to the language's
    rule (only Arabic deletes tatweel by default); pass ``True``/``False`` to
    override.

    >>> WordTokenizer("bn").tokenize("বাংলাদেশের রাজধানী ঢাকা।")
    ['বাংলাদেশের', 'রাজধানী', 'ঢাকা', '।']
    >>> WordTokenizer("ar", strip_diacritics=True).tokenize("مُحَمَّد")
    ['محمد']
    """

    modes = ("word",)
    local_to_whitespace = True
    # an ASCII letter, or a Thai consonant after another, starts a grapheme
    # cluster that starts a word, and continues the word of the one before
    # (see _THAI_CUT)
    letter_cuts = True

    def __init__(
        self,
        lang: str = "en",
        *,
        strip_tatweel: bool | None = None,
        strip_diacritics: bool | None = None,
    ) -> None:
        if not isinstance(lang, str):
            raise TypeError(f"lang must be a str, not {type(lang).__name__}")
        rules = _LANGUAGE_RULES.get(lang, _Rules())
        self.lang = lang
        self.strip_tatweel = rules.strip_tatweel if strip_tatweel is None else strip_tatweel
        self.strip_diacritics = (
            rules.strip_diacritics if strip_diacritics is None else strip_diacritics
        )
        deleted = (TATWEEL if self.strip_tatweel else "") + (
            HARAKAT if self.strip_diacritics else ""
        )
        self._deletions = str.maketrans("", "", deleted) if deleted else None
        self._findall = _token_pattern(rules.joiners).findall

    def _tokenize(self, text: str, mode: str) -> list[str]:
        if text.isascii() and text.replace(" ", "").isalnum():
            return text.split()  # ASCII letters and digits between spaces: the words as they are
        if self._deletions is not None:
            text = text.translate(self._deletions)
        findall = self._findall
        tokens: list[str] = []
        for chunk in text.split():
            if len(chunk) > steps.PIECE_CHARS:
                tokens += _long_chunk_tokens(chunk, findall)
            else:
                tokens += findall(chunk)
        return tokens

    def signature(self) -> str:
        """``words(regex=VERSION)``, plus what is deleted (``strip=tatweel``...).

        >>> WordTokenizer("ar").signature()
        'words(regex=...,strip=tatweel)'
        """
        stripped = [
            name
            for name, on in (("tatweel", self.strip_tatweel), ("harakat", self.strip_diacritics))
            if on
        ]
        strip = f",strip={'+'.join(stripped)}" if stripped else ""
        return f"words(regex={version_of('regex')}{strip})"

    def __repr__(self) -> str:
        return (
            f"WordTokenizer({self.lang!r}, strip_tatweel={self.strip_tatweel}, "
            f"strip_diacritics={self.strip_diacritics})"
        )
