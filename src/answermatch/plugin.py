"""Everything a task needs, from one place: ``from answermatch.plugin import ...``.

A task in another package (or a notebook) imports its pieces from here
alone: the task contract and its optional parts, the profile settings, the
readers' helpers, the matchers, normalization and tokenizers, the records
of ``explain`` and ``check-gold``, and the run-time registration. Each name
is the one documented in the API reference, re-exported unchanged; see
:doc:`/write_a_task` and ``examples/plugin-task``. A task of the SQuAD
family builds on that family's base instead, as KorQuAD does
(:class:`~answermatch.tasks.squad.SpanTask` and
:class:`~answermatch.tasks.squad.SpanRules`): no module outside a task's
own files names a task, this one included.

>>> from answermatch.plugin import Explains, Scored, Task, exact_match, make_signature, mean_of
>>> class Echo(Task, Explains):
...     name, summary, primary = "echo", "exact match, one answer each", "em"
...     profiles = {"official": None}
...     def read_gold(self, source, diag, **options):
...         return list(source)
...     def read_predictions(self, source, gold, diag, **options):
...         return list(source)
...     def score(self, inputs, settings, diag, **options):
...         items = [{"id": k, "score": exact_match(p, g), "gold": [g], "prediction": p}
...                  for k, (g, p) in enumerate(zip(inputs.gold, inputs.predictions))]
...         return Scored(items, make_signature(self.name, "official"))
...     def aggregation(self, settings, **options):
...         return mean_of("score", key="em")
>>> Echo().evaluate(["Paris", "Rome"], ["paris", "Milan"]).scores
{'em': 50.0}
"""

from __future__ import annotations

from .checks import (
    ANSWER_CHECKS,
    Entry,
    Finding,
    GoldChecks,
    QuestionEntry,
    check_duplicate_variant,
    check_empty_variant,
    check_ids,
    check_normalizes_empty,
    check_same_after_normalization,
    check_unicode_punct,
    preset_normalizer,
)
from .diagnostics import Diagnostics
from .errors import AnswermatchWarning, InputError
from .explanation import Explanation, TextView, Variant, trace, unanswered, verdict
from .matchers import (
    AnswerSet,
    Match,
    answer_set,
    best_match,
    best_overlap,
    exact_match,
    extract_number,
    levenshtein_distance,
    levenshtein_ratio,
    numeric_match,
    overlap_f1,
    overlap_prf,
    prepare_golds,
    token_f1,
    unordered_match,
)
from .normalization import Preset, normalize, normalizer, register_preset
from .profiles import Settings, choice, rule
from .result import Result
from .signature import make_signature
from .sources import is_path, read_text, source_name
from .tasks import register
from .tasks.base import Aggregation, Inputs, Scored, Stats, Summary, Task, Totals, mean_of
from .tasks.parts import ChecksGold, Explains, TakesRows
from .tokenizers import get_tokenizer, register_tokenizer, splitter, tokenize
from .tokenizers.base import Tokenizer

__all__ = [
    "ANSWER_CHECKS",
    "Aggregation",
    "AnswerSet",
    "AnswermatchWarning",
    "ChecksGold",
    "Diagnostics",
    "Entry",
    "Explains",
    "Explanation",
    "Finding",
    "GoldChecks",
    "InputError",
    "Inputs",
    "Match",
    "Preset",
    "QuestionEntry",
    "Result",
    "Scored",
    "Settings",
    "Stats",
    "Summary",
    "TakesRows",
    "Task",
    "TextView",
    "Tokenizer",
    "Totals",
    "Variant",
    "answer_set",
    "best_match",
    "best_overlap",
    "check_duplicate_variant",
    "check_empty_variant",
    "check_ids",
    "check_normalizes_empty",
    "check_same_after_normalization",
    "check_unicode_punct",
    "choice",
    "exact_match",
    "extract_number",
    "get_tokenizer",
    "is_path",
    "levenshtein_distance",
    "levenshtein_ratio",
    "make_signature",
    "mean_of",
    "normalize",
    "normalizer",
    "numeric_match",
    "overlap_f1",
    "overlap_prf",
    "prepare_golds",
    "preset_normalizer",
    "read_text",
    "register",
    "register_preset",
    "register_tokenizer",
    "rule",
    "source_name",
    "splitter",
    "token_f1",
    "tokenize",
    "trace",
    "unanswered",
    "unordered_match",
    "verdict",
]
