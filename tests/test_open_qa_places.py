"""open-qa finds the gold ids of predictions through
:class:`answermatch.items.Places` (8 bytes an id and a filter), not a dict
of them: the same predictions, errors, warnings and their order, also
where ids share their hash bits (a hash forced to collide)."""

from __future__ import annotations

import builtins
import json
import random
import warnings

import pytest

import answermatch.items as items
import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.items import Places, TextColumn
from answermatch.tasks.open_qa.reading import Gold, read_gold, read_predictions
from conftest import traced_peak


def _colliding(text):
    """A hash that gives many strings the same bits (256 values in all)."""
    return builtins.hash(text) & 0xFF


def test_places_find_each_string_also_when_hashes_collide(monkeypatch):
    strings = [f"q{k}" for k in range(500)] + ["Kraków", ""]
    others = [f"x{k}" for k in range(500)] + ["q", "q5000", "kraków"]
    for hashing in (None, _colliding, lambda text: -1):  # -1: every bit set, as the last key
        if hashing is not None:
            monkeypatch.setattr(items, "hash", hashing, raising=False)
        places = Places(TextColumn(strings))
        assert [places.find(s) for s in strings] == list(range(len(strings)))
        assert [places.find(s) for s in others] == [None] * len(others)
        mixed = others[:200] + strings[::-1] + others[200:]
        assert places.among(mixed) == {s: k for k, s in reversed(list(enumerate(strings)))}
        assert "q7" in places and "x7" not in places and 7 not in places
        assert not places.repeated() and Places(TextColumn([*strings, "q7"])).repeated()
    assert [Places([]).find(s) for s in ("", "q1")] == [None, None]


def _gold_file(path, count):
    rows = [{"id": f"q{k}", "answers": ["Oulu"], "lang": "fi"} for k in range(count)]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def _prediction_files(tmp_path, count):
    """``{name: path}`` of prediction files for a gold of ``count`` ids:
    in parts and whole, rows, keys given again (a gold id and an other id,
    in a part and across parts), nulls, and errors after repeats."""
    rng = random.Random(5)
    answers = ["Oulu", "東京", 'a "b", "c"', "", None]
    entries = [(f"q{k}", rng.choice(answers)) for k in range(count) if k % 7]
    entries += [(f"x{rng.getrandbits(40)}", rng.choice(answers)) for _ in range(4000)]
    rng.shuffle(entries)
    again = [*entries[:3], (entries[2500][0], "again"), ("q14", "late"), (entries[10][0], None)]
    # the gold's ids in its order (found without a search), in runs between
    # other ids, backwards, and keys whose bytes joined are the gold's but
    # cut elsewhere ("q100", "q101q", "102" where the gold has q100, q101, q102)
    ordered = [(f"q{k}", rng.choice(answers)) for k in range(count)]
    other = [entry for entry in entries if entry[0].startswith("x")]
    split = [("q100", "Oulu"), ("q101q", None), ("102", "東京")]
    runs = ordered[:90] + other[:30] + ordered[90:100] + split + ordered[103:300]
    runs += ordered[350:300:-1] + other[30:40] + ordered[351:] + [ordered[300]]
    cases = {
        "plain": entries,
        "ordered": ordered,
        "runs": runs,
        "repeats": entries[:1000] + again + entries[1000:] + again,
        "small": entries[:40] + again[:2],
    }
    files = {}
    for name, pairs in cases.items():
        body = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in pairs)
        files[name] = tmp_path / f"{name}.json"
        files[name].write_text("{" + body + "}", encoding="utf-8")
        rows = [json.dumps({"id": k, "prediction": v}, ensure_ascii=False) for k, v in pairs]
        files[name + "-rows"] = tmp_path / f"{name}.jsonl"
        files[name + "-rows"].write_text("\n".join(rows) + "\n", encoding="utf-8")
    files["error"] = tmp_path / "error.json"
    files["error"].write_text(files["repeats"].read_text("utf-8")[:-1] + ', "q3": 5}', "utf-8")
    files["row"] = tmp_path / "row.json"  # one line: a row, not {id: text}
    files["row"].write_text('{"id": "q1", "prediction": "Oulu"}\n', "utf-8")
    return files


def _read(gold, path, strict):
    diag = Diagnostics(strict=strict)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            found = read_predictions(str(path), gold, diag)
        except InputError as error:
            return str(error), diag.messages
    return (list(found.texts), found.others, found.examples), diag.messages


def _expected(gold_ids, path):
    """What a dict of the gold ids finds in ``path`` (no error, no strict)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        entries = {}
        for line in text.splitlines():
            row = json.loads(line)
            entries[row["id"]] = row["prediction"]
    else:
        entries = json.loads(text)
    index = {key: k for k, key in enumerate(gold_ids)}
    others = [key for key in entries if key not in index]
    return [entries.get(key) for key in gold_ids], len(others), others[:3]


@pytest.mark.parametrize("strict", [False, True])
def test_open_qa_predictions_are_found_as_by_a_dict_also_when_hashes_collide(
    monkeypatch, tmp_path, strict
):
    gold_path = tmp_path / "gold.jsonl"
    _gold_file(gold_path, 600)
    gold = read_gold(str(gold_path), Diagnostics())
    files = _prediction_files(tmp_path, 600)
    monkeypatch.setattr(sources, "PART_BYTES", 997)  # read in parts
    found = {name: _read(gold, path, strict) for name, path in files.items()}
    for name, path in files.items():
        errors = ("error", "repeats-rows", "small-rows", *(("repeats", "small") if strict else ()))
        if name in errors:
            assert isinstance(found[name][0], str), name  # the first repeat or the error
        elif name != "row":
            assert found[name][0] == _expected(list(gold.ids), path), name
    assert "a gold file" not in found["row"][0] and found["row"][0][0][1] == "Oulu"
    assert any("duplicate key" in m for m in found["repeats"][1]) != strict
    monkeypatch.setattr(items, "hash", _colliding, raising=False)
    assert {name: _read(gold, path, strict) for name, path in files.items()} == found
    monkeypatch.setattr(sources, "PARTS_FROM", 1 << 40)  # read whole
    assert {name: _read(gold, path, strict) for name, path in files.items()} == found


def test_open_qa_predictions_hold_a_few_bytes_a_gold_question():
    """A dict of the gold ids' places took about 100 bytes a question."""
    gold = Gold()
    for k in range(20_000):
        gold.add(f"question-{k}", k + 1, ("Oulu",), None, None)
    peak = traced_peak(read_predictions, {"question-5": "Oulu", "x": "?"}, gold, Diagnostics())
    assert peak < 60 * len(gold), peak  # a dict: 119 bytes a question


def test_ids_in_the_golds_order_are_told_by_their_bytes_and_bounds():
    """A part whose keys are the gold's ids in its order takes their places
    without a search; the same bytes cut elsewhere, or another id, do not."""
    from answermatch.tasks.open_qa.reading import _in_order

    ids = TextColumn(["q99", "q100", "q101", "q102", "Kraków", "\ud800"])
    assert _in_order(["q100", "q101", "q102"], ids, 1) == range(1, 4)
    assert _in_order(["q102", "Kraków", "\ud800"], ids, 3) == range(3, 6)
    assert _in_order(["q100", "q101q", "102"], ids, 1) is None  # same bytes, other bounds
    assert _in_order(["q100", "q101", "q103"], ids, 1) is None
    assert _in_order(["q100", "q101"], ids, None) is None
    assert _in_order(["Kraków", "\ud800", "x"], ids, 4) is None  # past the last id
