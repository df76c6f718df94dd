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
      an answer (with a warning; an error under ``strict``). A gold question
      without a prediction scores 0 and counts (one warning).
    * Per language: means in percent. Overall F1 and EM: the plain mean of
      the per-language figures of the languages that have questions.

Profile ``fair``
    The ``unicode`` preset with English articles (NFKC, so width folding;
    case folding; Unicode punctuation removed), English word tokens, numbers
    compared by value as English writes them, whatever the question's
    language (``3.5`` is not ``35``, ``1,500`` is 1500) and a bare-string ``answers``
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

>>> gold = [{"id": "1", "answers": ["the Kremlin"], "lang": "ru"},
...         {"id": "2", "answers": ["Lake Saimaa", "Saimaa"], "lang": "fi"}]
>>> result = XorEngspan().evaluate(
...     gold, {"1": "Kremlin", "2": {"answer": "Saimaa lake, Finland"}})
>>> result.per_language["fi"]  # vs "Lake Saimaa": P 2/3, R 1, F1 4/5; vs "Saimaa": P 1/3, R 1
{'f1': 80.0, 'em': 0.0, 'precision': 66.66..., 'recall': 100.0, 'count': 1}
>>> result.scores
{'f1': 90.0, 'em': 50.0}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import compress, starmap
from operator import not_
from typing import Any, ClassVar

from ...analysis import Analyzer, tokenizer_signature
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...items import ItemColumns
from ...matchers.answers import AnswerSet, best_overlap
from ...profiles import Settings, choice
from ...progress import progress
from ...signature import make_signature
from ...workers import map_chunks
from ..base import FRACTION, Aggregation, Inputs, Scored, Summary, Totals
from .checks import ENGSPAN_CHECKS
from .data import (
    CACHE_LIMIT,
    GOLD_SHAPE,
    XorGold,
    in_gold_order,
    prediction_tokens,
    warn_bare_strings,
    warn_duplicate_gold_ids,
    warn_unanswered,
)
from .languages import LANGUAGES, no_scored_language, outside_seven
from .task import XorAnswerTask
from .totals import language_totals

__all__ = ["LANGUAGES", "PROFILES", "EngspanProfile", "XorEngspan"]


@dataclass(frozen=True)
class EngspanProfile(Settings):
    """What a profile decides: the scored languages (in averaging order), the
    normalization (``norm``: ``xor-engspan`` is SQuAD's, ``unicode`` the
    library's preset with English articles), the tokens and numbers rules
    (see :class:`~answermatch.analysis.Analyzer`) and whether a bare
    string ``answers`` is one answer (``bare_string="one"``) or, as the
    official script iterates it, one answer per character (``"chars"``)."""

    languages: tuple[str, ...]
    norm: str
    tokens: str = choice("official", "language")
    numbers: str = choice("string", "value")
    bare_string: str = choice("chars", "one")


PROFILES: dict[str, EngspanProfile] = {
    "official": EngspanProfile("official", LANGUAGES, norm="xor-engspan"),
    "fair": EngspanProfile(
        "fair", LANGUAGES, norm="unicode", tokens="language", numbers="value", bare_string="one"
    ),
}

Scores = tuple[float, float, float, float]  # f1, em, precision, recall (fractions)
#: The figures of an item the aggregation sums, in this order.
FIGURES = ("f1", "em", "precision", "recall")
_ZERO: Scores = (0.0, 0.0, 0.0, 0.0)


class _Scorer:
    """Scores (answers, prediction) pairs. Each answer set is analysed once
    (:class:`~answermatch.matchers.answers.AnswerSet`) and a repeated pair
    is scored once (caches that start afresh after
    :data:`~answermatch.tasks.xor.data.CACHE_LIMIT` entries)."""

    def __init__(self, profile: EngspanProfile) -> None:
        self.profile = profile
        analyzer = Analyzer(
            "en",
            norm="official" if profile.norm == "xor-engspan" else profile.norm,
            tokens=profile.tokens,
            counters="keep",
            numbers=profile.numbers,
            articles=True,
        )
        self._analyze = analyzer.splitter()
        self._prediction = prediction_tokens(analyzer)
        self._sets: dict[tuple[str, ...], tuple[AnswerSet, dict[str, Scores]]] = {}

    def __call__(self, answers: tuple[str, ...], prediction: str | None) -> Scores:
        if prediction is None:  # unanswered: scores 0 and counts
            return _ZERO
        found = self._sets.get(answers)
        if found is None:
            if len(self._sets) >= CACHE_LIMIT:
                self._sets.clear()
            found = self._sets[answers] = (AnswerSet.of(self._analyze, answers), {})
        golds, seen = found
        scores = seen.get(prediction)
        if scores is None:
            scores = seen[prediction] = best_overlap(self._prediction(prediction), golds)
        return scores

    def many(self, jobs: Iterable[tuple[tuple[str, ...], str | None]]) -> list[Scores]:
        """The scores of each (answers, prediction) job, in order."""
        return list(starmap(self, jobs))

    def __reduce__(self) -> tuple[Any, ...]:
        """Sent to a worker process as its profile (not its caches)."""
        return (_Scorer, (self.profile,))


def answer_lists(
    gold: XorGold, predictions: list[str | None], profile: EngspanProfile, source: str
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
                    path=source,
                    line=gold.lines[k],
                )
    return answers


def scored_questions(
    gold: XorGold, profile: EngspanProfile, source: str, diag: Diagnostics
) -> XorGold:
    """The questions in the profile's languages (the others left out, with a
    warning; none left is an error)."""
    if set(gold.langs) <= set(profile.languages):
        return gold
    keep = [lang in profile.languages for lang in gold.langs]
    if not any(keep):
        raise InputError(no_scored_language(profile.languages), path=source)
    left_out = outside_seven(compress(gold.langs, map(not_, keep)), profile.languages)
    listed = ", ".join(f"{lang!r} ({count})" for lang, count in left_out.items())
    diag.warn(
        f"gold questions in languages the official script does not score are left out: {listed}",
        path=source,
    )
    return gold.select(keep)


def _item(
    qid: str, lang: str, prediction: str | None, figures: tuple[float, ...]
) -> dict[str, Any]:
    f1, em, precision, recall = figures
    return {
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


class XorEngspan(XorAnswerTask):
    """XOR-TyDi QA XOR-EnglishSpan (see :mod:`answermatch.tasks.xor.engspan`)."""

    name = "xor-engspan"
    summary = (
        "XOR-TyDi QA XOR-EnglishSpan: SQuAD-style F1 and EM of English answer spans "
        "(ar bn fi ja ko ru te), as eval_xor_engspan.py"
    )
    profiles: ClassVar[Mapping[str, Any]] = PROFILES
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": GOLD_SHAPE,
        "predictions": "a JSON file (plain or .gz) or a dict {question id: answer}, an answer "
        'being a str or {"answer": str}; keys are used as written',
    }
    gold_checks = ENGSPAN_CHECKS
    answer_objects = True

    def check(self, inputs: Inputs, settings: EngspanProfile, diag: Diagnostics) -> XorGold:
        """The questions scored, after what ``score`` and ``explain`` refuse
        or warn about."""
        questions = scored_questions(inputs.gold, settings, inputs.gold_name, diag)
        if settings.bare_string == "chars":
            warn_bare_strings(questions, inputs.gold_name, diag)
        warn_duplicate_gold_ids(
            questions,
            inputs.gold_name,
            diag,
            "each copy is scored and counted, as in the official script",
        )
        return questions

    def score(
        self, inputs: Inputs, settings: EngspanProfile, diag: Diagnostics, **options: Any
    ) -> Scored:
        questions = self.check(inputs, settings, diag)
        ids, langs = questions.ids, questions.langs
        answered = in_gold_order(inputs.predictions, questions)  # the prediction, or None
        answers = answer_lists(questions, answered, settings, inputs.gold_name)
        score = _Scorer(settings)
        jobs = zip(
            progress(answers, total=len(answers), desc="xor-engspan", enabled=diag.progress),
            answered,
            strict=True,
        )
        if diag.workers > 1:
            scores = map_chunks(score.many, list(jobs), diag.workers)
        else:  # no tuple per job kept
            scores = score.many(jobs)
        warn_unanswered(questions, len(answered) - answered.count(None), inputs.pred_name, diag)

        columns = {"id": ids, "lang": langs, "prediction": answered, "figures": scores}
        items = ItemColumns(columns, _item)  # built if someone reads them
        signature = make_signature(
            self.name,
            settings.name,
            norm=settings.norm,
            tokenizers={"en": tokenizer_signature("en")} if settings.tokens == "language" else None,
            extra=settings.changes(),
        )
        # the aggregation's totals, from the scores' columns (same order, same sums)
        return Scored(items, signature, language_totals(langs, scores))

    def aggregation(self, settings: EngspanProfile, **options: Any) -> Aggregation:
        """Per language: the mean of each figure over its questions, in
        percent. Overall F1 and EM: the mean of the per-language figures of
        the languages with a question (in the profile's language order)."""
        languages = settings.languages

        def combine(totals: Totals, rows: list[Any] | None) -> Summary:
            per_language: dict[str, dict[str, float]] = {}
            f1_total = em_total = 0.0
            for lang in languages:  # the official averaging order
                if lang not in totals:
                    continue
                count, sums = totals[lang]
                figures: dict[str, float] = {
                    key: 100.0 * total / count for key, total in zip(FIGURES, sums, strict=True)
                }
                figures["count"] = count
                per_language[lang] = figures
                f1_total += figures["f1"]
                em_total += figures["em"]
            languages_present = len(per_language) or 1
            return Summary(
                {"f1": f1_total / languages_present, "em": em_total / languages_present},
                per_language,
            )

        return Aggregation(
            statistics=_figures,
            combine=combine,
            primary=self.primary,
            group=_language,
            ranges=(FRACTION,) * 4,
            groups=LANGUAGES,
        )

    def explain_official(
        self, inputs: Inputs, settings: EngspanProfile, diag: Diagnostics, **options: Any
    ) -> Iterator[Any]:
        from .explain import explain_engspan

        return explain_engspan(self, inputs, settings, diag)


def _figures(item: Mapping[str, Any]) -> Scores:
    return item["f1"], item["em"], item["precision"], item["recall"]


def _language(item: Mapping[str, Any]) -> str:
    return item["lang"]
