"""Per-question EM and F1 for SQuAD-format gold, and the checks of the
predictions against the gold that the official scripts imply.

>>> from answermatch.diagnostics import Diagnostics
>>> from answermatch.tasks.squad.reading import read_gold, read_predictions
>>> from answermatch.tasks.squad.rules import SpanRules
>>> gold = read_gold([{"id": "q1", "answers": {"text": ["the Beatles", "Beatles"],
...                                             "answer_start": [0, 4]}}], Diagnostics())
>>> preds = read_predictions({"q1": "Beatles!"}, Diagnostics())
>>> items, totals = score_v1(gold, preds.texts, SpanRules("official"), "en")
>>> [(i["em"], i["f1"]) for i in items], totals
([(1.0, 1.0)], {None: (1, (1.0, 1.0))})
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import reduce
from itertools import count, filterfalse
from operator import add, itemgetter
from typing import Any

from ...diagnostics import Diagnostics
from ...errors import InputError, format_examples
from ...formats.squad import dropped
from ...items import ItemColumns, Items
from ...matchers.answers import overlap_f1
from ..base import Totals
from .reading import Predictions, SpanGold

__all__ = [
    "check_numbers",
    "pair_figures",
    "pair_scorer",
    "report_coverage",
    "score_v1",
]


Key = tuple[Any, tuple[Any, ...]]
Figures = tuple[float, float]

#: the figures of a question without a prediction
UNANSWERED: Figures = (0.0, 0.0)


def pair_figures(
    compute: Callable[[Any, tuple[Any, ...]], Figures], keys: Iterable[Key]
) -> list[Figures]:
    """``compute(prediction, answers)`` (two floats) of each key, in order,
    each distinct key computed once and looked up by the position where it
    first comes (a tuple's hash is not cached: a second lookup by key would
    hash it again); a key whose prediction is ``None`` is ``(0.0, 0.0)``
    (what the SQuAD family needs when many questions share a prediction and
    its answers: replicated or pooled files, common short answers). The
    keys may be made as they are read (a ``zip``): the distinct ones are kept.

    >>> pair_figures(lambda p, a: (float(p in a), 0.5), [("x", ("x",)), (None, ("y",))])
    [(1.0, 0.5), (0.0, 0.0)]
    """
    first: dict[Key, int] = {}  # each distinct key -> where it first comes
    firsts = list(map(first.setdefault, keys, count()))  # per key, hashing each once
    by_first: list[Figures] = [UNANSWERED] * len(firsts)
    for key, position in first.items():
        if key[0] is not None:
            by_first[position] = compute(*key)
    return list(map(by_first.__getitem__, firsts))


def pair_scorer(
    analyse: Callable[[str], tuple[Hashable, Sequence[str]]],
    empty_f1: float = 0.0,
    *,
    drop_empty: bool = False,
    f1: Callable[[Sequence[str], Sequence[str]], float] | None = None,
) -> Callable[[str, tuple[Any, ...]], tuple[float, float]]:
    """``(prediction, answers) -> (em, f1)``, the figures of every task of
    the SQuAD family, each the maximum over the answers: EM 1 when the
    prediction's key equals an answer's; F1 the token overlap
    (:func:`~answermatch.matchers.answers.overlap_f1`, SQuAD's arithmetic)
    of their units, or ``f1(answer units, prediction units)`` where the
    task has its own; a prediction without units scores ``empty_f1``
    against an answer without units. ``analyse(text)`` gives ``(key,
    units)``, once per distinct text.
    ``drop_empty``: SQuAD v2.0's rule, answers without units are dropped
    and a question left without any has the single answer ``""``.

    >>> from answermatch.tasks.squad.rules import SpanRules
    >>> score = pair_scorer(SpanRules("official").analyzer("en"))
    >>> score("the Denver Broncos", ("Denver Broncos", "Broncos")), score("", ("x",))
    ((1.0, 1.0), (0.0, 0.0))
    >>> score("Broncos Broncos win", ("Denver Broncos",))  # shared: one "broncos"
    (0.0, 0.4)
    """
    known: dict[str, tuple[Hashable, Sequence[str]]] = {}
    get = known.get
    pair_f1 = overlap_f1 if f1 is None else f1

    def analysed(text: str) -> tuple[Hashable, Sequence[str]]:
        found = get(text)
        if found is None:
            found = known[text] = analyse(text)
        return found

    def score(prediction: str, answers: tuple[Any, ...]) -> tuple[float, float]:
        found = get(prediction)
        if found is None:  # most predictions are distinct: analysed here, one call fewer
            found = known[prediction] = analyse(prediction)
        key, units = found
        if len(answers) == 1 and not drop_empty:  # most questions: the fewest steps
            gold_key, gold_units = get(answers[0]) or analysed(answers[0])
            em = 1.0 if gold_key == key else 0.0
            if units or f1 is not None:
                return em, pair_f1(gold_units, units)
            return em, (0.0 if gold_units else empty_f1)
        golds = [get(answer) or analysed(answer) for answer in answers]
        if drop_empty:
            golds = [gold for gold in golds if gold[1]] or [analysed("")]
        em = 1.0 if any([gold[0] == key for gold in golds]) else 0.0
        if units or f1 is not None:
            return em, max([pair_f1(gold[1], units) for gold in golds])
        return em, (empty_f1 if not all([gold[1] for gold in golds]) else 0.0)

    return score


def check_numbers(gold: SpanGold, scored: Callable[[int], bool] = lambda k: True) -> None:
    """An error for gold answer texts stored as JSON numbers in scored
    questions: the official scripts stop there (``.lower()`` of a number)."""
    bad = [k for k in gold.number_answers if scored(k)]
    if bad:
        first = gold.questions[bad[0]]
        raise InputError(
            f"{len(bad)} question(s) have an answer text stored as a number (e.g. "
            f"{first.id!r}: {next(a for a in first.answers if not isinstance(a, str))!r}); "
            "the official script stops there (it calls .lower() on the text). Store the "
            "answers as strings; answermatch check-gold lists them",
            path=gold.name,
            line=gold.line(bad[0]),
        )


def report_coverage(
    gold: SpanGold,
    preds: Predictions,
    diag: Diagnostics,
    *,
    missing_is_error: bool,
    ids: set[str] | None = None,
) -> None:
    """Warn (or fail) about gold ids without a prediction and predictions
    whose id is not in the gold (``ids``: the gold's ids as a set, if made)."""
    if ids is None:
        ids = set(gold.ids)
    preds.refuse_others(ids)
    texts = preds.texts
    missing = (
        []
        if ids <= texts.keys()
        else list(dict.fromkeys(filterfalse(texts.__contains__, gold.ids)))
    )
    if missing:
        shown = format_examples(map(repr, missing))
        if missing_is_error:
            raise InputError(
                f"{len(missing)} question(s) have no prediction: {shown}; the official "
                "SQuAD v2.0 script stops on a missing prediction (KeyError), so every "
                "question needs one (an empty string predicts no answer)",
                path=preds.name,
            )
        diag.warn(
            f"{len(missing)} question(s) have no prediction and score 0, as in the official "
            f"script: {shown}",
            path=preds.name,
        )
    extra = [] if len(texts) == len(ids) - len(missing) else [k for k in texts if k not in ids]
    extra += [k for k in preds.others if k not in ids]
    others, other_ids = dropped(texts)
    count = len(extra) + others
    if count:
        shown = [*other_ids, *extra[:3]]
        diag.warn(
            f"{count} prediction(s) have ids that are not in the gold and are ignored, "
            f"as in the official script: {format_examples(map(repr, shown), total=count)}",
            path=preds.name,
            line=preds.lines.get(extra[0]) if extra else None,
            extra=True,
        )


def _refuse_no_answer(gold: SpanGold, keys: list[tuple[str | None, tuple[Any, ...]]]) -> None:
    """The error for the first answered question without a gold answer."""
    for k, (prediction, answers) in enumerate(keys):
        if prediction is not None and not answers:
            question = gold.questions[k]
            raise InputError(
                f"question {question.id!r} has no gold answer; the official v1.1 script "
                "stops on it (max() of an empty list). Score SQuAD v2.0 data with "
                "squad-v2",
                path=gold.name,
                line=gold.line(question.row),
            )


def score_v1(
    gold: SpanGold, texts: Mapping[Any, Any], rules: Any, lang: str, label: str | None = None
) -> tuple[Items, Totals]:
    """One item per gold question, in gold order (SQuAD v1.1, MLQA,
    KorQuAD): ``em`` and ``f1`` each the max over the gold answers under
    ``rules`` (:meth:`analyzer` and ``empty_f1``), 0 when unanswered
    (``texts``: the predicted texts by id). ``label``: the language put in
    each item (``None``: none). Also the totals ``{label: (count, (em sum,
    f1 sum))}``, summed in gold order as the official scripts add (what
    :class:`~answermatch.tasks.base.Scored` takes). The items are held by
    columns (:class:`~answermatch.items.ItemColumns`)."""
    check_numbers(gold, lambda k: gold.questions[k].id in texts)
    # column by column, so that the per-question work runs in C
    predictions = list(map(texts.get, gold.ids))
    if not all(gold.answers):
        _refuse_no_answer(gold, list(zip(predictions, gold.answers, strict=True)))
    score = pair_scorer(rules.analyzer(lang), rules.empty_f1)
    # (em, f1) per question, in gold order; each key (prediction, answers) made as it is read
    figures = pair_figures(score, zip(predictions, gold.answers, strict=True))
    em_sum = reduce(add, map(itemgetter(0), figures), 0.0)
    f1_sum = reduce(add, map(itemgetter(1), figures), 0.0)
    totals: Totals = {label: (len(figures), (em_sum, f1_sum))}
    extra = {} if label is None else {"lang": label}

    def item(qid: Any, prediction: str | None, pair: tuple[float, float]) -> dict[str, Any]:
        em, f1 = pair
        return {
            "id": qid,
            "score": f1,
            "em": em,
            "f1": f1,
            "answered": prediction is not None,
            "prediction": prediction,
            **extra,
        }

    # of the gold, the items hold the ids alone: the rest is freed with it
    columns = {"id": gold.ids, "prediction": predictions, "figures": figures}
    return ItemColumns(columns, item), totals
