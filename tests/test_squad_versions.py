"""What the SQuAD-family official scripts do with the gold's ``version``, and
what answermatch says about it (the scores never depend on it).

evaluate-v1.1.py joins the version to its warning text, so a version that is
not a string stops it (TypeError), as does a missing one (KeyError);
mlqa_evaluation_v1.py compares ``str(version)`` with "1.0" and then joins the
raw value, so only a non-string that is not "1.0" once ``str()``-ed stops it.
"""

from __future__ import annotations

import warnings

import pytest

from answermatch import evaluate

ARTICLES = [
    {
        "title": "t",
        "paragraphs": [
            {
                "context": "Paris is big.",
                "qas": [
                    {"id": "q1", "question": "?", "answers": [{"text": "Paris", "answer_start": 0}]}
                ],
            }
        ],
    }
]
MISSING = object()


def gold(version: object) -> dict:
    return {"data": ARTICLES} if version is MISSING else {"version": version, "data": ARTICLES}


def warnings_of(task: str, version: object, **options: object) -> str:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = evaluate(task, gold(version), {"q1": "Paris"}, **options)
    assert result.scores["f1"] == 100.0  # scored either way
    assert len(caught) == len(result.warnings)
    return " ".join(result.warnings)


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        ("1.1", None),
        ("2.0", "prints the same warning and scores it"),
        (1.1, "not a string (evaluate-v1.1.py stops on it"),
        (None, "stops on that with a KeyError, or a TypeError when it is null"),
        (MISSING, "stops on that with a KeyError"),
    ],
)
def test_squad_says_what_the_script_does_with_the_version(version, expected):
    said = warnings_of("squad", version)
    if expected is None:
        assert "version" not in said
    else:
        assert expected in said


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        ("1.0", None),
        ("1.1", None),
        (1.0, None),  # str(1.0) == "1.0": the script takes it silently
        (1.1, "not a string (mlqa_evaluation_v1.py stops on it"),
        ("2.0", "(mlqa_evaluation_v1.py prints the same warning and scores it)"),
        (MISSING, "stops on that with a KeyError"),
    ],
)
def test_mlqa_says_what_the_script_does_with_the_version(version, expected):
    said = warnings_of("mlqa", version, lang="en")
    if expected is None:
        assert "version" not in said
    else:
        assert expected in said
