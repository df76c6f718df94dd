"""Memory on large inputs (issue 25) in the readers of NTCIR-16, NLPCC 2016
KBQA, Zalo 2019 and PolEval 2021, and in the long-text tokenizers: each
bounded path is checked against the whole-file (or whole-text) path for the
same values, warnings and errors, and its peak (``tracemalloc``) against a
bound relative to the input's size that the previous code exceeded."""

from __future__ import annotations

import random
import tracemalloc
import warnings

import pytest

import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.sources import NotFlat, line_parts
from answermatch.tasks import get_task


def _peak(function, *args):
    tracemalloc.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            function(*args)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _outcome(function, *args):
    """What ``function(*args)`` gives (or its error's message) and its warnings."""
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = function(*args, diag)
        except InputError as error:
            found = str(error)
    return found, diag.messages


def _whole(monkeypatch):
    """Make every reader read its file whole (``line_parts`` refuses them all)."""

    def whole(source):
        raise NotFlat(str(source))

    monkeypatch.setattr(sources, "file_pieces", whole)


# --- line_parts: the parts are the text's lines ----------------------------------------------


@pytest.mark.parametrize("part", [1, 2, 7, 64, 1 << 20])
@pytest.mark.parametrize(
    "text",
    ["", "\n", "a", "a\n", "a\r\nb\n\nc", "\ufeff東京\tx\n\n", "\n\n\nq\t\u2028\n", "x" * 300],
)
def test_line_parts_are_the_lines_of_the_text(tmp_path, monkeypatch, part, text):
    path = tmp_path / "f.txt"
    path.write_bytes(text.encode("utf-8"))
    monkeypatch.setattr(sources, "PART_BYTES", part)
    assert [line for lines in line_parts(path) for line in lines] == text.split("\n")


def test_line_parts_leave_invalid_utf8_to_the_whole_reader(tmp_path, monkeypatch):
    path = tmp_path / "f.txt"
    path.write_bytes(b"a\nb\xff\nc\n")
    monkeypatch.setattr(sources, "PART_BYTES", 2)
    with pytest.raises(NotFlat):
        list(line_parts(path))


# --- NTCIR-16 runs ---------------------------------------------------------------------------

_NTCIR_GOLD = {"DS2-QA-E-0001": ["13,510,000"], "DS2-QA-J-0001": ["東京都"]}


def _ntcir_run(path, others, extra="", seed=3):
    rng = random.Random(seed)
    answers = ["13510000", "東京都　千代田区", "the Tokyo Metropolis", "", "a\tb"[:1], "x y"]
    lines = [f"DS2-QA-E-0001\t{rng.choice(answers)}", "DS2-QA-J-0001\t東京"]
    lines += [f"DS2-QA-E-X{rng.getrandbits(40)}\t{rng.choice(answers)}" for _ in range(others)]
    rng.shuffle(lines)
    path.write_text("<SYSDESC>run</SYSDESC>\n" + "\n".join(lines) + extra, encoding="utf-8")


def _ntcir_read(path, diag):
    task = get_task("ntcir-dsqa")
    gold = task.read_gold(_NTCIR_GOLD, diag)
    return task.read_predictions(str(path), gold, diag)


@pytest.mark.parametrize(
    "extra",
    [
        "",
        "\n",
        "\r\n\n  \t \n",  # blank lines, one with a TAB
        "\nDS2-QA-E-0001\tagain",  # a gold id twice: an error naming both lines
        "\nDS2-QA-E-X1\tx\nDS2-QA-E-X1\ty",  # another id twice
        "\nDS2-QA-E-X2\tx\ty",  # three fields
        "\n\tx",  # an empty id
        "\nDS2-QA-E-X3\tx\r\r",  # carriage returns at the end
    ],
)
def test_ntcir_runs_read_in_parts_are_those_read_whole(tmp_path, monkeypatch, extra):
    path = tmp_path / "run.tsv"
    _ntcir_run(path, 3000, extra)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    parts = _outcome(_ntcir_read, path)
    _whole(monkeypatch)
    whole = _outcome(_ntcir_read, path)
    if isinstance(whole[0], dict):  # the parts keep the gold's answers only
        whole = ({k: v for k, v in whole[0].items() if k in _NTCIR_GOLD}, whole[1])
        assert any("question id(s) are not in the gold" in m for m in whole[1])
    assert parts == whole


def test_an_ntcir_run_without_a_gold_answer_fails_as_read_whole(tmp_path, monkeypatch):
    path = tmp_path / "run.tsv"
    _ntcir_run(path, 3000)
    text = path.read_text(encoding="utf-8").replace("DS2-QA-J-0001\t", "DS2-QA-J-0002\t")
    path.write_text("\ufeff" + text, encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    parts = _outcome(_ntcir_read, path)
    _whole(monkeypatch)
    assert parts == _outcome(_ntcir_read, path)
    assert "no answer for 1 of the 2 gold questions" in parts[0]


def test_an_ntcir_run_peaks_within_twice_the_file(tmp_path):
    """300,000 lines, 2 of them for gold questions: read whole, the text,
    its lines and a tuple per answer took about ten times the file."""
    path = tmp_path / "run.tsv"
    _ntcir_run(path, 300_000)
    size = path.stat().st_size
    peak = _peak(_ntcir_read, path, Diagnostics())
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)


# --- NLPCC 2016 KBQA -------------------------------------------------------------------------

_KBQA_PIECES = [
    "<question id={k}>\t谁?\n",
    "<question id={k}>\t谁?\r\n<triple id={k}>\tx ||| y\n",
    "<answer id={k}>\t梅とら\t\tB\t梅とら\n=====\n",
    "<answer id={k}>\tA\r\n==\r\n\n",
    "\ufeff<answer id={k}>\tA\n====\n",  # a BOM at a line's start: a warning
    "<answer id={k}>\n=\n",
]


def _kbqa_text(blocks, seed=5, broken=""):
    rng = random.Random(seed)
    text = []
    for k in range(blocks):
        text.append(rng.choice(_KBQA_PIECES[:2]).format(k=k))
        text.append(rng.choice(_KBQA_PIECES[2:]).format(k=k))
    return "".join(text) + broken


def _kbqa_read(path, diag):
    from answermatch.tasks.nlpcc.kbqa import load_blocks

    return load_blocks(str(path), diag)


@pytest.mark.parametrize(
    "broken",
    [
        "",
        "<question id=1>\tagain\n<answer id=1>\tA\n",  # an id twice: a problem
        "<answer id=5>\tA\r\r\n",  # a stray carriage return, and out of order
        "\ufeff<question id=x>\n",  # a BOM warning and a problem
        "<question id=999999>\tq\n<answer id=999999>\t" + "a\t" * 3000,  # no final newline
    ],
)
def test_kbqa_files_read_in_parts_are_those_read_whole(tmp_path, monkeypatch, broken):
    path = tmp_path / "pred.txt"
    path.write_text(_kbqa_text(400, broken=broken), encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 97)
    parts = _outcome(_kbqa_read, path)
    _whole(monkeypatch)
    whole = _outcome(_kbqa_read, path)
    assert parts == whole
    assert any("byte-order mark" in m for m in whole[1])
    if not broken:
        blocks = whole[0]
        assert len(blocks) == 400 and [b.fields for b in blocks] == [
            tuple(line.rstrip("\r").split("\t")[1:])
            for line in path.read_text(encoding="utf-8").lstrip("\ufeff").split("\n")
            if line.lstrip("\ufeff").startswith("<answer")
        ]


@pytest.mark.parametrize("piece", [1, 2, 5, 64])
def test_kbqa_answer_fields_in_pieces_are_those_split_whole(monkeypatch, piece):
    from answermatch.tasks.nlpcc import kbqa

    rng = random.Random(piece)
    monkeypatch.setattr(kbqa, "FIELD_PIECE", piece)
    for _ in range(200):
        line = "<answer id=1>\t" + "".join(
            rng.choice(["a", "\t", "梅", " ", "\t\t", "bc"]) for _ in range(rng.randrange(30))
        )
        assert kbqa._tab_fields(line, 14) == tuple(line[14:].split("\t"))


def test_a_long_kbqa_answer_line_is_read_within_twice_its_size(tmp_path):
    """An answer line of 500,000 candidates (4 MB): read whole, the text,
    its lines, a string per candidate and two lists took about twelve times
    the file's size; now the line's text (of two bytes a character, and its
    pieces while they are joined) and a tuple of shared candidates."""
    rng = random.Random(5)
    candidates = "\t".join(
        rng.choice(["梅とら", "2013年", "docker", "李白"]) for _ in range(500_000)
    )
    path = tmp_path / "pred.txt"
    path.write_text(f"<question id=1>\tq\n<answer id=1>\t{candidates}\n====\n", encoding="utf-8")
    size = path.stat().st_size
    peak = _peak(_kbqa_read, path, Diagnostics())
    assert peak < 4 * size, (peak, size)
