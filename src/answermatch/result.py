"""The :class:`Result` of scoring one task under one profile.

>>> r = Result(task="poleval2021", profile="official", scores={"accuracy": 50.0},
...            per_language={}, n=2, signature="task:poleval2021|profile:official",
...            items=[{"id": 1, "score": 1.0}, {"id": 2, "score": 0.0}])
>>> r.to_dict()["scores"]
{'accuracy': 50.0}
>>> r.primary
50.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .items import Items

#: The bootstrap's defaults (``evaluate(ci=True)``, ``compare``): how many
#: resamples and the seed of their draws. Kept here, beside the intervals'
#: holder, so that ``evaluate`` imports the bootstrap only when asked for
#: one (:mod:`answermatch.significance` gives them too).
DEFAULT_RESAMPLES = 1000
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class Result:
    """Scores of one evaluation.

    ``scores`` and ``per_language`` hold task scores in percent (0-100),
    and beside them, under the official script's own names, the counts and
    thresholds it prints (``total``, ``HasAns_total``, CMRC's ``TOTAL`` and
    ``SKIP``, SQuAD v2.0's ``best_f1_thresh``, MKQA's
    ``best_f1_threshold``); ``per_language[lang]["count"]`` is a question
    count. ``items`` is a sequence of
    one dict per scored item with at least ``id`` and ``score``
    (the task's primary per-item figure, a fraction in [0, 1]): a list, or
    :class:`~answermatch.items.ItemColumns`, which builds each item when it
    is read (``list(result.items)`` for a list of them). ``n`` is the
    number of items that enter the averages. ``items`` follow the gold's
    order except where a task says otherwise (XOR-Retrieve and NLPCC KBQA
    follow the prediction file, as their official scorers do). ``signature`` names everything
    that decides the numbers (task, profile, normalization, tokenizers and
    their versions, answermatch's version). ``warnings`` repeats what was
    warned about the input (a sequence of messages, as a task gives them
    packed: :class:`~answermatch.diagnostics.Messages`); ``options`` holds
    the task options it was scored with (so that its aggregation can be
    rebuilt, e.g. by ``compare``).
    ``intervals``: bootstrap 95% intervals when asked (``evaluate(...,
    ci=True)``): ``{"scores": {key: (low, high)}, "per_language": {lang:
    {key: (low, high)}}, "resamples": N, "seed": S}``.
    """

    task: str
    profile: str
    scores: dict[str, float]
    per_language: dict[str, dict[str, float]]
    n: int
    signature: str
    items: Items = field(default_factory=list, repr=False)
    warnings: Sequence[str] = ()
    options: dict[str, Any] = field(default_factory=dict)
    intervals: dict[str, Any] | None = None

    #: frozen, but holding dicts: not hashable (``hash()`` says so plainly)
    __hash__ = None  # type: ignore[assignment]

    @property
    def primary(self) -> float:
        """The task's headline score (its registered ``primary`` key; for a
        task that is not registered, the first score)."""
        from .errors import UnknownTaskError
        from .tasks import get_task

        try:
            key = get_task(self.task).primary
        except UnknownTaskError:
            key = next(iter(self.scores))
        return self.scores[key]

    def _repr_html_(self) -> str:
        """A table of the scores (and per-language figures) for Jupyter."""
        import html

        def cell(value: Any) -> str:
            text = f"{value:.2f}" if isinstance(value, float) else str(value)
            return f"<td style='text-align:right'>{html.escape(text)}</td>"

        def interval(key: str, lang: str | None = None) -> str:
            if self.intervals is None:
                return ""
            found = (
                self.intervals["scores"].get(key)
                if lang is None
                else self.intervals["per_language"].get(lang, {}).get(key)
            )
            return "" if found is None else f" [{found[0]:.2f}, {found[1]:.2f}]"

        keys = list(self.scores)
        lang_keys: list[str] = []
        for figures in self.per_language.values():
            lang_keys += [k for k in figures if k not in lang_keys]
        head = f"<b>{html.escape(self.task)}</b> ({html.escape(self.profile)}), n={self.n}"
        rows = []
        if lang_keys:
            header = "".join(f"<th>{html.escape(k)}</th>" for k in lang_keys)
            rows.append(f"<tr><th>lang</th>{header}</tr>")
            for lang, figures in self.per_language.items():
                cells = "".join(
                    cell(figures[k]) if k in figures else "<td></td>" for k in lang_keys
                )
                rows.append(f"<tr><td>{html.escape(lang)}</td>{cells}</tr>")
            overall = "".join(
                cell(self.scores[k]) if k in self.scores else "<td></td>" for k in lang_keys
            )
            rows.append(f"<tr><td><b>all</b></td>{overall}</tr>")
            keys = [k for k in keys if k not in lang_keys]
        for key in keys:
            text = f"{self.scores[key]:.2f}{interval(key)}"
            rows.append(
                f"<tr><td>{html.escape(key)}</td><td style='text-align:right'>"
                f"{html.escape(text)}</td></tr>"
            )
        signature = html.escape(self.signature)
        return (
            f"<div class='answermatch-result'><p>{head}</p><table>{''.join(rows)}</table>"
            f"<p><small><code>{signature}</code></small></p></div>"
        )

    def to_dict(self, *, items: bool = False) -> dict[str, Any]:
        """A JSON-ready dict: ``task, profile, signature, n, scores, per_language``
        (and ``items`` when asked)."""
        out: dict[str, Any] = {
            "task": self.task,
            "profile": self.profile,
            "signature": self.signature,
            "n": self.n,
            "scores": dict(self.scores),
            "per_language": {k: dict(v) for k, v in self.per_language.items()},
        }
        if self.intervals is not None:
            out["intervals"] = self.intervals
        if items:
            out["items"] = [dict(i) for i in self.items]
        return out
