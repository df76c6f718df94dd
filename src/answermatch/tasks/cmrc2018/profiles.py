"""The ``official`` and ``fair`` profiles of ``cmrc2018``: one settings
object, one code path (:class:`Comparer`).

Each field switches one official rule to a fairer one, so that each
difference can be measured alone (``dataclasses.replace(OFFICIAL, field=...)``):

``width``
    ``"official"``: none. ``"nfkc"``: NFKC first (full-width ``ＡＢＣ１２３``
    and half-width forms fold to their usual forms, ``①`` to ``1``).
``punctuation``
    ``"official"``: ``lower()``, ``strip()`` and the script's 31 characters
    deleted. ``"unicode"``: case folding, every Unicode punctuation mark and
    symbol deleted (categories P and S: ``,.!?()"'‘—…【】`` and the rest) and
    whitespace collapsed.
``segmentation``
    ``"official"``: a token per character of U+4E00..U+9FA5, NLTK for the rest.
    ``"han"``: a token per Han character of any block (extension A and
    beyond, compatibility ideographs), NLTK for the rest. ``"jieba"``: jieba
    words (precise mode) instead of characters (needs the ``zh`` extra).
``numbers``
    ``"string"``: digits are text. ``"value"``: each number is one token in
    canonical form (:func:`answermatch.analysis.split_numbers`: thousands
    separators, full-width and other scripts' digits, ``3.50`` = ``3.5``).
``overlap``
    ``"contiguous"``: the longest common contiguous token run (the script).
    ``"bag"``: the multiset intersection of the tokens (SQuAD's F1).

EM compares the normalized strings (the official key, or the fair text with
numbers in canonical form).

>>> official = Comparer(OFFICIAL)
>>> official.em("ＡＢＣ", "abc"), Comparer(FAIR).em("ＡＢＣ", "abc")
(0, 1)
>>> official.f1(["1,000元"], "1000元")
0.5
>>> Comparer(FAIR).f1(["1,000元"], "1000元")
1.0
"""

from __future__ import annotations

import re
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain

from ...matchers.answers import CountedTokens, JoinedKey, answer_set, best_overlap, overlap_f1
from ...normalization import steps
from ...profiles import Settings as ProfileSettings
from ...profiles import choice
from .rules import (
    NUMBER_EDGE,
    PIECE_CUT,
    CodedTokens,
    ascii_case_mapped,
    delete_punctuation,
    em_keyer,
    f1_of,
    lower_strip,
    run_tokenizer,
    segmenter,
)

__all__ = ["FAIR", "OFFICIAL", "PROFILES", "Comparer", "Settings", "signature_fields"]


@dataclass(frozen=True)
class Settings(ProfileSettings):
    """What decides the numbers (see :mod:`answermatch.tasks.cmrc2018.profiles`); ``version``
    is the official script's version whose NLTK tokenizer splits the
    non-Chinese runs (6: NLTK 3.10.4; 5: the Python 2 script's NLTK 3.4.5)."""

    width: str = choice("official", "nfkc")
    punctuation: str = choice("official", "unicode")
    segmentation: str = choice("official", "han", "jieba")
    numbers: str = choice("string", "value")
    overlap: str = choice("contiguous", "bag")
    version: int = choice(6, 5)

    @property
    def is_official(self) -> bool:
        """True when every rule is the script's own (the fast path)."""
        return not [f for f in self.changes() if f != "version"]


OFFICIAL = Settings("official")
FAIR = Settings(
    "fair", width="nfkc", punctuation="unicode", segmentation="han", numbers="value", overlap="bag"
)
PROFILES: dict[str, Settings] = {"official": OFFICIAL, "fair": FAIR}

_HAN = re.compile(
    "([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef\U00030000-\U0003134f])"
)
_CHINESE = re.compile("([\u4e00-\u9fa5])")


def word_tokenizer(version: int) -> Callable[[str], list[str]]:
    """The NLTK ``word_tokenize`` of the script's ``version``."""
    if version == 5:
        from .nltk345 import word_tokenize as old

        return old
    from ...nltk_compat import word_tokenize

    return word_tokenize


class Comparer:
    """EM and F1 of a prediction against a question's answers under ``settings``.

    The official settings take the script's own functions
    (:func:`~answermatch.tasks.cmrc2018.rules.em_key`, the mixed
    segmentation); the others go through :meth:`analyse`.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._word_tokenize = run_tokenizer(word_tokenizer(settings.version))
        self._segment = segmenter(word_tokenizer(settings.version), version=settings.version)
        #: a long text's pieces: their runs are not remembered (each once)
        self._segment_piece = segmenter(
            word_tokenizer(settings.version), cache_size=0, version=settings.version
        )
        self._lower_strip = lower_strip(settings.version)
        self._em_key = em_keyer(settings.version)
        self._jieba: Callable[[str], list[str]] | None = None
        self._analysed: dict[str, tuple[str, list[str]]] = {}
        #: where a long text is cut (:meth:`_by_pieces`); ``None``: analysed at once
        self._cut: re.Pattern[str] | None = PIECE_CUT
        if settings.segmentation == "jieba":
            self._cut = NUMBER_EDGE if settings.numbers == "value" else None

    # -- the two views of a text ----------------------------------------------------

    def analyse(self, text: str) -> tuple[str, list[str]]:
        """``(EM key, F1 tokens)`` of ``text``; of a text longer than
        :data:`~answermatch.normalization.steps.PIECE_CHARS`, piece by
        piece where the rules allow it (:meth:`_by_pieces`)."""
        known = self._analysed.get(text)
        if known is not None:
            return known
        result = None
        if len(text) > steps.PIECE_CHARS and self._cut is not None:
            result = self._by_pieces(text, self._cut)
        if result is None:
            if self.settings.is_official:
                result = (self._em_key(text), self._segment(text))
            else:
                result = self._analyse(text)
        if len(self._analysed) > 200_000:
            self._analysed.clear()
        self._analysed[text] = result
        return result

    def _by_pieces(self, text: str, cut: re.Pattern[str]) -> tuple[str, list[str]] | None:
        """The analysis of a long ``text`` made piece by piece, cut between
        two characters of U+4E00..U+9FA5 (:data:`~.rules.HAN_PAIR`) or after
        the space between two words (:data:`~.rules.WORD_GAP`; under
        jieba's words, only where such a character and an ASCII digit meet,
        :data:`~.rules.NUMBER_EDGE`, when numbers are read by value), each
        piece's tokens counted (``bag``) or coded (the longest common run,
        :class:`~.rules.CodedTokens`) and dropped, its EM key held as its
        length (:class:`~answermatch.matchers.answers.JoinedKey`, the
        pieces' keys joined by nothing, or by the space of a word gap,
        which each piece's key strips); ``None`` where the text has more
        distinct tokens than can be coded (then it is analysed at once).

        At a word gap (a space between an ASCII letter or Hangul syllable
        and another), the letters stay such letters under the case
        mappings, NFKC and the deletions, no number holds one, and the
        space stays a space (the official key keeps it; the fair key
        collapses the whitespace around it to it): the whole text's key is
        the pieces' keys joined by that space. NLTK's tokens of the run
        across the gap are those of its two sides (see
        :data:`~.rules.WORD_GAP`; ``tests/test_cmrc2018_pieces.py`` compares
        them on adversarial text).

        No rule of either profile reads across such a cut (but jieba's
        words, which are cut at numbers only): each of the two characters is a
        token of its own in the script's split and in ``han``'s; the case
        mappings, ``strip()`` and the deletions leave them alone (neither is
        cased, case-ignorable, whitespace, punctuation or a symbol, so a
        final sigma's context ends at them); NFKC has a boundary before each
        (a starter that composes with nothing before it) and keeps both;
        no number holds one; the fair key's whitespace, collapsed, ends
        before them. So the pieces' tokens, one after the other, are the
        whole text's, and their keys, joined, its key. Under jieba with
        numbers by value, jieba reads each stretch between two numbers on
        its own, and the place where an ASCII digit and an ideograph meet is
        a number's edge in the whole text as in the pieces (see
        :data:`~.rules.NUMBER_EDGE`); a text without such a place (Chinese
        without digits, or numbers read as strings) is analysed at once."""
        analysed: Callable[[str], tuple[str, list[str]]]
        if self.settings.is_official:
            key_of, tokens_of = self._em_key, self._segment_piece

            def analysed(piece: str) -> tuple[str, list[str]]:
                return key_of(piece), tokens_of(piece)

        else:
            analysed = self._analyse

        def pieces() -> Iterator[tuple[str, str]]:
            """Each piece and what joins its key to the next one's: the
            space of a word gap (which the piece's own key strips), else
            nothing."""
            previous = None
            for piece in steps.pieces(text, cut):
                if previous is not None:
                    yield previous, " " if previous[-1] == " " else ""
                previous = piece
            if previous is not None:
                yield previous, ""

        def analysed_pieces() -> Iterator[tuple[str, list[str]]]:
            for piece, gap in pieces():
                key, found = analysed(piece)
                yield key + gap if gap else key, found

        length = 0
        tokens: Sequence[str] | None
        if self.settings.overlap == "bag":  # the tokens' counts
            counts: dict[str, int] = {}
            size = 0
            for key, found in analysed_pieces():
                length += len(key)
                size += len(found)
                _count_elements(counts, found)

            def remake() -> Iterable[str]:
                return chain.from_iterable(found for _, found in analysed_pieces())

            tokens = CountedTokens(counts, size, remake)
        else:  # the tokens in order, a code point each
            lengths: list[int] = []

            def coded_tokens(analysed_piece: tuple[str, list[str]]) -> list[str]:
                key, found = analysed_piece
                lengths.append(len(key))
                return found

            tokens = CodedTokens.of_pieces(analysed_pieces(), coded_tokens)
            if tokens is None:
                return None
            length = sum(lengths)

        def keys() -> Iterator[str]:
            return (key for key, _ in analysed_pieces())

        return JoinedKey(length, keys, sep=""), tokens  # type: ignore[return-value]

    def _analyse(self, text: str) -> tuple[str, list[str]]:
        from ...normalization.steps import nfkc, strip_noise

        s = self.settings
        if s.width == "nfkc":
            text = nfkc(text)
        official_punct = s.punctuation == "official"
        if official_punct:
            text = self._lower_strip(text)  # the script's order: strip, then delete
        if s.numbers == "value":
            from ...analysis import split_numbers

            pieces = split_numbers(text)
        else:
            pieces = [(False, text)]
        key_parts: list[str] = []
        tokens: list[str] = []
        for is_number, piece in pieces:
            if not is_number:
                if official_punct:
                    piece = delete_punctuation(piece)
                else:
                    piece = strip_noise(ascii_case_mapped(piece, str.casefold))
                tokens += self._tokens(piece)
            else:
                tokens.append(piece)
            key_parts.append(piece)
        key = "".join(key_parts)
        return (key if official_punct else " ".join(key.split())), tokens

    def _tokens(self, text: str) -> list[str]:
        seg = self.settings.segmentation
        if seg == "jieba":
            if self._jieba is None:
                from ...tokenizers import get_tokenizer

                tokenizer = get_tokenizer("zh")
                self._jieba = lambda t: [w for w in tokenizer.tokenize(t, "word") if w.strip()]
            return self._jieba(text)
        pattern = _HAN if seg == "han" else _CHINESE
        tokens: list[str] = []
        for index, piece in enumerate(pattern.split(text)):
            if index % 2:
                tokens.append(piece)
            elif piece.strip():
                tokens += self._word_tokenize(piece)
        return tokens

    # -- figures --------------------------------------------------------------------

    def em(self, answers: Sequence[str] | str, prediction: str) -> int:
        """1 when the prediction's EM key equals an answer's, else 0."""
        if isinstance(answers, str):
            answers = [answers]
        key = self.analyse(prediction)[0]
        return int(any(self.analyse(a)[0] == key for a in answers))

    def f1_one(self, answer_tokens: Sequence[str], prediction_tokens: Sequence[str]) -> float:
        """F1 of one answer's tokens against the prediction's."""
        if self.settings.overlap == "bag":  # SQuAD's token F1
            if type(prediction_tokens) is CountedTokens or type(answer_tokens) is CountedTokens:
                return overlap_f1(prediction_tokens, answer_tokens)  # a long text's counts
            return best_overlap(tuple(prediction_tokens), answer_set((answer_tokens,)))[0]
        return f1_of(answer_tokens, prediction_tokens)

    def f1(self, answers: Sequence[str], prediction: str) -> float:
        """The best F1 over ``answers`` (a list of texts)."""
        tokens = self.analyse(prediction)[1]
        return max(self.f1_one(self.analyse(a)[1], tokens) for a in answers)


def signature_fields(settings: Settings) -> dict[str, object]:
    """The settings as signature fields (besides the profile's name).

    >>> signature_fields(OFFICIAL)["script"]
    'v6'
    """
    return {
        "script": f"v{settings.version}",
        "width": settings.width,
        "punct": settings.punctuation,
        "seg": settings.segmentation,
        "numbers": settings.numbers,
        "overlap": settings.overlap,
    }
