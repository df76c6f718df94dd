"""The word tokenizer of the Python 2 CMRC 2018 script (v5): NLTK 3.4.5's
``word_tokenize`` under Python 2.7.

NLTK 3.4.5 (https://github.com/nltk/nltk, ``nltk/tokenize/__init__.py`` and
``treebank.py``) splits the text into sentences with English Punkt, then
rewrites each sentence with the ``TreebankWordTokenizer`` substitutions plus
four "improved" ones (curly and angle quotes, a leading apostrophe before a
word, a final period before closing quotes), and splits on whitespace. It
differs from NLTK 3.10.4's ``NLTKWordTokenizer`` (:mod:`answermatch.nltk_compat`)
where the CMRC fixtures show it: dashes ``‒ – — ―`` are not split off, so
``——`` and ``—1990`` stay one token, ``...`` is the only ellipsis split, and
an apostrophe before a word stays attached unless a letter follows it.

Under Python 2 the substitutions NLTK compiles without ``re.UNICODE`` see
ASCII ``\\d``, ``\\s``, ``\\S``, ``\\b`` and case folding: they are compiled
here with ``re.ASCII``; the improved ones were compiled with ``re.UNICODE``.
Python 2's Unicode whitespace (``\\s`` under ``re.UNICODE``, ``strip()``,
``split()``) also holds U+180E, which Python 3 dropped, and its ``\\w``,
``\\d``, ``isupper()`` and ``islower()`` are those of Unicode 5.2.0: the
Unicode patterns here spell out Python 2's classes (``\\b`` after a word
character is "no word character follows", and only the look-ahead
``(?!re|ve|...)`` ignores case, so that Python 3's case folding adds no
characters to them), the case tests use Python 2's sets, and the splits and
strips use :mod:`.py2text`.
The sentence splitter is NLTK 3.4.5's ``PunktSentenceTokenizer.tokenize``
(:func:`sent_tokenize`: its period contexts, word pattern, first and second
annotation passes and boundary realignment, again with Python 2's regular
expressions) with the English Punkt parameters of
:func:`answermatch.nltk_compat.punkt.english_model`, the parameters the
fixtures' Python 2 run was given. It differs from NLTK 3.10.4's Punkt in
the candidate contexts (3.10 also stops words at curly quotes and
guillemets, and finds the word before a period differently).

>>> word_tokenize("——1990 '80s")
['——1990', "'80s"]
>>> from answermatch.nltk_compat import word_tokenize as nltk_3_10_4
>>> nltk_3_10_4("——1990 '80s")
['—', '—', '1990', "'", '80s']
>>> word_tokenize("Hello, world. Bye!")
['Hello', ',', 'world', '.', 'Bye', '!']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial
from typing import Any

from .py2text import SPACE, py2_chars, py2_class, py2_lower, py2_rstrip, py2_split, py2_strip

__all__ = ["sent_tokenize", "tokenize_sentence", "word_tokenize"]

_A = re.ASCII
#: ``\s`` and ``\S`` of Python 2's ``re.UNICODE`` (U+180E is whitespace).
_WS, _NWS = f"[{SPACE}]", f"[^{SPACE}]"
#: ``\w`` of Python 2's ``re.UNICODE`` (Unicode 5.2.0).
_WORD = py2_class("word")
#: Python 2's ``isupper()`` and ``islower()`` of one character.
_UPPER, _LOWER = py2_chars("upper"), py2_chars("lower")


def _sub(pattern: str, template: str, flags: int = _A):
    return partial(re.compile(pattern, flags).sub, template)


_STEPS_BEFORE = [
    # STARTING_QUOTES (the improved open quote first, the single quote last)
    _sub("([«“‘„]|[`]+)", r" \1 ", 0),
    _sub(r"^\"", r"``"),
    _sub(r"(``)", r" \1 "),
    _sub(r"([ \(\[{<])(\"|\'{2})", r"\1 `` "),
    _sub(rf"(\')(?!(?i:re|ve|ll|m|t|s|d))({_WORD})(?!{_WORD})", r"\1 \2", 0),
    # PUNCTUATION (the improved final period first)
    _sub("([^\\.])(\\.)([\\]\\)}>\"\\'»”’ ]*)" + _WS + "*$", r"\1 \2 \3 ", 0),
    _sub(r"([:,])([^\d])", r" \1 \2"),
    _sub(r"([:,])$", r" \1 "),
    _sub(r"\.\.\.", r" ... "),
    _sub(r"[;@#$%&]", r" \g<0> "),
    _sub(r"([^\.])(\.)([\]\)}>\"\']*)\s*$", r"\1 \2\3 "),
    _sub(r"[?!]", r" \g<0> "),
    _sub(r"([^'])' ", r"\1 ' "),
    # PARENS_BRACKETS, DOUBLE_DASHES
    _sub(r"[\]\[\(\)\{\}\<\>]", r" \g<0> "),
    _sub(r"--", r" -- "),
]
_STEPS_AFTER = [
    # ENDING_QUOTES (the improved close quote first)
    _sub("([»”’])", r" \1 ", 0),
    _sub(r'"', " '' "),
    _sub(r"(\S)(\'\')", r"\1 \2 "),
    _sub(r"([^' ])('[sS]|'[mM]|'[dD]|') ", r"\1 \2 "),
    _sub(r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", r"\1 \2 "),
    # CONTRACTIONS2, CONTRACTIONS3
    *(
        _sub(p, r" \1 \2 ")
        for p in (
            r"(?i)\b(can)(?#X)(not)\b",
            r"(?i)\b(d)(?#X)('ye)\b",
            r"(?i)\b(gim)(?#X)(me)\b",
            r"(?i)\b(gon)(?#X)(na)\b",
            r"(?i)\b(got)(?#X)(ta)\b",
            r"(?i)\b(lem)(?#X)(me)\b",
            r"(?i)\b(mor)(?#X)('n)\b",
            r"(?i)\b(wan)(?#X)(na)\s",
            r"(?i) ('t)(?#X)(is)\b",
            r"(?i) ('t)(?#X)(was)\b",
        )
    ),
]


def tokenize_sentence(sentence: str) -> list[str]:
    """NLTK 3.4.5's improved ``TreebankWordTokenizer().tokenize`` of one
    sentence, with Python 2's regular-expression semantics.

    >>> tokenize_sentence("It's 1990—2000, isn't it?")
    ['It', "'s", '1990—2000', ',', 'is', "n't", 'it', '?']
    """
    text = sentence
    for step in _STEPS_BEFORE:
        text = step(text)
    text = " " + text + " "
    for step in _STEPS_AFTER:
        text = step(text)
    return py2_split(text)


def word_tokenize(text: str) -> list[str]:
    """NLTK 3.4.5's ``word_tokenize(text)`` (English, Python 2)."""
    return [token for sentence in sent_tokenize(text) for token in tokenize_sentence(sentence)]


# --- Punkt (nltk/tokenize/punkt.py of NLTK 3.4.5) ------------------------------------

_NON_WORD = r"(?:[?!)\";}\]\*:@\'\({\[])"
_MULTI_CHAR = r"(?:\-{2,}|\.{2,}|(?:\.\s){2,}\.)"
_WORD_START = r"[^\(\"\`{\[:;&\#\*@\)}\]\-,]"
_PUNKT_WORD = re.compile(
    rf"({_MULTI_CHAR}|(?={_WORD_START}){_NWS}+?(?={_WS}|$|{_NON_WORD}|{_MULTI_CHAR}"
    rf"|,(?=$|{_WS}|{_NON_WORD}|{_MULTI_CHAR}))|{_NWS})"
)
_PERIOD_CONTEXT = re.compile(
    rf"{_NWS}*[\.\?!](?=(?P<after_tok>{_NON_WORD}|{_WS}+(?P<next_tok>{_NWS}+)))"
)
_REALIGN = re.compile(r"[\"\')\]}]+?(?:\s+|(?=--)|$)", re.MULTILINE | _A)
_ELLIPSIS = re.compile(r"\.\.+$", _A)
_NUMERIC = re.compile(r"^-?[\.,]?\d[\d,\.-]*\.?$", _A)
_INITIAL = re.compile(f"(?!{py2_class('digit')}){_WORD}" + r"\.$")  # [^\W\d]\.$
_UC, _MID_UC, _BEG_LC, _LC = 0b1110, 0b100, 0b10000, 0b1110000
_PUNCT = frozenset(";:,.!?")


class _Token:
    """A Punkt token with its annotations (NLTK's ``PunktToken``)."""

    __slots__ = ("abbr", "ellipsis", "period_final", "sentbreak", "tok", "type")

    def __init__(self, tok: str) -> None:
        self.tok = tok
        self.type = _NUMERIC.sub("##number##", py2_lower(tok))
        self.period_final = tok.endswith(".")
        self.sentbreak = self.abbr = self.ellipsis = False

    @property
    def type_no_period(self) -> str:
        return self.type[:-1] if len(self.type) > 1 and self.type[-1] == "." else self.type

    @property
    def type_no_sentperiod(self) -> str:
        return self.type_no_period if self.sentbreak else self.type


def _first_pass(token: _Token, abbreviations: frozenset[str]) -> None:
    tok = token.tok
    if tok in (".", "?", "!"):
        token.sentbreak = True
    elif _ELLIPSIS.match(tok):
        token.ellipsis = True
    elif token.period_final and not tok.endswith(".."):
        word = py2_lower(tok[:-1])
        if word in abbreviations or word.split("-")[-1] in abbreviations:
            token.abbr = True
        else:
            token.sentbreak = True


def _ortho_says_starter(token: _Token, ortho: Mapping[str, int]) -> bool | None:
    """``_ortho_heuristic``: True, False, or None for "unknown"."""
    if token.tok in _PUNCT:
        return False
    context = ortho.get(token.type_no_sentperiod, 0)
    first = token.tok[0]
    if first in _UPPER and context & _LC and not context & _MID_UC:
        return True
    if first in _LOWER and (context & _UC or not context & _BEG_LC):
        return False
    return None


def _second_pass(token: _Token, following: _Token, model: Any) -> None:
    if not token.period_final:
        return
    typ = token.type_no_period
    next_typ = following.type_no_sentperiod
    initial = _INITIAL.match(token.tok) is not None
    if (typ, next_typ) in model.collocations:
        token.sentbreak, token.abbr = False, True
        return
    if (token.abbr or token.ellipsis) and not initial:
        if _ortho_says_starter(following, model.ortho_context) is True:
            token.sentbreak = True
            return
        if following.tok[0] in _UPPER and next_typ in model.sent_starters:
            token.sentbreak = True
            return
    if initial or typ == "##number##":
        starter = _ortho_says_starter(following, model.ortho_context)
        if starter is False:
            token.sentbreak, token.abbr = False, True
            return
        if (
            starter is None
            and initial
            and following.tok[0] in _UPPER
            and not model.ortho_context.get(next_typ, 0) & _LC
        ):
            token.sentbreak, token.abbr = False, True


def _contains_break(context: str, model: Any) -> bool:
    """``text_contains_sentbreak``: a token other than the last one is a break."""
    tokens = [
        _Token(tok)
        for line in context.split("\n")
        if py2_strip(line)
        for tok in _PUNKT_WORD.findall(line)
    ]
    for token in tokens:
        _first_pass(token, model.abbrev_types)
    for index, token in enumerate(tokens[:-1]):
        _second_pass(token, tokens[index + 1], model)
        if token.sentbreak:
            return True
    return False


_DECISIONS: dict[str, bool] = {}


def sent_tokenize(text: str) -> list[str]:
    """NLTK 3.4.5's English ``sent_tokenize(text)`` under Python 2.

    >>> sent_tokenize("He left.”She stayed.")
    ['He left.”She stayed.']
    >>> from answermatch.nltk_compat import sent_tokenize as punkt_3_10_4
    >>> punkt_3_10_4("He left.”She stayed.")
    ['He left.', '”She stayed.']
    """
    from ...nltk_compat.punkt import english_model

    model = english_model()
    slices: list[tuple[int, int]] = []
    last = 0
    for match in _PERIOD_CONTEXT.finditer(text):
        context = match.group() + match.group("after_tok")
        decision = _DECISIONS.get(context)
        if decision is None:
            if len(_DECISIONS) > 100_000:
                _DECISIONS.clear()
            decision = _DECISIONS[context] = _contains_break(context, model)
        if decision:
            slices.append((last, match.end()))
            last = match.start("next_tok") if match.group("next_tok") else match.end()
    slices.append((last, len(py2_rstrip(text))))
    sentences: list[str] = []
    realign = 0
    for index, (start, stop) in enumerate(slices):
        start += realign
        if index + 1 == len(slices):
            if text[start:stop]:
                sentences.append(text[start:stop])
            continue
        following = slices[index + 1]
        found = _REALIGN.match(text[following[0] : following[1]])
        if found:
            sentences.append(text[start : following[0] + len(found.group(0).rstrip())])
            realign = found.end()
        else:
            realign = 0
            if text[start:stop]:
                sentences.append(text[start:stop])
    return sentences
