"""Normalization steps: small pure functions ``str -> str``.

Presets (see :mod:`answermatch.normalization`) are named lists of these; a
user can chain them into a pipeline of their own.

>>> strip_ascii_punct("U.S.A.—“yes”")
'USA—“yes”'
>>> strip_unicode_punct("U.S.A.—“yes”")
'USAyes'
>>> strip_unicode_punct("বাংলা।")  # the vowel sign (a combining mark) survives
'বাংলা'
>>> strip_unicode_punct_and_symbols("$100 (≈ 90 €)")
'100  90 '
>>> remove_counters("人口 1990年")
'口 1990'
>>> collapse_whitespace("  a \\t b\\u3000c ")
'a b c'
>>> fold_width("ＡＢＣ　１２３ ｶﾞｲﾄﾞ ①")  # width only: ① is not folded (NFKC would)
'ABC 123 ガイド ①'
>>> strip_arabic_diacritics("مُحَمَّـد")
'محمد'

Where the rules come from:

- ``lower``, ``strip_ascii_punct``, ``squad_articles`` and
  ``collapse_whitespace`` are SQuAD v1.1's ``normalize_answer`` (also used
  by XOR-TyDi's EnglishSpan scorer, github.com/AkariAsai/XORQA
  ``evals/eval_xor_engspan.py``); ``remove_counters`` is XOR-TyDi Full's extra
  rule (``evals/eval_xor_full.py``).
- :data:`ARTICLES` follows the MLQA evaluation script
  (github.com/facebookresearch/MLQA ``mlqa_evaluation_v1.py``) for es, de, vi,
  with two deliberate differences described at :func:`remove_articles`.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import regex

# --- Unicode normal forms and case -------------------------------------------


def nfc(text: str) -> str:
    """Unicode canonical composition (NFC).

    >>> nfc("e\\u0301") == "\\u00e9"
    True
    """
    return unicodedata.normalize("NFC", text)


def nfkc(text: str) -> str:
    """Unicode compatibility composition (NFKC): folds full-width forms,
    ligatures, circled digits and the like.

    >>> nfkc("ＡＢＣ１２３ ﬁ ①")
    'ABC123 fi 1'
    """
    return unicodedata.normalize("NFKC", text)


def lower(text: str) -> str:
    """Python's ``str.lower`` (what SQuAD-style scorers use), a long text's
    with little memory (:func:`case_mapped`).

    >>> lower("Straße")
    'straße'
    """
    return case_mapped(text, str.lower)


def casefold(text: str) -> str:
    """Unicode full case folding (``str.casefold``), a long text's with
    little memory (:func:`case_mapped`).

    >>> casefold("Straße ΣΊΣΥΦΟΣ")
    'strasse σίσυφοσ'
    """
    return case_mapped(text, str.casefold)


#: Texts longer than this many characters are case-mapped a piece at a time.
CASE_PIECE_CHARS = 1 << 16


def case_mapped(text: str, mapping: Callable[[str], str]) -> str:
    """``mapping(text)`` for ``str.lower`` or ``str.casefold``, with little
    memory on a long text that is not ASCII.

    CPython maps the case of such a text through a buffer of three UCS-4
    code points a character (12 bytes a character, 4 a byte of UTF-8 for
    Japanese, 12 for Latin text with one accent) before it makes the
    result. A text of more than :data:`CASE_PIECE_CHARS` characters is
    mapped a piece of that size at a time instead, the same result: no
    mapping reads a neighbouring character but ``str.lower``'s final
    sigma (a text with a capital sigma is lowered at once). The text
    itself is given back when no piece changes (Japanese, Chinese, Thai
    without Latin letters); otherwise the result is joined from the
    mapped pieces.

    >>> case_mapped("ÉTÉ " * 20_000, str.lower) == ("ÉTÉ " * 20_000).lower()
    True
    >>> text = "東京" * 40_000
    >>> case_mapped(text, str.casefold) is text
    True
    """
    size = CASE_PIECE_CHARS
    if len(text) <= size or text.isascii() or (mapping is str.lower and "\u03a3" in text):
        return mapping(text)
    start = 0
    while start < len(text):
        piece = text[start : start + size]
        mapped = mapping(piece)
        if mapped != piece:
            break
        start += size
    else:
        return text
    del piece
    parts = [text[:start], mapped]
    del mapped
    parts += [mapping(text[at : at + size]) for at in range(start + size, len(text), size)]
    return "".join(parts)


# --- patterns of the ``regex`` package ---------------------------------------------

# Compiled on first use (:func:`_pattern`): importing ``regex`` and compiling
# these Unicode classes takes about 20 ms at start, which the official rules
# of most tasks (plain ``str`` methods and Python ``re``) never need. Outside
# this module they read as attributes (``steps._NOISE``), compiled then.

# Arabic's optional vowel and reading marks (harakat, tanwin, shadda, sukun,
# dagger alef, Quranic annotation marks); with the tatweel (kashida) that
# only stretches a line, they are what strip_arabic_diacritics drops.
# Maddah/hamza above and below (U+0653..U+0655) are kept: they are part of
# letters (آ أ إ), not vowels.
ARABIC_DIACRITICS = (
    "\u0610-\u061a\u064b-\u0652\u0656-\u065f\u0670"
    "\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed"
)
# Hebrew's optional points: cantillation marks (U+0591..U+05AF), vowel points
# (niqqud), dagesh, rafe, shin and sin dots, the upper and lower dots and
# qamats qatan; the punctuation of the block (maqaf, paseq, sof pasuq, nun
# hafukha) is not here (it is punctuation, deleted as such).
HEBREW_POINTS = "\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7"
_SOURCES: dict[str, tuple[str, int]] = {
    # half-width katakana take their voiced marks as separate characters
    "_KANA_VOICED": (r"[\u3040-\u30ff][\u3099\u309a]", 0),
    "_UNICODE_PUNCT": (r"\p{P}+", 0),
    "_UNICODE_PUNCT_OR_SYMBOL": (r"[\p{P}\p{S}]+", 0),
    "_INVISIBLE": (r"\p{Default_Ignorable_Code_Point}+", 0),
    "_ARABIC_MARKS": (f"[{ARABIC_DIACRITICS}\u0640]+", 0),
    "_HEBREW_POINTS": (f"[{HEBREW_POINTS}]+", 0),
    "_NOISE": (
        rf"[\p{{P}}\p{{S}}\p{{Default_Ignorable_Code_Point}}{ARABIC_DIACRITICS}\u0640"
        rf"{HEBREW_POINTS}]+",
        0,
    ),
    # Greek accents and breathings (every combining mark but the diaeresis)
    # on a Greek letter, in decomposed text
    "_GREEK_ACCENTS": (r"(?<=\p{Greek}\p{M}*)[\u0300-\u0307\u0309-\u036f]+", 0),
    # Arabic's definite article is the prefix "ال". Every leading repetition
    # is stripped at once, as long as two letters remain, so the rule is a
    # projection (again changes nothing: "الالعب" -> "عب" in one go)
    "_AR_ARTICLE": (r"(?<![\w\p{M}])(?:ال)+(?=\p{L}\p{M}*\p{L})", 0),
}


@cache
def _pattern(name: str) -> regex.Pattern[str]:
    """The compiled pattern of :data:`_SOURCES` ``name``."""
    import regex

    source, flags = _SOURCES[name]
    return regex.compile(source, flags)


def __getattr__(name: str) -> Any:
    if name in _SOURCES:
        return _pattern(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- width --------------------------------------------------------------------

# Every code point whose decomposition is tagged <wide> or <narrow> lies in
# U+3000 or U+FF00..U+FFEF (checked over all of Unicode in the tests).
_WIDTH_TABLE: dict[int, str] = {}
for _cp in (0x3000, *range(0xFF00, 0xFFF0)):
    _tag, _, _target = unicodedata.decomposition(chr(_cp)).partition(" ")
    if _tag in ("<wide>", "<narrow>"):
        _WIDTH_TABLE[_cp] = "".join(chr(int(h, 16)) for h in _target.split())


def fold_width(text: str) -> str:
    """Fold full-width and half-width forms to their ordinary width and
    nothing else (unlike NFKC, which also folds ligatures, circled and
    superscript digits, compatibility ideographs...).

    >>> fold_width("Ｔｏｋｙｏ　２０２０ ﾄｳｷｮｳ")
    'Tokyo 2020 トウキョウ'
    """
    text = text.translate(_WIDTH_TABLE)
    # half-width katakana take their voiced marks as separate characters;
    # once folded, compose the pair the way NFC would (カ + U+3099 -> ガ)
    return _pattern("_KANA_VOICED").sub(lambda m: nfc(m.group()), text)


# --- punctuation, symbols, invisible characters --------------------------------


@cache
def deleter(chars: str) -> Callable[[str], str]:
    """A function that deletes every character of ``chars`` from a text:
    ``text.translate(str.maketrans("", "", chars))``, without that method's
    dictionary lookup per character (an ASCII text goes through
    ``bytes.translate``, any other through a character class of ``re``,
    the characters beyond U+FFFF in a second class tried only on a text
    that holds one: ``re`` tests those ranges one by one; 2 to 6 times
    faster on answers). A long text that is not ASCII goes through ``re``
    a piece of :data:`CASE_PIECE_CHARS` characters at a time (``re.sub``
    holds a string object for each stretch between two deleted
    characters, about 60 bytes apiece, before it joins them).

    >>> deleter("!?年")("Tokyo 1990年!"), deleter("")("a!"), deleter("\U0001d100")("a\U0001d100")
    ('Tokyo 1990', 'a!', 'a')
    """
    if not chars:
        return str
    ascii_bytes = "".join(c for c in chars if c.isascii()).encode("ascii")
    points = sorted(set(map(ord, chars)))
    wide = [point for point in points if point > 0xFFFF]
    narrow = _class([point for point in points if point <= 0xFFFF])
    beyond = _class(wide)

    def delete(text: str) -> str:
        if text.isascii():
            return text.encode().translate(None, ascii_bytes).decode()
        size = CASE_PIECE_CHARS
        if len(text) > size:  # each character deleted or kept alone: any cut will do
            return "".join([delete(text[at : at + size]) for at in range(0, len(text), size)])
        if narrow is not None:
            text = narrow("", text)
        if beyond is not None and _BEYOND_BMP(text) is not None:
            text = beyond("", text)
        return text

    return delete


_BEYOND_BMP = re.compile("[\U00010000-\U0010ffff]").search


def _class(points: list[int]) -> Callable[[str, str], str] | None:
    """``re``'s ``sub`` of a class of the code points (sorted), as runs."""
    if not points:
        return None
    runs: list[str] = []
    start = previous = points[0]
    for point in [*points[1:], -1]:
        if point != previous + 1:
            first, last = re.escape(chr(start)), re.escape(chr(previous))
            runs.append(first if start == previous else f"{first}-{last}")
            start = point
        previous = point
    return re.compile("[" + "".join(runs) + "]").sub


_delete_ascii_punct = deleter(string.punctuation)


def strip_ascii_punct(text: str) -> str:
    """Drop the 32 characters of ASCII ``string.punctuation`` only (the SQuAD
    and XOR-TyDi rule: full-width and other Unicode punctuation stay).

    >>> strip_ascii_punct("«Lalka», $5.")
    '«Lalka» 5'
    """
    return _delete_ascii_punct(text)


def strip_unicode_punct(text: str) -> str:
    """Drop every character of Unicode category P (punctuation). Combining
    marks (category M), letters, digits and symbols are kept.

    >>> strip_unicode_punct("Tiếng Việt!")  # tone marks are letters or marks, not P
    'Tiếng Việt'
    """
    return _pattern("_UNICODE_PUNCT").sub("", text)


def strip_unicode_punct_and_symbols(text: str) -> str:
    """Drop Unicode punctuation (P) and symbols (S: currency, math, modifier
    symbols, emoji...). This covers all of ASCII ``string.punctuation``
    (``$ + < = > ^ ` | ~`` are symbols, not punctuation, in Unicode), so it
    removes at least what SQuAD removes. Combining marks are kept.

    >>> strip_unicode_punct_and_symbols("C++ ≈ 5°C; తెలుగు")
    'C  5C తెలుగు'
    """
    return _pattern("_UNICODE_PUNCT_OR_SYMBOL").sub("", text)


def remove_invisible(text: str) -> str:
    """Drop default-ignorable code points: soft hyphen, zero-width space and
    joiners, direction marks, byte order mark, variation selectors, Hangul
    fillers... (Unicode property ``Default_Ignorable_Code_Point``, the set
    that Unicode's own ``NFKC_Casefold`` mapping removes).

    >>> remove_invisible("Wiki\\u00adpedia\\u200b")
    'Wikipedia'
    """
    return _pattern("_INVISIBLE").sub("", text)


# --- Arabic ----------------------------------------------------------------------


def strip_arabic_diacritics(text: str) -> str:
    """Drop Arabic diacritics (:data:`ARABIC_DIACRITICS`) and tatweel ``ـ``.

    >>> strip_arabic_diacritics("الْقَاهِرَة")
    'القاهرة'
    >>> strip_arabic_diacritics("أسـوان")  # the hamza on alef stays
    'أسوان'
    """
    return _pattern("_ARABIC_MARKS").sub("", text)


# --- Hebrew, Greek, Turkish, Thai and Lao ------------------------------------------


def strip_hebrew_points(text: str) -> str:
    """Drop Hebrew niqqud and cantillation (:data:`HEBREW_POINTS`); the
    letters stay.

    >>> strip_hebrew_points("יְרוּשָׁלַיִם") == "ירושלים"
    True
    """
    return _pattern("_HEBREW_POINTS").sub("", text)


def strip_greek_accents(text: str) -> str:
    """Drop the accents and breathings of Greek letters (tonos, oxia, varia,
    perispomeni, psili, dasia...), keeping the diaeresis (``ϊ``, ``ϋ``),
    which Greek keeps in capitals; the result is NFC. Marks on other
    letters stay.

    >>> strip_greek_accents("οδός Ἀθῆναι ΐ café")
    'οδος Αθηναι ϊ café'
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", _pattern("_GREEK_ACCENTS").sub("", decomposed))


#: Turkish and Azerbaijani case pairs that differ from the default: dotted
#: ``İ``/``i`` and dotless ``I``/``ı``.
TURKIC_LANGUAGES = frozenset({"tr", "az"})
_TURKIC_LOWER = str.maketrans({"I": "ı", "\u0130": "i"})


def turkic_lower_i(text: str) -> str:
    """Lower the capital I's the Turkish way (``İ`` -> ``i``, ``I`` -> ``ı``),
    before case folding (which would give ``i̇`` and ``i``).

    >>> turkic_lower_i("DİYARBAKIR Iğdır")
    'DiYARBAKıR ığdır'
    """
    return text.translate(_TURKIC_LOWER)


_AM_PAIRS = (("\u0e4d\u0e32", "\u0e33"), ("\u0ecd\u0eb2", "\u0eb3"))


def compose_sara_am(text: str) -> str:
    """Put back Thai ``ำ`` and Lao ``ຳ`` (SARA AM), which NFKC splits into
    nikhahit + sara aa: the split form is not in dictionaries (ICU's word
    breaker no longer finds ``น้ำ``), and writers use the single character.

    >>> compose_sara_am("\u0e19\u0e49\u0e4d\u0e32") == "\u0e19\u0e49\u0e33"
    True
    """
    for pair, single in _AM_PAIRS:
        if pair in text:
            text = text.replace(pair, single)
    return text


_converters: dict[str, Any] = {}


def to_simplified(text: str) -> str:
    """Chinese Traditional characters to Simplified, by OpenCC's ``t2s``
    conversion (characters and phrases, so that one-to-many characters such
    as 乾/幹 -> 干 or 乾隆 are decided in context; no vocabulary is
    localized: 軟體 becomes 软体, not 软件). Text without Traditional
    characters is unchanged. Needs the ``opencc`` package (the ``zh``
    extra).

    >>> to_simplified("臺灣大學 乾隆 幹部")
    '台湾大学 乾隆 干部'
    """
    return _opencc("t2s", text)


def to_traditional(text: str) -> str:
    """Chinese Simplified characters to Traditional, by OpenCC's ``s2t``
    conversion (the reverse of :func:`to_simplified`, for suggesting the
    variant a gold file lacks). Needs the ``opencc`` package (the ``zh``
    extra).

    >>> to_traditional("台湾大学")
    '臺灣大學'
    """
    return _opencc("s2t", text)


def _opencc(conversion: str, text: str) -> str:
    if text.isascii():
        return text
    converter = _converters.get(conversion)
    if converter is None:
        from ..tokenizers.base import require

        converter = _converters[conversion] = require("opencc", "zh").OpenCC(conversion)
    try:
        return converter.convert(text)
    except UnicodeEncodeError:  # OpenCC reads UTF-8, which has no lone surrogates: keep them
        parts = _SURROGATES.split(text)
        return "".join(p if i % 2 else converter.convert(p) for i, p in enumerate(parts))


_SURROGATES = re.compile("([\ud800-\udfff]+)")


def strip_noise(text: str) -> str:
    """:func:`strip_unicode_punct_and_symbols`, :func:`remove_invisible`,
    :func:`strip_arabic_diacritics` and :func:`strip_hebrew_points` in one
    pass (what the ``unicode`` preset deletes). Other combining marks are
    kept.

    >>> strip_noise("«Wiki\u00adpedia»! مُحَمَّد 50 € বাংলা। שָׁלוֹם")
    'Wikipedia محمد 50  বাংলা שלום'
    """
    return _pattern("_NOISE").sub("", text)


# --- counters (XOR-TyDi Full) ------------------------------------------------------

# XOR-TyDi's eval_xor_full.py deletes these counter characters anywhere.
XOR_COUNTERS = "年歳人년"
_COUNTER_TABLE = str.maketrans("", "", XOR_COUNTERS)


def remove_counters(text: str) -> str:
    """Delete ``年 歳 人 년`` wherever they stand (XOR-Full's rule; it also
    turns ``人口`` into ``口``).

    >>> remove_counters("25歳 2010年 5人 1990년")
    '25 2010 5 1990'
    """
    return text.translate(_COUNTER_TABLE)


# --- whitespace ----------------------------------------------------------------------


def collapse_whitespace(text: str) -> str:
    """Split on any whitespace (Python ``str.split``) and join with one space.

    >>> collapse_whitespace(" Adam\\u00a0 Mickiewicz\\n")
    'Adam Mickiewicz'

    A text longer than :data:`PIECE_CHARS` is split a piece at a time, its
    equal words one string (:func:`shared_tokens`), not a list of a string
    object a word.
    """
    if len(text) <= PIECE_CHARS:
        return " ".join(text.split())
    return " ".join(shared_tokens(text, str.split))


# --- articles -------------------------------------------------------------------------

# Words that answer-span scorers drop, by language (whole words, any case).
# en is SQuAD's; es, de and vi are the MLQA evaluation's lists (for vi they
# are not articles but a possessive, the copula, two classifiers and a plural
# marker, which annotators include or leave out of spans inconsistently); fr
# is the library's own. ar is handled separately (a prefix, see below).
# Languages not listed (hi, zh, ja, ko, pl, ru, fi, bn, te...) have no articles.
ARTICLES: dict[str, tuple[str, ...]] = {
    "en": ("a", "an", "the"),
    "es": ("un", "una", "unos", "unas", "el", "la", "los", "las"),
    "de": ("ein", "eine", "einen", "einem", "eines", "einer", "der", "die", "das", "den",
           "dem", "des"),
    "fr": ("un", "une", "le", "la", "les"),
    "vi": ("của", "là", "cái", "chiếc", "những"),
}  # fmt: skip


@cache
def _article_pattern(lang: str) -> regex.Pattern[str] | None:
    """The articles of ``lang`` as a pattern, or ``None``. A word here is a
    run of letters, digits, marks and connector punctuation (regex's ``\\w``
    includes marks); an article must stand between non-word characters so
    that "thé", "the\\u0301" and "lasagne" keep their letters."""
    words = ARTICLES.get(lang)
    if words is None:
        return None
    import regex

    return regex.compile(r"(?<![\w\p{M}])(?:" + "|".join(words) + r")(?![\w\p{M}])", regex.I)


#: Articles that elide before a vowel and stay on the word with an
#: apostrophe (``l'homme``, ``l’Europe``), by language; punctuation removal
#: would otherwise glue them on (``lhomme``).
ELIDED_ARTICLES: dict[str, tuple[str, ...]] = {"fr": ("l",)}


@cache
def _elision_pattern(lang: str) -> re.Pattern[str] | None:
    letters = ELIDED_ARTICLES.get(lang)
    if letters is None:
        return None
    return re.compile(r"(?<![^\W_])(?:" + "|".join(letters) + r")['’](?=[^\W_])", re.I)


def remove_elided_articles(text: str, lang: str | None = "fr") -> str:
    """Drop the elided articles of ``lang`` (:data:`ELIDED_ARTICLES`) with
    their apostrophe, at the start of a word and before a letter or digit;
    other languages pass through. It runs before punctuation is removed.

    >>> remove_elided_articles("L'homme de l’Europe", "fr")
    'homme de Europe'
    >>> remove_elided_articles("aujourd'hui, l'", "fr")  # inside a word, or at the end: kept
    "aujourd'hui, l'"
    """
    pattern = _elision_pattern(lang or "")
    return text if pattern is None else pattern.sub("", text)


def remove_articles(text: str, lang: str | None = "en") -> str:
    """Replace the articles of ``lang`` (:data:`ARTICLES`) by a space, whole
    words only, in any case; for Arabic, strip the word-initial prefix ``ال``
    from words that keep at least two letters. Other languages pass through.

    Differences from MLQA's script: its Arabic pattern deletes ``ال``
    *anywhere* in a word (``مالك`` loses its middle), here only the prefix
    goes; and a word boundary here also respects combining marks (Python's
    ``\\b`` sees one between ``e`` and a combining accent).

    >>> remove_articles("The Eiffel tower", "en")
    '  Eiffel tower'
    >>> remove_articles("la casa de los espíritus", "es")
    '  casa de   espíritus'
    >>> remove_articles("العربية", "ar")
    'عربية'
    >>> remove_articles("東京", "ja")
    '東京'
    """
    if lang == "ar":
        return _pattern("_AR_ARTICLE").sub("", text)
    pattern = _article_pattern(lang or "")
    return text if pattern is None else pattern.sub(" ", text)


# SQuAD's own rule, exactly: Python re with its Unicode \b, case-sensitive
# (it runs after lower()). Official scorers need this one, not the above.
SQUAD_ARTICLES = re.compile(r"\b(a|an|the)\b")


def squad_articles(text: str, lang: str | None = None) -> str:
    """SQuAD v1.1 / XOR-EnglishSpan article rule: replace the words ``a``,
    ``an``, ``the`` (Python ``re``, Unicode ``\\b``, case-sensitive) by a space,
    whatever the language ``lang`` (taken as article rules take it).

    >>> squad_articles("the answer is a tie")
    '  answer is   tie'
    """
    return SQUAD_ARTICLES.sub(" ", text)


def without_articles(pattern: re.Pattern[str]) -> Callable[[str], list[str]]:
    """``text -> pattern.sub(" ", text).split()`` for an article pattern
    ``\\b(w1|w2|...)\\b`` of plain words, faster: when every whitespace token
    is made of word characters only (``str.isalnum``, which is what ``re``
    calls a word character once ``_`` is gone), ``\\b`` holds only at the
    tokens' ends, so the pattern removes exactly the tokens equal to an
    article; other texts go through the pattern itself.

    >>> split = without_articles(SQUAD_ARTICLES)
    >>> split("the band an anthem a"), split("l’the the’s")
    (['band', 'anthem'], ['l’', '’s'])
    """
    sub = pattern.sub
    articles = frozenset(pattern.pattern[len(r"\b(") : -len(r")\b")].split("|"))

    def split(text: str) -> list[str]:
        words = text.split()
        if "".join(words).isalnum():
            if articles.isdisjoint(words):
                return words
            return [w for w in words if w not in articles]
        return sub(" ", text).split() if words else words

    return split


#: SQuAD's article rule then ``str.split``, fast (see :func:`without_articles`)
squad_article_split = without_articles(SQUAD_ARTICLES)


#: :func:`tokens_by_pieces` cuts texts longer than this many characters.
PIECE_CHARS = 1 << 16
#: How many distinct tokens of one text :func:`tokens_by_pieces` shares.
SHARED_TOKENS = 1 << 16

_SPACE = re.compile(r"\s")
#: An ASCII space: where :func:`pieces` cuts a text for rules that read
#: nothing across one (see :func:`answermatch.normalization.parts_normalizer`).
ASCII_SPACE = re.compile(" ")
#: How many ASCII letters stand on each side of a place inside a word where
#: :func:`in_letters` cuts a long text: more than any rule that may read
#: across such a place looks at (an article is at most five letters).
LETTER_MARGIN = 16


def in_letters(at: re.Pattern[str] | None = None) -> re.Pattern[str]:
    """Where :func:`pieces` may cut a long text for rules that read no
    further than :data:`LETTER_MARGIN` characters into a run of ASCII
    letters: just before a match of ``at`` (``None``: whitespace), or
    inside a run of ASCII letters, with at least :data:`LETTER_MARGIN` of
    them on each side. A piece cut there starts inside a word
    (:func:`starts_in_word`): its first token continues the last token of
    the piece before it. ``at`` never matches just before an ASCII letter.
    A piece is at least :data:`PIECE_CHARS` long (but the last, which ends
    the text), so the margins lie within the pieces; where
    :data:`PIECE_CHARS` is smaller than :data:`LETTER_MARGIN` (a test's
    tiny pieces), ``at`` alone.

    >>> [len(p) for p in pieces("x" * (PIECE_CHARS + 40), in_letters())]
    [65536, 40]
    >>> starts_in_word("xy z"), starts_in_word(" z")
    (True, False)
    """
    cut = _SPACE if at is None else at
    if PIECE_CHARS < LETTER_MARGIN:  # a piece would be shorter than the margin (tests)
        return cut
    letters = f"(?<=[A-Za-z]{{{LETTER_MARGIN}}})(?=[A-Za-z]{{{LETTER_MARGIN}}})"
    return _letters_or(cut, letters)


@cache
def _letters_or(cut: re.Pattern[str], letters: str) -> re.Pattern[str]:
    return re.compile(f"(?:{cut.pattern})|{letters}")


class Continued(list):  # type: ignore[type-arg]
    """A list of a piece's tokens whose first token continues the last
    token of the list before it (the piece was cut inside a word by
    :func:`in_letters`): what a function of a long text's tokens given a
    list at a time gives for such a piece.

    >>> Continued(["ab", "c"]) == ["ab", "c"], type(Continued([])) is Continued
    (True, True)
    """

    __slots__ = ()


def starts_in_word(piece: str) -> bool:
    """Whether a piece of a text cut at :func:`in_letters` was cut inside a
    word (it starts with an ASCII letter: no other place it is cut at is
    just before one)."""
    return piece[:1].isascii() and piece[:1].isalpha()


def tokens_by_pieces(
    text: str, tokens: Callable[[str], Sequence[str]], at: re.Pattern[str] | None = None
) -> tuple[str, ...]:
    """``tuple(tokens(text))`` for a ``tokens`` function that reads each
    whitespace-separated stretch of a text on its own (lower-casing,
    deleting characters, dropping whole words, splitting on whitespace:
    SQuAD's normalization and split), with little memory on long texts.
    ``at``: where else a text may be cut (just before a match: jieba's
    words, which never span a character outside its word pattern).

    A text of at most :data:`PIECE_CHARS` characters is tokenized at once.
    A longer one is cut at whitespace into pieces of about that size, each
    tokenized alone (which gives the same tokens, since nothing reads
    across whitespace), and equal tokens share one string (the first
    :data:`SHARED_TOKENS` distinct ones): what is held is the tuple (8
    bytes a token) and the distinct tokens, not a string object per token
    and the normalized text beside them.

    >>> tokens_by_pieces("The cat, the hat", lambda t: t.lower().split())
    ('the', 'cat,', 'the', 'hat')
    """
    if len(text) <= PIECE_CHARS:
        return tuple(tokens(text))
    return tuple(shared_tokens(text, tokens, at))


def shared_tokens(
    text: str, tokens: Callable[[str], Sequence[str]], at: re.Pattern[str] | None = None
) -> Iterator[str]:
    """The tokens of ``text`` cut in pieces (at whitespace, or just before
    a match of ``at``), each piece's tokens made by ``tokens``, equal
    tokens sharing one string (the first :data:`SHARED_TOKENS` distinct
    ones): what :func:`tokens_by_pieces` gives of a long text, for a caller
    that keeps them otherwise (a tokenizer's list).

    >>> list(shared_tokens("a b a", str.split))
    ['a', 'b', 'a']
    """
    shared: dict[str, str] = {}

    def piece_tokens(piece: str) -> list[str]:
        found = tokens(piece)
        if len(shared) < SHARED_TOKENS:
            return list(map(shared.setdefault, found, found))
        return list(map(shared.get, found, found))

    return chain.from_iterable(map(piece_tokens, _pieces(text, at)))


def emptied(items: list[str]) -> Iterator[str]:
    """The items of a list, first to last, each dropped from the list as it
    is given (the list is empty at the end): a consumer that joins or
    reads them holds them, the caller no longer (the parts of a long text).

    >>> parts = ["a", "b"]
    >>> "".join(emptied(parts)), parts
    ('ab', [])
    """
    items.reverse()
    while items:
        yield items.pop()


def pieces(text: str, at: re.Pattern[str] | None = None) -> Iterator[str]:
    """``text`` in pieces of about :data:`PIECE_CHARS` characters, each cut
    just before a whitespace character (as :meth:`str.split` sees it), so
    that no word is cut: what :func:`tokens_by_pieces` tokenizes one by one;
    or, where ``at`` is given, just before a match of ``at``.

    >>> list(pieces("a b"))
    ['a b']
    """
    return _pieces(text, at)


def _pieces(text: str, at: re.Pattern[str] | None = None) -> Iterator[str]:
    """``text`` in pieces of about :data:`PIECE_CHARS` characters, each cut
    just before a whitespace character (so no word is cut), or a match of
    ``at`` where given."""
    cut = _SPACE if at is None else at
    start, size = 0, len(text)
    while start < size:
        end = start + max(PIECE_CHARS, 1)  # a piece is never empty (else no progress)
        found = cut.search(text, end) if end < size else None
        while at is None and found is not None and not text[found.start()].isspace():
            found = _SPACE.search(text, found.start() + 1)  # as str.split
        end = size if found is None else found.start()
        yield text[start:end]
        start = end


# --- NFKC a piece at a time ------------------------------------------------------


def nfkc_casefold_parts(parts: Iterable[str]) -> Iterator[str]:
    """NFKC, full case folding and NFKC again (the folding of PolEval 2021's
    and XOR-Retrieve's ``fair`` profiles) of the text that ``parts`` make
    when joined (cut anywhere), in pieces that join into it: a long text, a run of letters
    or of Japanese without a space among them, folded without a copy of
    the whole at any step.

    Case folding maps one character at a time (it has no final sigma), so
    any cut will do for it. NFKC is taken piece by piece by
    :func:`nfkc_pieces`, cut only before a character that NFKC never joins
    to what precedes it.

    >>> "".join(nfkc_casefold_parts(["ＣＯＶ", "ＩＤ Stra", "ße e", "\\u0301"]))
    'covid strasse é'
    """
    return nfkc_pieces(map(str.casefold, nfkc_pieces(parts)))


def nfkc_pieces(parts: Iterable[str]) -> Iterator[str]:
    """NFKC of the text that ``parts`` make, in pieces: cut just before the
    last character of each part (of the text held since the last cut) that
    starts anew (:func:`starts_anew`).

    Why such a cut changes nothing: NFKC decomposes each character alone,
    reorders runs of combining marks (which a starter ends), then composes
    each starter with the characters after it that it is not blocked from.
    A character ``c`` that starts anew decomposes to a starter ``s`` first,
    so no reordering crosses it; ``s`` is the second of no composition, so
    it is not composed with the starter before it; and every character
    after ``s`` is blocked from that starter by ``s`` (a starter between
    them). So the normal form of the text is that of the text before ``c``
    followed by that of the text from ``c`` on.

    >>> list(nfkc_pieces(["ｶ", "\\u3099x", "e\\u0301"]))  # ｶ and a voicing mark: ガ
    ['ガ', 'x', 'é']
    """
    normalize = unicodedata.normalize
    anew = starts_anew
    held = ""
    for part in parts:
        cut = len(part) - 1
        while cut >= 0 and not anew(part[cut]):
            cut -= 1
        if cut < 0 or (cut == 0 and not held):  # no cut with text before it: wait
            held += part
            continue
        piece = held + part[:cut]
        held = part[cut:]
        yield normalize("NFKC", piece)
    if held:
        yield normalize("NFKC", held)


@cache
def starts_anew(char: str) -> bool:
    """Whether NFKC never joins ``char`` to the characters before it: it and
    the first character of its compatibility decomposition are starters
    (canonical combining class 0) that are the second of no canonical
    composition (:func:`composition_seconds`).

    >>> starts_anew("a"), starts_anew("ｶ"), starts_anew("\\u0301"), starts_anew("\\u1161")
    (True, True, False, False)
    """
    first = unicodedata.normalize("NFKD", char)[0]
    seconds = composition_seconds()
    return not (
        unicodedata.combining(char)
        or unicodedata.combining(first)
        or char in seconds
        or first in seconds
    )


@lru_cache(maxsize=1)
def composition_seconds() -> frozenset[str]:
    """The characters that NFKC may compose with a character before them:
    the second of every canonical decomposition of two characters in the
    running Python's Unicode data, and Hangul's medial vowels and final
    consonants (whose compositions are not listed there). Made on first use
    (a look at every code point, about 0.3 s)."""
    found = {chr(point) for point in range(0x1161, 0x1176)}  # Hangul medial vowels
    found.update(chr(point) for point in range(0x11A8, 0x11C3))  # final consonants
    decomposition = unicodedata.decomposition
    for point in range(0x110000):
        fields = decomposition(chr(point)).split()
        if len(fields) == 2 and not fields[0].startswith("<"):
            found.add(chr(int(fields[1], 16)))
    return frozenset(found)
