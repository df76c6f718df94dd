"""The ``evaluate.Metric`` subclass behind :data:`METRIC_PATH
<answermatch.integrations.hf_evaluate.METRIC_PATH>`."""

from __future__ import annotations

from typing import Any

from ...errors import AnswermatchError, MissingExtraError

try:
    import datasets
    import evaluate
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise MissingExtraError(exc.name or "evaluate", "hf-evaluate") from None

from ...evaluation import evaluate as answermatch_evaluate
from ...tasks import available_tasks, get_task
from ...tasks.parts import TakesRows, require

_DESCRIPTION = """answermatch scores question answering across languages and reproduces the
official scorers exactly (profile "official"), with a "fair" profile beside it."""

_INPUTS = """
Args:
    predictions: list of predicted answers (strings).
    references: list of lists of gold answers (strings), one list per prediction.
    task: the answermatch task ("squad", "mlqa", "xor-engspan", ...); required.
    profile: "official" (default) or another profile of the task, e.g. "fair".
    lang: the language of the items, for tasks that need it.
    ids: optional item ids (default: their positions).
    Any other keyword is a task option (answermatch tasks --json lists them).
Returns:
    the task's scores (percent), "per_language", "n" and "signature".
"""


class Answermatch(evaluate.Metric):
    """answermatch's tasks through ``evaluate``'s ``add_batch``/``compute``."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation="",
            inputs_description=_INPUTS,
            features=datasets.Features(
                {
                    "predictions": datasets.Value("string"),
                    "references": datasets.Sequence(datasets.Value("string")),
                }
            ),
        )

    def _compute(
        self,
        predictions: list[str],
        references: list[list[str]],
        task: str | None = None,
        profile: str = "official",
        lang: str | None = None,
        ids: list[Any] | None = None,
        **options: Any,
    ) -> dict[str, Any]:
        if task is None:
            raise AnswermatchError(
                "compute() needs task=: the answermatch task whose rules score the answers "
                f"({', '.join(available_tasks())}); none is assumed"
            )
        spec = require(get_task(task), TakesRows, "the Hugging Face metric")
        gold, answers = spec.from_answers(
            list(predictions), [list(r) for r in references], ids=ids, lang=lang
        )
        if lang is not None and spec.answers_lang_option in spec.options:
            options.setdefault(spec.answers_lang_option, lang)
        result = answermatch_evaluate(task, gold, answers, profile, **options)
        return {
            **result.scores,
            "per_language": result.per_language,
            "n": result.n,
            "signature": result.signature,
        }
