"""answermatch metrics inside lm-evaluation-harness.

A task YAML names :meth:`Metric.process_results` and the aggregation
functions with ``!function``, so any generation task is scored by any
answermatch task and profile, official and fair side by side, per language::

    # utils.py beside the YAML
    from answermatch.integrations.lm_eval import Metric
    xquad = Metric("squad", profiles=("official", "fair"))
    process_results = xquad.process_results
    official_f1 = xquad.aggregation("official", "f1")
    fair_f1 = xquad.aggregation("fair", "f1")

    official_signature = xquad.signature("official")

    # the YAML
    process_results: !function utils.process_results
    metric_list:
      - metric: official_f1
        aggregation: !function utils.official_f1
        higher_is_better: true
      - metric: official_signature  # which rules, tokenizers and version
        aggregation: !function utils.official_signature
        higher_is_better: null

``process_results`` keeps each document with the model's generation; an
aggregation turns the whole list into the task's in-memory shapes
(:meth:`~answermatch.tasks.parts.TakesRows.split_rows`) and returns one figure of
:func:`answermatch.evaluate` on it, so the number in lm-eval's results file
is answermatch's number. Every aggregation of one profile reuses one
evaluation.

Ready configs for XQuAD and MLQA per language, MKQA, XOR-TyDi and SQuAD 2.0
are in :data:`TASKS_DIR` (``lm_eval --include_path "$(python -m
answermatch.integrations.lm_eval)"``); the docs page "Integrations" shows
how to point them at local files.

>>> metric = Metric("xor-engspan", profiles=("official",))
>>> docs = [{"id": "q1", "answers": ["Helsinki"], "lang": "fi"},
...         {"id": "q2", "answers": ["Oslo"], "lang": "fi"}]
>>> generations = ["helsinki", "x"]
>>> values = [metric.process_results(d, [g])["official_f1"] for d, g in zip(docs, generations)]
>>> metric.aggregation("official", "f1")(values)
50.0
>>> metric.signature("official")(values).startswith("task:xor-engspan|profile:official|")
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...evaluation import evaluate
from ...result import Result
from ...tasks import get_task
from ...tasks.parts import TakesRows, require

__all__ = ["TASKS_DIR", "Metric"]

#: The folder of ready task configs (``lm_eval --include_path``).
TASKS_DIR = Path(__file__).parent / "tasks"


class Metric:
    """answermatch ``task`` as lm-eval metrics: one per profile, score
    (``scores``, default the task's headline score) and language
    (``languages``, for per-language figures). ``key``: the document field holding the item id
    (documents without it are numbered); ``prediction``: the field the
    generation is stored in for :meth:`~answermatch.tasks.parts.TakesRows.split_rows`;
    ``fields``: added to every document (MKQA's rows name their ``lang``);
    ``options``: the task's options."""

    def __init__(
        self,
        task: str,
        *,
        profiles: Sequence[str] = ("official",),
        scores: Sequence[str] | None = None,
        languages: Sequence[str] = (),
        key: str = "id",
        prediction: str = "prediction",
        fields: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.spec = require(get_task(task), TakesRows, "the lm-evaluation-harness metric")
        for profile in profiles:
            self.spec.settings(profile)
        self.task = task
        self.profiles = tuple(profiles)
        self.scores = tuple(scores) if scores else (self.spec.primary,)
        self.languages = tuple(languages)
        self.key = key
        self.prediction = prediction
        self.fields = dict(fields or {})
        self.options = options
        self._cache: dict[tuple[str, int], tuple[Any, Result]] = {}

    def metric_names(self) -> list[str]:
        """``{profile}_{score}`` for every profile and score, then
        ``{profile}_{score}_{lang}`` for every language asked for, and
        ``{profile}_signature`` (:meth:`signature`): the names the YAML's
        ``metric_list`` uses."""
        names = [f"{p}_{k}" for p in self.profiles for k in self.scores]
        names += [
            f"{p}_{k}_{lang}" for p in self.profiles for k in self.scores for lang in self.languages
        ]
        names += [f"{p}_signature" for p in self.profiles]
        return names

    def process_results(self, doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, Any]:
        """lm-eval's per-document hook: the document with its generation,
        under every metric name an aggregation may ask for."""
        generation = results[0] if results else ""
        if isinstance(generation, (list, tuple)):  # some output types nest the text
            generation = generation[0] if generation else ""
        value = (dict(doc), "" if generation is None else str(generation))
        return dict.fromkeys(self.metric_names(), value)

    def aggregation(
        self, profile: str, score: str, lang: str | None = None
    ) -> Callable[[Iterable[Any]], float]:
        """lm-eval's aggregation: the score ``score`` (of language ``lang``)
        of :func:`answermatch.evaluate` under ``profile`` on every document."""
        if profile not in self.profiles:
            raise ValueError(f"{profile!r} is not one of this metric's profiles {self.profiles}")

        def aggregate(values: Iterable[Any]) -> float:
            result = self.evaluate(list(values), profile)
            figure = (
                result.scores.get(score)
                if lang is None
                else result.per_language.get(lang, {}).get(score)
            )
            return math.nan if figure is None else float(figure)

        aggregate.__name__ = f"answermatch_{profile}_{score}" + (f"_{lang}" if lang else "")
        return aggregate

    def signature(self, profile: str) -> Callable[[Iterable[Any]], str]:
        """lm-eval's aggregation for the metric ``{profile}_signature``: the
        answermatch signature of the evaluation under ``profile`` (a string,
        so lm-eval's results file says which rules, tokenizers and version
        made its numbers)."""
        if profile not in self.profiles:
            raise ValueError(f"{profile!r} is not one of this metric's profiles {self.profiles}")

        def signature(values: Iterable[Any]) -> str:
            return self.evaluate(list(values), profile).signature

        signature.__name__ = f"answermatch_{profile}_signature"
        return signature

    def evaluate(self, values: list[Any], profile: str) -> Result:
        """:func:`answermatch.evaluate` on the ``(document, generation)``
        pairs; one evaluation per profile and list of pairs."""
        signature = hash(
            tuple((_doc_key(doc, self.key, k), gen) for k, (doc, gen) in enumerate(values))
        )
        cached = self._cache.get((profile, signature))
        if cached is not None:
            return cached[1]
        rows = []
        for number, (doc, generation) in enumerate(values):
            row = {**doc, **self.fields}
            row.setdefault(self.key, str(number))
            row[self.prediction] = generation
            rows.append(row)
        gold, predictions = self.spec.split_rows(rows, key=self.key, prediction=self.prediction)
        result = evaluate(self.task, gold, predictions, profile, **self.options)
        self._cache[(profile, signature)] = (values, result)
        return result


def _doc_key(doc: Mapping[str, Any], key: str, number: int) -> str:
    return str(doc.get(key, number))
