"""What every command promises on bad input, interruption and concurrent runs.

Output files are written whole or not at all and never over an input; bad
input is one line on stderr with exit status 2, never a traceback; Ctrl-C
exits 130 with one line.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from answermatch import outputs
from answermatch.cli import main

REPO = Path(__file__).resolve().parents[1]
GOLD = REPO / "examples" / "xor-full" / "gold.jsonl"
PRED = REPO / "examples" / "xor-full" / "pred.json"


def cli(*args: str, **kwargs) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    return subprocess.run(
        [sys.executable, "-m", "answermatch", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        **kwargs,
    )


def score(*extra: str) -> list[str]:
    return ["score", "xor-full", "--gold", str(GOLD), "--pred", str(PRED), "-q", *extra]


def one_line_error(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


def test_an_output_that_is_an_input_is_refused_also_through_a_link(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    gold.write_bytes(GOLD.read_bytes())
    link = tmp_path / "link.jsonl"
    link.symlink_to(gold)
    for target in (gold, link):
        argv = [
            "score",
            "xor-full",
            "--gold",
            str(gold),
            "--pred",
            str(PRED),
            "--items",
            str(target),
        ]
        assert main(argv) == 2
        assert "is also an input of this run" in capsys.readouterr().err
    assert gold.read_bytes() == GOLD.read_bytes()


def test_an_option_file_is_an_input_too(tmp_path, capsys):
    # squad-v2's no-answer probabilities (-o na_prob=FILE) are read like --gold and --pred
    folder = REPO / "examples" / "squad-v2"
    na_prob = tmp_path / "na_prob.json"
    na_prob.write_bytes((folder / "na_prob.json").read_bytes())
    argv = ["score", "squad-v2", "--gold", str(folder / "dev.json"), "--pred"]
    argv += [str(folder / "pred.json"), "-o", f"na_prob={na_prob}", "--items", str(na_prob)]
    assert main(argv) == 2
    assert "is also an input of this run" in capsys.readouterr().err
    assert na_prob.read_bytes() == (folder / "na_prob.json").read_bytes()


@pytest.mark.parametrize("command", ["score", "report"])
@pytest.mark.parametrize("name", ["en.jsonl", "new.jsonl"])
def test_nothing_is_written_inside_a_predictions_folder(tmp_path, capsys, command, name):
    folder = tmp_path / "preds"
    folder.mkdir()
    for lang in ("en", "ja"):
        source = REPO / "examples" / "mkqa" / f"{lang}.jsonl"
        (folder / f"{lang}.jsonl").write_bytes(source.read_bytes())
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    gold = str(REPO / "examples" / "mkqa" / "gold.jsonl")
    flag = "--items" if command == "score" else "--output"
    argv = [command, "mkqa", "--gold", gold, "--pred", str(folder), flag, str(folder / name)]
    assert main(argv) == 2
    assert "an input folder of this run" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


@pytest.mark.parametrize("profile", [",", "", "official,"])
def test_an_empty_profile_name_is_an_error_and_writes_nothing(tmp_path, capsys, profile):
    items = tmp_path / "items.jsonl"
    items.write_text("old\n")
    assert main(score("--profile", profile, "--items", str(items))) == 2
    assert "a profile name is empty" in capsys.readouterr().err
    assert items.read_text() == "old\n"


def test_a_failed_write_keeps_the_old_file_whole(tmp_path):
    items = tmp_path / "items.jsonl"
    items.write_text("old content\n")

    def limit_file_size() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    done = cli(*score("--items", str(items)), preexec_fn=limit_file_size)
    assert done.returncode == 2
    assert "cannot write --items file" in one_line_error(done.stderr)
    assert items.read_text() == "old content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["items.jsonl"]  # no temporary file left


def test_a_full_device_is_a_clean_error():
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    done = cli(*score("--items", "/dev/full"))
    assert done.returncode == 2
    assert "No space left on device" in one_line_error(done.stderr)


def test_ctrl_c_while_writing_exits_130_and_keeps_the_old_file(tmp_path, capsys, monkeypatch):
    items = tmp_path / "items.jsonl"
    items.write_text("old content\n")
    real_line = outputs.json_line
    written = []

    def interrupted(value):
        written.append(value)
        if len(written) == 3:
            raise KeyboardInterrupt
        return real_line(value)

    monkeypatch.setattr(outputs, "json_line", interrupted)
    assert main(score("--items", str(items))) == 130
    err = capsys.readouterr().err
    assert err.strip() == "answermatch: interrupted"
    assert items.read_text() == "old content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["items.jsonl"]


def test_concurrent_runs_leave_one_whole_file(tmp_path):
    items = tmp_path / "items.jsonl"
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "answermatch", *score("--items", str(items), "--profile", p)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        for p in ("official", "fair", "official,fair")
    ]
    assert [run.wait() for run in runs] == [0, 0, 0]
    records = [json.loads(line) for line in items.read_text().splitlines()]
    questions = sum(1 for line in GOLD.read_text().splitlines() if line.strip())
    assert len(records) in (questions, 2 * questions)
    assert [p.name for p in tmp_path.iterdir()] == ["items.jsonl"]


def test_a_lone_surrogate_is_written_as_an_escape(tmp_path, capsys):
    gold = [json.loads(line) for line in GOLD.read_text().splitlines() if line.strip()]
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps({gold[0]["id"]: "\ud800 x"}), encoding="utf-8")
    items = tmp_path / "items.jsonl"
    assert (
        main(
            [
                "score",
                "xor-full",
                "--gold",
                str(GOLD),
                "--pred",
                str(pred),
                "-q",
                "--items",
                str(items),
                "--json",
            ]
        )
        == 0
    )
    first = items.read_text(encoding="utf-8").splitlines()[0]
    assert "\\ud800" in first and json.loads(first)["prediction"] == "\ud800 x"
    capsys.readouterr()


@pytest.mark.parametrize(
    "args, expected",
    [
        (["tokenize", "--lang", "zh", "--mode", "bogus", "x"], "bogus"),
        (["normalize", "--preset", "bogus", "x"], "bogus"),
    ],
)
def test_tokenizer_and_preset_mistakes_are_one_line_errors(capsys, args, expected):
    assert main(args) == 2
    assert expected in one_line_error(capsys.readouterr().err)


def test_undecodable_standard_input_is_an_error():
    done = subprocess.run(
        [sys.executable, "-m", "answermatch", "normalize"],
        input=b"ok\n\xff\xfe bad\n",
        capture_output=True,
        check=False,
        env=dict(os.environ, PYTHONPATH=str(REPO / "src")),
    )
    assert done.returncode == 2
    assert "standard input, line 2: not valid UTF-8" in one_line_error(done.stderr.decode())


@pytest.mark.parametrize("limit", ["-1", "x"])
def test_a_bad_limit_is_a_usage_error(limit):
    done = cli("explain", "xor-full", "--gold", str(GOLD), "--pred", str(PRED), "--limit", limit)
    assert done.returncode == 2 and "--limit" in done.stderr and "Traceback" not in done.stderr


def test_a_huge_limit_means_every_item(capsys):
    assert (
        main(
            [
                "explain",
                "xor-full",
                "--gold",
                str(GOLD),
                "--pred",
                str(PRED),
                "-q",
                "--json",
                "--limit",
                "99999999999999999999999",
            ]
        )
        == 0
    )
    explained = json.loads(capsys.readouterr().out)
    assert len(explained) == sum(1 for line in GOLD.read_text().splitlines() if line.strip())


def test_too_few_resamples_are_refused_or_warned_about(capsys):
    base = ["compare", "xor-full", "--gold", str(GOLD), "--pred", str(PRED), "--pred", str(PRED)]
    assert main([*base, "--resamples", "0", "-q"]) == 2
    assert "must be at least 1" in capsys.readouterr().err
    assert main([*base, "--resamples", "1", "-q", "--json"]) == 0
    assert "warning: only 1 resamples" in capsys.readouterr().err


def test_a_lone_surrogate_in_a_japanese_prediction_blames_the_predictions(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        '{"id": "q1", "question": "?", "answers": ["東京"], "lang": "ja"}\n', encoding="utf-8"
    )
    pred = tmp_path / "pred.json"
    pred.write_text('{"q1": "\\ud800東京"}', encoding="utf-8")
    for command in ("score", "explain"):
        assert main([command, "xor-full", "--gold", str(gold), "--pred", str(pred), "-q"]) == 2
        error = one_line_error(capsys.readouterr().err)
        assert f"{pred}: the prediction for question 'q1' holds a lone surrogate" in error


def test_a_json_error_in_xor_predictions_says_what_was_expected(tmp_path, capsys):
    pred = tmp_path / "pred.txt"
    pred.write_text("Paris\n", encoding="utf-8")
    assert main(["score", "xor-full", "--gold", str(GOLD), "--pred", str(pred), "-q"]) == 2
    err = one_line_error(capsys.readouterr().err)
    assert err.endswith(
        f"{pred}:1: not valid JSON (Expecting value at column 1); expected one JSON object "
        "{question id: answer} (answers: a string)"
    )


def test_a_cut_string_is_described_once(tmp_path, capsys):
    pred = tmp_path / "pred.json"
    pred.write_text('{"q1": "Par', encoding="utf-8")
    assert main(["score", "xor-full", "--gold", str(GOLD), "--pred", str(pred), "-q"]) == 2
    assert "(Unterminated string starting at column 8)" in capsys.readouterr().err


def test_items_to_standard_output_with_a_dash(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(score("--items", "-")) == 0
    out, err = capsys.readouterr()
    items = [json.loads(line) for line in out.splitlines()]
    assert len(items) == 84 and all("score" in item for item in items)
    assert "signature: task:xor-full" in err  # the scores beside, on stderr
    assert list(tmp_path.iterdir()) == []  # no file named '-'


def test_a_missing_xor_predictions_file_says_only_that(tmp_path, capsys):
    missing = tmp_path / "nope.json"
    assert main(["score", "xor-full", "--gold", str(GOLD), "--pred", str(missing), "-q"]) == 2
    assert one_line_error(capsys.readouterr().err).endswith(f"{missing}: no such file")
