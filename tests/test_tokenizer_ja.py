"""Japanese: MeCab through fugashi, cross-checked against mecab-python3.

mecab-python3 (``MeCab``, a test-only dependency) is what the official
XOR-TyDi scorer calls; it is pointed at the same unidic-lite dictionary.
"""

from __future__ import annotations

import json
import os
from importlib import metadata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from answermatch.tokenizers import get_tokenizer
from answermatch.tokenizers.ja import MAX_CHARS, MecabTokenizer

MeCab = pytest.importorskip("MeCab", reason="mecab-python3 (the test extra) is needed")
unidic_lite = pytest.importorskip("unidic_lite")


@pytest.fixture(scope="module")
def tok() -> MecabTokenizer:
    return MecabTokenizer()


@pytest.fixture(scope="module")
def official():
    """mecab-python3's -Owakati tagger on unidic-lite, as the XOR-Full scorer uses it."""
    dicdir = unidic_lite.DICDIR
    return MeCab.Tagger(f'-Owakati -r "{dicdir}/mecabrc" -d "{dicdir}"')


def expected_tokens(official, text: str) -> list[str]:
    """mecab-python3's words with whitespace removed, each NUL-separated piece parsed."""
    return [part for piece in text.split("\x00") for part in official.parse(piece).split()]


# --- hand-checked cases --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wakati"),
    [
        ("", "\n"),
        (" ", "\n"),
        (" \t\n\v", "\n"),
        ("東京タワー", "東京 タワー \n"),
        ("  東京 タワー ", "東京 タワー \n"),  # MeCab drops half-width spaces
        ("東京\nタワー\n", "東京 タワー \n"),
        ("東京\u3000タワー", "東京 \u3000 タワー \n"),  # the ideographic space is a word
        ("東京\u3000", "東京 \u3000 \n"),
        ("\u3000", "\u3000 \n"),
        ("東京\r\nタワー", "東京 \r タワー \n"),
        ("x\x00y", "x \n"),  # MeCab stops at NUL
        ("\x00東京", "\n"),
    ],
)
def test_wakati_edge_cases(tok: MecabTokenizer, official, text: str, wakati: str) -> None:
    assert tok.wakati(text) == wakati
    assert official.parse(text) == wakati


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        (
            "東京タワーは日本の電波塔です。",
            ["東京", "タワー", "は", "日本", "の", "電波", "塔", "です", "。"],
        ),
        ("東京\u3000タワー", ["東京", "タワー"]),
        ("x\x00y", ["x", "y"]),
        (" \u3000 ", []),
    ],
)
def test_tokenize_cases(tok: MecabTokenizer, text: str, tokens: list[str]) -> None:
    assert tok.tokenize(text) == tokens


def test_registry_gives_mecab(tok: MecabTokenizer) -> None:
    assert isinstance(get_tokenizer("ja"), MecabTokenizer)
    assert get_tokenizer("ja").wakati("日本語") == tok.wakati("日本語")


# --- real Japanese: XOR-TyDi gold answers, questions and predictions ------------------


def xor_japanese(parity) -> list[str]:
    texts: list[str] = []
    with open(parity("xor", "xor_dev_full_v1_1.jsonl"), encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            if item["lang"] == "ja":
                texts += [item["question"], *item["answers"]]
    distinct = set(texts)
    for name in ("full_pred_1.json", "full_pred_2.json", "full_pred_3.json"):
        with open(parity("xor", name), encoding="utf-8") as f:
            for pred in json.load(f).values():
                if isinstance(pred, str):
                    texts += [pred, pred.replace("・", " ").replace("、", ",")]
    assert len(distinct) > 800  # 433 questions and their distinct answers
    return texts


def test_wakati_matches_mecab_python3_on_xor(tok: MecabTokenizer, official, parity) -> None:
    texts = xor_japanese(parity)
    assert len(texts) > 5000
    mismatches = [t for t in texts if tok.wakati(t) != official.parse(t)]
    assert mismatches == []
    mismatches = [t for t in texts if tok.tokenize(t) != official.parse(t).split()]
    assert mismatches == []


# --- any text -------------------------------------------------------------------------

JAPANESE = st.one_of(
    st.characters(min_codepoint=0x3040, max_codepoint=0x30FF),  # kana
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),  # kanji
    st.characters(min_codepoint=0xFF01, max_codepoint=0xFF9F),  # full/half width
    st.sampled_from(
        list(" \t\n\r\v\f\u3000\xa0\u2028\x00\x1c、。・ー々〆「」！？0123456789abcXYZ")
    ),
)


@settings(max_examples=500, deadline=None)
@given(text=st.one_of(st.text(), st.text(JAPANESE)))
@example(text="東京\u2003")
@example(text="。\u2008")
@example(text="a\x00\u3000")
def test_matches_mecab_python3_on_any_text(tok: MecabTokenizer, official, text: str) -> None:
    assert tok.wakati(text) == official.parse(text)
    assert tok.tokenize(text) == expected_tokens(official, text)


def test_wakati_is_cached_and_stable(tok: MecabTokenizer) -> None:
    text = "キャッシュのテスト"
    first = tok.wakati(text)
    hits = tok._cached_wakati.cache_info().hits
    assert tok.wakati(text) == first
    assert tok._cached_wakati.cache_info().hits == hits + 1


# --- long input -----------------------------------------------------------------------


def test_long_text(tok: MecabTokenizer, official) -> None:
    line = "東京タワーは日本の電波塔です。\n"
    text = line * (MAX_CHARS // len(line) + 200)  # a little over MAX_CHARS
    assert len(text) > MAX_CHARS
    # tokenize cuts it after a newline; MeCab can still parse it whole
    assert tok.tokenize(text) == official.parse(text).split()
    # wakati parses it window by window, and gives MeCab's string on the whole text
    assert tok.wakati(text) == official.parse(text)
    short = text[: MAX_CHARS - 3]
    assert tok.wakati(short) == official.parse(short)


def _mixed_text(size: int, seed: int) -> str:
    """Japanese sentences of the parity gold, with spaces, newlines, digits,
    Latin words and ideographic spaces between them."""
    import random

    rng = random.Random(seed)
    pieces = ["東京タワーは日本の電波塔です。", "1964年に開業した", "Tokyo Tower", "　", "\n", " "]
    parity_gold = os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "parity", "xor", "xor_dev_full_v1_1.jsonl"
    )
    if os.path.exists(parity_gold):
        with open(parity_gold, encoding="utf-8") as fh:
            for line in fh:
                record = json.loads(line)
                if record["lang"] == "ja":
                    pieces.append(record["question"])
                    pieces.extend(a for a in record["answers"] if isinstance(a, str))
    out: list[str] = []
    length = 0
    while length < size:
        piece = rng.choice(pieces)
        out.append(piece)
        length += len(piece)
    return "".join(out)[:size]


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        _mixed_text(120_000, 1),
        _mixed_text(260_000, 2),
        "日本語の文章" * 20_000,  # no whitespace at all
        "東京\u3000タワー " * 12_000,  # words that are whitespace
        "1a" * 60_000,  # the costliest text MeCab still parses
    ],
    ids=["mixed-120k", "mixed-260k", "no-space", "ideographic-space", "digits-letters"],
)
def test_long_wakati_is_mecabs_string_on_the_whole_text(tok: MecabTokenizer, official, text):
    assert len(text) > MAX_CHARS
    assert tok.wakati(text) == official.parse(text)


@pytest.mark.slow
def test_long_wakati_fails_where_mecab_fails(tok: MecabTokenizer, official) -> None:
    # MeCab gives up when its path cost passes 2**31 - 1: between 89,837 and
    # 89,838 repetitions of "1a" with unidic-lite
    fits, too_long = "1a" * 89_837, "1a" * 89_838
    assert official.parse(fits) is not None
    assert official.parse(too_long) is None
    assert tok.wakati(fits) == official.parse(fits)
    with pytest.raises(ValueError, match="MeCab cannot parse this text"):
        tok.wakati(too_long)


def test_text_beyond_mecab_limit_is_tokenized(tok: MecabTokenizer, official) -> None:
    text = "1a" * 100_000  # 200,000 characters: MeCab's path cost overflows
    assert official.parse(text) is None
    tokens = tok.tokenize(text)
    assert "".join(tokens) == text


def test_cut_without_whitespace_keeps_every_character(tok: MecabTokenizer) -> None:
    text = "日本語の文章" * 20_000
    assert "".join(tok.tokenize(text)) == text


# --- the dictionary cannot be hijacked --------------------------------------------------


def test_system_mecabrc_is_ignored(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import fugashi

    rc = tmp_path / "mecabrc"
    rc.write_text(f"dicdir = {tmp_path / 'no-such-dictionary'}\n", encoding="utf-8")
    monkeypatch.setenv("MECABRC", os.fspath(rc))
    with pytest.raises(RuntimeError):  # a tagger without -r reads that mecabrc
        fugashi.GenericTagger("-Owakati")
    assert MecabTokenizer().tokenize("東京タワー") == ["東京", "タワー"]


def test_signature(tok: MecabTokenizer) -> None:
    assert tok.signature() == (
        f"mecab(fugashi={metadata.version('fugashi')},"
        f"unidic-lite={metadata.version('unidic-lite')},dic=UniDic 2.1.2)"
    )


def test_wakati_rejects_non_strings(tok: MecabTokenizer) -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        tok.wakati(None)  # type: ignore[arg-type]


def test_threads_tokenize_with_taggers_of_their_own(official) -> None:
    """Four threads splitting and parsing at once (no lock: each thread has
    its own MeCab tagger) give mecab-python3's words, every one of them."""
    import random
    import threading
    from concurrent.futures import ThreadPoolExecutor

    tok = MecabTokenizer()
    split = tok.splitter()
    rng = random.Random(7)
    words = ["東京", "タワー", "は", "日本", "の", "電波", "塔", "です", "。", "大阪", "人口"]
    texts = ["".join(rng.choices(words, k=rng.randint(1, 12))) for _ in range(400)]
    expected = [expected_tokens(official, t) for t in texts]

    def run(seed: int) -> tuple[list[list[str]], list[list[str]], tuple[int, int]]:
        order = list(range(len(texts)))
        random.Random(seed).shuffle(order)
        got_split = [[] for _ in texts]
        got_tokenize = [[] for _ in texts]
        for i in order:
            got_split[i] = split(texts[i])
            got_tokenize[i] = tok.tokenize(texts[i])
        return got_split, got_tokenize, (threading.get_ident(), id(tok._tagger))

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(run, range(8)))
    for got_split, got_tokenize, _ in results:
        assert got_split == expected
        assert got_tokenize == expected
    owners = {owner for _, _, owner in results}  # (thread, its tagger)
    assert len({thread for thread, _ in owners}) == len({tagger for _, tagger in owners})
    assert id(tok._tagger) not in {tagger for _, tagger in owners}  # not this thread's
