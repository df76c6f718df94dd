"""Shared fixtures.

Parity tests read real data and official figures from ``../shared/parity``
(beside the repository; ``ANSWERMATCH_PARITY_DIR`` overrides). Where it is
absent they skip with a clear reason. In CI (``CI`` set) no test may skip:
a skip is turned into a failure, so a missing extra or fixture cannot pass
unnoticed.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
import tracemalloc
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Nothing may read an NLTK data folder (XOR-Retrieve's tokenizer carries its
# own Punkt parameters): point NLTK at an empty folder for the whole run.
os.environ["NLTK_DATA"] = tempfile.mkdtemp(prefix="answermatch-empty-nltk-data-")
atexit.register(shutil.rmtree, os.environ["NLTK_DATA"], ignore_errors=True)

REPO = Path(__file__).resolve().parents[1]
PARITY = Path(os.environ.get("ANSWERMATCH_PARITY_DIR", REPO.parent / "shared" / "parity"))
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")

# In CI the property tests draw the same examples on every run (a failure
# there is reproducible, never a coin toss); locally they explore afresh,
# and what they find goes into the tests as an @example.
settings.register_profile("ci", derandomize=True, print_blob=True)
if IN_CI:
    settings.load_profile("ci")


def parity_path(*parts: str) -> Path:
    """Path of a parity fixture; skips the test when it is absent."""
    path = PARITY.joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"parity fixture {path} is absent: put the shared folder beside the repository "
            "(../shared/parity) or set ANSWERMATCH_PARITY_DIR"
        )
    return path


def piece_limits(piece: int):
    """Patches that make every cut of a long text under the SQuAD family's
    rules (KorQuAD's among them) at ``piece`` characters: enter both."""
    from unittest import mock

    from answermatch.normalization import steps
    from answermatch.tasks.squad import rules as span_rules

    return (
        mock.patch.object(steps, "PIECE_CHARS", piece),
        mock.patch.object(span_rules, "PIECE_CHARS", piece),
    )


def korquad_analysed(rules, text: str, piece: int):
    """KorQuAD's analysis (key and units) of ``text`` under ``rules``, with
    a long text cut at ``piece`` characters (:func:`piece_limits`)."""
    first, second = piece_limits(piece)
    with first, second:
        return rules.analyzer("ko")(text)


def korquad_figures(rules, prediction: str, golds: list[str], piece: int):
    """KorQuAD's figures of ``prediction`` against ``golds`` and of the
    first gold against it, a long text cut at ``piece`` characters."""
    from answermatch.tasks.squad.scoring import pair_scorer

    first, second = piece_limits(piece)
    with first, second:
        score = pair_scorer(rules.analyzer("ko"), rules.empty_f1)
        return score(prediction, tuple(golds)), score(golds[0], (prediction,))


def traced_peak(function, *args, quiet: bool = False) -> int:
    """The peak of memory traced (``tracemalloc``) while ``function(*args)``
    runs; ``quiet``: answermatch's warnings are ignored (otherwise, as
    everywhere in the suite, they are errors)."""
    from answermatch.errors import AnswermatchWarning

    tracemalloc.start()
    try:
        with warnings.catch_warnings():
            if quiet:
                warnings.simplefilter("ignore", AnswermatchWarning)
            function(*args)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def traced_held(function, *args, quiet: bool = False) -> tuple[Any, int, int]:
    """``function(*args)``'s result, the peak of memory traced while it ran
    and the memory it left held (both above what was traced before it);
    ``quiet`` as for :func:`traced_peak`."""
    from answermatch.errors import AnswermatchWarning

    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        with warnings.catch_warnings():
            if quiet:
                warnings.simplefilter("ignore", AnswermatchWarning)
            result = function(*args)
        held, peak = (m - before for m in tracemalloc.get_traced_memory())
    finally:
        tracemalloc.stop()
    return result, peak, held


def read_whole(source, *args, **options):
    """A stand-in for a reader of parts (``answermatch.sources``'
    ``string_object_parts``, ``jsonl_parts``, ``file_pieces``) that sends
    every file to the whole reading, as a file of another shape does: a
    generator, as they are, raising ``NotFlat`` when first read."""
    from answermatch.sources import NotFlat

    raise NotFlat(os.fspath(source))
    yield


def cmrc_pair_figures(chosen, prediction: str, answers, limit: int):
    """EM and F1 under CMRC 2018 settings ``chosen`` of ``prediction``
    against ``answers`` and of the first answer against the prediction,
    with texts longer than ``limit`` characters analysed in pieces."""
    from unittest import mock

    from answermatch.normalization import steps
    from answermatch.tasks.cmrc2018.profiles import Comparer
    from answermatch.tasks.squad.scoring import pair_scorer

    with mock.patch.object(steps, "PIECE_CHARS", limit):
        comparer = Comparer(chosen)
        score = pair_scorer(comparer.analyse, f1=comparer.f1_one)
        return score(prediction, tuple(answers)), score(answers[0], (prediction,))


def official_figures(path: Path) -> dict:
    """The ``*.official.json`` that sits beside a prediction file."""
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def progress_seen(monkeypatch):
    """Reading draws progress for this test, and the bar is not drawn but
    described in the dict given (``total``, ``desc``, ``enabled`` of the
    last :func:`answermatch.progress.progress` call, and ``size`` where it
    counts bytes; empty if none)."""
    import answermatch.progress
    import answermatch.sources as sources

    seen = {}

    def progress(items, *, total=None, desc="", enabled=True, size=None):
        seen.update(total=total, desc=desc, enabled=enabled)
        if size is not None:  # a bar counting bytes (a pipe, a .gz file's inflated bytes)
            seen["size"] = size
        return items

    monkeypatch.setattr(answermatch.progress, "progress", progress)
    token = sources.reading_progress.set(True)
    yield seen
    sources.reading_progress.reset(token)


@pytest.fixture
def parity():
    """``parity("xor", "full_pred_1.json")`` gives the fixture's path or skips."""
    return parity_path


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.longrepr = f"skipped in CI, which must run every test: {reason}"
