""":func:`evaluate`: a task's scores on one prediction set, with bootstrap
confidence intervals when asked.

>>> import answermatch
>>> answermatch.evaluate is evaluate
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .diagnostics import Diagnostics
from .result import DEFAULT_RESAMPLES, DEFAULT_SEED, Result
from .sources import holding, reading_progress
from .tasks import check_options, get_task
from .workers import check_workers

__all__ = ["evaluate", "evaluate_profiles"]


def evaluate(
    task: str,
    gold: Any,
    predictions: Any,
    profile: str = "official",
    *,
    strict: bool = False,
    progress: bool = False,
    workers: int = 1,
    ci: bool = False,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    **options: Any,
) -> Result:
    """Score ``predictions`` against ``gold`` with the metric of ``task``.

    ``gold`` and ``predictions`` are paths (plain or ``.gz``) or objects
    already loaded in the shapes the task documents (``answermatch tasks
    --json`` lists them). ``profile="official"`` reproduces the shared
    task's own scorer, quirks included. ``strict=True`` turns warnings about
    doubtful input into errors. Task options are passed as keywords.

    ``ci=True`` adds seeded bootstrap 95% intervals of every score (and
    per-language figure), each computed with the task's own aggregation
    (:func:`answermatch.significance.confidence_intervals`), in
    :attr:`Result.intervals <answermatch.result.Result.intervals>`; the
    signature then names ``ci``, ``resamples`` and ``seed``. ``progress``
    draws bars on stderr (when it is a terminal) while scoring and resampling.
    ``workers=N`` spreads the scoring over ``N`` processes where the task
    can split it, with the same numbers (:mod:`answermatch.workers`); by
    default the call starts no process or thread.
    """
    (result,) = evaluate_profiles(
        task,
        gold,
        predictions,
        (profile,),
        strict=strict,
        progress=progress,
        workers=workers,
        ci=ci,
        resamples=resamples,
        seed=seed,
        **options,
    )
    return result


def evaluate_profiles(
    task: str,
    gold: Any,
    predictions: Any,
    profiles: Sequence[Any],
    *,
    strict: bool = False,
    progress: bool = False,
    workers: int = 1,
    ci: bool = False,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    **options: Any,
) -> list[Result]:
    """:func:`evaluate` under each of ``profiles``, in their order, from one
    reading of the files: the same results as one :func:`evaluate` call per
    profile, but the files are read (and their warnings given) once, and
    the results share the answers they hold, so a long file is held once
    however many profiles score it.

    >>> from answermatch import evaluate_profiles
    >>> qa = {"id": "q1", "question": "?", "answers": [{"text": "Paris", "answer_start": 0}]}
    >>> gold = {"version": "1.1", "data": [{"paragraphs": [{"context": "Paris", "qas": [qa]}]}]}
    >>> pred = {"q1": "Ｐａｒｉｓ"}
    >>> official, fair = evaluate_profiles("squad", gold, pred, ["official", "fair"])
    >>> official.scores["exact_match"], fair.scores["exact_match"]  # fair folds full-width letters
    (0.0, 100.0)
    """
    spec = get_task(task)
    for profile in profiles:
        spec.settings(profile)  # UnknownProfileError for a bad name
    check_options(spec, options)
    if ci:  # the bootstrap's modules are imported only when asked for
        from .resampling import check_draws

        check_draws(resamples, seed)  # before scoring, not after
    diag = Diagnostics(strict=strict, progress=progress, workers=check_workers(workers))
    # large files show a bar while they are read: when asked here, or by
    # the caller's setting (the command line's, for every command)
    token = reading_progress.set(progress or reading_progress.get())
    try:
        with holding():  # a pipe is read once, then in parts from its held bytes
            results = spec.evaluate_profiles(gold, predictions, profiles, diag=diag, **options)
    finally:
        reading_progress.reset(token)
    if not ci:
        return results
    from .significance import confidence_intervals, with_fields

    return [
        replace(
            result,
            intervals=confidence_intervals(
                result, resamples=resamples, seed=seed, progress=progress
            ),
            signature=with_fields(
                result.signature, {"ci": "95%", "resamples": resamples, "seed": seed}
            ),
        )
        for result in results
    ]
