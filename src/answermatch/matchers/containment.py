"""Containment: a gold answer found as whole words inside a longer answer.

A generated answer ("The first Nobel Prize in Physics went to Wilhelm
Röntgen") contains the gold when the gold's text occurs in it *as words of
the language*, not merely as characters: "HIV" is not in "Chivas", "1972"
is not in "19725", "تسع" (nine) is not in "التسعينيات" (the nineties).

Both texts are first prepared the same way (:func:`prepare_text`): NFKC,
case folding, Arabic diacritics and invisible characters removed,
punctuation and symbols turned into spaces (so word boundaries survive;
``.`` and ``,`` between two digits stay, since ``3.5`` is not ``35``), the
language's articles dropped, whitespace collapsed. Letters and combining
marks are never deleted (``काम`` stays different from ``कम``).

An occurrence of the prepared gold counts when both of its edges are word
edges. An edge is a word edge at a space or the end of the text, between
two scripts (``東京都です``: kanji then hiragana; ``1972年``: digits then
kanji), and never inside a grapheme cluster (before a combining mark).
Between two letters (or digits) of one script it is a word edge only where
the language says so:

- spaced scripts (Latin, Cyrillic, Greek, Devanagari...): never, except
  after the prefixes the language attaches to words (Arabic ``و ب ل ك ف
  ال``, Hebrew ``ה ו ב ל מ ש כ``) and before the suffixes it attaches
  (Korean particles and the copula: ``서울입니다``, ``서울에서``; the
  Turkish apostrophe of ``Ankara'dır`` is already a space);
- Chinese and Japanese (and Thai, Lao, Khmer, Burmese when a segmenter for
  them is installed): where the language's tokenizer puts a word boundary
  in the prediction, or before a suffix of the language (``北京市``,
  ``東京都``); with no language given, Chinese characters are compared as
  characters;
- Thai, Lao, Khmer and Burmese without a segmenter: at syllable-like
  boundaries (never before a vowel sign or tone mark, never after a
  leading vowel).

>>> from answermatch.matchers import contains_match
>>> contains_match("The first prize went to Wilhelm Röntgen in 1901.", ["Röntgen"])
1.0
>>> contains_match("Chivas Regal", "HIV"), contains_match("in 19725", "1972")
(0.0, 0.0)
>>> contains_match("答えは東京都です。", "東京都", lang="ja")
1.0
>>> contains_match("정답은 서울입니다.", "서울", lang="ko")
1.0
>>> contains_match("서울대학교", "서울", lang="ko")  # Seoul National University
0.0
"""

from __future__ import annotations

import re
import string
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache, partial

import regex

from ..normalization import steps as _steps
from ._inputs import as_golds, check_text, golds_language

__all__ = ["contains_match", "find_contained", "occurrences", "prepare_text"]

# --- preparing a text ------------------------------------------------------------------

# punctuation (but "." and ","), symbols, invisible characters -> a space
_SEPARATORS = regex.compile(r"[\p{S}\p{Default_Ignorable_Code_Point}\p{P}--[.,]]+", regex.V1)
# "." and "," -> a space, except between two digits (a decimal or grouping mark)
_LOOSE_MARKS = re.compile(r"[.,](?!(?<=\d.)\d)")
# the punctuation and symbols of ASCII but "." and ",", as a table for bytes
_ASCII_PUNCTUATION = "".join(c for c in string.punctuation if c not in ".,").encode()
_ASCII_SEPARATORS = bytes.maketrans(_ASCII_PUNCTUATION, b" " * len(_ASCII_PUNCTUATION))
_ARABIC_MARKS = regex.compile("[\u0610-\u061a\u064b-\u0652\u0656-\u065f\u0670\u06d6-\u06dc"
                              "\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed\u0640]+")  # fmt: skip

# articles dropped as whole words, by language (English also when no
# language is given, as SQuAD does)
_ARTICLES: dict[str | None, frozenset[str]] = {
    None: frozenset(("a", "an", "the")),
    "en": frozenset(("a", "an", "the")),
    "es": frozenset(("el", "la", "los", "las", "un", "una", "unos", "unas")),
    "fr": frozenset(("le", "la", "les", "l", "un", "une")),
    "it": frozenset(("il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una")),
    "pt": frozenset(("o", "a", "os", "as", "um", "uma")),
    "de": frozenset(
        ("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer")
    ),
    "nl": frozenset(("de", "het", "een")),
}


# Spelling variants a reader does not count as different, by language:
# Arabic hamza seats, alef maqsura and ta marbuta (أحمد = احمد, مكة = مكه);
# Hebrew points (niqqud) and cantillation marks; Greek accents, which
# capitals drop (ΟΔΟΣ = οδός).
_ARABIC_LETTERS = str.maketrans("أإآٱىة", "اااايه")
_HEBREW_POINTS = regex.compile("[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]+")
_GREEK_ACCENTS = regex.compile("(?<=\\p{Greek})[\u0301\u0308\u0342\u0313\u0314\u0345]+")


def _fold(lang: str | None) -> Callable[[str], str]:
    """Case folding for ``lang``, with the language's spelling variants:
    Turkish and Azeri dotted and dotless i folded as those languages write
    them; Arabic letter variants, Hebrew points and Greek accents
    (:data:`_ARABIC_LETTERS`...) folded; full case folding for every
    language."""
    if lang in ("tr", "az"):
        table = str.maketrans({"I": "ı", "İ": "i"})
        return lambda text: text.translate(table).casefold()
    if lang in ("ar", "fa", "ur"):
        return lambda text: text.casefold().translate(_ARABIC_LETTERS)
    if lang == "he":
        return lambda text: _HEBREW_POINTS.sub("", text.casefold())
    if lang == "el":
        normalize = unicodedata.normalize

        def greek(text: str) -> str:
            text = _GREEK_ACCENTS.sub("", normalize("NFD", text.casefold()))
            return normalize("NFC", text)

        return greek
    return str.casefold


@lru_cache(maxsize=64)
def _piece_preparer(lang: str | None) -> Callable[[str], str]:
    """:func:`prepare_text` for ``lang``, a text at once."""
    fold = _fold(lang)
    # " the " -> " ", as often as it occurs (str.replace skips overlaps)
    articles = tuple(f" {word} " for word in sorted(_ARTICLES.get(lang, ())))
    to_normal = unicodedata.normalize
    sub_separators = _SEPARATORS.sub
    sub_marks = _LOOSE_MARKS.sub
    sub_arabic = _ARABIC_MARKS.sub
    arabic = lang in (None, "ar", "fa", "ur")

    def prepare(text: str, ascii: bool | None = None) -> str:
        # (a piece of a long text as the whole is: Turkish folds an ASCII I
        # to ı, which the ASCII path, taken only for an ASCII text, does not)
        if text.isascii() if ascii is None else ascii:
            text = text.lower().encode().translate(_ASCII_SEPARATORS).decode()
        else:
            text = fold(to_normal("NFKC", text))
            if arabic:
                text = sub_arabic("", text)
            text = to_normal("NFC", sub_separators(" ", text))
        # the usual places of "." and "," first (before a space, at the end);
        # the pattern only for what is left
        text = text.replace(". ", " ").replace(", ", " ").rstrip(".,")
        if "." in text or "," in text:
            text = sub_marks(" ", text)
        text = " ".join(text.split())
        if articles:
            text = f" {text} "
            for article in articles:
                while article in text:
                    text = text.replace(article, " ")
            text = text[1:-1]
        return text

    return prepare


@lru_cache(maxsize=64)
def _preparer(lang: str | None) -> Callable[[str], str]:
    """:func:`prepare_text` for ``lang``: a long text piece by piece,
    without a list of its words, cut just before ASCII spaces (NFKC and
    NFC have a boundary on both sides of a space, a starter composing with
    nothing; folding, spelling variants and separators go character by
    character, and a space is no Greek letter nor Hebrew point; a space
    stays until whitespace is collapsed; "." and "," become a space unless
    between two digits, which the end of a piece gives too; articles are
    whole words) and also, where it has none, between two firm
    characters or runs of them
    (:func:`~answermatch.normalization.joined_parts`): each step maps a
    firm character, or an ASCII letter or digit, alone to one character
    of the same kind (case folding lowers ASCII letters, Turkish ``I`` to
    ``ı``; the others are kept), which NFKC, NFD (Greek) and NFC keep
    starters that compose with nothing before them; separators, marks and
    points go character by character and are none of these; "." and ","
    read a digit on each side and a piece cut there ends and starts with
    none; an article is a whole word, of fewer letters than a run
    (:data:`~answermatch.normalization.FIRM_RUN`). The tests compare the
    pieces with the whole text."""
    from ..normalization import joined_parts

    prepare_piece = _piece_preparer(lang)

    def prepare(text: str) -> str:
        if len(text) <= _steps.PIECE_CHARS:
            return prepare_piece(text)
        # grown part by part (CPython extends a string held once in place),
        # not joined from a list of the parts: never two copies at once
        prepared = ""
        for part in joined_parts(text, partial(prepare_piece, ascii=text.isascii())):
            prepared += part
            del part
        return prepared

    return prepare


def prepare_text(text: str, lang: str | None = None) -> str:
    """``text`` as containment compares it: NFKC, case folding, Arabic
    diacritics and invisible characters removed, punctuation and symbols
    turned into spaces (``.`` and ``,`` between digits kept), articles of
    the language dropped, whitespace collapsed.

    >>> prepare_text("The U.S. Navy's 3.5-inch gun, (1972)")
    'u s navy s 3.5 inch gun 1972'
    >>> prepare_text("L'Everest, le plus haut", lang="fr")
    'everest plus haut'
    """
    from ..languages import optional_language

    check_text(text, "text")
    return _preparer(optional_language(lang))(text)


# --- word edges ----------------------------------------------------------------------

# script classes of a character (0: other letter of a spaced script)
_SPACE, _DIGIT, _MARK, _LETTER, _HAN, _KANA, _HANGUL, _SEA, _OTHER = range(9)
_UNSPACED_SCRIPTS = {
    "Han": _HAN,
    "Hiragana": _KANA,
    "Katakana": _KANA,
    "Hangul": _HANGUL,
    "Thai": _SEA,
    "Lao": _SEA,
    "Khmer": _SEA,
    "Myanmar": _SEA,
}
_SCRIPT = regex.compile(
    r"(\p{Han})|(\p{Hiragana}|\p{Katakana}|\u30fc)|(\p{Hangul})|(\p{Thai}|\p{Lao}|\p{Khmer}|\p{Myanmar})"
)


@lru_cache(maxsize=4096)
def _class(char: str) -> tuple[int, str]:
    """(class, script name for letters) of one character."""
    if char == " ":
        return _SPACE, ""
    if char.isdecimal():
        return _DIGIT, ""
    category = unicodedata.category(char)
    if category[0] == "M":
        return _MARK, ""
    found = _SCRIPT.match(char)
    if found is not None:
        index = found.lastindex or 0
        return (_HAN, _KANA, _HANGUL, _SEA)[index - 1], "Han" if index == 1 else char
    if category[0] == "L":
        try:
            script = unicodedata.name(char).split(" ", 1)[0]
        except ValueError:
            script = ""
        return _LETTER, script
    return _OTHER, ""


# Thai and Lao vowels written before their consonant: a word never ends
# right after one
_LEADING_VOWELS = frozenset("เแโใไເແໂໃໄ")
# vowel signs that follow their consonant as spacing letters: a word never
# starts with one
_FOLLOWING_VOWELS = frozenset("ะาำๅๆฯະາຳ")

# Prefixes written joined to the next word, by language
_PREFIXES: dict[str, regex.Pattern[str]] = {
    "ar": regex.compile(r"(?:[وف]?(?:[بلك]|ال|بال|لل|وال|كال)|[وف])$"),
    "fa": regex.compile(r"(?:ب|ن|می)$"),
    "he": regex.compile(r"(?:[ובכלמשה]{1,3})$"),
}

# Particles, copulas and endings written joined after a word, by language:
# what may follow a gold inside the same word
_KO_ENDINGS = (
    "이었습니다", "였습니다", "입니다", "이에요", "이예요", "예요", "이었다", "였다", "이다",
    "이며", "이고", "이라고", "라고", "이라는", "라는", "이란", "란", "이지만", "이죠", "죠",
    "이야", "야", "이나", "나", "인", "에서는", "에서", "에게서", "에게", "께서", "께", "한테",
    "으로는", "으로", "로는", "로", "에는", "에도", "에", "은", "는", "이", "가", "을", "를",
    "의", "와", "과", "도", "만", "까지", "부터", "보다", "처럼", "이랑", "랑", "하고", "님",
    "씨", "요", "다", "입니까", "이니까", "라서", "이라서", "이므로", "으로서", "로서", "시",
)  # fmt: skip
_SUFFIXES: dict[str, regex.Pattern[str]] = {
    "ko": regex.compile("(?:" + "|".join(sorted(_KO_ENDINGS, key=len, reverse=True)) + ")+"),
    # administrative units and titles, which name the same place or person
    # (not 人, 語, 駅: 日本人, 日本語 and 東京駅 are not Japan or Tokyo)
    "ja": regex.compile(r"(?:都|府|県|市|区|町|村|さん|氏|様|君)"),
    "zh": regex.compile(r"(?:市|省|县|縣|区|區|镇|鎮|村|先生|女士)"),
    # case endings written on the word, the word's stem unchanged
    "fi": regex.compile(
        r"(?:ssa|ssä|sta|stä|lla|llä|lta|ltä|lle|ksi|na|nä|n|a|ä|in|hin|han|hen|hon|aan|ään)"
    ),
    "hu": regex.compile(
        r"(?:ban|ben|ba|be|ból|ből|ra|re|ról|ről|on|en|ön|nak|nek|val|vel|hoz|hez|höz|tól|től"
        r"|ig|ot|et|öt|at|t|i|ban|ként)"
    ),
}


# One-character function words a segmenter may glue to the next word
# (jieba: "于长江"); a word may start right after them
_JOINED_BEFORE = {"zh": "是于在为了和与及到从由被把叫称即乃系"}


class _Edges:
    """Decides whether a position of a prepared prediction is a word edge;
    the segmenter's boundaries are found when first needed, in the
    stretch of the text around the position that the segmenter reads on
    its own (:meth:`cut`)."""

    __slots__ = ("_chunks", "_cut_span", "_cuts", "lang", "text")

    def __init__(self, text: str, lang: str | None) -> None:
        self.text = text
        self.lang = lang
        self._chunks: list[tuple[int, int]] | None = None
        self._cut_span: tuple[int, int] | None = None
        self._cuts: _Cuts | None = None

    def cut(self, position: int) -> bool | None:
        """Whether the language's tokenizer puts a boundary at ``position``
        of the whole text (None when the language has no segmenter for
        this script). The tokenizer reads the text in stretches, each on
        its own (:meth:`_stretch`: MeCab's pieces of a long text, or the
        stretches between spaces of a tokenizer that reads each alone), so
        the whole text's boundaries are those of its stretches, one after
        the other, and the text's two ends: only the stretches on each side
        of ``position`` are tokenized (the last one's boundaries kept), not
        the whole text into a list of its words."""
        split = _segmenter(self.lang)
        if split is None:
            return None
        text = self.text
        if position in (0, len(text)):
            return True
        for index in (position - 1, position):  # the characters on each side
            span = self._stretch(index)
            if span is not None and self._stretch_cuts(span, split).has(position):
                return True
        return False

    def _stretch(self, index: int) -> tuple[int, int] | None:
        """The stretch of the text that the segmenter tokenizes on its own
        and that holds the character at ``index`` (None for a character
        that none holds: a space it skips, a NUL MeCab cuts at)."""
        text = self.text
        chunk_spans = _chunk_spans(self.lang)
        if chunk_spans is not None:  # MeCab: the pieces it parses one by one
            if self._chunks is None:
                self._chunks = chunk_spans(text)
            chunks = self._chunks
            start, end = chunks[bisect_right(chunks, (index, len(text) + 1)) - 1]
            return (start, end) if start <= index < end else None
        if not _reads_stretches(self.lang):
            return 0, len(text)
        if text[index] == " ":  # (the prepared text's only whitespace)
            return None
        end = text.find(" ", index)
        return text.rfind(" ", 0, index) + 1, len(text) if end < 0 else end

    def _stretch_cuts(self, span: tuple[int, int], split: Callable[[str], list[str]]) -> _Cuts:
        """The segmenter's boundaries in the stretch ``span`` (the last
        stretch's kept)."""
        if span != self._cut_span:
            self._cut_span, self._cuts = span, _Cuts(self.text, *span, _words_of(self.lang, split))
        return self._cuts

    def start(self, position: int) -> bool:
        """A word may start at ``position``."""
        text = self.text
        if position == 0:
            return True
        after, before = text[position], text[position - 1]
        if before == " ":
            return True
        a, b = _class(before), _class(after)
        if b[0] == _MARK or after in _FOLLOWING_VOWELS or before in _LEADING_VOWELS:
            return False
        if a[0] == _MARK:
            a = self._base(position - 1)
        return self._between(a, b, before, position, at_start=True)

    def end(self, position: int) -> bool:
        """A word may end at ``position`` (or be followed by a suffix)."""
        text = self.text
        if position == len(text):
            return True
        after, before = text[position], text[position - 1]
        if after == " ":
            return True
        b = _class(after)
        if b[0] == _MARK or after in _FOLLOWING_VOWELS or before in _LEADING_VOWELS:
            return False
        a = _class(before)
        if a[0] == _MARK:
            a = self._base(position - 1)
        return self._between(a, b, after, position, at_start=False)

    def _base(self, index: int) -> tuple[int, str]:
        """The class of the base letter of the mark at ``index``."""
        text = self.text
        while index > 0 and _class(text[index])[0] == _MARK:
            index -= 1
        return _class(text[index])

    def _between(
        self, a: tuple[int, str], b: tuple[int, str], char: str, position: int, *, at_start: bool
    ) -> bool:
        if a[0] != b[0]:
            if _OTHER in (a[0], b[0]):
                return False
            if a[0] == _LETTER and b[0] == _DIGIT:  # a prefix: Hebrew "ב1969"
                return at_start and self._prefix(position)
            # digits before letters of a spaced script are one word (1970s)
            return not (a[0] == _DIGIT and b[0] == _LETTER)
        cls = a[0]
        if cls == _LETTER and a[1] != b[1]:
            return True  # two scripts
        if cls in (_HAN, _KANA, _SEA):
            cut = self.cut(position)
            if cut is None:
                # no segmenter: characters (Chinese, Japanese) or, for Thai,
                # Lao, Khmer and Burmese, syllables (checked by the caller)
                return True
            if cut:
                return True
            if at_start:  # a one-character function word the segmenter glued on
                return self.text[position - 1] in _JOINED_BEFORE.get(self.lang or "", "")
            return self._suffix(position)
        if cls == _HANGUL:
            return not at_start and self._suffix(position)
        if at_start:
            return self._prefix(position)
        return self._suffix(position)

    def _prefix(self, position: int) -> bool:
        """The word up to ``position`` is a prefix of the language."""
        prefixes = _PREFIXES.get(self.lang or "")
        if prefixes is None:
            return False
        word_start = self.text.rfind(" ", 0, position) + 1
        return prefixes.fullmatch(self.text, word_start, position) is not None

    def _suffix(self, position: int) -> bool:
        """The rest of the word from ``position`` is a suffix of the language."""
        suffixes = _SUFFIXES.get(self.lang or "")
        if suffixes is None:
            return False
        text = self.text
        end = text.find(" ", position)
        end = len(text) if end < 0 else end
        found = suffixes.match(text, position, end)
        if found is None:
            return False
        # (a suffix is of Chinese or Japanese characters: a segmenter's cut)
        return found.end() == end or self.cut(found.end()) is True


_SEGMENTED = frozenset(("zh", "ja", "th", "lo", "km", "my"))


@lru_cache(maxsize=64)
def _segmenter(lang: str | None) -> Callable[[str], list[str]] | None:
    """The tokenizer of a language written without spaces, when installed."""
    if lang not in _SEGMENTED:
        return None
    from ..errors import AnswermatchError
    from ..tokenizers import get_tokenizer
    from ..tokenizers.words import WordTokenizer

    try:
        tokenizer = get_tokenizer(lang)  # type: ignore[arg-type]
        if isinstance(tokenizer, WordTokenizer):
            return None  # spaces only: no word boundary inside the script
        return tokenizer.splitter(None)
    except (AnswermatchError, ImportError, KeyError, ValueError):
        return None


class _Cuts:
    """The offsets in a text where the segmenter's words of one stretch
    ``text[start:end]`` start and end, found as far as asked: its words
    are read one after the other (a long run of Thai's as ICU finds them)
    up to the position asked about, and those more than
    :data:`_KEPT_BEHIND` characters behind the farthest position asked
    about are let go (a position behind them reads the words again from
    the stretch's start). Asked in about increasing order, as the
    occurrences of a gold are, a long stretch's words are read once."""

    __slots__ = ("_done", "_found", "_low", "_piece", "_position", "_start", "_tokens", "_words")

    def __init__(
        self, text: str, start: int, end: int, words: Callable[[str], Iterable[str]]
    ) -> None:
        self._piece = text if (start, end) == (0, len(text)) else text[start:end]
        self._start = start
        self._words = words
        self._restart()

    def _restart(self) -> None:
        self._tokens = iter(self._words(self._piece))
        self._position = 0  # where the next word is looked for, in the piece
        self._found: set[int] = set()
        self._low = self._start  # the boundaries from here on are in _found
        self._done = False

    def has(self, position: int) -> bool:
        """Whether a word of the stretch starts or ends at ``position``
        (an offset in the whole text)."""
        if position < self._low:
            self._restart()
        found, piece, start = self._found, self._piece, self._start
        while not self._done and start + self._position <= position:
            token = next(self._tokens, None)
            if token is None:
                self._done = True
                break
            at = piece.find(token, self._position)
            if at < 0:
                continue
            found.add(start + at)
            self._position = at + len(token)
            found.add(start + self._position)
        if len(found) > 2 * _KEPT_BEHIND:
            self._low = max(self._low, position - _KEPT_BEHIND)
            self._found = {cut for cut in found if cut >= self._low}
        return position in found


#: How far behind the farthest position asked about :class:`_Cuts` keeps boundaries.
_KEPT_BEHIND = 4096


def _words_of(
    lang: str | None, split: Callable[[str], list[str]]
) -> Callable[[str], Iterable[str]]:
    """The segmenter's words of a text, one at a time where it gives them
    so (ICU's ``tokens_of``: a long run of Thai held once), else ``split``'s list."""
    from ..tokenizers import get_tokenizer

    return getattr(get_tokenizer(lang), "tokens_of", split)  # type: ignore[arg-type]


@lru_cache(maxsize=64)
def _chunk_spans(lang: str | None) -> Callable[[str], list[tuple[int, int]]] | None:
    """The segmenter's ``chunk_spans`` where it has one (MeCab: the pieces
    of a long text it parses one by one), else None."""
    if _segmenter(lang) is None:
        return None
    from ..tokenizers import get_tokenizer

    return getattr(get_tokenizer(lang), "chunk_spans", None)  # type: ignore[arg-type]


@lru_cache(maxsize=64)
def _reads_stretches(lang: str | None) -> bool:
    """The segmenter reads each stretch between whitespace on its own."""
    if _segmenter(lang) is None:
        return False
    from ..tokenizers import get_tokenizer

    return get_tokenizer(lang).local_to_whitespace  # type: ignore[arg-type]


def segmenter_signature(lang: str | None) -> str | None:
    """The signature of the tokenizer that finds word boundaries of
    ``lang``'s text inside a script written without spaces (for a task's
    signature), or ``None`` where containment uses none (spaced scripts, or
    the segmenter's extra is not installed).

    >>> segmenter_signature("en") is None
    True
    """
    if _segmenter(lang) is None:
        return None
    from ..tokenizers import get_tokenizer

    return get_tokenizer(lang).signature()  # type: ignore[arg-type]


def find_contained(prediction: str, gold: str, lang: str | None = None) -> int:
    """The offset of the first occurrence of the prepared ``gold`` as whole
    words in the prepared ``prediction`` (both as :func:`prepare_text`
    gives them), or -1.

    >>> find_contained("in the 1970s and 1972", "1972")
    17
    >>> find_contained("chivas regal", "hiv")
    -1
    """
    return next(occurrences(prediction, gold, lang), -1)


def occurrences(prediction: str, gold: str, lang: str | None = None) -> Iterator[int]:
    """The offsets of every occurrence of the prepared ``gold`` as whole
    words in the prepared ``prediction``, in order.

    >>> list(occurrences("1972 and 19725 and 1972", "1972"))
    [0, 19]
    """
    if not gold:
        return
    position = prediction.find(gold)
    if position < 0:
        return
    edges = _Edges(prediction, lang)
    size = len(gold)
    while position >= 0:
        if edges.start(position) and edges.end(position + size):
            yield position
        position = prediction.find(gold, position + 1)


def _contains(lang: str | None, prediction: str, golds) -> float:
    if len(prediction) > _steps.PIECE_CHARS and _window_kind(lang) is not None:
        return _contains_long(lang, prediction, golds)
    prepare = _preparer(lang)
    pred = prepare(prediction)
    if not pred:
        return 0.0
    for gold in golds:
        if find_contained(pred, prepare(gold), lang) >= 0:
            return 1.0
    return 0.0


#: A long prediction's prepared text is searched in windows that grow by
#: at least this many characters at a time (:func:`_contains_long`).
_WINDOW = 1 << 16
#: More characters than a prefix or a suffix of :data:`_PREFIXES` and
#: :data:`_SUFFIXES` (one alternative) holds: what a word-edge rule reads
#: past the edge it decides (the tests check each).
_MARGIN = 16


class _NeedMore(Exception):
    """A word edge decided in a window read past the window's end."""


def _window_kind(lang: str | None) -> str | None:
    """What the segmenter of ``lang`` reads alone, for :func:`_contains_long`:
    ``"chunks"`` (MeCab's pieces), ``"stretches"`` (the stretches between
    spaces), ``""`` (no segmenter), ``None`` (the whole text: not searched
    in windows)."""
    if _segmenter(lang) is None:
        return ""
    if _chunk_spans(lang) is not None:
        return "chunks"
    return "stretches" if _reads_stretches(lang) else None


def _contains_long(lang: str | None, prediction: str, golds) -> float:
    """:func:`_contains` of a long prediction, its prepared text searched in
    windows (:func:`_search_windows`), never held whole."""
    prepare = _preparer(lang)
    prepared = [gold for gold in map(prepare, golds) if gold]
    if not prepared:
        return 0.0
    longest = max(map(len, prepared))

    def search(window: str, edges: _Edges, done: int, limit: int) -> bool:
        return _found_in(window, prepared, edges, done, limit)

    return 1.0 if _search_windows(lang, prediction, longest, search) else 0.0


def _search_windows(
    lang: str | None,
    prediction: str,
    longest: int,
    search: Callable[[str, _Edges, int, int], bool],
    *,
    margin: int = 0,
    let_go: Callable[[str, int], None] | None = None,
) -> bool:
    """Search a long prediction's prepared text in windows (its prepared
    parts, :func:`~answermatch.normalization.joined_parts`, as
    :func:`_preparer` joins them), the prepared text never held whole:
    ``search(window, edges, done, limit)`` is asked about the occurrences
    (of needles of ``longest`` characters at most) that start from ``done``
    to before ``limit`` in ``window``, with the window's word edges
    (:class:`_WindowEdges`, which may raise :class:`_NeedMore`: the window
    is then made longer and asked again from ``done``); it returns True to
    stop (then so does this), else False. ``let_go(window, keep)`` is told
    before ``window[:keep]`` is let go (a run of whole stretches of the
    segmenter, see below), and at the end with the whole last window.

    A window holds the prepared text from a place ``keep`` on; the
    occurrences starting from where the last window stopped up to a
    ``limit`` are searched in it, the rest of it is kept for the next. The
    word-edge rules of those occurrences read only the window:

    * forward: up to ``reach``, past which the segmenter's stretch is not
      yet whole (MeCab: the end of its last piece that the window decides,
      since :meth:`~answermatch.tokenizers.ja.MecabTokenizer.chunk_spans`
      cuts a text from a piece's start as the whole text from there; a
      tokenizer that reads each stretch between spaces alone: the last
      space), and ``limit`` is ``reach`` less ``longest`` and the margin,
      :data:`_MARGIN` (more than a prefix or suffix reads past an edge) or
      ``margin`` where larger (what a caller reads around an occurrence);
      a suffix repeated to the window's end (Korean endings), a
      stretch past ``reach``, make the window longer
      (:class:`_WindowEdges`);
    * backward: ``keep`` is where MeCab starts a piece or just after a
      space (a stretch's start), or anywhere for a language without a
      segmenter, and never before a combining mark (a mark's base is found
      within the window); the occurrences searched start the margin's
      characters after it at least, so a prefix, shorter, never reaches
      back to it (the start of the word before it, unknown, is too far).

    A window without such a place (a run of Thai, which ICU reads whole)
    grows until it has one, up to the whole prepared text. The tests
    compare the verdicts with the whole text's, windows of a few
    characters."""
    from ..normalization import joined_parts

    kind = _window_kind(lang)
    margin = max(margin, _MARGIN)
    piece = partial(_piece_preparer(lang), ascii=prediction.isascii())  # (as the whole is)
    parts = joined_parts(prediction, piece)
    window = ""  # the prepared text from some place on
    done = 0  # the occurrences starting before this place of the window are searched
    ended = False  # the window holds the end of the prepared text
    wanted = _WINDOW
    while True:
        while not ended and len(window) < wanted:
            part = next(parts, None)
            if part is None:
                ended = True
            else:
                window += part  # (held once: extended in place)
                del part
        reach = len(window) if ended else _reach(window, kind, lang)
        limit = reach if ended else reach - longest - margin
        if limit > done:
            edges = _WindowEdges(window, lang, reach, ended)
            try:
                if search(window, edges, done, limit):
                    return True
            except _NeedMore:
                limit = done
            del edges  # (its window is the window: not held twice when it grows)
        if ended:
            if let_go is not None:
                let_go(window, len(window))
            return False
        if limit <= done:  # nothing decided: a longer window
            wanted = len(window) + max(_WINDOW, len(window))
            continue
        keep = _keep(window, limit - margin, kind, lang)
        if keep and let_go is not None:
            let_go(window, keep)
        window, done = window[keep:], limit - keep
        wanted = len(window) + _WINDOW


def _found_in(window: str, golds: list[str], edges: _Edges, done: int, limit: int) -> bool:
    """Whether a gold occurs as whole words in ``window`` from ``done`` to
    before ``limit``."""
    for gold in golds:
        size = len(gold)
        position = window.find(gold, done)
        while 0 <= position < limit:
            if edges.start(position) and edges.end(position + size):
                return True
            position = window.find(gold, position + 1)
    return False


def _reach(window: str, kind: str | None, lang: str | None) -> int:
    """The end of what the segmenter's stretches that ``window`` holds whole
    cover (see :func:`_contains_long`)."""
    if kind == "chunks":
        spans = _chunk_spans(lang)(window)  # type: ignore[misc]
        return spans[-2][1] if len(spans) > 1 else 0  # (the last may go on)
    if kind == "stretches":
        return max(window.rfind(" "), 0)
    return len(window)


def _keep(window: str, upto: int, kind: str | None, lang: str | None) -> int:
    """Where the next window starts, at ``upto`` at most (see
    :func:`_contains_long`): MeCab's piece's start or a stretch's, not a
    combining mark; 0 if none."""
    starts: list[int] = []
    if kind == "chunks":
        starts = [start for start, _ in _chunk_spans(lang)(window)[:-1]]  # type: ignore[misc]
    while upto > 0:
        if kind == "chunks":
            at = bisect_right(starts, upto) - 1
            keep = starts[at] if at >= 0 else 0
        elif kind == "stretches":
            keep = window.rfind(" ", 0, upto) + 1
        else:
            keep = upto
        if keep <= 0:
            return 0
        if _class(window[keep])[0] != _MARK:
            return keep
        upto = keep - 1
    return 0


class _WindowEdges(_Edges):
    """:class:`_Edges` of a window of a prepared text (see
    :func:`_contains_long`), raising :class:`_NeedMore` where a rule would
    read past what the window decides: a stretch past ``reach``, a suffix
    repeated to the window's end with no space after it."""

    __slots__ = ("_ended", "_reach")

    def __init__(self, text: str, lang: str | None, reach: int, ended: bool) -> None:
        super().__init__(text, lang)
        self._reach = reach
        self._ended = ended

    def _stretch(self, index: int) -> tuple[int, int] | None:
        if index >= self._reach and not self._ended:
            raise _NeedMore
        return super()._stretch(index)

    def _suffix(self, position: int) -> bool:
        text = self.text
        if self._ended or text.find(" ", position) >= 0:
            return super()._suffix(position)
        # the word goes on past the window: a suffix that ends before
        # _MARGIN characters of its end ends where the whole text's does
        suffixes = _SUFFIXES.get(self.lang or "")
        found = None if suffixes is None else suffixes.match(text, position)
        if found is None:
            return False
        if found.end() + _MARGIN > len(text):
            raise _NeedMore
        return self.cut(found.end()) is True


def _token_contains(
    normalize: Callable[[str], str], preset: str, lang: str | None, prediction: str, golds
) -> float:
    """A gold's tokens as a contiguous run of the prediction's (whitespace
    tokens of a normalized text)."""
    parts = None
    if len(prediction) > _steps.PIECE_CHARS:
        from ..normalization import parts_normalizer

        parts = parts_normalizer(preset, lang)
    pred = f" {normalize(prediction) if parts is None else ' '.join(parts(prediction))} "
    for gold in golds:
        tokens = normalize(gold)
        if tokens and f" {tokens} " in pred:
            return 1.0
    return 0.0


def contains_match(
    prediction: str,
    golds: str | Sequence[str],
    *,
    lang: str | None = None,
    preset: str | None = None,
) -> float:
    """1.0 if any gold occurs in the prediction as whole words of the
    language (see :mod:`answermatch.matchers.containment`), else 0.0.

    ``lang``: any spelling of a known language (``"ja"``, ``"ko-KR"``);
    it decides the word edges of scripts written without spaces and the
    prefixes and suffixes a word may carry. ``preset``: ``None`` (default)
    prepares both texts with :func:`prepare_text`; any normalization preset
    (``"squad"``, ``"unicode"``) instead normalizes both with it and asks
    for the gold's tokens as a contiguous run of the prediction's (the
    usual "gold tokens contained" baseline). An empty gold or prediction
    contains nothing.

    >>> contains_match("It was Mark Twain's novel.", ["Mark Twain", "Samuel Clemens"])
    1.0
    >>> contains_match("Başkent Ankara'dır.", "Ankara", lang="tr")
    1.0
    >>> contains_match("التسعينيات", "تسع", lang="ar")  # "nine" in "the nineties"
    0.0
    >>> contains_match("بالقاهرة", "القاهرة", lang="ar")  # "in Cairo"
    1.0
    >>> contains_match("The Beatles were formed in 1960", "beatles", preset="squad")
    1.0
    """
    from ..languages import optional_language

    lang = optional_language(golds_language(golds, lang))  # prepared golds lend theirs
    golds = as_golds(golds)
    if type(prediction) is not str:
        check_text(prediction, "prediction")
    if preset is not None:
        from ..normalization import normalizer

        return _token_contains(normalizer(preset, lang), preset, lang, prediction, golds)
    return _contains(lang, prediction, golds)
