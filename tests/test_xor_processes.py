"""XOR-Full and XOR-EnglishSpan give the same items and scores, to the bit,
whether their questions are scored in one process or split over two."""

from __future__ import annotations

import sys
import threading
import warnings

import pytest

import answermatch
from answermatch.tasks.xor import parallel
from answermatch.tasks.xor.answers import AnswerSet, best_overlap
from answermatch.tasks.xor.parallel import map_slices

FORKABLE = sys.platform.startswith("linux")
_REAL_PROCESSES = parallel._processes


def _evaluate(monkeypatch, minimum, task, gold, pred, profile="official"):
    """The result with ``minimum`` jobs for two processes, and the process
    counts chosen."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN", minimum)
    monkeypatch.setattr(parallel, "idle_cpus", lambda: 8.0)  # as if the machine were idle
    calls = []
    monkeypatch.setattr(parallel, "_processes", _REAL_PROCESSES)
    real = parallel._processes

    def counted(*args):
        count = real(*args)
        calls.append(count)
        return count

    monkeypatch.setattr(parallel, "_processes", counted)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the fixtures' own warnings, alike in both runs
        result = answermatch.evaluate(task, gold, pred, profile=profile)
    return result, calls


@pytest.mark.skipif(not FORKABLE, reason="processes are forked on Linux only")
@pytest.mark.parametrize(
    ("task", "gold", "pred"),
    [
        ("xor-full", "xor_dev_full_v1_1.jsonl", "full_pred_2.json"),
        ("xor-engspan", "xor_dev_retrieve_eng_span_v1_1.jsonl", "engspan_pred_2.json"),
    ],
)
@pytest.mark.parametrize("profile", ["official", "fair"])
def test_two_processes_give_the_items_of_one(monkeypatch, parity, task, gold, pred, profile):
    gold, pred = parity("xor", gold), parity("xor", pred)
    if threading.active_count() != 1:
        pytest.skip("this process runs other threads: it does not fork")
    one, calls_one = _evaluate(monkeypatch, 10**9, task, gold, pred, profile)
    two, calls_two = _evaluate(monkeypatch, 1, task, gold, pred, profile)
    assert calls_one == [1]
    assert calls_two == [min(2, parallel.available_cpus())]
    assert [dict(item) for item in two.items] == [dict(item) for item in one.items]
    for a, b in zip(one.items, two.items, strict=True):
        for key, value in a.items():
            if isinstance(value, float):
                assert value.hex() == b[key].hex(), (a["id"], key)
    assert one.scores == two.scores
    assert one.per_language == two.per_language


def test_map_slices_keeps_the_order_and_raises_here():
    jobs = list(range(101))
    assert map_slices(lambda part: [j * 3 for j in part], jobs, processes=2) == [
        j * 3 for j in jobs
    ]

    def fails_on_99(part):
        if 99 in part:
            raise ValueError("job 99")
        return list(part)

    with pytest.raises(ValueError, match="job 99"):  # raised by this process
        map_slices(fails_on_99, jobs, processes=2)


def test_never_more_processes_than_cpus(monkeypatch):
    assert parallel._processes(300, 10**6, 1) <= parallel.available_cpus()
    assert parallel._processes(0, 5, 10) == 1  # below the minimum: one process
    monkeypatch.setattr(parallel, "idle_cpus", lambda: 0.2)  # a busy machine: one process
    assert parallel._processes(0, 10**6, 1) == 1
    monkeypatch.setattr(parallel, "idle_cpus", lambda: 64.0)
    assert parallel._processes(0, 10**6, 1) <= parallel.available_cpus()


@pytest.mark.parametrize(
    ("tokens", "answers", "expected"),
    [
        # repeated tokens on both sides: the multiset overlap (2 "a", not 3)
        (("a", "a", "a", "b"), [("a", "a", "c")], (4 / 7, 0.0, 2 / 4, 2 / 3)),
        # repeated on one side only: the set overlap is the multiset one
        (("a", "a", "b"), [("a", "b", "c")], (2 / 3, 0.0, 2 / 3, 2 / 3)),
        # precision and recall are each the maximum over the answers
        (("x", "y"), [("x",), ("x", "y", "z", "w")], (2 / 3, 0.0, 1.0, 1.0)),
        ((), [()], (0.0, 1.0, 0.0, 0.0)),  # empty against empty: EM, no F1
        (("x",), [("x",)], (1.0, 1.0, 1.0, 1.0)),
    ],
)
def test_best_overlap_is_squads_arithmetic(tokens, answers, expected):
    golds = AnswerSet.of(lambda answer: answer, answers)
    f1, em, precision, recall = best_overlap(tokens, golds)
    assert em == expected[1]
    assert (f1, precision, recall) == pytest.approx(
        (expected[0], expected[2], expected[3]), abs=1e-15
    )
