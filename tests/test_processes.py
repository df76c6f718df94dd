"""The rule that decides whether work may go to a forked second process."""

from __future__ import annotations

import sys
import threading

import pytest

from answermatch import processes


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forking is used on Linux only")
def test_no_fork_while_another_thread_runs() -> None:
    before = processes.can_fork()  # other tests may have left a thread running
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert not processes.can_fork()
    finally:
        stop.set()
        worker.join()
    assert processes.can_fork() == before


def test_python_threads_counted_once_threading_is_loaded() -> None:
    assert processes._python_threads() == threading.active_count()
