"""Meta-evaluation: how often does a matcher agree with people?

Rows of human judgments (JSON Lines, one object a line)::

    {"question": "...", "answers": ["gold", "alias"], "prediction": "...",
     "human": true, "lang": "en", "system": "gpt4"}

``question``, ``lang`` and ``system`` are optional. :func:`meta_eval`
judges every prediction with a matcher (by name:
:func:`~answermatch.matchers.named.get_matcher`; a score of 0.5 or more
counts as "correct") and compares with ``human``:

- ``agreement``: the percentage of rows where both say the same;
- ``kappa``: Cohen's kappa, agreement corrected for chance;
- ``precision`` and ``recall`` of "correct" (percent), the human verdict
  being the reference;
- the confusion counts ``tp`` (both correct), ``fp`` (the matcher alone),
  ``fn`` (the people alone), ``tn`` (neither);
- 95% bootstrap intervals of agreement and kappa (percentile method over
  resampled rows: :mod:`answermatch.resampling`, a fixed seed);
- the same figures per system, per language and per answer length
  (predictions of at most 5 whitespace-separated words, and longer).

An empty prediction is judged like any other (the matchers call it
incorrect); it is never skipped.

>>> from answermatch import meta_eval
>>> rows = [
...     {"answers": ["Paris"], "prediction": "It is Paris.", "human": True},
...     {"answers": ["Lima"], "prediction": "Cusco", "human": False},
...     {"answers": ["Bolesław Prus"], "prediction": "Prus", "human": True},
... ]
>>> result = meta_eval(rows, matcher="em", resamples=100)
>>> result.n, round(result.agreement, 1), result.confusion
(3, 33.3, {'tp': 0, 'fp': 0, 'fn': 2, 'tn': 1})
>>> meta_eval(rows, resamples=100).agreement
100.0
"""

from __future__ import annotations

import json
import os
import re
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .diagnostics import Diagnostics
from .errors import AnswermatchError, InputError

__all__ = ["Figures", "Judgment", "MetaEvalResult", "meta_eval", "read_judgments"]

#: Answers of at most this many words are "short" in the per-length figures.
SHORT_ANSWER_WORDS = 5
DEFAULT_RESAMPLES = 1000
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class Judgment:
    """One row of human judgment: where it came from (``line``), the
    ``question``, the gold ``answers``, the ``prediction``, the ``human``
    verdict and the optional ``lang`` and ``system``."""

    line: int
    question: str
    answers: tuple[str, ...]
    prediction: str
    human: bool
    lang: str | None = None
    system: str | None = None


@dataclass(frozen=True)
class Figures:
    """Agreement figures of a set of rows (percentages but ``kappa``;
    ``None`` where undefined, e.g. precision when nothing was judged
    correct). ``intervals``: 95% bootstrap intervals by figure name."""

    n: int
    agreement: float
    kappa: float | None
    precision: float | None
    recall: float | None
    tp: int
    fp: int
    fn: int
    tn: int
    intervals: dict[str, tuple[float | None, float | None]] = field(default_factory=dict)

    @classmethod
    def of(cls, tp: int, fp: int, fn: int, tn: int) -> Figures:
        """The figures of confusion counts.

        >>> Figures.of(40, 10, 5, 45).kappa
        0.7
        """
        n = tp + fp + fn + tn
        return cls(
            n,
            100.0 * (tp + tn) / n if n else 0.0,
            _kappa(tp, fp, fn, tn),
            100.0 * tp / (tp + fp) if tp + fp else None,
            100.0 * tp / (tp + fn) if tp + fn else None,
            tp,
            fp,
            fn,
            tn,
        )

    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict."""
        out: dict[str, Any] = {
            "n": self.n,
            "agreement": self.agreement,
            "kappa": self.kappa,
            "precision": self.precision,
            "recall": self.recall,
            "confusion": {"tp": self.tp, "fp": self.fp, "fn": self.fn, "tn": self.tn},
        }
        if self.intervals:
            out["intervals"] = {key: list(value) for key, value in self.intervals.items()}
        return out


def _kappa(tp: int, fp: int, fn: int, tn: int) -> float | None:
    n = tp + fp + fn + tn
    if not n:
        return None
    observed = (tp + tn) / n
    chance = ((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn)) / (n * n)
    if chance == 1.0:
        return None  # one class only, on both sides: kappa is undefined
    return round((observed - chance) / (1.0 - chance), 12)


@dataclass(frozen=True)
class Disagreement:
    """A row where the matcher and the people differ, with the matcher's
    ``score`` and its ``explanation`` (the deciding rule for the lenient
    judge)."""

    line: int
    question: str
    answers: tuple[str, ...]
    prediction: str
    human: bool
    score: float
    explanation: str
    system: str | None = None
    lang: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready dict."""
        return {
            "line": self.line,
            "question": self.question,
            "answers": list(self.answers),
            "prediction": self.prediction,
            "human": self.human,
            "score": self.score,
            "explanation": self.explanation,
            "system": self.system,
            "lang": self.lang,
        }


@dataclass(frozen=True)
class MetaEvalResult:
    """What :func:`meta_eval` measured: the ``matcher`` name, the overall
    :class:`Figures` (``overall``, also as ``n``, ``agreement``, ``kappa``...),
    the figures per ``system``, ``lang`` and ``length`` (``groups``), the
    ``disagreements`` asked for, and the bootstrap's ``resamples`` and ``seed``."""

    matcher: str
    source: str
    overall: Figures
    groups: dict[str, dict[str, Figures]]
    disagreements: list[Disagreement]
    resamples: int
    seed: int

    @property
    def n(self) -> int:
        return self.overall.n

    @property
    def agreement(self) -> float:
        return self.overall.agreement

    @property
    def kappa(self) -> float | None:
        return self.overall.kappa

    @property
    def precision(self) -> float | None:
        return self.overall.precision

    @property
    def recall(self) -> float | None:
        return self.overall.recall

    @property
    def confusion(self) -> dict[str, int]:
        o = self.overall
        return {"tp": o.tp, "fp": o.fp, "fn": o.fn, "tn": o.tn}

    def to_dict(self) -> dict[str, Any]:
        """One JSON-ready object: ``n``, ``agreement``, ``kappa`` and the
        other overall figures at the top level, then ``by_system``,
        ``by_lang``, ``by_length`` and ``disagreements``.

        >>> rows = [{"answers": ["Paris"], "prediction": "Paris!", "human": True}]
        >>> data = meta_eval(rows, resamples=0).to_dict()
        >>> data["n"], data["agreement"], data["confusion"]
        (1, 100.0, {'tp': 1, 'fp': 0, 'fn': 0, 'tn': 0})
        """
        out: dict[str, Any] = {"matcher": self.matcher, "source": self.source}
        out.update(self.overall.to_dict())
        out["resamples"], out["seed"] = self.resamples, self.seed
        for name, figures in self.groups.items():
            out[f"by_{name}"] = {key: value.to_dict() for key, value in figures.items()}
        out["disagreements"] = [d.to_dict() for d in self.disagreements]
        return out

    def format_table(self) -> str:
        """The figures as readable text.

        >>> rows = [{"answers": ["Paris"], "prediction": "Lyon", "human": False, "system": "x"}]
        >>> print(meta_eval(rows, matcher="em", resamples=0).format_table())
        meta-eval of matcher 'em' on <rows>: n=1
        agreement  100.00%
        kappa          n/a
        precision     n/a%   recall n/a%
        confusion  tp=0 fp=0 fn=0 tn=1
        ...
        """
        o = self.overall
        lines = [f"meta-eval of matcher {self.matcher!r} on {self.source}: n={o.n}"]
        ci = o.intervals
        lines.append(f"agreement  {o.agreement:6.2f}%{_interval(ci.get('agreement'), '%')}")
        lines.append(f"kappa      {_num(o.kappa, 3):>7}{_interval(ci.get('kappa'), '')}")
        lines.append(f"precision  {_num(o.precision, 2):>6}%   recall {_num(o.recall, 2)}%")
        lines.append(f"confusion  tp={o.tp} fp={o.fp} fn={o.fn} tn={o.tn}")
        lines.append(
            f"95% intervals: bootstrap over rows, {self.resamples} resamples, seed {self.seed}"
        )
        for name, figures in self.groups.items():
            if not figures:
                continue
            lines.append("")
            header = [name, "n", "agreement", "kappa", "precision", "recall"]
            rows = [
                [
                    key,
                    str(f.n),
                    f"{f.agreement:.2f}",
                    _num(f.kappa, 3),
                    _num(f.precision, 2),
                    _num(f.recall, 2),
                ]
                for key, f in figures.items()
            ]
            widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
            for row in [header, *rows]:
                lines.append(
                    "  ".join(
                        c.ljust(w) if i == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=True))
                    )
                )
        if self.disagreements:
            lines.append("")
            lines.append(f"disagreements (first {len(self.disagreements)}):")
            for d in self.disagreements:
                said = "correct" if d.human else "incorrect"
                lines.append(
                    f"line {d.line}: people say {said}, matcher {d.score:g} ({d.explanation})"
                )
                lines.append(f"  question:   {d.question}")
                lines.append(f"  answers:    {json.dumps(list(d.answers), ensure_ascii=False)}")
                lines.append(f"  prediction: {d.prediction}")
        return "\n".join(lines)


def _num(value: float | None, digits: int) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _interval(bounds: tuple[float | None, float | None] | None, unit: str) -> str:
    if not bounds or bounds[0] is None or bounds[1] is None:
        return ""
    digits = 2 if unit else 3
    return f"  [{bounds[0]:.{digits}f}, {bounds[1]:.{digits}f}]"


# --- reading ----------------------------------------------------------------------------


def _check_row(row: object, where: str, line: int) -> Judgment:
    def fail(message: str) -> InputError:
        return InputError(message, path=where, line=line)

    if not isinstance(row, Mapping):
        raise fail(f"expected a JSON object, got {type(row).__name__}")
    if "human" not in row:
        raise fail('no "human" field: give the people\'s verdict as true or false')
    human = row["human"]
    if not isinstance(human, bool):
        raise fail(f'"human" must be true or false, not {json.dumps(human)}')
    answers = row.get("answers")
    if isinstance(answers, str):
        answers = [answers]
    if not isinstance(answers, list | tuple) or not answers:
        raise fail('no answers: "answers" must be a non-empty list of gold answer strings')
    for answer in answers:
        if not isinstance(answer, str):
            raise fail(f'"answers" must hold strings, not {json.dumps(answer)}')
    prediction = row.get("prediction")
    if prediction is None:
        prediction = ""  # judged (as incorrect by every matcher), never skipped
    if not isinstance(prediction, str):
        raise fail(f'"prediction" must be a string, not {json.dumps(prediction)}')
    question = row.get("question") or ""
    if not isinstance(question, str):
        raise fail(f'"question" must be a string, not {json.dumps(question)}')
    lang = row.get("lang")
    if lang is not None and not isinstance(lang, str):
        raise fail(f'"lang" must be a string, not {json.dumps(lang)}')
    system = row.get("system")
    if system is not None and not isinstance(system, str):
        system = str(system)
    return Judgment(line, question, tuple(answers), prediction, human, lang or None, system)


def read_judgments(path: str | os.PathLike[str]) -> list[Judgment]:
    """The rows of a JSON Lines file of human judgments (``.gz`` allowed);
    a bad row is an :class:`~answermatch.errors.InputError` naming the file
    and the line. Lines end at ``"\\n"`` alone (a U+2028 in a string is
    no line end); blank lines are skipped.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "judged.jsonl")
    >>> with open(path, "w", encoding="utf-8") as out:
    ...     _ = out.write('{"answers": ["Paris"], "prediction": "Paris", "human": true}\\n')
    ...     _ = out.write('{"answers": ["Lima"], "prediction": "Cusco", "human": "no"}\\n')
    >>> read_judgments(path)
    Traceback (most recent call last):
    ...
    answermatch.errors.InputError: ...judged.jsonl:2: "human" must be true or false, not "no"
    >>> import shutil; shutil.rmtree(folder)
    """
    from .sources import NotFlat

    try:
        return list(_judgments_in_parts(path))
    except NotFlat:
        return list(_judgments_whole(path))


class _Unwarned(Diagnostics):
    """A key repeated in a row is not warned about (the last value wins,
    as ``json`` reads a row)."""

    def warn_each(self, *args: Any, **kwargs: Any) -> None:
        return None


def _judgments_in_parts(path: str | os.PathLike[str]) -> Iterator[Judgment]:
    """The rows of a file read in parts of whole lines
    (:func:`~answermatch.sources.jsonl_parts`: a long line decoded as it is
    read, its long strings on their own), each let go once given: the file
    is never held whole, nor an object per row. Where the whole reading
    (:func:`_judgments_whole`) could give another error first (a row's
    error, then invalid UTF-8 or a line that is not JSON later in the
    file), the file is read to its end first. Anything that reading refuses,
    and anything but a regular file, raises
    :class:`~answermatch.sources.NotFlat`, possibly after some rows were
    given: the caller then reads the file whole, for its values or error."""
    from collections import deque

    from .sources import jsonl_parts

    where = os.fspath(path)
    parts = jsonl_parts(path, diag=_Unwarned())
    given = False
    for numbers, objects in parts:
        objects.reverse()  # each row let go once checked
        for number in numbers:
            try:
                row = _check_row(objects.pop(), where, number)
            except InputError:
                objects.clear()
                deque(parts, maxlen=0)  # invalid UTF-8 or JSON after it comes first
                raise
            given = True
            yield row
            del row
        del numbers, objects  # not held while the next part is read
    if not given:
        raise InputError("no judgments: the file has no rows", path=where)


def _judgments_whole(path: str | os.PathLike[str]) -> Iterator[Judgment]:
    """The rows of a file read whole (a pipe outside
    :func:`~answermatch.sources.holding`, a file with an error), its lines
    split on ``"\\n"`` as :func:`_judgments_in_parts` reads them."""
    from .sources import json_error, json_limit_message, read_text

    where = os.fspath(path)
    rows: list[Judgment] = []
    for number, text in enumerate(read_text(where).split("\n"), start=1):
        if not text.strip():
            continue
        try:
            row = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(json_error(exc), path=where, line=number) from None
        except (RecursionError, ValueError) as exc:
            raise InputError(json_limit_message(exc), path=where, line=number) from None
        rows.append(_check_row(row, where, number))
    if not rows:
        raise InputError("no judgments: the file has no rows", path=where)
    yield from rows


# --- measuring ------------------------------------------------------------------------------

#: A run of characters :meth:`str.split` does not split at (``re``'s ``\\S``
#: is the complement of :meth:`str.isspace`, which ``str.split`` reads).
_WORD = re.compile(r"\S+")


def _length_key(prediction: str) -> str:
    """The answer-length group of ``prediction``: its words counted up to
    one more than :data:`SHORT_ANSWER_WORDS`, without a list of them (a
    long prediction is not copied word by word).

    >>> _length_key("It is Paris."), _length_key("one two three four five six")
    ('<=5 words', '>5 words')
    """
    words = sum(1 for _ in islice(_WORD.finditer(prediction), SHORT_ANSWER_WORDS + 1))
    return (
        f"<={SHORT_ANSWER_WORDS} words"
        if words <= SHORT_ANSWER_WORDS
        else f">{SHORT_ANSWER_WORDS} words"
    )


class _Column:
    """A group key of every row, held as the place of the key among the
    distinct keys (4 bytes a row)."""

    __slots__ = ("keys", "places", "rows")

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.places: dict[str, int] = {}
        self.rows = array("I")

    def add(self, key: str) -> None:
        place = self.places.get(key)
        if place is None:
            place = self.places[key] = len(self.keys)
            self.keys.append(key)
        self.rows.append(place)


class _Tally:
    """What the figures need of the rows judged: each row's confusion cell
    (one byte) and its keys per group (:class:`_Column`), and the first
    ``errors`` disagreeing rows, whole."""

    __slots__ = ("cells", "columns", "errors", "shown")

    def __init__(self, errors: int) -> None:
        self.cells = bytearray()
        self.columns = {name: _Column() for name in ("system", "lang", "length")}
        self.errors = errors
        self.shown: list[Judgment] = []

    def add(self, row: Judgment, judged: bool, lang: str | None) -> None:
        self.cells.append(_cell(judged, row.human))
        columns = self.columns
        columns["system"].add(row.system or "-")
        columns["lang"].add(row.lang or lang or "-")
        columns["length"].add(_length_key(row.prediction))
        if judged != row.human and len(self.shown) < self.errors:
            self.shown.append(row)


def meta_eval(
    rows_or_path: str | os.PathLike[str] | Iterable[Mapping[str, Any]],
    *,
    matcher: str = "lenient",
    lang: str | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    errors: int = 0,
) -> MetaEvalResult:
    """Judge every row with ``matcher`` and measure its agreement with the
    people (see :mod:`answermatch.metaeval`).

    ``rows_or_path``: a JSON Lines file or an iterable of row dicts;
    ``matcher``: a name :func:`~answermatch.matchers.named.get_matcher`
    knows (``em``, ``f1``, ``containment``, ``lenient`` by default, a
    registered name or ``module:function``); ``lang``: the language of rows
    that do not give one; ``resamples``/``seed``: the bootstrap (0
    resamples: no intervals); ``errors``: how many disagreements to keep,
    with their explanation.

    A file is read in parts and each row judged as it is read: what is
    kept of a row is its verdicts and group keys (a few bytes), not its
    texts.

    >>> r = meta_eval([{"answers": ["1972"], "prediction": "19725", "human": False}], resamples=0)
    >>> r.agreement, r.kappa
    (100.0, None)
    """
    from .matchers.named import get_matcher
    from .resampling import check_draws
    from .sources import NotFlat

    if resamples:
        check_draws(resamples, seed)
    if not isinstance(errors, int) or isinstance(errors, bool) or errors < 0:
        raise AnswermatchError(f"errors must be a whole number of 0 or more, got {errors!r}")
    judge = get_matcher(matcher)
    if isinstance(rows_or_path, str | os.PathLike):
        source = os.fspath(rows_or_path)
        try:
            tally = _judge_rows(_judgments_in_parts(rows_or_path), judge, source, lang, errors)
        except NotFlat:  # read whole, for its values or error
            tally = _judge_rows(_judgments_whole(rows_or_path), judge, source, lang, errors)
    else:
        source = "<rows>"
        given = (_check_row(row, source, i) for i, row in enumerate(rows_or_path, start=1))
        tally = _judge_rows(given, judge, source, lang, errors)
        if not tally.cells:
            raise InputError("no judgments: no rows were given", path=source)
    overall, groups = _figures(tally.cells, tally.columns, resamples, seed)
    shown = [_disagreement(row, matcher, lang) for row in tally.shown]
    return MetaEvalResult(matcher, source, overall, groups, shown, resamples, seed)


def _judge_rows(
    rows: Iterable[Judgment], judge: Any, source: str, lang: str | None, errors: int
) -> _Tally:
    """Every row judged as it comes (:class:`_Tally`). A matcher's error
    is raised once every row is read, after the error of any row (as when
    the rows are all read first)."""
    tally = _Tally(errors)
    failed: InputError | None = None
    for row in rows:
        if failed is not None:
            continue  # only read, for a row's error
        try:
            score = judge(row.prediction, row.answers, lang=row.lang or lang, question=row.question)
        except AnswermatchError as exc:
            failed = InputError(str(exc), path=source, line=row.line)
            continue
        tally.add(row, score >= 0.5, lang)
        del row
    if failed is not None:
        raise failed
    return tally


def _cell(judged: bool, human: bool) -> int:
    """0 tp, 1 fp, 2 fn, 3 tn."""
    return (0 if human else 1) if judged else (2 if human else 3)


def _counts(cells: Iterable[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for cell in cells:
        counts[cell] += 1
    return counts


def _figures(
    cells: bytearray, keys: dict[str, _Column], resamples: int, seed: int
) -> tuple[Figures, dict[str, dict[str, Figures]]]:
    """The overall figures and those of every group (keys in sorted order),
    with bootstrap intervals of agreement and kappa when ``resamples``."""
    grouped: dict[str, dict[str, list[int]]] = {}
    for name, column in keys.items():
        counts = [[0, 0, 0, 0] for _ in column.keys]
        for place, cell in zip(column.rows, cells, strict=True):
            counts[place][cell] += 1
        grouped[name] = dict(sorted(zip(column.keys, counts, strict=True)))
    intervals = _intervals(cells, keys, resamples, seed) if resamples else {}
    overall = Figures.of(*_counts(cells))
    overall = _with(overall, intervals.get(("all", "all")))
    groups = {
        name: {
            key: _with(Figures.of(*counts), intervals.get((name, key)))
            for key, counts in per.items()
        }
        for name, per in grouped.items()
    }
    return overall, groups


def _with(figures: Figures, bounds: dict[str, tuple[float | None, float | None]] | None) -> Figures:
    if not bounds:
        return figures
    return Figures(**{**figures.__dict__, "intervals": bounds})


def _intervals(
    cells: bytearray, keys: dict[str, _Column], resamples: int, seed: int
) -> dict[tuple[str, str], dict[str, tuple[float | None, float | None]]]:
    """95% percentile intervals of agreement and kappa, overall and per
    group, from one bootstrap over the rows (:mod:`answermatch.resampling`)."""
    from .resampling import Groups, Plan, bootstrap_totals

    names = list(keys)
    # the finest partition: every combination of the groups' keys, each
    # row's given as the place of its combination among them
    places: dict[tuple[int, ...], int] = {}
    combined = [
        places.setdefault(combination, len(places))
        for combination in zip(*(keys[name].rows for name in names), strict=True)
    ]
    named = [
        tuple(keys[name].keys[place] for name, place in zip(names, combination, strict=True))
        for combination in places
    ]
    groups = Groups(combined)
    del combined
    columns = [[[1.0 if cells[k] == c else 0.0 for k in groups.order] for c in range(4)]]
    samples: dict[tuple[str, str], list[tuple[float, float | None]]] = {}
    for ((totals, _rows),) in bootstrap_totals(columns, Plan(groups, resamples, seed)):
        sums: dict[tuple[str, str], list[float]] = {}
        for place, (_size, counts) in totals.items():
            key = named[place]  # type: ignore[index]
            for target in [("all", "all"), *((name, key[i]) for i, name in enumerate(names))]:
                found = sums.setdefault(target, [0.0, 0.0, 0.0, 0.0])
                for c in range(4):
                    found[c] += counts[c]
        for target, (tp, fp, fn, tn) in sums.items():
            n = tp + fp + fn + tn
            samples.setdefault(target, []).append(
                (100.0 * (tp + tn) / n, _kappa(int(tp), int(fp), int(fn), int(tn)))
            )
    out = {}
    for target, values in samples.items():
        agreements = sorted(a for a, _ in values)
        kappas = sorted(k for _, k in values if k is not None)
        out[target] = {
            "agreement": _percentiles(agreements),
            "kappa": _percentiles(kappas),
        }
    return out


def _percentiles(values: Sequence[float]) -> tuple[float | None, float | None]:
    """The 2.5th and 97.5th percentiles of sorted ``values`` (nearest rank)."""
    if not values:
        return None, None
    last = len(values) - 1
    return values[round(0.025 * last)], values[round(0.975 * last)]


def _disagreement(row: Judgment, matcher: str, lang: str | None) -> Disagreement:
    from .matchers.named import get_matcher

    language = row.lang or lang
    if matcher == "lenient":
        from .matchers.lenient import judge

        verdict = judge(row.prediction, row.answers, lang=language, question=row.question)
        score, explanation = verdict.score, f"{verdict.rule}: {verdict.detail}"
    else:
        score = float(
            get_matcher(matcher)(row.prediction, row.answers, lang=language, question=row.question)
        )
        explanation = f"{matcher} scores {score:g}"
    return Disagreement(
        row.line,
        row.question,
        row.answers,
        row.prediction,
        row.human,
        score,
        explanation,
        row.system,
        language,
    )
