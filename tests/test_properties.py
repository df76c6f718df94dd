"""Property tests over all of Unicode (hypothesis' default text alphabet).

Every normalization preset is idempotent: the official ones because their
steps are deletions, lower-casing (``str.lower`` is idempotent on every code
point) and a word rule that cannot create a new match; ``unicode`` by
construction (its steps are repeated until the text stops changing). The
tests below check all five, with and without article languages.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from functools import partial

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from answermatch.matchers import (
    best_match,
    exact_match,
    extract_number,
    levenshtein_distance,
    levenshtein_ratio,
    token_f1,
    unordered_match,
)
from answermatch.matchers.unordered import _best_pairing
from answermatch.normalization import available_presets, normalize

# token_f1 on hypothesis' texts without lang may meet Chinese or Thai, which
# warns (once) that whitespace cannot split it: expected here, not an error
pytestmark = pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning")

PRESETS = available_presets()
LIBRARY_PRESETS = ["unicode"]
ARTICLE_LANGS = [None, "en", "es", "de", "fr", "vi", "ar", "ja"]
FAST = settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])

# Characters that make normalization steps interact: combining marks (incl.
# U+0345, which case-folds to a letter), punctuation between a base and its
# mark, case-folding expansions, compatibility forms, Hangul jamo, Arabic
# marks and article prefix, invisible characters, articles.
TRICKY = (
    [chr(c) for c in range(0x300, 0x370)]
    + list("\u0345\u0307\u0654\u064b\u0651\u0640\u3099\u309a\u200b\u200d\u00ad\u034f\ufe0f")
    + list("ßİǰΐﬀﬁǅẞΣσς\u1e9e\u2126\u212a\u00b4\u00a8\u309b")
    + list("ＡＺａｚ０９！？　ｶﾞﾊﾟ①²㈱")
    + [chr(c) for c in range(0x1100, 0x1116)]
    + [chr(c) for c in range(0x1161, 0x1170)]
    + list(".,!?-—«»“”「」、。・ \t\n\u00a0\u3000")
    + ["the", "a", "an", "The", "ال", "و", "la", "das", "của", "年", "人"]
)
tricky_text = st.lists(st.one_of(st.sampled_from(TRICKY), st.characters()), max_size=12).map(
    "".join
)
any_text = st.one_of(st.text(), tricky_text)


# --- normalization ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@FAST
@given(text=any_text, lang=st.sampled_from(ARTICLE_LANGS))
def test_every_preset_is_idempotent(preset: str, text: str, lang: str | None) -> None:
    once = normalize(text, lang, preset)
    assert normalize(once, lang, preset) == once


@pytest.mark.parametrize("lang", ARTICLE_LANGS)
@FAST
@given(text=any_text)
def test_one_unicode_pass_leaves_the_output_unchanged(lang: str | None, text: str) -> None:
    from answermatch.normalization import PRESETS as SPECS

    once = normalize(text, lang)
    again = once
    for step in SPECS["unicode"].build(lang):
        again = step(again)
    assert again == once


@FAST
@given(text=st.text())
def test_unicode_output_has_no_punctuation_or_surrounding_space(text: str) -> None:
    import regex

    out = normalize(text)
    assert not regex.search(r"[\p{P}\p{S}]", out)
    assert out == out.strip() and "  " not in out


@FAST
@given(text=any_text)
@example(text="\u0591")  # a Hebrew accent: once left out of the steps
def test_strip_noise_equals_its_four_steps(text: str) -> None:
    from answermatch.normalization import steps

    by_steps = steps.strip_hebrew_points(
        steps.strip_arabic_diacritics(
            steps.remove_invisible(steps.strip_unicode_punct_and_symbols(text))
        )
    )
    assert steps.strip_noise(text) == by_steps


# --- scores lie in [0, 1] --------------------------------------------------------------


@FAST
@given(
    pred=any_text,
    golds=st.lists(any_text, min_size=1, max_size=3),
    preset=st.sampled_from(PRESETS),
    mode=st.sampled_from(["bag", "set"]),
)
def test_scores_are_fractions(pred: str, golds: list[str], preset: str, mode: str) -> None:
    assert exact_match(pred, golds, preset=preset) in (0.0, 1.0)
    assert 0.0 <= token_f1(pred, golds, preset=preset, overlap=mode) <= 1.0
    for gold in golds:
        assert 0.0 <= levenshtein_ratio(pred, gold) <= 1.0


# --- exact match implies F1 = 1; F1 is symmetric ---------------------------------------


def _variants(text: str) -> st.SearchStrategy[str]:
    """Texts that often normalize like ``text``: case, punctuation, spacing."""
    return st.sampled_from(
        [text, text.upper(), f" {text}!", f"«{text}»", text.replace(" ", "  "), text.title()]
    )


pairs = any_text.flatmap(lambda t: st.tuples(st.just(t), _variants(t)))


@pytest.mark.parametrize("lang", [None, "en"])
@FAST
@given(pair=pairs, preset=st.sampled_from(PRESETS), mode=st.sampled_from(["bag", "set"]))
def test_exact_match_implies_full_f1(
    lang: str | None, pair: tuple[str, str], preset: str, mode: str
) -> None:
    pred, gold = pair
    if exact_match(pred, gold, lang=lang, preset=preset):
        assert token_f1(pred, gold, lang=lang, preset=preset, overlap=mode) == 1.0


CJK = st.text(
    alphabet=st.one_of(
        st.characters(min_codepoint=0x3041, max_codepoint=0x30FF),
        st.characters(min_codepoint=0x4E00, max_codepoint=0x4FFF),
        st.sampled_from(list("、。・「」！？ 　東京都大阪和与及と的")),
    ),
    max_size=12,
)


@pytest.mark.parametrize("lang", ["ja", "zh"])
@settings(deadline=None, max_examples=150)
@given(pair=CJK.flatmap(lambda t: st.tuples(st.just(t), _variants(t))))
def test_exact_match_implies_full_f1_cjk(lang: str, pair: tuple[str, str]) -> None:
    pred, gold = pair
    if exact_match(pred, gold, lang=lang):
        assert token_f1(pred, gold, lang=lang) == 1.0
    assert 0.0 <= token_f1(pred, gold, lang=lang) <= 1.0


@pytest.mark.parametrize("lang", [None, "en"])
@FAST
@given(
    a=any_text, b=any_text, preset=st.sampled_from(PRESETS), mode=st.sampled_from(["bag", "set"])
)
def test_f1_is_symmetric(lang: str | None, a: str, b: str, preset: str, mode: str) -> None:
    assert token_f1(a, b, lang=lang, preset=preset, overlap=mode) == token_f1(
        b, a, lang=lang, preset=preset, overlap=mode
    )


@pytest.mark.parametrize("lang", ["ja", "zh"])
@settings(deadline=None, max_examples=100)
@given(a=CJK, b=CJK)
def test_f1_is_symmetric_cjk(lang: str, a: str, b: str) -> None:
    assert token_f1(a, b, lang=lang) == token_f1(b, a, lang=lang)


# --- edit distance ---------------------------------------------------------------------


def _dp_distance(a: str, b: str) -> int:
    """Textbook Levenshtein DP over code points."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


@FAST
@given(a=st.text(max_size=30), b=st.text(max_size=30))
def test_levenshtein_matches_a_plain_dp(a: str, b: str) -> None:
    assert levenshtein_distance(a, b) == _dp_distance(a, b)


@FAST
@given(a=any_text, b=any_text)
def test_levenshtein_ratio_symmetric_and_bounded(a: str, b: str) -> None:
    r = levenshtein_ratio(a, b)
    assert r == levenshtein_ratio(b, a)
    assert 0.0 <= r <= 1.0
    assert (r == 1.0) == (normalize(a) == normalize(b))  # normalized, like every matcher
    raw = levenshtein_ratio(a, b, preset="none")
    assert (raw == 1.0) == (a == b)


# --- numbers ---------------------------------------------------------------------------

DIGIT_SCRIPTS = ["0123456789", "٠١٢٣٤٥٦٧٨٩", "০১২৩৪৫৬৭৮৯", "०१२३४५६७८९", "０１２３４５６７８９"]
decimals = st.builds(
    lambda i, places: Decimal(i).scaleb(-places),
    st.integers(-(10**15), 10**15),
    st.integers(0, 8),
)


def _canonical(d: Decimal) -> str:
    return "0" if d == 0 else format(d.normalize(), "f")


def _layouts(d: Decimal) -> list[str]:
    """``d`` written the ways people write numbers, keeping only the layouts
    that the documented rules read unambiguously."""
    english = format(d, ",f")  # 1,234,567.25
    integer, _, fraction = format(abs(d), "f").partition(".")
    grouped = len(integer) > 3
    out = [format(d, "f"), english, english.translate(str.maketrans(",.", "٬٫"))]
    lone_comma = not grouped and integer[0] != "0" and len(fraction) == 3
    for sep in [" ", "\u00a0", "\u202f", "'", "’"]:
        out.append(english.translate(str.maketrans({",": sep})))
        if not lone_comma:  # "123,456" reads as thousands
            out.append(english.translate(str.maketrans({",": sep, ".": ","})))
    if not lone_comma and not (len(integer) in (4, 5, 6) and not fraction):  # "1.234" is 1.234
        out.append(english.translate(str.maketrans({",": ".", ".": ","})))
    return out


@FAST
@given(
    d=decimals,
    digits=st.sampled_from(DIGIT_SCRIPTS),
    context=st.sampled_from([("", ""), ("około ", " osób"), ("Answer: ", "."), ("(", " km²)")]),
)
def test_extract_number_round_trips_formatted_decimals(
    d: Decimal, digits: str, context: tuple[str, str]
) -> None:
    expected = _canonical(d)
    for layout in _layouts(d):
        text = context[0] + layout.translate(str.maketrans("0123456789", digits)) + context[1]
        assert extract_number(text) == expected, text


# --- combining matchers ----------------------------------------------------------------


@settings(deadline=None, max_examples=200)
@given(
    st.integers(1, 6).flatmap(
        lambda n: st.lists(
            st.lists(st.floats(0, 1), min_size=n, max_size=n), min_size=n, max_size=n
        )
    )
)
def test_best_pairing_equals_brute_force(scores: list[list[float]]) -> None:
    n = len(scores)
    brute = max(
        sum(scores[i][j] for i, j in enumerate(perm)) for perm in itertools.permutations(range(n))
    )
    assert _best_pairing(scores) == pytest.approx(brute)


conj_text = st.lists(
    st.one_of(st.sampled_from([" and ", " i ", " & ", "x", "y", "Ab", "b"]), st.text(max_size=3)),
    max_size=8,
).map("".join)


@FAST
@given(a=conj_text, b=conj_text, lang=st.sampled_from([None, "en", "pl"]))
def test_unordered_match_bounded_symmetric_and_at_least_whole(
    a: str, b: str, lang: str | None
) -> None:
    score = unordered_match(a, b, lang=lang, matcher=levenshtein_ratio)
    assert 0.0 <= score <= 1.0
    assert score >= levenshtein_ratio(a, b)
    assert score == pytest.approx(unordered_match(b, a, lang=lang, matcher=levenshtein_ratio))
    em = partial(exact_match, lang=lang)
    assert unordered_match(a, b, lang=lang) >= em(a, b)


@FAST
@given(pred=any_text, golds=st.lists(any_text, min_size=1, max_size=4))
def test_best_match_is_the_first_maximum(pred: str, golds: list[str]) -> None:
    assume(golds)
    scores = [levenshtein_ratio(pred, g) for g in golds]
    m = best_match(pred, golds, levenshtein_ratio)
    assert m.score == max(scores)
    assert m.index == scores.index(max(scores))
    assert m.gold == golds[m.index]
