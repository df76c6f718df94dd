"""The fast reader of XOR-TyDi gold files in the release's line layout gives
exactly what decoding each line with json gives, or declines."""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answermatch.diagnostics import Diagnostics
from answermatch.sources import read_text
from answermatch.tasks.xor import data as xor_data
from answermatch.tasks.xor.layout import release_layout


def line(qid="q1", question="?", answers=("A",), lang="fi", split="dev", **dumps) -> str:
    record = {"id": qid, "question": question, "answers": list(answers), "lang": lang}
    record["split"] = split
    return json.dumps(record, **dumps)


def by_json(text: str):
    """What decoding each line with json gives, in the reader's shape."""
    records = [json.loads(row) for row in text.split("\n") if row]
    return (
        [r["id"] for r in records],
        [r["lang"] for r in records],
        [tuple(r["answers"]) for r in records],
    )


def write(tmp_path, text: str, name="gold.jsonl"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@settings(deadline=None, max_examples=200)
@given(
    rows=st.lists(
        st.tuples(
            st.text(),
            st.text(),
            st.lists(st.text(), max_size=4),
            st.text(max_size=3),
            st.booleans(),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_same_as_json_for_any_strings(rows):
    # Any text, including quotes, backslashes, control characters and lone
    # surrogates, written as json.dumps writes it (escaped or not).
    text = "".join(
        line(qid, question, answers, lang, ensure_ascii=ascii) + "\n"
        for qid, question, answers, lang, ascii in rows
    )
    assert release_layout(text) == by_json(text)


def test_same_as_json_with_escapes():
    text = "".join(line(f"q{k}", '¿\\"?' * k, ["x", f"\t{k}"], "ja") + "\n" for k in range(50))
    assert release_layout(text) == by_json(text)


def test_same_as_json_without_msgspec(monkeypatch):
    """The answers decoded by json where msgspec is missing or declines (a
    lone surrogate escape, which msgspec refuses)."""
    text = "".join(line(f"q{k}", "?", ["x", "\ud800", f"{k}"], "ja") + "\n" for k in range(5))
    assert release_layout(text) == by_json(text)
    from answermatch.sources import LEFT_TO_JSON
    from answermatch.tasks.xor import layout

    monkeypatch.setattr(layout, "fast_typed_json", lambda data, schema: LEFT_TO_JSON)
    text = "".join(line(f"q{k}", "?", ["x", f"é{k}"], "ja") + "\n" for k in range(5))
    assert release_layout(text) == by_json(text)


def test_a_last_line_without_newline():
    text = line("a") + "\n" + line("b")
    assert release_layout(text) == by_json(text)


@pytest.mark.parametrize(
    "odd",
    [
        json.dumps({"answers": ["A"], "id": "q", "lang": "fi", "question": "?", "split": "d"}),
        json.dumps({"id": "q", "question": "?", "answers": ["A"], "lang": "fi"}),
        line(separators=(",", ":")),
        line() + " ",
        line() + "\r",
        "",
        "   ",
        line(answers=[]).replace("[]", "[1]"),
        line(answers=[]).replace("[]", '"A"'),
        line().replace('"?"', "null"),
        line().replace('"?"', '"a\\x"'),  # not a JSON escape
        line().replace('"?"', '"a\x01"'),  # a raw control character
        line().replace('"?"', '"a\\u12"'),
        "\ufeff" + line(),
        line().replace('"fi"', '"fi", "lang": "ru"'),
    ],
    ids=[
        "key-order",
        "no-split",
        "compact",
        "trailing-space",
        "crlf",
        "blank",
        "spaces",
        "number-answer",
        "bare-string-answers",
        "null-question",
        "bad-escape",
        "control-char",
        "short-unicode-escape",
        "bom",
        "repeated-key",
    ],
)
def test_declines_any_file_with_one_other_line(odd):
    good = [line(f"q{k}") for k in range(40)]
    for position in (0, 20, 40):  # first half, second half, last line
        rows = [*good[:position], odd, *good[position:]]
        assert release_layout("\n".join(rows) + "\n") is None


def test_declines_an_empty_file():
    assert release_layout("") is None


def test_gold_reader_gives_the_same_questions_either_way(parity, monkeypatch):
    for name in ("xor_dev_full_v1_1.jsonl", "xor_dev_retrieve_eng_span_v1_1.jsonl"):
        path = parity("xor", name)
        assert release_layout(read_text(path)) is not None  # the release files have the layout
        fast = xor_data.read_xor_gold(path, Diagnostics())
        with monkeypatch.context() as patched:
            patched.setattr(xor_data, "release_layout", lambda _: None)
            slow = xor_data.read_xor_gold(path, Diagnostics())
        assert fast == slow
        assert [q.line for q in fast] == list(range(1, len(fast) + 1))


def test_an_odd_line_still_gets_its_error_message(tmp_path):
    rows = [line(f"q{k}") for k in range(30)]
    rows[25] = rows[25].replace('"?"', '"a\\x"')
    path = write(tmp_path, "\n".join(rows) + "\n")
    with pytest.raises(Exception, match=r"gold\.jsonl:26: not valid JSON"):
        xor_data.read_xor_gold(path, Diagnostics())


def test_a_repeated_key_still_warns(tmp_path):
    rows = [line(f"q{k}") for k in range(30)]
    rows[12] = rows[12].replace('"fi"', '"ru", "lang": "fi"')
    path = write(tmp_path, "\n".join(rows) + "\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        questions = xor_data.read_xor_gold(path, Diagnostics())
    assert questions[12].lang == "fi"
    assert any("gold.jsonl:13: duplicate key 'lang'" in str(w.message) for w in caught)


@pytest.mark.parametrize("task", ["xor-full", "xor-engspan"])
def test_a_gold_with_a_byte_order_mark_is_read_with_a_warning(tmp_path, task):
    # the official scripts read the gold with jsonlines.open, which decodes utf-8-sig
    # (jsonlines 4.0.0, jsonlines.py: open() and SKIPPABLE_SINGLE_INITIAL_CHARS)
    from answermatch import evaluate
    from answermatch.errors import AnswermatchWarning

    rows = [line(f"q{k}") for k in range(3)]
    plain = write(tmp_path, "\n".join(rows) + "\n")
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    preds = {"q0": "x", "q1": "y", "q2": "Helsinki"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = evaluate(task, str(plain), preds).scores
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", AnswermatchWarning)
        assert evaluate(task, str(marked), preds).scores == expected
    said = [str(w.message) for w in caught]
    assert any(m.startswith(f"{marked}:1: the gold starts with a UTF-8") for m in said), said
