"""Reading numbers from a place of a text (``numeric._numbers_at``) gives
what reading the rest of the text as a copy gives, and copies nothing: the
lenient judge's number rule reads every number of a long answer this way."""

from __future__ import annotations

import tracemalloc

from hypothesis import example, given, settings
from hypothesis import strategies as st

from answermatch.matchers import numeric
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


# -- ideographic chains: read to at most _CJK_MAX_PARTS parts -------------------------

_CHAIN_PIECES = [
    *"0123456789", "12", "2000", "1,000", "3.5", " ", *"〇零一二三四五六七八九两兩壹贰",
    *"十百千万萬亿億兆拾佰仟", "만", "억", "조", "천", "백", "십", "원", "約", "年",
]  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(_CHAIN_PIECES), max_size=40)
    .map("".join)
    .filter(lambda t: len(t) <= 64),
    st.sampled_from(["zh", "ja", "ko", None]),
)
@example("九千九百九十九兆九千九百九十九億九千九百九十九万九千九百九十九", "ja")
@example("1兆2345億6789万1234", "zh")
@example("1억 2000만 3천", "ko")
def test_chains_of_real_length_read_as_without_the_bound(text: str, lang: str | None) -> None:
    """A text of at most 64 characters has at most 64 parts from any start,
    so the bound changes no reading of it: the same values as a reader
    without the bound, from every start."""
    starts = range(len(text))
    bounded = list(_numbers_at(text, starts, lang))
    saved = numeric._CJK_MAX_PARTS
    numeric._CJK_MAX_PARTS = 10**9
    try:
        unbounded = list(_numbers_at(text, starts, lang))
    finally:
        numeric._CJK_MAX_PARTS = saved
    assert bounded == unbounded


def test_a_long_chain_is_read_to_its_first_64_parts() -> None:
    # 1万 then 2 1万 ...: parts 万, 21, 万, 21, ... (the digit runs join over 万's ends)
    assert extract_number("1万2" * 100, lang="ja") == str(10**4 + 31 * 21 * 10**4 + 21)
    assert extract_number("一万" * 100, lang="zh") == str(32 * 10**4)


def test_a_long_chain_is_not_read_to_its_end_from_every_digit_run(monkeypatch) -> None:
    """The number rule on ``1万2`` repeated reads each of its digit runs a
    bounded number of times (it read them all from every start before:
    time growing with the square of the answer)."""
    calls = 0
    digits_number = numeric._digits_number

    def counted(*args, **kwargs):
        nonlocal calls
        calls += 1
        return digits_number(*args, **kwargs)

    monkeypatch.setattr(numeric, "_digits_number", counted)
    text = "1万2" * 1000
    starts = len(list(_number_starts(text)))
    assert {2, 210002, 420002} <= {int(value) for value in _numbers(text, "ja")}
    assert calls <= starts * (numeric._CJK_MAX_PARTS // 2 + 2)
