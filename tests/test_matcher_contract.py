"""One matcher contract: every matcher takes ``lang`` and normalizes by the
language's default unless told otherwise (``preset=``), and golds prepared
once give exactly the numbers of the plain call, for every matcher."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.matchers import (
    best_match,
    contains_match,
    date_match,
    exact_match,
    lenient_match,
    levenshtein_ratio,
    levenshtein_ratio_batch,
    numeric_match,
    prepare_golds,
    token_f1,
    unordered_match,
)
from answermatch.matchers._inputs import value_texts
from answermatch.matchers.analysis import NORMALIZED_CACHE_SIZE, normalized_cache_info

# name -> matcher(prediction, golds, lang, preset) for the plain call; the
# prepared call passes the prepared golds and no option
PLAIN: dict[str, Callable[[str, object, str | None, str | None], float]] = {
    "exact_match": lambda p, g, lang, preset: exact_match(p, g, lang=lang, preset=preset),
    "token_f1": lambda p, g, lang, preset: token_f1(p, g, lang=lang, preset=preset),
    "token_f1 char": lambda p, g, lang, preset: token_f1(
        p, g, lang=lang, preset=preset, unit="char"
    ),
    "token_f1 set": lambda p, g, lang, preset: token_f1(
        p, g, lang=lang, preset=preset, overlap="set"
    ),
    "levenshtein_ratio": lambda p, g, lang, preset: levenshtein_ratio(
        p, g, lang=lang, preset=preset
    ),
    "levenshtein_ratio_batch": lambda p, g, lang, preset: levenshtein_ratio_batch(
        [p], [g], lang=lang, preset=preset
    )[0],
    "numeric_match": lambda p, g, lang, preset: numeric_match(p, g, lang=lang),
    "numeric_match preset": lambda p, g, lang, preset: numeric_match(
        p, g, lang=lang, preset=preset or "unicode"
    ),
    "date_match": lambda p, g, lang, preset: date_match(p, g, lang=lang),
    "date_match preset": lambda p, g, lang, preset: date_match(
        p, g, lang=lang, preset=preset or "unicode"
    ),
    "unordered_match": lambda p, g, lang, preset: unordered_match(p, g, lang=lang, preset=preset),
    "contains_match": lambda p, g, lang, preset: contains_match(p, g, lang=lang),
    "contains_match preset": lambda p, g, lang, preset: contains_match(
        p, g, lang=lang, preset=preset or "unicode"
    ),
    "lenient_match": lambda p, g, lang, preset: lenient_match(p, g, lang=lang),
    "best_match": lambda p, g, lang, preset: (
        best_match(p, g, partial(levenshtein_ratio, lang=lang, preset=preset)).score
    ),
}
PREPARED: dict[str, Callable[[str, object], float]] = {
    "exact_match": lambda p, g: exact_match(p, g),
    "token_f1": lambda p, g: token_f1(p, g),
    "token_f1 char": lambda p, g: token_f1(p, g, unit="char"),
    "token_f1 set": lambda p, g: token_f1(p, g, overlap="set"),
    "levenshtein_ratio": lambda p, g: levenshtein_ratio(p, g),
    "levenshtein_ratio_batch": lambda p, g: levenshtein_ratio_batch([p], [g])[0],
    "numeric_match": lambda p, g: numeric_match(p, g),
    "numeric_match preset": lambda p, g: numeric_match(p, g, preset=g.preset),  # type: ignore[attr-defined]
    "date_match": lambda p, g: date_match(p, g),
    "date_match preset": lambda p, g: date_match(p, g, preset=g.preset),  # type: ignore[attr-defined]
    "unordered_match": lambda p, g: unordered_match(p, g),
    "contains_match": lambda p, g: contains_match(p, g),
    "contains_match preset": lambda p, g: contains_match(
        p,
        g,
        preset=g.preset,  # type: ignore[attr-defined]
    ),
    "lenient_match": lambda p, g: lenient_match(p, g),
    "best_match": None,  # type: ignore[dict-item]  (set below: it needs the options)
}

ALPHABET = list("ab AB1,.!?-&'’ 東京都。、「」ＡＢ３３ メートル İIıΟΔΟΣόשָׁ ß and i ja und")
texts = st.text(alphabet=st.sampled_from(ALPHABET), max_size=12)
langs = st.sampled_from([None, "en", "ja", "zh", "pl", "tr", "el", "he", "de", "fi"])
presets = st.sampled_from([None, "unicode", "squad", "xor-full", "none"])


@pytest.mark.filterwarnings("ignore::answermatch.errors.AnswermatchWarning")  # no lang, CJK
@pytest.mark.parametrize("name", sorted(PLAIN))
@settings(deadline=None, max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=texts,
    golds=st.lists(texts, min_size=1, max_size=3),
    lang=langs,
    preset=presets,
)
def test_prepared_golds_give_the_plain_numbers(
    name: str, prediction: str, golds: list[str], lang: str | None, preset: str | None
) -> None:
    pytest.importorskip("fugashi")
    pytest.importorskip("jieba")
    pytest.importorskip("spacy")
    prepared = prepare_golds(golds, lang=lang, preset="unicode" if preset is None else preset)
    plain = PLAIN[name](prediction, golds, lang, preset)
    if name == "best_match":
        given_prepared = best_match(
            prediction, prepared, partial(levenshtein_ratio, lang=lang, preset=preset)
        ).score
    else:
        given_prepared = PREPARED[name](prediction, prepared)
    assert given_prepared == plain
    # the same with the options repeated on the call
    assert PLAIN[name](prediction, prepared, lang, preset) == plain


@pytest.mark.parametrize(
    ("prediction", "golds", "lang"),
    [
        ("東京都。", ["東京都", "東京"], "ja"),
        ("KRAKÓW!", ["Kraków"], None),
        ("３３３メートル", ["333メートル"], "ja"),
    ],
)
def test_the_issue_examples(prediction: str, golds: list[str], lang: str | None) -> None:
    # levenshtein_ratio compared raw texts unless preset= was given, and prepared
    # golds' normalized ones: 0.75 vs 1.0, 0.14 vs 1.0, 0.571 with lang="ja"
    plain = levenshtein_ratio(prediction, golds, lang=lang)
    assert plain == levenshtein_ratio(prediction, prepare_golds(golds, lang=lang)) == 1.0


def test_preset_none_compares_raw_text() -> None:
    assert levenshtein_ratio("KRAKÓW!", "Kraków", preset="none") == pytest.approx(1 / 7)
    assert levenshtein_ratio("abc", "abd", preset="none") == pytest.approx(2 / 3)


def test_every_matcher_takes_preset() -> None:
    # unordered_match took no preset; its default matcher now gets it
    assert unordered_match("Azję i Europę", "europę i azję", lang="pl") == 1.0
    assert unordered_match("Azję i Europę", "europę i azję", lang="pl", preset="none") == 0.0
    with pytest.raises(ValueError, match="preset applies to the default matcher"):
        unordered_match("a", "a", preset="squad", matcher=exact_match)


def test_prepared_golds_refuse_other_options() -> None:
    golds = prepare_golds(["Kraków"], lang="pl")
    for call in (
        lambda: levenshtein_ratio("Krakow", golds, preset="squad"),
        lambda: unordered_match("Krakow", golds, lang="en"),
        lambda: value_texts("Krakow", golds, "en", None),
        lambda: numeric_match("1", golds, lang="en"),
        lambda: date_match("1", golds, lang="en"),
        lambda: contains_match("Krakow", golds, lang="en"),
        lambda: lenient_match("Krakow", golds, lang="en"),
    ):
        with pytest.raises(ValueError, match="these golds were prepared with"):
            call()


def test_value_matchers_read_prepared_golds_in_their_language() -> None:
    # the golds' lang was ignored: "1.000" read as 1 rather than German 1000
    golds = prepare_golds("1000", lang="de")
    assert numeric_match("1.000", golds) == numeric_match("1.000", "1000", lang="de") == 1.0
    golds = prepare_golds("2023-05-12", lang="pl")
    assert date_match("12 maja 2023", golds) == 1.0
    assert numeric_match("ＮＯ. 7!", "no 7", preset="unicode") == 1.0


def test_value_texts_hook() -> None:
    golds = prepare_golds(["３ km", "3.0"], lang="de")
    assert value_texts("drei", golds, None, None) == ("de", "drei", ("３ km", "3.0"))
    assert value_texts("Drei!", golds, "de-AT", "unicode") == ("de", "drei", ("3 km", "30"))
    assert value_texts("x", ["Ｙ"], "pt-BR", "unicode") == ("pt", "x", ("y",))
    with pytest.raises(TypeError, match="prediction must be a str"):
        value_texts(3, ["1"], None, None)  # type: ignore[arg-type]


def test_one_bounded_cache_of_normalized_golds() -> None:
    assert normalized_cache_info().maxsize == NORMALIZED_CACHE_SIZE == 65536
    before = normalized_cache_info()
    gold = "a gold answer long enough to be kept in the cache, 17"
    exact_match("zz", [gold])
    exact_match("yy", [gold])
    after = normalized_cache_info()
    assert after.hits >= before.hits + 1
    assert after.currsize <= NORMALIZED_CACHE_SIZE
