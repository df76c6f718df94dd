"""A long CMRC 2018 / DRCD answer of words (English, Korean) is cut at word
gaps (:data:`~answermatch.tasks.cmrc2018.rules.WORD_GAP`: a single space
between two ASCII letters or Hangul syllables), and a long run that NLTK
takes as one token (a run of letters, Thai) is not given to NLTK at all
(:func:`~answermatch.tasks.cmrc2018.rules.one_token`). Issue 25: NLTK's
tokenizer took such a run whole and listed all its tokens (20.8 bytes a
byte of English words, 16.5 of Korean; 6.0 and 4.6 for the single token).

Each cut must give the whole text's tokens and key: the properties below cut
at every word gap (pieces of one character) on text made of what NLTK's
rules read at a sentence's or word's edge (final periods, clitics,
contractions, quotes, Punkt's abbreviations and initials), what the case
mappings, NFKC and the number reader read across characters, and every kind
of space, and compare with the text analysed whole by NLTK itself; the
single-token rule is checked against both NLTK versions on every code point
of the Basic Multilingual Plane and on adversarial runs.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from dataclasses import replace
from unittest import mock

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch import outputs
from answermatch.matchers.answers import JoinedKey
from answermatch.nltk_compat import word_tokenize as nltk_3_10_4
from answermatch.normalization import steps
from answermatch.outputs import json_array_chunks
from answermatch.tasks.cmrc2018 import nltk345, rules
from answermatch.tasks.cmrc2018.profiles import FAIR, OFFICIAL, Comparer
from answermatch.tasks.cmrc2018.py2text import SPACE
from answermatch.tasks.cmrc2018.rules import PIECE_CUT, CodedTokens, one_token, run_tokenizer
from conftest import cmrc_pair_figures, traced_peak

TOKENIZERS = [("nltk 3.10.4", nltk_3_10_4), ("nltk 3.4.5", nltk345.word_tokenize)]

# The words next to a gap, or across it: sentence ends and Punkt's
# abbreviations and initials (its next word read after ". ? !"), clitics and
# contractions with and without their apostrophe (split before NLTK's padded
# space: "wanna", "John's", "isn't"), quotes and brackets at a sentence's
# edges, the letters whose case mappings read their neighbours (final sigma)
# or change their length (İ), case-folding equivalents of the contraction
# words' letters (ſ ı K), marks and jamo that compose with the letter before
# them, Hangul, Han (the other cut), numbers with a space inside, and the
# script's deleted punctuation.
WORDS = [
    "a", "b", "Z", "x", "the", "Yes.", "U.S.", "Mr.", "p.m.", "J.", "e.g.", "etc.", "3.", "No.",
    "Hello!", "why?", "end.)", "end.\"", "'s", "John's", "JOHN'S", "isn't", "can't", "they'll",
    "cannot", "CanNot", "wanna", "Wanna", "gonna", "gotta", "gimme", "lemme", "wan", "na", "can",
    "not", "'tis", "'twas", "d'ye", "more'n", "mor'n", "'", "\"", "''", "``", "`", "(", ")", "[",
    "]", "{", "}", "<", ">", "«", "»", "“", "”", "‘", "’", "„", "...", "..", "?", "!", ",", ":",
    ";", "@", "#", "$", "%", "&", "*", "--", "-", "—", "–", "ΑΣ", "Σ", "ΟΔΟΣ", "İ", "ı", "ſ", "K",
    "ꭰ", "Ꭰ", "Ა", "ⓐ", "e\u0301", "\u0301", "가", "\u11a8", "서울", "한국어", "中", "国", "年",
    "1", "000", "1 000", "3.50", "1,000", "ＡＢＣ", "①", "ﬁ", "ß", "ไทย", "\u0e37", *"-_:《》，。",
]  # fmt: skip
GAPS = [" ", " ", " ", "", "  ", "\t", "\n", "\xa0", "\u3000", "\u180e", "\x1c", "\u2028"]
TEXTS = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(GAPS)), max_size=40).map(
    lambda pairs: "".join(word + gap for word, gap in pairs)
)

SETTINGS = [
    ("official v6", OFFICIAL),
    ("official v5", replace(OFFICIAL, version=5)),
    ("fair", FAIR),
    ("fair v5", replace(FAIR, version=5)),
    ("fair contiguous", replace(FAIR, overlap="contiguous")),
    ("fair, official punctuation", replace(FAIR, punctuation="official")),
    ("official bag", replace(OFFICIAL, overlap="bag")),
    ("nfkc", replace(OFFICIAL, width="nfkc")),
    ("numbers", replace(OFFICIAL, numbers="value")),
]


def _whole(chosen, text: str):
    """The text analysed at once by NLTK itself (no piece, no single-token
    rule, no step skipped)."""
    with (
        mock.patch.object(steps, "PIECE_CHARS", 10**9),
        mock.patch.object(rules, "LONG_RUN", 10**9),
    ):
        return Comparer(chosen).analyse(text)


def _in_pieces(chosen, text: str):
    """The text cut at every place it may be (pieces of one character), each
    run NLTK would take as one token taken so, each unchanged step skipped."""
    with mock.patch.object(steps, "PIECE_CHARS", 1), mock.patch.object(rules, "LONG_RUN", 0):
        return Comparer(chosen).analyse(text)


def test_a_text_is_cut_after_the_space_of_each_word_gap_and_between_han():
    with mock.patch.object(steps, "PIECE_CHARS", 1):
        pieces = list(steps.pieces("Alpha beta  gamma 서울 a. b 中国x y", PIECE_CUT))
    assert pieces == ["Alpha ", "beta  gamma ", "서울 ", "a. b 中", "国x ", "y"]


@pytest.mark.parametrize(("name", "chosen"), SETTINGS, ids=[name for name, _ in SETTINGS])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS)
def test_word_gaps_give_the_whole_texts_key_and_tokens(name, chosen, text):
    whole_key, whole_tokens = _whole(chosen, text)
    key, tokens = _in_pieces(chosen, text)
    assert key == whole_key and str(key) == whole_key and len(key) == len(whole_key), (name, text)
    if chosen.overlap == "bag":
        assert Counter(tokens) == Counter(whole_tokens) and len(tokens) == len(whole_tokens)
    else:
        assert list(tokens) == list(whole_tokens) and tokens == whole_tokens, (name, text)
    if len(text) > 1:
        assert type(key) is JoinedKey


@pytest.mark.parametrize(("name", "chosen"), SETTINGS[:4], ids=[name for name, _ in SETTINGS[:4]])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prediction=TEXTS, answers=st.lists(TEXTS, min_size=1, max_size=3))
def test_texts_cut_at_word_gaps_score_as_the_whole_texts(name, chosen, prediction, answers):
    """EM and F1 both ways, to the bit (the figures through the scorer)."""
    with mock.patch.object(rules, "LONG_RUN", 10**9):
        whole = cmrc_pair_figures(chosen, prediction, answers, 10**9)
    with mock.patch.object(rules, "LONG_RUN", 0):
        assert cmrc_pair_figures(chosen, prediction, answers, 1) == whole, (name, prediction)


@pytest.mark.parametrize(
    "text",
    [
        "He said wanna go. John's car isn't here",  # a clitic before the gap
        "Mr. Smith met J. Doe at 3 p.m. today and left.",  # Punkt reads the next word
        "ΟΔΟΣ ΑΣ ab\u0301 가\u11a8 가 \u11a8",  # final sigma, composing marks and jamo
        "the end.\" and (then) 'tis over cannot GONNA x",
        " \u180eleading and trailing\u180e ",  # Python 2.7's whitespace at the ends
        "one 1 000 two three 中国 four",
    ],
)
@pytest.mark.parametrize(("name", "chosen"), SETTINGS, ids=[name for name, _ in SETTINGS])
def test_known_texts_agree_cut_at_every_gap(text, name, chosen):
    whole_key, whole_tokens = _whole(chosen, text)
    key, tokens = _in_pieces(chosen, text)
    assert str(key) == whole_key and key == whole_key
    assert Counter(tokens) == Counter(whole_tokens)
    if chosen.overlap != "bag":
        assert list(tokens) == list(whole_tokens)


# -- one token: the runs NLTK reads no rule on ------------------------------------------


def test_every_whitespace_is_a_token_break():
    """Whitespace in the sense of every engine involved (``str.split``,
    ``re``'s and ``regex``'s ``\\s``, Python 2.7's, which holds U+180E)
    stops a single token (on every code point)."""
    everything = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    spaces = set(regex.findall(r"\s", everything, regex.VERSION0 | regex.UNICODE))
    spaces |= set(re.findall(r"\s", everything)) | set(SPACE)
    spaces |= {c for c in everything if c.isspace()}
    assert len(spaces) > 25
    assert all(not one_token(f"ab{c}cd") for c in spaces), sorted(
        c for c in spaces if one_token(f"ab{c}cd")
    )


def _chunks(size: int = 24):
    """Every code point of the BMP that is no token break, in runs of
    ``size``, each run between ASCII letters (so that the characters meet
    letters and each other on both sides)."""
    chars = [chr(c) for c in range(0xD800) if one_token(chr(c))]
    chars += [chr(c) for c in range(0xE000, 0x10000) if one_token(chr(c))]
    return ["x" + "".join(chars[k : k + size]) + "y" for k in range(0, len(chars), size)]


@pytest.mark.parametrize(("name", "word_tokenize"), TOKENIZERS, ids=[n for n, _ in TOKENIZERS])
def test_a_run_without_token_breaks_is_one_token_on_every_code_point(name, word_tokenize):
    runs = _chunks()
    assert len(runs) > 2000
    wrong = [run for run in runs if one_token(run) and word_tokenize(run) != [run]]
    assert not wrong, wrong[:3]


RUN_CHARS = [
    *"acdegilmnorstwyACDEGILMNORSTWYxzK", "İ", "ı", "ſ", "K", "ß", "ﬀ", "ﬅ", "ไ", "\u0e37",
    "\u0301", "가", "ꭰ", "Ꭰ", "ⓐ", "𞤀", "𖹀", "中", "1", "٣", "_", "\u200d", "·", "…", "′",
    *".?!'\"`,:;-()", " ", "\u180e", "\xa0",
]  # fmt: skip
RUNS = st.lists(
    st.one_of(
        st.sampled_from(RUN_CHARS),
        st.sampled_from(["cannot", "wanna", "gOnNa", "gotta", "gimme", "lemme", "gİmme", "caNNot"]),
    ),
    min_size=1,
    max_size=30,
).map("".join)


@pytest.mark.parametrize(("name", "word_tokenize"), TOKENIZERS, ids=[n for n, _ in TOKENIZERS])
@settings(max_examples=1500, deadline=None)
@given(run=RUNS)
def test_the_single_token_rule_gives_nltks_tokens(name, word_tokenize, run):
    """On runs of contraction words, their letters' case-folding
    equivalents, marks, letters of other scripts and token breaks: where
    :func:`one_token` holds, NLTK gives the run as its one token, and the
    tokenizer with the rule gives NLTK's tokens either way."""
    tokens = word_tokenize(run)
    if one_token(run):
        assert tokens == [run]
    with mock.patch.object(rules, "LONG_RUN", 0):
        assert run_tokenizer(word_tokenize)(run) == tokens


def test_a_long_single_token_is_the_text_itself():
    """A long run of letters or Thai is neither copied by the steps that
    would not change it nor given to NLTK: its one token is the text."""
    for text in ("wilhelmroentgen" * 5000, "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร" * 2000):
        for version in (6, 5):
            key, tokens = Comparer(replace(OFFICIAL, version=version)).analyse(text)
            assert str(key) == text and type(tokens) is CodedTokens
            assert len(tokens) == 1 and next(iter(tokens)) is text


@pytest.mark.parametrize("shape", ["en", "ko", "letters", "th"])
def test_a_long_answer_of_words_is_analysed_within_its_size(shape, monkeypatch):
    """About 2,000,000 bytes of English or Korean words, one run of letters,
    Thai without spaces: the whole run's tokens were a list of strings (20.8
    and 16.5 bytes a byte through the command) or the run's copies (6.0 and
    4.6); in pieces of 1,024 characters, or taken as the text itself, the
    peak stays under the text's own size (official v6 and v5, fair)."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    rng = random.Random(3)
    words = {"en": ["The", "river", "is", "6,397", "km", "long", "and", "flows", "east."],
             "ko": ["서울은", "한국의", "수도이다", "강은", "길다", "1990년"]}  # fmt: skip
    if shape in words:
        text = " ".join(rng.choice(words[shape]) for _ in range(600_000 // len(shape) // 3))
    else:
        unit = "wilhelmroentgen" if shape == "letters" else "เมืองหลวงของประเทศไทยคือกรุงเทพ"
        text = unit * (600_000 // len(unit))
    size = sys.getsizeof(text)
    for chosen in (OFFICIAL, replace(OFFICIAL, version=5), FAIR):
        comparer = Comparer(chosen)
        comparer.analyse("暖 1 a. b")  # the number reader and NLTK's rules loaded
        peak = traced_peak(comparer.analyse, text)
        assert peak < size, (shape, chosen.name, chosen.version, peak, size)


TOKEN_TEXT = st.text(alphabet=st.sampled_from(list("aZ \"'\\\n\x01é東\u202e😀\ud800")), max_size=12)


@settings(max_examples=200, deadline=None)
@given(tokens=st.lists(TOKEN_TEXT, max_size=6), size=st.integers(1, 5))
def test_a_long_texts_long_tokens_are_written_as_json_writes_them(tokens, size):
    """A long text's tokens (a sequence read in order) whose items are
    longer than LONG_CHARS (a run taken as one token) are written a piece at
    a time: the text is JSON's."""
    coded = CodedTokens.of_pieces([tokens], list)
    value = [{"tokens": coded, "n": 1}]
    with mock.patch.object(outputs, "LONG_CHARS", size):
        text = "".join(json_array_chunks(iter(value), indent=1))
    assert text == json.dumps([{"tokens": tokens, "n": 1}], ensure_ascii=False, indent=1)


def test_writing_a_long_single_token_makes_no_copy_of_it():
    """explain --json of a run taken as one token (2,000,000 characters):
    the token was escaped whole (then encoded whole), twice the run; a
    piece at a time, a small part of it."""
    text = "wilhelmroentgen" * 140_000
    value = [{"tokens": CodedTokens.of_pieces([text], lambda run: [run])}]

    def write() -> None:
        for _ in json_array_chunks(iter(value), indent=1):
            pass

    assert traced_peak(write) < sys.getsizeof(text) // 4


@pytest.mark.parametrize("version", [6, 5])
def test_explain_of_a_long_gold_answer_is_the_whole_texts(version):
    """A long gold answer's tokens are coded (read in order): explain took
    the common run out of them by index and failed (TypeError). Its text
    and JSON are those of the answer analysed whole."""
    from answermatch.diagnostics import Diagnostics
    from answermatch.tasks import get_task

    task = get_task("cmrc2018")
    answer = "The river is long. 长江全长6397公里 and it flows east " * 40
    gold = [{"id": "q", "answers": {"text": [answer, "长江"], "answer_start": [0, 0]}}]
    predictions = {"q": "it flows east 长江全长"}

    def explained(limit: int) -> tuple[str, list]:
        with mock.patch.object(steps, "PIECE_CHARS", limit):
            inputs = task.read(gold, predictions, Diagnostics())
            found = list(task.explain(inputs, "official", Diagnostics(), version=version))
        return found[0].to_text(), found[0].to_dict()

    text, as_dict = explained(64)
    assert (text, as_dict) == explained(10**9)
    assert as_dict["variants"][0]["details"]["run"] == ["长", "江", "全", "长"]
