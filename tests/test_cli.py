"""Command-line behaviour common to every task."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from answermatch import __version__
from answermatch.cli import build_parser, main


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"answermatch {__version__}"


def test_bad_usage_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["score", "no-such-task", "--gold", "g", "--pred", "p"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_missing_file_exits_2_with_message(tmp_path, capsys):
    code = main(
        [
            "score",
            "poleval2021",
            "--gold",
            str(tmp_path / "nope.tsv"),
            "--pred",
            str(tmp_path / "nope2.tsv"),
        ]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "nope.tsv" in err and "no such file" in err


def test_bad_option_syntax_exits_2(tmp_path, capsys):
    code = main(["score", "poleval2021", "--gold", "g", "--pred", "p", "-o", "novalue"])
    assert code == 2
    assert "KEY=VALUE" in capsys.readouterr().err


def test_normalize_command(capsys):
    assert main(["normalize", "--lang", "en", "The  Beatles!"]) == 0
    assert capsys.readouterr().out == "beatles\n"


def test_tasks_command_lists_every_task(capsys):
    assert main(["tasks"]) == 0
    out = capsys.readouterr().out
    for task in (
        "xor-full",
        "xor-engspan",
        "xor-retrieve",
        "poleval2021",
        "nlpcc-kbqa",
        "nlpcc-dbqa",
        "ntcir-dsqa",
        "zalo2019",
    ):
        assert f"{task}:" in out


def test_parser_has_the_documented_score_flags():
    score = build_parser()._subparsers._group_actions[0].choices["score"]
    flags = {s for a in score._actions for s in a.option_strings}
    assert {"--gold", "--pred", "--json", "--profile", "--items", "--strict", "--quiet"} <= flags


def test_python_dash_m_works():
    proc = subprocess.run(
        [sys.executable, "-m", "answermatch", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"answermatch {__version__}"


def test_unknown_task_option_exits_2(tmp_path, capsys):
    code = main(["score", "poleval2021", "--gold", "g", "--pred", "p", "-o", "colour=red"])
    assert code == 2
    err = capsys.readouterr().err
    assert "unknown option(s) for poleval2021: colour" in err
    assert "Traceback" not in err


def test_help_lists_every_task(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in ("squad-v2", "xor-full", "zalo2019"))


def test_a_run_of_a_builtin_task_reads_no_other_package_metadata():
    # naming one of answermatch's own tasks must not scan every installed
    # package's entry points (importlib.metadata): that costs each run 0.03 s
    from examples import EXAMPLE_FILES

    gold, pred = EXAMPLE_FILES["squad"]
    code = (
        "import sys; from answermatch.cli import main; "
        f"rc = main(['score', 'squad', '--gold', {str(gold)!r}, '--pred', {str(pred)!r}]); "
        "print(rc, 'importlib.metadata' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[-2:] == ["0", "False"]


def test_report_says_when_its_output_looks_like_a_task_option(capsys, tmp_path, monkeypatch):
    from examples import EXAMPLE_FILES

    monkeypatch.chdir(tmp_path)  # where no file is called lang=de
    gold, pred = EXAMPLE_FILES["mlqa"]
    code = main(["report", "mlqa", "--gold", str(gold), "--pred", str(pred), "-o", "lang=de"])
    assert code == 2
    assert "give it as --option lang=de" in capsys.readouterr().err
    assert not (tmp_path / "lang=de").exists()


def test_each_warning_is_printed_once_per_run(capsys, tmp_path):
    from examples import EXAMPLE_FILES

    gold, pred = EXAMPLE_FILES["xor-full"]
    argv = ["report", "xor-full", "--gold", str(gold), "--pred", str(pred), "--pred", str(pred)]
    assert main([*argv, "--no-ci", "-o", str(tmp_path / "r.html")]) == 0
    err = capsys.readouterr().err.splitlines()
    lines = [x for x in err if x.startswith("answermatch: warning")]
    assert lines and len(lines) == len(set(lines))


def test_a_swap_is_hinted_once(capsys):
    from examples import EXAMPLE_FILES

    gold, pred = EXAMPLE_FILES["xor-full"]
    assert main(["score", "xor-full", "--gold", str(pred), "--pred", str(gold)]) == 2
    assert capsys.readouterr().err.count("swapped?") == 1


def test_the_all_row_counts_every_language(capsys):
    from examples import EXAMPLE_FILES

    gold, pred = EXAMPLE_FILES["xor-full"]
    assert main(["score", "xor-full", "--gold", str(gold), "--pred", str(pred)]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    header = next(row for row in rows if row[:1] == ["lang"])
    column = header.index("count")
    languages = [row for row in rows if len(row) == len(header) and row[0] not in ("lang", "all")]
    (overall,) = [row for row in rows if row[:1] == ["all"]]
    assert len(languages) == 7
    assert int(overall[column]) == sum(int(row[column]) for row in languages) > 0


def test_a_swap_is_looked_for_only_in_a_file_small_enough_to_read_again(
    capsys, tmp_path, monkeypatch
):
    """The check reads the file given as predictions as a gold, which a gold
    reader may hold whole: a file over ``SWAP_CHECK_BYTES`` (a sixteenth of
    it gzipped) is not read again, so its error comes without the hint."""
    import gzip

    from answermatch import sources
    from examples import EXAMPLE_FILES

    gold, pred = EXAMPLE_FILES["squad"]
    packed = tmp_path / "gold.json.gz"
    packed.write_bytes(gzip.compress(Path(gold).read_bytes()))
    for given, size in ((str(gold), Path(gold).stat().st_size), (str(packed), None)):
        size = size or packed.stat().st_size * 16
        for limit, hinted in ((size, 1), (size - 1, 0)):
            monkeypatch.setattr(sources, "SWAP_CHECK_BYTES", limit)
            assert main(["score", "squad", "--gold", str(pred), "--pred", given]) == 2
            err = capsys.readouterr().err
            assert err.startswith(f"answermatch: error: {pred}: expected the SQuAD layout")
            assert err.count("the files read the other way round") == hinted
