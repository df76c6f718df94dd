"""A long text that is not ASCII lowered, case-folded and rid of characters
with little memory (issue 25): CPython's ``str.lower`` and ``str.casefold``
map such a text through a buffer of 12 bytes a character, and ``re.sub``
holds a string object for each stretch between two deleted characters, so
one long unspaced answer (Japanese, Chinese, Thai, Latin text with one
accent) peaked at 7 times its size or more in SQuAD's, MLQA's, MKQA's,
KorQuAD's and CMRC 2018's official rules. The results are those of the
plain methods, a piece at a time."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.matchers.answers import CountedTokens
from answermatch.normalization import normalizer, steps
from answermatch.tasks import korquad
from answermatch.tasks.cmrc2018.rules import em_key
from answermatch.tasks.squad.rules import _mlqa_words, _squad_tokens
from conftest import traced_peak

#: one long answer without a space: Japanese (two bytes a character in a str)
JA = "東京都の人口は約千三百万人で日本の首都です。《タワー》" * 50_000
#: Polish, also two bytes a character (ł), with spaces
PL = "Zażółć Gęślą JAŹŃ, Łódź! " * 80_000

# characters whose case mappings are special: final sigma, dotted I, sharp s,
# a ligature, Kelvin sign, Cherokee, and the marks and punctuation around them
_CHARS = st.sampled_from([*"aA Σσς'’.-İIiıßﬁKꭰᏸ東《》(!", "\u0345", "\u0307", "\ud800"])


@settings(max_examples=300, deadline=None)
@given(text=st.text(_CHARS, max_size=60), size=st.integers(1, 9))
def test_case_mapped_is_the_method(text, size):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "CASE_PIECE_CHARS", size)
        assert steps.case_mapped(text, str.lower) == text.lower()
        assert steps.case_mapped(text, str.casefold) == text.casefold()
        assert steps.lower(text) == text.lower()
        assert steps.casefold(text) == text.casefold()


@settings(max_examples=200, deadline=None)
@given(text=st.text(_CHARS, max_size=60), size=st.integers(1, 9))
def test_deleter_in_pieces_is_translate(text, size):
    chars = "《》!.-'\U0001d100"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "CASE_PIECE_CHARS", size)
        assert steps.deleter(chars)(text) == text.translate(str.maketrans("", "", chars))


def test_a_text_no_mapping_changes_is_given_back():
    text = "東京" * 100_000
    assert steps.case_mapped(text, str.lower) is text
    assert steps.case_mapped(text, str.casefold) is text


@pytest.mark.parametrize("mapping", [steps.lower, steps.casefold])
def test_case_mapping_a_long_text_holds_it_about_twice(mapping):
    # str.lower: 7 times the text (a buffer of 12 bytes a character beside it)
    assert mapping(PL) == (PL.lower() if mapping is steps.lower else PL.casefold())
    assert traced_peak(mapping, PL) < 3 * sys.getsizeof(PL)


@pytest.mark.parametrize(
    "analyse",
    [
        normalizer("squad"),  # SQuAD, XOR-EnglishSpan: the fused preset
        normalizer("xor-full"),  # XOR-Full
        _squad_tokens(True),  # SQuAD's tokens of a long answer
        _mlqa_words("de", True)[0],  # MLQA: lower-cased, punctuation deleted
        korquad.marks_to_spaces_lower,
        em_key,  # CMRC 2018's EM key (lower, strip, punctuation deleted)
    ],
)
def test_official_rules_of_a_long_unspaced_answer(analyse):
    # each was 7 times the text: str.lower's buffer (and re.sub's stretches)
    assert traced_peak(analyse, JA) < 3 * sys.getsizeof(JA)


def test_the_em_key_of_one_long_token_is_not_made_again():
    # the EM comparison of a long one-token answer made its token again from
    # the whole text (normalizing it twice over while its token was held)
    def remake():
        raise AssertionError("made again")

    token = "x" * 100
    counted = CountedTokens({token: 1}, 1, remake)
    assert counted == (token,)
    assert counted != ("y",)
    assert counted != (token, token)
    twice = CountedTokens({token: 2}, 2, remake)
    assert twice == [token, token]
    assert CountedTokens({"a": 1, "b": 1}, 2, lambda: iter(["a", "b"])) != ("b", "a")
