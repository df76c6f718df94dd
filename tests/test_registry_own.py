"""The task registry finds answermatch's own tasks in its own entry points
without scanning every installed package, and still finds plugins."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from answermatch.errors import UnknownTaskError
from answermatch.registry import Registry, own_entry_points

SRC = Path(__file__).resolve().parents[1] / "src"


def _dist(folder: Path, name: str, text: str) -> None:
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text(text, encoding="utf-8")


def test_own_entry_points_reads_one_group_of_the_first_copy(tmp_path, monkeypatch):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    _dist(first, "toy_dist", "[toy.group]\nred = colours:Red\n# c\nblue = colours.x:Blue [extra]\n"
          "[other]\ngreen = colours:Green\n")  # fmt: skip
    _dist(second, "toy_dist", "[toy.group]\nred = elsewhere:Red\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(first), str(second)])
    assert own_entry_points("toy-dist", "toy.group") == {
        "red": "colours:Red",
        "blue": "colours.x:Blue",
    }
    assert own_entry_points("toy-dist", "nothing") == {}
    assert own_entry_points("no-such-dist", "toy.group") == {}


def test_a_builtin_name_loads_without_the_scan_and_plugins_are_still_listed(monkeypatch):
    registry: Registry[object] = Registry(
        "task", "toy.group", lambda n, v: v, UnknownTaskError, own="toy"
    )
    monkeypatch.setattr(registry, "_own_points", {"join": "os.path:join"})
    scanned = []

    class Point:
        name, value = "plugin", "os.path:split"

        def load(self):
            import os.path

            return os.path.split

    def scan():
        scanned.append(True)
        return {"plugin": Point()}

    monkeypatch.setattr(registry, "_points", scan)
    import os.path

    assert registry.get("join") is os.path.join
    assert not scanned  # the built-in came from the own entry points alone
    assert registry.get("plugin") is os.path.split and scanned
    assert registry.names() == ["join", "plugin"]
    with pytest.raises(UnknownTaskError, match="known tasks: join, plugin"):
        registry.get("nothing")


def test_a_broken_builtin_entry_is_a_clear_error(monkeypatch):
    registry: Registry[object] = Registry(
        "task", "toy.group", lambda n, v: v, UnknownTaskError, own="toy"
    )
    monkeypatch.setattr(registry, "_own_points", {"gone": "no_such_module_for_am:Task"})
    with pytest.raises(UnknownTaskError, match="could not be loaded from no_such_module_for_am"):
        registry.get("gone")


def test_getting_a_builtin_task_reads_no_other_package_metadata():
    code = (
        "import sys, answermatch.tasks as t\n"
        "from answermatch.registry import own_entry_points\n"
        "t.get_task('squad'); t.get_task('mlqa')\n"
        "print(bool(own_entry_points('answermatch', 'answermatch.tasks')), "
        "'importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
    )
    installed, scanned = done.stdout.split()
    # without an installed answermatch the registry falls back to the scan
    assert scanned == ("False" if installed == "True" else "True")
