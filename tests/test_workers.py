"""``workers=N``: opt-in processes that give the same numbers, to the bit,
as one; one process where processes cannot be started."""

from __future__ import annotations

import gzip
import json
import multiprocessing
import warnings

import pytest

import answermatch
from answermatch.cli import main
from answermatch.errors import AnswermatchError
from answermatch.workers import check_workers, map_chunks

SPANS = ("xor", "xor_dev_retrieve_eng_span_v1_1.jsonl")
RUNS = {
    "xor-full": (("xor", "xor_dev_full_v1_1.jsonl"), ("xor", "full_pred_2.json")),
    "xor-engspan": (SPANS, ("xor", "engspan_pred_1.json")),
    "xor-retrieve": (SPANS, ("xor", "retrieve_pred_1.json.gz")),
    "mkqa": (("mkqa", "mkqa_test6.jsonl.gz"), ("mkqa", "pred_seed1")),
}


def quiet(task, gold, pred, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return answermatch.evaluate(task, gold, pred, **kwargs)


def same(one, two) -> None:
    assert two.scores == one.scores  # floats compared exactly
    assert two.per_language == one.per_language
    assert list(two.items) == list(one.items)
    assert two.warnings == one.warnings
    assert two.signature == one.signature


@pytest.mark.parity
@pytest.mark.slow
@pytest.mark.parametrize("task", sorted(RUNS))
def test_two_workers_give_the_numbers_of_one(parity, task):
    gold, pred = (parity(*where) for where in RUNS[task])
    if task == "xor-retrieve":  # 400 items (of 1,928) make chunks enough
        with gzip.open(pred, "rt", encoding="utf-8") as fh:
            pred = json.load(fh)[:400]
    same(quiet(task, gold, pred), quiet(task, gold, pred, workers=2))


def _in_pool_worker(paths: tuple[str, str]) -> tuple[bool, dict[str, float], list]:
    result = quiet("xor-full", *paths, workers=2)
    return multiprocessing.current_process().daemon, result.scores, list(result.items)


@pytest.mark.parity
@pytest.mark.slow
def test_workers_inside_a_daemonic_pool_worker_score_there(parity):
    paths = tuple(str(parity(*where)) for where in RUNS["xor-full"])
    here = quiet("xor-full", *paths)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        [(daemon, scores, items)] = pool.map(_in_pool_worker, [paths])
    assert daemon
    assert scores == here.scores
    assert items == list(here.items)


@pytest.mark.parity
def test_the_scorer_takes_workers(parity):
    gold, pred = (parity(*where) for where in RUNS["xor-full"])
    scorer = answermatch.scorer("xor-full", workers=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        scorer.update(gold, pred)
    assert scorer.compute().scores == quiet("xor-full", gold, pred).scores
    assert "workers" not in scorer.to_dict()


@pytest.mark.parity
def test_the_cli_takes_workers(parity, capsys):
    gold, pred = (parity(*where) for where in RUNS["xor-engspan"])
    args = ["score", "xor-engspan", "--gold", str(gold), "--pred", str(pred), "--json", "-q"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == one


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True, None])
def test_workers_must_be_a_whole_number_of_at_least_one(bad):
    with pytest.raises(AnswermatchError, match="workers must be a whole number"):
        check_workers(bad)
    with pytest.raises(AnswermatchError, match="workers must be a whole number"):
        answermatch.evaluate("xor-full", [], {}, workers=bad)


def test_the_cli_refuses_zero_workers(capsys):
    with pytest.raises(SystemExit):
        main(["score", "xor-full", "--gold", "g", "--pred", "p", "--workers", "0"])
    assert "at least 1" in capsys.readouterr().err


def _doubles(values):
    if 13 in values:
        raise ValueError("thirteen")
    return [2 * v for v in values]


def test_map_chunks_keeps_the_order_and_raises_the_workers_errors():
    jobs = [v for v in range(50) if v != 13]
    assert map_chunks(_doubles, jobs, 2) == [2 * v for v in jobs]
    assert map_chunks(_doubles, jobs, 1) == [2 * v for v in jobs]
    with pytest.raises(ValueError, match="thirteen"):
        map_chunks(_doubles, [*jobs, 13], 3)


def test_one_worker_starts_nothing(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a process was started")

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)
    assert map_chunks(_doubles, [1, 2, 3]) == [2, 4, 6]
