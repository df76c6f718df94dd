"""Text analysers for fair profiles: the tokens an answer is compared by,
with each official rule replaceable by a fairer one through one switch.

The official XOR-TyDi scorers (https://github.com/AkariAsai/XORQA,
``evals/``) lower-case, drop ASCII punctuation, split on whitespace and (for
XOR-Full) delete ``年 歳 人 년`` anywhere. :class:`Analyzer` turns an answer
into the tokens F1 and EM compare, with each of the official rules replaced
by a fairer one through one switch, so that each difference can be measured
alone:

``norm``
    ``"official"``: ``str.lower``, ASCII punctuation removed, whitespace
    collapsed (SQuAD articles too when ``articles`` is set, as the
    EnglishSpan scorer does). ``"unicode"``: the library's ``unicode``
    preset (:mod:`answermatch.normalization`: NFKC, so width folding, full
    case folding, Unicode punctuation and symbols removed, articles of the
    language).
``tokens``
    ``"official"``: whitespace tokens (for Japanese after MeCab ``-Owakati``,
    as the XOR-Full scorer does). ``"language"``: the language's tokenizer
    (:func:`answermatch.tokenizers.tokenize`: MeCab for ja, jieba's
    ``mixed`` mode for zh, i.e. one token per Chinese character as Chinese
    reading-comprehension scorers count, the Unicode word splitter for ko,
    ar, ru...), whitespace for a language without one.
``counters``
    ``"anywhere"``: XOR-Full deletes ``年 歳 人 년`` wherever they stand
    (``人口`` becomes ``口``). ``"after-number"``: only a counter that
    directly follows a number goes: the token after a number token, or the
    suffix of a token that is a number followed by it (``1990年`` and
    ``1990년`` become ``1990``; ``人口`` stays). ``"keep"``: none is deleted.
``numbers``
    ``"string"``: digits are text. ``"value"``: every number is read with
    :func:`answermatch.matchers.extract_number` in the analyser's language
    (any script's digits, thousands separators, decimal comma; the
    language's CLDR decimal sign decides the ambiguous ``1,500``: 1500 in
    ``en``, 1.5 in ``ru`` and ``fi``) and becomes one token in canonical
    form, so ``1 000`` = ``1000`` and ``３,５`` = ``3.5``.

>>> fair = Analyzer("ja", norm="unicode", tokens="language", counters="after-number",
...                 numbers="value")
>>> fair("人口 1 000人")
('人口', '1000')
>>> Analyzer("ja")("人口 1 000人")  # the official rules
('口', '1', '000')
>>> Analyzer("en", norm="unicode", articles=True, numbers="value")("The ＵＳＡ, 3,5 %")
('usa', '3.5')
>>> [Analyzer(lang, numbers="value")("1,500 km") for lang in ("en", "ru")]
[('1500', 'km'), ('1.5', 'km')]
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from .normalization import normalize
from .normalization.steps import (
    XOR_COUNTERS,
    collapse_whitespace,
    deleter,
    lower,
    remove_counters,
    squad_article_split,
    squad_articles,
    strip_ascii_punct,
)

__all__ = [
    "COUNTERS",
    "Analyzer",
    "number_pieces",
    "official_tokens",
    "split_numbers",
    "strip_counters",
    "tokenizer_signature",
]

#: The counter characters of the official XOR-Full scorer.
COUNTERS = frozenset(XOR_COUNTERS)

# A number as extract_number reads it: a 1-3 digit group followed by groups
# of three digits with one separator kind, or a plain digit run; then an
# optional decimal part. Unicode digits (Python's \d) of any script.
_NUMBER = re.compile(
    r"(?<!\d)(?:\d{1,3}(?P<sep>[ \u00a0\u202f\u2009'\u2019\u066c,.])\d{3}(?!\d)"
    r"(?:(?P=sep)\d{3}(?!\d))*|\d+)(?:[.,\u066b]\d+)?"
)
_CANONICAL = re.compile(r"-?\d+(?:\.\d+)?")
_COUNTER_SUFFIX = re.compile(rf"(\d+(?:\.\d+)?)[{XOR_COUNTERS}]")
# Tokenizer modes used by the fair profiles (default: the language's "word").
_MODES: dict[str, str] = {"zh": "mixed"}


def split_numbers(text: str, lang: str | None = None) -> list[tuple[bool, str]]:
    """``text`` cut into ``(is_number, piece)`` pieces; a number piece holds
    its canonical value (:func:`~answermatch.matchers.extract_number`, with
    ``lang`` deciding the ambiguous ``1.000``; a language answermatch does not
    know reads as none).

    >>> split_numbers("około 1 000,5 km")
    [(False, 'około '), (True, '1000.5'), (False, ' km')]
    >>> split_numbers("２０２０年")
    [(True, '2020'), (False, '年')]
    >>> split_numbers("1.000 Euro", "de"), split_numbers("1.000 euros", "en")
    ([(True, '1000'), (False, ' Euro')], [(True, '1'), (False, ' euros')])
    """
    return list(number_pieces(text, lang))


def number_pieces(text: str, lang: str | None = None) -> Iterator[tuple[bool, str]]:
    """The pieces of :func:`split_numbers`, one at a time (a long text's
    without the list of them).

    >>> list(number_pieces("a 1 000 b"))
    [(False, 'a '), (True, '1000'), (False, ' b')]
    """
    from .matchers import extract_number  # lazily: the official rules never read numbers

    if lang is not None:
        from .errors import UnknownLanguageError
        from .languages import canonical_language

        try:
            canonical_language(lang)
        except UnknownLanguageError:
            lang = None
    end = 0
    for match in _NUMBER.finditer(text):
        if match.start() > end:
            yield False, text[end : match.start()]
        yield True, extract_number(match.group(), lang=lang) or match.group()
        end = match.end()
    if end < len(text):
        yield False, text[end:]


def strip_counters(tokens: list[str]) -> list[str]:
    """Drop a counter (``年 歳 人 년``) that directly follows a number: a
    counter token after a number token, or a counter suffix on a number
    token. Counters elsewhere (``人口``) stay.

    >>> strip_counters(["1990", "年", "人口", "25歳", "年号"])
    ['1990', '人口', '25', '年号']
    """
    out: list[str] = []
    for token in tokens:
        if token in COUNTERS and out and _CANONICAL.fullmatch(out[-1]):
            continue
        suffixed = _COUNTER_SUFFIX.fullmatch(token)
        out.append(suffixed.group(1) if suffixed else token)
    return out


def _official_norm(articles: bool) -> Callable[[str], str]:
    steps = (lower, strip_ascii_punct, *((squad_articles,) if articles else ()))

    def norm(text: str) -> str:
        for step in steps:
            text = step(text)
        return collapse_whitespace(text)

    return norm


def official_tokens(
    *, counters: bool = False, articles: bool = False
) -> Callable[[str], list[str]]:
    """The official rules as one step: ``str.lower``, then the ASCII
    punctuation (and with ``counters`` the characters ``年 歳 人 년``)
    deleted in one pass (:func:`~answermatch.normalization.steps.deleter`),
    SQuAD's articles replaced by a space (with ``articles``), then
    ``str.split``. The tokens are those of the steps
    one by one (the deletions touch disjoint characters and no whitespace,
    and collapsing whitespace before ``split`` changes nothing).

    >>> official_tokens(counters=True)("Tokyo, 1990年!")
    ['tokyo', '1990']
    >>> official_tokens(articles=True)("The Lake (a big one)")
    ['lake', 'big', 'one']
    """
    delete = deleter(string.punctuation + (XOR_COUNTERS if counters else ""))
    if articles:

        def tokens(text: str) -> list[str]:
            return squad_article_split(delete(text.lower()))

        return tokens

    def plain(text: str) -> list[str]:
        return delete(text.lower()).split()

    return plain


def tokenizer_signature(lang: str) -> str:
    """The signature of the tokenizer the ``language`` tokens use for ``lang``
    (``whitespace`` for a language without a tokenizer)."""
    from .errors import UnknownLanguageError
    from .tokenizers import get_tokenizer

    try:
        signature = get_tokenizer(lang).signature()
    except UnknownLanguageError:
        return "whitespace"
    mode = _MODES.get(lang)
    return f"{signature},mode={mode}" if mode else signature


@dataclass
class Analyzer:
    """The tokens of an answer in language ``lang`` under the given switches
    (see :mod:`answermatch.analysis`); call it on a text. ``prediction=True``
    applies the XOR-Full scorer's extra replacements for a Japanese
    prediction (``・`` -> space, ``、`` -> ``,``) when ``tokens="official"``.
    ``articles``: drop the articles (SQuAD's under ``norm="official"``, the
    language's under ``"unicode"``; XOR-EnglishSpan drops English ones)."""

    lang: str
    norm: str = "official"
    tokens: str = "official"
    counters: str = "anywhere"
    numbers: str = "string"
    articles: bool = False
    _norm: Callable[[str], str] = field(init=False, repr=False)
    _split: Callable[[str], list[str]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        norms: dict[str, Callable[[], Callable[[str], str]]] = {
            "official": lambda: _official_norm(self.articles),
            "unicode": lambda: partial(
                normalize, lang=self.lang if self.articles else None, preset="unicode"
            ),
        }
        splits: dict[str, Callable[[], Callable[[str], list[str]]]] = {
            "official": lambda: str.split,
            "language": self._language_split,
        }
        for name, value, known in (
            ("norm", self.norm, norms),
            ("tokens", self.tokens, splits),
            ("counters", self.counters, ("anywhere", "after-number", "keep")),
            ("numbers", self.numbers, ("string", "value")),
        ):
            if value not in known:
                raise ValueError(f"unknown {name} rule {value!r}; rules: {', '.join(known)}")
        self._norm = norms[self.norm]()
        self._split = splits[self.tokens]()
        self._wakati = self.tokens == "official" and self.lang == "ja"
        # the official rules in one step (same tokens, far fewer calls)
        self._fast = (
            official_tokens(counters=self.counters == "anywhere", articles=self.articles)
            if (self.norm, self.tokens, self.numbers) == ("official", "official", "string")
            and self.counters != "after-number"
            # counters go after the articles there: "a年" keeps its "a"
            and not (self.articles and self.counters == "anywhere")
            else None
        )

    def _language_split(self) -> Callable[[str], list[str]]:
        from .errors import UnknownLanguageError
        from .tokenizers import get_tokenizer

        try:
            tokenizer = get_tokenizer(self.lang)
        except UnknownLanguageError:
            return str.split
        mode = _MODES.get(self.lang)
        return lambda text: [t for t in tokenizer.tokenize(text, mode) if t and not t.isspace()]

    def splitter(self, *, prediction: bool = False) -> Callable[[str], Sequence[str]]:
        """This analyser as one function of a text (its tokens, a list or a
        tuple), with the switches resolved once.

        >>> Analyzer("fi").splitter()("Helsinki, 1990!")
        ['helsinki', '1990']
        """
        fast = self._fast
        if fast is None:
            return partial(self.__call__, prediction=prediction)
        if not self._wakati:
            return fast
        from .tokenizers import get_tokenizer

        wakati = get_tokenizer("ja").wakati  # type: ignore[attr-defined]
        if prediction:  # the official replacements, then MeCab, then the rules

            def japanese_prediction(text: str) -> list[str]:
                return fast(wakati(text.replace("・", " ").replace("、", ",")))

            return japanese_prediction

        def japanese(text: str) -> list[str]:
            return fast(wakati(text))

        return japanese

    def local_to_whitespace(self) -> Callable[[str], list[str]] | None:
        """This analyser as one function of a text when its rules read
        nothing across whitespace (as :meth:`str.split` sees it), so that a
        long text cut just before whitespace gives, piece after piece, the
        whole text's tokens; ``None`` otherwise. Those are the official rules
        but Japanese's (MeCab reads across spaces): ``str.lower`` (a final
        sigma looks no further than whitespace, which is neither cased nor
        case-ignorable), characters deleted one by one (none of them
        whitespace), SQuAD's articles as whole words (``\\b`` holds at the
        end of a piece as before the whitespace that followed it), then
        ``str.split``.

        >>> Analyzer("en").local_to_whitespace()("Paris, 1990年!")
        ['paris', '1990']
        >>> Analyzer("ja").local_to_whitespace() is None
        True
        """
        return None if self._wakati else self._fast

    def __call__(self, text: str, *, prediction: bool = False) -> tuple[str, ...]:
        if prediction and self._wakati:
            text = text.replace("・", " ").replace("、", ",")
        fast = self._fast
        if fast is not None:
            if self._wakati:  # MeCab first, then the normalization (the official order)
                from .tokenizers import get_tokenizer

                text = get_tokenizer("ja").wakati(text)  # type: ignore[attr-defined]
            return tuple(fast(text))
        pieces = split_numbers(text, self.lang) if self.numbers == "value" else [(False, text)]
        tokens: list[str] = []
        for is_number, piece in pieces:
            if is_number:
                tokens.append(piece)
                continue
            if self._wakati:  # MeCab first, then the normalization (the official order)
                from .tokenizers import get_tokenizer

                piece = get_tokenizer("ja").wakati(piece)  # type: ignore[attr-defined]
            piece = self._norm(piece)
            if self.counters == "anywhere":
                piece = remove_counters(piece)
            tokens.extend(self._split(piece))
        if self.counters == "after-number":
            tokens = strip_counters(tokens)
        return tuple(tokens)
