"""PolEval 2021 QA: a long answer judged piece by piece (issue 25).

An answer longer than :data:`~answermatch.tasks.poleval2021.fuzzy.LONG` is
read in pieces cut at Haskell spaces, its number found piece by piece and
its case-mapped text held coded at one byte a character; a line of a file is
packed part by part as it is read. Each figure is checked against the
whole-text path (``LONG`` out of reach), on random texts made of the
characters where the rules are delicate; and the peak of scoring a long
answer against twice the file's size, which the whole-text path exceeded.
"""

from __future__ import annotations

import io
import random
import sys
import unicodedata
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.items as items
import answermatch.normalization.steps as steps
import answermatch.sources as sources
from answermatch.commands.explain import write
from answermatch.diagnostics import Diagnostics
from answermatch.explain import explanations
from answermatch.goldcheck import check_gold
from answermatch.items import TextColumn
from answermatch.matchers.answers import CountedTokens, JoinedKey
from answermatch.outputs import json_array_chunks
from answermatch.tasks import get_task
from answermatch.tasks.base import Inputs
from answermatch.tasks.poleval2021 import case, fuzzy, goldchecks, numbers, reading
from answermatch.tasks.poleval2021 import explain as poleval_explain
from answermatch.tasks.poleval2021.explain import explain_lines
from answermatch.tasks.poleval2021.fuzzy import FuzzyAccuracy
from answermatch.tasks.poleval2021.geval import (
    HASKELL_SPACES,
    _stripped_parts,
    haskell_pieces,
    haskell_strip,
    haskell_words,
    read_stripped_lines,
)
from conftest import REPO, traced_peak

EXAMPLES = REPO / "examples"

#: the peak of a call, its answermatch warnings ignored (these readers warn by design)
_peak = partial(traced_peak, quiet=True)

_WORDS = [
    "Warszawa", "warszawie", "w", "XIV", "IIX", "xiv", "1410", "05", "-5.5", "3,5", "+.5", "?",
    "İSTANBUL", "ΟΔΟΣ", "Σ", "ŁÓDŹ", "zażółć", "ＣＯＶＩＤ", "Straße", "ﬁ", "\u0301", "x\u0301",
    "ǅ", "☃", "\x00", "ÿ", "a.b", "MCMXC", "١٢", "Kraków,",
]  # fmt: skip
_SPACES = [" ", "  ", "\t", "\u3000", "\xa0", "\u2028", "\x85", "\x1c", "\u200b", ""]


def _text(rng: random.Random, words: int) -> str:
    return "".join(rng.choice(_WORDS) + rng.choice(_SPACES) for _ in range(words)).strip(" ")


def _line(rng: random.Random) -> list[str]:
    variants = []
    for _ in range(rng.randrange(1, 4)):
        kind = rng.random()
        if kind < 0.15:
            variants.append("")
        elif kind < 0.3:  # the answer's own words (a fuzzy match, or a long variant)
            variants.append(_text(rng, rng.randrange(1, 30)).replace("\t", " "))
        else:
            variants.append(_text(rng, rng.randrange(1, 4)).replace("\t", " "))
    return variants


def _verdicts(scheme, answers, lines, long):
    fuzzy.LONG = long
    try:
        listed = list(scheme.judge_lines(list(answers), ["\t".join(v) for v in lines]))
        packed = list(scheme.judge_lines(TextColumn(answers), ["\t".join(v) for v in lines]))
        alone = [scheme.judge(a, v) for a, v in zip(answers, lines, strict=True)]
        return listed, packed, alone
    finally:
        fuzzy.LONG = 1 << 16


def _custom_lower(text: str) -> str:  # a case mapping the long path gives the whole text
    return text.upper()[::-1]


_SCHEMES = [
    FuzzyAccuracy(),
    FuzzyAccuracy(number="NumberValue", lower="CaseFoldNFKC"),
    FuzzyAccuracy(lower=_custom_lower, threshold=0.2),
]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("scheme", _SCHEMES, ids=["official", "fair", "custom"])
def test_long_answers_judged_in_pieces_are_judged_as_whole(monkeypatch, seed, scheme):
    """Every answer judged piece by piece (LONG = 0, pieces of a few
    characters, from a list and from a packed column) gets the verdict of
    the whole text: matched, variant, rule, similarity, distance, numbers."""
    rng = random.Random(seed)
    answers = [_text(rng, rng.randrange(0, 60)) for _ in range(60)]
    lines = [_line(rng) for _ in answers]
    for k in range(0, 60, 7):  # a variant equal to the answer, case aside
        lines[k].append(answers[k].upper().replace("\t", " "))
    whole = _verdicts(scheme, answers, lines, 1 << 40)
    assert whole[0] == whole[1] == whole[2]
    monkeypatch.setattr(steps, "PIECE_CHARS", rng.choice([1, 3, 8]))
    monkeypatch.setattr(items, "_PIECE", rng.choice([1, 2, 5]))
    monkeypatch.setattr(items.TextColumn.parts, "__defaults__", (items._PIECE,))
    for pieces in _verdicts(scheme, answers, lines, 0):
        assert pieces == whole[0]
    assert any(v.matched for v in whole[0]) and not all(v.matched for v in whole[0])


def test_codes_keep_the_distance_when_latin1_runs_out_or_the_alphabet_is_large():
    """An answer holding every Latin-1 character (no spare one to move an
    alphabet's character to) and a variant of 300 distinct characters."""
    latin1 = "".join(map(chr, range(1, 256))).replace("\t", "")
    wide = "".join(map(chr, range(0x100, 0x100 + 300)))
    answer = (latin1 + " żółw " + wide[:40]) * 3
    scheme = FuzzyAccuracy()
    for variants in (["żółw " + latin1[60:90]], [wide], [wide[:40] + " żółw"]):
        whole = scheme.judge(answer, variants)
        fuzzy.LONG = 0
        try:
            assert scheme.judge(answer, variants) == whole
        finally:
            fuzzy.LONG = 1 << 16
        assert whole.distance is not None


@pytest.mark.parametrize("seed", range(4))
def test_pieces_cut_at_haskell_spaces_and_stripped_parts_give_the_whole_line(seed):
    rng = random.Random(seed)
    for _ in range(50):
        text = rng.choice(["", " ", "\u3000 "]) + _text(rng, rng.randrange(0, 20))
        text += rng.choice(["", " ", "\xa0\t", "\u2028"])
        cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randrange(5))))
        parts = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        pieces = list(haskell_pieces(parts))
        assert "".join(pieces) == text
        assert all(p and (k == 0 or p[0] in HASKELL_SPACES) for k, p in enumerate(pieces))
        assert "".join(_stripped_parts(parts)) == haskell_strip(text)


@pytest.mark.parametrize("part", [3, 64])
def test_long_lines_read_part_by_part_are_the_lines_read_whole(tmp_path, monkeypatch, part):
    rng = random.Random(part)
    lines = [
        _text(rng, rng.randrange(0, 300)) + rng.choice(["", " \r", "\u3000"]) for _ in range(30)
    ]
    path = tmp_path / "out.tsv"
    path.write_text("\n".join(lines) + rng.choice(["", "\n"]), encoding="utf-8")
    monkeypatch.setattr(sources, "PART_BYTES", part)
    read = list(read_stripped_lines(path, Diagnostics()))
    expected = [haskell_strip(line.replace("\r", "")) for line in lines]
    assert read == expected


def test_a_long_answer_is_scored_within_twice_its_file(tmp_path, monkeypatch):
    """One answer of 4,400,000 characters, Polish letters among them: read
    into a string joined from its pieces, then case-mapped whole beside it,
    scoring held about five times the file (a string at two bytes a
    character, its lower-case copy and the pieces of both); now the file's
    bytes and the answer coded at one byte a character, besides a constant
    (the pieces being read and coded)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    rng = random.Random(3)
    words = ["Warszawa", "w", "XIV", "wieku", "czterech", "1410", "Kraków,", "zażółć"]
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("Warszawa\tw Warszawie\tXIV wiek\n", encoding="utf-8")
    text = " ".join(rng.choice(words) for _ in range(800_000))
    pred.write_text(text + "\n", encoding="utf-8")
    size = pred.stat().st_size
    task = get_task("poleval2021")
    assert task.evaluate(["tak"], ["tak"]).scores == {"accuracy": 100.0}  # imports, caches
    result = task.evaluate(str(gold), str(pred))
    item = result.items[0]
    assert (item["score"], item["best_variant"], item["rule"]) == (0.0, 0, "fuzzy")
    # d >= n - m, and the variant's letters are found in order in the answer
    assert item["distance"] == len(text) - len("Warszawa")
    peak = _peak(task.evaluate, str(gold), str(pred))
    assert peak < 2 * size + (3 << 20), (peak, size)  # 2.4 times before the constant


def test_a_long_answer_without_a_space_is_case_mapped_in_parts(tmp_path, monkeypatch):
    """One answer of 4,000,000 characters without a space is one piece cut
    at Haskell spaces: it was held whole as joined from the file's parts,
    then case-mapped beside it (five times the file). GEval's lower case
    maps one character at a time, so it now reads the column's parts."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("Warszawa\tw Warszawie\n", encoding="utf-8")
    text = "WarszawaKRAKÓWzażółć" * 200_000
    pred.write_text(text + "\n", encoding="utf-8")
    size = pred.stat().st_size
    task = get_task("poleval2021")
    assert task.evaluate(["tak"], ["tak"]).scores == {"accuracy": 100.0}  # imports, caches
    item = task.evaluate(str(gold), str(pred)).items[0]
    assert (item["score"], item["rule"], item["distance"]) == (0.0, "fuzzy", len(text) - 8)
    peak = _peak(task.evaluate, str(gold), str(pred))
    assert peak < 1.5 * size + (3 << 20), (peak, size)


# explain: a long answer's case-mapped text and words by pieces


def _explained(scheme, answers, lines, long):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(poleval_explain, "LONG", long)
        found = list(explain_lines(Inputs(lines, answers), scheme, "official"))
    text = "\n\n".join(e.to_text() for e in found)
    return found, text, "".join(json_array_chunks((e.json_ready() for e in found), indent=1))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("scheme", _SCHEMES, ids=["official", "fair", "custom"])
def test_a_long_answers_explanation_is_the_whole_texts(monkeypatch, seed, scheme):
    """Answers explained piece by piece (LONG = 0, pieces of a few
    characters: cut inside words of letters whose case mapping changes
    their length) print the text and JSON of the whole-text views."""
    rng = random.Random(seed)
    answers = [_text(rng, rng.randrange(0, 40)) for _ in range(25)]
    lines = [_line(rng) for _ in answers]
    whole, text, as_json = _explained(scheme, answers, lines, 1 << 40)
    monkeypatch.setattr(steps, "PIECE_CHARS", rng.choice([1, 3, 8]))
    pieces, pieces_text, pieces_json = _explained(scheme, answers, lines, 0)
    assert (pieces_text, pieces_json) == (text, as_json)
    assert [e.whole() for e in pieces] == whole
    # read from a column's parts of a few bytes (cut inside characters' runs)
    monkeypatch.setattr(items, "_PIECE", rng.choice([1, 2, 5]))
    monkeypatch.setattr(items.TextColumn.parts, "__defaults__", (items._PIECE,))
    column, column_text, column_json = _explained(scheme, TextColumn(answers), lines, 0)
    assert (column_text, column_json) == (text, as_json)
    assert [e.whole() for e in column] == whole
    raws = {type(e.prediction.raw) for e in column if str(e.prediction.raw)}
    assert raws == ({JoinedKey} if scheme.lower in fuzzy.BY_PARTS else {str})
    held = {type(e.prediction.tokens) for e in pieces if e.prediction.raw}
    # (a case mapping not known to map pieces as the whole: the whole text's)
    assert held == ({CountedTokens} if scheme.lower in fuzzy.BY_PARTS else {tuple})


def test_a_long_answers_explanation_holds_no_copy_of_its_words(tmp_path):
    """One answer of 1,080,000 characters explained and written out: its
    words were a list and a tuple (57 bytes a word and 16 for its two
    places), beside its lower-case copy; now they are counted and their
    order coded, a byte a word here, and its lower-case text is made again
    piece by piece when written."""
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("alfa\t4\n", encoding="utf-8")
    answer = "zażółć gęślą jaźń " * 60_000
    pred.write_text(answer + "\n", encoding="utf-8")
    found = explanations("poleval2021", gold, pred)

    def write_all():
        with open(tmp_path / "explained.txt", "w", encoding="utf-8") as out:
            write(found, out, as_json=False)

    peak = _peak(write_all)
    written = (tmp_path / "explained.txt").read_text(encoding="utf-8")
    assert written.count(" | ") == 3 * 60_000 - 1  # every word shown
    # the answer (2.2 MB as a str) decoded and its pieces judged: 5.1 MB
    # traced; with its words listed and its lower-case copy, 22.9 MB
    assert peak < 9_000_000, peak


# the fair profile's folding, a piece at a time: NFKC is cut only before a
# character that it never joins to what precedes it

#: Characters where NFKC and case folding are delicate: combining marks of
#: several classes (reordered, composed), characters composed with the one
#: before them (Hangul vowels and final consonants, Indic vowel signs, the
#: kana voicing marks), what they compose with (Hangul leading consonants and
#: syllables, Latin letters, kana, Indic consonants), compatibility forms
#: (half-width kana, ligatures, full-width letters, ㎏), foldings that give
#: several characters or a combining mark (ß, İ, ŉ, ΐ, ǰ), the
#: ypogegrammeni (class 240, folded to ι), starters decomposing to combining
#: marks (U+0F73), singletons (Ω K Å) and composition exclusions (U+0958).
_DELICATE = (
    "aAeEoOuUiIsSwWßİıŉΐǰΣσςΩΩKÅÅ\u0345\u1fb3\u0f73\u0f71\u0f72\u0958\u0915\u093c"
    "\u0300\u0301\u0302\u0308\u0323\u0327\u0328\u031b\u0306\u0307\u302a\u05b0"
    "\u1100\u1112\u1161\u1175\u11a8\u11c2\uac00\uac01\ud7a3"
    "\u0b47\u0b3e\u0b56\u0b57\u0bc6\u0bbe\u0bd7\u0dd9\u0dcf\u0ddf\u1025\u102e"
    "\u304b\u3099\u309a\u309b\uff76\uff9e\uff9f\u30bf\ufb01\uff21\uff41\u338f\u2460"
    " \xa0\u3000\u200b\U0001d400\U00011131\U00011127\U0001133e\U00011347"
)
_delicate_text = st.text(
    alphabet=st.one_of(st.sampled_from(_DELICATE), st.characters(exclude_categories=["Cs"])),
    max_size=40,
)


def _cut_at(text: str, cuts: list[int]) -> list[str]:
    at = sorted({min(cut, len(text)) for cut in cuts})
    return [text[a:b] for a, b in zip([0, *at], [*at, len(text)], strict=True)]


@settings(max_examples=3000, deadline=None)
@given(_delicate_text, st.lists(st.integers(0, 40), max_size=12))
def test_nfkc_and_folding_by_pieces_are_the_whole_texts(text, cuts):
    """The text in parts cut anywhere: NFKC and the fair folding of its
    pieces, joined, are those of the whole text, whatever the cuts."""
    parts = _cut_at(text, cuts)
    assert "".join(steps.nfkc_pieces(parts)) == unicodedata.normalize("NFKC", text)
    assert "".join(case.fold_parts(parts)) == case._fold(text)


@settings(max_examples=2000, deadline=None)
@given(_delicate_text, st.sampled_from(_DELICATE), _delicate_text)
def test_a_character_that_starts_anew_is_normalized_apart_from_what_precedes_it(
    before, char, after
):
    """The cut's property itself, around every delicate character: where
    ``char`` starts anew, NFKC of ``before + char + after`` is that of
    ``before`` followed by that of ``char + after``."""
    whole = unicodedata.normalize("NFKC", before + char + after)
    apart = unicodedata.normalize("NFKC", before) + unicodedata.normalize("NFKC", char + after)
    assert steps.starts_anew(char) <= (whole == apart)


def test_the_characters_composed_with_the_one_before_them_never_start_anew():
    """Every character that NFC composes with some character before it
    (found by composing each canonical pair, Hangul's jamo included) is not
    a cut; letters, kana, ideographs, Hangul syllables and Thai are."""
    seconds = steps.composition_seconds()
    for point in range(0x110000):
        fields = unicodedata.decomposition(chr(point)).split()
        if len(fields) == 2 and not fields[0].startswith("<"):
            assert not steps.starts_anew(chr(int(fields[1], 16)))
    for lead, vowel, final in [("\u1100", "\u1161", "\u11a8"), ("\u1112", "\u1175", "\u11c2")]:
        assert unicodedata.normalize("NFC", lead + vowel + final) != lead + vowel + final
        assert vowel in seconds and final in seconds
        assert not steps.starts_anew(vowel) and not steps.starts_anew(final)
    assert all(map(steps.starts_anew, "aZ0ąカ東京가ก ,"))


@pytest.mark.parametrize("text", ["e\u0301" * 3000, "\u0301" * 5000, "ｶﾞ" * 4000])
def test_a_text_without_a_cut_is_folded_whole(monkeypatch, text):
    """A long run of combining marks has no cut: it is held and normalized
    whole, the same result."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 7)
    assert case.fold(text) == case._fold(text)


def test_a_long_answer_without_a_space_is_folded_in_parts(tmp_path, monkeypatch):
    """The fair profile with one answer of 4,000,000 characters without a
    space: it was folded whole (NFKC, its case-folded copy, NFKC again,
    beside the answer as joined from the file's parts: five times the
    file); now a piece at a time from the column's parts."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("Warszawa\tw Warszawie\n", encoding="utf-8")
    text = "WarszawaKRAKÓWＳＴＲＡßＥｶﾞ東京" * 150_000
    pred.write_text(text + "\n", encoding="utf-8")
    size = pred.stat().st_size
    task = get_task("poleval2021")
    options = {"profile": "fair"}
    assert task.evaluate(["tak"], ["tak"], **options).scores == {"accuracy": 100.0}
    item = task.evaluate(str(gold), str(pred), **options).items[0]
    assert (item["score"], item["rule"]) == (0.0, "fuzzy")
    assert item["distance"] == len(case._fold(text)) - 8
    peak = _peak(partial(task.evaluate, **options), str(gold), str(pred))
    assert peak < 1.5 * size + (3 << 20), (peak, size)


@settings(max_examples=1000, deadline=None)
@given(_delicate_text, st.integers(1, 9))
def test_geval_lower_of_a_text_cut_anywhere_is_that_of_the_whole(text, size):
    """GEval's lower case maps each character alone (``İ`` to ``i``, ``Σ``
    to ``σ`` wherever it is): a long text is mapped a piece at a time."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "CASE_PIECE_CHARS", size)
        pieces = case.haskell_lower(text)
    assert pieces == case._lower(text)
    assert case.haskell_lower("ΟΔΟΣ İ" * size) == "οδοσ i" * size


def test_a_long_gold_answer_of_thai_is_checked_within_twice_its_file(tmp_path, monkeypatch):
    """``check-gold`` of a gold line with a variant of 1,200,000 Thai
    characters twice: the line was decoded whole (through a buffer of two
    bytes a byte) and split, and GEval's lower case of the variant made
    whole (a buffer of 12 bytes a character): four times the file. The line
    is now split as it is decoded part by part, and a text that no piece's
    mapping changes is its own lower case. The findings are those of the
    whole-text path."""
    gold = tmp_path / "expected.tsv"
    text = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร" * 32_000
    gold.write_text(f"{text}\talfa\t{text}\n52\n", encoding="utf-8")
    size = gold.stat().st_size
    assert goldchecks.normalize(text, "pl") is text
    found = check_gold("poleval2021", str(gold))
    assert {f.code for f in found} >= {"duplicate-variant"}
    peak = _peak(check_gold, "poleval2021", str(gold))
    assert peak < 2 * size + (3 << 20), (peak, size)  # 28.7 MB before, 4 times
    monkeypatch.setattr(steps, "CASE_PIECE_CHARS", 1 << 40)
    monkeypatch.setattr(fuzzy, "LONG", 1 << 40)
    monkeypatch.setattr(reading, "LONG", 1 << 40)
    assert check_gold("poleval2021", str(gold)) == found


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab\tł東\u0301", max_size=30), st.lists(st.integers(0, 30), max_size=8))
def test_a_line_split_from_its_parts_is_the_line_split_whole(line, cuts):
    assert reading.split_parts(_cut_at(line, cuts)) == line.split("\t")


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="IVXLCDMiv1 \t\xa0\u2003\x85,.ąΣİ", max_size=30), st.integers(1, 9))
def test_roman_words_and_normal_parts_are_those_of_the_words_and_the_whole(text, size):
    """The Roman numeral words found without listing every word are those
    of Haskell's ``words``; a variant's normal form in parts is the whole's."""
    expected = [w for w in haskell_words(text) if numbers.roman_to_int(w) is not None]
    assert list(numbers.roman_words(text)) == expected
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "CASE_PIECE_CHARS", size)
        parts = list(goldchecks.normal_parts(text, "pl"))
    assert "".join(parts) == goldchecks.normalize(text, "pl")


def test_a_long_variant_read_as_a_roman_numeral_is_quoted_by_its_start(tmp_path):
    """The roman-word finding quoted its variant whole (a copy of a long
    answer in the finding); it now quotes its first 200 characters."""
    gold = tmp_path / "expected.tsv"
    gold.write_text("witamina C " + "wiek " * 100_000 + "\n", encoding="utf-8")
    [finding] = [f for f in check_gold("poleval2021", str(gold)) if f.code == "roman-word"]
    assert "(cut at 200 of 500,010 characters): the word 'C' is read as" in finding.message
    assert len(finding.message) < 400


def test_a_long_answer_is_explained_from_its_column(tmp_path, monkeypatch):
    """``explain`` of a long answer read from the file: it was decoded whole
    beside its column and coded for the distance (three times the file, 13.3
    MB here); it is now judged and shown from the column's parts, a run
    without a space decoded once, as its one word, after the distance is
    found. The text and JSON written are those of the whole-text path."""
    text = "WarszawaKrakow" * 300_000
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("alfa\t4\n", encoding="utf-8")
    pred.write_text(text + "\n", encoding="utf-8")
    size = pred.stat().st_size

    def write_out(as_json=False):
        with open(tmp_path / "explained.txt", "w", encoding="utf-8") as out:
            write(explanations("poleval2021", gold, pred, profile="fair"), out, as_json=as_json)

    def written(as_json=False):
        write_out(as_json)
        return (tmp_path / "explained.txt").read_text(encoding="utf-8")

    found = [written(), written(as_json=True)]
    peak = _peak(write_out)
    assert peak < 2 * size + (3 << 20), (peak, size)
    monkeypatch.setattr(poleval_explain, "LONG", 1 << 40)
    assert [written(), written(as_json=True)] == found
    assert text[:50] in found[0] and text[:50] in found[1]


def test_a_long_answers_number_is_read_by_value_from_its_text_joined_in_place(tmp_path):
    """``--profile fair`` with a gold number and a long answer: the number
    rule reads the whole text, joined from its pieces as a list beside it
    (three times the file with the column); it is now extended in place."""
    gold, pred = tmp_path / "expected.tsv", tmp_path / "out.tsv"
    gold.write_text("1410\talfa\n", encoding="utf-8")
    pred.write_text("w roku 1410 " * 400_000 + "\n", encoding="utf-8")
    size = pred.stat().st_size
    task = get_task("poleval2021")
    evaluate = partial(task.evaluate, profile="fair")
    item = evaluate(str(gold), str(pred)).items[0]
    assert (item["score"], item["rule"], item["answer_number"]) == (1.0, "number", "1410")
    peak = _peak(evaluate, str(gold), str(pred))
    assert peak < 2 * size + (3 << 20), (peak, size)


@settings(max_examples=200, deadline=None)
@given(
    parts=st.lists(st.text(st.sampled_from("abł?Ż ☃\x00"), max_size=6), max_size=6),
    alphabet=st.text(st.sampled_from("abłŻ?"), min_size=1, max_size=5),
)
def test_a_code_made_from_parts_is_the_code_of_the_whole_text(parts, alphabet):
    codes = fuzzy._Codes(alphabet)
    assert codes.of_parts(lambda: iter(parts)) == codes("".join(parts))


def test_parts_that_change_between_their_two_readings_are_refused():
    given_parts = iter([["ab", "c"], ["ab"]])
    with pytest.raises(RuntimeError, match="changed between two readings"):
        fuzzy._Codes("abc").of_parts(lambda: iter(next(given_parts)))


def test_a_long_answers_code_is_written_into_one_buffer_made_at_its_size(monkeypatch):
    """The code of a long answer was a buffer grown as it was written, a
    copy at each growth; glibc, once it has freed a large block, serves
    large blocks from its heap and keeps the old buffers there (``report``
    of a long PolEval answer grew by 3.2 bytes a byte of answer, 1.95
    now). The buffer is now made once at the code's size."""
    sizes: list[int] = []

    class Spy(io.BytesIO):
        def write(self, data):  # the buffer's size as each part is written
            written = super().write(data)
            sizes.append(sys.getsizeof(self))
            return written

    monkeypatch.setattr(fuzzy.io, "BytesIO", Spy)
    parts = ["Ludwik XIV " * 1000] * 50
    code = fuzzy._Codes("Ludwik").of_parts(lambda: iter(parts))
    assert code == fuzzy._Codes("Ludwik")("".join(parts))
    assert len(sizes) == 51 and len(set(sizes)) == 1, sorted(set(sizes))
