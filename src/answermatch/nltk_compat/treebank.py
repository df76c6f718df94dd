"""NLTK 3.10.4's ``NLTKWordTokenizer`` (the improved Treebank word tokenizer), exactly.

``NLTKWordTokenizer.tokenize`` (``nltk/tokenize/destructive.py`` in NLTK
3.10.4, https://github.com/nltk/nltk) rewrites one sentence with about 35
regular-expression substitutions applied one after the other (starting
quotes, punctuation, brackets, double dashes; then a space on both sides;
ending quotes, a whitespace collapse, clitics, contractions) and splits the
result on whitespace. This module applies the same substitutions in the same
order, with the engine NLTK uses for each where the engine matters (NLTK
3.10.4 compiles most patterns with the third-party ``regex`` module, version
0 behaviour, and the contractions with the standard ``re`` module; their
``\\s``, ``\\w``, ``\\d``, ``\\b`` and case folding differ), and is faster in
ways that do not change a single token:

* A substitution is skipped when the text lacks a character every match of
  it needs (no ``"``: no double-quote rule can match); the substitutions
  worth trying are listed once per set of such characters present. A
  pattern that is one character class or one literal with a constant
  replacement is a ``str.replace`` per character.
* The sentences of one passage go through the substitutions *together*:
  they are joined by a separator character the passage does not contain
  (one of U+001C..U+001F: ``str.split()`` splits on them, the ``regex``
  module's ``\\s`` and ``\\w`` do not match them, and the negated classes
  below exclude them). The patterns anchored at the start or end of a
  sentence (``^``, ``$``) are anchored at the separator too; no match can
  span a separator, so each sentence is rewritten exactly as it is alone,
  and the final ``split()`` drops the separators.
* The whitespace collapse (``\\s+`` to one space) only runs when the text has
  whitespace other than plain spaces: the later rules look at one space at
  most on either side of a match, so a run of plain spaces acts as one.
* The ten contraction patterns only run when the lowercased text has one of
  the words they split (``cannot``, ``gonna``...).

>>> tokenize_sentence("They'll pay $3.88 (roughly 3,36 euros) for \\"it\\".")
['They', "'ll", 'pay', '$', '3.88', '(', 'roughly', '3,36', 'euros', ')', 'for', '``', 'it',
 "''", '.']
>>> tokenize_sentences(["I cannot go.", "'Tis late!"])
['I', 'can', 'not', 'go', '.', "'", 'Tis', 'late', '!']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial

import regex

__all__ = ["SEPARATORS", "sentence_pieces", "tokenize_sentence", "tokenize_sentences"]

#: Characters that may join the sentences of one passage (the first one the
#: passage lacks is used).
SEPARATORS = ("\x1e", "\x1f", "\x1d", "\x1c")

_V0 = regex.VERSION0 | regex.UNICODE

#: A step: (rewrite function, guard, needles). The step can only match when
#: one of the guard characters is in the text *before the first step* (a step
#: whose matches need a character an earlier step may create lists that
#: character's source too), and when one of the needles (substrings every
#: match holds; none: the guard suffices) is in the text at that point.
Step = tuple[Callable[[str], str], str, tuple[str, ...]]


def _pad(chars: str) -> list[Step]:
    """``[chars]`` replaced by `` \\g<0> ``: one ``str.replace`` per character
    (a padded character is never another one of the class)."""
    return [(partial(_replace, c, f" {c} "), c, ()) for c in chars]


def _replace(old: str, new: str, text: str) -> str:
    return text.replace(old, new)


def _sub(pattern: re.Pattern[str] | regex.Pattern[str], template: str) -> Callable[[str], str]:
    return partial(pattern.sub, template)


def _steps(sep: str | None) -> tuple[list[Step], list[Step]]:
    """The rewrites before the padding, and those after the padding and the
    whitespace collapse (before the contractions), for sentences joined by
    ``sep`` (``None``: one sentence, anchors as in NLTK's patterns)."""
    if sep is None:
        start, end, no_sep = r"^", r"$", ""
    else:
        start = rf"(?:\A|(?<={sep}))"
        end = rf"(?=\n?(?:{sep}|\Z))"  # like ``$``: also before a final newline
        no_sep = sep
    closing = "»”’"
    before: list[Step] = [
        # starting quotes: ([«“‘„]|[`]+) -> " \1 "
        *_pad("«“‘„"),
        (_sub(re.compile(r"`+"), r" \g<0> "), "`", ()),
        (_sub(re.compile(start + '"'), "``"), '"', ()),
        (partial(_replace, "``", " `` "), '`"', ("``",)),
        (_sub(regex.compile(r"([ \(\[{<])(\"|\'{2})", _V0), r"\1 `` "), "\"'", ('"', "''")),
        (
            _sub(regex.compile(r"(?i)(?<!\w)(\')(?!(?:re|ve|ll|m|t|s|d|n)\b)(?=\w)", _V0), r"\1 "),
            "'",
            (),
        ),
        # punctuation
        (
            _sub(
                regex.compile(rf"([^\.{no_sep}])(\.)([\]\)}}>\"\'{closing} ]*+)\s*{end}", _V0),
                r"\1 \2 \3 ",
            ),
            ".",
            (),
        ),
        (_sub(regex.compile(rf"([:,])([^\d{no_sep}])", _V0), r" \1 \2"), ":,", ()),
        (_sub(re.compile(rf"([:,]){end}"), r" \1 "), ":,", ()),
        (_sub(re.compile(r"\.{2,}"), r" \g<0> "), ".", ("..",)),
        *_pad(";@#$%&"),
        *_pad("\u2012\u2013\u2014\u2015"),
        (
            _sub(regex.compile(rf"([^\.{no_sep}])(\.)([\]\)}}>\"\']*)\s*{end}", _V0), r"\1 \2\3 "),
            ".",
            (),
        ),
        *_pad("?!"),
        (_sub(regex.compile(rf"([^'{no_sep}])' ", _V0), r"\1 ' "), "'", ("' ",)),
        *_pad("*"),
        # brackets, double dashes
        *_pad("[](){}<>"),
        (partial(_replace, "--", " -- "), "-", ("--",)),
    ]
    # (NLTK adds a space at both ends here)
    quotes: list[Step] = [
        *_pad(closing),
        (partial(_replace, "''", " '' "), "'", ("''",)),
        (partial(_replace, '"', " '' "), '"', ()),
    ]
    # (NLTK collapses whitespace here: see _tokens)
    clitics: list[Step] = [  # ' may come from " (replaced by '' above)
        (
            _sub(regex.compile(rf"([^' {no_sep}])('[sS]|'[mM]|'[dD]|') ", _V0), r"\1 \2 "),
            "'\"",
            ("'s ", "'S ", "'m ", "'M ", "'d ", "'D ", "' "),
        ),
        (
            _sub(
                regex.compile(rf"([^' {no_sep}])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", _V0), r"\1 \2 "
            ),
            "'\"",
            ("'ll ", "'LL ", "'re ", "'RE ", "'ve ", "'VE ", "n't ", "N'T "),
        ),
    ]
    return before + quotes, clitics


class _Pipeline:
    """The rewrites for one separator, and the steps worth trying for each
    set of guard characters present (computed once per set)."""

    def __init__(self, sep: str | None) -> None:
        self.before, self.after = _steps(sep)
        guards = sorted({c for _, guard, _ in self.before + self.after for c in guard})
        self.guard_chars = re.compile("[" + "".join(re.escape(c) for c in guards) + "]")
        self.plans: dict[frozenset[str], tuple[list[Step], list[Step]]] = {}

    def plan(self, text: str) -> tuple[list[Step], list[Step]]:
        present = frozenset(self.guard_chars.findall(text))
        plan = self.plans.get(present)
        if plan is None:
            plan = self.plans[present] = (
                [step for step in self.before if any(c in present for c in step[1])],
                [step for step in self.after if any(c in present for c in step[1])],
            )
        return plan


@cache
def _pipeline(sep: str | None) -> _Pipeline:
    return _Pipeline(sep)


# Contractions: standard ``re``, as NLTK compiles them (its case folding).
_CONTRACTIONS = [
    partial(re.compile(p).sub, r" \1 \2 ")
    for p in (
        r"(?i)\b(can)(?#X)(not)\b",
        r"(?i)\b(d)(?#X)('ye)\b",
        r"(?i)\b(gim)(?#X)(me)\b",
        r"(?i)\b(gon)(?#X)(na)\b",
        r"(?i)\b(got)(?#X)(ta)\b",
        r"(?i)\b(lem)(?#X)(me)\b",
        r"(?i)\b(more)(?#X)('n)\b",
        r"(?i)\b(wan)(?#X)(na)(?=\s)",
        r"(?i) ('t)(?#X)(is)\b",
        r"(?i) ('t)(?#X)(was)\b",
    )
]
# Every match of a contraction pattern holds one of these words, in any case.
# Under ``re``'s case folding the letters of these words are matched by their
# own upper and lower case only, besides U+0130, U+0131 (for i) and U+017F (for
# s) (tests/test_nltk_compat.py checks this over all code points): so a text
# whose lowercase form lacks the words, and which lacks those three
# characters, matches no contraction pattern.
_CONTRACTION_WORDS = (
    "cannot",
    "d'ye",
    "gimme",
    "gonna",
    "gotta",
    "lemme",
    "more'n",
    "wanna",
    " 'tis",
    " 'twas",
)
_FOLD_SPECIAL = ("\u0130", "\u0131", "\u017f")

# Whitespace other than a plain space, in the ``regex`` module's sense of \s
# (in ASCII: tab, newline, vertical tab, form feed, carriage return).
_OTHER_SPACE = regex.compile(r"[^\S ]", _V0)
_ASCII_OTHER_SPACE = ("\t", "\n", "\x0b", "\x0c", "\r")
_SPACES = regex.compile(r"\s+", _V0)
# What ``str.split()`` splits on (``re``'s ``\s`` is ``str.isspace``, which
# holds U+001C..U+001F)
_SPLIT_SPACE = re.compile(r"\s")


def _run(steps: list[Step], text: str) -> str:
    for rewrite, _, needles in steps:
        if needles:
            for needle in needles:
                if needle in text:
                    text = rewrite(text)
                    break
        else:
            text = rewrite(text)
    return text


def _has_other_space(text: str) -> bool:
    if text.isascii():
        return any(c in text for c in _ASCII_OTHER_SPACE)
    return _OTHER_SPACE.search(text) is not None


def _may_contract(text: str) -> bool:
    # every word holds "'", "nn", "mm" or "tt" (their letters fold only to
    # themselves). A long text is lowered a window at a time (``str.lower``
    # of a text that is not ASCII sets aside 12 bytes a character): each
    # character is lowered alone (but for a final sigma, in no word), so a
    # word is in the lowered text when it is in the lowered window of the
    # characters it comes from (at most as many as its letters: the windows
    # overlap that much)
    size, overlap = _LOWER_CHARS, _LONGEST_WORD - 1
    quick = False
    for at in range(0, max(len(text) - overlap, 1), size):
        lowered = text[at : at + size + overlap].lower()
        if "'" in lowered or "nn" in lowered or "mm" in lowered or "tt" in lowered:
            if any(word in lowered for word in _CONTRACTION_WORDS):
                return True
            quick = True
    return quick and not text.isascii() and any(c in text for c in _FOLD_SPECIAL)


#: the characters lowered at a time by :func:`_may_contract`
_LOWER_CHARS = 1 << 16
_LONGEST_WORD = max(map(len, _CONTRACTION_WORDS))


def _tokens(text: str, pipeline: _Pipeline, sep: str | None) -> list[str]:
    before, after = pipeline.plan(text)
    if not before and not after and _SPLIT_SPACE.search(text) is None and not _may_contract(text):
        # no rule can rewrite it and no space splits it: one token, the text
        # itself (a long run of letters or of Japanese is not copied)
        return [text] if text else []
    text = _run(before, text)
    text = " " + (text if sep is None else text.replace(sep, f" {sep} ")) + " "
    if _has_other_space(text):
        text = _SPACES.sub(" ", text)
    text = _run(after, text)
    if _may_contract(text):
        for rewrite in _CONTRACTIONS:
            text = rewrite(text)
    return text.split()


def tokenize_sentence(sentence: str) -> list[str]:
    """``NLTKWordTokenizer().tokenize(sentence)`` of NLTK 3.10.4.

    >>> tokenize_sentence("Good muffins cost $3.88\\nin New York.")
    ['Good', 'muffins', 'cost', '$', '3.88', 'in', 'New', 'York', '.']
    """
    return _tokens(sentence, _pipeline(None), None)


def tokenize_sentences(sentences: Sequence[str]) -> list[str]:
    """The tokens of :func:`tokenize_sentence` for each sentence, concatenated.

    >>> tokenize_sentences(["Hi, Ann.", "Bye!"])
    ['Hi', ',', 'Ann', '.', 'Bye', '!']
    """
    if len(sentences) == 1:
        return tokenize_sentence(sentences[0])
    if not sentences:
        return []
    for sep in SEPARATORS:
        if not any(sep in s for s in sentences):
            break
    else:  # every separator occurs: one sentence at a time
        return [token for s in sentences for token in tokenize_sentence(s)]
    return _tokens(sep.join(sentences), _pipeline(sep), sep)


# A character that ends no sentence-final match: not whitespace, not a closing
# bracket or quote (searched from the end of a sentence).
_NOT_CLOSING = regex.compile(r"(?r)[^\s\]\)}>\"'»”’]", _V0)


def sentence_pieces(text: str, start: int, stop: int, size: int) -> Iterator[list[str]]:
    """The tokens of ``tokenize_sentence(text[start:stop])``, a piece of
    about ``size`` characters at a time (a long sentence is never copied or
    listed whole).

    The sentence is cut at plain spaces before its last character that is
    neither whitespace nor a closing bracket or quote. Every rewrite looks
    at most at the space on either side of a whitespace-delimited word,
    except those anchored at the sentence's start (only the first piece
    holds it) and its end (a final period or colon, followed by nothing but
    spaces and closing marks: only the last piece holds that). Each piece
    but the last is rewritten followed by `` z``, each but the first
    preceded by ``z``: the word the piece stops before or starts after
    stands in for its neighbours, and its token is dropped.

    >>> text = 'He said "yes, it is 3.5 p.m." and left. '
    >>> [t for p in sentence_pieces(text, 0, len(text), 8) for t in p] == tokenize_sentence(text)
    True
    """
    found = _NOT_CLOSING.search(text, start, stop)
    last = found.start() if found else start  # cuts only before it
    at, first = start, True
    while True:
        cut = text.rfind(" ", at + 1, min(at + size, last))
        if cut < 0:
            cut = text.find(" ", at + size, last)
        if cut < 0:
            piece = text[at:stop]
            tokens = tokenize_sentence(piece if first else "z" + piece)
            yield tokens if first else tokens[1:]
            return
        tokens = tokenize_sentence(("" if first else "z") + text[at:cut] + " z")
        yield tokens[:-1] if first else tokens[1:-1]
        at, first = cut, False
