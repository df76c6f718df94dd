"""Inputs beyond a documented size, and devices that never end, are one
clear error before they fill the memory; large reads show progress."""

from __future__ import annotations

import os
import threading

import pytest

import answermatch.sources as sources
from answermatch.cli import main
from answermatch.errors import InputError
from answermatch.sources import read_bytes

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "poleval2021")
GOLD = os.path.join(EXAMPLE, "expected.tsv")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_a_device_that_never_ends_is_refused_at_once(capsys):
    assert main(["score", "poleval2021", "--gold", GOLD, "--pred", "/dev/zero", "-q"]) == 2
    err = capsys.readouterr().err
    assert (
        err == "answermatch: error: /dev/zero: is a device, not a file (a device such as "
        "/dev/zero may never end)\n"
    )


def test_a_file_over_the_limit_is_refused_naming_the_limit(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_bytes(b"x" * 5000)
    monkeypatch.setattr(sources, "MAX_INPUT_BYTES", 4096)
    with pytest.raises(InputError, match=r"big.json: 5,000 bytes: more than the 4,096 bytes"):
        read_bytes(big)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_is_read_up_to_the_limit_then_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_INPUT_BYTES", 1 << 20)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 16)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write_forever():
        try:
            with open(fifo, "wb") as out:
                for _ in range(64):  # 4 MiB, four times the limit
                    out.write(b"y" * (1 << 16))
        except BrokenPipeError:  # the reader gave up, as it should
            pass

    writer = threading.Thread(target=write_forever)
    writer.start()
    with pytest.raises(InputError, match="it goes on: more than the 1,048,576 bytes"):
        read_bytes(fifo)
    writer.join(timeout=30)
    assert not writer.is_alive()


def test_a_large_read_draws_progress(tmp_path, monkeypatch, progress_seen):
    data = tmp_path / "pred.json"
    data.write_bytes(b"z" * 10_000)
    monkeypatch.setattr(sources, "PROGRESS_BYTES", 1000)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1024)
    token = sources.reading_progress.set(False)  # a run that shows no progress
    try:
        assert read_bytes(data) == b"z" * 10_000 and progress_seen == {}
    finally:
        sources.reading_progress.reset(token)
    assert read_bytes(data) == b"z" * 10_000
    # the bar counts megabytes, of the file's bytes (as a pipe's and a .gz file's do)
    expected = {"total": 10_000, "desc": "reading pred.json", "enabled": True, "size": len}
    assert progress_seen == expected


def test_running_out_of_memory_is_one_clear_error(monkeypatch, capsys):
    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(sources, "read_bytes", exhausted)
    import answermatch.tasks.poleval2021.geval as geval

    monkeypatch.setattr(geval, "read_bytes", exhausted)
    monkeypatch.setattr(sources, "file_pieces", exhausted)  # a file read in parts
    assert main(["score", "poleval2021", "--gold", GOLD, "--pred", GOLD, "-q"]) == 2
    assert capsys.readouterr().err.startswith("answermatch: error: out of memory")
