"""Warnings name the caller's file and line, not the library's, and an
incremental scorer shows each kind of warning once per run."""

from __future__ import annotations

import warnings

import answermatch
from answermatch import AnswermatchWarning, scorer
from examples import EXAMPLE_FILES


def caught(call):
    with warnings.catch_warnings(record=True) as found:
        warnings.simplefilter("always")
        call()
    return [w for w in found if issubclass(w.category, AnswermatchWarning)]


def test_a_warning_points_at_the_callers_line():
    gold, pred = EXAMPLE_FILES["xor-full"]
    found = caught(lambda: answermatch.evaluate("xor-full", gold, pred))
    assert found, "the example predictions leave a question unanswered"
    assert {w.filename for w in found} == {__file__}


def test_a_scorer_warns_once_per_kind_however_many_batches():
    part = scorer("xor-full")
    rows = [{"id": f"q{k}", "question": "?", "answers": ["Tokyo"], "lang": "ja"} for k in range(6)]
    predictions = {"q0": "Tokyo", "q2": "Tokyo", "q4": "Tokyo"}
    found = caught(lambda: [part.update(rows[k : k + 2], predictions) for k in range(0, 6, 2)])
    missing = [w for w in found if "no prediction" in str(w.message)]
    assert len(missing) == 1 and missing[0].filename == __file__
    assert sum("no prediction" in w for w in part.warnings) == 3  # every batch recorded
