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


def _tokens_split_and_copied(tokenizer: IcuTokenizer, text: str) -> list[str]:
    """The tokens as the docs describe them, each piece copied: chunks
    split at whitespace and U+200B, each run of the four scripts' letters
    and marks to ICU whole, the rest to the word rules."""
    from icu4py.breakers import WordBreaker

    from answermatch.tokenizers.icu import _RUNS
    from answermatch.tokenizers.words import WordTokenizer

    words = WordTokenizer(tokenizer.lang).splitter()
    tokens: list[str] = []
    for chunk in text.replace("\u200b", " ").split():
        at = 0
        for run in _RUNS(chunk):
            tokens += words(chunk[at : run.start()]) if run.start() > at else []
            letters = run.group()
            tokens += [letters[s:e] for s, e in WordBreaker(letters, tokenizer._locale).segments()]
            at = run.end()
        tokens += words(chunk[at:]) if at < len(chunk) else []
    return tokens


@pytest.mark.parametrize("lang", ["th", "km", "lo", "my"])
def test_the_tokens_read_in_place_are_the_tokens(lang: str) -> None:
    """tokens_of (chunks and runs found by their offsets, not copied) gives
    the tokens of the chunks and runs split and copied."""
    import random

    tokenizer = IcuTokenizer(lang)
    rng = random.Random(lang)
    for _ in range(300):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(12)))
        expected = _tokens_split_and_copied(tokenizer, text)
        assert list(tokenizer.tokens_of(text)) == expected, text
        assert tokenizer.tokenize(text) == expected, text


def test_a_long_run_is_never_given_to_icu_whole() -> None:
    """A run longer than a window goes to ICU a window at a time: the
    text's UTF-8 is never made (ICU takes UTF-8, which CPython keeps on the
    string), and the memory traced while its words are read does not grow
    with the run."""
    from answermatch.tokenizers import icu
    from conftest import traced_peak

    tokenizer = IcuTokenizer("th")
    sentence = "เมืองหลวงของประเทศไทยคือกรุงเทพมหานคร"
    peaks = []
    for copies in (20_000, 80_000):  # 740,000 and 2,960,000 characters
        text = sentence * copies
        assert len(text) > 2 * icu.RUN_WINDOW
        size = sys.getsizeof(text)
        words = traced_peak(lambda text=text: sum(1 for _ in tokenizer.tokens_of(text)))
        assert sys.getsizeof(text) == size  # no UTF-8 kept on it
        peaks.append(words)
        assert sum(1 for _ in tokenizer.tokens_of(text)) == 6 * copies
    # the whole run's UTF-8 alone would be 3 bytes a character
    assert peaks[1] - peaks[0] < 60_000 * len(sentence) // 10, peaks
    assert peaks[1] < 16 * icu.RUN_WINDOW < 3 * len(sentence) * 80_000, peaks


_RUN_WORDS = {
    "th": "เมืองหลวงของประเทศไทยคือกรุงเทพมหานครการศึกษาเป็นสิ่งสำคัญมากสำหรับทุกคนในสังคม"
    "นักเรียนไปโรงเรียนทุกวันฉันกินข้าวที่บ้านแม่น้ำเจ้าพระยาไหลผ่านกรุงเทพฯ",
    "lo": "ນະຄອນຫຼວງວຽງຈັນແມ່ນເມືອງຫຼວງຂອງປະເທດລາວການສຶກສາແມ່ນສິ່ງສຳຄັນຂ້ອຍຮັກລາວ",
    "km": "ភ្នំពេញជារាជធានីនៃប្រទេសកម្ពុជាការអប់រំគឺសំខាន់ណាស់ខ្ញុំស្រឡាញ់ប្រទេសកម្ពុជា",
    "my": "မြန်မာနိုင်ငံမြို့တော်သည်နေပြည်တော်ဖြစ်သည်ပညာရေးသည်အရေးကြီးသည်သူဈေးသွားတယ်",
}


def _script_letters() -> dict[str, list[str]]:
    """Every letter and mark of each of the four scripts (what a run holds)."""
    import unicodedata

    from answermatch.tokenizers.icu import _RUNS

    blocks = {"th": (0xE00, 0xE80), "lo": (0xE80, 0xF00), "km": (0x1780, 0x1800)}
    blocks["my"] = (0x1000, 0x10A0)
    letters = {}
    for lang, (low, high) in blocks.items():
        chars = [chr(c) for c in range(low, high) if unicodedata.category(chr(c))[0] in "LM"]
        assert all(_RUNS(char) for char in chars)
        letters[lang] = chars
    letters["my"] += [
        chr(c) for c in range(0xA9E0, 0xAA80) if unicodedata.category(chr(c))[0] in "LM"
    ]
    return letters


def _long_run(rng, langs: list[str], letters: dict[str, list[str]]) -> str:
    """A run of letters of ``langs``: pieces of sentences, random letters
    and marks, one letter repeated, scripts alternating every few letters."""
    parts = []
    for _ in range(rng.randrange(200, 1200)):
        lang, kind = rng.choice(langs), rng.random()
        if kind < 0.55:
            words = _RUN_WORDS[lang]
            at = rng.randrange(len(words))
            parts.append(words[at : at + rng.randrange(1, 40)])
        elif kind < 0.85:
            parts.append("".join(rng.choices(letters[lang], k=rng.randrange(1, 16))))
        elif kind < 0.95:
            parts.append(rng.choice(letters[lang]) * rng.randrange(1, 80))
        else:  # no place where a window may start
            parts.append("".join(rng.choice(letters[rng.choice(langs)]) for _ in range(60)))
    return "".join(parts)


@pytest.mark.parametrize("langs", [["th"], ["lo"], ["km"], ["my"], ["th", "lo", "km", "my"]])
def test_a_long_run_has_the_words_of_the_whole_run(
    langs: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run read in windows, each word taken from a window only where it
    ends far enough from the window's end and the next window starts at a
    letter with one script around it, has the words ICU finds in the whole
    run: windows barely longer than the margin, so that a run of 5,000 to
    40,000 characters is read in many, against the same run read whole."""
    import random

    from answermatch.tokenizers import icu

    letters = _script_letters()
    rng = random.Random("-".join(langs))
    for _ in range(12):
        text = _long_run(rng, langs, letters)
        tokenizer = IcuTokenizer(rng.choice(langs))
        monkeypatch.setattr(icu, "RUN_WINDOW", len(text) + 1)
        whole = list(tokenizer.tokens_of(text))
        assert "".join(whole) == text
        monkeypatch.setattr(icu, "RUN_WINDOW", icu.RUN_MARGIN + rng.randrange(1, 400))
        assert list(tokenizer.tokens_of(text)) == whole
        assert list(tokenizer.tokens_of(f"a {text}\u200b1")) == ["a", *whole, "1"]


def test_a_window_with_no_place_to_start_grows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripts alternating every four letters, or one mark repeated, leave
    no place where a window may start: the window is made longer until one
    is found or it holds the rest of the run."""
    from answermatch.tokenizers import icu

    monkeypatch.setattr(icu, "RUN_WINDOW", icu.RUN_MARGIN + 100)
    tokenizer = IcuTokenizer("th")
    for text in (
        "กินข้าวກິນເຂົ້າ" * 1500,  # Thai and Lao every four letters
        "กิน" + "\u0e31" * 10_000 + "ข้าว" * 3000,
        "ข้าว" * 3000 + "ပ" * 5000,
    ):
        monkeypatch.setattr(icu, "RUN_WINDOW", len(text) + 1)
        whole = list(tokenizer.tokens_of(text))
        monkeypatch.setattr(icu, "RUN_WINDOW", icu.RUN_MARGIN + 100)
        assert list(tokenizer.tokens_of(text)) == whole
