"""XOR-TyDi QA, XOR-EnglishSpan: English answer spans, scored SQuAD-style (F1, EM).

Reproduces ``evals/eval_xor_engspan.py`` of the XOR-TyDi repository
(https://github.com/AkariAsai/XORQA; task page https://nlp.cs.washington.edu/xorqa/).

Files
    *Gold*: the EnglishSpan JSON-lines file
    (``xor_dev_retrieve_eng_span_v1_1.jsonl``), one ``{"id", "question",
    "answers", "lang", "split"}`` per line, answers in English.
    *Predictions*: one JSON object ``{question id: answer}`` where an answer
    is a string or ``{"answer": string}``. Keys are used as written.
    Both may be gzipped, or given as loaded objects (a list of dicts, a dict).

Official rules (profile ``official``)
    * Only the seven languages ar bn fi ja ko ru te are scored; gold
      questions in other languages are left out (not counted; one warning).
    * Normalization (preset ``xor-engspan``, SQuAD v1.1's): lowercase
      (``str.lower``), ASCII punctuation dropped, the words ``a an the``
      replaced by a space with Python ``re``'s ``\\b(a|an|the)\\b`` (its word
      characters are those for which ``str.isalnum()`` holds, plus ``_``:
      combining marks and ZWNJ are not, ``²`` is), whitespace collapsed. No
      MeCab and no counter deletion.
    * Per question: EM and token F1 are maxima over the answers; precision
      and recall are *each* the maximum over the answers, independently. F1,
      precision and recall are 0 without a common token. ``answers`` is
      iterated as given, so a bare string counts each of its characters as
      an answer. A gold question without a prediction scores 0 and counts
      (one warning).
    * Per language: means in percent. Overall F1 and EM: the plain mean of
      the per-language figures of the languages that have questions.

Profile ``fair``
    The ``unicode`` preset with English articles (NFKC, so width folding;
    case folding; Unicode punctuation removed), English word tokens, numbers
    compared by value (``3.5`` is not ``35``) and a bare-string ``answers``
    read as one answer.

Checks
    An answered question without any answer (``[]`` or ``""``) is an error
    (the official script crashes); so is a gold without a question in the
    seven languages (it divides by zero). Repeated gold ids are each scored
    and counted, with a warning; prediction ids absent from the gold are
    ignored, with a warning.

Items (gold order, scored languages only): ``id``, ``lang``, ``score``
(= ``f1``), ``f1``, ``em``, ``precision``, ``recall`` (fractions),
``answered`` and ``prediction`` (``None`` if absent).

>>> from answermatch.diagnostics import Diagnostics
>>> gold = [{"id": "1", "answers": ["the Kremlin"], "lang": "ru"},
...         {"id": "2", "answers": ["Lake Saimaa", "Saimaa"], "lang": "fi"}]
>>> result = evaluate(gold, {"1": "Kremlin", "2": {"answer": "Saimaa lake, Finland"}},
...                   profile="official", diag=Diagnostics())
>>> result.per_language["fi"]  # vs "Lake Saimaa": P 2/3, R 1, F1 4/5; vs "Saimaa": P 1/3, R 1
{'f1': 80.0, 'em': 0.0, 'precision': 66.66..., 'recall': 100.0, 'count': 1}
>>> result.scores
{'f1': 90.0, 'em': 50.0}
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import reduce
from itertools import compress
from operator import add, not_
from typing import Any

from ..diagnostics import Diagnostics
from ..errors import InputError
from ..progress import progress
from ..result import Result
from ..signature import make_signature
from ..sources import source_name
from ..analysis import Analyzer, tokenizer_signature
from .base import TaskSpec, gc_paused
from .xor_data import (
    CACHE_LIMIT,
    XorGold,
    read_xor_gold_columns,
    read_xor_predictions,
    token_overlap,
    warn_duplicate_gold_ids,
    warn_unanswered,
    warn_unknown_predictions,
)

__all__ = ["LANGUAGES", "PROFILES", "TASK", "EngspanProfile", "evaluate"]

#: The languages the official script scores, in its order.
LANGUAGES = ("ar", "bn", "fi", "ja", "ko", "ru", "te")


@dataclass(frozen=True)
class EngspanProfile:
    """What a profile decides: the scored languages (in averaging order), the
    normalization (``norm``: ``xor-engspan`` is SQuAD's, ``unicode`` the
    library's preset with English articles), the tokens and numbers rules
    (see :class:`~answermatch.analysis.Analyzer`) and whether a bare
    string ``answers`` is one answer (``bare_string="one"``) or, as the
    official script iterates it, one answer per character (``"chars"``)."""

    name: str
    languages: tuple[str, ...]
    norm: str
    tokens: str = "official"
    numbers: str = "string"
    bare_string: str = "chars"

    def differences(self) -> dict[str, str]:
        """The rules that differ from the official profile's."""
        official = PROFILES["official"]
        return {
            key: str(getattr(self, key))
            for key in ("tokens", "numbers", "bare_string")
            if getattr(self, key) != getattr(official, key)
        }


PROFILES: dict[str, EngspanProfile] = {
    "official": EngspanProfile("official", LANGUAGES, norm="xor-engspan"),
    "fair": EngspanProfile(
        "fair", LANGUAGES, norm="unicode", tokens="language", numbers="value", bare_string="one"
    ),
}

Scores = tuple[float, float, float, float]  # f1, em, precision, recall (fractions)
_ZERO: Scores = (0.0, 0.0, 0.0, 0.0)


class _Scorer:
    """Scores (answers, prediction) pairs; a repeated pair is scored once (a
    cache that starts afresh after :data:`~answermatch.tasks.xor_data.CACHE_LIMIT`
    entries)."""

    def __init__(self, profile: EngspanProfile) -> None:
        self._analyze = Analyzer(
            "en",
            norm="official" if profile.norm == "xor-engspan" else profile.norm,
            tokens=profile.tokens,
            counters="keep",
            numbers=profile.numbers,
            articles=True,
        )
        self._scores: dict[tuple[tuple[str, ...], str], Scores] = {}

    def __call__(self, answers: tuple[str, ...], prediction: str | None) -> Scores:
        if prediction is None:  # unanswered: scores 0 and counts
            return _ZERO
        key = (answers, prediction)
        scores = self._scores.get(key)
        if scores is None:
            if len(self._scores) >= CACHE_LIMIT:
                self._scores.clear()
            scores = self._scores[key] = self._score(answers, prediction)
        return scores

    def _score(self, answers: tuple[str, ...], prediction: str) -> Scores:
        analyze = self._analyze
        tokens = analyze(prediction)
        counts = Counter(tokens), len(tokens)
        f1 = em = precision = recall = 0.0
        for answer in answers:
            gold = analyze(answer)
            if gold == tokens:
                em = 1.0
            f, p, r = token_overlap(counts, (Counter(gold), len(gold)))
            f1, precision, recall = max(f1, f), max(precision, p), max(recall, r)
        return f1, em, precision, recall


def _answer_lists(
    gold: XorGold, predictions: list[str | None], profile: EngspanProfile, source: Any
) -> list[tuple[str, ...]]:
    """Each question's answers as the profile reads them; an answered question
    without any answer is an error."""
    answers = gold.answers
    if profile.bare_string == "chars" and any(gold.bare):
        # The official script iterates "answers" as given: a bare string's characters.
        answers = [
            tuple(found[0]) if bare else found
            for found, bare in zip(answers, gold.bare, strict=True)
        ]
    if not all(map(len, answers)):
        for k, (found, prediction) in enumerate(zip(answers, predictions, strict=True)):
            if not found and prediction is not None:
                raise InputError(
                    f"question {gold.ids[k]!r} has no answer (the official script cannot "
                    "score an answered question without answers)",
                    path=source_name(source),
                    line=gold.lines[k],
                )
    return answers


def _scored_questions(
    gold: XorGold, profile: EngspanProfile, source: Any, diag: Diagnostics
) -> XorGold:
    if set(gold.langs) <= set(profile.languages):
        return gold
    keep = [lang in profile.languages for lang in gold.langs]
    left_out: dict[str, int] = {}
    for lang in compress(gold.langs, map(not_, keep)):
        left_out[lang] = left_out.get(lang, 0) + 1
    if not any(keep):
        raise InputError(
            f"no gold question in the languages xor-engspan scores ({' '.join(profile.languages)})",
            path=source_name(source),
        )
    listed = ", ".join(f"{lang!r} ({count})" for lang, count in left_out.items())
    diag.warn(
        f"gold questions in languages the official script does not score are left out: {listed}",
        path=source_name(source),
    )
    return gold.select(keep)


@gc_paused()
def evaluate(
    gold: Any, predictions: Any, *, profile: str | EngspanProfile, diag: Diagnostics, **options: Any
) -> Result:
    """Score XOR-EnglishSpan predictions (see the module documentation)."""
    if options:
        raise TypeError(f"xor-engspan takes no options, got {', '.join(sorted(options))}")
    settings = profile if isinstance(profile, EngspanProfile) else PROFILES[profile]
    all_questions = read_xor_gold_columns(gold, diag)
    questions = _scored_questions(all_questions, settings, gold, diag)
    warn_duplicate_gold_ids(
        questions, gold, diag, "each copy is scored and counted, as in the official script"
    )
    preds = read_xor_predictions(predictions, diag, answer_objects=True)
    warn_unknown_predictions(preds, set(all_questions.ids), predictions, diag)

    ids, langs = questions.ids, questions.langs
    answered = list(map(preds.get, ids))  # the prediction, or None
    answers = _answer_lists(questions, answered, settings, gold)
    score = _Scorer(settings)
    scores = list(
        map(
            score,
            progress(answers, total=len(answers), desc="xor-engspan", enabled=diag.progress),
            answered,
        )
    )
    warn_unanswered(questions, len(answered) - answered.count(None), predictions, diag)
    items = [
        {
            "id": qid,
            "lang": lang,
            "score": f1,
            "f1": f1,
            "em": em,
            "precision": precision,
            "recall": recall,
            "answered": prediction is not None,
            "prediction": prediction,
        }
        for qid, lang, prediction, (f1, em, precision, recall) in zip(
            ids, langs, answered, scores, strict=True
        )
    ]

    by_language: dict[str, list[Scores]] = {}
    for lang, figures in zip(langs, scores, strict=True):
        group = by_language.get(lang)
        if group is None:
            group = by_language[lang] = []
        group.append(figures)
    per_language: dict[str, dict[str, float]] = {}
    f1_total = em_total = 0.0
    for lang in settings.languages:  # the official averaging order
        if lang not in by_language:
            continue
        count = len(by_language[lang])
        # Summed one by one in gold order, as the official script does
        # (builtin sum() compensates rounding on Python 3.12+).
        f1, em, precision, recall = (
            reduce(add, column, 0.0) for column in zip(*by_language[lang], strict=True)
        )
        figures = {
            "f1": 100.0 * f1 / count,
            "em": 100.0 * em / count,
            "precision": 100.0 * precision / count,
            "recall": 100.0 * recall / count,
            "count": count,
        }
        per_language[lang] = figures
        f1_total += figures["f1"]
        em_total += figures["em"]
    return Result(
        task="xor-engspan",
        profile=settings.name,
        scores={"f1": f1_total / len(per_language), "em": em_total / len(per_language)},
        per_language=per_language,
        n=len(questions),
        signature=make_signature(
            "xor-engspan",
            settings.name,
            norm=settings.norm,
            tokenizers={"en": tokenizer_signature("en")} if settings.tokens == "language" else None,
            extra=settings.differences(),
        ),
        items=items,
        warnings=tuple(diag.messages),
    )


TASK = TaskSpec(
    name="xor-engspan",
    summary="XOR-TyDi QA XOR-EnglishSpan: SQuAD-style F1 and EM of English answer spans "
    "(ar bn fi ja ko ru te), as eval_xor_engspan.py",
    evaluate=evaluate,
    primary="f1",
    profiles=tuple(PROFILES),
    languages=LANGUAGES,
    options={},
)
