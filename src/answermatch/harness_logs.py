"""Re-judging other harnesses' per-sample logs (the service behind
``answermatch rescore``).

lm-evaluation-harness writes, with ``--log_samples``, one JSON Lines file
per task (``samples_<task>_<date>.jsonl``), a sample a line: the dataset's
``doc``, the ``target``, the model's ``filtered_resps`` and the harness's
per-sample metric values (``"exact_match": 0.0``). :func:`rescore` judges
every sample again with an answermatch matcher (by name:
:func:`~answermatch.matchers.named.get_matcher`; the lenient judge by
default) and counts where the harness's verdict and answermatch's differ,
per task and per language.

What is read from a sample (first found wins):

- the prediction: ``filtered_resps[0]`` (its first text where it nests a
  list), else ``resps[0][0]``;
- the gold answers: the ``gold_field`` given (a dotted path into the
  sample, e.g. ``doc.answer.aliases``), else ``doc.answers`` (a list, a
  string, or SQuAD's ``{"text": [...]}``), ``doc.answer`` (TriviaQA's
  ``{"aliases": [...]}`` included), ``doc.aliases``, then ``target`` (a
  Python or JSON list written as a string is read as that list);
- the question: ``doc.question``, ``doc.query``, ``doc.problem``;
- the language: ``doc.lang``, ``doc.language``, else ``lang``;
- the harness's verdict: the value of ``metric`` in the sample (default:
  the first name of the sample's ``metrics`` list with a numeric value);
  0.5 or more counts as correct, as for answermatch's fractional matchers.

>>> samples = [
...     {"doc_id": 0, "doc": {"question": "Who wrote Hamlet?", "answers": ["William Shakespeare"]},
...      "filtered_resps": ["It was written by William Shakespeare."], "metrics": ["exact_match"],
...      "exact_match": 0.0},
...     {"doc_id": 1, "doc": {"question": "Capital of Peru?", "answers": ["Lima"]},
...      "filtered_resps": ["not Lima"], "metrics": ["exact_match"], "exact_match": 0.0},
... ]
>>> result = rescore({"nq_open": samples}, errors=5)
>>> part = result.tasks[0]
>>> part.task, part.n, part.harness_correct, part.answermatch_correct, part.flips
('nq_open', 2, 0, 1, {'harness only': 0, 'answermatch only': 1})
>>> result.disagreements[0].rule
'contains'
"""

from __future__ import annotations

import ast
import copy
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .diagnostics import Deferred, Diagnostics
from .errors import InputError
from .formats.answers import answer_list
from .languages import canonical_language
from .metaeval import Figures
from .sources import (
    NotFlat,
    NotJson,
    decodes_as_utf8,
    holding,
    jsonl_columns,
    jsonl_parts,
    read_text,
)

__all__ = ["Disagreement", "RescoreResult", "TaskRescore", "rescore"]

_SAMPLES_NAME = re.compile(r"^samples_(?P<task>.+?)_\d{4}-\d{2}-\d{2}T[\d\-.:]+$")
_GOLD_PATHS = ("doc.answers", "doc.answer", "doc.aliases", "target")
_QUESTION_PATHS = ("doc.question", "doc.query", "doc.problem")


@dataclass(frozen=True)
class Disagreement:
    """A sample the harness and answermatch judge differently."""

    task: str
    line: int
    doc_id: Any
    question: str | None
    answers: tuple[str, ...]
    prediction: str
    harness: float
    score: float
    rule: str
    lang: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "task": self.task,
            "line": self.line,
            "doc_id": self.doc_id,
            "question": self.question,
            "answers": list(self.answers),
            "prediction": self.prediction,
            "harness": self.harness,
            "answermatch": self.score,
            "rule": self.rule,
            "lang": self.lang,
        }


@dataclass
class TaskRescore:
    """The figures of one task's samples (and of each of its languages,
    ``languages``): how many samples, how many each side calls correct,
    their agreement and Cohen's kappa (:class:`~answermatch.metaeval.Figures`,
    answermatch's verdict against the harness's), and the ``flips``."""

    task: str
    metric: str
    n: int = 0
    harness_correct: int = 0
    answermatch_correct: int = 0
    both: int = 0
    languages: dict[str, TaskRescore] = field(default_factory=dict)

    def add(self, harness: bool, ours: bool) -> None:
        self.n += 1
        self.harness_correct += harness
        self.answermatch_correct += ours
        self.both += harness and ours

    @property
    def flips(self) -> dict[str, int]:
        """Samples only the harness calls correct, and only answermatch."""
        return {
            "harness only": self.harness_correct - self.both,
            "answermatch only": self.answermatch_correct - self.both,
        }

    @property
    def figures(self) -> Figures:
        only_harness, only_ours = self.flips.values()
        neither = self.n - self.both - only_harness - only_ours
        return Figures.of(self.both, only_ours, only_harness, neither)

    def to_dict(self) -> dict[str, Any]:
        figures = self.figures
        out: dict[str, Any] = {
            "task": self.task,
            "metric": self.metric,
            "n": self.n,
            "harness_accuracy": _percent(self.harness_correct, self.n),
            "answermatch_accuracy": _percent(self.answermatch_correct, self.n),
            "agreement": figures.agreement,
            "kappa": figures.kappa,
            "flips": self.flips,
        }
        if self.languages:
            out["languages"] = {k: v.to_dict() for k, v in self.languages.items()}
        return out


@dataclass(frozen=True)
class RescoreResult:
    """What :func:`rescore` found: the ``matcher`` used, one
    :class:`TaskRescore` per task and the first disagreements asked for."""

    matcher: str
    tasks: list[TaskRescore]
    disagreements: list[Disagreement]

    def to_dict(self) -> dict[str, Any]:
        return {
            "matcher": self.matcher,
            "tasks": [t.to_dict() for t in self.tasks],
            "disagreements": [d.to_dict() for d in self.disagreements],
        }

    def format_table(self) -> str:
        """The figures as a table for people, then the disagreements."""
        return "".join(self.table_pieces())

    def table_pieces(self) -> Iterator[str]:
        """:meth:`format_table`'s text in pieces, a long prediction's
        ``repr`` among them in pieces too (:func:`_repr_pieces`): the
        command writes them one after the other, never the whole text."""
        header = ("task", "lang", "n", "harness %", "answermatch %", "agree %", "kappa",
                  "harness only", "answermatch only")  # fmt: skip
        rows = []
        for part in self.tasks:
            for lang, one in [(None, part), *part.languages.items()]:
                data = one.to_dict()
                kappa = data["kappa"]
                rows.append((part.task, lang or "all", str(one.n),
                             f"{data['harness_accuracy']:.2f}",
                             f"{data['answermatch_accuracy']:.2f}", f"{data['agreement']:.2f}",
                             "-" if kappa is None else f"{kappa:.3f}",
                             str(one.flips["harness only"]),
                             str(one.flips["answermatch only"])))  # fmt: skip
        widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
        lines = [f"rescored with {self.matcher}"]
        lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                  for r in [header, *rows]]  # fmt: skip
        yield "\n".join(lines)
        for d in self.disagreements:
            yield (f"\n\n{d.task} line {d.line} (doc {d.doc_id}): harness {d.harness:g}, "
                   f"answermatch {d.score:g} [{d.rule}]")  # fmt: skip
            if d.question:
                yield f"\n  question:   {d.question!r}"
            yield f"\n  gold:       {', '.join(map(repr, d.answers))}"
            yield "\n  prediction: "
            yield from _repr_pieces(d.prediction)


#: :func:`_repr_pieces` cuts a longer text into pieces of this many characters.
REPR_PIECE = 1 << 16


def _repr_pieces(text: str) -> Iterator[str]:
    """``repr(text)`` in pieces, a long text's never made whole: the quote
    is the one ``repr`` picks for the whole text (``"`` when it holds ``'``
    and no ``"``), and each piece is escaped as within it (every character
    is escaped on its own; with ``'`` as the quote, a piece's ``repr`` is
    made to pick it by adding both quotes, which are then cut off).

    >>> text = "it's Lima. " * 10_000  # (longer than a piece)
    >>> "".join(_repr_pieces(text)) == repr(text), next(_repr_pieces(text))
    (True, '"')
    """
    if len(text) <= REPR_PIECE:
        yield repr(text)
        return
    double = "'" in text and '"' not in text
    quote = '"' if double else "'"
    yield quote
    for start in range(0, len(text), REPR_PIECE):
        piece = text[start : start + REPR_PIECE]
        yield repr(piece)[1:-1] if double else repr(piece + "'\"")[1:-4]
    yield quote


def _percent(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


def _at(sample: Mapping[str, Any], path: str) -> Any:
    value: Any = sample
    for key in path.split("."):
        if not isinstance(value, Mapping) or key not in value:
            return None
        value = value[key]
    return value


def _texts(value: Any) -> list[str] | None:
    """The answer texts of a gold field's value (a list written as a string,
    as lm-eval writes ``target``, read as that list), or None."""
    if isinstance(value, str) and value.strip()[:1] == "[" and value.strip()[-1:] == "]":
        try:
            parsed = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            parsed = None
        if isinstance(parsed, list):
            value = parsed
    answers = answer_list(value)
    if answers is None:
        return None
    texts = [t if isinstance(t, str) else str(t) for t in answers if t is not None]
    return [t for t in texts if t.strip()] or None


def _prediction(sample: Mapping[str, Any]) -> str | None:
    for key in ("filtered_resps", "resps"):
        value = sample.get(key)
        while isinstance(value, list):
            if not value:
                value = None
                break
            value = value[0]
        if isinstance(value, str):
            return value
    return None


def _task_name(path: str) -> str:
    stem = Path(path).name.removesuffix(".gz").removesuffix(".jsonl")
    found = _SAMPLES_NAME.match(stem)
    return found.group("task") if found else stem


class _Sample(NamedTuple):
    """What is judged and counted of a sample (the rest of it let go)."""

    prediction: str
    answers: list[str]
    metric: str
    harness: float
    question: str | None
    lang: str | None
    doc_id: Any


class _Tally:
    """The samples judged so far: the figures of each task and the first
    disagreements, a few numbers a task (no sample is kept but those
    disagreements)."""

    def __init__(self, matcher: str, metric: str | None, lang: str | None,
                 gold_field: str | None, errors: int) -> None:  # fmt: skip
        from .matchers.named import get_matcher

        self.judge_one = get_matcher(matcher)
        self.lenient: Callable[..., Any] | None = None  # the lenient judge names its rule
        if matcher == "lenient":
            from .matchers.lenient import judge

            self.lenient = judge
        self.metric = metric
        self.default_lang = None if lang is None else canonical_language(lang)
        self.gold_paths = (gold_field,) if gold_field else _GOLD_PATHS
        self.errors = errors
        self.parts: dict[str, TaskRescore] = {}
        self.kept: list[Disagreement] = []

    def read(self, sample: Any, name: str, line: int) -> _Sample:
        """What is judged of ``sample`` (line ``line`` of ``name``)."""
        if not isinstance(sample, Mapping):
            raise InputError("expected a sample object", path=name, line=line)
        prediction = _prediction(sample)
        if prediction is None:
            raise InputError('the sample has no "filtered_resps" or "resps" text',
                             path=name, line=line)  # fmt: skip
        answers = next(
            (t for t in (_texts(_at(sample, p)) for p in self.gold_paths) if t is not None), None
        )
        if answers is None:
            raise InputError(f"no gold answers in {' or '.join(self.gold_paths)}",
                             path=name, line=line)  # fmt: skip
        key, harness = _harness_value(sample, self.metric, name, line)
        question = next(
            (q for q in (_at(sample, p) for p in _QUESTION_PATHS) if isinstance(q, str)), None
        )
        raw_lang = _at(sample, "doc.lang") or _at(sample, "doc.language")
        item_lang = canonical_language(raw_lang) if isinstance(raw_lang, str) else self.default_lang
        return _Sample(prediction, answers, key, harness, question, item_lang,
                       sample.get("doc_id"))  # fmt: skip

    def add(self, task: str, line: int, one: _Sample) -> None:
        """Judge ``one`` (line ``line`` of ``task``'s samples) and count it."""
        if self.lenient is not None:
            verdict = self.lenient(
                one.prediction, one.answers, lang=one.lang, question=one.question
            )
            score, rule = verdict.score, verdict.rule
        else:
            score = self.judge_one(one.prediction, one.answers, lang=one.lang,
                                   question=one.question)  # fmt: skip
            rule = "match" if score >= 0.5 else "no-match"
        part = self.parts.setdefault(task, TaskRescore(task, one.metric))
        ours, theirs = score >= 0.5, one.harness >= 0.5
        part.add(theirs, ours)
        if one.lang is not None:
            part.languages.setdefault(one.lang, TaskRescore(task, one.metric)).add(theirs, ours)
        if ours != theirs and len(self.kept) < self.errors:
            self.kept.append(Disagreement(task, line, one.doc_id, one.question,
                                          tuple(one.answers), one.prediction, one.harness,
                                          score, rule, one.lang))  # fmt: skip

    def add_rows(self, task: str, name: str, rows: Iterable[tuple[int, Any]]) -> None:
        for line, sample in rows:
            self.add(task, line, self.read(sample, name, line))

    def add_file(self, path: str | os.PathLike[str]) -> None:
        """Judge the samples of the file ``path``, read in parts of whole
        lines (:func:`~answermatch.sources.jsonl_parts`), each sample let go
        once what is judged of it is read: the file is never held, nor its
        samples, nor a response that is not judged (``resps`` beside
        ``filtered_resps``). The errors and warnings are those of the whole
        reading: a sample's error comes after every line is decoded (a line
        that is not JSON comes first), the warnings about repeated keys
        before it; a file not read in parts (a pipe outside
        :func:`~answermatch.sources.holding`, invalid UTF-8, a line that is
        not JSON) is read whole, for its figures or its error."""
        name = os.fspath(path)
        task = _task_name(name)
        saved = copy.deepcopy(self.parts), len(self.kept)
        later = Deferred()  # a key repeated in a sample: warned once every line is decoded
        parts = jsonl_parts(path, diag=later)
        try:
            for numbers, objects in parts:
                for index, line in enumerate(numbers):
                    one = self.read(objects[index], name, line)
                    objects[index] = None  # the sample let go (and its unjudged responses)
                    self.add(task, line, one)
                    del one
                del numbers, objects  # not held while the next part is read
        except NotFlat as exc:
            error = exc
        except InputError:
            try:
                deque(parts, maxlen=0)  # a line that is not JSON later on comes first
            except NotFlat as exc:
                error = exc
            else:
                later.give(Diagnostics())
                raise
        else:
            later.give(Diagnostics())
            return
        if isinstance(error, NotJson) and decodes_as_utf8(path):
            raise error.error from None
        self.parts, self.kept = saved[0], self.kept[: saved[1]]  # read whole, from the start
        numbers, objects = jsonl_columns(read_text(path), name, diag=Diagnostics())
        self.add_rows(task, name, zip(numbers, objects, strict=True))


def _harness_value(
    sample: Mapping[str, Any], metric: str | None, name: str, line: int
) -> tuple[str, float]:
    """``(metric name, value)`` of the harness's verdict on ``sample``."""
    names = [metric] if metric else [m for m in sample.get("metrics", ()) if isinstance(m, str)]
    for key in names:
        value = sample.get(key)
        if isinstance(value, (int, float)) and value == value:  # bool is an int; NaN is not
            return key, float(value)
    if metric:
        raise InputError(f"the sample has no value of the metric {metric!r}", path=name, line=line)
    # harness versions before 0.4.3 write no "metrics" list: say which metric to name
    numeric = [k for k, v in sample.items() if type(v) in (int, float) and k != "doc_id"]
    example = f" (this sample has {', '.join(numeric)})" if numeric else ""
    raise InputError(
        'the sample has no value of a numeric metric named in "metrics"; '
        f"name the harness's metric with --metric (metric= in Python){example}",
        path=name,
        line=line,
    )


def rescore(
    samples: str | os.PathLike[str] | Sequence[Any] | Mapping[str, Sequence[Any]],
    *,
    matcher: str = "lenient",
    metric: str | None = None,
    lang: str | None = None,
    gold_field: str | None = None,
    errors: int = 0,
) -> RescoreResult:
    """Re-judge the samples of ``samples`` (a log file, a list of them, or
    ``{task: [sample dicts]}``) with ``matcher`` (what is read from a
    sample: :mod:`answermatch.harness_logs`); ``errors``: how many
    disagreements to keep."""
    tally = _Tally(matcher, metric, lang, gold_field, errors)
    if isinstance(samples, Mapping):
        for task, rows in samples.items():
            tally.add_rows(str(task), "<object>", enumerate(rows, start=1))
        return RescoreResult(matcher, list(tally.parts.values()), tally.kept)
    paths = [samples] if isinstance(samples, (str, os.PathLike)) else list(samples)
    with holding():  # a pipe is read once, then in parts from its held copy
        for path in paths:
            if not isinstance(path, (str, os.PathLike)):
                raise InputError("expected sample files, or {task: [samples]}")
            tally.add_file(path)
    return RescoreResult(matcher, list(tally.parts.values()), tally.kept)
