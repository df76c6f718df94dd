"""Where the command line's output goes wrong: a full device, a closed
standard output, SIGTERM or SIGHUP mid-write, odd ``--items`` names, a
UTF-16 gold, and a number of resamples that would never end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from answermatch.cli import main
from answermatch.resampling import MAX_DRAWS

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "poleval2021"
GOLD, PRED = str(EXAMPLE / "expected.tsv"), str(EXAMPLE / "out.tsv")
SCORE = ["score", "poleval2021", "--gold", GOLD, "--pred", PRED]


def run(args, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "answermatch", *args],
        capture_output=kwargs.pop("capture", True),
        text=True,
        timeout=300,
        check=False,
        **kwargs,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize(
    "args",
    [
        SCORE,
        ["tasks"],
        ["explain", "poleval2021", "--gold", GOLD, "--pred", PRED],
        ["check-gold", "poleval2021", "--gold", GOLD],
        ["compare", "poleval2021", "--gold", GOLD, "--pred", PRED, "--pred", PRED, "-q"],
        ["report", "poleval2021", "--gold", GOLD, "--pred", PRED, "--no-ci"],
    ],
    ids=lambda args: args[0],
)
def test_a_full_device_is_one_clear_error(args):
    with open("/dev/full", "w") as full:
        done = run(args, stdout=full, capture=False, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "answermatch: error: cannot write to standard output: No space left on device"
    )
    assert "Traceback" not in done.stderr


def test_a_closed_standard_output_is_an_error_not_a_lost_score():
    shell = subprocess.run(
        f'"{sys.executable}" -m answermatch {" ".join(SCORE)} >&-',
        shell=True,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert shell.returncode == 2, shell.stderr
    assert "standard output is closed" in shell.stderr


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this system")
@pytest.mark.parametrize("signum", [signal.SIGTERM, getattr(signal, "SIGHUP", 1)])
def test_a_signal_mid_write_leaves_no_temporary_file(tmp_path, signum):
    items = tmp_path / "run.items.jsonl"
    script = textwrap.dedent(
        f"""
        import os, sys
        import answermatch.outputs as outputs
        real = outputs.write_output

        def write_output(target, chunks, **kwargs):
            def chunks_then_signal():
                for number, chunk in enumerate(chunks):
                    if number == 3:  # part of the file is written
                        os.kill(os.getpid(), {int(signum)})
                    yield chunk
            return real(target, chunks_then_signal(), **kwargs)

        outputs.write_output = write_output
        from answermatch.cli import main
        sys.exit(main(sys.argv[1:]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *SCORE, "--items", str(items), "-q"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 128 + signum, done.stderr
    assert f"terminated by {signal.Signals(signum).name}" in done.stderr
    assert list(tmp_path.iterdir()) == []  # neither the file nor its temporary


def test_items_through_a_symbolic_link_writes_its_target(tmp_path, capsys):
    target = tmp_path / "real.jsonl"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    assert main([*SCORE, "--items", str(link), "-q"]) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8").count("\n") == 14


def test_items_through_a_link_to_a_pipe_are_written_directly(tmp_path):
    # /dev/stdout is a link to the descriptor: a pipe here, which cannot be replaced
    done = run([*SCORE, "--items", "/dev/stdout", "-q"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.count('"id": ') == 14


def test_items_through_a_dangling_link_create_its_target(tmp_path, capsys):
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "new.jsonl")
    assert main([*SCORE, "--items", str(link), "-q"]) == 0
    assert link.is_symlink() and (tmp_path / "new.jsonl").read_text().count("\n") == 14


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "--items: the file name is empty"),
        ("{tmp}/x/", "is a folder"),
        ("{tmp}", "is a folder"),
    ],
)
def test_items_that_name_no_file_are_refused(tmp_path, capsys, name, message):
    assert main([*SCORE, "--items", name.format(tmp=tmp_path), "-q"]) == 2
    assert message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_utf16_gold_is_named_as_the_problem(tmp_path, capsys):
    gold = tmp_path / "expected16.tsv"
    gold.write_bytes(Path(GOLD).read_text(encoding="utf-8").encode("utf-16"))
    assert main(["score", "poleval2021", "--gold", str(gold), "--pred", PRED, "-q"]) == 2
    err = capsys.readouterr().err
    assert f"{gold}:1: the file is UTF-16" in err and "out.tsv" not in err


def test_resamples_beyond_the_limit_are_refused_at_once(capsys):
    assert main([*SCORE, "--ci", "--resamples", "1000000000000", "-q"]) == 2
    assert f"at most {MAX_DRAWS:,}" in capsys.readouterr().err
