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
   a short answer "it could be Paris or Lyon", when the other candidate is not itself a gold
   and the question does not offer the choice itself); then the verdict is
   incorrect, with that rule. A plain "X or Y" is not a hedge: answers
   give synonyms that way ("a hectogon or 100-gon").
5. ``number``: a gold that is a number equals, by value, a number of the
   answer (``1,000`` = ``1000``; ``1972`` is not ``19725``).
6. ``name-parts`` / ``token-recall``: the gold's informative words (not
   function words, not words the question already says) are found among
   the answer's words: one of one; both of two, or the last (a surname, a
   head noun: "Judith Keppel" for "Judith Cynthia Aline Keppel", "Walsh"
   for "Kate Walsh"); at least half of three or more. A number of the gold
   must always be among them. ``name-parts`` when the gold is written as a
   name (every word capitalized).
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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import regex

from ..languages import optional_language
from ._inputs import as_golds, check_text
from .containment import _preparer, occurrences
from .extraction import _extract
from .numeric import extract_number

__all__ = ["RULES", "Verdict", "judge", "lenient_match"]

#: The rules of the cascade, in order (see the module's documentation).
RULES = (
    "empty",
    "exact",
    "contains",
    "negated",
    "hedged",
    "number",
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
        "doubt",
        "either",
        "english",
        "lang",
        "negations",
        "ors",
        "prepare",
        "prepare_short",
        "question_words",
        "words",
    )

    def __init__(self, lang: str | None) -> None:
        self.lang = lang
        self.prepare = _preparer(lang)
        self.prepare_short = lru_cache(maxsize=4096)(self.prepare)
        self.english = lang in (None, "en")
        self.negations = _NEGATIONS["en"] | _NEGATIONS.get(lang or "", frozenset())
        self.ors = _OR["en"] | _OR.get(lang or "", frozenset())
        self.either = _EITHER["en"] | _EITHER.get(lang or "", frozenset())
        self.doubt = self.either | _DOUBT["en"] | _DOUBT.get(lang or "", frozenset())
        self.words = _word_splitter(lang)
        self.question_words = lru_cache(maxsize=1024)(self._question_words)

    def _question_words(self, question: str) -> frozenset[str]:
        """The words of a question, as the golds' words are compared."""
        words = self.words(self.prepare(question))
        return frozenset(map(_stem, words) if self.english else words)


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


def _numbers(text: str) -> set[str]:
    """The values of every number in ``text`` (canonical decimal strings)."""
    values = set()
    for found in _DIGIT_RUN.finditer(text):
        start = found.start()
        if start >= 2 and text[start - 1] in _NUMBER_JOINERS and text[start - 2].isdecimal():
            continue  # a group or the decimals of the number before
        if start >= 1 and text[start - 1].isdecimal():
            continue
        value = extract_number(text[start:])
        if value is not None:
            values.add(value)
    return values


def _near(words: list[str], index: int, vocabulary: frozenset[str], span: int) -> bool:
    return any(w in vocabulary for w in words[max(0, index - span) : index])


def _contained(
    language: _Language, answer: str, gold_text: str, gold: str, state: _State
) -> Verdict | None:
    """The verdict for one prepared gold found in the prepared answer (or
    None when it is not there): every occurrence is checked for negation
    and hedging, and the first clean one wins."""
    blocked: Verdict | None = None
    for position in occurrences(answer, gold, language.lang):
        reason = _blocked(language, answer, position, position + len(gold), state)
        if reason is None:
            return Verdict(1.0, "contains", f"contains {gold_text!r}", gold_text)
        blocked = blocked or Verdict(0.0, reason[0], reason[1], None)
    return blocked


class _State:
    """What one judgment works out at most once: the prepared golds and
    whether the question offers a choice."""

    __slots__ = ("choice", "golds", "question")

    def __init__(self, golds: list[str], question: str) -> None:
        self.golds = golds
        self.question = question
        self.choice: bool | None = None

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


def _blocked(
    language: _Language, answer: str, start: int, end: int, state: _State
) -> tuple[str, str] | None:
    """Why the gold at ``answer[start:end]`` does not count, or None."""
    before = answer[max(0, start - 80) : start].split()
    after = answer[end : end + 80].split()
    shown = answer[start:end]
    if _near(before, len(before), language.negations, 2) or _denied(language, before, after):
        return "negated", f"a negation beside {shown!r}"
    ors = language.ors
    short = answer.count(" ") < SHORT_HEDGE
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
    words = language.words(gold)
    if language.english:  # (golds repeat: the caller's cache makes this cheap)
        words = [_stem(w) for w in words if w not in _FUNCTION_WORDS]
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
    found, size = sum(hits), len(informative)
    if size == 1:
        accepted = found == 1
    elif size == 2:
        accepted = found == 2 or hits[-1]
    else:
        accepted = 2 * found >= size
    if not accepted:
        return None
    rule = "name-parts" if _is_name(gold_text) else "token-recall"
    return Verdict(1.0, rule, f"{found} of {size} words of {gold_text!r}", gold_text)


def _judge(language: _Language, prediction: str, golds: tuple[str, ...], question: str) -> Verdict:
    text = _extract(prediction, language.lang).answer
    answer = language.prepare(text)
    if not answer:
        return Verdict(0.0, "empty", "no answer", None)
    prepare_short = language.prepare_short
    prepared = [prepare_short(g) for g in golds]
    for gold_text, gold in zip(golds, prepared, strict=True):
        if gold == answer:
            return Verdict(1.0, "exact", f"equals {gold_text!r}", gold_text)
    state = _State(prepared, question)
    blocked: Verdict | None = None
    for gold_text, gold in zip(golds, prepared, strict=True):
        if gold and gold in answer:
            found = _contained(language, answer, gold_text, gold, state)
            if found is not None:
                if found.score:
                    return found
                blocked = blocked or found
    if blocked is not None:
        return blocked
    numbers: set[str] | None = None
    for gold_text, gold in zip(golds, prepared, strict=True):
        if _PLAIN_NUMBER.fullmatch(gold):
            if numbers is None:
                numbers = _numbers(text)
            value = _numbers(gold_text)
            if value and value <= numbers:
                return Verdict(1.0, "number", f"the number of {gold_text!r}", gold_text)
    answer_words = set(language.words(answer))
    question_words = language.question_words(question) if question else frozenset()
    for gold_text, gold in zip(golds, prepared, strict=True):
        if gold:
            found = _recall(language, answer_words, gold_text, gold, question_words)
            if found is not None:
                return found
    return Verdict(0.0, "no-match", "no gold found in the answer", None)


def judge(
    prediction: str,
    golds: str | Sequence[str],
    *,
    lang: str | None = None,
    question: str | None = None,
) -> Verdict:
    """The lenient judge's :class:`Verdict` on a generated answer (see the
    module's documentation for the cascade of rules).

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
    try:
        language = _LANGUAGES[lang]
    except (KeyError, TypeError):
        language = _language(optional_language(lang))
        if isinstance(lang, str) and len(_LANGUAGES) < 256:
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
