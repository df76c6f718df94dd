"""Zalo AI Challenge 2019, Vietnamese Wiki Question Answering: paragraph selection F1.

Each test case is a question with a few Wikipedia paragraphs; a system
submits the (test case, paragraph) pairs whose paragraph answers the
question, and is scored by F1. No scorer or leaderboard figures were
published, and the task text does not say how F1 is averaged, so the rules
below are this module's (the spec in the project notes reads the task as F1
over pairs).

Files
    *Submission* (the layout of the official ``sample_submmision.csv``): a CSV
    with the header ``test_id,answer`` and one row per selected pair, e.g.
    ``test_0001,p2``; cases with no answer are simply absent.
    *Gold*, either a ``test.json`` whose paragraphs carry ``"label": true`` or
    ``false`` (as the labelled private-test copy does: a list of ``{"__id__",
    "question", "title", "paragraphs": [{"id", "text", "label"}]}``), or a CSV
    in the submission layout listing the correct pairs. The kind is told from
    the content (JSON starts with ``[``). UTF-8, ``.gz`` allowed, a BOM is
    accepted (and dropped). Loaded objects work too: gold as the parsed
    test.json list (:class:`ZaloCase` records) or ``{test_id: [correct
    paragraph ids]}``, submission as ``{test_id: [paragraph ids]}`` or a list
    of ``(test_id, paragraph_id)`` pairs.

Checks
    A test.json without labels (the public ``test.json``) is an error that
    says so; so is a label that is not a JSON boolean, a missing or duplicate
    ``__id__``/paragraph ``id``, or the flat training layout (one paragraph per
    item). A submission header other than ``test_id,answer``, a row without
    exactly two non-empty cells, a test id that is not in the gold and, when
    the gold is a test.json, a paragraph id that the test case does not have
    are errors naming the file and line. A repeated row is counted once, with
    a warning (an error with ``strict=True``). With a CSV gold the test cases
    are the ids it lists, so a case without any correct paragraph cannot be
    expressed: use a labelled test.json for that. An empty gold file, JSON
    nested too deeply to read and any other shape of loaded object are
    errors that say what was expected. ``score``, ``explain`` and
    ``check-gold`` read the files with the same readers.

Scores (percent)
    ``average="micro"`` (the default): true positives, submitted pairs and
    gold pairs are summed over all cases; precision = TP / submitted, recall
    = TP / gold, F1 = 2PR / (P + R). ``average="macro"``: the same three
    figures per test case, each averaged over every gold test case (F1 is the
    mean of the per-case F1s, not the F1 of the mean P and R). An empty
    denominator gives 1 when the submission and the gold are both empty
    (nothing to find, nothing claimed) and 0 otherwise: an empty submission
    has precision 0 against a non-empty gold, and a case without correct
    paragraphs scores 1 when nothing is submitted for it and 0 otherwise.
    F1 is 0 when P + R is 0. Items give the per-case figures whichever
    average is chosen (``score`` is the case's F1, a fraction).

>>> gold = [{"__id__": "test_1", "paragraphs": [
...             {"id": "p1", "label": True}, {"id": "p2", "label": False},
...             {"id": "p3", "label": True}]},
...         {"__id__": "test_2", "paragraphs": [
...             {"id": "p1", "label": False}, {"id": "p2", "label": False}]}]
>>> sub = [("test_1", "p1"), ("test_1", "p2"), ("test_2", "p2")]
>>> task = Zalo2019()
>>> task.evaluate(gold, sub).scores  # TP 1 of 3 and 2
{'f1': 40.0, 'precision': 33.33..., 'recall': 50.0}
>>> r = task.evaluate(gold, sub, average="macro")
>>> r.scores  # test_1: P 1/2, R 1/2, F1 1/2; test_2: 0, 0, 0
{'f1': 25.0, 'precision': 25.0, 'recall': 25.0}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from ...checks import Entry, GoldChecks, check_ids, check_no_positive
from ...diagnostics import Diagnostics
from ...errors import InputError
from ...explanation import Explanation, TextView, Variant, verdict
from ...items import ItemColumns
from ...profiles import Settings, choice
from ...sources import source_name
from ..base import (
    COUNT,
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
from .reading import (
    Case,
    Cases,
    Picks,
    Submission,
    ZaloCase,
    ZaloParagraph,
    read_gold,
    read_picks,
    read_submission,
)
from .reading import shown as _shown

__all__ = [
    "PROFILES",
    "Case",
    "Cases",
    "Picks",
    "Profile",
    "Submission",
    "Zalo2019",
    "ZaloCase",
    "ZaloParagraph",
    "prf",
    "read_gold",
    "read_submission",
]

NAME = "zalo2019"


# --- scoring -----------------------------------------------------------------


def prf(true_positives: int, submitted: int, gold: int) -> tuple[float, float, float]:
    """Precision, recall and F1 (fractions); an empty denominator gives 1 when
    both sides are empty and 0 otherwise.

    >>> prf(1, 2, 4)
    (0.5, 0.25, 0.3333333333333333)
    >>> prf(0, 0, 3), prf(0, 0, 0)
    ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0))
    """
    both_empty = float(submitted == 0 and gold == 0)
    precision = true_positives / submitted if submitted else both_empty
    recall = true_positives / gold if gold else both_empty
    total = precision + recall
    return precision, recall, (2 * precision * recall / total if total else 0.0)


@dataclass(frozen=True)
class Profile(Settings):
    """What decides the numbers besides the options; a new profile is a new
    instance. ``average``: the default of the ``average`` option."""

    average: str = choice("micro", "macro")


#: ``fair`` is an alias of ``official``: the task selects paragraphs by id,
#: with no text to normalize or tokenize, and micro F1 over the selected
#: pairs has no quirk to correct. Only the profile name in the signature differs.
PROFILES: dict[str, Profile] = {
    "official": Profile("official", average="micro"),
    "fair": Profile("fair", average="micro"),
}

#: The averages the ``average`` option names.
AVERAGES = Profile.choices("average")


def _average(settings: Profile, value: Any) -> str:
    average = settings.average if value is None else value
    if not isinstance(average, str) or average not in AVERAGES:
        raise InputError(
            f"option average must be one of {', '.join(AVERAGES)}, not {_shown(average)}"
        )
    return average


def _item(case: Case, predicted: list[str]) -> dict[str, Any]:
    tp = len(set(predicted) & set(case.gold))
    precision, recall, f1 = prf(tp, len(predicted), len(case.gold))
    return {
        "id": case.id,
        "score": f1,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "true_positives": tp,
        "predicted": predicted,
        "gold": list(case.gold),
    }


@dataclass(frozen=True)
class ZaloGold:
    """The gold test cases, in order, and the name of their source."""

    name: str
    cases: Cases


def _item_at(cases: Cases, picks: Picks, k: int) -> dict[str, Any]:
    return _item(cases[k], picks.of(k))


def _scored(inputs: Inputs) -> Iterator[tuple[Case, dict[str, Any]]]:
    """Every gold test case with its item, in gold order."""
    cases: Cases = inputs.gold.cases
    picks: Picks = inputs.predictions
    for k, case in enumerate(cases):
        yield case, _item(case, picks.of(k))


def _totals(cases: Cases, picks: Picks, average: str) -> Totals:
    """The aggregation's totals (what :meth:`Aggregation.totals` sums from
    the items, in the same order), counted without making an item."""
    sums = [0.0, 0.0, 0.0]
    for k in range(len(cases)):
        predicted = picks.of(k)
        gold = cases.correct(k)
        tp = len(set(predicted).intersection(gold))
        if average == "macro":
            stats: Stats = prf(tp, len(predicted), len(gold))
        else:
            stats = (tp, len(predicted), len(gold))
        sums[0] += stats[0]
        sums[1] += stats[1]
        sums[2] += stats[2]
    return {None: (len(cases), tuple(sums))} if len(cases) else {}


def _micro_statistics(item: Any) -> Stats:
    return (item["true_positives"], len(item["predicted"]), len(item["gold"]))


def _macro_statistics(item: Any) -> Stats:
    return (item["precision"], item["recall"], item["f1"])


def _micro(totals: Totals, rows: list[Stats] | None) -> Summary:
    """Micro F1: true positives, submitted and gold pairs pooled over the cases."""
    _, (tp, submitted, gold) = totals.get(None, (0, (0.0, 0.0, 0.0)))
    precision, recall, f1 = prf(round(tp), round(submitted), round(gold))
    return Summary({"f1": 100.0 * f1, "precision": 100.0 * precision, "recall": 100.0 * recall})


def _macro(totals: Totals, rows: list[Stats] | None) -> Summary:
    """Macro: each figure averaged over the test cases."""
    n, (precision, recall, f1) = totals.get(None, (0, (0.0, 0.0, 0.0)))
    if not n:
        return Summary({"f1": 0.0, "precision": 0.0, "recall": 0.0})
    means = {"f1": f1 / n, "precision": precision / n, "recall": recall / n}
    return Summary({key: 100.0 * value for key, value in means.items()})


class Zalo2019(Task, Explains, ChecksGold, TakesRows):
    """Zalo AI 2019 Wiki QA (see :mod:`answermatch.tasks.zalo2019`)."""

    name = NAME
    plain_answers = (
        "it classifies (question, paragraph) pairs as answering or not; its gold is labelled "
        "paragraphs, not answer texts: score its files with answermatch.evaluate"
    )
    summary = "Zalo AI 2019 Vietnamese Wiki QA: F1 of selected (test case, paragraph) pairs"
    primary = "f1"
    profiles = PROFILES
    languages = ("vi",)
    options: ClassVar[Mapping[str, str]] = {
        "average": "micro (default: F1 over all pairs) or macro (mean over test cases)"
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": "a path to a labelled test.json or a CSV of the correct test_id,answer pairs "
        '(plain or .gz), the parsed test.json: a list of {"__id__": str, "paragraphs": '
        '[{"id": str, "label": bool}, ...]}, or a mapping {test_id: [correct paragraph ids]}',
        "predictions": "a path to a test_id,answer CSV (plain or .gz), a mapping {test_id: "
        "[paragraph ids]}, or a list of (test_id, paragraph_id) pairs",
    }
    gold_checks = GoldChecks(
        (check_ids, check_no_positive),
        id_problem=lambda value: (
            None if isinstance(value, str) and value else "missing or empty __id__"
        ),
        no_positive_severity="info",
    )

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> ZaloGold:
        _average(PROFILES["official"], options.get("average"))
        return ZaloGold(source_name(source), read_gold(source, diag))

    def read_predictions(
        self, source: Any, gold: ZaloGold, diag: Diagnostics, **options: Any
    ) -> Picks:
        return read_picks(source, gold.cases, diag)

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
        """Test cases of test.json (``{"__id__", "paragraphs": [{"id",
        "label"}, ...]}``; ``key`` stands for ``__id__`` when that is absent)
        whose ``prediction`` is the list of selected paragraph ids, as the
        cases and the submission ``{test_id: [paragraph ids]}`` (``None``:
        nothing selected).

        >>> gold, sub = Zalo2019().split_rows([{"__id__": "test_1", "paragraphs": [
        ...     {"id": "p1", "label": True}], "prediction": ["p1"]}])
        >>> sub
        {'test_1': ['p1']}
        """
        gold = [
            {
                **({"__id__": row[key]} if "__id__" not in row and key in row else {}),
                **{k: v for k, v in row.items() if k != prediction},
            }
            for row in rows
        ]
        submission = {
            case.get("__id__"): list(row[prediction])
            for case, row in zip(gold, rows, strict=True)
            if row.get(prediction) is not None
        }
        return gold, submission

    def score(self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any) -> Scored:
        average = _average(settings, options.get("average"))
        cases, picks = inputs.gold.cases, inputs.predictions
        items = ItemColumns({"case": range(len(cases))}, partial(_item_at, cases, picks))
        signature = make_signature(NAME, settings.name, extra={"average": average})
        return Scored(items, signature, _totals(cases, picks, average))

    def option_fields(self, settings: Profile, **options: Any) -> dict[str, str | None]:
        """``average``: micro or macro."""
        return {"average": _average(self.settings(settings), options.get("average"))}

    def aggregation(self, settings: Profile, **options: Any) -> Aggregation:
        """``micro``: F1 of the pooled pair counts; ``macro``: the mean of
        each test case's precision, recall and F1."""
        if _average(settings, options.get("average")) == "macro":
            return Aggregation(
                statistics=_macro_statistics, combine=_macro, primary="f1", ranges=(FRACTION,) * 3
            )
        return Aggregation(
            statistics=_micro_statistics, combine=_micro, primary="f1", ranges=(COUNT,) * 3
        )

    def explain(
        self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        """Per test case: its paragraphs, which are correct and which were
        submitted, and the case's precision, recall and F1."""
        _average(settings, options.get("average"))
        for case, item in _scored(inputs):
            predicted = item["predicted"]
            paragraphs = case.paragraphs if case.paragraphs is not None else case.gold
            unknown = [pid for pid in predicted if pid not in paragraphs]
            yield Explanation(
                NAME,
                settings.name,
                case.id,
                "vi",
                TextView(",".join(predicted), ",".join(predicted), tuple(predicted)),
                tuple(
                    Variant(
                        TextView(pid, pid),
                        {},
                        "correct paragraph" if pid in case.gold else "incorrect paragraph",
                        pid in case.gold and pid in predicted,
                        {"submitted": pid in predicted},
                    )
                    for pid in (*paragraphs, *unknown)
                ),
                "precision, recall and F1 of the submitted paragraphs of this case",
                {k: item[k] for k in ("score", "precision", "recall", "f1", "true_positives")},
                verdict(item["f1"]),
            )

    def gold_entries(self, gold: ZaloGold) -> Iterable[Entry]:
        for case in gold.cases:
            if case.paragraphs is None:  # a CSV gold lists the correct pairs only
                yield Entry(case.id, case.line, case.gold, "vi", "1" * len(case.gold))
            else:
                labels = "".join("1" if pid in case.gold else "0" for pid in case.paragraphs)
                yield Entry(case.id, case.line, case.paragraphs, "vi", labels)
