"""answermatch.parallel: a function run in a forked child, with the parent as fallback."""

from __future__ import annotations

import os
import signal

import pytest

from answermatch import parallel
from answermatch.parallel import in_child

forking = pytest.mark.skipif(
    not (parallel.can_fork() and parallel.available_cpus() > 1),
    reason="forking is only used on Linux with more than one CPU",
)


def _pid_and(value):
    return os.getpid(), value


@forking
def test_the_value_is_computed_in_another_process():
    with in_child(_pid_and, ["a", ("b", 1), {"c": None}]) as pending:
        pid, value = pending.result()
    assert pid != os.getpid()
    assert value == ["a", ("b", 1), {"c": None}]


def test_not_worth_it_runs_in_this_process():
    with in_child(_pid_and, 3, worth_it=False) as pending:
        assert pending.result() == (os.getpid(), 3)


@forking
def test_a_failing_child_falls_back_to_the_parent():
    parent = os.getpid()

    def only_here():
        if os.getpid() != parent:
            raise ValueError("in the child")
        return "parent"

    with in_child(only_here) as pending:
        assert pending.result() == "parent"


@forking
def test_an_error_is_raised_in_the_parent_with_its_own_message():
    def broken():
        raise LookupError(f"raised by {os.getpid()}")

    with pytest.raises(LookupError, match=f"raised by {os.getpid()}$"), in_child(broken) as pending:
        pending.result()


@forking
def test_a_value_marshal_cannot_carry_is_computed_here():
    class Box:
        pid = os.getpid()

    with in_child(lambda: Box) as pending:
        assert pending.result() is Box


@forking
def test_a_killed_child_falls_back_to_the_parent():
    parent = os.getpid()

    def die_in_child():
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return "parent"

    with in_child(die_in_child) as pending:
        assert pending.result() == "parent"


@forking
def test_leaving_the_block_without_the_result_reaps_the_child():
    big = "x" * 1_000_000  # more than a pipe holds: the child blocks writing
    with pytest.raises(RuntimeError), in_child(_pid_and, big) as pending:
        pid = pending._pid
        assert pid is not None
        raise RuntimeError("the parent fails first")
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_no_fork_while_another_thread_runs():
    import threading

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not parallel.can_fork()
        with in_child(_pid_and, 1) as pending:
            assert pending.result() == (os.getpid(), 1)
    finally:
        stop.set()
        thread.join()
