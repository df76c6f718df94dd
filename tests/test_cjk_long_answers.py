"""A long Korean or Chinese answer of the SQuAD family (KorQuAD official
and fair, MLQA/XQuAD zh, issue 25) is cut just before a space that follows
a Hangul syllable or a CJK ideograph of U+4E00..U+9FA5, as after an ASCII
character other than a digit: no rule reads across (NFKC keeps both and
composes nothing with a space, neither is a digit, cased or punctuation,
jieba's words never hold a space). Properties with tiny pieces on texts of
Korean and Chinese words, jamo that compose with a syllable before them,
compatibility ideographs and radicals NFKC changes, full-width and circled
digits, numbers across spaces and spaces of every kind compare the key, the
units and the figures with the whole text's; the analysis holds counts."""

from __future__ import annotations

import random
import sys
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.matchers.answers import CountedTokens
from answermatch.normalization import steps
from answermatch.tasks import korquad
from answermatch.tasks.squad import mlqa
from answermatch.tasks.squad import rules as span_rules
from answermatch.tasks.squad.scoring import pair_scorer
from answermatch.tasks.squad.tasks import FAIR
from conftest import traced_peak

FRAGMENTS = [
    "서울", "은", "대한민국", "의", "가", "각", "ᆨ", "ᄀ", "ᅡ", "\u3164", "ﾡ", "중국", "中", "国",
    "红楼梦", "一千二百", "万", "第", "2千万",
    "曹雪芹", "豈", "⼀", "鿿", "㐀", "年", "년", "명", "《", "》", "“", "”", "。", "、", "'", "(",
    "1", "000", "1 000", "１", "①", "٣", "6397", ",", ".", "Σ", "ΑΣ", "the", "\u0301", "\u200b",
    " ", " ", " ", "  ", "\xa0", "\u3000", "\t", "\n", "\u2009",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)

CASES = [
    ("korquad", korquad.OFFICIAL, "ko"),
    ("korquad fair", korquad.FAIR, "ko"),
    ("mlqa zh", mlqa.PROFILES["official"], "zh"),
    ("mlqa zh fair", mlqa.PROFILES["fair"], "zh"),
    ("squad fair ko", FAIR, "ko"),
    # characters as units and numbers read by value in Chinese: cut between ideographs too
    ("korquad by value zh", korquad.OFFICIAL.replace(numbers=span_rules.numbers_by_value), "zh"),
]


def _patched(limit):
    return (
        mock.patch.object(steps, "PIECE_CHARS", limit),
        mock.patch.object(span_rules, "PIECE_CHARS", limit),
    )


def _analysed(rules, lang, text, limit):
    first, second = _patched(limit)
    with first, second:
        return rules.analyzer(lang)(text)


@pytest.mark.parametrize(("task", "rules", "lang"), CASES, ids=[c[0] for c in CASES])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, piece=st.integers(1, 12))
def test_pieces_give_the_whole_texts_key_and_units(task, rules, lang, text, piece):
    key, units = _analysed(rules, lang, text, piece)
    whole_key, whole_units = _analysed(rules, lang, text, 10**9)
    assert key == whole_key and whole_key == key, (task, text)
    assert list(units) == list(whole_units) and len(units) == len(whole_units), (task, text)


@pytest.mark.parametrize(("task", "rules", "lang"), CASES, ids=[c[0] for c in CASES])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prediction=TEXTS,
    answers=st.lists(TEXTS, min_size=1, max_size=3),
    piece=st.integers(1, 12),
)
def test_long_texts_score_as_the_whole_texts(task, rules, lang, prediction, answers, piece):
    def figures(limit):
        first, second = _patched(limit)
        with first, second:
            score = pair_scorer(rules.analyzer(lang), rules.empty_f1)
            return score(prediction, tuple(answers)), score(answers[0], (prediction,))

    assert figures(piece) == figures(10**9), (task, prediction, answers)


KOREAN = "서울 은 대한민국 의 수도 이다 1914 년 "
CHINESE = "曹雪芹 是 清代 作家 长江 全长 6397 公里 "


@pytest.mark.parametrize(
    ("task", "rules", "lang", "words"),
    [
        ("korquad", korquad.OFFICIAL, "ko", KOREAN),
        ("korquad fair", korquad.FAIR, "ko", KOREAN),
        ("mlqa zh fair", mlqa.PROFILES["fair"], "zh", CHINESE),
    ],
)
def test_words_after_hangul_and_han_are_counted_in_pieces(task, rules, lang, words, monkeypatch):
    """200,000 characters of words whose spaces all follow a Hangul
    syllable, a CJK ideograph or a digit (the audit's text): none was a
    cut, so the whole text was analysed at once (KorQuAD 7 and 23 times
    the text's size, MLQA zh fair 25 times); now counts, a piece at a
    time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1024)
    text = (words * (200_000 // len(words)))[: 200_000 - 7] + " 6397 ①"
    analyse = rules.analyzer(lang)
    analyse("暖 1")  # the number reader and the tokenizer loaded
    _, units = analyse(text)
    assert type(units) is CountedTokens
    peak = traced_peak(analyse, text)
    assert peak < sys.getsizeof(text) // 2, (task, peak, sys.getsizeof(text))


def test_a_korean_long_answer_has_the_same_figures_through_the_task():
    """KorQuAD's task, both profiles, a long answer in pieces of 256."""
    rng = random.Random(4)
    words = [*KOREAN.split(), "《토지》", "1,000명", "(서울)"]
    text = " ".join(rng.choice(words) for _ in range(2_000))
    question = {"id": "q1", "question": "?", "answers": [{"text": "대한민국", "answer_start": 0}]}
    long = {"id": "q2", "question": "?", "answers": [{"text": text, "answer_start": 0}]}
    data = [{"title": "t", "paragraphs": [{"context": "대한민국", "qas": [question, long]}]}]
    gold = {"version": "KorQuAD_v1.0_dev", "data": data}
    for profile in ("official", "fair"):

        def run(limit, profile=profile):
            first, second = _patched(limit)
            with first, second:
                result = korquad.KorQuAD().evaluate(gold, {"q1": text, "q2": text}, profile)
            return result.scores, [(i["em"], i["f1"]) for i in result.items]

        assert run(256) == run(10**9)


def test_chinese_without_spaces_is_cut_before_its_characters_under_mlqa(monkeypatch):
    """MLQA's official zh rule (each character of U+4E00..U+9FA5 a token,
    the rest split at whitespace) reads nothing across the place before such
    a character: 200,000 characters of sentences without a space are
    counted a piece at a time (they were tokenized at once, a string a
    character: 33 times the text's size), with the same figures."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1024)
    sentence = "曹雪芹是清代作家，著有《红楼梦》。长江全长6397公里，ΑΣ流经11个省级行政区。"
    text = (sentence * (200_000 // len(sentence)))[:200_000]
    analyse = mlqa.PROFILES["official"].analyzer("zh")
    analyse("暖 1")
    key, units = analyse(text)
    assert type(units) is CountedTokens and key is units
    assert list(units) == list(_analysed(mlqa.PROFILES["official"], "zh", text, 10**9)[1])
    peak = traced_peak(analyse, text)
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))


@pytest.mark.parametrize("rules", [korquad.OFFICIAL, korquad.FAIR], ids=["official", "fair"])
@pytest.mark.parametrize(
    "sentence",
    [
        "서울은대한민국의수도이다.1914년《토지》ΑΣ각나",
        "北京是中国的首都。长城有6397公里《红楼梦》ΑΣ曹雪芹",
    ],
    ids=["korean", "chinese"],
)
def test_korean_without_spaces_is_cut_between_its_syllables(rules, sentence, monkeypatch):
    """KorQuAD's rules keep Hangul syllables and read nothing across two
    of them (its F1 counts characters; its key's pieces are joined there
    without a space): 200,000 characters of Korean without spaces are
    counted a piece at a time (8 and 39 times the text's size before), with the
    whole text's key and units. So is Chinese, between its ideographs (4.6 times
    its UTF-8 before, under KorQuAD's rules: a string object for each token)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1024)
    text = (sentence * (200_000 // len(sentence)))[:200_000]
    analyse = rules.analyzer("ko")
    analyse("暖 1")
    key, units = analyse(text)
    whole_key, whole_units = _analysed(rules, "ko", text, 10**9)
    assert type(units) is CountedTokens and key == whole_key and str(key) == whole_key
    assert list(units) == list(whole_units)
    peak = traced_peak(analyse, text)
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))


def test_hangul_is_not_cut_where_a_rule_reads_across_it():
    """Arabic's article prefix is dropped from words that keep two letters
    (it reads the word's length across syllables): SQuAD's fair rules with
    KorQuAD's units are not cut between syllables."""
    assert korquad.OFFICIAL._in_words() and korquad.FAIR._in_words()
    assert not FAIR.replace(units="characters")._in_words()
    text = "ال서울 " * 3
    rules = FAIR.replace(units="characters")
    assert _analysed(rules, "ar", text, 2) == _analysed(rules, "ar", text, 10**9)


@pytest.mark.parametrize(
    "sentence",
    [
        "北京是中国的首都。长城有6397公里《红楼梦》ΑΣ曹雪芹",
        "東京は日本の首都です。「源氏物語」を読んだ",
    ],
    ids=["chinese", "japanese"],
)
def test_check_gold_reads_a_long_answer_without_spaces_in_pieces(sentence, monkeypatch):
    """``check-gold`` of KorQuAD reads a long answer's normal form as its
    scoring does, cut between ideographs too: up to its first part that is
    not blank, and by digest (was made whole, beside its tokens, for Chinese
    and Japanese written without spaces: 5.2 and 3.1 times the gold)."""
    from answermatch.checks import Entry, GoldFile, normal_key

    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    monkeypatch.setattr(span_rules, "PIECE_CHARS", 1024)
    text = (sentence * (400_000 // len(sentence)))[:400_000]
    rules = korquad.KorQuAD.gold_checks
    parts = list(rules.normal_form(text, "ko"))
    assert len(parts) > 100 and "".join(parts) == rules.normalize(text, "ko")
    assert normal_key(parts) == normal_key([rules.normalize(text, "ko")])
    rules.run(GoldFile("g", [Entry("q0", 1, ("暖 1",), "ko")]))
    entry = Entry("q1", 1, (text, text + "。", "《" + text + "》"), "ko")
    found = []
    peak = traced_peak(lambda: found.extend(rules.run(GoldFile("g", [entry]))))
    assert [f.code for f in found] == [], found
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))
