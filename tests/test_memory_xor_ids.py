"""Memory of XOR's gold ids (issue 25): reading predictions against a large
gold, and checking its ids for repeats, finds them by the gold's
:class:`~answermatch.items.Places` (8 bytes an id) where a set of the ids,
decoded again from the gold's packed column, took about 100 bytes an id
(``score xor-full`` of a 51 MB gold peaked at 2.2 times the input)."""

from __future__ import annotations

import json
import warnings

import pytest

import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning
from answermatch.items import TextColumn
from answermatch.tasks import get_task
from answermatch.tasks.xor.data import XorGold, warn_duplicate_gold_ids
from conftest import traced_peak

#: gold questions of the tests: a set of their ids takes about 10 MB
_QUESTIONS = 100_000


def _big_gold(count=_QUESTIONS, repeat=None):
    """A gold of ``count`` questions, its ids packed as the reader packs
    them (``repeat``: that id given again last)."""
    ids = [f"-{k * 7919:019d}-{k % 70}" for k in range(count)]
    if repeat is not None:
        ids.append(ids[repeat])
    n = len(ids)
    return XorGold(TextColumn(ids), ["fi"] * n, [("x",)] * n, [False] * n, list(range(1, n + 1)))


def _read(task_name, path, gold):
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        found = get_task(task_name).read_predictions(str(path), gold, diag)
    return dict(found), diag.messages


@pytest.mark.parametrize("task_name", ["xor-full", "xor-engspan"])
@pytest.mark.parametrize("parts", [True, False], ids=["in parts", "whole"])
def test_predictions_of_a_large_gold_hold_no_set_of_its_ids(
    monkeypatch, tmp_path, task_name, parts
):
    """A few predictions against 100,000 gold questions: the reading peaked
    at a set of the gold's ids (about 10 MB); now their places (under 2 MB),
    with the same predictions and warnings."""
    gold = _big_gold()
    path = tmp_path / "pred.json"
    entries = {gold.ids[k]: f"answer {k}" for k in range(0, _QUESTIONS, 500)}
    entries.update((f"x{k}", "other") for k in range(2_000))
    path.write_text(json.dumps(entries), encoding="utf-8")
    if parts:  # a file of a few parts
        monkeypatch.setattr(sources, "PART_BYTES", 4096)
    task = get_task(task_name)
    peak = traced_peak(task.read_predictions, str(path), gold, Diagnostics(), quiet=True)
    assert peak < 3_000_000, peak
    found, messages = _read(task_name, path, gold)
    assert found == {k: v for k, v in entries.items() if not k.startswith("x")}
    assert messages == [
        f"{path}: 2000 prediction id(s) are not in the gold and are ignored "
        "('x0', 'x1', 'x2' and 1997 more)"
    ]


def test_gold_ids_checked_for_repeats_without_a_set():
    """Whether a large gold repeats an id is told by its places: the check
    peaked at a set of the ids (about 10 MB)."""
    gold = _big_gold()
    peak = traced_peak(warn_duplicate_gold_ids, gold, "gold.jsonl", Diagnostics(), "counted")
    assert peak < 3_000_000, peak
    repeated = _big_gold(1_000, repeat=5)
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        warn_duplicate_gold_ids(repeated, "gold.jsonl", diag, "counted")
    assert diag.messages == [
        f"gold.jsonl:1001: 1 gold question(s) repeat an earlier id ({repeated.ids[5]!r}); counted"
    ]
