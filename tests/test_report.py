"""answermatch report: a self-contained HTML page checked in a real headless
browser (Chromium), and the per-language table for papers."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from answermatch.cli import main

REPO = Path(__file__).resolve().parents[1]
GOLD = REPO / "examples" / "xor-full" / "gold.jsonl"
PRED = REPO / "examples" / "xor-full" / "pred.json"
ARTIFACTS = Path(os.environ.get("ANSWERMATCH_TEST_ARTIFACTS", REPO / "build" / "test-artifacts"))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def systems(tmp_path_factory) -> tuple[Path, Path]:
    """The example predictions, and a second system that gets some of them wrong."""
    folder = tmp_path_factory.mktemp("systems")
    first = json.loads(PRED.read_text(encoding="utf-8"))
    second = {key: (value if k % 3 else "?") for k, (key, value) in enumerate(first.items())}
    a, b = folder / "system_a.json", folder / "system_b.json"
    a.write_text(json.dumps(first, ensure_ascii=False), encoding="utf-8")
    b.write_text(json.dumps(second, ensure_ascii=False), encoding="utf-8")
    return a, b


@pytest.fixture(scope="module")
def report(systems, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "report.html"
    argv = [
        "report",
        "xor-full",
        "--gold",
        str(GOLD),
        "--pred",
        str(systems[0]),
        "--pred",
        str(systems[1]),
        "-o",
        str(out),
        "--resamples",
        "200",
        "-q",
    ]
    assert main(argv) == 0
    return out


def scores(pred: Path, profile: str, capsys) -> dict:
    assert (
        main(
            [
                "score",
                "xor-full",
                "--gold",
                str(GOLD),
                "--pred",
                str(pred),
                "--profile",
                profile,
                "--json",
                "-q",
            ]
        )
        == 0
    )
    return json.loads(capsys.readouterr().out)


def embedded(page: str) -> dict:
    found = re.search(
        r'<script type="application/json" id="answermatch-data">(.*?)</script>', page, re.S
    )
    assert found, "the page embeds its numbers as JSON"
    return json.loads(found.group(1))


def test_the_page_is_self_contained_and_its_numbers_are_the_scores(report, systems, capsys):
    page = report.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)  # nothing remote
    assert "<svg" in page and "<style>" in page
    data = embedded(page)
    for k, pred in enumerate(systems):
        for profile in ("official", "fair"):
            expected = scores(pred, profile, capsys)
            got = data["systems"][k]["results"][profile]
            assert got["scores"] == expected["scores"]
            assert got["per_language"] == expected["per_language"]
    bars = re.findall(r'<rect class="bar"[^>]*data-lang="([^"]+)"[^>]*data-value="([^"]+)"', page)
    languages = {lang for lang, _ in bars}
    assert len(bars) == 2 * 2 * len(languages) and len(languages) >= 2
    assert page.count('class="whisker"') == len(bars)  # intervals were computed
    assert "Where the systems disagree most" in page and "Gold checks" in page


def test_a_real_browser_renders_the_chart_and_agrees_with_the_json(report, tmp_path):
    if CHROMIUM is None:
        pytest.skip(
            "Chromium is not installed (apt-get install chromium): the browser test cannot run"
        )
    profile = tmp_path / "chromium-profile"
    dom = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", report.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    data = embedded(dom)
    bars = int(re.search(r'data-bars="(\d+)"', dom).group(1))
    assert re.search(r'data-consistent="true"', dom), "the page's own check of bars vs JSON"
    languages = {
        lang for s in data["systems"] for r in s["results"].values() for lang in r["per_language"]
    }
    assert bars == len(data["systems"]) * len(data["profiles"]) * len(languages)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "report.png"
    subprocess.run(
        [
            CHROMIUM,
            *FLAGS,
            f"--user-data-dir={profile}",
            "--window-size=1200,1600",
            f"--screenshot={shot}",
            report.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


@pytest.mark.parametrize("fmt", ["markdown", "latex", "csv"])
def test_the_per_language_table_for_papers(systems, capsys, fmt):
    assert (
        main(
            [
                "report",
                "xor-full",
                "--gold",
                str(GOLD),
                "--pred",
                str(systems[0]),
                "--format",
                fmt,
                "--no-ci",
                "--profile",
                "official",
                "-q",
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    official = scores(systems[0], "official", capsys)
    for lang, figures in official["per_language"].items():
        assert lang in text and f"{figures['f1']:.2f}" in text
    assert f"{official['scores']['f1']:.2f}" in text
    marker = {"markdown": "|---|", "latex": r"\begin{tabular}", "csv": "language,"}[fmt]
    assert marker in text


def test_the_report_is_never_written_over_an_input(systems, capsys):
    assert (
        main(
            [
                "report",
                "xor-full",
                "--gold",
                str(GOLD),
                "--pred",
                str(systems[0]),
                "-o",
                str(systems[0]),
                "-q",
            ]
        )
        == 2
    )
    assert "is also an input" in capsys.readouterr().err


def test_the_page_shows_what_scoring_warned_about(report, systems):
    # the example predictions leave a question unanswered: score says so on stderr,
    # and the page, which is what gets shared, says it too, per system
    page = report.read_text(encoding="utf-8")
    warned = page.split("<ul id='warnings'>", 1)[1].split("</ul>", 1)[0]
    for system in systems:
        # named by its stem, and the message does not repeat the file's name
        assert f"<b><bdi>{system.stem}</bdi></b>: <bdi>1 of 84 gold question(s) have no " in warned
        assert str(system) not in warned
    assert "<div class='wide'><table id='languages'>" in page  # long names scroll, not the page


@pytest.fixture(scope="module")
def page(report) -> str:
    return report.read_text(encoding="utf-8")


def test_the_page_shows_each_systems_paired_difference_and_p_value(page, systems, capsys):
    headline = page.split("<table id='paired'>", 1)[1].split("</table>", 1)[0]
    assert f"<h2>Against <bdi>{systems[0].stem}</bdi></h2>" in page
    assert "<th>p-value</th>" in headline and "<td>official</td>" in headline
    assert "<td>fair</td>" in headline
    # the numbers are compare's, on the same resamples
    assert (
        main(
            [
                "compare",
                "xor-full",
                "--gold",
                str(GOLD),
                "--pred",
                str(systems[0]),
                "--pred",
                str(systems[1]),
                "--resamples",
                "200",
                "--json",
                "-q",
            ]
        )
        == 0
    )
    compared = json.loads(capsys.readouterr().out)["systems"][1]
    data = embedded(page)["comparisons"]["official"]["systems"][1]
    assert data["difference"] == pytest.approx(compared["difference"], abs=1e-9)
    assert data["p_value"] == pytest.approx(compared["p_value"], abs=1e-12)
    assert f"{compared['difference']:+.2f}" in headline


def test_disagreements_are_readable_rows_not_raw_explanations(page, systems):
    part = page.split("Where the systems disagree most</h2>", 1)[1].split("<h2>", 1)[0]
    tables = re.findall(r"<table class='item'>.*?</table>", part)
    assert tables and "<pre>" not in part and "rule:" not in part
    first = tables[0]
    assert "gold <bdi>" in first and "<th class='text'>answer</th><th>verdict</th>" in first
    for system in systems:
        assert f"<td><bdi>{system.stem}</bdi></td>" in first
    assert "<td>?</td>" not in first and "<bdi>?</bdi>" in first  # system b's answer


def test_gold_findings_are_summarized_by_kind(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    rows = [
        {"id": f"q{k}", "question": "?", "answers": ["Tokyo", "Tokyo"], "lang": "ja"}
        for k in range(8)
    ]
    gold.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    pred = tmp_path / "run.json"
    pred.write_text(json.dumps({f"q{k}": "Tokyo" for k in range(8)}), encoding="utf-8")
    out = tmp_path / "r.html"
    argv = ["report", "xor-full", "--gold", str(gold), "--pred", str(pred), "-o", str(out)]
    assert main([*argv, "--no-ci", "-q"]) == 0
    findings = out.read_text(encoding="utf-8").split("<table id='findings'>", 1)[1]
    findings = findings.split("</table>", 1)[0]
    kinds = re.findall(r"<tr><td class='sev-\w+'>", findings)
    assert len(kinds) < 8  # one row per kind, not per finding
    assert "and 5 more" in findings  # the first three shown


def test_names_and_the_latex_table_of_every_score(systems, capsys):
    argv = ["report", "xor-full", "--gold", str(GOLD), "--pred", str(systems[0])]
    argv += ["--pred", str(systems[1]), "--name", "mT5", "--name", "ours & co"]
    assert main([*argv, "--format", "latex", "--no-ci", "--profile", "official", "-q"]) == 0
    text = capsys.readouterr().out
    assert r"\multicolumn{3}{c}{mT5 (official)}" in text
    assert r"\multicolumn{3}{c}{ours \& co (official)}" in text
    assert "language & f1 & em & bleu & f1 & em & bleu" in text
    official = scores(systems[0], "official", capsys)
    for key in ("f1", "em", "bleu"):
        assert f"{official['scores'][key]:.2f}" in text
    assert main([*argv[:-4], "--name", "only one", "--format", "csv", "-q"]) == 2
    assert "--name was given 1 time(s) for 2 --pred file(s)" in capsys.readouterr().err


# --- results of one language, or of none --------------------------------------------

SQUAD = (REPO / "examples" / "squad" / "dev.json", REPO / "examples" / "squad" / "pred.json")
MLQA = (REPO / "examples" / "mlqa" / "dev.de.json", REPO / "examples" / "mlqa" / "pred.de.json")


def single_language_page(tmp_path, files, *options) -> str:
    out = tmp_path / "report.html"
    argv = ["report", files[0].parent.name, "--gold", str(files[0]), "--pred", str(files[1])]
    assert main([*argv, *options, "-o", str(out), "--resamples", "50", "-q"]) == 0
    return out.read_text(encoding="utf-8")


def test_a_result_without_languages_has_no_per_language_chart_or_table(tmp_path):
    page = single_language_page(tmp_path, SQUAD)
    data = embedded(page)
    assert all(not r["per_language"] for s in data["systems"] for r in s["results"].values())
    assert "<svg" not in page and 'class="bar"' not in page and "Per language" not in page
    assert "id='languages'" not in page
    for result in data["systems"][0]["results"].values():  # the headline has every score
        assert f"{result['scores']['f1']:.2f}" in page


def test_a_result_of_one_language_has_its_table_but_no_chart(tmp_path):
    page = single_language_page(tmp_path, MLQA, "--option", "lang=de")
    assert "<h2>Per language</h2>" in page and "id='languages'" in page
    assert "<svg" not in page and 'class="bar"' not in page


def test_a_page_without_charts_is_consistent_in_a_browser(tmp_path):
    if CHROMIUM is None:
        pytest.skip(
            "Chromium is not installed (apt-get install chromium): the browser test cannot run"
        )
    page = tmp_path / "page"
    page.mkdir()
    single_language_page(page, SQUAD)
    dom = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
         (page / "report.html").as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout  # fmt: skip
    assert 'data-bars="0"' in dom and 'data-consistent="true"' in dom


@pytest.mark.parametrize("fmt", ["markdown", "latex", "csv"])
def test_the_table_of_a_result_without_languages_is_its_all_row(capsys, fmt):
    argv = ["report", "squad", "--gold", str(SQUAD[0]), "--pred", str(SQUAD[1])]
    assert main([*argv, "--format", fmt, "--no-ci", "--profile", "official", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    body = [line for line in lines if line.startswith(("| all ", "all &", "all,"))]
    assert len(body) == 1 and lines[-1 if fmt != "latex" else -3] == body[0]
    if fmt == "latex":  # header, rule, the all row: no empty block between two rules
        assert lines.count(r"\midrule") == 1
        assert lines[lines.index(r"\midrule") + 1].startswith("all &")


@pytest.mark.slow
def test_the_gold_checks_read_the_gold_before_the_systems_hold_it(tmp_path):
    """A gold answer of 1,650,000 characters: the gold checks read the
    gold again after scoring, while the systems' results still held it, so
    the report peaked at three times the answer (the results' copy, and the
    checks' reading: its bytes and its text). They now run first, their
    reading let go before scoring: twice the answer."""
    import random
    import tracemalloc

    from answermatch.report.build import build_report

    gold = json.loads((REPO / "examples" / "squad-v2" / "dev.json").read_text(encoding="utf-8"))
    rng = random.Random(1)
    long = " ".join(rng.choice(["Paris", "tower", "iron", "1889"]) for _ in range(300_000))
    gold["data"][0]["paragraphs"][0]["qas"][0]["answers"] = [{"text": long, "answer_start": 0}]
    path = tmp_path / "dev.json"
    path.write_text(json.dumps(gold), encoding="utf-8")
    pred = REPO / "examples" / "squad-v2" / "pred.json"
    build_report("squad-v2", REPO / "examples" / "squad-v2" / "dev.json", [pred], ci=False)
    tracemalloc.start()
    try:
        report = build_report("squad-v2", path, [pred], ci=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.gold_checked and report.systems[0].results["official"].n > 0
    assert peak < 2.5 * len(long), (peak / len(long), len(long))
