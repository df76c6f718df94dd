"""A long answer of the SQuAD family (issue 25) is read with its bytes held
once beside its text, and scored from its tokens' counts (or its units',
KorQuAD's characters) rather than a tuple of 8 bytes a token: the figures
are those of the tuples (``tests/test_fair_long_answers.py`` compares them
on every rule), and the peaks stay near twice the answer's size."""

from __future__ import annotations

import json
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import answermatch.sources as sources
from answermatch.diagnostics import Diagnostics
from answermatch.matchers.answers import JoinedKey, _same_text
from answermatch.normalization import steps
from answermatch.tasks import get_task, korquad
from conftest import traced_peak

WORDS = ["Tower", "the", "of", "1889", "Paris", "iron", "finished", "a", "in", "built,"]
KOREAN = ["서울은", "대한민국의", "수도이다.", "1,000명", "《토지》", "1969년", "KBS", "(서울)"]


def _files(tmp_path, text: str, version: str = "1.1"):
    question = {"id": "q1", "question": "?", "answers": [{"text": "1889", "answer_start": 0}]}
    data = [{"title": "t", "paragraphs": [{"context": "1889", "qas": [question]}]}]
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps({"version": version, "data": data}), encoding="utf-8")
    pred = tmp_path / "pred.json"
    pred.write_text(json.dumps({"q1": text}, ensure_ascii=False), encoding="utf-8")
    return gold, pred


def test_a_long_answer_is_read_with_its_bytes_once(tmp_path, monkeypatch):
    """A 1,500,000-byte answer, in parts of 64 KiB: the last part's pieces
    and their joined bytes were held while it was decoded (three times its
    size)."""
    monkeypatch.setattr(sources, "PART_BYTES", 1 << 16)
    rng = random.Random(3)
    gold, pred = _files(tmp_path, " ".join(rng.choice(WORDS) for _ in range(300_000)))
    task = get_task("squad")
    read_gold = task.read_gold(str(gold), Diagnostics())
    size = pred.stat().st_size
    assert size > 1_400_000
    peak = traced_peak(task.read_predictions, str(pred), read_gold, Diagnostics(part=True))
    assert peak < 2.2 * size, (peak, size)


@pytest.mark.parametrize("rules", [korquad.OFFICIAL, korquad.FAIR], ids=["official", "fair"])
def test_a_long_korquad_answer_is_analysed_within_half_its_size(rules, monkeypatch):
    """500,000 characters of Korean words in pieces of 4,096: the official
    rules held the tokens, the key and a string of the characters (9.5
    times the text's size), the fair ones a tuple of the characters (23
    times); now the characters' counts and the key's length, one piece's
    work at a time."""
    monkeypatch.setattr(steps, "PIECE_CHARS", 4096)
    rng = random.Random(5)
    text = " ".join(rng.choice(KOREAN) for _ in range(100_000))
    analyse = rules.analyzer("ko")
    analyse("warm up 1")
    peak = traced_peak(analyse, text)
    assert peak < sys.getsizeof(text) // 2, (peak, sys.getsizeof(text))


def _cut(text: str, cuts: list[int]) -> list[str]:
    marks = sorted({min(c, len(text)) for c in cuts})
    return [text[a:b] for a, b in zip([0, *marks], [*marks, len(text)], strict=True)]


@settings(max_examples=300, deadline=None)
@given(
    first=st.lists(st.sampled_from(["ab", "a", "b", "서울", "1"]), max_size=6),
    second=st.lists(st.sampled_from(["ab", "a", "b", "서울", "1"]), max_size=6),
    cuts=st.lists(st.integers(0, 20), max_size=5),
)
def test_a_joined_key_equals_what_its_string_equals(first, second, cuts):
    """A long KorQuAD text's key compares as the joined string would, with
    a string or with another such key whose parts are cut elsewhere."""
    one, other = " ".join(first), " ".join(second)
    key = JoinedKey(len(one), lambda: iter(first))
    assert (key == other) is (one == other) and (other == key) is (one == other)
    assert (key == JoinedKey(len(other), lambda: iter(second))) is (one == other)
    # two texts in parts cut anywhere (spaces included)
    assert _same_text(iter(_cut(one, cuts[:2])), iter(_cut(other, cuts))) is (one == other)
    assert str(key) == one
