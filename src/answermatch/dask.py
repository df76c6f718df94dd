"""Scoring at scale on Dask: each partition scored into a state, the states
merged in a tree reduction (the optional extra ``answermatch[dask]``).

:func:`evaluate` takes the gold as a Dask bag of records (dicts) or a Dask
dataframe, and the predictions as a bag or dataframe of records keyed by the
same id, a dict ``{id: prediction}``, or nothing when the gold rows already
carry a prediction column. Rows are joined on the id; each partition becomes
a :class:`~answermatch.incremental.Scorer` state (plain JSON data, so it
crosses process and machine boundaries without pickle), and the states are
merged pairwise up a tree (``Bag.reduction`` with ``split_every``). The
result equals :func:`answermatch.evaluate` on the same rows (to rounding:
partial sums are added in another order, about 1e-15 relative).

The task turns a partition's rows into its own in-memory shapes
(:meth:`~answermatch.tasks.parts.TakesRows.split_rows`). The same states serve any
engine: see the docs page "Scoring at scale" for Spark and Ray.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import AnswermatchError, MissingExtraError
from .incremental import Scorer
from .result import Result
from .tasks import check_options, get_task
from .tasks.parts import TakesRows, require

__all__ = ["evaluate", "merge_states", "score_partition"]


def _dask() -> Any:
    try:
        import dask.bag
        import dask.dataframe
    except ImportError:
        raise MissingExtraError("dask", "dask") from None
    return dask


def score_partition(
    rows: Iterable[Mapping[str, Any]],
    task: str,
    profile: str,
    options: Mapping[str, Any],
    *,
    key: str = "id",
    prediction: str = "prediction",
    strict: bool = False,
) -> dict[str, Any]:
    """The :meth:`Scorer.to_dict <answermatch.incremental.Scorer.to_dict>`
    state of one partition's rows (an empty state for no row)."""
    scorer = Scorer(task, profile, strict=strict, **options)
    rows = [dict(row) for row in rows]
    if rows:
        _check_row(rows[0], key, prediction)
        rowwise = require(scorer.task, TakesRows, "answermatch.dask")
        gold, predictions = rowwise.split_rows(rows, key=key, prediction=prediction)
        scorer.update(gold, predictions)
    return scorer.to_dict()


def merge_states(states: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """One state holding every state of ``states``, merged in order."""
    merged: Scorer | None = None
    for state in states:
        part = Scorer.from_dict(state)
        if merged is None:
            merged = part
        elif part.n:
            merged.merge(part)
    if merged is None:
        raise AnswermatchError("no state to merge")
    return merged.to_dict()


def _check_row(row: Mapping[str, Any], key: str, prediction: str) -> None:
    """A clear error for a partition's first row with a list that arrived
    as its text (``"['a', 'b']"``): Dask's
    dataframes turn object columns into strings unless
    ``dataframe.convert-string`` is off, and the answers would then be
    scored as one string."""
    for field, value in row.items():
        if field == prediction or not isinstance(value, str):
            continue
        if value.startswith(("['", '["')) and value.endswith("]"):
            raise AnswermatchError(
                f"the {field!r} of row {row.get(key)!r} is the text {value[:40]!r}, a list turned "
                "into a string by Dask's dataframe string conversion: build the frame with "
                "dask.config.set({'dataframe.convert-string': False}) (see docs/scale.rst)"
            )


def _keyed(key: str) -> Any:
    def value(row: Mapping[str, Any]) -> Any:
        if key not in row:
            raise AnswermatchError(f"a row has no {key!r} field (key={key!r})")
        return row[key]

    return value


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _rows(gold: Any, predictions: Any, key: str, prediction: str) -> Any:
    """A bag of gold rows, each with its prediction (absent ones as None)."""
    dask = _dask()
    dd, db = dask.dataframe, dask.bag
    if isinstance(gold, dd.DataFrame):
        gold_frame = gold
    elif isinstance(gold, db.Bag):
        gold_frame = None
    else:
        raise AnswermatchError("the gold must be a Dask bag of records or a Dask dataframe")
    if predictions is None:
        return gold.to_bag(format="dict") if gold_frame is not None else gold
    if isinstance(predictions, Mapping):
        table = dict(predictions)
        bag = gold.to_bag(format="dict") if gold_frame is not None else gold
        key_of = _keyed(key)
        return bag.map(lambda row: {**row, prediction: table.get(key_of(row))})
    if isinstance(predictions, db.Bag):
        key_of, prediction_of = _keyed(key), _keyed(prediction)
        predictions = predictions.map(lambda r: {key: key_of(r), prediction: prediction_of(r)})
        predictions = predictions.to_dataframe()
    if not isinstance(predictions, dd.DataFrame):
        raise AnswermatchError(
            "the predictions must be a Dask bag or dataframe of records, a dict {id: "
            "prediction}, or None (the gold rows carry them)"
        )
    if gold_frame is None:
        key_of = _keyed(key)

        def keyed_row(row: Mapping[str, Any]) -> Mapping[str, Any]:
            key_of(row)  # a clear error for a row without the key
            return row

        gold_frame = gold.map(keyed_row).to_dataframe()
    for frame, what, needed in (
        (gold_frame, "gold", (key,)),
        (predictions, "predictions", (key, prediction)),
    ):
        for column in needed:
            if column not in frame.columns:
                raise AnswermatchError(
                    f"the {what} dataframe has no {column!r} column; its columns: "
                    f"{', '.join(map(str, frame.columns))}"
                )
    # the task-based shuffle: a partition of rows is small, and the P2P shuffle
    # fails on some installs (a transfer-phase AssertionError)
    joined = gold_frame.merge(
        predictions[[key, prediction]], on=key, how="left", shuffle_method="tasks"
    )
    return joined.to_bag(format="dict").map(
        lambda row: {**row, prediction: None if _is_missing(row[prediction]) else row[prediction]}
    )


def evaluate(
    task: str,
    gold: Any,
    predictions: Any = None,
    profile: str = "official",
    *,
    key: str = "id",
    prediction: str = "prediction",
    strict: bool = False,
    split_every: int = 8,
    **options: Any,
) -> Result:
    """Score on Dask (see :mod:`answermatch.dask`); runs on the current
    Dask scheduler (a ``distributed.Client`` when one is active)."""
    spec = get_task(task)
    spec.settings(profile)
    check_options(spec, options)
    if not isinstance(split_every, int) or isinstance(split_every, bool) or split_every < 2:
        raise AnswermatchError(
            f"split_every must be a whole number of at least 2 (states merged per step), "
            f"got {split_every!r}"
        )
    rows = _rows(gold, predictions, key, prediction)
    states = rows.map_partitions(
        lambda part: [
            score_partition(
                part, task, profile, options, key=key, prediction=prediction, strict=strict
            )
        ]
    )
    merged = states.reduction(merge_states, merge_states, split_every=split_every)
    return Scorer.from_dict(merged.compute()).compute()
