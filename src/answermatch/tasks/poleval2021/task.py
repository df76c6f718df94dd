"""The PolEval 2021 QA task on the task contract (:class:`PolEval2021`).

>>> from answermatch.diagnostics import Diagnostics
>>> task = PolEval2021()
>>> r = task.evaluate([["Stanów Zjednoczonych", "USA"], "4"], ["usa", "cztery"])
>>> r.scores, [i["matched_variant"] for i in r.items]
({'accuracy': 50.0}, [1, None])
"""

from __future__ import annotations

import unicodedata
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from ...checks import Entry
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...explanation import Explanation
from ...items import ItemColumns, TextParts
from ...progress import progress
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
from .explain import explain_lines
from .fuzzy import FuzzyAccuracy, Verdict
from .goldchecks import GOLD_CHECKS
from .profiles import PROFILES
from .reading import PolEvalGold, read_gold, read_predictions

__all__ = ["PolEval2021", "accuracy"]

NAME = "poleval2021"


def _statistics(item: dict[str, Any]) -> Stats:
    return (item["score"],)


def _combine(totals: Totals, rows: list[Stats] | None) -> Summary:
    count, (hits,) = totals.get(None, (0, (0.0,)))
    return Summary({"accuracy": hits / count * 100 if count else 0.0})


def accuracy() -> Aggregation:
    """GEval's accuracy: the share of lines that match, in percent (pooled
    over all lines; 0 for no line).

    >>> accuracy().summarize([{"score": 1.0}, {"score": 0.0}, {"score": 1.0}]).scores
    {'accuracy': 66.66666666666666}
    """
    return Aggregation(
        statistics=_statistics, combine=_combine, primary="accuracy", ranges=(FRACTION,)
    )


class PolEval2021(Task, Explains, ChecksGold, TakesRows):
    """PolEval 2021 Task 4 (Polish QA): GEval's fuzzy accuracy; see
    :mod:`answermatch.tasks.poleval2021`."""

    name = NAME
    summary = (
        "PolEval 2021 QA (Polish): GEval accuracy with number, lowercase and "
        "fuzzy matching (LenientHarden/ExtractNumber/Lower/Fuzzy)"
    )
    primary = "accuracy"
    profiles = PROFILES
    languages = ("pl",)
    options: ClassVar[Mapping[str, str]] = {}
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": 'a list with one entry per question: the line "4\\tcztery" (variants '
        'separated by TABs) or the list of variants ["4", "cztery"]',
        "predictions": "a list of strings, one answer per gold line, in the same order",
    }
    item_order = "gold"
    gold_checks = GOLD_CHECKS

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> PolEvalGold:
        return read_gold(source, diag)

    def read_predictions(
        self, source: Any, gold: PolEvalGold, diag: Diagnostics, **options: Any
    ) -> Sequence[str]:
        return read_predictions(source, gold, diag)

    def score(
        self, inputs: Inputs, settings: FuzzyAccuracy, diag: Diagnostics, **options: Any
    ) -> Scored:
        gold: PolEvalGold = inputs.gold
        answers = inputs.predictions
        verdicts = settings.judge_lines(answers, gold.lines)
        shown = progress(verdicts, total=len(answers), desc=NAME, enabled=diag.progress)
        items = _items(settings, answers, gold.variants, shown)
        signature = make_signature(
            NAME,
            self.profile_name(settings),
            extra={"match": settings.scheme, "unicode": unicodedata.unidata_version},
        )
        return Scored(items, signature, _totals(items))

    def aggregation(self, settings: Any, **options: Any) -> Aggregation:
        return accuracy()

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[list[Any], list[str]]:
        """Rows ``{"answers": variants, prediction: answer}`` (the variants a
        list or one TAB-separated line; other fields ignored) as the aligned
        gold and answer lists; a ``None`` prediction is an empty line.

        >>> PolEval2021().split_rows([{"id": 7, "answers": ["4", "cztery"], "prediction": "4"},
        ...                           {"id": 8, "answers": "tak", "prediction": None}])
        ([['4', 'cztery'], 'tak'], ['4', ''])
        """
        missing = next((k for k, row in enumerate(rows, start=1) if "answers" not in row), None)
        if missing is not None:
            raise InputError(
                'expected rows {"answers": [variants], "prediction": answer}',
                path="<rows>",
                line=missing,
            )
        gold = [row["answers"] for row in rows]
        answers = [row.get(prediction) or "" for row in rows]
        return gold, answers

    def explain(
        self, inputs: Inputs, settings: FuzzyAccuracy, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        return explain_lines(inputs, settings, self.profile_name(settings))

    def gold_entries(self, gold: PolEvalGold) -> Iterable[Entry]:
        return (
            Entry(number, number, tuple(variants), "pl")
            for number, variants in enumerate(gold.variants, start=1)
        )


#: the rules of a verdict, by their code in the items' ``outcome`` column
_RULES = ("fuzzy", "number", "empty")
_RULE_CODES = {rule: code for code, rule in enumerate(_RULES)}


def _items(
    settings: FuzzyAccuracy,
    answers: Sequence[str],
    variants: Sequence[list[str]],
    verdicts: Iterable[Verdict],
) -> ItemColumns:
    """The items, held by columns: the answers and the gold's variants
    (which the run has anyway) and of each verdict only what cannot be
    told again cheaply, in arrays (13 bytes an item): whether it matched
    and by which rule, the variant and the distance. Each item dict is
    made when it is read (:class:`~answermatch.items.ItemColumns`),
    numbered from 1; the similarity, the largest distance accepted and the
    numbers of the number rule are derived again from the variant, the
    answer and the distance, as :class:`FuzzyAccuracy` computed them."""
    outcome, chosen, distance = array("b"), array("I"), array("q")
    codes = _RULE_CODES
    for verdict in verdicts:
        outcome.append(codes[verdict.rule] << 1 | verdict.matched)
        chosen.append(verdict.variant)
        distance.append(-1 if verdict.distance is None else verdict.distance)
    columns = {
        "id": range(1, len(outcome) + 1),
        "prediction": answers,
        "gold": variants,
        "outcome": outcome,
        "variant": chosen,
        "distance": distance,
    }
    # (a long answer is written out by its parts: _item puts it in the item as it is)
    return ItemColumns(columns, partial(_item, settings), parts=("prediction",))


def _totals(items: ItemColumns) -> Totals:
    """The aggregation's totals, counted from the ``outcome`` column (its
    low bit: matched), so that no item dict is made to score a run."""
    outcome = items.columns["outcome"]
    if not outcome:
        return {}
    return {None: (len(outcome), (float(sum(code & 1 for code in outcome)),))}


def _item(
    settings: FuzzyAccuracy,
    number: int,
    answer: str | TextParts,
    variants: list[str],
    outcome: int,
    variant: int,
    distance: int,
) -> dict[str, Any]:
    matched = bool(outcome & 1)
    rule = _RULES[outcome >> 1]
    max_distance = gold_n = answer_n = None
    similarity = 0.0  # an empty variant; a fuzzy one whose distance was not needed
    if rule == "fuzzy":  # as FuzzyAccuracy.prepare and _judge compute them
        length = len(variants[variant])
        max_distance = length * (1.0 - settings.threshold)
        if distance >= 0:
            similarity = max(1.0 - distance / length, 0.0)
    elif rule == "number":
        assert settings.number is not None  # the rule ran
        gold_n, answer_n = settings.number(variants[variant]), settings.answer_number(answer)
        similarity = 1.0 if answer_n == gold_n else 0.0
    return {
        "id": number,
        "score": 1.0 if matched else 0.0,
        "prediction": answer,
        "gold": variants,
        "matched_variant": variant if matched else None,
        "best_variant": variant,
        "rule": rule,
        "similarity": similarity,
        "distance": None if distance < 0 else distance,
        "max_distance": max_distance,
        "gold_number": gold_n,
        "answer_number": answer_n,
    }
