"""Memory of CMRC 2018 / DRCD golds (issue 25): the original layout (a list
of passages with ``query_id``) read a few hundred passages at a time as the
SQuAD layout is, held without its bytes (its contexts read again from the
file), and the questions of every layout holding no decoded context (a
score reads the columns). The reading in parts is compared with the whole
reading (every column, line, place, warning, error and gold-check finding)
on golds with every odd value the official script accepts or refuses, and
its peak (``tracemalloc``) bounded where the previous code went past it."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.goldcheck import check_gold
from answermatch.tasks import get_task
from answermatch.tasks.cmrc2018 import data as cmrc_data
from conftest import parity_path, traced_held

TASK = get_task("cmrc2018")
_CHARS = "长江是亚洲第一长河全长约公里流经中国青海西藏四川等十一个省级行政区"


def _original_gold(path: Path, passages: int = 1_500, **dumps: Any) -> int:
    """A gold in the original layout shaped as CMRC 2018's dev (a context
    of 400 characters, four questions, three answers each, mostly the same,
    a few JSON numbers), written minified to ``path``; its size."""
    rng = random.Random(25)
    out = []
    for p in range(passages):
        context = "".join(rng.choice(_CHARS) for _ in range(400))
        qas = []
        for q in range(4):
            text = context[rng.randint(0, 300) :][: rng.randint(2, 8)]
            answers: list[Any] = [text, text, text if rng.random() < 0.7 else context[:3]]
            if rng.random() < 0.01:
                answers[2] = 39764.0
            qas.append({"query_text": "长江全长多少公里？", "query_id": f"DEV_{p}_QUERY_{q}",
                        "answers": answers})  # fmt: skip
        out.append({"context_id": f"DEV_{p}", "context_text": context, "qas": qas, "title": "长江"})
    path.write_text(json.dumps(out, ensure_ascii=False, **dumps), encoding="utf-8")
    return path.stat().st_size


def _drcd_gold(path: Path, paragraphs: int = 1_500) -> int:
    """A gold in DRCD's layout (SQuAD's, answers with an ``id``), minified."""
    rng = random.Random(25)
    paras = []
    for p in range(paragraphs):
        context = "".join(rng.choice(_CHARS) for _ in range(400))
        qas = [
            {"id": f"{p}-{q}", "question": "?",
             "answers": [{"id": "1", "text": context[5:9], "answer_start": 5}]}
            for q in range(4)
        ]  # fmt: skip
        paras.append({"context": context, "qas": qas, "id": str(p)})
    data = {"version": "1.3", "data": [{"title": "t", "id": "1", "paragraphs": paras}]}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path.stat().st_size


def _traced_read(gold: Path) -> tuple[Any, int, int]:
    """The gold read, and the peak and the memory held (``tracemalloc``;
    the warnings about its numbers ignored)."""
    return traced_held(TASK.read_gold, gold, Diagnostics(), quiet=True)


def test_original_layout_is_read_in_parts_and_its_bytes_let_go(tmp_path):
    """A gold in the original layout decoded a few hundred passages at a
    time, held without its bytes and its contexts (the previous code
    decoded it whole: a peak of 4.7 times the file, 3.1 held)."""
    gold, small = tmp_path / "dev.json", tmp_path / "small.json"
    size = _original_gold(gold)
    assert size > 2_000_000
    _original_gold(small, 20)
    _traced_read(small)  # the readers' structs defined, not counted
    read, peak, held = _traced_read(gold)
    assert peak < 2.3 * size, (peak, size)  # 4.7 times before (1.7 now)
    assert held < size, (held, size)  # 3.1 times before (0.8 now)
    assert read.layout == "original" and read.file._text is None
    data = json.loads(gold.read_text("utf-8"))
    qas = [(qa, p["context_text"]) for p in data for qa in p["qas"]]
    assert list(read.questions.ids) == [qa["query_id"] for qa, _ in qas]
    assert [q.raw for q in read.questions] == [tuple(qa["answers"]) for qa, _ in qas]
    assert [q.context for q in read.questions] == [context for _, context in qas]


def test_drcd_layout_questions_hold_no_context(tmp_path):
    """The questions of a SQuAD-layout gold (DRCD's) made when read: the
    previous code made each with its context, all decoded and held (1.6
    times the file held)."""
    gold, small = tmp_path / "dev.json", tmp_path / "small.json"
    size = _drcd_gold(gold)
    _drcd_gold(small, 20)
    _traced_read(small)
    read, _, held = _traced_read(gold)
    assert held < size, (held, size)  # 1.6 times before (0.5 now)
    assert (
        read.questions[7].context
        == json.loads(gold.read_text("utf-8"))["data"][0]["paragraphs"][1]["context"]
    )


def _whole(monkeypatch) -> None:
    """Send every original-layout gold the ``json`` way (read whole)."""
    monkeypatch.setattr(cmrc_data, "_passages", lambda *args: None)


def _outcome(gold: Any, **options: Any) -> Any:
    """Everything a reading of ``gold`` gives: the layout, every column,
    each question's line and place, the warnings, or the error; and the
    gold-check findings."""
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            read = TASK.read_gold(gold, diag, **options)
            questions = list(read.questions)
            found: Any = (
                read.layout,
                read.file.may_have_numbers,
                read.file.version,
                [(q.id, q.texts, q.raw, q.starts, q.context) for q in questions],
                [(read.line(q), read.where(q)) for q in questions],
            )
        except InputError as error:
            found = str(error)
        try:
            findings: Any = list(check_gold("cmrc2018", gold, **options))
        except InputError as error:
            findings = str(error)
    return found, [str(m) for m in diag.messages], findings


def _both(path: Path, monkeypatch, **options: Any) -> tuple[Any, Any]:
    parts = _outcome(path, **options)
    with monkeypatch.context() as patch:
        _whole(patch)
        whole = _outcome(path, **options)
    return parts, whole


_QA = {"query_text": "长江?", "query_id": "Q", "answers": ["长江", "长江"]}
_PASSAGE = {"context_id": "C", "context_text": "长江是亚洲第一长河", "qas": [_QA], "title": "t"}

#: golds the reading in parts takes, or leaves to the whole reading
_ODD = {
    "plain": [_PASSAGE],
    "numbers": [dict(_PASSAGE, qas=[dict(_QA, answers=[39764.0, 7, "长江"])])],
    "huge-int": [dict(_PASSAGE, qas=[dict(_QA, answers=[10**30])])],
    "null-answer": [dict(_PASSAGE, qas=[dict(_QA, answers=[None, "长江"])])],
    "bool-answer": [dict(_PASSAGE, qas=[dict(_QA, answers=[True])])],
    "list-answer": [dict(_PASSAGE, qas=[dict(_QA, answers=[["长江"]])])],
    "object-answer": [dict(_PASSAGE, qas=[dict(_QA, answers=[{"text": "长江"}])])],
    "no-answer": [dict(_PASSAGE, qas=[dict(_QA, answers=[])])],
    "answers-object": [dict(_PASSAGE, qas=[dict(_QA, answers={"text": ["长江"]})])],
    "no-context": [{k: v for k, v in _PASSAGE.items() if k != "context_text"}],
    "null-context": [dict(_PASSAGE, context_text=None)],
    "number-context": [dict(_PASSAGE, context_text=5)],
    "context-key": [dict(_PASSAGE, context="另一个")],
    "null-title": [dict(_PASSAGE, title=None, context_id=None)],
    "object-title": [dict(_PASSAGE, title={"a": 1})],
    "id-key": [dict(_PASSAGE, qas=[dict(_QA, id="X")])],
    "number-id": [dict(_PASSAGE, qas=[dict(_QA, query_id=7)])],
    "spaced-id": [dict(_PASSAGE, qas=[dict(_QA, query_id=" Q ")])],
    "no-id": [dict(_PASSAGE, qas=[{k: v for k, v in _QA.items() if k != "query_id"}])],
    "number-question": [dict(_PASSAGE, qas=[dict(_QA, query_text=12)])],
    "repeated-id": [_PASSAGE, dict(_PASSAGE, context_text="别的")],
    "no-qas": [{k: v for k, v in _PASSAGE.items() if k != "qas"}],
    "empty": [],
    "mixed-rows": [_PASSAGE, {"id": "R", "context": "长江", "answers": {"text": ["长江"]}}],
    "mixed-squad": [_PASSAGE, {"paragraphs": [{"context": "长江", "qas": [dict(_QA, id="S")]}]}],
    "not-object": [_PASSAGE, 5],
    "escapes": [
        dict(
            _PASSAGE,
            context_text='长江 "a" \\ b\u2028\U0001f600',
            qas=[dict(_QA, answers=['"a"', "\U0001f600"])],
        )
    ],
}


def _write(path: Path, data: Any, style: str) -> Path:
    if style == "lines":
        text = json.dumps(data, ensure_ascii=False, indent=1)
    else:
        text = json.dumps(data, ensure_ascii=style == "ascii")
    if style == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    elif style == "utf16":
        path.write_bytes(text.encode("utf-16"))
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("style", ["minified", "lines", "ascii", "bom", "utf16"])
@pytest.mark.parametrize("version", [6, 5])
@pytest.mark.parametrize("case", sorted(_ODD))
def test_original_layout_in_parts_is_the_gold_read_whole(
    tmp_path, monkeypatch, case, style, version
):
    """Every column, line, place, warning, error and finding of a gold
    read in parts is that of the gold read whole."""
    gold = _write(tmp_path / "dev.json", _ODD[case] * 2, style)
    parts, whole = _both(gold, monkeypatch, version=version)
    assert parts == whole


def test_original_layout_key_given_twice_is_read_whole(tmp_path, monkeypatch):
    """A key given twice in a passage (which only ``json``'s hook sees)
    sends the file the whole way, with its warning."""
    gold = tmp_path / "dev.json"
    text = json.dumps([_PASSAGE], ensure_ascii=False)
    gold.write_text(text.replace('"title": "t"', '"title": "t", "title": "u"'), encoding="utf-8")
    parts, whole = _both(gold, monkeypatch)
    assert parts == whole
    assert any("title" in m for m in parts[1])


_TEXTS = st.sampled_from(
    ["长江", "亚洲", '"a"', "\\", "\u2028", "ω-force", " 四川 ", "", "\U0001f600"]
)
_ANSWER = st.one_of(_TEXTS, _TEXTS, st.sampled_from([39764.0, 7, -0.0, 1e300, None, True]))


@st.composite
def _passages(draw) -> list[Any]:
    passages = []
    for p in range(draw(st.integers(1, 6))):
        qas = []
        for q in range(draw(st.integers(0, 3))):
            qa: dict[str, Any] = {"query_text": draw(_TEXTS), "query_id": f"Q{p}_{q}"}
            if draw(st.booleans()):
                qa["query_id"] = draw(st.sampled_from([f"Q{p}", " Q ", "Q0_0"]))
            qa["answers"] = draw(st.lists(_ANSWER, max_size=3))
            qas.append(qa)
        passage: dict[str, Any] = {"context_id": f"C{p}", "qas": qas}
        if draw(st.booleans()):
            passage["context_text"] = draw(st.one_of(_TEXTS, st.none()))
        if draw(st.booleans()):
            passage["title"] = draw(_TEXTS)
        passages.append(passage)
    return passages


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=_passages(), style=st.sampled_from(["minified", "lines", "ascii"]))
def test_original_layout_in_parts_is_whole_on_any_gold(tmp_path, monkeypatch, data, style):
    gold = _write(tmp_path / "dev.json", data, style)
    parts, whole = _both(gold, monkeypatch)
    assert parts == whole


def test_original_layout_contexts_are_read_again_from_the_file(tmp_path):
    """The contexts of a minified gold are read again from the file (after
    a byte order mark, too); a file changed since is a clear error."""
    passages = [dict(_PASSAGE, context_text=f"段落{k} \"x\"", qas=[dict(_QA, query_id=f"Q{k}")])
                for k in range(3)]  # fmt: skip
    gold = _write(tmp_path / "dev.json", passages, "bom")
    read = TASK.read_gold(gold, Diagnostics())
    assert read.file._text is None and read.layout == "original"
    assert [q.context for q in read.questions] == [p["context_text"] for p in passages]
    gold.write_bytes(gold.read_bytes().replace("段落1".encode(), "段落9".encode()))
    with pytest.raises(InputError, match="changed after it was read"):
        [q.context for q in read.questions]


def test_parity_original_layout_is_read_in_parts(monkeypatch):
    """CMRC 2018's dev gold (original layout, numbers among its answers)
    is read in parts, with the whole reading's result."""
    path = parity_path("cmrc2018", "cmrc2018_dev.json")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)  # its numbers
        read = TASK.read_gold(path, Diagnostics())
    assert type(read.file.questions).__name__ == "Questions"  # the columns: read in parts
    parts, whole = _both(path, monkeypatch)
    assert parts == whole
