"""The optional compiled JSON Lines reader (``string_columns`` of
``csrc/json_readers.c``) against :func:`answermatch.sources.jsonl_columns`:
on every file it takes, the same values in the same order, and only files
that the json path reads without a warning; everything else is left to
that path. Where it is not built this module skips, which CI (``CI`` set,
see conftest) counts as a failure."""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answermatch import sources
from answermatch.diagnostics import Diagnostics
from answermatch.errors import InputError
from answermatch.sources import jsonl_columns, jsonl_string_columns

compiled = pytest.importorskip(
    "_answermatch_json", reason="the compiled JSON readers are not built in this environment"
)

KEYS = (("id", False), ("lang", False), ("answers", True))


def _python(data: bytes):
    """What the json path gives for the same bytes, as columns (``None`` when
    the records are not all objects with a string id and lang and a list of
    string answers), and whether it warned or failed."""
    diag = Diagnostics()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            numbers, records = jsonl_columns(data.decode("utf-8"), "<test>", diag=diag)
    except (InputError, UnicodeDecodeError):
        return None, True
    ok = all(
        type(r) is dict
        and type(r.get("id")) is str
        and type(r.get("lang")) is str
        and type(r.get("answers")) is list
        and all(type(a) is str for a in r["answers"])
        for r in records
    )
    if not ok or not records:
        return None, bool(diag.messages)
    columns = tuple([r[key] for r in records] for key, _ in KEYS)
    plain = list(numbers) == list(range(1, len(records) + 1))
    return columns, bool(diag.messages) or not plain


def _check(data: bytes) -> bool:
    """Compare both readers on ``data``; whether the compiled one took it."""
    fast = jsonl_string_columns(data, KEYS)
    expected, unusual = _python(data)
    if fast is not None:
        assert not unusual  # no warning, no error, no blank line on the json path
        assert expected is not None
        assert fast == expected
        assert [list(map(type, column)) for column in fast] == [
            list(map(type, column)) for column in expected
        ]
    return fast is not None


def _line(record) -> str:
    return json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize(
    ("lines", "taken"),
    [
        ([{"id": "a", "question": "?", "answers": ["x", "y"], "lang": "fi", "split": "dev"}], True),
        (
            [
                {"lang": "ja", "answers": [], "id": "\u6771"},
                {"id": "b", "lang": "ko", "answers": ["z"]},
            ],
            True,
        ),
        ([{"id": "a", "lang": "fi", "answers": "x"}], False),  # a bare string: the tasks warn
        ([{"id": 1, "lang": "fi", "answers": []}], False),
        ([{"id": "a", "answers": []}], False),  # no lang
        ([{"id": "a", "lang": "fi", "answers": [1]}], False),
        ([["a"]], False),
    ],
)
def test_what_the_compiled_reader_takes(lines, taken):
    data = ("\n".join(map(_line, lines)) + "\n").encode()
    assert _check(data) is taken


@pytest.mark.parametrize(
    "data",
    [
        b'{"id": "a", "lang": "fi", "answers": []}\n\n{"id": "b", "lang": "fi", "answers": []}\n',
        b'{"id": "a", "id": "b", "lang": "fi", "answers": []}\n',  # repeated: json warns
        b'{"id": "a", "lang": "fi", "answers": [], "x": {"k": 1, "k": 2}}\n',
        b'{"\\u0069d": "a", "lang": "fi", "answers": []}\n',
        b'{"id": "a", "lang": "fi",\n "answers": []}\n',  # one object over two lines
        b'\xef\xbb\xbf{"id": "a", "lang": "fi", "answers": []}\n',
        b'{"id": "\xff", "lang": "fi", "answers": []}\n',
        b'{"id": "a", "lang": "fi", "answers": []} {}\n',
        b"",
        b'{"id": "a", "lang": "fi", "answers": [], "n": ' + b"1" * 4301 + b"}\n",
    ],
)
def test_files_left_to_json(data):
    assert jsonl_string_columns(data, KEYS) is None
    _check(data)


def test_whitespace_and_crlf_read_as_json_does():
    data = (
        b' {"id": "a", "lang": "fi", "answers": ["x"]} \r\n'
        b'\t{"id": "b", "lang": "fi", "answers": []}'
    )
    assert _check(data)


@pytest.mark.parametrize(
    "name", ["xor_dev_full_v1_1.jsonl", "xor_dev_retrieve_eng_span_v1_1.jsonl"]
)
def test_the_parity_golds_are_taken(parity, name):
    assert _check(parity("xor", name).read_bytes())


TEXT = st.text(st.characters(exclude_categories=()), max_size=6)
RECORD = st.fixed_dictionaries(
    {
        "id": TEXT,
        "lang": st.sampled_from(["fi", "ja", "ko"]),
        "answers": st.lists(TEXT, max_size=3),
    },
    optional={"question": TEXT, "split": st.just("dev"), "n": st.integers() | st.floats()},
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(RECORD, min_size=1, max_size=5), st.booleans(), st.data())
def test_generated_and_damaged_files(records, ascii_only, data):
    text = "\n".join(json.dumps(r, ensure_ascii=ascii_only) for r in records) + "\n"
    raw = bytearray(text.encode("utf-8", "surrogatepass"))
    if data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.sampled_from(b'"\\{}[],:\n \x00\xc3\xff'))
    _check(bytes(raw))


def test_without_the_compiled_reader_nothing_is_taken(monkeypatch):
    monkeypatch.setattr(sources, "_compiled_string_columns", None)
    assert jsonl_string_columns(b'{"id": "a", "lang": "fi", "answers": []}\n', KEYS) is None
