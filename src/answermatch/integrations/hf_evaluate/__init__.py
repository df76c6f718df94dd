"""answermatch as a Hugging Face ``evaluate`` metric, loaded from a local
path, offline (extra ``answermatch[hf-evaluate]``)::

    import evaluate
    from answermatch.integrations.hf_evaluate import METRIC_PATH

    metric = evaluate.load(str(METRIC_PATH))
    metric.add_batch(predictions=["Helsinki"], references=[["Helsinki", "Helsingfors"]])
    metric.compute(task="xor-engspan", profile="official", lang="fi")

``predictions`` are strings; ``references`` are lists of gold answers, one
list per prediction (``ids``, optional, names the items). ``compute`` takes
the answermatch ``task`` (required: no task is assumed), ``profile`` and
``lang`` and any task option, and returns the scores of
:func:`answermatch.evaluate`, its ``per_language`` figures, ``n`` and its
``signature``. The gold answers become the task's own shapes through
:meth:`~answermatch.tasks.parts.TakesRows.from_answers`.
"""

from pathlib import Path

__all__ = ["METRIC_PATH"]

#: The metric script ``evaluate.load`` takes.
METRIC_PATH = Path(__file__).parent / "answermatch_metric.py"
