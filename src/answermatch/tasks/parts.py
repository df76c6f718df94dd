"""The optional parts of a task: what some services need beyond the core.

The core of a task (:class:`~answermatch.tasks.base.Task`: its readers, its
scoring, its aggregation) is all that :func:`answermatch.evaluate`, the
incremental scorer, ``score``, ``compare`` and ``report`` need. A task adds
a part by mixing its class in:

* :class:`Explains` -- ``explain`` (one explanation per item);
* :class:`ChecksGold` -- ``check-gold`` (the checks run on a gold file);
* :class:`TakesRows` -- the integrations that hand over rows or plain lists
  of answers (Dask, lm-evaluation-harness, Hugging Face ``evaluate``).

A service asked to use a part the task does not have says so in one error
naming the part (:func:`require`).

>>> from answermatch.tasks.base import Task
>>> class Minimal(Task):
...     name, summary, primary, profiles = "minimal", "a core-only task", "em", {"official": None}
...     def read_gold(self, source, diag, **options): ...
...     def read_predictions(self, source, gold, diag, **options): ...
...     def score(self, inputs, settings, diag, **options): ...
...     def aggregation(self, settings, **options): ...
>>> try:
...     require(Minimal(), Explains, "explain")
... except ValueError as exc:
...     print(exc)
explain needs explanations: task 'minimal' lacks the part answermatch.tasks.parts.Explains
>>> class Explained(Minimal, Explains):
...     pass
>>> require(Explained(), Explains, "explain").name
'minimal'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..errors import InputError, UnknownTaskError

if TYPE_CHECKING:  # pragma: no cover
    from ..checks import Entry, GoldChecks
    from ..diagnostics import Diagnostics
    from ..explanation import Explanation
    from .base import Inputs, Task

__all__ = ["PARTS", "ChecksGold", "Explains", "TakesRows", "parts_of", "require"]

P = TypeVar("P")


class Explains:
    """The part ``explain`` needs: :meth:`explain`, one
    :class:`~answermatch.explanation.Explanation` per item.

    By default each item's figures as :meth:`~answermatch.tasks.base.Task.score`
    gave them, and each gold variant (:meth:`item_variants`) scored alone
    (:meth:`one_variant` says how to build that one-variant input); a task
    overrides :meth:`explain` to show its rule step by step."""

    def explain(
        self, inputs: Inputs, settings: Any, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        """One explanation per item, in the order of the scored items."""
        from ..explanation import through_scorer

        return through_scorer(self, inputs, settings, diag, options)  # type: ignore[arg-type]

    def item_variants(self, inputs: Inputs) -> Mapping[Any, Sequence[str]]:
        """``{item id: gold variants}`` for the default :meth:`explain`
        (default: the item's own ``gold`` list, if it has one)."""
        return {}

    def one_variant(self, item: Mapping[str, Any], variant: str) -> Inputs | None:
        """Inputs holding ``item`` with only ``variant`` as its gold, for the
        default :meth:`explain` (``None``: variants are not scored alone)."""
        return None


class ChecksGold:
    """The part ``check-gold`` needs: :attr:`gold_checks` (the
    :class:`~answermatch.checks.GoldChecks` run) and :meth:`gold_entries`
    (the gold as :class:`~answermatch.checks.Entry` records)."""

    #: the checks ``check-gold`` runs on the task's gold
    gold_checks: ClassVar[GoldChecks]

    def gold_entries(self, gold: Any) -> Iterable[Entry]:
        """The gold (what ``read_gold`` returned) as check entries, best
        made as they are iterated: ``check-gold`` calls it again for each
        pass over them (:class:`~answermatch.checks.Entries`), so it must
        give the same entries each time."""
        raise NotImplementedError(f"{type(self).__name__} defines no gold_entries")


class TakesRows:
    """The part of the integrations that pass rows (Dask, a data loader,
    lm-evaluation-harness) or plain lists of answers (Hugging Face
    ``evaluate``): :meth:`split_rows` and :meth:`from_answers`."""

    #: why :meth:`from_answers` cannot build the task's gold from answer
    #: texts alone (``None``: it can)
    plain_answers: ClassVar[str | None] = None
    #: the task option that takes the language of :meth:`from_answers`'
    #: items, where the task has it (the Hugging Face metric passes it on)
    answers_lang_option: ClassVar[str] = "lang"

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[Any, Any]:
        """A batch of rows, each a gold record with its prediction in the
        field ``prediction``, as ``(gold, predictions)`` in the task's
        in-memory shapes.

        By default: the gold is the list of records without the prediction
        field and the predictions a dict ``{row[key]: prediction}`` (rows
        whose prediction is ``None`` are unanswered). Tasks whose shapes
        differ override it."""
        gold = [{k: v for k, v in row.items() if k != prediction} for row in rows]
        answers = {row[key]: row[prediction] for row in rows if row.get(prediction) is not None}
        return gold, answers

    def from_answers(
        self,
        predictions: Sequence[str],
        references: Sequence[Sequence[str]],
        *,
        ids: Sequence[Any] | None = None,
        lang: str | None = None,
    ) -> tuple[Any, Any]:
        """Plain lists (a prediction and its gold answers per item, as
        Hugging Face ``evaluate`` passes them) as ``(gold, predictions)`` in
        the task's shapes. By default rows ``{"id", "answers", "lang"}`` and a
        dict ``{id: prediction}`` (through :meth:`split_rows`); a task whose
        gold holds more than answer texts sets :attr:`plain_answers` to why
        it cannot be built from them, and this raises that."""
        name = getattr(self, "name", type(self).__name__)
        if self.plain_answers is not None:
            raise InputError(
                f"{name} cannot be scored from plain lists of answers: {self.plain_answers}"
            )
        if len(predictions) != len(references):
            raise InputError(
                f"{len(predictions)} predictions for {len(references)} lists of references"
            )
        keys = [str(k) for k in range(len(predictions))] if ids is None else list(ids)
        rows = [
            {
                "id": key,
                "answers": self.answers_field(list(answers)),
                "lang": lang,
                "prediction": prediction,
            }
            for key, answers, prediction in zip(keys, references, predictions, strict=True)
        ]
        return self.split_rows(rows)

    def answers_field(self, answers: list[str]) -> Any:
        """The ``answers`` of one gold row that :meth:`from_answers` makes
        from answer texts (default: the list itself)."""
        return answers


#: part -> what it gives, as messages and ``answermatch tasks --json`` name it
PARTS: dict[type, str] = {
    Explains: "explanations",
    ChecksGold: "gold checks",
    TakesRows: "rows and plain answers",
}


def parts_of(task: object) -> list[str]:
    """The names of the parts ``task`` has (``Explains``...), in
    :data:`PARTS` order."""
    return [part.__name__ for part in PARTS if isinstance(task, part)]


def require(task: Task, part: type[P], service: str) -> P:
    """``task``, when it has ``part``; otherwise an
    :class:`~answermatch.errors.UnknownTaskError` saying that ``service``
    needs the part and which one."""
    if not isinstance(task, part):
        raise UnknownTaskError(
            f"{service} needs {PARTS[part]}: task {task.name!r} lacks the part "
            f"{part.__module__}.{part.__name__}"
        )
    return task
