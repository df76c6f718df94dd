"""What ``explain ntcir-dsqa`` shows for a question: the answer and each gold
answer normalized step by step with their words, each gold answer's EM and
set F1, the best one and the verdict, compared as scoring compares them.

>>> from answermatch.tasks.ntcir_dsqa.rules import LANGUAGES
>>> view = text_view(LANGUAGES["en"], "The Tokyo  Metropolis")
>>> view.normalized, view.tokens
('tokyo metropolis', ('tokyo', 'metropolis'))
>>> view.changes
('casefold', 'remove_articles', 'collapse_whitespace')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import chain
from operator import itemgetter

from ...explanation import (
    Explanation,
    TextView,
    Variant,
    _step_name,
    trace,
    trace_pieces,
    verdict,
)
from ...matchers.answers import CountedTokens, JoinedKey
from ...normalization import steps as _steps
from .reading import Question
from .rules import Language, compare_normalized

__all__ = ["explain_question", "text_view"]

NAME = "ntcir-dsqa"


def text_view(lang: Language, text: str) -> TextView:
    """``text`` as ``lang`` sees it: normalized, its words and the steps
    that changed it.

    A text longer than :data:`~answermatch.normalization.steps.PIECE_CHARS`
    is read in the pieces its normalization takes
    (:meth:`~.rules.Language.normalized_parts`: cut at whitespace, or
    before kana and ideographs, where no step reads across): the steps but
    the last traced piece by piece
    (:func:`~answermatch.explanation.trace_pieces`), the last (which
    collapses or deletes the whitespace between the pieces) found by
    comparing the text before it with the normalized text. The normalized
    text is held as a :class:`~answermatch.matchers.answers.JoinedKey` (its
    parts normalized again when written) and its words counted with their
    order coded (:class:`~answermatch.matchers.answers.CountedTokens`), a
    stretch of words at a time (:attr:`~.rules.Language.word_lists`): no
    copy of the text, nor a string a word, is held. The output of
    ``explain`` is the same as for the whole text's views.
    """
    if len(text) <= _steps.PIECE_CHARS:
        normalized, changes = trace(lang.steps, text)
        return TextView(text, normalized, tuple(lang.words(normalized)), changes)
    named = [(_step_name(step), step) for step in lang.steps]
    cut = _steps.in_letters(lang.cuts) if lang.letters else lang.cuts
    changes, before = trace_pieces(named[:-1], lambda: _steps.pieces(text, cut))
    normalized, words = _normal_form(lang, text)
    if normalized != before:
        changes += (named[-1][0],)
    return TextView(text, normalized, words, changes)


def _normal_form(lang: Language, text: str) -> tuple[JoinedKey, CountedTokens]:
    """The normalized text of a long ``text`` (its parts joined by
    ``lang.between``) and its words, both made again from ``text`` when
    read: the words read once, their order coded, or (past
    1,114,112 distinct words) counted and made again when written."""
    if lang.letters:
        return _glued_form(lang, text)
    parts: Callable[[], Iterator[str]] = lambda: lang.normalized_parts(text)  # noqa: E731
    size = [0, 0]  # the parts' characters and their number

    def measured() -> Iterator[str]:
        size[:] = [0, 0]
        for part in parts():
            size[0] += len(part)
            size[1] += 1
            yield part

    words = CountedTokens.of_stretches(lang.word_lists(measured()))
    if words is None:  # too many distinct words to code them (it stopped reading)
        words = CountedTokens.of_pieces(
            lambda: (text,), lambda _: chain.from_iterable(lang.word_lists(measured()))
        )
    length = size[0] + len(lang.between) * max(size[1] - 1, 0)
    return JoinedKey(length, parts, sep=lang.between), words


def _glued_form(lang: Language, text: str) -> tuple[JoinedKey, CountedTokens]:
    """:func:`_normal_form` of a language whose scoring also cuts a long
    text inside a run of ASCII letters
    (:meth:`~.rules.Language.scored_parts`): a part that continues the word
    before it joined to it without :attr:`~.rules.Language.between`, and
    the words so glued coded in order, or, where one is longer than
    :data:`~answermatch.matchers.answers.LONG_TOKEN` (or they are too many
    to code), counted with that one by its key, as scoring counts them: no
    word as long as the text is made."""
    size = [0, 0]  # the parts' characters and the places joined by ``between``

    def parts() -> Iterator[str]:
        first = True
        for part, joined in lang.scored_parts(text):
            yield part if first or joined else lang.between + part
            first = False

    def stretches() -> Iterator[list[str]]:
        size[:] = [0, 0]
        for k, (part, joined) in enumerate(lang.scored_parts(text)):
            size[0] += len(part)
            size[1] += bool(k) and not joined
            lists = iter(lang.word_lists((part,)))
            for found in lists:
                if found:
                    yield _steps.Continued(found) if joined else found
                    break
            yield from lists

    words = CountedTokens.of_stretches(stretches(), _continued)
    if words is None:
        words = CountedTokens.of_glued(
            lambda: lang.scored_parts(text),
            lambda item: lang.word_lists((item[0],)),
            itemgetter(1),
        )
        size[:] = [0, 0]
        for k, (part, joined) in enumerate(lang.scored_parts(text)):
            size[0] += len(part)
            size[1] += bool(k) and not joined
    return JoinedKey(size[0] + len(lang.between) * size[1], parts, sep=""), words


def _continued(found: Sequence[str]) -> bool:
    return type(found) is _steps.Continued


def _countable(words: Sequence[str]) -> Sequence[str] | Mapping[str, int]:
    """What set F1 reads of ``words``: a long text's counts, else the words."""
    return words.counts if type(words) is CountedTokens else words


def _keyed(
    words: Sequence[str] | Mapping[str, int], keyed: Callable[[str], str] | None
) -> Sequence[str] | Mapping[str, int]:
    if keyed is None or not isinstance(words, Sequence):
        return words
    return [keyed(word) for word in words]


def explain_question(question: Question, answer: str, lang: Language, profile: str) -> Explanation:
    """The question's normalization traced step by step and each gold
    answer's EM and F1, compared exactly as
    :meth:`~answermatch.tasks.ntcir_dsqa.NtcirDsqa.score` does.

    >>> from answermatch.tasks.ntcir_dsqa.rules import LANGUAGES
    >>> q = Question("DS2-QA-E-1", "en", ("Tokyo", "Osaka City"), 1)
    >>> e = explain_question(q, "osaka", LANGUAGES["en"], "official")
    >>> e.verdict, e.scores["f1"], e.details
    ('partial match', 0.6666666666666666, {'best gold': 'Osaka City'})
    """
    predicted = text_view(lang, answer)
    golds = [text_view(lang, text) for text in question.answers]
    words = predicted.tokens
    # a word longer than LONG_TOKEN is counted by its key: the gold's words are looked up so
    keyed = words.keyed if type(words) is CountedTokens and words.long else None
    result = compare_normalized(
        predicted.normalized,
        _countable(words),
        [(gold.normalized, _keyed(_countable(gold.tokens), keyed)) for gold in golds],
    )
    variants = tuple(
        Variant(
            gold,
            {"em": em, "f1": f1},
            "exact match" if em else "F1 over word sets",
            bool(em),
        )
        for gold, (em, f1) in zip(golds, result.per_gold, strict=True)
    )
    return Explanation(
        NAME,
        profile,
        question.id,
        question.lang,
        predicted,
        variants,
        "EM and set F1: maxima over the gold answers",
        {"score": result.em, "em": result.em, "f1": result.f1},
        verdict(result.f1, result.em),
        {"best gold": question.answers[result.best]},
    )
