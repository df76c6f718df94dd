"""The ``open-qa`` task: generated answers to open questions, judged
against their gold aliases (:class:`OpenQA`).

>>> task = OpenQA()
>>> gold = [{"id": "q1", "question": "Where is the Eiffel Tower?", "answers": ["Paris"]},
...         {"id": "q2", "question": "Who wrote Hamlet?", "answers": ["William Shakespeare"]}]
>>> predictions = {"q1": "The Eiffel Tower is in Paris.", "q2": "Shakespeare wrote it."}
>>> task.evaluate(gold, predictions).scores          # official: exact match
{'accuracy': 0.0}
>>> r = task.evaluate(gold, predictions, "lenient")
>>> r.scores, [i["rule"] for i in r.items]
({'accuracy': 100.0}, ['contains', 'name-parts'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...checks import ANSWER_CHECKS, GoldChecks, QuestionEntry, check_repeated_question
from ...diagnostics import Diagnostics
from ...errors import UnknownOptionError
from ...explanation import Explanation, TextView, Variant
from ...items import ItemColumns
from ...languages import canonical_language
from ...matchers.named import get_matcher
from ...profiles import Settings, choice, rule
from ..base import Aggregation, Inputs, Scored, Stats, Summary, Task, Totals, make_signature
from ..parts import ChecksGold, Explains, TakesRows
from .reading import Predictions, Question, read_gold, read_predictions

__all__ = ["PROFILES", "Judging", "OpenQA", "accuracy"]

NAME = "open-qa"

#: The matchers a profile names, by their names in :mod:`answermatch.matchers.named`.
MATCHERS: dict[str, Callable[..., float]] = {
    name: get_matcher(name) for name in ("em", "exact", "containment", "lenient")
}


@dataclass(frozen=True)
class Judging(Settings):
    """How one answer is judged: ``matcher``, any matcher of the uniform
    contract (one of :data:`MATCHERS` by name, or a function; the option
    ``matcher=NAME`` takes any name :func:`~answermatch.matchers.named.get_matcher`
    knows, ``module:function`` included); ``extract``: judge the final answer
    that :func:`~answermatch.matchers.extract_answer` reads from the response
    rather than the whole response (the lenient judge always does)."""

    matcher: Callable[..., float] = rule(MATCHERS["em"], **MATCHERS)
    extract: bool = choice(False, True)


#: official: exact match after SQuAD's normalization, the rule the open-domain
#: QA literature reports (Natural Questions-open, TriviaQA); fair: exact match
#: after the language's own Unicode normalization; containment: a gold as whole
#: words of the answer; lenient: the lenient judge's cascade.
PROFILES: dict[str, Judging] = {
    "official": Judging("official"),
    "fair": Judging("fair", matcher=MATCHERS["exact"]),
    "containment": Judging("containment", matcher=MATCHERS["containment"]),
    "lenient": Judging("lenient", matcher=MATCHERS["lenient"]),
}


def _statistics(item: Mapping[str, Any]) -> Stats:
    return (item["score"],)


def _group(item: Mapping[str, Any]) -> str | None:
    return item["lang"]


def _combine(totals: Totals, rows: list[Stats] | None) -> Summary:
    count = sum(c for c, _ in totals.values())
    total = sum(s[0] for _, s in totals.values())
    per_language = {
        lang: {"accuracy": 100.0 * sums[0] / n, "count": n}
        for lang, (n, sums) in sorted(totals.items(), key=_language_key)
        if lang is not None
    }
    return Summary({"accuracy": 100.0 * total / count if count else 0.0}, per_language)


def _language_key(entry: tuple[str | None, Any]) -> str:
    """Languages in code order, as the other tasks list them."""
    return entry[0] or ""


def _item(
    qid: str,
    lang: str | None,
    score: float,
    rule_name: str,
    matched: str | None,
    prediction: str | None,
    gold: tuple[str, ...],
) -> dict[str, Any]:
    """One item of :meth:`OpenQA.score`'s columns."""
    return {"id": qid, "lang": lang, "score": score, "rule": rule_name, "matched": matched,
            "prediction": prediction, "gold": list(gold)}  # fmt: skip


def _summed(score: float, lang: str | None) -> dict[str, Any]:
    """What :func:`accuracy` reads of an item."""
    return {"score": score, "lang": lang}


def accuracy() -> Aggregation:
    """The mean item score in percent, pooled and per language (items
    without a language count in the pooled figure only).

    >>> rows = [{"score": 1.0, "lang": "ja"}, {"score": 0.0, "lang": None}]
    >>> found = accuracy().summarize(rows + [{"score": 0.0, "lang": "de"}])
    >>> round(found.scores["accuracy"], 2), list(found.per_language)
    (33.33, ['de', 'ja'])
    """
    return Aggregation(_statistics, _combine, "accuracy", group=_group)


class OpenQA(Task, Explains, ChecksGold, TakesRows):
    """Open-domain QA with generated answers; see :mod:`answermatch.tasks.open_qa`."""

    name = NAME
    summary = (
        "open QA with generated answers: exact match (official), Unicode exact match (fair), "
        "containment or the lenient judge, per language"
    )
    primary = "accuracy"
    profiles = PROFILES
    options: ClassVar[Mapping[str, str]] = {
        "lang": "the language of gold rows that name none (default: none, language-neutral rules)",
        "matcher": "judge with this matcher instead of the profile's (a name or module:function)",
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": 'a list of rows {"id", "question", "answers": [...], "lang"}',
        "predictions": '{id: text}, rows {"id", "prediction"} or a list of texts in gold order',
    }
    item_order = "gold"
    gold_checks = GoldChecks(
        (*ANSWER_CHECKS, check_repeated_question),
        normalize=lambda text, lang: _normalized(text, lang),
    )

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> list[Question]:
        return read_gold(source, diag, lang=options.get("lang"))

    def read_predictions(
        self, source: Any, gold: list[Question], diag: Diagnostics, **options: Any
    ) -> Predictions:
        return read_predictions(source, gold, diag)

    def option_fields(self, settings: Judging, **options: Any) -> dict[str, str | None]:
        """``lang`` checked, and ``matcher``: the rule the signature names."""
        if options.get("lang") is not None:
            canonical_language(options["lang"])
        return {"match": _signature_match(self._judging(settings, options), options)}

    def _judging(self, settings: Judging, options: Mapping[str, Any]) -> Judging:
        name = options.get("matcher")
        if name is None:
            return settings
        if not isinstance(name, str):
            raise UnknownOptionError(f"option matcher takes a matcher's name, not {name!r}")
        return settings.replace(name=f"{settings.name}+{name}", matcher=get_matcher(name))

    def score(self, inputs: Inputs, settings: Judging, diag: Diagnostics, **options: Any) -> Scored:
        judging = self._judging(settings, options)
        gold: list[Question] = inputs.gold
        predictions: Predictions = inputs.predictions
        _warn_ids(gold, predictions, inputs.gold_name, inputs.pred_name, diag)
        verdict = _verdict_function(judging)
        texts = [predictions.texts.get(question.id) for question in gold]
        judged = [
            (0.0, "unanswered", None) if text is None else verdict(text, question)
            for question, text in zip(gold, texts, strict=True)
        ]
        scores = [score for score, _, _ in judged]
        langs = [question.lang for question in gold]
        columns = {  # the items by columns (see _item), not a dict each
            "id": [question.id for question in gold],
            "lang": langs,
            "score": scores,
            "rule": [rule_name for _, rule_name, _ in judged],
            "matched": [matched for _, _, matched in judged],
            "prediction": texts,
            "gold": [question.answers for question in gold],
        }
        del judged
        totals = accuracy().totals(map(_summed, scores, langs))
        signature = _signature(self.profile_name(judging), judging, options, gold)
        return Scored(ItemColumns(columns, _item), signature, totals)

    def aggregation(self, settings: Any, **options: Any) -> Aggregation:
        return accuracy()

    def explain(
        self, inputs: Inputs, settings: Judging, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        judging = self._judging(settings, options)
        profile = self.profile_name(judging)
        scored = self.score(inputs, settings, diag, **options)
        verdict = _verdict_function(judging)
        for question, item in zip(inputs.gold, scored.items, strict=True):
            text = item["prediction"]
            view = None
            variants = []
            details: dict[str, Any] = {}
            if text is not None:
                answer = _answer(text, question.lang, judging)
                view = TextView(text, answer)
                if answer != text:
                    details["judged"] = answer
                for gold in question.answers:
                    score, rule_name, _ = verdict(text, _alone(question, gold))
                    variants.append(
                        Variant(
                            TextView(gold, _normalized(gold, question.lang)),
                            {"score": score},
                            rule_name,
                            score == 1.0,
                        )
                    )
            else:
                variants = [
                    Variant(TextView(g, g), {}, "not compared", False) for g in question.answers
                ]
            yield Explanation(
                NAME,
                profile,
                question.id,
                question.lang,
                view,
                tuple(variants),
                item["rule"],
                {"score": item["score"]},
                _verdict_word(item["score"]) if text is not None else "unanswered",
                details,
            )

    def gold_entries(self, gold: list[Question]) -> Iterable[QuestionEntry]:
        return (
            QuestionEntry(
                q.id, q.line, q.answers + ("",) * q.empty, q.lang, question=q.question or ""
            )
            for q in gold
        )


def _signature_match(judging: Judging, options: Mapping[str, Any]) -> str:
    """The matcher's name in the signature."""
    return options.get("matcher") or _matcher_name(judging.matcher)


def _signature(
    profile: str, judging: Judging, options: Mapping[str, Any], gold: list[Question]
) -> str:
    """The text rule (``match:``, ``norm:``), whether the answer is
    extracted, and the word segmenter of every language whose words the
    matcher finds inside unspaced text."""
    name = _signature_match(judging, options)
    extra = {"match": name}
    if judging.extract:
        extra["extract"] = "final-answer"
    tokenizers = {}
    if name in _SEGMENTING:
        from ...matchers.containment import segmenter_signature

        for lang in sorted({q.lang for q in gold if q.lang is not None}):
            found = segmenter_signature(lang)
            if found is not None:
                tokenizers[lang] = found
    norm = "squad" if name in ("em", "f1") else "unicode"
    return make_signature(NAME, profile, norm=norm, tokenizers=tokenizers, extra=extra)


#: the named matchers that find a gold's words inside unspaced text
_SEGMENTING = frozenset(("containment", "lenient"))


def _matcher_name(matcher: Callable[..., float]) -> str:
    named = (name for name, known in MATCHERS.items() if known is matcher)
    return next(named, f"{matcher.__module__}:{getattr(matcher, '__qualname__', matcher)}")


def _verdict_word(score: float) -> str:
    return "correct" if score == 1.0 else ("partly correct" if score else "incorrect")


def _normalized(text: str, lang: str | None) -> str:
    from ...normalization import normalize

    return normalize(text, lang=lang)


def _alone(question: Question, gold: str) -> Question:
    return Question(question.id, question.line, (gold,), question.question, question.lang)


def _answer(text: str, lang: str | None, judging: Judging) -> str:
    if not judging.extract:
        return text
    from ...matchers.extraction import extract_answer

    return extract_answer(text, lang=lang).answer


def _verdict_function(
    judging: Judging,
) -> Callable[[str, Question], tuple[float, str, str | None]]:
    """``(prediction, question) -> (score, rule, matched gold)`` of ``judging``:
    the lenient judge's own rule where it judges, else match/no-match."""
    if judging.matcher is MATCHERS["lenient"]:
        from ...matchers.lenient import judge

        def lenient(text: str, question: Question) -> tuple[float, str, str | None]:
            found = judge(
                _answer(text, question.lang, judging),
                list(question.answers),
                lang=question.lang,
                question=question.question,
            )
            return found.score, found.rule, found.gold

        return lenient

    matcher = judging.matcher

    def plain(text: str, question: Question) -> tuple[float, str, str | None]:
        answer = _answer(text, question.lang, judging)
        best, matched = 0.0, None
        for gold in question.answers:
            score = matcher(answer, [gold], lang=question.lang, question=question.question)
            if score > best:
                best, matched = score, gold
                if best == 1.0:
                    break
        rule_name = "match" if best == 1.0 else ("partial" if best > 0 else "no-match")
        return best, rule_name, matched

    return plain


def _warn_ids(
    gold: list[Question],
    predictions: Predictions,
    gold_name: str,
    name: str,
    diag: Diagnostics,
) -> None:
    blank = [q.line for q in gold if q.empty]
    if blank:
        diag.warn(
            f"{len(blank)} question(s) list an empty alias (first on line {blank[0]}); it is "
            "ignored, the others are scored (check-gold lists them)",
            path=gold_name,
        )
    unanswered = sum(predictions.texts.get(q.id) is None for q in gold)
    if unanswered:
        diag.warn(
            f"{unanswered} of {len(gold)} question(s) have no prediction; they are judged "
            "incorrect",
            path=name,
        )
    if predictions.others:
        shown = ", ".join(map(repr, predictions.examples))
        shown += ", ..." if predictions.others > 3 else ""
        diag.warn(
            f"{predictions.others} prediction id(s) not in the gold ({shown}); ignored",
            path=name,
            extra=True,
        )
