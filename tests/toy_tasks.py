"""Tasks defined by the tests, registered at run time (no entry point)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from answermatch import InputError
from answermatch.checks import ANSWER_CHECKS, Entry, GoldChecks
from answermatch.diagnostics import Diagnostics
from answermatch.normalization import Preset
from answermatch.signature import make_signature
from answermatch.tasks.base import Aggregation, Inputs, Scored, Summary, Task, Totals
from answermatch.tasks.parts import ChecksGold, Explains, TakesRows
from answermatch.tokenizers.base import Tokenizer


@dataclass(frozen=True)
class Rules:
    name: str
    casefold: bool


class Capitals(Task, Explains, ChecksGold, TakesRows):
    """Capitals by language; score = mean over languages of the language means."""

    name = "test-capitals"
    summary = "capital cities, exact match, mean of language means"
    primary = "em"
    profiles: ClassVar[dict[str, Rules]] = {
        "official": Rules("official", casefold=False),
        "fair": Rules("fair", casefold=True),
    }
    options: ClassVar[dict[str, str]] = {"penalty": "subtracted from every item's score"}
    shapes: ClassVar[dict[str, str]] = {
        "gold": "[(id, lang, [answers])]",
        "predictions": "{id: str}",
    }
    gold_checks = GoldChecks(ANSWER_CHECKS)

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> list[tuple]:
        if not isinstance(source, list):
            raise InputError("expected a list of (id, lang, answers)", path="<object>")
        for k, row in enumerate(source, start=1):
            if len(row) != 3:
                raise InputError("expected (id, lang, answers)", path="<object>", line=k)
            if not row[2]:
                diag.warn(f"question {row[0]} has no answer", line=k)
        return source

    def read_predictions(self, source: Any, gold: Any, diag: Diagnostics, **options: Any):
        return dict(source)

    def score(self, inputs: Inputs, settings: Rules, diag: Diagnostics, **options: Any) -> Scored:
        penalty = float(options.get("penalty", 0.0))
        items = []
        for qid, lang, answers in inputs.gold:
            prediction = inputs.predictions.get(qid, "")
            if settings.casefold:
                prediction, answers = prediction.casefold(), [a.casefold() for a in answers]
            hit = 1.0 if prediction in answers else 0.0
            items.append(
                {
                    "id": qid,
                    "lang": lang,
                    "score": max(0.0, hit - penalty),
                    "gold": list(answers),
                    "prediction": prediction,
                }
            )
        return Scored(items, make_signature(self.name, settings.name))

    def aggregation(self, settings: Rules, **options: Any) -> Aggregation:
        def combine(totals: Totals, rows: object) -> Summary:
            means = {lang: 100 * sums[0] / count for lang, (count, sums) in totals.items()}
            per_language = {lang: {"em": m, "count": totals[lang][0]} for lang, m in means.items()}
            return Summary({"em": sum(means.values()) / len(means)}, per_language)

        return Aggregation(lambda i: (i["score"],), combine, "em", group=lambda i: i["lang"])

    def one_variant(self, item: dict, variant: str) -> Inputs:
        return Inputs([(item["id"], item["lang"], [variant])], {item["id"]: item["prediction"]})

    def gold_entries(self, gold: list[tuple]) -> Iterator[Entry]:
        for k, (qid, lang, answers) in enumerate(gold, start=1):
            yield Entry(qid, k, tuple(answers), lang)


GOLD = [
    ("1", "fr", ["Paris"]),
    ("2", "fr", ["Lyon", "Lyon"]),
    ("3", "pl", ["Warszawa", "Warsaw"]),
]


class PigTokenizer(Tokenizer):
    """A tokenizer of a made-up language, added as a plugin would add it."""

    lang = "x-pig"
    modes = ("word",)

    def _tokenize(self, text: str, mode: str) -> list[str]:
        return [word[1:] + word[0] + "ay" for word in text.split() if word]

    def signature(self) -> str:
        return "pig-latin(1)"


def _shout_steps(lang: str | None) -> tuple[Any, ...]:
    return (str.upper,)


#: a normalization preset added as a plugin would add it
SHOUT = Preset("test-shout", "upper case only", _shout_steps)
