"""Thai, Khmer, Lao and Burmese words (ICU through icu4py, the ``th`` extra)."""

from __future__ import annotations

import sys

import pytest

from answermatch.errors import MissingExtraError
from answermatch.matchers import exact_match, token_f1
from answermatch.tokenizers import get_tokenizer, tokenize
from answermatch.tokenizers.base import version_of
from answermatch.tokenizers.icu import IcuTokenizer

icu4py = pytest.importorskip("icu4py")

CASES = [
    ("th", "ฉันกินข้าวกับครอบครัว", ["ฉัน", "กิน", "ข้าว", "กับ", "ครอบครัว"]),
    ("th", "ประชากรประมาณ70ล้านคน", ["ประชากร", "ประมาณ", "70", "ล้าน", "คน"]),
    ("th", "กรุงเทพฯ, iPhone 15!", ["กรุงเทพฯ", ",", "iPhone", "15", "!"]),
    ("km", "ភ្នំពេញជារាជធានីនៃប្រទេសកម្ពុជា", ["ភ្នំពេញ", "ជា", "រាជធានី", "នៃ", "ប្រទេស", "កម្ពុជា"]),
    ("km", "ខ្ញុំ\u200bស្រឡាញ់\u200bប្រទេស​កម្ពុជា។", ["ខ្ញុំ", "ស្រឡាញ់", "ប្រទេស", "កម្ពុជា", "។"]),
    ("lo", "ວຽງຈັນແມ່ນນະຄອນຫຼວງຂອງລາວ", ["ວຽງຈັນ", "ແມ່ນ", "ນະຄອນຫຼວງ", "ຂອງ", "ລາວ"]),
    ("my", "သူဈေးသွားတယ် ၂၀၂၀", ["သူ", "ဈေးသွား", "တယ်", "၂၀၂၀"]),
]


@pytest.mark.parametrize(("lang", "text", "expected"), CASES)
def test_words(lang: str, text: str, expected: list[str]) -> None:
    assert tokenize(text, lang) == expected


@pytest.mark.parametrize("lang", ["th", "km", "lo", "my", "tha", "th-TH", "mya"])
def test_registry(lang: str) -> None:
    tok = get_tokenizer(lang)
    assert isinstance(tok, IcuTokenizer)
    from icu4py import _version

    expected = f"icu(icu4py={version_of('icu4py')},icu={_version.icu_version})"
    assert tok.signature() == expected
    assert expected.startswith("icu(icu4py=1.")


def test_nothing_is_lost_but_whitespace() -> None:
    text = "แม่น้ำเจ้าพระยา ไหลผ่าน\u200bกรุงเทพ (๒๕๖๗) ຂ້ອຍຮັກລາວ"
    tokens = tokenize(text, "th")
    assert "".join(tokens) == "".join(text.replace("\u200b", " ").split())
    assert tokens[-3:] == ["ຂ້ອຍ", "ຮັກ", "ລາວ"]  # Lao inside Thai text: segmented as Lao


def test_token_f1_counts_thai_words() -> None:
    # whitespace splitting made this all or nothing (one token each)
    assert token_f1("แม่น้ำเจ้าพระยา", "เจ้าพระยา", lang="th") == pytest.approx(2 / 3)
    assert exact_match("เจ้าพระยา", "เจ้าพระยา", lang="th") == 1.0


def test_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "icu4py.breakers", None)
    with pytest.raises(MissingExtraError, match=r'pip install "answermatch\[km\]"'):
        IcuTokenizer("km")


_PIECES = [
    "กิน", "ข้าว", "ที่", "กรุงเทพ", "ฯ", "ๆ", "\u0e31", "ภ្នំ", "ពេញ", "ວຽງ", "ຈັນ", "ဈေး", "၂၀",
    "70", "iPhone", "a.b", ",", "!", " ", "  ", "\t", "\n", "\u200b", "\u3000", "\x1c", "\x85",
    "\xa0", "\u2028", "東京", "😀",
]  # fmt: skip


@pytest.mark.parametrize("lang", ["th", "km", "lo", "my"])
def test_the_tokens_read_in_place_are_the_tokens(lang: str) -> None:
    """tokens_in (chunks and runs found by offsets) gives tokens_of's tokens."""
    import random

    tokenizer = IcuTokenizer(lang)
    rng = random.Random(lang)
    for _ in range(300):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(12)))
        assert list(tokenizer.tokens_in(text)) == list(tokenizer.tokens_of(text)), text


def test_a_long_run_is_read_in_place() -> None:
    """tokens_of copies a long run three times (separators translated,
    split, the run's letters); tokens_in gives it to ICU as it is."""
    from conftest import traced_peak

    tokenizer = IcuTokenizer("th")
    text = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร" * 10_000
    assert list(tokenizer.tokens_in(text)) == list(tokenizer.tokens_of(text))
    peak = traced_peak(lambda: sum(1 for _ in tokenizer.tokens_in(text)))
    assert peak < sys.getsizeof(text) // 4, (peak, sys.getsizeof(text))
