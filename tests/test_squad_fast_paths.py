"""The SQuAD family's fast paths give exactly what the official rules give:
article removal without the regular expression and the cached pair scorer."""

from __future__ import annotations

import re
import string
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from answermatch.analysis import _official_norm, official_tokens
from answermatch.normalization.steps import SQUAD_ARTICLES, without_articles
from answermatch.tasks.squad.rules import _MLQA_ARTICLES, SpanRules
from answermatch.tasks.squad.scoring import pair_scorer

# words that meet the articles, word characters that are not letters, the
# characters that make \b hold inside a token, and the whitespace str.split knows
PIECES = st.sampled_from(
    ["a", "an", "the", "el", "las", "der", "của", "là", "x", "anthem", "9", "²", "_",
     "’", "«", "é", "e\u0301", "-", " ", "  ", "\t", "\x1c", "\u3000", "\u00a0"]
)  # fmt: skip
TEXTS = st.lists(PIECES, max_size=12).map("".join)
PATTERNS = [SQUAD_ARTICLES] + [p for p in _MLQA_ARTICLES.values() if p is not None]


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.sampled_from(PATTERNS))
def test_without_articles_equals_the_pattern(text, pattern):
    assert without_articles(pattern)(text) == pattern.sub(" ", text).split()


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.booleans())
def test_official_tokens_equal_the_steps_one_by_one(text, articles):
    # XOR-EnglishSpan's analyser (articles) and XOR-Full's: lower, ASCII
    # punctuation deleted, SQuAD's articles, whitespace collapsed, split
    steps = _official_norm(articles)(text).split()
    assert (
        official_tokens(articles=articles)(text.upper())
        == _official_norm(articles)(text.upper()).split()
    )
    assert official_tokens(articles=articles)(text) == steps


def _official(prediction: str, golds: list[str], empty_f1: float) -> tuple[float, float]:
    """evaluate-v1.1.py's per-question rule, written out from the script."""

    def normalize(s: str) -> str:
        s = "".join(ch for ch in s.lower() if ch not in set(string.punctuation))
        return " ".join(re.sub(r"\b(a|an|the)\b", " ", s).split())

    def f1(p: str, g: str) -> float:
        pt, gt = normalize(p).split(), normalize(g).split()
        if not pt and not gt:
            return empty_f1
        same = sum((Counter(pt) & Counter(gt)).values())
        if same == 0:
            return 0.0
        precision, recall = 1.0 * same / len(pt), 1.0 * same / len(gt)
        return (2 * precision * recall) / (precision + recall)

    em = max(float(normalize(prediction) == normalize(g)) for g in golds)
    return em, max(f1(prediction, g) for g in golds)


WORDS = st.lists(st.sampled_from(["a", "cat", "cat", "dog", "The", "x.", "!", ""]), max_size=5)
ANSWER = WORDS.map(" ".join)


@settings(max_examples=400, deadline=None)
@given(ANSWER, st.lists(ANSWER, min_size=1, max_size=4), st.sampled_from([0.0, 1.0]))
def test_pair_scorer_equals_the_official_rule_bit_for_bit(prediction, golds, empty_f1):
    score = pair_scorer(SpanRules("official", empty_f1=empty_f1).analyzer("en"), empty_f1)
    expected = _official(prediction, golds, empty_f1)
    assert score(prediction, tuple(golds)) == expected
    assert score(prediction, tuple(golds)) == expected  # from the cache


def _mlqa_official(text: str, lang: str) -> list[str]:
    """mlqa_evaluation_v1.py's normalize_answer(...).split(), written out from the script."""
    import sys
    import unicodedata

    if "set" not in _MLQA_PUNCT_CACHE:  # the script's PUNCT, scanned once
        _MLQA_PUNCT_CACHE["set"] = {
            chr(i) for i in range(sys.maxunicode) if unicodedata.category(chr(i)).startswith("P")
        } | set(string.punctuation)
    punct = _MLQA_PUNCT_CACHE["set"]
    text = "".join(ch for ch in text.lower() if ch not in punct)
    patterns = {
        "en": r"\b(a|an|the)\b",
        "es": r"\b(un|una|unos|unas|el|la|los|las)\b",
        "vi": r"\b(của|là|cái|chiếc|những)\b",
        "de": r"\b(ein|eine|einen|einem|eines|einer|der|die|das|den|dem|des)\b",
        "ar": "\\sال^|ال",
    }
    if lang in patterns:
        text = re.sub(patterns[lang], " ", text)
    if lang != "zh":
        return [t for t in text.split() if t.strip() != ""]
    tokens, run = [], ""
    for ch in text:
        if re.search(r"[\u4e00-\u9fa5]", ch) or ch in punct:
            tokens.extend(run.split())
            run = ""
            tokens.append(ch)
        else:
            run += ch
    return " ".join(t for t in tokens + run.split() if t.strip() != "").split()


_MLQA_PUNCT_CACHE: dict[str, set[str]] = {}
# ASCII (the bytes path) and not: punctuation of both kinds, articles, the
# Kelvin sign and dotted capital I (their lower case is ASCII, or longer),
# control characters, CJK, Arabic's article inside words, wide spaces
MLQA_PIECES = st.sampled_from(
    ["The", "a", "an", "LA", "los", "der", "Das", "của", "là", "x", "9", "_", "!", ".", "$",
     "«", "»", "、", "。", "’", "\u212a", "İ", "\x01", "\x1c", "\t", " ", "  ", "\u3000",
     "北京", "大学", "ال", "مال", "é", "e\u0301", "Ω"]
)  # fmt: skip
MLQA_TEXTS = st.lists(MLQA_PIECES, max_size=10).map("".join)


@settings(max_examples=300, deadline=None)
@given(MLQA_TEXTS, st.sampled_from(["en", "es", "de", "ar", "hi", "vi", "zh"]))
def test_mlqa_tokens_equal_the_official_rule(text, lang):
    rules = SpanRules("official", punct="unicode", articles="mlqa", tokens="mlqa")
    tokenize = rules.tokenizer(lang)
    assert list(tokenize(text)) == _mlqa_official(text, lang)


@settings(max_examples=300, deadline=None)
@given(MLQA_TEXTS)
def test_squad_tokens_equal_the_official_rule(text):
    expected = re.sub(
        r"\b(a|an|the)\b", " ", "".join(c for c in text.lower() if c not in string.punctuation)
    ).split()
    assert list(SpanRules("official").tokenizer("en")(text)) == expected


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("aAnN tThHe.,!-’«»é\u00a0\u2003ÉİΣ1_"), max_size=24))
def test_the_squad_preset_in_one_function_equals_its_steps(text):
    from answermatch.normalization import _apply, _pipeline, normalizer

    steps, _ = _pipeline("squad", None)
    assert normalizer("squad")(text) == _apply(steps, text)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from("abcde"), max_size=6),
    st.lists(st.sampled_from("abcdef"), max_size=6),
    st.booleans(),
)
def test_overlap_f1_is_best_overlap_on_one_answer_bit_for_bit(tokens, gold, as_text):
    from answermatch.matchers.answers import answer_set, best_overlap, overlap_f1

    pred, answer = ("".join(tokens), "".join(gold)) if as_text else (tuple(tokens), tuple(gold))
    expected = best_overlap(tuple(pred), answer_set([gold]))[0] if pred else 0.0
    assert overlap_f1(pred, answer) == expected
    assert overlap_f1(answer, pred) == (
        best_overlap(tuple(answer), answer_set([pred]))[0] if answer else 0.0
    )


def _same(function):
    """``function`` as another object: the rules take their generic path."""
    return lambda *args: function(*args)


@settings(max_examples=300, deadline=None)
@given(MLQA_TEXTS, st.sampled_from(["en", "es", "de", "ar", "hi", "vi", "zh"]))
def test_the_fast_paths_equal_the_rules_as_functions(text, lang):
    from answermatch.tasks.squad.mlqa import PROFILES as MLQA
    from answermatch.tasks.squad.tasks import PROFILES as SQUAD

    for official in (SQUAD["official"], MLQA["official"]):
        generic = official.replace(
            punct=_same(official.punct),
            articles=_same(official.articles),
            tokens=_same(official.tokens),
        )
        assert generic.tokenizer(lang)(text) == official.tokenizer(lang)(text)


def test_a_rule_of_ones_own_is_a_function_named_in_the_signature():
    import answermatch
    from answermatch.normalization.steps import strip_ascii_punct
    from answermatch.tasks.squad.rules import mlqa_tokens, strip_mlqa_punct
    from answermatch.tasks.squad.tasks import PROFILES

    def keep_hyphens(text):
        return "-".join(strip_ascii_punct(part) for part in text.split("-"))

    rules = PROFILES["official"].replace(name="hyphens", punct=keep_hyphens)
    gold = [{"id": "q1", "answers": {"text": ["Jean-Paul Sartre"], "answer_start": [0]}}]
    for prediction, f1 in (("Jean-Paul, Sartre!", 100.0), ("JeanPaul Sartre", 50.0)):
        result = answermatch.evaluate("squad", gold, {"q1": prediction}, profile=rules)
        assert result.scores["f1"] == f1
        assert "|norm:evaluate-v1.1(punct=keep_hyphens)|" in result.signature
    # the official rules by name are the functions themselves
    named = SpanRules("x", punct="unicode", tokens="mlqa")
    assert named.punct is strip_mlqa_punct and named.tokens is mlqa_tokens
    assert named.changes() == {"punct": "unicode", "tokens": "mlqa"}
    with pytest.raises(ValueError, match="punct 'latin' is not a function nor one of ascii"):
        SpanRules("x", punct="latin")


KO_TEXTS = st.lists(
    st.sampled_from(["'", "’", "‘", '"', "“", "(", ")", "《", "》", "<", ">", "〈", "〉", "Σ",
                     "Α", "İ", "A", ",", ".", "-", " ", "\u3000", "서울", "1,000", "３", "é"]),
    max_size=10,
).map("".join)  # fmt: skip


def _korquad_script(text: str) -> str:
    """evaluate-v1.0.py's normalize_answer, written out from the script."""
    for mark in "'\"《》<>〈〉()‘’":
        text = text.replace(mark, " ")
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    return " ".join(text.split())


@settings(max_examples=300, deadline=None)
@given(KO_TEXTS)
@example("ΑΣ'Α ‘ΑΣ’")
def test_korquad_rules_as_functions_equal_the_script(text):
    # KorQuAD's profiles are SpanRules: the EM key is the normalized text
    # (its tokens joined), the F1 units their characters; the marks become
    # spaces before lower(), which decides a final sigma ("ΑΣ'Α")
    from answermatch.tasks.korquad import FAIR, OFFICIAL, normalize_answer

    key, units = OFFICIAL.analyzer("ko")(text)
    assert key == _korquad_script(text) == normalize_answer(text)
    assert units == _korquad_script(text).replace(" ", "")
    assert " ".join(OFFICIAL.tokenizer("ko")(text)) == key
    # fair: the same words after NFKC, case folding and Unicode noise deleted
    fair_key, fair_units = FAIR.analyzer("ko")(text)
    assert "".join(fair_units) == fair_key.replace(" ", "")
    assert " ".join(FAIR.tokenizer("ko")(text)) == fair_key
