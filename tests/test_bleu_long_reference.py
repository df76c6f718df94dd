"""Sentence BLEU of a short text hypothesis against a very long reference
(issue 25: XOR-Full scores each prediction by BLEU against its gold
answers, and a gold answer of 5 MB of letters made ``score xor-full`` peak
at 72 bytes a byte of the gold: every n-gram of the reference held, by the
compiled counter or by ``max_counts``). Such a hypothesis is counted from
its own side (``BleuReferences._hypothesis_side``): the same statistics,
bit for bit, in memory bounded by the hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch import bleu
from answermatch.bleu import BleuReferences
from conftest import traced_peak

_TEXT = st.text(st.sampled_from("abcxyzé東😀 "), max_size=40)


def _statistics(references: list[str], hypothesis: str) -> tuple[list[int], float]:
    refs = BleuReferences(references)  # (fresh: no cache carries a figure over)
    return refs.matches(hypothesis), BleuReferences(references).score(hypothesis)


@settings(max_examples=200, deadline=None)
@given(references=st.lists(_TEXT, min_size=1, max_size=3), hypothesis=_TEXT)
def test_the_hypothesis_side_counts_as_the_references_side(references, hypothesis):
    expected = _statistics(references, hypothesis)  # references shorter than LONG_REFERENCE
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bleu, "LONG_REFERENCE", 0)  # every reference counted as long
        refs = BleuReferences(references)
        assert refs._long(len(hypothesis))
        assert _statistics(references, hypothesis) == expected
        # without the compiled counter too (the pure-Python count)
        patch.setattr(bleu, "_compiled_statistics", None)
        assert _statistics(references, hypothesis) == expected


def test_a_long_reference_is_not_held_as_its_ngrams():
    """A short hypothesis against a reference of 2,000,000 characters (and
    a short one): the same score as against the reference's repetitions
    counted by hand, and a traced peak of a small part of the reference,
    where every n-gram of it was held (about 70 bytes a character by the
    compiled counter, more by ``max_counts``)."""
    reference = "wilhelm roentgen " * 117_648 + "x"
    assert len(reference) > 2_000_000
    hypothesis = "roentgen wilhelm"
    refs = BleuReferences([reference, "roentgen"])
    scores = []
    peak = traced_peak(lambda: scores.append(refs.score(hypothesis)))
    # every n-gram of the hypothesis is in the long reference, as often or more
    assert refs.matches(hypothesis) == [16, 15, 14, 13]
    assert scores == [bleu._computed_bleu((16, 15, 14, 13, 16, 8))]
    assert peak < 200_000, peak
