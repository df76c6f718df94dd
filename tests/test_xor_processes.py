"""XOR-Full and XOR-EnglishSpan give the same items and scores, to the bit,
whether their questions are scored in one process or split over two."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from answermatch.processes import available_cpus
from answermatch.tasks.xor import parallel
from answermatch.tasks.xor.parallel import map_slices

FORKABLE = sys.platform.startswith("linux")
SRC = Path(__file__).resolve().parents[1] / "src"


# Run in a fresh interpreter: this test process may hold other threads (left
# by earlier tests), and a process with threads does not fork.
SCRIPT = """
import json, sys, warnings
import answermatch
from answermatch.tasks.xor import parallel

task, gold, pred, profile = sys.argv[1:5]
chosen = []
real = parallel._processes
parallel._processes = lambda *args: chosen.append(real(*args)) or chosen[-1]
parallel.idle_cpus = lambda: 8.0  # as if the machine were idle
out = {}
for label, minimum in (("one", 10**9), ("two", 1)):
    parallel.PARALLEL_MIN = minimum
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the fixtures' own warnings, alike in both runs
        result = answermatch.evaluate(task, gold, pred, profile=profile)
    out[label] = {
        "items": [
            {k: v.hex() if isinstance(v, float) else v for k, v in item.items()}
            for item in result.items
        ],
        "scores": {k: v.hex() for k, v in result.scores.items()},
    }
out["chosen"] = chosen
print(json.dumps(out))
"""


@pytest.mark.skipif(not FORKABLE, reason="processes are forked on Linux only")
@pytest.mark.parametrize(
    ("task", "gold", "pred"),
    [
        ("xor-full", "xor_dev_full_v1_1.jsonl", "full_pred_2.json"),
        ("xor-engspan", "xor_dev_retrieve_eng_span_v1_1.jsonl", "engspan_pred_2.json"),
    ],
)
@pytest.mark.parametrize("profile", ["official", "fair"])
def test_two_processes_give_the_items_of_one(parity, task, gold, pred, profile):
    gold, pred = parity("xor", gold), parity("xor", pred)
    path = os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, task, str(gold), str(pred), profile],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=path),
        check=True,
    )
    out = json.loads(done.stdout)
    assert out["chosen"] == [1, min(2, available_cpus())]
    one, two = out["one"], out["two"]
    assert len(one["items"]) == len(two["items"]) > 1000
    for a, b in zip(one["items"], two["items"], strict=True):
        assert a == b, a["id"]  # every float compared by its bits (hex)
    assert one["scores"] == two["scores"]


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
    assert parallel._processes(300, 10**6, 1) <= available_cpus()
    assert parallel._processes(0, 5, 10) == 1  # below the minimum: one process
    monkeypatch.setattr(parallel, "idle_cpus", lambda: 0.2)  # a busy machine: one process
    assert parallel._processes(0, 10**6, 1) == 1
    monkeypatch.setattr(parallel, "idle_cpus", lambda: 64.0)
    assert parallel._processes(0, 10**6, 1) <= available_cpus()
