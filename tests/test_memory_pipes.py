"""Memory on large inputs (issue 25): predictions given through a pipe
(``--pred <(zcat run.json.gz)``, ``--pred -``) are read once into one held
buffer and then read in parts as a file is, instead of whole (about 6.7
times their size); a ``.gz`` file that inflates past a limit is refused
while it is counted, before any reader holds its bytes; pipes and small
``.gz`` files that inflate far show progress; ``check-gold`` refuses a gold
over the limit as ``score`` does. Each reading of a pipe is checked against
the readings of the same bytes in a regular file, for the same values,
warnings and errors."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
import warnings
from contextlib import contextmanager, suppress

import pytest

import answermatch
import answermatch.sources as sources
from answermatch.cli import main
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.sources import InputTooLarge, holding, read_bytes
from conftest import traced_peak
from test_memory_encodings import _READERS, _ROWS, _gold, _read, _whole, _write

ROOT = os.path.join(os.path.dirname(__file__), "..")
SQUAD_GOLD = os.path.join(ROOT, "examples", "squad", "dev.json")


@contextmanager
def _piped(data: bytes):
    """The name of a pipe (``/dev/fd/N``) that a thread fills with ``data``."""
    read, write = os.pipe()

    def feed():
        # (BrokenPipeError: the reader stopped, nothing more to give)
        with suppress(BrokenPipeError), os.fdopen(write, "wb") as out:
            out.write(data)

    thread = threading.Thread(target=feed)
    thread.start()
    try:
        yield f"/dev/fd/{read}"
    finally:
        os.close(read)
        thread.join(timeout=30)
        assert not thread.is_alive()


def _named(found, pipe: str, path) -> object:
    """``found`` with the pipe's name in messages written as the file's."""
    if isinstance(found, str):
        return found.replace(pipe, str(path))
    if isinstance(found, tuple):
        return tuple(_named(item, pipe, path) for item in found)
    if not isinstance(found, (str, bytes, dict)) and hasattr(found, "__iter__"):
        return [_named(item, pipe, path) for item in found]  # a list, Messages
    return found


def _read_pipe(task_name, task, gold, options, path, gold_ids, strict=False):
    with _piped(path.read_bytes()) as pipe, holding():
        found = _read(task_name, task, gold, options, pipe, gold_ids, strict)
    return _named(found, pipe, path)


_EXTRAS = ["", ', "q7": "again"', ', "q8": 5']
_SPOILED = ["", "invalid UTF-8", "mark"]


@pytest.mark.skipif(not os.path.exists("/dev/fd"), reason="no /dev/fd on this system")
@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("spoiled", _SPOILED)
@pytest.mark.parametrize(
    ("task_name", "extra"),
    [(t, e) for t in sorted(_READERS) for e in ([""] if t in _ROWS else _EXTRAS)],
)
def test_a_pipe_is_read_as_the_file_is_read_in_parts_and_whole(
    tmp_path, monkeypatch, task_name, extra, spoiled, strict
):
    """The same predictions, warnings and errors from a pipe (read once,
    then in parts from its held bytes) as from the file, in parts and
    whole (``extra``: a key given again, a value that is not a string;
    ``spoiled``: an invalid byte in the middle, a byte order mark)."""
    gold_ids = [f"q{k}" for k in range(300)]
    task, gold, options = _gold(task_name, tmp_path, gold_ids)
    path = tmp_path / ("pred.jsonl" if task_name in _ROWS else "pred.json")
    _write(task_name, path, gold_ids, 3000, bom=b"", **({"extra": extra} if extra else {}))
    data = path.read_bytes()
    if spoiled == "invalid UTF-8":
        path.write_bytes(data[: len(data) // 2] + b"\xff" + data[len(data) // 2 :])
    elif spoiled == "mark":
        path.write_bytes(b"\xef\xbb\xbf" + data)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    monkeypatch.setattr(sources, "PARTS_FROM", 4)
    piped = _read_pipe(task_name, task, gold, options, path, gold_ids, strict)
    assert piped == _read(task_name, task, gold, options, path, gold_ids, strict)
    with monkeypatch.context() as whole:
        _whole(whole)
        assert piped == _read(task_name, task, gold, options, path, gold_ids, strict)
    if not extra and not spoiled and not strict:  # the predictions themselves
        assert len(piped[0]) == 300


@pytest.mark.skipif(not os.path.exists("/dev/fd"), reason="no /dev/fd on this system")
@pytest.mark.parametrize("task_name", ["squad", "xor-full", "open-qa", "mkqa"])
def test_a_pipe_peaks_within_twice_its_size(tmp_path, monkeypatch, task_name):
    """300 gold questions among 40,000 predictions (about 1.2 MB) through a
    pipe, in parts of 16 KiB: the held bytes and a part's objects (read
    whole, outside :func:`holding`, the bytes, the text and an object per
    entry took several times the pipe)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 14)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 16)  # (a read's buffer: a constant)
    gold_ids = [f"q{k}" for k in range(300)]
    task, gold, options = _gold(task_name, tmp_path, gold_ids)
    path = tmp_path / ("pred.jsonl" if task_name in _ROWS else "pred.json")
    _write(task_name, path, gold_ids, 40_000, bom=b"")
    data = path.read_bytes()  # (the writer's, before the peak is traced)
    size = len(data)
    found = []

    def read(held: bool):
        with _piped(data) as pipe:
            if held:
                with holding():
                    found.append(_read(task_name, task, gold, options, pipe, gold_ids))
            else:
                found.append(_read(task_name, task, gold, options, pipe, gold_ids))

    parts = traced_peak(read, True, quiet=True)
    whole = traced_peak(read, False, quiet=True)
    assert found[0][0] == found[1][0] and len(found[0][0]) == 300
    assert parts < 2 * size, (parts, size)
    assert whole > 2.5 * size, (whole, size)


#: each example's task, gold and predictions
_EXAMPLES = {
    "squad": ("dev.json", "pred.json"),
    "squad-v2": ("dev.json", "pred.json"),
    "xor-full": ("gold.jsonl", "pred.json"),
    "xor-engspan": ("gold.jsonl", "pred.json"),
    "open-qa": ("gold.jsonl", "pred.json"),
    "poleval2021": ("expected.tsv", "out.tsv"),
    "cmrc2018": ("dev.json", "pred.json"),
    "korquad": ("dev_sample.json", "predictions.json"),
    "mlqa": ("dev.de.json", "pred.de.json"),
    "nlpcc-dbqa": ("gold.txt", "pred.txt"),
    "nlpcc-kbqa": ("gold.txt", "pred.txt"),
    "ntcir-dsqa": ("gold.tsv", "run.tsv"),
    "zalo2019": ("test_labelled.json", "submission.csv"),
}


@pytest.mark.skipif(not os.path.exists("/dev/fd"), reason="no /dev/fd on this system")
@pytest.mark.parametrize("task", sorted(_EXAMPLES))
def test_a_pipe_scores_as_the_file_in_evaluate(monkeypatch, task):
    """``evaluate`` reads a pipe within :func:`holding`, in parts where the
    file is read in parts: the same scores and warnings."""
    folder = os.path.join(ROOT, "examples", task)
    gold, pred = (os.path.join(folder, name) for name in _EXAMPLES[task])
    monkeypatch.setattr(sources, "PART_BYTES", 256)  # many parts
    monkeypatch.setattr(sources, "PARTS_FROM", 1)
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always", AnswermatchWarning)
        with open(pred, "rb") as fh, _piped(fh.read()) as pipe:
            piped = answermatch.evaluate(task, gold, pipe)
        said = [str(w.message).replace(pipe, pred) for w in warned]
        warned.clear()
        assert piped.scores == answermatch.evaluate(task, gold, pred).scores
        assert said == [str(w.message) for w in warned]


def test_predictions_from_standard_input(tmp_path):
    """``--pred -`` reads standard input (a pipe: once, then in parts)."""
    pred = os.path.join(ROOT, "examples", "squad", "pred.json")
    with open(pred, "rb") as fh:
        data = fh.read()
    command = [sys.executable, "-m", "answermatch", "score", "squad", "--gold", SQUAD_GOLD]
    piped = subprocess.run([*command, "--pred", "-", "--json"], input=data, capture_output=True)
    read = subprocess.run([*command, "--pred", pred, "--json"], capture_output=True)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == read.stdout and b'"exact_match"' in piped.stdout


@pytest.mark.skipif(not os.path.exists("/dev/fd"), reason="no /dev/fd on this system")
def test_a_pipe_past_the_limit_fails_again_with_the_same_error(monkeypatch):
    """Its bytes freed, a later reading of the pipe (the whole reading after
    the part readers) gives the same error, not an empty file."""
    monkeypatch.setattr(sources, "MAX_INPUT_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 12)
    with _piped(b"y" * (1 << 18)) as pipe, holding():
        with pytest.raises(InputTooLarge, match="it goes on: more than the 65,536 bytes") as one:
            list(sources.file_pieces(pipe))
        with pytest.raises(InputTooLarge) as two:
            read_bytes(pipe)
    assert str(one.value) == str(two.value)


@pytest.mark.skipif(not os.path.exists("/dev/fd"), reason="no /dev/fd on this system")
def test_a_pipe_draws_progress_by_the_bytes_read(progress_seen):
    with _piped(b'{"q1": "a"}') as pipe, holding():
        assert bytes(read_bytes(pipe)) == b'{"q1": "a"}'
    assert progress_seen["total"] is None and progress_seen["enabled"] is True
    # labelled by the name given (/dev/fd/N), not by its number alone
    assert progress_seen["size"] is len and progress_seen["desc"] == f"reading {pipe}"
    token = sources.reading_progress.set(False)  # quiet, or no terminal: none
    try:
        with _piped(b"{}") as pipe:
            read_bytes(pipe)
        assert progress_seen["enabled"] is False
    finally:
        sources.reading_progress.reset(token)


def test_a_small_gz_file_that_inflates_far_draws_progress(tmp_path, monkeypatch, progress_seen):
    """Its inflated size is counted first (so the bar has a total), and the
    bar counts the inflated bytes; a file that cannot pass the threshold is
    not counted, nor shown."""
    monkeypatch.setattr(sources, "PROGRESS_BYTES", 10_000)
    path = tmp_path / "pred.json.gz"
    inflated = b'{"q1": "' + b"a " * 20_000 + b'"}'
    path.write_bytes(gzip.compress(inflated))
    assert path.stat().st_size < 10_000
    assert b"".join(sources.file_pieces(path)) == inflated
    assert progress_seen == {
        "total": len(inflated),
        "desc": "reading pred.json.gz",
        "enabled": True,
        "size": len,
    }
    progress_seen.clear()
    small = tmp_path / "small.json.gz"
    small.write_bytes(gzip.compress(b'{"q1": "a"}'))
    assert read_bytes(small) == b'{"q1": "a"}' and progress_seen["enabled"] is False


def _bomb(path, size: int) -> None:
    """A predictions file of two entries, ``size`` spaces between them, gzipped."""
    with gzip.open(path, "wb", compresslevel=1) as out:
        out.write(b'{"u1": "a",')
        for _ in range(size // (1 << 16)):
            out.write(b" " * (1 << 16))
        out.write(b'"u2": "b"}\n')


@pytest.mark.parametrize("limit", ["MAX_INPUT_BYTES", "GZIP_FLOOR"])
def test_a_gz_bomb_is_refused_while_counted_before_its_bytes_are_held(
    tmp_path, monkeypatch, capsys, limit
):
    """A 24 MiB run of spaces gzipped to some kilobytes, over a limit of
    16 MiB (the input limit, or the decompression bomb's): one line naming
    the limit, at a peak far below it (the readers held the inflated bytes
    up to the limit before)."""
    path = tmp_path / "pred.json.gz"
    _bomb(path, 24 << 20)
    monkeypatch.setattr(sources, limit, 16 << 20)
    monkeypatch.setattr(sources, "GZIP_RATIO", 10)
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    monkeypatch.setattr(sources, "CHUNK_BYTES", 1 << 16)
    expected = {
        "MAX_INPUT_BYTES": "it inflates to more: more than the 16,777,216 bytes",
        "GZIP_FLOOR": "inflates to more than 16,777,216 bytes (10 times its size)",
    }[limit]
    with pytest.raises(InputTooLarge, match=expected.replace("(", r"\(").replace(")", r"\)")):
        read_bytes(path)

    def score():
        assert main(["score", "squad", "--gold", SQUAD_GOLD, "--pred", str(path), "-q"]) == 2

    peak = traced_peak(score)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err and str(path) in err
    assert peak < 4 << 20, peak


def test_a_gz_file_counted_first_reads_as_before(tmp_path, monkeypatch):
    """Counting a ``.gz`` file's inflated size changes none of its readings:
    its value, its head, a truncated file's error."""
    monkeypatch.setattr(sources, "PROGRESS_BYTES", 100)  # every file here is counted first
    path = tmp_path / "pred.json.gz"
    inflated = b'{"q1": "' + b"x" * 5000 + b'"}'
    path.write_bytes(gzip.compress(inflated))
    assert read_bytes(path) == inflated == b"".join(sources.file_pieces(path))
    assert sources.file_head(path, 3) == b'{"q'
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(path.read_bytes()[:-12])
    with pytest.raises(InputError, match="cannot read file") as counted:
        read_bytes(cut)
    monkeypatch.setattr(sources, "PROGRESS_BYTES", 1 << 30)  # not counted
    with pytest.raises(InputError) as read:
        read_bytes(cut)
    assert str(counted.value) == str(read.value)
    assert not isinstance(counted.value, InputTooLarge)


@pytest.mark.parametrize("command", ["check-gold", "score", "explain"])
def test_a_gold_over_the_limit_is_refused_by_every_command(tmp_path, monkeypatch, capsys, command):
    """``check-gold`` reported it as an ``[unreadable]`` finding (exit 1):
    now one line naming the file and the limit, exit 2, as ``score``."""
    gold = tmp_path / "gold.json"
    with open(gold, "wb") as out:
        out.truncate(5000)  # sparse: no byte read
    monkeypatch.setattr(sources, "MAX_INPUT_BYTES", 4096)
    pred = os.path.join(ROOT, "examples", "squad", "pred.json")
    args = [command, "squad", "--gold", str(gold)]
    args += [] if command == "check-gold" else ["--pred", pred, "-q"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err == (
        f"answermatch: error: {gold}: 5,000 bytes: more than the 4,096 bytes answermatch reads "
        "from one input (answermatch.sources.MAX_INPUT_BYTES); split it into parts and score "
        "them with answermatch.Scorer\n"
    )


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_check_gold_refuses_a_device_as_score_does(capsys):
    assert main(["check-gold", "squad", "--gold", "/dev/zero"]) == 2
    assert capsys.readouterr().err == (
        "answermatch: error: /dev/zero: is a device, not a file (a device such as /dev/zero "
        "may never end)\n"
    )


@pytest.mark.skipif(not os.path.exists("/dev/fd"), reason="no /dev/fd on this system")
def test_check_gold_reads_a_gold_through_a_pipe(capsys):
    """It was refused as "not a file"; now read once, the findings of the file."""
    gold = os.path.join(ROOT, "examples", "xor-full", "gold.jsonl")
    assert main(["check-gold", "xor-full", "--gold", gold, "--json"]) in (0, 1)
    read = capsys.readouterr().out
    with open(gold, "rb") as fh, _piped(fh.read()) as pipe:
        status = main(["check-gold", "xor-full", "--gold", pipe, "--json"])
    piped = capsys.readouterr().out.replace(json.dumps(pipe), json.dumps(gold))
    assert status in (0, 1) and piped == read and '"findings"' in read
