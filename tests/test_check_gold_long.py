"""``check-gold`` of a long gold answer (issue 25): a finding quotes a
bounded excerpt of a long text (saying where it is cut and the text's
length), and the checks that read a variant's normal form read a long
one in parts (:attr:`~answermatch.checks.GoldChecks.normal_parts`): up to
its first part that is not blank for emptiness, by digest for equality.
The parts, one after the other, are the task's normal form made whole
(compared here with cuts made tiny, at every place a piece may end)."""

from __future__ import annotations

import json
import sys
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.checks import (
    QUOTE_CHARS,
    QUOTE_HEAD,
    Entry,
    GoldFile,
    LongText,
    normal_key,
    quoted,
    quoted_key,
)
from answermatch.goldcheck import check_gold
from answermatch.normalization import steps
from answermatch.tasks import get_task
from conftest import traced_peak

#: each task whose checks read normal forms, and languages to read them in
TASKS = {
    "squad": ["en", None],
    "squad-v2": ["en"],
    "mlqa": ["en", "zh", "de"],
    "korquad": ["ko"],
    "cmrc2018": ["zh"],
    "mkqa": ["en", "ko", "th", "zh_cn"],
    "open-qa": ["en", "ko", "ja", "el", None],
    "xor-full": ["ja", "ko", "ru"],
    "xor-engspan": ["ja", "en"],
    "ntcir-dsqa": ["en", "ja"],
}

#: characters that the rules treat apart: kinds of whitespace, final sigma
#: and case-ignorables, punctuation (ASCII and not), articles, digits and
#: separators, counters, CJK, kana, Hangul, Thai, combining marks, width
# fmt: off
ALPHABET = (
    " ", "  ", "   ", "\t", "\n", "\u3000", "\u00a0", "\u2009", "Σ", "σ", "ΑΣ", "'", "\u0345",
    ".", ",", "!", "-", "《", "》", "。", "，", "“", "the ", "a ", "an ", "der ", "1", "2,5",
    "年", "人", "東京", "北京", "서울", "년", "ไทย", "ำ", "\u0301", "ｱ", "Ａ", "x", "İ", "ß",
)
# fmt: on
texts = st.lists(st.sampled_from(ALPHABET), max_size=40).map("".join)


def _patched(limit: int):
    """Every cut of a long text made at ``limit`` characters."""
    from answermatch.tasks.ntcir_dsqa import rules as ntcir_rules
    from answermatch.tasks.squad import rules as span_rules

    patches = [mock.patch.object(steps, "PIECE_CHARS", limit)]
    for module in (span_rules, ntcir_rules):
        patches.append(mock.patch.object(module, "PIECE_CHARS", limit))
    return patches


def _with(limit: int, function, *args):
    patches = _patched(limit)
    for patch in patches:
        patch.start()
    try:
        return function(*args)
    finally:
        for patch in reversed(patches):
            patch.stop()


@pytest.mark.parametrize("task", sorted(TASKS))
@settings(max_examples=60, deadline=None)
@given(text=texts, limit=st.sampled_from([1, 2, 3, 7]))
def test_normal_parts_make_up_the_normal_form(task, text, limit):
    """The parts of a long text's normal form, one after the other, are its
    normal form made whole, wherever the pieces are cut."""
    rules = get_task(task).gold_checks
    assert rules.normal_parts is not None
    for lang in TASKS[task]:
        whole = _with(10**9, rules.normalize, text, lang)
        parts = _with(limit, lambda lang=lang: list(rules.normal_form(text, lang)))
        assert "".join(parts) == whole, (task, lang, text, parts)
        assert normal_key(parts) == normal_key([whole])


def test_a_long_text_is_quoted_by_its_head():
    text = "Gdańsk " * 1000
    assert quoted(text[:QUOTE_CHARS]) == repr(text[:QUOTE_CHARS])
    assert quoted(text) == f"{text[:QUOTE_HEAD]!r}... (cut at 200 of 7,000 characters)"


def test_normal_key_is_the_text_or_its_digest():
    long = "ab" * QUOTE_CHARS
    key = normal_key(["ab" * 10, long[20:]])
    assert key == normal_key([long]) == LongText(len(long), key.digest, "")
    assert key != normal_key([long[:-1] + "c"]) and key != normal_key([long + "a"])
    assert quoted_key(key) == quoted(long)
    assert normal_key(["", "paris", "", " ", "france"]) == "paris france"
    assert normal_key([]) == ""


def _squad_gold(tmp_path, answers, start=0):
    qas = [{"id": "q1", "question": "?", "answers": [
        {"text": a, "answer_start": start} for a in answers]}]  # fmt: skip
    gold = {"version": "1.1", "data": [{"title": "t", "paragraphs": [
        {"context": "Paris is in France.", "qas": qas}]}]}  # fmt: skip
    path = tmp_path / "dev.json"
    path.write_text(json.dumps(gold, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_finding_on_a_long_answer_quotes_its_head(tmp_path):
    """An answer of 300,000 characters that answer_start misplaces: the
    finding quotes its first 200 characters, where it is cut and its length
    (it quoted the whole answer, and the context's as long slice)."""
    answer = "서울 특별시 " * 42_857 + "끝"
    found = check_gold("squad", _squad_gold(tmp_path, [answer], start=3))
    (finding,) = [f for f in found if f.code == "answer-start"]
    assert len(finding.message) < 2 * QUOTE_CHARS
    assert f"... (cut at 200 of {len(answer):,} characters)" in finding.message
    assert repr(answer[:QUOTE_HEAD]) in finding.message
    assert "the context has 'is is in France.' there" in finding.message


def test_long_variants_the_normalization_makes_equal_or_empty():
    """Two long variants that differ in case and punctuation only are the
    same after normalization; one of punctuation alone normalizes to
    nothing; the findings quote them cut."""
    rules = get_task("open-qa").gold_checks
    words = "Tokyo Tower, 1958! " * 20_000
    blank = "!?" * 70_000
    entry = Entry("q", 1, (words, words.lower(), blank), "en")
    found = {f.code: f.message for f in rules.run(GoldFile("g", [entry]))}
    normal = rules.normalize(words, "en")
    assert found["same-after-normalization"] == (
        f"q: {quoted(words)} and {quoted(words.lower())} both normalize to {quoted(normal)}"
    )
    assert found["normalizes-empty"] == f"q: {quoted(blank)} normalizes to an empty string"
    assert all(len(message) < 3 * QUOTE_CHARS for message in found.values())


@pytest.mark.parametrize("task", ["squad", "korquad", "mkqa", "open-qa", "xor-full", "ntcir-dsqa"])
def test_the_checks_do_not_hold_a_long_answers_normal_form(task):
    """Every check of the task on one question whose answers are a text
    (and its copy in upper case) of 300,000 then 1,200,000 characters: what
    the checks take above the texts grows by a small part of what the texts
    grow (the normal form was made whole for each check that reads it, and
    a finding quoted it whole; now a piece's at a time)."""
    lang = {"korquad": "ko", "ntcir-dsqa": "en"}.get(task, "en")
    rules = get_task(task).gold_checks
    rules.run(GoldFile("g", [Entry("q0", 1, ("warm up", "Warm up"), lang)]))

    def peak(size: int) -> tuple[int, int]:
        text = "Paris, France! the 1889 tower " * (size // 30)
        entry = Entry("q1", 1, (text, text.upper()), lang)
        return traced_peak(lambda: rules.run(GoldFile("g", [entry]))), sys.getsizeof(text)

    (small, small_size), (large, large_size) = peak(300_000), peak(1_200_000)
    assert large - small < (large_size - small_size) / 10, (task, small, large)
