"""One registration path: answermatch's own tasks, tokenizers and presets are
tables in its code (loaded lazily, no package metadata read); plugins come
from entry points, for all three alike, and are listed."""

from __future__ import annotations

import os.path
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from answermatch.cli import main
from answermatch.errors import UnknownTaskError
from answermatch.normalization import PRESET_REGISTRY, PRESETS, available_presets, normalize
from answermatch.registry import Registry
from answermatch.tasks import BUILTIN_TASKS, TASKS, available_tasks, get_task
from answermatch.tokenizers import BUILTIN_TOKENIZERS, TOKENIZERS

SRC = Path(__file__).resolve().parents[1] / "src"


def _scan_counting(monkeypatch, registry, points):
    scanned = []

    def scan():
        scanned.append(True)
        return points

    monkeypatch.setattr(registry, "_points", scan)
    return scanned


def test_a_builtin_loads_from_its_table_without_the_scan_and_plugins_are_listed(monkeypatch):
    registry: Registry[object] = Registry(
        "task", "toy.group", lambda n, v: v, UnknownTaskError, builtins={"join": "os.path:join"}
    )
    point = EntryPoint(name="plugin", value="os.path:split", group="toy.group")
    scanned = _scan_counting(monkeypatch, registry, {"plugin": point})
    assert registry.builtin("join") and not registry.builtin("plugin")
    assert registry.get("join") is os.path.join
    assert not scanned  # the built-in came from the table alone
    assert registry.get("plugin") is os.path.split and scanned
    assert registry.names() == ["join", "plugin"]
    with pytest.raises(UnknownTaskError, match="known tasks: join, plugin"):
        registry.get("nothing")


def test_a_plugin_cannot_shadow_a_builtin_except_at_run_time(monkeypatch):
    registry: Registry[object] = Registry(
        "task", "toy.group", lambda n, v: v, UnknownTaskError, builtins={"join": "os.path:join"}
    )
    point = EntryPoint(name="join", value="os.path:split", group="toy.group")
    _scan_counting(monkeypatch, registry, {"join": point})
    assert registry.get("join") is os.path.join
    with pytest.raises(ValueError, match="already registered"):
        registry.add("join", "mine")
    registry.add("join", "mine", replace=True)
    assert registry.get("join") == "mine"
    registry.remove("join")
    assert registry.get("join") is os.path.join


def test_a_broken_builtin_reference_is_a_clear_error():
    registry: Registry[object] = Registry(
        "task", "toy.group", lambda n, v: v, UnknownTaskError, builtins={"gone": "no_such_am:T"}
    )
    with pytest.raises(UnknownTaskError, match="could not be loaded from no_such_am:T"):
        registry.get("gone")


def test_every_builtin_of_the_three_kinds_is_in_a_table():
    assert all(TASKS.builtin(name) for name in BUILTIN_TASKS)
    assert set(BUILTIN_TASKS) <= set(available_tasks())
    for name, reference in BUILTIN_TASKS.items():
        assert get_task(name).name == name and ":" in reference
    assert {"ja", "zh", "vi", "pl", "en", "ar"} <= set(BUILTIN_TOKENIZERS)
    assert all(TOKENIZERS.builtin(lang) for lang in BUILTIN_TOKENIZERS)
    assert all(PRESET_REGISTRY.builtin(name) for name in PRESETS)


def test_answermatch_registers_no_entry_points_of_its_own():
    from importlib.metadata import entry_points

    for group in ("answermatch.tasks", "answermatch.tokenizers", "answermatch.presets"):
        own = [ep for ep in entry_points(group=group) if ep.value.startswith("answermatch.")]
        assert own == [], group


def test_answermatch_tasks_lists_a_plugin_task(monkeypatch, capsys):
    point = EntryPoint(name="test-capitals", value="toy_tasks:Capitals", group="answermatch.tasks")
    monkeypatch.setattr(TASKS, "_entry_points", {"test-capitals": point})
    monkeypatch.setattr(TASKS, "_loaded", {})
    assert main(["tasks"]) == 0
    out = capsys.readouterr().out
    assert "test-capitals" in out and "squad-v2" in out


def test_a_preset_entry_point_is_found(monkeypatch):
    point = EntryPoint(name="test-shout", value="toy_tasks:SHOUT", group="answermatch.presets")
    monkeypatch.setattr(PRESET_REGISTRY, "_entry_points", {"test-shout": point})
    monkeypatch.setattr(PRESET_REGISTRY, "_loaded", {})
    assert "test-shout" in available_presets()
    assert normalize("The cat", preset="test-shout") == "THE CAT"


def test_builtins_read_no_package_metadata():
    code = (
        "import sys, answermatch\n"
        "from answermatch.tasks import get_task\n"
        "get_task('squad'); get_task('mlqa')\n"
        "answermatch.tokenize('Who?', 'en'); answermatch.normalize('x', preset='squad')\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
    )
    assert done.stdout.split() == ["False"]
