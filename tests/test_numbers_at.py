"""Reading numbers from a place of a text (``numeric._numbers_at``) gives
what reading the rest of the text as a copy gives, and copies nothing: the
lenient judge's number rule reads every number of a long answer this way."""

from __future__ import annotations

import tracemalloc

from hypothesis import example, given, settings
from hypothesis import strategies as st

from answermatch.matchers.lenient import _number_starts, _numbers, judge
from answermatch.matchers.numeric import _ascii_from, _numbers_at, extract_number

# pieces of numbers and of what stands around them, in several scripts
_PIECES = [
    *"0123456789", "١٩", "٢٠٢٣", "۱۲", "১৯৭১", "३५", "๓", "០៥", "໒໐", "２０",
    ".", ",", " ", "\u00a0", "\u202f", "'", "’", "٬", "٫", "，", "．", "%", "٪",
    "-", "+", "−", "－", "_", "a", "é", "x", "No", "COVID",
    "000", "500", "1,000", "1.000", "12,34,567", "3,5", "0.5", ".5",
    " Mio.", " Millionen", " million", "M", "K", " mln", " tysięcy", " миллионов",
    " करोड़", " triệu", "elfu ", "万", "億", "百", "千", "十", "一", "二", "〇", "兩", "壹",
    "約", "第", "統", "年", "만", "억", "천", "원", "조각", "사",
    "ห", "สองพัน", " zwei", "tausend", " nine", "fifteen", "pięć", "hai mươi",
]  # fmt: skip
_LANGS = [None, "en", "de", "fr", "pl", "ru", "ar", "hi", "vi", "sw", "ja", "zh", "ko", "th",
          "km", "lo"]  # fmt: skip

_texts = st.lists(st.sampled_from(_PIECES), max_size=24).map("".join)


@settings(max_examples=600, deadline=None)
@given(_texts, st.sampled_from(_LANGS))
@example("x 1.000 y 2.500,5 ", "de")
@example("é 3,5 Mio. und 12", "de")
@example("Mio. 3", "de")
@example("a-5 -5 .5 x.5", None)
@example("3천만 1억 2000만 3조각", "ko")
@example("約3.5万 統一二", "ja")
@example("០,៥ ១.០០០", "km")
def test_every_start_reads_the_rest(text: str, lang: str | None) -> None:
    starts = range(len(text) + 1)
    assert list(_numbers_at(text, starts, lang)) == [
        extract_number(text[start:], lang=lang) for start in starts
    ]


def _numbers_by_copies(text: str, lang: str | None) -> set[str]:
    """The number rule's values as they were read before: a copy of the rest
    of the text at each digit run."""
    values = set()
    for start in _number_starts(text):
        value = extract_number(text[start:], lang=lang)
        if value is not None:
            values.add(value)
    return values


@settings(max_examples=400, deadline=None)
@given(st.lists(_texts, max_size=6).map(" ".join), st.sampled_from(_LANGS))
def test_number_rule_values_as_by_copies(text: str, lang: str | None) -> None:
    assert _numbers(text, lang or "en") == _numbers_by_copies(text, lang or "en")


@given(st.text(alphabet="ab日\u00e9", max_size=40), st.integers(0, 9000))
def test_ascii_from_is_past_the_last_character_not_ascii(head: str, tail: int) -> None:
    text = head + "x" * tail
    expected = max((i + 1 for i, c in enumerate(text) if not c.isascii()), default=0)
    assert _ascii_from(text) == expected
    assert text[expected:].isascii()


def _peak_while(function, *args) -> int:
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        function(*args)
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def test_numbers_of_a_long_answer_copy_nothing() -> None:
    """A copy of the rest of the answer at each digit run made the time grow
    with the square of the length; the reading now allocates a small
    constant, whatever the length (the copying path needs the text's size)."""
    for unit in ("It was 1914, and 1915. ", "Năm 1914 và 1.915 người; ३५ हज़ार, ٢٠١٥. "):
        text = (unit * (400_000 // len(unit)))[:400_000]
        assert _peak_while(_numbers_by_copies, text, "en") >= len(text)  # the test sees copies
        assert _peak_while(_numbers, text, "en") < 64_000
        assert _numbers(text, "vi") == _numbers_by_copies(text, "vi")


def test_judge_reads_the_numbers_of_a_long_answer() -> None:
    text = "It was 1914, and 1915. " * 20_000 + "In 2,000 cases."
    assert judge(text, "2000", lang="en").rule == "number"
    assert judge(text, "2001", lang="en").score == 0.0
