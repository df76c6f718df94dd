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

from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...checks import ANSWER_CHECKS, GoldChecks, QuestionEntry, check_repeated_question
from ...columns import Rows
from ...diagnostics import Diagnostics
from ...errors import UnknownOptionError
from ...explanation import Explanation, TextView, Variant
from ...items import ItemColumns
from ...languages import canonical_language
from ...matchers.named import get_matcher
from ...profiles import Settings, choice, rule
from ..base import Aggregation, Inputs, Scored, Stats, Summary, Task, Totals, make_signature
from ..parts import ChecksGold, Explains, TakesRows
from .reading import Gold, Predictions, read_gold, read_predictions

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
        normal_parts=lambda text, lang: _normalized_parts(text, lang),
    )

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> Gold:
        return read_gold(source, diag, lang=options.get("lang"))

    def read_predictions(
        self, source: Any, gold: Gold, diag: Diagnostics, **options: Any
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
        gold: Gold = inputs.gold
        predictions: Predictions = inputs.predictions
        _warn_ids(gold, predictions, inputs.gold_name, inputs.pred_name, diag)
        verdict = _verdict_function(judging)
        texts = predictions.texts
        scores: list[float] = []
        rules: list[str] = []
        matched = _Matched(gold)
        langs = gold.column("lang")
        asked = gold.column("question")
        questions = zip(texts, gold.column("answers"), langs, asked, strict=True)
        for text, answers, lang, question in questions:  # the columns: no Question built
            score, rule_name, found = (
                (0.0, "unanswered", None)
                if text is None
                else verdict(text, answers, lang, question)
            )
            scores.append(score)
            rules.append(rule_name)
            matched.append(found, answers)
        columns = {  # the items by columns (see _item), not a dict each
            "id": gold.ids,
            "lang": langs,
            "score": scores,
            "rule": rules,
            "matched": matched,
            "prediction": texts,
            "gold": gold.column("answers"),
        }
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
                    score, rule_name, _ = verdict(text, (gold,), question.lang, question.question)
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

    def gold_entries(self, gold: Gold) -> Iterable[QuestionEntry]:
        return (
            QuestionEntry(
                q.id, q.line, q.answers + ("",) * q.empty, q.lang, question=q.question or ""
            )
            for q in gold
        )


def _signature_match(judging: Judging, options: Mapping[str, Any]) -> str:
    """The matcher's name in the signature."""
    return options.get("matcher") or _matcher_name(judging.matcher)


def _signature(profile: str, judging: Judging, options: Mapping[str, Any], gold: Gold) -> str:
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

        for lang in sorted(gold.languages()):
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


def _normalized_parts(text: str, lang: str | None) -> Iterable[str]:
    """:func:`_normalized` in parts (those of
    :func:`~answermatch.checks.preset_parts`: a long gold answer's normal
    form is read a piece at a time)."""
    from ...checks import preset_parts

    return preset_parts("unicode")(text, lang)


def _answer(text: str, lang: str | None, judging: Judging) -> str:
    if not judging.extract:
        return text
    from ...matchers.extraction import extract_answer

    return extract_answer(text, lang=lang).answer


#: ``(prediction, answers, lang, question) -> (score, rule, matched gold)``
Verdict = Callable[
    [str, tuple[str, ...], "str | None", "str | None"], tuple[float, str, "str | None"]
]


def _verdict_function(judging: Judging) -> Verdict:
    """The :data:`Verdict` of ``judging`` on one question's prediction,
    answers, language and question text: the lenient judge's own rule where
    it judges, else match/no-match."""
    if judging.matcher is MATCHERS["lenient"]:
        from ...matchers.lenient import judge

        def lenient(
            text: str, answers: tuple[str, ...], lang: str | None, question: str | None
        ) -> tuple[float, str, str | None]:
            found = judge(_answer(text, lang, judging), list(answers), lang=lang, question=question)
            return found.score, found.rule, found.gold

        return lenient

    matcher = judging.matcher

    def plain(
        text: str, answers: tuple[str, ...], lang: str | None, question: str | None
    ) -> tuple[float, str, str | None]:
        answer = _answer(text, lang, judging)
        best, matched = 0.0, None
        for gold in answers:
            score = matcher(answer, [gold], lang=lang, question=question)
            if score > best:
                best, matched = score, gold
                if best == 1.0:
                    break
        rule_name = "match" if best == 1.0 else ("partial" if best > 0 else "no-match")
        return best, rule_name, matched

    return plain


def _warn_ids(
    gold: Gold,
    predictions: Predictions,
    gold_name: str,
    name: str,
    diag: Diagnostics,
) -> None:
    if gold.empty:
        diag.warn(
            f"{len(gold.empty)} question(s) list an empty alias (first on line "
            f"{gold.lines[min(gold.empty)]}); it is ignored, the others are scored "
            "(check-gold lists them)",
            path=gold_name,
        )
    unanswered = predictions.texts.unanswered()
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


class _Matched(Rows["str | None"]):
    """The gold answer each item matched (``None``: none), kept as its place
    among the question's answers (2 bytes an item, where a list held a
    string); a gold the judge gives that is not one of them, as itself."""

    __slots__ = ("_gold", "_other", "_places")

    def __init__(self, gold: Gold) -> None:
        self._gold = gold
        self._places = array("h")
        self._other: dict[int, str] = {}

    def append(self, found: str | None, answers: tuple[str, ...]) -> None:
        """Add the next item's matched gold, one of ``answers`` or another."""
        place = _NO_MATCH
        if found is not None:
            try:
                place = answers.index(found)
            except ValueError:
                place = _OTHER
            if place > _MOST_PLACES:
                place = _OTHER
            if place == _OTHER:
                self._other[len(self._places)] = found
        self._places.append(place)

    def __len__(self) -> int:
        return len(self._places)

    def __iter__(self) -> Iterator[str | None]:
        return map(self._read, range(len(self._places)), self._places)

    def row(self, k: int) -> str | None:
        return self._read(k, self._places[k])

    def _read(self, k: int, place: int) -> str | None:
        if place == _NO_MATCH:
            return None
        return self._other[k] if place == _OTHER else self._gold.answer(k, place)


#: the places :class:`_Matched` keeps for no match and a gold not among the answers,
#: and the number of answers it can give places to
_NO_MATCH, _OTHER, _MOST_PLACES = -1, -2, 0x7FFF
