"""The CMRC 2018 scorer's rules: its punctuation list, its exact-match key,
its mixed segmentation and the longest common contiguous token run.

The official scorer (``baseline/cmrc2018_evaluate.py``, v6, in
https://github.com/ymcui/cmrc2018) compares a prediction with each gold
answer twice:

* **EM**: both sides as ``str(value).lower().strip()`` with every character
  of a fixed list (:data:`PUNCTUATION`) deleted; equal strings match.
  Nothing else changes: inner spaces, ASCII ``, . ! ? ( ) " '`` and the left
  single quote ``‘`` still count. The list's ``……`` entry is two characters
  and never matches (the script compares one character at a time).
* **F1**: both sides through the *mixed segmentation* (:func:`segment`):
  lower-cased, stripped, the list deleted, every character from U+4E00 to
  U+9FA5 a token, and each run of other characters (English, digits, other
  scripts, the rest of the punctuation) tokenized by NLTK's
  ``word_tokenize``. The overlap is the longest common *contiguous* run of
  tokens (:func:`longest_common_run`); precision and recall are its length
  over each side's token count; 0 when the run is empty.

The best answer counts for each figure. NLTK 3.10.4's ``word_tokenize`` is
reproduced by :mod:`answermatch.nltk_compat` (no NLTK, no data folder).

The v5 script (Python 2.7) lower-cases and strips with Python 2's
``unicode`` methods (:mod:`.py2text`): :func:`lower_strip` gives each
version's ``.lower().strip()``, and :func:`em_key`, :func:`em_keyer`,
:func:`segment` and :func:`segmenter` take the version.

>>> em_key(" 《三国演义》 ")
'三国演义'
>>> segment("光荣和ω-Force开发")
['光', '荣', '和', 'ωforce', '开', '发']
>>> f1_of(segment("光荣和ω-force"), segment("光荣和koei"))
0.75
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import eq
from typing import TypeVar

from ...normalization.steps import case_mapped

__all__ = [
    "CHINESE",
    "HAN_PAIR",
    "LONG_RUN",
    "NUMBER_EDGE",
    "PIECE_CUT",
    "PUNCTUATION",
    "WORD_GAP",
    "CodedTokens",
    "ascii_case_mapped",
    "delete_punctuation",
    "em_key",
    "em_keyer",
    "f1_of",
    "longest_common_run",
    "lower_strip",
    "one_token",
    "run_tokenizer",
    "segment",
    "segmenter",
]

#: The official list of characters that EM and F1 delete (31 single
#: characters; the script's 32nd entry, ``……``, is two characters long and
#: never equals the one character it is compared with).
PUNCTUATION = "-:_*^/\\~`+=，。：？！“”；’《》·、「」（）－～『』"

#: What the script calls Chinese: one character of U+4E00..U+9FA5.
CHINESE = re.compile("([\u4e00-\u9fa5])")

#: Where a long text may be cut (just before a match): between two
#: characters of U+4E00..U+9FA5, each a token of its own that no rule of
#: either profile changes or reads across (see :meth:`CodedTokens.of_pieces`).
HAN_PAIR = re.compile("(?<=[\u4e00-\u9fa5])[\u4e00-\u9fa5]")
#: Where a long text whose numbers are read by value and whose words are
#: jieba's may be cut (just before a match): where an ASCII digit and a
#: character of U+4E00..U+9FA5 meet, on either side. jieba reads each
#: stretch between two numbers on its own; NFKC keeps both characters and
#: composes nothing across; a number (:func:`~answermatch.analysis.split_numbers`)
#: starts at a digit not after a digit and never holds an ideograph, so it
#: ends or starts there in the whole text as in the pieces; the case
#: mappings, ``strip()`` and the deletions leave both alone, and neither is
#: whitespace (the fair key's collapsed spaces end before them).
NUMBER_EDGE = re.compile("(?<=[0-9])[\u4e00-\u9fa5]|(?<=[\u4e00-\u9fa5])[0-9]")

#: Where a long text may also be cut (just before a match): between two
#: words, at a single space after an ASCII letter or a Hangul syllable and
#: before another. Neither letter is changed by a case mapping (but to
#: another such letter), deleted, whitespace, NFKC-composed with the space
#: or part of a number, and no rule of NLTK's ``word_tokenize`` (either
#: version) reads across such a gap (see :meth:`.profiles.Comparer._by_pieces`):
#: Punkt finds no sentence boundary there (a boundary follows ``. ? !``)
#: and reads the word after the gap only after one of those; the word
#: rules read a sentence's edges (``^"``, a final period, colon or comma)
#: only at characters of their own, and the space itself (a clitic or
#: ``wanna`` before it) as the space NLTK pads a sentence's end with.
WORD_GAP = re.compile("(?<=[A-Za-z\uac00-\ud7a3] )[A-Za-z\uac00-\ud7a3]")
#: :data:`HAN_PAIR` or :data:`WORD_GAP`: where the official rules and the
#: fair profile's (but jieba's) may cut a long text.
PIECE_CUT = re.compile(f"{HAN_PAIR.pattern}|{WORD_GAP.pattern}")

_DELETE = str.maketrans("", "", PUNCTUATION)
_DELETABLE = re.compile("[" + re.escape(PUNCTUATION) + "]")
_ASCII_UPPER = re.compile("[A-Z]")

#: A text longer than this many characters is given back unchanged by a
#: step that would not change it (no copy), and a run this long that NLTK
#: would take as one token is not given to it (:func:`run_tokenizer`).
LONG_RUN = 4096


def delete_punctuation(text: str) -> str:
    """``text`` with :data:`PUNCTUATION` deleted; a long text without those
    characters, itself (``str.translate`` copies it).

    >>> delete_punctuation("《红楼梦》-a")
    '红楼梦a'
    """
    if len(text) > LONG_RUN and _DELETABLE.search(text) is None:
        return text
    return text.translate(_DELETE)


def ascii_case_mapped(text: str, mapping: Callable[[str], str]) -> str:
    """:func:`~answermatch.normalization.steps.case_mapped` (``str.lower``
    or ``str.casefold``); a long ASCII text without capitals, itself
    (``str.lower`` copies it).

    >>> text = "koei" * 2000
    >>> ascii_case_mapped(text, str.casefold) is text, ascii_case_mapped("ÄB", str.lower)
    (True, 'äb')
    """
    if len(text) > LONG_RUN and text.isascii() and _ASCII_UPPER.search(text) is None:
        return text
    return case_mapped(text, mapping)


def _py3_lower_strip(text: str) -> str:
    return ascii_case_mapped(text, str.lower).strip()


def _py2_lower_strip() -> Callable[[str], str]:
    from .py2text import py2_lower_strip

    return py2_lower_strip


_LOWER_STRIPS: dict[int, Callable[[], Callable[[str], str]]] = {
    6: lambda: _py3_lower_strip,
    5: _py2_lower_strip,  # loaded on first use
}


def lower_strip(version: int = 6) -> Callable[[str], str]:
    """The script's ``.lower().strip()`` of ``version``: Python 3's ``str``
    methods (v6) or Python 2.7's ``unicode`` methods (v5, :mod:`.py2text`).

    >>> lower_strip(6)(" ΟΔΟΣ "), lower_strip(5)(" ΟΔΟΣ ")
    ('οδος', 'οδοσ')
    """
    return _LOWER_STRIPS[version]()


def as_text(value: object) -> str:
    """``str(value)``, as the script applies it to every answer and prediction
    (a JSON number 39764.0 becomes ``'39764.0'``).

    >>> as_text(39764.0), as_text("北京")
    ('39764.0', '北京')
    """
    return value if type(value) is str else str(value)


def py2_str(value: object) -> str:
    """``str(value)`` under Python 2.7 (the v5 scripts): a float shows 12
    significant digits; inside a list, strings show as ``u'...'`` with
    non-ASCII characters escaped (a dict's keys keep the file's order, which
    Python 2 did not).

    >>> py2_str(0.1 + 0.2), py2_str(39764.0), py2_str(1e16), py2_str("4.9")
    ('0.3', '39764.0', '1e+16', '4.9')
    >>> print(py2_str(["北京", 0.1, None]))
    [u'\\u5317\\u4eac', 0.1, None]
    """
    if type(value) is float:
        text = f"{value:.12g}"
        if text.lstrip("-").isdigit():
            text += ".0"
        return text
    if isinstance(value, (list, dict)):
        return _py2_repr(value)
    return value if type(value) is str else str(value)


def _py2_repr(value: object) -> str:
    if isinstance(value, str):
        return "u" + ascii(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(_py2_repr, value)) + "]"
    if isinstance(value, dict):
        pairs = (f"{_py2_repr(k)}: {_py2_repr(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    return repr(value)


def em_key(text: str, version: int = 6) -> str:
    """What EM compares: lower-cased, stripped, the list deleted (in that
    order: a space next to a deleted character stays), with the string
    methods of the script's ``version``.

    >>> em_key("ABC -"), em_key("- ABC")
    ('abc ', ' abc')
    >>> em_key("İ《Σ》"), em_key("İ《Σ》", version=5)
    ('i̇σ', 'iσ')
    """
    return em_keyer(version)(text)


def _em_key_py3(text: str) -> str:
    return delete_punctuation(ascii_case_mapped(text, str.lower).strip())


def em_keyer(version: int = 6) -> Callable[[str], str]:
    """:func:`em_key` of ``version`` as a function of the text alone.

    >>> em_keyer(5)("《İ》")
    'i'
    """
    lower_strip_of = lower_strip(version)
    if lower_strip_of is _py3_lower_strip:
        return _em_key_py3

    def key(text: str) -> str:
        return delete_punctuation(lower_strip_of(text))

    return key


def segment(
    text: str, word_tokenize: Callable[[str], list[str]] | None = None, version: int = 6
) -> list[str]:
    """The script's ``mixed_segmentation(text, rm_punc=True)`` (``version``:
    whose ``.lower().strip()``, see :func:`lower_strip`, and whose default
    ``word_tokenize``).

    ``word_tokenize`` splits the non-Chinese runs (default: NLTK 3.10.4's,
    from :mod:`answermatch.nltk_compat`, for v6; NLTK 3.4.5's,
    :mod:`.nltk345`, for v5). Deleted characters join the text
    around them (``a-b`` is one run ``ab``), as in the script, which skips
    them without ending the run.

    >>> segment("2018年的NBA总决赛")
    ['2018', '年', '的', 'nba', '总', '决', '赛']
    >>> segment("约翰·史密斯说：“yes.”")
    ['约', '翰', '史', '密', '斯', '说', 'yes', '.']
    """
    if word_tokenize is None:
        if version == 5:
            from .nltk345 import word_tokenize
        else:
            from ...nltk_compat import word_tokenize
    return segmenter(word_tokenize, cache_size=0, version=version)(text)


def segmenter(
    word_tokenize: Callable[[str], list[str]], cache_size: int = 200_000, version: int = 6
) -> Callable[[str], list[str]]:
    """:func:`segment` with ``word_tokenize``, its runs' tokens remembered
    (answers and predictions repeat the same short runs).

    >>> seg = segmenter(str.split)
    >>> seg("第3届 World Cup")
    ['第', '3', '届', 'world', 'cup']
    >>> segmenter(str.split, version=5)("ΟΔΟΣ年")
    ['οδοσ', '年']
    """
    runs: dict[str, list[str]] = {}
    tokenize = run_tokenizer(word_tokenize)

    def tokenize_run(run: str) -> list[str]:
        tokens = runs.get(run)
        if tokens is None:
            tokens = tokenize(run)
            if len(run) <= LONG_RUN:  # a long run's tokens are not kept
                if len(runs) >= cache_size:
                    runs.clear()
                runs[run] = tokens
        return tokens

    split, prepare = CHINESE.split, lower_strip(version)

    def seg(text: str) -> list[str]:
        pieces = split(delete_punctuation(prepare(text)))
        if len(pieces) == 1:
            return list(tokenize_run(pieces[0])) if pieces[0] else []
        tokens: list[str] = []
        for index, piece in enumerate(pieces):
            if index % 2:
                tokens.append(piece)
            elif piece:
                tokens += tokenize_run(piece)
        return tokens

    return seg


#: A character that some rule of NLTK's ``word_tokenize`` (3.4.5 under
#: Python 2, or 3.10.4) reads: whitespace in the sense of any of the
#: engines (``str.split``, ``\\s`` of ``re``, of ``regex`` and of Python 2,
#: which holds U+180E), every ASCII character but letters and digits, the
#: guillemets, dashes and curly quotes U+2010..U+201F, and (to spare the
#: proof) U+200B and U+FEFF.
_TOKEN_BREAK = re.compile(
    "[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x85\xa0\xab\xbb\u1680\u180e"
    "\u2000-\u201f\u2028\u2029\u202f\u205f\u3000\ufeff]"
)
#: The words that NLTK's contraction rules split without an apostrophe, as
#: ``re`` matches them ignoring case (with its Unicode case folding, which
#: NLTK 3.10.4 uses; 3.4.5's is ASCII's, which matches less).
_CONTRACTION = re.compile("cannot|gimme|gonna|gotta|lemme|wanna", re.IGNORECASE)


def one_token(run: str) -> bool:
    """Whether NLTK's ``word_tokenize`` (NLTK 3.4.5 under Python 2, or
    3.10.4) gives ``run`` as one token, itself, because no rule of it can
    read ``run``: Punkt finds no sentence boundary without ``. ? !``, each
    word rule needs one of its own characters (:data:`_TOKEN_BREAK`) but
    the contractions (``cannot`` and five other words without an
    apostrophe), and ``split()`` needs whitespace.

    >>> one_token("wilhelmroentgen"), one_token("เมืองหลวง"), one_token("a.b")
    (True, True, False)
    >>> one_token("GONNA"), one_token(""), one_token("x y")
    (False, False, False)
    """
    return bool(run) and _TOKEN_BREAK.search(run) is None and _CONTRACTION.search(run) is None


def run_tokenizer(word_tokenize: Callable[[str], list[str]]) -> Callable[[str], list[str]]:
    """``word_tokenize`` (NLTK's, either version), except that a run longer
    than :data:`LONG_RUN` characters that it would give as one token
    (:func:`one_token`) is given back as itself, without the copies the
    rules make of it (the padded sentence, its lower case, the token).

    >>> tokenize = run_tokenizer(str.split)
    >>> run = "x" * 5000
    >>> tokenize(run)[0] is run, tokenize("a b")
    (True, ['a', 'b'])
    """

    def tokenize(run: str) -> list[str]:
        if len(run) > LONG_RUN and one_token(run):
            return [run]
        return word_tokenize(run)

    return tokenize


def longest_common_run(a: Sequence[str], b: Sequence[str]) -> int:
    """The length of the longest run of tokens found contiguously in both
    ``a`` and ``b`` (the script's ``find_lcs``: a substring, not a subsequence).

    Each distinct token becomes one character, so the run is a common
    substring of two strings; its length is found by bisection (a common run
    of length ``n`` holds one of every shorter length), each step testing the
    shorter side's windows with ``in``.

    >>> longest_common_run(list("abcde"), list("xbcdy"))
    3
    >>> longest_common_run(["a", "c"], ["a", "b", "c"])
    1
    >>> longest_common_run([], ["a"])
    0
    """
    if not a or not b:
        return 0
    if type(b) is CodedTokens:  # a long text's tokens, one character each
        s, t = b.code(a), b.coded
    elif type(a) is CodedTokens:
        s, t = a.coded, a.code(b)
    else:
        codes: dict[str, str] = {}
        s = "".join([codes.setdefault(x, chr(len(codes) + 0x100)) for x in a])
        t = "".join([codes.get(x) or codes.setdefault(x, chr(len(codes) + 0x100)) for x in b])
    if len(s) > len(t):
        s, t = t, s
    if s in t:
        return len(s)
    low, high = 0, len(s) - 1  # a common run of `low` exists; none longer than `high`
    while low < high:
        mid = (low + high + 1) // 2
        if any(s[i : i + mid] in t for i in range(len(s) - mid + 1)):
            low = mid
        else:
            high = mid - 1
    return low


def f1_of(answer: Sequence[str], prediction: Sequence[str]) -> float:
    """The script's F1 of one answer's tokens and the prediction's: the
    longest common run over each side's length, 0 without one (computed in
    the script's order, so the floats are bit-identical).

    >>> f1_of(["a", "b", "c"], ["b", "c"])
    0.8
    """
    run = longest_common_run(answer, prediction)
    if run == 0:
        return 0.0
    precision = 1.0 * run / len(prediction)
    recall = 1.0 * run / len(answer)
    return (2 * precision * recall) / (precision + recall)


_Piece = TypeVar("_Piece")

#: The most distinct tokens a :class:`CodedTokens` codes (one code point
#: each, the last one left for the tokens of other texts it does not hold).
MAX_CODES = 0x10FFFF


class CodedTokens(Sequence[str]):
    """A long text's tokens, in order, as one string: each distinct token
    one character (its *code*, given in the order the tokens first come, so
    a text of at most 256 distinct tokens takes a byte a token), and the
    codes' table. What the longest common run needs (the tokens' order and
    which are equal: :func:`longest_common_run` codes the other side with
    the same table), without a string object a token. Iterating gives the
    tokens; equal to a sequence of equal tokens in the same order.

    >>> coded = CodedTokens.of_pieces(["a b", "a"], str.split)
    >>> len(coded), coded.coded, list(coded), coded == ["a", "b", "a"]
    (3, '\\x00\\x01\\x00', ['a', 'b', 'a'], True)
    >>> longest_common_run(["b", "a", "x"], coded)
    2
    """

    __slots__ = ("coded", "codes")

    def __init__(self, codes: dict[str, str], coded: str) -> None:
        self.codes = codes
        self.coded = coded

    @classmethod
    def of_pieces(
        cls, pieces: Iterable[_Piece], tokens: Callable[[_Piece], Sequence[str]]
    ) -> CodedTokens | None:
        """The tokens of the ``pieces`` of a text, each piece's ``tokens``
        coded and dropped; ``None`` when the text has more than
        :data:`MAX_CODES` distinct tokens (more than one code point each).
        The pieces must be cut where the rules read nothing across (for the
        mixed segmentation and the fair rules, :data:`HAN_PAIR`)."""
        codes: dict[str, str] = {}
        parts: list[str] = []
        get = codes.get
        for piece in pieces:
            found = tokens(piece)
            for token in found:
                if get(token) is None:
                    if len(codes) >= MAX_CODES:
                        return None
                    codes[token] = chr(len(codes))
            parts.append("".join(map(codes.__getitem__, found)))
        coded = "".join(parts)
        del parts
        return cls(codes, coded)

    def code(self, tokens: Iterable[str]) -> str:
        """``tokens`` (another text's) coded with this table, each token it
        does not hold as one code that no token of this text has."""
        other = chr(len(self.codes))
        get = self.codes.get
        return "".join([get(token, other) for token in tokens])

    def __len__(self) -> int:
        return len(self.coded)

    def __iter__(self) -> Iterator[str]:
        tokens = {code: token for token, code in self.codes.items()}
        return map(tokens.__getitem__, self.coded)

    def __getitem__(self, index: object) -> str:  # type: ignore[override]
        raise TypeError("CodedTokens is read in order (iterate), not by index")

    def __contains__(self, token: object) -> bool:
        return token in self.codes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (CodedTokens, tuple, list)):
            return NotImplemented
        return len(other) == len(self.coded) and all(map(eq, self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CodedTokens({len(self.coded)} tokens, {len(self.codes)} distinct)"
