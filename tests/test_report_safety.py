"""Text from the files cannot take over what answermatch writes: the HTML
report's script, the tables for papers, a spreadsheet, a terminal."""

from __future__ import annotations

import json
import re

import pytest

from answermatch.cli import main
from answermatch.report import build_report, render_table

HOSTILE = "q<!--<script>\u202eevil\x1b[31m"


@pytest.fixture()
def files(tmp_path):
    gold = tmp_path / "gold<!--<script>.jsonl"
    rows = [
        {"id": HOSTILE, "question": "?", "answers": ["Tokyo \x1b[2J"], "lang": "ja"},
        {"id": "q2", "question": "?", "answers": ["Paris"], "lang": "fi"},
    ]
    gold.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({HOSTILE: "Tokyo \x1b[2J", "q2": "Paris"}), encoding="utf-8")
    b.write_text(json.dumps({HOSTILE: "Osaka", "q2": "Paris"}), encoding="utf-8")
    return gold, a, b


def test_no_text_of_the_files_can_end_or_comment_out_the_pages_script(files, tmp_path):
    gold, a, b = files
    out = tmp_path / "report.html"
    argv = ["report", "xor-full", "--gold", str(gold), "--pred", str(a), "--pred", str(b)]
    assert main([*argv, "-o", str(out), "--no-ci", "-q"]) == 0
    page = out.read_text(encoding="utf-8")
    data = page.split('<script type="application/json" id="answermatch-data">', 1)[1]
    data = data.split("</script>", 1)[0]
    assert "<" not in data and ">" not in data
    assert json.loads(data)["gold"].endswith("gold<!--<script>.jsonl")
    # the only script elements are the page's own two
    assert page.count("<script") == 2 and page.count("</script>") == 2
    # user text is isolated: the right-to-left override stays inside its <bdi>
    assert re.search(r"<bdi>[^<]*\u202e[^<]*</bdi>", page)
    assert not re.search(r"\u202e", re.sub(r"<bdi>[^<]*</bdi>|\u2068[^\u2069]*\u2069", "", page))


@pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning")
def test_a_bar_in_a_system_name_stays_in_its_markdown_cell(files):
    gold, a, b = files
    report = build_report("xor-full", str(gold), [str(a), str(b)], names=["x|y", "z"], ci=False)
    header = render_table(report, "markdown").splitlines()[0]
    assert "x\\|y" in header
    columns = len(report.systems) * len(report.profiles) * len(report.metrics())
    assert len(re.findall(r"(?<!\\)\|", header)) == 1 + columns + 1


@pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning")
def test_csv_cells_that_a_spreadsheet_would_run_are_neutralized(files):
    gold, a, b = files
    names = ["=HYPERLINK(1)", "@SUM(A1)"]
    report = build_report("xor-full", str(gold), [str(a), str(b)], names=names, ci=False)
    header = render_table(report, "csv").splitlines()[0].split(",")
    assert header[1].startswith("'=HYPERLINK(1)") and header[-1].startswith("'@SUM(A1)")
    assert not any(cell[:1] in "=+-@" for cell in header)


def test_explain_shows_control_characters_escaped(files, capsys):
    gold, a, _ = files
    argv = ["explain", "xor-full", "--gold", str(gold), "--pred", str(a)]
    assert main([*argv, "-q"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "q<!--<script>\\u202eevil\\x1b[31m" in out and "\\x1b[2J" in out
