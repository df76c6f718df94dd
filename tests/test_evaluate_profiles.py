"""Several profiles from one reading (:func:`answermatch.evaluation.evaluate_profiles`):
the same results as one :func:`answermatch.evaluate` per profile, on every
task's example in either order of its profiles (scoring under one profile
must not change what the next one scores); the files read, and their
warnings given, once; a long answer held once however many profiles score it."""

from __future__ import annotations

import json
import warnings

import pytest

from answermatch import evaluate
from answermatch.cli import main
from answermatch.evaluation import evaluate_profiles
from answermatch.tasks import get_task
from examples import EXAMPLE_FILES, example


def _plain(result):
    return (
        result.task,
        result.profile,
        result.signature,
        result.n,
        result.scores,
        result.per_language,
        [dict(item) for item in result.items],
        list(result.warnings),
    )


@pytest.mark.parametrize("task", sorted(EXAMPLE_FILES))
def test_each_profile_from_one_reading_is_what_evaluate_gives(task):
    gold, pred, options = example(task)
    profiles = list(get_task(task).profiles)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        alone = {p: _plain(evaluate(task, gold, pred, p, **options)) for p in profiles}
        for order in (profiles, profiles[::-1]):
            results = evaluate_profiles(task, gold, pred, order, **options)
            assert [r.profile for r in results] == order
            for profile, result in zip(order, results, strict=True):
                assert _plain(result) == alone[profile], (task, order, profile)


def _squad_gold(tmp_path, version=True):
    qa = {"id": "q1", "question": "?", "answers": [{"text": "Paris", "answer_start": 0}]}
    gold = {"data": [{"paragraphs": [{"context": "Paris", "qas": [qa]}]}]}
    if version:
        gold["version"] = "1.1"
    path = tmp_path / "dev.json"
    path.write_text(json.dumps(gold), "utf-8")
    return path


def test_a_long_answer_is_read_once_and_shared_by_the_profiles(tmp_path):
    gold = _squad_gold(tmp_path)
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps({"q1": "Paris " * 50_000}), "utf-8")
    official, fair = evaluate_profiles("squad", gold, pred, ["official", "fair"])
    first, second = official.items[0]["prediction"], fair.items[0]["prediction"]
    assert first == "Paris " * 50_000
    assert first is second


def test_the_reading_warns_once_and_each_result_records_it(tmp_path):
    gold = _squad_gold(tmp_path, version=False)
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps({"q1": "Paris"}), "utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        results = evaluate_profiles("squad", gold, pred, ["official", "fair"])
    given = [str(w.message) for w in caught if "version" in str(w.message)]
    assert len(given) == 1, given
    for result in results:
        assert [m for m in result.warnings if "version" in m] == given


def test_the_command_line_reads_once_for_several_profiles(tmp_path, capsys):
    gold = _squad_gold(tmp_path, version=False)
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps({"q1": "Ｐａｒｉｓ"}), "utf-8")
    files = ["--gold", str(gold), "--pred", str(pred)]
    code = main(["score", "squad", *files, "--profile", "official,fair", "--json"])
    assert code == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert [(r["profile"], r["scores"]["exact_match"]) for r in out] == [
        ("official", 0.0),
        ("fair", 100.0),
    ]
    shown = [line for line in captured.err.splitlines() if "has no 'version'" in line]
    assert len(shown) == 1, captured.err


def test_a_bad_profile_is_refused_before_anything_is_read(tmp_path):
    from answermatch.errors import UnknownProfileError

    missing = tmp_path / "absent.json"
    with pytest.raises(UnknownProfileError):
        evaluate_profiles("squad", missing, missing, ["official", "nonsense"])
