"""The rules that turn an answer into the tokens EM and F1 compare, as one
settings object per profile (:class:`SpanRules`), for SQuAD v1.1, v2.0 and
MLQA alike.

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

The ``fair`` switches, each measurable alone (``dataclasses.replace``):
``punct="unicode"`` (MLQA's set for SQuAD too), ``width="nfkc"``,
``articles="words"`` (the language's articles as whole words; for Arabic
the word-initial prefix ``ال`` only, :func:`answermatch.normalization.steps.remove_articles`),
``tokens="language"`` (jieba words for zh, MeCab for ja, whitespace for the
rest), ``numbers="value"`` (each number one token in canonical form,
:func:`answermatch.analysis.split_numbers`), ``empty_f1=1.0`` (F1 of two
answers that both have no token is 1, as SQuAD v2.0 says, not 0).

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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cache

from ...errors import UnknownLanguageError
from ...languages import canonical_language
from ...matchers.answers import answer_set, best_overlap
from ...normalization.steps import (
    SQUAD_ARTICLES,
    squad_articles,
    strip_ascii_punct,
    tokens_by_pieces,
    without_articles,
)
from ...profiles import Settings, choice

__all__ = [
    "MLQA_LANGUAGES",
    "SpanRules",
    "SquadRules",
    "answer_language",
    "f1_of",
    "mlqa_punctuation",
]

Tokens = tuple[str, ...]

#: The languages MLQA's script knows (any other raises an exception there).
MLQA_LANGUAGES = ("en", "es", "de", "ar", "hi", "vi", "zh")

# ASCII punctuation deleted from ASCII text through bytes: three calls, each a plain C
# loop, take a third of the time of str.translate's per-character lookups
# (an int object and a dict lookup per character). On other text, letters
# and digits alone (str.isalnum: no character of category P) skip the table.
_ASCII_PUNCT_BYTES = string.punctuation.encode("ascii")
_MLQA_ARTICLES: dict[str, re.Pattern[str] | None] = {
    "en": SQUAD_ARTICLES,
    "es": re.compile(r"\b(un|una|unos|unas|el|la|los|las)\b"),
    "hi": None,
    "vi": re.compile(r"\b(của|là|cái|chiếc|những)\b"),
    "de": re.compile(r"\b(ein|eine|einen|einem|eines|einer|der|die|das|den|dem|des)\b"),
    "zh": None,
}
_CJK_SPLIT = re.compile(r"[\u4e00-\u9fa5]|[^\u4e00-\u9fa5\s]+").findall


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


@dataclass(frozen=True)
class SquadRules(Settings):
    """The rules of a task of the SQuAD family: :meth:`analyzer` gives, for
    a language, ``text -> (EM key, F1 units)`` (two texts match exactly
    when their keys are equal; F1 is the overlap of their units), and
    ``empty_f1`` is the F1 of two texts without units. This base takes
    them as functions: ``normalize`` (text -> key) and ``units`` (key ->
    units; words by default); :class:`SpanRules` (SQuAD, MLQA) and
    KorQuAD's settings derive from it with rules chosen by switches.

    >>> from answermatch.tasks.squad import SquadRules
    >>> rules = SquadRules("official", normalize=str.lower, units=tuple)  # characters
    >>> rules.analyzer("en")("Oslo")
    ('oslo', ('o', 's', 'l', 'o'))
    """

    normalize: Callable[[str], str] | None = None
    units: Callable[[str], Sequence[str]] = str.split
    empty_f1: float = 0.0

    def analyzer(self, lang: str) -> Callable[[str], tuple[Hashable, Sequence[str]]]:
        """``text -> (EM key, F1 units)`` for language ``lang``."""
        normalize = self.normalize or (lambda text: text)
        units = self.units

        def analyse(text: str) -> tuple[str, tuple[str, ...]]:
            key = normalize(text)
            return key, tuple(units(key))

        return analyse

    def tokenizer_signature(self, lang: str) -> str | None:
        """The signature of a language tokenizer the rules use (none here)."""
        return None


@dataclass(frozen=True)
class SpanRules(SquadRules):
    """A profile's rules (see :mod:`answermatch.tasks.squad.rules` for each value).

    ``punct``: ``"ascii"`` (SQuAD) or ``"unicode"`` (MLQA's category-P set);
    ``width``: ``"keep"`` or ``"nfkc"``; ``articles``: ``"squad"``,
    ``"mlqa"`` or ``"words"``; ``tokens``: ``"whitespace"``, ``"mlqa"`` or
    ``"language"``; ``numbers``: ``"string"`` or ``"value"``; ``empty_f1``:
    the F1 of two answers without tokens (0 in SQuAD v1.1 and MLQA, 1 in
    SQuAD v2.0).
    """

    punct: str = choice("ascii", "unicode")
    width: str = choice("keep", "nfkc")
    articles: str = choice("squad", "mlqa", "words")
    tokens: str = choice("whitespace", "mlqa", "language")
    numbers: str = choice("string", "value")

    def steps(self, lang: str) -> list[tuple[str, Callable[[str], str]]]:
        """The string steps before tokenization, named, in order."""
        out: list[tuple[str, Callable[[str], str]]] = []
        if self.width == "nfkc":
            out.append(("nfkc", nfkc))
        out.append(("lower", str.lower))
        if self.punct == "ascii":
            out.append(("strip_ascii_punct", strip_ascii_punct))
        else:
            out.append(("strip_unicode_punct", _strip_mlqa_punct))
        articles = _articles(self.articles, lang)
        if articles is not None:
            out.append(("remove_articles", articles))
        return out

    def split(self, lang: str) -> Callable[[str], list[str]]:
        """How the normalized text becomes tokens."""
        if self.tokens == "mlqa":
            if lang not in MLQA_LANGUAGES:
                raise ValueError(f"MLQA has no rule for language {lang!r}")
            return _CJK_SPLIT if lang == "zh" else str.split
        if self.tokens == "language" and lang in _LANGUAGE_SPLIT:
            return _LANGUAGE_SPLIT[lang]()
        return str.split

    def tokenizer(self, lang: str) -> Callable[[str], Tokens]:
        """``text -> tokens`` under these rules for language ``lang``."""
        squad = (self.width, self.punct, self.articles, self.tokens, self.numbers)
        if squad == ("keep", "ascii", "squad", "whitespace", "string"):
            return _squad_tokens()  # SQuAD's rule: the squad normalization preset
        if squad == ("keep", "unicode", "mlqa", "mlqa", "string"):
            return _mlqa_tokens(lang)  # MLQA's rule in one expression
        steps = [step for _, step in self.steps(lang)]
        split = self.split(lang)

        def words(text: str) -> list[str]:
            for step in steps:
                text = step(text)
            return split(text)

        if self.numbers == "string":
            return lambda text: tuple(words(text))
        from ...analysis import split_numbers

        def by_value(text: str) -> Tokens:
            if self.width == "nfkc":
                text = nfkc(text)
            tokens: list[str] = []
            for is_number, piece in split_numbers(text, lang):
                tokens.extend([piece] if is_number else words(piece))
            return tuple(tokens)

        return by_value

    def analyzer(self, lang: str) -> Callable[[str], tuple[Tokens, Tokens]]:
        """``text -> (EM key, F1 units)``: here both are the tokens (two
        normalized texts are equal exactly when their tokens are)."""
        tokenize = self.tokenizer(lang)

        def analyse(text: str) -> tuple[Tokens, Tokens]:
            tokens = tokenize(text)
            return tokens, tokens

        return analyse

    def tokenizer_signature(self, lang: str) -> str | None:
        """The signature of the language tokenizer these rules use, if any."""
        if self.tokens != "language" or lang not in _LANGUAGE_SPLIT:
            return None
        from ...tokenizers import get_tokenizer

        return get_tokenizer(lang).signature()


@cache
def _squad_tokens() -> Callable[[str], Tokens]:
    """SQuAD's tokens: the ``squad`` normalization preset, split on spaces."""
    from ...normalization import normalizer

    normalize = normalizer("squad")

    def split(text: str) -> list[str]:
        return normalize(text).split()

    # a long text piece by piece: its tokens without one string object each
    return lambda text: tokens_by_pieces(text, split)


def nfkc(text: str) -> str:
    """Unicode NFKC (width folding and the other compatibility mappings)."""
    return unicodedata.normalize("NFKC", text)


def _mlqa_tokens(lang: str) -> Callable[[str], Tokens]:
    table = mlqa_punctuation()
    pattern = _MLQA_ARTICLES.get(lang)
    if pattern is not None:  # whitespace tokens without the language's articles
        split = without_articles(pattern)

        def tokens(text: str) -> Tokens:
            text = text.lower()
            if text.isascii():  # every ASCII character of category P is in string.punctuation
                return tuple(split(text.encode().translate(None, _ASCII_PUNCT_BYTES).decode()))
            if text.replace(" ", "").isalnum():  # letters and digits: no punctuation to delete
                return tuple(split(text))
            return tuple(split(text.translate(table)))

        return tokens
    articles = _articles("mlqa", lang) or (lambda text: text)
    split = SpanRules("mlqa", tokens="mlqa").split(lang)

    def other_tokens(text: str) -> Tokens:
        text = text.lower()
        if text.isascii():
            text = text.encode().translate(None, _ASCII_PUNCT_BYTES).decode()
        elif not text.replace(" ", "").isalnum():  # else no punctuation to delete
            text = text.translate(table)
        return tuple(split(articles(text)))

    return other_tokens


def _strip_mlqa_punct(text: str) -> str:
    if text.isascii():  # every ASCII character of category P is in string.punctuation
        return strip_ascii_punct(text)
    return text.translate(mlqa_punctuation())


def _ar_article(text: str) -> str:
    return text.replace("ال", " ")


def _articles(rule: str, lang: str) -> Callable[[str], str] | None:
    if rule == "squad":
        return squad_articles
    if rule == "mlqa":
        if lang == "ar":
            return _ar_article
        if lang not in _MLQA_ARTICLES:
            raise ValueError(f"MLQA has no rule for language {lang!r}")
        pattern = _MLQA_ARTICLES[lang]
        return None if pattern is None else (lambda text: pattern.sub(" ", text))
    from ...normalization.steps import remove_articles  # loads regex: only for fair rules

    return lambda text: remove_articles(text, lang)


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
