"""Chinese: jieba words, characters and the CMRC-style mixed split."""

from __future__ import annotations

import logging
import tempfile
import unicodedata
from importlib import metadata

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.tokenizers import get_tokenizer, tokenize
from answermatch.tokenizers.zh import JiebaTokenizer

jieba = pytest.importorskip("jieba")


@pytest.fixture(scope="module")
def tok() -> JiebaTokenizer:
    return JiebaTokenizer()


@pytest.fixture(scope="module")
def raw_jieba():
    """The global jieba (its own dictionary instance), quiet."""
    logger = logging.getLogger("jieba")
    level = logger.level
    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    yield jieba
    logger.setLevel(level)


# --- word mode -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # jieba's README: precise mode, and HMM finding the unknown word 杭研
        ("我来到北京清华大学", ["我", "来到", "北京", "清华大学"]),
        ("他来到了网易杭研大厦", ["他", "来到", "了", "网易", "杭研", "大厦"]),
        ("他来到了 网易杭研大厦\n", ["他", "来到", "了", "网易", "杭研", "大厦"]),
    ],
)
def test_word_mode(tok: JiebaTokenizer, text: str, expected: list[str]) -> None:
    assert tok.tokenize(text) == expected
    assert tokenize(text, "zh") == expected
    assert tokenize(text, "zh", mode="word") == expected


def test_word_mode_matches_raw_jieba_on_nlpcc(tok: JiebaTokenizer, raw_jieba, parity) -> None:
    path = parity("nlpcc2016", "kbqa", "kbqa_gold_lowcase.txt")
    texts = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(("<question", "<answer")):
                texts.append(line.split("\t", 1)[1].strip())
    assert len(texts) > 10_000
    for text in texts:
        expected = [w for w in raw_jieba.lcut(text) if not w.isspace()]
        assert tok.tokenize(text) == expected, text


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_word_mode_keeps_every_non_space_character(tok: JiebaTokenizer, text: str) -> None:
    tokens = tok.tokenize(text)
    assert all(tokens)
    assert not any(c.isspace() for t in tokens for c in t)
    assert "".join(tokens) == "".join(text.split())


# --- char mode -------------------------------------------------------------------------


def test_char_mode(tok: JiebaTokenizer) -> None:
    assert tok.tokenize("中文 字符！", "char") == ["中", "文", "字", "符", "！"]
    # an ideographic variation sequence and a combining accent stay whole
    assert tok.tokenize("葛\U000e0100城 e\u0301", "char") == ["葛\U000e0100", "城", "e\u0301"]


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_char_mode_properties(tok: JiebaTokenizer, text: str) -> None:
    tokens = tok.tokenize(text, "char")
    assert "".join(tokens) == "".join(text.split())
    for token in tokens:
        assert token and not any(c.isspace() for c in token)
        assert regex.fullmatch(r"\X", token), token


# --- mixed mode ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "《红楼梦》的作者是曹雪芹。",
            ["红", "楼", "梦", "的", "作", "者", "是", "曹", "雪", "芹"],
        ),
        ("iPhone 12售价5999元", ["iPhone", "12", "售", "价", "5999", "元"]),
        ("2019年, 100%", ["2019", "年", "100"]),  # % is Unicode punctuation (Po)
        ("C++ 10～20", ["C", "+", "+", "10", "～", "20"]),  # symbols: one token each
        ("ＡＢＣ中国", ["ＡＢＣ", "中", "国"]),
        ("“北京”、“上海”……", ["北", "京", "上", "海"]),
        ("U.S.A", ["U", "S", "A"]),
        ("", []),
        ("，。！", []),
    ],
)
def test_mixed_mode(tok: JiebaTokenizer, text: str, expected: list[str]) -> None:
    assert tok.tokenize(text, "mixed") == expected


def mixed_reference(text: str) -> list[str]:
    """The documented rule, one code point at a time (for texts without marks)."""
    out: list[str] = []
    run = ""
    for c in text:
        category = unicodedata.category(c)
        if c.isspace() or category.startswith("P") or regex.match(r"\p{Han}", c):
            if run:
                out.append(run)
                run = ""
            if regex.match(r"\p{Han}", c):
                out.append(c)
        elif category.startswith("S"):
            if run:
                out.append(run)
                run = ""
            out.append(c)
        else:
            run += c
    if run:
        out.append(run)
    return out


SIMPLE = st.one_of(
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),
    st.sampled_from(list("abcXYZ0123456789ａＢ１かカ한Ωё")),
    st.sampled_from(list(" \t\n\u3000，。！？、；：“”《》（）…—·.,!?-'\"%#&@$+=<>~～^|€℃")),
)


@settings(max_examples=500, deadline=None)
@given(text=st.text(SIMPLE))
def test_mixed_mode_matches_reference(tok: JiebaTokenizer, text: str) -> None:
    assert tok.tokenize(text, "mixed") == mixed_reference(text)


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_mixed_mode_properties(tok: JiebaTokenizer, text: str) -> None:
    tokens = tok.tokenize(text, "mixed")
    for token in tokens:
        assert token and not any(c.isspace() for c in token)
        assert not unicodedata.category(token[0]).startswith("P")
        if regex.match(r"\p{Han}", token):
            assert regex.fullmatch(r"\X", token)


# --- set-up: cache location, silence, errors --------------------------------------------


def test_cache_goes_to_user_cache_dir(tmp_path, monkeypatch, capfd) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    shared_tmp = tmp_path / "shared-tmp"
    shared_tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared_tmp))
    level = logging.getLogger("jieba").level
    assert JiebaTokenizer().tokenize("我来到北京清华大学") == ["我", "来到", "北京", "清华大学"]
    cache = tmp_path / "cache" / "answermatch" / f"jieba-{metadata.version('jieba')}.cache"
    assert cache.is_file() and cache.stat().st_size > 1_000_000
    assert list(shared_tmp.iterdir()) == []
    assert JiebaTokenizer().tokenize("他来到了网易杭研大厦")[-2:] == ["杭研", "大厦"]  # from cache
    assert capfd.readouterr().err == ""
    assert logging.getLogger("jieba").level == level


def test_unwritable_cache_dir_falls_back(tmp_path, monkeypatch, capfd) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    shared_tmp = tmp_path / "shared-tmp"
    shared_tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared_tmp))
    assert JiebaTokenizer().tokenize("我来到北京清华大学") == ["我", "来到", "北京", "清华大学"]
    assert capfd.readouterr().err == ""
    assert list(shared_tmp.iterdir()) == []


def test_registry_and_modes(tok: JiebaTokenizer) -> None:
    assert isinstance(get_tokenizer("zh"), JiebaTokenizer)
    assert tok.modes == ("word", "char", "mixed")
    with pytest.raises(ValueError, match="its modes: word, char, mixed"):
        tok.tokenize("中文", "syllable")


def test_signature(tok: JiebaTokenizer) -> None:
    assert tok.signature() == f"jieba({metadata.version('jieba')},dict=default,hmm=on)"


def test_char_and_mixed_need_no_jieba_and_the_cache_can_move(tmp_path):
    """In a core install (jieba blocked) char and mixed work and word names the extra;
    ANSWERMATCH_CACHE_DIR relocates jieba's cache."""
    import os
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['jieba'] = None\n"
        "from answermatch.tokenizers.zh import JiebaTokenizer, cache_dir\n"
        "from answermatch.errors import MissingExtraError\n"
        "t = JiebaTokenizer()\n"
        "print(t.tokenize('北京abc', 'char'), t.tokenize('北京abc', 'mixed'), t.signature())\n"
        "try:\n    t.tokenize('北京', 'word')\nexcept MissingExtraError as e:\n    print(e)\n"
        "print(cache_dir())\n"
    )
    env = dict(os.environ, ANSWERMATCH_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "['北', '京', 'a', 'b', 'c'] ['北', '京', 'abc'] jieba(absent)"
    assert lines[1] == 'jieba is not installed; install it with: pip install "answermatch[zh]"'
    assert lines[2] == str(tmp_path / "cache") and (tmp_path / "cache").is_dir()
