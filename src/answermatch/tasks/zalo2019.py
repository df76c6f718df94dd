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
    accepted. Loaded objects work too: gold as the parsed test.json list or
    ``{test_id: [paragraph ids]}``, submission as ``{test_id: [paragraph ids]}``
    or a list of ``(test_id, paragraph_id)`` pairs.

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
    expressed: use a labelled test.json for that.

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
>>> from answermatch.diagnostics import Diagnostics
>>> evaluate(gold, sub, profile="official", diag=Diagnostics()).scores  # TP 1 of 3 and 2
{'f1': 40.0, 'precision': 33.33..., 'recall': 50.0}
>>> r = evaluate(gold, sub, profile="official", diag=Diagnostics(), average="macro")
>>> r.scores  # test_1: P 1/2, R 1/2, F1 1/2; test_2: 0, 0, 0
{'f1': 25.0, 'precision': 25.0, 'recall': 25.0}
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..diagnostics import Diagnostics
from ..errors import InputError
from ..result import Result
from ..signature import make_signature
from ..sources import is_path, load_json, read_text, source_name
from .base import TaskSpec

HEADER = ("test_id", "answer")


@dataclass(frozen=True)
class Case:
    """One gold test case: its paragraph ids (``None`` for a CSV gold) and the correct ones."""

    id: str
    paragraphs: tuple[str, ...] | None
    gold: tuple[str, ...]


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


def _where(index: int, case_id: object = None) -> str:
    return f"test case #{index + 1}" + (f" ({case_id!r})" if isinstance(case_id, str) else "")


def _cases_from_json(data: Any, path: str) -> list[Case]:
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
    for case_id, where, paragraphs in parsed:
        for pid, paragraph in paragraphs:
            label = paragraph.get("label")
            if not isinstance(label, bool):
                found = "no 'label'" if "label" not in paragraph else f"label {label!r}"
                raise InputError(
                    f'{where}, paragraph {pid!r}: expected "label": true or false, found {found}',
                    path=path,
                )
        ids = tuple(pid for pid, _ in paragraphs)
        gold = tuple(pid for pid, p in paragraphs if p["label"])
        cases.append(Case(case_id, ids, gold))
    return cases


def read_gold(source: Any, diag: Diagnostics) -> list[Case]:
    """Gold test cases in order, from a labelled test.json, a CSV of pairs, or objects."""
    path = source_name(source)
    if is_path(source):
        text = read_text(source).lstrip("\ufeff")
        if text.lstrip().startswith("["):
            cases = _cases_from_json(load_json(source, diag=diag), path)
        else:
            pairs = _read_csv(text, path, diag).pairs
            cases = [Case(t, None, tuple(ps)) for t, ps in pairs.items()]
    elif isinstance(source, list) and all(isinstance(c, dict) for c in source):
        cases = _cases_from_json(source, path)
    else:
        pairs = _from_pairs(source, path, diag).pairs
        cases = [Case(t, None, tuple(ps)) for t, ps in pairs.items()]
    if not cases:
        raise InputError("the gold has no test cases", path=path)
    return cases


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
        raise InputError(
            f"{len(unknown)} test id(s) are not in the gold: {shown}",
            path=submission.path,
            line=first_line,
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


def _micro(items: list[dict[str, Any]]) -> tuple[float, float, float]:
    tp = sum(item["true_positives"] for item in items)
    return prf(tp, sum(len(i["predicted"]) for i in items), sum(len(i["gold"]) for i in items))


def _macro(items: list[dict[str, Any]]) -> tuple[float, float, float]:
    n = len(items)
    return (
        sum(i["precision"] for i in items) / n,
        sum(i["recall"] for i in items) / n,
        sum(i["f1"] for i in items) / n,
    )


AVERAGES: dict[str, Callable[[list[dict[str, Any]]], tuple[float, float, float]]] = {
    "micro": _micro,
    "macro": _macro,
}


@dataclass(frozen=True)
class Profile:
    """What decides the numbers besides the options; a new profile is a new instance."""

    name: str
    average: str  # the default of the ``average`` option


#: ``fair`` is an alias of ``official``: the task selects paragraphs by id,
#: with no text to normalize or tokenize, and micro F1 over the selected
#: pairs has no quirk to correct. Only the profile name in the signature differs.
PROFILES: dict[str, Profile] = {
    "official": Profile("official", average="micro"),
    "fair": Profile("fair", average="micro"),
}


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


def evaluate(
    gold: Any,
    predictions: Any,
    *,
    profile: str,
    diag: Diagnostics,
    average: str | None = None,
) -> Result:
    """Score a submission; ``scores`` are ``f1``, ``precision`` and ``recall`` in percent."""
    settings = PROFILES[profile]
    average = settings.average if average is None else average
    if average not in AVERAGES:
        raise InputError(f"option average must be one of {', '.join(AVERAGES)}, not {average!r}")
    cases = read_gold(gold, diag)
    submission = read_submission(predictions, diag)
    _check(cases, submission)
    items = [_item(case, list(submission.pairs.get(case.id, {}))) for case in cases]
    precision, recall, f1 = AVERAGES[average](items)
    return Result(
        task=TASK.name,
        profile=profile,
        scores={"f1": 100.0 * f1, "precision": 100.0 * precision, "recall": 100.0 * recall},
        per_language={},
        n=len(items),
        signature=make_signature(TASK.name, profile, extra={"average": average}),
        items=items,
        warnings=tuple(diag.messages),
    )


TASK = TaskSpec(
    name="zalo2019",
    summary="Zalo AI 2019 Vietnamese Wiki QA: F1 of selected (test case, paragraph) pairs",
    evaluate=evaluate,
    primary="f1",
    profiles=tuple(PROFILES),
    languages=("vi",),
    options={"average": "micro (default: F1 over all pairs) or macro (mean over test cases)"},
)

__all__ = ["PROFILES", "TASK", "evaluate", "prf", "read_gold", "read_submission"]
