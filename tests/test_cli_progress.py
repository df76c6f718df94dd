"""Every command that reads input files draws the same reading progress bar
as ``score`` (an input over ``PROGRESS_BYTES``, on a terminal, unless
``--quiet``), decided in one place (``answermatch.cli.main``); the library
draws none unless asked."""

from __future__ import annotations

import json

import pytest

import answermatch.progress
import answermatch.sources as sources
from answermatch.cli import main
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from examples import EXAMPLE_FILES

SQUAD_GOLD, SQUAD_PRED = (str(p) for p in EXAMPLE_FILES["squad"])
ENGSPAN_GOLD, ENGSPAN_PRED = (str(p) for p in EXAMPLE_FILES["xor-engspan"])


@pytest.fixture
def bars(monkeypatch):
    """The labels of the reading bars drawn (every input counts as large:
    ``PROGRESS_BYTES`` is 0); the bars themselves are not drawn."""
    drawn: list[tuple[str, int | None, object]] = []

    def progress(items, *, total=None, desc="", enabled=True, size=None):
        if enabled and desc.startswith("reading "):
            drawn.append((desc, total, size))
        return items

    monkeypatch.setattr(answermatch.progress, "progress", progress)
    monkeypatch.setattr(sources, "PROGRESS_BYTES", 0)
    return drawn


def labels(drawn) -> set[str]:
    return {desc for desc, _, _ in drawn}


def _judgments(tmp_path) -> str:
    path = tmp_path / "judged.jsonl"
    row = {"question": "q", "answers": ["Lima"], "prediction": "Lima", "human": True}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return str(path)


def _samples(tmp_path) -> str:
    path = tmp_path / "samples_triviaqa_2026-11-26T10-11-12.jsonl"
    row = {
        "doc_id": 0,
        "doc": {"question": "Capital of Peru?", "answer": {"aliases": ["Lima"]}},
        "target": "Lima",
        "resps": [["Lima"]],
        "filtered_resps": ["Lima"],
        "metrics": ["exact_match"],
        "exact_match": 1.0,
    }
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return str(path)


COMMANDS = {
    "score": (["score", "squad", "--gold", SQUAD_GOLD, "--pred", SQUAD_PRED], "pred.json"),
    "explain": (
        ["explain", "xor-engspan", "--gold", ENGSPAN_GOLD, "--pred", ENGSPAN_PRED, "--limit", "1"],
        "pred.json",
    ),
    "check-gold": (["check-gold", "squad", "--gold", SQUAD_GOLD], "dev.json"),
    "report": (
        ["report", "squad", "--gold", SQUAD_GOLD, "--pred", SQUAD_PRED, "--no-ci"],
        "pred.json",
    ),
    "compare": (
        ["compare", "squad", "--gold", SQUAD_GOLD, *("--pred", SQUAD_PRED) * 2, "--resamples=9"],
        "pred.json",
    ),
}


@pytest.mark.parametrize("command", [*COMMANDS, "meta-eval", "rescore"])
def test_every_command_draws_the_reading_bar_unless_quiet(command, bars, tmp_path, capsys):
    if command == "meta-eval":
        argv, name = ["meta-eval", _judgments(tmp_path), "--resamples", "0"], "judged.jsonl"
    elif command == "rescore":
        argv = ["rescore", _samples(tmp_path)]
        name = "samples_triviaqa_2026-11-26T10-11-12.jsonl"
    else:
        argv, name = COMMANDS[command]
    assert main(argv) in (0, 1)  # (check-gold: 1 when it finds an error)
    assert f"reading {name}" in labels(bars)
    bars.clear()
    assert main([*argv, "--quiet"]) in (0, 1)
    assert bars == []
    assert sources.reading_progress.get() is False  # the run's setting ends with it
    capsys.readouterr()


def test_library_calls_draw_no_reading_bar(bars):
    explain("xor-engspan", ENGSPAN_GOLD, ENGSPAN_PRED, limit=1)
    check_gold("squad", SQUAD_GOLD)
    assert bars == []


def test_a_file_bar_counts_megabytes_of_its_size(bars, tmp_path, capsys):
    assert main(COMMANDS["check-gold"][0]) in (0, 1)
    size = EXAMPLE_FILES["squad"][0].stat().st_size
    assert ("reading dev.json", size, len) in bars
    capsys.readouterr()


def test_a_pipe_bar_is_labelled_by_the_name_given():
    assert sources._reading_desc("/dev/stdin") == "reading <stdin>"
    assert sources._reading_desc("/dev/fd/63") == "reading /dev/fd/63"
    assert sources._reading_desc("/proc/self/fd/7") == "reading /proc/self/fd/7"
    assert sources._reading_desc("runs/a/pred.json") == "reading pred.json"
