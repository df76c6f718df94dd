"""Memory of XOR's gold ids (issue 25): reading predictions against a large
gold, and checking its ids for repeats, finds them by the gold's
:class:`~answermatch.items.Places` (8 bytes an id) where a set of the ids,
decoded again from the gold's packed column, took about 100 bytes an id
(``score xor-full`` of a 51 MB gold peaked at 2.2 times the input)."""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    return found, diag.messages  # a dict, or the answers by gold place (PlacedAnswers)


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


# --- XOR-Full keys cut after their last "_", an id given twice: read in parts -----------------


def _cut_file(path, entries):
    body = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in entries)
    path.write_text("{" + body + "}", encoding="utf-8")


def _whole(monkeypatch, path, gold):
    with monkeypatch.context() as patched:
        patched.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
        return _read("xor-full", path, gold)


def _parts_only(monkeypatch):
    """Small parts, and the whole reading refused (it must not be reached)."""
    import answermatch.tasks.xor.task as xor_task

    def whole(*args, **kwargs):
        raise AssertionError("read whole")

    monkeypatch.setattr(sources, "PART_BYTES", 256)
    monkeypatch.setattr(xor_task, "read_xor_predictions", whole)


_PREFIXES = ["", "ja_", "fi_", "a_b_"]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_cut_keys_given_again_are_read_in_parts_as_whole(monkeypatch, tmp_path, data):
    """Keys cut after their last "_" where some come to one id (the same key
    again, or another prefix), gold ids and others, in any order: the
    predictions, the duplicate-key warnings, the warning about the keys
    that lost (how many, the first three) and the one about other ids are
    those of the whole reading, which is never reached."""
    gold_ids = [f"q{k}" for k in range(30)]
    gold = XorGold(gold_ids, ["fi"] * 30, [("x",)] * 30, [False] * 30, list(range(1, 31)))
    qids = st.sampled_from([*gold_ids[:8], "x1", "x2", "x3", "x_4"])
    keys = st.builds(lambda p, q: p + q, st.sampled_from(_PREFIXES), qids)
    values = st.sampled_from(["Oulu", "東京", 'a "b"', "", "x\\y", "_"])
    entries = data.draw(st.lists(st.tuples(keys, values), min_size=1, max_size=60))
    entries += [(f"z_{k}", "filler") for k in range(data.draw(st.integers(0, 80)))]
    data.draw(st.randoms()).shuffle(entries)
    path = tmp_path / "pred.json"
    _cut_file(path, entries)
    expected = _whole(monkeypatch, path, gold)
    with monkeypatch.context() as patched:
        patched.setattr(sources, "PARTS_FROM", 0)  # never too small for parts
        _parts_only(patched)
        found = _read("xor-full", path, gold)
    assert found == expected
    # in the same order where keys that clash were read as json reads them; else each
    # answer held at its gold place (PlacedAnswers), in gold order
    in_order = [qid for qid in gold_ids if qid in expected[0]]
    assert list(found[0]) == (list(expected[0]) if type(found[0]) is dict else in_order)


def test_cut_keys_given_again_in_a_large_file_are_read_in_parts(monkeypatch, tmp_path):
    """The audit's case: a file of 20,000 keys cut after "_" with keys given
    again and ids clashing read in parts (it was read whole: a string per
    key and answer), the same as whole, its peak a fraction of that."""
    gold = _big_gold(2_000)
    entries = [(f"fi_{gold.ids[k]}", f"answer {k}") for k in range(2_000)]
    entries += [(f"ja_x{k}", "other answer, long enough") for k in range(18_000)]
    entries += [(f"fi_{gold.ids[7]}", "again"), ("ko_x5", "again"), (f"ja_{gold.ids[9]}", "b")]
    path = tmp_path / "pred.json"
    _cut_file(path, entries)
    expected = _whole(monkeypatch, path, gold)
    assert len(expected[1]) == 3  # a duplicate key, the keys that lost, the other ids
    monkeypatch.setattr(sources, "PARTS_FROM", 4)
    monkeypatch.setattr(sources, "PART_BYTES", 16_384)
    whole_peak = traced_peak(_whole, monkeypatch, path, gold)
    _parts_only(monkeypatch)
    assert _read("xor-full", path, gold) == expected
    task = get_task("xor-full")
    peak = traced_peak(task.read_predictions, str(path), gold, Diagnostics(), quiet=True)
    assert peak < whole_peak / 3, (peak, whole_peak)
