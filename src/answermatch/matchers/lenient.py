"""The lenient judge: is a generated answer correct, as a person would say?

:func:`judge` applies a fixed cascade of deterministic rules and returns a
:class:`Verdict` (the score, 1.0 or 0.0, and the rule that decided);
:func:`lenient_match` is its score, in the uniform matcher contract. No
model and no network are involved: the same inputs always give the same
verdict.

The cascade, first decision wins:

1. ``empty``: nothing left of the prediction once prepared: incorrect.
2. The answer is read from the response (:func:`extract_answer`: a
   ``\\boxed{}``, an answer cue such as "Answer:", a final bold or quoted
   span); when nothing is found the whole response is judged.
3. ``exact``: the prepared answer equals a prepared gold
   (:func:`~answermatch.matchers.containment.prepare_text`).
4. ``contains``: a gold occurs as whole words of the language
   (:func:`~answermatch.matchers.containment.contains_match`), unless every
   occurrence is ``negated`` (a negation right before it: "not Mark
   Twain", "isn't Paris", "nie Kraków", "не Москва"; or after it where the
   language puts it: "Ankara değil", "東京ではない") or ``hedged`` (offered
   as one of several candidates, "either Mark Twain or Bret Harte", and in
   a short answer "it could be Paris or Lyon", when the other candidate is
   not itself a gold and the question does not offer the choice itself);
   then the verdict is incorrect, with that rule. A plain "X or Y" is not a hedge: answers
   give synonyms that way ("a hectogon or 100-gon").
5. ``number`` / ``date``: a gold that is a number (digits, number words,
   scale words: ``1,000``, ``nine``, ``3.5 million``) equals by value a
   number of the answer (:func:`~answermatch.matchers.extract_number` in
   the language; ``1972`` is not ``19725``, ``1,000`` not ``1,500``); a
   gold that is a date with a month equals a date of the answer, or the
   answer's date says more and agrees (``8 December 1985`` for ``December
   1985``; :func:`~answermatch.matchers.extract_date`; ``±1`` day or another
   year never). A gold with no language is read as English.
6. ``name-parts`` / ``token-recall``: the gold's informative words (not
   function words, not words the question already says) are found among
   the answer's words: one of one; both of two, or the last (a surname, a
   head noun: "Judith Keppel" for "Judith Cynthia Aline Keppel", "Walsh"
   for "Kate Walsh"); at least half of three or more. A number of the gold
   must always be among them. ``name-parts`` when the gold is written as a
   name (every word capitalized); in a name whose last word is found, an
   initial stands for its word ("J. R. R. Tolkien"). As in rule 4, the
   words are ``negated`` or ``hedged`` when every occurrence of them is
   ("It was not Shakespeare" for William Shakespeare).
7. ``no-match``: incorrect.

English words are compared after removing a plural ``s`` (``Himalayas`` =
``Himalaya``) and an ordinal's suffix (``April 1st`` = ``April 1``); other
languages compare whole words.

>>> from answermatch.matchers import judge, lenient_match
>>> judge("The first Nobel Prize in Physics went to Wilhelm Röntgen.", "Wilhelm Conrad Röntgen")
Verdict(score=1.0, rule='name-parts', detail="2 of 3 words of 'Wilhelm Conrad Röntgen'", ...)
>>> judge("It was not Mark Twain.", "Mark Twain").rule
'negated'
>>> judge("Either Mark Twain or Bret Harte.", ["Mark Twain", "Samuel Clemens"]).score
0.0
>>> lenient_match("答えは東京都です。", ["東京都"], lang="ja")
1.0
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import regex

from ..languages import optional_language
from ..normalization import steps as _steps
from ._inputs import as_golds, check_text, golds_language
from .containment import (
    _ARTICLES,
    _chunk_spans,
    _preparer,
    _search_windows,
    _segmenter,
    _window_kind,
    _words_of,
    occurrences,
)
from .dates import extract_date
from .extraction import _extract, _in_lowered
from .numeric import _numbers_at, extract_number

__all__ = ["RULES", "Verdict", "judge", "lenient_match"]

#: The rules of the cascade, in order (see :mod:`answermatch.matchers.lenient`).
RULES = (
    "empty",
    "exact",
    "contains",
    "negated",
    "hedged",
    "number",
    "date",
    "name-parts",
    "token-recall",
    "no-match",
)


@dataclass(frozen=True)
class Verdict:
    """The lenient judge's decision: ``score`` 1.0 (correct) or 0.0, the
    ``rule`` that decided (one of :data:`RULES`), a ``detail`` in words and
    the ``gold`` that matched (None when none did)."""

    score: float
    rule: str
    detail: str
    gold: str | None = None


# Negations that, right before an answer, deny it (prepared text: "isn't"
# is "isn t"); by language, English always
_NEGATIONS: dict[str, frozenset[str]] = {
    "en": frozenset(("not", "never", "nor", "neither", "t")),
    "de": frozenset(("nicht", "kein", "keine", "keiner", "nie")),
    "es": frozenset(("no", "nunca", "ni")),
    "fr": frozenset(("pas", "ni", "jamais")),
    "it": frozenset(("non", "mai", "né")),
    "pt": frozenset(("não", "nunca", "nem")),
    "nl": frozenset(("niet", "geen", "nooit")),
    "pl": frozenset(("nie", "ani")),
    "ru": frozenset(("не", "ни")),
    "fi": frozenset(("ei",)),
    "sv": frozenset(("inte", "ej", "aldrig")),
    "tr": frozenset(("değil",)),
    "id": frozenset(("bukan", "tidak")),
    "vi": frozenset(("không", "chẳng", "phải")),
}
# Negations written after the answer, by language (ja: within the clause)
_NEGATIONS_AFTER: dict[str, tuple[str, ...]] = {
    "tr": ("değil", "değildir"),
    "ja": ("ではない", "ではありません", "じゃない", "じゃありません", "ではなく"),
    "ko": ("아니다", "아닙니다", "아니에요", "아니야", "아니라"),
    "hi": ("नहीं",),
    "bn": ("নয়", "নয়"),
}
# Negations joined before the answer in unspaced Chinese ("不是北京")
_NEGATIONS_JOINED_BEFORE: dict[str, tuple[str, ...]] = {"zh": ("不是", "并非", "並非", "不在")}
# Words joining alternatives, and those opening a set of candidates
# ("either X or Y"); in a short answer (SHORT_HEDGE words at most) also the
# words of doubt ("it could be X or Y", "maybe X or Y"), which in a longer
# explanation mostly describe ("they might hold X or Y")
_EITHER: dict[str, frozenset[str]] = {
    "en": frozenset(("either",)),
    "de": frozenset(("entweder",)),
    "fr": frozenset(("soit",)),
    "es": frozenset(("bien",)),
    "pl": frozenset(("albo", "czy")),
    "ru": frozenset(("либо", "или")),
}
_DOUBT: dict[str, frozenset[str]] = {
    "en": frozenset(("could", "might", "maybe", "perhaps", "possibly")),
    "de": frozenset(("vielleicht", "möglicherweise")),
    "fr": frozenset(("peut",)),
    "es": frozenset(("quizás", "quizá", "vez")),
    "it": frozenset(("forse",)),
    "pt": frozenset(("talvez",)),
    "nl": frozenset(("misschien",)),
    "pl": frozenset(("może",)),
    "ru": frozenset(("может", "возможно")),
}
SHORT_HEDGE = 12
_OR: dict[str, frozenset[str]] = {
    "en": frozenset(("or",)),
    "de": frozenset(("oder",)),
    "es": frozenset(("o", "u")),
    "fr": frozenset(("ou",)),
    "it": frozenset(("o", "oppure")),
    "pt": frozenset(("ou",)),
    "nl": frozenset(("of",)),
    "pl": frozenset(("lub", "albo", "czy")),
    "ru": frozenset(("или", "либо")),
    "id": frozenset(("atau",)),
    "vi": frozenset(("hoặc",)),
}
# Words that say nothing on their own (English; the judge drops them from
# the gold before counting its words)
_FUNCTION_WORDS = frozenset((
    "a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "with", "and", "or", "from",
    "as", "is", "was", "are", "were", "be", "been", "it", "its", "this", "that", "these",
    "those", "his", "her", "their", "he", "she", "they", "which", "who", "whom", "what",
    "when", "where", "how", "why", "de", "la", "le", "du", "des", "von", "van", "der",
))  # fmt: skip
_PLAIN_NUMBER = regex.compile(r"\d+(?:[.,]\d+)*")
_DIGIT_RUN = regex.compile(r"\d+")
_NUMBER_JOINERS = frozenset(" \u00a0\u202f\u2009'’,.٬٫")


def _has_plural(stem: str, words: set[str]) -> bool:
    """A word of ``words`` has the :func:`_stem` ``stem``."""
    if stem in words or stem + "s" in words:
        return True
    if stem.isdecimal():  # "1" for "1st"
        return any(stem + suffix in words for suffix in _ORDINAL_SUFFIXES)
    if stem[-1:] in ("s", "x", "z") and stem + "es" in words:
        return True
    return stem[-1:] == "y" and stem[:-1] + "ies" in words


_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")


def _stem(word: str) -> str:
    """English plural ``s`` removed (``himalayas`` -> ``himalaya``), and an
    ordinal's suffix (``1st`` -> ``1``)."""
    if word[-2:] in _ORDINAL_SUFFIXES and word[:-2].isdecimal():
        return word[:-2]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word.isalpha():
        return word[:-1]
    return word


class _Language:
    """What the judge uses for one language, looked up once; golds and
    questions, which repeat from one answer to the next, are prepared once."""

    __slots__ = (
        "articles",
        "doubt",
        "either",
        "english",
        "gold_keys",
        "gold_value",
        "gold_words",
        "lang",
        "negations",
        "ors",
        "prepare",
        "prepare_short",
        "question_words",
        "word_set",
        "words",
    )

    def __init__(self, lang: str | None) -> None:
        self.lang = lang
        self.prepare = _preparer(lang)
        self.articles = _ARTICLES.get(lang, frozenset())
        self.prepare_short = lru_cache(maxsize=4096)(self.prepare)
        self.english = lang in (None, "en")
        self.negations = _NEGATIONS["en"] | _NEGATIONS.get(lang or "", frozenset())
        self.ors = _OR["en"] | _OR.get(lang or "", frozenset())
        self.either = _EITHER["en"] | _EITHER.get(lang or "", frozenset())
        self.doubt = self.either | _DOUBT["en"] | _DOUBT.get(lang or "", frozenset())
        self.words = _word_splitter(lang)
        self.word_set = _word_set(lang)
        self.question_words = lru_cache(maxsize=1024)(self._question_words)
        self.gold_words = lru_cache(maxsize=4096)(self._gold_words)
        self.gold_keys = lru_cache(maxsize=4096)(self._gold_keys)
        self.gold_value = lru_cache(maxsize=4096)(
            lambda gold, text: _value_of(gold, text, lang or "en")
        )

    def _gold_keys(self, gold: str) -> tuple[str, ...]:
        """Parts of a prepared gold's words that an answer holding the
        word (with a plural or ordinal ending) holds too."""
        return tuple({_stem(word)[:-1] if len(word) > 3 else word for word in gold.split()})

    def _gold_words(self, gold: str) -> list[str]:
        """The words of a prepared gold that count (English: no function
        words, plurals and ordinals reduced)."""
        words = self.words(gold)
        if self.english:
            return [_stem(w) for w in words if w not in _FUNCTION_WORDS]
        return words

    def _question_words(self, question: str) -> frozenset[str]:
        """The words of a question, as the golds' words are compared."""
        words = self.words(self.prepare(question))
        return frozenset(map(_stem, words) if self.english else words)


def _word_set(lang: str | None) -> Callable[[str], set[str]]:
    """The set of the words of a prepared text (:func:`_word_splitter`'s):
    a long text's read a list at a time where its segmenter reads it in
    pieces anyway (MeCab's ``tokenize_parts``, cut as the whole text is) or
    one word at a time (ICU's ``tokens_of``), not a list of all of them."""
    from ..normalization import steps

    words = _word_splitter(lang)
    if words is str.split:
        return _split_set
    from ..tokenizers import get_tokenizer

    tokenizer = get_tokenizer(lang)  # type: ignore[arg-type]
    one_by_one = getattr(tokenizer, "tokens_of", None)

    def word_set(text: str) -> set[str]:
        if len(text) <= steps.PIECE_CHARS:
            return set(words(text))
        found: set[str] = set()
        for listed in (one_by_one(text),) if one_by_one else tokenizer.tokenize_parts((text,)):
            found.update(w for w in listed if not w.isspace())
        return found

    return word_set


def _split_set(text: str) -> set[str]:
    """``set(text.split())``, a long text's read a piece at a time (cut at
    whitespace: :func:`~answermatch.normalization.steps.pieces`), not a
    list of all its words.

    >>> sorted(_split_set("b a b"))
    ['a', 'b']
    """
    from ..normalization import steps

    if len(text) <= steps.PIECE_CHARS:
        return set(text.split())
    found: set[str] = set()
    for piece in steps.pieces(text):
        found.update(piece.split())
    return found


def _word_splitter(lang: str | None) -> Callable[[str], list[str]]:
    """The words of a prepared text: the tokenizer for scripts written
    without spaces, else the spaces."""
    if lang not in ("zh", "ja", "th", "lo", "km", "my"):
        return str.split
    from .containment import _segmenter

    split = _segmenter(lang)
    if split is None:
        return str.split
    return lambda text: [w for w in split(text) if not w.isspace()]


@lru_cache(maxsize=64)
def _language(lang: str | None) -> _Language:
    return _Language(lang)


# ``lang`` as callers spell it -> its language (None included)
_LANGUAGES: dict[str | None, _Language] = {}


def _numbers(text: str, lang: str | None) -> set[str]:
    """The values of the numbers written with digits in ``text`` (canonical
    decimal strings; a scale word after the digits counts: "3.5 million")."""
    return {value for value in _numbers_at(text, _number_starts(text), lang) if value is not None}


def _number_starts(text: str) -> Iterator[int]:
    """Where the digit runs of ``text`` start that do not continue the number
    before them (a group or the decimals)."""
    for found in _DIGIT_RUN.finditer(text):
        start = found.start()
        if start >= 2 and text[start - 1] in _NUMBER_JOINERS and text[start - 2].isdecimal():
            continue  # a group or the decimals of the number before
        if start >= 1 and text[start - 1].isdecimal():
            continue
        yield start


def _worded_numbers(text: str, lang: str | None) -> set[str]:
    """The first number of every clause of ``text``, which reads number
    words ("nine seasons")."""
    values = set()
    for clause in _clauses(text):
        value = extract_number(clause, lang=lang)
        if value is not None:
            values.add(value)
    return values


# where a clause ends: a sentence's end (not a day's dot: "2. September"),
# a line, a semicolon, a comma that is not inside a number or a date
# ("August 19, 2016"), "and"/"or"/"but"
_CLAUSE_END = re.compile(r"[.!?](?<=[^\W\d]{2}[.!?])\s+|[。！？\n;]\s*|,\s+(?!\d)| (?:and|or|but) ")


def _clauses(text: str) -> Iterator[str]:
    """The clauses of ``text`` that are not blank, one at a time (those of
    ``_CLAUSE_END.split``: a long answer's are not listed).

    >>> list(_clauses("It was 1972, in May; then more."))
    ['It was 1972', 'in May', 'then more.']
    """
    start = 0
    for end in _CLAUSE_END.finditer(text):
        clause = text[start : end.start()]
        if not clause.isspace() and clause:
            yield clause
        start = end.end()
    clause = text[start:] if start else text
    if clause and not clause.isspace():
        yield clause


# a date has a digit or an ideographic numeral
_DATE_HINT = re.compile(r"[\d〇零一二三四五六七八九十元]")


def _dates(text: str, lang: str | None) -> set[str]:
    """The first date of every clause of ``text`` (ISO forms, as much as stated)."""
    found = set()
    for clause in _clauses(text):
        if _DATE_HINT.search(clause) is None:
            continue
        date = extract_date(clause, lang=lang)
        if date is not None:
            found.add(date)
    return found


def _value_of(gold: str, gold_text: str, lang: str | None) -> tuple[str, str] | None:
    """``("date", iso)`` for a gold that is a date with at least a month,
    ``("number", value)`` for a gold that is a number (digits, number words,
    scale words and nothing else), else None."""
    if gold.count(" ") > 3:
        return None
    date = extract_date(gold_text, lang=lang)
    if date is not None and (len(date) >= 7 or date.startswith("--")):
        return "date", date
    value = extract_number(gold_text, lang=lang)
    if value is None:
        return None
    for word in gold.split():
        if any(c.isdecimal() for c in word) or extract_number(word, lang=lang) is not None:
            continue
        if extract_number(f"1 {word}", lang=lang) not in (None, "1"):
            continue  # a scale word: "million"
        return None
    return "number", value


def _near(words: list[str], index: int, vocabulary: frozenset[str], span: int) -> bool:
    return any(w in vocabulary for w in words[max(0, index - span) : index])


class _State:
    """What one judgment works out at most once: the prepared golds,
    whether the question offers a choice and (the whole prepared answer
    given) whether the answer is short."""

    __slots__ = ("_short", "answer", "choice", "golds", "question")

    def __init__(self, golds: list[str], question: str, answer: str = "") -> None:
        self.golds = golds
        self.question = question
        self.answer = answer
        self.choice: bool | None = None
        self._short: bool | None = None

    @property
    def short(self) -> bool:
        """The answer has fewer than :data:`SHORT_HEDGE` spaces."""
        if self._short is None:
            self._short = self.answer.count(" ") < SHORT_HEDGE
        return self._short

    def offers_choice(self, language: _Language) -> bool:
        if self.choice is None:
            words = language.prepare_short(self.question).split()
            self.choice = bool(language.ors.intersection(words))
        return self.choice


def _denied(language: _Language, before: list[str], after: list[str]) -> bool:
    """A negation written after the answer ("Ankara değil", "東京ではない",
    "서울이 아닙니다") or, in Chinese, joined before it ("不是北京")."""
    lang = language.lang or ""
    following = _NEGATIONS_AFTER.get(lang)
    if following and after:
        if lang in ("ja", "zh"):  # unspaced: the rest of the clause
            return any(word in after[0][:8] for word in following)
        return any(word in following for word in after[:2])
    preceding = _NEGATIONS_JOINED_BEFORE.get(lang)
    return bool(preceding and before and before[-1].endswith(preceding))


#: How far :func:`_blocked` reads on each side of an occurrence.
_AROUND = 80


def _blocked(
    language: _Language, answer: str, start: int, end: int, state: _State, short: bool
) -> tuple[str, str] | None:
    """Why the gold at ``answer[start:end]`` does not count, or None
    (``short``: the whole answer has fewer than :data:`SHORT_HEDGE` spaces).
    Reads :data:`_AROUND` characters on each side of it."""
    before = answer[max(0, start - _AROUND) : start].split()
    after = answer[end : end + _AROUND].split()
    shown = answer[start:end]
    if _near(before, len(before), language.negations, 2) or _denied(language, before, after):
        return "negated", f"a negation beside {shown!r}"
    ors = language.ors
    either = language.doubt if short else language.either
    alternative = ""
    if either.intersection(before[-2:]):  # "either X or Y", X the gold
        for i, word in enumerate(after[:4]):
            if word in ors:
                alternative = " ".join(after[i + 1 : i + 5])
                break
    elif before and before[-1] in ors and either.intersection(before[-7:-1]):
        # "either Y or X", X the gold
        opened = max(i for i, word in enumerate(before[:-1]) if word in either)
        alternative = " ".join(before[opened + 1 : -1])
    if not alternative or any(
        gold and (gold in alternative or alternative in gold) for gold in state.golds
    ):
        return None  # no alternative, or an alias: "either Mark Twain or Samuel Clemens"
    if state.offers_choice(language):
        return None
    return "hedged", f"{shown!r} offered beside {alternative!r}"


def _is_name(gold: str) -> bool:
    words = [w for w in gold.split() if w[:1].isalpha()]
    return len(words) >= 2 and all(w[0].isupper() for w in words)


def _recall(
    language: _Language, answer_words: set[str], gold_text: str, gold: str, question: set[str]
) -> Verdict | None:
    words = language.gold_words(gold)
    informative = [w for w in words if w not in question] or words
    if not informative:
        return None
    if language.english:
        hits = [_has_plural(w, answer_words) for w in informative]
    else:
        hits = [w in answer_words for w in informative]
    for word, hit in zip(informative, hits, strict=True):
        if not hit and any(c.isdecimal() for c in word):
            return None  # a number of the gold is missing
    name = _is_name(gold_text)
    if name and hits[-1] and not all(hits):  # initials: "J. R. R. Tolkien"
        hits = [hit or w[:1] in answer_words for w, hit in zip(informative, hits, strict=True)]
    found, size = sum(hits), len(informative)
    if size == 1:
        accepted = found == 1
    elif size == 2:
        accepted = found == 2 or hits[-1]
    else:
        accepted = 2 * found >= size
    if not accepted:
        return None
    rule = "name-parts" if name else "token-recall"
    return Verdict(1.0, rule, f"{found} of {size} words of {gold_text!r}", gold_text)


_ASCII_WORD = re.compile("[A-Za-z0-9]+")
_NO_MATCH = Verdict(0.0, "no-match", "no gold found in the answer", None)


def _absent(language: _Language, text: str, golds: tuple[str, ...], prepared: list[str]) -> bool:
    """No rule can accept an ASCII answer: no gold is a value (a number or
    a date, which other words may state) and no word of a gold occurs in
    it even as a part of a word (every rule that accepts needs one: a word
    of an ASCII text, once prepared, is a part of the text in lower case,
    and a gold's word is found with its plural or ordinal ending, which
    hold the word's stem less its last letter). Saves preparing long
    answers that cannot match."""
    longest = max(map(len, language.articles), default=0)
    for word in _ASCII_WORD.finditer(text):  # (a long word is no article: not copied)
        start, end = word.span()
        if end - start > longest or text[start:end].lower() not in language.articles:
            break  # the prepared answer is not empty
    else:
        return False  # judged "empty"
    keys = []
    for gold_text, gold in zip(golds, prepared, strict=True):
        if not gold:
            continue
        if language.gold_value(gold, gold_text) is not None:
            return False
        keys += filter(str.isascii, language.gold_keys(gold))  # (others are in no ASCII text)
    return not _in_lowered(text, keys)  # (a long text lowered a window at a time)


def _judge(language: _Language, prediction: str, golds: tuple[str, ...], question: str) -> Verdict:
    text = _extract(prediction, language.lang).answer
    prepare_short = language.prepare_short
    prepared = [prepare_short(g) for g in golds]
    if text.isascii() and _absent(language, text, golds, prepared):
        return _NO_MATCH
    state = _State(prepared, question)
    answer: _WholeAnswer | _LongAnswer
    if len(text) > _steps.PIECE_CHARS and _window_kind(language.lang) is not None:
        answer = _LongAnswer(language, text, state)
    else:
        answer = _WholeAnswer(language, language.prepare(text), state)
    if answer.empty:
        return Verdict(0.0, "empty", "no answer", None)
    for gold_text, gold in zip(golds, prepared, strict=True):
        if answer.equals(gold):
            return Verdict(1.0, "exact", f"equals {gold_text!r}", gold_text)
    blocked: Verdict | None = None
    for gold_text, gold in zip(golds, prepared, strict=True):
        if gold:
            clean, reason = answer.contained(gold)
            if clean:
                return Verdict(1.0, "contains", f"contains {gold_text!r}", gold_text)
            if reason is not None and blocked is None:
                blocked = Verdict(0.0, reason[0], reason[1], None)
    if blocked is not None:
        return blocked
    values: dict[str, set[str]] = {}
    valued: set[str] = set()  # golds whose value the answer contradicts
    value_lang = language.lang or "en"
    for gold_text, gold in zip(golds, prepared, strict=True):
        found_value = language.gold_value(gold, gold_text)
        if found_value is None:
            continue
        kind, value = found_value
        if kind not in values:
            read = _dates if kind == "date" else _numbers
            values[kind] = read(text, value_lang)
        if kind == "number" and value not in values[kind] and "." not in value:
            if "words" not in values:  # a whole number may be written in words
                values["words"] = _worded_numbers(text, value_lang)
            if value in values["words"]:
                return Verdict(1.0, "number", f"the number of {gold_text!r}", gold_text)
        if kind == "number" and value in values[kind]:
            return Verdict(1.0, "number", f"the number of {gold_text!r}", gold_text)
        if kind == "date" and any(d.startswith(value) for d in values[kind]):
            return Verdict(1.0, "date", f"the date of {gold_text!r}", gold_text)
        if values[kind] and (
            kind == "number" or not any(value.startswith(d) for d in values[kind])
        ):  # the answer states another value: the gold's words alone do not make it
            valued.add(gold)
    candidates = [gold for gold in prepared if gold and gold not in valued]
    if not candidates:
        return _NO_MATCH
    question_words = language.question_words(question) if question else frozenset()
    answer_words = answer.words(candidates, question_words)
    for gold_text, gold in zip(golds, prepared, strict=True):
        if gold and gold not in valued:
            found = _recall(language, answer_words, gold_text, gold, question_words)
            if found is not None:
                denied = answer.words_blocked(gold, question_words)
                blocked = blocked or denied
                if denied is None:
                    return found
    return blocked or _NO_MATCH


class _WholeAnswer:
    """A prepared answer held whole, as :func:`_judge` asks about it (see
    :class:`_LongAnswer`, the same answers of a long one)."""

    __slots__ = ("answer", "empty", "language", "state")

    def __init__(self, language: _Language, answer: str, state: _State) -> None:
        self.language = language
        self.answer = answer
        self.state = state
        self.empty = not answer
        state.answer = answer

    def equals(self, gold: str) -> bool:
        """The prepared answer is ``gold``."""
        return gold == self.answer

    def contained(self, gold: str) -> tuple[bool, tuple[str, str] | None]:
        """Whether ``gold`` occurs as whole words with no negation nor hedge
        beside it, and else why its first occurrence does not count (None
        when it does not occur)."""
        answer = self.answer
        if gold not in answer:
            return False, None
        blocked = None
        for position in occurrences(answer, gold, self.language.lang):
            end = position + len(gold)
            reason = _blocked(self.language, answer, position, end, self.state, self.state.short)
            if reason is None:
                return True, None
            blocked = blocked or reason
        return False, blocked

    def words(self, golds: list[str], question: frozenset[str]) -> set[str]:
        """The answer's words (all of them: the golds are not needed)."""
        return self.language.word_set(self.answer)

    def words_blocked(self, gold: str, question: frozenset[str]) -> Verdict | None:
        """:func:`_words_blocked` of the answer."""
        return _words_blocked(self.language, self.answer, gold, question, self.state)


class _LongAnswer:
    """A long answer's prepared text read in windows of its prepared parts
    (:func:`~answermatch.matchers.containment._search_windows`, which
    containment searches too), never held whole, with the answers
    :class:`_WholeAnswer` gives of the whole text. A first reading finds
    whether the text is empty or equals a gold (its parts compared in turn
    with each gold's start), counts its spaces (a short answer's hedges
    differ: until the count reaches :data:`SHORT_HEDGE` an occurrence is
    judged both ways, and the count at the end decides) and judges every
    occurrence of every gold as :class:`_WholeAnswer` does, each with the
    :data:`_AROUND` characters around it (the windows' margin); it stops
    early where the first gold occurs cleanly and the text is longer than
    every gold. A second reading, only for the recall rule, finds which of
    the words the rule may ask about (:func:`_asked`) are words of the
    answer, read from the stretches each window lets go as the language's
    segmenter reads them (whole MeCab pieces, whole stretches between
    spaces, or the spaces' words, one cut by a window's edge joined up
    again); a third, where that rule accepts a gold, judges the
    occurrences of the golds' words. The tests
    compare the verdicts with the whole text's in windows of a few
    characters."""

    __slots__ = ("_found", "_words", "empty", "language", "length", "short", "spaces", "state")
    __slots__ += ("_equal", "_golds", "text")

    def __init__(self, language: _Language, text: str, state: _State) -> None:
        self.language = language
        self.text = text
        self.state = state
        self.length = 0  # the prepared text's characters let go so far
        self.spaces = 0  # and its spaces
        golds = [gold for gold in state.golds if gold]
        self._equal = dict.fromkeys(golds, True)  # golds the text read so far starts
        first = golds[0] if golds else None
        longest = max(map(len, golds), default=0)
        self._found: dict[str, dict[bool, list]] = {}
        self._words: dict[str, dict[bool, list]] | None = None
        self._golds: list[str] = []

        def stop(window: str, found: dict[str, dict[bool, list]], variants) -> bool:
            return (
                first is not None
                and all(found[first][short][0] for short in variants)
                and self.length + len(window) > longest
            )

        self._found, stopped = self._scan(list(self._equal), None, self._count, stop)
        if stopped:  # the first gold occurs cleanly: nothing else is asked
            self.empty, self.short = False, False
            self._equal.clear()
        else:
            self.empty = self.length == 0
            self.short = self.spaces < SHORT_HEDGE
        state.answer = ""

    def _count(self, window: str, keep: int) -> None:
        """Counts the characters and spaces of ``window[:keep]``, let go,
        and compares them with the golds'."""
        length = self.length
        for gold in list(self._equal):
            if len(gold) < length + keep or not window.startswith(gold[length : length + keep]):
                del self._equal[gold]
        self.length += keep
        self.spaces += window.count(" ", 0, keep)

    def _scan(
        self,
        needles: list[str],
        short: bool | None,
        let_go: Callable[[str, int], None],
        stop: Callable[..., bool] | None = None,
    ) -> tuple[dict[str, dict[bool, list]], bool]:
        """Every occurrence of each needle judged by :func:`_blocked`: for
        each and each way of reading the answer (short or not; ``short``
        when known), whether one is clean and the first reason of one that
        is not; and whether ``stop`` stopped the reading."""
        language, state = self.language, self.state
        found = {needle: {False: [False, None], True: [False, None]} for needle in needles}
        longest = max(map(len, needles), default=0)

        def search(window: str, edges, done: int, limit: int) -> bool:
            if short is not None:
                variants: tuple[bool, ...] = (short,)
            elif self.spaces + window.count(" ") >= SHORT_HEDGE:
                variants = (False,)
            else:
                variants = (False, True)
            for needle in needles:
                ways = found[needle]
                if all(ways[way][0] for way in variants):
                    continue
                size = len(needle)
                position = window.find(needle, done)
                while 0 <= position < limit:
                    if edges.start(position) and edges.end(position + size):
                        for way in variants:
                            result = ways[way]
                            if result[0]:
                                continue
                            end = position + size
                            reason = _blocked(language, window, position, end, state, way)
                            if reason is None:
                                result[0] = True
                            elif result[1] is None:
                                result[1] = reason
                        if all(ways[way][0] for way in variants):
                            break
                    position = window.find(needle, position + 1)
            return stop is not None and stop(window, found, variants)

        stopped = _search_windows(
            language.lang, self.text, longest, search, margin=_AROUND, let_go=let_go
        )
        return found, stopped

    def equals(self, gold: str) -> bool:
        """The prepared answer is ``gold``."""
        return self._equal.get(gold, False) and len(gold) == self.length

    def contained(self, gold: str) -> tuple[bool, tuple[str, str] | None]:
        """As :meth:`_WholeAnswer.contained`."""
        clean, reason = self._found[gold][self.short]
        return clean, None if clean else reason

    def words(self, golds: list[str], question: frozenset[str]) -> set[str]:
        """Those of the answer's words that the recall rule may ask about
        for ``golds`` (a second reading)."""
        asked: set[str] = set()
        for gold in golds:
            for word in self.language.gold_words(gold):
                asked.update(_asked(word))
        sieve = _WordSieve(self.language.lang, asked)
        self._scan([], self.short, sieve)
        sieve.finish()
        self._golds = golds
        return sieve.found

    def words_blocked(self, gold: str, question: frozenset[str]) -> Verdict | None:
        """As :func:`_words_blocked`: the occurrences of the words of the
        golds :meth:`words` was asked about that are not the question's,
        judged in a third reading (once, where the recall rule accepts)."""
        language = self.language
        if self._words is None:
            needles = {
                word: None
                for candidate in self._golds
                for word in language.gold_words(candidate)
                if word not in question
            }
            self._words, _ = self._scan(list(needles), self.short, _nothing)
        blocked: Verdict | None = None
        for word in language.gold_words(gold):
            if word in question:
                continue
            clean, reason = self._words[word][self.short]
            if clean:
                return None
            if reason is not None and blocked is None:
                blocked = Verdict(0.0, reason[0], reason[1], None)
        return blocked


def _nothing(window: str, keep: int) -> None:
    """A reading's ``let_go`` that keeps nothing."""


def _asked(word: str) -> tuple[str, ...]:
    """The words :func:`_recall` may look for among an answer's for a word
    of a gold (:func:`_has_plural`'s forms, an initial).

    >>> _asked("city")
    ('city', 'citys', 'cityst', 'citynd', 'cityrd', 'cityth', 'cityes', 'cities', 'c')
    """
    forms = (word + suffix for suffix in ("s", *_ORDINAL_SUFFIXES, "es"))
    return (word, *forms, word[:-1] + "ies", word[:1])


class _WordSieve:
    """The words of a long prepared text that are among ``asked``, read from
    the stretches a window lets go (``sieve(window, keep)``: those of
    ``window[:keep]``) as the language's words of the whole text are read
    (:func:`_word_set`): whole MeCab pieces, whole stretches between
    spaces (ICU's words one at a time), or for a language split at spaces
    the spaces' words, a word cut at a window's edge joined up again (and
    forgotten once longer than any asked). :meth:`finish` after the last."""

    __slots__ = ("_kind", "_longest", "_open", "_pending", "_spans", "_split", "asked", "found")
    __slots__ += ("_words_of",)

    def __init__(self, lang: str | None, asked: set[str]) -> None:
        self.asked = asked
        self.found: set[str] = set()
        self._longest = max(map(len, asked), default=0)
        self._kind = _window_kind(lang)
        self._split = _segmenter(lang)
        self._spans = _chunk_spans(lang) if self._kind == "chunks" else None
        self._words_of = None if self._split is None else _words_of(lang, self._split)
        self._open = False  # the last word let go may go on
        self._pending: str | None = ""  # that word (None: longer than any asked)

    def __call__(self, window: str, keep: int) -> None:
        if self._spans is not None:
            for start, end in self._spans(window):
                if end > keep:
                    break
                self._add(self._split(window[start:end]))  # type: ignore[misc]
        elif self._words_of is not None:
            self._add(self._words_of(window if keep == len(window) else window[:keep]))
        else:
            self._spaced(window if keep == len(window) else window[:keep])

    def _add(self, words) -> None:
        asked, found = self.asked, self.found
        for word in words:
            if word in asked:
                found.add(word)

    def _join(self, start: str | None, rest: str | None) -> str | None:
        if start is None or rest is None or len(start) + len(rest) > self._longest:
            return None
        return start + rest

    def _spaced(self, segment: str) -> None:
        if not segment:
            return
        words: list[str | None] = list(segment.split())
        if self._open:
            if segment[0].isspace():
                self._add((self._pending,))
            else:
                words[0] = self._join(self._pending, words[0])
        self._open = bool(words) and not segment[-1].isspace()
        if self._open:
            self._pending = self._join("", words.pop())
        self._add(words)

    def finish(self) -> None:
        """The last word, when the text ends inside it."""
        if self._open:
            self._add((self._pending,))
            self._open = False


def _words_blocked(
    language: _Language, answer: str, gold: str, question: frozenset[str], state: _State
) -> Verdict | None:
    """The negation or hedge beside every occurrence of the gold's words in
    the answer ("It was not Shakespeare" for William Shakespeare), or None
    where one stands free (or none is found as a whole word): the words
    that make a partial match are judged as a whole gold is."""
    blocked: Verdict | None = None
    for word in language.gold_words(gold):
        if word in question:
            continue
        for position in occurrences(answer, word, language.lang):
            reason = _blocked(language, answer, position, position + len(word), state, state.short)
            if reason is None:
                return None
            blocked = blocked or Verdict(0.0, reason[0], reason[1], None)
    return blocked


def judge(
    prediction: str,
    golds: str | Sequence[str],
    *,
    lang: str | None = None,
    question: str | None = None,
) -> Verdict:
    """The lenient judge's :class:`Verdict` on a generated answer (see
    :mod:`answermatch.matchers.lenient` for the cascade of rules).

    ``golds``: one string or a list/tuple of them (aliases); ``lang``: any
    spelling of a known language (word edges, cues, negations);
    ``question``: the question, whose words a gold need not repeat and
    whose "or" makes a choice between alternatives expected.

    >>> judge("The answer is Paris.", ["Paris"])
    Verdict(score=1.0, rule='exact', detail="equals 'Paris'", gold='Paris')
    >>> judge("Around 1,000 people.", "1000").rule
    'number'
    >>> judge("It opened in 19725.", "1972").score
    0.0
    >>> judge("Before, it was a naval base.", "Guantanamo Bay naval base",
    ...       question="what was guantanamo bay before it was a prison").rule
    'token-recall'
    """
    lang = golds_language(golds, lang)  # prepared golds lend theirs
    try:
        language = _LANGUAGES[lang]
    except (KeyError, TypeError):
        language = _language(optional_language(lang))
        if (lang is None or isinstance(lang, str)) and len(_LANGUAGES) < 256:
            _LANGUAGES[lang] = language
    golds_ = as_golds(golds)
    if type(prediction) is not str:
        check_text(prediction, "prediction")
    if question is not None:
        check_text(question, "question")
    return _judge(language, prediction, golds_, question or "")


def lenient_match(
    prediction: str,
    golds: str | Sequence[str],
    *,
    lang: str | None = None,
    question: str | None = None,
) -> float:
    """1.0 when the lenient judge (:func:`judge`) accepts the prediction,
    else 0.0.

    >>> lenient_match("I believe it was Wilhelm Röntgen, in 1901.", "Wilhelm Conrad Röntgen")
    1.0
    >>> lenient_match("Chivas Regal", "HIV")
    0.0
    """
    return judge(prediction, golds, lang=lang, question=question).score
