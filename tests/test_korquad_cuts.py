"""A long KorQuAD answer of letters without spaces (Cyrillic, Greek, Latin
with accents, Thai leading vowels) is also cut between two letters that
every rule of the profile keeps and reads nothing across
(:func:`answermatch.tasks.squad.rules.word_letters`), so its characters are
counted a piece at a time, never normalized whole. Properties with tiny
pieces on adversarial boundaries: the pieces give the whole text's EM key,
F1 units and figures, beside a capital sigma (final or not), case-ignorable
characters, combining marks, characters NFKC composes or changes, Hangul
jamo, digits, separators of numbers, spaces and the marks the official
rules turn into spaces."""

from __future__ import annotations

import re
import tracemalloc
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.normalization import steps
from answermatch.tasks import korquad
from answermatch.tasks.squad import rules as span_rules
from conftest import korquad_analysed, korquad_figures, piece_limits

FRAGMENTS = [
    "москва", "Москва", "ЁЖ", "ё", "б", "Σ", "σ", "ς", "ΑΣ", "ΣΑ", "Άθήνα", "ΟΔΟΣ", "αβ",
    "é", "e\u0301", "\u0301", "\u0308", "ß", "İ", "ı", "ﬁ", "ǅ", "Ǆ", "ŉ", "ª", "ʼ", "ˁ", "·",
    "'", "’", "\u0640", "ال", "شمس", "שָׁלוֹם", "\u1100", "\u1161", "\u11a8", "가", "\u3164",
    "ｱ", "ﾞ", "カ", "\u3099", "北京", "เมือง", "ไทย", "เแโ", "\u0e33", "\u0e4d\u0e32", "ๆ",
    "ะ", "า", "\u0e34", "\u0e48", "\u0e38\u0e48", "\u0e48\u0e38",
    "1", "๑", "١", "000", "1,000", "3.5", "1 000", "①", "²", " ", "\xa0", "\u3000", "\u200b",
    "\u200d", ",", ".", "(", "《", "-", "x", "ABC",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)
RULES = [("korquad", korquad.OFFICIAL), ("korquad fair", korquad.FAIR)]


def test_the_letters_are_those_no_rule_reads_across():
    letters = re.compile(f"[{span_rules.word_letters()}]")
    inside = "жЖσςΩéßłšאبก가北เaZ"
    # the capital sigma, case-ignorable letters (ʼ, tatweel), marks, what NFKC changes or
    # composes (ǅ, ŉ, ｱ, the Hangul filler, a medial vowel), digits and separators
    outside = "Σʼ\u0640\u0301\u0e34ǅŉｱ\u3164\u1161\u11a81๑·' ,."
    assert all(letters.fullmatch(c) for c in inside), inside
    assert not any(letters.fullmatch(c) for c in outside), outside


def test_a_run_of_letters_is_cut_between_two_letters_only():
    cut = span_rules._cut_in_words()
    with mock.patch.object(steps, "PIECE_CHARS", 1):
        assert list(steps.pieces("москва", cut)) == list("москва")
        # not beside a sigma, a mark, a digit or a space
        assert list(steps.pieces("аΣ\u0301б1г д", cut)) == ["аΣ\u0301б1г д"]
        # before a letter without case after a mark or letter kept inside a word (a run of
        # Thai vowels and marks), not after a digit
        assert list(steps.pieces("ะ\u0e34\u0e48า\u0e49๑ะ", cut)) == ["ะ\u0e34\u0e48", "า\u0e49๑ะ"]
        # after a digit only where a digit is a character of its word (no numbers rule)
        assert list(steps.pieces("ก๑ข๒", cut)) == ["ก๑ข๒"]
        assert list(steps.pieces("ก๑ข๒", span_rules._cut_in_words(True))) == ["ก๑", "ข๒"]
    text = "столицароссии" * 20_000
    found = list(steps.pieces(text, cut))
    assert len(found) > 1 and "".join(found) == text


@pytest.mark.parametrize(("name", "rules"), RULES)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_pieces_cut_between_letters_give_the_whole_texts_key_and_units(name, rules, text, piece):
    whole = korquad_analysed(rules, text, 10**9)
    in_pieces = korquad_analysed(rules, text, piece)
    assert in_pieces[0] == whole[0] and in_pieces[1] == whole[1], (name, text)
    assert str(in_pieces[0]) == whole[0], (name, text)
    assert list(in_pieces[1]) == list(whole[1]), (name, text)


@pytest.mark.parametrize(("name", "rules"), RULES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prediction=TEXTS, golds=st.lists(TEXTS, min_size=1, max_size=3), piece=st.integers(1, 12))
def test_figures_of_letters_cut_in_pieces_are_the_whole_texts(
    name, rules, prediction, golds, piece
):
    in_pieces = korquad_figures(rules, prediction, golds, piece)
    assert in_pieces == korquad_figures(rules, prediction, golds, 10**9), (name, prediction, golds)


@pytest.mark.parametrize(
    ("name", "rules", "sentence"),
    [
        *((name, rules, "столицароссиимосква") for name, rules in RULES),
        *((name, rules, "москва1147годастолица1918") for name, rules in RULES),
        *((name, rules, "ก๑ข๒ค๓ง๔จ๕") for name, rules in RULES),
        *(
            (name, rules, "ะ\u0e34\u0e48า\u0e49๑ๆ\u0e35\u0e4b\u0e33๒\u0e38")
            for name, rules in RULES
        ),
    ],
)
def test_long_cyrillic_is_analysed_in_memory_that_does_not_grow(name, rules, sentence):
    """400,000 and 800,000 characters of Cyrillic without a space:
    normalized whole before (the official rules: the lower-case text, its
    tokens and their characters joined, about 6 bytes a character; the fair
    rules with digits among the letters: a list of the numbers and the
    stretches between them, about 25 bytes a character); now a piece at a
    time, counted, the key its length and its pieces made again. Thai
    consonants each after a Thai digit (no cut falls: a number ends before
    each) under the fair rules: its numbers and words were listed, about
    75 bytes a character; now counted as they are read. Thai vowels, marks
    and digits without a consonant: read whole before, now cut just before
    a vowel that is a letter."""
    analyse = rules.analyzer("ko")
    analyse("разогрев 1 000 " * 5000)
    peaks = []
    first, second = piece_limits(4096)  # a piece's units are listed: smaller pieces, less noise
    for size in (400_000, 800_000):
        text = (sentence * (size // len(sentence) + 1))[:size]
        tracemalloc.start()
        try:
            with first, second:
                key, units = analyse(text)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        if sentence.isalpha():
            assert (len(key), len(units)) == (size, size)
        del text, key, units
    # a piece's copies: one more million characters adds next to nothing
    assert peaks[1] - peaks[0] < 400_000, (name, peaks)
