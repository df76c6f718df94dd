"""Memory on large inputs (issue 25) in the readers of NTCIR-16, NLPCC 2016
KBQA, Zalo 2019 and PolEval 2021, and in the long-text tokenizers: each
bounded path is checked against the whole-file (or whole-text) path for the
same values, warnings and errors, and its peak (``tracemalloc``) against a
bound relative to the input's size that the previous code exceeded."""

from __future__ import annotations

import random
import sys
import warnings
from functools import partial

import pytest

import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.sources import NotFlat, line_parts
from answermatch.tasks import get_task
from answermatch.tasks.ntcir_dsqa import reading as ntcir_reading
from conftest import read_whole, traced_peak

#: the peak of a call, its answermatch warnings ignored (these readers warn by design)
_peak = partial(traced_peak, quiet=True)


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

    monkeypatch.setattr(sources, "file_pieces", read_whole)


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


_NTCIR_TROUBLE = {
    "a gold id twice": ["DS2-QA-E-0001\tagain"],
    "another id twice": ["{other}\tagain"],
    "an id three times": ["{other}\ta", "{other}\tb"],
    "an id twice, then a line without its TAB": ["{other}\tagain", "DS2-QA-E-X1"],
    "a line of three fields, then an id twice": ["DS2-QA-E-X2\tx\ty", "{other}\tagain"],
    "an id twice, then invalid UTF-8": ["{other}\tagain", "DS2-QA-E-X3\t\udcff"],
}


@pytest.mark.parametrize("case", sorted(_NTCIR_TROUBLE))
@pytest.mark.parametrize("seed", range(3))
def test_ntcir_runs_refused_for_a_line_are_refused_in_parts(tmp_path, monkeypatch, case, seed):
    """A run the whole reading refuses for an answer line (an id given
    twice, a malformed line) gives the same first error read in parts,
    never read whole (invalid UTF-8 anywhere still goes there, for its
    error, which comes first)."""
    rng = random.Random(seed)
    path = tmp_path / "run.tsv"
    _ntcir_run(path, 3000, seed=seed)
    lines = path.read_text(encoding="utf-8").split("\n")
    other = rng.choice(lines[3:])
    places = sorted(rng.sample(range(2, len(lines) + 1), len(_NTCIR_TROUBLE[case])))
    for place, line in zip(reversed(places), reversed(_NTCIR_TROUBLE[case]), strict=True):
        lines.insert(place, line.format(other=other.split("\t")[0]))
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogateescape"))
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    with monkeypatch.context() as parts_only:
        if "UTF-8" not in case:
            parts_only.setattr(ntcir_reading, "read_text", None)  # read whole: a TypeError
        parts = _outcome(_ntcir_read, path)
    _whole(monkeypatch)
    assert parts == _outcome(_ntcir_read, path)
    assert isinstance(parts[0], str)
    if "UTF-8" in case:
        assert "invalid UTF-8" in parts[0]
    elif "three fields" in case:
        assert "found 3 fields" in parts[0]
    else:
        assert "appears twice (lines " in parts[0]


@pytest.mark.parametrize(
    "head",
    [
        "",  # the answer lines alone
        "DS2-QA-E-0001\tx\ty\n",  # a gold line first: a hint that the files were swapped
        "\ufeff\r\n",  # a byte order mark, then a blank line
        "<SYSDESC>run\n",  # not closed
        "x" * 3000 + "\n",  # a first line longer than a part
    ],
)
@pytest.mark.parametrize("invalid", [False, True])
def test_an_ntcir_run_without_its_description_is_refused_in_parts(
    tmp_path, monkeypatch, head, invalid
):
    """A run without its system description (issue 25: read whole for that
    error) is refused from its first line read in parts, the rest decoded
    piece by piece: the same error as read whole, whose decoding of the
    whole file comes first (invalid UTF-8 further on: its error)."""
    path = tmp_path / "run.tsv"
    _ntcir_run(path, 3000)
    text = head + path.read_text(encoding="utf-8").split("\n", 1)[1]
    data = text.encode("utf-8")
    if invalid:
        data = data[: len(data) // 2] + b"\xff" + data[len(data) // 2 :]
    path.write_bytes(data)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    with monkeypatch.context() as parts_only:
        if not invalid:
            parts_only.setattr(ntcir_reading, "read_text", None)  # read whole: a TypeError
        parts = _outcome(_ntcir_read, path)
    _whole(monkeypatch)
    assert parts == _outcome(_ntcir_read, path)
    expected = "invalid UTF-8" if invalid else "expected the system description"
    assert expected in parts[0] and ("swapped" in parts[0]) == ("\tx\ty" in head and not invalid)


def test_an_ntcir_run_peaks_within_twice_the_file(tmp_path):
    """300,000 lines, 2 of them for gold questions: read whole, the text,
    its lines and a tuple per answer took about ten times the file."""
    path = tmp_path / "run.tsv"
    _ntcir_run(path, 300_000)
    size = path.stat().st_size
    peak = _peak(_ntcir_read, path, Diagnostics())
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)


def test_an_ntcir_run_with_an_id_twice_peaks_within_twice_the_file(tmp_path, monkeypatch):
    """50,000 lines, another id given again near the end: its error came
    after reading the file whole (about ten times its size); now in parts,
    the ids remembered by their fingerprints."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    path = tmp_path / "run.tsv"
    _ntcir_run(path, 50_000)
    text = path.read_text(encoding="utf-8")
    twice = text.split("\n")[-5].split("\t")[0]
    path.write_text(text + f"\n{twice}\tagain\nDS2-QA-E-X2\tx\ty", encoding="utf-8")
    size = path.stat().st_size
    found = []

    def read():
        try:
            _ntcir_read(path, Diagnostics())
        except InputError as error:
            found.append(str(error))

    peak = _peak(read)
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)
    assert found and f"{twice!r} appears twice" in found[0]


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


_LONG = "梅\t\t" * 40 + "b" * 300 + "\tÉ" * 30  # fields over several pieces of 97 bytes

_KBQA_LONG_LINES = [
    f"<answer id=999999>\t{_LONG}\n=====\n",
    f"<answer id=999999>\t{_LONG}\r\n=====\n",
    f"<answer id=999999>\t{_LONG}\r\r\n=====\n",  # a stray carriage return
    f"<answer id=999999>\t{_LONG}",  # the file ends within it
    f"<answer id=999999>\t{_LONG}\r",
    f"\ufeff<answer id=999999>\t{_LONG}\n",  # a BOM: a warning
    f"<answer id=999998>\t{_LONG}\n",  # another question's id
    f"<answer id=999999>\tA\n<answer id=999999>\t{_LONG}\n",  # an answer line again
    f"<triple id=999999>\t{_LONG}\n<answer id=999999>\t{_LONG}\n",
    f"<answer id=999999>{_LONG}\n",  # no TAB after the tag
    f"<answer id={'9' * 300}>\t{_LONG}\n",  # a long id
    f"<answer id=99{'x' * 300}\t{_LONG}\n",  # a tag that does not end
    f"<answer id=999999>\t{' ' * 400}\n",
    f"{'=' * 500}\n",  # a long separator
    f"{' ' * 500}\n<answer id=999999>\tA\n",  # a long blank line
    f"{'x' * 500}\n",  # a long unknown line
]


@pytest.mark.parametrize("field", [5, 1 << 16])
@pytest.mark.parametrize("line", _KBQA_LONG_LINES)
def test_long_kbqa_lines_split_from_their_pieces_are_those_read_whole(
    tmp_path, monkeypatch, line, field
):
    """A long line given as its pieces (sources.line_pieces) is read as
    the whole text's line: an answer line split from its pieces, anything
    else (a problem, a warning, a line of another kind) as one string."""
    from answermatch.tasks.nlpcc import kbqa

    path = tmp_path / "pred.txt"
    path.write_text(_kbqa_text(30) + "<question id=999999>\t" + line + "=====\n", encoding="utf-8")
    monkeypatch.setattr(kbqa, "FIELD_PIECE", field)
    monkeypatch.setattr(sources, "PART_BYTES", 97)
    monkeypatch.setattr(sources, "LONG_LINE_CHARS", 97)
    seen = []
    pieces = sources.line_pieces
    monkeypatch.setattr(
        kbqa,
        "line_pieces",
        lambda *a, **k: (seen.append(type(p[0])) or p for p in pieces(*a, **k)),
    )
    parts = _outcome(_kbqa_read, path)
    assert sources.LinePieces in seen
    _whole(monkeypatch)
    whole = _outcome(_kbqa_read, path)
    assert parts == whole
    if type(whole[0]) is not str:
        assert [b.fields for b in parts[0]] == [b.fields for b in whole[0]]


def test_a_long_kbqa_field_is_read_with_its_text_about_once(tmp_path):
    """An answer line of one field of 4,000,000 characters (candidates
    joined by ``|||``): its pieces were joined into the line (both held),
    and the field then sliced out of the line (both held), 3.5 times the
    file traced (2.4 without the ``\\r``, which was cut off a copy); now
    the field is made from the pieces as they are let go (its text, 1.1
    times the file, and a few pieces: 1.6 times it)."""
    text = ("曹雪芹 ||| 周树人 ||| 候选答案 ||| " * 170_000)[:4_000_000]
    path = tmp_path / "pred.txt"
    path.write_text(f"<question id=1>\tq\n<answer id=1>\t{text}\r\n====\n", encoding="utf-8")
    size = path.stat().st_size
    found = {}

    def read():
        found["blocks"] = _kbqa_read(path, Diagnostics())

    peak = _peak(read)
    assert peak < 1.25 * size + 4 * sources.PART_BYTES, (peak / size, size)
    assert found["blocks"][0].fields == (text,)


@pytest.mark.parametrize("piece", [1, 2, 5, 64])
def test_kbqa_answer_fields_in_pieces_are_those_split_whole(monkeypatch, piece):
    from answermatch.tasks.nlpcc import kbqa

    rng = random.Random(piece)
    monkeypatch.setattr(kbqa, "FIELD_PIECE", piece)
    for _ in range(200):
        line = "<answer id=1>\t" + "".join(
            rng.choice(["a", "\t", "梅", " ", "\t\t", "bc"]) for _ in range(rng.randrange(30))
        )
        cuts = sorted(rng.sample(range(14, len(line) + 1), min(3, len(line) - 13)))
        pieces = [line[a:b] for a, b in zip([14, *cuts], [*cuts, len(line)], strict=True)]
        assert tuple(kbqa._tab_fields(pieces)) == tuple(line[14:].split("\t"))
        blocks = kbqa.Blocks()
        blocks.add_fields(line, 14)
        blocks.append(1, "q", (), 1, 2)
        assert blocks[0].fields == tuple(line[14:].split("\t"))


def test_a_long_kbqa_answer_line_is_read_within_twice_its_size(tmp_path):
    """An answer line of 500,000 candidates (4 MB): read whole, the text,
    its lines, a string per candidate and two lists took about twelve times
    the file's size; now the line's text (of two bytes a character, and its
    pieces while they are joined) and the candidates in one UTF-8 buffer."""
    rng = random.Random(5)
    candidates = "\t".join(
        rng.choice(["梅とら", "2013年", "docker", "李白"]) for _ in range(500_000)
    )
    path = tmp_path / "pred.txt"
    path.write_text(f"<question id=1>\tq\n<answer id=1>\t{candidates}\n====\n", encoding="utf-8")
    size = path.stat().st_size
    peak = _peak(_kbqa_read, path, Diagnostics())
    assert peak < 4 * size, (peak, size)


_KBQA_LONG = ["曹雪芹", " ||| ", "Ｂｅｉｊｉｎｇ", "《红楼梦》", " ", "ΣΑΣ ", "e\u0301", "\u200b",
              "1,000", "  ", "\u3000", "ﬁ", "İ", "ς", "\t"]  # fmt: skip


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("piece", [1, 3, 17])
def test_a_long_kbqa_answer_is_normalized_in_pieces_as_whole(monkeypatch, seed, piece):
    """A long answer (a line of candidates not cut at a TAB) normalized by
    the fair profile piece by piece, cut before ASCII spaces, is its
    normal form of the whole text (width, case, combining marks, spaces
    and punctuation on both sides of a cut)."""
    from answermatch.normalization import normalize, steps
    from answermatch.tasks.nlpcc import kbqa

    rng = random.Random(seed)
    text = "".join(rng.choice(_KBQA_LONG) for _ in range(rng.randrange(200)))
    whole = normalize(text, "zh", "unicode")
    monkeypatch.setattr(kbqa, "LONG_ANSWER", 4)
    monkeypatch.setattr(steps, "PIECE_CHARS", piece)
    assert kbqa._normal(text, "unicode") == whole


def test_a_long_kbqa_answer_is_scored_fair_within_twice_the_file(tmp_path, monkeypatch):
    """An answer line of 4,000,000 characters of candidates joined by
    ``|||`` (one field): the fair profile normalized it whole, about eleven
    times the file's size (issue 25); then piece by piece, 2.4 times it
    traced (its pieces and the line, the line and its field, the field,
    the normal form's parts and their join); now the field made from the
    line's pieces and its normal form extended part by part, 1.85 times
    it; the same figures as the whole text."""
    import answermatch
    from answermatch.tasks.nlpcc import kbqa

    text = ("曹雪芹 ||| 周树人 ||| 候选答案 ||| " * 170_000)[:4_000_000]
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text("<question id=1>\tq\n<answer id=1>\t周树人\n====\n", encoding="utf-8")
    pred.write_text(f"<question id=1>\tq\n<answer id=1>\t{text}\n====\n", encoding="utf-8")
    size = pred.stat().st_size
    answermatch.evaluate("nlpcc-kbqa", str(gold), str(gold), "fair")  # the imports
    found = {}

    def run():
        found["result"] = answermatch.evaluate("nlpcc-kbqa", str(gold), str(pred), "fair")

    peak = _peak(run)
    assert peak < 1.7 * size + 3 * sources.PART_BYTES, (peak / size, size)
    monkeypatch.setattr(kbqa, "LONG_ANSWER", 1 << 40)  # normalized whole
    whole = answermatch.evaluate("nlpcc-kbqa", str(gold), str(pred), "fair")
    assert found["result"].scores == whole.scores and found["result"].items == whole.items


def _kbqa_candidates_file(path, lines, per_line, distinct, seed=3):
    rng = random.Random(seed)
    pool = [f"候補{k}号" for k in range(distinct)]
    with path.open("w", encoding="utf-8") as out:
        for k in range(lines):
            out.write(f"<question id={k}>\tq{k}\n<answer id={k}>\t")
            out.write("\t".join(rng.choices(pool, k=per_line)) + "\n=====\n")
    return path.stat().st_size


@pytest.mark.parametrize("piece", [3, 1 << 16])
def test_kbqa_candidates_held_by_columns_are_those_split_whole(tmp_path, monkeypatch, piece):
    """The blocks' fields, held in one UTF-8 buffer (a field longer than
    ``FIELD_PIECE`` as its string), are those of the lines split whole."""
    from answermatch.tasks.nlpcc import kbqa

    monkeypatch.setattr(kbqa, "FIELD_PIECE", piece)
    path = tmp_path / "pred.txt"
    _kbqa_candidates_file(path, 50, 40, 30)
    blocks = _kbqa_read(path, Diagnostics())
    lines = [line for line in path.read_text("utf-8").split("\n") if line.startswith("<answer")]
    assert [b.fields for b in blocks] == [tuple(line.split("\t")[1:]) for line in lines]
    assert [b.answers for b in blocks] == [tuple(dict.fromkeys(b.fields)) for b in blocks]


def test_a_kbqa_file_of_repeated_candidates_is_read_within_two_and_a_half_times_its_size(tmp_path):
    """2,000 answer lines of 200 candidates drawn from 300 (5.1 MB): a
    string per candidate of each line took 6.5 times the file's size; then
    the file's candidates were shared, two tuples a line (8 bytes a
    candidate each), about twice the file's size; now the candidates are
    held in one UTF-8 buffer (4 bytes an offset each)."""
    path = tmp_path / "pred.txt"
    size = _kbqa_candidates_file(path, 2_000, 200, 300)
    peak = _peak(_kbqa_read, path, Diagnostics())
    assert peak < 2.5 * size, (peak, size)


# --- Zalo 2019 -------------------------------------------------------------------------------


def test_zalo_gold_cases_are_given_their_lines(tmp_path):
    """Each case's line is found from the previous case's (it was counted
    from the file's start for every case: minutes for a large gold)."""
    import json

    from answermatch.tasks.zalo2019 import read_gold

    rng = random.Random(3)
    cases, text, starts = [], "[", {}
    for k in range(300):
        case_id = rng.choice([f"test_{k}", f"tést_{k}", f"t\\n{k}"])
        case = {"paragraphs": [{"id": "p1", "label": bool(k % 2)}], "__id__": case_id}
        sep = rng.choice(["", "\n", "\n\n  ", " "])
        encoded = json.dumps(case, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1]))
        text += ("," if cases else "") + sep
        key = encoded.index('"__id__"')
        starts[case_id] = text.count("\n") + encoded.count("\n", 0, key) + 1
        text += encoded
        cases.append(case_id)
    path = tmp_path / "gold.json"
    path.write_text(text + "]", encoding="utf-8")
    found = read_gold(str(path), Diagnostics())
    assert [(c.id, c.line) for c in found] == [(c, starts[c]) for c in cases]


def _zalo_gold(cases, seed=5, spaced=False):
    """A labelled test.json of ``cases`` cases (ids, some not ASCII, and
    paragraphs p1..p7, each case written its own way) and its cases."""
    import json

    rng = random.Random(seed)
    written, parsed = [], []
    for k in range(cases):
        case_id = rng.choice([f"test_{k}", f"tést_{k}", f"t-{k}"])
        paragraphs = [
            {"id": f"p{n}", "label": rng.random() < 0.3, "text": rng.choice(["", "Hà Nội", '":,'])}
            for n in range(1, rng.randrange(8))
        ]
        case = {"__id__": case_id, "question": "?", "paragraphs": paragraphs}
        if rng.random() < 0.5:
            case = {"paragraphs": paragraphs, "__id__": case_id}
        text = json.dumps(case, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1]))
        written.append(text.replace('": ', '" : ') if spaced else text)
        parsed.append(case)
    separators = [",", ",\n", " ,\n\n  "]
    text = "".join(t + rng.choice(separators) for t in written[:-1]) + written[-1]
    return "[" + text + "]\n", parsed


def _zalo_submission(parsed, seed=5, apart=0.0):
    """Rows choosing about half of each case's paragraphs; a share
    ``apart`` of them moved elsewhere in the file."""
    rng = random.Random(seed)
    rows = [
        f"{case['__id__']},{p['id']}"
        for case in parsed
        for p in case["paragraphs"]
        if rng.random() < 0.5
    ]
    for _ in range(int(apart * len(rows))):
        rows.insert(rng.randrange(len(rows)), rows.pop(rng.randrange(len(rows))))
    return "test_id,answer\n" + "\n".join(rows) + "\n"


def _zalo_read(gold_path, pred_path, diag):
    task = get_task("zalo2019")
    gold = task.read_gold(str(gold_path), diag)
    picks = task.read_predictions(str(pred_path), gold, diag)
    return list(gold.cases), [picks.of(k) for k in range(len(gold.cases))]


def _zalo_both(tmp_path, monkeypatch, gold, pred, *, strict=False, in_parts_only=False):
    """What the reading in parts and the whole reading give for the files;
    ``strict``: with ``--strict``; ``in_parts_only``: reading a file whole
    in the first fails it."""
    from answermatch.tasks.zalo2019 import reading

    def read(gold_path, pred_path, diag):
        diag.strict = strict
        return _zalo_read(gold_path, pred_path, diag)

    gold_path, pred_path = tmp_path / "gold.json", tmp_path / "pred.csv"
    gold_path.write_bytes(gold.encode("utf-8", "surrogatepass"))
    pred_path.write_bytes(pred.encode("utf-8", "surrogatepass"))
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    with monkeypatch.context() as parts_only:
        if in_parts_only:
            parts_only.setattr(reading, "read_text", None)  # read whole: a TypeError
        parts = _outcome(read, gold_path, pred_path)
    with monkeypatch.context() as whole:
        _whole(whole)
        return parts, _outcome(read, gold_path, pred_path)


@pytest.mark.parametrize("spaced", [False, True])
@pytest.mark.parametrize("apart", [0.0, 0.01, 1.0])
def test_zalo_files_read_in_parts_are_those_read_whole(tmp_path, monkeypatch, spaced, apart):
    from answermatch.tasks.zalo2019 import reading

    gold, parsed = _zalo_gold(600, spaced=spaced)
    pred = _zalo_submission(parsed, apart=apart)
    parts, whole = _zalo_both(tmp_path, monkeypatch, gold, pred)
    assert parts == whole
    assert whole[1] == [] and sum(map(len, whole[0][1])) > 500
    lines = [case.line for case in whole[0][0]]  # found, in both readings
    assert None not in lines and lines == sorted(lines) and lines[-1] > 1000
    # the parts were read (not sent whole): the gold, then the submission
    cases = reading._gold_in_parts(tmp_path / "gold.json")
    assert cases is not None and reading._picks_in_parts(
        tmp_path / "pred.csv", cases, Diagnostics()
    )


@pytest.mark.parametrize(
    ("edited", "old", "new"),
    [
        ("pred", "test_id,answer\n", "\ufeff\ufefftest_id,answer\r\n"),  # BOMs, CRLF: in parts
        ("pred", "test_id,answer\n", "test_id,answer\n\n  \n"),  # blank lines: in parts
        ("pred", "test_id,answer\n", "test_id,answer\n{id},{p}\n{id},{p}\n"),  # a repeat
        ("pred", "\n", "\n{id},{p}\n{other},{p}\n{id},{p}\n"),  # a repeat, rows apart
        ("pred", "\n", "\nnowhere,{p}\n"),  # a test id not in the gold: an error
        ("pred", "\n", "\n{id},p99\n"),  # a paragraph not in the case
        ("pred", "\n", "\n{id},\n"),  # an empty cell
        ("pred", "\n", '\n{id},"{p}\n'),  # an unterminated quote
        ("pred", "\n", "\n{id},{p},{p}\n"),  # three cells
        ("gold", '"label": true', '"label": 1'),  # a label that is not a boolean
        ("gold", '"label": true', '"label": true, "label": false'),  # a key repeated: a warning
        ("gold", '"id": "p2"', '"id": "p1"'),  # a paragraph id twice
        ("gold", '{"id": "p1"', '{"__id__": "{id}", "id": "p1"'),  # a second "__id__"
        ("gold", '"__id__": "t-1', '"__id__": "\\u0074-1'),  # an id written otherwise
        ("gold", "]\n", ", {first}]"),  # a test id twice
        ("gold", "]\n", "]\nx"),  # more after the list
        ("gold", "]\n", ",]"),  # a trailing comma
        ("gold", "[", "\ufeff ["),  # a byte order mark: in parts
        ("gold", "[", "[[], "),  # a case that is not an object
        ("gold", "Hà Nội", "Hà \udc80Nội"),  # invalid UTF-8
    ],
)
def test_zalo_files_with_a_problem_read_in_parts_are_those_read_whole(
    tmp_path, monkeypatch, edited, old, new
):
    import json

    gold, parsed = _zalo_gold(300)
    pred = _zalo_submission(parsed)
    one, other = [c["__id__"] for c in parsed[3:] if c["paragraphs"]][:2]  # each has a p1
    fields = {"id": one, "p": "p1", "other": other, "first": json.dumps(parsed[0])}
    for name, value in fields.items():
        new = new.replace("{" + name + "}", value)
    if edited == "pred" and old == "\n":  # rows added here and there
        pred = _every_nth(pred, old, new, 97)
    elif edited == "pred":
        pred = pred.replace(old, new, 1)
    elif old == "]\n":  # the end of the list
        gold = gold.removesuffix(old) + new
    else:
        gold = gold.replace(old, new, 1 if old == "[" else 5)
    parts, whole = _zalo_both(tmp_path, monkeypatch, gold, pred)
    assert parts == whole


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize(
    "where",
    ["together", "apart", "end", "thrice", "many", "bom", "then-unknown", "then-bad-cell"],
)
def test_zalo_submissions_with_a_repeated_pair_are_read_in_parts(
    tmp_path, monkeypatch, strict, where
):
    """A repeated pair warns (with ``strict``: fails) in the reading in
    parts as in the whole reading: the same words, lines and order, the
    pair counted once; an error after it still goes the whole way."""
    from answermatch.tasks.zalo2019 import reading

    gold, parsed = _zalo_gold(600, seed=11)
    pred = _zalo_submission(parsed, seed=11, apart=0.3 if where == "apart" else 0.0)
    rows = pred.splitlines()
    header, rows = rows[0], rows[1:]
    if where == "together":
        rows.insert(41, rows[40])
    elif where in ("apart", "end", "bom"):
        rows.insert(len(rows) - 3 if where == "apart" else len(rows), rows[5])
        header = "\ufeff" + header if where == "bom" else header
    elif where == "thrice":
        rows[100:100] = [rows[7], rows[99]]
        rows.append(rows[7])
    elif where == "many":
        rng = random.Random(2)
        for _ in range(40):
            rows.insert(rng.randrange(len(rows)), rng.choice(rows))
    else:
        rows.insert(20, rows[10])
        rows.insert(200, "nowhere,p1" if where == "then-unknown" else rows[3].split(",")[0] + ",")
    pred = "\n".join([header, *rows]) + "\n"
    parts, whole = _zalo_both(tmp_path, monkeypatch, gold, pred, strict=strict)
    assert parts == whole
    gold_path, pred_path = tmp_path / "gold.json", tmp_path / "pred.csv"
    found = reading._read_picks if where.startswith("then") else reading._picks_in_parts
    if where.startswith("then"):
        with pytest.raises((NotFlat, InputError)):
            found(pred_path, reading._gold_in_parts(gold_path))
        if strict:
            assert "repeated pair" in parts[0] and not parts[1]
        else:  # the error on line 202, after the repeat's warning
            assert ":202: " in parts[0] and len(parts[1]) == 1
    elif strict:
        assert "repeated pair" in parts[0] and "--strict" in parts[0] and not parts[1]
    else:
        warned = parts[1]
        assert warned and all("repeated pair" in w and "counted once" in w for w in warned)
        assert len(warned) == {"thrice": 3}.get(where, 40 if where == "many" else 1)
        diag = Diagnostics()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            picks = found(pred_path, reading._gold_in_parts(gold_path), diag)
        assert diag.messages == warned
        assert picks is not None and [picks.of(k) for k in range(len(picks))] == parts[0][1]


def _every_nth(text, old, new, nth):
    """``text`` with every ``nth`` ``old`` replaced by ``new``."""
    pieces = text.split(old)
    return (
        "".join(piece + (new if k % nth == nth - 1 else old) for k, piece in enumerate(pieces[:-1]))
        + pieces[-1]
    )


def test_gzipped_zalo_files_are_read_in_parts_as_the_plain_files_whole(tmp_path, monkeypatch):
    import gzip

    from answermatch.tasks.zalo2019 import reading

    gold, parsed = _zalo_gold(300)
    pred = _zalo_submission(parsed, apart=0.1)
    _, whole = _zalo_both(tmp_path, monkeypatch, gold, pred)
    for name, text in (("gold.json.gz", gold), ("pred.csv.gz", pred)):
        (tmp_path / name).write_bytes(gzip.compress(text.encode("utf-8")))
    cases = reading._gold_in_parts(tmp_path / "gold.json.gz")  # any .gz file: in parts
    assert cases is not None and reading._picks_in_parts(
        tmp_path / "pred.csv.gz", cases, Diagnostics()
    )
    assert _outcome(_zalo_read, tmp_path / "gold.json.gz", tmp_path / "pred.csv.gz") == whole


@pytest.mark.parametrize("apart", [False, True])
def test_zalo_csv_golds_read_in_parts_are_those_read_whole(tmp_path, monkeypatch, apart):
    gold, parsed = _zalo_gold(600)
    pred = _zalo_submission(parsed, seed=6)
    correct = [
        f"{case['__id__']},{p['id']}" for case in parsed for p in case["paragraphs"] if p["label"]
    ]
    if apart:
        correct.append(correct[0].split(",")[0] + ",p99")  # a case's rows apart
    gold = "\ufefftest_id,answer\n" + "\n".join(correct)
    listed = {row.split(",")[0] for row in correct}
    pred = "test_id,answer\n" + "\n".join(
        row for row in pred.splitlines()[1:] if row.split(",")[0] in listed
    )
    parts, whole = _zalo_both(tmp_path, monkeypatch, gold, pred)
    assert parts == whole
    assert whole[1] == [] and all(case.paragraphs is None for case in whole[0][0])


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["json", "csv"])
@pytest.mark.parametrize("strict", [False, True])
def test_zalo_golds_that_warn_are_read_in_parts_as_read_whole(
    tmp_path, monkeypatch, seed, kind, strict
):
    """A gold the whole reading warns about (issue 25: read whole for its
    warnings): keys repeated in a test.json's objects (a label given twice,
    the last one winning; a case's key twice), pairs repeated in a CSV
    gold's rows of a test id, at random places: read in parts, the same
    cases and the same warnings in their order (with --strict, the first
    is the error)."""

    rng = random.Random(seed)
    gold, parsed = _zalo_gold(600, seed=seed)
    pred = _zalo_submission(parsed, seed=seed)
    if kind == "json":
        labels = gold.split('"label": ')
        for k in rng.sample(range(1, len(labels)), 3):  # a label given twice, the last wins
            labels[k] = rng.choice(["true", "false"]) + ', "label": ' + labels[k]
        gold = '"label": '.join(labels)
        gold = gold.replace('"paragraphs": [', '"question": "?", "paragraphs": [', 2)
    else:
        rows = [f"{c['__id__']},{p['id']}" for c in parsed for p in c["paragraphs"] if p["label"]]
        for _ in range(3):
            at = rng.randrange(len(rows))
            rows.insert(at + rng.choice([0, 1]), rows[at])  # among the rows of its test id
        gold = "test_id,answer\n" + "\n".join(rows) + "\n"
        listed = {row.split(",")[0] for row in rows}
        pred = "test_id,answer\n" + "\n".join(
            row for row in pred.splitlines()[1:] if row.split(",")[0] in listed
        )
    parts, whole = _zalo_both(tmp_path, monkeypatch, gold, pred, strict=strict, in_parts_only=True)
    assert parts == whole
    said = "duplicate key" if kind == "json" else "repeated pair"
    if strict:
        assert said in parts[0] and "--strict" in parts[0]
    else:
        assert len(parts[1]) >= 3 and all(said in m for m in parts[1])


def test_a_zalo_run_peaks_within_twice_its_files(tmp_path, monkeypatch):
    """A labelled test.json of 4,000 short cases and a submission choosing
    half their paragraphs (0.8 MB), scored and every item read: their JSON
    objects and a dict entry per pair took about twelve times the files;
    now columns of packed ids and arrays (under the files' size)."""
    gold, parsed = _zalo_gold(4_000, seed=9)
    pred = _zalo_submission(parsed, seed=9, apart=0.2)
    gold_path, pred_path = tmp_path / "gold.json", tmp_path / "pred.csv"
    gold_path.write_text(gold, encoding="utf-8")
    pred_path.write_text(pred, encoding="utf-8")
    size = gold_path.stat().st_size + pred_path.stat().st_size
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 12)
    task = get_task("zalo2019")

    def run():
        result = task.evaluate(str(gold_path), str(pred_path), average="macro")
        assert sum(item["true_positives"] for item in result.items) > 1_500

    peak = _peak(run)
    assert peak < 2 * size + 8 * sources.PART_BYTES, (peak, size)


def test_a_zalo_submission_with_a_repeated_pair_peaks_as_one_without(tmp_path, monkeypatch):
    """One pair repeated (a warning) at the end of a submission of 60 kB:
    it was read whole (a dict entry per pair, the run's peak 1.0 MB above
    that of the same file without the repeat); now in parts (read a
    second time for the repeat's lines), about the same peak."""
    from answermatch.tasks.zalo2019 import reading

    gold, parsed = _zalo_gold(4_000, seed=9)
    pred = _zalo_submission(parsed, seed=9, apart=0.2)
    gold_path, pred_path = tmp_path / "gold.json", tmp_path / "pred.csv"
    gold_path.write_text(gold, encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 12)
    task = get_task("zalo2019")
    peaks, results = [], []
    for text in (pred, pred + pred.splitlines()[1] + "\n"):
        pred_path.write_text(text, encoding="utf-8")
        peaks.append(_peak(lambda: results.append(task.evaluate(str(gold_path), str(pred_path)))))
    assert peaks[1] < peaks[0] + 2 * len(pred), (peaks, len(pred))
    assert results[0].scores == results[1].scores
    first = pred.splitlines()[1]
    assert [w for w in results[1].warnings if "repeated pair" in w] == [
        f"{pred_path}:{len(pred.splitlines()) + 1}: repeated pair {first} (first on line 2); "
        "counted once"
    ]
    cases = reading._gold_in_parts(gold_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        assert cases is not None and reading._picks_in_parts(pred_path, cases, Diagnostics())


# --- long texts through the language tokenizers ----------------------------------------------

_ALPHABETS = {
    "en": ["The", "cat's", "U.S.", "1,000", "-", "co-op", "a", "\u0301", "x"],
    "fi": ["EU:n", "vaa'an", ":", "1990:llä", "Etelä-Afrikka"],
    "ar": ["القاهـــرة", "؟", "٣٫٥", "\u064b", "و"],
    "th": ["กรุงเทพ", "มหานคร", "เป็น", "เมืองหลวง", "abc", "123", "ๆ"],
    "zh": ["北京", "清华大学", "，", "。", "iPhone12", "$", "5999", "\u0301", "%", "_", "a.b"],
    "pl": ["Warszawa", "XIV", "w.", "wieku,", "(1410)", "e-mail", "http://x.pl", "itd.", "-"],
}
_SPACES = [" ", "  ", "\n", "\t", "\u3000", "\xa0", "\r\n", "\u2028", "\x1c", ""]


def _random_text(lang, seed, words=400):
    rng = random.Random(seed)
    return "".join(rng.choice(_ALPHABETS[lang]) + rng.choice(_SPACES) for _ in range(words))


@pytest.mark.parametrize(
    ("lang", "mode"),
    [("en", None), ("fi", None), ("ar", None), ("th", None), ("pl", None),
     ("zh", "word"), ("zh", "char"), ("zh", "mixed")],
)  # fmt: skip
@pytest.mark.parametrize("piece", [1, 5, 40])
def test_long_texts_are_tokenized_in_pieces_as_whole(monkeypatch, lang, mode, piece):
    """A tokenizer that reads each whitespace-separated stretch on its own
    gives the same tokens for a text cut in pieces (at whitespace, and for
    jieba's words before any character outside its word pattern) as for
    the whole text."""
    import answermatch.normalization.steps as steps
    from answermatch.tokenizers import get_tokenizer

    tokenizer = get_tokenizer(lang)
    assert tokenizer.local_to_whitespace
    for seed in range(5):
        text = _random_text(lang, seed)
        whole = tokenizer._tokenize(text, mode or tokenizer.modes[0])
        monkeypatch.setattr(steps, "PIECE_CHARS", piece)
        assert tokenizer.tokenize(text, mode) == whole
        assert tokenizer.splitter(mode)(text) == whole
        monkeypatch.undo()


def test_a_long_text_is_tokenized_within_twice_its_size():
    """2,000,000 characters of Polish words (424,000 tokens): spaCy's
    tokens of the whole text, a Doc and a string per token, took about
    twenty-five times the text's size; in pieces, a list of shared strings
    and one piece's Doc."""
    from answermatch.tokenizers import get_tokenizer

    tokenizer = get_tokenizer("pl")
    sample = "Warszawa jest stolicą Polski, w XIV wieku. Kraków leży nad Wisłą. "
    text = (sample * (2_000_000 // len(sample) + 1))[:2_000_000]
    tokens = tokenizer.tokenize(sample)
    peak = _peak(tokenizer.tokenize, text)
    assert peak < 2 * sys.getsizeof(text), (peak, sys.getsizeof(text))
    assert tokens == tokenizer.tokenize(sample)


def test_mecab_words_of_a_long_text_share_their_strings():
    """300,000 characters of Japanese (about 190,000 words): a string per
    word took about sixty bytes each; equal words now share one."""
    from answermatch.tokenizers import get_tokenizer

    tokenizer = get_tokenizer("ja")
    sample = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。"
    text = sample * (300_000 // len(sample))
    tokens = tokenizer.tokenize(text)
    assert "".join(tokens) == text and len(tokens) > 150_000
    assert len(set(map(id, tokens))) == len(set(tokens))
    peak = _peak(tokenizer.tokenize, text)
    assert peak < 50 * len(tokens), (peak, len(tokens))


# --- NTCIR-16's normalization of a long answer -----------------------------------------------

_NTCIR_WORDS = [
    "the", "A", "an", "Tokyo", "13,510,000", "1,000.5", "-2.1%", "\u22123", "(", "),", "“x”",
    "ﬁ", "①", "Ａ", "\u00a8", "\u200b", "東京都", "１，３５１万人", "1990-2000", "$3.5", ".5", "-",
    "ΣΑΣ", "İ", "\u0301", "x\u0301",
    # cut before kana and ideographs: what NFKC composes with them, numbers beside them
    "ｶﾞ", "か\u3099", "カ\u309a", "ゟ", "・", "ー", "一,000", "3,五", "\u3099", "ﾞ", "〇",
]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("piece", [1, 3, 30])
def test_a_long_ntcir_answer_is_normalized_in_pieces_as_whole(monkeypatch, lang, piece):
    import answermatch.normalization.steps as steps
    from answermatch.tasks.ntcir_dsqa import rules

    language = rules.LANGUAGES[lang]
    rng = random.Random(piece)
    for _ in range(20):
        text = "".join(
            rng.choice(_NTCIR_WORDS) + rng.choice(_SPACES) for _ in range(rng.randrange(60))
        )
        whole = language._normalize(text)
        whole_words = language.words(whole)
        monkeypatch.setattr(rules, "PIECE_CHARS", piece)
        monkeypatch.setattr(steps, "PIECE_CHARS", piece)
        assert language.normalize(text) == whole
        assert list(language.words(whole)) == list(whole_words)
        monkeypatch.undo()


def test_a_long_ntcir_answer_is_normalized_within_twice_its_size():
    """1,000,000 words (6.3 million characters): the whole text's steps
    held about nine times its size (the regex substitutions' pieces, the
    list of words of the collapse of whitespace)."""
    from answermatch.tasks.ntcir_dsqa.rules import LANGUAGES

    rng = random.Random(7)
    words = ["Tokyo", "the", "13,510,000", "of", "(-2.1%)", "million", "a", "in", "Metropolis,"]
    text = " ".join(rng.choice(words) for _ in range(1_000_000))
    peak = _peak(LANGUAGES["en"].normalize, text)
    assert peak < 2 * len(text), (peak, len(text))


# --- PolEval 2021 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\n",
        b"Warszawa\n\n w Warszawie\t4\r\n",
        "\ufeffzażółć\r\ngęślą\u2028jaźń".encode(),  # a BOM kept (and warned), no final newline
        b"a\xffb\nc\n",  # invalid UTF-8: read whole, one U+FFFD a byte
        "\ufeff".encode("utf-16"),  # UTF-16: an error
    ],
)
def test_poleval_lines_read_in_parts_are_those_read_whole(tmp_path, monkeypatch, data):
    from answermatch.tasks.poleval2021.geval import read_stripped_lines

    path = tmp_path / "out.tsv"
    path.write_bytes(data * 50)
    monkeypatch.setattr(sources, "PART_BYTES", 7)

    def read(path, diag):
        return read_stripped_lines(path, diag)

    parts = _outcome(read, path)
    _whole(monkeypatch)
    assert parts == _outcome(read, path)


def test_a_long_poleval_answer_is_read_within_twice_its_size(tmp_path):
    """One answer line of 4,000,000 characters: read whole, its bytes,
    its text, the text's lines and the check for exchanged files (which
    joined every answer) held three times its size; now its text while it
    is joined from its pieces, then stripped (about 2.2 times)."""
    from answermatch.tasks.poleval2021.reading import read_gold, read_predictions

    path = tmp_path / "out.tsv"
    path.write_text("w Warszawie " * 333_333 + "\n", encoding="utf-8")
    gold = read_gold(["Warszawa"], Diagnostics())
    size = path.stat().st_size
    peak = _peak(read_predictions, str(path), gold, Diagnostics())
    assert peak < 2.5 * size, (peak, size)


@pytest.mark.parametrize("piece", [1, 4, 30])
def test_poleval_case_mappings_of_a_long_text_are_those_of_the_whole(monkeypatch, piece):
    import answermatch.normalization.steps as steps
    from answermatch.tasks.poleval2021 import case

    words = ["İSTANBUL", "ΟΔΟΣ", "Σ", "ŁÓDŹ", "ＣＯＶＩＤ", "Straße", "ﬁ", "\u0301", "x\u0301", "ǅ"]
    rng = random.Random(piece)
    for _ in range(30):
        text = "".join(rng.choice(words) + rng.choice(_SPACES) for _ in range(rng.randrange(40)))
        whole = case._lower(text), case._fold(text)
        monkeypatch.setattr(steps, "PIECE_CHARS", piece)
        assert (case.haskell_lower(text), case.fold(text)) == whole
        monkeypatch.undo()


def test_a_poleval_file_of_short_lines_is_scored_within_twice_its_size(tmp_path, monkeypatch):
    """100,000 questions of a few short words (about 2.5 MB of gold and
    outputs), read, scored and kept with their items: a list of variants and
    a string per gold line, a string per answer and a verdict per item took
    about 20 times the files; now the lines are packed in UTF-8 with an
    offset each (``TextColumn``) and the verdicts in arrays (about 1.9
    times), besides a constant: the strings of the part of a file being
    read (64 KiB here) and the gold lines prepared for matching."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    rng = random.Random(5)
    words = ["Warszawa", "w", "XIV", "wieku", "czterech", "1410", "Kraków", "zażółć", "tak", "nie"]

    def line(most):
        return " ".join(rng.choice(words) for _ in range(rng.randrange(1, most)))

    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    lines = [line(3) + ("\t" + line(3) if rng.random() < 0.3 else "") for _ in range(100_000)]
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pred.write_text("\n".join(line(4) for _ in lines) + "\n", encoding="utf-8")
    size = gold.stat().st_size + pred.stat().st_size
    task = get_task("poleval2021")
    small = task.evaluate(["tak"], ["tak"])  # the imports and caches of a first run
    assert small.scores == {"accuracy": 100.0}

    def score(gold, pred):
        result = task.evaluate(gold, pred)
        assert len(result.items) == 100_000 and result.items[-1]["id"] == 100_000
        return result

    peak = _peak(score, str(gold), str(pred))
    assert peak < 2 * size + (2 << 20), (peak, size)  # 2.4 times here, with the constant


# --- NTCIR-16: a long answer compared part by part --------------------------------------------


@pytest.mark.parametrize("size", [1, 4, 9, 50])
def test_mecab_words_of_parts_are_those_of_the_joined_text(monkeypatch, size):
    """MeCab's words of a text given in parts are those of the whole text,
    cut at the same places (NULs, newlines and spaces, ``MAX_CHARS``)."""
    from answermatch.tokenizers import get_tokenizer, ja

    tokenizer = get_tokenizer("ja")
    rng = random.Random(size)
    alphabet = [
        "東京",
        "都",
        "タワー",
        "の",
        "1351",
        "万人",
        "。",
        " ",
        "\n",
        "\x00",
        "a",
        "\u3000",
    ]
    alphabet += ["ｶﾞ", "か\u3099"]
    monkeypatch.setattr(ja, "MAX_CHARS", size)
    for _ in range(30):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(80)))
        cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randrange(6))))
        parts = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        found = [word for words in tokenizer.tokenize_parts(parts) for word in words]
        assert found == tokenizer.tokenize(text), (text, parts)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("piece", [1, 3, 30])
def test_a_long_ntcir_answer_compares_in_parts_as_whole(monkeypatch, lang, piece):
    """EM, F1, the best gold and each gold's figures of an answer compared
    part by part are those of its whole normalized text and words."""
    import answermatch.normalization.steps as steps
    from answermatch.tasks.ntcir_dsqa import rules
    from answermatch.tokenizers import ja

    language = rules.LANGUAGES[lang]
    rng = random.Random(piece)
    for _ in range(20):
        text = "".join(
            rng.choice(_NTCIR_WORDS) + rng.choice(_SPACES) for _ in range(rng.randrange(40))
        )
        monkeypatch.setattr(ja, "MAX_CHARS", 2 * piece)
        raw = [text, text.upper() + " x", "東京都", "", rng.choice(_NTCIR_WORDS)]
        normalized = [language._normalize(gold) for gold in raw]
        golds = [(gold, language.words(gold)) for gold in normalized]
        predicted = language._normalize(text)
        whole = rules.compare_normalized(predicted, language.words(predicted), golds)
        monkeypatch.setattr(rules, "PIECE_CHARS", piece)
        monkeypatch.setattr(steps, "PIECE_CHARS", piece)
        assert rules.compare_prepared(language, text, golds) == whole
        monkeypatch.undo()


@pytest.mark.slow
def test_a_long_japanese_ntcir_answer_is_compared_within_its_size():
    """4,000,000 characters of Japanese without whitespace (about 2,200,000
    MeCab words): it was normalized as one piece, and its normalized text
    and list of words took about three times its size; now it is cut before
    kana and ideographs and its words are counted one MeCab piece at a time
    (a constant of about 6 MB)."""
    from answermatch.tasks.ntcir_dsqa.rules import LANGUAGES, compare_answer

    sample = "東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。"
    language = LANGUAGES["ja"]
    short = sample * (200_000 // len(sample))
    result = compare_answer(language, short, ["東京都", short])
    assert (result.em, result.f1, result.best) == (1.0, 1.0, 1)
    text = sample * (4_000_000 // len(sample))
    peak = _peak(compare_answer, language, text, ["東京都"])
    assert peak < sys.getsizeof(text), (peak, sys.getsizeof(text))
