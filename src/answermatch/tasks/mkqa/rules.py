"""How MKQA turns an answer into the tokens EM and F1 compare.

The official rule (apple/ml-mkqa ``mkqa_eval_util.py``,
``normalize_answer_by_language``): ``str.lower``, ASCII punctuation
(``string.punctuation``) deleted, the language's "article" pattern replaced
by a space, then tokens: every non-space character for zh_cn, zh_hk, zh_tw,
ja, th and km, whitespace-separated words elsewhere.

>>> official = Rules(OFFICIAL, "fr")
>>> official.tokens("Le citron, lemon!")
('citron', 'mon')
>>> Rules(OFFICIAL, "ja").tokens("東京 Scott")
('東', '京', 's', 'c', 'o', 't', 't')
>>> Rules(OFFICIAL, "ar").tokens("الكتاب المال")
('كتاب', 'م')

Each difference of the ``fair`` profile is one switch of
:class:`MkqaSettings`, so that each can be measured alone:

>>> words = OFFICIAL.replace(articles="words")
>>> Rules(words, "fr").tokens("Le citron, lemon! l'homme")
('citron', 'lemon', 'homme')
>>> Rules(words, "ar").tokens("الكتاب المال")
('كتاب', 'مال')
>>> Rules(OFFICIAL.replace(numbers="value"), "en").tokens("1,000 km")
('1000', 'km')
>>> Rules(OFFICIAL.replace(script="hans"), "zh_tw").tokens("臺灣")
('台', '湾')
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ...matchers.answers import AnswerSet, CountedTokens, answer_set, best_overlap
from ...normalization import steps as _steps
from ...profiles import Settings, choice

__all__ = [
    "ARTICLES",
    "CHARACTER_LANGUAGES",
    "FAIR",
    "LANGUAGES",
    "OFFICIAL",
    "MkqaSettings",
    "Rules",
]

#: The 26 MKQA languages, in the official scripts' order (``MKQA_LANGUAGES``).
LANGUAGES: tuple[str, ...] = (
    "ar", "da", "de", "en", "es", "fi", "fr", "he", "hu", "it", "ja", "km", "ko",
    "ms", "nl", "no", "pl", "pt", "ru", "sv", "th", "tr", "vi", "zh_cn", "zh_hk", "zh_tw",
)  # fmt: skip

#: Languages the official rule splits into single characters ("mixed segmentation").
CHARACTER_LANGUAGES = frozenset({"zh_cn", "zh_hk", "zh_tw", "ja", "th", "km"})

#: The official article patterns, as written in ``ARTICLE_REGEX_BY_LANG``
#: (the Arabic one is ``"\sال^|ال"``: its first branch can never match, so
#: every ``ال`` goes). fr and it lack a closing ``\b``.
ARTICLES: dict[str, str] = {
    "en": r"\b(a|an|the)\b",
    "es": r"\b(un|una|unos|unas|el|la|los|las)\b",
    "vi": r"\b(của|là|cái|chiếc|những)\b",
    "de": r"\b(ein|eine|einen|einem|eines|einer|der|die|das|den|dem|des)\b",
    "ar": r"\sال^|ال",
    "nl": r"\b(de|het|een|des|der|den)\b",
    "sv": r"\b(en|ett)\b",
    "da": r"\b(en|et)\b",
    "no": r"\b(en|et|ei)\b",
    "fr": r"\b(le|la|l'|les|du|de|d'|des|un|une|des)",
    "pt": r"\b(o|a|os|as|um|uma|uns|umas)\b",
    "it": r"\b(il|lo|la|l'|i|gli|le|del|dello|della|dell'|dei|degli|degl'|delle|un'|uno|una|un)",
    "fi": r"\b(se|yks|yksi)\b",
    "hu": r"\b(a|az|egy)\b",
}

# The fair profile's articles: whole words only, elided forms (l', dell'...)
# before the apostrophe is deleted, the Arabic article only as a word's
# prefix, and the Vietnamese list without của ("of") and là ("to be").
_ELIDED = {
    "fr": ("l", "d"),
    "it": ("l", "dell", "degl", "un", "nell", "all", "dall", "sull"),
}
_WORD_ARTICLES: dict[str, str] = {
    **{lang: pattern for lang, pattern in ARTICLES.items() if lang not in ("ar", "fr", "it", "vi")},
    "vi": r"\b(cái|chiếc|những)\b",
    "fr": r"\b(le|la|les|du|de|des|un|une)\b",
    "it": r"\b(il|lo|la|i|gli|le|del|dello|della|dei|degli|delle|uno|una|un)\b",
    "ar": r"(?<!\w)ال(?=\w\w)",
}
_APOSTROPHES = "'’ʼ"

#: The longest text whose tokens :meth:`Rules.tokens` keeps (answers and
#: short predictions, which repeat; a long prediction's would only be held).
_CACHED_CHARS = 1 << 10

_ASCII_PUNCT = str.maketrans("", "", string.punctuation)
_THAI_KHMER = "\u0e00-\u0e7f\u1780-\u17ff\u19e0-\u19ff"
_SCRIPT_CHARS = re.compile(rf"[{_THAI_KHMER}]|[^\s{_THAI_KHMER}]+").findall
#: Kana, CJK ideographs, Thai and Khmer letters: Lo, neither cased nor
#: case-ignorable, so a final sigma's context stops there; a starter that
#: composes with nothing before it under NFKC; no ASCII punctuation, and
#: in no article pattern.
CUT_CHARACTERS = "\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\u0e01-\u0e30\u1780-\u17b3"
#: Where a text split into characters is cut besides whitespace: just before
#: one of :data:`CUT_CHARACTERS`, so that a text without spaces is cut too.
_CHARACTER_CUT = re.compile(rf"[\s{CUT_CHARACTERS}]")
#: Where :meth:`Rules._counted` cuts a long text before it reads its numbers
#: (``numbers="value"``): between two CJK ideographs of U+4E00..U+9FFF.
_IDEOGRAPHS = re.compile("(?<=[\u4e00-\u9fff])[\u4e00-\u9fff]")


@dataclass(frozen=True)
class MkqaSettings(Settings):
    """The switches of one profile (``official`` reproduces the script).

    ``punctuation``: ``"ascii"`` deletes ``string.punctuation`` only;
    ``"unicode"`` also every character of a Unicode punctuation category
    (P*): 「」、。« » ، ...
    ``width``: ``"keep"``; ``"nfkc"`` folds full-width and compatibility
    forms first (Ａ１ = A1).
    ``segmentation``: ``"official"`` splits zh/ja/th/km into characters;
    ``"language"`` uses MeCab words for ja, jieba words for zh_*, and for th
    and km keeps Thai/Khmer characters one by one but Latin words and digit
    runs whole (no word segmenter ships with answermatch for them).
    ``articles``: ``"official"`` patterns; ``"words"`` whole words only (see
    the docs page).
    ``numbers``: ``"string"``; ``"value"`` reads every number
    (:func:`answermatch.analysis.split_numbers`) and compares it by value.
    ``script``: ``"keep"``; ``"hans"`` folds Chinese Traditional characters
    to Simplified in zh_cn, zh_hk and zh_tw, prediction and answers alike
    (OpenCC ``t2s``: :func:`answermatch.normalization.steps.to_simplified`,
    the ``zh`` extra), so ``臺灣`` = ``台湾``.
    """

    name: str = "official"
    punctuation: str = choice("ascii", "unicode")
    width: str = choice("keep", "nfkc")
    segmentation: str = choice("official", "language")
    articles: str = choice("official", "words")
    numbers: str = choice("string", "value")
    script: str = choice("keep", "hans")


#: The official rule.
OFFICIAL = MkqaSettings()
#: Every fair switch on.
FAIR = MkqaSettings(
    name="fair",
    punctuation="unicode",
    width="nfkc",
    segmentation="language",
    articles="words",
    numbers="value",
    script="hans",
)


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _ascii_punct(text: str) -> str:
    return text.translate(_ASCII_PUNCT)


def _unicode_punct(text: str) -> str:
    size = _steps.CASE_PIECE_CHARS
    if len(text) > size:  # each character kept or deleted alone: any cut will do
        return "".join([_unicode_punct(text[at : at + size]) for at in range(0, len(text), size)])
    return "".join(
        ch for ch in text.translate(_ASCII_PUNCT) if not unicodedata.category(ch).startswith("P")
    )


def _whitespace(text: str) -> list[str]:
    return text.split()


def _characters(text: str) -> list[str]:
    # mixed_segmentation keeps every character; white_space_fix drops the
    # ones that strip to nothing
    return [ch for ch in text if ch.strip()]


@cache
def _article_sub(pattern: str) -> Callable[[str], str]:
    compiled = re.compile(pattern)
    return lambda text: compiled.sub(" ", text)


@cache
def _elision_sub(lang: str) -> Callable[[str], str]:
    words = "|".join(_ELIDED[lang])
    compiled = re.compile(rf"\b(?:{words})[{_APOSTROPHES}](?=\w)")
    return lambda text: compiled.sub(" ", text)


class Rules:
    """The normalization and tokens of one language under one profile.

    ``normalize(text)`` is the official ``normalize_answer_by_language``
    (the tokens joined by single spaces); ``tokens(text)`` what F1 counts.
    """

    def __init__(self, settings: MkqaSettings, lang: str) -> None:
        self.settings = settings
        self.lang = lang
        self._steps = self._text_steps()
        self._split = self._splitter()
        self._cache: dict[str, tuple[str, ...]] = {}
        self._answers: dict[tuple[str, ...], AnswerSet] = {}
        self._long: tuple[str, CountedTokens] | None = None
        self._piecewise = self.piecewise()
        self._letters = self._in_letters()

    # --- building --------------------------------------------------------------------

    def _text_steps(self) -> list[tuple[str, Callable[[str], str]]]:
        s, lang = self.settings, self.lang
        steps: list[tuple[str, Callable[[str], str]]] = []
        if s.width == "nfkc":
            steps.append(("nfkc", _nfkc))
        steps.append(("lower", _steps.lower))
        if s.script == "hans" and lang.startswith("zh"):
            from ...normalization.steps import to_simplified  # needs the zh extra's opencc

            steps.append(("to_simplified", to_simplified))
        if s.articles == "words" and lang in _ELIDED:
            steps.append(("elided_articles", _elision_sub(lang)))
        if s.punctuation == "unicode":
            steps.append(("strip_unicode_punct", _unicode_punct))
        else:
            steps.append(("strip_ascii_punct", _ascii_punct))
        pattern = (ARTICLES if s.articles == "official" else _WORD_ARTICLES).get(lang)
        if pattern:
            steps.append(("remove_articles", _article_sub(pattern)))
        return steps

    def _splitter(self) -> Callable[[str], list[str]]:
        lang = self.lang
        if self.settings.segmentation == "official" or lang not in CHARACTER_LANGUAGES:
            return _characters if lang in CHARACTER_LANGUAGES else _whitespace
        if lang == "ja" or lang.startswith("zh"):
            from ...tokenizers import get_tokenizer

            tokenizer = get_tokenizer("ja" if lang == "ja" else "zh")
            return lambda text: [t for t in tokenizer.tokenize(text) if t.strip()]
        return _SCRIPT_CHARS

    def tokenizer_signature(self) -> str | None:
        """The signature of the word tokenizer used (``None``: characters or
        whitespace), with the OpenCC version that folds Chinese scripts under
        ``script="hans"`` (``t2s=opencc-1.1.9``)."""
        found = None
        words = self.settings.segmentation != "official"
        if words and (self.lang == "ja" or self.lang.startswith("zh")):
            from ...tokenizers import get_tokenizer

            found = get_tokenizer("ja" if self.lang == "ja" else "zh").signature()
        if self.settings.script == "hans" and self.lang.startswith("zh"):
            from ...tokenizers.base import require

            folding = f"t2s=opencc-{require('opencc', 'zh').__version__}"
            found = folding if found is None else f"{found}+{folding}"
        return found

    # --- applying --------------------------------------------------------------------

    def text(self, text: str) -> str:
        """``text`` after the character steps (before tokenization)."""
        for _, step in self._steps:
            text = step(text)
        return text

    def tokens(self, text: str) -> Sequence[str]:
        """The tokens EM and F1 compare: a tuple (cached per text), or for a
        text longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
        their counts (:class:`~answermatch.matchers.answers.CountedTokens`;
        the last such text's kept), its tokens made piece by piece and
        counted (:meth:`piecewise`)."""
        if len(text) > _steps.PIECE_CHARS:
            last = self._long
            if last is None or last[0] != text:
                last = self._long = (text, self._counted(text))
            return last[1]
        found = self._cache.get(text)
        if found is None:
            found = self._tokens(text)
            if len(text) <= _CACHED_CHARS:
                self._cache[text] = found
        return found

    def _tokens(self, text: str) -> tuple[str, ...]:
        if self.settings.numbers == "value":
            from ...analysis import split_numbers

            out: list[str] = []
            for is_number, piece in split_numbers(
                unicodedata.normalize("NFKC", text) if self.settings.width == "nfkc" else text,
                self.lang,
            ):
                if is_number:
                    out.append(piece)
                else:
                    out.extend(self._split(self.text(piece)))
            return tuple(out)
        return tuple(self._split(self.text(text)))

    def piecewise(self) -> bool:
        """Whether the character steps and the split read nothing across
        whitespace (as :meth:`str.split` sees it), so that a text cut just
        before whitespace gives, piece after piece, the whole text's tokens
        (a text split into single characters also just before a kana, a CJK
        ideograph, a Thai or Khmer letter: ``_CHARACTER_CUT``).
        True of the official rules in every language: ``str.lower`` (a
        final sigma looks no further than whitespace, which is neither cased
        nor case-ignorable), ASCII punctuation deleted character by
        character, the article patterns (``\\b`` holds at a piece's end as
        before the whitespace that followed it; the Arabic ``ال`` needs no
        context), then whitespace words or single characters. The fair
        steps too (NFKC composes nothing across whitespace and maps
        whitespace to whitespace; punctuation deleted one by one; articles
        as whole words, the Arabic one with look-arounds that see a piece's
        end as whitespace), with Thai/Khmer characters and Latin runs; not
        Japanese's MeCab, which reads across spaces, nor OpenCC's phrases
        (``script="hans"``, zh_*), which no rule keeps from holding a
        space: those are cut only at numbers (``numbers="value"``).

        >>> Rules(OFFICIAL, "ja").piecewise(), Rules(FAIR, "ja").piecewise()
        (True, False)
        >>> Rules(FAIR, "th").piecewise(), Rules(FAIR, "zh_cn").piecewise()
        (True, False)
        """
        lang, s = self.lang, self.settings
        if s.script == "hans" and lang.startswith("zh"):
            return False
        if s.segmentation == "official" or lang not in CHARACTER_LANGUAGES:
            return True
        if lang == "ja" or lang.startswith("zh"):
            from ...tokenizers import get_tokenizer

            return get_tokenizer("ja" if lang == "ja" else "zh").local_to_whitespace
        return True  # th, km: Thai/Khmer characters and runs of other non-spaces

    @property
    def cuts_letters(self) -> bool:
        """Whether a long text may also be cut inside a run of ASCII letters
        (:meth:`_in_letters`, decided once)."""
        return self._letters

    def _in_letters(self) -> bool:
        """Whether scoring may also cut a long text inside a run of ASCII
        letters (:func:`~answermatch.normalization.steps.in_letters`): the
        rules are :meth:`piecewise`, the tokens runs of non-spaces (not
        single characters nor a tokenizer's words), and the articles, if
        any, whole words (``\\b`` on both sides: at most five letters, which
        match neither inside a run nor at the edge of a piece cut 16 letters
        into one) or Arabic's (no ASCII letter). Not the official French
        and Italian patterns, which lack the closing ``\\b``: ``le`` at a
        piece's start would be taken for an article. Every other step
        maps ASCII letters to ASCII letters, one at a time; a number holds
        none.

        >>> Rules(OFFICIAL, "en")._in_letters(), Rules(OFFICIAL, "fr")._in_letters()
        (True, False)
        >>> Rules(FAIR, "fr")._in_letters(), Rules(OFFICIAL, "ja")._in_letters()
        (True, False)
        """
        s, lang = self.settings, self.lang
        if not self._piecewise or self._split not in (_whitespace, _SCRIPT_CHARS):
            return False
        pattern = (ARTICLES if s.articles == "official" else _WORD_ARTICLES).get(lang)
        return not pattern or lang == "ar" or pattern.endswith(")\\b")

    def long_pieces(self) -> Callable[[str], Iterator[str]] | None:
        """The pieces :meth:`tokens` reads a long text in, where the steps
        and the split read nothing across the cuts (:meth:`piecewise`,
        without ``numbers="value"``, which reads numbers first); ``None``
        where it is read otherwise. Where the rules allow it
        (:meth:`_in_letters`), a text is also cut inside a run of ASCII
        letters, as :meth:`tokens` cuts it."""
        if self.settings.numbers == "value" or not self._piecewise:
            return None
        at = _CHARACTER_CUT if self._split is _characters else None
        if self._letters:
            at = _steps.in_letters(at)
        return lambda text: _steps.pieces(text, at)

    def _counted(self, text: str) -> CountedTokens:
        # :meth:`_tokens`'s tokens, counted piece by piece: numbers read one
        # at a time (numbers="value"), the stretches between them given to
        # the steps and the split as the whole path gives them, each cut
        # just before whitespace where the rules read nothing across it
        # (and inside a run of ASCII letters where the rules allow it: a
        # piece cut there continues the word before, counted whole)
        split, steps = self._split, self.text
        local = self._piecewise
        at = _CHARACTER_CUT if split is _characters else None
        if self._letters:
            at = _steps.in_letters(at)

        def tokens(piece: str) -> Sequence[str]:
            return split(steps(piece))

        if self.settings.numbers != "value":
            if local:
                return CountedTokens.of_glued(
                    lambda: _steps.pieces(text, at),
                    lambda piece: (tokens(piece),),
                    _steps.starts_in_word,
                )
            return CountedTokens.of_pieces(lambda: (text,), tokens)
        from ...analysis import number_pieces

        nfkc = self.settings.width == "nfkc"
        lang = self.lang
        # where the rules are local, a text is first cut between two CJK
        # ideographs (and each part read on its own: NFKC, numbers, steps):
        # NFKC leaves them as they are and joins nothing to them, no number
        # holds one, no step reads across them; a whitespace or script
        # split's token so cut continues the token before it
        outer = _IDEOGRAPHS if local and split in _IDEOGRAPH_SPLITS else None
        glued = split is not _characters

        def stretches() -> Iterator[Sequence[str]]:
            for n, whole in enumerate((text,) if outer is None else _steps.pieces(text, outer)):
                if nfkc:
                    whole = unicodedata.normalize("NFKC", whole)
                for i, (is_number, piece) in enumerate(number_pieces(whole, lang)):
                    if is_number:
                        yield (piece,)
                    elif local:  # a piece after the stretch's first may start inside a word
                        for k, part in enumerate(_steps.pieces(piece, at)):
                            found = tokens(part)
                            inside = _steps.starts_in_word(part) if k else n and not i and glued
                            yield _steps.Continued(found) if inside else found
                    else:
                        yield tokens(piece)

        return CountedTokens.of_glued(stretches, _one_stretch, _continued)

    def normalize(self, text: str) -> str:
        """The normalized string EM compares (tokens joined by spaces)."""
        return " ".join(self.tokens(text))

    def steps(self) -> list[tuple[str, Callable[[str], str]]]:
        """The character steps as ``(name, step)``, in order (for ``explain``)."""
        return list(self._steps)

    def answers(self, answers: Iterable[str]) -> AnswerSet:
        """The answers' tokens, prepared for :meth:`match` (cached per answer tuple)."""
        key = tuple(answers)
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = answer_set(map(self.tokens, key))
        return found

    def match(self, prediction: str, answers: Iterable[str]) -> tuple[float, float]:
        """``(em, f1)`` of ``prediction``: the best over ``answers``, as
        ``compute_max_score_over_answers`` takes it (``calculate_em``,
        ``calculate_f1``: F1 is 1 when both sides have no token, 0 when one
        side has none; otherwise SQuAD's token F1,
        :func:`~answermatch.matchers.answers.best_overlap`)."""
        pred = self.tokens(prediction)
        golds = self.answers(answers)
        if not pred:
            return (1.0, 1.0) if golds.has_empty else (0.0, 0.0)
        f1, em, _, _ = best_overlap(pred, golds)
        return em, f1


#: The splits under which a text cut at :data:`_IDEOGRAPHS` gives the whole
#: text's tokens (the first token of a part continuing the part before's,
#: but under :func:`_characters`).
_IDEOGRAPH_SPLITS = (_whitespace, _characters, _SCRIPT_CHARS)


def _one_stretch(tokens: Sequence[str]) -> tuple[Sequence[str]]:
    return (tokens,)


def _continued(tokens: Sequence[str]) -> bool:
    return type(tokens) is _steps.Continued
