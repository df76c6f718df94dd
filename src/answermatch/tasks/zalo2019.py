"""Zalo AI Challenge 2019, Vietnamese Wiki Question Answering: paragraph selection F1.

Each test case is a question with a few Wikipedia paragraphs; a system
submits the (test case, paragraph) pairs whose paragraph answers the
question, and is scored by F1. No scorer or leaderboard figures were
published, and the task text does not say how F1 is averaged, so the rules
below are this module's (the spec in the project notes reads the task as F1
over pairs).

Files
    *Submission* (the layout of the official ``sample_submmision.csv``): a CSV
    with the header ``test_id,answer`` and one row per selected pair, e.g.
    ``test_0001,p2``; cases with no answer are simply absent.
    *Gold*, either a ``test.json`` whose paragraphs carry ``"label": true`` or
    ``false`` (as the labelled private-test copy does: a list of ``{"__id__",
    "question", "title", "paragraphs": [{"id", "text", "label"}]}``), or a CSV
    in the submission layout listing the correct pairs. The kind is told from
    the content (JSON starts with ``[``). UTF-8, ``.gz`` allowed, a BOM is
    accepted (and dropped). Loaded objects work too: gold as the parsed
    test.json list (:class:`ZaloCase` records) or ``{test_id: [correct
    paragraph ids]}``, submission as ``{test_id: [paragraph ids]}`` or a list
    of ``(test_id, paragraph_id)`` pairs.

Checks
    A test.json without labels (the public ``test.json``) is an error that
    says so; so is a label that is not a JSON boolean, a missing or duplicate
    ``__id__``/paragraph ``id``, or the flat training layout (one paragraph per
    item). A submission header other than ``test_id,answer``, a row without
    exactly two non-empty cells, a test id that is not in the gold and, when
    the gold is a test.json, a paragraph id that the test case does not have
    are errors naming the file and line. A repeated row is counted once, with
    a warning (an error with ``strict=True``). With a CSV gold the test cases
    are the ids it lists, so a case without any correct paragraph cannot be
    expressed: use a labelled test.json for that. An empty gold file, JSON
    nested too deeply to read and any other shape of loaded object are
    errors that say what was expected. ``score``, ``explain`` and
    ``check-gold`` read the files with the same readers.

Scores (percent)
    ``average="micro"`` (the default): true positives, submitted pairs and
    gold pairs are summed over all cases; precision = TP / submitted, recall
    = TP / gold, F1 = 2PR / (P + R). ``average="macro"``: the same three
    figures per test case, each averaged over every gold test case (F1 is the
    mean of the per-case F1s, not the F1 of the mean P and R). An empty
    denominator gives 1 when the submission and the gold are both empty
    (nothing to find, nothing claimed) and 0 otherwise: an empty submission
    has precision 0 against a non-empty gold, and a case without correct
    paragraphs scores 1 when nothing is submitted for it and 0 otherwise.
    F1 is 0 when P + R is 0. Items give the per-case figures whichever
    average is chosen (``score`` is the case's F1, a fraction).

>>> gold = [{"__id__": "test_1", "paragraphs": [
...             {"id": "p1", "label": True}, {"id": "p2", "label": False},
...             {"id": "p3", "label": True}]},
...         {"__id__": "test_2", "paragraphs": [
...             {"id": "p1", "label": False}, {"id": "p2", "label": False}]}]
>>> sub = [("test_1", "p1"), ("test_1", "p2"), ("test_2", "p2")]
>>> task = Zalo2019()
>>> task.evaluate(gold, sub).scores  # TP 1 of 3 and 2
{'f1': 40.0, 'precision': 33.33..., 'recall': 50.0}
>>> r = task.evaluate(gold, sub, average="macro")
>>> r.scores  # test_1: P 1/2, R 1/2, F1 1/2; test_2: 0, 0, 0
{'f1': 25.0, 'precision': 25.0, 'recall': 25.0}
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict

from ..checks import Entry, GoldChecks, check_ids, check_no_positive
from ..diagnostics import Diagnostics
from ..errors import InputError
from ..explanation import Explanation, TextView, Variant, verdict
from ..profiles import Settings, choice
from ..sources import duplicate_key_hook, is_path, read_text, source_name
from .base import (
    COUNT,
    FRACTION,
    Aggregation,
    Inputs,
    Scored,
    Stats,
    Summary,
    Task,
    Totals,
    make_signature,
)
from .parts import ChecksGold, Explains, TakesRows

__all__ = [
    "PROFILES",
    "Case",
    "Profile",
    "Submission",
    "Zalo2019",
    "ZaloCase",
    "ZaloParagraph",
    "prf",
    "read_gold",
    "read_submission",
]

NAME = "zalo2019"
HEADER = ("test_id", "answer")


class ZaloParagraph(TypedDict, total=False):
    """A paragraph of a labelled test case (``text`` is not read)."""

    id: str
    label: bool
    text: str


class ZaloCase(TypedDict, total=False):
    """A test case of a labelled ``test.json`` (``question`` and ``title``
    are not read)."""

    __id__: str
    question: str
    title: str
    paragraphs: list[ZaloParagraph]


@dataclass(frozen=True)
class Case:
    """One gold test case: its paragraph ids (``None`` for a CSV gold), the
    correct ones, and the line where it starts (``None`` when unknown)."""

    id: str
    paragraphs: tuple[str, ...] | None
    gold: tuple[str, ...]
    line: int | None = None


@dataclass
class Submission:
    """Submitted pairs per test case, in file order, with the line of each first row."""

    path: str
    pairs: dict[str, dict[str, int | None]]

    def add(self, test_id: str, paragraph: str, line: int | None, diag: Diagnostics) -> None:
        if not test_id or not paragraph:
            raise InputError(
                "empty test_id or answer; expected a test id and a paragraph id",
                path=self.path,
                line=line,
            )
        case = self.pairs.setdefault(test_id, {})
        if paragraph in case:
            first = case[paragraph]
            where = f" (first on line {first})" if first is not None else ""
            diag.warn(
                f"repeated pair {test_id},{paragraph}{where}; counted once",
                path=self.path,
                line=line,
            )
            return
        case[paragraph] = line


# --- reading -----------------------------------------------------------------


def _csv_rows(text: str, path: str) -> Iterable[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader, None)
        found = None if header is None else tuple(cell.strip() for cell in header)
        if found != HEADER:
            raise InputError(
                f"expected the header test_id,answer, found "
                f"{','.join(found) if found else 'an empty file'!r}",
                path=path,
                line=1,
            )
        for row in reader:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            if len(row) != 2:
                raise InputError(
                    f"expected 2 cells (test_id,answer), found {len(row)}",
                    path=path,
                    line=reader.line_num,
                )
            yield reader.line_num, [cell.strip() for cell in row]
    except csv.Error as exc:
        raise InputError(f"malformed CSV ({exc})", path=path, line=reader.line_num) from None


def _read_csv(text: str, path: str, diag: Diagnostics) -> Submission:
    submission = Submission(path, {})
    for line, (test_id, paragraph) in _csv_rows(text, path):
        submission.add(test_id, paragraph, line, diag)
    return submission


def _from_pairs(source: Any, path: str, diag: Diagnostics) -> Submission:
    """``{test_id: [paragraph ids]}`` or an iterable of ``(test_id, paragraph_id)``."""
    submission = Submission(path, {})
    if isinstance(source, Mapping):
        pairs: Iterable[Any] = [(t, p) for t, ps in source.items() for p in _as_list(ps, path)]
    elif isinstance(source, Iterable) and not isinstance(source, (str, bytes)):
        pairs = source
    else:
        raise InputError(
            "expected a path, {test_id: [paragraph ids]} or a list of "
            f"(test_id, paragraph_id) pairs, not {type(source).__name__}",
            path=path,
        )
    for pair in pairs:
        if not (
            isinstance(pair, (tuple, list))
            and len(pair) == 2
            and all(isinstance(x, str) for x in pair)
        ):
            raise InputError(
                f"expected a (test_id, paragraph_id) pair of strings, found {pair!r}", path=path
            )
        submission.add(pair[0], pair[1], None, diag)
    return submission


def _as_list(value: Any, path: str) -> list[Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InputError(f"expected a list of paragraph ids, found {value!r}", path=path)
    return list(value)


def _shown(value: Any) -> str:
    """``repr(value)`` for a message, cut short (and without printing a huge integer)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _where(index: int, case_id: object = None) -> str:
    return f"test case #{index + 1}" + (f" ({case_id!r})" if isinstance(case_id, str) else "")


def _cases_from_json(data: Any, path: str, text: str | None = None) -> list[Case]:
    if not isinstance(data, list):
        raise InputError(
            "expected a JSON list of test cases (the test.json layout), "
            f"found a {type(data).__name__}",
            path=path,
        )
    if not data:
        raise InputError("the gold has no test cases", path=path)
    parsed: list[tuple[str, str, list[tuple[str, dict[str, Any]]]]] = []
    seen: set[str] = set()
    for index, case in enumerate(data):
        if isinstance(case, dict) and "paragraphs" not in case and "label" in case:
            raise InputError(
                f"{_where(index)} has a 'label' but no 'paragraphs': this is the "
                "training layout (one paragraph per item), not a test.json",
                path=path,
            )
        if not isinstance(case, dict) or not isinstance(case.get("paragraphs"), list):
            raise InputError(
                f"{_where(index)}: expected an object with '__id__' and a list of 'paragraphs'",
                path=path,
            )
        case_id = case.get("__id__")
        where = _where(index, case_id)
        if not isinstance(case_id, str) or not case_id:
            raise InputError(f"{where}: '__id__' must be a non-empty string", path=path)
        if case_id in seen:
            raise InputError(f"{where}: duplicate test id", path=path)
        seen.add(case_id)
        paragraphs: list[tuple[str, dict[str, Any]]] = []
        for number, paragraph in enumerate(case["paragraphs"], start=1):
            pid = paragraph.get("id") if isinstance(paragraph, dict) else None
            if not isinstance(pid, str) or not pid:
                raise InputError(
                    f"{where}, paragraph #{number}: expected an object with a string 'id'",
                    path=path,
                )
            if any(pid == known for known, _ in paragraphs):
                raise InputError(f"{where}: duplicate paragraph id {pid!r}", path=path)
            paragraphs.append((pid, paragraph))
        parsed.append((case_id, where, paragraphs))
    if not any("label" in p for _, _, ps in parsed for _, p in ps):
        raise InputError(
            "no paragraph carries a 'label', so this test.json has no answers "
            "(the public test.json is unlabelled); the gold must be a test.json "
            'whose paragraphs have "label": true or false, or a CSV of the '
            "correct test_id,answer pairs",
            path=path,
        )
    cases: list[Case] = []
    offset, lines = 0, 1  # where the search goes on, and the line there
    for case_id, where, paragraphs in parsed:
        for pid, paragraph in paragraphs:
            label = paragraph.get("label")
            if not isinstance(label, bool):
                found = "no 'label'" if "label" not in paragraph else f"label {_shown(label)}"
                raise InputError(
                    f'{where}, paragraph {pid!r}: expected "label": true or false, found {found}',
                    path=path,
                )
        ids = tuple(pid for pid, _ in paragraphs)
        gold = tuple(pid for pid, p in paragraphs if p["label"])
        line = None
        if text is not None:
            line, offset, lines = _json_line(text, case_id, offset, lines)
        cases.append(Case(case_id, ids, gold, line))
    return cases


def _parse_json(text: str, path: str, diag: Diagnostics) -> Any:
    """Parse a whole JSON text; a repeated key warns (the last value wins)."""
    try:
        return json.loads(text, object_pairs_hook=duplicate_key_hook(path, diag))
    except json.JSONDecodeError as exc:
        raise InputError(
            f"not valid JSON ({exc.msg} at column {exc.colno})", path=path, line=exc.lineno
        ) from None
    except RecursionError:
        raise InputError(
            "JSON nested too deeply to read; expected a list of test cases", path=path
        ) from None


def _json_line(text: str, value: Any, start: int, line: int) -> tuple[int | None, int, int]:
    """The line of the next ``"__id__": value`` at or after ``start`` (on
    line ``line``) in a JSON ``text``, where to search from next and its
    line (the newlines are counted from ``start`` only: counting them from
    the text's start for every case made a large gold take minutes).

    >>> _json_line('[{"__id__": "a"},\\n {"__id__": "b"}]', "b", 0, 1)
    (2, 33, 2)
    """
    if not isinstance(value, str):
        return None, start, line
    for encoded in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        at = start
        while (found := _ID_KEY.search(text, at)) is not None:
            if text.startswith(encoded, found.end()):
                line += text.count("\n", start, found.start())
                end = found.end() + len(encoded)
                return line, end, line + text.count("\n", found.start(), end)
            at = found.end()
    return None, start, line


# the key of a case's id; its value is compared as a string (a pattern per
# id, compiled for every case, took most of a large gold's reading)
_ID_KEY = re.compile(r'"__id__"\s*:\s*')


def read_gold(source: Any, diag: Diagnostics) -> list[Case]:
    """Gold test cases in order, from a labelled test.json, a CSV of pairs, or objects."""
    path = source_name(source)
    if is_path(source):
        text = read_text(source)
        if text.startswith("\ufeff"):
            text = text[1:]
        if not text.strip():
            raise InputError(
                "the gold file is empty; expected a labelled test.json or a CSV of the "
                "correct test_id,answer pairs",
                path=path,
            )
        if text.lstrip().startswith("["):
            cases = _cases_from_json(_parse_json(text, path, diag), path, text)
        else:
            cases = _cases_from_pairs(_read_csv(text, path, diag))
    elif isinstance(source, list) and all(isinstance(c, dict) for c in source):
        cases = _cases_from_json(source, path)
    else:
        cases = _cases_from_pairs(_from_pairs(source, path, diag))
    if not cases:
        raise InputError("the gold has no test cases", path=path)
    return cases


def _cases_from_pairs(submission: Submission) -> list[Case]:
    return [
        Case(t, None, tuple(ps), next(iter(ps.values()), None))
        for t, ps in submission.pairs.items()
    ]


def read_submission(source: Any, diag: Diagnostics) -> Submission:
    """The submitted pairs, from a ``test_id,answer`` CSV or objects."""
    path = source_name(source)
    if is_path(source):
        return _read_csv(read_text(source).lstrip("\ufeff"), path, diag)
    return _from_pairs(source, path, diag)


def _check(cases: list[Case], submission: Submission) -> None:
    by_id = {case.id: case for case in cases}
    unknown = [t for t in submission.pairs if t not in by_id]
    if unknown:
        shown = ", ".join(unknown[:10]) + (
            f" and {len(unknown) - 10} more" if len(unknown) > 10 else ""
        )
        first_line = next(iter(submission.pairs[unknown[0]].values()))
        from_pairs = all(case.paragraphs is None for case in cases)
        raise InputError(
            f"{len(unknown)} test id(s) are not in the gold: {shown}"
            + (
                "; the gold is a CSV of correct pairs, which lists only the cases that have a "
                "correct paragraph: score against the labelled test.json to count the others"
                if from_pairs
                else ""
            ),
            path=submission.path,
            line=first_line,
            # with two CSVs of one layout, reading them the other way round proves nothing
            swapped=from_pairs,
        )
    for test_id, paragraphs in submission.pairs.items():
        known = by_id[test_id].paragraphs
        if known is None:
            continue
        for pid, line in paragraphs.items():
            if pid not in known:
                raise InputError(
                    f"test case {test_id!r} has no paragraph {pid!r} (its "
                    f"paragraphs: {', '.join(known)})",
                    path=submission.path,
                    line=line,
                )


# --- scoring -----------------------------------------------------------------


def prf(true_positives: int, submitted: int, gold: int) -> tuple[float, float, float]:
    """Precision, recall and F1 (fractions); an empty denominator gives 1 when
    both sides are empty and 0 otherwise.

    >>> prf(1, 2, 4)
    (0.5, 0.25, 0.3333333333333333)
    >>> prf(0, 0, 3), prf(0, 0, 0)
    ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0))
    """
    both_empty = float(submitted == 0 and gold == 0)
    precision = true_positives / submitted if submitted else both_empty
    recall = true_positives / gold if gold else both_empty
    total = precision + recall
    return precision, recall, (2 * precision * recall / total if total else 0.0)


@dataclass(frozen=True)
class Profile(Settings):
    """What decides the numbers besides the options; a new profile is a new
    instance. ``average``: the default of the ``average`` option."""

    average: str = choice("micro", "macro")


#: ``fair`` is an alias of ``official``: the task selects paragraphs by id,
#: with no text to normalize or tokenize, and micro F1 over the selected
#: pairs has no quirk to correct. Only the profile name in the signature differs.
PROFILES: dict[str, Profile] = {
    "official": Profile("official", average="micro"),
    "fair": Profile("fair", average="micro"),
}

#: The averages the ``average`` option names.
AVERAGES = Profile.choices("average")


def _average(settings: Profile, value: Any) -> str:
    average = settings.average if value is None else value
    if not isinstance(average, str) or average not in AVERAGES:
        raise InputError(
            f"option average must be one of {', '.join(AVERAGES)}, not {_shown(average)}"
        )
    return average


def _item(case: Case, predicted: list[str]) -> dict[str, Any]:
    tp = len(set(predicted) & set(case.gold))
    precision, recall, f1 = prf(tp, len(predicted), len(case.gold))
    return {
        "id": case.id,
        "score": f1,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "true_positives": tp,
        "predicted": predicted,
        "gold": list(case.gold),
    }


@dataclass(frozen=True)
class ZaloGold:
    """The gold test cases, in order, and the name of their source."""

    name: str
    cases: list[Case]


def _scored(inputs: Inputs) -> Iterator[tuple[Case, dict[str, Any]]]:
    """Every gold test case with its item, in gold order."""
    submission: Submission = inputs.predictions
    for case in inputs.gold.cases:
        yield case, _item(case, list(submission.pairs.get(case.id, {})))


def _micro_statistics(item: Any) -> Stats:
    return (item["true_positives"], len(item["predicted"]), len(item["gold"]))


def _macro_statistics(item: Any) -> Stats:
    return (item["precision"], item["recall"], item["f1"])


def _micro(totals: Totals, rows: list[Stats] | None) -> Summary:
    """Micro F1: true positives, submitted and gold pairs pooled over the cases."""
    _, (tp, submitted, gold) = totals.get(None, (0, (0.0, 0.0, 0.0)))
    precision, recall, f1 = prf(round(tp), round(submitted), round(gold))
    return Summary({"f1": 100.0 * f1, "precision": 100.0 * precision, "recall": 100.0 * recall})


def _macro(totals: Totals, rows: list[Stats] | None) -> Summary:
    """Macro: each figure averaged over the test cases."""
    n, (precision, recall, f1) = totals.get(None, (0, (0.0, 0.0, 0.0)))
    if not n:
        return Summary({"f1": 0.0, "precision": 0.0, "recall": 0.0})
    means = {"f1": f1 / n, "precision": precision / n, "recall": recall / n}
    return Summary({key: 100.0 * value for key, value in means.items()})


class Zalo2019(Task, Explains, ChecksGold, TakesRows):
    """Zalo AI 2019 Wiki QA (see :mod:`answermatch.tasks.zalo2019`)."""

    name = NAME
    plain_answers = (
        "it classifies (question, paragraph) pairs as answering or not; its gold is labelled "
        "paragraphs, not answer texts: score its files with answermatch.evaluate"
    )
    summary = "Zalo AI 2019 Vietnamese Wiki QA: F1 of selected (test case, paragraph) pairs"
    primary = "f1"
    profiles = PROFILES
    languages = ("vi",)
    options: ClassVar[Mapping[str, str]] = {
        "average": "micro (default: F1 over all pairs) or macro (mean over test cases)"
    }
    shapes: ClassVar[Mapping[str, str]] = {
        "gold": "a path to a labelled test.json or a CSV of the correct test_id,answer pairs "
        '(plain or .gz), the parsed test.json: a list of {"__id__": str, "paragraphs": '
        '[{"id": str, "label": bool}, ...]}, or a mapping {test_id: [correct paragraph ids]}',
        "predictions": "a path to a test_id,answer CSV (plain or .gz), a mapping {test_id: "
        "[paragraph ids]}, or a list of (test_id, paragraph_id) pairs",
    }
    gold_checks = GoldChecks(
        (check_ids, check_no_positive),
        id_problem=lambda value: (
            None if isinstance(value, str) and value else "missing or empty __id__"
        ),
        no_positive_severity="info",
    )

    def read_gold(self, source: Any, diag: Diagnostics, **options: Any) -> ZaloGold:
        _average(PROFILES["official"], options.get("average"))
        return ZaloGold(source_name(source), read_gold(source, diag))

    def read_predictions(
        self, source: Any, gold: ZaloGold, diag: Diagnostics, **options: Any
    ) -> Submission:
        submission = read_submission(source, diag)
        _check(gold.cases, submission)
        return submission

    def split_rows(
        self, rows: list[dict[str, Any]], *, key: str = "id", prediction: str = "prediction"
    ) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
        """Test cases of test.json (``{"__id__", "paragraphs": [{"id",
        "label"}, ...]}``; ``key`` stands for ``__id__`` when that is absent)
        whose ``prediction`` is the list of selected paragraph ids, as the
        cases and the submission ``{test_id: [paragraph ids]}`` (``None``:
        nothing selected).

        >>> gold, sub = Zalo2019().split_rows([{"__id__": "test_1", "paragraphs": [
        ...     {"id": "p1", "label": True}], "prediction": ["p1"]}])
        >>> sub
        {'test_1': ['p1']}
        """
        gold = [
            {
                **({"__id__": row[key]} if "__id__" not in row and key in row else {}),
                **{k: v for k, v in row.items() if k != prediction},
            }
            for row in rows
        ]
        submission = {
            case.get("__id__"): list(row[prediction])
            for case, row in zip(gold, rows, strict=True)
            if row.get(prediction) is not None
        }
        return gold, submission

    def score(self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any) -> Scored:
        average = _average(settings, options.get("average"))
        items = [item for _, item in _scored(inputs)]
        return Scored(items, make_signature(NAME, settings.name, extra={"average": average}))

    def option_fields(self, settings: Profile, **options: Any) -> dict[str, str | None]:
        """``average``: micro or macro."""
        return {"average": _average(self.settings(settings), options.get("average"))}

    def aggregation(self, settings: Profile, **options: Any) -> Aggregation:
        """``micro``: F1 of the pooled pair counts; ``macro``: the mean of
        each test case's precision, recall and F1."""
        if _average(settings, options.get("average")) == "macro":
            return Aggregation(
                statistics=_macro_statistics, combine=_macro, primary="f1", ranges=(FRACTION,) * 3
            )
        return Aggregation(
            statistics=_micro_statistics, combine=_micro, primary="f1", ranges=(COUNT,) * 3
        )

    def explain(
        self, inputs: Inputs, settings: Profile, diag: Diagnostics, **options: Any
    ) -> Iterator[Explanation]:
        """Per test case: its paragraphs, which are correct and which were
        submitted, and the case's precision, recall and F1."""
        _average(settings, options.get("average"))
        for case, item in _scored(inputs):
            predicted = item["predicted"]
            paragraphs = case.paragraphs if case.paragraphs is not None else case.gold
            unknown = [pid for pid in predicted if pid not in paragraphs]
            yield Explanation(
                NAME,
                settings.name,
                case.id,
                "vi",
                TextView(",".join(predicted), ",".join(predicted), tuple(predicted)),
                tuple(
                    Variant(
                        TextView(pid, pid),
                        {},
                        "correct paragraph" if pid in case.gold else "incorrect paragraph",
                        pid in case.gold and pid in predicted,
                        {"submitted": pid in predicted},
                    )
                    for pid in (*paragraphs, *unknown)
                ),
                "precision, recall and F1 of the submitted paragraphs of this case",
                {k: item[k] for k in ("score", "precision", "recall", "f1", "true_positives")},
                verdict(item["f1"]),
            )

    def gold_entries(self, gold: ZaloGold) -> Iterable[Entry]:
        for case in gold.cases:
            if case.paragraphs is None:  # a CSV gold lists the correct pairs only
                yield Entry(case.id, case.line, case.gold, "vi", "1" * len(case.gold))
            else:
                labels = "".join("1" if pid in case.gold else "0" for pid in case.paragraphs)
                yield Entry(case.id, case.line, case.paragraphs, "vi", labels)
