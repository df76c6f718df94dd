"""XOR-Retrieve with a long passage: the windows of tokens are searched as
they are read (a long token a piece at a time under ``fair``), never joined
whole; the tokenizer gives a run that no rule rewrites as itself.

The windows against the rule written out whole (:func:`_reference`), on
passages with tokens across passage ends and budget cuts, answers across
them, and characters that NFKC joins or folding changes, folded in pieces
of a few characters; and the peak memory of a passage without a space.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.diagnostics import Diagnostics
from answermatch.nltk_compat import tokenize_sentence, treebank, word_tokenize
from answermatch.normalization import steps
from answermatch.tasks.xor.passages import MATCHES, PassageTokens, Seeker, run_jobs
from conftest import traced_peak

_CHARS = "ab A.,'\" \u0301\u0308ｶ\u3099ßİΣﬁ\u00a8\u1100\u1161\u11a8東の1"
_TEXT = st.text(alphabet=st.sampled_from(_CHARS), max_size=40)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def _reference(
    passages_: list[str], answers: tuple[str, ...], budgets: tuple[int, ...], match: str
) -> tuple[tuple[bool, ...], int]:
    """The rule as written: the first N tokens of all the passages' tokens,
    space-joined, searched whole (folded whole under ``tokens-folded``)."""
    tokens = [token for passage in passages_ for token in word_tokenize(passage)]
    hits = []
    for budget in budgets:
        window = " ".join(tokens[:budget])
        text = window if match == "substring" else f" {_fold(window)} "
        hits.append(any(answer in text for answer in answers))
    return tuple(hits), min(len(tokens), max(budgets))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_TEXT, max_size=5),
    st.lists(_TEXT, min_size=1, max_size=3),
    st.sampled_from([(2, 5), (1, 3), (3, 3), (7, 4), (50,)]),
    st.sampled_from(sorted(MATCHES)),
    st.integers(1, 6),
)
def test_windows_read_as_they_come_are_the_windows_whole(
    texts: list[str],
    given_answers: list[str],
    budgets: tuple[int, ...],
    match: str,
    piece: int,
) -> None:
    tokens = [token for text in texts for token in word_tokenize(text)]
    # the answers given, and answers taken from the window itself, across
    # passages and cuts
    sought = [tuple(given_answers)]
    sought += [(" ".join(tokens[at : at + 3]),) for at in range(0, len(tokens), 2)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "PIECE_CHARS", piece)  # a token folded a few characters at a time
        for given_ in sought:
            answers = MATCHES[match].prepare(given_)
            expected = _reference(texts, answers, budgets, match)
            assert list(run_jobs([(texts, answers)], budgets, Diagnostics(), match)) == [expected]


@settings(max_examples=500, deadline=None)
@given(st.lists(_TEXT, max_size=6), st.lists(_TEXT, max_size=3), _TEXT)
def test_a_seeker_finds_what_the_whole_text_holds(
    runs: list[str], answers: list[str], end: str
) -> None:
    seeker = Seeker(tuple(answers))
    for run in runs:
        seeker.feed(run, 0, len(run))
    whole = "".join(runs)
    assert seeker.found == any(answer in whole for answer in answers)
    assert seeker.found_with(end) == any(answer in whole + end for answer in answers)


def test_an_empty_answer_is_found_in_an_empty_window() -> None:
    # the official rule: "" is in every text, the window of no token too
    assert list(run_jobs([([], ("",)), (["..."], ("x",))], (2, 5), Diagnostics())) == [
        ((True, True), 0),
        ((False, False), 1),
    ]


_CONTRACTING = st.sampled_from(
    ["cannot", "gonna", "'tis", "Wanna", "GIMME", "İ", "ı", "ſ", "a", " ", "n", "t", "東", "."]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_CONTRACTING, max_size=12), st.integers(1, 5))
def test_contractions_looked_for_a_window_at_a_time(parts: list[str], size: int) -> None:
    text = "".join(parts)
    whole = tokenize_sentence(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(treebank, "_LOWER_CHARS", size)
        assert tokenize_sentence(text) == whole
        may = treebank._may_contract(text)
    lowered = text.lower()
    quick = any(pair in lowered for pair in ("'", "nn", "mm", "tt"))
    expected = quick and (
        any(word in lowered for word in treebank._CONTRACTION_WORDS)
        or (not text.isascii() and any(c in text for c in treebank._FOLD_SPECIAL))
    )
    assert may == expected


def test_a_run_no_rule_rewrites_is_its_own_token() -> None:
    text = "東京タワーは1958年に完成した。" * 1000
    assert tokenize_sentence(text)[0] is text
    assert word_tokenize(text, limit=5000)[0] is text
    assert tokenize_sentence("gonnax") == ["gonnax"]  # a word, not a contraction
    assert tokenize_sentence("a\x1fb") == ["a", "b"]  # str.split's whitespace


@pytest.mark.parametrize("match", sorted(MATCHES))
@pytest.mark.parametrize(
    "passage",
    ["wilhelmroentgen" * 140_000, "東京タワーは1958年に完成した。" * 120_000],
    ids=["letters", "ja"],
)
def test_a_long_passage_without_a_space_is_searched_without_a_copy(
    passage: str, match: str
) -> None:
    # 2.1 million characters (2.1 and 4.1 MB), one token: before, the token
    # was copied by the tokenizer (and lowered whole: 12 bytes a character of
    # Japanese), into each window (2 bytes a character beside an accented
    # passage) and folded whole (12 bytes a character): 4 to 48 times the text
    others = ["Société Générale was founded in 1864 ."] * 3
    answers = MATCHES[match].prepare(("Wilhelm Röntgen", "1864"))
    job = ([passage, *others], answers)
    PassageTokens(5000)(others[0])  # the Punkt parameters loaded, the rules compiled

    gathered = 1 + 3 * len(word_tokenize(others[0]))

    def score() -> None:
        outcome = list(run_jobs([job], (2000, 5000), Diagnostics(), match))
        assert outcome == [((True, True), gathered)]

    peak = traced_peak(score)
    # now: a window of 65,536 characters lowered (12 bytes a character) at most
    assert peak < 2_000_000, peak
