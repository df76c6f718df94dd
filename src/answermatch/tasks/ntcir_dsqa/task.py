"""The NTCIR-16 Data Search QA task on the task contract (:class:`NtcirDsqa`):
scoring, the pooled aggregation, ``explain`` and ``check-gold``.

>>> r = NtcirDsqa().evaluate({"DS2-QA-E-1": "Tokyo", "DS2-QA-E-2": "Osaka City"},
...                          {"DS2-QA-E-1": "tokyo", "DS2-QA-E-2": "Osaka"})
>>> r.scores, r.per_language["en"]["count"]
({'em': 50.0, 'f1': 83.33333333333333}, 2)
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Iterator, Mapping
from functools import partial
from typing import Any, ClassVar

from ...checks import (
    Entry,
    GoldChecks,
    check_duplicate_variant,
    check_normalizes_empty,
    check_one_order_only,
    check_same_after_normalization,
)
from ...diagnostics import Diagnostics
from ...errors import format_examples
from ...explanation import Explanation
from ...items import ItemColumns
from ..base import (
    FRACTION,
    Aggregation,
    Inputs,
    Scored,
    Stats,
    Summary,
    Task,
    Totals,
    make_signature,
)
from ..parts import ChecksGold, Explains, TakesRows
from .explain import explain_question
from .reading import (
    Answers,
    NtcirGold,
    Questions,
    check_default_lang,
    read_gold,
    read_predictions,
)
from .rules import (
    LANGUAGES,
    PROFILES,
    Profile,
    compare_prepared,
)

__all__ = ["GOLD_CHECKS", "NtcirDsqa", "pooled_means"]

NAME = "ntcir-dsqa"
_KEYS = ("em", "f1")


def _statistics(item: dict[str, Any]) -> Stats:
    return (item["em"], item["f1"])


def _language(item: dict[str, Any]) -> str:
    return item["lang"]


def pooled_means(languages: Iterable[str]) -> Aggregation:
    """EM and F1: means over every question, both languages pooled, in
    percent; ``per_language`` holds each language's means and ``count``, in
    the order of ``languages`` (then any other, as first seen).

    >>> agg = pooled_means(["en", "ja"])
    >>> s = agg.summarize([{"lang": "ja", "em": 1.0, "f1": 1.0},
    ...                    {"lang": "en", "em": 0.0, "f1": 0.5}])
    >>> s.scores, list(s.per_language)
    ({'em': 50.0, 'f1': 75.0}, ['en', 'ja'])
    """
    order = list(languages)

    def combine(totals: Totals, rows: list[Stats] | None) -> Summary:
        groups = [lang for lang in order if lang in totals]
        groups += [lang for lang in totals if lang not in groups]
        count = 0
        sums = [0.0, 0.0]
        per_language: dict[str, dict[str, float]] = {}
        for lang in groups:
            n, stats = totals[lang]
            count += n
            sums = [a + b for a, b in zip(sums, stats, strict=True)]
            per_language[str(lang)] = {
                **{key: 100.0 * value / n for key, value in zip(_KEYS, stats, strict=True)},
                "count": n,
            }
        scores = {
            key: 100.0 * value / count if count else 0.0
            for key, value in zip(_KEYS, sums, strict=True)
        }
        return Summary(scores, per_language)

    return Aggregation(
        statistics=_statistics,
        combine=combine,
        primary="em",
        group=_language,
        ranges=(FRACTION, FRACTION),
        groups=tuple(LANGUAGES),
    )


def _normalize_for_checks(text: str, lang: str | None) -> str:
    return LANGUAGES[lang].normalize(text) if lang in LANGUAGES else text


def _normalized_parts(text: str, lang: str | None) -> Iterator[str]:
    """:func:`_normalize_for_checks` of a long text in parts (the
    language's :meth:`~answermatch.tasks.ntcir_dsqa.rules.Language.scored_parts`,
    cut as scoring cuts them, inside a run of ASCII letters too, and what
    it puts between two parts that do not continue one word)."""
    if lang not in LANGUAGES:
        yield text
        return
    language = LANGUAGES[lang]
    between = ""
    for part, joined in language.scored_parts(text):
        if not joined:
            yield between
        yield part
        between = language.between


#: The checks ``check-gold ntcir-dsqa`` runs on what the reader accepted
#: (the reader already refuses ids without a language marker, ids given
#: twice and empty answers).
GOLD_CHECKS = GoldChecks(
    (
        check_duplicate_variant,
        check_same_after_normalization,
        check_normalizes_empty,
        check_one_order_only,
    ),
    _normalize_for_checks,
    conjunctions={"en": re.compile(r"(\s+(?:and|&)\s+)")},
    normal_parts=_normalized_parts,
)


class NtcirDsqa(Task, Explains, ChecksGold, TakesRows):
    """NTCIR-16 Data Search QA (English and Japanese): EM and F1 over word
    sets; see :mod:`answermatch.tasks.ntcir_dsqa`."""

    name = NAME
    answers_lang_option = "default_lang"
    summary = "NTCIR-16 Data Search QA (en, ja): exact match and macro F1 over word sets"
    primary = "em"
    profiles = PROFILES
    languages = tuple(LANGUAGES)
    options: ClassVar[Mapping[str, str]] = {
        "default_lang": "language (en or ja) of question ids without -E-/-J- "
        "(default: such an id is an error)"
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": '{question id: answer or [answers]}, e.g. {"DS2-QA-E-1": ["13,510,000", '
        '"13.51 million"]}; the language comes from -E-/-J- in the id',
        "predictions": '{question id: answer}, e.g. {"DS2-QA-E-1": "13510000"}',
    }
    item_order = "gold"
    gold_checks = GOLD_CHECKS

    def read_gold(
        self, source: Any, diag: Diagnostics, *, default_lang: str | None = None, **options: Any
    ) -> NtcirGold:
        return read_gold(source, diag, default_lang=default_lang)

    def read_predictions(
        self, source: Any, gold: NtcirGold, diag: Diagnostics, **options: Any
    ) -> Answers:
        return read_predictions(source, gold, diag)

    def option_fields(self, settings: Profile, **options: Any) -> dict[str, str | None]:
        """``default_lang`` checked; the ids' languages sign the run."""
        check_default_lang(options.get("default_lang"))
        return {}

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[dict[Any, Any], dict[Any, Any]]:
        """Rows ``{key: question id, "answers": answer or [answers],
        prediction: answer}`` as the mappings ``{id: answers}`` and ``{id:
        answer}`` (a ``None`` prediction is left out: the reader then says
        which question has no answer, as for a run that misses it).

        >>> NtcirDsqa().split_rows([{"id": "DS2-QA-E-1", "answers": ["13.51 million"],
        ...                          "prediction": "13510000"}])
        ({'DS2-QA-E-1': ['13.51 million']}, {'DS2-QA-E-1': '13510000'})
        """
        gold = {row[key]: row.get("answers") for row in rows}
        answers = {row[key]: row[prediction] for row in rows if row.get(prediction) is not None}
        return gold, answers

    def score(self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any) -> Scored:
        """Each question scored in gold order; its figures kept in arrays and
        summed per language as they come (the aggregation's totals: the
        same additions in the same order), the items made when read
        (:class:`~answermatch.items.ItemColumns`)."""
        gold: NtcirGold = inputs.gold
        questions = gold.questions
        run: Answers = inputs.predictions
        em, f1, best = array("d"), array("d"), array("I")
        sums: dict[str, list[float]] = {}
        counts: dict[str, int] = {}
        empty = _EmptyGolds()
        for k, (code, answers) in enumerate(
            zip(questions.langs, questions.each_answers(), strict=True)
        ):
            lang = settings.languages[code]
            golds = tuple(lang.normalize(a) for a in answers)
            if not all(golds):
                empty.note(questions, k, answers, golds)
            answer = run.answer(k)
            result = compare_prepared(lang, answer, [(g, lang.words(g)) for g in golds])  # type: ignore[arg-type]
            em.append(result.em)
            f1.append(result.f1)
            best.append(result.best)
            acc = sums.get(code)
            if acc is None:
                counts[code] = 0
                acc = sums[code] = [0.0, 0.0]
            counts[code] += 1
            acc[0] += result.em
            acc[1] += result.f1
        empty.warn(gold.name, diag)
        tokenizers = {code: settings.languages[code].tokenizer() for code in sums}
        signature = make_signature(
            NAME, self.profile_name(settings), norm=settings.norm, tokenizers=tokenizers
        )
        columns = {
            "id": questions.ids,
            "lang": questions.langs,
            "em": em,
            "f1": f1,
            "question": range(len(questions)),
            "best": best,
        }
        items = ItemColumns(columns, partial(_item, questions, run))
        totals = {code: (counts[code], (acc[0], acc[1])) for code, acc in sums.items()}
        return Scored(items, signature, totals)  # type: ignore[arg-type]

    def aggregation(self, settings: Profile, **options: Any) -> Aggregation:
        return pooled_means(settings.languages)

    def explain(
        self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        profile = self.profile_name(settings)
        for k, question in enumerate(inputs.gold.questions):
            yield explain_question(
                question, inputs.predictions.answer(k), settings.languages[question.lang], profile
            )

    def gold_entries(self, gold: NtcirGold) -> Iterable[Entry]:
        return (Entry(q.id, q.line, q.answers, q.lang) for q in gold.questions)


def _item(
    questions: Questions,
    run: Answers,
    qid: str,
    lang: str,
    em: float,
    f1: float,
    k: int,
    best: int,
) -> dict[str, Any]:
    return {
        "id": qid,
        "lang": lang,
        "score": em,
        "em": em,
        "f1": f1,
        "gold": questions.answers(k)[best],
        "prediction": run.answer(k),
    }


class _EmptyGolds:
    """The gold answers empty once normalized, as scoring meets them: how
    many, the first ten and the line of the first."""

    def __init__(self) -> None:
        self.count = 0
        self.examples: list[str] = []
        self.line: int | None = None

    def note(
        self, questions: Questions, k: int, answers: tuple[str, ...], golds: tuple[str, ...]
    ) -> None:
        """Note question ``k``'s answers whose normalized ``golds`` are empty."""
        if not self.count:
            self.line = questions.line(k)
        for answer, norm in zip(answers, golds, strict=True):
            if not norm:
                self.count += 1
                if len(self.examples) < 10:
                    self.examples.append(f"{questions.ids[k]} {answer!r}")

    def warn(self, path: str, diag: Diagnostics) -> None:
        if self.count:
            diag.warn(
                f"{self.count} gold answer(s) are empty once normalized, so only an empty "
                "answer matches them: "
                f"{format_examples(self.examples, limit=10, total=self.count)}",
                path=path,
                line=self.line,
            )
