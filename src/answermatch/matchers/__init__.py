"""Answer matchers: pure functions that score a prediction against gold
answers, each a fraction in [0, 1].

Every matcher is called the same way::

    matcher(prediction, golds, *, lang=None, preset=None, ...) -> float

``golds`` is one string, a list/tuple of strings (the best gold counts) or
golds prepared once with :func:`prepare_golds`, which give exactly the
numbers of the plain call (the tests check it for every matcher); ``lang``
is any spelling of a language (``"ja"``, ``"ja-JP"``, ``"jpn"``: see
:func:`answermatch.languages.canonical_language`), and an unknown one raises
:class:`~answermatch.errors.UnknownLanguageError` in every matcher. Texts
are normalized by the language's default (the ``unicode`` preset) unless
``preset=`` says otherwise (``"none"``: as written); the matchers that read
a value or words of their own (numbers, containment, the lenient judge)
read the text as written by default. Normalized golds are kept in one
bounded cache (:data:`~answermatch.matchers.analysis.NORMALIZED_CACHE_SIZE`
texts, least recently used dropped first).

>>> from answermatch.matchers import exact_match, token_f1, levenshtein_ratio, numeric_match
>>> exact_match("Warszawa!", ["warszawa", "Warsaw"])
1.0
>>> round(token_f1("Adam Bernard Mickiewicz", "Adam Mickiewicz"), 3)
0.8
>>> levenshtein_ratio("Kraków", ["Krakow", "Cracow"])
0.833...
>>> numeric_match("około 1 000 osób", "1000")
1.0

- :func:`exact_match`, :func:`token_f1`: after normalization
  (:mod:`answermatch.normalization`); F1 over words (the language's
  tokenizer) or characters (``unit="char"``), as a bag or a set
  (``overlap=``).
- :func:`levenshtein_ratio`: edit similarity over code points, after
  normalization; :func:`levenshtein_distance` (two texts, as written).
- :func:`numeric_match`: the first numbers are equal in value (any script,
  the language's separators, scale words and number words);
  :func:`extract_number`.
- :func:`date_match`: the first dates are the same calendar date, or state
  the same year, or month and year (CLDR forms of the language, ISO,
  English, Japanese eras, the Thai Buddhist year); :func:`extract_date`.
- :func:`unordered_match`: parts of an answer in any order;
  :func:`best_match`: which gold wins under any matcher.
- For generated answers: :func:`contains_match` (a gold as whole words of
  the language), :func:`extract_answer` (the final answer of a response),
  :func:`judge` / :func:`lenient_match` (the lenient judge's cascade of
  rules and its verdict); :func:`get_matcher` finds any of them by name
  (``em``, ``f1``, ``containment``, ``lenient``...).

For evaluators that score item by item: :func:`prepare_golds` (normalize
and count the golds once), the batch forms :func:`token_f1_batch`,
:func:`exact_match_batch`, :func:`levenshtein_ratio_batch`,
:func:`numeric_match_batch`, :func:`date_match_batch` (options checked once; the same numbers), and
:func:`overlap_f1` / :func:`overlap_prf`, SQuAD's F1 arithmetic on tokens
you split yourself, with the official scripts' rule for two empty texts as
an option; :class:`~answermatch.matchers.answers.AnswerSet` and
:func:`~answermatch.matchers.answers.best_overlap`, the token overlap of a
prediction with answers tokenized once (the one F1 rule every task uses).

The names are loaded on first use, so that a task importing one matcher
module (e.g. :mod:`answermatch.matchers.answers`) loads only that module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# public name -> the module of this package that defines it (imported on first use)
_EXPORTS: dict[str, str] = {
    "OVERLAPS": "analysis",
    "UNITS": "analysis",
    "PreparedGolds": "analysis",
    "TokenCounts": "analysis",
    "characters": "analysis",
    "prepare_golds": "analysis",
    "words": "analysis",
    "AnswerSet": "answers",
    "answer_set": "answers",
    "best_overlap": "answers",
    "contains_match": "containment",
    "prepare_text": "containment",
    "Extraction": "extraction",
    "extract_answer": "extraction",
    "register_cues": "extraction",
    "Verdict": "lenient",
    "judge": "lenient",
    "lenient_match": "lenient",
    "available_matchers": "named",
    "get_matcher": "named",
    "register_matcher": "named",
    "Match": "combine",
    "Matcher": "combine",
    "best_match": "combine",
    "date_match": "dates",
    "date_match_batch": "dates",
    "extract_date": "dates",
    "levenshtein_distance": "edit",
    "levenshtein_ratio": "edit",
    "levenshtein_ratio_batch": "edit",
    "exact_match": "exact",
    "exact_match_batch": "exact",
    "extract_number": "numeric",
    "numeric_match": "numeric",
    "numeric_match_batch": "numeric",
    "PRF": "overlap",
    "overlap_f1": "overlap",
    "overlap_prf": "overlap",
    "token_f1": "overlap",
    "token_f1_batch": "overlap",
    "split_parts": "unordered",
    "unordered_match": "unordered",
}

__all__ = [
    "OVERLAPS",
    "PRF",
    "UNITS",
    "AnswerSet",
    "Extraction",
    "Match",
    "Matcher",
    "PreparedGolds",
    "TokenCounts",
    "Verdict",
    "answer_set",
    "available_matchers",
    "best_match",
    "best_overlap",
    "characters",
    "contains_match",
    "date_match",
    "date_match_batch",
    "exact_match",
    "exact_match_batch",
    "extract_answer",
    "extract_date",
    "extract_number",
    "get_matcher",
    "judge",
    "lenient_match",
    "levenshtein_distance",
    "levenshtein_ratio",
    "levenshtein_ratio_batch",
    "numeric_match",
    "numeric_match_batch",
    "overlap_f1",
    "overlap_prf",
    "prepare_golds",
    "prepare_text",
    "register_cues",
    "register_matcher",
    "split_parts",
    "token_f1",
    "token_f1_batch",
    "unordered_match",
    "words",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from .analysis import (
        OVERLAPS,
        UNITS,
        PreparedGolds,
        TokenCounts,
        characters,
        prepare_golds,
        words,
    )
    from .answers import AnswerSet, answer_set, best_overlap
    from .combine import Match, Matcher, best_match
    from .containment import contains_match, prepare_text
    from .dates import date_match, date_match_batch, extract_date
    from .edit import levenshtein_distance, levenshtein_ratio, levenshtein_ratio_batch
    from .exact import exact_match, exact_match_batch
    from .extraction import Extraction, extract_answer, register_cues
    from .lenient import Verdict, judge, lenient_match
    from .named import available_matchers, get_matcher, register_matcher
    from .numeric import extract_number, numeric_match, numeric_match_batch
    from .overlap import PRF, overlap_f1, overlap_prf, token_f1, token_f1_batch
    from .unordered import split_parts, unordered_match
