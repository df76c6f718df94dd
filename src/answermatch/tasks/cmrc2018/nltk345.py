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
The sentence splitter is NLTK 3.10.4's Punkt with the same English
parameters (:func:`answermatch.nltk_compat.sent_tokenize`); NLTK 3.4.5's
older Punkt differs only in rare contexts (curly quotes after a period).

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
from functools import partial

__all__ = ["tokenize_sentence", "word_tokenize"]

_A = re.ASCII


def _sub(pattern: str, template: str, flags: int = _A):
    return partial(re.compile(pattern, flags).sub, template)


_STEPS_BEFORE = [
    # STARTING_QUOTES (the improved open quote first, the single quote last)
    _sub("([«“‘„]|[`]+)", r" \1 ", 0),
    _sub(r"^\"", r"``"),
    _sub(r"(``)", r" \1 "),
    _sub(r"([ \(\[{<])(\"|\'{2})", r"\1 `` "),
    _sub(r"(?i)(\')(?!re|ve|ll|m|t|s|d)(\w)\b", r"\1 \2", 0),
    # PUNCTUATION (the improved final period first)
    _sub("([^\\.])(\\.)([\\]\\)}>\"\\'»”’ ]*)\\s*$", r"\1 \2 \3 ", 0),
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
    return text.split()


def word_tokenize(text: str) -> list[str]:
    """NLTK 3.4.5's ``word_tokenize(text)`` (English, Python 2)."""
    from ...nltk_compat import sent_tokenize

    return [token for sentence in sent_tokenize(text) for token in tokenize_sentence(sentence)]
