"""The optional compiled n-gram counter (``csrc/ngrams.c``) against the
pure-Python count of :mod:`answermatch.bleu`: the same matches and the same
scores, bit for bit, on any text. Where it is not built this module skips,
which CI (``CI`` set, see conftest) counts as a failure."""

from __future__ import annotations

import random
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch import bleu
from answermatch.bleu import BleuReferences, accelerated

compiled = pytest.importorskip(
    "answermatch._ngrams", reason="the compiled counter is not built in this environment"
)


@contextmanager
def pure_python():
    """The pure-Python count, whatever was built."""
    saved = bleu._compiled_statistics
    bleu._compiled_statistics = None
    try:
        yield
    finally:
        bleu._compiled_statistics = saved


def both(references: list[str], hypothesis: str) -> tuple[list[int], list[int], float, float]:
    """Matches and score by the compiled counter, then by pure Python (fresh
    reference sets each time, so no cache carries a figure over)."""
    fast = BleuReferences(references)
    fast_matches, fast_score = fast.matches(hypothesis), fast.score(hypothesis)
    with pure_python():
        slow = BleuReferences(references)
        slow_matches, slow_score = slow.matches(hypothesis), slow.score(hypothesis)
    return fast_matches, slow_matches, fast_score, slow_score


def assert_same(references: list[str], hypothesis: str) -> None:
    fast_matches, slow_matches, fast_score, slow_score = both(references, hypothesis)
    assert fast_matches == slow_matches
    assert fast_score.hex() == slow_score.hex()


# repetitive alphabets make repeated and self-overlapping n-grams common; the
# wide one mixes 1-, 2- and 4-byte code points (and the highest one)
SMALL = st.text(alphabet="aab ", max_size=20)
WIDE = st.text(alphabet="aé東\U0001f600\U0010ffff ", max_size=40)
ANY = st.text(max_size=30)


@settings(max_examples=400, deadline=None)
@given(st.lists(SMALL, min_size=1, max_size=3), SMALL)
def test_same_as_pure_python_on_repetitive_text(references, hypothesis):
    assert_same(references, hypothesis)


@settings(max_examples=300, deadline=None)
@given(st.lists(WIDE, min_size=1, max_size=3), WIDE)
def test_same_as_pure_python_across_code_point_widths(references, hypothesis):
    assert_same(references, hypothesis)


@settings(max_examples=300, deadline=None)
@given(st.lists(ANY, min_size=1, max_size=3), ANY)
def test_same_as_pure_python_on_any_unicode(references, hypothesis):
    assert_same(references, hypothesis)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text(alphabet="abcd東", min_size=100, max_size=400), min_size=1, max_size=2),
    st.text(alphabet="abcd東", min_size=129, max_size=600),
)
def test_same_as_pure_python_past_the_stack_buffers(references, hypothesis):
    # over 128 characters the counter takes heap buffers; the pure path streams
    assert_same(references, hypothesis)


def test_the_statistics_of_known_cases():
    stats = compiled.statistics
    # clipping by the best single reference, overlapping grams, an order cut short
    assert stats("aaaa", ("aa", "aaa")) == (3, 2, 1, 0, 4, 3)
    assert stats("abxd", ("abcd",)) == (3, 1, 0, 0, 4, 4)
    assert stats("ab", ("ab",)) == (2, 1, 0, 0, 2, 2)
    assert stats("", ("ab",)) == (0, 0, 0, 0, 0, 2)
    assert stats("ab", ("",)) == (0, 0, 0, 0, 2, 0)
    # code points that differ only above 16 bits are different grams
    assert stats("\U00010041", ("\U00020041",)) == (0, 0, 0, 0, 1, 1)
    # the closest reference length, the shorter on a tie
    assert stats("abcd", ("abcdefg", "ab", "abcdef"))[4:] == (4, 2)
    assert stats("abcd", ("abcdef", "ab"))[4:] == (4, 2)
    assert stats("abcd", ("abcde", "ab"))[4:] == (4, 5)


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["ab", "abcd 東", "abcdefghij "]))
def test_same_as_pure_python_on_long_texts(seed, alphabet):
    # past 65,536 characters, where the compiled counter once left the work
    # to Python; both stay linear in the lengths
    rng = random.Random(seed)
    lengths = [rng.randint(65_537, 90_000) for _ in range(3)]
    references = ["".join(rng.choices(alphabet, k=n)) for n in lengths[:2]]
    hypothesis = "".join(rng.choices(alphabet, k=lengths[2]))
    assert_same(references, hypothesis)
    assert_same([hypothesis[5:-3]], hypothesis)  # a reference inside the hypothesis


def test_texts_of_any_length_take_the_compiled_counter(monkeypatch):
    calls = []
    counter = bleu._compiled_statistics
    monkeypatch.setattr(bleu, "_compiled_statistics", lambda *a: calls.append(a) or counter(*a))
    long = "abc " * 50_000
    assert BleuReferences([long]).score(long[:-4]) > 0
    assert BleuReferences(["abc"]).matches(long) == [3, 2, 1, 0]  # clipped by the reference
    assert len(calls) == 2


def test_rejects_what_is_not_text():
    for references in (["ab"], ("ab", 3), ()):
        with pytest.raises(TypeError, match="a str and a non-empty tuple of str"):
            compiled.statistics("ab", references)


def test_in_use():
    # built (else this module skips, which CI counts as a failure) and picked up
    assert accelerated()
