"""The rules that turn an answer into the tokens EM and F1 compare, as one
settings object per profile (:class:`SpanRules`), for every task of the
SQuAD family (SQuAD v1.1 and v2.0, MLQA, KorQuAD).

Official rules, as in the scripts:

* SQuAD (``evaluate-v1.1.py``, ``evaluate-v2.0.py``): ``str.lower``; drop the
  32 characters of ASCII ``string.punctuation``; replace the words ``a``,
  ``an``, ``the`` by a space (Python ``re``, ``\\b(a|an|the)\\b``); split on
  whitespace.
* MLQA (``mlqa_evaluation_v1.py``): ``str.lower``; drop every code point of
  Unicode category P (scanned from Python's ``unicodedata``, so the set is
  the running Python's) and ASCII ``string.punctuation``; the language's
  article pattern (Python ``re``): en ``a an the``; es ``un una unos unas el
  la los las``; de ``ein eine einen einem eines einer der die das den dem
  des``; vi ``của là cái chiếc những``; ar every ``ال`` anywhere (the pattern
  ``\\sال^|ال``, whose first branch never matches); hi, zh none; zh splits
  every character of U+4E00..U+9FA5 off as its own token and the rest on
  whitespace; the others split on whitespace.

Each rule is a function, written once (SQuAD's are the normalization
steps of the ``squad`` preset, :mod:`answermatch.normalization.steps`;
MLQA's are here), and a profile names the ones it uses. The ``fair``
rules, each measurable alone (``dataclasses.replace``): ``punct="unicode"``
(MLQA's set for SQuAD too), ``width="nfkc"``, ``articles="words"`` (the
language's articles as whole words; for Arabic the word-initial prefix
``ال`` only, :func:`answermatch.normalization.steps.remove_articles`),
``tokens="language"`` (jieba words for zh, MeCab for ja, whitespace for the
rest), ``numbers="value"`` (each number one token in canonical form,
:func:`answermatch.analysis.split_numbers`), ``empty_f1=1.0`` (F1 of two
answers that both have no token is 1, as SQuAD v2.0 says, not 0). Any
other function may stand for a rule (see :class:`SpanRules`).

>>> squad = SpanRules("official")
>>> squad.tokenizer("en")("The Beatles’ «1»!")
('beatles’', '«1»')
>>> mlqa = SpanRules("official", punct="unicode", articles="mlqa", tokens="mlqa")
>>> mlqa.tokenizer("zh")("《红楼梦》 Vol 2")
('红', '楼', '梦', 'vol', '2')
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import string
import sys
import unicodedata
from array import array
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import Any

from ...errors import UnknownLanguageError
from ...languages import canonical_language
from ...matchers.answers import CountedTokens, JoinedKey, answer_set, best_overlap
from ...normalization import steps as _steps
from ...normalization.steps import (
    ARTICLES,
    PIECE_CHARS,
    SQUAD_ARTICLES,
    case_mapped,
    casefold,
    deleter,
    in_letters,
    nfkc,
    pieces,
    remove_articles,
    shared_tokens,
    squad_articles,
    starts_in_word,
    strip_ascii_punct,
    strip_noise,
    tokens_by_pieces,
    without_articles,
)
from ...profiles import Settings, rule

__all__ = [
    "HAN_CUT_RULES",
    "IN_WORD_RULES",
    "LETTER_CUT_RULES",
    "MLQA_LANGUAGES",
    "PIECEWISE_RULES",
    "THAI_CUT_RULES",
    "JoinedKey",
    "SpanRules",
    "answer_language",
    "f1_of",
    "language_tokens",
    "mlqa_articles",
    "mlqa_punctuation",
    "mlqa_tokens",
    "numbers_by_value",
    "strip_mlqa_punct",
    "token_characters",
    "whitespace_tokens",
]

Tokens = tuple[str, ...]

#: The languages MLQA's script knows (any other raises an exception there).
MLQA_LANGUAGES = ("en", "es", "de", "ar", "hi", "vi", "zh")

_MLQA_ARTICLES: dict[str, re.Pattern[str] | None] = {
    "en": SQUAD_ARTICLES,
    "es": re.compile(r"\b(un|una|unos|unas|el|la|los|las)\b"),
    "hi": None,
    "vi": re.compile(r"\b(của|là|cái|chiếc|những)\b"),
    "de": re.compile(r"\b(ein|eine|einen|einem|eines|einer|der|die|das|den|dem|des)\b"),
    "zh": None,
}
#: Arabic's article in MLQA's rule, replaced by a space wherever it stands
_ARABIC_ARTICLE = "ال"


@cache
def _cjk_split() -> Callable[[str], list[str]]:
    """zh's tokens in MLQA's rule: each character of U+4E00..U+9FA5 alone,
    the rest split on whitespace; compiled when first used (the class of
    every other character takes ``re`` about 10 ms to compile)."""
    return re.compile(r"[\u4e00-\u9fa5]|[^\u4e00-\u9fa5\s]+").findall


_LANGUAGE_TAG = re.compile(r"([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*")


def answer_language(code: object) -> str:
    """The ``lang`` option of the span tasks as the code their rules use:
    the canonical code of a language answermatch knows (``ja-JP`` and
    ``jpn`` are ``ja``), else the lower-cased ISO 639 part of a language
    tag whose language the system's locale tables name (Python's
    ``locale.locale_alias``: about 200 languages, XQuAD's ``th`` and ``el``
    among them, which have no rules of their own here: whitespace tokens
    and no articles); anything else (``xx``, ``english``) is an
    :class:`~answermatch.errors.UnknownLanguageError`.

    >>> answer_language("ja-JP"), answer_language("jpn"), answer_language("EL")
    ('ja', 'ja', 'el')
    >>> answer_language("xx")
    Traceback (most recent call last):
    ...
    answermatch.errors.UnknownLanguageError: lang 'xx' is not a language code ...
    """
    if not isinstance(code, str):
        raise UnknownLanguageError(f"lang must be a language code, not {type(code).__name__}")
    try:
        return canonical_language(code)
    except UnknownLanguageError:
        pass
    tag = _LANGUAGE_TAG.fullmatch(code.strip())
    if tag is None or tag.group(1).lower() not in _locale_languages():
        raise UnknownLanguageError(
            f"lang {code!r} is not a language code known here (ISO 639, such as en, de "
            "or th, or a language tag such as pt-BR)"
        )
    return tag.group(1).lower()


@cache
def _locale_languages() -> frozenset[str]:
    """The two- and three-letter language codes of ``locale.locale_alias``."""
    import locale

    names = (key.split(".")[0].split("@")[0].split("_")[0] for key in locale.locale_alias)
    return frozenset(name for name in names if len(name) in (2, 3) and name.isalpha())


@cache
def mlqa_punctuation() -> dict[int, None]:
    """MLQA's punctuation as a ``str.translate`` table: every code point below
    ``sys.maxunicode`` whose category (in this Python's ``unicodedata``,
    version :data:`unicodedata.unidata_version`) starts with P, plus ASCII
    ``string.punctuation`` (which adds ``$ + < = > ^ ` | ~``).

    Scanning the 1.1 million code points takes about a second, so the list
    is kept in the user's cache folder (``$XDG_CACHE_HOME/answermatch`` or
    ``~/.cache/answermatch``), one file per Unicode version; a cached entry
    that is not punctuation in this Python is ignored and the set rescanned.

    >>> table = mlqa_punctuation()
    >>> all(ord(c) in table for c in "!$+~«»、。؟")
    True
    >>> any(ord(c) in table for c in "€°×")
    False
    """
    path = _punct_cache()
    points = _read_points(path) if path else None
    if points is None:
        category = unicodedata.category
        points = [i for i in range(sys.maxunicode) if category(chr(i)).startswith("P")]
        if path:
            _write_points(path, points)
    table = dict.fromkeys(points)
    table.update(dict.fromkeys(map(ord, string.punctuation)))
    return table


def _punct_cache() -> str | None:
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "answermatch")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    name = f"mlqa-punct-unicode-{unicodedata.unidata_version}-max{sys.maxunicode}.json"
    return os.path.join(folder, name)


def _read_points(path: str) -> list[int] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            points = json.load(fh)
    except (OSError, ValueError):
        return None
    category = unicodedata.category
    if not isinstance(points, list) or not all(
        isinstance(i, int) and 0 <= i < sys.maxunicode and category(chr(i)).startswith("P")
        for i in points
    ):
        return None
    return points


def _write_points(path: str, points: list[int]) -> None:
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as fh:
            json.dump(points, fh)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(temporary)


def strip_mlqa_punct(text: str) -> str:
    """MLQA's punctuation rule: delete :func:`mlqa_punctuation` (Unicode
    category P and ASCII ``string.punctuation``).

    >>> from answermatch.tasks.squad.rules import strip_mlqa_punct
    >>> strip_mlqa_punct("«Wer?» 5€ – ja!")
    'Wer 5€  ja'
    """
    return _mlqa_deleter()(text)


@cache
def _mlqa_deleter() -> Callable[[str], str]:
    """Deletes MLQA's punctuation (:func:`mlqa_punctuation`) from a text."""
    return deleter("".join(map(chr, mlqa_punctuation())))


def mlqa_articles(text: str, lang: str) -> str:
    """MLQA's article rule for ``lang``: the language's pattern (Python
    ``re``) replaced by a space; Arabic's ``ال`` wherever it stands; none in
    hi and zh. Another language is a ``ValueError`` (the script has no rule).

    >>> from answermatch.tasks.squad.rules import mlqa_articles
    >>> mlqa_articles("la casa", "es"), mlqa_articles("المال", "ar")
    ('  casa', ' م ')
    """
    if lang == "ar":
        return text.replace(_ARABIC_ARTICLE, " ")
    if lang not in _MLQA_ARTICLES:
        raise ValueError(f"MLQA has no rule for language {lang!r}")
    pattern = _MLQA_ARTICLES[lang]
    return text if pattern is None else pattern.sub(" ", text)


def whitespace_tokens(text: str, lang: str) -> list[str]:
    """SQuAD's tokens: split on whitespace, whatever the language.

    >>> from answermatch.tasks.squad.rules import whitespace_tokens
    >>> whitespace_tokens(" a  b ", "ja")
    ['a', 'b']
    """
    return text.split()


def mlqa_tokens(text: str, lang: str) -> list[str]:
    """MLQA's tokens: every character of U+4E00..U+9FA5 alone and the rest
    split on whitespace in zh; whitespace in MLQA's other languages; another
    language is a ``ValueError``.

    >>> from answermatch.tasks.squad.rules import mlqa_tokens
    >>> mlqa_tokens("红楼梦 vol2", "zh"), mlqa_tokens("红楼梦", "de")
    (['红', '楼', '梦', 'vol2'], ['红楼梦'])
    """
    if lang == "zh":
        return _cjk_split()(text)
    if lang not in MLQA_LANGUAGES:
        raise ValueError(f"MLQA has no rule for language {lang!r}")
    return text.split()


def language_tokens(text: str, lang: str) -> list[str]:
    """The language's words where its official rule splits characters or
    whitespace but it has a word tokenizer (jieba for zh, MeCab for ja;
    spaces dropped); whitespace for the others."""
    return _language_split(lang)(text)


def numbers_by_value(text: str, lang: str) -> list[tuple[bool, str]]:
    """``text`` as ``(is_number, piece)`` pieces, each number in canonical
    form (:func:`answermatch.analysis.split_numbers`, read in ``lang``)."""
    from ...analysis import split_numbers

    return split_numbers(text, lang)


def token_characters(tokens: Sequence[str]) -> str:
    """The F1 units of KorQuAD: the tokens' characters (spaces do not count).

    >>> from answermatch.tasks.squad.rules import token_characters
    >>> token_characters(("토지", "1969"))
    '토지1969'
    """
    return "".join(tokens)


@dataclass(frozen=True)
class SpanRules(Settings):
    """The rules of a task of the SQuAD family, one profile's (see
    :mod:`answermatch.tasks.squad.rules` for the official ones): what turns
    an answer into its EM key and its F1 units. Each rule is a function,
    given as the function or by its name:

    * ``width`` (``text -> text``, or ``None``): ``"keep"`` (``None``) or
      ``"nfkc"`` (:func:`answermatch.normalization.steps.nfkc`);
    * ``case`` (``text -> text``): ``"lower"`` (``str.lower``) or
      ``"casefold"`` (:func:`~answermatch.normalization.steps.casefold`);
    * ``punct`` (``text -> text``, after ``case``): ``"ascii"``
      (:func:`~answermatch.normalization.steps.strip_ascii_punct`, SQuAD) or
      ``"unicode"`` (:func:`strip_mlqa_punct`, MLQA);
    * ``articles`` (``(text, lang) -> text``, or ``None``): ``"squad"``
      (:func:`~answermatch.normalization.steps.squad_articles`),
      ``"mlqa"`` (:func:`mlqa_articles`) or ``"words"``
      (:func:`~answermatch.normalization.steps.remove_articles`);
    * ``tokens`` (``(text, lang) -> tokens``): ``"whitespace"``
      (:func:`whitespace_tokens`), ``"mlqa"`` (:func:`mlqa_tokens`) or
      ``"language"`` (:func:`language_tokens`);
    * ``numbers`` (``(text, lang) -> (is_number, piece)`` pieces, or
      ``None``): ``"string"`` (``None``: numbers are text) or ``"value"``
      (:func:`numbers_by_value`: each number one token);
    * ``units`` (``tokens -> F1 units``, or ``None``): ``"tokens"``
      (``None``: F1 counts the tokens) or ``"characters"``
      (:func:`token_characters`, KorQuAD's); a number by value stays one unit;
    * ``empty_f1``: the F1 of two answers without units (0 in SQuAD v1.1,
      MLQA and KorQuAD, 1 in SQuAD v2.0).

    Two answers match exactly when their tokens are equal (with ``units``,
    their tokens joined by spaces: their normalized texts). A rule of one's
    own is a function: signatures name it by its ``__name__`` (a named rule
    by its name).

    >>> from answermatch.normalization.steps import strip_ascii_punct
    >>> from answermatch.tasks.squad.rules import SpanRules
    >>> def ascii_and_guillemets(text: str) -> str:
    ...     return strip_ascii_punct(text).replace("«", "").replace("»", "")
    >>> rules = SpanRules("guillemets", punct=ascii_and_guillemets)
    >>> rules.tokenizer("en")("«The Lalka», 1890"), rules.changes()
    (('lalka', '1890'), {'punct': 'ascii_and_guillemets'})
    >>> SpanRules("chars", units="characters").analyzer("en")("The Beatles")
    ('beatles', 'beatles')
    """

    # units and empty_f1 first: the order in which signatures name changes
    units: Callable[[Sequence[str]], Sequence[str]] | None = rule(
        None, tokens=None, characters=token_characters
    )
    empty_f1: float = 0.0
    width: Callable[[str], str] | None = rule(None, keep=None, nfkc=nfkc)
    case: Callable[[str], str] = rule(str.lower, lower=str.lower, casefold=casefold)
    punct: Callable[[str], str] = rule(
        strip_ascii_punct, ascii=strip_ascii_punct, unicode=strip_mlqa_punct
    )
    articles: Callable[[str, str], str] | None = rule(
        squad_articles, squad=squad_articles, mlqa=mlqa_articles, words=remove_articles
    )
    tokens: Callable[[str, str], Sequence[str]] = rule(
        whitespace_tokens, whitespace=whitespace_tokens, mlqa=mlqa_tokens, language=language_tokens
    )
    numbers: Callable[[str, str], Sequence[tuple[bool, str]]] | None = rule(
        None, string=None, value=numbers_by_value
    )

    def steps(self, lang: str) -> list[tuple[str, Callable[[str], str]]]:
        """The string steps before tokenization, named, in order."""
        out: list[tuple[str, Callable[[str], str]]] = []
        if self.width is not None:
            out.append((_name(self.width), self.width))
        out.append((_name(self.case), self.case))
        out.append((_name(self.punct), self.punct))
        articles = self.articles
        if articles is not None:
            out.append(("remove_articles", lambda text: articles(text, lang)))
        return out

    def split(self, lang: str) -> Callable[[str], Sequence[str]]:
        """How the normalized text becomes tokens."""
        tokens = self.tokens
        return lambda text: tokens(text, lang)

    def tokenizer(self, lang: str) -> Callable[[str], Tokens]:
        """``text -> tokens`` under these rules for language ``lang``."""
        return self._tokens(lang, counted=False)  # type: ignore[return-value]

    def _tokens(self, lang: str, *, counted: bool) -> Callable[[str], Sequence[str]]:
        """:meth:`tokenizer`; ``counted``: a long text's tokens as
        :class:`~answermatch.matchers.answers.CountedTokens` where they are
        made piece by piece."""
        chosen = (self.width, self.case, self.punct, self.articles, self.tokens, self.numbers)
        if chosen == _SQUAD:
            return _squad_tokens(counted)  # SQuAD's rule: the squad normalization preset
        if chosen == _MLQA:
            return _mlqa_words(lang, counted)[1]  # MLQA's rule in one expression
        analyse = self._analyse(lang, None, counted=counted)
        return lambda text: analyse(text)[0]

    def analyzer(self, lang: str) -> Callable[[str], tuple[Tokens | str, Sequence[str]]]:
        """``text -> (EM key, F1 units)`` for language ``lang``: the tokens
        and the tokens again; with :attr:`units`, the tokens joined by spaces
        (the normalized text, one string to hold) and their units. Where a
        text longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
        is analysed piece by piece, its units (and, without :attr:`units`,
        its key) are :class:`~answermatch.matchers.answers.CountedTokens`:
        the counts F1 needs, equal to the tokens' tuple, the same figures."""
        if self.units is None:
            chosen = (self.width, self.case, self.punct, self.articles, self.tokens, self.numbers)
            if chosen == _MLQA:
                return _mlqa_words(lang, True)[0]  # MLQA's rule, one call a text
            tokenize = self._tokens(lang, counted=True)

            def analyse(text: str) -> tuple[Tokens, Tokens]:
                tokens = tokenize(text)
                return tokens, tokens  # type: ignore[return-value]

            return analyse
        return self._analyse(lang, self.units, counted=True)

    def _analyse(
        self,
        lang: str,
        units: Callable[[Sequence[str]], Sequence[str]] | None,
        *,
        counted: bool = False,
    ) -> Callable[[str], tuple[Tokens | str, Sequence[str]]]:
        # the two to four steps called in one expression (str: the text itself),
        # and whitespace tokens by str.split: no loop nor call more per text
        first, second, third, fourth = [*(step for _, step in self.steps(lang)), str, str][:4]
        split = str.split if self.tokens is whitespace_tokens else self.split(lang)

        def words(text: str) -> Sequence[str]:
            return split(fourth(third(second(first(text)))))

        numbers, width = self.numbers, self.width
        if numbers is None:

            def analyse(text: str) -> tuple[Tokens | str, Sequence[str]]:
                found = split(fourth(third(second(first(text)))))
                if units is None:
                    tokens = tuple(found)
                    return tokens, tokens
                return " ".join(found), units(found)

            return _long_by_pieces(
                analyse,
                units is None,
                lambda: self._piecewise(lang),
                counted=counted,
                in_words=units is not None and self._in_words(),
                letters=lambda: self._in_letters(lang),
                thai=lambda: self._in_thai(lang),
                digits=True,  # no numbers rule: a digit is a word's character
            )

        def by_value(text: str) -> tuple[Tokens | str, Sequence[str]]:
            given = text
            if width is not None:
                text = width(text)
            if units is not None and len(text) > _steps.PIECE_CHARS:
                return units_counted(given, text)
            tokens: list[str] = []
            found: list[str] = []
            for is_number, piece in numbers(text, lang):
                if is_number:
                    tokens.append(piece)
                    found.append(piece)
                else:
                    more = words(piece)
                    tokens.extend(more)
                    found.extend(more if units is None else units(more))
            return (tuple(tokens) if units is None else " ".join(tokens)), tuple(found)

        def units_counted(given: str, text: str) -> tuple[JoinedKey, CountedTokens]:
            # by_value of a long text not cut (a run of Thai vowels, marks or
            # digits, characters beside digits) whose units are the words'
            # characters: its numbers and stretches one at a time, each
            # stretch's units counted as they are made and dropped, not
            # listed a string object each; the key its length, its tokens
            # made again (as the units, in order) when compared or iterated
            assert units is not None
            counts: dict[str, int] = {}
            size = 0
            length = -1  # the key: the tokens joined by spaces
            for is_number, piece in pieces_of(text, lang):
                if is_number:
                    counts[piece] = counts.get(piece, 0) + 1
                    size += 1
                    length += len(piece) + 1
                    continue
                more = words(piece)
                del piece
                length += sum(map(len, more)) + len(more)
                made = units(more)
                del more
                _count_elements(counts, made)
                size += len(made)
                del made

            def tokens() -> Iterator[tuple[bool, Sequence[str]]]:
                normal = given if width is None else width(given)
                for is_number, piece in pieces_of(normal, lang):
                    yield is_number, ((piece,) if is_number else words(piece))

            def remake() -> Iterator[str]:
                for is_number, found in tokens():
                    yield from found if is_number else units(found)  # type: ignore[misc]

            def keys() -> Iterator[str]:
                for _, found in tokens():
                    yield from found

            return JoinedKey(max(length, 0), keys), CountedTokens(counts, size, remake)

        pieces_of = NUMBER_PIECES.get(numbers, numbers)
        parts = self._split_parts(lang)
        at_han = self._at_han(lang)

        def stretch_tokens(normal: list[str], size: int) -> Iterator[Sequence[str]]:
            # the tokens of a stretch between numbers, given its normalized
            # parts (emptied as they are read) and its length before the steps
            if parts is not None and size > _steps.PIECE_CHARS:
                yield from parts(_steps.emptied(normal))
            else:
                yield split("".join(_steps.emptied(normal)))

        def value_tokens(text: str) -> Iterator[Sequence[str]]:
            # by_value's tokens, a number or a stretch between numbers at a time
            # (a long stretch's in the lists its tokenizer makes them in); where
            # no step reads across a place just before an ideograph (at_han),
            # the steps run a piece at a time and a stretch's normalized parts
            # go to the tokenizer, never the whole text's NFKC or lower case
            normal: list[str] = []  # the stretch read so far, normalized
            size = 0
            for part in pieces(text, _HAN_CUT) if at_han else (text,):
                if width is not None:
                    part = width(part)
                for is_number, piece in pieces_of(part, lang):
                    if is_number:
                        if size:
                            yield from stretch_tokens(normal, size)
                            size = 0
                        yield (piece,)
                    else:
                        normal.append(fourth(third(second(first(piece)))))
                        size += len(piece)
            if size:
                yield from stretch_tokens(normal, size)

        return _long_by_pieces(
            by_value,
            units is None,
            lambda: self._piecewise(lang),
            counted=counted,
            whole=value_tokens if units is None else None,
            in_words=units is not None and self._in_words(),
            at_numbers=units is None and numbers is numbers_by_value,
            letters=lambda: self._in_letters(lang),
            thai=lambda: self._in_thai(lang),
        )

    def _split_parts(self, lang: str) -> Callable[[Iterable[str]], Iterator[list[str]]] | None:
        """The tokens :meth:`split` gives of the text its parts make, in the
        lists its tokenizer makes them in (``tokenize_parts``: jieba's words
        a piece at a time), where the tokens are a language's tokenizer's;
        else ``None``."""
        if self.tokens is not language_tokens or lang not in _LANGUAGE_SPLIT:
            return None
        from ...tokenizers import get_tokenizer

        tokenizer = get_tokenizer(lang)

        def parts(texts: Iterable[str]) -> Iterator[list[str]]:
            for found in tokenizer.tokenize_parts(texts):
                yield [t for t in found if t and not t.isspace()]

        return parts

    def _at_han(self, lang: str) -> bool:
        """Whether the string steps and the number reader may run on the
        pieces of a text cut just before a character of U+4E00..U+9FA5
        (``_HAN_CUT``): every rule one of :data:`HAN_CUT_RULES`, and no
        articles, or the words rule in a language without articles (a
        pattern of whole words looks at the character after the cut)."""
        chosen = (self.width, self.case, self.punct, self.numbers)
        articles = self.articles is None or (
            self.articles is remove_articles and lang != "ar" and lang not in ARTICLES
        )
        return articles and all(step in HAN_CUT_RULES for step in chosen)

    def _in_words(self) -> bool:
        """Whether a long text may also be cut between two Hangul syllables
        or CJK ideographs (:data:`IN_WORD_RULES`): F1 counts the tokens'
        characters, no articles, whitespace tokens, and every other rule one
        that keeps them and reads nothing across two of them."""
        chosen = (self.width, self.case, self.punct, self.numbers)
        return (
            self.units is token_characters
            and self.articles is None
            and self.tokens is whitespace_tokens
            and all(step in IN_WORD_RULES for step in chosen)
        )

    def _in_letters(self, lang: str) -> bool:
        """Whether a long text may also be cut inside a run of ASCII letters
        (:func:`~answermatch.normalization.steps.in_letters`): every rule
        one of :data:`LETTER_CUT_RULES`, tokens split at whitespace alone
        (whitespace's, MLQA's, or the ``language`` tokens of a language
        without a tokenizer), and F1 units that are the tokens or their
        characters."""
        chosen = (self.width, self.case, self.punct, self.articles, self.numbers)
        if not all(step in LETTER_CUT_RULES for step in chosen):
            return False
        if self.units not in (None, token_characters):
            return False
        return self.tokens in (whitespace_tokens, mlqa_tokens) or (
            self.tokens is language_tokens and lang not in _LANGUAGE_SPLIT
        )

    def _in_thai(self, lang: str) -> bool:
        """Whether a long text whose tokens are counted may also be cut
        just before a Thai consonant after a Thai letter or mark
        (``_THAI_CUT``): every rule of width, case, punctuation and numbers
        one of :data:`THAI_CUT_RULES`, articles that are whole words of
        other scripts (none, SQuAD's, MLQA's, or the words rule but in
        Arabic, whose prefix looks two letters ahead), and tokens split at
        whitespace alone (as :meth:`_in_letters`)."""
        chosen = (self.width, self.case, self.punct, self.numbers)
        if not all(step in THAI_CUT_RULES for step in chosen):
            return False
        articles = self.articles
        if not (
            articles in (None, squad_articles, mlqa_articles)
            or (articles is remove_articles and lang != "ar")
        ):
            return False
        return self.tokens in (whitespace_tokens, mlqa_tokens) or (
            self.tokens is language_tokens and lang not in _LANGUAGE_SPLIT
        )

    def _piecewise(self, lang: str) -> bool:
        """Whether every rule is one of :data:`PIECEWISE_RULES` and the
        tokens are whitespace's or those of a tokenizer that reads each
        whitespace-separated stretch on its own (not MeCab's)."""
        chosen = (self.width, self.case, self.punct, self.articles, self.numbers)
        if not all(step in PIECEWISE_RULES for step in chosen):
            return False
        if self.tokens is whitespace_tokens:
            return True
        if self.tokens is not language_tokens:
            return False
        if lang not in _LANGUAGE_SPLIT:
            return True
        from ...tokenizers import get_tokenizer

        return get_tokenizer(lang).local_to_whitespace

    def long_pieces(self, lang: str) -> Callable[[str], Iterator[str]] | None:
        """The pieces :meth:`counted_tokenizer` reads a text longer than
        :data:`~answermatch.normalization.steps.PIECE_CHARS` in, where no
        step of :meth:`steps` nor the tokens read across the cuts (the
        pieces' steps and tokens, one after the other, are the whole
        text's: see :func:`_long_by_pieces`); ``None`` where the text is
        read at once. Where the rules allow it (:meth:`_in_letters`; SQuAD's
        and MLQA's official ones always), a text is also cut inside a run of
        ASCII letters: a piece cut there starts inside a word
        (:func:`~answermatch.normalization.steps.starts_in_word`), its first
        token the continuation of the last token before it."""
        chosen = (self.width, self.case, self.punct, self.articles, self.tokens, self.numbers)
        at: re.Pattern[str] | None
        if chosen == _SQUAD:
            at = in_letters()
        elif chosen == _MLQA:
            at = in_letters(_ZH_CUT if lang == "zh" else None)
        elif self._piecewise(lang):
            at = in_letters(_CUT) if self._in_letters(lang) else _CUT
        else:
            return None
        return lambda text: pieces(text, at)

    def counted_tokenizer(self, lang: str) -> Callable[[str], Sequence[str]]:
        """:meth:`tokenizer`, a long text's tokens as
        :class:`~answermatch.matchers.answers.CountedTokens` where they are
        made piece by piece (equal to the tuple, made again when iterated)."""
        return self._tokens(lang, counted=True)

    def normalized(self, text: str, lang: str | None = None) -> str:
        """``text``'s tokens joined by spaces (what gold checks compare)."""
        return " ".join(self.tokenizer(lang or "en")(text))

    def tokenizer_signature(self, lang: str) -> str | None:
        """The signature of the language tokenizer these rules use, if any."""
        if self.tokens is not language_tokens or lang not in _LANGUAGE_SPLIT:
            return None
        from ...tokenizers import get_tokenizer

        return get_tokenizer(lang).signature()


#: Where a long text may be cut: just before an ASCII space that follows an
#: ASCII character other than a digit, a CJK ideograph of U+4E00..U+9FA5 or
#: a Hangul syllable (see :func:`_long_by_pieces`).
_CUT = re.compile(r"(?<=[\x00-/:-\x7f\u4e00-\u9fa5\uac00-\ud7a3]) ")
#: Thai consonants (U+0E01..U+0E2E): letters without case, starters that
#: decompose to nothing and are the second character of no composition.
THAI_CONSONANTS = "\u0e01-\u0e2e"
#: The Thai characters that every rule of :data:`IN_WORD_RULES` keeps as
#: characters of a word: letters, vowels, tone and other marks (U+0E01..U+0E3A
#: and U+0E40..U+0E4E), not the digits, the baht sign nor the punctuation
#: (U+0E3F, U+0E4F..U+0E5B), which a number or a deletion may take.
THAI_IN_WORDS = "\u0e01-\u0e3a\u0e40-\u0e4e"
#: Where a long text whose F1 units are characters (KorQuAD) may be cut
#: besides: between two Hangul syllables or CJK ideographs of
#: U+4E00..U+9FA5 (either of each), or just before a Thai consonant that
#: follows one of :data:`THAI_IN_WORDS`, inside a word (its key's pieces
#: are joined there without a space).
_CUT_IN_WORDS = re.compile(
    r"(?<=[\x00-/:-\x7f\u4e00-\u9fa5\uac00-\ud7a3]) "
    r"|(?<=[\u4e00-\u9fa5\uac00-\ud7a3])[\u4e00-\u9fa5\uac00-\ud7a3]"
    f"|(?<=[{THAI_IN_WORDS}])[{THAI_CONSONANTS}]"
)


def word_letters() -> str:
    """The letters that every rule of :data:`IN_WORD_RULES` keeps as
    letters of a word and reads nothing across two of, as the body of a
    ``re`` character class (ranges of code points): letters of categories
    Lu, Ll, Lt and Lo of the running Python's Unicode data that NFKC keeps
    (the character is its own normal form) and composes with nothing before
    them (:func:`~answermatch.normalization.steps.starts_anew`); not
    case-ignorable (so ``str.lower``'s final sigma, which looks past
    case-ignorable characters only, stops at one as at a text's edge) and
    not the capital sigma itself; lower-cased and case-folded to letters;
    neither punctuation, a symbol nor an ignorable character
    (:func:`~answermatch.normalization.steps.strip_noise` keeps it), nor a
    digit or a separator of a number. Cyrillic, Greek (but the capital
    sigma), Latin, Arabic and Hebrew letters, Hangul syllables, CJK
    ideographs, Thai consonants and leading vowels among them. Made on
    first use (a look at every code point of planes 0 to 3, a fraction of
    a second), for a long text only.

    >>> letters = re.compile(f"[{word_letters()}]")
    >>> [bool(letters.match(c)) for c in "жΣσ가北กิ1ｱ"]
    [True, False, True, True, True, True, False, False, False]
    """
    return _word_classes()[0]


def word_characters() -> str:
    """The characters that every rule of :data:`IN_WORD_RULES` keeps inside
    a word, as the body of a ``re`` character class: letters and marks
    (categories L and M) that, with their NFKC, lower case and case
    folding, are letters and marks that
    :func:`~answermatch.normalization.steps.strip_noise` keeps (so none is
    a space, a digit, a separator of a number or punctuation); Thai vowels
    and tone marks among them. Just before an uncased letter of
    :func:`word_letters` (a Thai consonant or leading vowel, a Hangul
    syllable, an ideograph, an Arabic letter) after one of these, a word
    goes on and no rule reads across.

    >>> kept = re.compile(f"[{word_characters()}]")
    >>> [bool(kept.match(c)) for c in "ж\u0e34\u0e48\u0e33\u0301ʼ1๑ \u0640\u200d"]
    [True, True, True, True, True, True, False, False, False, False, False]
    """
    return _word_classes()[2]


def _add(ranges: list[list[int]], point: int) -> None:
    """``point`` (above any before it) added to ``ranges`` of code points."""
    if ranges and ranges[-1][1] == point - 1:
        ranges[-1][1] = point
    else:
        ranges.append([point, point])


def _class(ranges: list[list[int]]) -> str:
    """Ranges of code points as the body of a ``re`` character class."""
    return "".join(
        re.escape(chr(first)) + ("" if first == last else "-" + re.escape(chr(last)))
        for first, last in ranges
    )


#: The code points :func:`word_letters` and :func:`word_characters` look at:
#: planes 0 to 3 (the other planes hold no letter nor mark in Unicode 15,
#: and a character left out is only a place a text is not cut at).
_WORD_PLANES = 0x40000


@cache
def _word_classes() -> tuple[str, str, str]:
    """:func:`word_letters`, those of them without case (a capital sigma's
    context ends at one whatever comes before it), and
    :func:`word_characters`."""
    seconds = _steps.composition_seconds()
    category, normalize = unicodedata.category, unicodedata.normalize
    # every code point but the surrogates in one string, made without a string object each
    points = array("I", chain(range(0xD800), range(0xE000, _WORD_PLANES)))
    every = points.tobytes().decode("utf-32-le" if sys.byteorder == "little" else "utf-32-be")
    del points
    noisy = frozenset("".join(_steps._pattern("_NOISE").findall(every)))
    del every
    sigma, final = "\u03a3", "\u03c2"
    letters: list[list[int]] = []
    uncased: list[list[int]] = []
    kept: list[list[int]] = []
    for point in range(_WORD_PLANES):
        char = chr(point)
        kind = category(char)
        if kind[0] not in "LM" or char in noisy:
            continue
        normal = normalize("NFKC", char)
        made = normal + normal.lower() + normal.casefold()
        if made != char * 3 and any(c in noisy or category(c)[0] not in "LM" for c in made):
            continue
        _add(kept, point)
        if kind not in ("Lu", "Ll", "Lt", "Lo") or char == sigma or normal != char:
            continue
        if char in seconds or not (char.lower() + char.casefold()).isalpha():
            continue
        # case-ignorable: a capital sigma before it is final at a text's end, not before a letter
        if ("A" + sigma + char).lower()[1] == final and ("A" + sigma + char + "A").lower()[
            1
        ] != final:
            continue
        _add(letters, point)
        if (char + sigma).lower()[-1] != final:  # no cased letter before the sigma
            _add(uncased, point)
    return _class(letters), _class(uncased), _class(kept)


@cache
def _cut_in_words(digits: bool = False) -> re.Pattern[str]:
    """:data:`_CUT_IN_WORDS`; between two letters of :func:`word_letters`
    (Cyrillic, Greek or Latin letters without spaces, a run of Thai leading
    vowels); and just before such a letter without case after one of
    :func:`word_characters` (a Thai vowel or mark, then a Thai vowel that
    leads or follows): all inside a word. ``digits`` (rules without a
    ``numbers`` rule, whose words keep their digits): also just before such
    a letter after a digit (Thai consonants each after a Thai digit)."""
    letters, uncased, kept = _word_classes()
    before = f"{kept}\\d" if digits else kept
    return re.compile(
        f"{_CUT_IN_WORDS.pattern}|(?<=[{letters}])[{letters}]|(?<=[{before}])[{uncased}]"
    )


#: Where a long text whose numbers are read by value may be cut besides
#: (plain tokens): where an ASCII digit and a character of U+4E00..U+9FA5
#: meet, on either side. Only the width rule and the number reader see
#: more than one stretch between numbers (every other rule, and the
#: tokenizer, jieba's words included, runs on each stretch on its own), and
#: neither reads across there: NFKC keeps both characters and composes
#: nothing with either (each is a starter that is no second of a
#: composition); a number is a run of digits (with separators between them)
#: that starts at a digit not after a digit and never holds the ideograph,
#: so a number ends or starts at that place in the whole text as in either
#: piece. So the stretches, and the tokens of each, are the whole text's.
_CUT_AT_NUMBERS = re.compile(
    r"(?<=[\x00-/:-\x7f\u4e00-\u9fa5\uac00-\ud7a3]) "
    r"|(?<=[0-9])[\u4e00-\u9fa5]|(?<=[\u4e00-\u9fa5])[0-9]"
)


def _long_by_pieces(
    analyse: Callable[[str], tuple[Tokens | str, Sequence[str]]],
    plain: bool,
    piecewise: Callable[[], bool],
    *,
    counted: bool = False,
    whole: Callable[[str], Iterable[Sequence[str]]] | None = None,
    in_words: bool = False,
    at_numbers: bool = False,
    letters: Callable[[], bool] = lambda: False,
    thai: Callable[[], bool] = lambda: False,
    digits: bool = False,
) -> Callable[[str], tuple[Tokens | str, Sequence[str]]]:
    """``analyse`` (:meth:`SpanRules._analyse`'s;
    ``plain``: its EM key is its tuple of tokens, equal to its F1 units,
    else its tokens joined by spaces), with a text longer than
    :data:`~answermatch.normalization.steps.PIECE_CHARS` analysed piece by
    piece when ``piecewise()`` (asked once) says every rule allows it, equal
    tokens sharing one string
    (:func:`~answermatch.normalization.steps.shared_tokens`).

    A piece ends just before an ASCII space that follows an ASCII character
    other than a digit, a CJK ideograph of U+4E00..U+9FA5 or a Hangul
    syllable (Chinese and Korean words), where no rule of
    :data:`PIECEWISE_RULES` reads across: NFKC has a boundary before the
    space (a starter that composes with nothing) and keeps the character
    before it (no case mapping, deletion or number reading changes those
    either); ``str.lower``'s
    final sigma looks no further than a space; punctuation is deleted
    character by character and never a space; an article is a whole word
    and Arabic's prefix needs letters after it; whitespace splits there and a
    :attr:`~answermatch.tokenizers.base.Tokenizer.local_to_whitespace`
    tokenizer reads each stretch on its own; and a number read by
    :func:`~answermatch.analysis.split_numbers` takes a space only after a
    digit. So the pieces' tokens and units, one after the other, are the
    whole text's.

    ``counted``: the units (and a ``plain`` key) of a long text are
    :class:`~answermatch.matchers.answers.CountedTokens`, each piece's
    counted and dropped (what scoring needs), not a tuple; the units of a
    key joined by spaces always are, and that key is a :class:`JoinedKey`
    (its length, its parts made again when compared). ``whole``: where the
    rules do not allow pieces (MeCab reads across spaces), ``plain``
    tokens of the whole text a stretch at a time, counted so (``counted``)
    rather than held in lists and tuples. ``in_words``: the F1 units are
    the tokens' characters (KorQuAD's): a text is also cut between two
    Hangul syllables or CJK ideographs of U+4E00..U+9FA5, or just before a
    Thai consonant after a Thai letter or mark (which every rule keeps and
    none reads across; only the words they belong to are split, so the
    key's pieces are joined there without a space), so Korean, Chinese,
    Japanese kanji and Thai written without spaces are cut too; also
    between two letters of :func:`word_letters` (Cyrillic, Greek or Latin
    without spaces) and just before one without case after one of
    :func:`word_characters` (a Thai vowel or mark), or after a digit where
    ``digits`` (no ``numbers`` rule: a digit is a character of its word).
    ``at_numbers``: ``plain`` tokens whose numbers are read by value
    (:func:`numbers_by_value`): a text is also cut where an ASCII digit and
    a character of U+4E00..U+9FA5 meet (``_CUT_AT_NUMBERS``), so
    Chinese written without spaces is cut at its numbers.
    ``letters()`` (asked once): where the text is counted (``counted``, or
    a key joined by spaces), it is also cut inside a run of ASCII letters
    (:func:`~answermatch.normalization.steps.in_letters`), which every
    rule of :data:`LETTER_CUT_RULES` maps to ASCII letters and reads no
    further into than an article's length; a token so cut is counted whole
    (:meth:`~answermatch.matchers.answers.CountedTokens.of_glued`: a token
    longer than :data:`~answermatch.matchers.answers.LONG_TOKEN` by a key
    that stands for it), a key's pieces joined there without a space. So a
    run of letters as long as the text is never held normalized.
    ``thai()`` (asked once): where ``plain`` tokens are counted, a text is
    also cut just before a Thai consonant after one of
    :data:`THAI_IN_WORDS` (``_THAI_CUT``), which every rule of
    :data:`THAI_CUT_RULES` keeps and reads nothing across; the token cut
    there is counted whole, as a run of letters is, so Thai written
    without spaces (the ``fair`` rules of SQuAD, SQuAD v2.0 and MLQA) is
    never held normalized whole either.
    """
    known: list[bool] = []
    cut = _CUT_AT_NUMBERS if at_numbers else _CUT

    def by_pieces(text: str) -> tuple[Tokens | str, Sequence[str]]:
        if len(text) <= _steps.PIECE_CHARS:
            return analyse(text)
        if not known:
            known.extend((piecewise(), letters(), plain and counted and thai()))
        if not known[0]:
            if counted and whole is not None:  # the text at once, its tokens counted
                counts = CountedTokens.of_pieces(lambda: whole(text), _as_it_is)
                return counts, counts
            return analyse(text)
        if plain and not counted:
            tokens = tuple(shared_tokens(text, lambda piece: analyse(piece)[1], cut))
            return tokens, tokens  # type: ignore[return-value]
        base = _cut_in_words(digits) if in_words else cut  # made for a long text only
        at = in_letters(base) if known[1] else base
        if plain:  # each piece's tokens (or stretches of tokens) counted
            continues = starts_in_word
            if known[2]:  # cut inside a run of Thai too
                at, continues = _or_thai(at), _starts_in_word_or_thai
            counted_tokens = CountedTokens.of_glued(
                lambda: pieces(text, at),
                whole or (lambda piece: (analyse(piece)[1],)),
                continues,
            )
            return counted_tokens, counted_tokens  # type: ignore[return-value]
        # the key: its pieces' keys, each after a space but where the piece
        # is cut inside a word (it starts with a Hangul syllable, a CJK
        # ideograph or an ASCII letter)
        length = 0
        counts: dict[str, int] = {}
        size = 0
        first = True
        for piece in pieces(text, at):
            key, found = analyse(piece)
            if key:
                length += len(key) + (0 if first or _in_word(piece) else 1)
                first = False
            size += len(found)
            if type(found) is CountedTokens:  # a long piece's, counted as made
                for unit, count in found.counts.items():
                    counts[unit] = counts.get(unit, 0) + count
            else:
                _count_elements(counts, found)

        def remake() -> Iterable[str]:
            return chain.from_iterable(analyse(piece)[1] for piece in pieces(text, at))

        def keys() -> Iterator[str]:
            first = True
            for piece in pieces(text, at):
                key = analyse(piece)[0]
                if key:
                    if not (first or _in_word(piece)):
                        yield " "
                    if type(key) is JoinedKey:  # a long piece not cut (by_value's)
                        yield from key.parts()
                    else:
                        yield key  # type: ignore[misc]
                    first = False

        return JoinedKey(length, keys, sep=""), CountedTokens(counts, size, remake)

    return by_pieces


#: Where the string steps of :data:`HAN_CUT_RULES` and the number reader
#: may cut a text: just before a CJK ideograph of U+4E00..U+9FA5. NFKC
#: keeps it and composes it with nothing (a starter that decomposes to
#: nothing and is the second character of no composition), so a text's
#: NFKC is its pieces' one after the other, each still starting with the
#: ideograph; the case mappings map it to itself, and ``str.lower``'s
#: final sigma looks for a cased letter past case-ignorable characters
#: only, which an ideograph (a letter without case) is not, so the context
#: ends there as at the text's end; punctuation is deleted character by
#: character; a number (a run of digits with separators between them)
#: never holds it and neither starts nor ends differently beside it.
_HAN_CUT = re.compile("[\u4e00-\u9fa5]")


def _in_word(piece: str) -> bool:
    """Whether a piece of :func:`_cut_in_words` (or of it and
    :func:`~answermatch.normalization.steps.in_letters`, or of
    :data:`_CUT` and it) was cut inside a word: every place these cut at
    but the one just before a space is inside a word."""
    return piece[:1] != " "


#: Where a long text may be cut inside a run of Thai for rules that keep
#: :data:`THAI_IN_WORDS` and read nothing across the place before a Thai
#: consonant after one (:data:`THAI_CUT_RULES`): just before the consonant.
_THAI_CUT = f"(?<=[{THAI_IN_WORDS}])[{THAI_CONSONANTS}]"


@cache
def _or_thai(at: re.Pattern[str]) -> re.Pattern[str]:
    """``at``, or just before a Thai consonant after a Thai letter or mark
    (``_THAI_CUT``; ``at`` never matches there: it cuts before a space, an
    ideograph, a digit or an ASCII letter)."""
    return re.compile(f"(?:{at.pattern})|{_THAI_CUT}")


def _starts_in_word_or_thai(piece: str) -> bool:
    """Whether a piece of a text cut at :func:`_or_thai` was cut inside a
    word: it starts with an ASCII letter
    (:func:`~answermatch.normalization.steps.starts_in_word`) or a Thai
    consonant (no other place it is cut at is just before one)."""
    return starts_in_word(piece) or "\u0e01" <= piece[:1] <= "\u0e2e"


def _as_it_is(tokens: Sequence[str]) -> Sequence[str]:
    return tokens


def _number_pieces(text: str, lang: str) -> Iterator[tuple[bool, str]]:
    from ...analysis import number_pieces

    return number_pieces(text, lang)


#: a ``numbers`` rule -> the same pieces one at a time (a long text's without their list);
#: a task adds its own rule's
NUMBER_PIECES: dict[object, Callable[[str, str], Iterable[tuple[bool, str]]]] = {
    numbers_by_value: _number_pieces
}


def _name(step: Callable[..., Any]) -> str:
    return getattr(step, "__name__", repr(step))


#: the official rules of SQuAD and of MLQA, which have fast paths
_SQUAD = (None, str.lower, strip_ascii_punct, squad_articles, whitespace_tokens, None)
_MLQA = (None, str.lower, strip_mlqa_punct, mlqa_articles, mlqa_tokens, None)


@cache
def _squad_tokens(counted: bool = False) -> Callable[[str], Sequence[str]]:
    """SQuAD's tokens: the ``squad`` normalization preset, split on spaces
    (``counted``: a long text's as
    :class:`~answermatch.matchers.answers.CountedTokens`)."""
    from ...normalization import normalizer

    normalize = normalizer("squad")

    def split(text: str) -> list[str]:
        return normalize(text).split()

    if counted:
        return lambda text: _counted_tokens(text, split)
    # a long text piece by piece: its tokens without one string object each
    return lambda text: tokens_by_pieces(text, split)


def _counted_tokens(
    text: str, split: Callable[[str], Sequence[str]], at: re.Pattern[str] | None = None
) -> Sequence[str]:
    """``tuple(split(text))``, or for a text longer than
    :data:`~answermatch.normalization.steps.PIECE_CHARS` (``split`` reading
    nothing across whitespace, or ``at``'s matches, before which the text
    is cut, nor across the cuts of :func:`_or_thai`) its counts, piece by
    piece."""
    if len(text) <= _steps.PIECE_CHARS:
        return tuple(split(text))
    # cut inside a run of letters too: no rule of SQuAD's nor MLQA's reads
    # further into one than an article's length (see LETTER_CUT_RULES); and
    # inside a run of Thai, before a consonant after a Thai letter or mark,
    # across which none reads (see THAI_CUT_RULES; their articles are words
    # of other scripts, and Arabic's ``ال`` replaced wherever it stands)
    cut = _or_thai(in_letters(at))
    return CountedTokens.of_glued(
        lambda: pieces(text, cut), lambda piece: (split(piece),), _starts_in_word_or_thai
    )


#: Where MLQA's zh rule may cut a long text: before whitespace or a
#: character of U+4E00..U+9FA5 (a token of its own, not cased nor
#: case-ignorable, so a final sigma's context ends at it, and no
#: punctuation), so a Chinese text without spaces is cut too.
_ZH_CUT = re.compile("[\\s\u4e00-\u9fa5]")


@cache
def _mlqa_words(
    lang: str, counted: bool = False
) -> tuple[Callable[[str], tuple[Tokens, Tokens]], Callable[[str], Tokens]]:
    """MLQA's official rule for ``lang`` as one function a text: the
    analyzer (``text -> (tokens, tokens)``) and the tokenizer. Lower-case,
    :func:`strip_mlqa_punct`, then the language's articles and tokens in
    one step (Arabic's ``ال`` replaced as :func:`mlqa_articles` does, the
    other languages' articles dropped by
    :func:`~answermatch.normalization.steps.without_articles`, zh's
    characters split by :func:`mlqa_tokens`); a long text piece by piece
    (nothing in the rule reads across whitespace), ``counted``: as
    :class:`~answermatch.matchers.answers.CountedTokens`."""
    delete = _mlqa_deleter()
    pattern = _MLQA_ARTICLES.get(lang)
    split: Callable[[str], Sequence[str]]
    if pattern is not None:  # whitespace tokens without the language's articles
        split = without_articles(pattern)
    elif lang == "zh":
        split = _cjk_split()
    elif lang in MLQA_LANGUAGES:
        split = str.split
    else:
        raise ValueError(f"MLQA has no rule for language {lang!r}")
    article = _ARABIC_ARTICLE if lang == "ar" else None
    at = _ZH_CUT if lang == "zh" else None

    def words(text: str) -> Sequence[str]:
        text = delete(case_mapped(text, str.lower))
        return split(text if article is None else text.replace(article, " "))

    def analyse(text: str) -> tuple[Tokens, Tokens]:
        tokens: Sequence[str]
        if len(text) > PIECE_CHARS:
            tokens = (
                _counted_tokens(text, words, at) if counted else tokens_by_pieces(text, words, at)
            )
        elif article is None:
            tokens = tuple(split(delete(text.lower())))
        else:  # Arabic: the fewest calls
            tokens = tuple(delete(text.lower()).replace(article, " ").split())
        return tokens, tokens  # type: ignore[return-value]

    return analyse, lambda text: analyse(text)[0]


@cache
def _language_split(lang: str) -> Callable[[str], list[str]]:
    build = _LANGUAGE_SPLIT.get(lang)
    return str.split if build is None else build()


def _tokenizer_split(lang: str) -> Callable[[], Callable[[str], list[str]]]:
    def build() -> Callable[[str], list[str]]:
        from ...tokenizers import get_tokenizer

        tokenizer = get_tokenizer(lang)
        return lambda text: [t for t in tokenizer.tokenize(text) if t and not t.isspace()]

    return build


#: Languages whose official rule splits characters or whitespace where the
#: language has a word tokenizer: the ``language`` tokens use it.
_LANGUAGE_SPLIT: dict[str, Callable[[], Callable[[str], list[str]]]] = {
    "zh": _tokenizer_split("zh"),
    "ja": _tokenizer_split("ja"),
}


#: The rules that read nothing across an ASCII space after an ASCII
#: character other than a digit (see ``_long_by_pieces``): with these (and
#: whitespace tokens, or a tokenizer that is ``local_to_whitespace``), a
#: long answer under the ``numbers`` rule is analysed piece by piece. A task
#: adds a rule of its own that has the same property.
PIECEWISE_RULES: set[object] = {
    None,
    nfkc,
    str.lower,
    casefold,
    strip_ascii_punct,
    strip_mlqa_punct,
    strip_noise,
    remove_articles,
    numbers_by_value,
}


#: The rules that read nothing across a place just before a character of
#: U+4E00..U+9FA5 (see ``_HAN_CUT``): with these (and no articles in the
#: language), a stretch of a long text between two numbers is normalized a
#: piece at a time and its parts given to the tokenizer (jieba, MeCab),
#: which reads them as one text. A task adds a rule of its own that has the
#: same property.
HAN_CUT_RULES: set[object] = {
    None,
    nfkc,
    str.lower,
    casefold,
    strip_ascii_punct,
    strip_mlqa_punct,
    numbers_by_value,
}


#: The rules that keep Hangul syllables and CJK ideographs of
#: U+4E00..U+9FA5 and read nothing across two of them (no final sigma's
#: context, composition, deletion or number holds one: neither is cased,
#: case-ignorable, a digit or a mark), and that keep the Thai characters of
#: :data:`THAI_IN_WORDS` and read nothing across the place before a Thai
#: consonant after one (the consonant is a starter that composes with
#: nothing before it, neither cased nor case-ignorable, no punctuation, no
#: digit, no separator of a number, so a number, a deletion or a final
#: sigma's context ends there as at the end of a text): with these, no
#: articles, whitespace tokens and the characters as F1 units (KorQuAD's),
#: a long answer is also cut between two of them, and just before such a
#: consonant, so Korean, Chinese or Thai written without spaces is analysed
#: piece by piece. They keep the letters of :func:`word_letters` and
#: :func:`word_characters` too and read nothing across the places
#: ``_cut_in_words`` cuts at (Cyrillic or Greek without spaces, Thai
#: vowels and marks). These are the
#: rules above but the articles' (a set of its own: a task adds a rule that
#: has this property).
IN_WORD_RULES: set[object] = PIECEWISE_RULES - {remove_articles}


#: The rules of width, case, punctuation and numbers that keep the Thai
#: characters of :data:`THAI_IN_WORDS` and read nothing across the place
#: just before a Thai consonant after one (see :data:`IN_WORD_RULES`): with
#: these, articles that are whole words (no Thai letter in any, so none
#: starts or ends at that place, and a word boundary there is one in either
#: piece: both characters are word characters; not Arabic's prefix of the
#: words rule, which looks two letters past it) and tokens split at
#: whitespace, a long text whose tokens are counted is also cut there (see
#: ``_long_by_pieces``), its token cut there counted whole: Thai written
#: without spaces under the ``fair`` rules of SQuAD, SQuAD v2.0 and MLQA.
#: A task adds a rule of its own that has the same property.
THAI_CUT_RULES: set[object] = set(IN_WORD_RULES)


#: The rules that map ASCII letters to ASCII letters and read no further
#: than :data:`~answermatch.normalization.steps.LETTER_MARGIN` characters
#: into a run of them: NFKC keeps them and composes nothing with one after
#: another (each a starter that is the second character of no
#: composition); the case mappings map each alone (a final sigma's context
#: ends at the first cased letter); punctuation is deleted a character at
#: a time; an article is a whole word of at most five letters, so it
#: matches neither inside a longer run nor at the edge of a piece that ends
#: or starts with one; Arabic's ``ال`` holds no ASCII letter; a number
#: holds none either. With these, whitespace tokens and the tokens or
#: their characters as F1 units, a long text is also cut inside a run of
#: ASCII letters (see ``_long_by_pieces``). A task adds a rule of its own
#: that has the same property.
LETTER_CUT_RULES: set[object] = PIECEWISE_RULES | {squad_articles, mlqa_articles}


def f1_of(pred: Tokens, gold: Tokens, empty_f1: float) -> float:
    """Bag-of-tokens F1 as the official scripts compute it, bit for bit
    (:func:`~answermatch.matchers.answers.best_overlap` on one answer): 0
    without a shared token; ``empty_f1`` when both sides are empty.

    >>> f1_of(("a", "b"), ("b", "c", "d"), 0.0)
    0.4
    >>> f1_of(("a", "a", "b"), ("a", "b", "b", "a"), 0.0)  # shared: a, a, b
    0.8571428571428571
    >>> f1_of((), (), 0.0), f1_of((), (), 1.0), f1_of(("x",), (), 1.0)
    (0.0, 1.0, 0.0)
    """
    if not pred:
        return empty_f1 if not gold else 0.0
    return best_overlap(pred, answer_set((gold,)))[0]
