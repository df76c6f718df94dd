"""A long answer of ``open-qa`` (issue 25) is normalized piece by piece, cut
just before ASCII spaces, where no rule of the ``squad``, ``xor-engspan``,
``xor-full`` and ``unicode`` presets, nor containment's preparation, reads
across: an exact match compares the normalized text part by part
(:class:`~answermatch.matchers.answers.JoinedKey`) instead of holding it
and a list of its words, containment searches the pieces' preparations
joined. Properties with tiny pieces, on texts of every language the task
takes and the characters its rules treat specially (articles, elided
articles, Arabic's prefix and diacritics, Hebrew points, Greek accents and
final sigmas, Turkish i's, Thai's sara am, combining marks after a space,
compatibility characters that decompose to a space, full- and half-width
forms, invisible characters, "." and "," between digits, whitespace of
every kind), compare every figure with the whole text's."""

from __future__ import annotations

import re
import string
import sys
import unicodedata
import warnings
from functools import partial
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.languages import supported_languages
from answermatch.matchers import _inputs, containment, contains_match, exact_match, token_f1
from answermatch.matchers.analysis import analyzer, normalized_key
from answermatch.matchers.answers import JoinedKey
from answermatch.normalization import (
    FIRM_CHARACTERS,
    FIRM_RUN,
    joined_parts_normalizer,
    normalize,
    parts_normalizer,
    steps,
)
from answermatch.normalization import (
    PRESETS as ALL_PRESETS,
)
from answermatch.normalization.steps import ARTICLES
from answermatch.tasks.open_qa import OpenQA
from conftest import traced_peak

FRAGMENTS = [
    "the", "The", "a", "An", "THE", "la", "El", "les", "l'", "L’", "der", "Die", "een", "il",
    "của", "là", "o", "um", "x", "Paris", "1914", "3", "3.5", "1,000", "0", ".", ",", "!", "-",
    "(", ")", "«", "»", "、", "。", "'", "’", "_", "$", "€", "Σ", "ΑΣ", "σ", "ς", "Ἀθῆναι", "ά",
    "İ", "I", "ı", "ß", "ﬁ", "Ǆ", "Ａ", "ﾄｳｷｮｳ", "ｶ\uff9e", "年", "歳", "人", "년", "서울은",
    "東京都", "です", "北京市", "น้ำ", "\u0e4d\u0e32", "ກ", "ក", "မ", "العربية", "ال", "الْقَاهِرَة",
    "ـ", "שָׁלוֹם", "ה", "काम", "বাংলা", "తెలుగు", "Việt", "e\u0301", "\u0301", "\u0308", "¨",
    "´", "\u0345", "\xad", "\u200b", "\u200d", "\ufeff", "\u3164", "😀",
    " ", " ", " ", " ", "  ", "\t", "\n", "\r\n", "\x0b", "\x0c", "\x1c", "\x1f", "\x85",
    "\xa0", "\u1680", "\u2000", "\u2009", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)
LANGUAGES = st.sampled_from([None, *supported_languages()])
SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
PRESETS = ["squad", "xor-engspan", "xor-full", "unicode"]


def _whole_and_pieces(function, *args, **options):
    """``function(*args, **options)`` with texts taken at once, and in
    pieces of about 3 characters."""
    with mock.patch.object(steps, "PIECE_CHARS", 10**9):
        whole = function(*args, **options)
    with mock.patch.object(steps, "PIECE_CHARS", 3):
        in_pieces = function(*args, **options)
    return whole, in_pieces


@SETTINGS
@given(text=TEXTS, lang=LANGUAGES, preset=st.sampled_from(PRESETS))
def test_the_normalized_parts_joined_are_the_normal_form(text, lang, preset):
    with mock.patch.object(steps, "PIECE_CHARS", 3):
        parts = list(parts_normalizer(preset, lang)(text))
    assert all(parts)
    assert " ".join(parts) == normalize(text, lang, preset)


# besides FRAGMENTS, what a text without spaces is cut in: firm characters
# (kana, Thai consonants, Hangul, ideographs), those beside them that are not
# (the prolonged sound mark, iteration marks, voiced marks, jamo, Thai vowels),
# runs of ASCII letters around articles
UNSPACED = [
    "あいうえお", "カタカナ", "ー", "ゝ", "ヽ", "゙", "゚", "ｶ", "ﾞ", "が",
    "กขค", "ำ", "ํ", "า", "เ", "่", "가나다", "ᄀ", "ᅡ", "ᆨ",
    "一二三", "丁", "人口", "abcdefgh", "ABCDEFGHI", "thethethe", "lesxyzwq", "l'abcdefgh",
    "Ithe", "einemeinem", "0123456789", "ΣΑΣ", "ábcdefgh",
]  # fmt: skip
JOINED_TEXTS = st.lists(st.sampled_from(FRAGMENTS + UNSPACED * 4), max_size=40).map("".join)


@SETTINGS
@given(
    text=JOINED_TEXTS,
    lang=LANGUAGES,
    preset=st.sampled_from(PRESETS),
    size=st.sampled_from([1, 2, 3, 5, 7, 8, 9, 12, 16]),
)
def test_the_joined_parts_are_the_normal_form(text, lang, preset, size):
    """Cut before ASCII spaces and between firm characters too, in pieces
    of a few characters (between runs of FIRM_RUN of them and ASCII
    letters where the pieces have FIRM_RUN characters at least)."""
    with mock.patch.object(steps, "PIECE_CHARS", size):
        parts = list(joined_parts_normalizer(preset, lang)(text))
    assert all(parts)
    assert "".join(parts) == normalize(text, lang, preset)


@SETTINGS
@given(
    text=JOINED_TEXTS,
    lang=LANGUAGES,
    preset=st.sampled_from(PRESETS),
    size=st.sampled_from([1, 2, 3, 5, 8, 12]),
)
def test_the_normalized_parts_of_long_stretches_are_the_normal_form(text, lang, preset, size):
    """A stretch without an ASCII space longer than two pieces is
    normalized from its joined parts: the parts joined by spaces are still
    the normal form."""
    with mock.patch.object(steps, "PIECE_CHARS", size):
        parts = list(parts_normalizer(preset, lang)(text))
    assert all(parts)
    assert " ".join(parts) == normalize(text, lang, preset)


def test_a_long_stretch_without_spaces_is_normalized_without_copies_of_it():
    """Each step of a preset copied a stretch without ASCII spaces whole
    (case folding, NFKC's buffers of 4 bytes a character, each
    substitution): 14 bytes a character of Thai at the peak. Its normal
    form is now made from its joined parts: the result, 2 bytes a
    character, and one part's copies."""
    from conftest import traced_peak

    text = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานครสำคัญ" * 50_000  # 2,100,000 characters
    for preset in PRESETS:
        parts = parts_normalizer(preset, "th")
        peak = traced_peak(lambda parts=parts: sum(map(len, parts(text))))
        assert peak < 3 * len(text), (preset, peak / len(text))


def _composition_seconds() -> set[str]:
    """Every character that is second in a canonical decomposition pair."""
    found = set()
    for code in range(0x110000):
        parts = unicodedata.decomposition(chr(code)).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            found.add(chr(int(parts[1], 16)))
    return found


def test_the_firm_characters_are_what_the_cut_needs():
    """Each firm character: a word character (re and regex), without case,
    neither Σ nor case-ignorable (Σ before it is final), a starter that NFKC
    and NFC keep and that is second in no composition (NFD starts with a
    starter), no counter and in no article; every preset keeps it in every
    language. An ASCII letter or digit stays one word character (in a
    word), and articles are shorter than FIRM_RUN."""
    import regex

    firm = re.compile(f"[{FIRM_CHARACTERS}]")
    chars = [chr(c) for c in range(0x110000) if firm.match(chr(c))]
    assert len(chars) > 30_000
    seconds = _composition_seconds()
    article_chars = set("".join(w for ws in ARTICLES.values() for w in ws)) | set("ال")
    for c in chars:
        assert re.match(r"\w", c) and regex.match(r"\w", c), c
        assert c.lower() == c.upper() == c.casefold() == c, c
        assert ("AΣ" + c + "B").lower()[1] == "ς", c  # not case-ignorable
        assert unicodedata.combining(c) == 0 and c not in seconds, c
        assert unicodedata.is_normalized("NFKC", c) and unicodedata.is_normalized("NFC", c), c
        assert unicodedata.combining(unicodedata.normalize("NFD", c)[0]) == 0, c
        assert c not in steps.XOR_COUNTERS and c not in article_chars, c
    joined = " ".join(chars)
    ascii_alnum = string.ascii_letters + string.digits
    for preset in PRESETS:
        assert ALL_PRESETS[preset].local_to_spaces
        for lang in [None, *supported_languages()]:
            assert normalize(joined, lang, preset) == joined, (preset, lang)
            for c in ascii_alnum:
                assert re.fullmatch(r"q\wq", normalize(f"q{c}q", lang, preset)), (c, preset)
    words = [w for ws in ARTICLES.values() for w in ws] + ["a", "an", "the", "l"]
    assert max(map(len, words)) < FIRM_RUN


def test_an_exact_match_of_a_text_without_spaces_holds_no_copy(monkeypatch):
    """600,000 characters of Japanese without a space were normalized at
    once (about 4 times the text); now a piece at a time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    text = ("東京都の人口は約1351万人で、日本の首都です。タワーは1958年に完成した。" * 20_000)[
        :600_000
    ]
    for preset in ("squad", "unicode"):
        golds = [normalize(text, "ja", preset), "東京"]
        exact_match("warm up", golds, lang="ja", preset=preset)
        assert exact_match(text, golds, lang="ja", preset=preset) == 1.0
        peak = traced_peak(partial(exact_match, lang="ja", preset=preset), text, golds)
        assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))


def _golds(prediction, others, data):
    """Golds that match ``prediction`` in some ways: itself, changed in
    case or spacing, a slice of it, and unrelated texts."""
    variants = [prediction, prediction.upper(), f" {prediction}  the", prediction.replace(" ", "")]
    if prediction:
        start = data.draw(st.integers(0, len(prediction) - 1))
        end = data.draw(st.integers(start + 1, len(prediction)))
        variants.append(prediction[start:end])
    chosen = data.draw(st.lists(st.sampled_from(variants), max_size=2))
    return [*chosen, *others] or [prediction]


@SETTINGS
@given(
    prediction=TEXTS,
    others=st.lists(TEXTS, max_size=2),
    lang=LANGUAGES,
    preset=st.sampled_from([*PRESETS, None]),
    data=st.data(),
)
def test_exact_match_of_a_long_text_is_the_whole_texts(prediction, others, lang, preset, data):
    """The official (``squad``) and fair (``unicode``) exact matches of
    open-qa, and the other presets that allow pieces."""
    golds = _golds(prediction, others, data)
    whole, in_pieces = _whole_and_pieces(exact_match, prediction, golds, lang=lang, preset=preset)
    assert in_pieces == whole


@SETTINGS
@given(
    prediction=TEXTS,
    others=st.lists(TEXTS, max_size=2),
    lang=LANGUAGES,
    preset=st.sampled_from([None, None, "squad", "unicode"]),
    data=st.data(),
)
def test_containment_of_a_long_text_is_the_whole_texts(prediction, others, lang, preset, data):
    """Containment (its own preparation), and the run of a preset's
    tokens (``containment-squad``)."""
    golds = _golds(prediction, others, data)
    whole, in_pieces = _whole_and_pieces(
        contains_match, prediction, golds, lang=lang, preset=preset
    )
    assert in_pieces == whole


def _with_warnings(function, *args, **options):
    """``function(*args, **options)`` and the warnings it gives (the
    warning about an unspaced text, given once a process, reset)."""
    _inputs._warned_unspaced = False
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = function(*args, **options)
    return found, [str(w.message) for w in caught]


def _f1_and_warnings(prediction, golds, **options):
    """token_f1 against the golds and against the first, and the warnings."""
    return _with_warnings(
        lambda: (token_f1(prediction, golds, **options), token_f1(prediction, golds[0], **options))
    )


@SETTINGS
@given(
    prediction=TEXTS,
    others=st.lists(TEXTS, max_size=2),
    lang=LANGUAGES,
    preset=st.sampled_from(PRESETS),
    unit=st.sampled_from(["word", "word", "char"]),
    data=st.data(),
)
def test_token_f1_of_a_long_text_is_the_whole_texts(prediction, others, lang, preset, unit, data):
    """Token F1 (open-qa's ``matcher=f1``; a list of golds and one gold),
    from the pieces' token counts where the tokens read each stretch
    between spaces alone, and the warning about an unspaced text."""
    golds = _golds(prediction, others, data)
    whole, in_pieces = _whole_and_pieces(
        _f1_and_warnings, prediction, golds, lang=lang, preset=preset, unit=unit
    )
    assert in_pieces == whole


@SETTINGS
@given(first=TEXTS, second=TEXTS, lang=LANGUAGES, preset=st.sampled_from(PRESETS))
def test_the_key_of_a_long_text_equals_what_the_normal_form_equals(first, second, lang, preset):
    """A :class:`JoinedKey` equals a string (either side of ``==``, or in a
    tuple) exactly when the normalized text does."""
    an = analyzer(lang, preset)
    with mock.patch.object(steps, "PIECE_CHARS", 3):
        key = normalized_key(an, first)
        other = an.normalize(second)
        normal = an.normalize(first)
        if len(first) > 3:
            assert type(key) is JoinedKey and len(key) == len(normal) and str(key) == normal
        assert (key == other) is (normal == other) is (other == key)
        assert (key in (other, "x")) is (normal in (other, "x"))
        assert key == normal


@settings(max_examples=60, deadline=None)
@given(
    prediction=TEXTS,
    others=st.lists(TEXTS, min_size=1, max_size=2),
    lang=LANGUAGES,
    data=st.data(),
)
def test_open_qa_scores_a_long_answer_as_the_whole(prediction, others, lang, data):
    """Every profile's items (score, rule, matched gold) and accuracy."""
    golds = [gold for gold in _golds(prediction, others, data) if gold.strip()] or ["x"]
    gold = [{"id": "q", "answers": golds, "lang": lang}]
    task = OpenQA()
    for profile, options in [(p, {}) for p in ("official", "fair", "containment", "lenient")] + [
        ("official", {"matcher": "f1"})
    ]:
        whole, in_pieces = _whole_and_pieces(
            _with_warnings, task.evaluate, gold, {"q": prediction}, profile, **options
        )
        assert in_pieces[0].items == whole[0].items and in_pieces[0].scores == whole[0].scores
        assert in_pieces[1] == whole[1]


WORDS = ["the", "quick", "brown", "Fox", "jumps", "over", "lazy", "dog", "in", "1914", "Paris,"]


def _long_text() -> str:
    text = " ".join(WORDS[k % len(WORDS)] for k in range(0, 120_000 * 7, 7))
    assert len(text) > 550_000
    return text


@pytest.mark.parametrize("preset", ["squad", "unicode"])
def test_an_exact_match_of_a_long_text_holds_no_copy(preset, monkeypatch):
    """600,000 characters in pieces of 4,096, against a gold of the same
    length (compared part by part) and a short one: the normalized text and
    a string object a word were held (about 10 times the text); now one
    piece at a time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    text = _long_text()
    golds = [normalize(text, "en", preset).upper(), "the lazy dog"]
    exact_match("warm up", golds, lang="en", preset=preset)
    assert exact_match(text, golds, lang="en", preset=preset) == 1.0
    peak = traced_peak(partial(exact_match, lang="en", preset=preset), text, golds)
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))


def test_containment_of_a_long_text_holds_no_copy(monkeypatch):
    """Containment searches the prepared pieces one after the other (a gold
    spanning two of them found too), where it held the prepared text and a
    list of its words (about 10 times the text)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    monkeypatch.setattr(containment, "_WINDOW", 4096)
    text = _long_text()
    contains_match("warm up", ["lazy dog"], lang="en")
    assert contains_match(text, ["lazy dog 1914"], lang="en") == 0.0
    assert contains_match(text, ["paris lazy brown"], lang="en") == 1.0
    across = text[text.rindex(" ", 0, 4090) + 1 : text.index(" ", 4110)]  # the first cut
    assert contains_match(text, [across, "dog quick"], lang="en") == 1.0
    peak = traced_peak(partial(contains_match, lang="en"), text, ["lazy dog 1914"])
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))


def test_a_long_text_in_a_segmented_language_is_prepared_in_pieces(monkeypatch):
    """Japanese (its segmenter reads across spaces) searches the whole
    prepared text, prepared piece by piece: the same verdicts."""
    text = "東京 は 日本 の 首都 です 1914 年 " * 40
    for gold in ("首都 です", "京 は", "日本の首都", "1914 年 東京"):
        whole, in_pieces = _whole_and_pieces(contains_match, text, [gold], lang="ja")
        assert in_pieces == whole


def test_token_f1_of_a_long_text_holds_its_counts(monkeypatch):
    """Token F1 of 600,000 characters counts each piece's tokens and drops
    them (a string object a word and their list were held)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    text = _long_text()
    golds = ["the lazy dog", "Paris 1914"]
    token_f1("warm up", golds, lang="en", preset="squad")
    whole = token_f1(text, golds, lang="en", preset="squad")
    peak = traced_peak(partial(token_f1, lang="en", preset="squad"), text, golds)
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))
    monkeypatch.setattr(steps, "PIECE_CHARS", 10**9)
    assert token_f1(text, golds, lang="en", preset="squad") == whole
