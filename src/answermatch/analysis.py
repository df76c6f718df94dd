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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from .normalization import normalize, steps
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

if TYPE_CHECKING:
    from .tokenizers.base import Tokenizer

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
    for value, start, end in _number_spans(text, lang):
        yield (False, text[start:end]) if value is None else (True, value)


def _number_spans(text: str, lang: str | None) -> Iterator[tuple[str | None, int, int]]:
    """:func:`number_pieces` as ``(value, start, end)``: a number's canonical
    value, or ``None`` for the text between two, and where it stands (no
    copy of a long stretch)."""
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
            yield None, end, match.start()
        yield extract_number(match.group(), lang=lang) or match.group(), *match.span()
        end = match.end()
    if end < len(text):
        yield None, end, len(text)


def strip_counters(tokens: list[str]) -> list[str]:
    """Drop a counter (``年 歳 人 년``) that directly follows a number: a
    counter token after a number token, or a counter suffix on a number
    token. Counters elsewhere (``人口``) stay.

    >>> strip_counters(["1990", "年", "人口", "25歳", "年号"])
    ['1990', '人口', '25', '年号']
    """
    return _strip_counters(tokens, None)[0]


def _strip_counters(tokens: Iterable[str], last: str | None) -> tuple[list[str], str | None]:
    """:func:`strip_counters` of ``tokens`` that follow the token ``last``
    (``None``: none), and the last token kept: the tokens of a text given a
    list at a time, with what the rule reads of the lists before."""
    out: list[str] = []
    append, counter, canonical, suffix = out.append, COUNTERS, _CANONICAL, _COUNTER_SUFFIX
    for token in tokens:
        if token in counter and last is not None and canonical.fullmatch(last):
            continue
        suffixed = suffix.fullmatch(token)
        last = suffixed.group(1) if suffixed else token
        append(last)
    return out, last


def _official_norm(articles: bool) -> Callable[[str], str]:
    steps = (lower, strip_ascii_punct, *((squad_articles,) if articles else ()))

    def norm(text: str) -> str:
        for step in steps:
            text = step(text)
        return collapse_whitespace(text)

    return norm


def _official_lists(
    fast: Callable[[str], list[str]], cut: re.Pattern[str], text: str
) -> Iterator[list[str]]:
    """The non-empty token lists of ``text``'s pieces under the official
    rules (``fast``), cut at ``cut``; a piece cut inside a word gives a
    :class:`~answermatch.normalization.steps.Continued`."""
    for piece in steps.pieces(text, cut):
        found = fast(piece)
        if found:
            yield steps.Continued(found) if _in_word(piece) else found


def official_tokens(
    *, counters: bool = False, articles: bool = False
) -> Callable[[str], list[str]]:
    """The official rules as one step: ``str.lower`` (a long text's a piece
    at a time: :func:`~answermatch.normalization.steps.lower`), then the ASCII
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
            return squad_article_split(delete(lower(text)))

        return tokens

    def plain(text: str) -> list[str]:
        return delete(lower(text)).split()

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
    # the language's tokenizer where the tokens are its words (else str.split)
    _tokenizer: Tokenizer | None = field(init=False, repr=False, compare=False, default=None)

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
        self._tokenizer = tokenizer
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

    def token_lists(self) -> Callable[[str], Iterator[list[str]]] | None:
        """This analyser as a function of a long text that gives its tokens
        (those of ``self(text, prediction=True)``) in consecutive non-empty
        lists (a piece's tokens under the official rules, else about
        :data:`TOKEN_LIST` tokens), holding one list's strings and one
        piece of the text's normal form at a time, not a string object per
        token of the whole text; ``None`` for the rules that
        run MeCab's ``-Owakati`` before the normalization (the official
        Japanese ones) or normalize otherwise than by the ``unicode`` preset.

        Nothing is cut where a rule reads across. The official rules (but
        Japanese's) read nothing across whitespace (as :meth:`str.split`
        sees it), so the text is cut just before whitespace: ``str.lower``
        (a final sigma looks no further than whitespace, which is neither
        cased nor case-ignorable), characters deleted one by one (none of
        them whitespace), SQuAD's articles as whole words (``\\b`` holds at
        the end of a piece as before the whitespace that followed it), then
        :meth:`str.split`. Nor more than an article's length into a run of
        ASCII letters, which none of them changes but to letters: the text is
        also cut inside one
        (:func:`~answermatch.normalization.steps.in_letters`), and between
        two Thai consonants, which every rule keeps and reads alone (neither
        cased nor case-ignorable, no punctuation, counter or article
        letter); the list of a piece so cut a
        :class:`~answermatch.normalization.steps.Continued` (its first token
        and the last before are one). Under the other
        rules, numbers are read from the whole text (:func:`number_pieces`,
        one at a time); a stretch between two numbers longer than
        :data:`~answermatch.normalization.steps.PIECE_CHARS` is normalized
        in parts cut just before an ASCII space (and, where the tokens are
        whitespace's or the word splitter's, inside a run of ASCII letters
        or between two Thai consonants, a part so cut a continued list),
        whose normal forms joined by single spaces are the stretch's
        (:func:`~answermatch.normalization.parts_normalizer`); counters are
        deleted character by character, which commutes with that join; the
        joined form's tokens are those of each part for whitespace and for a
        tokenizer that reads each whitespace-separated stretch on its own,
        and MeCab's are read from the parts joined by spaces
        (:meth:`~answermatch.tokenizers.ja.MecabTokenizer.tokenize_parts`,
        which cuts the joined text exactly as one call would); and a counter
        after a number is dropped by reading the last token kept before it,
        whichever list that was in.

        >>> fair = Analyzer("ja", norm="unicode", tokens="language", counters="after-number",
        ...                 numbers="value")
        >>> [token for found in fair.token_lists()("人口 1 000人") for token in found]
        ['人口', '1000']
        >>> Analyzer("ja").token_lists() is None
        True
        """
        if self._wakati:
            return None
        fast = self._fast
        if fast is not None:
            return partial(_official_lists, fast, steps.in_letters(_SPACE_OR_THAI_CUT))
        if self.norm != "unicode":
            return None
        norm, split, tokenizer = self._norm, self._split, self._tokenizer
        mode = _MODES.get(self.lang)
        anywhere = self.counters == "anywhere"
        after_number = self.counters == "after-number"
        lang, by_value = self.lang, self.numbers == "value"
        split_parts = tokenizer is None or tokenizer.local_to_whitespace
        # where MeCab reads the normal form joined, it is also cut inside a
        # word of kana and ideographs, unless the normalization reads a
        # language's articles (or Greek, Turkish... rules) there
        cut = steps.ASCII_SPACE if split_parts or self.articles else _IN_WORD_CUT
        if split_parts and (tokenizer is None or tokenizer.letter_cuts):
            # and inside a run of ASCII letters or between two Thai consonants,
            # a piece so cut a Continued list
            cut = steps.in_letters(_THAI_CUT)

        def part_lists(normal: str) -> Iterable[list[str]]:
            # a part's tokens, a list at a time where its tokenizer makes them so (ICU's)
            if tokenizer is None:
                return (split(normal),)
            return map(_words_kept, tokenizer.tokenize_parts((normal,), mode))

        def words(text: str, start: int, end: int) -> Iterable[list[str]]:
            """The tokens of the stretch ``text[start:end]`` (no number), in lists."""
            if end - start <= steps.PIECE_CHARS:
                normal = norm(text[start:end])
                return (split(remove_counters(normal) if anywhere else normal),)
            if split_parts:  # the parts are joined by spaces: each one's own tokens
                return _normal_form_lists(
                    text, start, end, norm, cut, part_lists, remove_counters if anywhere else None
                )
            parts = _normal_form_parts(text, start, end, norm, cut)
            if anywhere:
                parts = map(remove_counters, parts)
            return map(_words_kept, tokenizer.tokenize_parts(parts, mode))  # type: ignore[union-attr]

        def lists(text: str) -> Iterator[list[str]]:
            spans = _number_spans(text, lang) if by_value else ((None, 0, len(text)),)
            for value, start, end in spans:
                yield from words(text, start, end) if value is None else ([value],)

        def batches(text: str) -> Iterator[list[str]]:
            found = _batched(lists(text))
            return _without_counters(found) if after_number else found

        return batches

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


#: About how many tokens each list of :meth:`Analyzer.token_lists` holds.
TOKEN_LIST = 1 << 12


def _batched(lists: Iterable[list[str]]) -> Iterator[list[str]]:
    """The tokens of ``lists`` in non-empty lists of at least
    :data:`TOKEN_LIST` tokens (the last one shorter, and one before a
    :class:`~answermatch.normalization.steps.Continued` list, which starts
    a list that is one too), in order."""
    batch: list[str] = []
    for found in lists:
        if type(found) is steps.Continued:
            if batch:
                yield batch
            batch = steps.Continued(found)
            found = []
        batch += found
        if len(batch) >= TOKEN_LIST:
            yield batch
            batch = []
    if batch:
        yield batch


#: Kana and CJK ideographs that every Python's Unicode tables have: letters
#: (neither cased nor case-ignorable), starters that NFKC keeps and composes
#: with nothing before them, and that no step of the ``unicode`` preset
#: changes, deletes or reads with a neighbour (without a language's rules).
_KEPT = "\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fa5"
#: Where the ``unicode`` preset (no language) may cut a long stretch besides
#: just before an ASCII space: between two of :data:`_KEPT`.
_IN_WORD_CUT = re.compile(f" |(?<=[{_KEPT}])[{_KEPT}]")


def _normal_form_lists(
    text: str,
    start: int,
    end: int,
    normalize: Callable[[str], str],
    cut: re.Pattern[str],
    lists: Callable[[str], Iterable[list[str]]],
    counters: Callable[[str], str] | None,
) -> Iterator[list[str]]:
    """The non-empty token lists ``lists`` gives of each part of
    :func:`_normal_form_parts` (``counters``: after deleting them), for
    tokens that read each whitespace-separated stretch on its own, so that
    the lists one after the other are the tokens of the stretch's normal
    form; where ``cut`` also cuts inside a run of ASCII letters
    (:func:`~answermatch.normalization.steps.in_letters`), the first list of
    a part cut there is a :class:`~answermatch.normalization.steps.Continued`
    one (its first token continues the last token before it).

    >>> from answermatch.normalization import normalizer
    >>> text = "Rö ntgen " * 2
    >>> list(_normal_form_lists(text, 0, len(text), normalizer("unicode"), steps.ASCII_SPACE,
    ...                         lambda part: (part.split(),), None))
    [['rö', 'ntgen', 'rö', 'ntgen']]
    """
    for in_word, normal in _normal_pieces(text, start, end, normalize, cut):
        for found in lists(normal if counters is None else counters(normal)):
            if found:
                yield steps.Continued(found) if in_word else found
                in_word = False


#: Where a long stretch whose tokens are whitespace's or a word splitter's
#: (:attr:`~answermatch.tokenizers.base.Tokenizer.letter_cuts`) may be cut
#: besides inside a run of ASCII letters: just before an ASCII space, or
#: between two Thai consonants (U+0E01..U+0E2E, of
#: :data:`~answermatch.normalization.FIRM_CHARACTERS`: no step of the
#: ``unicode`` preset reads across there, and the consonant after the cut
#: continues the word of the one before).
_THAI_CUT = re.compile(" |(?<=[\u0e01-\u0e2e])[\u0e01-\u0e2e]")

#: :data:`_THAI_CUT` with every whitespace character, for the official rules
#: (which read nothing across one: see :meth:`Analyzer.token_lists`).
_SPACE_OR_THAI_CUT = re.compile("\\s|(?<=[\u0e01-\u0e2e])[\u0e01-\u0e2e]")


def _in_word(piece: str) -> bool:
    """Whether a piece cut at :data:`_THAI_CUT` or inside a run of ASCII
    letters was cut inside a word (it starts with a letter or a Thai
    consonant; a piece cut at a space starts with it)."""
    return steps.starts_in_word(piece) or "\u0e01" <= piece[:1] <= "\u0e2e"


def _normal_pieces(
    text: str, start: int, end: int, normalize: Callable[[str], str], cut: re.Pattern[str]
) -> Iterator[tuple[bool, str]]:
    """The non-empty normal forms of the pieces of :func:`_normal_form_parts`,
    each with whether its piece, not the first so given, starts inside a
    word (:func:`_in_word`)."""
    first = True
    for piece in _stretch_pieces(text, start, end, cut):
        normal = normalize(piece)
        if normal:
            yield not first and _in_word(piece), normal
            first = False


def _stretch_pieces(text: str, start: int, end: int, cut: re.Pattern[str]) -> Iterator[str]:
    """``text[start:end]`` in pieces of about
    :data:`~answermatch.normalization.steps.PIECE_CHARS` characters, each
    cut just before a match of ``cut`` (the last where the stretch ends)."""
    search, size = cut.search, steps.PIECE_CHARS
    while start < end:
        stop = start + max(size, 1)
        found = search(text, stop, end) if stop < end else None
        stop = end if found is None else found.start()
        yield text[start:stop]
        start = stop


def _normal_form_parts(
    text: str, start: int, end: int, normalize: Callable[[str], str], cut: re.Pattern[str]
) -> Iterator[str]:
    """``normalize(text[start:end])`` (the ``unicode`` preset) in
    consecutive parts: the stretch cut into pieces of about
    :data:`~answermatch.normalization.steps.PIECE_CHARS` characters just
    before a match of ``cut`` (an ASCII space, or a character of
    :data:`_KEPT` after another), each normalized; the empty ones left
    out, and a single space (a part of its own) before one that was cut at
    a space. Before an ASCII space no step reads across (see
    :func:`~answermatch.normalization.parts_normalizer`); between two
    :data:`_KEPT` characters, NFKC and NFC have a boundary, case folding,
    the deletions and the whitespace collapse read one character and keep
    both, so the two sides' normal forms, end to end, are the whole's.

    >>> from answermatch.normalization import normalizer
    >>> text = "東京 、タワー"
    >>> list(_normal_form_parts(text, 0, len(text), normalizer("unicode"), _IN_WORD_CUT))
    ['東京 タワー']
    """
    first = True
    for piece in _stretch_pieces(text, start, end, cut):
        normal = normalize(piece)
        if normal:
            if not first and piece[0] == " ":
                yield " "
            first = False
            yield normal


def _without_counters(lists: Iterable[list[str]]) -> Iterator[list[str]]:
    """:func:`strip_counters` of the tokens of ``lists`` (non-empty lists,
    the last token kept before each read), list by list."""
    last: str | None = None
    for found in lists:
        kept, last = _strip_counters(found, last)
        if kept:  # (a continued list's first token starts with a letter: no counter)
            yield steps.Continued(kept) if type(found) is steps.Continued else kept


def _words_kept(found: list[str]) -> list[str]:
    """A tokenizer's tokens without empty or whitespace ones (as the
    ``language`` tokens keep them)."""
    return [t for t in found if t and not t.isspace()]
