"""The twin process (:mod:`answermatch.twin`): its half is taken only when
it holds the same items and the twin ended normally; otherwise this process
does the whole work with the same result. A twin prints nothing, never
leaves its block, and is gone when the block ends, however it ends."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import pytest

from answermatch import processes, twin
from answermatch.twin import halves, worth_a_twin

TWINS: list[int] = []  # the pids of the twins forked by the test under way


@pytest.fixture
def idle(monkeypatch):
    """A machine with an idle core; the twins' pids go to TWINS."""
    TWINS.clear()
    real_fork = os.fork

    def fork():
        pid = real_fork()
        if pid:
            TWINS.append(pid)
        return pid

    monkeypatch.setattr(twin, "spare_core", lambda: True)
    monkeypatch.setattr(twin.os, "fork", fork)


def _no_children() -> bool:
    """Every twin forked was reaped (none is left running or a zombie)."""
    assert TWINS, "no twin was forked"
    for pid in TWINS:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            continue
        return False
    return True


def _twice(part):
    return [x * 2 for x in part]


def _encode(values):
    return repr(values).encode()


def _decode(data):
    return [int(v) for v in data.decode().strip("[]").split(",") if v.strip()]


def test_the_halves_are_computed_by_the_two_processes(idle):
    parent = os.getpid()
    pids: list[int] = []

    def compute(part):
        pids.append(os.getpid())  # only this process's list is seen here
        return [x * 2 + (0 if os.getpid() == parent else 1000) for x in part]

    with twin.twin(wanted=True):
        first, second = halves(list(range(9)), compute, _encode, _decode)
    assert first == [0, 2, 4, 6, 8]
    assert second == [1010, 1012, 1014, 1016]  # computed by the twin
    assert pids == [parent]
    assert _no_children()


def test_halves_outside_a_twin_block_is_none():
    assert halves([1, 2], _twice, _encode, _decode) is None
    with twin.twin(wanted=False):
        assert halves([1, 2], _twice, _encode, _decode) is None


def test_items_that_differ_in_the_twin_are_not_taken(idle):
    parent = os.getpid()
    with twin.twin(wanted=True):
        items = [1, 2, 3, 4] if os.getpid() == parent else [1, 2, 3, 5]  # a file that changed
        first, second = halves(items, _twice, _encode, _decode)
    assert (first, second) == ([2, 4], [6, 8])  # this process's own second half
    assert _no_children()


@pytest.mark.parametrize("failure", ["raise", "exit", "bad-bytes"])
def test_a_twin_that_fails_leaves_its_half_here(idle, failure):
    parent = os.getpid()

    def compute(part):
        if os.getpid() != parent:
            if failure == "raise":
                raise ValueError("in the twin")
            if failure == "exit":
                os._exit(0)  # ends "normally", having sent nothing
        return _twice(part)

    def decode(data):
        if failure == "bad-bytes":
            raise ValueError("undecodable")
        return _decode(data)

    with twin.twin(wanted=True):
        assert halves([1, 2, 3, 4], compute, _encode, decode) == ([2, 4], [6, 8])
    assert _no_children()


def test_an_error_in_the_block_reaches_the_caller_and_the_twin_is_reaped(idle, tmp_path):
    with pytest.raises(KeyError, match="in both processes"), twin.twin(wanted=True):
        raise KeyError("in both processes")
    assert _no_children()


def test_the_twin_ends_in_the_block_whatever_happens_there(idle, tmp_path):
    """A twin that finishes its block (no split) ends with status 1 there:
    the lines after the block run in this process only."""
    after = tmp_path / "after"
    statuses: list[int] = []
    real_stop = twin._Twin.stop

    def stop(self):  # wait for the twin instead of killing it
        if self.pid:
            os.close(self.fd)
            self.fd = -1
            statuses.append(os.waitpid(self.pid, 0)[1])
            self.pid = 0
        real_stop(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(twin._Twin, "stop", stop)
        with twin.twin(wanted=True):
            pass
        with open(after, "a") as fh:  # the twin, had it left the block, would write too
            fh.write(f"{os.getpid()}\n")
    assert after.read_text() == f"{os.getpid()}\n"
    assert statuses == [1 << 8]  # exit status 1
    assert _no_children()


def test_a_block_that_never_splits_stops_its_twin(idle):
    with twin.twin(wanted=True):
        pass
    assert _no_children()


def test_no_further_forks_inside_a_twin_block(monkeypatch):
    monkeypatch.setattr(processes, "can_fork", lambda: True)
    monkeypatch.setattr(processes, "available_cpus", lambda: 2)
    monkeypatch.setattr(processes, "idle_cpus", lambda: 2.0)
    assert processes.spare_core()
    monkeypatch.setattr(twin, "spare_core", lambda: True)
    with twin.twin(wanted=True):
        inside = processes.spare_core()
        halves([1], _twice, _encode, _decode)
    assert not inside
    assert processes.spare_core()


def test_a_twin_is_only_for_large_regular_files(tmp_path, monkeypatch):
    gold, pred = tmp_path / "gold.json", tmp_path / "pred.json"
    gold.write_bytes(b"x" * 100)
    pred.write_bytes(b"{}")
    monkeypatch.setattr(twin, "TWIN_MIN_BYTES", 50)
    assert worth_a_twin(str(gold), pred, {"lang": "en"})
    assert not worth_a_twin(str(gold), {"q": "x"}, {})  # predictions in memory
    monkeypatch.setattr(twin, "TWIN_MIN_BYTES", 102)  # the gold and the predictions in all
    assert worth_a_twin(gold, pred, {})
    monkeypatch.setattr(twin, "TWIN_MIN_BYTES", 103)
    assert not worth_a_twin(gold, pred, {})
    monkeypatch.setattr(twin, "TWIN_MIN_BYTES", 50)
    folder = tmp_path / "preds"
    folder.mkdir()
    (folder / "en.jsonl").write_bytes(b"{}")
    assert worth_a_twin(gold, folder, {})  # a folder of regular files
    fifo = tmp_path / "na_prob.fifo"
    os.mkfifo(fifo)
    assert not worth_a_twin(gold, pred, {"na_prob": str(fifo)})  # read twice: split
    assert not worth_a_twin(gold, fifo, {})
    os.mkfifo(folder / "de.jsonl")
    assert not worth_a_twin(gold, folder, {})


def test_a_shared_run_prints_each_warning_once(parity, tmp_path):
    """In a fresh interpreter (so the twin's silenced streams are real file
    descriptors): the CLI's output and warnings appear once, not twice."""
    gold = parity("mlqa", "xquad.en.json")
    pred = tmp_path / "pred.json"
    pred.write_text('{"56beb4343aeaaa14008c925b": "308", "not-a-gold-id": "x"}')
    script = textwrap.dedent(
        f"""
        import os, sys
        from answermatch import twin
        from answermatch.cli import main
        twin.TWIN_MIN_BYTES = 0
        twin.spare_core = lambda: True
        forks = []
        real_fork = os.fork
        def fork():
            forks.append(True)
            return real_fork()
        twin.os.fork = fork
        code = main(["score", "mlqa", "--gold", {str(gold)!r}, "--pred", {str(pred)!r},
                     "-o", "lang=en", "--json"])
        print("forks", len(forks), file=sys.stderr)
        sys.exit(code)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count('"task": "mlqa"') == 1  # one JSON document
    assert "forks 1" in done.stderr
    assert done.stderr.count("have no prediction") == 1
    assert done.stderr.count("not in the gold") == 1


@pytest.mark.parametrize(
    ("average", "running", "idle"),
    [
        (1.6, 1, 1.0),  # a job that just ended still weighs on the average: now counts
        (0.2, 2, 1.8),  # a moment's other task: the average counts
        (2.0, 2, 0.0),  # a core kept busy shows in both
        (0.5, None, 1.5),  # no /proc: the average alone
    ],
)
def test_idle_cpus_take_the_lower_of_the_average_and_now(monkeypatch, average, running, idle):
    monkeypatch.setattr(processes, "available_cpus", lambda: 2)
    monkeypatch.setattr(processes.os, "getloadavg", lambda: (average, 0.0, 0.0))
    monkeypatch.setattr(processes, "_running_now", lambda: running)
    assert processes.idle_cpus() == pytest.approx(idle)


def test_running_now_reads_proc_loadavg():
    running = processes._running_now()
    if os.path.exists("/proc/loadavg"):
        assert running is not None and running >= 1  # this process runs
    else:
        assert running is None


def _quiet(*args, **options):
    import warnings

    import answermatch
    from answermatch.errors import AnswermatchWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        return answermatch.evaluate(*args, **options)


@pytest.mark.parametrize("folder", ["pred_seed1", "pred_seed2", "sample_predictions_test6"])
def test_mkqa_languages_shared_with_a_twin_score_the_same(force_twin, parity, folder):
    gold, preds = parity("mkqa", "mkqa_test6.jsonl.gz"), parity("mkqa", folder)
    one = _quiet("mkqa", gold, preds)
    forks = force_twin()
    two = _quiet("mkqa", gold, preds)
    assert forks
    assert two.scores == one.scores
    assert two.per_language == one.per_language
    assert list(two.items) == list(one.items)
    assert two.warnings == one.warnings
    assert two.signature == one.signature


def test_a_twin_that_warns_leaves_its_languages_here(force_twin, parity, tmp_path):
    """A warning met while scoring the twin's languages cannot be handed
    back: the twin fails and this process scores those languages, so the
    warning is given once, as by one process."""
    import gzip
    import json

    source = parity("mkqa", "mkqa_test6.jsonl.gz")
    with gzip.open(source, "rt", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    row = json.loads(lines[0])
    row["answers"]["zh_tw"][0]["aliases"] = "ab"  # the last language: the twin's
    lines[0] = json.dumps(row, ensure_ascii=False)
    gold = tmp_path / "gold.jsonl.gz"
    with gzip.open(gold, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    preds = parity("mkqa", "pred_seed1")
    one = _quiet("mkqa", gold, preds)
    forks = force_twin()
    two = _quiet("mkqa", gold, preds)
    assert forks
    assert [w for w in one.warnings if "'aliases' is a string" in w]
    assert two.warnings == one.warnings
    assert list(two.items) == list(one.items)
    assert two.scores == one.scores


def test_a_changed_input_keeps_the_twins_half_out(idle, tmp_path):
    """An input file written while the block runs (here by this process,
    after the fork and before the twin may have read it): the twin's half
    may come from either version, so this process computes it itself."""
    path = tmp_path / "factor.txt"
    path.write_text("2")
    parent = os.getpid()

    def compute(part):
        factor = int(path.read_text())
        return [x * factor for x in part]

    with twin.twin(wanted=True, inputs=[path]):
        if os.getpid() == parent:
            time.sleep(0.3)  # the twin has read "2" by now
            path.write_text("3")
        first, second = halves([1, 2, 3, 4], compute, _encode, _decode)
    assert (first, second) == ([3, 6], [9, 12])
    assert _no_children()


def test_a_twin_whose_half_came_short_is_not_taken(idle):
    def compute(part):
        return list(part)[:1]  # one value for two items: not the half asked for

    with twin.twin(wanted=True):
        first, second = halves([1, 2, 3, 4], compute, _encode, _decode)
    assert (first, second) == ([1], [3])  # this process's own (short) second half
    assert _no_children()


def test_a_twin_reaped_by_the_system_still_hands_its_half_back(idle):
    """With SIGCHLD ignored the system reaps the twin itself (waitpid then
    finds no child): the header of what it sent decides."""
    import signal

    parent = os.getpid()
    saved = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:

        def compute(part):
            return [x * 2 + (0 if os.getpid() == parent else 1000) for x in part]

        with twin.twin(wanted=True):
            first, second = halves(list(range(6)), compute, _encode, _decode)
    finally:
        signal.signal(signal.SIGCHLD, saved)
    assert first == [0, 2, 4]
    assert second == [1006, 1008, 1010]


def _run(script: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True
    )


def test_the_twin_writes_no_log_lines(parity, tmp_path):
    gold, pred = parity("mlqa", "xquad.en.json"), tmp_path / "pred.json"
    pred.write_text('{"56beb4343aeaaa14008c925b": "308", "extra": "x"}')
    counts = []
    for forced in (False, True):
        log = tmp_path / f"log{forced}.txt"
        done = _run(
            f"""
            import logging
            import answermatch
            from answermatch import twin
            twin.TWIN_MIN_BYTES = 0
            twin.spare_core = lambda: {forced}
            logging.basicConfig(filename={str(log)!r})
            logging.captureWarnings(True)
            answermatch.evaluate("mlqa", {str(gold)!r}, {str(pred)!r}, lang="en")
            """
        )
        assert done.returncode == 0, done.stderr
        counts.append(len(log.read_text().splitlines()))
    assert counts[0] == counts[1] > 0


def test_the_twin_ends_with_its_original(tmp_path):
    """A twin whose original is killed does not run on (on Linux it is
    killed with it), holding the pipes and files it inherited."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the twin is bound to its original on Linux only")
    done = _run(
        """
        import os, signal, time
        from answermatch import twin
        twin.spare_core = lambda: True
        real_fork = os.fork

        def fork():
            pid = real_fork()
            if pid:
                print(pid, flush=True)
            return pid

        os.fork = fork
        with twin.twin(True):
            if twin.in_twin():
                time.sleep(60)
            else:
                time.sleep(0.5)
                os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    pid = int(done.stdout.split()[0])
    for _ in range(50):
        try:
            with open(f"/proc/{pid}/stat") as fh:
                state = fh.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            state = "gone"
        if state in ("gone", "Z", "X"):
            break
        time.sleep(0.1)
    assert state in ("gone", "Z", "X")
