"""XOR-EnglishSpan's predictions with answer objects (``{"answer": ...}``,
which its script reads as ``value["answer"]``) are read in parts like a
file of strings (``answer_parts``), not whole: a long answer in such a
file was decoded by two readings in parts, which stopped at the first
object, and then by the whole reading (3.3 bytes a byte at 5 and 20 MB in
Korean). Every outcome, scores, items, warnings or the error, is the whole
reading's, on files large enough to be read in parts."""

from __future__ import annotations

import json
import warnings

import pytest

from answermatch import sources
from answermatch.errors import AnswermatchError
from answermatch.evaluation import evaluate
from answermatch.tasks.xor import task as xor_task
from examples import EXAMPLES

GOLD = EXAMPLES / "xor-engspan" / "gold.jsonl"
IDS = [json.loads(line)["id"] for line in GOLD.read_text("utf-8").splitlines()]
LONG = "Paris " * (sources.PARTS_FROM * sources.PART_BYTES // 6 + 1000)

# each case: the entries written after the long answer of the first id, in order
CASES = {
    "objects": [(IDS[1], {"answer": "Leo Tolstoy"}), (IDS[2], "1914"), (IDS[3], {"answer": "x"})],
    "object with more keys": [(IDS[1], {"answer": "Leo Tolstoy", "score": 0.5})],
    "answer null": [(IDS[1], {"answer": None}), (IDS[2], "1914")],
    "top-level null": [(IDS[1], {"answer": "Tolstoy"}), (IDS[2], None)],
    "answer a number": [(IDS[1], {"answer": 5})],
    "answer a list": [(IDS[1], {"answer": ["a"]})],
    "object without answer": [(IDS[1], {"text": "Tolstoy"})],
    "a number": [(IDS[1], {"answer": "Tolstoy"}), (IDS[2], 1914)],
    "key given again": [(IDS[1], {"answer": "a"}), (IDS[2], "b"), (IDS[1], "Leo Tolstoy")],
    "object given again": [(IDS[1], "a"), (IDS[1], {"answer": "Leo Tolstoy"})],
    "unknown ids": [("nope", {"answer": "x"}), ("nada", "y"), (IDS[1], {"answer": "Tolstoy"})],
    "strings only": [(IDS[1], "Leo Tolstoy"), (IDS[2], "1914")],
}


def _write(path, entries, inner_duplicate=False):
    parts = [f"{json.dumps(IDS[0])}: {json.dumps(LONG)}"]
    parts += [f"{json.dumps(key)}: {json.dumps(value)}" for key, value in entries]
    if inner_duplicate:
        parts.append(f'{json.dumps(IDS[4])}: {{"answer": "a", "answer": "the Andes"}}')
    path.write_text("{\n" + ",\n".join(parts) + "\n}", "utf-8")


def _outcome(path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = evaluate("xor-engspan", GOLD, path)
        except AnswermatchError as exc:
            return ("error", str(exc), [str(w.message) for w in caught])
    items = [dict(item) for item in result.items]
    return (result.scores, result.per_language, items, [str(w.message) for w in caught])


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_file_with_answer_objects_read_in_parts_is_read_as_the_whole(case, tmp_path, monkeypatch):
    path = tmp_path / "pred.json"
    _write(path, CASES[case])
    assert path.stat().st_size >= sources.PARTS_FROM * sources.PART_BYTES
    parted = _outcome(path)
    monkeypatch.setattr(sources, "PARTS_FROM", 10**6)  # every file read whole
    assert parted == _outcome(path), case


def test_a_key_given_twice_inside_an_object_is_left_to_the_whole_reading(tmp_path, monkeypatch):
    path = tmp_path / "pred.json"
    _write(path, CASES["objects"], inner_duplicate=True)
    parted = _outcome(path)
    assert any("duplicate key 'answer'" in w for w in parted[-1]), parted[-1]
    monkeypatch.setattr(sources, "PARTS_FROM", 10**6)
    assert parted == _outcome(path)


def test_answer_objects_are_read_in_parts_not_whole(tmp_path, monkeypatch):
    """The file with objects is read in parts once and never whole."""
    path = tmp_path / "pred.json"
    _write(path, CASES["objects"])
    whole = []
    monkeypatch.setattr(
        xor_task,
        "read_xor_predictions",
        lambda *args, **kwargs: whole.append(args) or pytest.fail("read whole"),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (most questions have no prediction)
        result = evaluate("xor-engspan", GOLD, path)
    assert not whole
    by_id = {item["id"]: item for item in result.items}
    assert by_id[IDS[1]]["prediction"] == "Leo Tolstoy"
    assert by_id[IDS[0]]["prediction"] == LONG
