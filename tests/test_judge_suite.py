"""The lenient judge and containment on the multilingual suite (tests/judge_suite.py):
at least 99% agreement overall and 97% in every language (the targets)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from answermatch.matchers import contains_match, judge
from answermatch.matchers.containment import _segmenter
from judge_suite import LANGUAGES, NEEDS_SEGMENTER, cases

ROWS = list(cases())


def _decided(lang: str, prediction: str) -> bool:
    """Whether the suite counts this case here: one that needs a word
    segmenter counts where the language has one installed."""
    return (lang, prediction) not in NEEDS_SEGMENTER or _segmenter(lang) is not None


def test_the_suite_is_multilingual_and_balanced() -> None:
    assert len(LANGUAGES) >= 17
    kinds = {kind for _, kind, _, _, _ in ROWS}
    assert kinds == {"sentence", "number", "hidden", "near-number", "other", "negated"}
    positives = sum(expected for *_, expected in ROWS)
    assert 0.4 < positives / len(ROWS) < 0.7


def test_lenient_judge_targets() -> None:
    right: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wrong = []
    for lang, kind, prediction, golds, expected in ROWS:
        if not _decided(lang, prediction):
            continue
        verdict = judge(prediction, golds, lang=lang)
        ok = (verdict.score == 1.0) == expected
        right[lang][0] += ok
        right[lang][1] += 1
        if not ok:
            wrong.append((lang, kind, prediction, golds, verdict.rule))
    total = sum(r for r, _ in right.values()) / sum(n for _, n in right.values())
    assert total >= 0.99, wrong
    for lang, (r, n) in right.items():
        assert r / n >= 0.97, (lang, [w for w in wrong if w[0] == lang])


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_containment_never_finds_hidden_golds(lang: str) -> None:
    for lang_, kind, prediction, golds, _ in ROWS:
        if lang_ == lang and kind == "hidden" and _decided(lang, prediction):
            assert contains_match(prediction, golds, lang=lang) == 0.0, prediction


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_containment_finds_answers_in_sentences(lang: str) -> None:
    for lang_, kind, prediction, golds, _ in ROWS:
        if lang_ == lang and kind in ("sentence", "number"):
            assert contains_match(prediction, golds, lang=lang) == 1.0, prediction
