"""MKQA's gold reader with a long answer (issue 25): a long line read as
its bytes extended in place (not its pieces and their join, and a copy
split off the block), and a long language's answers decoded from those
bytes with their long strings on their own (not the language's text and
the answers decoded from it). The values, errors and findings are those
of the whole reading."""

from __future__ import annotations

import json
import sys
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.conftest import traced_peak

from answermatch import sources
from answermatch.errors import InputError
from answermatch.goldcheck import check_gold
from answermatch.tasks.mkqa import data
from answermatch.tasks.mkqa.rules import LANGUAGES


def _row(answers: dict[str, list]) -> dict:
    default = [{"type": "entity", "text": "Helsinki", "aliases": ["Helsingfors"]}]
    return {
        "example_id": 101,
        "query": "?",
        "answers": {k: answers.get(k, default) for k in LANGUAGES},
    }


TEXT = st.lists(
    st.sampled_from(
        ["a", " ", '"', "\\", "\\\\", "é", "東", "\U0001f600", "\n", "\t", "\x00", "/"]
    ),
    max_size=30,
).map("".join)
ANSWER = st.fixed_dictionaries(
    {"type": st.just("entity"), "text": st.one_of(st.none(), TEXT), "aliases": st.lists(TEXT)}
)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    answers=st.lists(ANSWER, min_size=1, max_size=3),
    ascii=st.booleans(),
    piece=st.integers(1, 9),
    long=st.integers(1, 12),
)
def test_a_long_languages_answers_are_those_of_the_whole_line(answers, ascii, piece, long):
    """With every language decoded as a long one, in pieces of a few bytes,
    and every string of a few characters decoded on its own."""
    line = json.dumps(_row({"en": answers, "ja": answers[::-1]}), ensure_ascii=ascii)
    with (
        mock.patch.object(data, "LONG_BYTES", 1),
        mock.patch.object(data, "_PIECE", piece),
        mock.patch.object(sources, "LONG_STRING_CHARS", long),
    ):
        _, lazy = data._scan(bytearray(line.encode()), "gold.jsonl", 1)
        found = {lang: lazy[lang] for lang in LANGUAGES}
    assert found == json.loads(line)["answers"]


def test_a_long_languages_errors_are_those_of_the_whole_line():
    line = json.dumps(_row({"en": [{"type": "entity", "text": "a\\b" * 40, "aliases": []}]}))
    bad = line.replace("a\\\\b", "a\\qb", 1).encode()  # an escape json refuses
    with mock.patch.object(data, "LONG_BYTES", 1), mock.patch.object(data, "_PIECE", 3):
        _, lazy = data._scan(bad, "gold.jsonl", 7)
        try:
            lazy["en"]
        except InputError as exc:
            error = (exc.message, exc.line)
    assert error == ("not valid JSON in the en answers (Invalid \\escape)", 7)


def test_check_gold_holds_a_long_answer_as_its_bytes_and_its_string(tmp_path):
    """A gold line with a 6 MB answer: its bytes (kept to decode each
    language when asked) and the answer's string; was the line's pieces and
    their join, the line split off its block, then the language's bytes,
    their text and the answer decoded from it (3 to 4 times the line)."""
    text = "Helsinki is the capital and most populous city of Finland. " * 100_000
    path = tmp_path / "gold.jsonl"
    blank = " " * 5_000_000  # a long blank line: skipped, as the script's json would fail on it
    rows = [
        _row({"en": [{"type": "entity", "text": text, "aliases": ["Helsinki", "Helsinki"]}]}),
        {**_row({}), "example_id": 102},
    ]
    path.write_text(
        json.dumps(rows[0]) + "\n" + blank + "\n" + json.dumps(rows[1]), encoding="utf-8"
    )
    check_gold("mkqa", tmp_path / "gold.jsonl")  # warmed up
    found = []
    peak = traced_peak(lambda: found.extend(check_gold("mkqa", path)))
    assert [(f.line, f.code) for f in found] == [(1, "duplicate-alias")]
    assert peak < 2.4 * len(text), (peak, len(text))
    gold = data.read_gold(path, data.Diagnostics())
    assert [r.line for r in gold.records] == [1, 3]
    assert gold.records[0].texts("en") == (text, "Helsinki", "Helsinki")


def test_a_run_without_spaces_in_an_english_answer_is_normalized_in_parts(monkeypatch):
    """``check-gold`` reads the normal form of a long answer of a language
    of words cut between two ideographs (or kana, Thai, Khmer letters)
    too, inside a word: a run of Chinese without spaces in an English
    answer was normalized whole (3.1 times the gold); its parts, joined
    there without a space, are the whole normal form."""
    from answermatch.checks import Entry, GoldFile
    from answermatch.normalization import steps
    from answermatch.tasks import get_task

    monkeypatch.setattr(steps, "PIECE_CHARS", 1024)
    text = ("北京是中国的首都the上海ΑΣ在东方。" * 20_000)[:400_000]
    rules = get_task("mkqa").gold_checks
    parts = list(rules.normal_form(text, "en"))
    assert len(parts) > 100 and "".join(parts) == rules.normalize(text, "en")
    entry = Entry("q1", 1, (text, "..." * 30_000), "en")
    rules.run(GoldFile("g", [entry]))  # warmed up (what a long text first needs)
    found = []
    peak = traced_peak(lambda: found.extend(rules.run(GoldFile("g", [entry]))))
    assert [f.code for f in found] == ["normalizes-empty", "unicode-punct"], found
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))
