"""A library call starts no process or thread and changes no process-wide
state: it runs the same in a thread, in a daemonic ``multiprocessing.Pool``
worker (which may not have children) and with SIGCHLD ignored, on inputs
large enough that earlier versions split their work over processes."""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import signal
import subprocess
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest

import answermatch

LANGS = ("fi", "ru", "ar", "te")


def xor_full_inputs(n: int = 20_500) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """``n`` XOR-Full questions (more than the 20,000 from which answers were
    once split over processes) and a prediction for most of them."""
    gold = [
        {"id": str(k), "lang": LANGS[k % 4], "answers": [f"answer {k % 97} city"]} for k in range(n)
    ]
    preds = {str(k): f"answer {k % 89} city" for k in range(n) if k % 5}
    return gold, preds


def xor_retrieve_inputs(n: int = 1_200) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``n`` XOR-Retrieve items of 5 passages each (more than the 5,000
    passages from which passages were once tokenized over processes)."""
    gold = [{"id": str(k), "lang": LANGS[k % 4], "answers": [f"Town{k % 7}"]} for k in range(n)]
    preds = [
        {
            "id": str(k),
            "lang": LANGS[k % 4],
            "ctxs": [f"Passage {k}-{j} mentions Town{(k + j) % 9} once." for j in range(5)],
        }
        for k in range(n)
    ]
    return gold, preds


def squad_gold(path: Path, n: int = 12_000) -> tuple[Path, Path]:
    """A SQuAD gold file of more than 4 MB (once shared with a second
    process) and its predictions, both on disk."""
    context = "The city of Helsinki lies on the coast. " * 40
    qas = [
        {"id": f"q{k}", "question": "Where?", "answers": [{"text": f"Helsinki {k % 13}"}]}
        for k in range(n)
    ]
    paragraphs = [{"context": context, "qas": qas[i : i + 4]} for i in range(0, n, 4)]
    gold = path / "gold.json"
    gold.write_text(
        json.dumps({"version": "1.1", "data": [{"title": "t", "paragraphs": paragraphs}]})
    )
    pred = path / "pred.json"
    pred.write_text(json.dumps({f"q{k}": f"Helsinki {k % 11}" for k in range(n)}))
    return gold, pred


def quiet(task: str, gold: Any, pred: Any) -> answermatch.Result:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return answermatch.evaluate(task, gold, pred)


@pytest.fixture
def idle_machine(monkeypatch):
    """The machine as an earlier version would have wanted to use it: four
    CPUs, none busy."""
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)


@pytest.fixture
def no_children(monkeypatch):
    """Every way of starting a process or a thread fails the test."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a library call started a process or a thread")

    monkeypatch.setattr(os, "fork", refuse)
    monkeypatch.setattr(os, "posix_spawn", refuse, raising=False)
    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)
    monkeypatch.setattr(threading.Thread, "start", refuse)


@pytest.mark.slow
def test_evaluate_starts_no_process_or_thread(idle_machine, no_children, tmp_path):
    full = quiet("xor-full", *xor_full_inputs())
    retrieve = quiet("xor-retrieve", *xor_retrieve_inputs())
    gold, pred = squad_gold(tmp_path)
    assert gold.stat().st_size > 4_000_000
    squad = quiet("squad", gold, pred)
    assert 0 < full.scores["f1"] < 100 and full.n == 20_500
    assert 0 < retrieve.scores["r@5kt"] < 100
    assert 0 < squad.scores["exact_match"] < 100
    assert multiprocessing.active_children() == []


def _in_pool_worker(task: str) -> tuple[bool, dict[str, float]]:
    inputs = xor_full_inputs() if task == "xor-full" else xor_retrieve_inputs()
    result = quiet(task, *inputs)
    return multiprocessing.current_process().daemon, result.scores


@pytest.mark.slow
@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_evaluate_runs_in_a_daemonic_pool_worker(method):
    here = {task: quiet(task, *inputs).scores for task, inputs in [
        ("xor-full", xor_full_inputs()), ("xor-retrieve", xor_retrieve_inputs())
    ]}  # fmt: skip
    with multiprocessing.get_context(method).Pool(1) as pool:
        found = pool.map(_in_pool_worker, ["xor-full", "xor-retrieve"])
    assert found == [(True, here["xor-full"]), (True, here["xor-retrieve"])]


def test_the_garbage_collector_stays_on_while_another_thread_evaluates():
    gold, preds = xor_full_inputs(4_000)
    seen: list[bool] = []
    done = threading.Event()
    failure: list[BaseException] = []

    def run() -> None:
        try:
            quiet("xor-full", gold, preds)
        except BaseException as exc:  # reported by the test
            failure.append(exc)
        finally:
            done.set()

    thread = threading.Thread(target=run)
    thread.start()
    while not done.wait(0.001):
        seen.append(gc.isenabled())
    thread.join()
    assert not failure
    assert seen and all(seen)
    assert gc.get_freeze_count() == 0


def test_sigchld_ignored_does_not_matter(idle_machine, tmp_path):
    gold, pred = squad_gold(tmp_path)
    previous = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        ignored = quiet("squad", gold, pred)
    finally:
        signal.signal(signal.SIGCHLD, previous)
    assert ignored == quiet("squad", gold, pred)
