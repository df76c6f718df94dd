"""The warnings of a run are held packed (:class:`answermatch.diagnostics.Messages`):
a file in which every key is given again warns once for each, and those
warnings took a few hundred bytes each while held (about 3.4 times the
file); now about the size of the key each. The same messages, in the same
order, and ``--strict`` stops at the first."""

from __future__ import annotations

import json
import pickle
import random
import tracemalloc
import warnings

import pytest

import answermatch
import answermatch.sources as sources
from answermatch.diagnostics import Deferred, Diagnostics, Messages
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.sources import duplicate_key_message
from answermatch.tasks import get_task
from conftest import read_whole


def test_messages_are_made_when_read_in_order():
    messages = Messages()
    messages.add("no answer", "gold.json", 3)
    messages.add_each(duplicate_key_message, ["q1", "Kraków"], "pred.json")
    messages.add("plain")
    expected = [
        "gold.json:3: no answer",
        f"pred.json: {duplicate_key_message('q1')}",
        f"pred.json: {duplicate_key_message('Kraków')}",
        "plain",
    ]
    assert messages == expected and list(messages) == expected and messages[-2] == expected[2]
    assert list(messages.iter_from(2)) == expected[2:] and messages[1:3] == expected[1:3]
    records = [("no answer", 3), (duplicate_key_message("q1"), None)]
    records += [(duplicate_key_message("Kraków"), None), ("plain", None)]
    assert list(messages.records()) == records
    copied = messages.copy()
    messages.add("later")
    assert copied == expected and len(messages) == 5
    assert pickle.loads(pickle.dumps(copied)) == tuple(expected)


def test_warn_each_warns_as_warn_does_for_each():
    keys = [f"q{k}" for k in range(5)]
    one, each = Diagnostics(), Diagnostics()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for key in keys:
            one.warn(duplicate_key_message(key), path="p.json", line=2)
        each.warn_each(duplicate_key_message, keys, path="p.json", line=2)
    assert one.messages == each.messages and len(each.messages) == 5
    assert list(one.records) == list(each.records)
    texts = [str(w.message) for w in caught]
    assert texts[:5] == texts[5:] == list(each.messages)
    with pytest.raises(InputError, match=r"'q0'.*--strict"):
        Diagnostics(strict=True).warn_each(duplicate_key_message, keys, path="p.json")
    shown = Diagnostics(shown=set())  # a Scorer's: each kind shown once, all recorded
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        shown.warn_each(duplicate_key_message, keys, path="p.json", kind=("x", 1))
        shown.warn_each(duplicate_key_message, keys, path="p.json", kind=("x", 1))
    assert len(caught) == 1 and len(shown.messages) == 10


def test_deferred_gives_its_warnings_in_order():
    later = Deferred()
    later.warn("first", path="a.json", line=1)
    later.warn_each(duplicate_key_message, ["q1", "q2"], path="a.json")
    later.warn("last", path="b.json", line=1, extra=True)
    assert later.messages == [] and len(later.pending) == 4
    diag = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        later.give(diag)
    assert list(diag.messages) == [
        "a.json:1: first",
        f"a.json: {duplicate_key_message('q1')}",
        f"a.json: {duplicate_key_message('q2')}",
        "b.json:1: last",
    ]
    assert len(later.pending) == 0
    part = Diagnostics(part=True)  # an extra warning is not given to a part
    again = Deferred()
    again.warn("last", path="b.json", extra=True)
    again.give(part)
    assert part.messages == []


def _every_key_twice(path, gold_ids, others, seed=3):
    """``{id: text}``: the gold ids and ``others`` other ids, each given twice
    in a row (the second with another text)."""
    rng = random.Random(seed)
    answers = ["Oulu", "東京", 'a "b", "c"', "", "x\\y"]
    keys = gold_ids + [f"{rng.getrandbits(62)}" for _ in range(others)]
    rng.shuffle(keys)
    body = ", ".join(
        f"{json.dumps(key)}: {json.dumps(rng.choice(answers), ensure_ascii=False)}"
        for key in keys
        for _ in (0, 1)
    )
    path.write_text("{" + body + "}", encoding="utf-8")


def _read(task_name, path, gold, diag):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = get_task(task_name).read_predictions(str(path), gold, diag)
        except InputError as error:
            return str(error)
    texts = getattr(found, "texts", found)
    return list(texts.values() if isinstance(texts, dict) else texts)


@pytest.mark.parametrize("task_name", ["xor-full", "open-qa"])
@pytest.mark.parametrize("strict", [False, True])
def test_every_key_given_again_warns_as_read_whole(monkeypatch, tmp_path, task_name, strict):
    gold_ids = [f"q{k}" for k in range(200)]
    if task_name == "open-qa":
        gold_path = tmp_path / "gold.jsonl"
        rows = [json.dumps({"id": key, "answers": ["Oulu"]}) for key in gold_ids]
        gold_path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    else:
        gold_path = tmp_path / "gold.jsonl"
        rows = [json.dumps({"id": key, "answers": ["Oulu"], "lang": "fi"}) for key in gold_ids]
        gold_path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    gold = get_task(task_name).read_gold(str(gold_path), Diagnostics())
    path = tmp_path / "pred.json"
    _every_key_twice(path, gold_ids, 3000)
    monkeypatch.setattr(sources, "PART_BYTES", 997)
    diag = Diagnostics(strict=strict)
    in_parts = _read(task_name, path, gold, diag)
    assert sources.kept_string_entries(path, set(gold_ids), diag=Deferred()) is not None

    monkeypatch.setattr(sources, "string_object_parts", read_whole)
    whole_diag = Diagnostics(strict=strict)
    assert in_parts == _read(task_name, path, gold, whole_diag)
    assert diag.messages == whole_diag.messages
    if strict:
        assert "duplicate key" in in_parts and "--strict" in in_parts
    else:
        assert sum("duplicate key" in m for m in diag.messages) == 3200


def test_the_warnings_of_every_key_given_again_are_held_packed(monkeypatch, tmp_path):
    """Held after reading (the result's warnings): 3.4 times the file
    while they were strings (about 300 bytes a warning), now about 0.4."""
    gold_ids = [f"q{k}" for k in range(100)]
    gold_path = tmp_path / "gold.jsonl"
    rows = [json.dumps({"id": key, "answers": ["Oulu"], "lang": "fi"}) for key in gold_ids]
    gold_path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    path = tmp_path / "pred.json"
    _every_key_twice(path, gold_ids, 20_000)
    size = path.stat().st_size
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        answermatch.evaluate("xor-full", str(gold_path), {"q1": "x"})  # the imports
    tracemalloc.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            result = answermatch.evaluate("xor-full", str(gold_path), str(path))
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert sum("duplicate key" in m for m in result.warnings) == 20_100
    assert held < size, (held, size)
