"""answermatch: multilingual question-answering evaluation.

Importing the package is cheap: the public names below are loaded on first
use, and no tokenizer library (MeCab, jieba, pyvi, spaCy) is imported until a
text in its language is tokenized.

>>> import answermatch
>>> answermatch.normalize("  The Eiffel   Tower! ", lang="en")
'eiffel tower'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

# public name -> module that defines it (imported lazily by __getattr__)
_EXPORTS: dict[str, str] = {
    "normalize": "answermatch.normalization",
    "tokenize": "answermatch.tokenizers",
    "exact_match": "answermatch.matchers",
    "token_f1": "answermatch.matchers",
    "levenshtein_distance": "answermatch.matchers",
    "levenshtein_ratio": "answermatch.matchers",
    "extract_number": "answermatch.matchers",
    "numeric_match": "answermatch.matchers",
    "extract_date": "answermatch.matchers",
    "date_match": "answermatch.matchers",
    "best_match": "answermatch.matchers",
    "unordered_match": "answermatch.matchers",
    "Match": "answermatch.matchers",
    "contains_match": "answermatch.matchers",
    "extract_answer": "answermatch.matchers",
    "lenient_match": "answermatch.matchers",
    "meta_eval": "answermatch.metaeval",
    "rescore": "answermatch.harness_logs",
    "evaluate": "answermatch.evaluation",
    "evaluate_profiles": "answermatch.evaluation",
    "scorer": "answermatch.incremental",
    "Scorer": "answermatch.incremental",
    "Task": "answermatch.tasks.base",
    "compare": "answermatch.significance",
    "Result": "answermatch.result",
    "AnswermatchError": "answermatch.errors",
    "InputError": "answermatch.errors",
    "MissingExtraError": "answermatch.errors",
    "UnknownLanguageError": "answermatch.errors",
    "UnknownMatcherError": "answermatch.errors",
    "UnknownTaskError": "answermatch.errors",
    "UnknownOptionError": "answermatch.errors",
    "UnknownProfileError": "answermatch.errors",
    "AnswermatchWarning": "answermatch.errors",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'answermatch' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from .errors import (
        AnswermatchError,
        AnswermatchWarning,
        InputError,
        MissingExtraError,
        UnknownLanguageError,
        UnknownMatcherError,
        UnknownOptionError,
        UnknownProfileError,
        UnknownTaskError,
    )
    from .evaluation import evaluate, evaluate_profiles
    from .harness_logs import rescore
    from .incremental import Scorer, scorer
    from .matchers import (
        Match,
        best_match,
        contains_match,
        date_match,
        exact_match,
        extract_answer,
        extract_date,
        extract_number,
        lenient_match,
        levenshtein_distance,
        levenshtein_ratio,
        numeric_match,
        token_f1,
        unordered_match,
    )
    from .metaeval import meta_eval
    from .normalization import normalize
    from .result import Result
    from .significance import compare
    from .tasks.base import Task
    from .tokenizers import tokenize
