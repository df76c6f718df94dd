"""Levenshtein with a long text against a short one (issue 25): the shorter
text is RapidFuzz's pattern (``matchers.edit._shorter_as_pattern``), the
same figures as RapidFuzz's ``distance`` and ``normalized_similarity``,
without their cost of about 24 bytes a character of the longer text."""

from __future__ import annotations

import subprocess
import sys
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from answermatch.matchers import edit, levenshtein_distance, levenshtein_ratio

TEXT = st.text(st.sampled_from("abcé \u0301東"), max_size=40)


@settings(max_examples=300, deadline=None)
@given(a=TEXT, b=TEXT, long=st.integers(0, 8))
def test_long_texts_score_as_rapidfuzz_does(a, b, long):
    def figures():
        return (
            levenshtein_distance(a, b),
            levenshtein_ratio(a, b, preset="none"),
            levenshtein_ratio(a, [b, "x"]),  # normalized, the best of two golds
        )

    with mock.patch.object(edit, "LONG", long):  # every pair past it, or some
        in_parts = figures()
    assert in_parts[:2] == (Levenshtein.distance(a, b), Levenshtein.normalized_similarity(a, b))
    assert in_parts == figures()


# the peak resident memory since this process's exec (VmHWM): the rusage
# maximum of a process started by another begins at its parent's resident
# memory, so a growth measured by it under a large pytest process was 0
_PROBE = """
from answermatch.matchers import levenshtein_distance, levenshtein_ratio
def peak():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
long = "abcdef " * 600_000  # 4,200,000 characters
short = "abc fed " * 20
levenshtein_distance("warm up", "up")
before = peak()
d = levenshtein_distance(long, short)
r = levenshtein_ratio(short, [long], preset="none")
grown = peak() - before
print(d, r, grown * 1024)
"""


def test_a_long_answer_against_a_short_gold_holds_no_pattern_of_it():
    """4,200,000 characters against 160: RapidFuzz's distance made the long
    text the pattern (about 100 MB); now the short one (nothing to see).
    Measured in a fresh process (RapidFuzz's memory is not Python's)."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True
    ).stdout.split()
    long, short = "abcdef " * 600_000, "abc fed " * 20
    assert int(out[0]) == Levenshtein.distance(long, short)
    assert float(out[1]) == Levenshtein.normalized_similarity(long, short)
    assert int(out[2]) < 10_000_000, out
