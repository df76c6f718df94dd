"""open-qa's ``-o matcher=f1`` (token F1, SQuAD's normalization) of one
very long answer without spaces (issue 25): a tokenizer that reads the
text given in parts on its own (MeCab, jieba) counts its words from the
normal form's parts joined, cut inside the text too, rather than from the
whole text normalized at once and split into a list of its words (what a
Chinese answer without ASCII spaces took: the preset's parts are cut only
before a space). The F1 is the whole text's (properties with pieces of a
few characters)."""

from __future__ import annotations

from functools import partial
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.matchers import token_f1
from answermatch.matchers.named import get_matcher
from answermatch.normalization import steps
from answermatch.tokenizers import ja
from conftest import traced_peak

FRAGMENTS = [
    "曹雪芹", "是", "清代", "作家", "，", "著有", "《", "红楼梦", "》", "。", "长江", "全长",
    "6397", "公里", "流经", "11", "个", "省级", "行政区", "北京市", "的", "人口", "约为", "万人",
    "東京都", "は", "日本", "の", "首都", "です", "タワー", "1958年", "に", "完成", "した",
    "The", "a", "Paris", " ", "  ", "-", "!", "\u3000", "、", "ｶ\uff9e", "Σ", "ß", "İ",
]  # fmt: skip
TEXTS = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)
GOLDS = st.lists(st.sampled_from(FRAGMENTS[:35]), min_size=1, max_size=3).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    text=TEXTS,
    golds=st.lists(GOLDS, min_size=1, max_size=3),
    lang=st.sampled_from(["zh", "ja"]),
    preset=st.sampled_from(["squad", "unicode"]),
    size=st.integers(1, 12),
    piece=st.integers(1, 8),
)
def test_token_f1_of_a_long_text_is_the_whole_texts(text, golds, lang, preset, size, piece):
    """The F1 against each gold and against all, the text taken as a long
    one (pieces of 1 to 8 characters, MeCab's of 1 to 12) and taken
    whole; and open-qa's named ``f1`` matcher the same."""
    f1 = get_matcher("f1")
    with mock.patch.object(ja, "MAX_CHARS", size):
        with mock.patch.object(steps, "PIECE_CHARS", 10**9):
            whole = [token_f1(text, gold, lang=lang, preset=preset) for gold in golds]
            whole.append(token_f1(text, golds, lang=lang, preset=preset))
            named = [f1(text, [gold], lang=lang) for gold in golds]
        with mock.patch.object(steps, "PIECE_CHARS", piece):
            in_parts = [token_f1(text, gold, lang=lang, preset=preset) for gold in golds]
            in_parts.append(token_f1(text, golds, lang=lang, preset=preset))
            named_in_parts = [f1(text, [gold], lang=lang) for gold in golds]
    assert in_parts == whole
    assert named_in_parts == named


def test_token_f1_of_a_long_chinese_answer_holds_no_list_of_its_words():
    """A long Chinese answer (no ASCII space) under ``matcher=f1``: its
    words counted a piece at a time. What grows with the text is measured
    (peaks at two lengths), apart from jieba's work on one piece, which
    does not grow."""
    sentences = "曹雪芹是清代作家，著有《红楼梦》。长江全长6397公里，流经11个省级行政区。"
    short, long = sentences * 4_000, sentences * 16_000
    f1 = partial(token_f1, lang="zh", preset="squad")
    f1("曹雪芹是作家", "曹雪芹")  # jieba loaded
    slope = (traced_peak(f1, long, "曹雪芹") - traced_peak(f1, short, "曹雪芹")) / (
        2 * (len(long) - len(short))  # bytes of text (two a character)
    )
    # normalized whole and split into a list of its words: 5.0 a byte of
    # text; the normal form's parts (joined for jieba) now, 1.0
    assert slope < 2
    assert f1(long, "曹雪芹") == token_f1(long, ["曹雪芹"], lang="zh", preset="squad") > 0
