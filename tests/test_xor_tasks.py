"""The XOR tasks as the task contract sees them: description, shapes, wrong
in-memory shapes, profiles, and no traceback on any JSON-like input."""

from __future__ import annotations

import contextlib
import json
import re
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import answermatch
from answermatch.errors import AnswermatchWarning, InputError, UnknownProfileError
from answermatch.explain import explain
from answermatch.goldcheck import check_gold
from answermatch.tasks import get_task

TASKS = ("xor-full", "xor-engspan", "xor-retrieve")
SEVEN = ("ar", "bn", "fi", "ja", "ko", "ru", "te")


def test_every_xor_task_describes_itself():
    # what ``answermatch tasks --json`` prints for each task
    described = {name: json.loads(json.dumps(get_task(name).describe())) for name in TASKS}
    for name in TASKS:
        task = described[name]
        assert task["profiles"] == ["official", "fair"]
        assert task["languages"] == list(SEVEN)
        assert "answers" in task["shapes"]["gold"] and task["shapes"]["predictions"]
        assert task["gold_checks"] is True
    assert described["xor-retrieve"]["item_order"] == "predictions"
    for name in TASKS:
        assert described[name]["options"] == {}


@pytest.mark.parametrize("task", TASKS)
def test_an_unknown_profile_has_its_own_error(task):
    with pytest.raises(UnknownProfileError, match="its profiles: official, fair"):
        answermatch.evaluate(task, [], {}, "lenient")


@pytest.mark.parametrize("task", TASKS)
def test_an_unknown_option_is_refused(task):
    with pytest.raises(TypeError, match=f"unknown option.*{task}"):
        answermatch.evaluate(task, [], {}, colour="red")


GOOD = [{"id": "1", "answers": ["Helsinki"], "lang": "fi"}]
PRED = {"xor-full": {"1": "Helsinki"}, "xor-engspan": {"1": "Helsinki"}}
PRED["xor-retrieve"] = [{"id": "1", "lang": "fi", "ctxs": ["Helsinki"]}]


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize(
    ("gold", "message", "line"),
    [
        ({"1": "Helsinki"}, "list of question dicts, got dict", None),
        (None, "list of question dicts, got NoneType", None),
        (b"{}", "list of question dicts, got bytes", None),
        ([*GOOD, "Oslo"], 'expected {"id": ..., "answers": [...], "lang": ...}, got str', 2),
        ([*GOOD, {"id": "2", "lang": "fi"}], 'missing "answers"', 2),
        ([{"id": 1, "answers": ["x"], "lang": "fi"}], '"id" must be a string', 1),
        ([{"id": "1", "answers": ["x"], "lang": None}], '"lang" must be a string', 1),
        ([{"id": "1", "answers": [["x"]], "lang": "fi"}], '"answers" must be a list of strings', 1),
        ([], "the gold has no question", None),
    ],
)
def test_wrong_gold_shapes_name_the_item_and_the_shape(task, gold, message, line):
    if gold == [] and task == "xor-full":  # eval_xor_full.py scores it: a warning
        with pytest.raises(InputError, match=re.escape(message)):
            answermatch.evaluate(task, gold, PRED[task], strict=True)
        return
    with pytest.raises(InputError, match=re.escape(message)) as exc:
        answermatch.evaluate(task, gold, PRED[task])
    assert exc.value.path == "<object>" and exc.value.line == line


@pytest.mark.parametrize(
    ("task", "pred", "message"),
    [
        ("xor-full", ["Helsinki"], "expected one JSON object {question id: answer}"),
        ("xor-full", None, "expected one JSON object"),
        ("xor-full", {1: "Helsinki"}, "prediction keys must be strings, got 1"),
        ("xor-full", {"1": 5}, "the prediction for '1' must be a string, got 5"),
        ("xor-engspan", {"1": {"text": "x"}}, 'must be a string or {"answer": string}'),
        ("xor-retrieve", {"1": "Helsinki"}, "expected a JSON list of prediction items"),
        ("xor-retrieve", [["1", "fi", []]], "prediction item 1: expected {"),
    ],
)
def test_wrong_prediction_shapes_name_the_item_and_the_shape(task, pred, message):
    with pytest.raises(InputError, match=re.escape(message)):
        answermatch.evaluate(task, GOOD, pred)


# --- no traceback, whatever the JSON --------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)
FIELD = st.sampled_from(["id", "answers", "lang", "ctxs", "answer", "x"])
VALUE = st.one_of(
    JSON, st.sampled_from([*SEVEN, "", "xx", "1", "2"]), st.lists(st.text(max_size=4))
)
RECORD = st.dictionaries(FIELD, VALUE, max_size=4)
GOLD = st.one_of(JSON, st.lists(RECORD, max_size=4))
PREDICTIONS = st.one_of(
    JSON,
    st.dictionaries(st.sampled_from(["1", "2", "x_1"]), VALUE, max_size=3),
    st.lists(RECORD, max_size=3),
)


@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(task=st.sampled_from(TASKS), gold=GOLD, pred=PREDICTIONS)
def test_any_json_gives_a_result_or_an_input_error(task, gold, pred):
    for run in (
        lambda: answermatch.evaluate(task, gold, pred),
        lambda: explain(task, gold, pred),
        lambda: check_gold(task, gold),
    ):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AnswermatchWarning)
            with contextlib.suppress(InputError):
                run()


def test_get_task_gives_the_class_instances():
    from answermatch.tasks.xor.engspan import XorEngspan
    from answermatch.tasks.xor.full import XorFull
    from answermatch.tasks.xor.retrieve import XorRetrieve

    for name, cls in zip(TASKS, (XorFull, XorEngspan, XorRetrieve), strict=True):
        assert isinstance(get_task(name), cls) and get_task(name).name == name


# --- JSON that Python cannot decode, values JSON cannot show (issue #15) --------------


@pytest.fixture
def hostile(tmp_path):
    good = '{"id": "1", "answers": ["x"], "lang": "fi"}\n'
    files = {
        "gold-deep": good + '{"id": "2", "answers": ' + "[" * 100_000 + "]" * 100_000 + "}\n",
        "gold-long-int": good + '{"id": ' + "9" * 5000 + ', "answers": ["x"], "lang": "fi"}\n',
        "pred-deep": "[" * 100_000 + "]" * 100_000,
        "pred-long-int": '{"1": ' + "9" * 5000 + "}",
        "gold": good,
    }
    paths = {}
    for name, text in files.items():
        paths[name] = tmp_path / name
        paths[name].write_text(text, encoding="utf-8")
    return paths


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize(
    ("gold", "pred", "line", "message"),
    [
        ("gold-deep", "pred-deep", 2, "JSON nested too deeply to read"),
        ("gold-long-int", "pred-deep", 2, "more than 4,300 digits"),
        ("gold", "pred-deep", None, "JSON nested too deeply to read"),
        ("gold", "pred-long-int", None, "more than 4,300 digits"),
    ],
)
def test_undecodable_json_is_an_input_error(hostile, capsys, task, gold, pred, line, message):
    for run in (answermatch.evaluate, explain):
        with pytest.raises(InputError, match=message) as exc:
            run(task, str(hostile[gold]), str(hostile[pred]))
        assert exc.value.line == line
        assert exc.value.path == str(hostile[gold] if gold != "gold" else hostile[pred])
    if gold != "gold":
        [finding] = check_gold(task, str(hostile[gold]))
        assert (finding.code, finding.line) == ("unreadable", line)
    argv = ["--gold", str(hostile[gold]), "--pred", str(hostile[pred])]
    for command in ("score", "explain"):
        from answermatch.cli import main

        assert main([command, task, *argv]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("task", "gold", "pred", "message"),
    [
        ("xor-full", [{"id": "1", "answers": {1, 2}, "lang": "fi"}], {}, "got a set"),
        ("xor-full", [{"id": {1}, "answers": ["x"], "lang": "fi"}], {}, '"id" must be a string'),
        ("xor-full", [{"id": "1", "answers": ["x"], "lang": 10**5000}], {}, "an int of 5001"),
        ("xor-full", [{"id": "1", "answers": ["x"], "lang": "fi"}], {"1": 10**5000}, "5001"),
        ("xor-engspan", [{"id": "1", "answers": ["x"], "lang": "fi"}], {"1": object()}, "object"),
        (
            "xor-retrieve",
            [{"id": "1", "answers": ["x"], "lang": "fi"}],
            [{"id": object(), "lang": "fi", "ctxs": []}],
            "got an object",
        ),
    ],
)
def test_values_json_cannot_show_are_named_by_type(task, gold, pred, message):
    with pytest.raises(InputError, match=message):
        answermatch.evaluate(task, gold, pred)


# --- swapped --gold and --pred (issue #15) ----------------------------------------------

EXAMPLE_FILES = {
    "xor-full": ("examples/xor-full/gold.jsonl", "examples/xor-full/pred.json"),
    "xor-engspan": ("examples/xor-engspan/gold.jsonl", "examples/xor-engspan/pred.json"),
    "xor-retrieve": (
        "docs/examples/xor-retrieve/gold.jsonl",
        "docs/examples/xor-retrieve/pred.json",
    ),
}


@pytest.mark.parametrize("task", TASKS)
def test_swapped_files_are_named_as_such(task, tmp_path, capsys):
    from pathlib import Path

    from answermatch.cli import main

    root = Path(__file__).resolve().parents[1]
    gold, pred = (str(root / name) for name in EXAMPLE_FILES[task])
    # each message says which file holds what, what was expected there, and the line
    gold_shape = '(JSON Lines, one question per line, {"id": ..., "answers": [...], "lang": ...})'
    assert main(["score", task, "--gold", pred, "--pred", gold]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"answermatch: error: {pred}:1: this is a predictions file (")
    expected = f"not a gold file: expected {gold_shape[1:-1]}; "
    assert expected + "were the gold and the predictions swapped?" in err
    assert main(["score", task, "--gold", gold, "--pred", gold]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"answermatch: error: {gold}:1: this is a gold file {gold_shape}")
    assert "not predictions: expected " in err and err.endswith(
        "; were the gold and the predictions swapped?\n"
    )
    one_line = tmp_path / "pred.json"  # a predictions object on one line
    one_line.write_text(json.dumps({"1": "x", "2": "y"}), encoding="utf-8")
    if task != "xor-retrieve":
        with pytest.raises(InputError, match=r"^\S+pred.json:1: this is a predictions file .*swap"):
            answermatch.evaluate(task, one_line, one_line)
    # a genuine mistake in a gold file gets no such hint
    broken = tmp_path / "gold.jsonl"
    broken.write_text('{"id": "1", "answers": ["x"]}\n', encoding="utf-8")
    with pytest.raises(InputError, match='missing "lang"') as exc:
        answermatch.evaluate(task, broken, pred)
    assert "were --gold" not in str(exc.value)


@pytest.mark.parametrize("indent", [1, None])
def test_a_squad_layout_gold_is_named_as_such(tmp_path, capsys, indent):
    from pathlib import Path

    from answermatch.cli import main

    root = Path(__file__).resolve().parents[1]
    squad = json.loads((root / "examples" / "squad" / "dev.json").read_text(encoding="utf-8"))
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(squad, indent=indent), encoding="utf-8")
    pred = str(root / "examples" / "xor-full" / "pred.json")
    assert main(["score", "xor-full", "--gold", str(gold), "--pred", pred]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"answermatch: error: {gold}:1: ") and err.count("\n") == 1
    assert "SQuAD's layout" in err and "swapped" not in err
