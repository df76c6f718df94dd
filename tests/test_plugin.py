"""The example plugin (examples/plugin-task) installed by pip, found by every command.

It is installed offline (no build isolation, no dependencies) into a
temporary folder that the answermatch processes see on PYTHONPATH: the same
entry-point metadata a ``pip install examples/plugin-task`` writes into an
environment, without changing the environment the tests run in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "examples" / "plugin-task"
DATA = PLUGIN / "data"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("plugin")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(PLUGIN),
        ],
        check=True,
        capture_output=True,
    )
    return target


def run(plugin_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(plugin_path), str(REPO / "src")])
    return subprocess.run(
        [sys.executable, "-m", "answermatch", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def test_the_plugin_lists_and_describes_itself(plugin_path):
    listed = run(plugin_path, "tasks", "--json")
    assert listed.returncode == 0, listed.stderr
    [task] = [t for t in json.loads(listed.stdout) if t["name"] == "jaqa"]
    assert task["profiles"] == ["official", "characters"]
    assert task["primary"] == "f1" and task["gold_checks"] is True
    assert "answers" in task["shapes"]["gold"]


def test_score_explain_check_gold_and_compare_work_on_the_plugin(plugin_path):
    gold, pred, pred_b = DATA / "gold.jsonl", DATA / "pred.json", DATA / "pred_b.json"
    scored = run(plugin_path, "score", "jaqa", "--gold", str(gold), "--pred", str(pred), "--json")
    assert scored.returncode == 0, scored.stderr
    result = json.loads(scored.stdout)
    # q1: 東京都の人口 vs 東京都 -> MeCab 東京|都|の|人口 vs 東京|都: F1 2*2/(4+2) = 2/3;
    # q2 exact (1); q3 漱石 vs 夏目|漱石: 2*1/(1+2) = 2/3; q4: no common word (0)
    assert result["scores"]["f1"] == pytest.approx(100 * (2 / 3 + 1 + 2 / 3 + 0) / 4)
    assert result["scores"]["em"] == 25.0
    # the characters profile: q1 東京都 in 東京都の人口 (2*3/9), q2 exact, q3 漱石 of
    # 夏目漱石 (2*2/6), q4 川 shared by 利根川 and 信濃川 (1/3); no "no lang" warning
    chars = run(
        plugin_path, "score", "jaqa", "--gold", str(gold), "--pred", str(pred),
        "--profile", "characters", "--json",
    )  # fmt: skip
    assert chars.returncode == 0 and "without spaces" not in chars.stderr, chars.stderr
    assert json.loads(chars.stdout)["scores"]["f1"] == pytest.approx(
        100 * (2 / 3 + 1 + 2 / 3 + 1 / 3) / 4
    )
    shown = run(
        plugin_path, "explain", "jaqa", "--gold", str(gold), "--pred", str(pred),
        "--profile", "characters", "--id", "q4", "--json",
    )  # fmt: skip
    [q4] = json.loads(shown.stdout)
    assert q4["prediction"]["tokens"] == ["利", "根", "川"]
    assert q4["variants"][0]["rule"] == "character F1"

    explained = run(
        plugin_path,
        "explain",
        "jaqa",
        "--gold",
        str(gold),
        "--pred",
        str(pred),
        "--id",
        "q1",
        "--json",
    )
    assert explained.returncode == 0, explained.stderr
    [item] = json.loads(explained.stdout)
    assert item["scores"]["f1"] == pytest.approx(2 / 3)
    assert [v["matched"] for v in item["variants"]] == [False, True]

    checked = run(plugin_path, "check-gold", "jaqa", "--gold", str(gold), "--json")
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["counts"] == {"duplicate-variant": 1}

    compared = run(
        plugin_path,
        "compare",
        "jaqa",
        "--gold",
        str(gold),
        "--pred",
        str(pred),
        "--pred",
        str(pred_b),
        "--resamples",
        "200",
        "--json",
    )
    assert compared.returncode == 0, compared.stderr
    systems = json.loads(compared.stdout)["systems"]
    assert systems[0]["score"] == pytest.approx(result["scores"]["f1"])
    assert systems[1]["difference"] > 0


def test_installing_the_plugin_touches_no_file_of_answermatch():
    tracked = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "src/answermatch"],
        capture_output=True,
        text=True,
        check=False,
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    names = " ".join(tracked.stdout.split())
    assert "jaqa" not in names
    for path in (REPO / "src" / "answermatch").rglob("*.py"):
        assert "jaqa" not in path.read_text(encoding="utf-8"), path
