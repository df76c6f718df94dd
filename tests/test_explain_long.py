"""``explain`` of a very long answer writes its texts and tokens a piece at a
time (issue 25): the same bytes as the old whole-text rendering, text and
``--json``, without building several copies of the answer."""

from __future__ import annotations

import io
import json
import os
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch
from answermatch import explanation, outputs
from answermatch.commands.explain import write
from answermatch.errors import visible
from answermatch.explain import explain
from answermatch.explanation import Explanation, TextView
from answermatch.outputs import json_array_chunks, json_text
from answermatch.tasks.cmrc2018.explain import common_run
from conftest import traced_peak
from examples import EXAMPLE_FILES


def old_text(view_lines, e: Explanation) -> str:
    """``Explanation.to_text`` as it was: every line built, then joined."""
    lang = f" ({e.lang})" if e.lang else ""
    lines = [f"{e.task} {e.id}{lang}: {e.verdict}"]
    if e.prediction is not None:
        lines += view_lines("prediction", e.prediction)
    for number, variant in enumerate(e.variants, start=1):
        mark = "*" if variant.matched else " "
        figures = ", ".join(f"{k}={explanation._fmt(v)}" for k, v in variant.scores.items())
        lines += view_lines(f"{mark}gold {number}", variant.text)
        lines.append(f"      rule: {variant.rule}" + (f"; {figures}" if figures else ""))
        if variant.details:
            lines.append(f"      {explanation._details(variant.details)}")
    lines.append(f"  rule: {e.rule}")
    if e.details:
        lines.append(f"  {explanation._details(e.details)}")
    scores = ", ".join(f"{k}={explanation._fmt(v)}" for k, v in e.scores.items())
    lines.append("  scores: " + scores)
    return "\n".join(map(visible, lines))


def old_view_lines(label: str, view: TextView) -> list[str]:
    view = view.whole()  # a long text's normalized text and tokens as a string and a tuple
    lines = [f"  {label}: {view.raw!r}"]
    if view.segmented is not None:
        lines.append(f"      segmented: {view.segmented!r}")
    if view.normalized != view.raw and view.normalized:
        changed = f" (changed by {', '.join(view.changes)})" if view.changes else ""
        lines.append(f"      normalized: {view.normalized!r}{changed}")
    if view.tokens and list(view.tokens) != [view.raw]:
        lines.append(f"      tokens: {' | '.join(view.tokens)}")
    return lines


def old_output(found: list[Explanation], as_json: bool) -> str:
    """What ``explain`` printed before: the JSON text of the dicts, or the
    old texts joined by a blank line."""
    if as_json:
        return json_text([e.to_dict() for e in found], indent=1) + "\n"
    return "\n\n".join(old_text(old_view_lines, e) for e in found) + "\n"


# quotes of both kinds or one, backslashes, line breaks, control characters, DEL,
# bidirectional overrides, CJK and Hangul, astral characters, lone surrogates
WORDS = {
    "mixed": 'the "Kremlin" \\ it\'s\n\t\x01\x7f é 東京 長江 서울 \u202e 𝔸😀 \ud800 1914 a. ',
    "apostrophe": "it's the Kremlin's 東京 서울 1,914 l'été ",
    "quote": 'the "Kremlin" 曹雪芹 是 清代 作家 6397 公里 ',
    "zh": "曹雪芹是清代作家长江全长6397公里",
}
CASES = [
    ("squad", {}),
    ("mlqa", {"lang": "de"}),
    ("mlqa", {"lang": "zh"}),
    ("korquad", {}),
    ("cmrc2018", {}),
    ("xor-engspan", {}),
    ("xor-full", {}),
]


def long_predictions(task: str, words: str, chars: int) -> tuple[str, dict]:
    gold, pred = (str(path) for path in EXAMPLE_FILES[task])
    with open(pred, encoding="utf-8") as f:
        given_ = json.load(f)
    first = next(iter(given_))
    given_[first] = (words * (chars // len(words) + 1))[:chars]
    return gold, given_


@pytest.mark.parametrize(("task", "options"), CASES)
@pytest.mark.parametrize("kind", sorted(WORDS))
def test_a_long_answer_prints_the_old_bytes(monkeypatch, task, options, kind):
    """Answers longer than the pieces (cut anywhere: in a token, between a
    surrogate and its neighbour) print the old text and JSON to the byte."""
    monkeypatch.setattr(explanation, "PIECE", 7)
    monkeypatch.setattr(outputs, "LONG_CHARS", 11)
    gold, given_ = long_predictions(task, WORDS[kind], 3_000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
        try:
            found = explain(task, gold, given_, limit=3, **options)
        except answermatch.AnswermatchError:  # a text the task refuses (XOR-Full's surrogate)
            return
    assert len(found[0].prediction.raw) == 3_000
    for as_json in (True, False):
        out = io.StringIO()
        write(iter(found), out, as_json=as_json)
        assert out.getvalue() == old_output(found, as_json), (task, kind, as_json)


@pytest.mark.parametrize("task", ["squad", "xor-engspan"])
def test_a_long_answer_at_the_real_piece_sizes_prints_the_old_bytes(task):
    gold, given_ = long_predictions(task, WORDS["mixed"], 300_000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", answermatch.AnswermatchWarning)
        found = explain(task, gold, given_, limit=2)
    for as_json in (True, False):
        out = io.StringIO()
        write(iter(found), out, as_json=as_json)
        assert out.getvalue() == old_output(found, as_json)


CHARACTERS = "aZ \"'\\\n\t\x01\x7fé東京\u202e𝔸😀\ud800\udfff.,"
TEXT = st.text(alphabet=st.sampled_from(list(CHARACTERS)), max_size=30)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(TEXT, TEXT)
        | st.dictionaries(TEXT, inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(values=st.lists(JSON, max_size=4), size=st.integers(1, 5))
def test_long_strings_in_json_array_chunks_are_jsons_text(values, size):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(outputs, "LONG_CHARS", size)
        text = "".join(json_array_chunks(iter(values), indent=1))
    assert text == json.dumps(values, ensure_ascii=False, indent=1)


@settings(max_examples=150, deadline=None)
@given(raw=TEXT, normalized=TEXT, tokens=st.lists(TEXT, max_size=8), size=st.integers(1, 5))
def test_text_pieces_are_the_old_text(raw, normalized, tokens, size):
    view = TextView(raw, normalized, tuple(tokens), ("lower",), normalized or None)
    e = Explanation("t", "official", raw, "en", view, (), "r", {"score": 0.0}, "v")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(explanation, "PIECE", size)
        assert e.to_text() == old_text(old_view_lines, e)


@pytest.mark.parametrize("as_json", [True, False])
def test_writing_a_long_answers_explanation_makes_no_copy_of_it(as_json):
    """Writing one explanation of a 2,000,000-character answer takes a small
    part of the answer's size; the old rendering built its repr, its tokens
    joined, each line and the whole text (or the escaped JSON strings and
    their UTF-8) at once, several times the answer."""
    chars = 2_000_000
    gold, given_ = long_predictions("squad", WORDS["mixed"].replace("\ud800", ""), chars)
    [found] = explain("squad", gold, given_, limit=1)

    def run() -> None:
        with open(os.devnull, "w", encoding="utf-8") as null:
            write([found], null, as_json=as_json)

    peak = traced_peak(run)
    assert peak < chars, peak  # the old: 14 (JSON) and 44 (text) times chars


def old_common_run(a, b):
    """CMRC 2018's explanation's longest common run as it was (rows as long
    as the prediction)."""
    best, end = 0, 0
    previous = [0] * (len(b) + 1)
    for i, x in enumerate(a):
        current = [0] * (len(b) + 1)
        for j, y in enumerate(b):
            if x == y:
                current[j + 1] = previous[j] + 1
                if current[j + 1] > best:
                    best, end = current[j + 1], i + 1
        previous = current
    return end - best, best


TOKENS = st.lists(st.sampled_from("abc"), max_size=12)


@settings(max_examples=300, deadline=None)
@given(a=TOKENS, b=TOKENS)
def test_cmrc2018s_common_run_is_the_first_longest_as_before(a, b):
    assert common_run(a, b) == old_common_run(a, b)


def test_a_long_korean_answers_explanation_holds_a_string_per_distinct_character():
    """KorQuAD's units of a 300,000-character answer: a tuple whose equal
    characters are one string (about 12 bytes a character at the peak,
    scoring included), not a string object per character (65 before)."""
    chars = 300_000
    gold, given_ = long_predictions("korquad", "서울은대한민국의수도이다1914년 ", chars)
    found: list[Explanation] = []
    peak = traced_peak(lambda: found.extend(explain("korquad", gold, given_, limit=1)), quiet=True)
    units = found[0].prediction.tokens
    assert len(units) > 250_000 and len(set(map(id, units))) < 100
    assert peak < 30 * chars, peak / chars


@settings(max_examples=100, deadline=None)
@given(
    words=st.lists(st.sampled_from(["a", "bc", " ", "\n", "\u00a0", "\u3000", "é"]), max_size=40)
)
def test_collapse_whitespace_of_a_long_text_is_splits_join(words):
    from answermatch.normalization import steps

    text = "".join(words)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps, "PIECE_CHARS", 3)
        assert steps.collapse_whitespace(text) == " ".join(text.split())


def test_explain_xor_engspan_of_a_long_answer_holds_no_string_a_word():
    """XOR-EnglishSpan's normalization of a 1,000,000-character answer: its
    words collapsed a piece at a time (a list of a string a word before:
    about 13 bytes a character at the peak, 4 now)."""
    from answermatch.normalization.steps import collapse_whitespace

    text = (WORDS["apostrophe"].replace("東京 서울 ", "") * 40_000)[:1_000_000]
    peak = traced_peak(collapse_whitespace, text)
    assert peak < 4 * len(text), peak / len(text)
