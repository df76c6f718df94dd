"""A large SQuAD-format gold read on two processes (where the compiled
reader is not built) gives exactly what one process gives: the same
records (floats compared bit for bit), places, lines and version, or the
same error; a split guess that is not an article boundary of the top-level
``data`` array is never taken."""

from __future__ import annotations

import json
import os
import re
import struct
import warnings

import pytest

import answermatch
from answermatch import sources
from answermatch.errors import AnswermatchWarning, InputError
from answermatch.formats import squad
from answermatch.formats.squad import read

PARITY_GOLDS = [
    ("squad", "dev-v1.1.from-v2-answerable.json"),
    ("squad", "dev-v2.0.cs224n-subset.json"),
    *[("mlqa", f"xquad.{lang}.json") for lang in ("en", "es", "de", "ar", "vi", "zh")],
]


@pytest.fixture(autouse=True)
def pure_python(monkeypatch):
    """The two-process reader is the pure-Python path's: the compiled reader
    (where built) would take these files first."""
    monkeypatch.setattr(sources, "_fast_decode", None)


@pytest.fixture
def one_process(monkeypatch):
    """Read in one process only."""
    monkeypatch.setattr(squad, "spare_core", lambda: False)


def _two(monkeypatch, forks=None):
    """Read any file on two processes (as if large, on an idle machine)."""
    monkeypatch.setattr(squad, "TWO_PROCESS_MIN_CHARS", 0)
    monkeypatch.setattr(squad, "spare_core", lambda: True)
    if forks is not None:
        real_fork = os.fork

        def fork():
            forks.append(True)
            return real_fork()

        monkeypatch.setattr(squad.os, "fork", fork)


def _exact(value):
    """A value with its floats made comparable bit for bit (NaN, -0.0)."""
    if isinstance(value, float):
        return ("float", struct.pack("<d", value))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_exact(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(k, _exact(v)) for k, v in value.items()])
    return (type(value).__name__, value)


def _records(gold):
    return [
        (*_exact((q.id, q.answers, q.starts, q.context, q.row)), gold.where(k), gold.line(k))
        for k, q in enumerate(gold.questions)
    ]


def _same(one, two):
    assert _records(two) == _records(one)
    assert (two.name, two.layout, _exact(two.version), two.ids) == (
        one.name,
        one.layout,
        _exact(one.version),
        one.ids,
    )
    assert two.may_have_numbers == one.may_have_numbers
    assert two.number_answers == one.number_answers


def _read_both(monkeypatch, path):
    monkeypatch.setattr(squad, "spare_core", lambda: False)
    one = read(path)
    forks: list[bool] = []
    _two(monkeypatch, forks)
    two = read(path)
    return one, two, forks


@pytest.mark.parametrize(("folder", "name"), PARITY_GOLDS)
def test_the_parity_golds_read_the_same_on_two_processes(monkeypatch, parity, folder, name):
    one, two, forks = _read_both(monkeypatch, parity(folder, name))
    assert forks and two._tail_shape  # the child's half was taken
    assert 0 < len(two._articles) < len(json.loads(parity(folder, name).read_text())["data"])
    _same(one, two)


def _article(title, qas, context="some context"):
    return {"title": title, "paragraphs": [{"context": context, "qas": qas}]}


def _qa(qid, *answers, start=0):
    return {"id": qid, "answers": [{"text": a, "answer_start": start} for a in answers]}


def _write(tmp_path, data, name="gold.json", indent=1):
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=indent, ensure_ascii=False), encoding="utf-8")
    return path


def _many(count=40, **extra):
    return {
        "version": "1.1",
        "data": [
            _article(f"t{a}", [_qa(f"q{a}_{k}", f"answer {k}") for k in range(3)])
            for a in range(count)
        ],
        **extra,
    }


def test_keys_after_data_and_exact_floats(monkeypatch, tmp_path):
    data = _many()
    data["data"][30]["paragraphs"][0]["qas"][0]["answers"][0]["answer_start"] = -0.0
    data["data"][31]["paragraphs"][0]["qas"][0]["answers"][0]["answer_start"] = float("nan")
    data["data"][32]["paragraphs"][0]["qas"][0]["answers"][0]["answer_start"] = 0.1 + 0.2
    data["data"][33]["paragraphs"][0]["qas"][0]["answers"][0]["answer_start"] = [1, {"a": None}]
    data["data"][34]["paragraphs"][0]["qas"][0]["answers"] = []
    data["data"][35]["paragraphs"][0]["context"] = None
    data["data"][36]["paragraphs"][0]["qas"][0]["id"] = "\ud800 lone surrogate"
    data = {"data": data["data"], "version": "1.1", "extra": {"k": [1.5]}}
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    one, two, forks = _read_both(monkeypatch, path)
    assert forks and two._tail_shape
    _same(one, two)


def test_articles_quoted_in_a_string_are_not_a_guess(monkeypatch, tmp_path):
    data = _many()
    # quotes inside a JSON string are escaped: the pattern cannot match there
    fake = ' }, {"title": "x", "paragraphs": []}, {"title": "y", "paragraphs": []}]'
    data["data"][20]["paragraphs"][0]["context"] = fake * 300
    path = _write(tmp_path, data, indent=None)
    text = path.read_text(encoding="utf-8")
    inside = text.index(json.dumps(fake * 300))
    assert inside < len(text) // 2 < inside + len(json.dumps(fake * 300))
    one, two, forks = _read_both(monkeypatch, path)
    assert forks and two._tail_shape  # split at the next article
    _same(one, two)


def test_a_split_guess_inside_a_string_is_not_taken(monkeypatch, tmp_path):
    data = _many()
    # a context around the middle holding what a looser guess takes for an
    # article start, and which decodes as values up to a "]"
    data["data"][20]["paragraphs"][0]["context"] = "}, {}, [1], 2] " * 1000
    path = _write(tmp_path, data, indent=None)
    text = path.read_text(encoding="utf-8")
    monkeypatch.setattr(squad, "_ARTICLE_START", re.compile(r"\}, (\{)"))
    guess = squad._ARTICLE_START.search(text, len(text) // 2).start(1)
    inside = text.index('"}, {}')
    assert inside < guess < text.index('"', inside + 1)
    assert squad._array_items(text, guess, json.JSONDecoder().raw_decode)[0] == [{}, [1], 2]
    one, two, forks = _read_both(monkeypatch, path)
    assert forks and two._tail_shape is None  # the child's part was discarded
    _same(one, two)


def test_a_split_guess_inside_another_array_is_not_taken(monkeypatch, tmp_path):
    data = _many()
    data["data"][20]["notes"] = [{"n": 1}] + [{"title": k, "paragraphs": [k]} for k in range(50)]
    path = _write(tmp_path, data, indent=None)
    text = path.read_text(encoding="utf-8")
    guess = squad._ARTICLE_START.search(text, len(text) // 2).start(1)
    assert text.index('"notes"') < guess < text.index('"t21"')
    one, two, forks = _read_both(monkeypatch, path)
    assert forks and two._tail_shape is None
    _same(one, two)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["data"][35]["paragraphs"][0]["qas"][0]["answers"].append({"text": 7}),
        lambda d: d["data"][35]["paragraphs"][0]["qas"][0].__setitem__("id", 35),
        lambda d: d["data"][3]["paragraphs"][0]["qas"][0]["answers"].append({"text": 7}),
        lambda d: d.__setitem__("data", d["data"] + [[]]),
    ],
    ids=["number-answer-late", "number-id-late", "number-answer-early", "odd-article"],
)
def test_what_the_fast_path_does_not_take_reads_as_in_one_process(monkeypatch, tmp_path, change):
    data = _many()
    change(data)
    one, two = _one_then_two(monkeypatch, _write(tmp_path, data))
    if not isinstance(one, InputError):
        assert two._tail_shape is None  # type: ignore[attr-defined]
    _same_outcome(one, two)


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: t[: len(t) * 3 // 4],  # cut short after the guess
        lambda t: t[: len(t) // 4],  # cut short before it
        lambda t: t.replace('"t35"', '"t35",,', 1),
        lambda t: t.replace('"t5"', "'t5'", 1),
        lambda t: t + "\n{}",
        lambda t: t.replace('"version": "1.1"', '"data": [], "version": "1.1"', 1),
    ],
    ids=["short-late", "short-early", "comma-late", "quote-early", "extra-data", "two-data"],
)
def test_bad_json_is_reported_as_in_one_process(monkeypatch, tmp_path, damage):
    path = tmp_path / "gold.json"
    path.write_text(damage(json.dumps(_many(), indent=1)), encoding="utf-8")
    _same_outcome(*_one_then_two(monkeypatch, path))


def _one_then_two(monkeypatch, path) -> tuple[object, object]:
    """What reading ``path`` gives (the gold or the InputError) on one
    process, then with the two-process reader forced on."""
    outcomes: list[object] = []
    for force in (False, True):
        if force:
            _two(monkeypatch)
        else:
            monkeypatch.setattr(squad, "spare_core", lambda: False)
        try:
            outcomes.append(read(path))
        except InputError as exc:
            outcomes.append(exc)
    return outcomes[0], outcomes[1]


def _same_outcome(one: object, two: object) -> None:
    if isinstance(one, InputError):
        assert isinstance(two, InputError)
        assert (str(two), two.path, two.line) == (str(one), one.path, one.line)
    else:
        _same(one, two)


def test_a_failing_child_leaves_the_reading_to_this_process(monkeypatch, tmp_path, failing_fork):
    path = _write(tmp_path, _many())
    monkeypatch.setattr(squad, "spare_core", lambda: False)
    one = read(path)
    _two(monkeypatch)
    monkeypatch.setattr(squad.os, "fork", failing_fork)
    two = read(path)
    assert two._tail_shape is None
    _same(one, two)


def test_small_files_and_busy_machines_use_one_process(monkeypatch, tmp_path):
    path = _write(tmp_path, _many())
    forks: list[bool] = []
    _two(monkeypatch, forks)
    monkeypatch.setattr(squad, "spare_core", lambda: False)
    read(path)
    monkeypatch.setattr(squad, "spare_core", lambda: True)
    monkeypatch.setattr(squad, "TWO_PROCESS_MIN_CHARS", path.stat().st_size + 1)
    read(path)
    assert not forks


@pytest.mark.parametrize(
    ("task", "folder", "gold", "pred", "options"),
    [
        ("squad-v2", "squad", "dev-v2.0.cs224n-subset.json", "pred_v2_seed1.json", {}),
        ("mlqa", "mlqa", "xquad.zh.json", "pred_zh_seed1.json", {"lang": "zh"}),
    ],
)
def test_scores_and_items_are_those_of_one_process(
    monkeypatch, parity, task, folder, gold, pred, options
):
    gold_path, pred_path = parity(folder, gold), parity(folder, pred)
    if task == "squad-v2":
        options = {"na_prob": str(parity(folder, "pred_v2_seed1.na_prob.json"))}
    monkeypatch.setattr(squad, "spare_core", lambda: False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        one = answermatch.evaluate(task, gold_path, pred_path, **options)
        forks: list[bool] = []
        _two(monkeypatch, forks)
        two = answermatch.evaluate(task, gold_path, pred_path, **options)
    assert forks
    assert two.scores == one.scores
    assert two.warnings == one.warnings
    assert two.items == one.items  # floats compared exactly


def _evaluate_both(monkeypatch, task, gold, pred, **options):
    """(one process, two processes, load calls for pred during gold reading)."""
    from answermatch.tasks.squad import reading

    monkeypatch.setattr(squad, "spare_core", lambda: False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AnswermatchWarning)
        try:
            one: object = answermatch.evaluate(task, gold, pred, **options)
        except InputError as exc:
            one = exc
        _two(monkeypatch)
        early: list[object] = []
        real_load = reading.load

        def load(source, *args, **kwargs):
            if any(f.function == "_read_head" for f in _stack()):
                early.append(source)
            return real_load(source, *args, **kwargs)

        monkeypatch.setattr(reading, "load", load)
        try:
            two: object = answermatch.evaluate(task, gold, pred, **options)
        except InputError as exc:
            two = exc
    return one, two, early


def _stack():
    import inspect

    return inspect.stack(0)


def test_the_predictions_are_decoded_while_the_child_decodes_the_gold(monkeypatch, tmp_path):
    gold = _write(tmp_path, _many(), "gold.json")
    preds = {f"q{a}_{k}": f"answer {k % 2}" for a in range(40) for k in range(3)}
    pred = _write(tmp_path, preds, "pred.json")
    one, two, early = _evaluate_both(monkeypatch, "squad", gold, pred)
    assert early == [pred]  # read once, while the gold's second half was decoded
    assert two.scores == one.scores
    assert two.items == one.items
    assert two.warnings == one.warnings


@pytest.mark.parametrize(
    "text",
    [
        '{"q0_0": "a", "q0_0": "b", "q1_1": "answer 1"}',  # a repeated key: a warning
        '{"q0_0": "a", "q0_0": ',  # not JSON
        '{"q0_0": 5}',  # not a text
        '{"q0_0": "answer 0", "zz": "x"}',  # an id not in the gold
    ],
    ids=["repeated-key", "bad-json", "number", "extra-id"],
)
def test_early_predictions_keep_the_messages_and_their_order(monkeypatch, tmp_path, text):
    gold = _write(tmp_path, _many(), "gold.json")
    pred = tmp_path / "pred.json"
    pred.write_text(text, encoding="utf-8")
    one, two, _ = _evaluate_both(monkeypatch, "squad", gold, pred)
    if isinstance(one, InputError):
        assert isinstance(two, InputError)
        assert (str(two), two.path, two.line) == (str(one), one.path, one.line)
    else:
        assert two.warnings == one.warnings
        assert two.items == one.items


def test_squad_v2_decodes_predictions_and_probabilities_early(monkeypatch, parity):
    gold = parity("squad", "dev-v2.0.cs224n-subset.json")
    pred = parity("squad", "pred_v2_seed1.json")
    na_prob = str(parity("squad", "pred_v2_seed1.na_prob.json"))
    one, two, early = _evaluate_both(monkeypatch, "squad-v2", gold, pred, na_prob=na_prob)
    assert early == [pred, na_prob]
    assert two.scores == one.scores
    assert two.items == one.items
    assert two.warnings == one.warnings
